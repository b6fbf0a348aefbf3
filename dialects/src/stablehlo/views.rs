//! Typed views of every StableHLO op (the classes StableHLO's ODS generates: `AddOp`,
//! `DotGeneralOp::getLhs()`, `getDotDimensionNumbers()`), with the operand, attribute and region
//! names of `StablehloOps.td`. A pass reads an op as
//!
//! ```
//! # use strata_ir::{Context, OpView};
//! # use strata_dialects::stablehlo::views::TransposeOp;
//! # let mut ctx = Context::new();
//! # strata_dialects::register_all(&mut ctx);
//! # let m = strata_ir::parser::parse_source(&mut ctx, &strata_ir::parser::ParserConfig::new("t.mlir"), "func.func @f(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {\n  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>\n  return %0 : tensor<3x2xf32>\n}").unwrap();
//! # let mut op = None;
//! # ctx.walk_pre(m, &mut |o| if ctx.op_name_of(o) == "stablehlo.transpose" { op = Some(o) });
//! # let op = op.unwrap();
//! if let Some(t) = TransposeOp::of(&ctx, op) {
//!     assert_eq!(&*t.permutation(), &[1, 0]);
//!     let _x = t.operand();
//! }
//! ```
//!
//! Every view is registered on its op ([`register_views`] tags each [`strata_ir::OpInfo`]), so
//! `of` is an indexed load and a compare. Typed dialect attributes (`&DotDimensionNumbers`,
//! `&ComparisonDirection`) are the payloads parsed once when the attribute was interned.
//! Variadic operand groups (`reduce`'s inputs and init values, `scatter`'s inputs, indices and
//! updates, ...) have hand-written accessors below the table.

use strata_ir::view::I64s;
use strata_ir::{op_view, Attribute, Value};

use super::attrs::{
    ChannelHandle, ComparisonDirection, ComparisonType, ConvDimensionNumbers, CustomCallApiVersion, DotAlgorithm,
    DotDimensionNumbers, FftType, GatherDimensionNumbers, RngAlgorithm, RngDistribution, ScatterDimensionNumbers,
    Transpose,
};

