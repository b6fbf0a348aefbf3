//! The `affine` dialect: every op of MLIR 22's `AffineOps.td` (generated table
//! `ods/gen_affine.rs`). The declarative formats (`affine.yield`, `affine.linearize_index`,
//! `affine.delinearize_index`) go through the ODS interpreter; the syntax MLIR writes in C++
//! (`AffineOps.cpp`) is written by hand below: `affine.apply`, `affine.min`/`max`, `affine.for`
//! (constant, SSA and map bounds with `max`/`min`, `step`, `iter_args`), `affine.if`/`else`
//! (integer sets), `affine.load`/`store`, `affine.vector_load`/`vector_store` and
//! `affine.prefetch` (maps written in the subscripts: `%A[%i + 1, symbol(%n)]`) and
//! `affine.parallel` (min/max groups, steps, reductions). Every op of the table has custom
//! syntax. `affine.dma_start`/`dma_wait` are C++-only ops outside the ODS table and are not
//! registered.
//!
//! Verifiers port `AffineOps.cpp`'s: map result count = memref rank, operand count = map
//! inputs, element types, dim/symbol validity of operands (`isValidDim` / `isValidSymbol`),
//! loop bounds and steps, `affine.if` conditions, `affine.parallel` groups and reductions,
//! yields, and the linearize/delinearize bases.

use crate::ods::format::ensure_terminator;
use crate::ods::DialectBuilder;
use strata_ir::attributes::{AffineExpr, AffineMap, IntegerSet};
use strata_ir::dialect::{Traits, VerifyError};
use strata_ir::parser::affine as ax;
use strata_ir::parser::{Argument, Delimiter, OpAsmParser, ParseResult, UnresolvedOperand};
use strata_ir::printer::OpAsmPrinter;
use strata_ir::{AttrKind, Attribute, Context, NamedAttribute, OpId, OperationState, RegionId, Type, TypeKind, Value};

// ----- helpers

fn prop(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState, name: &str, value: Attribute) {
    let name = p.ctx().sym(name);
    st.properties.retain(|na| na.name != name);
    st.properties.push(NamedAttribute { name, value });
}

/// The affine map of attribute `name`.
pub fn map_of<'c>(ctx: &'c Context, op: OpId, name: &str) -> Option<&'c AffineMap> {
    match ctx.attr_kind(ctx.attr(op, name)?) {
        AttrKind::AffineMap(m) => Some(m),
        _ => None,
    }
}

fn set_of<'c>(ctx: &'c Context, op: OpId, name: &str) -> Option<&'c IntegerSet> {
    match ctx.attr_kind(ctx.attr(op, name)?) {
        AttrKind::IntegerSet(s) => Some(s),
        _ => None,
    }
}

fn map_attr(p: &mut OpAsmParser<'_, '_>, m: AffineMap) -> Attribute {
    p.ctx().intern_attr(AttrKind::AffineMap(m))
}

fn index(p: &mut OpAsmParser<'_, '_>) -> Type {
    p.ctx().index_type()
}

/// `(%d0, %d1)[%s0]` (MLIR's `printDimAndSymbolList`).
fn print_dim_and_symbol_list(p: &mut OpAsmPrinter<'_>, operands: &[Value], num_dims: usize) {
    let nd = num_dims.min(operands.len());
    p.write("(");
    p.print_operands(&operands[..nd]);
    p.write(")");
    if operands.len() > nd {
        p.write("[");
        p.print_operands(&operands[nd..]);
        p.write("]");
    }
}

/// `(%d0, %d1)[%s0]` (MLIR's `parseDimAndSymbolList`): the operands and the number of dims.
fn parse_dim_and_symbol_list(p: &mut OpAsmParser<'_, '_>) -> ParseResult<(Vec<UnresolvedOperand>, usize)> {
    let mut ops = p.parse_operand_list(Delimiter::Paren)?;
    let nd = ops.len();
    ops.extend(p.parse_operand_list(Delimiter::OptionalSquare)?);
    Ok((ops, nd))
}

/// An attribute that must be an affine map (MLIR's typed `parseAttribute`).
fn parse_map_attr(p: &mut OpAsmParser<'_, '_>) -> ParseResult<(Attribute, AffineMap)> {
    let pos = p.current_pos();
    let a = p.parse_attribute()?;
    match p.context().attr_kind(a) {
        AttrKind::AffineMap(m) => Ok((a, m.clone())),
        _ => Err(p.emit_error_at(pos, "invalid kind of attribute specified")),
    }
}

fn memref_parts(ctx: &Context, t: Type) -> Option<(&[i64], Type)> {
    match ctx.type_kind(t) {
        TypeKind::MemRef { shape, element, .. } => Some((shape, *element)),
        _ => None,
    }
}

fn parse_memref_type(p: &mut OpAsmParser<'_, '_>) -> ParseResult<Type> {
    let pos = p.current_pos();
    let t = p.parse_type()?;
    if memref_parts(p.context(), t).is_none() {
        return Err(p.emit_error_at(pos, "invalid kind of type specified"));
    }
    Ok(t)
}

fn parse_vector_type(p: &mut OpAsmParser<'_, '_>) -> ParseResult<Type> {
    let pos = p.current_pos();
    let t = p.parse_type()?;
    if !matches!(p.context().type_kind(t), TypeKind::Vector { .. }) {
        return Err(p.emit_error_at(pos, "invalid kind of type specified"));
    }
    Ok(t)
}

fn result_types(ctx: &Context, op: OpId) -> Vec<Type> {
    ctx.results(op).map(|v| ctx.value_type(v)).collect()
}

fn entry_args(ctx: &Context, r: RegionId) -> Vec<Value> {
    ctx.region_blocks(r).first().map(|b| ctx.block_args(*b).collect()).unwrap_or_default()
}

fn segment_sizes(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState, sizes: &[usize]) {
    let i32t = p.ctx().int_type(32);
    let a =
        p.ctx().intern_attr(AttrKind::DenseArray { element: i32t, values: sizes.iter().map(|s| *s as i64).collect() });
    prop(p, st, "operandSegmentSizes", a);
}

// ----- valid dims and symbols (AffineOps.cpp's isValidDim / isValidSymbol)

fn op_region(ctx: &Context, op: OpId) -> Option<RegionId> {
    ctx.op(op).parent().and_then(|b| ctx.block(b).parent)
}

fn value_region(ctx: &Context, v: Value) -> Option<RegionId> {
    ctx.value_parent_block(v).and_then(|b| ctx.block(b).parent)
}

/// The region of the closest op with the `AffineScope` trait enclosing `op` (MLIR's
/// `getAffineScope`).
pub fn affine_scope(ctx: &Context, op: OpId) -> Option<RegionId> {
    let mut cur = op;
    while let Some(parent) = ctx.parent_op(cur) {
        if ctx.op_has_trait(parent, Traits::AFFINE_SCOPE) {
            return op_region(ctx, cur);
        }
        cur = parent;
    }
    None
}

