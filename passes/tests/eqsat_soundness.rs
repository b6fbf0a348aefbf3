//! The soundness harness: every rule of `stablehlo-eqsat`, on random well-typed instances of
//! its left side (several shapes and element types), is applied (its right side forced, cheaper
//! or not: `strata_passes::eqsat::harness`), and the interpreter runs both programs on random
//! inputs with NaN, ±inf, -0.0, subnormals and integer extremes mixed in. Exact rules must give
//! bit-identical results (NaN positions equal); `fast-math` rules agree within the tolerance
//! they document (`Exactness::FastMath`), on finite inputs of moderate magnitude. The rewritten IR must verify. Every
//! rule must fire on some instance (a generator that never produces a match is a test bug).
//!
//! A rule that fails is a bug in the rule, not a flaky test: everything is seeded.

mod eqsat_gen;
mod eqsat_support;

use eqsat_gen::*;
use eqsat_support::*;
use strata_interp::value::{Data, Value};
use strata_passes::eqsat::harness::{force_variant, Forced};
use strata_passes::eqsat::rules::{self, Exactness, RuleDef};

const INSTANCES: u64 = 40;
const INPUT_SETS: u64 = 6;

/// Builds a random instance of `rule`'s left side; `None` when this draw does not fit.
fn instance(rule: &str, g: &mut G) -> Option<Vec<V>> {
    let r = &mut g.rng.clone();
    let _ = r;
    Some(match rule {
        // ----- arith -----
        "add-zero" => {
            let e = g.real();
            let t = g.ty(&e);
            let x = g.arg(&t);
            let z = g.splat(&t, if t.is_float() { "-0.0" } else { "0" });
            vec![g.bin("add", &x, &z)]
        }
        "add-pos-zero" => {
            let e = g.float();
            let t = g.ty(&e);
            let x = g.arg(&t);
            let z = g.splat(&t, "0.0");
            vec![g.bin("add", &x, &z)]
        }
        "sub-zero" => bin_splat(g, "subtract", Class::Real, "0.0", "0"),
        "sub-to-add-neg" => bin_args(g, "subtract", Class::Real),
        "add-neg-to-sub" => {
            let t = any_real(g);
            let (x, y) = (g.arg(&t), g.arg(&t));
            let n = g.un("negate", &y);
            vec![g.bin("add", &x, &n)]
        }
        "sub-self" => {
            let t = any_int(g);
            let x = g.arg(&t);
            vec![g.bin("subtract", &x, &x)]
        }
        "add-neg-self" => {
            let t = any_int(g);
            let x = g.arg(&t);
            let n = g.un("negate", &x);
            vec![g.bin("add", &x, &n)]
        }
        "mul-one" => bin_splat(g, "multiply", Class::Real, "1.0", "1"),
        "mul-zero" => bin_splat(g, "multiply", Class::Int, "", "0"),
        "mul-neg-one" => {
            let e = if g.rng.chance(2) { g.float() } else { g.signed() };
            let t = g.ty(&e);
            let x = g.arg(&t);
            let m = g.splat(&t, if t.is_float() { "-1.0" } else { "-1" });
            vec![g.bin("multiply", &x, &m)]
        }
        "mul-two" => bin_splat(g, "multiply", Class::Real, "2.0", "2"),
        "div-one" => bin_splat(g, "divide", Class::Real, "1.0", "1"),
        "div-pow2" => {
            let e = g.float();
            let t = g.ty(&e);
            let x = g.arg(&t);
            let pows = ["2.0", "0.25", "-4.0", "8.0", "0.5", "-0.125"];
            let c = if g.rng.chance(2) {
                let p = g.rng.pick(&pows);
                g.splat(&t, p)
            } else {
                let lits: Vec<String> = (0..t.numel()).map(|_| g.rng.pick(&pows).to_string()).collect();
                g.dense(&t, &lits)
            };
            vec![g.bin("divide", &x, &c)]
        }
        "div-div" => {
            let t = any_float(g);
            let (a, b, c) = (g.arg(&t), g.arg(&t), g.arg(&t));
            let d = g.bin("divide", &a, &b);
            vec![g.bin("divide", &d, &c)]
        }
        "exp-mul" | "exp-div" => {
            let t = any_float(g);
            let (a, b) = (g.arg(&t), g.arg(&t));
            let (ea, eb) = (g.un("exponential", &a), g.un("exponential", &b));
            vec![g.bin(if rule == "exp-mul" { "multiply" } else { "divide" }, &ea, &eb)]
        }
        "log-exp" => {
            let t = any_float(g);
            let a = g.arg(&t);
            let e = g.un("exponential", &a);
            vec![g.un("log", &e)]
        }
        "pow-one" => bin_splat(g, "power", Class::Real, "1.0", "1"),
        "pow-two" => {
            let e = if g.rng.chance(2) { g.rng.pick(&["f32", "f16", "bf16"]).to_string() } else { g.int() };
            let t = g.ty(&e);
            let x = g.arg(&t);
            let c = g.splat(&t, if t.is_float() { "2.0" } else { "2" });
            vec![g.bin("power", &x, &c)]
        }
        "pow-zero" => bin_splat(g, "power", Class::Real, "0.0", "0"),
        "pow-pow" => {
            let e = g.rng.pick(&["f32", "f64"]);
            let t = g.ty(e);
            let (a, x, y) = (g.arg(&t), g.arg(&t), g.arg(&t));
            let a = g.un("abs", &a);
            let p = g.bin("power", &a, &x);
            vec![g.bin("power", &p, &y)]
        }
        "neg-neg" => {
            let t = any_signed_or_float(g);
            let x = g.arg(&t);
            let n = g.un("negate", &x);
            vec![g.un("negate", &n)]
        }
        "not-not" => {
            let e = if g.rng.chance(3) { "i1".to_string() } else { g.int() };
            let t = g.ty(&e);
            let x = g.arg(&t);
            let n = g.un("not", &x);
            vec![g.un("not", &n)]
        }
        "abs-nonneg" => {
            let t = any_float(g);
            let x = g.arg(&t);
            let p = match g.rng.next() % 4 {
                0 => g.un("exponential", &x),
                1 => g.un("abs", &x),
                2 => g.bin("multiply", &x, &x),
                _ => g.un("logistic", &x),
            };
            vec![g.un("abs", &p)]
        }
        "abs-neg" => {
            let t = any_signed_or_float(g);
            let x = g.arg(&t);
            let n = g.un("negate", &x);
            vec![g.un("abs", &n)]
        }
        "neg-mul" => {
            let t = any_signed_or_float(g);
            let (a, b) = (g.arg(&t), g.arg(&t));
            let m = g.bin("multiply", &a, &b);
            vec![g.un("negate", &m)]
        }
        "mul-neg-neg" => {
            let t = any_signed_or_float(g);
            let (a, b) = (g.arg(&t), g.arg(&t));
            let (na, nb) = (g.un("negate", &a), g.un("negate", &b));
            vec![g.bin("multiply", &na, &nb)]
        }
        "and-zero" | "or-zero" | "xor-zero" => {
            let t = any_bits(g);
            let x = g.arg(&t);
            let z = g.splat(&t, if t.e == "i1" { "false" } else { "0" });
            vec![g.bin(&rule[..rule.find('-').unwrap()], &x, &z)]
        }
        "and-ones" | "or-ones" => {
            let t = any_bits(g);
            let x = g.arg(&t);
            let ones = match t.e.as_str() {
                "i1" => "true".to_string(),
                e if e.starts_with("ui") => {
                    let bits: u32 = e[2..].parse().unwrap();
                    ((1u128 << bits) - 1).to_string()
                }
                _ => "-1".to_string(),
            };
            let m = g.splat(&t, &ones);
            vec![g.bin(&rule[..rule.find('-').unwrap()], &x, &m)]
        }
        "and-self" | "or-self" | "xor-self" => {
            let t = any_bits(g);
            let x = g.arg(&t);
            vec![g.bin(&rule[..rule.find('-').unwrap()], &x, &x)]
        }
        "max-identity" | "min-identity" => {
            let t = any_type(g);
            let x = g.arg(&t);
            let low = rule == "max-identity";
            let lit = match t.e.as_str() {
                "i1" => (if low { "false" } else { "true" }).to_string(),
                e if t.is_float() => float_lit(e, if low { f64::NEG_INFINITY } else { f64::INFINITY }),
                e if e.starts_with("ui") => {
                    if low {
                        "0".into()
                    } else {
                        ((1u128 << e[2..].parse::<u32>().unwrap()) - 1).to_string()
                    }
                }
                e => {
                    let b: u32 = e[1..].parse().unwrap();
                    if low {
                        (-(1i128 << (b - 1))).to_string()
                    } else {
                        ((1i128 << (b - 1)) - 1).to_string()
                    }
                }
            };
            let c = g.splat(&t, &lit);
            vec![g.bin(if low { "maximum" } else { "minimum" }, &x, &c)]
        }
        "max-self" | "min-self" => {
            let t = any_real(g);
            let x = g.arg(&t);
            vec![g.bin(if rule == "max-self" { "maximum" } else { "minimum" }, &x, &x)]
        }
        "add-commute" | "mul-commute" => {
            let t = if g.rng.chance(4) { T::new(&g.shape(0, 2), "complex<f32>") } else { any_real(g) };
            let (a, b) = (g.arg(&t), g.arg(&t));
            vec![g.bin(if rule == "add-commute" { "add" } else { "multiply" }, &a, &b)]
        }
        "max-commute" | "min-commute" => {
            let t = any_real(g);
            let (a, b) = (g.arg(&t), g.arg(&t));
            vec![g.bin(if rule == "max-commute" { "maximum" } else { "minimum" }, &a, &b)]
        }
        "and-commute" | "or-commute" | "xor-commute" => {
            let t = any_bits(g);
            let (a, b) = (g.arg(&t), g.arg(&t));
            vec![g.bin(&rule[..rule.find('-').unwrap()], &a, &b)]
        }
        "add-assoc" | "mul-assoc" | "max-assoc" | "min-assoc" | "and-assoc" | "or-assoc" | "xor-assoc"
        | "add-assoc-float" | "mul-assoc-float" => {
            let (op, t) = match rule {
                "add-assoc" => ("add", any_int(g)),
                "mul-assoc" => ("multiply", any_int(g)),
                "max-assoc" => ("maximum", any_real(g)),
                "min-assoc" => ("minimum", any_real(g)),
                "and-assoc" => ("and", any_bits(g)),
                "or-assoc" => ("or", any_bits(g)),
                "xor-assoc" => ("xor", any_bits(g)),
                "add-assoc-float" => ("add", any_float(g)),
                _ => ("multiply", any_float(g)),
            };
            let (a, b, c) = (g.arg(&t), g.arg(&t), g.arg(&t));
            let ab = g.bin(op, &a, &b);
            vec![g.bin(op, &ab, &c)]
        }
        "add-const-reassoc" | "add-const-reassoc-float" => {
            let t = if rule == "add-const-reassoc" { any_int(g) } else { any_float(g) };
            let x = g.arg(&t);
            let c1 = random_const(g, &t);
            let c2 = random_const(g, &t);
            let a = g.bin("add", &x, &c1);
            vec![g.bin("add", &a, &c2)]
        }
        "factor" | "factor-float" => {
            let t = if rule == "factor" { any_int(g) } else { any_float(g) };
            let (a, b, c) = (g.arg(&t), g.arg(&t), g.arg(&t));
            let (ab, ac) = (g.bin("multiply", &a, &b), g.bin("multiply", &a, &c));
            vec![g.bin("add", &ab, &ac)]
        }
        "add-negs" => {
            let t = any_int(g);
            let (a, b) = (g.arg(&t), g.arg(&t));
            let (na, nb) = (g.un("negate", &a), g.un("negate", &b));
            vec![g.bin("add", &na, &nb)]
        }
        "mul-neg" => {
            let t = any_signed_or_float(g);
            let (a, b) = (g.arg(&t), g.arg(&t));
            let nb = g.un("negate", &b);
            vec![g.bin("multiply", &a, &nb)]
        }
        "distribute" => {
            let t = any_int(g);
            let (a, b, c) = (g.arg(&t), g.arg(&t), g.arg(&t));
            let bc = g.bin("add", &b, &c);
            vec![g.bin("multiply", &a, &bc)]
        }
        "factor-one" => {
            let t = any_int(g);
            let (a, b) = (g.arg(&t), g.arg(&t));
            let ab = g.bin("multiply", &a, &b);
            vec![g.bin("add", &ab, &a)]
        }
        "add-self" => {
            let t = any_real(g);
            let x = g.arg(&t);
            vec![g.bin("add", &x, &x)]
        }
        "neg-sub" | "neg-add" => {
            let t = any_int(g);
            let (a, b) = (g.arg(&t), g.arg(&t));
            let x = g.bin(if rule == "neg-sub" { "subtract" } else { "add" }, &a, &b);
            vec![g.un("negate", &x)]
        }
        "min-max-absorb" | "max-min-absorb" => {
            let t = any_int(g);
            let (a, b) = (g.arg(&t), g.arg(&t));
            let (inner, outer) = if rule == "min-max-absorb" { ("maximum", "minimum") } else { ("minimum", "maximum") };
            let x = g.bin(inner, &a, &b);
            vec![g.bin(outer, &a, &x)]
        }
        "and-or-absorb" | "or-and-absorb" => {
            let t = any_bits(g);
            let (a, b) = (g.arg(&t), g.arg(&t));
            let (inner, outer) = if rule == "and-or-absorb" { ("or", "and") } else { ("and", "or") };
            let x = g.bin(inner, &a, &b);
            vec![g.bin(outer, &a, &x)]
        }
        // ----- compare/select/convert -----
        "compare-self" => {
            let t = any_int(g);
            let x = g.arg(&t);
            let dir = g.rng.pick(&["EQ", "NE", "LT", "LE", "GT", "GE"]);
            vec![g.compare(dir, &x, &x)]
        }
        "compare-swap" => {
            let t = any_real(g);
            let (a, b) = (g.arg(&t), g.arg(&t));
            let dir = g.rng.pick(&["EQ", "NE", "LT", "LE", "GT", "GE"]);
            vec![g.compare(dir, &a, &b)]
        }
        "not-compare" => {
            let t = any_int(g);
            let (a, b) = (g.arg(&t), g.arg(&t));
            let dir = g.rng.pick(&["EQ", "NE", "LT", "LE", "GT", "GE"]);
            let c = g.compare(dir, &a, &b);
            vec![g.un("not", &c)]
        }
        "select-same" | "select-not" => {
            let t = any_real(g);
            let p = g.arg(&t.elem("i1"));
            let (a, b) = (g.arg(&t), g.arg(&t));
            if rule == "select-same" {
                vec![g.select(&p, &a, &a)]
            } else {
                let np = g.un("not", &p);
                vec![g.select(&np, &a, &b)]
            }
        }
        "select-true" | "select-false" => {
            let t = any_real(g);
            let pt = if g.rng.chance(2) { t.scalar().elem("i1") } else { t.elem("i1") };
            let p = g.splat(&pt, if rule == "select-true" { "true" } else { "false" });
            let (a, b) = (g.arg(&t), g.arg(&t));
            vec![g.select(&p, &a, &b)]
        }
        "convert-noop" => {
            let t = any_real(g);
            let x = g.arg(&t);
            let e = t.e.clone();
            vec![g.convert(&x, &e)]
        }
        "convert-convert" => {
            let chains: &[(&str, &str, &[&str])] = &[
                ("f32", "f64", &["f32", "f16", "bf16", "i32", "i8", "ui8"]),
                ("f16", "f32", &["f16", "bf16", "i32", "f64"]),
                ("bf16", "f32", &["bf16", "f16", "i16"]),
                ("i8", "i32", &["i8", "ui8", "f32", "i16", "f16"]),
                ("ui8", "i16", &["ui8", "i8", "f32", "bf16"]),
                ("i16", "f32", &["i16", "i8", "f16"]),
                ("i1", "i32", &["f32", "i8", "i1"]),
                ("i32", "f64", &["i32", "f32", "i8"]),
            ];
            let (a, b, cs) = g.rng.pick(chains);
            let c = g.rng.pick(cs);
            let t = g.ty(a);
            let x = g.arg(&t);
            let m = g.convert(&x, b);
            vec![g.convert(&m, c)]
        }
        "real-complex" | "imag-complex" => {
            let e = g.rng.pick(&["f32", "f64"]);
            let t = g.ty(e);
            let (r, i) = (g.arg(&t), g.arg(&t));
            let ct = t.elem(&format!("complex<{e}>"));
            let c = g.op("complex", &[&r, &i], "", &ct);
            vec![g.op(if rule == "real-complex" { "real" } else { "imag" }, &[&c], "", &t)]
        }
        "complex-real-imag" => {
            let e = g.rng.pick(&["f32", "f64"]);
            let t = g.ty(e);
            let ct = t.elem(&format!("complex<{e}>"));
            let x = g.arg(&ct);
            let (r, i) = (g.op("real", &[&x], "", &t), g.op("imag", &[&x], "", &t));
            vec![g.op("complex", &[&r, &i], "", &ct)]
        }
        // ----- shape -----
        "transpose-identity" => {
            let t = any_type(g);
            let x = g.arg(&t);
            let p: Vec<i64> = (0..t.d.len() as i64).collect();
            vec![g.transpose(&x, &p)]
        }
        "transpose-transpose" => {
            let t = ranked(g, 1, 4);
            let x = g.arg(&t);
            let (p, q) = (g.rng.perm(t.d.len()), g.rng.perm(t.d.len()));
            let a = g.transpose(&x, &p);
            vec![g.transpose(&a, &q)]
        }
        "transpose-to-reshape" => {
            // Size-1 dimensions moved among the others.
            let mut d = g.shape(1, 3);
            d.push(1);
            d.insert(0, 1);
            let e = g.real();
            let x = g.arg(&T::new(&d, &e));
            let big: Vec<i64> = (0..d.len() as i64).filter(|&i| d[i as usize] != 1).collect();
            let ones: Vec<i64> = (0..d.len() as i64).filter(|&i| d[i as usize] == 1).collect();
            let mut p = Vec::new();
            let (mut bi, mut oi) = (0, 0);
            for _ in 0..d.len() {
                if (g.rng.chance(2) || bi >= big.len()) && oi < ones.len() {
                    p.push(ones[oi]);
                    oi += 1;
                } else {
                    p.push(big[bi]);
                    bi += 1;
                }
            }
            vec![g.transpose(&x, &p)]
        }
        "transpose-broadcast" => {
            let t = any_type(g);
            let x = g.arg(&t);
            let (dims, out) = random_bcast(g, &t.d);
            let b = g.bcast(&x, &dims, &out);
            let p = g.rng.perm(out.len());
            vec![g.transpose(&b, &p)]
        }
        "reshape-noop" => {
            let t = any_type(g);
            let x = g.arg(&t);
            let d = t.d.clone();
            vec![g.reshape(&x, &d)]
        }
        "reshape-reshape" => {
            let t = any_type(g);
            let x = g.arg(&t);
            let n = t.numel();
            let a = g.reshape(&x, &[n]);
            let d = factor_shape(g, n);
            vec![g.reshape(&a, &d)]
        }
        "reshape-broadcast" => {
            let t = any_type(g);
            let x = g.arg(&t);
            let (dims, out) = random_bcast(g, &t.d);
            let b = g.bcast(&x, &dims, &out);
            // Insert or drop a size-1 dimension.
            let mut r = out.clone();
            if let Some(i) = r.iter().position(|&d| d == 1).filter(|_| g.rng.chance(2)) {
                r.remove(i);
            } else {
                let at = g.rng.range(0, r.len() as i64) as usize;
                r.insert(at, 1);
            }
            vec![g.reshape(&b, &r)]
        }
        "broadcast-noop" => {
            let t = any_type(g);
            let x = g.arg(&t);
            let d: Vec<i64> = (0..t.d.len() as i64).collect();
            let o = t.d.clone();
            vec![g.bcast(&x, &d, &o)]
        }
        "broadcast-broadcast" => {
            let t = any_type(g);
            let x = g.arg(&t);
            let (d1, o1) = random_bcast(g, &t.d);
            let a = g.bcast(&x, &d1, &o1);
            let (d2, o2) = random_bcast(g, &o1);
            vec![g.bcast(&a, &d2, &o2)]
        }
        "broadcast-to-reshape" => {
            let t = any_type(g);
            let x = g.arg(&t);
            // Insert size-1 dimensions, keep the order.
            let mut out = Vec::new();
            let mut dims = Vec::new();
            for &d in &t.d {
                if g.rng.chance(2) {
                    out.push(1);
                }
                dims.push(out.len() as i64);
                out.push(d);
            }
            out.push(1);
            vec![g.bcast(&x, &dims, &out)]
        }
        "broadcast-to-transpose" => {
            let t = ranked(g, 2, 4);
            let x = g.arg(&t);
            let p = g.rng.perm(t.d.len());
            let mut out = vec![0; t.d.len()];
            for (i, &j) in p.iter().enumerate() {
                out[j as usize] = t.d[i];
            }
            vec![g.bcast(&x, &p, &out)]
        }
        "elementwise-broadcast" => {
            let t = any_real_t(g, 0, 2);
            let x = g.arg(&t);
            let (dims, out) = random_bcast(g, &t.d);
            let bx = g.bcast(&x, &dims, &out);
            if g.rng.chance(3) {
                vec![g.un("negate", &bx)]
            } else {
                let y = if g.rng.chance(2) { g.arg(&t) } else { g.arg(&t.scalar()) };
                let ydims = if y.t.d.is_empty() { vec![] } else { dims.clone() };
                let by = g.bcast(&y, &ydims, &out);
                let op = g.rng.pick(&["add", "multiply", "maximum", "subtract"]);
                vec![g.bin(op, &bx, &by)]
            }
        }
        "elementwise-transpose" => {
            let t = any_real_t(g, 1, 3);
            let p = g.rng.perm(t.d.len());
            let (x, y) = (g.arg(&t), g.arg(&t));
            let tx = g.transpose(&x, &p);
            match g.rng.next() % 3 {
                0 => vec![g.un("negate", &tx)],
                1 => {
                    let ty = g.transpose(&y, &p);
                    vec![g.bin("multiply", &tx, &ty)]
                }
                _ => {
                    let c = g.splat(&tx.t, if t.is_float() { "2.5" } else { "3" });
                    vec![g.bin("subtract", &tx, &c)]
                }
            }
        }
        "elementwise-reshape" => {
            let t = any_real_t(g, 1, 3);
            let (x, y) = (g.arg(&t), g.arg(&t));
            let n = t.numel();
            let rx = g.reshape(&x, &[n]);
            if g.rng.chance(2) {
                let ry = g.reshape(&y, &[n]);
                vec![g.bin("add", &rx, &ry)]
            } else {
                vec![g.un("abs", &rx)]
            }
        }
        "slice-full" => {
            let t = ranked(g, 1, 3);
            let x = g.arg(&t);
            let st = vec![0; t.d.len()];
            let sd = vec![1; t.d.len()];
            let li = t.d.clone();
            vec![g.slice(&x, &st, &li, &sd)]
        }
        "slice-slice" => {
            let t = T::new(&g.shape(1, 3).iter().map(|d| d + 4).collect::<Vec<_>>(), &g.real());
            let x = g.arg(&t);
            let (s1, l1, t1) = random_slice(g, &t.d);
            let a = g.slice(&x, &s1, &l1, &t1);
            let (s2, l2, t2) = random_slice(g, &a.t.d);
            vec![g.slice(&a, &s2, &l2, &t2)]
        }
        "slice-concat" => {
            let t = ranked(g, 1, 3);
            let dim = g.rng.range(0, t.d.len() as i64 - 1) as usize;
            let parts: Vec<V> = (0..g.rng.range(2, 3))
                .map(|_| {
                    let mut d = t.d.clone();
                    d[dim] = g.rng.range(1, 4);
                    g.arg(&t.with(&d))
                })
                .collect();
            let refs: Vec<&V> = parts.iter().collect();
            let c = g.concat(&refs, dim);
            let (mut st, mut li, mut sd) = random_slice(g, &c.t.d);
            sd[dim] = 1;
            let total = c.t.d[dim];
            st[dim] = g.rng.range(0, total - 1);
            li[dim] = g.rng.range(st[dim] + 1, total);
            vec![g.slice(&c, &st, &li, &sd)]
        }
        "slice-pad" => {
            let t = ranked(g, 1, 2);
            let x = g.arg(&t);
            let v = g.arg(&t.scalar());
            let r = t.d.len();
            let lo: Vec<i64> = (0..r).map(|_| g.rng.range(0, 3)).collect();
            let hi: Vec<i64> = (0..r).map(|_| g.rng.range(0, 3)).collect();
            let it: Vec<i64> = (0..r).map(|_| if g.rng.chance(3) { 1 } else { 0 }).collect();
            let p = g.pad(&x, &v, &lo, &hi, &it);
            // Inside x or inside the padding, chosen at random.
            let (mut st, mut li, sd) = (vec![0; r], p.t.d.clone(), vec![1; r]);
            let k = g.rng.range(0, r as i64 - 1) as usize;
            if g.rng.chance(2) && lo[k] > 0 {
                li[k] = lo[k];
            } else {
                for i in 0..r {
                    st[i] = lo[i];
                    li[i] = lo[i] + if it[i] == 0 { t.d[i] } else { 1 };
                }
            }
            vec![g.slice(&p, &st, &li, &sd)]
        }
        "slice-broadcast" => {
            let t = any_type(g);
            let x = g.arg(&t);
            let (dims, out) = random_bcast(g, &t.d);
            if out.is_empty() {
                return None;
            }
            let b = g.bcast(&x, &dims, &out);
            let (st, li, sd) = random_slice(g, &out);
            vec![g.slice(&b, &st, &li, &sd)]
        }
        "slice-elementwise" => {
            let t = T::new(&g.shape(1, 3).iter().map(|d| d + 2).collect::<Vec<_>>(), &g.real());
            let (a, b) = (g.arg(&t), g.arg(&t));
            let e = if g.rng.chance(2) { g.bin("add", &a, &b) } else { g.un("negate", &a) };
            let (st, li, sd) = random_slice(g, &t.d);
            vec![g.slice(&e, &st, &li, &sd)]
        }
        "pad-zero" => {
            let t = any_type(g);
            let x = g.arg(&t);
            let v = g.arg(&t.scalar());
            let z = vec![0; t.d.len()];
            vec![g.pad(&x, &v, &z, &z, &z)]
        }
        "pad-empty" => {
            let mut d = g.shape(1, 3);
            let k = g.rng.range(0, d.len() as i64 - 1) as usize;
            d[k] = 0;
            let e = g.real();
            let x = g.arg(&T::new(&d, &e));
            let v = g.arg(&T::new(&[], &e));
            let lo: Vec<i64> = d.iter().map(|_| g.rng.range(0, 2)).collect();
            let hi: Vec<i64> = d.iter().map(|_| g.rng.range(1, 2)).collect();
            let it = vec![0; d.len()];
            vec![g.pad(&x, &v, &lo, &hi, &it)]
        }
        "concat-simplify" => {
            let t = ranked(g, 1, 3);
            let dim = g.rng.range(0, t.d.len() as i64 - 1) as usize;
            match g.rng.next() % 4 {
                0 => {
                    let x = g.arg(&t);
                    vec![g.concat(&[&x], dim)]
                }
                1 => {
                    let (a, b, c) = (g.arg(&t), g.arg(&t), g.arg(&t));
                    let ab = g.concat(&[&a, &b], dim);
                    vec![g.concat(&[&ab, &c], dim)]
                }
                2 => {
                    let mut d0 = t.d.clone();
                    d0[dim] = 0;
                    let (a, z) = (g.arg(&t), g.arg(&t.with(&d0)));
                    let b = g.arg(&t);
                    vec![g.concat(&[&a, &z, &b], dim)]
                }
                _ => {
                    let mut d = t.d.clone();
                    d[dim] += 3;
                    let x = g.arg(&t.with(&d));
                    let cut = g.rng.range(1, d[dim] - 1);
                    let r = d.len();
                    let (mut s1, mut l1) = (vec![0; r], d.clone());
                    l1[dim] = cut;
                    let s = g.slice(&x, &s1, &l1, &vec![1; r]);
                    s1[dim] = cut;
                    let mut l2 = d.clone();
                    l2[dim] = d[dim];
                    let s2 = g.slice(&x, &s1, &l2, &vec![1; r]);
                    vec![g.concat(&[&s, &s2], dim)]
                }
            }
        }
        "dynamic-slice-full" | "dynamic-update-slice-full" => {
            let t = ranked(g, 1, 3);
            let x = g.arg(&t);
            let it = T::new(&[], "i32");
            let starts: Vec<V> = t.d.iter().map(|_| g.arg(&it)).collect();
            let mut ops: Vec<&V> = vec![&x];
            if rule == "dynamic-slice-full" {
                ops.extend(starts.iter());
                let sizes = format!(
                    "slice_sizes = array<i64: {}>",
                    t.d.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")
                );
                vec![g.op("dynamic_slice", &ops, &sizes, &t)]
            } else {
                let u = g.arg(&t);
                let mut ops: Vec<&V> = vec![&x, &u];
                ops.extend(starts.iter());
                vec![g.op("dynamic_update_slice", &ops, "", &t)]
            }
        }
        "reverse-reverse" => {
            let t = ranked(g, 1, 3);
            let x = g.arg(&t);
            let pick = |g: &mut G| -> Vec<i64> { (0..t.d.len() as i64).filter(|_| g.rng.chance(2)).collect() };
            let (a, b) = (pick(g), pick(g));
            let r = g.reverse(&x, &a);
            vec![g.reverse(&r, &b)]
        }
        "reverse-unit" => {
            let mut d = g.shape(1, 3);
            d.push(1);
            let e = g.real();
            let x = g.arg(&T::new(&d, &e));
            let dims: Vec<i64> = (0..d.len() as i64).filter(|&i| d[i as usize] == 1).collect();
            vec![g.reverse(&x, &dims)]
        }
        // ----- reduce -----
        "reduce-noop" | "reduce-empty" | "reduce-unit-dims" => {
            let (body, t) = reducer_and_type(g, false);
            let mut d = g.shape(1, 3);
            let dims: Vec<i64> = match rule {
                "reduce-noop" => vec![],
                "reduce-empty" => {
                    let k = g.rng.range(0, d.len() as i64 - 1) as usize;
                    d[k] = 0;
                    (0..d.len() as i64).filter(|_| g.rng.chance(2)).collect()
                }
                _ => {
                    let k = g.rng.range(0, d.len() as i64 - 1) as usize;
                    d[k] = 1;
                    vec![k as i64]
                }
            };
            let x = g.arg(&t.with(&d));
            let i = g.arg(&t.scalar());
            vec![g.reduce(&x, &i, &dims, body)]
        }
        "reduce-broadcast" => {
            let (body, t) = reducer_and_type(g, false);
            let t = if body == "add" && t.is_float() { t.elem("i32") } else { t };
            let xd = g.shape(0, 2);
            let x = g.arg(&t.with(&xd));
            let (dims, out) = random_bcast(g, &x.t.d);
            let b = g.bcast(&x, &dims, &out);
            let added: Vec<i64> = (0..out.len() as i64).filter(|j| !dims.contains(j)).collect();
            if added.is_empty() {
                return None;
            }
            let r: Vec<i64> = added.iter().copied().filter(|_| g.rng.chance(2)).collect();
            let r = if r.is_empty() { vec![added[0]] } else { r };
            let init = identity_const(g, body, &t.scalar());
            vec![g.reduce(&b, &init, &r, body)]
        }
        "reduce-reduce" | "reduce-reduce-float" => {
            let (body, t) = reducer_and_type(g, rule.ends_with("float"));
            let d = g.shape(2, 3);
            let x = g.arg(&t.with(&d));
            let init = identity_const(g, body, &t.scalar());
            let d1 = vec![g.rng.range(0, d.len() as i64 - 1)];
            let a = g.reduce(&x, &init, &d1, body);
            let d2 = vec![g.rng.range(0, a.t.d.len() as i64 - 1)];
            vec![g.reduce(&a, &init, &d2, body)]
        }
        "reduce-transpose" | "reduce-transpose-float" => {
            let (body, t) = reducer_and_type(g, rule.ends_with("float"));
            let d = g.shape(2, 3);
            let x = g.arg(&t.with(&d));
            let init = g.arg(&t.scalar());
            let p = g.rng.perm(d.len());
            let tx = g.transpose(&x, &p);
            let dims: Vec<i64> = (0..d.len() as i64).filter(|_| g.rng.chance(2)).collect();
            vec![g.reduce(&tx, &init, &dims, body)]
        }
        // ----- dot -----
        "dot-to-dot-general" => {
            let e = g.real();
            let (m, k, n) = (g.rng.range(1, 4), g.rng.range(1, 4), g.rng.range(1, 4));
            let a = g.arg(&T::new(&[m, k], &e));
            let b = if g.rng.chance(2) { g.arg(&T::new(&[k, n], &e)) } else { g.arg(&T::new(&[k], &e)) };
            let mut od = vec![m];
            if b.t.d.len() == 2 {
                od.push(n);
            }
            let ot = T::new(&od, &e);
            vec![g.op("dot", &[&a, &b], "", &ot)]
        }
        "dot-absorb-transpose" => {
            let e = g.real();
            let (b0, m, k, n) = (g.rng.range(1, 3), g.rng.range(1, 3), g.rng.range(1, 3), g.rng.range(1, 3));
            let a = g.arg(&T::new(&[b0, m, k], &e));
            let b = g.arg(&T::new(&[b0, k, n], &e));
            let p = g.rng.perm(3);
            // transpose(a', p) == a with a' = transpose(a, p⁻¹)
            let inv = inverse(&p);
            let a0 = g.transpose(&a, &inv);
            let ta = g.transpose(&a0, &p);
            if g.rng.chance(2) {
                vec![g.dot(&ta, &b, &[0], &[0], &[2], &[1])]
            } else {
                let b0v = g.transpose(&b, &inv);
                let tb = g.transpose(&b0v, &p);
                vec![g.dot(&a, &tb, &[0], &[0], &[2], &[1])]
            }
        }
        "dot-transpose-transpose" => {
            let e = g.real();
            let (m, k, n) = (g.rng.range(1, 4), g.rng.range(1, 4), g.rng.range(1, 4));
            let a = g.arg(&T::new(&[k, m], &e));
            let b = g.arg(&T::new(&[n, k], &e));
            let (ta, tb) = (g.transpose(&a, &[1, 0]), g.transpose(&b, &[1, 0]));
            vec![g.matmul(&ta, &tb)]
        }
        "transpose-dot" => {
            let e = g.real();
            let (bt, m, k, n) = (g.rng.range(1, 2), g.rng.range(1, 4), g.rng.range(1, 3), g.rng.range(1, 4));
            if g.rng.chance(2) {
                let a = g.arg(&T::new(&[m, k], &e));
                let b = g.arg(&T::new(&[k, n], &e));
                let d = g.matmul(&a, &b);
                vec![g.transpose(&d, &[1, 0])]
            } else {
                let a = g.arg(&T::new(&[bt, m, k], &e));
                let b = g.arg(&T::new(&[bt, k, n], &e));
                let d = g.dot(&a, &b, &[0], &[0], &[2], &[1]);
                vec![g.transpose(&d, &[0, 2, 1])]
            }
        }
        "concat-of-dots" => {
            let e = g.real();
            let (m1, m2, k, n) = (g.rng.range(1, 3), g.rng.range(1, 3), g.rng.range(1, 3), g.rng.range(1, 3));
            let z = g.arg(&T::new(&[k, n], &e));
            let x = g.arg(&T::new(&[m1, k], &e));
            let y = g.arg(&T::new(&[m2, k], &e));
            let (dx, dy) = (g.matmul(&x, &z), g.matmul(&y, &z));
            vec![g.concat(&[&dx, &dy], 0)]
        }
        "dot-of-concat" => {
            let e = g.real();
            let (m1, m2, k, n) = (g.rng.range(1, 3), g.rng.range(1, 3), g.rng.range(1, 3), g.rng.range(1, 3));
            let z = g.arg(&T::new(&[k, n], &e));
            let x = g.arg(&T::new(&[m1, k], &e));
            let y = g.arg(&T::new(&[m2, k], &e));
            let c = g.concat(&[&x, &y], 0);
            vec![g.matmul(&c, &z)]
        }
        "dot-merge-shared" => {
            let e = g.real();
            let (m1, m2, k, n) = (g.rng.range(1, 3), g.rng.range(1, 3), g.rng.range(1, 3), g.rng.range(1, 3));
            let z = g.arg(&T::new(&[k, n], &e));
            let x = g.arg(&T::new(&[m1, k], &e));
            let y = g.arg(&T::new(&[m2, k], &e));
            vec![g.matmul(&x, &z), g.matmul(&y, &z)]
        }
        "dot-merge-k" | "dot-merge-k-float" => {
            let e = if rule == "dot-merge-k" { g.int() } else { g.float() };
            let (m, k1, k2, n) = (g.rng.range(1, 3), g.rng.range(1, 3), g.rng.range(1, 3), g.rng.range(1, 3));
            let a1 = g.arg(&T::new(&[m, k1], &e));
            let b1 = g.arg(&T::new(&[k1, n], &e));
            let a2 = g.arg(&T::new(&[m, k2], &e));
            let b2 = g.arg(&T::new(&[k2, n], &e));
            let (d1, d2) = (g.matmul(&a1, &b1), g.matmul(&a2, &b2));
            vec![g.bin("add", &d1, &d2)]
        }
        "dot-factor" | "dot-factor-float" => {
            let e = if rule == "dot-factor" { g.int() } else { g.float() };
            let (m, k, n) = (g.rng.range(1, 3), g.rng.range(1, 3), g.rng.range(1, 3));
            let a = g.arg(&T::new(&[m, k], &e));
            let b = g.arg(&T::new(&[k, n], &e));
            let c = g.arg(&T::new(&[k, n], &e));
            if g.rng.chance(2) {
                let (d1, d2) = (g.matmul(&a, &b), g.matmul(&a, &c));
                vec![g.bin("add", &d1, &d2)]
            } else {
                let a2 = g.arg(&T::new(&[m, k], &e));
                let (d1, d2) = (g.matmul(&a, &b), g.matmul(&a2, &b));
                vec![g.bin("add", &d1, &d2)]
            }
        }
        "slice-dot" => {
            let e = g.real();
            let (bt, m, k, n) = (g.rng.range(1, 2), g.rng.range(2, 4), g.rng.range(1, 3), g.rng.range(2, 4));
            let a = g.arg(&T::new(&[bt, m, k], &e));
            let b = g.arg(&T::new(&[bt, k, n], &e));
            let d = g.dot(&a, &b, &[0], &[0], &[2], &[1]);
            let (mut st, mut li, mut sd) = random_slice(g, &d.t.d);
            st[0] = 0;
            li[0] = bt;
            sd[0] = 1;
            vec![g.slice(&d, &st, &li, &sd)]
        }
        "dot-split-k" => {
            let e = g.int();
            let (m, k1, k2, n) = (g.rng.range(1, 3), g.rng.range(1, 3), g.rng.range(1, 3), g.rng.range(1, 3));
            let a1 = g.arg(&T::new(&[m, k1], &e));
            let a2 = g.arg(&T::new(&[m, k2], &e));
            let b = g.arg(&T::new(&[k1 + k2, n], &e));
            let c = g.concat(&[&a1, &a2], 1);
            vec![g.matmul(&c, &b)]
        }
        "dot-reassoc" | "dot-reassoc-rev" | "dot-reassoc-float" | "dot-reassoc-float-rev" => {
            let e = if rule.contains("float") { g.float() } else { g.int() };
            let d: Vec<i64> = (0..4).map(|_| g.rng.range(1, 4)).collect();
            let a = g.arg(&T::new(&[d[0], d[1]], &e));
            let b = g.arg(&T::new(&[d[1], d[2]], &e));
            let c = g.arg(&T::new(&[d[2], d[3]], &e));
            if rule.ends_with("rev") {
                let bc = g.matmul(&b, &c);
                vec![g.matmul(&a, &bc)]
            } else {
                let ab = g.matmul(&a, &b);
                vec![g.matmul(&ab, &c)]
            }
        }
        "dot-degenerate-k" | "dot-degenerate-k-float" => {
            let e = if rule.ends_with("float") { g.float() } else { g.int() };
            let (m, n) = (g.rng.range(1, 4), g.rng.range(1, 4));
            let a = g.arg(&T::new(&[m, 1], &e));
            let b = g.arg(&T::new(&[1, n], &e));
            vec![g.matmul(&a, &b)]
        }
        "conv-1x1-to-dot" | "conv-1x1-to-dot-float" => {
            let e = if rule.ends_with("float") { g.float() } else { g.int() };
            let (n, h, w, c, o) =
                (g.rng.range(1, 2), g.rng.range(1, 3), g.rng.range(1, 3), g.rng.range(1, 3), g.rng.range(1, 3));
            let x = g.arg(&T::new(&[n, h, w, c], &e));
            let k = g.arg(&T::new(&[1, 1, c, o], &e));
            let ot = T::new(&[n, h, w, o], &e);
            vec![g.op(
                "convolution",
                &[&x, &k],
                "batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64",
                &ot,
            )]
        }
        _ => return None,
    })
}

