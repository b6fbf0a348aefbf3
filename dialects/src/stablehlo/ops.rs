//! The StableHLO op table: one [`OpDef`] per op, in the spec's alphabetical order.
//!
//! An entry says everything the generic machinery needs: traits (for passes), inherent
//! attributes with their ODS constraints ([`A`]), operand/result type classes ([`TC`]), which
//! trait-style checks apply ([`chk`]), the type-inference function ([`Infer`]) and the op's own
//! verifier. [`verify_op`] runs them in MLIR's order. Other modules find entries with
//! [`op_def`] (e.g. to attach interpreter kernels by name).

use std::rc::Rc;

use strata_ir::dialect::VerifyError;
use strata_ir::{Context, OpId, OpInfo, Traits, Type, TypeKind};

use super::types::{self as t, fmt_type, fmt_types};
use super::{collective as coll, control as cf, elementwise as ew, linalg as la, shape as sh};
use super::{InferCx, StablehloOp, TyDesc, FAILED_TO_INFER};

/// A type-inference function.
pub type InferFn = fn(&InferCx) -> Result<Vec<TyDesc>, String>;
/// An op-specific verifier (after the generic checks).
pub type CheckFn = fn(&Context, OpId) -> Result<(), String>;

/// How an op infers its result types.
#[derive(Copy, Clone)]
pub enum Infer {
    /// No inference: result types must be given.
    None,
    /// The op implements `InferTypeOpInterface`: inference errors are followed by "failed to
    /// infer returned types", and declared results must be compatible with inferred ones.
    Iface(InferFn),
    /// Inference used by the verifier only (errors reported as they are).
    Verify(InferFn),
}

/// Kind of an inherent attribute (its ODS constraint).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum K {
    /// Optional, unconstrained here.
    Opt,
    /// Required.
    Req,
    /// Required `i64` attribute, non-negative.
    NN64,
    /// Required `i64` attribute, positive.
    P64,
    /// Required `i32` attribute, non-negative.
    NN32,
    /// Optional array of `#stablehlo<precision ...>`.
    Precision,
}

