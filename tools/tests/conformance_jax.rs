//! JAX-exported programs (`../shared/conformance/jax`): each `NAME.mlir` run by `strata-run`
//! on its `NAME.in*.npy` inputs must reproduce `NAME.out*.npy` (what XLA CPU computed):
//! integers and booleans exactly, floats within a relative tolerance of 1e-4.
//!
//! The float comparison is `|got - want| <= 1e-4 * max(|want|, FLOOR)`: relative, with an
//! absolute floor of `1e-4 * FLOOR` near zero. Where Strata differs from XLA it is in
//! rounding, never in semantics: XLA CPU evaluates `exp`, `tanh`, `log`, `rsqrt` with fast
//! polynomial approximations (a few ulp off), fuses and reassociates reductions and dots
//! (it sums in a different order, with FMA), while Strata's interpreter computes
//! transcendentals in f64 rounded once and accumulates in index order. Values that are the
//! difference of nearly equal numbers (layernorm's centred inputs, softmax tails) carry
//! those rounding differences as a large *relative* error of a tiny number; the floor
//! keeps such values to an absolute 1e-4 * FLOOR.

use std::path::{Path, PathBuf};
use std::process::Command;

use strata_interp::value::{npy, Data, Tensor};

/// Values smaller than this in magnitude are compared with an absolute tolerance of
/// `REL_TOL * FLOOR` (see the module docs).
const FLOOR: f64 = 1e-2;
const REL_TOL: f64 = 1e-4;

fn as_f64(t: &Tensor) -> Option<Vec<f64>> {
    match t.data() {
        Data::F32(v) => Some(v.iter().map(|&x| x as f64).collect()),
        Data::F64(v) => Some(v.clone()),
        _ => None,
    }
}

/// Compares one output; `Err` describes the first mismatch.
/// `Ok((worst error as checked, worst purely relative error))`.
fn compare(got: &Tensor, want: &Tensor) -> Result<(f64, f64), String> {
    if got.shape() != want.shape() || got.element_type() != want.element_type() {
        return Err(format!("got a {}, want a {}", got.type_string(), want.type_string()));
    }
    match (as_f64(got), as_f64(want)) {
        (Some(g), Some(w)) => {
            let (mut worst, mut pure): (f64, f64) = (0.0, 0.0);
            for (i, (&a, &b)) in g.iter().zip(&w).enumerate() {
                if a.is_nan() && b.is_nan() {
                    continue;
                }
                let scale = b.abs().max(FLOOR);
                let err = if a == b { 0.0 } else { (a - b).abs() / scale };
                if err.is_nan() || err > REL_TOL {
                    return Err(format!("element {i}: got {a:e}, want {b:e} (relative error {err:e})"));
                }
                worst = worst.max(err);
                if a != b {
                    pure = pure.max((a - b).abs() / b.abs());
                }
            }
            Ok((worst, pure))
        }
        _ => {
            if got.bitwise_eq(want) {
                Ok((0.0, 0.0))
            } else {
                let i = (0..got.num_elements()).find(|&i| got.get_flat(i) != want.get_flat(i)).unwrap_or(0);
                Err(format!("element {i}: got {:?}, want {:?}", got.get_flat(i), want.get_flat(i)))
            }
        }
    }
}

fn numbered(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    (0..).map(|i| dir.join(format!("{prefix}{i}.npy"))).take_while(|p| p.exists()).collect()
}

#[test]
fn jax_programs_reproduce_xla_outputs() {
    let Some(dir) = strata_ir::testing::conformance_path(env!("CARGO_MANIFEST_DIR"), "jax") else { return };
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("readable")
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().to_str()?.strip_suffix(".mlir").map(String::from))
        .collect();
    names.sort();
    let tmp = std::env::temp_dir().join(format!("strata-jax-{}", std::process::id()));
    let mut failures = Vec::new();
    println!("{:<28} {:>8}  worst error (relative, floor {FLOOR})", "program", "result");
    for name in &names {
        let inputs = numbered(&dir, &format!("{name}.in"));
        let expected = numbered(&dir, &format!("{name}.out"));
        let out_dir = tmp.join(name);
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_strata-run"));
        cmd.arg("--interpret").arg(dir.join(format!("{name}.mlir"))).arg("--output-dir").arg(&out_dir);
        if !inputs.is_empty() {
            let list: Vec<String> = inputs.iter().map(|p| p.display().to_string()).collect();
            cmd.arg("--inputs").arg(list.join(","));
        }
        let out = cmd.output().expect("strata-run runs");
        if !out.status.success() {
            println!("{name:<28} {:>8}", "ERROR");
            failures.push(format!("{name}: strata-run failed:\n{}", String::from_utf8_lossy(&out.stderr)));
            continue;
        }
        let (mut worst, mut pure): (f64, f64) = (0.0, 0.0);
        let mut ok = true;
        for (i, want_path) in expected.iter().enumerate() {
            let want = npy::read_npy_file(want_path, None).expect("expected output readable");
            let got_path = out_dir.join(format!("out{i}.npy"));
            let got = match npy::read_npy_file(&got_path, None) {
                Ok(t) => t,
                Err(e) => {
                    failures.push(format!("{name}: out{i}.npy: {e}"));
                    ok = false;
                    continue;
                }
            };
            match compare(&got, &want) {
                Ok((w, p)) => {
                    worst = worst.max(w);
                    pure = pure.max(p);
                }
                Err(e) => {
                    failures.push(format!("{name}: out{i}: {e}"));
                    ok = false;
                }
            }
        }
        println!("{name:<28} {:>8}  {worst:.2e} (without the floor: {pure:.2e})", if ok { "ok" } else { "MISMATCH" });
    }
    let _ = std::fs::remove_dir_all(&tmp);
    println!("{} of {} programs reproduce XLA's outputs", names.len() - failures.len().min(names.len()), names.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
