//! Collective and communication ops: all_gather, all_reduce, all_to_all, reduce_scatter,
//! collective_permute, collective_broadcast, collective_reduce, send, recv, infeed.

use strata_ir::{AttrKind, Context, OpId, Type, TypeKind};

use super::attrs::ChannelHandle;
use super::region::{entry, verify_reducer};
use super::types::*;
use super::InferCx;

fn operand_types(ctx: &Context, op: OpId) -> Vec<Type> {
    ctx.operands(op).iter().map(|v| ctx.value_type(*v)).collect()
}

fn result_types(ctx: &Context, op: OpId) -> Vec<Type> {
    ctx.results(op).map(|v| ctx.value_type(v)).collect()
}

/// StableHLO's `verifyReplicaGroups`.
pub fn verify_replica_groups(
    ctx: &Context,
    groups: Option<strata_ir::Attribute>,
    all_same_size: bool,
    use_global_device_ids: bool,
    expected_group_size: Option<i64>,
) -> Result<(), String> {
    let Some(g) = groups else { return Ok(()) };
    let Some((shape, ids)) = dense_ints(ctx, g) else { return Ok(()) };
    if shape.len() != 2 {
        return Err("replica groups should be a rank 2 tensor".into());
    }
    if use_global_device_ids && (shape[0] * shape[1] == 0) {
        return Err("if `use_global_device_ids` is set, the replica groups cannot be empty".into());
    }
    let mut seen = std::collections::BTreeSet::new();
    for &id in &ids {
        if id == -1 {
            if all_same_size {
                return Err("Invalid replica id -1".into());
            }
            continue;
        }
        if !seen.insert(id) {
            return Err(format!("replica id #{id} seen more than once"));
        }
    }
    for id in 0..seen.len() as i64 {
        if !seen.contains(&id) {
            return Err(format!("replica id #{id} not seen in replica groups"));
        }
    }
    if let (true, Some(n)) = (all_same_size, expected_group_size) {
        if shape[0] == 0 || shape[1] != n {
            return Err(format!("group size of replica_groups must be {n}"));
        }
    }
    Ok(())
}

fn channel(ctx: &Context, op: OpId) -> Result<Option<ChannelHandle>, String> {
    ctx.attr(op, "channel_handle").map(|a| ChannelHandle::parse_from_attr(ctx, a)).transpose()
}

fn flag(ctx: &Context, op: OpId, name: &str) -> bool {
    ctx.attr(op, name).and_then(|a| attr_bool(ctx, a)).unwrap_or(false)
}

fn common(ctx: &Context, op: OpId, all_same: bool) -> Result<(), String> {
    let global = flag(ctx, op, "use_global_device_ids");
    verify_replica_groups(ctx, ctx.attr(op, "replica_groups"), all_same, global, None)?;
    if global {
        let id = channel(ctx, op)?.map(|c| c.handle).unwrap_or(0);
        if id <= 0 {
            return Err(format!("channel_id must be positive when useGlobalDeviceIds is set but got: {id}"));
        }
    }
    Ok(())
}

fn check_result_elems(ctx: &Context, accs: &[Type], results: &[Type]) -> Result<(), String> {
    for (a, r) in accs.iter().zip(results) {
        let (ae, re) = (elem_of(ctx, *a), elem_of(ctx, *r));
        if ae != re {
            return Err(format!(
                "result element-type is expected to be '{}', but got '{}'",
                fmt_type(ctx, ae),
                fmt_type(ctx, re)
            ));
        }
    }
    Ok(())
}

fn reducer(ctx: &Context, op: OpId, data: &[Type]) -> Result<Vec<Type>, String> {
    match ctx.op_regions(op).first().and_then(|r| entry(ctx, *r)) {
        Some(b) => {
            let mut accs = Vec::new();
            for t in data {
                accs.extend(verify_reducer(ctx, b, &[*t], &[*t], Some(0))?);
            }
            Ok(accs)
        }
        None => Ok(data.to_vec()),
    }
}

/// all_reduce (C1-C8).
pub fn verify_all_reduce(ctx: &Context, op: OpId) -> Result<(), String> {
    common(ctx, op, false)?;
    let ops = operand_types(ctx, op);
    let res = result_types(ctx, op);
    if ops.len() != res.len() {
        return Err("requires the same number of operands and results".into());
    }
    let accs = reducer(ctx, op, &ops)?;
    for (o, r) in ops.iter().zip(&res) {
        if let (Some(a), Some(b)) = (shape_of(ctx, *o), shape_of(ctx, *r)) {
            if !shapes_compat(a, b) {
                return Err("requires the same shape for all operands and results".into());
            }
        }
    }
    check_result_elems(ctx, &accs, &res)
}

