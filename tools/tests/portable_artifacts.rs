//! StableHLO portable artifacts (VHLO bytecode), read in place from `../shared/conformance`:
//!
//! - every testdata file with a serialize RUN line round-trips: `strata-translate --serialize
//!   --target=current | strata-translate --deserialize | strata-opt` prints what `strata-opt`
//!   prints (in process: the same API the tools call; the command lines are lit tests in
//!   `tests/vhlo/`). Files whose RUN line first runs `--chlo-pre-serialization-pipeline` are
//!   run when strata-opt has that pipeline, and counted as skipped otherwise;
//! - with jaxlib (`scripts/setup_jax_venv.sh`, or `STRATA_JAX_PYTHON`): jaxlib's own artifacts
//!   (targets current and 1.0.0) of every JAX program run in `strata-run` and reproduce the
//!   expected outputs, and Strata's artifacts (same targets) read in jaxlib to the module
//!   jaxlib's own artifact gives. Without jaxlib these two tests print a note and pass;
//! - malformed artifacts (every truncation, random byte flips) end in a located error, never a
//!   panic.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use strata_ir::parser::{parse_source, ParserConfig};
use strata_ir::printer::{print_op, PrintOptions};
use strata_ir::Context;

fn context() -> Context {
    let mut ctx = Context::new();
    strata_dialects::register_all(&mut ctx);
    ctx
}

/// What `strata-opt FILE` prints (`Err`: its diagnostics).
fn opt_print(text: &str, file: &str) -> Result<String, String> {
    let mut ctx = context();
    let m = parse_source(&mut ctx, &ParserConfig::new(file), text).map_err(|_| diags(&mut ctx))?;
    strata_ir::verifier::verify(&mut ctx, m).map_err(|_| diags(&mut ctx))?;
    Ok(print_op(&ctx, m, &PrintOptions::default()))
}

fn diags(ctx: &mut Context) -> String {
    ctx.take_diagnostics().iter().map(|d| strata_ir::diagnostics::render(ctx, d)).collect()
}

/// `strata-translate --serialize --target=T FILE | strata-translate --deserialize | strata-opt`.
fn round_trip(text: &str, file: &str, target: &str) -> Result<String, String> {
    let mut ctx = context();
    let m = parse_source(&mut ctx, &ParserConfig::new(file), text).map_err(|_| diags(&mut ctx))?;
    strata_ir::verifier::verify(&mut ctx, m).map_err(|_| diags(&mut ctx))?;
    let bytes = strata_dialects::vhlo::serialize_portable_artifact(&mut ctx, m, target)?;
    let mut ctx2 = context();
    let m2 = strata_dialects::vhlo::deserialize_portable_artifact(&mut ctx2, &bytes, "<stdin>")?;
    strata_ir::verifier::verify(&mut ctx2, m2).map_err(|_| diags(&mut ctx2))?;
    // strata-opt re-reads the printed module: print, parse, print.
    let printed = print_op(&ctx2, m2, &PrintOptions::default());
    opt_print(&printed, "<stdin>")
}

fn strata_opt_has(flag: &str) -> bool {
    let out = Command::new(env!("CARGO_BIN_EXE_strata-opt")).arg("--help").output().expect("strata-opt runs");
    String::from_utf8_lossy(&out.stdout).contains(flag)
}

