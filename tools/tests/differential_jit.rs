//! Differential testing of the JIT against the interpreter (the oracle), on the external suites
//! read in place:
//!
//! - `stablehlo/interpret`: every `// -----` case, run with `--split-input-file`;
//! - `stablehlo/testdata`: every program with an interpret RUN line (as `conformance_testdata`);
//! - `jax`: every program on its `.in*.npy` inputs; the JIT's outputs must also reproduce XLA's
//!   `.out*.npy` (the tolerance of `conformance_jax`).
//!
//! Each program runs under `strata-run --interpret` and `strata-run --jit` (a subprocess each,
//! with a per-run timeout, several programs at a time). A case **agrees** when the interpreter
//! passes it, the JIT passes it too (the program's own `check.*` ops, evaluated on the host with
//! the same reference semantics) and the results both print agree: integers, booleans and
//! non-numbers exactly, floats within a tolerance of their type (f64 1e-9, f32 1e-4, 16-bit and
//! smaller floats 1e-2, relative with an absolute floor near zero; JIT code computes
//! transcendentals with other approximations and sums in other orders than the interpreter).
//! Cases the interpreter does not pass are not compared (`conformance_*` tests own them).
//!
//! Cases that do not agree yet are listed in `differential_jit_known.txt`, one per line with the
//! reason (the JIT's first error). The test fails on a disagreement outside the list, and prints
//! the listed cases that agree now. Regenerate the list from a real run with
//! `STRATA_DIFF_UPDATE_KNOWN=1 cargo test --release -p strata-tools --test differential_jit`.
//! `STRATA_DIFF_TIMEOUT` (seconds, default 20, plus a quarter per further chunk) bounds each run; `STRATA_DIFF_JOBS` the
//! parallelism (default: the available cores); `STRATA_DIFF_FILTER` runs the cases whose id
//! contains it.

#![cfg(feature = "mlir")]

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use strata_interp::value::{npy, Data, Tensor};

const KNOWN_FILE: &str = "tests/differential_jit_known.txt";

/// One program to run under both backends.
#[derive(Clone, Debug)]
struct Program {
    /// `interpret/add.mlir`, `testdata/abs_float32_20_20.mlir`, `jax/argmax_rows`.
    id: String,
    path: PathBuf,
    split: bool,
    /// JAX: input and expected output files.
    inputs: Vec<PathBuf>,
    expected: Vec<PathBuf>,
}

/// What one run of strata-run printed, per chunk.
#[derive(Clone, Debug, Default)]
struct ChunkOut {
    passed: bool,
    results: Vec<String>,
    log: String,
}

#[derive(Debug)]
struct RunOut {
    chunks: Vec<ChunkOut>,
    /// Timed out or crashed: why.
    abnormal: Option<String>,
    seconds: f64,
}

/// The outcome of one case.
#[derive(Clone, Debug)]
enum Verdict {
    Agree,
    /// The interpreter does not pass the case: not compared.
    InterpreterFails,
    /// The JIT does not agree: why.
    Differs(String),
}

/// The time limit of one strata-run process over `chunks` chunks: `STRATA_DIFF_TIMEOUT` (20 s
/// by default) plus a quarter of it per further chunk (each chunk is compiled on its own).
fn timeout(chunks: usize) -> Duration {
    let base = std::env::var("STRATA_DIFF_TIMEOUT").ok().and_then(|v| v.parse().ok()).unwrap_or(20.0);
    Duration::from_secs_f64(base * (1.0 + 0.25 * chunks.saturating_sub(1) as f64))
}

