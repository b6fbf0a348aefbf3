//! Shape ops: reshape, transpose, broadcast_in_dim, slice, concatenate, pad, reverse,
//! dynamic slices — and elementwise ops moved through them.
//!
//! Shape ops only move elements, so these rules are exact for every element type; their
//! preconditions are about shapes and index arithmetic (checked on the static types).

use egg::{Id, Subst};
use strata_ir::{Attribute, Symbol, Type};

use super::{rw, rw_build, rw_if, rw_node, sig, ty, var, Domain, Exactness, RuleDef};
use crate::eqsat::analysis::{add_op, add_with_sig, splat};
use crate::eqsat::language::{EGraph, ENode, Kind, Rewrite, SigId};

fn def(
    name: &'static str,
    algebra: &'static str,
    preconditions: &'static str,
    source: &'static str,
    make: fn() -> Rewrite,
) -> RuleDef {
    RuleDef {
        name,
        domain: Domain::Shape,
        algebra,
        preconditions,
        exactness: Exactness::Exact,
        expansive: false,
        source,
        make,
    }
}

// ----- helpers -----

/// The static dimensions of a value class.
pub fn dims(eg: &EGraph, id: Id) -> Vec<i64> {
    eg.analysis.dims(ty(eg, id)).to_vec()
}

/// The element type of a value class.
pub fn elem(eg: &EGraph, id: Id) -> Type {
    eg.analysis.elem(ty(eg, id))
}

/// `tensor<dims x elem>`.
pub fn tensor(eg: &mut EGraph, d: &[i64], e: Type) -> Type {
    eg.analysis.tensor(d, e)
}

/// An `array<i64: ...>` attribute.
pub fn arr(eg: &mut EGraph, v: &[i64]) -> Attribute {
    eg.analysis.i64_array(v)
}

/// An `array<i64>` attribute of a signature.
pub fn ints(eg: &EGraph, s: SigId, name: Symbol) -> Option<Vec<i64>> {
    eg.analysis.i64s(s, name).map(|v| v.to_vec())
}

/// A copy of signature `s` with result type `t`.
pub fn retype(eg: &mut EGraph, s: SigId, t: Type) -> SigId {
    let mut sig = eg.analysis.sig(s).clone();
    sig.ty = t;
    eg.analysis.intern_sig(sig)
}

/// `transpose(x, p)`.
pub fn transpose(eg: &mut EGraph, x: Id, p: &[i64]) -> Id {
    if p.iter().enumerate().all(|(i, &v)| v == i as i64) {
        return x;
    }
    let d = dims(eg, x);
    let out: Vec<i64> = p.iter().map(|&i| d[i as usize]).collect();
    let t = tensor(eg, &out, elem(eg, x));
    let a = arr(eg, p);
    let n = eg.analysis.names.permutation;
    add_op(eg, Kind::Transpose, t, vec![(n, a)], &[x])
}

/// `reshape(x) : t`.
pub fn reshape(eg: &mut EGraph, x: Id, t: Type) -> Id {
    if ty(eg, x) == t {
        return x;
    }
    add_op(eg, Kind::Reshape, t, vec![], &[x])
}

/// `broadcast_in_dim(x, d) : t`.
pub fn broadcast(eg: &mut EGraph, x: Id, d: &[i64], t: Type) -> Id {
    if ty(eg, x) == t && d.iter().enumerate().all(|(i, &v)| v == i as i64) {
        return x;
    }
    let a = arr(eg, d);
    let n = eg.analysis.names.broadcast_dimensions;
    add_op(eg, Kind::BroadcastInDim, t, vec![(n, a)], &[x])
}

/// `slice(x, start, limit, strides)`.
pub fn slice(eg: &mut EGraph, x: Id, st: &[i64], li: &[i64], sd: &[i64]) -> Id {
    let d = dims(eg, x);
    if st.iter().all(|&v| v == 0) && li == d.as_slice() && sd.iter().all(|&v| v == 1) {
        return x;
    }
    let out: Vec<i64> = (0..d.len()).map(|i| slice_len(st[i], li[i], sd[i])).collect();
    let t = tensor(eg, &out, elem(eg, x));
    let (a, b, c) = (arr(eg, st), arr(eg, li), arr(eg, sd));
    let nm = &eg.analysis.names;
    let (ns, nl, nt) = (nm.start_indices, nm.limit_indices, nm.strides);
    add_op(eg, Kind::Slice, t, vec![(ns, a), (nl, b), (nt, c)], &[x])
}

/// The number of elements of `[start, limit)` with `stride`.
pub fn slice_len(st: i64, li: i64, sd: i64) -> i64 {
    if li <= st || sd <= 0 {
        0
    } else {
        (li - st + sd - 1) / sd
    }
}

/// The start/limit/strides of a slice signature (strides default to 1).
fn slice_params(eg: &EGraph, s: SigId) -> Option<(Vec<i64>, Vec<i64>, Vec<i64>)> {
    let nm = &eg.analysis.names;
    let st = ints(eg, s, nm.start_indices)?;
    let li = ints(eg, s, nm.limit_indices)?;
    let sd = ints(eg, s, nm.strides).unwrap_or_else(|| vec![1; st.len()]);
    (st.len() == li.len() && li.len() == sd.len()).then_some((st, li, sd))
}

