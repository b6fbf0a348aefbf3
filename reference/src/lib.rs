//! `strata-reference`: the reference semantics of StableHLO as pure functions on tensors —
//! StableHLO keeps them in `reference/` apart from `dialect/`; Strata does the same.
//!
//! - [`value`]: the run-time values (every element type of the spec with correct minifloat
//!   rounding, row-major typed storage, `.npy` I/O, XLA layouts, MLIR dense printing).
//! - [`kernels`]: one pure function per op (or op family), taking tensors and explicit
//!   attributes (`&[i64]` dimension lists, small enums) and returning
//!   `Result<Tensor, InterpError>`. Kernels never panic on shapes the verifier should have
//!   rejected: they return [`InterpError`]. Ops with regions take the region body as a closure
//!   [`Body`].
//! - [`check`]: the semantics of the test assertions (`check.*`, `custom_call @check.*`).
//! - [`convert`]: between IR constants (`dense<…>` attributes, builtin types) and tensors.
//!
//! This crate knows the IR core (`strata-ir`) but no dialect and no evaluator: the interpreter
//! (`strata-interp`), the folders of the dialects, equality saturation's constant folding and
//! the JIT's argument passing all use it without the dispatcher.
//!
//! Where the spec leaves behaviour open ("implementation-defined"), the choices are documented
//! in `strata-interp`'s crate docs.

// Kernels walk several per-dimension arrays (shape, strides, padding, dilations) with one
// dimension index; zipping four iterators reads worse than indexing.
#![allow(clippy::needless_range_loop)]

pub mod check;
pub mod convert;
pub mod kernels;
pub mod limits;
pub mod value;

use value::{ElementType, Tensor, ValueError};

/// Errors of the interpreter: invalid operands or attributes, unsupported
/// types, failures inside region bodies.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum InterpError {
    /// Operands or attributes that violate an op's constraints.
    #[error("{op}: {msg}")]
    Invalid {
        /// The op (`stablehlo.add`, or the kernel name).
        op: String,
        /// What is wrong.
        msg: String,
    },
    /// An element type the op does not support.
    #[error("{op}: unsupported element type {ty}")]
    UnsupportedType {
        /// The op.
        op: String,
        /// The element type.
        ty: ElementType,
    },
    /// An op or feature the interpreter does not implement.
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// A value-layer error (shapes, storage).
    #[error(transparent)]
    Value(#[from] ValueError),
    /// A run-time failure (a failed `check` op, a bad call, a missing value).
    #[error("{0}")]
    Runtime(String),
}

impl InterpError {
    /// An [`InterpError::Invalid`].
    pub fn invalid(op: &str, msg: impl Into<String>) -> Self {
        InterpError::Invalid { op: op.to_string(), msg: msg.into() }
    }

    /// An [`InterpError::UnsupportedType`].
    pub fn unsupported_type(op: &str, ty: ElementType) -> Self {
        InterpError::UnsupportedType { op: op.to_string(), ty }
    }
}

/// Result of a kernel.
pub type KResult<T> = Result<T, InterpError>;

/// A region body as kernels see it: takes the block arguments (rank-0
/// tensors for reductions and comparators) and returns the values of its
/// terminator.
pub type Body<'a> = dyn FnMut(&[Tensor]) -> Result<Vec<Tensor>, InterpError> + 'a;
