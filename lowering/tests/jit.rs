//! JIT end to end: linalg-on-tensors modules compiled with the generated schedules (and with
//! the plain pipeline), run on tensors, checked against naive Rust references.
#![cfg(feature = "mlir")]

use strata_lowering::{compile, BridgeError, Options};
use strata_reference::value::{ElementType, Tensor};

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

#[test]
fn softmax_rows_fused() {
    let (m, n) = (64usize, 384usize);
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../bench/linalg/softmax_2048x1024.mlir"))
        .unwrap()
        .replace("2048x1024", &format!("{m}x{n}"))
        .replace("2048", &m.to_string());
    let x = tensor(&[m as i64, n as i64], 3);
    let xs = f32s(&x);
    let mut want = vec![0f32; m * n];
    for i in 0..m {
        let row = &xs[i * n..(i + 1) * n];
        let mx = row.iter().cloned().fold(f32::NEG_INFINITY, f32::max) as f64;
        let s: f64 = row.iter().map(|&v| (v as f64 - mx).exp()).sum();
        for j in 0..n {
            want[i * n + j] = ((row[j] as f64 - mx).exp() / s) as f32;
        }
    }
    let m_ = compile(&text, &Options::default()).unwrap();
    assert!(m_.report().plans.iter().any(|p| p.contains("ChainSink")), "{:#?}", m_.report().plans);
    check(&text, &[x], &[want], 2e-6);
}

#[test]
fn reductions_full_rows_columns() {
    let x = tensor(&[96, 256], 4);
    let xs = f32s(&x).to_vec();
    let full: f64 = xs.iter().map(|&v| v as f64).sum();
    let rows: Vec<f32> = (0..96).map(|i| xs[i * 256..(i + 1) * 256].iter().sum()).collect();
    let cols: Vec<f32> = (0..256).map(|j| (0..96).map(|i| xs[i * 256 + j]).sum()).collect();
    let text = r#"
func.func @main(%x: tensor<96x256xf32>) -> (tensor<f32>, tensor<96xf32>, tensor<256xf32>) {
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<f32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %s0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%x : tensor<96x256xf32>) outs(%f0 : tensor<f32>) {
  ^bb0(%a: f32, %b: f32):
    %r = arith.addf %b, %a : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %e1 = tensor.empty() : tensor<96xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<96xf32>) -> tensor<96xf32>
  %s1 = linalg.reduce ins(%x : tensor<96x256xf32>) outs(%f1 : tensor<96xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %r = arith.addf %a, %b : f32
      linalg.yield %r : f32
    }
  %e2 = tensor.empty() : tensor<256xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<256xf32>) -> tensor<256xf32>
  %s2 = linalg.reduce ins(%x : tensor<96x256xf32>) outs(%f2 : tensor<256xf32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %r = arith.addf %a, %b : f32
      linalg.yield %r : f32
    }
  return %s0, %s1, %s2 : tensor<f32>, tensor<96xf32>, tensor<256xf32>
}"#;
    check(text, &[x], &[vec![full as f32], rows, cols], 1e-5);
}