/// all_gather (C1-C6).
pub fn verify_all_gather(ctx: &Context, op: OpId) -> Result<(), String> {
    common(ctx, op, false)?;
    let dim = ctx.attr(op, "all_gather_dim").and_then(|a| attr_int(ctx, a)).unwrap_or(0);
    for (o, r) in operand_types(ctx, op).iter().zip(result_types(ctx, op)) {
        // C6: each result has its operand's element type.
        if elem_of(ctx, *o) != elem_of(ctx, r) {
            return Err("requires the same element type for all operands and results".into());
        }
        let (Some(os), Some(rs)) = (shape_of(ctx, *o), shape_of(ctx, r)) else { continue };
        if dim as usize >= os.len() {
            return Err("all_gather_dim must be a valid index of operand".into());
        }
        if os.len() != rs.len() {
            return Err("operand and result must have the same rank".into());
        }
        let d = dim as usize;
        if os[d] == 0 {
            return Err("dimension size of operand at 'all_gather_dim' cannot be zero".into());
        }
        if os[d] != DYN && rs[d] != DYN && rs[d] % os[d] != 0 {
            return Err(format!(
                "result gather dimension has size {}, expected to be a multiple of operand gather dimension size {}",
                rs[d], os[d]
            ));
        }
        for i in 0..os.len() {
            if i != d && !dim_compat(os[i], rs[i]) {
                return Err(
                    "operand and result should have the same shape except for the dimension size at 'all_gather_dim'"
                        .into(),
                );
            }
        }
    }
    Ok(())
}

/// all_to_all (C1-C9).
pub fn infer_all_to_all(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let ctx = cx.ctx;
    let split = cx.int("split_dimension").unwrap_or(0);
    let concat = cx.int("concat_dimension").unwrap_or(0);
    let count = cx.int("split_count").unwrap_or(1).max(1);
    let mut out = Vec::new();
    for t in cx.operands {
        let Some((s, e, _)) = ranked(ctx, *t) else {
            out.push(TyDesc::Type(*t));
            continue;
        };
        let rank = s.len() as i64;
        if split >= rank {
            return Err(format!("AllToAll split_dimension {split} is out-of-bounds for input rank {rank}"));
        }
        if concat >= rank {
            return Err(format!("AllToAll concat_dimension {concat} is out-of-bounds for input rank {rank}"));
        }
        let mut shape = s.to_vec();
        let sd = shape[split as usize];
        if sd != DYN && sd % count != 0 {
            return Err(format!("split dimension has size {sd}, expected to be a multiple of split_count {count}"));
        }
        if sd != DYN {
            shape[split as usize] = sd / count;
        }
        let cd = shape[concat as usize];
        if cd != DYN {
            shape[concat as usize] = cd * count;
        }
        out.push(TyDesc::tensor(shape, e));
    }
    verify_replica_groups(ctx, cx.attr("replica_groups"), true, false, Some(count))?;
    Ok(out)
}

/// reduce_scatter (C1-C9).
pub fn verify_reduce_scatter(ctx: &Context, op: OpId) -> Result<(), String> {
    common(ctx, op, false)?;
    let ops = operand_types(ctx, op);
    let res = result_types(ctx, op);
    let dim = ctx.attr(op, "scatter_dimension").and_then(|a| attr_int(ctx, a)).unwrap_or(0) as usize;
    for (o, r) in ops.iter().zip(&res) {
        let (Some(os), Some(rs)) = (shape_of(ctx, *o), shape_of(ctx, *r)) else { continue };
        if os.len() != rs.len() {
            return Err("operand and result should have same rank".into());
        }
        if dim >= os.len() {
            return Err("scatter dim should be less than operand/result rank".into());
        }
        if rs[dim] == 0 {
            return Err("result dimension size at scatter_dimension cannot be zero".into());
        }
        if os[dim] != DYN && rs[dim] != DYN && os[dim] % rs[dim] != 0 {
            return Err(format!(
                "operand scatter dimension has size {}, expected to be a multiple of result scatter dimension size {}",
                os[dim], rs[dim]
            ));
        }
        for i in 0..os.len() {
            if i != dim && !dim_compat(os[i], rs[i]) {
                return Err(format!(
                    "non scatter dimensions should be same for operand ({}) and result ({})",
                    os[i], rs[i]
                ));
            }
        }
    }
    let accs = reducer(ctx, op, &ops)?;
    check_result_elems(ctx, &accs, &res)
}

