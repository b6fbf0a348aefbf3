//! The `custom<...>` directives of the declarative formats Strata registers, written by hand
//! as in MLIR (`ViewLikeInterface.cpp`'s `DynamicIndexList`, `ControlFlowOps.cpp`'s
//! `SwitchOpCases`, `SCF.cpp`'s `SwitchCases`).

use strata_ir::parser::{Delimiter, OpAsmParser, ParseResult};
use strata_ir::printer::OpAsmPrinter;
use strata_ir::{AttrKind as IrAttr, OpId};

use super::format::{El, Parsed};
use super::{OdsOp, OpDef};

/// MLIR's `ShapedType::kDynamic` in static index lists.
pub const DYNAMIC: i64 = i64::MIN;

fn dense_values(p: &OpAsmPrinter<'_>, op: OpId, name: &str) -> Vec<i64> {
    let ctx = p.ctx();
    match ctx.attr(op, name).map(|a| ctx.attr_kind(a)) {
        Some(IrAttr::DenseArray { values, .. }) => values.clone(),
        _ => Vec::new(),
    }
}

/// Print a custom directive.
pub fn print(p: &mut OpAsmPrinter<'_>, op: OpId, ods: &OdsOp, name: &str, args: &[El], oseg: &[(usize, usize)]) {
    let def = ods.def;
    match (name, args) {
        ("DynamicIndexList", [El::Operand(o), El::Attr(a), ..]) => {
            let statics = dense_values(p, op, def.attrs[*a].name);
            let (s, _) = oseg[*o];
            let dyn_vals = p.ctx().operands(op)[s..oseg[*o].1].to_vec();
            if paren(args) {
                let mut t = String::new();
                print_dynamic_index_list_to(p, &dyn_vals, &statics, &mut t);
                p.write("(");
                p.write(&t[1..t.len() - 1]);
                p.write(")");
            } else {
                print_dynamic_index_list(p, &dyn_vals, &statics);
            }
        }
        ("SwitchCases", [El::Attr(a), El::Region(r)]) => {
            // scf.index_switch: `case 2 {...}` per case value and region.
            let cases = dense_values(p, op, def.attrs[*a].name);
            let regions = p.ctx().op_regions(op).to_vec();
            for (k, v) in cases.iter().enumerate() {
                p.print_new_line();
                p.write("case ");
                p.write_int(*v as i128);
                p.write(" ");
                if let Some(&reg) = regions.get(r + k) {
                    p.print_region_ext(reg, false, true, false);
                }
            }
        }
        _ => p.write(&format!("<custom {name}>")),
    }
}

/// Whether a `DynamicIndexList` directive asks for parentheses.
fn paren(args: &[El]) -> bool {
    args.iter().any(|a| matches!(a, El::Str(s) if s.ends_with("Delimiter::Paren")))
}

fn print_dynamic_index_list_to(p: &OpAsmPrinter<'_>, dyn_vals: &[strata_ir::Value], statics: &[i64], out: &mut String) {
    out.push('[');
    let mut d = 0;
    for (i, v) in statics.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        if *v == DYNAMIC {
            if let Some(x) = dyn_vals.get(d) {
                out.push_str(&p.value_name(*x));
            }
            d += 1;
        } else {
            out.push_str(&v.to_string());
        }
    }
    out.push(']');
}

/// `[1, %a, 3]`
pub fn print_dynamic_index_list(p: &mut OpAsmPrinter<'_>, dyn_vals: &[strata_ir::Value], statics: &[i64]) {
    p.write("[");
    let mut d = 0;
    for (i, v) in statics.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        if *v == DYNAMIC {
            if let Some(x) = dyn_vals.get(d) {
                p.print_operand(*x);
            }
            d += 1;
        } else {
            p.write_int(*v as i128);
        }
    }
    p.write("]");
}

/// Parse a custom directive.
pub fn parse(p: &mut OpAsmParser<'_, '_>, def: &OpDef, r: &mut Parsed, name: &str, args: &[El]) -> ParseResult<()> {
    match (name, args) {
        ("DynamicIndexList", [El::Operand(o), El::Attr(a), ..]) => {
            let mut statics = Vec::new();
            let mut dyns = Vec::new();
            let delim = if paren(args) { Delimiter::Paren } else { Delimiter::Square };
            p.parse_comma_separated_list(delim, " in dynamic index list", |p| {
                if let Some(u) = p.parse_optional_operand()? {
                    dyns.push(u);
                    statics.push(DYNAMIC);
                } else {
                    statics.push(p.parse_integer()?);
                }
                Ok(())
            })?;
            r.operands[*o] = dyns;
            let i64t = p.ctx().int_type(64);
            r.attrs[*a] = Some(p.ctx().intern_attr(IrAttr::DenseArray { element: i64t, values: statics }));
            Ok(())
        }
        ("SwitchCases", [El::Attr(a), El::Region(reg)]) => {
            let mut cases = Vec::new();
            while p.parse_optional_keyword("case") {
                cases.push(p.parse_integer()?);
                let mut region = p.ctx().create_region();
                p.parse_region(&mut region, &[], false)?;
                if let Some(term) = super::format::implicit_terminator(def) {
                    let loc = p.current_loc();
                    super::format::ensure_terminator(p.ctx(), region, term, loc);
                }
                r.regions[*reg].push(region);
            }
            let i64t = p.ctx().int_type(64);
            r.attrs[*a] = Some(p.ctx().intern_attr(IrAttr::DenseArray { element: i64t, values: cases }));
            Ok(())
        }
        _ => Err(p.emit_error(format!(
            "custom<{name}> syntax of '{}' is not supported by Strata yet; use the generic form",
            def.name
        ))),
    }
}
