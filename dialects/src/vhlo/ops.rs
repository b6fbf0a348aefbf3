//! The VHLO op table: every op of StableHLO's `VhloOps.td` in all its versions, as data.
//!
//! One row per versioned op: its name (`exponential_v2`), the StableHLO (or func) op it
//! versions, the StableHLO version it appeared in, and its attributes. VHLO ops have no
//! optional attributes (the legalization materializes defaults), no traits but `return_v1`'s
//! terminator, and no verifiers: an op's properties are exactly its attributes, written to
//! bytecode in name order (what ODS generates for `VHLO_AnyAttr` arguments), so this table
//! is also the ops' bytecode property layout.
//!
//! A row is valid for target versions in `[min, until)` where `until` is the `min` of the
//! next version of the same op (`None`: still current). Rows were transcribed from
//! `VhloOps.td` (0.9.0–1.13) and checked against what jaxlib 0.10.2 (StableHLO 1.17.0)
//! writes (`tools/tests/portable_jax.rs` and `scripts/vhlo_oracle.py`).

use super::Version;

/// One versioned VHLO op.
#[derive(Clone, Copy, Debug)]
pub struct VOp {
    /// Name without the `vhlo.` prefix (`exponential_v2`).
    pub name: &'static str,
    /// The op it versions (`stablehlo.exponential`, `func.func`, ...).
    pub base: &'static str,
    /// First version with this op.
    pub min: Version,
    /// First version with its successor (`None`: current).
    pub until: Option<Version>,
    /// Attributes, in `VhloOps.td` order.
    pub attrs: &'static [&'static str],
}

const fn v(a: u32, b: u32, c: u32) -> Version {
    Version(a, b, c)
}
const V09: Version = v(0, 9, 0);

const fn op(name: &'static str, base: &'static str, attrs: &'static [&'static str]) -> VOp {
    VOp { name, base, min: V09, until: None, attrs }
}
const fn opv(
    name: &'static str,
    base: &'static str,
    min: Version,
    until: Option<Version>,
    attrs: &'static [&'static str],
) -> VOp {
    VOp { name, base, min, until, attrs }
}

const CONV: &[&str] = &[
    "window_strides",
    "padding",
    "lhs_dilation",
    "rhs_dilation",
    "window_reversal",
    "input_batch_dimension",
    "input_feature_dimension",
    "input_spatial_dimensions",
    "kernel_input_feature_dimension",
    "kernel_output_feature_dimension",
    "kernel_spatial_dimensions",
    "output_batch_dimension",
    "output_feature_dimension",
    "output_spatial_dimensions",
    "feature_group_count",
    "batch_group_count",
    "precision_config",
];
const DYN_CONV_V2: &[&str] = &[
    "window_strides",
    "lhs_dilation",
    "rhs_dilation",
    "window_reversal",
    "input_batch_dimension",
    "input_feature_dimension",
    "input_spatial_dimensions",
    "kernel_input_feature_dimension",
    "kernel_output_feature_dimension",
    "kernel_spatial_dimensions",
    "output_batch_dimension",
    "output_feature_dimension",
    "output_spatial_dimensions",
    "feature_group_count",
    "batch_group_count",
    "precision_config",
];
const ACC: &[&str] = &["result_accuracy"];
const GATHER_V1: &[&str] = &[
    "offset_dims",
    "collapsed_slice_dims",
    "start_index_map",
    "index_vector_dim",
    "slice_sizes",
    "indices_are_sorted",
];
const GATHER_V2: &[&str] = &[
    "offset_dims",
    "collapsed_slice_dims",
    "operand_batching_dims",
    "start_indices_batching_dims",
    "start_index_map",
    "index_vector_dim",
    "slice_sizes",
    "indices_are_sorted",
];
const DGATHER_V1: &[&str] =
    &["offset_dims", "collapsed_slice_dims", "start_index_map", "index_vector_dim", "indices_are_sorted"];
