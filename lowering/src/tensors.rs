//! The one place that knows Strata's tensor values (`strata_reference::value::Tensor`): it turns
//! them into the contiguous row-major native buffers that compiled code reads and writes, and
//! native output buffers back into tensors.
//!
//! Native layouts (what the generated code and the C header of `strata-compile` use):
//! f32 → `float`, f64 → `double`, f16/bf16 → their 16-bit patterns, i1 → one byte 0/1 (`bool`),
//! iN/uiN (N = 8, 16, 32, 64) → `intN_t`/`uintN_t`, complex<f32>/complex<f64> → (re, im) pairs.

use strata_reference::value::{Complex, Data, ElementType, Tensor};

use crate::error::BridgeError;

/// An element type the native ABI supports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NativeElem {
    /// `i1`, one byte.
    I1,
    /// Signed integers of 8/16/32/64 bits (`iN`, `siN`).
    I(u8),
    /// Unsigned integers of 8/16/32/64 bits (`uiN`).
    U(u8),
    /// `f16`.
    F16,
    /// `bf16`.
    BF16,
    /// `f32`.
    F32,
    /// `f64`.
    F64,
    /// `complex<f32>`.
    C64,
    /// `complex<f64>`.
    C128,
}

impl NativeElem {
    /// From the MLIR spelling of an element type.
    pub fn parse(s: &str) -> Option<NativeElem> {
        Some(match s {
            "i1" => NativeElem::I1,
            "f16" => NativeElem::F16,
            "bf16" => NativeElem::BF16,
            "f32" => NativeElem::F32,
            "f64" => NativeElem::F64,
            "complex<f32>" => NativeElem::C64,
            "complex<f64>" => NativeElem::C128,
            _ => {
                let (signed, bits) = if let Some(b) = s.strip_prefix("ui") {
                    (false, b)
                } else if let Some(b) = s.strip_prefix("si") {
                    (true, b)
                } else {
                    (true, s.strip_prefix('i')?)
                };
                let bits: u8 = bits.parse().ok()?;
                if !matches!(bits, 8 | 16 | 32 | 64) {
                    return None;
                }
                if signed {
                    NativeElem::I(bits)
                } else {
                    NativeElem::U(bits)
                }
            }
        })
    }

    /// Bytes per element in the native buffer.
    pub fn size(self) -> usize {
        match self {
            NativeElem::I1 => 1,
            NativeElem::I(b) | NativeElem::U(b) => b as usize / 8,
            NativeElem::F16 | NativeElem::BF16 => 2,
            NativeElem::F32 => 4,
            NativeElem::F64 | NativeElem::C64 => 8,
            NativeElem::C128 => 16,
        }
    }

    /// The C type of the header (`strata-compile --header`).
    pub fn c_type(self) -> &'static str {
        match self {
            NativeElem::I1 => "bool",
            NativeElem::I(8) => "int8_t",
            NativeElem::I(16) => "int16_t",
            NativeElem::I(32) => "int32_t",
            NativeElem::I(_) => "int64_t",
            NativeElem::U(8) => "uint8_t",
            NativeElem::U(16) => "uint16_t",
            NativeElem::U(32) => "uint32_t",
            NativeElem::U(_) => "uint64_t",
            NativeElem::F16 | NativeElem::BF16 => "uint16_t",
            NativeElem::F32 => "float",
            NativeElem::F64 => "double",
            NativeElem::C64 => "float",
            NativeElem::C128 => "double",
        }
    }

    /// Strata's element type.
    pub fn element_type(self) -> ElementType {
        match self {
            NativeElem::I1 => ElementType::I1,
            NativeElem::I(b) => ElementType::SInt(b),
            NativeElem::U(b) => ElementType::UInt(b),
            NativeElem::F16 => ElementType::F16,
            NativeElem::BF16 => ElementType::BF16,
            NativeElem::F32 => ElementType::F32,
            NativeElem::F64 => ElementType::F64,
            NativeElem::C64 => ElementType::Complex64,
            NativeElem::C128 => ElementType::Complex128,
        }
    }
}

/// The static type of an argument or result of a compiled function.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ArgType {
    /// Static shape.
    pub shape: Vec<i64>,
    /// Element type.
    pub elem: NativeElem,
}

impl ArgType {
    /// Number of elements.
    pub fn num_elements(&self) -> usize {
        self.shape.iter().product::<i64>() as usize
    }

