//! MLIR's folders of `arith` ops (`ArithOps.cpp`'s `fold` methods): the one implementation of
//! arith folding (the `canonicalize` pass adds only MLIR's canonicalization patterns).
//!
//! Constant folding works on scalars, splats and dense elements as MLIR's `constFoldBinaryOp`,
//! `constFoldUnaryOp` and `constFoldCastOp` do: both operands constants of the same type, the
//! result a scalar, a splat (when every element is equal) or dense elements of the result type,
//! and no fold at all if any element does not (division by zero, ...). Integers wrap at their
//! width (`index` at 64 bits); floats are computed in `f64` and rounded once to the result type,
//! which is exact for `+ - * /` and `rem` of every narrower type (`f80` and `f128` do not fold).
//! NaN operands fold to NaN as in IEEE (and MLIR).
//!
//! The algebraic identities read splat constants as MLIR's `m_Zero`, `m_One`, `m_NegZeroFloat`,
//! ... do: `x + 0`, `x * 1`, `x * 0`, `x - x`, `x & x`, `x + -0.0`, `x - +0.0`, `x * 1.0`,
//! `x * ±0.0` (with `nnan` and `nsz`), `maximumf(x, -inf)`, `maxnumf(x, NaN)`, `maxsi(x, MAX)`,
//! `select(c, a, a)`, `cmpi eq x, x`, `trunci(extsi x)`, ... Never `x + 0.0` (`-0.0 + 0.0 =
//! +0.0`) or `x * 0.0` without the flags (NaN, -0.0). Installed as the ops' fold hooks; the
//! `canonicalize` pass materializes constants through [`materialize`].

use crate::ods::DialectBuilder;
use strata_ir::attributes::{storage_bytes, DenseData, FloatBits};
use strata_ir::dialect::{FoldFn, FoldResult};
use strata_ir::floatfmt::{decode_to_f64, encode_f64};
use strata_ir::{AttrKind, Attribute, Context, FloatKind, NamedAttribute, OpId, OperationState, Type, TypeKind, Value};

type Folded = Option<Vec<FoldResult>>;

/// The dialect's constant materializer: `arith.constant` of a scalar or elements attribute.
pub fn materialize(ctx: &mut Context, value: Attribute, ty: Type, loc: Attribute) -> Option<OpId> {
    let vt = crate::arith::typed_attr_type(ctx, value)?;
    if vt != ty {
        return None;
    }
    let name = ctx.op_name("arith.constant");
    let mut st = OperationState::new(name, loc);
    st.result_types.push(ty);
    let n = ctx.sym("value");
    st.properties.push(NamedAttribute { name: n, value });
    Some(ctx.create_op(st))
}

/// Width of an integer or index type (index folds at 64 bits).
fn int_width(ctx: &Context, t: Type) -> Option<u32> {
    match ctx.type_kind(t) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Index => Some(64),
        _ => None,
    }
}

/// The element type of a tensor or vector type, or the type itself.
fn elem_of(ctx: &Context, t: Type) -> Type {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { element, .. }
        | TypeKind::UnrankedTensor { element }
        | TypeKind::Vector { element, .. } => *element,
        _ => t,
    }
}

/// Width of the integer (or index) elements of `t` (a scalar, tensor or vector), if at most
/// 128 bits.
fn elem_int_width(ctx: &Context, t: Type) -> Option<u32> {
    int_width(ctx, elem_of(ctx, t)).filter(|&w| (1..=128).contains(&w))
}

/// Float kind of the elements of `t` when arithmetic in `f64` rounded once is exact for it.
fn elem_float_kind(ctx: &Context, t: Type) -> Option<FloatKind> {
    match ctx.type_kind(elem_of(ctx, t)) {
        TypeKind::Float(k) if !matches!(k, FloatKind::F80 | FloatKind::F128) => Some(*k),
        _ => None,
    }
}

/// Sign-extend the low `w` bits.
fn sext(v: i128, w: u32) -> i128 {
    if w >= 128 {
        return v;
    }
    let s = 128 - w;
    (v << s) >> s
}

/// Zero-extend the low `w` bits.
fn zext(v: i128, w: u32) -> u128 {
    if w >= 128 {
        return v as u128;
    }
    (v as u128) & ((1u128 << w) - 1)
}

/// The elements of a constant: one (a scalar or a splat) or each of a dense attribute.
#[derive(Clone, Debug, PartialEq)]
enum Elts<T> {
    One(T),
    Many(Vec<T>),
}

