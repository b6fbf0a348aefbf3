//! `canonicalize` tests: the pass with MLIR's options, on the arith-like test dialect, compared
//! with what `mlir-opt-22 --canonicalize` gives for the same IR written with `arith`.

mod common;
use common::*;
use strata_ir::pass::pipeline::parse_pass_pipeline;

#[test]
fn canonicalize_like_mlir() {
    for pipeline in [
        "builtin.module(t.func(canonicalize))",
        "builtin.module(canonicalize)",
        "builtin.module(t.func(canonicalize{top-down=false}))",
        "builtin.module(t.func(canonicalize{region-simplify=disabled}))",
    ] {
        let mut b = B::new();
        let (m, f) = build_c1(&mut b);
        b.run(pipeline, m).unwrap();
        assert_eq!(normalize(&b.print(f)), normalize(C1_EXPECTED), "{pipeline}");
    }
}

#[test]
fn disable_patterns() {
    let mut b = B::new();
    let (m, f) = build_c1(&mut b);
    b.run("builtin.module(t.func(canonicalize{disable-patterns=AddIAddConstant}))", m).unwrap();
    // Without the pattern: (x*3 + 1) + 5 stays two additions.
    let out = b.print(f);
    assert_eq!(out.matches("t.addi").count(), 3, "{out}");
    let mut b = B::new();
    let (m, f) = build_c1(&mut b);
    b.run("builtin.module(t.func(canonicalize{enable-patterns=Other}))", m).unwrap();
    assert_eq!(b.print(f).matches("t.addi").count(), 3);
}

#[test]
fn no_folding_without_iterations_and_test_convergence() {
    // max-iterations=1: one iteration changes the IR, so it did not converge; only a failure
    // with test-convergence.
    let mut b = B::new();
    let (m, _) = build_c1(&mut b);
    assert!(b.run("builtin.module(t.func(canonicalize{max-iterations=1}))", m).is_ok());
    let mut b = B::new();
    let (m, _) = build_c1(&mut b);
    let err = b.run("builtin.module(t.func(canonicalize{max-iterations=1 test-convergence=true}))", m).unwrap_err();
    assert_eq!(err, "pass 'canonicalize' failed: pattern rewrite did not converge after scanning 1 times");
}

#[test]
fn options_print_like_dump_pass_pipeline() {
    let pm = parse_pass_pipeline(
        "builtin.module(func.func(cse,canonicalize{max-iterations=3 region-simplify=disabled}),symbol-dce)",
        &registry(),
    )
    .unwrap();
    // mlir-opt-22 --dump-pass-pipeline prints exactly this.
    assert_eq!(
        pm.to_string_pretty(),
        "builtin.module(\n  func.func(\n    cse,\n    canonicalize{  max-iterations=3 max-num-rewrites=-1 region-simplify=disabled test-convergence=false top-down=true}\n  ),\n  symbol-dce\n)"
    );
    assert_eq!(
        pm.to_string(),
        "builtin.module(func.func(cse,canonicalize{max-iterations=3 region-simplify=disabled}),symbol-dce)"
    );
    let bad = parse_pass_pipeline("builtin.module(canonicalize{region-simplify=bogus})", &registry()).unwrap_err();
    assert_eq!(
        bad.render(),
        "<Pass-Options-Parser>: for the --region-simplify option: Cannot find option named 'bogus'!\nfailed to add `canonicalize` with options `region-simplify=bogus`\n"
    );
}

#[test]
fn dead_code_and_unreachable_blocks() {
    let mut b = B::new();
    let (m, mb) = b.module();
    let i32 = b.i32();
    let (f, e) = b.func(mb, "f", None, &[i32]);
    let region = b.ctx.op_regions(f)[0];
    let a = b.ctx.block_arg(e, 0);
    let _dead = b.v(e, "t.muli", &[a, a]);
    let kept = b.v(e, "t.effect", &[a]);
    b.op(e, "t.return", &[kept], &[]);
    let unreachable = b.ctx.create_block(&[]);
    b.ctx.append_block(region, unreachable);
    b.op(unreachable, "t.return", &[], &[]);
    b.run("builtin.module(t.func(canonicalize))", m).unwrap();
    assert_eq!(b.ctx.region_blocks(region).len(), 1);
    let out = b.print(f);
    assert!(!out.contains("t.muli") && out.contains("t.effect"), "{out}");
}
