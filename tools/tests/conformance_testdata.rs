//! StableHLO's JAX-generated testdata (`../shared/conformance/stablehlo/testdata`, read in
//! place): every program with an interpret RUN line (`... | stablehlo-translate --interpret`,
//! `stablehlo-translate --interpret -split-input-file %s`) runs under `strata-run --interpret`
//! and must pass its inline checks. RUN-DISABLED lines are StableHLO's own exclusions and are
//! not run. `-inline` and `--chlo-pre-serialization-pipeline` need no equivalent: the
//! interpreter calls functions and runs CHLO ops directly.
//!
//! The test prints a table per folder and for the quantized and complex programs, and fails
//! when a program outside [`KNOWN_FAILING`] fails (each entry has its reason); known failures
//! that pass now are listed so the list shrinks.

mod common;

use std::collections::BTreeMap;

/// Programs expected to fail, with the reason (relative to the testdata folder).
const KNOWN_FAILING: &[(&str, &str)] = &[
    ("acos_complex64_20_20_chlo.mlir", "chlo.acosh: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("acosh_bfloat16_20_20_chlo.mlir", "chlo.acosh: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("acosh_complex64_20_20_chlo.mlir", "chlo.acosh: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("acosh_float32_20_20_chlo.mlir", "chlo.acosh: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("asin_complex128_20_20_chlo.mlir", "chlo.asin: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("asin_float16_20_20_chlo.mlir", "chlo.asin: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("asin_float64_20_20_chlo.mlir", "chlo.asin: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("asinh_complex128_20_20_chlo.mlir", "chlo.asinh: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("asinh_float16_20_20_chlo.mlir", "chlo.asinh: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("asinh_float64_20_20_chlo.mlir", "chlo.asinh: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("atan_complex128_20_20_chlo.mlir", "chlo.atan: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("atan_float16_20_20_chlo.mlir", "chlo.atan: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("atan_float64_20_20_chlo.mlir", "chlo.atan: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("atanh_complex128_20_20_chlo.mlir", "chlo.atanh: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("atanh_float16_20_20_chlo.mlir", "chlo.atanh: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("atanh_float64_20_20_chlo.mlir", "chlo.atanh: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("bessel_i1e_float16_20_20_chlo.mlir", "chlo.bessel_i1e: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("bessel_i1e_float64_20_20_chlo.mlir", "chlo.bessel_i1e: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("cosh_bfloat16_20_20_chlo.mlir", "chlo.cosh: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("cosh_complex64_20_20_chlo.mlir", "chlo.cosh: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("cosh_float32_20_20_chlo.mlir", "chlo.cosh: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("digamma_bfloat16_20_20_chlo.mlir", "chlo.digamma: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("digamma_float32_20_20_chlo.mlir", "chlo.digamma: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("erf_float16_20_20_chlo.mlir", "chlo.erf: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("erf_float64_20_20_chlo.mlir", "chlo.erf: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("erf_inv_float16_20_20_chlo.mlir", "chlo.erf_inv: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("erf_inv_float64_20_20_chlo.mlir", "chlo.erf_inv: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("erfc_float16_20_20_chlo.mlir", "chlo.erfc: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("erfc_float64_20_20_chlo.mlir", "chlo.erfc: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    (
        "igamma_bfloat16_20_20_bfloat16_20_20_chlo.mlir",
        "chlo.lgamma: chlo-legalize-to-stablehlo is not built yet (issue 10)",
    ),
    (
        "igamma_float32_1_20_float32_20_20_chlo.mlir",
        "chlo.lgamma: chlo-legalize-to-stablehlo is not built yet (issue 10)",
    ),
    (
        "igamma_float32_20_20_float32_20_20_chlo.mlir",
        "chlo.lgamma: chlo-legalize-to-stablehlo is not built yet (issue 10)",
    ),
    (
        "igammac_bfloat16_20_20_bfloat16_20_20_chlo.mlir",
        "chlo.lgamma: chlo-legalize-to-stablehlo is not built yet (issue 10)",
    ),
    (
        "igammac_float32_1_20_float32_20_20_chlo.mlir",
        "chlo.lgamma: chlo-legalize-to-stablehlo is not built yet (issue 10)",
    ),
    (
        "igammac_float32_20_20_float32_20_20_chlo.mlir",
        "chlo.lgamma: chlo-legalize-to-stablehlo is not built yet (issue 10)",
    ),
    ("lgamma_bfloat16_20_20_chlo.mlir", "chlo.lgamma: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("lgamma_float32_20_20_chlo.mlir", "chlo.lgamma: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    (
        "nextafter_bfloat16_20_20_bfloat16_20_20_chlo.mlir",
        "chlo.next_after: chlo-legalize-to-stablehlo is not built yet (issue 10)",
    ),
    (
        "nextafter_float32_1_20_float32_20_20_chlo.mlir",
        "chlo.next_after: chlo-legalize-to-stablehlo is not built yet (issue 10)",
    ),
    (
        "nextafter_float32_20_20_float32_20_20_chlo.mlir",
        "chlo.next_after: chlo-legalize-to-stablehlo is not built yet (issue 10)",
    ),
    ("random_gamma_float32_3_chlo.mlir", "chlo.erf_inv: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("random_gamma_float64_3_chlo.mlir", "chlo.erf_inv: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    (
        "regularized_incomplete_beta_float16_9_float16_9_float16_9_chlo.mlir",
        "chlo.lgamma: chlo-legalize-to-stablehlo is not built yet (issue 10)",
    ),
    (
        "regularized_incomplete_beta_float64_9_float64_9_float64_9_chlo.mlir",
        "chlo.lgamma: chlo-legalize-to-stablehlo is not built yet (issue 10)",
    ),
    ("sinh_complex128_20_20_chlo.mlir", "chlo.sinh: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("sinh_float16_20_20_chlo.mlir", "chlo.sinh: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("sinh_float64_20_20_chlo.mlir", "chlo.sinh: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("tan_bfloat16_20_20_chlo.mlir", "chlo.tan: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("tan_float32_20_20_chlo.mlir", "chlo.tan: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("top_k_bfloat16_5_3_chlo.mlir", "chlo.top_k: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("top_k_float16_5_3_chlo.mlir", "chlo.top_k: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("top_k_int16_5_3_chlo.mlir", "chlo.top_k: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("top_k_int32_6_chlo.mlir", "chlo.top_k: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("top_k_int8_5_3_chlo.mlir", "chlo.top_k: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("top_k_uint32_5_3_chlo.mlir", "chlo.top_k: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
    ("top_k_uint8_5_3_chlo.mlir", "chlo.top_k: chlo-legalize-to-stablehlo is not built yet (issue 10)"),
];

#[derive(Default, Clone, Copy)]
struct Tally {
    passed: usize,
    total: usize,
}

impl Tally {
    fn add(&mut self, ok: bool) {
        self.total += 1;
        self.passed += ok as usize;
    }
    fn pct(&self) -> f64 {
        if self.total == 0 {
            100.0
        } else {
            100.0 * self.passed as f64 / self.total as f64
        }
    }
}

#[test]
fn stablehlo_testdata_interpret() {
    let Some(dir) = common::suite("stablehlo/testdata") else { return };
    let files = common::mlir_files(&dir);
    assert!(files.len() > 1000, "expected the testdata programs in {}", dir.display());
    let mut per_folder: BTreeMap<String, Tally> = BTreeMap::new();
    let (mut all, mut quantized, mut complex) = (Tally::default(), Tally::default(), Tally::default());
    let mut unexpected = Vec::new();
    let mut known_seen = Vec::new();
    let mut now_passing = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(&dir).unwrap().to_string_lossy().replace('\\', "/");
        let text = std::fs::read_to_string(f).expect("readable");
        let Some(run) = common::run_lines(&text).into_iter().find(|l| l.contains("--interpret")) else { continue };
        let split = run.contains("split-input-file");
        let chunks = common::interpret(f, split);
        let ok = chunks.iter().all(|c| c.ok);
        let folder = rel.rsplit_once('/').map_or(".".to_string(), |(d, _)| d.to_string());
        per_folder.entry(folder).or_default().add(ok);
        all.add(ok);
        if rel.starts_with("quantized/") || rel.contains("_qi8") || text.contains("!quant.uniform") {
            quantized.add(ok);
        }
        if rel.contains("complex") {
            complex.add(ok);
        }
        let known = KNOWN_FAILING.iter().find(|(k, _)| *k == rel);
        match (ok, known) {
            (true, Some(_)) => now_passing.push(rel.clone()),
            (true, None) => {}
            (false, Some((_, why))) => known_seen.push(format!("{rel}: {why}")),
            (false, None) => {
                let log = chunks.iter().filter(|c| !c.ok).map(|c| c.log.clone()).collect::<Vec<_>>().join("\n");
                let first: String = log.lines().take(4).collect::<Vec<_>>().join("\n    ");
                unexpected.push(format!("{rel}:\n    {first}"));
            }
        }
    }
    println!("{:<24} {:>12} {:>8}", "folder", "passed", "%");
    for (d, t) in &per_folder {
        println!("{d:<24} {:>5}/{:<6} {:>7.1}%", t.passed, t.total, t.pct());
    }
    for (name, t) in [("quantized programs", quantized), ("complex programs", complex), ("ALL", all)] {
        println!("{name:<24} {:>5}/{:<6} {:>7.1}%", t.passed, t.total, t.pct());
    }
    println!("\nknown failures ({}):", known_seen.len());
    for k in &known_seen {
        println!("  {k}");
    }
    if !now_passing.is_empty() {
        println!("\nlisted as failing but passing now (remove from KNOWN_FAILING): {now_passing:#?}");
    }
    assert!(unexpected.is_empty(), "{} unexpected failure(s):\n{}", unexpected.len(), unexpected.join("\n"));
}
