//! Tensors: an [`ElementType`], a static shape and the elements in a typed
//! vector ([`Data`]), row-major (the last dimension varies fastest), like
//! the StableHLO reference interpreter's `Tensor`.
//!
//! # Storage invariant
//!
//! Every stored value is exactly a value of the element type:
//! - `i1` → [`Data::Bool`];
//! - signed integers → [`Data::I64`], sign-extended from their width
//!   (an `i4` holds −8..=7);
//! - unsigned integers → [`Data::U64`], zero-extended (`ui4` holds 0..=15);
//! - `f64` → [`Data::F64`];
//! - every other real float type (f32, tf32, f16, bf16, f8*, f6*, f4*) →
//!   [`Data::F32`] holding values already rounded to the type (all of them
//!   are exactly representable in f32, including f8E8M0FNU's 2^-127); NaNs
//!   are f32 NaNs;
//! - `complex<f32>`/`complex<f64>` → [`Data::C64`]/[`Data::C128`].
//!
//! Constructors that take values round or wrap them into the type;
//! [`Tensor::new`] takes a [`Data`] as is (checking only its kind and
//! length) for speed, and [`Tensor::normalize`] restores the invariant after
//! raw writes through [`Tensor::data_mut`].
//!
//! Keeping sub-f32 floats as f32 lets elementwise kernels run on plain
//! `f32` slices and round once per result (exact for +, −, ×, ÷ and sqrt,
//! since f32 has more than twice the precision of f16/bf16 plus two bits).

use num_complex::Complex;

use super::element::{round_to, wrap_signed, wrap_unsigned, Element, ElementType, StorageKind};
use super::ValueError;

/// The elements of a tensor, in one typed vector per storage kind (see the
/// module docs for which element types use which).
#[derive(Clone, Debug, PartialEq)]
pub enum Data {
    /// `i1`.
    Bool(Vec<bool>),
    /// Signed integers, sign-extended.
    I64(Vec<i64>),
    /// Unsigned integers.
    U64(Vec<u64>),
    /// f32 and every smaller float type.
    F32(Vec<f32>),
    /// f64.
    F64(Vec<f64>),
    /// `complex<f32>`.
    C64(Vec<Complex<f32>>),
    /// `complex<f64>`.
    C128(Vec<Complex<f64>>),
}

macro_rules! for_each_data {
    ($data:expr, $v:ident => $body:expr) => {
        match $data {
            Data::Bool($v) => $body,
            Data::I64($v) => $body,
            Data::U64($v) => $body,
            Data::F32($v) => $body,
            Data::F64($v) => $body,
            Data::C64($v) => $body,
            Data::C128($v) => $body,
        }
    };
}

/// Applies `$body` to the typed vector inside a [`Data`], producing a new [`Data`] of the same
/// kind (the kernels use it too).
macro_rules! map_data {
    ($data:expr, $v:ident => $body:expr) => {
        match $data {
            Data::Bool($v) => Data::Bool($body),
            Data::I64($v) => Data::I64($body),
            Data::U64($v) => Data::U64($body),
            Data::F32($v) => Data::F32($body),
            Data::F64($v) => Data::F64($body),
            Data::C64($v) => Data::C64($body),
            Data::C128($v) => Data::C128($body),
        }
    };
}
pub(crate) use map_data;

impl Data {
    /// Which storage kind this is.
    pub fn kind(&self) -> StorageKind {
        match self {
            Data::Bool(_) => StorageKind::Bool,
            Data::I64(_) => StorageKind::I64,
            Data::U64(_) => StorageKind::U64,
            Data::F32(_) => StorageKind::F32,
            Data::F64(_) => StorageKind::F64,
            Data::C64(_) => StorageKind::C64,
            Data::C128(_) => StorageKind::C128,
        }
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        for_each_data!(self, v => v.len())
    }

    /// Whether there are no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `n` elements of value zero (all bits clear) of the given kind.
    pub fn zeros(kind: StorageKind, n: usize) -> Data {
        match kind {
            StorageKind::Bool => Data::Bool(vec![false; n]),
            StorageKind::I64 => Data::I64(vec![0; n]),
            StorageKind::U64 => Data::U64(vec![0; n]),
            StorageKind::F32 => Data::F32(vec![0.0; n]),
            StorageKind::F64 => Data::F64(vec![0.0; n]),
            StorageKind::C64 => Data::C64(vec![Complex::new(0.0, 0.0); n]),
            StorageKind::C128 => Data::C128(vec![Complex::new(0.0, 0.0); n]),
        }
    }

    /// The `i`-th element.
    pub fn get(&self, i: usize) -> Option<Element> {
        Some(match self {
            Data::Bool(v) => Element::Bool(*v.get(i)?),
            Data::I64(v) => Element::Int(*v.get(i)?),
            Data::U64(v) => Element::UInt(*v.get(i)?),
            Data::F32(v) => Element::Float(*v.get(i)? as f64),
            Data::F64(v) => Element::Float(*v.get(i)?),
            Data::C64(v) => {
                let c = v.get(i)?;
                Element::Complex(Complex::new(c.re as f64, c.im as f64))
            }
            Data::C128(v) => Element::Complex(*v.get(i)?),
        })
    }

