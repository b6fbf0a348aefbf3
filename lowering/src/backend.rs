//! The JIT as a [`Backend`] (the interface the interpreter implements too): StableHLO functions
//! of a Strata module → `stablehlo-legalize-to-linalg` → the MLIR bridge → native code.
//!
//! Test programs check their values in place (`check.expect_*`, `stablehlo.custom_call
//! @check.*`). Native code cannot report a check, so [`Jit::prepare`] rewrites a copy of the
//! module first: every check op at the top level of a function to run is removed and the values
//! it compares become extra results of the function (the actual value, then the expected one
//! unless it is a constant attribute). After each call the checks are evaluated on the host with
//! the reference semantics ([`strata_reference::check`], the interpreter's), and failures are
//! reported against the original op, exactly as the interpreter reports them.
//!
//! At the boundary of the compiled function each value is returned once (the host copies a
//! value the program returns twice: two result buffers must not alias), a `@check.*` result the
//! program returns is written on the host, and unsigned integer tensors cross as signless ones
//! (same bits, reinterpreted on the host: MLIR's arith works on signless integers).
//!
//! What has no compiled form is refused with an error at the op: check ops inside regions or in
//! functions that are not run, `check.expect_serialized_eq` (needs the interpreter's probes),
//! `interpreter.*` ops, `@check.*` custom calls whose result is used.

use std::time::Instant;

use strata_dialects::check::{
    ExpectAlmostEqConstOp, ExpectAlmostEqOp, ExpectCloseOp, ExpectEqConstOp, ExpectEqOp, ExpectSerializedEqOp,
};
use strata_dialects::stablehlo::views::CustomCallOp;
use strata_interp::backend::{Backend, Outcome, Prepared, RunError};
use strata_interp::eval::CheckFailure;
use strata_ir::parser::{parse_source, ParserConfig};
use strata_ir::printer::{print_op, PrintOptions};
use strata_ir::view::OpView;
use strata_ir::{AttrKind, Context, OpId, Value as IrValue};
use strata_reference::check::{self, CheckRule};
use strata_reference::convert::tensor_from_dense_attr;
use strata_reference::value::{ElementType, Tensor, Value};

use crate::bridge::{compile, CompiledModule, Options};
use crate::tensors::OutputBuf;

/// The JIT backend: compiles with the MLIR bridge ([`crate::compile`], cached by content within
/// the process) after `stablehlo-legalize-to-linalg`.
#[derive(Clone, Debug, Default)]
pub struct Jit {
    /// Bridge options (optimization level, schedules, IR dumps).
    pub options: Options,
    /// With `--bench`: pass the same caller-owned output buffers to every timed call
    /// (destination-passing style) instead of allocating fresh results as XLA's execute does.
    pub reuse_outputs: bool,
}

/// How a check compares.
#[derive(Clone, Debug)]
enum Rule {
    /// A `check.*` op: the rule is fixed.
    Fixed(CheckRule),
    /// `stablehlo.custom_call @<target>`: the rule depends on the element type.
    CustomCall(String),
}

/// The expected side of a check.
#[derive(Clone, Debug)]
enum Expected {
    /// Extra result number `n` of the compiled function.
    Result(usize),
    /// A constant (`check.expect_eq_const` and friends).
    Const(Tensor),
}

/// One check op moved out of a function.
#[derive(Clone, Debug)]
struct CheckSpec {
    /// The op in the caller's context (for located failures).
    op: OpId,
    /// The name failures are reported under (`check.expect_eq`, `stablehlo.custom_call @check.eq`).
    what: String,
    rule: Rule,
    /// Result number of the actual value (in the compiled function).
    actual: usize,
    expected: Expected,
    /// Results of the function that are this check's outcome (`%ok = custom_call @check.eq`
    /// returned): a `true` constant in the compiled code, the outcome written on the host.
    slots: Vec<usize>,
}

/// A function to run: its symbol, its own result count, its checks.
struct FuncPlan {
    name: String,
    /// The compiled result that is each result of the function.
    result_map: Vec<usize>,
    checks: Vec<CheckSpec>,
    outputs: Option<Vec<OutputBuf>>,
    /// Per argument / result: the compiled function takes or gives a signless integer tensor
    /// where the program has an unsigned one (`Some(program's element type)`): the bits are the
    /// same, the tensors are reinterpreted on the host.
    unsigned_args: Vec<Option<ElementType>>,
    unsigned_results: Vec<Option<ElementType>>,
}

