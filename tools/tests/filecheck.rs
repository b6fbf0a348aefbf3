//! Integration tests for `strata-check`, the FileCheck-compatible checker.
//!
//! * library tests: every directive and option, passing and failing, with
//!   the exact FileCheck diagnostics where they matter;
//! * binary tests: exit codes, stdin, option spellings, usage errors;
//! * data-driven tests over `tests/filecheck_data/*.test`, each holding a
//!   check file, an input, optional arguments and the expected exit status;
//! * an agreement test that runs LLVM's `FileCheck-22` (when installed) on
//!   the same data and requires identical exit status and diagnostics.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

use strata_tools::filecheck::{cli, run, DumpInput, FileCheck, Options, Report};

// ------------------------------------------------------------------ helpers

fn opts() -> Options {
    Options { dump_input: DumpInput::Never, ..Options::default() }
}

fn fc(check: &str, input: &str) -> Report {
    fc_with(&opts(), check, input)
}

fn fc_with(o: &Options, check: &str, input: &str) -> Report {
    run(o, "t.txt", check.as_bytes(), "-", input.as_bytes())
}

/// Options from command-line style arguments (dump disabled by default).
fn fc_args(args: &[&str], check: &str, input: &str) -> Report {
    let mut all: Vec<String> = vec!["--dump-input=never".into()];
    all.extend(args.iter().map(|s| s.to_string()));
    all.push("t.txt".into());
    match cli::parse_args(&all).expect("valid arguments") {
        cli::Command::Check { options, .. } => fc_with(&options, check, input),
        other => panic!("unexpected command {:?}", other),
    }
}

#[track_caller]
fn assert_pass(r: &Report) {
    assert_eq!(r.exit_code, 0, "expected success, got:\n{}", r.stderr_lossy());
}

