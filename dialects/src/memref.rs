//! The `memref` dialect: every op of MLIR 22's `MemRefOps.td` (generated table
//! `ods/gen_memref.rs`), syntax from the declarative formats, result names as MLIR
//! (`%alloc`, `%subview`, `%base_buffer, %offset, %sizes:2, %strides:2`, ...); the syntax MLIR
//! writes in C++ (`global`'s type and initial value, `alloca_scope`, `dma_start`,
//! `generic_atomic_rmw`, `prefetch`, `transpose`) is written by hand below, as MemRefOps.cpp.

use crate::ods::DialectBuilder;
use strata_ir::{Context, OpId};

fn result_name(ctx: &Context, op: OpId) -> Option<String> {
    let n = ctx.op_name_of(op).strip_prefix("memref.")?;
    let name = match n {
        "alloc" => "alloc",
        "alloca" => "alloca",
        "assume_alignment" => "assume_align",
        "cast" => "cast",
        "collapse_shape" => "collapse_shape",
        "dim" => "dim",
        "expand_shape" => "expand_shape",
        "extract_aligned_pointer_as_index" => "intptr",
        "memory_space_cast" => "memspacecast",
        "reinterpret_cast" => "reinterpret_cast",
        "reshape" => "reshape",
        "subview" => "subview",
        "transpose" => "transpose",
        "view" => "view",
        "extract_strided_metadata" => {
            let k = (ctx.num_results(op).checked_sub(2)?) / 2;
            return Some(if k == 0 {
                "base_buffer,offset".into()
            } else {
                format!("base_buffer,offset,sizes:{k},strides:{k}")
            });
        }
        _ => return None,
    };
    Some(name.to_string())
}

/// Register the `memref` dialect.
pub fn register(ctx: &mut Context) {
    let mut b = DialectBuilder::new("memref", crate::ods::gen_memref::OPS);
    for (info, _) in b.entries() {
        info.asm_result_names = Some(result_name);
    }
    b.assembly("memref.global", parse_global, print_global)
        .assembly("memref.alloca_scope", parse_alloca_scope, print_alloca_scope)
        .assembly("memref.generic_atomic_rmw", parse_generic_atomic_rmw, print_generic_atomic_rmw)
        .assembly("memref.prefetch", parse_prefetch, print_prefetch)
        .assembly("memref.transpose", parse_transpose, print_transpose)
        .assembly("memref.dma_start", parse_dma_start, print_dma_start)
        .assembly("memref.extract_strided_metadata", parse_extract_strided_metadata, print_extract_strided_metadata)
        .infer("memref.distinct_objects", |_, operands, _| Ok(operands.to_vec()));
    let d = b.finish(ctx);
    ctx.register_dialect(d);
}

// ----- the ops whose syntax MLIR writes in C++ (MemRefOps.cpp)

use strata_ir::parser::{Delimiter, OpAsmParser, ParseResult, UnresolvedOperand};
use strata_ir::printer::OpAsmPrinter;
use strata_ir::{AttrKind, Attribute, NamedAttribute, OperationState, Type, TypeKind, Value};

fn str_of(ctx: &Context, op: OpId, name: &str) -> Option<String> {
    match ctx.attr_kind(ctx.attr(op, name)?) {
        AttrKind::String { value, .. } => Some(value.clone()),
        _ => None,
    }
}

fn int_of(ctx: &Context, op: OpId, name: &str) -> Option<i128> {
    match ctx.attr_kind(ctx.attr(op, name)?) {
        AttrKind::Integer { value, .. } => Some(*value),
        _ => None,
    }
}

fn prop(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState, name: &str, value: Attribute) {
    let name = p.ctx().sym(name);
    st.properties.push(NamedAttribute { name, value });
}

/// `%m[%i, %j]`: the memref operand and its indices.
fn parse_indexed(p: &mut OpAsmParser<'_, '_>) -> ParseResult<(UnresolvedOperand, Vec<UnresolvedOperand>)> {
    let m = p.parse_operand()?;
    let idx = p.parse_operand_list(Delimiter::Square)?;
    Ok((m, idx))
}

