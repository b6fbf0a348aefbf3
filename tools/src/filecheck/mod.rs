//! `strata-check`: a drop-in replacement for LLVM's `FileCheck`.
//!
//! FileCheck verifies that an *input* (typically a tool's output) matches
//! the directives written in a *check file*:
//!
//! ```text
//! // CHECK-LABEL: func @add
//! // CHECK:       %[[SUM:.*]] = arith.addi
//! // CHECK-NEXT:  return %[[SUM]]
//! ```
//!
//! The semantics, diagnostics and exit codes follow LLVM 22's FileCheck
//! (`llvm/lib/FileCheck/FileCheck.cpp` and `llvm/utils/FileCheck`):
//!
//! * directives `CHECK`, `CHECK-NEXT`, `CHECK-SAME`, `CHECK-NOT`, `CHECK-DAG`,
//!   `CHECK-LABEL`, `CHECK-EMPTY`, `CHECK-COUNT-<n>`, the `{LITERAL}`
//!   modifier, comment directives (`COM:`, `RUN:`, or `--comment-prefixes`)
//!   and any custom prefix (`--check-prefix(es)`).  A prefix only counts
//!   when it is not preceded by a word character and is followed by `:` or
//!   a directive suffix;
//! * patterns with horizontal-whitespace canonicalization, `{{regex}}`
//!   (POSIX extended regular expressions, see below), string variables
//!   `[[VAR:regex]]` / `[[VAR]]` (including same-line back-references),
//!   numeric variables and expressions `[[#VAR:]]`, `[[#%x,VAR:]]`,
//!   `[[#VAR+1]]`, `[[#add(A,B)]]`, `@LINE`, `$`-prefixed global variables
//!   and `--enable-var-scope`;
//! * options `--input-file`, `--implicit-check-not`, `--match-full-lines`,
//!   `--strict-whitespace`, `--allow-empty`, `--ignore-case`, `-D`,
//!   `--allow-unused-prefixes`, `--allow-deprecated-dag-overlap`,
//!   `--dump-input(-filter|-context)`, `-v`, `-vv`;
//! * exit status 0 on success, 1 when the input does not match, 2 for an
//!   invalid check file, empty input or bad command line.
//!
//! Regular expressions use LLVM's dialect (BSD `regcomp` EREs with
//! `REG_NEWLINE`: `\d` is just `d`, `*?` is an error, `.` and `[^...]` never
//! match a newline), with leftmost-longest matching and BSD's submatch
//! rules.  They are implemented in the private `regex` submodule because the
//! `regex` crate lacks back-references (which FileCheck emits for variables
//! used on their defining line) and POSIX matching semantics.
//!
//! Known differences from FileCheck, all for pathological inputs: numeric
//! values are limited to 128 bits, parentheses may nest at most 200 deep,
//! a search with back-references gives up after 50 million steps, `--color`
//! is accepted but output is never colored, and command-line usage errors
//! exit with status 2 (LLVM's option parser uses 1).
//!
//! # Library use
//!
//! ```
//! use strata_tools::filecheck::{run, Options};
//!
//! let report = run(&Options::default(), "t.mlir", b"// CHECK: b[[#N:]]\n// CHECK-NEXT: c[[#N+1]]\n",
//!                  "-", b"a\nb1\nc2\n");
//! assert_eq!(report.exit_code, 0, "{}", report.stderr_lossy());
//! ```
//!
//! The command-line front end lives in [`cli`]; the `strata-check` binary
//! is a thin wrapper around [`cli::run_cli`].

mod checker;
pub mod cli;
mod dump;
mod pattern;
mod regex;
mod source;

pub use dump::DUMP_INPUT_HELP;

use checker::{read_check_file, CheckString, Checker};
use pattern::Context;
use source::{BufId, SourceMgr};

/// When to print the annotated input dump (`--dump-input`).  Ordered so
/// that the maximum of several values is the most informative one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum DumpInput {
    /// Never dump the input.
    Never,
    /// Dump the input when checking fails (the default).
    Fail,
    /// Always dump the input.
    Always,
    /// Explain the dump format instead of checking.
    Help,
}

