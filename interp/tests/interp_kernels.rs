//! Tests of the reference interpreter's kernels (`strata_dialects::interp`)
//! and of its dispatch layer on IR built with the Context API.

use strata_interp::eval::{dense_attr_from_tensor, tensor_from_dense_attr, Interpreter};
use strata_interp::kernels::*;
use strata_interp::value::{Complex, Data, ElementType as E, Tensor, Value};
use strata_interp::{InterpError, KResult};

fn f32s(shape: &[i64], v: &[f32]) -> Tensor {
    Tensor::from_f32_vec(shape, v.to_vec()).unwrap()
}
fn f64s(shape: &[i64], v: &[f64]) -> Tensor {
    Tensor::from_f64s(E::F64, shape, v).unwrap()
}
fn ints(ty: E, shape: &[i64], v: &[i64]) -> Tensor {
    Tensor::from_i64s(ty, shape, v).unwrap()
}
fn i64s(t: &Tensor) -> Vec<i64> {
    match t.data() {
        Data::I64(v) => v.clone(),
        Data::U64(v) => v.iter().map(|&x| x as i64).collect(),
        Data::Bool(v) => v.iter().map(|&b| b as i64).collect(),
        d => panic!("not integers: {d:?}"),
    }
}
fn fl(t: &Tensor) -> Vec<f64> {
    match t.data() {
        Data::F32(v) => v.iter().map(|&x| x as f64).collect(),
        Data::F64(v) => v.clone(),
        d => panic!("not floats: {d:?}"),
    }
}
fn bools(t: &Tensor) -> Vec<bool> {
    t.as_bool().unwrap().to_vec()
}
fn add_body(args: &[Tensor]) -> KResult<Vec<Tensor>> {
    Ok(vec![binary(BinaryOp::Add, &args[0], &args[1])?])
}

// ----- elementwise -----

#[test]
fn float_arith_nan_and_signed_zero() {
    let a = f32s(&[4], &[1.0, f32::NAN, 0.0, -0.0]);
    let b = f32s(&[4], &[2.0, 1.0, -0.0, 0.0]);
    let mx = binary(BinaryOp::Max, &a, &b).unwrap();
    let mn = binary(BinaryOp::Min, &a, &b).unwrap();
    let mxv = fl(&mx);
    assert_eq!(mxv[0], 2.0);
    assert!(mxv[1].is_nan());
    assert!(mxv[2] == 0.0 && mxv[2].is_sign_positive() && mxv[3].is_sign_positive());
    let mnv = fl(&mn);
    assert!(mnv[1].is_nan());
    assert!(mnv[2].is_sign_negative() && mnv[3].is_sign_negative());
    let s = binary(BinaryOp::Add, &a, &b).unwrap();
    assert_eq!(fl(&s)[0], 3.0);
    // remainder has the sign of the dividend
    let r = binary(BinaryOp::Rem, &f32s(&[2], &[-7.5, 7.5]), &f32s(&[2], &[2.0, -2.0])).unwrap();
    assert_eq!(fl(&r), vec![-1.5, 1.5]);
}

#[test]
fn integer_division_edge_cases() {
    let t = E::SInt(32);
    let a = ints(t, &[4], &[7, -7, i32::MIN as i64, 5]);
    let b = ints(t, &[4], &[0, 2, -1, 0]);
    assert_eq!(i64s(&binary(BinaryOp::Div, &a, &b).unwrap()), vec![-1, -3, i32::MIN as i64, -1]);
    assert_eq!(i64s(&binary(BinaryOp::Rem, &a, &b).unwrap()), vec![7, -1, 0, 5]);
    let u = E::UInt(8);
    let q = binary(BinaryOp::Div, &ints(u, &[2], &[9, 9]), &ints(u, &[2], &[0, 2])).unwrap();
    assert_eq!(i64s(&q), vec![255, 4]);
    // overflow wraps
    let w = binary(BinaryOp::Add, &ints(E::SInt(8), &[1], &[127]), &ints(E::SInt(8), &[1], &[1])).unwrap();
    assert_eq!(i64s(&w), vec![-128]);
}

#[test]
fn shifts_by_large_amounts() {
    let t = E::SInt(8);
    let x = ints(t, &[4], &[-16, -16, 1, -1]);
    let s = ints(t, &[4], &[2, 8, 9, -1]);
    assert_eq!(i64s(&binary(BinaryOp::ShiftLeft, &x, &s).unwrap()), vec![-64, 0, 0, 0]);
    assert_eq!(i64s(&binary(BinaryOp::ShiftRightLogical, &x, &s).unwrap()), vec![60, 0, 0, 0]);
    assert_eq!(i64s(&binary(BinaryOp::ShiftRightArithmetic, &x, &s).unwrap()), vec![-4, -1, 0, -1]);
    let u = E::UInt(16);
    let y = ints(u, &[2], &[0x8000, 1]);
    assert_eq!(i64s(&binary(BinaryOp::ShiftRightArithmetic, &y, &ints(u, &[2], &[15, 16])).unwrap()), vec![0xFFFF, 0]);
}

#[test]
fn integer_power_and_bit_counts() {
    let t = E::SInt(32);
    let p = binary(BinaryOp::Pow, &ints(t, &[5], &[2, -1, -1, 2, 3]), &ints(t, &[5], &[10, -3, -2, -1, 0])).unwrap();
    assert_eq!(i64s(&p), vec![1024, -1, 1, 0, 1]);
    let x = ints(E::SInt(8), &[3], &[-1, 1, 0]);
    assert_eq!(i64s(&unary(UnaryOp::Popcnt, &x).unwrap()), vec![8, 1, 0]);
    assert_eq!(i64s(&unary(UnaryOp::CountLeadingZeros, &x).unwrap()), vec![0, 7, 8]);
    assert_eq!(i64s(&unary(UnaryOp::Abs, &ints(E::SInt(8), &[1], &[-128])).unwrap()), vec![-128]);
    assert_eq!(i64s(&unary(UnaryOp::Not, &ints(E::UInt(4), &[1], &[5])).unwrap()), vec![10]);
}

