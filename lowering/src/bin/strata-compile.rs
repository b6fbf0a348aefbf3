//! `strata-compile`: ahead-of-time compilation (what tfcompile does for XLA).
//!
//! ```text
//! strata-compile FILE.mlir --entry main --name NAME -o NAME.o --header NAME.h
//!                [--emit=obj|llvm-ir|mlir-llvm|asm] [--target-cpu=host|x86-64-v3|znver4|...]
//!                [--O0..--O3] [--no-schedule] [--mlir-print-ir-after-all]
//! ```
//! For static shapes the header declares `int32_t NAME(const T *arg0, ..., T *res0, ...)` over
//! contiguous row-major buffers, returning 0; the object links with `cc main.c NAME.o -lm`.
//! Input with `stablehlo.*` ops goes through `strata_lowering::legalize_stablehlo_to_linalg`.

use std::process::ExitCode;

use strata_lowering::bridge::{c_header, compile_aot, AotOptions, Emit, Options};

const USAGE: &str =
    "OVERVIEW: Strata ahead-of-time compiler: linalg-on-tensors (or StableHLO) MLIR -> object + C header

USAGE: strata-compile <file.mlir> [options]

OPTIONS:
  --entry <name>            The function to compile (default: main)
  --name <symbol>           The C symbol of the generated function (default: the entry's name)
  -o <file>                 Output file (default: <name>.o, or stdout for text with -o -)
  --header <file.h>         Also write a C header declaring the function
  --emit=obj|llvm-ir|mlir-llvm|asm   What to write (default obj)
  --target-cpu=<cpu>        LLVM CPU: host (default: this machine's CPU and features), x86-64-v3, znver4, ...
  -O0 .. -O3                LLVM optimization level (default -O3)
  --no-schedule             Plain bufferize + scalar loops instead of the generated schedules
  --mlir-print-ir-after-all Print the IR after every MLIR pass and stage to stderr
  --print-plan              Print the schedule chosen for each linalg op
";

struct Args {
    input: String,
    out: Option<String>,
    header: Option<String>,
    aot: AotOptions,
    print_plan: bool,
}

fn parse(raw: &[String]) -> Result<Option<Args>, String> {
    let mut input = None;
    let mut out = None;
    let mut header = None;
    let mut entry = "main".to_string();
    let mut name = None;
    let mut emit = Emit::Obj;
    let mut cpu = "host".to_string();
    let mut options = Options::default();
    let mut print_plan = false;
    let mut i = 0;
    while i < raw.len() {
        let a = raw[i].as_str();
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) if f.starts_with('-') => (f, Some(v.to_string())),
            _ => (a, None),
        };
        let mut value = || -> Result<String, String> {
            if let Some(v) = inline.clone() {
                return Ok(v);
            }
            i += 1;
            raw.get(i).cloned().ok_or_else(|| format!("{flag} expects a value"))
        };
        match flag.trim_start_matches('-') {
            "h" | "help" => return Ok(None),
            "entry" => entry = value()?.trim_start_matches('@').to_string(),
            "name" => name = Some(value()?),
            "o" => out = Some(value()?),
            "header" => header = Some(value()?),
            "emit" => {
                emit = match value()?.as_str() {
                    "obj" => Emit::Obj,
                    "llvm-ir" => Emit::LlvmIr,
                    "mlir-llvm" => Emit::MlirLlvm,
                    "asm" => Emit::Asm,
                    v => return Err(format!("--emit expects obj, llvm-ir, mlir-llvm or asm, got '{v}'")),
                }
            }
            "target-cpu" | "mcpu" => cpu = value()?,
            "O0" => options.opt_level = 0,
            "O1" => options.opt_level = 1,
            "O2" => options.opt_level = 2,
            "O3" => options.opt_level = 3,
            "no-schedule" => options.schedule = false,
            "mlir-print-ir-after-all" => options.print_ir_after_all = true,
            "print-plan" => print_plan = true,
            _ if a.starts_with('-') && a != "-" => {
                return Err(format!("unknown option '{a}'; try 'strata-compile --help'"))
            }
            _ => {
                if input.replace(a.to_string()).is_some() {
                    return Err("expected one input file".into());
                }
            }
        }
        i += 1;
    }
    let input = input.ok_or("no input file; try 'strata-compile --help'")?;
    let name = name.unwrap_or_else(|| entry.clone());
    Ok(Some(Args { input, out, header, aot: AotOptions { entry, name, emit, target_cpu: cpu, options }, print_plan }))
}

fn run(a: &Args) -> Result<(), String> {
    let text = if a.input == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).map_err(|e| format!("cannot read stdin: {e}"))?;
        s
    } else {
        std::fs::read_to_string(&a.input).map_err(|e| format!("cannot read '{}': {e}", a.input))?
    };
    let text = if strata_lowering::legalize::needs_legalization(&text) {
        let file = if a.input == "-" { "<stdin>" } else { a.input.as_str() };
        strata_lowering::legalize::legalize_text(&text, file, &Default::default()).map_err(|e| e.to_string())?
    } else {
        text
    };
    let art = compile_aot(&text, &a.aot).map_err(|e| e.to_string())?;
    if let Some(f) = &art.report.fallback {
        eprintln!("strata-compile: note: the generated schedule failed, compiled with scalar loops instead: {f}");
    }
    if a.print_plan {
        for p in &art.report.plans {
            eprintln!("{p}");
        }
    }
    let default_out = match a.aot.emit {
        Emit::Obj => format!("{}.o", a.aot.name),
        Emit::LlvmIr => format!("{}.ll", a.aot.name),
        Emit::MlirLlvm => format!("{}.llvm.mlir", a.aot.name),
        Emit::Asm => format!("{}.s", a.aot.name),
    };
    let out = a.out.clone().unwrap_or(default_out);
    if out == "-" {
        std::io::Write::write_all(&mut std::io::stdout(), &art.bytes)
            .map_err(|e| format!("cannot write stdout: {e}"))?;
    } else {
        std::fs::write(&out, &art.bytes).map_err(|e| format!("cannot write '{out}': {e}"))?;
    }
    if let Some(h) = &a.header {
        std::fs::write(h, c_header(&a.aot.name, &art.sig, &a.input)).map_err(|e| format!("cannot write '{h}': {e}"))?;
    }
    Ok(())
}

fn main() -> ExitCode {
    let raw: Vec<String> = std::env::args().skip(1).collect();
    let args = match parse(&raw) {
        Ok(Some(a)) => a,
        Ok(None) => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("strata-compile: error: {e}");
            return ExitCode::FAILURE;
        }
    };
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("strata-compile: error: {e}");
            ExitCode::FAILURE
        }
    }
}
