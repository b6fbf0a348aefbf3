//! `dot`, `dot_general` and `einsum` (StableHLO's `DotOpConversion`,
//! `DotGeneralBatchMatMulOpConversion`, `DotGeneralOpConversion`, `EinsumToLinalgConverter`):
//! zero-filled output, then `linalg.matmul` / `batch_matmul` / `matvec` / `vecmat` / `dot` when
//! the dimension numbers are the canonical ones, else a contraction `linalg.generic`.

use strata_dialects::stablehlo::attrs::DotDimensionNumbers;
use strata_ir::attributes::AffineExpr;
use strata_ir::{Type, Value, DYNAMIC};

use super::builder::{amap, d, It, LResult, B};
use super::Src;

/// The multiply-accumulate body `out + cast(a) * cast(b)` on the output element type.
pub fn mac(b: &mut B, a: Value, x: Value, acc: Value, unsigned: bool) -> LResult<Value> {
    let ot = b.ty(acc);
    let a = cast_to(b, a, ot, unsigned)?;
    let x = cast_to(b, x, ot, unsigned)?;
    let (m, s) = if b.float_kind(ot).is_some() {
        ("arith.mulf", "arith.addf")
    } else if b.complex_elt(ot).is_some() {
        ("complex.mul", "complex.add")
    } else if b.int_width(ot) == Some(1) {
        ("arith.andi", "arith.ori")
    } else {
        ("arith.muli", "arith.addi")
    };
    let p = b.bin(m, a, x);
    Ok(b.bin(s, acc, p))
}

fn cast_to(b: &mut B, v: Value, to: Type, unsigned: bool) -> LResult<Value> {
    let from = b.ty(v);
    if from == to {
        return Ok(v);
    }
    if b.float_kind(to).is_some() {
        if b.float_kind(from).is_some() {
            let (fw, tw) = (super::bit_width(b, from), super::bit_width(b, to));
            return Ok(b.cast(if tw > fw { "arith.extf" } else { "arith.truncf" }, v, to));
        }
        return Ok(b.cast(if unsigned { "arith.uitofp" } else { "arith.sitofp" }, v, to));
    }
    if let (Some(fw), Some(tw)) = (b.int_width(from), b.int_width(to)) {
        if tw > fw {
            return Ok(b.cast(if unsigned || fw == 1 { "arith.extui" } else { "arith.extsi" }, v, to));
        }
        return Ok(b.cast("arith.trunci", v, to));
    }
    if let Some(ce) = b.complex_elt(to) {
        let re = cast_to(b, v, ce, unsigned)?;
        let z = b.cfloat(0.0, ce);
        return Ok(b.op1("complex.create", &[re, z], to, vec![]));
    }
    Err("unsupported element types in a contraction".into())
}

/// A named linalg contraction (`linalg.matmul`, ...) in generic form with its body.
fn named(b: &mut B, name: &str, l: Value, r: Value, init: Value, unsigned: bool, src: &Src) -> LResult<Value> {
    let types = [b.velt(l), b.velt(r), b.velt(init)];
    let region = b.build_region(&types, "linalg.yield", |b, a| Ok(vec![mac(b, a[0], a[1], a[2], unsigned)?]))?;
    let seg = b.i32_array(&[2, 1]);
    let rt = b.ty(init);
    let mut attrs = vec![("operandSegmentSizes", seg)];
    if unsigned {
        let c = b.dialect_attr("linalg", "type_fn<cast_unsigned>");
        attrs.push(("cast", c));
    }
    for (k, v) in &src.extra {
        attrs.push((k.as_str(), *v));
    }
    let o = b.op(name, &[l, r, init], &[rt], attrs, vec![region]);
    Ok(b.ctx().result(o, 0))
}

