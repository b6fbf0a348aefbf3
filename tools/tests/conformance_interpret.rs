//! StableHLO's interpreter tests (`../shared/conformance/stablehlo/interpret`), run as their
//! RUN lines intend with `strata-run --interpret --split-input-file` (a case is a `// -----`
//! chunk; it passes when it evaluates and every check in it passes).
//!
//! - RUN lines that pipe to FileCheck (`printing.mlir`) run `strata-run` in the matching
//!   print format (`--print-format=interpreter`, or dense for `--interpreter-print-dense`)
//!   into `strata-check` with the same prefix; each such RUN line counts as one more case.
//! - RUN lines `stablehlo-opt FLAGS %s | stablehlo-translate --interpret` (or `> %t.mlir` and
//!   a later `--interpret %t.mlir`: `chlo/*.mlir`, `composite.mlir`) run `strata-opt FLAGS` and
//!   interpret its output; each of its chunks is one more case.
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

/// Runs `strata-opt FLAGS path` (a `stablehlo-opt FLAGS %s ...` RUN line) into a temporary file.
fn run_opt(flags: &[&str], path: &Path, name: &str, n: usize) -> Result<std::path::PathBuf, String> {
    let out = Command::new(env!("CARGO_BIN_EXE_strata-opt"))
        .args(flags)
        .arg("--output-split-marker=// -----")
        .arg(path)
        .output()
        .expect("strata-opt runs");
    if !out.status.success() {
        return Err(format!("strata-opt {} failed:\n{}", flags.join(" "), String::from_utf8_lossy(&out.stderr)));
    }
    let file =
        std::env::temp_dir().join(format!("strata-interp-{}-{n}-{}", std::process::id(), name.replace('/', "_")));
    std::fs::write(&file, &out.stdout).expect("temp file written");
    Ok(file)
}

fn run_file(path: &Path, name: &str) -> FileResult {
    let run = env!("CARGO_BIN_EXE_strata-run");
    let check = env!("CARGO_BIN_EXE_strata-check");
    let text = std::fs::read_to_string(path).expect("readable test file");
    let lines = common::run_lines(&text);
    let mut r = FileResult { name: name.to_string(), passed: 0, total: 0, failing: vec![], note: "" };
    // The RUN lines as the shell would run them: `stablehlo-translate --interpret %s` interprets
    // the file; `stablehlo-opt FLAGS %s | stablehlo-translate --interpret` (or `> %t.mlir`, then
    // `--interpret %t.mlir`) interprets what `strata-opt FLAGS` makes of it. Every chunk of every
    // interpreted input is a case and must report.
    let mut temp: Option<std::path::PathBuf> = None;
    let mut made = Vec::new();
    for (n, l) in lines.iter().enumerate() {
        if l.contains("| FileCheck") {
            continue;
        }
        let input = if let Some(rest) = l.strip_prefix("stablehlo-opt") {
            let flags: Vec<&str> = rest.split("%s").next().unwrap_or("").split_whitespace().collect();
            match run_opt(&flags, path, name, n) {
                Ok(f) => {
                    made.push(f.clone());
                    r.note = "inputs transformed by strata-opt as the RUN lines' stablehlo-opt, then interpreted";
                    if l.contains("> %t") {
                        temp = Some(f);
                        continue;
                    }
                    f
                }
                Err(e) => {
                    r.total += 1;
                    r.failing.push((0, e));
                    continue;
                }
            }
        } else if l.starts_with("stablehlo-translate") && l.contains("--interpret") {
            if l.contains("%t") {
                match &temp {
                    Some(t) => t.clone(),
                    None => {
                        r.total += 1;
                        r.failing.push((0, format!("RUN line `{l}` reads %t before a RUN line writes it")));
                        continue;
                    }
                }
            } else {
                path.to_path_buf()
            }
        } else {
            r.total += 1;
            r.failing.push((0, format!("RUN line `{l}` is not understood by this runner")));
            continue;
        };
        let split = l.contains("split-input-file");
        for c in common::interpret(&input, split) {
            r.total += 1;
            if c.ok {
                r.passed += 1;
            } else {
                r.failing.push((c.index, c.log));
            }
        }
    }
    for f in made {
        let _ = std::fs::remove_file(f);
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
