//! Compare, select, convert and the parts of complex numbers.
//!
//! Float comparisons are not a total order (NaN compares unequal to itself, `!(a < b)` is not
//! `a >= b`): the rules that need reflexivity or negation are integer-only.

use egg::{Id, Subst};
use strata_dialects::stablehlo::attrs::ComparisonDirection;
use strata_reference::value::{Element, ElementType};

use super::{is_int, rw, rw_build, rw_if, sig, splat_const, splat_elem, ty, var, Domain, Exactness, RuleDef};
use crate::eqsat::analysis::add_with_sig;
use crate::eqsat::language::{EGraph, Kind, Rewrite, SigId};

fn def(
    name: &'static str,
    algebra: &'static str,
    preconditions: &'static str,
    source: &'static str,
    make: fn() -> Rewrite,
) -> RuleDef {
    RuleDef {
        name,
        domain: Domain::CompareSelect,
        algebra,
        preconditions,
        exactness: Exactness::Exact,
        expansive: false,
        source,
        make,
    }
}

/// The comparison direction of a compare signature.
fn direction(eg: &EGraph, s: SigId) -> Option<ComparisonDirection> {
    eg.analysis.typed::<ComparisonDirection>(s, eg.analysis.names.comparison_direction).copied()
}

/// A copy of signature `s` with attribute `name` set to `value`.
pub fn with_attr(eg: &mut EGraph, s: SigId, name: strata_ir::Symbol, value: strata_ir::Attribute) -> SigId {
    let mut sig = eg.analysis.sig(s).clone();
    match sig.attrs.iter_mut().find(|a| a.name == name) {
        Some(a) => a.value = value,
        None => {
            sig.attrs.push(strata_ir::NamedAttribute { name, value });
            let ctx = &eg.analysis.ctx;
            sig.attrs.sort_by(|a, b| ctx.str(a.name).cmp(ctx.str(b.name)));
        }
    }
    eg.analysis.intern_sig(sig)
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

fn negated(d: ComparisonDirection) -> ComparisonDirection {
    use ComparisonDirection::*;
    match d {
        EQ => NE,
        NE => EQ,
        GE => LT,
        GT => LE,
        LE => GT,
        LT => GE,
    }
}

/// `compare(x, x, dir)` of integers is a constant.
fn compare_self(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    let x = s[var!("?x")];
    if !is_int(eg, x) {
        return None;
    }
    let d = direction(eg, sig(eg, s[var!("?s")]))?;
    let v = matches!(d, ComparisonDirection::EQ | ComparisonDirection::GE | ComparisonDirection::LE);
    splat_const(eg, ty(eg, root), Element::Bool(v))
}

/// `compare(a, b, dir) -> compare(b, a, swapped dir)`.
fn compare_swap(eg: &mut EGraph, _: Id, s: &Subst) -> Option<Id> {
    let sg = sig(eg, s[var!("?s")]);
    let d = direction(eg, sg)?;
    let attr = swapped(d).to_attr(&mut eg.analysis.ctx);
    let name = eg.analysis.names.comparison_direction;
    let ns = with_attr(eg, sg, name, attr);
    Some(add_with_sig(eg, Kind::Compare, ns, &[s[var!("?b")], s[var!("?a")]]))
}

/// `not(compare(a, b, dir)) -> compare(a, b, !dir)` for integers.
fn not_compare(eg: &mut EGraph, _: Id, s: &Subst) -> Option<Id> {
    let a = s[var!("?a")];
    if !is_int(eg, a) {
        return None;
    }
    let sg = sig(eg, s[var!("?s2")]);
    let d = direction(eg, sg)?;
    let attr = negated(d).to_attr(&mut eg.analysis.ctx);
    let name = eg.analysis.names.comparison_direction;
    let ns = with_attr(eg, sg, name, attr);
    Some(add_with_sig(eg, Kind::Compare, ns, &[a, s[var!("?b")]]))
}

fn pred_true(eg: &mut EGraph, _: Id, s: &Subst) -> bool {
    matches!(splat_elem(eg, s[var!("?p")]), Some(Element::Bool(true)))
}

fn pred_false(eg: &mut EGraph, _: Id, s: &Subst) -> bool {
    matches!(splat_elem(eg, s[var!("?p")]), Some(Element::Bool(false)))
}

fn same_type(eg: &mut EGraph, root: Id, s: &Subst) -> bool {
    eg[s[var!("?x")]].data.ty == eg[root].data.ty
}

/// Whether every value of `from` converts to `to` exactly (so converting onwards from `to`
/// gives what converting from `from` gives).
pub fn widens_exactly(from: ElementType, to: ElementType) -> bool {
    use strata_reference::value::FloatStyle;
    if from == to || from.is_bool() {
        return true; // 0 and 1 are in every type
    }
    if from.is_integer() {
        let (lo, hi) = from.int_range().expect("an integer type");
        if let Some((l2, h2)) = to.int_range() {
            return to.is_integer() && l2 <= lo && hi <= h2;
        }
        return match to.float_format() {
            // Every integer of magnitude up to 2^(mantissa + 1) is exact.
            Some(f) => {
                let m = hi.max(-lo) as f64;
                m <= 2f64.powi(f.mantissa_bits as i32 + 1) && m <= f.max_finite()
            }
            None => false,
        };
    }
    match (from.float_format(), to.float_format()) {
        (Some(a), Some(b)) => {
            b.style == FloatStyle::Ieee
                && a.is_signed()
                && b.mantissa_bits >= a.mantissa_bits
                && b.max_finite() >= a.max_finite()
                && b.min_positive() <= a.min_positive()
        }
        _ => false,
    }
}

/// `complex(real(x), imag(x)) -> x`.
fn complex_parts(eg: &mut EGraph, root: Id, s: &Subst) -> bool {
    eg[s[var!("?x")]].data.ty == eg[root].data.ty
}

/// The compare, select and convert rules.
pub fn rules() -> Vec<RuleDef> {
    vec![
        // compare(x, x, EQ|GE|LE) == true
        def(
            "compare-self",
            "compare(x, x, dir) == (dir in {EQ, GE, LE})",
            "integer comparisons only (NaN != NaN)",
            "20 [S]",
            || rw_build("compare-self", "(compare ?s ?x ?x)", compare_self),
        ),
        // compare(a, b, dir) == compare(b, a, swap(dir))
        def(
            "compare-swap",
            "compare(a, b, dir) == compare(b, a, swap(dir))",
            "none (exact for NaN too)",
            "21 [S]",
            || rw_build("compare-swap", "(compare ?s ?a ?b)", compare_swap),
        ),
        // !compare(a, b, dir) == compare(a, b, !dir)
        def(
            "not-compare",
            "not(compare(a, b, dir)) == compare(a, b, negate(dir))",
            "integer comparisons only",
            "[S]",
            || rw_build("not-compare", "(not ?s (compare ?s2 ?a ?b))", not_compare),
        ),
        // select(p, y, y) == y
        def("select-same", "select(p, y, y) == y", "none", "22 [X,S]", || {
            rw("select-same", "(select ?s ?p ?y ?y)", "?y")
        }),
        // select(true, a, b) == a
        def("select-true", "select(true, a, b) == a", "p a splat true", "22 [X,S]", || {
            rw_if("select-true", "(select ?s ?p ?a ?b)", "?a", pred_true)
        }),
        // select(false, a, b) == b
        def("select-false", "select(false, a, b) == b", "p a splat false", "22 [X,S]", || {
            rw_if("select-false", "(select ?s ?p ?a ?b)", "?b", pred_false)
        }),
        // select(!p, a, b) == select(p, b, a)
        def("select-not", "select(not p, a, b) == select(p, b, a)", "none", "23 [S]", || {
            rw("select-not", "(select ?s (not ?s2 ?p) ?a ?b)", "(select ?s ?p ?b ?a)")
        }),
        // convert(x : T) : T == x
        def("convert-noop", "convert(x : T) : T == x", "equal types", "24 [X,S]", || {
            rw_if("convert-noop", "(convert ?s ?x)", "?x", same_type)
        }),
        // convert(convert(x : A) : B) : C == convert(x : A) : C
        def(
            "convert-convert",
            "convert(convert(x : A) : B) : C == convert(x) : C",
            "B holds every value of A exactly (widening); no complex",
            "24 [X]",
            || rw_build("convert-convert", "(convert ?s (convert ?s2 ?x))", convert_convert_m),
        ),
        // real(complex(r, i)) == r
        def("real-complex", "real(complex(r, i)) == r", "none", "25 [X,S]", || {
            rw("real-complex", "(real ?s (complex ?s2 ?r ?i))", "?r")
        }),
        // imag(complex(r, i)) == i
        def("imag-complex", "imag(complex(r, i)) == i", "none", "25 [X,S]", || {
            rw("imag-complex", "(imag ?s (complex ?s2 ?r ?i))", "?i")
        }),
        // complex(real(x), imag(x)) == x
        def("complex-real-imag", "complex(real(x), imag(x)) == x", "none", "25 [X,S]", || {
            rw_if("complex-real-imag", "(complex ?s (real ?s2 ?x) (imag ?s3 ?x))", "?x", complex_parts)
        }),
    ]
}

/// `convert(convert(x : A) : B) : C -> convert(x) : C` when `A -> B` is exact (B is the inner
/// convert's type, read from its signature).
fn convert_convert_m(eg: &mut EGraph, root: Id, s: &Subst) -> Option<Id> {
    // The middle type is the inner convert's result type: its signature's type.
    let mid_t = eg.analysis.sig(sig(eg, s[var!("?s2")])).ty;
    let x = s[var!("?x")];
    let a = eg.analysis.etype(ty(eg, x))?;
    let b = eg.analysis.etype(mid_t)?;
    if a.is_complex() || b.is_complex() || !widens_exactly(a, b) {
        return None;
    }
    let t = ty(eg, root);
    Some(crate::eqsat::analysis::add_op(eg, Kind::Convert, t, vec![], &[x]))
}
