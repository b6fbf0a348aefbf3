//! The custom forms of StableHLO ops without regions, as StableHLO's ODS `assemblyFormat`s and
//! `AssemblyFormat.cpp` print them. Each op has a `p_*` print hook (everything after the op
//! name) and an `r_*` parse hook (the inverse).

use strata_ir::attributes::DenseData;
use strata_ir::parser::OpAsmParser;
use strata_ir::printer::OpAsmPrinter;
use strata_ir::{AttrKind, Attribute, OpId, OperationState, Type, TypeKind};

use super::asm::{Asm, PResult};
use super::util::*;
use crate::stablehlo::attrs::{
    ComparisonDirection, ComparisonType, ConvDimensionNumbers, DotDimensionNumbers, FftType, Precision, RngAlgorithm,
    RngDistribution,
};

type P<'a> = OpAsmPrinter<'a>;
type R<'a, 's> = OpAsmParser<'a, 's>;

// ----- elementwise -----

/// `%x {attrs} : T` / `: (T) -> U`.
pub fn p_unary(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    let v = operands_n(ctx, op, 1);
    p.write(" ");
    p.print_operand(v[0]);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    print_same_type(p, op);
}

pub fn r_unary(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let x = a.operand()?;
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    parse_same_type(&mut a, &[x], st)
}

/// `%a, %b {attrs} : T` / `: (T1, T2) -> T3` (also clamp with three operands).
pub fn p_nary_same(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    let n = ctx.operands(op).len();
    if n < 2 {
        fallback();
    }
    print_operands_sp(p, op);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    print_same_type(p, op);
}

pub fn r_nary_same(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let ops = parse_operand_list(&mut a)?;
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    parse_same_type(&mut a, &ops, st)
}

/// `operands {attrs} : (T...) -> R` (reshape, bitcast_convert, is_finite, dynamic_* ...).
pub fn p_functional(p: &mut P<'_>, op: OpId) {
    plain(p.ctx(), op);
    print_operands_sp(p, op);
    p.print_optional_attr_dict(op, &[]);
    print_colon_functional(p, op);
}

pub fn r_functional(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let ops = parse_operand_list(&mut a)?;
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    parse_functional(&mut a, &ops, st)
}

/// `stablehlo.complex %a, %b : tensor<2xcomplex<f32>>` when both operands have the real type
/// of the result, else the functional type.
pub fn p_complex(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    let v = operands_n(ctx, op, 2);
    results_n(ctx, op, 1);
    print_operands_sp(p, op);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    let res = ctx.value_type(ctx.result(op, 0));
    if v.iter().all(|x| is_real_of(ctx, ctx.value_type(*x), res)) {
        p.print_type(res);
    } else {
        p.print_functional_type(op);
    }
}

/// Whether `t` is `c` with its complex element type replaced by the component type.
fn is_real_of(ctx: &strata_ir::Context, t: Type, c: Type) -> bool {
    match (ctx.type_kind(t), ctx.type_kind(c)) {
        (
            TypeKind::RankedTensor { shape: s1, element: e1, encoding: n1 },
            TypeKind::RankedTensor { shape: s2, element: e2, encoding: n2 },
        ) => s1 == s2 && n1 == n2 && matches!(ctx.type_kind(*e2), TypeKind::Complex(x) if x == e1),
        _ => false,
    }
}

pub fn r_complex(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let ops = parse_operand_list(&mut a)?;
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    let pos = a.pos();
    let t = a.ty()?;
    if let Some((ins, outs)) = fn_parts(a.ctx(), t) {
        if ins.len() != ops.len() {
            return Err(a.error_at(pos, &format!("{} operands present, but expected {}", ops.len(), ins.len())));
        }
        if outs.len() != 1 {
            return Err(a.error_at(pos, "expected single output"));
        }
        a.resolve(&ops, &ins, &mut st.operands)?;
        st.result_types.push(outs[0]);
        return Ok(());
    }
    let ctx = a.ctx();
    let real = match ctx.type_kind(t).clone() {
        TypeKind::RankedTensor { shape, element, encoding } => match ctx.type_kind(element).clone() {
            TypeKind::Complex(e) => Some(ctx.intern_type(TypeKind::RankedTensor { shape, element: e, encoding })),
            _ => None,
        },
        _ => None,
    };
    let Some(real) = real else {
        return Err(a.error_at(pos, "expected tensor with complex element type"));
    };
    a.resolve(&ops, &vec![real; ops.len()], &mut st.operands)?;
    st.result_types.push(t);
    Ok(())
}

/// `stablehlo.select %p, %t, %f : tensor<i1>, tensor<f32>` (or the functional type).
pub fn p_select(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    let v = operands_n(ctx, op, 3);
    results_n(ctx, op, 1);
    print_operands_sp(p, op);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    let res = ctx.value_type(ctx.result(op, 0));
    if ctx.value_type(v[1]) == res && ctx.value_type(v[2]) == res {
        p.print_type(ctx.value_type(v[0]));
        p.write(", ");
        p.print_type(res);
    } else {
        p.print_functional_type(op);
    }
}

pub fn r_select(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let ops = parse_operand_list(&mut a)?;
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    let pos = a.pos();
    let tys = parse_type_list(&mut a)?;
    if tys.len() == 2 {
        let ins = [tys[0], tys[1], tys[1]];
        if ops.len() != 3 {
            return Err(a.error_at(pos, &format!("{} operands present, but expected 3", ops.len())));
        }
        a.resolve(&ops, &ins, &mut st.operands)?;
        st.result_types.push(tys[1]);
        return Ok(());
    }
    let parts = if tys.len() == 1 { fn_parts(a.ctx(), tys[0]) } else { None };
    let Some((ins, outs)) = parts else {
        return Err(a.error_at(pos, "expected functional type or list of two types"));
    };
    if ins.len() != ops.len() {
        return Err(a.error_at(pos, &format!("{} operands present, but expected {}", ops.len(), ins.len())));
    }
    if outs.len() != 1 {
        return Err(a.error_at(pos, "expected single output"));
    }
    a.resolve(&ops, &ins, &mut st.operands)?;
    st.result_types.push(outs[0]);
    Ok(())
}

