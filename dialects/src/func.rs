//! The `func` dialect (MLIR's `FuncOps.td`): `func.func`, `func.return`, `func.call`.
//!
//! `func.func` is a symbol with a `function_type`, optional `sym_visibility`, per-argument and
//! per-result attribute dictionaries (`arg_attrs`, `res_attrs`), and a body region whose entry
//! block arguments are the function's arguments (no body: a declaration). Custom syntax lives in
//! [`crate::func_syntax`].

use strata_ir::dialect::VerifyError;
use strata_ir::dialect::{Dialect, OpInfo, Traits};
use strata_ir::printer::type_to_string;
use strata_ir::{AttrKind, Context, OpId, Type};

pub use strata_ir::symbol::{callee, function_type, lookup_symbol, symbol_name};

fn ty(ctx: &Context, t: Type) -> String {
    type_to_string(ctx, t)
}

fn verify_func(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let (inputs, results) = function_type(ctx, op).ok_or("requires attribute 'function_type' of a function type")?;
    if symbol_name(ctx, op).is_none() {
        return Err("requires string attribute 'sym_name'".into());
    }
    if let Some(v) = ctx.attr(op, "sym_visibility") {
        match ctx.attr_kind(v) {
            AttrKind::String { value, .. } if ["public", "private", "nested"].contains(&value.as_str()) => {}
            _ => return Err("visibility expected to be one of [\"public\", \"private\", \"nested\"]".into()),
        }
    }
    for (name, n) in [("arg_attrs", inputs.len()), ("res_attrs", results.len())] {
        if let Some(a) = ctx.attr(op, name) {
            match ctx.attr_kind(a) {
                AttrKind::Array(v) if v.len() == n => {
                    if v.iter().any(|d| !matches!(ctx.attr_kind(*d), AttrKind::Dictionary(_))) {
                        return Err(format!("expects {name} to be an array of dictionaries").into());
                    }
                }
                AttrKind::Array(v) => {
                    let what = if name == "arg_attrs" { "argument" } else { "result" };
                    return Err(format!(
                        "expects {what} attribute array to have the same number of elements as the number of function {what}s, got {}, but expected {n}",
                        v.len()
                    ).into());
                }
                _ => return Err(format!("expects {name} to be an array attribute").into()),
            }
        }
    }
    let region = ctx.op_regions(op).first().copied().ok_or("requires one region")?;
    let Some(entry) = ctx.region_entry(region) else {
        return Ok(()); // declaration
    };
    let args: Vec<Type> = ctx.block_args(entry).map(|v| ctx.value_type(v)).collect();
    if args.len() != inputs.len() {
        return Err(format!("entry block must have {} arguments to match function signature", inputs.len()).into());
    }
    for (i, (a, t)) in args.iter().zip(&inputs).enumerate() {
        if a != t {
            return Err(format!(
                "type of entry block argument #{i}({}) must match the type of the corresponding argument in function signature({})",
                ty(ctx, *a),
                ty(ctx, *t)
            ).into());
        }
    }
    Ok(())
}

fn verify_return(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let Some(func) = ctx.parent_op(op) else { return Ok(()) };
    if ctx.op_name_of(func) != "func.func" {
        return Err("expects parent op 'func.func'".to_string().into());
    }
    let (_, results) = function_type(ctx, func).unwrap_or_default();
    let operands = ctx.operands(op);
    let fname = symbol_name(ctx, func).unwrap_or("");
    if operands.len() != results.len() {
        return Err(format!(
            "has {} operands, but enclosing function (@{fname}) returns {}",
            operands.len(),
            results.len()
        )
        .into());
    }
    for (i, (v, t)) in operands.iter().zip(&results).enumerate() {
        let vt = ctx.value_type(*v);
        if vt != *t {
            return Err(format!(
                "type of return operand {i} ({}) doesn't match function result type ({}) in function @{fname}",
                ty(ctx, vt),
                ty(ctx, *t)
            )
            .into());
        }
    }
    Ok(())
}

