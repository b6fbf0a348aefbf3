//! Strata passes: dialect-independent transformations, each in its own module named after the
//! MLIR pass it mirrors.
//!
//! | argument | MLIR pass | module |
//! |---|---|---|
//! | `cse` | `CSE` | [`cse`] |
//! | `canonicalize` | `Canonicalizer` | [`canonicalize`] |
//! | `symbol-dce` | `SymbolDCE` | [`symbol_dce`] |
//! | `dce` | region DCE (`runRegionDCE`) as a pass | [`dce`] |
//! | `inline` | `Inliner` | [`inline`] |
//! | `strip-debuginfo` | `StripDebugInfo` | [`strip_debuginfo`] |
//! | `print-op-stats` | `PrintOpStatsPass` | [`print_op_stats`] |
//! | `chlo-legalize-to-stablehlo` | `ChloLegalizeToStablehloPass` (StableHLO) | [`chlo_legalize_to_stablehlo`] |
//! | `stablehlo-eqsat` | (Strata's) equality saturation | [`eqsat`] |
//!
//! Tools register them with [`register_all`] and build pipelines from text
//! ([`strata_ir::pass::PassManager::parse`]).
//!
//! # Writing a pattern
//!
//! A pattern matches one root op, reads it through a typed view (no string lookups of op or
//! attribute names), and changes the IR only through the [`PatternRewriter`]
//! (`strata_ir::rewrite::PatternRewriter`), which reports every change to the driver. Read what
//! you need from the views first, then mutate: views borrow the context.
//!
//! ```
//! use strata_dialects::stablehlo::views::NegOp;
//! use strata_ir::rewrite::{apply_patterns_greedily, GreedyConfig, PatternRewriter, RewritePattern};
//! use strata_ir::{Context, OpId, OpView};
//!
//! /// negate(negate(x)) -> x
//! struct DoubleNegation;
//!
//! impl RewritePattern for DoubleNegation {
//!     fn name(&self) -> &str {
//!         "double-negation"
//!     }
//!     fn root(&self) -> Option<&str> {
//!         Some(NegOp::NAME)
//!     }
//!     fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter) -> bool {
//!         let Some(outer) = NegOp::of(rw, op) else { return false };
//!         let Some(inner) = NegOp::defining(rw, outer.operand()) else { return false };
//!         let x = inner.operand();
//!         rw.replace_op(op, &[x]); // the driver hears of it and erases the dead inner negate
//!         true
//!     }
//! }
//!
//! let mut ctx = Context::new();
//! strata_dialects::register_all(&mut ctx);
//! let text = "func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
//!   %0 = stablehlo.negate %x : tensor<4xf32>
//!   %1 = stablehlo.negate %0 : tensor<4xf32>
//!   return %1 : tensor<4xf32>
//! }";
//! let config = strata_ir::parser::ParserConfig::new("f.mlir");
//! let m = strata_ir::parser::parse_source(&mut ctx, &config, text).unwrap();
//! let patterns: Vec<Box<dyn RewritePattern>> = vec![Box::new(DoubleNegation)];
//! apply_patterns_greedily(&mut ctx, m, &patterns, &GreedyConfig::default()).unwrap();
//! let out = strata_ir::printer::print_op(&ctx, m, &Default::default());
//! assert!(!out.contains("negate"), "{out}");
//! ```
#![warn(missing_docs)]

pub mod canonicalize;
pub mod chlo_legalize_to_stablehlo;
pub mod composite_to_call;
pub mod cse;
pub mod dce;
pub mod eqsat;
pub mod inline;
pub mod print_op_stats;
pub mod quant_to_math;
pub mod reconcile_casts;
pub mod shape_legalize;
pub mod strip_debuginfo;
pub mod symbol_dce;
pub mod vhlo;

use strata_ir::pass::PassRegistry;

