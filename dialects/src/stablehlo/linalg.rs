//! "Linear algebra" and indexing ops: dot, dot_general, convolution, dynamic_conv, gather,
//! dynamic_gather, scatter, fft, triangular_solve, cholesky, batch_norm_*, rng,
//! rng_bit_generator, einsum, torch_index_select.

use strata_ir::{Context, FloatKind, OpId, Type};

use super::attrs::{
    ConvDimensionNumbers, DotAlgorithm, DotDimensionNumbers, FftType, GatherDimensionNumbers, Precision,
    RngDistribution, ScatterDimensionNumbers, Transpose,
};
use super::quant::{quant_type, QuantType};
use super::types::*;
use super::InferCx;

fn ranked_or_err(ctx: &Context, t: Type) -> Result<(&[i64], Type), String> {
    ranked(ctx, t)
        .map(|(s, e, _)| (s, e))
        .ok_or_else(|| format!("expected a ranked tensor but got '{}'", fmt_type(ctx, t)))
}

fn q(ctx: &Context, t: Type) -> String {
    format!("'{}'", fmt_type(ctx, t))
}

fn any_elem(shape: Vec<i64>, e: Type) -> TyDesc {
    TyDesc::Tensor { shape, elem: ElemDesc::AnyOr(e), encoding: None }
}

// ----- batch norm -----

/// Batch norm's shape rules over its multi- and single-dimensional operands, after ODS's
/// `AllElementTypesMatch<names>` over the operands (C2; the results are held to the inferred
/// types).
fn batch_norm(cx: &InferCx, multi: &[Type], single: &[Type], names: &str) -> Result<(Vec<i64>, Type, i64), String> {
    let ctx = cx.ctx;
    let elems: Vec<Type> = cx.operands.iter().map(|t| ctx.type_kind(*t).element_type().unwrap_or(*t)).collect();
    if elems.iter().any(|e| *e != elems[0]) {
        return Err(format!("failed to verify that all of {{{names}}} have same element type"));
    }
    let (shape, e) = ranked_or_err(ctx, multi[0])?;
    let fi = cx.int("feature_index").unwrap_or(0);
    for m in &multi[1..] {
        if let Some(s) = shape_of(ctx, *m) {
            if !shapes_compat(s, shape) {
                return Err("expects multi-dimensional operands to have compatible shapes".into());
            }
        }
    }
    if fi < 0 || fi as usize >= shape.len() {
        return Err(format!(
            "expects featureIndex to be smaller than the rank of multi-dimensional operands; got featureIndex {fi}, and rank {}.",
            shape.len()
        ));
    }
    let mut single_dim = DYN;
    for s in single {
        let Some(ss) = shape_of(ctx, *s) else { continue };
        if ss.len() != 1 {
            return Err(format!("expects single-dimensional operands to have rank 1, got {}", q(ctx, *s)));
        }
        if !dim_compat(single_dim, ss[0]) {
            return Err("expects single-dimensional operands to have compatible shapes".into());
        }
        if single_dim == DYN {
            single_dim = ss[0];
        }
    }
    let fc = shape[fi as usize];
    if !dim_compat(fc, single_dim) {
        return Err(format!(
            "expects the size of single-dimensional operands to be compatible with feature count, but the size of single-dimensional operands is {single_dim} and the feature count is {fc}."
        ));
    }
    Ok((shape.to_vec(), e, if fc == DYN { single_dim } else { fc }))
}

/// batch_norm_training (C1-C7).
pub fn infer_batch_norm_training(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let ops = cx.operands;
    if ops.len() != 3 {
        return Err(format!("expected 3 operands, but got {}", ops.len()));
    }
    let (_, e, f) = batch_norm(cx, &ops[..1], &ops[1..], "operand, scale, offset, output, batch_mean, batch_var")?;
    Ok(vec![TyDesc::Type(ops[0]), TyDesc::tensor(vec![f], e), TyDesc::tensor(vec![f], e)])
}

/// batch_norm_inference (C1-C7).
pub fn infer_batch_norm_inference(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let ops = cx.operands;
    if ops.len() != 5 {
        return Err(format!("expected 5 operands, but got {}", ops.len()));
    }
    batch_norm(cx, &ops[..1], &ops[1..], "operand, scale, offset, mean, variance, result")?;
    Ok(vec![TyDesc::Type(ops[0])])
}

/// batch_norm_grad (C1-C7).
pub fn infer_batch_norm_grad(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let ops = cx.operands;
    if ops.len() != 5 {
        return Err(format!("expected 5 operands, but got {}", ops.len()));
    }
    let (_, e, f) = batch_norm(
        cx,
        &[ops[0], ops[4]],
        &ops[1..4],
        "operand, scale, mean, variance, grad_output, grad_operand, grad_scale, grad_offset",
    )?;
    Ok(vec![TyDesc::Type(ops[0]), TyDesc::tensor(vec![f], e), TyDesc::tensor(vec![f], e)])
}

// ----- cholesky, triangular_solve -----

/// cholesky (C1-C3).
pub fn infer_cholesky(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let a = cx.operand(0)?;
    let (s, _) = ranked_or_err(cx.ctx, a)?;
    if s.len() < 2 {
        return Err(format!("argument 'a' must have rank >= 2, got shape {}", join(s)));
    }
    let (m, n) = (s[s.len() - 2], s[s.len() - 1]);
    if !dim_compat(m, n) {
        return Err(format!("minor dimensions of 'a' must have equal size, got shape {}", join(s)));
    }
    Ok(vec![TyDesc::Type(a)])
}

