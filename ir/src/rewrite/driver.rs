//! The greedy pattern rewrite driver (MLIR's `applyPatternsGreedily`,
//! `GreedyPatternRewriteDriver.cpp`, with the constant uniquing of `OperationFolder`).
//!
//! For each region of the root op, iterate until nothing changes (or the iteration limit):
//! 1. populate the worklist with every op of the region (post-order, or pre-order when
//!    `top_down`), uniquing constant-like ops per isolated region and hoisting them to the front of
//!    its entry block (`cse_constants`);
//! 2. erase unreachable blocks;
//! 3. process the worklist: erase trivially dead ops, fold (materializing constants through the
//!    op's dialect), then try the patterns by decreasing benefit; every change made through the
//!    rewriter re-enqueues the ops it affects; ops in unreachable blocks are skipped;
//! 4. simplify regions (unreachable blocks and region DCE) unless disabled.
//!
//! The rewrite converged when the last iteration changed nothing.

use std::rc::Rc;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::attributes::Attribute;
use crate::dialect::{FoldResult, Traits};
use crate::ir::{BlockId, InsertPoint, OpId, RegionId, Value};
use crate::rewrite::utils::{
    constant_value, erase_unreachable_blocks, is_op_trivially_dead, post_order_blocks, simplify_regions,
};
use crate::rewrite::{PatternRewriter, RewriteListener, RewritePattern};
use crate::types::Type;
use crate::verifier::might_have_trait;
use crate::{Context, Failure};

/// How much region simplification the driver does after each iteration (MLIR's
/// `GreedySimplifyRegionLevel`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum RegionSimplification {
    /// None.
    Disabled,
    /// Erase unreachable blocks and dead code.
    Normal,
    /// Also merge identical blocks (accepted; behaves as `Normal` for now).
    Aggressive,
}

/// Configuration of [`apply_patterns_greedily`] (MLIR's `GreedyRewriteConfig`).
#[derive(Clone, Debug)]
pub struct GreedyConfig {
    /// Maximum number of iterations over the whole region (MLIR: 10).
    pub max_iterations: usize,
    /// Maximum number of successful pattern applications per iteration (`None`: no limit).
    pub max_rewrites: Option<usize>,
    /// Whether to fold ops with their `fold` hook.
    pub fold: bool,
    /// Whether to unique and hoist constant-like ops.
    pub cse_constants: bool,
    /// Process ops in program order (pre-order) instead of bottom-up.
    pub top_down: bool,
    /// Region simplification level.
    pub region_simplification: RegionSimplification,
    /// Whether non-convergence is reported as an error diagnostic at the root op.
    pub report_non_convergence: bool,
}

impl Default for GreedyConfig {
    fn default() -> Self {
        GreedyConfig {
            max_iterations: 10,
            max_rewrites: None,
            fold: true,
            cse_constants: true,
            top_down: false,
            region_simplification: RegionSimplification::Normal,
            report_non_convergence: true,
        }
    }
}

impl GreedyConfig {
    /// Builder: set the iteration limit.
    pub fn with_max_iterations(mut self, n: usize) -> Self {
        self.max_iterations = n;
        self
    }
    /// Builder: set the rewrite limit per iteration.
    pub fn with_max_rewrites(mut self, n: Option<usize>) -> Self {
        self.max_rewrites = n;
        self
    }
    /// Builder: enable or disable folding.
    pub fn with_fold(mut self, b: bool) -> Self {
        self.fold = b;
        self
    }
    /// Builder: enable or disable constant uniquing.
    pub fn with_cse_constants(mut self, b: bool) -> Self {
        self.cse_constants = b;
        self
    }
    /// Builder: top-down traversal.
    pub fn with_top_down(mut self, b: bool) -> Self {
        self.top_down = b;
        self
    }
    /// Builder: region simplification level.
    pub fn with_region_simplification(mut self, r: RegionSimplification) -> Self {
        self.region_simplification = r;
        self
    }
}

