//! Custom assembly forms of StableHLO ops (`stablehlo.add %a, %b : tensor<f32>`, ...), exactly
//! as StableHLO prints them (its ODS `assemblyFormat`s and `AssemblyFormat.cpp`).
//!
//! [`hooks`] is looked up once per op by `ops::op_info` when the dialect is registered;
//! returning `Some((parse, print))` attaches the custom parser and printer. Ops StableHLO prints
//! only in the generic form (`if`, `case`, `sort`, `map`, `gather`, `scatter`, collectives,
//! `batch_norm_*`, `triangular_solve`, ...) have no hooks, so they print generically as in MLIR.
//!
//! - [`asm`]: the adapter over the IR parser every dialect's syntax in this crate uses.
//! - [`util`]: shared print/parse helpers (type directives, integer lists, generic fallback).
//! - `forms`: ops without regions; `regions`: `reduce` and `while`.
//!
//! Architecture invariant: a print hook either prints a form its parse hook reads back to the
//! same op, or calls [`util::fallback`] (the printer then prints the op generically).

pub mod asm;
mod forms;
mod regions;
pub mod util;

use strata_ir::dialect::{ParseFn, PrintFn};

use forms::*;
use regions::*;

const UNARY: &[&str] = &[
    "abs",
    "cbrt",
    "ceil",
    "convert",
    "count_leading_zeros",
    "cosine",
    "exponential",
    "exponential_minus_one",
    "floor",
    "imag",
    "log",
    "log_plus_one",
    "logistic",
    "not",
    "negate",
    "popcnt",
    "real",
    "round_nearest_afz",
    "round_nearest_even",
    "rsqrt",
    "sign",
    "sine",
    "sqrt",
    "tan",
    "tanh",
    "uniform_quantize",
    "uniform_dequantize",
];

const BINARY: &[&str] = &[
    "add",
    "atan2",
    "divide",
    "maximum",
    "minimum",
    "multiply",
    "power",
    "remainder",
    "shift_left",
    "shift_right_arithmetic",
    "shift_right_logical",
    "subtract",
    "and",
    "or",
    "xor",
    "clamp",
];

const FUNCTIONAL: &[&str] = &[
    "is_finite",
    "bitcast_convert",
    "reshape",
    "dynamic_reshape",
    "dynamic_update_slice",
    "real_dynamic_slice",
    "dynamic_pad",
];

/// The custom parse/print hooks of an op (full name, e.g. `stablehlo.add`), if it has any.
pub fn hooks(name: &str) -> Option<(ParseFn, PrintFn)> {
    let short = name.strip_prefix("stablehlo.")?;
    let h: (ParseFn, PrintFn) = if UNARY.contains(&short) {
        (r_unary, p_unary)
    } else if BINARY.contains(&short) {
        (r_nary_same, p_nary_same)
    } else if FUNCTIONAL.contains(&short) {
        (r_functional, p_functional)
    } else {
        match short {
            "complex" => (r_complex, p_complex),
            "select" => (r_select, p_select),
            "constant" => (r_constant, p_constant),
            "create_token" | "replica_id" | "partition_id" => (r_nullary, p_nullary),
            "iota" => (r_iota, p_iota),
            "after_all" => (r_after_all, p_after_all),
            "tuple" => (r_tuple, p_tuple),
            "get_tuple_element" => (r_get_tuple_element, p_get_tuple_element),
            "compare" => (r_compare, p_compare),
            "fft" => (r_fft, p_fft),
            "rng" => (r_rng, p_rng),
            "rng_bit_generator" => (r_rng_bit_generator, p_rng_bit_generator),
            "broadcast_in_dim" => (r_broadcast_in_dim, p_list1),
            "broadcast" => (r_broadcast, p_list1),
            "transpose" => (r_transpose, p_list1),
            "reverse" => (r_reverse, p_reverse),
            "dynamic_broadcast_in_dim" => (r_dynamic_broadcast_in_dim, p_dynamic_broadcast_in_dim),
            "dynamic_iota" => (r_dynamic_iota, p_dim),
            "get_dimension_size" | "set_dimension_size" => (r_dimension, p_dim),
            "concatenate" => (r_concatenate, p_concatenate),
            "dynamic_slice" => (r_dynamic_slice, p_dynamic_slice),
            "pad" => (r_pad, p_pad),
            "slice" => (r_slice, p_slice),
            "cholesky" => (r_cholesky, p_cholesky),
            "reduce_precision" => (r_reduce_precision, p_reduce_precision),
            "einsum" | "unary_einsum" => (r_einsum, p_einsum),
            "dot" => (r_dot, p_dot),
            "dot_general" => (r_dot_general, p_dot_general),
            "convolution" => (r_convolution, p_convolution),
            "custom_call" => (r_custom_call, p_custom_call),
            "composite" => (r_composite, p_composite),
            "return" => (r_return, p_return),
            "optimization_barrier" => (r_optimization_barrier, p_optimization_barrier),
            "reduce" => (r_reduce, p_reduce),
            "while" => (r_while, p_while),
            _ => return None,
        }
    };
    Some(h)
}

/// StableHLO's `ConstantOp::getAsmResultNames`: `%c` for integer (and `i1`) constants, `%cst`
/// otherwise — what JAX's output shows. Attach as the `stablehlo.constant` result-name hook
/// (`OpInfo::result_names`).
pub fn constant_result_name(ctx: &strata_ir::Context, op: strata_ir::OpId) -> Option<String> {
    let t = ctx.value_type(ctx.result(op, 0));
    let e = crate::stablehlo::types::elem_of(ctx, t);
    Some(if matches!(ctx.type_kind(e), strata_ir::TypeKind::Integer { .. }) { "c" } else { "cst" }.to_string())
}