/// `dot` / `dot_general`.
pub fn dot_general(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let lhs0 = src.operands[0];
    let unsigned = {
        let e = b.velt(lhs0);
        b.is_unsigned(e)
    };
    let l = b.to_signless(src.operands[0]);
    let r = b.to_signless(src.operands[1]);
    let res = b.signless(src.results[0]);
    let (lr, rr) = (b.rank(l), b.rank(r));
    let dn = if src.name == "stablehlo.dot" {
        DotDimensionNumbers {
            lhs_contracting_dimensions: vec![lr as i64 - 1],
            rhs_contracting_dimensions: vec![0],
            ..Default::default()
        }
    } else {
        let a = b.ctx().attr(src.id, "dot_dimension_numbers").ok_or("missing dot_dimension_numbers")?;
        b.ctx()
            .typed_attr::<DotDimensionNumbers>(a)
            .cloned()
            .ok_or("dot_dimension_numbers is not a #stablehlo.dot attribute")?
    };
    let lb = &dn.lhs_batching_dimensions;
    let rb = &dn.rhs_batching_dimensions;
    let lc = &dn.lhs_contracting_dimensions;
    let rc = &dn.rhs_contracting_dimensions;
    let lfree: Vec<usize> = (0..lr).filter(|i| !lb.contains(&(*i as i64)) && !lc.contains(&(*i as i64))).collect();
    let rfree: Vec<usize> = (0..rr).filter(|i| !rb.contains(&(*i as i64)) && !rc.contains(&(*i as i64))).collect();
    // Output sizes: batch (from lhs), lhs free, rhs free.
    let out_shape = b.shape(res);
    let mut sizes = Vec::new();
    for &i in lb {
        sizes.push((l, i as usize));
    }
    for &i in &lfree {
        sizes.push((l, i));
    }
    for &i in &rfree {
        sizes.push((r, i));
    }
    if sizes.len() != out_shape.len() {
        return Err("result rank does not match the dimension numbers".into());
    }
    let mut dyns = Vec::new();
    for (k, &(v, i)) in sizes.iter().enumerate() {
        if out_shape[k] == DYNAMIC {
            dyns.push(b.dim(v, i));
        }
    }
    let oe = b.elt(res);
    let zero = b.zero(oe)?;
    let init = b.empty(&out_shape, &dyns, oe);
    let filled = b.fill(zero, init)?;
    let canonical_batch = lb.as_slice() == [0] && rb.as_slice() == [0] && lc.as_slice() == [2] && rc.as_slice() == [1];
    let no_batch = lb.is_empty() && rb.is_empty();
    let name = match (lr, rr) {
        (2, 2) if no_batch && lc.as_slice() == [1] && rc.as_slice() == [0] => Some("linalg.matmul"),
        (2, 1) if no_batch && lc.as_slice() == [1] && rc.as_slice() == [0] => Some("linalg.matvec"),
        (1, 2) if no_batch && lc.as_slice() == [0] && rc.as_slice() == [0] => Some("linalg.vecmat"),
        (1, 1) if no_batch && lc.as_slice() == [0] && rc.as_slice() == [0] => Some("linalg.dot"),
        (3, 3) if canonical_batch => Some("linalg.batch_matmul"),
        _ => None,
    };
    if let Some(n) = name {
        return Ok(vec![named(b, n, l, r, filled, unsigned, src)?]);
    }
    // Generic: loops = batch, lhs free, rhs free, contracting.
    let nb = lb.len();
    let nloops = nb + lfree.len() + rfree.len() + lc.len();
    let mut lmap = vec![AffineExpr::Constant(0); lr];
    let mut rmap = vec![AffineExpr::Constant(0); rr];
    for (k, (&li, &ri)) in lb.iter().zip(rb).enumerate() {
        lmap[li as usize] = d(k);
        rmap[ri as usize] = d(k);
    }
    for (k, &i) in lfree.iter().enumerate() {
        lmap[i] = d(nb + k);
    }
    for (k, &i) in rfree.iter().enumerate() {
        rmap[i] = d(nb + lfree.len() + k);
    }
    let c0 = nb + lfree.len() + rfree.len();
    for (k, (&li, &ri)) in lc.iter().zip(rc).enumerate() {
        lmap[li as usize] = d(c0 + k);
        rmap[ri as usize] = d(c0 + k);
    }
    let omap = amap(nloops, (0..c0).map(d).collect());
    let mut its = vec![It::Par; c0];
    its.extend(vec![It::Red; lc.len()]);
    b.generic(&[l, r], &[filled], vec![amap(nloops, lmap), amap(nloops, rmap), omap], &its, &src.extra, |b, a| {
        Ok(vec![mac(b, a[0], a[1], a[2], unsigned)?])
    })
}

