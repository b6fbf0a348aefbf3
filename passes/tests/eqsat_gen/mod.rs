//! A small generator of StableHLO test programs (generic op form), with random shapes, element
//! types and values: the soundness harness builds random instances of each rule's left side
//! with it, and the planted-redundancy and scale tests build their programs with it.
#![allow(dead_code)]

use strata_interp::value::{Complex, ElementType, Tensor, Value};

/// xorshift64*: deterministic, seedable.
#[derive(Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// In `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % ((hi - lo + 1) as u64)) as i64
    }
    pub fn pick<T: Clone>(&mut self, v: &[T]) -> T {
        v[(self.next() % v.len() as u64) as usize].clone()
    }
    pub fn chance(&mut self, n: u64) -> bool {
        self.next().is_multiple_of(n)
    }
    pub fn f64(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    /// A random permutation of `0..n`.
    pub fn perm(&mut self, n: usize) -> Vec<i64> {
        let mut p: Vec<i64> = (0..n as i64).collect();
        for i in (1..n).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            p.swap(i, j);
        }
        p
    }
}

pub const FLOATS: &[&str] = &["f32", "f64", "f16", "bf16"];
pub const INTS: &[&str] = &["i32", "i8", "i64", "ui8", "ui32", "i16"];
pub const SIGNED: &[&str] = &["i32", "i8", "i64", "i16"];

/// A tensor type.
#[derive(Clone, Debug, PartialEq)]
pub struct T {
    pub d: Vec<i64>,
    pub e: String,
}

impl T {
    pub fn new(d: &[i64], e: &str) -> T {
        T { d: d.to_vec(), e: e.to_string() }
    }
    pub fn text(&self) -> String {
        let mut s = String::from("tensor<");
        for d in &self.d {
            s.push_str(&format!("{d}x"));
        }
        s.push_str(&self.e);
        s.push('>');
        s
    }
    pub fn with(&self, d: &[i64]) -> T {
        T::new(d, &self.e)
    }
    pub fn elem(&self, e: &str) -> T {
        T::new(&self.d, e)
    }
    pub fn scalar(&self) -> T {
        T::new(&[], &self.e)
    }
    pub fn numel(&self) -> i64 {
        self.d.iter().product()
    }
    pub fn is_float(&self) -> bool {
        self.e.starts_with('f') || self.e == "bf16"
    }
    pub fn is_complex(&self) -> bool {
        self.e.starts_with("complex")
    }
}

/// A value of the program being built.
#[derive(Clone, Debug)]
pub struct V {
    pub n: String,
    pub t: T,
}

fn arr(v: &[i64]) -> String {
    format!("array<i64{}>", if v.is_empty() { String::new() } else { format!(": {}", list(v)) })
}

fn list(v: &[i64]) -> String {
    v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")
}

/// A program under construction (one function `@main`).
pub struct G {
    pub rng: Rng,
    pub args: Vec<V>,
    pub lines: Vec<String>,
    n: usize,
}

impl G {
    pub fn new(seed: u64) -> G {
        G { rng: Rng::new(seed), args: Vec::new(), lines: Vec::new(), n: 0 }
    }

    // ----- random choices -----

    pub fn shape(&mut self, min_rank: usize, max_rank: usize) -> Vec<i64> {
        let r = self.rng.range(min_rank as i64, max_rank as i64) as usize;
        (0..r).map(|_| self.rng.range(1, 4)).collect()
    }
    pub fn float(&mut self) -> String {
        self.rng.pick(FLOATS).to_string()
    }
    pub fn int(&mut self) -> String {
        self.rng.pick(INTS).to_string()
    }
    pub fn signed(&mut self) -> String {
        self.rng.pick(SIGNED).to_string()
    }
    pub fn real(&mut self) -> String {
        if self.rng.chance(2) {
            self.float()
        } else {
            self.int()
        }
    }
    pub fn ty(&mut self, e: &str) -> T {
        let d = self.shape(0, 3);
        T::new(&d, e)
    }

    // ----- values -----

    pub fn arg(&mut self, t: &T) -> V {
        let v = V { n: format!("%arg{}", self.args.len()), t: t.clone() };
        self.args.push(v.clone());
        v
    }

