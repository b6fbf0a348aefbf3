//! The dispatch layer: evaluates `func.func` bodies op by op.
//!
//! [`Interpreter`] keeps an environment from SSA values to run-time
//! [`Value`]s, walks a block in order, maps each op name to its kernel in
//! [`super::kernels`] (attributes read with the StableHLO typed accessors
//! where they exist), evaluates regions recursively (`while`, `if`, `case`,
//! reduction bodies, sort comparators) and stops at the block terminator
//! (`stablehlo.return`, `func.return`), whose operands are the block's
//! results. `func.call` evaluates the callee in a fresh environment.
//!
//! Reduction bodies that are a single `add`/`multiply`/`maximum`/… of the two
//! block arguments run on the typed fast paths ([`kernels::reduce_fast`],
//! [`kernels::reduce_window_fast`]); sort comparators that are a single
//! `compare` of one input's arguments run on [`kernels::sort_fast`].
//!
//! `dense<…>` attributes convert to tensors with [`tensor_from_dense_attr`]
//! and back with [`dense_attr_from_tensor`].

use std::collections::{BTreeMap, HashMap};

use strata_ir::attributes::AttrKind;
use strata_ir::{BlockId, Context, OpId, RegionId, Type, Value as IrValue};

use super::{InterpError, KResult};
use strata_dialects::stablehlo::attrs;
use strata_dialects::stablehlo::types as sty;
use strata_reference::check::{self, CheckRule};
use strata_reference::kernels::{self, BinaryOp, CmpDir, CmpType, ReduceKind, UnaryOp};
use strata_reference::value::{Data, ElementType, Tensor, Value};

pub use strata_reference::convert::{
    dense_attr_from_tensor, element_type_of, ir_element_type, tensor_from_dense_attr, tensor_type_parts,
};

/// The quantization parameters of a tensor type with a `!quant.uniform`
/// element type.
pub fn quant_params_of(ctx: &Context, t: Type) -> Option<kernels::QuantParams> {
    let q = sty::quant_of(ctx, t)?;
    let storage = if q.signed { ElementType::sint(q.storage_width)? } else { ElementType::uint(q.storage_width)? };
    Some(kernels::QuantParams {
        storage,
        storage_min: q.storage_min,
        storage_max: q.storage_max,
        expressed: ElementType::from_mlir_name(q.expressed.mlir_name())?,
        axis: q.quantization_dimension.map(|d| d as usize),
        scales: q.scales.clone(),
        zero_points: q.zero_points.clone(),
    })
}

// ----- attribute readers -----

fn attr_ints(ctx: &Context, op: OpId, name: &str) -> Option<Vec<i64>> {
    ctx.attr(op, name).and_then(|a| sty::attr_i64s(ctx, a))
}

fn attr_int(ctx: &Context, op: OpId, name: &str) -> Option<i64> {
    ctx.attr(op, name).and_then(|a| sty::attr_int(ctx, a))
}

fn attr_flag(ctx: &Context, op: OpId, name: &str) -> bool {
    ctx.attr(op, name).and_then(|a| sty::attr_bool(ctx, a)).unwrap_or(false)
}

fn attr_f64(ctx: &Context, op: OpId, name: &str) -> Option<f64> {
    ctx.attr(op, name).and_then(|a| sty::attr_f64(ctx, a))
}

fn need<T>(v: Option<T>, op: &str, what: &str) -> KResult<T> {
    v.ok_or_else(|| InterpError::invalid(op, format!("missing or malformed attribute `{what}`")))
}

fn attr_err(op: &str) -> impl Fn(String) -> InterpError + '_ {
    move |m| InterpError::invalid(op, m)
}

/// The window attributes of `reduce_window` / `select_and_scatter` (absent ones: defaults).
fn window_params(ctx: &Context, op: OpId, name: &str) -> KResult<kernels::WindowParams> {
    Ok(kernels::WindowParams {
        dims: need(attr_ints(ctx, op, "window_dimensions"), name, "window_dimensions")?,
        strides: attr_ints(ctx, op, "window_strides").unwrap_or_default(),
        base_dilations: attr_ints(ctx, op, "base_dilations").unwrap_or_default(),
        window_dilations: attr_ints(ctx, op, "window_dilations").unwrap_or_default(),
        padding: attr_ints(ctx, op, "padding").map(padding_pairs).unwrap_or_default(),
    })
}

fn padding_pairs(v: Vec<i64>) -> Vec<(i64, i64)> {
    v.chunks(2).map(|c| (c[0], *c.get(1).unwrap_or(&0))).collect()
}

// ----- the interpreter -----

/// Evaluates functions of a module: an environment from SSA values to
/// run-time values plus the evaluation loop.
#[derive(Default)]
pub struct Interpreter {
    /// The current environment.
    pub env: HashMap<IrValue, Value>,
    /// Nesting depth of `func.call`s (guards against runaway recursion).
    pub(super) depth: usize,
    /// Every failed `check.*` op (evaluation continues after a failed check).
    pub failures: Vec<CheckFailure>,
    /// The innermost op whose evaluation returned the error, when
    /// [`Interpreter::eval_func`] fails (for a located diagnostic).
    pub error_op: Option<OpId>,
    /// Output of `interpreter.print`, one entry per print, in execution order.
    pub prints: Vec<String>,
    /// Values recorded by `interpreter.probe`, per `probe_id`, one per execution.
    pub probes: BTreeMap<String, Vec<Tensor>>,
    /// The process this interpreter runs as inside `interpreter.run_parallel`.
    pub(super) process: Option<super::parallel::ProcessCtx>,
}

/// A failed check: the op and what failed (`check.expect_eq failed: expected …, got …`).
#[derive(Debug, Clone, PartialEq)]
pub struct CheckFailure {
    /// The `check.*` (or `stablehlo.custom_call @check.*`) op.
    pub op: OpId,
    /// The message.
    pub message: String,
}

/// Maximum `func.call` nesting.
const MAX_DEPTH: usize = 512;

enum Flow {
    Continue,
    Return(Vec<Value>),
}

impl Interpreter {
    /// An interpreter with an empty environment.
    pub fn new() -> Self {
        Self::default()
    }

    /// Evaluates `func.func` `func` on `args` and returns its results.
    pub fn eval_func(&mut self, ctx: &Context, func: OpId, args: Vec<Value>) -> Result<Vec<Value>, InterpError> {
        let region = *ctx.op_regions(func).first().ok_or_else(|| {
            InterpError::Runtime(format!(
                "`{}` has no body",
                strata_dialects::func::symbol_name(ctx, func).unwrap_or("?")
            ))
        })?;
        if self.depth >= MAX_DEPTH {
            return Err(InterpError::Runtime("call depth limit exceeded".into()));
        }
        let saved = std::mem::take(&mut self.env);
        self.depth += 1;
        let r = self.eval_region(ctx, region, args);
        self.depth -= 1;
        self.env = saved;
        r
    }

    /// Evaluates a single-block region with the given block arguments.
    pub fn eval_region(&mut self, ctx: &Context, region: RegionId, args: Vec<Value>) -> KResult<Vec<Value>> {
        let block = ctx.region_entry(region).ok_or_else(|| InterpError::Runtime("region has no block".into()))?;
        self.eval_block(ctx, block, args)
    }

