//! `dot_general` and `convolution`.
//!
//! `dot_general` transposes both operands to `[batch, free, contract]` /
//! `[batch, contract, free]` and runs a batched matrix product with the
//! i-k-j loop order (contiguous inner loop over the result row), which
//! accumulates every result element sequentially in ascending contracting
//! index, in the result element type — the reference interpreter's order.
//! f16/bf16/f8 products and sums are rounded to the type at every step.

use num_complex::Complex;

use super::{check_dims, convert::convert, numel, strides_of};
use crate::value::{Data, ElementType, Tensor};
use crate::{InterpError, KResult};

/// `dot_dimension_numbers`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DotDims {
    /// `lhs_batching_dimensions`.
    pub lhs_batch: Vec<i64>,
    /// `rhs_batching_dimensions`.
    pub rhs_batch: Vec<i64>,
    /// `lhs_contracting_dimensions`.
    pub lhs_contract: Vec<i64>,
    /// `rhs_contracting_dimensions`.
    pub rhs_contract: Vec<i64>,
}

/// A batched product `out[b,i,j] = Σ_k a[b,i,k]·b[b,k,j]` in i-k-j order.
#[allow(clippy::too_many_arguments)]
fn matmul<T: Copy>(
    a: &[T],
    b: &[T],
    batch: usize,
    m: usize,
    k: usize,
    n: usize,
    zero: T,
    mul: impl Fn(T, T) -> T,
    add: impl Fn(T, T) -> T,
) -> Vec<T> {
    let mut out = vec![zero; batch * m * n];
    if n == 0 {
        return out;
    }
    for bi in 0..batch {
        let a_b = &a[bi * m * k..(bi + 1) * m * k];
        let b_b = &b[bi * k * n..(bi + 1) * k * n];
        for (i, row) in out[bi * m * n..(bi + 1) * m * n].chunks_exact_mut(n).enumerate() {
            let a_row = &a_b[i * k..(i + 1) * k];
            for (kk, &aik) in a_row.iter().enumerate() {
                let b_row = &b_b[kk * n..(kk + 1) * n];
                for (r, &bkj) in row.iter_mut().zip(b_row) {
                    *r = add(*r, mul(aik, bkj));
                }
            }
        }
    }
    out
}

