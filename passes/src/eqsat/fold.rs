//! Constant folding for the analysis: an op whose operands are all known constants is
//! evaluated with `strata_reference::kernels` — the interpreter's own kernels, so a folded
//! constant is bit for bit what the interpreter computes.
//!
//! Bounded by the fold limit: an operand or result of more elements than the limit is not
//! materialized. Splats are tracked beyond the limit: a shape op of a splat, or an elementwise
//! op of splats (computed on one element), is a splat of any size.

use std::rc::Rc;

use egg::Id;
use strata_dialects::stablehlo::attrs::{ComparisonDirection, ComparisonType, DotDimensionNumbers};
use strata_reference::kernels::{self, BinaryOp, CmpDir, CmpType, DotDims, UnaryOp};
use strata_reference::value::Tensor;
use strata_reference::KResult;

use super::analysis::Const;
use super::language::{EGraph, Kind, RegionKey, SigId};

/// The unary kernel of an elementwise kind.
pub fn unary_op(k: Kind) -> Option<UnaryOp> {
    Some(match k {
        Kind::Abs => UnaryOp::Abs,
        Kind::Negate => UnaryOp::Negate,
        Kind::Not => UnaryOp::Not,
        Kind::Sqrt => UnaryOp::Sqrt,
        Kind::Rsqrt => UnaryOp::Rsqrt,
        Kind::Cbrt => UnaryOp::Cbrt,
        Kind::Exp => UnaryOp::Exp,
        Kind::Expm1 => UnaryOp::Expm1,
        Kind::Log => UnaryOp::Log,
        Kind::Log1p => UnaryOp::Log1p,
        Kind::Logistic => UnaryOp::Logistic,
        Kind::Sine => UnaryOp::Sin,
        Kind::Cosine => UnaryOp::Cos,
        Kind::Tan => UnaryOp::Tan,
        Kind::Tanh => UnaryOp::Tanh,
        Kind::Ceil => UnaryOp::Ceil,
        Kind::Floor => UnaryOp::Floor,
        Kind::RoundAfz => UnaryOp::RoundNearestAfz,
        Kind::RoundEven => UnaryOp::RoundNearestEven,
        Kind::Sign => UnaryOp::Sign,
        Kind::IsFinite => UnaryOp::IsFinite,
        Kind::Popcnt => UnaryOp::Popcnt,
        Kind::Clz => UnaryOp::CountLeadingZeros,
        Kind::Real => UnaryOp::Real,
        Kind::Imag => UnaryOp::Imag,
        _ => return None,
    })
}

/// The binary kernel of an elementwise kind.
pub fn binary_op(k: Kind) -> Option<BinaryOp> {
    Some(match k {
        Kind::Add => BinaryOp::Add,
        Kind::Subtract => BinaryOp::Sub,
        Kind::Multiply => BinaryOp::Mul,
        Kind::Divide => BinaryOp::Div,
        Kind::Remainder => BinaryOp::Rem,
        Kind::Power => BinaryOp::Pow,
        Kind::Maximum => BinaryOp::Max,
        Kind::Minimum => BinaryOp::Min,
        Kind::And => BinaryOp::And,
        Kind::Or => BinaryOp::Or,
        Kind::Xor => BinaryOp::Xor,
        Kind::ShiftLeft => BinaryOp::ShiftLeft,
        Kind::ShiftRightLogical => BinaryOp::ShiftRightLogical,
        Kind::ShiftRightArithmetic => BinaryOp::ShiftRightArithmetic,
        Kind::Atan2 => BinaryOp::Atan2,
        _ => return None,
    })
}

/// The kernel's comparison direction.
pub fn cmp_dir(d: ComparisonDirection) -> CmpDir {
    match d {
        ComparisonDirection::EQ => CmpDir::Eq,
        ComparisonDirection::NE => CmpDir::Ne,
        ComparisonDirection::GE => CmpDir::Ge,
        ComparisonDirection::GT => CmpDir::Gt,
        ComparisonDirection::LE => CmpDir::Le,
        ComparisonDirection::LT => CmpDir::Lt,
    }
}

/// The kernel's comparison type.
pub fn cmp_type(t: Option<&ComparisonType>) -> CmpType {
    match t {
        None | Some(ComparisonType::NOTYPE) => CmpType::NoType,
        Some(ComparisonType::FLOAT) => CmpType::Float,
        Some(ComparisonType::TOTALORDER) => CmpType::TotalOrder,
        Some(ComparisonType::SIGNED) => CmpType::Signed,
        Some(ComparisonType::UNSIGNED) => CmpType::Unsigned,
    }
}

