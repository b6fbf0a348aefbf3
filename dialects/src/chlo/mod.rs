//! The `chlo` dialect ("client HLO", openxla/stablehlo `ChloOps.td`): the ops JAX and the
//! conformance files use beyond StableHLO, with traits, light verification and their custom
//! forms:
//!
//! - unary elementwise ops: `chlo.erf %x : tensor<f32> -> tensor<f32>`;
//! - binary ops: `chlo.polygamma %n, %x : tensor<f32>, tensor<f32> -> tensor<f32>`;
//! - implicitly broadcasting binary ops: `chlo.broadcast_add %a, %b {broadcast_dimensions =
//!   array<i64: 1>} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>`;
//! - `chlo.top_k(%x, k = 2) : tensor<3xf32> -> (tensor<2xf32>, tensor<2xi32>)`;
//! - `chlo.scan(%in) inits(%init) dimension = 0 [attributes {...}] {...} : (...) -> (...)`;
//! - `chlo.constant dense<...> : T`.
//!
//! `chlo.mulhi`, `chlo.constant_like`, `chlo.ragged_dot` and the rest print in the generic form,
//! as in the conformance files. [`legalize`] decomposes every op into StableHLO (StableHLO's
//! `ChloLegalizeToStablehlo`); the `chlo-legalize-to-stablehlo` pass and the interpreter both
//! run it.

pub mod legalize;

use strata_ir::dialect::VerifyError;
use strata_ir::dialect::{Dialect, OpInfo, Traits};
use strata_ir::parser::OpAsmParser;
use strata_ir::printer::OpAsmPrinter;
use strata_ir::{AttrKind, Context, OpId, OperationState, Type};

use crate::stablehlo::syntax::asm::{Asm, PResult};
use crate::stablehlo::syntax::util::{
    fallback, need, parse_functional, parse_operand_list, parse_type_list, print_colon_functional, print_operands_sp,
    set,
};
use crate::stablehlo::types::{shape_of, shapes_compat};

/// Unary elementwise ops (`%x : T -> U`).
pub const UNARY: &[&str] = &[
    "acos",
    "acosh",
    "asin",
    "asinh",
    "atan",
    "atanh",
    "bessel_i1e",
    "conj",
    "cosh",
    "digamma",
    "erf",
    "erf_inv",
    "erfc",
    "is_inf",
    "is_neg_inf",
    "is_pos_inf",
    "lgamma",
    "sinh",
    "square",
    "tan",
];

/// Binary elementwise ops without broadcasting (`%a, %b : T1, T2 -> R`).
pub const BINARY: &[&str] = &["next_after", "polygamma", "zeta"];

/// Implicitly broadcasting binary ops (`%a, %b : (T1, T2) -> R`).
pub const BROADCAST: &[&str] = &[
    "broadcast_add",
    "broadcast_and",
    "broadcast_atan2",
    "broadcast_compare",
    "broadcast_complex",
    "broadcast_divide",
    "broadcast_maximum",
    "broadcast_minimum",
    "broadcast_multiply",
    "broadcast_next_after",
    "broadcast_or",
    "broadcast_polygamma",
    "broadcast_power",
    "broadcast_remainder",
    "broadcast_select",
    "broadcast_shift_left",
    "broadcast_shift_right_arithmetic",
    "broadcast_shift_right_logical",
    "broadcast_subtract",
    "broadcast_xor",
    "broadcast_zeta",
];

// ----- verification -----

fn counts(ctx: &Context, op: OpId, n_in: usize, n_out: usize) -> Result<(), String> {
    let (i, o) = (ctx.operands(op).len(), ctx.num_results(op));
    if i != n_in {
        return Err(format!("expected {n_in} operands, but found {i}"));
    }
    if o != n_out {
        return Err(format!("expected {n_out} results, but found {o}"));
    }
    Ok(())
}