#[derive(Copy, Clone)]
enum Class {
    Real,
    Int,
}

fn bin_splat(g: &mut G, op: &str, c: Class, flit: &str, ilit: &str) -> Vec<V> {
    let e = match c {
        Class::Real => g.real(),
        Class::Int => g.int(),
    };
    let t = g.ty(&e);
    let x = g.arg(&t);
    let z = g.splat(&t, if t.is_float() { flit } else { ilit });
    vec![g.bin(op, &x, &z)]
}

fn bin_args(g: &mut G, op: &str, _c: Class) -> Vec<V> {
    let t = any_real(g);
    let (x, y) = (g.arg(&t), g.arg(&t));
    vec![g.bin(op, &x, &y)]
}

fn any_real(g: &mut G) -> T {
    let e = g.real();
    g.ty(&e)
}
fn any_real_t(g: &mut G, lo: usize, hi: usize) -> T {
    let e = g.real();
    T::new(&g.shape(lo, hi), &e)
}
fn any_int(g: &mut G) -> T {
    let e = g.int();
    g.ty(&e)
}
fn any_float(g: &mut G) -> T {
    let e = g.float();
    g.ty(&e)
}
fn any_signed_or_float(g: &mut G) -> T {
    let e = if g.rng.chance(2) { g.float() } else { g.signed() };
    g.ty(&e)
}
fn any_bits(g: &mut G) -> T {
    let e = if g.rng.chance(3) { "i1".to_string() } else { g.int() };
    g.ty(&e)
}
fn any_type(g: &mut G) -> T {
    let e = if g.rng.chance(5) { "i1".to_string() } else { g.real() };
    g.ty(&e)
}
fn ranked(g: &mut G, lo: usize, hi: usize) -> T {
    let e = g.real();
    T::new(&g.shape(lo, hi), &e)
}

