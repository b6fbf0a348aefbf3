//! How each op is evaluated: one function per op (or op family), reading the op through its
//! typed view (`strata_dialects::stablehlo::views`) and calling the reference kernels
//! (`strata_reference::kernels`).
//!
//! The interpreter resolves an op's [`Kernel`] once per op name and context ([`kernel_for`],
//! cached by [`Dispatch`] per interned `OpName`), so evaluating an op is an indexed load — no
//! string comparison and no attribute parsing per evaluated op: typed dialect attributes are
//! the payloads parsed when the attribute was interned.

use strata_dialects::stablehlo::attrs::{ComparisonDirection, ComparisonType, FftType, RngAlgorithm, Transpose};
use strata_dialects::stablehlo::views::*;
use strata_ir::view::I64s;
use strata_ir::{Context, OpId, OpView};
use strata_reference::kernels::{self, BinaryOp, CmpDir, CmpType, UnaryOp};
use strata_reference::value::{ElementType, Tensor, Value};

use super::eval::{quant_params_of, single_binop_body, single_compare_body, Interpreter};
use super::{InterpError, KResult};

/// Evaluates one op, returning its results.
pub(crate) type EvalFn = fn(&mut Interpreter, &Context, OpId) -> KResult<Vec<Value>>;

/// How an op is evaluated.
#[derive(Copy, Clone)]
pub(crate) enum Kernel {
    /// A unary elementwise stablehlo op.
    Unary(UnaryOp),
    /// A binary elementwise stablehlo op.
    Binary(BinaryOp),
    /// Any other op.
    Op(EvalFn),
    /// An op that computes on quantized operands by the spec's `dequantize_op_quantize` (or
    /// `hybrid_dequantize_then_op`): quantized operands are dequantized, the op runs in the
    /// expressed type and quantized results are quantized ([`QUANT_COMPUTE_OPS`]).
    QuantOp(EvalFn),
    /// `func.return`, `stablehlo.return`: ends the block.
    Return,
    /// `check.*`: an assertion.
    Check,
}

