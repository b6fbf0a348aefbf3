//! `strata-check`: a FileCheck-compatible checker for test outputs.
//!
//! Usage: `strata-check [options] <check-file> [--input-file <input>]`;
//! see `strata-check --help` and [`strata_tools::filecheck`].

/// mimalloc (see [`strata_tools::alloc`]).
#[global_allocator]
static GLOBAL: strata_tools::alloc::Allocator = strata_tools::alloc::Allocator;

use std::io::{self, Write};

fn main() {
    let args: Vec<String> = std::env::args_os().map(|a| a.to_string_lossy().into_owned()).collect();
    let env_opts = std::env::var("FILECHECK_OPTS").ok();
    let code = strata_tools::filecheck::cli::run_cli(
        &args,
        env_opts.as_deref(),
        &mut io::stdin(),
        &mut io::stdout(),
        &mut io::stderr(),
    );
    let _ = io::stdout().flush();
    std::process::exit(code);
}
