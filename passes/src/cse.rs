//! `cse`: common subexpression elimination — MLIR's `CSE` pass (`mlir/lib/Transforms/CSE.cpp`).
//!
//! Walks every region under a dominator-tree traversal with a scoped hash table of the ops seen
//! so far: an op without side effects that has the same name, operands (in either order for
//! commutative ops), result types, properties and attributes (locations ignored) and
//! structurally equal single-block regions (two `reduce`s with the same body) as a dominating
//! one is replaced by it. Ops found trivially dead on the way are erased. Regions of isolated-from-above ops start a
//! fresh scope. Multi-block graph regions are skipped; in single-block graph regions only uses not
//! yet visited are replaced.
//!
//! Statistics: `num-cse'd` (operations CSE'd), `num-dce'd` (operations DCE'd).

use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use rustc_hash::{FxHashMap, FxHashSet, FxHasher};
use smallvec::SmallVec;
use strata_ir::attributes::{AttrKind, Location};
use strata_ir::ir::{BlockId, RegionId};
use strata_ir::pass::{Pass, PassStatistics};
use strata_ir::rewrite::{is_memory_effect_free, is_op_trivially_dead};
use strata_ir::verifier::DominanceInfo;
use strata_ir::{Context, Failure, OpId, Traits, Value};

/// The `cse` pass.
#[derive(Default)]
pub struct Cse;

impl Pass for Cse {
    fn name(&self) -> &str {
        "cse"
    }
    fn display_name(&self) -> &str {
        "CSE"
    }
    fn description(&self) -> &str {
        "Eliminate common sub-expressions"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, stats: &mut PassStatistics) -> Result<(), Failure> {
        let (cse, dce) = eliminate_common_subexpressions(ctx, op);
        stats.add("num-cse'd", "Number of operations CSE'd", cse as u64);
        stats.add("num-dce'd", "Number of operations DCE'd", dce as u64);
        Ok(())
    }
}

/// The hash of an op for CSE (MLIR's `OperationEquivalence::computeHash`): name, operands
/// (sorted for commutative ops), result types, properties and attributes, and the shape of its
/// regions. Locations are ignored.
fn op_hash(ctx: &Context, op: OpId) -> u64 {
    let d = ctx.op(op);
    let mut h = FxHasher::default();
    d.name().hash(&mut h);
    let ops = d.operands();
    if ops.len() == 2 && ctx.op_has_trait(op, Traits::COMMUTATIVE) {
        ops[0].min(ops[1]).hash(&mut h);
        ops[0].max(ops[1]).hash(&mut h);
    } else {
        ops.hash(&mut h);
    }
    for t in ctx.result_types(op) {
        t.hash(&mut h);
    }
    d.properties().hash(&mut h);
    d.attributes().hash(&mut h);
    for &r in d.regions() {
        for &b in ctx.region_blocks(r) {
            for o in ctx.block_ops(b) {
                ctx.op(o).name().hash(&mut h);
            }
        }
    }
    h.finish()
}

