//! Custom assembly of the `func` dialect, as MLIR prints it (`FunctionImplementation.cpp` and
//! `FuncOps.td`):
//!
//! - `func.func [public|private|nested] @f(%arg0: T {attrs} loc(..), ...) -> (R {attrs}, ...)
//!   [attributes {...}] { body }`, and the declaration form `func.func private @f(i32) -> i32`;
//! - `func.return [{attrs}] [%a, %b : T1, T2]`;
//! - `func.call @f(%x) [{attrs}] : (i32) -> i32`.
//!
//! `arg_attrs` / `res_attrs` are arrays of dictionaries, omitted when every dictionary is empty.

use strata_ir::dialect::{ParseFn, PrintFn};
use strata_ir::parser::{Delimiter, OpAsmParser};
use strata_ir::printer::OpAsmPrinter;
use strata_ir::{AttrKind, Attribute, Context, OpId, OperationState, Type};

use crate::stablehlo::syntax::asm::{Arg, Asm, PResult};
use crate::stablehlo::syntax::util::{fallback, need, set};

/// The custom parse/print hooks of a `func` op, if it has a custom form.
pub fn hooks(name: &str) -> Option<(ParseFn, PrintFn)> {
    match name {
        "func.func" => Some((parse_func, print_func)),
        "func.return" => Some((parse_return, print_return)),
        "func.call" => Some((parse_call, print_call)),
        _ => None,
    }
}

/// The dictionaries of an `arg_attrs` / `res_attrs` array (`None` entries when absent).
fn dicts(ctx: &Context, op: OpId, name: &str, n: usize) -> Vec<Option<Attribute>> {
    let mut v = vec![None; n];
    if let Some(a) = ctx.attr(op, name) {
        match ctx.attr_kind(a) {
            AttrKind::Array(xs) if xs.len() == n => {
                for (i, x) in xs.iter().enumerate() {
                    match ctx.attr_kind(*x) {
                        AttrKind::Dictionary(e) if e.is_empty() => {}
                        AttrKind::Dictionary(_) => v[i] = Some(*x),
                        _ => fallback(),
                    }
                }
            }
            _ => fallback(),
        }
    }
    v
}

fn print_dict(p: &mut OpAsmPrinter<'_>, d: Option<Attribute>) {
    if let Some(d) = d {
        if let AttrKind::Dictionary(e) = p.ctx().attr_kind(d) {
            let e = e.clone();
            p.print_named_attrs(&e, &[], false);
        }
    }
}

fn print_func(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let d = ctx.op(op);
    if d.regions().len() != 1 || !d.operands().is_empty() || d.num_results() != 0 {
        fallback();
    }
    let (inputs, results) = need(strata_ir::symbol::function_type(ctx, op));
    let name = need(strata_ir::symbol::symbol_name(ctx, op));
    p.write(" ");
    if let Some(v) = ctx.attr(op, "sym_visibility") {
        match ctx.attr_kind(v) {
            AttrKind::String { value, .. } => {
                p.write(value);
                p.write(" ");
            }
            _ => fallback(),
        }
    }
    p.print_symbol_name(name);
    let arg_attrs = dicts(ctx, op, "arg_attrs", inputs.len());
    let res_attrs = dicts(ctx, op, "res_attrs", results.len());
    let region = d.regions()[0];
    let entry = ctx.region_entry(region);
    if let Some(b) = entry {
        let tys: Vec<Type> = ctx.block_args(b).map(|v| ctx.value_type(v)).collect();
        if tys != inputs {
            fallback();
        }
    }
    p.write("(");
    for (i, t) in inputs.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        match entry {
            Some(b) => p.print_region_argument(ctx.block_arg(b, i), arg_attrs[i], false),
            None => {
                p.print_type(*t);
                print_dict(p, arg_attrs[i]);
            }
        }
    }
    p.write(")");
    if !results.is_empty() {
        p.write(" -> ");
        let parens = results.len() > 1
            || matches!(ctx.type_kind(results[0]), strata_ir::TypeKind::Function { .. })
            || res_attrs[0].is_some();
        if parens {
            p.write("(");
        }
        for (i, t) in results.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_type(*t);
            print_dict(p, res_attrs[i]);
        }
        if parens {
            p.write(")");
        }
    }
    p.print_optional_attr_dict_with_keyword(
        op,
        &["sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs"],
    );
    if entry.is_some() {
        p.write(" ");
        p.print_region(region, false, true);
    }
}

/// One entry of a result list: `type {attrs}?`.
fn parse_result_entry(a: &mut Asm<'_, '_, '_>, tys: &mut Vec<Type>, attrs: &mut Vec<Option<Attribute>>) -> PResult<()> {
    tys.push(a.ty()?);
    let mut d = Vec::new();
    a.opt_attr_dict(&mut d)?;
    attrs.push(if d.is_empty() { None } else { Some(a.ctx().dict_attr(d)) });
    Ok(())
}

