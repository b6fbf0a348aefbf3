//! `stablehlo-eqsat`: equality saturation of StableHLO programs with [egg].
//!
//! XLA's AlgebraicSimplifier and StableHLO's simplification patterns rewrite one match at a
//! time in a fixed order, so the order decides what they find. This pass enters each block's
//! pure dataflow into an e-graph, applies every rule everywhere until saturation (or a limit),
//! and extracts the cheapest equivalent program.
//!
//! Laid out by concern, as egg and Cranelift's mid-end:
//!
//! | module | concern |
//! |---|---|
//! | [`language`] | the e-node: op kind, signature (result type, attributes, regions), operands |
//! | [`analysis`] | per class: type, constant value, non-negativity; the context while saturating |
//! | [`fold`] | constant folding through `strata_reference::kernels`, bounded by the fold limit |
//! | [`rules`] | the rules as data, one file per domain, each with its algebra and preconditions |
//! | [`cost`] | the cost model (flops, bytes, views nearly free) |
//! | [`extract`] | DAG-aware greedy extraction, exact ILP extraction for small graphs |
//! | [`build`] | entering a block, rebuilding it in dominance order with locations |
//! | [`explain`] | explanations (why an op changed) and Graphviz output |
//! | [`harness`] | forcing one rule's rewrite, for the soundness harness |
//!
//! Options (`--stablehlo-eqsat="node-limit=20000 explain"`):
//!
//! | option | default | meaning |
//! |---|---|---|
//! | `node-limit` | 50000 | stop when the e-graph has this many nodes |
//! | `iter-limit` | 16 | stop after this many iterations |
//! | `time-limit` | 1.0 | stop after this many seconds (per block) |
//! | `match-limit` | 1000 | BackoffScheduler: a rule matching more often is banned for a while |
//! | `ban-length` | 5 | BackoffScheduler: iterations of the first ban |
//! | `expansive-iters` | 1 | iterations in which expansive (multi-pattern) rules run |
//! | `fold-limit` | 65536 | largest constant (elements) folding may create |
//! | `fast-math` | false | also run rules that are not bit-exact (float reassociation, ...) |
//! | `extractor` | `greedy` | `greedy` (DAG-aware) or `ilp` (exact, small graphs) |
//! | `ilp-max-nodes` | 2000 | larger graphs use the greedy extractor |
//! | `ilp-time-limit` | 2.0 | seconds for the ILP solver |
//! | `rules` | all | only these rules (comma-separated names) |
//! | `disable-rules` | none | not these rules |
//! | `dot-file` | none | write the saturated e-graphs as Graphviz to this file |
//! | `explain` | false | print why each changed value changed (rewrite steps) to stderr |
//! | `list-rules` | false | print the rule table to stderr |
//!
//! Statistics (`--mlir-pass-statistics`): e-nodes, e-classes, iterations, the stop reasons,
//! matches per rule, cost before and after.
//!
//! Architecture invariants: the IR is untouched unless the extracted program is strictly
//! cheaper; opaque ops never move and nothing crosses them; every value used outside the
//! e-graph's ops is produced again; output is deterministic (no hash order reaches the IR).

pub mod analysis;
pub mod build;
pub mod cost;
pub mod explain;
pub mod extract;
pub mod fold;
pub mod harness;
pub mod language;
pub mod rules;

use std::time::{Duration, Instant};

use egg::{BackoffScheduler, Runner, StopReason};
use strata_ir::pass::{parse_bool_option, split_list_option, Pass, PassStatistics};
use strata_ir::{BlockId, Context, Diagnostic, Failure, OpId};

use analysis::EqAnalysis;
use language::{EGraph, ENode, Rewrite};

/// Which extractor to use.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Extractor {
    /// DAG-aware greedy (default).
    Greedy,
    /// Exact ILP for small graphs.
    Ilp,
}

