//! The IR verifier (MLIR's `mlir::verify` / `OperationVerifier`, `lib/IR/Verifier.cpp`) and the
//! dominance analysis it uses (MLIR's `DominanceInfo`, `lib/IR/Dominance.cpp`).
//!
//! [`verify`] checks, in MLIR's order and with MLIR's messages:
//! - structure: every block of an SSACFG region ends with a terminator (ops with the
//!   [`Traits::IS_TERMINATOR`] trait; unregistered ops may be terminators; single-block regions of
//!   [`Traits::NO_TERMINATOR`] ops and of unregistered ops need none), only the last op of a block
//!   has successors, successors are blocks of the same region, entry blocks have no predecessors;
//! - per registered op: the count and type traits, the isolation of
//!   [`Traits::ISOLATED_FROM_ABOVE`] ops, symbol tables and symbols, then the op's `verify` hook;
//!   then its regions (recursively), then its `verify_regions` hook;
//! - dominance in SSACFG regions (a use must be dominated by its definition); graph regions
//!   ([`Traits::GRAPH_REGIONS`]) have no dominance requirement.
//!
//! Architecture invariant: like MLIR, verification of one isolated-from-above operation (a
//! function, say) stops at its first error, but every isolated-from-above operation is verified
//! on its own, so one error per function is reported. This keeps `--verify-diagnostics` tests
//! written for mlir-opt valid.
//!
//! Cost: linear in the size of the IR. Same-block dominance queries use an op-position index built
//! once per block; cross-block queries use a dominator tree per region (Cooper-Harvey-Kennedy) with
//! DFS numbering, so every query is O(1) after O(blocks) construction (plus the region nesting depth).

use fixedbitset::FixedBitSet;
use rustc_hash::FxHashMap as HashMap;

use crate::attributes::AttrKind;
use crate::diagnostics::Diagnostic;
use crate::dialect::{OpInfo, Traits};
use crate::ir::{BlockId, OpId, RegionId, Value};
use crate::types::{Type, TypeKind, DYNAMIC};
use crate::{Context, Failure};

/// Options of [`verify_with`].
#[derive(Clone, Debug, Default)]
pub struct VerifyOptions {
    /// Attach a `see current operation: <op>` note (generic form) to every error emitted by an
    /// op, as mlir-opt does unless `--verify-diagnostics` (MLIR's `printOpOnDiagnostic`).
    pub print_op_on_diagnostic: bool,
}

/// Verify `op` and everything nested in it. Errors are emitted to the context as diagnostics.
pub fn verify(ctx: &mut Context, op: OpId) -> Result<(), Failure> {
    verify_with(ctx, op, &VerifyOptions::default())
}

/// [`verify`] with options.
pub fn verify_with(ctx: &mut Context, op: OpId, opts: &VerifyOptions) -> Result<(), Failure> {
    let diags = verify_collect_with(ctx, op, opts);
    let ok = diags.is_empty();
    for d in diags {
        ctx.emit(d);
    }
    if ok {
        Ok(())
    } else {
        Err(Failure)
    }
}

/// Verify without emitting: returns the diagnostics that [`verify`] would emit.
pub fn verify_collect(ctx: &Context, op: OpId) -> Vec<Diagnostic> {
    verify_collect_with(ctx, op, &VerifyOptions::default())
}

/// [`verify_collect`] with options.
pub fn verify_collect_with(ctx: &Context, op: OpId, opts: &VerifyOptions) -> Vec<Diagnostic> {
    let mut v = Verifier {
        ctx,
        diags: Vec::new(),
        dialect_registered: Vec::new(),
        dom_seen: FixedBitSet::new(),
        dom_marked: Vec::new(),
    };
    v.verify_op_and_dominance(op);
    v.diags
        .into_iter()
        .map(|(mut d, o)| {
            if let (true, Some(o)) = (opts.print_op_on_diagnostic, o) {
                let note = Diagnostic::new(
                    crate::Severity::Note,
                    ctx.op(o).loc,
                    format!("see current operation: {}", describe_op(ctx, o)),
                );
                d.notes.insert(0, note);
            }
            d
        })
        .collect()
}

/// Attach MLIR's `see current operation: <op>` note (first) to a diagnostic about `op`.
pub fn with_current_op_note(ctx: &Context, mut d: Diagnostic, op: OpId) -> Diagnostic {
    let note = Diagnostic::new(
        crate::Severity::Note,
        ctx.op(op).loc,
        format!("see current operation: {}", describe_op(ctx, op)),
    );
    d.notes.insert(0, note);
    d
}

/// `'<op name>' op <message>` at the op's location (MLIR's `Operation::emitOpError`).
pub fn op_error(ctx: &Context, op: OpId, message: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(ctx.op(op).loc, format!("'{}' op {}", ctx.op_name_of(op), message))
}

/// The diagnostics of a verifier's [`VerifyError`]: the first message is the diagnostic, the
/// others follow it as attached diagnostics of error severity (as StableHLO reports
/// "... / failed to infer returned types").
pub fn op_errors(ctx: &Context, op: OpId, e: &crate::dialect::VerifyError) -> Diagnostic {
    let mut msgs = e.messages().iter();
    let mut d = op_error(ctx, op, msgs.next().map(String::as_str).unwrap_or(""));
    for m in msgs {
        d.notes.push(op_error(ctx, op, m));
    }
    d
}

/// An op as MLIR streams it into a diagnostic (`block with no terminator, has ...`): generic
/// form, local scope, large elements attributes elided; a multi-line op starts on a new line.
pub fn describe_op(ctx: &Context, op: OpId) -> String {
    let mut opts = crate::printer::PrintOptions::generic().with_local_scope(true);
    opts.elide_elements_larger_than = Some(16);
    let s = crate::printer::print_op(ctx, op, &opts);
    let s = s.trim().to_string();
    if s.contains('\n') {
        format!("\n{s}")
    } else {
        s
    }
}