fn array_of_dicts(ctx: &mut Context, v: &[Option<Attribute>]) -> Option<Attribute> {
    if v.iter().all(|x| x.is_none()) {
        return None;
    }
    let xs: Vec<Attribute> = v.iter().map(|x| x.unwrap_or_else(|| ctx.dict_attr(vec![]))).collect();
    Some(ctx.array_attr(xs))
}

fn parse_func(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    if let Some(v) = a.raw().parse_optional_keyword_of(&["public", "private", "nested"]) {
        let v = v.to_string();
        let at = a.ctx().string_attr(&v);
        set(&mut a, st, "sym_visibility", at);
    }
    let name = a.symbol_name()?;
    let at = a.ctx().string_attr(&name);
    set(&mut a, st, "sym_name", at);
    // Arguments: `%x: T {attrs} loc(..)` (definition) or `T {attrs}` (declaration).
    a.punct("(")?;
    let mut args: Vec<Arg> = Vec::new();
    let mut inputs: Vec<Type> = Vec::new();
    let mut arg_attrs: Vec<Option<Attribute>> = Vec::new();
    if !a.opt_punct(")") {
        loop {
            if let Some(arg) = a.raw().parse_optional_argument(true, true)? {
                if !inputs.is_empty() && args.is_empty() {
                    return Err(a.error("expected type instead of SSA identifier"));
                }
                inputs.push(arg.ty);
                arg_attrs.push(arg.attrs);
                args.push(arg);
            } else {
                if !args.is_empty() {
                    return Err(a.error("expected SSA identifier"));
                }
                parse_result_entry(&mut a, &mut inputs, &mut arg_attrs)?;
                a.opt_location()?;
            }
            if a.opt_punct(")") {
                break;
            }
            a.punct(",")?;
        }
    }
    let mut results: Vec<Type> = Vec::new();
    let mut res_attrs: Vec<Option<Attribute>> = Vec::new();
    if a.opt_punct("->") {
        if a.opt_punct("(") {
            if !a.opt_punct(")") {
                loop {
                    parse_result_entry(&mut a, &mut results, &mut res_attrs)?;
                    if a.opt_punct(")") {
                        break;
                    }
                    a.punct(",")?;
                }
            }
        } else {
            results.push(a.ty()?);
            res_attrs.push(None);
        }
    }
    a.opt_attr_dict_with_keyword(&mut st.attributes)?;
    let ctx = a.ctx();
    let ft = ctx.function_type(inputs, results);
    let fta = ctx.type_attr(ft);
    let aa = array_of_dicts(ctx, &arg_attrs);
    let ra = array_of_dicts(ctx, &res_attrs);
    set(&mut a, st, "function_type", fta);
    if let Some(x) = aa {
        set(&mut a, st, "arg_attrs", x);
    }
    if let Some(x) = ra {
        set(&mut a, st, "res_attrs", x);
    }
    let region = match a.opt_region(&args, true)? {
        Some(r) => r,
        None => a.ctx().create_region(),
    };
    st.regions.push(region);
    Ok(())
}

fn print_return(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.print_optional_attr_dict(op, &[]);
    let ops = ctx.operands(op).to_vec();
    if !ops.is_empty() {
        p.write(" ");
        p.print_operands(&ops);
        p.write(" : ");
        let tys: Vec<Type> = ops.iter().map(|v| ctx.value_type(*v)).collect();
        p.print_type_list(&tys);
    }
}

fn parse_return(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    a.opt_attr_dict(&mut st.attributes)?;
    let ops = a.raw().parse_operand_list(Delimiter::None)?;
    if !ops.is_empty() {
        a.punct(":")?;
        let tys = a.raw().parse_type_list()?;
        a.resolve(&ops, &tys, &mut st.operands)?;
    }
    Ok(())
}

fn print_call(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let callee = need(strata_ir::symbol::callee(ctx, op));
    p.write(" ");
    p.print_symbol_name(&callee);
    p.write("(");
    let ops = ctx.operands(op).to_vec();
    p.print_operands(&ops);
    p.write(")");
    p.print_optional_attr_dict(op, &["callee"]);
    p.write(" : ");
    p.print_functional_type(op);
}

fn parse_call(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let name = a.symbol_name()?;
    let at = a.ctx().symbol_ref_attr(&name);
    set(&mut a, st, "callee", at);
    let ops = a.raw().parse_operand_list(Delimiter::Paren)?;
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    crate::stablehlo::syntax::util::parse_functional(&mut a, &ops, st)
}
