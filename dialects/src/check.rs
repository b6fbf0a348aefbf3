//! The `check` dialect of StableHLO's interpreter tests (`stablehlo/tests/CheckOps.td`):
//! assertions on tensor values, in their custom forms
//!
//! - `check.expect_eq %a, %b : T`, `check.expect_eq_const %a, dense<..> : T`
//! - `check.expect_almost_eq %a, %b[, tolerance = 0.1] : T`,
//!   `check.expect_almost_eq_const %a, dense<..> : T [{tolerance = 0.1 : f64}]`
//! - `check.expect_close %a, %b, max_ulp_difference = 3[, min_ulp_difference = 0] : T, T`
//! - `check.expect_serialized_eq %a, probe_id = "x"[, iter = 0] : T`
//!
//! The interpreter gives them semantics; here they are defined, verified and printed.

use strata_ir::dialect::VerifyError;
use strata_ir::dialect::{Dialect, OpInfo};
use strata_ir::parser::OpAsmParser;
use strata_ir::printer::{type_to_string, OpAsmPrinter};
use strata_ir::{AttrKind, Attribute, Context, FloatKind, OpId, OperationState, Signedness};

use crate::stablehlo::syntax::asm::{Asm, PResult};
use crate::stablehlo::syntax::util::{fallback, need, parse_type_list, set};

fn elements_type(ctx: &Context, a: Attribute) -> Option<strata_ir::Type> {
    match ctx.attr_kind(a) {
        AttrKind::DenseElements { ty, .. } | AttrKind::DenseResource { ty, .. } | AttrKind::DenseStrings { ty, .. } => {
            Some(*ty)
        }
        _ => None,
    }
}

// ----- verification -----

fn verify_same_operand_types(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let ops = ctx.operands(op);
    if ops.len() != 2 {
        return Err(format!("expected 2 operands, but found {}", ops.len()).into());
    }
    let (a, b) = (ctx.value_type(ops[0]), ctx.value_type(ops[1]));
    if a != b {
        return Err(format!(
            "failed to verify that all of {{lhs, rhs}} have same type: '{}' vs '{}'",
            type_to_string(ctx, a),
            type_to_string(ctx, b)
        )
        .into());
    }
    Ok(())
}

fn verify_const(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let ops = ctx.operands(op);
    if ops.len() != 1 {
        return Err(format!("expected 1 operand, but found {}", ops.len()).into());
    }
    let v = ctx.attr(op, "value").ok_or("requires attribute 'value'")?;
    let vt = elements_type(ctx, v)
        .ok_or("attribute 'value' failed to satisfy constraint: constant vector/tensor attribute")?;
    let lt = ctx.value_type(ops[0]);
    if vt != lt {
        return Err(format!(
            "failed to verify that all of {{lhs, value}} have same type: '{}' vs '{}'",
            type_to_string(ctx, lt),
            type_to_string(ctx, vt)
        )
        .into());
    }
    Ok(())
}

fn verify_close(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    if ctx.operands(op).len() != 2 {
        return Err(format!("expected 2 operands, but found {}", ctx.operands(op).len()).into());
    }
    if ctx.attr(op, "max_ulp_difference").is_none() {
        return Err("requires attribute 'max_ulp_difference'".into());
    }
    Ok(())
}

fn verify_serialized(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    if ctx.operands(op).len() != 1 {
        return Err(format!("expected 1 operand, but found {}", ctx.operands(op).len()).into());
    }
    match ctx.attr(op, "probe_id").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::String { .. }) => Ok(()),
        _ => Err("requires attribute 'probe_id'".into()),
    }
}

// ----- syntax -----

fn plain(ctx: &Context, op: OpId) {
    if ctx.num_results(op) != 0 || !ctx.op(op).regions().is_empty() {
        fallback();
    }
}

