//! Integration and property tests of the interpreter's value layer
//! (`strata_reference::value`).

use proptest::prelude::*;
use std::path::PathBuf;
use strata_reference::value::npy::{read_header, read_npy, write_npy};
use strata_reference::value::{
    format_mlir_float, parse_mlir_float, Complex, Element, ElementType, FloatFormat, Layout, Tensor, Value, XlaShape,
};

fn conformance_jax() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/conformance/jax");
    dir.is_dir().then_some(dir)
}

/// Every `.npy` file exported by JAX reads, matches its header, and writes
/// back byte for byte (our writer produces numpy's exact header layout).
#[test]
fn conformance_npy_files_roundtrip() {
    let Some(dir) = conformance_jax() else {
        eprintln!("shared/conformance/jax not found; skipping");
        return;
    };
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("npy") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let (header, _) = read_header(&bytes).unwrap();
        let t = read_npy(&bytes, None).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(t.shape(), header.shape.as_slice(), "{}", path.display());
        assert!(t.is_normalized());
        assert_eq!(write_npy(&t), bytes, "{} does not round-trip byte for byte", path.display());
        // Printing never panics and starts the MLIR way.
        assert!(t.to_mlir_string().starts_with("dense<"));
        count += 1;
    }
    assert!(count > 0);
}

#[test]
fn typical_interpreter_flow() {
    // Build, fill, print, reshape and lay out a small tensor.
    let mut t = Tensor::zeros(ElementType::BF16, &[2, 2]).unwrap();
    for (k, idx) in t.indices().collect::<Vec<_>>().into_iter().enumerate() {
        t.set(&idx, Element::Float(1.0 + k as f64 / 3.0)).unwrap();
    }
    assert_eq!(t.to_string(), "dense<[[1.000000e+00, 1.335940e+00], [1.664060e+00, 2.000000e+00]]> : tensor<2x2xbf16>");
    let col = t.to_layout(&Layout::column_major(2)).unwrap();
    let back = Tensor::from_layout(ElementType::BF16, &[2, 2], &Layout::column_major(2), col).unwrap();
    assert!(back.bitwise_eq(&t));
    let v = Value::Tuple(vec![t.clone().into(), Value::Token]);
    assert_eq!(XlaShape::of_value(&v).to_string(), "(bf16[2,2]{1,0}, token[])");
    let r = t.reshape(&[4]).unwrap();
    assert_eq!(r.type_string(), "tensor<4xbf16>");
}

#[test]
fn elementwise_add_on_typed_storage() {
    // The storage is plain slices: an elementwise kernel is a zip.
    let n = 1024 * 1024;
    let a = Tensor::from_f32_vec(&[1024, 1024], (0..n).map(|i| i as f32).collect()).unwrap();
    let b = Tensor::from_f32_vec(&[1024, 1024], vec![0.5; n]).unwrap();
    let out: Vec<f32> = a.as_f32().unwrap().iter().zip(b.as_f32().unwrap()).map(|(x, y)| x + y).collect();
    let c = Tensor::from_f32_vec(a.shape(), out).unwrap();
    assert_eq!(c.get(&[1023, 1023]).unwrap(), Element::Float((n - 1) as f64 + 0.5));
}

fn any_element_type() -> impl Strategy<Value = ElementType> {
    let floats: Vec<ElementType> = ElementType::float_types().collect();
    prop_oneof![
        proptest::sample::select(floats),
        Just(ElementType::I1),
        Just(ElementType::Complex64),
        Just(ElementType::Complex128),
        (2u8..=64).prop_map(ElementType::SInt),
        (2u8..=64).prop_map(ElementType::UInt),
    ]
}

