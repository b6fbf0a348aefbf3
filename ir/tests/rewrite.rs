//! Rewriter and greedy driver tests with a small arith-like test dialect (`t.constant`, `t.addi`,
//! `t.muli` with MLIR arith's folders and its `AddIAddConstant` canonicalization), compared with
//! what `mlir-opt --canonicalize` does for the same IR written with `arith`.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use strata_ir::dialect::{Dialect, OpInfo, Traits};
use strata_ir::rewrite::*;
use strata_ir::testing::*;
use strata_ir::*;

/// Greedy canonicalization with the `t` dialect's `t.addi` patterns.
fn canonicalize(b: &mut B, root: OpId, config: &GreedyConfig) -> Result<bool, Failure> {
    apply_patterns_greedily(&mut b.ctx, root, &addi_patterns(), config)
}

fn normalize(s: &str) -> String {
    s.lines().map(|l| l.trim()).collect::<Vec<_>>().join("\n")
}

#[test]
fn canonicalize_like_mlir_top_down() {
    let mut b = B::new();
    let (_, f) = build_c1(&mut b);
    let changed = canonicalize(&mut b, f, &GreedyConfig::default().with_top_down(true)).unwrap();
    assert!(changed);
    assert_eq!(normalize(&b.print(f)), normalize(C1_EXPECTED));
}

#[test]
fn canonicalize_like_mlir_bottom_up() {
    let mut b = B::new();
    let (_, f) = build_c1(&mut b);
    canonicalize(&mut b, f, &GreedyConfig::default()).unwrap();
    assert_eq!(normalize(&b.print(f)), normalize(C1_EXPECTED));
}

#[test]
fn no_change_reports_unchanged() {
    let mut b = B::new();
    let (m, mb) = b.module();
    let i32 = b.i32();
    let (f, e) = b.func(mb, "f", None, &[i32]);
    let a = b.ctx.block_arg(e, 0);
    let x = b.v(e, "t.addi", &[a, a]);
    b.op(e, "t.return", &[x], &[]);
    let before = b.print(m);
    assert_eq!(canonicalize(&mut b, f, &GreedyConfig::default()), Ok(false));
    assert_eq!(b.print(m), before);
}

#[test]
fn dead_code_with_effects_is_kept() {
    let mut b = B::new();
    let (m, mb) = b.module();
    let i32 = b.i32();
    let (f, e) = b.func(mb, "f", None, &[i32]);
    let a = b.ctx.block_arg(e, 0);
    let _dead = b.v(e, "t.addi", &[a, a]);
    let _kept = b.v(e, "t.effect", &[a]);
    let _unreg = b.v(e, "foo.bar", &[a]);
    b.op(e, "t.return", &[], &[]);
    canonicalize(&mut b, f, &GreedyConfig::default()).unwrap();
    let out = b.print(m);
    assert!(!out.contains("t.addi"), "{out}");
    assert!(out.contains("t.effect") && out.contains("foo.bar"), "{out}");
}

/// A pattern that never converges: it flips an attribute every time.
struct Flip;
impl RewritePattern for Flip {
    fn name(&self) -> &str {
        "Flip"
    }
    fn root(&self) -> Option<&str> {
        Some("t.effect")
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter) -> bool {
        let on = rw.attr(op, "flag").is_some();
        if on {
            rw.remove_attr(op, "flag");
        } else {
            let u = rw.interner(|c| c.unit_attr());
            rw.set_attr(op, "flag", u);
        }
        true
    }
}

#[test]
fn iteration_limit() {
    let mut b = B::new();
    let (m, mb) = b.module();
    let (f, e) = b.func(mb, "f", None, &[]);
    b.op(e, "t.effect", &[], &[]);
    b.op(e, "t.return", &[], &[]);
    let _ = m;
    let pats: Vec<Box<dyn RewritePattern>> = vec![Box::new(Flip)];
    // Within one iteration the flipped op is re-enqueued forever (as in MLIR), so bound each
    // iteration with max_rewrites; every iteration then changes the IR.
    let r = apply_patterns_greedily(
        &mut b.ctx,
        f,
        &pats,
        &GreedyConfig::default().with_max_iterations(3).with_max_rewrites(Some(1)),
    );
    assert_eq!(r, Err(Failure));
    let d = b.ctx.take_diagnostics();
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].message, "pattern rewrite did not converge after scanning 3 times");
    // Without reporting: failure but no diagnostic.
    let mut cfg = GreedyConfig::default().with_max_iterations(2).with_max_rewrites(Some(1));
    cfg.report_non_convergence = false;
    assert_eq!(apply_patterns_greedily(&mut b.ctx, f, &pats, &cfg), Err(Failure));
    assert!(b.ctx.take_diagnostics().is_empty());
}