    /// `tensor<2x3xf32>`.
    pub fn mlir(&self) -> String {
        let mut s = String::from("tensor<");
        for d in &self.shape {
            s.push_str(&format!("{d}x"));
        }
        s.push_str(&format!("{:?}", self.elem).to_lowercase());
        s.push('>');
        s
    }
}

/// A 64-byte aligned, zero-initialized byte buffer.
pub struct AlignedBuf {
    ptr: *mut u8,
    layout: std::alloc::Layout,
}

impl AlignedBuf {
    /// `bytes` zero bytes (at least one, so the pointer is never dangling).
    pub fn zeroed(bytes: usize) -> AlignedBuf {
        let layout = std::alloc::Layout::from_size_align(bytes.max(1), 64).expect("buffer size overflows");
        // SAFETY: the layout has a non-zero size.
        let ptr = unsafe { std::alloc::alloc_zeroed(layout) };
        if ptr.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        AlignedBuf { ptr, layout }
    }

    /// The buffer's address.
    pub fn as_mut_ptr(&mut self) -> *mut u8 {
        self.ptr
    }

    /// The bytes.
    pub fn bytes(&self) -> &[u8] {
        // SAFETY: ptr points to layout.size() initialized bytes owned by self.
        unsafe { std::slice::from_raw_parts(self.ptr, self.layout.size()) }
    }
}

impl Drop for AlignedBuf {
    fn drop(&mut self) {
        // SAFETY: allocated with this layout in `zeroed`.
        unsafe { std::alloc::dealloc(self.ptr, self.layout) }
    }
}

/// An input as the compiled code sees it: a pointer to the tensor's own storage when its
/// layout is already native (f32, f64, i64, u64, complex), else a converted copy.
pub struct InputBuf<'a> {
    ptr: *const u8,
    _copy: Option<AlignedBuf>,
    _borrow: std::marker::PhantomData<&'a Tensor>,
}

impl InputBuf<'_> {
    /// The address to pass.
    pub fn ptr(&self) -> *mut u8 {
        self.ptr as *mut u8
    }
}

fn type_name(ty: &ArgType) -> String {
    ty.mlir()
}

/// Checks `t` against the expected type and makes its native buffer.
pub fn input_buffer<'a>(t: &'a Tensor, ty: &ArgType, index: usize) -> Result<InputBuf<'a>, BridgeError> {
    if t.shape() != ty.shape.as_slice() || t.element_type() != ty.elem.element_type() {
        return Err(BridgeError::Invoke(format!(
            "argument #{index}: expected {}, got a tensor of shape {:?} and element type {}",
            type_name(ty),
            t.shape(),
            t.element_type().mlir_name()
        )));
    }
    let direct = |p: *const u8| InputBuf { ptr: p, _copy: None, _borrow: std::marker::PhantomData };
    match (ty.elem, t.data()) {
        (NativeElem::F32, Data::F32(v)) => return Ok(direct(v.as_ptr() as *const u8)),
        (NativeElem::F64, Data::F64(v)) => return Ok(direct(v.as_ptr() as *const u8)),
        (NativeElem::I(64), Data::I64(v)) => return Ok(direct(v.as_ptr() as *const u8)),
        (NativeElem::U(64), Data::U64(v)) => return Ok(direct(v.as_ptr() as *const u8)),
        (NativeElem::C64, Data::C64(v)) => return Ok(direct(v.as_ptr() as *const u8)),
        (NativeElem::C128, Data::C128(v)) => return Ok(direct(v.as_ptr() as *const u8)),
        _ => {}
    }
    let n = ty.num_elements();
    let mut buf = AlignedBuf::zeroed(n * ty.elem.size());
    let p = buf.as_mut_ptr();
    // SAFETY: buf holds n * size bytes, written element by element below with matching types.
    unsafe {
        match (ty.elem, t.data()) {
            (NativeElem::I1, Data::Bool(v)) => {
                for (i, b) in v.iter().enumerate() {
                    *p.add(i) = *b as u8;
                }
            }
            (NativeElem::I(bits), Data::I64(v)) => {
                for (i, x) in v.iter().enumerate() {
                    match bits {
                        8 => *(p as *mut i8).add(i) = *x as i8,
                        16 => *(p as *mut i16).add(i) = *x as i16,
                        _ => *(p as *mut i32).add(i) = *x as i32,
                    }
                }
            }
            (NativeElem::U(bits), Data::U64(v)) => {
                for (i, x) in v.iter().enumerate() {
                    match bits {
                        8 => *p.add(i) = *x as u8,
                        16 => *(p as *mut u16).add(i) = *x as u16,
                        _ => *(p as *mut u32).add(i) = *x as u32,
                    }
                }
            }
            (NativeElem::F16, Data::F32(v)) => {
                for (i, x) in v.iter().enumerate() {
                    *(p as *mut u16).add(i) = half::f16::from_f32(*x).to_bits();
                }
            }
            (NativeElem::BF16, Data::F32(v)) => {
                for (i, x) in v.iter().enumerate() {
                    *(p as *mut u16).add(i) = half::bf16::from_f32(*x).to_bits();
                }
            }
            (e, d) => {
                return Err(BridgeError::Invoke(format!(
                    "argument #{index}: element type {e:?} with storage {:?} is not supported",
                    d.kind()
                )))
            }
        }
    }
    Ok(InputBuf { ptr: p, _copy: Some(buf), _borrow: std::marker::PhantomData })
}