/// collective_permute (C1-C5).
pub fn verify_collective_permute(ctx: &Context, op: OpId) -> Result<(), String> {
    verify_source_target_pairs(ctx, ctx.attr(op, "source_target_pairs"))
}

/// StableHLO's `verifyCollectivePermuteSourceTargetPairs` (collective_permute, send and recv
/// C1-C4): an `(N, 2)` tensor of non-negative ids, no source and no target repeated.
fn verify_source_target_pairs(ctx: &Context, pairs: Option<strata_ir::Attribute>) -> Result<(), String> {
    let Some(a) = pairs else { return Ok(()) };
    let Some((shape, vals)) = dense_ints(ctx, a) else { return Ok(()) };
    if shape.len() != 2 {
        return Err(format!("expect source_target_pairs attribute to be of rank 2, but got rank {}", shape.len()));
    }
    if shape[1] != 2 {
        return Err(format!("expect source_target_pairs attribute of shape (N, 2), but got ({})", join(&shape)));
    }
    let (mut src, mut dst) = (std::collections::BTreeSet::new(), std::collections::BTreeSet::new());
    for p in vals.chunks(2) {
        if p[0] < 0 || p[1] < 0 {
            return Err("replica ids in source_target_pairs must be >= 0".into());
        }
        if !src.insert(p[0]) {
            return Err("duplicate sources not allowed".into());
        }
        if !dst.insert(p[1]) {
            return Err("duplicate targets not allowed".into());
        }
    }
    Ok(())
}

fn dynamic_root(ctx: &Context, op: OpId, name: &str) -> Result<Vec<Type>, String> {
    let mut ops = operand_types(ctx, op);
    if flag(ctx, op, "has_dynamic_root") {
        if ops.len() < 2 {
            return Err(format!("{name} with has_dynamic_root=true requires at least two operands (data + root)"));
        }
        let root = ops.pop().unwrap();
        let ok = shape_of(ctx, root).is_some_and(|s| s.len() == 1)
            && matches!(ctx.type_kind(elem_of(ctx, root)), TypeKind::Integer { width: 32, .. });
        if !ok {
            return Err(format!("last operand of {name} with has_dynamic_root=true must be a rank-1 i32 tensor"));
        }
        // One root per data operand: `tensor<[size(operands)-1]xi32>`.
        let n = shape_of(ctx, root).map_or(DYN, |s| s[0]);
        if n != DYN && n != ops.len() as i64 {
            return Err(format!(
                "last operand of {name} with has_dynamic_root=true must have one element per data operand ({}), but got {n}",
                ops.len()
            ));
        }
    }
    let res = result_types(ctx, op);
    if res.len() != ops.len() {
        return Err(format!("{name} expects {} result(s), but got {}", ops.len(), res.len()));
    }
    Ok(ops)
}

/// StableHLO's `verifyCollectiveBroadcastOp` (I2, C1): replica groups form a rank-2 tensor with
/// no repeated id. Unlike `verifyReplicaGroups`, ids need not be `0..n` (a group may be
/// `[[2, 1]]`): collective_broadcast only sends within the listed processes.
fn collective_broadcast_groups(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(g) = ctx.attr(op, "replica_groups") else { return Ok(()) };
    let Some((shape, ids)) = dense_ints(ctx, g) else { return Ok(()) };
    if shape.len() != 2 {
        return Err("replica groups should be a rank 2 tensor".into());
    }
    let mut seen = std::collections::BTreeSet::new();
    for id in ids {
        if !seen.insert(id) {
            return Err(format!("replica id #{id} seen more than once"));
        }
    }
    Ok(())
}

/// collective_broadcast (C1-C6).
pub fn verify_collective_broadcast(ctx: &Context, op: OpId) -> Result<(), String> {
    collective_broadcast_groups(ctx, op)?;
    let data = dynamic_root(ctx, op, "collective_broadcast")?;
    for (o, r) in data.iter().zip(result_types(ctx, op)) {
        if !types_compat(ctx, *o, r) {
            return Err("requires compatible types for all operands and results".into());
        }
    }
    Ok(())
}

