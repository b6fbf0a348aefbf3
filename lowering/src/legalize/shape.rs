//! Data movement: constants, broadcasts, reshapes, transposes, slices, concatenation, padding,
//! iota (StableHLO's `BroadcastInDimOpToBroadcastConverter`, `ReshapeOpConverter`,
//! `SliceConverter`, `DynamicSliceConverter`, `ConcatenateConverter`, `PadOpConversion`, ...).

use strata_ir::attributes::AffineExpr;
use strata_ir::view::dense_int_values;
use strata_ir::{AttrKind, Attribute, Value, DYNAMIC};

use super::builder::{add, amap, c, d, identity, mul, It, LResult, B};
use super::pointwise::map_op;
use super::{Options, Src};

fn ints(b: &B, src: &Src, name: &str) -> Option<Vec<i64>> {
    let a = b.ctx().attr(src.id, name)?;
    attr_ints(b, a)
}

/// Integers of an `array<i64: ..>`, dense elements or array attribute.
pub fn attr_ints(b: &B, a: Attribute) -> Option<Vec<i64>> {
    match b.ctx().attr_kind(a) {
        AttrKind::DenseArray { values, .. } => Some(values.clone()),
        AttrKind::DenseElements { .. } => dense_int_values(b.ctx(), a).map(|(_, v)| v),
        AttrKind::Array(xs) => xs
            .iter()
            .map(|x| match b.ctx().attr_kind(*x) {
                AttrKind::Integer { value, .. } => Some(*value as i64),
                _ => None,
            })
            .collect(),
        _ => None,
    }
}

/// An integer attribute of the op.
pub fn int_attr(b: &B, src: &Src, name: &str) -> Option<i64> {
    let a = b.ctx().attr(src.id, name)?;
    match b.ctx().attr_kind(a) {
        AttrKind::Integer { value, .. } => Some(*value as i64),
        _ => None,
    }
}

fn static_result(b: &B, src: &Src, what: &str) -> LResult<Vec<i64>> {
    let s = b.shape(src.results[0]);
    if s.contains(&DYNAMIC) {
        return Err(format!("{what} with a dynamic result shape is not supported"));
    }
    Ok(s)
}

/// `stablehlo.constant` → `arith.constant` (signless element type).
pub fn constant(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let a = b.ctx().attr(src.id, "value").ok_or("constant without a value")?;
    let t = src.results[0];
    let sl = b.signless(t);
    let a = match b.ctx().attr_kind(a).clone() {
        AttrKind::DenseElements { data, .. } if sl != t => {
            b.intern(|c| c.intern_attr(AttrKind::DenseElements { ty: sl, data }))
        }
        AttrKind::DenseResource { handle, .. } if sl != t => {
            b.intern(|c| c.intern_attr(AttrKind::DenseResource { handle, ty: sl }))
        }
        _ => a,
    };
    Ok(vec![b.constant(a, sl)])
}

/// `broadcast_in_dim` / `broadcast` → a `linalg.generic` reading the operand through a
/// projection (size-1 dimensions that expand read index 0), or `linalg.broadcast`.
pub fn broadcast(b: &mut B, src: &Src, opts: &Options) -> LResult<Vec<Value>> {
    let x = b.to_signless(src.operands[0]);
    let in_shape = b.vshape(x);
    let res = b.signless(src.results[0]);
    let out_shape = b.shape(res);
    let rank = out_shape.len();
    let dims: Vec<i64> = if src.name == "stablehlo.broadcast" {
        let n = rank - in_shape.len();
        (n as i64..rank as i64).collect()
    } else {
        ints(b, src, "broadcast_dimensions").ok_or("missing broadcast_dimensions")?
    };
    // Dynamic result sizes come from the operand dimension mapped there, if any.
    let mut sizes = Vec::new();
    for (i, &s) in out_shape.iter().enumerate() {
        if s != DYNAMIC {
            sizes.push(b.cidx(s));
            continue;
        }
        match dims.iter().position(|&dd| dd as usize == i) {
            Some(j) if in_shape[j] != 1 => sizes.push(b.dim(x, j)),
            _ => return Err("dynamic broadcast size not given by the operand".into()),
        }
    }
    let elt = b.elt(res);
    let dyns: Vec<Value> = out_shape.iter().zip(&sizes).filter(|(s, _)| **s == DYNAMIC).map(|(_, v)| *v).collect();
    let init = b.empty(&out_shape, &dyns, elt);
    if opts.primitive_ops {
        return broadcast_primitive(b, x, &in_shape, &out_shape, &dims, init, &src.extra);
    }
    let exprs: Vec<AffineExpr> = dims
        .iter()
        .enumerate()
        .map(|(j, &dd)| if in_shape[j] == 1 && out_shape[dd as usize] != 1 { c(0) } else { d(dd as usize) })
        .collect();
    let maps = vec![amap(rank, exprs), identity(rank)];
    b.generic(&[x], &[init], maps, &vec![It::Par; rank], &src.extra, |_, a| Ok(vec![a[0]]))
}