/// The pass's options.
#[derive(Clone, Debug)]
pub struct EqsatOptions {
    /// `node-limit`
    pub node_limit: usize,
    /// `iter-limit`
    pub iter_limit: usize,
    /// `time-limit` (seconds)
    pub time_limit: f64,
    /// `match-limit`
    pub match_limit: usize,
    /// `ban-length`
    pub ban_length: usize,
    /// `expansive-iters`
    pub expansive_iters: usize,
    /// `fold-limit`
    pub fold_limit: usize,
    /// `fast-math`
    pub fast_math: bool,
    /// `extractor`
    pub extractor: Extractor,
    /// `ilp-max-nodes`
    pub ilp_max_nodes: usize,
    /// `ilp-time-limit`
    pub ilp_time_limit: f64,
    /// `rules` (empty: all)
    pub rules: Vec<String>,
    /// `disable-rules`
    pub disable_rules: Vec<String>,
    /// `dot-file`
    pub dot_file: Option<String>,
    /// `explain`
    pub explain: bool,
    /// `list-rules`
    pub list_rules: bool,
}

impl Default for EqsatOptions {
    fn default() -> Self {
        EqsatOptions {
            node_limit: 50_000,
            iter_limit: 16,
            time_limit: 1.0,
            match_limit: 1000,
            ban_length: 5,
            expansive_iters: 1,
            fold_limit: 65536,
            fast_math: false,
            extractor: Extractor::Greedy,
            ilp_max_nodes: 2000,
            ilp_time_limit: 2.0,
            rules: Vec::new(),
            disable_rules: Vec::new(),
            dot_file: None,
            explain: false,
            list_rules: false,
        }
    }
}

/// What one block's saturation did.
#[derive(Clone, Debug, Default)]
pub struct BlockReport {
    /// E-nodes at the end.
    pub nodes: usize,
    /// E-classes at the end.
    pub classes: usize,
    /// Iterations run.
    pub iterations: usize,
    /// Why saturation stopped.
    pub stop: String,
    /// Matches applied per rule (sorted by name).
    pub applied: Vec<(String, usize)>,
    /// Cost of the block's entered ops.
    pub cost_before: f64,
    /// Cost of the extracted program (equal to `cost_before` when unchanged).
    pub cost_after: f64,
    /// Whether the block was rebuilt.
    pub changed: bool,
    /// Ops entered.
    pub ops_before: usize,
    /// Ops after.
    pub ops_after: usize,
    /// The ILP outcome, when the ILP extractor ran.
    pub ilp: Option<extract::IlpOutcome>,
}

/// The `stablehlo-eqsat` pass.
pub struct StablehloEqsat {
    /// Options.
    pub options: EqsatOptions,
    /// Reports of the blocks of the last run (in walk order).
    pub reports: Vec<BlockReport>,
    output: Box<dyn FnMut(&str)>,
}

impl Default for StablehloEqsat {
    fn default() -> Self {
        StablehloEqsat { options: EqsatOptions::default(), reports: Vec::new(), output: Box::new(|s| eprint!("{s}")) }
    }
}

impl StablehloEqsat {
    /// With default options.
    pub fn new() -> Self {
        Self::default()
    }

    /// With these options.
    pub fn with_options(options: EqsatOptions) -> Self {
        StablehloEqsat { options, ..Self::default() }
    }

    /// Send explanations and the rule list to `output` instead of stderr.
    pub fn with_output(mut self, output: Box<dyn FnMut(&str)>) -> Self {
        self.output = output;
        self
    }

    /// The rules the options select.
    pub fn selected_rules(&self) -> Vec<&'static rules::RuleDef> {
        rules::all()
            .iter()
            .filter(|r| self.options.fast_math || r.exactness == rules::Exactness::Exact)
            .filter(|r| self.options.rules.is_empty() || self.options.rules.iter().any(|n| n == r.name))
            .filter(|r| !self.options.disable_rules.iter().any(|n| n == r.name))
            .collect()
    }
}

/// The blocks to saturate under `root`: every block not inside an op that enters an e-graph
/// (those regions are part of their op's identity), in pre-order.
fn blocks_of(ctx: &Context, root: OpId) -> Vec<BlockId> {
    let mut out = Vec::new();
    fn rec(ctx: &Context, op: OpId, out: &mut Vec<BlockId>) {
        for &r in ctx.op_regions(op) {
            for &b in ctx.region_blocks(r) {
                out.push(b);
                for o in ctx.block_ops(b) {
                    if build::enterable(ctx, o).is_none() {
                        rec(ctx, o, out);
                    }
                }
            }
        }
    }
    rec(ctx, root, &mut out);
    out
}