fn tensor_of(ty: ElementType, shape: Vec<i64>, seed: Vec<u64>) -> Tensor {
    let n: i64 = shape.iter().product();
    let bits: Vec<u64> = (0..n as usize).map(|i| seed[i % seed.len()].wrapping_mul(i as u64 + 1)).collect();
    match ty {
        ElementType::Complex64 | ElementType::Complex128 => {
            let c: Vec<Complex<f64>> =
                bits.iter().map(|&b| Complex::new(f32::from_bits(b as u32) as f64, (b >> 40) as f64)).collect();
            Tensor::from_complex(ty, &shape, &c).unwrap()
        }
        t if t.is_float() => {
            let f: Vec<f64> = bits.iter().map(|&b| f64::from_bits(b)).collect();
            Tensor::from_f64s(ty, &shape, &f).unwrap()
        }
        _ => Tensor::from_u64s(ty, &shape, &bits).unwrap(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn f32_print_parse_roundtrip(bits in any::<u32>()) {
        let x = f32::from_bits(bits);
        let text = format_mlir_float(x as f64, ElementType::F32);
        let back = parse_mlir_float(&text, ElementType::F32).unwrap();
        if x.is_nan() {
            prop_assert!(back.is_nan());
        } else {
            prop_assert_eq!((back as f32).to_bits(), bits, "{}", text);
        }
    }

    #[test]
    fn f64_print_parse_roundtrip(bits in any::<u64>()) {
        let x = f64::from_bits(bits);
        let text = format_mlir_float(x, ElementType::F64);
        let back = parse_mlir_float(&text, ElementType::F64).unwrap();
        prop_assert_eq!(back.to_bits(), bits, "{}", text);
    }

    #[test]
    fn minifloat_rounding_is_monotonic_and_idempotent(a in any::<f64>(), b in any::<f64>(), which in 0usize..16) {
        let ty = ElementType::float_types().nth(which).unwrap();
        let f = ty.float_format().unwrap();
        prop_assume!(!a.is_nan() && !b.is_nan());
        let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
        let (rl, rh) = (f.round(lo), f.round(hi));
        if !rl.is_nan() && !rh.is_nan() {
            prop_assert!(rl <= rh, "{:?}: round({}) = {} > round({}) = {}", ty, lo, rl, hi, rh);
        }
        if !rl.is_nan() {
            prop_assert_eq!(f.round(rl).to_bits(), rl.to_bits());
        }
    }

    #[test]
    fn npy_roundtrip(ty in any_element_type(), shape in proptest::collection::vec(0i64..4, 0..4), seed in proptest::collection::vec(any::<u64>(), 1..8)) {
        let t = tensor_of(ty, shape, seed);
        let back = read_npy(&write_npy(&t), Some(ty)).unwrap();
        prop_assert!(back.bitwise_eq(&t));
    }

    #[test]
    fn bytes_and_hex_roundtrip(ty in any_element_type(), shape in proptest::collection::vec(1i64..4, 0..3), seed in proptest::collection::vec(any::<u64>(), 1..8)) {
        let t = tensor_of(ty, shape.clone(), seed);
        prop_assert!(t.is_normalized());
        let back = Tensor::from_bytes(ty, &shape, &t.to_bytes()).unwrap();
        prop_assert!(back.bitwise_eq(&t));
        let hex = t.to_dense_attr_with(strata_reference::value::DenseFormat { hex_if_larger: Some(0) });
        if let Some(h) = hex.strip_prefix("dense<\"").and_then(|h| h.strip_suffix("\">")) {
            prop_assert!(Tensor::from_dense_hex(ty, &shape, h).unwrap().bitwise_eq(&t));
        }
    }

    #[test]
    fn layouts_roundtrip(shape in proptest::collection::vec(1i64..4, 1..5), perm_seed in any::<u64>()) {
        let rank = shape.len();
        let mut m2m: Vec<usize> = (0..rank).collect();
        let mut s = perm_seed;
        for i in (1..rank).rev() {
            m2m.swap(i, (s % (i as u64 + 1)) as usize);
            s /= 7;
        }
        let layout = Layout::new(m2m).unwrap();
        let t = tensor_of(ElementType::SInt(16), shape.clone(), vec![perm_seed | 1]);
        let lin = t.to_layout(&layout).unwrap();
        let back = Tensor::from_layout(ElementType::SInt(16), &shape, &layout, lin).unwrap();
        prop_assert_eq!(&back, &t);
        let text = layout.to_string();
        prop_assert_eq!(text.parse::<Layout>().unwrap(), layout);
    }

    #[test]
    fn f16_generic_codec_matches_half(bits in any::<u64>()) {
        let x = f64::from_bits(bits);
        prop_assume!(!x.is_nan());
        prop_assert_eq!(FloatFormat::F16.encode(x) as u16, half::f16::from_f64(x).to_bits());
        prop_assert_eq!(FloatFormat::BF16.encode(x) as u16, half::bf16::from_f64(x).to_bits());
    }
}