/// Counts applications; rewrites each t.effect op once (marks it).
struct MarkOnce(Rc<RefCell<usize>>);
impl RewritePattern for MarkOnce {
    fn name(&self) -> &str {
        "MarkOnce"
    }
    fn root(&self) -> Option<&str> {
        Some("t.effect")
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter) -> bool {
        if rw.attr(op, "done").is_some() {
            return false;
        }
        *self.0.borrow_mut() += 1;
        let u = rw.interner(|c| c.unit_attr());
        rw.set_attr(op, "done", u);
        true
    }
}

#[test]
fn max_rewrites_per_iteration() {
    let mut b = B::new();
    let (_, mb) = b.module();
    let (f, e) = b.func(mb, "f", None, &[]);
    for _ in 0..5 {
        b.op(e, "t.effect", &[], &[]);
    }
    b.op(e, "t.return", &[], &[]);
    let count = Rc::new(RefCell::new(0));
    let pats: Vec<Box<dyn RewritePattern>> = vec![Box::new(MarkOnce(count.clone()))];
    // Two rewrites per iteration, two iterations: 4 rewrites then the limit.
    let r = apply_patterns_greedily(
        &mut b.ctx,
        f,
        &pats,
        &GreedyConfig::default().with_max_iterations(2).with_max_rewrites(Some(2)),
    );
    assert!(r.is_err());
    assert_eq!(*count.borrow(), 4);
    b.ctx.take_diagnostics();
    // Unlimited: converges.
    assert_eq!(apply_patterns_greedily(&mut b.ctx, f, &pats, &GreedyConfig::default()), Ok(true));
    assert_eq!(*count.borrow(), 5);
}

struct Named(&'static str, u16, Rc<RefCell<Vec<&'static str>>>);
impl RewritePattern for Named {
    fn name(&self) -> &str {
        self.0
    }
    fn root(&self) -> Option<&str> {
        None
    }
    fn benefit(&self) -> u16 {
        self.1
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter) -> bool {
        if rw.op_name_of(op) == "t.effect" {
            self.2.borrow_mut().push(self.0);
        }
        false
    }
}

#[test]
fn patterns_by_decreasing_benefit_then_order() {
    let mut b = B::new();
    let (_, mb) = b.module();
    let (f, e) = b.func(mb, "f", None, &[]);
    b.op(e, "t.effect", &[], &[]);
    b.op(e, "t.return", &[], &[]);
    let log = Rc::new(RefCell::new(Vec::new()));
    let pats: Vec<Box<dyn RewritePattern>> = vec![
        Box::new(Named("low", 1, log.clone())),
        Box::new(Named("high", 5, log.clone())),
        Box::new(Named("low2", 1, log.clone())),
    ];
    assert_eq!(apply_patterns_greedily(&mut b.ctx, f, &pats, &GreedyConfig::default()), Ok(false));
    assert_eq!(*log.borrow(), vec!["high", "low", "low2"]);
}

#[test]
fn constants_are_uniqued_and_hoisted() {
    let mut b = B::new();
    let (m, mb) = b.module();
    let i32 = b.i32();
    let (f, e) = b.func(mb, "f", None, &[i32]);
    let a = b.ctx.block_arg(e, 0);
    let c7 = b.constant(e, 7);
    let x = b.v(e, "t.muli", &[a, c7]);
    let c7b = b.constant(e, 7);
    let y = b.v(e, "t.muli", &[x, c7b]);
    b.op(e, "t.return", &[y], &[]);
    let _ = m;
    let cfg = GreedyConfig { fold: false, ..Default::default() };
    canonicalize(&mut b, f, &cfg).unwrap();
    let expected = r#""t.func"() <{sym_name = "f"}> ({
^bb0(%arg0: i32):
  %0 = "t.constant"() <{value = 7 : i32}> : () -> i32
  %1 = "t.muli"(%arg0, %0) : (i32, i32) -> i32
  %2 = "t.muli"(%1, %0) : (i32, i32) -> i32
  "t.return"(%2) : (i32) -> ()
}) : () -> ()"#;
    assert_eq!(normalize(&b.print(f)), normalize(expected));
}

