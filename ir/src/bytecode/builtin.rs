//! The builtin dialect's bytecode encodings (MLIR's `BuiltinDialectBytecode.td`): one code per
//! attribute and type kind, in the order MLIR assigns them. Builtin values with no encoding
//! there (the minifloat types, affine maps, integer sets, strided layouts) are written in their
//! textual form, as MLIR does.

use super::reader::DialectReader;
use super::writer::DialectWriter;
use super::{BytecodeError, PropField};
use crate::attributes::{
    storage_bytes, AffineMap, AttrKind, Attribute, DenseData, FloatBits, Location, NamedAttribute,
};
use crate::types::{FloatKind, Signedness, Type, TypeKind};

/// Attribute codes (`BuiltinDialectAttributes`).
#[allow(missing_docs)]
pub mod attr_code {
    pub const ARRAY: u64 = 0;
    pub const DICTIONARY: u64 = 1;
    pub const STRING: u64 = 2;
    pub const STRING_WITH_TYPE: u64 = 3;
    pub const FLAT_SYMBOL_REF: u64 = 4;
    pub const SYMBOL_REF: u64 = 5;
    pub const TYPE: u64 = 6;
    pub const UNIT: u64 = 7;
    pub const INTEGER: u64 = 8;
    pub const FLOAT: u64 = 9;
    pub const CALL_SITE_LOC: u64 = 10;
    pub const FILE_LINE_COL_LOC: u64 = 11;
    pub const FUSED_LOC: u64 = 12;
    pub const FUSED_LOC_WITH_METADATA: u64 = 13;
    pub const NAME_LOC: u64 = 14;
    pub const UNKNOWN_LOC: u64 = 15;
    pub const DENSE_RESOURCE_ELEMENTS: u64 = 16;
    pub const DENSE_ARRAY: u64 = 17;
    pub const DENSE_INT_OR_FP_ELEMENTS: u64 = 18;
    pub const DENSE_STRING_ELEMENTS: u64 = 19;
    pub const SPARSE_ELEMENTS: u64 = 20;
    pub const DISTINCT: u64 = 21;
    pub const FILE_LINE_COL_RANGE: u64 = 22;
}

/// Type codes (`BuiltinDialectTypes`).
#[allow(missing_docs)]
pub mod type_code {
    pub const INTEGER: u64 = 0;
    pub const INDEX: u64 = 1;
    pub const FUNCTION: u64 = 2;
    pub const BF16: u64 = 3;
    pub const F16: u64 = 4;
    pub const F32: u64 = 5;
    pub const F64: u64 = 6;
    pub const F80: u64 = 7;
    pub const F128: u64 = 8;
    pub const COMPLEX: u64 = 9;
    pub const MEMREF: u64 = 10;
    pub const MEMREF_WITH_MEM_SPACE: u64 = 11;
    pub const NONE: u64 = 12;
    pub const RANKED_TENSOR: u64 = 13;
    pub const RANKED_TENSOR_WITH_ENCODING: u64 = 14;
    pub const TUPLE: u64 = 15;
    pub const UNRANKED_MEMREF: u64 = 16;
    pub const UNRANKED_MEMREF_WITH_MEM_SPACE: u64 = 17;
    pub const UNRANKED_TENSOR: u64 = 18;
    pub const VECTOR: u64 = 19;
    pub const VECTOR_WITH_SCALABLE_DIMS: u64 = 20;
}

/// Property layouts of the builtin ops (what ODS generates for `builtin.module`).
pub fn properties_layout(op: &str) -> Option<Vec<PropField>> {
    match op {
        "builtin.module" => Some(vec![PropField::optional("sym_name"), PropField::optional("sym_visibility")]),
        "builtin.unrealized_conversion_cast" => Some(vec![]),
        _ => None,
    }
}

/// A `FileLineColLoc` entry's body.
fn read_file_line_col(r: &mut DialectReader<'_, '_>) -> Result<Attribute, BytecodeError> {
    let at = r.offset();
    let f = r.attribute()?;
    let file = sym_of(r, f, at)?;
    let line = r.varint()? as u32;
    let col = r.varint()? as u32;
    Ok(r.ctx().file_line_col_loc(file, line, col))
}