#[track_caller]
fn assert_fail(r: &Report, code: i32, needles: &[&str]) {
    let err = r.stderr_lossy();
    assert_eq!(r.exit_code, code, "unexpected exit status; stderr:\n{}", err);
    for n in needles {
        assert!(err.contains(n), "stderr lacks {:?}:\n{}", n, err);
    }
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

fn temp_dir() -> PathBuf {
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!("strata-check-test-{}-{}", std::process::id(), n));
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

struct Output {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run_tool(tool: &Path, dir: &Path, args: &[String], stdin: Option<&[u8]>, env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(tool);
    cmd.current_dir(dir).args(args).env_remove("FILECHECK_OPTS");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() });
    cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("spawn tool");
    if let Some(data) = stdin {
        use std::io::Write;
        let mut si = child.stdin.take().expect("stdin");
        // The tool may exit before reading its input (e.g. on a bad check
        // file), so a broken pipe is fine.
        let _ = si.write_all(data);
    }
    let out = child.wait_with_output().expect("wait for tool");
    Output {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn strata_check() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_strata-check"))
}

/// Runs the binary in a temp dir holding `check.txt` (and `input.txt`).
fn bin(args: &[&str], check: &str, input: Option<&str>, stdin: Option<&str>) -> Output {
    bin_env(args, check, input, stdin, &[])
}

fn bin_env(args: &[&str], check: &str, input: Option<&str>, stdin: Option<&str>, env: &[(&str, &str)]) -> Output {
    let dir = temp_dir();
    std::fs::write(dir.join("check.txt"), check).expect("write check");
    if let Some(i) = input {
        std::fs::write(dir.join("input.txt"), i).expect("write input");
    }
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let out = run_tool(&strata_check(), &dir, &args, stdin.map(str::as_bytes), env);
    let _ = std::fs::remove_dir_all(&dir);
    out
}

// ------------------------------------------------------------ plain CHECK

#[test]
fn check_plain_pass_and_order() {
    assert_pass(&fc("CHECK: foo\nCHECK: bar\n", "xx foo yy\nbar\n"));
    assert_pass(&fc("CHECK: foo\nCHECK: bar\n", "foo bar\n"));
    // Matches must be in order.
    assert_fail(&fc("CHECK: bar\nCHECK: foo\n", "foo\nbar\n"), 1, &["CHECK: expected string not found in input"]);
}

#[test]
fn check_failure_diagnostic_format() {
    let r = fc("// CHECK: hello\n// CHECK: wrold\n", "hello\nworld\n");
    assert_eq!(
        r.stderr_lossy(),
        "t.txt:2:11: error: CHECK: expected string not found in input\n\
         // CHECK: wrold\n          ^\n\
         <stdin>:1:6: note: scanning from here\n\
         hello\n     ^\n\
         <stdin>:2:1: note: possible intended match here\n\
         world\n^\n"
    );
    assert_eq!(r.exit_code, 1);
}

#[test]
fn whitespace_is_canonicalized() {
    assert_pass(&fc("CHECK: a   b\tc\n", "a b \t  c\n"));
    assert_pass(&fc("CHECK:    trailing and leading   \n", "trailing and leading\n"));
    // But at least one space is still required.
    assert_fail(&fc("CHECK: a b\n", "ab\n"), 1, &[]);
}

#[test]
fn strict_whitespace() {
    let o = Options { strict_whitespace: true, ..opts() };
    assert_fail(&fc_with(&o, "CHECK: a  b\n", "a b\n"), 1, &[]);
    assert_pass(&fc_with(&o, "CHECK: a\tb\n", "a\tb\n"));
}

#[test]
fn empty_pattern_is_an_error() {
    assert_fail(&fc("CHECK:\n", "x\n"), 2, &["error: found empty check string with prefix 'CHECK:'"]);
}

// ------------------------------------------------------------- CHECK-NEXT

#[test]
fn check_next() {
    assert_pass(&fc("CHECK: a\nCHECK-NEXT: b\nCHECK-NEXT: c\n", "a\nb\nc\n"));
    assert_fail(
        &fc("CHECK: a\nCHECK-NEXT: b\n", "a\nx\nb\n"),
        1,
        &[
            "t.txt:2:13: error: CHECK-NEXT: is not on the line after the previous match",
            "note: 'next' match was here",
            "note: previous match ended here",
            "note: non-matching line after previous match is here",
        ],
    );
    assert_fail(&fc("CHECK: a\nCHECK-NEXT: b\n", "a b\n"), 1, &["CHECK-NEXT: is on the same line as previous match"]);
    assert_fail(&fc("CHECK: a\nCHECK-NEXT: b\n", "a\nc\n"), 1, &["CHECK-NEXT: expected string not found in input"]);
    assert_fail(&fc("CHECK-NEXT: a\n", "a\n"), 2, &["found 'CHECK-NEXT' without previous 'CHECK: line"]);
}

// ------------------------------------------------------------- CHECK-SAME

#[test]
fn check_same() {
    assert_pass(&fc("CHECK: a\nCHECK-SAME: b\nCHECK-SAME: c\n", "a b c\n"));
    assert_fail(
        &fc("CHECK: a\nCHECK-SAME: c\n", "a b\nc\n"),
        1,
        &["t.txt:2:13: error: CHECK-SAME: is not on the same line as the previous match"],
    );
    assert_fail(&fc("CHECK-SAME: a\n", "a\n"), 2, &["found 'CHECK-SAME' without previous 'CHECK: line"]);
    // `{{^}}` anchors to the end of the previous match.
    assert_pass(&fc("CHECK: a\nCHECK-SAME: {{^}}b\n", "ab\n"));
    assert_fail(&fc("CHECK: a\nCHECK-SAME: {{^}}b\n", "a b\n"), 1, &[]);
}

// -------------------------------------------------------------- CHECK-NOT

#[test]
fn check_not() {
    assert_pass(&fc("CHECK: a\nCHECK-NOT: bad\nCHECK: b\n", "a\nok\nb\nbad\n"));
    let r = fc("CHECK: a\nCHECK-NOT: bad\nCHECK: end\n", "a\nbad\nend\n");
    assert_eq!(
        r.stderr_lossy(),
        "t.txt:2:12: error: CHECK-NOT: excluded string found in input\nCHECK-NOT: bad\n           ^\n\
         <stdin>:2:1: note: found here\nbad\n^~~\n"
    );
    assert_eq!(r.exit_code, 1);
    // Trailing CHECK-NOT checks up to the end of the input.
    assert_fail(&fc("CHECK: a\nCHECK-NOT: b\n", "a\nb\n"), 1, &["excluded string found"]);
    // Leading CHECK-NOT checks from the start.
    assert_fail(&fc("CHECK-NOT: a\nCHECK: b\n", "a\nb\n"), 1, &["excluded string found"]);
    assert_pass(&fc("CHECK-NOT: x\n", "abc\n"));
    // Every failing CHECK-NOT is reported.
    let r = fc("CHECK-NOT: a\nCHECK-NOT: b\nCHECK: c\n", "a b c\n");
    assert_eq!(r.stderr_lossy().matches("excluded string found in input").count(), 2);
}

// -------------------------------------------------------------- CHECK-DAG

#[test]
fn check_dag() {
    assert_pass(&fc("CHECK-DAG: b\nCHECK-DAG: a\nCHECK: c\n", "a\nb\nc\n"));
    assert_fail(&fc("CHECK-DAG: a\nCHECK-DAG: z\n", "a\nb\n"), 1, &["CHECK-DAG: expected string not found in input"]);
    // Matches of one DAG group may not overlap.
    assert_fail(&fc("CHECK-DAG: x\nCHECK-DAG: x\n", "x\n"), 1, &["CHECK-DAG: expected string not found"]);
    assert_pass(&fc("CHECK-DAG: x\nCHECK-DAG: x\n", "x\nx\n"));
    let o = Options { allow_deprecated_dag_overlap: true, ..opts() };
    assert_pass(&fc_with(&o, "CHECK-DAG: x\nCHECK-DAG: x\n", "x\n"));
    // A CHECK-NOT between DAG groups applies to the gap between them.
    assert_fail(
        &fc("CHECK-DAG: alpha\nCHECK-NOT: bad\nCHECK-DAG: beta\n", "alpha\nbad\nbeta\n"),
        1,
        &["CHECK-NOT: excluded string found"],
    );
    assert_pass(&fc("CHECK-DAG: alpha\nCHECK-NOT: bad\nCHECK-DAG: beta\n", "alpha\nbeta\nbad\n"));
    // DAG matches must precede the following CHECK.
    assert_fail(&fc("CHECK-DAG: a\nCHECK: b\n", "b\na\n"), 1, &[]);
    // Variables defined by DAG matches are usable later.
    assert_pass(&fc(
        "CHECK-DAG: [[X:[0-9]+]] = a\nCHECK-DAG: [[Y:[0-9]+]] = b\nCHECK: use [[X]] [[Y]]\n",
        "2 = b\n1 = a\nuse 1 2\n",
    ));
}

// ------------------------------------------------------------ CHECK-LABEL

#[test]
fn check_label() {
    let check = "CHECK-LABEL: func @f\nCHECK: ret 1\nCHECK-LABEL: func @g\nCHECK: ret 2\n";
    assert_pass(&fc(check, "func @f\nret 1\nfunc @g\nret 2\n"));
    // A CHECK cannot match across a label boundary.
    assert_fail(&fc(check, "func @f\nfunc @g\nret 1\nret 2\n"), 1, &["t.txt:2:8: error: CHECK: expected string"]);
    // Errors in different label blocks are all reported.
    let r = fc(check, "func @f\nret 0\nfunc @g\nret 0\n");
    assert_eq!(r.stderr_lossy().matches("expected string not found").count(), 2, "{}", r.stderr_lossy());
    // A missing label stops checking at once.
    assert_fail(&fc(check, "func @f\nret 1\n"), 1, &["CHECK-LABEL: expected string not found in input"]);
    assert_fail(&fc("CHECK-LABEL: f[[X:.*]]\n", "f1\n"), 2, &["found 'CHECK-LABEL:' with variable definition or use"]);
}

// ------------------------------------------------------------ CHECK-COUNT

#[test]
fn check_count() {
    assert_pass(&fc("CHECK-COUNT-3: x\nCHECK-NOT: x\n", "x\nx x\n"));
    assert_fail(
        &fc("CHECK-COUNT-3: x\n", "x\nx\n"),
        1,
        &["CHECK-COUNT: expected string not found in input (3 out of 3)"],
    );
    assert_fail(&fc("CHECK-COUNT-0: x\n", "x\n"), 2, &["invalid count in -COUNT specification on prefix 'CHECK'"]);
    assert_fail(&fc("CHECK-COUNT-x: x\n", "x\n"), 2, &["invalid count"]);
    assert_pass(&fc("CHECK-COUNT-2: a\nCHECK-NEXT: b\n", "a\na\nb\n"));
}

// ------------------------------------------------------------ CHECK-EMPTY

#[test]
fn check_empty() {
    assert_pass(&fc("CHECK: a\nCHECK-EMPTY:\nCHECK-NEXT: b\n", "a\n\nb\n"));
    assert_pass(&fc("CHECK: a\nCHECK-EMPTY:\n", "a\n\n"));
    assert_fail(
        &fc("CHECK: a\nCHECK-EMPTY:\n", "a\nb\n\n"),
        1,
        &["CHECK-EMPTY: is not on the line after the previous match"],
    );
    assert_fail(&fc("CHECK: a\nCHECK-EMPTY:\n", "a\nb\nc"), 1, &["CHECK-EMPTY: expected string not found"]);
    // A newline at the very end of the input counts as an empty line.
    assert_fail(&fc("CHECK: a\nCHECK-EMPTY:\n", "a\nb\n"), 1, &["CHECK-EMPTY: is not on the line after"]);
    assert_fail(&fc("CHECK: a\nCHECK-EMPTY: x\n", "a\n\n"), 2, &["found non-empty check string for empty check"]);
    assert_fail(&fc("CHECK-EMPTY:\n", "\n"), 2, &["found 'CHECK-EMPTY' without previous 'CHECK: line"]);
}

// --------------------------------------------------------------- prefixes

#[test]
fn custom_prefixes() {
    assert_pass(&fc_args(&["--check-prefixes=FOO,BAR"], "FOO: a\nBAR-NEXT: b\nCHECK: ignored\n", "a\nb\n"));
    assert_pass(&fc_args(&["-check-prefix", "FOO"], "FOO-DAG: b\nFOO-DAG: a\n", "a b\n"));
    assert_fail(
        &fc_args(&["--check-prefixes=FOO,BAR"], "FOO: a\n", "a\n"),
        2,
        &["no check strings found with prefix 'BAR:'"],
    );
    assert_pass(&fc_args(&["--check-prefixes=FOO,BAR", "--allow-unused-prefixes"], "FOO: a\n", "a\n"));
    assert_fail(&fc("nothing\n", "a\n"), 2, &["error: no check strings found with prefix 'CHECK:'"]);
    assert_fail(&fc_args(&["--check-prefix="], "x\n", "x\n"), 2, &["prefix must not be the empty string"]);
    assert_fail(&fc_args(&["--check-prefix=A.B"], "x\n", "x\n"), 2, &["must start with a letter"]);
    assert_fail(
        &fc_args(&["--check-prefix=COM"], "x\n", "x\n"),
        2,
        &["must be unique among check and comment prefixes"],
    );
    // Longest prefix wins at the same position.
    assert_pass(&fc_args(&["--check-prefixes=A,AB"], "AB: y\nA: x\n", "y\nx\n"));
}

#[test]
fn prefix_must_start_a_word_and_end_with_colon() {
    // XCHECK / CHECK-FOO / "CHECK " are not directives.
    assert_pass(&fc("XCHECK: nope\nCHECK-FOO: nope\nCHECK nope\nCHECK-NEXT nope\nCHECK: a\n", "a\n"));
    assert_pass(&fc("(CHECK: a)\n", "a)\n"));
    assert_fail(&fc("CHECK_NEXT: a\n", "a\n"), 2, &["t.txt:1:1: error: misspelled directive 'CHECK_NEXT:'"]);
    assert_fail(&fc("CHECK-NOT-DAG: a\n", "a\n"), 2, &["unsupported -NOT combo on prefix 'CHECK'"]);
}

#[test]
fn comments_are_ignored() {
    assert_pass(&fc("COM: CHECK: never\n// RUN: tool %s | FileCheck %s\nCHECK: a\n", "a\n"));
    assert_pass(&fc_args(&["--comment-prefixes=NOTE"], "NOTE: CHECK: never\nCHECK: a\n", "a\n"));
    assert_fail(&fc("COM: CHECK: a\n", "a\n"), 2, &["no check strings found"]);
}

#[test]
fn literal_modifier() {
    assert_pass(&fc("CHECK{LITERAL}: [[x]] {{y}}\n", "[[x]] {{y}}\n"));
    assert_pass(&fc("CHECK-COUNT-2{LITERAL}: [[a]]\n", "[[a]] [[a]]\n"));
    assert_fail(&fc("CHECK-NEXT{LITERAL}: x\n", "x\n"), 2, &[]);
}

// ------------------------------------------------------------------ regex

#[test]
fn regex_patterns() {
    assert_pass(&fc("CHECK: %{{[0-9]+}} = add {{i32|i64}}\n", "%12 = add i64\n"));
    assert_pass(&fc("CHECK: {{[[:digit:]]+}}{{[[:space:]]}}x\n", "42 x\n"));
    assert_pass(&fc("CHECK: a{{.*}}z\n", "a middle z\n"));
    // `.` does not match a newline.
    assert_fail(&fc("CHECK: a{{.*}}z\n", "a\nz\n"), 1, &[]);
    // BSD regex: `\s` is just `s`.
    assert_pass(&fc("CHECK: a{{\\s}}b\n", "asb\n"));
    assert_fail(&fc("CHECK: a{{\\s}}b\n", "a b\n"), 1, &[]);
    // Special characters outside {{}} are literal.
    assert_pass(&fc("CHECK: a.b*c(d)+[e]\n", "a.b*c(d)+[e]\n"));
    assert_fail(&fc("CHECK: a.b\n", "axb\n"), 1, &[]);
}

#[test]
fn regex_errors() {
    assert_fail(
        &fc("CHECK: {{a**}}\n", "a\n"),
        2,
        &["t.txt:1:10: error: invalid regex: repetition-operator operand invalid"],
    );
    assert_fail(&fc("CHECK: a{{}}b\n", "ab\n"), 2, &["invalid regex: empty (sub)expression"]);
    assert_fail(&fc("CHECK: {{[a}}\n", "a\n"), 2, &["invalid regex: brackets ([ ]) not balanced"]);
    assert_fail(&fc("CHECK: {{a\n", "a\n"), 2, &["found start of regex string with no end '}}'"]);
}

#[test]
fn regex_leftmost_longest() {
    // POSIX semantics: the alternation takes the longest match.
    assert_pass(&fc("CHECK: [[X:a|ab]]\nCHECK-SAME: {{^}}c\n", "abc\n"));
}

// -------------------------------------------------------------- variables

#[test]
fn string_variables() {
    assert_pass(&fc("CHECK: %[[V:[0-9]+]] = const\nCHECK: use %[[V]]\n", "%7 = const\nuse %7\n"));
    assert_fail(
        &fc("CHECK: %[[V:[0-9]+]] = const\nCHECK: use %[[V]]\n", "%7 = const\nuse %8\n"),
        1,
        &["note: with \"V\" equal to \"7\""],
    );
    // Same-line definition and use (back-reference).
    assert_pass(&fc("CHECK: [[A:[a-z]+]] + [[A]]\n", "x + y\nz + z\n"));
    assert_fail(&fc("CHECK: [[A:[a-z]+]] + [[A]]\n", "x + y\n"), 1, &[]);
    // Values are escaped when substituted.
    assert_pass(&fc("CHECK: [[V:a.c]]\nCHECK: [[V]]\n", "a.c\na.c\n"));
    assert_fail(&fc("CHECK: [[V:a.c]]\nCHECK: [[V]]\n", "a.c\nabc\n"), 1, &[]);
    // Redefinition.
    assert_pass(&fc("CHECK: [[X:a]]\nCHECK: [[X:b]]\nCHECK: [[X]]\n", "a\nb\nb\n"));
}

#[test]
fn variable_errors() {
    assert_fail(&fc("CHECK: x [[X]]\n", "x\n"), 1, &["t.txt:1:12: error: undefined variable: X"]);
    assert_fail(&fc("CHECK: [[1X:a]]\n", "a\n"), 2, &["invalid variable name"]);
    assert_fail(&fc("CHECK: [[ X:a]]\n", "a\n"), 2, &["unexpected whitespace"]);
    assert_fail(&fc("CHECK: [[X\n", "a\n"), 2, &["Invalid substitution block, no ]] found"]);
    // FileCheck exits with status 1 for this one.
    assert_fail(&fc("CHECK: [[X]\n", "a\n"), 1, &["missing closing \"]\" for regex variable"]);
}

#[test]
fn variable_scope() {
    let check = "CHECK-LABEL: f1\nCHECK: [[V:[0-9]+]]\nCHECK-LABEL: f2\nCHECK: [[V]]\n";
    assert_pass(&fc(check, "f1\n5\nf2\n5\n"));
    assert_fail(&fc_args(&["--enable-var-scope"], check, "f1\n5\nf2\n5\n"), 1, &["undefined variable: V"]);
    let global = "CHECK-LABEL: f1\nCHECK: [[$V:[0-9]+]]\nCHECK-LABEL: f2\nCHECK: [[$V]]\n";
    assert_pass(&fc_args(&["--enable-var-scope"], global, "f1\n5\nf2\n5\n"));
}

#[test]
fn command_line_defines() {
    assert_pass(&fc_args(&["-DNAME=x", "-D#VAL=41"], "CHECK: [[NAME]] = [[#VAL+1]]\n", "x = 42\n"));
    assert_pass(&fc_args(&["-D", "NAME=a b"], "CHECK: [[NAME]]\n", "a b\n"));
    assert_fail(
        &fc_args(&["-DNAME"], "CHECK: a\n", "a\n"),
        2,
        &["Missing equal sign in command-line definition '-DNAME'"],
    );
    assert_fail(&fc_args(&["-D=x"], "CHECK: a\n", "a\n"), 2, &["Missing variable name"]);
    assert_fail(&fc_args(&["-DX+1=a"], "CHECK: a\n", "a\n"), 2, &["invalid name in string variable definition 'X+1'"]);
    assert_fail(&fc_args(&["-D#N=M+1"], "CHECK: a\n", "a\n"), 2, &["undefined variable: M"]);
}

#[test]
fn numeric_variables() {
    assert_pass(&fc("CHECK: x=[[#N:]]\nCHECK: y=[[#N+1]]\n", "x=5\ny=6\n"));
    let r = fc("CHECK: x=[[#N:]]\nCHECK: y=[[#N+1]]\n", "x=5\ny=7\n");
    assert_fail(&r, 1, &["note: with \"N+1\" equal to \"6\""]);
    assert_pass(&fc("CHECK: [[#%x,A:]]\nCHECK: [[#A+1]] [[#%X,mul(A,2)]] [[#%d,A-300]]\n", "ff\n100 1FE -45\n"));
    assert_pass(&fc("CHECK: [[#%.3u,N:]]\nCHECK: [[#N+1]]\n", "007\n008\n"));
    assert_pass(&fc(
        "CHECK: [[#add(1,2)]] [[#max(1,sub(5,1))]] [[#0x10]] [[#M:5+1]]\nCHECK: [[#M]]\n",
        "3 4 16 6\n6\n",
    ));
    assert_pass(&fc("\nCHECK: line [[#@LINE]] prev [[@LINE-1]] next [[@LINE+1]]\n", "line 2 prev 1 next 3\n"));
}

#[test]
fn numeric_errors() {
    assert_fail(
        &fc("CHECK: [[#N:]] [[#N]]\n", "1 1\n"),
        2,
        &["numeric variable 'N' defined earlier in the same CHECK directive"],
    );
    assert_fail(
        &fc("CHECK: [[#%x,A:]] [[#B:]]\nCHECK: [[#A+B]]\n", "a 1\nb\n"),
        2,
        &["implicit format conflict between 'A' (%x) and 'B' (%u), need an explicit format specifier"],
    );
    assert_fail(&fc("CHECK: [[#N*2]]\n", "1\n"), 2, &["unsupported operation '*'"]);
    assert_fail(&fc("CHECK: [[#foo(1,2)]]\n", "1\n"), 2, &["call to undefined function 'foo'"]);
    assert_fail(&fc("CHECK: [[#N:]]\nCHECK: [[#N-10]]\n", "5\n-5\n"), 1, &["overflow error"]);
    assert_fail(
        &fc("CHECK: [[#%x,N:]]\nCHECK: [[#N:]]\n", "a\n1\n"),
        2,
        &["format different from previous variable definition"],
    );
    assert_fail(&fc("CHECK: [[X:a]] [[#X:]]\n", "a 1\n"), 2, &["string variable with name 'X' already exists"]);
}

// ---------------------------------------------------------------- options

#[test]
fn implicit_check_not() {
    let r = fc_args(&["--implicit-check-not=warning"], "CHECK: a\nCHECK: c\n", "a\nwarning\nc\n");
    assert_fail(
        &r,
        1,
        &["command line:1:22: error: IMPLICIT-CHECK-NOT: excluded string found in input\n-implicit-check-not='warning'\n"],
    );
    assert_pass(&fc_args(&["--implicit-check-not", "warning"], "CHECK: a\n", "a\nok\n"));
    // Implicit patterns also apply after the last check and with regexes.
    assert_fail(&fc_args(&["--implicit-check-not={{err(or)?}}"], "CHECK: a\n", "a\nerr\n"), 1, &[]);
    // With only implicit checks and the default prefix, no directive is needed.
    assert_pass(&fc_args(&["--implicit-check-not=x"], "no directives\n", "a\n"));
}

#[test]
fn match_full_lines() {
    assert_fail(&fc_args(&["--match-full-lines"], "CHECK: foo\n", "foo bar\n"), 1, &[]);
    assert_pass(&fc_args(&["--match-full-lines"], "CHECK: foo bar\n", "  foo bar  \n"));
    // With both options even the space after the colon is significant.
    assert_fail(&fc_args(&["--match-full-lines", "--strict-whitespace"], "CHECK: foo\n", "foo\n"), 1, &[]);
    assert_pass(&fc_args(&["--match-full-lines", "--strict-whitespace"], "CHECK: foo\n", " foo\n"));
    // CHECK-NOT is not anchored.
    assert_fail(&fc_args(&["--match-full-lines"], "CHECK-NOT: x\nCHECK: y\n", "x y\ny\n"), 1, &[]);
}

#[test]
fn ignore_case() {
    assert_pass(&fc_args(&["--ignore-case"], "CHECK: HELLO {{WORLD}}\n", "hello world\n"));
    assert_fail(&fc("CHECK: HELLO\n", "hello\n"), 1, &[]);
}

#[test]
fn empty_input() {
    assert_fail(&fc("CHECK: a\n", ""), 2, &["FileCheck error: '<stdin>' is empty."]);
    assert_pass(&fc_args(&["--allow-empty"], "CHECK-NOT: a\n", ""));
    assert_fail(&fc_args(&["--allow-empty"], "CHECK: a\n", ""), 1, &[]);
}

#[test]
fn crlf_is_normalized() {
    assert_pass(&fc("CHECK: a\r\nCHECK-NEXT: b\r\n", "a\r\nb\r\n"));
}

#[test]
fn dump_input() {
    let o = Options::default();
    let r = fc_with(&o, "CHECK: a\nCHECK: zzz\n", "a\nb\n");
    assert_fail(
        &r,
        1,
        &["Input file: <stdin>\nCheck file: t.txt\n", "Input was:\n<<<<<<\n", "error: no match found", ">>>>>>\n"],
    );
    let pass = fc_with(&o, "CHECK: a\n", "a\n");
    assert_eq!(pass.stderr_lossy(), "");
    let always = fc_args(&["--dump-input=always", "-v"], "CHECK: a\n", "a\n");
    assert_pass(&always);
    assert!(always.stderr_lossy().contains("check:1     ^"), "{}", always.stderr_lossy());
    let never = fc_with(&opts(), "CHECK: zzz\n", "a\n");
    assert!(!never.stderr_lossy().contains("Input was"));
}

#[test]
fn two_phase_api() {
    let fc = FileCheck::new(&opts(), "t.txt", b"CHECK: a\n").expect("valid check file");
    assert!(fc.check("in", b"a\n").success());
    let err = FileCheck::new(&opts(), "t.txt", b"CHECK-NEXT: a\n").err().expect("invalid check file");
    assert_eq!(err.exit_code, 2);
}

// ------------------------------------------------------------- robustness

/// Deterministic xorshift generator for the no-panic test.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() % items.len() as u64) as usize]
    }
}

