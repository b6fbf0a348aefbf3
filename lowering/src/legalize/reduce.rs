//! Reductions: `reduce` (→ a reduction `linalg.generic` or `linalg.reduce`), `reduce_window`
//! (→ a generic over output and window loops, the input padded first), `select_and_scatter`,
//! and `map`. Their regions compute on 0-d tensors; [`inline_scalar_region`] rebuilds them on
//! scalars inside the linalg body.

use std::collections::HashMap;

use strata_ir::attributes::AffineExpr;
use strata_ir::{RegionId, Value, DYNAMIC};

use super::builder::{add, amap, d, identity, mul, It, LResult, B};
use super::pointwise::splat_scalar;
use super::scalar::scalar_op;
use super::shape::{attr_ints, insert_slice};
use super::{scalar_attrs, Options, Src};

/// Rebuild the ops of `region` (a computation on 0-d tensors) on scalars at the insertion
/// point, its block arguments bound to `args`; returns the values it returns.
pub fn inline_scalar_region(b: &mut B, region: RegionId, args: &[Value]) -> LResult<Vec<Value>> {
    let blocks = b.ctx().region_blocks(region).to_vec();
    if blocks.len() != 1 {
        return Err("a reducer region with more than one block is not supported".into());
    }
    let blk = blocks[0];
    let mut map: HashMap<Value, Value> = HashMap::new();
    let bargs: Vec<Value> = b.ctx().block_args(blk).collect();
    if bargs.len() != args.len() {
        return Err(format!("reducer region takes {} arguments, expected {}", bargs.len(), args.len()));
    }
    for (a, v) in bargs.iter().zip(args) {
        map.insert(*a, *v);
    }
    let ops = b.ctx().block_ops_vec(blk);
    for op in ops {
        let name = b.ctx().op_name_of(op).to_string();
        let operands = b.ctx().operands(op).to_vec();
        let mut vals = Vec::new();
        for v in &operands {
            vals.push(scalar_of(b, *v, &map)?);
        }
        if name == "stablehlo.return" || name == "func.return" {
            return Ok(vals);
        }
        let results: Vec<Value> = b.ctx().results(op).collect();
        let in_elts: Vec<_> = operands.iter().map(|v| b.velt(*v)).collect();
        let out_elt = match results.first() {
            Some(r) => b.velt(*r),
            None => return Err(format!("'{name}' in a reducer body has no scalar lowering")),
        };
        if name == "func.call" {
            // A call on scalars: inline the callee's body.
            let callee = strata_ir::symbol::callee(b.ctx(), op).ok_or("func.call without a callee")?;
            let f = strata_ir::symbol::lookup_symbol(b.ctx(), op, &callee)
                .ok_or_else(|| format!("func.call to unknown @{callee}"))?;
            let body = *b.ctx().op_regions(f).first().ok_or("callee without a body")?;
            let rs = inline_scalar_region(b, body, &vals)?;
            for (r, v) in results.iter().zip(rs) {
                map.insert(*r, v);
            }
            continue;
        }
        let r = if name == "stablehlo.constant" || name == "arith.constant" {
            splat_scalar_of_op(b, op)?
        } else if super::scalar::is_elementwise(&name) {
            let at = scalar_attrs(b.ctx(), op);
            scalar_op(b, &name, &vals, &in_elts, out_elt, &at)?
        } else if matches!(
            name.as_str(),
            "stablehlo.reshape" | "stablehlo.broadcast_in_dim" | "stablehlo.broadcast" | "stablehlo.transpose"
        ) && b.rank(results[0]) == 0
        {
            vals[0]
        } else {
            return Err(format!("'{name}' in a reducer body has no scalar lowering"));
        };
        map.insert(results[0], r);
    }
    Err("reducer region without a terminator".into())
}

fn splat_scalar_of_op(b: &mut B, op: strata_ir::OpId) -> LResult<Value> {
    let r = b.ctx().result(op, 0);
    splat_scalar(b, r).ok_or_else(|| "a non-splat constant in a reducer body".to_string())
}