#[test]
fn exp_and_tanh_polynomials_are_accurate() {
    // elementwise chain with math.exp and math.tanh over a wide range, against f64
    let n = 4096usize;
    let xs: Vec<f32> = (0..n).map(|i| -90.0 + 180.0 * i as f32 / n as f32).collect();
    let x = Tensor::from_f32_vec(&[n as i64], xs.clone()).unwrap();
    let text = format!(
        r#"#id = affine_map<(d0) -> (d0)>
func.func @main(%x: tensor<{n}xf32>) -> (tensor<{n}xf32>, tensor<{n}xf32>) {{
  %e = tensor.empty() : tensor<{n}xf32>
  %a = linalg.generic {{indexing_maps = [#id, #id], iterator_types = ["parallel"]}} ins(%x : tensor<{n}xf32>) outs(%e : tensor<{n}xf32>) {{
  ^bb0(%v: f32, %o: f32):
    %r = math.exp %v : f32
    linalg.yield %r : f32
  }} -> tensor<{n}xf32>
  %b = linalg.generic {{indexing_maps = [#id, #id], iterator_types = ["parallel"]}} ins(%x : tensor<{n}xf32>) outs(%e : tensor<{n}xf32>) {{
  ^bb0(%v: f32, %o: f32):
    %s = arith.constant 0.1 : f32
    %w = arith.mulf %v, %s : f32
    %r = math.tanh %w : f32
    linalg.yield %r : f32
  }} -> tensor<{n}xf32>
  return %a, %b : tensor<{n}xf32>, tensor<{n}xf32>
}}"#
    );
    let m = compile(&text, &Options::default()).unwrap();
    let out = m.invoke("main", &[x]).unwrap();
    let (e, t) = (f32s(&out[0]), f32s(&out[1]));
    let mut worst_exp = 0f64;
    let mut worst_tanh = 0f64;
    for (i, &v) in xs.iter().enumerate() {
        let want = (v as f64).exp();
        if v > 88.8 {
            assert_eq!(e[i], f32::INFINITY, "exp({v})");
        } else if v < -87.4 {
            assert_eq!(e[i], 0.0, "exp({v})");
        } else if want > 1.2e-38 && want < 3.3e38 {
            let err = ((e[i] as f64 - want) / want).abs();
            assert!(err < 5e-7, "exp({v}) = {} (want {want})", e[i]);
            worst_exp = worst_exp.max(err);
        }
        let w = (v * 0.1f32) as f64;
        worst_tanh = worst_tanh.max((t[i] as f64 - w.tanh()).abs());
    }
    assert!(worst_exp < 5e-7, "exp relative error {worst_exp:e}");
    assert!(worst_tanh < 2e-6, "tanh absolute error {worst_tanh:e}");
}

fn conv_ref(x: &[f32], w: &[f32], h: usize, wd: usize, c: usize, f: usize) -> Vec<f32> {
    // NHWC x [1,h,wd,c], HWCF w [3,3,c,f], SAME padding, stride 1
    let mut o = vec![0f32; h * wd * f];
    for oh in 0..h {
        for ow in 0..wd {
            for kh in 0..3 {
                for kw in 0..3 {
                    let (ih, iw) = (oh as isize + kh as isize - 1, ow as isize + kw as isize - 1);
                    if ih < 0 || iw < 0 || ih >= h as isize || iw >= wd as isize {
                        continue;
                    }
                    for ci in 0..c {
                        let xv = x[(ih as usize * wd + iw as usize) * c + ci];
                        for fo in 0..f {
                            o[(oh * wd + ow) * f + fo] += xv * w[((kh * 3 + kw) * c + ci) * f + fo];
                        }
                    }
                }
            }
        }
    }
    o
}

#[test]
fn conv2d_nhwc_hwcf_same_padding() {
    for (h, wd, c, f) in [(12usize, 16usize, 16usize, 32usize), (7, 5, 3, 10)] {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../bench/linalg/conv2d_nhwc_56.mlir"))
            .unwrap()
            .replace("1x56x56x64", &format!("1x{h}x{wd}x{f}"))
            .replace("3x3x64x64", &format!("3x3x{c}x{f}"))
            .replace("1x58x58x64", &format!("1x{}x{}x{c}", h + 2, wd + 2))
            .replace("%arg0: tensor<1x".to_string().as_str(), "%arg0: tensor<1x");
        // the input has c channels, the output f
        let text = text.replacen(
            &format!("%arg0: tensor<1x{h}x{wd}x{f}xf32>"),
            &format!("%arg0: tensor<1x{h}x{wd}x{c}xf32>"),
            1,
        );
        let text = text.replacen(
            &"tensor.pad %arg0 low[0, 1, 1, 0] high[0, 1, 1, 0] {".to_string(),
            "tensor.pad %arg0 low[0, 1, 1, 0] high[0, 1, 1, 0] {",
            1,
        );
        let text = text.replacen(
            &format!("}} : tensor<1x{h}x{wd}x{f}xf32> to"),
            &format!("}} : tensor<1x{h}x{wd}x{c}xf32> to"),
            1,
        );
        let x = tensor(&[1, h as i64, wd as i64, c as i64], 5);
        let w = tensor(&[3, 3, c as i64, f as i64], 6);
        let want = conv_ref(f32s(&x), f32s(&w), h, wd, c, f);
        check(&text, &[x, w], &[want], 1e-5);
    }
}

#[test]
fn batch_matmul_and_mlp_epilogue() {
    let text = r#"
func.func @main(%a: tensor<3x20x24xf32>, %b: tensor<3x24x40xf32>) -> tensor<3x20x40xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x20x40xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x20x40xf32>) -> tensor<3x20x40xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<3x20x24xf32>, tensor<3x24x40xf32>) outs(%f : tensor<3x20x40xf32>) -> tensor<3x20x40xf32>
  return %r : tensor<3x20x40xf32>
}"#;
    let a = tensor(&[3, 20, 24], 7);
    let b = tensor(&[3, 24, 40], 8);
    let mut want = Vec::new();
    for i in 0..3 {
        want.extend(matmul_ref(&f32s(&a)[i * 480..(i + 1) * 480], &f32s(&b)[i * 960..(i + 1) * 960], 20, 24, 40));
    }
    check(text, &[a, b], &[want], 1e-5);
    // the bench's MLP at a small size
    let mlp = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../bench/linalg/mlp_256.mlir"))
        .unwrap()
        .replace("256x1024", "16x48")
        .replace("1024x2048", "48x40")
        .replace("2048x1024", "40x48")
        .replace("256x2048", "16x40")
        .replace("tensor<2048xf32>", "tensor<40xf32>");
    let x = tensor(&[16, 48], 9);
    let w1 = tensor(&[48, 40], 10);
    let b1 = tensor(&[40], 11);
    let w2 = tensor(&[40, 48], 12);
    let mut h = matmul_ref(f32s(&x), f32s(&w1), 16, 48, 40);
    for i in 0..16 {
        for j in 0..40 {
            h[i * 40 + j] = (h[i * 40 + j] + f32s(&b1)[j]).max(0.0);
        }
    }
    let want = matmul_ref(&h, f32s(&w2), 16, 40, 48);
    check(&mlp, &[x, w1, b1, w2], &[want], 1e-5);
}

