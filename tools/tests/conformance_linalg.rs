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
const KNOWN_FAILING: &[(&str, usize, &str)] = &[
    ("convolution.mlir", 1, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/convolution.1.mlir:17:11: error: CHECK: expected string not found in input"),
    ("convolution.mlir", 7, "not lowered: 'stablehlo.convolution': convolution with negative padding is not supported"),
    ("convolution.mlir", 12, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/convolution.12.mlir:358:11: error: CHECK: expected string not found in input"),
    ("convolution.mlir", 13, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/convolution.13.mlir:403:11: error: CHECK: expected string not found in input"),
    ("convolution.mlir", 14, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/convolution.14.mlir:448:11: error: CHECK: expected string not found in input"),
    ("convolution.mlir", 15, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/convolution.15.mlir:488:11: error: CHECK: expected string not found in input"),
    ("convolution.mlir", 16, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/convolution.16.mlir:518:11: error: CHECK: expected string not found in input"),
    ("convolution.mlir", 17, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/convolution.17.mlir:542:11: error: CHECK: expected string not found in input"),
    ("convolution.mlir", 18, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/convolution.18.mlir:567:11: error: CHECK: expected string not found in input"),
    ("convolution.mlir", 19, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/convolution.19.mlir:593:11: error: CHECK: expected string not found in input"),
    ("dot-product.mlir", 19, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/dot-product.19.mlir:376:12: error: CHECK: expected string not found in input"),
    ("gather.mlir", 1, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/gather.1.mlir:35:15: error: CHECK-DAG: expected string not found in input"),
    ("gather.mlir", 2, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/gather.2.mlir:87:11: error: CHECK: expected string not found in input"),
    ("gather.mlir", 6, "not lowered: 'stablehlo.gather': gather with dynamic shapes is not supported"),
    ("gather.mlir", 8, "not lowered: 'stablehlo.gather': gather with dynamic shapes is not supported"),
    ("gather.mlir", 9, "not lowered: 'stablehlo.gather': gather with dynamic shapes is not supported"),
    ("miscellaneous.mlir", 5, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.5.mlir:101:11: error: CHECK: expected string not found in input"),
    ("miscellaneous.mlir", 6, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.6.mlir:150:15: error: CHECK-DAG: expected string not found in input"),
    ("miscellaneous.mlir", 9, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.9.mlir:221:15: error: CHECK-DAG: expected string not found in input"),
    ("miscellaneous.mlir", 11, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.11.mlir:265:15: error: CHECK-DAG: expected string not found in input"),
    ("miscellaneous.mlir", 12, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.12.mlir:289:15: error: CHECK-DAG: expected string not found in input"),
    ("miscellaneous.mlir", 13, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.13.mlir:313:15: error: CHECK-DAG: expected string not found in input"),
    ("miscellaneous.mlir", 14, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.14.mlir:337:15: error: CHECK-DAG: expected string not found in input"),
    ("miscellaneous.mlir", 15, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.15.mlir:383:21: error: CHECK-PRIMITIVE: expected string not found in input"),
    ("miscellaneous.mlir", 16, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.16.mlir:398:11: error: CHECK: expected string not found in input"),
    ("miscellaneous.mlir", 18, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.18.mlir:458:21: error: CHECK-PRIMITIVE: expected string not found in input"),
    ("miscellaneous.mlir", 26, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.26.mlir:623:11: error: CHECK: expected string not found in input"),
    ("miscellaneous.mlir", 29, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.29.mlir:685:32: error: undefined variable: FLOAT_CAST"),
    ("miscellaneous.mlir", 30, "strata-opt fails: /tmp/strata-conformance-linalg-28036/miscellaneous.30.mlir:694:8: error: 'linalg.map' op expected shape of input (4) to match shape of output (-9223372036854775808)"),
    ("miscellaneous.mlir", 35, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.35.mlir:828:15: error: CHECK-DAG: expected string not found in input"),
    ("miscellaneous.mlir", 36, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.36.mlir:846:11: error: CHECK: expected string not found in input"),
    ("miscellaneous.mlir", 37, "not lowered: 'stablehlo.real_dynamic_slice': real_dynamic_slice with a dynamic result shape is not supported"),
    ("miscellaneous.mlir", 38, "not lowered: 'stablehlo.real_dynamic_slice': real_dynamic_slice with a dynamic result shape is not supported"),
    ("miscellaneous.mlir", 41, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.41.mlir:929:11: error: CHECK: expected string not found in input"),
    ("miscellaneous.mlir", 43, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.43.mlir:951:11: error: CHECK: expected string not found in input"),
    ("miscellaneous.mlir", 48, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.48.mlir:1000:11: error: CHECK: expected string not found in input"),
    ("miscellaneous.mlir", 49, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.49.mlir:1010:11: error: CHECK: expected string not found in input"),
    ("miscellaneous.mlir", 51, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.51.mlir:1031:11: error: CHECK: expected string not found in input"),
    ("miscellaneous.mlir", 52, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.52.mlir:1041:11: error: CHECK: expected string not found in input"),
    ("miscellaneous.mlir", 55, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.55.mlir:1072:11: error: CHECK: expected string not found in input"),
    ("miscellaneous.mlir", 56, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.56.mlir:1083:11: error: CHECK: expected string not found in input"),
    ("miscellaneous.mlir", 58, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.58.mlir:1107:11: error: CHECK: expected string not found in input"),
    ("miscellaneous.mlir", 61, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.61.mlir:1142:15: error: CHECK-DAG: expected string not found in input"),
    ("miscellaneous.mlir", 62, "not lowered: 'stablehlo.set_dimension_size': set_dimension_size with a dynamic result shape is not supported"),
    ("miscellaneous.mlir", 63, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.63.mlir:1238:15: error: CHECK-DAG: expected string not found in input"),
    ("miscellaneous.mlir", 64, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.64.mlir:1262:15: error: CHECK-DAG: expected string not found in input"),
    ("miscellaneous.mlir", 65, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.65.mlir:1294:15: error: CHECK-DAG: expected string not found in input"),
    ("miscellaneous.mlir", 66, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.66.mlir:1322:15: error: CHECK-DAG: expected string not found in input"),
    ("miscellaneous.mlir", 67, "not lowered: 'stablehlo.torch_index_select': torch_index_select with a dynamic result is not supported"),
    ("miscellaneous.mlir", 75, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.75.mlir:1511:11: error: CHECK: expected string not found in input"),
    ("miscellaneous.mlir", 78, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.78.mlir:1575:15: error: CHECK-DAG: expected string not found in input"),
    ("miscellaneous.mlir", 81, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/miscellaneous.81.mlir:1648:11: error: CHECK: expected string not found in input"),
    ("pointwise.mlir", 59, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/pointwise.59.mlir:970:11: error: CHECK: expected string not found in input"),
    ("pointwise.mlir", 71, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/pointwise.71.mlir:1192:15: error: CHECK-DAG: expected string not found in input"),
    ("pointwise.mlir", 74, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/pointwise.74.mlir:1257:12: error: CHECK: expected string not found in input"),
    ("pointwise.mlir", 84, "strata-opt fails: /tmp/strata-conformance-linalg-28036/pointwise.84.mlir:1451:8: error: 'linalg.map' op expected shape of input (4) to match shape of output (-9223372036854775808)"),
    ("random.mlir", 1, "not lowered: 'stablehlo.rng': no lowering to linalg for this op"),
    ("random.mlir", 2, "not lowered: 'stablehlo.rng': no lowering to linalg for this op"),
    ("random.mlir", 3, "not lowered: 'stablehlo.rng': no lowering to linalg for this op"),
    ("random.mlir", 4, "not lowered: 'stablehlo.rng': no lowering to linalg for this op"),
    ("random.mlir", 5, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/random.5.mlir:151:15: error: CHECK-DAG: expected string not found in input"),
    ("random.mlir", 6, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/random.6.mlir:225:11: error: CHECK: expected string not found in input"),
    ("random.mlir", 7, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/random.7.mlir:265:11: error: CHECK: expected string not found in input"),
    ("random.mlir", 8, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/random.8.mlir:305:11: error: CHECK: expected string not found in input"),
    ("random.mlir", 9, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/random.9.mlir:344:11: error: CHECK: expected string not found in input"),
    ("random.mlir", 10, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/random.10.mlir:377:15: error: CHECK-DAG: expected string not found in input"),
    ("random.mlir", 11, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/random.11.mlir:509:11: error: CHECK: expected string not found in input"),
    ("random.mlir", 13, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/random.13.mlir:554:11: error: CHECK: expected string not found in input"),
    ("random.mlir", 14, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/random.14.mlir:605:11: error: CHECK: expected string not found in input"),
    ("random.mlir", 15, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/random.15.mlir:644:11: error: CHECK: expected string not found in input"),
    ("random.mlir", 16, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/random.16.mlir:681:11: error: CHECK: expected string not found in input"),
    ("reduce.mlir", 3, "strata-opt fails: /tmp/strata-conformance-linalg-28036/reduce.3.mlir:74:8: error: 'linalg.reduce' op init dimensions [-9223372036854775808] doesn't match input dimensions after reduction [4]"),
    ("reduce.mlir", 8, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/reduce.8.mlir:259:16: error: CHECK-NEXT: expected string not found in input"),
    ("reduce.mlir", 10, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/reduce.10.mlir:345:11: error: CHECK: expected string not found in input"),
    ("reduce.mlir", 22, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/reduce.22.mlir:664:15: error: CHECK-DAG: expected string not found in input"),
    ("reduce.mlir", 24, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/reduce.24.mlir:750:11: error: CHECK: expected string not found in input"),
    ("sparse.mlir", 1, "strata-opt fails: /tmp/strata-conformance-linalg-28036/sparse.1.mlir:11:8: error: custom op 'sparse_tensor.convert' is unknown"),
    ("sparse.mlir", 2, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/sparse.2.mlir:53:16: error: CHECK-SAME: expected string not found in input"),
    ("sparse.mlir", 3, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/sparse.3.mlir:99:16: error: CHECK-SAME: expected string not found in input"),
    ("sparse.mlir", 4, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/sparse.4.mlir:126:17: error: CHECK-SAME: is not on the same line as the previous match"),
    ("sparse.mlir", 5, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/sparse.5.mlir:154:12: error: CHECK: expected string not found in input"),
    ("sparse.mlir", 8, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/sparse.8.mlir:213:17: error: CHECK-SAME: is not on the same line as the previous match"),
    ("sparse.mlir", 12, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/sparse.12.mlir:296:16: error: CHECK-NEXT: is not on the line after the previous match"),
    ("sparse.mlir", 13, "output differs from StableHLO's: /tmp/strata-conformance-linalg-28036/sparse.13.mlir:314:11: error: CHECK: expected string not found in input"),
];

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

/// A reason for a failing chunk, from its log (used to regenerate [`KNOWN_FAILING`] with
/// `STRATA_CONFORMANCE_PRINT_KNOWN=1`; the reasons are then edited by hand where needed).
fn classify(log: &str) -> String {
    if let Some(i) = log.find("failed to legalize operation '") {
        let rest = &log[i + "failed to legalize operation '".len()..];
        let line = rest.lines().next().unwrap_or("");
        return format!("not lowered: '{line}");
    }
    if let Some(i) = log.find("unregistered operation '") {
        let rest = &log[i + "unregistered operation '".len()..];
        let op = rest.split('\'').next().unwrap_or("");
        return format!("the lowered IR's {op} is not a registered op in Strata yet");
    }
    if log.starts_with("strata-opt failed") {
        let first = log.lines().nth(1).unwrap_or("").trim();
        return format!("strata-opt fails: {first}");
    }
    let first = log.lines().nth(1).unwrap_or("").trim();
    format!("output differs from StableHLO's: {first}")
}

#[test]
fn stablehlo_legalize_to_linalg_suite() {
    let Some(dir) = common::suite("stablehlo/linalg") else { return };
    let tmp = std::env::temp_dir().join(format!("strata-conformance-linalg-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("temp dir");
    let verbose = std::env::var("STRATA_CONFORMANCE_VERBOSE").is_ok();
    let print_known = std::env::var("STRATA_CONFORMANCE_PRINT_KNOWN").is_ok();
    let mut known_lines: Vec<String> = Vec::new();
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
                    if print_known {
                        known_lines.push(format!("    ({name:?}, {idx}, {:?}),", classify(&log)));
                    }
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
    if print_known {
        eprintln!("const KNOWN_FAILING: &[(&str, usize, &str)] = &[\n{}\n];", known_lines.join("\n"));
    }
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
