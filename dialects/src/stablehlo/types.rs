//! Type helpers for StableHLO verification and inference: printing types the way MLIR does (for
//! messages), shape/element compatibility (`?` matches anything, bounds from
//! `#stablehlo.type_extensions`), attribute readers, and [`TyDesc`], an un-interned type
//! description so inference can run with a shared `&Context` (verifiers) and be materialized
//! with `&mut Context` (builders).

use strata_ir::attributes::AttrKind;
use strata_ir::{Attribute, Context, FloatKind, OpId, Signedness, Type, TypeKind};

use super::quant::{quant_type, QuantType};

pub use super::fmt::{fmt_float, DYN};

// ----- printing -----

/// MLIR's textual form of a type (as in diagnostics: `tensor<2x?xf32>`).
pub fn fmt_type(ctx: &Context, t: Type) -> String {
    let mut s = String::new();
    write_type(ctx, t, &mut s);
    s
}

fn write_shape(shape: &[i64], out: &mut String) {
    for d in shape {
        if *d == DYN {
            out.push('?');
        } else {
            out.push_str(&d.to_string());
        }
        out.push('x');
    }
}

fn write_list(ctx: &Context, ts: &[Type], out: &mut String) {
    for (i, t) in ts.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_type(ctx, *t, out);
    }
}

fn write_type(ctx: &Context, t: Type, out: &mut String) {
    match ctx.type_kind(t) {
        TypeKind::Integer { width, signedness } => {
            out.push_str(match signedness {
                Signedness::Signless => "i",
                Signedness::Signed => "si",
                Signedness::Unsigned => "ui",
            });
            out.push_str(&width.to_string());
        }
        TypeKind::Index => out.push_str("index"),
        TypeKind::Float(k) => out.push_str(k.mlir_name()),
        TypeKind::Complex(e) => {
            out.push_str("complex<");
            write_type(ctx, *e, out);
            out.push('>');
        }
        TypeKind::RankedTensor { shape, element, encoding } => {
            out.push_str("tensor<");
            write_shape(shape, out);
            write_type(ctx, *element, out);
            if let Some(e) = encoding {
                out.push_str(", ");
                out.push_str(&fmt_attr(ctx, *e));
            }
            out.push('>');
        }
        TypeKind::UnrankedTensor { element } => {
            out.push_str("tensor<*x");
            write_type(ctx, *element, out);
            out.push('>');
        }
        TypeKind::MemRef { shape, element, .. } => {
            out.push_str("memref<");
            write_shape(shape, out);
            write_type(ctx, *element, out);
            out.push('>');
        }
        TypeKind::UnrankedMemRef { element, .. } => {
            out.push_str("memref<*x");
            write_type(ctx, *element, out);
            out.push('>');
        }
        TypeKind::Vector { shape, element, .. } => {
            out.push_str("vector<");
            write_shape(shape, out);
            write_type(ctx, *element, out);
            out.push('>');
        }
        TypeKind::Tuple(ts) => {
            out.push_str("tuple<");
            write_list(ctx, ts, out);
            out.push('>');
        }
        TypeKind::Function { inputs, results } => {
            out.push('(');
            write_list(ctx, inputs, out);
            out.push_str(") -> ");
            if results.len() == 1 && !matches!(ctx.type_kind(results[0]), TypeKind::Function { .. }) {
                write_type(ctx, results[0], out);
            } else {
                out.push('(');
                write_list(ctx, results, out);
                out.push(')');
            }
        }
        TypeKind::None => out.push_str("none"),
        TypeKind::Dialect { dialect, body, opaque } => {
            if *opaque {
                out.push_str(&format!("!{}<{}>", ctx.str(*dialect), body));
            } else {
                out.push_str(&format!("!{}.{}", ctx.str(*dialect), body));
            }
        }
    }
}

/// `'t0', 't1'` as StableHLO joins types in messages.
pub fn fmt_types(ctx: &Context, ts: &[Type]) -> String {
    ts.iter().map(|t| format!("'{}'", fmt_type(ctx, *t))).collect::<Vec<_>>().join(", ")
}