fn stop_text(s: &Option<StopReason>) -> String {
    match s {
        Some(StopReason::Saturated) => "saturated".into(),
        Some(StopReason::IterationLimit(n)) => format!("iteration limit ({n})"),
        Some(StopReason::NodeLimit(n)) => format!("node limit ({n})"),
        Some(StopReason::TimeLimit(t)) => format!("time limit ({t}s)"),
        Some(StopReason::Other(s)) => s.clone(),
        None => "not run".into(),
    }
}

/// A saturated block (before any IR change). The e-graph's analysis owns the context.
pub struct Saturated {
    /// The e-graph.
    pub egraph: EGraph,
    /// What entered.
    pub imported: build::Imported,
    /// The report so far.
    pub report: BlockReport,
}

/// Enters `block` of `ctx` into a fresh e-graph and saturates it with `rules`. The context
/// moves into the e-graph's analysis; it comes back as the error when nothing entered (the
/// context is large, but this is returned once per block, so boxing buys nothing).
#[allow(clippy::result_large_err)]
pub fn saturate(
    ctx: Context,
    block: BlockId,
    rules: &[Rewrite],
    opts: &EqsatOptions,
    expansive: &[egg::Symbol],
) -> Result<Saturated, Context> {
    let mut eg = EGraph::new(EqAnalysis::new(ctx, opts.fold_limit, opts.fast_math));
    if opts.explain {
        eg = eg.with_explanations_enabled();
    }
    let Some(imported) = build::import_block(&mut eg, block) else {
        return Err(std::mem::take(&mut eg.analysis.ctx));
    };
    eg.rebuild();
    let scheduler = ExpansiveGuard {
        inner: BackoffScheduler::default().with_initial_match_limit(opts.match_limit).with_ban_length(opts.ban_length),
        expansive: expansive.to_vec(),
        iters: opts.expansive_iters,
    };
    let mut runner = Runner::default()
        .with_egraph(eg)
        .with_node_limit(opts.node_limit)
        .with_iter_limit(opts.iter_limit)
        .with_time_limit(Duration::from_secs_f64(opts.time_limit.max(0.0)))
        .with_scheduler(scheduler);
    if !rules.is_empty() {
        runner = runner.run(rules);
    } else {
        runner.stop_reason = Some(StopReason::Saturated);
    }
    let mut applied: std::collections::BTreeMap<String, usize> = Default::default();
    for it in &runner.iterations {
        for (k, v) in &it.applied {
            *applied.entry(k.to_string()).or_default() += v;
        }
    }
    let mut eg = runner.egraph;
    eg.rebuild();
    let report = BlockReport {
        nodes: eg.total_number_of_nodes(),
        classes: eg.number_of_classes(),
        iterations: runner.iterations.len(),
        stop: stop_text(&runner.stop_reason),
        applied: applied.into_iter().filter(|(_, v)| *v > 0).collect(),
        ops_before: imported.ops.len(),
        ..Default::default()
    };
    Ok(Saturated { egraph: eg, imported, report })
}

/// A scheduler running egg's BackoffScheduler, with expansive rules (multi-pattern and
/// growth-prone rules) searched only in the first iterations (as TENSAT does).
struct ExpansiveGuard {
    inner: BackoffScheduler,
    expansive: Vec<egg::Symbol>,
    iters: usize,
}

impl egg::RewriteScheduler<ENode, EqAnalysis> for ExpansiveGuard {
    fn can_stop(&mut self, iteration: usize) -> bool {
        <BackoffScheduler as egg::RewriteScheduler<ENode, EqAnalysis>>::can_stop(&mut self.inner, iteration)
    }
    fn search_rewrite<'a>(
        &mut self,
        iteration: usize,
        egraph: &EGraph,
        rewrite: &'a Rewrite,
    ) -> Vec<egg::SearchMatches<'a, ENode>> {
        if iteration >= self.iters && self.expansive.contains(&rewrite.name) {
            return Vec::new();
        }
        self.inner.search_rewrite(iteration, egraph, rewrite)
    }
    fn apply_rewrite(
        &mut self,
        iteration: usize,
        egraph: &mut EGraph,
        rewrite: &Rewrite,
        matches: Vec<egg::SearchMatches<ENode>>,
    ) -> usize {
        self.inner.apply_rewrite(iteration, egraph, rewrite, matches)
    }
}

