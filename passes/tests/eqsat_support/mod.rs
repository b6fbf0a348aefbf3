//! Shared support of the eqsat tests: parse, run `stablehlo-eqsat`, run the interpreter,
//! compare results (bitwise; NaN positions equal).
#![allow(dead_code)]

use strata_interp::eval::Interpreter;
use strata_interp::value::{Data, Tensor, Value};
use strata_ir::parser::{parse_source, ParserConfig};
use strata_ir::pass::{PassManager, PassRegistry};
use strata_ir::{Context, OpId};

/// A context with every dialect.
pub fn context() -> Context {
    let mut ctx = Context::new();
    strata_dialects::register_all(&mut ctx);
    ctx
}

/// Parses and verifies `text`; `Err` with the rendered diagnostics.
pub fn parse(ctx: &mut Context, name: &str, text: &str) -> Result<OpId, String> {
    let config = ParserConfig::new(name);
    let m = parse_source(ctx, &config, text).map_err(|_| render(ctx))?;
    if ctx.has_errors() || strata_ir::verifier::verify(ctx, m).is_err() {
        return Err(render(ctx));
    }
    Ok(m)
}

/// The diagnostics so far, rendered.
pub fn render(ctx: &mut Context) -> String {
    let ds = ctx.take_diagnostics();
    ds.iter().map(|d| strata_ir::diagnostics::render(ctx, d)).collect::<Vec<_>>().join("")
}

fn registry() -> PassRegistry {
    let mut r = PassRegistry::new();
    strata_passes::register_all(&mut r);
    r
}

/// Runs `pipeline` (e.g. `builtin.module(stablehlo-eqsat)`) on `m`, verifying after it;
/// returns the statistics report.
pub fn run_pipeline(ctx: &mut Context, m: OpId, pipeline: &str) -> Result<String, String> {
    let mut pm = PassManager::parse(pipeline, &registry()).map_err(|e| e.render())?;
    match pm.run(ctx, m) {
        Ok(()) => Ok(pm.statistics_report()),
        Err(f) => Err(format!("{f}: {}", render(ctx))),
    }
}

/// The functions of a module.
pub fn functions(ctx: &Context, m: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    ctx.walk_pre(m, &mut |o| {
        if ctx.op_name_of(o) == "func.func" && !ctx.op_regions(o).is_empty() {
            out.push(o);
        }
    });
    out
}

/// A function's name.
pub fn func_name(ctx: &Context, f: OpId) -> String {
    strata_dialects::func::symbol_name(ctx, f).unwrap_or_default().to_string()
}

/// The outcome of running a module as strata-run does: `@main` with `args`, or every function
/// without arguments; per function its results (or error) and the number of failed checks.
#[derive(Debug)]
pub struct Outcome {
    /// Per function run: name, results or error, failed checks.
    pub runs: Vec<(String, Result<Vec<Value>, String>, usize)>,
}

impl Outcome {
    /// Whether every run succeeded and no check failed.
    pub fn passed(&self) -> bool {
        !self.runs.is_empty() && self.runs.iter().all(|(_, r, f)| r.is_ok() && *f == 0)
    }
}

/// Runs the entry function(s) of `m`.
pub fn run_module(ctx: &Context, m: OpId, args: Option<Vec<Value>>) -> Outcome {
    let funcs = functions(ctx, m);
    let main = funcs.iter().copied().find(|&f| func_name(ctx, f) == "main");
    let to_run: Vec<OpId> = match (main, &args) {
        (Some(f), _) => vec![f],
        (None, _) => funcs
            .iter()
            .copied()
            .filter(|&f| strata_dialects::func::function_type(ctx, f).is_some_and(|(i, _)| i.is_empty()))
            .collect(),
    };
    let mut runs = Vec::new();
    for f in to_run {
        let mut it = Interpreter::new();
        let a = if Some(f) == main { args.clone().unwrap_or_default() } else { vec![] };
        let r = it.eval_func(ctx, f, a).map_err(|e| e.to_string());
        runs.push((func_name(ctx, f), r, it.failures.len()));
    }
    Outcome { runs }
}

/// Whether two tensors are equal bit for bit, NaNs of any payload counting as equal.
pub fn same_tensor(a: &Tensor, b: &Tensor) -> bool {
    if a.element_type() != b.element_type() || a.shape() != b.shape() {
        return false;
    }
    match (a.data(), b.data()) {
        (Data::F32(x), Data::F32(y)) => {
            x.iter().zip(y).all(|(p, q)| p.to_bits() == q.to_bits() || (p.is_nan() && q.is_nan()))
        }
        (Data::F64(x), Data::F64(y)) => {
            x.iter().zip(y).all(|(p, q)| p.to_bits() == q.to_bits() || (p.is_nan() && q.is_nan()))
        }
        (Data::C64(x), Data::C64(y)) => x.iter().zip(y).all(|(p, q)| {
            (p.re.to_bits() == q.re.to_bits() || (p.re.is_nan() && q.re.is_nan()))
                && (p.im.to_bits() == q.im.to_bits() || (p.im.is_nan() && q.im.is_nan()))
        }),
        (Data::C128(x), Data::C128(y)) => x.iter().zip(y).all(|(p, q)| {
            (p.re.to_bits() == q.re.to_bits() || (p.re.is_nan() && q.re.is_nan()))
                && (p.im.to_bits() == q.im.to_bits() || (p.im.is_nan() && q.im.is_nan()))
        }),
        _ => a.bitwise_eq(b),
    }
}

/// [`same_tensor`] for values.
pub fn same_value(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Tensor(x), Value::Tensor(y)) => same_tensor(x, y),
        (Value::Tuple(x), Value::Tuple(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same_value(p, q)),
        (Value::Token, Value::Token) => true,
        _ => false,
    }
}

/// Compares two outcomes: `Err` describes the first difference.
pub fn same_outcome(a: &Outcome, b: &Outcome) -> Result<(), String> {
    if a.runs.len() != b.runs.len() {
        return Err(format!("{} vs {} functions run", a.runs.len(), b.runs.len()));
    }
    for ((n, ra, fa), (_, rb, fb)) in a.runs.iter().zip(&b.runs) {
        if fa != fb {
            return Err(format!("@{n}: {fa} vs {fb} failed checks"));
        }
        match (ra, rb) {
            (Ok(x), Ok(y)) => {
                if x.len() != y.len() {
                    return Err(format!("@{n}: {} vs {} results", x.len(), y.len()));
                }
                for (i, (p, q)) in x.iter().zip(y).enumerate() {
                    if !same_value(p, q) {
                        return Err(format!(
                            "@{n}: result {i} differs:\n  before: {}\n  after:  {}",
                            short(p),
                            short(q)
                        ));
                    }
                }
            }
            (Err(_), Err(_)) => {}
            (Ok(_), Err(e)) => return Err(format!("@{n}: fails after eqsat: {e}")),
            (Err(e), Ok(_)) => return Err(format!("@{n}: failed before eqsat only: {e}")),
        }
    }
    Ok(())
}

fn short(v: &Value) -> String {
    let mut s = v.to_interpreter_string();
    if s.len() > 400 {
        s.truncate(400);
        s.push_str(" ...");
    }
    s
}

/// Splits `// -----` chunks (as `--split-input-file`).
pub fn split_chunks(text: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    for line in text.lines() {
        if line.trim_start().starts_with("// -----") {
            out.push(String::new());
            continue;
        }
        let cur = out.last_mut().unwrap();
        cur.push_str(line);
        cur.push('\n');
    }
    out
}
