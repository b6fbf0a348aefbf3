//! Arithmetic and bitwise identities.
//!
//! Floats are IEEE: `x + 0.0` is not `x` for `x = -0.0`, `x - x` is not `0` for NaN or
//! infinities, float addition and multiplication are not associative. Those rules are
//! integer-only or `fast-math`. Integers wrap (two's complement), so the ring laws hold exactly.

use egg::{Id, Subst};
use strata_reference::kernels;
use strata_reference::value::{Element, Tensor};

use super::{
    is_float, is_int, rw, rw_build, rw_if, splat_is, splat_is_all_ones, splat_is_one, splat_is_zero, ty, var, zero_of,
    Domain, Exactness, RuleDef,
};
use crate::eqsat::analysis::{self, add_op};
use crate::eqsat::language::{EGraph, Kind, Rewrite};

fn def(
    name: &'static str,
    algebra: &'static str,
    preconditions: &'static str,
    source: &'static str,
    make: fn() -> Rewrite,
) -> RuleDef {
    RuleDef {
        name,
        domain: Domain::Arith,
        algebra,
        preconditions,
        exactness: Exactness::Exact,
        expansive: false,
        source,
        make,
    }
}

fn fast(mut r: RuleDef, rel_tol: f64) -> RuleDef {
    r.exactness = Exactness::FastMath { rel_tol };
    r
}

fn a_int(eg: &mut EGraph, _: Id, s: &Subst) -> bool {
    is_int(eg, s[var!("?a")])
}
fn a_float(eg: &mut EGraph, _: Id, s: &Subst) -> bool {
    is_float(eg, s[var!("?a")])
}
fn a_f32_f64(eg: &mut EGraph, _: Id, s: &Subst) -> bool {
    let t = ty(eg, s[var!("?a")]);
    matches!(
        eg.analysis.etype(t),
        Some(strata_reference::value::ElementType::F32 | strata_reference::value::ElementType::F64)
    )
}
fn a_real(eg: &mut EGraph, _: Id, s: &Subst) -> bool {
    let a = s[var!("?a")];
    is_int(eg, a) || is_float(eg, a)
}

/// The zero of `?x`'s type, for rules whose result is zero.
fn zero_like_x(eg: &mut EGraph, _: Id, s: &Subst) -> Option<Id> {
    let x = s[var!("?x")];
    if !is_int(eg, x) {
        return None;
    }
    zero_of(eg, ty(eg, x))
}

/// `x / c -> x * (1/c)` when every element of `c` is a power of two whose reciprocal the type
/// represents exactly: then `x / c` and `x * (1/c)` are the same real number, rounded once.
fn div_pow2(eg: &mut EGraph, _: Id, s: &Subst) -> Option<Id> {
    let (x, c) = (s[var!("?x")], s[var!("?c")]);
    if !is_float(eg, x) {
        return None;
    }
    let t = ty(eg, x);
    let et = eg.analysis.etype(t)?;
    let k = &eg[c].data.konst;
    let src: Tensor = match (&k.full, &k.splat) {
        (_, Some(sp)) => (**sp).clone(),
        (Some(f), None) => (**f).clone(),
        _ => return None,
    };
    let vals = kernels::to_f64s("div-pow2", &src).ok()?;
    let mut recip = Vec::with_capacity(vals.len());
    for v in vals {
        if !v.is_finite() || v == 0.0 {
            return None;
        }
        let (m, _) = frexp(v.abs());
        if m != 0.5 {
            return None;
        }
        let r = 1.0 / v;
        if strata_reference::value::round_to(et, r) != r || !r.is_finite() {
            return None;
        }
        recip.push(r);
    }
    let rt = kernels::from_f64s(et, src.shape(), recip).ok()?;
    let rc = if rt.rank() == 0 {
        analysis::add_splat(eg, t, rt)?
    } else {
        let cst = analysis::Const { full: Some(std::rc::Rc::new(rt)), splat: None };
        let a = eg.analysis.attr_of_const(t, &cst)?;
        let v = eg.analysis.names.value;
        add_op(eg, Kind::Constant, t, vec![(v, a)], &[])
    };
    Some(add_op(eg, Kind::Multiply, t, vec![], &[x, rc]))
}