/// The primitive form: collapse expanding unit dims, transpose to the result's order, then
/// `linalg.broadcast`.
fn broadcast_primitive(
    b: &mut B,
    mut x: Value,
    in_shape: &[i64],
    out_shape: &[i64],
    dims: &[i64],
    init: Value,
    extra: &[(String, Attribute)],
) -> LResult<Vec<Value>> {
    let elt = b.velt(x);
    // Drop operand dims of size 1 that expand.
    let keep: Vec<usize> =
        (0..in_shape.len()).filter(|&j| !(in_shape[j] == 1 && out_shape[dims[j] as usize] != 1)).collect();
    let mut kept_dims: Vec<i64> = keep.iter().map(|&j| dims[j]).collect();
    if keep.len() != in_shape.len() {
        let shape: Vec<i64> = keep.iter().map(|&j| in_shape[j]).collect();
        let reassoc = collapse_groups(in_shape.len(), &keep);
        let t = b.tensor_ty(&shape, elt);
        x = collapse(b, x, t, &reassoc);
    }
    // Transpose to increasing result dims.
    let mut order: Vec<usize> = (0..kept_dims.len()).collect();
    order.sort_by_key(|&i| kept_dims[i]);
    if order.iter().enumerate().any(|(i, &o)| i != o) {
        let xs = b.vshape(x);
        let shape: Vec<i64> = order.iter().map(|&o| xs[o]).collect();
        let mut dyns = Vec::new();
        for (k, &o) in order.iter().enumerate() {
            if shape[k] == DYNAMIC {
                dyns.push(b.dim(x, o));
            }
        }
        let e = b.empty(&shape, &dyns, elt);
        let perm: Vec<i64> = order.iter().map(|&o| o as i64).collect();
        x = transpose_op(b, x, e, &perm, &[])?;
        kept_dims = order.iter().map(|&o| kept_dims[o]).collect();
    }
    let added: Vec<i64> = (0..out_shape.len() as i64).filter(|i| !kept_dims.contains(i)).collect();
    let region = b.build_region(&[elt, elt], "linalg.yield", |_, a| Ok(vec![a[0]]))?;
    let da = b.i64_array(&added);
    let rt = b.ty(init);
    let mut attrs = vec![("dimensions", da)];
    for (k, v) in extra {
        attrs.push((k.as_str(), *v));
    }
    let o = b.op("linalg.broadcast", &[x, init], &[rt], attrs, vec![region]);
    Ok(vec![b.ctx().result(o, 0)])
}

/// Reassociation grouping every dropped dim with a kept neighbour.
fn collapse_groups(rank: usize, keep: &[usize]) -> Vec<Vec<i64>> {
    if keep.is_empty() {
        return vec![];
    }
    let mut groups: Vec<Vec<i64>> = Vec::new();
    let mut pending: Vec<i64> = Vec::new();
    for j in 0..rank {
        pending.push(j as i64);
        if keep.contains(&j) {
            groups.push(std::mem::take(&mut pending));
        }
    }
    if let Some(last) = groups.last_mut() {
        last.extend(pending);
    }
    groups
}

fn reassoc_attr(b: &mut B, groups: &[Vec<i64>]) -> Attribute {
    let outer: Vec<Attribute> = groups
        .iter()
        .map(|g| {
            let xs: Vec<Attribute> = g.iter().map(|&i| b.i64_attr(i)).collect();
            b.intern(|c| c.array_attr(xs))
        })
        .collect();
    b.intern(|c| c.array_attr(outer))
}

/// `tensor.collapse_shape`
pub fn collapse(b: &mut B, x: Value, to: strata_ir::Type, groups: &[Vec<i64>]) -> Value {
    let r = reassoc_attr(b, groups);
    b.op1("tensor.collapse_shape", &[x], to, vec![("reassociation", r)])
}

/// `tensor.expand_shape` (static output shape, or dynamic sizes in `dyn_sizes`).
pub fn expand(b: &mut B, x: Value, to: strata_ir::Type, groups: &[Vec<i64>], dyn_sizes: &[Value]) -> Value {
    let r = reassoc_attr(b, groups);
    let shape = b.shape(to);
    let so = b.i64_array(&shape);
    let mut ops = vec![x];
    ops.extend_from_slice(dyn_sizes);
    b.op1("tensor.expand_shape", &ops, to, vec![("reassociation", r), ("static_output_shape", so)])
}

/// `linalg.transpose`
fn transpose_op(b: &mut B, x: Value, init: Value, perm: &[i64], extra: &[(String, Attribute)]) -> LResult<Value> {
    let elt = b.velt(x);
    let region = b.build_region(&[elt, elt], "linalg.yield", |_, a| Ok(vec![a[0]]))?;
    let pa = b.i64_array(perm);
    let rt = b.ty(init);
    let mut attrs = vec![("permutation", pa)];
    for (k, v) in extra {
        attrs.push((k.as_str(), *v));
    }
    let o = b.op("linalg.transpose", &[x, init], &[rt], attrs, vec![region]);
    Ok(b.ctx().result(o, 0))
}