/// The cost added to new op nodes so that ties keep the original ops.
pub const TIE_BREAK: f64 = 1e-3;

/// The extraction of a saturated block.
pub struct Extracted {
    /// The problem (classes, node costs, availability).
    pub problem: extract::Problem,
    /// The chosen node of each class.
    pub choice: Vec<Option<u32>>,
    /// The roots' dense class indices.
    pub roots: Vec<u32>,
    /// Whether the extracted program is strictly cheaper than the original.
    pub cheaper: bool,
}

/// Extracts the cheapest program of a saturated block (costs into `sat.report`).
pub fn extract(sat: &mut Saturated, opts: &EqsatOptions) -> Extracted {
    let eg = &sat.egraph;
    let a = &eg.analysis;
    // Among equally cheap programs keep the original ops: new op nodes pay a tie-breaking
    // epsilon (so commuted operands alone never change the IR).
    let originals: rustc_hash::FxHashSet<ENode> = sat.imported.origins.iter().map(|o| origin_node(eg, o)).collect();
    let cost_of = |n: &ENode| -> f64 {
        let c = node_cost(eg, n);
        if matches!(n, ENode::Op(..)) && !originals.contains(n) {
            c + TIE_BREAK
        } else {
            c
        }
    };
    let p = extract::Problem::new(eg, &cost_of, &|l| a.leaves[l as usize].avail);
    let mut choice = extract::greedy_dag(&p);
    let roots: Vec<u32> = sat.imported.roots.iter().map(|r| p.idx(eg, r.class)).collect();
    // The original program: each entered op's own node.
    let mut before = 0.0;
    for o in &sat.imported.origins {
        let ci = p.idx(eg, o.class) as usize;
        let canon = origin_node(eg, o);
        if let Some(k) = eg[p.classes[ci]].nodes.iter().position(|n| *n == canon) {
            before += p.nodes[ci][k].0;
        }
    }
    if opts.extractor == Extractor::Ilp {
        let (c, outcome) =
            extract::ilp(&p, &roots, &choice, opts.ilp_max_nodes, Duration::from_secs_f64(opts.ilp_time_limit));
        choice = c;
        sat.report.ilp = Some(outcome);
    }
    sat.report.cost_before = before;
    sat.report.cost_after = before;
    let mut cheaper = false;
    if let Some(after) = p.dag_cost(&choice, &roots) {
        if after < before - 1e-9 * before.abs().max(1.0) {
            cheaper = true;
            sat.report.cost_after = after;
        }
    }
    Extracted { problem: p, choice, roots, cheaper }
}

/// The e-node an entered op was, canonicalized.
pub(crate) fn origin_node(eg: &EGraph, o: &build::Origin) -> ENode {
    use egg::Language;
    o.node.clone().map_children(|c| eg.find(c))
}

/// The cost of one e-node ([`cost::node_cost`] with its operands' sizes).
pub fn node_cost(eg: &EGraph, n: &ENode) -> f64 {
    let ENode::Op(_, ch) = n else { return 0.0 };
    let s = eg[ch[0]].data.sig;
    let a = &eg.analysis;
    let numel =
        |i: usize| -> f64 { ch.get(i + 1).and_then(|&c| eg[c].data.ty).map(|t| a.numel(t) as f64).unwrap_or(1.0) };
    cost::node_cost(a, n, s, &numel)
}

