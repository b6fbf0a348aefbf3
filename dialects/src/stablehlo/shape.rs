//! Shape-manipulating ops (broadcast*, reshape*, transpose, reverse, slice*, concatenate, pad*,
//! iota*, get/set_dimension_size, tuple ops, tokens): inference and verification.

use strata_ir::{Context, OpId, Signedness, Type, TypeKind};

use super::elementwise::most_specific;
use super::types::*;
use super::InferCx;

fn operand_types(ctx: &Context, op: OpId) -> Vec<Type> {
    ctx.operands(op).iter().map(|v| ctx.value_type(*v)).collect()
}

fn result_type(ctx: &Context, op: OpId) -> Type {
    ctx.value_type(ctx.result(op, 0))
}

fn ints_attr(ctx: &Context, op: OpId, name: &str) -> Vec<i64> {
    ctx.attr(op, name).and_then(|a| attr_i64s(ctx, a)).unwrap_or_default()
}

fn ranked_or_err(ctx: &Context, t: Type) -> Result<(&[i64], Type, Option<strata_ir::Attribute>), String> {
    ranked(ctx, t).ok_or_else(|| format!("expected a ranked tensor but got '{}'", fmt_type(ctx, t)))
}

/// ODS's `AllElementTypesMatch<[...]>` over the given operands (by index) and result 0, with
/// quantized element types compared by expressed type (`HLO_CompatibleElementType`). Shape and
/// index operands (`output_dimensions`, `padding_low`, ...) are not part of it: they are
/// integer/index tensors whatever the data's element type.
fn data_elems_match(ctx: &Context, op: OpId, operands: &[usize], names: &str) -> Result<(), String> {
    let ts = operand_types(ctx, op);
    let mut es: Vec<Type> =
        operands.iter().filter_map(|i| ts.get(*i)).filter(|t| is_tensor(ctx, **t)).map(|t| elem_of(ctx, *t)).collect();
    let r = result_type(ctx, op);
    if is_tensor(ctx, r) {
        es.push(elem_of(ctx, r));
    }
    if es.iter().any(|e| !elems_compat(ctx, es[0], *e)) {
        return Err(format!("failed to verify that all of {{{names}}} have same element type"));
    }
    Ok(())
}

fn has_dups(v: &[i64]) -> bool {
    let mut s = v.to_vec();
    s.sort();
    s.windows(2).any(|w| w[0] == w[1])
}

/// broadcast: `broadcast_sizes ++ shape(operand)`.
pub fn infer_broadcast(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let (shape, e, _) = ranked_or_err(cx.ctx, cx.operand(0)?)?;
    let sizes = cx.ints("broadcast_sizes").unwrap_or_default();
    if let Some(s) = sizes.iter().find(|s| **s < 0) {
        return Err(format!("Broadcast with negative dimension size {s}"));
    }
    let mut out = sizes.clone();
    out.extend_from_slice(shape);
    Ok(vec![TyDesc::tensor(out, e)])
}

/// broadcast_in_dim (C1-C6).
pub fn verify_broadcast_in_dim(ctx: &Context, op: OpId) -> Result<(), String> {
    let o = operand_types(ctx, op)[0];
    let r = result_type(ctx, op);
    super::quant::verify_same_quant_params(ctx, o, r, false)?;
    let (Some(os), Some(rs)) = (shape_of(ctx, o), shape_of(ctx, r)) else { return Ok(()) };
    let dims = ints_attr(ctx, op, "broadcast_dimensions");
    broadcast_dims_common(os, rs, &dims, "is not equal to 1 or size of result dimension")?;
    super::quant::verify_broadcast_per_axis(ctx, o, r, &dims)
}

