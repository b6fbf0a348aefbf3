//! Quantized StableHLO to float and integer math: what `stablehlo-legalize-quant-to-math` is
//! for, computed as the spec and Strata's reference interpreter compute it, so a compiled
//! program agrees with the interpreter bit for bit:
//!
//! 1. Every op on quantized values other than `uniform_quantize`/`uniform_dequantize` becomes
//!    the spec's `dequantize_op_quantize` (StableHLO's `stablehlo-legalize-quantized-op-to-qdq`):
//!    its quantized operands are dequantized, the op computes in the expressed type and its
//!    quantized results are quantized again. (StableHLO's own quant-to-math pass computes dot and
//!    convolution in integer arithmetic instead; the reference semantics are the float ones.)
//! 2. `uniform_quantize` and `uniform_dequantize` become StableHLO math on the storage type,
//!    step by step as `strata_reference::kernels::quant` rounds them:
//!    - dequantize: `convert(convert(q, wide) - zero_point, expressed) * scale`;
//!    - quantize: `round_nearest_even(clamp(min, x / scale + zero_point, max))` (NaN gives the
//!      zero clamped to the storage range), converted to the storage type through `i64`.
//!    - per-axis parameters are constant vectors broadcast along the quantization dimension.
//! 3. Quantized constants become constants of the storage type (the same bytes).
//!
//! A quantized value that crosses a function boundary, a block argument or a region of an op
//! (`reduce` bodies on quantized scalars) is not converted: the pass reports the op.

use strata_ir::rewrite::PatternRewriter;
use strata_ir::{AttrKind, Context, OpId, OperationState, Type, TypeKind, Value};
use strata_reference::value::{ElementType, Tensor};

use super::quant::{quant_element, QuantType};
use crate::chlo::legalize::{LegalizeError, D};

fn storage_elem(ctx: &mut Context, q: &QuantType) -> Type {
    ctx.intern_type(TypeKind::Integer {
        width: q.storage_width,
        signedness: if q.signed { strata_ir::Signedness::Signless } else { strata_ir::Signedness::Unsigned },
    })
}

fn expressed_elem(ctx: &mut Context, q: &QuantType) -> Type {
    ctx.intern_type(TypeKind::Float(q.expressed))
}

/// `t` with its quantized element type replaced by `f(quant)`; `None` when not quantized.
fn map_quant(ctx: &mut Context, t: Type, f: fn(&mut Context, &QuantType) -> Type) -> Option<Type> {
    let q = quant_element(ctx, t)?;
    let e = f(ctx, &q);
    Some(match ctx.type_kind(t).clone() {
        TypeKind::RankedTensor { shape, encoding, .. } => {
            ctx.intern_type(TypeKind::RankedTensor { shape, element: e, encoding })
        }
        TypeKind::UnrankedTensor { .. } => ctx.intern_type(TypeKind::UnrankedTensor { element: e }),
        _ => e,
    })
}

fn is_quantized(ctx: &Context, t: Type) -> bool {
    quant_element(ctx, t).is_some()
}

fn involves_quant(ctx: &Context, op: OpId) -> bool {
    ctx.operands(op).iter().any(|v| is_quantized(ctx, ctx.value_type(*v)))
        || ctx.results(op).any(|v| is_quantized(ctx, ctx.value_type(v)))
}

fn err(op: OpId, message: impl Into<String>) -> LegalizeError {
    LegalizeError { op, message: message.into() }
}