impl<T: Copy> Elts<T> {
    /// The scalar or splat value.
    fn one(&self) -> Option<T> {
        match self {
            Elts::One(x) => Some(*x),
            Elts::Many(_) => None,
        }
    }

    fn map<R>(&self, f: impl Fn(T) -> Option<R>) -> Option<Elts<R>> {
        Some(match self {
            Elts::One(x) => Elts::One(f(*x)?),
            Elts::Many(v) => Elts::Many(v.iter().map(|&x| f(x)).collect::<Option<_>>()?),
        })
    }

    /// Element by element (a splat pairs with each element of the other).
    fn zip<R>(&self, o: &Elts<T>, f: impl Fn(T, T) -> Option<R>) -> Option<Elts<R>> {
        match (self, o) {
            (Elts::One(a), Elts::One(b)) => Some(Elts::One(f(*a, *b)?)),
            (Elts::Many(a), Elts::Many(b)) if a.len() == b.len() => {
                Some(Elts::Many(a.iter().zip(b).map(|(&x, &y)| f(x, y)).collect::<Option<_>>()?))
            }
            (Elts::One(a), Elts::Many(b)) => Some(Elts::Many(b.iter().map(|&y| f(*a, y)).collect::<Option<_>>()?)),
            (Elts::Many(a), Elts::One(b)) => Some(Elts::Many(a.iter().map(|&x| f(x, *b)).collect::<Option<_>>()?)),
            _ => None,
        }
    }
}

/// The raw elements of a dense attribute of `ty` (`nb` bytes each, at most 16), as bits.
fn dense_bits(ctx: &Context, ty: Type, data: &DenseData, nb: usize) -> Option<Elts<u128>> {
    if data.splat {
        return data.element_bits(nb, 0).map(Elts::One);
    }
    let n = ctx.shaped(ty)?.num_elements()? as usize;
    if data.bytes.len() != n * nb {
        return None;
    }
    if n == 1 {
        return data.element_bits(nb, 0).map(Elts::One);
    }
    Some(Elts::Many((0..n).map(|i| data.element_bits(nb, i)).collect::<Option<_>>()?))
}

/// A constant's type and its integer elements, sign-extended from their width.
fn ints(ctx: &Context, a: Option<Attribute>) -> Option<(Type, u32, Elts<i128>)> {
    match ctx.attr_kind(a?) {
        AttrKind::Integer { value, ty } => {
            let w = int_width(ctx, *ty).filter(|&w| (1..=128).contains(&w))?;
            Some((*ty, w, Elts::One(sext(*value, w))))
        }
        AttrKind::DenseElements { ty, data } => {
            let e = elem_of(ctx, *ty);
            let w = int_width(ctx, e).filter(|&w| (1..=128).contains(&w))?;
            let bits = dense_bits(ctx, *ty, data, storage_bytes(ctx, e))?;
            Some((*ty, w, bits.map(|b| Some(sext(b as i128, w)))?))
        }
        _ => None,
    }
}

/// A constant's type, float kind and elements (as `f64`).
fn floats(ctx: &Context, a: Option<Attribute>) -> Option<(Type, FloatKind, Elts<f64>)> {
    match ctx.attr_kind(a?) {
        AttrKind::Float { bits, ty } => match ctx.type_kind(*ty) {
            TypeKind::Float(k) => Some((*ty, *k, Elts::One(decode_to_f64(*k, bits.0)))),
            _ => None,
        },
        AttrKind::DenseElements { ty, data } => {
            let e = elem_of(ctx, *ty);
            let TypeKind::Float(k) = ctx.type_kind(e) else { return None };
            let k = *k;
            let bits = dense_bits(ctx, *ty, data, storage_bytes(ctx, e))?;
            Some((*ty, k, bits.map(|b| Some(decode_to_f64(k, b)))?))
        }
        _ => None,
    }
}

/// The scalar or splat integer value of a constant.
fn int_splat(ctx: &Context, a: Option<Attribute>) -> Option<i128> {
    ints(ctx, a)?.2.one()
}

