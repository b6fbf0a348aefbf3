//! The `vector` dialect: every op of MLIR 22's `VectorOps.td` (generated table
//! `ods/gen_vector.rs`). Every declarative format goes through the ODS interpreter (including
//! `vector.print`'s `oilist`); the syntax MLIR writes in C++ (`VectorOps.cpp`) is written by hand
//! below: `vector.contract` (the trait dictionary with string iterator types),
//! `vector.transfer_read` / `vector.transfer_write` (default permutation map and `in_bounds`,
//! inferred mask type), `vector.outerproduct` and `vector.mask` (its masked op printed inline,
//! without result names). Every op of the table has custom syntax.
//!
//! Verifiers port `VectorOps.cpp`'s for contract (indexing maps, iterator types, contracting
//! and batch dimensions, accumulator/result shape, combining kind), the transfers
//! (index count, permutation map, element and mask types, `in_bounds` rank), outerproduct,
//! broadcast and shape_cast. Multi-result ops get MLIR's result names (`%res1, %res2`), `vector.vscale` `%vscale`.

use crate::ods::DialectBuilder;
use strata_ir::attributes::{AffineExpr, AffineMap};
use strata_ir::dialect::VerifyError;
use strata_ir::parser::{Delimiter, OpAsmParser, ParseResult, UnresolvedOperand};
use strata_ir::printer::{attr_to_string, type_to_string, OpAsmPrinter};
use strata_ir::{AttrKind, Attribute, Context, NamedAttribute, OpId, OperationState, Type, TypeKind};

// ----- helpers

fn prop(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState, name: &str, value: Attribute) {
    let name = p.ctx().sym(name);
    st.properties.retain(|na| na.name != name);
    st.properties.push(NamedAttribute { name, value });
}

fn has_attr(p: &mut OpAsmParser<'_, '_>, st: &OperationState, name: &str) -> Option<Attribute> {
    let sym = p.ctx().sym(name);
    st.properties.iter().chain(st.attributes.iter()).find(|na| na.name == sym).map(|na| na.value)
}

/// Move `name` from the parsed attribute dictionary to the properties (MLIR stores inherent
/// attributes written in `attr-dict` as properties).
fn take_attr(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState, name: &str) -> Option<Attribute> {
    let sym = p.ctx().sym(name);
    let i = st.attributes.iter().position(|na| na.name == sym)?;
    let v = st.attributes.remove(i).value;
    prop(p, st, name, v);
    Some(v)
}

/// A dialect attribute from its text (known-good texts only).
fn dattr(p: &mut OpAsmParser<'_, '_>, text: &str) -> Attribute {
    match strata_ir::parser::parse_attr_str(p.ctx(), text) {
        Ok(a) => a,
        Err(_) => {
            p.ctx().take_diagnostics();
            p.ctx().unit_attr()
        }
    }
}

struct Vt<'c> {
    shape: &'c [i64],
    scalable: &'c [bool],
    element: Type,
}

fn vector_of(ctx: &Context, t: Type) -> Option<Vt<'_>> {
    match ctx.type_kind(t) {
        TypeKind::Vector { shape, scalable, element } => Some(Vt { shape, scalable, element: *element }),
        _ => None,
    }
}

fn ty(ctx: &Context, t: Type) -> String {
    type_to_string(ctx, t)
}

fn map_attr_of(ctx: &Context, a: Attribute) -> Option<&AffineMap> {
    match ctx.attr_kind(a) {
        AttrKind::AffineMap(m) => Some(m),
        _ => None,
    }
}

fn op_map<'c>(ctx: &'c Context, op: OpId, name: &str) -> Option<&'c AffineMap> {
    map_attr_of(ctx, ctx.attr(op, name)?)
}

/// Bit width of a scalar type (integers, floats, index as 64).
fn bits(ctx: &Context, t: Type) -> Option<u32> {
    match ctx.type_kind(t) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Float(k) => Some(k.bit_width()),
        TypeKind::Index => Some(64),
        _ => None,
    }
}

/// The combining kind's keyword (`add`).
fn kind_of(ctx: &Context, op: OpId) -> Option<String> {
    let s = attr_to_string(ctx, ctx.attr(op, "kind")?);
    s.strip_prefix("#vector.kind<").and_then(|r| r.strip_suffix('>')).map(|x| x.to_string())
}

/// MLIR's `isSupportedCombiningKind`.
fn supported_kind(ctx: &Context, kind: &str, elt: Type) -> bool {
    let k = ctx.type_kind(elt);
    let int_or_index = matches!(k, TypeKind::Integer { .. } | TypeKind::Index);
    let float = matches!(k, TypeKind::Float(_));
    match kind {
        "add" | "mul" => int_or_index || float,
        "minui" | "minsi" | "maxui" | "maxsi" | "and" | "or" | "xor" => int_or_index,
        "minnumf" | "maxnumf" | "minimumf" | "maximumf" => float,
        _ => false,
    }
}

// ----- vector.contract

const CONTRACT_TRAIT_ATTRS: [&str; 3] = ["indexing_maps", "iterator_types", "kind"];

fn parse_contract(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let loc = p.current_pos();
    let dict = p.parse_attribute()?;
    let entries = match p.context().attr_kind(dict) {
        AttrKind::Dictionary(es) => es.clone(),
        _ => return Err(p.emit_error_at(loc, "invalid kind of attribute specified")),
    };
    let lhs = p.parse_operand()?;
    p.parse_comma()?;
    let rhs = p.parse_operand()?;
    p.parse_comma()?;
    let acc = p.parse_operand()?;
    let mut masks = Vec::new();
    if p.parse_optional_comma() {
        masks = p.parse_operand_list(Delimiter::None)?;
    }
    p.parse_optional_attr_dict(&mut st.attributes)?;
    let tys = p.parse_colon_type_list()?;
    p.parse_keyword("into")?;
    let res = p.parse_type()?;
    if tys.len() < 2 {
        return Err(p.emit_error_at(loc, "expected two operand types"));
    }
    p.resolve_operand(&lhs, tys[0], &mut st.operands)?;
    p.resolve_operand(&rhs, tys[1], &mut st.operands)?;
    p.resolve_operand(&acc, res, &mut st.operands)?;
    st.result_types.push(res);
    if !masks.is_empty() {
        return Err(p.emit_error_at(loc, "masks are not supported anymore"));
    }
    let mut found = false;
    for na in entries {
        let name = p.context().str(na.name).to_string();
        if name != "iterator_types" {
            prop(p, st, &name, na.value);
            continue;
        }
        found = true;
        let arr =
            crate::linalg::parse_iterator_types(p, na.value, "vector", &["parallel", "reduction"], loc, Some(loc))?;
        prop(p, st, "iterator_types", arr);
    }
    if !found {
        return Err(p.emit_error_at(loc, "expected iterator_types array attribute"));
    }
    if has_attr(p, st, "kind").is_none() {
        let k = dattr(p, "#vector.kind<add>");
        prop(p, st, "kind", k);
    }
    Ok(())
}