/// `einsum` with a `"ab,bc->ac"` config → a contraction generic (loops: output letters, then
/// the summed ones in order of appearance).
pub fn einsum(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let cfg = match b.ctx().attr(src.id, "einsum_config").map(|a| b.ctx().attr_kind(a).clone()) {
        Some(strata_ir::AttrKind::String { value, .. }) => value,
        _ => return Err("missing einsum_config".into()),
    };
    let (ins_s, out_s) = cfg.split_once("->").ok_or("einsum_config without '->'")?;
    let ins: Vec<&str> = ins_s.split(',').collect();
    if ins.len() != src.operands.len() {
        return Err("einsum_config does not match the operands".into());
    }
    let l = b.to_signless(src.operands[0]);
    let r = if src.operands.len() > 1 { Some(b.to_signless(src.operands[1])) } else { None };
    let res = b.signless(src.results[0]);
    // Expand "..." into anonymous letters by rank.
    let expand = |s: &str, rank: usize| -> Vec<char> {
        if let Some((a, z)) = s.split_once("...") {
            let n = rank - a.len() - z.len();
            let mut v: Vec<char> = a.chars().collect();
            v.extend((0..n).map(|i| char::from_u32(0x3b1 + i as u32).unwrap_or('?')));
            v.extend(z.chars());
            v
        } else {
            s.chars().collect()
        }
    };
    let lrank = b.rank(l);
    let li = expand(ins[0], lrank);
    let ri = match r {
        Some(r) => expand(ins[1], b.rank(r)),
        None => vec![],
    };
    let ellipsis_n = lrank.saturating_sub(ins[0].replace("...", "").len()).max(if let Some(r) = r {
        b.rank(r).saturating_sub(ins[1].replace("...", "").len())
    } else {
        0
    });
    let oi = expand(out_s, b.shape(res).len().max(ellipsis_n));
    let mut loops: Vec<char> = oi.clone();
    for ch in li.iter().chain(&ri) {
        if !loops.contains(ch) {
            loops.push(*ch);
        }
    }
    let n = loops.len();
    let pos = |ch: &char| loops.iter().position(|x| x == ch).unwrap_or(0);
    let out_shape = b.shape(res);
    let mut dyns = Vec::new();
    for (k, ch) in oi.iter().enumerate() {
        if out_shape[k] == DYNAMIC {
            if let Some(p) = li.iter().position(|x| x == ch) {
                dyns.push(b.dim(l, p));
            } else if let (Some(r), Some(p)) = (r, ri.iter().position(|x| x == ch)) {
                dyns.push(b.dim(r, p));
            } else {
                return Err("einsum output dimension not found in the inputs".into());
            }
        }
    }
    let oe = b.elt(res);
    let init = b.empty(&out_shape, &dyns, oe);
    let has_red = n > oi.len();
    let out = if has_red {
        let z = b.zero(oe)?;
        b.fill(z, init)?
    } else {
        init
    };
    let mut maps = vec![amap(n, li.iter().map(|c| d(pos(c))).collect())];
    let mut ins_v = vec![l];
    if let Some(r) = r {
        maps.push(amap(n, ri.iter().map(|c| d(pos(c))).collect()));
        ins_v.push(r);
    }
    maps.push(amap(n, oi.iter().map(|c| d(pos(c))).collect()));
    let its: Vec<It> = (0..n).map(|k| if k < oi.len() { It::Par } else { It::Red }).collect();
    let two = r.is_some();
    b.generic(&ins_v, &[out], maps, &its, &src.extra, move |b, a| {
        let ot = b.ty(a[a.len() - 1]);
        let mulname = if b.float_kind(ot).is_some() {
            "arith.mulf"
        } else if b.complex_elt(ot).is_some() {
            "complex.mul"
        } else {
            "arith.muli"
        };
        let addname = if b.float_kind(ot).is_some() {
            "arith.addf"
        } else if b.complex_elt(ot).is_some() {
            "complex.add"
        } else {
            "arith.addi"
        };
        let p = if two { b.bin(mulname, a[0], a[1]) } else { a[0] };
        if has_red {
            let acc = a[a.len() - 1];
            Ok(vec![b.bin(addname, acc, p)])
        } else {
            Ok(vec![p])
        }
    })
}
