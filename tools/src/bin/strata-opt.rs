//! `strata-opt`: parse, verify, transform and print MLIR — mlir-opt's flags.

/// mimalloc: the IR is many small allocations; a fast allocator matters for throughput.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(strata_tools::opt::main_with_args(&args));
}
