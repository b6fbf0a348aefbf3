//! Verifier tests: IR built through the Context API (every op gets location `t:<n>:1` with `n`
//! counting up from 1 in creation order), expected diagnostics as mlir-opt words them.

use strata_ir::diagnostics::render;
use strata_ir::dialect::{Dialect, OpInfo, Traits};
use strata_ir::testing::B;
use strata_ir::verifier::{verify, verify_with, DominanceInfo, VerifyOptions};
use strata_ir::*;

/// This file's `test` dialect: one op per trait or hook under test.
fn test_dialect() -> Dialect {
    Dialect::new("test")
        .op(OpInfo::new("test.func")
            .traits(Traits::ISOLATED_FROM_ABOVE | Traits::SYMBOL)
            .inherent(&["sym_name", "sym_visibility"]))
        .op(OpInfo::new("test.return").traits(Traits::IS_TERMINATOR | Traits::PURE | Traits::RETURN_LIKE))
        .op(OpInfo::new("test.br").traits(Traits::IS_TERMINATOR))
        .op(OpInfo::new("test.constant")
            .traits(Traits::CONSTANT_LIKE | Traits::PURE | Traits::ZERO_OPERANDS | Traits::ONE_RESULT)
            .inherent(&["value"]))
        .op(OpInfo::new("test.add").traits(Traits::PURE | Traits::SAME_OPERANDS_AND_RESULT_TYPE))
        .op(OpInfo::new("test.elementwise").traits(Traits::PURE | Traits::ELEMENTWISE))
        .op(OpInfo::new("test.same_shape").traits(Traits::SAME_OPERANDS_AND_RESULT_SHAPE))
        .op(OpInfo::new("test.same_elt").traits(Traits::SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE))
        .op(OpInfo::new("test.graph").traits(Traits::GRAPH_REGIONS | Traits::NO_TERMINATOR | Traits::SINGLE_BLOCK))
        .op(OpInfo::new("test.single").traits(Traits::SINGLE_BLOCK))
        .op(OpInfo::new("test.noargs").traits(Traits::NO_REGION_ARGUMENTS | Traits::NO_TERMINATOR))
        .op(OpInfo::new("test.counts").traits(Traits::ZERO_OPERANDS | Traits::ONE_RESULT | Traits::ZERO_REGIONS))
        .op(OpInfo::new("test.table")
            .traits(Traits::SYMBOL_TABLE | Traits::NO_TERMINATOR | Traits::SINGLE_BLOCK)
            .inherent(&["sym_name"]))
        .op(OpInfo::new("test.custom").verifier(|_, _| Err("custom check failed".into())))
        .op(OpInfo::new("test.region_check")
            .traits(Traits::NO_TERMINATOR)
            .region_verifier(|_, _| Err("region check failed".into())))
}

/// strata-ir's test builder (`strata_ir::testing::B`: locations `t:<n>:1`) over the `test`
/// dialect, with this file's helpers.
struct V(B);

impl std::ops::Deref for V {
    type Target = B;
    fn deref(&self) -> &B {
        &self.0
    }
}

impl std::ops::DerefMut for V {
    fn deref_mut(&mut self) -> &mut B {
        &mut self.0
    }
}

impl V {
    fn new() -> V {
        V(B::with_dialect(test_dialect()))
    }

    fn res(&self, op: OpId) -> Value {
        self.ctx.result(op, 0)
    }

    /// `test.func @name(args)` with an entry block; returns (func, entry block).
    fn func(&mut self, parent: BlockId, name: &str, args: &[Type]) -> (OpId, BlockId) {
        let (r, b) = self.region(args);
        let s = self.ctx.string_attr(name);
        let f = self.op_full(Some(parent), "test.func", &[], &[], &[("sym_name", s)], vec![r], &[]);
        (f, b)
    }

    fn constant(&mut self, block: BlockId, v: i64) -> Value {
        let t = self.i32();
        let a = self.ctx.int_attr(v as i128, t);
        let op = self.op_full(Some(block), "test.constant", &[], &[t], &[("value", a)], vec![], &[]);
        self.res(op)
    }