struct JitPrepared {
    module: CompiledModule,
    funcs: Vec<FuncPlan>,
    reuse_outputs: bool,
}

/// Whether `op` is a check op (`check.*` or `stablehlo.custom_call @check.*`).
fn is_check(ctx: &Context, op: OpId) -> bool {
    ctx.op_name_of(op).starts_with("check.")
        || CustomCallOp::of(ctx, op).is_some_and(|c| c.call_target_name().starts_with("check."))
}

/// The check ops nested anywhere in `op`, in program order.
fn checks_in(ctx: &Context, op: OpId) -> Vec<OpId> {
    let mut v = Vec::new();
    ctx.walk_pre(op, &mut |o| {
        if is_check(ctx, o) {
            v.push(o);
        }
    });
    v
}

fn sym_name(ctx: &Context, f: OpId) -> String {
    strata_ir::symbol::symbol_name(ctx, f).unwrap_or("").to_string()
}

/// Reads what a check op compares: (reported name, rule, has a second operand, constant).
fn describe(ctx: &Context, op: OpId) -> Result<(String, Rule, Option<Tensor>), RunError> {
    let name = ctx.op_name_of(op).to_string();
    let tol = |t: Option<f64>| CheckRule::AlmostEq { tolerance: t.unwrap_or(check::DEFAULT_TOLERANCE) };
    let constant = |a| tensor_from_dense_attr(ctx, a).map_err(|e| RunError::at(op, e.to_string()));
    let ulp = |v: i64, what: &str| {
        u64::try_from(v).map_err(|_| RunError::at(op, format!("{name}: `{what}` must be non-negative, got {v}")))
    };
    Ok(if let Some(c) = CustomCallOp::of(ctx, op) {
        let target = c.call_target_name().to_string();
        (format!("stablehlo.custom_call @{target}"), Rule::CustomCall(target), None)
    } else if ExpectEqOp::of(ctx, op).is_some() {
        (name, Rule::Fixed(CheckRule::Eq), None)
    } else if let Some(v) = ExpectEqConstOp::of(ctx, op) {
        (name, Rule::Fixed(CheckRule::Eq), Some(constant(v.value())?))
    } else if let Some(v) = ExpectAlmostEqOp::of(ctx, op) {
        (name, Rule::Fixed(tol(v.tolerance())), None)
    } else if let Some(v) = ExpectAlmostEqConstOp::of(ctx, op) {
        (name, Rule::Fixed(tol(v.tolerance())), Some(constant(v.value())?))
    } else if let Some(v) = ExpectCloseOp::of(ctx, op) {
        let min_ulp = ulp(v.min_ulp_difference().unwrap_or(0), "min_ulp_difference")?;
        let max_ulp = ulp(v.max_ulp_difference(), "max_ulp_difference")?;
        (name, Rule::Fixed(CheckRule::Close { min_ulp, max_ulp }), None)
    } else if ExpectSerializedEqOp::of(ctx, op).is_some() {
        return Err(RunError::at(
            op,
            format!("{name} compares with values probed by the interpreter: not supported by --jit"),
        ));
    } else {
        return Err(RunError::at(op, format!("{name} is not supported by --jit")));
    })
}

fn is_return(ctx: &Context, op: OpId) -> bool {
    matches!(ctx.op_name_of(op), "func.return" | "stablehlo.return")
        && ctx.parent_op(op).is_some_and(|p| ctx.op_name_of(p) == "func.func")
}

/// Rejects what has no compiled form before any work is done (errors at the op).
fn precheck(ctx: &Context, module: OpId, funcs: &[OpId]) -> Result<(), RunError> {
    let mut err = None;
    ctx.walk_pre(module, &mut |o| {
        if err.is_some() {
            return;
        }
        let n = ctx.op_name_of(o);
        if n.starts_with("interpreter.") {
            err = Some(RunError::at(o, format!("'{n}' exists only in the interpreter: not supported by --jit")));
        } else if is_check(ctx, o) {
            let parent = ctx.parent_op(o);
            if !parent.is_some_and(|p| funcs.contains(&p)) {
                err = Some(RunError::at(
                    o,
                    format!(
                        "'{n}' inside a region or in a function that is not run: --jit checks only at the top \
                         level of the functions it runs"
                    ),
                ));
            } else if ctx.results(o).any(|r| ctx.uses(r).iter().any(|u| !is_return(ctx, u.user))) {
                err = Some(RunError::at(
                    o,
                    format!("the result of '{n}' is used by an op other than the return: not supported by --jit"),
                ));
            }
        }
    });
    err.map_or(Ok(()), Err)
}

