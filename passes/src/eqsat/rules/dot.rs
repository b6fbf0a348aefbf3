//! dot_general, dot and convolution (TENSAT-style, cost-guided).
//!
//! The interpreter's `dot_general` accumulates each result element from `0` in ascending
//! contracting index, in the result type. Rules that keep every element's products and their
//! order (absorbing transposes, splitting or merging along free dimensions) are exact for all
//! types; rules that split or reassociate sums (matmul reassociation, splitting the
//! contraction, a contraction of size 1 turned into a product: `0 + p` is `+0.0` for
//! `p = -0.0`) are exact for integers (wrapping) and `fast-math` for floats. Rules that add
//! nodes without removing any (splits, the two-root merge) are *expansive*: searched only in
//! the first iterations.

use egg::{Id, Subst, Var};

use strata_dialects::stablehlo::attrs::{ConvDimensionNumbers, DotDimensionNumbers};
use strata_ir::{Attribute, Symbol, Type};

use super::shape::{dims, elem, node_sig, nodes_of, reshape, slice, tensor, transpose};
use super::{is_int, rw_build, rw_node, sig, ty, var, Domain, Exactness, RuleDef};
use crate::eqsat::analysis::add_op;
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
        domain: Domain::Dot,
        algebra,
        preconditions,
        exactness: Exactness::Exact,
        expansive: false,
        source,
        make,
    }
}

fn expansive(mut r: RuleDef) -> RuleDef {
    r.expansive = true;
    r
}

fn fast(mut r: RuleDef, rel_tol: f64) -> RuleDef {
    r.exactness = Exactness::FastMath { rel_tol };
    r
}

/// The dimension numbers of a dot_general signature.
fn dn(eg: &EGraph, s: SigId) -> Option<DotDimensionNumbers> {
    eg.analysis.typed::<DotDimensionNumbers>(s, eg.analysis.names.dot_dimension_numbers).cloned()
}

/// The attributes other than the dimension numbers a new dot may carry over: none, or a
/// `precision_config` with one precision for both operands. `None` when the dot has an
/// `algorithm` or per-operand precisions (the rules leave it alone).
fn extra_attrs(eg: &EGraph, s: SigId) -> Option<Vec<(Symbol, Attribute)>> {
    let a = &eg.analysis;
    let nm = &a.names;
    let mut out = Vec::new();
    for na in &a.sig(s).attrs {
        if na.name == nm.dot_dimension_numbers {
            continue;
        }
        if na.name == nm.precision_config {
            if let strata_ir::AttrKind::Array(v) = a.ctx.attr_kind(na.value) {
                if v.windows(2).all(|w| w[0] == w[1]) {
                    out.push((na.name, na.value));
                    continue;
                }
            }
        }
        return None;
    }
    Some(out)
}

/// The free dimensions of an operand of `rank` with the given batch and contracting dims.
fn free(rank: usize, batch: &[i64], contract: &[i64]) -> Vec<i64> {
    (0..rank as i64).filter(|d| !batch.contains(d) && !contract.contains(d)).collect()
}

/// `dot_general(lhs, rhs, d)` with result element type `e` (its type computed).
pub fn dot_general(
    eg: &mut EGraph,
    lhs: Id,
    rhs: Id,
    d: &DotDimensionNumbers,
    e: Type,
    extra: &[(Symbol, Attribute)],
) -> Id {
    let (ld, rd) = (dims(eg, lhs), dims(eg, rhs));
    let mut out: Vec<i64> = d.lhs_batching_dimensions.iter().map(|&i| ld[i as usize]).collect();
    out.extend(
        free(ld.len(), &d.lhs_batching_dimensions, &d.lhs_contracting_dimensions).iter().map(|&i| ld[i as usize]),
    );
    out.extend(
        free(rd.len(), &d.rhs_batching_dimensions, &d.rhs_contracting_dimensions).iter().map(|&i| rd[i as usize]),
    );
    let t = tensor(eg, &out, e);
    let a = d.to_attr(&mut eg.analysis.ctx);
    let mut attrs = vec![(eg.analysis.names.dot_dimension_numbers, a)];
    attrs.extend_from_slice(extra);
    add_op(eg, Kind::DotGeneral, t, attrs, &[lhs, rhs])
}

/// The standard matrix product dimensions (`[m, k] x [k, n]`).
fn matmul_dn() -> DotDimensionNumbers {
    DotDimensionNumbers {
        lhs_batching_dimensions: vec![],
        rhs_batching_dimensions: vec![],
        lhs_contracting_dimensions: vec![1],
        rhs_contracting_dimensions: vec![0],
    }
}

/// Whether a dot is a plain matrix product of rank-2 operands of the result's element type.
fn is_matmul(eg: &EGraph, s: SigId, lhs: Id, rhs: Id) -> bool {
    let t = eg.analysis.sig(s).ty;
    dn(eg, s).is_some_and(|d| d == matmul_dn())
        && dims(eg, lhs).len() == 2
        && dims(eg, rhs).len() == 2
        && eg.analysis.elem(t) == elem(eg, lhs)
        && elem(eg, lhs) == elem(eg, rhs)
}

// ----- dot -> dot_general -----