op_view! { @registry view_key;
    /// `stablehlo.abs`
    pub AbsOp = "stablehlo.abs" { operands { operand: 0 } }
    /// `stablehlo.add`
    pub AddOp = "stablehlo.add" { operands { lhs: 0, rhs: 1 } }
    /// `stablehlo.after_all` (variadic `inputs`)
    pub AfterAllOp = "stablehlo.after_all" {}
    /// `stablehlo.all_gather` (variadic `operands`)
    pub AllGatherOp = "stablehlo.all_gather" {
        attrs { all_gather_dim: i64, replica_groups: Attribute }
        optional_attrs { channel_handle: &'a ChannelHandle, use_global_device_ids: bool }
    }
    /// `stablehlo.all_reduce` (variadic `operands`)
    pub AllReduceOp = "stablehlo.all_reduce" {
        attrs { replica_groups: Attribute }
        optional_attrs { channel_handle: &'a ChannelHandle, use_global_device_ids: bool }
        regions { computation: 0 }
    }
    /// `stablehlo.all_to_all` (variadic `operands`)
    pub AllToAllOp = "stablehlo.all_to_all" {
        attrs { split_dimension: i64, concat_dimension: i64, split_count: i64, replica_groups: Attribute }
        optional_attrs { channel_handle: &'a ChannelHandle }
    }
    /// `stablehlo.and`
    pub AndOp = "stablehlo.and" { operands { lhs: 0, rhs: 1 } }
    /// `stablehlo.async_done`
    pub AsyncDoneOp = "stablehlo.async_done" {}
    /// `stablehlo.async_start`
    pub AsyncStartOp = "stablehlo.async_start" {}
    /// `stablehlo.atan2`
    pub Atan2Op = "stablehlo.atan2" { operands { lhs: 0, rhs: 1 } }
    /// `stablehlo.batch_norm_grad`
    pub BatchNormGradOp = "stablehlo.batch_norm_grad" {
        operands { operand: 0, scale: 1, mean: 2, variance: 3, grad_output: 4 }
        attrs { epsilon: f64, feature_index: i64 }
    }
    /// `stablehlo.batch_norm_inference`
    pub BatchNormInferenceOp = "stablehlo.batch_norm_inference" {
        operands { operand: 0, scale: 1, offset: 2, mean: 3, variance: 4 }
        attrs { epsilon: f64, feature_index: i64 }
    }
    /// `stablehlo.batch_norm_training`
    pub BatchNormTrainingOp = "stablehlo.batch_norm_training" {
        operands { operand: 0, scale: 1, offset: 2 }
        attrs { epsilon: f64, feature_index: i64 }
    }
    /// `stablehlo.bitcast_convert`
    pub BitcastConvertOp = "stablehlo.bitcast_convert" { operands { operand: 0 } }
    /// `stablehlo.broadcast`
    pub BroadcastOp = "stablehlo.broadcast" { operands { operand: 0 } attrs { broadcast_sizes: I64s<'a> } }
    /// `stablehlo.broadcast_in_dim`
    pub BroadcastInDimOp = "stablehlo.broadcast_in_dim" {
        operands { operand: 0 }
        attrs { broadcast_dimensions: I64s<'a> }
    }
    /// `stablehlo.case` (regions `branches`)
    pub CaseOp = "stablehlo.case" { operands { index: 0 } }
    /// `stablehlo.cbrt`
    pub CbrtOp = "stablehlo.cbrt" { operands { operand: 0 } }
    /// `stablehlo.ceil`
    pub CeilOp = "stablehlo.ceil" { operands { operand: 0 } }
    /// `stablehlo.cholesky`
    pub CholeskyOp = "stablehlo.cholesky" { operands { a: 0 } optional_attrs { lower: bool } }
    /// `stablehlo.clamp`
    pub ClampOp = "stablehlo.clamp" { operands { min: 0, operand: 1, max: 2 } }
    /// `stablehlo.collective_broadcast`
    pub CollectiveBroadcastOp = "stablehlo.collective_broadcast" {
        operands { operand: 0 }
        attrs { replica_groups: Attribute }
        optional_attrs { channel_handle: &'a ChannelHandle }
    }
    /// `stablehlo.collective_permute`
    pub CollectivePermuteOp = "stablehlo.collective_permute" {
        operands { operand: 0 }
        attrs { source_target_pairs: Attribute }
        optional_attrs { channel_handle: &'a ChannelHandle }
    }
    /// `stablehlo.collective_reduce` (variadic `operands`)
    pub CollectiveReduceOp = "stablehlo.collective_reduce" {
        attrs { replica_groups: Attribute }
        optional_attrs { channel_handle: &'a ChannelHandle }
        regions { computation: 0 }
    }
    /// `stablehlo.compare`
    pub CompareOp = "stablehlo.compare" {
        operands { lhs: 0, rhs: 1 }
        attrs { comparison_direction: &'a ComparisonDirection }
        optional_attrs { compare_type: &'a ComparisonType }
    }
    /// `stablehlo.complex`
    pub ComplexOp = "stablehlo.complex" { operands { lhs: 0, rhs: 1 } }
    /// `stablehlo.composite` (variadic `inputs`)
    pub CompositeOp = "stablehlo.composite" {
        attrs { name: &'a str, decomposition: Attribute }
        optional_attrs { composite_attributes: Attribute, version: i64 }
    }
    /// `stablehlo.concatenate` (variadic `inputs`)
    pub ConcatenateOp = "stablehlo.concatenate" { attrs { dimension: i64 } }
    /// `stablehlo.constant`
    pub ConstantOp = "stablehlo.constant" { attrs { value: Attribute } }
    /// `stablehlo.convert`
    pub ConvertOp = "stablehlo.convert" { operands { operand: 0 } }
    /// `stablehlo.convolution`
    pub ConvolutionOp = "stablehlo.convolution" {
        operands { lhs: 0, rhs: 1 }
        attrs { dimension_numbers: &'a ConvDimensionNumbers, feature_group_count: i64, batch_group_count: i64 }
        optional_attrs {
            window_strides: I64s<'a>, padding: Attribute, lhs_dilation: I64s<'a>, rhs_dilation: I64s<'a>,
            window_reversal: I64s<'a>, precision_config: &'a [Attribute],
        }
    }
    /// `stablehlo.cosine`
    pub CosineOp = "stablehlo.cosine" { operands { operand: 0 } }
    /// `stablehlo.count_leading_zeros`
    pub ClzOp = "stablehlo.count_leading_zeros" { operands { operand: 0 } }
    /// `stablehlo.create_token`
    pub CreateTokenOp = "stablehlo.create_token" {}
    /// `stablehlo.cross-replica-sum`
    pub CrossReplicaSumOp = "stablehlo.cross-replica-sum" { operands { operand: 0 } attrs { replica_groups: Attribute } }
    /// `stablehlo.custom_call` (variadic `inputs`)
    pub CustomCallOp = "stablehlo.custom_call" {
        attrs { call_target_name: &'a str }
        optional_attrs {
            has_side_effect: bool, backend_config: Attribute, api_version: Attribute,
            called_computations: &'a [Attribute], operand_layouts: Attribute, result_layouts: Attribute,
            output_operand_aliases: &'a [Attribute],
        }
    }
    /// `stablehlo.divide`
    pub DivOp = "stablehlo.divide" { operands { lhs: 0, rhs: 1 } }
    /// `stablehlo.dot`
    pub DotOp = "stablehlo.dot" { operands { lhs: 0, rhs: 1 } optional_attrs { precision_config: &'a [Attribute] } }
    /// `stablehlo.dot_general`
    pub DotGeneralOp = "stablehlo.dot_general" {
        operands { lhs: 0, rhs: 1 }
        attrs { dot_dimension_numbers: &'a DotDimensionNumbers }
        optional_attrs { precision_config: &'a [Attribute], algorithm: &'a DotAlgorithm }
    }
    /// `stablehlo.dynamic_broadcast_in_dim`
    pub DynamicBroadcastInDimOp = "stablehlo.dynamic_broadcast_in_dim" {
        operands { operand: 0, output_dimensions: 1 }
        attrs { broadcast_dimensions: I64s<'a> }
        optional_attrs { known_expanding_dimensions: I64s<'a>, known_nonexpanding_dimensions: I64s<'a> }
    }
    /// `stablehlo.dynamic_conv`
    pub DynamicConvOp = "stablehlo.dynamic_conv" {
        operands { lhs: 0, rhs: 1, padding: 2 }
        attrs { dimension_numbers: &'a ConvDimensionNumbers, feature_group_count: i64, batch_group_count: i64 }
        optional_attrs {
            window_strides: I64s<'a>, lhs_dilation: I64s<'a>, rhs_dilation: I64s<'a>,
            window_reversal: I64s<'a>, precision_config: &'a [Attribute],
        }
    }
    /// `stablehlo.dynamic_gather`
    pub DynamicGatherOp = "stablehlo.dynamic_gather" {
        operands { operand: 0, start_indices: 1, slice_sizes: 2 }
        attrs { dimension_numbers: &'a GatherDimensionNumbers }
        optional_attrs { indices_are_sorted: bool }
    }
    /// `stablehlo.dynamic_iota`
    pub DynamicIotaOp = "stablehlo.dynamic_iota" { operands { output_shape: 0 } attrs { iota_dimension: i64 } }
    /// `stablehlo.dynamic_pad`
    pub DynamicPadOp = "stablehlo.dynamic_pad" {
        operands { operand: 0, padding_value: 1, edge_padding_low: 2, edge_padding_high: 3, interior_padding: 4 }
    }
    /// `stablehlo.dynamic_reshape`
    pub DynamicReshapeOp = "stablehlo.dynamic_reshape" { operands { operand: 0, output_shape: 1 } }
    /// `stablehlo.dynamic_slice` (operand, then variadic `start_indices`)
    pub DynamicSliceOp = "stablehlo.dynamic_slice" { operands { operand: 0 } attrs { slice_sizes: I64s<'a> } }
    /// `stablehlo.dynamic_update_slice` (operand, update, then variadic `start_indices`)
    pub DynamicUpdateSliceOp = "stablehlo.dynamic_update_slice" { operands { operand: 0, update: 1 } }
    /// `stablehlo.einsum`
    pub EinsumOp = "stablehlo.einsum" { operands { lhs: 0, rhs: 1 } attrs { einsum_config: &'a str } }
    /// `stablehlo.exponential`
    pub ExpOp = "stablehlo.exponential" { operands { operand: 0 } }
    /// `stablehlo.exponential_minus_one`
    pub Expm1Op = "stablehlo.exponential_minus_one" { operands { operand: 0 } }
    /// `stablehlo.fft`
    pub FftOp = "stablehlo.fft" { operands { operand: 0 } attrs { fft_type: &'a FftType, fft_length: I64s<'a> } }
    /// `stablehlo.floor`
    pub FloorOp = "stablehlo.floor" { operands { operand: 0 } }
    /// `stablehlo.gather`
    pub GatherOp = "stablehlo.gather" {
        operands { operand: 0, start_indices: 1 }
        attrs { dimension_numbers: &'a GatherDimensionNumbers, slice_sizes: I64s<'a> }
        optional_attrs { indices_are_sorted: bool }
    }
    /// `stablehlo.get_dimension_size`
    pub GetDimensionSizeOp = "stablehlo.get_dimension_size" { operands { operand: 0 } attrs { dimension: i64 } }
    /// `stablehlo.get_tuple_element`
    pub GetTupleElementOp = "stablehlo.get_tuple_element" { operands { operand: 0 } attrs { index: i64 } }
    /// `stablehlo.if`
    pub IfOp = "stablehlo.if" { operands { pred: 0 } regions { true_branch: 0, false_branch: 1 } }
    /// `stablehlo.imag`
    pub ImagOp = "stablehlo.imag" { operands { operand: 0 } }
    /// `stablehlo.infeed`
    pub InfeedOp = "stablehlo.infeed" { operands { token: 0 } optional_attrs { infeed_config: &'a str, layout: Attribute } }
    /// `stablehlo.iota`
    pub IotaOp = "stablehlo.iota" { attrs { iota_dimension: i64 } }
    /// `stablehlo.is_finite`
    pub IsFiniteOp = "stablehlo.is_finite" { operands { x: 0 } }
    /// `stablehlo.log`
    pub LogOp = "stablehlo.log" { operands { operand: 0 } }
    /// `stablehlo.log_plus_one`
    pub Log1pOp = "stablehlo.log_plus_one" { operands { operand: 0 } }
    /// `stablehlo.logistic`
    pub LogisticOp = "stablehlo.logistic" { operands { operand: 0 } }
    /// `stablehlo.map` (variadic `inputs`)
    pub MapOp = "stablehlo.map" { attrs { dimensions: I64s<'a> } regions { computation: 0 } }
    /// `stablehlo.maximum`
    pub MaxOp = "stablehlo.maximum" { operands { lhs: 0, rhs: 1 } }
    /// `stablehlo.minimum`
    pub MinOp = "stablehlo.minimum" { operands { lhs: 0, rhs: 1 } }
    /// `stablehlo.multiply`
    pub MulOp = "stablehlo.multiply" { operands { lhs: 0, rhs: 1 } }
    /// `stablehlo.negate`
    pub NegOp = "stablehlo.negate" { operands { operand: 0 } }
    /// `stablehlo.not`
    pub NotOp = "stablehlo.not" { operands { operand: 0 } }
    /// `stablehlo.optimization_barrier` (variadic `operand`)
    pub OptimizationBarrierOp = "stablehlo.optimization_barrier" {}
    /// `stablehlo.or`
    pub OrOp = "stablehlo.or" { operands { lhs: 0, rhs: 1 } }
    /// `stablehlo.outfeed` (variadic `inputs`, then `token`)
    pub OutfeedOp = "stablehlo.outfeed" { optional_attrs { outfeed_config: &'a str } }
    /// `stablehlo.pad`
    pub PadOp = "stablehlo.pad" {
        operands { operand: 0, padding_value: 1 }
        attrs { edge_padding_low: I64s<'a>, edge_padding_high: I64s<'a>, interior_padding: I64s<'a> }
    }
    /// `stablehlo.partition_id`
    pub PartitionIdOp = "stablehlo.partition_id" {}
    /// `stablehlo.popcnt`
    pub PopulationCountOp = "stablehlo.popcnt" { operands { operand: 0 } }
    /// `stablehlo.power`
    pub PowOp = "stablehlo.power" { operands { lhs: 0, rhs: 1 } }
    /// `stablehlo.real`
    pub RealOp = "stablehlo.real" { operands { operand: 0 } }
    /// `stablehlo.real_dynamic_slice`
    pub RealDynamicSliceOp = "stablehlo.real_dynamic_slice" {
        operands { operand: 0, start_indices: 1, limit_indices: 2, strides: 3 }
    }
    /// `stablehlo.recv`
    pub RecvOp = "stablehlo.recv" {
        operands { token: 0 }
        attrs { channel_handle: &'a ChannelHandle }
        optional_attrs { is_host_transfer: bool }
    }
    /// `stablehlo.reduce` (variadic `inputs` and `init_values`)
    pub ReduceOp = "stablehlo.reduce" { attrs { dimensions: I64s<'a> } regions { body: 0 } }
    /// `stablehlo.reduce_precision`
    pub ReducePrecisionOp = "stablehlo.reduce_precision" {
        operands { operand: 0 }
        attrs { exponent_bits: i64, mantissa_bits: i64 }
    }
    /// `stablehlo.reduce_scatter`
    pub ReduceScatterOp = "stablehlo.reduce_scatter" {
        operands { operand: 0 }
        attrs { scatter_dimension: i64, replica_groups: Attribute }
        optional_attrs { channel_handle: &'a ChannelHandle, use_global_device_ids: bool }
        regions { computation: 0 }
    }
    /// `stablehlo.reduce_window` (variadic `inputs` and `init_values`)
    pub ReduceWindowOp = "stablehlo.reduce_window" {
        attrs { window_dimensions: I64s<'a> }
        optional_attrs {
            window_strides: I64s<'a>, base_dilations: I64s<'a>, window_dilations: I64s<'a>, padding: Attribute,
        }
        regions { body: 0 }
    }
    /// `stablehlo.remainder`
    pub RemOp = "stablehlo.remainder" { operands { lhs: 0, rhs: 1 } }
    /// `stablehlo.replica_id`
    pub ReplicaIdOp = "stablehlo.replica_id" {}
    /// `stablehlo.reshape`
    pub ReshapeOp = "stablehlo.reshape" { operands { operand: 0 } }
    /// `stablehlo.return` (variadic `results`)
    pub ReturnOp = "stablehlo.return" {}
    /// `stablehlo.reverse`
    pub ReverseOp = "stablehlo.reverse" { operands { operand: 0 } attrs { dimensions: I64s<'a> } }
    /// `stablehlo.rng`
    pub RngOp = "stablehlo.rng" { operands { a: 0, b: 1, shape: 2 } attrs { rng_distribution: &'a RngDistribution } }
    /// `stablehlo.rng_bit_generator`
    pub RngBitGeneratorOp = "stablehlo.rng_bit_generator" {
        operands { initial_state: 0 }
        attrs { rng_algorithm: &'a RngAlgorithm }
    }
    /// `stablehlo.round_nearest_afz`
    pub RoundOp = "stablehlo.round_nearest_afz" { operands { operand: 0 } }
    /// `stablehlo.round_nearest_even`
    pub RoundNearestEvenOp = "stablehlo.round_nearest_even" { operands { operand: 0 } }
    /// `stablehlo.rsqrt`
    pub RsqrtOp = "stablehlo.rsqrt" { operands { operand: 0 } }
    /// `stablehlo.scatter` (variadic `inputs`, `scatter_indices`, variadic `updates`)
    pub ScatterOp = "stablehlo.scatter" {
        attrs { scatter_dimension_numbers: &'a ScatterDimensionNumbers }
        optional_attrs { indices_are_sorted: bool, unique_indices: bool }
        regions { update_computation: 0 }
    }
    /// `stablehlo.select`
    pub SelectOp = "stablehlo.select" { operands { pred: 0, on_true: 1, on_false: 2 } }
    /// `stablehlo.select_and_scatter`
    pub SelectAndScatterOp = "stablehlo.select_and_scatter" {
        operands { operand: 0, source: 1, init_value: 2 }
        optional_attrs { window_dimensions: I64s<'a>, window_strides: I64s<'a>, padding: Attribute }
        regions { select: 0, scatter: 1 }
    }
    /// `stablehlo.send` (variadic `inputs`, then `token`)
    pub SendOp = "stablehlo.send" {
        attrs { channel_handle: &'a ChannelHandle }
        optional_attrs { is_host_transfer: bool }
    }
    /// `stablehlo.set_dimension_size`
    pub SetDimensionSizeOp = "stablehlo.set_dimension_size" { operands { operand: 0, size: 1 } attrs { dimension: i64 } }
    /// `stablehlo.shift_left`
    pub ShiftLeftOp = "stablehlo.shift_left" { operands { lhs: 0, rhs: 1 } }
    /// `stablehlo.shift_right_arithmetic`
    pub ShiftRightArithmeticOp = "stablehlo.shift_right_arithmetic" { operands { lhs: 0, rhs: 1 } }
    /// `stablehlo.shift_right_logical`
    pub ShiftRightLogicalOp = "stablehlo.shift_right_logical" { operands { lhs: 0, rhs: 1 } }
    /// `stablehlo.sign`
    pub SignOp = "stablehlo.sign" { operands { operand: 0 } }
    /// `stablehlo.sine`
    pub SineOp = "stablehlo.sine" { operands { operand: 0 } }
    /// `stablehlo.slice`
    pub SliceOp = "stablehlo.slice" {
        operands { operand: 0 }
        attrs { start_indices: I64s<'a>, limit_indices: I64s<'a>, strides: I64s<'a> }
    }
    /// `stablehlo.sort` (variadic `inputs`)
    pub SortOp = "stablehlo.sort" { optional_attrs { dimension: i64, is_stable: bool } regions { comparator: 0 } }
    /// `stablehlo.sqrt`
    pub SqrtOp = "stablehlo.sqrt" { operands { operand: 0 } }
    /// `stablehlo.subtract`
    pub SubtractOp = "stablehlo.subtract" { operands { lhs: 0, rhs: 1 } }
    /// `stablehlo.tan`
    pub TanOp = "stablehlo.tan" { operands { operand: 0 } }
    /// `stablehlo.tanh`
    pub TanhOp = "stablehlo.tanh" { operands { operand: 0 } }
    /// `stablehlo.torch_index_select`
    pub TorchIndexSelectOp = "stablehlo.torch_index_select" {
        operands { operand: 0, index: 1 }
        attrs { dim: i64, batch_dims: i64 }
    }
    /// `stablehlo.transpose`
    pub TransposeOp = "stablehlo.transpose" { operands { operand: 0 } attrs { permutation: I64s<'a> } }
    /// `stablehlo.triangular_solve`
    pub TriangularSolveOp = "stablehlo.triangular_solve" {
        operands { a: 0, b: 1 }
        attrs { left_side: bool, lower: bool, unit_diagonal: bool, transpose_a: &'a Transpose }
    }
    /// `stablehlo.tuple` (variadic `val`)
    pub TupleOp = "stablehlo.tuple" {}
    /// `stablehlo.unary_einsum`
    pub UnaryEinsumOp = "stablehlo.unary_einsum" { operands { operand: 0 } attrs { einsum_config: &'a str } }
    /// `stablehlo.uniform_dequantize`
    pub UniformDequantizeOp = "stablehlo.uniform_dequantize" { operands { operand: 0 } }
    /// `stablehlo.uniform_quantize`
    pub UniformQuantizeOp = "stablehlo.uniform_quantize" { operands { operand: 0 } }
    /// `stablehlo.while` (variadic `operand`)
    pub WhileOp = "stablehlo.while" { regions { cond: 0, body: 1 } }
    /// `stablehlo.xor`
    pub XorOp = "stablehlo.xor" { operands { lhs: 0, rhs: 1 } }
}

// ----- variadic operand groups -----

/// `(inputs, init_values)`: the two equal halves of the operands of `reduce` / `reduce_window`.
fn halves(v: &[Value]) -> (&[Value], &[Value]) {
    v.split_at(v.len() / 2)
}

impl<'a> ReduceOp<'a> {
    /// The reduced tensors.
    pub fn inputs(&self) -> &'a [Value] {
        halves(self.operands()).0
    }
    /// The initial values (one scalar per input).
    pub fn init_values(&self) -> &'a [Value] {
        halves(self.operands()).1
    }
}

impl<'a> ReduceWindowOp<'a> {
    /// The reduced tensors.
    pub fn inputs(&self) -> &'a [Value] {
        halves(self.operands()).0
    }
    /// The initial values (one scalar per input).
    pub fn init_values(&self) -> &'a [Value] {
        halves(self.operands()).1
    }
}

impl<'a> ScatterOp<'a> {
    /// Number of scattered-into tensors (`N` of `N` inputs, 1 index tensor, `N` updates).
    fn n(&self) -> usize {
        (self.num_operands().saturating_sub(1)) / 2
    }
    /// The tensors scattered into.
    pub fn inputs(&self) -> &'a [Value] {
        &self.operands()[..self.n()]
    }
    /// The scatter indices.
    pub fn scatter_indices(&self) -> Value {
        self.operand(self.n())
    }
    /// The updates.
    pub fn updates(&self) -> &'a [Value] {
        &self.operands()[self.n() + 1..]
    }
}

impl<'a> DynamicSliceOp<'a> {
    /// The start index of each dimension (rank-0 tensors).
    pub fn start_indices(&self) -> &'a [Value] {
        &self.operands()[1..]
    }
}

impl<'a> DynamicUpdateSliceOp<'a> {
    /// The start index of each dimension (rank-0 tensors).
    pub fn start_indices(&self) -> &'a [Value] {
        &self.operands()[2..]
    }
}

impl<'a> OutfeedOp<'a> {
    /// The values sent.
    pub fn inputs(&self) -> &'a [Value] {
        let o = self.operands();
        &o[..o.len().saturating_sub(1)]
    }
    /// The ordering token.
    pub fn token(&self) -> Value {
        *self.operands().last().expect("outfeed has a token operand")
    }
}

impl<'a> SendOp<'a> {
    /// The values sent.
    pub fn inputs(&self) -> &'a [Value] {
        let o = self.operands();
        &o[..o.len().saturating_sub(1)]
    }
    /// The ordering token.
    pub fn token(&self) -> Value {
        *self.operands().last().expect("send has a token operand")
    }
}

impl<'a> CustomCallOp<'a> {
    /// The API version (`api_version`; an integer or `#stablehlo<custom_call_api_version …>`),
    /// `API_VERSION_ORIGINAL` when absent as in StableHLO.
    pub fn api_version_enum(&self) -> Option<CustomCallApiVersion> {
        match self.api_version() {
            None => Some(CustomCallApiVersion::API_VERSION_ORIGINAL),
            Some(a) => self
                .ctx()
                .typed_attr::<CustomCallApiVersion>(a)
                .copied()
                .or_else(|| i64::read_attr(self.ctx(), a).and_then(CustomCallApiVersion::from_i64)),
        }
    }
}

impl<'a> CaseOp<'a> {
    /// The branches, in order.
    pub fn branches(&self) -> &'a [strata_ir::RegionId] {
        self.regions()
    }
}

impl<'a> CompareOp<'a> {
    /// The comparison type: the attribute's, or the default for the operands' element type
    /// (`NOTYPE` when absent, which compares as the element type dictates).
    pub fn compare_type_or_default(&self) -> ComparisonType {
        self.compare_type().copied().unwrap_or(ComparisonType::NOTYPE)
    }
}

/// `i64::read` under a name that does not clash with the views' accessors.
trait ReadAttr: Sized {
    fn read_attr(ctx: &strata_ir::Context, a: Attribute) -> Option<Self>;
}
impl ReadAttr for i64 {
    fn read_attr(ctx: &strata_ir::Context, a: Attribute) -> Option<Self> {
        <i64 as strata_ir::AttrRead>::read(ctx, a)
    }
}

/// Tags every registered StableHLO op definition with its view (called by registration).
pub fn register_views(info: strata_ir::OpInfo) -> strata_ir::OpInfo {
    let mut info = info;
    info.view = view_key(&info.name);
    info
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_op_of_the_table_has_a_view_and_every_view_an_op() {
        let table: Vec<&str> = super::super::OPS.iter().map(|d| d.name).collect();
        for n in &table {
            assert!(view_key(n).is_some(), "no typed view for {n}");
        }
        for n in VIEW_NAMES {
            assert!(table.contains(n), "view for {n}, which is not in the op table");
        }
        assert_eq!(table.len(), VIEW_NAMES.len());
    }
}
