//! Custom forms of StableHLO ops with regions: `stablehlo.reduce` (compact `applies` form and
//! the `reducer` form) and `stablehlo.while` (`cond {...} do {...}`), after StableHLO's
//! `printReduceOp` / `printWhileOp`.

use strata_ir::parser::OpAsmParser;
use strata_ir::printer::OpAsmPrinter;
use strata_ir::{BlockId, Context, OpId, OperationState, Traits, Type, TypeKind, Value};

use super::asm::{Arg, Asm, PResult};
use super::util::*;

/// Whether a reduce can print as `applies <op>` (StableHLO's E1..E5): the body is one
/// commutative binary stablehlo op without regions on the block arguments, in order, whose
/// operands and result all have type `tensor<E>` (E the element type of the first input), and
/// whose result is returned.
fn compact_inner(ctx: &Context, op: OpId, body: BlockId) -> Option<OpId> {
    let ops = ctx.block_ops_vec(body);
    if ops.len() != 2 {
        return None;
    }
    let (inner, ret) = (ops[0], ops[1]);
    let name = ctx.op_name_of(inner);
    let dialect = ctx.op_name_of(op).split('.').next()?;
    if name.split('.').next() != Some(dialect) || name.matches('.').count() != 1 {
        return None;
    }
    let info = ctx.op_info(ctx.op(inner).name())?;
    if !info.has(Traits::COMMUTATIVE) {
        return None;
    }
    let d = ctx.op(inner);
    if d.operands().len() != 2 || d.num_results() != 1 || !d.regions().is_empty() {
        return None;
    }
    let t = ctx.result_type(inner, 0);
    if d.operands().iter().any(|v| ctx.value_type(*v) != t) {
        return None;
    }
    let first = *ctx.operands(op).first()?;
    let elem = crate::stablehlo::types::elem_of(ctx, ctx.value_type(first));
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, element, encoding: None } if shape.is_empty() && *element == elem => {}
        _ => return None,
    }
    let args: Vec<Value> = ctx.block_args(body).collect();
    if args[..] != d.operands()[..] {
        return None;
    }
    if ctx.op_name_of(ret).rsplit('.').next() != Some("return") {
        return None;
    }
    if ctx.operands(ret) != [ctx.result(inner, 0)] {
        return None;
    }
    Some(inner)
}

/// `stablehlo.reduce(%x init: %i) applies stablehlo.add across dimensions = [1] : (..) -> ..`
/// or, with a general body, `... : (..) -> ..\n reducer(%a: T, %b: T) {...}`.
pub fn p_reduce(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let operands = ctx.operands(op).to_vec();
    let n = operands.len();
    if n == 0 || n % 2 != 0 || ctx.op(op).regions().len() != 1 || !ctx.op(op).successors().is_empty() {
        fallback();
    }
    let half = n / 2;
    let region = ctx.op(op).regions()[0];
    let blocks = ctx.region_blocks(region);
    if blocks.len() != 1 {
        fallback();
    }
    let body = blocks[0];
    let dims = need(attr(ctx, op, "dimensions").and_then(|a| i64s(ctx, a)));
    let inner = compact_inner(ctx, op, body);
    if inner.is_none() && ctx.block(body).args.len() != n {
        fallback();
    }
    for i in 0..half {
        p.write(if i == 0 { "(" } else { ", (" });
        p.print_operand(operands[i]);
        p.write(" init: ");
        p.print_operand(operands[i + half]);
        p.write(")");
    }
    if let Some(inner) = inner {
        p.write(" applies ");
        p.print_keyword_or_string(ctx.op_name_of(inner));
    }
    p.write(" across dimensions = ");
    print_ints(p, &dims);
    p.print_optional_attr_dict(op, &["dimensions"]);
    print_colon_functional(p, op);
    if inner.is_none() {
        p.print_new_line();
        p.write(" reducer");
        for i in 0..half {
            p.write("(");
            p.print_region_argument(ctx.block_arg(body, i), None, false);
            p.write(", ");
            p.print_region_argument(ctx.block_arg(body, i + half), None, false);
            p.write(") ");
        }
        p.write(" ");
        p.print_region(region, false, true);
    }
}