/// triangular_solve (C1-C5).
pub fn infer_triangular_solve(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let ctx = cx.ctx;
    let (a, b) = (cx.operand(0)?, cx.operand(1)?);
    let (sa, _) = ranked_or_err(ctx, a)?;
    let (sb, _) = ranked_or_err(ctx, b)?;
    let r = sa.len();
    if r < 2 {
        return Err(format!("operand 'a' must have rank >= 2, but got {}", q(ctx, a)));
    }
    if !dim_compat(sa[r - 2], sa[r - 1]) {
        return Err(format!("two minor dimensions of operand 'a' must be compatible, but got {}", q(ctx, a)));
    }
    if sb.len() != r {
        return Err(format!("operands must have equal rank, but got {} and {}", q(ctx, a), q(ctx, b)));
    }
    let left = cx.flag("left_side");
    let shared = if left { sb[r - 2] } else { sb[r - 1] };
    if !dim_compat(shared, sa[r - 1]) {
        return Err(format!(
            "shared dimension of operands 'a' and 'b' must be compatible, but got {} and {}",
            q(ctx, a),
            q(ctx, b)
        ));
    }
    if !shapes_compat(&sa[..r - 2], &sb[..r - 2]) {
        return Err(format!(
            "batch dimensions of the operands must be compatible, but got {} and {}",
            q(ctx, a),
            q(ctx, b)
        ));
    }
    if let Some(t) = cx.attr("transpose_a") {
        if Transpose::parse_from_attr(ctx, t)? == Transpose::TRANSPOSE_INVALID {
            return Err("Invalid transpose option value for triangular solve".into());
        }
    }
    Ok(vec![TyDesc::Type(b)])
}

// ----- dot -----

/// dot (legacy): ranks 1 or 2.
pub fn infer_dot(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let ctx = cx.ctx;
    let (sl, el) = ranked_or_err(ctx, cx.operand(0)?)?;
    let (sr, _) = ranked_or_err(ctx, cx.operand(1)?)?;
    if !(1..=2).contains(&sl.len()) || !(1..=2).contains(&sr.len()) {
        return Err("expected both lhs/rhs ranks to be either 1 or 2".into());
    }
    if !dim_compat(sl[sl.len() - 1], sr[0]) {
        return Err("expected lhs's contracting dimension to be compatible with rhs's contracting dimension".into());
    }
    let mut out = Vec::new();
    if sl.len() == 2 {
        out.push(sl[0]);
    }
    if sr.len() == 2 {
        out.push(sr[1]);
    }
    Ok(vec![any_elem(out, el)])
}

fn dot_shape(sl: &[i64], sr: &[i64], d: &DotDimensionNumbers) -> Result<Vec<i64>, String> {
    if d.lhs_batching_dimensions.len() != d.rhs_batching_dimensions.len() {
        return Err("lhs and rhs should have the same number of batching dimensions".into());
    }
    if d.lhs_contracting_dimensions.len() != d.rhs_contracting_dimensions.len() {
        return Err("lhs and rhs should have the same number of contracting dimensions".into());
    }
    for (side, b, c) in [
        ("lhs", &d.lhs_batching_dimensions, &d.lhs_contracting_dimensions),
        ("rhs", &d.rhs_batching_dimensions, &d.rhs_contracting_dimensions),
    ] {
        let mut seen = std::collections::BTreeSet::new();
        for x in b.iter().chain(c.iter()) {
            if !seen.insert(*x) {
                return Err(format!(
                    "has duplicated dimension from {side}_batching_dimensions and {side}_contracting_dimensions: {x}"
                ));
            }
        }
    }
    for (name, v, rank) in [
        ("lhs_batching_dimensions", &d.lhs_batching_dimensions, sl.len()),
        ("rhs_batching_dimensions", &d.rhs_batching_dimensions, sr.len()),
        ("lhs_contracting_dimensions", &d.lhs_contracting_dimensions, sl.len()),
        ("rhs_contracting_dimensions", &d.rhs_contracting_dimensions, sr.len()),
    ] {
        for x in v.iter() {
            if *x < 0 || *x as usize >= rank {
                return Err(format!("{name} value: {x} is out of range: [0, {rank})"));
            }
        }
    }
    for (a, b) in d.lhs_batching_dimensions.iter().zip(&d.rhs_batching_dimensions) {
        if !dim_compat(sl[*a as usize], sr[*b as usize]) {
            return Err("batching dimension sizes must match for lhs/rhs".into());
        }
    }
    for (a, b) in d.lhs_contracting_dimensions.iter().zip(&d.rhs_contracting_dimensions) {
        if !dim_compat(sl[*a as usize], sr[*b as usize]) {
            return Err("contracting dimension sizes must match for lhs/rhs".into());
        }
    }
    let mut out: Vec<i64> = d.lhs_batching_dimensions.iter().map(|i| sl[*i as usize]).collect();
    for (s, b, c) in [
        (sl, &d.lhs_batching_dimensions, &d.lhs_contracting_dimensions),
        (sr, &d.rhs_batching_dimensions, &d.rhs_contracting_dimensions),
    ] {
        for (i, x) in s.iter().enumerate() {
            if !b.contains(&(i as i64)) && !c.contains(&(i as i64)) {
                out.push(*x);
            }
        }
    }
    Ok(out)
}

/// dot_general (C1-C12): result shape = batch ++ lhs free ++ rhs free.
pub fn infer_dot_general(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let ctx = cx.ctx;
    let (sl, el) = ranked_or_err(ctx, cx.operand(0)?)?;
    let (sr, _) = ranked_or_err(ctx, cx.operand(1)?)?;
    let d = match cx.attr("dot_dimension_numbers") {
        Some(a) => DotDimensionNumbers::parse_from_attr(ctx, a)?,
        None => DotDimensionNumbers::default(),
    };
    Ok(vec![any_elem(dot_shape(sl, sr, &d)?, el)])
}

fn precisions(ctx: &Context, op: OpId) -> Vec<Precision> {
    match ctx.attr(op, "precision_config").map(|a| ctx.attr_kind(a).clone()) {
        Some(strata_ir::AttrKind::Array(xs)) => {
            xs.iter().filter_map(|x| Precision::parse_from_attr(ctx, *x).ok()).collect()
        }
        _ => vec![],
    }
}

/// The element types of lhs, rhs and the result of a dot_general or convolution, when one of
/// them is quantized (the quantization constraints apply only then).
fn quantized_lhs_rhs_result(ctx: &Context, op: OpId) -> Option<(Type, Type, Type)> {
    let ops = ctx.operands(op);
    if ops.len() < 2 || ctx.num_results(op) != 1 {
        return None;
    }
    let e = |v| elem_of(ctx, ctx.value_type(v));
    let ts = (e(ops[0]), e(ops[1]), e(ctx.result(op, 0)));
    [ts.0, ts.1, ts.2].iter().any(|t| quant_type(ctx, *t).is_some()).then_some(ts)
}