/// Whether `a` and `b` compute the same values (MLIR's `OperationEquivalence::isEquivalentTo`):
/// same name, properties, attributes and result types, the same operands (in either order for
/// commutative ops; values defined inside compared regions through `map`), and structurally
/// equal single-block regions.
fn equivalent(ctx: &Context, a: OpId, b: OpId, map: &mut Option<HashMap<Value, Value>>) -> bool {
    let (da, db) = (ctx.op(a), ctx.op(b));
    if da.name() != db.name()
        || da.properties() != db.properties()
        || da.attributes() != db.attributes()
        || da.num_results() != db.num_results()
        || da.regions().len() != db.regions().len()
        || da.operands().len() != db.operands().len()
    {
        return false;
    }
    if ctx.result_types(a).ne(ctx.result_types(b)) {
        return false;
    }
    let same = |x: Value, y: Value, map: &Option<HashMap<Value, Value>>| {
        x == y || map.as_ref().is_some_and(|m| m.get(&x) == Some(&y))
    };
    let (oa, ob) = (da.operands(), db.operands());
    let direct = oa.iter().zip(ob).all(|(&x, &y)| same(x, y, map));
    if !direct {
        let swapped = oa.len() == 2
            && ctx.op_has_trait(a, Traits::COMMUTATIVE)
            && same(oa[0], ob[1], map)
            && same(oa[1], ob[0], map);
        if !swapped {
            return false;
        }
    }
    for (&ra, &rb) in da.regions().iter().zip(db.regions()) {
        let (ba, bb) = (ctx.region_blocks(ra), ctx.region_blocks(rb));
        if ba.len() != bb.len() || ba.len() > 1 {
            return false;
        }
        let (Some(&ba), Some(&bb)) = (ba.first(), bb.first()) else { continue };
        let (aa, ab) = (ctx.block(ba).args.len(), ctx.block(bb).args.len());
        if aa != ab {
            return false;
        }
        let m = map.get_or_insert_with(HashMap::new);
        for (x, y) in ctx.block_args(ba).zip(ctx.block_args(bb)) {
            if ctx.value_type(x) != ctx.value_type(y) {
                return false;
            }
            m.insert(x, y);
        }
        let mut ia = ctx.block_ops(ba);
        let mut ib = ctx.block_ops(bb);
        loop {
            match (ia.next(), ib.next()) {
                (None, None) => break,
                (Some(x), Some(y)) => {
                    if !equivalent(ctx, x, y, map) {
                        return false;
                    }
                    let m = map.get_or_insert_with(HashMap::new);
                    for (rx, ry) in ctx.results(x).zip(ctx.results(y)) {
                        m.insert(rx, ry);
                    }
                }
                _ => return false,
            }
        }
    }
    true
}

/// A scoped hash table (LLVM's `ScopedHashTable`): inner scopes shadow outer entries.
#[derive(Default)]
struct ScopedMap {
    map: FxHashMap<u64, SmallVec<[OpId; 1]>>,
    scopes: Vec<Vec<u64>>,
    members: FxHashSet<OpId>,
}

impl ScopedMap {
    fn push_scope(&mut self) {
        self.scopes.push(Vec::new());
    }
    fn pop_scope(&mut self) {
        for k in self.scopes.pop().unwrap_or_default() {
            if let Some(v) = self.map.get_mut(&k) {
                if let Some(op) = v.pop() {
                    self.members.remove(&op);
                }
                if v.is_empty() {
                    self.map.remove(&k);
                }
            }
        }
    }
    fn lookup(&self, ctx: &Context, h: u64, op: OpId) -> Option<OpId> {
        let v = self.map.get(&h)?;
        v.iter().rev().copied().find(|&o| o != op && !ctx.is_erased(o) && equivalent(ctx, o, op, &mut None))
    }
    fn insert(&mut self, h: u64, op: OpId, track_members: bool) {
        self.map.entry(h).or_default().push(op);
        if track_members {
            self.members.insert(op);
        }
        if let Some(s) = self.scopes.last_mut() {
            s.push(h);
        }
    }
}

struct Driver {
    dom: DominanceInfo,
    to_erase: Vec<OpId>,
    num_cse: usize,
    num_dce: usize,
}

/// Run CSE on everything nested in `op`; returns (ops CSE'd, ops DCE'd).
pub fn eliminate_common_subexpressions(ctx: &mut Context, op: OpId) -> (usize, usize) {
    let mut d = Driver { dom: DominanceInfo::new(), to_erase: Vec::new(), num_cse: 0, num_dce: 0 };
    let mut known = ScopedMap::default();
    for r in ctx.op_regions(op).to_vec() {
        d.simplify_region(ctx, &mut known, r);
    }
    // Latest first: their uses sit at the ends of the use lists.
    for o in std::mem::take(&mut d.to_erase).into_iter().rev() {
        if !ctx.is_erased(o) {
            ctx.erase_op(o);
        }
    }
    (d.num_cse, d.num_dce)
}

fn is_unknown_loc(ctx: &Context, loc: strata_ir::Attribute) -> bool {
    matches!(ctx.attr_kind(loc), AttrKind::Location(Location::Unknown))
}