/// `dot(a, b) -> dot_general(a, b, contracting [rank(a) - 1] x [0])`.
fn dot_legacy(eg: &mut EGraph, root: Id, n: &ENode) -> Option<Id> {
    let (a, b) = (n.operands()[0], n.operands()[1]);
    let s = node_sig(eg, n);
    let extra = extra_attrs(eg, s)?;
    let ra = dims(eg, a).len() as i64;
    let d = DotDimensionNumbers {
        lhs_batching_dimensions: vec![],
        rhs_batching_dimensions: vec![],
        lhs_contracting_dimensions: vec![ra - 1],
        rhs_contracting_dimensions: vec![0],
    };
    let e = eg.analysis.elem(ty(eg, root));
    Some(dot_general(eg, a, b, &d, e, &extra))
}

// ----- absorbing transposes -----

/// `dot_general(transpose(a, p), b, d) -> transpose?(dot_general(a, b, p∘d))`: the transpose's
/// permutation moves into the dimension numbers (contracting order kept, so every sum is the
/// same); a transpose of the result restores the order of the free dimensions if they moved.
fn absorb_transpose(eg: &mut EGraph, root: Id, n: &ENode) -> Option<Id> {
    let s = node_sig(eg, n);
    let d = dn(eg, s)?;
    let extra = extra_attrs(eg, s)?;
    let (lhs, rhs) = (n.operands()[0], n.operands()[1]);
    let e = eg.analysis.elem(ty(eg, root));
    let perm_of = |eg: &EGraph, c: Id| -> Option<(Id, Vec<i64>)> {
        let t = nodes_of(eg, c, Kind::Transpose).into_iter().next()?;
        Some((t.operands()[0], super::shape::ints(eg, node_sig(eg, &t), eg.analysis.names.permutation)?))
    };
    // Prefer the lhs; the rhs next time round.
    for side in 0..2 {
        let c = if side == 0 { lhs } else { rhs };
        let Some((x, p)) = perm_of(eg, c) else { continue };
        let map = |v: &[i64]| -> Vec<i64> { v.iter().map(|&i| p[i as usize]).collect() };
        let mut nd = d.clone();
        let rank = p.len();
        let (old_free, new_free, nb, nl) = if side == 0 {
            nd.lhs_batching_dimensions = map(&d.lhs_batching_dimensions);
            nd.lhs_contracting_dimensions = map(&d.lhs_contracting_dimensions);
            let of = free(rank, &d.lhs_batching_dimensions, &d.lhs_contracting_dimensions);
            let nf = free(rank, &nd.lhs_batching_dimensions, &nd.lhs_contracting_dimensions);
            (of, nf, d.lhs_batching_dimensions.len(), 0)
        } else {
            nd.rhs_batching_dimensions = map(&d.rhs_batching_dimensions);
            nd.rhs_contracting_dimensions = map(&d.rhs_contracting_dimensions);
            let of = free(rank, &d.rhs_batching_dimensions, &d.rhs_contracting_dimensions);
            let nf = free(rank, &nd.rhs_batching_dimensions, &nd.rhs_contracting_dimensions);
            let lrank = dims(eg, lhs).len();
            let nl = free(lrank, &d.lhs_batching_dimensions, &d.lhs_contracting_dimensions).len();
            (of, nf, d.lhs_batching_dimensions.len(), nl)
        };
        let (a, b) = if side == 0 { (x, rhs) } else { (lhs, x) };
        let newdot = dot_general(eg, a, b, &nd, e, &extra);
        // Output positions of this side's free dims: the old order is p[old_free], the new one
        // new_free (ascending).
        let base = nb + nl;
        let out_rank = dims(eg, root).len();
        let mut q: Vec<i64> = (0..out_rank as i64).collect();
        for (j, &f) in old_free.iter().enumerate() {
            let src = p[f as usize];
            let k = new_free.iter().position(|&g| g == src)?;
            q[base + j] = (base + k) as i64;
        }
        return Some(transpose(eg, newdot, &q));
    }
    None
}

/// `dot(transpose(a), transpose(b)) -> transpose(dot(b, a))` (matrices).
fn dot_transpose_transpose(eg: &mut EGraph, _root: Id, s: &Subst) -> Option<Id> {
    let ds = sig(eg, s[var!("?s")]);
    let (ta, tb) = (s[var!("?ta")], s[var!("?tb")]);
    if !is_matmul(eg, ds, ta, tb) {
        return None;
    }
    let pn = eg.analysis.names.permutation;
    let swap = |eg: &EGraph, v: Var| super::shape::ints(eg, sig(eg, s[v]), pn).is_some_and(|p| p == [1, 0]);
    if !swap(eg, var!("?t1")) || !swap(eg, var!("?t2")) {
        return None;
    }
    let extra = extra_attrs(eg, ds)?;
    let e = elem(eg, ta);
    let inner = dot_general(eg, s[var!("?b")], s[var!("?a")], &matmul_dn(), e, &extra);
    Some(transpose(eg, inner, &[1, 0]))
}

