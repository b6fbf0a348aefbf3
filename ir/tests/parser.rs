//! End-to-end tests of the MLIR text parser: every construct, error locations and messages,
//! round trips through the printer, and a no-panic property test on mutated inputs.

use strata_ir::attributes::{AffineExpr, AttrKind, Location};
use strata_ir::diagnostics::{file_pos, render};
use strata_ir::dialect::{Dialect, OpInfo, Traits};
use strata_ir::parser::{
    parse_attr_str, parse_source, parse_type_str, Delimiter, OpAsmParser, ParseResult, ParserConfig,
};
use strata_ir::printer::{print_op, PrintOptions};
use strata_ir::{Attribute, Context, FloatKind, OpId, OperationState, Signedness, Type, TypeKind, DYNAMIC};

// ----- a test dialect with custom syntax -----

/// `tst.func @name(%a: i32 {attr}, ...) -> (types) attributes {...} { body }`
fn parse_func(p: &mut OpAsmParser, st: &mut OperationState) -> ParseResult<()> {
    p.parse_symbol_name("sym_name", &mut st.attributes)?;
    let args = p.parse_argument_list(Delimiter::Paren, true, true)?;
    let results = p.parse_optional_arrow_type_list()?;
    let inputs: Vec<Type> = args.iter().map(|a| a.ty).collect();
    let fty = p.ctx().function_type(inputs, results);
    let fty = p.ctx().type_attr(fty);
    let name = p.ctx().sym("function_type");
    st.add_attr(name, fty);
    p.parse_optional_attr_dict_with_keyword(&mut st.attributes)?;
    let mut body = p.ctx().create_region();
    p.parse_region(&mut body, &args, false)?;
    st.regions.push(body);
    Ok(())
}

/// `tst.ret %a, %b : i32, f32`
fn parse_ret(p: &mut OpAsmParser, st: &mut OperationState) -> ParseResult<()> {
    let ops = p.parse_operand_list(Delimiter::None)?;
    let tys = p.parse_optional_colon_type_list()?;
    p.resolve_operands(&ops, &tys, &mut st.operands)
}

/// `tst.add %a, %b : i32`
fn parse_add(p: &mut OpAsmParser, st: &mut OperationState) -> ParseResult<()> {
    let ops = p.parse_operand_list(Delimiter::None)?;
    p.parse_optional_attr_dict(&mut st.attributes)?;
    let ty = p.parse_colon_type()?;
    p.resolve_operands_same_type(&ops, ty, &mut st.operands)?;
    st.result_types.push(ty);
    Ok(())
}

/// `tst.const 5 : i32` / `tst.const 1.5 : f32`
fn parse_const(p: &mut OpAsmParser, st: &mut OperationState) -> ParseResult<()> {
    let a = p.parse_attribute()?;
    let ty = match p.context().attr_kind(a) {
        AttrKind::Integer { ty, .. } | AttrKind::Float { ty, .. } => *ty,
        _ => return Err(p.emit_error("expected a typed constant")),
    };
    let n = p.ctx().sym("value");
    st.add_attr(n, a);
    st.result_types.push(ty);
    Ok(())
}

/// `tst.br ^bb1(%x : i32)` / `tst.cond_br %c, ^a, ^b`
fn parse_br(p: &mut OpAsmParser, st: &mut OperationState) -> ParseResult<()> {
    if let Some(c) = p.parse_optional_operand()? {
        let i1 = p.ctx().int_type(1);
        p.resolve_operand(&c, i1, &mut st.operands)?;
        p.parse_comma()?;
        let a = p.parse_successor()?;
        p.parse_comma()?;
        let b = p.parse_successor()?;
        st.successors = vec![a, b];
        return Ok(());
    }
    let b = p.parse_successor_and_use_list(&mut st.operands)?;
    st.successors.push(b);
    Ok(())
}

/// `tst.loop %i = %lb to %ub step 2 { ... }` (region not isolated: outer values visible)
fn parse_loop(p: &mut OpAsmParser, st: &mut OperationState) -> ParseResult<()> {
    let iv = p.parse_argument(false, false)?;
    p.parse_equal()?;
    let lb = p.parse_operand()?;
    p.parse_keyword("to")?;
    let ub = p.parse_operand()?;
    let index = p.ctx().index_type();
    p.resolve_operands_same_type(&[lb, ub], index, &mut st.operands)?;
    if p.parse_optional_keyword("step") {
        let s = p.parse_integer()?;
        let a = p.ctx().i64_attr(s);
        let n = p.ctx().sym("step");
        st.add_attr(n, a);
    }
    let mut arg = iv.clone();
    arg.ty = index;
    let mut r = p.ctx().create_region();
    p.parse_region(&mut r, &[arg], false)?;
    st.regions.push(r);
    Ok(())
}

/// `tst.misc <kw> "str" 0x10 -3 2.5 [i32, f32] ? * | ... {a} -> i64`
fn parse_misc(p: &mut OpAsmParser, st: &mut OperationState) -> ParseResult<()> {
    let kw = p.parse_keyword_any()?.to_string();
    let s = p.parse_keyword_or_string()?;
    let i = p.parse_integer()?;
    let j = p.parse_optional_integer()?.unwrap_or(0);
    let f = p.parse_float()?;
    p.parse_lsquare()?;
    let tys = p.parse_type_list()?;
    p.parse_rsquare()?;
    p.parse_question()?;
    p.parse_star()?;
    p.parse_vertical_bar()?;
    p.parse_ellipsis()?;
    p.parse_optional_attr_dict(&mut st.attributes)?;
    let res = p.parse_arrow_type_list()?;
    let text = format!("{kw} {s} {i} {j} {f} {}", tys.len());
    let a = p.ctx().string_attr(&text);
    let n = p.ctx().sym("summary");
    st.add_attr(n, a);
    st.result_types = res;
    Ok(())
}

fn op(name: &str, traits: Traits, parse: strata_ir::dialect::ParseFn) -> OpInfo {
    let mut i = OpInfo::new(name).traits(traits);
    i.parse = Some(parse);
    i
}

fn register_tst(ctx: &mut Context) {
    let d = Dialect::new("tst")
        .op(op("tst.func", Traits::ISOLATED_FROM_ABOVE | Traits::SYMBOL, parse_func).default_dialect("tst"))
        .op(op("tst.ret", Traits::IS_TERMINATOR | Traits::RETURN_LIKE, parse_ret))
        .op(op("tst.add", Traits::PURE, parse_add))
        .op(op("tst.const", Traits::PURE | Traits::CONSTANT_LIKE, parse_const))
        .op(op("tst.br", Traits::IS_TERMINATOR, parse_br))
        .op(op("tst.loop", Traits::NONE, parse_loop))
        .op(op("tst.misc", Traits::NONE, parse_misc))
        .op(OpInfo::new("tst.generic_only").traits(Traits::ISOLATED_FROM_ABOVE));
    ctx.register_dialect(d);
}

// ----- helpers -----

fn new_ctx() -> Context {
    let mut c = Context::new();
    c.allow_unregistered = true;
    register_tst(&mut c);
    c
}

fn try_parse(ctx: &mut Context, src: &str) -> Result<OpId, String> {
    parse_source(ctx, &ParserConfig::new("t.mlir"), src)
        .map_err(|_| ctx.take_diagnostics().iter().map(|d| render(ctx, d)).collect::<Vec<_>>().join(""))
}

fn parse(src: &str) -> (Context, OpId) {
    let mut ctx = new_ctx();
    match try_parse(&mut ctx, src) {
        Ok(m) => (ctx, m),
        Err(e) => panic!("parse failed:\n{e}"),
    }
}

/// Error diagnostics as `line:col: message`.
fn errors_with(ctx: &mut Context, src: &str) -> Vec<String> {
    let r = parse_source(ctx, &ParserConfig::new("t.mlir"), src);
    assert!(r.is_err(), "expected a parse error for:\n{src}");
    let ds = ctx.take_diagnostics();
    assert!(!ds.is_empty(), "failure without diagnostic for:\n{src}");
    ds.iter()
        .map(|d| {
            let p = file_pos(ctx, d.loc).expect("error without file location");
            assert_eq!(p.file, "t.mlir");
            format!("{}:{}: {}", p.line, p.col, d.message)
        })
        .collect()
}

fn errors(src: &str) -> Vec<String> {
    errors_with(&mut new_ctx(), src)
}

fn first_error(src: &str) -> String {
    errors(src).remove(0)
}

fn print(ctx: &Context, m: OpId) -> String {
    print_op(ctx, m, &PrintOptions::default())
}

fn print_generic(ctx: &Context, m: OpId) -> String {
    print_op(ctx, m, &PrintOptions { generic: true, debug_info: true, ..Default::default() })
}

/// Parse, print, re-parse, print: both prints must agree (custom and generic debug form).
fn roundtrip(src: &str) -> String {
    let (ctx, m) = parse(src);
    let out = print(&ctx, m);
    let (ctx2, m2) = parse(&out);
    assert_eq!(out, print(&ctx2, m2), "round trip changed the output");
    let g = print_generic(&ctx, m);
    let (ctx3, m3) = parse(&g);
    assert_eq!(g, print_generic(&ctx3, m3), "generic round trip changed the output");
    out
}

fn ty(ctx: &mut Context, s: &str) -> Type {
    match parse_type_str(ctx, s) {
        Ok(t) => t,
        Err(_) => panic!("type {s}: {:?}", ctx.take_diagnostics()),
    }
}

fn attr(ctx: &mut Context, s: &str) -> Attribute {
    match parse_attr_str(ctx, s) {
        Ok(a) => a,
        Err(_) => {
            let d: Vec<String> = ctx.take_diagnostics().iter().map(|d| d.message.clone()).collect();
            panic!("attr {s}: {d:?}")
        }
    }
}

fn attr_err(s: &str) -> String {
    let mut ctx = new_ctx();
    assert!(parse_attr_str(&mut ctx, s).is_err(), "{s} should not parse");
    let d = ctx.take_diagnostics();
    let p = file_pos(&ctx, d[0].loc).unwrap();
    format!("{}: {}", p.col, d[0].message)
}

fn ty_err(s: &str) -> String {
    let mut ctx = new_ctx();
    assert!(parse_type_str(&mut ctx, s).is_err(), "{s} should not parse");
    let d = ctx.take_diagnostics();
    let p = file_pos(&ctx, d[0].loc).unwrap();
    format!("{}: {}", p.col, d[0].message)
}

fn kind(ctx: &Context, a: Attribute) -> AttrKind {
    ctx.attr_kind(a).clone()
}

fn dense_bytes(ctx: &Context, a: Attribute) -> (bool, Vec<u8>) {
    match ctx.attr_kind(a) {
        AttrKind::DenseElements { data, .. } => (data.splat, data.bytes.clone()),
        k => panic!("not dense: {k:?}"),
    }
}

// ----- types -----

#[test]
fn integer_index_none_types() {
    let mut c = new_ctx();
    for (s, w, sg) in [
        ("i1", 1, Signedness::Signless),
        ("i7", 7, Signedness::Signless),
        ("i64", 64, Signedness::Signless),
        ("si8", 8, Signedness::Signed),
        ("ui128", 128, Signedness::Unsigned),
        ("i1000", 1000, Signedness::Signless),
    ] {
        let t = ty(&mut c, s);
        assert_eq!(*c.type_kind(t), TypeKind::Integer { width: w, signedness: sg }, "{s}");
    }
    let t = ty(&mut c, "index");
    assert_eq!(*c.type_kind(t), TypeKind::Index);
    let t = ty(&mut c, "none");
    assert_eq!(*c.type_kind(t), TypeKind::None);
    assert_eq!(ty_err("i16777216"), "1: integer bitwidth is limited to 16777215 bits");
    assert_eq!(ty_err("i99999999999"), "1: invalid integer width");
}

