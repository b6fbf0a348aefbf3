//! MLIR's folders of `arith` ops (`ArithOps.cpp`'s `fold` methods) on scalar operands:
//! constant folding (integers wrap at their width, `index` at 64 bits; floats are computed in
//! `f64` and rounded once to the result type, which is exact for `+ - * /` of every narrower
//! type) and the algebraic identities (`x + 0`, `x * 1`, `x - x`, `x & x`, `select(c, a, a)`,
//! `cmpi eq x, x`, `trunci(extsi x)`, ...). Installed as the ops' fold hooks; the
//! `canonicalize` pass materializes constants through [`materialize`]. Tensor and vector
//! operands are not folded (MLIR folds their splats too).

use crate::ods::DialectBuilder;
use strata_ir::attributes::FloatBits;
use strata_ir::dialect::FoldResult;
use strata_ir::floatfmt::{decode_to_f64, encode_f64};
use strata_ir::{AttrKind, Attribute, Context, NamedAttribute, OpId, OperationState, Type, TypeKind, Value};

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

fn int_const(ctx: &Context, a: Option<Attribute>) -> Option<i128> {
    match ctx.attr_kind(a?) {
        AttrKind::Integer { value, ty } => Some(sext(*value, int_width(ctx, *ty)?)),
        _ => None,
    }
}

fn float_const(ctx: &Context, a: Option<Attribute>) -> Option<f64> {
    match ctx.attr_kind(a?) {
        AttrKind::Float { bits, ty } => match ctx.type_kind(*ty) {
            TypeKind::Float(k) => Some(decode_to_f64(*k, bits.0)),
            _ => None,
        },
        _ => None,
    }
}

fn make_int(ctx: &mut Context, v: i128, ty: Type) -> Option<Attribute> {
    let w = int_width(ctx, ty)?;
    let v = if w == 1 { v & 1 } else { sext(v, w) };
    Some(ctx.int_attr(v, ty))
}