// ----- constants and nullary ops -----

fn elements_type(ctx: &strata_ir::Context, a: Attribute) -> Option<Type> {
    match ctx.attr_kind(a) {
        AttrKind::DenseElements { ty, .. } | AttrKind::DenseResource { ty, .. } | AttrKind::DenseStrings { ty, .. } => {
            Some(*ty)
        }
        _ => None,
    }
}

/// `stablehlo.constant {attrs} dense<...> : tensor<...>`; when the value's type differs from
/// the result type (quantized constants), the generic form without the name:
/// `stablehlo.constant() <{value = ...}> : () -> tensor<...>`.
pub fn p_constant(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    operands_n(ctx, op, 0);
    results_n(ctx, op, 1);
    let value = need(attr(ctx, op, "value"));
    let res = ctx.value_type(ctx.result(op, 0));
    if elements_type(ctx, value) == Some(res) {
        p.print_optional_attr_dict(op, &["value"]);
        p.write(" ");
        p.print_attribute(value);
        return;
    }
    p.write("()");
    let d = ctx.op(op);
    if !d.properties().is_empty() {
        p.write(" <{");
        for (i, na) in d.properties().iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            print_named(p, na.name, na.value);
        }
        p.write("}>");
    }
    let attrs = d.attributes();
    p.print_named_attrs(attrs, &[], false);
    p.write(" : () -> ");
    p.print_type(res);
}

/// `name = value` (or just `name` for a unit attribute), as in an attribute dictionary.
pub fn print_named(p: &mut P<'_>, name: strata_ir::Symbol, value: Attribute) {
    let ctx = p.ctx();
    p.print_keyword_or_string(ctx.str(name));
    if !matches!(ctx.attr_kind(value), AttrKind::Unit) {
        p.write(" = ");
        p.print_attribute(value);
    }
}

pub fn r_constant(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    if a.opt_punct("(") {
        a.punct(")")?;
        a.opt_properties(&mut st.properties)?;
        a.opt_attr_dict(&mut st.attributes)?;
        a.punct(":")?;
        let pos = a.pos();
        let (ins, outs) = parse_fn_type(&mut a)?;
        if !ins.is_empty() || outs.len() != 1 {
            return Err(a.error_at(pos, "expected '() -> type'"));
        }
        st.result_types.push(outs[0]);
        return Ok(());
    }
    a.opt_attr_dict(&mut st.attributes)?;
    let pos = a.pos();
    let v = a.attribute()?;
    let Some(t) = elements_type(a.ctx(), v) else {
        return Err(a.error_at(pos, "expected elements attribute"));
    };
    set(&mut a, st, "value", v);
    st.result_types.push(t);
    Ok(())
}

