//! The rules, as data: one file per domain, each rule under its one-line algebra with its
//! preconditions next to it (Cranelift's `opts/*.isle` discipline).
//!
//! A [`RuleDef`] names a rule, says what it states (`algebra`), what must hold for it to be
//! sound (`preconditions`, checked through the analysis when it fires), whether it is exact
//! ([`Exactness::Exact`]: bit-identical results on the reference interpreter, NaN positions
//! included) or only within a documented tolerance ([`Exactness::FastMath`], enabled by the
//! `fast-math` option), and whether it is *expansive* (a multi-pattern or growth-prone rule,
//! searched only in the first iterations). `make` builds the egg rewrite. The soundness
//! harness, the `list-rules` table and the tests enumerate [`all`].
//!
//! Patterns are egg patterns over [`ENode`]; an op's first child is its signature, so
//! `(transpose ?s1 (transpose ?s2 ?x))` binds both transposes' signatures.
//!
//! Discipline (as Cranelift's): every rule keeps the result type; a rule that needs a
//! precondition checks it (never assumes it); rules go one way where the reverse only adds
//! nodes; commutativity and associativity run under the BackoffScheduler; float
//! reassociation and anything that can change a bit of a result is `FastMath`.

pub mod arith;
pub mod compare;
pub mod dot;
pub mod reduce;
pub mod shape;

use std::fmt::Write as _;
use std::sync::OnceLock;

use egg::{Applier, ConditionalApplier, Id, PatternAst, Searcher, Subst, Symbol, Var};
use strata_reference::value::{Element, Tensor};

use super::analysis::{self, EqAnalysis};
use super::language::{EGraph, ENode, Kind, Rewrite};

/// The domain of a rule (its file).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Domain {
    /// `arith.rs`: arithmetic and bitwise identities.
    Arith,
    /// `compare.rs`: compare, select, convert, complex parts.
    CompareSelect,
    /// `shape.rs`: reshape, transpose, broadcast, slice, concatenate, pad, reverse.
    Shape,
    /// `reduce.rs`: reductions.
    Reduce,
    /// `dot.rs`: dot_general and convolution.
    Dot,
}

impl Domain {
    /// The domain's name in tables.
    pub fn name(self) -> &'static str {
        match self {
            Domain::Arith => "arith",
            Domain::CompareSelect => "compare/select/convert",
            Domain::Shape => "shape",
            Domain::Reduce => "reduce",
            Domain::Dot => "dot/conv",
        }
    }
}

/// How exactly a rule preserves results.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Exactness {
    /// Bit-identical results (NaN positions identical) on the reference interpreter.
    Exact,
    /// Within a relative tolerance (float reassociation, signed zeros): only with `fast-math`.
    FastMath {
        /// The relative tolerance the soundness harness checks: of the larger of the result's
        /// magnitude and the magnitude of the reassociated terms (4·max|argument|²), plus four
        /// units in the last place of 16-bit float results; on finite inputs of moderate
        /// magnitude, comparing finite results only (fast-math assumes no NaN or infinity:
        /// an intermediate may overflow on one side only).
        rel_tol: f64,
    },
}

/// A rule: its documentation and how to build it.
pub struct RuleDef {
    /// The rule's name (`add-zero`); statistics and options use it.
    pub name: &'static str,
    /// Its domain.
    pub domain: Domain,
    /// What it states, in one line (`x + 0 == x`).
    pub algebra: &'static str,
    /// What must hold (checked through the analysis).
    pub preconditions: &'static str,
    /// Exact or within a tolerance.
    pub exactness: Exactness,
    /// Multi-pattern or growth-prone: searched only in the first `expansive-iters` iterations.
    pub expansive: bool,
    /// Where the rule comes from (X = XLA, S = StableHLO, T = TENSAT, D = DialEgg; the
    /// number in ../shared/notes/eqsat-rules.md).
    pub source: &'static str,
    /// Builds the egg rewrite.
    pub make: fn() -> Rewrite,
}

/// Every rule, in domain order.
pub fn all() -> &'static [RuleDef] {
    static ALL: OnceLock<Vec<RuleDef>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut v = Vec::new();
        v.extend(arith::rules());
        v.extend(compare::rules());
        v.extend(shape::rules());
        v.extend(reduce::rules());
        v.extend(dot::rules());
        v
    })
}

/// The rule named `name`.
pub fn find(name: &str) -> Option<&'static RuleDef> {
    all().iter().find(|r| r.name == name)
}

/// The rule table as Markdown (what `list-rules` prints and the docs show).
pub fn table_text() -> String {
    let mut s =
        String::from("| rule | domain | algebra | preconditions | exact | source |\n|---|---|---|---|---|---|\n");
    for r in all() {
        let exact = match r.exactness {
            Exactness::Exact => "exact".to_string(),
            Exactness::FastMath { rel_tol } => format!("fast-math ({rel_tol:e})"),
        };
        let _ = writeln!(
            s,
            "| `{}`{} | {} | `{}` | {} | {} | {} |",
            r.name,
            if r.expansive { " (expansive)" } else { "" },
            r.domain.name(),
            r.algebra,
            r.preconditions,
            exact,
            r.source
        );
    }
    s
}