    /// Stores an element already coerced to the kind of this vector.
    fn put(&mut self, i: usize, e: Element) -> bool {
        match (self, e) {
            (Data::Bool(v), Element::Bool(b)) => v[i] = b,
            (Data::I64(v), Element::Int(x)) => v[i] = x,
            (Data::U64(v), Element::UInt(x)) => v[i] = x,
            (Data::F32(v), Element::Float(x)) => v[i] = x as f32,
            (Data::F64(v), Element::Float(x)) => v[i] = x,
            (Data::C64(v), Element::Complex(c)) => v[i] = Complex::new(c.re as f32, c.im as f32),
            (Data::C128(v), Element::Complex(c)) => v[i] = c,
            _ => return false,
        }
        true
    }

    /// The elements permuted as by a transpose: `self` is a row-major array
    /// of shape `in_shape`; dimension `i` of the result is dimension
    /// `perm[i]` of the input. `perm` must be a permutation of
    /// `0..in_shape.len()` and `in_shape` must match the length (callers
    /// check).
    pub(crate) fn permuted(&self, in_shape: &[usize], perm: &[usize]) -> Data {
        map_data!(self, v => permute(v, in_shape, perm))
    }
}

/// Transposes a row-major buffer (see [`Data::permuted`]): a strided view of it.
fn permute<T: Copy>(src: &[T], in_shape: &[usize], perm: &[usize]) -> Vec<T> {
    if in_shape.len() <= 1 || src.is_empty() || perm.iter().enumerate().all(|(i, &p)| i == p) {
        return src.to_vec();
    }
    let shape: Vec<i64> = in_shape.iter().map(|&d| d as i64).collect();
    let in_strides = row_major_strides(&shape);
    let out_shape: Vec<i64> = perm.iter().map(|&p| shape[p]).collect();
    let step: Vec<i64> = perm.iter().map(|&p| in_strides[p] as i64).collect();
    gather_strided(src, &out_shape, 0, &step)
}

/// Visits a strided view of a flat buffer row by row: for every index `i` of `shape` with a
/// last coordinate of 0 (row-major order), `f` gets the flat offset `base + Σ i[d]·strides[d]`
/// of the row's first element; the row's elements follow at `strides[rank - 1]` apart
/// (`shape[rank - 1]` of them). A rank-0 view is one row of one element at `base`; a view with
/// no elements has no rows. Negative dimensions count as 0.
pub fn for_each_strided_row(shape: &[i64], base: i64, strides: &[i64], mut f: impl FnMut(i64)) {
    if shape.iter().any(|&d| d <= 0) {
        return;
    }
    let rank = shape.len();
    if rank == 0 {
        f(base);
        return;
    }
    let mut idx = vec![0i64; rank - 1];
    let mut off = base;
    loop {
        f(off);
        let mut d = rank - 1;
        loop {
            if d == 0 {
                return;
            }
            d -= 1;
            idx[d] += 1;
            off += strides[d];
            if idx[d] < shape[d] {
                break;
            }
            off -= strides[d] * shape[d];
            idx[d] = 0;
        }
    }
}

/// The elements of a strided view of `v` (see [`for_each_strided_row`]), row-major. Rows are
/// copied as slices (stride 1), splats (stride 0) or gathered (other strides).
pub fn gather_strided<T: Copy>(v: &[T], shape: &[i64], base: i64, strides: &[i64]) -> Vec<T> {
    let mut out = Vec::with_capacity(shape.iter().map(|&d| d.max(0) as usize).product());
    let (inner, step) = match shape.len() {
        0 => (1, 0),
        r => (shape[r - 1] as usize, strides[r - 1]),
    };
    for_each_strided_row(shape, base, strides, |off| match step {
        1 => out.extend_from_slice(&v[off as usize..off as usize + inner]),
        0 => out.extend(std::iter::repeat_n(v[off as usize], inner)),
        _ => out.extend((0..inner as i64).map(|k| v[(off + k * step) as usize])),
    });
    out
}

/// Number of elements of a shape; an error for negative dimensions or a
/// product that overflows `usize`.
pub fn num_elements(shape: &[i64]) -> Result<usize, ValueError> {
    let mut n: usize = 1;
    for &d in shape {
        if d < 0 {
            return Err(ValueError::InvalidShape { shape: shape.to_vec(), reason: "negative dimension".into() });
        }
        n = n.checked_mul(d as usize).ok_or_else(|| ValueError::InvalidShape {
            shape: shape.to_vec(),
            reason: "element count overflows".into(),
        })?;
    }
    Ok(n)
}

/// Row-major strides (in elements) of a shape: `[6, 3, 1]` for `[1, 2, 3]`.
/// Negative dimensions count as 0.
pub fn row_major_strides(shape: &[i64]) -> Vec<usize> {
    let dims: Vec<usize> = shape.iter().map(|&d| d.max(0) as usize).collect();
    let mut strides = vec![1usize; dims.len()];
    for i in (0..dims.len().saturating_sub(1)).rev() {
        strides[i] = strides[i + 1].saturating_mul(dims[i + 1]);
    }
    strides
}

/// Row-major linear position of `index` in `shape`, if in bounds.
pub fn flatten_index(shape: &[i64], index: &[i64]) -> Option<usize> {
    if shape.len() != index.len() {
        return None;
    }
    let mut flat = 0usize;
    for (&d, &i) in shape.iter().zip(index) {
        if i < 0 || i >= d {
            return None;
        }
        flat = flat * d as usize + i as usize;
    }
    Some(flat)
}