/// Moves the checks of function `f` (in `ctx`, a copy of the caller's module) into its results;
/// `orig` are the same checks in the caller's context, in the same order.
fn strip_checks(ctx: &mut Context, f: OpId, orig_ctx: &Context, orig: &[OpId]) -> Result<FuncPlan, RunError> {
    let name = sym_name(ctx, f);
    let ops = checks_in(ctx, f);
    if ops.len() != orig.len() {
        return Err(RunError::new(format!("@{name}: the module changed when copied for the JIT (a bug)")));
    }
    let (inputs, mut results) = strata_ir::symbol::function_type(ctx, f)
        .ok_or_else(|| RunError::new(format!("@{name} has no function type")))?;
    let body = ctx.op_regions(f).first().and_then(|&r| ctx.region_entry(r));
    let ret = body.and_then(|b| ctx.block_last_op(b)).ok_or_else(|| RunError::new(format!("@{name} has no body")))?;
    // The returned values: the function's own, then each checked value, each value once (a
    // value returned twice would alias two result buffers; the host copies it for each result).
    let orig_rets: Vec<IrValue> = ctx.operands(ret).to_vec();
    let mut rets: Vec<IrValue> = Vec::new();
    let result_of = |v: IrValue, rets: &mut Vec<IrValue>| match rets.iter().position(|&r| r == v) {
        Some(i) => i,
        None => {
            rets.push(v);
            rets.len() - 1
        }
    };
    let result_map: Vec<usize> = orig_rets.iter().map(|&v| result_of(v, &mut rets)).collect();
    let mut checks = Vec::new();
    for (&op, &o) in ops.iter().zip(orig) {
        let (what, rule, constant) = describe(orig_ctx, o)?;
        let operands = ctx.operands(op).to_vec();
        let want = if constant.is_some() { 1 } else { 2 };
        if operands.len() != want {
            return Err(RunError::at(o, format!("{what} expects {want} operand(s), has {}", operands.len())));
        }
        // results returned by the function: a placeholder constant, the outcome set on the host
        let mut slots = Vec::new();
        for r in ctx.results(op).collect::<Vec<_>>() {
            if ctx.uses(r).is_empty() {
                continue;
            }
            let ty = ctx.value_type(r);
            let text = format!("dense<true> : {}", strata_ir::printer::type_to_string(ctx, ty));
            let value = strata_ir::parser::parse_attr_str(ctx, &text)
                .map_err(|_| RunError::at(o, format!("{what}: a result of type {text} is not supported by --jit")))?;
            let loc = ctx.op(op).loc();
            let name = ctx.op_name("stablehlo.constant");
            let mut st = strata_ir::OperationState::new(name, loc);
            st.result_types = vec![ty];
            let key = ctx.sym("value");
            st.properties.push(strata_ir::NamedAttribute { name: key, value });
            let c = ctx.create_op(st);
            ctx.insert_op(strata_ir::InsertPoint::Before(op), c);
            let cv = ctx.result(c, 0);
            ctx.replace_all_uses(r, cv);
            for (i, v) in rets.iter_mut().enumerate() {
                if *v == r {
                    *v = cv;
                    slots.push(i);
                }
            }
        }
        let actual = result_of(operands[0], &mut rets);
        let expected = match constant {
            Some(t) => Expected::Const(t),
            None => Expected::Result(result_of(operands[1], &mut rets)),
        };
        checks.push(CheckSpec { op: o, what, rule, actual, expected, slots });
        ctx.erase_op(op);
    }
    if rets != orig_rets {
        results = rets.iter().map(|&v| ctx.value_type(v)).collect();
        ctx.set_operands(ret, rets);
        let fty = ctx.function_type(inputs, results);
        let a = ctx.type_attr(fty);
        ctx.set_attr(f, "function_type", a);
        // per-result attributes (JAX's result_info) no longer line up
        ctx.remove_attr(f, "res_attrs");
    }
    // Run functions are entries of the compiled module: public.
    ctx.remove_attr(f, "sym_visibility");
    Ok(FuncPlan { name, result_map, checks, outputs: None, unsigned_args: vec![], unsigned_results: vec![] })
}

