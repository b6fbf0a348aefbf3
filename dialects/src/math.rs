//! The `math` dialect: every op of MLIR 22's `MathOps.td` (generated table `ods/gen_math.rs`),
//! syntax from the declarative formats, the generic ODS verifier.

use crate::ods::DialectBuilder;
use strata_ir::{Context, OpId};

fn sincos_names(_: &Context, _: OpId) -> Option<String> {
    Some("sin,cos".into())
}

/// Register the `math` dialect.
pub fn register(ctx: &mut Context) {
    let mut b = DialectBuilder::new("math", crate::ods::gen_math::OPS);
    b.op("math.sincos").0.asm_result_names = Some(sincos_names);
    let d = b.finish(ctx);
    ctx.register_dialect(d);
}
