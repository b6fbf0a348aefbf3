//! `strata-opt`: the mlir-opt of Strata. Reads a file (or stdin), optionally splits it at
//! `// -----`, parses, verifies, runs a pass pipeline and prints the result. Flags keep
//! mlir-opt's names.

use std::io::{Read, Write};

use strata_ir::diagnostics::{file_pos, render};
use strata_ir::parser::{parse_source, ParserConfig};
use strata_ir::printer::PrintOptions;
use strata_ir::source::SourceError;
use strata_ir::{Context, Diagnostic, Severity, SourceText};

use crate::cli::{bool_value, parse_args, Arg};
pub use crate::opt_options::OptOptions;
use crate::split::split;
use crate::verify_diagnostics::parse_expectations;

const VALUE_OPTS: &[&str] = &[
    "o",
    "pass-pipeline",
    "p",
    "mlir-elide-elementsattrs-if-larger",
    "mlir-print-elementsattrs-with-hex-if-larger",
    "output-split-marker",
    "emit-bytecode-version",
];

fn usage() -> String {
    let mut s = String::from(
        r#"OVERVIEW: Strata modular optimizer driver (mlir-opt compatible flags)

USAGE: strata-opt [options] <input file>

OPTIONS:
  -o <filename>                          Output filename (default: stdout)
  --split-input-file[=<marker>]          Split the input at '// -----' and process chunks independently
  --output-split-marker=<marker>         Marker printed between output chunks (default: '// -----')
  --verify-diagnostics                   Check expected-* annotations against the diagnostics emitted
  --allow-unregistered-dialect           Accept operations of unregistered dialects
  --emit-bytecode                        Write MLIR bytecode (input may be text or bytecode)
  --emit-bytecode-version=N              Bytecode version to write (0 to 6, default 6)
  --mlir-print-op-generic                Print every op in generic form
  --mlir-print-debuginfo                 Print locations
  --mlir-pretty-debuginfo                Print locations inline, without aliases
  --mlir-print-local-scope               Print without type/attribute aliases
  --mlir-elide-elementsattrs-if-larger=N Elide dense elements with more than N elements
  --mlir-print-elementsattrs-with-hex-if-larger=N
                                         Print dense elements with more than N elements as hex
  --pass-pipeline=<pipeline>             A textual pass pipeline, e.g. 'builtin.module(func.func(cse))'
  --verify-each[=bool]                   Verify after each pass (default true)
  --mlir-print-ir-before-all             Print the IR before every pass
  --mlir-print-ir-after-all              Print the IR after every pass
  --mlir-print-ir-after-change           With the after flags: print only if the pass changed the IR
  --mlir-print-ir-after-failure          Print the IR after a pass that failed
  --mlir-print-ir-before=<pass>          Print the IR before the given passes
  --mlir-print-ir-after=<pass>           Print the IR after the given passes
  --mlir-print-ir-module-scope           Print the whole module in IR dumps
  --mlir-timing                          Display execution times
  --mlir-pass-statistics                 Display pass statistics
  --dump-pass-pipeline                   Print the pipeline that will run, to stderr
  --show-dialects                        Print the registered dialects and exit
  --version                              Print the version

PASSES (each also a flag: --<pass>[="opt=value ..."]):
"#,
    );
    s.push_str(&crate::opt_passes::pass_list_help());
    s
}