/// The scalar a (0-d tensor) value stands for inside a body.
fn scalar_of(b: &mut B, v: Value, map: &HashMap<Value, Value>) -> LResult<Value> {
    if let Some(s) = map.get(&v) {
        return Ok(*s);
    }
    if let Some(s) = splat_scalar(b, v) {
        return Ok(s);
    }
    if b.rank(v) == 0 && b.ctx().type_kind(b.ty(v)).shape().is_some() {
        let v = b.to_signless(v);
        return Ok(b.extract(v, &[]));
    }
    if b.ctx().type_kind(b.ty(v)).shape().is_none() {
        return Ok(v);
    }
    Err("a reducer body uses a ranked tensor from outside".into())
}

fn init_scalar(b: &mut B, v: Value) -> Value {
    let v = b.to_signless(v);
    match splat_scalar(b, v) {
        Some(s) => s,
        None => b.extract(v, &[]),
    }
}

/// `reduce` → fill with the init values + a generic with the reduced loops innermost.
pub fn reduce(b: &mut B, src: &Src, opts: &Options) -> LResult<Vec<Value>> {
    let n = src.operands.len() / 2;
    let inputs: Vec<Value> = src.operands[..n].iter().map(|v| b.to_signless(*v)).collect();
    let dims = {
        let a = b.ctx().attr(src.id, "dimensions").ok_or("missing dimensions")?;
        attr_ints(b, a).ok_or("bad dimensions")?
    };
    let region = b.ctx().op_regions(src.id)[0];
    let rank = b.rank(inputs[0]);
    let kept: Vec<usize> = (0..rank).filter(|i| !dims.contains(&(*i as i64))).collect();
    let mut outs = Vec::new();
    for i in 0..n {
        let init = init_scalar(b, src.operands[n + i]);
        let rt = b.signless(src.results[i]);
        let shape = b.shape(rt);
        let mut dyns = Vec::new();
        for (k, &s) in shape.iter().enumerate() {
            if s == DYNAMIC {
                dyns.push(b.dim(inputs[0], kept[k]));
            }
        }
        let et = b.elt(rt);
        let e = b.empty(&shape, &dyns, et);
        outs.push(b.fill(init, e)?);
    }
    // Reduced loops last.
    let mut order: Vec<usize> = kept.clone();
    order.extend(dims.iter().map(|&x| x as usize));
    let mut pos = vec![0; rank];
    for (k, &o) in order.iter().enumerate() {
        pos[o] = k;
    }
    let in_map = amap(rank, (0..rank).map(|i| d(pos[i])).collect());
    let out_map = amap(rank, (0..kept.len()).map(d).collect());
    let body = move |b: &mut B, a: &[Value]| -> LResult<Vec<Value>> {
        // Region arguments: accumulators, then input elements.
        let mut args: Vec<Value> = a[n..].to_vec();
        args.extend_from_slice(&a[..n]);
        inline_scalar_region(b, region, &args)
    };
    if opts.primitive_ops {
        let mut types = Vec::new();
        for v in inputs.iter().chain(&outs) {
            types.push(b.velt(*v));
        }
        let r = b.build_region(&types, "linalg.yield", body)?;
        let da = b.i64_array(&dims);
        let mut ops = inputs.clone();
        ops.extend(&outs);
        let rts: Vec<_> = outs.iter().map(|v| b.ty(*v)).collect();
        let mut attrs = vec![("dimensions", da)];
        for (k, v) in &src.extra {
            attrs.push((k.as_str(), *v));
        }
        let o = b.op("linalg.reduce", &ops, &rts, attrs, vec![r]);
        return Ok(b.ctx().results(o).collect());
    }
    let mut maps = vec![in_map; n];
    maps.extend(vec![out_map; n]);
    let mut its = vec![It::Par; kept.len()];
    its.extend(vec![It::Red; dims.len()]);
    b.generic(&inputs, &outs, maps, &its, &src.extra, body)
}

