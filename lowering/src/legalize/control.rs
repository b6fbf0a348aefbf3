//! Control flow and the rest: `while` → `scf.while`, `if` → `scf.if`, `case` →
//! `scf.index_switch` (StableHLO's `stablehlo-legalize-control-flow` forms: predicates are read
//! with `tensor.extract`; the regions move into the scf op and their ops are lowered after it),
//! `sort` and `rng_bit_generator`.

use strata_ir::{InsertPoint, RegionId, Value};

use super::builder::{LResult, B};
use super::Src;

/// Move the blocks of `from` into a new region and rewrite its `stablehlo.return` terminators
/// with `f(builder, returned values)`.
fn take_region(b: &mut B, from: RegionId, mut f: impl FnMut(&mut B, &[Value]) -> LResult<()>) -> LResult<RegionId> {
    let r = b.intern(|c| c.create_region());
    b.rw.inline_region_before(from, r, 0);
    let blocks = b.ctx().region_blocks(r).to_vec();
    let saved = b.ip();
    for blk in blocks {
        let Some(term) = b.ctx().block_last_op(blk) else { continue };
        if b.ctx().op_name_of(term) != "stablehlo.return" {
            continue;
        }
        let vals = b.ctx().operands(term).to_vec();
        b.set_ip(InsertPoint::Before(term));
        let res = f(b, &vals);
        if let Err(e) = res {
            b.set_ip(saved);
            return Err(e);
        }
        b.rw.erase_op(term);
    }
    b.set_ip(saved);
    Ok(r)
}

fn pred_scalar(b: &mut B, v: Value) -> Value {
    if b.ctx().type_kind(b.ty(v)).shape().is_some() {
        b.extract(v, &[])
    } else {
        v
    }
}

/// `while` → `scf.while`.
pub fn while_op(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let regions = b.ctx().op_regions(src.id).to_vec();
    let cond = take_region(b, regions[0], |b, vals| {
        let c = pred_scalar(b, vals[0]);
        let blk = match b.ip() {
            InsertPoint::Before(o) => b.ctx().op(o).parent().expect("in a block"),
            _ => unreachable!("terminator insertion point"),
        };
        let mut ops = vec![c];
        ops.extend(b.ctx().block_args(blk));
        b.op0("scf.condition", &ops);
        Ok(())
    })?;
    let body = take_region(b, regions[1], |b, vals| {
        b.op0("scf.yield", vals);
        Ok(())
    })?;
    let o = b.op("scf.while", &src.operands, &src.results, vec![], vec![cond, body]);
    Ok(b.ctx().results(o).collect())
}

/// `if` → `scf.if`.
pub fn if_op(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let c = pred_scalar(b, src.operands[0]);
    let regions = b.ctx().op_regions(src.id).to_vec();
    let mut rs = Vec::new();
    for r in regions {
        rs.push(take_region(b, r, |b, vals| {
            b.op0("scf.yield", vals);
            Ok(())
        })?);
    }
    let o = b.op("scf.if", &[c], &src.results, vec![], rs);
    Ok(b.ctx().results(o).collect())
}

/// `case` → `scf.index_switch` (an out-of-range index takes the last branch, the default).
pub fn case_op(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let idx = pred_scalar(b, src.operands[0]);
    let it = b.index_ty();
    let i = b.index_cast(idx, it);
    let regions = b.ctx().op_regions(src.id).to_vec();
    let n = regions.len();
    let mut rs = Vec::new();
    for r in &regions {
        rs.push(take_region(b, *r, |b, vals| {
            b.op0("scf.yield", vals);
            Ok(())
        })?);
    }
    let default = rs.pop().ok_or("case without branches")?;
    let mut all = vec![default];
    all.extend(rs);
    let cases: Vec<i64> = (0..n as i64 - 1).collect();
    let ca = b.i64_array(&cases);
    let o = b.op("scf.index_switch", &[i], &src.results, vec![("cases", ca)], all);
    Ok(b.ctx().results(o).collect())
}

/// `composite` → `func.call` of its decomposition.
pub fn composite(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let d = b.ctx().attr(src.id, "decomposition").ok_or("composite without a decomposition")?;
    let o = b.op("func.call", &src.operands, &src.results, vec![("callee", d)], vec![]);
    Ok(b.ctx().results(o).collect())
}