/// The multi-index of row-major position `flat` in `shape` (`flat` must be
/// less than the element count for a meaningful answer).
pub fn unflatten_index(shape: &[i64], mut flat: usize) -> Vec<i64> {
    let mut idx = vec![0i64; shape.len()];
    for (slot, &d) in idx.iter_mut().zip(shape).rev() {
        let d = d.max(1) as usize;
        *slot = (flat % d) as i64;
        flat /= d;
    }
    idx
}

/// Iterator over all multi-indices of a shape in row-major order (one empty
/// index for a rank-0 shape, none when a dimension is 0).
#[derive(Clone, Debug)]
pub struct IndexIter {
    shape: Vec<i64>,
    next: Option<Vec<i64>>,
}

impl IndexIter {
    /// All indices of `shape`.
    pub fn new(shape: &[i64]) -> Self {
        let empty = shape.iter().any(|&d| d <= 0);
        IndexIter { shape: shape.to_vec(), next: if empty { None } else { Some(vec![0; shape.len()]) } }
    }
}

impl Iterator for IndexIter {
    type Item = Vec<i64>;

    fn next(&mut self) -> Option<Vec<i64>> {
        let current = self.next.take()?;
        let mut succ = current.clone();
        let mut d = succ.len();
        loop {
            if d == 0 {
                break; // wrapped around: iteration is over
            }
            d -= 1;
            succ[d] += 1;
            if succ[d] < self.shape[d] {
                self.next = Some(succ);
                break;
            }
            succ[d] = 0;
        }
        Some(current)
    }
}

/// A tensor value: element type, static shape, row-major elements.
#[derive(Clone, Debug, PartialEq)]
pub struct Tensor {
    ty: ElementType,
    shape: Vec<i64>,
    data: Data,
}

impl Tensor {
    /// A tensor from its parts. Checks that `ty` is valid, that `data` is
    /// the storage kind of `ty` and that its length matches `shape`; values
    /// are taken as they are (see [`Tensor::new_normalized`]).
    pub fn new(ty: ElementType, shape: Vec<i64>, data: Data) -> Result<Self, ValueError> {
        if !ty.is_valid() {
            return Err(ValueError::UnsupportedElementType(ty));
        }
        if data.kind() != ty.storage() {
            return Err(ValueError::StorageMismatch { ty, expected: ty.storage(), actual: data.kind() });
        }
        let n = num_elements(&shape)?;
        if data.len() != n {
            return Err(ValueError::LengthMismatch { shape, expected: n, actual: data.len() });
        }
        Ok(Tensor { ty, shape, data })
    }

    /// [`Tensor::new`], then [`Tensor::normalize`] (rounds/wraps every
    /// value into the element type).
    pub fn new_normalized(ty: ElementType, shape: Vec<i64>, data: Data) -> Result<Self, ValueError> {
        let mut t = Tensor::new(ty, shape, data)?;
        t.normalize();
        Ok(t)
    }

    /// A tensor of zeros (`false` for `i1`; 2^-127, the smallest value, for
    /// f8E8M0FNU which has no zero).
    pub fn zeros(ty: ElementType, shape: &[i64]) -> Result<Self, ValueError> {
        Tensor::splat(ty, shape, ty.zero())
    }

    /// A tensor with every element `value` (coerced by
    /// [`ElementType::coerce`]).
    pub fn splat(ty: ElementType, shape: &[i64], value: Element) -> Result<Self, ValueError> {
        if !ty.is_valid() {
            return Err(ValueError::UnsupportedElementType(ty));
        }
        let n = num_elements(shape)?;
        let value = ty.coerce(value)?;
        let data = match value {
            Element::Bool(b) => Data::Bool(vec![b; n]),
            Element::Int(x) => Data::I64(vec![x; n]),
            Element::UInt(x) => Data::U64(vec![x; n]),
            Element::Float(x) if ty.storage() == StorageKind::F64 => Data::F64(vec![x; n]),
            Element::Float(x) => Data::F32(vec![x as f32; n]),
            Element::Complex(c) if ty.storage() == StorageKind::C128 => Data::C128(vec![c; n]),
            Element::Complex(c) => Data::C64(vec![Complex::new(c.re as f32, c.im as f32); n]),
        };
        Tensor::new(ty, shape.to_vec(), data)
    }

    /// A rank-0 tensor.
    pub fn scalar(ty: ElementType, value: Element) -> Result<Self, ValueError> {
        Tensor::splat(ty, &[], value)
    }

    /// A float or complex tensor (imaginary parts zero) from f64 values,
    /// each rounded to `ty`.
    pub fn from_f64s(ty: ElementType, shape: &[i64], values: &[f64]) -> Result<Self, ValueError> {
        let data = match ty.storage() {
            StorageKind::F32 => Data::F32(values.iter().map(|&x| round_to(ty, x) as f32).collect()),
            StorageKind::F64 => Data::F64(values.to_vec()),
            StorageKind::C64 => Data::C64(values.iter().map(|&x| Complex::new(x as f32, 0.0)).collect()),
            StorageKind::C128 => Data::C128(values.iter().map(|&x| Complex::new(x, 0.0)).collect()),
            _ => return Err(ValueError::UnsupportedElementType(ty)),
        };
        Tensor::new(ty, shape.to_vec(), data)
    }

