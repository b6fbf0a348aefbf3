//! VHLO's bytecode encodings (StableHLO's `VhloBytecode.cpp`): the attribute and type codes
//! (stable across versions: a code is never reused), the dialect version record, and the ops'
//! property layouts (from the op table: every attribute, in name order).

use std::cell::RefCell;

use strata_ir::attributes::{DenseData, FloatBits};
use strata_ir::bytecode::builtin::{dense_from_raw, int_from_bits};
use strata_ir::bytecode::{BytecodeError, DialectBytecode, DialectReader, DialectWriter, PropField};
use strata_ir::{AttrKind, Attribute, Context, FloatKind, Signedness, Type, TypeKind};

use super::types::VType;
use super::vattr::{VAttr, ENUMS};

/// Attribute codes (`vhlo_encoding::AttributeCode`).
mod attr_code {
    pub const ARRAY: u64 = 1;
    pub const BOOLEAN: u64 = 2;
    pub const COMPARISON_DIRECTION: u64 = 3;
    pub const COMPARISON_TYPE: u64 = 4;
    pub const CUSTOM_CALL_API_VERSION: u64 = 5;
    pub const DICTIONARY: u64 = 6;
    pub const FFT_TYPE: u64 = 7;
    pub const FLOAT: u64 = 8;
    pub const INTEGER: u64 = 9;
    pub const OUTPUT_OPERAND_ALIAS: u64 = 10;
    pub const PRECISION: u64 = 11;
    pub const RNG_ALGORITHM: u64 = 12;
    pub const RNG_DISTRIBUTION: u64 = 13;
    pub const STRING: u64 = 14;
    pub const TENSOR: u64 = 15;
    pub const TRANSPOSE: u64 = 16;
    pub const TYPE: u64 = 17;
    pub const TYPE_EXTENSIONS: u64 = 18;
    pub const RESULT_ACCURACY_MODE: u64 = 19;
    pub const RESULT_ACCURACY: u64 = 20;
}

/// The enum attribute codes, by [`ENUMS`] index.
const ENUM_CODES: &[(u64, &str)] = &[
    (attr_code::COMPARISON_DIRECTION, "comparison_direction_v1"),
    (attr_code::COMPARISON_TYPE, "comparison_type_v1"),
    (attr_code::CUSTOM_CALL_API_VERSION, "api_version_v1"),
    (attr_code::FFT_TYPE, "fft_type_v1"),
    (attr_code::PRECISION, "precision_v1"),
    (attr_code::RNG_ALGORITHM, "rng_algorithm_v1"),
    (attr_code::RNG_DISTRIBUTION, "rng_distribution_v1"),
    (attr_code::TRANSPOSE, "transpose_v1"),
    (attr_code::RESULT_ACCURACY_MODE, "result_accuracy_mode_v1"),
];

/// Type codes of the types without parameters (`vhlo_encoding::TypeCode`).
fn simple_type_code(t: &VType) -> Option<u64> {
    use FloatKind as F;
    Some(match t {
        VType::Bool => 0,
        VType::Float(F::BF16) => 2,
        VType::Float(F::F16) => 3,
        VType::Float(F::F32) => 4,
        VType::Float(F::F64) => 5,
        VType::Float(F::F8E4M3FN) => 6,
        VType::Float(F::F8E5M2) => 7,
        VType::Index => 9,
        VType::Int { width: 4, unsigned: false } => 10,
        VType::Int { width: 8, unsigned: false } => 11,
        VType::Int { width: 16, unsigned: false } => 12,
        VType::Int { width: 32, unsigned: false } => 13,
        VType::Int { width: 64, unsigned: false } => 14,
        VType::Int { width: 4, unsigned: true } => 15,
        VType::Int { width: 8, unsigned: true } => 16,
        VType::Int { width: 16, unsigned: true } => 17,
        VType::Int { width: 32, unsigned: true } => 18,
        VType::Int { width: 64, unsigned: true } => 19,
        VType::Token => 22,
        VType::Witness => 26,
        VType::Float(F::F8E4M3FNUZ) => 27,
        VType::Float(F::F8E5M2FNUZ) => 28,
        VType::Float(F::F8E4M3B11FNUZ) => 29,
        VType::Int { width: 2, unsigned: false } => 31,
        VType::Int { width: 2, unsigned: true } => 32,
        VType::None => 33,
        VType::Float(F::TF32) => 34,
        VType::Float(F::F8E4M3) => 35,
        VType::Float(F::F8E3M4) => 36,
        VType::Float(F::F4E2M1FN) => 37,
        VType::Float(F::F6E2M3FN) => 38,
        VType::Float(F::F6E3M2FN) => 39,
        VType::Float(F::F8E8M0FNU) => 40,
        _ => return None,
    })
}

