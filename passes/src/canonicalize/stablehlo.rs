//! StableHLO canonical forms: the cheap, local patterns of StableHLO's
//! `stablehlo-aggressive-simplification` (../shared/reference/stablehlo/stablehlo_optimization_passes.md).
//! Each pattern is one function under its algebra.
//!
//! Discipline: a pattern never changes a program's results on the interpreter. Integer
//! identities (`add(X, 0) -> X`, `multiply(X, 0) -> 0`, `subtract(X, X) -> 0`, comparisons of a
//! value with itself) do not apply to floats (`-0.0 + 0.0 = +0.0`, `NaN * 0 = NaN`,
//! `NaN != NaN`); removals of no-op shape ops require the result type to equal the operand's
//! type exactly (a refining reshape of a dynamic or bounded type stays).

use strata_dialects::stablehlo::attrs::ComparisonDirection;
use strata_dialects::stablehlo::views::*;
use strata_ir::rewrite::{PatternRewriter, RewritePattern};
use strata_ir::{OpId, OpView, Value};

use super::consts::{const_of, elem_class, is_int_all_ones, is_int_one, is_int_zero, splat_attr, splat_bits, Elem};
use super::fold::replace_with_constants;

/// A pattern given by a function (the algebra is in the function's docs).
pub struct FnPattern {
    /// Pattern name (for `disable-patterns`).
    pub name: &'static str,
    /// Root op name.
    pub root: &'static str,
    /// The rewrite.
    pub f: fn(OpId, &mut PatternRewriter) -> bool,
}

impl RewritePattern for FnPattern {
    fn name(&self) -> &str {
        self.name
    }
    fn root(&self) -> Option<&str> {
        Some(self.root)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter) -> bool {
        (self.f)(op, rw)
    }
}

fn p(name: &'static str, root: &'static str, f: fn(OpId, &mut PatternRewriter) -> bool) -> Box<dyn RewritePattern> {
    Box::new(FnPattern { name, root, f })
}

/// The StableHLO canonicalization patterns.
pub fn patterns() -> Vec<Box<dyn RewritePattern>> {
    let mut v = Vec::new();
    for root in ["stablehlo.maximum", "stablehlo.minimum", "stablehlo.and", "stablehlo.or"] {
        v.push(p("stablehlo-idempotent", root, idempotent));
    }
    v.extend([
        p("stablehlo-add-zero", "stablehlo.add", add_zero),
        p("stablehlo-add-neg-zero", "stablehlo.add", add_neg_zero),
        p("stablehlo-subtract-zero", "stablehlo.subtract", subtract_zero),
        p("stablehlo-subtract-self", "stablehlo.subtract", subtract_self),
        p("stablehlo-multiply-one", "stablehlo.multiply", multiply_one),
        p("stablehlo-multiply-zero", "stablehlo.multiply", multiply_zero),
        p("stablehlo-and-const", "stablehlo.and", and_const),
        p("stablehlo-or-const", "stablehlo.or", or_const),
        p("stablehlo-xor-zero", "stablehlo.xor", xor_zero),
        p("stablehlo-compare-constant-right", "stablehlo.compare", compare_constant_right),
        p("stablehlo-compare-self", "stablehlo.compare", compare_self),
        p("stablehlo-select-const-pred", "stablehlo.select", select_const_pred),
        p("stablehlo-select-same", "stablehlo.select", select_same),
        p("stablehlo-convert-noop", "stablehlo.convert", same_type_noop),
        p("stablehlo-reshape-noop", "stablehlo.reshape", same_type_noop),
        p("stablehlo-reshape-reshape", "stablehlo.reshape", reshape_reshape),
        p("stablehlo-transpose-noop", "stablehlo.transpose", transpose_noop),
        p("stablehlo-transpose-transpose", "stablehlo.transpose", transpose_transpose),
        p("stablehlo-broadcast-in-dim-noop", "stablehlo.broadcast_in_dim", broadcast_in_dim_noop),
        p("stablehlo-broadcast-in-dim-broadcast-in-dim", "stablehlo.broadcast_in_dim", broadcast_in_dim_twice),
        p("stablehlo-slice-noop", "stablehlo.slice", same_type_noop),
        p("stablehlo-pad-noop", "stablehlo.pad", pad_noop),
        p("stablehlo-reverse-noop", "stablehlo.reverse", reverse_noop),
        p("stablehlo-concatenate-one", "stablehlo.concatenate", concatenate_one),
        p("stablehlo-dynamic-update-slice-full", "stablehlo.dynamic_update_slice", dus_full),
        p("stablehlo-get-tuple-element-tuple", "stablehlo.get_tuple_element", gte_tuple),
        p("stablehlo-real-complex", "stablehlo.real", real_complex),
        p("stablehlo-imag-complex", "stablehlo.imag", imag_complex),
        p("stablehlo-negate-negate", "stablehlo.negate", negate_negate),
        p("stablehlo-not-not", "stablehlo.not", not_not),
    ]);
    v
}

