//! The `arith` dialect: every op of MLIR 22's `ArithOps.td` (the table is generated:
//! `ods/gen_arith.rs`), with MLIR's custom syntax (the declarative formats, interpreted by
//! `ods::format`; `arith.constant` and `arith.select` by hand), verifiers, result names
//! (`%c0`, `%cst`, `%true`) and folders (`arith_fold.rs`).

use crate::ods::DialectBuilder;
use strata_ir::dialect::VerifyError;
use strata_ir::dialect::{Dialect, Traits};
use strata_ir::parser::{OpAsmParser, ParseResult};
use strata_ir::printer::{type_to_string, OpAsmPrinter};
use strata_ir::{AttrKind, Attribute, Context, NamedAttribute, OpId, OperationState, Type, TypeKind};

/// The type a typed attribute carries (`42 : i32`, `dense<..> : tensor<..>`), if any.
pub fn typed_attr_type(ctx: &Context, a: Attribute) -> Option<Type> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { ty, .. } | AttrKind::Float { ty, .. } => Some(*ty),
        AttrKind::DenseElements { ty, .. } | AttrKind::DenseResource { ty, .. } | AttrKind::DenseStrings { ty, .. } => {
            Some(*ty)
        }
        _ => None,
    }
}

fn verify_constant(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let v = ctx.attr(op, "value").ok_or("requires attribute 'value'")?;
    let rt = ctx.value_type(ctx.result(op, 0));
    let vt = typed_attr_type(ctx, v).ok_or("value must be an integer, float, or elements attribute")?;
    if vt != rt {
        return Err(format!(
            "value type {} must match return type: {}",
            type_to_string(ctx, vt),
            type_to_string(ctx, rt)
        )
        .into());
    }
    Ok(())
}

/// `arith.constant {attrs} <typed attribute>`: the result type is the attribute's type.
fn parse_constant(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let mut attrs = Vec::new();
    p.parse_optional_attr_dict(&mut attrs)?;
    let value = p.parse_attribute()?;
    let Some(ty) = typed_attr_type(p.ctx(), value) else {
        return Err(p.emit_error("expected a typed attribute (integer, float or dense elements) for 'value'"));
    };
    let name = p.ctx().sym("value");
    st.attributes.extend(attrs);
    st.properties.push(NamedAttribute { name, value });
    st.result_types.push(ty);
    Ok(())
}

fn print_constant(p: &mut OpAsmPrinter<'_>, op: OpId) {
    p.print_optional_attr_dict(op, &["value"]);
    if let Some(v) = p.ctx().attr(op, "value") {
        p.write(" ");
        p.print_attribute(v);
    }
}

strata_ir::op_view! {
    /// `arith.constant`
    pub ConstantOp = "arith.constant" { attrs { value: strata_ir::Attribute } }
}

/// MLIR's `arith::ConstantOp::getAsmResultNames`: `%true`/`%false`, `%c42_i32`, `%c0`, `%cst`.
fn constant_name(ctx: &Context, op: OpId) -> Option<String> {
    let v = ctx.attr(op, "value")?;
    match ctx.attr_kind(v) {
        AttrKind::Integer { value, ty } => match ctx.type_kind(*ty) {
            TypeKind::Integer { width: 1, .. } => Some(if *value != 0 { "true" } else { "false" }.into()),
            TypeKind::Integer { .. } => Some(format!("c{value}_{}", type_to_string(ctx, *ty))),
            _ => Some(format!("c{value}")),
        },
        _ => Some("cst".into()),
    }
}

/// The result names of `arith.addui_extended` and the extended multiplications.
fn extended_names(ctx: &Context, op: OpId) -> Option<String> {
    Some(if ctx.op_name_of(op) == "arith.addui_extended" { "sum,overflow" } else { "low,high" }.into())
}

/// `arith.select %c, %a, %b : i32` or `: vector<4xi1>, vector<4xi32>` (condition type first
/// when it is not `i1`).
fn parse_select(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let ops = p.parse_operand_list(strata_ir::parser::Delimiter::None)?;
    if ops.len() != 3 {
        return Err(p.emit_error("expected 3 operands"));
    }
    p.parse_optional_attr_dict(&mut st.attributes)?;
    p.parse_colon()?;
    let first = p.parse_type()?;
    let (cond, ty) = if p.parse_optional_comma() { (first, p.parse_type()?) } else { (p.ctx().int_type(1), first) };
    p.resolve_operands(&ops, &[cond, ty, ty], &mut st.operands)?;
    st.result_types.push(ty);
    Ok(())
}

fn print_select(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op).to_vec();
    let cond_t = ctx.value_type(ops[0]);
    let rt = ctx.value_type(ctx.result(op, 0));
    let i1 = matches!(ctx.type_kind(cond_t), TypeKind::Integer { width: 1, .. });
    p.write(" ");
    p.print_operands(&ops);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    if !i1 {
        p.print_type(cond_t);
        p.write(", ");
    }
    p.print_type(rt);
}

fn verify_select(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let ops = ctx.operands(op);
    let ct = ctx.value_type(ops[0]);
    let rt = ctx.value_type(ctx.result(op, 0));
    if matches!(ctx.type_kind(ct), TypeKind::Integer { width: 1, .. }) {
        return Ok(());
    }
    let (ck, rk) = (ctx.type_kind(ct), ctx.type_kind(rt));
    if ck.shape() != rk.shape() || std::mem::discriminant(ck) != std::mem::discriminant(rk) {
        return Err("expected condition type to have the same shape as the result type, expected '".to_string().into());
    }
    Ok(())
}

/// `arith.cmpi`/`arith.cmpf`: `i1` with the operands' shape.
fn infer_cmp(ctx: &mut Context, ops: &[Type], _: &[strata_ir::NamedAttribute]) -> Result<Vec<Type>, String> {
    let i1 = ctx.int_type(1);
    let t = *ops.first().ok_or("expected operands")?;
    Ok(vec![crate::ods::with_element(ctx, t, i1)])
}

/// Register the `arith` dialect.
pub fn register(ctx: &mut Context) {
    let mut b = DialectBuilder::new("arith", crate::ods::gen_arith::OPS);
    {
        let (info, _) = b.op("arith.constant");
        info.parse = Some(parse_constant);
        info.print = Some(print_constant);
        info.asm_result_names = Some(constant_name);
        info.traits = info.traits | Traits::CONSTANT_LIKE;
    }
    b.verifier("arith.constant", verify_constant);
    for n in ["arith.addui_extended", "arith.mulsi_extended", "arith.mului_extended"] {
        b.op(n).0.asm_result_names = Some(extended_names);
    }
    b.assembly("arith.select", parse_select, print_select);
    b.verifier("arith.select", verify_select);
    b.infer("arith.cmpi", infer_cmp).infer("arith.cmpf", infer_cmp);
    crate::arith_fold::install(&mut b);
    {
        let (info, _) = b.op("arith.constant");
        let i = std::mem::replace(info, strata_ir::dialect::OpInfo::new(""));
        *info = i.with_view::<ConstantOp>();
    }
    let mut d: Dialect = b.finish(ctx).attr_body_hook(attr_body);
    d.materialize_constant = Some(crate::arith_fold::materialize);
    ctx.register_dialect(d);
}

/// Canonical text of `#arith.fastmath<...>`, `#arith.overflow<...>` and the other enum
/// attributes: keywords checked, bit enums in MLIR's order.
fn attr_body(body: &str, opaque: bool) -> Result<Option<String>, Vec<strata_ir::dialect::BodyError>> {
    crate::ods::enum_attr_body(crate::ods::gen_arith::OPS, "#arith.", body, opaque)
}