fn sym_of(r: &mut DialectReader<'_, '_>, a: Attribute, at: usize) -> Result<crate::Symbol, BytecodeError> {
    r.string_attr_sym(a, at)
}

fn location(r: &mut DialectReader<'_, '_>) -> Result<Attribute, BytecodeError> {
    let at = r.offset();
    let a = r.attribute()?;
    match r.ctx_ref().attr_kind(a) {
        AttrKind::Location(_) => Ok(a),
        _ => Err(BytecodeError::new(at, "expected a location attribute")),
    }
}

/// Bit width of the value of an integer-like type (index: 64).
fn int_width(k: &TypeKind) -> Option<(u32, Signedness)> {
    match k {
        TypeKind::Integer { width, signedness } => Some((*width, *signedness)),
        TypeKind::Index => Some((64, Signedness::Signless)),
        _ => None,
    }
}

/// The canonical value of [`AttrKind::Integer`] from its bits: sign-extended for signless and
/// signed types, zero-extended for unsigned types and `i1`.
pub fn int_from_bits(bits: u128, width: u32, sg: Signedness) -> i128 {
    if width == 0 || width >= 128 {
        return bits as i128;
    }
    if sg == Signedness::Unsigned || width == 1 {
        return bits as i128;
    }
    let shift = 128 - width;
    ((bits << shift) as i128) >> shift
}

fn mask(width: u32) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

