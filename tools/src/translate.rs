//! `strata-translate`: StableHLO portable artifacts, with stablehlo-translate's flags.
//!
//! - `--serialize [--target=current|minimum|X.Y.Z] FILE [-o OUT]`: StableHLO (text or bytecode)
//!   to a portable artifact (VHLO at the target version, MLIR bytecode).
//! - `--deserialize FILE [-o OUT]`: a portable artifact back to StableHLO text.
//! - `--version`: Strata's current and minimum supported StableHLO versions.

use std::io::Write;

use strata_dialects::vhlo::{self, CURRENT_VERSION, MINIMUM_VERSION};
use strata_ir::parser::{parse_source, ParserConfig};
use strata_ir::printer::PrintOptions;

use crate::cli::{bool_value, parse_args, Arg};
use crate::input::{read_source, Source};

const HELP: &str = "OVERVIEW: Strata's StableHLO translation tool (stablehlo-translate's flags)

USAGE: strata-translate [options] <input file>

OPTIONS:
  --serialize                       Serialize StableHLO to a portable artifact (VHLO bytecode)
  --deserialize                     Deserialize a portable artifact to StableHLO
  --target=<version>                Target version of --serialize: current, minimum or #.#.# (default current)
  -o <filename>                     Output file (default stdout)
  --allow-unregistered-dialect      Allow operations of unregistered dialects
  --mlir-print-op-generic           Print the deserialized module in generic form
  --mlir-print-debuginfo            Print locations
  --version                         Print the current and minimum supported StableHLO versions
  --help                            This text
";

/// The `--version` text.
pub fn version_text() -> String {
    format!(
        "strata-translate {} (StableHLO portable artifacts)\n  current version: {CURRENT_VERSION}\n  minimum version: {MINIMUM_VERSION}\n",
        env!("CARGO_PKG_VERSION")
    )
}

/// Run with arguments; returns the exit code.
pub fn main_with_args(raw: &[String]) -> i32 {
    let args = match parse_args(raw, &["o", "target"]) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("strata-translate: {e}");
            return 1;
        }
    };
    let (mut ser, mut de) = (false, false);
    let mut target = "current".to_string();
    let mut output = "-".to_string();
    let mut input: Option<String> = None;
    let mut allow_unregistered = false;
    let mut print = PrintOptions::default();
    for a in args {
        match a {
            Arg::Positional(p) => {
                if input.replace(p).is_some() {
                    eprintln!("strata-translate: only one input file is allowed");
                    return 1;
                }
            }
            Arg::Flag { name, value } => {
                let b = |v: &Option<String>| bool_value(&name, v);
                let r: Result<(), String> = match name.as_str() {
                    "serialize" => b(&value).map(|x| ser = x),
                    "deserialize" => b(&value).map(|x| de = x),
                    "target" => {
                        target = value.clone().unwrap_or_default();
                        Ok(())
                    }
                    "o" => {
                        output = value.clone().unwrap_or_default();
                        Ok(())
                    }
                    "allow-unregistered-dialect" => b(&value).map(|x| allow_unregistered = x),
                    "mlir-print-op-generic" => b(&value).map(|x| print.generic = x),
                    "mlir-print-debuginfo" => b(&value).map(|x| print.debug_info = x),
                    "version" => {
                        let _ = std::io::stdout().lock().write_all(version_text().as_bytes());
                        return 0;
                    }
                    "help" | "h" => {
                        let _ = std::io::stdout().lock().write_all(HELP.as_bytes());
                        return 0;
                    }
                    _ => Err(format!("Unknown command line argument '--{name}'.  Try: 'strata-translate --help'")),
                };
                if let Err(e) = r {
                    eprintln!("strata-translate: {e}");
                    return 1;
                }
            }
        }
    }
    if ser == de {
        eprintln!("strata-translate: exactly one of --serialize or --deserialize is required");
        return 1;
    }
    let path = input.unwrap_or_else(|| "-".to_string());
    let src = match read_source(&path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("strata-translate: {e}");
            return 1;
        }
    };
    let mut ctx = crate::input::bytecode_context(allow_unregistered);
    let bytes: Vec<u8> = if ser {
        let module = match src {
            Source::Text { file, text } => {
                ctx.sources.insert(file.clone(), text.clone());
                let config = ParserConfig::new(file.clone());
                match parse_source(&mut ctx, &config, text.as_str()) {
                    Ok(m) => m,
                    Err(_) => return report(&mut ctx),
                }
            }
            Source::Bytecode { file, data } => match crate::input::load_bytecode(&mut ctx, &file, &data) {
                Ok(m) => m,
                Err(e) => {
                    eprint!("{e}");
                    return 1;
                }
            },
        };
        if strata_ir::verifier::verify(&mut ctx, module).is_err() {
            return report(&mut ctx);
        }
        match vhlo::serialize_portable_artifact(&mut ctx, module, &target) {
            Ok(b) => b,
            Err(e) => {
                eprint!("{e}");
                if !e.ends_with('\n') {
                    eprintln!();
                }
                return 1;
            }
        }
    } else {
        let (file, data) = match src {
            Source::Bytecode { file, data } => (file, data),
            Source::Text { file, .. } => {
                eprintln!("strata-translate: {file}: byte offset 0: not MLIR bytecode (a portable artifact starts with 'ML\\xefR')");
                return 1;
            }
        };
        let module = match vhlo::deserialize_portable_artifact(&mut ctx, &data, &file) {
            Ok(m) => m,
            Err(e) => {
                eprint!("{e}");
                return 1;
            }
        };
        if strata_ir::verifier::verify(&mut ctx, module).is_err() {
            return report(&mut ctx);
        }
        let mut s = strata_ir::printer::print_op(&ctx, module, &print);
        s.push('\n');
        s.into_bytes()
    };
    let res = if output == "-" { std::io::stdout().lock().write_all(&bytes) } else { std::fs::write(&output, &bytes) };
    if let Err(e) = res {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("strata-translate: cannot write output '{output}': {e}");
            return 1;
        }
    }
    0
}

fn report(ctx: &mut strata_ir::Context) -> i32 {
    for d in ctx.take_diagnostics() {
        eprint!("{}", strata_ir::diagnostics::render(ctx, &d));
    }
    1
}
