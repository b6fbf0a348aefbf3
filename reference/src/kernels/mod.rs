//! Kernels: the semantics of each StableHLO op as a pure function on
//! tensors. One module per op family; shared index helpers live here.
//!
//! Conventions: attributes are explicit arguments (`&[i64]` dimension lists,
//! small enums); every kernel validates what it relies on and returns
//! [`InterpError`] instead of panicking; results satisfy the value layer's
//! storage invariant (sub-f32 floats rounded, narrow integers wrapped).

pub mod batch_norm;
pub mod bitcast;
pub mod compare_select;
pub mod convert;
pub mod dot_conv;
pub mod elementwise;
pub mod fft;
pub mod gather_scatter;
pub mod linalg;
pub mod quant;
pub mod reduce;
pub mod rng;
pub mod shape;
pub mod sort;

use num_complex::Complex;

use super::{InterpError, KResult};
use crate::value::tensor::{for_each_strided_row, gather_strided};
use crate::value::{Data, Element, ElementType, Tensor};

pub use batch_norm::*;
pub use bitcast::*;
pub use compare_select::*;
pub use convert::*;
pub use dot_conv::*;
pub use elementwise::*;
pub use fft::*;
pub use gather_scatter::*;
pub use linalg::*;
pub use quant::*;
pub use reduce::*;
pub use rng::*;
pub use shape::*;
pub use sort::*;

pub(crate) use crate::value::tensor::map_data;

/// Gathers `src[idx[k]]` for every `k` (indices must be in bounds).
pub fn take(src: &Data, idx: &[usize]) -> Data {
    map_data!(src, v => idx.iter().map(|&i| v[i]).collect())
}

/// Like [`take`], but `usize::MAX` selects `fill[0]`.
pub fn take_or_fill(src: &Data, idx: &[usize], fill: &Data) -> KResult<Data> {
    fn go<T: Copy>(v: &[T], idx: &[usize], f: &[T]) -> Vec<T> {
        let f = f[0];
        idx.iter().map(|&i| if i == usize::MAX { f } else { v[i] }).collect()
    }
    Ok(match (src, fill) {
        (Data::Bool(v), Data::Bool(f)) if !f.is_empty() => Data::Bool(go(v, idx, f)),
        (Data::I64(v), Data::I64(f)) if !f.is_empty() => Data::I64(go(v, idx, f)),
        (Data::U64(v), Data::U64(f)) if !f.is_empty() => Data::U64(go(v, idx, f)),
        (Data::F32(v), Data::F32(f)) if !f.is_empty() => Data::F32(go(v, idx, f)),
        (Data::F64(v), Data::F64(f)) if !f.is_empty() => Data::F64(go(v, idx, f)),
        (Data::C64(v), Data::C64(f)) if !f.is_empty() => Data::C64(go(v, idx, f)),
        (Data::C128(v), Data::C128(f)) if !f.is_empty() => Data::C128(go(v, idx, f)),
        _ => return Err(InterpError::invalid("fill", "fill value of a different storage kind or empty")),
    })
}

/// Writes `src[k]` to `dst[idx[k]]` for every `k` (same storage kind).
pub fn put(dst: &mut Data, idx: &[usize], src: &Data) -> KResult<()> {
    fn go<T: Copy>(d: &mut [T], idx: &[usize], s: &[T]) {
        for (&i, &x) in idx.iter().zip(s) {
            d[i] = x;
        }
    }
    match (dst, src) {
        (Data::Bool(d), Data::Bool(s)) => go(d, idx, s),
        (Data::I64(d), Data::I64(s)) => go(d, idx, s),
        (Data::U64(d), Data::U64(s)) => go(d, idx, s),
        (Data::F32(d), Data::F32(s)) => go(d, idx, s),
        (Data::F64(d), Data::F64(s)) => go(d, idx, s),
        (Data::C64(d), Data::C64(s)) => go(d, idx, s),
        (Data::C128(d), Data::C128(s)) => go(d, idx, s),
        _ => return Err(InterpError::invalid("put", "storage kinds differ")),
    }
    Ok(())
}