    /// A tensor from integers: integer types wrap modulo 2^bits, `i1` is
    /// `v != 0`, float types round `v` (via f64), complex types take it as
    /// the real part.
    pub fn from_i64s(ty: ElementType, shape: &[i64], values: &[i64]) -> Result<Self, ValueError> {
        let data = match ty {
            ElementType::I1 => Data::Bool(values.iter().map(|&v| v != 0).collect()),
            ElementType::SInt(b) => Data::I64(values.iter().map(|&v| wrap_signed(b as u32, v as i128)).collect()),
            ElementType::UInt(b) => Data::U64(values.iter().map(|&v| wrap_unsigned(b as u32, v as i128)).collect()),
            _ => {
                let f: Vec<f64> = values.iter().map(|&v| v as f64).collect();
                return Tensor::from_f64s(ty, shape, &f);
            }
        };
        Tensor::new(ty, shape.to_vec(), data)
    }

    /// Like [`Tensor::from_i64s`] for unsigned inputs.
    pub fn from_u64s(ty: ElementType, shape: &[i64], values: &[u64]) -> Result<Self, ValueError> {
        let data = match ty {
            ElementType::I1 => Data::Bool(values.iter().map(|&v| v != 0).collect()),
            ElementType::SInt(b) => Data::I64(values.iter().map(|&v| wrap_signed(b as u32, v as i128)).collect()),
            ElementType::UInt(b) => Data::U64(values.iter().map(|&v| wrap_unsigned(b as u32, v as i128)).collect()),
            _ => {
                let f: Vec<f64> = values.iter().map(|&v| v as f64).collect();
                return Tensor::from_f64s(ty, shape, &f);
            }
        };
        Tensor::new(ty, shape.to_vec(), data)
    }

    /// An `i1` tensor.
    pub fn from_bools(shape: &[i64], values: &[bool]) -> Result<Self, ValueError> {
        Tensor::new(ElementType::I1, shape.to_vec(), Data::Bool(values.to_vec()))
    }

    /// An `f32` tensor taking ownership of `values` (no copy).
    pub fn from_f32_vec(shape: &[i64], values: Vec<f32>) -> Result<Self, ValueError> {
        Tensor::new(ElementType::F32, shape.to_vec(), Data::F32(values))
    }

    /// A complex tensor, each component rounded to the component type.
    pub fn from_complex(ty: ElementType, shape: &[i64], values: &[Complex<f64>]) -> Result<Self, ValueError> {
        let data = match ty {
            ElementType::Complex64 => {
                Data::C64(values.iter().map(|c| Complex::new(c.re as f32, c.im as f32)).collect())
            }
            ElementType::Complex128 => Data::C128(values.to_vec()),
            _ => return Err(ValueError::UnsupportedElementType(ty)),
        };
        Tensor::new(ty, shape.to_vec(), data)
    }

    /// A tensor from elements, each coerced by [`ElementType::coerce`].
    pub fn from_elements(ty: ElementType, shape: &[i64], values: &[Element]) -> Result<Self, ValueError> {
        let mut t = Tensor::zeros(ty, shape)?;
        if values.len() != t.data.len() {
            return Err(ValueError::LengthMismatch {
                shape: shape.to_vec(),
                expected: t.data.len(),
                actual: values.len(),
            });
        }
        for (i, &e) in values.iter().enumerate() {
            t.set_flat(i, e)?;
        }
        Ok(t)
    }

    /// The element type.
    pub fn element_type(&self) -> ElementType {
        self.ty
    }

    /// The shape.
    pub fn shape(&self) -> &[i64] {
        &self.shape
    }

    /// The rank (number of dimensions).
    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    /// The number of elements.
    pub fn num_elements(&self) -> usize {
        self.data.len()
    }

    /// The elements.
    pub fn data(&self) -> &Data {
        &self.data
    }

    /// The elements, mutably. Writers must keep the storage invariant (see
    /// the module docs) or call [`Tensor::normalize`] afterwards; the
    /// length must not change.
    pub fn data_mut(&mut self) -> &mut Data {
        &mut self.data
    }

    /// The elements, by value.
    pub fn into_data(self) -> Data {
        self.data
    }

    /// Element type, shape and elements, by value.
    pub fn into_parts(self) -> (ElementType, Vec<i64>, Data) {
        (self.ty, self.shape, self.data)
    }

    /// The `f32` storage (f32 and smaller float types).
    pub fn as_f32(&self) -> Option<&[f32]> {
        match &self.data {
            Data::F32(v) => Some(v),
            _ => None,
        }
    }

    /// The `f64` storage.
    pub fn as_f64(&self) -> Option<&[f64]> {
        match &self.data {
            Data::F64(v) => Some(v),
            _ => None,
        }
    }

    /// The signed-integer storage.
    pub fn as_i64(&self) -> Option<&[i64]> {
        match &self.data {
            Data::I64(v) => Some(v),
            _ => None,
        }
    }

    /// The unsigned-integer storage.
    pub fn as_u64(&self) -> Option<&[u64]> {
        match &self.data {
            Data::U64(v) => Some(v),
            _ => None,
        }
    }

    /// The boolean storage.
    pub fn as_bool(&self) -> Option<&[bool]> {
        match &self.data {
            Data::Bool(v) => Some(v),
            _ => None,
        }
    }

    /// The `complex<f32>` storage.
    pub fn as_c64(&self) -> Option<&[Complex<f32>]> {
        match &self.data {
            Data::C64(v) => Some(v),
            _ => None,
        }
    }