/// Replace `op`'s single result with `v` when the types agree exactly.
fn replace_with(rw: &mut PatternRewriter, op: OpId, v: Value) -> bool {
    if rw.num_results(op) != 1 || rw.value_type(v) != rw.value_type(rw.result(op, 0)) {
        return false;
    }
    rw.replace_op(op, &[v]);
    true
}

/// Replace `op`'s single result with the splat `bits` of its (static) type.
fn replace_with_splat(rw: &mut PatternRewriter, op: OpId, bits: u128) -> bool {
    let ty = rw.value_type(rw.result(op, 0));
    let Some(a) = rw.interner(|c| splat_attr(c, ty, bits)) else { return false };
    let loc = rw.op(op).loc();
    replace_with_constants(rw, op, &[a], loc)
}

fn binary(rw: &PatternRewriter, op: OpId) -> Option<(Value, Value)> {
    let o = rw.operands(op);
    (o.len() == 2 && rw.num_results(op) == 1).then(|| (o[0], o[1]))
}

fn is_int(rw: &PatternRewriter, v: Value) -> bool {
    matches!(elem_class(rw, rw.value_type(v)), Elem::Int(_))
}

/// `max(X, X) -> X`, `min(X, X) -> X`, `and(X, X) -> X`, `or(X, X) -> X` (exact for floats too:
/// the operand is the same value, NaN or signed zero included).
fn idempotent(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some((l, r)) = binary(rw, op) else { return false };
    l == r && replace_with(rw, op, l)
}

/// `add(X, 0) -> X` (integers only: `-0.0 + 0.0 = +0.0`).
fn add_zero(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some((l, r)) = binary(rw, op) else { return false };
    is_int(rw, l) && is_int_zero(rw, r) && replace_with(rw, op, l)
}

/// `add(X, -0.0) -> X` for floats (exact: `x + -0.0 = x` for every `x`, `-0.0` and NaN
/// included).
fn add_neg_zero(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some((l, r)) = binary(rw, op) else { return false };
    super::consts::is_float_exactly(rw, r, -0.0) && replace_with(rw, op, l)
}

/// `subtract(X, 0) -> X` (integers only).
fn subtract_zero(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some((l, r)) = binary(rw, op) else { return false };
    is_int(rw, l) && is_int_zero(rw, r) && replace_with(rw, op, l)
}

/// `subtract(X, X) -> 0` (integers only: `inf - inf` and `NaN - NaN` are NaN).
fn subtract_self(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some((l, r)) = binary(rw, op) else { return false };
    l == r && is_int(rw, l) && replace_with_splat(rw, op, 0)
}

/// `multiply(X, 1) -> X` (integers only; `i1`: `and(X, true)`).
fn multiply_one(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some((l, r)) = binary(rw, op) else { return false };
    is_int(rw, l) && is_int_one(rw, r) && replace_with(rw, op, l)
}

/// `multiply(X, 0) -> 0` (integers only: `NaN * 0 = NaN`, `-1 * 0 = -0.0`).
fn multiply_zero(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some((l, r)) = binary(rw, op) else { return false };
    is_int(rw, l) && is_int_zero(rw, r) && replace_with_splat(rw, op, 0)
}

/// `and(X, 0) -> 0`, `and(X, -1) -> X`.
fn and_const(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some((l, r)) = binary(rw, op) else { return false };
    if is_int_zero(rw, r) {
        return replace_with_splat(rw, op, 0);
    }
    is_int_all_ones(rw, r) && replace_with(rw, op, l)
}

/// `or(X, 0) -> X`, `or(X, -1) -> -1`.
fn or_const(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some((l, r)) = binary(rw, op) else { return false };
    if is_int_zero(rw, r) {
        return replace_with(rw, op, l);
    }
    if is_int_all_ones(rw, r) {
        let Some((_, bits)) = const_of(rw, r).and_then(|a| splat_bits(rw, a)) else { return false };
        return replace_with_splat(rw, op, bits);
    }
    false
}

/// `xor(X, 0) -> X`.
fn xor_zero(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some((l, r)) = binary(rw, op) else { return false };
    is_int_zero(rw, r) && replace_with(rw, op, l)
}