const DGATHER_V2: &[&str] = &[
    "offset_dims",
    "collapsed_slice_dims",
    "operand_batching_dims",
    "start_indices_batching_dims",
    "start_index_map",
    "index_vector_dim",
    "indices_are_sorted",
];
const SCATTER_V1: &[&str] = &[
    "update_window_dims",
    "inserted_window_dims",
    "scatter_dims_to_operand_dims",
    "index_vector_dim",
    "indices_are_sorted",
    "unique_indices",
];
const SCATTER_V2: &[&str] = &[
    "update_window_dims",
    "inserted_window_dims",
    "input_batching_dims",
    "scatter_indices_batching_dims",
    "scatter_dims_to_operand_dims",
    "index_vector_dim",
    "indices_are_sorted",
    "unique_indices",
];
const DOT_V1: &[&str] = &[
    "lhs_batching_dimensions",
    "rhs_batching_dimensions",
    "lhs_contracting_dimensions",
    "rhs_contracting_dimensions",
    "precision_config",
];
const DOT_V2: &[&str] = &[
    "lhs_batching_dimensions",
    "rhs_batching_dimensions",
    "lhs_contracting_dimensions",
    "rhs_contracting_dimensions",
    "precision_config",
    "lhs_precision_type",
    "rhs_precision_type",
    "accumulation_type",
    "lhs_component_count",
    "rhs_component_count",
    "num_primitive_operations",
    "allow_imprecise_accumulation",
];
const ALL_GATHER: &[&str] = &["all_gather_dim", "replica_groups", "channel_id", "use_global_device_ids"];
const ALL_REDUCE: &[&str] = &["replica_groups", "channel_id", "use_global_device_ids"];
const ALL_TO_ALL: &[&str] = &["split_dimension", "concat_dimension", "split_count", "replica_groups", "channel_id"];
const SEND_V1: &[&str] = &["channel_id", "channel_type", "is_host_transfer"];
const SEND_V2: &[&str] = &["channel_id", "channel_type", "is_host_transfer", "source_target_pairs"];
const COMPOSITE: &[&str] = &["name", "composite_attributes", "decomposition", "version"];
const CUSTOM_CALL: &[&str] = &[
    "call_target_name",
    "has_side_effect",
    "backend_config",
    "api_version",
    "called_computations",
    "operand_layouts",
    "result_layouts",
    "output_operand_aliases",
];

const V1_1: Version = v(1, 1, 0);
const V1_4: Version = v(1, 4, 0);
const V1_5: Version = v(1, 5, 0);
const V1_6: Version = v(1, 6, 0);
const V1_9: Version = v(1, 9, 0);
const V1_10: Version = v(1, 10, 0);
const V1_12: Version = v(1, 12, 0);
const V1_14: Version = v(1, 14, 0);

/// A unary op that gained `result_accuracy` in 1.10.0 (`exponential` in 1.9.0).
macro_rules! acc_pair {
    ($v1:literal, $v2:literal, $base:literal, $at:expr) => {
        [opv($v1, $base, V09, Some($at), &[]), opv($v2, $base, $at, None, ACC)]
    };
}