#[test]
fn never_panics_on_odd_input() {
    let tokens = [
        "CHECK",
        "CHECK:",
        "CHECK-NEXT:",
        "CHECK-SAME:",
        "CHECK-NOT:",
        "CHECK-DAG:",
        "CHECK-LABEL:",
        "CHECK-EMPTY:",
        "CHECK-COUNT-2:",
        "CHECK-COUNT-99999999999:",
        "CHECK{LITERAL}:",
        "CHECK{",
        "COM:",
        "a",
        "b",
        " ",
        "\t",
        "\n",
        "\n",
        "\r",
        "{{",
        "}}",
        "[[",
        "]]",
        "X:",
        "X",
        "#",
        "#N:",
        "N",
        "+1",
        "-",
        "%x,",
        "%.",
        "[a-c]",
        ".*",
        "|",
        "(",
        ")",
        "*",
        "\\",
        "[",
        "]",
        "{",
        "}",
        "0",
        "9999999999999999999999999999999999999999",
        "=",
        ":",
        ",",
        "é",
        "\u{0}",
        "$G",
        "@LINE",
        "==",
        "add(",
        "[[:",
        ":]]",
        "{2,1}",
        "\\1",
    ];
    let mut rng = Rng(0x9e3779b97f4a7c15);
    for _ in 0..3000 {
        let n = 1 + rng.next() % 30;
        let check: String = (0..n).map(|_| rng.pick(&tokens)).collect();
        let m = rng.next() % 30;
        let input: String = (0..m).map(|_| rng.pick(&tokens)).collect();
        let mut o = Options::default();
        match rng.next() % 6 {
            0 => o.match_full_lines = true,
            1 => o.strict_whitespace = true,
            2 => o.ignore_case = true,
            3 => o.implicit_check_not.push(rng.pick(&tokens).to_string()),
            4 => o.verbose_verbose = true,
            _ => o.enable_var_scope = true,
        }
        let r = run(&o, "fuzz.txt", check.as_bytes(), "-", input.as_bytes());
        assert!(matches!(r.exit_code, 0..=2), "bad exit {} for {:?} / {:?}", r.exit_code, check, input);
    }
}

