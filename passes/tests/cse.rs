//! `cse` tests: the IR of mlir-opt runs (`arith` -> `t.addi`/`t.muli`, `scf.if` -> `t.if`) with
//! the output mlir-opt-22 gives.

mod common;
use common::*;

/// mlir-opt --cse on:
/// ```mlir
/// %0 = addi %a, %a ; %1 = addi %a, %a ; %u = muli %a, %a (dead)
/// %r = scf.if %c { %2 = addi %a, %a ; %3 = muli ; %5 = muli ; %6 = addi %3, %5 ; yield %6 }
///      else { %4 = muli ; yield %4 }
/// %s = addi %0, %1 ; %t = addi %s, %r ; return %t
/// ```
/// Statistics (mlir-opt-22 is built without statistics; counted by MLIR's rules): `%1` and `%5`
/// are CSE'd, `%u` and the unused `%2` are DCE'd.
#[test]
fn cse_with_nested_regions_like_mlir() {
    let mut b = B::new();
    let (m, mb) = b.module();
    let i32 = b.i32();
    let i1 = b.ctx.int_type(1);
    let (f, e) = b.func(mb, "f", None, &[i32, i1]);
    let a = b.ctx.block_arg(e, 0);
    let c = b.ctx.block_arg(e, 1);
    let v0 = b.v(e, "t.addi", &[a, a]);
    let v1 = b.v(e, "t.addi", &[a, a]);
    let _u = b.v(e, "t.muli", &[a, a]);
    let (r1, then) = b.region(&[]);
    let _v2 = b.v(then, "t.addi", &[a, a]);
    let v3 = b.v(then, "t.muli", &[a, a]);
    let v5 = b.v(then, "t.muli", &[a, a]);
    let v6 = b.v(then, "t.addi", &[v3, v5]);
    b.op(then, "t.yield", &[v6], &[]);
    let (r2, els) = b.region(&[]);
    let v4 = b.v(els, "t.muli", &[a, a]);
    b.op(els, "t.yield", &[v4], &[]);
    let iff = b.op_full(Some(e), "t.if", &[c], &[i32], &[], vec![r1, r2], &[]);
    let r = b.ctx.result(iff, 0);
    let s = b.v(e, "t.addi", &[v0, v1]);
    let t = b.v(e, "t.addi", &[s, r]);
    b.op(e, "t.return", &[t], &[]);
    let stats = b.run("builtin.module(t.func(cse))", m).unwrap();
    let expected = r#""t.func"() <{sym_name = "f"}> ({
^bb0(%arg0: i32, %arg1: i1):
  %0 = "t.addi"(%arg0, %arg0) : (i32, i32) -> i32
  %1 = "t.if"(%arg1) ({
    %5 = "t.muli"(%arg0, %arg0) : (i32, i32) -> i32
    %6 = "t.addi"(%5, %5) : (i32, i32) -> i32
    "t.yield"(%6) : (i32) -> ()
  }, {
    %4 = "t.muli"(%arg0, %arg0) : (i32, i32) -> i32
    "t.yield"(%4) : (i32) -> ()
  }) : (i1) -> i32
  %2 = "t.addi"(%0, %0) : (i32, i32) -> i32
  %3 = "t.addi"(%2, %1) : (i32, i32) -> i32
  "t.return"(%3) : (i32) -> ()
}) : () -> ()"#;
    assert_eq!(normalize(&b.print(f)), normalize(expected));
    assert_eq!(
        stats,
        "===-------------------------------------------------------------------------===\n\
         \x20                        ... Pass statistics report ...\n\
         ===-------------------------------------------------------------------------===\n\
         't.func' Pipeline\n\
         \x20 CSE\n\
         \x20   (S) 2 num-cse'd - Number of operations CSE'd\n\
         \x20   (S) 2 num-dce'd - Number of operations DCE'd\n\
         \n"
    );
}