/// `transpose(dot_general(a, b), p) -> dot_general(b, a)` when p keeps the batch dimensions and
/// swaps the lhs and rhs free groups (each in order): the same products, summed in the same order.
fn transpose_dot(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    let p = super::shape::ints(eg, sig(eg, s[var!("?t")]), eg.analysis.names.permutation)?;
    let ds = sig(eg, s[var!("?s")]);
    let d = dn(eg, ds)?;
    let extra = extra_attrs(eg, ds)?;
    let (a, b) = (s[var!("?a")], s[var!("?b")]);
    let nb = d.lhs_batching_dimensions.len();
    let nl = free(dims(eg, a).len(), &d.lhs_batching_dimensions, &d.lhs_contracting_dimensions).len();
    let nr = free(dims(eg, b).len(), &d.rhs_batching_dimensions, &d.rhs_contracting_dimensions).len();
    let want: Vec<i64> =
        (0..nb as i64).chain((nb + nl) as i64..(nb + nl + nr) as i64).chain(nb as i64..(nb + nl) as i64).collect();
    if p != want || nl == 0 || nr == 0 {
        return None;
    }
    let swapped = DotDimensionNumbers {
        lhs_batching_dimensions: d.rhs_batching_dimensions.clone(),
        rhs_batching_dimensions: d.lhs_batching_dimensions.clone(),
        lhs_contracting_dimensions: d.rhs_contracting_dimensions.clone(),
        rhs_contracting_dimensions: d.lhs_contracting_dimensions.clone(),
    };
    let e = eg.analysis.elem(ty(eg, root));
    if elem(eg, a) != e || elem(eg, b) != e {
        return None;
    }
    let r = dot_general(eg, b, a, &swapped, e, &extra);
    (eg[r].data.ty == eg[root].data.ty).then_some(r)
}

// ----- concatenation along free dimensions -----

/// `concatenate(dot(x1, z), dot(x2, z), ...)` along a free dimension of the shared-operand
/// side's partner → `dot(concatenate(x1, x2, ...), z)`.
fn concat_of_dots(eg: &mut EGraph, root: Id, n: &ENode) -> Option<Id> {
    let cd = eg.analysis.int(node_sig(eg, n), eg.analysis.names.dimension)? as usize;
    let ops = n.operands().to_vec();
    if ops.len() < 2 {
        return None;
    }
    let dots: Vec<ENode> =
        ops.iter().map(|&o| nodes_of(eg, o, Kind::DotGeneral).into_iter().next()).collect::<Option<_>>()?;
    let s0 = node_sig(eg, &dots[0]);
    let d = dn(eg, s0)?;
    let extra = extra_attrs(eg, s0)?;
    let same = |eg: &EGraph, m: &ENode| {
        let s = node_sig(eg, m);
        dn(eg, s).as_ref() == Some(&d) && extra_attrs(eg, s).as_deref() == Some(extra.as_slice())
    };
    if !dots.iter().all(|m| same(eg, m)) {
        return None;
    }
    let lrank = dims(eg, dots[0].operands()[0]).len();
    let lfree = free(lrank, &d.lhs_batching_dimensions, &d.lhs_contracting_dimensions);
    let rrank = dims(eg, dots[0].operands()[1]).len();
    let rfree = free(rrank, &d.rhs_batching_dimensions, &d.rhs_contracting_dimensions);
    let nb = d.lhs_batching_dimensions.len();
    let e = eg.analysis.elem(ty(eg, root));
    let find = |eg: &EGraph, i: usize| dots.iter().map(|m| eg.find(m.operands()[i])).collect::<Vec<_>>();
    if cd >= nb && cd < nb + lfree.len() {
        // Shared rhs, concatenated lhs along its free dim.
        let rs = find(eg, 1);
        if !rs.iter().all(|&r| r == rs[0]) {
            return None;
        }
        let ld = lfree[cd - nb];
        let xs: Vec<Id> = dots.iter().map(|m| m.operands()[0]).collect();
        let cat = concat(eg, &xs, ld as usize)?;
        return Some(dot_general(eg, cat, rs[0], &d, e, &extra));
    }
    if cd >= nb + lfree.len() && cd < nb + lfree.len() + rfree.len() {
        let ls = find(eg, 0);
        if !ls.iter().all(|&l| l == ls[0]) {
            return None;
        }
        let rd = rfree[cd - nb - lfree.len()];
        let zs: Vec<Id> = dots.iter().map(|m| m.operands()[1]).collect();
        let cat = concat(eg, &zs, rd as usize)?;
        return Some(dot_general(eg, ls[0], cat, &d, e, &extra));
    }
    None
}

/// `concatenate(xs, dim)`, its type computed.
pub fn concat(eg: &mut EGraph, xs: &[Id], dim: usize) -> Option<Id> {
    let mut out = dims(eg, xs[0]);
    let e = elem(eg, xs[0]);
    for &x in &xs[1..] {
        let d = dims(eg, x);
        if d.len() != out.len() || elem(eg, x) != e || (0..d.len()).any(|i| i != dim && d[i] != out[i]) {
            return None;
        }
        out[dim] += d[dim];
    }
    let t = tensor(eg, &out, e);
    let a = eg.analysis.ctx.i64_attr(dim as i64);
    let nm = eg.analysis.names.dimension;
    Some(add_op(eg, Kind::Concatenate, t, vec![(nm, a)], xs))
}