// ----------------------------------------------------------------- binary

#[test]
fn binary_exit_codes_and_stdin() {
    let ok = bin(&["check.txt"], "CHECK: hello\n", None, Some("hello\n"));
    assert_eq!(ok.code, 0, "{}", ok.stderr);
    assert_eq!(ok.stderr, "");
    let fail = bin(&["check.txt"], "CHECK: bye\n", None, Some("hello\n"));
    assert_eq!(fail.code, 1);
    assert!(fail.stderr.contains("<stdin>:1:1: note: scanning from here"), "{}", fail.stderr);
    let file = bin(&["check.txt", "--input-file", "input.txt"], "CHECK: hi\n", Some("hi\n"), None);
    assert_eq!(file.code, 0, "{}", file.stderr);
    let bad = bin(&["check.txt"], "nothing\n", None, Some("x\n"));
    assert_eq!(bad.code, 2);
}

#[test]
fn binary_option_spellings() {
    for args in [
        &["check.txt", "-check-prefix", "FOO", "-input-file", "input.txt"][..],
        &["check.txt", "--check-prefix=FOO", "--input-file=input.txt"],
        &["-check-prefixes=FOO,BAR", "-allow-unused-prefixes", "check.txt", "-input-file=input.txt"],
    ] {
        let out = bin(args, "FOO: a\nFOO-NEXT: b\n", Some("a\nb\n"), None);
        assert_eq!(out.code, 0, "{:?}: {}", args, out.stderr);
    }
    let d = bin(
        &["check.txt", "-D", "X=1", "-DY=2", "--input-file", "input.txt"],
        "CHECK: [[X]] [[Y]]\n",
        Some("1 2\n"),
        None,
    );
    assert_eq!(d.code, 0, "{}", d.stderr);
}