fn simple_type_of_code(code: u64) -> Option<VType> {
    (0..=40).contains(&code).then_some(())?;
    ALL_SIMPLE.iter().find(|t| simple_type_code(t) == Some(code)).cloned()
}

const ALL_SIMPLE: &[VType] = &[
    VType::Bool,
    VType::Float(FloatKind::BF16),
    VType::Float(FloatKind::F16),
    VType::Float(FloatKind::F32),
    VType::Float(FloatKind::F64),
    VType::Float(FloatKind::F8E4M3FN),
    VType::Float(FloatKind::F8E5M2),
    VType::Index,
    VType::Int { width: 4, unsigned: false },
    VType::Int { width: 8, unsigned: false },
    VType::Int { width: 16, unsigned: false },
    VType::Int { width: 32, unsigned: false },
    VType::Int { width: 64, unsigned: false },
    VType::Int { width: 4, unsigned: true },
    VType::Int { width: 8, unsigned: true },
    VType::Int { width: 16, unsigned: true },
    VType::Int { width: 32, unsigned: true },
    VType::Int { width: 64, unsigned: true },
    VType::Token,
    VType::Witness,
    VType::Float(FloatKind::F8E4M3FNUZ),
    VType::Float(FloatKind::F8E5M2FNUZ),
    VType::Float(FloatKind::F8E4M3B11FNUZ),
    VType::Int { width: 2, unsigned: false },
    VType::Int { width: 2, unsigned: true },
    VType::None,
    VType::Float(FloatKind::TF32),
    VType::Float(FloatKind::F8E4M3),
    VType::Float(FloatKind::F8E3M4),
    VType::Float(FloatKind::F4E2M1FN),
    VType::Float(FloatKind::F6E2M3FN),
    VType::Float(FloatKind::F6E3M2FN),
    VType::Float(FloatKind::F8E8M0FNU),
];

/// The handle of an interned VHLO type (no interning).
pub fn lookup_vtype(ctx: &Context, t: &VType) -> Option<Type> {
    let dialect = ctx.lookup_sym("vhlo")?;
    let body = t.body();
    let opaque = !strata_ir::attributes::dialect_body_prints_pretty(&body);
    ctx.lookup_type(&TypeKind::Dialect { dialect, body, opaque })
}

/// What the writer needs of one VHLO attribute (computed in `prepare`, with every attribute
/// and type it refers to interned).
#[derive(Clone, Debug)]
enum Enc {
    Attrs(u64, Vec<Attribute>),
    Bool(bool),
    Enum(u64, u32),
    Dict(Vec<(Attribute, Attribute)>),
    Float(Type, u32, u128),
    Integer(Type, u32, u128),
    Alias(Vec<i64>, i64, Vec<i64>),
    String(String),
    Tensor(Type, Vec<u8>),
    Type(Type),
    Bounds(Vec<i64>),
    Accuracy(f64, f64, i64, Attribute),
}

/// The VHLO bytecode interface.
#[derive(Default)]
pub struct VhloBytecode {
    enc: RefCell<std::collections::HashMap<Attribute, Enc>>,
}

fn float_width(k: FloatKind) -> u32 {
    k.bit_width()
}

fn read_vtype(r: &mut DialectReader<'_, '_>) -> Result<VType, BytecodeError> {
    let at = r.offset();
    let t = r.type_()?;
    VType::of(r.ctx_ref(), t).ok_or_else(|| BytecodeError::new(at, "expected a VHLO type"))
}