/// A splat or dense elements attribute of the static tensor or vector type `ty` whose elements
/// have the bit patterns `bits`, `nb` bytes each.
fn elements_attr(ctx: &mut Context, ty: Type, nb: usize, bits: Elts<u128>) -> Option<Attribute> {
    let shape = match ctx.type_kind(ty) {
        TypeKind::RankedTensor { shape, encoding: None, .. } => shape,
        // Scalable vectors hold splats only.
        TypeKind::Vector { shape, scalable, .. } if !scalable.iter().any(|&s| s) || matches!(bits, Elts::One(_)) => {
            shape
        }
        _ => return None,
    };
    if nb == 0 || nb > 16 || shape.iter().any(|&d| d < 0) {
        return None;
    }
    let n = shape.iter().product::<i64>() as usize;
    let data = match bits {
        Elts::One(b) if n > 0 => DenseData { splat: true, bytes: b.to_le_bytes()[..nb].to_vec() },
        Elts::One(_) => DenseData { splat: false, bytes: Vec::new() },
        Elts::Many(v) => {
            if v.len() != n {
                return None;
            }
            if v.iter().all(|&b| b == v[0]) && n > 0 {
                DenseData { splat: true, bytes: v[0].to_le_bytes()[..nb].to_vec() }
            } else {
                DenseData { splat: false, bytes: v.iter().flat_map(|b| b.to_le_bytes()[..nb].to_vec()).collect() }
            }
        }
    };
    Some(ctx.intern_attr(AttrKind::DenseElements { ty, data }))
}

/// An integer constant of type `ty` (a scalar, or a tensor or vector of integers).
fn int_attr_of(ctx: &mut Context, ty: Type, v: Elts<i128>) -> Option<Attribute> {
    if let Some(w) = int_width(ctx, ty) {
        return make_int(ctx, v.one()?, w, ty);
    }
    let e = elem_of(ctx, ty);
    let w = int_width(ctx, e)?;
    let nb = storage_bytes(ctx, e);
    // `i1` is stored as 0/1; wider integers sign-extended to their storage.
    let bits = v.map(|x| Some(if w == 1 { (x & 1) as u128 } else { sext(x, w) as u128 }))?;
    elements_attr(ctx, ty, nb, bits)
}

/// A float constant of type `ty` (a scalar, or a tensor or vector of floats).
fn float_attr_of(ctx: &mut Context, ty: Type, v: Elts<f64>) -> Option<Attribute> {
    if let TypeKind::Float(k) = ctx.type_kind(ty) {
        let k = *k;
        let bits = encode_f64(k, v.one()?);
        return Some(ctx.intern_attr(AttrKind::Float { bits: FloatBits(bits), ty }));
    }
    let e = elem_of(ctx, ty);
    let TypeKind::Float(k) = ctx.type_kind(e) else { return None };
    let k = *k;
    let nb = storage_bytes(ctx, e);
    elements_attr(ctx, ty, nb, v.map(|x| Some(encode_f64(k, x)))?)
}

fn make_int(ctx: &mut Context, v: i128, w: u32, ty: Type) -> Option<Attribute> {
    let v = if w == 1 { v & 1 } else { sext(v, w) };
    Some(ctx.int_attr(v, ty))
}

fn res_ty(ctx: &Context, op: OpId) -> Type {
    ctx.value_type(ctx.result(op, 0))
}

fn operand(ctx: &Context, op: OpId, i: usize) -> Value {
    ctx.operands(op)[i]
}

fn attr(a: Option<Attribute>) -> Folded {
    Some(vec![FoldResult::Attr(a?)])
}

fn value(v: Value) -> Folded {
    Some(vec![FoldResult::Value(v)])
}

// The binary integer ops (the `K` of `fold_int_binary`).
const ADDI: u8 = 0;
const SUBI: u8 = 1;
const MULI: u8 = 2;
const ANDI: u8 = 3;
const ORI: u8 = 4;
const XORI: u8 = 5;
const DIVUI: u8 = 6;
const DIVSI: u8 = 7;
const REMUI: u8 = 8;
const REMSI: u8 = 9;
const CEILDIVUI: u8 = 10;
const CEILDIVSI: u8 = 11;
const FLOORDIVSI: u8 = 12;
const MAXSI: u8 = 13;
const MINSI: u8 = 14;
const MAXUI: u8 = 15;
const MINUI: u8 = 16;
const SHLI: u8 = 17;
const SHRUI: u8 = 18;
const SHRSI: u8 = 19;

