//! The `interpreter` dialect of StableHLO's reference interpreter (`InterpreterOps.td`):
//!
//! - `interpreter.run_parallel` (generic form): runs the functions named in `programs`
//!   (`[[@f, @g], [@h, @i]]`: one list per replica, one function per partition) in parallel on
//!   the operands, split among them in order; `infeed` optionally names infeed functions.
//! - `interpreter.probe %x, probe_id = "id" : T` (returns `%x`, records it).
//! - `interpreter.print %x : T`.

use strata_ir::dialect::VerifyError;
use strata_ir::dialect::{Dialect, OpInfo, Traits};
use strata_ir::parser::OpAsmParser;
use strata_ir::printer::OpAsmPrinter;
use strata_ir::{AttrKind, Context, OpId, OperationState};

use crate::stablehlo::syntax::asm::{Asm, PResult};
use crate::stablehlo::syntax::util::{fallback, need, set};

fn verify_run_parallel(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let programs = ctx.attr(op, "programs").ok_or("requires attribute 'programs'")?;
    let AttrKind::Array(replicas) = ctx.attr_kind(programs) else {
        return Err("attribute 'programs' failed to satisfy constraint: array of arrays of symbol references".into());
    };
    let mut n = None;
    for r in replicas {
        let AttrKind::Array(fs) = ctx.attr_kind(*r) else {
            return Err(
                "attribute 'programs' failed to satisfy constraint: array of arrays of symbol references".into()
            );
        };
        if fs.iter().any(|f| !matches!(ctx.attr_kind(*f), AttrKind::SymbolRef { .. })) {
            return Err(
                "attribute 'programs' failed to satisfy constraint: array of arrays of symbol references".into()
            );
        }
        if *n.get_or_insert(fs.len()) != fs.len() {
            return Err("all replicas must have the same number of partitions".into());
        }
    }
    if replicas.is_empty() {
        return Err("`programs` attribute cannot be empty".into());
    }
    Ok(())
}

fn verify_probe(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    if ctx.operands(op).len() != 1 || ctx.num_results(op) != 1 {
        return Err("expects one operand and one result".into());
    }
    if ctx.value_type(ctx.operands(op)[0]) != ctx.value_type(ctx.result(op, 0)) {
        return Err("failed to verify that all of {operand, result} have same type".into());
    }
    match ctx.attr(op, "probe_id").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::String { .. }) => Ok(()),
        _ => Err("requires attribute 'probe_id'".into()),
    }
}

fn verify_print(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    if ctx.operands(op).len() != 1 || ctx.num_results(op) != 0 {
        return Err("expects one operand and no results".into());
    }
    Ok(())
}

fn p_probe(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    if ctx.operands(op).len() != 1 || ctx.num_results(op) != 1 {
        fallback();
    }
    let x = ctx.operands(op)[0];
    if ctx.value_type(x) != ctx.value_type(ctx.result(op, 0)) {
        fallback();
    }
    let id = need(ctx.attr(op, "probe_id"));
    p.write(" ");
    p.print_operand(x);
    p.write(", probe_id = ");
    p.print_attribute_without_type(id);
    p.print_optional_attr_dict(op, &["probe_id"]);
    p.write(" : ");
    p.print_type(ctx.value_type(x));
}

fn r_probe(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let x = a.operand()?;
    a.punct(",")?;
    a.keyword("probe_id")?;
    a.punct("=")?;
    let s = a.string()?;
    let at = a.ctx().string_attr(&s);
    set(&mut a, st, "probe_id", at);
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    let t = a.ty()?;
    a.resolve(&[x], &[t], &mut st.operands)?;
    st.result_types.push(t);
    Ok(())
}

fn p_print(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    if ctx.operands(op).len() != 1 || ctx.num_results(op) != 0 {
        fallback();
    }
    let x = ctx.operands(op)[0];
    p.write(" ");
    p.print_operand(x);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ctx.value_type(x));
}

fn r_print(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let x = a.operand()?;
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    let t = a.ty()?;
    a.resolve(&[x], &[t], &mut st.operands)
}

strata_ir::op_view! {
    /// `interpreter.run_parallel` (variadic inputs)
    pub RunParallelOp = "interpreter.run_parallel" { attrs { programs: strata_ir::Attribute } optional_attrs { infeed: strata_ir::Attribute } }
    /// `interpreter.probe`
    pub ProbeOp = "interpreter.probe" { operands { operand: 0 } attrs { probe_id: &'a str } }
    /// `interpreter.print`
    pub PrintOp = "interpreter.print" { operands { operand: 0 } }
}

/// Register the `interpreter` dialect.
pub fn register(ctx: &mut Context) {
    let d = Dialect::new("interpreter")
        .op(OpInfo::new("interpreter.run_parallel")
            .with_view::<RunParallelOp>()
            .inherent(&["programs", "infeed"])
            .verifier(verify_run_parallel))
        .op(OpInfo::new("interpreter.probe")
            .with_view::<ProbeOp>()
            .inherent(&["probe_id"])
            .verifier(verify_probe)
            .assembly(r_probe, p_probe))
        .op(OpInfo::new("interpreter.print")
            .with_view::<PrintOp>()
            .traits(Traits::NONE)
            .verifier(verify_print)
            .assembly(r_print, p_print));
    ctx.register_dialect(d);
}