impl Driver {
    fn simplify_region(&mut self, ctx: &mut Context, known: &mut ScopedMap, r: RegionId) {
        let blocks = ctx.region_blocks(r).to_vec();
        if blocks.is_empty() {
            return;
        }
        let ssa = DominanceInfo::has_ssa_dominance(ctx, r);
        if blocks.len() == 1 {
            known.push_scope();
            self.simplify_block(ctx, known, blocks[0], ssa);
            known.pop_scope();
            return;
        }
        if !ssa {
            return;
        }
        // Dominator-tree walk with one scope per node.
        let entry = blocks[0];
        let mut stack: Vec<(BlockId, Vec<BlockId>, usize, bool)> = Vec::new();
        let children = self.dom.dom_tree(ctx, r).children(entry);
        known.push_scope();
        stack.push((entry, children, 0, false));
        while let Some(top) = stack.last_mut() {
            if !top.3 {
                top.3 = true;
                let b = top.0;
                self.simplify_block(ctx, known, b, ssa);
                continue;
            }
            if top.2 < top.1.len() {
                let c = top.1[top.2];
                top.2 += 1;
                let cc = self.dom.dom_tree(ctx, r).children(c);
                known.push_scope();
                stack.push((c, cc, 0, false));
            } else {
                stack.pop();
                known.pop_scope();
            }
        }
    }

    fn simplify_block(&mut self, ctx: &mut Context, known: &mut ScopedMap, b: BlockId, ssa: bool) {
        for op in ctx.block_ops_vec(b) {
            if ctx.is_erased(op) {
                continue;
            }
            let regions = ctx.op_regions(op).to_vec();
            if !regions.is_empty() {
                if strata_ir::verifier::might_have_trait(ctx, op, Traits::ISOLATED_FROM_ABOVE) {
                    let mut nested = ScopedMap::default();
                    for r in regions {
                        self.simplify_region(ctx, &mut nested, r);
                    }
                } else {
                    for r in regions {
                        self.simplify_region(ctx, known, r);
                    }
                }
            }
            self.simplify_operation(ctx, known, op, ssa);
        }
    }

    fn simplify_operation(&mut self, ctx: &mut Context, known: &mut ScopedMap, op: OpId, ssa: bool) {
        if ctx.op_has_trait(op, Traits::IS_TERMINATOR) {
            return;
        }
        if is_op_trivially_dead(ctx, op) {
            self.to_erase.push(op);
            self.num_dce += 1;
            return;
        }
        // Ops with regions take part when every region has at most one block (MLIR's CSE).
        if ctx.op_regions(op).iter().any(|&r| ctx.region_blocks(r).len() > 1) || !is_memory_effect_free(ctx, op) {
            return;
        }
        let h = op_hash(ctx, op);
        if let Some(existing) = known.lookup(ctx, h, op) {
            let n = ctx.num_results(op);
            if ssa {
                for i in 0..n {
                    let (from, to) = (ctx.result(op, i), ctx.result(existing, i));
                    ctx.replace_all_uses(from, to);
                }
                self.to_erase.push(op);
            } else {
                // Only uses not visited yet: a visited user is keyed by its current operands.
                for i in 0..n {
                    let (from, to) = (ctx.result(op, i), ctx.result(existing, i));
                    let uses: Vec<strata_ir::Use> = ctx.uses(from).to_vec();
                    for u in uses {
                        if !known.members.contains(&u.user) {
                            ctx.set_operand(u.user, u.operand as usize, to);
                        }
                    }
                }
                if ctx.results(op).all(|r| ctx.uses(r).is_empty()) {
                    self.to_erase.push(op);
                }
            }
            let (el, ol) = (ctx.op(existing).loc(), ctx.op(op).loc());
            if is_unknown_loc(ctx, el) && !is_unknown_loc(ctx, ol) {
                ctx.set_loc(existing, ol);
            }
            self.num_cse += 1;
            return;
        }
        known.insert(h, op, !ssa);
    }
}