/// A textual form of the attributes that appear in StableHLO messages (dense integer elements,
/// integers, dialect attributes); other attributes print approximately.
pub fn fmt_attr(ctx: &Context, a: Attribute) -> String {
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, ty } => format!("{} : {}", value, fmt_type(ctx, *ty)),
        AttrKind::Float { ty, .. } => {
            format!("{} : {}", fmt_float(attr_f64(ctx, a).unwrap_or(0.0)), fmt_type(ctx, *ty))
        }
        AttrKind::String { value, .. } => format!("{:?}", value),
        AttrKind::Unit => "unit".into(),
        AttrKind::Type(t) => fmt_type(ctx, *t),
        AttrKind::Array(xs) => format!("[{}]", xs.iter().map(|x| fmt_attr(ctx, *x)).collect::<Vec<_>>().join(", ")),
        AttrKind::DenseArray { element, values } => {
            let vals = values.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ");
            if vals.is_empty() {
                format!("array<{}>", fmt_type(ctx, *element))
            } else {
                format!("array<{}: {}>", fmt_type(ctx, *element), vals)
            }
        }
        AttrKind::DenseElements { ty, .. } => {
            let body = match dense_ints(ctx, a) {
                Some((shape, vals)) => {
                    if vals.is_empty() {
                        String::new()
                    } else if shape.is_empty() {
                        vals[0].to_string()
                    } else {
                        nested(&shape, &vals)
                    }
                }
                None => "...".into(),
            };
            format!("dense<{}> : {}", body, fmt_type(ctx, *ty))
        }
        AttrKind::Dialect { dialect, body, opaque } => {
            if *opaque {
                format!("#{}<{}>", ctx.str(*dialect), body)
            } else {
                format!("#{}.{}", ctx.str(*dialect), body)
            }
        }
        AttrKind::SymbolRef { root, nested } => {
            let mut s = format!("@{}", ctx.str(*root));
            for n in nested {
                s.push_str(&format!("::@{}", ctx.str(*n)));
            }
            s
        }
        other => format!("{:?}", other),
    }
}

fn nested(shape: &[i64], vals: &[i64]) -> String {
    if shape.len() == 1 {
        return format!("[{}]", vals.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", "));
    }
    let inner: usize = shape[1..].iter().product::<i64>() as usize;
    let parts: Vec<String> =
        (0..shape[0] as usize).map(|i| nested(&shape[1..], &vals[i * inner..(i + 1) * inner])).collect();
    format!("[{}]", parts.join(", "))
}

/// `[1, 2, ?]`-style list used by several messages (dynamic printed as `?`).
pub fn fmt_dims(dims: &[i64]) -> String {
    format!(
        "[{}]",
        dims.iter().map(|d| if *d == DYN { "?".to_string() } else { d.to_string() }).collect::<Vec<_>>().join(", ")
    )
}

/// `1, 2, 3` (no brackets, raw values).
pub fn join(dims: &[i64]) -> String {
    dims.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")
}

// ----- type accessors -----

/// Shape, element type and encoding of a ranked tensor type.
pub fn ranked(ctx: &Context, t: Type) -> Option<(&[i64], Type, Option<Attribute>)> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, element, encoding } => Some((shape.as_slice(), *element, *encoding)),
        _ => None,
    }
}

/// Shape of a ranked tensor (`None` otherwise).
pub fn shape_of(ctx: &Context, t: Type) -> Option<&[i64]> {
    ranked(ctx, t).map(|r| r.0)
}

/// Rank of a ranked tensor.
pub fn rank_of(ctx: &Context, t: Type) -> Option<usize> {
    shape_of(ctx, t).map(|s| s.len())
}

/// Element type of a (ranked or unranked) tensor, or the type itself.
pub fn elem_of(ctx: &Context, t: Type) -> Type {
    ctx.type_kind(t).element_type().unwrap_or(t)
}

/// Whether `t` is a tensor type (ranked or unranked).
pub fn is_tensor(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. })
}

/// Whether `t` is `!stablehlo.token`.
pub fn is_token(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Dialect { dialect, body, .. } if ctx.str(*dialect) == "stablehlo" && body == "token")
}

/// Whether all dimensions are static.
pub fn is_static(shape: &[i64]) -> bool {
    shape.iter().all(|d| *d != DYN)
}

