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
    ("convolution.mlir", 7, "not lowered: 'stablehlo.convolution': convolution with negative padding is not supported"),
    ("convolution.mlir", 12, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[COLLAPSE:.+]] = tensor.collapse_shape %[[FILTER]] {{\\[}}[0, 1, 2, 3]] : tensor<2x2x1x6xf32> into tensor<24xf32>"),
    ("convolution.mlir", 13, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[COLLAPSE:.+]] = tensor.collapse_shape %[[FILTER]]"),
    ("convolution.mlir", 14, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[RESHAPED_FILTER:.+]] = tensor.collapse_shape %[[FILTER]]"),
    ("convolution.mlir", 15, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[INIT:.+]] = tensor.empty() : tensor<1x57x58x96xf32>"),
    ("convolution.mlir", 16, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[CONV:.+]] = linalg.depthwise_conv_1d_nwc_wcm"),
    ("convolution.mlir", 17, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[CONV:.+]] = linalg.depthwise_conv_1d_nwc_wc"),
    ("convolution.mlir", 18, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[CONV:.+]] = linalg.depthwise_conv_3d_ndhwc_dhwcm"),
    ("convolution.mlir", 19, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[CONV:.+]] = linalg.depthwise_conv_3d_ndhwc_dhwc"),
    ("dot-product.mlir", 19, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: stablehlo.dot_general"),
    ("gather.mlir", 1, "output differs from StableHLO's (CHECK-DAG: expected string not found in input): // CHECK-DAG: %[[S0_INT:.+]] = tensor.extract %[[START_INDICES]][%[[C0]], %[[IDX1]], %[[C0]]] : tensor<1x8x2xi32>"),
    ("gather.mlir", 6, "not lowered: 'stablehlo.gather': gather with dynamic shapes is not supported"),
    ("gather.mlir", 8, "not lowered: 'stablehlo.gather': gather with dynamic shapes is not supported"),
    ("gather.mlir", 9, "not lowered: 'stablehlo.gather': gather with dynamic shapes is not supported"),
    ("miscellaneous.mlir", 5, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[VAL_16:.*]] = arith.addi %[[VAL_7]], %[[VAL_9]] : index"),
    ("miscellaneous.mlir", 6, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[VAL_19:.*]] = arith.addi %[[VAL_10]], %[[VAL_14]] : index"),
    ("miscellaneous.mlir", 15, "output differs from StableHLO's (CHECK-PRIMITIVE: expected string not found in input): // CHECK-PRIMITIVE: tensor.empty() : tensor<7x10x6x4x5xf32>"),
    ("miscellaneous.mlir", 16, "output differs from StableHLO's (CHECK-PRIMITIVE: expected string not found in input): // CHECK-PRIMITIVE: tensor.empty() : tensor<7x10x6x4x5xi32>"),
    ("miscellaneous.mlir", 18, "output differs from StableHLO's (CHECK-PRIMITIVE: expected string not found in input): // CHECK-PRIMITIVE: tensor.empty() : tensor<3x4x2x5xf32>"),
    ("miscellaneous.mlir", 29, "output differs from StableHLO's (undefined variable: FLOAT_CAST): // CHECK-NEXT: linalg.yield %[[FLOAT_CAST]] : i32"),
    ("miscellaneous.mlir", 36, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[PAD:.*]] = tensor.insert_slice %{{.+}} into %{{.+}}[4, 0] [12, 4] [2, 2] : tensor<12x4xi32> into tensor<29x10xi32>"),
    ("miscellaneous.mlir", 37, "not lowered: 'stablehlo.real_dynamic_slice': real_dynamic_slice with a dynamic result shape is not supported"),
    ("miscellaneous.mlir", 38, "not lowered: 'stablehlo.real_dynamic_slice': real_dynamic_slice with a dynamic result shape is not supported"),
    ("miscellaneous.mlir", 48, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: tensor.collapse_shape %{{.*}} {{\\[}}[0, 1, 2, 3]"),
    ("miscellaneous.mlir", 49, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: tensor.collapse_shape %{{.*}} {{\\[}}[0, 1, 2, 3]"),
    ("miscellaneous.mlir", 51, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[CAST:.*]] = tensor.cast %[[FLATTEN]] : tensor<?xf32> to tensor<40xf32>"),
    ("miscellaneous.mlir", 52, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[CAST:.*]] = tensor.cast %{{.*}} : tensor<?xi32> to tensor<3xi32>"),
    ("miscellaneous.mlir", 55, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[CAST:.*]] = tensor.cast %{{.*}} : tensor<?xi32> to tensor<1xi32>"),
    ("miscellaneous.mlir", 56, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[CAST:.*]] = tensor.cast %{{.*}} : tensor<?x?xi32> to tensor<1x1xi32>"),
    ("miscellaneous.mlir", 58, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[INIT:.*]] = tensor.empty"),
    ("miscellaneous.mlir", 61, "output differs from StableHLO's (CHECK-DAG: expected string not found in input): // CHECK-DAG: #[[MAP0:.+]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)>"),
    ("miscellaneous.mlir", 62, "not lowered: 'stablehlo.set_dimension_size': set_dimension_size with a dynamic result shape is not supported"),
    ("miscellaneous.mlir", 63, "output differs from StableHLO's (CHECK-DAG: expected string not found in input): // CHECK-DAG: #[[MAP0:.+]] = affine_map<(d0, d1, d2) -> (d0)>"),
    ("miscellaneous.mlir", 64, "output differs from StableHLO's (CHECK-DAG: expected string not found in input): // CHECK-DAG: #[[MAP0:.+]] = affine_map<(d0, d1, d2) -> (d0)>"),
    ("miscellaneous.mlir", 65, "output differs from StableHLO's (CHECK-DAG: expected string not found in input): // CHECK-DAG: #[[MAP0:.+]] = affine_map<(d0) -> ()>"),
    ("miscellaneous.mlir", 66, "output differs from StableHLO's (CHECK-DAG: expected string not found in input): // CHECK-DAG: #[[MAP0:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2)>"),
    ("miscellaneous.mlir", 67, "not lowered: 'stablehlo.torch_index_select': torch_index_select with a dynamic result is not supported"),
    ("miscellaneous.mlir", 81, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[D1:.*]] = tensor.dim %arg0, %[[C1]]"),
    ("pointwise.mlir", 59, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: return %[[LHS]]"),
    ("pointwise.mlir", 74, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[FOR_RESULT:[a-zA-Z0-9_]*]]:3 = scf.for {{.*}} to %c6 step %c1"),
    ("pointwise.mlir", 84, "strata-opt fails: pointwise.84.mlir:1451:8: error: 'linalg.map' op expected shape of input (4) to match shape of output (-9223372036854775808)"),
    ("random.mlir", 1, "not lowered: 'stablehlo.rng': no lowering to linalg for this op"),
    ("random.mlir", 2, "not lowered: 'stablehlo.rng': no lowering to linalg for this op"),
    ("random.mlir", 3, "not lowered: 'stablehlo.rng': no lowering to linalg for this op"),
    ("random.mlir", 4, "not lowered: 'stablehlo.rng': no lowering to linalg for this op"),
    ("random.mlir", 5, "output differs from StableHLO's (CHECK-DAG: expected string not found in input): // CHECK-DAG: %[[VAL_28:.*]] = arith.xori %[[VAL_23]], %[[VAL_16]] : i32"),
    ("random.mlir", 6, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[DEST0:.+]] = tensor.empty() : tensor<4xi32>"),
    ("random.mlir", 7, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[DEST0:.+]] = tensor.empty() : tensor<42xi32>"),
    ("random.mlir", 8, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[DEST0:.+]] = tensor.empty() : tensor<4xi16>"),
    ("random.mlir", 9, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[DEST0:.+]] = tensor.empty() : tensor<4xi8>"),
    ("random.mlir", 10, "output differs from StableHLO's (CHECK-DAG: expected string not found in input): // CHECK-DAG: %[[VAL_1:.*]] = arith.constant -1767562579 : i32"),
    ("random.mlir", 11, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[DEST0:.+]] = tensor.empty() : tensor<2xi32>"),
    ("random.mlir", 13, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[DEST0:.+]] = tensor.empty() : tensor<20xi32>"),
    ("random.mlir", 14, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[DEST2:.+]] = tensor.empty() : tensor<8xi64>"),
    ("random.mlir", 15, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[DEST0:.+]] = tensor.empty() : tensor<2xi16>"),
    ("random.mlir", 16, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[DEST0:.+]] = tensor.empty() : tensor<2xi8>"),
    ("reduce.mlir", 8, "output differs from StableHLO's (CHECK-NEXT: expected string not found in input): // CHECK-NEXT: %[[T2:.*]] = arith.maxsi %[[OUT0]], %[[IN0]] : i32"),
    ("reduce.mlir", 10, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: stablehlo.reduce"),
    ("reduce.mlir", 22, "output differs from StableHLO's (CHECK-DAG: expected string not found in input): // CHECK-DAG: #[[MAP0:.+]] = affine_map<(d0, d1) -> ()>"),
    ("reduce.mlir", 24, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: %[[PAD:.+]] = tensor.pad %[[ARG0]] low[0, 1] high[3, 2]"),
    ("sparse.mlir", 1, "strata-opt fails: sparse.1.mlir:11:8: error: custom op 'sparse_tensor.convert' is unknown"),
    ("sparse.mlir", 2, "output differs from StableHLO's (CHECK-SAME: expected string not found in input): // CHECK-SAME: %[[ARG0:.*]]: tensor<?x?x?xf32, #sparse>, %[[ARG1:.*]]: tensor<?x?x?xf32>)"),
    ("sparse.mlir", 3, "output differs from StableHLO's (CHECK-SAME: expected string not found in input): // CHECK-SAME: ins(%{{.*}}tensor<5x4xi32, #sparse>)"),
    ("sparse.mlir", 4, "output differs from StableHLO's (CHECK-SAME: is not on the same line as the previous match): // CHECK-SAME: {someattr}"),
    ("sparse.mlir", 5, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: #sparse"),
    ("sparse.mlir", 8, "output differs from StableHLO's (CHECK-SAME: is not on the same line as the previous match): // CHECK-SAME: {someattr}"),
    ("sparse.mlir", 12, "output differs from StableHLO's (CHECK-NEXT: is not on the line after the previous match): // CHECK-NEXT: ^bb0(%[[OPERAND:.*]]: f32, %{{.*}}: f32):"),
    ("sparse.mlir", 13, "output differs from StableHLO's (CHECK: expected string not found in input): // CHECK: sparse_tensor.concatenate"),
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
                .replace(['"', '\''], "");
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
        let first = first.split(".mlir:").nth(1).map(|r| r.split_once(": ").map(|x| x.1).unwrap_or(r)).unwrap_or(first);
        return format!("strata-opt fails: {first}");
    }
    // strata-check's message names the directive that failed on the line after the error.
    let mut lines = log.lines();
    while let Some(l) = lines.next() {
        if l.contains(": error: ") {
            let what = l.split(": error: ").nth(1).unwrap_or("");
            let directive = lines.next().unwrap_or("").trim();
            return format!("output differs from StableHLO's ({what}): {directive}");
        }
    }
    "output differs from StableHLO's".to_string()
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