/// The signless form of an unsigned-integer tensor type, with the program's element type.
fn signless(ctx: &mut Context, ty: strata_ir::Type) -> Option<(strata_ir::Type, ElementType)> {
    use strata_ir::types::{Signedness, TypeKind};
    let (shape, element) = match ctx.type_kind(ty) {
        TypeKind::RankedTensor { shape, element, encoding: None } => (shape.clone(), *element),
        _ => return None,
    };
    let width = match ctx.type_kind(element) {
        TypeKind::Integer { width, signedness: Signedness::Unsigned } => *width,
        _ => return None,
    };
    let (_, elem) = strata_reference::convert::tensor_type_parts(ctx, ty)?;
    let e = ctx.integer_type(width, Signedness::Signless);
    Some((ctx.tensor_type(&shape, e), elem))
}

/// After legalization, an entry function with unsigned integer tensors at its boundary has
/// `unrealized_conversion_cast`s between them and the signless tensors inside (MLIR's arith works
/// on signless integers), which bufferization cannot handle. The boundary becomes signless (same
/// bits): argument and result types change, with casts to and from the program's types that
/// cancel against the legalization's (MLIR folds `cast(cast(x))` pairs). Returns which
/// arguments and results changed, with the program's element types.
fn signless_boundary(ctx: &mut Context, f: OpId) -> (Vec<Option<ElementType>>, Vec<Option<ElementType>>) {
    let Some((inputs, results)) = strata_ir::symbol::function_type(ctx, f) else { return (vec![], vec![]) };
    let conv_in: Vec<_> = inputs.iter().map(|&t| signless(ctx, t)).collect();
    let conv_out: Vec<_> = results.iter().map(|&t| signless(ctx, t)).collect();
    if conv_in.iter().chain(&conv_out).all(Option::is_none) {
        return (vec![None; inputs.len()], vec![None; results.len()]);
    }
    let body = ctx.op_regions(f).first().and_then(|&r| ctx.region_entry(r));
    let Some(body) = body else { return (vec![None; inputs.len()], vec![None; results.len()]) };
    let loc = ctx.op(f).loc();
    let cast = |ctx: &mut Context, x: IrValue, to: strata_ir::Type, at: strata_ir::InsertPoint| -> IrValue {
        let name = ctx.op_name("builtin.unrealized_conversion_cast");
        let mut st = strata_ir::OperationState::new(name, loc);
        st.operands.push(x);
        st.result_types = vec![to];
        let c = ctx.create_op(st);
        ctx.insert_op(at, c);
        ctx.result(c, 0)
    };
    // arguments: signless, cast back to the program's type for their users
    let args: Vec<IrValue> = ctx.block_args(body).collect();
    for (&a, c) in args.iter().zip(&conv_in) {
        let Some((t, _)) = c else { continue };
        let uses: Vec<(OpId, usize)> = ctx.uses(a).iter().map(|u| (u.user, u.operand as usize)).collect();
        let program_ty = ctx.value_type(a);
        ctx.set_value_type(a, *t);
        let c = cast(ctx, a, program_ty, strata_ir::InsertPoint::Start(body));
        for (user, i) in uses {
            ctx.set_operand(user, i, c);
        }
    }
    // results: cast to signless before the return (MLIR folds the cast pairs)
    if let Some(ret) = ctx.block_last_op(body) {
        for (i, c) in conv_out.iter().enumerate() {
            let Some((t, _)) = c else { continue };
            let v = ctx.operands(ret)[i];
            let c = cast(ctx, v, *t, strata_ir::InsertPoint::Before(ret));
            ctx.set_operand(ret, i, c);
        }
    }
    let ins: Vec<_> = inputs.iter().zip(&conv_in).map(|(&t, c)| c.map_or(t, |c| c.0)).collect();
    let outs: Vec<_> = results.iter().zip(&conv_out).map(|(&t, c)| c.map_or(t, |c| c.0)).collect();
    let fty = ctx.function_type(ins, outs);
    let a = ctx.type_attr(fty);
    ctx.set_attr(f, "function_type", a);
    (conv_in.iter().map(|c| c.map(|c| c.1)).collect(), conv_out.iter().map(|c| c.map(|c| c.1)).collect())
}