fn print_indexed(p: &mut OpAsmPrinter<'_>, m: Value, idx: &[Value]) {
    p.print_operand(m);
    p.write("[");
    p.print_operands(idx);
    p.write("]");
}

fn resolve_indexed(
    p: &mut OpAsmParser<'_, '_>,
    (m, idx): &(UnresolvedOperand, Vec<UnresolvedOperand>),
    ty: Type,
    st: &mut OperationState,
) -> ParseResult<()> {
    p.resolve_operand(m, ty, &mut st.operands)?;
    let index = p.ctx().index_type();
    p.resolve_operands_same_type(idx, index, &mut st.operands)
}

fn element_of(p: &OpAsmParser<'_, '_>, t: Type) -> Option<Type> {
    match p.context().type_kind(t) {
        TypeKind::MemRef { element, .. } | TypeKind::UnrankedMemRef { element, .. } => Some(*element),
        _ => None,
    }
}

// memref.global: `("private")? (constant)? @name : type (= uninitialized | = value)? attr-dict`
fn parse_global(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    if let Some(v) = p.parse_optional_string() {
        let a = p.ctx().string_attr(&v);
        prop(p, st, "sym_visibility", a);
    }
    if p.parse_optional_keyword("constant") {
        let u = p.ctx().unit_attr();
        prop(p, st, "constant", u);
    }
    p.parse_symbol_name("sym_name", &mut st.properties)?;
    let pos = p.current_pos();
    let ty = p.parse_colon_type()?;
    let TypeKind::MemRef { shape, element, .. } = p.context().type_kind(ty).clone() else {
        let t = strata_ir::printer::type_to_string(p.context(), ty);
        return Err(p.emit_error_at(pos, format!("type should be static shaped memref, but got {t}")));
    };
    let ta = p.ctx().type_attr(ty);
    prop(p, st, "type", ta);
    if p.parse_optional_equal() {
        let init = if p.parse_optional_keyword("uninitialized") {
            p.ctx().unit_attr()
        } else {
            let tensor = p.ctx().tensor_type(&shape, element);
            p.parse_attribute_of_type(tensor)?
        };
        prop(p, st, "initial_value", init);
    }
    p.parse_optional_attr_dict(&mut st.attributes)
}

fn print_global(p: &mut OpAsmPrinter<'_>, op: OpId) {
    if let Some(v) = str_of(p.ctx(), op, "sym_visibility") {
        p.write(" ");
        p.print_string(&v);
    }
    if p.ctx().attr(op, "constant").is_some() {
        p.write(" constant");
    }
    let name = str_of(p.ctx(), op, "sym_name").unwrap_or_default();
    p.write(" ");
    p.print_symbol_name(&name);
    p.write(" : ");
    let ctx = p.ctx();
    if let Some(AttrKind::Type(t)) = ctx.attr(op, "type").map(|a| ctx.attr_kind(a)) {
        let t = *t;
        p.print_type(t);
    }
    if let Some(init) = p.ctx().attr(op, "initial_value") {
        p.write(" = ");
        if matches!(p.ctx().attr_kind(init), AttrKind::Unit) {
            p.write("uninitialized");
        } else {
            p.print_attribute_without_type(init);
        }
    }
    p.print_optional_attr_dict(op, &["sym_visibility", "constant", "sym_name", "type", "initial_value"]);
}

// memref.alloca_scope: `( -> (types))? region attr-dict`
fn parse_alloca_scope(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    st.result_types = p.parse_optional_arrow_type_list()?;
    let mut body = p.ctx().create_region();
    p.parse_region(&mut body, &[], false)?;
    let loc = st.loc;
    crate::ods::format::ensure_terminator(p.ctx(), body, "memref.alloca_scope.return", loc);
    st.regions.push(body);
    p.parse_optional_attr_dict(&mut st.attributes)
}

fn print_alloca_scope(p: &mut OpAsmPrinter<'_>, op: OpId) {
    p.write(" ");
    let nres = p.ctx().num_results(op);
    if nres > 0 {
        let ts: Vec<Type> = p.ctx().results(op).map(|v| p.ctx().value_type(v)).collect();
        p.write(" -> (");
        p.print_type_list(&ts);
        p.write(")");
    }
    p.write(" ");
    let body = p.ctx().op_regions(op)[0];
    p.print_region(body, false, nres > 0);
    p.print_optional_attr_dict(op, &[]);
}