/// `stablehlo.dot_general`. The result has the batch dimensions, then the
/// free dimensions of `lhs`, then those of `rhs`; its element type is
/// `result_ty` (operands of another type are converted first).
pub fn dot_general(lhs: &Tensor, rhs: &Tensor, dims: &DotDims, result_ty: ElementType) -> KResult<Tensor> {
    let op = "dot_general";
    let lb = check_dims(op, "lhs_batching_dimensions", &dims.lhs_batch, lhs.rank(), true)?;
    let rb = check_dims(op, "rhs_batching_dimensions", &dims.rhs_batch, rhs.rank(), true)?;
    let lc = check_dims(op, "lhs_contracting_dimensions", &dims.lhs_contract, lhs.rank(), true)?;
    let rc = check_dims(op, "rhs_contracting_dimensions", &dims.rhs_contract, rhs.rank(), true)?;
    if lb.len() != rb.len() || lc.len() != rc.len() {
        return Err(InterpError::invalid(op, "batching/contracting dimension lists differ in length"));
    }
    for (&a, &b) in lb.iter().zip(&rb).chain(lc.iter().zip(&rc)) {
        if lhs.shape()[a] != rhs.shape()[b] {
            return Err(InterpError::invalid(
                op,
                format!(
                    "lhs dimension {a} (size {}) does not match rhs dimension {b} (size {})",
                    lhs.shape()[a],
                    rhs.shape()[b]
                ),
            ));
        }
    }
    if lb.iter().any(|d| lc.contains(d)) || rb.iter().any(|d| rc.contains(d)) {
        return Err(InterpError::invalid(op, "a dimension is both batching and contracting"));
    }
    let lf: Vec<usize> = (0..lhs.rank()).filter(|d| !lb.contains(d) && !lc.contains(d)).collect();
    let rf: Vec<usize> = (0..rhs.rank()).filter(|d| !rb.contains(d) && !rc.contains(d)).collect();
    let size = |t: &Tensor, ds: &[usize]| -> usize { ds.iter().map(|&d| t.shape()[d] as usize).product() };
    let (bsz, m, k, n) = (size(lhs, &lb), size(lhs, &lf), size(lhs, &lc), size(rhs, &rf));
    let mut out_shape: Vec<i64> = lb.iter().map(|&d| lhs.shape()[d]).collect();
    out_shape.extend(lf.iter().map(|&d| lhs.shape()[d]));
    out_shape.extend(rf.iter().map(|&d| rhs.shape()[d]));

    let lperm: Vec<usize> = lb.iter().chain(&lf).chain(&lc).copied().collect();
    let rperm: Vec<usize> = rb.iter().chain(&rc).chain(&rf).copied().collect();
    let as_i64 = |v: &[usize]| v.iter().map(|&d| d as i64).collect::<Vec<_>>();
    let l = super::shape::transpose(lhs, &as_i64(&lperm))?;
    let r = super::shape::transpose(rhs, &as_i64(&rperm))?;
    let l = if l.element_type() != result_ty { convert(&l, result_ty)? } else { l };
    let r = if r.element_type() != result_ty { convert(&r, result_ty)? } else { r };

    let data = match (l.data(), r.data()) {
        (Data::F32(a), Data::F32(b)) => {
            if result_ty == ElementType::F32 {
                Data::F32(matmul(a, b, bsz, m, k, n, 0.0f32, |x, y| x * y, |x, y| x + y))
            } else {
                let f = result_ty.float_format().ok_or_else(|| InterpError::unsupported_type(op, result_ty))?;
                let rd = move |x: f32| f.round(x as f64) as f32;
                Data::F32(matmul(a, b, bsz, m, k, n, 0.0f32, |x, y| rd(x * y), |x, y| rd(x + y)))
            }
        }
        (Data::F64(a), Data::F64(b)) => Data::F64(matmul(a, b, bsz, m, k, n, 0.0f64, |x, y| x * y, |x, y| x + y)),
        (Data::I64(a), Data::I64(b)) => {
            Data::I64(matmul(a, b, bsz, m, k, n, 0i64, i64::wrapping_mul, i64::wrapping_add))
        }
        (Data::U64(a), Data::U64(b)) => {
            Data::U64(matmul(a, b, bsz, m, k, n, 0u64, u64::wrapping_mul, u64::wrapping_add))
        }
        (Data::Bool(a), Data::Bool(b)) => Data::Bool(matmul(a, b, bsz, m, k, n, false, |x, y| x & y, |x, y| x | y)),
        (Data::C64(a), Data::C64(b)) => {
            Data::C64(matmul(a, b, bsz, m, k, n, Complex::new(0.0f32, 0.0), |x, y| x * y, |x, y| x + y))
        }
        (Data::C128(a), Data::C128(b)) => {
            Data::C128(matmul(a, b, bsz, m, k, n, Complex::new(0.0f64, 0.0), |x, y| x * y, |x, y| x + y))
        }
        _ => return Err(InterpError::unsupported_type(op, result_ty)),
    };
    super::finish(result_ty, out_shape, data)
}

/// `stablehlo.dot` (legacy): vector·vector, matrix·vector, matrix·matrix.
pub fn dot(lhs: &Tensor, rhs: &Tensor, result_ty: ElementType) -> KResult<Tensor> {
    let dims = DotDims {
        lhs_batch: vec![],
        rhs_batch: vec![],
        lhs_contract: vec![lhs.rank() as i64 - 1],
        rhs_contract: vec![0],
    };
    if lhs.rank() == 0 || rhs.rank() == 0 || lhs.rank() > 2 || rhs.rank() > 2 {
        return Err(InterpError::invalid("dot", "operands must have rank 1 or 2"));
    }
    dot_general(lhs, rhs, &dims, result_ty)
}

