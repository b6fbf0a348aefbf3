//! Reductions (`reduce` with a recognized reducer body: add, multiply, maximum, minimum, and,
//! or, xor).
//!
//! The spec leaves the reduction order implementation-defined, and the interpreter's order
//! depends on the layout (rows of ≥ 64 reduced elements fold with 16 partial accumulators), so
//! rules that change which elements are combined first are exact only for reducers that do not
//! care: integer add/multiply (wrapping), maximum/minimum (NaN-propagating, -0 < +0), and, or,
//! xor. Float sums and products reorder only with `fast-math`.

use egg::{Id, Subst};
use strata_reference::kernels::ReduceKind;
use strata_reference::value::{Element, ElementType};

use super::shape::{broadcast, dims, ints, reshape, transpose};
use super::{sig, splat_elem, ty, var, Domain, Exactness, RuleDef};
use crate::eqsat::analysis::add_op;
use crate::eqsat::language::{EGraph, Kind, RegionKey, Rewrite, SigId};

fn def(
    name: &'static str,
    algebra: &'static str,
    preconditions: &'static str,
    source: &'static str,
    make: fn() -> Rewrite,
) -> RuleDef {
    RuleDef {
        name,
        domain: Domain::Reduce,
        algebra,
        preconditions,
        exactness: Exactness::Exact,
        expansive: false,
        source,
        make,
    }
}

/// The reducer of a reduce signature.
pub fn reducer(eg: &EGraph, s: SigId) -> Option<(ReduceKind, strata_ir::Type)> {
    match &eg.analysis.sig(s).region {
        Some(RegionKey::Reducer(k, t)) => Some((*k, *t)),
        _ => None,
    }
}

/// Whether reordering the combination of elements cannot change a bit of the result.
fn order_insensitive(k: ReduceKind, e: ElementType) -> bool {
    match k {
        ReduceKind::Max | ReduceKind::Min => e.is_integer() || e.is_float() || e.is_bool(),
        ReduceKind::And | ReduceKind::Or | ReduceKind::Xor => e.is_integer() || e.is_bool(),
        ReduceKind::Add | ReduceKind::Mul => e.is_integer() || e.is_bool(),
    }
}

/// Whether `v` is the identity of reducer `k` on `e`.
pub fn is_identity(k: ReduceKind, e: ElementType, v: &Element) -> bool {
    match (k, v) {
        (
            ReduceKind::Add | ReduceKind::Or | ReduceKind::Xor,
            Element::Int(0) | Element::UInt(0) | Element::Bool(false),
        ) => true,
        (ReduceKind::Add, Element::Float(f)) => *f == 0.0 && f.is_sign_negative(),
        (ReduceKind::Mul, Element::Int(1) | Element::UInt(1) | Element::Bool(true)) => true,
        (ReduceKind::Mul, Element::Float(f)) => *f == 1.0,
        (ReduceKind::And, Element::Int(-1) | Element::Bool(true)) => true,
        (ReduceKind::And, Element::UInt(u)) => e.int_range().is_some_and(|(_, hi)| *u as i128 == hi),
        (ReduceKind::Max, Element::Float(f)) => *f == f64::NEG_INFINITY,
        (ReduceKind::Min, Element::Float(f)) => *f == f64::INFINITY,
        (ReduceKind::Max, Element::Bool(b)) => !b,
        (ReduceKind::Min, Element::Bool(b)) => *b,
        (ReduceKind::Max, Element::Int(i)) => e.int_range().is_some_and(|(lo, _)| *i as i128 == lo),
        (ReduceKind::Max, Element::UInt(u)) => *u == 0,
        (ReduceKind::Min, Element::Int(i)) => e.int_range().is_some_and(|(_, hi)| *i as i128 == hi),
        (ReduceKind::Min, Element::UInt(u)) => e.int_range().is_some_and(|(_, hi)| *u as i128 == hi),
        _ => false,
    }
}