/// `sort` along `dimension`: odd-even transposition sort of every row (n passes comparing
/// adjacent pairs, swapping when `comparator(x[k+1], x[k])` holds; equal elements never swap, so
/// the sort is stable), as `scf.for` loops carrying the result tensors.
pub fn sort(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let inputs: Vec<Value> = src.operands.iter().map(|v| b.to_signless(*v)).collect();
    let shape = b.vshape(inputs[0]);
    if shape.contains(&strata_ir::DYNAMIC) {
        return Err("sort with a dynamic shape is not supported".into());
    }
    let rank = shape.len() as i64;
    let dim = super::shape::int_attr(b, src, "dimension").unwrap_or(-1);
    let dim = if dim < 0 { dim + rank } else { dim } as usize;
    let region = b.ctx().op_regions(src.id)[0];
    let n = shape[dim];
    if n <= 1 {
        return Ok(inputs);
    }
    let rest: Vec<i64> = shape.iter().enumerate().filter(|(i, _)| *i != dim).map(|(_, s)| *s).collect();
    let outer: i64 = rest.iter().product();
    b.range(outer, &inputs, move |b, flat, ts| {
        let ridx = b.delinearize(flat, &rest);
        b.range(n, ts, move |b, pass, ts| {
            let two = b.cidx(2);
            let start = b.bin("arith.remui", pass, two);
            let ub = b.cidx(n - 1);
            b.for_loop(start, ub, two, ts, move |b, k, ts| {
                let one = b.cidx(1);
                let k1 = b.bin("arith.addi", k, one);
                let at = |pos: Value| -> Vec<Value> {
                    let mut v = ridx.clone();
                    v.insert(dim, pos);
                    v
                };
                let (ik, ik1) = (at(k), at(k1));
                let mut args = Vec::new();
                let mut pairs = Vec::new();
                for t in ts {
                    let a = b.extract(*t, &ik1);
                    let x = b.extract(*t, &ik);
                    args.push(a);
                    args.push(x);
                    pairs.push((a, x));
                }
                let r = super::reduce::inline_scalar_region(b, region, &args)?;
                let swap = *r.first().ok_or("sort comparator returns nothing")?;
                let mut out = Vec::new();
                for (t, (a, x)) in ts.iter().zip(pairs) {
                    let lo = b.select(swap, a, x);
                    let hi = b.select(swap, x, a);
                    let t1 = b.insert(lo, *t, &ik);
                    out.push(b.insert(hi, t1, &ik1));
                }
                Ok(out)
            })
        })
    })
}

