//! Locations: `loc("file":line:col)` is stored apart from the other attributes (compactly) but
//! interned exactly like them — one handle per location whichever way it is made — and reads
//! back as the same `AttrKind`.

use strata_ir::attributes::Location;
use strata_ir::parser::{parse_source, ParserConfig};
use strata_ir::printer::{print_op, PrintOptions};
use strata_ir::{AttrKind, Context};

#[test]
fn file_line_col_is_interned_once_whichever_way_it_is_made() {
    let mut ctx = Context::new();
    let file = ctx.sym("a.mlir");
    let kind = AttrKind::Location(Location::FileLineCol { file, line: 3, col: 7, end: None });
    assert_eq!(ctx.lookup_attr(&kind), None);
    let a = ctx.file_line_col_loc(file, 3, 7);
    assert_eq!(ctx.intern_attr(kind.clone()), a);
    assert_eq!(ctx.lookup_attr(&kind), Some(a));
    assert_eq!(ctx.attr_kind(a), &kind);
    assert_eq!(ctx.try_attr_kind(a), Some(&kind));
    assert!(ctx.is_location(a));
    assert_eq!(ctx.as_file_line_col(a), Some((file, 3, 7)));
    // Different positions and files are different attributes.
    let other = ctx.sym("b.mlir");
    let b = ctx.file_line_col_loc(other, 3, 7);
    let c = ctx.file_line_col_loc(file, 7, 3);
    assert!(a != b && a != c && b != c);
    // A range location and the other attributes are not compact, and not file-line-col.
    let range = ctx.intern_attr(AttrKind::Location(Location::FileLineCol { file, line: 3, col: 7, end: Some((3, 9)) }));
    assert!(range != a && ctx.is_location(range));
    assert_eq!(ctx.as_file_line_col(range), None);
    let unit = ctx.unit_attr();
    assert!(!ctx.is_location(unit));
    assert_eq!(ctx.as_file_line_col(unit), None);
}

#[test]
fn locations_of_many_ops_print_with_their_aliases() {
    // Enough ops that compact location handles and the other attributes' handles interleave in
    // the printer's alias tables.
    let mut text = String::from("\"t.f\"() ({\n");
    for i in 0..300 {
        text.push_str(&format!("  \"t.op\"() {{n = {i} : i32}} : () -> ()\n"));
    }
    text.push_str("}) : () -> ()\n");
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    let m = parse_source(&mut ctx, &ParserConfig::new("in.mlir"), &text).unwrap();
    let out = print_op(&ctx, m, &PrintOptions::generic().with_debug_info(true, false));
    // (As mlir-opt-22 prints it: `#loc` is the implicit module's, `#loc1` the function's.)
    assert!(out.contains("#loc1 = loc(\"in.mlir\":1:1)"), "{out}");
    assert!(out.contains("#loc300 = loc(\"in.mlir\":300:3)"), "{out}");
    assert!(out.contains("{n = 299 : i32} : () -> () loc(#loc301)"), "{out}");
}