/// Parse strata-opt's command line. `Ok(None)` means the run is already done (help, version).
pub fn parse_options(raw: &[String], out: &mut dyn Write) -> Result<Option<OptOptions>, String> {
    let args = parse_args(raw, VALUE_OPTS)?;
    let mut o = OptOptions {
        input: "-".into(),
        output: "-".into(),
        verify_each: true,
        // mlir-opt's default (`kDefaultSplitMarker`): chunk outputs are joined by `// -----`.
        output_split_marker: "// -----".into(),
        ..Default::default()
    };
    let mut positional = Vec::new();
    for a in args {
        match a {
            Arg::Positional(p) => positional.push(p),
            Arg::Flag { name, value } => {
                let b = |v: &Option<String>| bool_value(&name, v);
                match name.as_str() {
                    "h" | "help" | "help-hidden" => {
                        let _ = out.write_all(usage().as_bytes());
                        return Ok(None);
                    }
                    "version" => {
                        let _ = writeln!(out, "Strata strata-opt version {}", env!("CARGO_PKG_VERSION"));
                        return Ok(None);
                    }
                    "show-dialects" => {
                        let mut ctx = Context::new();
                        strata_dialects::register_all(&mut ctx);
                        let _ =
                            writeln!(out, "Available Dialects: {}", ctx.dialect_names().collect::<Vec<_>>().join(", "));
                        return Ok(None);
                    }
                    "o" => o.output = value.unwrap_or_default(),
                    "split-input-file" => {
                        o.split_marker = Some(match value {
                            Some(v) if !v.is_empty() && v != "true" => v,
                            _ => "// -----".to_string(),
                        })
                    }
                    "output-split-marker" => o.output_split_marker = value.unwrap_or_default(),
                    "verify-diagnostics" => o.verify_diagnostics = b(&value)?,
                    "allow-unregistered-dialect" => o.allow_unregistered = b(&value)?,
                    "mlir-print-op-generic" => o.print.generic = b(&value)?,
                    "mlir-print-debuginfo" => o.print.debug_info = b(&value)?,
                    "mlir-pretty-debuginfo" => o.print.pretty_debug_info = b(&value)?,
                    "mlir-print-local-scope" => o.print.local_scope = b(&value)?,
                    "mlir-elide-elementsattrs-if-larger" => {
                        o.print.elide_elements_larger_than = Some(parse_num(&name, &value)?)
                    }
                    "mlir-print-elementsattrs-with-hex-if-larger" => {
                        let n: i64 = value
                            .as_deref()
                            .unwrap_or("")
                            .parse()
                            .map_err(|_| format!("invalid value for option '{name}'"))?;
                        o.print.hex_elements_larger_than = if n < 0 { None } else { Some(n as usize) };
                    }
                    "pass-pipeline" | "p" => {
                        o.explicit_pipeline = true;
                        o.pipeline.push(value.unwrap_or_default());
                    }
                    "verify-each" => o.verify_each = b(&value)?,
                    "dump-pass-pipeline" => o.dump_pass_pipeline = b(&value)?,
                    "mlir-disable-threading" | "mlir-print-ir-module-scope" | "mlir-print-value-users" => {}
                    "emit-bytecode" => o.emit_bytecode = b(&value)?,
                    "emit-bytecode-version" => {
                        let n = parse_num(&name, &value)? as u64;
                        if n > strata_ir::bytecode::CURRENT_VERSION {
                            return Err(format!(
                                "unsupported version requested {n}, must be in range [0, {}]",
                                strata_ir::bytecode::CURRENT_VERSION
                            ));
                        }
                        o.emit_bytecode_version = Some(n);
                    }
                    _ => {
                        if o.instrumentation.set(&name, &value)? {
                            continue;
                        }
                        if crate::opt_passes::is_pass(&name) {
                            let elem = match value {
                                Some(v) if !v.is_empty() => format!("{name}{{{v}}}"),
                                _ => name.clone(),
                            };
                            o.pipeline.push(elem);
                            continue;
                        }
                        return Err(format!(
                            "Unknown command line argument '{}'.  Try: 'strata-opt --help'",
                            dashes(&name)
                        ));
                    }
                }
            }
        }
    }
    if positional.len() > 1 {
        return Err("Too many positional arguments specified! Can specify at most 1 positional argument: See: strata-opt --help".to_string());
    }
    if o.explicit_pipeline && o.pipeline.len() > 1 {
        return Err("'--pass-pipeline' cannot be used with individual pass flags".into());
    }
    if let Some(p) = positional.pop() {
        o.input = p;
    }
    Ok(Some(o))
}

fn dashes(name: &str) -> String {
    if name.len() == 1 {
        format!("-{name}")
    } else {
        format!("--{name}")
    }
}

fn parse_num(name: &str, v: &Option<String>) -> Result<usize, String> {
    v.as_deref().unwrap_or("").parse().map_err(|_| format!("invalid value for option '{name}'"))
}

/// Read the input file or stdin (large files are mapped, not copied: see [`SourceText::read_file`]).
pub fn read_input(path: &str) -> Result<(String, SourceText), String> {
    if path == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).map_err(|e| format!("cannot read stdin: {e}"))?;
        Ok(("<stdin>".to_string(), SourceText::new(s)))
    } else {
        match SourceText::read_file(path) {
            Ok(t) => Ok((path.to_string(), t)),
            Err(SourceError::Io(e)) => Err(format!("cannot open input file '{path}': {e}")),
            Err(e @ SourceError::NotUtf8 { .. }) => Err(format!("input file '{path}' is {e}")),
        }
    }
}

/// Where strata-opt's output goes: the chunks' printed IR, streamed (a large module is never
/// held whole), with the output split marker between chunks.
struct Output<'w> {
    w: &'w mut dyn Write,
    sep: String,
    wrote_any: bool,
    error: Option<std::io::Error>,
    /// `--emit-bytecode`: the writer configuration.
    bytecode: Option<strata_ir::bytecode::WriterConfig>,
}

