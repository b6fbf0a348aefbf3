//! The cost model: a per-node cost from types alone.
//!
//! `cost = flops + BYTE_COST * bytes written`, where
//! - elementwise ops cost one flop per element (`divide`, `remainder`, `sqrt`, `rsqrt`: 4;
//!   transcendentals — `exp`, `log`, `tanh`, `power`, trigonometry, ...: 16);
//! - `dot_general` / `dot` cost 2 flops per multiply-add (batch × M × N × K), `convolution`
//!   2 per multiply-add of its window, weighted by [`CONV_WEIGHT`];
//! - `reduce` costs one flop per input element, `reduce_window` one per window element;
//! - data movement (`transpose`, `concatenate`, `pad`, `gather`, ...) costs the bytes it writes;
//! - pure views are nearly free: `reshape` and `bitcast_convert` a constant [`VIEW_COST`];
//!   `broadcast_in_dim` (dimensions in order), `slice`, `reverse` a small fraction of their
//!   output (they fuse into their consumers); a `broadcast_in_dim` that permutes moves data;
//! - a splat constant costs [`VIEW_COST`], any other constant a fraction of its bytes;
//! - signatures and opaque leaves cost nothing.
//!
//! Every op costs at least [`OP_COST`], so that among equally cheap programs the one with
//! fewer ops wins.

use super::analysis::EqAnalysis;
use super::language::{ENode, Kind, SigId};

/// The least cost of any op.
pub const OP_COST: f64 = 1.0;
/// The cost of a view (`reshape`) or a splat constant.
pub const VIEW_COST: f64 = 1.0;
/// The cost of writing one byte.
pub const BYTE_COST: f64 = 0.25;
/// The cost per written byte of ops that fuse into their consumers (broadcast, slice).
pub const FUSIBLE_BYTE_COST: f64 = 0.02;
/// The weight of a convolution's multiply-add against a dot's (window gathering overhead).
pub const CONV_WEIGHT: f64 = 1.25;
/// The cost per byte of a non-splat constant.
pub const CONST_BYTE_COST: f64 = 0.05;

/// Flops per element of an elementwise kind.
pub fn elementwise_flops(k: Kind) -> f64 {
    use Kind::*;
    match k {
        Divide | Remainder | Sqrt | Rsqrt | Cbrt => 4.0,
        Exp | Expm1 | Log | Log1p | Logistic | Tanh | Sine | Cosine | Tan | Atan2 | Power => 16.0,
        _ => 1.0,
    }
}

/// The cost of one e-node (its operands' types are read from the analysis through `operand_ty`).
pub fn node_cost(a: &EqAnalysis, node: &ENode, sig: Option<SigId>, operand_numel: &dyn Fn(usize) -> f64) -> f64 {
    let ENode::Op(k, _) = node else { return 0.0 };
    let Some(s) = sig else { return 0.0 };
    let ty = a.sig(s).ty;
    let n = a.numel(ty) as f64;
    let bytes = n * elem_bytes(a, ty);
    let k = *k;
    let flops = match k {
        Kind::Constant => {
            let splat = a.attr(s, a.names.value).is_some_and(
                |v| matches!(a.ctx.attr_kind(v), strata_ir::AttrKind::DenseElements { data, .. } if data.splat),
            );
            return if splat || n <= 1.0 { VIEW_COST } else { VIEW_COST + CONST_BYTE_COST * bytes };
        }
        Kind::Reshape | Kind::BitcastConvert => return VIEW_COST,
        Kind::BroadcastInDim
            if a.i64s(s, a.names.broadcast_dimensions).is_some_and(|d| !d.windows(2).all(|w| w[0] < w[1])) =>
        {
            // Dimensions out of order: it moves data like a transpose (and costs an op more
            // than the canonical transpose).
            OP_COST
        }
        Kind::BroadcastInDim | Kind::Broadcast | Kind::Slice | Kind::Reverse | Kind::Iota => {
            return OP_COST + FUSIBLE_BYTE_COST * bytes
        }
        Kind::DotGeneral | Kind::Dot => {
            let lhs = operand_numel(0);
            let rhs = operand_numel(1);
            // out = batch·M·N; lhs = batch·M·K; rhs = batch·K·N → MACs = sqrt(lhs·rhs·out)
            2.0 * (lhs * rhs * n).sqrt()
        }
        Kind::Convolution => {
            // out elements × (kernel elements / output features) multiply-adds.
            let kernel = operand_numel(1);
            let out_features = conv_out_features(a, s).max(1.0);
            CONV_WEIGHT * 2.0 * n * (kernel / out_features)
        }
        Kind::Reduce => operand_numel(0),
        Kind::ReduceWindow => {
            let w: f64 = a
                .i64s(s, a.names.window_dimensions)
                .map(|w| w.iter().map(|&d| d.max(1) as f64).product())
                .unwrap_or(1.0);
            n * w
        }
        Kind::Transpose | Kind::Concatenate | Kind::Pad | Kind::Gather | Kind::DynamicSlice => 0.0,
        Kind::DynamicUpdateSlice => operand_numel(1),
        Kind::Sort => {
            let m = operand_numel(0).max(2.0);
            m * m.log2()
        }
        k if k.is_elementwise() => n * elementwise_flops(k),
        _ => n,
    };
    OP_COST + flops + BYTE_COST * bytes
}

fn conv_out_features(a: &EqAnalysis, s: SigId) -> f64 {
    use strata_dialects::stablehlo::attrs::ConvDimensionNumbers;
    let ty = a.sig(s).ty;
    match a.typed::<ConvDimensionNumbers>(s, a.names.dimension_numbers) {
        Some(d) => a.dims(ty).get(d.output_feature_dimension as usize).map(|&x| x as f64).unwrap_or(1.0),
        None => 1.0,
    }
}

/// Bytes of one element of a tensor type.
pub fn elem_bytes(a: &EqAnalysis, ty: strata_ir::Type) -> f64 {
    match a.etype(ty) {
        Some(e) => (e.bit_width() as f64 / 8.0).max(1.0 / 8.0),
        None => 4.0,
    }
}