#[test]
fn float_types() {
    let mut c = new_ctx();
    for k in FloatKind::ALL {
        let t = ty(&mut c, k.mlir_name());
        assert_eq!(*c.type_kind(t), TypeKind::Float(k));
    }
}

#[test]
fn shaped_types() {
    let mut c = new_ctx();
    let f32t = c.float_type(FloatKind::F32);
    let t = ty(&mut c, "tensor<4x?x8xf32>");
    assert_eq!(*c.type_kind(t), TypeKind::RankedTensor { shape: vec![4, DYNAMIC, 8], element: f32t, encoding: None });
    let t = ty(&mut c, "tensor<f32>");
    assert_eq!(c.type_kind(t).shape(), Some(&[][..]));
    let t = ty(&mut c, "tensor<0xf32>");
    assert_eq!(c.type_kind(t).shape(), Some(&[0][..]));
    let t = ty(&mut c, "tensor<0x8xf32>");
    assert_eq!(c.type_kind(t).shape(), Some(&[0, 8][..]));
    let t = ty(&mut c, "tensor<*xf32>");
    assert_eq!(*c.type_kind(t), TypeKind::UnrankedTensor { element: f32t });
    let t = ty(&mut c, "tensor<2xf32, #foo.enc<1>>");
    assert!(matches!(c.type_kind(t), TypeKind::RankedTensor { encoding: Some(_), .. }));
    let t = ty(&mut c, "vector<[4]x8xf32>");
    assert_eq!(*c.type_kind(t), TypeKind::Vector { shape: vec![4, 8], scalable: vec![true, false], element: f32t });
    let t = ty(&mut c, "memref<4x?xf32, strided<[?, 1], offset: ?>, 3>");
    match c.type_kind(t).clone() {
        TypeKind::MemRef { shape, layout: Some(l), memory_space: Some(m), .. } => {
            assert_eq!(shape, vec![4, DYNAMIC]);
            assert!(matches!(c.attr_kind(l), AttrKind::Strided { .. }));
            assert!(matches!(c.attr_kind(m), AttrKind::Integer { value: 3, .. }));
        }
        k => panic!("{k:?}"),
    }
    // Identity layouts and memory space 0 are dropped, as in MLIR.
    let a = ty(&mut c, "memref<4x8xf32, affine_map<(d0, d1) -> (d0, d1)>, 0>");
    let b = ty(&mut c, "memref<4x8xf32>");
    assert_eq!(a, b);
    let t = ty(&mut c, "memref<*xf32, #gpu.address_space<workgroup>>");
    assert!(matches!(c.type_kind(t), TypeKind::UnrankedMemRef { memory_space: Some(_), .. }));
    let t = ty(&mut c, "complex<f64>");
    assert!(matches!(c.type_kind(t), TypeKind::Complex(_)));
    let t = ty(&mut c, "tuple<>");
    assert_eq!(*c.type_kind(t), TypeKind::Tuple(vec![]));
    let t = ty(&mut c, "tuple<i32, tuple<f32>>");
    assert!(matches!(c.type_kind(t), TypeKind::Tuple(v) if v.len() == 2));
}

#[test]
fn function_types() {
    let mut c = new_ctx();
    let i32t = c.int_type(32);
    let f32t = c.float_type(FloatKind::F32);
    let t = ty(&mut c, "(i32, f32) -> i32");
    assert_eq!(*c.type_kind(t), TypeKind::Function { inputs: vec![i32t, f32t], results: vec![i32t] });
    let t = ty(&mut c, "(i32) -> (f32, i32)");
    assert_eq!(*c.type_kind(t), TypeKind::Function { inputs: vec![i32t], results: vec![f32t, i32t] });
    let t = ty(&mut c, "() -> ()");
    assert_eq!(*c.type_kind(t), TypeKind::Function { inputs: vec![], results: vec![] });
    let inner = ty(&mut c, "(i32) -> i32");
    let t = ty(&mut c, "((i32) -> i32) -> ((i32) -> i32)");
    assert_eq!(*c.type_kind(t), TypeKind::Function { inputs: vec![inner], results: vec![inner] });
    assert_eq!(ty_err("(i32) i32"), "6: expected '->' in function type");
}

#[test]
fn dialect_types() {
    let mut c = new_ctx();
    let cases = [
        ("!stablehlo.token", "stablehlo", "token", false),
        ("!quant.uniform<i8:f32, 1.0>", "quant", "uniform<i8:f32, 1.0>", false),
        ("!foo<\"a>b\">", "foo", "\"a>b\"", true),
        ("!foo.bar<x -> y, [a<(b)>], {c}>", "foo", "bar<x -> y, [a<(b)>], {c}>", false),
        ("!foo<a, b>", "foo", "a, b", true),
        // The flag follows MLIR's printed form, not the spelling: these are `!bar.baz`.
        ("!bar<baz>", "bar", "baz", false),
        ("!bar<baz<1>>", "bar", "baz<1>", false),
        ("!bar<>", "bar", "", true),
        ("!tf_type.string", "tf_type", "string", false),
    ];
    for (s, d, body, opaque) in cases {
        let t = ty(&mut c, s);
        let dsym = c.sym(d);
        assert_eq!(*c.type_kind(t), TypeKind::Dialect { dialect: dsym, body: body.to_string(), opaque }, "{s}");
    }
    assert_eq!(ty(&mut c, "!bar<baz>"), ty(&mut c, "!bar.baz"));
    assert_eq!(ty_err("!foo.bar<a[>"), "9: unbalanced '[' character in pretty dialect name");
    assert_eq!(ty_err("!foo.bar<a"), "9: unbalanced '<' character in pretty dialect name");
    // MLIR reports this after the identifier (here: at the end of the input).
    assert_eq!(ty_err("!undefined"), "10: undefined symbol alias id 'undefined'");
}

#[test]
fn type_errors() {
    assert_eq!(ty_err("tensor<4xi32"), "12: expected '>' in tensor type");
    assert_eq!(ty_err("tensor<4x>"), "10: expected non-function type");
    assert_eq!(ty_err("tensor<4xtuple<i32>>"), "10: invalid tensor element type");
    assert_eq!(ty_err("vector<0xf32>"), "1: vector types must have positive constant sizes but got 0");
    assert_eq!(ty_err("vector<[4xf32>"), "10: missing ']' closing scalable dimension");
    assert_eq!(ty_err("complex<index>"), "9: invalid element type for complex");
    assert_eq!(ty_err("memref<4xf32, 1, 2>"), "19: multiple memory spaces specified in memref type");
    assert_eq!(ty_err("foo"), "1: expected non-function type");
    assert_eq!(ty_err("memref<2x4xi8, i8>"), "1: unsupported memory space Attribute");
    assert_eq!(
        ty_err("memref<42xi8, affine_map<(d0, d1) -> (d0, d1)>>"),
        "1: memref layout mismatch between rank and affine map: 1 != 2"
    );
    assert_eq!(ty_err("memref<?x?xf32, strided<[1]>>"), "1: expected the number of strides to match the rank");
    assert_eq!(ty_err("memref<2x4xi8, >"), "15: expected list element");
    assert_eq!(
        ty_err("vector<1xvector<1xi32>>"),
        "1: failed to verify 'elementType': VectorElementTypeInterface instance"
    );
    assert_eq!(ty_err("vector<1x0xi32>"), "1: vector types must have positive constant sizes but got 1, 0");
    assert_eq!(ty_err("tensor<-1xi32>"), "8: expected non-function type");
    assert_eq!(ty_err("tensor<9223372036854775808xf32>"), "8: invalid dimension");
    assert_eq!(ty_err("tuple i32>"), "6: expected '<' in tuple type");
    assert_eq!(ty_err("!<\"\">"), "1: invalid type identifier");
    assert_eq!(ty_err("!foo<)"), "5: unbalanced '<' character in pretty dialect name");
    assert_eq!(ty_err("!unreg.ptr<(i32)->)"), "11: unbalanced '<' character in pretty dialect name");
    assert_eq!(ty_err("i32 x"), "5: found trailing characters: 'x'");
}

#[test]
fn type_aliases() {
    let src = "!t = tensor<4xf32>\n!u = !t\n\"foo.op\"() : () -> (!t, !u)\n";
    let out = roundtrip(src);
    assert!(out.contains("tensor<4xf32>, tensor<4xf32>"), "{out}");
    assert_eq!(first_error("!t = i32\n!t = f32\n"), "2:1: redefinition of type alias id 't'");
    assert_eq!(first_error("!a.b = i32\n"), "1:1: type names with a '.' are reserved for dialect-defined names");
}

// ----- attributes -----

#[test]
fn integer_and_bool_attrs() {
    let mut c = new_ctx();
    let i64t = c.int_type(64);
    let i32t = c.int_type(32);
    let i8t = c.int_type(8);
    let ui8 = c.integer_type(8, Signedness::Unsigned);
    let i1t = c.int_type(1);
    let idx = c.index_type();
    let a = attr(&mut c, "42");
    assert_eq!(kind(&c, a), AttrKind::Integer { value: 42, ty: i64t });
    let a = attr(&mut c, "-7 : i32");
    assert_eq!(kind(&c, a), AttrKind::Integer { value: -7, ty: i32t });
    let a = attr(&mut c, "0xFF : i8");
    assert_eq!(kind(&c, a), AttrKind::Integer { value: -1, ty: i8t });
    let a = attr(&mut c, "255 : ui8");
    assert_eq!(kind(&c, a), AttrKind::Integer { value: 255, ty: ui8 });
    let a = attr(&mut c, "true");
    assert_eq!(kind(&c, a), AttrKind::Integer { value: 1, ty: i1t });
    let a = attr(&mut c, "false");
    assert_eq!(kind(&c, a), AttrKind::Integer { value: 0, ty: i1t });
    let a = attr(&mut c, "3 : index");
    assert_eq!(kind(&c, a), AttrKind::Integer { value: 3, ty: idx });
    assert_eq!(attr_err("256 : i8"), "1: integer constant out of range for attribute");
    assert_eq!(attr_err("-129 : i8"), "2: integer constant out of range for attribute");
    assert_eq!(attr_err("128 : si8"), "1: integer constant out of range for attribute");
    assert_eq!(attr_err("-1 : ui8"), "2: negative integer literal not valid for unsigned integer type");
    assert_eq!(attr_err("1 : tensor<f32>"), "1: integer literal not valid for specified type");
    assert_eq!(attr_err("- x"), "2: expected constant integer or floating point value");
}