/// Reinterprets a tensor as `to` (same width, same bits), when `to` is given.
fn reinterpret(t: Tensor, to: Option<ElementType>) -> Result<Tensor, RunError> {
    match to {
        Some(e) if t.element_type() != e => {
            let shape = t.shape().to_vec();
            strata_reference::kernels::bitcast_convert(&t, e, &shape).map_err(|e| RunError::new(e.to_string()))
        }
        _ => Ok(t),
    }
}

/// The signless integer type of the same width (for arguments passed to compiled code).
fn signless_elem(e: ElementType) -> ElementType {
    match e {
        ElementType::UInt(w) => ElementType::SInt(w),
        e => e,
    }
}

impl Backend for Jit {
    fn name(&self) -> &str {
        "jit"
    }

    fn prepare<'c>(&self, ctx: &'c Context, module: OpId, funcs: &[OpId]) -> Result<Box<dyn Prepared + 'c>, RunError> {
        if !crate::bridge::MLIR_BUILT {
            return Err(RunError::new(crate::BridgeError::NotBuilt.to_string()));
        }
        precheck(ctx, module, funcs)?;
        // A copy of the module to rewrite: printed with locations, so that diagnostics of the
        // legalization and of MLIR point into the user's file.
        let text = print_op(ctx, module, &PrintOptions::default().with_debug_info(true, false));
        let mut copy = Context::new();
        strata_dialects::register_all(&mut copy);
        // the legalization creates linalg/tensor/arith ops Strata may not register
        copy.allow_unregistered = true;
        let m = match parse_source(&mut copy, &ParserConfig::new("<jit copy>"), &text) {
            Ok(m) if !copy.has_errors() => m,
            _ => {
                let d = copy.take_diagnostics();
                let msg = d.first().map_or("malformed module".to_string(), |d| d.message.clone());
                return Err(RunError::new(format!("cannot copy the module for the JIT: {msg}")));
            }
        };
        let mut copy_funcs = Vec::new();
        copy.walk_pre(m, &mut |o| {
            if copy.op_name_of(o) == "func.func" {
                copy_funcs.push(o);
            }
        });
        let mut plans = Vec::new();
        for &f in funcs {
            let name = sym_name(ctx, f);
            let cf = copy_funcs
                .iter()
                .copied()
                .find(|&c| sym_name(&copy, c) == name)
                .ok_or_else(|| RunError::at(f, format!("@{name} not found in the copied module (a bug)")))?;
            plans.push(strip_checks(&mut copy, cf, ctx, &checks_in(ctx, f))?);
        }
        // stablehlo-legalize-to-linalg on the copy; its diagnostics point into the user's file
        // (the locations were printed with the copy) and show its source lines.
        copy.sources = ctx.sources.clone();
        if crate::legalize::legalize(&mut copy, m, &crate::legalize::Options::default()).is_err() {
            let rendered: String =
                copy.diagnostics().iter().map(|d| strata_ir::diagnostics::render(&copy, d)).collect();
            return Err(RunError::new(rendered.trim_end().to_string()));
        }
        for p in plans.iter_mut() {
            let name = p.name.clone();
            if let Some(cf) = copy_funcs.iter().copied().find(|&c| sym_name(&copy, c) == name) {
                (p.unsigned_args, p.unsigned_results) = signless_boundary(&mut copy, cf);
            }
        }
        let linalg = print_op(&copy, m, &PrintOptions::default());
        if self.options.print_ir_after_all {
            eprintln!("// -----// IR Dump After stablehlo-legalize-to-linalg //----- //\n{linalg}");
        }
        let compiled = compile(&linalg, &self.options).map_err(|e| RunError::new(e.to_string()))?;
        if let Some(f) = &compiled.report().fallback {
            eprintln!("strata-run: note: the generated schedule failed, compiled with scalar loops instead: {f}");
        }
        Ok(Box::new(JitPrepared { module: compiled, funcs: plans, reuse_outputs: self.reuse_outputs }))
    }
}