/// Which input lines the dump shows (`--dump-input-filter`), ordered from
/// least to most inclusive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum DumpInputFilter {
    /// Lines with error annotations (default unless `--dump-input=always`).
    Error,
    /// Lines where an annotation starts.
    Annotation,
    /// Lines with any annotation.
    AnnotationFull,
    /// Every line.
    All,
}

/// FileCheck options (the command-line flags, already parsed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// `--check-prefix`/`--check-prefixes`; empty means `CHECK`.
    pub check_prefixes: Vec<String>,
    /// `--comment-prefixes`; empty means `COM` and `RUN`.
    pub comment_prefixes: Vec<String>,
    /// `--implicit-check-not` patterns.
    pub implicit_check_not: Vec<String>,
    /// `-D` definitions: `NAME=VALUE` or `#[%fmt,]NAME=EXPR`.
    pub defines: Vec<String>,
    /// `--match-full-lines`.
    pub match_full_lines: bool,
    /// `--strict-whitespace`: do not canonicalize horizontal whitespace.
    pub strict_whitespace: bool,
    /// `--allow-empty`: accept an empty input.
    pub allow_empty: bool,
    /// `--ignore-case`.
    pub ignore_case: bool,
    /// `--enable-var-scope`: CHECK-LABEL forgets variables not named `$...`.
    pub enable_var_scope: bool,
    /// `--allow-unused-prefixes`.
    pub allow_unused_prefixes: bool,
    /// `--allow-deprecated-dag-overlap`.
    pub allow_deprecated_dag_overlap: bool,
    /// `-v`: also report good matches (in the input dump).
    pub verbose: bool,
    /// `-vv`: report everything (implies `verbose`).
    pub verbose_verbose: bool,
    /// `--dump-input`.
    pub dump_input: DumpInput,
    /// `--dump-input-filter`; `None` picks FileCheck's default.
    pub dump_input_filter: Option<DumpInputFilter>,
    /// `--dump-input-context`: lines of context around filtered lines.
    pub dump_input_context: usize,
    /// The command line, echoed when the input is empty (optional).
    pub command_line: Vec<String>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            check_prefixes: Vec::new(),
            comment_prefixes: Vec::new(),
            implicit_check_not: Vec::new(),
            defines: Vec::new(),
            match_full_lines: false,
            strict_whitespace: false,
            allow_empty: false,
            ignore_case: false,
            enable_var_scope: false,
            allow_unused_prefixes: false,
            allow_deprecated_dag_overlap: false,
            verbose: false,
            verbose_verbose: false,
            dump_input: DumpInput::Fail,
            dump_input_filter: None,
            dump_input_context: 5,
            command_line: Vec::new(),
        }
    }
}

/// Outcome of a FileCheck run: the exit status and everything FileCheck
/// would have written to standard error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// 0: success; 1: the input did not match; 2: invalid check file, empty
    /// input or invalid options.
    pub exit_code: i32,
    /// Diagnostics, byte-for-byte as FileCheck prints them.
    pub stderr: Vec<u8>,
}

impl Report {
    /// True if all checks passed.
    pub fn success(&self) -> bool {
        self.exit_code == 0
    }

    /// The diagnostics as (lossily decoded) text.
    pub fn stderr_lossy(&self) -> String {
        String::from_utf8_lossy(&self.stderr).into_owned()
    }

    fn failure(exit_code: i32, stderr: Vec<u8>) -> Report {
        Report { exit_code, stderr }
    }
}

/// Internal form of [`Options`] (`FileCheckRequest`).
#[derive(Clone, Debug, Default)]
pub(crate) struct Request {
    pub check_prefixes: Vec<Vec<u8>>,
    pub comment_prefixes: Vec<Vec<u8>>,
    pub implicit_check_not: Vec<Vec<u8>>,
    pub global_defines: Vec<Vec<u8>>,
    pub allow_unused_prefixes: bool,
    pub enable_var_scope: bool,
    pub allow_deprecated_dag_overlap: bool,
    pub verbose: bool,
    pub verbose_verbose: bool,
    pub strict_whitespace: bool,
    pub match_full_lines: bool,
    pub ignore_case: bool,
    pub is_default_check_prefix: bool,
}