fn inverse(p: &[i64]) -> Vec<i64> {
    let mut v = vec![0; p.len()];
    for (i, &x) in p.iter().enumerate() {
        v[x as usize] = i as i64;
    }
    v
}

fn random_const(g: &mut G, t: &T) -> V {
    let lits: Vec<String> = (0..t.numel().max(1))
        .map(|_| {
            if t.is_float() {
                format!("{:.4e}", g.rng.range(-8, 8) as f64 * 0.25)
            } else if t.e.starts_with("ui") {
                g.rng.range(0, 9).to_string()
            } else {
                g.rng.range(-9, 9).to_string()
            }
        })
        .collect();
    if g.rng.chance(2) || t.numel() == 0 {
        let l = lits[0].clone();
        g.splat(t, &l)
    } else {
        g.dense(t, &lits)
    }
}

/// A random `broadcast_in_dim` of a value of shape `d`: (dims, output shape).
fn random_bcast(g: &mut G, d: &[i64]) -> (Vec<i64>, Vec<i64>) {
    let extra = g.rng.range(0, 2) as usize;
    let r = d.len() + extra;
    let mut pos: Vec<i64> = g.rng.perm(r)[..d.len()].to_vec();
    if g.rng.chance(2) {
        pos.sort_unstable();
    }
    let mut out = vec![0; r];
    for (i, &p) in pos.iter().enumerate() {
        out[p as usize] = if d[i] == 1 && g.rng.chance(2) { g.rng.range(1, 3) } else { d[i] };
    }
    for o in out.iter_mut() {
        if *o == 0 {
            *o = g.rng.range(1, 3);
        }
    }
    (pos, out)
}