#[test]
fn float_unary_ops() {
    let x = f32s(&[5], &[2.5, -2.5, 0.5, -0.0, f32::NAN]);
    assert_eq!(fl(&unary(UnaryOp::RoundNearestEven, &x).unwrap())[..3], [2.0, -2.0, 0.0]);
    assert_eq!(fl(&unary(UnaryOp::RoundNearestAfz, &x).unwrap())[..3], [3.0, -3.0, 1.0]);
    let s = fl(&unary(UnaryOp::Sign, &x).unwrap());
    assert_eq!(s[..3], [1.0, -1.0, 1.0]);
    assert!(s[3] == 0.0 && s[3].is_sign_negative() && s[4].is_nan());
    assert_eq!(
        bools(&unary(UnaryOp::IsFinite, &f32s(&[3], &[1.0, f32::INFINITY, f32::NAN])).unwrap()),
        [true, false, false]
    );
    let l = fl(&unary(UnaryOp::Logistic, &f64s(&[1], &[0.0])).unwrap());
    assert_eq!(l, vec![0.5]);
    assert_eq!(fl(&unary(UnaryOp::Cbrt, &f64s(&[1], &[-27.0])).unwrap()), vec![-3.0]);
    let e = fl(&unary(UnaryOp::Expm1, &f64s(&[1], &[1e-10])).unwrap());
    assert!((e[0] - 1e-10).abs() < 1e-20);
    // f16 results are rounded to f16
    let h = Tensor::from_f64s(E::F16, &[1], &[1.0]).unwrap();
    let r = binary(BinaryOp::Div, &h, &Tensor::from_f64s(E::F16, &[1], &[3.0]).unwrap()).unwrap();
    assert_eq!(fl(&r)[0], 0.333251953125);
    assert!(r.is_normalized());
    let ex = unary(UnaryOp::Exp, &h).unwrap();
    assert_eq!(fl(&ex)[0], 2.71875);
}

#[test]
fn complex_ops() {
    let a = Tensor::from_complex(E::Complex64, &[1], &[Complex::new(1.0, 2.0)]).unwrap();
    let b = Tensor::from_complex(E::Complex64, &[1], &[Complex::new(3.0, -1.0)]).unwrap();
    let m = binary(BinaryOp::Mul, &a, &b).unwrap();
    assert_eq!(m.as_c64().unwrap()[0], Complex::new(5.0, 5.0));
    let ab =
        unary(UnaryOp::Abs, &Tensor::from_complex(E::Complex128, &[1], &[Complex::new(3.0, 4.0)]).unwrap()).unwrap();
    assert_eq!(ab.element_type(), E::F64);
    assert_eq!(fl(&ab), vec![5.0]);
    let re = unary(UnaryOp::Real, &a).unwrap();
    let im = unary(UnaryOp::Imag, &a).unwrap();
    assert_eq!((fl(&re), fl(&im)), (vec![1.0], vec![2.0]));
    let c = complex(&re, &im).unwrap();
    assert!(c.bitwise_eq(&a));
    assert!(binary(BinaryOp::Rem, &a, &b).is_err());
}

#[test]
fn bool_ops_and_type_errors() {
    let a = Tensor::from_bools(&[2], &[true, false]).unwrap();
    let b = Tensor::from_bools(&[2], &[true, true]).unwrap();
    assert_eq!(bools(&binary(BinaryOp::Add, &a, &b).unwrap()), [true, true]);
    assert_eq!(bools(&binary(BinaryOp::Mul, &a, &b).unwrap()), [true, false]);
    assert!(binary(BinaryOp::Sub, &a, &b).is_err());
    assert!(binary(BinaryOp::Add, &a, &f32s(&[2], &[1.0, 2.0])).is_err());
    assert!(binary(BinaryOp::Add, &f32s(&[1], &[1.0]), &f32s(&[2], &[1.0, 2.0])).is_err());
    assert!(unary(UnaryOp::Popcnt, &f32s(&[1], &[1.0])).is_err());
}

// ----- compare / select / clamp / convert -----

#[test]
fn compare_float_and_totalorder() {
    let a = f32s(&[4], &[f32::NAN, -0.0, 1.0, f32::NAN]);
    let b = f32s(&[4], &[1.0, 0.0, 1.0, f32::NAN]);
    assert_eq!(bools(&compare(&a, &b, CmpDir::Eq, CmpType::Float).unwrap()), [false, true, true, false]);
    assert_eq!(bools(&compare(&a, &b, CmpDir::Ne, CmpType::Float).unwrap()), [true, false, false, true]);
    assert_eq!(bools(&compare(&a, &b, CmpDir::Lt, CmpType::TotalOrder).unwrap()), [false, true, false, false]);
    assert_eq!(bools(&compare(&a, &b, CmpDir::Eq, CmpType::TotalOrder).unwrap()), [false, false, true, true]);
    let u = compare(&ints(E::UInt(8), &[1], &[200]), &ints(E::UInt(8), &[1], &[100]), CmpDir::Gt, CmpType::Unsigned);
    assert_eq!(bools(&u.unwrap()), [true]);
}

#[test]
fn select_and_clamp() {
    let p = Tensor::from_bools(&[3], &[true, false, true]).unwrap();
    let x = ints(E::SInt(32), &[3], &[1, 2, 3]);
    let y = ints(E::SInt(32), &[3], &[10, 20, 30]);
    assert_eq!(i64s(&select(&p, &x, &y).unwrap()), vec![1, 20, 3]);
    let sp = Tensor::from_bools(&[], &[false]).unwrap();
    assert_eq!(i64s(&select(&sp, &x, &y).unwrap()), vec![10, 20, 30]);
    let lo = ints(E::SInt(32), &[], &[2]);
    let hi = ints(E::SInt(32), &[3], &[2, 2, 2]);
    assert_eq!(i64s(&clamp(&lo, &x, &hi).unwrap()), vec![2, 2, 2]);
    assert!(clamp(&ints(E::SInt(32), &[2], &[0, 0]), &x, &hi).is_err());
}