/// Read a builtin attribute.
pub fn read_attribute(r: &mut DialectReader<'_, '_>) -> Result<Attribute, BytecodeError> {
    use attr_code::*;
    let at = r.offset();
    let code = r.varint()?;
    if code == FILE_LINE_COL_LOC {
        // Most entries of a large module are these (one per op): read and intern them apart
        // from the other kinds.
        return read_file_line_col(r);
    }
    let kind = match code {
        ARRAY => AttrKind::Array(r.attributes()?),
        DICTIONARY => {
            let entries = r.list(|r| {
                let at = r.offset();
                let n = r.attribute()?;
                let name = sym_of(r, n, at)?;
                let value = r.attribute()?;
                Ok(NamedAttribute { name, value })
            })?;
            AttrKind::Dictionary(entries)
        }
        STRING => AttrKind::String { value: r.string()?.to_string(), ty: None },
        STRING_WITH_TYPE => {
            let value = r.string()?.to_string();
            AttrKind::String { value, ty: Some(r.type_()?) }
        }
        FLAT_SYMBOL_REF | SYMBOL_REF => {
            let at = r.offset();
            let a = r.attribute()?;
            let root = sym_of(r, a, at)?;
            let mut nested = Vec::new();
            if code == SYMBOL_REF {
                for (at, a) in r.list(|r| Ok((r.offset(), r.attribute()?)))? {
                    match r.ctx_ref().attr_kind(a) {
                        AttrKind::SymbolRef { root, nested: inner } if inner.is_empty() => nested.push(*root),
                        _ => return Err(BytecodeError::new(at, "expected a flat symbol reference")),
                    }
                }
            }
            AttrKind::SymbolRef { root, nested }
        }
        TYPE => AttrKind::Type(r.type_()?),
        UNIT => AttrKind::Unit,
        INTEGER => {
            let tat = r.offset();
            let ty = r.type_()?;
            let Some((w, sg)) = int_width(r.ctx_ref().type_kind(ty)) else {
                return Err(BytecodeError::new(tat, "expected an integer or index type for an integer attribute"));
            };
            let bits = r.apint(w)?;
            AttrKind::Integer { value: int_from_bits(bits, w, sg), ty }
        }
        FLOAT => {
            let tat = r.offset();
            let ty = r.type_()?;
            let TypeKind::Float(k) = r.ctx_ref().type_kind(ty) else {
                return Err(BytecodeError::new(tat, "expected a float type for a float attribute"));
            };
            let k = *k;
            let bits = r.apint(k.bit_width())?;
            AttrKind::Float { bits: FloatBits(bits), ty }
        }
        CALL_SITE_LOC => {
            let callee = location(r)?;
            let caller = location(r)?;
            AttrKind::Location(Location::CallSite { callee, caller })
        }
        FILE_LINE_COL_RANGE => {
            let at = r.offset();
            let f = r.attribute()?;
            let file = sym_of(r, f, at)?;
            let kat = r.offset();
            let n = r.varint()?;
            let mut v = [0u32; 4];
            for slot in v.iter_mut().take(n.min(4) as usize) {
                *slot = r.varint()? as u32;
            }
            let (line, col, end) = match n {
                0 => (0, 0, None),
                1 => (v[0], 0, None),
                2 => (v[0], v[1], None),
                3 => (v[0], v[1], Some((v[0], v[2]))),
                4 => (v[0], v[1], Some((v[2], v[3]))),
                _ => return Err(BytecodeError::new(kat, format!("invalid FileLineColRange component count {n}"))),
            };
            let end = end.filter(|e| *e != (line, col));
            AttrKind::Location(Location::FileLineCol { file, line, col, end })
        }
        FUSED_LOC | FUSED_LOC_WITH_METADATA => {
            let locations = r.list(location)?;
            let metadata = if code == FUSED_LOC_WITH_METADATA { Some(r.attribute()?) } else { None };
            AttrKind::Location(Location::Fused { locations, metadata })
        }
        NAME_LOC => {
            let at = r.offset();
            let n = r.attribute()?;
            let name = sym_of(r, n, at)?;
            let child = location(r)?;
            let child = if child == r.ctx_ref().unknown_loc() { None } else { Some(child) };
            AttrKind::Location(Location::Name { name, child })
        }
        UNKNOWN_LOC => AttrKind::Location(Location::Unknown),
        DENSE_RESOURCE_ELEMENTS => {
            let ty = r.type_()?;
            let (_, handle) = r.resource_handle()?;
            AttrKind::DenseResource { handle, ty }
        }
        DENSE_ARRAY => {
            let tat = r.offset();
            let element = r.type_()?;
            let size = r.varint()?;
            let bat = r.offset();
            let blob = r.blob()?;
            let values = dense_array_values(r.ctx_ref().type_kind(element), size, blob).ok_or_else(|| {
                BytecodeError::new(bat.max(tat), "invalid dense array data for its element type and size")
            })?;
            AttrKind::DenseArray { element, values }
        }
        DENSE_INT_OR_FP_ELEMENTS => {
            let tat = r.offset();
            let ty = r.type_()?;
            let bat = r.offset();
            let blob = r.blob()?;
            let data = dense_from_raw(r.ctx_ref(), ty, blob).map_err(|m| BytecodeError::new(bat.max(tat), m))?;
            AttrKind::DenseElements { ty, data }
        }
        DENSE_STRING_ELEMENTS => {
            let tat = r.offset();
            let ty = r.type_()?;
            let splat = r.varint()? != 0;
            let n = if splat {
                1
            } else {
                match shaped_num_elements(r.ctx_ref().type_kind(ty)) {
                    Some(n) => n,
                    None => return Err(BytecodeError::new(tat, "expected a statically shaped type for dense strings")),
                }
            };
            if n > r.remaining() {
                return Err(r.error(format!("{n} dense string elements cannot fit in the remaining data")));
            }
            let mut values = Vec::with_capacity(n.min(1 << 16));
            for _ in 0..n {
                values.push(r.string()?.to_string());
            }
            AttrKind::DenseStrings { ty, values, splat }
        }
        SPARSE_ELEMENTS | DISTINCT => {
            return Err(BytecodeError::new(
                at,
                format!(
                    "builtin {} attributes are not supported by Strata",
                    if code == SPARSE_ELEMENTS { "sparse elements" } else { "distinct" }
                ),
            ))
        }
        _ => return Err(BytecodeError::new(at, format!("unknown builtin attribute code: {code}"))),
    };
    Ok(r.ctx().intern_attr(kind))
}