fn broadcast_dims_common(os: &[i64], rs: &[i64], dims: &[i64], msg: &str) -> Result<(), String> {
    if dims.len() != os.len() {
        return Err(format!("broadcast_dimensions size ({}) does not match operand rank ({})", dims.len(), os.len()));
    }
    if rs.len() < os.len() {
        return Err(format!("result rank ({}) is less than operand rank ({})", rs.len(), os.len()));
    }
    for &d in dims {
        if d < 0 || d as usize >= rs.len() {
            return Err(format!("broadcast_dimensions contains invalid value {d} for result with rank {}", rs.len()));
        }
    }
    if has_dups(dims) {
        return Err("broadcast_dimensions should not have duplicates".into());
    }
    for (i, &d) in dims.iter().enumerate() {
        let (od, rd) = (os[i], rs[d as usize]);
        if od != DYN && rd != DYN && od != 1 && od != rd {
            return Err(format!("size of operand dimension {i} ({od}) {msg} {d} ({rd})"));
        }
    }
    Ok(())
}

/// dynamic_broadcast_in_dim (C1-C10).
pub fn verify_dynamic_broadcast_in_dim(ctx: &Context, op: OpId) -> Result<(), String> {
    data_elems_match(ctx, op, &[0], "operand, result")?;
    let ts = operand_types(ctx, op);
    let r = result_type(ctx, op);
    let (Some(os), Some(rs)) = (shape_of(ctx, ts[0]), shape_of(ctx, r)) else { return Ok(()) };
    if let Some(n) = shape_of(ctx, ts[1]).and_then(|s| s.first().copied()) {
        if n != DYN && n as usize != rs.len() {
            return Err(format!("length of output_dimensions ({n}) is not compatible with result rank ({})", rs.len()));
        }
    }
    let dims = ints_attr(ctx, op, "broadcast_dimensions");
    broadcast_dims_common(os, rs, &dims, "is not compatible with size of result dimension")?;
    let exp = ints_attr(ctx, op, "known_expanding_dimensions");
    let nonexp = ints_attr(ctx, op, "known_nonexpanding_dimensions");
    for (what, list) in [("expanding", &exp), ("non-expanding", &nonexp)] {
        for &d in list.iter() {
            if d < 0 || d as usize >= os.len() {
                return Err(format!("hint for {what} dimension {d} does not refer to a valid operand dimension"));
            }
        }
    }
    let mut all = exp.clone();
    all.extend(&nonexp);
    if has_dups(&all) {
        return Err("duplicate expansion hint for at least one operand dimension".into());
    }
    if let Some(shape) = const_operand_ints(ctx, op, 1) {
        if !shapes_compat(&shape, rs) {
            return Err(format!(
                "output shape {} is incompatible with return type of operation '{}'",
                fmt_dims(&shape),
                fmt_type(ctx, r)
            ));
        }
        for (i, &d) in dims.iter().enumerate() {
            let od = os[i];
            if let Some(&sv) = shape.get(d as usize) {
                if od != DYN && od != 1 && od != sv {
                    return Err(format!(
                        "size of operand dimension {i} ({od}) is not equal to 1 or value of shape at index {d} ({sv})"
                    ));
                }
            }
        }
    }
    super::quant::verify_broadcast_per_axis(ctx, ts[0], r, &dims)
}

fn numel(s: &[i64]) -> Option<i64> {
    if is_static(s) {
        Some(s.iter().product())
    } else {
        None
    }
}

/// transpose (C1, C4 quantized): the operand's scale(s) and zero point(s) are kept, and a
/// per-axis quantization dimension moves with the permutation.
pub fn verify_transpose(ctx: &Context, op: OpId) -> Result<(), String> {
    let (o, r) = (operand_types(ctx, op)[0], result_type(ctx, op));
    super::quant::verify_same_quant_params(ctx, o, r, true)?;
    let (Some(qo), Some(qr)) = (super::quant::quant_element(ctx, o), super::quant::quant_element(ctx, r)) else {
        return Ok(());
    };
    if let (Some(od), Some(rd)) = (qo.quantization_dimension, qr.quantization_dimension) {
        let perm = ints_attr(ctx, op, "permutation");
        if let Some(&p) = usize::try_from(rd).ok().and_then(|d| perm.get(d)) {
            if od != p {
                return Err(format!("operand quantization_dimension {od} is not same as permutation[{rd}] = {p}"));
            }
        }
    }
    Ok(())
}

