//! Elementwise ops (spec: abs … xor, compare, select, clamp, convert, bitcast_convert,
//! reduce_precision, constant, uniform_quantize/dequantize): inference and verification.

use strata_ir::{AttrKind, Context, OpId, Type, TypeKind};

use super::attrs::{ComparisonDirection, ComparisonType, ResultAccuracy};
use super::quant::quant_type;
use super::types::*;
use super::InferCx;

fn operand_types(ctx: &Context, op: OpId) -> Vec<Type> {
    ctx.operands(op).iter().map(|v| ctx.value_type(*v)).collect()
}

fn result_types(ctx: &Context, op: OpId) -> Vec<Type> {
    ctx.results(op).map(|v| ctx.value_type(v)).collect()
}

/// Result type = first operand's type (`HLO_CompatibleOperandsAndResultType` ops).
pub fn infer_same(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    Ok(vec![TyDesc::Type(cx.operand(0)?)])
}

fn with_elem(cx: &InferCx, t: Type, elem: ElemDesc) -> Result<TyDesc, String> {
    match cx.ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, encoding, .. } => {
            Ok(TyDesc::Tensor { shape: shape.clone(), elem, encoding: *encoding })
        }
        _ => Err(format!("expected a ranked tensor but got '{}'", fmt_type(cx.ctx, t))),
    }
}

/// abs: complex<E> → E, otherwise the operand type (C1-C2).
pub fn infer_abs(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let t = cx.operand(0)?;
    let e = elem_of(cx.ctx, t);
    match cx.ctx.type_kind(e) {
        TypeKind::Complex(c) => Ok(vec![with_elem(cx, t, ElemDesc::Type(*c))?]),
        _ => Ok(vec![TyDesc::Type(t)]),
    }
}

/// real/imag: complex<E> → E; floats unchanged.
pub fn infer_real_imag(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    infer_abs(cx)
}

/// is_finite: i1 tensor of the operand's shape.
pub fn infer_is_finite(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let t = cx.operand(0)?;
    Ok(vec![with_elem(cx, t, ElemDesc::Int(1, strata_ir::Signedness::Signless))?])
}

/// compare: i1 tensor of the operands' shape (C1-C4).
pub fn infer_compare(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let t = cx.operand(0)?;
    if let Some(a) = cx.attr("comparison_direction") {
        ComparisonDirection::parse_from_attr(cx.ctx, a)?;
    }
    if let Some(a) = cx.attr("compare_type") {
        let ct = ComparisonType::parse_from_attr(cx.ctx, a)?;
        let e = elem_of(cx.ctx, t);
        let ok = match ct {
            ComparisonType::NOTYPE => true,
            ComparisonType::FLOAT => {
                float_elem(cx.ctx, e).is_some() || is_complex(cx.ctx, e) || quant_type(cx.ctx, e).is_some()
            }
            // C3: complex numbers have no total order, only FLOAT.
            ComparisonType::TOTALORDER => float_elem(cx.ctx, e).is_some() || quant_type(cx.ctx, e).is_some(),
            ComparisonType::SIGNED => {
                matches!(int_elem(cx.ctx, e), Some((w, s)) if w > 1 && s != strata_ir::Signedness::Unsigned)
            }
            ComparisonType::UNSIGNED => {
                matches!(int_elem(cx.ctx, e), Some((w, s)) if w == 1 || s == strata_ir::Signedness::Unsigned)
            }
        };
        if !ok {
            return Err(format!(
                "compare_type {} is not compatible with element type '{}'",
                ct.as_str(),
                fmt_type(cx.ctx, e)
            ));
        }
    }
    Ok(vec![with_elem(cx, t, ElemDesc::Int(1, strata_ir::Signedness::Signless))?])
}

/// complex: complex<E> of the operands' shape (C1-C3).
pub fn infer_complex(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let t = cx.operand(0)?;
    let e = elem_of(cx.ctx, t);
    if !matches!(float_elem(cx.ctx, e), Some(strata_ir::FloatKind::F32 | strata_ir::FloatKind::F64)) {
        return Err(format!(
            "operand #0 must be tensor of 32-bit float or 64-bit float values, but got '{}'",
            fmt_type(cx.ctx, t)
        ));
    }
    Ok(vec![with_elem(cx, t, ElemDesc::Complex(Box::new(ElemDesc::Type(e))))?])
}

/// The most specific of two compatible types (static dims win).
pub fn most_specific(ctx: &Context, a: Type, b: Type) -> TyDesc {
    match (ranked(ctx, a), ranked(ctx, b)) {
        (Some((sa, e, enc)), Some((sb, _, encb))) if sa.len() == sb.len() => {
            let shape = sa.iter().zip(sb).map(|(x, y)| if *x == DYN { *y } else { *x }).collect();
            TyDesc::Tensor { shape, elem: ElemDesc::Type(e), encoding: enc.or(encb) }
        }
        (None, Some(_)) => TyDesc::Type(b),
        _ => TyDesc::Type(a),
    }
}

