//! `canonicalize`: MLIR's `Canonicalizer` pass (`mlir/lib/Transforms/Canonicalizer.cpp`).
//!
//! Runs the greedy pattern driver ([`strata_ir::rewrite::apply_patterns_greedily`]) with folding,
//! constant uniquing and every registered op's canonicalization patterns
//! ([`strata_ir::OpInfo::canonicalize_patterns`], collected in op-name order as MLIR does), plus
//! any pattern sets given to [`Canonicalize::with_patterns`].
//!
//! Options (as MLIR's): `top-down` (default true), `region-simplify` (`disabled`, `normal`
//! (default), `aggressive`; `enabled` is accepted as `normal`), `max-iterations` (10),
//! `max-num-rewrites` (-1: no limit), `test-convergence` (false: non-convergence is not a
//! failure), `disable-patterns` / `enable-patterns` (lists of pattern names), and StableHLO's
//! `fold-op-element-limit` (default 1: larger non-splat results are not folded).
//!
//! The pattern sets beyond the ops' own hooks:
//! - [`fold`]: constant folding of StableHLO ops by the interpreter (one semantics);
//! - [`stablehlo`]: StableHLO's canonical forms (constants to the right — by the driver's
//!   `Commutative` trait fold, and for `compare` by a pattern —, integer identities,
//!   no-op shape ops removed, ...);
//! - [`arith`]: MLIR's arith folders (by op name, so they apply whether or not the arith ops
//!   are registered), float ones only where IEEE-exact.
//!
//! Statistics: `num-folded`, `num-rewrites`, `num-erased` (dead ops erased by the driver).

pub mod arith;
mod consts;
pub mod fold;
pub mod stablehlo;

use strata_ir::pass::{parse_bool_option, parse_int_option, split_list_option, Pass, PassStatistics};
use strata_ir::rewrite::{
    apply_patterns_greedily_with_stats, GreedyConfig, RegionSimplification, RewritePattern, RewriteStats,
};
use strata_ir::{Context, Failure, OpId};

/// Creates a set of patterns.
pub type PatternSetFn = fn() -> Vec<Box<dyn RewritePattern>>;

/// The `canonicalize` pass.
pub struct Canonicalize {
    /// Driver configuration (MLIR's defaults for the canonicalizer: top-down, normal region
    /// simplification, 10 iterations).
    pub config: GreedyConfig,
    /// `test-convergence`
    pub test_convergence: bool,
    /// `disable-patterns`
    pub disabled: Vec<String>,
    /// `enable-patterns` (empty: all)
    pub enabled: Vec<String>,
    /// `fold-op-element-limit` (StableHLO's option)
    pub fold_limit: i64,
    extra: Vec<PatternSetFn>,
}

impl Default for Canonicalize {
    fn default() -> Self {
        Canonicalize {
            config: GreedyConfig { top_down: true, report_non_convergence: false, ..GreedyConfig::default() },
            test_convergence: false,
            disabled: Vec::new(),
            enabled: Vec::new(),
            fold_limit: fold::DEFAULT_FOLD_LIMIT,
            extra: Vec::new(),
        }
    }
}

impl Canonicalize {
    /// With MLIR's default options.
    pub fn new() -> Self {
        Self::default()
    }

    /// Also use the patterns made by `f` (e.g. a dialect's patterns not attached to ops).
    pub fn with_patterns(mut self, f: PatternSetFn) -> Self {
        self.extra.push(f);
        self
    }

    /// The patterns the pass uses in `ctx`: every registered op's canonicalization patterns in
    /// op-name order, then the extra sets, filtered by `disable-patterns` / `enable-patterns`.
    pub fn collect_patterns(&self, ctx: &Context) -> Vec<Box<dyn RewritePattern>> {
        let mut infos = Vec::new();
        for d in ctx.dialect_names() {
            if let Some(dialect) = ctx.dialect(d) {
                for info in &dialect.ops {
                    if let Some(f) = info.canonicalize_patterns {
                        infos.push((info.name.clone(), f));
                    }
                }
            }
        }
        infos.sort_by(|a, b| a.0.cmp(&b.0));
        let mut patterns: Vec<Box<dyn RewritePattern>> = Vec::new();
        for (_, f) in infos {
            patterns.extend(f());
        }
        patterns.extend(fold::patterns(self.fold_limit));
        patterns.extend(stablehlo::patterns());
        patterns.extend(arith::patterns());
        for f in &self.extra {
            patterns.extend(f());
        }
        patterns.retain(|p| {
            !self.disabled.iter().any(|d| d == p.name())
                && (self.enabled.is_empty() || self.enabled.iter().any(|e| e == p.name()))
        });
        patterns
    }
}