/// One element of a binary integer op on sign-extended `w`-bit values (`None`: no fold).
fn int_op(k: u8, w: u32, a: i128, b: i128) -> Option<i128> {
    let (ua, ub) = (zext(a, w), zext(b, w));
    let min = sext(1 << (w - 1), w);
    match k {
        ADDI => Some(a.wrapping_add(b)),
        SUBI => Some(a.wrapping_sub(b)),
        MULI => Some(a.wrapping_mul(b)),
        ANDI => Some(a & b),
        ORI => Some(a | b),
        XORI => Some(a ^ b),
        DIVUI => (ub != 0).then(|| (ua / ub) as i128),
        REMUI => (ub != 0).then(|| (ua % ub) as i128),
        DIVSI => (b != 0 && !(a == min && b == -1)).then(|| a / b),
        REMSI => (b != 0).then(|| if b == -1 { 0 } else { a % b }),
        CEILDIVUI => (ub != 0).then(|| ua.div_ceil(ub) as i128),
        CEILDIVSI => (b != 0 && !(a == min && b == -1)).then(|| {
            let q = a / b;
            if (a % b != 0) && ((a < 0) == (b < 0)) {
                q + 1
            } else {
                q
            }
        }),
        FLOORDIVSI => (b != 0 && !(a == min && b == -1)).then(|| {
            let q = a / b;
            if (a % b != 0) && ((a < 0) != (b < 0)) {
                q - 1
            } else {
                q
            }
        }),
        MAXSI => Some(a.max(b)),
        MINSI => Some(a.min(b)),
        MAXUI => Some(if ua >= ub { a } else { b }),
        MINUI => Some(if ua <= ub { a } else { b }),
        SHLI => (ub < w as u128).then(|| a << ub),
        SHRUI => (ub < w as u128).then(|| (ua >> ub) as i128),
        SHRSI => (ub < w as u128).then(|| a >> ub),
        _ => None,
    }
}

/// Binary integer ops: constant folding, then identities.
fn fold_int_binary<const K: u8>(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    let ty = res_ty(ctx, op);
    let w = elem_int_width(ctx, ty)?;
    let (x, y) = (operand(ctx, op, 0), operand(ctx, op, 1));
    let ca = ints(ctx, c[0]);
    let cb = ints(ctx, c[1]);
    if let (Some((ta, _, ea)), Some((tb, _, eb))) = (&ca, &cb) {
        if ta == tb {
            if let Some(r) = ea.zip(eb, |p, q| int_op(K, w, p, q)) {
                if let Some(r) = int_attr_of(ctx, ty, r) {
                    return attr(Some(r));
                }
            }
        }
    }
    let a = ca.and_then(|t| t.2.one());
    let b = cb.and_then(|t| t.2.one());
    let all_ones = sext(-1, w);
    let (smax, smin) = (sext(!(1i128 << (w - 1)), w), sext(1i128 << (w - 1), w));
    let zero = |ctx: &mut Context| attr(int_attr_of(ctx, ty, Elts::One(0)));
    match K {
        ADDI | ORI | XORI | SUBI | SHLI | SHRUI | SHRSI if b == Some(0) => value(x),
        ADDI | ORI | XORI if a == Some(0) => value(y),
        SUBI | XORI if x == y => zero(ctx),
        MULI if b == Some(1) => value(x),
        MULI if a == Some(1) => value(y),
        MULI | ANDI if b == Some(0) => value(y),
        MULI | ANDI if a == Some(0) => value(x),
        ANDI if b == Some(all_ones) => value(x),
        ANDI if a == Some(all_ones) => value(y),
        ORI if b == Some(all_ones) => value(y),
        ANDI | ORI | MAXSI | MINSI | MAXUI | MINUI if x == y => value(x),
        // maxsi(x, MAX) -> MAX, maxsi(x, MIN) -> x, and the like.
        MAXSI if b == Some(smax) => value(y),
        MAXSI if b == Some(smin) => value(x),
        MINSI if b == Some(smin) => value(y),
        MINSI if b == Some(smax) => value(x),
        MAXUI if b == Some(all_ones) => value(y),
        MAXUI if b == Some(0) => value(x),
        MINUI if b == Some(0) => value(y),
        MINUI if b == Some(all_ones) => value(x),
        DIVUI | DIVSI | CEILDIVUI | CEILDIVSI | FLOORDIVSI if b == Some(1) => value(x),
        REMUI | REMSI if b == Some(1) => zero(ctx),
        ADDI => {
            // add(sub(a, b), b) -> a ; add(b, sub(a, b)) -> a
            for (s, other) in [(x, y), (y, x)] {
                if let Some(d) = ctx.defining_op(s) {
                    if ctx.op_name_of(d) == "arith.subi" && ctx.operands(d)[1] == other {
                        return value(ctx.operands(d)[0]);
                    }
                }
            }
            None
        }
        SUBI => {
            // sub(add(a, b), b) -> a ; sub(add(b, a), b) -> a
            if let Some(d) = ctx.defining_op(x) {
                if ctx.op_name_of(d) == "arith.addi" {
                    let (p, q) = (ctx.operands(d)[0], ctx.operands(d)[1]);
                    if q == y {
                        return value(p);
                    }
                    if p == y {
                        return value(q);
                    }
                }
            }
            None
        }
        _ => None,
    }
}