/// `%a, %b [, kw = attr]... {attrs} : T`.
fn p_pair(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    let ops = ctx.operands(op).to_vec();
    if ops.len() != 2 {
        fallback();
    }
    let name = ctx.op_name_of(op);
    p.write(" ");
    p.print_operands(&ops);
    let mut elided: Vec<&str> = Vec::new();
    let opt = |p: &mut OpAsmPrinter<'_>, elided: &mut Vec<&str>, attr: &'static str, kw: &str| {
        if let Some(a) = ctx.attr(op, attr) {
            p.write(", ");
            p.write(kw);
            p.write(" = ");
            p.print_attribute_without_type(a);
            elided.push(attr);
        }
    };
    match name {
        "check.expect_almost_eq" => opt(p, &mut elided, "tolerance", "tolerance"),
        "check.expect_close" => {
            if ctx.attr(op, "max_ulp_difference").is_none() {
                fallback();
            }
            opt(p, &mut elided, "max_ulp_difference", "max_ulp_difference");
            opt(p, &mut elided, "min_ulp_difference", "min_ulp_difference");
        }
        _ => {}
    }
    p.print_optional_attr_dict(op, &elided);
    p.write(" : ");
    let (a, b) = (ctx.value_type(ops[0]), ctx.value_type(ops[1]));
    if name == "check.expect_close" {
        p.print_type(a);
        p.write(", ");
        p.print_type(b);
    } else {
        if a != b {
            fallback();
        }
        p.print_type(a);
    }
}

fn r_pair(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let name = a.ctx().op_name_str(st.name).to_string();
    let l = a.operand()?;
    a.punct(",")?;
    let r = a.operand()?;
    let f64t = a.ctx().float_type(FloatKind::F64);
    let ui64 = a.ctx().integer_type(64, Signedness::Unsigned);
    while a.opt_punct(",") {
        let pos = a.pos();
        let kw = a.any_keyword()?;
        a.punct("=")?;
        let (attr, ty) = match (name.as_str(), kw.as_str()) {
            ("check.expect_almost_eq", "tolerance") => ("tolerance", f64t),
            ("check.expect_close", "max_ulp_difference") => ("max_ulp_difference", ui64),
            ("check.expect_close", "min_ulp_difference") => ("min_ulp_difference", ui64),
            _ => return Err(a.error_at(pos, &format!("unexpected keyword '{kw}'"))),
        };
        let v = a.attribute_of_type(ty)?;
        set(&mut a, st, attr, v);
    }
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    let pos = a.pos();
    let tys = parse_type_list(&mut a)?;
    let tys = match tys.len() {
        1 => vec![tys[0], tys[0]],
        2 => tys,
        _ => return Err(a.error_at(pos, "expected one or two types")),
    };
    a.resolve(&[l, r], &tys, &mut st.operands)
}

/// `%a, dense<...> : T {attrs}`.
fn p_const(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    let ops = ctx.operands(op).to_vec();
    if ops.len() != 1 {
        fallback();
    }
    let v = need(ctx.attr(op, "value"));
    if elements_type(ctx, v) != Some(ctx.value_type(ops[0])) {
        fallback();
    }
    p.write(" ");
    p.print_operand(ops[0]);
    p.write(", ");
    p.print_attribute(v);
    p.print_optional_attr_dict(op, &["value"]);
}

fn r_const(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let l = a.operand()?;
    a.punct(",")?;
    let pos = a.pos();
    let v = a.attribute()?;
    let Some(t) = elements_type(a.ctx(), v) else {
        return Err(a.error_at(pos, "expected elements attribute"));
    };
    set(&mut a, st, "value", v);
    a.opt_attr_dict(&mut st.attributes)?;
    a.resolve(&[l], &[t], &mut st.operands)
}