/// Concatenates several [`Data`] of the same kind.
pub fn concat_data(parts: &[&Data]) -> KResult<Data> {
    let first = parts.first().ok_or_else(|| InterpError::invalid("concat", "no parts"))?;
    let mut out = map_data!(*first, v => Vec::with_capacity(v.len()));
    for p in parts {
        match (&mut out, *p) {
            (Data::Bool(d), Data::Bool(s)) => d.extend_from_slice(s),
            (Data::I64(d), Data::I64(s)) => d.extend_from_slice(s),
            (Data::U64(d), Data::U64(s)) => d.extend_from_slice(s),
            (Data::F32(d), Data::F32(s)) => d.extend_from_slice(s),
            (Data::F64(d), Data::F64(s)) => d.extend_from_slice(s),
            (Data::C64(d), Data::C64(s)) => d.extend_from_slice(s),
            (Data::C128(d), Data::C128(s)) => d.extend_from_slice(s),
            _ => return Err(InterpError::invalid("concat", "storage kinds differ")),
        }
    }
    Ok(out)
}

/// The flat source offsets of a strided view: for every index `i` of
/// `out_shape` (row-major), `base + Σ i[d]·strides[d]`.
pub fn strided_indices(out_shape: &[i64], base: i64, strides: &[i64]) -> Vec<usize> {
    let mut out = Vec::with_capacity(numel(out_shape));
    let (inner, step) = match out_shape.len() {
        0 => (1, 0),
        r => (out_shape[r - 1], strides[r - 1]),
    };
    for_each_strided_row(out_shape, base, strides, |off| out.extend((0..inner).map(|k| (off + k * step) as usize)));
    out
}

/// Copies a strided view of `src` (see [`strided_indices`]) without
/// materialising the offsets (see [`gather_strided`]).
pub fn strided_copy(src: &Data, out_shape: &[i64], base: i64, strides: &[i64]) -> Data {
    map_data!(src, v => gather_strided(v, out_shape, base, strides))
}

/// Row-major strides of a shape, as i64.
pub fn strides_of(shape: &[i64]) -> Vec<i64> {
    let mut s = vec![1i64; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1] * shape[i + 1].max(0);
    }
    s
}

/// Number of elements of a (validated) shape.
pub fn numel(shape: &[i64]) -> usize {
    shape.iter().map(|&d| d.max(0) as usize).product()
}

/// Checks that a shape has no negative dimensions.
pub fn check_shape(op: &str, shape: &[i64]) -> KResult<()> {
    if shape.iter().any(|&d| d < 0) {
        return Err(InterpError::invalid(op, format!("negative dimension in shape {shape:?}")));
    }
    Ok(())
}

/// Checks that every dimension in `dims` is in `0..rank` and (optionally)
/// that they are unique; returns them as `usize`.
pub fn check_dims(op: &str, what: &str, dims: &[i64], rank: usize, unique: bool) -> KResult<Vec<usize>> {
    let mut seen = vec![false; rank];
    let mut out = Vec::with_capacity(dims.len());
    for &d in dims {
        if d < 0 || d as usize >= rank {
            return Err(InterpError::invalid(op, format!("{what} {dims:?} out of range for rank {rank}")));
        }
        if unique && seen[d as usize] {
            return Err(InterpError::invalid(op, format!("{what} {dims:?} are not unique")));
        }
        seen[d as usize] = true;
        out.push(d as usize);
    }
    Ok(out)
}

/// Checks that two tensors have the same element type and shape.
pub fn check_same(op: &str, a: &Tensor, b: &Tensor) -> KResult<()> {
    if a.element_type() != b.element_type() {
        return Err(InterpError::invalid(
            op,
            format!("element types differ: {} vs {}", a.element_type(), b.element_type()),
        ));
    }
    if a.shape() != b.shape() {
        return Err(InterpError::invalid(op, format!("shapes differ: {:?} vs {:?}", a.shape(), b.shape())));
    }
    Ok(())
}

/// The `i`-th element as a rank-0 tensor.
pub fn scalar_at(t: &Tensor, i: usize) -> Tensor {
    let data = map_data!(t.data(), v => vec![v[i]]);
    Tensor::new(t.element_type(), vec![], data).expect("scalar of a valid tensor")
}