fn builtin_of(r: &mut DialectReader<'_, '_>, v: &VType, at: usize) -> Result<Type, BytecodeError> {
    v.to_builtin(r.ctx()).ok_or_else(|| BytecodeError::new(at, format!("VHLO type {} has no builtin form", v.text())))
}

impl DialectBytecode for VhloBytecode {
    fn read_attribute(&self, r: &mut DialectReader<'_, '_>) -> Result<Attribute, BytecodeError> {
        use attr_code::*;
        let at = r.offset();
        let code = r.varint()?;
        let va = match code {
            ARRAY => VAttr::Array(r.attributes()?),
            BOOLEAN => match r.varint()? {
                0 => VAttr::Bool(false),
                1 => VAttr::Bool(true),
                v => return Err(BytecodeError::new(at, format!("unsupported value: {v}"))),
            },
            DICTIONARY => VAttr::Dict(r.list(|r| Ok((r.attribute()?, r.attribute()?)))?),
            FLOAT => {
                let tat = r.offset();
                let vt = read_vtype(r)?;
                let VType::Float(k) = vt else { return Err(BytecodeError::new(tat, "expected a VHLO float type")) };
                let bits = r.apint(float_width(k))?;
                let ty = r.ctx().float_type(k);
                VAttr::Float(r.ctx().intern_attr(AttrKind::Float { bits: FloatBits(bits), ty }))
            }
            INTEGER => {
                let tat = r.offset();
                let vt = read_vtype(r)?;
                let (width, sg) = match vt {
                    VType::Index => (64, Signedness::Signless),
                    VType::Int { width, unsigned } => {
                        (width, if unsigned { Signedness::Unsigned } else { Signedness::Signless })
                    }
                    VType::Bool => (1, Signedness::Signless),
                    _ => return Err(BytecodeError::new(tat, "expected a VHLO integer type")),
                };
                let bits = r.apint(width)?;
                let ty = builtin_of(r, &vt, tat)?;
                let value = int_from_bits(bits, width, sg);
                VAttr::Integer(r.ctx().intern_attr(AttrKind::Integer { value, ty }))
            }
            OUTPUT_OPERAND_ALIAS => {
                let o = r.signed_varints()?;
                let i = r.signed_varint()?;
                let p = r.signed_varints()?;
                VAttr::OutputOperandAlias(o, i, p)
            }
            STRING => VAttr::String(r.string()?.to_string()),
            TENSOR => {
                let tat = r.offset();
                let vt = read_vtype(r)?;
                let ty = builtin_of(r, &vt, tat)?;
                let bat = r.offset();
                let blob = r.blob()?;
                let data = dense_from_raw(r.ctx_ref(), ty, blob).map_err(|m| BytecodeError::new(bat, m))?;
                VAttr::Tensor(r.ctx().intern_attr(AttrKind::DenseElements { ty, data }))
            }
            TYPE => VAttr::Type(r.type_()?),
            TYPE_EXTENSIONS => VAttr::TypeExtensions(r.signed_varints()?),
            RESULT_ACCURACY => {
                let atol = f64::from_bits(r.apint(64)? as u64);
                let rtol = f64::from_bits(r.apint(64)? as u64);
                let ulps = r.signed_varint()?;
                let mode = r.attribute()?;
                VAttr::ResultAccuracy { atol, rtol, ulps, mode }
            }
            c => match ENUM_CODES.iter().find(|(k, _)| *k == c) {
                Some((_, name)) => {
                    let i = ENUMS.iter().position(|(n, _)| n == name).expect("enum table");
                    let vat = r.offset();
                    let v = r.varint()?;
                    if v as usize >= ENUMS[i].1.len() || ENUMS[i].1[v as usize].is_empty() {
                        return Err(BytecodeError::new(vat, format!("invalid {name} value: {v}")));
                    }
                    VAttr::Enum(i, v as u32)
                }
                None => return Err(BytecodeError::new(at, format!("unknown vhlo attribute code: {c}"))),
            },
        };
        Ok(va.intern(r.ctx()))
    }