    fn eval_block(&mut self, ctx: &Context, block: BlockId, args: Vec<Value>) -> KResult<Vec<Value>> {
        let params: Vec<IrValue> = ctx.block_args(block).collect();
        if params.len() != args.len() {
            return Err(InterpError::Runtime(format!("block takes {} arguments, got {}", params.len(), args.len())));
        }
        for (p, a) in params.into_iter().zip(args) {
            self.env.insert(p, a);
        }
        for op in ctx.block_ops(block) {
            match self.eval_op(ctx, op) {
                Ok(Flow::Return(vals)) => return Ok(vals),
                Ok(Flow::Continue) => {}
                Err(e) => {
                    if self.error_op.is_none() {
                        self.error_op = Some(op);
                    }
                    return Err(e);
                }
            }
        }
        Ok(vec![])
    }

    pub(super) fn region_tensors(&mut self, ctx: &Context, region: RegionId, args: &[Tensor]) -> KResult<Vec<Tensor>> {
        let vals = self.eval_region(ctx, region, args.iter().cloned().map(Value::Tensor).collect())?;
        vals.into_iter()
            .map(|v| v.into_tensor().ok_or_else(|| InterpError::Runtime("region returned a non-tensor".into())))
            .collect()
    }

    pub(super) fn get(&self, v: IrValue) -> KResult<&Value> {
        self.env.get(&v).ok_or_else(|| InterpError::Runtime(format!("value {v:?} used before definition")))
    }

    pub(super) fn tensor(&self, ctx: &Context, op: OpId, i: usize) -> KResult<&Tensor> {
        let v = *ctx
            .operands(op)
            .get(i)
            .ok_or_else(|| InterpError::invalid(ctx.op_name_of(op), format!("missing operand {i}")))?;
        self.get(v)?
            .as_tensor()
            .ok_or_else(|| InterpError::invalid(ctx.op_name_of(op), format!("operand {i} is not a tensor")))
    }

    fn tensors(&self, ctx: &Context, op: OpId, range: std::ops::Range<usize>) -> KResult<Vec<Tensor>> {
        range.map(|i| self.tensor(ctx, op, i).cloned()).collect()
    }

    /// An f32/f64 `add`/`subtract`/`multiply`/`divide`/`maximum`/`minimum` whose lhs
    /// dies here (its only use, in the block that defines it) writes its result into
    /// the lhs buffer instead of a fresh tensor: no allocation, no page faults.
    /// `None`: not applicable (the caller runs the kernel).
    fn binary_in_place(&mut self, ctx: &Context, op: OpId, b: BinaryOp) -> Option<Tensor> {
        let ops = ctx.operands(op);
        let (x, y) = (*ops.first()?, *ops.get(1)?);
        if x == y || ctx.uses(x).len() != 1 || ctx.value_parent_block(x) != ctx.op(op).parent() {
            return None;
        }
        if ctx.value_type(x) != ctx.value_type(ctx.result(op, 0)) {
            return None;
        }
        let fits = {
            let (tx, ty) = (self.env.get(&x)?.as_tensor()?, self.env.get(&y)?.as_tensor()?);
            tx.shape() == ty.shape()
                && tx.element_type() == ty.element_type()
                && matches!(tx.element_type(), ElementType::F32 | ElementType::F64)
                && matches!(
                    b,
                    BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div | BinaryOp::Max | BinaryOp::Min
                )
        };
        if !fits {
            return None;
        }
        let Some(Value::Tensor(mut t)) = self.env.remove(&x) else { return None };
        let rhs = self.env.get(&y).and_then(|v| v.as_tensor()).expect("checked above");
        fn go<T: Copy>(d: &mut [T], s: &[T], f: impl Fn(T, T) -> T) {
            for (p, &q) in d.iter_mut().zip(s) {
                *p = f(*p, q);
            }
        }
        fn apply<T>(d: &mut [T], s: &[T], b: BinaryOp)
        where
            T: Copy
                + kernels::num_traits_lite::Float
                + std::ops::Add<Output = T>
                + std::ops::Sub<Output = T>
                + std::ops::Mul<Output = T>
                + std::ops::Div<Output = T>,
        {
            match b {
                BinaryOp::Add => go(d, s, |p, q| p + q),
                BinaryOp::Sub => go(d, s, |p, q| p - q),
                BinaryOp::Mul => go(d, s, |p, q| p * q),
                BinaryOp::Div => go(d, s, |p, q| p / q),
                BinaryOp::Max => go(d, s, kernels::fmaximum),
                _ => go(d, s, kernels::fminimum),
            }
        }
        match (t.data_mut(), rhs.data()) {
            (Data::F32(d), Data::F32(s)) => apply(d, s, b),
            (Data::F64(d), Data::F64(s)) => apply(d, s, b),
            _ => unreachable!("checked above"),
        }
        Some(t)
    }

    /// The operands of a terminator, moved out of the environment when they are
    /// defined in the terminator's own block (they are dead once the block returns:
    /// a loop body rebinds them on its next iteration) and used once by it; cloned
    /// otherwise. Saves a copy of every returned tensor.
    fn take_returned(&mut self, ctx: &Context, op: OpId) -> KResult<Vec<Value>> {
        let block = ctx.op(op).parent();
        let ops = ctx.operands(op);
        let mut out = Vec::with_capacity(ops.len());
        for (i, &v) in ops.iter().enumerate() {
            let once = ops.iter().filter(|&&w| w == v).count() == 1;
            let local = block.is_some() && ctx.value_parent_block(v) == block;
            let val = if once && local { self.env.remove(&v) } else { None };
            match val {
                Some(x) => out.push(x),
                None => out.push(self.get(ops[i])?.clone()),
            }
        }
        Ok(out)
    }

    pub(super) fn operand_values(&self, ctx: &Context, op: OpId) -> KResult<Vec<Value>> {
        ctx.operands(op).iter().map(|&v| self.get(v).cloned()).collect()
    }

    fn result_type(ctx: &Context, op: OpId, i: usize) -> KResult<(Vec<i64>, ElementType)> {
        if i >= ctx.num_results(op) {
            return Err(InterpError::invalid(ctx.op_name_of(op), format!("missing result {i}")));
        }
        tensor_type_parts(ctx, ctx.value_type(ctx.result(op, i))).ok_or_else(|| {
            InterpError::Unsupported(format!("{}: result type is not a static tensor", ctx.op_name_of(op)))
        })
    }

    fn bind(&mut self, ctx: &Context, op: OpId, vals: Vec<Value>) -> KResult<()> {
        if vals.len() != ctx.num_results(op) {
            return Err(InterpError::invalid(
                ctx.op_name_of(op),
                format!("produced {} values for {} results", vals.len(), ctx.num_results(op)),
            ));
        }
        for (i, v) in vals.into_iter().enumerate() {
            self.env.insert(ctx.result(op, i), v);
        }
        Ok(())
    }

    fn scalar_i64(&self, ctx: &Context, op: OpId, i: usize) -> KResult<i64> {
        let t = self.tensor(ctx, op, i)?;
        let v = kernels::to_i64s(ctx.op_name_of(op), t)?;
        v.first().copied().ok_or_else(|| InterpError::invalid(ctx.op_name_of(op), "empty index tensor"))
    }