// ----- building rules -----

/// A pattern from its text (a bug in a rule if it does not parse).
pub fn pat(s: &str) -> egg::Pattern<ENode> {
    s.parse().unwrap_or_else(|e| panic!("eqsat rule pattern `{s}`: {e}"))
}

/// A pattern variable, interned once per call site.
#[macro_export]
#[doc(hidden)]
macro_rules! __eqsat_var {
    ($s:literal) => {{
        static V: std::sync::OnceLock<egg::Var> = std::sync::OnceLock::new();
        *V.get_or_init(|| $s.parse().expect("a variable"))
    }};
}
pub use crate::__eqsat_var as var;

/// A condition on a match.
pub type Cond = fn(&mut EGraph, Id, &Subst) -> bool;
/// A builder of a rule's right side: adds it and returns its class (`None`: does not apply).
pub type BuildFn = fn(&mut EGraph, Id, &Subst) -> Option<Id>;
/// A builder for custom-searched rules: given a node of the searched kind in class `Id`.
pub type NodeFn = fn(&mut EGraph, Id, &ENode) -> Option<Id>;

/// `lhs => rhs`.
pub fn rw(name: &str, lhs: &str, rhs: &str) -> Rewrite {
    Rewrite::new(name, pat(lhs), pat(rhs)).unwrap_or_else(|e| panic!("{e}"))
}

/// `lhs => rhs if cond`.
pub fn rw_if(name: &str, lhs: &str, rhs: &str, cond: Cond) -> Rewrite {
    Rewrite::new(name, pat(lhs), ConditionalApplier { condition: cond, applier: pat(rhs) })
        .unwrap_or_else(|e| panic!("{e}"))
}

/// `lhs => build(match)`.
pub fn rw_build(name: &str, lhs: &str, build: BuildFn) -> Rewrite {
    Rewrite::new(name, pat(lhs), Build(build)).unwrap_or_else(|e| panic!("{e}"))
}

/// Every node of `kind` (any arity), rewritten by `f`.
pub fn rw_node(name: &str, kind: Kind, f: NodeFn) -> Rewrite {
    Rewrite::new(name, KindsSearcher(vec![kind]), NodesBuild(vec![kind], f)).unwrap_or_else(|e| panic!("{e}"))
}

/// Every node of any of `kinds`, rewritten by `f`.
pub fn rw_nodes(name: &str, kinds: &[Kind], f: NodeFn) -> Rewrite {
    Rewrite::new(name, KindsSearcher(kinds.to_vec()), NodesBuild(kinds.to_vec(), f)).unwrap_or_else(|e| panic!("{e}"))
}

/// Unions `new` with the matched class, checking types (a rule that changes the type is a bug:
/// counted, never applied).
fn union_checked(
    eg: &mut EGraph,
    eclass: Id,
    new: Id,
    subst: &Subst,
    ast: Option<&PatternAst<ENode>>,
    rule: Symbol,
) -> Vec<Id> {
    if eg[eclass].data.ty != eg[new].data.ty {
        eg.analysis.type_errors.push(rule.to_string());
        debug_assert!(false, "eqsat rule {rule} changes the type");
        return vec![];
    }
    let from = match ast {
        Some(a) => eg.add_instantiation(a, subst),
        None => eclass,
    };
    if eg.union_trusted(from, new, rule) {
        vec![eg.find(eclass)]
    } else {
        vec![]
    }
}

/// An applier from a [`BuildFn`].
pub struct Build(pub BuildFn);

impl Applier<ENode, EqAnalysis> for Build {
    fn apply_one(
        &self,
        eg: &mut EGraph,
        eclass: Id,
        subst: &Subst,
        ast: Option<&PatternAst<ENode>>,
        rule: Symbol,
    ) -> Vec<Id> {
        match (self.0)(eg, eclass, subst) {
            Some(new) => union_checked(eg, eclass, new, subst, ast, rule),
            None => vec![],
        }
    }
}

/// Searches every class holding a node of one of some kinds (one match per class).
pub struct KindsSearcher(pub Vec<Kind>);

impl Searcher<ENode, EqAnalysis> for KindsSearcher {
    fn search_eclass_with_limit(&self, eg: &EGraph, eclass: Id, limit: usize) -> Option<egg::SearchMatches<'_, ENode>> {
        if limit == 0 || !eg[eclass].nodes.iter().any(|n| n.kind().is_some_and(|k| self.0.contains(&k))) {
            return None;
        }
        let mut s = Subst::default();
        s.insert(var!("?root"), eclass);
        Some(egg::SearchMatches { eclass, substs: vec![s], ast: None })
    }
    fn search_with_limit(&self, eg: &EGraph, limit: usize) -> Vec<egg::SearchMatches<'_, ENode>> {
        let mut ids: Vec<Id> = Vec::new();
        for k in &self.0 {
            if let Some(it) = eg.classes_for_op(&super::language::Discriminant::Op(*k)) {
                ids.extend(it);
            }
        }
        ids.sort();
        ids.dedup();
        let mut out = Vec::new();
        for id in ids {
            if out.len() >= limit {
                break;
            }
            if let Some(m) = self.search_eclass_with_limit(eg, id, limit - out.len()) {
                out.push(m);
            }
        }
        out
    }
    fn vars(&self) -> Vec<Var> {
        vec![var!("?root")]
    }
}

