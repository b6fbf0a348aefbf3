//! MLIR's arith folders and canonical forms (`ArithOps.cpp`), written against the op names so
//! they apply whether or not the arith ops are registered. Scalars and splat tensors fold.
//!
//! Integers: `addi(x, 0) -> x`, `subi(x, 0) -> x`, `subi(x, x) -> 0`, `muli(x, 1) -> x`,
//! `muli(x, 0) -> 0`, `andi(x, 0) -> 0`, `andi(x, -1) -> x`, `andi(x, x) -> x`, `ori(x, 0) -> x`,
//! `ori(x, -1) -> -1`, `ori(x, x) -> x`, `xori(x, 0) -> x`, `xori(x, x) -> 0`,
//! `addi(addi(x, c0), c1) -> addi(x, c0 + c1)`, `muli(muli(x, c0), c1) -> muli(x, c0 * c1)`, and
//! constant folding (wrapping, at the type's width).
//!
//! Floats, only where IEEE-exact: `addf(x, -0.0) -> x`, `subf(x, +0.0) -> x`, `mulf(x, 1.0) -> x`,
//! `divf(x, 1.0) -> x`, `maximumf/minimumf/maxnumf/minnumf(x, x) -> x`, `negf(negf(x)) -> x`, and
//! constant folding of f16/bf16/f32/f64 (computed in f64 and rounded once: exact for these
//! widths) unless an operand or the result is NaN. Never `x + 0.0` (`-0.0 + 0.0 = +0.0`) or
//! `x * 0.0` (NaN, -0.0).
//!
//! Commutative ops get their constant on the right (MLIR's `Commutative` trait folder).

use strata_ir::floatfmt::{decode_to_f64, encode_f64};
use strata_ir::rewrite::{PatternRewriter, RewritePattern};
use strata_ir::{AttrKind, Attribute, FloatKind, NamedAttribute, OpId, OperationState, Type, Value};

use super::consts::{const_of, elem_class, is_float_exactly, mask, splat_bits, Elem};
use super::stablehlo::FnPattern;

const COMMUTATIVE: &[&str] = &[
    "arith.addi",
    "arith.muli",
    "arith.andi",
    "arith.ori",
    "arith.xori",
    "arith.addf",
    "arith.mulf",
    "arith.maximumf",
    "arith.minimumf",
    "arith.maxnumf",
    "arith.minnumf",
    "arith.maxsi",
    "arith.maxui",
    "arith.minsi",
    "arith.minui",
];