/// `dot(concatenate(x1, x2), z)` along a free dimension of x → `concatenate(dot(x1, z),
/// dot(x2, z))` (and the same for z).
fn dot_of_concat(eg: &mut EGraph, root: Id, n: &ENode) -> Option<Id> {
    let s = node_sig(eg, n);
    let d = dn(eg, s)?;
    let extra = extra_attrs(eg, s)?;
    let (lhs, rhs) = (n.operands()[0], n.operands()[1]);
    let e = eg.analysis.elem(ty(eg, root));
    let t = ty(eg, root);
    let nb = d.lhs_batching_dimensions.len();
    let lfree = free(dims(eg, lhs).len(), &d.lhs_batching_dimensions, &d.lhs_contracting_dimensions);
    let rfree = free(dims(eg, rhs).len(), &d.rhs_batching_dimensions, &d.rhs_contracting_dimensions);
    for side in 0..2 {
        let c = if side == 0 { lhs } else { rhs };
        for cat in nodes_of(eg, c, Kind::Concatenate) {
            let cd = eg.analysis.int(node_sig(eg, &cat), eg.analysis.names.dimension)?;
            let (fr, base) = if side == 0 { (&lfree, nb) } else { (&rfree, nb + lfree.len()) };
            let Some(j) = fr.iter().position(|&f| f == cd) else { continue };
            let parts: Vec<Id> = cat
                .operands()
                .to_vec()
                .into_iter()
                .map(|x| {
                    if side == 0 {
                        dot_general(eg, x, rhs, &d, e, &extra)
                    } else {
                        dot_general(eg, lhs, x, &d, e, &extra)
                    }
                })
                .collect();
            let a = eg.analysis.ctx.i64_attr((base + j) as i64);
            let nm = eg.analysis.names.dimension;
            return Some(add_op(eg, Kind::Concatenate, t, vec![(nm, a)], &parts));
        }
    }
    None
}

/// Two dots sharing their rhs (`dot(x, z)` here and `dot(y, z)` anywhere) become slices of one
/// dot of the concatenated lhs: a rule with two roots. The partner is found among the parents
/// of z's class (egg's `MultiPattern` would scan every class for it: quadratic in the graph).
fn merge_shared_rhs(eg: &mut EGraph, root: Id, n: &ENode) -> Option<Id> {
    let s1 = node_sig(eg, n);
    let (x, z) = (n.operands()[0], n.operands()[1]);
    if !is_matmul(eg, s1, x, z) || !nodes_of(eg, x, Kind::Concatenate).is_empty() {
        return None;
    }
    let e1 = extra_attrs(eg, s1)?;
    let root = eg.find(root);
    // The first partner class (lowest id above this one: each pair is merged once).
    let mut partner: Option<(Id, Id)> = None;
    let parents: Vec<Id> = eg[z].parents().map(|p| eg.find(p)).collect();
    for pc in parents {
        if pc <= root || partner.is_some_and(|(c, _)| c <= pc) {
            continue;
        }
        for m in nodes_of(eg, pc, Kind::DotGeneral) {
            let (y, z2) = (m.operands()[0], m.operands()[1]);
            let s2 = node_sig(eg, &m);
            if eg.find(z2) != eg.find(z) || eg.find(y) == eg.find(x) || !is_matmul(eg, s2, y, z) {
                continue;
            }
            if !nodes_of(eg, y, Kind::Concatenate).is_empty() || extra_attrs(eg, s2).as_ref() != Some(&e1) {
                continue;
            }
            partner = Some((pc, y));
            break;
        }
    }
    let (pc, y) = partner?;
    let cat = concat(eg, &[x, y], 0)?;
    let e = elem(eg, x);
    let big = dot_general(eg, cat, z, &matmul_dn(), e, &e1);
    let (m1, m2) = (dims(eg, x)[0], dims(eg, y)[0]);
    let ncols = dims(eg, z)[1];
    let top = slice(eg, big, &[0, 0], &[m1, ncols], &[1, 1]);
    let bot = slice(eg, big, &[m1, 0], &[m1 + m2, ncols], &[1, 1]);
    if eg[bot].data.ty == eg[pc].data.ty {
        eg.union_trusted(pc, bot, "dot-merge-shared");
    }
    Some(top)
}

// ----- splitting and merging the contraction -----

/// `dot(a1, b1) + dot(a2, b2) -> dot(concat_K(a1, a2), concat_K(b1, b2))` (one contracting
/// dimension, equal dimension numbers).
fn merge_k(eg: &mut EGraph, root: Id, s: &Subst, fast: bool) -> Option<Id> {
    let (d1, d2) = (sig(eg, s[var!("?d1")]), sig(eg, s[var!("?d2")]));
    let dd = dn(eg, d1)?;
    if dn(eg, d2).as_ref() != Some(&dd) || dd.lhs_contracting_dimensions.len() != 1 {
        return None;
    }
    let (x1, x2) = (extra_attrs(eg, d1)?, extra_attrs(eg, d2)?);
    if x1 != x2 || is_int(eg, root) == fast || (fast && !super::is_float(eg, root)) {
        return None;
    }
    let (a1, b1, a2, b2) = (s[var!("?a1")], s[var!("?b1")], s[var!("?a2")], s[var!("?b2")]);
    let e = eg.analysis.elem(ty(eg, root));
    if elem(eg, a1) != e || elem(eg, b1) != e {
        return None;
    }
    let la = concat(eg, &[a1, a2], dd.lhs_contracting_dimensions[0] as usize)?;
    let lb = concat(eg, &[b1, b2], dd.rhs_contracting_dimensions[0] as usize)?;
    let r = dot_general(eg, la, lb, &dd, e, &x1);
    (eg[r].data.ty == eg[root].data.ty).then_some(r)
}

fn merge_k_exact(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    merge_k(eg, root, s, false)
}

fn merge_k_fast(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    merge_k(eg, root, s, true)
}

