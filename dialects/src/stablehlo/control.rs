//! Ops with regions and calls: if, case, while, map, reduce, reduce_window,
//! select_and_scatter, sort, composite, custom_call (the shared reducer-region check: `region`).

use strata_ir::{AttrKind, Context, OpId, Traits, Type, TypeKind};

use super::attrs::{CustomCallApiVersion, OutputOperandAlias};
use super::region::*;
use super::types::*;
use super::InferCx;

fn conditional(cx: &InferCx, what_rank: Type) -> Result<Vec<TyDesc>, String> {
    let ctx = cx.ctx;
    if let Some(r) = rank_of(ctx, what_rank) {
        if r != 0 {
            return Err(format!("operand should be rank 0 tensor but got rank {r}"));
        }
    }
    if cx.regions.is_empty() {
        return Err("expect at least one branch".into());
    }
    let mut first: Option<Vec<Type>> = None;
    let mut merged: Vec<TyDesc> = Vec::new();
    for (i, r) in cx.regions.iter().enumerate() {
        let Some(b) = entry(ctx, *r) else { return Err(format!("branch {i} must have a block")) };
        let n = ctx.block(b).args.len();
        if n != 0 {
            return Err(format!("branch {i} must have 0 arguments, but found {n}"));
        }
        let rets = ret_types(ctx, b);
        match &first {
            None => {
                merged = rets.iter().map(|t| TyDesc::Type(*t)).collect();
                first = Some(rets);
            }
            Some(f) => {
                if !lists_compat(ctx, f, &rets) {
                    let fs = f.iter().map(|t| quoted(ctx, *t)).collect::<Vec<_>>().join(", ");
                    let rs = rets.iter().map(|t| quoted(ctx, *t)).collect::<Vec<_>>().join(", ");
                    return Err(format!("branch 0 and branch {i} have mismatched return types: {fs} vs {rs}"));
                }
                for (m, t) in merged.iter_mut().zip(&rets) {
                    if let TyDesc::Type(x) = m {
                        *m = super::elementwise::most_specific(ctx, *x, *t);
                    } else if let Some(s) = shape_of(ctx, *t) {
                        if let TyDesc::Tensor { shape, .. } = m {
                            for (d, e) in shape.iter_mut().zip(s) {
                                if *d == DYN {
                                    *d = *e;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    Ok(merged)
}

/// if (C1-C3).
pub fn infer_if(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let pred = cx.operand(0)?;
    conditional(cx, pred)
}

/// case (C1-C4).
pub fn infer_case(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let index = cx.operand(0)?;
    conditional(cx, index)
}

fn types_list(ctx: &Context, ts: &[Type]) -> String {
    ts.iter().map(|t| quoted(ctx, *t)).collect::<Vec<_>>().join(", ")
}

/// while (C1-C3).
pub fn infer_while(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let ctx = cx.ctx;
    let ops = cx.operands;
    if let (Some(c), Some(b)) =
        (cx.regions.first().and_then(|r| entry(ctx, *r)), cx.regions.get(1).and_then(|r| entry(ctx, *r)))
    {
        let cargs = arg_types(ctx, c);
        if !lists_compat(ctx, ops, &cargs) {
            return Err(format!(
                "expect operands are compatible with condition block arguments but got {} vs {}",
                types_list(ctx, ops),
                types_list(ctx, &cargs)
            ));
        }
        let bargs = arg_types(ctx, b);
        if !lists_compat(ctx, ops, &bargs) {
            return Err(format!(
                "expect operands are compatible with body block arguments but got {} vs {}",
                types_list(ctx, ops),
                types_list(ctx, &bargs)
            ));
        }
        let brets = ret_types(ctx, b);
        if !lists_compat(ctx, ops, &brets) {
            return Err(format!(
                "expect operands are compatible with body block return types but got {} vs {}",
                types_list(ctx, ops),
                types_list(ctx, &brets)
            ));
        }
        let crets = ret_types(ctx, c);
        if crets.len() != 1 {
            return Err(format!("expect condition body returns a single value but got {}", crets.len()));
        }
        let ok = shape_of(ctx, crets[0]).is_some_and(|s| s.is_empty()) && is_pred(ctx, elem_of(ctx, crets[0]));
        if !ok {
            return Err(format!(
                "expect condition block return a zero-ranked tensor of i1 but got {}",
                quoted(ctx, crets[0])
            ));
        }
    }
    Ok(ops.iter().map(|t| TyDesc::Type(*t)).collect())
}

/// map (C1-C5).
pub fn infer_map(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let ctx = cx.ctx;
    let first = cx.operand(0)?;
    let shape = shape_of(ctx, first).map(|s| s.to_vec()).unwrap_or_default();
    let Some(b) = cx.regions.first().and_then(|r| entry(ctx, *r)) else {
        return Err("expects a non-empty computation".into());
    };
    let args = arg_types(ctx, b);
    if args.len() != cx.operands.len() {
        return Err(format!(
            "expects number of operands to match the arity of map computation, but got: {} and {}",
            cx.operands.len(),
            args.len()
        ));
    }
    for (i, a) in args.iter().enumerate() {
        if rank_of(ctx, *a) != Some(0) {
            return Err(format!(
                "computation arguments must be 0-rank tensor, but got: arg #{i} of type {}",
                quoted(ctx, *a)
            ));
        }
        if elem_of(ctx, *a) != elem_of(ctx, cx.operands[i]) {
            return Err(format!(
                "element type of operands and computation arguments must match, but got: {} and {}",
                quoted(ctx, elem_of(ctx, cx.operands[i])),
                quoted(ctx, elem_of(ctx, *a))
            ));
        }
    }
    let rets = ret_types(ctx, b);
    if rets.len() != 1 {
        return Err(format!("computation must return single output, but got: {}", rets.len()));
    }
    if rank_of(ctx, rets[0]) != Some(0) {
        return Err(format!("computation must return 0-rank tensor, but got: {}", quoted(ctx, rets[0])));
    }
    let dims = cx.ints("dimensions").unwrap_or_default();
    if dims.len() != shape.len() {
        return Err(format!(
            "applied to a subset of dimensions currently not supported: operand dimensions = {}, requested map dimensions size = {}",
            shape.len(),
            dims.len()
        ));
    }
    if dims.iter().enumerate().any(|(i, d)| *d != i as i64) {
        return Err(format!("requires monotonically increasing dimension numbers, but got: {}", join(&dims)));
    }
    Ok(vec![TyDesc::tensor(shape, elem_of(ctx, rets[0]))])
}

/// reduce (C1-C8).
pub fn infer_reduce(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let ctx = cx.ctx;
    let n = cx.operands.len() / 2;
    if !cx.operands.len().is_multiple_of(2) || n == 0 {
        return Err("expects the same number of inputs and init_values".into());
    }
    let (inputs, inits) = cx.operands.split_at(n);
    let s0 = shape_of(ctx, inputs[0]).map(|s| s.to_vec());
    for (i, t) in inputs.iter().enumerate().skip(1) {
        if let (Some(a), Some(b)) = (&s0, shape_of(ctx, *t)) {
            if !shapes_compat(a, b) {
                return Err(format!(
                    "expects all inputs to have compatible shapes. Shape at input-index {i} is not compatible with shape at input-index 0"
                ));
            }
        }
    }
    let dims = cx.ints("dimensions").unwrap_or_default();
    let mut sorted = dims.clone();
    sorted.sort();
    if sorted.windows(2).any(|w| w[0] == w[1]) {
        return Err(format!("Dimensions should be unique. Got: {}", join(&dims)));
    }
    let shape = s0.unwrap_or_default();
    for d in &dims {
        if *d < 0 || *d as usize >= shape.len() {
            return Err(format!("Out-of-bounds dimension {d}, expected to be in range [0, {})", shape.len()));
        }
    }
    for t in inits {
        if rank_of(ctx, *t).is_some_and(|r| r != 0) {
            return Err(format!("init_values must be 0-D tensors, but got {}", quoted(ctx, *t)));
        }
    }
    let accs = match cx.regions.first().and_then(|r| entry(ctx, *r)) {
        Some(b) => verify_reducer(ctx, b, inits, inputs, Some(0))?,
        None => inits.to_vec(),
    };
    let out: Vec<i64> =
        shape.iter().enumerate().filter(|(i, _)| !dims.contains(&(*i as i64))).map(|(_, d)| *d).collect();
    Ok(accs.iter().map(|a| TyDesc::tensor(out.clone(), elem_of(ctx, *a))).collect())
}

/// reduce_window (C1-C16).
pub fn infer_reduce_window(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let ctx = cx.ctx;
    let n = cx.operands.len() / 2;
    if !cx.operands.len().is_multiple_of(2) || n == 0 {
        return Err("expects the same number of inputs and init_values".into());
    }
    let (inputs, inits) = cx.operands.split_at(n);
    let shape = shape_of(ctx, inputs[0]).map(|s| s.to_vec()).unwrap_or_default();
    let rank = shape.len();
    let wd = cx.ints("window_dimensions").unwrap_or_default();
    let ones = vec![1; rank];
    let ws = cx.ints("window_strides").unwrap_or_else(|| ones.clone());
    let bd = cx.ints("base_dilations").unwrap_or_else(|| ones.clone());
    let wdl = cx.ints("window_dilations").unwrap_or_else(|| ones.clone());
    // C2.
    for (i, t) in inputs.iter().enumerate().skip(1) {
        if let (Some(a), Some(b)) = (shape_of(ctx, inputs[0]), shape_of(ctx, *t)) {
            if !shapes_compat(a, b) {
                return Err(format!(
                    "expects all inputs to have compatible shapes. Shape at input-index {i} is not compatible with shape at input-index 0"
                ));
            }
        }
    }
    if wd.len() != rank {
        return Err(format!("expects window-dimensions size == input rank, but got window-dimensions size: {} and input: {} with rank = {rank}.", wd.len(), quoted(ctx, inputs[0])));
    }
    let pad = match cx.attr("padding") {
        Some(a) => super::linalg::padding_pairs(ctx, a)?,
        None => vec![0; 2 * rank],
    };
    super::linalg::check_window_attr_sizes(
        rank,
        &[
            ("window-strides", ws.len()),
            ("base-dilation factors", bd.len()),
            ("window-dilation factors", wdl.len()),
            ("padding-entries", pad.len() / 2),
        ],
    )?;
    let window = super::linalg::Window::new(&wd, &ws, &pad, &bd, &wdl, "")?;
    let out = window.output_shape(&shape);
    let accs = match cx.regions.first().and_then(|r| entry(ctx, *r)) {
        Some(b) => verify_reducer(ctx, b, inits, inputs, Some(0))?,
        None => inits.to_vec(),
    };
    Ok(accs.iter().map(|a| TyDesc::tensor(out.clone(), elem_of(ctx, *a))).collect())
}

/// select_and_scatter (C1-C12), in StableHLO's order: the select and scatter regions, the window
/// attributes, the source against the windows of the operand, then the result.
pub fn verify_select_and_scatter(ctx: &Context, op: OpId) -> Result<(), String> {
    let ops: Vec<Type> = ctx.operands(op).iter().map(|v| ctx.value_type(*v)).collect();
    if ops.len() != 3 {
        return Ok(());
    }
    let regions = ctx.op_regions(op);
    if let Some(b) = regions.first().and_then(|r| entry(ctx, *r)) {
        let args = arg_types(ctx, b);
        if args.len() != 2 {
            return Err(format!("expects the select-region to take 2 parameters, but takes {}", args.len()));
        }
        let expect = elem_of(ctx, ops[0]);
        for a in &args {
            if rank_of(ctx, *a) != Some(0) || elem_of(ctx, *a) != expect {
                return Err(format!(
                    "expects the type of select-region's parameter at index 0 to be 'tensor<{}>', but got {}",
                    fmt_type(ctx, expect),
                    quoted(ctx, *a)
                ));
            }
        }
        let rets = ret_types(ctx, b);
        if rets.len() != 1 || rank_of(ctx, rets[0]) != Some(0) || !is_pred(ctx, elem_of(ctx, rets[0])) {
            return Err(format!(
                "expects select-region to return single value of type 'tensor<i1>', but got {}",
                types_list(ctx, &rets)
            ));
        }
    }
    let mut acc = None;
    if let Some(b) = regions.get(1).and_then(|r| entry(ctx, *r)) {
        acc = verify_reducer(ctx, b, &[ops[2]], &[ops[1]], Some(0))?.first().copied();
    }
    let ints = |name: &str| ctx.attr(op, name).and_then(|a| attr_i64s(ctx, a)).unwrap_or_default();
    let wd = ints("window_dimensions");
    let operand_shape = shape_of(ctx, ops[0]).map(|s| s.to_vec());
    if let Some(s) = &operand_shape {
        if s.len() != wd.len() {
            return Err(format!(
                "expects window-dimensions size == operand rank, but got window-dimensions size: {} and operand-type: {} with rank = {}.",
                wd.len(),
                quoted(ctx, ops[0]),
                s.len()
            ));
        }
    }
    let pad = match ctx.attr(op, "padding") {
        Some(a) => super::linalg::padding_pairs(ctx, a)?,
        None => vec![],
    };
    let ws = ints("window_strides");
    // Absent attributes default to one entry per window dimension.
    let given: Vec<(&str, usize)> = [("window-strides", ws.len()), ("padding-entries", pad.len() / 2)]
        .into_iter()
        .filter(|(_, n)| *n != 0)
        .collect();
    super::linalg::check_window_attr_sizes(wd.len(), &given)?;
    let ones = vec![1; wd.len()];
    let ws = if ws.is_empty() { ones.clone() } else { ws };
    let pad = if pad.is_empty() { vec![0; 2 * wd.len()] } else { pad };
    let window = super::linalg::Window::new(&wd, &ws, &pad, &ones, &ones, "")?;
    if let Some(s) = &operand_shape {
        // C1, C2 (floats of any precision match, as in StableHLO).
        let expect = window.output_shape(s);
        let (se, oe) = (elem_of(ctx, ops[1]), elem_of(ctx, ops[0]));
        let same_elem = se == oe || (float_elem(ctx, se).is_some() && float_elem(ctx, oe).is_some());
        let shape_ok = shape_of(ctx, ops[1]).is_none_or(|src| shapes_compat(src, &expect));
        if !same_elem || !shape_ok {
            return Err(format!(
                "expects source-type to be '{}', but got{}",
                fmt_desc(ctx, &TyDesc::tensor(expect, oe)),
                quoted(ctx, ops[1])
            ));
        }
    }
    let r = ctx.value_type(ctx.result(op, 0));
    if !types_compat(ctx, r, ops[0])
        && shape_of(ctx, r).zip(shape_of(ctx, ops[0])).is_some_and(|(a, b)| !shapes_compat(a, b))
    {
        return Err(format!(
            "expects the result to have the same shape as the operand, but got {} and {}",
            quoted(ctx, r),
            quoted(ctx, ops[0])
        ));
    }
    // C12: the result's element type is the scatter region's.
    if let (Some(acc), Some(s)) = (acc, &operand_shape) {
        if !elems_compat(ctx, elem_of(ctx, r), elem_of(ctx, acc)) {
            let inferred = TyDesc::tensor(s.clone(), elem_of(ctx, acc));
            return Err(format!(
                "inferred type(s) '{}' are incompatible with return type(s) of operation {}",
                fmt_desc(ctx, &inferred),
                quoted(ctx, r)
            ));
        }
    }
    Ok(())
}

/// sort (C1-C5).
pub fn verify_sort(ctx: &Context, op: OpId) -> Result<(), String> {
    let ops: Vec<Type> = ctx.operands(op).iter().map(|v| ctx.value_type(*v)).collect();
    if ops.is_empty() {
        return Err("expected at least 1 operand".into());
    }
    let s0 = shape_of(ctx, ops[0]).map(|s| s.to_vec());
    for t in &ops {
        if let (Some(a), Some(b)) = (&s0, shape_of(ctx, *t)) {
            if !shapes_compat(a, b) {
                return Err("requires the same shape for all operands".into());
            }
        }
    }
    if let Some(s) = &s0 {
        let rank = s.len() as i64;
        let d = ctx.attr(op, "dimension").and_then(|a| attr_int(ctx, a)).unwrap_or(-1);
        if d < -rank || d >= rank {
            return Err(format!("dimension attribute value must be in range [-{rank}, {rank}), but found {d}"));
        }
    }
    if let Some(b) = ctx.op_regions(op).first().and_then(|r| entry(ctx, *r)) {
        let args = arg_types(ctx, b);
        if args.len() != 2 * ops.len() {
            return Err(format!("comparator block should have {} arguments", 2 * ops.len()));
        }
        for (i, t) in ops.iter().enumerate() {
            let e = elem_of(ctx, *t);
            for j in [2 * i, 2 * i + 1] {
                let a = args[j];
                if rank_of(ctx, a) != Some(0) || elem_of(ctx, a) != e {
                    return Err(format!(
                        "comparator block argument #{j} should be of type 'tensor<{}>' but got {}",
                        fmt_type(ctx, e),
                        quoted(ctx, a)
                    ));
                }
            }
        }
        let rets = ret_types(ctx, b);
        if rets.len() != 1 {
            return Err(format!("comparator must return single output but got {}", rets.len()));
        }
        if rank_of(ctx, rets[0]) != Some(0) || !is_pred(ctx, elem_of(ctx, rets[0])) {
            return Err(format!("comparator must return tensor<i1> but got {}", quoted(ctx, rets[0])));
        }
    }
    Ok(())
}

fn valid_op_name(s: &str) -> bool {
    let mut parts = s.split('.');
    let Some(first) = parts.next() else { return false };
    let ident = |p: &str, first: bool| {
        !p.is_empty()
            && p.chars()
                .enumerate()
                .all(|(i, c)| c.is_ascii_alphanumeric() || c == '_' || c == '$' || (i > 0 && c == '-'))
            && !(first && p.starts_with(|c: char| c.is_ascii_digit()))
    };
    let rest: Vec<&str> = parts.collect();
    ident(first, true) && !rest.is_empty() && rest.iter().all(|p| ident(p, false))
}

/// Find a symbol (`sym_name`) in the nearest enclosing symbol table of `op`.
pub fn lookup_symbol(ctx: &Context, op: OpId, name: &str) -> Option<OpId> {
    let mut cur = ctx.parent_op(op);
    while let Some(p) = cur {
        if ctx.op_has_trait(p, Traits::SYMBOL_TABLE) || ctx.op_name_of(p) == "builtin.module" {
            for r in ctx.op_regions(p) {
                for b in ctx.region_blocks(*r) {
                    for o in ctx.block_ops(*b) {
                        if let Some(a) = ctx.attr(o, "sym_name") {
                            if matches!(ctx.attr_kind(a), AttrKind::String { value, .. } if value == name) {
                                return Some(o);
                            }
                        }
                    }
                }
            }
        }
        cur = ctx.parent_op(p);
    }
    None
}

/// composite (C1-C4).
pub fn verify_composite(ctx: &Context, op: OpId) -> Result<(), String> {
    if let Some(a) = ctx.attr(op, "name") {
        let ok = matches!(ctx.attr_kind(a), AttrKind::String { value, .. } if valid_op_name(value));
        if !ok {
            return Err("name must be a valid namespaced op name".into());
        }
    }
    let Some(dec) = ctx.attr(op, "decomposition") else { return Ok(()) };
    let AttrKind::SymbolRef { root, .. } = ctx.attr_kind(dec) else { return Ok(()) };
    let name = ctx.str(*root);
    let Some(f) = lookup_symbol(ctx, op, name) else {
        return Err(format!("'{name}' does not reference a valid function"));
    };
    let Some(ft) = ctx.attr(f, "function_type") else {
        return Err(format!("'{name}' does not reference a valid function"));
    };
    let AttrKind::Type(ft) = ctx.attr_kind(ft) else { return Ok(()) };
    let TypeKind::Function { inputs, results } = ctx.type_kind(*ft) else { return Ok(()) };
    let ops: Vec<Type> = ctx.operands(op).iter().map(|v| ctx.value_type(*v)).collect();
    let res: Vec<Type> = ctx.results(op).map(|v| ctx.value_type(v)).collect();
    if ops.len() != inputs.len() {
        return Err(format!("has {} operand(s), but decomposition has {}", ops.len(), inputs.len()));
    }
    for (i, (a, b)) in ops.iter().zip(inputs).enumerate() {
        if a != b {
            return Err(format!(
                "operand at index {i} has type {}, but decomposition has type {}",
                quoted(ctx, *a),
                quoted(ctx, *b)
            ));
        }
    }
    if res.len() != results.len() {
        return Err(format!("has {} result(s), but decomposition has {}", res.len(), results.len()));
    }
    for (i, (a, b)) in res.iter().zip(results).enumerate() {
        if a != b {
            return Err(format!(
                "result at index {i} has type {}, but decomposition has type {}",
                quoted(ctx, *a),
                quoted(ctx, *b)
            ));
        }
    }
    Ok(())
}

fn layout_list(ctx: &Context, a: strata_ir::Attribute) -> Vec<strata_ir::Attribute> {
    match ctx.attr_kind(a) {
        AttrKind::Array(xs) => xs.clone(),
        _ => vec![],
    }
}

/// custom_call (C1-C6 and StableHLO's layout/alias checks).
pub fn verify_custom_call(ctx: &Context, op: OpId) -> Result<(), String> {
    let api = ctx.attr(op, "api_version").map(|a| match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => CustomCallApiVersion::from_i64(*value as i64),
        _ => CustomCallApiVersion::parse_from_attr(ctx, a).ok(),
    });
    let api = api.flatten().unwrap_or(CustomCallApiVersion::API_VERSION_ORIGINAL);
    if let Some(bc) = ctx.attr(op, "backend_config") {
        let is_str = matches!(ctx.attr_kind(bc), AttrKind::String { .. });
        let is_dict = matches!(ctx.attr_kind(bc), AttrKind::Dictionary(_));
        if api == CustomCallApiVersion::API_VERSION_TYPED_FFI {
            if !is_dict && !is_str {
                return Err(
                    "backend_config for api_version API_VERSION_TYPED_FFI must be a dictionary attribute".into()
                );
            }
        } else if !is_str {
            return Err(format!("backend_config for api_version {} must be a string attribute", api.as_str()));
        }
    }
    let ops: Vec<Type> = ctx.operands(op).iter().map(|v| ctx.value_type(*v)).collect();
    let res: Vec<Type> = ctx.results(op).map(|v| ctx.value_type(v)).collect();
    let (ol, rl) = (ctx.attr(op, "operand_layouts"), ctx.attr(op, "result_layouts"));
    if ol.is_some() != rl.is_some() {
        return Err("Layout attributes should be specified for either both operands and results or none".into());
    }
    if let (Some(ol), Some(rl)) = (ol, rl) {
        let check = |types: &[Type], layouts: &[strata_ir::Attribute], what: &str| -> Result<(), String> {
            if types.len() != layouts.len() {
                return Err(format!(
                    "Number of {what}s must match the number of {what} layouts, {} != {}",
                    types.len(),
                    layouts.len()
                ));
            }
            for (t, l) in types.iter().zip(layouts) {
                if matches!(ctx.type_kind(*t), TypeKind::Tuple(_)) {
                    return Err("Tuple types are not fully supported with layout constraints yet".into());
                }
                let vals = attr_i64s(ctx, *l).unwrap_or_default();
                let rank = rank_of(ctx, *t).unwrap_or(0);
                let mut sorted = vals.clone();
                sorted.sort();
                if sorted != (0..rank as i64).collect::<Vec<_>>() {
                    return Err(format!(
                        "incorrect layout {} for type {}, layout must be a permutation of [0, {rank})",
                        fmt_attr(ctx, *l),
                        quoted(ctx, *t)
                    ));
                }
            }
            Ok(())
        };
        let res_flat: Vec<Type> = if res.len() == 1 {
            match ctx.type_kind(res[0]) {
                TypeKind::Tuple(es) => {
                    if es.iter().any(|e| matches!(ctx.type_kind(*e), TypeKind::Tuple(_))) {
                        return Err("Tuple types are not fully supported with layout constraints yet".into());
                    }
                    es.clone()
                }
                _ => res.clone(),
            }
        } else {
            res.clone()
        };
        check(&ops, &layout_list(ctx, ol), "operand")?;
        check(&res_flat, &layout_list(ctx, rl), "result")?;
    }
    if let Some(aliases) = ctx.attr(op, "output_operand_aliases") {
        for a in layout_list(ctx, aliases) {
            let al = OutputOperandAlias::parse_from_attr(ctx, a)?;
            let Some(mut ot) = ops.get(al.operand_index as usize).copied().filter(|_| al.operand_index >= 0) else {
                return Err(format!(
                    "expects operandIndex in the output_operand_alias attribute to be in range [0, {}); got: {}.",
                    ops.len(),
                    al.operand_index
                ));
            };
            for i in &al.operand_tuple_indices {
                match ctx.type_kind(ot) {
                    TypeKind::Tuple(es) if *i >= 0 && (*i as usize) < es.len() => ot = es[*i as usize],
                    _ => return Err("operand_tuple_indices in the output_operand_alias attribute out of bounds".into()),
                }
            }
            let mut rt = if res.len() == 1 { res[0] } else { ctx.value_type(ctx.result(op, 0)) };
            let tuple_res = res.len() > 1;
            for (k, i) in al.output_tuple_indices.iter().enumerate() {
                if k == 0 && tuple_res {
                    match res.get(*i as usize) {
                        Some(t) if *i >= 0 => rt = *t,
                        _ => {
                            return Err(
                                "output_tuple_indices in the output_operand_alias attribute out of bounds".into()
                            )
                        }
                    }
                    continue;
                }
                match ctx.type_kind(rt) {
                    TypeKind::Tuple(es) if *i >= 0 && (*i as usize) < es.len() => rt = es[*i as usize],
                    _ => return Err("output_tuple_indices in the output_operand_alias attribute out of bounds".into()),
                }
            }
            if ot != rt {
                return Err(format!(
                    "shapes mismatch in the output_operand_alias attribute: operand part has type {} and output part has type {}",
                    quoted(ctx, ot),
                    quoted(ctx, rt)
                ));
            }
        }
    }
    Ok(())
}

// ----- async_start / async_done -----

/// The `T` of a `!stablehlo.future<T>` type, as written.
fn future_payload(ctx: &Context, t: Type) -> Option<&str> {
    match ctx.type_kind(t) {
        TypeKind::Dialect { dialect, body, .. } if ctx.str(*dialect) == "stablehlo" => {
            body.strip_prefix("future<")?.strip_suffix('>').map(str::trim)
        }
        _ => None,
    }
}

/// Type text without whitespace (a future's payload is kept as written).
fn squeezed(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The ops `async_start`'s body may hold (C2).
const ASYNC_BODY_OPS: &[&str] = &[
    "stablehlo.all_reduce",
    "stablehlo.all_gather",
    "stablehlo.all_to_all",
    "stablehlo.collective_permute",
    "stablehlo.reduce_scatter",
    "stablehlo.collective_broadcast",
    "stablehlo.slice",
    "stablehlo.dynamic_slice",
    "stablehlo.dynamic_update_slice",
];

/// The result types of `op` as one comma-separated list.
fn result_types_text(ctx: &Context, op: OpId) -> String {
    (0..ctx.num_results(op))
        .map(|i| strata_ir::printer::type_to_string(ctx, ctx.value_type(ctx.result(op, i))))
        .collect::<Vec<_>>()
        .join(", ")
}

/// async_start (C1-C4): the body holds one collective or slice op and a return, the op takes
/// async_start's operands, and the result is `!stablehlo.future<T>` of the op's result type.
/// (The spec's region form; an op without a body, as written with `called_computations`, is
/// left to its callee.)
pub fn verify_async_start(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(&region) = ctx.op_regions(op).first() else { return Ok(()) };
    let body = match ctx.region_blocks(region) {
        [block] => ctx.block_ops_vec(*block),
        _ => Vec::new(),
    };
    if body.len() != 2 || ctx.op_name_of(body[1]) != "stablehlo.return" {
        return Err("body must contain a single operation and a return".into());
    }
    let inner = body[0];
    let name = ctx.op_name_of(inner);
    if !ASYNC_BODY_OPS.contains(&name) {
        return Err(format!(
            "the operation in body must be a collective (all_reduce, all_gather, all_to_all, collective_permute, \
             reduce_scatter, collective_broadcast) or a slice (slice, dynamic_slice, dynamic_update_slice), but got '{name}'"
        ));
    }
    if ctx.operands(inner) != ctx.operands(op) {
        return Err(format!("operands must be the ones passed to '{name}' in body"));
    }
    let expected = result_types_text(ctx, inner);
    let got = result_types_text(ctx, op);
    let ok = ctx.num_results(op) == 1
        && future_payload(ctx, ctx.value_type(ctx.result(op, 0))).is_some_and(|t| squeezed(t) == squeezed(&expected));
    if !ok {
        return Err(format!("result type must be '!stablehlo.future<{expected}>', but got '{got}'"));
    }
    Ok(())
}

/// async_done (C1): the results are the `T` of the operand's `!stablehlo.future<T>`.
pub fn verify_async_done(ctx: &Context, op: OpId) -> Result<(), String> {
    let operands = ctx.operands(op);
    let [future] = operands else { return Ok(()) };
    let t = ctx.value_type(*future);
    let Some(payload) = future_payload(ctx, t) else {
        return Err(format!(
            "operand must be a !stablehlo.future, but got '{}'",
            strata_ir::printer::type_to_string(ctx, t)
        ));
    };
    let got = result_types_text(ctx, op);
    if squeezed(payload) != squeezed(&got) {
        return Err(format!("result type(s) must be '{payload}' (the T of the operand's future<T>), but got '{got}'"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn op_names() {
        for bad in ["foo", "foo.", "0.foo", "foo.foo.%"] {
            assert!(!super::valid_op_name(bad), "{bad}");
        }
        for good in ["stablehlo.identity", "a.b.c", "my_dialect.op$1"] {
            assert!(super::valid_op_name(good), "{good}");
        }
    }
}
