//! `stablehlo-legalize-quant-to-math`: quantized StableHLO to float and integer math, computed
//! as the spec's `dequantize_op_quantize` and Strata's reference interpreter compute it
//! ([`strata_dialects::stablehlo::quant_to_math`]; StableHLO's pass of this name computes
//! quantized dot and convolution in integer arithmetic instead). What is not converted
//! (quantized function arguments, regions on quantized values) fails the pass at the op.
//!
//! Statistic: `num-converted`.

use strata_dialects::stablehlo::quant_to_math::legalize_quant_to_math;
use strata_ir::pass::{Pass, PassStatistics};
use strata_ir::{Context, Diagnostic, Failure, OpId};

/// The `stablehlo-legalize-quant-to-math` pass.
#[derive(Default)]
pub struct LegalizeQuantToMath;

impl Pass for LegalizeQuantToMath {
    fn name(&self) -> &str {
        "stablehlo-legalize-quant-to-math"
    }
    fn display_name(&self) -> &str {
        "StablehloLegalizeQuantToMathPass"
    }
    fn description(&self) -> &str {
        "Convert from StableHLO quantized ops to StableHLO primitive ops."
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, stats: &mut PassStatistics) -> Result<(), Failure> {
        match legalize_quant_to_math(ctx, op) {
            Ok(n) => {
                stats.add("num-converted", "Number of quantized ops converted to math", n as u64);
                Ok(())
            }
            Err(e) => {
                let name = ctx.op_name_of(e.op).to_string();
                let d = Diagnostic::error(
                    ctx.op(e.op).loc(),
                    format!("failed to legalize operation '{name}': {}", e.message),
                );
                ctx.emit(d);
                Err(Failure)
            }
        }
    }
}