/// `{attrs} : T` (create_token, replica_id, partition_id).
pub fn p_nullary(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    operands_n(ctx, op, 0);
    results_n(ctx, op, 1);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

pub fn r_nullary(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    st.result_types.push(a.ty()?);
    Ok(())
}

/// `stablehlo.iota dim = 0 : tensor<4xi32>`.
pub fn p_iota(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    operands_n(ctx, op, 0);
    results_n(ctx, op, 1);
    let d = need(attr(ctx, op, "iota_dimension"));
    need(int(ctx, d));
    p.write(" dim = ");
    p.print_attribute_without_type(d);
    p.print_optional_attr_dict(op, &["iota_dimension"]);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

pub fn r_iota(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    parse_kw_int(&mut a, "dim", st, "iota_dimension", 64)?;
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    st.result_types.push(a.ty()?);
    Ok(())
}

/// `stablehlo.after_all %a, %b : !stablehlo.token` (VariadicSameOperandsAndResultType).
pub fn p_after_all(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    results_n(ctx, op, 1);
    print_operands_sp(p, op);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    print_same_type(p, op);
}

pub fn r_after_all(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    r_nary_same(p, st)
}

/// `stablehlo.tuple %a, %b : tuple<...>`.
pub fn p_tuple(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    results_n(ctx, op, 1);
    let res = ctx.value_type(ctx.result(op, 0));
    match ctx.type_kind(res) {
        TypeKind::Tuple(ts) if *ts == operand_types(ctx, op) => {}
        _ => fallback(),
    }
    print_operands_sp(p, op);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(res);
}

pub fn r_tuple(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let ops = parse_operand_list(&mut a)?;
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    let pos = a.pos();
    let t = a.ty()?;
    let elems = match a.ctx().type_kind(t) {
        TypeKind::Tuple(ts) => ts.clone(),
        _ => return Err(a.error_at(pos, "expected tuple type")),
    };
    if elems.len() != ops.len() {
        return Err(a.error_at(pos, &format!("{} operands present, but expected {}", ops.len(), elems.len())));
    }
    a.resolve(&ops, &elems, &mut st.operands)?;
    st.result_types.push(t);
    Ok(())
}

/// `stablehlo.get_tuple_element %t[0] : (tuple<...>) -> T`.
pub fn p_get_tuple_element(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    let v = operands_n(ctx, op, 1);
    let idx = need(attr(ctx, op, "index"));
    need(int(ctx, idx));
    p.write(" ");
    p.print_operand(v[0]);
    p.write("[");
    p.print_attribute_without_type(idx);
    p.write("]");
    p.print_optional_attr_dict(op, &["index"]);
    print_colon_functional(p, op);
}

pub fn r_get_tuple_element(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let x = a.operand()?;
    a.punct("[")?;
    let i = a.integer()?;
    a.punct("]")?;
    let ctx = a.ctx();
    let t = ctx.int_type(32);
    let at = ctx.int_attr(i as i128, t);
    set(&mut a, st, "index", at);
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    parse_functional(&mut a, &[x], st)
}

// ----- enum-carrying ops -----

macro_rules! enum_kw {
    ($ty:ty, $ctx:expr, $a:expr) => {
        need(<$ty>::parse_from_attr($ctx, $a).ok()).as_str()
    };
}

/// Parse an enum keyword into its attribute.
macro_rules! parse_enum {
    ($ty:ty, $a:expr, $what:literal) => {{
        let pos = $a.pos();
        let kw = $a.any_keyword()?;
        match <$ty>::from_str(&kw) {
            Some(v) => v.to_attr($a.ctx()),
            None => return Err($a.error_at(pos, &format!("expected {} keyword, got '{}'", $what, kw))),
        }
    }};
}

/// `stablehlo.compare LT, %a, %b, SIGNED : (T, T) -> U`.
pub fn p_compare(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    let v = operands_n(ctx, op, 2);
    let dir = enum_kw!(ComparisonDirection, ctx, need(attr(ctx, op, "comparison_direction")));
    let ty = attr(ctx, op, "compare_type").map(|t| enum_kw!(ComparisonType, ctx, t));
    p.write(" ");
    p.write(dir);
    p.write(", ");
    p.print_operand(v[0]);
    p.write(", ");
    p.print_operand(v[1]);
    if let Some(t) = ty {
        p.write(", ");
        p.write(t);
    }
    p.print_optional_attr_dict(op, &["comparison_direction", "compare_type"]);
    print_colon_functional(p, op);
}

pub fn r_compare(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let dir = parse_enum!(ComparisonDirection, a, "comparison_direction");
    set(&mut a, st, "comparison_direction", dir);
    a.punct(",")?;
    let l = a.operand()?;
    a.punct(",")?;
    let r = a.operand()?;
    if a.opt_punct(",") {
        let t = parse_enum!(ComparisonType, a, "comparison_type");
        set(&mut a, st, "compare_type", t);
    }
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    parse_functional(&mut a, &[l, r], st)
}

/// `stablehlo.fft %x, type = FFT, length = [4] : (T) -> U`.
pub fn p_fft(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    let v = operands_n(ctx, op, 1);
    let ty = enum_kw!(FftType, ctx, need(attr(ctx, op, "fft_type")));
    p.write(" ");
    p.print_operand(v[0]);
    p.write(", type = ");
    p.write(ty);
    p.write(", length = ");
    print_ints_attr(p, op, "fft_length");
    p.print_optional_attr_dict(op, &["fft_type", "fft_length"]);
    print_colon_functional(p, op);
}

pub fn r_fft(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let x = a.operand()?;
    a.punct(",")?;
    a.keyword("type")?;
    a.punct("=")?;
    let t = parse_enum!(FftType, a, "fft_type");
    set(&mut a, st, "fft_type", t);
    a.punct(",")?;
    parse_kw_ints(&mut a, "length", st, "fft_length")?;
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    parse_functional(&mut a, &[x], st)
}

/// `stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (...) -> T`.
pub fn p_rng(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    operands_n(ctx, op, 3);
    let d = enum_kw!(RngDistribution, ctx, need(attr(ctx, op, "rng_distribution")));
    print_operands_sp(p, op);
    p.write(", distribution = ");
    p.write(d);
    p.print_optional_attr_dict(op, &["rng_distribution"]);
    print_colon_functional(p, op);
}

pub fn r_rng(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let ops = parse_operands_with_trailing_comma(&mut a)?;
    a.keyword("distribution")?;
    a.punct("=")?;
    let d = parse_enum!(RngDistribution, a, "rng_distribution");
    set(&mut a, st, "rng_distribution", d);
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    parse_functional(&mut a, &ops, st)
}

/// `stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (T) -> (T, U)`.
pub fn p_rng_bit_generator(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    let v = operands_n(ctx, op, 1);
    let alg = enum_kw!(RngAlgorithm, ctx, need(attr(ctx, op, "rng_algorithm")));
    p.write(" ");
    p.print_operand(v[0]);
    p.write(", algorithm = ");
    p.write(alg);
    p.print_optional_attr_dict(op, &["rng_algorithm"]);
    print_colon_functional(p, op);
}

pub fn r_rng_bit_generator(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let x = a.operand()?;
    a.punct(",")?;
    a.keyword("algorithm")?;
    a.punct("=")?;
    let alg = parse_enum!(RngAlgorithm, a, "rng_algorithm");
    set(&mut a, st, "rng_algorithm", alg);
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    parse_functional(&mut a, &[x], st)
}

// ----- ops with integer-list / integer attributes -----

/// One-operand ops of the form `%x, kw = [..] : functional`, described by (keyword, attribute).
const LIST1: &[(&str, &str, &str)] = &[
    ("stablehlo.broadcast_in_dim", "dims", "broadcast_dimensions"),
    ("stablehlo.broadcast", "sizes", "broadcast_sizes"),
    ("stablehlo.transpose", "dims", "permutation"),
];

fn list1(op_name: &str) -> (&'static str, &'static str) {
    let e = LIST1.iter().find(|(n, _, _)| *n == op_name).copied();
    match e {
        Some((_, k, a)) => (k, a),
        None => fallback(),
    }
}

/// `stablehlo.broadcast_in_dim %x, dims = [0, 1] : (T) -> U` (and broadcast, transpose).
pub fn p_list1(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    let v = operands_n(ctx, op, 1);
    let (kw, name) = list1(ctx.op_name_of(op));
    p.write(" ");
    p.print_operand(v[0]);
    p.write(", ");
    p.write(kw);
    p.write(" = ");
    print_ints_attr(p, op, name);
    p.print_optional_attr_dict(op, &[name]);
    print_colon_functional(p, op);
}

fn r_list1(p: &mut R<'_, '_>, st: &mut OperationState, kw: &str, name: &str) -> PResult<()> {
    let mut a = Asm::new(p);
    let x = a.operand()?;
    a.punct(",")?;
    parse_kw_ints(&mut a, kw, st, name)?;
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    parse_functional(&mut a, &[x], st)
}

pub fn r_broadcast_in_dim(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    r_list1(p, st, "dims", "broadcast_dimensions")
}
pub fn r_broadcast(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    r_list1(p, st, "sizes", "broadcast_sizes")
}
pub fn r_transpose(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    r_list1(p, st, "dims", "permutation")
}

/// `stablehlo.reverse %x, dims = [1] : T`.
pub fn p_reverse(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    let v = operands_n(ctx, op, 1);
    p.write(" ");
    p.print_operand(v[0]);
    p.write(", dims = ");
    print_ints_attr(p, op, "dimensions");
    p.print_optional_attr_dict(op, &["dimensions"]);
    p.write(" : ");
    print_same_type(p, op);
}

pub fn r_reverse(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let x = a.operand()?;
    a.punct(",")?;
    parse_kw_ints(&mut a, "dims", st, "dimensions")?;
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    parse_same_type(&mut a, &[x], st)
}

/// `stablehlo.dynamic_broadcast_in_dim %x, %shape, dims = [..] : (T, S) -> U`.
pub fn p_dynamic_broadcast_in_dim(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    operands_n(ctx, op, 2);
    print_operands_sp(p, op);
    p.write(", dims = ");
    print_ints_attr(p, op, "broadcast_dimensions");
    p.print_optional_attr_dict(op, &["broadcast_dimensions"]);
    print_colon_functional(p, op);
}

pub fn r_dynamic_broadcast_in_dim(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let ops = parse_operands_with_trailing_comma(&mut a)?;
    parse_kw_ints(&mut a, "dims", st, "broadcast_dimensions")?;
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    parse_functional(&mut a, &ops, st)
}

/// Ops of the form `operands, dim = N : functional`: (op, attribute, expected operand count).
const DIM_OPS: &[(&str, &str, usize)] = &[
    ("stablehlo.dynamic_iota", "iota_dimension", 1),
    ("stablehlo.get_dimension_size", "dimension", 1),
    ("stablehlo.set_dimension_size", "dimension", 2),
];

/// `stablehlo.get_dimension_size %x, dim = 1 : (T) -> tensor<i32>` (and dynamic_iota,
/// set_dimension_size).
pub fn p_dim(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    let (_, name, n) = need(DIM_OPS.iter().find(|(o, _, _)| *o == ctx.op_name_of(op)).copied());
    operands_n(ctx, op, n);
    let d = need(attr(ctx, op, name));
    need(int(ctx, d));
    print_operands_sp(p, op);
    p.write(", dim = ");
    p.print_attribute_without_type(d);
    p.print_optional_attr_dict(op, &[name]);
    print_colon_functional(p, op);
}

fn r_dim(p: &mut R<'_, '_>, st: &mut OperationState, name: &str) -> PResult<()> {
    let mut a = Asm::new(p);
    let ops = parse_operands_with_trailing_comma(&mut a)?;
    parse_kw_int(&mut a, "dim", st, name, 64)?;
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    parse_functional(&mut a, &ops, st)
}

pub fn r_dynamic_iota(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    r_dim(p, st, "iota_dimension")
}
pub fn r_dimension(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    r_dim(p, st, "dimension")
}

/// `stablehlo.concatenate %a, %b, dim = 0 : (...) -> T`.
pub fn p_concatenate(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    let d = need(attr(ctx, op, "dimension"));
    need(int(ctx, d));
    print_operands_sp(p, op);
    p.write(if ctx.operands(op).is_empty() { " dim = " } else { ", dim = " });
    p.print_attribute_without_type(d);
    p.print_optional_attr_dict(op, &["dimension"]);
    print_colon_functional(p, op);
}

pub fn r_concatenate(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    r_dim(p, st, "dimension")
}

/// `stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 2] : (...) -> T`.
pub fn p_dynamic_slice(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    if ctx.operands(op).is_empty() {
        fallback();
    }
    print_operands_sp(p, op);
    p.write(", sizes = ");
    print_ints_attr(p, op, "slice_sizes");
    p.print_optional_attr_dict(op, &["slice_sizes"]);
    print_colon_functional(p, op);
}

pub fn r_dynamic_slice(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let ops = parse_operands_with_trailing_comma(&mut a)?;
    parse_kw_ints(&mut a, "sizes", st, "slice_sizes")?;
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    parse_functional(&mut a, &ops, st)
}

/// `stablehlo.pad %x, %v, low = [..], high = [..], interior = [..] : (...) -> T`.
pub fn p_pad(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    operands_n(ctx, op, 2);
    print_operands_sp(p, op);
    p.write(", low = ");
    print_ints_attr(p, op, "edge_padding_low");
    p.write(", high = ");
    print_ints_attr(p, op, "edge_padding_high");
    p.write(", interior = ");
    print_ints_attr(p, op, "interior_padding");
    p.print_optional_attr_dict(op, &["edge_padding_low", "edge_padding_high", "interior_padding"]);
    print_colon_functional(p, op);
}

pub fn r_pad(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let ops = parse_operands_with_trailing_comma(&mut a)?;
    parse_kw_ints(&mut a, "low", st, "edge_padding_low")?;
    a.punct(",")?;
    parse_kw_ints(&mut a, "high", st, "edge_padding_high")?;
    a.punct(",")?;
    parse_kw_ints(&mut a, "interior", st, "interior_padding")?;
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    parse_functional(&mut a, &ops, st)
}

/// `stablehlo.slice %x [0:2, 1:4:2] : (T) -> U`.
pub fn p_slice(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    let v = operands_n(ctx, op, 1);
    let get = |n: &str| need(attr(ctx, op, n).and_then(|a| i64s(ctx, a)));
    let (s, l, k) = (get("start_indices"), get("limit_indices"), get("strides"));
    if s.len() != l.len() || s.len() != k.len() {
        fallback();
    }
    p.write(" ");
    p.print_operand(v[0]);
    p.write(" [");
    for i in 0..s.len() {
        if i > 0 {
            p.write(", ");
        }
        p.write_int(s[i] as i128);
        p.write(":");
        p.write_int(l[i] as i128);
        if k[i] != 1 {
            p.write(":");
            p.write_int(k[i] as i128);
        }
    }
    p.write("]");
    p.print_optional_attr_dict(op, &["start_indices", "limit_indices", "strides"]);
    print_colon_functional(p, op);
}

pub fn r_slice(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let x = a.operand()?;
    a.punct("[")?;
    let (mut s, mut l, mut k) = (Vec::new(), Vec::new(), Vec::new());
    if !a.opt_punct("]") {
        loop {
            s.push(a.integer()?);
            a.punct(":")?;
            l.push(a.integer()?);
            k.push(if a.opt_punct(":") { a.integer()? } else { 1 });
            if a.opt_punct("]") {
                break;
            }
            a.punct(",")?;
        }
    }
    for (n, v) in [("start_indices", &s), ("limit_indices", &l), ("strides", &k)] {
        let at = i64_array(&mut a, v);
        set(&mut a, st, n, at);
    }
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    parse_functional(&mut a, &[x], st)
}

/// `stablehlo.cholesky %a, lower = true : T`.
pub fn p_cholesky(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    let v = operands_n(ctx, op, 1);
    p.write(" ");
    p.print_operand(v[0]);
    let lower = attr(ctx, op, "lower");
    let mut elided = vec![];
    if let Some(l) = lower {
        match ctx.attr_kind(l) {
            AttrKind::Integer { value, ty } if matches!(ctx.type_kind(*ty), TypeKind::Integer { width: 1, .. }) => {
                elided.push("lower");
                if *value != 0 {
                    p.write(", lower = true");
                }
            }
            _ => {}
        }
    }
    p.print_optional_attr_dict(op, &elided);
    p.write(" : ");
    print_same_type(p, op);
}

pub fn r_cholesky(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let x = a.operand()?;
    if a.opt_punct(",") {
        a.keyword("lower")?;
        a.punct("=")?;
        let pos = a.pos();
        let b = match a.any_keyword()?.as_str() {
            "true" => true,
            "false" => false,
            _ => return Err(a.error_at(pos, "expected 'true' or 'false'")),
        };
        let at = a.ctx().bool_attr(b);
        set(&mut a, st, "lower", at);
    }
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    parse_same_type(&mut a, &[x], st)
}

/// `stablehlo.reduce_precision %x, format = e5m10 : T`.
pub fn p_reduce_precision(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    let v = operands_n(ctx, op, 1);
    let e = need(attr(ctx, op, "exponent_bits").and_then(|a| int(ctx, a)));
    let m = need(attr(ctx, op, "mantissa_bits").and_then(|a| int(ctx, a)));
    p.write(" ");
    p.print_operand(v[0]);
    p.write(&format!(", format = e{e}m{m}"));
    p.print_optional_attr_dict(op, &["exponent_bits", "mantissa_bits"]);
    p.write(" : ");
    print_same_type(p, op);
}

pub fn r_reduce_precision(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let x = a.operand()?;
    a.punct(",")?;
    a.keyword("format")?;
    a.punct("=")?;
    let pos = a.pos();
    let kw = a.any_keyword()?;
    let parsed = kw.strip_prefix('e').and_then(|r| r.split_once('m')).and_then(|(e, m)| {
        let ok = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit());
        if ok(e) && ok(m) {
            Some((e.parse::<i64>().ok()?, m.parse::<i64>().ok()?))
        } else {
            None
        }
    });
    let Some((e, m)) = parsed else {
        return Err(a.error_at(pos, &format!("expected exponent mantissa in format e#m#, saw {kw}")));
    };
    let ctx = a.ctx();
    let i32t = ctx.int_type(32);
    let (ea, ma) = (ctx.int_attr(e as i128, i32t), ctx.int_attr(m as i128, i32t));
    set(&mut a, st, "exponent_bits", ea);
    set(&mut a, st, "mantissa_bits", ma);
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    parse_same_type(&mut a, &[x], st)
}

/// `stablehlo.einsum %a, %b, config = "ab,bc->ac" : (...) -> T` (and unary_einsum).
pub fn p_einsum(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    let n = if ctx.op_name_of(op) == "stablehlo.einsum" { 2 } else { 1 };
    operands_n(ctx, op, n);
    let c = need(attr(ctx, op, "einsum_config"));
    if !matches!(ctx.attr_kind(c), AttrKind::String { .. }) {
        fallback();
    }
    print_operands_sp(p, op);
    p.write(", config = ");
    p.print_attribute_without_type(c);
    p.print_optional_attr_dict(op, &["einsum_config"]);
    print_colon_functional(p, op);
}

pub fn r_einsum(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let ops = parse_operands_with_trailing_comma(&mut a)?;
    a.keyword("config")?;
    a.punct("=")?;
    let s = a.string()?;
    let at = a.ctx().string_attr(&s);
    set(&mut a, st, "einsum_config", at);
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    parse_functional(&mut a, &ops, st)
}

// ----- dot, dot_general, convolution -----

/// `, precision = [DEFAULT, HIGH]` from a `precision_config` array (nothing if absent).
fn print_precision(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    let Some(pc) = attr(ctx, op, "precision_config") else { return };
    let AttrKind::Array(xs) = ctx.attr_kind(pc) else { fallback() };
    let names: Vec<&str> = xs.iter().map(|x| enum_kw!(Precision, ctx, *x)).collect();
    p.write(", precision = [");
    p.write(&names.join(", "));
    p.write("]");
}

fn parse_precision_list(a: &mut Asm<'_, '_, '_>) -> PResult<Attribute> {
    a.keyword("precision")?;
    a.punct("=")?;
    a.punct("[")?;
    let mut xs = Vec::new();
    if !a.opt_punct("]") {
        loop {
            xs.push(parse_enum!(Precision, a, "precision"));
            if a.opt_punct("]") {
                break;
            }
            a.punct(",")?;
        }
    }
    Ok(a.ctx().array_attr(xs))
}

/// `stablehlo.dot %a, %b, precision = [DEFAULT, DEFAULT] : (...) -> T`.
pub fn p_dot(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    operands_n(ctx, op, 2);
    print_operands_sp(p, op);
    print_precision(p, op);
    p.print_optional_attr_dict(op, &["precision_config"]);
    print_colon_functional(p, op);
}

pub fn r_dot(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let l = a.operand()?;
    a.punct(",")?;
    let r = a.operand()?;
    if a.opt_punct(",") {
        let pc = parse_precision_list(&mut a)?;
        set(&mut a, st, "precision_config", pc);
    }
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    parse_functional(&mut a, &[l, r], st)
}

/// The body of a `#stablehlo.dot_algorithm<...>` attribute, without the mnemonic: `<...>`.
fn algorithm_body(ctx: &strata_ir::Context, a: Attribute) -> Option<String> {
    match ctx.attr_kind(a) {
        AttrKind::Dialect { dialect, body, opaque: false } if ctx.str(*dialect) == "stablehlo" => {
            body.strip_prefix("dot_algorithm").filter(|r| r.starts_with('<')).map(|r| r.to_string())
        }
        _ => None,
    }
}

/// `stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1],
/// precision = [DEFAULT, DEFAULT], algorithm = <...> : (...) -> T`.
pub fn p_dot_general(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    operands_n(ctx, op, 2);
    let dn =
        need(attr(ctx, op, "dot_dimension_numbers").and_then(|a| DotDimensionNumbers::parse_from_attr(ctx, a).ok()));
    let alg = attr(ctx, op, "algorithm").map(|a| need(algorithm_body(ctx, a)));
    print_operands_sp(p, op);
    p.write(", ");
    if !dn.lhs_batching_dimensions.is_empty() || !dn.rhs_batching_dimensions.is_empty() {
        p.write("batching_dims = ");
        print_ints(p, &dn.lhs_batching_dimensions);
        p.write(" x ");
        print_ints(p, &dn.rhs_batching_dimensions);
        p.write(", ");
    }
    p.write("contracting_dims = ");
    print_ints(p, &dn.lhs_contracting_dimensions);
    p.write(" x ");
    print_ints(p, &dn.rhs_contracting_dimensions);
    print_precision(p, op);
    if let Some(body) = alg {
        p.write(", algorithm = ");
        p.write(&body);
    }
    p.print_optional_attr_dict(op, &["dot_dimension_numbers", "precision_config", "algorithm"]);
    print_colon_functional(p, op);
}

fn parse_lhs_rhs(a: &mut Asm<'_, '_, '_>) -> PResult<(Vec<i64>, Vec<i64>)> {
    a.punct("=")?;
    let l = parse_ints(a)?;
    a.keyword("x")?;
    let r = parse_ints(a)?;
    Ok((l, r))
}

pub fn r_dot_general(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let l = a.operand()?;
    a.punct(",")?;
    let r = a.operand()?;
    a.punct(",")?;
    let mut dn = DotDimensionNumbers::default();
    if a.opt_keyword("batching_dims") {
        (dn.lhs_batching_dimensions, dn.rhs_batching_dimensions) = parse_lhs_rhs(&mut a)?;
        a.punct(",")?;
    }
    a.keyword("contracting_dims")?;
    (dn.lhs_contracting_dimensions, dn.rhs_contracting_dimensions) = parse_lhs_rhs(&mut a)?;
    let dna = dn.to_attr(a.ctx());
    set(&mut a, st, "dot_dimension_numbers", dna);
    if a.opt_punct(",") {
        let mut algo = a.opt_keyword("algorithm");
        if !algo {
            let pc = parse_precision_list(&mut a)?;
            set(&mut a, st, "precision_config", pc);
            if a.opt_punct(",") {
                a.keyword("algorithm")?;
                algo = true;
            }
        }
        if algo {
            a.punct("=")?;
            let pos = a.pos();
            let body = a.angle_struct_text()?;
            let ctx = a.ctx();
            let d = ctx.sym("stablehlo");
            let at =
                ctx.intern_attr(AttrKind::Dialect { dialect: d, body: format!("dot_algorithm{body}"), opaque: false });
            if let Err(m) = crate::stablehlo::attrs::DotAlgorithm::parse_from_attr(a.ctx(), at) {
                return Err(a.error_at(pos, m.lines().next().unwrap_or("invalid dot algorithm")));
            }
            set(&mut a, st, "algorithm", at);
        }
    }
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    parse_functional(&mut a, &[l, r], st)
}

/// `stablehlo.convolution(%l, %r) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
/// window = {stride = [..], pad = [[..]], lhs_dilate = [..], rhs_dilate = [..], reverse = [..]}
/// {attrs} : (...) -> T`.
pub fn p_convolution(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    let v = operands_n(ctx, op, 2);
    let dn = need(attr(ctx, op, "dimension_numbers").and_then(|a| ConvDimensionNumbers::parse_from_attr(ctx, a).ok()));
    let compact = dn.compact();
    if compact.contains('?') {
        fallback();
    }
    // Window attributes, each printed only when present.
    let mut parts: Vec<String> = Vec::new();
    let list = |v: &[i64]| format!("[{}]", v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", "));
    if let Some(a) = attr(ctx, op, "window_strides") {
        parts.push(format!("stride = {}", list(&need(i64s(ctx, a)))));
    }
    if let Some(a) = attr(ctx, op, "padding") {
        let (shape, vals) = need(crate::stablehlo::types::dense_ints(ctx, a));
        if shape.len() != 2 || shape[1] != 2 {
            fallback();
        }
        let pairs: Vec<String> = vals.chunks(2).map(|c| format!("[{}, {}]", c[0], c[1])).collect();
        parts.push(format!("pad = [{}]", pairs.join(", ")));
    }
    if let Some(a) = attr(ctx, op, "lhs_dilation") {
        parts.push(format!("lhs_dilate = {}", list(&need(i64s(ctx, a)))));
    }
    if let Some(a) = attr(ctx, op, "rhs_dilation") {
        parts.push(format!("rhs_dilate = {}", list(&need(i64s(ctx, a)))));
    }
    if let Some(a) = attr(ctx, op, "window_reversal") {
        let bools = need(bools_of(ctx, a));
        let s: Vec<&str> = bools.iter().map(|b| if *b { "true" } else { "false" }).collect();
        parts.push(format!("reverse = [{}]", s.join(", ")));
    }
    p.write("(");
    p.print_operands(&v);
    p.write(") dim_numbers = ");
    p.write(&compact);
    p.write(", window = {");
    p.write(&parts.join(", "));
    p.write("}");
    p.print_optional_attr_dict(
        op,
        &["dimension_numbers", "window_strides", "padding", "lhs_dilation", "rhs_dilation", "window_reversal"],
    );
    print_colon_functional(p, op);
}

