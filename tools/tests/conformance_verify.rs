//! Case-by-case report on StableHLO's verifier suite
//! (`../shared/conformance/stablehlo/verify/ops_stablehlo.public.mlir`, never edited).
//!
//! The file's RUN line is
//! `stablehlo-opt %s -verify-diagnostics -split-input-file -allow-unregistered-dialect | FileCheck %s`.
//! Every `// -----` chunk is one case. Each chunk is written to a temporary file padded with blank
//! lines so that its line numbers are the original file's, and run through `strata-opt` with the
//! same flags (chunks are independent in `--split-input-file` mode, so this is the same as one run
//! on the whole file, with the problems attributed to their chunk for free). A chunk that has
//! `CHECK` directives has `strata-opt`'s output piped to `strata-check` with the chunk as the check
//! file, as the RUN line does.
//!
//! Every case is classified:
//! - `pass`: every `expected-*` annotation matched, nothing unexpected, CHECKs (if any) hold;
//! - `text`: every expected diagnostic is reported on its line, but some message text differs;
//! - `missing`: some expected diagnostic has nothing reported on its line;
//! - `unexpected`: a diagnostic is reported where none is expected;
//! - `check`: diagnostics are right but the output does not satisfy the chunk's CHECK lines.
//!
//! The totals (cases passing, expected diagnostics reported on their line with any text, message
//! texts matching) must not drop below the floors below; raise them as the dialect improves.
//! Nothing here looks at what a case contains beyond its annotations and directives.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use regex::Regex;
use strata_tools::split::split;
use strata_tools::verify_diagnostics::parse_expectations;

/// Floors: the totals this commit reaches. Raise them when they improve; never lower them.
const FLOOR_CASES_PASSING: usize = 305;
const FLOOR_ON_LINE: usize = 285;
const FLOOR_TEXT_MATCH: usize = 285;
/// Whether the file's RUN line as written (one `strata-opt` run on the whole file piped to
/// `strata-check` with the whole file) must pass.
const FLOOR_WHOLE_FILE_RUN: bool = true;

const FLAGS: &[&str] = &["--verify-diagnostics", "--split-input-file", "--allow-unregistered-dialect"];

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Status {
    Pass,
    Check,
    Text,
    Unexpected,
    Missing,
}

impl Status {
    fn name(self) -> &'static str {
        match self {
            Status::Pass => "pass",
            Status::Check => "check",
            Status::Text => "text",
            Status::Unexpected => "unexpected",
            Status::Missing => "missing",
        }
    }
}

/// What one case gave.
#[derive(Debug)]
struct CaseResult {
    index: usize,
    first_line: u32,
    label: String,
    expected: usize,
    on_line: usize,
    text_match: usize,
    unexpected: Vec<String>,
    missing: Vec<String>,
    text_differs: Vec<String>,
    check_failed: Option<String>,
    status: Status,
}

/// One problem `strata-opt --verify-diagnostics` reported.
enum Reported {
    /// `unexpected <severity>: <message>` at a line.
    Unexpected { severity: String, line: Option<u32>, message: String },
    /// `expected <severity> "<text>" was not produced`, reported at the annotation's line.
    NotProduced { anno_line: u32 },
    /// Anything else (annotation problems, tool errors).
    Other(String),
}

