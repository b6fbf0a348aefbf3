//! Strata tools library.
pub mod split;
pub mod verify_diagnostics;
pub mod cli;
pub mod filecheck;
pub mod opt;
pub mod opt_passes;
pub mod run;