/// `(m, e)` with `x = m · 2^e`, `m` in `[0.5, 1)` (for positive normal and subnormal `x`).
fn frexp(x: f64) -> (f64, i32) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i32;
    if exp == 0 {
        let (m, e) = frexp(x * 2f64.powi(64));
        return (m, e - 64);
    }
    let m = f64::from_bits((bits & !(0x7ffu64 << 52)) | (1022u64 << 52));
    (m, exp - 1022)
}

/// `pow(x, 2) -> x * x`: exact for integers (both wrap) and for floats of at most 32 bits
/// (the interpreter computes `pow` in f64, where the square of such a float is exact).
fn pow_two_ok(eg: &mut EGraph, _: Id, s: &Subst) -> bool {
    let (a, t) = (s[var!("?a")], s[var!("?t")]);
    if !splat_is(eg, t, 2.0) {
        return false;
    }
    let e = eg.analysis.etype(ty(eg, a));
    e.is_some_and(|e| (e.is_integer() && !e.is_bool()) || (e.is_float() && e.bit_width() <= 32))
}

/// `pow(x, 0) -> 1` for floats (IEEE `pow(x, 0) = 1`, NaN included) and integers.
fn pow_zero(eg: &mut EGraph, _: Id, s: &Subst) -> Option<Id> {
    let (a, z) = (s[var!("?a")], s[var!("?z")]);
    if !splat_is_zero(eg, z, None) {
        return None;
    }
    let t = ty(eg, a);
    let e = eg.analysis.etype(t)?;
    if !(e.is_float() || (e.is_integer() && !e.is_bool())) {
        return None;
    }
    let one = if e.is_float() { Element::Float(1.0) } else { Element::Int(1) };
    super::splat_const(eg, t, one)
}

/// Whether `?z` is the additive identity of `?x`'s type: integer 0, float `-0.0`
/// (`-0.0 + x == x` for every x; `+0.0 + -0.0 == +0.0`).
fn add_identity(eg: &mut EGraph, _: Id, s: &Subst) -> bool {
    let (x, z) = (s[var!("?x")], s[var!("?z")]);
    if is_int(eg, x) {
        splat_is_zero(eg, z, None)
    } else if is_float(eg, x) {
        splat_is_zero(eg, z, Some(true))
    } else {
        false
    }
}

fn add_pos_zero_float(eg: &mut EGraph, _: Id, s: &Subst) -> bool {
    let (x, z) = (s[var!("?x")], s[var!("?z")]);
    is_float(eg, x) && splat_is_zero(eg, z, Some(false))
}

fn sub_identity(eg: &mut EGraph, _: Id, s: &Subst) -> bool {
    let (x, z) = (s[var!("?x")], s[var!("?z")]);
    if is_int(eg, x) {
        splat_is_zero(eg, z, None)
    } else if is_float(eg, x) {
        splat_is_zero(eg, z, Some(false))
    } else {
        false
    }
}

fn one_real(eg: &mut EGraph, _: Id, s: &Subst) -> bool {
    let (x, o) = (s[var!("?x")], s[var!("?o")]);
    (is_int(eg, x) || is_float(eg, x)) && splat_is_one(eg, o)
}

fn int_zero_z(eg: &mut EGraph, _: Id, s: &Subst) -> bool {
    is_int(eg, s[var!("?x")]) && splat_is_zero(eg, s[var!("?z")], None)
}

fn minus_one(eg: &mut EGraph, _: Id, s: &Subst) -> bool {
    let (x, m) = (s[var!("?x")], s[var!("?m")]);
    let signed_or_float = eg.analysis.etype(ty(eg, x)).is_some_and(|e| e.is_signed_integer() || e.is_float());
    signed_or_float && splat_is(eg, m, -1.0)
}

fn pow_one(eg: &mut EGraph, _: Id, s: &Subst) -> bool {
    let (a, o) = (s[var!("?a")], s[var!("?o")]);
    (is_int(eg, a) || is_float(eg, a)) && splat_is_one(eg, o)
}