/// reshape (C1-C3).
pub fn verify_reshape(ctx: &Context, op: OpId) -> Result<(), String> {
    let o = operand_types(ctx, op)[0];
    let r = result_type(ctx, op);
    super::quant::verify_same_quant_params(ctx, o, r, true)?;
    if let (Some(a), Some(b)) = (shape_of(ctx, o).and_then(numel), shape_of(ctx, r).and_then(numel)) {
        if a != b {
            return Err(format!("number of output elements ({b}) doesn't match expected number of elements ({a})"));
        }
    }
    super::quant::verify_reshape_per_axis(ctx, o, r)
}

/// dynamic_reshape (C1-C4).
pub fn verify_dynamic_reshape(ctx: &Context, op: OpId) -> Result<(), String> {
    data_elems_match(ctx, op, &[0], "operand, result")?;
    let ts = operand_types(ctx, op);
    let r = result_type(ctx, op);
    let Some(rs) = shape_of(ctx, r) else { return Ok(()) };
    if let Some(&n) = shape_of(ctx, ts[1]).and_then(|s| s.first()) {
        if n != DYN && n as usize != rs.len() {
            return Err("output should have a rank equal to the number of elements in output_shape".into());
        }
    }
    let on = shape_of(ctx, ts[0]).and_then(numel);
    if let (Some(a), Some(b)) = (on, numel(rs)) {
        if a != b {
            return Err(format!("number of output elements ({b}) doesn't match expected number of elements ({a})"));
        }
    }
    if let Some(shape) = const_operand_ints(ctx, op, 1) {
        if !shapes_compat(&shape, rs) {
            return Err(format!(
                "output shape {} is incompatible with return type of operation '{}'",
                fmt_dims(&shape),
                fmt_type(ctx, r)
            ));
        }
        if let Some(a) = on {
            let b: i64 = shape.iter().product();
            if shape.iter().all(|d| *d >= 0) && a != b {
                return Err(format!(
                    "output_shape is incompatible with input type of operation: input has {a} elements, but output_shape has {b}"
                ));
            }
        }
    }
    super::quant::verify_same_quant_params(ctx, ts[0], r, true)?;
    super::quant::verify_reshape_per_axis(ctx, ts[0], r)
}

/// transpose (C2-C4).
pub fn infer_transpose(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let (shape, e, _) = ranked_or_err(cx.ctx, cx.operand(0)?)?;
    let perm = cx.ints("permutation").unwrap_or_default();
    if perm.len() != shape.len() {
        return Err(format!("TransposeOp operand rank {} does not match permutation size {}", shape.len(), perm.len()));
    }
    let mut sorted = perm.clone();
    sorted.sort();
    if sorted.iter().enumerate().any(|(i, p)| *p != i as i64) {
        let range: Vec<i64> = (0..shape.len() as i64).collect();
        return Err(format!(
            "attribute permutation must be a permutation of [{}] but got {}",
            join(&range),
            join(&perm)
        ));
    }
    Ok(vec![TyDesc::tensor(perm.iter().map(|p| shape[*p as usize]).collect(), e)])
}

/// reverse (C2-C3).
pub fn verify_reverse(ctx: &Context, op: OpId) -> Result<(), String> {
    let dims = ints_attr(ctx, op, "dimensions");
    if has_dups(&dims) {
        return Err(format!("dimensions should be unique. Got: {}", join(&dims)));
    }
    let rank = rank_of(ctx, operand_types(ctx, op)[0]);
    for &d in &dims {
        if d < 0 {
            return Err(format!("all dimensions should be non-negative. Got dimension: {d}."));
        }
        if let Some(r) = rank {
            if d as usize >= r {
                return Err(format!("all dimensions should be between [0, {r}). Got dimension: {d}."));
            }
        }
    }
    Ok(())
}