#[test]
fn float_attrs() {
    let mut c = new_ctx();
    let f64t = c.float_type(FloatKind::F64);
    let f32t = c.float_type(FloatKind::F32);
    let a = attr(&mut c, "1.5");
    assert_eq!(
        kind(&c, a),
        AttrKind::Float { bits: strata_ir::attributes::FloatBits(1.5f64.to_bits() as u128), ty: f64t }
    );
    let a = attr(&mut c, "-0.1 : f32");
    assert_eq!(
        kind(&c, a),
        AttrKind::Float { bits: strata_ir::attributes::FloatBits((-0.1f32).to_bits() as u128), ty: f32t }
    );
    let bits = |c: &Context, a| match c.attr_kind(a) {
        AttrKind::Float { bits, .. } => bits.0,
        k => panic!("{k:?}"),
    };
    let a = attr(&mut c, "0x7FC00000 : f32");
    assert_eq!(bits(&c, a), 0x7FC0_0000);
    let a = attr(&mut c, "1.0 : f16");
    assert_eq!(bits(&c, a), 0x3C00);
    let a = attr(&mut c, "0.1 : bf16");
    assert_eq!(bits(&c, a), 0x3DCD);
    let a = attr(&mut c, "448.0 : f8E4M3FN");
    assert_eq!(bits(&c, a), 0x7E);
    let a = attr(&mut c, "0xFFFF : bf16");
    assert_eq!(bits(&c, a), 0xFFFF);
    let a = attr(&mut c, "1.0 : f80");
    assert_eq!(bits(&c, a), (16383u128 << 64) | (1u128 << 63));
    assert_eq!(attr_err("1 : f32"), "1: unexpected decimal integer literal for a floating point value");
    assert_eq!(attr_err("0x1FFFF : f16"), "1: hexadecimal float constant out of range for type");
    assert_eq!(attr_err("1.0 : i32"), "10: floating point value not valid for specified type");
    assert_eq!(attr_err("1.0e999"), "1: floating point value too large for attribute");
}

