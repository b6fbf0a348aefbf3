//! The `complex` dialect: every op of MLIR 22's `ComplexOps.td` (generated table
//! `ods/gen_complex.rs`), syntax from the declarative formats, the generic ODS verifier.

use crate::ods::DialectBuilder;
use strata_ir::Context;

/// Register the `complex` dialect.
pub fn register(ctx: &mut Context) {
    let b = DialectBuilder::new("complex", crate::ods::gen_complex::OPS);
    let d = b.finish(ctx);
    ctx.register_dialect(d);
}