/// A random slice of a shape: (start, limit, strides).
fn random_slice(g: &mut G, d: &[i64]) -> (Vec<i64>, Vec<i64>, Vec<i64>) {
    let mut st = Vec::new();
    let mut li = Vec::new();
    let mut sd = Vec::new();
    for &n in d {
        let s = g.rng.range(0, (n - 1).max(0));
        let l = g.rng.range(s + 1, n.max(s + 1));
        st.push(s);
        li.push(l.min(n));
        sd.push(g.rng.range(1, 2));
    }
    (st, li, sd)
}

/// A shape of `n` elements.
fn factor_shape(g: &mut G, n: i64) -> Vec<i64> {
    let divs: Vec<i64> = (1..=n.max(1)).filter(|d| n % d == 0).collect();
    let a = g.rng.pick(&divs);
    if a == 0 {
        return vec![0];
    }
    vec![a, n / a]
}

fn reducer_and_type(g: &mut G, float_sum: bool) -> (&'static str, T) {
    if float_sum {
        let e = g.float();
        return (g.rng.pick(&["add", "multiply"]), T::new(&[], &e));
    }
    match g.rng.next() % 3 {
        0 => {
            let e = g.int();
            (g.rng.pick(&["add", "multiply", "maximum", "minimum", "and", "or", "xor"]), T::new(&[], &e))
        }
        1 => {
            let e = g.float();
            (g.rng.pick(&["maximum", "minimum", "add"]), T::new(&[], &e))
        }
        _ => (g.rng.pick(&["and", "or", "maximum"]), T::new(&[], "i1")),
    }
}