/// The single element of a tensor with one element (any rank).
pub fn single_element(op: &str, t: &Tensor) -> KResult<Element> {
    if t.num_elements() != 1 {
        return Err(InterpError::invalid(op, format!("expected a single-element tensor, got shape {:?}", t.shape())));
    }
    Ok(t.get_flat(0).expect("one element"))
}

/// Reads an integer-like tensor (signed, unsigned or boolean) as i64s
/// (unsigned values above `i64::MAX` saturate).
pub fn to_i64s(op: &str, t: &Tensor) -> KResult<Vec<i64>> {
    Ok(match t.data() {
        Data::I64(v) => v.clone(),
        Data::U64(v) => v.iter().map(|&x| x.min(i64::MAX as u64) as i64).collect(),
        Data::Bool(v) => v.iter().map(|&b| b as i64).collect(),
        _ => return Err(InterpError::unsupported_type(op, t.element_type())),
    })
}

/// Reads a float tensor as f64s (complex: error).
pub fn to_f64s(op: &str, t: &Tensor) -> KResult<Vec<f64>> {
    Ok(match t.data() {
        Data::F32(v) => v.iter().map(|&x| x as f64).collect(),
        Data::F64(v) => v.clone(),
        Data::I64(v) => v.iter().map(|&x| x as f64).collect(),
        Data::U64(v) => v.iter().map(|&x| x as f64).collect(),
        Data::Bool(v) => v.iter().map(|&b| b as u8 as f64).collect(),
        _ => return Err(InterpError::unsupported_type(op, t.element_type())),
    })
}

/// Reads a float or complex tensor as complex f64s.
pub fn to_c128s(op: &str, t: &Tensor) -> KResult<Vec<Complex<f64>>> {
    Ok(match t.data() {
        Data::C64(v) => v.iter().map(|c| Complex::new(c.re as f64, c.im as f64)).collect(),
        Data::C128(v) => v.clone(),
        _ => to_f64s(op, t)?.into_iter().map(|x| Complex::new(x, 0.0)).collect(),
    })
}

/// Builds a float tensor of type `ty` from f64 values (rounded once).
pub fn from_f64s(ty: ElementType, shape: &[i64], v: Vec<f64>) -> KResult<Tensor> {
    let data = match ty {
        ElementType::F64 => Data::F64(v),
        ElementType::F32 => Data::F32(v.into_iter().map(|x| x as f32).collect()),
        t if t.is_float() => {
            let f = t.float_format().expect("float");
            Data::F32(v.into_iter().map(|x| f.round(x) as f32).collect())
        }
        _ => return Err(InterpError::unsupported_type("from_f64s", ty)),
    };
    Ok(Tensor::new(ty, shape.to_vec(), data)?)
}

/// Builds a complex tensor of type `ty` from complex f64 values.
pub fn from_c128s(ty: ElementType, shape: &[i64], v: Vec<Complex<f64>>) -> KResult<Tensor> {
    let data = match ty {
        ElementType::Complex128 => Data::C128(v),
        ElementType::Complex64 => Data::C64(v.into_iter().map(|c| Complex::new(c.re as f32, c.im as f32)).collect()),
        _ => return Err(InterpError::unsupported_type("from_c128s", ty)),
    };
    Ok(Tensor::new(ty, shape.to_vec(), data)?)
}

/// Builds a tensor from its parts, restoring the storage invariant
/// (rounding sub-f32 floats, wrapping narrow integers).
pub fn finish(ty: ElementType, shape: Vec<i64>, data: Data) -> KResult<Tensor> {
    let needs = match ty {
        ElementType::SInt(b) | ElementType::UInt(b) => b < 64,
        ElementType::F32 | ElementType::F64 | ElementType::I1 | ElementType::Complex64 | ElementType::Complex128 => {
            false
        }
        _ => true,
    };
    if needs {
        Ok(Tensor::new_normalized(ty, shape, data)?)
    } else {
        Ok(Tensor::new(ty, shape, data)?)
    }
}