    /// Verify `op` and render the diagnostics (one string per diagnostic, notes included).
    fn check(&mut self, op: OpId) -> Vec<String> {
        let r = verify(&mut self.ctx, op);
        let diags = self.ctx.take_diagnostics();
        assert_eq!(r.is_err(), !diags.is_empty(), "result and diagnostics disagree: {diags:?}");
        diags.iter().map(|d| render(&self.ctx, d).trim_end().to_string()).collect()
    }
}

#[test]
fn valid_function_verifies() {
    let mut b = V::new();
    let (m, mb) = b.module();
    let i32 = b.i32();
    let (_, e) = b.func(mb, "f", &[i32]);
    let a = b.ctx.block_arg(e, 0);
    let c = b.constant(e, 1);
    let x = b.op(e, "test.add", &[a, c], &[i32]);
    let xv = b.res(x);
    b.op(e, "test.return", &[xv], &[]);
    assert_eq!(b.check(m), Vec::<String>::new());
}

#[test]
fn use_before_def_in_same_block() {
    let mut b = V::new();
    let (m, mb) = b.module();
    let i32 = b.i32();
    let (_, e) = b.func(mb, "f", &[i32]); // lines 2
    let a = b.ctx.block_arg(e, 0);
    let x = b.op(e, "test.add", &[a, a], &[i32]); // line 3
    let y = b.op(e, "test.add", &[a, a], &[i32]); // line 4
    let yv = b.res(y);
    b.ctx.set_operand(x, 0, yv);
    b.op(e, "test.return", &[], &[]);
    assert_eq!(
        b.check(m),
        vec!["t:3:1: error: operand #0 does not dominate this use\nt:4:1: note: operand defined here (op in the same block)"]
    );
}

#[test]
fn see_current_operation_note() {
    let mut b = V::new();
    let (m, mb) = b.module();
    let i32 = b.i32();
    let (_, e) = b.func(mb, "f", &[i32]);
    let a = b.ctx.block_arg(e, 0);
    let x = b.op(e, "test.add", &[a, a], &[i32]);
    let y = b.op(e, "test.add", &[a, a], &[i32]);
    let yv = b.res(y);
    b.ctx.set_operand(x, 0, yv);
    b.op(e, "test.return", &[], &[]);
    let r = verify_with(&mut b.ctx, m, &VerifyOptions { print_op_on_diagnostic: true });
    assert!(r.is_err());
    let d = b.ctx.take_diagnostics();
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].notes.len(), 2);
    assert!(
        d[0].notes[0].message.starts_with("see current operation: %0 = \"test.add\"(%1, %arg0)"),
        "{:?}",
        d[0].notes[0]
    );
    assert_eq!(d[0].notes[1].message, "operand defined here (op in the same block)");
}

#[test]
fn terminator_in_the_middle() {
    let mut b = V::new();
    let (m, mb) = b.module();
    let i32 = b.i32();
    let (_, e) = b.func(mb, "g", &[i32]);
    b.op(e, "test.return", &[], &[]); // line 3
    let a = b.ctx.block_arg(e, 0);
    b.op(e, "test.add", &[a, a], &[i32]);
    assert_eq!(b.check(m), vec!["t:3:1: error: 'test.return' op must be the last operation in the parent block"]);
}

#[test]
fn block_without_terminator() {
    let mut b = V::new();
    let (m, mb) = b.module();
    let i32 = b.i32();
    let (_, e) = b.func(mb, "h", &[i32]);
    let a = b.ctx.block_arg(e, 0);
    b.op(e, "test.add", &[a, a], &[i32]); // line 3
    assert_eq!(
        b.check(m),
        vec!["t:3:1: error: block with no terminator, has %0 = \"test.add\"(%arg0, %arg0) : (i32, i32) -> i32"]
    );
}

#[test]
fn empty_block_and_unregistered_terminators() {
    let mut b = V::new();
    let (m, mb) = b.module();
    // An empty entry block of a func (needs a terminator).
    b.func(mb, "empty", &[]); // line 2
                              // An unregistered op might be a terminator: fine.
    let (_, e2) = b.func(mb, "unreg", &[]);
    b.op(e2, "foo.bar", &[], &[]);
    assert_eq!(b.check(m), vec!["t:2:1: error: empty block: expect at least a terminator"]);
}