fn reduce_dims(eg: &EGraph, s: SigId) -> Option<Vec<i64>> {
    ints(eg, s, eg.analysis.names.dimensions)
}

/// `reduce(x, [], init) -> init ⊕ x` (elementwise).
fn reduce_noop(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    let rs = sig(eg, s[var!("?s")]);
    let (k, _) = reducer(eg, rs)?;
    if !reduce_dims(eg, rs)?.is_empty() {
        return None;
    }
    let (x, i) = (s[var!("?x")], s[var!("?i")]);
    let t = ty(eg, root);
    if ty(eg, x) != t {
        return None;
    }
    let bi = broadcast(eg, i, &[], t);
    Some(add_op(eg, Kind::of_reducer(k), t, vec![], &[bi, x]))
}

/// `reduce(x, dims, init)` of an empty x is init everywhere.
fn reduce_empty(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    let rs = sig(eg, s[var!("?s")]);
    reducer(eg, rs)?;
    let x = s[var!("?x")];
    if eg.analysis.numel(ty(eg, x)) != 0 {
        return None;
    }
    let t = ty(eg, root);
    Some(broadcast(eg, s[var!("?i")], &[], t))
}

/// `reduce(x, dims, init)` over size-1 dimensions only is `init ⊕ reshape(x)`.
fn reduce_unit(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    let rs = sig(eg, s[var!("?s")]);
    let (k, _) = reducer(eg, rs)?;
    let d = reduce_dims(eg, rs)?;
    let x = s[var!("?x")];
    let xd = dims(eg, x);
    if d.is_empty() || !d.iter().all(|&i| xd.get(i as usize) == Some(&1)) {
        return None;
    }
    let t = ty(eg, root);
    let r = reshape(eg, x, t);
    let bi = broadcast(eg, s[var!("?i")], &[], t);
    Some(add_op(eg, Kind::of_reducer(k), t, vec![], &[bi, r]))
}

fn new_reduce(
    eg: &mut EGraph,
    t: strata_ir::Type,
    k: ReduceKind,
    scalar: strata_ir::Type,
    dims: &[i64],
    x: Id,
    init: Id,
) -> Id {
    let a = eg.analysis.i64_array(dims);
    let n = eg.analysis.names.dimensions;
    let s = eg.analysis.new_sig(Kind::Reduce, t, vec![(n, a)], Some(RegionKey::Reducer(k, scalar)));
    crate::eqsat::analysis::add_with_sig(eg, Kind::Reduce, s, &[x, init])
}

fn reorder_ok(eg: &EGraph, k: ReduceKind, x: Id, fast: bool) -> bool {
    let Some(e) = eg.analysis.etype(ty(eg, x)) else { return false };
    if order_insensitive(k, e) {
        return !fast;
    }
    fast && e.is_float()
}

/// `reduce(reduce(x, d1, i), d2, i) -> reduce(x, d1 ∪ d2', i)`, i the reducer's identity.
fn reduce_reduce(eg: &mut EGraph, root: Id, s: &Subst, fast: bool) -> Option<Id> {
    let (s1, s2) = (sig(eg, s[var!("?s1")]), sig(eg, s[var!("?s2")]));
    let (k1, t1) = reducer(eg, s1)?;
    let (k2, _) = reducer(eg, s2)?;
    let x = s[var!("?x")];
    if k1 != k2 || !reorder_ok(eg, k1, x, fast) {
        return None;
    }
    let e = eg.analysis.etype(ty(eg, x))?;
    let (i1, i2) = (s[var!("?i1")], s[var!("?i2")]);
    if !splat_elem(eg, i1).is_some_and(|v| is_identity(k1, e, &v))
        || !splat_elem(eg, i2).is_some_and(|v| is_identity(k1, e, &v))
    {
        return None;
    }
    let d1 = reduce_dims(eg, s2)?;
    let d2 = reduce_dims(eg, s1)?;
    let rank = dims(eg, x).len() as i64;
    let kept: Vec<i64> = (0..rank).filter(|i| !d1.contains(i)).collect();
    let mut all: Vec<i64> = d1.clone();
    all.extend(d2.iter().map(|&j| kept[j as usize]));
    all.sort_unstable();
    let t = ty(eg, root);
    Some(new_reduce(eg, t, k1, t1, &all, x, i2))
}