    fn read_type(&self, r: &mut DialectReader<'_, '_>) -> Result<Type, BytecodeError> {
        let at = r.offset();
        let code = r.varint()?;
        let vt = match code {
            1 => VType::Complex(Box::new(read_vtype(r)?)),
            8 => {
                let i = r.types()?;
                let o = r.types()?;
                let conv = |r: &mut DialectReader<'_, '_>, v: Vec<Type>| -> Result<Vec<VType>, BytecodeError> {
                    v.into_iter()
                        .map(|t| {
                            VType::of(r.ctx_ref(), t).ok_or_else(|| BytecodeError::new(at, "expected a VHLO type"))
                        })
                        .collect()
                };
                let inputs = conv(r, i)?;
                let outputs = conv(r, o)?;
                VType::Func { inputs, outputs }
            }
            20 | 21 => {
                let encoding = if code == 21 {
                    let a = r.attribute()?;
                    Some(strata_ir::printer::attr_to_string(r.ctx_ref(), a))
                } else {
                    None
                };
                let shape = r.signed_varints()?;
                let element = Box::new(read_vtype(r)?);
                VType::Tensor { shape, element, encoding }
            }
            23 => {
                let v = r.types()?;
                VType::Tuple(
                    v.into_iter()
                        .map(|t| {
                            VType::of(r.ctx_ref(), t).ok_or_else(|| BytecodeError::new(at, "expected a VHLO type"))
                        })
                        .collect::<Result<_, _>>()?,
                )
            }
            25 => VType::UnrankedTensor(Box::new(read_vtype(r)?)),
            41 => {
                let shape = r.signed_varints()?;
                let element = Box::new(read_vtype(r)?);
                VType::Buffer { shape, element }
            }
            24 | 30 => {
                return Err(BytecodeError::new(at, "quantized VHLO types are not supported yet"));
            }
            c => {
                simple_type_of_code(c).ok_or_else(|| BytecodeError::new(at, format!("unknown vhlo type code: {c}")))?
            }
        };
        Ok(vt.intern(r.ctx()))
    }

    fn write_attribute(&self, a: Attribute, w: &mut DialectWriter<'_>) -> bool {
        let Some(e) = self.enc.borrow().get(&a).cloned() else { return false };
        match e {
            Enc::Attrs(code, v) => {
                w.varint(code);
                w.attributes(&v);
            }
            Enc::Bool(b) => {
                w.varint(attr_code::BOOLEAN);
                w.varint(b as u64);
            }
            Enc::Enum(code, v) => {
                w.varint(code);
                w.varint(v as u64);
            }
            Enc::Dict(v) => {
                w.varint(attr_code::DICTIONARY);
                w.varint(v.len() as u64);
                for (k, x) in v {
                    w.attribute(k);
                    w.attribute(x);
                }
            }
            Enc::Float(t, width, bits) => {
                w.varint(attr_code::FLOAT);
                w.type_(t);
                w.apint(width, bits);
            }
            Enc::Integer(t, width, bits) => {
                w.varint(attr_code::INTEGER);
                w.type_(t);
                w.apint(width, bits);
            }
            Enc::Alias(o, i, p) => {
                w.varint(attr_code::OUTPUT_OPERAND_ALIAS);
                w.signed_varints(&o);
                w.signed_varint(i);
                w.signed_varints(&p);
            }
            Enc::String(s) => {
                w.varint(attr_code::STRING);
                w.string(&s);
            }
            Enc::Tensor(t, blob) => {
                w.varint(attr_code::TENSOR);
                w.type_(t);
                w.blob(&blob);
            }
            Enc::Type(t) => {
                w.varint(attr_code::TYPE);
                w.type_(t);
            }
            Enc::Bounds(b) => {
                w.varint(attr_code::TYPE_EXTENSIONS);
                w.signed_varints(&b);
            }
            Enc::Accuracy(atol, rtol, ulps, mode) => {
                w.varint(attr_code::RESULT_ACCURACY);
                w.apint(64, atol.to_bits() as u128);
                w.apint(64, rtol.to_bits() as u128);
                w.signed_varint(ulps);
                w.attribute(mode);
            }
        }
        true
    }