#[test]
fn unregistered_op_regions_need_no_terminator() {
    let mut b = V::new();
    let (m, mb) = b.module();
    let (_, e) = b.func(mb, "f", &[]);
    let (r, rb) = b.region(&[]);
    let i32 = b.i32();
    b.op(rb, "test.constant", &[], &[i32]); // constant-like op, not a terminator
    b.op_full(Some(e), "foo.holder", &[], &[], &[], vec![r], &[]);
    b.op(e, "test.return", &[], &[]);
    assert_eq!(b.check(m), Vec::<String>::new());
}

#[test]
fn redefinition_of_symbol() {
    let mut b = V::new();
    let (m, mb) = b.module();
    let (_, e1) = b.func(mb, "dup", &[]); // 2
    b.op(e1, "test.return", &[], &[]); // 3
    let (_, e2) = b.func(mb, "dup", &[]); // 4
    b.op(e2, "test.return", &[], &[]);
    assert_eq!(
        b.check(m),
        vec!["t:4:1: error: redefinition of symbol named 'dup'\nt:2:1: note: see existing symbol definition here"]
    );
}

#[test]
fn isolated_from_above() {
    let mut b = V::new();
    let (m, mb) = b.module();
    let i32 = b.i32();
    let (_, e) = b.func(mb, "outer", &[i32]); // 2
    let a = b.ctx.block_arg(e, 0);
    let (r, inner) = b.region(&[]);
    let s = b.ctx.string_attr("inner");
    let (tr, tb) = b.region(&[]);
    let _table = b.op_full(Some(e), "test.table", &[], &[], &[], vec![tr], &[]); // 3
    b.op_full(Some(tb), "test.func", &[], &[], &[("sym_name", s)], vec![r], &[]); // 4
    b.op(inner, "test.add", &[a, a], &[i32]); // 5
    b.op(inner, "test.return", &[], &[]); // 6
    b.op(e, "test.return", &[], &[]);
    assert_eq!(
        b.check(m),
        vec!["t:5:1: error: 'test.add' op using value defined outside the region\nt:4:1: note: required by region isolation constraints"]
    );
}

#[test]
fn symbol_parent_must_be_symbol_table() {
    let mut b = V::new();
    let (m, mb) = b.module();
    let (_, e) = b.func(mb, "outer", &[]); // 2
    let (_, ie) = b.func(e, "inner", &[]); // 3
    b.op(ie, "test.return", &[], &[]);
    b.op(e, "test.return", &[], &[]);
    assert_eq!(b.check(m), vec!["t:3:1: error: 'test.func' op symbol's parent must have the SymbolTable trait"]);
}

#[test]
fn errors_in_sibling_functions_are_all_reported() {
    let mut b = V::new();
    let (m, mb) = b.module();
    let i32 = b.i32();
    for name in ["a", "b"] {
        let (_, e) = b.func(mb, name, &[i32]);
        b.op(e, "test.return", &[], &[]);
        let a = b.ctx.block_arg(e, 0);
        b.op(e, "test.add", &[a, a], &[i32]);
    }
    // Lines: 2 func a, 3 return, 4 add, 5 func b, 6 return, 7 add.
    assert_eq!(
        b.check(m),
        vec![
            "t:3:1: error: 'test.return' op must be the last operation in the parent block",
            "t:6:1: error: 'test.return' op must be the last operation in the parent block",
        ]
    );
}

#[test]
fn first_error_per_function_only() {
    // As MLIR: within one isolated op, verification stops at the first error.
    let mut b = V::new();
    let (m, mb) = b.module();
    let (_, e) = b.func(mb, "f", &[]);
    b.op(e, "test.custom", &[], &[]); // 3
    b.op(e, "test.custom", &[], &[]); // 4
    b.op(e, "test.return", &[], &[]);
    assert_eq!(b.check(m), vec!["t:3:1: error: 'test.custom' op custom check failed"]);
}

