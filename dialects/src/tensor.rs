//! The `tensor` dialect: every op of MLIR 22's `TensorOps.td` (generated table
//! `ods/gen_tensor.rs`), syntax from the declarative formats (`DynamicIndexList` in
//! `ods/custom.rs`), result names as MLIR (`%extracted_slice`, `%dim`, ...), verifiers.

use crate::ods::DialectBuilder;
use strata_ir::{Context, OpId};

fn result_name(ctx: &Context, op: OpId) -> Option<String> {
    let n = ctx.op_name_of(op).strip_prefix("tensor.")?;
    Some(
        match n {
            "cast" => "cast",
            "collapse_shape" => "collapsed",
            "concat" => "concat",
            "dim" => "dim",
            "expand_shape" => "expanded",
            "extract" => "extracted",
            "extract_slice" => "extracted_slice",
            "from_elements" => "from_elements",
            "gather" => "gather",
            "generate" => "generated",
            "insert" => "inserted",
            "insert_slice" => "inserted_slice",
            "pad" => "padded",
            "rank" => "rank",
            "reshape" => "reshape",
            "scatter" => "scatter",
            "splat" => "splat",
            _ => return None,
        }
        .to_string(),
    )
}

/// Register the `tensor` dialect.
pub fn register(ctx: &mut Context) {
    let mut b = DialectBuilder::new("tensor", crate::ods::gen_tensor::OPS);
    for (info, _) in b.entries() {
        info.asm_result_names = Some(result_name);
    }
    let d = b.finish(ctx);
    ctx.register_dialect(d);
}