/// slice (C2-C5).
pub fn infer_slice(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let (shape, e, _) = ranked_or_err(cx.ctx, cx.operand(0)?)?;
    let start = cx.ints("start_indices").unwrap_or_default();
    let limit = cx.ints("limit_indices").unwrap_or_default();
    let strides = cx.ints("strides").unwrap_or_default();
    for (name, v) in [("start_indices", &start), ("limit_indices", &limit), ("strides", &strides)] {
        if v.len() != shape.len() {
            return Err(format!(
                "the number of elements in {name} ({}) does not match the rank of the operand ({})",
                v.len(),
                shape.len()
            ));
        }
    }
    let mut out = Vec::new();
    for i in 0..shape.len() {
        let (s, l, st) = (start[i], limit[i], strides[i]);
        if s < 0 {
            return Err(format!("negative start index {s} in dimension {i}"));
        }
        if shape[i] != DYN && l > shape[i] {
            return Err(format!("limit index {l} is larger than dimension size {} in dimension {i}", shape[i]));
        }
        if s > l {
            return Err(format!("start index {s} is larger than limit index {l} in dimension {i}"));
        }
        if st <= 0 {
            return Err(format!("stride must be positive but got {st} in dimension {i}"));
        }
        out.push((l - s + st - 1) / st);
    }
    Ok(vec![TyDesc::tensor(out, e)])
}

fn check_start_indices(cx: &InferCx, idx: &[Type]) -> Result<(), String> {
    for t in idx {
        if rank_of(cx.ctx, *t).is_some_and(|r| r != 0) {
            return Err(format!("start indices must be 0-D tensors, but got '{}'", fmt_type(cx.ctx, *t)));
        }
    }
    if let Some(f) = idx.first() {
        let e0 = elem_of(cx.ctx, *f);
        if idx.iter().any(|t| elem_of(cx.ctx, *t) != e0) {
            return Err("start indices must have same element type".into());
        }
    }
    Ok(())
}

/// dynamic_slice (C2-C5).
pub fn infer_dynamic_slice(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let (shape, e, _) = ranked_or_err(cx.ctx, cx.operand(0)?)?;
    let idx = &cx.operands[1..];
    let sizes = cx.ints("slice_sizes").unwrap_or_default();
    if idx.len() != shape.len() {
        return Err(format!(
            "has mismatched number of start indices ({}) and the rank of operand ({})",
            idx.len(),
            shape.len()
        ));
    }
    if sizes.len() != shape.len() {
        return Err(format!(
            "has mismatched number of slice sizes ({}) and the rank of operand ({})",
            sizes.len(),
            shape.len()
        ));
    }
    check_start_indices(cx, idx)?;
    for (i, &s) in sizes.iter().enumerate() {
        if s < 0 {
            return Err(format!("has negative size index to dynamic slice: {s}"));
        }
        if shape[i] != DYN && s > shape[i] {
            return Err(format!(
                "has slice size {s} greater than dimension size {} in dimension {i} of operand",
                shape[i]
            ));
        }
    }
    Ok(vec![TyDesc::tensor(sizes, e)])
}

/// dynamic_update_slice (C1-C6).
/// dynamic_update_slice (C1-C2): operand, update and result share their element type
/// (StableHLO's `AllElementTypesMatch` trait).
pub fn verify_dynamic_update_slice(ctx: &Context, op: OpId) -> Result<(), String> {
    let ops = operand_types(ctx, op);
    let elem = |t: Type| ctx.type_kind(t).element_type().unwrap_or(t);
    let (Some(&o), Some(&u)) = (ops.first(), ops.get(1)) else { return Ok(()) };
    let r = result_type(ctx, op);
    if elem(o) != elem(u) || elem(o) != elem(r) {
        return Err("failed to verify that all of {operand, update, result} have same element type".into());
    }
    Ok(())
}

pub fn infer_dynamic_update_slice(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let operand = cx.operand(0)?;
    let (os, _, _) = ranked_or_err(cx.ctx, operand)?;
    let (us, _, _) = ranked_or_err(cx.ctx, cx.operand(1)?)?;
    let idx = &cx.operands[2..];
    if us.len() != os.len() {
        return Err(format!("update rank does not match operand rank: {} vs {}.", us.len(), os.len()));
    }
    if idx.len() != os.len() {
        return Err(format!("expects number of start_indices to match operand rank: {} vs {}.", idx.len(), os.len()));
    }
    check_start_indices(cx, idx)?;
    for i in 0..os.len() {
        if os[i] != DYN && us[i] != DYN && us[i] > os[i] {
            return Err(format!(
                "expects size at dimension {i} of update to be in range [0, {}]. Got: {}.",
                os[i], us[i]
            ));
        }
    }
    Ok(vec![TyDesc::Type(operand)])
}