    fn region(ctx: &Context, op: OpId, i: usize) -> KResult<RegionId> {
        ctx.op_regions(op)
            .get(i)
            .copied()
            .ok_or_else(|| InterpError::invalid(ctx.op_name_of(op), format!("missing region {i}")))
    }

    fn call(&mut self, ctx: &Context, op: OpId, callee_attr: &str) -> KResult<Vec<Value>> {
        let name = match ctx.attr(op, callee_attr).map(|a| ctx.attr_kind(a)) {
            Some(AttrKind::SymbolRef { root, .. }) => ctx.str(*root).to_string(),
            Some(AttrKind::String { value, .. }) => value.clone(),
            _ => return Err(InterpError::invalid(ctx.op_name_of(op), format!("missing `{callee_attr}`"))),
        };
        let callee = strata_dialects::func::lookup_symbol(ctx, op, &name)
            .ok_or_else(|| InterpError::Runtime(format!("unknown function @{name}")))?;
        let args = self.operand_values(ctx, op)?;
        self.eval_func(ctx, callee, args)
    }

    /// Evaluates one op, binding its results.
    fn eval_op(&mut self, ctx: &Context, op: OpId) -> KResult<Flow> {
        let name = ctx.op_name_of(op).to_string();
        let n = name.as_str();
        let short = n.strip_prefix("stablehlo.").unwrap_or(n);
        if n == "func.return" || n == "stablehlo.return" {
            return Ok(Flow::Return(self.take_returned(ctx, op)?));
        }
        if n.starts_with("check.") {
            self.eval_check(ctx, op, n)?;
            return Ok(Flow::Continue);
        }
        if let Some(out) = self.eval_extension_op(ctx, op, n)? {
            self.bind(ctx, op, out)?;
            return Ok(Flow::Continue);
        }
        if n == "func.call" {
            let r = self.call(ctx, op, "callee")?;
            self.bind(ctx, op, r)?;
            return Ok(Flow::Continue);
        }
        if !n.starts_with("stablehlo.") {
            return Err(not_supported(n));
        }
        let err = attr_err(n);
        // Elementwise ops on quantized tensors: dequantize_op_quantize.
        if UnaryOp::from_name(short).is_some() || BinaryOp::from_name(short).is_some() {
            let res_q = quant_params_of(ctx, ctx.value_type(ctx.result(op, 0)));
            let any_q =
                res_q.is_some() || ctx.operands(op).iter().any(|&v| quant_params_of(ctx, ctx.value_type(v)).is_some());
            if any_q {
                let mut xs = Vec::new();
                for (i, &v) in ctx.operands(op).iter().enumerate() {
                    let t = self.tensor(ctx, op, i)?;
                    xs.push(match quant_params_of(ctx, ctx.value_type(v)) {
                        Some(q) => kernels::uniform_dequantize(t, &q)?,
                        None => t.clone(),
                    });
                }
                let r = match (UnaryOp::from_name(short), BinaryOp::from_name(short)) {
                    (Some(u), _) if xs.len() == 1 => kernels::unary(u, &xs[0])?,
                    (_, Some(b)) if xs.len() == 2 => kernels::binary(b, &xs[0], &xs[1])?,
                    _ => return Err(InterpError::invalid(n, "wrong number of operands")),
                };
                let r = match res_q {
                    Some(q) => kernels::uniform_quantize(&r, &q)?,
                    None => r,
                };
                self.bind(ctx, op, vec![r.into()])?;
                return Ok(Flow::Continue);
            }
        }
        // Elementwise ops.
        if let Some(u) = UnaryOp::from_name(short) {
            let r = kernels::unary(u, self.tensor(ctx, op, 0)?)?;
            self.bind(ctx, op, vec![r.into()])?;
            return Ok(Flow::Continue);
        }
        if let Some(b) = BinaryOp::from_name(short) {
            if let Some(r) = self.binary_in_place(ctx, op, b) {
                self.bind(ctx, op, vec![r.into()])?;
                return Ok(Flow::Continue);
            }
            let r = kernels::binary(b, self.tensor(ctx, op, 0)?, self.tensor(ctx, op, 1)?)?;
            self.bind(ctx, op, vec![r.into()])?;
            return Ok(Flow::Continue);
        }
        let out: Vec<Value> = match short {
            "constant" => {
                let a = need(ctx.attr(op, "value"), n, "value")?;
                vec![tensor_from_dense_attr(ctx, a)?.into()]
            }
            "compare" => {
                let dir = attrs::ComparisonDirection::parse_from_attr(
                    ctx,
                    need(ctx.attr(op, "comparison_direction"), n, "comparison_direction")?,
                )
                .map_err(&err)?;
                let ty = match ctx.attr(op, "compare_type") {
                    Some(a) => {
                        CmpType::from_keyword(attrs::ComparisonType::parse_from_attr(ctx, a).map_err(&err)?.as_str())
                            .unwrap_or_default()
                    }
                    None => CmpType::NoType,
                };
                let d = CmpDir::from_keyword(dir.as_str()).expect("direction");
                vec![kernels::compare(self.tensor(ctx, op, 0)?, self.tensor(ctx, op, 1)?, d, ty)?.into()]
            }
            "select" => {
                vec![kernels::select(self.tensor(ctx, op, 0)?, self.tensor(ctx, op, 1)?, self.tensor(ctx, op, 2)?)?
                    .into()]
            }
            "clamp" => {
                vec![kernels::clamp(self.tensor(ctx, op, 0)?, self.tensor(ctx, op, 1)?, self.tensor(ctx, op, 2)?)?
                    .into()]
            }
            "complex" => vec![kernels::complex(self.tensor(ctx, op, 0)?, self.tensor(ctx, op, 1)?)?.into()],
            "convert" => {
                let (_, e) = Self::result_type(ctx, op, 0)?;
                vec![kernels::convert(self.tensor(ctx, op, 0)?, e)?.into()]
            }
            "bitcast_convert" => {
                let (s, e) = Self::result_type(ctx, op, 0)?;
                vec![kernels::bitcast_convert(self.tensor(ctx, op, 0)?, e, &s)?.into()]
            }
            "reduce_precision" => {
                let e = need(attr_int(ctx, op, "exponent_bits"), n, "exponent_bits")?;
                let m = need(attr_int(ctx, op, "mantissa_bits"), n, "mantissa_bits")?;
                vec![kernels::reduce_precision(self.tensor(ctx, op, 0)?, e, m)?.into()]
            }
            "broadcast_in_dim" | "dynamic_broadcast_in_dim" => {
                let (s, _) = Self::result_type(ctx, op, 0)?;
                let dims = need(attr_ints(ctx, op, "broadcast_dimensions"), n, "broadcast_dimensions")?;
                vec![kernels::broadcast_in_dim(self.tensor(ctx, op, 0)?, &s, &dims)?.into()]
            }
            "broadcast" => {
                let sizes = need(attr_ints(ctx, op, "broadcast_sizes"), n, "broadcast_sizes")?;
                let x = self.tensor(ctx, op, 0)?;
                let mut s = sizes.clone();
                s.extend_from_slice(x.shape());
                let dims: Vec<i64> = (sizes.len()..s.len()).map(|d| d as i64).collect();
                vec![kernels::broadcast_in_dim(x, &s, &dims)?.into()]
            }
            "reshape" | "dynamic_reshape" => {
                let (s, _) = Self::result_type(ctx, op, 0)?;
                vec![kernels::reshape(self.tensor(ctx, op, 0)?, &s)?.into()]
            }
            "transpose" => {
                let p = need(attr_ints(ctx, op, "permutation"), n, "permutation")?;
                vec![kernels::transpose(self.tensor(ctx, op, 0)?, &p)?.into()]
            }
            "reverse" => {
                let d = need(attr_ints(ctx, op, "dimensions"), n, "dimensions")?;
                vec![kernels::reverse(self.tensor(ctx, op, 0)?, &d)?.into()]
            }
            "slice" => {
                let s = need(attr_ints(ctx, op, "start_indices"), n, "start_indices")?;
                let l = need(attr_ints(ctx, op, "limit_indices"), n, "limit_indices")?;
                let x = self.tensor(ctx, op, 0)?;
                let st = attr_ints(ctx, op, "strides").unwrap_or_else(|| vec![1; x.rank()]);
                vec![kernels::slice(x, &s, &l, &st)?.into()]
            }
            "dynamic_slice" => {
                let sizes = need(attr_ints(ctx, op, "slice_sizes"), n, "slice_sizes")?;
                let k = ctx.operands(op).len();
                let starts: Vec<i64> = (1..k).map(|i| self.scalar_i64(ctx, op, i)).collect::<KResult<_>>()?;
                vec![kernels::dynamic_slice(self.tensor(ctx, op, 0)?, &starts, &sizes)?.into()]
            }
            "dynamic_update_slice" => {
                let k = ctx.operands(op).len();
                let starts: Vec<i64> = (2..k).map(|i| self.scalar_i64(ctx, op, i)).collect::<KResult<_>>()?;
                vec![kernels::dynamic_update_slice(self.tensor(ctx, op, 0)?, self.tensor(ctx, op, 1)?, &starts)?.into()]
            }
            "concatenate" => {
                let d = need(attr_int(ctx, op, "dimension"), n, "dimension")?;
                let ts: Vec<&Tensor> =
                    (0..ctx.operands(op).len()).map(|i| self.tensor(ctx, op, i)).collect::<KResult<_>>()?;
                vec![kernels::concatenate(&ts, d)?.into()]
            }
            "pad" => {
                let lo = need(attr_ints(ctx, op, "edge_padding_low"), n, "edge_padding_low")?;
                let hi = need(attr_ints(ctx, op, "edge_padding_high"), n, "edge_padding_high")?;
                let it = need(attr_ints(ctx, op, "interior_padding"), n, "interior_padding")?;
                vec![kernels::pad(self.tensor(ctx, op, 0)?, self.tensor(ctx, op, 1)?, &lo, &hi, &it)?.into()]
            }
            "dynamic_pad" => {
                let x = self.tensor(ctx, op, 0)?;
                let pv = self.tensor(ctx, op, 1)?;
                let lo = kernels::to_i64s(n, self.tensor(ctx, op, 2)?)?;
                let hi = kernels::to_i64s(n, self.tensor(ctx, op, 3)?)?;
                let it = kernels::to_i64s(n, self.tensor(ctx, op, 4)?)?;
                vec![kernels::pad(x, pv, &lo, &hi, &it)?.into()]
            }
            "iota" | "dynamic_iota" => {
                let (s, e) = Self::result_type(ctx, op, 0)?;
                let d = need(attr_int(ctx, op, "iota_dimension"), n, "iota_dimension")?;
                vec![kernels::iota(e, &s, d)?.into()]
            }
            "get_dimension_size" => {
                let d = need(attr_int(ctx, op, "dimension"), n, "dimension")?;
                let x = self.tensor(ctx, op, 0)?;
                let size =
                    *x.shape().get(d as usize).ok_or_else(|| InterpError::invalid(n, "dimension out of range"))?;
                vec![Tensor::from_i64s(ElementType::SInt(32), &[], &[size])?.into()]
            }
            "dot_general" => {
                let a = need(ctx.attr(op, "dot_dimension_numbers"), n, "dot_dimension_numbers")?;
                let d = attrs::DotDimensionNumbers::parse_from_attr(ctx, a).map_err(&err)?;
                let dims = kernels::DotDims {
                    lhs_batch: d.lhs_batching_dimensions,
                    rhs_batch: d.rhs_batching_dimensions,
                    lhs_contract: d.lhs_contracting_dimensions,
                    rhs_contract: d.rhs_contracting_dimensions,
                };
                let (_, e) = Self::result_type(ctx, op, 0)?;
                vec![kernels::dot_general(self.tensor(ctx, op, 0)?, self.tensor(ctx, op, 1)?, &dims, e)?.into()]
            }
            "dot" => {
                let (_, e) = Self::result_type(ctx, op, 0)?;
                vec![kernels::dot(self.tensor(ctx, op, 0)?, self.tensor(ctx, op, 1)?, e)?.into()]
            }
            "convolution" | "dynamic_conv" => {
                let a = need(ctx.attr(op, "dimension_numbers"), n, "dimension_numbers")?;
                let d = attrs::ConvDimensionNumbers::parse_from_attr(ctx, a).map_err(&err)?;
                let padding = if short == "dynamic_conv" {
                    padding_pairs(kernels::to_i64s(n, self.tensor(ctx, op, 2)?)?)
                } else {
                    attr_ints(ctx, op, "padding").map(padding_pairs).unwrap_or_default()
                };
                let p = kernels::ConvParams {
                    window_strides: attr_ints(ctx, op, "window_strides").unwrap_or_default(),
                    padding,
                    lhs_dilation: attr_ints(ctx, op, "lhs_dilation").unwrap_or_default(),
                    rhs_dilation: attr_ints(ctx, op, "rhs_dilation").unwrap_or_default(),
                    window_reversal: attr_ints(ctx, op, "window_reversal")
                        .map(|v| v.into_iter().map(|x| x != 0).collect())
                        .unwrap_or_default(),
                    input_batch_dim: d.input_batch_dimension,
                    input_feature_dim: d.input_feature_dimension,
                    input_spatial_dims: d.input_spatial_dimensions,
                    kernel_input_feature_dim: d.kernel_input_feature_dimension,
                    kernel_output_feature_dim: d.kernel_output_feature_dimension,
                    kernel_spatial_dims: d.kernel_spatial_dimensions,
                    output_batch_dim: d.output_batch_dimension,
                    output_feature_dim: d.output_feature_dimension,
                    output_spatial_dims: d.output_spatial_dimensions,
                    feature_group_count: attr_int(ctx, op, "feature_group_count").unwrap_or(1),
                    batch_group_count: attr_int(ctx, op, "batch_group_count").unwrap_or(1),
                };
                let (_, e) = Self::result_type(ctx, op, 0)?;
                vec![kernels::convolution(self.tensor(ctx, op, 0)?, self.tensor(ctx, op, 1)?, &p, e)?.into()]
            }
            "gather" | "dynamic_gather" => {
                let a = need(ctx.attr(op, "dimension_numbers"), n, "dimension_numbers")?;
                let g = attrs::GatherDimensionNumbers::parse_from_attr(ctx, a).map_err(&err)?;
                let dims = kernels::GatherDims {
                    offset_dims: g.offset_dims,
                    collapsed_slice_dims: g.collapsed_slice_dims,
                    operand_batching_dims: g.operand_batching_dims,
                    start_indices_batching_dims: g.start_indices_batching_dims,
                    start_index_map: g.start_index_map,
                    index_vector_dim: g.index_vector_dim,
                };
                let sizes = if short == "dynamic_gather" {
                    kernels::to_i64s(n, self.tensor(ctx, op, 2)?)?
                } else {
                    need(attr_ints(ctx, op, "slice_sizes"), n, "slice_sizes")?
                };
                vec![kernels::gather(self.tensor(ctx, op, 0)?, self.tensor(ctx, op, 1)?, &dims, &sizes)?.into()]
            }
            "scatter" => {
                let a = need(ctx.attr(op, "scatter_dimension_numbers"), n, "scatter_dimension_numbers")?;
                let s = attrs::ScatterDimensionNumbers::parse_from_attr(ctx, a).map_err(&err)?;
                let dims = kernels::ScatterDims {
                    update_window_dims: s.update_window_dims,
                    inserted_window_dims: s.inserted_window_dims,
                    input_batching_dims: s.input_batching_dims,
                    scatter_indices_batching_dims: s.scatter_indices_batching_dims,
                    scatter_dims_to_operand_dims: s.scatter_dims_to_operand_dims,
                    index_vector_dim: s.index_vector_dim,
                };
                let k = ctx.operands(op).len();
                if k < 3 || (k - 1) % 2 != 0 {
                    return Err(InterpError::invalid(n, "expected inputs, indices and updates"));
                }
                let m = (k - 1) / 2;
                let inputs = self.tensors(ctx, op, 0..m)?;
                let idx = self.tensor(ctx, op, m)?.clone();
                let upd = self.tensors(ctx, op, m + 1..k)?;
                let r = Self::region(ctx, op, 0)?;
                let mut body = |args: &[Tensor]| self.region_tensors(ctx, r, args);
                kernels::scatter(&inputs, &idx, &upd, &dims, &mut body)?.into_iter().map(Value::from).collect()
            }
            "reduce" => {
                let dims = need(attr_ints(ctx, op, "dimensions"), n, "dimensions")?;
                let k = ctx.operands(op).len();
                let m = k / 2;
                let r = Self::region(ctx, op, 0)?;
                if m == 1 {
                    if let Some(kind) = single_binop_body(ctx, r) {
                        let x = self.tensor(ctx, op, 0)?;
                        let i = self.tensor(ctx, op, 1)?;
                        if x.element_type() == i.element_type() {
                            let out = kernels::reduce_fast(kind, x, i, &dims)?;
                            self.bind(ctx, op, vec![out.into()])?;
                            return Ok(Flow::Continue);
                        }
                    }
                }
                let inputs = self.tensors(ctx, op, 0..m)?;
                let inits = self.tensors(ctx, op, m..k)?;
                let mut body = |args: &[Tensor]| self.region_tensors(ctx, r, args);
                kernels::reduce(&inputs, &inits, &dims, &mut body)?.into_iter().map(Value::from).collect()
            }
            "reduce_window" => {
                let k = ctx.operands(op).len();
                let m = k / 2;
                let p = window_params(ctx, op, n)?;
                let r = Self::region(ctx, op, 0)?;
                if m == 1 {
                    if let Some(kind) = single_binop_body(ctx, r) {
                        let out =
                            kernels::reduce_window_fast(kind, self.tensor(ctx, op, 0)?, self.tensor(ctx, op, 1)?, &p)?;
                        self.bind(ctx, op, vec![out.into()])?;
                        return Ok(Flow::Continue);
                    }
                }
                let inputs = self.tensors(ctx, op, 0..m)?;
                let inits = self.tensors(ctx, op, m..k)?;
                let mut body = |args: &[Tensor]| self.region_tensors(ctx, r, args);
                kernels::reduce_window(&inputs, &inits, &p, &mut body)?.into_iter().map(Value::from).collect()
            }
            "select_and_scatter" => {
                let operand = self.tensor(ctx, op, 0)?.clone();
                let source = self.tensor(ctx, op, 1)?.clone();
                let init = self.tensor(ctx, op, 2)?.clone();
                // (select_and_scatter has no dilations: those attributes are absent.)
                let p = window_params(ctx, op, n)?;
                let rs = Self::region(ctx, op, 0)?;
                let rc = Self::region(ctx, op, 1)?;
                let this = std::cell::RefCell::new(&mut *self);
                let mut sel = |args: &[Tensor]| this.borrow_mut().region_tensors(ctx, rs, args);
                let mut sc = |args: &[Tensor]| this.borrow_mut().region_tensors(ctx, rc, args);
                vec![kernels::select_and_scatter(&operand, &source, &init, &p, &mut sel, &mut sc)?.into()]
            }
            "sort" => {
                let dim = attr_int(ctx, op, "dimension").unwrap_or(-1);
                let stable = attr_flag(ctx, op, "is_stable");
                let inputs = self.tensors(ctx, op, 0..ctx.operands(op).len())?;
                let r = Self::region(ctx, op, 0)?;
                if let Some((key, dir, ty)) = single_compare_body(ctx, r, inputs.len()) {
                    kernels::sort_fast(&inputs, dim, key, dir, ty)?.into_iter().map(Value::from).collect()
                } else {
                    let mut body = |args: &[Tensor]| self.region_tensors(ctx, r, args);
                    kernels::sort(&inputs, dim, stable, &mut body)?.into_iter().map(Value::from).collect()
                }
            }
            "map" => {
                let inputs = self.tensors(ctx, op, 0..ctx.operands(op).len())?;
                let r = Self::region(ctx, op, 0)?;
                let (s, e) = Self::result_type(ctx, op, 0)?;
                let count = inputs.first().map_or(0, |t| t.num_elements());
                let mut outs = Vec::with_capacity(count);
                for i in 0..count {
                    let args: Vec<Tensor> = inputs.iter().map(|t| kernels::scalar_at(t, i)).collect();
                    let mut r = self.region_tensors(ctx, r, &args)?;
                    if r.len() != 1 {
                        return Err(InterpError::invalid(n, "body must return one value"));
                    }
                    outs.push(r.remove(0));
                }
                vec![kernels::stack_scalars(e, &s, &outs)?.into()]
            }
            "while" => {
                let mut vals = self.operand_values(ctx, op)?;
                let cond = Self::region(ctx, op, 0)?;
                let body = Self::region(ctx, op, 1)?;
                loop {
                    let c = self.eval_region(ctx, cond, vals.clone())?;
                    if !truthy(n, &c)? {
                        break;
                    }
                    vals = self.eval_region(ctx, body, vals)?;
                }
                vals
            }
            "if" => {
                let p = truthy(n, &[self.get(ctx.operands(op)[0])?.clone()])?;
                let r = Self::region(ctx, op, if p { 0 } else { 1 })?;
                self.eval_region(ctx, r, vec![])?
            }
            "case" => {
                let i = self.scalar_i64(ctx, op, 0)?;
                let nr = ctx.op_regions(op).len();
                let k = if i < 0 || i as usize >= nr { nr.saturating_sub(1) } else { i as usize };
                let r = Self::region(ctx, op, k)?;
                self.eval_region(ctx, r, vec![])?
            }
            "optimization_barrier" => self.operand_values(ctx, op)?,
            "tuple" => vec![Value::Tuple(self.operand_values(ctx, op)?)],
            "get_tuple_element" => {
                let i = need(attr_int(ctx, op, "index"), n, "index")?;
                let t = self.get(ctx.operands(op)[0])?;
                let e =
                    t.as_tuple().and_then(|v| v.get(i as usize)).ok_or_else(|| InterpError::invalid(n, "bad index"))?;
                vec![e.clone()]
            }
            "after_all" | "create_token" => vec![Value::Token],
            "composite" => self.call(ctx, op, "decomposition")?,
            "real_dynamic_slice" => {
                let x = self.tensor(ctx, op, 0)?;
                let s = kernels::to_i64s(n, self.tensor(ctx, op, 1)?)?;
                let l = kernels::to_i64s(n, self.tensor(ctx, op, 2)?)?;
                let st = kernels::to_i64s(n, self.tensor(ctx, op, 3)?)?;
                vec![kernels::slice(x, &s, &l, &st)?.into()]
            }
            "rng_bit_generator" => {
                let alg = match ctx.attr(op, "rng_algorithm") {
                    Some(a) => attrs::RngAlgorithm::parse_from_attr(ctx, a).map_err(&err)?.as_str(),
                    None => "DEFAULT",
                };
                let alg = kernels::RngAlgorithm::from_keyword(alg).unwrap_or(kernels::RngAlgorithm::Default);
                let (s, e) = Self::result_type(ctx, op, 1)?;
                let (st, out) = kernels::rng_bit_generator(alg, self.tensor(ctx, op, 0)?, e, &s)?;
                vec![st.into(), out.into()]
            }
            "fft" => {
                let a = need(ctx.attr(op, "fft_type"), n, "fft_type")?;
                let kind =
                    kernels::FftKind::from_keyword(attrs::FftType::parse_from_attr(ctx, a).map_err(&err)?.as_str())
                        .ok_or_else(|| InterpError::invalid(n, "bad fft_type"))?;
                let l = need(attr_ints(ctx, op, "fft_length"), n, "fft_length")?;
                vec![kernels::fft(self.tensor(ctx, op, 0)?, kind, &l)?.into()]
            }
            "cholesky" => vec![kernels::cholesky(self.tensor(ctx, op, 0)?, attr_flag(ctx, op, "lower"))?.into()],
            "triangular_solve" => {
                let t = match ctx.attr(op, "transpose_a") {
                    Some(a) => attrs::Transpose::parse_from_attr(ctx, a).map_err(&err)?.as_str(),
                    None => "NO_TRANSPOSE",
                };
                let t =
                    kernels::TransposeA::from_keyword(t).ok_or_else(|| InterpError::invalid(n, "bad transpose_a"))?;
                vec![kernels::triangular_solve(
                    self.tensor(ctx, op, 0)?,
                    self.tensor(ctx, op, 1)?,
                    attr_flag(ctx, op, "left_side"),
                    attr_flag(ctx, op, "lower"),
                    attr_flag(ctx, op, "unit_diagonal"),
                    t,
                )?
                .into()]
            }
            "batch_norm_inference" => {
                let eps = need(attr_f64(ctx, op, "epsilon"), n, "epsilon")?;
                let fi = need(attr_int(ctx, op, "feature_index"), n, "feature_index")?;
                vec![kernels::batch_norm_inference(
                    self.tensor(ctx, op, 0)?,
                    self.tensor(ctx, op, 1)?,
                    self.tensor(ctx, op, 2)?,
                    self.tensor(ctx, op, 3)?,
                    self.tensor(ctx, op, 4)?,
                    eps,
                    fi,
                )?
                .into()]
            }
            "batch_norm_training" => {
                let eps = need(attr_f64(ctx, op, "epsilon"), n, "epsilon")?;
                let fi = need(attr_int(ctx, op, "feature_index"), n, "feature_index")?;
                let (a, b, c) = kernels::batch_norm_training(
                    self.tensor(ctx, op, 0)?,
                    self.tensor(ctx, op, 1)?,
                    self.tensor(ctx, op, 2)?,
                    eps,
                    fi,
                )?;
                vec![a.into(), b.into(), c.into()]
            }
            "batch_norm_grad" => {
                let eps = need(attr_f64(ctx, op, "epsilon"), n, "epsilon")?;
                let fi = need(attr_int(ctx, op, "feature_index"), n, "feature_index")?;
                let (a, b, c) = kernels::batch_norm_grad(
                    self.tensor(ctx, op, 0)?,
                    self.tensor(ctx, op, 1)?,
                    self.tensor(ctx, op, 2)?,
                    self.tensor(ctx, op, 3)?,
                    self.tensor(ctx, op, 4)?,
                    eps,
                    fi,
                )?;
                vec![a.into(), b.into(), c.into()]
            }
            "uniform_quantize" | "uniform_dequantize" => {
                let x = self.tensor(ctx, op, 0)?;
                let in_q = quant_params_of(ctx, ctx.value_type(ctx.operands(op)[0]));
                let out_q = quant_params_of(ctx, ctx.value_type(ctx.result(op, 0)));
                let real = match in_q {
                    Some(q) => kernels::uniform_dequantize(x, &q)?,
                    None => x.clone(),
                };
                vec![match out_q {
                    Some(q) => kernels::uniform_quantize(&real, &q)?,
                    None => real,
                }
                .into()]
            }
            _ => return Err(not_supported(n)),
        };
        self.bind(ctx, op, out)?;
        Ok(Flow::Continue)
    }

