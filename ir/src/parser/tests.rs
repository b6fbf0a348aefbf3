//! Unit tests of the parser internals (end-to-end tests live in `ir/tests/parser.rs`).

use super::*;

#[test]
fn smoke() {
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    let m = parse_source(&mut ctx, &ParserConfig::new("t.mlir"), "%0 = \"foo.bar\"() : () -> i32\n").unwrap();
    assert_eq!(ctx.op_name_of(m), "builtin.module");
}

/// The 200k-op benchmark input: a generic `"test.func"` whose body chains `arith.addi` /
/// `arith.muli` ops over earlier values.
pub(crate) fn bench_input(n: usize) -> String {
    let mut s = String::with_capacity(n * 64);
    s.push_str("\"test.func\"() ({\n^bb0(%arg0: i32, %arg1: i32):\n");
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut pick = |i: usize| -> String {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let back = (seed % 50) as usize + 1;
        if back > i {
            format!("%arg{}", back % 2)
        } else {
            format!("%{}", i - back)
        }
    };
    for i in 0..n {
        let (a, b) = (pick(i), pick(i));
        let op = if i % 2 == 0 { "arith.addi" } else { "arith.muli" };
        s.push_str(&format!("  %{i} = \"{op}\"({a}, {b}) : (i32, i32) -> i32\n"));
    }
    s.push_str(&format!("  \"test.return\"(%{}) : (i32) -> ()\n}}) : () -> ()\n", n - 1));
    s
}

/// Parse throughput on the 200k-op benchmark (run with
/// `cargo test --release -p strata-ir --lib bench_parse_200k -- --ignored --nocapture`).
#[test]
#[ignore]
fn bench_parse_200k() {
    let n: usize = std::env::var("STRATA_BENCH_OPS").ok().and_then(|v| v.parse().ok()).unwrap_or(200_000);
    let reps: usize = std::env::var("STRATA_BENCH_REPS").ok().and_then(|v| v.parse().ok()).unwrap_or(5);
    let text = bench_input(n);
    let mut best = f64::MAX;
    for _ in 0..reps {
        let mut ctx = Context::new();
        ctx.allow_unregistered = true;
        let t = std::time::Instant::now();
        let m = parse_source(&mut ctx, &ParserConfig::new("big.mlir"), &text);
        let dt = t.elapsed().as_secs_f64();
        assert!(m.is_ok());
        best = best.min(dt);
    }
    eprintln!("parse: {} bytes, {n} ops in {:.1} ms = {:.2} M ops/s", text.len(), best * 1e3, n as f64 / best / 1e6);
}

#[test]
fn split_counter_takes_the_trailing_decimal_number() {
    use super::split_counter;
    assert_eq!(split_counter("v12"), Some(("v", 12)));
    assert_eq!(split_counter("arg0"), Some(("arg", 0)));
    assert_eq!(split_counter("7"), Some(("", 7)));
    assert_eq!(split_counter("x123456789"), Some(("x", 123456789)));
    assert_eq!(split_counter("x999999999"), Some(("x", 999999999)));
    // Ten digits, a leading zero, no digits: not a counter.
    assert_eq!(split_counter("x1234567890"), None);
    assert_eq!(split_counter("v012"), None);
    assert_eq!(split_counter("v"), None);
    assert_eq!(split_counter(""), None);
    assert_eq!(split_counter("v0"), Some(("v", 0)));
}
