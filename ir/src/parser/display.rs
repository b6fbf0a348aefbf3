//! Types and attributes as text for diagnostic messages (MLIR quotes types: `'i32'`).

use crate::{Attribute, Context, Type};

/// A type as the printer spells it.
pub(crate) fn type_str(ctx: &Context, t: Type) -> String {
    crate::printer::type_to_string(ctx, t)
}

/// An attribute as the printer spells it.
pub(crate) fn attr_str(ctx: &Context, a: Attribute) -> String {
    crate::printer::attr_to_string(ctx, a)
}
