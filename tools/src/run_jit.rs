//! `strata-run --jit`: compiles the module through the MLIR bridge (strata-lowering) and runs
//! the entry as native code, with the interpreter's command line: `--inputs`/`--args`,
//! `--output-dir`, `--bench N` (`exec_seconds:` lines for bench/run_peers.py), result printing.
//!
//! This file runs chunks at the linalg-on-tensors level (compiled as MLIR text as they are);
//! chunks with StableHLO, CHLO or check ops are parsed by Strata and run by `run.rs` through
//! the JIT backend (`strata_lowering::backend::Jit`: legalization, checks on the host), the
//! same code path as `--interpret`.
//! `--mlir-print-ir-after-all` dumps every MLIR stage to stderr.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use strata_ir::parser::parse_attr_str;
use strata_ir::AttrKind;
use strata_lowering::bridge::EntrySig;
use strata_lowering::tensors::OutputBuf;
use strata_lowering::{compile, Options};
use strata_reference::convert::tensor_from_dense_attr;
use strata_reference::value::{npy, Tensor, Value};

use crate::run_options::{ChunkSummary, PrintFormat, RunOptions};

fn load_args(o: &RunOptions, sig: &EntrySig) -> Result<Vec<Tensor>, String> {
    let mut vals = Vec::new();
    if let Some(text) = &o.args {
        let mut ctx = strata_ir::Context::new();
        strata_dialects::register_all(&mut ctx);
        let a = parse_attr_str(&mut ctx, text).map_err(|_| {
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
            vals.push(tensor_from_dense_attr(&ctx, e).map_err(|err| format!("--args element #{i}: {err}"))?);
        }
    } else {
        for (i, p) in o.inputs.iter().enumerate() {
            let want = sig.inputs.get(i).map(|t| t.elem.element_type());
            vals.push(npy::read_npy_file(Path::new(p), want).map_err(|e| format!("cannot read '{p}': {e}"))?);
        }
    }
    if vals.len() != sig.inputs.len() {
        let hint = if vals.is_empty() { "; pass them with --inputs a.npy,... or --args '[...]'" } else { "" };
        return Err(format!("@{} takes {} argument(s), got {}{hint}", sig.name, sig.inputs.len(), vals.len()));
    }
    Ok(vals)
}

/// Whether a chunk is at the linalg-on-tensors level: no StableHLO, CHLO, check or interpreter
/// ops (code, not comments). Such chunks go to the bridge as text (MLIR parses them); the others
/// are parsed by Strata and run through `strata_lowering::backend::Jit`.
pub fn is_linalg_level(text: &str) -> bool {
    !strata_lowering::legalize::needs_legalization(text)
        && !text.lines().any(|l| {
            let code = l.split("//").next().unwrap_or("");
            code.contains("check.") || code.contains("interpreter.")
        })
}

/// Runs one linalg-level chunk under `--jit`: compile, load the arguments, run the entry,
/// print or write the results, `--bench N`.
pub fn run_linalg_chunk(o: &RunOptions, text: &str, out: &mut dyn Write, err: &mut dyn Write) -> ChunkSummary {
    match run_linalg_inner(o, text, out, err) {
        Ok(()) => ChunkSummary { funcs: 1, ..Default::default() },
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            ChunkSummary { error: true, ..Default::default() }
        }
    }
}

fn run_linalg_inner(o: &RunOptions, text: &str, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), String> {
    let opts = Options { print_ir_after_all: o.mlir_print_ir_after_all, ..Options::default() };
    let t = Instant::now();
    let module = compile(text, &opts).map_err(|e| e.to_string())?;
    let compile_s = t.elapsed().as_secs_f64();
    if let Some(f) = &module.report().fallback {
        let _ =
            writeln!(err, "strata-run: note: the generated schedule failed, compiled with scalar loops instead: {f}");
    }
    if o.mlir_print_ir_after_all {
        let _ =
            writeln!(err, "strata-run: compiled in {compile_s:.3} s; plans:\n  {}", module.report().plans.join("\n  "));
    }
    if o.bench.is_some() {
        let _ = writeln!(err, "compile_seconds: {compile_s:.6}");
    }
    let entry = o.entry.clone().unwrap_or_else(|| "main".into());
    let sig = module.signature(&entry).cloned().ok_or_else(|| {
        format!("no callable function @{entry} (public, statically shaped tensor arguments and results)")
    })?;
    let args = load_args(o, &sig)?;
    let results = module.invoke(&entry, &args).map_err(|e| e.to_string())?;
    let print_results = o.print_results.unwrap_or(o.output_dir.is_none() && o.bench.is_none());
    if print_results {
        for r in &results {
            let v = Value::from(r.clone());
            let _ = writeln!(
                out,
                "{}",
                if o.format == PrintFormat::Interpreter { v.to_interpreter_string() } else { v.to_string() }
            );
        }
    }
    if let Some(dir) = &o.output_dir {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create output directory '{dir}': {e}"))?;
        for (i, t) in results.iter().enumerate() {
            let path = Path::new(dir).join(format!("out{i}.npy"));
            npy::write_npy_file(&path, t).map_err(|e| format!("cannot write '{}': {e}", path.display()))?;
        }
    }
    drop(results);
    if let Some(n) = o.bench.filter(|&n| n > 0) {
        // warm-up, then n timed calls. By default each call allocates its results (as XLA's
        // execute does); STRATA_BENCH_REUSE_OUTPUTS=1 passes the same caller-owned output
        // buffers every time (destination-passing style, no allocation or page faults).
        let reuse = std::env::var("STRATA_BENCH_REUSE_OUTPUTS").is_ok_and(|v| v == "1");
        let mut outs: Vec<OutputBuf> = sig.outputs.iter().map(OutputBuf::new).collect();
        module.invoke(&entry, &args).map_err(|e| e.to_string())?;
        module.invoke_into(&entry, &args, &mut outs).map_err(|e| e.to_string())?;
        for _ in 0..n {
            let t = Instant::now();
            let mut fresh = None;
            if reuse {
                module.invoke_into(&entry, &args, &mut outs).map_err(|e| e.to_string())?;
            } else {
                fresh = Some(module.invoke(&entry, &args).map_err(|e| e.to_string())?);
            }
            let dt = t.elapsed().as_secs_f64();
            drop(fresh);
            let _ = writeln!(out, "exec_seconds: {dt:.9}");
        }
    }
    Ok(())
}