    /// A generic op with one result.
    pub fn op(&mut self, name: &str, operands: &[&V], props: &str, out: &T) -> V {
        let n = format!("%v{}", self.n);
        self.n += 1;
        let ops: Vec<String> = operands.iter().map(|v| v.n.clone()).collect();
        let tys: Vec<String> = operands.iter().map(|v| v.t.text()).collect();
        let props = if props.is_empty() { String::new() } else { format!(" <{{{props}}}>") };
        self.lines.push(format!(
            "    {n} = \"stablehlo.{name}\"({}){props} : ({}) -> {}",
            ops.join(", "),
            tys.join(", "),
            out.text()
        ));
        V { n, t: out.clone() }
    }
    pub fn un(&mut self, name: &str, x: &V) -> V {
        let t = x.t.clone();
        self.op(name, &[x], "", &t)
    }
    pub fn bin(&mut self, name: &str, a: &V, b: &V) -> V {
        let t = a.t.clone();
        self.op(name, &[a, b], "", &t)
    }
    /// A splat constant; `lit` is an MLIR literal (`1.0`, `-0.0`, `0x7FC00000`, `true`, `-3`).
    pub fn splat(&mut self, t: &T, lit: &str) -> V {
        let n = format!("%v{}", self.n);
        self.n += 1;
        self.lines.push(format!(
            "    {n} = \"stablehlo.constant\"() <{{value = dense<{lit}> : {}}}> : () -> {}",
            t.text(),
            t.text()
        ));
        V { n, t: t.clone() }
    }
    /// A constant with the given element literals (row-major).
    pub fn dense(&mut self, t: &T, lits: &[String]) -> V {
        if t.numel() == 0 {
            return self.splat(t, if t.is_float() { "0.0" } else { "0" });
        }
        let body = if t.d.is_empty() { lits[0].clone() } else { nest(&t.d, lits) };
        let n = format!("%v{}", self.n);
        self.n += 1;
        self.lines.push(format!(
            "    {n} = \"stablehlo.constant\"() <{{value = dense<{body}> : {}}}> : () -> {}",
            t.text(),
            t.text()
        ));
        V { n, t: t.clone() }
    }
    pub fn compare(&mut self, dir: &str, a: &V, b: &V) -> V {
        let t = a.t.elem("i1");
        let ct = if a.t.is_float() { ", compare_type = #stablehlo<comparison_type FLOAT>" } else { "" };
        self.op("compare", &[a, b], &format!("comparison_direction = #stablehlo<comparison_direction {dir}>{ct}"), &t)
    }
    pub fn select(&mut self, p: &V, a: &V, b: &V) -> V {
        let t = a.t.clone();
        self.op("select", &[p, a, b], "", &t)
    }
    pub fn convert(&mut self, x: &V, e: &str) -> V {
        let t = x.t.elem(e);
        self.op("convert", &[x], "", &t)
    }
    pub fn transpose(&mut self, x: &V, p: &[i64]) -> V {
        let t = x.t.with(&p.iter().map(|&i| x.t.d[i as usize]).collect::<Vec<_>>());
        self.op("transpose", &[x], &format!("permutation = {}", arr(p)), &t)
    }
    pub fn reshape(&mut self, x: &V, d: &[i64]) -> V {
        let t = x.t.with(d);
        self.op("reshape", &[x], "", &t)
    }
    pub fn bcast(&mut self, x: &V, dims: &[i64], out: &[i64]) -> V {
        let t = x.t.with(out);
        self.op("broadcast_in_dim", &[x], &format!("broadcast_dimensions = {}", arr(dims)), &t)
    }
    pub fn slice(&mut self, x: &V, st: &[i64], li: &[i64], sd: &[i64]) -> V {
        let d: Vec<i64> =
            (0..st.len()).map(|i| if li[i] <= st[i] { 0 } else { (li[i] - st[i] + sd[i] - 1) / sd[i] }).collect();
        let t = x.t.with(&d);
        self.op(
            "slice",
            &[x],
            &format!("start_indices = {}, limit_indices = {}, strides = {}", arr(st), arr(li), arr(sd)),
            &t,
        )
    }
    pub fn concat(&mut self, xs: &[&V], dim: usize) -> V {
        let mut d = xs[0].t.d.clone();
        d[dim] = xs.iter().map(|x| x.t.d[dim]).sum();
        let t = xs[0].t.with(&d);
        self.op("concatenate", xs, &format!("dimension = {dim} : i64"), &t)
    }
    pub fn pad(&mut self, x: &V, v: &V, lo: &[i64], hi: &[i64], it: &[i64]) -> V {
        let d: Vec<i64> = (0..lo.len())
            .map(|i| lo[i] + hi[i] + if x.t.d[i] == 0 { 0 } else { (x.t.d[i] - 1) * (it[i] + 1) + 1 })
            .collect();
        let t = x.t.with(&d);
        self.op(
            "pad",
            &[x, v],
            &format!("edge_padding_high = {}, edge_padding_low = {}, interior_padding = {}", arr(hi), arr(lo), arr(it)),
            &t,
        )
    }
    pub fn reverse(&mut self, x: &V, dims: &[i64]) -> V {
        let t = x.t.clone();
        self.op("reverse", &[x], &format!("dimensions = {}", arr(dims)), &t)
    }
    pub fn dot(&mut self, a: &V, b: &V, lb: &[i64], rb: &[i64], lc: &[i64], rc: &[i64]) -> V {
        let mut d: Vec<i64> = lb.iter().map(|&i| a.t.d[i as usize]).collect();
        d.extend((0..a.t.d.len() as i64).filter(|i| !lb.contains(i) && !lc.contains(i)).map(|i| a.t.d[i as usize]));
        d.extend((0..b.t.d.len() as i64).filter(|i| !rb.contains(i) && !rc.contains(i)).map(|i| b.t.d[i as usize]));
        let t = a.t.with(&d);
        let mut parts = Vec::new();
        for (k, v) in [
            ("lhs_batching_dimensions", lb),
            ("rhs_batching_dimensions", rb),
            ("lhs_contracting_dimensions", lc),
            ("rhs_contracting_dimensions", rc),
        ] {
            if !v.is_empty() {
                parts.push(format!("{k} = [{}]", list(v)));
            }
        }
        self.op("dot_general", &[a, b], &format!("dot_dimension_numbers = #stablehlo.dot<{}>", parts.join(", ")), &t)
    }
    pub fn matmul(&mut self, a: &V, b: &V) -> V {
        self.dot(a, b, &[], &[], &[1], &[0])
    }
    /// `reduce(x, init, dims)` with a body of one op (`add`, `maximum`, ...).
    pub fn reduce(&mut self, x: &V, init: &V, dims: &[i64], body: &str) -> V {
        let d: Vec<i64> = (0..x.t.d.len() as i64).filter(|i| !dims.contains(i)).map(|i| x.t.d[i as usize]).collect();
        let t = x.t.with(&d);
        let n = format!("%v{}", self.n);
        self.n += 1;
        let s = x.t.scalar().text();
        self.lines.push(format!(
            "    {n} = \"stablehlo.reduce\"({}, {}) <{{dimensions = {}}}> ({{\n    ^bb0(%a: {s}, %b: {s}):\n      %r = \"stablehlo.{body}\"(%a, %b) : ({s}, {s}) -> {s}\n      \"stablehlo.return\"(%r) : ({s}) -> ()\n    }}) : ({}, {}) -> {}",
            x.n,
            init.n,
            arr(dims),
            x.t.text(),
            init.t.text(),
            t.text()
        ));
        V { n, t }
    }