fn print_contract(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op).to_vec();
    if ops.len() != 3 || ctx.num_results(op) != 1 {
        return;
    }
    let d = ctx.op(op);
    let mut all: Vec<NamedAttribute> = d.all_attrs().to_vec();
    all.sort_by(|a, b| ctx.str(a.name).cmp(ctx.str(b.name)));
    p.write(" {");
    let mut first = true;
    for na in all.iter().filter(|na| CONTRACT_TRAIT_ATTRS.contains(&ctx.str(na.name))) {
        if !first {
            p.write(", ");
        }
        first = false;
        let key = ctx.str(na.name);
        p.write(key);
        p.write(" = ");
        if key == "iterator_types" {
            let elems = match ctx.attr_kind(na.value) {
                AttrKind::Array(xs) => xs.clone(),
                _ => Vec::new(),
            };
            p.write("[");
            for (k, e) in elems.iter().enumerate() {
                if k > 0 {
                    p.write(", ");
                }
                let s = attr_to_string(ctx, *e);
                let inner = s.strip_prefix("#vector.iterator_type<").and_then(|r| r.strip_suffix('>')).unwrap_or(&s);
                p.write("\"");
                p.write(inner);
                p.write("\"");
            }
            p.write("]");
        } else {
            p.print_attribute(na.value);
        }
    }
    p.write("} ");
    p.print_operands(&ops);
    p.print_optional_attr_dict(op, &CONTRACT_TRAIT_ATTRS);
    p.write(" : ");
    let (lt, rt, res) = (ctx.value_type(ops[0]), ctx.value_type(ops[1]), ctx.value_type(ctx.result(op, 0)));
    p.print_type(lt);
    p.write(", ");
    p.print_type(rt);
    p.write(" into ");
    p.print_type(res);
}

fn iterator_types(ctx: &Context, op: OpId) -> Vec<String> {
    match ctx.attr(op, "iterator_types").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(xs)) => xs
            .iter()
            .map(|x| {
                let s = attr_to_string(ctx, *x);
                s.strip_prefix("#vector.iterator_type<").and_then(|r| r.strip_suffix('>')).unwrap_or(&s).to_string()
            })
            .collect(),
        _ => Vec::new(),
    }
}

fn maps_array(ctx: &Context, op: OpId) -> Vec<AffineMap> {
    match ctx.attr(op, "indexing_maps").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(xs)) => xs.iter().filter_map(|x| map_attr_of(ctx, *x).cloned()).collect(),
        _ => Vec::new(),
    }
}

/// MLIR's `AffineMap::isProjectedPermutation()` (no constant results).
fn is_projected_permutation(m: &AffineMap) -> bool {
    let mut seen = vec![false; m.num_dims as usize];
    for e in &m.results {
        let AffineExpr::Dim(d) = e else { return false };
        let Some(s) = seen.get_mut(*d as usize) else { return false };
        if *s {
            return false;
        }
        *s = true;
    }
    true
}

fn result_index(m: &AffineMap, d: u32) -> Option<usize> {
    m.results.iter().position(|e| *e == AffineExpr::Dim(d))
}

fn dim_map(maps: &[AffineMap], its: &[String], target: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (i, it) in its.iter().enumerate() {
        if it != target {
            continue;
        }
        if let (Some(l), Some(r)) = (result_index(&maps[0], i as u32), result_index(&maps[1], i as u32)) {
            out.push((l, r));
        }
    }
    out
}