/// `transpose` → generic with the permuted input map (or `linalg.transpose`).
pub fn transpose(b: &mut B, src: &Src, opts: &Options) -> LResult<Vec<Value>> {
    let x = b.to_signless(src.operands[0]);
    let perm = ints(b, src, "permutation").ok_or("missing permutation")?;
    let res = b.signless(src.results[0]);
    let rank = perm.len();
    let shape = b.shape(res);
    let mut dyns = Vec::new();
    for (i, &s) in shape.iter().enumerate() {
        if s == DYNAMIC {
            dyns.push(b.dim(x, perm[i] as usize));
        }
    }
    let elt = b.elt(res);
    let init = b.empty(&shape, &dyns, elt);
    if opts.primitive_ops {
        return Ok(vec![transpose_op(b, x, init, &perm, &src.extra)?]);
    }
    let mut inv = vec![0usize; rank];
    for (i, &p) in perm.iter().enumerate() {
        inv[p as usize] = i;
    }
    let in_map = amap(rank, inv.iter().map(|&i| d(i)).collect());
    b.generic(&[x], &[init], vec![in_map, identity(rank)], &vec![It::Par; rank], &src.extra, |_, a| Ok(vec![a[0]]))
}

/// `reverse` → generic reading `size - 1 - d` along the reversed dimensions.
pub fn reverse(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let x = b.to_signless(src.operands[0]);
    let dims = ints(b, src, "dimensions").ok_or("missing dimensions")?;
    let res = b.signless(src.results[0]);
    let shape = b.shape(res);
    let rank = shape.len();
    let mut exprs = Vec::new();
    for (i, &size) in shape.iter().enumerate() {
        if dims.contains(&(i as i64)) {
            if size == DYNAMIC {
                return Err("reverse of a dynamic dimension is not supported".into());
            }
            exprs.push(add(mul(d(i), -1), c(size - 1)));
        } else {
            exprs.push(d(i));
        }
    }
    let init = b.empty_like(res, x);
    b.generic(&[x], &[init], vec![amap(rank, exprs), identity(rank)], &vec![It::Par; rank], &src.extra, |_, a| {
        Ok(vec![a[0]])
    })
}

/// `tensor.extract_slice` with mixed static/dynamic offsets, static sizes and strides.
pub fn extract_slice(
    b: &mut B,
    x: Value,
    offsets: &[Result<i64, Value>],
    sizes: &[i64],
    strides: &[i64],
    to: strata_ir::Type,
) -> Value {
    let so: Vec<i64> = offsets.iter().map(|o| *o.as_ref().unwrap_or(&DYNAMIC)).collect();
    let dyn_off: Vec<Value> = offsets.iter().filter_map(|o| o.as_ref().err().copied()).collect();
    let so = b.i64_array(&so);
    let ss = b.i64_array(sizes);
    let st = b.i64_array(strides);
    let seg = b.i32_array(&[1, dyn_off.len() as i64, 0, 0]);
    let mut ops = vec![x];
    ops.extend(dyn_off);
    b.op1(
        "tensor.extract_slice",
        &ops,
        to,
        vec![("operandSegmentSizes", seg), ("static_offsets", so), ("static_sizes", ss), ("static_strides", st)],
    )
}

/// `tensor.insert_slice` of `x` into `dest`.
pub fn insert_slice(b: &mut B, x: Value, dest: Value, offsets: &[Result<i64, Value>], strides: &[i64]) -> Value {
    let sizes = b.vshape(x);
    let so: Vec<i64> = offsets.iter().map(|o| *o.as_ref().unwrap_or(&DYNAMIC)).collect();
    let dyn_off: Vec<Value> = offsets.iter().filter_map(|o| o.as_ref().err().copied()).collect();
    let so = b.i64_array(&so);
    let ss = b.i64_array(&sizes);
    let st = b.i64_array(strides);
    let seg = b.i32_array(&[1, 1, dyn_off.len() as i64, 0, 0]);
    let mut ops = vec![x, dest];
    ops.extend(dyn_off);
    let t = b.ty(dest);
    b.op1(
        "tensor.insert_slice",
        &ops,
        t,
        vec![("operandSegmentSizes", seg), ("static_offsets", so), ("static_sizes", ss), ("static_strides", st)],
    )
}

/// `slice` → `tensor.extract_slice`.
pub fn slice(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let x = b.to_signless(src.operands[0]);
    let start = ints(b, src, "start_indices").ok_or("missing start_indices")?;
    let strides = ints(b, src, "strides").ok_or("missing strides")?;
    let res = b.signless(src.results[0]);
    let sizes = static_result(b, src, "slice")?;
    let offs: Vec<Result<i64, Value>> = start.iter().map(|&s| Ok(s)).collect();
    Ok(vec![extract_slice(b, x, &offs, &sizes, &strides, res)])
}