/// StableHLO's `verifyConvolutionDotGeneralCommonQuantizationConstraints` (convolution and
/// dynamic_conv C28, C31-C34; dot_general C14, C17-C20), for ops with a quantized lhs, rhs or
/// result. Returns the rhs quantization.
fn verify_common_quantization(ctx: &Context, lhs: Type, rhs: Type, result: Type) -> Result<QuantType, String> {
    let (lq, rq, oq) = (quant_type(ctx, lhs), quant_type(ctx, rhs), quant_type(ctx, result));
    let Some(rq) = rq.filter(|_| lq.is_some() == oq.is_some()) else {
        return Err(
            "rhs should be quantized for quantized operations and is_quantized(lhs)=is_quantized(result) should hold"
                .into(),
        );
    };
    match (lq, oq) {
        (Some(lq), Some(oq)) => {
            if lq.signed != rq.signed || lq.storage_width != rq.storage_width {
                return Err("mismatched lhs and rhs quantization storage types".into());
            }
            if lq.expressed != rq.expressed || lq.expressed != oq.expressed {
                return Err("mismatched lhs, rhs and result quantization expressed types".into());
            }
            if !rq.is_per_axis() && oq.is_per_axis() {
                return Err("mismatched rhs and result quantization granularity".into());
            }
        }
        _ => {
            let expressed = |t: Type| matches!(ctx.type_kind(t), strata_ir::TypeKind::Float(k) if *k == rq.expressed);
            if !expressed(lhs) || lhs != result {
                return Err("mismatched rhs quantization expressed type and lhs and result element type".into());
            }
        }
    }
    Ok(rq)
}

/// convolution and dynamic_conv C28-C34: the quantization constraints (StableHLO's
/// `verifyConvolutionOpQuantizationConstraints`).
pub fn verify_convolution(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some((lhs, rhs, result)) = quantized_lhs_rhs_result(ctx, op) else { return Ok(()) };
    let rq = verify_common_quantization(ctx, lhs, rhs, result)?;
    let Some(d) = ctx.attr(op, "dimension_numbers").and_then(|a| ConvDimensionNumbers::parse_from_attr(ctx, a).ok())
    else {
        return Ok(());
    };
    if rq.quantization_dimension.is_some_and(|q| q != d.kernel_output_feature_dimension) {
        return Err("quantization dimension of rhs should be same with kernel_output_feature_dimension".into());
    }
    if quant_type(ctx, result).and_then(|q| q.quantization_dimension).is_some_and(|q| q != d.output_feature_dimension) {
        return Err("quantization dimension of result should be same with output_feature_dimension".into());
    }
    Ok(())
}

/// dot_general C14-C20: the quantization constraints (StableHLO's
/// `verifyDotGeneralOpQuantizationConstraints`).
fn verify_dot_general_quantization(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some((lhs, rhs, result)) = quantized_lhs_rhs_result(ctx, op) else { return Ok(()) };
    if let Some(rq) = quant_type(ctx, rhs) {
        if rq.zero_points.iter().any(|z| *z != 0) {
            let what = if rq.is_per_axis() { "Zero points of rhs" } else { "Zero point of rhs" };
            return Err(format!("{what} should be 0"));
        }
        if let Some(q) = rq.quantization_dimension {
            let d = match ctx.attr(op, "dot_dimension_numbers") {
                Some(a) => DotDimensionNumbers::parse_from_attr(ctx, a)?,
                None => DotDimensionNumbers::default(),
            };
            if d.rhs_contracting_dimensions.contains(&q) {
                return Err("Quantization dimension of rhs should not be in the contracting dimension of rhs".into());
            }
        }
    }
    verify_common_quantization(ctx, lhs, rhs, result).map(|_| ())
}

/// dot_general (C14-C24): quantization, precision config and algorithm.
pub fn verify_dot_general(ctx: &Context, op: OpId) -> Result<(), String> {
    verify_dot_general_quantization(ctx, op)?;
    let p = precisions(ctx, op);
    if p.len() > 2 {
        return Err("expects precision config to be empty or have <= 2 elements.".into());
    }
    if let Some(a) = ctx.attr(op, "algorithm") {
        if p.iter().any(|x| *x != Precision::DEFAULT) {
            return Err("must specify DEFAULT precision config when algorithm is set.".into());
        }
        DotAlgorithm::parse_from_attr(ctx, a)?.verify()?;
    }
    Ok(())
}

// ----- windows (convolution, reduce_window) -----

/// A window description (spec's `window_dimensions`, strides, padding, dilations).
pub struct Window {
    dims: Vec<i64>,
    strides: Vec<i64>,
    padding: Vec<i64>,
    base_dil: Vec<i64>,
    win_dil: Vec<i64>,
}

/// StableHLO's `convertPaddingAttribute`: a `padding` attribute of shape `[N, 2]`, flattened as
/// `[lo0, hi0, lo1, hi1, ...]`.
pub fn padding_pairs(ctx: &Context, a: strata_ir::Attribute) -> Result<Vec<i64>, String> {
    if let Some((shape, values)) = dense_ints(ctx, a) {
        if shape.len() != 2 || shape[1] != 2 {
            return Err(format!(
                "expects the shape of padding-attribute to be {{N, 2}}, but got {{{}}}.",
                join(&shape)
            ));
        }
        return Ok(values);
    }
    Ok(attr_i64s(ctx, a).unwrap_or_default())
}

/// The size part of StableHLO's `verifyWindowAttributesAndInferWindowDimensions` (convolution,
/// reduce_window, select_and_scatter): every window attribute has one entry per window
/// dimension (`(name, entries)`; padding counted in `[lo, hi]` pairs).
pub fn check_window_attr_sizes(n: usize, attrs: &[(&str, usize)]) -> Result<(), String> {
    for (name, len) in attrs {
        if *len != n {
            return Err(format!(
                "expects {name} to have same dimension-size as size of window dimensions ({n}), but got: {len}."
            ));
        }
    }
    Ok(())
}