// memref.generic_atomic_rmw: `%m[%i] : type region attr-dict`
fn parse_generic_atomic_rmw(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let indexed = parse_indexed(p)?;
    let pos = p.current_pos();
    let ty = p.parse_colon_type()?;
    let Some(elem) = element_of(p, ty) else {
        return Err(p.emit_error_at(pos, "expected a memref type"));
    };
    let mut body = p.ctx().create_region();
    p.parse_region(&mut body, &[], false)?;
    st.regions.push(body);
    p.parse_optional_attr_dict(&mut st.attributes)?;
    resolve_indexed(p, &indexed, ty, st)?;
    st.result_types.push(elem);
    Ok(())
}

fn print_generic_atomic_rmw(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ops = p.ctx().operands(op).to_vec();
    let Some((&m, idx)) = ops.split_first() else { return };
    p.write(" ");
    print_indexed(p, m, idx);
    p.write(" : ");
    let t = p.ctx().value_type(m);
    p.print_type(t);
    p.write(" ");
    let body = p.ctx().op_regions(op)[0];
    p.print_region(body, true, true);
    p.print_optional_attr_dict(op, &[]);
}

// memref.prefetch: `%m[%i], read|write, locality<N>, data|instr attr-dict : type`
fn parse_prefetch(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let indexed = parse_indexed(p)?;
    p.parse_comma()?;
    let pos = p.current_pos();
    let rw = p.parse_keyword_any()?.to_string();
    let is_write = match rw.as_str() {
        "read" => false,
        "write" => true,
        _ => return Err(p.emit_error_at(pos, "rw specifier has to be 'read' or 'write'")),
    };
    p.parse_comma()?;
    p.parse_keyword("locality")?;
    p.parse_less()?;
    let hint = p.parse_integer()?;
    p.parse_greater()?;
    p.parse_comma()?;
    let pos = p.current_pos();
    let cache = p.parse_keyword_any()?.to_string();
    let is_data = match cache.as_str() {
        "data" => true,
        "instr" => false,
        _ => return Err(p.emit_error_at(pos, "cache type has to be 'data' or 'instr'")),
    };
    p.parse_optional_attr_dict(&mut st.attributes)?;
    let ty = p.parse_colon_type()?;
    resolve_indexed(p, &indexed, ty, st)?;
    let (w, d) = (p.ctx().bool_attr(is_write), p.ctx().bool_attr(is_data));
    let i32t = p.ctx().int_type(32);
    let h = p.ctx().int_attr(hint as i128, i32t);
    prop(p, st, "isWrite", w);
    prop(p, st, "localityHint", h);
    prop(p, st, "isDataCache", d);
    Ok(())
}

fn print_prefetch(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op).to_vec();
    let Some((&m, idx)) = ops.split_first() else { return };
    let (is_write, is_data) = (int_of(ctx, op, "isWrite") == Some(1), int_of(ctx, op, "isDataCache") == Some(1));
    let hint = int_of(ctx, op, "localityHint").unwrap_or(0);
    p.write(" ");
    print_indexed(p, m, idx);
    p.write(if is_write { ", write" } else { ", read" });
    p.write(", locality<");
    p.write_int(hint);
    p.write(if is_data { ">, data" } else { ">, instr" });
    p.print_optional_attr_dict(op, &["localityHint", "isWrite", "isDataCache"]);
    p.write(" : ");
    let t = p.ctx().value_type(m);
    p.print_type(t);
}

// memref.transpose: `%m (d0, d1) -> (d1, d0) attr-dict : type to type`
fn parse_transpose(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let m = p.parse_operand()?;
    let map = p.parse_affine_map()?;
    prop(p, st, "permutation", map);
    p.parse_optional_attr_dict(&mut st.attributes)?;
    let src = p.parse_colon_type()?;
    p.parse_keyword("to")?;
    let dst = p.parse_type()?;
    p.resolve_operand(&m, src, &mut st.operands)?;
    st.result_types.push(dst);
    Ok(())
}