/// What [`apply_patterns_greedily_with_stats`] did (the canonicalizer's statistics).
#[derive(Clone, Debug, Default)]
pub struct RewriteStats {
    /// Ops folded by their `fold` hook.
    pub folded: u64,
    /// Trivially dead ops erased by the driver.
    pub erased: u64,
    /// Duplicate constants uniqued away.
    pub constants_uniqued: u64,
    /// Successful applications per pattern (indexed as the pattern list).
    pub rewrites: Vec<u64>,
}

/// Apply `patterns` (and folding) to everything nested in `root`'s regions until a fixed point.
/// Returns whether the IR changed; `Err` if it did not converge within the iteration limit (an
/// error is emitted at `root` when `config.report_non_convergence`). `root` should be isolated
/// from above (the driver hoists constants to the entry of the nearest isolated region).
pub fn apply_patterns_greedily(
    ctx: &mut Context,
    root: OpId,
    patterns: &[Box<dyn RewritePattern>],
    config: &GreedyConfig,
) -> Result<bool, Failure> {
    apply_patterns_greedily_with_stats(ctx, root, patterns, config, &mut RewriteStats::default())
}

/// [`apply_patterns_greedily`], counting what it does into `stats`.
pub fn apply_patterns_greedily_with_stats(
    ctx: &mut Context,
    root: OpId,
    patterns: &[Box<dyn RewritePattern>],
    config: &GreedyConfig,
    stats: &mut RewriteStats,
) -> Result<bool, Failure> {
    if stats.rewrites.len() < patterns.len() {
        stats.rewrites.resize(patterns.len(), 0);
    }
    let mut changed = false;
    let mut converged = true;
    let mut by_name: FxHashMap<crate::ir::OpName, Rc<Vec<usize>>> = FxHashMap::default();
    for r in ctx.op_regions(root).to_vec() {
        let mut driver = RegionDriver { region: r, patterns, config, by_name: &mut by_name, stats: &mut *stats };
        let (c, conv) = driver.simplify(ctx);
        changed |= c;
        converged &= conv;
    }
    if converged {
        Ok(changed)
    } else {
        if config.report_non_convergence {
            let loc = ctx.op(root).loc;
            ctx.emit_error(
                loc,
                format!("pattern rewrite did not converge after scanning {} times", config.max_iterations),
            );
        }
        Err(Failure)
    }
}

/// MLIR's `Worklist`: a LIFO with O(1) membership and removal. Positions are kept in a dense
/// table indexed by the op's arena index (no hashing, no allocation per push once grown).
#[derive(Default)]
struct Worklist {
    list: Vec<Option<OpId>>,
    /// Position in `list` + 1 per op index (0: absent).
    pos: Vec<u32>,
}

impl Worklist {
    fn clear(&mut self) {
        for x in self.list.drain(..).flatten() {
            self.pos[x.0 as usize] = 0;
        }
    }
    fn slot(&mut self, op: OpId) -> &mut u32 {
        let i = op.0 as usize;
        if i >= self.pos.len() {
            self.pos.resize((i + 1).max(self.pos.len() * 2), 0);
        }
        &mut self.pos[i]
    }
    fn push(&mut self, op: OpId) {
        let n = self.list.len() as u32 + 1;
        let p = self.slot(op);
        if *p != 0 {
            return;
        }
        *p = n;
        self.list.push(Some(op));
    }
    fn pop(&mut self) -> Option<OpId> {
        while let Some(x) = self.list.pop() {
            if let Some(op) = x {
                self.pos[op.0 as usize] = 0;
                return Some(op);
            }
        }
        None
    }
    fn remove(&mut self, op: OpId) {
        let i = op.0 as usize;
        if let Some(&p) = self.pos.get(i) {
            if p != 0 {
                self.list[p as usize - 1] = None;
                self.pos[i] = 0;
            }
        }
    }
    fn reverse(&mut self) {
        self.list.reverse();
        for (i, x) in self.list.iter().enumerate() {
            if let Some(op) = x {
                self.pos[op.0 as usize] = i as u32 + 1;
            }
        }
    }
}