/// Attributes of `stablehlo.convolution` (missing optional lists are
/// filled with their defaults by [`ConvParams::normalized`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConvParams {
    /// `window_strides` (default 1s).
    pub window_strides: Vec<i64>,
    /// `padding` as `(low, high)` per spatial dimension (default 0s).
    pub padding: Vec<(i64, i64)>,
    /// `lhs_dilation` (default 1s).
    pub lhs_dilation: Vec<i64>,
    /// `rhs_dilation` (default 1s).
    pub rhs_dilation: Vec<i64>,
    /// `window_reversal` (default false).
    pub window_reversal: Vec<bool>,
    /// Input batch dimension.
    pub input_batch_dim: i64,
    /// Input feature dimension.
    pub input_feature_dim: i64,
    /// Input spatial dimensions.
    pub input_spatial_dims: Vec<i64>,
    /// Kernel input feature dimension.
    pub kernel_input_feature_dim: i64,
    /// Kernel output feature dimension.
    pub kernel_output_feature_dim: i64,
    /// Kernel spatial dimensions.
    pub kernel_spatial_dims: Vec<i64>,
    /// Output batch dimension.
    pub output_batch_dim: i64,
    /// Output feature dimension.
    pub output_feature_dim: i64,
    /// Output spatial dimensions.
    pub output_spatial_dims: Vec<i64>,
    /// `feature_group_count` (≥ 1).
    pub feature_group_count: i64,
    /// `batch_group_count` (≥ 1).
    pub batch_group_count: i64,
}

impl ConvParams {
    /// Fills empty optional lists with defaults for `s` spatial dimensions.
    pub fn normalized(&self) -> ConvParams {
        let s = self.input_spatial_dims.len();
        let mut p = self.clone();
        if p.window_strides.is_empty() {
            p.window_strides = vec![1; s];
        }
        if p.padding.is_empty() {
            p.padding = vec![(0, 0); s];
        }
        if p.lhs_dilation.is_empty() {
            p.lhs_dilation = vec![1; s];
        }
        if p.rhs_dilation.is_empty() {
            p.rhs_dilation = vec![1; s];
        }
        if p.window_reversal.is_empty() {
            p.window_reversal = vec![false; s];
        }
        if p.feature_group_count == 0 {
            p.feature_group_count = 1;
        }
        if p.batch_group_count == 0 {
            p.batch_group_count = 1;
        }
        p
    }
}

/// Accumulator arithmetic for convolution.
trait Acc: Copy {
    fn zero() -> Self;
    fn mul_add(self, a: Self, b: Self) -> Self;
}
impl Acc for f64 {
    fn zero() -> Self {
        0.0
    }
    fn mul_add(self, a: Self, b: Self) -> Self {
        self + a * b
    }
}
impl Acc for i64 {
    fn zero() -> Self {
        0
    }
    fn mul_add(self, a: Self, b: Self) -> Self {
        self.wrapping_add(a.wrapping_mul(b))
    }
}
impl Acc for u64 {
    fn zero() -> Self {
        0
    }
    fn mul_add(self, a: Self, b: Self) -> Self {
        self.wrapping_add(a.wrapping_mul(b))
    }
}
impl Acc for bool {
    fn zero() -> Self {
        false
    }
    fn mul_add(self, a: Self, b: Self) -> Self {
        self | (a & b)
    }
}
impl Acc for Complex<f64> {
    fn zero() -> Self {
        Complex::new(0.0, 0.0)
    }
    fn mul_add(self, a: Self, b: Self) -> Self {
        self + a * b
    }
}

/// Geometry of a canonical convolution: lhs `[N, C, S...]`, rhs
/// `[O, I, K...]`, out `[N', O, Q...]`.
struct Geom {
    n_out: usize,
    o: usize,
    c_in: usize,
    cg: usize,
    og_feature: usize,
    og_batch: usize,
    in_sp: Vec<usize>,
    k_sp: Vec<usize>,
    out_sp: Vec<usize>,
    /// per spatial dim, per (out pos, kernel pos): input coordinate or MAX
    taps: Vec<Vec<usize>>,
}

