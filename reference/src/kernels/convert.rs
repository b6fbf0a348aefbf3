//! `convert` and `reduce_precision`.
//!
//! `convert` (the spec leaves inexact cases TBD, #180; Strata follows the
//! reference interpreter):
//! - `i1` → anything: `false` → 0, `true` → 1; anything → `i1`: `x != 0`
//!   (NaN counts as non-zero; complex: the real part);
//! - integer → integer: wraps (sign- or zero-extension by the source's
//!   signedness, then truncation);
//! - integer/float → float: round to nearest, ties to even;
//! - float → integer: truncation toward zero, saturating at the type's
//!   bounds, NaN → 0 (APFloat `convertToInteger(rmTowardZero)`);
//! - complex → real: the real part; real → complex: imaginary part zero.

use num_complex::Complex;

use super::finish;
use crate::value::{wrap_signed, wrap_unsigned, Data, ElementType, FloatFormat, Tensor};
use crate::{InterpError, KResult};

fn float_to_int(x: f64, ty: ElementType) -> (i64, u64) {
    let (lo, hi) = ty.int_range().unwrap_or((0, 0));
    if x.is_nan() {
        return (0, 0);
    }
    let t = x.trunc();
    if ty.is_unsigned_integer() {
        let v = if t <= 0.0 {
            0
        } else if t >= hi as f64 {
            hi as u64
        } else {
            t as u64
        };
        (v as i64, v)
    } else {
        let v = if t <= lo as f64 {
            lo as i64
        } else if t >= hi as f64 {
            hi as i64
        } else {
            t as i64
        };
        (v, v as u64)
    }
}

fn round_into_f32(ty: ElementType) -> impl Fn(f64) -> f32 {
    let fmt: Option<FloatFormat> = if ty == ElementType::F32 { None } else { ty.float_format() };
    move |x| match fmt {
        None => x as f32,
        Some(f) => f.round(x) as f32,
    }
}

/// Real values of the source as f64 (exact for every float type and for
/// integers up to 2^53) — used for float destinations.
fn int_to_float_f32(ty: ElementType, v: impl Iterator<Item = i128>) -> Vec<f32> {
    if ty == ElementType::F32 {
        // `as f32` from i128 is correctly rounded.
        v.map(|x| x as f32).collect()
    } else {
        let r = round_into_f32(ty);
        v.map(|x| {
            let f = x as f64;
            r(f)
        })
        .collect()
    }
}