/// Read a builtin type.
pub fn read_type(r: &mut DialectReader<'_, '_>) -> Result<Type, BytecodeError> {
    use type_code::*;
    let at = r.offset();
    let code = r.varint()?;
    let kind = match code {
        INTEGER => {
            let v = r.varint()?;
            let width = v >> 2;
            if width > (1 << 24) {
                return Err(BytecodeError::new(at, format!("integer bitwidth {width} is too large")));
            }
            let signedness = match v & 3 {
                0 => Signedness::Signless,
                1 => Signedness::Signed,
                2 => Signedness::Unsigned,
                _ => return Err(BytecodeError::new(at, "invalid integer signedness")),
            };
            TypeKind::Integer { width: width as u32, signedness }
        }
        INDEX => TypeKind::Index,
        FUNCTION => {
            let inputs = r.types()?;
            let results = r.types()?;
            TypeKind::Function { inputs, results }
        }
        BF16 => TypeKind::Float(FloatKind::BF16),
        F16 => TypeKind::Float(FloatKind::F16),
        F32 => TypeKind::Float(FloatKind::F32),
        F64 => TypeKind::Float(FloatKind::F64),
        F80 => TypeKind::Float(FloatKind::F80),
        F128 => TypeKind::Float(FloatKind::F128),
        COMPLEX => TypeKind::Complex(r.type_()?),
        MEMREF | MEMREF_WITH_MEM_SPACE => {
            let memory_space = if code == MEMREF_WITH_MEM_SPACE { Some(r.attribute()?) } else { None };
            let shape = r.signed_varints()?;
            let element = r.type_()?;
            let layout = r.attribute()?;
            let layout = if is_identity_map(r.ctx_ref().attr_kind(layout), shape.len()) { None } else { Some(layout) };
            TypeKind::MemRef { shape, element, layout, memory_space }
        }
        NONE => TypeKind::None,
        RANKED_TENSOR | RANKED_TENSOR_WITH_ENCODING => {
            let encoding = if code == RANKED_TENSOR_WITH_ENCODING { Some(r.attribute()?) } else { None };
            let shape = r.signed_varints()?;
            let element = r.type_()?;
            TypeKind::RankedTensor { shape, element, encoding }
        }
        TUPLE => TypeKind::Tuple(r.types()?),
        UNRANKED_MEMREF | UNRANKED_MEMREF_WITH_MEM_SPACE => {
            let memory_space = if code == UNRANKED_MEMREF_WITH_MEM_SPACE { Some(r.attribute()?) } else { None };
            let element = r.type_()?;
            TypeKind::UnrankedMemRef { element, memory_space }
        }
        UNRANKED_TENSOR => TypeKind::UnrankedTensor { element: r.type_()? },
        VECTOR | VECTOR_WITH_SCALABLE_DIMS => {
            let scalable = if code == VECTOR_WITH_SCALABLE_DIMS { Some(r.list(|r| r.bool())?) } else { None };
            let shape = r.signed_varints()?;
            let element = r.type_()?;
            let scalable = scalable.unwrap_or_else(|| vec![false; shape.len()]);
            if scalable.len() != shape.len() {
                return Err(BytecodeError::new(at, "vector scalable dimensions do not match its rank"));
            }
            TypeKind::Vector { shape, scalable, element }
        }
        _ => return Err(BytecodeError::new(at, format!("unknown builtin type code: {code}"))),
    };
    Ok(r.ctx().intern_type(kind))
}

fn is_identity_map(k: &AttrKind, rank: usize) -> bool {
    match k {
        AttrKind::AffineMap(AffineMap { num_dims, num_symbols: 0, results }) => {
            *num_dims as usize == rank
                && results.len() == rank
                && results.iter().enumerate().all(|(i, e)| *e == crate::attributes::AffineExpr::Dim(i as u32))
        }
        _ => false,
    }
}

fn shaped_num_elements(k: &TypeKind) -> Option<usize> {
    let shape = k.shape()?;
    let mut n: usize = 1;
    for d in shape {
        if *d < 0 {
            return None;
        }
        n = n.checked_mul(*d as usize)?;
    }
    Some(n)
}

