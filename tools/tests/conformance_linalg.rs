//! StableHLO's `stablehlo-legalize-to-linalg` tests (`../shared/conformance/stablehlo/linalg`),
//! run as their RUN lines say: `strata-opt FILE --stablehlo-legalize-to-linalg[=OPTS]
//! --split-input-file --canonicalize | strata-check FILE [--check-prefix=P]`, one `// -----`
//! chunk at a time so that each chunk is a case.
//!
//! A chunk passes when, for every RUN line whose check prefix has directives in the chunk,
//! strata-opt succeeds and strata-check accepts its output against the chunk's directives (a
//! chunk with no directives for any RUN line passes when strata-opt succeeds on it). The test
//! prints a per-file table and fails when a chunk outside [`KNOWN_FAILING`] fails; chunks in
//! the list that pass are reported, so the list can shrink. The suite is read in place.

mod common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Chunks expected to fail: (file, 1-based chunk, reason).
const KNOWN_FAILING: &[(&str, usize, &str)] = &[];

/// One RUN line: the pass flag (with options) and the check prefix.
struct Run {
    pass_flag: String,
    prefix: String,
}

fn parse_runs(text: &str) -> Vec<Run> {
    common::run_lines(text)
        .into_iter()
        .filter(|l| l.contains("FileCheck"))
        .filter_map(|l| {
            let pass_flag = l
                .split_whitespace()
                .find(|w| w.starts_with("--stablehlo-legalize-to-linalg"))?
                .replace('"', "")
                .replace('\'', "");
            let prefix =
                l.split_whitespace().find_map(|w| w.strip_prefix("--check-prefix=")).unwrap_or("CHECK").to_string();
            Some(Run { pass_flag, prefix })
        })
        .collect()
}

/// Whether `chunk` has a FileCheck directive with `prefix` (`P:`, `P-NEXT:`, ...).
fn has_directives(chunk: &str, prefix: &str) -> bool {
    const SUFFIXES: [&str; 8] = [":", "-NEXT:", "-SAME:", "-DAG:", "-NOT:", "-LABEL:", "-EMPTY:", "-COUNT"];
    chunk.lines().any(|l| {
        let mut rest = l;
        while let Some(i) = rest.find(prefix) {
            let after = &rest[i + prefix.len()..];
            let before_ok = i == 0 || !rest.as_bytes()[i - 1].is_ascii_alphanumeric() && rest.as_bytes()[i - 1] != b'-';
            if before_ok && SUFFIXES.iter().any(|s| after.starts_with(s)) {
                return true;
            }
            rest = &rest[i + prefix.len()..];
        }
        false
    })
}

/// Run one chunk under one RUN line; `Err(log)` on failure.
fn run_chunk(chunk_path: &Path, run: &Run) -> Result<(), String> {
    let opt = env!("CARGO_BIN_EXE_strata-opt");
    let check = env!("CARGO_BIN_EXE_strata-check");
    let produced = Command::new(opt)
        .arg(chunk_path)
        .arg(&run.pass_flag)
        .arg("--canonicalize")
        .output()
        .map_err(|e| format!("strata-opt: {e}"))?;
    if !produced.status.success() {
        return Err(format!("strata-opt failed:\n{}", String::from_utf8_lossy(&produced.stderr)));
    }
    let mut child = Command::new(check)
        .arg(chunk_path)
        .arg(format!("--check-prefix={}", run.prefix))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("strata-check: {e}"))?;
    {
        let mut si = child.stdin.take().expect("stdin");
        let _ = si.write_all(&produced.stdout);
    }
    let res = child.wait_with_output().map_err(|e| format!("strata-check: {e}"))?;
    if res.status.success() {
        Ok(())
    } else {
        Err(format!(
            "strata-check ({}) failed:\n{}\n--- output ---\n{}",
            run.prefix,
            String::from_utf8_lossy(&res.stderr),
            String::from_utf8_lossy(&produced.stdout)
        ))
    }
}

#[test]
fn stablehlo_legalize_to_linalg_suite() {
    let Some(dir) = common::suite("stablehlo/linalg") else { return };
    let tmp = std::env::temp_dir().join(format!("strata-conformance-linalg-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("temp dir");
    let verbose = std::env::var("STRATA_CONFORMANCE_VERBOSE").is_ok();
    let mut table = String::new();
    let mut regressions = Vec::new();
    let mut newly_passing = Vec::new();
    let (mut all_pass, mut all_total) = (0, 0);
    for path in common::mlir_files(&dir) {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).expect("readable");
        let runs = parse_runs(&text);
        let chunks = strata_tools::split::split(&text, "// -----", true);
        let mut passed = 0;
        let mut failing = Vec::new();
        for (i, ch) in chunks.iter().enumerate() {
            let idx = i + 1;
            // Keep the file's line numbers in diagnostics: pad with the lines before the chunk.
            let body = format!("{}{}", "\n".repeat(ch.line_offset as usize), ch.text);
            let cp = tmp.join(format!("{}.{idx}.mlir", name.trim_end_matches(".mlir")));
            std::fs::write(&cp, &body).expect("write chunk");
            let applicable: Vec<&Run> = runs.iter().filter(|r| has_directives(ch.text, &r.prefix)).collect();
            let result = if applicable.is_empty() {
                run_chunk(&cp, &Run { pass_flag: runs[0].pass_flag.clone(), prefix: "CHECK".into() }).or_else(|e| {
                    if e.starts_with("strata-opt failed") {
                        Err(e)
                    } else {
                        Ok(())
                    }
                })
            } else {
                applicable.iter().try_for_each(|r| run_chunk(&cp, r))
            };
            let known = KNOWN_FAILING.iter().find(|(f, c, _)| *f == name && *c == idx);
            match result {
                Ok(()) => {
                    passed += 1;
                    if known.is_some() {
                        newly_passing.push(format!("{name} chunk {idx}"));
                    }
                }
                Err(log) => {
                    if verbose {
                        eprintln!("==== {name} chunk {idx} (line {}) ====\n{log}", ch.line_offset + 1);
                    }
                    failing.push(idx);
                    if known.is_none() {
                        regressions.push(format!("{name} chunk {idx} (line {}):\n{log}", ch.line_offset + 1));
                    }
                }
            }
        }
        all_pass += passed;
        all_total += chunks.len();
        table.push_str(&format!("{name:<24} {passed:>4}/{:<4} failing: {failing:?}\n", chunks.len()));
    }
    let _ = std::fs::remove_dir_all(&tmp);
    eprintln!("stablehlo/linalg conformance:\n{table}total {all_pass}/{all_total}");
    if !newly_passing.is_empty() {
        eprintln!("now passing (remove from KNOWN_FAILING): {newly_passing:?}");
    }
    assert!(
        regressions.is_empty(),
        "{} chunks fail outside KNOWN_FAILING:\n{}",
        regressions.len(),
        regressions.join("\n")
    );
}
