//! Constant folding of StableHLO ops (StableHLO's `stablehlo-aggressive-folder`), computed by
//! the interpreter (`strata_interp::eval::Interpreter::eval_single_op`): a folded constant is
//! bit for bit what the interpreter would compute for the op, so folding cannot change a
//! program's results (one semantics, not two).
//!
//! An op folds when every operand is a constant, it is pure, has no side effects or regions
//! that read outer values, and every result is a static, unquantized tensor of at most
//! `fold-op-element-limit` elements (StableHLO's option, default 1). Splats are exempt, as in
//! StableHLO: a shape op (`broadcast_in_dim`, `broadcast`, `reshape`, `transpose`, `reverse`,
//! `slice`) of a splat is the splat of the result type, and an elementwise op of splats is
//! computed on one element.
//!
//! Never folded: ops whose point is to stay (`optimization_barrier`), ops without operands
//! (`iota`, `constant`: folding them would only grow the program), random number generation,
//! `custom_call`, `composite`, collectives, control flow, tokens and tuples.

use std::cell::RefCell;

use strata_dialects::stablehlo::OPS;
use strata_interp::eval::Interpreter;
use strata_ir::rewrite::{PatternRewriter, RewritePattern};
use strata_ir::{AttrKind, Attribute, OpId, Traits, TypeKind};
use strata_reference::convert::{dense_attr_from_tensor, tensor_from_dense_attr};
use strata_reference::value::{Tensor, Value as RValue};

use super::consts::{const_of, splat_attr, splat_bits};

/// StableHLO's default `fold-op-element-limit`.
pub const DEFAULT_FOLD_LIMIT: i64 = 1;

/// Ops that never fold (see the module docs).
const NEVER: &[&str] = &[
    "stablehlo.constant",
    "stablehlo.iota",
    "stablehlo.optimization_barrier",
    "stablehlo.rng",
    "stablehlo.rng_bit_generator",
    "stablehlo.custom_call",
    "stablehlo.composite",
    "stablehlo.tuple",
    "stablehlo.get_tuple_element",
    "stablehlo.while",
    "stablehlo.if",
    "stablehlo.case",
    "stablehlo.return",
    "stablehlo.after_all",
    "stablehlo.create_token",
    "stablehlo.partition_id",
    "stablehlo.replica_id",
    "stablehlo.get_dimension_size",
];

/// Shape ops whose result of a splat operand is a splat of the same element.
const SPLAT_SHAPE_OPS: &[&str] = &[
    "stablehlo.broadcast_in_dim",
    "stablehlo.broadcast",
    "stablehlo.reshape",
    "stablehlo.transpose",
    "stablehlo.reverse",
    "stablehlo.slice",
];

/// The folding pattern for one StableHLO op.
pub struct StablehloFold {
    root: &'static str,
    limit: i64,
    splat_shape: bool,
    interp: RefCell<Interpreter>,
}

/// One folding pattern per foldable StableHLO op (pure ops with operands; see the module docs).
pub fn patterns(limit: i64) -> Vec<Box<dyn RewritePattern>> {
    OPS.iter()
        .filter(|d| d.traits.contains(Traits::PURE) && !d.traits.contains(Traits::IS_TERMINATOR))
        .filter(|d| !NEVER.contains(&d.name))
        .map(|d| {
            Box::new(StablehloFold {
                root: d.name,
                limit,
                splat_shape: SPLAT_SHAPE_OPS.contains(&d.name),
                interp: RefCell::new(Interpreter::new()),
            }) as Box<dyn RewritePattern>
        })
        .collect()
}