    fn eval_check(&mut self, ctx: &Context, op: OpId, n: &str) -> KResult<()> {
        reject_quantized_check(ctx, op, n)?;
        if n == "check.expect_serialized_eq" {
            let x = self.tensor(ctx, op, 0)?.clone();
            let id = match ctx.attr(op, "probe_id").map(|a| ctx.attr_kind(a)) {
                Some(AttrKind::String { value, .. }) => value.clone(),
                _ => return Err(InterpError::invalid(n, "missing `probe_id`")),
            };
            let iter = attr_int(ctx, op, "iteration").unwrap_or(0).max(0) as usize;
            let msg = match self.probes.get(&id).and_then(|v| v.get(iter)) {
                None => Some(format!("{n} failed: no value was probed as \"{id}\" (iteration {iter})")),
                Some(p) => check::check(n, CheckRule::Eq, p, &x)?,
            };
            if let Some(message) = msg {
                self.failures.push(CheckFailure { op, message });
            }
            return Ok(());
        }
        let lhs = self.tensor(ctx, op, 0)?;
        let rhs_owned;
        let rhs = if n.ends_with("_const") {
            rhs_owned = tensor_from_dense_attr(ctx, need(ctx.attr(op, "value"), n, "value")?)?;
            &rhs_owned
        } else {
            self.tensor(ctx, op, 1)?
        };
        let ulp = |name: &str, default: Option<i64>| -> KResult<u64> {
            let v = attr_int(ctx, op, name)
                .or(default)
                .ok_or_else(|| InterpError::invalid(n, format!("missing `{name}`")))?;
            u64::try_from(v).map_err(|_| InterpError::invalid(n, format!("`{name}` must be non-negative, got {v}")))
        };
        let rule = match n {
            "check.expect_eq" | "check.expect_eq_const" => CheckRule::Eq,
            "check.expect_almost_eq" | "check.expect_almost_eq_const" => {
                CheckRule::AlmostEq { tolerance: attr_f64(ctx, op, "tolerance").unwrap_or(check::DEFAULT_TOLERANCE) }
            }
            "check.expect_close" => CheckRule::Close {
                min_ulp: ulp("min_ulp_difference", Some(0))?,
                max_ulp: ulp("max_ulp_difference", None)?,
            },
            _ => return Err(not_supported(n)),
        };
        // `check.expect_*` compares the actual value (lhs) with the expected one (rhs).
        if let Some(message) = check::check(n, rule, lhs, rhs)? {
            self.failures.push(CheckFailure { op, message });
        }
        Ok(())
    }