// The binary float ops (the `K` of `fold_float_binary`).
const ADDF: u8 = 0;
const SUBF: u8 = 1;
const MULF: u8 = 2;
const DIVF: u8 = 3;
const REMF: u8 = 4;
const MAXIMUMF: u8 = 5;
const MINIMUMF: u8 = 6;
const MAXNUMF: u8 = 7;
const MINNUMF: u8 = 8;

/// One element of a binary float op. A NaN result is the first NaN operand, quieted, or the
/// default (positive quiet) NaN when no operand is NaN (`inf - inf`), as in LLVM's `APFloat`.
fn float_op(k: u8, a: f64, b: f64) -> Option<f64> {
    let r = float_op_raw(k, a, b)?;
    let quiet = |x: f64| f64::from_bits(x.to_bits() | (1 << 51));
    Some(if !r.is_nan() {
        r
    } else if a.is_nan() {
        quiet(a)
    } else if b.is_nan() {
        quiet(b)
    } else {
        f64::NAN
    })
}

fn float_op_raw(k: u8, a: f64, b: f64) -> Option<f64> {
    Some(match k {
        ADDF => a + b,
        SUBF => a - b,
        MULF => a * b,
        DIVF => a / b,
        REMF => a % b,
        // IEEE maximum/minimum: NaN wins, -0.0 < +0.0.
        MAXIMUMF | MINIMUMF if a.is_nan() || b.is_nan() => f64::NAN,
        // IEEE maxNum/minNum (LLVM's): NaN loses, -0.0 < +0.0.
        MAXNUMF | MINNUMF if a.is_nan() => b,
        MAXNUMF | MINNUMF if b.is_nan() => a,
        MAXIMUMF | MAXNUMF if a == 0.0 && b == 0.0 => {
            if a.is_sign_negative() {
                b
            } else {
                a
            }
        }
        MINIMUMF | MINNUMF if a == 0.0 && b == 0.0 => {
            if a.is_sign_negative() {
                a
            } else {
                b
            }
        }
        MAXIMUMF | MAXNUMF => a.max(b),
        MINIMUMF | MINNUMF => a.min(b),
        _ => return None,
    })
}

const NNAN: u32 = 2;
const NSZ: u32 = 8;

/// The op's `fastmath` flags (`#arith.fastmath<nnan,nsz>`; `fast` is all of them).
fn fastmath_flags(ctx: &Context, op: OpId) -> u32 {
    let Some(a) = ctx.attr(op, "fastmath") else { return 0 };
    let AttrKind::Dialect { body, .. } = ctx.attr_kind(a) else { return 0 };
    let inner = body.split_once('<').map(|(_, r)| r.trim_end_matches('>')).unwrap_or("");
    inner
        .split(',')
        .map(|f| match f.trim() {
            "reassoc" => 1,
            "nnan" => NNAN,
            "ninf" => 4,
            "nsz" => NSZ,
            "arcp" => 16,
            "contract" => 32,
            "afn" => 64,
            "fast" => 127,
            _ => 0,
        })
        .fold(0, |a, b| a | b)
}