#[test]
fn testdata_serialize_round_trips() {
    let Some(dir) = common::suite("stablehlo/testdata") else { return };
    let chlo_pipeline = strata_opt_has("--chlo-pre-serialization-pipeline");
    let (mut passed, mut skipped, mut total) = (0, 0, 0);
    let mut failures = Vec::new();
    // Files strata-opt itself rejects: the round trip (which verifies first) gives the same
    // error, so they are listed, not failed (the verifier's own suites own them).
    let mut rejected = Vec::new();
    for path in common::mlir_files(&dir) {
        let text = std::fs::read_to_string(&path).expect("readable");
        let lines = common::run_lines(&text);
        let Some(line) = lines.iter().find(|l| l.contains("--serialize")) else { continue };
        total += 1;
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let file = path.display().to_string();
        let r = if line.starts_with("stablehlo-translate --serialize --target=current %s") {
            let want = match opt_print(&text, &file) {
                Ok(w) => w,
                Err(e) => {
                    rejected.push(format!("{name}: {}", e.lines().next().unwrap_or("")));
                    continue;
                }
            };
            round_trip(&text, &file, "current").map(|got| (got, want))
        } else if line.starts_with("stablehlo-opt --chlo-pre-serialization-pipeline %s") {
            if !chlo_pipeline {
                skipped += 1;
                continue;
            }
            let out = Command::new(env!("CARGO_BIN_EXE_strata-opt"))
                .arg("--chlo-pre-serialization-pipeline")
                .arg(&path)
                .output()
                .expect("strata-opt runs");
            if out.status.success() {
                let pre = String::from_utf8_lossy(&out.stdout).to_string();
                opt_print(&pre, "<stdin>").and_then(|want| round_trip(&pre, "<stdin>", "current").map(|g| (g, want)))
            } else {
                Err(String::from_utf8_lossy(&out.stderr).to_string())
            }
        } else {
            failures.push(format!("{name}: unrecognized serialize RUN line: {line}"));
            continue;
        };
        match r {
            Ok((got, want)) if got == want => passed += 1,
            Ok((got, want)) => {
                let at = got.lines().zip(want.lines()).position(|(a, b)| a != b).unwrap_or(0);
                let g = got.lines().nth(at).unwrap_or("");
                let w = want.lines().nth(at).unwrap_or("");
                failures.push(format!("{name}: line {}: round trip gives\n  {g}\nstrata-opt gives\n  {w}", at + 1));
            }
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    println!(
        "testdata serialize round trips: {passed} of {total} pass, {} fail, {} rejected by strata-opt itself, {skipped} skipped{}",
        failures.len(),
        rejected.len(),
        if skipped > 0 { " (they need strata-opt --chlo-pre-serialization-pipeline, not registered yet)" } else { "" }
    );
    for r in &rejected {
        println!("  rejected by strata-opt (not a round-trip failure): {r}");
    }
    assert!(total > 1000, "expected the testdata suite, found {total} files with serialize RUN lines");
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn malformed_artifacts_are_located_errors() {
    let mut ctx = context();
    let text = "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = stablehlo.exponential %a : tensor<4xf32>\n  %1 = stablehlo.compare GT, %0, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>\n  %2 = stablehlo.select %1, %0, %a : tensor<4xi1>, tensor<4xf32>\n  return %2 : tensor<4xf32>\n}\n";
    let m = parse_source(&mut ctx, &ParserConfig::new("t.mlir"), text).expect("parses");
    let bytes = strata_dialects::vhlo::serialize_portable_artifact(&mut ctx, m, "current").expect("serializes");
    let mut errors = 0;
    for n in 0..bytes.len() {
        let mut c = context();
        match strata_dialects::vhlo::deserialize_portable_artifact(&mut c, &bytes[..n], "a.mlirbc") {
            Ok(_) => {}
            Err(e) => {
                assert!(e.contains("byte offset") || e.contains("error"), "unlocated error: {e}");
                errors += 1;
            }
        }
    }
    assert!(errors > bytes.len() / 2, "truncations should fail: {errors} of {}", bytes.len());
    // Random byte flips: never a panic.
    let mut seed: u64 = 0x9e3779b97f4a7c15;
    for _ in 0..3000 {
        let mut b = bytes.clone();
        for _ in 0..3 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let i = (seed as usize) % b.len();
            b[i] = (seed >> 32) as u8;
        }
        let mut c = context();
        let _ = strata_dialects::vhlo::deserialize_portable_artifact(&mut c, &b, "a.mlirbc");
    }
}

// ----- jaxlib interop -----

fn jax_python() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("STRATA_JAX_PYTHON") {
        return Some(PathBuf::from(p));
    }
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../.venv-jax/bin/python");
    let ok = p.exists()
        && Command::new(&p)
            .arg("-c")
            .arg("import jaxlib.mlir.dialects.stablehlo")
            .output()
            .is_ok_and(|o| o.status.success());
    ok.then_some(p)
}

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/portable_jax.py")
}

fn jax_programs() -> Option<(PathBuf, Vec<String>)> {
    let dir = common::suite("jax")?;
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("readable")
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().to_str()?.strip_suffix(".mlir").map(String::from))
        .collect();
    names.sort();
    Some((dir, names))
}

fn numbered(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    (0..).map(|i| dir.join(format!("{prefix}{i}.npy"))).take_while(|p| p.exists()).collect()
}

/// Outputs must match: integers and booleans exactly, floats within the tolerance of
/// `conformance_jax.rs` (relative 1e-4 with an absolute floor of 1e-6).
fn close(got: &strata_interp::value::Tensor, want: &strata_interp::value::Tensor) -> Result<(), String> {
    use strata_interp::value::Data;
    if got.shape() != want.shape() || got.element_type() != want.element_type() {
        return Err(format!("got a {}, want a {}", got.type_string(), want.type_string()));
    }
    let f = |t: &strata_interp::value::Tensor| match t.data() {
        Data::F32(v) => Some(v.iter().map(|&x| x as f64).collect::<Vec<_>>()),
        Data::F64(v) => Some(v.clone()),
        _ => None,
    };
    match (f(got), f(want)) {
        (Some(g), Some(w)) => {
            for (i, (a, b)) in g.iter().zip(&w).enumerate() {
                if (a.is_nan() && b.is_nan()) || a == b {
                    continue;
                }
                if (a - b).abs() > 1e-4 * b.abs().max(1e-2) {
                    return Err(format!("element {i}: got {a:e}, want {b:e}"));
                }
            }
            Ok(())
        }
        _ if got.bitwise_eq(want) => Ok(()),
        _ => Err("elements differ".into()),
    }
}