struct Verifier<'a> {
    ctx: &'a Context,
    /// Errors with the op that emitted them (for the `see current operation` note).
    diags: Vec<(Diagnostic, Option<OpId>)>,
    /// Per op name index: 0 not computed, 1 its dialect is not registered, 2 it is.
    dialect_registered: Vec<u8>,
    /// Bitset by op index: the ops of the block the dominance walk is in that it has passed (it
    /// walks one block at a time, in order). Lets the common "earlier op of this block" check
    /// skip the defining op's data; a bit per op, so it stays in cache.
    dom_seen: FixedBitSet,
    /// The ops whose bits are set in `dom_seen`, to clear them when the walk leaves the block.
    dom_marked: Vec<u32>,
}

#[derive(Copy, Clone)]
enum Item {
    /// An op to enter.
    Op(OpId),
    /// An op whose regions are done, to exit; its isolated-from-above children are the
    /// walk's `isolated[start..]`.
    OpExit(OpId, usize),
    /// A block to enter.
    Block(BlockId),
    /// A block being walked: its next op to visit.
    BlockOps(BlockId, Option<OpId>),
}

impl Verifier<'_> {
    /// Whether the dialect of an op name (the text before its first `.`) is registered. Cached
    /// per name: unregistered ops ask this once each.
    fn in_registered_dialect(&mut self, name: crate::ir::OpName) -> bool {
        let i = name.0 as usize;
        if let Some(&c) = self.dialect_registered.get(i) {
            if c != 0 {
                return c == 2;
            }
        } else {
            self.dialect_registered.resize(i + 1, 0);
        }
        let data = self.ctx.op_name_data(name);
        let dialect = &data.name[..data.dialect_len];
        let r = !dialect.is_empty() && self.ctx.dialect(dialect).is_some();
        self.dialect_registered[i] = if r { 2 } else { 1 };
        r
    }

    /// Whether the dominance walk has passed `op` in the block it is in.
    #[inline]
    fn seen(&self, op: OpId) -> bool {
        self.dom_seen.contains(op.index() as usize)
    }

    #[inline]
    fn mark_seen(&mut self, op: OpId) {
        let i = op.index() as usize;
        if i >= self.dom_seen.len() {
            self.dom_seen.grow((i + 1).max(self.ctx.ops.len()));
        }
        self.dom_seen.insert(i);
        self.dom_marked.push(op.index());
    }

    /// The dominance walk leaves its block.
    fn clear_seen(&mut self) {
        for &i in &self.dom_marked {
            self.dom_seen.set(i as usize, false);
        }
        self.dom_marked.clear();
    }

    fn fail(&mut self, d: Diagnostic, op: Option<OpId>) -> bool {
        self.diags.push((d, op));
        false
    }

    fn verify_op_and_dominance(&mut self, op: OpId) -> bool {
        if !self.verify_operation(op) {
            return false;
        }
        if !self.ctx.op_regions(op).is_empty() {
            let mut dom = DominanceInfo::new();
            if !self.verify_dominance_of_contained_regions(op, &mut dom) {
                return false;
            }
        }
        true
    }

    /// Depth-first walk with an "entrance" and an "exit" visit of every op and block; stops at
    /// the first failure. Isolated-from-above ops are skipped here and verified in their parent's
    /// exit visit, each on its own.
    fn verify_operation(&mut self, root: OpId) -> bool {
        let ctx = self.ctx;
        let mut worklist: Vec<Item> = vec![Item::Op(root)];
        // The isolated-from-above children of the ops entered and not yet exited, found while
        // walking their blocks (the entries of an op start where its `OpExit` says).
        let mut isolated: Vec<OpId> = Vec::new();
        while let Some(top) = worklist.last_mut() {
            match *top {
                Item::Op(op) => {
                    if !self.verify_op_on_entrance(op) {
                        return false;
                    }
                    if ctx.op_regions(op).is_empty() {
                        if !self.verify_op_exit_with(op, Vec::new()) {
                            return false;
                        }
                        worklist.pop();
                        continue;
                    }
                    *top = Item::OpExit(op, isolated.len());
                    // Pushed last to first, so entered in order.
                    for &r in ctx.op_regions(op).iter().rev() {
                        for &b in ctx.region_blocks(r).iter().rev() {
                            worklist.push(Item::Block(b));
                        }
                    }
                }
                Item::OpExit(op, start) => {
                    let children = isolated.split_off(start);
                    if !self.verify_op_exit_with(op, children) {
                        return false;
                    }
                    worklist.pop();
                }
                Item::Block(b) => {
                    if !self.verify_block_on_entrance(b) {
                        return false;
                    }
                    *top = Item::BlockOps(b, ctx.block_first_op(b));
                }
                Item::BlockOps(b, next) => {
                    // Ops without regions are entered and exited right here, one after the
                    // other (nothing comes between their two visits); an op with regions goes
                    // through the worklist, and the walk of the block resumes after its exit.
                    let mut cur = next;
                    loop {
                        let Some(o) = cur else {
                            if !self.verify_block_on_exit(b) {
                                return false;
                            }
                            worklist.pop();
                            break;
                        };
                        cur = ctx.next_op(o);
                        if ctx.op_regions(o).is_empty() {
                            // An unregistered op without regions has nothing to verify on
                            // entrance, nor on exit but its dialect.
                            let ok = if ctx.op_info(ctx.op(o).name).is_none() {
                                self.verify_unregistered(o)
                            } else {
                                self.verify_op_on_entrance(o) && self.verify_op_exit_with(o, Vec::new())
                            };
                            if !ok {
                                return false;
                            }
                            continue;
                        }
                        if ctx.op_has_trait(o, Traits::ISOLATED_FROM_ABOVE) {
                            isolated.push(o);
                            continue;
                        }
                        *worklist.last_mut().unwrap() = Item::BlockOps(b, cur);
                        worklist.push(Item::Op(o));
                        break;
                    }
                }
            }
        }
        true
    }

    fn verify_block_on_entrance(&mut self, block: BlockId) -> bool {
        let ctx = self.ctx;
        if ctx.block_len(block) == 0 {
            if may_be_valid_without_terminator(ctx, block) {
                return true;
            }
            let loc = match ctx.block_parent_op(block) {
                Some(p) => ctx.op(p).loc,
                None => ctx.unknown_loc(),
            };
            return self.fail(Diagnostic::error(loc, "empty block: expect at least a terminator"), None);
        }
        let last = ctx.block_last_op(block);
        for op in ctx.block_ops(block) {
            if !ctx.op(op).successors().is_empty() && Some(op) != last {
                return self.fail(
                    Diagnostic::error(
                        ctx.op(op).loc,
                        "operation with block successors must terminate its parent block",
                    ),
                    Some(op),
                );
            }
        }
        true
    }

    fn verify_block_on_exit(&mut self, block: BlockId) -> bool {
        let ctx = self.ctx;
        let region = ctx.block(block).parent;
        if let Some(term) = ctx.block_last_op(block) {
            for &s in ctx.op(term).successors() {
                if ctx.block(s).parent != region || ctx.block(s).parent.is_none() {
                    return self.fail(op_error(ctx, term, "branching to block of a different region"), Some(term));
                }
            }
        }
        if may_be_valid_without_terminator(ctx, block) {
            return true;
        }
        let Some(term) = ctx.block_last_op(block) else { return true };
        if !might_have_trait(ctx, term, Traits::IS_TERMINATOR) {
            return self.fail(
                Diagnostic::error(
                    ctx.op(term).loc,
                    format!("block with no terminator, has {}", describe_op(ctx, term)),
                ),
                Some(term),
            );
        }
        true
    }

    fn verify_op_on_entrance(&mut self, op: OpId) -> bool {
        let ctx = self.ctx;
        let info = ctx.op_info(ctx.op(op).name);
        if let Some(info) = info {
            if let Err((d, o)) = verify_invariants(ctx, op, info) {
                return self.fail(d, Some(o));
            }
        }
        let regions = ctx.op_regions(op);
        for (i, &r) in regions.iter().enumerate() {
            let blocks = ctx.region_blocks(r);
            if let Some(info) = info {
                if info.has(Traits::GRAPH_REGIONS) && blocks.len() > 1 {
                    return self
                        .fail(op_error(ctx, op, format!("expects graph region #{i} to have 0 or 1 blocks")), Some(op));
                }
            }
            let Some(&entry) = blocks.first() else { continue };
            let has_pred = blocks
                .iter()
                .any(|&b| ctx.block_last_op(b).map(|t| ctx.op(t).successors().contains(&entry)).unwrap_or(false));
            if has_pred {
                return self
                    .fail(Diagnostic::error(ctx.op(op).loc, "entry block of region may not have predecessors"), None);
            }
        }
        true
    }

    /// The exit visit of `op`, whose isolated-from-above children (in order) are `isolated`.
    fn verify_op_exit_with(&mut self, op: OpId, isolated: Vec<OpId>) -> bool {
        let ctx = self.ctx;
        let mut failed = false;
        for o in isolated {
            if !self.verify_op_and_dominance(o) {
                failed = true;
            }
        }
        if failed {
            return false;
        }
        let name = ctx.op(op).name;
        if let Some(info) = ctx.op_info(name) {
            if let Some(f) = info.verify_regions {
                if let Err(e) = f(ctx, op) {
                    return self.fail(op_errors(ctx, op, &e), Some(op));
                }
            }
            return true;
        }
        self.verify_unregistered(op)
    }

    /// The exit check of an unregistered operation: its dialect allows unknown operations.
    fn verify_unregistered(&mut self, op: OpId) -> bool {
        let ctx = self.ctx;
        let name = ctx.op(op).name;
        if self.in_registered_dialect(name) {
            let data = ctx.op_name_data(name);
            let dialect = &data.name[..data.dialect_len];
            return self.fail(
                Diagnostic::error(
                    ctx.op(op).loc,
                    format!(
                        "unregistered operation '{}' found in dialect ('{}') that does not allow unknown operations",
                        data.name, dialect
                    ),
                ),
                Some(op),
            );
        }
        if !ctx.allow_unregistered {
            return self.fail(
                op_error(
                    ctx,
                    op,
                    "created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used",
                ),
                Some(op),
            );
        }
        true
    }

    fn verify_dominance_of_contained_regions(&mut self, root: OpId, dom: &mut DominanceInfo) -> bool {
        let ctx = self.ctx;
        let mut worklist = vec![root];
        while let Some(op) = worklist.pop() {
            for &r in ctx.op_regions(op) {
                let ssa = DominanceInfo::has_ssa_dominance(ctx, r);
                for &b in ctx.region_blocks(r) {
                    let reachable = dom.is_reachable(ctx, b);
                    self.dom_marked.reserve(ctx.block_len(b));
                    for o in ctx.block_ops(b) {
                        if reachable {
                            for (i, &v) in ctx.operands(o).iter().enumerate() {
                                // Fast paths for values defined in the same block (the common
                                // case): an earlier op's result, or an argument of the block.
                                let ok = match v {
                                    // Ops of this block are visited in order: an op of the
                                    // block is before `o` iff it was visited already.
                                    Value::Result { op: def, .. } if self.seen(def) => true,
                                    Value::Result { op: def, .. } if def != o && ctx.op(def).parent() == Some(b) => {
                                        !ssa || self.seen(def)
                                    }
                                    Value::BlockArg { block, .. } if block == b => true,
                                    _ => dom.properly_dominates_value(ctx, v, o),
                                };
                                if !ok {
                                    self.clear_seen();
                                    return self.fail(invalid_operand_dominance(ctx, o, i, v), Some(o));
                                }
                            }
                        }
                        self.mark_seen(o);
                        if !ctx.op_regions(o).is_empty() && !ctx.op_has_trait(o, Traits::ISOLATED_FROM_ABOVE) {
                            worklist.push(o);
                        }
                    }
                    self.clear_seen();
                }
            }
        }
        true
    }
}