/// The kernel of an op name (`None`: the interpreter does not run it). Called once per op
/// name per context.
pub(crate) fn kernel_for(name: &str) -> Option<Kernel> {
    if name == "func.return" || name == "stablehlo.return" {
        return Some(Kernel::Return);
    }
    if name.starts_with("check.") {
        return Some(Kernel::Check);
    }
    if let Some(short) = name.strip_prefix("stablehlo.") {
        if let Some(u) = UnaryOp::from_name(short) {
            return Some(Kernel::Unary(u));
        }
        if let Some(b) = BinaryOp::from_name(short) {
            return Some(Kernel::Binary(b));
        }
    }
    let f: EvalFn = match name {
        "func.call" => |it, ctx, op| it.call(ctx, op, "callee"),
        "stablehlo.composite" => |it, ctx, op| it.call(ctx, op, "decomposition"),
        "stablehlo.constant" => constant,
        "stablehlo.compare" => compare,
        "stablehlo.select" => {
            |it, ctx, op| one(kernels::select(it.tensor(ctx, op, 0)?, it.tensor(ctx, op, 1)?, it.tensor(ctx, op, 2)?)?)
        }
        "stablehlo.clamp" => {
            |it, ctx, op| one(kernels::clamp(it.tensor(ctx, op, 0)?, it.tensor(ctx, op, 1)?, it.tensor(ctx, op, 2)?)?)
        }
        "stablehlo.complex" => |it, ctx, op| one(kernels::complex(it.tensor(ctx, op, 0)?, it.tensor(ctx, op, 1)?)?),
        "stablehlo.convert" => |it, ctx, op| {
            let (_, e) = Interpreter::result_type(ctx, op, 0)?;
            one(kernels::convert(it.tensor(ctx, op, 0)?, e)?)
        },
        "stablehlo.bitcast_convert" => |it, ctx, op| {
            let (s, e) = Interpreter::result_type(ctx, op, 0)?;
            one(kernels::bitcast_convert(it.tensor(ctx, op, 0)?, e, &s)?)
        },
        "stablehlo.reduce_precision" => |it, ctx, op| {
            let v = view::<ReducePrecisionOp>(ctx, op);
            one(kernels::reduce_precision(it.tensor(ctx, op, 0)?, v.exponent_bits(), v.mantissa_bits())?)
        },
        "stablehlo.broadcast_in_dim" => |it, ctx, op| {
            let (s, _) = Interpreter::result_type(ctx, op, 0)?;
            let dims = view::<BroadcastInDimOp>(ctx, op).broadcast_dimensions();
            one(kernels::broadcast_in_dim(it.tensor(ctx, op, 0)?, &s, &dims)?)
        },
        "stablehlo.dynamic_broadcast_in_dim" => |it, ctx, op| {
            let (s, _) = Interpreter::result_type(ctx, op, 0)?;
            let dims = view::<DynamicBroadcastInDimOp>(ctx, op).broadcast_dimensions();
            one(kernels::broadcast_in_dim(it.tensor(ctx, op, 0)?, &s, &dims)?)
        },
        "stablehlo.broadcast" => |it, ctx, op| {
            let sizes = view::<BroadcastOp>(ctx, op).broadcast_sizes();
            let x = it.tensor(ctx, op, 0)?;
            let mut s = sizes.to_vec();
            s.extend_from_slice(x.shape());
            let dims: Vec<i64> = (sizes.len()..s.len()).map(|d| d as i64).collect();
            one(kernels::broadcast_in_dim(x, &s, &dims)?)
        },
        "stablehlo.reshape" | "stablehlo.dynamic_reshape" => |it, ctx, op| {
            let (s, _) = Interpreter::result_type(ctx, op, 0)?;
            one(kernels::reshape(it.tensor(ctx, op, 0)?, &s)?)
        },
        "stablehlo.transpose" => |it, ctx, op| {
            let p = view::<TransposeOp>(ctx, op).permutation();
            one(kernels::transpose(it.tensor(ctx, op, 0)?, &p)?)
        },
        "stablehlo.reverse" => |it, ctx, op| {
            let d = view::<ReverseOp>(ctx, op).dimensions();
            one(kernels::reverse(it.tensor(ctx, op, 0)?, &d)?)
        },
        "stablehlo.slice" => |it, ctx, op| {
            let v = view::<SliceOp>(ctx, op);
            one(kernels::slice(it.tensor(ctx, op, 0)?, &v.start_indices(), &v.limit_indices(), &v.strides())?)
        },
        "stablehlo.dynamic_slice" => |it, ctx, op| {
            let sizes = view::<DynamicSliceOp>(ctx, op).slice_sizes();
            let starts = it.scalars(ctx, op, 1..ctx.operands(op).len())?;
            one(kernels::dynamic_slice(it.tensor(ctx, op, 0)?, &starts, &sizes)?)
        },
        "stablehlo.dynamic_update_slice" => |it, ctx, op| {
            let starts = it.scalars(ctx, op, 2..ctx.operands(op).len())?;
            one(kernels::dynamic_update_slice(it.tensor(ctx, op, 0)?, it.tensor(ctx, op, 1)?, &starts)?)
        },
        "stablehlo.real_dynamic_slice" => |it, ctx, op| {
            let n = ctx.op_name_of(op);
            let s = kernels::to_i64s(n, it.tensor(ctx, op, 1)?)?;
            let l = kernels::to_i64s(n, it.tensor(ctx, op, 2)?)?;
            let st = kernels::to_i64s(n, it.tensor(ctx, op, 3)?)?;
            one(kernels::slice(it.tensor(ctx, op, 0)?, &s, &l, &st)?)
        },
        "stablehlo.concatenate" => |it, ctx, op| {
            let d = view::<ConcatenateOp>(ctx, op).dimension();
            let ts: Vec<&Tensor> =
                (0..ctx.operands(op).len()).map(|i| it.tensor(ctx, op, i)).collect::<KResult<_>>()?;
            one(kernels::concatenate(&ts, d)?)
        },
        "stablehlo.pad" => |it, ctx, op| {
            let v = view::<PadOp>(ctx, op);
            let (lo, hi, int) = (v.edge_padding_low(), v.edge_padding_high(), v.interior_padding());
            one(kernels::pad(it.tensor(ctx, op, 0)?, it.tensor(ctx, op, 1)?, &lo, &hi, &int)?)
        },
        "stablehlo.dynamic_pad" => |it, ctx, op| {
            let n = ctx.op_name_of(op);
            let lo = kernels::to_i64s(n, it.tensor(ctx, op, 2)?)?;
            let hi = kernels::to_i64s(n, it.tensor(ctx, op, 3)?)?;
            let int = kernels::to_i64s(n, it.tensor(ctx, op, 4)?)?;
            one(kernels::pad(it.tensor(ctx, op, 0)?, it.tensor(ctx, op, 1)?, &lo, &hi, &int)?)
        },
        "stablehlo.iota" => |_, ctx, op| {
            let (s, e) = Interpreter::result_type(ctx, op, 0)?;
            one(kernels::iota(e, &s, view::<IotaOp>(ctx, op).iota_dimension())?)
        },
        "stablehlo.dynamic_iota" => |_, ctx, op| {
            let (s, e) = Interpreter::result_type(ctx, op, 0)?;
            one(kernels::iota(e, &s, view::<DynamicIotaOp>(ctx, op).iota_dimension())?)
        },
        "stablehlo.get_dimension_size" => |it, ctx, op| {
            let d = view::<GetDimensionSizeOp>(ctx, op).dimension();
            let x = it.tensor(ctx, op, 0)?;
            let size = *usize::try_from(d)
                .ok()
                .and_then(|d| x.shape().get(d))
                .ok_or_else(|| InterpError::invalid(ctx.op_name_of(op), "dimension out of range"))?;
            one(Tensor::from_i64s(ElementType::SInt(32), &[], &[size])?)
        },
        "stablehlo.dot_general" => dot_general,
        "stablehlo.dot" => |it, ctx, op| {
            let (_, e) = Interpreter::result_type(ctx, op, 0)?;
            one(kernels::dot(it.tensor(ctx, op, 0)?, it.tensor(ctx, op, 1)?, e)?)
        },
        "stablehlo.convolution" | "stablehlo.dynamic_conv" => convolution,
        "stablehlo.gather" | "stablehlo.dynamic_gather" => gather,
        "stablehlo.scatter" => scatter,
        "stablehlo.reduce" => reduce,
        "stablehlo.reduce_window" => reduce_window,
        "stablehlo.select_and_scatter" => select_and_scatter,
        "stablehlo.sort" => sort,
        "stablehlo.map" => map,
        "stablehlo.while" => while_loop,
        "stablehlo.if" => |it, ctx, op| {
            let p = truthy(ctx.op_name_of(op), &[it.get(ctx.operands(op)[0])?.clone()])?;
            let r = Interpreter::region(ctx, op, if p { 0 } else { 1 })?;
            it.eval_region(ctx, r, vec![])
        },
        "stablehlo.case" => |it, ctx, op| {
            let i = it.scalar_i64(ctx, op, 0)?;
            let nr = ctx.op_regions(op).len();
            let k = if i < 0 || i as usize >= nr { nr.saturating_sub(1) } else { i as usize };
            let r = Interpreter::region(ctx, op, k)?;
            it.eval_region(ctx, r, vec![])
        },
        "stablehlo.optimization_barrier" => |it, ctx, op| it.operand_values(ctx, op),
        "stablehlo.tuple" => |it, ctx, op| Ok(vec![Value::Tuple(it.operand_values(ctx, op)?)]),
        "stablehlo.get_tuple_element" => |it, ctx, op| {
            let i = view::<GetTupleElementOp>(ctx, op).index();
            let t = it.get(ctx.operands(op)[0])?;
            let e = t
                .as_tuple()
                .and_then(|v| v.get(i as usize))
                .ok_or_else(|| InterpError::invalid(ctx.op_name_of(op), "bad index"))?;
            Ok(vec![e.clone()])
        },
        "stablehlo.after_all" | "stablehlo.create_token" => |_, _, _| Ok(vec![Value::Token]),
        "stablehlo.rng_bit_generator" => |it, ctx, op| {
            let alg = match view::<RngBitGeneratorOp>(ctx, op).rng_algorithm() {
                RngAlgorithm::DEFAULT => kernels::RngAlgorithm::Default,
                RngAlgorithm::THREE_FRY => kernels::RngAlgorithm::ThreeFry,
                RngAlgorithm::PHILOX => kernels::RngAlgorithm::Philox,
            };
            let (s, e) = Interpreter::result_type(ctx, op, 1)?;
            let (st, out) = kernels::rng_bit_generator(alg, it.tensor(ctx, op, 0)?, e, &s)?;
            Ok(vec![st.into(), out.into()])
        },
        "stablehlo.fft" => |it, ctx, op| {
            let v = view::<FftOp>(ctx, op);
            let kind = match v.fft_type() {
                FftType::FFT => kernels::FftKind::Fft,
                FftType::IFFT => kernels::FftKind::Ifft,
                FftType::RFFT => kernels::FftKind::Rfft,
                FftType::IRFFT => kernels::FftKind::Irfft,
            };
            one(kernels::fft(it.tensor(ctx, op, 0)?, kind, &v.fft_length())?)
        },
        "stablehlo.cholesky" => |it, ctx, op| {
            let lower = view::<CholeskyOp>(ctx, op).lower().unwrap_or(false);
            one(kernels::cholesky(it.tensor(ctx, op, 0)?, lower)?)
        },
        "stablehlo.triangular_solve" => |it, ctx, op| {
            let v = view::<TriangularSolveOp>(ctx, op);
            let t = match v.transpose_a() {
                Transpose::NO_TRANSPOSE => kernels::TransposeA::No,
                Transpose::TRANSPOSE => kernels::TransposeA::Transpose,
                Transpose::ADJOINT => kernels::TransposeA::Adjoint,
                Transpose::TRANSPOSE_INVALID => {
                    return Err(InterpError::invalid(ctx.op_name_of(op), "transpose_a is TRANSPOSE_INVALID"))
                }
            };
            let (a, b) = (it.tensor(ctx, op, 0)?, it.tensor(ctx, op, 1)?);
            one(kernels::triangular_solve(a, b, v.left_side(), v.lower(), v.unit_diagonal(), t)?)
        },
        "stablehlo.batch_norm_inference" => |it, ctx, op| {
            let v = view::<BatchNormInferenceOp>(ctx, op);
            let t = |i| it.tensor(ctx, op, i);
            one(kernels::batch_norm_inference(t(0)?, t(1)?, t(2)?, t(3)?, t(4)?, v.epsilon(), v.feature_index())?)
        },
        "stablehlo.batch_norm_training" => |it, ctx, op| {
            let v = view::<BatchNormTrainingOp>(ctx, op);
            let t = |i| it.tensor(ctx, op, i);
            let (a, b, c) = kernels::batch_norm_training(t(0)?, t(1)?, t(2)?, v.epsilon(), v.feature_index())?;
            Ok(vec![a.into(), b.into(), c.into()])
        },
        "stablehlo.batch_norm_grad" => |it, ctx, op| {
            let v = view::<BatchNormGradOp>(ctx, op);
            let t = |i| it.tensor(ctx, op, i);
            let (a, b, c) =
                kernels::batch_norm_grad(t(0)?, t(1)?, t(2)?, t(3)?, t(4)?, v.epsilon(), v.feature_index())?;
            Ok(vec![a.into(), b.into(), c.into()])
        },
        "stablehlo.uniform_quantize" | "stablehlo.uniform_dequantize" => |it, ctx, op| {
            let x = it.tensor(ctx, op, 0)?;
            let in_q = quant_params_of(ctx, ctx.value_type(ctx.operands(op)[0]));
            let out_q = quant_params_of(ctx, ctx.value_type(ctx.result(op, 0)));
            let real = match in_q {
                Some(q) => kernels::uniform_dequantize(x, &q)?,
                None => x.clone(),
            };
            one(match out_q {
                Some(q) => kernels::uniform_quantize(&real, &q)?,
                None => real,
            })
        },
        // Ops that need the interpreter's state (prints, probes, processes, checks).
        "interpreter.print" => |it, ctx, op| it.print(ctx, op),
        "interpreter.probe" => |it, ctx, op| it.probe(ctx, op),
        "interpreter.run_parallel" => |it, ctx, op| it.run_parallel(ctx, op),
        "stablehlo.all_reduce"
        | "stablehlo.all_gather"
        | "stablehlo.all_to_all"
        | "stablehlo.reduce_scatter"
        | "stablehlo.collective_permute"
        | "stablehlo.collective_broadcast"
        | "stablehlo.collective_reduce" => |it, ctx, op| it.collective(ctx, op, ctx.op_name_of(op)),
        "stablehlo.send" => |it, ctx, op| it.send(ctx, op),
        "stablehlo.recv" => |it, ctx, op| it.recv(ctx, op),
        "stablehlo.outfeed" => |it, ctx, op| it.outfeed(ctx, op),
        "stablehlo.replica_id" => |it, _, _| it.process_id(true),
        "stablehlo.partition_id" => |it, _, _| it.process_id(false),
        "stablehlo.infeed" => |it, ctx, op| it.infeed(ctx, op),
        "stablehlo.custom_call" => |it, ctx, op| it.custom_call(ctx, op),
        "chlo.scan" => |it, ctx, op| it.scan(ctx, op),
        // Every other chlo op runs its StableHLO decomposition (`chlo.rs`).
        n if n.starts_with("chlo.") => |it, ctx, op| it.chlo(ctx, op),
        _ => return None,
    };
    if QUANT_COMPUTE_OPS.contains(&name) {
        return Some(Kernel::QuantOp(f));
    }
    Some(Kernel::Op(f))
}