/// Saturates `block`, extracts, and rebuilds it when the extraction is cheaper; returns its
/// report (`None` when nothing entered an e-graph).
pub fn run_block(
    ctx: &mut Context,
    block: BlockId,
    rules: &[Rewrite],
    opts: &EqsatOptions,
    expansive: &[egg::Symbol],
    dot: Option<&mut String>,
    explain_out: &mut String,
) -> Option<BlockReport> {
    let owned = std::mem::take(ctx);
    let mut sat = match saturate(owned, block, rules, opts, expansive) {
        Ok(s) => s,
        Err(back) => {
            *ctx = back;
            return None;
        }
    };
    if let Some(dot) = dot {
        explain::write_dot(&sat.egraph, block, dot);
    }
    let ex = extract(&mut sat, opts);
    if ex.cheaper && opts.explain {
        explain::explain_block(&mut sat.egraph, &sat.imported, &ex.problem, &ex.choice, explain_out);
    }
    *ctx = std::mem::take(&mut sat.egraph.analysis.ctx);
    if ex.cheaper {
        let created = build::rebuild(&sat.egraph, &ex.problem, &ex.choice, &sat.imported, ctx);
        sat.report.changed = true;
        sat.report.ops_after = created;
    }
    Some(sat.report)
}

impl Pass for StablehloEqsat {
    fn name(&self) -> &str {
        "stablehlo-eqsat"
    }
    fn display_name(&self) -> &str {
        "StablehloEqsat"
    }
    fn description(&self) -> &str {
        "Equality saturation of StableHLO dataflow with cost-based extraction"
    }
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), String> {
        let o = &mut self.options;
        let num = |v: &str| -> Result<usize, String> {
            v.parse::<usize>().map_err(|_| format!("for the --{key} option: '{v}' value invalid for uint argument!"))
        };
        let secs = |v: &str| -> Result<f64, String> {
            v.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0)
                .ok_or_else(|| format!("for the --{key} option: '{v}' value invalid for number of seconds!"))
        };
        match key {
            "node-limit" => o.node_limit = num(value)?,
            "iter-limit" => o.iter_limit = num(value)?,
            "time-limit" => o.time_limit = secs(value)?,
            "match-limit" => o.match_limit = num(value)?,
            "ban-length" => o.ban_length = num(value)?,
            "expansive-iters" => o.expansive_iters = num(value)?,
            "fold-limit" => o.fold_limit = num(value)?,
            "fast-math" => o.fast_math = parse_bool_option(key, value)?,
            "extractor" => {
                o.extractor = match value {
                    "greedy" => Extractor::Greedy,
                    "ilp" => Extractor::Ilp,
                    _ => return Err(format!("for the --extractor option: Cannot find option named '{value}'!")),
                }
            }
            "ilp-max-nodes" => o.ilp_max_nodes = num(value)?,
            "ilp-time-limit" => o.ilp_time_limit = secs(value)?,
            "rules" | "disable-rules" => {
                let list = split_list_option(value);
                for n in &list {
                    if rules::find(n).is_none() {
                        return Err(format!("for the --{key} option: no rule named '{n}' (see list-rules)"));
                    }
                }
                if key == "rules" {
                    o.rules = list;
                } else {
                    o.disable_rules = list;
                }
            }
            "dot-file" => o.dot_file = (!value.is_empty()).then(|| value.to_string()),
            "explain" => o.explain = parse_bool_option(key, value)?,
            "list-rules" => o.list_rules = parse_bool_option(key, value)?,
            _ => return Err(format!("no such option {key}")),
        }
        Ok(())
    }
    fn options(&self) -> Vec<(String, String)> {
        let o = &self.options;
        vec![
            ("ban-length".into(), o.ban_length.to_string()),
            ("disable-rules".into(), o.disable_rules.join(",")),
            ("dot-file".into(), o.dot_file.clone().unwrap_or_default()),
            ("expansive-iters".into(), o.expansive_iters.to_string()),
            ("explain".into(), o.explain.to_string()),
            (
                "extractor".into(),
                match o.extractor {
                    Extractor::Greedy => "greedy",
                    Extractor::Ilp => "ilp",
                }
                .into(),
            ),
            ("fast-math".into(), o.fast_math.to_string()),
            ("fold-limit".into(), o.fold_limit.to_string()),
            ("ilp-max-nodes".into(), o.ilp_max_nodes.to_string()),
            ("ilp-time-limit".into(), o.ilp_time_limit.to_string()),
            ("iter-limit".into(), o.iter_limit.to_string()),
            ("list-rules".into(), o.list_rules.to_string()),
            ("match-limit".into(), o.match_limit.to_string()),
            ("node-limit".into(), o.node_limit.to_string()),
            ("rules".into(), o.rules.join(",")),
            ("time-limit".into(), o.time_limit.to_string()),
        ]
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, stats: &mut PassStatistics) -> Result<(), Failure> {
        if self.options.list_rules {
            let table = rules::table_text();
            (self.output)(&table);
        }
        let selected = self.selected_rules();
        let built: Vec<Rewrite> = selected.iter().map(|r| (r.make)()).collect();
        let expansive: Vec<egg::Symbol> =
            selected.iter().filter(|r| r.expansive).map(|r| egg::Symbol::from(r.name)).collect();
        let opts = self.options.clone();
        let mut dot =
            opts.dot_file.as_ref().map(|_| String::from("digraph egraph {\n  compound=true;\n  clusterrank=local;\n"));
        let mut explain_out = String::new();
        self.reports.clear();
        let start = Instant::now();
        for block in blocks_of(ctx, op) {
            if ctx.block(block).parent.is_none() {
                continue;
            }
            if let Some(r) = run_block(ctx, block, &built, &opts, &expansive, dot.as_mut(), &mut explain_out) {
                self.reports.push(r);
            }
        }
        let elapsed = start.elapsed();
        if let (Some(path), Some(mut d)) = (&opts.dot_file, dot) {
            d.push_str("}\n");
            if let Err(e) = std::fs::write(path, d) {
                let loc = ctx.op(op).loc();
                ctx.emit(Diagnostic::error(loc, format!("stablehlo-eqsat: cannot write the dot file '{path}': {e}")));
                return Err(Failure);
            }
        }
        if !explain_out.is_empty() {
            (self.output)(&explain_out);
        }
        record_statistics(&self.reports, elapsed, stats);
        Ok(())
    }
}