/// The arith patterns.
pub fn patterns() -> Vec<Box<dyn RewritePattern>> {
    let mut v: Vec<Box<dyn RewritePattern>> = Vec::new();
    let mut p = |name: &'static str, root: &'static str, f: fn(OpId, &mut PatternRewriter) -> bool| {
        v.push(Box::new(FnPattern { name, root, f }))
    };
    // Folding first (constants), then identities, then operand order.
    for root in [
        "arith.addi",
        "arith.subi",
        "arith.muli",
        "arith.andi",
        "arith.ori",
        "arith.xori",
        "arith.addf",
        "arith.subf",
        "arith.mulf",
        "arith.divf",
        "arith.maximumf",
        "arith.minimumf",
    ] {
        p("arith-constant-fold", root, constant_fold);
    }
    p("arith-addi-zero", "arith.addi", int_identity_rhs::<0>);
    p("arith-subi-zero", "arith.subi", int_identity_rhs::<0>);
    p("arith-muli-one", "arith.muli", int_identity_rhs::<1>);
    p("arith-ori-zero", "arith.ori", int_identity_rhs::<0>);
    p("arith-xori-zero", "arith.xori", int_identity_rhs::<0>);
    p("arith-andi-all-ones", "arith.andi", andi_all_ones);
    p("arith-muli-zero", "arith.muli", absorbing_zero);
    p("arith-andi-zero", "arith.andi", absorbing_zero);
    p("arith-ori-all-ones", "arith.ori", ori_all_ones);
    p("arith-subi-self", "arith.subi", self_zero);
    p("arith-xori-self", "arith.xori", self_zero);
    for root in ["arith.andi", "arith.ori", "arith.maximumf", "arith.minimumf", "arith.maxnumf", "arith.minnumf"] {
        p("arith-idempotent", root, idempotent);
    }
    p("arith-addi-addi-constant", "arith.addi", reassociate_constant);
    p("arith-muli-muli-constant", "arith.muli", reassociate_constant);
    p("arith-addf-neg-zero", "arith.addf", |op, rw| float_identity_rhs(op, rw, -0.0));
    p("arith-subf-pos-zero", "arith.subf", |op, rw| float_identity_rhs(op, rw, 0.0));
    p("arith-mulf-one", "arith.mulf", |op, rw| float_identity_rhs(op, rw, 1.0));
    p("arith-divf-one", "arith.divf", |op, rw| float_identity_rhs(op, rw, 1.0));
    p("arith-negf-negf", "arith.negf", negf_negf);
    p("arith-mulf-zero-nnan-nsz", "arith.mulf", mulf_zero_nnan_nsz);
    p("arith-maximumf-neg-inf", "arith.maximumf", |op, rw| float_identity_rhs(op, rw, f64::NEG_INFINITY));
    p("arith-minimumf-pos-inf", "arith.minimumf", |op, rw| float_identity_rhs(op, rw, f64::INFINITY));
    for &root in COMMUTATIVE {
        p("arith-commutative-constant-right", root, constant_to_right);
    }
    v
}

fn binary(rw: &PatternRewriter, op: OpId) -> Option<(Value, Value)> {
    let o = rw.operands(op);
    (o.len() == 2 && rw.num_results(op) == 1 && rw.op(op).regions().is_empty()).then(|| (o[0], o[1]))
}

fn replace_with(rw: &mut PatternRewriter, op: OpId, v: Value) -> bool {
    if rw.value_type(v) != rw.value_type(rw.result(op, 0)) {
        return false;
    }
    rw.replace_op(op, &[v]);
    true
}

/// A scalar (`42 : i32`) or splat (`dense<42> : tensor<4xi32>`) attribute of `ty` with the
/// element bits `bits`.
fn const_attr(rw: &mut PatternRewriter, ty: Type, bits: u128) -> Option<Attribute> {
    match (rw.type_kind(ty).element_type(), elem_class(rw, ty)) {
        (Some(_), _) => rw.interner(|c| super::consts::splat_attr(c, ty, bits)),
        (None, Elem::Int(w)) => {
            // Sign-extend from the width (MLIR prints signless integers as signed).
            let v =
                if w < 128 && w > 0 && (bits >> (w - 1)) & 1 == 1 { (bits | !mask(w)) as i128 } else { bits as i128 };
            Some(rw.interner(|c| c.intern_attr(AttrKind::Integer { value: v, ty })))
        }
        (None, Elem::Float(_)) => {
            Some(rw.interner(|c| c.intern_attr(AttrKind::Float { bits: strata_ir::attributes::FloatBits(bits), ty })))
        }
        _ => None,
    }
}

/// Replace `op` with an `arith.constant` of its result type holding `bits` in each element.
fn replace_with_const(rw: &mut PatternRewriter, op: OpId, bits: u128) -> bool {
    let ty = rw.value_type(rw.result(op, 0));
    let Some(a) = const_attr(rw, ty, bits) else { return false };
    let loc = rw.op(op).loc();
    let (name, value) = rw.interner(|c| (c.op_name("arith.constant"), c.sym("value")));
    let mut st = OperationState::new(name, loc);
    st.result_types = vec![ty];
    st.properties.push(NamedAttribute { name: value, value: a });
    rw.replace_op_with_new(op, st);
    true
}