fn verify_contract(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let ops = ctx.operands(op);
    let (Some(lhs), Some(rhs)) = (vector_of(ctx, ctx.value_type(ops[0])), vector_of(ctx, ctx.value_type(ops[1])))
    else {
        return Ok(());
    };
    let acc_t = ctx.value_type(ops[2]);
    let res_t = ctx.value_type(ctx.result(op, 0));
    if lhs.element != rhs.element {
        return Err("failed to verify that lhs and rhs have same element type".into());
    }
    let elt_of = |t: Type| ctx.type_kind(t).element_type().unwrap_or(t);
    if elt_of(acc_t) != elt_of(res_t) {
        return Err("failed to verify that third operand acc and result have same element type".into());
    }
    if let TypeKind::Integer { signedness, .. } = ctx.type_kind(lhs.element) {
        if *signedness != strata_ir::Signedness::Signless {
            return Err("only supports signless integer types".into());
        }
    }
    let maps = maps_array(ctx, op);
    if maps.len() != 3 {
        return Err("expected an indexing map for each vector operand".into());
    }
    let its = iterator_types(ctx, op);
    let n = its.len() as u32;
    for (i, m) in maps.iter().enumerate() {
        if m.num_symbols != 0 {
            return Err(format!("expected indexing map {i} to have no symbols").into());
        }
        let rank = vector_of(ctx, ctx.value_type(ops[i])).map(|v| v.shape.len()).unwrap_or(0);
        if m.num_dims != n {
            return Err(format!("expected indexing map {i} to have {n} number of inputs").into());
        }
        if m.results.len() != rank {
            return Err(format!("expected indexing map {i} to have {rank} number of outputs").into());
        }
        if !is_projected_permutation(m) {
            return Err(format!("expected indexing map {i} to be a 'projected permutation' of its inputs").into());
        }
    }
    let contracting = dim_map(&maps, &its, "reduction");
    let batch = dim_map(&maps, &its, "parallel");
    if contracting.is_empty() {
        return Err("expected at least one contracting dimension pair".into());
    }
    let dims_ok = |m: &[(usize, usize)]| {
        m.iter().all(|(l, r)| *l < lhs.shape.len() && *r < rhs.shape.len() && lhs.shape[*l] == rhs.shape[*r])
    };
    if !dims_ok(&contracting) {
        return Err("invalid contracting dimension map".into());
    }
    if !dims_ok(&batch) {
        return Err("invalid batch dimension map".into());
    }
    // verifyOutputShape
    let lc: Vec<usize> = contracting.iter().map(|x| x.0).collect();
    let rc: Vec<usize> = contracting.iter().map(|x| x.1).collect();
    let rb: Vec<usize> = batch.iter().map(|x| x.1).collect();
    let mut expected_dims = Vec::new();
    for (i, d) in lhs.shape.iter().enumerate() {
        if !lc.contains(&i) {
            expected_dims.push(*d);
        }
    }
    for (i, d) in rhs.shape.iter().enumerate() {
        if !rc.contains(&i) && !rb.contains(&i) {
            expected_dims.push(*d);
        }
    }
    let (res_v, acc_v) = (vector_of(ctx, res_t), vector_of(ctx, acc_t));
    if expected_dims.is_empty() {
        if res_v.is_some() || acc_v.is_some() {
            return Err("invalid accumulator/result vector shape".into());
        }
    } else {
        let (Some(res_v), Some(_)) = (res_v, acc_v) else {
            return Err("invalid accumulator/result vector shape".into());
        };
        let mut used = vec![false; n as usize];
        for m in &maps[..2] {
            for e in &m.results {
                if let AffineExpr::Dim(d) = e {
                    used[*d as usize] = true;
                }
            }
        }
        if used.iter().any(|u| !u) {
            return Err("expected all dimensions to be either a LHS or a RHS dimension".into());
        }
        let mut extents: Vec<Option<(i64, bool)>> = vec![None; n as usize];
        for (v, m) in [(&lhs, &maps[0]), (&rhs, &maps[1])] {
            for (idx, e) in m.results.iter().enumerate() {
                if let AffineExpr::Dim(pos) = e {
                    if extents[*pos as usize].is_none() {
                        extents[*pos as usize] = Some((v.shape[idx], v.scalable.get(idx).copied().unwrap_or(false)));
                    }
                }
            }
        }
        if extents.iter().any(|e| e.is_none()) {
            return Err("expected all dimensions to get an extent as either a LHS or a RHS dimension".into());
        }
        let mut shape = Vec::new();
        for e in &maps[2].results {
            match e {
                AffineExpr::Dim(d) => shape.push(extents[*d as usize].map(|x| x.0).unwrap_or(0)),
                AffineExpr::Constant(c) => shape.push(*c),
                _ => return Err("invalid accumulator/result vector shape".into()),
            }
        }
        let mut text = String::from("vector<");
        for (i, d) in shape.iter().enumerate() {
            if res_v.scalable.get(i).copied().unwrap_or(false) {
                text.push_str(&format!("[{d}]x"));
            } else {
                text.push_str(&format!("{d}x"));
            }
        }
        text.push_str(&ty(ctx, res_v.element));
        text.push('>');
        let expected_ok = |t: Type| vector_of(ctx, t).map(|v| v.shape == shape.as_slice()).unwrap_or(false);
        if !expected_ok(res_t) || !expected_ok(acc_t) || ty(ctx, acc_t) != ty(ctx, res_t) {
            return Err(format!("invalid accumulator/result vector shape, expected: '{text}'").into());
        }
    }
    let elt = elt_of(res_t);
    if let Some(k) = kind_of(ctx, op) {
        if !supported_kind(ctx, &k, elt) {
            return Err("unsupported contraction type".into());
        }
    }
    Ok(())
}

// ----- vector.transfer_read / vector.transfer_write

/// The rank of the vector a transfer moves, without the rank of a vector element type.
fn effective_rank(ctx: &Context, shaped: Type, v: &Vt<'_>) -> usize {
    let erank =
        ctx.type_kind(shaped).element_type().and_then(|e| vector_of(ctx, e).map(|x| x.shape.len())).unwrap_or(0);
    v.shape.len().saturating_sub(erank)
}

/// MLIR's `getTransferMinorIdentityMap`.
fn minor_identity(ctx: &Context, shaped: Type, v: &Vt<'_>) -> AffineMap {
    let rank = ctx.type_kind(shaped).shape().map(|s| s.len()).unwrap_or(0) as u32;
    if rank == 0 && v.shape == [1] {
        return AffineMap { num_dims: 0, num_symbols: 0, results: vec![AffineExpr::Constant(0)] };
    }
    let n = effective_rank(ctx, shaped, v) as u32;
    AffineMap { num_dims: rank, num_symbols: 0, results: (rank.saturating_sub(n)..rank).map(AffineExpr::Dim).collect() }
}

fn is_minor_identity(m: &AffineMap) -> bool {
    let (nd, nr) = (m.num_dims as usize, m.results.len());
    nd >= nr && m.results.iter().enumerate().all(|(i, e)| *e == AffineExpr::Dim((nd - nr + i) as u32))
}

/// MLIR's `inferTransferOpMaskType`: the vector's sizes ordered by the dims they read (broadcast
/// results dropped); `vector<1xi1>` for a 0-d mask.
fn infer_mask_type(ctx: &mut Context, v: Type, map: &AffineMap) -> Option<Type> {
    let (shape, scal) = {
        let vt = vector_of(ctx, v)?;
        let mut pairs: Vec<(u32, i64, bool)> = Vec::new();
        for (i, e) in map.results.iter().enumerate() {
            if let AffineExpr::Dim(d) = e {
                pairs.push((*d, *vt.shape.get(i)?, vt.scalable.get(i).copied().unwrap_or(false)));
            }
        }
        pairs.sort_by_key(|x| x.0);
        let mut shape: Vec<i64> = pairs.iter().map(|x| x.1).collect();
        let mut scal: Vec<bool> = pairs.iter().map(|x| x.2).collect();
        if shape.is_empty() {
            shape.push(1);
            scal.push(false);
        }
        (shape, scal)
    };
    let i1 = ctx.int_type(1);
    Some(ctx.intern_type(TypeKind::Vector { shape, scalable: scal, element: i1 }))
}

