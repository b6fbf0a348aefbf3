//! `strata-tools`: the command-line tools' library — `strata-opt` ([`opt`], [`opt_options`], [`opt_passes`]),
//! `strata-run` ([`run`]), `strata-check` ([`filecheck`]), and what they share ([`cli`],
//! [`split`], [`verify_diagnostics`], [`alloc`]). Binaries in `src/bin` are thin wrappers.
pub mod alloc;
pub mod cli;
pub mod filecheck;
pub mod input;
pub mod opt;
pub mod opt_options;
pub mod opt_passes;
pub mod run;
pub mod run_jit;
pub mod run_options;
pub mod split;
pub mod translate;
pub mod verify_diagnostics;

/// A fresh context for one input chunk (mlir-opt processes `--split-input-file` chunks
/// independently): every dialect registered, the unregistered-dialect policy set, and the whole
/// file's text registered for diagnostics (shared, not copied).
pub fn chunk_context(file: &str, full_text: &strata_ir::SourceText, allow_unregistered: bool) -> strata_ir::Context {
    let mut ctx = strata_ir::Context::new();
    strata_dialects::register_all(&mut ctx);
    ctx.allow_unregistered = allow_unregistered;
    ctx.sources.insert(file.to_string(), full_text.clone());
    ctx
}