/// real_dynamic_slice (C2-C6 where statically known).
pub fn verify_real_dynamic_slice(ctx: &Context, op: OpId) -> Result<(), String> {
    data_elems_match(ctx, op, &[0], "operand, result")?;
    let ts = operand_types(ctx, op);
    let Some(rank) = rank_of(ctx, ts[0]) else { return Ok(()) };
    for (i, name) in [(1, "start_indices"), (2, "limit_indices"), (3, "strides")] {
        let Some(t) = ts.get(i) else { continue };
        if let Some(&n) = shape_of(ctx, *t).and_then(|s| s.first()) {
            if n != DYN && n as usize != rank {
                return Err(format!("has mismatched number of operand rank ({rank}) and {name} size ({n})"));
            }
        }
    }
    if ts.len() == 4 && elem_of(ctx, ts[1]) != elem_of(ctx, ts[2])
        || ts.len() == 4 && elem_of(ctx, ts[1]) != elem_of(ctx, ts[3])
    {
        return Err("requires the same element type for start_indices, limit_indices and strides".into());
    }
    if let Some(strides) = const_operand_ints(ctx, op, 3) {
        if let Some(s) = strides.iter().find(|s| **s <= 0) {
            return Err(format!("stride must be positive but got {s}"));
        }
    }
    if let (Some(start), Some(limit)) = (const_operand_ints(ctx, op, 1), const_operand_ints(ctx, op, 2)) {
        for (i, (s, l)) in start.iter().zip(&limit).enumerate() {
            if s > l {
                return Err(format!("start index {s} is larger than limit index {l} in dimension {i}"));
            }
        }
    }
    Ok(())
}

/// concatenate (C1-C6).
pub fn infer_concatenate(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let ctx = cx.ctx;
    let dim = cx.int("dimension").unwrap_or(0);
    if dim < 0 {
        return Err(format!("dimension {dim} is negative"));
    }
    let first = cx.operand(0)?;
    let (s0, e0, _) = ranked_or_err(ctx, first)?;
    let rank = s0.len();
    if rank == 0 {
        return Err("rank-0 values cannot be concatenated".into());
    }
    let d = dim as usize;
    if d >= rank {
        return Err(format!("dimension {dim} is out-of-bounds for input rank {rank}"));
    }
    for (i, t) in cx.operands.iter().enumerate() {
        if !elems_compat(ctx, e0, elem_of(ctx, *t)) {
            return Err("requires the same element type for all operands".into());
        }
        let (si, _, _) = ranked_or_err(ctx, *t)?;
        if si.len() != rank {
            return Err(format!("operands (0) and ({i}) do not match rank"));
        }
    }
    let mut out = s0.to_vec();
    out[d] = 0;
    for (i, t) in cx.operands.iter().enumerate() {
        let si = shape_of(ctx, *t).unwrap();
        for j in 0..rank {
            if j == d {
                continue;
            }
            if !dim_compat(s0[j], si[j]) {
                return Err(format!(
                    "shapes of operand (0) and ({i}) are not compatible at non-concat index {j}: ({}) != ({})",
                    join(s0),
                    join(si)
                ));
            }
            if out[j] == DYN {
                out[j] = si[j];
            }
        }
        out[d] = if out[d] == DYN || si[d] == DYN { DYN } else { out[d] + si[d] };
    }
    Ok(vec![TyDesc::tensor(out, e0)])
}

/// The size of a padded dimension (pad C4, dynamic_pad C4: `lo + d + max(d - 1, 0) * interior +
/// hi`), in i128 so that huge paddings cannot overflow.
fn padded_size(d: i64, lo: i64, hi: i64, interior: i64) -> i128 {
    lo as i128 + d as i128 + (d as i128 - 1).max(0) * interior as i128 + hi as i128
}