fn identity_const(g: &mut G, body: &str, t: &T) -> V {
    let e = t.e.as_str();
    let lit = match (body, t.is_float(), e) {
        ("add", true, _) => "-0.0".to_string(),
        ("multiply", true, _) => "1.0".to_string(),
        ("maximum", true, _) => float_lit(e, f64::NEG_INFINITY),
        ("minimum", true, _) => float_lit(e, f64::INFINITY),
        (_, _, "i1") => match body {
            "and" | "multiply" | "minimum" => "true".to_string(),
            _ => "false".to_string(),
        },
        ("add" | "or" | "xor", _, _) => "0".to_string(),
        ("multiply", _, _) => "1".to_string(),
        ("and", _, e) if e.starts_with("ui") => ((1u128 << e[2..].parse::<u32>().unwrap()) - 1).to_string(),
        ("and", _, _) => "-1".to_string(),
        ("maximum", _, e) if e.starts_with("ui") => "0".to_string(),
        ("maximum", _, e) => (-(1i128 << (e[1..].parse::<u32>().unwrap() - 1))).to_string(),
        ("minimum", _, e) if e.starts_with("ui") => ((1u128 << e[2..].parse::<u32>().unwrap()) - 1).to_string(),
        ("minimum", _, e) => ((1i128 << (e[1..].parse::<u32>().unwrap() - 1)) - 1).to_string(),
        _ => "0".to_string(),
    };
    g.splat(t, &lit)
}