fn is_index(ctx: &Context, v: Value) -> bool {
    matches!(ctx.type_kind(ctx.value_type(v)), TypeKind::Index)
}

/// MLIR's `isTopLevelValue(value)`: defined by (or an argument of) an op's region whose owner
/// has the `AffineScope` trait.
fn is_top_level_value(ctx: &Context, v: Value) -> bool {
    let parent = match ctx.defining_op(v) {
        Some(d) => ctx.parent_op(d),
        None => ctx.value_parent_block(v).and_then(|b| ctx.block_parent_op(b)),
    };
    parent.map(|p| ctx.op_has_trait(p, Traits::AFFINE_SCOPE)).unwrap_or(false)
}

fn constant_int(ctx: &Context, v: Value) -> Option<i128> {
    let d = ctx.defining_op(v)?;
    if !ctx.op_has_trait(d, Traits::CONSTANT_LIKE) {
        return None;
    }
    match ctx.attr_kind(ctx.attr(d, "value")?) {
        AttrKind::Integer { value, .. } => Some(*value),
        _ => None,
    }
}

fn is_dim_like(name: &str) -> bool {
    matches!(name, "memref.dim" | "tensor.dim")
}

fn is_dim_op_valid_symbol(ctx: &Context, dim: OpId, region: Option<RegionId>) -> bool {
    let Some(&src) = ctx.operands(dim).first() else { return false };
    if is_top_level_value(ctx, src) {
        return true;
    }
    let Some(def) = ctx.defining_op(src) else { return false };
    let Some(i) = ctx.operands(dim).get(1).and_then(|v| constant_int(ctx, *v)) else { return false };
    let sizes_group = match ctx.op_name_of(def) {
        "memref.view" => "sizes",
        "memref.subview" => "sizes",
        "memref.alloc" => "dynamicSizes",
        _ => return false,
    };
    let Some(shape) = ctx.type_kind(ctx.value_type(src)).shape() else { return false };
    let Some(&d) = usize::try_from(i).ok().and_then(|i| shape.get(i)) else { return false };
    if d != strata_ir::DYNAMIC {
        return true;
    }
    let pos = shape[..i as usize].iter().filter(|x| **x == strata_ir::DYNAMIC).count();
    let sizes = crate::ods::operand_group(ctx, def, sizes_group);
    sizes.get(pos).map(|v| is_valid_symbol_in(ctx, *v, region)).unwrap_or(false)
}

/// MLIR's `isValidSymbol(value, region)`.
pub fn is_valid_symbol_in(ctx: &Context, v: Value, region: Option<RegionId>) -> bool {
    if !is_index(ctx, v) {
        return false;
    }
    if let Some(r) = region {
        if value_region(ctx, v) == Some(r) {
            return true;
        }
    }
    let parent_region = || {
        let r = region?;
        let rop = ctx.region(r).parent?;
        if ctx.op_has_trait(rop, Traits::ISOLATED_FROM_ABOVE) {
            return None;
        }
        op_region(ctx, rop)
    };
    let Some(def) = ctx.defining_op(v) else {
        return parent_region().map(|pr| is_valid_symbol_in(ctx, v, Some(pr))).unwrap_or(false);
    };
    if ctx.op_has_trait(def, Traits::CONSTANT_LIKE) {
        return true;
    }
    let name = ctx.op_name_of(def);
    if name == "affine.apply" {
        return ctx.operands(def).iter().all(|o| is_valid_symbol_in(ctx, *o, region));
    }
    if is_dim_like(name) {
        return is_dim_op_valid_symbol(ctx, def, region);
    }
    parent_region().map(|pr| is_valid_symbol_in(ctx, v, Some(pr))).unwrap_or(false)
}

/// MLIR's `isValidDim(value, region)`.
pub fn is_valid_dim_in(ctx: &Context, v: Value, region: Option<RegionId>) -> bool {
    if !is_index(ctx, v) {
        return false;
    }
    if is_valid_symbol_in(ctx, v, region) {
        return true;
    }
    let Some(def) = ctx.defining_op(v) else {
        let owner = ctx.value_parent_block(v).and_then(|b| ctx.block_parent_op(b));
        return owner.map(|o| matches!(ctx.op_name_of(o), "affine.for" | "affine.parallel")).unwrap_or(false);
    };
    let name = ctx.op_name_of(def);
    if name == "affine.apply" {
        return ctx.operands(def).iter().all(|o| is_valid_dim_in(ctx, *o, region));
    }
    if is_dim_like(name) {
        return ctx.operands(def).first().map(|s| is_top_level_value(ctx, *s)).unwrap_or(false);
    }
    false
}

/// MLIR's `verifyDimAndSymbolIdentifiers`.
fn verify_dims_and_symbols(ctx: &Context, op: OpId, operands: &[Value], num_dims: usize) -> Result<(), VerifyError> {
    let scope = affine_scope(ctx, op);
    for (i, v) in operands.iter().enumerate() {
        if i < num_dims {
            if !is_valid_dim_in(ctx, *v, scope) {
                return Err("operand cannot be used as a dimension id".into());
            }
        } else if !is_valid_symbol_in(ctx, *v, scope) {
            return Err("operand cannot be used as a symbol".into());
        }
    }
    Ok(())
}

// ----- affine.apply

fn parse_apply(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let (a, map) = parse_map_attr(p)?;
    prop(p, st, "map", a);
    let (ops, nd) = parse_dim_and_symbol_list(p)?;
    p.parse_optional_attr_dict(&mut st.attributes)?;
    if map.num_dims as usize != nd || nd + map.num_symbols as usize != ops.len() {
        let pos = p.name_pos();
        return Err(p.emit_error_at(pos, "dimension or symbol index mismatch"));
    }
    let it = index(p);
    p.resolve_operands_same_type(&ops, it, &mut st.operands)?;
    st.result_types.extend(std::iter::repeat_n(it, map.results.len()));
    Ok(())
}

fn print_apply(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let Some(a) = ctx.attr(op, "map") else { return };
    let nd = map_of(ctx, op, "map").map(|m| m.num_dims as usize).unwrap_or(0);
    let ops = ctx.operands(op).to_vec();
    p.write(" ");
    p.print_attribute(a);
    print_dim_and_symbol_list(p, &ops, nd);
    p.print_optional_attr_dict(op, &["map"]);
}

fn verify_apply(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let Some(m) = map_of(ctx, op, "map") else { return Ok(()) };
    if ctx.operands(op).len() != (m.num_dims + m.num_symbols) as usize {
        return Err("operand count and affine map dimension and symbol count must match".into());
    }
    if m.results.len() != 1 {
        return Err("mapping must produce one value".into());
    }
    Ok(())
}

// ----- affine.min / affine.max