#[test]
fn unreachable_blocks_are_erased() {
    let mut b = B::new();
    let (_, mb) = b.module();
    let (f, e) = b.func(mb, "f", None, &[]);
    let r = b.ctx.op_regions(f)[0];
    let bb1 = b.ctx.create_block(&[]);
    let dead = b.ctx.create_block(&[]);
    b.ctx.append_block(r, bb1);
    b.ctx.append_block(r, dead);
    let br = b.ctx.op_name("t.br");
    let mut st = OperationState::new(br, b.ctx.unknown_loc());
    st.successors = vec![bb1];
    let brop = b.ctx.create_op(st);
    b.ctx.append_op(e, brop);
    b.op(bb1, "t.return", &[], &[]);
    b.op(dead, "t.effect", &[], &[]);
    b.op(dead, "t.return", &[], &[]);
    assert_eq!(canonicalize(&mut b, f, &GreedyConfig::default()), Ok(true));
    assert_eq!(b.ctx.region_blocks(r), &[e, bb1]);
    // With region simplification disabled nothing happens... but the driver still erases
    // unreachable blocks before processing the worklist, as MLIR's does.
    let dead2 = b.ctx.create_block(&[]);
    b.ctx.append_block(r, dead2);
    b.op(dead2, "t.return", &[], &[]);
    let cfg = GreedyConfig::default().with_region_simplification(RegionSimplification::Disabled);
    assert_eq!(canonicalize(&mut b, f, &cfg), Ok(true));
    assert_eq!(b.ctx.region_blocks(r), &[e, bb1]);
}

#[derive(Default)]
struct Log(Vec<String>);
impl RewriteListener for Log {
    fn notify_operation_inserted(&mut self, ctx: &Context, op: OpId) {
        self.0.push(format!("insert {}", ctx.op_name_of(op)));
    }
    fn notify_operation_modified(&mut self, ctx: &Context, op: OpId) {
        self.0.push(format!("modify {}", ctx.op_name_of(op)));
    }
    fn notify_operation_replaced(&mut self, ctx: &Context, op: OpId, _: &[Value]) {
        self.0.push(format!("replace {}", ctx.op_name_of(op)));
    }
    fn notify_operation_erased(&mut self, ctx: &Context, op: OpId) {
        self.0.push(format!("erase {}", ctx.op_name_of(op)));
    }
}

#[test]
fn rewriter_api_and_notifications() {
    let mut b = B::new();
    let (m, mb) = b.module();
    let i32 = b.i32();
    let (f, e) = b.func(mb, "f", None, &[i32]);
    let a = b.ctx.block_arg(e, 0);
    let x = b.v(e, "t.addi", &[a, a]);
    let xop = b.ctx.defining_op(x).unwrap();
    let user = b.op(e, "t.return", &[x], &[]);
    let mut log = Log::default();
    {
        let mut rw = PatternRewriter::with_listener(&mut b.ctx, &mut log);
        // replace_op_with_new: t.addi(a, a) -> t.muli(a, a)
        let name = rw.op_name("t.muli");
        let mut st = OperationState::new(name, rw.unknown_loc());
        st.operands = [a, a].into_iter().collect();
        st.result_types = vec![i32];
        let new = rw.replace_op_with_new(xop, st);
        assert_eq!(rw.operands(user)[0], rw.result(new, 0));
        // Insertion after an op keeps order.
        rw.set_insertion_point_after(new);
        let (val, loc) = (rw.interner(|c| c.int_attr(1, i32)), rw.unknown_loc());
        let c1 = rw.interner(|c| materialize(c, val, i32, loc)).unwrap();
        rw.insert(c1);
        let (val, loc) = (rw.interner(|c| c.int_attr(2, i32)), rw.unknown_loc());
        let c2 = rw.interner(|c| materialize(c, val, i32, loc)).unwrap();
        rw.insert(c2);
        assert_eq!(rw.next_op(new), Some(c1));
        assert_eq!(rw.next_op(c1), Some(c2));
        // Clone with a value map.
        let mut map = HashMap::new();
        let c1v = rw.result(c1, 0);
        let c2v = rw.result(c2, 0);
        map.insert(a, c1v);
        rw.set_insertion_point_before(user);
        let cl = rw.clone(new, &mut map);
        assert_eq!(rw.operands(cl), &[c1v, c1v]);
        rw.erase_op(c2);
        let _ = c2v;
        // modify in place
        let clv = rw.result(cl, 0);
        rw.modify_op_in_place(user, |ctx| ctx.set_operand(user, 0, clv));
    }
    assert_eq!(
        log.0,
        vec![
            "insert t.muli",
            "replace t.addi",
            "modify t.return",
            "erase t.addi",
            "insert t.constant",
            "insert t.constant",
            "insert t.muli",
            "erase t.constant",
            "modify t.return",
        ]
    );
    let _ = (m, f);
}