/// Runs strata-run with `args`, stdout and stderr into one file (so results and chunk summaries
/// stay in order), killed after the timeout.
fn strata_run(args: &[String], chunks: usize, scratch: &Path) -> (Option<i32>, String, Option<String>, f64) {
    let log = scratch.with_extension("log");
    let f = std::fs::File::create(&log).expect("scratch file");
    let t = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_strata-run"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::from(f.try_clone().expect("dup")))
        .stderr(Stdio::from(f))
        .spawn()
        .expect("strata-run starts");
    let limit = timeout(chunks);
    let mut abnormal = None;
    let status = loop {
        match child.try_wait().expect("wait") {
            Some(s) => break Some(s),
            None if t.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                abnormal = Some(format!("timed out after {:.0} s", limit.as_secs_f64()));
                break None;
            }
            None => std::thread::sleep(Duration::from_millis(5)),
        }
    };
    let secs = t.elapsed().as_secs_f64();
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    let _ = std::fs::remove_file(&log);
    let code = status.and_then(|s| s.code());
    if let Some(st) = status.filter(|_| !matches!(code, Some(0) | Some(1))) {
        abnormal = Some(format!("crashed ({st:?})"));
    }
    (code, text, abnormal, secs)
}

/// Splits a run's output into chunks at the `strata-run: chunk N (...): ...` summaries (with
/// `--split-input-file`) or takes it whole (the exit status decides).
fn parse_run(code: Option<i32>, text: &str, split: bool, n_chunks: usize) -> Vec<ChunkOut> {
    let mut chunks = Vec::new();
    let mut cur = ChunkOut::default();
    for line in text.lines() {
        if split && line.starts_with("strata-run: chunk ") {
            cur.passed = line.trim_end().ends_with("PASSED");
            cur.log.push_str(line);
            chunks.push(std::mem::take(&mut cur));
            continue;
        }
        if line.starts_with("dense<") {
            cur.results.push(line.to_string());
        } else {
            cur.log.push_str(line);
            cur.log.push('\n');
        }
    }
    if !split {
        cur.passed = code == Some(0);
        chunks.push(cur);
    }
    chunks.truncate(n_chunks);
    chunks
}

fn run_program(p: &Program, jit: bool, scratch: &Path) -> RunOut {
    let mut args: Vec<String> = vec![if jit { "--jit" } else { "--interpret" }.into()];
    if p.split {
        args.push("--split-input-file".into());
    }
    args.push(p.path.display().to_string());
    if !p.inputs.is_empty() {
        args.push("--inputs".into());
        args.push(p.inputs.iter().map(|x| x.display().to_string()).collect::<Vec<_>>().join(","));
    }
    if !p.expected.is_empty() {
        args.push("--output-dir".into());
        args.push(scratch.join(if jit { "jit" } else { "interp" }).display().to_string());
    }
    let n = if p.split {
        strata_tools::split::split(&std::fs::read_to_string(&p.path).unwrap_or_default(), "// -----", true).len()
    } else {
        1
    };
    let (code, text, abnormal, seconds) = strata_run(&args, n, scratch);
    let mut chunks = parse_run(code, &text, p.split, n);
    if abnormal.is_some() || chunks.len() < n {
        // A crash or timeout: the chunks that did not report fail with the whole log.
        let why = abnormal.clone().unwrap_or_else(|| "a chunk did not report (crash midway)".into());
        while chunks.len() < n {
            chunks.push(ChunkOut { passed: false, results: vec![], log: format!("{why}\n{text}") });
        }
    }
    RunOut { chunks, abnormal, seconds }
}

// ----- comparing results -----

/// Relative tolerance and absolute floor for an element type name.
fn tolerance(elem: &str) -> Option<(f64, f64)> {
    match elem {
        "f64" => Some((1e-9, 1e-6)),
        "f32" => Some((1e-4, 1e-2)),
        e if e.starts_with('f') || e.starts_with("bf") => Some((1e-2, 1e-1)),
        e if e.starts_with("complex<f64") => Some((1e-9, 1e-6)),
        e if e.starts_with("complex<f32") => Some((1e-4, 1e-2)),
        _ => None,
    }
}

/// The element type of a printed result `dense<...> : tensor<2x3xf32>`.
fn elem_type(line: &str) -> &str {
    let ty = line.rsplit_once(" : ").map_or("", |(_, t)| t).trim();
    let inner = ty.strip_prefix("tensor<").and_then(|t| t.strip_suffix('>')).unwrap_or(ty);
    // the element type follows the last 'x' that ends a dimension
    let mut rest = inner;
    while let Some((d, r)) = rest.split_once('x') {
        if d.chars().all(|c| c.is_ascii_digit() || c == '?') && !d.is_empty() {
            rest = r;
        } else {
            break;
        }
    }
    rest
}

