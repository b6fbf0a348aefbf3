//! `strata-translate`: StableHLO portable artifacts (stablehlo-translate's `--serialize` /
//! `--deserialize`).

/// mimalloc (see [`strata_tools::alloc`]).
#[global_allocator]
static GLOBAL: strata_tools::alloc::Allocator = strata_tools::alloc::Allocator;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(strata_tools::translate::main_with_args(&args));
}