/// Every VHLO op, sorted by name.
pub static VHLO_OPS: &[VOp] = &{
    let a = acc_pair!("cbrt_v1", "cbrt_v2", "stablehlo.cbrt", V1_10);
    let b = acc_pair!("cosine_v1", "cosine_v2", "stablehlo.cosine", V1_10);
    let c = acc_pair!("exponential_minus_one_v1", "exponential_minus_one_v2", "stablehlo.exponential_minus_one", V1_10);
    let d = acc_pair!("exponential_v1", "exponential_v2", "stablehlo.exponential", V1_9);
    let e = acc_pair!("log_plus_one_v1", "log_plus_one_v2", "stablehlo.log_plus_one", V1_10);
    let f = acc_pair!("log_v1", "log_v2", "stablehlo.log", V1_10);
    let g = acc_pair!("logistic_v1", "logistic_v2", "stablehlo.logistic", V1_10);
    let h = acc_pair!("rsqrt_v1", "rsqrt_v2", "stablehlo.rsqrt", V1_10);
    let i = acc_pair!("sine_v1", "sine_v2", "stablehlo.sine", V1_10);
    let j = acc_pair!("sqrt_v1", "sqrt_v2", "stablehlo.sqrt", V1_10);
    let k = acc_pair!("tanh_v1", "tanh_v2", "stablehlo.tanh", V1_10);
    [
        op("abs_v1", "stablehlo.abs", &[]),
        op("add_v1", "stablehlo.add", &[]),
        op("after_all_v1", "stablehlo.after_all", &[]),
        opv("all_gather_v1", "stablehlo.all_gather", V09, Some(V1_5), ALL_GATHER),
        opv("all_gather_v2", "stablehlo.all_gather", V1_5, None, ALL_GATHER),
        opv("all_reduce_v1", "stablehlo.all_reduce", V09, Some(V1_5), ALL_REDUCE),
        opv("all_reduce_v2", "stablehlo.all_reduce", V1_5, None, ALL_REDUCE),
        opv("all_to_all_v1", "stablehlo.all_to_all", V09, Some(V1_5), ALL_TO_ALL),
        opv("all_to_all_v2", "stablehlo.all_to_all", V1_5, None, ALL_TO_ALL),
        op("and_v1", "stablehlo.and", &[]),
        op("atan2_v1", "stablehlo.atan2", &[]),
        op("batch_norm_grad_v1", "stablehlo.batch_norm_grad", &["epsilon", "feature_index"]),
        op("batch_norm_inference_v1", "stablehlo.batch_norm_inference", &["epsilon", "feature_index"]),
        op("batch_norm_training_v1", "stablehlo.batch_norm_training", &["epsilon", "feature_index"]),
        op("bitcast_convert_v1", "stablehlo.bitcast_convert", &[]),
        op("broadcast_in_dim_v1", "stablehlo.broadcast_in_dim", &["broadcast_dimensions"]),
        op("broadcast_v1", "stablehlo.broadcast", &["broadcast_sizes"]),
        op("call_v1", "func.call", &["callee"]),
        op("case_v1", "stablehlo.case", &[]),
        a[0],
        a[1],
        op("ceil_v1", "stablehlo.ceil", &[]),
        op("cholesky_v1", "stablehlo.cholesky", &["lower"]),
        op("clamp_v1", "stablehlo.clamp", &[]),
        opv(
            "collective_broadcast_v1",
            "stablehlo.collective_broadcast",
            v(0, 16, 0),
            None,
            &["replica_groups", "channel_id"],
        ),
        op("collective_permute_v1", "stablehlo.collective_permute", &["source_target_pairs", "channel_id"]),
        op("compare_v1", "stablehlo.compare", &["comparison_direction", "compare_type"]),
        op("complex_v1", "stablehlo.complex", &[]),
        opv("composite_v1", "stablehlo.composite", v(0, 19, 0), Some(V1_14), COMPOSITE),
        opv("composite_v2", "stablehlo.composite", V1_14, None, COMPOSITE),
        op("concatenate_v1", "stablehlo.concatenate", &["dimension"]),
        op("constant_v1", "stablehlo.constant", &["value"]),
        op("convert_v1", "stablehlo.convert", &[]),
        op("convolution_v1", "stablehlo.convolution", CONV),
        b[0],
        b[1],
        op("count_leading_zeros_v1", "stablehlo.count_leading_zeros", &[]),
        op("create_token_v1", "stablehlo.create_token", &[]),
        op("cross-replica-sum_v1", "stablehlo.cross-replica-sum", &["replica_groups"]),
        op("custom_call_v1", "stablehlo.custom_call", CUSTOM_CALL),
        op("divide_v1", "stablehlo.divide", &[]),
        opv("dot_general_v1", "stablehlo.dot_general", V09, Some(V1_6), DOT_V1),
        opv("dot_general_v2", "stablehlo.dot_general", V1_6, None, DOT_V2),
        op("dot_v1", "stablehlo.dot", &["precision_config"]),
        op(
            "dynamic_broadcast_in_dim_v1",
            "stablehlo.dynamic_broadcast_in_dim",
            &["broadcast_dimensions", "known_expanding_dimensions", "known_nonexpanding_dimensions"],
        ),
        opv("dynamic_conv_v1", "stablehlo.dynamic_conv", V09, Some(v(0, 20, 0)), CONV),
        opv("dynamic_conv_v2", "stablehlo.dynamic_conv", v(0, 20, 0), None, DYN_CONV_V2),
        opv("dynamic_gather_v1", "stablehlo.dynamic_gather", V09, Some(V1_1), DGATHER_V1),
        opv("dynamic_gather_v2", "stablehlo.dynamic_gather", V1_1, None, DGATHER_V2),
        op("dynamic_iota_v1", "stablehlo.dynamic_iota", &["iota_dimension"]),
        op("dynamic_pad_v1", "stablehlo.dynamic_pad", &[]),
        op("dynamic_reshape_v1", "stablehlo.dynamic_reshape", &[]),
        op("dynamic_slice_v1", "stablehlo.dynamic_slice", &["slice_sizes"]),
        op("dynamic_update_slice_v1", "stablehlo.dynamic_update_slice", &[]),
        op("einsum_v1", "stablehlo.einsum", &["einsum_config"]),
        c[0],
        c[1],
        d[0],
        d[1],
        op("fft_v1", "stablehlo.fft", &["fft_type", "fft_length"]),
        op("floor_v1", "stablehlo.floor", &[]),
        op("func_v1", "func.func", &["sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs"]),
        opv("gather_v1", "stablehlo.gather", V09, Some(V1_1), GATHER_V1),
        opv("gather_v2", "stablehlo.gather", V1_1, None, GATHER_V2),
        op("get_dimension_size_v1", "stablehlo.get_dimension_size", &["dimension"]),
        op("get_tuple_element_v1", "stablehlo.get_tuple_element", &["index"]),
        op("if_v1", "stablehlo.if", &[]),
        op("imag_v1", "stablehlo.imag", &[]),
        op("infeed_v1", "stablehlo.infeed", &["infeed_config", "layout"]),
        op("iota_v1", "stablehlo.iota", &["iota_dimension"]),
        op("is_finite_v1", "stablehlo.is_finite", &[]),
        e[0],
        e[1],
        f[0],
        f[1],
        g[0],
        g[1],
        op("map_v1", "stablehlo.map", &["dimensions"]),
        op("maximum_v1", "stablehlo.maximum", &[]),
        op("minimum_v1", "stablehlo.minimum", &[]),
        op("multiply_v1", "stablehlo.multiply", &[]),
        op("negate_v1", "stablehlo.negate", &[]),
        op("not_v1", "stablehlo.not", &[]),
        op("optimization_barrier_v1", "stablehlo.optimization_barrier", &[]),
        op("or_v1", "stablehlo.or", &[]),
        op("outfeed_v1", "stablehlo.outfeed", &["outfeed_config"]),
        op("pad_v1", "stablehlo.pad", &["edge_padding_low", "edge_padding_high", "interior_padding"]),
        op("partition_id_v1", "stablehlo.partition_id", &[]),
        op("popcnt_v1", "stablehlo.popcnt", &[]),
        op("power_v1", "stablehlo.power", &[]),
        op("real_dynamic_slice_v1", "stablehlo.real_dynamic_slice", &[]),
        op("real_v1", "stablehlo.real", &[]),
        opv("recv_v1", "stablehlo.recv", V09, Some(V1_12), SEND_V1),
        opv("recv_v2", "stablehlo.recv", V1_12, None, SEND_V2),
        op("reduce_precision_v1", "stablehlo.reduce_precision", &["exponent_bits", "mantissa_bits"]),
        op(
            "reduce_scatter_v1",
            "stablehlo.reduce_scatter",
            &["scatter_dimension", "replica_groups", "channel_id", "use_global_device_ids"],
        ),
        op("reduce_v1", "stablehlo.reduce", &["dimensions"]),
        op(
            "reduce_window_v1",
            "stablehlo.reduce_window",
            &["window_dimensions", "window_strides", "base_dilations", "window_dilations", "padding"],
        ),
        op("remainder_v1", "stablehlo.remainder", &[]),
        op("replica_id_v1", "stablehlo.replica_id", &[]),
        op("reshape_v1", "stablehlo.reshape", &[]),
        op("return_v1", "stablehlo.return", &[]),
        op("reverse_v1", "stablehlo.reverse", &["dimensions"]),
        op("rng_bit_generator_v1", "stablehlo.rng_bit_generator", &["rng_algorithm"]),
        op("rng_v1", "stablehlo.rng", &["rng_distribution"]),
        op("round_nearest_afz_v1", "stablehlo.round_nearest_afz", &[]),
        op("round_nearest_even_v1", "stablehlo.round_nearest_even", &[]),
        h[0],
        h[1],
        opv("scatter_v1", "stablehlo.scatter", V09, Some(V1_1), SCATTER_V1),
        opv("scatter_v2", "stablehlo.scatter", V1_1, None, SCATTER_V2),
        op(
            "select_and_scatter_v1",
            "stablehlo.select_and_scatter",
            &["window_dimensions", "window_strides", "padding"],
        ),
        op("select_v1", "stablehlo.select", &[]),
        opv("send_v1", "stablehlo.send", V09, Some(V1_12), SEND_V1),
        opv("send_v2", "stablehlo.send", V1_12, None, SEND_V2),
        op("set_dimension_size_v1", "stablehlo.set_dimension_size", &["dimension"]),
        op("shift_left_v1", "stablehlo.shift_left", &[]),
        op("shift_right_arithmetic_v1", "stablehlo.shift_right_arithmetic", &[]),
        op("shift_right_logical_v1", "stablehlo.shift_right_logical", &[]),
        op("sign_v1", "stablehlo.sign", &[]),
        i[0],
        i[1],
        op("slice_v1", "stablehlo.slice", &["start_indices", "limit_indices", "strides"]),
        op("sort_v1", "stablehlo.sort", &["dimension", "is_stable"]),
        j[0],
        j[1],
        op("subtract_v1", "stablehlo.subtract", &[]),
        opv("tan_v1", "stablehlo.tan", V1_4, Some(V1_10), &[]),
        opv("tan_v2", "stablehlo.tan", V1_10, None, ACC),
        k[0],
        k[1],
        op("torch_index_select_v1", "stablehlo.torch_index_select", &["dim", "batch_dims"]),
        op("transpose_v1", "stablehlo.transpose", &["permutation"]),
        op(
            "triangular_solve_v1",
            "stablehlo.triangular_solve",
            &["left_side", "lower", "unit_diagonal", "transpose_a"],
        ),
        op("tuple_v1", "stablehlo.tuple", &[]),
        op("unary_einsum_v1", "stablehlo.unary_einsum", &["einsum_config"]),
        op("uniform_dequantize_v1", "stablehlo.uniform_dequantize", &[]),
        op("uniform_quantize_v1", "stablehlo.uniform_quantize", &[]),
        op("while_v1", "stablehlo.while", &[]),
        op("xor_v1", "stablehlo.xor", &[]),
    ]
};

