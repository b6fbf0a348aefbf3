//! Symbols and symbol tables (MLIR's `SymbolTable`), and the accessors of the function-like and
//! call-like ops every dialect shares (MLIR's `FunctionOpInterface` / `CallOpInterface`):
//! they read only builtin attributes (`sym_name`, `function_type`, `callee`), so they live in the
//! core rather than in one dialect, and dialect syntax, passes and the interpreter use them
//! without importing each other.

use crate::{AttrKind, Context, OpId, Traits, Type, TypeKind};

/// The `sym_name` of a symbol op.
pub fn symbol_name(ctx: &Context, op: OpId) -> Option<&str> {
    match ctx.attr_kind(ctx.attr(op, "sym_name")?) {
        AttrKind::String { value, .. } => Some(value.as_str()),
        _ => None,
    }
}

/// Find the symbol `name` in the nearest symbol table enclosing `from` (MLIR's
/// `SymbolTable::lookupNearestSymbolFrom`, flat references only).
pub fn lookup_symbol(ctx: &Context, from: OpId, name: &str) -> Option<OpId> {
    let mut cur = Some(from);
    while let Some(op) = cur {
        if ctx.op_has_trait(op, Traits::SYMBOL_TABLE) {
            for &r in ctx.op_regions(op) {
                for &b in ctx.region_blocks(r) {
                    for child in ctx.block_ops(b) {
                        if symbol_name(ctx, child) == Some(name) {
                            return Some(child);
                        }
                    }
                }
            }
        }
        cur = ctx.parent_op(op);
    }
    None
}

/// The function type of a function-like op (any op with a `function_type` type attribute):
/// its argument and result types.
pub fn function_type(ctx: &Context, op: OpId) -> Option<(Vec<Type>, Vec<Type>)> {
    let a = ctx.attr(op, "function_type")?;
    match ctx.attr_kind(a) {
        AttrKind::Type(t) => match ctx.type_kind(*t) {
            TypeKind::Function { inputs, results } => Some((inputs.clone(), results.clone())),
            _ => None,
        },
        _ => None,
    }
}

/// The callee symbol of a call-like op (a flat `callee` symbol reference).
pub fn callee(ctx: &Context, op: OpId) -> Option<String> {
    match ctx.attr_kind(ctx.attr(op, "callee")?) {
        AttrKind::SymbolRef { root, nested } if nested.is_empty() => Some(ctx.str(*root).to_string()),
        _ => None,
    }
}
