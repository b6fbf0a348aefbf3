//! `strata-ir`: Strata's MLIR-style core.
//!
//! - [`Context`] owns interned [`Type`]s and [`Attribute`]s, the dialect registry, and the IR
//!   arenas (operations, blocks, regions) — see [`context`] and [`ir`].
//! - [`parser`] and [`printer`] implement MLIR's textual format (generic form for any op, custom
//!   forms registered by dialects), [`diagnostics`] renders `file:line:col` errors.
//! - [`verifier`], [`rewrite`] (rewriter and greedy pattern driver) and [`pass`] (pass manager,
//!   pipeline syntax, instrumentation) build on that.
//!
//! This crate knows no dialect but `builtin`.
#![warn(missing_docs)]

pub mod attributes;
pub mod builtin;
pub mod bytecode;
pub mod context;
pub mod diagnostics;
pub mod dialect;
pub mod floatfmt;
pub mod ir;
pub mod parser;
pub mod pass;
mod prefetch;
pub mod printer;
pub mod rewrite;
pub mod source;
pub mod symbol;
#[cfg(feature = "test-support")]
pub mod testing;
pub mod types;
pub mod verifier;
pub mod view;

pub use attributes::{AttrKind, Attribute, NamedAttribute};
pub use context::{Context, Symbol};
pub use diagnostics::{Diagnostic, Severity};
pub use dialect::{Dialect, OpInfo, Traits};
pub use ir::{BlockId, InsertPoint, OpId, OpName, OperationState, RegionId, Use, Uses, Value};
pub use source::SourceText;
pub use types::{FloatKind, Signedness, Type, TypeKind, DYNAMIC};
pub use view::{AttrRead, DialectPayload, Op, OpView, ShapedType};

/// Marker that an error has been reported as a diagnostic in the [`Context`].
/// (MLIR's `LogicalResult::failure()` after `emitError`.)
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Failure;

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("failure (see diagnostics)")
    }
}
impl std::error::Error for Failure {}