/// `FileCheck::CanonicalizeFile`: drops the `\r` of `\r\n` and, unless
/// `strict_whitespace`, collapses runs of spaces and tabs into one space.
pub(crate) fn canonicalize(text: &[u8], strict_whitespace: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        let c = text[i];
        if c == b'\r' && text.get(i + 1) == Some(&b'\n') {
            i += 1;
            continue;
        }
        if strict_whitespace || (c != b' ' && c != b'\t') {
            out.push(c);
            i += 1;
            continue;
        }
        out.push(b' ');
        i += 1;
        while i < text.len() && (text[i] == b' ' || text[i] == b'\t') {
            i += 1;
        }
    }
    out
}

/// `ValidatePrefixes`.
fn validate_prefixes(kind: &str, seen: &mut Vec<String>, prefixes: &[String], err: &mut Vec<u8>) -> bool {
    for p in prefixes {
        if p.is_empty() {
            err.extend_from_slice(format!("error: supplied {} prefix must not be the empty string\n", kind).as_bytes());
            return false;
        }
        if !p.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'-') {
            err.extend_from_slice(
                format!(
                    "error: supplied {} prefix must start with a letter and contain only alphanumeric \
                     characters, hyphens, and underscores: '{}'\n",
                    kind, p
                )
                .as_bytes(),
            );
            return false;
        }
        if seen.contains(p) {
            err.extend_from_slice(
                format!("error: supplied {} prefix must be unique among check and comment prefixes: '{}'\n", kind, p)
                    .as_bytes(),
            );
            return false;
        }
        seen.push(p.clone());
    }
    true
}

/// A parsed check file, ready to check inputs.
pub struct FileCheck {
    req: Request,
    sm: SourceMgr,
    ctx: Context,
    checks: Vec<CheckString>,
    check_buf: BufId,
    check_name: String,
    imp_range: (BufId, BufId),
    allow_empty: bool,
    dump_input: DumpInput,
    dump_input_filter: Option<DumpInputFilter>,
    dump_input_context: usize,
    command_line: Vec<String>,
}

impl FileCheck {
    /// Validates `opts` and parses the check file `check_text` (named
    /// `check_name` in diagnostics).  On error, returns the report FileCheck
    /// would produce (exit status 2, or 1 for the few errors FileCheck
    /// reports that way).
    pub fn new(opts: &Options, check_name: &str, check_text: &[u8]) -> Result<FileCheck, Report> {
        let mut err = Vec::new();

        let mut defines_ok = true;
        for d in &opts.defines {
            match d.find('=') {
                None => {
                    err.extend_from_slice(
                        format!("Missing equal sign in command-line definition '-D{}'\n", d).as_bytes(),
                    );
                    defines_ok = false;
                }
                Some(0) => {
                    err.extend_from_slice(
                        format!("Missing variable name in command-line definition '-D{}'\n", d).as_bytes(),
                    );
                    defines_ok = false;
                }
                Some(_) => {}
            }
        }
        if !defines_ok {
            return Err(Report::failure(2, err));
        }

        let mut seen: Vec<String> = Vec::new();
        if opts.check_prefixes.is_empty() {
            seen.push("CHECK".to_string());
        }
        if opts.comment_prefixes.is_empty() {
            seen.push("COM".to_string());
            seen.push("RUN".to_string());
        }
        if !validate_prefixes("check", &mut seen, &opts.check_prefixes, &mut err)
            || !validate_prefixes("comment", &mut seen, &opts.comment_prefixes, &mut err)
        {
            return Err(Report::failure(2, err));
        }

        let bytes = |v: &[String]| v.iter().map(|s| s.as_bytes().to_vec()).collect::<Vec<_>>();
        let check_prefixes =
            if opts.check_prefixes.is_empty() { vec![b"CHECK".to_vec()] } else { bytes(&opts.check_prefixes) };
        let comment_prefixes = if opts.comment_prefixes.is_empty() {
            vec![b"COM".to_vec(), b"RUN".to_vec()]
        } else {
            bytes(&opts.comment_prefixes)
        };
        let req = Request {
            check_prefixes,
            comment_prefixes,
            implicit_check_not: bytes(&opts.implicit_check_not),
            global_defines: bytes(&opts.defines),
            allow_unused_prefixes: opts.allow_unused_prefixes,
            enable_var_scope: opts.enable_var_scope,
            allow_deprecated_dag_overlap: opts.allow_deprecated_dag_overlap,
            verbose: opts.verbose || opts.verbose_verbose,
            verbose_verbose: opts.verbose_verbose,
            strict_whitespace: opts.strict_whitespace,
            match_full_lines: opts.match_full_lines,
            ignore_case: opts.ignore_case,
            is_default_check_prefix: opts.check_prefixes.is_empty(),
        };

        let mut sm = SourceMgr::default();
        let check_buf = sm.add_buffer(check_name, canonicalize(check_text, req.strict_whitespace));
        let mut ctx = Context::new();
        let parsed = match read_check_file(&mut sm, &mut ctx, &req, check_buf, &mut err) {
            Ok(p) => p,
            Err(code) => return Err(Report::failure(code, err)),
        };
        Ok(FileCheck {
            req,
            sm,
            ctx,
            checks: parsed.check_strings,
            check_buf,
            check_name: check_name.to_string(),
            imp_range: parsed.imp_pat_range,
            allow_empty: opts.allow_empty,
            dump_input: opts.dump_input,
            dump_input_filter: opts.dump_input_filter,
            dump_input_context: opts.dump_input_context,
            command_line: opts.command_line.clone(),
        })
    }