/// pad (C1-C4).
pub fn infer_pad(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let (shape, e, _) = ranked_or_err(cx.ctx, cx.operand(0)?)?;
    if let Some(r) = rank_of(cx.ctx, cx.operand(1)?) {
        if r != 0 {
            return Err(format!("padding value type should be a rank-0 tensor, is rank {r}"));
        }
    }
    let low = cx.ints("edge_padding_low").unwrap_or_default();
    let high = cx.ints("edge_padding_high").unwrap_or_default();
    let interior = cx.ints("interior_padding").unwrap_or_default();
    for (name, v) in [("edge_padding_low", &low), ("edge_padding_high", &high), ("interior_padding", &interior)] {
        if v.len() != shape.len() {
            return Err(format!("{name} length ({}) must match operand rank ({})", v.len(), shape.len()));
        }
    }
    let mut out = Vec::new();
    for i in 0..shape.len() {
        if interior[i] < 0 {
            return Err(format!("Interior padding cannot be negative: {}", interior[i]));
        }
        if shape[i] == DYN {
            out.push(DYN);
            continue;
        }
        let n = padded_size(shape[i], low[i], high[i], interior[i]);
        if n < 0 {
            return Err(format!("Padding result in negative size for dimension {i}"));
        }
        out.push(i64::try_from(n).map_err(|_| format!("Padding result in too large size for dimension {i}"))?);
    }
    Ok(vec![TyDesc::tensor(out, e)])
}

/// dynamic_pad (C1-C4 where statically known).
pub fn verify_dynamic_pad(ctx: &Context, op: OpId) -> Result<(), String> {
    data_elems_match(ctx, op, &[0, 1], "operand, padding_value, result")?;
    let ts = operand_types(ctx, op);
    if let Some(r) = rank_of(ctx, ts[1]) {
        if r != 0 {
            return Err(format!("padding value type should be a rank-0 tensor, is rank {r}"));
        }
    }
    let Some(rank) = rank_of(ctx, ts[0]) else { return Ok(()) };
    for i in 2..=4 {
        if let Some(&n) = ts.get(i).and_then(|t| shape_of(ctx, *t)).and_then(|s| s.first()) {
            if n != DYN && n as usize != rank {
                return Err(format!("padding operands size ({n}) must match operand rank ({rank})"));
            }
        }
    }
    if let Some(r) = rank_of(ctx, result_type(ctx, op)) {
        if r != rank {
            return Err("output should have the same rank as the operand".into());
        }
    }
    let Some(interior) = const_operand_ints(ctx, op, 4) else { return Ok(()) };
    if let Some(x) = interior.iter().find(|x| **x < 0) {
        return Err(format!("interior_padding must be non-negative, but got {x}"));
    }
    // C4, when the shapes are static and the paddings constants.
    let (Some(os), Some(rs)) = (shape_of(ctx, ts[0]), shape_of(ctx, result_type(ctx, op))) else { return Ok(()) };
    let (Some(low), Some(high)) = (const_operand_ints(ctx, op, 2), const_operand_ints(ctx, op, 3)) else {
        return Ok(());
    };
    if !is_static(os) || !is_static(rs) {
        return Ok(());
    }
    for (i, (((&d, &out), &lo), (&hi, &inr))) in os.iter().zip(rs).zip(&low).zip(high.iter().zip(&interior)).enumerate()
    {
        let want = padded_size(d, lo, hi, inr);
        if out as i128 != want {
            return Err(format!("expected output dimension at index {i} to equal {want}, but got {out}"));
        }
    }
    Ok(())
}

/// iota (C1).
pub fn verify_iota(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(rank) = rank_of(ctx, result_type(ctx, op)) else { return Ok(()) };
    if rank == 0 {
        return Err("does not support scalars".into());
    }
    let d = ctx.attr(op, "iota_dimension").and_then(|a| attr_int(ctx, a)).unwrap_or(0);
    if d < 0 || d as usize >= rank {
        return Err("iota dimension cannot go beyond the output rank or be negative.".into());
    }
    Ok(())
}