/// MLIR's `diagnoseInvalidOperandDominance`.
fn invalid_operand_dominance(ctx: &Context, op: OpId, index: usize, v: Value) -> Diagnostic {
    let d = Diagnostic::error(ctx.op(op).loc, format!("operand #{index} does not dominate this use"));
    let region1 = ctx.op(op).parent().and_then(|b| ctx.block(b).parent);
    match v {
        Value::Result { op: def, .. } => {
            let block1 = ctx.op(op).parent();
            let block2 = ctx.op(def).parent();
            let region2 = block2.and_then(|b| ctx.block(b).parent);
            let what = if block1 == block2 {
                " (op in the same block)"
            } else if region1 == region2 {
                " (op in the same region)"
            } else if is_proper_ancestor_region(ctx, region2, region1) {
                " (op in a parent region)"
            } else if is_proper_ancestor_region(ctx, region1, region2) {
                " (op in a child region)"
            } else {
                " (op is neither in a parent nor in a child region)"
            };
            d.with_note(ctx.op(def).loc, format!("operand defined here{what}"))
        }
        Value::BlockArg { block: block2, .. } => {
            let loc = ctx.block_parent_op(block2).map(|p| ctx.op(p).loc).unwrap_or(ctx.unknown_loc());
            let Some(region2) = ctx.block(block2).parent else {
                return d.with_note(loc, " (block without parent)");
            };
            let index = ctx.region_blocks(region2).iter().position(|b| *b == block2).unwrap_or(0);
            let what = if region1 == Some(region2) {
                " in the same region)"
            } else if is_proper_ancestor_region(ctx, Some(region2), region1) {
                " in a parent region)"
            } else if is_proper_ancestor_region(ctx, region1, Some(region2)) {
                " in a child region)"
            } else {
                " neither in a parent nor in a child region)"
            };
            d.with_note(loc, format!("operand defined as a block argument (block #{index}{what}"))
        }
    }
}

