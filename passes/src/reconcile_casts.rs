//! `reconcile-unrealized-casts`: MLIR's `ReconcileUnrealizedCastsPass`
//! (`mlir/lib/Conversion/ReconcileUnrealizedCasts`): a chain of
//! `builtin.unrealized_conversion_cast`s that ends at the types it started from is replaced by
//! the chain's inputs (`a -> b -> a` is `a`), then casts whose results are unused are erased.
//! Casts that stay live (their chain converts to other types) are kept, as mlir-opt-22 keeps them.
//!
//! Statistic: `num-casts-removed`.

use strata_ir::pass::{Pass, PassStatistics};
use strata_ir::rewrite::PatternRewriter;
use strata_ir::{Context, Failure, OpId, Type, Value};

const CAST: &str = "builtin.unrealized_conversion_cast";

/// The `reconcile-unrealized-casts` pass.
#[derive(Default)]
pub struct ReconcileUnrealizedCasts;

/// The cast producing all of `op`'s operands, in order (a cast fed by another cast's results).
fn producer_cast(ctx: &Context, op: OpId) -> Option<OpId> {
    let ops = ctx.operands(op);
    let Some(&Value::Result { op: p, .. }) = ops.first() else { return None };
    if ctx.op_name_of(p) != CAST || ctx.num_results(p) != ops.len() {
        return None;
    }
    let in_order = ops.iter().enumerate().all(|(i, v)| *v == Value::Result { op: p, index: i as u32 });
    in_order.then_some(p)
}

impl Pass for ReconcileUnrealizedCasts {
    fn name(&self) -> &str {
        "reconcile-unrealized-casts"
    }
    fn display_name(&self) -> &str {
        "ReconcileUnrealizedCastsPass"
    }
    fn description(&self) -> &str {
        "Simplify and eliminate unrealized conversion casts"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, stats: &mut PassStatistics) -> Result<(), Failure> {
        let mut casts = Vec::new();
        ctx.walk_pre(op, &mut |o| {
            if ctx.op_name_of(o) == CAST {
                casts.push(o);
            }
        });
        let mut rw = PatternRewriter::new(ctx);
        // Fold chains that come back to their starting types.
        for &c in &casts {
            let want: Vec<Type> = rw.results(c).map(|v| rw.value_type(v)).collect();
            let mut p = producer_cast(&rw, c);
            let mut seen = 0;
            while let Some(src) = p {
                let have: Vec<Type> = rw.operands(src).iter().map(|v| rw.value_type(*v)).collect();
                if have == want {
                    let inputs = rw.operands(src).to_vec();
                    let results: Vec<Value> = rw.results(c).collect();
                    for (r, i) in results.into_iter().zip(inputs) {
                        rw.replace_all_uses(r, i);
                    }
                    break;
                }
                seen += 1;
                if seen > casts.len() {
                    break;
                }
                p = producer_cast(&rw, src);
            }
        }
        // Erase the casts nothing uses any more (users first: walk the chains backwards).
        let mut removed = 0u64;
        let mut changed = true;
        let mut live: Vec<OpId> = casts;
        while changed {
            changed = false;
            live.retain(|&c| {
                let dead = rw.results(c).all(|v| rw.uses(v).is_empty());
                if dead {
                    rw.erase_op(c);
                    removed += 1;
                    changed = true;
                }
                !dead
            });
        }
        stats.add("num-casts-removed", "Number of unrealized conversion casts removed", removed);
        Ok(())
    }
}