fn tokens(s: &str) -> Vec<&str> {
    s.split(['[', ']', ',', ' ', '(', ')', '<', '>']).filter(|t| !t.is_empty()).collect()
}

fn float_of(t: &str) -> Option<f64> {
    if let Some(h) = t.strip_prefix("0x") {
        // NaN/inf bit patterns (f32 or f64)
        let bits = u64::from_str_radix(h, 16).ok()?;
        return Some(if h.len() <= 8 { f32::from_bits(bits as u32) as f64 } else { f64::from_bits(bits) });
    }
    t.parse().ok()
}

fn close(a: f64, b: f64, rel: f64, floor: f64) -> bool {
    (a.is_nan() && b.is_nan()) || a == b || (a - b).abs() <= rel * b.abs().max(floor)
}

/// Whether two printed results agree; `Err` says where they differ.
fn compare_lines(interp: &str, jit: &str) -> Result<(), String> {
    if interp == jit {
        return Ok(());
    }
    let ty = elem_type(interp);
    if ty != elem_type(jit) {
        return Err(format!("result types differ: {} vs {}", ty, elem_type(jit)));
    }
    let (a, b) = (tokens(interp), tokens(jit));
    if a.len() != b.len() {
        return Err("results differ in shape".into());
    }
    let tol = tolerance(ty);
    for (i, (x, y)) in a.iter().zip(&b).enumerate() {
        if x == y {
            continue;
        }
        let ok = match (tol, float_of(x), float_of(y)) {
            (Some((rel, floor)), Some(u), Some(v)) => close(v, u, rel, floor),
            _ => false,
        };
        if !ok {
            return Err(format!("results differ at token {i}: interpreter {x}, jit {y} ({ty})"));
        }
    }
    Ok(())
}

fn as_f64(t: &Tensor) -> Option<Vec<f64>> {
    match t.data() {
        Data::F32(v) => Some(v.iter().map(|&x| x as f64).collect()),
        Data::F64(v) => Some(v.clone()),
        _ => None,
    }
}

/// `conformance_jax`'s rule: integers exactly, floats relative 1e-4 with a floor of 1e-2.
fn compare_tensors(got: &Tensor, want: &Tensor) -> Result<(), String> {
    if got.shape() != want.shape() || got.element_type() != want.element_type() {
        return Err(format!("got a {}, want a {}", got.type_string(), want.type_string()));
    }
    match (as_f64(got), as_f64(want)) {
        (Some(g), Some(w)) => {
            for (i, (&a, &b)) in g.iter().zip(&w).enumerate() {
                if !close(a, b, 1e-4, 1e-2) {
                    return Err(format!("element {i}: got {a:e}, want {b:e}"));
                }
            }
            Ok(())
        }
        _ if got.bitwise_eq(want) => Ok(()),
        _ => Err("integer/boolean elements differ".into()),
    }
}

/// The first error line of a log, without its `file:line:col: ` prefix (a KNOWN reason).
fn reason(log: &str) -> String {
    let line = log
        .lines()
        .find(|l| l.contains("error:") || l.contains("timed out") || l.contains("crashed"))
        .unwrap_or_else(|| log.lines().next().unwrap_or("no output"));
    let r = match line.find("error: ") {
        Some(i) => &line[i + 7..],
        None => line,
    };
    let r: String = r.chars().take(200).collect();
    r.trim().to_string()
}