/// The region enclosing region `r` (through its parent op), if any.
pub fn parent_region(ctx: &Context, r: RegionId) -> Option<RegionId> {
    let op = ctx.region(r).parent?;
    let b = ctx.op(op).parent()?;
    ctx.block(b).parent
}

/// The region a value is defined in.
pub fn value_parent_region(ctx: &Context, v: Value) -> Option<RegionId> {
    ctx.value_parent_block(v).and_then(|b| ctx.block(b).parent)
}

/// Whether `ancestor` is `r` or encloses it.
pub fn region_is_ancestor(ctx: &Context, ancestor: RegionId, r: RegionId) -> bool {
    let mut cur = Some(r);
    while let Some(c) = cur {
        if c == ancestor {
            return true;
        }
        cur = parent_region(ctx, c);
    }
    false
}

fn is_proper_ancestor_region(ctx: &Context, a: Option<RegionId>, b: Option<RegionId>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => a != b && region_is_ancestor(ctx, a, b),
        _ => false,
    }
}

/// MLIR's `mightHaveTrait`: registered ops answer by their traits, unregistered ops might have any.
pub fn might_have_trait(ctx: &Context, op: OpId, t: Traits) -> bool {
    match ctx.op_info(ctx.op(op).name) {
        Some(info) => info.has(t),
        None => true,
    }
}

fn may_be_valid_without_terminator(ctx: &Context, block: BlockId) -> bool {
    let Some(region) = ctx.block(block).parent else { return true };
    if ctx.region_blocks(region).len() != 1 {
        return false;
    }
    match ctx.region(region).parent {
        None => true,
        Some(op) => might_have_trait(ctx, op, Traits::NO_TERMINATOR),
    }
}

// ----- trait verification -----

fn verify_invariants(ctx: &Context, op: OpId, info: &OpInfo) -> Result<(), (Diagnostic, OpId)> {
    verify_invariants_impl(ctx, op, info).map_err(|e| match e {
        InvariantError::Op(d) => (d, op),
        InvariantError::Other(d, o) => (d, o),
    })
}

enum InvariantError {
    Op(Diagnostic),
    Other(Diagnostic, OpId),
}

impl From<Diagnostic> for InvariantError {
    fn from(d: Diagnostic) -> Self {
        InvariantError::Op(d)
    }
}

fn verify_invariants_impl(ctx: &Context, op: OpId, info: &OpInfo) -> Result<(), InvariantError> {
    let d = ctx.op(op);
    let err = |m: String| Err(InvariantError::Op(op_error(ctx, op, m)));
    // Count traits first, as ODS lists them first.
    if info.has(Traits::ZERO_REGIONS) && !d.regions().is_empty() {
        return err("requires zero regions".into());
    }
    if info.has(Traits::ONE_REGION) && d.regions().len() != 1 {
        return err("requires one region".into());
    }
    if info.has(Traits::ONE_RESULT) && d.num_results() != 1 {
        return err("requires one result".into());
    }
    if info.has(Traits::ZERO_RESULTS) && d.num_results() != 0 {
        return err("requires zero results".into());
    }
    if info.has(Traits::ZERO_OPERANDS) && !d.operands.is_empty() {
        return err("requires zero operands".into());
    }
    if info.has(Traits::IS_TERMINATOR) {
        let last = d.parent().and_then(|b| ctx.block_last_op(b));
        if last != Some(op) {
            return err("must be the last operation in the parent block".into());
        }
    }
    if info.has(Traits::SINGLE_BLOCK) {
        for (i, &r) in d.regions().iter().enumerate() {
            let blocks = ctx.region_blocks(r);
            if blocks.is_empty() {
                continue;
            }
            if blocks.len() != 1 {
                return err(format!("expects region #{i} to have 0 or 1 blocks"));
            }
            if !info.has(Traits::NO_TERMINATOR) && ctx.block_len(blocks[0]) == 0 {
                return err("expects a non-empty block".into());
            }
        }
    }
    if info.has(Traits::NO_REGION_ARGUMENTS) {
        for (i, &r) in d.regions().iter().enumerate() {
            if let Some(entry) = ctx.region_entry(r) {
                if !ctx.block(entry).args.is_empty() {
                    if d.regions().len() > 1 {
                        return err(format!("region #{i} should have no arguments"));
                    }
                    return err("region should have no arguments".into());
                }
            }
        }
    }
    if info.has(Traits::ISOLATED_FROM_ABOVE) {
        verify_isolated_from_above(ctx, op).map_err(|(d, o)| InvariantError::Other(d, o))?;
    }
    if info.has(Traits::SYMBOL_TABLE) {
        verify_symbol_table(ctx, op).map_err(|(d, o)| InvariantError::Other(d, o))?;
    }
    if info.has(Traits::SYMBOL) {
        verify_symbol(ctx, op)?;
    }
    if info.has(Traits::SAME_OPERANDS_AND_RESULT_SHAPE) {
        at_least_one_operand_and_result(ctx, op)?;
        let types = operand_and_result_types(ctx, op);
        if !compatible_shapes(ctx, &types) {
            return err("requires the same shape for all operands and results".into());
        }
    }
    if info.has(Traits::SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE) {
        at_least_one_operand_and_result(ctx, op)?;
        let types = operand_and_result_types(ctx, op);
        let e0 = element_type_or_self(ctx, types[0]);
        if types.iter().any(|t| element_type_or_self(ctx, *t) != e0) {
            return err("requires the same element type for all operands and results".into());
        }
    }
    if info.has(Traits::SAME_OPERANDS_AND_RESULT_TYPE) {
        verify_same_operands_and_result_type(ctx, op)?;
    }
    if info.has(Traits::ELEMENTWISE) {
        verify_elementwise(ctx, op)?;
    }
    if let Some(f) = info.verify {
        if let Err(e) = f(ctx, op) {
            return Err(InvariantError::Op(op_errors(ctx, op, &e)));
        }
    }
    Ok(())
}