#[test]
fn cse_follows_cfg_dominance() {
    // ^bb0: x = addi a, a ; br ^bb1, ^bb2
    // ^bb1: y = addi a, a (CSE'd with x) ; z = muli a, a ; br ^bb3
    // ^bb2: w = muli a, a (not CSE'd with z: bb1 does not dominate bb2) ; br ^bb3
    // ^bb3: return
    let mut b = B::new();
    let (m, mb) = b.module();
    let i32 = b.i32();
    let (f, e) = b.func(mb, "f", None, &[i32]);
    let region = b.ctx.op_regions(f)[0];
    let [bb1, bb2, bb3] = [0, 1, 2].map(|_| {
        let x = b.ctx.create_block(&[]);
        b.ctx.append_block(region, x);
        x
    });
    let a = b.ctx.block_arg(e, 0);
    let x = b.v(e, "t.addi", &[a, a]);
    b.op_full(Some(e), "t.br", &[], &[], &[], vec![], &[bb1, bb2]);
    let y = b.v(bb1, "t.addi", &[a, a]);
    let z = b.v(bb1, "t.muli", &[a, a]);
    b.op(bb1, "foo.use", &[y, z], &[]);
    b.op_full(Some(bb1), "t.br", &[], &[], &[], vec![], &[bb3]);
    let w = b.v(bb2, "t.muli", &[a, a]);
    b.op(bb2, "foo.use", &[w], &[]);
    b.op_full(Some(bb2), "t.br", &[], &[], &[], vec![], &[bb3]);
    b.op(bb3, "foo.use", &[x], &[]);
    b.op(bb3, "t.return", &[], &[]);
    let stats = b.run("builtin.module(t.func(cse))", m).unwrap();
    assert!(stats.contains("(S) 1 num-cse'd"), "{stats}");
    assert!(stats.contains("(S) 0 num-dce'd"), "{stats}");
    let out = b.print(f);
    assert_eq!(out.matches("t.muli").count(), 2, "{out}");
    assert_eq!(out.matches("t.addi").count(), 1, "{out}");
}

#[test]
fn isolated_regions_start_a_new_scope_and_attributes_matter() {
    let mut b = B::new();
    let (m, mb) = b.module();
    let i32 = b.i32();
    let (_, e) = b.func(mb, "f", None, &[i32]);
    let a = b.ctx.block_arg(e, 0);
    let c1 = b.constant(e, 1);
    let c1b = b.constant(e, 1);
    let c2 = b.constant(e, 2);
    // Same op with a different discardable attribute: not equivalent.
    let k = b.ctx.unit_attr();
    let x = b.op_full(Some(e), "t.addi", &[a, c1], &[i32], &[("k", k)], vec![], &[]);
    let xv = b.ctx.result(x, 0);
    let y = b.v(e, "t.addi", &[a, c1b]);
    b.op(e, "foo.use", &[xv, y, c2], &[]);
    b.op(e, "t.return", &[], &[]);
    // A second function with the same constant: not CSE'd across functions.
    let (_, e2) = b.func(mb, "g", None, &[]);
    let c1c = b.constant(e2, 1);
    b.op(e2, "foo.use", &[c1c], &[]);
    b.op(e2, "t.return", &[], &[]);
    let stats = b.run("builtin.module(cse)", m).unwrap();
    assert!(stats.contains("(S) 1 num-cse'd"), "{stats}");
    let out = b.print(m);
    assert_eq!(out.matches("value = 1 : i32").count(), 2, "{out}");
    assert_eq!(out.matches("t.addi").count(), 2, "{out}");
}

#[test]
fn side_effecting_and_unregistered_ops_are_not_cse_d() {
    let mut b = B::new();
    let (m, mb) = b.module();
    let i32 = b.i32();
    let (f, e) = b.func(mb, "f", None, &[i32]);
    let a = b.ctx.block_arg(e, 0);
    let x = b.v(e, "t.effect", &[a]);
    let y = b.v(e, "t.effect", &[a]);
    let p = b.v(e, "foo.pure", &[a]);
    let q = b.v(e, "foo.pure", &[a]);
    b.op(e, "foo.use", &[x, y, p, q], &[]);
    b.op(e, "t.return", &[], &[]);
    let before = b.print(f);
    b.run("builtin.module(t.func(cse))", m).unwrap();
    assert_eq!(b.print(f), before);
}

#[test]
fn graph_region_uses_before_defs() {
    // In a graph region (builtin.module body), a duplicate used before it is defined.
    let mut b = B::new();
    let (m, mb) = b.module();
    let i32 = b.i32();
    let user = b.op(mb, "foo.use", &[], &[]);
    let c1 = b.constant(mb, 7);
    let c2 = b.constant(mb, 7);
    b.ctx.set_operands(user, vec![c2, c1]);
    let stats = b.run("builtin.module(cse)", m).unwrap();
    assert!(stats.contains("(S) 1 num-cse'd"), "{stats}");
    let out = b.print(m);
    assert_eq!(out.matches("t.constant").count(), 1, "{out}");
    let _ = i32;
}