fn perm_of(eg: &EGraph, s: SigId) -> Option<Vec<i64>> {
    ints(eg, s, eg.analysis.names.permutation)
}

fn bdims_of(eg: &EGraph, s: SigId) -> Option<Vec<i64>> {
    ints(eg, s, eg.analysis.names.broadcast_dimensions)
}

fn is_identity(p: &[i64]) -> bool {
    p.iter().enumerate().all(|(i, &v)| v == i as i64)
}

/// The inverse of a permutation.
pub fn inverse(p: &[i64]) -> Vec<i64> {
    let mut inv = vec![0; p.len()];
    for (i, &v) in p.iter().enumerate() {
        inv[v as usize] = i as i64;
    }
    inv
}

/// The nodes of `kind` in a class.
pub fn nodes_of(eg: &EGraph, id: Id, kind: Kind) -> Vec<ENode> {
    eg[id].nodes.iter().filter(|n| n.kind() == Some(kind)).cloned().collect()
}

/// The signature of an op node.
pub fn node_sig(eg: &EGraph, n: &ENode) -> SigId {
    sig(eg, n.sig_class().expect("an op node"))
}

// ----- transpose -----

fn perm_identity(eg: &mut EGraph, root: Id, s: &Subst) -> bool {
    let sg = sig(eg, s[var!("?s")]);
    perm_of(eg, sg).is_some_and(|p| is_identity(&p)) && eg[s[var!("?x")]].data.ty == eg[root].data.ty
}

/// `transpose(transpose(x, p), q) -> transpose(x, p∘q)`: output dim i is x's dim p[q[i]].
fn transpose_transpose(eg: &mut EGraph, _: Id, s: &Subst) -> Option<Id> {
    let q = perm_of(eg, sig(eg, s[var!("?s1")]))?;
    let p = perm_of(eg, sig(eg, s[var!("?s2")]))?;
    let r: Vec<i64> = q.iter().map(|&i| p[i as usize]).collect();
    Some(transpose(eg, s[var!("?x")], &r))
}

/// `transpose(x, p) -> reshape(x)` when the dimensions larger than 1 keep their order.
fn transpose_to_reshape(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    let p = perm_of(eg, sig(eg, s[var!("?s")]))?;
    let x = s[var!("?x")];
    let d = dims(eg, x);
    let big: Vec<i64> = p.iter().copied().filter(|&i| d[i as usize] != 1).collect();
    if is_identity(&p) || !big.windows(2).all(|w| w[0] < w[1]) {
        return None;
    }
    let t = ty(eg, root);
    Some(reshape(eg, x, t))
}

/// `transpose(broadcast_in_dim(x, D), p) -> broadcast_in_dim(x, p⁻¹∘D)`.
fn transpose_broadcast(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    let p = perm_of(eg, sig(eg, s[var!("?s1")]))?;
    let d = bdims_of(eg, sig(eg, s[var!("?s2")]))?;
    let inv = inverse(&p);
    let nd: Vec<i64> = d.iter().map(|&j| inv[j as usize]).collect();
    let t = ty(eg, root);
    Some(broadcast(eg, s[var!("?x")], &nd, t))
}

// ----- reshape -----

fn same_type_x(eg: &mut EGraph, root: Id, s: &Subst) -> bool {
    eg[s[var!("?x")]].data.ty == eg[root].data.ty
}

/// `reshape(broadcast_in_dim(x, D)) -> broadcast_in_dim(x, D')` when the reshape only adds or
/// drops size-1 dimensions that no dimension of x maps to.
fn reshape_broadcast(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    let d = bdims_of(eg, sig(eg, s[var!("?s2")]))?;
    let x = s[var!("?x")];
    let mid = eg.analysis.sig(sig(eg, s[var!("?s2")])).ty;
    let b = eg.analysis.dims(mid).to_vec();
    let r = dims(eg, root);
    let big_b: Vec<usize> = (0..b.len()).filter(|&j| b[j] != 1).collect();
    let big_r: Vec<usize> = (0..r.len()).filter(|&j| r[j] != 1).collect();
    if big_b.len() != big_r.len() || big_b.iter().zip(&big_r).any(|(&i, &j)| b[i] != r[j]) {
        return None;
    }
    let mut nd = Vec::with_capacity(d.len());
    for &j in &d {
        let k = big_b.iter().position(|&bb| bb as i64 == j)?;
        nd.push(big_r[k] as i64);
    }
    let t = ty(eg, root);
    Some(broadcast(eg, x, &nd, t))
}

// ----- broadcast -----

fn broadcast_identity(eg: &mut EGraph, root: Id, s: &Subst) -> bool {
    let sg = sig(eg, s[var!("?s")]);
    bdims_of(eg, sg).is_some_and(|d| is_identity(&d)) && eg[s[var!("?x")]].data.ty == eg[root].data.ty
}

fn broadcast_broadcast(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    let b = bdims_of(eg, sig(eg, s[var!("?s1")]))?;
    let a = bdims_of(eg, sig(eg, s[var!("?s2")]))?;
    let nd: Vec<i64> = a.iter().map(|&i| b[i as usize]).collect();
    let t = ty(eg, root);
    Some(broadcast(eg, s[var!("?x")], &nd, t))
}