/// `dot(concat_K(a1, a2), b) -> dot(a1, slice_K(b)) + dot(a2, slice_K(b))`.
fn split_k(eg: &mut EGraph, root: Id, n: &ENode) -> Option<Id> {
    let s = node_sig(eg, n);
    let d = dn(eg, s)?;
    let extra = extra_attrs(eg, s)?;
    if d.lhs_contracting_dimensions.len() != 1 || !is_int(eg, root) {
        return None;
    }
    let (lhs, rhs) = (n.operands()[0], n.operands()[1]);
    let (lk, rk) = (d.lhs_contracting_dimensions[0], d.rhs_contracting_dimensions[0] as usize);
    let cat = nodes_of(eg, lhs, Kind::Concatenate)
        .into_iter()
        .find(|c| eg.analysis.int(node_sig(eg, c), eg.analysis.names.dimension) == Some(lk))?;
    let e = eg.analysis.elem(ty(eg, root));
    if elem(eg, lhs) != e || elem(eg, rhs) != e {
        return None;
    }
    let rd = dims(eg, rhs);
    let mut off = 0;
    let mut parts = Vec::new();
    for &a in cat.operands() {
        let len = dims(eg, a)[lk as usize];
        let mut st = vec![0; rd.len()];
        let mut li = rd.clone();
        st[rk] = off;
        li[rk] = off + len;
        let b = slice(eg, rhs, &st, &li, &vec![1; rd.len()]);
        parts.push(dot_general(eg, a, b, &d, e, &extra));
        off += len;
    }
    let t = ty(eg, root);
    let mut acc = parts[0];
    for &p in &parts[1..] {
        acc = add_op(eg, Kind::Add, t, vec![], &[acc, p]);
    }
    Some(acc)
}

/// `dot(a, b) + dot(a, c) -> dot(a, b + c)` (and with the shared operand on the right).
fn dot_factor(eg: &mut EGraph, root: Id, s: &Subst, fast: bool) -> Option<Id> {
    let (d1, d2) = (sig(eg, s[var!("?d1")]), sig(eg, s[var!("?d2")]));
    if eg.analysis.sig(d1) != eg.analysis.sig(d2) {
        return None;
    }
    if is_int(eg, root) == fast || (fast && !super::is_float(eg, root)) {
        return None;
    }
    let (a1, b1, a2, b2) =
        (eg.find(s[var!("?a1")]), eg.find(s[var!("?b1")]), eg.find(s[var!("?a2")]), eg.find(s[var!("?b2")]));
    let e = eg.analysis.elem(ty(eg, root));
    if elem(eg, a1) != e || elem(eg, b1) != e {
        return None;
    }
    let (l, r) = if a1 == a2 && ty(eg, b1) == ty(eg, b2) {
        let t = ty(eg, b1);
        (a1, add_op(eg, Kind::Add, t, vec![], &[b1, b2]))
    } else if b1 == b2 && ty(eg, a1) == ty(eg, a2) {
        let t = ty(eg, a1);
        (add_op(eg, Kind::Add, t, vec![], &[a1, a2]), b1)
    } else {
        return None;
    };
    Some(crate::eqsat::analysis::add_with_sig(eg, Kind::DotGeneral, d1, &[l, r]))
}

fn dot_factor_exact(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    dot_factor(eg, root, s, false)
}
fn dot_factor_fast(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    dot_factor(eg, root, s, true)
}

/// `slice(dot_general(a, b))` over free dimensions only → `dot_general(slice(a), slice(b))`:
/// every kept element is computed the same way, the rest not at all.
fn slice_dot(eg: &mut EGraph, root: Id, n: &ENode) -> Option<Id> {
    let ss = node_sig(eg, n);
    let nm = &eg.analysis.names;
    let st = super::shape::ints(eg, ss, nm.start_indices)?;
    let li = super::shape::ints(eg, ss, nm.limit_indices)?;
    let sd = super::shape::ints(eg, ss, nm.strides).unwrap_or_else(|| vec![1; st.len()]);
    let src = n.operands()[0];
    let dot = nodes_of(eg, src, Kind::DotGeneral).into_iter().next()?;
    let ds = node_sig(eg, &dot);
    let d = dn(eg, ds)?;
    let (a, b) = (dot.operands()[0], dot.operands()[1]);
    let (ad, bd) = (dims(eg, a), dims(eg, b));
    let nb = d.lhs_batching_dimensions.len();
    let lf = free(ad.len(), &d.lhs_batching_dimensions, &d.lhs_contracting_dimensions);
    let rf = free(bd.len(), &d.rhs_batching_dimensions, &d.rhs_contracting_dimensions);
    let out = dims(eg, src);
    // Batch dimensions must be kept whole (slicing them would slice both operands alike; left out).
    for i in 0..nb {
        if st[i] != 0 || li[i] != out[i] || sd[i] != 1 {
            return None;
        }
    }
    let mut a_st = vec![0; ad.len()];
    let mut a_li = ad.clone();
    let mut a_sd = vec![1; ad.len()];
    for (j, &f) in lf.iter().enumerate() {
        let o = nb + j;
        a_st[f as usize] = st[o];
        a_li[f as usize] = li[o];
        a_sd[f as usize] = sd[o];
    }
    let mut b_st = vec![0; bd.len()];
    let mut b_li = bd.clone();
    let mut b_sd = vec![1; bd.len()];
    for (j, &f) in rf.iter().enumerate() {
        let o = nb + lf.len() + j;
        b_st[f as usize] = st[o];
        b_li[f as usize] = li[o];
        b_sd[f as usize] = sd[o];
    }
    let sa = slice(eg, a, &a_st, &a_li, &a_sd);
    let sb = slice(eg, b, &b_st, &b_li, &b_sd);
    if sa == a && sb == b {
        return None;
    }
    let extra = extra_attrs(eg, ds)?;
    let e = eg.analysis.elem(ty(eg, root));
    let r = dot_general(eg, sa, sb, &d, e, &extra);
    (eg[r].data.ty == eg[root].data.ty).then_some(r)
}