#[test]
fn trait_messages() {
    type Build = Box<dyn Fn(&mut V, BlockId)>;
    let cases: Vec<(&str, Build, &str)> = vec![
        (
            "same type",
            Box::new(|b: &mut V, e: BlockId| {
                let i32 = b.i32();
                let i64 = b.ctx.int_type(64);
                let c = b.constant(e, 1);
                b.op(e, "test.add", &[c, c], &[i64]);
                let _ = i32;
            }),
            "'test.add' op requires the same type for all operands and results",
        ),
        (
            "same type needs operands",
            Box::new(|b: &mut V, e: BlockId| {
                let i32 = b.i32();
                b.op(e, "test.add", &[], &[i32]);
            }),
            "'test.add' op expected 1 or more operands, but found 0",
        ),
        (
            "counts: operands",
            Box::new(|b: &mut V, e: BlockId| {
                let i32 = b.i32();
                let c = b.constant(e, 1);
                b.op(e, "test.counts", &[c], &[i32]);
            }),
            "'test.counts' op requires zero operands",
        ),
        (
            "counts: results",
            Box::new(|b: &mut V, e: BlockId| {
                b.op(e, "test.counts", &[], &[]);
            }),
            "'test.counts' op requires one result",
        ),
        (
            "counts: regions",
            Box::new(|b: &mut V, e: BlockId| {
                let i32 = b.i32();
                let (r, _) = b.region(&[]);
                b.op_full(Some(e), "test.counts", &[], &[i32], &[], vec![r], &[]);
            }),
            "'test.counts' op requires zero regions",
        ),
        (
            "single block",
            Box::new(|b: &mut V, e: BlockId| {
                let (r, rb) = b.region(&[]);
                b.op(rb, "test.return", &[], &[]);
                let b2 = b.ctx.create_block(&[]);
                b.ctx.append_block(r, b2);
                b.op(b2, "test.return", &[], &[]);
                b.op_full(Some(e), "test.single", &[], &[], &[], vec![r], &[]);
            }),
            "'test.single' op expects region #0 to have 0 or 1 blocks",
        ),
        (
            "no region arguments",
            Box::new(|b: &mut V, e: BlockId| {
                let i32 = b.i32();
                let (r, _) = b.region(&[i32]);
                b.op_full(Some(e), "test.noargs", &[], &[], &[], vec![r], &[]);
            }),
            "'test.noargs' op region should have no arguments",
        ),
        (
            "elementwise",
            Box::new(|b: &mut V, e: BlockId| {
                let i32 = b.i32();
                let t = b.ctx.tensor_type(&[2], i32);
                let c = b.constant(e, 1);
                b.op(e, "test.elementwise", &[c], &[t]);
            }),
            "'test.elementwise' op if a result is non-scalar, then at least one operand must be non-scalar",
        ),
        (
            "same shape",
            Box::new(|b: &mut V, e: BlockId| {
                let i32 = b.i32();
                let t2 = b.ctx.tensor_type(&[2], i32);
                let t3 = b.ctx.tensor_type(&[3], i32);
                let x = b.op(e, "foo.t", &[], &[t2]);
                let xv = b.res(x);
                b.op(e, "test.same_shape", &[xv], &[t3]);
            }),
            "'test.same_shape' op requires the same shape for all operands and results",
        ),
        (
            "same element type",
            Box::new(|b: &mut V, e: BlockId| {
                let i32 = b.i32();
                let f32 = b.ctx.float_type(FloatKind::F32);
                let t2 = b.ctx.tensor_type(&[2], i32);
                let t3 = b.ctx.tensor_type(&[3], f32);
                let x = b.op(e, "foo.t", &[], &[t2]);
                let xv = b.res(x);
                b.op(e, "test.same_elt", &[xv], &[t3]);
            }),
            "'test.same_elt' op requires the same element type for all operands and results",
        ),
        (
            "region verifier",
            Box::new(|b: &mut V, e: BlockId| {
                let (r, _) = b.region(&[]);
                b.op_full(Some(e), "test.region_check", &[], &[], &[], vec![r], &[]);
            }),
            "'test.region_check' op region check failed",
        ),
    ];
    for (what, build, expected) in cases {
        let mut b = V::new();
        let (m, mb) = b.module();
        let (_, e) = b.func(mb, "f", &[]);
        build(&mut b, e);
        b.op(e, "test.return", &[], &[]);
        let got = b.check(m);
        assert_eq!(got.len(), 1, "{what}: {got:?}");
        let msg = got[0].split(": error: ").nth(1).unwrap().lines().next().unwrap().to_string();
        assert_eq!(msg, expected, "{what}");
    }
}

