//! Shared test support of the passes: strata-ir's test dialect and IR builder
//! (`strata_ir::testing`), plus what needs the passes (the registry, running pipelines).
#![allow(dead_code)]

use strata_ir::pass::{PassManager, PassRegistry};
use strata_ir::printer::{print_op, PrintOptions};
pub use strata_ir::testing::*;
use strata_ir::*;

pub fn registry() -> PassRegistry {
    let mut r = PassRegistry::new();
    strata_passes::register_all(&mut r);
    r
}

/// Running pipelines on the builder's IR.
pub trait RunPipeline {
    /// Run a pipeline; returns the statistics report or the rendered failure.
    fn run(&mut self, pipeline: &str, root: OpId) -> Result<String, String>;
}

impl RunPipeline for B {
    fn run(&mut self, pipeline: &str, root: OpId) -> Result<String, String> {
        let mut pm = PassManager::parse(pipeline, &registry()).map_err(|e| e.render())?;
        match pm.run(&mut self.ctx, root) {
            Ok(()) => Ok(pm.statistics_report()),
            Err(f) => {
                let diags: Vec<String> = self.ctx.take_diagnostics().iter().map(|d| d.message.clone()).collect();
                Err(format!("{f}: {}", diags.join("; ")))
            }
        }
    }
}

/// Parse `input` (MLIR text; the test dialect in generic form), run `pipeline` on the module and
/// return the printed module (generic form of the test ops, as the printer gives), or on failure
/// the rendered diagnostics.
pub fn run_text(pipeline: &str, input: &str) -> String {
    use strata_ir::parser::{parse_source, ParserConfig};
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    ctx.register_dialect(test_dialect());
    let render = |ctx: &mut Context| -> String {
        ctx.take_diagnostics().iter().map(|d| strata_ir::diagnostics::render(ctx, d)).collect()
    };
    let Ok(m) = parse_source(&mut ctx, &ParserConfig::new("in.mlir"), input) else { return render(&mut ctx) };
    if strata_ir::verifier::verify(&mut ctx, m).is_err() {
        return render(&mut ctx);
    }
    let mut pm = match PassManager::parse(pipeline, &registry()) {
        Ok(pm) => pm,
        Err(e) => return e.render(),
    };
    match pm.run(&mut ctx, m) {
        Ok(()) => print_op(&ctx, m, &PrintOptions::default()),
        Err(_) => render(&mut ctx),
    }
}

/// [`run_text`] and compare with `expected` (both trimmed line by line).
#[track_caller]
pub fn check(pipeline: &str, input: &str, expected: &str) {
    let got = run_text(pipeline, input);
    assert_eq!(normalize(&got), normalize(expected), "\n--- got ---\n{got}");
}