fn parse_min_max(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let (a, _) = parse_map_attr(p)?;
    prop(p, st, "map", a);
    let dims = p.parse_operand_list(Delimiter::Paren)?;
    let syms = p.parse_operand_list(Delimiter::OptionalSquare)?;
    p.parse_optional_attr_dict(&mut st.attributes)?;
    let it = index(p);
    p.resolve_operands_same_type(&dims, it, &mut st.operands)?;
    p.resolve_operands_same_type(&syms, it, &mut st.operands)?;
    st.result_types.push(it);
    Ok(())
}

fn print_min_max(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let Some(a) = ctx.attr(op, "map") else { return };
    let nd = map_of(ctx, op, "map").map(|m| m.num_dims as usize).unwrap_or(0);
    let ops = ctx.operands(op).to_vec();
    p.write(" ");
    p.print_attribute(a);
    print_dim_and_symbol_list(p, &ops, nd);
    p.print_optional_attr_dict(op, &["map"]);
}

fn verify_min_max(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let Some(m) = map_of(ctx, op, "map") else { return Ok(()) };
    if ctx.operands(op).len() != (m.num_dims + m.num_symbols) as usize {
        return Err("operand count and affine map dimension and symbol count must match".into());
    }
    if m.results.is_empty() {
        return Err("affine map expect at least one result".into());
    }
    // As MLIR 22's `verifyAffineMinMaxOp`: operands need not be valid dims or symbols
    // (`affine.min` of an `scf.forall` induction variable, as tiling produces).
    Ok(())
}

// ----- affine.for

/// One loop bound (MLIR's `parseBound`): the map attribute and its operands.
fn parse_bound(p: &mut OpAsmParser<'_, '_>, lower: bool) -> ParseResult<(Attribute, Vec<UnresolvedOperand>)> {
    let had_min_max = p.parse_optional_keyword(if lower { "max" } else { "min" });
    let ops = p.parse_operand_list(Delimiter::None)?;
    if !ops.is_empty() {
        if ops.len() > 1 {
            let pos = p.name_pos();
            return Err(p.emit_error_at(pos, "expected only one loop bound operand"));
        }
        let m = AffineMap { num_dims: 0, num_symbols: 1, results: vec![AffineExpr::Symbol(0)] };
        return Ok((map_attr(p, m), ops));
    }
    let pos = p.current_pos();
    let it = index(p);
    let a = p.parse_attribute_of_type(it)?;
    match p.context().attr_kind(a).clone() {
        AttrKind::AffineMap(m) => {
            let (ops, nd) = parse_dim_and_symbol_list(p)?;
            if m.num_dims as usize != nd {
                let np = p.name_pos();
                return Err(p.emit_error_at(np, "dim operand count and affine map dim count must match"));
            }
            if nd + m.num_symbols as usize != ops.len() {
                let np = p.name_pos();
                return Err(p.emit_error_at(np, "symbol operand count and affine map symbol count must match"));
            }
            if m.results.len() > 1 && !had_min_max {
                return Err(p.emit_error_at(
                    pos,
                    if lower {
                        "lower loop bound affine map with multiple results requires 'max' prefix"
                    } else {
                        "upper loop bound affine map with multiple results requires 'min' prefix"
                    },
                ));
            }
            Ok((a, ops))
        }
        AttrKind::Integer { value, .. } => {
            let m = AffineMap { num_dims: 0, num_symbols: 0, results: vec![AffineExpr::Constant(value as i64)] };
            Ok((map_attr(p, m), Vec::new()))
        }
        _ => {
            let np = p.name_pos();
            Err(p.emit_error_at(np, "expected valid affine map representation for loop bounds"))
        }
    }
}

fn parse_for(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let iv = p.parse_argument(false, false)?.ssa_name;
    p.parse_equal()?;
    let it = index(p);
    let (lba, lbo) = parse_bound(p, true)?;
    p.resolve_operands_same_type(&lbo, it, &mut st.operands)?;
    prop(p, st, "lowerBoundMap", lba);
    p.parse_keyword("to")?;
    let (uba, ubo) = parse_bound(p, false)?;
    p.resolve_operands_same_type(&ubo, it, &mut st.operands)?;
    prop(p, st, "upperBoundMap", uba);
    let step = if p.parse_optional_keyword("step") {
        let pos = p.current_pos();
        let a = p.parse_attribute_of_type(it)?;
        match p.context().attr_kind(a) {
            AttrKind::Integer { value, .. } if *value >= 0 => a,
            AttrKind::Integer { .. } => {
                return Err(p.emit_error_at(pos, "expected step to be representable as a positive signed integer"))
            }
            _ => return Err(p.emit_error_at(pos, "invalid kind of attribute specified")),
        }
    } else {
        p.ctx().int_attr(1, it)
    };
    prop(p, st, "step", step);
    let mut args = vec![Argument::new(iv, it)];
    let mut inits = Vec::new();
    if p.parse_optional_keyword("iter_args") {
        let mut names = Vec::new();
        p.parse_comma_separated_list(Delimiter::Paren, " in assignment list", |p| {
            names.push(p.parse_argument(false, false)?.ssa_name);
            p.parse_equal()?;
            inits.push(p.parse_operand()?);
            Ok(())
        })?;
        let tys = p.parse_arrow_type_list()?;
        if tys.len() != names.len() {
            let pos = p.name_pos();
            return Err(p.emit_error_at(pos, "mismatch between the number of loop-carried values and results"));
        }
        p.resolve_operands(&inits, &tys, &mut st.operands)?;
        for (n, t) in names.iter().zip(&tys) {
            args.push(Argument::new(*n, *t));
        }
        st.result_types.extend(tys);
    }
    segment_sizes(p, st, &[lbo.len(), ubo.len(), inits.len()]);
    let mut body = p.ctx().create_region();
    p.parse_region(&mut body, &args, false)?;
    let loc = st.loc;
    ensure_terminator(p.ctx(), body, "affine.yield", loc);
    st.regions.push(body);
    p.parse_optional_attr_dict(&mut st.attributes)
}

/// MLIR's `printBound`.
fn print_bound(p: &mut OpAsmPrinter<'_>, a: Attribute, operands: &[Value], prefix: &str) {
    let ctx = p.ctx();
    let AttrKind::AffineMap(m) = ctx.attr_kind(a) else {
        p.print_attribute(a);
        return;
    };
    let nd = m.num_dims as usize;
    if m.results.len() == 1 {
        let e = &m.results[0];
        if m.num_dims == 0 && m.num_symbols == 0 {
            if let AffineExpr::Constant(c) = e {
                p.write_int(*c as i128);
                return;
            }
        }
        if m.num_dims == 0 && m.num_symbols == 1 && matches!(e, AffineExpr::Symbol(_)) {
            if let Some(v) = operands.first() {
                p.print_operand(*v);
                return;
            }
        }
    } else {
        p.write(prefix);
        p.write(" ");
    }
    p.print_attribute(a);
    print_dim_and_symbol_list(p, operands, nd);
}

