//! `chlo-legalize-to-stablehlo`: StableHLO's `ChloLegalizeToStablehloPass`
//! (`stablehlo/transforms/ChloLegalizeToStablehlo.cpp`).
//!
//! Every `chlo` op nested in the op the pass runs on is decomposed into StableHLO by
//! [`strata_dialects::chlo::legalize`] (the same decomposition the interpreter evaluates), as
//! StableHLO's partial conversion does: chlo is the illegal dialect, and an op without a
//! decomposition for its types (a dynamic shape, a non-numpy `broadcast_dimensions`, a 64-bit
//! `mulhi`, `scan`) fails the pass with `failed to legalize operation` at the op.
//!
//! Statistic: `num-legalized` (chlo ops decomposed, including those decompositions create).

use strata_dialects::chlo::legalize::legalize;
use strata_ir::pass::{Pass, PassStatistics};
use strata_ir::{Context, Diagnostic, Failure, OpId};

/// The `chlo-legalize-to-stablehlo` pass.
#[derive(Default)]
pub struct ChloLegalizeToStablehlo;

impl Pass for ChloLegalizeToStablehlo {
    fn name(&self) -> &str {
        "chlo-legalize-to-stablehlo"
    }
    fn display_name(&self) -> &str {
        "ChloLegalizeToStablehloPass"
    }
    fn description(&self) -> &str {
        "Legalizes from CHLO dialect to StableHLO dialect."
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, stats: &mut PassStatistics) -> Result<(), Failure> {
        match legalize(ctx, op, &|_| false) {
            Ok(n) => {
                stats.add("num-legalized", "Number of chlo ops decomposed", n as u64);
                Ok(())
            }
            Err(e) => {
                let name = ctx.op_name_of(e.op).to_string();
                let d = Diagnostic::error(
                    ctx.op(e.op).loc(),
                    format!("failed to legalize operation '{name}' that was explicitly marked illegal: {}", e.message),
                );
                ctx.emit(d);
                Err(Failure)
            }
        }
    }
}
