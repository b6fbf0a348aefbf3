//! A built computation (XLA's `Computation`): a verified `func.func` in a `builtin.module`, and
//! the [`Backend`]s that execute it.
//!
//! [`Computation::execute`] runs on the reference interpreter ([`InterpreterBackend`]); other
//! backends (the JIT: `strata_lowering::backend::Jit`) implement the same [`Backend`]
//! (`crate::backend`) and are selected with [`Computation::execute_on`], so callers never
//! depend on how the computation runs.

use std::fmt;

use strata_ir::printer::{print_op, PrintOptions};
use strata_ir::{Context, OpId};

use super::Shape;
use strata_reference::value::{Tensor, Value};

/// Errors of executing a computation.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ExecError {
    /// The arguments do not match the computation's parameters.
    #[error("computation `{computation}`: {message}")]
    Arguments {
        /// The computation's name.
        computation: String,
        /// What is wrong.
        message: String,
    },
    /// The backend failed (an error, or a failed check).
    #[error("computation `{computation}` on backend `{backend}`: {message}")]
    Backend {
        /// The computation's name.
        computation: String,
        /// The backend's name.
        backend: String,
        /// What failed.
        message: String,
    },
}

/// Parameter and result shapes of a computation (XLA's `ProgramShape`); prints as
/// `(alpha: f32[], x: f32[5], y: f32[5]) -> f32[5]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramShape {
    /// Parameter shapes, by parameter number.
    pub parameters: Vec<Shape>,
    /// Parameter names, by parameter number.
    pub parameter_names: Vec<String>,
    /// Result shapes (one per result of the function).
    pub results: Vec<Shape>,
}

impl fmt::Display for ProgramShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ps: Vec<String> =
            self.parameters.iter().zip(&self.parameter_names).map(|(s, n)| format!("{n}: {s}")).collect();
        let rs: Vec<String> = self.results.iter().map(|s| s.to_string()).collect();
        if rs.len() == 1 {
            write!(f, "({}) -> {}", ps.join(", "), rs[0])
        } else {
            write!(f, "({}) -> ({})", ps.join(", "), rs.join(", "))
        }
    }
}

/// A built computation: the context owning the IR, the `builtin.module`, and its entry
/// `func.func @name` (plus private functions for [`call`](super::ComputationBuilder::call)ed
/// sub-computations). Its [`Display`](fmt::Display) is the MLIR text.
pub struct Computation {
    pub(crate) ctx: Context,
    pub(crate) module: OpId,
    pub(crate) func: OpId,
    pub(crate) name: String,
    pub(crate) program_shape: ProgramShape,
}

impl Computation {
    /// The computation's name (the entry function's symbol).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Parameter and result shapes.
    pub fn program_shape(&self) -> &ProgramShape {
        &self.program_shape
    }

    /// The context owning the IR.
    pub fn context(&self) -> &Context {
        &self.ctx
    }

    /// The context, mutably (to run passes on the module).
    pub fn context_mut(&mut self) -> &mut Context {
        &mut self.ctx
    }

    /// The `builtin.module`.
    pub fn module(&self) -> OpId {
        self.module
    }

    /// The entry `func.func`.
    pub fn func(&self) -> OpId {
        self.func
    }

    /// Gives up the context and the module (e.g. to hand them to a pass pipeline).
    pub fn into_parts(self) -> (Context, OpId) {
        (self.ctx, self.module)
    }

    /// The module as MLIR text (custom assembly, as `strata-opt` prints it).
    pub fn to_mlir(&self) -> String {
        print_op(&self.ctx, self.module, &PrintOptions::default())
    }

    /// The module as MLIR text with the given printing options.
    pub fn to_mlir_with(&self, opts: &PrintOptions) -> String {
        print_op(&self.ctx, self.module, opts)
    }

    /// Runs the computation on the reference interpreter. Tuple results are flattened
    /// depth-first into the returned tensors.
    pub fn execute(&self, args: &[Tensor]) -> Result<Vec<Tensor>, ExecError> {
        self.execute_on(&InterpreterBackend, args)
    }

    /// Runs the computation on `backend` (tuple results flattened depth-first).
    pub fn execute_on(&self, backend: &dyn Backend, args: &[Tensor]) -> Result<Vec<Tensor>, ExecError> {
        let vals: Vec<Value> = args.iter().cloned().map(Value::Tensor).collect();
        let out = self.execute_values_on(backend, &vals)?;
        let mut flat = Vec::new();
        fn push(v: Value, out: &mut Vec<Tensor>) {
            match v {
                Value::Tensor(t) => out.push(t),
                Value::Tuple(vs) => vs.into_iter().for_each(|v| push(v, out)),
                Value::Token => {}
            }
        }
        out.into_iter().for_each(|v| push(v, &mut flat));
        Ok(flat)
    }

    /// Runs the computation on the interpreter with run-time values (tensors, tuples, tokens),
    /// returning one value per result.
    pub fn execute_values(&self, args: &[Value]) -> Result<Vec<Value>, ExecError> {
        self.execute_values_on(&InterpreterBackend, args)
    }

    /// [`Computation::execute_values`] on `backend`, after checking the arguments against the
    /// parameter shapes.
    pub fn execute_values_on(&self, backend: &dyn Backend, args: &[Value]) -> Result<Vec<Value>, ExecError> {
        self.check_args(args)?;
        let err = |message: String| ExecError::Backend {
            computation: self.name.clone(),
            backend: backend.name().to_string(),
            message,
        };
        let mut prepared = backend.prepare(&self.ctx, self.module, &[self.func]).map_err(|e| err(e.message))?;
        let out = prepared.run(0, args.to_vec());
        if let Some(f) = out.failures.first() {
            return Err(err(f.message.clone()));
        }
        out.results.map_err(|e| err(e.message))
    }

    fn check_args(&self, args: &[Value]) -> Result<(), ExecError> {
        let ps = &self.program_shape;
        let err = |message: String| ExecError::Arguments { computation: self.name.clone(), message };
        if args.len() != ps.parameters.len() {
            return Err(err(format!("expected {} argument(s) ({ps}), got {}", ps.parameters.len(), args.len())));
        }
        for (i, (a, s)) in args.iter().zip(&ps.parameters).enumerate() {
            let actual = value_shape(a);
            if actual != *s {
                return Err(err(format!(
                    "argument {i} (`{}`) has shape {actual}, expected {s}",
                    ps.parameter_names[i]
                )));
            }
        }
        Ok(())
    }
}

fn value_shape(v: &Value) -> Shape {
    match v {
        Value::Tensor(t) => Shape::of(t),
        Value::Tuple(vs) => Shape::Tuple(vs.iter().map(value_shape).collect()),
        Value::Token => Shape::Token,
    }
}

impl fmt::Display for Computation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_mlir())
    }
}

impl fmt::Debug for Computation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Computation({} : {})", self.name, self.program_shape)
    }
}

pub use crate::backend::{Backend, InterpreterBackend};
