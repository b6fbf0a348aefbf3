//! Property layouts of upstream MLIR ops (func, arith, math, cf, scf, tensor, memref) as MLIR
//! 22.1.8's ODS generates them (`readProperties` / `writeProperties`): the inherent attributes
//! in name order, each required or optional, and where the operand/result segment sizes go.
//!
//! These are part of the bytecode format for those ops (an op's properties are a positional
//! record), so reading mlir-opt's bytecode of ops Strata does not register needs them; they are
//! consulted when a dialect's own [`DialectBytecode`](super::DialectBytecode) has no layout.
//! The table was extracted from the `*.cpp.inc` / `*.h.inc` files MLIR 22 installs.

use super::{PropField, PropKind};

#[allow(non_snake_case)]
mod P {
    use super::PropKind;
    pub(super) const fn Req(n: &'static str) -> (&'static str, PropKind) {
        (n, PropKind::Required)
    }
    pub(super) const fn Opt(n: &'static str) -> (&'static str, PropKind) {
        (n, PropKind::Optional)
    }
    pub(super) const fn Seg5(n: &'static str, size: usize) -> (&'static str, PropKind) {
        (n, PropKind::SegmentsBeforeV6(size))
    }
    pub(super) const fn Seg6(n: &'static str, size: usize) -> (&'static str, PropKind) {
        (n, PropKind::SegmentsV6(size))
    }
}

/// The layout of an upstream op, if it is in the table.
pub fn layout(op: &str) -> Option<Vec<PropField>> {
    let i = UPSTREAM_LAYOUTS.binary_search_by(|(n, _)| (*n).cmp(op)).ok()?;
    Some(UPSTREAM_LAYOUTS[i].1.iter().map(|(name, kind)| PropField { name, kind: *kind }).collect())
}