impl Output<'_> {
    /// Print a chunk's module, preceded by the split marker if an earlier chunk printed.
    fn print(&mut self, ctx: &mut Context, module: strata_ir::OpId, opts: &PrintOptions) {
        if self.error.is_some() {
            return;
        }
        let mut res = Ok(());
        if self.wrote_any && !self.sep.is_empty() {
            res = self.w.write_all(self.sep.as_bytes());
        }
        self.wrote_any = true;
        if let Some(cfg) = &self.bytecode {
            match strata_ir::bytecode::write_bytecode(ctx, module, cfg) {
                Ok(bytes) => res = res.and_then(|_| self.w.write_all(&bytes)),
                Err(e) => res = Err(std::io::Error::other(format!("cannot write bytecode: {e}"))),
            }
            if let Err(e) = res {
                self.error = Some(e);
            }
            return;
        }
        // mlir-opt writes a newline after the printed op (which ends with one): same bytes.
        res = res.and_then(|_| strata_ir::printer::print_op_to_writer(&*ctx, module, opts, self.w, "\n"));
        if let Err(e) = res {
            self.error = Some(e);
        }
    }
}

/// Process one chunk: parse, verify, run the pipeline, print to `out`; diagnostics (and, with
/// `--verify-diagnostics`, the mismatches with the expected ones) go to `err`. Returns whether
/// the chunk succeeded.
///
/// `leak_context`: do not free the chunk's IR at the end (the process is about to exit; freeing a
/// large module op by op costs as much as verifying it — LLVM tools likewise skip it).
#[allow(clippy::too_many_arguments)]
fn process_chunk(
    o: &OptOptions,
    file: &str,
    full_text: &SourceText,
    text: &str,
    line_offset: u32,
    out: &mut Output<'_>,
    err: &mut String,
    leak_context: bool,
) -> bool {
    let mut ctx = crate::chunk_context(file, full_text, o.allow_unregistered);
    let config = ParserConfig { file_name: file.to_string(), line_offset, ..Default::default() };
    let parse = |ctx: &mut Context| parse_source(ctx, &config, text).ok();
    let ok = finish_chunk(o, &mut ctx, parse, file, text, line_offset, out, err);
    if leak_context {
        std::mem::forget(ctx);
    }
    ok
}

/// Parse (with `parse`), verify, run the pipeline and print one input; then report the
/// diagnostics (or check them against the expected ones).
#[allow(clippy::too_many_arguments)]
fn finish_chunk(
    o: &OptOptions,
    ctx: &mut Context,
    parse: impl FnOnce(&mut Context) -> Option<strata_ir::OpId>,
    file: &str,
    text: &str,
    line_offset: u32,
    out: &mut Output<'_>,
    err: &mut String,
) -> bool {
    let mut timing = o.instrumentation.timing.then(strata_ir::pass::TimingReport::new);
    let ok = (|| {
        let t0 = std::time::Instant::now();
        let module = parse(ctx)?;
        let verified = strata_ir::verifier::verify(ctx, module);
        if let Some(t) = timing.as_mut() {
            t.add("Parser", t0.elapsed());
        }
        verified.ok()?;
        crate::opt_passes::run_pipeline(ctx, module, o, &mut timing, err).ok()?;
        let t1 = std::time::Instant::now();
        out.print(ctx, module, &o.print);
        if let Some(t) = timing.as_mut() {
            t.add("Output", t1.elapsed());
        }
        Some(())
    })()
    .is_some();
    if let Some(t) = &timing {
        err.push_str(&t.report());
    }
    let diags = ctx.take_diagnostics();
    let ok = if o.verify_diagnostics {
        // In verify mode a chunk that failed as expected is a success.
        check_expected(ctx, file, text, line_offset, &diags, err)
    } else {
        for d in &diags {
            err.push_str(&render(ctx, d));
        }
        ok && !diags.iter().any(|d| d.severity == Severity::Error)
    };
    ok
}

fn flatten(d: &Diagnostic, out: &mut Vec<Diagnostic>) {
    let mut top = d.clone();
    top.notes.clear();
    out.push(top);
    for n in &d.notes {
        flatten(n, out);
    }
}

/// Compare diagnostics with the chunk's expected-* annotations; report mismatches to `err`.
fn check_expected(
    ctx: &Context,
    file: &str,
    text: &str,
    line_offset: u32,
    diags: &[Diagnostic],
    err: &mut String,
) -> bool {
    use std::fmt::Write as _;
    let (mut expected, anno_errors) = parse_expectations(text, line_offset);
    let mut ok = anno_errors.is_empty();
    for e in anno_errors {
        let _ = writeln!(err, "{file}:{}:{}: error: {}", e.line, e.col, e.message);
    }
    let mut all = Vec::new();
    for d in diags {
        flatten(d, &mut all);
    }
    for d in &all {
        let pos = file_pos(ctx, d.loc);
        let line = pos.as_ref().filter(|p| p.file == file).map(|p| p.line);
        let found = expected
            .iter_mut()
            .find(|e| !e.matched && e.severity == d.severity && e.line == line && e.matches(&d.message));
        match found {
            Some(e) => e.matched = true,
            None => {
                ok = false;
                let mut shown = d.clone();
                shown.message = format!("unexpected {}: {}", d.severity.as_str(), d.message);
                shown.severity = Severity::Error;
                err.push_str(&render(ctx, &shown));
            }
        }
    }
    for e in expected.iter().filter(|e| !e.matched) {
        ok = false;
        let _ = writeln!(
            err,
            "{file}:{}:{}: error: expected {} \"{}\" was not produced",
            e.anno_line,
            e.anno_col,
            e.severity.as_str(),
            e.text
        );
    }
    ok
}

