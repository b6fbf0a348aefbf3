//! `symbol-dce` tests, mirroring mlir-opt-22 runs on `func`/`builtin.module` symbols.

mod common;
use common::*;

/// ```mlir
/// module {
///   func.func private @dead() ; func.func private @used() ; func.func @pub() { call @used }
///   func.func private @cycle_a() { call @cycle_b } ; func.func private @cycle_b() { call @cycle_a }
///   module @nested attributes {sym_visibility = "private"} { func.func private @x ; func.func @y }
///   module @nested2 { func.func private @x ; func.func nested @z ; func.func @y }
/// }
/// ```
/// mlir-opt-22 --symbol-dce keeps `@used`, `@pub` and `@nested2` with only `@y`.
#[test]
fn symbol_dce_like_mlir() {
    let mut b = B::new();
    let (m, mb) = b.module();
    b.simple_func(mb, "dead", Some("private"), None);
    b.simple_func(mb, "used", Some("private"), None);
    b.simple_func(mb, "pub", None, Some(&["used"]));
    b.simple_func(mb, "cycle_a", Some("private"), Some(&["cycle_b"]));
    b.simple_func(mb, "cycle_b", Some("private"), Some(&["cycle_a"]));
    let (n1, n1b) = b.module_in(Some(mb), Some("nested"), Some("private"));
    b.simple_func(n1b, "x", Some("private"), None);
    b.simple_func(n1b, "y", None, None);
    let (n2, n2b) = b.module_in(Some(mb), Some("nested2"), None);
    b.simple_func(n2b, "x", Some("private"), None);
    b.simple_func(n2b, "z", Some("nested"), None);
    b.simple_func(n2b, "y", None, None);
    let stats = b.run("builtin.module(symbol-dce)", m).unwrap();
    assert_eq!(symbol_names(&b.ctx, m), vec!["used", "pub", "nested2"]);
    assert_eq!(symbol_names(&b.ctx, n2), vec!["y"]);
    assert!(b.ctx.is_erased(n1));
    // dead, cycle_a, cycle_b, nested (with its x and y), nested2's x and z.
    assert!(stats.contains("SymbolDCE\n  (S) 8 num-dce'd - Number of symbols DCE'd\n"), "{stats}");
}

/// `module { func nested @q ; module @m2 { func nested @z ; func nested @z2 ; func @y { call @z2 } }
/// module @m3 (private) { func @y3 } ; func @user { "test.op"() {ref = @m3::@y3} } }`:
/// mlir-opt-22 keeps `@m2` (with `@z2`, `@y`), `@m3` (referenced through a nested reference) and
/// `@user`.
#[test]
fn nested_references_and_visibility() {
    let mut b = B::new();
    let (m, mb) = b.module();
    b.simple_func(mb, "q", Some("nested"), None);
    let (m2, m2b) = b.module_in(Some(mb), Some("m2"), None);
    b.simple_func(m2b, "z", Some("nested"), None);
    b.simple_func(m2b, "z2", Some("nested"), None);
    b.simple_func(m2b, "y", None, Some(&["z2"]));
    let (m3, m3b) = b.module_in(Some(mb), Some("m3"), Some("private"));
    b.simple_func(m3b, "y3", None, None);
    b.simple_func(mb, "user", None, Some(&["m3", "y3"]));
    b.run("builtin.module(symbol-dce)", m).unwrap();
    assert_eq!(symbol_names(&b.ctx, m), vec!["m2", "m3", "user"]);
    assert_eq!(symbol_names(&b.ctx, m2), vec!["z2", "y"]);
    assert_eq!(symbol_names(&b.ctx, m3), vec!["y3"]);
}

#[test]
fn requires_a_symbol_table() {
    let mut b = B::new();
    let (m, mb) = b.module();
    b.simple_func(mb, "f", None, None);
    let err = b.run("builtin.module(t.func(symbol-dce))", m).unwrap_err();
    assert_eq!(
        err,
        "pass 'symbol-dce' failed: 't.func' op  was scheduled to run under SymbolDCE, but does not define a symbol table"
    );
}

#[test]
fn unknown_symbol_tables_are_rejected() {
    // An op of an unregistered dialect with one region might be a symbol table.
    let mut b = B::new();
    let (m, mb) = b.module();
    let (f, e) = b.func(mb, "f", None, &[]);
    let (r, rb) = b.region(&[]);
    b.op(rb, "foo.inner", &[], &[]);
    b.op_full(Some(e), "foo.table", &[], &[], &[], vec![r], &[]);
    b.op(e, "t.return", &[], &[]);
    let err = b.run("builtin.module(symbol-dce)", m).unwrap_err();
    assert!(
        err.ends_with(
            "operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses"
        ),
        "{err}"
    );
    let _ = f;
}
