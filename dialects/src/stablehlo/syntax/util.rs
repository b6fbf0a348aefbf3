//! Helpers shared by custom-assembly hooks: reading op data for printing, StableHLO's type
//! directives (`SameOperandsAndResultType`, functional types), integer lists, and the
//! fall-back-to-generic escape hatch.

use strata_ir::printer::OpAsmPrinter;
use strata_ir::{AttrKind, Attribute, Context, NamedAttribute, OpId, OperationState, Type, TypeKind, Value};

use super::asm::{Asm, Operand, PResult};

/// Give up on the custom form: the printer catches this and prints the op generically (as MLIR
/// does for ops it cannot print in custom form). Unwinds without running the panic hook, so
/// nothing is written to stderr.
pub fn fallback() -> ! {
    std::panic::resume_unwind(Box::new("custom printer fell back to the generic form"))
}

/// `Some(x)` or fall back to the generic form.
pub fn need<T>(x: Option<T>) -> T {
    match x {
        Some(v) => v,
        None => fallback(),
    }
}

/// Operand types of an op.
pub fn operand_types(ctx: &Context, op: OpId) -> Vec<Type> {
    ctx.operands(op).iter().map(|v| ctx.value_type(*v)).collect()
}

/// Result types of an op.
pub fn result_types(ctx: &Context, op: OpId) -> Vec<Type> {
    ctx.results(op).map(|v| ctx.value_type(v)).collect()
}

/// The operands, falling back to generic unless there are exactly `n`.
pub fn operands_n(ctx: &Context, op: OpId, n: usize) -> Vec<Value> {
    let v = ctx.operands(op).to_vec();
    if v.len() != n {
        fallback();
    }
    v
}

/// Fall back unless the op has exactly `n` results.
pub fn results_n(ctx: &Context, op: OpId, n: usize) {
    if ctx.num_results(op) != n {
        fallback();
    }
}

/// Fall back unless the op has no regions and no successors.
pub fn plain(ctx: &Context, op: OpId) {
    if !ctx.op(op).regions().is_empty() || !ctx.op(op).successors().is_empty() {
        fallback();
    }
}

/// An attribute of the op (property or discardable).
pub fn attr(ctx: &Context, op: OpId, name: &str) -> Option<Attribute> {
    ctx.attr(op, name)
}

/// Integers of a `array<i64: ...>` (or 1-D dense integer elements, or an array of integers).
pub fn i64s(ctx: &Context, a: Attribute) -> Option<Vec<i64>> {
    match ctx.attr_kind(a) {
        AttrKind::DenseArray { element, values } => match ctx.type_kind(*element) {
            TypeKind::Integer { .. } => Some(values.clone()),
            _ => None,
        },
        AttrKind::DenseElements { ty, .. } => {
            if ctx.type_kind(*ty).shape().map(|s| s.len()) != Some(1) {
                return None;
            }
            crate::stablehlo::types::attr_i64s(ctx, a)
        }
        _ => None,
    }
}

/// A scalar integer attribute's value.
pub fn int(ctx: &Context, a: Attribute) -> Option<i64> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => Some(*value as i64),
        _ => None,
    }
}

/// Print `[1, 2, 3]`.
pub fn print_ints(p: &mut OpAsmPrinter<'_>, v: &[i64]) {
    p.write("[");
    for (i, x) in v.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.write_int(*x as i128);
    }
    p.write("]");
}

/// Print the integer list held by attribute `name` (`[1, 0]`), falling back if it is missing.
pub fn print_ints_attr(p: &mut OpAsmPrinter<'_>, op: OpId, name: &str) {
    let ctx = p.ctx();
    let v = need(attr(ctx, op, name).and_then(|a| i64s(ctx, a)));
    print_ints(p, &v);
}

/// Print the operands separated by `, ` with a leading space (nothing if none).
pub fn print_operands_sp(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ops = p.ctx().operands(op).to_vec();
    if !ops.is_empty() {
        p.write(" ");
        p.print_operands(&ops);
    }
}

/// StableHLO's `custom<SameOperandsAndResultType>`: the result type alone when every operand
/// has it (or there are no operands), else the functional type `(T1, T2) -> T3`.
pub fn print_same_type(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let res = result_types(ctx, op);
    if res.len() != 1 {
        fallback();
    }
    let ins = operand_types(ctx, op);
    if ins.iter().all(|t| *t == res[0]) {
        p.print_type(res[0]);
    } else {
        p.print_functional_type(op);
    }
}

/// ` : (T1, T2) -> T3` (MLIR's `functional-type(operands, results)`).
pub fn print_colon_functional(p: &mut OpAsmPrinter<'_>, op: OpId) {
    p.write(" : ");
    p.print_functional_type(op);
}

/// The inputs and results of a function type.
pub fn fn_parts(ctx: &Context, t: Type) -> Option<(Vec<Type>, Vec<Type>)> {
    match ctx.type_kind(t) {
        TypeKind::Function { inputs, results } => Some((inputs.clone(), results.clone())),
        _ => None,
    }
}

// ----- parsing -----