fn swapped(d: ComparisonDirection) -> ComparisonDirection {
    use ComparisonDirection::*;
    match d {
        EQ => EQ,
        NE => NE,
        GE => LE,
        GT => LT,
        LE => GE,
        LT => GT,
    }
}

/// `compare(cst, X, dir) -> compare(X, cst, swapped(dir))` (exact: the comparison is the same
/// relation read from the other side, NaN included).
fn compare_constant_right(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some(c) = CompareOp::of(rw, op) else { return false };
    let (l, r, d) = (c.lhs(), c.rhs(), *c.comparison_direction());
    if const_of(rw, l).is_none() || const_of(rw, r).is_some() {
        return false;
    }
    let a = rw.interner(|ctx| swapped(d).to_attr(ctx));
    rw.modify_op_in_place(op, |ctx| {
        ctx.set_operands(op, vec![r, l]);
        ctx.set_attr(op, "comparison_direction", a);
    });
    true
}

/// `compare(X, X, EQ|GE|LE) -> true`, `compare(X, X, NE|GT|LT) -> false` (integers and
/// booleans only: `NaN == NaN` is false).
fn compare_self(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some(c) = CompareOp::of(rw, op) else { return false };
    let (l, r, d) = (c.lhs(), c.rhs(), *c.comparison_direction());
    if l != r || !is_int(rw, l) {
        return false;
    }
    use ComparisonDirection::*;
    let truth = matches!(d, EQ | GE | LE);
    replace_with_splat(rw, op, truth as u128)
}

/// `select(splat true, T, F) -> T`, `select(splat false, T, F) -> F`.
fn select_const_pred(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some(s) = SelectOp::of(rw, op) else { return false };
    let (p, t, f) = (s.pred(), s.on_true(), s.on_false());
    let Some((Elem::Int(1), bits)) = const_of(rw, p).and_then(|a| splat_bits(rw, a)) else { return false };
    replace_with(rw, op, if bits != 0 { t } else { f })
}

/// `select(P, X, X) -> X`.
fn select_same(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some(s) = SelectOp::of(rw, op) else { return false };
    let (t, f) = (s.on_true(), s.on_false());
    t == f && replace_with(rw, op, t)
}

/// `convert(X) : T -> X`, `reshape(X) : T -> X`, `slice(X) : T -> X` when `X : T` (a static
/// slice of the operand's whole type takes every element; a same-type convert is the
/// identity).
fn same_type_noop(op: OpId, rw: &mut PatternRewriter) -> bool {
    let o = rw.operands(op);
    if o.len() != 1 {
        return false;
    }
    let x = o[0];
    if let Some(s) = SliceOp::of(rw, op) {
        // Strides of 1 and the full extent (the type equality alone would allow a stride
        // over a size-1 dimension, which takes the one element too).
        if s.strides().iter().any(|&st| st != 1) || s.start_indices().iter().any(|&st| st != 0) {
            return false;
        }
    }
    let static_ok = rw.shaped(rw.value_type(x)).is_some_and(|s| s.is_static());
    static_ok && replace_with(rw, op, x)
}

/// `reshape(reshape(X)) -> reshape(X)`.
fn reshape_reshape(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some(outer) = ReshapeOp::of(rw, op) else { return false };
    let Some(inner) = ReshapeOp::defining(rw, outer.operand()) else { return false };
    let x = inner.operand();
    rw.set_operand(op, 0, x);
    true
}

/// `transpose(X, [0, 1, ..]) -> X`.
fn transpose_noop(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some(t) = TransposeOp::of(rw, op) else { return false };
    let x = t.operand();
    t.permutation().iter().enumerate().all(|(i, &p)| p == i as i64) && replace_with(rw, op, x)
}

/// `transpose(transpose(X, p), q) -> transpose(X, p∘q)` (the result is `X[p[q[i]]]`).
fn transpose_transpose(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some(outer) = TransposeOp::of(rw, op) else { return false };
    let Some(inner) = TransposeOp::defining(rw, outer.operand()) else { return false };
    let (p, q) = (inner.permutation(), outer.permutation());
    if p.len() != q.len() || q.iter().any(|&i| i < 0 || i as usize >= p.len()) {
        return false;
    }
    let composed: Vec<i64> = q.iter().map(|&i| p[i as usize]).collect();
    let x = inner.operand();
    let a = rw.interner(|c| c.dense_i64_array(&composed));
    rw.modify_op_in_place(op, |ctx| {
        ctx.set_operand(op, 0, x);
        ctx.set_attr(op, "permutation", a);
    });
    true
}