#[test]
fn string_unit_type_array_attrs() {
    let mut c = new_ctx();
    let a = attr(&mut c, r#""a\"b\\c\n\t\41""#);
    assert_eq!(kind(&c, a), AttrKind::String { value: "a\"b\\c\n\tA".into(), ty: None });
    let i32t = c.int_type(32);
    let a = attr(&mut c, r#""x" : i32"#);
    assert_eq!(kind(&c, a), AttrKind::String { value: "x".into(), ty: Some(i32t) });
    let a = attr(&mut c, "unit");
    assert_eq!(kind(&c, a), AttrKind::Unit);
    let a = attr(&mut c, "tensor<2xi32>");
    assert!(matches!(kind(&c, a), AttrKind::Type(_)));
    let a = attr(&mut c, "(i32) -> i32");
    assert!(matches!(kind(&c, a), AttrKind::Type(_)));
    let a = attr(&mut c, "[]");
    assert_eq!(kind(&c, a), AttrKind::Array(vec![]));
    let a = attr(&mut c, "[1, [2, \"s\"], unit]");
    assert!(matches!(kind(&c, a), AttrKind::Array(v) if v.len() == 3));
    assert_eq!(attr_err("[1, 2"), "4: expected ',' or ']'");
    assert_eq!(attr_err("foo"), "1: expected attribute value");
    assert_eq!(attr_err(r#""\q""#), "2: unknown escape in string literal");
    assert_eq!(attr_err("\"abc"), "5: expected '\"' in string literal");
}

#[test]
fn dictionary_and_symbol_attrs() {
    let mut c = new_ctx();
    let a = attr(&mut c, r#"{b = 1, a, "quoted name" = "x", i32 = 2, loc = 3}"#);
    let AttrKind::Dictionary(entries) = kind(&c, a) else { panic!() };
    let names: Vec<&str> = entries.iter().map(|e| c.str(e.name)).collect();
    assert_eq!(names, vec!["a", "b", "i32", "loc", "quoted name"]);
    assert_eq!(*c.attr_kind(entries[0].value), AttrKind::Unit);
    assert_eq!(attr_err("{a = 1, a = 2}"), "9: duplicate key 'a' in dictionary attribute");
    assert_eq!(attr_err("{1 = 2}"), "2: expected attribute name");
    assert_eq!(attr_err("{\"\" = 2}"), "2: expected valid attribute name");
    let a = attr(&mut c, "@a::@b::@\"c d\"");
    let (r, n1, n2) = (c.sym("a"), c.sym("b"), c.sym("c d"));
    assert_eq!(kind(&c, a), AttrKind::SymbolRef { root: r, nested: vec![n1, n2] });
    let a = attr(&mut c, "@\"quoted sym\"");
    let r = c.sym("quoted sym");
    assert_eq!(kind(&c, a), AttrKind::SymbolRef { root: r, nested: vec![] });
    assert_eq!(attr_err("@a::b"), "5: expected nested symbol reference identifier");
}

#[test]
fn dense_array_attrs() {
    let mut c = new_ctx();
    let a = attr(&mut c, "array<i64: 1, -2, 3>");
    assert!(matches!(kind(&c, a), AttrKind::DenseArray { values, .. } if values == vec![1, -2, 3]));
    let a = attr(&mut c, "array<i1: true, false>");
    assert!(matches!(kind(&c, a), AttrKind::DenseArray { values, .. } if values == vec![1, 0]));
    let a = attr(&mut c, "array<f32: 1.5, -2.0>");
    let want = vec![1.5f64.to_bits() as i64, (-2.0f64).to_bits() as i64];
    assert!(matches!(kind(&c, a), AttrKind::DenseArray { values, .. } if values == want));
    let a = attr(&mut c, "array<i64>");
    assert!(matches!(kind(&c, a), AttrKind::DenseArray { values, .. } if values.is_empty()));
    assert_eq!(attr_err("array<i4: 1>"), "7: element type bitwidth must be a multiple of 8");
    assert_eq!(attr_err("array<i8: 300>"), "11: integer constant out of range");
    assert_eq!(attr_err("array<i8: true>"), "11: expected i1 type for 'true' or 'false' values");
    assert_eq!(attr_err("array<tensor<i8>: 1>"), "7: expected integer or float type, got: 'tensor<i8>'");
}

#[test]
fn dense_elements_attrs() {
    let mut c = new_ctx();
    let a = attr(&mut c, "dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>");
    let mut want = vec![];
    for v in [1i32, 2, 3, 4] {
        want.extend_from_slice(&v.to_le_bytes());
    }
    assert_eq!(dense_bytes(&c, a), (false, want));
    // Splats: scalar literal, equal elements, one element.
    let a = attr(&mut c, "dense<1.0> : tensor<3xf32>");
    assert_eq!(dense_bytes(&c, a), (true, 1.0f32.to_le_bytes().to_vec()));
    let b = attr(&mut c, "dense<[1.0, 1.0, 1.0]> : tensor<3xf32>");
    assert_eq!(a, b);
    let a = attr(&mut c, "dense<[true, false]> : tensor<2xi1>");
    assert_eq!(dense_bytes(&c, a), (false, vec![1, 0]));
    let a = attr(&mut c, "dense<-1> : tensor<2xi16>");
    assert_eq!(dense_bytes(&c, a), (true, vec![0xff, 0xff]));
    let a = attr(&mut c, "dense<[(1.0, 2.0), (3.0, -4.0)]> : tensor<2xcomplex<f32>>");
    let mut want = vec![];
    for v in [1.0f32, 2.0, 3.0, -4.0] {
        want.extend_from_slice(&v.to_le_bytes());
    }
    assert_eq!(dense_bytes(&c, a), (false, want));
    let a = attr(&mut c, "dense<(1, 2)> : tensor<complex<i8>>");
    assert_eq!(dense_bytes(&c, a), (true, vec![1, 2]));
    // Hex blobs are MLIR's raw little-endian data; one element's size is a splat.
    let a = attr(&mut c, "dense<\"0x0000803F00000040\"> : tensor<2xf32>");
    let mut want = 1.0f32.to_le_bytes().to_vec();
    want.extend_from_slice(&2.0f32.to_le_bytes());
    assert_eq!(dense_bytes(&c, a), (false, want));
    let a = attr(&mut c, "dense<\"0x0000803F\"> : tensor<4xf32>");
    assert_eq!(dense_bytes(&c, a), (true, 1.0f32.to_le_bytes().to_vec()));
    let a = attr(&mut c, "dense<\"0x05\"> : tensor<3xi1>");
    assert_eq!(dense_bytes(&c, a), (false, vec![1, 0, 1]));
    let a = attr(&mut c, "dense<0.1> : tensor<bf16>");
    assert_eq!(dense_bytes(&c, a), (true, vec![0xCD, 0x3D]));
    let a = attr(&mut c, "dense<[0x7FC0, inf, -inf]> : tensor<3xf16>");
    assert_eq!(dense_bytes(&c, a), (false, vec![0xC0, 0x7F, 0x00, 0x7C, 0x00, 0xFC]));
    let a = attr(&mut c, "dense<> : tensor<0xf32>");
    assert_eq!(dense_bytes(&c, a), (false, vec![]));
    let a = attr(&mut c, "dense<[]> : tensor<0xi8>");
    assert_eq!(dense_bytes(&c, a), (false, vec![]));
    let a = attr(&mut c, "dense<5> : vector<2xindex>");
    assert_eq!(dense_bytes(&c, a), (true, 5i64.to_le_bytes().to_vec()));
    // Strings.
    let a = attr(&mut c, "dense<\"foo\"> : tensor<2x!tf_type.string>");
    assert!(
        matches!(kind(&c, a), AttrKind::DenseStrings { values, splat: true, .. } if values == vec!["foo".to_string()])
    );
    let a = attr(&mut c, "dense<[\"a\", \"b\"]> : tensor<2x!tf_type.string>");
    assert!(matches!(kind(&c, a), AttrKind::DenseStrings { values, splat: false, .. } if values.len() == 2));
    // Resources.
    let a = attr(&mut c, "dense_resource<blob1> : tensor<4xf32>");
    assert!(matches!(kind(&c, a), AttrKind::DenseResource { handle, .. } if handle == "blob1"));
}

#[test]
fn dense_elements_errors() {
    assert_eq!(
        attr_err("dense<[1, 2]> : tensor<3xi32>"),
        "15: inferred shape of elements literal ([2]) does not match type ([3])"
    );
    assert_eq!(
        attr_err("dense<[[1], [2, 3]]> : tensor<2x2xi32>"),
        "19: tensor literal is invalid; ranks are not consistent between elements"
    );
    assert_eq!(
        attr_err("dense<> : tensor<2xf32>"),
        "9: parsed zero elements, but type ('tensor<2xf32>') expected at least 1"
    );
    assert_eq!(
        attr_err("dense<1> : tensor<2xf32>"),
        "7: unexpected decimal integer literal for a floating point value"
    );
    assert_eq!(attr_err("dense<1.5> : tensor<2xi32>"), "7: expected integer elements, but parsed floating-point");
    assert_eq!(attr_err("dense<300> : tensor<2xi8>"), "7: integer constant out of range for type");
    assert_eq!(
        attr_err("dense<-1> : tensor<2xui8>"),
        "8: expected unsigned integer elements, but parsed negative value"
    );
    assert_eq!(attr_err("dense<true> : tensor<2xi8>"), "7: expected i1 type for 'true' or 'false' values");
    assert_eq!(
        attr_err("dense<\"0x00\"> : tensor<2xf32>"),
        "15: elements hex data size is invalid for provided type: 'tensor<2xf32>'"
    );
    assert_eq!(
        attr_err("dense<\"0xZZ\"> : tensor<2xi8>"),
        "7: expected string containing hex digits starting with `0x`"
    );
    assert_eq!(attr_err("dense<1> : i32"), "15: elements literal must be a shaped type");
    assert_eq!(attr_err("dense<1> : tensor<?xi32>"), "25: elements literal type must have static shape");
    assert_eq!(attr_err("dense<[1, x]> : tensor<2xi32>"), "11: expected element literal of primitive type");
    assert_eq!(attr_err("dense_resource<b> : i32"), "19: `dense_resource` expected a shaped type");
}

#[test]
fn affine_maps_and_sets() {
    let mut c = new_ctx();
    use AffineExpr::*;
    let b = Box::new;
    let a =
        attr(&mut c, "affine_map<(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2, d0 - 1, 2 * d1, -d0, d0 * s0 + 3 mod 2)>");
    let AttrKind::AffineMap(m) = kind(&c, a) else { panic!() };
    assert_eq!((m.num_dims, m.num_symbols), (2, 1));
    assert_eq!(m.results[0], Add(b(Dim(0)), b(Symbol(0))));
    assert_eq!(m.results[1], FloorDiv(b(Dim(1)), b(Constant(2))));
    assert_eq!(m.results[2], Add(b(Dim(0)), b(Constant(-1))));
    assert_eq!(m.results[3], Mul(b(Dim(1)), b(Constant(2))));
    assert_eq!(m.results[4], Mul(b(Dim(0)), b(Constant(-1))));
    // `*`/`mod` bind tighter than `+`; `3 mod 2` folds to 1.
    assert_eq!(m.results[5], Add(b(Mul(b(Dim(0)), b(Symbol(0)))), b(Constant(1))));
    let a = attr(&mut c, "affine_map<() -> ()>");
    assert!(matches!(kind(&c, a), AttrKind::AffineMap(m) if m.num_dims == 0 && m.results.is_empty()));
    let a = attr(&mut c, "affine_map<(i, j) -> (j, (i + j) * 4)>");
    let AttrKind::AffineMap(m) = kind(&c, a) else { panic!() };
    assert_eq!(m.results[1], Mul(b(Add(b(Dim(0)), b(Dim(1)))), b(Constant(4))));
    let a = attr(&mut c, "affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0, s0 <= 10)>");
    let AttrKind::IntegerSet(s) = kind(&c, a) else { panic!() };
    assert_eq!(s.constraints.len(), 3);
    assert_eq!(s.constraints[0], (Add(b(Dim(0)), b(Mul(b(Symbol(0)), b(Constant(-1))))), false));
    assert_eq!(s.constraints[1], (Dim(0), true));
    assert_eq!(s.constraints[2], (Add(b(Mul(b(Symbol(0)), b(Constant(-1)))), b(Constant(10))), false));
    let a = attr(&mut c, "affine_set<(d0) : ()>");
    assert!(matches!(kind(&c, a), AttrKind::IntegerSet(s) if s.constraints == vec![(Constant(0), true)]));
    assert_eq!(
        attr_err("affine_map<(d0, d1) -> (d0 * d1)>"),
        "28: non-affine expression: at least one of the multiply operands has to be either a constant or symbolic"
    );
    assert_eq!(attr_err("affine_map<(d0) -> (d1)>"), "21: use of undeclared identifier");
    assert_eq!(attr_err("affine_map<(d0, d0) -> (d0)>"), "17: redefinition of identifier 'd0'");
    assert_eq!(attr_err("affine_map<(d0) -> (d0 +)>"), "25: missing right operand of binary operator");
    assert_eq!(attr_err("affine_map<(d0) : (d0 >= 0)>"), "12: expected AffineMap, but got IntegerSet");
}

#[test]
fn strided_and_dialect_attrs_and_aliases() {
    let mut c = new_ctx();
    let a = attr(&mut c, "strided<[1, ?], offset: ?>");
    assert_eq!(kind(&c, a), AttrKind::Strided { strides: vec![1, DYNAMIC], offset: Some(DYNAMIC) });
    let a = attr(&mut c, "strided<[-4]>");
    assert_eq!(kind(&c, a), AttrKind::Strided { strides: vec![-4], offset: None });
    let b = attr(&mut c, "strided<[-4], offset: 0>");
    assert_eq!(a, b);
    assert_eq!(attr_err("strided<[0]>"), "1: strides must not be zero");
    let a = attr(&mut c, "#stablehlo<comparison_direction LT>");
    let d = c.sym("stablehlo");
    assert_eq!(kind(&c, a), AttrKind::Dialect { dialect: d, body: "comparison_direction LT".into(), opaque: true });
    let a = attr(&mut c, "#stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>");
    assert_eq!(
        kind(&c, a),
        AttrKind::Dialect { dialect: d, body: "conv<[b, 0, f]x[0, i, o]->[b, 0, f]>".into(), opaque: false }
    );
    let a = attr(&mut c, "#foo.flag");
    let f = c.sym("foo");
    assert_eq!(kind(&c, a), AttrKind::Dialect { dialect: f, body: "flag".into(), opaque: false });
    // Attribute aliases at the top level.
    let src = "#a = 5 : i32\n#m = affine_map<(d0) -> (d0 * 2)>\n\"foo.op\"() {x = #a, y = #m} : () -> ()\n";
    let out = roundtrip(src);
    assert!(out.contains("x = 5 : i32"), "{out}");
    assert_eq!(first_error("#a = 1\n#a = 2\n"), "2:1: redefinition of attribute alias id 'a'");
    assert_eq!(first_error("\"foo.op\"() {x = #nope} : () -> ()\n"), "1:22: undefined symbol alias id 'nope'");
}

// ----- locations -----

fn op_loc(src: &str) -> (Context, Attribute) {
    let (ctx, m) = parse(src);
    let r = ctx.op_regions(m)[0];
    let b = ctx.region_blocks(r)[0];
    let first = ctx.block_first_op(b).unwrap();
    let l = ctx.op(first).loc();
    (ctx, l)
}

#[test]
fn locations() {
    let (ctx, l) = op_loc("\"foo.op\"() : () -> () loc(unknown)");
    assert_eq!(l, ctx.unknown_loc());
    let (mut ctx, l) = op_loc("\"foo.op\"() : () -> () loc(\"a.py\":3:4)");
    assert_eq!(l, ctx.file_loc("a.py", 3, 4));
    let (mut ctx, l) = op_loc("\"foo.op\"() : () -> () loc(\"a.py\":3:4 to 5:6)");
    let f = ctx.sym("a.py");
    assert_eq!(
        *ctx.attr_kind(l),
        AttrKind::Location(Location::FileLineCol { file: f, line: 3, col: 4, end: Some((5, 6)) })
    );
    let (mut ctx, l) = op_loc("\"foo.op\"() : () -> () loc(\"a.py\":3:4 to :9)");
    let f = ctx.sym("a.py");
    assert_eq!(
        *ctx.attr_kind(l),
        AttrKind::Location(Location::FileLineCol { file: f, line: 3, col: 4, end: Some((3, 9)) })
    );
    let (mut ctx, l) = op_loc("\"foo.op\"() : () -> () loc(\"name\")");
    let n = ctx.sym("name");
    assert_eq!(*ctx.attr_kind(l), AttrKind::Location(Location::Name { name: n, child: None }));
    let (mut ctx, l) = op_loc("\"foo.op\"() : () -> () loc(\"name\"(\"f\":1:2))");
    let n = ctx.sym("name");
    let child = ctx.file_loc("f", 1, 2);
    assert_eq!(*ctx.attr_kind(l), AttrKind::Location(Location::Name { name: n, child: Some(child) }));
    let (mut ctx, l) = op_loc("\"foo.op\"() : () -> () loc(callsite(\"a\":1:2 at \"b\":3:4))");
    let (callee, caller) = (ctx.file_loc("a", 1, 2), ctx.file_loc("b", 3, 4));
    assert_eq!(*ctx.attr_kind(l), AttrKind::Location(Location::CallSite { callee, caller }));
    let (mut ctx, l) = op_loc("\"foo.op\"() : () -> () loc(fused[\"a\":1:2, unknown, \"a\":1:2, \"b\":3:4])");
    let (x, y) = (ctx.file_loc("a", 1, 2), ctx.file_loc("b", 3, 4));
    assert_eq!(*ctx.attr_kind(l), AttrKind::Location(Location::Fused { locations: vec![x, y], metadata: None }));
    let (mut ctx, l) = op_loc("\"foo.op\"() : () -> () loc(fused[\"a\":1:2])");
    assert_eq!(l, ctx.file_loc("a", 1, 2));
    let (ctx, l) = op_loc("\"foo.op\"() : () -> () loc(fused<\"meta\">[\"a\":1:2])");
    assert!(matches!(ctx.attr_kind(l), AttrKind::Location(Location::Fused { metadata: Some(_), .. })));
    // Aliases, including ones defined after their use (JAX output).
    let (mut ctx, l) = op_loc("#l = loc(\"x\":1:1)\n\"foo.op\"() : () -> () loc(#l)");
    assert_eq!(l, ctx.file_loc("x", 1, 1));
    let (mut ctx, l) =
        op_loc("\"foo.op\"() : () -> () loc(#loc3)\n#loc2 = loc(\"y\":7:8)\n#loc3 = loc(callsite(#loc2 at #loc2))\n");
    let y = ctx.file_loc("y", 7, 8);
    assert_eq!(*ctx.attr_kind(l), AttrKind::Location(Location::CallSite { callee: y, caller: y }));
    // Default: FileLineCol of the op name (as mlir-opt does), with the configured offsets.
    let (mut ctx, l) = op_loc("\n  %0 = \"foo.op\"() : () -> i32");
    assert_eq!(l, ctx.file_loc("t.mlir", 2, 8));
    let mut ctx = new_ctx();
    let cfg = ParserConfig { file_name: "f.mlir".into(), line_offset: 10, col_offset_first_line: 5 };
    let m = parse_source(&mut ctx, &cfg, "\"foo.a\"() : () -> ()\n\"foo.b\"() : () -> ()").unwrap();
    let b = ctx.region_blocks(ctx.op_regions(m)[0])[0];
    let ops = ctx.block_ops_vec(b);
    let (l0, l1) = (ctx.file_loc("f.mlir", 11, 6), ctx.file_loc("f.mlir", 12, 1));
    assert_eq!(ctx.op(ops[0]).loc(), l0);
    assert_eq!(ctx.op(ops[1]).loc(), l1);
}

#[test]
fn location_errors() {
    assert_eq!(first_error("\"foo.op\"() : () -> () loc(#nope)\n"), "1:27: operation location alias was never defined");
    assert_eq!(
        first_error("#a = 1\n\"foo.op\"() : () -> () loc(#a)\n"),
        "2:27: expected location, but found '1 : i64'"
    );
    assert_eq!(
        first_error("\"foo.op\"() : () -> () loc(\"f\":x)\n"),
        "1:31: expected integer line number in FileLineColRange"
    );
    assert_eq!(
        first_error("\"foo.op\"() : () -> () loc(callsite(unknown unknown))\n"),
        "1:43: expected 'at' in callsite location"
    );
    assert_eq!(first_error("\"foo.op\"() : () -> () loc(bogus)\n"), "1:27: expected location instance");
    assert_eq!(first_error("\"foo.op\"() : () -> () loc(unknown\n"), "1:34: expected ')' in location");
}

// ----- operations -----

fn top_ops(ctx: &Context, m: OpId) -> Vec<OpId> {
    let b = ctx.region_blocks(ctx.op_regions(m)[0])[0];
    ctx.block_ops_vec(b)
}

#[test]
fn generic_operation_full_syntax() {
    let src = r#""foo.func"() ({
^bb0(%arg0: i32 loc("a":1:2), %arg1: f32):
  %a, %b:2 = "foo.multi"(%arg0, %arg1) <{p = 1 : i32}> {x = "y"} : (i32, f32) -> (i32, f32, i1)
  "foo.br"(%b#1)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  "foo.use"(%a, %b#0, %b#1) : (i32, f32, i1) -> ()
  "foo.r"() ({
    "foo.inner"(%a) : (i32) -> ()
  }, {
  ^bb0(%x: index):
    "foo.yield"(%x) : (index) -> ()
  }) : () -> ()
^bb2:
  "foo.end"() : () -> ()
}) : () -> ()
"#;
    let (ctx, m) = parse(src);
    let f = top_ops(&ctx, m)[0];
    let body = ctx.op_regions(f)[0];
    let blocks = ctx.region_blocks(body).to_vec();
    assert_eq!(blocks.len(), 3);
    assert_eq!(ctx.block(blocks[0]).args.len(), 2);
    let ops = ctx.block_ops_vec(blocks[0]);
    let multi = ops[0];
    assert_eq!(ctx.num_results(multi), 3);
    assert_eq!(ctx.op(multi).properties().len(), 1);
    assert_eq!(ctx.op(multi).attributes().len(), 1);
    let br = ops[1];
    assert_eq!(ctx.op(br).successors(), vec![blocks[1], blocks[2]]);
    assert_eq!(ctx.operands(br), &[ctx.result(multi, 2)]);
    let uses = ctx.block_ops_vec(blocks[1]);
    assert_eq!(ctx.operands(uses[0]), &[ctx.result(multi, 0), ctx.result(multi, 1), ctx.result(multi, 2)]);
    let r = uses[1];
    assert_eq!(ctx.op_regions(r).len(), 2);
    // Values of the enclosing region are visible in regions of non-isolated ops.
    let inner = ctx.block_first_op(ctx.region_blocks(ctx.op_regions(r)[0])[0]).unwrap();
    assert_eq!(ctx.operands(inner), &[ctx.result(multi, 0)]);
    let arg_loc = ctx.block(blocks[0]).args[0].loc();
    assert!(matches!(
        arg_loc.map(|l| ctx.attr_kind(l).clone()),
        Some(AttrKind::Location(Location::FileLineCol { line: 1, col: 2, .. }))
    ));
    roundtrip(src);
}

#[test]
fn forward_references() {
    let src = r#""foo.graph"() ({
  "foo.use"(%later, %y#1) : (i32, f32) -> ()
  %later = "foo.def"() : () -> i32
  %y:2 = "foo.def2"() : () -> (i32, f32)
  "foo.br"()[^exit] : () -> ()
^exit:
  "foo.end"() : () -> ()
}) : () -> ()
"#;
    let (ctx, m) = parse(src);
    let g = top_ops(&ctx, m)[0];
    let b = ctx.region_blocks(ctx.op_regions(g)[0])[0];
    let ops = ctx.block_ops_vec(b);
    assert_eq!(ctx.operands(ops[0]), &[ctx.result(ops[1], 0), ctx.result(ops[2], 1)]);
    assert_eq!(ctx.uses(ctx.result(ops[1], 0)).len(), 1);
    roundtrip(src);
}

#[test]
fn ssa_errors() {
    // Several undeclared values are all reported, in source order.
    assert_eq!(
        errors("%0 = \"foo.a\"(%x, %y) : (i32, i32) -> i32\n\"foo.b\"(%z) : (i32) -> ()\n"),
        vec![
            "1:14: use of undeclared SSA value name",
            "1:18: use of undeclared SSA value name",
            "2:9: use of undeclared SSA value name"
        ]
    );
    assert_eq!(
        errors("%0 = \"foo.a\"() : () -> i32\n%0 = \"foo.a\"() : () -> i32\n"),
        vec!["2:1: redefinition of SSA value '%0'"]
    );
    assert_eq!(
        first_error("\"foo.a\"(%1) : (i32) -> ()\n\"foo.a\"(%1) : (f32) -> ()\n"),
        "2:9: use of value '%1' expects different type than prior uses: 'f32' vs 'i32'"
    );
    assert_eq!(
        first_error("\"foo.a\"(%1) : (i32) -> ()\n%1 = \"foo.b\"() : () -> f32\n"),
        "2:1: definition of SSA value '%1#0' has type 'f32'"
    );
    assert_eq!(
        first_error("%0 = \"foo.a\"() : () -> (i32, i32)\n"),
        "1:1: operation defines 2 results but was provided 1 to bind"
    );
    assert_eq!(first_error("%0 = \"foo.a\"() : () -> ()\n"), "1:1: cannot name an operation with no results");
    assert_eq!(
        first_error("%0 = \"foo.a\"() : () -> i32\n\"foo.b\"(%0#1) : (i32) -> ()\n"),
        "2:9: reference to invalid result number"
    );
    assert_eq!(
        first_error("%0:0 = \"foo.a\"() : () -> i32\n"),
        "1:4: expected named operation to have at least 1 result"
    );
    assert_eq!(first_error("%0 \"foo.a\"() : () -> i32\n"), "1:3: expected '=' after SSA name");
    assert_eq!(first_error("\"foo.a\"(%0#x) : (i32) -> ()\n"), "1:11: invalid SSA value result number");
}

#[test]
fn isolation_scopes() {
    // Inside an IsolatedFromAbove op, values from outside are not visible...
    assert_eq!(
        first_error(
            "%0 = \"foo.a\"() : () -> i32\n\"tst.generic_only\"() ({\n  \"foo.b\"(%0) : (i32) -> ()\n}) : () -> ()\n"
        ),
        "3:11: use of undeclared SSA value name"
    );
    // ...and names may be reused.
    let src = "%0 = \"foo.a\"() : () -> i32\n\"tst.generic_only\"() ({\n  %0 = \"foo.a\"() : () -> f32\n}) : () -> ()\n\"foo.c\"(%0) : (i32) -> ()\n";
    roundtrip(src);
    // Sibling non-isolated regions do not see each other's definitions.
    assert_eq!(
        first_error(
            "\"foo.r\"() ({\n  %a = \"foo.a\"() : () -> i32\n}, {\n  \"foo.b\"(%a) : (i32) -> ()\n}) : () -> ()\n"
        ),
        "4:11: use of undeclared SSA value name"
    );
}

#[test]
fn block_errors() {
    assert_eq!(
        first_error("\"foo.a\"() ({\n  \"foo.br\"()[^bb5] : () -> ()\n}) : () -> ()\n"),
        "2:14: reference to an undefined block"
    );
    assert_eq!(
        first_error(
            "\"foo.a\"() ({\n^bb0:\n  \"foo.x\"() : () -> ()\n^bb0:\n  \"foo.x\"() : () -> ()\n}) : () -> ()\n"
        ),
        "4:1: redefinition of block '^bb0'"
    );
    assert_eq!(first_error("\"foo.a\"() ({\n^bb0\n}) : () -> ()\n"), "2:5: expected ':' after block name");
    assert_eq!(
        first_error("\"foo.a\"() ({\n^bb0(%x i32):\n}) : () -> ()\n"),
        "2:8: expected ':' and type for SSA operand"
    );
    assert_eq!(first_error("\"foo.a\"() ({\n  \"foo.b\"() : () -> ()\n"), "2:23: expected operation name in quotes");
}

#[test]
fn generic_op_errors() {
    let mut strict = Context::new();
    register_tst(&mut strict);
    assert_eq!(
        errors_with(&mut strict, "\"foo.bar\"() : () -> ()\n")[0],
        // mlir-opt-22 points just after the quoted name.
        "1:10: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used"
    );
    assert_eq!(
        errors_with(&mut strict, "\"tst.nope\"() : () -> ()\n")[0],
        "1:11: unregistered operation 'tst.nope' found in dialect ('tst') that does not allow unknown operations"
    );
    assert_eq!(first_error("\"\"() : () -> ()\n"), "1:1: empty operation name is invalid");
    assert_eq!(first_error("\"foo.a\"(%0 : () -> ()\n"), "1:11: expected ')' to end operand list");
    assert_eq!(first_error("\"foo.a\"() : i32\n"), "1:11: expected function type");
    assert_eq!(first_error("\"foo.a\"()\n"), "1:10: expected ':' followed by operation type");
    assert_eq!(
        first_error("%0 = \"foo.a\"() : () -> i32\n\"foo.b\"(%0) : () -> ()\n"),
        "2:13: expected 1 operand type but had 0"
    );
    assert_eq!(first_error("\"foo.a\"() ({}, : () -> ()\n"), "1:15: expected '{' to begin a region");
    assert_eq!(first_error("\"foo.a\"() <{a = 1} : () -> ()\n"), "1:19: expected '>' to close properties");
    assert_eq!(first_error("\"tst.add\"()[^bb1] : () -> ()\n"), "1:12: successors in non-terminator");
    assert_eq!(first_error("1\n"), "1:1: expected operation name in quotes");
    assert_eq!(first_error("foo.bar\n"), "1:1: custom op 'foo.bar' is unknown");
    assert_eq!(first_error("return\n"), "1:1: custom op 'return' is unknown (tried 'builtin.return' as well)");
}

#[test]
fn lexer_errors() {
    assert_eq!(first_error("\"foo.a\"() : () -> () $\n"), "1:22: unexpected character");
    assert_eq!(first_error("\"foo.a\"() {a = \"x\n\"} : () -> ()\n"), "1:18: expected '\"' in string literal");
    assert_eq!(
        first_error("\"foo.a\"() {a = @1} : () -> ()\n"),
        "1:17: @ identifier expected to start with letter or '_'"
    );
    assert_eq!(first_error("%0 = \"foo.a\"() : () -> i32\n\"foo.b\"(% ) : () -> ()\n"), "2:9: invalid SSA name");
    assert_eq!(first_error("\"foo.a\"() : () -> () ..\n"), "1:22: expected three consecutive dots for an ellipsis");
}

#[test]
fn custom_syntax_via_op_asm_parser() {
    let src = r#"tst.func @add(%a: i32 {tst.attr}, %b: i32 loc("arg":1:1)) -> i32 attributes {visibility = "private"} {
  %c = const 5 : i32
  %s = add %a, %b : i32
  %t = tst.add %s, %c {fast} : i32
  ret %t : i32
}
tst.func @loops(%n: index) {
  tst.loop %i = %n to %n step 2 {
    %x = "foo.use"(%i, %n) : (index, index) -> i32
  }
  ret
}
tst.func @branches(%c: i1, %v: i32) {
  tst.br %c, ^a, ^b
^a:
  tst.br ^b
^b:
  ret
}
%m = tst.misc kw "str" 0x10 -3 2.5 [i32, f32] ? * | ... {a} -> i64
"#;
    let (ctx, m) = parse(src);
    let ops = top_ops(&ctx, m);
    assert_eq!(ops.len(), 4);
    assert_eq!(ctx.op_name_of(ops[0]), "tst.func");
    let body = ctx.region_blocks(ctx.op_regions(ops[0])[0])[0];
    assert_eq!(ctx.block(body).args.len(), 2);
    let names: Vec<&str> = ctx.block_ops(body).map(|o| ctx.op_name_of(o)).collect();
    assert_eq!(names, vec!["tst.const", "tst.add", "tst.add", "tst.ret"]);
    let summary = ctx.attr(ops[3], "summary").unwrap();
    assert_eq!(*ctx.attr_kind(summary), AttrKind::String { value: "kw str 16 -3 2.5 2".into(), ty: None });
    roundtrip(src);
}

#[test]
fn custom_syntax_errors() {
    // Default dialect: `ret` means `tst.ret` inside `tst.func`, not outside.
    assert_eq!(first_error("ret\n"), "1:1: custom op 'ret' is unknown (tried 'builtin.ret' as well)");
    assert_eq!(
        first_error("tst.func @f(%a: i32) {\n  ret %a : f32\n}\n"),
        "2:7: use of value '%a' expects different type than prior uses: 'f32' vs 'i32'"
    );
    assert_eq!(first_error("tst.func f() {\n}\n"), "1:10: expected valid '@'-identifier for symbol name");
    assert_eq!(
        first_error("tst.func @f(%a: i32, %a: i32) {\n}\n"),
        "1:22: region entry argument '%a' is already in use"
    );
    assert_eq!(first_error("tst.func @f(%a#1: i32) {\n}\n"), "1:15: result number not allowed in argument list");
    assert_eq!(
        first_error("tst.func @f(%a: i32) {\n^bb0:\n  ret\n}\n"),
        "2:1: invalid block name in region with named arguments"
    );
    assert_eq!(first_error("tst.loop %i = %n too %n {\n}\n"), "1:18: expected 'to'");
    assert_eq!(first_error("%x = tst.misc kw \"s\" 1 2 x\n"), "1:26: expected floating point literal");
    // Values from outside an isolated custom op are not visible inside it.
    assert_eq!(
        first_error("%0 = \"foo.a\"() : () -> i32\ntst.func @f() {\n  ret %0 : i32\n}\n"),
        "3:7: use of undeclared SSA value name"
    );
}

#[test]
fn module_forms() {
    // One top-level module is returned as is; otherwise ops are wrapped.
    let (ctx, m) = parse("module @m attributes {foo.bar = 1 : i32} {\n  \"foo.op\"() : () -> ()\n}\n");
    assert_eq!(ctx.op_name_of(m), "builtin.module");
    assert!(ctx.attr(m, "sym_name").is_some());
    assert!(ctx.attr(m, "foo.bar").is_some());
    assert_eq!(top_ops(&ctx, m).len(), 1);
    let (ctx, m) = parse("\"builtin.module\"() ({\n  \"foo.op\"() : () -> ()\n}) : () -> ()\n");
    assert_eq!(top_ops(&ctx, m).len(), 1);
    let (ctx, m) = parse("module {\n}\nmodule {\n}\n");
    assert_eq!(top_ops(&ctx, m).len(), 2);
    let (ctx, m) = parse("");
    assert_eq!(ctx.op_name_of(m), "builtin.module");
    assert!(top_ops(&ctx, m).is_empty());
    let (mut ctx, m) = parse("module {}");
    assert_eq!(ctx.region_blocks(ctx.op_regions(m)[0]).len(), 1);
    let l = ctx.file_loc("t.mlir", 1, 1);
    assert_eq!(ctx.op(m).loc(), l);
    let out = roundtrip("module {\n  module @inner {\n    \"foo.op\"() : () -> ()\n  }\n}\n");
    assert!(out.contains("module @inner"), "{out}");
}

#[test]
fn file_metadata_resources() {
    let src = r#""foo.op"() {v = dense_resource<blob1> : tensor<2xi32>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000"
    }
  },
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(cse)",
      disable_threading: true
    }
  }