/// `broadcast_in_dim` that does not broadcast: a reshape (dims increasing) or a transpose
/// (same rank).
fn broadcast_no_expand(eg: &mut EGraph, root: Id, s: &Subst, want_reshape: bool) -> Option<Id> {
    let d = bdims_of(eg, sig(eg, s[var!("?s")]))?;
    let x = s[var!("?x")];
    let (xd, od) = (dims(eg, x), dims(eg, root));
    let n = |v: &[i64]| v.iter().product::<i64>();
    if n(&xd) != n(&od) || (0..xd.len()).any(|i| xd[i] != od[d[i] as usize]) {
        return None;
    }
    if want_reshape {
        if !d.windows(2).all(|w| w[0] < w[1]) || is_identity(&d) && xd == od {
            return None;
        }
        let t = ty(eg, root);
        Some(reshape(eg, x, t))
    } else {
        if xd.len() != od.len() || d.windows(2).all(|w| w[0] < w[1]) {
            return None;
        }
        // Output dim D[i] is x's dim i: a transpose by the inverse of D.
        Some(transpose(eg, x, &inverse(&d)))
    }
}

fn broadcast_to_reshape(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    broadcast_no_expand(eg, root, s, true)
}

fn broadcast_to_transpose(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    broadcast_no_expand(eg, root, s, false)
}

// ----- elementwise through shape ops -----

/// The elementwise kinds moved through shape ops (unary and binary; not select/clamp).
fn movable(k: Kind) -> bool {
    k.is_unary_elementwise() || k.is_binary_elementwise()
}

/// Rebuilds elementwise node `n` on new operands of shape `d`.
fn elementwise_on(eg: &mut EGraph, n: &ENode, ops: &[Id], d: &[i64]) -> Id {
    let s = node_sig(eg, n);
    let e = eg.analysis.elem(eg.analysis.sig(s).ty);
    let t = tensor(eg, d, e);
    let ns = retype(eg, s, t);
    add_with_sig(eg, n.kind().expect("op"), ns, ops)
}

/// A splat constant operand of another shape (same element type).
fn splat_like(eg: &mut EGraph, c: Id, d: &[i64]) -> Option<Id> {
    let v = splat(eg, c)?.clone();
    let t = tensor(eg, d, elem(eg, c));
    crate::eqsat::analysis::add_splat(eg, t, v)
}

/// `op(broadcast_in_dim(x, D), broadcast_in_dim(y, D)) -> broadcast_in_dim(op(x, y), D)` (a
/// scalar broadcast operand is broadcast to x's shape first); `op(broadcast_in_dim(x, D)) ->
/// broadcast_in_dim(op(x), D)`.
fn elementwise_broadcast(eg: &mut EGraph, root: Id, n: &ENode) -> Option<Id> {
    let k = n.kind()?;
    if !movable(k) {
        return None;
    }
    let ops = n.operands().to_vec();
    let t = ty(eg, root);
    let first_bcast = |eg: &EGraph, c: Id| -> Option<(Id, Vec<i64>)> {
        let b = nodes_of(eg, c, Kind::BroadcastInDim).into_iter().next()?;
        Some((b.operands()[0], bdims_of(eg, node_sig(eg, &b))?))
    };
    match ops.len() {
        1 => {
            let (x, d) = first_bcast(eg, ops[0])?;
            let xd = dims(eg, x);
            let inner = elementwise_on(eg, n, &[x], &xd);
            Some(broadcast(eg, inner, &d, t))
        }
        2 => {
            let (x, dx) = first_bcast(eg, ops[0])?;
            let (y, dy) = first_bcast(eg, ops[1])?;
            let (xd, yd) = (dims(eg, x), dims(eg, y));
            let (x, y, d, shape) = if dx == dy && xd == yd {
                (x, y, dx, xd)
            } else if yd.is_empty() && !xd.is_empty() {
                let yt = tensor(eg, &xd, elem(eg, y));
                let y2 = broadcast(eg, y, &[], yt);
                (x, y2, dx, xd)
            } else if xd.is_empty() && !yd.is_empty() {
                let xt = tensor(eg, &yd, elem(eg, x));
                let x2 = broadcast(eg, x, &[], xt);
                (x2, y, dy, yd)
            } else {
                return None;
            };
            let inner = elementwise_on(eg, n, &[x, y], &shape);
            Some(broadcast(eg, inner, &d, t))
        }
        _ => None,
    }
}

/// `op(transpose(x, p), transpose(y, p)) -> transpose(op(x, y), p)` (a splat operand is taken
/// in x's shape); `op(transpose(x, p)) -> transpose(op(x), p)`.
fn elementwise_transpose(eg: &mut EGraph, _root: Id, n: &ENode) -> Option<Id> {
    let k = n.kind()?;
    if !movable(k) {
        return None;
    }
    let ops = n.operands().to_vec();
    let first = |eg: &EGraph, c: Id| -> Option<(Id, Vec<i64>)> {
        let b = nodes_of(eg, c, Kind::Transpose).into_iter().next()?;
        Some((b.operands()[0], perm_of(eg, node_sig(eg, &b))?))
    };
    match ops.len() {
        1 => {
            let (x, p) = first(eg, ops[0])?;
            let xd = dims(eg, x);
            let inner = elementwise_on(eg, n, &[x], &xd);
            Some(transpose(eg, inner, &p))
        }
        2 => {
            let (a, b) = (first(eg, ops[0]), first(eg, ops[1]));
            let (x, y, p) = match (a, b) {
                (Some((x, p)), Some((y, q))) if p == q && dims(eg, x) == dims(eg, y) => (x, y, p),
                (Some((x, p)), None) => {
                    let xd = dims(eg, x);
                    let y = splat_like(eg, ops[1], &xd)?;
                    (x, y, p)
                }
                (None, Some((y, p))) => {
                    let yd = dims(eg, y);
                    let x = splat_like(eg, ops[0], &yd)?;
                    (x, y, p)
                }
                _ => return None,
            };
            let xd = dims(eg, x);
            let inner = elementwise_on(eg, n, &[x, y], &xd);
            Some(transpose(eg, inner, &p))
        }
        _ => None,
    }
}

