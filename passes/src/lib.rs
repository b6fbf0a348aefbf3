//! Strata passes: dialect-independent transformations, each in its own module named after the
//! MLIR pass it mirrors.
//!
//! | argument | MLIR pass | module |
//! |---|---|---|
//! | `cse` | `CSE` | [`cse`] |
//! | `canonicalize` | `Canonicalizer` | [`canonicalize`] |
//! | `symbol-dce` | `SymbolDCE` | [`symbol_dce`] |
//! | `strip-debuginfo` | `StripDebugInfo` | [`strip_debuginfo`] |
//! | `print-op-stats` | `PrintOpStatsPass` | [`print_op_stats`] |
//!
//! Tools register them with [`register_all`] and build pipelines from text
//! ([`strata_ir::pass::PassManager::parse`]).
#![warn(missing_docs)]

pub mod canonicalize;
pub mod cse;
pub mod print_op_stats;
pub mod strip_debuginfo;
pub mod symbol_dce;

use strata_ir::pass::PassRegistry;

/// Register every pass of this crate.
pub fn register_all(reg: &mut PassRegistry) {
    reg.register("cse", "Eliminate common sub-expressions", || Box::new(cse::Cse));
    reg.register_with_options(
        "canonicalize",
        "Canonicalize operations",
        &[
            ("top-down", "Seed the worklist in general top-down order"),
            ("region-simplify", "Perform control flow optimizations to the region tree"),
            ("max-iterations", "Max. iterations between applying patterns / simplifying regions"),
            ("max-num-rewrites", "Max. number of pattern rewrites within an iteration"),
            ("test-convergence", "Test only: Fail pass on non-convergence to detect cyclic pattern"),
            ("disable-patterns", "Labels of patterns that should be filtered out during application"),
            (
                "enable-patterns",
                "Labels of patterns that should be used during application, all other patterns are filtered out",
            ),
        ],
        || Box::new(canonicalize::Canonicalize::new()),
    );
    reg.register("symbol-dce", "Eliminate dead symbols", || Box::new(symbol_dce::SymbolDce));
    reg.register("strip-debuginfo", "Strip debug info from all operations", || {
        Box::new(strip_debuginfo::StripDebugInfo)
    });
    reg.register_with_options(
        "print-op-stats",
        "Print statistics of operations",
        &[("json", "print the stats as JSON")],
        || Box::new(print_op_stats::PrintOpStats::default()),
    );
}
