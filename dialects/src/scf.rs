//! The `scf` dialect: every op of MLIR 22's `SCFOps.td` (generated table `ods/gen_scf.rs`);
//! the declarative formats (`scf.yield`, `scf.condition`, `scf.index_switch`, `scf.reduce`),
//! and by hand the syntax MLIR writes in C++: `scf.for`, `scf.if`, `scf.while`,
//! `scf.execute_region`. `scf.forall`, `scf.parallel` and `scf.forall.in_parallel` are registered
//! (verification, generic form) but their custom syntax is not implemented yet.

use crate::ods::format::ensure_terminator;
use crate::ods::DialectBuilder;
use strata_ir::dialect::VerifyError;
use strata_ir::parser::{Argument, Delimiter, OpAsmParser, ParseResult, UnresolvedOperand};
use strata_ir::printer::{type_to_string, OpAsmPrinter};
use strata_ir::{Context, OpId, OperationState, RegionId, Type, TypeKind, Value};

/// `(%a = %x, %b = %y)` (MLIR's `parseAssignmentList`).
fn parse_assignment_list(
    p: &mut OpAsmParser<'_, '_>,
    args: &mut Vec<UnresolvedOperand>,
    operands: &mut Vec<UnresolvedOperand>,
) -> ParseResult<()> {
    p.parse_comma_separated_list(Delimiter::Paren, " in assignment list", |p| {
        let a = p.parse_argument(false, false)?;
        args.push(a.ssa_name);
        p.parse_equal()?;
        operands.push(p.parse_operand()?);
        Ok(())
    })
}

fn print_init_list(p: &mut OpAsmPrinter<'_>, args: &[Value], inits: &[Value], prefix: &str) {
    if inits.is_empty() {
        return;
    }
    p.write(prefix);
    p.write("(");
    for (i, (a, v)) in args.iter().zip(inits).enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_operand(*a);
        p.write(" = ");
        p.print_operand(*v);
    }
    p.write(")");
}

fn entry_args(ctx: &Context, r: RegionId) -> Vec<Value> {
    ctx.region_blocks(r).first().map(|b| ctx.block_args(*b).collect()).unwrap_or_default()
}

// ----- scf.for

fn parse_for(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    if p.parse_optional_keyword("unsigned") {
        let u = p.ctx().unit_attr();
        let n = p.ctx().sym("unsignedCmp");
        st.properties.push(strata_ir::NamedAttribute { name: n, value: u });
    }
    let iv = p.parse_argument(false, false)?.ssa_name;
    p.parse_equal()?;
    let lb = p.parse_operand()?;
    p.parse_keyword("to")?;
    let ub = p.parse_operand()?;
    p.parse_keyword("step")?;
    let step = p.parse_operand()?;
    let (mut iter_args, mut inits) = (Vec::new(), Vec::new());
    let has_iter = p.parse_optional_keyword("iter_args");
    if has_iter {
        parse_assignment_list(p, &mut iter_args, &mut inits)?;
        let tys = p.parse_arrow_type_list()?;
        st.result_types.extend(tys);
    }
    if iter_args.len() != st.result_types.len() {
        let pos = p.name_pos();
        return Err(p.emit_error_at(pos, "mismatch in number of loop-carried values and defined values"));
    }
    let ty = if p.parse_optional_colon() { p.parse_type()? } else { p.ctx().index_type() };
    let mut args = vec![Argument::new(iv, ty)];
    for (a, t) in iter_args.iter().zip(st.result_types.clone()) {
        args.push(Argument::new(*a, t));
    }
    let mut body = p.ctx().create_region();
    p.parse_region(&mut body, &args, false)?;
    let loc = st.loc;
    ensure_terminator(p.ctx(), body, "scf.yield", loc);
    p.resolve_operands(&[lb, ub, step], &[ty, ty, ty], &mut st.operands)?;
    let rts = st.result_types.clone();
    p.resolve_operands(&inits, &rts, &mut st.operands)?;
    p.parse_optional_attr_dict(&mut st.attributes)?;
    st.regions.push(body);
    Ok(())
}