fn conv_canonical<T: Acc>(lhs: &[T], rhs: &[T], g: &Geom) -> Vec<T> {
    let s = g.in_sp.len();
    let in_sp_n: usize = g.in_sp.iter().product();
    let k_n: usize = g.k_sp.iter().product();
    let out_sp_n: usize = g.out_sp.iter().product();
    let in_strides: Vec<usize> = {
        let mut v = vec![1usize; s];
        for i in (0..s.saturating_sub(1)).rev() {
            v[i] = v[i + 1] * g.in_sp[i + 1];
        }
        v
    };
    let mut out = vec![T::zero(); g.n_out * g.o * out_sp_n];
    let mut opos = vec![0usize; s];
    let mut kpos = vec![0usize; s];
    for ob in 0..g.n_out {
        for o in 0..g.o {
            let fg = o / g.og_feature.max(1);
            let bg = o / g.og_batch.max(1);
            let ib = bg * g.n_out + ob;
            for q in 0..out_sp_n {
                // unflatten q
                let mut rem = q;
                for d in (0..s).rev() {
                    opos[d] = rem % g.out_sp[d];
                    rem /= g.out_sp[d];
                }
                let mut acc = T::zero();
                for c in 0..g.cg {
                    let ic = fg * g.cg + c;
                    let lbase = (ib * g.c_in + ic) * in_sp_n;
                    let rbase = (o * g.cg + c) * k_n;
                    for kk in 0..k_n {
                        let mut rem = kk;
                        for d in (0..s).rev() {
                            kpos[d] = rem % g.k_sp[d];
                            rem /= g.k_sp[d];
                        }
                        let mut off = 0usize;
                        let mut ok = true;
                        for d in 0..s {
                            let t = g.taps[d][opos[d] * g.k_sp[d] + kpos[d]];
                            if t == usize::MAX {
                                ok = false;
                                break;
                            }
                            off += t * in_strides[d];
                        }
                        if ok {
                            acc = acc.mul_add(lhs[lbase + off], rhs[rbase + kk]);
                        }
                    }
                }
                out[(ob * g.o + o) * out_sp_n + q] = acc;
            }
        }
    }
    out
}