#[test]
fn binary_usage_errors() {
    let unknown = bin(&["--bogus", "check.txt"], "CHECK: a\n", None, Some("a\n"));
    assert_eq!(unknown.code, 2);
    assert!(unknown.stderr.contains("Unknown command line argument '--bogus'"), "{}", unknown.stderr);
    let none = bin(&[], "", None, None);
    assert_eq!(none.code, 2);
    assert!(none.stderr.contains("<check-file> not specified"));
    let two = bin(&["a", "b"], "", None, None);
    assert_eq!(two.code, 2);
    let missing = bin(&["nope.txt"], "", None, Some("a\n"));
    assert_eq!(missing.code, 2);
    assert!(
        missing.stderr.contains("Could not open check file 'nope.txt': No such file or directory"),
        "{}",
        missing.stderr
    );
    let missing_input = bin(&["check.txt", "--input-file=nope"], "CHECK: a\n", None, None);
    assert_eq!(missing_input.code, 2);
    assert!(missing_input.stderr.contains("Could not open input file 'nope'"), "{}", missing_input.stderr);
    let empty = bin(&["check.txt"], "CHECK: a\n", None, Some(""));
    assert_eq!(empty.code, 2);
    assert!(
        empty.stderr.contains("FileCheck error: '<stdin>' is empty.\nFileCheck command line: "),
        "{}",
        empty.stderr
    );
}