/// A start index from a 0-d tensor, as an index clamped to `[0, dim - size]`.
fn clamped_index(b: &mut B, t: Value, x: Value, i: usize, size: i64) -> Value {
    let unsigned = {
        let e = b.velt(t);
        b.is_unsigned(e)
    };
    let t = b.to_signless(t);
    let e = b.extract(t, &[]);
    let it = b.index_ty();
    let idx = b.cast(if unsigned { "arith.index_castui" } else { "arith.index_cast" }, e, it);
    let zero = b.cidx(0);
    let dim = b.dim(x, i);
    let sz = b.cidx(size);
    let hi = if b.vshape(x)[i] != DYNAMIC { b.cidx(b.vshape(x)[i] - size) } else { b.bin("arith.subi", dim, sz) };
    let m = b.bin("arith.maxsi", idx, zero);
    b.bin("arith.minsi", m, hi)
}

/// `dynamic_slice` → clamped starts + `tensor.extract_slice`.
pub fn dynamic_slice(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let x = b.to_signless(src.operands[0]);
    let sizes = ints(b, src, "slice_sizes").ok_or("missing slice_sizes")?;
    let res = b.signless(src.results[0]);
    let mut offs = Vec::new();
    for (i, &t) in src.operands[1..].iter().enumerate() {
        offs.push(Err(clamped_index(b, t, x, i, sizes[i])));
    }
    let strides = vec![1; sizes.len()];
    Ok(vec![extract_slice(b, x, &offs, &sizes, &strides, res)])
}

/// `dynamic_update_slice` → clamped starts + `tensor.insert_slice`.
pub fn dynamic_update_slice(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let x = b.to_signless(src.operands[0]);
    let u = b.to_signless(src.operands[1]);
    let us = b.vshape(u);
    if us.contains(&DYNAMIC) {
        return Err("dynamic_update_slice with a dynamic update shape is not supported".into());
    }
    let mut offs = Vec::new();
    for (i, &t) in src.operands[2..].iter().enumerate() {
        offs.push(Err(clamped_index(b, t, x, i, us[i])));
    }
    let strides = vec![1; us.len()];
    Ok(vec![insert_slice(b, u, x, &offs, &strides)])
}

/// `real_dynamic_slice` (static result shape): starts from the tensor, clamped, strided.
pub fn real_dynamic_slice(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let x = b.to_signless(src.operands[0]);
    let res = b.signless(src.results[0]);
    let shape = static_result(b, src, "real_dynamic_slice")?;
    let (starts, strides) = (b.to_signless(src.operands[1]), b.to_signless(src.operands[3]));
    let it = b.index_ty();
    let mut offs = Vec::new();
    let mut st = Vec::new();
    let stride_vals = const_ints(b, strides);
    for i in 0..shape.len() {
        let ci = b.cidx(i as i64);
        let e = b.extract(starts, &[ci]);
        let idx = b.index_cast(e, it);
        offs.push(Err(idx));
        st.push(stride_vals.as_ref().map(|v| v[i]).unwrap_or(1));
    }
    if stride_vals.is_none() {
        return Err("real_dynamic_slice with non-constant strides is not supported".into());
    }
    Ok(vec![extract_slice(b, x, &offs, &shape, &st, res)])
}

/// The integers of a value defined by a dense integer constant.
pub fn const_ints(b: &B, v: Value) -> Option<Vec<i64>> {
    let d = b.ctx().defining_op(v)?;
    let mut cur = d;
    if b.ctx().op_name_of(cur) == "builtin.unrealized_conversion_cast" {
        cur = b.ctx().defining_op(b.ctx().operands(cur)[0])?;
    }
    let n = b.ctx().op_name_of(cur);
    if n != "arith.constant" && n != "stablehlo.constant" {
        return None;
    }
    dense_int_values(b.ctx(), b.ctx().attr(cur, "value")?).map(|(_, v)| v)
}