/// Parse a function type `(T...) -> R...`.
pub fn parse_fn_type(a: &mut Asm<'_, '_, '_>) -> PResult<(Vec<Type>, Vec<Type>)> {
    let pos = a.pos();
    let t = a.ty()?;
    let ctx = a.ctx();
    match fn_parts(ctx, t) {
        Some(x) => Ok(x),
        None => Err(a.error_at(pos, "invalid kind of type specified")),
    }
}

/// Parse `functional-type(operands, results)` and resolve `operands` against its inputs.
pub fn parse_functional(a: &mut Asm<'_, '_, '_>, operands: &[Operand], st: &mut OperationState) -> PResult<()> {
    let pos = a.pos();
    let (ins, outs) = parse_fn_type(a)?;
    if ins.len() != operands.len() {
        return Err(a.error_at(pos, &format!("{} operands present, but expected {}", operands.len(), ins.len())));
    }
    a.resolve(operands, &ins, &mut st.operands)?;
    st.result_types.extend(outs);
    Ok(())
}

/// Parse `custom<SameOperandsAndResultType>` for `operands` (StableHLO's
/// `parseSameOperandsAndResultTypeImpl`) and resolve them.
pub fn parse_same_type(a: &mut Asm<'_, '_, '_>, operands: &[Operand], st: &mut OperationState) -> PResult<()> {
    let pos = a.pos();
    let t = a.ty()?;
    let parts = fn_parts(a.ctx(), t);
    if let Some((ins, outs)) = parts {
        if ins.len() != operands.len() {
            return Err(a.error_at(pos, &format!("{} operands present, but expected {}", operands.len(), ins.len())));
        }
        if outs.len() != 1 {
            return Err(a.error_at(pos, "expected single output"));
        }
        a.resolve(operands, &ins, &mut st.operands)?;
        st.result_types.push(outs[0]);
        return Ok(());
    }
    let tys = vec![t; operands.len()];
    a.resolve(operands, &tys, &mut st.operands)?;
    st.result_types.push(t);
    Ok(())
}

/// Parse `[1, -2, 3]`.
pub fn parse_ints(a: &mut Asm<'_, '_, '_>) -> PResult<Vec<i64>> {
    a.punct("[")?;
    let mut v = Vec::new();
    if a.opt_punct("]") {
        return Ok(v);
    }
    loop {
        v.push(a.integer()?);
        if a.opt_punct("]") {
            return Ok(v);
        }
        a.punct(",")?;
    }
}

/// Parse a comma-separated list of operands (possibly empty), stopping at the first token that
/// is not an operand.
pub fn parse_operand_list(a: &mut Asm<'_, '_, '_>) -> PResult<Vec<Operand>> {
    let mut v = Vec::new();
    if let Some(x) = a.opt_operand()? {
        v.push(x);
        while a.opt_punct(",") {
            v.push(a.operand()?);
        }
    }
    Ok(v)
}

/// StableHLO's `custom<VariadicOperandWithAttribute>`: `%a, %b, ` — operands each followed by
/// a comma, stopping at the first non-operand.
pub fn parse_operands_with_trailing_comma(a: &mut Asm<'_, '_, '_>) -> PResult<Vec<Operand>> {
    let mut v = Vec::new();
    while let Some(x) = a.opt_operand()? {
        v.push(x);
        a.punct(",")?;
    }
    Ok(v)
}

/// Parse a comma-separated type list (at least one type).
pub fn parse_type_list(a: &mut Asm<'_, '_, '_>) -> PResult<Vec<Type>> {
    let mut v = vec![a.ty()?];
    while a.opt_punct(",") {
        v.push(a.ty()?);
    }
    Ok(v)
}

/// Add an attribute to the state being parsed (the context moves inherent ones to properties).
pub fn set(a: &mut Asm<'_, '_, '_>, st: &mut OperationState, name: &str, value: Attribute) {
    let s = a.ctx().sym(name);
    st.attributes.push(NamedAttribute { name: s, value });
}

/// `array<i64: ...>`.
pub fn i64_array(a: &mut Asm<'_, '_, '_>, v: &[i64]) -> Attribute {
    a.ctx().dense_i64_array(v)
}

/// `kw = [..]` → an `array<i64: ...>` attribute named `name`.
pub fn parse_kw_ints(a: &mut Asm<'_, '_, '_>, kw: &str, st: &mut OperationState, name: &str) -> PResult<()> {
    a.keyword(kw)?;
    a.punct("=")?;
    let v = parse_ints(a)?;
    let at = i64_array(a, &v);
    set(a, st, name, at);
    Ok(())
}

/// `kw = N` → an integer attribute of `width` bits named `name`.
pub fn parse_kw_int(a: &mut Asm<'_, '_, '_>, kw: &str, st: &mut OperationState, name: &str, width: u32) -> PResult<()> {
    a.keyword(kw)?;
    a.punct("=")?;
    let v = a.integer()?;
    let ctx = a.ctx();
    let t = ctx.int_type(width);
    let at = ctx.int_attr(v as i128, t);
    set(a, st, name, at);
    Ok(())
}