impl Window {
    /// Validate and build (padding flattened as `[lo0, hi0, lo1, hi1, ...]`).
    pub fn new(
        dims: &[i64],
        strides: &[i64],
        padding: &[i64],
        base_dil: &[i64],
        win_dil: &[i64],
        _what: &str,
    ) -> Result<Window, String> {
        for (i, d) in dims.iter().enumerate() {
            if *d <= 0 {
                return Err(format!("expects window to have positive value for {i}-th window dimension, but got {d}."));
            }
            if strides[i] <= 0 {
                return Err(format!(
                    "expects window to have positive stride for {i}-th window dimension, but got {}.",
                    strides[i]
                ));
            }
            if base_dil[i] <= 0 {
                return Err(format!(
                    "expects window to have positive base dilation factor for {i}-th window dimension, but got {}.",
                    base_dil[i]
                ));
            }
            if win_dil[i] <= 0 {
                return Err(format!(
                    "expects window to have positive window dilation factor for {i}-th window dimension, but got {}.",
                    win_dil[i]
                ));
            }
        }
        Ok(Window {
            dims: dims.to_vec(),
            strides: strides.to_vec(),
            padding: padding.to_vec(),
            base_dil: base_dil.to_vec(),
            win_dil: win_dil.to_vec(),
        })
    }
    /// Output size for each input dimension.
    pub fn output_shape(&self, input: &[i64]) -> Vec<i64> {
        input
            .iter()
            .enumerate()
            .map(|(i, &d)| {
                if d == DYN || i >= self.dims.len() {
                    return DYN;
                }
                let dilated = if d == 0 { 0 } else { (d - 1) * self.base_dil[i] + 1 };
                let padded = dilated
                    + self.padding.get(2 * i).copied().unwrap_or(0)
                    + self.padding.get(2 * i + 1).copied().unwrap_or(0);
                let win = (self.dims[i] - 1) * self.win_dil[i] + 1;
                if padded < win {
                    0
                } else {
                    (padded - win) / self.strides[i] + 1
                }
            })
            .collect()
    }
}

fn conv_common(cx: &InferCx, padding: Option<Vec<i64>>) -> Result<Vec<TyDesc>, String> {
    let ctx = cx.ctx;
    let (lhs, rhs) = (cx.operand(0)?, cx.operand(1)?);
    let (sl, el) = ranked_or_err(ctx, lhs)?;
    let (sr, _) = ranked_or_err(ctx, rhs)?;
    if sl.len() != sr.len() {
        return Err(format!(
            "expects convolution arguments to have same number of dimensions. Got: {} and {}.",
            q(ctx, lhs),
            q(ctx, rhs)
        ));
    }
    if sl.len() < 2 {
        return Err(format!(
            "expects convolution arguments to have >= 2 dimensions. Got: {} and {}.",
            q(ctx, lhs),
            q(ctx, rhs)
        ));
    }
    let d = match cx.attr("dimension_numbers") {
        Some(a) => ConvDimensionNumbers::parse_from_attr(ctx, a)?,
        None => return Err("requires attribute 'dimension_numbers'".into()),
    };
    let n = sl.len() - 2;
    if d.input_spatial_dimensions.len() != n
        || d.kernel_spatial_dimensions.len() != n
        || d.output_spatial_dimensions.len() != n
    {
        return Err(format!("expects convolution dimension numbers to have {n} spatial dimensions"));
    }
    let rank = sl.len() as i64;
    let all_in = |v: &[i64]| v.iter().all(|x| (0..rank).contains(x));
    let mut ins = vec![d.input_batch_dimension, d.input_feature_dimension];
    ins.extend(&d.input_spatial_dimensions);
    let mut ks = vec![d.kernel_input_feature_dimension, d.kernel_output_feature_dimension];
    ks.extend(&d.kernel_spatial_dimensions);
    let mut outs = vec![d.output_batch_dimension, d.output_feature_dimension];
    outs.extend(&d.output_spatial_dimensions);
    for (what, v) in [("input", &ins), ("kernel", &ks), ("output", &outs)] {
        let mut s = v.clone();
        s.sort();
        if !all_in(v) || s.windows(2).any(|w| w[0] == w[1]) {
            return Err(format!(
                "expects {what} dimension-numbers to be unique and in range [0, {rank}), got: {}",
                join(v)
            ));
        }
    }
    let ones = vec![1; n];
    let strides = cx.ints("window_strides").unwrap_or_else(|| ones.clone());
    let lhs_dil = cx.ints("lhs_dilation").unwrap_or_else(|| ones.clone());
    let rhs_dil = cx.ints("rhs_dilation").unwrap_or_else(|| ones.clone());
    let reversal = cx.ints("window_reversal").unwrap_or_else(|| vec![0; n]);
    check_window_attr_sizes(
        n,
        &[
            ("window_strides", strides.len()),
            ("lhs_dilation", lhs_dil.len()),
            ("rhs_dilation", rhs_dil.len()),
            ("window_reversal", reversal.len()),
        ],
    )?;
    // C24: at most two precisions (one per operand).
    if let Some(a) = cx.attr("precision_config") {
        if matches!(cx.ctx.attr_kind(a), strata_ir::AttrKind::Array(p) if p.len() > 2) {
            return Err("expects precision config to be empty or have <= 2 elements.".into());
        }
    }
    let fgc = cx.int("feature_group_count").unwrap_or(1);
    let bgc = cx.int("batch_group_count").unwrap_or(1);
    if fgc > 1 && bgc > 1 {
        return Err(format!("expects batch_group_count and feature_group_count not to be both greater than 1. Got {bgc} and {fgc} resp."));
    }
    let in_f = sl[d.input_feature_dimension as usize];
    let in_b = sl[d.input_batch_dimension as usize];
    let k_in = sr[d.kernel_input_feature_dimension as usize];
    let k_out = sr[d.kernel_output_feature_dimension as usize];
    if in_f != DYN && fgc > 0 && in_f % fgc != 0 {
        return Err(format!("expects input feature dimension ({in_f}) to be a multiple of feature_group_count. Got feature_group_count = {fgc}."));
    }
    if in_f != DYN && k_in != DYN && fgc > 0 && in_f / fgc != k_in {
        return Err(format!(
            "expects input feature dimension ({in_f}) / feature_group_count = kernel input feature dimension ({k_in}). Got feature_group_count = {fgc}."
        ));
    }
    if k_out != DYN && fgc > 0 && k_out % fgc != 0 {
        return Err(format!("expects kernel output feature dimension ({k_out}) to be divisible by feature_group_count. For feature_group_count = {fgc}."));
    }
    if in_b != DYN && bgc > 0 && in_b % bgc != 0 {
        return Err(format!("expects input batch dimension ({in_b}) to be divisible by batch_group_count. Got batch_group_count = {bgc}."));
    }
    if k_out != DYN && bgc > 0 && k_out % bgc != 0 {
        return Err(format!("expects output feature dimension size ({k_out}) to be a multiple of batch_group_count. Got batch_group_count = {bgc}."));
    }
    let win_dims: Vec<i64> = d.kernel_spatial_dimensions.iter().map(|k| sr[*k as usize]).collect();
    let in_spatial: Vec<i64> = d.input_spatial_dimensions.iter().map(|k| sl[*k as usize]).collect();
    let mut out = vec![0; sl.len()];
    out[d.output_batch_dimension as usize] = if in_b == DYN { DYN } else { in_b / bgc.max(1) };
    out[d.output_feature_dimension as usize] = k_out;
    match padding {
        Some(p) => {
            check_window_attr_sizes(n, &[("padding-entries", p.len() / 2)])?;
            let wd: Vec<i64> = win_dims.iter().map(|w| if *w == DYN { 1 } else { *w }).collect();
            let w = Window::new(&wd, &strides, &p, &lhs_dil, &rhs_dil, "convolution")?;
            let sp = w.output_shape(&in_spatial);
            for (i, o) in d.output_spatial_dimensions.iter().enumerate() {
                out[*o as usize] = if win_dims[i] == DYN { DYN } else { sp[i] };
            }
        }
        None => {
            for o in &d.output_spatial_dimensions {
                out[*o as usize] = DYN;
            }
        }
    }
    Ok(vec![any_elem(out, el)])
}