fn parse_reports(stderr: &str) -> Vec<Reported> {
    let head = Regex::new(r"^(?:(.*?):(\d+):(\d+)|loc\(unknown\)): error: (.*)$").unwrap();
    let unexpected = Regex::new(r"^unexpected (error|warning|note|remark): (.*)$").unwrap();
    let not_produced = Regex::new(r#"^expected (error|warning|note|remark) ".*" was not produced$"#).unwrap();
    let mut out = Vec::new();
    for l in stderr.lines() {
        let Some(c) = head.captures(l) else {
            if l.starts_with("strata-opt:") {
                out.push(Reported::Other(l.to_string()));
            }
            continue;
        };
        let line = c.get(2).map(|m| m.as_str().parse::<u32>().unwrap());
        let msg = &c[4];
        if let Some(u) = unexpected.captures(msg) {
            out.push(Reported::Unexpected { severity: u[1].to_string(), line, message: u[2].to_string() });
        } else if not_produced.is_match(msg) {
            out.push(Reported::NotProduced { anno_line: line.unwrap_or(0) });
        } else {
            out.push(Reported::Other(msg.to_string()));
        }
    }
    out
}

fn has_check_directives(chunk: &str) -> bool {
    let re = Regex::new(r"\bCHECK(-NEXT|-SAME|-NOT|-LABEL|-DAG|-EMPTY|-COUNT-[0-9]+)?:").unwrap();
    chunk.lines().any(|l| re.is_match(l))
}

fn label_of(chunk: &str) -> String {
    let re = Regex::new(r"func\.func\s+(?:private\s+|public\s+)?@([A-Za-z0-9_.$-]+)").unwrap();
    re.captures(chunk).map(|c| c[1].to_string()).unwrap_or_else(|| "-".to_string())
}

fn run_opt(path: &Path) -> (String, String, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_strata-opt")).arg(path).args(FLAGS).output().expect("run strata-opt");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

/// Pipe `input` to `strata-check <check_file>`; `Err` holds its first lines of complaint.
fn run_check(check_file: &Path, input: &str) -> Result<(), String> {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_strata-check"))
        .arg(check_file)
        .arg("--dump-input=never")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run strata-check");
    {
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(input.as_bytes());
    }
    let out = child.wait_with_output().expect("wait strata-check");
    if out.status.success() {
        Ok(())
    } else {
        let e = String::from_utf8_lossy(&out.stderr);
        let first = e.lines().find(|l| l.contains("error")).unwrap_or("strata-check failed");
        Err(first.to_string())
    }
}

fn run_case(dir: &Path, index: usize, text: &str, line_offset: u32) -> CaseResult {
    let path = dir.join(format!("case{index}.mlir"));
    let padded = format!("{}{}", "\n".repeat(line_offset as usize), text);
    std::fs::write(&path, &padded).unwrap();
    let (stdout, stderr, code) = run_opt(&path);
    let (expectations, _) = parse_expectations(text, line_offset);
    let reports = parse_reports(&stderr);

    let not_produced: Vec<u32> = reports
        .iter()
        .filter_map(|r| match r {
            Reported::NotProduced { anno_line } => Some(*anno_line),
            _ => None,
        })
        .collect();
    let mut unexpected: Vec<(String, Option<u32>, String, bool)> = reports
        .iter()
        .filter_map(|r| match r {
            Reported::Unexpected { severity, line, message } => Some((severity.clone(), *line, message.clone(), false)),
            _ => None,
        })
        .collect();
    let mut others: Vec<String> = reports
        .iter()
        .filter_map(|r| match r {
            Reported::Other(m) => Some(m.clone()),
            _ => None,
        })
        .collect();

    let (mut on_line, mut text_match) = (0, 0);
    let mut missing = Vec::new();
    let mut text_differs = Vec::new();
    // An annotation can be reported as not produced only once; match them in order.
    let mut np = not_produced.clone();
    for e in &expectations {
        let sev = e.severity.as_str();
        let idx = np.iter().position(|&l| l == e.anno_line);
        let unmatched = match idx {
            Some(i) => {
                np.remove(i);
                true
            }
            None => false,
        };
        if !unmatched {
            on_line += 1;
            text_match += 1;
            continue;
        }
        // Not matched: is something of the same severity reported on its line?
        let same_line =
            unexpected.iter_mut().find(|(s, l, _, used)| !*used && s == sev && *l == e.line && e.line.is_some());
        match same_line {
            Some(u) => {
                u.3 = true;
                on_line += 1;
                text_differs.push(format!("line {}: expected \"{}\", got \"{}\"", e.line.unwrap(), e.text, u.2));
            }
            None => missing.push(format!("line {:?}: \"{}\"", e.line, e.text)),
        }
    }
    let mut unexpected_left: Vec<String> = unexpected
        .iter()
        .filter(|u| !u.3)
        .map(|(s, l, m, _)| format!("line {}: {s}: {m}", l.map(|l| l.to_string()).unwrap_or_else(|| "?".into())))
        .collect();
    unexpected_left.append(&mut others);
    // The exit status counts: with --verify-diagnostics, 0 exactly when every expectation
    // matched and nothing else was reported; anything but 0 or 1 is a crash.
    let diagnostics_ok = missing.is_empty() && unexpected_left.is_empty() && text_differs.is_empty();
    match code {
        Some(0) if !diagnostics_ok => {
            unexpected_left.push("exit status 0 although the diagnostics do not match".into())
        }
        Some(1) if diagnostics_ok => unexpected_left.push("exit status 1 although every diagnostic matched".into()),
        Some(0) | Some(1) => {}
        other => unexpected_left.push(format!("strata-opt crashed (exit status {other:?})")),
    }

    let check_failed = if has_check_directives(text) { run_check(&path, &stdout).err() } else { None };
    let _ = std::fs::remove_file(&path);

    let status = if !missing.is_empty() {
        Status::Missing
    } else if !unexpected_left.is_empty() {
        Status::Unexpected
    } else if !text_differs.is_empty() {
        Status::Text
    } else if check_failed.is_some() {
        Status::Check
    } else {
        Status::Pass
    };
    CaseResult {
        index,
        first_line: line_offset + 1,
        label: label_of(text),
        expected: expectations.len(),
        on_line,
        text_match,
        unexpected: unexpected_left,
        missing,
        text_differs,
        check_failed,
        status,
    }
}

/// The RUN line as written: `strata-opt FILE <flags> | strata-check FILE`; `Err` says which
/// part failed.
fn whole_file_run(file: &Path) -> Result<(), String> {
    let (stdout, stderr, code) = run_opt(file);
    let problems = stderr.lines().filter(|l| l.contains(": error: ")).count() + usize::from(code != Some(0));
    let check = run_check(file, &stdout);
    match (problems, check) {
        (0, Ok(())) => Ok(()),
        (n, Ok(())) => Err(format!("strata-opt reported {n} problem(s)")),
        (n, Err(c)) => Err(format!("strata-opt reported {n} problem(s); strata-check: {c}")),
    }
}

fn pct(a: usize, b: usize) -> f64 {
    if b == 0 {
        100.0
    } else {
        100.0 * a as f64 / b as f64
    }
}

#[test]
fn stablehlo_verify_suite_case_by_case() {
    let Some(file) =
        strata_ir::testing::conformance_path(env!("CARGO_MANIFEST_DIR"), "stablehlo/verify/ops_stablehlo.public.mlir")
    else {
        return;
    };
    let text = std::fs::read_to_string(&file).expect("the verifier suite is readable");
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("conformance_verify_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let chunks: Vec<(usize, String, u32)> = split(&text, "// -----", true)
        .iter()
        .enumerate()
        .map(|(i, c)| (i, c.text.to_string(), c.line_offset))
        .collect();

    // Two workers: the machine has two cores.
    let workers = 2;
    let mut results: Vec<CaseResult> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                let chunks = &chunks;
                let dir = &dir;
                s.spawn(move || {
                    chunks
                        .iter()
                        .filter(|(i, _, _)| i % workers == w)
                        .map(|(i, t, off)| run_case(dir, *i, t, *off))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    results.sort_by_key(|r| r.index);
    let _ = std::fs::remove_dir_all(&dir);

    println!(
        "{:>4} {:>5} {:<44} {:<10} {:>8} {:>7} {:>5}",
        "case", "line", "function", "status", "expected", "on-line", "text"
    );
    for r in &results {
        println!(
            "{:>4} {:>5} {:<44} {:<10} {:>8} {:>7} {:>5}",
            r.index,
            r.first_line,
            r.label.chars().take(44).collect::<String>(),
            r.status.name(),
            r.expected,
            r.on_line,
            r.text_match
        );
        for m in &r.missing {
            println!("           missing    {m}");
        }
        for t in &r.text_differs {
            println!("           text       {t}");
        }
        for u in &r.unexpected {
            println!("           unexpected {u}");
        }
        if let Some(c) = &r.check_failed {
            println!("           check      {c}");
        }
    }

    let total = results.len();
    let count = |s: Status| results.iter().filter(|r| r.status == s).count();
    let passing = count(Status::Pass);
    let expected: usize = results.iter().map(|r| r.expected).sum();
    let on_line: usize = results.iter().map(|r| r.on_line).sum();
    let text_match: usize = results.iter().map(|r| r.text_match).sum();
    println!();
    println!(
        "by status: pass {}, text differs {}, missing {}, unexpected {}, check mismatch {}",
        passing,
        count(Status::Text),
        count(Status::Missing),
        count(Status::Unexpected),
        count(Status::Check)
    );
    println!("cases passing:                    {passing}/{total} ({:.1}%)", pct(passing, total));
    println!("expected diagnostics on their line: {on_line}/{expected} ({:.1}%)", pct(on_line, expected));
    println!("message texts matching:           {text_match}/{expected} ({:.1}%)", pct(text_match, expected));

    let whole = whole_file_run(&file);
    println!(
        "whole-file RUN line:              {}",
        match &whole {
            Ok(()) => "pass".to_string(),
            Err(e) => format!("FAIL ({e})"),
        }
    );

    assert!(whole.is_ok() || !FLOOR_WHOLE_FILE_RUN, "the whole-file RUN line fails: {}", whole.unwrap_err());
    assert!(passing >= FLOOR_CASES_PASSING, "cases passing dropped: {passing} < {FLOOR_CASES_PASSING}");
    assert!(on_line >= FLOOR_ON_LINE, "expected diagnostics on their line dropped: {on_line} < {FLOOR_ON_LINE}");
    assert!(text_match >= FLOOR_TEXT_MATCH, "message texts matching dropped: {text_match} < {FLOOR_TEXT_MATCH}");
}
