//! Rewrite patterns, the pattern rewriter and the greedy pattern driver (MLIR's `PatternMatch.h`,
//! `RewriterBase`/`PatternRewriter` and `GreedyPatternRewriteDriver.cpp`).
//!
//! - A [`RewritePattern`] matches one root op (optionally filtered by name) and rewrites it through
//!   a [`PatternRewriter`].
//! - The [`PatternRewriter`] wraps `&mut Context` with an insertion point and reports every change
//!   to a [`RewriteListener`] (the driver's worklist). It dereferences to the [`Context`] for
//!   queries only (`&Context`): the IR can be changed only through the rewriter's methods, so the
//!   driver, the statistics and any listener hear of every change (MLIR's `RewriterBase`
//!   contract). Interning types and attributes is not an IR change and has its own methods
//!   ([`PatternRewriter::intern_type`], [`PatternRewriter::intern_attr`], ...).
//! - [`apply_patterns_greedily`] (in [`driver`]) runs patterns and folders to a fixed point.
//! - [`utils`] has the trivially-dead and memory-effect queries and region simplification.
//!
//! Architecture invariant: a pattern that returns `false` has not changed the IR.

pub mod driver;
pub mod utils;

pub use driver::{
    apply_patterns_greedily, apply_patterns_greedily_with_stats, GreedyConfig, RegionSimplification, RewriteStats,
};
pub use utils::{
    constant_value, is_memory_effect_free, is_op_trivially_dead, simplify_regions, would_op_be_trivially_dead,
};

use std::collections::HashMap;
use std::ops::Deref;

use crate::attributes::Attribute;
use crate::ir::{BlockId, InsertPoint, OpId, OperationState, RegionId, Value};
use crate::Context;

/// A rewrite pattern (MLIR's `RewritePattern`).
pub trait RewritePattern {
    /// A name for debugging and for `disable-patterns` / `enable-patterns` filters.
    fn name(&self) -> &str;
    /// The op name this pattern matches, or `None` for any op.
    fn root(&self) -> Option<&str>;
    /// Higher benefits are tried first; equal benefits keep the order given.
    fn benefit(&self) -> u16 {
        1
    }
    /// Match `op` and rewrite it. Return `true` only if the IR was changed; a pattern that fails
    /// to match must leave the IR untouched.
    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter) -> bool;
}

/// Receives notifications of IR changes made through a [`PatternRewriter`]
/// (MLIR's `RewriterBase::Listener`). All methods default to doing nothing.
#[allow(unused_variables)]
pub trait RewriteListener {
    /// `op` was inserted into a block (created, moved, or cloned).
    fn notify_operation_inserted(&mut self, ctx: &Context, op: OpId) {}
    /// `op` was modified in place (operands, attributes, successors, ...).
    fn notify_operation_modified(&mut self, ctx: &Context, op: OpId) {}
    /// `op` is about to be replaced by `with` (then erased).
    fn notify_operation_replaced(&mut self, ctx: &Context, op: OpId, with: &[Value]) {}
    /// `op` is about to be erased (it is still intact). Nested ops are notified first.
    fn notify_operation_erased(&mut self, ctx: &Context, op: OpId) {}
    /// `block` was inserted into a region.
    fn notify_block_inserted(&mut self, ctx: &Context, block: BlockId) {}
    /// `block` is about to be erased.
    fn notify_block_erased(&mut self, ctx: &Context, block: BlockId) {}
}

/// The rewriter handed to patterns (MLIR's `PatternRewriter`): a `&mut Context` plus an
/// insertion point, reporting changes to an optional listener.
pub struct PatternRewriter<'a> {
    ctx: &'a mut Context,
    ip: Option<InsertPoint>,
    listener: Option<&'a mut dyn RewriteListener>,
}

impl Deref for PatternRewriter<'_> {
    type Target = Context;
    fn deref(&self) -> &Context {
        self.ctx
    }
}

impl<'a> PatternRewriter<'a> {
    /// A rewriter without a listener.
    pub fn new(ctx: &'a mut Context) -> Self {
        PatternRewriter { ctx, ip: None, listener: None }
    }

    /// A rewriter reporting to `listener`.
    pub fn with_listener(ctx: &'a mut Context, listener: &'a mut dyn RewriteListener) -> Self {
        PatternRewriter { ctx, ip: None, listener: Some(listener) }
    }

