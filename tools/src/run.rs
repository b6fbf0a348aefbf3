//! `strata-run`: runs StableHLO programs on the reference interpreter.
//!
//! ```text
//! strata-run [--interpret] FILE [--split-input-file] [--entry NAME]
//!            [--args '[dense<...> : tensor<...>, ...]'] [--inputs a.npy,b.npy]
//!            [--output-dir DIR] [--bench N] [--allow-unregistered-dialect]
//! ```
//!
//! - The entry is `@main` (or `--entry NAME`); in a file (or a `// -----` chunk) without
//!   one, every `func.func` that takes no arguments runs, in order — the habit of
//!   StableHLO's `stablehlo-translate --interpret` test files.
//! - Results print one per line in MLIR dense syntax (`dense<[1, 2]> : tensor<2xi32>`),
//!   or in the StableHLO interpreter's layout with `--print-format=interpreter`; with
//!   `--output-dir` they are written as `out0.npy`, `out1.npy`, … (and not printed unless
//!   `--print-results`).
//! - Every failed check (`check.expect_*`, `stablehlo.custom_call @check.*`) is reported
//!   with its location and the expected and actual values; any failure, error or
//!   unsupported op gives exit status 1. Bad input is an error message, never a panic.
//! - `--bench N`: one warm-up run, then N timed runs, each printed as
//!   `exec_seconds: <t>` (the `--peer-cmd` protocol of `../shared/bench/run_peers.py`).
//! - `--jit`: the same, compiled through the MLIR bridge (`strata_lowering::backend::Jit`: checks
//!   become extra results evaluated on the host); linalg-level chunks go to `run_jit.rs`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use strata_interp::backend::{Backend, InterpreterBackend, Prepared};
use strata_interp::eval::{tensor_from_dense_attr, tensor_type_parts};
use strata_interp::value::{npy, Tensor, Value};
use strata_interp::InterpError;
use strata_ir::diagnostics::render;
use strata_ir::parser::{parse_attr_str, parse_source, ParserConfig};
use strata_ir::printer::type_to_string;
use strata_ir::{AttrKind, Context, Diagnostic, OpId, Severity};

use crate::cli::{bool_value, parse_args, Arg};
pub use crate::run_options::{ChunkSummary, PrintFormat, RunOptions};
use crate::split::split;

/// Parses a size: `1000000`, `512K`, `64M`, `8G`, `1T` (binary multiples, an optional `B`/`iB`).
pub fn parse_size(v: &str) -> Result<u64, String> {
    let t = v.trim();
    let lower = t.to_ascii_lowercase();
    let body = lower.trim_end_matches("ib").trim_end_matches('b');
    let (num, mul) = match body.chars().last() {
        Some('k') => (&body[..body.len() - 1], 1u64 << 10),
        Some('m') => (&body[..body.len() - 1], 1 << 20),
        Some('g') => (&body[..body.len() - 1], 1 << 30),
        Some('t') => (&body[..body.len() - 1], 1 << 40),
        _ => (body, 1),
    };
    let n: f64 =
        num.trim().parse().map_err(|_| format!("--max-memory expects a size (like 8G or 1000000), got '{v}'"))?;
    if !(n.is_finite() && n > 0.0) {
        return Err(format!("--max-memory expects a positive size, got '{v}'"));
    }
    Ok((n * mul as f64).min(u64::MAX as f64) as u64)
}

const VALUE_OPTS: &[&str] =
    &["entry", "args", "inputs", "output-dir", "bench", "print-format", "max-memory", "probe-output-dir"];

