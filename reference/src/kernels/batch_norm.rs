//! `batch_norm_inference`, `batch_norm_training`, `batch_norm_grad`,
//! computed in f64 per the spec's decompositions and rounded once.

use super::{from_f64s, to_f64s};
use crate::value::Tensor;
use crate::{InterpError, KResult};

struct Layout {
    features: usize,
    inner: usize,
    outer: usize,
}

fn layout(op: &str, x: &Tensor, fi: i64) -> KResult<Layout> {
    if fi < 0 || fi as usize >= x.rank() {
        return Err(InterpError::invalid(op, format!("feature_index {fi} out of range")));
    }
    let d = fi as usize;
    Ok(Layout {
        features: x.shape()[d] as usize,
        inner: x.shape()[d + 1..].iter().product::<i64>() as usize,
        outer: x.shape()[..d].iter().product::<i64>() as usize,
    })
}

fn check_vec(op: &str, what: &str, t: &Tensor, n: usize) -> KResult<Vec<f64>> {
    if t.rank() != 1 || t.shape()[0] as usize != n {
        return Err(InterpError::invalid(op, format!("{what} must have shape [{n}]")));
    }
    to_f64s(op, t)
}

fn feature_of(l: &Layout, i: usize) -> usize {
    (i / l.inner.max(1)) % l.features.max(1)
}

/// `stablehlo.batch_norm_inference`.
pub fn batch_norm_inference(
    x: &Tensor,
    scale: &Tensor,
    offset: &Tensor,
    mean: &Tensor,
    variance: &Tensor,
    epsilon: f64,
    feature_index: i64,
) -> KResult<Tensor> {
    let op = "batch_norm_inference";
    let l = layout(op, x, feature_index)?;
    let (s, o, m, v) = (
        check_vec(op, "scale", scale, l.features)?,
        check_vec(op, "offset", offset, l.features)?,
        check_vec(op, "mean", mean, l.features)?,
        check_vec(op, "variance", variance, l.features)?,
    );
    let xv = to_f64s(op, x)?;
    let out = xv
        .iter()
        .enumerate()
        .map(|(i, &a)| {
            let f = feature_of(&l, i);
            (a - m[f]) / (v[f] + epsilon).sqrt() * s[f] + o[f]
        })
        .collect();
    from_f64s(x.element_type(), x.shape(), out)
}

fn stats(l: &Layout, xv: &[f64]) -> (Vec<f64>, Vec<f64>) {
    let count = (l.outer * l.inner).max(1) as f64;
    let mut mean = vec![0.0; l.features];
    for (i, &a) in xv.iter().enumerate() {
        mean[feature_of(l, i)] += a;
    }
    mean.iter_mut().for_each(|m| *m /= count);
    let mut var = vec![0.0; l.features];
    for (i, &a) in xv.iter().enumerate() {
        let f = feature_of(l, i);
        var[f] += (a - mean[f]) * (a - mean[f]);
    }
    var.iter_mut().for_each(|v| *v /= count);
    (mean, var)
}

/// `stablehlo.batch_norm_training`: (output, batch_mean, batch_var).
pub fn batch_norm_training(
    x: &Tensor,
    scale: &Tensor,
    offset: &Tensor,
    epsilon: f64,
    feature_index: i64,
) -> KResult<(Tensor, Tensor, Tensor)> {
    let op = "batch_norm_training";
    let l = layout(op, x, feature_index)?;
    let s = check_vec(op, "scale", scale, l.features)?;
    let o = check_vec(op, "offset", offset, l.features)?;
    let xv = to_f64s(op, x)?;
    let (mean, var) = stats(&l, &xv);
    let out = xv
        .iter()
        .enumerate()
        .map(|(i, &a)| {
            let f = feature_of(&l, i);
            (a - mean[f]) / (var[f] + epsilon).sqrt() * s[f] + o[f]
        })
        .collect();
    let ty = x.element_type();
    let fs = [l.features as i64];
    Ok((from_f64s(ty, x.shape(), out)?, from_f64s(ty, &fs, mean)?, from_f64s(ty, &fs, var)?))
}

/// `stablehlo.batch_norm_grad`: (grad_operand, grad_scale, grad_offset).
pub fn batch_norm_grad(
    x: &Tensor,
    scale: &Tensor,
    mean: &Tensor,
    variance: &Tensor,
    grad_output: &Tensor,
    epsilon: f64,
    feature_index: i64,
) -> KResult<(Tensor, Tensor, Tensor)> {
    let op = "batch_norm_grad";
    let l = layout(op, x, feature_index)?;
    let s = check_vec(op, "scale", scale, l.features)?;
    let m = check_vec(op, "mean", mean, l.features)?;
    let v = check_vec(op, "variance", variance, l.features)?;
    if grad_output.shape() != x.shape() {
        return Err(InterpError::invalid(op, "grad_output shape differs from operand"));
    }
    let xv = to_f64s(op, x)?;
    let gy = to_f64s(op, grad_output)?;
    let count = (l.outer * l.inner).max(1) as f64;
    let mut sum_gy = vec![0.0; l.features];
    let mut sum_gy_xc = vec![0.0; l.features];
    for i in 0..xv.len() {
        let f = feature_of(&l, i);
        sum_gy[f] += gy[i];
        sum_gy_xc[f] += gy[i] * (xv[i] - m[f]);
    }
    let mut gx = Vec::with_capacity(xv.len());
    for i in 0..xv.len() {
        let f = feature_of(&l, i);
        let inv = 1.0 / (v[f] + epsilon).sqrt();
        let xc = xv[i] - m[f];
        let g = s[f] * inv / count * (count * gy[i] - sum_gy[f] - xc * sum_gy_xc[f] * inv * inv);
        gx.push(g);
    }
    let gscale: Vec<f64> = (0..l.features).map(|f| sum_gy_xc[f] / (v[f] + epsilon).sqrt()).collect();
    let ty = x.element_type();
    let fs = [l.features as i64];
    Ok((from_f64s(ty, x.shape(), gx)?, from_f64s(ty, &fs, gscale)?, from_f64s(ty, &fs, sum_gy)?))
}
