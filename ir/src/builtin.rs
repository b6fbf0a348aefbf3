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

/// `($inputs^ : type($inputs))? to type($outputs) attr-dict` (MLIR's assembly format).
fn parse_cast(
    p: &mut crate::parser::OpAsmParser<'_, '_>,
    st: &mut crate::OperationState,
) -> crate::parser::ParseResult<()> {
    let ops = p.parse_operand_list(crate::parser::Delimiter::None)?;
    let tys = if ops.is_empty() { Vec::new() } else { p.parse_colon_type_list()? };
    p.resolve_operands(&ops, &tys, &mut st.operands)?;
    p.parse_keyword("to")?;
    st.result_types = p.parse_type_list()?;
    p.parse_optional_attr_dict(&mut st.attributes)?;
    Ok(())
}

fn print_cast(p: &mut crate::printer::OpAsmPrinter<'_>, op: crate::OpId) {
    let operands = p.ctx().operands(op).to_vec();
    if !operands.is_empty() {
        p.write(" ");
        p.print_operands(&operands);
        p.write(" : ");
        let tys: Vec<crate::Type> = operands.iter().map(|v| p.ctx().value_type(*v)).collect();
        p.print_type_list(&tys);
    }
    p.write(" to ");
    let rs: Vec<crate::Type> = p.ctx().results(op).map(|v| p.ctx().value_type(v)).collect();
    p.print_type_list(&rs);
    p.print_optional_attr_dict(op, &[]);
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
            .assembly(parse_cast, print_cast)
            .with_view::<UnrealizedConversionCastOp>());
    ctx.register_dialect(d);
}