#[test]
fn dynamic_shapes_are_compatible() {
    let mut b = V::new();
    let (m, mb) = b.module();
    let (_, e) = b.func(mb, "f", &[]);
    let i32 = b.i32();
    let t = b.ctx.tensor_type(&[2, DYNAMIC], i32);
    let t2 = b.ctx.tensor_type(&[DYNAMIC, 3], i32);
    let x = b.op(e, "foo.t", &[], &[t]);
    let xv = b.res(x);
    b.op(e, "test.add", &[xv, xv], &[t2]);
    b.op(e, "test.return", &[], &[]);
    assert_eq!(b.check(m), Vec::<String>::new());
}

/// Builds `f` with blocks ^bb0 -> ^bb1 -> ^bb2 (-> ^bb1 loop optional).
#[test]
fn cfg_dominance() {
    let mut b = V::new();
    let (m, mb) = b.module();
    let i32 = b.i32();
    let (f, e) = b.func(mb, "k", &[]); // 2
    let r = b.ctx.op_regions(f)[0];
    let bb1 = b.ctx.create_block(&[]);
    let bb2 = b.ctx.create_block(&[]);
    let bb3 = b.ctx.create_block(&[]);
    for x in [bb1, bb2, bb3] {
        b.ctx.append_block(r, x);
    }
    // ^bb0: br ^bb1, ^bb2 (diamond)
    b.op_full(Some(e), "test.br", &[], &[], &[], vec![], &[bb1, bb2]); // 3
    let q = b.op(bb1, "foo.def", &[], &[i32]); // 4
    b.op_full(Some(bb1), "test.br", &[], &[], &[], vec![], &[bb3]); // 5
    let qv = b.res(q);
    b.op(bb2, "foo.use", &[qv], &[]); // 6: bb1 does not dominate bb2
    b.op_full(Some(bb2), "test.br", &[], &[], &[], vec![], &[bb3]); // 7
    b.op(bb3, "foo.use", &[], &[]); // 8
    b.op(bb3, "test.return", &[], &[]); // 9
    assert_eq!(
        b.check(m),
        vec!["t:6:1: error: operand #0 does not dominate this use\nt:4:1: note: operand defined here (op in the same region)"]
    );
    // Fix: use it in bb1's successor only through the dominating path: move the use into bb1.
    let user = b.ctx.block_first_op(bb2).unwrap();
    b.ctx.move_op(user, InsertPoint::Start(bb1));
    // Now q is used before its definition in bb1.
    let got = b.check(m);
    assert_eq!(got, vec!["t:6:1: error: operand #0 does not dominate this use\nt:4:1: note: operand defined here (op in the same block)"]);
    let last = b.ctx.block_last_op(bb1).unwrap();
    b.ctx.move_op(user, InsertPoint::Before(last));
    assert_eq!(b.check(m), Vec::<String>::new());
    // A use in the join block of a value from one arm is invalid; a value of the entry is fine.
    let mut dom = DominanceInfo::new();
    assert!(dom.properly_dominates_block(&b.ctx, e, bb3));
    assert!(!dom.properly_dominates_block(&b.ctx, bb1, bb3));
    assert!(dom.dominates_block(&b.ctx, bb3, bb3));
    assert!(!dom.properly_dominates_block(&b.ctx, bb3, bb3));
}

