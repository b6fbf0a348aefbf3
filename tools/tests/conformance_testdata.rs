//! StableHLO's JAX-generated testdata (`../shared/conformance/stablehlo/testdata`, read in
//! place): every program with an interpret RUN line (`... | stablehlo-translate --interpret`,
//! `stablehlo-translate --interpret -split-input-file %s`) runs under `strata-run --interpret`
//! and must pass its inline checks. RUN-DISABLED lines are StableHLO's own exclusions and are
//! not run. `-inline` and `--chlo-pre-serialization-pipeline` need no equivalent: the
//! interpreter calls functions and runs each CHLO op by its StableHLO decomposition (the
//! `chlo-legalize-to-stablehlo` pass's).
//!
//! The test prints a table per folder and for the quantized and complex programs, and fails
//! when a program outside [`KNOWN_FAILING`] fails (each entry has its reason); known failures
//! that pass now are listed so the list shrinks.

mod common;

use std::collections::BTreeMap;

/// Programs expected to fail, with the reason (relative to the testdata folder).
const KNOWN_FAILING: &[(&str, &str)] = &[];

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

/// The programs that use chlo, legalized by `strata-opt --chlo-legalize-to-stablehlo` first (as
/// StableHLO's RUN lines do with `stablehlo-opt --chlo-pre-serialization-pipeline`): no chlo op
/// is left, and the StableHLO program passes its checks.
#[test]
fn stablehlo_testdata_chlo_legalized() {
    let Some(dir) = common::suite("stablehlo/testdata") else { return };
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    for f in common::mlir_files(&dir) {
        let text = std::fs::read_to_string(&f).expect("readable");
        if !text.contains("chlo.") {
            continue;
        }
        let Some(run) = common::run_lines(&text).into_iter().find(|l| l.contains("--interpret")) else { continue };
        let rel = f.strip_prefix(&dir).unwrap().to_string_lossy().replace('\\', "/");
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_strata-opt"))
            .arg("--chlo-legalize-to-stablehlo")
            .arg(&f)
            .output()
            .expect("strata-opt runs");
        let legalized = String::from_utf8_lossy(&out.stdout).to_string();
        if !out.status.success() || legalized.contains("chlo.") {
            tally.add(false);
            failures.push(format!("{rel}: not legalized: {}", String::from_utf8_lossy(&out.stderr)));
            continue;
        }
        let tmp =
            std::env::temp_dir().join(format!("strata-testdata-chlo-{}-{}", std::process::id(), rel.replace('/', "_")));
        std::fs::write(&tmp, legalized).expect("temp file written");
        let chunks = common::interpret(&tmp, run.contains("split-input-file"));
        let _ = std::fs::remove_file(&tmp);
        let ok = chunks.iter().all(|c| c.ok);
        tally.add(ok);
        if !ok {
            let log = chunks.iter().filter(|c| !c.ok).map(|c| c.log.clone()).collect::<Vec<_>>().join("\n");
            failures.push(format!("{rel}:\n    {}", log.lines().take(4).collect::<Vec<_>>().join("\n    ")));
        }
    }
    println!("chlo programs legalized and interpreted: {}/{} ({:.1}%)", tally.passed, tally.total, tally.pct());
    assert!(tally.total >= 50, "expected the chlo programs of the testdata, found {}", tally.total);
    assert!(failures.is_empty(), "{} failure(s):\n{}", failures.len(), failures.join("\n"));
}