    /// The context (read-only).
    pub fn ctx(&self) -> &Context {
        self.ctx
    }

    // ----- interning (not IR changes) -----

    /// Intern a string.
    pub fn sym(&mut self, s: &str) -> crate::Symbol {
        self.ctx.sym(s)
    }
    /// Intern an operation name.
    pub fn op_name(&mut self, name: &str) -> crate::OpName {
        self.ctx.op_name(name)
    }
    /// Intern a type.
    pub fn intern_type(&mut self, kind: crate::TypeKind) -> crate::Type {
        self.ctx.intern_type(kind)
    }
    /// Intern an attribute.
    pub fn intern_attr(&mut self, kind: crate::AttrKind) -> Attribute {
        self.ctx.intern_attr(kind)
    }
    /// A ranked tensor type without encoding.
    pub fn tensor_type(&mut self, shape: &[i64], element: crate::Type) -> crate::Type {
        self.ctx.tensor_type(shape, element)
    }
    /// Signless `iN`.
    pub fn int_type(&mut self, width: u32) -> crate::Type {
        self.ctx.int_type(width)
    }
    /// A float type.
    pub fn float_type(&mut self, k: crate::FloatKind) -> crate::Type {
        self.ctx.float_type(k)
    }
    /// `index`.
    pub fn index_type(&mut self) -> crate::Type {
        self.ctx.index_type()
    }
    /// Run `f` with the context to intern types and attributes (or anything else that is not an
    /// IR change: creating *detached* ops and regions the rewriter then inserts is fine too).
    /// `f` must not change attached IR — that would bypass the listener.
    pub fn interner<R>(&mut self, f: impl FnOnce(&mut Context) -> R) -> R {
        f(self.ctx)
    }
    /// A fused location of several ops' locations (as MLIR's `FusedLoc::get`).
    pub fn fused_loc(&mut self, locs: &[Attribute]) -> Attribute {
        self.ctx.fused_loc(locs)
    }

    // ----- insertion point -----

    /// The current insertion point.
    pub fn insertion_point(&self) -> Option<InsertPoint> {
        self.ip
    }

    /// Set the insertion point.
    pub fn set_insertion_point(&mut self, ip: InsertPoint) {
        self.ip = Some(ip);
    }

    /// Insert before `op` from now on.
    pub fn set_insertion_point_before(&mut self, op: OpId) {
        self.ip = Some(InsertPoint::Before(op));
    }

    /// Insert after `op` from now on (successive insertions keep their order).
    pub fn set_insertion_point_after(&mut self, op: OpId) {
        self.ip = Some(InsertPoint::After(op));
    }

    /// Insert at the start of `block` (successive insertions keep their order).
    pub fn set_insertion_point_to_start(&mut self, block: BlockId) {
        self.ip = Some(InsertPoint::Start(block));
    }

    /// Insert at the end of `block`.
    pub fn set_insertion_point_to_end(&mut self, block: BlockId) {
        self.ip = Some(InsertPoint::End(block));
    }

    /// Clear the insertion point (created ops stay detached).
    pub fn clear_insertion_point(&mut self) {
        self.ip = None;
    }

    // ----- notifications -----