    /// The `complex<f64>` storage.
    pub fn as_c128(&self) -> Option<&[Complex<f64>]> {
        match &self.data {
            Data::C128(v) => Some(v),
            _ => None,
        }
    }

    /// The element at a multi-index.
    pub fn get(&self, index: &[i64]) -> Result<Element, ValueError> {
        let i = flatten_index(&self.shape, index).ok_or_else(|| self.oob(index))?;
        Ok(self.data.get(i).expect("length checked at construction"))
    }

    /// Sets the element at a multi-index (coerced by
    /// [`ElementType::coerce`]).
    pub fn set(&mut self, index: &[i64], value: Element) -> Result<(), ValueError> {
        let i = flatten_index(&self.shape, index).ok_or_else(|| self.oob(index))?;
        self.set_flat(i, value)
    }

    /// The element at row-major position `i`.
    pub fn get_flat(&self, i: usize) -> Option<Element> {
        self.data.get(i)
    }

    /// Sets the element at row-major position `i` (coerced by
    /// [`ElementType::coerce`]).
    pub fn set_flat(&mut self, i: usize, value: Element) -> Result<(), ValueError> {
        if i >= self.data.len() {
            return Err(self.oob(&unflatten_index(&self.shape, i)));
        }
        let v = self.ty.coerce(value)?;
        if self.data.put(i, v) {
            Ok(())
        } else {
            Err(ValueError::ElementMismatch { element: value, ty: self.ty })
        }
    }

    fn oob(&self, index: &[i64]) -> ValueError {
        ValueError::IndexOutOfBounds { index: index.to_vec(), shape: self.shape.clone() }
    }

