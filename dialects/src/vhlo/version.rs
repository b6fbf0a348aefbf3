//! `vhlo-to-version{target=X.Y.Z}` (StableHLO's `VhloToVersion.cpp`): every VHLO op is
//! upgraded or downgraded to its version valid at the target. An upgrade adds the new
//! attributes with their defaults; a downgrade is allowed only when what the newer version
//! adds is absent or default (StableHLO's compatibility rules). Anything that cannot be
//! expressed at the target is an error naming the op and the version it needs.

use strata_ir::{Attribute, Context, Failure, NamedAttribute, OpId, Type};

use super::ops::{self, VOp};
use super::rebuild::{convert_module, Converter, NewOp};
use super::types::VType;
use super::vattr::{mk, VAttr};
use super::Version;

/// The default value a newer op version's attribute takes when upgrading.
fn upgrade_default(ctx: &mut Context, name: &str) -> Option<Attribute> {
    Some(match name {
        "result_accuracy" => {
            let mode = mk::enum_(ctx, "result_accuracy_mode_v1", "DEFAULT")?;
            VAttr::ResultAccuracy { atol: 0.0, rtol: 0.0, ulps: 0, mode }.intern(ctx)
        }
        "operand_batching_dims"
        | "start_indices_batching_dims"
        | "input_batching_dims"
        | "scatter_indices_batching_dims"
        | "source_target_pairs" => mk::i64_tensor(ctx, &[]),
        "lhs_precision_type"
        | "rhs_precision_type"
        | "accumulation_type"
        | "lhs_component_count"
        | "rhs_component_count"
        | "num_primitive_operations"
        | "allow_imprecise_accumulation" => {
            let t = VType::None.intern(ctx);
            VAttr::Type(t).intern(ctx)
        }
        _ => return None,
    })
}

/// Whether attribute `name` (present in `from` but not in `to`) may be dropped: it holds the
/// value an older version implies.
fn droppable(ctx: &mut Context, a: Attribute, name: &str) -> bool {
    let Some(d) = upgrade_default(ctx, name) else { return false };
    if a == d {
        return true;
    }
    // An empty tensor of any shape (`dense<> : tensor<0xi64>` or `tensor<0x2xi64>`).
    match VAttr::of(ctx, a) {
        Some(VAttr::Tensor(t)) => match ctx.attr_kind(t) {
            strata_ir::AttrKind::DenseElements { ty, .. } => match ctx.type_kind(*ty) {
                strata_ir::TypeKind::RankedTensor { shape, .. } => shape.contains(&0),
                _ => false,
            },
            _ => false,
        },
        _ => false,
    }
}

fn type_ok(ctx: &Context, t: Type, target: Version) -> Result<(), (String, Version)> {
    if let Some(v) = VType::of(ctx, t) {
        let need = v.min_version();
        if need > target {
            return Err((v.text(), need));
        }
    }
    Ok(())
}

/// Convert `module` (VHLO) to the ops and types of version `target`.
pub fn vhlo_to_version(ctx: &mut Context, module: OpId, target: Version) -> Result<(), Failure> {
    if target < super::MINIMUM_VERSION || target > super::CURRENT_VERSION {
        let loc = ctx.op(module).loc();
        ctx.emit_error(
            loc,
            format!(
                "target version {target} is outside the supported range [{}, {}]",
                super::MINIMUM_VERSION,
                super::CURRENT_VERSION
            ),
        );
        return Err(Failure);
    }
    struct C {
        target: Version,
    }
    fn fail(ctx: &mut Context, op: OpId, target: Version, msg: String) -> Result<NewOp, Failure> {
        let loc = ctx.op(op).loc();
        ctx.emit_error(loc, format!("failed to convert VHLO to v{target}: {msg}"));
        Err(Failure)
    }
    impl Converter for C {
        fn op(&mut self, ctx: &mut Context, op: OpId) -> Result<NewOp, Failure> {
            let target = self.target;
            let name = ctx.op_name_of(op).to_string();
            let Some(row) = name.strip_prefix("vhlo.").and_then(ops::lookup) else {
                return fail(ctx, op, target, format!("'{name}' is not a VHLO op"));
            };
            let results: Vec<Type> = ctx.results(op).map(|v| ctx.value_type(v)).collect();
            for &t in &results {
                if let Err((ts, need)) = type_ok(ctx, t, target) {
                    return fail(ctx, op, target, format!("type {ts} of '{name}' needs v{need} or later"));
                }
            }
            for v in ctx.operands(op).to_vec() {
                let t = ctx.value_type(v);
                if let Err((ts, need)) = type_ok(ctx, t, target) {
                    return fail(ctx, op, target, format!("type {ts} of '{name}' needs v{need} or later"));
                }
            }
            let to: &VOp = match ops::at_version(row.base, target) {
                Some(r) => r,
                None => {
                    let first = ops::versions_of(row.base)[0];
                    return fail(ctx, op, target, format!("'{name}' ({}) needs v{} or later", row.base, first.min));
                }
            };
            let props: Vec<NamedAttribute> = ctx.op(op).properties().to_vec();
            let mut out = Vec::new();
            for a in to.attrs {
                match props.iter().find(|p| ctx.str(p.name) == *a) {
                    Some(p) => out.push(*p),
                    None => match upgrade_default(ctx, a) {
                        Some(v) => {
                            let s = ctx.sym(a);
                            out.push(NamedAttribute { name: s, value: v })
                        }
                        None => {
                            return fail(ctx, op, target, format!("'{name}' has no attribute '{a}' for {}", to.name))
                        }
                    },
                }
            }
            for p in &props {
                let pn = ctx.str(p.name).to_string();
                if !to.attrs.contains(&pn.as_str()) && !droppable(ctx, p.value, &pn) {
                    let need = ops::versions_of(row.base)
                        .into_iter()
                        .find(|r| r.attrs.contains(&pn.as_str()))
                        .map(|r| r.min)
                        .unwrap_or(row.min);
                    return fail(
                        ctx,
                        op,
                        target,
                        format!("'{name}' ({}) with a non-default '{pn}' needs v{need} or later", row.base),
                    );
                }
            }
            // Variadic forms of the collectives (v2, 1.5.0) need one operand in v1.
            if to.name.ends_with("_v1")
                && matches!(to.base, "stablehlo.all_gather" | "stablehlo.all_reduce" | "stablehlo.all_to_all")
                && ctx.operands(op).len() != 1
            {
                return fail(
                    ctx,
                    op,
                    target,
                    format!("'{name}' ({}) with several operands needs v1.5.0 or later", row.base),
                );
            }
            if to.name == "composite_v1" && !ctx.op_regions(op).is_empty() {
                return fail(ctx, op, target, format!("'{name}' with composite regions needs v1.14.0 or later"));
            }
            let attributes = ctx.op(op).attributes().to_vec();
            out.sort_by(|a, b| ctx.str(a.name).cmp(ctx.str(b.name)));
            Ok(NewOp { name: format!("vhlo.{}", to.name), results, properties: out, attributes })
        }
        fn block_arg(&mut self, ctx: &mut Context, op: OpId, t: Type) -> Result<Type, Failure> {
            if let Err((ts, need)) = type_ok(ctx, t, self.target) {
                fail(ctx, op, self.target, format!("block argument type {ts} needs v{need} or later"))?;
            }
            Ok(t)
        }
    }
    convert_module(ctx, module, &mut C { target })
}