/// The non-elementwise ops whose quantized semantics is `dequantize_op_quantize` (spec.md:
/// dot_general, convolution, clamp, select, compare, batch norms, cholesky,
/// triangular_solve, reduce_precision). Elementwise unary/binary ops do the same in
/// `Interpreter::quantized_elementwise`; data-movement ops (gather, slice, reshape, ...) move
/// storage values unchanged, as their constraints keep the quantization parameters.
pub(crate) const QUANT_COMPUTE_OPS: &[&str] = &[
    "stablehlo.dot_general",
    "stablehlo.dot",
    "stablehlo.convolution",
    "stablehlo.dynamic_conv",
    "stablehlo.clamp",
    "stablehlo.select",
    "stablehlo.compare",
    "stablehlo.reduce_precision",
    "stablehlo.batch_norm_inference",
    "stablehlo.batch_norm_training",
    "stablehlo.batch_norm_grad",
    "stablehlo.cholesky",
    "stablehlo.triangular_solve",
];

/// The view of an op whose kind the dispatch table has established.
fn view<'a, V: OpView<'a>>(ctx: &'a Context, op: OpId) -> V {
    V::from_op_unchecked(strata_ir::Op::new(ctx, op))
}

fn one(t: Tensor) -> KResult<Vec<Value>> {
    Ok(vec![t.into()])
}