/// dynamic_iota (C1-C2).
pub fn verify_dynamic_iota(ctx: &Context, op: OpId) -> Result<(), String> {
    let r = result_type(ctx, op);
    let Some(rs) = shape_of(ctx, r) else { return Ok(()) };
    let d = ctx.attr(op, "iota_dimension").and_then(|a| attr_int(ctx, a)).unwrap_or(0);
    if d as usize >= rs.len() {
        return Err("iota dimension cannot go beyond the output rank".into());
    }
    let ts = operand_types(ctx, op);
    if let Some(&n) = shape_of(ctx, ts[0]).and_then(|s| s.first()) {
        if n != DYN && n as usize != rs.len() {
            return Err(format!("output_shape length ({n}) does not match result rank ({})", rs.len()));
        }
    }
    if let Some(shape) = const_operand_ints(ctx, op, 0) {
        if !shapes_compat(&shape, rs) {
            return Err(format!(
                "output shape {} is incompatible with return type of operation '{}'",
                fmt_dims(&shape),
                fmt_type(ctx, r)
            ));
        }
    }
    Ok(())
}

/// get_dimension_size (C1).
pub fn infer_get_dimension_size(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let t = cx.operand(0)?;
    let d = cx.int("dimension").unwrap_or(0);
    if let Some(r) = rank_of(cx.ctx, t) {
        if d < 0 || d as usize >= r {
            return Err(format!("requires dimension attribute in range [0, {r}); found ({d})"));
        }
    }
    Ok(vec![TyDesc::Tensor { shape: vec![], elem: ElemDesc::Int(32, Signedness::Signless), encoding: None }])
}

/// set_dimension_size (C1).
pub fn verify_set_dimension_size(ctx: &Context, op: OpId) -> Result<(), String> {
    let ts = operand_types(ctx, op);
    let d = ctx.attr(op, "dimension").and_then(|a| attr_int(ctx, a)).unwrap_or(0);
    if let Some(r) = rank_of(ctx, ts[0]) {
        if d < 0 || d as usize >= r {
            return Err(format!("requires dimension attribute in range [0, {r}); found ({d})"));
        }
        if let Some(rr) = rank_of(ctx, result_type(ctx, op)) {
            if rr != r {
                return Err("result rank must match the operand rank".into());
            }
        }
    }
    if let Some(r) = rank_of(ctx, ts[1]) {
        if r != 0 {
            return Err(format!(
                "operand #1 must be 0D tensor of 32-bit signless integer values, but got '{}'",
                fmt_type(ctx, ts[1])
            ));
        }
    }
    Ok(())
}

/// get_tuple_element (C1-C2).
pub fn infer_get_tuple_element(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let t = cx.operand(0)?;
    let TypeKind::Tuple(es) = cx.ctx.type_kind(t) else {
        return Err(format!("operand #0 must be nested tuple, but got '{}'", fmt_type(cx.ctx, t)));
    };
    let i = cx.int("index").unwrap_or(0);
    match es.get(i as usize) {
        Some(e) if i >= 0 => Ok(vec![TyDesc::Type(*e)]),
        _ => Err(format!("index {i} is out of bounds of operand with size {}", es.len())),
    }
}

/// tuple: `tuple<operand types>`.
pub fn infer_tuple(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    Ok(vec![TyDesc::Tuple(cx.operands.iter().map(|t| TyDesc::Type(*t)).collect())])
}

/// Results = operands (optimization_barrier, sort).
pub fn infer_operands(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    Ok(cx.operands.iter().map(|t| TyDesc::Type(*t)).collect())
}

/// A `!stablehlo.token` result (after_all, create_token, outfeed).
pub fn infer_token(_cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    Ok(vec![TyDesc::Token])
}

/// `tensor<ui32>` (replica_id, partition_id).
pub fn infer_ui32_scalar(_cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    Ok(vec![TyDesc::Tensor { shape: vec![], elem: ElemDesc::Int(32, Signedness::Unsigned), encoding: None }])
}

/// Most specific merge of two result types (used by control flow).
pub fn merge(ctx: &Context, a: Type, b: Type) -> TyDesc {
    most_specific(ctx, a, b)
}