fn bools_of(ctx: &strata_ir::Context, a: Attribute) -> Option<Vec<bool>> {
    match ctx.attr_kind(a) {
        AttrKind::DenseArray { element, values }
            if matches!(ctx.type_kind(*element), TypeKind::Integer { width: 1, .. }) =>
        {
            Some(values.iter().map(|v| *v != 0).collect())
        }
        AttrKind::DenseElements { .. } => {
            crate::stablehlo::types::dense_ints(ctx, a).map(|(_, v)| v.iter().map(|x| *x != 0).collect())
        }
        _ => None,
    }
}

pub fn r_convolution(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    a.punct("(")?;
    let ops = parse_operand_list(&mut a)?;
    a.punct(")")?;
    a.keyword("dim_numbers")?;
    a.punct("=")?;
    // `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`, rebuilt as text for the attribute parser.
    let pos = a.pos();
    let mut text = String::new();
    for part in 0..3 {
        if part == 1 {
            a.keyword("x")?;
            text.push('x');
        } else if part == 2 {
            a.punct("->")?;
            text.push_str("->");
        }
        a.punct("[")?;
        text.push('[');
        if !a.opt_punct("]") {
            loop {
                if let Some(n) = a.opt_integer()? {
                    text.push_str(&n.to_string());
                } else {
                    text.push_str(&a.any_keyword()?);
                }
                if a.opt_punct("]") {
                    break;
                }
                a.punct(",")?;
                text.push_str(", ");
            }
        }
        text.push(']');
    }
    let dn = match ConvDimensionNumbers::parse_body(&text) {
        Ok(d) => d,
        Err(m) => return Err(a.error_at(pos, m.lines().next().unwrap_or("invalid convolution dimensions"))),
    };
    let dna = dn.to_attr(a.ctx());
    set(&mut a, st, "dimension_numbers", dna);
    a.punct(",")?;
    a.keyword("window")?;
    a.punct("=")?;
    a.punct("{")?;
    let mut seen: Vec<String> = Vec::new();
    if !a.opt_punct("}") {
        loop {
            let pos = a.pos();
            let kw = a.any_keyword()?;
            if seen.contains(&kw) {
                return Err(a.error_at(pos, &format!("duplicate attribute: {kw}")));
            }
            seen.push(kw.clone());
            a.punct("=")?;
            match kw.as_str() {
                "stride" | "lhs_dilate" | "rhs_dilate" => {
                    let v = parse_ints(&mut a)?;
                    let at = i64_array(&mut a, &v);
                    let name = match kw.as_str() {
                        "stride" => "window_strides",
                        "lhs_dilate" => "lhs_dilation",
                        _ => "rhs_dilation",
                    };
                    set(&mut a, st, name, at);
                }
                "pad" => {
                    a.punct("[")?;
                    let mut vals: Vec<i64> = Vec::new();
                    if !a.opt_punct("]") {
                        loop {
                            a.punct("[")?;
                            vals.push(a.integer()?);
                            a.punct(",")?;
                            vals.push(a.integer()?);
                            a.punct("]")?;
                            if a.opt_punct("]") {
                                break;
                            }
                            a.punct(",")?;
                        }
                    }
                    let at = i64_matrix(&mut a, &vals, vals.len() as i64 / 2, 2);
                    set(&mut a, st, "padding", at);
                }
                "reverse" => {
                    a.punct("[")?;
                    let mut vals: Vec<i64> = Vec::new();
                    if !a.opt_punct("]") {
                        loop {
                            let pos = a.pos();
                            if let Some(n) = a.opt_integer()? {
                                vals.push((n != 0) as i64);
                            } else {
                                match a.any_keyword()?.as_str() {
                                    "true" => vals.push(1),
                                    "false" => vals.push(0),
                                    _ => return Err(a.error_at(pos, "expected boolean")),
                                }
                            }
                            if a.opt_punct("]") {
                                break;
                            }
                            a.punct(",")?;
                        }
                    }
                    let ctx = a.ctx();
                    let i1 = ctx.int_type(1);
                    let at = ctx.intern_attr(AttrKind::DenseArray { element: i1, values: vals });
                    set(&mut a, st, "window_reversal", at);
                }
                _ => return Err(a.error_at(pos, &format!("Unknown attribute name: {kw}"))),
            }
            if a.opt_punct("}") {
                break;
            }
            a.punct(",")?;
        }
    }
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    parse_functional(&mut a, &ops, st)
}