/// The (lower bound, upper bound, inits) operands of an `affine.for`.
pub fn for_operands(ctx: &Context, op: OpId) -> (Vec<Value>, Vec<Value>, Vec<Value>) {
    let ops = ctx.operands(op);
    let nl = map_of(ctx, op, "lowerBoundMap").map(|m| (m.num_dims + m.num_symbols) as usize).unwrap_or(0);
    let nu = map_of(ctx, op, "upperBoundMap").map(|m| (m.num_dims + m.num_symbols) as usize).unwrap_or(0);
    let nl = nl.min(ops.len());
    let nu = nu.min(ops.len() - nl);
    (ops[..nl].to_vec(), ops[nl..nl + nu].to_vec(), ops[nl + nu..].to_vec())
}

fn print_for(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let body = ctx.op_regions(op)[0];
    let args = entry_args(ctx, body);
    let (lbo, ubo, inits) = for_operands(ctx, op);
    let (Some(lba), Some(uba), Some(&iv)) =
        (ctx.attr(op, "lowerBoundMap"), ctx.attr(op, "upperBoundMap"), args.first())
    else {
        return;
    };
    let step = match ctx.attr(op, "step").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Integer { value, .. }) => *value,
        _ => 1,
    };
    p.write(" ");
    p.print_region_argument(iv, None, true);
    p.write(" = ");
    print_bound(p, lba, &lbo, "max");
    p.write(" to ");
    print_bound(p, uba, &ubo, "min");
    if step != 1 {
        p.write(" step ");
        p.write_int(step);
    }
    let has_iter = !inits.is_empty();
    if has_iter {
        p.write(" iter_args(");
        for (i, (a, v)) in args[1..].iter().zip(&inits).enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_operand(*a);
            p.write(" = ");
            p.print_operand(*v);
        }
        p.write(") -> (");
        let rts = result_types(p.ctx(), op);
        p.print_type_list(&rts);
        p.write(")");
    }
    p.write(" ");
    p.print_region(body, false, has_iter);
    p.print_optional_attr_dict(op, &["lowerBoundMap", "upperBoundMap", "step", "operandSegmentSizes"]);
}

fn verify_for(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let body = ctx.op_regions(op)[0];
    let args = entry_args(ctx, body);
    if args.first().map(|a| !is_index(ctx, *a)).unwrap_or(true) {
        return Err("expected body to have a single index argument for the induction variable".into());
    }
    let (lbo, ubo, inits) = for_operands(ctx, op);
    for (name, ops, what) in [("lowerBoundMap", &lbo, "lower"), ("upperBoundMap", &ubo, "upper")] {
        if let Some(m) = map_of(ctx, op, name) {
            if m.results.is_empty() {
                return Err(format!("expected {what} bound map to have at least one result").into());
            }
            if !ops.is_empty() {
                verify_dims_and_symbols(ctx, op, ops, m.num_dims as usize)?;
            }
        }
    }
    let nres = ctx.num_results(op);
    if nres == 0 {
        return Ok(());
    }
    if inits.len() != nres {
        return Err("mismatch between the number of loop-carried values and results".into());
    }
    if args.len() - 1 != nres {
        return Err("mismatch between the number of basic block args and results".into());
    }
    Ok(())
}

// ----- affine.if

fn parse_if(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let pos = p.current_pos();
    let a = p.parse_attribute()?;
    let AttrKind::IntegerSet(set) = p.context().attr_kind(a).clone() else {
        return Err(p.emit_error_at(pos, "invalid kind of attribute specified"));
    };
    prop(p, st, "condition", a);
    let (ops, nd) = parse_dim_and_symbol_list(p)?;
    if set.num_dims as usize != nd {
        let np = p.name_pos();
        return Err(p.emit_error_at(np, "dim operand count and integer set dim count must match"));
    }
    if nd + set.num_symbols as usize != ops.len() {
        let np = p.name_pos();
        return Err(p.emit_error_at(np, "symbol operand count and integer set symbol count must match"));
    }
    let it = index(p);
    p.resolve_operands_same_type(&ops, it, &mut st.operands)?;
    let tys = p.parse_optional_arrow_type_list()?;
    st.result_types.extend(tys);
    let loc = st.loc;
    let mut then_r = p.ctx().create_region();
    p.parse_region(&mut then_r, &[], false)?;
    ensure_terminator(p.ctx(), then_r, "affine.yield", loc);
    let mut else_r = p.ctx().create_region();
    if p.parse_optional_keyword("else") {
        p.parse_region(&mut else_r, &[], false)?;
        ensure_terminator(p.ctx(), else_r, "affine.yield", loc);
    }
    st.regions.push(then_r);
    st.regions.push(else_r);
    p.parse_optional_attr_dict(&mut st.attributes)
}

fn print_if(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let Some(a) = ctx.attr(op, "condition") else { return };
    let nd = set_of(ctx, op, "condition").map(|s| s.num_dims as usize).unwrap_or(0);
    let ops = ctx.operands(op).to_vec();
    let rts = result_types(ctx, op);
    let regions = ctx.op_regions(op).to_vec();
    p.write(" ");
    p.print_attribute(a);
    print_dim_and_symbol_list(p, &ops, nd);
    if !rts.is_empty() {
        p.write(" ");
        p.print_arrow_type_list(&rts);
    }
    p.write(" ");
    let terms = !rts.is_empty();
    p.print_region(regions[0], false, terms);
    if regions.len() > 1 && !p.ctx().region_blocks(regions[1]).is_empty() {
        p.write(" else ");
        p.print_region(regions[1], false, terms);
    }
    p.print_optional_attr_dict(op, &["condition"]);
}

fn verify_if(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let Some(set) = set_of(ctx, op, "condition") else {
        return Err("requires an integer set attribute named 'condition'".into());
    };
    if ctx.operands(op).len() != (set.num_dims + set.num_symbols) as usize {
        return Err("operand count and condition integer set dimension and symbol count must match".into());
    }
    if ctx.num_results(op) != 0 {
        if let Some(&r) = ctx.op_regions(op).get(1) {
            if ctx.region_blocks(r).is_empty() {
                return Err("must have an else block if defining values".into());
            }
        }
    }
    verify_dims_and_symbols(ctx, op, ctx.operands(op), set.num_dims as usize)
}

// ----- affine.load / store / vector_load / vector_store / prefetch

/// `%m[<map of SSA ids>]`: the memref operand, the map and its operands.
fn parse_subscripted(
    p: &mut OpAsmParser<'_, '_>,
) -> ParseResult<(UnresolvedOperand, Attribute, Vec<UnresolvedOperand>)> {
    let m = p.parse_operand()?;
    let (map, ops) = p.parse_affine_map_of_ssa_ids(Delimiter::Square)?;
    Ok((m, map, ops))
}

fn print_subscripted(p: &mut OpAsmPrinter<'_>, op: OpId, memref: Value, indices: &[Value]) {
    p.print_operand(memref);
    p.write("[");
    if let Some(a) = p.ctx().attr(op, "map") {
        p.print_affine_map_of_ssa_ids(a, indices);
    }
    p.write("]");
}