    /// Ops outside `stablehlo`/`check` the interpreter knows (`interpreter.*`, `chlo.*`)
    /// and the stablehlo ops that need the interpreter's state (collectives,
    /// `custom_call @check.*`, infeed). `None`: not one of them.
    fn eval_extension_op(&mut self, ctx: &Context, op: OpId, n: &str) -> KResult<Option<Vec<Value>>> {
        let out = match n {
            "interpreter.print" => {
                let v = self.get(ctx.operands(op)[0])?;
                let name = value_name(ctx, ctx.operands(op)[0]);
                self.prints.push(format!("{name} = {}", v.to_interpreter_string()));
                vec![]
            }
            "interpreter.probe" => {
                let x = self.tensor(ctx, op, 0)?.clone();
                let id = match ctx.attr(op, "probe_id").map(|a| ctx.attr_kind(a)) {
                    Some(AttrKind::String { value, .. }) => value.clone(),
                    _ => return Err(InterpError::invalid(n, "missing `probe_id`")),
                };
                self.probes.entry(id).or_default().push(x.clone());
                vec![x.into()]
            }
            "interpreter.run_parallel" => self.run_parallel(ctx, op)?,
            "stablehlo.all_reduce"
            | "stablehlo.all_gather"
            | "stablehlo.all_to_all"
            | "stablehlo.reduce_scatter"
            | "stablehlo.collective_permute"
            | "stablehlo.collective_broadcast" => self.collective(ctx, op, n)?,
            "stablehlo.replica_id" | "stablehlo.partition_id" => {
                let (r, p) = self.process.as_ref().map_or((0, 0), |p| (p.replica_id, p.partition_id));
                let id = if n == "stablehlo.replica_id" { r } else { p };
                vec![Tensor::from_u64s(ElementType::UInt(32), &[], &[id as u64])?.into()]
            }
            "stablehlo.infeed" => self.infeed(ctx, op)?,
            "stablehlo.custom_call" => {
                let target = match ctx.attr(op, "call_target_name").map(|a| ctx.attr_kind(a)) {
                    Some(AttrKind::String { value, .. }) => value.clone(),
                    _ => String::new(),
                };
                let unsupported = || {
                    InterpError::Unsupported(format!(
                        "stablehlo.custom_call @{target} is not supported by the interpreter"
                    ))
                };
                // As stablehlo-translate: `@check.eq` with two operands (it has results), and
                // `@check.expect_{eq,almost_eq,close}` with two operands; nothing else.
                if !target.starts_with("check.") || ctx.operands(op).len() != 2 {
                    return Err(unsupported());
                }
                reject_quantized_check(ctx, op, &format!("stablehlo.custom_call @{target}"))?;
                let (actual, expected) = (self.tensor(ctx, op, 0)?, self.tensor(ctx, op, 1)?);
                let rule = check::custom_call_rule(&target, expected.element_type()).ok_or_else(unsupported)?;
                let msg = check::check(&format!("stablehlo.custom_call @{target}"), rule, actual, expected)?;
                let ok = msg.is_none();
                if let Some(message) = msg {
                    self.failures.push(CheckFailure { op, message });
                }
                (0..ctx.num_results(op))
                    .map(|_| Tensor::from_bools(&[], &[ok]).map(Value::from).map_err(InterpError::from))
                    .collect::<KResult<_>>()?
            }
            "chlo.scan" => self.scan(ctx, op)?,
            "chlo.mulhi" => {
                let a = self.tensor(ctx, op, 0)?;
                let b = self.tensor(ctx, op, 1)?;
                vec![mulhi(a, b)?.into()]
            }
            _ => return Ok(None),
        };
        Ok(Some(out))
    }
}