/// `map` → generic (or `linalg.map`) with the computation on scalars.
pub fn map(b: &mut B, src: &Src, opts: &Options) -> LResult<Vec<Value>> {
    let inputs: Vec<Value> = src.operands.iter().map(|v| b.to_signless(*v)).collect();
    let res = b.signless(src.results[0]);
    let rank = b.shape(res).len();
    let init = b.empty_like(res, inputs[0]);
    let region = b.ctx().op_regions(src.id)[0];
    let n = inputs.len();
    let body = move |b: &mut B, a: &[Value]| inline_scalar_region(b, region, &a[..n]);
    if opts.primitive_ops {
        return super::pointwise::map_op(b, &inputs, init, &src.extra, body);
    }
    let maps = vec![identity(rank); n + 1];
    b.generic(&inputs, &[init], maps, &vec![It::Par; rank], &src.extra, body)
}

fn opt_ints(b: &B, src: &Src, name: &str, n: usize, dflt: i64) -> Vec<i64> {
    b.ctx().attr(src.id, name).and_then(|a| attr_ints(b, a)).unwrap_or_else(|| vec![dflt; n])
}

/// Pad `x` with `pad_scalar`: low/high edges and interior (base dilation - 1).
fn pad_input(b: &mut B, x: Value, pad_scalar: Value, lo: &[i64], hi: &[i64], interior: &[i64]) -> LResult<Value> {
    if lo.iter().chain(hi).chain(interior).all(|&p| p == 0) {
        return Ok(x);
    }
    let shape = b.vshape(x);
    if shape.contains(&DYNAMIC) {
        return Err("padding of a dynamic shape is not supported".into());
    }
    if lo.iter().chain(hi).any(|&p| p < 0) {
        return Err("negative window padding is not supported".into());
    }
    let full: Vec<i64> =
        (0..shape.len()).map(|i| lo[i] + hi[i] + shape[i] + (shape[i] - 1).max(0) * interior[i]).collect();
    let elt = b.velt(x);
    let e = b.empty(&full, &[], elt);
    let f = b.fill(pad_scalar, e)?;
    let offs: Vec<Result<i64, Value>> = lo.iter().map(|&l| Ok(l)).collect();
    let strides: Vec<i64> = interior.iter().map(|&i| i + 1).collect();
    Ok(insert_slice(b, x, f, &offs, &strides))
}

/// `reduce_window` → pad, then a generic over (output dims, window dims) with a window-shaped
/// dummy input giving the window loops their bounds.
pub fn reduce_window(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let n = src.operands.len() / 2;
    let rank = b.rank(src.operands[0]);
    let win = opt_ints(b, src, "window_dimensions", rank, 1);
    let strides = opt_ints(b, src, "window_strides", rank, 1);
    let base = opt_ints(b, src, "base_dilations", rank, 1);
    let wdil = opt_ints(b, src, "window_dilations", rank, 1);
    let pads = opt_ints(b, src, "padding", rank * 2, 0);
    let lo: Vec<i64> = (0..rank).map(|i| pads[2 * i]).collect();
    let hi: Vec<i64> = (0..rank).map(|i| pads[2 * i + 1]).collect();
    let interior: Vec<i64> = base.iter().map(|&x| x - 1).collect();
    let region = b.ctx().op_regions(src.id)[0];
    if let Some(r) = pooling(b, src, n, &win, &strides, &base, &wdil, &pads)? {
        return Ok(r);
    }
    let mut inputs = Vec::new();
    let mut outs = Vec::new();
    for i in 0..n {
        let init = init_scalar(b, src.operands[n + i]);
        let x = b.to_signless(src.operands[i]);
        inputs.push(pad_input(b, x, init, &lo, &hi, &interior)?);
        let rt = b.signless(src.results[i]);
        let shape = b.shape(rt);
        if shape.contains(&DYNAMIC) {
            return Err("reduce_window with a dynamic result shape is not supported".into());
        }
        let et = b.elt(rt);
        let e = b.empty(&shape, &[], et);
        outs.push(b.fill(init, e)?);
    }
    let nl = 2 * rank;
    let in_map = amap(nl, (0..rank).map(|i| add(mul(d(i), strides[i]), mul(d(rank + i), wdil[i]))).collect());
    let in_map = simplify_map(in_map);
    let f32t = b.float_ty(strata_ir::FloatKind::F32);
    let window = b.empty(&win, &[], f32t);
    let win_map = amap(nl, (rank..nl).map(d).collect());
    let out_map = amap(nl, (0..rank).map(d).collect());
    let mut ins = inputs.clone();
    ins.push(window);
    let mut maps = vec![in_map; n];
    maps.push(win_map);
    maps.extend(vec![out_map; n]);
    let mut its = vec![It::Par; rank];
    its.extend(vec![It::Red; rank]);
    b.generic(&ins, &outs, maps, &its, &src.extra, move |b, a| {
        let mut args: Vec<Value> = a[n + 1..].to_vec();
        args.extend_from_slice(&a[..n]);
        inline_scalar_region(b, region, &args)
    })
}