fn parse_load(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let (m, map, idx) = parse_subscripted(p)?;
    prop(p, st, "map", map);
    p.parse_optional_attr_dict(&mut st.attributes)?;
    p.parse_colon()?;
    let t = parse_memref_type(p)?;
    p.resolve_operand(&m, t, &mut st.operands)?;
    let it = index(p);
    p.resolve_operands_same_type(&idx, it, &mut st.operands)?;
    let elt = memref_parts(p.context(), t).map(|x| x.1).unwrap_or(t);
    st.result_types.push(elt);
    Ok(())
}

fn print_load(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ops = p.ctx().operands(op).to_vec();
    let Some((&m, idx)) = ops.split_first() else { return };
    p.write(" ");
    print_subscripted(p, op, m, idx);
    p.print_optional_attr_dict(op, &["map"]);
    p.write(" : ");
    let t = p.ctx().value_type(m);
    p.print_type(t);
}

fn parse_store(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let v = p.parse_operand()?;
    p.parse_comma()?;
    let (m, map, idx) = parse_subscripted(p)?;
    prop(p, st, "map", map);
    p.parse_optional_attr_dict(&mut st.attributes)?;
    p.parse_colon()?;
    let t = parse_memref_type(p)?;
    let elt = memref_parts(p.context(), t).map(|x| x.1).unwrap_or(t);
    p.resolve_operand(&v, elt, &mut st.operands)?;
    p.resolve_operand(&m, t, &mut st.operands)?;
    let it = index(p);
    p.resolve_operands_same_type(&idx, it, &mut st.operands)
}

fn print_store(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ops = p.ctx().operands(op).to_vec();
    if ops.len() < 2 {
        return;
    }
    p.write(" ");
    p.print_operand(ops[0]);
    p.write(", ");
    print_subscripted(p, op, ops[1], &ops[2..]);
    p.print_optional_attr_dict(op, &["map"]);
    p.write(" : ");
    let t = p.ctx().value_type(ops[1]);
    p.print_type(t);
}

fn parse_vector_load(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let (m, map, idx) = parse_subscripted(p)?;
    prop(p, st, "map", map);
    p.parse_optional_attr_dict(&mut st.attributes)?;
    p.parse_colon()?;
    let t = parse_memref_type(p)?;
    p.parse_comma()?;
    let vt = parse_vector_type(p)?;
    p.resolve_operand(&m, t, &mut st.operands)?;
    let it = index(p);
    p.resolve_operands_same_type(&idx, it, &mut st.operands)?;
    st.result_types.push(vt);
    Ok(())
}

fn print_vector_load(p: &mut OpAsmPrinter<'_>, op: OpId) {
    print_load(p, op);
    p.write(", ");
    let t = p.ctx().value_type(p.ctx().result(op, 0));
    p.print_type(t);
}

fn parse_vector_store(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let v = p.parse_operand()?;
    p.parse_comma()?;
    let (m, map, idx) = parse_subscripted(p)?;
    prop(p, st, "map", map);
    p.parse_optional_attr_dict(&mut st.attributes)?;
    p.parse_colon()?;
    let t = parse_memref_type(p)?;
    p.parse_comma()?;
    let vt = parse_vector_type(p)?;
    p.resolve_operand(&v, vt, &mut st.operands)?;
    p.resolve_operand(&m, t, &mut st.operands)?;
    let it = index(p);
    p.resolve_operands_same_type(&idx, it, &mut st.operands)
}

fn print_vector_store(p: &mut OpAsmPrinter<'_>, op: OpId) {
    print_store(p, op);
    if let Some(&v) = p.ctx().operands(op).first() {
        p.write(", ");
        let t = p.ctx().value_type(v);
        p.print_type(t);
    }
}

/// MLIR's `verifyMemoryOpIndexing`.
fn verify_indexing(ctx: &Context, op: OpId, memref: Value, indices: &[Value]) -> Result<(), VerifyError> {
    let Some(m) = map_of(ctx, op, "map") else { return Ok(()) };
    let Some((shape, _)) = memref_parts(ctx, ctx.value_type(memref)) else { return Ok(()) };
    if m.results.len() != shape.len() {
        return Err("affine map num results must equal memref rank".into());
    }
    if (m.num_dims + m.num_symbols) as usize != indices.len() {
        return Err("expects as many subscripts as affine map inputs".into());
    }
    for v in indices {
        if !is_index(ctx, *v) {
            return Err("index to load must have 'index' type".into());
        }
    }
    verify_dims_and_symbols(ctx, op, indices, m.num_dims as usize)
}

fn verify_load(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let ops = ctx.operands(op);
    let Some((&m, idx)) = ops.split_first() else { return Ok(()) };
    if let Some((_, elt)) = memref_parts(ctx, ctx.value_type(m)) {
        if ctx.num_results(op) == 1 && ctx.value_type(ctx.result(op, 0)) != elt {
            return Err("result type must match element type of memref".into());
        }
    }
    verify_indexing(ctx, op, m, idx)
}

fn verify_store(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let ops = ctx.operands(op);
    if ops.len() < 2 {
        return Ok(());
    }
    if let Some((_, elt)) = memref_parts(ctx, ctx.value_type(ops[1])) {
        if ctx.value_type(ops[0]) != elt {
            return Err("value to store must have the same type as memref element type".into());
        }
    }
    verify_indexing(ctx, op, ops[1], &ops[2..])
}

fn vector_elt_matches(ctx: &Context, memref: Value, vector: Type) -> Result<(), VerifyError> {
    let me = memref_parts(ctx, ctx.value_type(memref)).map(|x| x.1);
    let ve = ctx.type_kind(vector).element_type();
    if me.is_some() && ve.is_some() && me != ve {
        return Err("requires memref and vector types of the same elemental type".into());
    }
    Ok(())
}

fn verify_vector_load(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let ops = ctx.operands(op);
    let Some((&m, idx)) = ops.split_first() else { return Ok(()) };
    verify_indexing(ctx, op, m, idx)?;
    vector_elt_matches(ctx, m, ctx.value_type(ctx.result(op, 0)))
}

fn verify_vector_store(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let ops = ctx.operands(op);
    if ops.len() < 2 {
        return Ok(());
    }
    verify_indexing(ctx, op, ops[1], &ops[2..])?;
    vector_elt_matches(ctx, ops[1], ctx.value_type(ops[0]))
}

fn parse_prefetch(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let (m, map, idx) = parse_subscripted(p)?;
    prop(p, st, "map", map);
    p.parse_comma()?;
    let rw = p.parse_keyword_any()?.to_string();
    p.parse_comma()?;
    p.parse_keyword("locality")?;
    p.parse_less()?;
    let i32t = p.ctx().int_type(32);
    let hint = p.parse_attribute_of_type(i32t)?;
    prop(p, st, "localityHint", hint);
    p.parse_greater()?;
    p.parse_comma()?;
    let cache = p.parse_keyword_any()?.to_string();
    p.parse_optional_attr_dict(&mut st.attributes)?;
    p.parse_colon()?;
    let t = parse_memref_type(p)?;
    p.resolve_operand(&m, t, &mut st.operands)?;
    let it = index(p);
    p.resolve_operands_same_type(&idx, it, &mut st.operands)?;
    let np = p.name_pos();
    if rw != "read" && rw != "write" {
        return Err(p.emit_error_at(np, "rw specifier has to be 'read' or 'write'"));
    }
    let w = p.ctx().bool_attr(rw == "write");
    prop(p, st, "isWrite", w);
    if cache != "data" && cache != "instr" {
        return Err(p.emit_error_at(np, "cache type has to be 'data' or 'instr'"));
    }
    let d = p.ctx().bool_attr(cache == "data");
    prop(p, st, "isDataCache", d);
    Ok(())
}