#[test]
fn inline_block_before() {
    let mut b = B::new();
    let (_, mb) = b.module();
    let i32 = b.i32();
    let (f, e) = b.func(mb, "f", None, &[i32]);
    let a = b.ctx.block_arg(e, 0);
    let ret = b.op(e, "t.return", &[a], &[]);
    // A detached block (^bb(%x): %y = muli %x, %x) inlined before the return with %x := a.
    let src = b.ctx.create_block(&[(i32, None)]);
    let r = b.ctx.create_region();
    b.ctx.append_block(r, src);
    let x = b.ctx.block_arg(src, 0);
    let y = b.v(src, "t.muli", &[x, x]);
    {
        let mut rw = PatternRewriter::new(&mut b.ctx);
        rw.inline_block_before(src, InsertPoint::Before(ret), &[a]);
        rw.set_operand(ret, 0, y);
    }
    let expected = r#""t.func"() <{sym_name = "f"}> ({
^bb0(%arg0: i32):
  %0 = "t.muli"(%arg0, %arg0) : (i32, i32) -> i32
  "t.return"(%0) : (i32) -> ()
}) : () -> ()"#;
    assert_eq!(normalize(&b.print(f)), normalize(expected));
}

#[test]
fn region_dce_removes_dead_cycles_in_graph_regions() {
    let mut b = B::new();
    b.ctx.register_dialect(Dialect::new("g").op(
        OpInfo::new("g.graph").traits(Traits::GRAPH_REGIONS | Traits::NO_TERMINATOR | Traits::ISOLATED_FROM_ABOVE),
    ));
    let (_, mb) = b.module();
    let r = b.ctx.create_region();
    let gb = b.ctx.create_block(&[]);
    b.ctx.append_block(r, gb);
    let n = b.ctx.op_name("g.graph");
    let mut st = OperationState::new(n, b.ctx.unknown_loc());
    st.regions.push(r);
    let g = b.ctx.create_op(st);
    b.ctx.append_op(mb, g);
    // %0 = addi %1, %1 ; %1 = addi %0, %0 : a dead cycle.
    let x = b.v(gb, "t.addi", &[]);
    let y = b.v(gb, "t.addi", &[x, x]);
    let xop = b.ctx.defining_op(x).unwrap();
    b.ctx.set_operands(xop, vec![y, y]);
    let cfg = GreedyConfig { fold: false, ..Default::default() };
    assert_eq!(apply_patterns_greedily(&mut b.ctx, g, &[], &cfg), Ok(true));
    assert_eq!(b.ctx.block_len(gb), 0);
}

#[test]
fn utils_trivially_dead() {
    let mut b = B::new();
    let (_, mb) = b.module();
    let i32 = b.i32();
    let (_, e) = b.func(mb, "f", None, &[i32]);
    let a = b.ctx.block_arg(e, 0);
    let x = b.v(e, "t.addi", &[a, a]);
    let ret = b.op(e, "t.return", &[], &[]);
    let xop = b.ctx.defining_op(x).unwrap();
    assert!(is_op_trivially_dead(&b.ctx, xop));
    assert!(!would_op_be_trivially_dead(&b.ctx, ret));
    let eff = b.v(e, "t.effect", &[]);
    assert!(!is_memory_effect_free(&b.ctx, b.ctx.defining_op(eff).unwrap()));
    assert!(is_memory_effect_free(&b.ctx, xop));
}
