//! Semantics preserved by the everyday pipeline: `strata-opt --inline --canonicalize --cse
//! --symbol-dce` on every program of ../shared/conformance/jax (on its inputs), every case of
//! ../shared/conformance/stablehlo/interpret and every testdata program with an interpret RUN
//! line. The pipeline's output is printed and parsed again in a fresh context (what a user of
//! strata-opt gets), and must give the interpreter's results of the input bit for bit (NaN
//! positions equal) with the same passing and failing checks.
//!
//! Inputs the interpreter cannot run are listed with the reason (counted per reason), not
//! failed: they are not this pipeline's to judge.

mod common;
#[path = "../../passes/tests/eqsat_support/mod.rs"]
mod support;

use std::collections::BTreeMap;

use strata_interp::value::{npy, Value};
use support::*;

const PIPELINE: &str = "builtin.module(inline,canonicalize,cse,symbol-dce)";

#[derive(Default)]
struct Tally {
    checked: usize,
    changed: usize,
    ops_before: usize,
    ops_after: usize,
    /// Reason -> cases.
    skipped: BTreeMap<String, Vec<String>>,
    failures: Vec<String>,
}

fn count_ops(ctx: &strata_ir::Context, m: strata_ir::OpId) -> usize {
    let mut n = 0;
    ctx.walk_pre(m, &mut |_| n += 1);
    n
}

fn reason(e: &str) -> String {
    let first = e.lines().next().unwrap_or("").to_string();
    // Group by message without positions and value details.
    let s = first.split(" at ").next().unwrap_or(&first).to_string();
    if s.len() > 120 {
        s[..120].to_string()
    } else {
        s
    }
}

fn check_chunk(name: &str, text: &str, args: Option<Vec<Value>>, t: &mut Tally) {
    let mut ctx = context();
    let m = match parse(&mut ctx, name, text) {
        Ok(m) => m,
        Err(e) => {
            t.skipped.entry(format!("does not parse/verify: {}", reason(&e))).or_default().push(name.into());
            return;
        }
    };
    let before = run_module(&ctx, m, args.clone());
    if before.runs.is_empty() {
        t.skipped.entry("no entry function to run".into()).or_default().push(name.into());
        return;
    }
    if let Some((_, Err(e), _)) = before.runs.iter().find(|(_, r, _)| r.is_err()) {
        if before.runs.iter().all(|(_, r, _)| r.is_err()) {
            t.skipped.entry(format!("the interpreter cannot run it: {}", reason(e))).or_default().push(name.into());
            return;
        }
    }
    let text_before = strata_ir::printer::print_op(&ctx, m, &Default::default());
    if let Err(e) = run_pipeline(&mut ctx, m, PIPELINE) {
        t.failures.push(format!("{name}: the pipeline failed: {e}"));
        return;
    }
    let text_after = strata_ir::printer::print_op(&ctx, m, &Default::default());
    let mut ctx2 = context();
    let m2 = match parse(&mut ctx2, name, &text_after) {
        Ok(m2) => m2,
        Err(e) => {
            t.failures.push(format!("{name}: the output does not parse again: {e}"));
            return;
        }
    };
    t.ops_before += count_ops(&ctx, m).max(1);
    t.ops_after += count_ops(&ctx2, m2);
    if text_after != text_before {
        t.changed += 1;
    }
    let after = run_module(&ctx2, m2, args);
    t.checked += 1;
    if let Err(e) = same_outcome(&before, &after) {
        t.failures.push(format!("{name}: {e}"));
    }
}

fn report(suite: &str, t: &Tally) {
    let skipped: usize = t.skipped.values().map(|v| v.len()).sum();
    println!(
        "{suite}: {} cases checked ({} changed by the pipeline), {skipped} not runnable by the interpreter, {} differ",
        t.checked,
        t.changed,
        t.failures.len()
    );
    for (why, cases) in &t.skipped {
        let shown: Vec<&str> = cases.iter().take(4).map(|s| s.as_str()).collect();
        let more = if cases.len() > 4 { format!(", ... ({} in all)", cases.len()) } else { String::new() };
        println!("  skipped: {why}: {}{more}", shown.join(", "));
    }
}

#[test]
fn jax_programs_keep_their_results() {
    // A missing suite fails (STRATA_SKIP_CONFORMANCE=1 skips it and says so).
    let Some(dir) = common::suite("jax") else { return };
    let files = common::mlir_files(&dir);
    let mut t = Tally::default();
    for f in &files {
        let name = f.file_stem().unwrap().to_string_lossy().to_string();
        let args: Vec<Value> = (0..)
            .map(|i| dir.join(format!("{name}.in{i}.npy")))
            .take_while(|p| p.exists())
            .map(|p| Value::Tensor(npy::read_npy_file(&p, None).expect("readable input")))
            .collect();
        let text = std::fs::read_to_string(f).unwrap();
        check_chunk(&format!("jax/{name}.mlir"), &text, Some(args), &mut t);
    }
    report("jax", &t);
    assert!(t.checked >= 1);
    assert!(t.failures.is_empty(), "{}", t.failures.join("\n"));
}

#[test]
fn stablehlo_interpret_cases_keep_their_results() {
    // A missing suite fails (STRATA_SKIP_CONFORMANCE=1 skips it and says so).
    let Some(dir) = common::suite("stablehlo/interpret") else { return };
    let files = common::mlir_files(&dir);
    let mut t = Tally::default();
    for f in &files {
        let rel = f.strip_prefix(&dir).unwrap().to_string_lossy().replace('\\', "/");
        let text = std::fs::read_to_string(f).unwrap();
        for (i, chunk) in split_chunks(&text).iter().enumerate() {
            check_chunk(&format!("interpret/{rel}#{}", i + 1), chunk, None, &mut t);
        }
    }
    report("interpret", &t);
    assert!(t.checked >= 1);
    assert!(t.failures.is_empty(), "{}", t.failures.join("\n"));
}

#[test]
fn stablehlo_testdata_programs_keep_their_results() {
    // A missing suite fails (STRATA_SKIP_CONFORMANCE=1 skips it and says so).
    let Some(dir) = common::suite("stablehlo/testdata") else { return };
    let files = common::mlir_files(&dir);
    let mut t = Tally::default();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let run_lines: Vec<&str> = text.lines().filter(|l| l.trim_start().starts_with("// RUN:")).collect();
        if !run_lines.iter().any(|l| l.contains("--interpret")) || text.contains("RUN-DISABLED") {
            continue;
        }
        let rel = f.strip_prefix(&dir).unwrap().to_string_lossy().replace('\\', "/");
        let split = run_lines.iter().any(|l| l.contains("split-input-file"));
        let chunks = if split { split_chunks(&text) } else { vec![text.clone()] };
        for (i, chunk) in chunks.iter().enumerate() {
            check_chunk(&format!("testdata/{rel}#{}", i + 1), chunk, None, &mut t);
        }
    }
    report("testdata", &t);
    assert!(t.checked >= 1);
    assert!(t.failures.is_empty(), "{}", t.failures.join("\n"));
}