/// convolution (C1-C29, shape part).
pub fn infer_convolution(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let n = rank_of(cx.ctx, cx.operand(0)?).unwrap_or(2).saturating_sub(2);
    let padding = match cx.attr("padding") {
        Some(a) => padding_pairs(cx.ctx, a)?,
        None => vec![0; 2 * n],
    };
    conv_common(cx, Some(padding))
}

/// dynamic_conv: padding from a constant operand when known.
pub fn infer_dynamic_conv(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    conv_common(cx, cx.const_ints(2))
}

// ----- gather / scatter -----

fn sorted_unique(name: &str, v: &[i64], must_sort: bool) -> Result<(), String> {
    if must_sort && v.windows(2).any(|w| w[0] > w[1]) {
        return Err(format!("expects {name} to be sorted, got: [{}]", join(v)));
    }
    let mut s = v.to_vec();
    s.sort();
    if s.windows(2).any(|w| w[0] == w[1]) {
        return Err(format!("expects {name} to not repeat, got: [{}]", join(v)));
    }
    Ok(())
}

fn in_range(name: &str, v: &[i64], rank: usize, of: &str) -> Result<(), String> {
    for x in v {
        if *x < 0 || *x as usize >= rank {
            return Err(format!(
                "Expects each element of {name} to be in range [0, rank-of('{of}')) i.e. [0, {rank}). got: {x}."
            ));
        }
    }
    Ok(())
}

/// StableHLO's `checkDimsDistinct`: no dimension repeats in `a ++ b` (within either list or
/// across them).
fn no_overlap(a_name: &str, a: &[i64], b_name: &str, b: &[i64]) -> Result<(), String> {
    let mut seen = Vec::new();
    for x in a.iter().chain(b) {
        if seen.contains(x) {
            return Err(format!("has duplicated dimension from {a_name} and {b_name}: {x}"));
        }
        seen.push(*x);
    }
    Ok(())
}

