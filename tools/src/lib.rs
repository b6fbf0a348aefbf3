//! `strata-tools`: the command-line tools' library — `strata-opt` ([`opt`], [`opt_passes`]),
//! `strata-run` ([`run`]), `strata-check` ([`filecheck`]), and what they share ([`cli`],
//! [`split`], [`verify_diagnostics`], [`alloc`]). Binaries in `src/bin` are thin wrappers.
pub mod split;
pub mod verify_diagnostics;
pub mod alloc;
pub mod cli;
pub mod filecheck;
pub mod opt;
pub mod opt_passes;
pub mod run;