/// An inherent attribute: name (exactly as StableHLO's ODS) and kind.
#[derive(Copy, Clone, Debug)]
pub struct A(pub &'static str, pub K);

/// Which values a type constraint applies to.
#[derive(Copy, Clone, Debug)]
pub enum At {
    /// Operand `i`.
    Operand(usize),
    /// Every operand.
    Operands,
    /// Result `i`.
    Result(usize),
    /// Every result.
    Results,
}

/// Shape part of a type class.
#[derive(Copy, Clone, Debug)]
pub enum Shp {
    /// Any ranked tensor.
    Ranked,
    /// Rank-0 tensor.
    Rank0,
    /// Static 1-D tensor.
    Static1D,
    /// Statically shaped tensor.
    Static,
}

/// Element part of a type class.
#[derive(Copy, Clone, Debug)]
pub enum El {
    /// Anything.
    Any,
    /// `i1`.
    Pred,
    /// `i1` or integers.
    IntOrPred,
    /// Integers (not `i1`).
    Int,
    /// Floats (or quantized).
    Float,
    /// Floats, complex (or quantized).
    FloatOrComplex,
    /// Integers or `index` (shape operands).
    IntOrIndex,
    /// `i1`, integers or floats.
    NotComplex,
}

/// A type constraint: values, shape class, element class (ODS's operand/result types).
#[derive(Copy, Clone, Debug)]
pub struct TC(pub At, pub Shp, pub El);

/// Trait-style checks (MLIR/StableHLO op traits with their messages).
pub mod chk {
    /// `SameOperandsAndResultShape`.
    pub const SAME_SHAPE: u16 = 1;
    /// `HLO_CompatibleOperandsAndResultType`.
    pub const COMPAT: u16 = 2;
    /// `HLO_CompatibleOperandsAndResultElementType`.
    pub const COMPAT_ELEM: u16 = 4;
    /// `SameOperandsElementType`.
    pub const SAME_OPERAND_ELEM: u16 = 8;
    /// Same number of operands and results.
    pub const SAME_COUNT: u16 = 16;
    /// Variadic operands with at least one.
    pub const NONEMPTY: u16 = 32;
    /// `SameOperandsAndResultElementType`.
    pub const SAME_ELEM: u16 = 64;
}

/// Everything about one op.
pub struct OpDef {
    /// Full name (`stablehlo.add`).
    pub name: &'static str,
    /// Traits.
    pub traits: Traits,
    /// Inherent attributes.
    pub attrs: &'static [A],
    /// Operand/result type classes.
    pub types: &'static [TC],
    /// Trait-style checks ([`chk`]).
    pub checks: u16,
    /// Type inference.
    pub infer: Infer,
    /// Op-specific verifier.
    pub verify: Option<CheckFn>,
}

const fn op(name: &'static str) -> OpDef {
    OpDef { name, traits: Traits::NONE, attrs: &[], types: &[], checks: 0, infer: Infer::None, verify: None }
}

const PURE: Traits = Traits::PURE;
const EW: Traits = Traits(Traits::PURE.0 | Traits::ELEMENTWISE.0 | Traits::SAME_OPERANDS_AND_RESULT_SHAPE.0);
/// StableHLO's elementwise ops use `HLO_CompatibleOperandsAndResultType` ([`chk::COMPAT`]:
/// `?` and quantization parameters may differ), not MLIR's strict `SameOperandsAndResultType`,
/// so that trait is deliberately not set (the IR verifier would reject valid programs).
const EWT: Traits = EW;
const EWC: Traits = Traits(EWT.0 | Traits::COMMUTATIVE.0);
const REG: Traits = Traits::RECURSIVE_MEMORY_EFFECTS;
/// Collectives synchronize processes: unknown effects (no trait), so no pass erases, moves or
/// merges them even when their results are unused.
const COLL: Traits = Traits::NONE;
const TERM: Traits = Traits(Traits::PURE.0 | Traits::IS_TERMINATOR.0 | Traits::RETURN_LIKE.0);

const SC: u16 = chk::SAME_SHAPE | chk::COMPAT;
const ACC: &[A] = &[A("result_accuracy", K::Opt)];
const ALL_F: &[TC] = &[TC(At::Operands, Shp::Ranked, El::Float), TC(At::Results, Shp::Ranked, El::Float)];
const ALL_FC: &[TC] =
    &[TC(At::Operands, Shp::Ranked, El::FloatOrComplex), TC(At::Results, Shp::Ranked, El::FloatOrComplex)];
const ALL_I: &[TC] = &[TC(At::Operands, Shp::Ranked, El::Int), TC(At::Results, Shp::Ranked, El::Int)];
const ALL_IP: &[TC] = &[TC(At::Operands, Shp::Ranked, El::IntOrPred), TC(At::Results, Shp::Ranked, El::IntOrPred)];
const REPLICA: [A; 3] = [A("replica_groups", K::Req), A("channel_handle", K::Opt), A("use_global_device_ids", K::Opt)];

/// A unary elementwise op whose result type is the operand type.
const fn unary(name: &'static str, types: &'static [TC], attrs: &'static [A], verify: Option<CheckFn>) -> OpDef {
    OpDef { traits: EWT, attrs, types, checks: SC, infer: Infer::Iface(ew::infer_same), verify, ..op(name) }
}

/// A binary elementwise op whose result type is the operands' type.
const fn binary(name: &'static str, traits: Traits, types: &'static [TC]) -> OpDef {
    OpDef {
        traits,
        types,
        checks: SC,
        infer: Infer::Iface(ew::infer_same),
        verify: Some(ew::verify_binary_quant),
        ..op(name)
    }
}

const ACCV: Option<CheckFn> = Some(ew::verify_accuracy);

/// Every StableHLO op.
pub static OPS: &[OpDef] = &[
    OpDef { traits: EW, checks: chk::SAME_SHAPE, infer: Infer::Iface(ew::infer_abs), ..op("stablehlo.abs") },
    binary("stablehlo.add", EWC, &[]),
    OpDef { infer: Infer::Iface(sh::infer_token), checks: 0, ..op("stablehlo.after_all") },
    OpDef {
        attrs: &[A("all_gather_dim", K::NN64), REPLICA[0], REPLICA[1], REPLICA[2]],
        checks: chk::SAME_COUNT,
        verify: Some(coll::verify_all_gather),
        ..op("stablehlo.all_gather")
    },
    OpDef { traits: COLL, attrs: &REPLICA, verify: Some(coll::verify_all_reduce), ..op("stablehlo.all_reduce") },
    OpDef {
        attrs: &[
            A("split_dimension", K::NN64),
            A("concat_dimension", K::NN64),
            A("split_count", K::P64),
            REPLICA[0],
            REPLICA[1],
        ],
        checks: chk::SAME_COUNT,
        infer: Infer::Iface(coll::infer_all_to_all),
        ..op("stablehlo.all_to_all")
    },
    binary("stablehlo.and", EWC, ALL_IP),
    OpDef {
        attrs: &[A("called_computations", K::Opt)],
        verify: Some(cf::verify_async_done),
        ..op("stablehlo.async_done")
    },
    OpDef {
        attrs: &[A("called_computations", K::Opt)],
        verify: Some(cf::verify_async_start),
        ..op("stablehlo.async_start")
    },
    binary("stablehlo.atan2", EWT, ALL_FC),
    OpDef {
        traits: PURE,
        attrs: &[A("epsilon", K::Req), A("feature_index", K::NN64)],
        infer: Infer::Iface(la::infer_batch_norm_grad),
        ..op("stablehlo.batch_norm_grad")
    },
    OpDef {
        traits: PURE,
        attrs: &[A("epsilon", K::Req), A("feature_index", K::NN64)],
        infer: Infer::Iface(la::infer_batch_norm_inference),
        ..op("stablehlo.batch_norm_inference")
    },
    OpDef {
        traits: PURE,
        attrs: &[A("epsilon", K::Req), A("feature_index", K::NN64)],
        infer: Infer::Iface(la::infer_batch_norm_training),
        ..op("stablehlo.batch_norm_training")
    },
    OpDef { traits: PURE, verify: Some(ew::verify_bitcast_convert), ..op("stablehlo.bitcast_convert") },
    OpDef {
        traits: PURE,
        attrs: &[A("broadcast_sizes", K::Req)],
        infer: Infer::Iface(sh::infer_broadcast),
        ..op("stablehlo.broadcast")
    },
    OpDef {
        traits: PURE,
        attrs: &[A("broadcast_dimensions", K::Req)],
        types: &[TC(At::Result(0), Shp::Static, El::Any)],
        checks: chk::COMPAT_ELEM,
        verify: Some(sh::verify_broadcast_in_dim),
        ..op("stablehlo.broadcast_in_dim")
    },
    OpDef { traits: REG, infer: Infer::Iface(cf::infer_case), ..op("stablehlo.case") },
    unary("stablehlo.cbrt", ALL_FC, ACC, ACCV),
    unary("stablehlo.ceil", ALL_F, &[], None),
    OpDef {
        traits: PURE,
        attrs: &[A("lower", K::Opt)],
        infer: Infer::Iface(la::infer_cholesky),
        ..op("stablehlo.cholesky")
    },
    OpDef { traits: PURE, checks: chk::COMPAT_ELEM, infer: Infer::Iface(ew::infer_clamp), ..op("stablehlo.clamp") },
    OpDef {
        attrs: &[REPLICA[0], REPLICA[1], A("has_dynamic_root", K::Opt)],
        verify: Some(coll::verify_collective_broadcast),
        ..op("stablehlo.collective_broadcast")
    },
    OpDef {
        attrs: &[A("source_target_pairs", K::Req), A("channel_handle", K::Opt)],
        checks: chk::COMPAT,
        verify: Some(coll::verify_collective_permute),
        ..op("stablehlo.collective_permute")
    },
    OpDef {
        traits: COLL,
        attrs: &[REPLICA[0], REPLICA[1], REPLICA[2], A("has_dynamic_root", K::Opt)],
        verify: Some(coll::verify_collective_reduce),
        ..op("stablehlo.collective_reduce")
    },
    OpDef {
        traits: Traits(EW.0 | Traits::SAME_OPERANDS_AND_RESULT_SHAPE.0),
        attrs: &[A("comparison_direction", K::Req), A("compare_type", K::Opt)],
        types: &[TC(At::Result(0), Shp::Ranked, El::Pred)],
        checks: chk::SAME_SHAPE | chk::SAME_OPERAND_ELEM,
        infer: Infer::Iface(ew::infer_compare),
        ..op("stablehlo.compare")
    },
    OpDef {
        traits: EW,
        checks: chk::SAME_SHAPE | chk::SAME_OPERAND_ELEM,
        infer: Infer::Iface(ew::infer_complex),
        ..op("stablehlo.complex")
    },
    OpDef {
        attrs: &[
            A("name", K::Req),
            A("composite_attributes", K::Opt),
            A("decomposition", K::Req),
            A("version", K::Opt),
        ],
        verify: Some(cf::verify_composite),
        ..op("stablehlo.composite")
    },
    OpDef {
        traits: PURE,
        attrs: &[A("dimension", K::NN64)],
        checks: chk::NONEMPTY,
        infer: Infer::Iface(sh::infer_concatenate),
        ..op("stablehlo.concatenate")
    },
    OpDef {
        traits: Traits(PURE.0 | Traits::CONSTANT_LIKE.0 | Traits::ZERO_OPERANDS.0 | Traits::ONE_RESULT.0),
        attrs: &[A("value", K::Req)],
        types: &[TC(At::Result(0), Shp::Static, El::Any)],
        verify: Some(ew::verify_constant),
        ..op("stablehlo.constant")
    },
    OpDef { traits: EW, checks: chk::SAME_SHAPE, ..op("stablehlo.convert") },
    OpDef {
        traits: PURE,
        attrs: &[
            A("window_strides", K::Opt),
            A("padding", K::Opt),
            A("lhs_dilation", K::Opt),
            A("rhs_dilation", K::Opt),
            A("window_reversal", K::Opt),
            A("dimension_numbers", K::Req),
            A("feature_group_count", K::P64),
            A("batch_group_count", K::P64),
            A("precision_config", K::Precision),
        ],
        infer: Infer::Verify(la::infer_convolution),
        verify: Some(la::verify_convolution),
        ..op("stablehlo.convolution")
    },
    unary("stablehlo.cosine", ALL_FC, ACC, ACCV),
    unary("stablehlo.count_leading_zeros", ALL_I, &[], None),
    OpDef { traits: PURE, infer: Infer::Iface(sh::infer_token), ..op("stablehlo.create_token") },
    OpDef {
        attrs: &[A("replica_groups", K::Req)],
        checks: chk::COMPAT,
        infer: Infer::Iface(ew::infer_same),
        ..op("stablehlo.cross-replica-sum")
    },
    OpDef {
        attrs: &[
            A("call_target_name", K::Req),
            A("has_side_effect", K::Opt),
            A("backend_config", K::Opt),
            A("api_version", K::Opt),
            A("called_computations", K::Opt),
            A("operand_layouts", K::Opt),
            A("result_layouts", K::Opt),
            A("output_operand_aliases", K::Opt),
        ],
        verify: Some(cf::verify_custom_call),
        ..op("stablehlo.custom_call")
    },
    binary("stablehlo.divide", EWT, &[]),
    OpDef {
        traits: PURE,
        attrs: &[A("precision_config", K::Precision)],
        infer: Infer::Verify(la::infer_dot),
        ..op("stablehlo.dot")
    },
    OpDef {
        traits: PURE,
        attrs: &[A("dot_dimension_numbers", K::Req), A("precision_config", K::Precision), A("algorithm", K::Opt)],
        infer: Infer::Verify(la::infer_dot_general),
        verify: Some(la::verify_dot_general),
        ..op("stablehlo.dot_general")
    },
    OpDef {
        traits: PURE,
        attrs: &[
            A("broadcast_dimensions", K::Req),
            A("known_expanding_dimensions", K::Opt),
            A("known_nonexpanding_dimensions", K::Opt),
        ],
        types: &[TC(At::Operand(1), Shp::Static1D, El::IntOrIndex)],
        verify: Some(sh::verify_dynamic_broadcast_in_dim),
        ..op("stablehlo.dynamic_broadcast_in_dim")
    },
    OpDef {
        traits: PURE,
        attrs: &[
            A("window_strides", K::Opt),
            A("lhs_dilation", K::Opt),
            A("rhs_dilation", K::Opt),
            A("window_reversal", K::Opt),
            A("dimension_numbers", K::Req),
            A("feature_group_count", K::P64),
            A("batch_group_count", K::P64),
            A("precision_config", K::Precision),
        ],
        infer: Infer::Verify(la::infer_dynamic_conv),
        verify: Some(la::verify_convolution),
        ..op("stablehlo.dynamic_conv")
    },
    OpDef {
        traits: PURE,
        attrs: &[A("dimension_numbers", K::Req), A("indices_are_sorted", K::Opt)],
        infer: Infer::Iface(la::infer_dynamic_gather),
        ..op("stablehlo.dynamic_gather")
    },
    OpDef {
        traits: PURE,
        attrs: &[A("iota_dimension", K::NN64)],
        types: &[TC(At::Operand(0), Shp::Static1D, El::IntOrIndex)],
        verify: Some(sh::verify_dynamic_iota),
        ..op("stablehlo.dynamic_iota")
    },
    OpDef { traits: PURE, verify: Some(sh::verify_dynamic_pad), ..op("stablehlo.dynamic_pad") },
    OpDef {
        traits: PURE,
        types: &[TC(At::Operand(1), Shp::Static1D, El::IntOrIndex)],
        verify: Some(sh::verify_dynamic_reshape),
        ..op("stablehlo.dynamic_reshape")
    },
    OpDef {
        traits: PURE,
        attrs: &[A("slice_sizes", K::Req)],
        infer: Infer::Iface(sh::infer_dynamic_slice),
        ..op("stablehlo.dynamic_slice")
    },
    OpDef {
        traits: PURE,
        infer: Infer::Iface(sh::infer_dynamic_update_slice),
        verify: Some(sh::verify_dynamic_update_slice),
        ..op("stablehlo.dynamic_update_slice")
    },
    OpDef {
        traits: PURE,
        attrs: &[A("einsum_config", K::Req)],
        verify: Some(la::verify_einsum),
        ..op("stablehlo.einsum")
    },
    unary("stablehlo.exponential", ALL_FC, ACC, ACCV),
    unary("stablehlo.exponential_minus_one", ALL_FC, ACC, ACCV),
    OpDef {
        traits: PURE,
        attrs: &[A("fft_type", K::Req), A("fft_length", K::Req)],
        infer: Infer::Iface(la::infer_fft),
        ..op("stablehlo.fft")
    },
    unary("stablehlo.floor", ALL_F, &[], None),
    OpDef {
        traits: PURE,
        attrs: &[A("dimension_numbers", K::Req), A("slice_sizes", K::Req), A("indices_are_sorted", K::Opt)],
        infer: Infer::Iface(la::infer_gather),
        ..op("stablehlo.gather")
    },
    OpDef {
        traits: PURE,
        attrs: &[A("dimension", K::NN64)],
        infer: Infer::Iface(sh::infer_get_dimension_size),
        ..op("stablehlo.get_dimension_size")
    },
    OpDef {
        traits: PURE,
        attrs: &[A("index", K::NN32)],
        infer: Infer::Iface(sh::infer_get_tuple_element),
        ..op("stablehlo.get_tuple_element")
    },
    OpDef { traits: REG, infer: Infer::Iface(cf::infer_if), ..op("stablehlo.if") },
    OpDef {
        traits: EW,
        types: &[TC(At::Operand(0), Shp::Ranked, El::FloatOrComplex)],
        checks: chk::SAME_SHAPE,
        infer: Infer::Iface(ew::infer_real_imag),
        ..op("stablehlo.imag")
    },
    OpDef {
        attrs: &[A("infeed_config", K::Opt), A("layout", K::Opt)],
        verify: Some(coll::verify_infeed),
        ..op("stablehlo.infeed")
    },
    OpDef {
        traits: PURE,
        attrs: &[A("iota_dimension", K::NN64)],
        types: &[TC(At::Result(0), Shp::Static, El::Any)],
        verify: Some(sh::verify_iota),
        ..op("stablehlo.iota")
    },
    OpDef {
        traits: EW,
        types: &[TC(At::Operand(0), Shp::Ranked, El::Float), TC(At::Result(0), Shp::Ranked, El::Pred)],
        checks: chk::SAME_SHAPE,
        infer: Infer::Iface(ew::infer_is_finite),
        ..op("stablehlo.is_finite")
    },
    unary("stablehlo.log", ALL_FC, ACC, ACCV),
    unary("stablehlo.log_plus_one", ALL_FC, ACC, ACCV),
    unary("stablehlo.logistic", ALL_FC, ACC, ACCV),
    OpDef {
        traits: Traits(PURE.0 | REG.0 | Traits::SAME_OPERANDS_AND_RESULT_SHAPE.0),
        attrs: &[A("dimensions", K::Req)],
        checks: chk::SAME_SHAPE,
        infer: Infer::Iface(cf::infer_map),
        ..op("stablehlo.map")
    },
    binary("stablehlo.maximum", EWC, &[]),
    binary("stablehlo.minimum", EWC, &[]),
    binary("stablehlo.multiply", EWC, &[]),
    unary("stablehlo.negate", &[], &[], None),
    unary("stablehlo.not", ALL_IP, &[], None),
    OpDef { traits: PURE, infer: Infer::Iface(sh::infer_operands), ..op("stablehlo.optimization_barrier") },
    binary("stablehlo.or", EWC, ALL_IP),
    OpDef { attrs: &[A("outfeed_config", K::Opt)], infer: Infer::Iface(sh::infer_token), ..op("stablehlo.outfeed") },
    OpDef {
        traits: PURE,
        attrs: &[A("edge_padding_low", K::Req), A("edge_padding_high", K::Req), A("interior_padding", K::Req)],
        checks: chk::COMPAT_ELEM,
        infer: Infer::Iface(sh::infer_pad),
        ..op("stablehlo.pad")
    },
    OpDef { infer: Infer::Iface(sh::infer_ui32_scalar), ..op("stablehlo.partition_id") },
    unary("stablehlo.popcnt", ALL_I, &[], None),
    binary("stablehlo.power", EWT, &[]),
    OpDef {
        traits: EW,
        types: &[TC(At::Operand(0), Shp::Ranked, El::FloatOrComplex)],
        checks: chk::SAME_SHAPE,
        infer: Infer::Iface(ew::infer_real_imag),
        ..op("stablehlo.real")
    },
    OpDef { traits: PURE, verify: Some(sh::verify_real_dynamic_slice), ..op("stablehlo.real_dynamic_slice") },
    OpDef {
        attrs: &[A("channel_handle", K::Req), A("is_host_transfer", K::Opt), A("source_target_pairs", K::Opt)],
        verify: Some(coll::verify_recv),
        ..op("stablehlo.recv")
    },
    OpDef {
        traits: REG,
        attrs: &[A("dimensions", K::Req)],
        infer: Infer::Iface(cf::infer_reduce),
        ..op("stablehlo.reduce")
    },
    OpDef {
        traits: EWT,
        attrs: &[A("exponent_bits", K::NN32), A("mantissa_bits", K::NN32)],
        types: ALL_F,
        checks: SC,
        infer: Infer::Iface(ew::infer_same),
        verify: Some(ew::verify_reduce_precision),
        ..op("stablehlo.reduce_precision")
    },
    OpDef {
        traits: COLL,
        attrs: &[A("scatter_dimension", K::NN64), REPLICA[0], REPLICA[1], REPLICA[2]],
        verify: Some(coll::verify_reduce_scatter),
        ..op("stablehlo.reduce_scatter")
    },
    OpDef {
        traits: REG,
        attrs: &[
            A("window_dimensions", K::Req),
            A("window_strides", K::Opt),
            A("base_dilations", K::Opt),
            A("window_dilations", K::Opt),
            A("padding", K::Opt),
        ],
        infer: Infer::Iface(cf::infer_reduce_window),
        ..op("stablehlo.reduce_window")
    },
    binary("stablehlo.remainder", EWT, &[]),
    OpDef { infer: Infer::Iface(sh::infer_ui32_scalar), ..op("stablehlo.replica_id") },
    OpDef {
        traits: PURE,
        types: &[TC(At::Result(0), Shp::Static, El::Any)],
        checks: chk::COMPAT_ELEM,
        verify: Some(sh::verify_reshape),
        ..op("stablehlo.reshape")
    },
    OpDef { traits: TERM, ..op("stablehlo.return") },
    OpDef {
        traits: PURE,
        attrs: &[A("dimensions", K::Req)],
        checks: chk::COMPAT,
        verify: Some(sh::verify_reverse),
        ..op("stablehlo.reverse")
    },
    OpDef {
        attrs: &[A("rng_distribution", K::Req)],
        types: &[
            TC(At::Operand(0), Shp::Rank0, El::NotComplex),
            TC(At::Operand(1), Shp::Rank0, El::NotComplex),
            TC(At::Operand(2), Shp::Static1D, El::IntOrIndex),
        ],
        infer: Infer::Iface(la::infer_rng),
        verify: Some(la::verify_rng),
        ..op("stablehlo.rng")
    },
    OpDef {
        traits: PURE,
        attrs: &[A("rng_algorithm", K::Req)],
        verify: Some(la::verify_rng_bit_generator),
        ..op("stablehlo.rng_bit_generator")
    },
    unary("stablehlo.round_nearest_afz", ALL_F, &[], None),
    unary("stablehlo.round_nearest_even", ALL_F, &[], None),
    unary("stablehlo.rsqrt", ALL_FC, ACC, ACCV),
    OpDef {
        traits: REG,
        attrs: &[A("scatter_dimension_numbers", K::Req), A("indices_are_sorted", K::Opt), A("unique_indices", K::Opt)],
        infer: Infer::Verify(la::infer_scatter),
        ..op("stablehlo.scatter")
    },
    OpDef {
        traits: PURE,
        types: &[TC(At::Operand(0), Shp::Ranked, El::Pred)],
        infer: Infer::Iface(ew::infer_select),
        ..op("stablehlo.select")
    },
    OpDef {
        traits: REG,
        attrs: &[A("window_dimensions", K::Opt), A("window_strides", K::Opt), A("padding", K::Opt)],
        verify: Some(cf::verify_select_and_scatter),
        ..op("stablehlo.select_and_scatter")
    },
    OpDef {
        attrs: &[A("channel_handle", K::Req), A("is_host_transfer", K::Opt), A("source_target_pairs", K::Opt)],
        infer: Infer::Iface(coll::infer_send),
        ..op("stablehlo.send")
    },
    OpDef {
        traits: PURE,
        attrs: &[A("dimension", K::NN64)],
        verify: Some(sh::verify_set_dimension_size),
        ..op("stablehlo.set_dimension_size")
    },
    binary("stablehlo.shift_left", EWT, ALL_I),
    binary("stablehlo.shift_right_arithmetic", EWT, ALL_I),
    binary("stablehlo.shift_right_logical", EWT, ALL_I),
    unary("stablehlo.sign", &[], &[], None),
    unary("stablehlo.sine", ALL_FC, ACC, ACCV),
    OpDef {
        traits: PURE,
        attrs: &[A("start_indices", K::Req), A("limit_indices", K::Req), A("strides", K::Req)],
        infer: Infer::Iface(sh::infer_slice),
        ..op("stablehlo.slice")
    },
    OpDef {
        traits: REG,
        attrs: &[A("dimension", K::Opt), A("is_stable", K::Opt)],
        checks: chk::SAME_COUNT,
        infer: Infer::Verify(sh::infer_operands),
        verify: Some(cf::verify_sort),
        ..op("stablehlo.sort")
    },
    unary("stablehlo.sqrt", ALL_FC, ACC, ACCV),
    binary("stablehlo.subtract", EWT, &[]),
    unary("stablehlo.tan", ALL_FC, ACC, ACCV),
    unary("stablehlo.tanh", ALL_FC, ACC, ACCV),
    OpDef {
        traits: PURE,
        attrs: &[A("dim", K::Req), A("batch_dims", K::Req)],
        verify: Some(la::verify_torch_index_select),
        ..op("stablehlo.torch_index_select")
    },
    OpDef {
        traits: PURE,
        attrs: &[A("permutation", K::Req)],
        checks: chk::COMPAT_ELEM,
        infer: Infer::Iface(sh::infer_transpose),
        verify: Some(sh::verify_transpose),
        ..op("stablehlo.transpose")
    },
    OpDef {
        traits: PURE,
        attrs: &[A("left_side", K::Req), A("lower", K::Req), A("unit_diagonal", K::Req), A("transpose_a", K::Req)],
        checks: chk::SAME_OPERAND_ELEM,
        infer: Infer::Iface(la::infer_triangular_solve),
        ..op("stablehlo.triangular_solve")
    },
    OpDef { traits: PURE, infer: Infer::Iface(sh::infer_tuple), ..op("stablehlo.tuple") },
    OpDef {
        traits: PURE,
        attrs: &[A("einsum_config", K::Req)],
        verify: Some(la::verify_einsum),
        ..op("stablehlo.unary_einsum")
    },
    OpDef {
        traits: EW,
        checks: chk::SAME_SHAPE,
        infer: Infer::Iface(ew::infer_uniform_dequantize),
        ..op("stablehlo.uniform_dequantize")
    },
    OpDef {
        traits: EW,
        checks: chk::SAME_SHAPE,
        verify: Some(ew::verify_uniform_quantize),
        ..op("stablehlo.uniform_quantize")
    },
    OpDef { traits: REG, checks: 0, infer: Infer::Iface(cf::infer_while), ..op("stablehlo.while") },
    binary("stablehlo.xor", EWC, ALL_IP),
];

/// The table entry of an op by full name.
pub fn op_def(name: &str) -> Option<&'static OpDef> {
    OPS.iter().find(|d| d.name == name)
}