fn const_bits(rw: &PatternRewriter, v: Value) -> Option<(Elem, u128)> {
    const_of(rw, v).and_then(|a| splat_bits(rw, a))
}

fn fold_int(name: &str, w: u32, a: u128, b: u128) -> Option<u128> {
    let r = match name {
        "arith.addi" => a.wrapping_add(b),
        "arith.subi" => a.wrapping_sub(b),
        "arith.muli" => a.wrapping_mul(b),
        "arith.andi" => a & b,
        "arith.ori" => a | b,
        "arith.xori" => a ^ b,
        _ => return None,
    };
    Some(r & mask(w))
}

fn fold_float(name: &str, k: FloatKind, a: u128, b: u128) -> Option<u128> {
    if !matches!(k, FloatKind::F16 | FloatKind::BF16 | FloatKind::F32 | FloatKind::F64) {
        return None;
    }
    let (x, y) = (decode_to_f64(k, a), decode_to_f64(k, b));
    if x.is_nan() || y.is_nan() {
        return None;
    }
    let r = match name {
        "arith.addf" => x + y,
        "arith.subf" => x - y,
        "arith.mulf" => x * y,
        "arith.divf" => x / y,
        // IEEE maximum/minimum: -0.0 < +0.0 (NaN excluded above).
        "arith.maximumf" => {
            if x == y {
                if x.is_sign_negative() {
                    y
                } else {
                    x
                }
            } else {
                x.max(y)
            }
        }
        "arith.minimumf" => {
            if x == y {
                if x.is_sign_negative() {
                    x
                } else {
                    y
                }
            } else {
                x.min(y)
            }
        }
        _ => return None,
    };
    if r.is_nan() {
        return None;
    }
    Some(encode_f64(k, r))
}

/// `op(c0, c1) -> c` on scalar or splat constants.
fn constant_fold(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some((l, r)) = binary(rw, op) else { return false };
    let (Some((ea, a)), Some((eb, b))) = (const_bits(rw, l), const_bits(rw, r)) else { return false };
    if ea != eb {
        return false;
    }
    let name = rw.op_name_of(op);
    let bits = match ea {
        Elem::Int(w) => fold_int(name, w, a, b),
        Elem::Float(k) => fold_float(name, k, a, b),
        Elem::Other => None,
    };
    match bits {
        Some(bits) => replace_with_const(rw, op, bits),
        None => false,
    }
}

/// `op(x, K) -> x` for an integer `K` (0 or 1).
fn int_identity_rhs<const K: u128>(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some((l, r)) = binary(rw, op) else { return false };
    matches!(const_bits(rw, r), Some((Elem::Int(_), b)) if b == K) && replace_with(rw, op, l)
}

/// `andi(x, -1) -> x`.
fn andi_all_ones(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some((l, r)) = binary(rw, op) else { return false };
    matches!(const_bits(rw, r), Some((Elem::Int(w), b)) if b == mask(w)) && replace_with(rw, op, l)
}

/// `muli(x, 0) -> 0`, `andi(x, 0) -> 0`.
fn absorbing_zero(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some((_, r)) = binary(rw, op) else { return false };
    matches!(const_bits(rw, r), Some((Elem::Int(_), 0))) && replace_with_const(rw, op, 0)
}

/// `ori(x, -1) -> -1`.
fn ori_all_ones(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some((_, r)) = binary(rw, op) else { return false };
    match const_bits(rw, r) {
        Some((Elem::Int(w), b)) if b == mask(w) => replace_with_const(rw, op, b),
        _ => false,
    }
}

/// `subi(x, x) -> 0`, `xori(x, x) -> 0` (integers).
fn self_zero(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some((l, r)) = binary(rw, op) else { return false };
    l == r && matches!(elem_class(rw, rw.value_type(l)), Elem::Int(_)) && replace_with_const(rw, op, 0)
}