/// Float comparison within a relative tolerance of the tensors' magnitude.
fn close(a: &Value, b: &Value, tol: f64, arg_scale: f64) -> bool {
    let (Value::Tensor(x), Value::Tensor(y)) = (a, b) else { return same_value(a, b) };
    if x.shape() != y.shape() || x.element_type() != y.element_type() {
        return false;
    }
    let f = |t: &strata_interp::value::Tensor| -> Option<Vec<f64>> {
        match t.data() {
            Data::F32(v) => Some(v.iter().map(|&x| x as f64).collect()),
            Data::F64(v) => Some(v.clone()),
            _ => None,
        }
    };
    match (f(x), f(y)) {
        (Some(p), Some(q)) => {
            let scale = p.iter().chain(&q).filter(|v| v.is_finite()).fold(arg_scale.max(1.0), |m, v| m.max(v.abs()));
            // bf16/f16 results carry their own rounding: allow a few units of it.
            let unit = match x.element_type().float_format() {
                Some(ff) if ff.mantissa_bits < 23 => 4.0 * 2f64.powi(-(ff.mantissa_bits as i32)),
                _ => 0.0,
            };
            // fast-math assumes no NaN or infinity: elements where either side is not finite
            // (an intermediate overflowed) are not compared.
            p.iter()
                .zip(&q)
                .all(|(a, b)| !a.is_finite() || !b.is_finite() || a == b || (a - b).abs() <= (tol + unit) * scale)
        }
        _ => same_value(a, b),
    }
}

