//! The `arith` dialect (MLIR's `ArithOps.td`) — the part Strata's inputs use so far:
//! `arith.constant`, as StableHLO's linalg conversion tests write it
//! (`%0 = arith.constant dense<0.0> : tensor<f32>`, `%c = arith.constant 42 : i32`).
//! Lowering will add the arithmetic ops when it needs them.

use strata_ir::dialect::VerifyError;
use strata_ir::dialect::{Dialect, OpInfo, Traits};
use strata_ir::parser::{OpAsmParser, ParseResult};
use strata_ir::printer::{type_to_string, OpAsmPrinter};
use strata_ir::{AttrKind, Attribute, Context, NamedAttribute, OpId, OperationState, Type};

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

/// Register the `arith` dialect.
pub fn register(ctx: &mut Context) {
    let d = Dialect::new("arith").op(OpInfo::new("arith.constant")
        .with_view::<ConstantOp>()
        .traits(Traits::PURE | Traits::CONSTANT_LIKE | Traits::ZERO_OPERANDS | Traits::ONE_RESULT)
        .inherent(&["value"])
        .verifier(verify_constant)
        .assembly(parse_constant, print_constant));
    ctx.register_dialect(d);
}
