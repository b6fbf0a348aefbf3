//! The `scf` dialect: every op of MLIR 22's `SCFOps.td` (generated table `ods/gen_scf.rs`);
//! the declarative formats, and by hand the syntax ODS leaves to C++ (`scf.for`, `scf.if`,
//! `scf.while`, ...).

use crate::ods::DialectBuilder;
use strata_ir::Context;

/// Register the `scf` dialect.
pub fn register(ctx: &mut Context) {
    let b = DialectBuilder::new("scf", crate::ods::gen_scf::OPS);
    let d = b.finish(ctx);
    ctx.register_dialect(d);
}