fn check_rule(rule: &RuleDef) -> Result<(usize, usize), String> {
    let (tame, tol) = match rule.exactness {
        Exactness::Exact => (false, None),
        Exactness::FastMath { rel_tol } => (true, Some(rel_tol)),
    };
    let mut fired = 0;
    let mut instances = 0;
    for i in 0..INSTANCES {
        let seed = fxhash(rule.name) ^ (i + 1).wrapping_mul(0x517C_C1B7_2722_0A95);
        let mut g = G::new(seed);
        let Some(roots) = instance(rule.name, &mut g) else { continue };
        let refs: Vec<&V> = roots.iter().collect();
        let text = g.finish(&refs);
        instances += 1;
        for k in 0.. {
            let mut ctx = context();
            let m = parse(&mut ctx, rule.name, &text)
                .map_err(|e| format!("{}: instance does not parse: {e}\n{text}", rule.name))?;
            let f = functions(&ctx, m)[0];
            let block = ctx.region_entry(ctx.op_regions(f)[0]).unwrap();
            match force_variant(&mut ctx, block, rule, k, 65536) {
                Forced::NoVariant { .. } => break,
                Forced::Rebuilt { .. } => {}
            }
            if strata_ir::verifier::verify(&mut ctx, m).is_err() {
                let printed = strata_ir::printer::print_op(&ctx, m, &Default::default());
                return Err(format!(
                    "{}: the rewritten IR does not verify: {}\ninput:\n{text}\nrewritten:\n{printed}",
                    rule.name,
                    render(&mut ctx)
                ));
            }
            fired += 1;
            let mut octx = context();
            let om = parse(&mut octx, rule.name, &text).unwrap();
            let mut rng = Rng::new(seed ^ 0xABCD);
            for _ in 0..INPUT_SETS {
                let args = random_args(&mut rng, &g.args, tame);
                let before = run_module(&octx, om, Some(args.clone()));
                let after = run_module(&ctx, m, Some(args.clone()));
                let ok = match tol {
                    None => same_outcome(&before, &after),
                    Some(tol) => compare_close(&before, &after, tol, term_scale(&args)),
                };
                if let Err(e) = ok {
                    let printed = strata_ir::printer::print_op(&ctx, m, &Default::default());
                    let shown: Vec<String> = args.iter().map(|a| a.to_interpreter_string()).collect();
                    return Err(format!(
                        "{}: results differ: {e}\ninput program:\n{text}\nrewritten:\n{printed}\narguments:\n{}",
                        rule.name,
                        shown.join("\n")
                    ));
                }
            }
        }
    }
    Ok((instances, fired))
}