/// `op(reshape(x), reshape(y)) -> reshape(op(x, y))` when x and y have one shape (a splat
/// operand is taken in x's shape); `op(reshape(x)) -> reshape(op(x))`.
fn elementwise_reshape(eg: &mut EGraph, root: Id, n: &ENode) -> Option<Id> {
    let k = n.kind()?;
    if !movable(k) {
        return None;
    }
    let ops = n.operands().to_vec();
    let t = ty(eg, root);
    let first = |eg: &EGraph, c: Id| -> Option<Id> {
        nodes_of(eg, c, Kind::Reshape).into_iter().next().map(|b| b.operands()[0])
    };
    match ops.len() {
        1 => {
            let x = first(eg, ops[0])?;
            let xd = dims(eg, x);
            let inner = elementwise_on(eg, n, &[x], &xd);
            Some(reshape(eg, inner, t))
        }
        2 => {
            let (x, y) = match (first(eg, ops[0]), first(eg, ops[1])) {
                (Some(x), Some(y)) if dims(eg, x) == dims(eg, y) => (x, y),
                (Some(x), None) => {
                    let xd = dims(eg, x);
                    (x, splat_like(eg, ops[1], &xd)?)
                }
                (None, Some(y)) => {
                    let yd = dims(eg, y);
                    (splat_like(eg, ops[0], &yd)?, y)
                }
                _ => return None,
            };
            let xd = dims(eg, x);
            let inner = elementwise_on(eg, n, &[x, y], &xd);
            Some(reshape(eg, inner, t))
        }
        _ => None,
    }
}

// ----- slice -----

/// `slice(slice(x, s1, l1, t1), s2, l2, t2) -> slice(x, s1 + s2·t1, ..., t1·t2)`.
fn slice_slice(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    let (s2, _, t2) = slice_params(eg, sig(eg, s[var!("?s1")]))?;
    let (s1, _, t1) = slice_params(eg, sig(eg, s[var!("?s2")]))?;
    let out = dims(eg, root);
    let r = out.len();
    let st: Vec<i64> = (0..r).map(|i| s1[i] + s2[i] * t1[i]).collect();
    let sd: Vec<i64> = (0..r).map(|i| t1[i] * t2[i]).collect();
    let li: Vec<i64> = (0..r).map(|i| if out[i] == 0 { st[i] } else { st[i] + (out[i] - 1) * sd[i] + 1 }).collect();
    Some(slice(eg, s[var!("?x")], &st, &li, &sd))
}

/// `slice(concatenate(a1, ..., an))` → the slices of the operands it overlaps (one operand's
/// slice, or their concatenation), when the slice is unstrided along the concatenation.
fn slice_concat(eg: &mut EGraph, root: Id, n: &ENode) -> Option<Id> {
    let (st, li, sd) = slice_params(eg, node_sig(eg, n))?;
    let src = n.operands()[0];
    let cat = nodes_of(eg, src, Kind::Concatenate).into_iter().next()?;
    let d = eg.analysis.int(node_sig(eg, &cat), eg.analysis.names.dimension)? as usize;
    if sd[d] != 1 || li[d] <= st[d] {
        return None;
    }
    let mut parts = Vec::new();
    let mut off = 0;
    for &a in cat.operands() {
        let len = dims(eg, a)[d];
        let (lo, hi) = (st[d].max(off), li[d].min(off + len));
        if lo < hi {
            let mut s2 = st.clone();
            let mut l2 = li.clone();
            s2[d] = lo - off;
            l2[d] = hi - off;
            parts.push((a, s2, l2));
        }
        off += len;
    }
    if parts.len() == cat.operands().len() && st[d] == 0 && li[d] == off {
        return None; // the slice spans every operand: nothing to gain along d
    }
    let sliced: Vec<Id> = parts.iter().map(|(a, s2, l2)| slice(eg, *a, s2, l2, &sd)).collect();
    if sliced.len() == 1 {
        return Some(sliced[0]);
    }
    let t = ty(eg, root);
    let dim = eg.analysis.ctx.i64_attr(d as i64);
    let nm = eg.analysis.names.dimension;
    Some(add_op(eg, Kind::Concatenate, t, vec![(nm, dim)], &sliced))
}