#[test]
fn jaxlib_artifacts_run_in_strata() {
    let Some(py) = jax_python() else {
        println!("note: jaxlib not available (run scripts/setup_jax_venv.sh): jaxlib artifacts not tested");
        return;
    };
    let Some((dir, names)) = jax_programs() else { return };
    let tmp = std::env::temp_dir().join(format!("strata-jaxart-{}", std::process::id()));
    let mut failures = Vec::new();
    for target in ["current", "1.0.0"] {
        let out = tmp.join(target);
        std::fs::create_dir_all(&out).expect("temp dir");
        let files: Vec<PathBuf> = names.iter().map(|n| dir.join(format!("{n}.mlir"))).collect();
        let r = Command::new(&py)
            .arg(script())
            .arg("serialize")
            .arg(&out)
            .arg(target)
            .args(&files)
            .output()
            .expect("python runs");
        let log = String::from_utf8_lossy(&r.stdout).to_string();
        let mut ok = 0;
        for name in &names {
            if !log.lines().any(|l| l == format!("ok {name}")) {
                println!(
                    "{target:<8} {name:<28} not expressible at this target in jaxlib: {}",
                    log.lines().find(|l| l.contains(name.as_str())).unwrap_or("?")
                );
                continue;
            }
            let art = out.join(format!("{name}.mlirbc"));
            let od = out.join(format!("{name}.out"));
            let mut cmd = Command::new(env!("CARGO_BIN_EXE_strata-run"));
            cmd.arg(&art).arg("--output-dir").arg(&od);
            let inputs = numbered(&dir, &format!("{name}.in"));
            if !inputs.is_empty() {
                let list: Vec<String> = inputs.iter().map(|p| p.display().to_string()).collect();
                cmd.arg("--inputs").arg(list.join(","));
            }
            let o = cmd.output().expect("strata-run runs");
            if !o.status.success() {
                failures.push(format!("{target} {name}: strata-run failed: {}", String::from_utf8_lossy(&o.stderr)));
                continue;
            }
            let mut good = true;
            for (i, want) in numbered(&dir, &format!("{name}.out")).iter().enumerate() {
                let want = strata_interp::value::npy::read_npy_file(want, None).expect("expected output");
                match strata_interp::value::npy::read_npy_file(od.join(format!("out{i}.npy")), None) {
                    Ok(got) => {
                        if let Err(e) = close(&got, &want) {
                            failures.push(format!("{target} {name}: out{i}: {e}"));
                            good = false;
                        }
                    }
                    Err(e) => {
                        failures.push(format!("{target} {name}: out{i}: {e}"));
                        good = false;
                    }
                }
            }
            ok += good as usize;
        }
        println!("jaxlib artifacts (target {target}): {ok} of {} programs run in strata-run and reproduce the expected outputs", names.len());
    }
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn strata_artifacts_read_in_jaxlib() {
    let Some(py) = jax_python() else {
        println!("note: jaxlib not available (run scripts/setup_jax_venv.sh): Strata artifacts not checked in jaxlib");
        return;
    };
    let Some((dir, names)) = jax_programs() else { return };
    let tmp = std::env::temp_dir().join(format!("strata-artjax-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("temp dir");
    let mut failures = Vec::new();
    for target in ["current", "1.0.0"] {
        let mut pairs = Vec::new();
        for name in &names {
            let src = dir.join(format!("{name}.mlir"));
            let art = tmp.join(format!("{name}.{target}.mlirbc"));
            let o = Command::new(env!("CARGO_BIN_EXE_strata-translate"))
                .arg("--serialize")
                .arg(format!("--target={target}"))
                .arg(&src)
                .arg("-o")
                .arg(&art)
                .output()
                .expect("strata-translate runs");
            if !o.status.success() {
                failures
                    .push(format!("{target} {name}: strata-translate failed: {}", String::from_utf8_lossy(&o.stderr)));
                continue;
            }
            pairs.push(src);
            pairs.push(art);
        }
        let r = Command::new(&py).arg(script()).arg("compare").args(&pairs).output().expect("python runs");
        let log = String::from_utf8_lossy(&r.stdout).to_string();
        let same = log.lines().filter(|l| l.starts_with("same ")).count();
        for l in log.lines().filter(|l| l.starts_with("diff ") || l.starts_with("fail ")) {
            failures.push(format!("{target}: {l}"));
        }
        println!(
            "Strata artifacts (target {target}): {same} of {} read in jaxlib to the module of jaxlib's own artifact",
            names.len()
        );
        if same != names.len() && failures.is_empty() {
            failures.push(format!(
                "{target}: only {same} of {} compared:\n{log}{}",
                names.len(),
                String::from_utf8_lossy(&r.stderr)
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