/// `stablehlo.convolution` with result element type `result_ty`.
/// Floats accumulate in f64 and round once; integers wrap.
pub fn convolution(lhs: &Tensor, rhs: &Tensor, params: &ConvParams, result_ty: ElementType) -> KResult<Tensor> {
    let op = "convolution";
    let p = params.normalized();
    let s = p.input_spatial_dims.len();
    let r = lhs.rank();
    if r != s + 2 || rhs.rank() != s + 2 || p.kernel_spatial_dims.len() != s || p.output_spatial_dims.len() != s {
        return Err(InterpError::invalid(op, "ranks do not match the number of spatial dimensions"));
    }
    if p.window_strides.len() != s
        || p.padding.len() != s
        || p.lhs_dilation.len() != s
        || p.rhs_dilation.len() != s
        || p.window_reversal.len() != s
    {
        return Err(InterpError::invalid(op, "window attributes must have one entry per spatial dimension"));
    }
    let mut lperm = vec![p.input_batch_dim, p.input_feature_dim];
    lperm.extend(&p.input_spatial_dims);
    let mut rperm = vec![p.kernel_output_feature_dim, p.kernel_input_feature_dim];
    rperm.extend(&p.kernel_spatial_dims);
    let mut operm = vec![p.output_batch_dim, p.output_feature_dim];
    operm.extend(&p.output_spatial_dims);
    let lp = check_dims(op, "input dimensions", &lperm, r, true)?;
    let rp = check_dims(op, "kernel dimensions", &rperm, r, true)?;
    let op_ = check_dims(op, "output dimensions", &operm, r, true)?;
    if lp.len() != r || rp.len() != r || op_.len() != r {
        return Err(InterpError::invalid(op, "dimension numbers are not permutations"));
    }
    let l = lhs.transpose(&lp)?;
    let k = rhs.transpose(&rp)?;
    let (fgc, bgc) = (p.feature_group_count, p.batch_group_count);
    if fgc < 1 || bgc < 1 {
        return Err(InterpError::invalid(op, "group counts must be positive"));
    }
    let (n, c) = (l.shape()[0], l.shape()[1]);
    let (o, i) = (k.shape()[0], k.shape()[1]);
    if c % fgc != 0 || c / fgc != i || o % fgc != 0 || n % bgc != 0 || o % bgc != 0 {
        return Err(InterpError::invalid(
            op,
            format!(
                "feature dimensions (input {c}, kernel input {i}, output {o}) do not match group counts ({fgc}, {bgc})"
            ),
        ));
    }
    let mut out_sp = Vec::with_capacity(s);
    let mut taps = Vec::with_capacity(s);
    for d in 0..s {
        let insz = l.shape()[2 + d];
        let ksz = k.shape()[2 + d];
        let (stride, (lo, hi), ld, rd) = (p.window_strides[d], p.padding[d], p.lhs_dilation[d], p.rhs_dilation[d]);
        if stride < 1 || ld < 1 || rd < 1 {
            return Err(InterpError::invalid(op, "strides and dilations must be positive"));
        }
        let dil_in = if insz == 0 { 0 } else { (insz - 1) * ld + 1 };
        let padded = dil_in + lo + hi;
        let dil_k = if ksz == 0 { 0 } else { (ksz - 1) * rd + 1 };
        let q = if padded < dil_k || padded < 0 { 0 } else { (padded - dil_k) / stride + 1 };
        out_sp.push(q as usize);
        let mut t = vec![usize::MAX; (q * ksz).max(0) as usize];
        for oq in 0..q {
            for kp in 0..ksz {
                let kk = if p.window_reversal[d] { ksz - 1 - kp } else { kp };
                let pos = oq * stride + kk * rd - lo;
                if pos >= 0 && pos % ld == 0 && pos / ld < insz {
                    t[(oq * ksz + kp) as usize] = (pos / ld) as usize;
                }
            }
        }
        taps.push(t);
    }
    let g = Geom {
        n_out: (n / bgc) as usize,
        o: o as usize,
        c_in: c as usize,
        cg: (c / fgc) as usize,
        og_feature: (o / fgc) as usize,
        og_batch: (o / bgc) as usize,
        in_sp: l.shape()[2..].iter().map(|&x| x as usize).collect(),
        k_sp: k.shape()[2..].iter().map(|&x| x as usize).collect(),
        out_sp: out_sp.clone(),
        taps,
    };
    let mut canon_shape = vec![n / bgc, o];
    canon_shape.extend(out_sp.iter().map(|&x| x as i64));
    let l = if l.element_type() != result_ty { convert(&l, result_ty)? } else { l };
    let k = if k.element_type() != result_ty { convert(&k, result_ty)? } else { k };
    let canon = match (l.data(), k.data()) {
        (Data::F32(_), Data::F32(_)) | (Data::F64(_), Data::F64(_)) => {
            let a = super::to_f64s(op, &l)?;
            let b = super::to_f64s(op, &k)?;
            super::from_f64s(result_ty, &canon_shape, conv_canonical(&a, &b, &g))?
        }
        (Data::C64(_), Data::C64(_)) | (Data::C128(_), Data::C128(_)) => {
            let a = super::to_c128s(op, &l)?;
            let b = super::to_c128s(op, &k)?;
            super::from_c128s(result_ty, &canon_shape, conv_canonical(&a, &b, &g))?
        }
        (Data::I64(a), Data::I64(b)) => {
            super::finish(result_ty, canon_shape.clone(), Data::I64(conv_canonical(a, b, &g)))?
        }
        (Data::U64(a), Data::U64(b)) => {
            super::finish(result_ty, canon_shape.clone(), Data::U64(conv_canonical(a, b, &g)))?
        }
        (Data::Bool(a), Data::Bool(b)) => {
            super::finish(result_ty, canon_shape.clone(), Data::Bool(conv_canonical(a, b, &g)))?
        }
        _ => return Err(InterpError::unsupported_type(op, result_ty)),
    };
    // canonical [N', O, Q...] → output layout: output dim operm[j] holds canonical dim j.
    let mut inv = vec![0usize; r];
    for (j, &d) in op_.iter().enumerate() {
        inv[d] = j;
    }
    let _ = (numel(&canon_shape), strides_of(&canon_shape));
    Ok(canon.transpose(&inv)?)
}
