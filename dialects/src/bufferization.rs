//! The `bufferization` dialect: every op of MLIR 22's `BufferizationOps.td` (generated table
//! `ods/gen_bufferization.rs`), syntax from the declarative formats; `alloc_tensor`'s, which MLIR
//! writes in C++ (BufferizationOps.cpp), is written by hand below.

use crate::ods::DialectBuilder;
use strata_ir::parser::{Delimiter, OpAsmParser, ParseResult};
use strata_ir::printer::OpAsmPrinter;
use strata_ir::{AttrKind, Context, NamedAttribute, OpId, OperationState, Type, TypeKind};

// `(%sizes) (copy(%t))? (size_hint=%h)? attr-dict : tensor-type`
fn parse_alloc_tensor(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let sizes = p.parse_operand_list(Delimiter::Paren)?;
    let mut copy = None;
    if p.parse_optional_keyword("copy") {
        p.parse_lparen()?;
        copy = Some(p.parse_operand()?);
        p.parse_rparen()?;
    }
    let mut hint = None;
    if p.parse_optional_keyword("size_hint") {
        p.parse_equal()?;
        hint = Some(p.parse_operand()?);
    }
    p.parse_optional_attr_dict(&mut st.attributes)?;
    let ty = p.parse_colon_type()?;
    let index = p.ctx().index_type();
    p.resolve_operands_same_type(&sizes, index, &mut st.operands)?;
    if let Some(c) = &copy {
        p.resolve_operand(c, ty, &mut st.operands)?;
    }
    if let Some(h) = &hint {
        p.resolve_operand(h, index, &mut st.operands)?;
    }
    st.result_types.push(ty);
    let i32t = p.ctx().int_type(32);
    let segs = vec![sizes.len() as i64, copy.is_some() as i64, hint.is_some() as i64];
    let value = p.ctx().intern_attr(AttrKind::DenseArray { element: i32t, values: segs });
    let name = p.ctx().sym("operandSegmentSizes");
    st.properties.push(NamedAttribute { name, value });
    Ok(())
}

fn print_alloc_tensor(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let segs =
        crate::ods::operand_segments(ctx, op, crate::ods::ods_of_op(ctx, op).expect("registered")).unwrap_or_default();
    let ops = ctx.operands(op).to_vec();
    let group = |k: usize| segs.get(k).map(|&(s, e)| &ops[s..e]).unwrap_or(&[]);
    let (sizes, copy, hint) = (group(0), group(1), group(2));
    p.write("(");
    p.print_operands(sizes);
    p.write(")");
    if let Some(&c) = copy.first() {
        p.write(" copy(");
        p.print_operand(c);
        p.write(")");
    }
    if let Some(&h) = hint.first() {
        p.write(" size_hint=");
        p.print_operand(h);
    }
    p.print_optional_attr_dict(op, &["operandSegmentSizes"]);
    p.write(" : ");
    let r = p.ctx().result(op, 0);
    let t = p.ctx().value_type(r);
    p.print_type(t);
}

/// `bufferization.dealloc` returns one `i1` per retained memref. Its operands are the memrefs,
/// one condition per memref, then the retained memrefs.
fn infer_dealloc(ctx: &mut Context, operands: &[Type], _props: &[NamedAttribute]) -> Result<Vec<Type>, String> {
    let is_memref = |t: &Type| matches!(ctx.type_kind(*t), TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. });
    let memrefs = operands.iter().take_while(|t| is_memref(t)).count();
    let retained = operands.len().checked_sub(2 * memrefs).ok_or("expected one condition per memref")?;
    let i1 = ctx.int_type(1);
    Ok(vec![i1; retained])
}

/// Register the `bufferization` dialect.
pub fn register(ctx: &mut Context) {
    let mut b = DialectBuilder::new("bufferization", crate::ods::gen_bufferization::OPS);
    b.assembly("bufferization.alloc_tensor", parse_alloc_tensor, print_alloc_tensor)
        .infer("bufferization.dealloc", infer_dealloc);
    let d = b.finish(ctx);
    ctx.register_dialect(d);
}
