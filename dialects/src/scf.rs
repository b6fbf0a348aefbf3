//! The `scf` dialect: every op of MLIR 22's `SCFOps.td` (generated table `ods/gen_scf.rs`);
//! the declarative formats (`scf.yield`, `scf.condition`, `scf.index_switch`, `scf.reduce`),
//! and by hand the syntax MLIR writes in C++: `scf.for`, `scf.if`, `scf.while`,
//! `scf.execute_region`, `scf.forall`, `scf.forall.in_parallel` and `scf.parallel`.

use crate::ods::custom::DYNAMIC;
use crate::ods::format::ensure_terminator;
use crate::ods::DialectBuilder;
use strata_ir::dialect::VerifyError;
use strata_ir::parser::{Argument, Delimiter, OpAsmParser, ParseResult, UnresolvedOperand};
use strata_ir::printer::{type_to_string, OpAsmPrinter};
use strata_ir::{AttrKind, Attribute, Context, NamedAttribute, OpId, OperationState, RegionId, Type, TypeKind, Value};

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

// ----- scf.forall, scf.forall.in_parallel, scf.parallel

fn set_prop(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState, name: &str, value: Attribute) {
    let name = p.ctx().sym(name);
    st.properties.retain(|na| na.name != name);
    st.properties.push(NamedAttribute { name, value });
}

fn i64_array(ctx: &Context, a: Option<Attribute>) -> Option<Vec<i64>> {
    match ctx.attr_kind(a?) {
        AttrKind::DenseArray { values, .. } => Some(values.clone()),
        _ => None,
    }
}

/// `(1, %a, 3)` (MLIR's `parseDynamicIndexList` with parentheses): the dynamic operands and
/// the static values (`DYNAMIC` where an operand stands).
fn parse_index_list(p: &mut OpAsmParser<'_, '_>, dyns: &mut Vec<UnresolvedOperand>) -> ParseResult<Vec<i64>> {
    let mut statics = Vec::new();
    p.parse_comma_separated_list(Delimiter::Paren, " in dynamic index list", |p| {
        if let Some(u) = p.parse_optional_operand()? {
            dyns.push(u);
            statics.push(DYNAMIC);
        } else {
            statics.push(p.parse_integer()?);
        }
        Ok(())
    })?;
    Ok(statics)
}

fn print_index_list(p: &mut OpAsmPrinter<'_>, dyn_vals: &[Value], statics: &[i64]) {
    p.write("(");
    let mut d = 0;
    for (i, v) in statics.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        if *v == DYNAMIC {
            if let Some(x) = dyn_vals.get(d) {
                p.print_operand(*x);
            }
            d += 1;
        } else {
            p.write_int(*v as i128);
        }
    }
    p.write(")");
}

/// The integer value of a static entry, or of an operand defined by a constant op.
fn constant_int(ctx: &Context, dyns: &[Value], statics: &[i64], i: usize) -> Option<i128> {
    let v = *statics.get(i)?;
    if v != DYNAMIC {
        return Some(v as i128);
    }
    let d = statics[..i].iter().filter(|x| **x == DYNAMIC).count();
    let def = ctx.defining_op(*dyns.get(d)?)?;
    if !ctx.op_has_trait(def, strata_ir::dialect::Traits::CONSTANT_LIKE) {
        return None;
    }
    match ctx.attr_kind(ctx.attr(def, "value")?) {
        AttrKind::Integer { value, .. } => Some(*value),
        _ => None,
    }
}

/// The parts of an `scf.forall`: dynamic lower/upper bounds, steps, outputs, and the static
/// lower/upper bounds and steps.
struct Forall {
    dyn_lb: Vec<Value>,
    dyn_ub: Vec<Value>,
    dyn_step: Vec<Value>,
    outs: Vec<Value>,
    lb: Vec<i64>,
    ub: Vec<i64>,
    step: Vec<i64>,
}