/// `dense<[[a, b], ...]> : tensor<RxCxi64>`.
pub fn i64_matrix(a: &mut Asm<'_, '_, '_>, vals: &[i64], rows: i64, cols: i64) -> Attribute {
    let ctx = a.ctx();
    let i64t = ctx.int_type(64);
    let ty = ctx.tensor_type(&[rows, cols], i64t);
    let mut bytes = Vec::with_capacity(vals.len() * 8);
    for v in vals {
        bytes.extend_from_slice(&v.to_le_bytes());
    }
    ctx.intern_attr(AttrKind::DenseElements { ty, data: DenseData { splat: false, bytes } })
}

// ----- calls -----

/// Attributes a custom_call / composite prints only when they differ from their default.
fn is_default(ctx: &strata_ir::Context, name: &str, a: Attribute) -> bool {
    match (name, ctx.attr_kind(a)) {
        ("has_side_effect", AttrKind::Integer { value: 0, .. }) => true,
        ("backend_config", AttrKind::String { value, .. }) => value.is_empty(),
        ("api_version", AttrKind::Dialect { body, .. }) => {
            body.trim() == "custom_call_api_version API_VERSION_ORIGINAL"
        }
        ("api_version", AttrKind::Integer { value: 1, .. }) => true,
        ("called_computations" | "output_operand_aliases", AttrKind::Array(v)) => v.is_empty(),
        ("composite_attributes", AttrKind::Dictionary(v)) => v.is_empty(),
        ("version", AttrKind::Integer { value: 0, .. }) => true,
        _ => false,
    }
}