fn bool_of(ctx: &Context, op: OpId, name: &str) -> bool {
    matches!(ctx.attr(op, name).map(|a| ctx.attr_kind(a)), Some(AttrKind::Integer { value, .. }) if *value != 0)
}

fn print_prefetch(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op).to_vec();
    let Some((&m, idx)) = ops.split_first() else { return };
    let w = bool_of(ctx, op, "isWrite");
    let d = bool_of(ctx, op, "isDataCache");
    let hint = match ctx.attr(op, "localityHint").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Integer { value, .. }) => *value,
        _ => 0,
    };
    p.write(" ");
    print_subscripted(p, op, m, idx);
    p.write(if w { ", write" } else { ", read" });
    p.write(", locality<");
    p.write_int(hint);
    p.write(">, ");
    p.write(if d { "data" } else { "instr" });
    p.print_optional_attr_dict(op, &["map", "localityHint", "isDataCache", "isWrite"]);
    p.write(" : ");
    let t = p.ctx().value_type(m);
    p.print_type(t);
}

fn verify_prefetch(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let ops = ctx.operands(op);
    let Some((&m, idx)) = ops.split_first() else { return Ok(()) };
    if let (Some(map), Some((shape, _))) = (map_of(ctx, op, "map"), memref_parts(ctx, ctx.value_type(m))) {
        if map.results.len() != shape.len() {
            return Err("affine.prefetch affine map num results must equal memref rank".into());
        }
        if (map.num_dims + map.num_symbols) as usize + 1 != ops.len() {
            return Err("too few operands".into());
        }
        verify_dims_and_symbols(ctx, op, idx, map.num_dims as usize)?;
    }
    Ok(())
}

// ----- affine.parallel

/// `arith::AtomicRMWKind` in value order.
const ATOMIC_RMW_KINDS: &[&str] = &[
    "addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu", "minimumf", "minnumf", "mins", "minu",
    "mulf", "muli", "ori", "xori",
];

/// Replace dims and symbols (MLIR's `AffineExpr::replaceDimsAndSymbols`: rebuilt with the
/// simplifying constructors where a child changed).
fn replace_dims_syms(e: &AffineExpr, dims: &[AffineExpr], syms: &[AffineExpr]) -> AffineExpr {
    use AffineExpr::*;
    let bin = |l: &AffineExpr, r: &AffineExpr, f: fn(AffineExpr, AffineExpr) -> AffineExpr| {
        let (nl, nr) = (replace_dims_syms(l, dims, syms), replace_dims_syms(r, dims, syms));
        if &nl == l && &nr == r {
            e.clone()
        } else {
            f(nl, nr)
        }
    };
    match e {
        Constant(_) => e.clone(),
        Dim(i) => dims.get(*i as usize).cloned().unwrap_or_else(|| e.clone()),
        Symbol(i) => syms.get(*i as usize).cloned().unwrap_or_else(|| e.clone()),
        Add(l, r) => bin(l, r, ax::add),
        Mul(l, r) => bin(l, r, ax::mul),
        Mod(l, r) => bin(l, r, ax::modulo),
        FloorDiv(l, r) => bin(l, r, ax::floor_div),
        CeilDiv(l, r) => bin(l, r, ax::ceil_div),
    }
}

/// MLIR's `parseAffineMapWithMinMax`: the flat map and its groups; operands deduplicated.
fn parse_parallel_bound(
    p: &mut OpAsmParser<'_, '_>,
    st: &mut OperationState,
    min: bool,
) -> ParseResult<(AffineMap, Vec<i64>)> {
    p.parse_lparen()?;
    if p.parse_optional_rparen() {
        return Ok((AffineMap { num_dims: 0, num_symbols: 0, results: vec![] }, vec![]));
    }
    let mut exprs: Vec<AffineExpr> = Vec::new();
    let mut flat_dims: Vec<Vec<UnresolvedOperand>> = Vec::new();
    let mut flat_syms: Vec<Vec<UnresolvedOperand>> = Vec::new();
    let mut groups = Vec::new();
    let kw = if min { "min" } else { "max" };
    p.parse_comma_separated_list(Delimiter::None, "", |p| {
        if p.parse_optional_keyword(kw) {
            let (a, ops) = p.parse_affine_map_of_ssa_ids(Delimiter::Paren)?;
            let AttrKind::AffineMap(m) = p.context().attr_kind(a).clone() else { return Ok(()) };
            let nd = m.num_dims as usize;
            for e in &m.results {
                exprs.push(e.clone());
                flat_dims.push(ops[..nd].to_vec());
                flat_syms.push(ops[nd..].to_vec());
            }
            groups.push(m.results.len() as i64);
        } else {
            let (e, d, s) = p.parse_affine_expr_of_ssa_ids()?;
            exprs.push(e);
            flat_dims.push(d);
            flat_syms.push(s);
            groups.push(1);
        }
        Ok(())
    })?;
    p.parse_rparen()?;
    let it = index(p);
    let mut dims_u: Vec<Value> = Vec::new();
    let mut syms_u: Vec<Value> = Vec::new();
    let mut out = Vec::with_capacity(exprs.len());
    for ((e, d), s) in exprs.iter().zip(&flat_dims).zip(&flat_syms) {
        let mut vals = Vec::new();
        p.resolve_operands_same_type(d, it, &mut vals)?;
        let dr: Vec<AffineExpr> = vals
            .iter()
            .map(|v| {
                let pos = dims_u.iter().position(|x| x == v).unwrap_or_else(|| {
                    dims_u.push(*v);
                    dims_u.len() - 1
                });
                AffineExpr::Dim(pos as u32)
            })
            .collect();
        let mut vals = Vec::new();
        p.resolve_operands_same_type(s, it, &mut vals)?;
        let sr: Vec<AffineExpr> = vals
            .iter()
            .map(|v| {
                let pos = syms_u.iter().position(|x| x == v).unwrap_or_else(|| {
                    syms_u.push(*v);
                    syms_u.len() - 1
                });
                AffineExpr::Symbol(pos as u32)
            })
            .collect();
        out.push(replace_dims_syms(e, &dr, &sr));
    }
    let map = AffineMap { num_dims: dims_u.len() as u32, num_symbols: syms_u.len() as u32, results: out };
    st.operands.extend(dims_u);
    st.operands.extend(syms_u);
    Ok((map, groups))
}