#[test]
fn unreachable_blocks_are_not_checked() {
    let mut b = V::new();
    let (m, mb) = b.module();
    let i32 = b.i32();
    let (f, e) = b.func(mb, "u", &[]);
    let r = b.ctx.op_regions(f)[0];
    let dead = b.ctx.create_block(&[]);
    b.ctx.append_block(r, dead);
    b.op(e, "test.return", &[], &[]);
    // In an unreachable block, uses before defs are allowed.
    let u = b.op(dead, "foo.use", &[], &[]);
    let d = b.op(dead, "foo.def", &[], &[i32]);
    let dv = b.res(d);
    b.ctx.set_operands(u, vec![dv]);
    b.op(dead, "test.return", &[], &[]);
    assert_eq!(b.check(m), Vec::<String>::new());
}

#[test]
fn graph_regions_have_no_dominance() {
    let mut b = V::new();
    let (m, mb) = b.module();
    let i32 = b.i32();
    let (r, gb) = b.region(&[]);
    let u = b.op(gb, "foo.use", &[], &[i32]);
    let d = b.op(gb, "foo.def", &[], &[i32]);
    let (dv, uv) = (b.res(d), b.res(u));
    b.ctx.set_operands(u, vec![dv]);
    b.ctx.set_operands(d, vec![uv]);
    b.op_full(Some(mb), "test.graph", &[], &[], &[], vec![r], &[]);
    assert_eq!(b.check(m), Vec::<String>::new());
}

#[test]
fn uses_from_enclosing_region_and_child_region() {
    let mut b = V::new();
    let (m, mb) = b.module();
    let i32 = b.i32();
    let (_, e) = b.func(mb, "f", &[i32]); // 2
    let a = b.ctx.block_arg(e, 0);
    let x = b.op(e, "test.add", &[a, a], &[i32]); // 3
    let xv = b.res(x);
    // Nested (non-isolated) region using an outer value: fine.
    let (r, rb) = b.region(&[]);
    b.op(rb, "foo.use", &[xv], &[]); // 4
    let inner_def = b.op(rb, "foo.def", &[], &[i32]); // 5
    b.op_full(Some(e), "foo.holder", &[], &[], &[], vec![r], &[]); // 6
                                                                   // Using a value defined in the child region from outside: error.
    let iv = b.res(inner_def);
    b.op(e, "foo.use", &[iv], &[]); // 7
    b.op(e, "test.return", &[], &[]);
    assert_eq!(
        b.check(m),
        vec!["t:7:1: error: operand #0 does not dominate this use\nt:5:1: note: operand defined here (op in a child region)"]
    );
}

#[test]
fn successors_in_other_region() {
    let mut b = V::new();
    let (m, mb) = b.module();
    let (_, e) = b.func(mb, "f", &[]);
    let (_, other) = b.region(&[]);
    b.op_full(Some(e), "test.br", &[], &[], &[], vec![], &[other]); // 3
    assert_eq!(b.check(m), vec!["t:3:1: error: 'test.br' op branching to block of a different region"]);
}

#[test]
fn successors_must_terminate() {
    let mut b = V::new();
    let (m, mb) = b.module();
    let (f, e) = b.func(mb, "f", &[]);
    let r = b.ctx.op_regions(f)[0];
    let bb1 = b.ctx.create_block(&[]);
    b.ctx.append_block(r, bb1);
    b.op_full(Some(e), "foo.br", &[], &[], &[], vec![], &[bb1]); // 3
    b.op(e, "test.return", &[], &[]);
    b.op(bb1, "test.return", &[], &[]);
    assert_eq!(b.check(m), vec!["t:3:1: error: operation with block successors must terminate its parent block"]);
}

#[test]
fn entry_block_predecessors() {
    let mut b = V::new();
    let (m, mb) = b.module();
    let (_, e) = b.func(mb, "f", &[]); // 2
    b.op_full(Some(e), "test.br", &[], &[], &[], vec![], &[e]);
    assert_eq!(b.check(m), vec!["t:2:1: error: entry block of region may not have predecessors"]);
}

#[test]
fn unregistered_ops_rejected_without_flag() {
    let mut b = V::new();
    b.ctx.allow_unregistered = false;
    let (m, mb) = b.module();
    b.op(mb, "foo.bar", &[], &[]); // 2
    b.op(mb, "test.unknown", &[], &[]); // 3
    let got = b.check(m);
    assert_eq!(got.len(), 1);
    assert!(got[0].starts_with("t:2:1: error: 'foo.bar' op created with unregistered dialect."), "{got:?}");
    b.ctx.allow_unregistered = true;
    let got = b.check(m);
    assert_eq!(
        got,
        vec!["t:3:1: error: unregistered operation 'test.unknown' found in dialect ('test') that does not allow unknown operations"]
    );
}