fn dense_array_values(k: &TypeKind, size: u64, blob: &[u8]) -> Option<Vec<i64>> {
    let (bytes, float) = match k {
        TypeKind::Integer { width: 1, .. } => (1, false),
        TypeKind::Integer { width, .. } if matches!(width, 8 | 16 | 32 | 64) => (*width as usize / 8, false),
        TypeKind::Float(FloatKind::F32) => (4, true),
        TypeKind::Float(FloatKind::F64) => (8, true),
        _ => return None,
    };
    if (size as u128) * bytes as u128 != blob.len() as u128 {
        return None;
    }
    Some(
        blob.chunks_exact(bytes)
            .map(|c| {
                let mut b = [0u8; 8];
                b[..bytes].copy_from_slice(c);
                let raw = u64::from_le_bytes(b);
                if float {
                    if bytes == 4 {
                        (f32::from_bits(raw as u32) as f64).to_bits() as i64
                    } else {
                        raw as i64
                    }
                } else {
                    let shift = 64 - 8 * bytes as u32;
                    if bytes == 1 && matches!(k, TypeKind::Integer { width: 1, .. }) {
                        (raw != 0) as i64
                    } else {
                        ((raw << shift) as i64) >> shift
                    }
                }
            })
            .collect(),
    )
}

/// Element layout of a dense elements type: (element storage bytes in Strata, bit-packed `i1`).
fn element_layout(ctx: &crate::Context, ty: Type) -> Option<(usize, bool, usize)> {
    let k = ctx.type_kind(ty);
    let elt = k.element_type()?;
    let n = shaped_num_elements(k)?;
    let is_i1 = matches!(ctx.type_kind(elt), TypeKind::Integer { width: 1, .. });
    let sb = storage_bytes(ctx, elt);
    if sb == 0 {
        return None;
    }
    Some((sb, is_i1, n))
}

/// Strata's [`DenseData`] from MLIR's raw buffer (`DenseIntOrFPElementsAttr::getFromRawBuffer`):
/// elements row-major at their byte-rounded width, `i1` bit-packed, a buffer of one element a
/// splat.
pub fn dense_from_raw(ctx: &crate::Context, ty: Type, raw: &[u8]) -> Result<DenseData, String> {
    let Some((sb, is_i1, n)) = element_layout(ctx, ty) else {
        return Err("expected a statically shaped tensor or vector type for dense elements".into());
    };
    if is_i1 {
        if raw.len() == 1 && (raw[0] == 0 || raw[0] == 0xFF) {
            // A splat is one byte of all zeros or all ones (`isValidRawBuffer`).
            return Ok(DenseData { splat: true, bytes: vec![raw[0] & 1] });
        }
        if raw.len() == n.div_ceil(8) {
            let bytes: Vec<u8> = (0..n).map(|i| (raw[i / 8] >> (i % 8)) & 1).collect();
            return Ok(DenseData { splat: n == 1, bytes });
        }
        if raw.len() == n {
            return Ok(DenseData { splat: n == 1, bytes: raw.iter().map(|b| (*b != 0) as u8).collect() });
        }
        return Err(format!("raw buffer of {} bytes does not hold {n} i1 elements", raw.len()));
    }
    if raw.len() == sb && n != 1 {
        return Ok(DenseData { splat: true, bytes: raw.to_vec() });
    }
    if raw.len() as u128 != n as u128 * sb as u128 {
        return Err(format!("raw buffer of {} bytes does not hold {n} elements of {sb} bytes", raw.len()));
    }
    Ok(DenseData { splat: n == 1, bytes: raw.to_vec() })
}

/// MLIR's raw buffer of a dense elements attribute.
pub fn dense_to_raw(ctx: &crate::Context, ty: Type, d: &DenseData) -> Option<Vec<u8>> {
    let (_, is_i1, n) = element_layout(ctx, ty)?;
    if !is_i1 {
        return Some(d.bytes.clone());
    }
    if d.splat {
        return Some(vec![if d.bytes.first().copied().unwrap_or(0) != 0 { 0xFF } else { 0 }]);
    }
    let mut out = vec![0u8; n.div_ceil(8)];
    for (i, b) in d.bytes.iter().enumerate().take(n) {
        if *b != 0 {
            out[i / 8] |= 1 << (i % 8);
        }
    }
    Some(out)
}