impl Pass for Canonicalize {
    fn name(&self) -> &str {
        "canonicalize"
    }
    fn display_name(&self) -> &str {
        "Canonicalizer"
    }
    fn description(&self) -> &str {
        "Canonicalize operations"
    }
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "top-down" => self.config.top_down = parse_bool_option(key, value)?,
            "test-convergence" => self.test_convergence = parse_bool_option(key, value)?,
            "max-iterations" => {
                let n = parse_int_option(key, value)?;
                self.config.max_iterations = if n < 0 { usize::MAX } else { n as usize };
            }
            "max-num-rewrites" => {
                let n = parse_int_option(key, value)?;
                self.config.max_rewrites = if n < 0 { None } else { Some(n as usize) };
            }
            "region-simplify" => {
                self.config.region_simplification = match value {
                    "disabled" => RegionSimplification::Disabled,
                    "normal" | "enabled" => RegionSimplification::Normal,
                    "aggressive" => RegionSimplification::Aggressive,
                    _ => return Err(format!("for the --region-simplify option: Cannot find option named '{value}'!")),
                }
            }
            "fold-op-element-limit" => self.fold_limit = parse_int_option(key, value)?,
            "disable-patterns" => self.disabled = split_list_option(value),
            "enable-patterns" => self.enabled = split_list_option(value),
            _ => return Err(format!("no such option {key}")),
        }
        Ok(())
    }
    fn options(&self) -> Vec<(String, String)> {
        let c = &self.config;
        // Strata's extra option is listed only when set, so the default pipeline prints as
        // mlir-opt-22's --dump-pass-pipeline does.
        let extra: Vec<(String, String)> = if self.fold_limit != fold::DEFAULT_FOLD_LIMIT {
            vec![("fold-op-element-limit".into(), self.fold_limit.to_string())]
        } else {
            Vec::new()
        };
        let mut v = vec![
            ("disable-patterns".into(), self.disabled.join(",")),
            ("enable-patterns".into(), self.enabled.join(",")),
            (
                "max-iterations".into(),
                if c.max_iterations == usize::MAX { "-1".into() } else { c.max_iterations.to_string() },
            ),
            ("max-num-rewrites".into(), c.max_rewrites.map(|n| n.to_string()).unwrap_or_else(|| "-1".into())),
            (
                "region-simplify".into(),
                match c.region_simplification {
                    RegionSimplification::Disabled => "disabled",
                    RegionSimplification::Normal => "normal",
                    RegionSimplification::Aggressive => "aggressive",
                }
                .into(),
            ),
            ("test-convergence".into(), self.test_convergence.to_string()),
            ("top-down".into(), c.top_down.to_string()),
        ];
        v.extend(extra);
        v
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, stats: &mut PassStatistics) -> Result<(), Failure> {
        let patterns = self.collect_patterns(ctx);
        let mut config = self.config.clone();
        config.report_non_convergence = self.test_convergence;
        let mut rs = RewriteStats::default();
        let r = apply_patterns_greedily_with_stats(ctx, op, &patterns, &config, &mut rs);
        let mut folded = rs.folded;
        let mut rewrites = 0u64;
        for (p, &n) in patterns.iter().zip(&rs.rewrites) {
            if p.name().ends_with("fold") {
                folded += n;
            } else {
                rewrites += n;
            }
        }
        stats.add("num-folded", "Number of operations folded to constants or values", folded);
        stats.add("num-rewrites", "Number of pattern rewrites applied", rewrites);
        stats.add("num-erased", "Number of trivially dead operations erased", rs.erased);
        stats.add("num-constants-uniqued", "Number of duplicate constants uniqued", rs.constants_uniqued);
        match r {
            Ok(_) => Ok(()),
            Err(f) if self.test_convergence => Err(f),
            Err(_) => Ok(()),
        }
    }
}