pub fn r_reduce(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let (mut inputs, mut inits) = (Vec::new(), Vec::new());
    loop {
        if !a.opt_punct("(") {
            break;
        }
        inputs.push(a.operand()?);
        a.keyword("init")?;
        a.punct(":")?;
        inits.push(a.operand()?);
        a.punct(")")?;
        if !a.opt_punct(",") {
            break;
        }
    }
    let operands: Vec<_> = inputs.iter().chain(inits.iter()).cloned().collect();
    let applies = a.opt_keyword("applies");
    let mut inner_name = String::new();
    let name_pos = a.pos();
    if applies {
        inner_name = a.op_name()?;
    }
    a.keyword("across")?;
    a.keyword("dimensions")?;
    a.punct("=")?;
    let dims = parse_ints(&mut a)?;
    let da = i64_array(&mut a, &dims);
    set(&mut a, st, "dimensions", da);
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    let pos = a.pos();
    let (ins, outs) = parse_fn_type(&mut a)?;
    if ins.len() != operands.len() {
        return Err(a.error_at(pos, &format!("{} operands present, but expected {}", operands.len(), ins.len())));
    }
    if !applies {
        a.keyword("reducer")?;
        let (mut firsts, mut seconds) = (Vec::new(), Vec::new());
        while a.opt_punct("(") {
            firsts.push(a.region_arg()?);
            a.punct(",")?;
            seconds.push(a.region_arg()?);
            a.punct(")")?;
        }
        let args: Vec<Arg> = firsts.into_iter().chain(seconds).collect();
        a.resolve(&operands, &ins, &mut st.operands)?;
        st.result_types.extend(outs);
        let r = a.region(&args)?;
        st.regions.push(r);
        return Ok(());
    }
    if ins.is_empty() {
        return Err(a.error_at(pos, "input types missing in reduce-op function type"));
    }
    let dialect = a.ctx().op_name_str(st.name).split('.').next().unwrap_or("").to_string();
    let ok = {
        let ctx = a.ctx();
        let n = ctx.op_name(&inner_name);
        inner_name.split('.').next() == Some(dialect.as_str())
            && ctx.op_info(n).is_some_and(|i| i.has(Traits::COMMUTATIVE) && !i.has(Traits::ZERO_RESULTS))
    };
    if !ok {
        return Err(a.error_at(
            name_pos,
            &format!(
                "expected the inner-op to be a commutative binary-op from the {dialect} dialect, with zero region, producing single result"
            ),
        ));
    }
    a.resolve(&operands, &ins, &mut st.operands)?;
    st.result_types.extend(outs);
    let loc = st.loc;
    let ctx = a.ctx();
    let elem = crate::stablehlo::types::elem_of(ctx, ins[0]);
    let t: Type = ctx.tensor_type(&[], elem);
    let region = ctx.create_region();
    let block = ctx.create_block(&[(t, Some(loc)), (t, Some(loc))]);
    ctx.append_block(region, block);
    let name = ctx.op_name(&inner_name);
    let mut s = OperationState::new(name, loc);
    s.operands = [ctx.block_arg(block, 0), ctx.block_arg(block, 1)].into_iter().collect();
    s.result_types = vec![t];
    let inner = ctx.create_op(s);
    ctx.append_op(block, inner);
    let ret_name = ctx.op_name(&format!("{dialect}.return"));
    let mut s = OperationState::new(ret_name, loc);
    s.operands = [ctx.result(inner, 0)].into_iter().collect();
    let ret = ctx.create_op(s);
    ctx.append_op(block, ret);
    st.regions.push(region);
    Ok(())
}

/// `stablehlo.while(%iterArg = %x, ...) : T, ... attributes {...}\n cond {...} do {...}`.
pub fn p_while(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let d = ctx.op(op);
    if d.regions().len() != 2 || !d.successors().is_empty() {
        fallback();
    }
    let operands = d.operands();
    let tys = operand_types(ctx, op);
    let mut entries = Vec::new();
    for &r in d.regions() {
        let blocks = ctx.region_blocks(r);
        if blocks.is_empty() {
            fallback();
        }
        let b = blocks[0];
        let arg_tys: Vec<Type> = ctx.block_args(b).map(|v| ctx.value_type(v)).collect();
        if arg_tys != tys {
            fallback();
        }
        entries.push(b);
    }
    // Both regions' arguments must print with the same names (they are declared once).
    for i in 0..tys.len() {
        if p.value_name(ctx.block_arg(entries[0], i)) != p.value_name(ctx.block_arg(entries[1], i)) {
            fallback();
        }
    }
    p.write("(");
    for (i, v) in operands.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_operand(ctx.block_arg(entries[1], i));
        p.write(" = ");
        p.print_operand(*v);
    }
    p.write(")");
    if !tys.is_empty() {
        p.write(" : ");
        p.print_type_list(&tys);
    }
    p.print_optional_attr_dict_with_keyword(op, &[]);
    p.print_new_line();
    p.write("cond ");
    p.print_region(d.regions()[0], false, true);
    p.write(" do ");
    p.print_region(d.regions()[1], false, true);
}

pub fn r_while(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    a.punct("(")?;
    let (mut iters, mut operands) = (Vec::new(), Vec::new());
    if !a.opt_punct(")") {
        loop {
            iters.push(a.operand()?);
            a.punct("=")?;
            operands.push(a.operand()?);
            if a.opt_punct(")") {
                break;
            }
            a.punct(",")?;
        }
    }
    let mut tys = Vec::new();
    if !operands.is_empty() {
        a.punct(":")?;
        let pos = a.pos();
        tys = parse_type_list(&mut a)?;
        if tys.len() != operands.len() {
            return Err(a.error_at(pos, &format!("{} operands present, but expected {}", operands.len(), tys.len())));
        }
    }
    a.resolve(&operands, &tys, &mut st.operands)?;
    st.result_types.extend(tys.iter().copied());
    if a.opt_keyword("attributes") {
        a.opt_attr_dict(&mut st.attributes)?;
    }
    let args: Vec<Arg> = iters.into_iter().zip(tys).map(|(name, ty)| Arg::new(name, ty)).collect();
    a.keyword("cond")?;
    let c = a.region(&args)?;
    a.keyword("do")?;
    let b = a.region(&args)?;
    st.regions.push(c);
    st.regions.push(b);
    Ok(())
}