/// Gather shape inference (`slice_sizes` `None` when unknown: dynamic_gather).
fn gather_shape(
    ctx: &Context,
    operand: Type,
    indices: Type,
    d: &GatherDimensionNumbers,
    slice_sizes: Option<&[i64]>,
    n_slice: Option<usize>,
) -> Result<TyDesc, String> {
    let (os, oe) = ranked_or_err(ctx, operand)?;
    let (is, _) = ranked_or_err(ctx, indices)?;
    let (orank, irank) = (os.len(), is.len());
    // StableHLO's `verifyGather`, in its order (C1, C2, C3, C4, C6-C8, C10-C11, C13-C19).
    let ivd = d.index_vector_dim;
    let total = d.offset_dims.len() + d.collapsed_slice_dims.len() + d.operand_batching_dims.len();
    if total != orank {
        return Err(format!(
            "offset_dims size ({}) plus collapse_slice_dims size ({}) plus operand_batching_dims size ({}) is not equal to operand rank ({orank})",
            d.offset_dims.len(),
            d.collapsed_slice_dims.len(),
            d.operand_batching_dims.len()
        ));
    }
    if ivd < 0 || ivd as usize > irank {
        return Err(format!(
            "Expects index_vector_dim to be in range [0, rank-of('start_indices')] i.e. [0, {irank}]. got: {ivd}."
        ));
    }
    let index_size = if ivd as usize == irank { 1 } else { is[ivd as usize] };
    if index_size != DYN && d.start_index_map.len() as i64 != index_size {
        return Err(format!(
            "start_index_map size ({}) is not equal to size of index dimension ({ivd}) of start_indices ({index_size})",
            d.start_index_map.len()
        ));
    }
    sorted_unique("offset_dims", &d.offset_dims, true)?;
    no_overlap("collapsed_slice_dims", &d.collapsed_slice_dims, "operand_batching_dims", &d.operand_batching_dims)?;
    sorted_unique("collapsed_slice_dims", &d.collapsed_slice_dims, true)?;
    in_range("collapsed_slice_dims", &d.collapsed_slice_dims, orank, "operand")?;
    sorted_unique("operand_batching_dims", &d.operand_batching_dims, true)?;
    in_range("operand_batching_dims", &d.operand_batching_dims, orank, "operand")?;
    sorted_unique("start_indices_batching_dims", &d.start_indices_batching_dims, false)?;
    in_range("start_indices_batching_dims", &d.start_indices_batching_dims, irank, "start_indices")?;
    if d.start_indices_batching_dims.contains(&ivd) {
        return Err(format!("expects start_indices_batching_dims not to include index_vector_dim {ivd}"));
    }
    if d.operand_batching_dims.len() != d.start_indices_batching_dims.len() {
        return Err("operand_batching_dims and start_indices_batching_dims should have the same size".into());
    }
    for (i, (od, id)) in d.operand_batching_dims.iter().zip(&d.start_indices_batching_dims).enumerate() {
        let (a, b) = (os[*od as usize], is[*id as usize]);
        if a != DYN && b != DYN && a != b {
            return Err(format!(
                "operand_batching_dims[{i}] and start_indices_batching_dims[{i}] must have compatible sizes, but got {a} and {b}"
            ));
        }
    }
    no_overlap("start_index_map", &d.start_index_map, "operand_batching_dims", &d.operand_batching_dims)?;
    in_range("start_index_map", &d.start_index_map, orank, "operand")?;
    if let Some(n) = n_slice {
        if n != orank {
            return Err(format!("slice_sizes size ({n}) not equal to operand rank ({orank})"));
        }
    }
    if let Some(ss) = slice_sizes {
        for (i, s) in ss.iter().enumerate() {
            if *s < 0 || (os[i] != DYN && *s > os[i]) {
                return Err(format!(
                    "slice size ({s}) is out of bounds for operand dimension ({}) at index {i}",
                    os[i]
                ));
            }
        }
        for (name, dims) in
            [("collapsed_slice_dims", &d.collapsed_slice_dims), ("operand_batching_dims", &d.operand_batching_dims)]
        {
            for c in dims.iter() {
                if ss[*c as usize] > 1 {
                    return Err(format!(
                        "Expects that for each dim in {name}, slice_sizes[dim] should be <= 1, but got {}",
                        ss[*c as usize]
                    ));
                }
            }
        }
    }
    let batch: Vec<i64> = is.iter().enumerate().filter(|(i, _)| *i as i64 != ivd).map(|(_, x)| *x).collect();
    let rrank = batch.len() + d.offset_dims.len();
    for x in &d.offset_dims {
        if *x < 0 || *x as usize >= rrank {
            return Err(format!("Expects each element of offset_dims to be in range [0, implied-result-rank) i.e. [0, {rrank}). got: {x}."));
        }
    }
    let offs: Vec<i64> = (0..orank as i64)
        .filter(|i| !d.collapsed_slice_dims.contains(i) && !d.operand_batching_dims.contains(i))
        .map(|i| slice_sizes.map(|s| s[i as usize]).unwrap_or(DYN))
        .collect();
    let (mut bi, mut oi) = (0, 0);
    let mut out = Vec::new();
    for i in 0..rrank as i64 {
        if d.offset_dims.contains(&i) {
            out.push(offs.get(oi).copied().unwrap_or(DYN));
            oi += 1;
        } else {
            out.push(batch.get(bi).copied().unwrap_or(DYN));
            bi += 1;
        }
    }
    Ok(TyDesc::tensor(out, oe))
}

fn gather_dims(cx: &InferCx) -> Result<GatherDimensionNumbers, String> {
    match cx.attr("dimension_numbers") {
        Some(a) => GatherDimensionNumbers::parse_from_attr(cx.ctx, a),
        None => Err("requires attribute 'dimension_numbers'".into()),
    }
}

/// gather (C1-C22).
pub fn infer_gather(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let d = gather_dims(cx)?;
    let ss = cx.ints("slice_sizes").unwrap_or_default();
    Ok(vec![gather_shape(cx.ctx, cx.operand(0)?, cx.operand(1)?, &d, Some(&ss), Some(ss.len()))?])
}

/// dynamic_gather: slice sizes from a constant operand when known.
pub fn infer_dynamic_gather(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let d = gather_dims(cx)?;
    let n = shape_of(cx.ctx, cx.operand(2)?).and_then(|s| s.first().copied()).filter(|n| *n != DYN).map(|n| n as usize);
    let ss = cx.const_ints(2);
    Ok(vec![gather_shape(cx.ctx, cx.operand(0)?, cx.operand(1)?, &d, ss.as_deref(), n)?])
}