pub(crate) fn truthy(op: &str, v: &[Value]) -> KResult<bool> {
    match v.first().and_then(|x| x.as_tensor()).and_then(|t| t.as_bool()) {
        Some(b) if b.len() == 1 => Ok(b[0]),
        _ => Err(InterpError::invalid(op, "expected an i1 scalar predicate")),
    }
}

/// The kernels' comparison direction of the dialect's.
pub(crate) fn cmp_dir(d: ComparisonDirection) -> CmpDir {
    match d {
        ComparisonDirection::EQ => CmpDir::Eq,
        ComparisonDirection::NE => CmpDir::Ne,
        ComparisonDirection::GE => CmpDir::Ge,
        ComparisonDirection::GT => CmpDir::Gt,
        ComparisonDirection::LE => CmpDir::Le,
        ComparisonDirection::LT => CmpDir::Lt,
    }
}

/// The kernels' comparison type of the dialect's.
pub(crate) fn cmp_type(t: ComparisonType) -> CmpType {
    match t {
        ComparisonType::NOTYPE => CmpType::NoType,
        ComparisonType::FLOAT => CmpType::Float,
        ComparisonType::TOTALORDER => CmpType::TotalOrder,
        ComparisonType::SIGNED => CmpType::Signed,
        ComparisonType::UNSIGNED => CmpType::Unsigned,
    }
}