/// Whether the op keeps a splat operand a splat (of the same value) whatever its shape.
fn splat_preserving_shape_op(k: Kind) -> bool {
    matches!(k, Kind::BroadcastInDim | Kind::Broadcast | Kind::Reshape | Kind::Transpose | Kind::Slice | Kind::Reverse)
}

/// The constant value of op `k` of signature `s` on operand classes `ops`, if known.
pub fn fold(eg: &EGraph, k: Kind, s: SigId, ops: &[Id]) -> Const {
    let a = &eg.analysis;
    if k == Kind::Constant {
        return match a.attr(s, a.names.value) {
            Some(v) => a.const_of_attr(v),
            None => Const::default(),
        };
    }
    let ty = a.sig(s).ty;
    let Some(et) = a.etype(ty) else { return Const::default() };
    if !a.ctx.shaped(ty).is_some_and(|t| t.is_static()) {
        return Const::default();
    }
    let n = a.numel(ty) as usize;
    let consts: Vec<&Const> = ops.iter().map(|&o| &eg[o].data.konst).collect();
    if k != Kind::Iota && (consts.is_empty() || consts.iter().any(|c| c.is_empty())) {
        return Const::default();
    }
    if n <= a.fold_limit {
        let mut inputs: Vec<Rc<Tensor>> = Vec::with_capacity(ops.len());
        for (c, &o) in consts.iter().zip(ops) {
            match (&c.full, &c.splat) {
                (Some(f), _) => inputs.push(f.clone()),
                (None, Some(sp)) => {
                    let ot = eg[o].data.ty.expect("value class");
                    if a.numel(ot) as usize > a.fold_limit {
                        return splat_only(eg, k, s, &consts);
                    }
                    match kernels::splat_to(sp, a.dims(ot)) {
                        Ok(t) => inputs.push(Rc::new(t)),
                        Err(_) => return Const::default(),
                    }
                }
                (None, None) => return Const::default(),
            }
        }
        let refs: Vec<&Tensor> = inputs.iter().map(|t| t.as_ref()).collect();
        return match eval(eg, k, s, &refs) {
            Some(Ok(t)) if t.shape() == a.dims(ty) && t.element_type() == et => {
                let splat = (t.num_elements() > 0 && t.is_splat()).then(|| Rc::new(kernels::scalar_at(&t, 0)));
                Const { full: Some(Rc::new(t)), splat }
            }
            _ => Const::default(),
        };
    }
    splat_only(eg, k, s, &consts)
}

/// The splat of an op's result when its operands are splats and its result is too large to
/// materialize.
fn splat_only(eg: &EGraph, k: Kind, s: SigId, consts: &[&Const]) -> Const {
    let splats: Option<Vec<&Tensor>> = consts.iter().map(|c| c.splat.as_deref()).collect();
    let Some(splats) = splats else { return Const::default() };
    let a = &eg.analysis;
    let et = a.etype(a.sig(s).ty);
    let v = if splat_preserving_shape_op(k) {
        splats.first().map(|t| Ok((*t).clone()))
    } else if k == Kind::Pad || k == Kind::Concatenate {
        // Every element is the operand's or the padding value's: a splat when they agree.
        let first = splats[0];
        splats.iter().all(|t| t.bitwise_eq(first)).then(|| Ok(first.clone()))
    } else if k.is_elementwise() {
        eval(eg, k, s, &splats)
    } else {
        None
    };
    match v {
        Some(Ok(t)) if t.num_elements() == 1 && Some(t.element_type()) == et => {
            let t = if t.rank() == 0 { t } else { kernels::scalar_at(&t, 0) };
            Const { full: None, splat: Some(Rc::new(t)) }
        }
        _ => Const::default(),
    }
}

/// The one element of a start-index operand.
fn scalar_index(op: &str, t: &Tensor) -> KResult<i64> {
    kernels::to_i64s(op, t)?
        .first()
        .copied()
        .ok_or_else(|| strata_reference::InterpError::invalid(op, "an empty start index"))
}