/// The mask type a transfer's map and vector imply, without interning (for the verifier).
fn inferred_mask_text(ctx: &Context, v: Type, map: &AffineMap) -> Option<String> {
    let vt = vector_of(ctx, v)?;
    let mut pairs: Vec<(u32, i64, bool)> = Vec::new();
    for (i, e) in map.results.iter().enumerate() {
        if let AffineExpr::Dim(d) = e {
            pairs.push((*d, *vt.shape.get(i)?, vt.scalable.get(i).copied().unwrap_or(false)));
        }
    }
    pairs.sort_by_key(|x| x.0);
    if pairs.is_empty() {
        pairs.push((0, 1, false));
    }
    let mut s = String::from("vector<");
    for (_, d, sc) in pairs {
        if sc {
            s.push_str(&format!("[{d}]x"));
        } else {
            s.push_str(&format!("{d}x"));
        }
    }
    s.push_str("i1>");
    Some(s)
}

/// The shared tail of both transfer parsers: default permutation map and `in_bounds`, the mask.
fn transfer_defaults(
    p: &mut OpAsmParser<'_, '_>,
    st: &mut OperationState,
    types_pos: strata_ir::parser::SourcePos,
    shaped: Type,
    vector: Type,
) -> ParseResult<AffineMap> {
    let perm = match take_attr(p, st, "permutation_map") {
        Some(a) => match map_attr_of(p.context(), a) {
            Some(m) => m.clone(),
            None => return Err(p.emit_error_at(types_pos, "invalid kind of attribute specified")),
        },
        None => {
            let ctx = p.context();
            let v = vector_of(ctx, vector).expect("checked vector type");
            let rank = ctx.type_kind(shaped).shape().map(|s| s.len()).unwrap_or(0);
            if rank < effective_rank(ctx, shaped, &v) {
                return Err(p.emit_error_at(
                    types_pos,
                    "expected a custom permutation_map when rank(source) != rank(destination)",
                ));
            }
            let m = minor_identity(ctx, shaped, &v);
            let a = p.ctx().intern_attr(AttrKind::AffineMap(m.clone()));
            prop(p, st, "permutation_map", a);
            m
        }
    };
    if take_attr(p, st, "in_bounds").is_none() {
        let f = p.ctx().bool_attr(false);
        let arr = p.ctx().array_attr(vec![f; perm.results.len()]);
        prop(p, st, "in_bounds", arr);
    }
    Ok(perm)
}

fn resolve_mask(
    p: &mut OpAsmParser<'_, '_>,
    st: &mut OperationState,
    mask: &UnresolvedOperand,
    types_pos: strata_ir::parser::SourcePos,
    shaped: Type,
    vector: Type,
    perm: &AffineMap,
) -> ParseResult<()> {
    let ctx = p.context();
    if ctx.type_kind(shaped).element_type().map(|e| vector_of(ctx, e).is_some()).unwrap_or(false) {
        return Err(p.emit_error_at(mask.pos, "does not support masks with vector element type"));
    }
    if vector_of(ctx, vector).map(|v| v.shape.len()) != Some(perm.results.len()) {
        return Err(
            p.emit_error_at(types_pos, "expected the same rank for the vector and the results of the permutation map")
        );
    }
    let Some(mt) = infer_mask_type(p.ctx(), vector, perm) else {
        return Err(p.emit_error_at(types_pos, "requires vector type"));
    };
    p.resolve_operand(mask, mt, &mut st.operands)
}

fn segment_sizes(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState, sizes: &[usize]) {
    let i32t = p.ctx().int_type(32);
    let a =
        p.ctx().intern_attr(AttrKind::DenseArray { element: i32t, values: sizes.iter().map(|s| *s as i64).collect() });
    prop(p, st, "operandSegmentSizes", a);
}

fn is_memref_or_ranked_tensor(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::MemRef { .. } | TypeKind::RankedTensor { .. })
}

fn parse_transfer_read(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let src = p.parse_operand()?;
    let idx = p.parse_operand_list(Delimiter::Square)?;
    p.parse_comma()?;
    let pad = p.parse_operand()?;
    let mask = if p.parse_optional_comma() { Some(p.parse_operand()?) } else { None };
    p.parse_optional_attr_dict(&mut st.attributes)?;
    let types_pos = p.current_pos();
    let tys = p.parse_colon_type_list()?;
    if tys.len() != 2 {
        return Err(p.emit_error_at(types_pos, "requires two types"));
    }
    let (shaped, vector) = (tys[0], tys[1]);
    if !is_memref_or_ranked_tensor(p.context(), shaped) {
        return Err(p.emit_error_at(types_pos, "requires memref or ranked tensor type"));
    }
    if vector_of(p.context(), vector).is_none() {
        return Err(p.emit_error_at(types_pos, "requires vector type"));
    }
    let perm = transfer_defaults(p, st, types_pos, shaped, vector)?;
    p.resolve_operand(&src, shaped, &mut st.operands)?;
    let it = p.ctx().index_type();
    p.resolve_operands_same_type(&idx, it, &mut st.operands)?;
    let elt = p.context().type_kind(shaped).element_type().unwrap_or(shaped);
    p.resolve_operand(&pad, elt, &mut st.operands)?;
    if let Some(m) = &mask {
        resolve_mask(p, st, m, types_pos, shaped, vector, &perm)?;
    }
    segment_sizes(p, st, &[1, idx.len(), 1, mask.is_some() as usize]);
    st.result_types.push(vector);
    Ok(())
}