fn tensors(name: &str, args: &[Value]) -> Result<Vec<Tensor>, RunError> {
    args.iter()
        .enumerate()
        .map(|(i, v)| match v {
            Value::Tensor(t) => Ok(t.clone()),
            v => Err(RunError::new(format!("@{name}: argument #{i} is a {}; --jit takes tensors", v.type_string()))),
        })
        .collect()
}

impl FuncPlan {
    fn signless_inputs(&self, ins: Vec<Tensor>) -> Result<Vec<Tensor>, RunError> {
        ins.into_iter()
            .enumerate()
            .map(|(k, t)| match self.unsigned_args.get(k).copied().flatten() {
                Some(e) => reinterpret(t, Some(signless_elem(e))),
                None => Ok(t),
            })
            .collect()
    }
}

impl JitPrepared {
    fn entry(&self, i: usize) -> Result<&FuncPlan, RunError> {
        let p = &self.funcs[i];
        if self.module.signature(&p.name).is_none() {
            return Err(RunError::new(format!(
                "@{} cannot be called compiled: its arguments and results (checked values included) must be \
                 statically shaped tensors",
                p.name
            )));
        }
        Ok(p)
    }
}

impl Prepared for JitPrepared {
    fn run(&mut self, i: usize, args: Vec<Value>) -> Outcome {
        let mut failures = Vec::new();
        let results = (|| {
            let p = self.entry(i)?;
            let ins = p.signless_inputs(tensors(&p.name, &args)?)?;
            drop(args);
            let outs = self.module.invoke(&p.name, &ins).map_err(|e| RunError::new(e.to_string()))?;
            let mut outs: Vec<Tensor> = outs
                .into_iter()
                .enumerate()
                .map(|(k, t)| reinterpret(t, p.unsigned_results.get(k).copied().flatten()))
                .collect::<Result<_, _>>()?;
            for c in &p.checks {
                let actual = &outs[c.actual];
                let expected = match &c.expected {
                    Expected::Result(k) => &outs[*k],
                    Expected::Const(t) => t,
                };
                let rule = match &c.rule {
                    Rule::Fixed(r) => *r,
                    Rule::CustomCall(target) => {
                        check::custom_call_rule(target, expected.element_type()).ok_or_else(|| {
                            RunError::at(
                                c.op,
                                format!("stablehlo.custom_call @{target} is not supported by the interpreter"),
                            )
                        })?
                    }
                };
                let ok = match check::check(&c.what, rule, actual, expected) {
                    Ok(None) => true,
                    Ok(Some(message)) => {
                        failures.push(CheckFailure { op: c.op, message });
                        false
                    }
                    Err(e) => return Err(RunError::at(c.op, e.to_string())),
                };
                for &k in &c.slots {
                    let shape = outs[k].shape().to_vec();
                    let n = outs[k].num_elements();
                    outs[k] =
                        Tensor::from_bools(&shape, &vec![ok; n]).map_err(|e| RunError::at(c.op, e.to_string()))?;
                }
            }
            Ok(p.result_map.iter().map(|&k| Value::from(outs[k].clone())).collect())
        })();
        Outcome { results, failures, prints: Vec::new(), outfeed: Vec::new(), probes: Vec::new() }
    }

    fn time(&mut self, i: usize, args: &[Value]) -> Result<f64, RunError> {
        let p = self.entry(i)?;
        let name = p.name.clone();
        let ins = p.signless_inputs(tensors(&name, args)?)?;
        let err = |e: crate::BridgeError| RunError::new(e.to_string());
        if self.reuse_outputs {
            let sig = self.module.signature(&name).cloned().ok_or_else(|| RunError::new("no signature"))?;
            let outs = self.funcs[i].outputs.get_or_insert_with(|| sig.outputs.iter().map(OutputBuf::new).collect());
            let t = Instant::now();
            self.module.invoke_into(&name, &ins, outs).map_err(err)?;
            return Ok(t.elapsed().as_secs_f64());
        }
        let t = Instant::now();
        let outs = self.module.invoke(&name, &ins).map_err(err)?;
        let dt = t.elapsed().as_secs_f64();
        drop(outs);
        Ok(dt)
    }
}