    /// All elements in row-major order.
    pub fn elements(&self) -> impl Iterator<Item = Element> + '_ {
        (0..self.data.len()).map(move |i| self.data.get(i).expect("in range"))
    }

    /// All multi-indices in row-major order.
    pub fn indices(&self) -> IndexIter {
        IndexIter::new(&self.shape)
    }

    /// The same elements with another shape (same element count).
    pub fn reshape(&self, shape: &[i64]) -> Result<Tensor, ValueError> {
        self.clone().into_reshaped(shape)
    }

    /// [`Tensor::reshape`] without copying the elements.
    pub fn into_reshaped(self, shape: &[i64]) -> Result<Tensor, ValueError> {
        let n = num_elements(shape)?;
        if n != self.data.len() {
            return Err(ValueError::ReshapeMismatch { from: self.shape, to: shape.to_vec() });
        }
        Ok(Tensor { ty: self.ty, shape: shape.to_vec(), data: self.data })
    }

    /// Transpose: dimension `i` of the result is dimension `perm[i]` of
    /// `self` (StableHLO `transpose` semantics).
    pub fn transpose(&self, perm: &[usize]) -> Result<Tensor, ValueError> {
        check_permutation(perm, self.rank())?;
        let dims: Vec<usize> = self.shape.iter().map(|&d| d as usize).collect();
        let shape: Vec<i64> = perm.iter().map(|&p| self.shape[p]).collect();
        Ok(Tensor { ty: self.ty, shape, data: self.data.permuted(&dims, perm) })
    }

    /// Rounds/wraps every stored value into the element type, restoring the
    /// storage invariant.
    pub fn normalize(&mut self) {
        let ty = self.ty;
        match &mut self.data {
            Data::I64(v) => {
                if let ElementType::SInt(b) = ty {
                    if b < 64 {
                        v.iter_mut().for_each(|x| *x = wrap_signed(b as u32, *x as i128));
                    }
                }
            }
            Data::U64(v) => {
                if let ElementType::UInt(b) = ty {
                    if b < 64 {
                        v.iter_mut().for_each(|x| *x = wrap_unsigned(b as u32, *x as i128));
                    }
                }
            }
            Data::F32(v) => {
                if let Some(f) = ty.float_format().filter(|_| ty != ElementType::F32) {
                    v.iter_mut().for_each(|x| *x = f.round(*x as f64) as f32);
                }
            }
            Data::Bool(_) | Data::F64(_) | Data::C64(_) | Data::C128(_) => {}
        }
    }

    /// Whether every stored value is exactly a value of the element type.
    pub fn is_normalized(&self) -> bool {
        let mut copy = self.clone();
        copy.normalize();
        copy.bitwise_eq(self)
    }

    /// Equality of type, shape and representation (floats bit for bit: NaN
    /// equals the same NaN, `0.0` differs from `-0.0`).
    pub fn bitwise_eq(&self, other: &Tensor) -> bool {
        if self.ty != other.ty || self.shape != other.shape {
            return false;
        }
        match (&self.data, &other.data) {
            (Data::F32(a), Data::F32(b)) => a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits()),
            (Data::F64(a), Data::F64(b)) => a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits()),
            (Data::C64(a), Data::C64(b)) => {
                a.iter().zip(b).all(|(x, y)| x.re.to_bits() == y.re.to_bits() && x.im.to_bits() == y.im.to_bits())
            }
            (Data::C128(a), Data::C128(b)) => {
                a.iter().zip(b).all(|(x, y)| x.re.to_bits() == y.re.to_bits() && x.im.to_bits() == y.im.to_bits())
            }
            (a, b) => a == b,
        }
    }

    /// Whether the tensor is non-empty and all its elements have the same
    /// representation (MLIR's notion of a splat `DenseElementsAttr`).
    pub fn is_splat(&self) -> bool {
        fn same<T: Copy, K: PartialEq>(v: &[T], key: impl Fn(T) -> K) -> bool {
            match v.split_first() {
                None => false,
                Some((&first, rest)) => {
                    let k = key(first);
                    rest.iter().all(|&x| key(x) == k)
                }
            }
        }
        match &self.data {
            Data::Bool(v) => same(v, |x| x),
            Data::I64(v) => same(v, |x| x),
            Data::U64(v) => same(v, |x| x),
            Data::F32(v) => same(v, f32::to_bits),
            Data::F64(v) => same(v, f64::to_bits),
            Data::C64(v) => same(v, |c| (c.re.to_bits(), c.im.to_bits())),
            Data::C128(v) => same(v, |c| (c.re.to_bits(), c.im.to_bits())),
        }
    }

    /// The elements as an unpacked little-endian buffer, row-major,
    /// [`ElementType::byte_size`] bytes each: booleans 0/1; integers in
    /// two's complement, sign-extended for signed types narrower than their
    /// container (an `i4` −2 is `0xFE`); floats as their bit patterns
    /// (`tf32` in the low 19 bits of a `u32`); complex as real then
    /// imaginary part. This is the numpy/XLA literal layout.
    pub fn to_bytes(&self) -> Vec<u8> {
        let size = self.ty.byte_size();
        let mut out = Vec::with_capacity(self.data.len() * size);
        match &self.data {
            Data::Bool(v) => out.extend(v.iter().map(|&b| b as u8)),
            Data::I64(v) => v.iter().for_each(|x| out.extend_from_slice(&x.to_le_bytes()[..size])),
            Data::U64(v) => v.iter().for_each(|x| out.extend_from_slice(&x.to_le_bytes()[..size])),
            Data::F32(v) => match self.ty.float_format() {
                Some(f) if self.ty != ElementType::F32 => {
                    v.iter().for_each(|&x| out.extend_from_slice(&f.encode(x as f64).to_le_bytes()[..size]))
                }
                _ => v.iter().for_each(|x| out.extend_from_slice(&x.to_le_bytes())),
            },
            Data::F64(v) => v.iter().for_each(|x| out.extend_from_slice(&x.to_le_bytes())),
            Data::C64(v) => v.iter().for_each(|c| {
                out.extend_from_slice(&c.re.to_le_bytes());
                out.extend_from_slice(&c.im.to_le_bytes());
            }),
            Data::C128(v) => v.iter().for_each(|c| {
                out.extend_from_slice(&c.re.to_le_bytes());
                out.extend_from_slice(&c.im.to_le_bytes());
            }),
        }
        out
    }

    /// The inverse of [`Tensor::to_bytes`]. Bits above the type's width are
    /// ignored (integers wrap, so both sign- and zero-extended sub-byte
    /// integers read correctly); any non-zero byte is `true`. Float bit
    /// patterns decode exactly (NaN → NaN).
    pub fn from_bytes(ty: ElementType, shape: &[i64], bytes: &[u8]) -> Result<Tensor, ValueError> {
        if !ty.is_valid() {
            return Err(ValueError::UnsupportedElementType(ty));
        }
        let n = num_elements(shape)?;
        let size = ty.byte_size();
        let expected = n
            .checked_mul(size)
            .ok_or_else(|| ValueError::InvalidShape { shape: shape.to_vec(), reason: "byte size overflows".into() })?;
        if bytes.len() != expected {
            return Err(ValueError::ByteLengthMismatch { ty, shape: shape.to_vec(), expected, actual: bytes.len() });
        }
        let word = |c: &[u8]| -> u64 {
            let mut b = [0u8; 8];
            b[..c.len()].copy_from_slice(c);
            u64::from_le_bytes(b)
        };
        let data = match ty {
            ElementType::I1 => Data::Bool(bytes.iter().map(|&b| b != 0).collect()),
            ElementType::SInt(b) => {
                Data::I64(bytes.chunks_exact(size).map(|c| wrap_signed(b as u32, word(c) as i128)).collect())
            }
            ElementType::UInt(b) => {
                Data::U64(bytes.chunks_exact(size).map(|c| wrap_unsigned(b as u32, word(c) as i128)).collect())
            }
            ElementType::F32 => {
                Data::F32(bytes.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
            }
            ElementType::F64 => Data::F64(bytes.chunks_exact(8).map(|c| f64::from_bits(word(c))).collect()),
            ElementType::Complex64 => Data::C64(
                bytes
                    .chunks_exact(8)
                    .map(|c| Complex::new(f32::from_bits(word(&c[..4]) as u32), f32::from_bits(word(&c[4..]) as u32)))
                    .collect(),
            ),
            ElementType::Complex128 => Data::C128(
                bytes
                    .chunks_exact(16)
                    .map(|c| Complex::new(f64::from_bits(word(&c[..8])), f64::from_bits(word(&c[8..]))))
                    .collect(),
            ),
            _ => {
                let f = ty.float_format().ok_or(ValueError::UnsupportedElementType(ty))?;
                Data::F32(bytes.chunks_exact(size).map(|c| f.decode(word(c)) as f32).collect())
            }
        };
        Tensor::new(ty, shape.to_vec(), data)
    }

    /// The bit pattern of each element in its type (booleans 0/1, integers
    /// truncated to their width, floats encoded); complex types give real and
    /// imaginary parts as consecutive entries. Used by hex printing.
    pub fn element_bits(&self) -> Vec<u64> {
        let mask = |bits: u32| if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
        match &self.data {
            Data::Bool(v) => v.iter().map(|&b| b as u64).collect(),
            Data::I64(v) => v.iter().map(|&x| x as u64 & mask(self.ty.bit_width())).collect(),
            Data::U64(v) => v.iter().map(|&x| x & mask(self.ty.bit_width())).collect(),
            Data::F32(v) => match self.ty.float_format() {
                Some(f) if self.ty != ElementType::F32 => v.iter().map(|&x| f.encode(x as f64)).collect(),
                _ => v.iter().map(|x| x.to_bits() as u64).collect(),
            },
            Data::F64(v) => v.iter().map(|x| x.to_bits()).collect(),
            Data::C64(v) => v.iter().flat_map(|c| [c.re.to_bits() as u64, c.im.to_bits() as u64]).collect(),
            Data::C128(v) => v.iter().flat_map(|c| [c.re.to_bits(), c.im.to_bits()]).collect(),
        }
    }
}