/// Write a builtin attribute; `false` for kinds with no builtin encoding (written as text).
pub fn write_attribute(a: Attribute, w: &mut DialectWriter<'_>) -> bool {
    use attr_code::*;
    let ctx = w.ctx();
    match ctx.attr_kind(a) {
        AttrKind::Array(v) => {
            w.varint(ARRAY);
            w.attributes(v);
        }
        AttrKind::Dictionary(entries) => {
            w.varint(DICTIONARY);
            w.varint(entries.len() as u64);
            for e in entries {
                w.name(e.name);
                w.attribute(e.value);
            }
        }
        AttrKind::String { value, ty: None } => {
            w.varint(STRING);
            w.string(value);
        }
        AttrKind::String { value, ty: Some(t) } => {
            w.varint(STRING_WITH_TYPE);
            w.string(value);
            w.type_(*t);
        }
        AttrKind::SymbolRef { root, nested } => {
            if nested.is_empty() {
                w.varint(FLAT_SYMBOL_REF);
                w.name(*root);
            } else {
                w.varint(SYMBOL_REF);
                w.name(*root);
                w.varint(nested.len() as u64);
                for n in nested {
                    w.flat_ref(*n);
                }
            }
        }
        AttrKind::Type(t) => {
            w.varint(TYPE);
            w.type_(*t);
        }
        AttrKind::Unit => w.varint(UNIT),
        AttrKind::Integer { value, ty } => {
            let Some((width, _)) = int_width(ctx.type_kind(*ty)) else { return false };
            if width > 128 {
                return false;
            }
            w.varint(INTEGER);
            w.type_(*ty);
            w.apint(width, (*value as u128) & mask(width));
        }
        AttrKind::Float { bits, ty } => {
            let TypeKind::Float(k) = ctx.type_kind(*ty) else { return false };
            w.varint(FLOAT);
            w.type_(*ty);
            w.apint(k.bit_width(), bits.0 & mask(k.bit_width()));
        }
        AttrKind::Location(l) => match l {
            Location::Unknown => w.varint(UNKNOWN_LOC),
            Location::CallSite { callee, caller } => {
                w.varint(CALL_SITE_LOC);
                w.attribute(*callee);
                w.attribute(*caller);
            }
            Location::FileLineCol { file, line, col, end } => match end {
                Some((el, ec)) if (*el, *ec) != (*line, *col) => {
                    w.varint(FILE_LINE_COL_RANGE);
                    w.name(*file);
                    if el == line {
                        w.varint(3);
                        w.varint(*line as u64);
                        w.varint(*col as u64);
                        w.varint(*ec as u64);
                    } else {
                        w.varint(4);
                        w.varint(*line as u64);
                        w.varint(*col as u64);
                        w.varint(*el as u64);
                        w.varint(*ec as u64);
                    }
                }
                _ => {
                    w.varint(FILE_LINE_COL_LOC);
                    w.name(*file);
                    w.varint(*line as u64);
                    w.varint(*col as u64);
                }
            },
            Location::Fused { locations, metadata } => {
                w.varint(if metadata.is_some() { FUSED_LOC_WITH_METADATA } else { FUSED_LOC });
                w.attributes(locations);
                if let Some(m) = metadata {
                    w.attribute(*m);
                }
            }
            Location::Name { name, child } => {
                w.varint(NAME_LOC);
                w.name(*name);
                let c = child.unwrap_or(ctx.unknown_loc());
                w.attribute(c);
            }
        },
        AttrKind::DenseResource { handle, ty } => {
            w.varint(DENSE_RESOURCE_ELEMENTS);
            w.type_(*ty);
            w.resource_handle("builtin", handle);
        }
        AttrKind::DenseArray { element, values } => {
            let ek = ctx.type_kind(*element);
            let (bytes, float) = match ek {
                TypeKind::Integer { width: 1, .. } => (1, false),
                TypeKind::Integer { width, .. } if matches!(width, 8 | 16 | 32 | 64) => (*width as usize / 8, false),
                TypeKind::Float(FloatKind::F32) => (4, true),
                TypeKind::Float(FloatKind::F64) => (8, true),
                _ => return false,
            };
            let mut blob = Vec::with_capacity(values.len() * bytes);
            for v in values {
                let raw: u64 =
                    if float && bytes == 4 { (f64::from_bits(*v as u64) as f32).to_bits() as u64 } else { *v as u64 };
                blob.extend_from_slice(&raw.to_le_bytes()[..bytes]);
            }
            w.varint(DENSE_ARRAY);
            w.type_(*element);
            w.varint(values.len() as u64);
            w.blob(&blob);
        }
        AttrKind::DenseElements { ty, data } => {
            let Some(raw) = dense_to_raw(ctx, *ty, data) else { return false };
            w.varint(DENSE_INT_OR_FP_ELEMENTS);
            w.type_(*ty);
            w.blob(&raw);
        }
        AttrKind::DenseStrings { ty, values, splat } => {
            w.varint(DENSE_STRING_ELEMENTS);
            w.type_(*ty);
            w.varint(*splat as u64);
            for v in values {
                w.string(v);
            }
        }
        AttrKind::AffineMap(_) | AttrKind::IntegerSet(_) | AttrKind::Strided { .. } | AttrKind::Dialect { .. } => {
            return false
        }
    }
    true
}

