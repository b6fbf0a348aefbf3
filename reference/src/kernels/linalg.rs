//! `cholesky` and `triangular_solve`, batched over leading dimensions,
//! computed in f64 (complex: `complex<f64>`) and rounded once.
//!
//! `cholesky` reads only the selected triangle and writes zeros to the
//! other one (the spec leaves it implementation-defined); a matrix that is
//! not Hermitian positive-definite yields NaNs. `triangular_solve` reads
//! only the selected triangle of `a` (and assumes a unit diagonal when
//! asked).

use num_complex::Complex;

use super::{from_c128s, from_f64s, to_c128s};
use crate::value::Tensor;
use crate::{InterpError, KResult};

type C = Complex<f64>;

/// `transpose_a` of `triangular_solve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum TransposeA {
    No,
    Transpose,
    Adjoint,
}

impl TransposeA {
    /// From the keyword (`NO_TRANSPOSE`, `TRANSPOSE`, `ADJOINT`).
    pub fn from_keyword(s: &str) -> Option<Self> {
        Some(match s.trim() {
            "NO_TRANSPOSE" => TransposeA::No,
            "TRANSPOSE" => TransposeA::Transpose,
            "ADJOINT" => TransposeA::Adjoint,
            _ => return None,
        })
    }
}

fn finish(t: &Tensor, shape: &[i64], v: Vec<C>) -> KResult<Tensor> {
    let ty = t.element_type();
    if ty.is_complex() {
        from_c128s(ty, shape, v)
    } else {
        from_f64s(ty, shape, v.into_iter().map(|z| z.re).collect())
    }
}

/// `stablehlo.cholesky`.
pub fn cholesky(a: &Tensor, lower: bool) -> KResult<Tensor> {
    let op = "cholesky";
    let r = a.rank();
    if r < 2 || a.shape()[r - 1] != a.shape()[r - 2] {
        return Err(InterpError::invalid(op, "operand must be a batch of square matrices"));
    }
    if !(a.element_type().is_float() || a.element_type().is_complex()) {
        return Err(InterpError::unsupported_type(op, a.element_type()));
    }
    let n = a.shape()[r - 1] as usize;
    let v = to_c128s(op, a)?;
    let mut out = vec![C::new(0.0, 0.0); v.len()];
    for (m, o) in v.chunks(n * n.max(1)).zip(out.chunks_mut(n * n.max(1))) {
        // element (i, j) of the lower-triangular source
        let src = |i: usize, j: usize| if lower { m[i * n + j] } else { m[j * n + i].conj() };
        let mut l = vec![C::new(0.0, 0.0); n * n];
        for j in 0..n {
            let mut d = src(j, j).re;
            for k in 0..j {
                d -= l[j * n + k].norm_sqr();
            }
            let djj = d.sqrt();
            l[j * n + j] = C::new(djj, 0.0);
            for i in j + 1..n {
                let mut s = src(i, j);
                for k in 0..j {
                    s -= l[i * n + k] * l[j * n + k].conj();
                }
                l[i * n + j] = s / djj;
            }
        }
        for i in 0..n {
            for j in 0..n {
                o[i * n + j] = if lower { l[i * n + j] } else { l[j * n + i].conj() };
            }
        }
    }
    finish(a, a.shape(), out)
}

/// `stablehlo.triangular_solve`: solves `op(a)·x = b` (`left_side`) or
/// `x·op(a) = b`, `op` per `transpose_a`.
pub fn triangular_solve(
    a: &Tensor,
    b: &Tensor,
    left_side: bool,
    lower: bool,
    unit_diagonal: bool,
    transpose_a: TransposeA,
) -> KResult<Tensor> {
    let op = "triangular_solve";
    let r = a.rank();
    if r < 2 || b.rank() != r || a.shape()[r - 1] != a.shape()[r - 2] || a.shape()[..r - 2] != b.shape()[..r - 2] {
        return Err(InterpError::invalid(op, "a must be a batch of square matrices matching b's batch"));
    }
    let n = a.shape()[r - 1] as usize;
    let (rows, cols) = (b.shape()[r - 2] as usize, b.shape()[r - 1] as usize);
    if (left_side && rows != n) || (!left_side && cols != n) {
        return Err(InterpError::invalid(op, "a and b dimensions do not match"));
    }
    let av = to_c128s(op, a)?;
    let bv = to_c128s(op, b)?;
    let mut out = vec![C::new(0.0, 0.0); bv.len()];
    let batches = if n == 0 { 0 } else { av.len() / (n * n) };
    for bi in 0..batches {
        let m = &av[bi * n * n..(bi + 1) * n * n];
        // effective matrix t = op(a) restricted to its triangle
        let tri = |i: usize, j: usize| -> C {
            let inside = if lower { j <= i } else { j >= i };
            if !inside {
                return C::new(0.0, 0.0);
            }
            if i == j && unit_diagonal {
                return C::new(1.0, 0.0);
            }
            m[i * n + j]
        };
        let t = |i: usize, j: usize| -> C {
            match transpose_a {
                TransposeA::No => tri(i, j),
                TransposeA::Transpose => tri(j, i),
                TransposeA::Adjoint => tri(j, i).conj(),
            }
        };
        let eff_lower = lower == (transpose_a == TransposeA::No);
        let bb = &bv[bi * rows * cols..(bi + 1) * rows * cols];
        let ob = &mut out[bi * rows * cols..(bi + 1) * rows * cols];
        if left_side {
            // t x = b, column by column
            for c in 0..cols {
                let order: Vec<usize> = if eff_lower { (0..n).collect() } else { (0..n).rev().collect() };
                for &i in &order {
                    let mut s = bb[i * cols + c];
                    for k in 0..n {
                        if k != i && (if eff_lower { k < i } else { k > i }) {
                            s -= t(i, k) * ob[k * cols + c];
                        }
                    }
                    ob[i * cols + c] = s / t(i, i);
                }
            }
        } else {
            // x t = b, row by row: x[r, j] = (b[r, j] - Σ_k x[r, k] t[k, j]) / t[j, j]
            for rr in 0..rows {
                let order: Vec<usize> = if eff_lower { (0..n).rev().collect() } else { (0..n).collect() };
                for &j in &order {
                    let mut s = bb[rr * cols + j];
                    for k in 0..n {
                        if k != j && (if eff_lower { k > j } else { k < j }) {
                            s -= ob[rr * cols + k] * t(k, j);
                        }
                    }
                    ob[rr * cols + j] = s / t(j, j);
                }
            }
        }
    }
    finish(b, b.shape(), out)
}