    fn notify_inserted(&mut self, op: OpId) {
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_operation_inserted(self.ctx, op);
        }
    }

    fn notify_modified(&mut self, op: OpId) {
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_operation_modified(self.ctx, op);
        }
    }

    /// Report that `op` was changed in place by code outside the rewriter (e.g. a folder).
    pub fn notify_operation_modified(&mut self, op: OpId) {
        self.notify_modified(op);
    }

    // ----- creation -----

    /// Insert a detached op at the insertion point (MLIR's `OpBuilder::insert`). Panics without
    /// an insertion point.
    pub fn insert(&mut self, op: OpId) -> OpId {
        let ip = self.ip.expect("PatternRewriter::insert without an insertion point");
        self.ctx.insert_op(ip, op);
        match ip {
            InsertPoint::After(_) | InsertPoint::Start(_) => self.ip = Some(InsertPoint::After(op)),
            _ => {}
        }
        self.notify_inserted(op);
        op
    }

    /// Create an op and insert it at the insertion point (detached if there is none).
    pub fn create(&mut self, state: OperationState) -> OpId {
        let op = self.ctx.create_op(state);
        if self.ip.is_some() {
            self.insert(op);
        }
        op
    }

    /// Clone `op` (with its regions), mapping operands through `map`, and insert the clone at the
    /// insertion point. Every cloned op is reported as inserted.
    pub fn clone(&mut self, op: OpId, map: &mut HashMap<Value, Value>) -> OpId {
        let new = self.ctx.clone_op(op, map);
        if let Some(ip) = self.ip {
            self.ctx.insert_op(ip, new);
            if matches!(ip, InsertPoint::After(_) | InsertPoint::Start(_)) {
                self.ip = Some(InsertPoint::After(new));
            }
            let mut all = Vec::new();
            self.ctx.walk_pre(new, &mut |o| all.push(o));
            for o in all {
                self.notify_inserted(o);
            }
        }
        new
    }

    /// Clone `op` without remapping operands.
    pub fn clone_op_simple(&mut self, op: OpId) -> OpId {
        let mut map = HashMap::new();
        self.clone(op, &mut map)
    }

    // ----- replacement and erasure -----

    /// Replace every use of `from` with `to`, reporting each user as modified.
    pub fn replace_all_uses(&mut self, from: Value, to: Value) {
        if from == to {
            return;
        }
        let users: Vec<OpId> = self.ctx.uses(from).iter().map(|u| u.user).collect();
        self.ctx.replace_all_uses(from, to);
        let mut seen = std::collections::HashSet::new();
        for u in users {
            if seen.insert(u) {
                self.notify_modified(u);
            }
        }
    }

    /// Replace the uses of `from` for which `pred` holds, reporting each changed user.
    pub fn replace_uses_if(&mut self, from: Value, to: Value, pred: &dyn Fn(&Context, crate::ir::Use) -> bool) {
        let uses: Vec<crate::ir::Use> = self.ctx.uses(from).to_vec();
        for u in uses {
            if pred(self.ctx, u) {
                self.ctx.set_operand(u.user, u.operand as usize, to);
                self.notify_modified(u.user);
            }
        }
    }

    /// Replace the results of `op` with `values` (one per result) and erase `op`.
    pub fn replace_op(&mut self, op: OpId, values: &[Value]) {
        assert_eq!(values.len(), self.ctx.num_results(op), "replace_op: wrong number of replacement values");
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_operation_replaced(self.ctx, op, values);
        }
        for (i, &v) in values.iter().enumerate() {
            let r = self.ctx.result(op, i);
            self.replace_all_uses(r, v);
        }
        self.erase_op(op);
    }

    /// Create an op before `op` (keeping the insertion point) and replace `op` with its results.
    pub fn replace_op_with_new(&mut self, op: OpId, state: OperationState) -> OpId {
        let saved = self.ip;
        self.ip = Some(InsertPoint::Before(op));
        let new = self.create(state);
        self.ip = saved;
        let results: Vec<Value> = self.ctx.results(new).collect();
        self.replace_op(op, &results);
        new
    }

    /// Erase `op` and everything nested in it, reporting each op (nested ones first). The results
    /// must have no uses outside of `op`.
    pub fn erase_op(&mut self, op: OpId) {
        if self.listener.is_some() {
            let mut order = Vec::new();
            erase_order(self.ctx, op, &mut order);
            for o in order {
                if let Some(l) = self.listener.as_deref_mut() {
                    l.notify_operation_erased(self.ctx, o);
                }
                if o != op {
                    self.ctx.set_operands(o, Vec::new());
                }
            }
        }
        self.ctx.erase_op(op);
    }

    /// Erase a block and its ops (reporting them), removing it from its region.
    pub fn erase_block(&mut self, block: BlockId) {
        if self.listener.is_some() {
            let ops = self.ctx.block_ops_vec(block);
            for &o in ops.iter().rev() {
                let mut order = Vec::new();
                erase_order(self.ctx, o, &mut order);
                for x in order {
                    if let Some(l) = self.listener.as_deref_mut() {
                        l.notify_operation_erased(self.ctx, x);
                    }
                }
            }
            if let Some(l) = self.listener.as_deref_mut() {
                l.notify_block_erased(self.ctx, block);
            }
        }
        self.ctx.erase_block(block);
    }

    // ----- in-place modification -----

    /// Modify `op` in place with `f`, then report it as modified.
    pub fn modify_op_in_place<R>(&mut self, op: OpId, f: impl FnOnce(&mut Context) -> R) -> R {
        let r = f(self.ctx);
        self.notify_modified(op);
        r
    }

    /// Set operand `i` of `op`.
    pub fn set_operand(&mut self, op: OpId, i: usize, v: Value) {
        self.ctx.set_operand(op, i, v);
        self.notify_modified(op);
    }

    /// Replace all operands of `op`.
    pub fn set_operands(&mut self, op: OpId, operands: Vec<Value>) {
        self.ctx.set_operands(op, operands);
        self.notify_modified(op);
    }

    /// Set an attribute of `op`.
    pub fn set_attr(&mut self, op: OpId, name: &str, value: Attribute) {
        self.ctx.set_attr(op, name, value);
        self.notify_modified(op);
    }

    /// Remove an attribute of `op`.
    pub fn remove_attr(&mut self, op: OpId, name: &str) -> Option<Attribute> {
        let r = self.ctx.remove_attr(op, name);
        if r.is_some() {
            self.notify_modified(op);
        }
        r
    }

    // ----- moving and inlining -----

    /// Move `op` to an insertion point (reported as inserted).
    pub fn move_op(&mut self, op: OpId, to: InsertPoint) {
        self.ctx.move_op(op, to);
        self.notify_inserted(op);
    }

    /// Move `op` before `anchor`.
    pub fn move_op_before(&mut self, op: OpId, anchor: OpId) {
        self.move_op(op, InsertPoint::Before(anchor));
    }

    /// Move `op` after `anchor`.
    pub fn move_op_after(&mut self, op: OpId, anchor: OpId) {
        self.move_op(op, InsertPoint::After(anchor));
    }

    /// Move the ops of `source` before `at`, replacing the block's arguments with `args`, and
    /// erase the (now empty) block (MLIR's `inlineBlockBefore`).
    pub fn inline_block_before(&mut self, source: BlockId, at: InsertPoint, args: &[Value]) {
        let nargs = self.ctx.block(source).args.len();
        assert_eq!(nargs, args.len(), "inline_block_before: wrong number of block argument replacements");
        for (i, &a) in args.iter().enumerate() {
            let ba = self.ctx.block_arg(source, i);
            self.replace_all_uses(ba, a);
        }
        let ops = self.ctx.block_ops_vec(source);
        let mut ip = at;
        for o in ops {
            self.ctx.move_op(o, ip);
            if matches!(ip, InsertPoint::After(_) | InsertPoint::Start(_)) {
                ip = InsertPoint::After(o);
            }
            self.notify_inserted(o);
        }
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_block_erased(self.ctx, source);
        }
        self.ctx.erase_block(source);
    }

    /// Append the ops of `source` to `dest` and erase `source` (MLIR's `mergeBlocks`).
    pub fn merge_blocks(&mut self, source: BlockId, dest: BlockId, args: &[Value]) {
        self.inline_block_before(source, InsertPoint::End(dest), args);
    }

    /// Move all blocks of `region` into `parent` before position `index` (MLIR's
    /// `inlineRegionBefore`).
    pub fn inline_region_before(&mut self, region: RegionId, parent: RegionId, index: usize) {
        let blocks = std::mem::take(&mut self.ctx.regions[region.0 as usize].blocks);
        for (k, b) in blocks.into_iter().enumerate() {
            self.ctx.insert_block(parent, index + k, b);
            if let Some(l) = self.listener.as_deref_mut() {
                l.notify_block_inserted(self.ctx, b);
            }
        }
    }

    /// Create a block with arguments at position `index` of `region`.
    pub fn create_block_in(
        &mut self,
        region: RegionId,
        index: usize,
        args: &[(crate::Type, Option<Attribute>)],
    ) -> BlockId {
        let b = self.ctx.create_block(args);
        self.ctx.insert_block(region, index, b);
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_block_inserted(self.ctx, b);
        }
        b
    }
}

/// The order in which [`PatternRewriter::erase_op`] reports erased ops: nested ops first
/// (regions, blocks and ops in reverse), then the op itself.
fn erase_order(ctx: &Context, op: OpId, out: &mut Vec<OpId>) {
    for &r in ctx.op_regions(op).iter().rev() {
        for &b in ctx.region_blocks(r).iter().rev() {
            let mut cur = ctx.block_last_op(b);
            while let Some(o) = cur {
                cur = ctx.prev_op(o);
                erase_order(ctx, o, out);
            }
        }
    }
    out.push(op);
}