/// An applier calling a [`NodeFn`] on every node of the given kinds in the matched class.
pub struct NodesBuild(pub Vec<Kind>, pub NodeFn);

impl Applier<ENode, EqAnalysis> for NodesBuild {
    fn apply_one(
        &self,
        eg: &mut EGraph,
        eclass: Id,
        subst: &Subst,
        _ast: Option<&PatternAst<ENode>>,
        rule: Symbol,
    ) -> Vec<Id> {
        let nodes: Vec<ENode> =
            eg[eclass].nodes.iter().filter(|n| n.kind().is_some_and(|k| self.0.contains(&k))).cloned().collect();
        let mut out = Vec::new();
        for n in nodes {
            if let Some(new) = (self.1)(eg, eclass, &n) {
                out.extend(union_checked(eg, eclass, new, subst, None, rule));
            }
        }
        out
    }
}

// ----- reading matches -----

/// The result type of a value class.
pub fn ty(eg: &EGraph, id: Id) -> strata_ir::Type {
    analysis::ty(eg, id)
}

/// The signature bound to a signature variable.
pub fn sig(eg: &EGraph, id: Id) -> super::language::SigId {
    analysis::sig(eg, id)
}

/// Whether a value class holds integers (signed, unsigned, `i1`).
pub fn is_int(eg: &EGraph, id: Id) -> bool {
    let t = ty(eg, id);
    eg.analysis.is_int(t)
}

/// Whether a value class holds real floats.
pub fn is_float(eg: &EGraph, id: Id) -> bool {
    let t = ty(eg, id);
    eg.analysis.is_float(t)
}

/// The splat element of a class, if it is a known splat.
pub fn splat_elem(eg: &EGraph, id: Id) -> Option<Element> {
    analysis::splat(eg, id).and_then(|t| t.get_flat(0))
}

/// Whether every element is integer or boolean zero, or float zero of the given sign
/// (`None`: either sign).
pub fn splat_is_zero(eg: &EGraph, id: Id, negative: Option<bool>) -> bool {
    match splat_elem(eg, id) {
        Some(Element::Bool(b)) => !b,
        Some(Element::Int(i)) => i == 0,
        Some(Element::UInt(u)) => u == 0,
        Some(Element::Float(f)) => f == 0.0 && negative.is_none_or(|n| f.is_sign_negative() == n),
        _ => false,
    }
}

/// Whether every element is one (`true` for `i1`).
pub fn splat_is_one(eg: &EGraph, id: Id) -> bool {
    match splat_elem(eg, id) {
        Some(Element::Bool(b)) => b,
        Some(Element::Int(i)) => i == 1,
        Some(Element::UInt(u)) => u == 1,
        Some(Element::Float(f)) => f == 1.0,
        _ => false,
    }
}

/// Whether every element is the float or integer `v`.
pub fn splat_is(eg: &EGraph, id: Id, v: f64) -> bool {
    match splat_elem(eg, id) {
        Some(Element::Int(i)) => i as f64 == v,
        Some(Element::UInt(u)) => u as f64 == v && v >= 0.0,
        Some(Element::Float(f)) => f == v,
        _ => false,
    }
}

/// Whether every element has all bits set (`true` for `i1`, `-1` signed, the maximum unsigned).
pub fn splat_is_all_ones(eg: &EGraph, id: Id) -> bool {
    let t = ty(eg, id);
    let e = eg.analysis.etype(t);
    match (splat_elem(eg, id), e) {
        (Some(Element::Bool(b)), _) => b,
        (Some(Element::Int(i)), _) => i == -1,
        (Some(Element::UInt(u)), Some(e)) => e.int_range().is_some_and(|(_, hi)| u as i128 == hi),
        _ => false,
    }
}

/// A splat constant of type `ty` whose element is `e` (coerced to the element type).
pub fn splat_const(eg: &mut EGraph, ty: strata_ir::Type, e: Element) -> Option<Id> {
    let et = eg.analysis.etype(ty)?;
    let e = et.coerce(e).ok()?;
    let scalar = Tensor::scalar(et, e).ok()?;
    analysis::add_splat(eg, ty, scalar)
}

/// Zero of a class's element type, as a splat constant of type `ty`.
pub fn zero_of(eg: &mut EGraph, ty: strata_ir::Type) -> Option<Id> {
    let et = eg.analysis.etype(ty)?;
    splat_const(eg, ty, et.zero())
}
