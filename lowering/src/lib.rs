//! Strata's lowering: the bridge from linalg-on-tensors MLIR to native code through MLIR/LLVM 22
//! (melior), for the JIT and for ahead-of-time objects, and the per-op schedule generator.
//!
//! - [`bridge`] is the only code in Strata that links MLIR (feature `mlir`, on by default).
//!   Without the feature the crate still builds and [`compile`] returns
//!   [`BridgeError::NotBuilt`], which says how to get it.
//! - [`schedule`] turns the linalg ops of a function (kinds, static shapes) into a
//!   transform-dialect script for the host's ISA ([`cpu::Isa`]); [`analysis`] is its input.
//! - [`polynomial`] holds the vectorizable `exp`/`tanh` that replace libm calls.
//! - [`tensors`] is the one module that converts Strata's tensor values to native buffers.
//! - [`backend`]: the JIT as a `strata_interp::backend::Backend` (StableHLO modules with their
//!   `check.*` ops, run compiled; the interpreter implements the same interface).
//! - [`fusion`] is `linalg-fuse-elementwise-ops` on Strata IR (elementwise producer-consumer
//!   fusion of `linalg.generic`), run by the bridge before MLIR.
//! - [`legalize`] is `stablehlo-legalize-to-linalg`: StableHLO → linalg on tensors (Strata IR),
//!   the entry for StableHLO input.
//!
//! See `lowering/README.md` for the pipelines, tile choices and the ABI.

pub mod analysis;
pub mod backend;
pub mod bridge;
pub mod cpu;
pub mod error;
pub mod fusion;
pub mod legalize;
pub mod polynomial;
pub mod schedule;
pub mod tensors;

pub use bridge::{compile, CompiledModule, Options};
pub use error::BridgeError;
pub use legalize::legalize_stablehlo_to_linalg;