fn elided_defaults<'n>(ctx: &strata_ir::Context, op: OpId, names: &[&'n str]) -> Vec<&'n str> {
    names.iter().copied().filter(|n| attr(ctx, op, n).is_some_and(|a| is_default(ctx, n, a))).collect()
}

/// `stablehlo.custom_call @target(%a, %b) {attrs} : (...) -> T`.
pub fn p_custom_call(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    let target = need(attr(ctx, op, "call_target_name"));
    let AttrKind::String { value, .. } = ctx.attr_kind(target) else { fallback() };
    let mut elided = elided_defaults(
        ctx,
        op,
        &["has_side_effect", "backend_config", "api_version", "called_computations", "output_operand_aliases"],
    );
    elided.push("call_target_name");
    p.write(" ");
    p.print_symbol_name(value);
    p.write("(");
    let v = ctx.operands(op).to_vec();
    p.print_operands(&v);
    p.write(")");
    p.print_optional_attr_dict(op, &elided);
    print_colon_functional(p, op);
}

pub fn r_custom_call(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let name = a.symbol_name()?;
    let at = a.ctx().string_attr(&name);
    set(&mut a, st, "call_target_name", at);
    a.punct("(")?;
    let ops = parse_operand_list(&mut a)?;
    a.punct(")")?;
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    parse_functional(&mut a, &ops, st)
}