/// Build the registered `OpInfo` of a table entry (traits, inherent attributes, verifier,
/// custom syntax from [`super::syntax::hooks`], the entry as extension).
pub fn op_info(def: &'static OpDef) -> OpInfo {
    let names: Vec<&'static str> = def.attrs.iter().map(|a| a.0).collect();
    let mut info = OpInfo::new(def.name).traits(def.traits).inherent(&names).verifier(verify_op);
    info = info.extension(Rc::new(StablehloOp(def)));
    // The one place custom assembly gets attached.
    if let Some((parse, print)) = super::syntax::hooks(def.name) {
        info = info.assembly(parse, print);
    }
    if def.name == "stablehlo.constant" {
        info = info.result_names(super::syntax::constant_result_name);
    }
    super::views::register_views(info)
}

// ----- the generic verifier -----

/// Verify a StableHLO op: attribute constraints, type classes, trait checks, inferred types,
/// then the op's own verifier.
pub fn verify_op(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let Some(def) = super::def_of(ctx, op).or_else(|| op_def(ctx.op_name_of(op))) else { return Ok(()) };
    verify_attrs(ctx, op, def)?;
    verify_type_classes(ctx, op, def)?;
    verify_checks(ctx, op, def.checks)?;
    match def.infer {
        Infer::None => {}
        Infer::Iface(_) => match super::infer_descs(ctx, op).unwrap() {
            Err(m) => return Err(VerifyError::new(m).then(FAILED_TO_INFER)),
            Ok(d) => check_inferred(ctx, op, &d).map_err(|m| VerifyError::new(m).then(FAILED_TO_INFER))?,
        },
        Infer::Verify(_) => {
            let d = super::infer_descs(ctx, op).unwrap()?;
            check_inferred(ctx, op, &d)?;
        }
    }
    if let Some(v) = def.verify {
        v(ctx, op)?;
    }
    Ok(())
}

