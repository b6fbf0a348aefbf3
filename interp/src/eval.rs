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
use strata_ir::types::TypeKind;
use strata_ir::{BlockId, Context, OpId, RegionId, Type, Value as IrValue};

use super::ops::{self, Kernel};
use super::{InterpError, KResult};
use strata_dialects::stablehlo::types as sty;
use strata_dialects::stablehlo::views::CustomCallOp;
use strata_ir::OpView;
use strata_reference::check::{self, CheckRule};
use strata_reference::kernels::{self, BinaryOp, CmpDir, CmpType, ReduceKind, UnaryOp};
use strata_reference::limits;
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

fn need<T>(v: Option<T>, op: &str, what: &str) -> KResult<T> {
    v.ok_or_else(|| InterpError::invalid(op, format!("missing or malformed attribute `{what}`")))
}

// ----- the interpreter -----

/// Evaluates functions of a module: an environment from SSA values to
/// run-time values plus the evaluation loop.
/// The kernel of each op name of one context, resolved on first use.
#[derive(Default)]
pub(crate) struct Dispatch {
    ctx: u64,
    kernels: Vec<Option<Option<Kernel>>>,
}

#[derive(Default)]
pub struct Interpreter {
    /// Op kinds resolved to their kernels, per interned op name.
    pub(crate) dispatch: Dispatch,
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
    /// The `probe_id` of every probe in execution order (the k-th occurrence of an id is
    /// `probes[id][k]`): what `strata-run --probe-output-dir` writes, in order.
    pub probe_log: Vec<String>,
    /// Values written by `stablehlo.outfeed`, in execution order.
    pub outfeed: Vec<Vec<Tensor>>,
    /// `stablehlo.send` messages outside `interpreter.run_parallel` (inside, the run's own).
    pub(super) mailbox: std::rc::Rc<std::cell::RefCell<super::parallel::Mailbox>>,
    /// The process this interpreter runs as inside `interpreter.run_parallel`.
    pub(super) process: Option<super::parallel::ProcessCtx>,
    /// chlo ops decomposed into StableHLO, per (context, op) ...
    pub(crate) chlo_ops: HashMap<(u64, OpId), std::rc::Rc<super::chlo::Decomposed>>,
    /// ... and per standalone text (ops with the same name, attributes and types share one).
    pub(crate) chlo_texts: HashMap<String, std::rc::Rc<super::chlo::Decomposed>>,
}

/// A failed check: the op and what failed (`check.expect_eq failed: expected …, got …`).
#[derive(Debug, Clone, PartialEq)]
pub struct CheckFailure {
    /// The `check.*` (or `stablehlo.custom_call @check.*`) op.
    pub op: OpId,
    /// The message.
    pub message: String,
}

