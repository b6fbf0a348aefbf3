//! `fft`: FFT / IFFT (complex → complex), RFFT (real → complex, last
//! dimension `L/2 + 1`), IRFFT (complex → real, Hermitian input) over the
//! trailing `len(fft_length)` dimensions. Computed in f64 as a direct DFT
//! (radix-2 when the length is a power of two) and rounded once.

use std::f64::consts::PI;

use num_complex::Complex;

use super::{from_c128s, from_f64s, to_c128s};
use crate::value::{ElementType, Tensor};
use crate::{InterpError, KResult};

/// `fft_type`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum FftKind {
    Fft,
    Ifft,
    Rfft,
    Irfft,
}

impl FftKind {
    /// From the keyword.
    pub fn from_keyword(s: &str) -> Option<Self> {
        Some(match s.trim() {
            "FFT" => FftKind::Fft,
            "IFFT" => FftKind::Ifft,
            "RFFT" => FftKind::Rfft,
            "IRFFT" => FftKind::Irfft,
            _ => return None,
        })
    }
}

/// In-place DFT of a sequence (`inverse`: e^{+i}, no scaling).
fn dft(x: &mut [Complex<f64>], inverse: bool) {
    let n = x.len();
    if n <= 1 {
        return;
    }
    let sign = if inverse { 1.0 } else { -1.0 };
    if n.is_power_of_two() {
        // iterative radix-2
        let mut j = 0;
        for i in 1..n {
            let mut bit = n >> 1;
            while j & bit != 0 {
                j ^= bit;
                bit >>= 1;
            }
            j |= bit;
            if i < j {
                x.swap(i, j);
            }
        }
        let mut len = 2;
        while len <= n {
            let ang = sign * 2.0 * PI / len as f64;
            for start in (0..n).step_by(len) {
                for k in 0..len / 2 {
                    let w = Complex::from_polar(1.0, ang * k as f64);
                    let u = x[start + k];
                    let v = x[start + k + len / 2] * w;
                    x[start + k] = u + v;
                    x[start + k + len / 2] = u - v;
                }
            }
            len <<= 1;
        }
        return;
    }
    let src = x.to_vec();
    for (k, out) in x.iter_mut().enumerate() {
        let mut acc = Complex::new(0.0, 0.0);
        for (j, &v) in src.iter().enumerate() {
            let ang = sign * 2.0 * PI * ((j * k) % n) as f64 / n as f64;
            acc += v * Complex::from_polar(1.0, ang);
        }
        *out = acc;
    }
}

/// Applies `f` to every 1-D line along dimension `d` of `data` (`shape`).
fn along(data: &mut [Complex<f64>], shape: &[i64], d: usize, mut f: impl FnMut(&mut [Complex<f64>])) {
    let strides = super::strides_of(shape);
    let len = shape[d] as usize;
    let step = strides[d] as usize;
    let mut outer = shape.to_vec();
    outer[d] = 1;
    let mut line = vec![Complex::new(0.0, 0.0); len];
    for s in super::strided_indices(&outer, 0, &strides) {
        for k in 0..len {
            line[k] = data[s + k * step];
        }
        f(&mut line);
        for k in 0..len {
            data[s + k * step] = line[k];
        }
    }
}

/// `stablehlo.fft`.
pub fn fft(x: &Tensor, kind: FftKind, lengths: &[i64]) -> KResult<Tensor> {
    let op = "fft";
    let r = x.rank();
    let k = lengths.len();
    if k == 0 || k > 3 || k > r {
        return Err(InterpError::invalid(
            op,
            format!("fft_length {lengths:?} must have 1 to 3 entries, at most the rank"),
        ));
    }
    let shape = x.shape().to_vec();
    let first = r - k;
    let ty = x.element_type();
    match kind {
        FftKind::Fft | FftKind::Ifft => {
            if !ty.is_complex() || shape[first..] != *lengths {
                return Err(InterpError::invalid(
                    op,
                    "FFT/IFFT need a complex operand whose trailing dims equal fft_length",
                ));
            }
            let mut data = to_c128s(op, x)?;
            let inv = kind == FftKind::Ifft;
            for d in first..r {
                let n = shape[d] as f64;
                along(&mut data, &shape, d, |l| {
                    dft(l, inv);
                    if inv {
                        l.iter_mut().for_each(|v| *v /= n);
                    }
                });
            }
            from_c128s(ty, &shape, data)
        }
        FftKind::Rfft => {
            if !ty.is_float() || shape[first..] != *lengths {
                return Err(InterpError::invalid(
                    op,
                    "RFFT needs a float operand whose trailing dims equal fft_length",
                ));
            }
            let out_ty = if ty == ElementType::F64 { ElementType::Complex128 } else { ElementType::Complex64 };
            let mut data = to_c128s(op, x)?;
            let mut cur = shape.clone();
            // full transform on the last dim, then truncate to L/2+1
            along(&mut data, &cur, r - 1, |l| dft(l, false));
            let l = shape[r - 1] as usize;
            let h = l / 2 + 1;
            let rows = data.len() / l.max(1);
            let mut trunc = Vec::with_capacity(rows * h);
            for row in 0..rows {
                trunc.extend_from_slice(&data[row * l..row * l + h]);
            }
            data = trunc;
            cur[r - 1] = h as i64;
            for d in first..r - 1 {
                along(&mut data, &cur, d, |l| dft(l, false));
            }
            from_c128s(out_ty, &cur, data)
        }
        FftKind::Irfft => {
            let l = lengths[k - 1] as usize;
            let h = l / 2 + 1;
            if !ty.is_complex() || shape[first..r - 1] != lengths[..k - 1] || shape[r - 1] as usize != h {
                return Err(InterpError::invalid(
                    op,
                    "IRFFT needs a complex operand of trailing shape fft_length[:-1] x (L/2+1)",
                ));
            }
            let out_ty = ty.component_type().unwrap_or(ElementType::F32);
            let mut data = to_c128s(op, x)?;
            for d in first..r - 1 {
                let n = shape[d] as f64;
                along(&mut data, &shape, d, |v| {
                    dft(v, true);
                    v.iter_mut().for_each(|z| *z /= n);
                });
            }
            let rows = data.len() / h.max(1);
            let mut out = Vec::with_capacity(rows * l);
            let mut full = vec![Complex::new(0.0, 0.0); l];
            for row in 0..rows {
                let src = &data[row * h..row * h + h];
                for j in 0..l {
                    full[j] = if j < h { src[j] } else { src[l - j].conj() };
                }
                if l > 0 {
                    full[0].im = 0.0;
                    if l.is_multiple_of(2) {
                        full[l / 2].im = 0.0;
                    }
                }
                dft(&mut full, true);
                out.extend(full.iter().map(|z| z.re / l as f64));
            }
            let mut oshape = shape.clone();
            oshape[r - 1] = l as i64;
            from_f64s(out_ty, &oshape, out)
        }
    }
}
