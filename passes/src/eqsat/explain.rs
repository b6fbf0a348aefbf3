//! Visibility: why a value changed (egg's explanations, printed as readable terms with the
//! `pretty` crate) and the saturated e-graph as Graphviz.
//!
//! A term prints as MLIR-ish nested calls: `transpose[permutation = array<i64: 1, 0>](%arg0)`,
//! opaque values by their block argument number (`%arg0`) or the op that defines them
//! (`%while#3`: the result of the block's op at index 3). An explanation is the chain of
//! rewrites from the original term of a value to the extracted one, one step per line, each
//! with the rule that justifies it.

use std::fmt::Write as _;

use egg::{FlatTerm, Id, Language, RecExpr};
use pretty::RcDoc;
use rustc_hash::FxHashMap;
use strata_ir::attributes::AttrKind;
use strata_ir::printer::{attr_to_string, type_to_string};
use strata_ir::{BlockId, Value};

use super::build::Imported;
use super::extract::Problem;
use super::language::{EGraph, ENode, Kind, SigId};

const WIDTH: usize = 100;

/// The text of an opaque value.
fn leaf_text(eg: &EGraph, l: u32) -> String {
    let ctx = &eg.analysis.ctx;
    match eg.analysis.leaves.get(l as usize).map(|x| x.value) {
        Some(Value::BlockArg { index, .. }) => format!("%arg{index}"),
        Some(Value::Result { op, index }) => {
            let name = ctx.op_name_of(op);
            let short = name.rsplit('.').next().unwrap_or(name);
            let pos = ctx.op(op).parent().map(|b| ctx.block_ops(b).position(|o| o == op).unwrap_or(0)).unwrap_or(0);
            if ctx.num_results(op) > 1 {
                format!("%{short}@{pos}#{index}")
            } else {
                format!("%{short}@{pos}")
            }
        }
        None => format!("%leaf{l}"),
    }
}

/// The op name and attributes of an op of kind `k` and signature `s`, e.g.
/// `transpose[permutation = array<i64: 1, 0>]`.
pub fn sig_text(eg: &EGraph, k: Kind, s: SigId) -> String {
    let a = &eg.analysis;
    let ctx = &a.ctx;
    let sig = a.sig(s);
    let name = match sig.name {
        Some(n) => ctx.op_name_str(n),
        None => k.short_name(),
    };
    let mut out = name.strip_prefix("stablehlo.").unwrap_or(name).to_string();
    let mut attrs = Vec::new();
    for na in &sig.attrs {
        let mut v = attr_to_string(ctx, na.value);
        if matches!(ctx.attr_kind(na.value), AttrKind::DenseElements { .. }) && v.len() > 48 {
            v.truncate(44);
            v.push_str(" ...");
        }
        attrs.push(format!("{} = {}", ctx.str(na.name), v));
    }
    if !attrs.is_empty() {
        let _ = write!(out, "[{}]", attrs.join(", "));
    }
    out
}

fn call_doc(head: String, args: Vec<RcDoc<'static, ()>>) -> RcDoc<'static, ()> {
    if args.is_empty() {
        return RcDoc::text(head);
    }
    RcDoc::text(head)
        .append(RcDoc::text("("))
        .append(
            RcDoc::line_()
                .append(RcDoc::intersperse(args, RcDoc::text(",").append(RcDoc::line())))
                .nest(2)
                .append(RcDoc::line_())
                .group(),
        )
        .append(RcDoc::text(")"))
}

fn flat_doc(eg: &EGraph, t: &FlatTerm<super::language::ENode>) -> RcDoc<'static, ()> {
    match &t.node {
        ENode::Leaf(l) => RcDoc::text(leaf_text(eg, *l)),
        ENode::Sig(s) => RcDoc::text(format!("sig{}", s.0)),
        ENode::Op(k, _) => {
            let head = match t.children.first().map(|c| &c.node) {
                Some(ENode::Sig(s)) => sig_text(eg, *k, *s),
                _ => t.node.to_string(),
            };
            let args = t.children.iter().skip(1).map(|c| flat_doc(eg, c)).collect();
            call_doc(head, args)
        }
    }
}