/// collective_reduce (C1-C5).
pub fn verify_collective_reduce(ctx: &Context, op: OpId) -> Result<(), String> {
    common(ctx, op, false)?;
    let data = dynamic_root(ctx, op, "collective_reduce")?;
    let res = result_types(ctx, op);
    let accs = reducer(ctx, op, &data)?;
    for (o, r) in data.iter().zip(&res) {
        if let (Some(a), Some(b)) = (shape_of(ctx, *o), shape_of(ctx, *r)) {
            if !shapes_compat(a, b) {
                return Err("requires the same shape for all operands and results".into());
            }
        }
    }
    check_result_elems(ctx, &accs, &res)
}

fn channel_type_check(cx_flag: bool, ch: Option<ChannelHandle>, host_type: i64, host_name: &str) -> Result<(), String> {
    let Some(ch) = ch else { return Ok(()) };
    if cx_flag && ch.ty != host_type {
        return Err(format!("channel_type should be {host_name} when is_host_transfer is true"));
    }
    if !cx_flag && ch.ty != ChannelHandle::DEVICE_TO_DEVICE {
        return Err("channel_type should be DEVICE_TO_DEVICE when is_host_transfer is false".into());
    }
    Ok(())
}

/// send (C1-C5): returns a token.
pub fn infer_send(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    verify_source_target_pairs(cx.ctx, cx.attr("source_target_pairs"))?;
    let ch = cx.attr("channel_handle").map(|a| ChannelHandle::parse_from_attr(cx.ctx, a)).transpose()?;
    channel_type_check(cx.flag("is_host_transfer"), ch, ChannelHandle::DEVICE_TO_HOST, "DEVICE_TO_HOST")?;
    Ok(vec![TyDesc::Token])
}

fn token_last(ctx: &Context, res: &[Type], msg: &str) -> Result<(), String> {
    match res.last() {
        Some(t) if is_token(ctx, *t) => {}
        Some(t) => {
            return Err(format!(
                "last element of result types is expected to be of token type, but got '{}'",
                fmt_type(ctx, *t)
            ))
        }
        None => return Err("result is expected to be at least of size 1, but got 0".into()),
    }
    for t in &res[..res.len() - 1] {
        if !is_tensor(ctx, *t) {
            return Err(format!("{msg}, but got '{}'", fmt_type(ctx, *t)));
        }
    }
    Ok(())
}

/// recv (C1-C5).
pub fn verify_recv(ctx: &Context, op: OpId) -> Result<(), String> {
    verify_source_target_pairs(ctx, ctx.attr(op, "source_target_pairs"))?;
    channel_type_check(
        flag(ctx, op, "is_host_transfer"),
        channel(ctx, op)?,
        ChannelHandle::HOST_TO_DEVICE,
        "HOST_TO_DEVICE",
    )?;
    token_last(
        ctx,
        &result_types(ctx, op),
        "everything but the last element of result types is expected to be of tensor type",
    )
}

/// infeed (C1-C3).
pub fn verify_infeed(ctx: &Context, op: OpId) -> Result<(), String> {
    let res = result_types(ctx, op);
    token_last(ctx, &res, "all elements of result types, except the last element, are expected to be of tensor type")?;
    let Some(layout) = ctx.attr(op, "layout") else { return Ok(()) };
    let AttrKind::Array(items) = ctx.attr_kind(layout) else {
        return Err("layout-attribute expected to be an array".into());
    };
    if items.len() != res.len() - 1 {
        return Err(format!(
            "layout-attribute size must be {} (which is the number of op-results - 1 (for token result)), but got {}",
            res.len() - 1,
            items.len()
        ));
    }
    for it in items {
        let AttrKind::Array(leaves) = ctx.attr_kind(*it) else {
            return Err(format!(
                "layout-attribute expected to have elements of type array, but got {}",
                fmt_attr(ctx, *it)
            ));
        };
        for l in leaves {
            if !matches!(ctx.attr_kind(*l), AttrKind::Integer { .. }) {
                return Err(format!(
                    "layout-attribute's leaf elements are expected to be of type integer, but got {}",
                    fmt_attr(ctx, *l)
                ));
            }
        }
    }
    Ok(())
}
