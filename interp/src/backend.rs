//! One interface for everything that runs Strata programs: the reference interpreter
//! ([`InterpreterBackend`], here) and the JIT (`strata_lowering::backend::Jit`, which compiles
//! through MLIR). `strata-run --interpret` / `--jit` and the builder's
//! [`Computation::execute_on`](crate::builder::Computation::execute_on) go through it, so a
//! program runs the same way — arguments, results, `check.*` failures, errors with the op that
//! caused them — whichever backend executes it.
//!
//! A backend first [`prepare`](Backend::prepare)s the functions to run (the JIT compiles them
//! here, once), then each [`Prepared::run`] evaluates one of them on arguments. Check ops
//! (`check.expect_*`, `stablehlo.custom_call @check.*`) are evaluated with the reference
//! semantics of [`strata_reference::check`] by every backend: a failed check is reported in
//! [`Outcome::failures`] with its op, and the run goes on.

use std::time::Instant;

use strata_ir::{Context, OpId};
use strata_reference::value::{Tensor, Value};

use crate::eval::{CheckFailure, Interpreter};
use crate::InterpError;

/// An error of a backend, with the op it is about when known (for a located diagnostic).
#[derive(Debug, Clone, PartialEq)]
pub struct RunError {
    /// What failed.
    pub message: String,
    /// The op that caused it, in the context the functions were prepared from.
    pub op: Option<OpId>,
}

impl RunError {
    /// An error not tied to an op.
    pub fn new(message: impl Into<String>) -> Self {
        RunError { message: message.into(), op: None }
    }

    /// An error at `op`.
    pub fn at(op: OpId, message: impl Into<String>) -> Self {
        RunError { message: message.into(), op: Some(op) }
    }
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RunError {}

/// What one run of a function did.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// One value per result of the function, or the error that stopped it.
    pub results: Result<Vec<Value>, RunError>,
    /// Every failed check, in execution order.
    pub failures: Vec<CheckFailure>,
    /// Output of `interpreter.print`, in execution order.
    pub prints: Vec<String>,
    /// Values sent by `stablehlo.outfeed`, one list per outfeed executed.
    pub outfeed: Vec<Vec<Tensor>>,
    /// Values recorded by `interpreter.probe` as (`probe_id`, value), in execution order
    /// (what `strata-run --probe-output-dir` writes).
    pub probes: Vec<(String, Tensor)>,
}

/// Something that executes functions of a module: the interpreter, the JIT.
pub trait Backend {
    /// A short name for diagnostics (`interpreter`, `jit`).
    fn name(&self) -> &str;

    /// Prepares the functions `funcs` (`func.func` ops of `module`) to run; the JIT compiles
    /// them here. Errors name the op that cannot be run when there is one.
    fn prepare<'c>(&self, ctx: &'c Context, module: OpId, funcs: &[OpId]) -> Result<Box<dyn Prepared + 'c>, RunError>;
}

/// Functions prepared by a [`Backend`], addressed by their index in `prepare`'s `funcs`.
pub trait Prepared {
    /// Runs function `i` on `args` (one value per argument, types already checked).
    fn run(&mut self, i: usize, args: Vec<Value>) -> Outcome;

    /// One execution of function `i` for benchmarks: the seconds it took, checks not
    /// evaluated, results dropped. Copies of `args` are made outside the timed part.
    fn time(&mut self, i: usize, args: &[Value]) -> Result<f64, RunError>;
}

/// The reference interpreter ([`Interpreter`]) as a [`Backend`].
#[derive(Copy, Clone, Debug, Default)]
pub struct InterpreterBackend;

struct Interpreted<'c> {
    ctx: &'c Context,
    funcs: Vec<OpId>,
}

fn interp_error(it: &Interpreter, e: InterpError) -> RunError {
    let message = match e {
        InterpError::Unsupported(m) => m,
        e => e.to_string(),
    };
    RunError { message, op: it.error_op }
}

impl Backend for InterpreterBackend {
    fn name(&self) -> &str {
        "interpreter"
    }

    fn prepare<'c>(&self, ctx: &'c Context, _module: OpId, funcs: &[OpId]) -> Result<Box<dyn Prepared + 'c>, RunError> {
        Ok(Box::new(Interpreted { ctx, funcs: funcs.to_vec() }))
    }
}

impl Prepared for Interpreted<'_> {
    fn run(&mut self, i: usize, args: Vec<Value>) -> Outcome {
        let mut it = Interpreter::new();
        let r = it.eval_func(self.ctx, self.funcs[i], args);
        let results = r.map_err(|e| interp_error(&it, e));
        let mut seen: std::collections::BTreeMap<&str, usize> = Default::default();
        let mut probes = Vec::with_capacity(it.probe_log.len());
        for id in &it.probe_log {
            let n = seen.entry(id.as_str()).or_insert(0);
            if let Some(t) = it.probes.get(id).and_then(|v| v.get(*n)) {
                probes.push((id.clone(), t.clone()));
            }
            *n += 1;
        }
        Outcome {
            results,
            failures: std::mem::take(&mut it.failures),
            prints: std::mem::take(&mut it.prints),
            outfeed: std::mem::take(&mut it.outfeed),
            probes,
        }
    }

    fn time(&mut self, i: usize, args: &[Value]) -> Result<f64, RunError> {
        let args = args.to_vec();
        let mut it = Interpreter::new();
        let t = Instant::now();
        let r = it.eval_func(self.ctx, self.funcs[i], args);
        let dt = t.elapsed().as_secs_f64();
        r.map_err(|e| interp_error(&it, e))?;
        Ok(dt)
    }
}
