//! Reading constant operands (MLIR's `m_Constant`, `m_Zero`, `m_One`, `m_AllOnes`,
//! `m_PosZeroFloat`, `m_NegZeroFloat`, `m_OneFloat`): splat or scalar constants seen as the bit
//! pattern of one element, and making splat constants of a type.

use strata_ir::attributes::{storage_bytes, DenseData};
use strata_ir::floatfmt::encode_f64;
use strata_ir::rewrite::constant_value;
use strata_ir::{AttrKind, Attribute, Context, FloatKind, Type, TypeKind, Value};

/// The constant attribute of `v`'s defining op, if it is constant-like.
pub fn const_of(ctx: &Context, v: Value) -> Option<Attribute> {
    constant_value(ctx, ctx.defining_op(v)?)
}

/// The element type of a tensor type, or the type itself for scalars.
pub fn elem_of(ctx: &Context, t: Type) -> Type {
    ctx.type_kind(t).element_type().unwrap_or(t)
}

/// Element class of a type (tensor element or scalar).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Elem {
    /// Signless/signed/unsigned integer of this width (`i1` included), or `index` (64).
    Int(u32),
    /// A float kind.
    Float(FloatKind),
    /// Anything else (complex, quantized, ...): no algebra applies.
    Other,
}

/// The element class of `t`.
pub fn elem_class(ctx: &Context, t: Type) -> Elem {
    match ctx.type_kind(elem_of(ctx, t)) {
        TypeKind::Integer { width, .. } => Elem::Int(*width),
        TypeKind::Index => Elem::Int(64),
        TypeKind::Float(k) => Elem::Float(*k),
        _ => Elem::Other,
    }
}

/// The single element of a splat (or one-element) constant as its bit pattern (integers
/// zero-extended from their width; `i1` as 0/1), with the element class.
pub fn splat_bits(ctx: &Context, a: Attribute) -> Option<(Elem, u128)> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, ty } => {
            let e = elem_class(ctx, *ty);
            let Elem::Int(w) = e else { return None };
            Some((e, (*value as u128) & mask(w)))
        }
        AttrKind::Float { bits, ty } => Some((elem_class(ctx, *ty), bits.0)),
        AttrKind::DenseElements { ty, data } => {
            let e = elem_class(ctx, *ty);
            if e == Elem::Other {
                return None;
            }
            let nb = storage_bytes(ctx, elem_of(ctx, *ty));
            if !data.splat && data.bytes.len() != nb {
                return None;
            }
            let bits = data.element_bits(nb, 0)?;
            Some((e, if let Elem::Int(w) = e { bits & mask(w) } else { bits }))
        }
        _ => None,
    }
}

/// All-ones of a width.
pub fn mask(w: u32) -> u128 {
    if w >= 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

/// Whether `v` is an integer constant splat equal to `x` (bits, masked to the width).
pub fn is_int_splat(ctx: &Context, v: Value, pred: impl Fn(u32, u128) -> bool) -> bool {
    match const_of(ctx, v).and_then(|a| splat_bits(ctx, a)) {
        Some((Elem::Int(w), bits)) => pred(w, bits),
        _ => false,
    }
}

/// Integer zero.
pub fn is_int_zero(ctx: &Context, v: Value) -> bool {
    is_int_splat(ctx, v, |_, b| b == 0)
}

/// Integer one (for `i1`: true).
pub fn is_int_one(ctx: &Context, v: Value) -> bool {
    is_int_splat(ctx, v, |_, b| b == 1)
}

/// Integer all-ones (-1; for `i1`: true).
pub fn is_int_all_ones(ctx: &Context, v: Value) -> bool {
    is_int_splat(ctx, v, |w, b| b == mask(w))
}

/// A float constant splat whose element is exactly `x` (bit for bit in its kind: `-0.0` and
/// `+0.0` differ).
pub fn is_float_exactly(ctx: &Context, v: Value, x: f64) -> bool {
    match const_of(ctx, v).and_then(|a| splat_bits(ctx, a)) {
        Some((Elem::Float(k), bits)) => bits == encode_f64(k, x),
        _ => false,
    }
}

/// A splat `dense<...>` of the static tensor type `ty` whose element has the bit pattern `bits`.
pub fn splat_attr(ctx: &mut Context, ty: Type, bits: u128) -> Option<Attribute> {
    let shaped = ctx.shaped(ty)?;
    if !shaped.is_static() || shaped.encoding().is_some() {
        return None;
    }
    let nb = storage_bytes(ctx, elem_of(ctx, ty));
    if nb == 0 || nb > 16 {
        return None;
    }
    let bytes = bits.to_le_bytes()[..nb].to_vec();
    Some(ctx.intern_attr(AttrKind::DenseElements { ty, data: DenseData { splat: true, bytes } }))
}