/// Binary float ops: constant folding, then identities.
fn fold_float_binary<const K: u8>(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    let ty = res_ty(ctx, op);
    if !matches!(ctx.type_kind(elem_of(ctx, ty)), TypeKind::Float(_)) {
        return None;
    }
    let (x, y) = (operand(ctx, op, 0), operand(ctx, op, 1));
    let ca = floats(ctx, c[0]);
    let cb = floats(ctx, c[1]);
    if let (Some((ta, _, ea)), Some((tb, _, eb))) = (&ca, &cb) {
        if ta == tb && elem_float_kind(ctx, ty).is_some() {
            if let Some(r) = ea.zip(eb, |p, q| float_op(K, p, q)) {
                if let Some(r) = float_attr_of(ctx, ty, r) {
                    return attr(Some(r));
                }
            }
        }
    }
    let a = ca.and_then(|t| t.2.one());
    let b = cb.and_then(|t| t.2.one());
    let is =
        |v: Option<f64>, want: f64| v.is_some_and(|v| v == want && v.is_sign_negative() == want.is_sign_negative());
    match K {
        // x + -0.0 -> x
        ADDF if is(b, -0.0) => value(x),
        ADDF if is(a, -0.0) => value(y),
        // x - +0.0 -> x
        SUBF if is(b, 0.0) => value(x),
        MULF if is(b, 1.0) => value(x),
        MULF if is(a, 1.0) => value(y),
        // x * ±0.0 -> ±0.0 with nnan and nsz
        MULF if b == Some(0.0) && fastmath_flags(ctx, op) & (NNAN | NSZ) == NNAN | NSZ => value(y),
        DIVF if is(b, 1.0) => value(x),
        MAXIMUMF | MINIMUMF | MAXNUMF | MINNUMF if x == y => value(x),
        MAXIMUMF if is(b, f64::NEG_INFINITY) => value(x),
        MINIMUMF if is(b, f64::INFINITY) => value(x),
        MAXNUMF | MINNUMF if b.is_some_and(f64::is_nan) => value(x),
        _ => None,
    }
}

fn fold_negf(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    let ty = res_ty(ctx, op);
    // negf(negf(x)) -> x
    if let Some(d) = ctx.defining_op(operand(ctx, op, 0)) {
        if ctx.op_name_of(d) == "arith.negf" {
            return value(ctx.operands(d)[0]);
        }
    }
    elem_float_kind(ctx, ty)?;
    let r = floats(ctx, c[0])?.2.map(|a| Some(-a))?;
    attr(float_attr_of(ctx, ty, r))
}

/// The `i1` result of a comparison of `x` with itself or of constants.
fn fold_cmp(ctx: &mut Context, op: OpId, same: Option<bool>, r: Option<Elts<bool>>) -> Folded {
    let i1 = res_ty(ctx, op);
    let r = match (same, r) {
        (_, Some(r)) => r,
        (Some(s), None) => Elts::One(s),
        (None, None) => return None,
    };
    let v = r.map(|b| Some(b as i128))?;
    attr(int_attr_of(ctx, i1, v))
}

/// `arith.cmpi` predicates: eq ne slt sle sgt sge ult ule ugt uge.
fn fold_cmpi(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    let pred = int_splat(ctx, ctx.attr(op, "predicate"))? as i64;
    let (x, y) = (operand(ctx, op, 0), operand(ctx, op, 1));
    if x == y {
        return fold_cmp(ctx, op, Some(matches!(pred, 0 | 3 | 5 | 7 | 9)), None);
    }
    let (ta, w, a) = ints(ctx, c[0])?;
    let (tb, _, b) = ints(ctx, c[1])?;
    if ta != tb {
        return None;
    }
    let r = a.zip(&b, |a, b| {
        let (ua, ub) = (zext(a, w), zext(b, w));
        Some(match pred {
            0 => a == b,
            1 => a != b,
            2 => a < b,
            3 => a <= b,
            4 => a > b,
            5 => a >= b,
            6 => ua < ub,
            7 => ua <= ub,
            8 => ua > ub,
            9 => ua >= ub,
            _ => return None,
        })
    });
    fold_cmp(ctx, op, None, r)
}

/// `arith.cmpf` predicates: false oeq ogt oge olt ole one ord ueq ugt uge ult ule une uno true.
fn fold_cmpf(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    let pred = int_splat(ctx, ctx.attr(op, "predicate"))? as i64;
    match pred {
        0 => return fold_cmp(ctx, op, Some(false), None),
        15 => return fold_cmp(ctx, op, Some(true), None),
        _ => {}
    }
    let (ta, _, a) = floats(ctx, c[0])?;
    let (tb, _, b) = floats(ctx, c[1])?;
    if ta != tb {
        return None;
    }
    let r = a.zip(&b, |a, b| {
        let uno = a.is_nan() || b.is_nan();
        Some(match pred {
            1 => !uno && a == b,
            2 => !uno && a > b,
            3 => !uno && a >= b,
            4 => !uno && a < b,
            5 => !uno && a <= b,
            6 => !uno && a != b,
            7 => !uno,
            8 => uno || a == b,
            9 => uno || a > b,
            10 => uno || a >= b,
            11 => uno || a < b,
            12 => uno || a <= b,
            13 => uno || a != b,
            14 => uno,
            _ => return None,
        })
    });
    fold_cmp(ctx, op, None, r)
}