    fn write_type(&self, t: Type, w: &mut DialectWriter<'_>) -> bool {
        let ctx = w.ctx();
        let Some(vt) = VType::of(ctx, t) else { return false };
        if let Some(c) = simple_type_code(&vt) {
            w.varint(c);
            return true;
        }
        let look = |v: &VType| lookup_vtype(ctx, v);
        match &vt {
            VType::Complex(e) => {
                let Some(e) = look(e) else { return false };
                w.varint(1);
                w.type_(e);
            }
            VType::Func { inputs, outputs } => {
                let Some(i) = inputs.iter().map(look).collect::<Option<Vec<_>>>() else { return false };
                let Some(o) = outputs.iter().map(look).collect::<Option<Vec<_>>>() else { return false };
                w.varint(8);
                w.types(&i);
                w.types(&o);
            }
            VType::Tensor { shape, element, encoding } => {
                let Some(e) = look(element) else { return false };
                match encoding {
                    Some(text) => {
                        let Some(a) = lookup_attr_text(ctx, text) else { return false };
                        w.varint(21);
                        w.attribute(a);
                    }
                    None => w.varint(20),
                }
                w.signed_varints(shape);
                w.type_(e);
            }
            VType::Tuple(v) => {
                let Some(v) = v.iter().map(look).collect::<Option<Vec<_>>>() else { return false };
                w.varint(23);
                w.types(&v);
            }
            VType::UnrankedTensor(e) => {
                let Some(e) = look(e) else { return false };
                w.varint(25);
                w.type_(e);
            }
            VType::Buffer { shape, element } => {
                let Some(e) = look(element) else { return false };
                w.varint(41);
                w.signed_varints(shape);
                w.type_(e);
            }
            _ => return false,
        }
        true
    }

    fn properties_layout(&self, op_name: &str) -> Option<Vec<PropField>> {
        let row = super::ops::lookup(op_name.strip_prefix("vhlo.")?)?;
        Some(row.sorted_attrs().into_iter().map(PropField::required).collect())
    }

    // No dialect version is written: StableHLO's VHLO dialect does not implement
    // `readVersion` (the version is the producer string, `StableHLO_v1.17.0`), and MLIR refuses
    // a version entry for such a dialect ("Dialect does not support versioning").

    fn prepare(&self, ctx: &mut Context, attrs: &[Attribute], types: &[Type]) {
        let mut stack: Vec<Attribute> = attrs.to_vec();
        let mut tstack: Vec<Type> = types.to_vec();
        let mut enc = self.enc.borrow_mut();
        while !stack.is_empty() || !tstack.is_empty() {
            while let Some(t) = tstack.pop() {
                prepare_type(ctx, t, &mut stack);
            }
            while let Some(a) = stack.pop() {
                if enc.contains_key(&a) {
                    continue;
                }
                let Some(va) = VAttr::of(ctx, a) else { continue };
                let e = match va {
                    VAttr::Array(v) => {
                        stack.extend(v.iter().copied());
                        Enc::Attrs(attr_code::ARRAY, v)
                    }
                    VAttr::Bool(b) => Enc::Bool(b),
                    VAttr::Enum(i, k) => {
                        let code = ENUM_CODES.iter().find(|(_, n)| *n == ENUMS[i].0).map(|c| c.0).unwrap_or(0);
                        Enc::Enum(code, k)
                    }
                    VAttr::Dict(v) => {
                        for (k, x) in &v {
                            stack.push(*k);
                            stack.push(*x);
                        }
                        Enc::Dict(v)
                    }
                    VAttr::Float(f) => {
                        let AttrKind::Float { bits, ty } = ctx.attr_kind(f).clone() else { continue };
                        let Some(vt) = VType::from_builtin(ctx, ty) else { continue };
                        let VType::Float(k) = vt else { continue };
                        let t = vt.intern(ctx);
                        Enc::Float(t, float_width(k), bits.0)
                    }
                    VAttr::Integer(i) => {
                        let AttrKind::Integer { value, ty } = ctx.attr_kind(i).clone() else { continue };
                        let Some(vt) = VType::from_builtin(ctx, ty) else { continue };
                        let width = match vt {
                            VType::Int { width, .. } => width,
                            VType::Bool => 1,
                            _ => 64,
                        };
                        let t = vt.intern(ctx);
                        let mask = if width >= 128 { u128::MAX } else { (1u128 << width) - 1 };
                        Enc::Integer(t, width, (value as u128) & mask)
                    }
                    VAttr::OutputOperandAlias(o, i, p) => Enc::Alias(o, i, p),
                    VAttr::String(s) => Enc::String(s),
                    VAttr::Tensor(d) => {
                        let AttrKind::DenseElements { ty, data } = ctx.attr_kind(d).clone() else { continue };
                        let Some(vt) = VType::from_builtin(ctx, ty) else { continue };
                        let t = vt.intern(ctx);
                        prepare_type(ctx, t, &mut stack);
                        Enc::Tensor(t, tensor_blob(ctx, ty, &data))
                    }
                    VAttr::Type(t) => {
                        tstack.push(t);
                        Enc::Type(t)
                    }
                    VAttr::TypeExtensions(b) => Enc::Bounds(b),
                    VAttr::ResultAccuracy { atol, rtol, ulps, mode } => {
                        stack.push(mode);
                        Enc::Accuracy(atol, rtol, ulps, mode)
                    }
                };
                enc.insert(a, e);
            }
        }
    }
}