fn at_least_one_operand_and_result(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let d = ctx.op(op);
    if d.operands.is_empty() {
        return Err(op_error(ctx, op, "expected 1 or more operands, but found 0"));
    }
    if d.num_results() == 0 {
        return Err(op_error(ctx, op, "expected 1 or more results, but found 0"));
    }
    Ok(())
}

fn operand_and_result_types(ctx: &Context, op: OpId) -> Vec<Type> {
    let d = ctx.op(op);
    d.operands.iter().map(|v| ctx.value_type(*v)).chain(ctx.result_types(op)).collect()
}

/// The element type of a shaped type, or the type itself.
pub fn element_type_or_self(ctx: &Context, t: Type) -> Type {
    ctx.type_kind(t).element_type().unwrap_or(t)
}

/// MLIR's `verifyCompatibleShape(Type, Type)`: both shaped or both not; unranked is compatible
/// with anything; ranked shapes need equal rank and equal or dynamic dimensions.
pub fn compatible_shape(ctx: &Context, a: Type, b: Type) -> bool {
    let (ka, kb) = (ctx.type_kind(a), ctx.type_kind(b));
    if !ka.is_shaped() {
        return !kb.is_shaped();
    }
    if !kb.is_shaped() {
        return false;
    }
    match (ka.shape(), kb.shape()) {
        (Some(sa), Some(sb)) => {
            sa.len() == sb.len() && sa.iter().zip(sb).all(|(x, y)| x == y || *x == DYNAMIC || *y == DYNAMIC)
        }
        _ => true,
    }
}

/// MLIR's `verifyCompatibleShapes(TypeRange)`.
fn compatible_shapes(ctx: &Context, types: &[Type]) -> bool {
    let shaped: Vec<&TypeKind> = types.iter().map(|t| ctx.type_kind(*t)).collect();
    if shaped.iter().any(|k| !k.is_shaped()) {
        return shaped.iter().all(|k| !k.is_shaped());
    }
    let ranked: Vec<&[i64]> = shaped.iter().filter_map(|k| k.shape()).collect();
    let Some(first) = ranked.first() else { return true };
    if ranked.iter().any(|s| s.len() != first.len()) {
        return false;
    }
    for i in 0..first.len() {
        let mut stat = None;
        for s in &ranked {
            if s[i] != DYNAMIC {
                match stat {
                    None => stat = Some(s[i]),
                    Some(x) if x != s[i] => return false,
                    _ => {}
                }
            }
        }
    }
    true
}

fn tensor_encoding(ctx: &Context, t: Type) -> Option<crate::Attribute> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { encoding, .. } => *encoding,
        _ => None,
    }
}

fn verify_same_operands_and_result_type(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    at_least_one_operand_and_result(ctx, op)?;
    let d = ctx.op(op);
    let ty = ctx.result_type(op, 0);
    let elem = element_type_or_self(ctx, ty);
    let enc = tensor_encoding(ctx, ty);
    let others = ctx.result_types(op).skip(1).chain(d.operands.iter().map(|v| ctx.value_type(*v)));
    for t in others {
        if t == ty {
            continue;
        }
        if element_type_or_self(ctx, t) != elem || !compatible_shape(ctx, t, ty) {
            return Err(op_error(ctx, op, "requires the same type for all operands and results"));
        }
        if enc.is_some() && tensor_encoding(ctx, t) != enc {
            return Err(op_error(ctx, op, "requires the same encoding for all operands and results"));
        }
    }
    Ok(())
}

fn is_mappable(ctx: &Context, t: Type) -> bool {
    matches!(
        ctx.type_kind(t),
        TypeKind::Vector { .. } | TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. }
    )
}

fn verify_elementwise(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let d = ctx.op(op);
    let results: Vec<Type> = ctx.result_types(op).filter(|t| is_mappable(ctx, *t)).collect();
    let operands: Vec<Type> = d.operands.iter().map(|v| ctx.value_type(*v)).filter(|t| is_mappable(ctx, *t)).collect();
    if results.is_empty() && operands.is_empty() {
        return Ok(());
    }
    if !results.is_empty() && operands.is_empty() {
        return Err(op_error(ctx, op, "if a result is non-scalar, then at least one operand must be non-scalar"));
    }
    if results.is_empty() {
        return Err(op_error(
            ctx,
            op,
            "if an operand is non-scalar, then there must be at least one non-scalar result",
        ));
    }
    if results.len() != d.num_results() {
        return Err(op_error(ctx, op, "if an operand is non-scalar, then all results must be non-scalar"));
    }
    let types: Vec<Type> = operands.into_iter().chain(results).collect();
    let base = |t: Type| match ctx.type_kind(t) {
        TypeKind::Vector { .. } => 0,
        TypeKind::RankedTensor { .. } => 1,
        _ => 2,
    };
    let b0 = base(types[0]);
    if types.iter().any(|t| base(*t) != b0) || !compatible_shapes(ctx, &types) {
        return Err(op_error(ctx, op, "all non-scalar operands/results must have the same shape and base type"));
    }
    Ok(())
}