/// select (C1-C2).
pub fn infer_select(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let ctx = cx.ctx;
    let (pred, on_true, on_false) = (cx.operand(0)?, cx.operand(1)?, cx.operand(2)?);
    if !is_pred(ctx, elem_of(ctx, pred)) {
        return Err(format!(
            "operand #0 must be ranked tensor of pred (AKA boolean or 1-bit integer) values, but got '{}'",
            fmt_type(ctx, pred)
        ));
    }
    if !types_compat(ctx, on_true, on_false) {
        return Err("requires compatible types for non-predicate operands".into());
    }
    let pr = rank_of(ctx, pred).unwrap_or(0);
    if pr != 0 {
        let ok = match (shape_of(ctx, pred), shape_of(ctx, on_true)) {
            (Some(p), Some(t)) => shapes_compat(p, t),
            _ => true,
        };
        if !ok {
            return Err("requires the same shape for all operands".into());
        }
    }
    Ok(vec![most_specific(ctx, on_true, on_false)])
}

/// clamp (C1-C2).
pub fn infer_clamp(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let ctx = cx.ctx;
    let (min, operand, max) = (cx.operand(0)?, cx.operand(1)?, cx.operand(2)?);
    let os = shape_of(ctx, operand).unwrap_or(&[]);
    for (name, t) in [("min", min), ("max", max)] {
        if let Some(s) = shape_of(ctx, t) {
            if !s.is_empty() && !shapes_compat(s, os) {
                return Err(format!(
                    "{name} shape {} is not scalar and is not compatible to operand shape {}",
                    fmt_dims(s),
                    fmt_dims(os)
                ));
            }
        }
    }
    Ok(vec![TyDesc::Type(operand)])
}

/// uniform_dequantize: the expressed type of the quantized operand.
pub fn infer_uniform_dequantize(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let t = cx.operand(0)?;
    let q = quant_type(cx.ctx, elem_of(cx.ctx, t))
        .ok_or_else(|| format!("operand #0 must be ranked tensor of per-tensor integer quantized or per-axis integer quantized values, but got '{}'", fmt_type(cx.ctx, t)))?;
    Ok(vec![with_elem(cx, t, ElemDesc::Float(q.expressed))?])
}

/// uniform_quantize: result is quantized; operand is float or quantized.
pub fn verify_uniform_quantize(ctx: &Context, op: OpId) -> Result<(), String> {
    let (o, r) = (operand_types(ctx, op), result_types(ctx, op));
    let (Some(o), Some(r)) = (o.first(), r.first()) else { return Ok(()) };
    if quant_type(ctx, elem_of(ctx, *r)).is_none() {
        return Err(format!("result #0 must be ranked tensor of per-tensor integer quantized or per-axis integer quantized values, but got '{}'", fmt_type(ctx, *r)));
    }
    let oe = elem_of(ctx, *o);
    let expected = match (float_elem(ctx, oe), quant_type(ctx, oe)) {
        (Some(k), _) => k,
        (None, Some(q)) => q.expressed,
        (None, None) => {
            return Err(format!("operand #0 must be ranked tensor of floating-point or per-tensor integer quantized or per-axis integer quantized values, but got '{}'", fmt_type(ctx, *o)))
        }
    };
    // C2: expressed_type(result) = is_float(operand) ? element_type(operand) : expressed_type(operand).
    if let Some(rq) = quant_type(ctx, elem_of(ctx, *r)) {
        if rq.expressed != expected {
            return Err(format!(
                "Expressed type of result expected to be '{}', but got '{}'",
                expected.mlir_name(),
                rq.expressed.mlir_name()
            ));
        }
    }
    Ok(())
}

/// `result_accuracy` (cbrt, cosine, exponential, ... tanh).
pub fn verify_accuracy(ctx: &Context, op: OpId) -> Result<(), String> {
    if let Some(a) = ctx.attr(op, "result_accuracy") {
        ResultAccuracy::parse_from_attr(ctx, a)?.verify()?;
    }
    Ok(())
}