/// Convert every quantized op under `root`; the number of ops rewritten.
pub fn legalize_quant_to_math(ctx: &mut Context, root: OpId) -> Result<usize, LegalizeError> {
    let mut ops = Vec::new();
    ctx.walk_pre(root, &mut |o| {
        if o != root && involves_quant(ctx, o) {
            ops.push(o);
        }
    });
    // Block arguments of quantized type (function arguments, region arguments) stay out.
    let mut bad = None;
    ctx.walk_pre(root, &mut |o| {
        for &r in ctx.op_regions(o) {
            for &b in ctx.region_blocks(r) {
                if bad.is_none() && ctx.block_args(b).any(|a| is_quantized(ctx, ctx.value_type(a))) {
                    bad = Some(o);
                }
            }
        }
    });
    if let Some(o) = bad {
        return Err(err(o, "quantized block arguments (function or region arguments) are not converted to math"));
    }
    let mut count = 0;
    // 1. dequantize_op_quantize
    for &op in &ops {
        let name = ctx.op_name_of(op).to_string();
        if matches!(name.as_str(), "stablehlo.uniform_quantize" | "stablehlo.uniform_dequantize" | "stablehlo.constant")
        {
            continue;
        }
        if !name.starts_with("stablehlo.") || name == "stablehlo.return" {
            return Err(err(op, format!("'{name}' on quantized values is not converted to math")));
        }
        if !ctx.op_regions(op).is_empty() {
            return Err(err(op, format!("'{name}' with regions on quantized values is not converted to math")));
        }
        to_qdq(ctx, op)?;
        count += 1;
    }
    // 2. constants, quantize, dequantize. The parameters are read from the types first: once
    // a producer is rewritten its users see the storage type only.
    let mut work = Vec::new();
    ctx.walk_pre(root, &mut |o| {
        if o == root {
            return;
        }
        let n = ctx.op_name_of(o);
        let res_q = ctx.results(o).next().and_then(|r| quant_element(ctx, ctx.value_type(r)));
        let opd_q = ctx.operands(o).first().and_then(|v| quant_element(ctx, ctx.value_type(*v)));
        match n {
            "stablehlo.uniform_quantize" => work.push((o, Conv::Quantize, res_q, opd_q)),
            "stablehlo.uniform_dequantize" => work.push((o, Conv::Dequantize, res_q, opd_q)),
            "stablehlo.constant" if res_q.is_some() => work.push((o, Conv::Constant, res_q, opd_q)),
            _ => {}
        }
    });
    for (op, conv, res_q, opd_q) in work {
        match conv {
            Conv::Constant => constant_to_storage(ctx, op)?,
            Conv::Quantize => {
                let q = res_q.ok_or_else(|| err(op, "uniform_quantize to a non-quantized type"))?;
                quantize_to_math(ctx, op, &q, opd_q.as_ref())?
            }
            Conv::Dequantize => {
                let q = opd_q.ok_or_else(|| err(op, "uniform_dequantize of a non-quantized value"))?;
                dequantize_to_math(ctx, op, &q)?
            }
        }
        count += 1;
    }
    // Nothing quantized may be left.
    let mut left = None;
    ctx.walk_pre(root, &mut |o| {
        if left.is_none() && o != root && involves_quant(ctx, o) {
            left = Some(o);
        }
    });
    if let Some(o) = left {
        let name = ctx.op_name_of(o).to_string();
        return Err(err(o, format!("'{name}' still has quantized values after the conversion")));
    }
    Ok(count)
}

/// `op` on quantized values as dequantize → op in the expressed type → quantize.
fn to_qdq(ctx: &mut Context, op: OpId) -> Result<(), LegalizeError> {
    let loc = ctx.op(op).loc();
    let operands = ctx.operands(op).to_vec();
    let result_types: Vec<Type> = ctx.results(op).map(|v| ctx.value_type(v)).collect();
    let float_results: Vec<Type> =
        result_types.iter().map(|&t| map_quant(ctx, t, expressed_elem).unwrap_or(t)).collect();
    let float_operand_types: Vec<Option<Type>> =
        operands.iter().map(|v| map_quant(ctx, ctx.value_type(*v), expressed_elem)).collect();
    let data = ctx.op(op);
    let (name, properties, attributes) = (data.name(), data.properties().to_vec(), data.attributes().to_vec());
    let mut rw = PatternRewriter::new(ctx);
    rw.set_insertion_point_before(op);
    let mut d = D::new(&mut rw, loc);
    let mut new_operands = Vec::with_capacity(operands.len());
    for (v, ft) in operands.iter().zip(&float_operand_types) {
        new_operands.push(match ft {
            Some(t) => d.create1("stablehlo.uniform_dequantize", &[*v], &[], *t),
            None => *v,
        });
    }
    let mut st = OperationState::new(name, loc);
    st.operands = new_operands.into_iter().collect();
    st.result_types = float_results.clone();
    st.properties = properties;
    st.attributes = attributes;
    let new_op = d.rw.create(st);
    let mut results = Vec::with_capacity(result_types.len());
    for (i, (&t, &ft)) in result_types.iter().zip(&float_results).enumerate() {
        let r = d.rw.result(new_op, i);
        results.push(if t != ft { d.create1("stablehlo.uniform_quantize", &[r], &[], t) } else { r });
    }
    if let Some(e) = d.err.take() {
        return Err(err(op, e));
    }
    rw.replace_op(op, &results);
    Ok(())
}