/// Register every pass of this crate.
pub fn register_all(reg: &mut PassRegistry) {
    reg.register("cse", "Eliminate common sub-expressions", || Box::new(cse::Cse));
    reg.register_with_options(
        "canonicalize",
        "Canonicalize operations",
        &[
            ("top-down", "Seed the worklist in general top-down order"),
            ("fold-op-element-limit", "Largest number of elements a folded (non-splat) result may have (default 1)"),
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
    reg.register("dce", "Eliminate dead operations without side effects", || Box::new(dce::Dce));
    reg.register_with_options(
        "inline",
        "Inline function calls",
        &[
            ("inlining-threshold", "If the ratio between the number of the operations in the callee and the number of the operations in the caller exceeds this value (in percentage), then the callee is not inlined even if it is legal to inline it"),
            ("default-pipeline", "The optimizer pipeline used for callables that do not have a dedicated optimizer pipeline (accepted, not run)"),
            ("op-pipelines", "Callable operation specific optimizer pipelines (accepted, not run)"),
            ("max-iterations", "Maximum number of iterations when inlining within an SCC (accepted)"),
        ],
        || Box::new(inline::Inline::default()),
    );
    reg.register("strip-debuginfo", "Strip debug info from all operations", || {
        Box::new(strip_debuginfo::StripDebugInfo)
    });
    reg.register_with_options(
        "print-op-stats",
        "Print statistics of operations",
        &[("json", "print the stats as JSON")],
        || Box::new(print_op_stats::PrintOpStats::default()),
    );
    reg.register("chlo-legalize-to-stablehlo", "Legalizes from CHLO dialect to StableHLO dialect.", || {
        Box::new(chlo_legalize_to_stablehlo::ChloLegalizeToStablehlo)
    });
    reg.register(
        "stablehlo-legalize-quant-to-math",
        "Convert from StableHLO quantized ops to StableHLO primitive ops.",
        || Box::new(quant_to_math::LegalizeQuantToMath),
    );
    reg.register("reconcile-unrealized-casts", "Simplify and eliminate unrealized conversion casts", || {
        Box::new(reconcile_casts::ReconcileUnrealizedCasts)
    });
    reg.register_with_options(
        "shape-legalize-to-stablehlo",
        "Legalize shape-related ops to StableHLO.",
        &[("legalize-constraints", "Whether to legalize Cstr Ops to shape_assertion custom_call")],
        || Box::new(shape_legalize::ShapeLegalizeToStablehlo),
    );
    reg.register_pipeline(
        "chlo-pre-serialization-pipeline",
        "Lower as much as possible to StableHLO, including CHLO, Shape dialect, and index types.",
        "chlo-legalize-to-stablehlo,shape-legalize-to-stablehlo,reconcile-unrealized-casts",
    );
    reg.register_with_options(
        "stablehlo-legalize-composite-to-call",
        "Replaces composite operations with a call to their decomposition.",
        &[("except", "Names of composites that should not be replaced with calls.")],
        || Box::new(composite_to_call::LegalizeCompositeToCall::default()),
    );
    reg.register_with_options(
        "stablehlo-eqsat",
        "Equality saturation of StableHLO dataflow with cost-based extraction",
        &[
            ("node-limit", "Stop saturating at this many e-nodes (default 50000)"),
            ("iter-limit", "Stop after this many iterations (default 16)"),
            ("time-limit", "Stop after this many seconds per block (default 1.0)"),
            ("match-limit", "BackoffScheduler: matches before a rule is banned (default 1000)"),
            ("ban-length", "BackoffScheduler: iterations of the first ban (default 5)"),
            ("expansive-iters", "Iterations in which expansive (multi-pattern) rules run (default 1)"),
            ("fold-limit", "Largest constant (elements) folding may create (default 65536)"),
            ("fast-math", "Also run rules that are not bit-exact (default false)"),
            ("extractor", "greedy (DAG-aware, default) or ilp (exact, small graphs)"),
            ("ilp-max-nodes", "Larger e-graphs use the greedy extractor (default 2000)"),
            ("ilp-time-limit", "Seconds for the ILP solver (default 2.0)"),
            ("rules", "Only these rules (comma-separated)"),
            ("disable-rules", "Not these rules (comma-separated)"),
            ("dot-file", "Write the saturated e-graphs as Graphviz to this file"),
            ("explain", "Print why each changed value changed to stderr"),
            ("list-rules", "Print the rule table to stderr"),
        ],
        || Box::new(eqsat::StablehloEqsat::new()),
    );
    reg.register("stablehlo-legalize-to-vhlo", "Legalize StableHLO to VHLO", || Box::new(vhlo::LegalizeToVhlo));
    reg.register_with_options(
        "vhlo-to-version",
        "Convert VHLO ops to the versions of a target StableHLO version",
        &[("target", "The target version: current, minimum or #.#.#")],
        || Box::new(vhlo::ToVersion::default()),
    );
    reg.register("vhlo-legalize-to-stablehlo", "Legalize VHLO to StableHLO", || Box::new(vhlo::LegalizeToStablehlo));
}