fn judge(p: &Program, scratch: &Path) -> Vec<(String, Verdict, f64)> {
    let interp = run_program(p, false, scratch);
    let jit = run_program(p, true, scratch);
    let multi = interp.chunks.len() > 1 || p.split;
    let mut out = Vec::new();
    for (k, (i, j)) in interp.chunks.iter().zip(&jit.chunks).enumerate() {
        let id = if multi { format!("{}#{}", p.id, k + 1) } else { p.id.clone() };
        let v = if !i.passed {
            Verdict::InterpreterFails
        } else if !j.passed {
            Verdict::Differs(if let Some(a) = &jit.abnormal { a.clone() } else { reason(&j.log) })
        } else if i.results.len() != j.results.len() {
            Verdict::Differs(format!("{} results vs {}", i.results.len(), j.results.len()))
        } else {
            match i.results.iter().zip(&j.results).map(|(a, b)| compare_lines(a, b)).find(|r| r.is_err()) {
                Some(Err(e)) => Verdict::Differs(e),
                _ => Verdict::Agree,
            }
        };
        out.push((id, v, jit.seconds));
    }
    // JAX: the npy outputs against each other and against XLA's.
    if !p.expected.is_empty() {
        if let Some((_, v @ Verdict::Agree, _)) = out.first_mut() {
            for (n, want) in p.expected.iter().enumerate() {
                let read = |who: &str| npy::read_npy_file(scratch.join(who).join(format!("out{n}.npy")), None);
                let r = match (read("interp"), read("jit"), npy::read_npy_file(want, None)) {
                    (Ok(a), Ok(b), Ok(x)) => compare_tensors(&b, &a)
                        .map_err(|e| format!("out{n} vs the interpreter: {e}"))
                        .and_then(|_| compare_tensors(&b, &x).map_err(|e| format!("out{n} vs XLA: {e}"))),
                    (a, b, x) => Err(format!(
                        "out{n}: cannot read ({:?} {:?} {:?})",
                        a.err().map(|e| e.to_string()),
                        b.err().map(|e| e.to_string()),
                        x.err().map(|e| e.to_string())
                    )),
                };
                if let Err(e) = r {
                    *v = Verdict::Differs(e);
                    break;
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(scratch);
    out
}

// ----- collecting the programs -----

fn numbered(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    (0..).map(|i| dir.join(format!("{prefix}{i}.npy"))).take_while(|p| p.exists()).collect()
}

fn programs() -> Vec<Program> {
    let mut ps = Vec::new();
    if let Some(dir) = common::suite("stablehlo/interpret") {
        for f in common::mlir_files(&dir) {
            let rel = f.strip_prefix(&dir).unwrap().display().to_string();
            ps.push(Program { id: format!("interpret/{rel}"), path: f, split: true, inputs: vec![], expected: vec![] });
        }
    }
    if let Some(dir) = common::suite("stablehlo/testdata") {
        for f in common::mlir_files(&dir) {
            let text = std::fs::read_to_string(&f).expect("readable");
            let Some(run) = common::run_lines(&text).into_iter().find(|l| l.contains("--interpret")) else { continue };
            let rel = f.strip_prefix(&dir).unwrap().display().to_string();
            let split = run.contains("split-input-file");
            ps.push(Program { id: format!("testdata/{rel}"), path: f, split, inputs: vec![], expected: vec![] });
        }
    }
    if let Some(dir) = common::suite("jax") {
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .expect("readable")
            .filter_map(|e| e.ok()?.file_name().to_str()?.strip_suffix(".mlir").map(String::from))
            .collect();
        names.sort();
        for name in names {
            ps.push(Program {
                id: format!("jax/{name}"),
                path: dir.join(format!("{name}.mlir")),
                split: false,
                inputs: numbered(&dir, &format!("{name}.in")),
                expected: numbered(&dir, &format!("{name}.out")),
            });
        }
    }
    ps
}

fn known() -> BTreeMap<String, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(KNOWN_FILE);
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once(" | ").map(|(a, b)| (a.trim().to_string(), b.trim().to_string())))
        .collect()
}

#[test]
fn jit_agrees_with_the_interpreter() {
    let mut ps = programs();
    if let Ok(f) = std::env::var("STRATA_DIFF_FILTER") {
        ps.retain(|p| p.id.contains(&f));
    }
    // Longest first would need sizes; the biggest files are the slowest, so start with them.
    ps.sort_by_key(|p| std::cmp::Reverse(std::fs::metadata(&p.path).map(|m| m.len()).unwrap_or(0)));
    let jobs = std::env::var("STRATA_DIFF_JOBS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()));
    let tmp = std::env::temp_dir().join(format!("strata-diff-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(String, Verdict, f64)>> = Mutex::new(Vec::new());
    let t0 = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..jobs.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(p) = ps.get(i) else { break };
                let scratch = tmp.join(format!("p{i}"));
                std::fs::create_dir_all(&scratch).unwrap();
                let r = judge(p, &scratch);
                results.lock().unwrap().extend(r);
            });
        }
    });
    let _ = std::fs::remove_dir_all(&tmp);
    let mut results = results.into_inner().unwrap();
    results.sort_by(|a, b| a.0.cmp(&b.0));
    let known = known();

    // Table per suite.
    let mut table: BTreeMap<&str, (usize, usize, usize)> = BTreeMap::new();
    for (id, v, _) in &results {
        let suite = id.split('/').next().unwrap();
        let e = table.entry(suite).or_default();
        match v {
            Verdict::InterpreterFails => e.2 += 1,
            Verdict::Agree => {
                e.0 += 1;
                e.1 += 1
            }
            Verdict::Differs(_) => e.1 += 1,
        }
    }
    println!(
        "{:<12} {:>16} {:>8}   (cases the interpreter passes; not compared: interpreter fails)",
        "suite", "jit agrees", "%"
    );
    for (s, (a, n, f)) in &table {
        println!("{s:<12} {a:>7}/{n:<8} {:>7.1}%   not compared: {f}", 100.0 * *a as f64 / (*n).max(1) as f64);
    }
    let mut slow: Vec<&(String, Verdict, f64)> = results.iter().collect();
    slow.sort_by(|a, b| b.2.total_cmp(&a.2));
    println!(
        "\nslowest JIT runs: {}",
        slow.iter().take(5).map(|(i, _, t)| format!("{i} {t:.1}s")).collect::<Vec<_>>().join(", ")
    );
    println!("wall time {:.0} s with {jobs} jobs", t0.elapsed().as_secs_f64());

    let mut unexpected = Vec::new();
    let mut now_agree = Vec::new();
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    let seen: BTreeSet<&str> = results.iter().map(|r| r.0.as_str()).collect();
    for (id, v, _) in &results {
        match (v, known.get(id)) {
            (Verdict::Agree, Some(_)) => now_agree.push(id.clone()),
            (Verdict::Differs(why), None) => unexpected.push(format!("{id} | {why}")),
            (Verdict::Differs(why), Some(_)) => {
                let key: String = why.chars().take(70).collect();
                *reasons.entry(key).or_default() += 1;
            }
            _ => {}
        }
    }
    let mut by_count: Vec<_> = reasons.into_iter().collect();
    by_count.sort_by_key(|r| std::cmp::Reverse(r.1));
    println!("\nknown disagreements by reason:");
    for (r, n) in by_count.iter().take(25) {
        println!("  {n:>5}  {r}");
    }
    if !now_agree.is_empty() {
        println!("\nlisted in {KNOWN_FILE} but agreeing now (remove them): {now_agree:#?}");
    }
    let stale: Vec<&String> = known.keys().filter(|k| !seen.contains(k.as_str())).collect();
    if !stale.is_empty() && std::env::var("STRATA_DIFF_FILTER").is_err() {
        println!("\nlisted in {KNOWN_FILE} but not run: {stale:#?}");
    }
    if std::env::var("STRATA_DIFF_UPDATE_KNOWN").is_ok_and(|v| v == "1") {
        let mut text = String::from(
            "# Cases where strata-run --jit does not agree with --interpret yet, with the JIT's first error.\n\
             # Generated by STRATA_DIFF_UPDATE_KNOWN=1 cargo test --release -p strata-tools --test differential_jit\n",
        );
        for (id, v, _) in &results {
            if let Verdict::Differs(why) = v {
                text.push_str(&format!("{id} | {why}\n"));
            }
        }
        std::fs::write(Path::new(env!("CARGO_MANIFEST_DIR")).join(KNOWN_FILE), text).unwrap();
        println!("wrote {KNOWN_FILE}");
        return;
    }
    assert!(
        unexpected.is_empty(),
        "{} case(s) where the JIT disagrees with the interpreter (not in {KNOWN_FILE}):\n{}",
        unexpected.len(),
        unexpected.join("\n")
    );
}