fn nonneg_x(eg: &mut EGraph, root: Id, s: &Subst) -> bool {
    let x = s[var!("?x")];
    eg[x].data.nonneg && eg[x].data.ty == eg[root].data.ty
}

/// Whether `?c` is a splat of the lowest (`low`) or highest value of `?x`'s type.
fn extreme(eg: &EGraph, s: &Subst, low: bool) -> bool {
    let (x, c) = (s[var!("?x")], s[var!("?c")]);
    let Some(e) = eg.analysis.etype(ty(eg, x)) else { return false };
    match (super::splat_elem(eg, c), e.int_range()) {
        (Some(strata_reference::value::Element::Float(f)), _) if e.is_float() => {
            f == if low { f64::NEG_INFINITY } else { f64::INFINITY }
                && e.float_format().is_some_and(|ff| ff.max_finite() < f64::INFINITY)
        }
        (Some(strata_reference::value::Element::Int(i)), Some((lo, hi))) => i as i128 == if low { lo } else { hi },
        (Some(strata_reference::value::Element::UInt(u)), Some((lo, hi))) => u as i128 == if low { lo } else { hi },
        (Some(strata_reference::value::Element::Bool(b)), _) => b != low,
        _ => false,
    }
}

fn max_identity(eg: &mut EGraph, _: Id, s: &Subst) -> bool {
    extreme(eg, s, true)
}

fn min_identity(eg: &mut EGraph, _: Id, s: &Subst) -> bool {
    extreme(eg, s, false)
}

fn bits_zero(eg: &mut EGraph, _: Id, s: &Subst) -> bool {
    is_int(eg, s[var!("?x")]) && splat_is_zero(eg, s[var!("?z")], None)
}

fn bits_ones(eg: &mut EGraph, _: Id, s: &Subst) -> bool {
    is_int(eg, s[var!("?x")]) && splat_is_all_ones(eg, s[var!("?m")])
}

fn consts_int(eg: &mut EGraph, _: Id, s: &Subst) -> bool {
    let (x, c1, c2) = (s[var!("?x")], s[var!("?c1")], s[var!("?c2")]);
    is_int(eg, x) && !eg[c1].data.konst.is_empty() && !eg[c2].data.konst.is_empty()
}

fn consts_float(eg: &mut EGraph, _: Id, s: &Subst) -> bool {
    let (x, c1, c2) = (s[var!("?x")], s[var!("?c1")], s[var!("?c2")]);
    is_float(eg, x) && !eg[c1].data.konst.is_empty() && !eg[c2].data.konst.is_empty()
}