/// Intern every type nested in VHLO type `t` (and queue its encoding attribute).
fn prepare_type(ctx: &mut Context, t: Type, attrs: &mut Vec<Attribute>) {
    let Some(vt) = VType::of(ctx, t) else { return };
    let mut todo = vec![vt];
    while let Some(v) = todo.pop() {
        v.intern(ctx);
        match v {
            VType::Complex(e) | VType::UnrankedTensor(e) => todo.push(*e),
            VType::Tensor { element, encoding, .. } => {
                if let Some(text) = encoding {
                    if let Ok(a) = strata_ir::parser::parse_attr_str(ctx, &text) {
                        attrs.push(a);
                    }
                }
                todo.push(*element);
            }
            VType::Buffer { element, .. } => todo.push(*element),
            VType::Tuple(v) => todo.extend(v),
            VType::Func { inputs, outputs } => {
                todo.extend(inputs);
                todo.extend(outputs);
            }
            _ => {}
        }
    }
}

fn lookup_attr_text(ctx: &Context, text: &str) -> Option<Attribute> {
    let body = text.strip_prefix("#vhlo.")?;
    let dialect = ctx.lookup_sym("vhlo")?;
    let opaque = !strata_ir::attributes::dialect_body_prints_pretty(body);
    ctx.lookup_attr(&AttrKind::Dialect { dialect, body: body.to_string(), opaque })
}

/// The blob of a `tensor_v1` (VHLO's `writeVhloTensorV1Attr`: booleans bit-packed, a splat of
/// booleans as one byte of all ones or zeros).
fn tensor_blob(ctx: &Context, ty: Type, d: &DenseData) -> Vec<u8> {
    let k = ctx.type_kind(ty);
    let is_bool = k.element_type().is_some_and(|e| matches!(ctx.type_kind(e), TypeKind::Integer { width: 1, .. }));
    if !is_bool {
        return d.bytes.clone();
    }
    let n = match k {
        TypeKind::RankedTensor { shape, .. } => shape.iter().map(|d| (*d).max(0) as usize).product(),
        _ => 0,
    };
    if d.bytes.len() == 1 && n > 1 {
        return vec![if d.bytes[0] != 0 { 0xFF } else { 0 }];
    }
    let mut out = vec![0u8; n.div_ceil(8)];
    for (i, b) in d.bytes.iter().enumerate().take(n) {
        if *b != 0 {
            out[i / 8] |= 1 << (i % 8);
        }
    }
    out
}