fn forall_parts(ctx: &Context, op: OpId) -> Result<Forall, VerifyError> {
    let ops = ctx.operands(op);
    let seg = i64_array(ctx, ctx.attr(op, "operandSegmentSizes")).ok_or("requires 'operandSegmentSizes'")?;
    if seg.len() != 4 || seg.iter().any(|n| *n < 0) || seg.iter().sum::<i64>() as usize != ops.len() {
        return Err("'operandSegmentSizes' does not match the operands".into());
    }
    let mut at = 0;
    let mut take = |n: i64| {
        let v = ops[at..at + n as usize].to_vec();
        at += n as usize;
        v
    };
    let (dyn_lb, dyn_ub, dyn_step, outs) = (take(seg[0]), take(seg[1]), take(seg[2]), take(seg[3]));
    let get = |n: &str| i64_array(ctx, ctx.attr(op, n)).ok_or_else(|| VerifyError::from(format!("requires '{n}'")));
    Ok(Forall {
        dyn_lb,
        dyn_ub,
        dyn_step,
        outs,
        lb: get("staticLowerBound")?,
        ub: get("staticUpperBound")?,
        step: get("staticStep")?,
    })
}

fn parse_forall(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let ivs = p.parse_argument_list(Delimiter::Paren, false, false)?;
    let index = p.ctx().index_type();
    let n = ivs.len();
    let (mut dlb, mut dub, mut dstep) = (Vec::new(), Vec::new(), Vec::new());
    let (lb, ub, step);
    if p.parse_optional_keyword("in") {
        ub = parse_index_list(p, &mut dub)?;
        p.resolve_operands_same_type(&dub, index, &mut st.operands)?;
        lb = vec![0; n];
        step = vec![1; n];
    } else {
        p.parse_equal()?;
        lb = parse_index_list(p, &mut dlb)?;
        p.resolve_operands_same_type(&dlb, index, &mut st.operands)?;
        p.parse_keyword("to")?;
        ub = parse_index_list(p, &mut dub)?;
        p.resolve_operands_same_type(&dub, index, &mut st.operands)?;
        p.parse_keyword("step")?;
        step = parse_index_list(p, &mut dstep)?;
        p.resolve_operands_same_type(&dstep, index, &mut st.operands)?;
    }
    let (mut out_args, mut outs) = (Vec::new(), Vec::new());
    let outs_pos = p.current_pos();
    if p.parse_optional_keyword("shared_outs") {
        parse_assignment_list(p, &mut out_args, &mut outs)?;
        let tys = p.parse_optional_arrow_type_list()?;
        st.result_types.extend(tys);
        if outs.len() != st.result_types.len() {
            let msg = format!(
                "number of operands and types do not match: got {} operands and {} types",
                outs.len(),
                st.result_types.len()
            );
            return Err(p.emit_error_at(outs_pos, msg));
        }
        let rts = st.result_types.clone();
        p.resolve_operands(&outs, &rts, &mut st.operands)?;
    }
    let mut args: Vec<Argument> = ivs.iter().map(|a| Argument::new(a.ssa_name, index)).collect();
    for (a, t) in out_args.iter().zip(st.result_types.clone()) {
        args.push(Argument::new(*a, t));
    }
    let mut body = p.ctx().create_region();
    p.parse_region(&mut body, &args, false)?;
    ensure_in_parallel(p.ctx(), body, st.loc);
    st.regions.push(body);
    let mut attrs = Vec::new();
    p.parse_optional_attr_dict(&mut attrs)?;
    for na in attrs {
        if matches!(p.context().str(na.name), "mapping" | "operandSegmentSizes") {
            st.properties.push(na);
        } else {
            st.attributes.push(na);
        }
    }
    let i64t = p.ctx().int_type(64);
    for (name, vals) in [("staticLowerBound", lb), ("staticUpperBound", ub), ("staticStep", step)] {
        let a = p.ctx().intern_attr(AttrKind::DenseArray { element: i64t, values: vals });
        set_prop(p, st, name, a);
    }
    let i32t = p.ctx().int_type(32);
    let sizes = vec![dlb.len() as i64, dub.len() as i64, dstep.len() as i64, outs.len() as i64];
    let a = p.ctx().intern_attr(AttrKind::DenseArray { element: i32t, values: sizes });
    set_prop(p, st, "operandSegmentSizes", a);
    Ok(())
}