/// `rng_bit_generator`, bit for bit as the interpreter (XLA's `RngBitGeneratorExpander`):
/// `THREE_FRY` (Threefry-2x32, 20 rounds) and `PHILOX`/`DEFAULT` (Philox-4x32, 10 rounds), each
/// output element computed from its linear index in an output-only `linalg.generic`; the new
/// state is built with `tensor.from_elements`.
pub fn rng_bit_generator(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    use strata_dialects::stablehlo::attrs::RngAlgorithm;
    let alg = b
        .ctx()
        .attr(src.id, "rng_algorithm")
        .and_then(|a| b.ctx().typed_attr::<RngAlgorithm>(a).copied())
        .ok_or("missing rng_algorithm")?;
    let st = b.to_signless(src.operands[0]);
    let slen = b.vshape(st).first().copied().unwrap_or(0);
    let out_t = b.signless(src.results[1]);
    let shape = b.shape(out_t);
    if shape.contains(&strata_ir::DYNAMIC) {
        return Err("rng_bit_generator with a dynamic shape is not supported".into());
    }
    let oe = b.elt(out_t);
    let width = super::bit_width(b, oe);
    if !(8..=64).contains(&width) || b.complex_elt(oe).is_some() {
        return Err("rng_bit_generator output element type is not supported".into());
    }
    let i64t = b.int_ty(64);
    let i32t = b.int_ty(32);
    let n: i64 = shape.iter().product();
    let s: Vec<Value> = (0..slen)
        .map(|i| {
            let c = b.cidx(i);
            b.extract(st, &[c])
        })
        .collect();
    let threefry = matches!(alg, RngAlgorithm::THREE_FRY);
    if threefry && slen != 2 {
        return Err("THREE_FRY needs a 2-element state".into());
    }
    if !threefry && slen != 2 && slen != 3 {
        return Err("PHILOX needs a 2- or 3-element state".into());
    }
    let key = split64(b, s[0]);
    let rank = shape.len();
    // Threefry 32-bit geometry (split dimension) as the interpreter computes it.
    let split_dim = shape.iter().position(|&d| d % 2 == 0).unwrap_or_else(|| {
        let mut best = 0;
        for (i, &d) in shape.iter().enumerate() {
            if d > shape[best] {
                best = i;
            }
        }
        best
    });
    let (ctr_lo, ctr_hi) = if threefry {
        (s[1], s[1])
    } else if slen == 3 {
        (s[1], s[2])
    } else {
        (s[1], s[0])
    };
    let init = b.empty(&shape, &[], oe);
    let shape2 = shape.clone();
    let out = b.generic(
        &[],
        &[init],
        vec![super::builder::identity(rank)],
        &vec![super::builder::It::Par; rank],
        &[],
        move |b, _| {
            let idx: Vec<Value> = (0..rank).map(|i| b.index(i)).collect();
            let flat = linear(b, &idx, &shape2);
            let flat64 = b.index_cast(flat, i64t);
            let bits64 = if threefry {
                if width == 64 {
                    let c = b.bin("arith.addi", ctr_lo, flat64);
                    let w = {
                        let sp = split64(b, c);
                        threefry2x32(b, sp, key)
                    };
                    join64(b, w[0], w[1])
                } else {
                    let word = if rank == 0 {
                        let w = {
                            let sp = split64(b, ctr_lo);
                            threefry2x32(b, sp, key)
                        };
                        w[0]
                    } else {
                        let d = shape2[split_dim];
                        let half = (d + 1) / 2;
                        let before_idx = linear(b, &idx[..split_dim], &shape2[..split_dim]);
                        let after_idx = linear(b, &idx[split_dim + 1..], &shape2[split_dim + 1..]);
                        let after: i64 = shape2[split_dim + 1..].iter().product();
                        let two = b.cidx(2);
                        let h = b.bin("arith.divui", idx[split_dim], two);
                        let cbit = b.bin("arith.remui", idx[split_dim], two);
                        let hc = b.cidx(half);
                        let ac = b.cidx(after);
                        let t = b.bin("arith.muli", before_idx, hc);
                        let t = b.bin("arith.addi", t, h);
                        let t = b.bin("arith.muli", t, ac);
                        let lin = b.bin("arith.addi", t, after_idx);
                        let lin64 = b.index_cast(lin, i64t);
                        let c = b.bin("arith.addi", ctr_lo, lin64);
                        let w = {
                            let sp = split64(b, c);
                            threefry2x32(b, sp, key)
                        };
                        let zero = b.cidx(0);
                        let is0 = b.cmpi("eq", cbit, zero);
                        b.select(is0, w[0], w[1])
                    };
                    b.cast("arith.extui", word, i64t)
                }
            } else {
                let per = if width == 64 { 2 } else { 4 };
                let pc = b.cint(per, i64t);
                let q = b.bin("arith.divui", flat64, pc);
                let r = b.bin("arith.remui", flat64, pc);
                let (lo, hi) = add128(b, ctr_lo, ctr_hi, q);
                let x = [split64(b, lo), split64(b, hi)];
                let w = philox4x32(b, [x[0][0], x[0][1], x[1][0], x[1][1]], key);
                if width == 64 {
                    let p0 = join64(b, w[0], w[1]);
                    let p1 = join64(b, w[2], w[3]);
                    let z = b.cint(0, i64t);
                    let is0 = b.cmpi("eq", r, z);
                    b.select(is0, p0, p1)
                } else {
                    let mut sel = w[3];
                    for k in (0..3).rev() {
                        let kc = b.cint(k as i128, i64t);
                        let e = b.cmpi("eq", r, kc);
                        sel = b.select(e, w[k], sel);
                    }
                    b.cast("arith.extui", sel, i64t)
                }
            };
            let it = b.int_ty(width);
            let v = if width == 64 { bits64 } else { b.cast("arith.trunci", bits64, it) };
            Ok(vec![if b.float_kind(oe).is_some() { b.cast("arith.bitcast", v, oe) } else { v }])
        },
    )?;
    // New state.
    let new_state: Vec<Value> = if threefry {
        let used = if width == 64 || rank == 0 {
            if rank == 0 && width != 64 {
                1
            } else {
                n
            }
        } else {
            let d = shape[split_dim];
            let before: i64 = shape[..split_dim].iter().product();
            let after: i64 = shape[split_dim + 1..].iter().product();
            before * ((d + 1) / 2) * after
        };
        let u = b.cint(used as i128, i64t);
        vec![s[0], b.bin("arith.addi", s[1], u)]
    } else {
        let n32 = if width == 64 { 2 * n } else { n };
        let nv = (n32 + 3) / 4;
        let nvc = b.cint(nv as i128, i64t);
        let (lo, hi) = add128(b, ctr_lo, ctr_hi, nvc);
        if slen == 3 {
            vec![s[0], lo, hi]
        } else {
            vec![s[0], lo]
        }
    };
    let _ = i32t;
    let st_t = b.tensor_ty(&[new_state.len() as i64], i64t);
    let ns = b.op1("tensor.from_elements", &new_state, st_t, vec![]);
    Ok(vec![ns, out[0]])
}

/// Row-major linear index of `idx` in `shape` (index values).
fn linear(b: &mut B, idx: &[Value], shape: &[i64]) -> Value {
    let mut acc = b.cidx(0);
    for (i, &v) in idx.iter().enumerate() {
        let s = b.cidx(shape[i]);
        let m = b.bin("arith.muli", acc, s);
        acc = b.bin("arith.addi", m, v);
    }
    acc
}