fn usage() -> &'static str {
    "OVERVIEW: Strata runner: executes StableHLO programs on the reference interpreter\n\n\
USAGE: strata-run [--interpret] <file> [options]\n\n\
OPTIONS:\n\
  --interpret                     Run on the reference interpreter (the default)\n\
  --jit                           Compile through MLIR/LLVM and run native code (same output;\n\
                                  checks evaluated on the host as the interpreter does)\n\
  --mlir-print-ir-after-all       With --jit: print the IR after every MLIR pass and stage\n\
  --split-input-file[=<marker>]   Split the input at '// -----' and run each chunk\n\
  --entry <name>                  The function to run (default: @main; without one, every\n\
                                  function that takes no arguments)\n\
  --args '[dense<..> : tensor<..>, ..]'  Arguments as MLIR dense attributes\n\
  --inputs a.npy,b.npy            Arguments from .npy files\n\
  --output-dir <dir>              Write results as out0.npy, out1.npy, ...\n\
  --bench <n>                     Time n executions after one warm-up: 'exec_seconds: <t>' lines\n\
  --print-format=dense|interpreter  How results print (default dense)\n\
  --interpreter-print-dense       Same as --print-format=dense\n\
  --print-results[=bool]          Print results (default: unless --output-dir or --bench)\n\
  --allow-unregistered-dialect    Accept operations of unregistered dialects\n\
  --probe-output-dir <dir>        Write interpreter.probe values there (probeN.npy, index.csv)\n\
  --max-memory <size>             Largest value the interpreter may create (8G, 512M, bytes;\n\
                                  default: the machine's available memory)\n"
}

/// Parses strata-run's command line; `Ok(None)`: nothing left to do (help).
pub fn parse_options(raw: &[String], out: &mut dyn Write) -> Result<Option<RunOptions>, String> {
    let args = parse_args(raw, VALUE_OPTS)?;
    let mut o = RunOptions { input: "-".into(), ..Default::default() };
    let mut positional = Vec::new();
    for a in args {
        match a {
            Arg::Positional(p) => positional.push(p),
            Arg::Flag { name, value } => match name.as_str() {
                "h" | "help" => {
                    let _ = out.write_all(usage().as_bytes());
                    return Ok(None);
                }
                "interpret" => o.jit = false,
                "jit" => o.jit = true,
                "mlir-print-ir-after-all" => o.mlir_print_ir_after_all = bool_value(&name, &value)?,
                "split-input-file" => {
                    o.split_marker = Some(match value {
                        Some(v) if !v.is_empty() && v != "true" => v,
                        _ => "// -----".to_string(),
                    })
                }
                "entry" => o.entry = Some(value.unwrap_or_default().trim_start_matches('@').to_string()),
                "args" => o.args = value,
                "inputs" => {
                    o.inputs =
                        value.unwrap_or_default().split(',').filter(|s| !s.is_empty()).map(String::from).collect()
                }
                "output-dir" => o.output_dir = value,
                "max-memory" => o.max_memory = Some(parse_size(&value.unwrap_or_default())?),
                "probe-output-dir" => o.probe_output_dir = value,
                "bench" => {
                    let v = value.unwrap_or_default();
                    o.bench = Some(v.parse().map_err(|_| format!("--bench expects a count, got '{v}'"))?);
                }
                "print-format" => {
                    o.format = match value.as_deref() {
                        Some("dense") => PrintFormat::Dense,
                        Some("interpreter") => PrintFormat::Interpreter,
                        v => {
                            return Err(format!(
                                "--print-format expects dense or interpreter, got '{}'",
                                v.unwrap_or("")
                            ))
                        }
                    }
                }
                "interpreter-print-dense" => o.format = PrintFormat::Dense,
                "print-results" => o.print_results = Some(bool_value(&name, &value)?),
                "allow-unregistered-dialect" => o.allow_unregistered = bool_value(&name, &value)?,
                _ => return Err(format!("unknown option '--{name}'; try 'strata-run --help'")),
            },
        }
    }
    if positional.len() > 1 {
        return Err(format!("expected one input file, got {}", positional.len()));
    }
    if let Some(p) = positional.pop() {
        o.input = p;
    }
    if o.args.is_some() && !o.inputs.is_empty() {
        return Err("--args and --inputs cannot be combined".into());
    }
    Ok(Some(o))
}

/// Output sinks of a run.
struct Sink<'a> {
    out: &'a mut dyn Write,
    err: &'a mut dyn Write,
}

