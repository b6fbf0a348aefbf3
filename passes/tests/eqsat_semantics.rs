//! Semantics preserved: `stablehlo-eqsat` on every program of ../shared/conformance/jax (on
//! its inputs), every case of ../shared/conformance/stablehlo/interpret and every testdata
//! program with an interpret RUN line gives the interpreter's results of the input — bit for
//! bit (NaN positions equal), with the same passing checks. The IR verifies after the pass.
//!
//! Cases whose input the interpreter cannot run are skipped (counted); [`KNOWN`] lists cases
//! where the pass is known not to preserve the results, with the reason (empty: none).

mod eqsat_support;

use std::path::PathBuf;

use eqsat_support::*;
use strata_interp::value::{npy, Value};

/// Cases (file relative to the suite root, chunk) expected to differ, with the reason.
const KNOWN: &[(&str, usize, &str)] = &[];

const PIPELINE: &str = "builtin.module(stablehlo-eqsat)";

/// `../shared/conformance/<rel>` (a missing suite fails the test unless skipping is requested)
/// and its `.mlir` files.
fn suite(rel: &str) -> Option<(PathBuf, Vec<PathBuf>)> {
    let dir = strata_ir::testing::conformance_path(env!("CARGO_MANIFEST_DIR"), rel)?;
    let files = strata_ir::testing::files_under(&dir, "mlir", &[]);
    Some((dir, files))
}

#[derive(Default)]
struct Tally {
    checked: usize,
    changed: usize,
    skipped: usize,
    failures: Vec<String>,
}

/// Runs one chunk before and after the pass; `args` for `@main`.
fn check_chunk(name: &str, text: &str, args: Option<Vec<Value>>, t: &mut Tally) {
    let mut ctx = context();
    let m = match parse(&mut ctx, name, text) {
        Ok(m) => m,
        Err(_) => {
            t.skipped += 1;
            return;
        }
    };
    let before = run_module(&ctx, m, args.clone());
    if before.runs.is_empty() || before.runs.iter().all(|(_, r, _)| r.is_err()) {
        t.skipped += 1;
        return;
    }
    let text_before = strata_ir::printer::print_op(&ctx, m, &Default::default());
    if let Err(e) = run_pipeline(&mut ctx, m, PIPELINE) {
        t.failures.push(format!("{name}: the pass failed: {e}"));
        return;
    }
    let text_after = strata_ir::printer::print_op(&ctx, m, &Default::default());
    if text_after != text_before {
        t.changed += 1;
    }
    let after = run_module(&ctx, m, args);
    t.checked += 1;
    if let Err(e) = same_outcome(&before, &after) {
        t.failures.push(format!("{name}: {e}"));
    }
}

fn report(suite: &str, t: &Tally) -> Vec<String> {
    println!(
        "{suite}: {} cases checked ({} changed by the pass), {} skipped (the input does not run), {} differ",
        t.checked,
        t.changed,
        t.skipped,
        t.failures.len()
    );
    let mut unexpected = Vec::new();
    for f in &t.failures {
        match KNOWN.iter().find(|(k, c, _)| f.starts_with(&format!("{k}#{c}:"))) {
            Some((_, _, why)) => println!("known: {f} ({why})"),
            None => unexpected.push(f.clone()),
        }
    }
    unexpected
}

#[test]
fn jax_programs_keep_their_results() {
    let Some((dir, files)) = suite("jax") else { return };
    let mut t = Tally::default();
    for f in &files {
        let name = f.file_stem().unwrap().to_string_lossy().to_string();
        let args: Vec<Value> = (0..)
            .map(|i| dir.join(format!("{name}.in{i}.npy")))
            .take_while(|p| p.exists())
            .map(|p| Value::Tensor(npy::read_npy_file(&p, None).expect("readable input")))
            .collect();
        let text = std::fs::read_to_string(f).unwrap();
        check_chunk(&format!("jax/{name}.mlir#1"), &text, Some(args), &mut t);
    }
    let bad = report("jax", &t);
    assert!(t.checked >= 1);
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn stablehlo_interpret_cases_keep_their_results() {
    let Some((dir, files)) = suite("stablehlo/interpret") else { return };
    let mut t = Tally::default();
    for f in &files {
        let rel = f.strip_prefix(&dir).unwrap().to_string_lossy().replace('\\', "/");
        let text = std::fs::read_to_string(f).unwrap();
        for (i, chunk) in split_chunks(&text).iter().enumerate() {
            check_chunk(&format!("interpret/{rel}#{}", i + 1), chunk, None, &mut t);
        }
    }
    let bad = report("interpret", &t);
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn stablehlo_testdata_programs_keep_their_results() {
    let Some((dir, files)) = suite("stablehlo/testdata") else { return };
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
    let bad = report("testdata", &t);
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