/// A term of a [`RecExpr`] as a document.
fn expr_doc(eg: &EGraph, e: &RecExpr<ENode>, i: Id) -> RcDoc<'static, ()> {
    match &e[i] {
        ENode::Leaf(l) => RcDoc::text(leaf_text(eg, *l)),
        ENode::Sig(s) => RcDoc::text(format!("sig{}", s.0)),
        ENode::Op(k, ch) => {
            let head = match &e[ch[0]] {
                ENode::Sig(s) => sig_text(eg, *k, *s),
                n => n.to_string(),
            };
            let args = ch[1..].iter().map(|&c| expr_doc(eg, e, c)).collect();
            call_doc(head, args)
        }
    }
}

fn render(d: RcDoc<'static, ()>) -> String {
    let mut s = String::new();
    let _ = d.render_fmt(WIDTH, &mut s);
    s
}

/// The readable text of the term rooted at the last node of `e`.
pub fn term_text(eg: &EGraph, e: &RecExpr<ENode>) -> String {
    let root = Id::from(e.as_ref().len() - 1);
    render(expr_doc(eg, e, root))
}

/// The original term of an entered value, from the IR.
fn original_expr(eg: &EGraph, imp: &Imported, v: Value) -> RecExpr<ENode> {
    let ctx = &eg.analysis.ctx;
    let entered: FxHashMap<strata_ir::OpId, usize> = imp.ops.iter().enumerate().map(|(i, &o)| (o, i)).collect();
    let leaf_of: FxHashMap<Value, u32> =
        eg.analysis.leaves.iter().enumerate().map(|(i, l)| (l.value, i as u32)).collect();
    let mut expr = RecExpr::default();
    let mut memo: FxHashMap<Value, Id> = FxHashMap::default();
    fn go(
        eg: &EGraph,
        imp: &Imported,
        entered: &FxHashMap<strata_ir::OpId, usize>,
        leaf_of: &FxHashMap<Value, u32>,
        v: Value,
        expr: &mut RecExpr<ENode>,
        memo: &mut FxHashMap<Value, Id>,
    ) -> Id {
        if let Some(&i) = memo.get(&v) {
            return i;
        }
        let ctx = &eg.analysis.ctx;
        let id = match ctx.defining_op(v).and_then(|o| entered.get(&o).map(|&i| (o, i))) {
            Some((o, i)) => {
                let origin = &imp.origins[i];
                let mut ch: smallvec::SmallVec<[Id; 3]> = smallvec::SmallVec::new();
                ch.push(expr.add(ENode::Sig(origin.sig)));
                for &x in ctx.operands(o) {
                    ch.push(go(eg, imp, entered, leaf_of, x, expr, memo));
                }
                expr.add(ENode::Op(origin.kind, ch))
            }
            None => expr.add(ENode::Leaf(leaf_of.get(&v).copied().unwrap_or(u32::MAX))),
        };
        memo.insert(v, id);
        id
    }
    let _ = ctx;
    go(eg, imp, &entered, &leaf_of, v, &mut expr, &mut memo);
    expr
}

/// The extracted term of class `c` (dense) under `choice`.
fn chosen_expr(eg: &EGraph, p: &Problem, choice: &[Option<u32>], c: u32) -> RecExpr<ENode> {
    let mut expr = RecExpr::default();
    let mut memo: FxHashMap<u32, Id> = FxHashMap::default();
    fn go(
        eg: &EGraph,
        p: &Problem,
        choice: &[Option<u32>],
        c: u32,
        expr: &mut RecExpr<ENode>,
        memo: &mut FxHashMap<u32, Id>,
    ) -> Id {
        if let Some(&i) = memo.get(&c) {
            return i;
        }
        let k = choice[c as usize].expect("chosen") as usize;
        let node = eg[p.classes[c as usize]].nodes[k].clone();
        let ch = p.nodes[c as usize][k].1.clone();
        let mut it = ch.into_iter();
        let node = node.map_children(|_| go(eg, p, choice, it.next().expect("child"), expr, memo));
        let id = expr.add(node);
        memo.insert(c, id);
        id
    }
    go(eg, p, choice, c, &mut expr, &mut memo);
    expr
}