/// The arithmetic rules.
pub fn rules() -> Vec<RuleDef> {
    vec![
        // x + 0 == x
        def(
            "add-zero",
            "x + 0 == x",
            "integers: 0; floats: only -0.0 (x + +0.0 is +0.0 for x = -0.0)",
            "1 [X,S]",
            || rw_if("add-zero", "(add ?s ?x ?z)", "?x", add_identity),
        ),
        // x + 0.0 ~= x
        fast(
            def("add-pos-zero", "x + 0.0 ~= x", "floats; differs only in the sign of a zero result", "1 [X,S]", || {
                rw_if("add-pos-zero", "(add ?s ?x ?z)", "?x", add_pos_zero_float)
            }),
            0.0,
        ),
        // x - 0 == x
        def("sub-zero", "x - 0 == x", "integers: 0; floats: +0.0", "3 [X,S]", || {
            rw_if("sub-zero", "(subtract ?s ?x ?z)", "?x", sub_identity)
        }),
        // x - y == x + (-y)
        def(
            "sub-to-add-neg",
            "x - y == x + (-y)",
            "none (IEEE defines subtraction so; integers wrap)",
            "3 [X]",
            || rw("sub-to-add-neg", "(subtract ?s ?x ?y)", "(add ?s ?x (negate ?s ?y))"),
        ),
        // x + (-y) == x - y
        def("add-neg-to-sub", "x + (-y) == x - y", "none", "3 [X]", || {
            rw("add-neg-to-sub", "(add ?s ?x (negate ?s2 ?y))", "(subtract ?s ?x ?y)")
        }),
        // x - x == 0
        def("sub-self", "x - x == 0", "integers only (NaN and inf make it wrong for floats)", "4 [S]", || {
            rw_build("sub-self", "(subtract ?s ?x ?x)", zero_like_x)
        }),
        // x + (-x) == 0
        def("add-neg-self", "x + (-x) == 0", "integers only", "4 [S]", || {
            rw_build("add-neg-self", "(add ?s ?x (negate ?s2 ?x))", zero_like_x)
        }),
        // x * 1 == x
        def(
            "mul-one",
            "x * 1 == x",
            "integers and real floats (not complex: inf * 0 in the cross terms)",
            "5 [X,S]",
            || rw_if("mul-one", "(multiply ?s ?x ?o)", "?x", one_real),
        ),
        // x * 0 == 0
        def("mul-zero", "x * 0 == 0", "integers only (NaN * 0, inf * 0, -x * 0 for floats)", "6 [X,S]", || {
            rw_if("mul-zero", "(multiply ?s ?x ?z)", "?z", int_zero_z)
        }),
        // x * -1 == -x
        def("mul-neg-one", "x * -1 == -x", "signed integers and floats", "[X]", || {
            rw_if("mul-neg-one", "(multiply ?s ?x ?m)", "(negate ?s ?x)", minus_one)
        }),
        // x / 1 == x
        def("div-one", "x / 1 == x", "integers and real floats", "7 [X]", || {
            rw_if("div-one", "(divide ?s ?x ?o)", "?x", one_real)
        }),
        // x / c == x * (1/c)
        def(
            "div-pow2",
            "x / c == x * (1/c)",
            "floats; every element of c a power of two whose reciprocal is exactly representable",
            "8 [X]",
            || rw_build("div-pow2", "(divide ?s ?x ?c)", div_pow2),
        ),
        // (a / b) / c ~= a / (b * c)
        fast(
            def("div-div", "(a / b) / c ~= a / (b * c)", "floats (fast-math)", "9 [X]", || {
                rw_if("div-div", "(divide ?s (divide ?s ?a ?b) ?c)", "(divide ?s ?a (multiply ?s ?b ?c))", a_float)
            }),
            1e-5,
        ),
        // exp(a) * exp(b) ~= exp(a + b)
        fast(
            def("exp-mul", "exp(a) * exp(b) ~= exp(a + b)", "floats (fast-math)", "10 [X]", || {
                rw_if(
                    "exp-mul",
                    "(multiply ?s (exponential ?s ?a) (exponential ?s ?b))",
                    "(exponential ?s (add ?s ?a ?b))",
                    a_float,
                )
            }),
            1e-5,
        ),
        // exp(a) / exp(b) ~= exp(a - b)
        fast(
            def("exp-div", "exp(a) / exp(b) ~= exp(a - b)", "floats (fast-math)", "10 [X]", || {
                rw_if(
                    "exp-div",
                    "(divide ?s (exponential ?s ?a) (exponential ?s ?b))",
                    "(exponential ?s (subtract ?s ?a ?b))",
                    a_float,
                )
            }),
            1e-5,
        ),
        // log(exp(a)) ~= a
        fast(
            def("log-exp", "log(exp(a)) ~= a", "floats (fast-math: exp overflows for large a)", "11 [X]", || {
                rw_if("log-exp", "(log ?s (exponential ?s ?a))", "?a", a_float)
            }),
            1e-5,
        ),
        // pow(a, 1) == a
        def("pow-one", "pow(a, 1) == a", "integers and real floats", "12 [X]", || {
            rw_if("pow-one", "(power ?s ?a ?o)", "?a", pow_one)
        }),
        // pow(a, 2) == a * a
        def("pow-two", "pow(a, 2) == a * a", "integers; floats of at most 32 bits", "12 [X]", || {
            rw_if("pow-two", "(power ?s ?a ?t)", "(multiply ?s ?a ?a)", pow_two_ok)
        }),
        // pow(a, 0) == 1
        def("pow-zero", "pow(a, 0) == 1", "integers and real floats (pow(NaN, 0) = 1)", "12 [X]", || {
            rw_build("pow-zero", "(power ?s ?a ?z)", pow_zero)
        }),
        // pow(pow(a, x), y) ~= pow(a, x * y)
        fast(
            def(
                "pow-pow",
                "pow(pow(a, x), y) ~= pow(a, x * y)",
                "f32 and f64 (fast-math; the rounding of x * y is amplified by log|result|, too much for 16-bit floats)",
                "13 [X]",
                || rw_if("pow-pow", "(power ?s (power ?s ?a ?x) ?y)", "(power ?s ?a (multiply ?s ?x ?y))", a_f32_f64),
            ),
            1e-4,
        ),
        // -(-x) == x
        def("neg-neg", "-(-x) == x", "none (integers wrap: -(-MIN) = MIN)", "14 [X]", || {
            rw("neg-neg", "(negate ?s1 (negate ?s2 ?x))", "?x")
        }),
        // ~~x == x
        def("not-not", "~~x == x", "none", "14 [X]", || rw("not-not", "(not ?s1 (not ?s2 ?x))", "?x")),
        // |x| == x  when x >= 0
        def(
            "abs-nonneg",
            "|x| == x",
            "x >= 0 proven: exp, float abs, y * y (floats), logistic, unsigned, non-negative constants",
            "15 [X]",
            || rw_if("abs-nonneg", "(abs ?s ?x)", "?x", nonneg_x),
        ),
        // |-x| == |x|
        def("abs-neg", "|-x| == |x|", "none", "[X]", || rw("abs-neg", "(abs ?s (negate ?s2 ?x))", "(abs ?s ?x)")),
        // -(a * b) == a * (-b)
        def("neg-mul", "-(a * b) == a * (-b)", "none (negation is exact)", "[X]", || {
            rw("neg-mul", "(negate ?s (multiply ?s2 ?a ?b))", "(multiply ?s2 ?a (negate ?s ?b))")
        }),
        // (-a) * (-b) == a * b
        def("mul-neg-neg", "(-a) * (-b) == a * b", "none", "[X]", || {
            rw("mul-neg-neg", "(multiply ?s (negate ?s2 ?a) (negate ?s3 ?b))", "(multiply ?s ?a ?b)")
        }),
        // x & 0 == 0
        def("and-zero", "x & 0 == 0", "integers and i1", "16 [X,S]", || {
            rw_if("and-zero", "(and ?s ?x ?z)", "?z", bits_zero)
        }),
        // x & ~0 == x
        def("and-ones", "x & ~0 == x", "integers and i1", "16 [X,S]", || {
            rw_if("and-ones", "(and ?s ?x ?m)", "?x", bits_ones)
        }),
        // x | 0 == x
        def("or-zero", "x | 0 == x", "integers and i1", "16 [X,S]", || {
            rw_if("or-zero", "(or ?s ?x ?z)", "?x", bits_zero)
        }),
        // x | ~0 == ~0
        def("or-ones", "x | ~0 == ~0", "integers and i1", "16 [X,S]", || {
            rw_if("or-ones", "(or ?s ?x ?m)", "?m", bits_ones)
        }),
        // x & x == x
        def("and-self", "x & x == x", "none", "16 [S]", || rw("and-self", "(and ?s ?x ?x)", "?x")),
        // x | x == x
        def("or-self", "x | x == x", "none", "16 [S]", || rw("or-self", "(or ?s ?x ?x)", "?x")),
        // x ^ x == 0
        def("xor-self", "x ^ x == 0", "integers and i1", "17 [S]", || {
            rw_build("xor-self", "(xor ?s ?x ?x)", zero_like_x)
        }),
        // x ^ 0 == x
        def("xor-zero", "x ^ 0 == x", "integers and i1", "17 [S]", || {
            rw_if("xor-zero", "(xor ?s ?x ?z)", "?x", bits_zero)
        }),
        // max(x, -inf) == x
        def(
            "max-identity",
            "max(x, lowest) == x",
            "c a splat of the type's lowest value: -inf for floats (NaN still propagates), MIN for integers",
            "18 [X]",
            || rw_if("max-identity", "(maximum ?s ?x ?c)", "?x", max_identity),
        ),
        // min(x, +inf) == x
        def(
            "min-identity",
            "min(x, highest) == x",
            "c a splat of the type's highest value: +inf for floats, MAX for integers",
            "18 [X]",
            || rw_if("min-identity", "(minimum ?s ?x ?c)", "?x", min_identity),
        ),
        // max(x, x) == x
        def("max-self", "max(x, x) == x", "none (NaN-safe: the same operand)", "18", || {
            rw("max-self", "(maximum ?s ?x ?x)", "?x")
        }),
        // min(x, x) == x
        def("min-self", "min(x, x) == x", "none", "18", || rw("min-self", "(minimum ?s ?x ?x)", "?x")),
        // a + b == b + a
        def("add-commute", "a + b == b + a", "none (IEEE addition commutes)", "19 [T,D]", || {
            rw("add-commute", "(add ?s ?a ?b)", "(add ?s ?b ?a)")
        }),
        // a * b == b * a
        def("mul-commute", "a * b == b * a", "none", "19 [T,D]", || {
            rw("mul-commute", "(multiply ?s ?a ?b)", "(multiply ?s ?b ?a)")
        }),
        // max(a, b) == max(b, a)
        def("max-commute", "max(a, b) == max(b, a)", "none (NaN-propagating, -0 < +0: symmetric)", "19", || {
            rw("max-commute", "(maximum ?s ?a ?b)", "(maximum ?s ?b ?a)")
        }),
        // min(a, b) == min(b, a)
        def("min-commute", "min(a, b) == min(b, a)", "none", "19", || {
            rw("min-commute", "(minimum ?s ?a ?b)", "(minimum ?s ?b ?a)")
        }),
        // a & b == b & a
        def("and-commute", "a & b == b & a", "none", "19", || rw("and-commute", "(and ?s ?a ?b)", "(and ?s ?b ?a)")),
        // a | b == b | a
        def("or-commute", "a | b == b | a", "none", "19", || rw("or-commute", "(or ?s ?a ?b)", "(or ?s ?b ?a)")),
        // a ^ b == b ^ a
        def("xor-commute", "a ^ b == b ^ a", "none", "19", || rw("xor-commute", "(xor ?s ?a ?b)", "(xor ?s ?b ?a)")),
        // (a + b) + c == a + (b + c)
        def(
            "add-assoc",
            "(a + b) + c == a + (b + c)",
            "integers (wrapping addition is associative)",
            "19 [T,D]",
            || rw_if("add-assoc", "(add ?s (add ?s ?a ?b) ?c)", "(add ?s ?a (add ?s ?b ?c))", a_int),
        ),
        // (a * b) * c == a * (b * c)
        def("mul-assoc", "(a * b) * c == a * (b * c)", "integers", "19 [T,D]", || {
            rw_if("mul-assoc", "(multiply ?s (multiply ?s ?a ?b) ?c)", "(multiply ?s ?a (multiply ?s ?b ?c))", a_int)
        }),
        // max(max(a, b), c) == max(a, max(b, c))
        def("max-assoc", "max(max(a, b), c) == max(a, max(b, c))", "integers and real floats", "19", || {
            rw_if("max-assoc", "(maximum ?s (maximum ?s ?a ?b) ?c)", "(maximum ?s ?a (maximum ?s ?b ?c))", a_real)
        }),
        // min(min(a, b), c) == min(a, min(b, c))
        def("min-assoc", "min(min(a, b), c) == min(a, min(b, c))", "integers and real floats", "19", || {
            rw_if("min-assoc", "(minimum ?s (minimum ?s ?a ?b) ?c)", "(minimum ?s ?a (minimum ?s ?b ?c))", a_real)
        }),
        // (a & b) & c == a & (b & c)
        def("and-assoc", "(a & b) & c == a & (b & c)", "none", "19", || {
            rw("and-assoc", "(and ?s (and ?s ?a ?b) ?c)", "(and ?s ?a (and ?s ?b ?c))")
        }),
        // (a | b) | c == a | (b | c)
        def("or-assoc", "(a | b) | c == a | (b | c)", "none", "19", || {
            rw("or-assoc", "(or ?s (or ?s ?a ?b) ?c)", "(or ?s ?a (or ?s ?b ?c))")
        }),
        // (a ^ b) ^ c == a ^ (b ^ c)
        def("xor-assoc", "(a ^ b) ^ c == a ^ (b ^ c)", "none", "19", || {
            rw("xor-assoc", "(xor ?s (xor ?s ?a ?b) ?c)", "(xor ?s ?a (xor ?s ?b ?c))")
        }),
        // (a + b) + c ~= a + (b + c)
        fast(
            def("add-assoc-float", "(a + b) + c ~= a + (b + c)", "floats (fast-math)", "19 [T,D]", || {
                rw_if("add-assoc-float", "(add ?s (add ?s ?a ?b) ?c)", "(add ?s ?a (add ?s ?b ?c))", a_float)
            }),
            1e-4,
        ),
        // (a * b) * c ~= a * (b * c)
        fast(
            def("mul-assoc-float", "(a * b) * c ~= a * (b * c)", "floats (fast-math)", "19 [T,D]", || {
                rw_if(
                    "mul-assoc-float",
                    "(multiply ?s (multiply ?s ?a ?b) ?c)",
                    "(multiply ?s ?a (multiply ?s ?b ?c))",
                    a_float,
                )
            }),
            1e-5,
        ),
        // (x + c1) + c2 == x + (c1 + c2)
        def(
            "add-const-reassoc",
            "(x + c1) + c2 == x + (c1 + c2)",
            "integers; c1, c2 constants (folded)",
            "2 [X]",
            || rw_if("add-const-reassoc", "(add ?s (add ?s ?x ?c1) ?c2)", "(add ?s ?x (add ?s ?c1 ?c2))", consts_int),
        ),
        // (x + c1) + c2 ~= x + (c1 + c2)
        fast(
            def("add-const-reassoc-float", "(x + c1) + c2 ~= x + (c1 + c2)", "floats (fast-math)", "2 [X]", || {
                rw_if(
                    "add-const-reassoc-float",
                    "(add ?s (add ?s ?x ?c1) ?c2)",
                    "(add ?s ?x (add ?s ?c1 ?c2))",
                    consts_float,
                )
            }),
            1e-5,
        ),
        // a*b + a*c == a * (b + c)
        def("factor", "a*b + a*c == a * (b + c)", "integers (the ring laws hold mod 2^n)", "[T,D]", || {
            rw_if(
                "factor",
                "(add ?s (multiply ?s ?a ?b) (multiply ?s ?a ?c))",
                "(multiply ?s ?a (add ?s ?b ?c))",
                a_int,
            )
        }),
        // a*b + a*c ~= a * (b + c)
        fast(
            def("factor-float", "a*b + a*c ~= a * (b + c)", "floats (fast-math)", "[T,D]", || {
                rw_if(
                    "factor-float",
                    "(add ?s (multiply ?s ?a ?b) (multiply ?s ?a ?c))",
                    "(multiply ?s ?a (add ?s ?b ?c))",
                    a_float,
                )
            }),
            1e-4,
        ),
        // -(a - b) == b - a
        def("neg-sub", "-(a - b) == b - a", "integers (floats: -(+0) is -0 but b - a is +0 when a == b)", "[X]", || {
            rw_if("neg-sub", "(negate ?s (subtract ?s2 ?a ?b))", "(subtract ?s2 ?b ?a)", a_int)
        }),
        // -(a + b) == (-a) + (-b)
        def("neg-add", "-(a + b) == (-a) + (-b)", "integers (floats: the sign of a zero sum)", "[X]", || {
            rw_if("neg-add", "(negate ?s (add ?s2 ?a ?b))", "(add ?s2 (negate ?s ?a) (negate ?s ?b))", a_int)
        }),
        // (-a) + (-b) == -(a + b)
        def("add-negs", "(-a) + (-b) == -(a + b)", "integers (floats: the sign of a zero sum)", "[X]", || {
            rw_if("add-negs", "(add ?s (negate ?s2 ?a) (negate ?s3 ?b))", "(negate ?s2 (add ?s ?a ?b))", a_int)
        }),
        // a * (-b) == -(a * b)
        def("mul-neg", "a * (-b) == -(a * b)", "none (negation is exact)", "[X]", || {
            rw("mul-neg", "(multiply ?s ?a (negate ?s2 ?b))", "(negate ?s2 (multiply ?s ?a ?b))")
        }),
        // min(a, max(a, b)) == a
        def("min-max-absorb", "min(a, max(a, b)) == a", "integers (a NaN b makes it NaN for floats)", "[X]", || {
            rw_if("min-max-absorb", "(minimum ?s ?a (maximum ?s2 ?a ?b))", "?a", a_int)
        }),
        // max(a, min(a, b)) == a
        def("max-min-absorb", "max(a, min(a, b)) == a", "integers", "[X]", || {
            rw_if("max-min-absorb", "(maximum ?s ?a (minimum ?s2 ?a ?b))", "?a", a_int)
        }),
        // a & (a | b) == a
        def("and-or-absorb", "a & (a | b) == a", "none", "[X]", || rw("and-or-absorb", "(and ?s ?a (or ?s2 ?a ?b))", "?a")),
        // a | (a & b) == a
        def("or-and-absorb", "a | (a & b) == a", "none", "[X]", || rw("or-and-absorb", "(or ?s ?a (and ?s2 ?a ?b))", "?a")),
        // a * (b + c) == a*b + a*c
        def("distribute", "a * (b + c) == a*b + a*c", "integers (the ring laws hold mod 2^n)", "[T,D]", || {
            rw_if("distribute", "(multiply ?s ?a (add ?s ?b ?c))", "(add ?s (multiply ?s ?a ?b) (multiply ?s ?a ?c))", a_int)
        }),
        // a*b + a == a * (b + 1)
        def("factor-one", "a*b + a == a * (b + 1)", "integers", "[T,D]", || {
            rw_build("factor-one", "(add ?s (multiply ?s ?a ?b) ?a)", factor_one)
        }),
        // x + x == x * 2
        def("add-self", "x + x == x * 2", "integers (not i1) and real floats (2x is exact)", "[X]", || {
            rw_build("add-self", "(add ?s ?x ?x)", add_self)
        }),
        // x * 2 == x + x
        def("mul-two", "x * 2 == x + x", "integers and real floats (2x is exact)", "[X]", || {
            rw_if("mul-two", "(multiply ?s ?x ?t)", "(add ?s ?x ?x)", mul_two_ok)
        }),
    ]
}