// ----- reassociation -----

/// `(A·B)·C -> A·(B·C)` or back (matrices).
fn reassoc(eg: &mut EGraph, root: Id, s: &Subst, left_to_right: bool, fast: bool) -> Option<Id> {
    let (s1, s2) = (sig(eg, s[var!("?s1")]), sig(eg, s[var!("?s2")]));
    let (a, b, c) = (s[var!("?a")], s[var!("?b")], s[var!("?c")]);
    if is_int(eg, root) == fast || (fast && !super::is_float(eg, root)) {
        return None;
    }
    let (ok1, ok2) = if left_to_right {
        (is_matmul(eg, s2, a, b), dims(eg, c).len() == 2)
    } else {
        (is_matmul(eg, s2, b, c), dims(eg, a).len() == 2)
    };
    if !ok1 || !ok2 || dn(eg, s1) != Some(matmul_dn()) || elem(eg, a) != elem(eg, c) {
        return None;
    }
    let (x1, x2) = (extra_attrs(eg, s1)?, extra_attrs(eg, s2)?);
    if x1 != x2 {
        return None;
    }
    let e = elem(eg, a);
    let r = if left_to_right {
        let bc = dot_general(eg, b, c, &matmul_dn(), e, &x1);
        dot_general(eg, a, bc, &matmul_dn(), e, &x1)
    } else {
        let ab = dot_general(eg, a, b, &matmul_dn(), e, &x1);
        dot_general(eg, ab, c, &matmul_dn(), e, &x1)
    };
    (eg[r].data.ty == eg[root].data.ty).then_some(r)
}

fn reassoc_l(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    reassoc(eg, root, s, true, false)
}
fn reassoc_r(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    reassoc(eg, root, s, false, false)
}
fn reassoc_l_fast(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    reassoc(eg, root, s, true, true)
}
fn reassoc_r_fast(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    reassoc(eg, root, s, false, true)
}

// ----- strength reduction -----

/// `dot([m, 1], [1, n]) -> broadcast(a) * broadcast(b)`: a contraction of size 1 is a product.
fn degenerate_k(eg: &mut EGraph, root: Id, s: &Subst, fast: bool) -> Option<Id> {
    let ds = sig(eg, s[var!("?s")]);
    let (a, b) = (s[var!("?a")], s[var!("?b")]);
    if !is_matmul(eg, ds, a, b) || dims(eg, a)[1] != 1 {
        return None;
    }
    if is_int(eg, root) == fast || (fast && !super::is_float(eg, root)) {
        return None;
    }
    let t = ty(eg, root);
    let (m, n) = (dims(eg, a)[0], dims(eg, b)[1]);
    let e = elem(eg, a);
    let (ta, tb) = (tensor(eg, &[m], e), tensor(eg, &[n], e));
    let ra = reshape(eg, a, ta);
    let rb = reshape(eg, b, tb);
    let ba = super::shape::broadcast(eg, ra, &[0], t);
    let bb = super::shape::broadcast(eg, rb, &[1], t);
    Some(add_op(eg, Kind::Multiply, t, vec![], &[ba, bb]))
}

fn degenerate_k_exact(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    degenerate_k(eg, root, s, false)
}
fn degenerate_k_fast(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    degenerate_k(eg, root, s, true)
}

/// A 1×1 convolution (unit strides and dilations, no padding, one group) is a dot_general
/// over the feature dimension, transposed to the output layout.
fn conv_1x1(eg: &mut EGraph, root: Id, n: &ENode, fast: bool) -> Option<Id> {
    let s = node_sig(eg, n);
    let a = &eg.analysis;
    let nm = &a.names;
    let cd = a.typed::<ConvDimensionNumbers>(s, nm.dimension_numbers)?.clone();
    let ones = |name: Symbol| a.i64s(s, name).is_none_or(|v| v.iter().all(|&x| x == 1));
    if a.int(s, nm.feature_group_count).unwrap_or(1) != 1 || a.int(s, nm.batch_group_count).unwrap_or(1) != 1 {
        return None;
    }
    if !ones(nm.window_strides) || !ones(nm.lhs_dilation) || !ones(nm.rhs_dilation) {
        return None;
    }
    if let Some(p) = a.attr(s, nm.padding) {
        let zero = match a.ctx.attr_kind(p) {
            strata_ir::AttrKind::DenseElements { .. } => strata_reference::convert::tensor_from_dense_attr(&a.ctx, p)
                .ok()
                .and_then(|t| strata_reference::kernels::to_i64s("pad", &t).ok())
                .is_some_and(|v| v.iter().all(|&x| x == 0)),
            _ => false,
        };
        if !zero {
            return None;
        }
    }
    if a.attr(s, nm.precision_config).is_some() || a.sig(s).attrs.len() > 8 {
        return None;
    }
    let (lhs, rhs) = (n.operands()[0], n.operands()[1]);
    let kd = dims(eg, rhs);
    if cd.kernel_spatial_dimensions.iter().any(|&d| kd[d as usize] != 1) {
        return None;
    }
    let e = eg.analysis.elem(ty(eg, root));
    if is_int(eg, root) == fast || (fast && !super::is_float(eg, root)) || elem(eg, lhs) != e || elem(eg, rhs) != e {
        return None;
    }
    // Kernel as a matrix, keeping the order of its two feature dimensions.
    let (ko, ki) = (cd.kernel_output_feature_dimension, cd.kernel_input_feature_dimension);
    let (kshape, kin) =
        if ko < ki { ([kd[ko as usize], kd[ki as usize]], 1) } else { ([kd[ki as usize], kd[ko as usize]], 0) };
    let kt = tensor(eg, &kshape, e);
    let k2 = reshape(eg, rhs, kt);
    let d = DotDimensionNumbers {
        lhs_batching_dimensions: vec![],
        rhs_batching_dimensions: vec![],
        lhs_contracting_dimensions: vec![cd.input_feature_dimension],
        rhs_contracting_dimensions: vec![kin],
    };
    let dot = dot_general(eg, lhs, k2, &d, e, &[]);
    // The dot's dims: lhs dims but the feature dim (ascending), then the output feature.
    let lrank = dims(eg, lhs).len();
    let lf: Vec<i64> = (0..lrank as i64).filter(|&x| x != cd.input_feature_dimension).collect();
    let pos = |ld: i64| lf.iter().position(|&x| x == ld).map(|p| p as i64);
    let mut q = vec![0i64; lrank];
    q[cd.output_batch_dimension as usize] = pos(cd.input_batch_dimension)?;
    q[cd.output_feature_dimension as usize] = lf.len() as i64;
    for (k, &od) in cd.output_spatial_dimensions.iter().enumerate() {
        q[od as usize] = pos(*cd.input_spatial_dimensions.get(k)?)?;
    }
    let r = transpose(eg, dot, &q);
    (eg[r].data.ty == eg[root].data.ty).then_some(r)
}