fn verify_isolated_from_above(ctx: &Context, isolated: OpId) -> Result<(), (Diagnostic, OpId)> {
    // Every op the walk visits is inside. Once the walk is large, a bitset of the ops visited
    // answers most operands without looking up the defining op's block (a cache miss each in a
    // large block). It is sized by the arena, so it is only made once the walk has visited as
    // many ops as it has words: linear overall.
    let words = ctx.ops.len().div_ceil(64);
    let mut walked = 0usize;
    let mut inside = FixedBitSet::new();
    for &region in ctx.op_regions(isolated) {
        let mut pending = vec![region];
        while let Some(r) = pending.pop() {
            for &b in ctx.region_blocks(r) {
                // Values are mostly defined in a few regions: remember the last one found inside.
                let mut known_inside = r;
                for op in ctx.block_ops(b) {
                    for &v in ctx.operands(op) {
                        if let Value::Result { op: def, .. } = v {
                            if inside.contains(def.index() as usize) {
                                continue;
                            }
                        }
                        let Some(vr) = value_parent_region(ctx, v) else {
                            return Err((Diagnostic::error(ctx.op(op).loc, "operation's operand is unlinked"), op));
                        };
                        if vr == known_inside {
                            continue;
                        }
                        if region_is_ancestor(ctx, region, vr) {
                            known_inside = vr;
                        } else {
                            return Err((
                                op_error(ctx, op, "using value defined outside the region")
                                    .with_note(ctx.op(isolated).loc, "required by region isolation constraints"),
                                op,
                            ));
                        }
                    }
                    if !inside.is_empty() {
                        inside.insert(op.index() as usize);
                    } else {
                        walked += 1;
                        if walked >= words.max(256) {
                            inside = FixedBitSet::with_capacity(ctx.ops.len());
                        }
                    }
                    if !ctx.op_regions(op).is_empty() && !ctx.op_has_trait(op, Traits::ISOLATED_FROM_ABOVE) {
                        pending.extend(ctx.op_regions(op).iter().copied());
                    }
                }
            }
        }
    }
    Ok(())
}

fn string_attr_value(ctx: &Context, a: crate::Attribute) -> Option<&str> {
    match ctx.attr_kind(a) {
        AttrKind::String { value, .. } => Some(value),
        _ => None,
    }
}

fn verify_symbol_table(ctx: &Context, op: OpId) -> Result<(), (Diagnostic, OpId)> {
    let regions = ctx.op_regions(op);
    if regions.len() != 1 {
        return Err((op_error(ctx, op, "Operations with a 'SymbolTable' must have exactly one region"), op));
    }
    if ctx.region_blocks(regions[0]).len() != 1 {
        return Err((op_error(ctx, op, "Operations with a 'SymbolTable' must have exactly one block"), op));
    }
    let mut seen: HashMap<&str, crate::Attribute> = HashMap::default();
    for &b in ctx.region_blocks(regions[0]) {
        for child in ctx.block_ops(b) {
            let Some(name) = ctx.attr(child, "sym_name").and_then(|a| string_attr_value(ctx, a)) else { continue };
            if let Some(prev) = seen.get(name) {
                return Err((
                    Diagnostic::error(ctx.op(child).loc, format!("redefinition of symbol named '{name}'"))
                        .with_note(*prev, "see existing symbol definition here"),
                    child,
                ));
            }
            seen.insert(name, ctx.op(child).loc);
        }
    }
    Ok(())
}

fn verify_symbol(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    if ctx.attr(op, "sym_name").and_then(|a| string_attr_value(ctx, a)).is_none() {
        return Err(op_error(ctx, op, "requires string attribute 'sym_name'"));
    }
    if let Some(vis) = ctx.attr(op, "sym_visibility") {
        match string_attr_value(ctx, vis) {
            None => {
                return Err(op_error(
                    ctx,
                    op,
                    "requires visibility attribute 'sym_visibility' to be a string attribute",
                ))
            }
            Some(s) if !matches!(s, "public" | "private" | "nested") => {
                return Err(op_error(
                    ctx,
                    op,
                    format!("visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"{s}\""),
                ))
            }
            _ => {}
        }
    }
    if let Some(parent) = ctx.parent_op(op) {
        if ctx.op_info(ctx.op(parent).name).is_some() && !ctx.op_has_trait(parent, Traits::SYMBOL_TABLE) {
            return Err(op_error(ctx, op, "symbol's parent must have the SymbolTable trait"));
        }
    }
    Ok(())
}

// ----- dominance -----

/// The dominator tree of one region (MLIR's `DominanceInfo` per-region tree), built with the
/// Cooper-Harvey-Kennedy algorithm over the region's CFG (a block's successors are those of its
/// last operation). Blocks unreachable from the entry have no node.
#[derive(Clone, Debug, Default)]
pub struct DomTree {
    /// Reachable blocks in reverse post-order (the entry first).
    pub rpo: Vec<BlockId>,
    index: HashMap<BlockId, u32>,
    /// Immediate dominator by RPO index (the entry's is itself).
    idom: Vec<u32>,
    /// Children in the dominator tree by RPO index, in RPO order.
    children: Vec<Vec<u32>>,
    pre: Vec<u32>,
    post: Vec<u32>,
}