#-}
"#;
    let (ctx, _m) = parse(src);
    assert_eq!(
        ctx.resources.get(&("builtin".to_string(), "blob1".to_string())).map(|s| s.as_str()),
        Some("0x040000000100000002000000")
    );
    assert_eq!(ctx.external_resources.len(), 2);
    assert_eq!(ctx.external_resources[0].0, "mlir_reproducer");
    assert_eq!(ctx.external_resources[0].2, "\"builtin.module(cse)\"");
    assert_eq!(first_error("{-# foo: {} #-}\n"), "1:5: unknown key 'foo' in file metadata dictionary");
}

#[test]
fn roundtrip_everything() {
    let src = r#"#map = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2, d0 - 1, d1 * 2, -d0, (d0 + d1) mod 4, d1 ceildiv s0)>
#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
!tok = !stablehlo.token
"foo.op"() {
  a = 1 : i32, b, c = [1.500000e+00 : f32, -2, true, unit, @a::@b], d = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>,
  e = dense<1.000000e+00> : tensor<3xf16>, f = array<i64: 1, 2>, g = array<f32: 1.5>, h = array<i1: true, false>,
  m = #map, s = #set, st = strided<[1, ?], offset: ?>, x = #foo.bar<"x">, y = #foo<a, b>, z = "s\0A",
  t = tensor<?x4xf32, #foo.enc>, u = memref<4x?xf32, strided<[?, 1]>, 1>, v = vector<[4]x8xbf16>,
  w = complex<f64>, tu = tuple<i32, f8E4M3FN>, fn = (i32) -> (f32, i1), tok = !tok,
  cx = dense<(1.000000e+00, 2.000000e+00)> : tensor<2xcomplex<f32>>, ds = dense<["a", "b"]> : tensor<2x!foo.str>,
  hex = dense<"0x01020304050607080900"> : tensor<10xi8>, f8 = dense<[1.0, 2.0]> : tensor<2xf8E5M2>,
  idx = 3 : index, ui = 255 : ui8, si = -128 : si8, big = 170141183460469231731687303715884105727 : i128,
  nan = 0x7FC00000 : f32, inf = 0x7FF0000000000000 : f64, neg0 = -0.000000e+00 : f64, f80 = 1.0 : f80,
  ur = memref<*xf32, 2>, none = none, idxt = index, i0 = 0 : i0
} : () -> ()
"#;
    roundtrip(src);
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let n = 5000;
    let src = format!("\"foo.a\"() {{x = {}1{}}} : () -> ()\n", "[".repeat(n), "]".repeat(n));
    assert!(first_error(&src).contains("exceeded the maximum nesting depth"));
    let ty = format!("\"foo.a\"() : () -> {}i32{}\n", "tuple<".repeat(n), ">".repeat(n));
    assert!(first_error(&ty).contains("exceeded the maximum nesting depth"));
    let mut regions = String::new();
    for _ in 0..n {
        regions.push_str("\"foo.r\"() ({\n");
    }
    assert!(errors(&regions).iter().any(|e| e.contains("exceeded the maximum nesting depth")));
    let aff = format!("\"foo.a\"() {{m = affine_map<(d0) -> ({}d0{})>}} : () -> ()\n", "(".repeat(n), ")".repeat(n));
    assert!(first_error(&aff).contains("exceeded the maximum nesting depth"));
    let neg = format!("\"foo.a\"() {{m = affine_map<(d0) -> ({}d0)>}} : () -> ()\n", "-".repeat(n));
    assert!(first_error(&neg).contains("exceeded the maximum nesting depth"));
    let loc = format!("\"foo.a\"() : () -> () loc({}unknown{})\n", "callsite(".repeat(n), " at unknown)".repeat(n));
    assert!(first_error(&loc).contains("exceeded the maximum nesting depth"));
    let dense = format!("\"foo.a\"() {{d = dense<{}1{}> : tensor<i32>}} : () -> ()\n", "[".repeat(n), "]".repeat(n));
    assert!(first_error(&dense).contains("exceeded the maximum nesting depth"));
    let dense = format!(
        "\"foo.a\"() {{d = dense<{}1, 1){}> : tensor<complex<i32>>}} : () -> ()\n",
        "(".repeat(n),
        ", 1)".repeat(n)
    );
    assert!(first_error(&dense).contains("exceeded the maximum nesting depth"));
}

