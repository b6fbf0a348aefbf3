//! The `tensor` dialect: every op of MLIR 22's `TensorOps.td` (generated table
//! `ods/gen_tensor.rs`), syntax from the declarative formats (`DynamicIndexList` in
//! `ods/custom.rs`), result names as MLIR (`%extracted_slice`, `%dim`, ...), verifiers, and
//! the folder of `tensor.extract` (MLIR's `ExtractOp::fold`).

use crate::ods::DialectBuilder;
use strata_ir::attributes::dense_element;
use strata_ir::dialect::FoldResult;
use strata_ir::{AttrKind, Attribute, Context, OpId, Value};

fn result_name(ctx: &Context, op: OpId) -> Option<String> {
    let n = ctx.op_name_of(op).strip_prefix("tensor.")?;
    Some(
        match n {
            "cast" => "cast",
            "collapse_shape" => "collapsed",
            "concat" => "concat",
            "dim" => "dim",
            "expand_shape" => "expanded",
            "extract" => "extracted",
            "extract_slice" => "extracted_slice",
            "from_elements" => "from_elements",
            "gather" => "gather",
            "generate" => "generated",
            "insert" => "inserted",
            "insert_slice" => "inserted_slice",
            "pad" => "padded",
            "rank" => "rank",
            "reshape" => "reshape",
            "scatter" => "scatter",
            "splat" => "splat",
            _ => return None,
        }
        .to_string(),
    )
}

/// MLIR's `ExtractOp::fold`: the splat value of a constant source; the element of a
/// `tensor.from_elements` or of a dense constant at constant in-range indices; the scalar of a
/// `tensor.insert` at the same (constant) indices.
fn fold_extract(ctx: &mut Context, op: OpId, cst: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let src = cst.first().copied().flatten();
    if let Some(a) = src {
        if let AttrKind::DenseElements { data, .. } = ctx.attr_kind(a) {
            if data.splat {
                return dense_element(ctx, a, None).map(|r| vec![FoldResult::Attr(r)]);
            }
        }
    }
    let mut idx = Vec::new();
    for c in cst.iter().skip(1) {
        match c.map(|a| ctx.attr_kind(a)) {
            Some(AttrKind::Integer { value, .. }) => idx.push(*value),
            _ => return None,
        }
    }
    let source = *ctx.operands(op).first()?;
    let ty = ctx.value_type(source);
    let shape: Vec<i64> = ctx.type_kind(ty).shape()?.to_vec();
    if shape.len() != idx.len() {
        return None;
    }
    // The row-major position, if every index is in range of a static shape.
    let mut linear: Option<usize> = Some(0);
    for (i, d) in idx.iter().zip(&shape) {
        linear = match linear {
            Some(l) if *d >= 0 && *i >= 0 && *i < *d as i128 => Some(l * *d as usize + *i as usize),
            _ => None,
        };
    }
    if let Some(def) = ctx.defining_op(source) {
        if ctx.op_name_of(def) == "tensor.from_elements" {
            // As MLIR: the row-major position, bounded by the element count only.
            let (mut flat, mut stride) = (0i128, 1i128);
            for (i, d) in idx.iter().zip(&shape).rev() {
                flat += i * stride;
                stride *= *d as i128;
            }
            let elems = ctx.operands(def);
            if flat < 0 || flat >= elems.len() as i128 {
                return None;
            }
            return Some(vec![FoldResult::Value(elems[flat as usize])]);
        }
    }
    if let (Some(a), Some(l)) = (src, linear) {
        if let Some(r) = dense_element(ctx, a, Some(l)) {
            return Some(vec![FoldResult::Attr(r)]);
        }
    }
    // extract(insert(%s, %t[idx]), idx) -> %s (indices equal as values or as constants).
    let def = ctx.defining_op(source)?;
    if ctx.op_name_of(def) != "tensor.insert" {
        return None;
    }
    let ins = ctx.operands(def);
    let ext = &ctx.operands(op)[1..];
    let scalar = *ins.first()?;
    let same = |a: Value, b: Value| a == b || constant_of(ctx, a).is_some_and(|x| Some(x) == constant_of(ctx, b));
    if ctx.value_type(scalar) != ctx.value_type(ctx.result(op, 0))
        || ins.len() != ext.len() + 2
        || !ins[2..].iter().zip(ext).all(|(a, b)| same(*a, *b))
    {
        return None;
    }
    Some(vec![FoldResult::Value(scalar)])
}

/// The `value` of a constant op defining `v`.
fn constant_of(ctx: &Context, v: Value) -> Option<Attribute> {
    let d = ctx.defining_op(v)?;
    if !ctx.op_has_trait(d, strata_ir::dialect::Traits::CONSTANT_LIKE) {
        return None;
    }
    ctx.attr(d, "value")
}

/// Register the `tensor` dialect.
pub fn register(ctx: &mut Context) {
    let mut b = DialectBuilder::new("tensor", crate::ods::gen_tensor::OPS);
    for (info, _) in b.entries() {
        info.asm_result_names = Some(result_name);
    }
    b.op("tensor.extract").0.fold = Some(fold_extract);
    let mut d = b.finish(ctx);
    d.materialize_constant = Some(crate::arith_fold::materialize);
    ctx.register_dialect(d);
}
