//! JIT end to end: linalg-on-tensors modules compiled with the generated schedules (and with
//! the plain pipeline), run on tensors, checked against naive Rust references.
#![cfg(feature = "mlir")]

use strata_dialects::value::{ElementType, Tensor};
use strata_lowering::{compile, BridgeError, Options};

/// Deterministic pseudo-random f32 data in [-1, 1).
fn data(n: usize, seed: u64) -> Vec<f32> {
    let mut s = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    (0..n)
        .map(|_| {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((s >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
        })
        .collect()
}

fn tensor(shape: &[i64], seed: u64) -> Tensor {
    let n = shape.iter().product::<i64>() as usize;
    Tensor::from_f32_vec(shape, data(n, seed)).unwrap()
}

fn f32s(t: &Tensor) -> &[f32] {
    t.as_f32().unwrap()
}

/// Compiles with the schedule and without; checks both against `want` within `tol` (relative to
/// max |want|).
fn check(text: &str, inputs: &[Tensor], want: &[Vec<f32>], tol: f32) {
    for schedule in [true, false] {
        let opts = Options { schedule, ..Options::default() };
        let m = compile(text, &opts).unwrap_or_else(|e| panic!("compile (schedule={schedule}): {e}"));
        if schedule {
            assert!(
                m.report().fallback.is_none(),
                "schedule fell back: {:?}\n{:#?}",
                m.report().fallback,
                m.report().plans
            );
        }
        let out = m.invoke("main", inputs).unwrap();
        assert_eq!(out.len(), want.len());
        for (o, w) in out.iter().zip(want) {
            let scale = w.iter().fold(1e-30f32, |a, &b| a.max(b.abs()));
            let got = f32s(o);
            assert_eq!(got.len(), w.len());
            for (i, (g, x)) in got.iter().zip(w).enumerate() {
                assert!(
                    (g - x).abs() <= tol * scale,
                    "schedule={schedule}: element {i}: got {g}, want {x} (scale {scale})"
                );
            }
        }
    }
}

fn matmul_ref(a: &[f32], b: &[f32], m: usize, k: usize, n: usize) -> Vec<f32> {
    let mut c = vec![0f32; m * n];
    for i in 0..m {
        for p in 0..k {
            let x = a[i * k + p];
            for j in 0..n {
                c[i * n + j] += x * b[p * n + j];
            }
        }
    }
    c
}

fn matmul_text(m: usize, k: usize, n: usize) -> String {
    format!(
        "func.func @main(%a: tensor<{m}x{k}xf32>, %b: tensor<{k}x{n}xf32>) -> tensor<{m}x{n}xf32> {{
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<{m}x{n}xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %r = linalg.matmul ins(%a, %b : tensor<{m}x{k}xf32>, tensor<{k}x{n}xf32>) outs(%f : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  return %r : tensor<{m}x{n}xf32>
}}"
    )
}

#[test]
fn matmul_shapes() {
    for (m, k, n) in [(64, 64, 64), (100, 70, 50), (1, 37, 5), (128, 256, 96)] {
        let a = tensor(&[m as i64, k as i64], 1);
        let b = tensor(&[k as i64, n as i64], 2);
        let want = matmul_ref(f32s(&a), f32s(&b), m, k, n);
        check(&matmul_text(m, k, n), &[a, b], &[want], 1e-5);
    }
}
