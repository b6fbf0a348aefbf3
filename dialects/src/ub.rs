//! The `ub` dialect: `ub.poison` and `ub.unreachable` of MLIR 22's `UBOps.td` (generated table
//! `ods/gen_ub.rs`), syntax from their declarative formats (`%0 = ub.poison : f32`; the default
//! value `#ub.poison` is elided).

use crate::ods::DialectBuilder;
use strata_ir::dialect::VerifyError;
use strata_ir::{AttrKind, Context, OpId};

/// `value` must be a poison attribute (a dialect attribute such as `#ub.poison`).
fn verify_poison(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    match ctx.attr(op, "value").map(|a| ctx.attr_kind(a)) {
        None | Some(AttrKind::Dialect { .. }) => Ok(()),
        Some(_) => Err("attribute 'value' failed to satisfy constraint: PoisonAttrInterface instance".into()),
    }
}

/// Register the `ub` dialect.
pub fn register(ctx: &mut Context) {
    let mut b = DialectBuilder::new("ub", crate::ods::gen_ub::OPS);
    b.verifier("ub.poison", verify_poison);
    let d = b.finish(ctx);
    ctx.register_dialect(d);
}