fn print_for(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op).to_vec();
    let body = ctx.op_regions(op)[0];
    let args = entry_args(ctx, body);
    if ctx.attr(op, "unsignedCmp").is_some() {
        p.write(" unsigned");
    }
    if args.is_empty() || ops.len() < 3 {
        return;
    }
    p.write(" ");
    p.print_operand(args[0]);
    p.write(" = ");
    p.print_operand(ops[0]);
    p.write(" to ");
    p.print_operand(ops[1]);
    p.write(" step ");
    p.print_operand(ops[2]);
    print_init_list(p, &args[1..], &ops[3..], " iter_args");
    if ops.len() > 3 {
        let ts: Vec<Type> = ops[3..].iter().map(|v| p.ctx().value_type(*v)).collect();
        p.write(" -> (");
        p.print_type_list(&ts);
        p.write(")");
    }
    p.write(" ");
    let ivt = p.ctx().value_type(args[0]);
    if !matches!(p.ctx().type_kind(ivt), TypeKind::Index) {
        p.write(" : ");
        p.print_type(ivt);
        p.write(" ");
    }
    p.print_region(body, false, ops.len() > 3);
    p.print_optional_attr_dict(op, &["unsignedCmp"]);
}

fn verify_for(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let ops = ctx.operands(op);
    let nres = ctx.num_results(op);
    if ops.len() != 3 + nres {
        return Err("mismatch in number of loop-carried values and defined values".into());
    }
    let body = ctx.op_regions(op)[0];
    let args = entry_args(ctx, body);
    if args.len() != 1 + nres {
        return Err(format!("expected {} region arguments", 1 + nres).into());
    }
    if ctx.value_type(args[0]) != ctx.value_type(ops[0]) {
        return Err("expected induction variable to be same type as bounds and step".into());
    }
    for i in 0..nres {
        let (init, arg, res) =
            (ctx.value_type(ops[3 + i]), ctx.value_type(args[1 + i]), ctx.value_type(ctx.result(op, i)));
        if init != res {
            return Err(format!("0-th init and {i}-th result have different types").into());
        }
        if arg != res {
            return Err(format!(
                "types mismatch between {i}th iter operand and defined value: '{}' vs '{}'",
                type_to_string(ctx, arg),
                type_to_string(ctx, res)
            )
            .into());
        }
    }
    Ok(())
}

// ----- scf.if

fn parse_if(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let cond = p.parse_operand()?;
    let i1 = p.ctx().int_type(1);
    p.resolve_operands(&[cond], &[i1], &mut st.operands)?;
    let tys = p.parse_optional_arrow_type_list()?;
    st.result_types.extend(tys);
    let loc = st.loc;
    let mut then_r = p.ctx().create_region();
    p.parse_region(&mut then_r, &[], false)?;
    ensure_terminator(p.ctx(), then_r, "scf.yield", loc);
    let mut else_r = p.ctx().create_region();
    if p.parse_optional_keyword("else") {
        p.parse_region(&mut else_r, &[], false)?;
        ensure_terminator(p.ctx(), else_r, "scf.yield", loc);
    }
    p.parse_optional_attr_dict(&mut st.attributes)?;
    st.regions.push(then_r);
    st.regions.push(else_r);
    Ok(())
}

fn print_if(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let cond = ctx.operands(op)[0];
    let rts: Vec<Type> = ctx.results(op).map(|v| ctx.value_type(v)).collect();
    let regions = ctx.op_regions(op).to_vec();
    p.write(" ");
    p.print_operand(cond);
    let terms = !rts.is_empty();
    if terms {
        p.write(" -> (");
        p.print_type_list(&rts);
        p.write(")");
    }
    p.write(" ");
    p.print_region(regions[0], false, terms);
    if regions.len() > 1 && !p.ctx().region_blocks(regions[1]).is_empty() {
        p.write(" else ");
        p.print_region(regions[1], false, terms);
    }
    p.print_optional_attr_dict(op, &[]);
}

fn verify_if(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    if ctx.num_results(op) != 0 {
        if let Some(&r) = ctx.op_regions(op).get(1) {
            if ctx.region_blocks(r).is_empty() {
                return Err("must have an else block if defining values".into());
            }
        }
    }
    Ok(())
}

// ----- scf.while

