//! `strip-debuginfo` and `print-op-stats` tests (formats as mlir-opt-22 prints them).

mod common;
use std::cell::RefCell;
use std::rc::Rc;

use common::*;
use strata_ir::pass::{Pass, PassManager, PassStatistics};
use strata_passes::print_op_stats::{format_json, format_summary, op_counts, PrintOpStats};

#[test]
fn strip_debuginfo() {
    let mut b = B::new();
    let (m, mb) = b.module();
    let i32 = b.i32();
    let (_, e) = b.func(mb, "f", None, &[i32]);
    let l = b.ctx.file_loc("x", 3, 4);
    b.ctx.set_block_arg_loc(e, 0, Some(l));
    b.op(e, "t.return", &[], &[]);
    b.run("builtin.module(strip-debuginfo)", m).unwrap();
    let unknown = b.ctx.unknown_loc();
    let mut all_unknown = true;
    b.ctx.walk_pre(m, &mut |o| all_unknown &= b.ctx.op(o).loc() == unknown);
    assert!(all_unknown);
    assert_eq!(b.ctx.block(e).args[0].loc(), Some(unknown));
}

/// The counts of `/tmp/t1.mlir` (2 funcs, 4 addi, 2 constants, 1 muli, 2 returns, module) as
/// mlir-opt-22 --print-op-stats prints them.
#[test]
fn print_op_stats_format() {
    let mut counts = std::collections::BTreeMap::new();
    for (k, v) in [
        ("arith.addi", 4),
        ("arith.constant", 2),
        ("arith.muli", 1),
        ("builtin.module", 1),
        ("func.func", 2),
        ("func.return", 2),
    ] {
        counts.insert(k.to_string(), v);
    }
    assert_eq!(
        format_summary(&counts),
        "Operations encountered:\n-----------------------\n    arith.addi     , 4\n    arith.constant , 2\n    arith.muli     , 1\n  builtin.module   , 1\n     func.func     , 2\n     func.return   , 2\n"
    );
    assert_eq!(
        format_json(&counts),
        "{\n  \"arith.addi\" : 4,\n  \"arith.constant\" : 2,\n  \"arith.muli\" : 1,\n  \"builtin.module\" : 1,\n  \"func.func\" : 2,\n  \"func.return\" : 2\n}\n"
    );
}

#[test]
fn print_op_stats_pass() {
    let mut b = B::new();
    let (m, mb) = b.module();
    let (_, e) = b.func(mb, "f", None, &[]);
    b.op(e, "t.return", &[], &[]);
    b.op(mb, "nodialect", &[], &[]);
    assert_eq!(op_counts(&b.ctx, m).get("t.func"), Some(&1));
    let buf = Rc::new(RefCell::new(String::new()));
    let b2 = buf.clone();
    let mut pass = PrintOpStats::default().with_output(Box::new(move |s: &str| b2.borrow_mut().push_str(s)));
    pass.set_option("json", "false").unwrap();
    let mut stats = PassStatistics::default();
    pass.run(&mut b.ctx, m, &mut stats).unwrap();
    assert_eq!(
        *buf.borrow(),
        "Operations encountered:\n-----------------------\n  builtin.module    , 1\n          nodialect , 1\n        t.func      , 1\n        t.return    , 1\n"
    );
}

#[test]
fn register_all_registers_every_pass() {
    let r = registry();
    let names: Vec<&str> = r.passes().map(|p| p.name.as_str()).collect();
    // Every pass once; the standard ones and the stablehlo ones all there (that each has a lit
    // test is tools/tests/pass_coverage.rs's job).
    let unique: std::collections::BTreeSet<&str> = names.iter().copied().collect();
    assert_eq!(unique.len(), names.len(), "a pass registered twice: {names:?}");
    for want in [
        "cse",
        "canonicalize",
        "symbol-dce",
        "dce",
        "inline",
        "strip-debuginfo",
        "print-op-stats",
        "chlo-legalize-to-stablehlo",
        "stablehlo-eqsat",
        "stablehlo-legalize-to-vhlo",
        "vhlo-to-version",
        "vhlo-legalize-to-stablehlo",
    ] {
        assert!(unique.contains(want), "{want} is not registered: {names:?}");
    }
    for p in r.passes() {
        let pass = (p.constructor)();
        assert_eq!(pass.name(), p.name);
        assert_eq!(pass.description(), p.description);
    }
    // A full pipeline runs end to end.
    let mut b = B::new();
    let (m, mb) = b.module();
    b.simple_func(mb, "f", Some("private"), None);
    let mut pm = PassManager::parse("builtin.module(t.func(cse,canonicalize),symbol-dce,strip-debuginfo)", &r).unwrap();
    pm.run(&mut b.ctx, m).unwrap();
    assert!(symbol_names(&b.ctx, m).is_empty());
}