thread_local! {
    /// Set while [`Interpreter::dequantize_op_quantize`] runs an op on dequantized operands:
    /// [`Interpreter::result_type`] then answers a quantized result's expressed type.
    static EXPRESSED_RESULTS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether an operand or result of `op` has a quantized element type.
fn involves_quantized(ctx: &Context, op: OpId) -> bool {
    let quant =
        |t: Type| ctx.type_kind(t).element_type().is_some_and(|e| matches!(ctx.type_kind(e), TypeKind::Dialect { .. }));
    ctx.operands(op).iter().any(|&v| quant(ctx.value_type(v)))
        || (0..ctx.num_results(op)).any(|i| quant(ctx.value_type(ctx.result(op, i))))
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

    /// Evaluates the single op `op` on the given operand values and returns its results (the
    /// entry point of constant folding: a folded constant is exactly what the interpreter
    /// computes). Regions of `op` may use only their own block arguments and values defined
    /// inside them.
    pub fn eval_single_op(&mut self, ctx: &Context, op: OpId, operands: Vec<Value>) -> KResult<Vec<Value>> {
        let vals: Vec<IrValue> = ctx.operands(op).to_vec();
        if vals.len() != operands.len() {
            return Err(InterpError::invalid(ctx.op_name_of(op), "wrong number of operand values"));
        }
        let saved = std::mem::take(&mut self.env);
        for (v, x) in vals.into_iter().zip(operands) {
            self.env.insert(v, x);
        }
        let r = self.eval_op(ctx, op).and_then(|flow| match flow {
            Flow::Continue => (0..ctx.num_results(op))
                .map(|i| {
                    self.env
                        .remove(&ctx.result(op, i))
                        .ok_or_else(|| InterpError::Runtime("result not produced".into()))
                })
                .collect(),
            Flow::Return(_) => Err(InterpError::invalid(ctx.op_name_of(op), "a terminator cannot be folded")),
        });
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

    pub(crate) fn region_tensors(&mut self, ctx: &Context, region: RegionId, args: &[Tensor]) -> KResult<Vec<Tensor>> {
        let vals = self.eval_region(ctx, region, args.iter().cloned().map(Value::Tensor).collect())?;
        vals.into_iter()
            .map(|v| v.into_tensor().ok_or_else(|| InterpError::Runtime("region returned a non-tensor".into())))
            .collect()
    }

    pub(crate) fn get(&self, v: IrValue) -> KResult<&Value> {
        self.env.get(&v).ok_or_else(|| InterpError::Runtime(format!("value {v:?} used before definition")))
    }

    pub(crate) fn tensor(&self, ctx: &Context, op: OpId, i: usize) -> KResult<&Tensor> {
        let v = *ctx
            .operands(op)
            .get(i)
            .ok_or_else(|| InterpError::invalid(ctx.op_name_of(op), format!("missing operand {i}")))?;
        self.get(v)?
            .as_tensor()
            .ok_or_else(|| InterpError::invalid(ctx.op_name_of(op), format!("operand {i} is not a tensor")))
    }

    pub(crate) fn tensors(&self, ctx: &Context, op: OpId, range: std::ops::Range<usize>) -> KResult<Vec<Tensor>> {
        range.map(|i| self.tensor(ctx, op, i).cloned()).collect()
    }

    /// An f32/f64 `add`/`subtract`/`multiply`/`divide`/`maximum`/`minimum` whose lhs
    /// dies here (its only use, in the block that defines it) writes its result into
    /// the lhs buffer instead of a fresh tensor: no allocation, no page faults.
    /// `None`: not applicable (the caller runs the kernel).
    fn binary_in_place(&mut self, ctx: &Context, op: OpId, b: BinaryOp) -> Option<Tensor> {
        let ops = ctx.operands(op);
        let (x, y) = (*ops.first()?, *ops.get(1)?);
        if x == y || !ctx.uses(x).has_one() || ctx.value_parent_block(x) != ctx.op(op).parent() {
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

    pub(crate) fn operand_values(&self, ctx: &Context, op: OpId) -> KResult<Vec<Value>> {
        ctx.operands(op).iter().map(|&v| self.get(v).cloned()).collect()
    }

    pub(crate) fn result_type(ctx: &Context, op: OpId, i: usize) -> KResult<(Vec<i64>, ElementType)> {
        if i >= ctx.num_results(op) {
            return Err(InterpError::invalid(ctx.op_name_of(op), format!("missing result {i}")));
        }
        if EXPRESSED_RESULTS.with(|c| c.get()) {
            let ty = ctx.value_type(ctx.result(op, i));
            if let (Some(q), Some((shape, _))) = (quant_params_of(ctx, ty), tensor_type_parts(ctx, ty)) {
                return Ok((shape, q.expressed));
            }
        }
        tensor_type_parts(ctx, ctx.value_type(ctx.result(op, i))).ok_or_else(|| {
            InterpError::Unsupported(format!("{}: result type is not a static tensor", ctx.op_name_of(op)))
        })
    }

    pub(crate) fn bind(&mut self, ctx: &Context, op: OpId, vals: Vec<Value>) -> KResult<()> {
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

    /// Operands `range` as rank-0 integer tensors read as `i64`.
    pub(crate) fn scalars(&self, ctx: &Context, op: OpId, range: std::ops::Range<usize>) -> KResult<Vec<i64>> {
        range.map(|i| self.scalar_i64(ctx, op, i)).collect()
    }

    pub(crate) fn scalar_i64(&self, ctx: &Context, op: OpId, i: usize) -> KResult<i64> {
        let t = self.tensor(ctx, op, i)?;
        let v = kernels::to_i64s(ctx.op_name_of(op), t)?;
        v.first().copied().ok_or_else(|| InterpError::invalid(ctx.op_name_of(op), "empty index tensor"))
    }

    pub(crate) fn region(ctx: &Context, op: OpId, i: usize) -> KResult<RegionId> {
        ctx.op_regions(op)
            .get(i)
            .copied()
            .ok_or_else(|| InterpError::invalid(ctx.op_name_of(op), format!("missing region {i}")))
    }

    pub(crate) fn call(&mut self, ctx: &Context, op: OpId, callee_attr: &str) -> KResult<Vec<Value>> {
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
    /// The op's kernel, resolved once per op name (an indexed load afterwards).
    fn kernel(&mut self, ctx: &Context, op: OpId) -> KResult<Kernel> {
        let name = ctx.op(op).name();
        if self.dispatch.ctx != ctx.id() {
            self.dispatch = Dispatch { ctx: ctx.id(), kernels: Vec::new() };
        }
        let i = name.index() as usize;
        if i >= self.dispatch.kernels.len() {
            self.dispatch.kernels.resize(i + 1, None);
        }
        let k = match self.dispatch.kernels[i] {
            Some(k) => k,
            None => {
                let k = ops::kernel_for(ctx.op_name_str(name));
                self.dispatch.kernels[i] = Some(k);
                k
            }
        };
        k.ok_or_else(|| not_supported(ctx.op_name_of(op)))
    }

    /// Refuses an op whose results would exceed the memory limit
    /// ([`strata_reference::limits`]) before its kernel allocates them: a located error
    /// naming the op and the size instead of an allocation failure. Static result types are
    /// checked from the type; the shape-operand ops (`dynamic_broadcast_in_dim`,
    /// `dynamic_iota`, `dynamic_reshape`) from their shape operand.
    fn check_result_sizes(&self, ctx: &Context, op: OpId) -> KResult<()> {
        let limit = limits::max_memory();
        for i in 0..ctx.num_results(op) {
            let t = ctx.value_type(ctx.result(op, i));
            let TypeKind::RankedTensor { shape, element, .. } = ctx.type_kind(t) else { continue };
            let dims: Vec<i64> = if shape.iter().all(|&d| d >= 0) {
                let n = shape.iter().try_fold(1u64, |a, &d| a.checked_mul(d as u64)).unwrap_or(u64::MAX);
                if n.saturating_mul(16) <= limit {
                    continue;
                }
                shape.clone()
            } else {
                let from = match ctx.op_name_of(op) {
                    "stablehlo.dynamic_broadcast_in_dim" | "stablehlo.dynamic_reshape" => 1,
                    "stablehlo.dynamic_iota" => 0,
                    _ => continue,
                };
                match self.tensor(ctx, op, from).and_then(|s| kernels::to_i64s(ctx.op_name_of(op), s)) {
                    Ok(d) if d.len() == shape.len() => d,
                    _ => continue,
                }
            };
            let et = element_type_of(ctx, *element)
                .or_else(|| strata_reference::convert::quant_storage(ctx, *element))
                .unwrap_or(ElementType::F32);
            let elem = strata_ir::printer::type_to_string(ctx, *element);
            let ty = dims.iter().map(|d| format!("{d}x")).collect::<String>();
            limits::check_tensor(ctx.op_name_of(op), &format!("result #{i} of type tensor<{ty}{elem}>"), &dims, et)?;
        }
        Ok(())
    }

    fn eval_op(&mut self, ctx: &Context, op: OpId) -> KResult<Flow> {
        self.check_result_sizes(ctx, op)?;
        let out = match self.kernel(ctx, op)? {
            Kernel::Return => return Ok(Flow::Return(self.take_returned(ctx, op)?)),
            Kernel::Check => {
                self.eval_check(ctx, op)?;
                return Ok(Flow::Continue);
            }
            Kernel::Unary(u) => {
                if let Some(r) = self.quantized_elementwise(ctx, op, Some(u), None)? {
                    r
                } else {
                    kernels::unary(u, self.tensor(ctx, op, 0)?)?
                }
            }
            Kernel::Binary(b) => {
                if let Some(r) = self.quantized_elementwise(ctx, op, None, Some(b))? {
                    r
                } else if let Some(r) = self.binary_in_place(ctx, op, b) {
                    r
                } else {
                    kernels::binary(b, self.tensor(ctx, op, 0)?, self.tensor(ctx, op, 1)?)?
                }
            }
            Kernel::Op(f) => {
                let out = f(self, ctx, op)?;
                self.bind(ctx, op, out)?;
                return Ok(Flow::Continue);
            }
            Kernel::QuantOp(f) => {
                let out = if involves_quantized(ctx, op) {
                    self.dequantize_op_quantize(ctx, op, f)?
                } else {
                    f(self, ctx, op)?
                };
                self.bind(ctx, op, out)?;
                return Ok(Flow::Continue);
            }
        };
        self.bind(ctx, op, vec![out.into()])?;
        Ok(Flow::Continue)
    }

    /// The spec's `dequantize_op_quantize` for a non-elementwise op: quantized operands are
    /// dequantized (in place in the environment while `f` runs), `f` computes in the expressed
    /// type (`result_type` answers the expressed type of quantized results meanwhile), and the
    /// results of quantized type are quantized. Float results stay float (hybrid ops).
    fn dequantize_op_quantize(&mut self, ctx: &Context, op: OpId, f: super::ops::EvalFn) -> KResult<Vec<Value>> {
        let mut saved: Vec<(IrValue, Value)> = Vec::new();
        for (i, &v) in ctx.operands(op).iter().enumerate() {
            if saved.iter().any(|(w, _)| *w == v) {
                continue;
            }
            if let Some(q) = quant_params_of(ctx, ctx.value_type(v)) {
                let d = kernels::uniform_dequantize(self.tensor(ctx, op, i)?, &q)?;
                if let Some(old) = self.env.insert(v, d.into()) {
                    saved.push((v, old));
                }
            }
        }
        let was = EXPRESSED_RESULTS.with(|c| c.replace(true));
        let r = f(self, ctx, op);
        EXPRESSED_RESULTS.with(|c| c.set(was));
        for (v, old) in saved {
            self.env.insert(v, old);
        }
        let mut out = r?;
        for (i, v) in out.iter_mut().enumerate() {
            if let Some(q) = quant_params_of(ctx, ctx.value_type(ctx.result(op, i))) {
                let t = v.as_tensor().ok_or_else(|| InterpError::invalid(ctx.op_name_of(op), "non-tensor result"))?;
                *v = kernels::uniform_quantize(t, &q)?.into();
            }
        }
        Ok(out)
    }

    /// An elementwise op on quantized tensors: dequantize_op_quantize. `None` when no operand
    /// or result is quantized.
    fn quantized_elementwise(
        &self,
        ctx: &Context,
        op: OpId,
        u: Option<UnaryOp>,
        b: Option<BinaryOp>,
    ) -> KResult<Option<Tensor>> {
        let res_q = quant_params_of(ctx, ctx.value_type(ctx.result(op, 0)));
        let any_q =
            res_q.is_some() || ctx.operands(op).iter().any(|&v| quant_params_of(ctx, ctx.value_type(v)).is_some());
        if !any_q {
            return Ok(None);
        }
        let mut xs = Vec::new();
        for (i, &v) in ctx.operands(op).iter().enumerate() {
            let t = self.tensor(ctx, op, i)?;
            xs.push(match quant_params_of(ctx, ctx.value_type(v)) {
                Some(q) => kernels::uniform_dequantize(t, &q)?,
                None => t.clone(),
            });
        }
        let r = match (u, b) {
            (Some(u), _) if xs.len() == 1 => kernels::unary(u, &xs[0])?,
            (_, Some(b)) if xs.len() == 2 => kernels::binary(b, &xs[0], &xs[1])?,
            _ => return Err(InterpError::invalid(ctx.op_name_of(op), "wrong number of operands")),
        };
        Ok(Some(match res_q {
            Some(q) => kernels::uniform_quantize(&r, &q)?,
            None => r,
        }))
    }

    fn eval_check(&mut self, ctx: &Context, op: OpId) -> KResult<()> {
        use strata_dialects::check::*;
        let n = ctx.op_name_of(op);
        reject_quantized_check(ctx, op, n)?;
        if let Some(v) = ExpectSerializedEqOp::of(ctx, op) {
            let x = self.tensor(ctx, op, 0)?.clone();
            let id = v.probe_id();
            let iter = v.iteration().unwrap_or(0).max(0) as usize;
            let msg = match self.probes.get(id).and_then(|v| v.get(iter)) {
                None => Some(format!("{n} failed: no value was probed as \"{id}\" (iteration {iter})")),
                Some(p) => check::check(n, CheckRule::Eq, p, &x)?,
            };
            if let Some(message) = msg {
                self.failures.push(CheckFailure { op, message });
            }
            return Ok(());
        }
        let ulp = |v: i64, name: &str| -> KResult<u64> {
            u64::try_from(v).map_err(|_| InterpError::invalid(n, format!("`{name}` must be non-negative, got {v}")))
        };
        let (rule, constant) = if ExpectEqOp::of(ctx, op).is_some() {
            (CheckRule::Eq, None)
        } else if let Some(v) = ExpectEqConstOp::of(ctx, op) {
            (CheckRule::Eq, Some(v.value()))
        } else if let Some(v) = ExpectAlmostEqOp::of(ctx, op) {
            (CheckRule::AlmostEq { tolerance: v.tolerance().unwrap_or(check::DEFAULT_TOLERANCE) }, None)
        } else if let Some(v) = ExpectAlmostEqConstOp::of(ctx, op) {
            (CheckRule::AlmostEq { tolerance: v.tolerance().unwrap_or(check::DEFAULT_TOLERANCE) }, Some(v.value()))
        } else if let Some(v) = ExpectCloseOp::of(ctx, op) {
            let min_ulp = ulp(v.min_ulp_difference().unwrap_or(0), "min_ulp_difference")?;
            (CheckRule::Close { min_ulp, max_ulp: ulp(v.max_ulp_difference(), "max_ulp_difference")? }, None)
        } else {
            return Err(not_supported(n));
        };
        let lhs = self.tensor(ctx, op, 0)?;
        let rhs_owned;
        let rhs = match constant {
            Some(a) => {
                rhs_owned = tensor_from_dense_attr(ctx, a)?;
                &rhs_owned
            }
            None => self.tensor(ctx, op, 1)?,
        };
        // `check.expect_*` compares the actual value (lhs) with the expected one (rhs).
        if let Some(message) = check::check(n, rule, lhs, rhs)? {
            self.failures.push(CheckFailure { op, message });
        }
        Ok(())
    }

    /// `interpreter.print`.
    pub(crate) fn print(&mut self, ctx: &Context, op: OpId) -> KResult<Vec<Value>> {
        let v = self.get(ctx.operands(op)[0])?;
        let name = value_name(ctx, ctx.operands(op)[0]);
        let line = format!("{name} = {}", v.to_interpreter_string());
        self.prints.push(line);
        Ok(vec![])
    }

    /// `interpreter.probe`: records the value under its `probe_id` and passes it through.
    pub(crate) fn probe(&mut self, ctx: &Context, op: OpId) -> KResult<Vec<Value>> {
        let id = strata_dialects::interpreter_ops::ProbeOp::of(ctx, op)
            .ok_or_else(|| not_supported(ctx.op_name_of(op)))?
            .probe_id()
            .to_string();
        let x = self.tensor(ctx, op, 0)?.clone();
        self.probe_log.push(id.clone());
        self.probes.entry(id).or_default().push(x.clone());
        Ok(vec![x.into()])
    }

    /// `replica_id` / `partition_id` of the process this interpreter runs as (0 outside
    /// `run_parallel`).
    pub(crate) fn process_id(&mut self, replica: bool) -> KResult<Vec<Value>> {
        let (r, p) = self.process.as_ref().map_or((0, 0), |p| (p.replica_id, p.partition_id));
        let id = if replica { r } else { p };
        Ok(vec![Tensor::from_u64s(ElementType::UInt(32), &[], &[id as u64])?.into()])
    }

    /// `stablehlo.custom_call`: the `check.*` targets as stablehlo-translate runs them
    /// (`@check.eq` with two operands and results; `@check.expect_{eq,almost_eq,close}` with two
    /// operands); nothing else.
    pub(crate) fn custom_call(&mut self, ctx: &Context, op: OpId) -> KResult<Vec<Value>> {
        let target = CustomCallOp::of(ctx, op).map(|c| c.call_target_name()).unwrap_or("");
        let unsupported =
            || InterpError::Unsupported(format!("stablehlo.custom_call @{target} is not supported by the interpreter"));
        if !target.starts_with("check.") || ctx.operands(op).len() != 2 {
            return Err(unsupported());
        }
        let what = format!("stablehlo.custom_call @{target}");
        reject_quantized_check(ctx, op, &what)?;
        let (actual, expected) = (self.tensor(ctx, op, 0)?, self.tensor(ctx, op, 1)?);
        let rule = check::custom_call_rule(target, expected.element_type()).ok_or_else(unsupported)?;
        let msg = check::check(&what, rule, actual, expected)?;
        let ok = msg.is_none();
        if let Some(message) = msg {
            self.failures.push(CheckFailure { op, message });
        }
        (0..ctx.num_results(op))
            .map(|_| Tensor::from_bools(&[], &[ok]).map(Value::from).map_err(InterpError::from))
            .collect()
    }
}

impl Interpreter {
    /// `chlo.scan(inputs) inits(carries) dimension = d`: the body maps
    /// (input slices…, carries…) to (output slices…, new carries…), from the first
    /// index along `d` to the last (the last to the first with `is_reverse`).
    pub(crate) fn scan(&mut self, ctx: &Context, op: OpId) -> KResult<Vec<Value>> {
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
    while let Some(parent_op) = ctx.block_parent_op(func_block) {
        if ctx.isa::<strata_dialects::func::FuncOp>(parent_op) {
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

/// Whether `op` is a region terminator that returns its operands.
fn is_return(ctx: &Context, op: OpId) -> bool {
    ctx.isa::<strata_dialects::stablehlo::views::ReturnOp>(op) || ctx.isa::<strata_dialects::func::ReturnOp>(op)
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
    use strata_dialects::stablehlo::views as v;
    let op = ops[0];
    let kind = if ctx.isa::<v::AddOp>(op) {
        ReduceKind::Add
    } else if ctx.isa::<v::MulOp>(op) {
        ReduceKind::Mul
    } else if ctx.isa::<v::MaxOp>(op) {
        ReduceKind::Max
    } else if ctx.isa::<v::MinOp>(op) {
        ReduceKind::Min
    } else if ctx.isa::<v::AndOp>(op) {
        ReduceKind::And
    } else if ctx.isa::<v::OrOp>(op) {
        ReduceKind::Or
    } else if ctx.isa::<v::XorOp>(op) {
        ReduceKind::Xor
    } else {
        return None;
    };
    let o = ctx.operands(op);
    if o.len() != 2 || !((o[0] == args[0] && o[1] == args[1]) || (o[0] == args[1] && o[1] == args[0])) {
        return None;
    }
    if !is_return(ctx, ops[1]) || ctx.operands(ops[1]) != [ctx.result(op, 0)] {
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
    if ops.len() != 2 || !is_return(ctx, ops[1]) || ctx.operands(ops[1]) != [ctx.result(ops[0], 0)] {
        return None;
    }
    let cmp = strata_dialects::stablehlo::views::CompareOp::of(ctx, ops[0])?;
    let mut dir = ops::cmp_dir(*cmp.comparison_direction());
    let ty = cmp.compare_type().map_or(CmpType::NoType, |t| ops::cmp_type(*t));
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