fn i32_tensor(p: &mut OpAsmParser<'_, '_>, values: &[i64]) -> ParseResult<Attribute> {
    let text = if values.is_empty() {
        "dense<> : tensor<0xi32>".to_string()
    } else {
        format!(
            "dense<[{}]> : tensor<{}xi32>",
            values.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", "),
            values.len()
        )
    };
    match strata_ir::parser::parse_attr_str(p.ctx(), &text) {
        Ok(a) => Ok(a),
        Err(_) => {
            p.ctx().take_diagnostics();
            Err(p.emit_error("invalid bound groups"))
        }
    }
}

fn parse_parallel(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let mut ivs = Vec::new();
    p.parse_comma_separated_list(Delimiter::Paren, " in argument list", |p| {
        ivs.push(p.parse_argument(false, false)?.ssa_name);
        Ok(())
    })?;
    p.parse_equal()?;
    let (lb, lbg) = parse_parallel_bound(p, st, false)?;
    p.parse_keyword("to")?;
    let (ub, ubg) = parse_parallel_bound(p, st, true)?;
    let steps: Vec<i64> = if p.parse_optional_keyword("step") {
        let (a, _) = p.parse_affine_map_of_ssa_ids(Delimiter::Paren)?;
        let AttrKind::AffineMap(m) = p.context().attr_kind(a).clone() else { return Err(p.emit_error("bad steps")) };
        let mut v = Vec::new();
        for e in &m.results {
            match e {
                AffineExpr::Constant(c) => v.push(*c),
                _ => {
                    let np = p.name_pos();
                    return Err(p.emit_error_at(np, "steps must be constant integers"));
                }
            }
        }
        v
    } else {
        vec![1; ivs.len()]
    };
    let mut reductions = Vec::new();
    if p.parse_optional_keyword("reduce") {
        p.parse_comma_separated_list(Delimiter::Paren, "", |p| {
            let pos = p.current_pos();
            let s = p.parse_string()?;
            let Some(k) = ATOMIC_RMW_KINDS.iter().position(|x| *x == s) else {
                return Err(p.emit_error_at(pos, format!("invalid reduction value: \"{s}\"")));
            };
            let a = p.ctx().i64_attr(k as i64);
            reductions.push(a);
            Ok(())
        })?;
    }
    let red = p.ctx().array_attr(reductions);
    prop(p, st, "reductions", red);
    let a = map_attr(p, lb);
    prop(p, st, "lowerBoundsMap", a);
    let a = i32_tensor(p, &lbg)?;
    prop(p, st, "lowerBoundsGroups", a);
    let a = map_attr(p, ub);
    prop(p, st, "upperBoundsMap", a);
    let a = i32_tensor(p, &ubg)?;
    prop(p, st, "upperBoundsGroups", a);
    let sa: Vec<Attribute> = steps.iter().map(|s| p.ctx().i64_attr(*s)).collect();
    let sa = p.ctx().array_attr(sa);
    prop(p, st, "steps", sa);
    let tys = p.parse_optional_arrow_type_list()?;
    st.result_types.extend(tys);
    let it = index(p);
    let args: Vec<Argument> = ivs.iter().map(|u| Argument::new(*u, it)).collect();
    let mut body = p.ctx().create_region();
    p.parse_region(&mut body, &args, false)?;
    p.parse_optional_attr_dict(&mut st.attributes)?;
    let loc = st.loc;
    ensure_terminator(p.ctx(), body, "affine.yield", loc);
    st.regions.push(body);
    Ok(())
}

fn groups_of(ctx: &Context, op: OpId, name: &str) -> Vec<i64> {
    ctx.attr(op, name).and_then(|a| strata_ir::view::dense_int_values(ctx, a)).map(|x| x.1).unwrap_or_default()
}

fn ints_of_array(ctx: &Context, op: OpId, name: &str) -> Vec<i64> {
    match ctx.attr(op, name).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(xs)) => xs
            .iter()
            .filter_map(|x| match ctx.attr_kind(*x) {
                AttrKind::Integer { value, .. } => Some(*value as i64),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// MLIR's `printMinMaxBound`.
fn print_min_max_bound(p: &mut OpAsmPrinter<'_>, map: &AffineMap, groups: &[i64], operands: &[Value], kw: &str) {
    let nd = (map.num_dims as usize).min(operands.len());
    let (dims, syms) = operands.split_at(nd);
    let mut start = 0usize;
    for g in groups {
        if start != 0 {
            p.write(", ");
        }
        let size = (*g).max(0) as usize;
        if size == 1 {
            if let Some(e) = map.results.get(start) {
                p.print_affine_expr_of_ssa_ids(e, dims, syms);
            }
            start += 1;
        } else {
            p.write(kw);
            p.write("(");
            for (i, e) in map.results.iter().skip(start).take(size).enumerate() {
                if i > 0 {
                    p.write(", ");
                }
                p.print_affine_expr_of_ssa_ids(e, dims, syms);
            }
            p.write(")");
            start += size;
        }
    }
}

fn parallel_operands(ctx: &Context, op: OpId) -> (Vec<Value>, Vec<Value>) {
    let ops = ctx.operands(op);
    let nl = map_of(ctx, op, "lowerBoundsMap").map(|m| (m.num_dims + m.num_symbols) as usize).unwrap_or(0);
    let nl = nl.min(ops.len());
    (ops[..nl].to_vec(), ops[nl..].to_vec())
}

fn print_parallel(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let body = ctx.op_regions(op)[0];
    let args = entry_args(ctx, body);
    let (Some(lb), Some(ub)) = (map_of(ctx, op, "lowerBoundsMap").cloned(), map_of(ctx, op, "upperBoundsMap").cloned())
    else {
        return;
    };
    let (lbg, ubg) = (groups_of(ctx, op, "lowerBoundsGroups"), groups_of(ctx, op, "upperBoundsGroups"));
    let (lbo, ubo) = parallel_operands(ctx, op);
    let steps = ints_of_array(ctx, op, "steps");
    let reds = ints_of_array(ctx, op, "reductions");
    p.write(" (");
    p.print_operands(&args);
    p.write(") = (");
    print_min_max_bound(p, &lb, &lbg, &lbo, "max");
    p.write(") to (");
    print_min_max_bound(p, &ub, &ubg, &ubo, "min");
    p.write(")");
    if !steps.iter().all(|s| *s == 1) {
        p.write(" step (");
        for (i, s) in steps.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.write_int(*s as i128);
        }
        p.write(")");
    }
    let rts = result_types(p.ctx(), op);
    if !rts.is_empty() {
        p.write(" reduce (");
        for (i, r) in reds.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.write("\"");
            p.write(ATOMIC_RMW_KINDS.get(*r as usize).copied().unwrap_or("?"));
            p.write("\"");
        }
        p.write(") -> (");
        p.print_type_list(&rts);
        p.write(")");
    }
    p.write(" ");
    p.print_region(body, false, !rts.is_empty());
    p.print_optional_attr_dict(
        op,
        &["reductions", "lowerBoundsMap", "lowerBoundsGroups", "upperBoundsMap", "upperBoundsGroups", "steps"],
    );
}