/// MLIR's `printTransferAttrs`.
fn print_transfer_attrs(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let mut elided = vec!["operandSegmentSizes"];
    if op_map(ctx, op, "permutation_map").map(is_minor_identity).unwrap_or(false) {
        elided.push("permutation_map");
    }
    let any_in_bounds = match ctx.attr(op, "in_bounds").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(xs)) => {
            xs.iter().any(|x| matches!(ctx.attr_kind(*x), AttrKind::Integer { value, .. } if *value != 0))
        }
        _ => false,
    };
    if !any_in_bounds {
        elided.push("in_bounds");
    }
    p.print_optional_attr_dict(op, &elided);
}

fn transfer_segments(ctx: &Context, op: OpId) -> Option<crate::ods::Segments> {
    let ods = crate::ods::ods_of_op(ctx, op)?;
    crate::ods::operand_segments(ctx, op, ods)
}

fn print_transfer_read(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let Some(seg) = transfer_segments(ctx, op) else { return };
    let ops = ctx.operands(op).to_vec();
    p.write(" ");
    p.print_operand(ops[seg[0].0]);
    p.write("[");
    p.print_operands(&ops[seg[1].0..seg[1].1]);
    p.write("], ");
    p.print_operand(ops[seg[2].0]);
    if seg[3].1 > seg[3].0 {
        p.write(", ");
        p.print_operand(ops[seg[3].0]);
    }
    print_transfer_attrs(p, op);
    p.write(" : ");
    let (st, vt) = (p.ctx().value_type(ops[seg[0].0]), p.ctx().value_type(p.ctx().result(op, 0)));
    p.print_type(st);
    p.write(", ");
    p.print_type(vt);
}

fn parse_transfer_write(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let val = p.parse_operand()?;
    p.parse_comma()?;
    let dst = p.parse_operand()?;
    let idx = p.parse_operand_list(Delimiter::Square)?;
    let mask = if p.parse_optional_comma() { Some(p.parse_operand()?) } else { None };
    p.parse_optional_attr_dict(&mut st.attributes)?;
    let types_pos = p.current_pos();
    let tys = p.parse_colon_type_list()?;
    if tys.len() != 2 {
        return Err(p.emit_error_at(types_pos, "requires two types"));
    }
    let (vector, shaped) = (tys[0], tys[1]);
    if vector_of(p.context(), vector).is_none() {
        return Err(p.emit_error_at(types_pos, "requires vector type"));
    }
    if !is_memref_or_ranked_tensor(p.context(), shaped) {
        return Err(p.emit_error_at(types_pos, "requires memref or ranked tensor type"));
    }
    let perm = transfer_defaults(p, st, types_pos, shaped, vector)?;
    p.resolve_operand(&val, vector, &mut st.operands)?;
    p.resolve_operand(&dst, shaped, &mut st.operands)?;
    let it = p.ctx().index_type();
    p.resolve_operands_same_type(&idx, it, &mut st.operands)?;
    if let Some(m) = &mask {
        resolve_mask(p, st, m, types_pos, shaped, vector, &perm)?;
    }
    segment_sizes(p, st, &[1, 1, idx.len(), mask.is_some() as usize]);
    if matches!(p.context().type_kind(shaped), TypeKind::RankedTensor { .. }) {
        st.result_types.push(shaped);
    }
    Ok(())
}

fn print_transfer_write(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let Some(seg) = transfer_segments(ctx, op) else { return };
    let ops = ctx.operands(op).to_vec();
    p.write(" ");
    p.print_operand(ops[seg[0].0]);
    p.write(", ");
    p.print_operand(ops[seg[1].0]);
    p.write("[");
    p.print_operands(&ops[seg[2].0..seg[2].1]);
    p.write("]");
    if seg[3].1 > seg[3].0 {
        p.write(", ");
        p.print_operand(ops[seg[3].0]);
    }
    print_transfer_attrs(p, op);
    p.write(" : ");
    let (vt, st) = (p.ctx().value_type(ops[seg[0].0]), p.ctx().value_type(ops[seg[1].0]));
    p.print_type(vt);
    p.write(", ");
    p.print_type(st);
}

/// MLIR's `verifyPermutationMap`.
fn verify_permutation_map(m: &AffineMap) -> Result<(), VerifyError> {
    let mut seen = vec![false; m.num_dims as usize];
    for e in &m.results {
        match e {
            AffineExpr::Constant(0) => {}
            AffineExpr::Dim(d) => {
                let Some(s) = seen.get_mut(*d as usize) else {
                    return Err("requires a projected permutation_map (at most one dim or the zero constant can appear in each result)".into());
                };
                if *s {
                    return Err(
                        "requires a permutation_map that is a permutation (found one dim used more than once)".into()
                    );
                }
                *s = true;
            }
            _ => return Err(
                "requires a projected permutation_map (at most one dim or the zero constant can appear in each result)"
                    .into(),
            ),
        }
    }
    Ok(())
}