/// Quantization constraints of add (StableHLO `verifyAddOp`, C1-C7 for quantized operands).
pub fn verify_binary_quant(ctx: &Context, op: OpId) -> Result<(), String> {
    if ctx.op_name_of(op) != "stablehlo.add" {
        return Ok(());
    }
    let o = operand_types(ctx, op);
    let r = result_types(ctx, op);
    if o.len() != 2 || r.len() != 1 {
        return Ok(());
    }
    let q = |t: Type| quant_type(ctx, elem_of(ctx, t));
    let (ql, qr, qres) = (q(o[0]), q(o[1]), q(r[0]));
    if ql.is_none() && qr.is_none() && qres.is_none() {
        return Ok(());
    }
    let (Some(ql), Some(qr), Some(qres)) = (ql, qr, qres) else {
        return Err("expects operands and result to be all quantized or all non-quantized".into());
    };
    if !ql.same_storage(&qres) || !qr.same_storage(&qres) {
        return Err("mismatched operands and result quantization storage types".into());
    }
    if ql.expressed != qres.expressed || qr.expressed != qres.expressed {
        return Err("mismatched operands and result quantization expressed types".into());
    }
    if !qres.is_per_axis() && (ql.is_per_axis() || qr.is_per_axis()) {
        return Err("result is not per_axis quantized but lhs or rhs are".into());
    }
    if ql.is_per_axis() && ql.quantization_dimension != qres.quantization_dimension {
        return Err("quantization_dimension of lhs and result are not same".into());
    }
    if qr.is_per_axis() && qr.quantization_dimension != qres.quantization_dimension {
        return Err("quantization_dimension of rhs and result are not same".into());
    }
    if qres.is_per_axis() && !ql.is_per_axis() && !qr.is_per_axis() {
        return Err("result per_axis quantized but none from rhs and lhs are per_axis quantized".into());
    }
    Ok(())
}

/// bitcast_convert (C1-C2).
pub fn verify_bitcast_convert(ctx: &Context, op: OpId) -> Result<(), String> {
    let (o, r) = (operand_types(ctx, op)[0], result_types(ctx, op)[0]);
    let (Some((os, oe, _)), Some((rs, re, _))) = (ranked(ctx, o), ranked(ctx, r)) else { return Ok(()) };
    if is_complex(ctx, oe) != is_complex(ctx, re) {
        return Err(format!(
            "cannot convert between real and complex types, but got: {} and {}",
            fmt_type(ctx, o),
            fmt_type(ctx, r)
        ));
    }
    let (Some(ob), Some(rb)) = (bit_width(ctx, oe), bit_width(ctx, re)) else { return Ok(()) };
    if ob == rb {
        if !shapes_compat(os, rs) {
            return Err(format!(
                "operand and result shapes must match except for the innermost dimension of the shape with the smaller element type. Got: '{}' and '{}'.",
                fmt_type(ctx, o),
                fmt_type(ctx, r)
            ));
        }
        return Ok(());
    }
    let (small_s, small_b, large_s, large_b) = if ob < rb { (os, ob, rs, rb) } else { (rs, rb, os, ob) };
    if small_s.len() != large_s.len() + 1 {
        return Err(format!(
            "rank of smaller element type ({}) should be 1 more than rank of larger element type ({}), but {} != {} + 1.",
            small_s.len(),
            large_s.len(),
            small_s.len(),
            large_s.len()
        ));
    }
    if !shapes_compat(&small_s[..large_s.len()], large_s) {
        return Err(format!(
            "operand and result shapes must match except for the innermost dimension of the shape with the smaller element type. Got: '{}' and '{}'.",
            fmt_type(ctx, o),
            fmt_type(ctx, r)
        ));
    }
    let last = *small_s.last().unwrap();
    if last != DYN && last * small_b as i64 != large_b as i64 {
        return Err(format!(
            "requires compatible bit widths. Got: '{}' and '{}', but {} * {} != {}.",
            fmt_type(ctx, o),
            fmt_type(ctx, r),
            small_b,
            last,
            large_b
        ));
    }
    Ok(())
}

/// reduce_precision (C2-C3).
pub fn verify_reduce_precision(ctx: &Context, op: OpId) -> Result<(), String> {
    if let Some(e) = ctx.attr(op, "exponent_bits").and_then(|a| attr_int(ctx, a)) {
        if e < 1 {
            return Err(format!("exponent_bits must be at least 1, but got {e}"));
        }
    }
    Ok(())
}

/// constant: the value's type matches the result (C1); quantized results take their storage.
pub fn verify_constant(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(v) = ctx.attr(op, "value") else { return Ok(()) };
    let r = result_types(ctx, op)[0];
    let vt = match ctx.attr_kind(v) {
        AttrKind::DenseElements { ty, .. } | AttrKind::DenseResource { ty, .. } | AttrKind::DenseStrings { ty, .. } => {
            *ty
        }
        _ => return Err("attribute 'value' failed to satisfy constraint: constant vector/tensor attribute".into()),
    };
    if vt == r {
        return Ok(());
    }
    if let (Some((vs, ve, _)), Some((rs, re, _))) = (ranked(ctx, vt), ranked(ctx, r)) {
        if vs == rs {
            if let Some(q) = quant_type(ctx, re) {
                if matches!(int_elem(ctx, ve), Some((w, _)) if w == q.storage_width) {
                    return Ok(());
                }
            }
        }
    }
    Err(format!(
        "inferred type(s) '{}' are incompatible with return type(s) of operation '{}'",
        fmt_type(ctx, vt),
        fmt_type(ctx, r)
    ))
}