/// The pooling kind of result `i` of a reducer region: `Some("max" | "min" | "sum")` when it is
/// one such op of block arguments `i` and `n + i`.
fn pooling_kind(b: &B, region: RegionId, n: usize, i: usize) -> Option<&'static str> {
    let blk = *b.ctx().region_blocks(region).first()?;
    let term = b.ctx().block_last_op(blk)?;
    let v = *b.ctx().operands(term).get(i)?;
    let d = b.ctx().defining_op(v)?;
    let kind = match b.ctx().op_name_of(d) {
        "stablehlo.maximum" => "max",
        "stablehlo.minimum" => "min",
        "stablehlo.add" => "sum",
        _ => return None,
    };
    let args: Vec<Value> = b.ctx().block_args(blk).collect();
    let ops = b.ctx().operands(d);
    let (x, y) = (args[i], args[n + i]);
    if (ops[0] == x && ops[1] == y) || (ops[0] == y && ops[1] == x) {
        Some(kind)
    } else {
        None
    }
}

/// `reduce_window` over NHWC / NDHWC windows (unit batch and feature windows, no padding or base
/// dilation) with max/min/sum bodies → `linalg.pooling_n{d}hwc_{max,min,sum}` per result.
#[allow(clippy::too_many_arguments)]
fn pooling(
    b: &mut B,
    src: &Src,
    n: usize,
    win: &[i64],
    strides: &[i64],
    base: &[i64],
    wdil: &[i64],
    pads: &[i64],
) -> LResult<Option<Vec<Value>>> {
    let rank = win.len();
    if !(rank == 4 || rank == 5) {
        return Ok(None);
    }
    let last = rank - 1;
    if win[0] != 1 || win[last] != 1 || strides[0] != 1 || strides[last] != 1 || wdil[0] != 1 || wdil[last] != 1 {
        return Ok(None);
    }
    if base.iter().any(|&x| x != 1) || pads.iter().any(|&p| p != 0) {
        return Ok(None);
    }
    let region = b.ctx().op_regions(src.id)[0];
    let kinds: Option<Vec<&str>> = (0..n).map(|i| pooling_kind(b, region, n, i)).collect();
    let Some(kinds) = kinds else { return Ok(None) };
    let mut results = Vec::new();
    for (i, kind) in kinds.iter().enumerate() {
        let elt0 = b.velt(src.operands[i]);
        let unsigned = b.is_unsigned(elt0);
        let x = b.to_signless(src.operands[i]);
        let elt = b.velt(x);
        let is_float = b.float_kind(elt).is_some();
        if !is_float && b.int_width(elt).is_none() || rank == 5 && unsigned && *kind != "sum" {
            return Ok(None);
        }
        let window = b.empty(&win[1..last], &[], elt);
        let rt = b.signless(src.results[i]);
        let shape = b.shape(rt);
        let mut dyns = Vec::new();
        for (k, &sz) in shape.iter().enumerate() {
            if sz != DYNAMIC {
                continue;
            }
            let dk = b.dim(x, k);
            if k == 0 || k == last {
                dyns.push(dk);
            } else {
                let w = b.cidx(win[k]);
                let st = b.cidx(strides[k]);
                let one = b.cidx(1);
                let t = b.bin("arith.subi", dk, w);
                let t = b.bin("arith.divui", t, st);
                dyns.push(b.bin("arith.addi", t, one));
            }
        }
        let init = b.empty(&shape, &dyns, elt);
        let iv = init_scalar(b, src.operands[n + i]);
        let filled = b.fill(iv, init)?;
        let ns = rank - 2;
        let name = format!(
            "linalg.pooling_{}_{}{}",
            if rank == 4 { "nhwc" } else { "ndhwc" },
            kind,
            if unsigned && *kind != "sum" { "_unsigned" } else { "" }
        );
        let i64t = b.int_ty(64);
        let vt = b.intern(|c| {
            c.intern_type(strata_ir::TypeKind::Vector { shape: vec![ns as i64], scalable: vec![false], element: i64t })
        });
        let dense = |b: &mut B, v: &[i64]| -> strata_ir::Attribute {
            let splat = v.iter().all(|x| *x == v[0]);
            let vals: Vec<i64> = if splat { vec![v[0]] } else { v.to_vec() };
            let bytes: Vec<u8> = vals.iter().flat_map(|x| x.to_le_bytes()).collect();
            b.intern(|c| {
                c.intern_attr(strata_ir::AttrKind::DenseElements {
                    ty: vt,
                    data: strata_ir::attributes::DenseData { splat, bytes },
                })
            })
        };
        let sa = dense(b, &strides[1..last]);
        let da = dense(b, &wdil[1..last]);
        let kind2 = *kind;
        let body = b.build_region(&[elt, elt, elt], "linalg.yield", move |b, a| {
            let op = match (kind2, is_float, unsigned) {
                ("max", true, _) => "arith.maximumf",
                ("min", true, _) => "arith.minimumf",
                ("sum", true, _) => "arith.addf",
                ("max", false, false) => "arith.maxsi",
                ("min", false, false) => "arith.minsi",
                ("max", false, true) => "arith.maxui",
                ("min", false, true) => "arith.minui",
                _ => "arith.addi",
            };
            Ok(vec![b.bin(op, a[2], a[0])])
        })?;
        let seg = b.i32_array(&[2, 1]);
        let rty = b.ty(filled);
        let mut attrs = vec![("dilations", da), ("operandSegmentSizes", seg), ("strides", sa)];
        for (k, v) in &src.extra {
            attrs.push((k.as_str(), *v));
        }
        let o = b.op(&name, &[x, window, filled], &[rty], attrs, vec![body]);
        results.push(b.ctx().result(o, 0));
    }
    Ok(Some(results))
}

