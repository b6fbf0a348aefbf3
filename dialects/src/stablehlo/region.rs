//! Region and body helpers shared by the ops with regions (control flow, reductions, scatter,
//! collectives): entry blocks, argument/return types, and the reducer-body check of
//! reduce / reduce_window / scatter / all_reduce / reduce_scatter.

use strata_ir::{BlockId, Context, RegionId, Type, TypeKind};

use super::quant::quant_type;
use super::types::*;

/// The entry block of a region.
pub fn entry(ctx: &Context, r: RegionId) -> Option<BlockId> {
    ctx.region_entry(r)
}

/// Argument types of a block.
pub fn arg_types(ctx: &Context, b: BlockId) -> Vec<Type> {
    ctx.block_args(b).map(|v| ctx.value_type(v)).collect()
}

/// Operand types of a block's terminator (its "return types").
pub fn ret_types(ctx: &Context, b: BlockId) -> Vec<Type> {
    ctx.block_last_op(b).map(|t| ctx.operands(t).iter().map(|v| ctx.value_type(*v)).collect()).unwrap_or_default()
}

pub(super) fn quoted(ctx: &Context, t: Type) -> String {
    format!("'{}'", fmt_type(ctx, t))
}

pub(super) fn lists_compat(ctx: &Context, a: &[Type], b: &[Type]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| types_compat(ctx, *x, *y))
}

/// StableHLO's `isPromotableElementType` (floats may widen or narrow when `ignore_fp`).
pub fn promotable(ctx: &Context, from: Type, to: Type, ignore_fp: bool) -> bool {
    let (a, b) = (elem_of(ctx, from), elem_of(ctx, to));
    if a == b {
        return true;
    }
    match (quant_type(ctx, a), quant_type(ctx, b)) {
        (Some(x), Some(y)) => {
            return x.expressed == y.expressed && x.signed == y.signed && y.storage_width >= x.storage_width
        }
        (None, None) => {}
        _ => return false,
    }
    match (ctx.type_kind(a), ctx.type_kind(b)) {
        (TypeKind::Integer { width: w1, signedness: s1 }, TypeKind::Integer { width: w2, signedness: s2 }) => {
            s1 == s2 && w2 >= w1
        }
        (TypeKind::Float(k1), TypeKind::Float(k2)) => ignore_fp || k2.bit_width() >= k1.bit_width(),
        (TypeKind::Complex(c1), TypeKind::Complex(c2)) => promotable(ctx, *c1, *c2, ignore_fp),
        _ => false,
    }
}

pub(super) fn compatible_shape_and_elem(ctx: &Context, a: Type, b: Type) -> bool {
    match (shape_of(ctx, a), shape_of(ctx, b)) {
        (Some(x), Some(y)) if !shapes_compat(x, y) => return false,
        _ => {}
    }
    elems_compat(ctx, elem_of(ctx, a), elem_of(ctx, b))
}

/// StableHLO's `verifyReducerShape`: the reducer region of reduce, reduce_window, scatter,
/// all_reduce, reduce_scatter, collective_reduce, select_and_scatter. `inits` are the init-value
/// (rank-0) types, `inputs` the input tensor types. Returns the accumulator types.
pub fn verify_reducer(
    ctx: &Context,
    block: BlockId,
    inits: &[Type],
    inputs: &[Type],
    max_rank: Option<usize>,
) -> Result<Vec<Type>, String> {
    let n = inits.len();
    let args = arg_types(ctx, block);
    if args.len() != 2 * n {
        return Err(format!("Reduction-region must take {} parameters, but takes {} parameter(s)", 2 * n, args.len()));
    }
    let rets = ret_types(ctx, block);
    if rets.is_empty() {
        return Err("The reduction-region expected to return some value(s)".into());
    }
    if rets.len() != n {
        return Err(format!("Reduction-region here must produce {n} tensors, but produces {} instead", rets.len()));
    }
    for r in &rets {
        if !is_tensor(ctx, *r) {
            return Err(format!(
                "Reduction-region here must produce tensor-typed result(s), but produces {} instead",
                quoted(ctx, *r)
            ));
        }
    }
    for i in 0..n {
        let acc = rets[i];
        for j in [i, n + i] {
            if !compatible_shape_and_elem(ctx, acc, args[j]) {
                return Err(format!(
                    "The type of reduction-region's parameter at index {j} is different than the corresponding result type: {} vs {}",
                    quoted(ctx, args[j]),
                    quoted(ctx, acc)
                ));
            }
        }
        if !promotable(ctx, inits[i], acc, true) {
            return Err(format!(
                "The element-type of reduction-region's result type at index {i} is expected to be promotable from the op's corresponding init-value element-type: {} vs 'tensor<{}>'",
                quoted(ctx, acc),
                fmt_type(ctx, elem_of(ctx, inits[i]))
            ));
        }
        if let Some(input) = inputs.get(i) {
            if !promotable(ctx, *input, args[n + i], true) {
                return Err(format!(
                    "The element-type of reduction-region's argument at index {} is expected to be promotable from {}, but got {}",
                    n + i,
                    quoted(ctx, elem_of(ctx, *input)),
                    quoted(ctx, elem_of(ctx, args[n + i]))
                ));
            }
        }
        if let (Some(m), Some(r)) = (max_rank, rank_of(ctx, args[n + i])) {
            if r > m {
                return Err(format!(
                    "The rank of reduction-region's argument at index {} is expected to be <= {m}, got {r}",
                    n + i
                ));
            }
        }
    }
    Ok(rets)
}