/// MLIR's `verifyTransferOp` (the checks shared by both transfers).
fn verify_transfer_common(
    ctx: &Context,
    op: OpId,
    shaped: Type,
    vector: Type,
    mask: Option<Type>,
    perm: &AffineMap,
) -> Result<(), VerifyError> {
    if ctx.attr(op, "masked").is_some() {
        return Err("masked attribute has been removed. Use in_bounds instead.".into());
    }
    if !is_memref_or_ranked_tensor(ctx, shaped) {
        return Err("requires source to be a memref or ranked tensor type".into());
    }
    let Some(v) = vector_of(ctx, vector) else { return Ok(()) };
    let elt = ctx.type_kind(shaped).element_type().unwrap_or(shaped);
    if let Some(ev) = vector_of(ctx, elt) {
        if let (Some(a), Some(b), Some(sl), Some(vl)) =
            (bits(ctx, ev.element), bits(ctx, v.element), ev.shape.last(), v.shape.last())
        {
            let src = a as i64 * sl;
            let res = b as i64 * vl;
            if src != 0 && res % src != 0 {
                return Err("requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the minor 1-D vector of the source".into());
            }
        }
        if ev.shape.len() > v.shape.len() {
            return Err("requires source vector element and vector result ranks to match.".into());
        }
        if perm.results.len() != v.shape.len() - ev.shape.len() {
            return Err("requires a permutation_map with result dims of the same rank as the vector type".into());
        }
        if mask.is_some() {
            return Err("does not support masks with vector element type".into());
        }
    } else {
        let minor = if v.shape.is_empty() { 1 } else { *v.shape.last().unwrap_or(&1) };
        if let (Some(b), Some(e)) = (bits(ctx, v.element), bits(ctx, elt)) {
            if e != 0 && (b as i64 * minor) % e as i64 != 0 {
                return Err("requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the source element type".into());
            }
        }
        if perm.results.len() != v.shape.len() {
            return Err("requires a permutation_map with result dims of the same rank as the vector type".into());
        }
    }
    if perm.num_symbols != 0 {
        return Err("requires permutation_map without symbols".into());
    }
    let rank = ctx.type_kind(shaped).shape().map(|s| s.len()).unwrap_or(0);
    if perm.num_dims as usize != rank {
        return Err("requires a permutation_map with input dims of the same rank as the source type".into());
    }
    if let Some(mt) = mask {
        if let Some(want) = inferred_mask_text(ctx, vector, perm) {
            let got = ty(ctx, mt);
            if got != want {
                return Err(format!("inferred mask type ({want}) and mask operand type ({got}) don't match").into());
            }
        }
    }
    let nb = match ctx.attr(op, "in_bounds").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(xs)) => xs.len(),
        _ => 0,
    };
    if perm.results.len() != nb {
        let mut m = String::new();
        if let Some(a) = ctx.attr(op, "permutation_map") {
            m = attr_to_string(ctx, a);
        }
        return Err(format!(
            "expects the in_bounds attr of same rank as permutation_map results: {m} vs inBounds of size: {nb}"
        )
        .into());
    }
    Ok(())
}

fn verify_transfer_read(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let Some(seg) = transfer_segments(ctx, op) else { return Ok(()) };
    let ops = ctx.operands(op);
    let shaped = ctx.value_type(ops[seg[0].0]);
    let vector = ctx.value_type(ctx.result(op, 0));
    let pad = ctx.value_type(ops[seg[2].0]);
    let mask = (seg[3].1 > seg[3].0).then(|| ctx.value_type(ops[seg[3].0]));
    let Some(perm) = op_map(ctx, op, "permutation_map") else { return Ok(()) };
    let rank = ctx.type_kind(shaped).shape().map(|s| s.len()).unwrap_or(0);
    if seg[1].1 - seg[1].0 != rank {
        return Err(format!("requires {rank} indices").into());
    }
    verify_transfer_common(ctx, op, shaped, vector, mask, perm)?;
    let elt = ctx.type_kind(shaped).element_type().unwrap_or(shaped);
    if vector_of(ctx, elt).is_some() {
        if elt != pad {
            return Err("requires source element type and padding type to match.".into());
        }
    } else {
        let valid = matches!(ctx.type_kind(pad), TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_));
        if !valid {
            return Err("requires valid padding vector elemental type".into());
        }
        if pad != elt {
            return Err("requires formal padding and source of the same elemental type".into());
        }
    }
    verify_permutation_map(perm)
}

fn verify_transfer_write(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let Some(seg) = transfer_segments(ctx, op) else { return Ok(()) };
    let ops = ctx.operands(op);
    let vector = ctx.value_type(ops[seg[0].0]);
    let shaped = ctx.value_type(ops[seg[1].0]);
    let mask = (seg[3].1 > seg[3].0).then(|| ctx.value_type(ops[seg[3].0]));
    let Some(perm) = op_map(ctx, op, "permutation_map") else { return Ok(()) };
    let rank = ctx.type_kind(shaped).shape().map(|s| s.len()).unwrap_or(0);
    if seg[2].1 - seg[2].0 != rank {
        return Err(format!("requires {rank} indices").into());
    }
    if perm.results.iter().any(|e| matches!(e, AffineExpr::Constant(0))) {
        return Err("should not have broadcast dimensions".into());
    }
    verify_transfer_common(ctx, op, shaped, vector, mask, perm)?;
    verify_permutation_map(perm)
}

// ----- vector.outerproduct

fn parse_outerproduct(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let ops = p.parse_operand_list(Delimiter::None)?;
    p.parse_optional_attr_dict(&mut st.attributes)?;
    p.parse_colon()?;
    let tl = p.parse_type()?;
    p.parse_comma()?;
    let tr = p.parse_type()?;
    let np = p.name_pos();
    if ops.len() < 2 {
        return Err(p.emit_error_at(np, "expected at least 2 operands"));
    }
    let Some(vl) = vector_of(p.context(), tl) else {
        return Err(p.emit_error_at(np, "expected vector type for operand #1"));
    };
    let (l0, ls0, elt) =
        (vl.shape.first().copied().unwrap_or(0), vl.scalable.first().copied().unwrap_or(false), vl.element);
    let res = match vector_of(p.context(), tr) {
        Some(vr) => {
            let (r0, rs0) = (vr.shape.first().copied().unwrap_or(0), vr.scalable.first().copied().unwrap_or(false));
            p.ctx().intern_type(TypeKind::Vector { shape: vec![l0, r0], scalable: vec![ls0, rs0], element: elt })
        }
        None => p.ctx().intern_type(TypeKind::Vector { shape: vec![l0], scalable: vec![ls0], element: elt }),
    };
    if take_attr(p, st, "kind").is_none() {
        let k = dattr(p, "#vector.kind<add>");
        prop(p, st, "kind", k);
    }
    p.resolve_operand(&ops[0], tl, &mut st.operands)?;
    p.resolve_operand(&ops[1], tr, &mut st.operands)?;
    if ops.len() > 2 {
        p.resolve_operand(&ops[2], res, &mut st.operands)?;
    }
    st.result_types.push(res);
    Ok(())
}

