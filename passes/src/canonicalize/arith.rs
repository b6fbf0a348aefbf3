//! MLIR's arith canonicalization patterns (`ArithCanonicalization.td`). The folders themselves (constant folding of scalars, splats and dense
//! elements, and the algebraic identities) are the ops' fold hooks
//! (`strata_dialects::arith_fold`), which the greedy driver runs before any pattern.
//!
//! - `addi(addi(x, c0), c1) -> addi(x, c0 + c1)`, `muli(muli(x, c0), c1) -> muli(x, c0 * c1)`
//!   (MLIR's `AddIAddConstant` and `MulIMulIConstant`: scalar constants; the overflow flags are
//!   the intersection of both ops', as MLIR's `MergeOverflow`). The inner op keeps its other
//!   users.
//! - Commutative ops get their constant on the right from the greedy driver, which applies the
//!   `Commutative` trait's folder to every op with the trait (as MLIR's `Operation::fold`).

use strata_ir::rewrite::{PatternRewriter, RewritePattern};
use strata_ir::{AttrKind, NamedAttribute, OpId, OperationState, Value};

use super::consts::{const_of, mask};
use super::stablehlo::FnPattern;

/// The arith patterns.
pub fn patterns() -> Vec<Box<dyn RewritePattern>> {
    let mut v: Vec<Box<dyn RewritePattern>> = Vec::new();
    let mut p = |name: &'static str, root: &'static str, f: fn(OpId, &mut PatternRewriter) -> bool| {
        v.push(Box::new(FnPattern { name, root, f }))
    };
    p("arith-addi-addi-constant", "arith.addi", reassociate_constant);
    p("arith-muli-muli-constant", "arith.muli", reassociate_constant);
    v
}

fn binary(rw: &PatternRewriter, op: OpId) -> Option<(Value, Value)> {
    let o = rw.operands(op);
    (o.len() == 2 && rw.num_results(op) == 1 && rw.op(op).regions().is_empty()).then(|| (o[0], o[1]))
}

/// A scalar integer constant operand: its width and value (bits, masked to the width).
fn scalar_int(rw: &PatternRewriter, v: Value) -> Option<(u32, u128)> {
    let a = const_of(rw, v)?;
    let AttrKind::Integer { value, ty } = rw.attr_kind(a) else { return None };
    let w = match rw.type_kind(*ty) {
        strata_ir::TypeKind::Integer { width, .. } => *width,
        strata_ir::TypeKind::Index => 64,
        _ => return None,
    };
    Some((w, (*value as u128) & mask(w)))
}

/// The `overflowFlags` of an op as bits (`nsw` 1, `nuw` 2; absent: none).
fn overflow_flags(rw: &PatternRewriter, op: OpId) -> u32 {
    let Some(a) = rw.attr(op, "overflowFlags") else { return 0 };
    let AttrKind::Dialect { body, .. } = rw.attr_kind(a) else { return 0 };
    let inner = body.split_once('<').map(|(_, r)| r.trim_end_matches('>')).unwrap_or("");
    inner
        .split(',')
        .map(|f| match f.trim() {
            "nsw" => 1,
            "nuw" => 2,
            _ => 0,
        })
        .fold(0, |a, b| a | b)
}

/// `addi(addi(x, c0), c1) -> addi(x, c0 + c1)`, `muli(muli(x, c0), c1) -> muli(x, c0 * c1)`
/// (wrapping integer arithmetic is associative).
fn reassociate_constant(op: OpId, rw: &mut PatternRewriter) -> bool {
    let Some((l, r)) = binary(rw, op) else { return false };
    let Some((w, c1)) = scalar_int(rw, r) else { return false };
    let Some(inner) = rw.defining_op(l) else { return false };
    if rw.op(inner).name() != rw.op(op).name() {
        return false;
    }
    let Some((x, c0v)) = binary(rw, inner) else { return false };
    let Some((w0, c0)) = scalar_int(rw, c0v) else { return false };
    let ty = rw.value_type(r);
    if w0 != w || rw.value_type(c0v) != ty {
        return false;
    }
    let c = if rw.op_name_of(op) == "arith.addi" { c0.wrapping_add(c1) } else { c0.wrapping_mul(c1) } & mask(w);
    // Sign-extend from the width (MLIR prints signless integers as signed).
    let v = if w < 128 && w > 0 && (c >> (w - 1)) & 1 == 1 { (c | !mask(w)) as i128 } else { c as i128 };
    let a = rw.interner(|ctx| ctx.intern_attr(AttrKind::Integer { value: v, ty }));
    let (outer_flags, merged) = (overflow_flags(rw, op), overflow_flags(rw, op) & overflow_flags(rw, inner));
    let loc = rw.op(op).loc();
    let (cname, value) = rw.interner(|ctx| (ctx.op_name("arith.constant"), ctx.sym("value")));
    let mut st = OperationState::new(cname, loc);
    st.result_types = vec![ty];
    st.properties.push(NamedAttribute { name: value, value: a });
    rw.set_insertion_point_before(op);
    let cst = rw.create(st);
    let cv = rw.result(cst, 0);
    rw.set_operands(op, vec![x, cv]);
    if merged != outer_flags {
        let body = match merged {
            0 => "overflow<none>",
            1 => "overflow<nsw>",
            2 => "overflow<nuw>",
            _ => "overflow<nsw, nuw>",
        };
        let f = rw.interner(|ctx| {
            let dialect = ctx.sym("arith");
            ctx.intern_attr(AttrKind::Dialect { dialect, body: body.into(), opaque: false })
        });
        rw.set_attr(op, "overflowFlags", f);
    }
    true
}