fn reduce_reduce_exact(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    reduce_reduce(eg, root, s, false)
}

fn reduce_reduce_fast(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    reduce_reduce(eg, root, s, true)
}

/// `reduce(transpose(x, p), D) -> transpose(reduce(x, p[D]), q)`.
fn reduce_transpose(eg: &mut EGraph, _root: Id, s: &Subst, fast: bool) -> Option<Id> {
    let rs = sig(eg, s[var!("?s")]);
    let (k, scalar) = reducer(eg, rs)?;
    let x = s[var!("?x")];
    if !reorder_ok(eg, k, x, fast) {
        return None;
    }
    let p = ints(eg, sig(eg, s[var!("?t")]), eg.analysis.names.permutation)?;
    let d = reduce_dims(eg, rs)?;
    let keep: Vec<usize> = (0..p.len()).filter(|i| !d.contains(&(*i as i64))).collect();
    let mut xd_red: Vec<i64> = d.iter().map(|&i| p[i as usize]).collect();
    xd_red.sort_unstable();
    let xd = dims(eg, x);
    let remaining: Vec<i64> = (0..xd.len() as i64).filter(|i| !xd_red.contains(i)).collect();
    let red_shape: Vec<i64> = remaining.iter().map(|&i| xd[i as usize]).collect();
    let e = eg.analysis.elem(ty(eg, x));
    let rt = eg.analysis.tensor(&red_shape, e);
    let r = new_reduce(eg, rt, k, scalar, &xd_red, x, s[var!("?i")]);
    let q: Vec<i64> = keep.iter().map(|&i| remaining.iter().position(|&m| m == p[i]).expect("kept") as i64).collect();
    Some(transpose(eg, r, &q))
}

fn reduce_transpose_exact(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    reduce_transpose(eg, root, s, false)
}

fn reduce_transpose_fast(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    reduce_transpose(eg, root, s, true)
}

/// `reduce(broadcast_in_dim(x, D), R)` over dimensions the broadcast added only: for an
/// idempotent reducer (max, min, and, or) with its identity init it is x (broadcast to the kept
/// dimensions); for an integer sum it is x times the number of copies.
fn reduce_broadcast(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    let rs = sig(eg, s[var!("?s")]);
    let (k, _) = reducer(eg, rs)?;
    let r = reduce_dims(eg, rs)?;
    let bs = sig(eg, s[var!("?b")]);
    let d = ints(eg, bs, eg.analysis.names.broadcast_dimensions)?;
    if r.is_empty() || r.iter().any(|x| d.contains(x)) {
        return None;
    }
    let (x, i) = (s[var!("?x")], s[var!("?i")]);
    let e = eg.analysis.etype(ty(eg, x))?;
    if !splat_elem(eg, i).is_some_and(|v| is_identity(k, e, &v)) {
        return None;
    }
    let out = eg.analysis.sig(bs).ty;
    let od = eg.analysis.dims(out).to_vec();
    let kept: Vec<i64> = (0..od.len() as i64).filter(|j| !r.contains(j)).collect();
    let nd: Vec<i64> = d.iter().map(|j| kept.iter().position(|k| k == j).expect("a kept dim") as i64).collect();
    let t = ty(eg, root);
    let b = broadcast(eg, x, &nd, t);
    match k {
        ReduceKind::Max | ReduceKind::Min | ReduceKind::And | ReduceKind::Or => Some(b),
        ReduceKind::Add if e.is_integer() && !e.is_bool() => {
            let n: i64 = r.iter().map(|&j| od[j as usize]).product();
            let c = super::splat_const(eg, t, Element::Int(n))?;
            Some(add_op(eg, Kind::Multiply, t, vec![], &[b, c]))
        }
        _ => None,
    }
}

