//! strata-opt's pass side: the registry of passes, building the pipeline from
//! `--pass-pipeline` or pass flags, and the instrumentation flags.

use strata_ir::pass::{IrPrinting, PassManager, PassRegistry, TimingReport};
use strata_ir::printer::print_op;
use strata_ir::{Context, Failure, OpId};

pub use crate::opt_options::Instrumentation;
use crate::opt_options::OptOptions;

/// The registry of every pass strata-opt knows.
pub fn registry() -> PassRegistry {
    let mut r = PassRegistry::new();
    strata_passes::register_all(&mut r);
    strata_lowering::legalize::register(&mut r);
    strata_lowering::fusion::register(&mut r);
    r
}

/// Whether `name` is a registered pass (usable as a flag).
pub fn is_pass(name: &str) -> bool {
    let r = registry();
    r.get(name).is_some() || r.pipeline(name).is_some()
}

/// The passes section of `--help`.
pub fn pass_list_help() -> String {
    let r = registry();
    let mut s = String::new();
    for p in r.passes() {
        s.push_str(&format!("  --{:<36} {}\n", p.name, p.description));
    }
    for p in r.pipelines() {
        s.push_str(&format!("  --{:<36} {}\n", p.name, p.description));
    }
    s
}

/// The textual pipeline strata-opt will run (`builtin.module(...)`).
pub fn pipeline_text(o: &OptOptions) -> String {
    if o.explicit_pipeline {
        o.pipeline[0].clone()
    } else {
        format!("builtin.module({})", o.pipeline.join(","))
    }
}

/// Parse the pipeline; the error is rendered like mlir-opt's.
pub fn build(o: &OptOptions) -> Result<PassManager, String> {
    let reg = registry();
    let text = pipeline_text(o);
    PassManager::parse(&text, &reg).map_err(|e| e.render())
}

/// `--dump-pass-pipeline`
pub fn describe_pipeline(o: &OptOptions) -> Result<String, String> {
    Ok(build(o)?.pm.to_string_pretty())
}

/// Run the configured pipeline on `module`. The timing report (`--mlir-timing`), if any, is
/// lent to the pass manager and handed back; statistics go to `err`.
pub fn run_pipeline(
    ctx: &mut Context,
    module: OpId,
    o: &OptOptions,
    timing: &mut Option<TimingReport>,
    err: &mut String,
) -> Result<(), Failure> {
    if o.pipeline.is_empty() {
        return Ok(());
    }
    let mut pm = match build(o) {
        Ok(pm) => pm,
        Err(e) => {
            err.push_str(&e);
            if !e.ends_with('\n') {
                err.push('\n');
            }
            return Err(Failure);
        }
    };
    pm.verify_each = o.verify_each;
    let ins = &o.instrumentation;
    if ins.before_all
        || ins.after_all
        || ins.after_change
        || ins.after_failure
        || !ins.before.is_empty()
        || !ins.after.is_empty()
    {
        let popts = o.print.clone();
        let mut p = IrPrinting::new(Box::new(move |ctx: &Context, op: OpId| print_op(ctx, op, &popts)));
        p.before_all = ins.before_all;
        // As in mlir-opt, --mlir-print-ir-after-change only filters the after-pass dumps that
        // --mlir-print-ir-after-all / --mlir-print-ir-after=<pass> ask for.
        p.after_all = ins.after_all;
        p.after_change = ins.after_change;
        p.after_failure = ins.after_failure;
        p.before = ins.before.clone();
        p.after = ins.after.clone();
        p.module_scope = ins.module_scope;
        pm.ir_printing = Some(p);
    }
    pm.timing = timing.take();
    let result = pm.run(ctx, module);
    *timing = pm.timing.take();
    if ins.statistics {
        err.push_str(&pm.statistics_report());
    }
    result.map_err(|_| Failure)
}
