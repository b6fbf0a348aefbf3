//! The `math` dialect: every op of MLIR 22's `MathOps.td` (generated table `ods/gen_math.rs`),
//! syntax from the declarative formats, the generic ODS verifier.

use crate::ods::DialectBuilder;
use strata_ir::Context;

/// Register the `math` dialect.
pub fn register(ctx: &mut Context) {
    let b = DialectBuilder::new("math", crate::ods::gen_math::OPS);
    let d = b.finish(ctx);
    ctx.register_dialect(d);
}