impl Interpreter {
    /// `chlo.scan(inputs) inits(carries) dimension = d`: the body maps
    /// (input slices…, carries…) to (output slices…, new carries…), from the first
    /// index along `d` to the last (the last to the first with `is_reverse`).
    fn scan(&mut self, ctx: &Context, op: OpId) -> KResult<Vec<Value>> {
        let n = "chlo.scan";
        let seg = need(attr_ints(ctx, op, "operandSegmentSizes"), n, "operandSegmentSizes")?;
        let (n_in, n_c) = (seg[0] as usize, *seg.get(1).unwrap_or(&0) as usize);
        let dim = need(attr_int(ctx, op, "dimension"), n, "dimension")?;
        let reverse = attr_flag(ctx, op, "is_reverse");
        let inputs = self.tensors(ctx, op, 0..n_in)?;
        let mut carries: Vec<Tensor> = self.tensors(ctx, op, n_in..n_in + n_c)?;
        let n_out = ctx.num_results(op).checked_sub(n_c).ok_or_else(|| InterpError::invalid(n, "too few results"))?;
        let out_types: Vec<(Vec<i64>, ElementType)> =
            (0..n_out).map(|j| Self::result_type(ctx, op, j)).collect::<KResult<_>>()?;
        let d = dim as usize;
        let len = match inputs.first() {
            Some(t) => *t.shape().get(d).ok_or_else(|| InterpError::invalid(n, "dimension out of range"))?,
            None => *out_types.first().and_then(|(s, _)| s.get(d)).unwrap_or(&0),
        };
        let region = Self::region(ctx, op, 0)?;
        let mut steps: Vec<Vec<Option<Tensor>>> = vec![vec![None; len as usize]; n_out];
        let order: Vec<i64> = if reverse { (0..len).rev().collect() } else { (0..len).collect() };
        for t in order {
            let mut args = Vec::with_capacity(n_in + n_c);
            for x in &inputs {
                let r = x.rank();
                let mut start = vec![0; r];
                let mut limit = x.shape().to_vec();
                start[d] = t;
                limit[d] = t + 1;
                let sl = kernels::slice(x, &start, &limit, &vec![1; r])?;
                let mut shape = x.shape().to_vec();
                shape.remove(d);
                args.push(kernels::reshape(&sl, &shape)?);
            }
            args.extend(carries.iter().cloned());
            let mut outs = self.region_tensors(ctx, region, &args)?;
            if outs.len() != n_out + n_c {
                return Err(InterpError::invalid(n, "body returned the wrong number of values"));
            }
            carries = outs.split_off(n_out);
            for (j, o) in outs.into_iter().enumerate() {
                let mut shape = o.shape().to_vec();
                shape.insert(d.min(shape.len()), 1);
                steps[j][t as usize] = Some(kernels::reshape(&o, &shape)?);
            }
        }
        let mut result = Vec::with_capacity(n_out + n_c);
        for (j, parts) in steps.into_iter().enumerate() {
            let parts: Vec<Tensor> = parts.into_iter().flatten().collect();
            if parts.is_empty() {
                let (s, e) = &out_types[j];
                result.push(Tensor::zeros(*e, s)?.into());
            } else {
                let refs: Vec<&Tensor> = parts.iter().collect();
                result.push(kernels::concatenate(&refs, dim)?.into());
            }
        }
        result.extend(carries.into_iter().map(Value::from));
        Ok(result)
    }
}