fn record_statistics(reports: &[BlockReport], elapsed: Duration, stats: &mut PassStatistics) {
    let sum = |f: &dyn Fn(&BlockReport) -> u64| reports.iter().map(f).sum::<u64>();
    stats.add("num-blocks", "Number of blocks saturated", reports.len() as u64);
    stats.add("num-blocks-changed", "Number of blocks rebuilt", sum(&|r| r.changed as u64));
    stats.add("num-enodes", "Number of e-nodes at the end (all blocks)", sum(&|r| r.nodes as u64));
    stats.add("num-eclasses", "Number of e-classes at the end (all blocks)", sum(&|r| r.classes as u64));
    stats.add("num-iterations", "Number of iterations (all blocks)", sum(&|r| r.iterations as u64));
    stats.add("stop-saturated", "Blocks that saturated", sum(&|r| (r.stop == "saturated") as u64));
    stats.add(
        "stop-iteration-limit",
        "Blocks stopped by the iteration limit",
        sum(&|r| r.stop.starts_with("iteration") as u64),
    );
    stats.add("stop-node-limit", "Blocks stopped by the node limit", sum(&|r| r.stop.starts_with("node") as u64));
    stats.add("stop-time-limit", "Blocks stopped by the time limit", sum(&|r| r.stop.starts_with("time") as u64));
    stats.add("ops-before", "Ops entered into e-graphs", sum(&|r| r.ops_before as u64));
    stats.add(
        "ops-after",
        "Ops after extraction",
        sum(&|r| if r.changed { r.ops_after as u64 } else { r.ops_before as u64 }),
    );
    stats.add("cost-before", "Cost of the entered ops (cost model units)", sum(&|r| r.cost_before.round() as u64));
    stats.add("cost-after", "Cost of the extracted program", sum(&|r| r.cost_after.round() as u64));
    stats.add("time-ms", "Milliseconds spent", elapsed.as_millis() as u64);
    let mut applied: std::collections::BTreeMap<&str, u64> = Default::default();
    for r in reports {
        for (k, v) in &r.applied {
            *applied.entry(k.as_str()).or_default() += *v as u64;
        }
    }
    for (k, v) in applied {
        stats.add(&format!("rule.{k}"), "Matches applied of this rule", v);
    }
}