/// `op(x, x) -> x` for idempotent ops (exact for floats: the same value).
fn idempotent(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some((l, r)) = binary(rw, op) else { return false };
    l == r && replace_with(rw, op, l)
}

/// `addi(addi(x, c0), c1) -> addi(x, c0 + c1)`, `muli(muli(x, c0), c1) -> muli(x, c0 * c1)`
/// (wrapping integer arithmetic is associative). The inner op keeps its other users.
fn reassociate_constant(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some((l, r)) = binary(rw, op) else { return false };
    let Some((Elem::Int(w), c1)) = const_bits(rw, r) else { return false };
    let Some(inner) = rw.defining_op(l) else { return false };
    if rw.op(inner).name() != rw.op(op).name() {
        return false;
    }
    let Some((x, c0v)) = binary(rw, inner) else { return false };
    let Some((Elem::Int(w0), c0)) = const_bits(rw, c0v) else { return false };
    if w0 != w || rw.value_type(c0v) != rw.value_type(r) {
        return false;
    }
    let name = rw.op_name_of(op).to_string();
    let Some(c) = fold_int(&name, w, c0, c1) else { return false };
    let ty = rw.value_type(r);
    let Some(a) = const_attr(rw, ty, c) else { return false };
    let loc = rw.op(op).loc();
    let (cname, value) = rw.interner(|ctx| (ctx.op_name("arith.constant"), ctx.sym("value")));
    let mut st = OperationState::new(cname, loc);
    st.result_types = vec![ty];
    st.properties.push(NamedAttribute { name: value, value: a });
    rw.set_insertion_point_before(op);
    let cst = rw.create(st);
    let cv = rw.result(cst, 0);
    rw.set_operands(op, vec![x, cv]);
    true
}

/// `addf(x, -0.0) -> x`, `subf(x, +0.0) -> x`, `mulf(x, 1.0) -> x`, `divf(x, 1.0) -> x`.
fn float_identity_rhs(op: OpId, rw: &mut PatternRewriter, k: f64) -> bool {
    let Some((l, r)) = binary(rw, op) else { return false };
    is_float_exactly(rw, r, k) && replace_with(rw, op, l)
}

const NNAN: u32 = 2;
const NSZ: u32 = 8;

/// The op's `fastmath` flags (`#arith.fastmath<nnan,nsz>`; `fast` is all of them).
fn fastmath_flags(rw: &PatternRewriter, op: OpId) -> u32 {
    let Some(a) = rw.attr(op, "fastmath") else { return 0 };
    let AttrKind::Dialect { body, .. } = rw.attr_kind(a) else { return 0 };
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

/// `mulf(x, ±0.0) -> ±0.0` with `nnan` and `nsz` (MLIR's `MulFOp::fold`).
fn mulf_zero_nnan_nsz(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some((_, r)) = binary(rw, op) else { return false };
    let zero = is_float_exactly(rw, r, 0.0) || is_float_exactly(rw, r, -0.0);
    zero && fastmath_flags(rw, op) & (NNAN | NSZ) == NNAN | NSZ && replace_with(rw, op, r)
}

/// `negf(negf(x)) -> x`.
fn negf_negf(op: OpId, rw: &mut PatternRewriter) -> bool {
    let o = rw.operands(op);
    if o.len() != 1 {
        return false;
    }
    let Some(inner) = rw.defining_op(o[0]) else { return false };
    if rw.op(inner).name() != rw.op(op).name() || rw.operands(inner).len() != 1 {
        return false;
    }
    let x = rw.operands(inner)[0];
    replace_with(rw, op, x)
}

/// `op(c, x) -> op(x, c)` for commutative ops.
fn constant_to_right(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some((l, r)) = binary(rw, op) else { return false };
    if const_of(rw, l).is_none() || const_of(rw, r).is_some() {
        return false;
    }
    rw.set_operands(op, vec![r, l]);
    true
}