/// (low, high) 32-bit halves of an i64.
fn split64(b: &mut B, v: Value) -> [Value; 2] {
    let i32t = b.int_ty(32);
    let i64t = b.int_ty(64);
    let lo = b.cast("arith.trunci", v, i32t);
    let c32 = b.cint(32, i64t);
    let h = b.bin("arith.shrui", v, c32);
    let hi = b.cast("arith.trunci", h, i32t);
    [lo, hi]
}

/// `lo | hi << 32` as an i64.
fn join64(b: &mut B, lo: Value, hi: Value) -> Value {
    let i64t = b.int_ty(64);
    let l = b.cast("arith.extui", lo, i64t);
    let h = b.cast("arith.extui", hi, i64t);
    let c32 = b.cint(32, i64t);
    let hs = b.bin("arith.shli", h, c32);
    b.bin("arith.ori", l, hs)
}

/// 128-bit `(lo, hi) + x` (x an i64 treated as unsigned).
fn add128(b: &mut B, lo: Value, hi: Value, x: Value) -> (Value, Value) {
    let i64t = b.int_ty(64);
    let l = b.bin("arith.addi", lo, x);
    let carry = b.cmpi("ult", l, lo);
    let c = b.cast("arith.extui", carry, i64t);
    (l, b.bin("arith.addi", hi, c))
}

fn rotl(b: &mut B, x: Value, r: u32) -> Value {
    let i32t = b.int_ty(32);
    let rc = b.cint(r as i128, i32t);
    let lc = b.cint(32 - r as i128, i32t);
    let a = b.bin("arith.shli", x, rc);
    let c = b.bin("arith.shrui", x, lc);
    b.bin("arith.ori", a, c)
}

/// Threefry-2x32 with 20 rounds (see `strata_reference::kernels::rng::threefry2x32`).
fn threefry2x32(b: &mut B, x: [Value; 2], key: [Value; 2]) -> [Value; 2] {
    const ROT: [u32; 8] = [13, 15, 26, 6, 17, 29, 16, 24];
    let i32t = b.int_ty(32);
    let magic = b.cint(0x1BD1_1BDA, i32t);
    let k2 = b.bin("arith.xori", magic, key[0]);
    let k2 = b.bin("arith.xori", k2, key[1]);
    let ks = [key[0], key[1], k2];
    let mut x0 = b.bin("arith.addi", x[0], ks[0]);
    let mut x1 = b.bin("arith.addi", x[1], ks[1]);
    for i in 0..5u32 {
        let r = if i % 2 == 0 { &ROT[..4] } else { &ROT[4..] };
        for &rot in r {
            x0 = b.bin("arith.addi", x0, x1);
            x1 = rotl(b, x1, rot);
            x1 = b.bin("arith.xori", x1, x0);
        }
        let ka = ks[((i + 1) % 3) as usize];
        let kb = ks[((i + 2) % 3) as usize];
        x0 = b.bin("arith.addi", x0, ka);
        let ic = b.cint(i as i128 + 1, i32t);
        let t = b.bin("arith.addi", x1, kb);
        x1 = b.bin("arith.addi", t, ic);
    }
    [x0, x1]
}

/// Philox-4x32 with 10 rounds (see `strata_reference::kernels::rng::philox4x32`).
fn philox4x32(b: &mut B, mut x: [Value; 4], mut key: [Value; 2]) -> [Value; 4] {
    let i32t = b.int_ty(32);
    let i64t = b.int_ty(64);
    let m0 = b.cint(0xD251_1F53, i64t);
    let m1 = b.cint(0xCD9E_8D57, i64t);
    let c32 = b.cint(32, i64t);
    let w0 = b.cint(0x9E37_79B9u32 as i32 as i128, i32t);
    let w1 = b.cint(0xBB67_AE85u32 as i32 as i128, i32t);
    for _ in 0..10 {
        let x0 = b.cast("arith.extui", x[0], i64t);
        let x2 = b.cast("arith.extui", x[2], i64t);
        let p0 = b.bin("arith.muli", x0, m0);
        let p1 = b.bin("arith.muli", x2, m1);
        let p0h = b.bin("arith.shrui", p0, c32);
        let p1h = b.bin("arith.shrui", p1, c32);
        let p0h = b.cast("arith.trunci", p0h, i32t);
        let p1h = b.cast("arith.trunci", p1h, i32t);
        let p0l = b.cast("arith.trunci", p0, i32t);
        let p1l = b.cast("arith.trunci", p1, i32t);
        let a = b.bin("arith.xori", p1h, x[1]);
        let a = b.bin("arith.xori", a, key[0]);
        let c = b.bin("arith.xori", p0h, x[3]);
        let c = b.bin("arith.xori", c, key[1]);
        x = [a, p1l, c, p0l];
        key = [b.bin("arith.addi", key[0], w0), b.bin("arith.addi", key[1], w1)];
    }
    x
}
