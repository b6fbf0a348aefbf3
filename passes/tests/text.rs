//! Data-driven tests through the text format: parse, run a pipeline, compare the printed IR
//! (expected outputs follow mlir-opt-22 on the same IR written with `arith`/`func`).

mod common;
use common::{check, RunPipeline};

#[test]
fn cse_text() {
    check(
        "builtin.module(t.func(cse))",
        r#"
"t.func"() <{sym_name = "f"}> ({
^bb0(%a: i32):
  %0 = "t.addi"(%a, %a) : (i32, i32) -> i32
  %1 = "t.addi"(%a, %a) : (i32, i32) -> i32
  %2 = "t.muli"(%0, %1) : (i32, i32) -> i32
  "t.return"(%2) : (i32) -> ()
}) : () -> ()
"#,
        r#"
module {
  "t.func"() <{sym_name = "f"}> ({
  ^bb0(%arg0: i32):
    %0 = "t.addi"(%arg0, %arg0) : (i32, i32) -> i32
    %1 = "t.muli"(%0, %0) : (i32, i32) -> i32
    "t.return"(%1) : (i32) -> ()
  }) : () -> ()
}
"#,
    );
}

#[test]
fn canonicalize_text() {
    check(
        "builtin.module(t.func(canonicalize))",
        r#"
"t.func"() <{sym_name = "f"}> ({
^bb0(%a: i32):
  %0 = "t.addi"(%a, %a) : (i32, i32) -> i32
  %c1 = "t.constant"() <{value = 1 : i32}> : () -> i32
  %c2 = "t.constant"() <{value = 2 : i32}> : () -> i32
  %1 = "t.addi"(%c1, %c2) : (i32, i32) -> i32
  %c1b = "t.constant"() <{value = 1 : i32}> : () -> i32
  %2 = "t.muli"(%0, %1) : (i32, i32) -> i32
  %3 = "t.addi"(%2, %c1b) : (i32, i32) -> i32
  %c5 = "t.constant"() <{value = 5 : i32}> : () -> i32
  %4 = "t.addi"(%3, %c5) : (i32, i32) -> i32
  "t.return"(%4) : (i32) -> ()
}) : () -> ()
"#,
        r#"
module {
  "t.func"() <{sym_name = "f"}> ({
  ^bb0(%arg0: i32):
    %0 = "t.constant"() <{value = 6 : i32}> : () -> i32
    %1 = "t.constant"() <{value = 3 : i32}> : () -> i32
    %2 = "t.addi"(%arg0, %arg0) : (i32, i32) -> i32
    %3 = "t.muli"(%2, %1) : (i32, i32) -> i32
    %4 = "t.addi"(%3, %0) : (i32, i32) -> i32
    "t.return"(%4) : (i32) -> ()
  }) : () -> ()
}
"#,
    );
}

#[test]
fn symbol_dce_text() {
    check(
        "builtin.module(symbol-dce)",
        r#"
"t.func"() <{sym_name = "dead", sym_visibility = "private"}> ({
  "t.return"() : () -> ()
}) : () -> ()
"t.func"() <{sym_name = "used", sym_visibility = "private"}> ({
  "t.return"() : () -> ()
}) : () -> ()
"t.func"() <{sym_name = "main"}> ({
  "t.call"() <{callee = @used}> : () -> ()
  "t.return"() : () -> ()
}) : () -> ()
"#,
        r#"
module {
  "t.func"() <{sym_name = "used", sym_visibility = "private"}> ({
    "t.return"() : () -> ()
  }) : () -> ()
  "t.func"() <{sym_name = "main"}> ({
    "t.call"() <{callee = @used}> : () -> ()
    "t.return"() : () -> ()
  }) : () -> ()
}
"#,
    );
}

#[test]
fn verifier_error_after_parse_is_located() {
    check(
        "builtin.module(cse)",
        r#"
"t.func"() <{sym_name = "f"}> ({
^bb0(%a: i32):
  "t.return"() : () -> ()
  %0 = "t.addi"(%a, %a) : (i32, i32) -> i32
}) : () -> ()
"#,
        r#"
in.mlir:4:3: error: 't.return' op must be the last operation in the parent block
  "t.return"() : () -> ()
  ^
"#,
    );
}

/// A 200k-op function through cse and canonicalize (run with `--ignored`; not timed here).
#[test]
#[ignore = "large input; run manually to look at the driver's scaling"]
fn large_function() {
    use common::B;
    let mut b = B::new();
    let (m, mb) = b.module();
    let i32 = b.i32();
    let (_, e) = b.func(mb, "big", None, &[i32]);
    let mut v = b.ctx.block_arg(e, 0);
    for i in 0..100_000 {
        let c = b.constant(e, (i % 7) as i128);
        let w = b.v(e, "t.muli", &[v, c]);
        let dup = b.v(e, "t.muli", &[v, c]);
        v = b.v(e, "t.addi", &[w, dup]);
    }
    b.op(e, "t.return", &[v], &[]);
    for p in ["cse", "canonicalize"] {
        let t = std::time::Instant::now();
        b.run(&format!("builtin.module(t.func({p}))"), m).unwrap();
        eprintln!("{p} of a function of 400k ops: {:?}", t.elapsed());
    }
}
