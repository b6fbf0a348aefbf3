//! The `cf` dialect: every op of MLIR 22's `ControlFlowOps.td` (generated table
//! `ods/gen_cf.rs`), syntax from the declarative formats, the generic ODS verifier.

use crate::ods::DialectBuilder;
use strata_ir::Context;

/// Register the `cf` dialect.
pub fn register(ctx: &mut Context) {
    let b = DialectBuilder::new("cf", crate::ods::gen_cf::OPS);
    let d = b.finish(ctx);
    ctx.register_dialect(d);
}