/// The constant uniquing part of MLIR's `OperationFolder`.
#[derive(Default)]
struct ConstantFolder {
    /// Uniqued constants per insertion region, keyed by (dialect, value, type).
    scopes: FxHashMap<RegionId, FxHashMap<(crate::ir::OpName, Attribute, Type), OpId>>,
    /// Constants owned (uniqued) by the folder, with their key's region.
    owned: FxHashMap<OpId, (RegionId, (crate::ir::OpName, Attribute, Type))>,
}

impl ConstantFolder {
    fn notify_removal(&mut self, op: OpId) {
        if let Some((r, key)) = self.owned.remove(&op) {
            if let Some(m) = self.scopes.get_mut(&r) {
                if m.get(&key) == Some(&op) {
                    m.remove(&key);
                }
            }
        }
    }
}

/// The nearest region at or above `block` whose parent op is (or might be) isolated from above,
/// or the top-level region (MLIR's `OperationFolder::getInsertionRegion`).
fn insertion_region(ctx: &Context, block: BlockId) -> Option<RegionId> {
    let mut region = ctx.block(block).parent?;
    loop {
        let Some(parent) = ctx.region(region).parent else { return Some(region) };
        if might_have_trait(ctx, parent, Traits::ISOLATED_FROM_ABOVE) {
            return Some(region);
        }
        let Some(pb) = ctx.op(parent).parent() else { return Some(region) };
        match ctx.block(pb).parent {
            Some(r) => region = r,
            None => return Some(region),
        }
    }
}

fn dialect_of(ctx: &Context, op: OpId) -> String {
    let data = ctx.op_name_data(ctx.op(op).name);
    data.name[..data.dialect_len].to_string()
}

/// The driver's listener: worklist maintenance, constant bookkeeping and reachability.
struct DriverState {
    worklist: Worklist,
    scope: RegionId,
    folder: ConstantFolder,
    /// Reachable blocks per multi-block region; dropped when a terminator changes.
    reachable: FxHashMap<RegionId, FxHashSet<BlockId>>,
}

impl DriverState {
    fn add_single(&mut self, op: OpId) {
        self.worklist.push(op);
    }

    /// Add `op` and its ancestors up to the scope region (MLIR's `addToWorklist`): nothing if
    /// `op` is not nested in the scope.
    fn add_to_worklist(&mut self, ctx: &Context, op: OpId) {
        // Fast path: `op` is directly in the scope region.
        let Some(b) = ctx.op(op).parent() else { return };
        let Some(r) = ctx.block(b).parent else { return };
        if r == self.scope {
            self.add_single(op);
            return;
        }
        let mut ancestors: smallvec::SmallVec<[OpId; 8]> = smallvec::SmallVec::new();
        ancestors.push(op);
        let mut region = r;
        loop {
            let Some(p) = ctx.region(region).parent else { return };
            let Some(b) = ctx.op(p).parent() else { return };
            let Some(r) = ctx.block(b).parent else { return };
            ancestors.push(p);
            if r == self.scope {
                for a in ancestors {
                    self.add_single(a);
                }
                return;
            }
            region = r;
        }
    }

    fn add_operands_to_worklist(&mut self, ctx: &Context, op: OpId) {
        for &v in ctx.operands(op) {
            let Some(def) = ctx.defining_op(v) else { continue };
            let mut other: Option<OpId> = None;
            let mut more = false;
            for u in ctx.uses(v) {
                if u.user == op || Some(u.user) == other {
                    continue;
                }
                if other.is_none() {
                    other = Some(u.user);
                    continue;
                }
                more = true;
                break;
            }
            if !more {
                self.add_to_worklist(ctx, def);
            }
        }
    }

    /// A change to an op that may define successors invalidates the reachability caches (the op
    /// may have moved from another region, so all of them).
    fn cfg_changed(&mut self, ctx: &Context, op: OpId) {
        if !self.reachable.is_empty()
            && (might_have_trait(ctx, op, Traits::IS_TERMINATOR) || !ctx.op(op).successors().is_empty())
        {
            self.reachable.clear();
        }
    }