impl DomTree {
    /// Build the tree of `region`.
    pub fn new(ctx: &Context, region: RegionId) -> DomTree {
        let blocks = ctx.region_blocks(region);
        let Some(&entry) = blocks.first() else { return DomTree::default() };
        let succs = |b: BlockId| -> Vec<BlockId> {
            match ctx.block_last_op(b) {
                Some(t) => {
                    ctx.op(t).successors().iter().copied().filter(|s| ctx.block(*s).parent == Some(region)).collect()
                }
                None => Vec::new(),
            }
        };
        // Iterative DFS post-order.
        let mut visited: HashMap<BlockId, ()> = HashMap::default();
        let mut post = Vec::new();
        let mut stack: Vec<(BlockId, Vec<BlockId>, usize)> = vec![(entry, succs(entry), 0)];
        visited.insert(entry, ());
        while let Some((b, ss, i)) = stack.last_mut() {
            if *i < ss.len() {
                let s = ss[*i];
                *i += 1;
                if visited.insert(s, ()).is_none() {
                    let sss = succs(s);
                    stack.push((s, sss, 0));
                }
            } else {
                post.push(*b);
                stack.pop();
            }
        }
        let rpo: Vec<BlockId> = post.into_iter().rev().collect();
        let n = rpo.len();
        let index: HashMap<BlockId, u32> = rpo.iter().enumerate().map(|(i, b)| (*b, i as u32)).collect();
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (i, &b) in rpo.iter().enumerate() {
            for s in succs(b) {
                if let Some(&j) = index.get(&s) {
                    preds[j as usize].push(i as u32);
                }
            }
        }
        const UNDEF: u32 = u32::MAX;
        let mut idom = vec![UNDEF; n];
        idom[0] = 0;
        let mut changed = true;
        while changed {
            changed = false;
            for b in 1..n {
                let mut new_idom = UNDEF;
                for &p in &preds[b] {
                    if idom[p as usize] == UNDEF {
                        continue;
                    }
                    new_idom = if new_idom == UNDEF {
                        p
                    } else {
                        let (mut x, mut y) = (p, new_idom);
                        while x != y {
                            while x > y {
                                x = idom[x as usize];
                            }
                            while y > x {
                                y = idom[y as usize];
                            }
                        }
                        x
                    };
                }
                if new_idom != idom[b] {
                    idom[b] = new_idom;
                    changed = true;
                }
            }
        }
        let mut children = vec![Vec::new(); n];
        for b in 1..n {
            children[idom[b] as usize].push(b as u32);
        }
        let mut pre = vec![0; n];
        let mut postn = vec![0; n];
        let mut counter = 0u32;
        let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
        pre[0] = counter;
        counter += 1;
        while let Some((b, i)) = stack.last_mut() {
            let b = *b;
            if *i < children[b as usize].len() {
                let c = children[b as usize][*i];
                *i += 1;
                pre[c as usize] = counter;
                counter += 1;
                stack.push((c, 0));
            } else {
                postn[b as usize] = counter;
                counter += 1;
                stack.pop();
            }
        }
        DomTree { rpo, index, idom, children, pre, post: postn }
    }

    /// Whether `b` is reachable from the entry.
    pub fn is_reachable(&self, b: BlockId) -> bool {
        self.index.contains_key(&b)
    }

    /// The immediate dominator of `b` (`None` for the entry and unreachable blocks).
    pub fn idom(&self, b: BlockId) -> Option<BlockId> {
        let &i = self.index.get(&b)?;
        if i == 0 {
            None
        } else {
            Some(self.rpo[self.idom[i as usize] as usize])
        }
    }

    /// The children of `b` in the dominator tree, in reverse post-order of the CFG.
    pub fn children(&self, b: BlockId) -> Vec<BlockId> {
        match self.index.get(&b) {
            Some(&i) => self.children[i as usize].iter().map(|c| self.rpo[*c as usize]).collect(),
            None => Vec::new(),
        }
    }

    /// Whether `a` dominates `b` (both in this region). As in LLVM: an unreachable block is
    /// dominated by every block and dominates none but itself.
    pub fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        if a == b {
            return true;
        }
        let Some(&ib) = self.index.get(&b) else { return true };
        let Some(&ia) = self.index.get(&a) else { return false };
        let (ia, ib) = (ia as usize, ib as usize);
        self.pre[ia] <= self.pre[ib] && self.post[ib] <= self.post[ia]
    }

    /// Whether `a` dominates `b` and `a != b`.
    pub fn properly_dominates(&self, a: BlockId, b: BlockId) -> bool {
        a != b && self.dominates(a, b)
    }
}

/// Dominance queries across a region tree (MLIR's `DominanceInfo`): dominator trees are built
/// lazily per region and op positions lazily per block. Call [`DominanceInfo::invalidate`] after
/// changing the CFG or reordering operations.
#[derive(Default)]
pub struct DominanceInfo {
    trees: HashMap<RegionId, DomTree>,
    /// Position of each op in its block, indexed by op index (`u32::MAX`: not computed yet).
    positions: Vec<u32>,
    /// Whether a block's op positions are computed, indexed by block index.
    indexed_blocks: Vec<bool>,
}

impl DominanceInfo {
    /// Empty (nothing computed yet).
    pub fn new() -> Self {
        Self::default()
    }

    /// Forget everything computed.
    pub fn invalidate(&mut self) {
        self.trees.clear();
        self.positions.clear();
        self.indexed_blocks.clear();
    }

    /// The dominator tree of a region.
    pub fn dom_tree(&mut self, ctx: &Context, region: RegionId) -> &DomTree {
        self.trees.entry(region).or_insert_with(|| DomTree::new(ctx, region))
    }

    /// Whether regions of this kind require SSA dominance (not a graph region).
    pub fn has_ssa_dominance(ctx: &Context, region: RegionId) -> bool {
        match ctx.region(region).parent {
            Some(op) => !ctx.op_has_trait(op, Traits::GRAPH_REGIONS),
            None => true,
        }
    }

    /// Whether a block is reachable from its region's entry.
    pub fn is_reachable(&mut self, ctx: &Context, b: BlockId) -> bool {
        let Some(r) = ctx.block(b).parent else { return true };
        if ctx.region_blocks(r).len() == 1 {
            return true;
        }
        self.dom_tree(ctx, r).is_reachable(b)
    }