fn constant(_: &mut Interpreter, ctx: &Context, op: OpId) -> KResult<Vec<Value>> {
    one(strata_reference::convert::tensor_from_dense_attr(ctx, view::<ConstantOp>(ctx, op).value())?)
}

fn compare(it: &mut Interpreter, ctx: &Context, op: OpId) -> KResult<Vec<Value>> {
    let v = view::<CompareOp>(ctx, op);
    let d = cmp_dir(*v.comparison_direction());
    let ty = v.compare_type().map_or(CmpType::NoType, |t| cmp_type(*t));
    one(kernels::compare(it.tensor(ctx, op, 0)?, it.tensor(ctx, op, 1)?, d, ty)?)
}

fn dot_general(it: &mut Interpreter, ctx: &Context, op: OpId) -> KResult<Vec<Value>> {
    let d = view::<DotGeneralOp>(ctx, op).dot_dimension_numbers();
    let dims = kernels::DotDims {
        lhs_batch: d.lhs_batching_dimensions.clone(),
        rhs_batch: d.rhs_batching_dimensions.clone(),
        lhs_contract: d.lhs_contracting_dimensions.clone(),
        rhs_contract: d.rhs_contracting_dimensions.clone(),
    };
    let (_, e) = Interpreter::result_type(ctx, op, 0)?;
    one(kernels::dot_general(it.tensor(ctx, op, 0)?, it.tensor(ctx, op, 1)?, &dims, e)?)
}

