//! `uniform_quantize` and `uniform_dequantize` (per-tensor and per-axis).
//! Quantized tensors are held as tensors of their storage type.
//!
//! - dequantize: `(x - zero_point) · scale`, rounded to the expressed type;
//! - quantize: `clamp(round_nearest_even(x / scale + zero_point),
//!   storage_min, storage_max)`, computed in f64.

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

/// `stablehlo.uniform_dequantize`: storage values → expressed floats.
pub fn uniform_dequantize(x: &Tensor, q: &QuantParams) -> KResult<Tensor> {
    let op = "uniform_dequantize";
    check(op, q, x.shape())?;
    let v = to_f64s(op, x)?;
    let out = v
        .iter()
        .enumerate()
        .map(|(i, &s)| {
            let k = param_index(q, x.shape(), i);
            (s - q.zero_points[k] as f64) * q.scales[k]
        })
        .collect();
    from_f64s(q.expressed, x.shape(), out)
}

/// `stablehlo.uniform_quantize`: floats → storage values.
pub fn uniform_quantize(x: &Tensor, q: &QuantParams) -> KResult<Tensor> {
    let op = "uniform_quantize";
    check(op, q, x.shape())?;
    let v = to_f64s(op, x)?;
    let out: Vec<i64> = v
        .iter()
        .enumerate()
        .map(|(i, &a)| {
            let k = param_index(q, x.shape(), i);
            let r = (a / q.scales[k] + q.zero_points[k] as f64).round_ties_even();
            if r.is_nan() {
                q.storage_min.max(0).min(q.storage_max)
            } else {
                r.clamp(q.storage_min as f64, q.storage_max as f64) as i64
            }
        })
        .collect();
    Ok(Tensor::from_i64s(q.storage, x.shape(), &out)?)
}