/// `slice(pad(x, v))`: entirely in the padding → `broadcast_in_dim(v)`; entirely inside x
/// (no interior padding) → `slice(x)`.
fn slice_pad(eg: &mut EGraph, root: Id, n: &ENode) -> Option<Id> {
    let (st, _, sd) = slice_params(eg, node_sig(eg, n))?;
    let src = n.operands()[0];
    let pad = nodes_of(eg, src, Kind::Pad).into_iter().next()?;
    let ps = node_sig(eg, &pad);
    let nm = &eg.analysis.names;
    let (lo, hi, it) =
        (ints(eg, ps, nm.edge_padding_low)?, ints(eg, ps, nm.edge_padding_high)?, ints(eg, ps, nm.interior_padding)?);
    let (x, v) = (pad.operands()[0], pad.operands()[1]);
    let xd = dims(eg, x);
    let out = dims(eg, root);
    if out.contains(&0) || lo.iter().chain(&hi).any(|&p| p < 0) {
        return None;
    }
    let r = xd.len();
    // The last selected index of each dim.
    let last: Vec<i64> = (0..r).map(|i| st[i] + (out[i] - 1) * sd[i]).collect();
    let ext: Vec<i64> = (0..r).map(|i| if xd[i] == 0 { 0 } else { (xd[i] - 1) * (it[i] + 1) + 1 }).collect();
    let all_padding = (0..r).any(|i| last[i] < lo[i] || st[i] >= lo[i] + ext[i]);
    let t = ty(eg, root);
    if all_padding {
        return Some(broadcast(eg, v, &[], t));
    }
    let inside = (0..r).all(|i| it[i] == 0 && st[i] >= lo[i] && last[i] < lo[i] + ext[i]);
    if inside {
        let s2: Vec<i64> = (0..r).map(|i| st[i] - lo[i]).collect();
        let l2: Vec<i64> = (0..r).map(|i| last[i] - lo[i] + 1).collect();
        return Some(slice(eg, x, &s2, &l2, &sd));
    }
    None
}

/// `slice(broadcast_in_dim(x, D)) -> broadcast_in_dim(slice(x), D)`.
fn slice_broadcast(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    let (st, li, sd) = slice_params(eg, sig(eg, s[var!("?s1")]))?;
    let d = bdims_of(eg, sig(eg, s[var!("?s2")]))?;
    let x = s[var!("?x")];
    let xd = dims(eg, x);
    let (mut s2, mut l2, mut t2) = (Vec::new(), Vec::new(), Vec::new());
    for (i, &j) in d.iter().enumerate() {
        let j = j as usize;
        if xd[i] == 1 {
            s2.push(0);
            l2.push(1);
            t2.push(1);
        } else {
            s2.push(st[j]);
            l2.push(li[j]);
            t2.push(sd[j]);
        }
    }
    let xs = slice(eg, x, &s2, &l2, &t2);
    if xs == x && dims(eg, root) == dims(eg, eg.find(s[var!("?b")])) {
        return None;
    }
    let t = ty(eg, root);
    Some(broadcast(eg, xs, &d, t))
}

/// `slice(op(a, b)) -> op(slice(a), slice(b))` for elementwise ops (computes only what is kept).
fn slice_elementwise(eg: &mut EGraph, root: Id, n: &ENode) -> Option<Id> {
    let (st, li, sd) = slice_params(eg, node_sig(eg, n))?;
    let src = n.operands()[0];
    let out = dims(eg, root);
    let e = eg[src].nodes.iter().find(|m| m.kind().is_some_and(|k| movable(k) && m.operands().len() <= 2)).cloned()?;
    let srcd = dims(eg, src);
    if srcd.iter().product::<i64>() <= out.iter().product::<i64>() {
        return None;
    }
    let ops: Vec<Id> = e.operands().to_vec();
    let sliced: Vec<Id> = ops.iter().map(|&o| slice(eg, o, &st, &li, &sd)).collect();
    Some(elementwise_on(eg, &e, &sliced, &out))
}

// ----- pad, concatenate, reverse, dynamic slices -----

fn pad_zero(eg: &mut EGraph, root: Id, s: &Subst) -> bool {
    let ps = sig(eg, s[var!("?s")]);
    let nm = &eg.analysis.names;
    let z = |n: Symbol| ints(eg, ps, n).is_some_and(|v| v.iter().all(|&x| x == 0));
    z(nm.edge_padding_low)
        && z(nm.edge_padding_high)
        && z(nm.interior_padding)
        && eg[s[var!("?x")]].data.ty == eg[root].data.ty
}

fn pad_empty(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    let x = s[var!("?x")];
    if eg.analysis.numel(ty(eg, x)) != 0 || eg.analysis.numel(ty(eg, root)) == 0 {
        return None;
    }
    let t = ty(eg, root);
    Some(broadcast(eg, s[var!("?v")], &[], t))
}

fn concat_dim(eg: &EGraph, n: &ENode) -> Option<i64> {
    eg.analysis.int(node_sig(eg, n), eg.analysis.names.dimension)
}

