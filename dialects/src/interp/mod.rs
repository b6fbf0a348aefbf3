//! The reference interpreter: the executable semantics of StableHLO ops
//! (the "Semantics" sections of the StableHLO spec), computed on the value
//! layer's [`Tensor`](crate::value::Tensor)s.
//!
//! - [`kernels`]: one pure function per op (or op family), taking tensors and
//!   explicit attributes (`&[i64]` dimension lists, small enums) and returning
//!   `Result<Tensor, InterpError>`. Kernels never panic on shapes the verifier
//!   should have rejected: they return [`InterpError`]. Ops with regions
//!   (`reduce`, `sort`, `scatter`, `reduce_window`, `select_and_scatter`, `map`)
//!   take the region body as a closure [`Body`]; the dispatch layer evaluates
//!   the region.
//! - [`eval`]: the dispatch layer — [`eval::Interpreter`] walks a `func.func`
//!   in block order, maps each op name to its kernel, evaluates regions
//!   (`while`, `if`, `case`, reduction bodies) recursively and converts
//!   `dense<…>` attributes to tensors and back.
//!
//! # Implementation-defined choices (documented deviations)
//!
//! Where the spec leaves behaviour open ("implementation-defined" or "TBD"),
//! Strata follows the StableHLO reference interpreter, and XLA where the
//! reference interpreter aborts:
//! - integer `divide` by zero gives −1 (all bits set, also for unsigned),
//!   `remainder` by zero gives the dividend, `INT_MIN / −1 = INT_MIN`,
//!   `INT_MIN % −1 = 0` (XLA's semantics);
//! - shifts by an amount ≥ the bit width (the amount read as unsigned) give 0
//!   (`shift_left`, `shift_right_logical`) or the sign fill
//!   (`shift_right_arithmetic`);
//! - float → integer `convert` truncates toward zero and saturates, NaN → 0
//!   (APFloat `convertToInteger(rmTowardZero)`); integer → integer wraps;
//!   anything → float rounds to nearest even;
//! - transcendental functions are computed in `f64` and rounded once to the
//!   result type (the reference interpreter's `mapWithUpcastToDouble`);
//! - `reduce`, `reduce_window` and `dot_general` accumulate sequentially in
//!   ascending index order, in the result element type (f16/bf16/f8 round
//!   after every step) — except the `reduce` fast path over long contiguous
//!   rows, which uses 16 partial accumulators; `convolution` accumulates in
//!   f64 and rounds once;
//! - `scatter` skips update elements whose target index is out of bounds;
//!   `gather`/`dynamic_slice`/`dynamic_update_slice` clamp start indices;
//! - `sort` is always stable (merge sort);
//! - `rng_bit_generator` follows XLA's `prng.cc` bit for bit; `DEFAULT` is
//!   `PHILOX` (XLA's CPU/GPU default).

pub mod check;
pub mod eval;
pub mod kernels;
pub mod parallel;

use crate::value::{ElementType, Tensor, ValueError};

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