    fn position(&mut self, ctx: &Context, op: OpId) -> u32 {
        let b = ctx.op(op).parent().expect("op in a block");
        let bi = b.index() as usize;
        if bi >= self.indexed_blocks.len() {
            self.indexed_blocks.resize(bi + 1, false);
        }
        if !self.indexed_blocks[bi] {
            self.indexed_blocks[bi] = true;
            for (i, o) in ctx.block_ops(b).enumerate() {
                let oi = o.index() as usize;
                if oi >= self.positions.len() {
                    self.positions.resize((oi + 1).max(self.positions.len() * 2), u32::MAX);
                }
                self.positions[oi] = i as u32;
            }
        }
        self.positions[op.index() as usize]
    }

    /// Whether `a` is before `b` in the same block.
    pub fn is_before_in_block(&mut self, ctx: &Context, a: OpId, b: OpId) -> bool {
        self.position(ctx, a) < self.position(ctx, b)
    }

    /// MLIR's `properlyDominates(Value, Operation*)`: whether `v` is available at `user`.
    pub fn properly_dominates_value(&mut self, ctx: &Context, v: Value, user: OpId) -> bool {
        match v {
            Value::BlockArg { block, .. } => match ctx.op(user).parent() {
                Some(ub) => self.dominates_block(ctx, block, ub),
                None => false,
            },
            Value::Result { op, .. } => self.properly_dominates_op(ctx, op, user, false),
        }
    }

    /// MLIR's `properlyDominates(Operation*, Operation*)` (with `enclosingOpOk`).
    pub fn properly_dominates_op(&mut self, ctx: &Context, a: OpId, b: OpId, enclosing_ok: bool) -> bool {
        if a == b {
            return false;
        }
        let (Some(a_block), Some(mut b_block)) = (ctx.op(a).parent(), ctx.op(b).parent()) else { return false };
        let a_region = ctx.block(a_block).parent;
        let mut b = b;
        if a_region != ctx.block(b_block).parent {
            let Some(ar) = a_region else { return false };
            let Some(anc) = find_ancestor_op_in_region(ctx, ar, b) else { return false };
            b = anc;
            b_block = ctx.op(b).parent().unwrap();
            if a == b {
                return enclosing_ok;
            }
        }
        if a_block == b_block {
            let ssa = a_region.map(|r| Self::has_ssa_dominance(ctx, r)).unwrap_or(true);
            if ssa {
                return self.is_before_in_block(ctx, a, b);
            }
            return true;
        }
        let r = a_region.unwrap();
        self.dom_tree(ctx, r).properly_dominates(a_block, b_block)
    }

    /// MLIR's `dominates(Block*, Block*)`.
    pub fn dominates_block(&mut self, ctx: &Context, a: BlockId, b: BlockId) -> bool {
        a == b || self.properly_dominates_block(ctx, a, b)
    }

    /// MLIR's `properlyDominates(Block*, Block*)`.
    pub fn properly_dominates_block(&mut self, ctx: &Context, a: BlockId, b: BlockId) -> bool {
        let region_a = ctx.block(a).parent;
        if a == b {
            return match region_a {
                Some(r) => !Self::has_ssa_dominance(ctx, r),
                None => false,
            };
        }
        let mut b = b;
        if region_a != ctx.block(b).parent {
            let Some(ra) = region_a else { return false };
            let Some(anc) = find_ancestor_block_in_region(ctx, ra, b) else { return false };
            b = anc;
            if a == b {
                return true;
            }
        }
        let Some(r) = region_a else { return false };
        self.dom_tree(ctx, r).properly_dominates(a, b)
    }
}

/// The ancestor of `op` (or `op` itself) whose parent block is in `region`.
pub fn find_ancestor_op_in_region(ctx: &Context, region: RegionId, op: OpId) -> Option<OpId> {
    let mut cur = op;
    loop {
        let b = ctx.op(cur).parent()?;
        let r = ctx.block(b).parent?;
        if r == region {
            return Some(cur);
        }
        cur = ctx.region(r).parent?;
    }
}

/// The ancestor of `block` (or `block` itself) in `region`.
pub fn find_ancestor_block_in_region(ctx: &Context, region: RegionId, block: BlockId) -> Option<BlockId> {
    let mut cur = block;
    loop {
        let r = ctx.block(cur).parent?;
        if r == region {
            return Some(cur);
        }
        let op = ctx.region(r).parent?;
        cur = ctx.op(op).parent()?;
    }
}

#[cfg(test)]
mod tests {
    use crate::diagnostics::render;
    use crate::testing::B;

    /// A function of `n` ops using earlier values (near and far), then `t.addi` of `bad` if given.
    fn big_func(n: usize, outside_use: bool) -> Vec<String> {
        let mut b = B::new();
        let (m, mb) = b.module();
        let outer = b.constant(mb, 7);
        let (_, e) = b.func(mb, "f", None, &[]);
        let mut vals = vec![b.constant(e, 1)];
        for i in 1..n {
            let (x, y) = (vals[i / 2], vals[i - 1]);
            vals.push(b.v(e, "t.addi", &[x, y]));
        }
        let last = *vals.last().unwrap();
        let first = vals[0];
        if outside_use {
            b.v(e, "t.addi", &[first, outer]);
        }
        b.v(e, "t.addi", &[last, first]);
        b.op(e, "t.return", &[], &[]);
        let _ = crate::verifier::verify(&mut b.ctx, m);
        b.ctx.take_diagnostics().iter().map(|d| render(&b.ctx, d).trim_end().to_string()).collect()
    }

    /// Isolation is checked exactly once the walk is large enough for the bitset of the ops
    /// visited (uses of them skip the region lookup).
    #[test]
    fn isolated_from_above_in_a_large_walk() {
        for n in [10, 300, 5000] {
            assert_eq!(big_func(n, false), Vec::<String>::new());
            let d = big_func(n, true);
            assert_eq!(d.len(), 1, "{d:?}");
            assert!(d[0].contains("'t.addi' op using value defined outside the region"), "{d:?}");
        }
    }
}
