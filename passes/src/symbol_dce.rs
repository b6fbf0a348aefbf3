//! `symbol-dce`: MLIR's `SymbolDCE` pass (`mlir/lib/Transforms/SymbolDCE.cpp`).
//!
//! Runs on an op with the [`Traits::SYMBOL_TABLE`] trait. Symbols (ops with the
//! [`Traits::SYMBOL`] trait, and symbol tables) that are not public (`sym_visibility` `"private"`
//! or `"nested"`) and not referenced from live code are erased, in nested symbol tables too
//! (whose public symbols count as live only if the nested table itself is visible from outside). References are `SymbolRef` attributes (`@a`, `@a::@b`) anywhere in the attributes
//! of live ops and the ops nested in them (not looking into nested symbol tables, whose
//! references resolve there). Non-symbol ops and non-private symbols are live.
//!
//! Statistic: `num-dce'd` (symbols DCE'd).

use std::collections::HashSet;

use strata_ir::pass::{Pass, PassStatistics};
use strata_ir::verifier::op_error;
use strata_ir::{AttrKind, Attribute, Context, Diagnostic, Failure, OpId, Symbol, Traits};

/// The `symbol-dce` pass.
#[derive(Default)]
pub struct SymbolDce;

impl Pass for SymbolDce {
    fn name(&self) -> &str {
        "symbol-dce"
    }
    fn display_name(&self) -> &str {
        "SymbolDCE"
    }
    fn description(&self) -> &str {
        "Eliminate dead symbols"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, stats: &mut PassStatistics) -> Result<(), Failure> {
        stats.add("num-dce'd", "Number of symbols DCE'd", 0);
        if !ctx.op_has_trait(op, Traits::SYMBOL_TABLE) {
            let d = op_error(ctx, op, " was scheduled to run under SymbolDCE, but does not define a symbol table");
            ctx.emit(d);
            return Err(Failure);
        }
        let hidden = if ctx.parent_op(op).is_some() && is_symbol(ctx, op) { is_private(ctx, op) } else { true };
        let mut live = HashSet::new();
        if let Err(d) = compute_liveness(ctx, op, hidden, &mut live) {
            ctx.emit(d);
            return Err(Failure);
        }
        // Post-order, as MLIR's walk: symbols of dead nested tables are counted too.
        let tables: Vec<OpId> =
            ctx.collect_post_order(op).into_iter().filter(|o| ctx.op_has_trait(*o, Traits::SYMBOL_TABLE)).collect();
        let mut erased = 0u64;
        for t in tables {
            if ctx.is_erased(t) {
                continue;
            }
            let Some(&r) = ctx.op_regions(t).first() else { continue };
            for b in ctx.region_blocks(r).to_vec() {
                for o in ctx.block_ops_vec(b) {
                    if is_symbol(ctx, o) && !live.contains(&o) {
                        ctx.erase_op(o);
                        erased += 1;
                    }
                }
            }
        }
        stats.add("num-dce'd", "Number of symbols DCE'd", erased);
        Ok(())
    }
}

/// Whether `op` is a symbol (MLIR's `SymbolOpInterface`): ops with the [`Traits::SYMBOL`] trait,
/// and symbol tables (optional symbols, like `builtin.module`).
pub fn is_symbol(ctx: &Context, op: OpId) -> bool {
    ctx.op_has_trait(op, Traits::SYMBOL) || ctx.op_has_trait(op, Traits::SYMBOL_TABLE)
}

fn string_attr(ctx: &Context, a: Attribute) -> Option<&str> {
    match ctx.attr_kind(a) {
        AttrKind::String { value, .. } => Some(value),
        _ => None,
    }
}

/// Whether a symbol may be erased when unused: it is not public (mlir-opt erases unused `private`
/// and `nested` symbols alike).
pub fn can_discard_on_use_empty(ctx: &Context, op: OpId) -> bool {
    matches!(ctx.attr(op, "sym_visibility").and_then(|a| string_attr(ctx, a)), Some("private" | "nested"))
}

/// Whether a symbol is private (`sym_visibility = "private"`).
pub fn is_private(ctx: &Context, op: OpId) -> bool {
    ctx.attr(op, "sym_visibility").and_then(|a| string_attr(ctx, a)) == Some("private")
}

/// The direct child of symbol table `table` named `name`.
pub fn lookup_symbol_in(ctx: &Context, table: OpId, name: &str) -> Option<OpId> {
    let &r = ctx.op_regions(table).first()?;
    for &b in ctx.region_blocks(r) {
        for o in ctx.block_ops(b) {
            if ctx.attr(o, "sym_name").and_then(|a| string_attr(ctx, a)) == Some(name) {
                return Some(o);
            }
        }
    }
    None
}

