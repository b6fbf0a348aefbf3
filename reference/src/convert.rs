//! Between IR constants and tensors: the value-layer element type of an IR type and back,
//! `dense<…>` / `dense_resource<…>` attributes to tensors and back.
//!
//! `dense<…>` attributes hold row-major elements of [`storage_bytes`] bytes each,
//! little-endian, floats as bit patterns (MLIR's layout); `i1` one byte per element.

use num_complex::Complex;
use strata_ir::attributes::{storage_bytes, AttrKind, DenseData};
use strata_ir::{Attribute, Context, FloatKind, Signedness, Type, TypeKind};

use crate::kernels;
use crate::value::{wrap_signed, wrap_unsigned, Data, ElementType, Tensor};
use crate::{InterpError, KResult};

// ----- types -----

/// The value-layer element type of an IR element type (`i32` → `SInt(32)`,
/// `ui8` → `UInt(8)`, `i1`, floats, `complex<f32>`; `index` → `SInt(64)`).
pub fn element_type_of(ctx: &Context, t: Type) -> Option<ElementType> {
    match ctx.type_kind(t) {
        TypeKind::Integer { width, signedness } => {
            if *width == 1 {
                Some(ElementType::I1)
            } else if *signedness == Signedness::Unsigned {
                ElementType::uint(*width)
            } else {
                ElementType::sint(*width)
            }
        }
        TypeKind::Index => Some(ElementType::SInt(64)),
        TypeKind::Float(k) => ElementType::from_mlir_name(k.mlir_name()),
        TypeKind::Complex(e) => match element_type_of(ctx, *e)? {
            ElementType::F32 => Some(ElementType::Complex64),
            ElementType::F64 => Some(ElementType::Complex128),
            _ => None,
        },
        _ => None,
    }
}

/// The IR type of a value-layer element type (signed integers print
/// signless, as StableHLO writes them).
pub fn ir_element_type(ctx: &mut Context, e: ElementType) -> Type {
    match e {
        ElementType::I1 => ctx.int_type(1),
        ElementType::SInt(b) => ctx.int_type(b as u32),
        ElementType::UInt(b) => ctx.integer_type(b as u32, Signedness::Unsigned),
        ElementType::Complex64 => {
            let f = ctx.float_type(FloatKind::F32);
            ctx.complex_type(f)
        }
        ElementType::Complex128 => {
            let f = ctx.float_type(FloatKind::F64);
            ctx.complex_type(f)
        }
        t => {
            let k = FloatKind::from_mlir_name(&t.mlir_name()).unwrap_or(FloatKind::F32);
            ctx.float_type(k)
        }
    }
}

/// Shape and element type of a ranked tensor type with static shape.
pub fn tensor_type_parts(ctx: &Context, t: Type) -> Option<(Vec<i64>, ElementType)> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, element, .. } => {
            if shape.iter().any(|&d| d < 0) {
                return None;
            }
            let e = element_type_of(ctx, *element).or_else(|| quant_storage(ctx, *element))?;
            Some((shape.clone(), e))
        }
        _ => None,
    }
}

/// Storage type of a `!quant.uniform<i8:f32, …>` element type (read from the quant dialect's
/// canonical text: the storage type is what follows `uniform<`, up to `:` or `<`).
pub fn quant_storage(ctx: &Context, t: Type) -> Option<ElementType> {
    match ctx.type_kind(t) {
        TypeKind::Dialect { dialect, body, .. } if ctx.str(*dialect) == "quant" => {
            let rest = body.strip_prefix("uniform<")?;
            let end = rest.find([':', '<'])?;
            let st = rest[..end].trim();
            if let Some(w) = st.strip_prefix('u') {
                ElementType::uint(w.strip_prefix('i').unwrap_or(w).parse().ok()?)
            } else {
                ElementType::sint(st.strip_prefix('i')?.parse().ok()?)
            }
        }
        _ => None,
    }
}

// ----- dense attributes -----

fn hex_decode(s: &str) -> Option<Vec<u8>> {
    let s = s.trim().trim_matches('"');
    let s = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X"))?;
    if s.len() % 2 != 0 {
        return None;
    }
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).ok()).collect()
}

