//! Side-effect queries and region simplification (MLIR's `SideEffectInterfaces.cpp`
//! `isMemoryEffectFree` / `wouldOpBeTriviallyDead`, and `RegionUtils.cpp` `simplifyRegions`:
//! `eraseUnreachableBlocks` + `runRegionDCE`).
//!
//! Strata has no memory-effect interface: an op with the [`Traits::PURE`] trait has no effects,
//! an op with [`Traits::RECURSIVE_MEMORY_EFFECTS`] has the effects of its nested ops, and every
//! other op (including unregistered ones) may have any effect.

use rustc_hash::FxHashSet as HashSet;

use crate::attributes::Attribute;
use crate::dialect::Traits;
use crate::ir::{BlockId, OpId, RegionId, Value};
use crate::rewrite::PatternRewriter;
use crate::verifier::might_have_trait;
use crate::Context;

/// The constant value of a constant-like op ([`Traits::CONSTANT_LIKE`] with one result): its
/// `value` attribute (MLIR's `m_Constant`).
pub fn constant_value(ctx: &Context, op: OpId) -> Option<Attribute> {
    if !ctx.op_has_trait(op, Traits::CONSTANT_LIKE) || ctx.num_results(op) != 1 {
        return None;
    }
    ctx.attr(op, "value")
}

/// MLIR's `isMemoryEffectFree`: pure ops, and ops with recursive effects whose nested ops are all
/// memory-effect free.
pub fn is_memory_effect_free(ctx: &Context, op: OpId) -> bool {
    let recursive = ctx.op_has_trait(op, Traits::RECURSIVE_MEMORY_EFFECTS);
    if ctx.op_has_trait(op, Traits::PURE) {
        if !recursive {
            return true;
        }
    } else if !recursive {
        return false;
    }
    for &r in ctx.op_regions(op) {
        for &b in ctx.region_blocks(r) {
            for o in ctx.block_ops(b) {
                if !is_memory_effect_free(ctx, o) {
                    return false;
                }
            }
        }
    }
    true
}

/// MLIR's `wouldOpBeTriviallyDead`: the op could be erased if its results had no uses (not a
/// terminator — unregistered ops might be —, not a symbol, and without memory effects).
pub fn would_op_be_trivially_dead(ctx: &Context, op: OpId) -> bool {
    if might_have_trait(ctx, op, Traits::IS_TERMINATOR) || ctx.op_has_trait(op, Traits::SYMBOL) {
        return false;
    }
    let mut stack = vec![op];
    while let Some(o) = stack.pop() {
        let recursive = ctx.op_has_trait(o, Traits::RECURSIVE_MEMORY_EFFECTS);
        if recursive {
            for &r in ctx.op_regions(o) {
                for &b in ctx.region_blocks(r) {
                    stack.extend(ctx.block_ops(b));
                }
            }
        }
        if ctx.op_has_trait(o, Traits::PURE) || recursive {
            continue;
        }
        return false;
    }
    true
}

/// MLIR's `isOpTriviallyDead`: no result has a use and [`would_op_be_trivially_dead`].
pub fn is_op_trivially_dead(ctx: &Context, op: OpId) -> bool {
    ctx.results(op).all(|r| ctx.uses(r).is_empty()) && would_op_be_trivially_dead(ctx, op)
}

fn successors_in_region(ctx: &Context, b: BlockId) -> Vec<BlockId> {
    let region = ctx.block(b).parent;
    match ctx.block_last_op(b) {
        Some(t) => ctx.op(t).successors().iter().copied().filter(|s| ctx.block(*s).parent == region).collect(),
        None => Vec::new(),
    }
}

/// Blocks reachable from the entry of `region`, in post-order (successors first).
pub fn post_order_blocks(ctx: &Context, region: RegionId) -> Vec<BlockId> {
    let Some(entry) = ctx.region_entry(region) else { return Vec::new() };
    let mut visited = HashSet::default();
    visited.insert(entry);
    let mut out = Vec::new();
    let mut stack = vec![(entry, successors_in_region(ctx, entry), 0usize)];
    while let Some((b, succ, i)) = stack.last_mut() {
        if *i < succ.len() {
            let s = succ[*i];
            *i += 1;
            if visited.insert(s) {
                let ss = successors_in_region(ctx, s);
                stack.push((s, ss, 0));
            }
        } else {
            out.push(*b);
            stack.pop();
        }
    }
    out
}

/// MLIR's `eraseUnreachableBlocks`: erase the blocks of multi-block regions (at any depth) that
/// cannot be reached from their region's entry. Returns whether anything was erased.
pub fn erase_unreachable_blocks(rw: &mut PatternRewriter, regions: &[RegionId]) -> bool {
    let mut erased = false;
    let mut worklist: Vec<RegionId> = regions.to_vec();
    while let Some(r) = worklist.pop() {
        let blocks = rw.region_blocks(r).to_vec();
        if blocks.is_empty() {
            continue;
        }
        if blocks.len() == 1 {
            for o in rw.block_ops(blocks[0]) {
                worklist.extend(rw.op_regions(o).iter().copied());
            }
            continue;
        }
        let reachable: HashSet<BlockId> = post_order_blocks(rw, r).into_iter().collect();
        for b in blocks {
            if !reachable.contains(&b) {
                rw.erase_block(b);
                erased = true;
                continue;
            }
            for o in rw.block_ops_vec(b) {
                worklist.extend(rw.op_regions(o).iter().copied());
            }
        }
    }
    erased
}