fn print_transpose(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let Some(&m) = p.ctx().operands(op).first() else { return };
    p.write(" ");
    p.print_operand(m);
    p.write(" ");
    if let Some(map) = p.ctx().attr(op, "permutation") {
        p.print_affine_map(map);
    }
    p.print_optional_attr_dict(op, &["permutation"]);
    p.write(" : ");
    let t = p.ctx().value_type(m);
    p.print_type(t);
    p.write(" to ");
    let r = p.ctx().result(op, 0);
    let rt = p.ctx().value_type(r);
    p.print_type(rt);
}

// memref.dma_start: `%src[%i], %dst[%j], %n, %tag[%k] (, %stride, %per_stride)? attr-dict : srcT, dstT, tagT`
fn parse_dma_start(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let src = parse_indexed(p)?;
    p.parse_comma()?;
    let dst = parse_indexed(p)?;
    p.parse_comma()?;
    let n = p.parse_operand()?;
    p.parse_comma()?;
    let tag = parse_indexed(p)?;
    let mut strides = Vec::new();
    if p.parse_optional_comma() {
        strides = p.parse_operand_list(Delimiter::None)?;
        if strides.len() != 2 {
            return Err(p.emit_error("expected two stride related operands"));
        }
    }
    p.parse_optional_attr_dict(&mut st.attributes)?;
    let pos = p.current_pos();
    let types = p.parse_colon_type_list()?;
    if types.len() != 3 {
        return Err(p.emit_error_at(pos, "fewer/more types expected"));
    }
    resolve_indexed(p, &src, types[0], st)?;
    resolve_indexed(p, &dst, types[1], st)?;
    let index = p.ctx().index_type();
    p.resolve_operand(&n, index, &mut st.operands)?;
    resolve_indexed(p, &tag, types[2], st)?;
    p.resolve_operands_same_type(&strides, index, &mut st.operands)
}

fn rank_of(p: &OpAsmPrinter<'_>, v: Value) -> usize {
    match p.ctx().type_kind(p.ctx().value_type(v)) {
        TypeKind::MemRef { shape, .. } => shape.len(),
        _ => 0,
    }
}

fn print_dma_start(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ops = p.ctx().operands(op).to_vec();
    let Some(&src) = ops.first() else { return };
    let s_end = 1 + rank_of(p, src);
    let (Some(&dst), true) = (ops.get(s_end), ops.len() > s_end) else { return };
    let d_end = s_end + 1 + rank_of(p, dst);
    let (Some(&n), Some(&tag)) = (ops.get(d_end), ops.get(d_end + 1)) else { return };
    let t_end = d_end + 2 + rank_of(p, tag);
    if ops.len() < t_end {
        return;
    }
    p.write(" ");
    print_indexed(p, src, &ops[1..s_end]);
    p.write(", ");
    print_indexed(p, dst, &ops[s_end + 1..d_end]);
    p.write(", ");
    p.print_operand(n);
    p.write(", ");
    print_indexed(p, tag, &ops[d_end + 2..t_end]);
    if ops.len() > t_end {
        p.write(", ");
        p.print_operands(&ops[t_end..]);
    }
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    let ts: Vec<Type> = [src, dst, tag].iter().map(|v| p.ctx().value_type(*v)).collect();
    p.print_type_list(&ts);
}

// memref.extract_strided_metadata: `%m : type -> types attr-dict` (the declarative format's
// `type(results)` over its variadic sizes and strides).
fn parse_extract_strided_metadata(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let m = p.parse_operand()?;
    let ty = p.parse_colon_type()?;
    p.parse_arrow()?;
    st.result_types = p.parse_type_list()?;
    p.parse_optional_attr_dict(&mut st.attributes)?;
    p.resolve_operand(&m, ty, &mut st.operands)
}

fn print_extract_strided_metadata(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let Some(&m) = p.ctx().operands(op).first() else { return };
    p.write(" ");
    p.print_operand(m);
    p.write(" : ");
    let t = p.ctx().value_type(m);
    p.print_type(t);
    p.write(" -> ");
    let ts: Vec<Type> = p.ctx().results(op).map(|v| p.ctx().value_type(v)).collect();
    p.print_type_list(&ts);
    p.print_optional_attr_dict(op, &[]);
}