fn located(ctx: &Context, op: Option<OpId>, msg: &str) -> String {
    match op {
        Some(op) => render(ctx, &Diagnostic::new(Severity::Error, ctx.op(op).loc(), msg)),
        // already rendered diagnostics (`file:line:col: error: ...`, e.g. of the legalization)
        None if msg.lines().next().is_some_and(|l| l.contains(": error: ")) => format!("{msg}\n"),
        None => format!("error: {msg}\n"),
    }
}

fn error_message(e: &InterpError) -> String {
    match e {
        InterpError::Unsupported(m) => m.clone(),
        e => e.to_string(),
    }
}

/// Every `func.func` of a module, in order, looking into nested `builtin.module`s.
fn functions(ctx: &Context, module: OpId, out: &mut Vec<OpId>) {
    for &r in ctx.op_regions(module) {
        for &b in ctx.region_blocks(r) {
            for op in ctx.block_ops(b) {
                match ctx.op_name_of(op) {
                    "func.func" => out.push(op),
                    "builtin.module" => functions(ctx, op, out),
                    _ => {}
                }
            }
        }
    }
}

fn func_name(ctx: &Context, f: OpId) -> String {
    strata_dialects::func::symbol_name(ctx, f).unwrap_or("?").to_string()
}

/// Reads the entry function's arguments from `--args` or `--inputs`, checking their
/// types against the signature.
fn load_args(ctx: &mut Context, o: &RunOptions, f: OpId) -> Result<Vec<Value>, String> {
    let name = func_name(ctx, f);
    let (inputs, _) = strata_dialects::func::function_type(ctx, f).unwrap_or_default();
    let mut vals: Vec<(Value, String)> = Vec::new();
    if let Some(text) = &o.args {
        let a = parse_attr_str(ctx, text).map_err(|_| {
            let d = ctx.take_diagnostics();
            format!(
                "cannot parse --args: {}",
                d.first().map_or("malformed attribute".to_string(), |d| d.message.clone())
            )
        })?;
        let elems = match ctx.attr_kind(a) {
            AttrKind::Array(xs) => xs.clone(),
            _ => vec![a],
        };
        for (i, e) in elems.into_iter().enumerate() {
            let t = tensor_from_dense_attr(ctx, e)
                .map_err(|err| format!("--args element #{i}: {}", error_message(&err)))?;
            vals.push((t.into(), "--args".into()));
        }
    } else {
        for p in &o.inputs {
            let i = vals.len();
            let want = inputs.get(i).and_then(|&t| tensor_type_parts(ctx, t)).map(|(_, e)| e);
            let t = npy::read_npy_file(Path::new(p), want).map_err(|e| format!("cannot read '{p}': {e}"))?;
            vals.push((t.into(), p.clone()));
        }
    }
    if vals.len() != inputs.len() {
        let hint = if vals.is_empty() { "; pass them with --inputs a.npy,... or --args '[...]'" } else { "" };
        return Err(format!("@{name} takes {} argument(s), got {}{hint}", inputs.len(), vals.len()));
    }
    let mut out = Vec::with_capacity(vals.len());
    for (i, ((v, from), &ty)) in vals.into_iter().zip(&inputs).enumerate() {
        let want = type_to_string(ctx, ty);
        let got = v.type_string();
        let ok = match (tensor_type_parts(ctx, ty), v.as_tensor()) {
            (Some((shape, e)), Some(t)) => t.shape() == shape.as_slice() && t.element_type() == e,
            _ => false,
        };
        if !ok {
            return Err(format!("argument #{i} of @{name} expects {want}, got {got} from {from}"));
        }
        out.push(v);
    }
    Ok(out)
}

