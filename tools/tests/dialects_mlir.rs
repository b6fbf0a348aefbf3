//! The dialects registered from MLIR 22's ODS (arith, math, complex, cf, scf, tensor, linalg,
//! memref, bufferization, affine, vector), cross-checked byte for byte with mlir-opt-22 on every valid file of `tests/dialects/`: the
//! custom form, the generic form, and both directions of the round trip (mlir-opt-22's generic
//! form read by strata-opt, strata-opt's generic form read by mlir-opt-22, each printed in
//! custom form). Files with `expected-error` (verifier tests) are skipped. Skipped (with a
//! note) when mlir-opt-22 is not installed.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn mlir_opt() -> Option<&'static str> {
    Command::new("mlir-opt-22").arg("--version").output().ok().filter(|o| o.status.success()).map(|_| "mlir-opt-22")
}

fn files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/dialects");
    strata_ir::testing::files_under(&root, "mlir", &[])
        .into_iter()
        .filter(|p| {
            let text = std::fs::read_to_string(p).unwrap();
            !text.contains("expected-error") && !text.contains("split-input-file")
        })
        .collect()
}

/// Run `cmd args` with `stdin` (if any); the output, or the error text.
fn run(cmd: &str, args: &[&str], stdin: Option<&[u8]>) -> Result<String, String> {
    let mut c = Command::new(cmd);
    c.args(args).stdout(Stdio::piped()).stderr(Stdio::piped());
    c.stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() });
    let mut child = c.spawn().map_err(|e| e.to_string())?;
    if let Some(input) = stdin {
        child.stdin.take().unwrap().write_all(input).map_err(|e| e.to_string())?;
    }
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!("{cmd} {args:?} failed: {}", String::from_utf8_lossy(&out.stderr)));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn strata_opt_prints_the_dialects_as_mlir_opt_does() {
    let Some(mlir) = mlir_opt() else {
        eprintln!("note: mlir-opt-22 not installed: dialect cross-check skipped");
        return;
    };
    let strata = env!("CARGO_BIN_EXE_strata-opt");
    let files = files();
    assert!(files.len() >= 8, "expected the dialect test files, found {}", files.len());
    let mut failures = Vec::new();
    for f in &files {
        let path = f.to_str().unwrap();
        let custom = run(mlir, &[path], None).expect("mlir-opt-22 accepts the test file");
        let generic = run(mlir, &["--mlir-print-op-generic", path], None).unwrap();
        let checks: Vec<(&str, Result<String, String>, &String)> = vec![
            ("custom form", run(strata, &[path], None), &custom),
            ("generic form", run(strata, &["--mlir-print-op-generic", path], None), &generic),
            ("mlir-opt generic -> strata-opt", run(strata, &[], Some(generic.as_bytes())), &custom),
            (
                "strata-opt generic -> mlir-opt",
                run(strata, &["--mlir-print-op-generic", path], None).and_then(|g| run(mlir, &[], Some(g.as_bytes()))),
                &custom,
            ),
        ];
        for (what, got, want) in checks {
            match got {
                Ok(g) if &g == want => {}
                Ok(g) => {
                    let line = g.lines().zip(want.lines()).position(|(a, b)| a != b).unwrap_or(0);
                    failures.push(format!(
                        "{path}: {what}: first difference at output line {}:\n  strata: {}\n  mlir:   {}",
                        line + 1,
                        g.lines().nth(line).unwrap_or(""),
                        want.lines().nth(line).unwrap_or("")
                    ))
                }
                Err(e) => failures.push(format!("{path}: {what}: {e}")),
            }
        }
    }
    assert!(failures.is_empty(), "{} of {} checks differ:\n{}", failures.len(), files.len() * 4, failures.join("\n"));
}