fn factor_one(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    let (a, b) = (s[var!("?a")], s[var!("?b")]);
    if !is_int(eg, a) || eg.analysis.etype(ty(eg, a)).is_some_and(|e| e.is_bool()) {
        return None;
    }
    let t = ty(eg, root);
    let one = super::splat_const(eg, t, Element::Int(1))?;
    let b1 = add_op(eg, Kind::Add, t, vec![], &[b, one]);
    Some(add_op(eg, Kind::Multiply, t, vec![], &[a, b1]))
}

fn add_self(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    let x = s[var!("?x")];
    let t = ty(eg, root);
    let e = eg.analysis.etype(t)?;
    let two = if e.is_float() {
        Element::Float(2.0)
    } else if e.is_integer() && !e.is_bool() {
        Element::Int(2)
    } else {
        return None;
    };
    let c = super::splat_const(eg, t, two)?;
    Some(add_op(eg, Kind::Multiply, t, vec![], &[x, c]))
}

fn mul_two_ok(eg: &mut EGraph, _: Id, s: &Subst) -> bool {
    let (x, t) = (s[var!("?x")], s[var!("?t")]);
    (is_int(eg, x) && !eg.analysis.etype(ty(eg, x)).is_some_and(|e| e.is_bool()) || is_float(eg, x))
        && splat_is(eg, t, 2.0)
}