/// `stablehlo.composite "name" %a, %b {decomposition = @f} : (...) -> T`.
pub fn p_composite(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    let name = need(attr(ctx, op, "name"));
    if !matches!(ctx.attr_kind(name), AttrKind::String { ty: None, .. }) {
        fallback();
    }
    let mut elided = elided_defaults(ctx, op, &["composite_attributes", "version"]);
    elided.push("name");
    p.write(" ");
    p.print_attribute_without_type(name);
    print_operands_sp(p, op);
    p.print_optional_attr_dict(op, &elided);
    print_colon_functional(p, op);
}

pub fn r_composite(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let name = a.string()?;
    let at = a.ctx().string_attr(&name);
    set(&mut a, st, "name", at);
    let ops = parse_operand_list(&mut a)?;
    a.opt_attr_dict(&mut st.attributes)?;
    a.punct(":")?;
    parse_functional(&mut a, &ops, st)
}

// ----- terminators and barriers -----

/// `stablehlo.return %a, %b : T1, T2` (nothing after the name when there are no operands).
pub fn p_return(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    results_n(ctx, op, 0);
    print_operands_sp(p, op);
    p.print_optional_attr_dict(op, &[]);
    let tys = operand_types(ctx, op);
    if !tys.is_empty() {
        p.write(" : ");
        p.print_type_list(&tys);
    }
}