/// Drop `* 1` factors so maps print as MLIR builds them (`d0 + d4`, `d0 * 2 + d4`).
pub fn simplify_map(m: strata_ir::attributes::AffineMap) -> strata_ir::attributes::AffineMap {
    fn s(e: AffineExpr) -> AffineExpr {
        match e {
            AffineExpr::Mul(a, k) if *k == AffineExpr::Constant(1) => s(*a),
            AffineExpr::Add(a, b2) => AffineExpr::Add(Box::new(s(*a)), Box::new(s(*b2))),
            AffineExpr::Mul(a, k) => AffineExpr::Mul(Box::new(s(*a)), k),
            e => e,
        }
    }
    strata_ir::attributes::AffineMap {
        num_dims: m.num_dims,
        num_symbols: m.num_symbols,
        results: m.results.into_iter().map(s).collect(),
    }
}

/// `select_and_scatter`: for each source element, the window of the operand is scanned (padding
/// never selected; the first element wins while `select(current, next)` holds) and the source
/// value is combined into the result at the selected position with `scatter`, starting from a
/// result filled with `init` — the interpreter's semantics, as nested `scf.for` loops.
pub fn select_and_scatter(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let x = b.to_signless(src.operands[0]);
    let source = b.to_signless(src.operands[1]);
    let init = init_scalar(b, src.operands[2]);
    let shape = b.vshape(x);
    let sshape = b.vshape(source);
    if shape.contains(&DYNAMIC) || sshape.contains(&DYNAMIC) {
        return Err("select_and_scatter with dynamic shapes is not supported".into());
    }
    let rank = shape.len();
    let win = opt_ints(b, src, "window_dimensions", rank, 1);
    let strides = opt_ints(b, src, "window_strides", rank, 1);
    let pads = opt_ints(b, src, "padding", 2 * rank, 0);
    let regions = b.ctx().op_regions(src.id).to_vec();
    let (sel_r, sc_r) = (regions[0], regions[1]);
    let elt = b.velt(x);
    let e = b.empty(&shape, &[], elt);
    let filled = b.fill(init, e)?;
    let n_src: i64 = sshape.iter().product();
    let n_win: i64 = win.iter().product();
    let i1 = b.int_ty(1);
    let it = b.index_ty();
    b.range(n_src, &[filled], move |b, sflat, acc| {
        let acc = acc[0];
        let sidx = b.delinearize(sflat, &sshape);
        let f0 = b.cint(0, i1);
        let v0 = b.zero(elt)?;
        let z = b.cidx(0);
        let mut iter = vec![f0, v0];
        iter.extend(vec![z; rank]);
        let mut types = vec![i1, elt];
        types.extend(vec![it; rank]);
        let sidx2 = sidx.clone();
        let found = b.range(n_win, &iter, move |b, wflat, cur| {
            let widx = b.delinearize(wflat, &win);
            let mut pos = Vec::new();
            let mut inside: Option<Value> = None;
            for dd in 0..rank {
                let st = b.cidx(strides[dd]);
                let lo = b.cidx(pads[2 * dd]);
                let m = b.bin("arith.muli", sidx2[dd], st);
                let a = b.bin("arith.addi", m, widx[dd]);
                let p = b.bin("arith.subi", a, lo);
                let r = b.in_range(p, 0, shape[dd]);
                inside = Some(match inside {
                    Some(q) => b.bin("arith.andi", q, r),
                    None => r,
                });
                pos.push(p);
            }
            let inside = inside.expect("rank > 0");
            let cur = cur.to_vec();
            let cur2 = cur.clone();
            let types2 = types.clone();
            b.if_else(
                inside,
                &types,
                move |b| {
                    let v = b.extract(x, &pos);
                    let t = b.cint(1, i1);
                    let mut take = vec![t, v];
                    take.extend(pos.iter().copied());
                    let cur3 = cur.clone();
                    let take2 = take.clone();
                    let found = cur[0];
                    b.if_else(
                        found,
                        &types2,
                        move |b| {
                            let r = inline_scalar_region(b, sel_r, &[cur3[1], v])?;
                            let keep = r[0];
                            Ok(cur3.iter().zip(&take2).map(|(o, n)| b.select(keep, *o, *n)).collect())
                        },
                        move |_| Ok(take),
                    )
                },
                move |_| Ok(cur2),
            )
        })?;
        let at: Vec<Value> = found[2..].to_vec();
        let sv = b.extract(source, &sidx);
        let t = b.ty(acc);
        b.if_else(
            found[0],
            &[t],
            move |b| {
                let old = b.extract(acc, &at);
                let r = inline_scalar_region(b, sc_r, &[old, sv])?;
                Ok(vec![b.insert(r[0], acc, &at)])
            },
            move |_| Ok(vec![acc]),
        )
    })
}