fn padding_pairs(v: &[i64]) -> Vec<(i64, i64)> {
    v.chunks(2).map(|c| (c[0], *c.get(1).unwrap_or(&0))).collect()
}

/// An optional int-list attribute (absent: empty, the kernels' default).
fn ints(ctx: &Context, op: OpId, name: &str) -> Vec<i64> {
    strata_ir::Op::new(ctx, op).attr_as::<I64s>(name).map(|v| v.into_owned()).unwrap_or_default()
}

fn convolution(it: &mut Interpreter, ctx: &Context, op: OpId) -> KResult<Vec<Value>> {
    let n = ctx.op_name_of(op);
    let (d, fgc, bgc, padding) = if let Some(v) = ConvolutionOp::of(ctx, op) {
        (
            v.dimension_numbers(),
            v.feature_group_count(),
            v.batch_group_count(),
            padding_pairs(&ints(ctx, op, "padding")),
        )
    } else {
        let v = view::<DynamicConvOp>(ctx, op);
        let pad = kernels::to_i64s(n, it.tensor(ctx, op, 2)?)?;
        (v.dimension_numbers(), v.feature_group_count(), v.batch_group_count(), padding_pairs(&pad))
    };
    let p = kernels::ConvParams {
        window_strides: ints(ctx, op, "window_strides"),
        padding,
        lhs_dilation: ints(ctx, op, "lhs_dilation"),
        rhs_dilation: ints(ctx, op, "rhs_dilation"),
        window_reversal: ints(ctx, op, "window_reversal").into_iter().map(|x| x != 0).collect(),
        input_batch_dim: d.input_batch_dimension,
        input_feature_dim: d.input_feature_dimension,
        input_spatial_dims: d.input_spatial_dimensions.clone(),
        kernel_input_feature_dim: d.kernel_input_feature_dimension,
        kernel_output_feature_dim: d.kernel_output_feature_dimension,
        kernel_spatial_dims: d.kernel_spatial_dimensions.clone(),
        output_batch_dim: d.output_batch_dimension,
        output_feature_dim: d.output_feature_dimension,
        output_spatial_dims: d.output_spatial_dimensions.clone(),
        feature_group_count: fgc,
        batch_group_count: bgc,
    };
    let (_, e) = Interpreter::result_type(ctx, op, 0)?;
    one(kernels::convolution(it.tensor(ctx, op, 0)?, it.tensor(ctx, op, 1)?, &p, e)?)
}

