//! `shape-legalize-to-stablehlo`: StableHLO's `ShapeLegalizeToStablehloPass`
//! (`stablehlo/transforms/ShapeLegalizeToStablehlo.cpp`) as far as Strata goes: its conversion
//! target. The pass is a partial conversion in which the `shape` and `tensor` dialects (but
//! `tensor.cast`), `arith.index_cast`, `arith.muli` and StableHLO ops on `index` values are
//! illegal. Strata has no `shape` dialect and does not port the rewrite patterns (they turn
//! MLIR-style shape computations of dynamic programs into StableHLO's `tensor<i32>` form), so
//! a program without such ops passes unchanged and any illegal op fails the pass with
//! `failed to legalize operation` at the op — never a silent partial result.

use strata_ir::pass::{Pass, PassStatistics};
use strata_ir::{Context, Diagnostic, Failure, OpId, Type, TypeKind};

/// The `shape-legalize-to-stablehlo` pass.
#[derive(Default)]
pub struct ShapeLegalizeToStablehlo;

fn is_index_or_shaped_of_index(ctx: &Context, t: Type) -> bool {
    match ctx.type_kind(t) {
        TypeKind::Index => true,
        TypeKind::RankedTensor { element, .. } | TypeKind::UnrankedTensor { element } => {
            matches!(ctx.type_kind(*element), TypeKind::Index)
        }
        _ => false,
    }
}

fn illegal(ctx: &Context, op: OpId) -> bool {
    let name = ctx.op_name_of(op);
    if name == "tensor.cast" {
        return false;
    }
    name.starts_with("shape.")
        || name.starts_with("tensor.")
        || name == "arith.index_cast"
        || name == "arith.muli"
        || (name.starts_with("stablehlo.")
            && ctx.operands(op).iter().any(|v| is_index_or_shaped_of_index(ctx, ctx.value_type(*v))))
}

impl Pass for ShapeLegalizeToStablehlo {
    fn name(&self) -> &str {
        "shape-legalize-to-stablehlo"
    }
    fn display_name(&self) -> &str {
        "ShapeLegalizeToStablehloPass"
    }
    fn description(&self) -> &str {
        "Legalize shape-related ops to StableHLO."
    }
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            // Accepted as StableHLO's option; constraints are illegal ops here either way.
            "legalize-constraints" => strata_ir::pass::parse_bool_option(key, value).map(|_| ()),
            _ => Err(format!("no such option {key}")),
        }
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, _stats: &mut PassStatistics) -> Result<(), Failure> {
        let mut bad = None;
        ctx.walk_pre(op, &mut |o| {
            if bad.is_none() && o != op && illegal(ctx, o) {
                bad = Some(o);
            }
        });
        let Some(o) = bad else { return Ok(()) };
        let name = ctx.op_name_of(o).to_string();
        let d = Diagnostic::error(
            ctx.op(o).loc(),
            format!(
                "failed to legalize operation '{name}' that was explicitly marked illegal (Strata's \
                 shape-legalize-to-stablehlo has no conversion patterns for dynamic shape computations)"
            ),
        );
        ctx.emit(d);
        Err(Failure)
    }
}
