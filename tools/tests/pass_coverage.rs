//! Every pass and pipeline strata-opt registers is exercised by a lit test: its name appears in a
//! RUN line of some `tests/**/*.mlir` file (as `--name`, or inside a `--pass-pipeline`).

mod common;

use std::path::Path;

/// Whether `name` occurs in `line` as a whole pass name (not as part of a longer one).
fn mentions(line: &str, name: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    line.match_indices(name).any(|(i, _)| {
        let before = line[..i].chars().next_back().unwrap_or(' ');
        let after = line[i + name.len()..].chars().next().unwrap_or(' ');
        !word(after) && (!word(before) || line[..i].ends_with("--"))
    })
}

#[test]
fn every_registered_pass_has_a_lit_test() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().join("tests");
    let files = common::mlir_files(&root);
    let run_lines: Vec<String> = files
        .iter()
        .flat_map(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            text.lines().filter(|l| l.contains("RUN:")).map(str::to_string).collect::<Vec<_>>()
        })
        .collect();
    let reg = strata_tools::opt_passes::registry();
    let names: Vec<String> =
        reg.passes().map(|p| p.name.clone()).chain(reg.pipelines().map(|p| p.name.clone())).collect();
    assert!(names.len() >= 5, "the registry lists passes: {names:?}");
    let missing: Vec<&String> = names.iter().filter(|n| !run_lines.iter().any(|l| mentions(l, n))).collect();
    assert!(missing.is_empty(), "registered passes without a lit test in tests/: {missing:?}");
}

#[test]
fn mention_is_a_whole_name() {
    assert!(mentions("// RUN: strata-opt --cse %s", "cse"));
    assert!(mentions("// RUN: strata-opt --pass-pipeline='builtin.module(cse,canonicalize)'", "cse"));
    assert!(!mentions("// RUN: strata-opt --symbol-dce %s", "dce"));
    assert!(!mentions("// RUN: strata-opt --cse-x %s", "cse"));
}