/// An output buffer the compiled code writes: the tensor's own typed vector when the native
/// layout matches Strata's storage (f32, f64, i64, u64, complex: no copy afterwards), else bytes.
pub struct OutputBuf {
    ty: ArgType,
    store: OutStore,
}

enum OutStore {
    Direct(Data),
    Bytes(AlignedBuf),
}

impl OutputBuf {
    /// A zeroed buffer for `ty`.
    pub fn new(ty: &ArgType) -> OutputBuf {
        let n = ty.num_elements();
        let store = match ty.elem {
            NativeElem::F32 => OutStore::Direct(Data::F32(vec![0.0; n])),
            NativeElem::F64 => OutStore::Direct(Data::F64(vec![0.0; n])),
            NativeElem::I(64) => OutStore::Direct(Data::I64(vec![0; n])),
            NativeElem::U(64) => OutStore::Direct(Data::U64(vec![0; n])),
            NativeElem::C64 => OutStore::Direct(Data::C64(vec![Complex::new(0.0, 0.0); n])),
            NativeElem::C128 => OutStore::Direct(Data::C128(vec![Complex::new(0.0, 0.0); n])),
            _ => OutStore::Bytes(AlignedBuf::zeroed(n * ty.elem.size())),
        };
        OutputBuf { ty: ty.clone(), store }
    }

    /// The address to pass.
    pub fn ptr(&mut self) -> *mut u8 {
        match &mut self.store {
            OutStore::Direct(Data::F32(v)) => v.as_mut_ptr() as *mut u8,
            OutStore::Direct(Data::F64(v)) => v.as_mut_ptr() as *mut u8,
            OutStore::Direct(Data::I64(v)) => v.as_mut_ptr() as *mut u8,
            OutStore::Direct(Data::U64(v)) => v.as_mut_ptr() as *mut u8,
            OutStore::Direct(Data::C64(v)) => v.as_mut_ptr() as *mut u8,
            OutStore::Direct(Data::C128(v)) => v.as_mut_ptr() as *mut u8,
            OutStore::Direct(Data::Bool(v)) => v.as_mut_ptr() as *mut u8,
            OutStore::Bytes(b) => b.as_mut_ptr(),
        }
    }

    /// The type this buffer holds.
    pub fn arg_type(&self) -> &ArgType {
        &self.ty
    }