fn check_inferred(ctx: &Context, op: OpId, inferred: &[TyDesc]) -> Result<(), String> {
    let actual: Vec<Type> = ctx.results(op).map(|v| ctx.value_type(v)).collect();
    let ok = inferred.len() == actual.len() && inferred.iter().zip(&actual).all(|(d, t)| t::desc_compat(ctx, d, *t));
    if ok {
        return Ok(());
    }
    let inf = inferred.iter().map(|d| format!("'{}'", t::fmt_desc(ctx, d))).collect::<Vec<_>>().join(", ");
    Err(format!("inferred type(s) {inf} are incompatible with return type(s) of operation {}", fmt_types(ctx, &actual)))
}

fn verify_attrs(ctx: &Context, op: OpId, def: &OpDef) -> Result<(), String> {
    for A(name, kind) in def.attrs {
        let a = ctx.attr(op, name);
        let Some(a) = a else {
            if *kind != K::Opt && *kind != K::Precision {
                return Err(format!("requires attribute '{name}'"));
            }
            continue;
        };
        let int = |w: u32| match ctx.attr_kind(a) {
            strata_ir::AttrKind::Integer { value, ty } => match ctx.type_kind(*ty) {
                TypeKind::Integer { width, signedness: strata_ir::Signedness::Signless } if *width == w => {
                    Some(*value as i64)
                }
                _ => None,
            },
            _ => None,
        };
        let bad = |what: &str| format!("attribute '{name}' failed to satisfy constraint: {what}");
        match kind {
            K::NN64 if int(64).is_none_or(|v| v < 0) => {
                return Err(bad("64-bit signless integer attribute whose value is non-negative"))
            }
            K::P64 if int(64).is_none_or(|v| v <= 0) => {
                return Err(bad("64-bit signless integer attribute whose value is positive"))
            }
            K::NN32 if int(32).is_none_or(|v| v < 0) => {
                return Err(bad("32-bit signless integer attribute whose value is non-negative"))
            }
            K::Precision => {
                let ok = match ctx.attr_kind(a) {
                    strata_ir::AttrKind::Array(xs) => {
                        xs.iter().all(|x| super::attrs::Precision::parse_from_attr(ctx, *x).is_ok())
                    }
                    _ => false,
                };
                if !ok {
                    return Err(bad("Precision Config attribute"));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

fn elem_ok(ctx: &Context, e: Type, el: El) -> bool {
    let int = |w: u32| matches!(w, 2 | 4 | 8 | 16 | 32 | 64);
    let quant = super::quant::quant_type(ctx, e).is_some();
    match (el, ctx.type_kind(e)) {
        (El::Any, _) => true,
        (El::Pred, TypeKind::Integer { width: 1, .. }) => true,
        (El::IntOrPred, TypeKind::Integer { width, signedness }) => {
            *width == 1 || (int(*width) && *signedness != strata_ir::Signedness::Signed)
        }
        (El::Int, TypeKind::Integer { width, signedness }) => {
            int(*width) && *signedness != strata_ir::Signedness::Signed
        }
        (El::Float, TypeKind::Float(_)) => true,
        (El::FloatOrComplex, TypeKind::Float(_) | TypeKind::Complex(_)) => true,
        (El::Float | El::FloatOrComplex, _) => quant,
        (El::IntOrIndex, TypeKind::Integer { width, .. }) => *width > 1,
        (El::IntOrIndex, TypeKind::Index) => true,
        (El::NotComplex, TypeKind::Integer { .. } | TypeKind::Float(_)) => true,
        _ => false,
    }
}

fn class_desc(shp: Shp, el: El) -> String {
    let e = match el {
        El::Any => "pred (AKA boolean or 1-bit integer) or 2/4/8/16/32/64-bit signless integer or 2/4/8/16/32/64-bit unsigned integer or floating-point or complex type with 32-bit float or 64-bit float elements or per-tensor integer quantized",
        El::Pred => "pred (AKA boolean or 1-bit integer)",
        El::IntOrPred => "pred (AKA boolean or 1-bit integer) or 2/4/8/16/32/64-bit signless integer or 2/4/8/16/32/64-bit unsigned integer",
        El::Int => "2/4/8/16/32/64-bit signless integer or 2/4/8/16/32/64-bit unsigned integer",
        El::Float => "floating-point or per-tensor integer quantized",
        El::FloatOrComplex => "floating-point or complex type with 32-bit float or 64-bit float elements or per-tensor integer quantized",
        El::IntOrIndex => "index or 2/4/8/16/32/64-bit signless integer or 2/4/8/16/32/64-bit unsigned integer",
        El::NotComplex => "pred (AKA boolean or 1-bit integer) or 2/4/8/16/32/64-bit signless integer or 2/4/8/16/32/64-bit unsigned integer or floating-point",
    };
    match shp {
        Shp::Ranked => format!("ranked tensor of {e} values"),
        Shp::Rank0 => format!("0D tensor of {e} values"),
        Shp::Static1D => format!("statically shaped 1-dimensional tensor of {e} values"),
        Shp::Static => format!("statically shaped tensor of {e} values"),
    }
}

fn type_ok(ctx: &Context, ty: Type, shp: Shp, el: El) -> bool {
    let Some((shape, e, _)) = t::ranked(ctx, ty) else { return false };
    let shape_ok = match shp {
        Shp::Ranked => true,
        Shp::Rank0 => shape.is_empty(),
        Shp::Static1D => shape.len() == 1 && t::is_static(shape),
        Shp::Static => t::is_static(shape),
    };
    shape_ok && elem_ok(ctx, e, el)
}

fn verify_type_classes(ctx: &Context, op: OpId, def: &OpDef) -> Result<(), String> {
    let operands: Vec<Type> = ctx.operands(op).iter().map(|v| ctx.value_type(*v)).collect();
    let results: Vec<Type> = ctx.results(op).map(|v| ctx.value_type(v)).collect();
    for TC(at, shp, el) in def.types {
        let (what, list, idx): (&str, &[Type], Vec<usize>) = match at {
            At::Operand(i) => ("operand", &operands, vec![*i]),
            At::Operands => ("operand", &operands, (0..operands.len()).collect()),
            At::Result(i) => ("result", &results, vec![*i]),
            At::Results => ("result", &results, (0..results.len()).collect()),
        };
        for i in idx {
            let Some(ty) = list.get(i) else { continue };
            if !type_ok(ctx, *ty, *shp, *el) {
                return Err(format!("{what} #{i} must be {}, but got '{}'", class_desc(*shp, *el), fmt_type(ctx, *ty)));
            }
        }
    }
    Ok(())
}

/// Run trait-style checks on an op.
pub fn verify_checks(ctx: &Context, op: OpId, checks: u16) -> Result<(), String> {
    if checks == 0 {
        return Ok(());
    }
    let operands: Vec<Type> = ctx.operands(op).iter().map(|v| ctx.value_type(*v)).collect();
    let results: Vec<Type> = ctx.results(op).map(|v| ctx.value_type(v)).collect();
    let all: Vec<Type> = operands.iter().chain(results.iter()).copied().collect();
    if checks & chk::NONEMPTY != 0 && operands.is_empty() {
        return Err("expected 1 or more operands, but found 0".into());
    }
    if checks & chk::SAME_COUNT != 0 && operands.len() != results.len() {
        return Err("requires the same number of operands and results".into());
    }
    if checks & chk::SAME_SHAPE != 0 {
        let shapes: Vec<&[i64]> = all.iter().filter_map(|t| t::shape_of(ctx, *t)).collect();
        if shapes.windows(2).any(|w| !t::shapes_compat(w[0], w[1]))
            || shapes.iter().any(|s| !t::shapes_compat(s, shapes[0]))
        {
            return Err("requires the same shape for all operands and results".into());
        }
    }
    if checks & chk::SAME_OPERAND_ELEM != 0 {
        let es: Vec<Type> = operands.iter().map(|t| t::elem_of(ctx, *t)).collect();
        if es.iter().any(|e| *e != es[0]) {
            return Err("requires the same element type for all operands".into());
        }
    }
    if checks & chk::SAME_ELEM != 0 {
        let es: Vec<Type> = all.iter().map(|t| t::elem_of(ctx, *t)).collect();
        if es.iter().any(|e| *e != es[0]) {
            return Err("requires the same element type for all operands and results".into());
        }
    }
    if checks & chk::COMPAT != 0 && all.iter().any(|x| !t::types_compat(ctx, all[0], *x)) {
        return Err("requires compatible types for all operands and results".into());
    }
    if checks & chk::COMPAT_ELEM != 0 {
        let es: Vec<Type> = all.iter().filter(|t| t::is_tensor(ctx, **t)).map(|t| t::elem_of(ctx, *t)).collect();
        if es.iter().any(|e| !t::elems_compat(ctx, es[0], *e)) {
            return Err("requires compatible element types for all operands and results".into());
        }
    }
    Ok(())
}