    /// Whether `op` and all its enclosing blocks up to the scope are reachable.
    fn is_reachable(&mut self, ctx: &Context, op: OpId) -> bool {
        let mut cur = op;
        loop {
            let Some(b) = ctx.op(cur).parent() else { return true };
            let Some(r) = ctx.block(b).parent else { return true };
            let blocks = ctx.region_blocks(r);
            if blocks.len() > 1 && blocks[0] != b {
                let set = self.reachable.entry(r).or_insert_with(|| post_order_blocks(ctx, r).into_iter().collect());
                if !set.contains(&b) {
                    return false;
                }
            }
            if r == self.scope {
                return true;
            }
            match ctx.region(r).parent {
                Some(p) => cur = p,
                None => return true,
            }
        }
    }
}

impl RewriteListener for DriverState {
    fn notify_operation_inserted(&mut self, ctx: &Context, op: OpId) {
        self.cfg_changed(ctx, op);
        self.add_to_worklist(ctx, op);
    }
    fn notify_operation_modified(&mut self, ctx: &Context, op: OpId) {
        self.cfg_changed(ctx, op);
        self.add_to_worklist(ctx, op);
    }
    fn notify_operation_erased(&mut self, ctx: &Context, op: OpId) {
        self.cfg_changed(ctx, op);
        for r in ctx.op_regions(op) {
            self.reachable.remove(r);
        }
        self.add_operands_to_worklist(ctx, op);
        self.worklist.remove(op);
        self.folder.notify_removal(op);
    }
    fn notify_block_inserted(&mut self, ctx: &Context, block: BlockId) {
        if let Some(r) = ctx.block(block).parent {
            self.reachable.remove(&r);
        }
    }
    fn notify_block_erased(&mut self, ctx: &Context, block: BlockId) {
        if let Some(r) = ctx.block(block).parent {
            self.reachable.remove(&r);
        }
    }
}

struct RegionDriver<'p> {
    region: RegionId,
    patterns: &'p [Box<dyn RewritePattern>],
    config: &'p GreedyConfig,
    by_name: &'p mut FxHashMap<crate::ir::OpName, Rc<Vec<usize>>>,
    stats: &'p mut RewriteStats,
}