/// The reduction rules.
pub fn rules() -> Vec<RuleDef> {
    use super::rw_build;
    vec![
        // reduce(x, []) == init ⊕ x
        def("reduce-noop", "reduce(x, [], init) == init ⊕ x", "a recognized reducer", "41 [X,S]", || {
            rw_build("reduce-noop", "(reduce ?s ?x ?i)", reduce_noop)
        }),
        // reduce(empty, dims, init) == broadcast(init)
        def("reduce-empty", "reduce(x, dims, init) == broadcast_in_dim(init)", "x has no elements", "41 [X,S]", || {
            rw_build("reduce-empty", "(reduce ?s ?x ?i)", reduce_empty)
        }),
        // reduce(x, unit dims) == init ⊕ reshape(x)
        def(
            "reduce-unit-dims",
            "reduce(x, dims, init) == init ⊕ reshape(x)",
            "every reduced dimension has size 1",
            "42 [X,S]",
            || rw_build("reduce-unit-dims", "(reduce ?s ?x ?i)", reduce_unit),
        ),
        // reduce(broadcast(x), added dims) == broadcast(x) (idempotent) | broadcast(x) * n (integer sum)
        def(
            "reduce-broadcast",
            "reduce(broadcast_in_dim(x), added dims) == broadcast_in_dim(x) | broadcast_in_dim(x) * n",
            "only dimensions the broadcast added are reduced; init the identity; max/min/and/or, or an integer sum",
            "[X]",
            || rw_build("reduce-broadcast", "(reduce ?s (broadcast_in_dim ?b ?x) ?i)", reduce_broadcast),
        ),
        // reduce(reduce(x, d1), d2) == reduce(x, d1 ∪ d2')
        def(
            "reduce-reduce",
            "reduce(reduce(x, d1, i), d2, i) == reduce(x, d1 ∪ d2', i)",
            "one reducer; both inits its identity; order-insensitive (integer add/mul, max, min, and, or, xor)",
            "43 [X]",
            || rw_build("reduce-reduce", "(reduce ?s1 (reduce ?s2 ?x ?i1) ?i2)", reduce_reduce_exact),
        ),
        // reduce(reduce(x, d1), d2) ~= reduce(x, d1 ∪ d2') (float sums)
        RuleDef {
            exactness: Exactness::FastMath { rel_tol: 1e-4 },
            ..def(
                "reduce-reduce-float",
                "reduce(reduce(x, d1, i), d2, i) ~= reduce(x, d1 ∪ d2', i)",
                "float add/multiply (fast-math)",
                "43 [X]",
                || rw_build("reduce-reduce-float", "(reduce ?s1 (reduce ?s2 ?x ?i1) ?i2)", reduce_reduce_fast),
            )
        },
        // reduce(transpose(x, p), D) == transpose(reduce(x, p[D]), q)
        def(
            "reduce-transpose",
            "reduce(transpose(x, p), D) == transpose(reduce(x, p[D]), q)",
            "order-insensitive reducer (see the module docs)",
            "44 [X]",
            || rw_build("reduce-transpose", "(reduce ?s (transpose ?t ?x) ?i)", reduce_transpose_exact),
        ),
        // reduce(transpose(x, p), D) ~= transpose(reduce(x, p[D]), q) (float sums)
        RuleDef {
            exactness: Exactness::FastMath { rel_tol: 1e-4 },
            ..def(
                "reduce-transpose-float",
                "reduce(transpose(x, p), D) ~= transpose(reduce(x, p[D]), q)",
                "float add/multiply (fast-math)",
                "44 [X]",
                || rw_build("reduce-transpose-float", "(reduce ?s (transpose ?t ?x) ?i)", reduce_transpose_fast),
            )
        },
    ]
}