fn verify_elementwise(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let n = if BINARY.iter().any(|b| ctx.op_name_of(op).strip_prefix("chlo.") == Some(*b)) { 2 } else { 1 };
    counts(ctx, op, n, 1)?;
    let tys: Vec<Type> =
        ctx.operands(op).iter().map(|v| ctx.value_type(*v)).chain(ctx.results(op).map(|v| ctx.value_type(v))).collect();
    let shapes: Vec<&[i64]> = tys.iter().filter_map(|t| shape_of(ctx, *t)).collect();
    if shapes.iter().any(|s| !shapes_compat(s, shapes[0])) {
        return Err("requires the same shape for all operands and results".into());
    }
    Ok(())
}

fn verify_broadcast(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    counts(ctx, op, if ctx.op_name_of(op) == "chlo.broadcast_select" { 3 } else { 2 }, 1)?;
    if ctx.op_name_of(op) == "chlo.broadcast_compare" && ctx.attr(op, "comparison_direction").is_none() {
        return Err("requires attribute 'comparison_direction'".into());
    }
    Ok(())
}

fn verify_mulhi(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    counts(ctx, op, 2, 1)?;
    let t = ctx.value_type(ctx.result(op, 0));
    if ctx.operands(op).iter().any(|v| ctx.value_type(*v) != t) {
        return Err("requires the same type for all operands and results".into());
    }
    Ok(())
}

fn verify_ragged_dot(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    counts(ctx, op, 3, 1)?;
    if ctx.attr(op, "ragged_dot_dimension_numbers").is_none() {
        return Err("requires attribute 'ragged_dot_dimension_numbers'".into());
    }
    Ok(())
}

fn verify_top_k(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    counts(ctx, op, 1, 2)?;
    let k = ctx.attr(op, "k").and_then(|a| match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => Some(*value as i64),
        _ => None,
    });
    let k = k.ok_or("requires attribute 'k'")?;
    let shape = shape_of(ctx, ctx.value_type(ctx.operands(op)[0])).ok_or("operand must be a ranked tensor")?;
    let Some(&last) = shape.last() else { return Err("operand's rank must be at least 1".into()) };
    if last >= 0 && last < k {
        return Err(format!("operand's last dimension must be at least {k}").into());
    }
    Ok(())
}

fn verify_scan(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    if ctx.op(op).regions().len() != 1 {
        return Err("requires one region".into());
    }
    if ctx.attr(op, "dimension").is_none() {
        return Err("requires attribute 'dimension'".into());
    }
    Ok(())
}

fn verify_constant(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    counts(ctx, op, 0, 1)?;
    let v = ctx.attr(op, "value").ok_or("requires attribute 'value'")?;
    match ctx.attr_kind(v) {
        AttrKind::DenseElements { ty, .. } if *ty == ctx.value_type(ctx.result(op, 0)) => Ok(()),
        _ => Err("value type must match the result type".into()),
    }
}

// ----- syntax -----