fn print_outerproduct(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ops = p.ctx().operands(op).to_vec();
    if ops.len() < 2 {
        return;
    }
    p.write(" ");
    p.print_operands(&ops[..2]);
    if ops.len() > 2 {
        p.write(", ");
        p.print_operand(ops[2]);
        p.print_optional_attr_dict(op, &[]);
    }
    p.write(" : ");
    let (tl, tr) = (p.ctx().value_type(ops[0]), p.ctx().value_type(ops[1]));
    p.print_type(tl);
    p.write(", ");
    p.print_type(tr);
}

fn verify_outerproduct(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let ops = ctx.operands(op);
    let res_t = ctx.value_type(ctx.result(op, 0));
    let (Some(vl), Some(vres)) = (vector_of(ctx, ctx.value_type(ops[0])), vector_of(ctx, res_t)) else {
        return Ok(());
    };
    let rhs_t = ctx.value_type(ops[1]);
    if vl.element != vres.element {
        return Err("failed to verify that lhs operand and result have same element type".into());
    }
    let relt = ctx.type_kind(rhs_t).element_type().unwrap_or(rhs_t);
    if relt != vres.element {
        return Err("failed to verify that rhs operand and result have same element type".into());
    }
    if vl.shape.len() != 1 {
        return Err("expected 1-d vector for operand #1".into());
    }
    if let Some(vr) = vector_of(ctx, rhs_t) {
        if vr.shape.len() != 1 {
            return Err("expected 1-d vector for operand #2".into());
        }
        if vres.shape.len() != 2 {
            return Err("expected 2-d vector result".into());
        }
        if vl.shape[0] != vres.shape[0] {
            return Err("expected #1 operand dim to match result dim #1".into());
        }
        if vr.shape[0] != vres.shape[1] {
            return Err("expected #2 operand dim to match result dim #2".into());
        }
        if vl.scalable.iter().any(|s| *s) && !vr.scalable.iter().any(|s| *s) {
            return Err("expected either both or only #2 operand dim to be scalable".into());
        }
    } else {
        if vres.shape.len() != 1 {
            return Err("expected 1-d vector result".into());
        }
        if vl.shape[0] != vres.shape[0] {
            return Err("expected #1 operand dim to match result dim #1".into());
        }
    }
    if let Some(&acc) = ops.get(2) {
        if ctx.value_type(acc) != res_t {
            return Err("expected operand #3 of same type as result type".into());
        }
    }
    if let Some(k) = kind_of(ctx, op) {
        if !supported_kind(ctx, &k, vres.element) {
            return Err("unsupported outerproduct type".into());
        }
    }
    Ok(())
}

// ----- vector.mask

/// MLIR's `MaskOp::ensureTerminator`: a `vector.yield` of the masked op's results.
fn ensure_mask_terminator(ctx: &mut Context, r: strata_ir::RegionId, loc: Attribute) {
    crate::ods::format::ensure_terminator(ctx, r, "vector.yield", loc);
    let Some(&b) = ctx.region_blocks(r).first() else { return };
    if ctx.block_len(b) != 2 {
        return;
    }
    let (Some(first), Some(last)) = (ctx.block_first_op(b), ctx.block_last_op(b)) else { return };
    if ctx.op_name_of(last) != "vector.yield" || !ctx.operands(last).is_empty() || ctx.num_results(first) == 0 {
        return;
    }
    let name = ctx.op_name("vector.yield");
    let mut st = OperationState::new(name, loc);
    st.operands.extend(ctx.results(first).collect::<Vec<_>>());
    let y = ctx.create_op(st);
    ctx.erase_op(last);
    ctx.append_op(b, y);
}

fn parse_mask(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let mask = p.parse_operand()?;
    let passthru = if p.parse_optional_comma() { Some(p.parse_operand()?) } else { None };
    let mut body = p.ctx().create_region();
    p.parse_region(&mut body, &[], false)?;
    let loc = st.loc;
    ensure_mask_terminator(p.ctx(), body, loc);
    st.regions.push(body);
    p.parse_optional_attr_dict(&mut st.attributes)?;
    let mt = p.parse_colon_type()?;
    let rts = p.parse_optional_arrow_type_list()?;
    p.resolve_operand(&mask, mt, &mut st.operands)?;
    if let Some(pt) = passthru {
        let Some(&t) = rts.first() else {
            let np = p.name_pos();
            return Err(p.emit_error_at(np, "expects a result if passthru operand is provided"));
        };
        p.resolve_operand(&pt, t, &mut st.operands)?;
    }
    st.result_types.extend(rts);
    Ok(())
}

fn print_mask(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ops = ctx.operands(op).to_vec();
    let Some(&m) = ops.first() else { return };
    p.write(" ");
    p.print_operand(m);
    if let Some(&pt) = ops.get(1) {
        p.write(", ");
        p.print_operand(pt);
    }
    p.write(" { ");
    let first =
        ctx.op_regions(op).first().and_then(|r| ctx.region_blocks(*r).first()).and_then(|b| ctx.block_first_op(*b));
    if let Some(inner) = first {
        p.print_custom_or_generic_op(inner);
    }
    p.write(" }");
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    let mt = p.ctx().value_type(m);
    p.print_type(mt);
    let rts: Vec<Type> = p.ctx().results(op).map(|v| p.ctx().value_type(v)).collect();
    if !rts.is_empty() {
        p.write(" -> ");
        p.print_type_list(&rts);
    }
}

// ----- vector.broadcast, vector.shape_cast

fn dim_text(d: i64, scalable: bool) -> String {
    if scalable {
        format!("[{d}]")
    } else {
        d.to_string()
    }
}

fn verify_broadcast(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let src = ctx.value_type(ctx.operands(op)[0]);
    let Some(dst) = vector_of(ctx, ctx.value_type(ctx.result(op, 0))) else { return Ok(()) };
    let Some(sv) = vector_of(ctx, src) else {
        if src == dst.element {
            return Ok(());
        }
        return Err("source type is not a vector".into());
    };
    let (sr, dr) = (sv.shape.len(), dst.shape.len());
    if sr > dr {
        return Err("source rank higher than destination rank".into());
    }
    let lead = dr - sr;
    for i in 0..sr {
        let (sd, dd) = (sv.shape[i], dst.shape[lead + i]);
        let (ss, ds) = (sv.scalable[i], dst.scalable[lead + i]);
        let mismatch = (sd != 1 && sd != dd) || (sd == 1 && ss && dd != 1) || (ss != ds && (sd != 1 || ss));
        if mismatch {
            return Err(format!("dimension mismatch ({} vs. {})", dim_text(sd, ss), dim_text(dd, ds)).into());
        }
    }
    Ok(())
}