/// `concatenate` → a generic whose body selects the operand by the index along the dimension
/// (StableHLO's form), or `tensor.concat` with `enable-primitive-ops`.
pub fn concatenate(b: &mut B, src: &Src, opts: &Options) -> LResult<Vec<Value>> {
    let dim = int_attr(b, src, "dimension").ok_or("missing dimension")? as usize;
    let xs: Vec<Value> = src.operands.iter().map(|v| b.to_signless(*v)).collect();
    let res = b.signless(src.results[0]);
    if opts.primitive_ops {
        let da = b.i64_attr(dim as i64);
        return Ok(vec![b.op1("tensor.concat", &xs, res, vec![("dim", da)])]);
    }
    let shape = b.shape(res);
    let rank = shape.len();
    let mut sizes = Vec::new();
    for i in 0..rank {
        if i == dim {
            let mut total = b.dim(xs[0], i);
            for &x in &xs[1..] {
                let s = b.dim(x, i);
                total = b.bin("arith.addi", total, s);
            }
            sizes.push(total);
        } else {
            sizes.push(b.dim(xs[0], i));
        }
    }
    let init = b.empty_sized(res, &sizes);
    let xs2 = xs.clone();
    b.generic(&[], &[init], vec![identity(rank)], &vec![It::Par; rank], &src.extra, move |b, _| {
        let idx: Vec<Value> = (0..rank).map(|i| b.index(i)).collect();
        Ok(vec![concat_select(b, &xs2, &idx, dim, None)?])
    })
}

fn concat_select(b: &mut B, xs: &[Value], idx: &[Value], dim: usize, prev: Option<Value>) -> LResult<Value> {
    let read = |b: &mut B, x: Value, off: Option<Value>| {
        let mut ix = idx.to_vec();
        if let Some(o) = off {
            ix[dim] = b.bin("arith.subi", idx[dim], o);
        }
        b.extract(x, &ix)
    };
    if xs.len() == 1 {
        return Ok(read(b, xs[0], prev));
    }
    let sz = b.dim(xs[0], dim);
    let end = match prev {
        Some(p) => b.bin("arith.addi", p, sz),
        None => sz,
    };
    let inside = b.cmpi("ult", idx[dim], end);
    let et = b.velt(xs[0]);
    let then_r = b.build_region(&[], "scf.yield", |b, _| Ok(vec![read(b, xs[0], prev)]))?;
    let else_r = b.build_region(&[], "scf.yield", |b, _| Ok(vec![concat_select(b, &xs[1..], idx, dim, Some(end))?]))?;
    let o = b.op("scf.if", &[inside], &[et], vec![], vec![then_r, else_r]);
    Ok(b.ctx().result(o, 0))
}

/// `pad` → `tensor.pad` (no interior padding), or fill + strided `tensor.insert_slice` (+
/// `tensor.extract_slice` for negative edges).
pub fn pad(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let x = b.to_signless(src.operands[0]);
    let pv = b.to_signless(src.operands[1]);
    let lo = ints(b, src, "edge_padding_low").ok_or("missing edge_padding_low")?;
    let hi = ints(b, src, "edge_padding_high").ok_or("missing edge_padding_high")?;
    let interior = ints(b, src, "interior_padding").ok_or("missing interior_padding")?;
    let res = b.signless(src.results[0]);
    let scalar = match super::pointwise::splat_scalar(b, pv) {
        Some(s) => s,
        None => b.extract(pv, &[]),
    };
    let elt = b.velt(x);
    let in_shape = b.vshape(x);
    if interior.iter().all(|&i| i == 0) && lo.iter().chain(&hi).all(|&p| p >= 0) {
        let it = b.index_ty();
        let region = b.build_region(&vec![it; lo.len()], "tensor.yield", |_, _| Ok(vec![scalar]))?;
        let sl = b.i64_array(&lo);
        let sh = b.i64_array(&hi);
        let seg = b.i32_array(&[1, 0, 0]);
        let mut attrs = vec![("operandSegmentSizes", seg), ("static_high", sh), ("static_low", sl)];
        for (k, v) in &src.extra {
            attrs.push((k.as_str(), *v));
        }
        let o = b.op("tensor.pad", &[x], &[res], attrs, vec![region]);
        return Ok(vec![b.ctx().result(o, 0)]);
    }
    if in_shape.contains(&DYNAMIC) {
        return Err("pad with interior or negative padding of a dynamic shape is not supported".into());
    }
    // Pad with the non-negative edges, then slice off the negative ones.
    let full: Vec<i64> = (0..in_shape.len())
        .map(|i| lo[i].max(0) + hi[i].max(0) + in_shape[i] + (in_shape[i] - 1).max(0) * interior[i])
        .collect();
    let init = b.empty(&full, &[], elt);
    let filled = b.fill(scalar, init)?;
    let offs: Vec<Result<i64, Value>> = lo.iter().map(|&l| Ok(l.max(0))).collect();
    let strides: Vec<i64> = interior.iter().map(|&i| i + 1).collect();
    let mut v = insert_slice(b, x, filled, &offs, &strides);
    if lo.iter().chain(&hi).any(|&p| p < 0) {
        let out = b.shape(res);
        let offs: Vec<Result<i64, Value>> = lo.iter().map(|&l| Ok((-l).max(0))).collect();
        v = extract_slice(b, v, &offs, &out, &vec![1; out.len()], res);
    }
    Ok(vec![v])
}