/// scatter (C1-C25): results have the inputs' shapes and the update_computation's element types.
pub fn infer_scatter(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let ctx = cx.ctx;
    let n = cx.operands.len().saturating_sub(1) / 2;
    if cx.operands.len() < 3 || !(cx.operands.len() - 1).is_multiple_of(2) {
        return Err("Not all inputs have compatible shapes.".into());
    }
    let inputs = &cx.operands[..n];
    let indices = cx.operands[n];
    let updates = &cx.operands[n + 1..];
    let d = match cx.attr("scatter_dimension_numbers") {
        Some(a) => ScatterDimensionNumbers::parse_from_attr(ctx, a)?,
        None => return Err("requires attribute 'scatter_dimension_numbers'".into()),
    };
    let (os, _) = ranked_or_err(ctx, inputs[0])?;
    let (is, _) = ranked_or_err(ctx, indices)?;
    let (orank, irank) = (os.len(), is.len());
    for t in inputs {
        if shape_of(ctx, *t).is_some_and(|s| !shapes_compat(s, os)) {
            return Err("Not all inputs have compatible shapes.".into());
        }
    }
    // C3.
    if let Some(us0) = shape_of(ctx, updates[0]) {
        if updates.iter().any(|u| shape_of(ctx, *u).is_some_and(|s| !shapes_compat(s, us0))) {
            return Err("Not all updates have compatible shapes.".into());
        }
    }
    let ivd = d.index_vector_dim;
    if ivd < 0 || ivd as usize > irank {
        return Err(format!(
            "Expects index_vector_dim to be in range [0, rank-of('scatter_indices')] i.e. [0, {irank}]. got: {ivd}."
        ));
    }
    // StableHLO's `validateScatterDimensionNumbers`, in its order (C2, C7-C21).
    let list = |v: &[i64]| join(v);
    let sorted = |v: &[i64]| v.windows(2).all(|w| w[0] <= w[1]);
    let unique = |v: &[i64]| v.iter().enumerate().all(|(i, x)| !v[..i].contains(x));
    let window = d.update_window_dims.len() + d.inserted_window_dims.len() + d.input_batching_dims.len();
    if window != orank {
        return Err(format!(
            "Expects rank-of operand to match size-of('update_window_dims') + size-of('inserted_window_dims') + size-of('input_batching_dims') i.e. {window} but got {orank}."
        ));
    }
    if !sorted(&d.update_window_dims) {
        return Err(format!("Expects update_window_dims to be sorted; got: [{}].", list(&d.update_window_dims)));
    }
    if !unique(&d.update_window_dims) {
        return Err(format!("Expects update_window_dims to not repeat; got: [{}].", list(&d.update_window_dims)));
    }
    if let Some(us) = updates.first().and_then(|u| shape_of(ctx, *u)) {
        in_range("update_window_dims", &d.update_window_dims, us.len(), "updates")?;
    }
    no_overlap("inserted_window_dims", &d.inserted_window_dims, "input_batching_dims", &d.input_batching_dims)?;
    if !sorted(&d.inserted_window_dims) {
        return Err(format!("Expects inserted_window_dims to be sorted; got: [{}].", list(&d.inserted_window_dims)));
    }
    in_range("inserted_window_dims", &d.inserted_window_dims, orank, "operand")?;
    if !sorted(&d.input_batching_dims) {
        return Err(format!("Expects input_batching_dims to be sorted; got: [{}].", list(&d.input_batching_dims)));
    }
    in_range("input_batching_dims", &d.input_batching_dims, orank, "operand")?;
    if !unique(&d.scatter_indices_batching_dims) {
        return Err(format!(
            "Expects scatter_indices_batching_dims to not repeat; got: [{}].",
            list(&d.scatter_indices_batching_dims)
        ));
    }
    in_range("scatter_indices_batching_dims", &d.scatter_indices_batching_dims, irank, "scatter_indices")?;
    if d.scatter_indices_batching_dims.contains(&ivd) {
        return Err(format!("expects scatter_indices_batching_dims not to include index_vector_dim {ivd}."));
    }
    if d.input_batching_dims.len() != d.scatter_indices_batching_dims.len() {
        return Err("input_batching_dims and scatter_indices_batching_dims should have the same size.".into());
    }
    for (i, (od, id)) in d.input_batching_dims.iter().zip(&d.scatter_indices_batching_dims).enumerate() {
        let (a, b) = (os[*od as usize], is[*id as usize]);
        if a != DYN && b != DYN && a != b {
            return Err(format!(
                "input_batching_dims[{i}] and scatter_indices_batching_dims[{i}] must have compatible sizes, but got {a} and {b}."
            ));
        }
    }
    let index_size = if ivd as usize == irank { 1 } else { is[ivd as usize] };
    if index_size != DYN && d.scatter_dims_to_operand_dims.len() as i64 != index_size {
        return Err(format!(
            "Scatter op has {} elements in scatter_dims_to_operand_dims and the bound of dimension index_vector_dim={ivd} of scatter_indices is {index_size}. These two numbers must be equal.",
            d.scatter_dims_to_operand_dims.len()
        ));
    }
    no_overlap(
        "scatter_dims_to_operand_dims",
        &d.scatter_dims_to_operand_dims,
        "input_batching_dims",
        &d.input_batching_dims,
    )?;
    in_range("scatter_dims_to_operand_dims", &d.scatter_dims_to_operand_dims, orank, "operand")?;
    let batch_rank = if ivd as usize == irank { irank } else { irank - 1 };
    for u in updates {
        if let Some(us) = shape_of(ctx, *u) {
            let expect = d.update_window_dims.len() + batch_rank;
            if us.len() != expect {
                return Err(format!(
                    "expects updates tensor must be of rank {expect} ( == rank-of('scatter_indices') - 1 + size-of('update_window_dims'), where 'scatter_indices' is expanded by a trailing 1 dimension if 'index_vector_dim' == rank-of('scatter_indices')), but got {}.",
                    us.len()
                ));
            }
        }
    }
    // C4: window dimensions of the updates within the operand's (inserted and batching dimensions
    // excluded), scatter dimensions equal to the indices' (index_vector_dim excluded).
    let max_window: Vec<i64> = (0..orank as i64)
        .filter(|i| !d.inserted_window_dims.contains(i) && !d.input_batching_dims.contains(i))
        .map(|i| os[i as usize])
        .collect();
    let scatter_sizes: Vec<i64> = (0..irank).filter(|i| *i as i64 != ivd).map(|i| is[i]).collect();
    for u in updates {
        let Some(us) = shape_of(ctx, *u) else { continue };
        for (i, w) in d.update_window_dims.iter().enumerate() {
            let ub = usize::try_from(*w).ok().and_then(|w| us.get(w)).copied().unwrap_or(DYN);
            let ob = max_window.get(i).copied().unwrap_or(DYN);
            if ub != DYN && ob != DYN && ub > ob {
                return Err(format!(
                    "expects bounds of the window dimensions of updates to not exceed the bounds of the corresponding dimensions of operand. For dimension {w}, updates bound is {ub}, operand bound is {ob}."
                ));
            }
        }
        let scatter_dims = (0..us.len()).filter(|i| !d.update_window_dims.contains(&(*i as i64)));
        for (i, sb) in scatter_dims.zip(&scatter_sizes) {
            if us[i] != DYN && *sb != DYN && us[i] != *sb {
                return Err(format!(
                    "expects bounds of the scatter dimensions of updates to be same as the bounds of the corresponding dimensions of scatter indices. For scatter dimension {i}, updates bound is {} , scatter_indices bound is {sb}.",
                    us[i]
                ));
            }
        }
    }
    if let Some(b) = cx.regions.first().and_then(|r| super::region::entry(ctx, *r)) {
        let inits: Vec<Type> = inputs.to_vec();
        let accs = super::region::verify_reducer(ctx, b, &inits, updates, Some(0))?;
        // C24, C25: the inputs' shapes with the update_computation's element types.
        return Ok(inputs
            .iter()
            .zip(accs)
            .map(|(t, a)| match shape_of(ctx, *t) {
                Some(s) if elem_of(ctx, a) != elem_of(ctx, *t) => TyDesc::tensor(s.to_vec(), elem_of(ctx, a)),
                _ => TyDesc::Type(*t),
            })
            .collect());
    }
    Ok(inputs.iter().map(|t| TyDesc::Type(*t)).collect())
}

// ----- fft -----