#[test]
fn element_types() {
    // f64 matmul, integer arithmetic, i1 results, f16/bf16 and complex elementwise
    let text = r#"
#id = affine_map<(d0) -> (d0)>
func.func @f64mm(%a: tensor<5x7xf64>, %b: tensor<7x3xf64>) -> tensor<5x3xf64> {
  %z = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<5x3xf64>
  %f = linalg.fill ins(%z : f64) outs(%e : tensor<5x3xf64>) -> tensor<5x3xf64>
  %r = linalg.matmul ins(%a, %b : tensor<5x7xf64>, tensor<7x3xf64>) outs(%f : tensor<5x3xf64>) -> tensor<5x3xf64>
  return %r : tensor<5x3xf64>
}
func.func @ints(%a: tensor<6xi8>, %b: tensor<6xi16>, %c: tensor<6xi64>, %u: tensor<6xui32>) -> (tensor<6xi64>, tensor<6xi1>, tensor<6xui32>) {
  %e = tensor.empty() : tensor<6xi64>
  %e1 = tensor.empty() : tensor<6xi1>
  %r:2 = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id], iterator_types = ["parallel"]} ins(%a, %b, %c : tensor<6xi8>, tensor<6xi16>, tensor<6xi64>) outs(%e, %e1 : tensor<6xi64>, tensor<6xi1>) {
  ^bb0(%x: i8, %y: i16, %z: i64, %o: i64, %o1: i1):
    %x1 = arith.extsi %x : i8 to i64
    %y1 = arith.extsi %y : i16 to i64
    %s = arith.muli %x1, %y1 : i64
    %t = arith.addi %s, %z : i64
    %c0 = arith.constant 0 : i64
    %n = arith.cmpi slt, %t, %c0 : i64
    linalg.yield %t, %n : i64, i1
  } -> (tensor<6xi64>, tensor<6xi1>)
  return %r#0, %r#1, %u : tensor<6xi64>, tensor<6xi1>, tensor<6xui32>
}
func.func @halfs(%a: tensor<4xf16>, %b: tensor<4xbf16>) -> (tensor<4xf16>, tensor<4xbf16>) {
  %e = tensor.empty() : tensor<4xf16>
  %e2 = tensor.empty() : tensor<4xbf16>
  %r:2 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%a, %b : tensor<4xf16>, tensor<4xbf16>) outs(%e, %e2 : tensor<4xf16>, tensor<4xbf16>) {
  ^bb0(%x: f16, %y: bf16, %o: f16, %o2: bf16):
    %s = arith.addf %x, %x : f16
    %t = arith.mulf %y, %y : bf16
    linalg.yield %s, %t : f16, bf16
  } -> (tensor<4xf16>, tensor<4xbf16>)
  return %r#0, %r#1 : tensor<4xf16>, tensor<4xbf16>
}
func.func @cplx(%a: tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>> {
  %e = tensor.empty() : tensor<3xcomplex<f32>>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<3xcomplex<f32>>) outs(%e : tensor<3xcomplex<f32>>) {
  ^bb0(%x: complex<f32>, %o: complex<f32>):
    %m = complex.mul %x, %x : complex<f32>
    linalg.yield %m : complex<f32>
  } -> tensor<3xcomplex<f32>>
  return %r : tensor<3xcomplex<f32>>
}"#;
    let m = compile(text, &Options::default()).unwrap();
    let a: Vec<f64> = (0..35).map(|i| i as f64 * 0.25 - 3.0).collect();
    let b: Vec<f64> = (0..21).map(|i| 1.5 - i as f64 * 0.125).collect();
    let out = m
        .invoke(
            "f64mm",
            &[
                Tensor::from_f64s(ElementType::F64, &[5, 7], &a).unwrap(),
                Tensor::from_f64s(ElementType::F64, &[7, 3], &b).unwrap(),
            ],
        )
        .unwrap();
    let got = out[0].as_f64().unwrap();
    for i in 0..5 {
        for j in 0..3 {
            let w: f64 = (0..7).map(|k| a[i * 7 + k] * b[k * 3 + j]).sum();
            assert!((got[i * 3 + j] - w).abs() < 1e-12);
        }
    }
    let out = m
        .invoke(
            "ints",
            &[
                Tensor::from_i64s(ElementType::SInt(8), &[6], &[-128, 127, 3, -4, 0, 9]).unwrap(),
                Tensor::from_i64s(ElementType::SInt(16), &[6], &[300, -2, 1000, 7, 5, -32768]).unwrap(),
                Tensor::from_i64s(ElementType::SInt(64), &[6], &[1, 2, 3, i64::MAX / 2, -5, 6]).unwrap(),
                Tensor::from_u64s(ElementType::UInt(32), &[6], &[0, 1, u32::MAX as u64, 7, 8, 9]).unwrap(),
            ],
        )
        .unwrap();
    let want: Vec<i64> = vec![-128 * 300 + 1, -254 + 2, 3003, -28 + i64::MAX / 2, -5, 9 * -32768 + 6];
    assert_eq!(out[0].as_i64().unwrap(), want.as_slice());
    assert_eq!(out[1].as_bool().unwrap(), want.iter().map(|&v| v < 0).collect::<Vec<_>>().as_slice());
    assert_eq!(out[2].as_u64().unwrap(), &[0, 1, u32::MAX as u64, 7, 8, 9]);
    let out = m
        .invoke(
            "halfs",
            &[
                Tensor::from_f64s(ElementType::F16, &[4], &[1.5, -2.0, 0.099976, 1000.0]).unwrap(),
                Tensor::from_f64s(ElementType::BF16, &[4], &[1.5, -3.0, 0.5, 16.0]).unwrap(),
            ],
        )
        .unwrap();
    assert_eq!(out[0], Tensor::from_f64s(ElementType::F16, &[4], &[3.0, -4.0, 0.199951, 2000.0]).unwrap());
    assert_eq!(out[1], Tensor::from_f64s(ElementType::BF16, &[4], &[2.25, 9.0, 0.25, 256.0]).unwrap());
    use strata_reference::value::Complex;
    let c = Tensor::from_complex(
        ElementType::Complex64,
        &[3],
        &[Complex::new(1.0, 2.0), Complex::new(0.0, -1.0), Complex::new(3.0, 0.5)],
    )
    .unwrap();
    let out = m.invoke("cplx", &[c]).unwrap();
    let want = Tensor::from_complex(
        ElementType::Complex64,
        &[3],
        &[Complex::new(-3.0, 4.0), Complex::new(-1.0, 0.0), Complex::new(8.75, 3.0)],
    )
    .unwrap();
    assert_eq!(out[0], want);
}