/// `iota` → generic (or `linalg.map`) yielding the index along `iota_dimension`.
pub fn iota(b: &mut B, src: &Src, opts: &Options) -> LResult<Vec<Value>> {
    let dim = int_attr(b, src, "iota_dimension").ok_or("missing iota_dimension")? as usize;
    let res = b.signless(src.results[0]);
    let shape = static_result(b, src, "iota")?;
    let elt = b.elt(res);
    let init = b.empty(&shape, &[], elt);
    iota_body(b, src, res, init, dim, opts)
}

fn iota_body(
    b: &mut B,
    src: &Src,
    res: strata_ir::Type,
    init: Value,
    dim: usize,
    opts: &Options,
) -> LResult<Vec<Value>> {
    let rank = b.shape(res).len();
    let elt = b.elt(res);
    let orig_elt = b.elt(src.results[0]);
    let unsigned = b.is_unsigned(orig_elt);
    let prim = opts.primitive_ops;
    let body = move |b: &mut B, _: &[Value]| -> LResult<Vec<Value>> {
        let i = b.index(dim);
        let target = if let Some(ce) = b.complex_elt(elt) { ce } else { elt };
        let w = if prim { 64 } else { super::bit_width(b, target).max(1) };
        let it = b.int_ty(w);
        let v = b.index_cast(i, it);
        let v = if b.float_kind(target).is_some() {
            b.cast(if unsigned { "arith.uitofp" } else { "arith.sitofp" }, v, target)
        } else if b.int_width(target).is_some_and(|tw| tw != w) {
            b.cast(if tw_lt(b, target, w) { "arith.trunci" } else { "arith.extsi" }, v, target)
        } else {
            v
        };
        if b.complex_elt(elt).is_some() {
            let z = b.cfloat(0.0, target);
            return Ok(vec![b.op1("complex.create", &[v, z], elt, vec![])]);
        }
        Ok(vec![v])
    };
    if opts.primitive_ops {
        return map_op(b, &[], init, &src.extra, body);
    }
    b.generic(&[], &[init], vec![identity(rank)], &vec![It::Par; rank], &src.extra, body)
}

fn tw_lt(b: &B, t: strata_ir::Type, w: u32) -> bool {
    b.int_width(t).is_some_and(|tw| tw < w)
}

/// `dynamic_iota`: the sizes come from the shape operand.
pub fn dynamic_iota(b: &mut B, src: &Src, opts: &Options) -> LResult<Vec<Value>> {
    let dim = int_attr(b, src, "iota_dimension").ok_or("missing iota_dimension")? as usize;
    let res = b.signless(src.results[0]);
    let shape_v = b.to_signless(src.operands[0]);
    let sizes = shape_sizes(b, shape_v, b.shape(res).len());
    let init = b.empty_sized(res, &sizes);
    iota_body(b, src, res, init, dim, opts)
}

/// The sizes held by a 1-d shape tensor, as indices.
fn shape_sizes(b: &mut B, shape_v: Value, rank: usize) -> Vec<Value> {
    let it = b.index_ty();
    (0..rank)
        .map(|i| {
            let ci = b.cidx(i as i64);
            let e = b.extract(shape_v, &[ci]);
            b.index_cast(e, it)
        })
        .collect()
}

/// `get_dimension_size` → `tensor.dim` as an i32 0-d tensor.
pub fn get_dimension_size(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let x = src.operands[0];
    let dim = int_attr(b, src, "dimension").ok_or("missing dimension")? as usize;
    let v = b.dim(x, dim);
    let i32t = b.int_ty(32);
    let c = b.index_cast(v, i32t);
    let t = b.tensor_ty(&[], i32t);
    Ok(vec![b.op1("tensor.from_elements", &[c], t, vec![])])
}

/// `set_dimension_size` on a static result: a slice of the operand to the static size.
pub fn set_dimension_size(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let x = b.to_signless(src.operands[0]);
    let res = b.signless(src.results[0]);
    let shape = static_result(b, src, "set_dimension_size")?;
    if b.vshape(x) == shape {
        return Ok(vec![x]);
    }
    let offs: Vec<Result<i64, Value>> = shape.iter().map(|_| Ok(0)).collect();
    Ok(vec![extract_slice(b, x, &offs, &shape, &vec![1; shape.len()], res)])
}