/// Run strata-opt with arguments (without the program name); returns the exit code. Meant to be
/// followed by process exit: the IR of the last chunk is not freed.
pub fn main_with_args(raw: &[String]) -> i32 {
    let stdout = std::io::stdout();
    let mut so = stdout.lock();
    let o = match parse_options(raw, &mut so) {
        Ok(Some(o)) => o,
        Ok(None) => return 0,
        Err(e) => {
            eprintln!("strata-opt: {e}");
            return 1;
        }
    };
    let (file, text, bytecode) = match crate::input::read_source(&o.input) {
        Ok(crate::input::Source::Text { file, text }) => (file, text, None),
        Ok(crate::input::Source::Bytecode { file, data }) => (file, SourceText::new(String::new()), Some(data)),
        Err(e) => {
            eprintln!("strata-opt: {e}");
            return 1;
        }
    };
    if bytecode.is_some() && o.split_marker.is_some() {
        eprintln!("strata-opt: --split-input-file does not apply to bytecode input");
        return 1;
    }
    if o.dump_pass_pipeline {
        match crate::opt_passes::describe_pipeline(&o) {
            Ok(s) => eprintln!("{s}"),
            Err(e) => {
                eprintln!("strata-opt: {e}");
                return 1;
            }
        }
    }
    // The input is held once (read or mapped): the context keeps it for diagnostics, the chunks
    // borrow it.
    let marker = o.split_marker.clone().unwrap_or_default();
    let chunks = split(&text, &marker, o.split_marker.is_some());
    let mut file_out;
    let mut std_out;
    let w: &mut dyn Write = if o.output == "-" {
        // Buffered and written at the end (or when large), as mlir-opt's stdout: diagnostics of
        // small runs come first in a `2>&1` stream.
        std_out = std::io::BufWriter::with_capacity(1 << 20, so);
        &mut std_out
    } else {
        match std::fs::File::create(&o.output) {
            Ok(f) => {
                file_out = std::io::BufWriter::with_capacity(1 << 16, f);
                &mut file_out
            }
            Err(e) => {
                eprintln!("strata-opt: cannot open output file '{}': {e}", o.output);
                return 1;
            }
        }
    };
    let sep = if o.output_split_marker.is_empty() { String::new() } else { format!("{}\n", o.output_split_marker) };
    let bytecode_cfg = o.emit_bytecode.then(|| strata_ir::bytecode::WriterConfig {
        version: o.emit_bytecode_version.unwrap_or(strata_ir::bytecode::CURRENT_VERSION),
        ..Default::default()
    });
    let mut out = Output { w, sep, wrote_any: false, error: None, bytecode: bytecode_cfg };
    let mut all_ok = true;
    let mut err = String::new();
    if let Some(data) = &bytecode {
        let mut ctx = crate::input::bytecode_context(o.allow_unregistered);
        let mut load_err = None;
        let parse = |ctx: &mut Context| match crate::input::load_bytecode(ctx, &file, data) {
            Ok(m) => Some(m),
            Err(e) => {
                load_err = Some(e);
                None
            }
        };
        all_ok &= finish_chunk(&o, &mut ctx, parse, &file, "", 0, &mut out, &mut err);
        std::mem::forget(ctx);
        if let Some(e) = load_err {
            err.insert_str(0, &e);
            all_ok = false;
        }
        if !err.is_empty() {
            eprint!("{err}");
            err.clear();
        }
    }
    for (i, c) in chunks.iter().enumerate().filter(|_| bytecode.is_none()) {
        let last = i + 1 == chunks.len();
        all_ok &= process_chunk(&o, &file, &text, c.text, c.line_offset, &mut out, &mut err, last);
        if !err.is_empty() {
            eprint!("{err}");
            err.clear();
        }
    }
    let write_res = match out.error.take() {
        Some(e) => Err(e),
        None => out.w.flush(),
    };
    if let Err(e) = write_res {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("strata-opt: cannot write output '{}': {e}", o.output);
            return 1;
        }
    }
    if all_ok {
        0
    } else {
        1
    }
}