/// `broadcast_in_dim(X, [0, 1, ..]) : T -> X` when `X : T`.
fn broadcast_in_dim_noop(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some(b) = BroadcastInDimOp::of(rw, op) else { return false };
    let x = b.operand();
    let iota = b.broadcast_dimensions().iter().enumerate().all(|(i, &d)| d == i as i64);
    iota && rw.shaped(rw.value_type(x)).is_some_and(|s| s.is_static()) && replace_with(rw, op, x)
}

/// `broadcast_in_dim(broadcast_in_dim(X, a), b) -> broadcast_in_dim(X, b∘a)`.
fn broadcast_in_dim_twice(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some(outer) = BroadcastInDimOp::of(rw, op) else { return false };
    let Some(inner) = BroadcastInDimOp::defining(rw, outer.operand()) else { return false };
    let (a, b) = (inner.broadcast_dimensions(), outer.broadcast_dimensions());
    if a.iter().any(|&i| i < 0 || i as usize >= b.len()) {
        return false;
    }
    let merged: Vec<i64> = a.iter().map(|&i| b[i as usize]).collect();
    let x = inner.operand();
    let attr = rw.interner(|c| c.dense_i64_array(&merged));
    rw.modify_op_in_place(op, |ctx| {
        ctx.set_operand(op, 0, x);
        ctx.set_attr(op, "broadcast_dimensions", attr);
    });
    true
}

/// `pad(X, v, 0, 0, 0) -> X`.
fn pad_noop(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some(pd) = PadOp::of(rw, op) else { return false };
    let zero = pd.edge_padding_low().iter().all(|&x| x == 0)
        && pd.edge_padding_high().iter().all(|&x| x == 0)
        && pd.interior_padding().iter().all(|&x| x == 0);
    let x = pd.operand();
    zero && replace_with(rw, op, x)
}

/// `reverse(X, []) -> X`, and reversing only dimensions of size 1.
fn reverse_noop(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some(r) = ReverseOp::of(rw, op) else { return false };
    let x = r.operand();
    let Some(s) = rw.shaped(rw.value_type(x)) else { return false };
    let dims = s.dims();
    let trivial = r.dimensions().iter().all(|&d| d >= 0 && (d as usize) < dims.len() && dims[d as usize] == 1);
    trivial && replace_with(rw, op, x)
}

/// `concatenate(X) -> X`.
fn concatenate_one(op: OpId, rw: &mut PatternRewriter) -> bool {
    let o = rw.operands(op);
    o.len() == 1 && {
        let x = o[0];
        replace_with(rw, op, x)
    }
}

/// `dynamic_update_slice(X, U, ...) -> U` when `U` has `X`'s (static) type: the start indices
/// are clamped to 0, so the update covers everything.
fn dus_full(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some(d) = DynamicUpdateSliceOp::of(rw, op) else { return false };
    let (x, u) = (d.operand(), d.update());
    let st = rw.shaped(rw.value_type(u)).is_some_and(|s| s.is_static());
    st && rw.value_type(x) == rw.value_type(u) && replace_with(rw, op, u)
}

/// `get_tuple_element(tuple(X0, X1, ..), i) -> Xi`.
fn gte_tuple(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some(g) = GetTupleElementOp::of(rw, op) else { return false };
    let i = g.index();
    let Some(t) = TupleOp::defining(rw, g.operand()) else { return false };
    let Some(&x) = t.operands().get(i as usize) else { return false };
    replace_with(rw, op, x)
}

/// `real(complex(R, I)) -> R`.
fn real_complex(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some(r) = RealOp::of(rw, op) else { return false };
    let Some(c) = ComplexOp::defining(rw, r.operand()) else { return false };
    let x = c.lhs();
    replace_with(rw, op, x)
}

/// `imag(complex(R, I)) -> I`.
fn imag_complex(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some(r) = ImagOp::of(rw, op) else { return false };
    let Some(c) = ComplexOp::defining(rw, r.operand()) else { return false };
    let x = c.rhs();
    replace_with(rw, op, x)
}

/// `negate(negate(X)) -> X` (exact: negation flips the sign bit, NaN and -0.0 included;
/// integers wrap symmetrically).
fn negate_negate(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some(outer) = NegOp::of(rw, op) else { return false };
    let Some(inner) = NegOp::defining(rw, outer.operand()) else { return false };
    let x = inner.operand();
    replace_with(rw, op, x)
}

/// `not(not(X)) -> X`.
fn not_not(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some(outer) = NotOp::of(rw, op) else { return false };
    let Some(inner) = NotOp::defining(rw, outer.operand()) else { return false };
    let x = inner.operand();
    replace_with(rw, op, x)
}