/// `concatenate(x) -> x`; zero-extent operands dropped; nested concatenations on the same
/// dimension flattened; adjacent slices of one value merged.
fn concat_simplify(eg: &mut EGraph, root: Id, n: &ENode) -> Option<Id> {
    let d = concat_dim(eg, n)? as usize;
    let ops = n.operands().to_vec();
    if ops.len() == 1 {
        return Some(ops[0]);
    }
    let mut out: Vec<Id> = Vec::new();
    let mut changed = false;
    for &o in &ops {
        if dims(eg, o)[d] == 0 {
            changed = true;
            continue;
        }
        let inner = nodes_of(eg, o, Kind::Concatenate).into_iter().find(|c| concat_dim(eg, c) == Some(d as i64));
        match inner {
            Some(c) => {
                changed = true;
                let inner: Vec<Id> = c.operands().iter().copied().filter(|&x| dims(eg, x)[d] != 0).collect();
                out.extend(inner);
            }
            None => out.push(o),
        }
    }
    // Merge adjacent slices of one value that meet along d.
    let mut merged: Vec<Id> = Vec::new();
    for o in out {
        if let Some(&prev) = merged.last() {
            if let Some(m) = merge_slices(eg, prev, o, d) {
                merged.pop();
                merged.push(m);
                changed = true;
                continue;
            }
        }
        merged.push(o);
    }
    if !changed || merged.is_empty() {
        return None;
    }
    if merged.len() == 1 {
        return Some(merged[0]);
    }
    let t = ty(eg, root);
    let a = eg.analysis.ctx.i64_attr(d as i64);
    let nm = eg.analysis.names.dimension;
    Some(add_op(eg, Kind::Concatenate, t, vec![(nm, a)], &merged))
}

/// `slice(x, [a, b)) ++ slice(x, [b, c)) == slice(x, [a, c))` along `d` (unit stride along d,
/// equal ranges elsewhere).
fn merge_slices(eg: &mut EGraph, p: Id, q: Id, d: usize) -> Option<Id> {
    for a in nodes_of(eg, p, Kind::Slice) {
        for b in nodes_of(eg, q, Kind::Slice) {
            if eg.find(a.operands()[0]) != eg.find(b.operands()[0]) {
                continue;
            }
            let (s1, l1, t1) = slice_params(eg, node_sig(eg, &a))?;
            let (s2, l2, t2) = slice_params(eg, node_sig(eg, &b))?;
            if t1[d] != 1 || t2[d] != 1 || l1[d] != s2[d] {
                continue;
            }
            let same_elsewhere = (0..s1.len()).all(|i| i == d || (s1[i] == s2[i] && l1[i] == l2[i] && t1[i] == t2[i]));
            if !same_elsewhere {
                continue;
            }
            let mut l = l1.clone();
            l[d] = l2[d];
            return Some(slice(eg, a.operands()[0], &s1, &l, &t1));
        }
    }
    None
}

/// `dynamic_slice(x, ...)` of x's whole shape is x (starts clamp to 0).
fn dynamic_slice_full(eg: &mut EGraph, root: Id, n: &ENode) -> Option<Id> {
    let x = n.operands()[0];
    (eg[x].data.ty == eg[root].data.ty).then_some(x)
}

/// `dynamic_update_slice(x, u, ...)` with u of x's whole shape is u.
fn dynamic_update_slice_full(eg: &mut EGraph, root: Id, n: &ENode) -> Option<Id> {
    let u = *n.operands().get(1)?;
    (eg[u].data.ty == eg[root].data.ty).then_some(u)
}

/// `reverse(reverse(x, a), b) -> reverse(x, a Δ b)`.
fn reverse_reverse(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    let nm = eg.analysis.names.dimensions;
    let b = ints(eg, sig(eg, s[var!("?s1")]), nm)?;
    let a = ints(eg, sig(eg, s[var!("?s2")]), nm)?;
    let mut d: Vec<i64> =
        a.iter().filter(|x| !b.contains(x)).chain(b.iter().filter(|x| !a.contains(x))).copied().collect();
    d.sort_unstable();
    let x = s[var!("?x")];
    if d.is_empty() {
        return Some(x);
    }
    let t = ty(eg, root);
    let a = arr(eg, &d);
    Some(add_op(eg, Kind::Reverse, t, vec![(nm, a)], &[x]))
}

/// `reverse(x, dims)` over size-1 dimensions only is x.
fn reverse_unit(eg: &mut EGraph, root: Id, s: &Subst) -> bool {
    let nm = eg.analysis.names.dimensions;
    let x = s[var!("?x")];
    let xd = dims(eg, x);
    ints(eg, sig(eg, s[var!("?s")]), nm).is_some_and(|d| d.iter().all(|&i| xd.get(i as usize) == Some(&1)))
        && eg[x].data.ty == eg[root].data.ty
}