fn gather(it: &mut Interpreter, ctx: &Context, op: OpId) -> KResult<Vec<Value>> {
    let (g, sizes) = match GatherOp::of(ctx, op) {
        Some(v) => (v.dimension_numbers(), v.slice_sizes().into_owned()),
        None => {
            let v = view::<DynamicGatherOp>(ctx, op);
            (v.dimension_numbers(), kernels::to_i64s(ctx.op_name_of(op), it.tensor(ctx, op, 2)?)?)
        }
    };
    let dims = kernels::GatherDims {
        offset_dims: g.offset_dims.clone(),
        collapsed_slice_dims: g.collapsed_slice_dims.clone(),
        operand_batching_dims: g.operand_batching_dims.clone(),
        start_indices_batching_dims: g.start_indices_batching_dims.clone(),
        start_index_map: g.start_index_map.clone(),
        index_vector_dim: g.index_vector_dim,
    };
    one(kernels::gather(it.tensor(ctx, op, 0)?, it.tensor(ctx, op, 1)?, &dims, &sizes)?)
}

fn scatter(it: &mut Interpreter, ctx: &Context, op: OpId) -> KResult<Vec<Value>> {
    let v = view::<ScatterOp>(ctx, op);
    let s = v.scatter_dimension_numbers();
    let dims = kernels::ScatterDims {
        update_window_dims: s.update_window_dims.clone(),
        inserted_window_dims: s.inserted_window_dims.clone(),
        input_batching_dims: s.input_batching_dims.clone(),
        scatter_indices_batching_dims: s.scatter_indices_batching_dims.clone(),
        scatter_dims_to_operand_dims: s.scatter_dims_to_operand_dims.clone(),
        index_vector_dim: s.index_vector_dim,
    };
    let k = ctx.operands(op).len();
    if k < 3 || !(k - 1).is_multiple_of(2) {
        return Err(InterpError::invalid(ctx.op_name_of(op), "expected inputs, indices and updates"));
    }
    let m = (k - 1) / 2;
    let inputs = it.tensors(ctx, op, 0..m)?;
    let idx = it.tensor(ctx, op, m)?.clone();
    let upd = it.tensors(ctx, op, m + 1..k)?;
    let r = Interpreter::region(ctx, op, 0)?;
    let mut body = |args: &[Tensor]| it.region_tensors(ctx, r, args);
    Ok(kernels::scatter(&inputs, &idx, &upd, &dims, &mut body)?.into_iter().map(Value::from).collect())
}

fn reduce(it: &mut Interpreter, ctx: &Context, op: OpId) -> KResult<Vec<Value>> {
    let dims = view::<ReduceOp>(ctx, op).dimensions();
    let k = ctx.operands(op).len();
    let m = k / 2;
    let r = Interpreter::region(ctx, op, 0)?;
    if m == 1 {
        if let Some(kind) = single_binop_body(ctx, r) {
            let (x, i) = (it.tensor(ctx, op, 0)?, it.tensor(ctx, op, 1)?);
            if x.element_type() == i.element_type() {
                return one(kernels::reduce_fast(kind, x, i, &dims)?);
            }
        }
    }
    let inputs = it.tensors(ctx, op, 0..m)?;
    let inits = it.tensors(ctx, op, m..k)?;
    let mut body = |args: &[Tensor]| it.region_tensors(ctx, r, args);
    Ok(kernels::reduce(&inputs, &inits, &dims, &mut body)?.into_iter().map(Value::from).collect())
}

/// The window attributes of `reduce_window` / `select_and_scatter` (absent ones: defaults).
fn window_params(ctx: &Context, op: OpId) -> KResult<kernels::WindowParams> {
    let dims = strata_ir::Op::new(ctx, op).attr_as::<I64s>("window_dimensions").ok_or_else(|| {
        InterpError::invalid(ctx.op_name_of(op), "missing or malformed attribute `window_dimensions`")
    })?;
    Ok(kernels::WindowParams {
        dims: dims.into_owned(),
        strides: ints(ctx, op, "window_strides"),
        base_dilations: ints(ctx, op, "base_dilations"),
        window_dilations: ints(ctx, op, "window_dilations"),
        padding: padding_pairs(&ints(ctx, op, "padding")),
    })
}