fn verify_parallel(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let body = ctx.op_regions(op)[0];
    let nargs = entry_args(ctx, body).len();
    let steps = ints_of_array(ctx, op, "steps");
    let (lbg, ubg) = (groups_of(ctx, op, "lowerBoundsGroups"), groups_of(ctx, op, "upperBoundsGroups"));
    let n = steps.len();
    if lbg.len() != n || ubg.len() != n || nargs != n {
        return Err(format!(
            "the number of region arguments ({nargs}) and the number of map groups for lower ({}) and upper bound ({}), and the number of steps ({n}) must all match",
            lbg.len(),
            ubg.len()
        )
        .into());
    }
    for (name, g, what) in [("lowerBoundsMap", &lbg, "lower"), ("upperBoundsMap", &ubg, "upper")] {
        let want: i64 = g.iter().sum();
        if let Some(m) = map_of(ctx, op, name) {
            if want != m.results.len() as i64 {
                return Err(format!("expected {what} bounds map to have {want} results").into());
            }
        }
    }
    let reds = ints_of_array(ctx, op, "reductions");
    if reds.len() != ctx.num_results(op) {
        return Err("a reduction must be specified for each output".into());
    }
    for (i, r) in reds.iter().enumerate() {
        let Some(kind) = ATOMIC_RMW_KINDS.get(*r as usize) else {
            return Err("invalid reduction attribute".into());
        };
        let t = ctx.type_kind(ctx.value_type(ctx.result(op, i)));
        let (is_float, int_sign) = match t {
            TypeKind::Float(_) => (true, None),
            TypeKind::Integer { signedness, .. } => (false, Some(*signedness)),
            _ => (false, None),
        };
        use strata_ir::Signedness::*;
        let ok = match *kind {
            "addf" | "mulf" | "maximumf" | "minimumf" | "maxnumf" | "minnumf" => is_float,
            "addi" | "muli" | "ori" | "andi" | "xori" => int_sign.is_some(),
            "assign" => true,
            "maxs" | "mins" => int_sign == Some(Signed),
            "maxu" | "minu" => int_sign == Some(Unsigned),
            _ => false,
        };
        if !ok {
            return Err("result type cannot match reduction attribute".into());
        }
    }
    let (lbo, ubo) = parallel_operands(ctx, op);
    let lnd = map_of(ctx, op, "lowerBoundsMap").map(|m| m.num_dims as usize).unwrap_or(0);
    let und = map_of(ctx, op, "upperBoundsMap").map(|m| m.num_dims as usize).unwrap_or(0);
    verify_dims_and_symbols(ctx, op, &lbo, lnd)?;
    verify_dims_and_symbols(ctx, op, &ubo, und)
}

// ----- affine.yield, linearize / delinearize

fn verify_yield(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let Some(parent) = ctx.parent_op(op) else { return Ok(()) };
    if !matches!(ctx.op_name_of(parent), "affine.parallel" | "affine.if" | "affine.for") {
        return Err("only terminates affine.if/for/parallel regions".into());
    }
    let ops = ctx.operands(op);
    if ctx.num_results(parent) != ops.len() {
        return Err("parent of yield must have same number of results as the yield operands".into());
    }
    for (i, v) in ops.iter().enumerate() {
        if ctx.value_type(*v) != ctx.value_type(ctx.result(parent, i)) {
            return Err("types mismatch between yield op and its parent".into());
        }
    }
    Ok(())
}

fn static_basis(ctx: &Context, op: OpId) -> Vec<i64> {
    match ctx.attr(op, "static_basis").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::DenseArray { values, .. }) => values.clone(),
        _ => Vec::new(),
    }
}

fn verify_basis(ctx: &Context, op: OpId, dynamic: usize) -> Result<(), VerifyError> {
    let basis = static_basis(ctx, op);
    let ndyn = basis.iter().filter(|b| **b == strata_ir::DYNAMIC).count();
    if ndyn != dynamic {
        return Err(
            "mismatch between dynamic and static basis (kDynamic marker but no corresponding dynamic basis entry) -- this can only happen due to an incorrect fold/rewrite".into(),
        );
    }
    if basis.iter().any(|b| *b != strata_ir::DYNAMIC && *b <= 0) {
        return Err("no basis element may be statically non-positive".into());
    }
    Ok(())
}

fn verify_delinearize(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let basis = static_basis(ctx, op);
    let nres = ctx.num_results(op);
    if nres == 0 {
        return Err("must produce at least one result".into());
    }
    if basis.len() != nres && basis.len() + 1 != nres {
        return Err("should return an index for each basis element and up to one extra index".into());
    }
    verify_basis(ctx, op, ctx.operands(op).len().saturating_sub(1))
}

fn verify_linearize(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let basis = static_basis(ctx, op);
    let multi = crate::ods::operand_group(ctx, op, "multi_index").len();
    let dynamic = crate::ods::operand_group(ctx, op, "dynamic_basis").len();
    if multi == 0 {
        return Err("should be passed at least one index".into());
    }
    if multi != basis.len() && multi != basis.len() + 1 {
        return Err("should be passed a basis element for each index except possibly the first".into());
    }
    verify_basis(ctx, op, dynamic)
}

/// Register the `affine` dialect.
pub fn register(ctx: &mut Context) {
    let mut b = DialectBuilder::new("affine", crate::ods::gen_affine::OPS);
    b.assembly("affine.apply", parse_apply, print_apply).verifier("affine.apply", verify_apply);
    b.assembly("affine.min", parse_min_max, print_min_max).verifier("affine.min", verify_min_max);
    b.assembly("affine.max", parse_min_max, print_min_max).verifier("affine.max", verify_min_max);
    b.assembly("affine.for", parse_for, print_for).verifier("affine.for", verify_for);
    b.assembly("affine.if", parse_if, print_if).verifier("affine.if", verify_if);
    b.assembly("affine.load", parse_load, print_load).verifier("affine.load", verify_load);
    b.assembly("affine.store", parse_store, print_store).verifier("affine.store", verify_store);
    b.assembly("affine.vector_load", parse_vector_load, print_vector_load)
        .verifier("affine.vector_load", verify_vector_load);
    b.assembly("affine.vector_store", parse_vector_store, print_vector_store)
        .verifier("affine.vector_store", verify_vector_store);
    b.assembly("affine.prefetch", parse_prefetch, print_prefetch).verifier("affine.prefetch", verify_prefetch);
    b.assembly("affine.parallel", parse_parallel, print_parallel).verifier("affine.parallel", verify_parallel);
    b.verifier("affine.yield", verify_yield);
    b.verifier("affine.delinearize_index", verify_delinearize);
    b.verifier("affine.linearize_index", verify_linearize);
    let d = b.finish(ctx);
    ctx.register_dialect(d);
}