    /// The program: `@main` returning `roots`.
    pub fn finish(&self, roots: &[&V]) -> String {
        let args: Vec<String> = self.args.iter().map(|a| format!("{}: {}", a.n, a.t.text())).collect();
        let tys: Vec<String> = roots.iter().map(|r| r.t.text()).collect();
        let names: Vec<String> = roots.iter().map(|r| r.n.clone()).collect();
        format!(
            "func.func @main({}) -> ({}) {{\n{}\n    \"func.return\"({}) : ({}) -> ()\n}}\n",
            args.join(", "),
            tys.join(", "),
            self.lines.join("\n"),
            names.join(", "),
            tys.join(", ")
        )
    }
}

fn nest(d: &[i64], lits: &[String]) -> String {
    if d.len() == 1 {
        return format!("[{}]", lits.join(", "));
    }
    let chunk = lits.len() / d[0].max(1) as usize;
    let parts: Vec<String> = lits.chunks(chunk.max(1)).map(|c| nest(&d[1..], c)).collect();
    format!("[{}]", parts.join(", "))
}

// ----- random inputs -----

/// Random element values, with the special values of the type mixed in: NaN, ±inf, ±0,
/// subnormals, the largest values, integer extremes. `tame`: finite values of moderate
/// magnitude only (for the fast-math rules).
pub fn random_tensor(rng: &mut Rng, t: &T, tame: bool) -> Tensor {
    let n = t.numel() as usize;
    let et = ElementType::from_mlir_name(&t.e).unwrap_or_else(|| panic!("element type {}", t.e));
    if t.e == "i1" {
        let v: Vec<bool> = (0..n).map(|_| rng.chance(2)).collect();
        return Tensor::from_bools(&t.d, &v).unwrap();
    }
    if et.is_complex() {
        let v: Vec<Complex<f64>> =
            (0..n).map(|_| Complex::new(float_value(rng, tame, 64), float_value(rng, tame, 64))).collect();
        return Tensor::from_complex(et, &t.d, &v).unwrap();
    }
    if et.is_float() {
        let v: Vec<f64> = (0..n).map(|_| float_value(rng, tame, et.bit_width())).collect();
        return Tensor::from_f64s(et, &t.d, &v).unwrap();
    }
    let (lo, hi) = et.int_range().unwrap();
    if et.is_unsigned_integer() {
        let v: Vec<u64> = (0..n)
            .map(|_| match rng.next() % 6 {
                0 => 0,
                1 => 1,
                2 => hi as u64,
                3 => rng.next() & (hi as u64),
                _ => rng.range(0, 100) as u64,
            })
            .collect();
        return Tensor::from_u64s(et, &t.d, &v).unwrap();
    }
    let v: Vec<i64> = (0..n)
        .map(|_| {
            if tame {
                return rng.range(-20, 20);
            }
            match rng.next() % 8 {
                0 => lo as i64,
                1 => hi as i64,
                2 => 0,
                3 => -1,
                4 => 1,
                5 => rng.next() as i64,
                _ => rng.range(-100, 100),
            }
        })
        .collect();
    Tensor::from_i64s(et, &t.d, &v).unwrap()
}