/// `%x {attrs} : T -> U`.
fn p_unary(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    if ctx.operands(op).len() != 1 || ctx.num_results(op) != 1 || !ctx.op(op).regions().is_empty() {
        fallback();
    }
    let x = ctx.operands(op)[0];
    p.write(" ");
    p.print_operand(x);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ctx.value_type(x));
    p.write(" -> ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

fn r_unary(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let x = a.operand()?;
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    let t = a.ty()?;
    a.punct("->")?;
    let r = a.ty()?;
    a.resolve(&[x], &[t], &mut st.operands)?;
    st.result_types.push(r);
    Ok(())
}

/// `%a, %b {attrs} : T1, T2 -> R`.
fn p_binary(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    if ctx.operands(op).len() != 2 || ctx.num_results(op) != 1 || !ctx.op(op).regions().is_empty() {
        fallback();
    }
    let tys: Vec<Type> = ctx.operands(op).iter().map(|v| ctx.value_type(*v)).collect();
    print_operands_sp(p, op);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type_list(&tys);
    p.write(" -> ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

fn r_binary(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let ops = parse_operand_list(&mut a)?;
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    let tys = parse_type_list(&mut a)?;
    a.punct("->")?;
    let r = a.ty()?;
    a.resolve(&ops, &tys, &mut st.operands)?;
    st.result_types.push(r);
    Ok(())
}

/// `%a, %b {attrs} : (T1, T2) -> R` (`broadcast_select`: three operands).
fn p_broadcast(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let n = if ctx.op_name_of(op) == "chlo.broadcast_select" { 3 } else { 2 };
    if ctx.operands(op).len() != n || !ctx.op(op).regions().is_empty() {
        fallback();
    }
    print_operands_sp(p, op);
    p.print_optional_attr_dict(op, &[]);
    print_colon_functional(p, op);
}

fn r_broadcast(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let ops = parse_operand_list(&mut a)?;
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    parse_functional(&mut a, &ops, st)
}

/// `(%x, k = 2) {attrs} : T -> (V, I)`.
fn p_top_k(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    if ctx.operands(op).len() != 1 || ctx.num_results(op) != 2 {
        fallback();
    }
    let k = need(ctx.attr(op, "k"));
    let x = ctx.operands(op)[0];
    p.write("(");
    p.print_operand(x);
    p.write(", k = ");
    p.print_attribute_without_type(k);
    p.write(")");
    p.print_optional_attr_dict(op, &["k"]);
    p.write(" : ");
    p.print_type(ctx.value_type(x));
    p.write(" -> (");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
    p.write(", ");
    p.print_type(ctx.value_type(ctx.result(op, 1)));
    p.write(")");
}

fn r_top_k(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    a.punct("(")?;
    let x = a.operand()?;
    a.punct(",")?;
    a.keyword("k")?;
    a.punct("=")?;
    let k = a.integer()?;
    a.punct(")")?;
    let at = a.ctx().i64_attr(k);
    set(&mut a, st, "k", at);
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    let t = a.ty()?;
    a.punct("->")?;
    a.punct("(")?;
    let v = a.ty()?;
    a.punct(",")?;
    let i = a.ty()?;
    a.punct(")")?;
    a.resolve(&[x], &[t], &mut st.operands)?;
    st.result_types.extend([v, i]);
    Ok(())
}

/// `(%in...) inits(%init...) dimension = N [attributes {...}] {region} : (...) -> (...)`.
fn p_scan(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let d = ctx.op(op);
    if d.regions().len() != 1 {
        fallback();
    }
    let seg = need(ctx.attr(op, "operandSegmentSizes").and_then(|a| match ctx.attr_kind(a) {
        AttrKind::DenseArray { values, .. } if values.len() == 2 => Some((values[0] as usize, values[1] as usize)),
        _ => None,
    }));
    if seg.0 + seg.1 != d.operands().len() {
        fallback();
    }
    let dim = need(ctx.attr(op, "dimension"));
    let ops = d.operands();
    p.write("(");
    p.print_operands(&ops[..seg.0]);
    p.write(") inits(");
    p.print_operands(&ops[seg.0..]);
    p.write(") dimension = ");
    p.print_attribute_without_type(dim);
    p.print_optional_attr_dict_with_keyword(op, &["dimension", "operandSegmentSizes"]);
    p.write(" ");
    p.print_region(d.regions()[0], true, true);
    print_colon_functional(p, op);
}

fn r_scan(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    a.punct("(")?;
    let inputs = parse_operand_list(&mut a)?;
    a.punct(")")?;
    a.keyword("inits")?;
    a.punct("(")?;
    let inits = parse_operand_list(&mut a)?;
    a.punct(")")?;
    a.keyword("dimension")?;
    a.punct("=")?;
    let dim = a.integer()?;
    let ctx = a.ctx();
    let da = ctx.i64_attr(dim);
    let i32t = ctx.int_type(32);
    let seg =
        ctx.intern_attr(AttrKind::DenseArray { element: i32t, values: vec![inputs.len() as i64, inits.len() as i64] });
    set(&mut a, st, "dimension", da);
    set(&mut a, st, "operandSegmentSizes", seg);
    a.opt_attr_dict_with_keyword(&mut st.attributes)?;
    let r = a.region(&[])?;
    st.regions.push(r);
    a.punct(":")?;
    let all: Vec<_> = inputs.into_iter().chain(inits).collect();
    parse_functional(&mut a, &all, st)
}

/// `chlo.constant {attrs} dense<...> : T`.
fn p_constant(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let v = need(ctx.attr(op, "value"));
    match ctx.attr_kind(v) {
        AttrKind::DenseElements { ty, .. } if ctx.num_results(op) == 1 && *ty == ctx.value_type(ctx.result(op, 0)) => {}
        _ => fallback(),
    }
    p.print_optional_attr_dict(op, &["value"]);
    p.write(" ");
    p.print_attribute(v);
}

fn r_constant(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    a.opt_attr_dict(&mut st.attributes)?;
    let pos = a.pos();
    let v = a.attribute()?;
    let t = match a.ctx().attr_kind(v) {
        AttrKind::DenseElements { ty, .. } => *ty,
        _ => return Err(a.error_at(pos, "expected dense elements attribute")),
    };
    set(&mut a, st, "value", v);
    st.result_types.push(t);
    Ok(())
}

/// Register the `chlo` dialect.
pub fn register(ctx: &mut Context) {
    let mut d = Dialect::new("chlo");
    let ew = Traits::PURE | Traits::ELEMENTWISE | Traits::SAME_OPERANDS_AND_RESULT_SHAPE;
    for n in UNARY {
        d = d.op(OpInfo::new(format!("chlo.{n}")).traits(ew).verifier(verify_elementwise).assembly(r_unary, p_unary));
    }
    for n in BINARY {
        d = d.op(OpInfo::new(format!("chlo.{n}")).traits(ew).verifier(verify_elementwise).assembly(r_binary, p_binary));
    }
    for n in BROADCAST {
        let mut info = OpInfo::new(format!("chlo.{n}"))
            .traits(Traits::PURE)
            .inherent(&["broadcast_dimensions"])
            .verifier(verify_broadcast)
            .assembly(r_broadcast, p_broadcast);
        if *n == "broadcast_compare" {
            info = info.inherent(&["comparison_direction", "compare_type"]);
        }
        if [
            "broadcast_add",
            "broadcast_and",
            "broadcast_maximum",
            "broadcast_minimum",
            "broadcast_multiply",
            "broadcast_or",
            "broadcast_xor",
        ]
        .contains(n)
        {
            info = info.traits(Traits::COMMUTATIVE);
        }
        d = d.op(info);
    }
    d = d
        .op(OpInfo::new("chlo.mulhi").traits(ew | Traits::COMMUTATIVE).verifier(verify_mulhi))
        .op(OpInfo::new("chlo.ragged_dot")
            .traits(Traits::PURE)
            .inherent(&["ragged_dot_dimension_numbers", "precision_config"])
            .verifier(verify_ragged_dot))
        .op(OpInfo::new("chlo.top_k")
            .traits(Traits::PURE)
            .inherent(&["k"])
            .verifier(verify_top_k)
            .assembly(r_top_k, p_top_k))
        .op(OpInfo::new("chlo.scan")
            .traits(Traits::RECURSIVE_MEMORY_EFFECTS)
            .inherent(&["dimension", "is_reverse", "is_associative", "operandSegmentSizes"])
            .verifier(verify_scan)
            .assembly(r_scan, p_scan))
        .op(OpInfo::new("chlo.constant")
            .traits(Traits::PURE | Traits::CONSTANT_LIKE)
            .inherent(&["value"])
            .verifier(verify_constant)
            .assembly(r_constant, p_constant))
        .op(OpInfo::new("chlo.constant_like").traits(Traits::PURE).inherent(&["value"]));
    ctx.register_dialect(d);
}