/// fft (C1-C5).
pub fn infer_fft(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let ctx = cx.ctx;
    let t = cx.operand(0)?;
    let (s, e) = ranked_or_err(ctx, t)?;
    let len = cx.ints("fft_length").unwrap_or_default();
    let ty = match cx.attr("fft_type") {
        Some(a) => FftType::parse_from_attr(ctx, a)?,
        None => FftType::FFT,
    };
    let r = len.len();
    if !(1..=3).contains(&r) {
        return Err(format!("rank must be between 1 and 3, but got {r}."));
    }
    if ty == FftType::RFFT {
        if !matches!(float_elem(ctx, e), Some(FloatKind::F32 | FloatKind::F64)) {
            return Err(format!("RFFT requires f32 or f64 input type, but is given '{}'.", fmt_type(ctx, e)));
        }
    } else if !is_complex(ctx, e) {
        return Err(format!("FFT/IFFT/IRFFT take a complex tensor as input, but is given {}.", q(ctx, t)));
    }
    if s.len() < r {
        return Err(format!("operand rank must not be less than fft rank of {r} for operand of type {}", q(ctx, t)));
    }
    let inner = &s[s.len() - r..];
    let mut out = s.to_vec();
    let last = out.len() - 1;
    match ty {
        FftType::FFT | FftType::IFFT => Ok(vec![TyDesc::Type(t)]),
        FftType::RFFT => {
            if !shapes_compat(inner, &len) {
                return Err(format!(
                    "RFFT requires innermost dimensions to be compatible with fft_length. Got: {} but wanted {}.",
                    join(s),
                    join(&len)
                ));
            }
            out[last] = if len[r - 1] == 0 { 0 } else { len[r - 1] / 2 + 1 };
            Ok(vec![TyDesc::Tensor {
                shape: out,
                elem: ElemDesc::Complex(Box::new(ElemDesc::Type(e))),
                encoding: None,
            }])
        }
        FftType::IRFFT => {
            for i in 0..r - 1 {
                if !dim_compat(inner[i], len[i]) {
                    return Err(format!(
                        "IRFFT requires non-final dimensions to be compatible with fft_length. Got: {} but wanted {}, and {} != {}.",
                        join(s),
                        join(&len),
                        inner[i],
                        len[i]
                    ));
                }
            }
            let want = if len[r - 1] == 0 { 0 } else { len[r - 1] / 2 + 1 };
            if !dim_compat(inner[r - 1], want) {
                return Err(format!(
                    "IRFFT requires innermost dimension to be compatible with fft_length[-1]/2+1. Got: {} but fft_length is {}.",
                    inner[r - 1],
                    len[r - 1]
                ));
            }
            out[last] = len[r - 1];
            let real = match ctx.type_kind(e) {
                strata_ir::TypeKind::Complex(c) => *c,
                _ => e,
            };
            Ok(vec![TyDesc::tensor(out, real)])
        }
    }
}

// ----- rng -----

/// rng (C1-C3): shape from a constant `shape` operand, else `?` per element.
pub fn infer_rng(cx: &InferCx) -> Result<Vec<TyDesc>, String> {
    let ctx = cx.ctx;
    let a = cx.operand(0)?;
    let e = elem_of(ctx, a);
    if let Some(d) = cx.attr("rng_distribution") {
        if RngDistribution::parse_from_attr(ctx, d)? == RngDistribution::NORMAL && float_elem(ctx, e).is_none() {
            return Err(format!(
                "NORMAL distribution requires floating-point operands, but got '{}'",
                fmt_type(ctx, e)
            ));
        }
    }
    let shape = match cx.const_ints(2) {
        Some(v) => v,
        None => {
            let n = shape_of(ctx, cx.operand(2)?).and_then(|s| s.first().copied()).unwrap_or(0).max(0);
            vec![DYN; n as usize]
        }
    };
    Ok(vec![TyDesc::tensor(shape, e)])
}

/// rng (C1): StableHLO's `AllElementTypesMatch<["a", "b", "result"]>`. Runs after inference,
/// which takes the result's element type from `a`.
pub fn verify_rng(ctx: &Context, op: OpId) -> Result<(), String> {
    let ops = ctx.operands(op);
    let (a, b) = (elem_of(ctx, ctx.value_type(ops[0])), elem_of(ctx, ctx.value_type(ops[1])));
    let r = elem_of(ctx, ctx.value_type(ctx.result(op, 0)));
    if a != b || a != r {
        return Err("failed to verify that all of {a, b, result} have same element type".into());
    }
    Ok(())
}

/// rng_bit_generator (C1-C2).
pub fn verify_rng_bit_generator(ctx: &Context, op: OpId) -> Result<(), String> {
    let init = ctx.value_type(ctx.operands(op)[0]);
    let out = ctx.value_type(ctx.result(op, 0));
    if !types_compat(ctx, init, out)
        && shape_of(ctx, init).zip(shape_of(ctx, out)).is_some_and(|(a, b)| !shapes_compat(a, b))
    {
        return Err(format!(
            "output state shape must be compatible with initial state shape. Got: initial state: {}, output state: {}",
            q(ctx, init),
            q(ctx, out)
        ));
    }
    if let Some(s) = shape_of(ctx, init) {
        if s.len() != 1 {
            return Err(format!("expects initial state to be a 1-dimensional tensor, but got {}", q(ctx, init)));
        }
    }
    Ok(())
}

// ----- deprecated ops -----

/// einsum / unary_einsum: the config has the form `ab,bc->ac` (or `ab->ba`).
pub fn verify_einsum(ctx: &Context, op: OpId) -> Result<(), String> {
    if let Some(a) = ctx.attr(op, "einsum_config") {
        if let strata_ir::AttrKind::String { value, .. } = ctx.attr_kind(a) {
            if !value.contains("->") {
                return Err(format!("einsum_config '{value}' is not of the form 'inputs->output'"));
            }
        }
    }
    Ok(())
}

/// torch_index_select: `dim` and `batch_dims` within the operands' ranks.
pub fn verify_torch_index_select(ctx: &Context, op: OpId) -> Result<(), String> {
    let o = ctx.value_type(ctx.operands(op)[0]);
    let dim = ctx.attr(op, "dim").and_then(|a| attr_int(ctx, a)).unwrap_or(0);
    if let Some(r) = rank_of(ctx, o) {
        if dim < 0 || dim as usize >= r {
            return Err(format!("dim {dim} is out of range for operand of rank {r}"));
        }
    }
    Ok(())
}