fn reduce_window(it: &mut Interpreter, ctx: &Context, op: OpId) -> KResult<Vec<Value>> {
    let k = ctx.operands(op).len();
    let m = k / 2;
    let p = window_params(ctx, op)?;
    let r = Interpreter::region(ctx, op, 0)?;
    if m == 1 {
        if let Some(kind) = single_binop_body(ctx, r) {
            return one(kernels::reduce_window_fast(kind, it.tensor(ctx, op, 0)?, it.tensor(ctx, op, 1)?, &p)?);
        }
    }
    let inputs = it.tensors(ctx, op, 0..m)?;
    let inits = it.tensors(ctx, op, m..k)?;
    let mut body = |args: &[Tensor]| it.region_tensors(ctx, r, args);
    Ok(kernels::reduce_window(&inputs, &inits, &p, &mut body)?.into_iter().map(Value::from).collect())
}

fn select_and_scatter(it: &mut Interpreter, ctx: &Context, op: OpId) -> KResult<Vec<Value>> {
    let operand = it.tensor(ctx, op, 0)?.clone();
    let source = it.tensor(ctx, op, 1)?.clone();
    let init = it.tensor(ctx, op, 2)?.clone();
    // (select_and_scatter has no dilations: those attributes are absent.)
    let p = window_params(ctx, op)?;
    let rs = Interpreter::region(ctx, op, 0)?;
    let rc = Interpreter::region(ctx, op, 1)?;
    let this = std::cell::RefCell::new(it);
    let mut sel = |args: &[Tensor]| this.borrow_mut().region_tensors(ctx, rs, args);
    let mut sc = |args: &[Tensor]| this.borrow_mut().region_tensors(ctx, rc, args);
    one(kernels::select_and_scatter(&operand, &source, &init, &p, &mut sel, &mut sc)?)
}

fn sort(it: &mut Interpreter, ctx: &Context, op: OpId) -> KResult<Vec<Value>> {
    let v = view::<SortOp>(ctx, op);
    let dim = v.dimension().unwrap_or(-1);
    let stable = v.is_stable().unwrap_or(false);
    let inputs = it.tensors(ctx, op, 0..ctx.operands(op).len())?;
    let r = Interpreter::region(ctx, op, 0)?;
    let out = if let Some((key, dir, ty)) = single_compare_body(ctx, r, inputs.len()) {
        kernels::sort_fast(&inputs, dim, key, dir, ty)?
    } else {
        let mut body = |args: &[Tensor]| it.region_tensors(ctx, r, args);
        kernels::sort(&inputs, dim, stable, &mut body)?
    };
    Ok(out.into_iter().map(Value::from).collect())
}

fn map(it: &mut Interpreter, ctx: &Context, op: OpId) -> KResult<Vec<Value>> {
    let inputs = it.tensors(ctx, op, 0..ctx.operands(op).len())?;
    let r = Interpreter::region(ctx, op, 0)?;
    let (s, e) = Interpreter::result_type(ctx, op, 0)?;
    let count = inputs.first().map_or(0, |t| t.num_elements());
    let mut outs = Vec::with_capacity(count);
    for i in 0..count {
        let args: Vec<Tensor> = inputs.iter().map(|t| kernels::scalar_at(t, i)).collect();
        let mut r = it.region_tensors(ctx, r, &args)?;
        if r.len() != 1 {
            return Err(InterpError::invalid(ctx.op_name_of(op), "body must return one value"));
        }
        outs.push(r.remove(0));
    }
    one(kernels::stack_scalars(e, &s, &outs)?)
}

fn while_loop(it: &mut Interpreter, ctx: &Context, op: OpId) -> KResult<Vec<Value>> {
    let mut vals = it.operand_values(ctx, op)?;
    let (cond, body) = (Interpreter::region(ctx, op, 0)?, Interpreter::region(ctx, op, 1)?);
    loop {
        let c = it.eval_region(ctx, cond, vals.clone())?;
        if !truthy(ctx.op_name_of(op), &c)? {
            break;
        }
        vals = it.eval_region(ctx, body, vals)?;
    }
    Ok(vals)
}