impl RegionDriver<'_> {
    /// Returns (changed, converged).
    fn simplify(&mut self, ctx: &mut Context) -> (bool, bool) {
        let mut state = DriverState {
            worklist: Worklist::default(),
            scope: self.region,
            folder: ConstantFolder::default(),
            reachable: FxHashMap::default(),
        };
        let mut iteration = 0usize;
        let mut continue_rewrites;
        loop {
            iteration += 1;
            if iteration > self.config.max_iterations {
                // The last iteration changed something and the limit is reached.
                return (true, false);
            }
            state.worklist.clear();
            state.folder = ConstantFolder::default();
            state.reachable.clear();
            self.populate(ctx, &mut state);
            continue_rewrites = false;
            {
                let mut rw = PatternRewriter::with_listener(ctx, &mut state);
                continue_rewrites |= erase_unreachable_blocks(&mut rw, &[self.region]);
            }
            continue_rewrites |= self.process_worklist(ctx, &mut state);
            if self.config.region_simplification != RegionSimplification::Disabled {
                let mut rw = PatternRewriter::with_listener(ctx, &mut state);
                continue_rewrites |= simplify_regions(
                    &mut rw,
                    &[self.region],
                    self.config.region_simplification == RegionSimplification::Aggressive,
                );
            }
            if !continue_rewrites {
                break;
            }
        }
        (iteration > 1, true)
    }

    fn populate(&mut self, ctx: &mut Context, state: &mut DriverState) {
        let mut ops = Vec::new();
        if self.config.top_down {
            // Pre-order; the regions of a constant that was uniqued away are skipped.
            for &b in ctx.region_blocks(self.region) {
                for o in ctx.block_ops(b) {
                    ctx.walk_pre(o, &mut |x| ops.push(x));
                }
            }
        } else {
            for &b in ctx.region_blocks(self.region) {
                for o in ctx.block_ops(b) {
                    ops.extend(ctx.collect_post_order(o));
                }
            }
        }
        for op in ops {
            if ctx.is_erased(op) {
                continue;
            }
            if self.config.cse_constants && self.insert_known_constant(ctx, state, op) {
                continue;
            }
            state.add_to_worklist(ctx, op);
        }
        if self.config.top_down {
            state.worklist.reverse();
        }
    }

    /// MLIR's `OperationFolder::insertKnownConstant`, returning whether `op` was a duplicate and
    /// has been replaced (and so must not be enqueued).
    fn insert_known_constant(&mut self, ctx: &mut Context, state: &mut DriverState, op: OpId) -> bool {
        let Some(value) = constant_value(ctx, op) else { return false };
        let Some(block) = ctx.op(op).parent() else { return false };
        if state.folder.owned.contains_key(&op) {
            if ctx.block_first_op(block) != Some(op)
                && !ctx.prev_op(op).map(|p| state.folder.owned.contains_key(&p)).unwrap_or(false)
            {
                // Moved without notification, as MLIR's folder does.
                ctx.move_op(op, InsertPoint::Start(block));
            }
            return false;
        }
        let Some(region) = insertion_region(ctx, block) else { return false };
        // Keyed by the constant op's name (MLIR keys by dialect; a dialect has one constant op).
        let key = (ctx.op(op).name, value, ctx.value_type(ctx.result(op, 0)));
        if let Some(&existing) = state.folder.scopes.get(&region).and_then(|m| m.get(&key)) {
            let repl: Vec<Value> = ctx.results(existing).collect();
            let mut rw = PatternRewriter::with_listener(ctx, state);
            rw.replace_op(op, &repl);
            self.stats.constants_uniqued += 1;
            return true;
        }
        let insert_block = ctx.region_entry(region).unwrap();
        if block != insert_block
            || (ctx.block_first_op(insert_block) != Some(op)
                && !ctx.prev_op(op).map(|p| state.folder.owned.contains_key(&p)).unwrap_or(false))
        {
            ctx.move_op(op, InsertPoint::Start(insert_block));
        }
        state.folder.scopes.entry(region).or_default().insert(key, op);
        state.folder.owned.insert(op, (region, key));
        false
    }

    fn patterns_for(&mut self, ctx: &Context, op: OpId) -> Rc<Vec<usize>> {
        let name = ctx.op(op).name;
        if let Some(v) = self.by_name.get(&name) {
            return v.clone();
        }
        let s = ctx.op_name_str(name);
        let mut idx: Vec<usize> =
            (0..self.patterns.len()).filter(|&i| self.patterns[i].root().map(|r| r == s).unwrap_or(true)).collect();
        idx.sort_by_key(|&i| std::cmp::Reverse(self.patterns[i].benefit()));
        let v = Rc::new(idx);
        self.by_name.insert(name, v.clone());
        v
    }

    fn process_worklist(&mut self, ctx: &mut Context, state: &mut DriverState) -> bool {
        let mut changed = false;
        let mut num_rewrites = 0usize;
        loop {
            if let Some(max) = self.config.max_rewrites {
                if num_rewrites >= max {
                    break;
                }
            }
            let Some(op) = state.worklist.pop() else { break };
            if ctx.is_erased(op) || !state.is_reachable(ctx, op) {
                continue;
            }
            if is_op_trivially_dead(ctx, op) {
                let mut rw = PatternRewriter::with_listener(ctx, state);
                rw.erase_op(op);
                self.stats.erased += 1;
                changed = true;
                continue;
            }
            if self.config.fold && !ctx.op_has_trait(op, Traits::CONSTANT_LIKE) && self.try_fold(ctx, state, op) {
                self.stats.folded += 1;
                changed = true;
                continue;
            }
            let candidates = self.patterns_for(ctx, op);
            if candidates.is_empty() {
                continue;
            }
            let mut rw = PatternRewriter::with_listener(ctx, state);
            for &i in candidates.iter() {
                rw.set_insertion_point_before(op);
                if self.patterns[i].match_and_rewrite(op, &mut rw) {
                    self.stats.rewrites[i] += 1;
                    changed = true;
                    num_rewrites += 1;
                    break;
                }
            }
        }
        changed
    }

    /// Fold `op`; returns whether it folded (in place or replaced).
    /// MLIR's `OpTrait::impl::foldCommutative`: constant operands move to the end, keeping the
    /// relative order of the others (a stable partition). Whether the operands changed.
    fn fold_commutative(ctx: &mut Context, state: &mut DriverState, op: OpId, consts: &[Option<Attribute>]) -> bool {
        let operands = ctx.operands(op).to_vec();
        let Some(first_const) = consts.iter().position(|c| c.is_some()) else { return false };
        if consts[first_const..].iter().all(|c| c.is_some()) {
            return false;
        }
        let mut reordered: Vec<Value> =
            operands.iter().zip(consts).filter(|(_, c)| c.is_none()).map(|(v, _)| *v).collect();
        reordered.extend(operands.iter().zip(consts).filter(|(_, c)| c.is_some()).map(|(v, _)| *v));
        let mut rw = PatternRewriter::with_listener(ctx, state);
        rw.set_operands(op, reordered);
        true
    }

    fn try_fold(&mut self, ctx: &mut Context, state: &mut DriverState, op: OpId) -> bool {
        // no clone of the OpInfo per fold attempt: read the hook and the trait, then let go
        let (fold, commutative) = match ctx.op_info(ctx.op(op).name) {
            Some(info) => (info.fold, info.has(Traits::COMMUTATIVE)),
            None => return false,
        };
        let commutative = commutative && ctx.operands(op).len() >= 2;
        if fold.is_none() && !commutative {
            return false;
        }
        let consts = operand_constants(ctx, op);
        // MLIR's `Operation::fold`: the op's folder, then (if it failed or folded in place) the
        // traits' folders — `Commutative` moves constant operands to the end.
        let Some(results) = fold.and_then(|fold| fold(ctx, op, &consts)) else {
            return commutative && Self::fold_commutative(ctx, state, op, &consts);
        };
        let n = ctx.num_results(op);
        let in_place = results.is_empty()
            || results
                .iter()
                .enumerate()
                .any(|(i, r)| matches!(r, FoldResult::Value(v) if *v == Value::Result { op, index: i as u32 }));
        if in_place {
            if commutative {
                // the folder may have changed the operands in place
                let consts = operand_constants(ctx, op);
                Self::fold_commutative(ctx, state, op, &consts);
            }
            let mut rw = PatternRewriter::with_listener(ctx, state);
            rw.notify_operation_modified(op);
            return true;
        }
        if results.len() != n {
            debug_assert!(
                false,
                "folder of '{}' produced {} results for {} op results",
                ctx.op_name_of(op),
                results.len(),
                n
            );
            return false;
        }
        let dialect = ctx.dialect(&dialect_of(ctx, op)).cloned();
        let loc = ctx.op(op).loc;
        let mut rw = PatternRewriter::with_listener(ctx, state);
        rw.set_insertion_point_before(op);
        let mut replacements = Vec::with_capacity(n);
        let mut created = Vec::new();
        for (i, r) in results.into_iter().enumerate() {
            match r {
                FoldResult::Value(v) => replacements.push(v),
                FoldResult::Attr(a) => {
                    let ty = rw.value_type(rw.result(op, i));
                    let c = dialect
                        .as_ref()
                        .and_then(|d| d.materialize_constant)
                        .and_then(|m| rw.interner(|c| m(c, a, ty, loc)));
                    match c {
                        Some(c) => {
                            rw.insert(c);
                            created.push(c);
                            replacements.push(rw.result(c, 0));
                        }
                        None => {
                            for c in created {
                                rw.erase_op(c);
                            }
                            return false;
                        }
                    }
                }
            }
        }
        rw.replace_op(op, &replacements);
        true
    }
}

/// The constant attribute of each operand's defining op (MLIR's `m_Constant` per operand).
fn operand_constants(ctx: &Context, op: OpId) -> Vec<Option<Attribute>> {
    ctx.operands(op).iter().map(|v| ctx.defining_op(*v).and_then(|d| constant_value(ctx, d))).collect()
}