fn collect_refs(ctx: &Context, a: Attribute, out: &mut Vec<(Symbol, Vec<Symbol>)>) {
    match ctx.attr_kind(a) {
        AttrKind::SymbolRef { root, nested } => out.push((*root, nested.clone())),
        AttrKind::Array(xs) => {
            for x in xs {
                collect_refs(ctx, *x, out);
            }
        }
        AttrKind::Dictionary(entries) => {
            for e in entries {
                collect_refs(ctx, e.value, out);
            }
        }
        _ => {}
    }
}

fn op_refs(ctx: &Context, op: OpId, out: &mut Vec<(Symbol, Vec<Symbol>)>) {
    let d = ctx.op(op);
    for na in d.all_attrs().iter() {
        collect_refs(ctx, na.value, out);
    }
}

/// MLIR's `isPotentiallyUnknownSymbolTable`: an op of an unregistered dialect with one region.
fn potentially_unknown_symbol_table(ctx: &Context, op: OpId) -> bool {
    if ctx.op_regions(op).len() != 1 || ctx.op_info(ctx.op(op).name()).is_some() {
        return false;
    }
    let data = ctx.op_name_data(ctx.op(op).name());
    ctx.dialect(&data.name[..data.dialect_len]).is_none()
}

/// The symbol references held by `op` and the ops nested in it, not looking into nested symbol
/// tables (MLIR's `SymbolTable::getSymbolUses(Operation*)`); `None` if an op might be an unknown
/// symbol table.
pub fn symbol_uses(ctx: &Context, op: OpId) -> Option<Vec<(Symbol, Vec<Symbol>)>> {
    if potentially_unknown_symbol_table(ctx, op) {
        return None;
    }
    let mut out = Vec::new();
    op_refs(ctx, op, &mut out);
    if ctx.op_has_trait(op, Traits::SYMBOL_TABLE) {
        return Some(out);
    }
    let mut regions: Vec<_> = ctx.op_regions(op).to_vec();
    while let Some(r) = regions.pop() {
        for &b in ctx.region_blocks(r) {
            for o in ctx.block_ops(b) {
                if potentially_unknown_symbol_table(ctx, o) {
                    return None;
                }
                op_refs(ctx, o, &mut out);
                if !ctx.op_has_trait(o, Traits::SYMBOL_TABLE) {
                    regions.extend(ctx.op_regions(o).iter().copied());
                }
            }
        }
    }
    Some(out)
}

fn compute_liveness(ctx: &Context, table: OpId, hidden: bool, live: &mut HashSet<OpId>) -> Result<(), Diagnostic> {
    let mut worklist = Vec::new();
    if let Some(&r) = ctx.op_regions(table).first() {
        for &b in ctx.region_blocks(r) {
            for o in ctx.block_ops(b) {
                if !is_symbol(ctx, o) {
                    worklist.push(o);
                    continue;
                }
                let discardable = (hidden || is_private(ctx, o)) && can_discard_on_use_empty(ctx, o);
                if !discardable && live.insert(o) {
                    worklist.push(o);
                }
            }
        }
    }
    while let Some(o) = worklist.pop() {
        if ctx.op_has_trait(o, Traits::SYMBOL_TABLE) {
            let sym_hidden = hidden || !is_symbol(ctx, o) || is_private(ctx, o);
            compute_liveness(ctx, o, sym_hidden, live)?;
        } else {
            // Look for symbol tables nested in the regions of live non-table ops.
            for &r in ctx.op_regions(o) {
                for &b in ctx.region_blocks(r) {
                    for x in ctx.block_ops(b) {
                        if !ctx.op_regions(x).is_empty() {
                            worklist.push(x);
                        }
                    }
                }
            }
        }
        let Some(parent) = ctx.parent_op(o) else { continue };
        if !ctx.op_has_trait(parent, Traits::SYMBOL_TABLE) {
            continue;
        }
        let Some(uses) = symbol_uses(ctx, o) else {
            return Err(Diagnostic::error(
                ctx.op(o).loc(),
                "operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses",
            ));
        };
        for (root, nested) in uses {
            let Some(mut cur) = lookup_symbol_in(ctx, parent, ctx.str(root)) else { continue };
            let mut resolved = vec![cur];
            let mut ok = true;
            for n in &nested {
                match lookup_symbol_in(ctx, cur, ctx.str(*n)) {
                    Some(x) if ctx.op_has_trait(cur, Traits::SYMBOL_TABLE) => {
                        cur = x;
                        resolved.push(x);
                    }
                    _ => {
                        ok = false;
                        break;
                    }
                }
            }
            if !ok {
                continue;
            }
            for s in resolved {
                if live.insert(s) {
                    worklist.push(s);
                }
            }
        }
    }
    Ok(())
}