#[test]
fn conversions() {
    let x = f32s(&[6], &[1.9, -1.9, 1e10, -1e10, f32::NAN, 300.0]);
    assert_eq!(i64s(&convert(&x, E::SInt(32)).unwrap()), vec![1, -1, i32::MAX as i64, i32::MIN as i64, 0, 300]);
    assert_eq!(i64s(&convert(&x, E::UInt(8)).unwrap()), vec![1, 0, 255, 0, 0, 255]);
    assert_eq!(bools(&convert(&x, E::I1).unwrap()), [true, true, true, true, true, true]);
    let i = ints(E::SInt(32), &[2], &[-1, 16777217]);
    assert_eq!(i64s(&convert(&i, E::UInt(8)).unwrap()), vec![255, 1]);
    assert_eq!(fl(&convert(&i, E::F32).unwrap()), vec![-1.0, 16777216.0]);
    let h = convert(&f32s(&[1], &[0.1]), E::BF16).unwrap();
    assert_eq!(fl(&h), vec![0.10009765625]);
    let c = convert(&f32s(&[1], &[2.0]), E::Complex64).unwrap();
    assert_eq!(c.as_c64().unwrap()[0], Complex::new(2.0, 0.0));
    let back = convert(&Tensor::from_complex(E::Complex64, &[1], &[Complex::new(3.0, 4.0)]).unwrap(), E::F32).unwrap();
    assert_eq!(fl(&back), vec![3.0]);
    let b = convert(&Tensor::from_bools(&[2], &[true, false]).unwrap(), E::F16).unwrap();
    assert_eq!(fl(&b), vec![1.0, 0.0]);
}

#[test]
fn reduce_precision_matches_formats() {
    let x = f32s(&[4], &[0.1, 70000.0, 1e-6, f32::NAN]);
    let r = fl(&reduce_precision(&x, 5, 10).unwrap());
    assert_eq!(r[0], 0.0999755859375);
    assert_eq!(r[1], f64::INFINITY);
    assert_eq!(r[2], 0.0); // below f16's smallest normal: flushed
    assert!(r[3].is_nan());
    let b = fl(&reduce_precision(&f32s(&[1], &[1.003_906_3]), 8, 7).unwrap());
    assert_eq!(b, vec![1.0]);
}

#[test]
fn bitcast_across_widths() {
    let x = Tensor::from_f64s(E::F64, &[], &[f64::from_bits(0x0123456789ABCDEF)]).unwrap();
    let h = bitcast_convert(&x, E::UInt(16), &[4]).unwrap();
    assert_eq!(i64s(&h), vec![0xCDEF, 0x89AB, 0x4567, 0x0123]);
    let back = bitcast_convert(&h, E::F64, &[]).unwrap();
    assert!(back.bitwise_eq(&x));
    let f = bitcast_convert(&f32s(&[1], &[1.0]), E::SInt(32), &[1]).unwrap();
    assert_eq!(i64s(&f), vec![0x3F800000]);
    assert!(bitcast_convert(&f32s(&[1], &[1.0]), E::SInt(32), &[2]).is_err());
}

// ----- shape ops -----

#[test]
fn broadcast_transpose_reverse_slice() {
    let x = ints(E::SInt(32), &[1, 3], &[1, 2, 3]);
    let b = broadcast_in_dim(&x, &[2, 3, 2], &[2, 1]).unwrap();
    assert_eq!(i64s(&b), vec![1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3]);
    assert!(broadcast_in_dim(&x, &[2, 2], &[0, 1]).is_err());
    let m = ints(E::SInt(32), &[2, 3], &[1, 2, 3, 4, 5, 6]);
    assert_eq!(i64s(&transpose(&m, &[1, 0]).unwrap()), vec![1, 4, 2, 5, 3, 6]);
    assert_eq!(i64s(&reverse(&m, &[1]).unwrap()), vec![3, 2, 1, 6, 5, 4]);
    assert_eq!(i64s(&reverse(&m, &[0, 1]).unwrap()), vec![6, 5, 4, 3, 2, 1]);
    let s = slice(&m, &[0, 0], &[2, 3], &[1, 2]).unwrap();
    assert_eq!(s.shape(), &[2, 2]);
    assert_eq!(i64s(&s), vec![1, 3, 4, 6]);
    assert!(slice(&m, &[0, 2], &[2, 1], &[1, 1]).is_err());
}

#[test]
fn dynamic_slices_clamp() {
    let m = ints(E::SInt(32), &[3, 3], &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert_eq!(i64s(&dynamic_slice(&m, &[5, -2], &[2, 2]).unwrap()), vec![4, 5, 7, 8]);
    let u = ints(E::SInt(32), &[2, 2], &[0, 0, 0, 0]);
    assert_eq!(i64s(&dynamic_update_slice(&m, &u, &[9, 1]).unwrap()), vec![1, 2, 3, 4, 0, 0, 7, 0, 0]);
}

#[test]
fn concatenate_pad_iota() {
    let a = ints(E::SInt(32), &[2, 1], &[1, 2]);
    let b = ints(E::SInt(32), &[2, 2], &[3, 4, 5, 6]);
    assert_eq!(i64s(&concatenate(&[&a, &b], 1).unwrap()), vec![1, 3, 4, 2, 5, 6]);
    assert!(concatenate(&[&a, &b], 0).is_err());
    let x = ints(E::SInt(32), &[2, 3], &[0, 0, 0, 0, 0, 0]);
    let pv = ints(E::SInt(32), &[], &[-1]);
    let x = concatenate(&[&x], 0).unwrap();
    // spec example
    let op = ints(E::SInt(32), &[2, 3], &[0, 0, 0, 0, 0, 0]);
    let p = pad(&op, &ints(E::SInt(32), &[], &[0]), &[0, 1], &[2, 1], &[1, 2]).unwrap();
    assert_eq!(p.shape(), &[5, 9]);
    let _ = x;
    let q = pad(&ints(E::SInt(32), &[3], &[1, 2, 3]), &pv, &[-1], &[1], &[1]).unwrap();
    assert_eq!(i64s(&q), vec![-1, 2, -1, 3, -1]);
    let io = iota(E::F32, &[2, 3], 1).unwrap();
    assert_eq!(fl(&io), vec![0.0, 1.0, 2.0, 0.0, 1.0, 2.0]);
    assert!(iota(E::F32, &[2, 3], 2).is_err());
}

// ----- dot / conv -----

#[test]
fn dot_general_batched() {
    let l = f32s(&[2, 2, 2], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]);
    let r = f32s(&[2, 2, 2], &[1.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]);
    let d = DotDims { lhs_batch: vec![0], rhs_batch: vec![0], lhs_contract: vec![2], rhs_contract: vec![1] };
    let o = dot_general(&l, &r, &d, E::F32).unwrap();
    assert_eq!(o.shape(), &[2, 2, 2]);
    assert_eq!(fl(&o), vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]);
    // contracting over lhs dim 0 (a transposed matmul), mixed into i32 result
    let a = ints(E::SInt(8), &[2, 3], &[1, 2, 3, 4, 5, 6]);
    let b = ints(E::SInt(8), &[2], &[100, 1]);
    let d = DotDims { lhs_contract: vec![0], rhs_contract: vec![0], ..Default::default() };
    let o = dot_general(&a, &b, &d, E::SInt(32)).unwrap();
    assert_eq!(i64s(&o), vec![104, 205, 306]);
    let bad = DotDims { lhs_contract: vec![1], rhs_contract: vec![0], ..Default::default() };
    assert!(dot_general(&a, &b, &bad, E::SInt(32)).is_err());
}

