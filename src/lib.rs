//! Strata: a multi-level compiler framework in the style of MLIR.
//!
//! This root crate re-exports the workspace crates so that a user can depend on `strata` alone.
pub use strata_dialects as dialects;
pub use strata_interp as interp;
pub use strata_ir as ir;
pub use strata_passes as passes;
pub use strata_reference as reference;