/// Bounds from a `#stablehlo.type_extensions<bounds = [4, ?]>` encoding.
pub fn bounds_of(ctx: &Context, t: Type) -> Option<Vec<i64>> {
    let (_, _, enc) = ranked(ctx, t)?;
    super::attrs::TypeExtensions::parse_from_attr(ctx, enc?).ok().map(|e| e.bounds)
}

/// Integer element: (width, signedness).
pub fn int_elem(ctx: &Context, e: Type) -> Option<(u32, Signedness)> {
    match ctx.type_kind(e) {
        TypeKind::Integer { width, signedness } => Some((*width, *signedness)),
        _ => None,
    }
}

/// Float kind of an element type.
pub fn float_elem(ctx: &Context, e: Type) -> Option<FloatKind> {
    match ctx.type_kind(e) {
        TypeKind::Float(k) => Some(*k),
        _ => None,
    }
}

/// Whether an element type is `complex<...>`.
pub fn is_complex(ctx: &Context, e: Type) -> bool {
    matches!(ctx.type_kind(e), TypeKind::Complex(_))
}

/// Whether an element type is `i1`.
pub fn is_pred(ctx: &Context, e: Type) -> bool {
    matches!(ctx.type_kind(e), TypeKind::Integer { width: 1, .. })
}

/// Bit width of an element type (complex counts both parts; quantized uses storage).
pub fn bit_width(ctx: &Context, e: Type) -> Option<u32> {
    match ctx.type_kind(e) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Float(k) => Some(k.bit_width()),
        TypeKind::Complex(c) => bit_width(ctx, *c).map(|w| 2 * w),
        TypeKind::Index => Some(64),
        _ => quant_type(ctx, e).map(|q| q.storage_width),
    }
}

// ----- compatibility -----

/// Whether two dimension sizes are compatible (`?` matches anything).
pub fn dim_compat(a: i64, b: i64) -> bool {
    a == DYN || b == DYN || a == b
}

/// Whether two shapes are compatible.
pub fn shapes_compat(a: &[i64], b: &[i64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| dim_compat(*x, *y))
}

/// Whether two element types are compatible for HLO type inference: equal, or both quantized
/// with equal expressed types, or quantized vs. its expressed type.
pub fn elems_compat(ctx: &Context, a: Type, b: Type) -> bool {
    if a == b {
        return true;
    }
    let qa = quant_type(ctx, a);
    let qb = quant_type(ctx, b);
    match (qa, qb) {
        (Some(x), Some(y)) => x.expressed == y.expressed,
        _ => false,
    }
}

/// Whether two types are compatible (tensors: compatible shapes, unranked matches any rank, and
/// compatible element types; tuples element-wise; others equal).
pub fn types_compat(ctx: &Context, a: Type, b: Type) -> bool {
    if a == b {
        return true;
    }
    match (ctx.type_kind(a), ctx.type_kind(b)) {
        (
            TypeKind::RankedTensor { shape: s1, element: e1, .. },
            TypeKind::RankedTensor { shape: s2, element: e2, .. },
        ) => shapes_compat(s1, s2) && elems_compat(ctx, *e1, *e2) && bounds_ok(ctx, a, b),
        (TypeKind::UnrankedTensor { element: e1 }, TypeKind::RankedTensor { element: e2, .. })
        | (TypeKind::RankedTensor { element: e1, .. }, TypeKind::UnrankedTensor { element: e2 })
        | (TypeKind::UnrankedTensor { element: e1 }, TypeKind::UnrankedTensor { element: e2 }) => {
            elems_compat(ctx, *e1, *e2)
        }
        (TypeKind::Tuple(x), TypeKind::Tuple(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| types_compat(ctx, *p, *q))
        }
        _ => false,
    }
}

/// Bounded dynamism: a static size must not exceed the other side's bound.
fn bounds_ok(ctx: &Context, a: Type, b: Type) -> bool {
    let (sa, sb) = (shape_of(ctx, a).unwrap(), shape_of(ctx, b).unwrap());
    let check = |s: &[i64], bounds: Option<Vec<i64>>| match bounds {
        Some(bs) => s.iter().zip(bs.iter()).all(|(d, bd)| *d == DYN || *bd == DYN || d <= bd),
        None => true,
    };
    check(sa, bounds_of(ctx, b)) && check(sb, bounds_of(ctx, a))
}