#[test]
fn errors_are_clear_and_never_crash() {
    let o = Options::default();
    let e = compile("func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {", &o).err().unwrap();
    assert!(matches!(e, BridgeError::Parse(_)), "{e}");
    let e = compile("func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> { %0 = \"foo.bar\"(%a) : (tensor<4xf32>) -> tensor<4xf32>\n return %0 : tensor<4xf32> }", &o)
        .err()
        .unwrap();
    assert!(matches!(e, BridgeError::Parse(_)) && e.to_string().contains("unregistered dialect"), "{e}");
    // a module that verifies but does not lower (a tensor op with no bufferization)
    let text = "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %c = arith.constant 0 : index\n  %d = tensor.dim %a, %c : tensor<4xf32>\n  %g = tensor.generate %d {\n  ^bb0(%i: index):\n    %s = tensor.extract %a[%i] : tensor<4xf32>\n    tensor.yield %s : f32\n  } : tensor<?xf32>\n  %r = tensor.cast %g : tensor<?xf32> to tensor<4xf32>\n  return %r : tensor<4xf32>\n}";
    match compile(text, &o) {
        Ok(m) => {
            let t = Tensor::from_f32_vec(&[4], vec![1.0, 2.0, 3.0, 4.0]).unwrap();
            assert_eq!(f32s(&m.invoke("main", &[t]).unwrap()[0]), &[1.0, 2.0, 3.0, 4.0]);
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    let m = compile(&matmul_text(4, 4, 4), &o).unwrap();
    let e = m.invoke("nope", &[]).err().unwrap().to_string();
    assert!(e.contains("no callable function @nope") && e.contains("main"), "{e}");
    let e = m.invoke("main", &[tensor(&[4, 4], 1)]).err().unwrap().to_string();
    assert!(e.contains("takes 2 arguments"), "{e}");
    let e = m.invoke("main", &[tensor(&[4, 4], 1), tensor(&[4, 5], 1)]).err().unwrap().to_string();
    assert!(e.contains("argument #1"), "{e}");
    // dynamic shapes are not callable, with a reason
    let m = compile("func.func @d(%a: tensor<?xf32>) -> tensor<?xf32> { return %a : tensor<?xf32> }", &o).unwrap();
    assert!(m.signature("d").is_none());
}

#[test]
fn compiled_modules_are_cached_by_content() {
    let o = Options::default();
    let text = matmul_text(8, 8, 8);
    let a = compile(&text, &o).unwrap();
    let n = strata_lowering::bridge::cache_len();
    let b = compile(&text, &o).unwrap();
    assert_eq!(strata_lowering::bridge::cache_len(), n);
    assert!(std::ptr::eq(a.report(), b.report()));
    let c = compile(&text, &Options { schedule: false, ..o }).unwrap();
    assert!(!std::ptr::eq(a.report(), c.report()));
}

#[test]
fn schedules_for_every_isa_are_correct_here() {
    // AVX2 and baseline tiles run on any x86-64 host with AVX2 (the AVX-512 ones only where the
    // host has it, which Options::default() detects)
    use strata_lowering::cpu::Isa;
    let host = Isa::host();
    for isa in [Isa::Avx2, Isa::Baseline, Isa::Avx512] {
        if isa == Isa::Avx512 && host != Isa::Avx512 || isa == Isa::Avx2 && host == Isa::Baseline {
            continue;
        }
        let opts = Options { isa: Some(isa), ..Options::default() };
        let (m, k, n) = (45usize, 33usize, 70usize);
        let a = tensor(&[m as i64, k as i64], 13);
        let b = tensor(&[k as i64, n as i64], 14);
        let want = matmul_ref(f32s(&a), f32s(&b), m, k, n);
        let cm = compile(&matmul_text(m, k, n), &opts).unwrap();
        assert!(cm.report().fallback.is_none(), "{isa:?}: {:?}", cm.report().fallback);
        let got = cm.invoke("main", &[a, b]).unwrap();
        for (g, w) in f32s(&got[0]).iter().zip(&want) {
            assert!((g - w).abs() < 1e-4, "{isa:?}: {g} vs {w}");
        }
    }
}

#[test]
fn ragged_shapes_elementwise_reductions_softmax() {
    // shapes no vector chunk divides: masked vectors, scalar tails, unfused chains
    for (m, n) in [(37usize, 1000usize), (5, 70), (3, 7)] {
        let text =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../bench/linalg/softmax_2048x1024.mlir"))
                .unwrap()
                .replace("2048x1024", &format!("{m}x{n}"))
                .replace("2048", &m.to_string());
        let x = tensor(&[m as i64, n as i64], 15);
        let xs = f32s(&x);
        let mut want = vec![0f32; m * n];
        for i in 0..m {
            let row = &xs[i * n..(i + 1) * n];
            let mx = row.iter().cloned().fold(f32::NEG_INFINITY, f32::max) as f64;
            let s: f64 = row.iter().map(|&v| (v as f64 - mx).exp()).sum();
            for j in 0..n {
                want[i * n + j] = ((row[j] as f64 - mx).exp() / s) as f32;
            }
        }
        check(&text, &[x], &[want], 2e-6);
        let ew = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../bench/linalg/elementwise_4096.mlir"))
            .unwrap()
            .replace("4096x4096", &format!("{m}x{n}"));
        let (a, b, c) =
            (tensor(&[m as i64, n as i64], 16), tensor(&[m as i64, n as i64], 17), tensor(&[m as i64, n as i64], 18));
        let want: Vec<f32> = (0..m * n)
            .map(|i| {
                let (x, y, z) = (f32s(&a)[i] as f64, f32s(&b)[i] as f64, f32s(&c)[i] as f64);
                ((x * y + z).tanh() - x.exp()) as f32
            })
            .collect();
        check(&ew, &[a, b, c], &[want], 3e-6);
    }
}