#[test]
fn binary_help_and_env() {
    let help = bin(&["--dump-input=help"], "", None, None);
    assert_eq!(help.code, 0);
    assert!(help.stdout.contains("Input dump annotation format"));
    let usage = bin(&["--help"], "", None, None);
    assert_eq!(usage.code, 0);
    assert!(usage.stdout.contains("USAGE"));
    let env = bin_env(
        &["check.txt"],
        "CHECK: a\n",
        None,
        Some("a\nbad\n"),
        &[("FILECHECK_OPTS", "--implicit-check-not=bad --dump-input=never")],
    );
    assert_eq!(env.code, 1);
    assert!(env.stderr.contains("IMPLICIT-CHECK-NOT: excluded string found"), "{}", env.stderr);
    assert!(!env.stderr.contains("Input was"));
}

// ----------------------------------------------------- data-driven cases

/// One `tests/filecheck_data/*.test` case: `#ARG <arg>` lines, `#EXIT <n>`,
/// then `#--- check` and `#--- input` sections (bytes kept verbatim).
struct DataCase {
    name: String,
    args: Vec<String>,
    exit: i32,
    check: Vec<u8>,
    input: Vec<u8>,
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn load_cases() -> Vec<DataCase> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/filecheck_data");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/filecheck_data exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "test"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| {
            let data = std::fs::read(p).expect("read case");
            let c = find(&data, b"#--- check\n").expect("check section");
            let i = find(&data, b"#--- input\n").expect("input section");
            let header = String::from_utf8_lossy(&data[..c]).into_owned();
            let mut args = Vec::new();
            let mut exit = None;
            for line in header.lines() {
                if let Some(a) = line.strip_prefix("#ARG ") {
                    args.push(a.to_string());
                } else if let Some(e) = line.strip_prefix("#EXIT ") {
                    exit = e.trim().parse().ok();
                }
            }
            DataCase {
                name: p.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default(),
                args,
                exit: exit.expect("#EXIT line"),
                check: data[c + 11..i].to_vec(),
                input: data[i + 11..].to_vec(),
            }
        })
        .collect()
}

