//! `uniform_quantize` and `uniform_dequantize` (per-tensor and per-axis).
//! Quantized tensors are held as tensors of their storage type.
//!
//! Both follow the spec's `dequantize` / `quantize` step by step, every intermediate rounded
//! to the expressed type (as the reference computes them in `f32` for `f32`-expressed types):
//! - dequantize: `convert(x - zero_point) · convert(scale)`;
//! - quantize: `round_nearest_even(clamp(storage_min, x / scale + zero_point, storage_max))`.

use super::{from_f64s, to_f64s};
use crate::value::{ElementType, Tensor};
use crate::{InterpError, KResult};

/// The parameters of a `!quant.uniform` element type.
#[derive(Clone, Debug, PartialEq)]
pub struct QuantParams {
    /// Storage element type (`i8`, `ui8`, …).
    pub storage: ElementType,
    /// Smallest storage value.
    pub storage_min: i64,
    /// Largest storage value.
    pub storage_max: i64,
    /// Expressed (float) type.
    pub expressed: ElementType,
    /// Quantization dimension (per-axis) or `None` (per-tensor).
    pub axis: Option<usize>,
    /// Scales (one per-tensor, or one per index along `axis`).
    pub scales: Vec<f64>,
    /// Zero points, parallel to `scales`.
    pub zero_points: Vec<i64>,
}

fn param_index(q: &QuantParams, shape: &[i64], flat: usize) -> usize {
    match q.axis {
        None => 0,
        Some(a) => {
            let inner: i64 = shape[a + 1..].iter().product();
            (flat / inner.max(1) as usize) % shape[a].max(1) as usize
        }
    }
}

fn check(op: &str, q: &QuantParams, shape: &[i64]) -> KResult<()> {
    let need = match q.axis {
        None => 1,
        Some(a) if a < shape.len() => shape[a] as usize,
        Some(a) => return Err(InterpError::invalid(op, format!("quantization dimension {a} out of range"))),
    };
    if q.scales.len() != need || q.zero_points.len() != need {
        return Err(InterpError::invalid(op, format!("expected {need} scales and zero points")));
    }
    Ok(())
}

/// `x` rounded to the float type `e` (the value of an operation computed in `e`).
fn rnd(e: ElementType, x: f64) -> f64 {
    match e {
        ElementType::F64 => x,
        ElementType::F32 => x as f32 as f64,
        e => e.float_format().map_or(x, |f| f.round(x)),
    }
}

/// `stablehlo.uniform_dequantize` (spec `dequantize`): `convert(storage - zero_point,
/// expressed) * convert(scale, expressed)`, each step in the expressed type.
pub fn uniform_dequantize(x: &Tensor, q: &QuantParams) -> KResult<Tensor> {
    let op = "uniform_dequantize";
    check(op, q, x.shape())?;
    let e = q.expressed;
    let v = super::to_i64s(op, x)?;
    let out = v
        .iter()
        .enumerate()
        .map(|(i, &s)| {
            let k = param_index(q, x.shape(), i);
            rnd(e, rnd(e, (s as i128 - q.zero_points[k] as i128) as f64) * rnd(e, q.scales[k]))
        })
        .collect();
    from_f64s(e, x.shape(), out)
}

/// `stablehlo.uniform_quantize` (spec `quantize`): `round_nearest_even(clamp(min, x / scale +
/// zero_point, max))` with every step in the expressed type, then converted to the storage
/// type (NaN gives 0, clamped to the storage bounds).
pub fn uniform_quantize(x: &Tensor, q: &QuantParams) -> KResult<Tensor> {
    let op = "uniform_quantize";
    check(op, q, x.shape())?;
    let e = q.expressed;
    let v = to_f64s(op, x)?;
    let (lo, hi) = (rnd(e, q.storage_min as f64), rnd(e, q.storage_max as f64));
    let out: Vec<i64> = v
        .iter()
        .enumerate()
        .map(|(i, &a)| {
            let k = param_index(q, x.shape(), i);
            let a = rnd(e, a);
            let scaled = rnd(e, a / rnd(e, q.scales[k]));
            let shifted = rnd(e, scaled + rnd(e, q.zero_points[k] as f64));
            if shifted.is_nan() {
                return 0i64.clamp(q.storage_min, q.storage_max);
            }
            let r = shifted.clamp(lo, hi).round_ties_even();
            // `as` saturates; the storage bounds hold also where `hi` rounded up (i32).
            (r as i64).clamp(q.storage_min, q.storage_max)
        })
        .collect();
    Ok(Tensor::from_i64s(q.storage, x.shape(), &out)?)
}