/// `<op> is not supported by the interpreter yet`.
pub fn not_supported(op: &str) -> InterpError {
    InterpError::Unsupported(format!("{op} is not supported by the interpreter yet"))
}

/// The name `interpreter.print` shows for a value: `%argN` for arguments of
/// the function's entry block, `%N` (or `%N#i`) for op results, numbered as
/// the printer numbers them within the enclosing function.
fn value_name(ctx: &Context, v: IrValue) -> String {
    // Find the enclosing function and number its ops' results in order.
    let Some(block) = ctx.value_parent_block(v) else { return "%?".into() };
    let mut func_block = block;
    loop {
        let Some(parent_op) = ctx.block_parent_op(func_block) else { break };
        if ctx.op_name_of(parent_op) == "func.func" {
            break;
        }
        match ctx.op(parent_op).parent() {
            Some(b) => func_block = b,
            None => break,
        }
    }
    if let Some(i) = ctx.block_args(block).position(|a| a == v) {
        if block == func_block {
            return format!("%arg{i}");
        }
    }
    fn walk(ctx: &Context, block: BlockId, v: IrValue, next: &mut usize) -> Option<String> {
        for op in ctx.block_ops(block) {
            let n = ctx.num_results(op);
            if n > 0 {
                for i in 0..n {
                    if ctx.result(op, i) == v {
                        return Some(if n == 1 { format!("%{next}") } else { format!("%{next}#{i}") });
                    }
                }
                *next += 1;
            }
            for &r in ctx.op_regions(op) {
                for &b in ctx.region_blocks(r) {
                    if let Some(s) = walk(ctx, b, v, next) {
                        return Some(s);
                    }
                }
            }
        }
        None
    }
    let mut next = 0;
    walk(ctx, func_block, v, &mut next).unwrap_or_else(|| "%?".into())
}