/// The row of `vhlo.NAME` (`name` without the prefix).
pub fn lookup(name: &str) -> Option<&'static VOp> {
    VHLO_OPS.binary_search_by(|o| o.name.cmp(name)).ok().map(|i| &VHLO_OPS[i])
}

/// All versions of the op that versions `base`, oldest first.
pub fn versions_of(base: &str) -> Vec<&'static VOp> {
    let mut v: Vec<&'static VOp> = VHLO_OPS.iter().filter(|o| o.base == base).collect();
    v.sort_by_key(|o| o.min);
    v
}

/// The version of `base`'s op valid at `target` (`None`: the op does not exist yet there).
pub fn at_version(base: &str, target: Version) -> Option<&'static VOp> {
    VHLO_OPS.iter().find(|o| o.base == base && o.min <= target && o.until.is_none_or(|u| target < u))
}

/// The current (newest) version of `base`'s op.
pub fn current_of(base: &str) -> Option<&'static VOp> {
    VHLO_OPS.iter().find(|o| o.base == base && o.until.is_none())
}

impl VOp {
    /// The attributes sorted by name: the properties layout.
    pub fn sorted_attrs(&self) -> Vec<&'static str> {
        let mut v = self.attrs.to_vec();
        v.sort_unstable();
        v
    }
    /// Whether the op exists at `target`.
    pub fn valid_at(&self, target: Version) -> bool {
        self.min <= target && self.until.is_none_or(|u| target < u)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted_and_versions_chain() {
        for w in VHLO_OPS.windows(2) {
            assert!(w[0].name < w[1].name, "{} !< {}", w[0].name, w[1].name);
        }
        let bases: std::collections::BTreeSet<_> = VHLO_OPS.iter().map(|o| o.base).collect();
        for b in bases {
            let vs = versions_of(b);
            for w in vs.windows(2) {
                assert_eq!(w[0].until, Some(w[1].min), "{b}");
            }
            assert!(vs.last().unwrap().until.is_none(), "{b}");
        }
        assert_eq!(lookup("exponential_v2").unwrap().min, Version(1, 9, 0));
        assert_eq!(at_version("stablehlo.exponential", Version(1, 8, 3)).unwrap().name, "exponential_v1");
        assert!(at_version("stablehlo.tan", Version(1, 3, 0)).is_none());
    }
}