fn write_results(dir: &str, vals: &[Value]) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create output directory '{dir}': {e}"))?;
    for (i, v) in vals.iter().enumerate() {
        let t = match v {
            Value::Tensor(t) => t,
            other => return Err(format!("result #{i} is a {}, which .npy cannot hold", other.type_string())),
        };
        let path: PathBuf = Path::new(dir).join(format!("out{i}.npy"));
        npy::write_npy_file(&path, t).map_err(|e| format!("cannot write '{}': {e}", path.display()))?;
    }
    Ok(())
}

/// Writes the probed values as stablehlo-translate's `--probe-output-dir` does: one
/// `probe<N>.npy` per executed probe (N from 1, in execution order) and an `index.csv` line
/// `probe_id,type,path` for each, appended.
fn write_probes(dir: &str, probes: &[(String, Tensor)]) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create probe output directory '{dir}': {e}"))?;
    let index = Path::new(dir).join("index.csv");
    let mut csv = String::new();
    let start = std::fs::read_to_string(&index).map_or(0, |s| s.lines().count());
    for (k, (id, t)) in probes.iter().enumerate() {
        let path: PathBuf = Path::new(dir).join(format!("probe{}.npy", start + k + 1));
        npy::write_npy_file(&path, t).map_err(|e| format!("cannot write '{}': {e}", path.display()))?;
        csv.push_str(&format!("{id},{},{}\n", Value::Tensor(t.clone()).type_string(), path.display()));
    }
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&index)
        .map_err(|e| format!("cannot write '{}': {e}", index.display()))?;
    f.write_all(csv.as_bytes()).map_err(|e| format!("cannot write '{}': {e}", index.display()))
}

fn format_value(v: &Value, f: PrintFormat) -> String {
    match f {
        PrintFormat::Dense => v.to_string(),
        PrintFormat::Interpreter => v.to_interpreter_string(),
    }
}

/// Runs function `i` of `prepared` (`f`): evaluation, prints, failures, results, `--bench`.
/// Returns (ok, failed checks).
fn run_function(
    ctx: &Context,
    o: &RunOptions,
    prepared: &mut dyn Prepared,
    i: usize,
    f: OpId,
    args: Vec<Value>,
    sink: &mut Sink<'_>,
) -> (bool, usize) {
    let name = func_name(ctx, f);
    let print_results = o.print_results.unwrap_or(o.output_dir.is_none() && o.bench.is_none());
    let bench_args = o.bench.filter(|&n| n > 0).map(|_| args.clone());
    let r = prepared.run(i, args);
    for p in &r.prints {
        let _ = writeln!(sink.out, "{p}");
    }
    for (k, vals) in r.outfeed.iter().enumerate() {
        for v in vals {
            let _ = writeln!(sink.out, "outfeed #{k}: {}", Value::Tensor(v.clone()));
        }
    }
    let mut probes_ok = true;
    if let Some(dir) = &o.probe_output_dir {
        if let Err(e) = write_probes(dir, &r.probes) {
            let _ = writeln!(sink.err, "error: {e}");
            probes_ok = false;
        }
    }
    let failures = r.failures.len();
    for c in &r.failures {
        let _ = sink.err.write_all(located(ctx, Some(c.op), &c.message).as_bytes());
    }
    let vals = match r.results {
        Ok(v) => v,
        Err(e) => {
            let _ = sink.err.write_all(located(ctx, e.op, &e.message).as_bytes());
            let _ = writeln!(sink.err, "strata-run: evaluation of @{name} failed");
            return (false, failures);
        }
    };
    if !probes_ok {
        return (false, failures);
    }
    if print_results {
        for v in &vals {
            let _ = writeln!(sink.out, "{}", format_value(v, o.format));
        }
    }
    let mut ok = true;
    if let Some(dir) = &o.output_dir {
        if let Err(e) = write_results(dir, &vals) {
            let _ = writeln!(sink.err, "error: {e}");
            ok = false;
        }
    }
    drop(vals);
    if let (Some(n), Some(args)) = (o.bench, bench_args) {
        // One warm-up, then n timed executions; argument copies are made outside the timer.
        for k in 0..=n {
            match prepared.time(i, &args) {
                Ok(dt) if k > 0 => {
                    let _ = writeln!(sink.out, "exec_seconds: {dt:.9}");
                }
                Ok(_) => {}
                Err(e) => {
                    let _ = sink.err.write_all(located(ctx, e.op, &e.message).as_bytes());
                    return (false, failures);
                }
            }
        }
    }
    (ok && failures == 0, failures)
}