/// The shape rules.
pub fn rules() -> Vec<RuleDef> {
    vec![
        // transpose(x, identity) == x
        def("transpose-identity", "transpose(x, iota) == x", "the identity permutation", "26 [X,S]", || {
            rw_if("transpose-identity", "(transpose ?s ?x)", "?x", perm_identity)
        }),
        // transpose(transpose(x, p), q) == transpose(x, p∘q)
        def(
            "transpose-transpose",
            "transpose(transpose(x, p), q) == transpose(x, p∘q)",
            "none (identity result: x)",
            "27 [X,S,T]",
            || rw_build("transpose-transpose", "(transpose ?s1 (transpose ?s2 ?x))", transpose_transpose),
        ),
        // transpose(x, p) == reshape(x)
        def("transpose-to-reshape", "transpose(x, p) == reshape(x)", "only size-1 dimensions move", "28 [S]", || {
            rw_build("transpose-to-reshape", "(transpose ?s ?x)", transpose_to_reshape)
        }),
        // transpose(broadcast_in_dim(x, D), p) == broadcast_in_dim(x, p⁻¹∘D)
        def(
            "transpose-broadcast",
            "transpose(broadcast_in_dim(x, D), p) == broadcast_in_dim(x, p⁻¹∘D)",
            "none",
            "[X]",
            || rw_build("transpose-broadcast", "(transpose ?s1 (broadcast_in_dim ?s2 ?x))", transpose_broadcast),
        ),
        // reshape(x : T) : T == x
        def("reshape-noop", "reshape(x : T) : T == x", "equal types", "29 [X,S]", || {
            rw_if("reshape-noop", "(reshape ?s ?x)", "?x", same_type_x)
        }),
        // reshape(reshape(x)) == reshape(x)
        def("reshape-reshape", "reshape(reshape(x)) == reshape(x)", "none", "29 [X,S]", || {
            rw("reshape-reshape", "(reshape ?s1 (reshape ?s2 ?x))", "(reshape ?s1 ?x)")
        }),
        // reshape(broadcast_in_dim(x, D)) == broadcast_in_dim(x, D')
        def(
            "reshape-broadcast",
            "reshape(broadcast_in_dim(x, D)) == broadcast_in_dim(x, D')",
            "the reshape only adds or removes size-1 dimensions no dimension of x maps to",
            "30 [X]",
            || rw_build("reshape-broadcast", "(reshape ?s1 (broadcast_in_dim ?s2 ?x))", reshape_broadcast),
        ),
        // broadcast_in_dim(x, iota) : T(x) == x
        def(
            "broadcast-noop",
            "broadcast_in_dim(x : T, iota) : T == x",
            "identity dimensions, equal types",
            "31 [S]",
            || rw_if("broadcast-noop", "(broadcast_in_dim ?s ?x)", "?x", broadcast_identity),
        ),
        // broadcast_in_dim(broadcast_in_dim(x, A), B) == broadcast_in_dim(x, B∘A)
        def(
            "broadcast-broadcast",
            "broadcast_in_dim(broadcast_in_dim(x, A), B) == broadcast_in_dim(x, B∘A)",
            "none",
            "32 [X,S]",
            || rw_build("broadcast-broadcast", "(broadcast_in_dim ?s1 (broadcast_in_dim ?s2 ?x))", broadcast_broadcast),
        ),
        // broadcast_in_dim(x, D) == reshape(x)
        def(
            "broadcast-to-reshape",
            "broadcast_in_dim(x, D) == reshape(x)",
            "equal element counts, D increasing (only size-1 dimensions inserted)",
            "33 [X,S]",
            || rw_build("broadcast-to-reshape", "(broadcast_in_dim ?s ?x)", broadcast_to_reshape),
        ),
        // broadcast_in_dim(x, D) == transpose(x, D⁻¹)
        def(
            "broadcast-to-transpose",
            "broadcast_in_dim(x, D) == transpose(x, D⁻¹)",
            "equal ranks and element counts, D not increasing",
            "33 [X,S]",
            || rw_build("broadcast-to-transpose", "(broadcast_in_dim ?s ?x)", broadcast_to_transpose),
        ),
        // op(broadcast(x), broadcast(y)) == broadcast(op(x, y))
        def(
            "elementwise-broadcast",
            "op(broadcast_in_dim(x, D), broadcast_in_dim(y, D)) == broadcast_in_dim(op(x, y), D)",
            "unary or binary elementwise op; x, y of one shape, or one of them a scalar",
            "34 [X]",
            || rw_node_any("elementwise-broadcast", elementwise_broadcast),
        ),
        // op(transpose(x, p), transpose(y, p)) == transpose(op(x, y), p)
        def(
            "elementwise-transpose",
            "op(transpose(x, p), transpose(y, p)) == transpose(op(x, y), p)",
            "unary or binary elementwise op; one permutation (or a splat operand)",
            "[X]",
            || rw_node_any("elementwise-transpose", elementwise_transpose),
        ),
        // op(reshape(x), reshape(y)) == reshape(op(x, y))
        def(
            "elementwise-reshape",
            "op(reshape(x), reshape(y)) == reshape(op(x, y))",
            "unary or binary elementwise op; x, y of one shape (or a splat operand)",
            "[X]",
            || rw_node_any("elementwise-reshape", elementwise_reshape),
        ),
        // slice(x, full range, stride 1) == x
        def("slice-full", "slice(x, 0, dims, 1) == x", "the result has x's type", "35 [X,S]", || {
            rw_if("slice-full", "(slice ?s ?x)", "?x", same_type_x)
        }),
        // slice(slice(x)) == slice(x)
        def(
            "slice-slice",
            "slice(slice(x, s1, l1, t1), s2, l2, t2) == slice(x, s1 + s2·t1, _, t1·t2)",
            "none",
            "35 [X,S]",
            || rw_build("slice-slice", "(slice ?s1 (slice ?s2 ?x))", slice_slice),
        ),
        // slice(concatenate(a, b)) == the slices of what it overlaps
        def(
            "slice-concat",
            "slice(concatenate(a1..an)) == concatenate(slices of the overlapped ai)",
            "unit stride along the concatenated dimension",
            "36 [S]",
            || rw_node("slice-concat", Kind::Slice, slice_concat),
        ),
        // slice(pad(x, v)) == broadcast(v) | slice(x)
        def(
            "slice-pad",
            "slice(pad(x, v)) == broadcast_in_dim(v) | slice(x)",
            "the slice lies entirely in the padding, or entirely in x with no interior padding",
            "37 [X]",
            || rw_node("slice-pad", Kind::Slice, slice_pad),
        ),
        // slice(broadcast_in_dim(x, D)) == broadcast_in_dim(slice(x), D)
        def("slice-broadcast", "slice(broadcast_in_dim(x, D)) == broadcast_in_dim(slice(x), D)", "none", "[X]", || {
            rw_build("slice-broadcast", "(slice ?s1 ?b)", slice_broadcast_b)
        }),
        // slice(op(a, b)) == op(slice(a), slice(b))
        def(
            "slice-elementwise",
            "slice(op(a, b)) == op(slice(a), slice(b))",
            "unary or binary elementwise op; the slice is smaller than its operand",
            "[X]",
            || rw_node("slice-elementwise", Kind::Slice, slice_elementwise),
        ),
        // pad(x, v, 0, 0, 0) == x
        def("pad-zero", "pad(x, v, 0, 0, 0) == x", "all paddings zero", "38 [X,S]", || {
            rw_if("pad-zero", "(pad ?s ?x ?v)", "?x", pad_zero)
        }),
        // pad(empty, v) == broadcast_in_dim(v)
        def("pad-empty", "pad(x, v) == broadcast_in_dim(v)", "x has no elements", "38 [X,S]", || {
            rw_build("pad-empty", "(pad ?s ?x ?v)", pad_empty)
        }),
        // concatenate(x) == x, and friends
        def(
            "concat-simplify",
            "concatenate(x) == x; concatenate(.., concatenate(a, b), ..) == concatenate(.., a, b, ..)",
            "zero-extent operands dropped; flattening on the same dimension; adjacent slices merged",
            "39 [X,S]",
            || rw_node("concat-simplify", Kind::Concatenate, concat_simplify),
        ),
        // dynamic_slice(x, i..) : T(x) == x
        def(
            "dynamic-slice-full",
            "dynamic_slice(x, starts, sizes = dims(x)) == x",
            "the slice is all of x (starts clamp to 0)",
            "40 [X]",
            || rw_node("dynamic-slice-full", Kind::DynamicSlice, dynamic_slice_full),
        ),
        // dynamic_update_slice(x, u : T(x), i..) == u
        def(
            "dynamic-update-slice-full",
            "dynamic_update_slice(x, u, starts) == u",
            "u has x's shape (starts clamp to 0)",
            "40 [X]",
            || rw_node("dynamic-update-slice-full", Kind::DynamicUpdateSlice, dynamic_update_slice_full),
        ),
        // reverse(reverse(x, a), b) == reverse(x, a Δ b)
        def("reverse-reverse", "reverse(reverse(x, a), b) == reverse(x, a Δ b)", "none (empty: x)", "[X]", || {
            rw_build("reverse-reverse", "(reverse ?s1 (reverse ?s2 ?x))", reverse_reverse)
        }),
        // reverse(x, unit dims) == x
        def("reverse-unit", "reverse(x, dims) == x", "every reversed dimension has size 1", "[X]", || {
            rw_if("reverse-unit", "(reverse ?s ?x)", "?x", reverse_unit)
        }),
    ]
}