fn verify_shape_cast(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let (Some(s), Some(r)) =
        (vector_of(ctx, ctx.value_type(ctx.operands(op)[0])), vector_of(ctx, ctx.value_type(ctx.result(op, 0))))
    else {
        return Ok(());
    };
    if s.element != r.element {
        return Err("has different source and result element types".into());
    }
    let (ns, nr): (i64, i64) = (s.shape.iter().product(), r.shape.iter().product());
    if ns != nr {
        return Err(format!("has different number of elements at source ({ns}) and result ({nr})").into());
    }
    let (ss, rs) = (s.scalable.iter().filter(|x| **x).count(), r.scalable.iter().filter(|x| **x).count());
    if ss != rs {
        return Err(format!("has different number of scalable dims at source ({ss}) and result ({rs})").into());
    }
    Ok(())
}

/// `vector.shuffle`'s result type: as many leading elements as the mask has, the rest of `v1`'s
/// shape (MLIR's `ShuffleOp::inferReturnTypes`).
fn infer_shuffle(ctx: &mut Context, operands: &[Type], props: &[NamedAttribute]) -> Result<Vec<Type>, String> {
    let Some(&v1) = operands.first() else { return Err("expected two operands".into()) };
    let mask = props
        .iter()
        .find(|na| ctx.str(na.name) == "mask")
        .and_then(|na| match ctx.attr_kind(na.value) {
            AttrKind::DenseArray { values, .. } => Some(values.len() as i64),
            _ => None,
        })
        .ok_or("expected a mask")?;
    let (mut shape, mut scalable, element) = match ctx.type_kind(v1) {
        TypeKind::Vector { shape, scalable, element } => (shape.clone(), scalable.clone(), *element),
        _ => (Vec::new(), Vec::new(), v1),
    };
    if shape.is_empty() {
        shape.push(mask);
        scalable.push(false);
    } else {
        shape[0] = mask;
        scalable[0] = false;
    }
    Ok(vec![ctx.intern_type(TypeKind::Vector { shape, scalable, element })])
}

/// `vector.to_elements`' results: one element per vector element.
fn infer_to_elements(ctx: &mut Context, operands: &[Type], _: &[NamedAttribute]) -> Result<Vec<Type>, String> {
    let Some(v) = operands.first().and_then(|t| vector_of(ctx, *t)) else { return Err("expected a vector".into()) };
    let n: i64 = v.shape.iter().product();
    Ok(vec![v.element; n.max(0) as usize])
}

/// `vector.from_elements %a, %b : vector<2xf32>` (the elements' types come from the vector
/// type: the format's type constraint is a predicate ODS cannot invert for us).
fn parse_from_elements(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let ops = p.parse_operand_list(Delimiter::None)?;
    p.parse_optional_attr_dict(&mut st.attributes)?;
    let pos = p.current_pos();
    let t = p.parse_colon_type()?;
    let Some(v) = vector_of(p.context(), t) else {
        return Err(p.emit_error_at(pos, "invalid kind of type specified"));
    };
    let (n, e): (i64, Type) = (v.shape.iter().product(), v.element);
    p.resolve_operands(&ops, &vec![e; n.max(0) as usize], &mut st.operands)?;
    st.result_types.push(t);
    Ok(())
}

fn print_from_elements(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ops = p.ctx().operands(op).to_vec();
    p.write(" ");
    p.print_operands(&ops);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    let t = p.ctx().value_type(p.ctx().result(op, 0));
    p.print_type(t);
}

/// Result names of multi-result ops: their ODS result names (`%res1, %res2`).
fn result_names(ctx: &Context, op: OpId) -> Option<String> {
    if ctx.op_name_of(op) == "vector.vscale" {
        return Some("vscale".into());
    }
    let ods = crate::ods::ods_of_op(ctx, op)?;
    let rs = ods.def.results;
    if rs.len() < 2 || rs.iter().any(|r| r.name.is_empty() || r.var != crate::ods::Var::Single) {
        return None;
    }
    Some(rs.iter().map(|r| r.name).collect::<Vec<_>>().join(","))
}

/// Register the `vector` dialect.
pub fn register(ctx: &mut Context) {
    let mut b = DialectBuilder::new("vector", crate::ods::gen_vector::OPS);
    for (info, ods) in b.entries() {
        if ods.def.results.len() >= 2 || ods.def.name == "vector.vscale" {
            info.asm_result_names = Some(result_names);
        }
    }
    b.assembly("vector.contract", parse_contract, print_contract).verifier("vector.contract", verify_contract);
    b.assembly("vector.transfer_read", parse_transfer_read, print_transfer_read)
        .verifier("vector.transfer_read", verify_transfer_read);
    b.assembly("vector.transfer_write", parse_transfer_write, print_transfer_write)
        .verifier("vector.transfer_write", verify_transfer_write);
    b.assembly("vector.outerproduct", parse_outerproduct, print_outerproduct)
        .verifier("vector.outerproduct", verify_outerproduct);
    b.assembly("vector.mask", parse_mask, print_mask);
    b.infer("vector.shuffle", infer_shuffle).infer("vector.to_elements", infer_to_elements);
    b.assembly("vector.from_elements", parse_from_elements, print_from_elements);
    b.verifier("vector.broadcast", verify_broadcast);
    b.verifier("vector.shape_cast", verify_shape_cast);
    let d = b.finish(ctx).attr_body_hook(attr_body);
    ctx.register_dialect(d);
}

fn attr_body(body: &str, opaque: bool) -> Result<Option<String>, Vec<strata_ir::dialect::BodyError>> {
    crate::ods::enum_attr_body(crate::ods::gen_vector::OPS, "#vector.", body, opaque)
}