// ----- un-interned type descriptions -----

/// An element type that may not be interned yet.
#[derive(Clone, Debug, PartialEq)]
pub enum ElemDesc {
    /// An existing type.
    Type(Type),
    /// `iN`/`siN`/`uiN`.
    Int(u32, Signedness),
    /// A float type.
    Float(FloatKind),
    /// `complex<E>`.
    Complex(Box<ElemDesc>),
    /// Not determined by inference (dot, convolution: any element type is accepted); builders
    /// get this default.
    AnyOr(Type),
}

/// A result type produced by inference, interned only when a builder materializes it.
#[derive(Clone, Debug, PartialEq)]
pub enum TyDesc {
    /// An existing type (e.g. an operand's type passed through).
    Type(Type),
    /// A ranked tensor.
    Tensor {
        /// Dimensions ([`DYN`] for `?`).
        shape: Vec<i64>,
        /// Element type.
        elem: ElemDesc,
        /// Encoding (e.g. bounds), if any.
        encoding: Option<Attribute>,
    },
    /// A tuple.
    Tuple(Vec<TyDesc>),
    /// `!stablehlo.token`.
    Token,
}

impl TyDesc {
    /// A tensor of an existing element type without encoding.
    pub fn tensor(shape: Vec<i64>, elem: Type) -> TyDesc {
        TyDesc::Tensor { shape, elem: ElemDesc::Type(elem), encoding: None }
    }
}

/// Turn an element description into a type.
pub fn intern_elem(ctx: &mut Context, e: &ElemDesc) -> Type {
    match e {
        ElemDesc::Type(t) | ElemDesc::AnyOr(t) => *t,
        ElemDesc::Int(w, s) => ctx.integer_type(*w, *s),
        ElemDesc::Float(k) => ctx.float_type(*k),
        ElemDesc::Complex(c) => {
            let c = intern_elem(ctx, c);
            ctx.complex_type(c)
        }
    }
}

/// Turn a type description into a type.
pub fn intern_desc(ctx: &mut Context, d: &TyDesc) -> Type {
    match d {
        TyDesc::Type(t) => *t,
        TyDesc::Tensor { shape, elem, encoding } => {
            let element = intern_elem(ctx, elem);
            ctx.intern_type(TypeKind::RankedTensor { shape: shape.clone(), element, encoding: *encoding })
        }
        TyDesc::Tuple(xs) => {
            let ts = xs.iter().map(|x| intern_desc(ctx, x)).collect();
            ctx.tuple_type(ts)
        }
        TyDesc::Token => ctx.dialect_type("stablehlo", "token"),
    }
}

fn elem_text(ctx: &Context, e: &ElemDesc) -> String {
    match e {
        ElemDesc::Type(t) | ElemDesc::AnyOr(t) => fmt_type(ctx, *t),
        ElemDesc::Int(w, s) => format!(
            "{}{}",
            match s {
                Signedness::Signless => "i",
                Signedness::Signed => "si",
                Signedness::Unsigned => "ui",
            },
            w
        ),
        ElemDesc::Float(k) => k.mlir_name().to_string(),
        ElemDesc::Complex(c) => format!("complex<{}>", elem_text(ctx, c)),
    }
}

/// Print a type description.
pub fn fmt_desc(ctx: &Context, d: &TyDesc) -> String {
    match d {
        TyDesc::Type(t) => fmt_type(ctx, *t),
        TyDesc::Tensor { shape, elem, encoding } => {
            let mut s = String::from("tensor<");
            write_shape(shape, &mut s);
            s.push_str(&elem_text(ctx, elem));
            if let Some(e) = encoding {
                s.push_str(", ");
                s.push_str(&fmt_attr(ctx, *e));
            }
            s.push('>');
            s
        }
        TyDesc::Tuple(xs) => format!("tuple<{}>", xs.iter().map(|x| fmt_desc(ctx, x)).collect::<Vec<_>>().join(", ")),
        TyDesc::Token => "!stablehlo.token".into(),
    }
}