#[test]
fn convolution_simple_and_grouped() {
    // 1-D: input [N=1, C=1, W=4], kernel [O=1, I=1, K=2]
    let x = f32s(&[1, 1, 4], &[1.0, 2.0, 3.0, 4.0]);
    let k = f32s(&[1, 1, 2], &[1.0, 10.0]);
    let p = ConvParams {
        input_batch_dim: 0,
        input_feature_dim: 1,
        input_spatial_dims: vec![2],
        kernel_output_feature_dim: 0,
        kernel_input_feature_dim: 1,
        kernel_spatial_dims: vec![2],
        output_batch_dim: 0,
        output_feature_dim: 1,
        output_spatial_dims: vec![2],
        ..Default::default()
    };
    let o = convolution(&x, &k, &p, E::F32).unwrap();
    assert_eq!(fl(&o), vec![21.0, 32.0, 43.0]);
    let mut q = p.clone();
    q.padding = vec![(1, 1)];
    q.lhs_dilation = vec![2];
    q.window_reversal = vec![true];
    // dilated input: 1 0 2 0 3 0 4, padded: 0 1 0 2 0 3 0 4 0, kernel reversed [10, 1]
    let o = convolution(&x, &k, &q, E::F32).unwrap();
    assert_eq!(fl(&o), vec![1.0, 10.0, 2.0, 20.0, 3.0, 30.0, 4.0, 40.0]);
    // feature groups: 2 input features, 2 groups, kernel [O=2, I=1, K=1]
    let x2 = f32s(&[1, 2, 1], &[3.0, 5.0]);
    let k2 = f32s(&[2, 1, 1], &[2.0, 7.0]);
    let mut g = p.clone();
    g.feature_group_count = 2;
    assert_eq!(fl(&convolution(&x2, &k2, &g, E::F32).unwrap()), vec![6.0, 35.0]);
}

// ----- reductions -----