/// Decodes raw little-endian elements (`nb` bytes each) of type `e`.
fn decode_elements(e: ElementType, nb: usize, bytes: &[u8], n: usize, splat: bool) -> KResult<Data> {
    let word = |i: usize, off: usize, len: usize| -> u64 {
        let mut v = 0u64;
        for k in 0..len.min(8) {
            v |= (bytes.get(i * nb + off + k).copied().unwrap_or(0) as u64) << (8 * k);
        }
        v
    };
    let count = if splat { 1 } else { n };
    if bytes.len() < count * nb {
        return Err(InterpError::Runtime(format!(
            "dense attribute has {} bytes, expected {}",
            bytes.len(),
            count * nb
        )));
    }
    let at = |i: usize| if splat { 0 } else { i };
    let data = match e {
        ElementType::I1 => Data::Bool((0..n).map(|i| word(at(i), 0, nb) & 1 != 0).collect()),
        ElementType::SInt(b) => Data::I64((0..n).map(|i| wrap_signed(b as u32, word(at(i), 0, nb) as i128)).collect()),
        ElementType::UInt(b) => {
            Data::U64((0..n).map(|i| wrap_unsigned(b as u32, word(at(i), 0, nb) as i128)).collect())
        }
        ElementType::F32 => Data::F32((0..n).map(|i| f32::from_bits(word(at(i), 0, nb) as u32)).collect()),
        ElementType::F64 => Data::F64((0..n).map(|i| f64::from_bits(word(at(i), 0, nb))).collect()),
        ElementType::Complex64 => Data::C64(
            (0..n)
                .map(|i| {
                    Complex::new(f32::from_bits(word(at(i), 0, 4) as u32), f32::from_bits(word(at(i), 4, 4) as u32))
                })
                .collect(),
        ),
        ElementType::Complex128 => Data::C128(
            (0..n)
                .map(|i| Complex::new(f64::from_bits(word(at(i), 0, 8)), f64::from_bits(word(at(i), 8, 8))))
                .collect(),
        ),
        t => {
            let f = t.float_format().ok_or_else(|| InterpError::unsupported_type("dense", t))?;
            Data::F32((0..n).map(|i| f.decode(word(at(i), 0, nb)) as f32).collect())
        }
    };
    Ok(data)
}

/// Converts a `dense<…>` attribute (row-major elements of
/// [`storage_bytes`] bytes each, little-endian, floats as bit patterns) or a
/// `dense_resource<…>` attribute to a tensor.
pub fn tensor_from_dense_attr(ctx: &Context, attr: Attribute) -> KResult<Tensor> {
    match ctx.attr_kind(attr) {
        AttrKind::DenseElements { ty, data } => {
            let (shape, e) = tensor_type_parts(ctx, *ty)
                .ok_or_else(|| InterpError::Unsupported("dense attribute of a non-static tensor type".into()))?;
            let elem = ctx.type_kind(*ty).element_type().expect("tensor");
            let elem = match ctx.type_kind(elem) {
                TypeKind::Dialect { .. } => ir_storage_guess(e),
                _ => storage_bytes(ctx, elem),
            };
            if data.splat {
                crate::limits::check_tensor("dense", "a splat constant", &shape, e)?;
            }
            let n = kernels::numel(&shape);
            let d = decode_elements(e, elem, &data.bytes, n, data.splat)?;
            Ok(Tensor::new(e, shape, d)?)
        }
        AttrKind::DenseResource { handle, ty } => {
            let (shape, e) = tensor_type_parts(ctx, *ty)
                .ok_or_else(|| InterpError::Unsupported("dense_resource of a non-static tensor type".into()))?;
            let blob = ctx
                .resources
                .iter()
                .find(|((_, k), _)| k == handle)
                .map(|(_, v)| v.clone())
                .ok_or_else(|| InterpError::Runtime(format!("dense_resource blob `{handle}` not found")))?;
            let bytes = hex_decode(&blob).ok_or_else(|| InterpError::Runtime(format!("malformed blob `{handle}`")))?;
            let bytes = if bytes.len() >= 4 { &bytes[4..] } else { &bytes[..] };
            let elem = ctx.type_kind(*ty).element_type().expect("tensor");
            let nb = storage_bytes(ctx, elem);
            let n = kernels::numel(&shape);
            let d = decode_elements(e, nb, bytes, n, false)?;
            Ok(Tensor::new(e, shape, d)?)
        }
        _ => Err(InterpError::Unsupported("expected a dense elements attribute".into())),
    }
}

fn ir_storage_guess(e: ElementType) -> usize {
    (e.bit_width() as usize).div_ceil(8).max(1)
}

/// Converts a tensor to a `dense<…>` attribute of its tensor type (a splat
/// when all elements have the same representation).
pub fn dense_attr_from_tensor(ctx: &mut Context, t: &Tensor) -> Attribute {
    let elem = ir_element_type(ctx, t.element_type());
    let ty = ctx.tensor_type(t.shape(), elem);
    let nb = storage_bytes(ctx, elem);
    let comp = if t.element_type().is_complex() { nb / 2 } else { nb };
    let splat = t.is_splat() && t.num_elements() > 1;
    let bits = t.element_bits();
    let per = if t.element_type().is_complex() { 2 } else { 1 };
    let take = if splat { per } else { bits.len() };
    let mut bytes = Vec::with_capacity(take * comp);
    for &b in &bits[..take] {
        bytes.extend_from_slice(&b.to_le_bytes()[..comp.min(8)]);
    }
    ctx.intern_attr(AttrKind::DenseElements { ty, data: DenseData { splat, bytes } })
}