/// Checks that `perm` is a permutation of `0..rank`.
pub(crate) fn check_permutation(perm: &[usize], rank: usize) -> Result<(), ValueError> {
    let mut seen = vec![false; rank];
    let ok = perm.len() == rank
        && perm.iter().all(|&p| {
            if p >= rank || seen[p] {
                false
            } else {
                seen[p] = true;
                true
            }
        });
    if ok {
        Ok(())
    } else {
        Err(ValueError::InvalidPermutation { perm: perm.to_vec(), rank })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn construct_and_access() {
        let t = Tensor::from_f64s(ElementType::F32, &[2, 3], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]).unwrap();
        assert_eq!(t.get(&[1, 2]).unwrap(), Element::Float(6.0));
        assert_eq!(t.get(&[0, 1]).unwrap(), Element::Float(2.0));
        assert!(t.get(&[2, 0]).is_err());
        assert!(t.get(&[0]).is_err());
        assert!(t.get(&[0, -1]).is_err());
        assert_eq!(t.rank(), 2);
        assert_eq!(t.num_elements(), 6);
        assert!(Tensor::from_f64s(ElementType::F32, &[2, 2], &[1.0]).is_err());
        assert!(Tensor::from_f64s(ElementType::SInt(8), &[1], &[1.0]).is_err());
        assert!(Tensor::zeros(ElementType::F32, &[-1]).is_err());
        assert!(Tensor::zeros(ElementType::F32, &[i64::MAX, i64::MAX]).is_err());
        assert!(Tensor::new(ElementType::F16, vec![1], Data::F64(vec![1.0])).is_err());
        assert!(Tensor::zeros(ElementType::SInt(0), &[1]).is_err());
    }

    #[test]
    fn set_rounds_and_wraps() {
        let mut t = Tensor::zeros(ElementType::F16, &[2]).unwrap();
        t.set(&[0], Element::Float(0.1)).unwrap();
        assert_eq!(t.get(&[0]).unwrap(), Element::Float(0.0999755859375));
        let mut i = Tensor::zeros(ElementType::SInt(4), &[2]).unwrap();
        i.set(&[1], Element::Int(9)).unwrap();
        assert_eq!(i.get(&[1]).unwrap(), Element::Int(-7));
        let mut u = Tensor::zeros(ElementType::UInt(2), &[1]).unwrap();
        u.set_flat(0, Element::Int(-1)).unwrap();
        assert_eq!(u.as_u64().unwrap(), &[3]);
        assert!(u.set_flat(1, Element::Int(0)).is_err());
        assert!(u.set_flat(0, Element::Float(0.0)).is_err());
        let mut b = Tensor::zeros(ElementType::I1, &[1]).unwrap();
        b.set(&[0], Element::Bool(true)).unwrap();
        assert_eq!(b.as_bool().unwrap(), &[true]);
    }

    #[test]
    fn integer_constructors_wrap() {
        let t = Tensor::from_i64s(ElementType::SInt(8), &[3], &[127, 128, -129]).unwrap();
        assert_eq!(t.as_i64().unwrap(), &[127, -128, 127]);
        let u = Tensor::from_i64s(ElementType::UInt(8), &[2], &[-1, 256]).unwrap();
        assert_eq!(u.as_u64().unwrap(), &[255, 0]);
        let f = Tensor::from_i64s(ElementType::BF16, &[1], &[257]).unwrap();
        assert_eq!(f.as_f32().unwrap(), &[256.0]);
        let b = Tensor::from_u64s(ElementType::I1, &[2], &[0, 7]).unwrap();
        assert_eq!(b.as_bool().unwrap(), &[false, true]);
    }

    #[test]
    fn index_iteration() {
        let all: Vec<Vec<i64>> = IndexIter::new(&[2, 3]).collect();
        assert_eq!(all.len(), 6);
        assert_eq!(all[0], vec![0, 0]);
        assert_eq!(all[4], vec![1, 1]);
        assert_eq!(all[5], vec![1, 2]);
        assert_eq!(IndexIter::new(&[]).collect::<Vec<_>>(), vec![Vec::<i64>::new()]);
        assert_eq!(IndexIter::new(&[3, 0]).count(), 0);
        for (k, idx) in IndexIter::new(&[3, 4, 5]).enumerate() {
            assert_eq!(flatten_index(&[3, 4, 5], &idx), Some(k));
            assert_eq!(unflatten_index(&[3, 4, 5], k), idx);
        }
        assert_eq!(row_major_strides(&[1, 2, 3]), vec![6, 3, 1]);
    }

    #[test]
    fn reshape_and_transpose() {
        let t = Tensor::from_i64s(ElementType::SInt(32), &[2, 3], &[1, 2, 3, 4, 5, 6]).unwrap();
        let r = t.reshape(&[3, 2]).unwrap();
        assert_eq!(r.as_i64().unwrap(), &[1, 2, 3, 4, 5, 6]);
        assert!(t.reshape(&[4]).is_err());
        let tt = t.transpose(&[1, 0]).unwrap();
        assert_eq!(tt.shape(), &[3, 2]);
        assert_eq!(tt.as_i64().unwrap(), &[1, 4, 2, 5, 3, 6]);
        assert!(t.transpose(&[0, 0]).is_err());
        assert!(t.transpose(&[0]).is_err());
        // 3-D transpose agrees with index arithmetic.
        let vals: Vec<i64> = (0..24).collect();
        let x = Tensor::from_i64s(ElementType::SInt(64), &[2, 3, 4], &vals).unwrap();
        let perm = [2, 0, 1];
        let y = x.transpose(&perm).unwrap();
        assert_eq!(y.shape(), &[4, 2, 3]);
        for idx in y.indices() {
            let src: Vec<i64> = (0..3).map(|d| idx[perm.iter().position(|&p| p == d).unwrap()]).collect();
            assert_eq!(y.get(&idx).unwrap(), x.get(&src).unwrap());
        }
        // Zero-sized dims.
        let e = Tensor::zeros(ElementType::F32, &[0, 3]).unwrap();
        assert_eq!(e.transpose(&[1, 0]).unwrap().shape(), &[3, 0]);
    }

    #[test]
    fn bytes_roundtrip_every_type() {
        let mut types: Vec<ElementType> = ElementType::float_types().collect();
        types.extend([ElementType::I1, ElementType::Complex64, ElementType::Complex128]);
        types.extend([2u8, 4, 8, 12, 16, 32, 64].iter().flat_map(|&b| [ElementType::SInt(b), ElementType::UInt(b)]));
        for ty in types {
            let vals: Vec<i64> = vec![0, 1, -2, 3, 100, -7];
            let t = match ty {
                ElementType::Complex64 | ElementType::Complex128 => Tensor::from_complex(
                    ty,
                    &[2, 3],
                    &vals.iter().map(|&v| Complex::new(v as f64, -0.5 * v as f64)).collect::<Vec<_>>(),
                )
                .unwrap(),
                _ => Tensor::from_i64s(ty, &[2, 3], &vals).unwrap(),
            };
            assert!(t.is_normalized(), "{ty}");
            let bytes = t.to_bytes();
            assert_eq!(bytes.len(), 6 * ty.byte_size());
            let back = Tensor::from_bytes(ty, &[2, 3], &bytes).unwrap();
            assert!(back.bitwise_eq(&t), "{ty}: {t:?} vs {back:?}");
        }
        assert!(Tensor::from_bytes(ElementType::F32, &[2], &[0; 7]).is_err());
        let i4 = Tensor::from_bytes(ElementType::SInt(4), &[2], &[0x0E, 0xFE]).unwrap();
        assert_eq!(i4.as_i64().unwrap(), &[-2, -2]);
        let f8 = Tensor::from_bytes(ElementType::F8E4M3FN, &[2], &[0x7E, 0xFF]).unwrap();
        assert_eq!(f8.as_f32().unwrap()[0], 448.0);
        assert!(f8.as_f32().unwrap()[1].is_nan());
    }

    #[test]
    fn normalize_and_splat() {
        let mut t = Tensor::new(ElementType::F8E4M3FN, vec![3], Data::F32(vec![1.1, 500.0, -0.0])).unwrap();
        assert!(!t.is_normalized());
        t.normalize();
        let v = t.as_f32().unwrap();
        assert_eq!(v[0], 1.125);
        assert!(v[1].is_nan());
        assert!(v[2].is_sign_negative());
        let s = Tensor::splat(ElementType::F32, &[2, 2], Element::Float(-0.0)).unwrap();
        assert!(s.is_splat());
        let ns = Tensor::from_f64s(ElementType::F32, &[2], &[0.0, -0.0]).unwrap();
        assert!(!ns.is_splat());
        assert!(!Tensor::zeros(ElementType::F32, &[0]).unwrap().is_splat());
        assert!(Tensor::scalar(ElementType::SInt(32), Element::Int(4)).unwrap().is_splat());
        let mut w = Tensor::new(ElementType::SInt(8), vec![1], Data::I64(vec![300])).unwrap();
        w.normalize();
        assert_eq!(w.as_i64().unwrap(), &[44]);
    }

    #[test]
    fn from_elements_checks() {
        let t = Tensor::from_elements(ElementType::UInt(8), &[2], &[Element::Int(-1), Element::UInt(3)]).unwrap();
        assert_eq!(t.as_u64().unwrap(), &[255, 3]);
        assert!(Tensor::from_elements(ElementType::UInt(8), &[3], &[Element::Int(1)]).is_err());
        assert_eq!(t.elements().collect::<Vec<_>>(), vec![Element::UInt(255), Element::UInt(3)]);
    }
}
