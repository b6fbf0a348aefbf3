//! The `complex` dialect: every op of MLIR 22's `ComplexOps.td` (generated table
//! `ods/gen_complex.rs`), syntax from the declarative formats, the generic ODS verifier.

use crate::ods::DialectBuilder;
use strata_ir::{Context, OpId};

fn constant_name(_: &Context, _: OpId) -> Option<String> {
    Some("cst".into())
}

/// Register the `complex` dialect.
pub fn register(ctx: &mut Context) {
    let mut b = DialectBuilder::new("complex", crate::ods::gen_complex::OPS);
    b.op("complex.constant").0.asm_result_names = Some(constant_name);
    let d = b.finish(ctx);
    ctx.register_dialect(d);
}