fn fold_select(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    let (cond, a, b) = (operand(ctx, op, 0), operand(ctx, op, 1), operand(ctx, op, 2));
    if a == b {
        return value(a);
    }
    // A constant (scalar or splat) condition picks a side.
    if let Some((_, 1, v)) = ints(ctx, c[0]) {
        if let Some(v) = v.one() {
            return value(if v != 0 { a } else { b });
        }
    }
    // select(c, true, false) -> c
    let ty = res_ty(ctx, op);
    if matches!(ctx.type_kind(ty), TypeKind::Integer { width: 1, .. })
        && int_splat(ctx, c[1]).map(|v| v != 0) == Some(true)
        && int_splat(ctx, c[2]) == Some(0)
    {
        return value(cond);
    }
    None
}

/// Casts.
fn fold_cast(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    let ty = res_ty(ctx, op);
    let x = operand(ctx, op, 0);
    let xt = ctx.value_type(x);
    let name = ctx.op_name_of(op).to_string();
    // trunci(extsi/extui(x)) -> x when the types round-trip; ext(ext(x)) stays for canonicalize.
    if name == "arith.trunci" || name == "arith.truncf" {
        if let Some(d) = ctx.defining_op(x) {
            let dn = ctx.op_name_of(d);
            if matches!(dn, "arith.extsi" | "arith.extui" | "arith.extf") && ctx.value_type(ctx.operands(d)[0]) == ty {
                return value(ctx.operands(d)[0]);
            }
        }
    }
    if xt == ty && matches!(name.as_str(), "arith.index_cast" | "arith.index_castui" | "arith.bitcast") {
        return value(x);
    }
    c[0]?;
    let out_w = int_width(ctx, elem_of(ctx, ty));
    let out_k = elem_float_kind(ctx, ty);
    match name.as_str() {
        "arith.extsi" | "arith.index_cast" => {
            let (_, w, v) = ints(ctx, c[0])?;
            attr(int_attr_of(ctx, ty, v.map(|v| Some(sext(v, w)))?))
        }
        "arith.extui" | "arith.index_castui" => {
            let (_, w, v) = ints(ctx, c[0])?;
            attr(int_attr_of(ctx, ty, v.map(|v| Some(zext(v, w) as i128))?))
        }
        "arith.trunci" => {
            let (_, _, v) = ints(ctx, c[0])?;
            let w = out_w?;
            attr(int_attr_of(ctx, ty, v.map(|v| Some(sext(v, w)))?))
        }
        "arith.sitofp" => {
            out_k?;
            let (_, _, v) = ints(ctx, c[0])?;
            attr(float_attr_of(ctx, ty, v.map(|v| Some(v as f64))?))
        }
        "arith.uitofp" => {
            out_k?;
            let (_, w, v) = ints(ctx, c[0])?;
            attr(float_attr_of(ctx, ty, v.map(|v| Some(zext(v, w) as f64))?))
        }
        "arith.fptosi" | "arith.fptoui" => {
            let (_, _, v) = floats(ctx, c[0])?;
            let w = out_w?;
            let (lo, hi) = if name == "arith.fptosi" {
                (-(2f64.powi(w as i32 - 1)), 2f64.powi(w as i32 - 1) - 1.0)
            } else {
                (0.0, 2f64.powi(w as i32) - 1.0)
            };
            let r = v.map(|v| {
                let t = v.trunc();
                (v.is_finite() && t >= lo && t <= hi).then_some(t as i128)
            })?;
            attr(int_attr_of(ctx, ty, r))
        }
        "arith.extf" => {
            out_k?;
            let (_, _, v) = floats(ctx, c[0])?;
            attr(float_attr_of(ctx, ty, v))
        }
        "arith.truncf" => {
            // Only the default rounding (to nearest even).
            if ctx.attr(op, "roundingmode").is_some() {
                return None;
            }
            out_k?;
            let (_, _, v) = floats(ctx, c[0])?;
            attr(float_attr_of(ctx, ty, v))
        }
        "arith.bitcast" => {
            // The bits of each element, reinterpreted.
            let bits: Elts<u128> = if let Some((_, w, v)) = ints(ctx, c[0]) {
                v.map(|v| Some(zext(v, w)))?
            } else {
                let a = c[0]?;
                match ctx.attr_kind(a) {
                    AttrKind::Float { bits, .. } => Elts::One(bits.0),
                    AttrKind::DenseElements { ty: t, data } => {
                        let e = elem_of(ctx, *t);
                        dense_bits(ctx, *t, data, storage_bytes(ctx, e))?
                    }
                    _ => return None,
                }
            };
            if let Some(w) = out_w {
                return attr(int_attr_of(ctx, ty, bits.map(|b| Some(sext(b as i128, w)))?));
            }
            match ctx.type_kind(ty) {
                TypeKind::Float(_) => {
                    let r = ctx.intern_attr(AttrKind::Float { bits: FloatBits(bits.one()?), ty });
                    attr(Some(r))
                }
                _ => {
                    let e = elem_of(ctx, ty);
                    if !matches!(ctx.type_kind(e), TypeKind::Float(_)) {
                        return None;
                    }
                    let nb = storage_bytes(ctx, e);
                    attr(elements_attr(ctx, ty, nb, bits))
                }
            }
        }
        _ => None,
    }
}