/// `scf.forall`'s implicit terminator: an `scf.forall.in_parallel` with an empty block.
fn ensure_in_parallel(ctx: &mut Context, r: RegionId, loc: Attribute) {
    let b = match ctx.region_blocks(r).last() {
        Some(b) => *b,
        None => {
            let b = ctx.create_block(&[]);
            ctx.append_block(r, b);
            b
        }
    };
    if let Some(last) = ctx.block_last_op(b) {
        if ctx.op_has_trait(last, strata_ir::dialect::Traits::IS_TERMINATOR) {
            return;
        }
    }
    let inner = ctx.create_region();
    let ib = ctx.create_block(&[]);
    ctx.append_block(inner, ib);
    let name = ctx.op_name("scf.forall.in_parallel");
    let mut st = OperationState::new(name, loc);
    st.regions.push(inner);
    let t = ctx.create_op(st);
    ctx.append_op(b, t);
}

fn print_forall(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let Ok(f) = forall_parts(ctx, op) else { return };
    let Some(&body) = ctx.op_regions(op).first() else { return };
    let args = entry_args(ctx, body);
    let niv = args.len().saturating_sub(f.outs.len());
    let normalized = (0..f.lb.len()).all(|i| constant_int(ctx, &f.dyn_lb, &f.lb, i) == Some(0))
        && (0..f.step.len()).all(|i| constant_int(ctx, &f.dyn_step, &f.step, i) == Some(1));
    p.write(" (");
    p.print_operands(&args[..niv]);
    if normalized {
        p.write(") in ");
        print_index_list(p, &f.dyn_ub, &f.ub);
    } else {
        p.write(") = ");
        print_index_list(p, &f.dyn_lb, &f.lb);
        p.write(" to ");
        print_index_list(p, &f.dyn_ub, &f.ub);
        p.write(" step ");
        print_index_list(p, &f.dyn_step, &f.step);
    }
    print_init_list(p, &args[niv..], &f.outs, " shared_outs");
    p.write(" ");
    let nres = p.ctx().num_results(op);
    if args.len() > niv {
        let rts: Vec<Type> = p.ctx().results(op).map(|v| p.ctx().value_type(v)).collect();
        p.write("-> (");
        p.print_type_list(&rts);
        p.write(") ");
    }
    p.print_region(body, false, nres > 0);
    p.print_optional_attr_dict(op, &["operandSegmentSizes", "staticLowerBound", "staticUpperBound", "staticStep"]);
}

/// MLIR's `ForallOp::verify` (same order and messages).
fn verify_forall(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let f = forall_parts(ctx, op)?;
    let n = f.lb.len();
    let nres = ctx.num_results(op);
    if nres != f.outs.len() {
        return Err(format!("produces {nres} results, but has only {} outputs", f.outs.len()).into());
    }
    let body = *ctx.op_regions(op).first().ok_or("requires one region")?;
    let args = entry_args(ctx, body);
    if args.len() != n + f.outs.len() {
        return Err(format!("region expects {n} arguments").into());
    }
    for (i, a) in args[..n].iter().enumerate() {
        if !matches!(ctx.type_kind(ctx.value_type(*a)), TypeKind::Index) {
            return Err(format!("expects {i}-th block argument to be an index").into());
        }
    }
    for (i, (a, o)) in args[n..].iter().zip(&f.outs).enumerate() {
        if ctx.value_type(*a) != ctx.value_type(*o) {
            return Err(format!("type mismatch between {i}-th output and corresponding block argument").into());
        }
    }
    if let Some(AttrKind::Array(m)) = ctx.attr(op, "mapping").map(|a| ctx.attr_kind(a)) {
        if !m.is_empty() && m.len() != n {
            return Err("mapping attribute size must match op rank".into());
        }
    }
    for (what, statics, dyns) in
        [("lower bound", &f.lb, &f.dyn_lb), ("upper bound", &f.ub, &f.dyn_ub), ("step", &f.step, &f.dyn_step)]
    {
        if statics.len() != n {
            return Err(format!("expected {n} {what} values, got {}", statics.len()).into());
        }
        let want = statics.iter().filter(|v| **v == DYNAMIC).count();
        if dyns.len() != want {
            return Err(format!("expected {want} dynamic {what} values").into());
        }
    }
    Ok(())
}

fn parse_in_parallel(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let mut body = p.ctx().create_region();
    p.parse_region(&mut body, &[], false)?;
    if p.ctx().region_blocks(body).is_empty() {
        let b = p.ctx().create_block(&[]);
        p.ctx().append_block(body, b);
    }
    st.regions.push(body);
    p.parse_optional_attr_dict(&mut st.attributes)?;
    Ok(())
}

