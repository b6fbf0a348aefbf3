//! VHLO attributes used inside VHLO types: the bounds of a dynamically shaped tensor,
//! `#vhlo.type_extensions_v1<bounds = [4, ?]>`, which is StableHLO's
//! `#stablehlo.bounds<4, ?>` tensor encoding.

use strata_ir::{AttrKind, Attribute, Context};

/// The VHLO text of a StableHLO tensor encoding (only `#stablehlo.bounds<...>` has one).
pub fn encoding_to_vhlo(ctx: &Context, a: Attribute) -> Option<String> {
    match ctx.attr_kind(a) {
        AttrKind::Dialect { dialect, body, .. } if ctx.str(*dialect) == "stablehlo" => {
            let inner = body.strip_prefix("bounds<")?.strip_suffix('>')?;
            Some(format!("#vhlo.type_extensions_v1<bounds = [{inner}]>"))
        }
        _ => None,
    }
}

/// The StableHLO encoding of a VHLO tensor encoding text.
pub fn encoding_from_vhlo(ctx: &mut Context, text: &str) -> Option<Attribute> {
    let inner = text.strip_prefix("#vhlo.type_extensions_v1<bounds = [")?.strip_suffix("]>")?;
    let dialect = ctx.sym("stablehlo");
    Some(ctx.intern_attr(AttrKind::Dialect { dialect, body: format!("bounds<{inner}>"), opaque: false }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vhlo::types::VType;

    #[test]
    fn bounded_tensor_types_convert_both_ways() {
        let mut ctx = Context::new();
        crate::register_all(&mut ctx);
        let t = strata_ir::parser::parse_type_str(&mut ctx, "tensor<?x3xf32, #stablehlo.bounds<4, ?>>").unwrap();
        let v = VType::from_builtin(&ctx, t).unwrap();
        assert_eq!(v.text(), "!vhlo.tensor_v1<?x3x!vhlo.f32_v1, #vhlo.type_extensions_v1<bounds = [4, ?]>>");
        assert_eq!(v.to_builtin(&mut ctx), Some(t));
        let tok = ctx.dialect_type("stablehlo", "token");
        let f = ctx.function_type(vec![t, tok], vec![t]);
        let vf = VType::from_builtin(&ctx, f).unwrap();
        assert_eq!(crate::vhlo::types::parse_text(&vf.text()), Some(vf.clone()));
        assert_eq!(vf.to_builtin(&mut ctx), Some(f));
    }
}
