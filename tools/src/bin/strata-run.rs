//! `strata-run`: run StableHLO programs on the reference interpreter.
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(strata_tools::run::main_with_args(&args));
}