fn constant_to_storage(ctx: &mut Context, op: OpId) -> Result<(), LegalizeError> {
    let t = ctx.value_type(ctx.result(op, 0));
    let st = map_quant(ctx, t, storage_elem).ok_or_else(|| err(op, "not a quantized constant"))?;
    let value = ctx.attr(op, "value").ok_or_else(|| err(op, "constant without a value"))?;
    // The same bytes as storage integers: `dense<...>` data, or MLIR's hex form
    // `dense<"0x...">` (raw little-endian storage values), which the parser keeps as a string
    // for a quantized element type.
    let data = match ctx.attr_kind(value).clone() {
        AttrKind::DenseElements { data, .. } => data,
        AttrKind::DenseStrings { values, .. } if values.len() == 1 && values[0].starts_with("0x") => {
            let hex = &values[0][2..];
            let bytes: Option<Vec<u8>> = (0..hex.len() / 2)
                .map(|i| hex.get(2 * i..2 * i + 2).and_then(|h| u8::from_str_radix(h, 16).ok()))
                .collect();
            let bytes = bytes.filter(|_| hex.len() % 2 == 0).ok_or_else(|| err(op, "malformed hex constant"))?;
            let q = quant_element(ctx, t).ok_or_else(|| err(op, "not a quantized constant"))?;
            let n: i64 = match ctx.type_kind(t) {
                TypeKind::RankedTensor { shape, .. } => shape.iter().product(),
                _ => 1,
            };
            let width = (q.storage_width as usize).div_ceil(8);
            if bytes.len() != width && bytes.len() != width * n as usize {
                return Err(err(op, "hex constant of the wrong size"));
            }
            strata_ir::attributes::DenseData { splat: bytes.len() == width && n != 1, bytes }
        }
        _ => return Err(err(op, "quantized constant without dense elements")),
    };
    let a = ctx.intern_attr(AttrKind::DenseElements { ty: st, data });
    let loc = ctx.op(op).loc();
    let mut rw = PatternRewriter::new(ctx);
    rw.set_insertion_point_before(op);
    let mut d = D::new(&mut rw, loc);
    let c = d.create1("stablehlo.constant", &[], &[("value", a)], st);
    rw.replace_op(op, &[c]);
    Ok(())
}

/// A constant of element type `elem` and the shape of `like`: a splat for per-tensor
/// parameters, a vector broadcast along the quantization dimension for per-axis ones.
fn param_const(d: &mut D, like: Value, q: &QuantType, values: &[f64], elem: ElementType) -> Value {
    if values.len() == 1 || q.quantization_dimension.is_none() {
        return if elem.is_float() { d.c(values[0], like) } else { d.ci(values[0] as i64, like) };
    }
    let axis = q.quantization_dimension.unwrap_or(0);
    let n = values.len() as i64;
    let t = d.ty(like);
    let (shape, e) = match d.rw.type_kind(t).clone() {
        TypeKind::RankedTensor { shape, element, .. } => (shape, element),
        _ => (vec![], t),
    };
    let tensor = if elem.is_float() {
        Tensor::from_f64s(elem, &[n], values)
    } else {
        Tensor::from_i64s(elem, &[n], &values.iter().map(|v| *v as i64).collect::<Vec<_>>())
    };
    let tensor = match tensor {
        Ok(t) => t,
        Err(e) => {
            d.fail(format!("quantization parameters: {e}"));
            return like;
        }
    };
    let vt = d.rw.intern_type(TypeKind::RankedTensor { shape: vec![n], element: e, encoding: None });
    let attr = d.rw.interner(|ctx| strata_reference::convert::dense_attr_from_tensor(ctx, &tensor));
    let c = d.create1("stablehlo.constant", &[], &[("value", attr)], vt);
    let dims = d.rw.interner(|ctx| {
        let i64t = ctx.int_type(64);
        ctx.intern_attr(AttrKind::DenseArray { element: i64t, values: vec![axis] })
    });
    let full = d.rw.intern_type(TypeKind::RankedTensor { shape, element: e, encoding: None });
    d.create1("stablehlo.broadcast_in_dim", &[c], &[("broadcast_dimensions", dims)], full)
}

