//! Printer ↔ parser round trips on the sample files in `tests/roundtrip/*.mlir` (written for
//! mlir-opt-22; they cover every builtin construct):
//! - print(parse(x)) re-parses to an identical print, for every printing flag set;
//! - print(parse(x)) equals what mlir-opt-22 prints for x with the same flags (skipped with a
//!   message when mlir-opt-22 is not installed).

use std::path::PathBuf;

use strata_ir::parser::{parse_source, ParserConfig};
use strata_ir::printer::{print_op, PrintOptions};
use strata_ir::{Context, OpId};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/roundtrip")
}

fn inputs() -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = std::fs::read_dir(dir())
        .unwrap()
        .filter_map(|e| {
            let p = e.ok()?.path();
            (p.extension()? == "mlir").then(|| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(&p).unwrap()))
        })
        .collect();
    v.sort();
    v
}

fn parse(name: &str, text: &str) -> (Context, OpId) {
    let mut c = Context::new();
    c.allow_unregistered = true;
    match parse_source(&mut c, &ParserConfig::new(name), text) {
        Ok(m) => (c, m),
        Err(_) => {
            let msgs: Vec<String> = c.take_diagnostics().iter().map(|d| strata_ir::diagnostics::render(&c, d)).collect();
            panic!("{name} does not parse:\n{}\n--- text ---\n{text}", msgs.join(""));
        }
    }
}

/// (mlir-opt flags, options) pairs checked.
fn variants() -> Vec<(Vec<&'static str>, PrintOptions)> {
    vec![
        (vec![], PrintOptions::default()),
        (vec!["--mlir-print-op-generic"], PrintOptions::generic()),
        (vec!["--mlir-print-debuginfo"], PrintOptions::default().with_debug_info(true, false)),
        (vec!["--mlir-print-debuginfo", "--mlir-print-op-generic"], PrintOptions::generic().with_debug_info(true, false)),
        (vec!["--mlir-print-debuginfo", "--mlir-pretty-debuginfo"], PrintOptions::default().with_debug_info(true, true)),
        (vec!["--mlir-print-local-scope"], PrintOptions::default().with_local_scope(true)),
        (vec!["--mlir-elide-elementsattrs-if-larger=4"], PrintOptions { elide_elements_larger_than: Some(4), ..Default::default() }),
        (vec!["--mlir-print-elementsattrs-with-hex-if-larger=-1"], PrintOptions { hex_elements_larger_than: None, ..Default::default() }),
    ]
}

#[test]
fn print_parse_print_is_stable() {
    for (name, text) in inputs() {
        let (c, m) = parse(&name, &text);
        for (flags, opts) in variants() {
            // The elided form and the pretty locations are not meant to be parsed back.
            if opts.elide_elements_larger_than.is_some() || opts.pretty_debug_info {
                continue;
            }
            let p1 = print_op(&c, m, &opts);
            let (c2, m2) = parse(&name, &p1);
            let p2 = print_op(&c2, m2, &opts);
            assert_eq!(p1, p2, "{name} with {flags:?}: print(parse(print)) differs");
        }
    }
}

fn mlir_opt(flags: &[&str], file: &str) -> Option<String> {
    let out = std::process::Command::new("mlir-opt-22")
        .current_dir(dir())
        .arg("--allow-unregistered-dialect")
        .args(flags)
        .arg(file)
        .output()
        .ok()?;
    assert!(out.status.success(), "mlir-opt-22 rejects {file}: {}", String::from_utf8_lossy(&out.stderr));
    Some(String::from_utf8(out.stdout).unwrap())
}

#[test]
fn matches_mlir_opt() {
    if mlir_opt(&[], "numbering.mlir").is_none() {
        eprintln!("skipping: mlir-opt-22 not found");
        return;
    }
    let mut failures = Vec::new();
    for (name, text) in inputs() {
        let (c, m) = parse(&name, &text);
        for (flags, opts) in variants() {
            let ours = format!("{}\n", print_op(&c, m, &opts));
            let theirs = mlir_opt(&flags, &name).unwrap();
            if ours != theirs {
                let line = ours.lines().zip(theirs.lines()).position(|(a, b)| a != b).unwrap_or(0);
                failures.push(format!(
                    "{name} {flags:?}: first difference at line {}:\n  ours:     {}\n  mlir-opt: {}",
                    line + 1,
                    ours.lines().nth(line).unwrap_or("<end>"),
                    theirs.lines().nth(line).unwrap_or("<end>")
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