/// `stablehlo.convert`: converts every element to `to`.
pub fn convert(x: &Tensor, to: ElementType) -> KResult<Tensor> {
    let from = x.element_type();
    let shape = x.shape().to_vec();
    if from == to {
        return Ok(x.clone());
    }
    if !to.is_valid() {
        return Err(InterpError::unsupported_type("convert", to));
    }
    // Source as one of: ints (i128), floats (f64 / f32 slice), complex.
    enum Src<'a> {
        Ints(Vec<i128>),
        F32(&'a [f32]),
        F64(&'a [f64]),
        C(Vec<Complex<f64>>),
    }
    let src = match x.data() {
        Data::Bool(v) => Src::Ints(v.iter().map(|&b| b as i128).collect()),
        Data::I64(v) => Src::Ints(v.iter().map(|&a| a as i128).collect()),
        Data::U64(v) => Src::Ints(v.iter().map(|&a| a as i128).collect()),
        Data::F32(v) => Src::F32(v),
        Data::F64(v) => Src::F64(v),
        Data::C64(v) => Src::C(v.iter().map(|c| Complex::new(c.re as f64, c.im as f64)).collect()),
        Data::C128(v) => Src::C(v.clone()),
    };
    let reals = |s: &Src| -> Vec<f64> {
        match s {
            Src::Ints(v) => v.iter().map(|&a| a as f64).collect(),
            Src::F32(v) => v.iter().map(|&a| a as f64).collect(),
            Src::F64(v) => v.to_vec(),
            Src::C(v) => v.iter().map(|c| c.re).collect(),
        }
    };
    let data = match to {
        ElementType::I1 => Data::Bool(match &src {
            Src::Ints(v) => v.iter().map(|&a| a != 0).collect(),
            Src::C(v) => v.iter().map(|c| c.re != 0.0).collect(),
            s => reals(s).into_iter().map(|a| a != 0.0).collect(),
        }),
        ElementType::SInt(b) => Data::I64(match &src {
            Src::Ints(v) => v.iter().map(|&a| wrap_signed(b as u32, a)).collect(),
            s => reals(s).into_iter().map(|a| float_to_int(a, to).0).collect(),
        }),
        ElementType::UInt(b) => Data::U64(match &src {
            Src::Ints(v) => v.iter().map(|&a| wrap_unsigned(b as u32, a)).collect(),
            s => reals(s).into_iter().map(|a| float_to_int(a, to).1).collect(),
        }),
        ElementType::F64 => Data::F64(match &src {
            Src::Ints(v) => v.iter().map(|&a| a as f64).collect(),
            s => reals(s),
        }),
        ElementType::Complex64 | ElementType::Complex128 => {
            let c: Vec<Complex<f64>> = match &src {
                Src::C(v) => v.clone(),
                s => reals(s).into_iter().map(|a| Complex::new(a, 0.0)).collect(),
            };
            if to == ElementType::Complex64 {
                Data::C64(c.into_iter().map(|z| Complex::new(z.re as f32, z.im as f32)).collect())
            } else {
                Data::C128(c)
            }
        }
        t if t.is_float() => Data::F32(match &src {
            Src::Ints(v) => int_to_float_f32(t, v.iter().copied()),
            s => {
                let r = round_into_f32(t);
                reals(s).into_iter().map(r).collect()
            }
        }),
        _ => return Err(InterpError::unsupported_type("convert", to)),
    };
    finish(to, shape, data)
}

/// XLA's `ReducePrecision` on one value of a binary format with
/// `src_mant`/`src_exp` bits, given as its bit pattern.
fn reduce_bits(value: u64, total_bits: u32, src_exp: u32, src_mant: u32, exp_bits: u32, mant_bits: u32) -> u64 {
    let mut v = value;
    let all = if total_bits >= 64 { u64::MAX } else { (1u64 << total_bits) - 1 };
    if mant_bits < src_mant {
        let shift = src_mant - mant_bits;
        let last_mantissa_bit_mask = 1u64 << shift;
        let base_rounding_bias = (last_mantissa_bit_mask >> 1).wrapping_sub(1);
        let x_last_mantissa_bit = (v & last_mantissa_bit_mask) >> shift;
        let x_rounding_bias = x_last_mantissa_bit.wrapping_add(base_rounding_bias);
        let truncation_mask = !(last_mantissa_bit_mask - 1);
        v = v.wrapping_add(x_rounding_bias) & truncation_mask & all;
    }
    if exp_bits < src_exp {
        let sign_bit_mask = 1u64 << (total_bits - 1);
        let exp_bits_mask = ((1u64 << src_exp) - 1) << src_mant;
        let exponent_bias = (1u64 << (src_exp - 1)) - 1;
        let reduced_exponent_bias = (1u64 << (exp_bits - 1)) - 1;
        let reduced_max_exponent = exponent_bias + reduced_exponent_bias;
        let reduced_min_exponent = exponent_bias - reduced_exponent_bias;
        let x_exponent = v & exp_bits_mask;
        let overflows = x_exponent > (reduced_max_exponent << src_mant);
        let underflows = x_exponent <= (reduced_min_exponent << src_mant);
        let signed_zero = v & sign_bit_mask;
        let signed_inf = signed_zero | exp_bits_mask;
        if overflows {
            v = signed_inf;
        }
        if underflows {
            v = signed_zero;
        }
    }
    v
}

/// `stablehlo.reduce_precision`: rounds every element to a float format
/// with `exponent_bits` and `mantissa_bits` (round to nearest even;
/// overflow → ±inf, values below the smallest normal → ±0; NaN stays NaN,
/// or becomes inf when `mantissa_bits = 0`), and back — XLA's bit
/// algorithm, applied to the value as f32 (f32 and narrower types) or f64.
pub fn reduce_precision(x: &Tensor, exponent_bits: i64, mantissa_bits: i64) -> KResult<Tensor> {
    if exponent_bits < 1 || mantissa_bits < 0 {
        return Err(InterpError::invalid(
            "reduce_precision",
            format!("exponent_bits = {exponent_bits} must be >= 1 and mantissa_bits = {mantissa_bits} >= 0"),
        ));
    }
    let (e, m) = (exponent_bits.min(64) as u32, mantissa_bits.min(64) as u32);
    let ty = x.element_type();
    let data = match x.data() {
        Data::F32(v) => Data::F32(
            v.iter()
                .map(|&a| {
                    if a.is_nan() {
                        return if m > 0 { a } else { f32::INFINITY };
                    }
                    f32::from_bits(reduce_bits(a.to_bits() as u64, 32, 8, 23, e, m) as u32)
                })
                .collect(),
        ),
        Data::F64(v) => Data::F64(
            v.iter()
                .map(|&a| {
                    if a.is_nan() {
                        return if m > 0 { a } else { f64::INFINITY };
                    }
                    f64::from_bits(reduce_bits(a.to_bits(), 64, 11, 52, e, m))
                })
                .collect(),
        ),
        _ => return Err(InterpError::unsupported_type("reduce_precision", ty)),
    };
    finish(ty, x.shape().to_vec(), data)
}