fn element_type(ctx: &Context, e: Type) -> Option<ElementType> {
    strata_reference::convert::element_type_of(ctx, e)
}

/// `(s - zp) * scale` in the expressed type, from a storage-typed `s`.
fn dequantize_math(d: &mut D, op: OpId, s: Value, q: &QuantType) -> Result<Value, LegalizeError> {
    let wide = d.rw.int_type(if q.storage_width <= 16 { 32 } else { 64 });
    let we = if q.storage_width <= 16 { ElementType::SInt(32) } else { ElementType::SInt(64) };
    let ee = d.rw.interner(|ctx| expressed_elem(ctx, q));
    let fe = element_type(d.rw, ee).ok_or_else(|| err(op, "unsupported expressed type"))?;
    let c = d.convert(s, wide);
    let zps: Vec<f64> = q.zero_points.iter().map(|z| *z as f64).collect();
    let zp = param_const(d, c, q, &zps, we);
    let z = d.sub(c, zp);
    let f = d.convert(z, ee);
    let sc = param_const(d, f, q, &q.scales, fe);
    Ok(d.mul(f, sc))
}

/// `round_nearest_even(clamp(min, x / scale + zp, max))` converted to the storage type.
fn quantize_math(d: &mut D, op: OpId, x: Value, q: &QuantType) -> Result<Value, LegalizeError> {
    let ee = d.elem(x);
    let fe = element_type(d.rw, ee).ok_or_else(|| err(op, "unsupported expressed type"))?;
    let sc = param_const(d, x, q, &q.scales, fe);
    let scaled = d.div(x, sc);
    let zps: Vec<f64> = q.zero_points.iter().map(|z| *z as f64).collect();
    let zp = param_const(d, scaled, q, &zps, fe);
    let shifted = d.add(scaled, zp);
    let lo = d.c(q.storage_min as f64, shifted);
    let hi = d.c(q.storage_max as f64, shifted);
    let cl = d.clamp(lo, shifted, hi);
    let r = d.un("round_nearest_even", cl);
    let nan = d.cmp(shifted, shifted, crate::stablehlo::attrs::ComparisonDirection::NE);
    let zero = d.c(0i64.clamp(q.storage_min, q.storage_max) as f64, r);
    let r = d.select(nan, zero, r);
    let i64t = d.rw.int_type(64);
    let i = d.convert(r, i64t);
    let lo = d.ci(q.storage_min, i);
    let hi = d.ci(q.storage_max, i);
    let i = d.clamp(lo, i, hi);
    let se = d.rw.interner(|ctx| storage_elem(ctx, q));
    Ok(d.convert(i, se))
}

enum Conv {
    Constant,
    Quantize,
    Dequantize,
}

fn quantize_to_math(ctx: &mut Context, op: OpId, q: &QuantType, from: Option<&QuantType>) -> Result<(), LegalizeError> {
    let loc = ctx.op(op).loc();
    let x = ctx.operands(op)[0];
    let mut rw = PatternRewriter::new(ctx);
    rw.set_insertion_point_before(op);
    let mut d = D::new(&mut rw, loc);
    // A requantization: the operand (in storage form) is dequantized first, as the spec does.
    let x = match from {
        Some(src) => dequantize_math(&mut d, op, x, src)?,
        None => x,
    };
    let v = quantize_math(&mut d, op, x, q)?;
    if let Some(e) = d.err.take() {
        return Err(err(op, e));
    }
    rw.replace_op(op, &[v]);
    Ok(())
}

fn dequantize_to_math(ctx: &mut Context, op: OpId, q: &QuantType) -> Result<(), LegalizeError> {
    let loc = ctx.op(op).loc();
    let s = ctx.operands(op)[0];
    let mut rw = PatternRewriter::new(ctx);
    rw.set_insertion_point_before(op);
    let mut d = D::new(&mut rw, loc);
    let v = dequantize_math(&mut d, op, s, q)?;
    if let Some(e) = d.err.take() {
        return Err(err(op, e));
    }
    rw.replace_op(op, &[v]);
    Ok(())
}