/// `reshape` → `tensor.collapse_shape` / `tensor.expand_shape` when the shapes are related by
/// grouping dimensions, else collapse to 1-d and expand.
pub fn reshape(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let x = b.to_signless(src.operands[0]);
    let res = b.signless(src.results[0]);
    let from = b.vshape(x);
    let to = b.shape(res);
    if from == to {
        return Ok(vec![x]);
    }
    if from.contains(&DYNAMIC) || to.contains(&DYNAMIC) {
        return dynamic_reshape_to(b, x, res);
    }
    if to.len() < from.len() {
        if let Some(g) = reassociation(&from, &to) {
            return Ok(vec![collapse(b, x, res, &g)]);
        }
    } else if let Some(g) = reassociation(&to, &from) {
        return Ok(vec![expand(b, x, res, &g, &[])]);
    }
    // Through 1-d.
    let n: i64 = from.iter().product();
    let elt = b.elt(res);
    let flat_t = b.tensor_ty(&[n], elt);
    let flat = if from.len() == 1 {
        x
    } else {
        let g = vec![(0..from.len() as i64).collect::<Vec<_>>()];
        let g = if from.is_empty() { vec![] } else { g };
        collapse(b, x, flat_t, &g)
    };
    if to.len() == 1 {
        return Ok(vec![flat]);
    }
    let g = if to.is_empty() { vec![] } else { vec![(0..to.len() as i64).collect::<Vec<_>>()] };
    if to.is_empty() {
        return Ok(vec![collapse(b, flat, res, &g)]);
    }
    Ok(vec![expand(b, flat, res, &g, &[])])
}

/// Groups of `big`'s dims whose products are `small`'s dims (unit dims attach to a neighbour),
/// or `None`.
pub fn reassociation(big: &[i64], small: &[i64]) -> Option<Vec<Vec<i64>>> {
    if small.is_empty() {
        return if big.iter().all(|&s| s == 1) { Some(vec![]) } else { None };
    }
    let mut groups = Vec::new();
    let mut i = 0;
    for (k, &s) in small.iter().enumerate() {
        let mut g = Vec::new();
        let mut p = 1i64;
        while i < big.len() && (g.is_empty() || p < s) {
            p *= big[i];
            g.push(i as i64);
            i += 1;
        }
        if p != s {
            return None;
        }
        // Trailing unit dims join the last group.
        if k + 1 == small.len() {
            while i < big.len() && big[i] == 1 {
                g.push(i as i64);
                i += 1;
            }
        }
        groups.push(g);
    }
    if i != big.len() {
        return None;
    }
    Some(groups)
}

/// `dynamic_reshape` with a shape operand.
pub fn dynamic_reshape(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let x = b.to_signless(src.operands[0]);
    let res = b.signless(src.results[0]);
    let shape = b.to_signless(src.operands[1]);
    if !b.shape(res).contains(&DYNAMIC) {
        return reshape(b, src);
    }
    let rank = b.shape(res).len();
    let sizes = shape_sizes(b, shape, rank);
    let dyns: Vec<Value> = b.shape(res).iter().zip(&sizes).filter(|(s, _)| **s == DYNAMIC).map(|(_, v)| *v).collect();
    reshape_via_flat(b, x, res, &dyns)
}

fn dynamic_reshape_to(b: &mut B, x: Value, res: strata_ir::Type) -> LResult<Vec<Value>> {
    let to = b.shape(res);
    let from = b.vshape(x);
    // Dynamic sizes of the result: only when it has one dynamic dim, computed from the total.
    let ndyn = to.iter().filter(|&&s| s == DYNAMIC).count();
    let mut dyns = Vec::new();
    if ndyn == 1 {
        let mut total = b.cidx(1);
        for i in 0..from.len() {
            let s = b.dim(x, i);
            total = b.bin("arith.muli", total, s);
        }
        let known: i64 = to.iter().filter(|&&s| s != DYNAMIC).product();
        let k = b.cidx(known);
        dyns.push(b.bin("arith.divui", total, k));
    } else if ndyn > 1 {
        return Err("reshape to more than one dynamic dimension is not supported".into());
    }
    reshape_via_flat(b, x, res, &dyns)
}

fn reshape_via_flat(b: &mut B, x: Value, res: strata_ir::Type, dyns: &[Value]) -> LResult<Vec<Value>> {
    let from = b.vshape(x);
    let to = b.shape(res);
    let elt = b.elt(res);
    let static_n = if from.contains(&DYNAMIC) { DYNAMIC } else { from.iter().product() };
    let flat_t = b.tensor_ty(&[static_n], elt);
    let flat = if from.len() == 1 {
        x
    } else if from.is_empty() {
        let one = b.tensor_ty(&[1], elt);
        expand(b, x, one, &[], &[])
    } else {
        collapse(b, x, flat_t, &[(0..from.len() as i64).collect()])
    };
    if to.is_empty() {
        let one = b.tensor_ty(&[1], elt);
        let f = if b.vshape(flat) == [1] {
            flat
        } else {
            let offs = [Ok(0)];
            extract_slice(b, flat, &offs, &[1], &[1], one)
        };
        return Ok(vec![collapse(b, f, res, &[])]);
    }
    if to.len() == 1 {
        if b.ty(flat) == res {
            return Ok(vec![flat]);
        }
        return Ok(vec![b.op1("tensor.cast", &[flat], res, vec![])]);
    }
    Ok(vec![expand(b, flat, res, &[(0..to.len() as i64).collect()], dyns)])
}

