//! What the soundness harness needs: apply one rule to a block and rebuild the block with a
//! chosen rewrite forced, whether or not it is cheaper.
//!
//! [`force_variant`] saturates a block with a single rule for one iteration, lists the
//! *variants* — every node the rule added to a class that already held an original op (the
//! rule's right side at that match) — and rebuilds the block with variant `k` chosen for its
//! class and the original ops everywhere else (classes the rule created get their cheapest
//! node). Variants are listed in a deterministic order, so a harness re-parses its input and
//! asks for `k = 0, 1, 2, ...` until there are no more. The interpreter then compares the
//! block's results before and after.

use strata_ir::{BlockId, Context};

use super::extract::{greedy_dag, Problem};
use super::language::ENode;
use super::rules::RuleDef;
use super::{build, node_cost, saturate, EqsatOptions};

/// What [`force_variant`] did.
#[derive(Debug, Clone, PartialEq)]
pub enum Forced {
    /// Nothing entered an e-graph, or the rule added no variant numbered `k` (there are `n`).
    NoVariant {
        /// How many variants there are.
        n: usize,
    },
    /// The block was rebuilt with variant `k` of `n`.
    Rebuilt {
        /// The number of variants.
        n: usize,
    },
}

/// Applies `rule` once to `block` and rebuilds it with variant `k` forced (see the module docs).
/// `rule` runs even when it is `fast-math` (the harness checks those within their tolerance).
pub fn force_variant(ctx: &mut Context, block: BlockId, rule: &RuleDef, k: usize, fold_limit: usize) -> Forced {
    let opts = EqsatOptions { iter_limit: 1, fold_limit, fast_math: true, ..EqsatOptions::default() };
    let rewrites = vec![(rule.make)()];
    let owned = std::mem::take(ctx);
    let sat = match saturate(owned, block, &rewrites, &opts, &[]) {
        Ok(s) => s,
        Err(back) => {
            *ctx = back;
            return Forced::NoVariant { n: 0 };
        }
    };
    let eg = &sat.egraph;
    // Original nodes with the block position of their op (the later op wins a merged class).
    let mut originals: rustc_hash::FxHashMap<ENode, u32> = Default::default();
    for o in &sat.imported.origins {
        let e = originals.entry(super::origin_node(eg, o)).or_insert(o.index);
        *e = (*e).max(o.index);
    }
    let a = &eg.analysis;
    let p = Problem::new(eg, &|n: &ENode| node_cost(eg, n), &|l| a.leaves[l as usize].avail);
    let greedy = greedy_dag(&p);
    // The original choice: in each class holding original ops, the op defined last; greedy
    // elsewhere. Every other node (but folded constants) of such a class is a variant.
    let mut base = greedy.clone();
    let mut variants: Vec<(u32, u32)> = Vec::new();
    for ci in 0..p.classes.len() {
        let nodes = &eg[p.classes[ci]].nodes;
        let orig = nodes.iter().enumerate().filter_map(|(j, n)| originals.get(n).map(|&i| (i, j))).max();
        if let Some((_, o)) = orig {
            base[ci] = Some(o as u32);
            for (j, n) in nodes.iter().enumerate() {
                let candidate = j != o && !matches!(n, ENode::Sig(_));
                if candidate && p.valid[ci][j] {
                    variants.push((ci as u32, j as u32));
                }
            }
        }
    }
    let roots: Vec<u32> = sat.imported.roots.iter().map(|r| p.idx(eg, r.class)).collect();
    let mut chosen = None;
    let mut usable = 0;
    for &(c, j) in &variants {
        let mut choice = base.clone();
        choice[c as usize] = Some(j);
        // Only variants the roots reach, without a cycle.
        let Some(order) = p.topo(&choice, &roots) else { continue };
        if !order.contains(&c) {
            continue;
        }
        if usable == k {
            chosen = Some(choice);
        }
        usable += 1;
    }
    let mut sat = sat;
    *ctx = std::mem::take(&mut sat.egraph.analysis.ctx);
    match chosen {
        Some(choice) => {
            build::rebuild(&sat.egraph, &p, &choice, &sat.imported, ctx);
            Forced::Rebuilt { n: usable }
        }
        None => Forced::NoVariant { n: usable },
    }
}