/// Write a builtin type; `false` for kinds with no builtin encoding (written as text).
pub fn write_type(t: Type, w: &mut DialectWriter<'_>) -> bool {
    use type_code::*;
    let ctx = w.ctx();
    match ctx.type_kind(t) {
        TypeKind::Integer { width, signedness } => {
            w.varint(INTEGER);
            let s = match signedness {
                Signedness::Signless => 0,
                Signedness::Signed => 1,
                Signedness::Unsigned => 2,
            };
            w.varint(((*width as u64) << 2) | s);
        }
        TypeKind::Index => w.varint(INDEX),
        TypeKind::Function { inputs, results } => {
            w.varint(FUNCTION);
            w.types(inputs);
            w.types(results);
        }
        TypeKind::Float(k) => {
            let code = match k {
                FloatKind::BF16 => BF16,
                FloatKind::F16 => F16,
                FloatKind::F32 => F32,
                FloatKind::F64 => F64,
                FloatKind::F80 => F80,
                FloatKind::F128 => F128,
                _ => return false,
            };
            w.varint(code);
        }
        TypeKind::Complex(e) => {
            w.varint(COMPLEX);
            w.type_(*e);
        }
        TypeKind::MemRef { shape, element, layout, memory_space } => {
            match memory_space {
                Some(m) => {
                    w.varint(MEMREF_WITH_MEM_SPACE);
                    w.attribute(*m);
                }
                None => w.varint(MEMREF),
            }
            w.signed_varints(shape);
            w.type_(*element);
            match layout {
                Some(l) => w.attribute(*l),
                None => w.identity_layout(shape.len()),
            }
        }
        TypeKind::None => w.varint(NONE),
        TypeKind::RankedTensor { shape, element, encoding } => {
            match encoding {
                Some(e) => {
                    w.varint(RANKED_TENSOR_WITH_ENCODING);
                    w.attribute(*e);
                }
                None => w.varint(RANKED_TENSOR),
            }
            w.signed_varints(shape);
            w.type_(*element);
        }
        TypeKind::Tuple(ts) => {
            w.varint(TUPLE);
            w.types(ts);
        }
        TypeKind::UnrankedMemRef { element, memory_space } => {
            match memory_space {
                Some(m) => {
                    w.varint(UNRANKED_MEMREF_WITH_MEM_SPACE);
                    w.attribute(*m);
                }
                None => w.varint(UNRANKED_MEMREF),
            }
            w.type_(*element);
        }
        TypeKind::UnrankedTensor { element } => {
            w.varint(UNRANKED_TENSOR);
            w.type_(*element);
        }
        TypeKind::Vector { shape, scalable, element } => {
            if scalable.iter().any(|s| *s) {
                w.varint(VECTOR_WITH_SCALABLE_DIMS);
                w.varint(scalable.len() as u64);
                for s in scalable {
                    w.byte(*s as u8);
                }
            } else {
                w.varint(VECTOR);
            }
            w.signed_varints(shape);
            w.type_(*element);
        }
        TypeKind::Dialect { .. } => return false,
    }
    true
}