/// Evaluates op `k` of signature `s` on `x` with the interpreter's kernels (`None`: the op is
/// not folded). For elementwise ops the operands may be scalars (splat folding); the result
/// then has their shape.
fn eval(eg: &EGraph, k: Kind, s: SigId, x: &[&Tensor]) -> Option<KResult<Tensor>> {
    let a = &eg.analysis;
    let nm = &a.names;
    let ty = a.sig(s).ty;
    let et = a.etype(ty)?;
    let dims = a.dims(ty);
    let arity = |n: usize| x.len() == n;
    if let Some(u) = unary_op(k) {
        return arity(1).then(|| kernels::unary(u, x[0]));
    }
    if let Some(b) = binary_op(k) {
        return arity(2).then(|| kernels::binary(b, x[0], x[1]));
    }
    Some(match k {
        Kind::Compare if arity(2) => {
            let d = a.typed::<ComparisonDirection>(s, nm.comparison_direction)?;
            let t = cmp_type(a.typed::<ComparisonType>(s, nm.compare_type));
            kernels::compare(x[0], x[1], cmp_dir(*d), t)
        }
        Kind::Complex if arity(2) => kernels::complex(x[0], x[1]),
        Kind::Select if arity(3) => kernels::select(x[0], x[1], x[2]),
        Kind::Clamp if arity(3) => kernels::clamp(x[0], x[1], x[2]),
        Kind::Convert if arity(1) => kernels::convert(x[0], et),
        Kind::ReducePrecision if arity(1) => {
            kernels::reduce_precision(x[0], a.int(s, nm.exponent_bits)?, a.int(s, nm.mantissa_bits)?)
        }
        Kind::BroadcastInDim if arity(1) => kernels::broadcast_in_dim(x[0], dims, a.i64s(s, nm.broadcast_dimensions)?),
        Kind::Reshape if arity(1) => kernels::reshape(x[0], dims),
        Kind::Transpose if arity(1) => kernels::transpose(x[0], a.i64s(s, nm.permutation)?),
        Kind::Reverse if arity(1) => kernels::reverse(x[0], a.i64s(s, nm.dimensions)?),
        Kind::Slice if arity(1) => {
            let st = a.i64s(s, nm.start_indices)?;
            let li = a.i64s(s, nm.limit_indices)?;
            let strides = a.i64s(s, nm.strides).map(|v| v.to_vec()).unwrap_or_else(|| vec![1; st.len()]);
            kernels::slice(x[0], st, li, &strides)
        }
        Kind::Concatenate if !x.is_empty() => kernels::concatenate(x, a.int(s, nm.dimension)?),
        Kind::Pad if arity(2) => kernels::pad(
            x[0],
            x[1],
            a.i64s(s, nm.edge_padding_low)?,
            a.i64s(s, nm.edge_padding_high)?,
            a.i64s(s, nm.interior_padding)?,
        ),
        Kind::Iota if arity(0) => kernels::iota(et, dims, a.int(s, nm.iota_dimension)?),
        Kind::DotGeneral if arity(2) => {
            let d = a.typed::<DotDimensionNumbers>(s, nm.dot_dimension_numbers)?;
            let dd = DotDims {
                lhs_batch: d.lhs_batching_dimensions.clone(),
                rhs_batch: d.rhs_batching_dimensions.clone(),
                lhs_contract: d.lhs_contracting_dimensions.clone(),
                rhs_contract: d.rhs_contracting_dimensions.clone(),
            };
            kernels::dot_general(x[0], x[1], &dd, et)
        }
        Kind::Dot if arity(2) => kernels::dot(x[0], x[1], et),
        Kind::Reduce if arity(2) => match &a.sig(s).region {
            Some(RegionKey::Reducer(rk, _)) if x[0].element_type() == x[1].element_type() => {
                kernels::reduce_fast(*rk, x[0], x[1], a.i64s(s, nm.dimensions)?)
            }
            _ => return None,
        },
        Kind::DynamicSlice if x.len() >= 2 => {
            let starts: KResult<Vec<i64>> = x[1..].iter().map(|t| scalar_index("dynamic_slice", t)).collect();
            match starts {
                Ok(st) => kernels::dynamic_slice(x[0], &st, a.i64s(s, nm.slice_sizes)?),
                Err(e) => Err(e),
            }
        }
        Kind::DynamicUpdateSlice if x.len() >= 3 => {
            let starts: KResult<Vec<i64>> = x[2..].iter().map(|t| scalar_index("dynamic_update_slice", t)).collect();
            match starts {
                Ok(st) => kernels::dynamic_update_slice(x[0], x[1], &st),
                Err(e) => Err(e),
            }
        }
        _ => return None,
    })
}