fn elem_desc_compat(ctx: &Context, d: &ElemDesc, t: Type) -> bool {
    match (d, ctx.type_kind(t)) {
        (ElemDesc::Type(x), _) => elems_compat(ctx, *x, t),
        (ElemDesc::AnyOr(_), _) => true,
        (ElemDesc::Int(w, s), TypeKind::Integer { width, signedness }) => w == width && s == signedness,
        (ElemDesc::Float(k), TypeKind::Float(k2)) => k == k2,
        (ElemDesc::Complex(c), TypeKind::Complex(c2)) => elem_desc_compat(ctx, c, *c2),
        _ => false,
    }
}

/// Whether an inferred description is compatible with an actual type.
pub fn desc_compat(ctx: &Context, d: &TyDesc, t: Type) -> bool {
    match d {
        TyDesc::Type(x) => types_compat(ctx, *x, t),
        TyDesc::Tensor { shape, elem, .. } => match ctx.type_kind(t) {
            TypeKind::RankedTensor { shape: s2, element, .. } => {
                shapes_compat(shape, s2) && elem_desc_compat(ctx, elem, *element)
            }
            TypeKind::UnrankedTensor { element } => elem_desc_compat(ctx, elem, *element),
            _ => false,
        },
        TyDesc::Tuple(xs) => match ctx.type_kind(t) {
            TypeKind::Tuple(ts) => xs.len() == ts.len() && xs.iter().zip(ts).all(|(x, t)| desc_compat(ctx, x, *t)),
            _ => false,
        },
        TyDesc::Token => is_token(ctx, t),
    }
}

/// Shape of a description if it is a ranked tensor.
pub fn desc_shape<'a>(ctx: &'a Context, d: &'a TyDesc) -> Option<&'a [i64]> {
    match d {
        TyDesc::Type(t) => shape_of(ctx, *t),
        TyDesc::Tensor { shape, .. } => Some(shape),
        TyDesc::Tuple(_) | TyDesc::Token => None,
    }
}

// ----- attribute readers -----

/// Integer value of an integer attribute.
pub fn attr_int(ctx: &Context, a: Attribute) -> Option<i64> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => Some(*value as i64),
        _ => None,
    }
}

/// Boolean value: `true`/`false` (i1) or `unit` (present = true).
pub fn attr_bool(ctx: &Context, a: Attribute) -> Option<bool> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => Some(*value != 0),
        AttrKind::Unit => Some(true),
        _ => None,
    }
}

/// Float value of a float attribute (f16/bf16/f32/f64).
pub fn attr_f64(ctx: &Context, a: Attribute) -> Option<f64> {
    match ctx.attr_kind(a) {
        AttrKind::Float { bits, ty } => match ctx.type_kind(*ty) {
            TypeKind::Float(k) => Some(strata_ir::printer::float_bits_to_f64(*bits, *k)),
            _ => None,
        },
        AttrKind::Integer { value, .. } => Some(*value as f64),
        _ => None,
    }
}

/// A list of integers: `array<i64: ...>`, `dense<...> : tensor<Nxi64>` or `[1, 2]` of integers.
pub fn attr_i64s(ctx: &Context, a: Attribute) -> Option<Vec<i64>> {
    match ctx.attr_kind(a) {
        AttrKind::DenseArray { values, .. } => Some(values.clone()),
        AttrKind::DenseElements { .. } => dense_ints(ctx, a).map(|(_, v)| v),
        AttrKind::Array(xs) => xs.iter().map(|x| attr_int(ctx, *x)).collect(),
        _ => None,
    }
}

/// Decode integer (or bool) dense elements: (shape, row-major values), splats expanded.
pub fn dense_ints(ctx: &Context, a: Attribute) -> Option<(Vec<i64>, Vec<i64>)> {
    strata_ir::view::dense_int_values(ctx, a)
}

/// If `op`'s operand `i` is produced by a `stablehlo.constant` (or any op with an integer
/// dense `value`), its integer values.
pub fn const_operand_ints(ctx: &Context, op: OpId, i: usize) -> Option<Vec<i64>> {
    let v = *ctx.operands(op).get(i)?;
    let def = ctx.defining_op(v)?;
    let value = ctx.attr(def, "value")?;
    dense_ints(ctx, value).map(|(_, v)| v)
}

/// Quantized element type of a tensor type.
pub fn quant_of(ctx: &Context, t: Type) -> Option<QuantType> {
    quant_type(ctx, elem_of(ctx, t))
}