    /// The tensor the code wrote.
    pub fn into_tensor(self) -> Result<Tensor, BridgeError> {
        let buf = match self.store {
            OutStore::Direct(data) => {
                return Tensor::new(self.ty.elem.element_type(), self.ty.shape.clone(), data)
                    .map_err(|e| BridgeError::Invoke(format!("building the result tensor: {e}")))
            }
            OutStore::Bytes(b) => b,
        };
        let n = self.ty.num_elements();
        let b = buf.bytes();
        fn chunks<const N: usize>(b: &[u8]) -> impl Iterator<Item = [u8; N]> + '_ {
            b.chunks_exact(N).map(|c| c.try_into().unwrap())
        }
        let b = &b[..n * self.ty.elem.size()];
        let data = match self.ty.elem {
            NativeElem::I1 => Data::Bool(b.iter().map(|&x| x & 1 != 0).collect()),
            NativeElem::I(8) => Data::I64(b.iter().map(|&x| x as i8 as i64).collect()),
            NativeElem::I(16) => Data::I64(chunks::<2>(b).map(|c| i16::from_le_bytes(c) as i64).collect()),
            NativeElem::I(32) => Data::I64(chunks::<4>(b).map(|c| i32::from_le_bytes(c) as i64).collect()),
            NativeElem::I(_) => Data::I64(chunks::<8>(b).map(i64::from_le_bytes).collect()),
            NativeElem::U(8) => Data::U64(b.iter().map(|&x| x as u64).collect()),
            NativeElem::U(16) => Data::U64(chunks::<2>(b).map(|c| u16::from_le_bytes(c) as u64).collect()),
            NativeElem::U(32) => Data::U64(chunks::<4>(b).map(|c| u32::from_le_bytes(c) as u64).collect()),
            NativeElem::U(_) => Data::U64(chunks::<8>(b).map(u64::from_le_bytes).collect()),
            NativeElem::F16 => {
                Data::F32(chunks::<2>(b).map(|c| half::f16::from_bits(u16::from_le_bytes(c)).to_f32()).collect())
            }
            NativeElem::BF16 => {
                Data::F32(chunks::<2>(b).map(|c| half::bf16::from_bits(u16::from_le_bytes(c)).to_f32()).collect())
            }
            NativeElem::F32 => Data::F32(chunks::<4>(b).map(f32::from_le_bytes).collect()),
            NativeElem::F64 => Data::F64(chunks::<8>(b).map(f64::from_le_bytes).collect()),
            NativeElem::C64 => Data::C64(
                chunks::<8>(b)
                    .map(|c| {
                        Complex::new(
                            f32::from_le_bytes(c[..4].try_into().unwrap()),
                            f32::from_le_bytes(c[4..].try_into().unwrap()),
                        )
                    })
                    .collect(),
            ),
            NativeElem::C128 => Data::C128(
                chunks::<16>(b)
                    .map(|c| {
                        Complex::new(
                            f64::from_le_bytes(c[..8].try_into().unwrap()),
                            f64::from_le_bytes(c[8..].try_into().unwrap()),
                        )
                    })
                    .collect(),
            ),
        };
        Tensor::new(self.ty.elem.element_type(), self.ty.shape.clone(), data)
            .map_err(|e| BridgeError::Invoke(format!("building the result tensor: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_elems() {
        assert_eq!(NativeElem::parse("i32"), Some(NativeElem::I(32)));
        assert_eq!(NativeElem::parse("ui8"), Some(NativeElem::U(8)));
        assert_eq!(NativeElem::parse("i4"), None);
        assert_eq!(NativeElem::parse("f8E4M3FN"), None);
        assert_eq!(NativeElem::parse("complex<f64>").unwrap().size(), 16);
    }

    #[test]
    fn round_trip_through_native_buffers() {
        for (elem, t) in [
            (NativeElem::I(16), Tensor::from_i64s(ElementType::SInt(16), &[3], &[-5, 7, 300]).unwrap()),
            (NativeElem::U(8), Tensor::from_u64s(ElementType::UInt(8), &[2], &[1, 255]).unwrap()),
            (NativeElem::I1, Tensor::from_bools(&[3], &[true, false, true]).unwrap()),
            (NativeElem::BF16, Tensor::from_f64s(ElementType::BF16, &[2], &[1.5, -2.0]).unwrap()),
            (NativeElem::F32, Tensor::from_f64s(ElementType::F32, &[2], &[1.5, -2.25]).unwrap()),
        ] {
            let ty = ArgType { shape: t.shape().to_vec(), elem };
            let inb = input_buffer(&t, &ty, 0).unwrap();
            let mut out = OutputBuf::new(&ty);
            // SAFETY: both buffers hold num_elements * size bytes.
            unsafe { std::ptr::copy_nonoverlapping(inb.ptr(), out.ptr(), ty.num_elements() * elem.size()) };
            assert_eq!(out.into_tensor().unwrap(), t);
        }
    }

    #[test]
    fn type_mismatch_is_an_error() {
        let t = Tensor::from_f64s(ElementType::F32, &[2], &[1.0, 2.0]).unwrap();
        let ty = ArgType { shape: vec![3], elem: NativeElem::F32 };
        let e = input_buffer(&t, &ty, 1).err().unwrap().to_string();
        assert!(e.contains("argument #1"), "{e}");
    }
}
