//! StableHLO's interpreter tests (`../shared/conformance/stablehlo/interpret`), run as their
//! RUN lines intend with `strata-run --interpret --split-input-file` (a case is a `// -----`
//! chunk; it passes when it evaluates and every check in it passes).
//!
//! - RUN lines that pipe to FileCheck (`printing.mlir`) run `strata-run` in the matching
//!   print format (`--print-format=interpreter`, or dense for `--interpreter-print-dense`)
//!   into `strata-check` with the same prefix; each such RUN line counts as one more case.
//! - `chlo/*.mlir` first run `stablehlo-opt --chlo-legalize-to-stablehlo`: here
//!   `strata-opt --chlo-legalize-to-stablehlo` (its output interpreted, as the RUN lines do).
//! - `composite.mlir`'s second RUN line (`--stablehlo-legalize-composite-to-call`) checks a
//!   StableHLO pass Strata does not have; the interpreter already runs composites by
//!   calling their decomposition, which the first RUN line covers.
//!
//! The test prints a per-file table and fails only when a case outside [`KNOWN_FAILING`]
//! fails. The suite is never edited or copied: it is read in place.

mod common;

use std::path::Path;
use std::process::{Command, Stdio};

/// Cases expected to fail: (file relative to the suite, 1-based chunk, reason). Reasons
/// name the missing feature (see ../shared/reference/stablehlo/interpreter_status.md for
/// what StableHLO's own interpreter leaves out).
const KNOWN_FAILING: &[(&str, usize, &str)] = &[];

struct FileResult {
    name: String,
    passed: usize,
    total: usize,
    failing: Vec<(usize, String)>,
    note: &'static str,
}

fn run_file(path: &Path, name: &str) -> FileResult {
    let run = env!("CARGO_BIN_EXE_strata-run");
    let check = env!("CARGO_BIN_EXE_strata-check");
    let text = std::fs::read_to_string(path).expect("readable test file");
    let lines = common::run_lines(&text);
    let mut r = FileResult { name: name.to_string(), passed: 0, total: 0, failing: vec![], note: "" };
    // `stablehlo-opt --chlo-legalize-to-stablehlo` RUN lines: the file is legalized by
    // `strata-opt --chlo-legalize-to-stablehlo` first, and the result interpreted.
    let legalized;
    let mut input = path;
    if lines.iter().any(|l| l.contains("--chlo-legalize-to-stablehlo")) {
        let out = Command::new(env!("CARGO_BIN_EXE_strata-opt"))
            .args(["--chlo-legalize-to-stablehlo", "--split-input-file", "--output-split-marker=// -----"])
            .arg(path)
            .output()
            .expect("strata-opt runs");
        if !out.status.success() {
            r.total += 1;
            r.failing.push((
                0,
                format!("strata-opt --chlo-legalize-to-stablehlo failed:\n{}", String::from_utf8_lossy(&out.stderr)),
            ));
            return r;
        }
        legalized = std::env::temp_dir().join(format!(
            "strata-chlo-legalized-{}-{}",
            std::process::id(),
            name.replace('/', "_")
        ));
        std::fs::write(&legalized, &out.stdout).expect("temp file written");
        input = legalized.as_path();
    }
    // The chunks, once, as --interpret --split-input-file: every chunk must report.
    for c in common::interpret(input, true) {
        r.total += 1;
        if c.ok {
            r.passed += 1;
        } else {
            r.failing.push((c.index, c.log));
        }
    }
    // RUN lines that pipe to FileCheck.
    for l in &lines {
        if !l.contains("| FileCheck") {
            continue;
        }
        let dense = l.contains("--interpreter-print-dense");
        let prefix = l.split_whitespace().find_map(|w| w.strip_prefix("--check-prefix=")).map(String::from);
        let produced = Command::new(run)
            .args(["--interpret", "--split-input-file"])
            .arg(if dense { "--print-format=dense" } else { "--print-format=interpreter" })
            .arg(path)
            .output()
            .expect("strata-run runs");
        let mut fc = Command::new(check);
        fc.arg(path);
        if let Some(p) = &prefix {
            fc.arg(format!("--check-prefix={p}"));
        }
        let mut child =
            fc.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("strata-check runs");
        {
            use std::io::Write;
            let mut si = child.stdin.take().expect("stdin");
            let _ = si.write_all(&produced.stdout);
        }
        let res = child.wait_with_output().expect("strata-check finishes");
        r.total += 1;
        if res.status.success() {
            r.passed += 1;
        } else {
            let idx = r.total;
            r.failing
                .push((idx, format!("FileCheck RUN line `{l}` failed:\n{}", String::from_utf8_lossy(&res.stderr))));
        }
        r.note = "RUN lines piped to strata-check counted as cases";
    }
    if input != path {
        r.note = "legalized by strata-opt --chlo-legalize-to-stablehlo, then interpreted";
        let _ = std::fs::remove_file(input);
    }
    if lines.iter().any(|l| l.contains("--stablehlo-legalize-composite-to-call")) {
        r.note = "legalize-composite-to-call RUN line not run (pass absent; composites call their decomposition)";
    }
    r
}

#[test]
fn stablehlo_interpret_suite() {
    let Some(dir) = common::suite("stablehlo/interpret") else { return };
    let files = common::mlir_files(&dir);
    assert!(!files.is_empty(), "no test files in {}", dir.display());
    let mut results = Vec::new();
    for f in &files {
        let name = f.strip_prefix(&dir).unwrap_or(f).to_string_lossy().replace('\\', "/");
        results.push(run_file(f, &name));
    }
    let (mut passed, mut total) = (0, 0);
    println!("{:<32} {:>7}  note", "file", "passed");
    for r in &results {
        passed += r.passed;
        total += r.total;
        println!("{:<32} {:>3}/{:<3}  {}", r.name, r.passed, r.total, r.note);
    }
    println!("{:<32} {:>3}/{:<3}  ({} files)", "TOTAL", passed, total, results.len());
    let mut unexpected = Vec::new();
    for r in &results {
        for (chunk, log) in &r.failing {
            match KNOWN_FAILING.iter().find(|(f, c, _)| *f == r.name && c == chunk) {
                Some((_, _, reason)) => println!("known failure {}#{chunk}: {reason}", r.name),
                None => unexpected.push(format!("{}#{chunk}:\n{log}", r.name)),
            }
        }
    }
    for (f, c, reason) in KNOWN_FAILING {
        let still = results.iter().any(|r| r.name == *f && r.failing.iter().any(|(k, _)| k == c));
        if !still {
            println!("note: {f}#{c} is listed as failing ({reason}) but passes now");
        }
    }
    assert!(unexpected.is_empty(), "unexpected failures:\n{}", unexpected.join("\n"));
}