fn compare_close(a: &Outcome, b: &Outcome, tol: f64, arg_scale: f64) -> Result<(), String> {
    for ((n, ra, _), (_, rb, _)) in a.runs.iter().zip(&b.runs) {
        match (ra, rb) {
            (Ok(x), Ok(y)) => {
                for (i, (p, q)) in x.iter().zip(y).enumerate() {
                    if !close(p, q, tol, arg_scale) {
                        return Err(format!(
                            "@{n}: result {i}: {} vs {}",
                            p.to_interpreter_string(),
                            q.to_interpreter_string()
                        ));
                    }
                }
            }
            (Err(_), Err(_)) => {}
            _ => return Err(format!("@{n}: one side fails")),
        }
    }
    Ok(())
}

/// The magnitude of the terms a fast-math rule may reassociate: a sum of up to 4 products of
/// arguments (the generators' largest contraction). Tolerances are relative to it.
fn term_scale(args: &[Value]) -> f64 {
    let m = args
        .iter()
        .filter_map(|a| match a {
            Value::Tensor(t) => strata_interp::kernels::to_f64s("scale", t).ok(),
            _ => None,
        })
        .flatten()
        .filter(|v| v.is_finite())
        .fold(0.0f64, |m, v| m.max(v.abs()));
    4.0 * m * m
}

fn fxhash(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3))
}

#[test]
fn every_rule_is_sound_on_random_instances() {
    let mut failures = Vec::new();
    let mut never = Vec::new();
    println!("{:<28} {:>9} {:>7}  exactness", "rule", "instances", "fired");
    for r in rules::all() {
        match check_rule(r) {
            Ok((n, fired)) => {
                println!(
                    "{:<28} {:>9} {:>7}  {}",
                    r.name,
                    n,
                    fired,
                    match r.exactness {
                        Exactness::Exact => "bitwise".to_string(),
                        Exactness::FastMath { rel_tol } => format!("rel {rel_tol:e}"),
                    }
                );
                if fired == 0 {
                    never.push(r.name);
                }
            }
            Err(e) => failures.push(e),
        }
    }
    assert!(failures.is_empty(), "{} rule(s) unsound:\n{}", failures.len(), failures.join("\n\n"));
    assert!(never.is_empty(), "rules that never fired on their generated instances: {never:?}");
}