#[test]
fn sources_are_registered() {
    let mut ctx = new_ctx();
    let _ = parse_source(&mut ctx, &ParserConfig::new("x.mlir"), "\"foo.a\"() : () -> ()\n");
    assert!(ctx.sources.contains_key("x.mlir"));
    // A pre-registered full file (split-input-file) is kept.
    let mut ctx = new_ctx();
    ctx.sources.insert("y.mlir".into(), strata_ir::SourceText::from("full text"));
    let _ = parse_source(&mut ctx, &ParserConfig::new("y.mlir"), "\"foo.a\"() : () -> ()\n");
    assert_eq!(&*ctx.sources["y.mlir"], "full text");
}

// ----- rendered diagnostics (insta snapshots) -----

fn rendered(src: &str) -> String {
    let mut ctx = new_ctx();
    assert!(parse_source(&mut ctx, &ParserConfig::new("input.mlir"), src).is_err());
    ctx.take_diagnostics().iter().map(|d| render(&ctx, d)).collect()
}

#[test]
fn snapshot_undeclared_values() {
    insta::assert_snapshot!(rendered("%0 = \"foo.a\"(%x) : (i32) -> i32\n\"foo.b\"(%0, %y) : (i32, f32) -> ()\n"));
}

#[test]
fn snapshot_type_mismatch_with_note() {
    insta::assert_snapshot!(rendered("\"foo.a\"(%1) : (i32) -> ()\n\"foo.b\"(%1) : (tensor<2xf32>) -> ()\n"));
}

#[test]
fn snapshot_missing_brace_reported_at_line_end() {
    insta::assert_snapshot!(rendered("\"foo.a\"() {a = 1, b = [2, 3] // comment\n\n\"foo.b\"() : () -> ()\n"));
}

#[test]
fn snapshot_dense_shape_mismatch() {
    insta::assert_snapshot!(rendered("\"foo.a\"() {v = dense<[[1.0, 2.0]]> : tensor<2x2xf32>} : () -> ()\n"));
}

#[test]
fn snapshot_unbalanced_dialect_body() {
    insta::assert_snapshot!(rendered("\"foo.a\"() : () -> !foo.bar<a, (b>\n"));
}

// ----- robustness: random inputs never panic -----