#[test]
fn reduce_fast_and_generic_agree() {
    let x = f32s(&[2, 3], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let z = f32s(&[], &[0.0]);
    assert_eq!(fl(&reduce_fast(ReduceKind::Add, &x, &z, &[1]).unwrap()), vec![6.0, 15.0]);
    assert_eq!(fl(&reduce_fast(ReduceKind::Add, &x, &z, &[0]).unwrap()), vec![5.0, 7.0, 9.0]);
    assert_eq!(fl(&reduce_fast(ReduceKind::Add, &x, &z, &[0, 1]).unwrap()), vec![21.0]);
    let g = reduce(std::slice::from_ref(&x), std::slice::from_ref(&z), &[0], &mut add_body).unwrap();
    assert_eq!(fl(&g[0]), vec![5.0, 7.0, 9.0]);
    let m = reduce_fast(ReduceKind::Max, &f32s(&[3], &[1.0, f32::NAN, 2.0]), &f32s(&[], &[f32::NEG_INFINITY]), &[0])
        .unwrap();
    assert!(fl(&m)[0].is_nan());
    assert!(reduce_fast(ReduceKind::And, &x, &z, &[0]).is_err());
    assert!(reduce_fast(ReduceKind::Add, &x, &z, &[2]).is_err());
    // variadic argmax
    let vals = f32s(&[4], &[3.0, 9.0, 9.0, 1.0]);
    let idx = ints(E::SInt(32), &[4], &[0, 1, 2, 3]);
    let mut argmax = |a: &[Tensor]| -> KResult<Vec<Tensor>> {
        let (av, ai, bv, bi) = (fl(&a[0])[0], i64s(&a[1])[0], fl(&a[2])[0], i64s(&a[3])[0]);
        Ok(if bv > av || (bv == av && bi < ai) {
            vec![a[2].clone(), a[3].clone()]
        } else {
            vec![a[0].clone(), a[1].clone()]
        })
    };
    let r = reduce(&[vals, idx], &[f32s(&[], &[f32::NEG_INFINITY]), ints(E::SInt(32), &[], &[-1])], &[0], &mut argmax)
        .unwrap();
    assert_eq!((fl(&r[0]), i64s(&r[1])), (vec![9.0], vec![1]));
}

#[test]
fn reduce_window_and_select_and_scatter() {
    // spec example of reduce_window
    let x = ints(E::SInt(64), &[3, 2], &[1, 2, 3, 4, 5, 6]);
    let z = ints(E::SInt(64), &[], &[0]);
    let p = WindowParams {
        dims: vec![2, 1],
        strides: vec![4, 1],
        base_dilations: vec![2, 1],
        window_dilations: vec![3, 1],
        padding: vec![(2, 1), (0, 0)],
    };
    let r = reduce_window_fast(ReduceKind::Add, &x, &z, &p).unwrap();
    assert_eq!(r.shape(), &[2, 2]);
    assert_eq!(i64s(&r), vec![0, 0, 3, 4]);
    let g = reduce_window(std::slice::from_ref(&x), std::slice::from_ref(&z), &p, &mut add_body).unwrap();
    assert!(g[0].bitwise_eq(&r));
    // spec example of select_and_scatter
    let operand = ints(E::SInt(64), &[4, 2], &[1, 5, 2, 5, 3, 6, 4, 4]);
    let source = ints(E::SInt(64), &[2, 2], &[5, 6, 7, 8]);
    let sp =
        WindowParams { dims: vec![3, 1], strides: vec![2, 1], padding: vec![(0, 1), (0, 0)], ..Default::default() };
    let mut ge =
        |a: &[Tensor]| -> KResult<Vec<Tensor>> { Ok(vec![compare(&a[0], &a[1], CmpDir::Ge, CmpType::Signed)?]) };
    let out = select_and_scatter(&operand, &source, &z, &sp, &mut ge, &mut add_body).unwrap();
    assert_eq!(i64s(&out), vec![0, 0, 0, 0, 5, 14, 7, 0]);
}

// ----- gather / scatter / sort -----

fn spec_operand() -> Tensor {
    ints(E::SInt(64), &[2, 3, 4, 2], &(1..=48).collect::<Vec<_>>())
}

fn spec_indices() -> Tensor {
    ints(E::SInt(64), &[2, 2, 3, 2], &[0, 0, 1, 0, 2, 1, 0, 1, 1, 1, 0, 9, 0, 0, 2, 1, 2, 2, 1, 2, 0, 1, 1, 0])
}

#[test]
fn gather_spec_example() {
    let d = GatherDims {
        offset_dims: vec![3, 4],
        collapsed_slice_dims: vec![1],
        operand_batching_dims: vec![0],
        start_indices_batching_dims: vec![1],
        start_index_map: vec![2, 1],
        index_vector_dim: 3,
    };
    let r = gather(&spec_operand(), &spec_indices(), &d, &[1, 1, 2, 2]).unwrap();
    assert_eq!(r.shape(), &[2, 2, 3, 2, 2]);
    assert_eq!(
        i64s(&r),
        vec![
            1, 2, 3, 4, 3, 4, 5, 6, 13, 14, 15, 16, 33, 34, 35, 36, 35, 36, 37, 38, 41, 42, 43, 44, 1, 2, 3, 4, 13, 14,
            15, 16, 21, 22, 23, 24, 43, 44, 45, 46, 33, 34, 35, 36, 27, 28, 29, 30
        ]
    );
}

#[test]
fn scatter_spec_example() {
    let d = ScatterDims {
        update_window_dims: vec![3, 4],
        inserted_window_dims: vec![1],
        input_batching_dims: vec![0],
        scatter_indices_batching_dims: vec![1],
        scatter_dims_to_operand_dims: vec![2, 1],
        index_vector_dim: 3,
    };
    let upd = ints(E::SInt(64), &[2, 2, 3, 2, 2], &[1; 48]);
    let r = scatter(&[spec_operand()], &spec_indices(), &[upd], &d, &mut add_body).unwrap();
    assert_eq!(
        i64s(&r[0]),
        vec![
            3, 4, 6, 7, 6, 7, 7, 8, 9, 10, 11, 12, 15, 16, 17, 18, 17, 18, 19, 20, 22, 23, 24, 25, 25, 26, 28, 29, 30,
            31, 31, 32, 35, 36, 38, 39, 38, 39, 39, 40, 41, 42, 44, 45, 46, 47, 47, 48
        ]
    );
}

#[test]
fn sort_is_stable_and_fast_path_agrees() {
    let keys = f32s(&[2, 3], &[3.0, 1.0, 2.0, 1.0, 1.0, 0.0]);
    let vals = ints(E::SInt(32), &[2, 3], &[0, 1, 2, 3, 4, 5]);
    let mut lt =
        |a: &[Tensor]| -> KResult<Vec<Tensor>> { Ok(vec![compare(&a[0], &a[1], CmpDir::Lt, CmpType::Float)?]) };
    let r = sort(&[keys.clone(), vals.clone()], 1, true, &mut lt).unwrap();
    assert_eq!(fl(&r[0]), vec![1.0, 2.0, 3.0, 0.0, 1.0, 1.0]);
    assert_eq!(i64s(&r[1]), vec![1, 2, 0, 5, 3, 4]);
    let f = sort_fast(&[keys.clone(), vals.clone()], 1, 0, CmpDir::Lt, CmpType::Float).unwrap();
    assert!(f[0].bitwise_eq(&r[0]) && f[1].bitwise_eq(&r[1]));
    let d0 = sort_fast(&[keys, vals], 0, 0, CmpDir::Gt, CmpType::TotalOrder).unwrap();
    assert_eq!(fl(&d0[0]), vec![3.0, 1.0, 2.0, 1.0, 1.0, 0.0]);
    // a comparator error propagates
    let mut bad = |_: &[Tensor]| -> KResult<Vec<Tensor>> { Err(InterpError::Runtime("boom".into())) };
    assert!(sort(&[f32s(&[2], &[1.0, 0.0])], 0, false, &mut bad).is_err());
}

// ----- fft / linalg / batch_norm / rng -----

#[test]
fn fft_roundtrips() {
    let x = Tensor::from_complex(
        E::Complex64,
        &[4],
        &[Complex::new(1.0, 0.0), Complex::new(0.0, 0.0), Complex::new(0.0, 0.0), Complex::new(0.0, 0.0)],
    )
    .unwrap();
    let f = fft(&x, FftKind::Fft, &[4]).unwrap();
    assert!(f.as_c64().unwrap().iter().all(|c| (c.re - 1.0).abs() < 1e-6 && c.im.abs() < 1e-6));
    let back = fft(&f, FftKind::Ifft, &[4]).unwrap();
    assert!((back.as_c64().unwrap()[0].re - 1.0).abs() < 1e-6);
    let r = f32s(&[2, 3], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let rf = fft(&r, FftKind::Rfft, &[2, 3]).unwrap();
    assert_eq!(rf.shape(), &[2, 2]);
    assert!((rf.as_c64().unwrap()[0].re - 21.0).abs() < 1e-5);
    let ir = fft(&rf, FftKind::Irfft, &[2, 3]).unwrap();
    assert_eq!(ir.shape(), &[2, 3]);
    for (a, b) in fl(&ir).iter().zip(fl(&r)) {
        assert!((a - b).abs() < 1e-5, "{a} vs {b}");
    }
}

#[test]
fn cholesky_and_triangular_solve() {
    let a = f64s(&[3, 3], &[1.0, 2.0, 3.0, 2.0, 20.0, 26.0, 3.0, 26.0, 70.0]);
    let l = cholesky(&a, true).unwrap();
    assert_eq!(fl(&l), vec![1.0, 0.0, 0.0, 2.0, 4.0, 0.0, 3.0, 5.0, 6.0]);
    let u = cholesky(&a, false).unwrap();
    assert_eq!(fl(&u), vec![1.0, 2.0, 3.0, 0.0, 4.0, 5.0, 0.0, 0.0, 6.0]);
    // spec example of triangular_solve
    let ta = f32s(&[3, 3], &[1.0, 0.0, 0.0, 2.0, 4.0, 0.0, 3.0, 5.0, 6.0]);
    let tb = f32s(&[3, 3], &[2.0, 0.0, 0.0, 4.0, 8.0, 0.0, 6.0, 10.0, 12.0]);
    let x = triangular_solve(&ta, &tb, true, true, false, TransposeA::No).unwrap();
    assert_eq!(fl(&x), vec![2.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 2.0]);
    // right side with transpose: x·aᵀ = b  ⇔  a·xᵀ = bᵀ
    let xr = triangular_solve(&ta, &tb, false, true, false, TransposeA::Transpose).unwrap();
    let check =
        dot_general(&xr, &ta, &DotDims { lhs_contract: vec![1], rhs_contract: vec![1], ..Default::default() }, E::F32)
            .unwrap();
    for (p, q) in fl(&check).iter().zip(fl(&tb)) {
        assert!((p - q).abs() < 1e-4);
    }
}

#[test]
fn batch_norm_training_and_inference() {
    let x = f32s(&[2, 2], &[1.0, 2.0, 3.0, 6.0]);
    let one = f32s(&[2], &[1.0, 1.0]);
    let zero = f32s(&[2], &[0.0, 0.0]);
    let (y, m, v) = batch_norm_training(&x, &one, &zero, 0.0, 1).unwrap();
    assert_eq!(fl(&m), vec![2.0, 4.0]);
    assert_eq!(fl(&v), vec![1.0, 4.0]);
    assert_eq!(fl(&y), vec![-1.0, -1.0, 1.0, 1.0]);
    let yi = batch_norm_inference(&x, &one, &zero, &m, &v, 0.0, 1).unwrap();
    assert!(yi.bitwise_eq(&y));
    let (gx, gs, go) = batch_norm_grad(&x, &one, &m, &v, &f32s(&[2, 2], &[1.0, 1.0, 1.0, 1.0]), 0.0, 1).unwrap();
    assert_eq!(fl(&go), vec![2.0, 2.0]);
    assert_eq!(fl(&gs), vec![0.0, 0.0]);
    assert!(fl(&gx).iter().all(|g| g.abs() < 1e-6));
}

#[test]
fn rng_three_fry_spec_example() {
    let st = Tensor::from_u64s(E::UInt(64), &[2], &[1, 2]).unwrap();
    let (ns, out) = rng_bit_generator(RngAlgorithm::ThreeFry, &st, E::UInt(64), &[2, 2]).unwrap();
    assert_eq!(ns.as_u64().unwrap(), &[1, 6]);
    assert_eq!(
        out.as_u64().unwrap(),
        &[9236835810183407956, 16087790271692313299, 18212823393184779219, 2658481902456610144]
    );
    // 32-bit output: interleaved halves, state advances by half the count
    let (ns32, o32) = rng_bit_generator(RngAlgorithm::ThreeFry, &st, E::UInt(32), &[2, 2]).unwrap();
    assert_eq!(ns32.as_u64().unwrap(), &[1, 4]);
    assert_eq!(o32.num_elements(), 4);
    let (ps, po) = rng_bit_generator(RngAlgorithm::Default, &st, E::F32, &[5]).unwrap();
    assert_eq!(ps.as_u64().unwrap(), &[1, 4]);
    assert_eq!(po.element_type(), E::F32);
    let st3 = Tensor::from_u64s(E::UInt(64), &[3], &[1, u64::MAX, 0]).unwrap();
    let (ps3, _) = rng_bit_generator(RngAlgorithm::Philox, &st3, E::UInt(64), &[3]).unwrap();
    assert_eq!(ps3.as_u64().unwrap(), &[1, 1, 1]);
    assert!(rng_bit_generator(RngAlgorithm::ThreeFry, &st3, E::UInt(64), &[3]).is_err());
}

#[test]
fn threefry_known_answer() {
    // Random123 known-answer test for threefry2x32_20 with zero key/counter.
    assert_eq!(threefry2x32([0, 0], [0, 0]), [0x6b200159, 0x99ba4efe]);
    // Philox4x32_10 known answer (Random123 kat_vectors).
    assert_eq!(philox4x32([0, 0, 0, 0], [0, 0]), [0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8]);
}

// ----- dispatch layer -----

mod ir_tests {
    use super::*;
    use strata_ir::{Context, OperationState, Type};

    struct B {
        ctx: Context,
    }

    impl B {
        fn new() -> Self {
            let mut ctx = Context::new();
            strata_dialects::register_all(&mut ctx);
            ctx.allow_unregistered = true;
            B { ctx }
        }
        fn tt(&mut self, shape: &[i64], e: E) -> Type {
            let el = strata_interp::eval::ir_element_type(&mut self.ctx, e);
            self.ctx.tensor_type(shape, el)
        }
        fn op(
            &mut self,
            block: strata_ir::BlockId,
            name: &str,
            operands: &[strata_ir::Value],
            results: &[Type],
            attrs: &[(&str, strata_ir::Attribute)],
            regions: Vec<strata_ir::RegionId>,
        ) -> strata_ir::OpId {
            let loc = self.ctx.unknown_loc();
            let n = self.ctx.op_name(name);
            let mut st = OperationState::new(n, loc);
            st.operands = operands.into();
            st.result_types = results.to_vec();
            st.regions = regions;
            for (k, v) in attrs {
                let s = self.ctx.sym(k);
                st.add_attr(s, *v);
            }
            let op = self.ctx.create_op(st);
            self.ctx.append_op(block, op);
            op
        }
        /// A func with `args`; `body` fills the entry block and returns the values to return.
        fn func(
            &mut self,
            args: &[Type],
            body: impl FnOnce(&mut Self, strata_ir::BlockId, Vec<strata_ir::Value>) -> Vec<strata_ir::Value>,
        ) -> strata_ir::OpId {
            let block = self.ctx.create_block(&args.iter().map(|t| (*t, None)).collect::<Vec<_>>());
            let region = self.ctx.create_region();
            self.ctx.append_block(region, block);
            let vals: Vec<_> = self.ctx.block_args(block).collect();
            let rets = body(self, block, vals);
            self.op(block, "func.return", &rets, &[], &[], vec![]);
            let loc = self.ctx.unknown_loc();
            let n = self.ctx.op_name("func.func");
            let mut st = OperationState::new(n, loc);
            st.regions = vec![region];
            let name = self.ctx.string_attr("main");
            let s = self.ctx.sym("sym_name");
            st.add_attr(s, name);
            self.ctx.create_op(st)
        }
        /// A single-block region `(a, b) -> name(a, b)`.
        fn binop_region(&mut self, name: &str, e: E) -> strata_ir::RegionId {
            let t = self.tt(&[], e);
            let block = self.ctx.create_block(&[(t, None), (t, None)]);
            let region = self.ctx.create_region();
            self.ctx.append_block(region, block);
            let a: Vec<_> = self.ctx.block_args(block).collect();
            let r = self.op(block, name, &[a[0], a[1]], &[t], &[], vec![]);
            let rv = self.ctx.result(r, 0);
            self.op(block, "stablehlo.return", &[rv], &[], &[], vec![]);
            region
        }
    }

    #[test]
    fn dense_attr_roundtrip() {
        let mut b = B::new();
        for t in [
            f32s(&[2], &[1.5, -0.0]),
            ints(E::SInt(8), &[3], &[-1, 2, 127]),
            ints(E::UInt(16), &[2], &[65535, 1]),
            Tensor::from_bools(&[2], &[true, false]).unwrap(),
            Tensor::from_f64s(E::BF16, &[2, 1], &[0.1, 3.0]).unwrap(),
            Tensor::from_complex(E::Complex128, &[1], &[Complex::new(1.0, -2.0)]).unwrap(),
            f32s(&[3], &[7.0, 7.0, 7.0]),
        ] {
            let a = dense_attr_from_tensor(&mut b.ctx, &t);
            let back = tensor_from_dense_attr(&b.ctx, a).unwrap();
            assert!(back.bitwise_eq(&t), "{t} vs {back}");
        }
    }

    #[test]
    fn eval_add_constant_and_reduce() {
        let mut b = B::new();
        let t2 = b.tt(&[2], E::F32);
        let ts = b.tt(&[], E::F32);
        let c = dense_attr_from_tensor(&mut b.ctx, &f32s(&[2], &[10.0, 20.0]));
        let z = dense_attr_from_tensor(&mut b.ctx, &f32s(&[], &[0.0]));
        let dims = b.ctx.dense_i64_array(&[0]);
        let f = b.func(&[t2], |b, blk, args| {
            let k = b.op(blk, "stablehlo.constant", &[], &[t2], &[("value", c)], vec![]);
            let kv = b.ctx.result(k, 0);
            let s = b.op(blk, "stablehlo.add", &[args[0], kv], &[t2], &[], vec![]);
            let sv = b.ctx.result(s, 0);
            let zo = b.op(blk, "stablehlo.constant", &[], &[ts], &[("value", z)], vec![]);
            let zv = b.ctx.result(zo, 0);
            let reg = b.binop_region("stablehlo.add", E::F32);
            let r = b.op(blk, "stablehlo.reduce", &[sv, zv], &[ts], &[("dimensions", dims)], vec![reg]);
            vec![sv, b.ctx.result(r, 0)]
        });
        let mut it = Interpreter::new();
        let out = it.eval_func(&b.ctx, f, vec![Value::Tensor(f32s(&[2], &[1.0, 2.0]))]).unwrap();
        assert_eq!(fl(out[0].as_tensor().unwrap()), vec![11.0, 22.0]);
        assert_eq!(fl(out[1].as_tensor().unwrap()), vec![33.0]);
    }

    #[test]
    fn eval_generic_reduce_body_and_while() {
        let mut b = B::new();
        let ti = b.tt(&[], E::SInt(64));
        let tb = b.tt(&[], E::I1);
        let one = dense_attr_from_tensor(&mut b.ctx, &ints(E::SInt(64), &[], &[1]));
        let ten = dense_attr_from_tensor(&mut b.ctx, &ints(E::SInt(64), &[], &[10]));
        let d = b.ctx.dialect_type("stablehlo", "token");
        let _ = d;
        let lt = {
            let s = b.ctx.sym("stablehlo");
            b.ctx.intern_attr(strata_ir::AttrKind::Dialect {
                dialect: s,
                body: "comparison_direction LT".into(),
                opaque: true,
            })
        };
        let f = b.func(&[ti], |b, blk, args| {
            let o = b.op(blk, "stablehlo.constant", &[], &[ti], &[("value", one)], vec![]);
            let ov = b.ctx.result(o, 0);
            let t = b.op(blk, "stablehlo.constant", &[], &[ti], &[("value", ten)], vec![]);
            let tv = b.ctx.result(t, 0);
            // cond region
            let cb = b.ctx.create_block(&[(ti, None)]);
            let cr = b.ctx.create_region();
            b.ctx.append_block(cr, cb);
            let ca: Vec<_> = b.ctx.block_args(cb).collect();
            let cmp = b.op(cb, "stablehlo.compare", &[ca[0], tv], &[tb], &[("comparison_direction", lt)], vec![]);
            let cmpv = b.ctx.result(cmp, 0);
            b.op(cb, "stablehlo.return", &[cmpv], &[], &[], vec![]);
            // body region
            let bb = b.ctx.create_block(&[(ti, None)]);
            let br = b.ctx.create_region();
            b.ctx.append_block(br, bb);
            let ba: Vec<_> = b.ctx.block_args(bb).collect();
            let add = b.op(bb, "stablehlo.add", &[ba[0], ov], &[ti], &[], vec![]);
            let addv = b.ctx.result(add, 0);
            b.op(bb, "stablehlo.return", &[addv], &[], &[], vec![]);
            let w = b.op(blk, "stablehlo.while", &[args[0]], &[ti], &[], vec![cr, br]);
            vec![b.ctx.result(w, 0)]
        });
        let mut it = Interpreter::new();
        let out = it.eval_func(&b.ctx, f, vec![Value::Tensor(ints(E::SInt(64), &[], &[3]))]).unwrap();
        assert_eq!(i64s(out[0].as_tensor().unwrap()), vec![10]);
    }

    #[test]
    fn eval_errors_are_reported() {
        let mut b = B::new();
        let t2 = b.tt(&[2], E::F32);
        let f = b.func(&[t2], |b, blk, args| {
            let s = b.op(blk, "stablehlo.frobnicate", &[args[0]], &[t2], &[], vec![]);
            vec![b.ctx.result(s, 0)]
        });
        let mut it = Interpreter::new();
        let e = it.eval_func(&b.ctx, f, vec![Value::Tensor(f32s(&[2], &[1.0, 2.0]))]).unwrap_err();
        assert!(e.to_string().contains("frobnicate"), "{e}");
        let e = it.eval_func(&b.ctx, f, vec![]).unwrap_err();
        assert!(matches!(e, InterpError::Runtime(_)));
    }
}

/// Timing smoke test (run with `--release -- --ignored --nocapture`).
#[test]
#[ignore]
fn perf_smoke() {
    use std::time::Instant;
    let n = 1024 * 1024;
    let a = Tensor::from_f32_vec(&[1024, 1024], (0..n).map(|i| i as f32 * 0.5).collect()).unwrap();
    let b = Tensor::from_f32_vec(&[1024, 1024], (0..n).map(|i| 1.0 - i as f32).collect()).unwrap();
    let t = Instant::now();
    for _ in 0..10 {
        std::hint::black_box(binary(BinaryOp::Add, &a, &b).unwrap());
    }
    println!("add 1024x1024: {:?}/iter", t.elapsed() / 10);
    let z = Tensor::from_f32_vec(&[], vec![0.0]).unwrap();
    for dims in [vec![0i64], vec![1], vec![0, 1]] {
        let t = Instant::now();
        for _ in 0..10 {
            std::hint::black_box(reduce_fast(ReduceKind::Add, &a, &z, &dims).unwrap());
        }
        println!("reduce {dims:?}: {:?}/iter", t.elapsed() / 10);
    }
    let m = 256;
    let x = Tensor::from_f32_vec(&[m, m], (0..m * m).map(|i| (i % 7) as f32).collect()).unwrap();
    let d = DotDims { lhs_contract: vec![1], rhs_contract: vec![0], ..Default::default() };
    let t = Instant::now();
    for _ in 0..10 {
        std::hint::black_box(dot_general(&x, &x, &d, E::F32).unwrap());
    }
    println!("dot 256^3: {:?}/iter", t.elapsed() / 10);
    let t = Instant::now();
    std::hint::black_box(
        broadcast_in_dim(&Tensor::from_f32_vec(&[1024], vec![1.0; 1024]).unwrap(), &[1024, 1024], &[1]).unwrap(),
    );
    println!("broadcast 1024->1024x1024: {:?}", t.elapsed());
    let t = Instant::now();
    std::hint::black_box(transpose(&a, &[1, 0]).unwrap());
    println!("transpose 1024x1024: {:?}", t.elapsed());
    let t = Instant::now();
    std::hint::black_box(unary(UnaryOp::Exp, &a).unwrap());
    println!("exp 1024x1024: {:?}", t.elapsed());
}

#[test]
fn tiled_transpose_matches_generic() {
    let v: Vec<i64> = (0..2 * 37 * 45).collect();
    let x = ints(E::SInt(64), &[2, 37, 45], &v);
    let t = transpose(&x, &[0, 2, 1]).unwrap();
    assert!(t.bitwise_eq(&x.transpose(&[0, 2, 1]).unwrap()));
    let t2 = transpose(&x, &[2, 0, 1]).unwrap();
    assert!(t2.bitwise_eq(&x.transpose(&[2, 0, 1]).unwrap()));
    assert!(transpose(&x, &[0, 0, 1]).is_err());
}

// ----- text programs -----

mod text {
    use super::*;
    use strata_ir::parser::{parse_source, ParserConfig};
    use strata_ir::Context;

    /// Parses `src`, evaluates every argument-less `func.func` in order and
    /// returns the results of the last one (or the first error).
    pub fn run(src: &str) -> Result<Vec<Value>, String> {
        let mut ctx = Context::new();
        strata_dialects::register_all(&mut ctx);
        ctx.allow_unregistered = true;
        let module = parse_source(&mut ctx, &ParserConfig::new("test.mlir"), src)
            .map_err(|_| ctx.take_diagnostics().iter().map(|d| d.message.clone()).collect::<Vec<_>>().join("\n"))?;
        let body = ctx.region_entry(ctx.op_regions(module)[0]).unwrap();
        let mut last = Ok(vec![]);
        for f in ctx.block_ops_vec(body) {
            if ctx.op_name_of(f) != "func.func" {
                continue;
            }
            let entry = ctx.region_entry(ctx.op_regions(f)[0]).unwrap();
            if ctx.block_args(entry).count() > 0 {
                continue;
            }
            let mut it = Interpreter::new();
            last = it.eval_func(&ctx, f, vec![]).map_err(|e| e.to_string());
            last.as_ref().map_err(|e| e.clone())?;
        }
        last
    }

    #[test]
    fn generic_form_program() {
        let r = run(r#"
func.func @main() -> (tensor<2xf32>, tensor<i64>) {
  %a = "stablehlo.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %b = "stablehlo.constant"() {value = dense<[0.5, -4.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "stablehlo.add"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %i = "stablehlo.constant"() {value = dense<[3, 1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
  %z = "stablehlo.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %s = "stablehlo.reduce"(%i, %z) ({
    ^bb0(%x: tensor<i64>, %y: tensor<i64>):
      %m = "stablehlo.multiply"(%x, %y) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      %t = "stablehlo.add"(%m, %y) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      "stablehlo.return"(%t) : (tensor<i64>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
  "func.return"(%0, %s) : (tensor<2xf32>, tensor<i64>) -> ()
}
"#)
        .unwrap();
        assert_eq!(fl(r[0].as_tensor().unwrap()), vec![1.5, -2.0]);
        // ((0*3+3)*1+1)*2+2 = 10
        assert_eq!(i64s(r[1].as_tensor().unwrap()), vec![10]);
    }
}