fn fold_constant(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Folded {
    attr(ctx.attr(op, "value"))
}

/// Install the folders and the constant materializer's hooks on the arith ops.
pub fn install(b: &mut DialectBuilder) {
    let int_bin: [(&str, FoldFn); 20] = [
        ("arith.addi", fold_int_binary::<ADDI>),
        ("arith.subi", fold_int_binary::<SUBI>),
        ("arith.muli", fold_int_binary::<MULI>),
        ("arith.andi", fold_int_binary::<ANDI>),
        ("arith.ori", fold_int_binary::<ORI>),
        ("arith.xori", fold_int_binary::<XORI>),
        ("arith.divui", fold_int_binary::<DIVUI>),
        ("arith.divsi", fold_int_binary::<DIVSI>),
        ("arith.remui", fold_int_binary::<REMUI>),
        ("arith.remsi", fold_int_binary::<REMSI>),
        ("arith.ceildivui", fold_int_binary::<CEILDIVUI>),
        ("arith.ceildivsi", fold_int_binary::<CEILDIVSI>),
        ("arith.floordivsi", fold_int_binary::<FLOORDIVSI>),
        ("arith.maxsi", fold_int_binary::<MAXSI>),
        ("arith.minsi", fold_int_binary::<MINSI>),
        ("arith.maxui", fold_int_binary::<MAXUI>),
        ("arith.minui", fold_int_binary::<MINUI>),
        ("arith.shli", fold_int_binary::<SHLI>),
        ("arith.shrui", fold_int_binary::<SHRUI>),
        ("arith.shrsi", fold_int_binary::<SHRSI>),
    ];
    let float_bin: [(&str, FoldFn); 9] = [
        ("arith.addf", fold_float_binary::<ADDF>),
        ("arith.subf", fold_float_binary::<SUBF>),
        ("arith.mulf", fold_float_binary::<MULF>),
        ("arith.divf", fold_float_binary::<DIVF>),
        ("arith.remf", fold_float_binary::<REMF>),
        ("arith.maximumf", fold_float_binary::<MAXIMUMF>),
        ("arith.minimumf", fold_float_binary::<MINIMUMF>),
        ("arith.maxnumf", fold_float_binary::<MAXNUMF>),
        ("arith.minnumf", fold_float_binary::<MINNUMF>),
    ];
    for (n, f) in int_bin.into_iter().chain(float_bin) {
        b.op(n).0.fold = Some(f);
    }
    for n in [
        "arith.extsi",
        "arith.extui",
        "arith.trunci",
        "arith.index_cast",
        "arith.index_castui",
        "arith.sitofp",
        "arith.uitofp",
        "arith.fptosi",
        "arith.fptoui",
        "arith.extf",
        "arith.truncf",
        "arith.bitcast",
    ] {
        b.op(n).0.fold = Some(fold_cast);
    }
    b.op("arith.negf").0.fold = Some(fold_negf);
    b.op("arith.cmpi").0.fold = Some(fold_cmpi);
    b.op("arith.cmpf").0.fold = Some(fold_cmpf);
    b.op("arith.select").0.fold = Some(fold_select);
    b.op("arith.constant").0.fold = Some(fold_constant);
}
