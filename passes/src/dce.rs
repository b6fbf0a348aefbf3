//! `dce`: dead code elimination aware of side effects (MLIR's region DCE, `runRegionDCE` in
//! `RegionUtils.cpp`, run as a pass over every region of the root).
//!
//! An op is removable when its results are unused (or used only by other dead ops, cycles
//! included) and it has no effects: the [`Traits::PURE`] ops, ops with recursive effects whose
//! nested ops are all removable, and — as StableHLO models it — a `stablehlo.custom_call`
//! without `has_side_effect = true` that has results (a result-less custom call, such as
//! `@check.*`, is kept: it exists for its effect). Everything else stays: terminators, symbols,
//! `has_side_effect` custom calls, collectives (which synchronize processes), infeed/outfeed,
//! send/recv, token-producing and -consuming ops with effects, unregistered ops.
//!
//! Statistic: `num-erased` (operations erased).

use strata_dialects::stablehlo::views::CustomCallOp;
use strata_ir::pass::{Pass, PassStatistics};
use strata_ir::rewrite::utils::run_region_dce;
use strata_ir::rewrite::{is_op_trivially_dead, PatternRewriter, RewriteListener};
use strata_ir::{Context, Failure, OpId, OpView};

/// The `dce` pass.
#[derive(Default)]
pub struct Dce;

#[derive(Default)]
struct Counter(u64);

impl RewriteListener for Counter {
    fn notify_operation_erased(&mut self, _ctx: &Context, _op: OpId) {
        self.0 += 1;
    }
}

/// A custom call that StableHLO considers effect-free: `has_side_effect` unset or false, and
/// with results (a result-less call exists for its effect).
fn is_pure_custom_call(ctx: &Context, op: OpId) -> bool {
    match CustomCallOp::of(ctx, op) {
        Some(c) => c.num_results() > 0 && !c.has_side_effect().unwrap_or(false) && ctx.op_regions(op).is_empty(),
        None => false,
    }
}

/// Run DCE on everything nested in `root`; returns the number of ops erased.
pub fn run_dce(ctx: &mut Context, root: OpId) -> u64 {
    let mut counter = Counter::default();
    loop {
        let before = counter.0;
        let regions = ctx.op_regions(root).to_vec();
        {
            let mut rw = PatternRewriter::with_listener(ctx, &mut counter);
            run_region_dce(&mut rw, &regions);
        }
        // Effect-free custom calls with unused results (post-order: users before producers).
        let dead: Vec<OpId> =
            ctx.collect_post_order(root).into_iter().rev().filter(|&o| is_pure_custom_call(ctx, o)).collect();
        let mut erased_any = false;
        for o in dead {
            if !ctx.is_erased(o) && ctx.results(o).all(|r| ctx.uses(r).is_empty()) {
                let mut rw = PatternRewriter::with_listener(ctx, &mut counter);
                rw.erase_op(o);
                erased_any = true;
            }
        }
        if !erased_any || counter.0 == before {
            break;
        }
    }
    counter.0
}

/// Whether `op` would be erased by [`run_dce`] if its results were unused (for tests).
pub fn is_removable(ctx: &Context, op: OpId) -> bool {
    is_op_trivially_dead(ctx, op) || is_pure_custom_call(ctx, op)
}

impl Pass for Dce {
    fn name(&self) -> &str {
        "dce"
    }
    fn display_name(&self) -> &str {
        "DCE"
    }
    fn description(&self) -> &str {
        "Eliminate dead operations without side effects"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, stats: &mut PassStatistics) -> Result<(), Failure> {
        let n = run_dce(ctx, op);
        stats.add("num-erased", "Number of operations erased", n);
        Ok(())
    }
}