/// `chlo.mulhi`: the high half of the double-width product of two integer tensors.
fn mulhi(a: &Tensor, b: &Tensor) -> KResult<Tensor> {
    kernels::check_same("chlo.mulhi", a, b)?;
    let ty = a.element_type();
    let bits = ty.bit_width() as u32;
    let data = match (a.data(), b.data()) {
        (Data::I64(x), Data::I64(y)) => {
            Data::I64(x.iter().zip(y).map(|(&p, &q)| ((p as i128 * q as i128) >> bits) as i64).collect())
        }
        (Data::U64(x), Data::U64(y)) => {
            Data::U64(x.iter().zip(y).map(|(&p, &q)| ((p as u128 * q as u128) >> bits) as u64).collect())
        }
        _ => return Err(InterpError::unsupported_type("chlo.mulhi", ty)),
    };
    kernels::finish(ty, a.shape().to_vec(), data)
}

fn truthy(op: &str, v: &[Value]) -> KResult<bool> {
    match v.first().and_then(|x| x.as_tensor()).and_then(|t| t.as_bool()) {
        Some(b) if b.len() == 1 => Ok(b[0]),
        _ => Err(InterpError::invalid(op, "expected an i1 scalar predicate")),
    }
}

/// If `region` is `^bb(%a, %b): %r = <op> %a, %b; return %r` for a
/// reducible binary op, its kind.
pub fn single_binop_body(ctx: &Context, region: RegionId) -> Option<ReduceKind> {
    let block = ctx.region_entry(region)?;
    let args: Vec<IrValue> = ctx.block_args(block).collect();
    if args.len() != 2 || ctx.region_blocks(region).len() != 1 {
        return None;
    }
    let ops = ctx.block_ops_vec(block);
    if ops.len() != 2 {
        return None;
    }
    let kind = ReduceKind::from_op_name(ctx.op_name_of(ops[0]))?;
    let o = ctx.operands(ops[0]);
    if o.len() != 2 || !((o[0] == args[0] && o[1] == args[1]) || (o[0] == args[1] && o[1] == args[0])) {
        return None;
    }
    let ret = ctx.op_name_of(ops[1]);
    if (ret != "stablehlo.return" && ret != "func.return") || ctx.operands(ops[1]) != [ctx.result(ops[0], 0)] {
        return None;
    }
    Some(kind)
}

/// If a sort comparator is a single `compare` of one input's two
/// arguments, `(input index, direction as "lhs dir rhs", compare type)`.
pub fn single_compare_body(ctx: &Context, region: RegionId, n_inputs: usize) -> Option<(usize, CmpDir, CmpType)> {
    let block = ctx.region_entry(region)?;
    let args: Vec<IrValue> = ctx.block_args(block).collect();
    if args.len() != 2 * n_inputs || ctx.region_blocks(region).len() != 1 {
        return None;
    }
    let ops = ctx.block_ops_vec(block);
    if ops.len() != 2 || ctx.op_name_of(ops[0]) != "stablehlo.compare" {
        return None;
    }
    let ret = ctx.op_name_of(ops[1]);
    if (ret != "stablehlo.return" && ret != "func.return") || ctx.operands(ops[1]) != [ctx.result(ops[0], 0)] {
        return None;
    }
    let dir = attrs::ComparisonDirection::parse_from_attr(ctx, ctx.attr(ops[0], "comparison_direction")?).ok()?;
    let mut dir = CmpDir::from_keyword(dir.as_str())?;
    let ty = match ctx.attr(ops[0], "compare_type") {
        Some(a) => CmpType::from_keyword(attrs::ComparisonType::parse_from_attr(ctx, a).ok()?.as_str())?,
        None => CmpType::NoType,
    };
    let o = ctx.operands(ops[0]);
    let pos = |v: IrValue| args.iter().position(|&a| a == v);
    let (p, q) = (pos(o[0])?, pos(o[1])?);
    if p / 2 != q / 2 || p == q {
        return None;
    }
    if p % 2 == 1 {
        dir = match dir {
            CmpDir::Lt => CmpDir::Gt,
            CmpDir::Gt => CmpDir::Lt,
            CmpDir::Le => CmpDir::Ge,
            CmpDir::Ge => CmpDir::Le,
            d => d,
        };
    }
    Some((p / 2, dir, ty))
}

/// Check ops do not accept quantized tensors (the reference's `Element` has no quantized
/// values): an error naming the op, as for any unsupported element type.
fn reject_quantized_check(ctx: &Context, op: OpId, n: &str) -> KResult<()> {
    for &v in ctx.operands(op) {
        let ty = ctx.value_type(v);
        if let Some(q) = strata_dialects::stablehlo::quant::quant_element(ctx, ty) {
            return Err(InterpError::invalid(n, format!("unsupported element type: {}", q.canonical_body())));
        }
    }
    Ok(())
}