fn run_case(tool: &Path, case: &DataCase) -> Output {
    let dir = temp_dir();
    std::fs::write(dir.join("check.txt"), &case.check).expect("write check");
    std::fs::write(dir.join("input.txt"), &case.input).expect("write input");
    let mut args = vec!["check.txt".to_string(), "--input-file".to_string(), "input.txt".to_string()];
    args.extend(case.args.iter().cloned());
    let out = run_tool(tool, &dir, &args, None, &[]);
    let _ = std::fs::remove_dir_all(&dir);
    out
}

#[test]
fn data_cases_have_expected_exit_status() {
    let cases = load_cases();
    assert!(cases.len() >= 25, "only {} data cases", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let out = run_case(&strata_check(), case);
        if out.code != case.exit {
            failures.push(format!("{}: expected exit {}, got {}\n{}", case.name, case.exit, out.code, out.stderr));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn find_filecheck_22() -> Option<PathBuf> {
    let fixed = PathBuf::from("/usr/bin/FileCheck-22");
    if fixed.is_file() {
        return Some(fixed);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|d| d.join("FileCheck-22")).find(|p| p.is_file())
}

#[test]
fn agrees_with_filecheck_22() {
    let Some(llvm) = find_filecheck_22() else {
        println!("note: FileCheck-22 not found; skipping the agreement test");
        return;
    };
    let cases = load_cases();
    let ours = strata_check();
    let mut disagreements = Vec::new();
    for case in &cases {
        let theirs = run_case(&llvm, case);
        let mine = run_case(&ours, case);
        // Only the echoed program name may differ.
        let norm = |s: &str, prog: &Path| s.replace(&prog.display().to_string(), "<FileCheck>");
        let (t, m) = (norm(&theirs.stderr, &llvm), norm(&mine.stderr, &ours));
        if theirs.code != mine.code || t != m {
            disagreements.push(format!(
                "{}: FileCheck-22 exit {} vs strata-check exit {}\n--- FileCheck-22:\n{}\n--- strata-check:\n{}",
                case.name, theirs.code, mine.code, t, m
            ));
        }
    }
    println!("FileCheck-22 agreement: {} cases compared", cases.len());
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
}