/// Explains every root whose term changed: the original term, each rewrite step with its
/// rule, and the extracted term.
pub fn explain_block(eg: &mut EGraph, imp: &Imported, p: &Problem, choice: &[Option<u32>], out: &mut String) {
    for r in &imp.roots {
        let c = p.idx(eg, r.class);
        let before = original_expr(eg, imp, r.value);
        let after = chosen_expr(eg, p, choice, c);
        let (bt, at) = (term_text(eg, &before), term_text(eg, &after));
        if bt == at {
            continue;
        }
        let ctx = &eg.analysis.ctx;
        let loc = match r.value {
            Value::Result { op, .. } => attr_to_string(ctx, ctx.op(op).loc()),
            _ => String::new(),
        };
        let _ = writeln!(
            out,
            "stablehlo-eqsat: value of {} {loc}: {}",
            type_to_string(ctx, eg[r.class].data.ty.unwrap_or_else(|| ctx.value_type(r.value))),
            one_line(&bt)
        );
        let mut ex = eg.explain_equivalence(&before, &after);
        let flat = ex.make_flat_explanation().clone();
        for (i, step) in flat.iter().enumerate() {
            let rule = step_rule(step);
            let text = render(flat_doc(eg, step));
            if i == 0 {
                let _ = writeln!(out, "    {}", indent(&text, 4));
            } else {
                let _ = writeln!(out, "  = by {}", rule.unwrap_or_else(|| "congruence".into()));
                let _ = writeln!(out, "    {}", indent(&text, 4));
            }
        }
    }
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn indent(s: &str, n: usize) -> String {
    s.replace('\n', &format!("\n{}", " ".repeat(n)))
}

/// The rule applied somewhere in a flat term (forward or backward), if any.
fn step_rule(t: &FlatTerm<ENode>) -> Option<String> {
    if let Some(r) = &t.forward_rule {
        return Some(r.to_string());
    }
    if let Some(r) = &t.backward_rule {
        return Some(format!("{r} (backwards)"));
    }
    t.children.iter().find_map(step_rule)
}

fn dot_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Appends the e-graph of `block` as clusters (one per e-class, signature leaves folded into
/// their ops' labels) to a Graphviz digraph being written.
pub fn write_dot(eg: &EGraph, block: BlockId, out: &mut String) {
    let b = block.index();
    let mut classes: Vec<&egg::EClass<ENode, _>> = eg.classes().filter(|c| c.data.sig.is_none()).collect();
    classes.sort_by_key(|c| c.id);
    let _ = writeln!(out, "  subgraph cluster_block{b} {{\n    label=\"block {b}\";");
    for c in &classes {
        let _ = writeln!(out, "    subgraph cluster_b{b}_c{} {{\n      style=dotted;", usize::from(c.id));
        for (i, n) in c.nodes.iter().enumerate() {
            let label = match n {
                ENode::Leaf(l) => leaf_text(eg, *l),
                ENode::Sig(s) => format!("sig{}", s.0),
                ENode::Op(k, ch) => match eg[ch[0]].data.sig {
                    Some(s) => sig_text(eg, *k, s),
                    None => n.to_string(),
                },
            };
            let ty = c.data.ty.map(|t| type_to_string(&eg.analysis.ctx, t)).unwrap_or_default();
            let _ = writeln!(
                out,
                "      b{b}_n{}_{i} [label=\"{}\\n{}\"];",
                usize::from(c.id),
                dot_escape(&label),
                dot_escape(&ty)
            );
        }
        let _ = writeln!(out, "    }}");
    }
    for c in &classes {
        for (i, n) in c.nodes.iter().enumerate() {
            for (j, &ch) in n.operands().iter().enumerate() {
                let d = eg.find(ch);
                let _ = writeln!(
                    out,
                    "    b{b}_n{}_{i} -> b{b}_n{}_0 [lhead=cluster_b{b}_c{}, label=\"{j}\"];",
                    usize::from(c.id),
                    usize::from(d),
                    usize::from(d)
                );
            }
        }
    }
    let _ = writeln!(out, "  }}");
}