fn parse_while(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let (mut args, mut operands) = (Vec::new(), Vec::new());
    if p.parse_optional_lparen() && !p.parse_optional_rparen() {
        loop {
            let a = p.parse_argument(false, false)?;
            args.push(a.ssa_name);
            p.parse_equal()?;
            operands.push(p.parse_operand()?);
            if !p.parse_optional_comma() {
                break;
            }
        }
        p.parse_rparen()?;
    }
    p.parse_colon()?;
    let pos = p.current_pos();
    let (ins, outs) = p.parse_function_type()?;
    st.result_types.extend(outs);
    if ins.len() != operands.len() {
        return Err(p.emit_error_at(
            pos,
            format!("expected as many input types as operands (expected {} got {})", operands.len(), ins.len()),
        ));
    }
    p.resolve_operands(&operands, &ins, &mut st.operands)?;
    let rargs: Vec<Argument> = args.iter().zip(&ins).map(|(a, t)| Argument::new(*a, *t)).collect();
    let mut before = p.ctx().create_region();
    p.parse_region(&mut before, &rargs, false)?;
    p.parse_keyword("do")?;
    let mut after = p.ctx().create_region();
    p.parse_region(&mut after, &[], false)?;
    p.parse_optional_attr_dict_with_keyword(&mut st.attributes)?;
    st.regions.push(before);
    st.regions.push(after);
    Ok(())
}

fn print_while(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let inits = ctx.operands(op).to_vec();
    let regions = ctx.op_regions(op).to_vec();
    let before_args = entry_args(ctx, regions[0]);
    print_init_list(p, &before_args, &inits, " ");
    let its: Vec<Type> = inits.iter().map(|v| p.ctx().value_type(*v)).collect();
    let rts: Vec<Type> = p.ctx().results(op).map(|v| p.ctx().value_type(v)).collect();
    p.write(" : ");
    p.print_function_type(&its, &rts);
    p.write(" ");
    p.print_region(regions[0], false, true);
    p.write(" do ");
    p.print_region(regions[1], true, true);
    p.print_optional_attr_dict_with_keyword(op, &[]);
}

// ----- scf.execute_region

fn parse_execute_region(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let tys = p.parse_optional_arrow_type_list()?;
    st.result_types.extend(tys);
    if p.parse_optional_keyword("no_inline") {
        let u = p.ctx().unit_attr();
        let n = p.ctx().sym("no_inline");
        st.properties.push(strata_ir::NamedAttribute { name: n, value: u });
    }
    let mut body = p.ctx().create_region();
    p.parse_region(&mut body, &[], false)?;
    p.parse_optional_attr_dict(&mut st.attributes)?;
    st.regions.push(body);
    Ok(())
}

fn print_execute_region(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let rts: Vec<Type> = ctx.results(op).map(|v| ctx.value_type(v)).collect();
    if !rts.is_empty() {
        p.write(" ");
        p.print_arrow_type_list(&rts);
    }
    p.write(" ");
    if p.ctx().attr(op, "no_inline").is_some() {
        p.write("no_inline ");
    }
    let r = p.ctx().op_regions(op)[0];
    p.print_region(r, false, true);
    p.print_optional_attr_dict(op, &["no_inline"]);
}

/// `scf.yield` must yield the parent's result types (for `scf.if`, `scf.for`, ...).
fn verify_yield(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let Some(parent) = ctx.parent_op(op) else { return Ok(()) };
    let pname = ctx.op_name_of(parent);
    if !matches!(pname, "scf.if" | "scf.for" | "scf.execute_region" | "scf.index_switch") {
        return Ok(());
    }
    let got: Vec<Type> = ctx.operands(op).iter().map(|v| ctx.value_type(*v)).collect();
    let want: Vec<Type> = ctx.results(parent).map(|v| ctx.value_type(v)).collect();
    if got.len() != want.len() {
        return Err("parent of yield must have same number of results as the yield operands".into());
    }
    Ok(())
}

/// Register the `scf` dialect.
pub fn register(ctx: &mut Context) {
    let mut b = DialectBuilder::new("scf", crate::ods::gen_scf::OPS);
    b.assembly("scf.for", parse_for, print_for).verifier("scf.for", verify_for);
    b.assembly("scf.if", parse_if, print_if).verifier("scf.if", verify_if);
    b.assembly("scf.while", parse_while, print_while);
    b.assembly("scf.execute_region", parse_execute_region, print_execute_region);
    b.verifier("scf.yield", verify_yield);
    let d = b.finish(ctx);
    ctx.register_dialect(d);
}