fn conv_1x1_exact(eg: &mut EGraph, root: Id, n: &ENode) -> Option<Id> {
    conv_1x1(eg, root, n, false)
}
fn conv_1x1_fast(eg: &mut EGraph, root: Id, n: &ENode) -> Option<Id> {
    conv_1x1(eg, root, n, true)
}

/// The dot and convolution rules.
pub fn rules() -> Vec<RuleDef> {
    vec![
        // dot(a, b) == dot_general(a, b, [rank(a)-1] x [0])
        def("dot-to-dot-general", "dot(a, b) == dot_general(a, b, contracting [rank(a)-1] x [0])", "no per-operand precision", "[S]", || {
            rw_node("dot-to-dot-general", Kind::Dot, dot_legacy)
        }),
        // dot_general(transpose(a, p), b) == dot_general(a, b, p∘dims)
        def(
            "dot-absorb-transpose",
            "dot_general(transpose(a, p), b, d) == transpose?(dot_general(a, b, p∘d))",
            "none (the contraction order is kept); a result transpose when free dimensions move",
            "45 [X]",
            || rw_node("dot-absorb-transpose", Kind::DotGeneral, absorb_transpose),
        ),
        // dot(transpose(a), transpose(b)) == transpose(dot(b, a))
        def("dot-transpose-transpose", "dot(a^T, b^T) == (b·a)^T", "matrices, standard dimension numbers", "45 [X]", || {
            rw_build("dot-transpose-transpose", "(dot_general ?s (transpose ?t1 ?a) (transpose ?t2 ?b))", dtt)
        }),
        // transpose(dot(a, b)) == dot(b, a)
        def(
            "transpose-dot",
            "transpose(dot_general(a, b), swap free groups) == dot_general(b, a)",
            "the permutation keeps the batch dimensions and swaps the two free groups; one element type",
            "45 [X]",
            || rw_build("transpose-dot", "(transpose ?t (dot_general ?s ?a ?b))", transpose_dot),
        ),
        // concatenate(dot(x, z), dot(y, z)) == dot(concatenate(x, y), z)
        def(
            "concat-of-dots",
            "concatenate(dot(x, z), dot(y, z)) == dot(concatenate(x, y), z)",
            "along a free dimension; one shared operand; equal dimension numbers",
            "46 [T,D]",
            || rw_node("concat-of-dots", Kind::Concatenate, concat_of_dots),
        ),
        // dot(concatenate(x, y), z) == concatenate(dot(x, z), dot(y, z))
        expansive(def(
            "dot-of-concat",
            "dot(concatenate(x, y), z) == concatenate(dot(x, z), dot(y, z))",
            "along a free dimension",
            "46 [T,D]",
            || rw_node("dot-of-concat", Kind::DotGeneral, dot_of_concat),
        )),
        // dot(x, z), dot(y, z) == slices of dot(concatenate(x, y), z)
        expansive(def(
            "dot-merge-shared",
            "{dot(x, z), dot(y, z)} == slices of dot(concatenate(x, y), z)",
            "two roots (the partner found through z's users); matrices; x != y; neither lhs a concatenation",
            "46 [T]",
            || rw_node("dot-merge-shared", Kind::DotGeneral, merge_shared_rhs),
        )),
        // dot(a1, b1) + dot(a2, b2) == dot(concat_K(a1, a2), concat_K(b1, b2))
        def(
            "dot-merge-k",
            "dot(a1, b1) + dot(a2, b2) == dot(concat_K(a1, a2), concat_K(b1, b2))",
            "integers (sums split); one contracting dimension; equal dimension numbers",
            "47 [X,T]",
            || rw_build("dot-merge-k", "(add ?s (dot_general ?d1 ?a1 ?b1) (dot_general ?d2 ?a2 ?b2))", merge_k_exact),
        ),
        fast(
            def("dot-merge-k-float", "dot(a1, b1) + dot(a2, b2) ~= dot(concat_K(a1, a2), concat_K(b1, b2))", "floats (fast-math)", "47 [X,T]", || {
                rw_build("dot-merge-k-float", "(add ?s (dot_general ?d1 ?a1 ?b1) (dot_general ?d2 ?a2 ?b2))", merge_k_fast)
            }),
            1e-4,
        ),
        // dot(concat_K(a1, a2), b) == dot(a1, slice_K b) + dot(a2, slice_K b)
        expansive(def(
            "dot-split-k",
            "dot(concat_K(a1, a2), b) == dot(a1, slice_K(b)) + dot(a2, slice_K(b))",
            "integers; one contracting dimension",
            "47 [X,T]",
            || rw_node("dot-split-k", Kind::DotGeneral, split_k),
        )),
        // dot(a, b) + dot(a, c) == dot(a, b + c)
        def(
            "dot-factor",
            "dot(a, b) + dot(a, c) == dot(a, b + c)",
            "integers (distributivity; floats round differently); one dot signature; shared lhs or rhs",
            "[T,D]",
            || rw_build("dot-factor", "(add ?s (dot_general ?d1 ?a1 ?b1) (dot_general ?d2 ?a2 ?b2))", dot_factor_exact),
        ),
        fast(
            def("dot-factor-float", "dot(a, b) + dot(a, c) ~= dot(a, b + c)", "floats (fast-math)", "[T,D]", || {
                rw_build("dot-factor-float", "(add ?s (dot_general ?d1 ?a1 ?b1) (dot_general ?d2 ?a2 ?b2))", dot_factor_fast)
            }),
            1e-4,
        ),
        // slice(dot(a, b)) == dot(slice(a), slice(b))
        def(
            "slice-dot",
            "slice(dot_general(a, b)) == dot_general(slice(a), slice(b))",
            "the slice cuts free dimensions only (batch dimensions whole)",
            "[X]",
            || rw_node("slice-dot", Kind::Slice, slice_dot),
        ),
        // (A·B)·C == A·(B·C)
        expansive(def("dot-reassoc", "(A·B)·C == A·(B·C)", "integer matrices (both directions; extraction picks by flops)", "48 [T,D]", || {
            rw_build("dot-reassoc", "(dot_general ?s1 (dot_general ?s2 ?a ?b) ?c)", reassoc_l)
        })),
        expansive(def("dot-reassoc-rev", "A·(B·C) == (A·B)·C", "integer matrices", "48 [T,D]", || {
            rw_build("dot-reassoc-rev", "(dot_general ?s1 ?a (dot_general ?s2 ?b ?c))", reassoc_r)
        })),
        fast(
            expansive(def("dot-reassoc-float", "(A·B)·C ~= A·(B·C)", "float matrices (fast-math)", "48 [T,D]", || {
                rw_build("dot-reassoc-float", "(dot_general ?s1 (dot_general ?s2 ?a ?b) ?c)", reassoc_l_fast)
            })),
            1e-4,
        ),
        fast(
            expansive(def("dot-reassoc-float-rev", "A·(B·C) ~= (A·B)·C", "float matrices (fast-math)", "48 [T,D]", || {
                rw_build("dot-reassoc-float-rev", "(dot_general ?s1 ?a (dot_general ?s2 ?b ?c))", reassoc_r_fast)
            })),
            1e-4,
        ),
        // dot([m,1], [1,n]) == broadcast(a) * broadcast(b)
        def("dot-degenerate-k", "dot(a[m,1], b[1,n]) == broadcast(a) * broadcast(b)", "integer matrices (0 + p is +0 for p = -0.0)", "49 [X]", || {
            rw_build("dot-degenerate-k", "(dot_general ?s ?a ?b)", degenerate_k_exact)
        }),
        fast(
            def("dot-degenerate-k-float", "dot(a[m,1], b[1,n]) ~= broadcast(a) * broadcast(b)", "float matrices (fast-math: sign of zero)", "49 [X]", || {
                rw_build("dot-degenerate-k-float", "(dot_general ?s ?a ?b)", degenerate_k_fast)
            }),
            0.0,
        ),
        // conv(x, k 1x1) == transpose(dot_general(x, reshape(k)))
        def(
            "conv-1x1-to-dot",
            "convolution(x, k[1x1]) == transpose(dot_general(x, reshape(k)))",
            "integers (the interpreter's convolution sums floats in f64); unit strides and dilations, no padding, one group",
            "50 [X]",
            || rw_node("conv-1x1-to-dot", Kind::Convolution, conv_1x1_exact),
        ),
        fast(
            def("conv-1x1-to-dot-float", "convolution(x, k[1x1]) ~= transpose(dot_general(x, reshape(k)))", "floats (fast-math)", "50 [X]", || {
                rw_node("conv-1x1-to-dot-float", Kind::Convolution, conv_1x1_fast)
            }),
            1e-5,
        ),
    ]
}

/// [`dot_transpose_transpose`] with the dot's own operands (the transposes' classes).
fn dtt(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    let class_of = |eg: &EGraph, t: Var, x: Var| -> Option<Id> {
        let node = ENode::Op(Kind::Transpose, smallvec::smallvec![eg.find(s[t]), eg.find(s[x])]);
        eg.lookup(node)
    };
    let ta = class_of(eg, var!("?t1"), var!("?a"))?;
    let tb = class_of(eg, var!("?t2"), var!("?b"))?;
    let mut s2 = s.clone();
    s2.insert(var!("?ta"), ta);
    s2.insert(var!("?tb"), tb);
    dot_transpose_transpose(eg, root, &s2)
}
