//! `bitcast_convert`: reinterprets the bits of a tensor as another element
//! type, across widths (little-endian: a wider element is built from the
//! narrower ones along a new minor dimension, lowest first).
//!
//! Bits of an element are its bit pattern in its type (`i4` → 4 bits,
//! `tf32` → 19 bits, `complex<f32>` → real then imaginary part, 64 bits).

use num_complex::Complex;

use crate::value::{wrap_signed, wrap_unsigned, Data, ElementType, Tensor};
use crate::{InterpError, KResult};

/// Bit patterns of every element, `(bits, width)` chunks in order (complex:
/// two chunks).
fn chunks(t: &Tensor) -> (Vec<u64>, u32) {
    let ty = t.element_type();
    let w = match ty.component_type() {
        Some(c) => c.bit_width(),
        None => ty.bit_width(),
    };
    (t.element_bits(), w)
}

/// Builds elements of `ty` from consecutive bit patterns of their width.
fn from_bits(ty: ElementType, shape: &[i64], bits: &[u64]) -> KResult<Tensor> {
    let data = match ty {
        ElementType::I1 => Data::Bool(bits.iter().map(|&b| b & 1 != 0).collect()),
        ElementType::SInt(b) => Data::I64(bits.iter().map(|&x| wrap_signed(b as u32, x as i128)).collect()),
        ElementType::UInt(b) => Data::U64(bits.iter().map(|&x| wrap_unsigned(b as u32, x as i128)).collect()),
        ElementType::F32 => Data::F32(bits.iter().map(|&x| f32::from_bits(x as u32)).collect()),
        ElementType::F64 => Data::F64(bits.iter().map(|&x| f64::from_bits(x)).collect()),
        ElementType::Complex64 => Data::C64(
            bits.chunks_exact(2)
                .map(|c| Complex::new(f32::from_bits(c[0] as u32), f32::from_bits(c[1] as u32)))
                .collect(),
        ),
        ElementType::Complex128 => {
            Data::C128(bits.chunks_exact(2).map(|c| Complex::new(f64::from_bits(c[0]), f64::from_bits(c[1]))).collect())
        }
        t => {
            let f = t.float_format().ok_or_else(|| InterpError::unsupported_type("bitcast_convert", t))?;
            Data::F32(bits.iter().map(|&x| f.decode(x) as f32).collect())
        }
    };
    Ok(Tensor::new(ty, shape.to_vec(), data)?)
}

/// `stablehlo.bitcast_convert` of `x` to a tensor of element type `to` and
/// shape `out_shape` (the result type: same shape for equal widths, one
/// more minor dimension when narrowing, one less when widening).
pub fn bitcast_convert(x: &Tensor, to: ElementType, out_shape: &[i64]) -> KResult<Tensor> {
    let op = "bitcast_convert";
    let from = x.element_type();
    let (wi, wo) = (from.bit_width() as u64, to.bit_width() as u64);
    let r = x.rank();
    let shape_ok = if wi == wo {
        out_shape == x.shape()
    } else if wo < wi {
        out_shape.len() == r + 1 && out_shape[..r] == *x.shape() && out_shape[r] as u64 * wo == wi
    } else {
        r >= 1 && out_shape.len() == r - 1 && out_shape == &x.shape()[..r - 1] && x.shape()[r - 1] as u64 * wi == wo
    };
    if !shape_ok {
        return Err(InterpError::invalid(op, format!("cannot bitcast {from} {:?} to {to} {out_shape:?}", x.shape())));
    }
    if from.is_complex() != to.is_complex() {
        return Err(InterpError::invalid(op, "complex types bitcast only to complex types"));
    }
    let (src, cw) = chunks(x);
    let ow = match to.component_type() {
        Some(c) => c.bit_width(),
        None => to.bit_width(),
    };
    // Repack a little-endian bit stream of `cw`-bit chunks into `ow`-bit chunks.
    let mut out = Vec::with_capacity(src.len() * cw as usize / ow.max(1) as usize + 1);
    let mut acc: u128 = 0;
    let mut have: u32 = 0;
    let in_mask: u128 = if cw >= 64 { u64::MAX as u128 } else { (1u128 << cw) - 1 };
    let out_mask: u128 = if ow >= 64 { u64::MAX as u128 } else { (1u128 << ow) - 1 };
    for &b in &src {
        acc |= ((b as u128) & in_mask) << have;
        have += cw;
        while have >= ow {
            out.push((acc & out_mask) as u64);
            acc >>= ow;
            have -= ow;
        }
    }
    from_bits(to, out_shape, &out)
}