fn print_in_parallel(p: &mut OpAsmPrinter<'_>, op: OpId) {
    p.write(" ");
    if let Some(&r) = p.ctx().op_regions(op).first() {
        p.print_region(r, false, false);
    }
    p.print_optional_attr_dict(op, &[]);
}

fn parse_parallel(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let ivs = p.parse_argument_list(Delimiter::Paren, false, false)?;
    let index = p.ctx().index_type();
    let mut sizes = Vec::new();
    for kw in ["=", "to", "step"] {
        if kw == "=" {
            p.parse_equal()?;
        } else {
            p.parse_keyword(kw)?;
        }
        let pos = p.current_pos();
        let list = p.parse_operand_list(Delimiter::Paren)?;
        if list.len() != ivs.len() {
            return Err(p.emit_error_at(pos, format!("expected {} operands", ivs.len())));
        }
        p.resolve_operands_same_type(&list, index, &mut st.operands)?;
        sizes.push(list.len() as i64);
    }
    let inits = if p.parse_optional_keyword("init") { p.parse_operand_list(Delimiter::Paren)? } else { Vec::new() };
    sizes.push(inits.len() as i64);
    let tys = p.parse_optional_arrow_type_list()?;
    st.result_types.extend(tys);
    let args: Vec<Argument> = ivs.iter().map(|a| Argument::new(a.ssa_name, index)).collect();
    let mut body = p.ctx().create_region();
    p.parse_region(&mut body, &args, false)?;
    let i32t = p.ctx().int_type(32);
    let a = p.ctx().intern_attr(AttrKind::DenseArray { element: i32t, values: sizes });
    set_prop(p, st, "operandSegmentSizes", a);
    p.parse_optional_attr_dict(&mut st.attributes)?;
    if inits.len() != st.result_types.len() {
        let pos = p.name_pos();
        return Err(p.emit_error_at(
            pos,
            format!(
                "number of operands and types do not match: got {} operands and {} types",
                inits.len(),
                st.result_types.len()
            ),
        ));
    }
    let rts = st.result_types.clone();
    p.resolve_operands(&inits, &rts, &mut st.operands)?;
    let loc = st.loc;
    ensure_terminator(p.ctx(), body, "scf.reduce", loc);
    st.regions.push(body);
    Ok(())
}

fn print_parallel(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op).to_vec();
    let Some(&body) = ctx.op_regions(op).first() else { return };
    let args = entry_args(ctx, body);
    let seg = i64_array(ctx, ctx.attr(op, "operandSegmentSizes")).unwrap_or_default();
    let ok = seg.len() == 4 && seg.iter().all(|n| *n >= 0) && seg.iter().sum::<i64>() as usize == ops.len();
    let seg: Vec<usize> = if ok { seg.iter().map(|n| *n as usize).collect() } else { vec![0, 0, 0, ops.len()] };
    let (lb, rest) = ops.split_at(seg[0]);
    let (ub, rest) = rest.split_at(seg[1]);
    let (step, inits) = rest.split_at(seg[2]);
    p.write(" (");
    p.print_operands(&args);
    p.write(") = (");
    p.print_operands(lb);
    p.write(") to (");
    p.print_operands(ub);
    p.write(") step (");
    p.print_operands(step);
    p.write(")");
    if !inits.is_empty() {
        p.write(" init (");
        p.print_operands(inits);
        p.write(")");
    }
    let rts: Vec<Type> = p.ctx().results(op).map(|v| p.ctx().value_type(v)).collect();
    if !rts.is_empty() {
        p.write(" ");
        p.print_arrow_type_list(&rts);
    }
    p.write(" ");
    p.print_region(body, false, true);
    p.print_optional_attr_dict(op, &["operandSegmentSizes"]);
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
    b.assembly("scf.forall", parse_forall, print_forall).verifier("scf.forall", verify_forall);
    b.assembly("scf.forall.in_parallel", parse_in_parallel, print_in_parallel);
    b.assembly("scf.parallel", parse_parallel, print_parallel);
    b.verifier("scf.yield", verify_yield);
    let d = b.finish(ctx);
    ctx.register_dialect(d);
}