#[derive(Default)]
struct LiveMap {
    changed: bool,
    ops: HashSet<OpId>,
    values: HashSet<Value>,
}

impl LiveMap {
    fn set_op(&mut self, op: OpId) {
        self.changed |= self.ops.insert(op);
    }
    fn set_value(&mut self, v: Value) {
        self.changed |= self.values.insert(v);
    }
}

fn process_value(ctx: &Context, v: Value, live: &mut LiveMap) {
    if ctx.uses(v).iter().any(|u| live.ops.contains(&u.user)) {
        live.set_value(v);
    }
}

fn propagate_region(ctx: &Context, r: RegionId, live: &mut LiveMap) {
    let entry = ctx.region_entry(r);
    for b in post_order_blocks(ctx, r) {
        let mut cur = ctx.block_last_op(b);
        while let Some(o) = cur {
            cur = ctx.prev_op(o);
            propagate_op(ctx, o, live);
        }
        if Some(b) == entry {
            continue;
        }
        for a in ctx.block_args(b) {
            if !live.values.contains(&a) {
                process_value(ctx, a, live);
            }
        }
    }
}

fn propagate_op(ctx: &Context, op: OpId, live: &mut LiveMap) {
    for &r in ctx.op_regions(op) {
        propagate_region(ctx, r, live);
    }
    if ctx.op_has_trait(op, Traits::IS_TERMINATOR) {
        live.set_op(op);
        for &s in ctx.op(op).successors() {
            for a in ctx.block_args(s) {
                live.set_value(a);
            }
        }
        return;
    }
    if live.ops.contains(&op) {
        return;
    }
    if !would_op_be_trivially_dead(ctx, op) {
        live.set_op(op);
        return;
    }
    for v in ctx.results(op) {
        process_value(ctx, v, live);
    }
    // An op is live if any of its results is.
    if ctx.results(op).any(|v| live.values.contains(&v)) {
        live.set_op(op);
    }
}

fn delete_dead(rw: &mut PatternRewriter, regions: &[RegionId], live: &LiveMap) -> bool {
    let mut erased = false;
    for &r in regions {
        for b in post_order_blocks(rw, r) {
            let mut cur = rw.block_last_op(b);
            while let Some(o) = cur {
                cur = rw.prev_op(o);
                if !live.ops.contains(&o) {
                    // Drop the uses of its results first (graph regions may have use cycles).
                    rw.erase_op(o);
                    erased = true;
                } else {
                    let nested = rw.op_regions(o).to_vec();
                    erased |= delete_dead(rw, &nested, live);
                }
            }
        }
    }
    erased
}

/// A linear pre-check (no hashing) for [`run_region_dce`]: dead code can exist only if some op
/// is trivially dead, or a region has several blocks (dead block-argument cycles), or a graph
/// region holds an effect-free op with results (dead use cycles). Otherwise the liveness
/// fixpoint would find everything live.
fn may_have_dead_code(ctx: &Context, r: RegionId) -> bool {
    let blocks = ctx.region_blocks(r);
    if blocks.len() > 1 {
        return true;
    }
    let graph = ctx.region(r).parent.is_some_and(|p| ctx.op_has_trait(p, Traits::GRAPH_REGIONS));
    for &b in blocks {
        for o in ctx.block_ops(b) {
            let dead_able = ctx.num_results(o) > 0 && would_op_be_trivially_dead(ctx, o);
            if dead_able && (graph || ctx.results(o).all(|v| ctx.uses(v).is_empty())) {
                return true;
            }
            if ctx.op_regions(o).iter().any(|&nr| may_have_dead_code(ctx, nr)) {
                return true;
            }
        }
    }
    false
}

/// MLIR's `runRegionDCE`: erase ops that have no effects and whose results are only used by
/// other dead ops (including cycles). Returns whether anything was erased.
pub fn run_region_dce(rw: &mut PatternRewriter, regions: &[RegionId]) -> bool {
    if !regions.iter().any(|&r| may_have_dead_code(rw, r)) {
        return false;
    }
    let mut live = LiveMap::default();
    loop {
        live.changed = false;
        for &r in regions {
            propagate_region(rw, r, &mut live);
        }
        if !live.changed {
            break;
        }
    }
    delete_dead(rw, regions, &live)
}

/// MLIR's `simplifyRegions`: erase unreachable blocks, then dead code. (`merge_blocks`, MLIR's
/// aggressive level that also merges identical blocks, is accepted but not implemented.)
pub fn simplify_regions(rw: &mut PatternRewriter, regions: &[RegionId], merge_blocks: bool) -> bool {
    let _ = merge_blocks;
    let a = erase_unreachable_blocks(rw, regions);
    let b = run_region_dce(rw, regions);
    a | b
}