/// [`slice_broadcast`] with the broadcast found in the slice's operand class.
fn slice_broadcast_b(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    let b = s[var!("?b")];
    let bc = nodes_of(eg, b, Kind::BroadcastInDim).into_iter().next()?;
    let mut s2 = s.clone();
    s2.insert(var!("?s2"), bc.sig_class()?);
    s2.insert(var!("?x"), bc.operands()[0]);
    slice_broadcast(eg, root, &s2)
}

/// A rule over every unary or binary elementwise node.
fn rw_node_any(name: &str, f: super::NodeFn) -> Rewrite {
    super::rw_nodes(name, ELEMENTWISE, f)
}

/// The elementwise kinds the moving rules search.
pub const ELEMENTWISE: &[Kind] = &[
    Kind::Abs,
    Kind::Add,
    Kind::And,
    Kind::Atan2,
    Kind::Cbrt,
    Kind::Ceil,
    Kind::Clz,
    Kind::Compare,
    Kind::Convert,
    Kind::Cosine,
    Kind::Divide,
    Kind::Exp,
    Kind::Expm1,
    Kind::Floor,
    Kind::IsFinite,
    Kind::Log,
    Kind::Log1p,
    Kind::Logistic,
    Kind::Maximum,
    Kind::Minimum,
    Kind::Multiply,
    Kind::Negate,
    Kind::Not,
    Kind::Or,
    Kind::Popcnt,
    Kind::Power,
    Kind::Remainder,
    Kind::RoundAfz,
    Kind::RoundEven,
    Kind::Rsqrt,
    Kind::ShiftLeft,
    Kind::ShiftRightArithmetic,
    Kind::ShiftRightLogical,
    Kind::Sign,
    Kind::Sine,
    Kind::Sqrt,
    Kind::Subtract,
    Kind::Tan,
    Kind::Tanh,
    Kind::Xor,
];
