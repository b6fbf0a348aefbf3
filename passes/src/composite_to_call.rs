//! `stablehlo-legalize-composite-to-call`: StableHLO's `StablehloLegalizeCompositeToCallPass`
//! (`stablehlo/transforms/StablehloLegalizeCompositeToCall.cpp`).
//!
//! Every `stablehlo.composite` nested in the op the pass runs on becomes a `func.call` of its
//! `decomposition` with the composite's operands and result types, unless its name is in the
//! `except` list (`--stablehlo-legalize-composite-to-call=except='foo.baz,foo.qux'`). The call
//! verifies against the callee as any call does: a composite whose decomposition does not match
//! its operand and result types is reported there.
//!
//! Statistic: `num-composites-replaced`.

use strata_dialects::stablehlo::views::CompositeOp;
use strata_ir::pass::{split_list_option, Pass, PassStatistics};
use strata_ir::rewrite::PatternRewriter;
use strata_ir::view::OpView;
use strata_ir::{Context, Failure, NamedAttribute, OpId, OperationState};

/// The `stablehlo-legalize-composite-to-call` pass.
#[derive(Default)]
pub struct LegalizeCompositeToCall {
    /// Composite names to keep (`except` option).
    pub except: Vec<String>,
}

impl Pass for LegalizeCompositeToCall {
    fn name(&self) -> &str {
        "stablehlo-legalize-composite-to-call"
    }
    fn display_name(&self) -> &str {
        "StablehloLegalizeCompositeToCallPass"
    }
    fn description(&self) -> &str {
        "Replaces composite operations with a call to their decomposition."
    }
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "except" => self.except = split_list_option(value),
            _ => return Err(format!("no such option {key}")),
        }
        Ok(())
    }
    fn options(&self) -> Vec<(String, String)> {
        vec![("except".into(), self.except.join(","))]
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, stats: &mut PassStatistics) -> Result<(), Failure> {
        let mut composites = Vec::new();
        ctx.walk_pre(op, &mut |o| {
            if let Some(c) = CompositeOp::of(ctx, o) {
                if !self.except.iter().any(|e| e == c.name()) {
                    composites.push((o, c.decomposition()));
                }
            }
        });
        let mut rw = PatternRewriter::new(ctx);
        let (call, callee) = rw.interner(|c| (c.op_name("func.call"), c.sym("callee")));
        for &(o, decomposition) in &composites {
            let mut st = OperationState::new(call, rw.op(o).loc());
            st.operands = rw.operands(o).iter().copied().collect();
            st.result_types = rw.results(o).map(|v| rw.value_type(v)).collect();
            st.properties.push(NamedAttribute { name: callee, value: decomposition });
            rw.set_insertion_point_before(o);
            rw.replace_op_with_new(o, st);
        }
        stats.add("num-composites-replaced", "Number of composites replaced by calls", composites.len() as u64);
        Ok(())
    }
}