pub fn r_return(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    let ops = parse_operand_list(&mut a)?;
    a.opt_attr_dict(&mut st.attributes)?;
    if ops.is_empty() {
        return Ok(());
    }
    a.punct(":")?;
    let pos = a.pos();
    let tys = parse_type_list(&mut a)?;
    if tys.len() != ops.len() {
        return Err(a.error_at(pos, &format!("{} operands present, but expected {}", ops.len(), tys.len())));
    }
    a.resolve(&ops, &tys, &mut st.operands)
}

/// `stablehlo.optimization_barrier %a, %b : T1, T2` (`()` when empty; attributes first).
pub fn p_optimization_barrier(p: &mut P<'_>, op: OpId) {
    let ctx = p.ctx();
    plain(ctx, op);
    let tys = operand_types(ctx, op);
    if tys != result_types(ctx, op) {
        fallback();
    }
    p.print_optional_attr_dict(op, &[]);
    if tys.is_empty() {
        p.write("()");
        return;
    }
    print_operands_sp(p, op);
    p.write(" : ");
    p.print_type_list(&tys);
}

pub fn r_optimization_barrier(p: &mut R<'_, '_>, st: &mut OperationState) -> PResult<()> {
    let mut a = Asm::new(p);
    a.opt_attr_dict(&mut st.attributes)?;
    if a.opt_punct("(") {
        a.punct(")")?;
        return Ok(());
    }
    let ops = parse_operand_list(&mut a)?;
    a.punct(":")?;
    let pos = a.pos();
    let tys = parse_type_list(&mut a)?;
    if tys.len() != ops.len() {
        return Err(a.error_at(pos, &format!("{} operands present, but expected {}", ops.len(), tys.len())));
    }
    a.resolve(&ops, &tys, &mut st.operands)?;
    st.result_types.extend(tys);
    Ok(())
}