impl RewritePattern for StablehloFold {
    fn name(&self) -> &str {
        "stablehlo-fold"
    }
    fn root(&self) -> Option<&str> {
        Some(self.root)
    }
    fn benefit(&self) -> u16 {
        // Folding first, as MLIR's driver folds before trying patterns.
        100
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter) -> bool {
        let ops = rw.operands(op);
        if ops.is_empty() {
            return false;
        }
        let mut consts: Vec<Attribute> = Vec::with_capacity(ops.len());
        for &v in ops {
            match const_of(rw, v) {
                Some(a)
                    if matches!(rw.attr_kind(a), AttrKind::DenseElements { .. } | AttrKind::DenseResource { .. }) =>
                {
                    consts.push(a)
                }
                _ => return false,
            }
        }
        // Results: static, unquantized, unencoded tensors.
        let mut max_elems = 0i64;
        let n = rw.num_results(op);
        if n == 0 {
            return false;
        }
        for i in 0..n {
            let t = rw.value_type(rw.result(op, i));
            let Some(s) = rw.shaped(t) else { return false };
            if !s.is_tensor() || !s.is_static() || s.encoding().is_some() {
                return false;
            }
            if !matches!(
                rw.type_kind(s.element_type()),
                TypeKind::Integer { .. } | TypeKind::Float(_) | TypeKind::Complex(_)
            ) {
                return false;
            }
            max_elems = max_elems.max(s.num_elements().unwrap_or(i64::MAX));
        }
        let all_splat = consts.iter().all(|&a| is_splat(rw, a));
        let loc = rw.op(op).loc();
        if max_elems > self.limit {
            if !all_splat {
                return false;
            }
            if self.splat_shape {
                // The splat's element, when the element type is kept.
                let rt = rw.value_type(rw.result(op, 0));
                let ot = rw.value_type(ops[0]);
                let (re, oe) = (rw.type_kind(rt).element_type(), rw.type_kind(ot).element_type());
                if re != oe || n != 1 {
                    return false;
                }
                let Some((_, bits)) = splat_bits(rw, consts[0]) else { return false };
                let Some(a) = rw.interner(|c| splat_attr(c, rt, bits)) else { return false };
                return replace_with_constants(rw, op, &[a], loc);
            }
            if !rw.op_has_trait(op, Traits::ELEMENTWISE) || n != 1 {
                return false;
            }
            // One element: operands as rank-preserving all-ones shapes.
            let mut args = Vec::with_capacity(consts.len());
            for &a in &consts {
                let Ok(t) = tensor_from_dense_attr(rw, a) else { return false };
                let shape = vec![1i64; t.shape().len()];
                let Some(one) = first_element(&t, shape) else { return false };
                args.push(RValue::Tensor(one));
            }
            let Ok(out) = self.interp.borrow_mut().eval_single_op(rw, op, args) else { return false };
            let Some(RValue::Tensor(r)) = out.into_iter().next() else { return false };
            if r.num_elements() != 1 {
                return false;
            }
            let rt = rw.value_type(rw.result(op, 0));
            let one = rw.interner(|c| dense_attr_from_tensor(c, &r));
            let Some((_, bits)) = splat_bits(rw, one) else { return false };
            let Some(a) = rw.interner(|c| splat_attr(c, rt, bits)) else { return false };
            return replace_with_constants(rw, op, &[a], loc);
        }
        let mut args = Vec::with_capacity(consts.len());
        for &a in &consts {
            match tensor_from_dense_attr(rw, a) {
                Ok(t) => args.push(RValue::Tensor(t)),
                Err(_) => return false,
            }
        }
        let Ok(out) = self.interp.borrow_mut().eval_single_op(rw, op, args) else { return false };
        let mut attrs = Vec::with_capacity(n);
        for (i, v) in out.into_iter().enumerate() {
            let RValue::Tensor(t) = v else { return false };
            let a = rw.interner(|c| dense_attr_from_tensor(c, &t));
            let want = rw.value_type(rw.result(op, i));
            match rw.attr_kind(a) {
                AttrKind::DenseElements { ty, .. } if *ty == want => attrs.push(a),
                _ => return false,
            }
        }
        replace_with_constants(rw, op, &attrs, loc)
    }
}

fn is_splat(ctx: &strata_ir::Context, a: Attribute) -> bool {
    match ctx.attr_kind(a) {
        AttrKind::DenseElements { data, ty } => {
            data.splat || ctx.shaped(*ty).and_then(|s| s.num_elements()).is_some_and(|n| n <= 1)
        }
        _ => false,
    }
}

/// The first element of `t` as a tensor of `shape` (all ones).
fn first_element(t: &Tensor, shape: Vec<i64>) -> Option<Tensor> {
    if t.num_elements() == 0 {
        return None;
    }
    let zeros = vec![0i64; shape.len()];
    strata_reference::kernels::slice(t, &zeros, &shape, &shape).ok()
}

/// Materialize `attrs` as `stablehlo.constant`s before `op` and replace its results.
pub fn replace_with_constants(rw: &mut PatternRewriter, op: OpId, attrs: &[Attribute], loc: Attribute) -> bool {
    let Some(m) = rw.dialect("stablehlo").and_then(|d| d.materialize_constant) else { return false };
    let mut vals = Vec::with_capacity(attrs.len());
    for (i, &a) in attrs.iter().enumerate() {
        let ty = rw.value_type(rw.result(op, i));
        let Some(c) = rw.interner(|ctx| m(ctx, a, ty, loc)) else { return false };
        rw.set_insertion_point_before(op);
        rw.insert(c);
        vals.push(rw.result(c, 0));
    }
    rw.replace_op(op, &vals);
    true
}