const SAMPLES: &[&str] = &[
    r#"#map = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2, -d0)>
!t = tensor<4x?xf32>
"foo.func"() ({
^bb0(%arg0: i32 loc("a":1:2), %arg1: !t):
  %a, %b:2 = "foo.multi"(%arg0, %arg1) <{p = 1 : i32}> {x = "y\n", m = #map} : (i32, !t) -> (i32, f32, i1)
  "foo.br"(%b#1)[^bb1] : (i1) -> ()
^bb1:
  "foo.use"(%a, %later) {d = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, s = @a::@b} : (i32, i32) -> () loc(#loc1)
  %later = "foo.def"() : () -> i32 loc(fused<"m">["f":1:2, callsite("x" at unknown)])
}) : () -> ()
#loc1 = loc("x.py":10:3 to 10:9)
"#,
    r#"tst.func @add(%a: i32 {tst.attr}, %b: i32, %n: index, %cond: i1) -> i32 attributes {visibility = "private"} {
  %c = const 5 : i32
  %s = add %a, %b : i32
  tst.loop %i = %n to %n step 2 {
    "foo.x"(%i) : (index) -> ()
  }
  tst.br %cond, ^a, ^b
^a:
  tst.br ^b(%s : i32)
^b(%z: i32):
  ret %z : i32
}
%m = tst.misc kw "str" 0x10 -3 2.5 [i32, f32] ? * | ... {a} -> i64
"#,
    r#"module @m attributes {foo = array<f32: 1.5, inf>} {
  "foo.op"() {a = dense<"0x0000803F00000040"> : tensor<2xf32>, b = dense<(1, 2)> : tensor<complex<i8>>,
    c = strided<[1, ?], offset: ?>, e = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>,
    f = memref<4x?xf32, strided<[?, 1]>, 1>, g = vector<[4]x8xbf16>, h = #stablehlo<comparison_direction LT>,
    i = dense_resource<blob1> : tensor<2xi32>, j = dense<["a", "b"]> : tensor<2x!foo.str>} : () -> ()
}
{-# dialect_resources: { builtin: { blob1: "0x040000000100000002000000" } } #-}
"#,
];

fn parse_no_panic(src: &str) {
    let mut ctx = new_ctx();
    let r = parse_source(&mut ctx, &ParserConfig::new("fuzz.mlir"), src);
    // Every failure comes with at least one located diagnostic that renders.
    if r.is_err() {
        let ds = ctx.take_diagnostics();
        assert!(!ds.is_empty(), "failure without diagnostic for {src:?}");
        for d in &ds {
            let _ = render(&ctx, d);
        }
    } else if let Ok(m) = r {
        let _ = print(&ctx, m);
    }
}

#[test]
fn samples_parse() {
    for s in SAMPLES {
        parse(s);
    }
}

#[derive(Debug, Clone)]
enum Mutation {
    Truncate(f64),
    Flip(f64, u8),
    Insert(f64, &'static str),
    Delete(f64, usize),
    Duplicate(f64, usize),
}

fn mutation() -> impl proptest::strategy::Strategy<Value = Mutation> {
    use proptest::prelude::*;
    const PUNCT: &[&str] = &[
        "(", ")", "[", "]", "{", "}", "<", ">", ",", ":", "::", "=", "->", "%", "^", "#", "!", "@", "\"", "\\", "-",
        "?", "*", "|", "...", "{-#", "#-}", "0x", "loc(", "dense<", "%0", "^bb0:", "\n", " ", "//", "\u{0}", "é",
    ];
    prop_oneof![
        (0.0..1.0f64).prop_map(Mutation::Truncate),
        (0.0..1.0f64, any::<u8>()).prop_map(|(p, b)| Mutation::Flip(p, b)),
        (0.0..1.0f64, proptest::sample::select(PUNCT)).prop_map(|(p, s)| Mutation::Insert(p, s)),
        (0.0..1.0f64, 1..20usize).prop_map(|(p, n)| Mutation::Delete(p, n)),
        (0.0..1.0f64, 1..40usize).prop_map(|(p, n)| Mutation::Duplicate(p, n)),
    ]
}

fn apply(src: &str, muts: &[Mutation]) -> String {
    let mut b = src.as_bytes().to_vec();
    for m in muts {
        let at = |p: f64, len: usize| ((p * len as f64) as usize).min(len);
        match *m {
            Mutation::Truncate(p) => {
                let i = at(p, b.len());
                b.truncate(i);
            }
            Mutation::Flip(p, x) => {
                if !b.is_empty() {
                    let i = at(p, b.len() - 1);
                    b[i] = x;
                }
            }
            Mutation::Insert(p, s) => {
                let i = at(p, b.len());
                b.splice(i..i, s.bytes());
            }
            Mutation::Delete(p, n) => {
                let i = at(p, b.len());
                let j = (i + n).min(b.len());
                b.drain(i..j);
            }
            Mutation::Duplicate(p, n) => {
                let i = at(p, b.len());
                let j = (i + n).min(b.len());
                let chunk: Vec<u8> = b[i..j].to_vec();
                b.splice(j..j, chunk);
            }
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config { cases: 300, ..Default::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..300)) {
        parse_no_panic(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn mutated_samples_never_panic(
        which in 0..SAMPLES.len(),
        muts in proptest::collection::vec(mutation(), 1..6),
    ) {
        parse_no_panic(&apply(SAMPLES[which], &muts));
    }

    #[test]
    fn random_token_soup_never_panics(
        toks in proptest::collection::vec(proptest::sample::select(&[
            "%0", "%a#1", "=", "\"foo.x\"", "(", ")", ":", "->", "i32", "tensor<", ">", "{", "}", "[", "]", ",",
            "^bb0", "dense<", "1", "-", "1.5", "0x1F", "loc(", "#loc", "!t", "@s", "module", "tst.func", "ret",
            "affine_map<", "(d0)", "d0", "array<", "strided<", "unit", "true", "\n", "#a = ", "!t = ", "{-#", "#-}",
        ][..]), 0..60),
    ) {
        parse_no_panic(&toks.join(" "));
    }
}

/// Parser error cases of MLIR's `test/IR/invalid*.mlir`, with the message `expected-error`
/// expects there (a substring match, as `-verify-diagnostics` does) and the expected line.
#[test]
fn mlir_invalid_test_cases() {
    let cases: &[(&str, u32, &str)] = &[
        ("\"foo\"() ({\n^bb42 (%bb42 : i32:\n  \"foo.r\"() : () -> ()\n}) : () -> ()", 2, "expected ')'"),
        ("\"foo\"() ({\n^bb42 (i32):\n}) : () -> ()", 2, "expected SSA operand"),
        ("\"foo\"() ({\n^bb42 (%0):\n}) : () -> ()", 2, "expected ':' and type for SSA operand"),
        ("\"foo\"() ({\n^bb %x: i32 :\n}) : () -> ()", 2, "expected ':' after block name"),
        ("\"foo\"() : i32\n", 1, "expected function type"),
        ("\"\"() : ()->()\n", 1, "empty operation name is invalid"),
        ("test.asd\n", 1, "custom op 'test.asd' is unknown"),
        ("%1 = \"foo\"() : (i32)->i64\n", 1, "expected 0 operand types but had 1"),
        ("%x = \"xxx\"(%y) : (i32)->i32\n", 1, "use of undeclared SSA value name"),
        ("\"foo\"() ({\n^bb1(%a: i64):\n  \"foo.br\"()[^bb2] : () -> ()\n^bb2(%a: i64):\n  \"foo.r\"() : () -> ()\n}) : () -> ()", 4, "redefinition of SSA value '%a'"),
        ("%c = \"tst.add\"(%a, %b)[^bb1] : () -> ()\n", 1, "successors in non-terminator"),
        ("%z = \"casdasda\"(%x) : (ppop32) -> i32\n", 1, "expected non-function type"),
        ("\"foo\"() ({^b(", 1, "expected SSA operand"),
        ("\"f\"() : (!foo<) -> ()\n", 1, "unbalanced '<' character in pretty dialect name"),
        ("\"f\"() : (!unknown_alias) -> ()\n", 1, "undefined symbol alias id 'unknown_alias'"),
        ("!foo.bar = i32\n", 1, "type names with a '.' are reserved for dialect-defined names"),
        ("!missing_eq_alias i32\n", 1, "expected '=' in type alias definition"),
        ("!missing_type_alias =\n", 1, "expected non-function type"),
        ("!redef_alias = i32\n!redef_alias = i32\n", 2, "redefinition of type alias id 'redef_alias'"),
        ("\"f\"() : () -> !invalid.dialect<!x@#]!@#>\n", 1, "unbalanced '<' character in pretty dialect name"),
        ("\"f\"() : (tuple<i32) -> ()\n", 1, "expected '>' in tuple type"),
        ("\"region\"() ({},{},{} : () -> ()\n", 1, "expected ')' to end region list"),
        ("%0: = \"foo\" () : () -> (i32, i32)\n", 1, "expected integer number of results"),
        ("%0:0 = \"foo\" () : () -> (i32, i32)\n", 1, "expected named operation to have at least 1 result"),
        ("%0, = \"foo\" () : () -> (i32, i32)\n", 1, "expected valid ssa identifier"),
        ("%0:1 = \"foo\" () : () -> (i32, i32)\n", 1, "operation defines 2 results but was provided 1 to bind"),
        ("%0, %1, %3 = \"foo\" () : () -> (i32, i32)\n", 1, "operation defines 2 results but was provided 3 to bind"),
        ("%0 = \"foo\" () : () -> ()\n", 1, "cannot name an operation with no results"),
        ("%foo, %bar = \"foo\" () : () -> (i32, i32)\n%bar, %baz = \"foo\" () : () -> (i32, i32)\n", 2, "redefinition of SSA value '%bar'"),
        ("%0:2 \"foo\" () : () -> (i32, i32)\n", 1, "expected '=' after SSA name"),
        ("#foo.attr = i32\n", 1, "attribute names with a '.' are reserved for dialect-defined names"),
        ("\"f\"() : (!unreg.ptr<(i32)->) -> ()\n", 1, "unbalanced '<' character in pretty dialect name"),
        ("\"t\"(){\"\"}\n", 1, "expected valid attribute name"),
        ("%0 = \"foo\"() \n  \"bar\"() : () -> ()\n", 1, "expected ':' followed by operation type"),
        ("%0 = \"foo\"()  // comment\n  \"bar\"() : () -> ()\n", 1, "expected ':' followed by operation type"),
        ("@foo\n", 1, "expected operation name in quotes"),
        ("\"foo\"(){bar = dense<[4]> : i32} : () -> ()\n", 1, "elements literal must be a shaped type"),
        ("\"foo\"(){bar = dense<[4]> : tensor<?xi32>} : () -> ()\n", 1, "elements literal type must have static shape"),
        ("\"foo\"(){bar = dense<[4]> : tensor<5xi32>} : () -> ()\n", 1, "inferred shape of elements literal ([1]) does not match type ([5])"),
        ("\"foo\"(){bar = dense<[4, [5]]> : tensor<2xi32>} : () -> ()\n", 1, "tensor literal is invalid; ranks are not consistent between elements"),
        ("\"foo\"(){bar = dense<[tf_opaque]> : tensor<1xi32>} : () -> ()\n", 1, "expected element literal of primitive type"),
        ("\"foo\"(){bar = dense<4.0> : tensor<i32>} : () -> ()\n", 1, "expected integer elements, but parsed floating-point"),
        ("\"foo\"(){bar = dense<[777]> : tensor<1xi8>} : () -> ()\n", 1, "integer constant out of range"),
        ("#attr = dense<> : tensor<i64>\n", 1, "parsed zero elements, but type ('tensor<i64>') expected at least 1"),
        ("\"foo\"(){bar = dense<[()]> : tensor<complex<i64>>} : () -> ()\n", 1, "expected element literal of primitive type"),
        ("\"foo\"(){bar = dense<[(10)]> : tensor<complex<i64>>} : () -> ()\n", 1, "expected ',' between complex elements"),
        ("\"foo\"(){bar = dense<[(10,10]> : tensor<complex<i64>>} : () -> ()\n", 1, "expected ')' after complex elements"),
        ("\"foo\"() {value = -0x7fff : f16} : () -> ()\n", 1, "hexadecimal float literal should not have a leading minus"),
        ("\"foo\"() {value = 0xffffffff : f16} : () -> ()\n", 1, "hexadecimal float constant out of range for type"),
        ("\"foo\"() {bar = dense<[true, 42.0]> : tensor<2xi1>} : () -> ()\n", 1, "expected integer elements, but parsed floating-point"),
        ("\"foo\"() {bar = dense<[42, 42.0]> : tensor<2xf32>} : () -> ()\n", 1, "unexpected decimal integer literal for a floating point value"),
        ("\"foo\"() {bar = dense<[42.0, true]> : tensor<2xf32>} : () -> ()\n", 1, "expected floating point literal"),
        ("\"foo\"() {bar = dense<-0x7FFFFFFF> : tensor<2xf32>} : () -> ()\n", 1, "hexadecimal float literal should not have a leading minus"),
        ("\"foo\"() {bar = dense<0x7FF0000000000000> : tensor<2xf32>} : () -> ()\n", 1, "hexadecimal float constant out of range for type"),
        ("\"foo\"() {bar = dense<0x7FFFFFF0000000000000> : tensor<2xf32>} : () -> ()\n", 1, "hexadecimal float constant out of range for type"),
        ("\"foo\"() {bar = dense<0xFFFFFFFFFFFFFF> : tensor<2xi16>} : () -> ()\n", 1, "integer constant out of range for type"),
        ("\"foo\"() {bar = -5 : ui32} : () -> ()\n", 1, "negative integer literal not valid for unsigned integer type"),
        ("\"foo\"() {bar = dense<[5, -5]> : vector<2xui32>} : () -> ()\n", 1, "expected unsigned integer elements, but parsed negative value"),
        ("\"t\"() {attr = 79228162514264337593543950336 : ui96} : () -> ()\n", 1, "integer constant out of range for attribute"),
        ("\"t\"() {attr = 39614081257132168796771975168 : si96} : () -> ()\n", 1, "integer constant out of range for attribute"),
        ("\"t\"() {attr = 18446744073709551616 : ui64} : () -> ()\n", 1, "integer constant out of range for attribute"),
        ("\"t\"() {attr = -9223372036854775809 : i64} : () -> ()\n", 1, "integer constant out of range for attribute"),
        ("\"foo.op\"() {a, a} : () -> ()\n", 1, "duplicate key 'a' in dictionary attribute"),
        ("\"f\"() { b = [@m:\n", 1, "expected ',' or ']'"),
        ("\"J// -----\n", 1, "expected '\"' in string literal"),
        ("#attr = dense_resource>\n", 1, "expected '<' after 'dense_resource'"),
        ("#attr = dense_resource<resource\n", 1, "expected '>'"),
        ("#attr = dense_resource<resource>\n", 1, "expected ':'"),
        ("#attr = array\n", 1, "expected '<' after 'array'"),
        ("#attr = array<vector<i32>>\n", 1, "expected integer or float type"),
        ("#attr = array<i7>\n", 1, "element type bitwidth must be a multiple of 8"),
        ("#attr = array<i8)\n", 1, "expected ':' after dense array type"),
        ("#attr = array<i8: 1)\n", 1, "expected '>' to close an array attribute"),
        ("\"f\"() : (memref<?x?xf32, strided>) -> ()\n", 1, "expected '<' after 'strided'"),
        ("\"f\"() : (memref<?x?xf32, strided<>>) -> ()\n", 1, "expected '['"),
        ("\"f\"() : (memref<?x?xf32, strided<[>>) -> ()\n", 1, "expected a 64-bit signed integer or '?'"),
        ("\"f\"() : (memref<?x?xf32, strided<[], offset: 32)>) -> ()\n", 1, "expected '>'"),
        ("\"f\"() : (memref<?x?xf32, strided<[], >>) -> ()\n", 1, "expected 'offset' after comma"),
        ("\"f\"() : (memref<?x?xf32, strided<[], offset>>) -> ()\n", 1, "expected ':' after 'offset'"),
        ("\"f\"() : (memref<?x?xf32, strided<[], offset: >>) -> ()\n", 1, "expected a 64-bit signed integer or '?'"),
        ("\"f\"() : (complex memref<2x4xi8>>) -> ()\n", 1, "expected '<' in complex type"),
        ("\"f\"() : (complex<i32) -> ()\n", 1, "expected '>' in complex type"),
        ("\"f\"() : (i21312312323120) -> ()\n", 1, "invalid integer width"),
        // invalid-affinemap.mlir
        ("#h = affine_map<(i, j) -> ((), j)>\n", 1, "no expression inside parentheses"),
        ("#h = affine_map<(i, j) -> (->, j)\n", 1, "expected affine expression"),
        ("#h = affine_map<(i, j) -> (, j)>\n", 1, "expected affine expression"),
        ("#h affine_map<(i, j) [s0] -> (i, j)>\n", 1, "expected '=' in attribute alias definition"),
        ("#h = affine_map<(i, j) [s0] -> (2*i*, 3*j*i*2 + 5)>\n", 1, "missing right operand of binary op"),
        ("#h = affine_map<(i, j) [s0] -> (i+, i+j+2 + 5)>\n", 1, "missing right operand of binary op"),
        ("#h = affine_map<(i, j) [s0] -> ((s0 + i, j)>\n", 1, "expected ')'"),
        ("#h = affine_map<(i, j) [s0] -> i + s0, j)>\n", 1, "expected '(' in affine map range"),
        ("#h = affine_map<(i, j) [s0, s1, s0] -> (i)>\n", 1, "redefinition of identifier 's0'"),
        ("#h = affine_map<(i, j) [i, s0] -> (j)>\n", 1, "redefinition of identifier 'i'"),
        ("#h = affine_map<(i, j) [s0, s1] -> (+i, j)>\n", 1, "missing left operand of binary op"),
        ("#h = affine_map<(i, j) [s0, s1] -> (i, *j)>\n", 1, "missing left operand of binary op"),
        ("#h = affine_map<(i, j) [s0, s1] -> (floordiv i 2, j)>\n", 1, "use of undeclared identifier"),
        ("#h = affine_map<(i, j) [s0, s1] -> (-(), j)>\n", 1, "missing operand of negation"),
        ("#h = affine_map<(i, j) [s0, s1] -> (-(), j)>\n", 1, "no expression inside parentheses"),
        ("#h = affine_map<(i, j) [s0, s1] -> (i, j + j ceildiv 128 mod 16 * i - 4)>\n", 1, "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic"),
        ("#h = affine_map<(i, j) [s0, s1] -> (i, j floordiv i)>\n", 1, "non-affine expression: right operand of floordiv has to be either a constant or symbolic"),
        ("#h = affine_map<(i, j) [s0, s1] -> (i, i*2 ceildiv j*5)>\n", 1, "non-affine expression: right operand of ceildiv has to be either a constant or symbolic"),
        ("#h = affine_map<(i, j) [s0, s1] -> (i, i mod (2+i))>\n", 1, "non-affine expression: right operand of mod has to be either a constant or symbolic"),
        ("#h = affine_map<(i, j) [s0, s1] -> (-1*i j, j)>\n", 1, "expected ')' in affine map range"),
        ("#h = affine_map<(i, j) -> (i, 3*d0 + )>\n", 1, "use of undeclared identifier"),
        // invalid-locations.mlir
        ("\"f\"() : () -> () loc)\n", 1, "expected '(' in location"),
        ("\"f\"() : () -> () loc()\n", 1, "expected location instance"),
        ("\"f\"() : () -> () loc(\"foo\"(unknown])\n", 1, "expected ')' after child location of NameLoc"),
        ("\"f\"() : () -> () loc(callsite unknown\n", 1, "expected '(' in callsite location"),
        ("\"f\"() : () -> () loc(callsite( at )\n", 1, "expected location instance"),
        ("\"f\"() : () -> () loc(callsite(unknown at )\n", 1, "expected location instance"),
        ("\"f\"() : () -> () loc(callsite( unknown at unknown\n", 1, "expected ')' in callsite location"),
        ("\"f\"() : () -> () loc(fused<true [unknown])\n", 1, "expected '>' after fused location metadata"),
        ("\"f\"() : () -> () loc(fused<)\n", 1, "expected attribute value"),
        ("\"f\"() : () -> () loc(fused<true>unknown])\n", 1, "expected '[' in fused location"),
        ("\"f\"() : () -> () loc(fused[unknown)\n", 1, "expected ']' in fused location"),
        ("\"f\"() : () -> () loc(#non_loc)\n#non_loc = true\n", 1, "expected location, but found 'true'"),
        // invalid-file-metadata.mlir
        ("{-#\n", 2, "expected identifier key in file metadata dictionary"),
        ("{-#\n  key\n#-}\n", 2, "expected ':'"),
        ("{-#\n  some_key: {}\n#-}\n", 2, "unknown key 'some_key' in file metadata dictionary"),
        ("{-#\n  dialect_resources: \"value\"\n#-}\n", 2, "expected '{'"),
        ("{-#\n  dialect_resources: {\n    10\n  }\n#-}\n", 3, "expected identifier key for 'resource' entry"),
        ("{-#\n  dialect_resources: {\n    entry \"value\"\n  }\n#-}\n", 3, "expected ':'"),
        ("{-#\n  dialect_resources: {\n    foobar: {\n      entry: \"foo\"\n    }\n  }\n#-}\n", 3, "dialect 'foobar' is unknown"),
        ("{-#\n  dialect_resources: {\n    builtin: {\n      b: 10\n    }\n  }\n#-}\n", 4, "expected hex string blob for key 'b'"),
        ("{-#\n  dialect_resources: {\n    builtin: {\n      b: \"0x\"\n    }\n  }\n#-}\n", 4, "expected hex string blob for key 'b' to encode alignment in first 4 bytes"),
        ("{-#\n  external_resources: \"value\"\n#-}\n", 2, "expected '{'"),
    ];
    for (src, line, msg) in cases {
        let errs = errors(src);
        assert!(
            errs.iter().any(|e| e.starts_with(&format!("{line}:")) && e.contains(msg)),
            "input {src:?}: expected `{line}: ..{msg}..`, got {errs:?}"
        );
    }
}

// ----- dialect body hooks -----

/// `!hk.v<N>` canonicalizes the number (leading zeros dropped); `#hk.bad<...>` is rejected with
/// an error at the offending byte.
fn hk_type_body(body: &str, opaque: bool) -> Result<Option<String>, Vec<strata_ir::dialect::BodyError>> {
    assert!(!opaque || !body.starts_with('v'), "bodies of the pretty form are passed as such");
    let Some(n) = body.strip_prefix("v<").and_then(|b| b.strip_suffix('>')) else { return Ok(None) };
    let v: u64 = n
        .trim()
        .parse()
        .map_err(|_| vec![strata_ir::dialect::BodyError { offset: Some(2), message: "expected integer".into() }])?;
    Ok(Some(format!("v<{v}>")))
}

fn hk_attr_body(body: &str, _opaque: bool) -> Result<Option<String>, Vec<strata_ir::dialect::BodyError>> {
    match body.find("bad") {
        Some(i) => Err(vec![strata_ir::dialect::BodyError { offset: Some(i), message: "bad body".into() }]),
        None => Ok(None),
    }
}

#[test]
fn dialect_body_hooks() {
    let mut c = new_ctx();
    c.register_dialect(Dialect::new("hk").type_body_hook(hk_type_body).attr_body_hook(hk_attr_body));
    let a = ty(&mut c, "!hk.v<007>");
    let b = ty(&mut c, "!hk.v<7>");
    let d = ty(&mut c, "!hk<v<7>>");
    assert_eq!(a, b);
    assert_eq!(a, d);
    let hk = c.sym("hk");
    assert_eq!(*c.type_kind(a), TypeKind::Dialect { dialect: hk, body: "v<7>".into(), opaque: false });
    assert!(parse_type_str(&mut c, "!hk.v<x>").is_err());
    let ds = c.take_diagnostics();
    let p = file_pos(&c, ds[0].loc).unwrap();
    assert_eq!((p.col, ds[0].message.as_str()), (7, "expected integer"));
    let src = "\"foo.op\"() {a = #hk.ok<1>,\n  b = #hk<x bad>} : () -> ()\n";
    let errs = errors_with(&mut c, src);
    assert_eq!(errs, vec!["2:13: bad body"]);
}

/// Positions recomputed from byte offsets (undeclared names are reported at their first use,
/// in offset order, from one pass over the text) are the lexer's positions.
#[test]
fn undeclared_value_positions() {
    let mut ctx = new_ctx();
    let text = "\"t.a\"(%x) : (i32) -> ()\n  \"t.b\"() ({\n  ^bb0:\n    \"t.c\"(%y, %x) : (i32, i32) -> ()\n  }) : () -> ()\n\"t.d\"(%z) : (i32) -> ()\n";
    assert!(parse_source(&mut ctx, &ParserConfig::new("u.mlir"), text).is_err());
    let msgs: Vec<String> = ctx.take_diagnostics().iter().map(|d| strata_ir::diagnostics::render(&ctx, d)).collect();
    let firsts: Vec<&str> = msgs.iter().map(|m| m.lines().next().unwrap()).collect();
    assert_eq!(
        firsts,
        [
            "u.mlir:1:7: error: use of undeclared SSA value name",
            "u.mlir:4:11: error: use of undeclared SSA value name",
            "u.mlir:6:7: error: use of undeclared SSA value name",
        ]
    );
}