#[test]
fn large_single_block_is_linear() {
    // 200k ops in one block, each using the previous result: must verify quickly.
    let mut b = V::new();
    let (m, mb) = b.module();
    let i32 = b.i32();
    let (_, e) = b.func(mb, "big", &[i32]);
    let mut v = b.ctx.block_arg(e, 0);
    let add = b.ctx.op_name("test.add");
    let loc = b.ctx.unknown_loc();
    for _ in 0..200_000 {
        let mut st = OperationState::new(add, loc);
        st.operands = [v, v].into_iter().collect();
        st.result_types = vec![i32];
        let op = b.ctx.create_op(st);
        b.ctx.append_op(e, op);
        v = b.ctx.result(op, 0);
    }
    b.op(e, "test.return", &[v], &[]);
    // Not timed (benchmarks are benchmarks); quadratic behavior would make this take minutes.
    assert_eq!(b.check(m), Vec::<String>::new());
}

// ----- through the text format -----

/// Parse `input` (file `in.mlir`), verify, and compare the rendered diagnostics (source lines
/// and carets included) with `expected`.
#[track_caller]
fn check_text(input: &str, expected: &str) {
    use strata_ir::parser::{parse_source, ParserConfig};
    let mut b = V::new();
    let m = parse_source(&mut b.ctx, &ParserConfig::new("in.mlir"), input).expect("parses");
    let _ = verify(&mut b.ctx, m);
    let got: String = b.ctx.take_diagnostics().iter().map(|d| render(&b.ctx, d)).collect();
    assert_eq!(got.trim_end(), expected.trim_start_matches('\n').trim_end(), "\n--- got ---\n{got}");
}

#[test]
fn text_use_before_def() {
    check_text(
        r#"
"test.func"() <{sym_name = "f"}> ({
^bb0(%a: i32):
  %x = "test.add"(%y, %a) : (i32, i32) -> i32
  %y = "test.add"(%a, %a) : (i32, i32) -> i32
  "test.return"() : () -> ()
}) : () -> ()
"#,
        r#"
in.mlir:4:8: error: operand #0 does not dominate this use
  %x = "test.add"(%y, %a) : (i32, i32) -> i32
       ^
in.mlir:5:8: note: operand defined here (op in the same block)
  %y = "test.add"(%a, %a) : (i32, i32) -> i32
       ^
"#,
    );
}

#[test]
fn text_redefinition_and_second_function() {
    check_text(
        r#"
"test.func"() <{sym_name = "dup"}> ({
  "test.return"() : () -> ()
}) : () -> ()
"test.func"() <{sym_name = "dup"}> ({
  "test.return"() : () -> ()
}) : () -> ()
"#,
        r#"
in.mlir:5:1: error: redefinition of symbol named 'dup'
"test.func"() <{sym_name = "dup"}> ({
^
in.mlir:2:1: note: see existing symbol definition here
"test.func"() <{sym_name = "dup"}> ({
^
"#,
    );
}

#[test]
fn text_cfg_dominance() {
    // mlir-opt-22 --mlir-print-op-on-diagnostic=false gives the same for `func.func`.
    check_text(
        r#"
"test.func"() <{sym_name = "k"}> ({
  "test.br"()[^bb1, ^bb2] : () -> ()
^bb1:
  %q = "foo.def"() : () -> i32
  "test.br"()[^bb3] : () -> ()
^bb2:
  "foo.use"(%q) : (i32) -> ()
  "test.br"()[^bb3] : () -> ()
^bb3:
  "test.return"() : () -> ()
}) : () -> ()
"#,
        r#"
in.mlir:8:3: error: operand #0 does not dominate this use
  "foo.use"(%q) : (i32) -> ()
  ^
in.mlir:5:8: note: operand defined here (op in the same region)
  %q = "foo.def"() : () -> i32
       ^
"#,
    );
}
