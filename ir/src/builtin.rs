//! The builtin dialect: `builtin.module` and `builtin.unrealized_conversion_cast`.

use crate::dialect::{Dialect, OpInfo, Traits};
use crate::Context;

crate::op_view! {
    /// `builtin.module`
    pub ModuleOp = "builtin.module" { optional_attrs { sym_name: &'a str } regions { body_region: 0 } }
    /// `builtin.unrealized_conversion_cast`
    pub UnrealizedConversionCastOp = "builtin.unrealized_conversion_cast" {}
}

impl ModuleOp<'_> {
    /// The module's single block.
    pub fn body(&self) -> Option<crate::BlockId> {
        self.region_entry(0)
    }
}

/// Register the builtin dialect (done by [`Context::new`]).
pub fn register(ctx: &mut Context) {
    let d = Dialect::new("builtin")
        .op(OpInfo::new("builtin.module")
            .traits(
                Traits::ISOLATED_FROM_ABOVE
                    | Traits::SYMBOL_TABLE
                    | Traits::NO_TERMINATOR
                    | Traits::SINGLE_BLOCK
                    | Traits::ONE_REGION
                    | Traits::NO_REGION_ARGUMENTS
                    | Traits::GRAPH_REGIONS
                    | Traits::AFFINE_SCOPE
                    | Traits::ZERO_OPERANDS
                    | Traits::ZERO_RESULTS,
            )
            .inherent(&["sym_name", "sym_visibility"])
            .default_dialect("builtin")
            .assembly(crate::parser::parse_module, crate::printer::print_module)
            .with_view::<ModuleOp>())
        .op(OpInfo::new("builtin.unrealized_conversion_cast")
            .traits(Traits::PURE)
            .with_view::<UnrealizedConversionCastOp>());
    ctx.register_dialect(d);
}