/// `dynamic_broadcast_in_dim` → generic with sizes from the shape operand.
pub fn dynamic_broadcast_in_dim(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let x = b.to_signless(src.operands[0]);
    let shape_v = b.to_signless(src.operands[1]);
    let res = b.signless(src.results[0]);
    let out = b.shape(res);
    let rank = out.len();
    let dims = ints(b, src, "broadcast_dimensions").ok_or("missing broadcast_dimensions")?;
    let in_shape = b.vshape(x);
    let sizes = shape_sizes(b, shape_v, rank);
    let init = b.empty_sized(res, &sizes);
    let exprs: Vec<AffineExpr> = dims
        .iter()
        .enumerate()
        .map(|(j, &dd)| if in_shape[j] == 1 && out[dd as usize] != 1 { c(0) } else { d(dd as usize) })
        .collect();
    if in_shape.iter().zip(&dims).any(|(&s, &dd)| s == DYNAMIC && out[dd as usize] == DYNAMIC) {
        // A dynamic operand dim may be 1 and expand at run time: not expressible with maps.
        let known: Vec<i64> = ints(b, src, "known_nonexpanding_dimensions").unwrap_or_default();
        for (j, &s) in in_shape.iter().enumerate() {
            if s == DYNAMIC && !known.contains(&(j as i64)) {
                return Err("dynamic_broadcast_in_dim of a dynamic dimension that may expand is not supported".into());
            }
        }
    }
    b.generic(&[x], &[init], vec![amap(rank, exprs), identity(rank)], &vec![It::Par; rank], &src.extra, |_, a| {
        Ok(vec![a[0]])
    })
}

/// `dynamic_pad` with constant paddings → as `pad`.
pub fn dynamic_pad(_b: &mut B, _src: &Src) -> LResult<Vec<Value>> {
    Err("dynamic_pad is not supported".into())
}

/// `bitcast_convert` between element types of different widths: a generic over the larger
/// shape that shifts and truncates (expanding) or reduces with shift-or (contracting).
pub fn bitcast_convert_resize(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let x = b.to_signless(src.operands[0]);
    let res = b.signless(src.results[0]);
    let ie = b.velt(x);
    let oe = b.elt(res);
    let iw = super::bit_width(b, ie);
    let ow = super::bit_width(b, oe);
    let in_rank = b.rank(x);
    let out_shape = b.shape(res);
    let out_rank = out_shape.len();
    if iw == ow {
        return Err("internal: equal widths".into());
    }
    let iit = b.int_ty(iw);
    let oit = b.int_ty(ow);
    if iw > ow {
        // Expanding: result has one more dim (the last).
        let init = b.empty_like(res, x);
        let maps = vec![amap(out_rank, (0..in_rank).map(d).collect()), identity(out_rank)];
        let sh = b.cint(ow as i128, iit);
        b.generic(&[x], &[init], maps, &vec![It::Par; out_rank], &src.extra, move |b, a| {
            let v = if b.float_kind(ie).is_some() { b.cast("arith.bitcast", a[0], iit) } else { a[0] };
            let i = b.index(out_rank - 1);
            let ic = b.index_cast(i, iit);
            let amt = b.bin("arith.muli", ic, sh);
            let s = b.bin("arith.shrui", v, amt);
            let t = b.cast("arith.trunci", s, oit);
            Ok(vec![if b.float_kind(oe).is_some() { b.cast("arith.bitcast", t, oe) } else { t }])
        })
    } else {
        // Contracting: reduce over the operand's last dim.
        let elt0 = b.zero(oit)?;
        let mut dyns = Vec::new();
        for (i, &s) in out_shape.iter().enumerate() {
            if s == DYNAMIC {
                dyns.push(b.dim(x, i));
            }
        }
        let init = b.empty(&out_shape, &dyns, oit);
        let filled = b.fill(elt0, init)?;
        let sh = b.cint(iw as i128, oit);
        let maps = vec![identity(in_rank), amap(in_rank, (0..out_rank).map(d).collect())];
        let mut its = vec![It::Par; out_rank];
        its.push(It::Red);
        let r = b.generic(&[x], &[filled], maps, &its, &src.extra, move |b, a| {
            let v = if b.float_kind(ie).is_some() { b.cast("arith.bitcast", a[0], iit) } else { a[0] };
            let i = b.index(in_rank - 1);
            let ic = b.index_cast(i, oit);
            let amt = b.bin("arith.muli", ic, sh);
            let e = b.cast("arith.extui", v, oit);
            let s = b.bin("arith.shli", e, amt);
            Ok(vec![b.bin("arith.ori", s, a[1])])
        })?;
        if b.float_kind(oe).is_some() {
            let init2 = b.empty_like(res, r[0]);
            let rank = out_rank;
            return b.generic(
                &[r[0]],
                &[init2],
                vec![identity(rank), identity(rank)],
                &vec![It::Par; rank],
                &[],
                move |b, a| Ok(vec![b.cast("arith.bitcast", a[0], oe)]),
            );
        }
        Ok(r)
    }
}