/// `%a, probe_id = "x"[, iter = N] {attrs} : T`.
fn p_serialized(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    let ops = ctx.operands(op).to_vec();
    if ops.len() != 1 {
        fallback();
    }
    let id = need(ctx.attr(op, "probe_id"));
    p.write(" ");
    p.print_operand(ops[0]);
    p.write(", probe_id = ");
    p.print_attribute_without_type(id);
    let mut elided = vec!["probe_id"];
    if let Some(it) = ctx.attr(op, "iteration") {
        p.write(", iter = ");
        p.print_attribute_without_type(it);
        elided.push("iteration");
    }
    p.print_optional_attr_dict(op, &elided);
    p.write(" : ");
    p.print_type(ctx.value_type(ops[0]));
}

fn r_serialized(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let x = a.operand()?;
    a.punct(",")?;
    a.keyword("probe_id")?;
    a.punct("=")?;
    let s = a.string()?;
    let at = a.ctx().string_attr(&s);
    set(&mut a, st, "probe_id", at);
    if a.opt_punct(",") {
        a.keyword("iter")?;
        a.punct("=")?;
        let ui32 = a.ctx().integer_type(32, Signedness::Unsigned);
        let v = a.attribute_of_type(ui32)?;
        set(&mut a, st, "iteration", v);
    }
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    let t = a.ty()?;
    a.resolve(&[x], &[t], &mut st.operands)
}

strata_ir::op_view! {
    /// `check.expect_eq`
    pub ExpectEqOp = "check.expect_eq" { operands { lhs: 0, rhs: 1 } }
    /// `check.expect_eq_const`
    pub ExpectEqConstOp = "check.expect_eq_const" { operands { lhs: 0 } attrs { value: Attribute } }
    /// `check.expect_almost_eq`
    pub ExpectAlmostEqOp = "check.expect_almost_eq" { operands { lhs: 0, rhs: 1 } optional_attrs { tolerance: f64 } }
    /// `check.expect_almost_eq_const`
    pub ExpectAlmostEqConstOp = "check.expect_almost_eq_const" {
        operands { lhs: 0 }
        attrs { value: Attribute }
        optional_attrs { tolerance: f64 }
    }
    /// `check.expect_close`
    pub ExpectCloseOp = "check.expect_close" {
        operands { actual: 0, expected: 1 }
        attrs { max_ulp_difference: i64 }
        optional_attrs { min_ulp_difference: i64 }
    }
    /// `check.expect_serialized_eq`
    pub ExpectSerializedEqOp = "check.expect_serialized_eq" {
        operands { expected: 0 }
        attrs { probe_id: &'a str }
        optional_attrs { iteration: i64 }
    }
}

/// Register the `check` dialect.
pub fn register(ctx: &mut Context) {
    let d = Dialect::new("check")
        .op(OpInfo::new("check.expect_eq")
            .with_view::<ExpectEqOp>()
            .verifier(verify_same_operand_types)
            .assembly(r_pair, p_pair))
        .op(OpInfo::new("check.expect_eq_const")
            .with_view::<ExpectEqConstOp>()
            .inherent(&["value"])
            .verifier(verify_const)
            .assembly(r_const, p_const))
        .op(OpInfo::new("check.expect_almost_eq")
            .with_view::<ExpectAlmostEqOp>()
            .inherent(&["tolerance"])
            .verifier(verify_same_operand_types)
            .assembly(r_pair, p_pair))
        .op(OpInfo::new("check.expect_almost_eq_const")
            .with_view::<ExpectAlmostEqConstOp>()
            .inherent(&["value", "tolerance"])
            .verifier(verify_const)
            .assembly(r_const, p_const))
        .op(OpInfo::new("check.expect_close")
            .with_view::<ExpectCloseOp>()
            .inherent(&["max_ulp_difference", "min_ulp_difference"])
            .verifier(verify_close)
            .assembly(r_pair, p_pair))
        .op(OpInfo::new("check.expect_serialized_eq")
            .with_view::<ExpectSerializedEqOp>()
            .inherent(&["probe_id", "iteration"])
            .verifier(verify_serialized)
            .assembly(r_serialized, p_serialized));
    ctx.register_dialect(d);
}
