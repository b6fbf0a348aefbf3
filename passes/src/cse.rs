//! `cse`: common subexpression elimination — MLIR's `CSE` pass (`mlir/lib/Transforms/CSE.cpp`).
//!
//! Walks every region under a dominator-tree traversal with a scoped hash table of the ops seen
//! so far: an op without side effects and without regions that has the same name, operands,
//! result types, properties and attributes (locations ignored) as a dominating one is replaced by
//! it. Ops found trivially dead on the way are erased. Regions of isolated-from-above ops start a
//! fresh scope. Multi-block graph regions are skipped; in single-block graph regions only uses not
//! yet visited are replaced.
//!
//! Statistics: `num-cse'd` (operations CSE'd), `num-dce'd` (operations DCE'd).

use std::collections::{HashMap, HashSet};

use strata_ir::attributes::{AttrKind, Location};
use strata_ir::ir::{BlockId, OpName, RegionId, ThinVec};
use strata_ir::pass::{Pass, PassStatistics};
use strata_ir::rewrite::{is_memory_effect_free, is_op_trivially_dead};
use strata_ir::verifier::DominanceInfo;
use strata_ir::{Context, Failure, NamedAttribute, OpId, Traits, Type};

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

#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    name: OpName,
    operands: strata_ir::ir::OperandList,
    result_types: Vec<Type>,
    properties: ThinVec<NamedAttribute>,
    attributes: ThinVec<NamedAttribute>,
}

fn key_of(ctx: &Context, op: OpId) -> Key {
    let d = ctx.op(op);
    Key {
        name: d.name(),
        operands: d.operands().into(),
        result_types: d.results().iter().map(|r| r.ty).collect(),
        properties: d.properties().into(),
        attributes: d.attributes().into(),
    }
}

/// A scoped hash table (LLVM's `ScopedHashTable`): inner scopes shadow outer entries.
#[derive(Default)]
struct ScopedMap {
    map: HashMap<Key, Vec<OpId>>,
    scopes: Vec<Vec<Key>>,
    members: HashSet<OpId>,
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
    fn lookup(&self, k: &Key) -> Option<OpId> {
        self.map.get(k).and_then(|v| v.last().copied())
    }
    fn insert(&mut self, k: Key, op: OpId) {
        self.map.entry(k.clone()).or_default().push(op);
        self.members.insert(op);
        if let Some(s) = self.scopes.last_mut() {
            s.push(k);
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
        if !ctx.op_regions(op).is_empty() || !is_memory_effect_free(ctx, op) {
            return;
        }
        let key = key_of(ctx, op);
        if let Some(existing) = known.lookup(&key) {
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
        known.insert(key, op);
    }
}