fn run_chunk(
    o: &RunOptions,
    file: &str,
    full: &strata_ir::SourceText,
    text: &str,
    line_offset: u32,
    sink: &mut Sink<'_>,
) -> ChunkSummary {
    let start = Instant::now();
    if o.jit && crate::run_jit::is_linalg_level(text) {
        return crate::run_jit::run_linalg_chunk(o, text, sink.out, sink.err);
    }
    let mut sum = ChunkSummary::default();
    let mut ctx = crate::chunk_context(file, full, o.allow_unregistered);
    let config = ParserConfig { file_name: file.to_string(), line_offset, ..Default::default() };
    let module = match parse_source(&mut ctx, &config, text) {
        Ok(m) if !ctx.has_errors() => m,
        _ => {
            for d in ctx.take_diagnostics() {
                let _ = sink.err.write_all(render(&ctx, &d).as_bytes());
            }
            sum.error = true;
            return sum;
        }
    };
    run_module(o, file, ctx, module, start, sink)
}

/// Verify a parsed (or read) module and run its entry function(s).
fn run_module(
    o: &RunOptions,
    file: &str,
    mut ctx: strata_ir::Context,
    module: OpId,
    start: Instant,
    sink: &mut Sink<'_>,
) -> ChunkSummary {
    let mut sum = ChunkSummary::default();
    if strata_ir::verifier::verify(&mut ctx, module).is_err() || ctx.has_errors() {
        for d in ctx.take_diagnostics() {
            let _ = sink.err.write_all(render(&ctx, &d).as_bytes());
        }
        sum.error = true;
        return sum;
    }
    let mut funcs = Vec::new();
    functions(&ctx, module, &mut funcs);
    let wanted = o.entry.clone().unwrap_or_else(|| "main".into());
    let entry = funcs.iter().copied().find(|&f| func_name(&ctx, f) == wanted);
    let to_run: Vec<OpId> = match entry {
        Some(f) => vec![f],
        None if o.entry.is_some() => {
            let _ = writeln!(sink.err, "error: no function @{wanted} in {file}");
            sum.error = true;
            return sum;
        }
        None => funcs
            .iter()
            .copied()
            .filter(|&f| {
                !ctx.op_regions(f).is_empty()
                    && strata_dialects::func::function_type(&ctx, f).is_some_and(|(i, _)| i.is_empty())
            })
            .collect(),
    };
    if to_run.is_empty() {
        let _ = writeln!(sink.err, "error: nothing to run: no @main and no function without arguments");
        sum.error = true;
        return sum;
    }
    let mut all_args = Vec::with_capacity(to_run.len());
    for &f in &to_run {
        if entry == Some(f) {
            match load_args(&mut ctx, o, f) {
                Ok(a) => all_args.push(a),
                Err(e) => {
                    let _ = writeln!(sink.err, "error: {e}");
                    sum.error = true;
                    return sum;
                }
            }
        } else {
            all_args.push(vec![]);
        }
    }
    let jit;
    let backend: &dyn Backend = if o.jit {
        jit = strata_lowering::backend::Jit {
            options: strata_lowering::Options { print_ir_after_all: o.mlir_print_ir_after_all, ..Default::default() },
            reuse_outputs: std::env::var("STRATA_BENCH_REUSE_OUTPUTS").is_ok_and(|v| v == "1"),
        };
        &jit
    } else {
        &InterpreterBackend
    };
    let mut prepared = match backend.prepare(&ctx, module, &to_run) {
        Ok(p) => p,
        Err(e) => {
            let _ = sink.err.write_all(located(&ctx, e.op, &e.message).as_bytes());
            sum.error = true;
            return sum;
        }
    };
    if o.jit && o.bench.is_some() {
        let _ = writeln!(sink.err, "compile_seconds: {:.6}", start.elapsed().as_secs_f64());
    }
    for (i, (f, args)) in to_run.iter().copied().zip(all_args).enumerate() {
        sum.funcs += 1;
        let (ok, failed) = run_function(&ctx, o, prepared.as_mut(), i, f, args, sink);
        sum.failed_checks += failed;
        if !ok && failed == 0 {
            sum.error = true;
        }
    }
    sum
}