// Sorted by op name (binary search).
const UPSTREAM_LAYOUTS: &[(&str, &[(&str, PropKind)])] = &[
    ("arith.addf", &[P::Opt("fastmath")]),
    ("arith.addi", &[P::Opt("overflowFlags")]),
    ("arith.cmpf", &[P::Opt("fastmath"), P::Req("predicate")]),
    ("arith.cmpi", &[P::Req("predicate")]),
    ("arith.constant", &[P::Req("value")]),
    ("arith.divf", &[P::Opt("fastmath")]),
    ("arith.divsi", &[P::Opt("isExact")]),
    ("arith.divui", &[P::Opt("isExact")]),
    ("arith.extf", &[P::Opt("fastmath")]),
    ("arith.maximumf", &[P::Opt("fastmath")]),
    ("arith.maxnumf", &[P::Opt("fastmath")]),
    ("arith.minimumf", &[P::Opt("fastmath")]),
    ("arith.minnumf", &[P::Opt("fastmath")]),
    ("arith.mulf", &[P::Opt("fastmath")]),
    ("arith.muli", &[P::Opt("overflowFlags")]),
    ("arith.negf", &[P::Opt("fastmath")]),
    ("arith.remf", &[P::Opt("fastmath")]),
    ("arith.scaling_extf", &[P::Opt("fastmath")]),
    ("arith.scaling_truncf", &[P::Opt("fastmath"), P::Opt("roundingmode")]),
    ("arith.shli", &[P::Opt("overflowFlags")]),
    ("arith.shrsi", &[P::Opt("isExact")]),
    ("arith.shrui", &[P::Opt("isExact")]),
    ("arith.subf", &[P::Opt("fastmath")]),
    ("arith.subi", &[P::Opt("overflowFlags")]),
    ("arith.truncf", &[P::Opt("fastmath"), P::Opt("roundingmode")]),
    ("arith.trunci", &[P::Opt("overflowFlags")]),
    ("cf.assert", &[P::Req("msg")]),
    ("cf.cond_br", &[P::Opt("branch_weights"), P::Seg5("operandSegmentSizes", 3), P::Seg6("operandSegmentSizes", 3)]),
    (
        "cf.switch",
        &[
            P::Req("case_operand_segments"),
            P::Opt("case_values"),
            P::Seg5("operandSegmentSizes", 3),
            P::Seg6("operandSegmentSizes", 3),
        ],
    ),
    ("func.call", &[P::Opt("arg_attrs"), P::Req("callee"), P::Opt("no_inline"), P::Opt("res_attrs")]),
    ("func.call_indirect", &[P::Opt("arg_attrs"), P::Opt("res_attrs")]),
    ("func.constant", &[P::Req("value")]),
    (
        "func.func",
        &[
            P::Opt("arg_attrs"),
            P::Req("function_type"),
            P::Opt("no_inline"),
            P::Opt("res_attrs"),
            P::Req("sym_name"),
            P::Opt("sym_visibility"),
        ],
    ),
    ("math.absf", &[P::Opt("fastmath")]),
    ("math.acos", &[P::Opt("fastmath")]),
    ("math.acosh", &[P::Opt("fastmath")]),
    ("math.asin", &[P::Opt("fastmath")]),
    ("math.asinh", &[P::Opt("fastmath")]),
    ("math.atan", &[P::Opt("fastmath")]),
    ("math.atan2", &[P::Opt("fastmath")]),
    ("math.atanh", &[P::Opt("fastmath")]),
    ("math.cbrt", &[P::Opt("fastmath")]),
    ("math.ceil", &[P::Opt("fastmath")]),
    ("math.clampf", &[P::Opt("fastmath")]),
    ("math.copysign", &[P::Opt("fastmath")]),
    ("math.cos", &[P::Opt("fastmath")]),
    ("math.cosh", &[P::Opt("fastmath")]),
    ("math.erf", &[P::Opt("fastmath")]),
    ("math.erfc", &[P::Opt("fastmath")]),
    ("math.exp", &[P::Opt("fastmath")]),
    ("math.exp2", &[P::Opt("fastmath")]),
    ("math.expm1", &[P::Opt("fastmath")]),
    ("math.floor", &[P::Opt("fastmath")]),
    ("math.fma", &[P::Opt("fastmath")]),
    ("math.fpowi", &[P::Opt("fastmath")]),
    ("math.isfinite", &[P::Opt("fastmath")]),
    ("math.isinf", &[P::Opt("fastmath")]),
    ("math.isnan", &[P::Opt("fastmath")]),
    ("math.isnormal", &[P::Opt("fastmath")]),
    ("math.log", &[P::Opt("fastmath")]),
    ("math.log10", &[P::Opt("fastmath")]),
    ("math.log1p", &[P::Opt("fastmath")]),
    ("math.log2", &[P::Opt("fastmath")]),
    ("math.powf", &[P::Opt("fastmath")]),
    ("math.round", &[P::Opt("fastmath")]),
    ("math.roundeven", &[P::Opt("fastmath")]),
    ("math.rsqrt", &[P::Opt("fastmath")]),
    ("math.sin", &[P::Opt("fastmath")]),
    ("math.sincos", &[P::Opt("fastmath")]),
    ("math.sinh", &[P::Opt("fastmath")]),
    ("math.sqrt", &[P::Opt("fastmath")]),
    ("math.tan", &[P::Opt("fastmath")]),
    ("math.tanh", &[P::Opt("fastmath")]),
    ("math.trunc", &[P::Opt("fastmath")]),
    ("memref.alloc", &[P::Opt("alignment"), P::Seg5("operandSegmentSizes", 2), P::Seg6("operandSegmentSizes", 2)]),
    ("memref.alloca", &[P::Opt("alignment"), P::Seg5("operandSegmentSizes", 2), P::Seg6("operandSegmentSizes", 2)]),
    ("memref.assume_alignment", &[P::Req("alignment")]),
    ("memref.atomic_rmw", &[P::Req("kind")]),
    ("memref.collapse_shape", &[P::Req("reassociation")]),
    ("memref.expand_shape", &[P::Req("reassociation"), P::Req("static_output_shape")]),
    ("memref.get_global", &[P::Req("name")]),
    (
        "memref.global",
        &[
            P::Opt("alignment"),
            P::Opt("constant"),
            P::Opt("initial_value"),
            P::Req("sym_name"),
            P::Opt("sym_visibility"),
            P::Req("type"),
        ],
    ),
    ("memref.load", &[P::Opt("alignment"), P::Opt("nontemporal")]),
    ("memref.prefetch", &[P::Req("isDataCache"), P::Req("isWrite"), P::Req("localityHint")]),
    ("memref.realloc", &[P::Opt("alignment")]),
    (
        "memref.reinterpret_cast",
        &[
            P::Seg5("operandSegmentSizes", 4),
            P::Req("static_offsets"),
            P::Req("static_sizes"),
            P::Req("static_strides"),
            P::Seg6("operandSegmentSizes", 4),
        ],
    ),
    ("memref.store", &[P::Opt("alignment"), P::Opt("nontemporal")]),
    (
        "memref.subview",
        &[
            P::Seg5("operandSegmentSizes", 4),
            P::Req("static_offsets"),
            P::Req("static_sizes"),
            P::Req("static_strides"),
            P::Seg6("operandSegmentSizes", 4),
        ],
    ),
    ("memref.transpose", &[P::Req("permutation")]),
    ("scf.execute_region", &[P::Opt("no_inline")]),
    ("scf.for", &[P::Opt("unsignedCmp")]),
    (
        "scf.forall",
        &[
            P::Opt("mapping"),
            P::Seg5("operandSegmentSizes", 4),
            P::Req("staticLowerBound"),
            P::Req("staticStep"),
            P::Req("staticUpperBound"),
            P::Seg6("operandSegmentSizes", 4),
        ],
    ),
    ("scf.index_switch", &[P::Req("cases")]),
    ("scf.parallel", &[P::Seg5("operandSegmentSizes", 4), P::Seg6("operandSegmentSizes", 4)]),
    ("tensor.collapse_shape", &[P::Req("reassociation")]),
    ("tensor.concat", &[P::Req("dim")]),
    ("tensor.expand_shape", &[P::Req("reassociation"), P::Req("static_output_shape")]),
    (
        "tensor.extract_slice",
        &[
            P::Seg5("operandSegmentSizes", 4),
            P::Req("static_offsets"),
            P::Req("static_sizes"),
            P::Req("static_strides"),
            P::Seg6("operandSegmentSizes", 4),
        ],
    ),
    ("tensor.gather", &[P::Req("gather_dims"), P::Opt("unique")]),
    (
        "tensor.insert_slice",
        &[
            P::Seg5("operandSegmentSizes", 5),
            P::Req("static_offsets"),
            P::Req("static_sizes"),
            P::Req("static_strides"),
            P::Seg6("operandSegmentSizes", 5),
        ],
    ),
    (
        "tensor.pad",
        &[
            P::Opt("nofold"),
            P::Seg5("operandSegmentSizes", 3),
            P::Req("static_high"),
            P::Req("static_low"),
            P::Seg6("operandSegmentSizes", 3),
        ],
    ),
    (
        "tensor.parallel_insert_slice",
        &[
            P::Seg5("operandSegmentSizes", 5),
            P::Req("static_offsets"),
            P::Req("static_sizes"),
            P::Req("static_strides"),
            P::Seg6("operandSegmentSizes", 5),
        ],
    ),
    ("tensor.scatter", &[P::Req("scatter_dims"), P::Opt("unique")]),
];