fn make_float(ctx: &mut Context, v: f64, ty: Type) -> Option<Attribute> {
    let TypeKind::Float(k) = ctx.type_kind(ty) else { return None };
    let k = *k;
    let bits = encode_f64(k, v);
    Some(ctx.intern_attr(AttrKind::Float { bits: FloatBits(bits), ty }))
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

fn is_scalar_int(ctx: &Context, op: OpId) -> Option<u32> {
    int_width(ctx, res_ty(ctx, op))
}

/// Binary integer ops: constant folding by `f`, then identities.
fn fold_int_binary(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    let w = is_scalar_int(ctx, op)?;
    let ty = res_ty(ctx, op);
    let name = ctx.op_name_of(op).to_string();
    let (x, y) = (operand(ctx, op, 0), operand(ctx, op, 1));
    let (a, b) = (int_const(ctx, c[0]), int_const(ctx, c[1]));
    if let (Some(a), Some(b)) = (a, b) {
        let (ua, ub) = (zext(a, w), zext(b, w));
        let r: Option<i128> = match name.as_str() {
            "arith.addi" => Some(a.wrapping_add(b)),
            "arith.subi" => Some(a.wrapping_sub(b)),
            "arith.muli" => Some(a.wrapping_mul(b)),
            "arith.andi" => Some(a & b),
            "arith.ori" => Some(a | b),
            "arith.xori" => Some(a ^ b),
            "arith.divui" => (ub != 0).then(|| (ua / ub) as i128),
            "arith.remui" => (ub != 0).then(|| (ua % ub) as i128),
            "arith.divsi" => (b != 0 && !(a == sext(1 << (w - 1), w) && b == -1)).then(|| a / b),
            "arith.remsi" => (b != 0).then(|| if b == -1 { 0 } else { a % b }),
            "arith.ceildivui" => (ub != 0).then(|| ua.div_ceil(ub) as i128),
            "arith.ceildivsi" => (b != 0 && !(a == sext(1 << (w - 1), w) && b == -1)).then(|| {
                let q = a / b;
                if (a % b != 0) && ((a < 0) == (b < 0)) {
                    q + 1
                } else {
                    q
                }
            }),
            "arith.floordivsi" => (b != 0 && !(a == sext(1 << (w - 1), w) && b == -1)).then(|| {
                let q = a / b;
                if (a % b != 0) && ((a < 0) != (b < 0)) {
                    q - 1
                } else {
                    q
                }
            }),
            "arith.maxsi" => Some(a.max(b)),
            "arith.minsi" => Some(a.min(b)),
            "arith.maxui" => Some(if ua >= ub { a } else { b }),
            "arith.minui" => Some(if ua <= ub { a } else { b }),
            "arith.shli" => (ub < w as u128).then(|| a << ub),
            "arith.shrui" => (ub < w as u128).then(|| (ua >> ub) as i128),
            "arith.shrsi" => (ub < w as u128).then(|| a >> ub),
            _ => None,
        };
        if let Some(r) = r {
            return attr(make_int(ctx, r, ty));
        }
    }
    let all_ones = -1i128;
    match name.as_str() {
        "arith.addi" | "arith.ori" | "arith.xori" | "arith.subi" | "arith.shli" | "arith.shrui" | "arith.shrsi"
            if b == Some(0) =>
        {
            value(x)
        }
        "arith.addi" | "arith.ori" | "arith.xori" if a == Some(0) => value(y),
        "arith.subi" | "arith.xori" if x == y => attr(make_int(ctx, 0, ty)),
        "arith.muli" if b == Some(1) => value(x),
        "arith.muli" if a == Some(1) => value(y),
        "arith.muli" | "arith.andi" if b == Some(0) => attr(make_int(ctx, 0, ty)),
        "arith.muli" | "arith.andi" if a == Some(0) => attr(make_int(ctx, 0, ty)),
        "arith.andi" if b.map(|v| sext(v, w)) == Some(sext(all_ones, w)) => value(x),
        "arith.andi" if a.map(|v| sext(v, w)) == Some(sext(all_ones, w)) => value(y),
        "arith.ori" if b.map(|v| sext(v, w)) == Some(sext(all_ones, w)) => attr(make_int(ctx, all_ones, ty)),
        "arith.andi" | "arith.ori" | "arith.maxsi" | "arith.minsi" | "arith.maxui" | "arith.minui" if x == y => {
            value(x)
        }
        "arith.divui" | "arith.divsi" | "arith.ceildivui" | "arith.ceildivsi" | "arith.floordivsi" if b == Some(1) => {
            value(x)
        }
        "arith.remui" | "arith.remsi" if b == Some(1) => attr(make_int(ctx, 0, ty)),
        "arith.addi" => {
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
        "arith.subi" => {
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

/// Binary float ops.
fn fold_float_binary(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    let ty = res_ty(ctx, op);
    if !matches!(ctx.type_kind(ty), TypeKind::Float(_)) {
        return None;
    }
    let name = ctx.op_name_of(op).to_string();
    let (x, y) = (operand(ctx, op, 0), operand(ctx, op, 1));
    let (a, b) = (float_const(ctx, c[0]), float_const(ctx, c[1]));
    if let (Some(a), Some(b)) = (a, b) {
        let r = match name.as_str() {
            "arith.addf" => Some(a + b),
            "arith.subf" => Some(a - b),
            "arith.mulf" => Some(a * b),
            "arith.divf" => Some(a / b),
            "arith.remf" => Some(a % b),
            "arith.maximumf" => Some(if a.is_nan() || b.is_nan() {
                f64::NAN
            } else if a == b && a == 0.0 {
                if a.is_sign_negative() {
                    b
                } else {
                    a
                }
            } else {
                a.max(b)
            }),
            "arith.minimumf" => Some(if a.is_nan() || b.is_nan() {
                f64::NAN
            } else if a == b && a == 0.0 {
                if a.is_sign_negative() {
                    a
                } else {
                    b
                }
            } else {
                a.min(b)
            }),
            "arith.maxnumf" => Some(a.max(b)),
            "arith.minnumf" => Some(a.min(b)),
            _ => None,
        };
        if let Some(r) = r {
            return attr(make_float(ctx, r, ty));
        }
    }
    let is =
        |v: Option<f64>, want: f64| v.is_some_and(|v| v == want && v.is_sign_negative() == want.is_sign_negative());
    match name.as_str() {
        // x + -0.0 -> x
        "arith.addf" if is(b, -0.0) => value(x),
        "arith.addf" if is(a, -0.0) => value(y),
        // x - +0.0 -> x
        "arith.subf" if is(b, 0.0) => value(x),
        "arith.mulf" if is(b, 1.0) => value(x),
        "arith.mulf" if is(a, 1.0) => value(y),
        "arith.divf" if is(b, 1.0) => value(x),
        "arith.maximumf" | "arith.minimumf" | "arith.maxnumf" | "arith.minnumf" if x == y => value(x),
        _ => None,
    }
}

fn fold_negf(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    let ty = res_ty(ctx, op);
    if let Some(a) = float_const(ctx, c[0]) {
        return attr(make_float(ctx, -a, ty));
    }
    // negf(negf(x)) -> x
    let d = ctx.defining_op(operand(ctx, op, 0))?;
    (ctx.op_name_of(d) == "arith.negf").then(|| vec![FoldResult::Value(ctx.operands(d)[0])])
}

/// `arith.cmpi` predicates: eq ne slt sle sgt sge ult ule ugt uge.
fn fold_cmpi(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    let i1 = res_ty(ctx, op);
    if !matches!(ctx.type_kind(i1), TypeKind::Integer { width: 1, .. }) {
        return None;
    }
    let pred = int_const(ctx, ctx.attr(op, "predicate")).map(|v| v as i64)?;
    let (x, y) = (operand(ctx, op, 0), operand(ctx, op, 1));
    if x == y {
        let r = matches!(pred, 0 | 3 | 5 | 7 | 9);
        return attr(make_int(ctx, r as i128, i1));
    }
    let w = int_width(ctx, ctx.value_type(x))?;
    let (a, b) = (int_const(ctx, c[0])?, int_const(ctx, c[1])?);
    let (ua, ub) = (zext(a, w), zext(b, w));
    let r = match pred {
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
    };
    attr(make_int(ctx, r as i128, i1))
}

/// `arith.cmpf` predicates: false oeq ogt oge olt ole one ord ueq ugt uge ult ule une uno true.
fn fold_cmpf(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    let i1 = res_ty(ctx, op);
    if !matches!(ctx.type_kind(i1), TypeKind::Integer { width: 1, .. }) {
        return None;
    }
    let pred = int_const(ctx, ctx.attr(op, "predicate")).map(|v| v as i64)?;
    let r = match pred {
        0 => false,
        15 => true,
        _ => {
            let (a, b) = (float_const(ctx, c[0])?, float_const(ctx, c[1])?);
            let uno = a.is_nan() || b.is_nan();
            match pred {
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
            }
        }
    };
    attr(make_int(ctx, r as i128, i1))
}

fn fold_select(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
    let (cond, a, b) = (operand(ctx, op, 0), operand(ctx, op, 1), operand(ctx, op, 2));
    if a == b {
        return value(a);
    }
    if matches!(ctx.type_kind(ctx.value_type(cond)), TypeKind::Integer { width: 1, .. }) {
        if let Some(v) = int_const(ctx, c[0]) {
            return value(if v != 0 { a } else { b });
        }
        // select(c, true, false) -> c
        let ty = res_ty(ctx, op);
        if matches!(ctx.type_kind(ty), TypeKind::Integer { width: 1, .. })
            && int_const(ctx, c[1]).map(|v| v != 0) == Some(true)
            && int_const(ctx, c[2]) == Some(0)
        {
            return value(cond);
        }
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
    let in_w = int_width(ctx, xt);
    let out_w = int_width(ctx, ty);
    match name.as_str() {
        "arith.extsi" | "arith.index_cast" => {
            let v = int_const(ctx, c[0])?;
            attr(make_int(ctx, sext(v, in_w?), ty))
        }
        "arith.extui" | "arith.index_castui" => {
            let v = int_const(ctx, c[0])?;
            attr(make_int(ctx, zext(v, in_w?) as i128, ty))
        }
        "arith.trunci" => {
            let v = int_const(ctx, c[0])?;
            attr(make_int(ctx, sext(v, out_w?), ty))
        }
        "arith.sitofp" => {
            let v = int_const(ctx, c[0])?;
            attr(make_float(ctx, v as f64, ty))
        }
        "arith.uitofp" => {
            let v = int_const(ctx, c[0])?;
            attr(make_float(ctx, zext(v, in_w?) as f64, ty))
        }
        "arith.fptosi" | "arith.fptoui" => {
            let v = float_const(ctx, c[0])?;
            let w = out_w?;
            if !v.is_finite() {
                return None;
            }
            let t = v.trunc();
            let (lo, hi) = if name == "arith.fptosi" {
                (-(2f64.powi(w as i32 - 1)), 2f64.powi(w as i32 - 1) - 1.0)
            } else {
                (0.0, 2f64.powi(w as i32) - 1.0)
            };
            if t < lo || t > hi {
                return None;
            }
            attr(make_int(ctx, t as i128, ty))
        }
        "arith.extf" => {
            let v = float_const(ctx, c[0])?;
            attr(make_float(ctx, v, ty))
        }
        "arith.truncf" => {
            // Only the default rounding (to nearest even).
            if ctx.attr(op, "roundingmode").is_some() {
                return None;
            }
            let v = float_const(ctx, c[0])?;
            attr(make_float(ctx, v, ty))
        }
        "arith.bitcast" => {
            let a = c[0]?;
            let bits: u128 = match ctx.attr_kind(a) {
                AttrKind::Integer { value, ty: t } => zext(*value, int_width(ctx, *t)?),
                AttrKind::Float { bits, .. } => bits.0,
                _ => return None,
            };
            match ctx.type_kind(ty) {
                TypeKind::Float(_) => {
                    let r = ctx.intern_attr(AttrKind::Float { bits: FloatBits(bits), ty });
                    attr(Some(r))
                }
                TypeKind::Integer { width, .. } => {
                    let w = *width;
                    attr(make_int(ctx, sext(bits as i128, w), ty))
                }
                _ => None,
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
    let int_bin = [
        "arith.addi",
        "arith.subi",
        "arith.muli",
        "arith.andi",
        "arith.ori",
        "arith.xori",
        "arith.divui",
        "arith.divsi",
        "arith.remui",
        "arith.remsi",
        "arith.ceildivui",
        "arith.ceildivsi",
        "arith.floordivsi",
        "arith.maxsi",
        "arith.minsi",
        "arith.maxui",
        "arith.minui",
        "arith.shli",
        "arith.shrui",
        "arith.shrsi",
    ];
    for n in int_bin {
        b.op(n).0.fold = Some(fold_int_binary);
    }
    for n in [
        "arith.addf",
        "arith.subf",
        "arith.mulf",
        "arith.divf",
        "arith.remf",
        "arith.maximumf",
        "arith.minimumf",
        "arith.maxnumf",
        "arith.minnumf",
    ] {
        b.op(n).0.fold = Some(fold_float_binary);
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