fn verify_call(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let name = callee(ctx, op).ok_or("requires a 'callee' symbol reference attribute")?;
    let Some(f) = lookup_symbol(ctx, op, &name) else {
        return Err(format!("'{name}' does not reference a valid function").into());
    };
    let Some((inputs, results)) = function_type(ctx, f) else {
        return Err(format!("'{name}' does not reference a valid function").into());
    };
    let operands = ctx.operands(op);
    if operands.len() != inputs.len() {
        return Err("incorrect number of operands for callee".into());
    }
    for (i, (v, t)) in operands.iter().zip(&inputs).enumerate() {
        if ctx.value_type(*v) != *t {
            return Err(format!(
                "operand type mismatch: expected operand type {}, but provided {} for operand number {i}",
                ty(ctx, *t),
                ty(ctx, ctx.value_type(*v))
            )
            .into());
        }
    }
    if ctx.num_results(op) != results.len() {
        return Err("incorrect number of results for callee".into());
    }
    for (i, (v, t)) in ctx.results(op).zip(&results).enumerate() {
        if ctx.value_type(v) != *t {
            return Err(format!(
                "result type mismatch at index {i}: expected result type {}, but provided {}",
                ty(ctx, *t),
                ty(ctx, ctx.value_type(v))
            )
            .into());
        }
    }
    Ok(())
}

strata_ir::op_view! {
    /// `func.func`
    pub FuncOp = "func.func" {
        attrs { sym_name: &'a str, function_type: strata_ir::Type }
        optional_attrs { sym_visibility: &'a str, arg_attrs: &'a [strata_ir::Attribute], res_attrs: &'a [strata_ir::Attribute], no_inline: bool }
        regions { body: 0 }
    }
    /// `func.return` (variadic operands)
    pub ReturnOp = "func.return" {}
    /// `func.call` (variadic operands)
    pub CallOp = "func.call" { attrs { callee: strata_ir::Attribute } optional_attrs { no_inline: bool } }
}

impl<'a> FuncOp<'a> {
    /// Whether the function is private (`sym_visibility = "private"`).
    pub fn is_private(&self) -> bool {
        self.sym_visibility() == Some("private")
    }
    /// Whether the function is a declaration (no body blocks).
    pub fn is_declaration(&self) -> bool {
        self.ctx().region_blocks(self.body()).is_empty()
    }
    /// The entry block of the body.
    pub fn entry_block(&self) -> Option<strata_ir::BlockId> {
        self.region_entry(0)
    }
}

impl<'a> CallOp<'a> {
    /// The callee's name (the root of the `callee` symbol reference).
    pub fn callee_name(&self) -> &'a str {
        match self.ctx().attr_kind(self.callee()) {
            strata_ir::AttrKind::SymbolRef { root, .. } => self.ctx().str(*root),
            _ => "",
        }
    }
}

/// Register the `func` dialect.
pub fn register(ctx: &mut Context) {
    let with_syntax = |info: OpInfo| match crate::func_syntax::hooks(&info.name.clone()) {
        Some((p, q)) => info.assembly(p, q),
        None => info,
    };
    let d = Dialect::new("func")
        .op(with_syntax(
            OpInfo::new("func.func")
                .traits(Traits::ISOLATED_FROM_ABOVE | Traits::SYMBOL | Traits::AFFINE_SCOPE | Traits::ONE_REGION)
                .inherent(&["sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs", "no_inline"])
                .verifier(verify_func)
                .default_dialect("func")
                .with_view::<FuncOp>(),
        ))
        .op(with_syntax(
            OpInfo::new("func.return")
                .traits(Traits::PURE | Traits::IS_TERMINATOR | Traits::RETURN_LIKE)
                .verifier(verify_return)
                .with_view::<ReturnOp>(),
        ))
        .op(with_syntax(
            OpInfo::new("func.call")
                .inherent(&["callee", "arg_attrs", "res_attrs", "no_inline"])
                .verifier(verify_call)
                .with_view::<CallOp>(),
        ));
    ctx.register_dialect(d);
}
