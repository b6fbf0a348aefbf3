//! The reference interpreter: the executable semantics of StableHLO ops
//! (the "Semantics" sections of the StableHLO spec), computed on the value
//! layer's [`Tensor`](strata_reference::value::Tensor)s.
//!
//! - the kernels (pure functions on tensors) live in `strata-reference`
//!   ([`strata_reference::kernels`]); ops with regions (`reduce`, `sort`, `scatter`,
//!   `reduce_window`, `select_and_scatter`, `map`) take the region body as a closure
//!   [`Body`], which this layer evaluates.
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

pub mod backend;
pub mod builder;
mod chlo;
pub mod eval;
mod ops;
pub mod parallel;

pub use strata_reference::{check, convert, kernels, limits, value};
pub use strata_reference::{Body, InterpError, KResult};
