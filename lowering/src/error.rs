//! The bridge's errors: every failure of parsing, lowering, JIT creation, object emission or
//! invocation is one of these, with a message a user can act on.

/// An error of the bridge to MLIR.
#[derive(Debug, thiserror::Error)]
pub enum BridgeError {
    /// The crate was built without its `mlir` feature (no LLVM/MLIR 22 on the build machine).
    #[error(
        "the MLIR bridge is not built in: install the Debian packages llvm-22-dev libmlir-22-dev \
         libpolly-22-dev libzstd-dev (`./x test` or `./x demo` does it as root) and rebuild with the \
         `mlir` feature of strata-lowering (on by default)"
    )]
    NotBuilt,
    /// MLIR could not parse the input.
    #[error("MLIR parse error: {0}")]
    Parse(String),
    /// The input is not something the bridge compiles (signature, types, missing entry).
    #[error("unsupported input: {0}")]
    Unsupported(String),
    /// A pass pipeline or transform script failed.
    #[error("lowering failed at {stage}: {message}")]
    Lowering {
        /// The stage (pass pipeline or transform script) that failed.
        stage: String,
        /// MLIR's diagnostics.
        message: String,
    },
    /// Creating the execution engine or looking up the entry point failed.
    #[error("JIT failed: {0}")]
    Jit(String),
    /// Emitting an object file, assembly or LLVM IR failed.
    #[error("code emission failed: {0}")]
    Emit(String),
    /// Calling a compiled function failed (wrong arguments, non-zero status).
    #[error("invoke: {0}")]
    Invoke(String),
    /// Stablehlo legalization failed (or is not available yet).
    #[error("{0}")]
    Legalize(String),
}