fn float_value(rng: &mut Rng, tame: bool, bits: u32) -> f64 {
    if tame {
        return (rng.f64() * 8.0 - 4.0) * if rng.chance(2) { 1.0 } else { 0.25 };
    }
    match rng.next() % 14 {
        0 => f64::NAN,
        1 => f64::INFINITY,
        2 => f64::NEG_INFINITY,
        3 => 0.0,
        4 => -0.0,
        5 => {
            if bits == 64 {
                4.9e-320
            } else {
                1.0e-40
            }
        }
        6 => {
            if bits == 64 {
                1.0e300
            } else {
                3.0e38
            }
        }
        7 => 1.0,
        8 => -1.0,
        9 => 0.5,
        _ => (rng.f64() * 20.0 - 10.0) * if rng.chance(3) { 1e-3 } else { 1.0 },
    }
}

/// Random arguments for the program's parameters.
pub fn random_args(rng: &mut Rng, args: &[V], tame: bool) -> Vec<Value> {
    args.iter().map(|a| Value::Tensor(random_tensor(rng, &a.t, tame))).collect()
}

/// The literal of a float value for `dense<...>` (hex for NaN/inf).
pub fn float_lit(e: &str, v: f64) -> String {
    if v.is_finite() {
        return format!("{v:.6e}");
    }
    let et = ElementType::from_mlir_name(e).unwrap();
    let bits = match et {
        ElementType::F64 => v.to_bits(),
        ElementType::F32 => (v as f32).to_bits() as u64,
        _ => et.float_format().unwrap().encode(v),
    };
    let digits = (et.bit_width() as usize).div_ceil(4);
    format!("0x{bits:0digits$X}")
}