    /// Checks `input` (named `input_name` in diagnostics; `-` means
    /// `<stdin>`) against the parsed check file.
    pub fn check(mut self, input_name: &str, input: &[u8]) -> Report {
        let mut err = Vec::new();
        let shown_name = if input_name == "-" { "<stdin>" } else { input_name };
        if input.is_empty() && !self.allow_empty {
            err.extend_from_slice(format!("FileCheck error: '{}' is empty.\n", shown_name).as_bytes());
            err.extend_from_slice(b"FileCheck command line: ");
            for arg in &self.command_line {
                err.push(b' ');
                err.extend_from_slice(arg.as_bytes());
            }
            err.push(b'\n');
            return Report::failure(2, err);
        }
        let input_buf = self.sm.add_buffer(shown_name, canonicalize(input, self.req.strict_whitespace));
        let whole = self.sm.whole(input_buf);
        let mut diags = Vec::new();
        let collect = self.dump_input != DumpInput::Never;
        let ok = {
            let mut checker = Checker {
                sm: &self.sm,
                ctx: &mut self.ctx,
                req: &self.req,
                out: &mut err,
                diags: if collect { Some(&mut diags) } else { None },
            };
            checker.check_input(&self.checks, whole)
        };
        let exit_code = if ok { 0 } else { 1 };
        if self.dump_input == DumpInput::Always || (exit_code == 1 && self.dump_input == DumpInput::Fail) {
            err.extend_from_slice(
                format!(
                    "\nInput file: {}\nCheck file: {}\n\n-dump-input=help explains the following input dump.\n\n",
                    shown_name, self.check_name
                )
                .as_bytes(),
            );
            let filter = self.dump_input_filter.unwrap_or(if self.dump_input == DumpInput::Always {
                DumpInputFilter::All
            } else {
                DumpInputFilter::Error
            });
            let (anns, width) = dump::build_annotations(&self.sm, self.check_buf, self.imp_range, &diags);
            dump::dump_annotated_input(&mut err, filter, self.dump_input_context, self.sm.data(input_buf), anns, width);
        }
        Report { exit_code, stderr: err }
    }
}

/// Parses `check_text` and checks `input` against it in one step.
pub fn run(opts: &Options, check_name: &str, check_text: &[u8], input_name: &str, input: &[u8]) -> Report {
    match FileCheck::new(opts, check_name, check_text) {
        Ok(fc) => fc.check(input_name, input),
        Err(report) => report,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonicalization() {
        assert_eq!(canonicalize(b"a \t b\r\nc\rd", false), b"a b\nc\rd".to_vec());
        assert_eq!(canonicalize(b"a \t b\r\n", true), b"a \t b\n".to_vec());
    }
}