/// Runs strata-run on a parsed option set, writing to the given sinks; returns the
/// per-chunk summaries (one when not splitting) or an error for unreadable input.
pub fn run(o: &RunOptions, out: &mut dyn Write, err: &mut dyn Write) -> Result<Vec<ChunkSummary>, String> {
    strata_interp::limits::set_max_memory(o.max_memory.unwrap_or(0));
    let (file, full) = match crate::input::read_source(&o.input)? {
        crate::input::Source::Text { file, text } => (file, text),
        crate::input::Source::Bytecode { file, data } => {
            let mut sink = Sink { out, err };
            let mut ctx = crate::input::bytecode_context(o.allow_unregistered);
            // Any VHLO (a portable artifact, or VHLO bytecode of strata-opt) runs as StableHLO.
            let module = match crate::input::load_bytecode(&mut ctx, &file, &data)
                .and_then(|m| crate::input::vhlo_to_stablehlo(&mut ctx, m))
            {
                Ok(m) => m,
                Err(e) => {
                    let _ = sink.err.write_all(e.as_bytes());
                    return Ok(vec![ChunkSummary { error: true, ..Default::default() }]);
                }
            };
            return Ok(vec![run_module(o, &file, ctx, module, Instant::now(), &mut sink)]);
        }
    };
    let marker = o.split_marker.clone().unwrap_or_default();
    let chunks = split(&full, &marker, o.split_marker.is_some());
    let mut sums = Vec::new();
    let mut sink = Sink { out, err };
    for (i, c) in chunks.iter().enumerate() {
        let s = run_chunk(o, &file, &full, c.text, c.line_offset, &mut sink);
        if o.split_marker.is_some() {
            let status = if s.error {
                "ERROR".to_string()
            } else if s.failed_checks > 0 {
                format!("FAILED ({} failed check(s))", s.failed_checks)
            } else {
                "PASSED".to_string()
            };
            let _ = sink.out.flush();
            let _ = writeln!(
                sink.err,
                "strata-run: chunk {} ({file}:{}): {} function(s) run: {status}",
                i + 1,
                c.line_offset + 1,
                s.funcs
            );
        }
        sums.push(s);
    }
    if o.split_marker.is_some() {
        let passed = sums.iter().filter(|s| s.passed()).count();
        let _ = writeln!(sink.err, "strata-run: {passed} of {} chunk(s) passed", sums.len());
    }
    Ok(sums)
}

/// Runs strata-run with arguments (without the program name); returns the exit code.
pub fn main_with_args(raw: &[String]) -> i32 {
    let stdout = std::io::stdout();
    let mut so = std::io::BufWriter::new(stdout.lock());
    let o = match parse_options(raw, &mut so) {
        Ok(Some(o)) => o,
        Ok(None) => return 0,
        Err(e) => {
            eprintln!("strata-run: error: {e}");
            return 1;
        }
    };
    let stderr = std::io::stderr();
    let mut se = stderr.lock();
    if o.jit && !strata_lowering::bridge::MLIR_BUILT {
        eprintln!("strata-run: error: --jit: {}", strata_lowering::BridgeError::NotBuilt);
        return 1;
    }
    let r = run(&o, &mut so, &mut se);
    let _ = so.flush();
    match r {
        Ok(sums) if sums.iter().all(ChunkSummary::passed) => 0,
        Ok(_) => 1,
        Err(e) => {
            eprintln!("strata-run: error: {e}");
            1
        }
    }
}
