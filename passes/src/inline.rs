//! `inline`: MLIR's inliner (`mlir/lib/Transforms/InlinerPass.cpp`) for `func.call`.
//!
//! The call graph (functions as nodes, an edge from each caller to each callee it calls) is a
//! `petgraph` graph; its strongly connected components are visited bottom-up (Tarjan's
//! algorithm gives them callees first), so every callee is already flattened when its callers
//! are inlined into. A call is inlined when the callee is a function defined in the module
//! (resolved through the nearest symbol table, public or private, as MLIR does) whose body is
//! a single block ending in a return-like terminator, the call is not inside the callee's own
//! SCC (recursion stays), and the callee is not larger than `inlining-threshold` percent of the
//! caller (MLIR's option; default: no limit). Functions left without callers are removed by
//! `symbol-dce`, which follows the inliner in a pipeline.
//!
//! Statistic: `num-inlined` (calls inlined).

use std::collections::HashMap;

use petgraph::algo::tarjan_scc;
use petgraph::graph::{DiGraph, NodeIndex};
use strata_ir::pass::{parse_int_option, Pass, PassStatistics};
use strata_ir::rewrite::PatternRewriter;
use strata_ir::symbol::{callee, function_type, lookup_symbol};
use strata_ir::{Context, Failure, OpId, Traits, Value};

/// The `inline` pass.
pub struct Inline {
    /// `inlining-threshold`: largest callee/caller size ratio in percent (`u64::MAX`: any).
    pub threshold: u64,
}

impl Default for Inline {
    fn default() -> Self {
        Inline { threshold: u64::from(u32::MAX) }
    }
}

fn is_function(ctx: &Context, op: OpId) -> bool {
    ctx.op_has_trait(op, Traits::SYMBOL) && function_type(ctx, op).is_some()
}

fn is_call(ctx: &Context, op: OpId) -> bool {
    ctx.op_name_of(op) == "func.call"
}

/// The nearest function enclosing `op`.
fn enclosing_function(ctx: &Context, op: OpId) -> Option<OpId> {
    let mut cur = ctx.parent_op(op);
    while let Some(p) = cur {
        if is_function(ctx, p) {
            return Some(p);
        }
        cur = ctx.parent_op(p);
    }
    None
}

fn op_count(ctx: &Context, f: OpId) -> u64 {
    let mut n = 0u64;
    ctx.walk_pre(f, &mut |_| n += 1);
    n.saturating_sub(1)
}

/// The single body block of `f` and its return-like terminator, if `f` can be inlined.
fn inlinable_body(ctx: &Context, f: OpId) -> Option<(strata_ir::BlockId, OpId)> {
    let &r = ctx.op_regions(f).first()?;
    let blocks = ctx.region_blocks(r);
    if blocks.len() != 1 {
        return None;
    }
    let term = ctx.block_last_op(blocks[0])?;
    if !ctx.op_has_trait(term, Traits::RETURN_LIKE) {
        return None;
    }
    Some((blocks[0], term))
}

/// Inline the calls under `root`; returns the number of calls inlined.
pub fn inline_calls(ctx: &mut Context, root: OpId, threshold: u64) -> u64 {
    // The call graph.
    let mut graph: DiGraph<OpId, OpId> = DiGraph::new();
    let mut node: HashMap<OpId, NodeIndex> = HashMap::new();
    let mut calls: Vec<(OpId, OpId, OpId)> = Vec::new(); // (call, caller, callee)
    let all = ctx.collect_post_order(root);
    for &o in &all {
        if is_function(ctx, o) {
            node.entry(o).or_insert_with(|| graph.add_node(o));
        }
    }
    for &o in &all {
        if !is_call(ctx, o) {
            continue;
        }
        let (Some(name), Some(caller)) = (callee(ctx, o), enclosing_function(ctx, o)) else { continue };
        let Some(target) = lookup_symbol(ctx, o, &name) else { continue };
        let (Some(&a), Some(&b)) = (node.get(&caller), node.get(&target)) else { continue };
        graph.add_edge(a, b, o);
        calls.push((o, caller, target));
    }
    let sccs = tarjan_scc(&graph);
    let mut scc_of: HashMap<OpId, usize> = HashMap::new();
    for (i, scc) in sccs.iter().enumerate() {
        for &n in scc {
            scc_of.insert(graph[n], i);
        }
    }
    let mut by_caller: HashMap<OpId, Vec<(OpId, OpId)>> = HashMap::new();
    for &(call, caller, target) in &calls {
        by_caller.entry(caller).or_default().push((call, target));
    }
    let mut inlined = 0u64;
    // Bottom-up: callee SCCs come first.
    for scc in &sccs {
        for &n in scc {
            let caller = graph[n];
            let Some(sites) = by_caller.get(&caller) else { continue };
            for &(call, target) in sites {
                if ctx.is_erased(call) || scc_of.get(&target) == scc_of.get(&caller) {
                    continue;
                }
                if threshold < u64::from(u32::MAX) {
                    let (ce, cr) = (op_count(ctx, target), op_count(ctx, caller).max(1));
                    if ce * 100 / cr > threshold {
                        continue;
                    }
                }
                if inline_call(ctx, call, target) {
                    inlined += 1;
                }
            }
        }
    }
    inlined
}

/// Inline one call of `callee` (cloning its body before the call).
fn inline_call(ctx: &mut Context, call: OpId, target: OpId) -> bool {
    let Some((block, term)) = inlinable_body(ctx, target) else { return false };
    let args: Vec<Value> = ctx.block_args(block).collect();
    let operands = ctx.operands(call).to_vec();
    if args.len() != operands.len() || ctx.operands(term).len() != ctx.num_results(call) {
        return false;
    }
    for (a, o) in args.iter().zip(&operands) {
        if ctx.value_type(*a) != ctx.value_type(*o) {
            return false;
        }
    }
    let mut map: HashMap<Value, Value> = args.into_iter().zip(operands).collect();
    let body: Vec<OpId> = ctx.block_ops_vec(block);
    let mut rw = PatternRewriter::new(ctx);
    rw.set_insertion_point_before(call);
    for o in body {
        if o == term {
            break;
        }
        rw.clone(o, &mut map);
    }
    let results: Vec<Value> = rw.operands(term).iter().map(|v| *map.get(v).unwrap_or(v)).collect();
    for (i, &r) in results.iter().enumerate() {
        if rw.value_type(r) != rw.value_type(rw.result(call, i)) {
            // Cannot happen for verified IR (call and callee types agree).
            return false;
        }
    }
    rw.replace_op(call, &results);
    true
}

impl Pass for Inline {
    fn name(&self) -> &str {
        "inline"
    }
    fn display_name(&self) -> &str {
        "Inliner"
    }
    fn description(&self) -> &str {
        "Inline function calls"
    }
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "inlining-threshold" => {
                let n = parse_int_option(key, value)?;
                self.threshold = if n < 0 { u64::from(u32::MAX) } else { n as u64 };
            }
            // MLIR's other options are accepted: Strata's inliner runs no nested pipeline.
            "default-pipeline" | "op-pipelines" | "max-iterations" => {}
            _ => return Err(format!("no such option {key}")),
        }
        Ok(())
    }
    fn options(&self) -> Vec<(String, String)> {
        vec![("inlining-threshold".into(), self.threshold.to_string())]
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, stats: &mut PassStatistics) -> Result<(), Failure> {
        let n = inline_calls(ctx, op, self.threshold);
        stats.add("num-inlined", "Number of calls inlined", n);
        Ok(())
    }
}
