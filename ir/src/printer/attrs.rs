//! Printing of types and attributes (MLIR's `AsmPrinter::Impl::printType` /
//! `printAttributeImpl`), affine expressions, locations and dense element data.

use crate::attributes::{
    storage_bytes, AffineExpr, AffineMap, AttrKind, Attribute, DenseData, FloatBits, IntegerSet, Location,
    NamedAttribute,
};
use crate::types::{FloatKind, Signedness, Type, TypeKind, DYNAMIC};

use super::alias::is_identity_layout;
use super::float::{f64_to_float_bits, format_float, format_float_ext};
use super::{Elide, OpAsmPrinter};

// ----- strings -----

/// `llvm::printEscapedString`: `\\` for backslash, `\XX` (uppercase hex) for `"` and
/// non-printable bytes.
pub(crate) fn write_escaped(out: &mut String, s: &str) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    if s.bytes().all(|c| (0x20..0x7f).contains(&c) && c != b'"' && c != b'\\') {
        out.push_str(s);
        return;
    }
    for c in s.bytes() {
        if c == b'\\' {
            out.push_str("\\\\");
        } else if (0x20..0x7f).contains(&c) && c != b'"' {
            out.push(c as char);
        } else {
            out.push('\\');
            out.push(HEX[(c >> 4) as usize] as char);
            out.push(HEX[(c & 15) as usize] as char);
        }
    }
}

pub(crate) fn write_escaped_quoted(out: &mut String, s: &str) {
    out.push('"');
    write_escaped(out, s);
    out.push('"');
}

/// Whether `s` prints without quotes: `[a-zA-Z_][a-zA-Z0-9_$.]*`.
pub(crate) fn is_bare_identifier(s: &str) -> bool {
    let b = s.as_bytes();
    match b.first() {
        Some(c) if c.is_ascii_alphabetic() || *c == b'_' => {}
        _ => return false,
    }
    b[1..].iter().all(|c| c.is_ascii_alphanumeric() || b"_$.".contains(c))
}

pub(crate) fn write_keyword_or_string(out: &mut String, s: &str) {
    if is_bare_identifier(s) {
        out.push_str(s);
    } else {
        write_escaped_quoted(out, s);
    }
}

pub(crate) fn write_symbol_ref(out: &mut String, s: &str) {
    if s.is_empty() {
        out.push_str("@<<INVALID EMPTY SYMBOL>>");
        return;
    }
    out.push('@');
    write_keyword_or_string(out, s);
}

/// `!dialect.body` when the body is `identifier(<...>)?`, else `!dialect<body>`.
pub(crate) fn write_dialect_symbol(out: &mut String, prefix: char, dialect: &str, body: &str) {
    out.push(prefix);
    out.push_str(dialect);
    let b = body.as_bytes();
    let simple = match b.first() {
        Some(c) if c.is_ascii_alphabetic() => {
            let rest: &[u8] = {
                let n = b.iter().take_while(|c| c.is_ascii_alphanumeric() || **c == b'.' || **c == b'_').count();
                &b[n..]
            };
            rest.is_empty() || (rest[0] == b'<' && rest[rest.len() - 1] == b'>')
        }
        _ => false,
    };
    if simple {
        out.push('.');
        out.push_str(body);
    } else {
        out.push('<');
        out.push_str(body);
        out.push('>');
    }
}

fn push_i64(out: &mut String, v: i64) {
    use std::fmt::Write;
    let _ = write!(out, "{}", v);
}

fn push_dim(out: &mut String, d: i64) {
    if d == DYNAMIC {
        out.push('?');
    } else {
        push_i64(out, d);
    }
}

/// An integer value of type `iN`/`siN`/`uiN`/`index`, normalized to the type's width: signed
/// for signless and signed types, unsigned for unsigned ones (MLIR's `APInt::print`).
fn write_int(out: &mut String, value: i128, width: u32, unsigned: bool) {
    use std::fmt::Write;
    if width == 0 {
        out.push('0');
        return;
    }
    if unsigned {
        let v = if width >= 128 { value as u128 } else { (value as u128) & ((1u128 << width) - 1) };
        let _ = write!(out, "{}", v);
    } else {
        let v = if width >= 128 {
            value
        } else {
            let sh = 128 - width;
            (value << sh) >> sh
        };
        let _ = write!(out, "{}", v);
    }
}

// ----- affine -----

/// A callback printing dim (`false`) or symbol (`true`) `pos` in place of `dN` / `sN`.
pub(crate) type NameFn<'f> = Option<&'f mut dyn FnMut(u32, bool, &mut String)>;

/// MLIR's `printAffineExprInternal`. `strong`: the enclosing context binds tighter than `+`.
pub(crate) fn write_affine_expr(out: &mut String, e: &AffineExpr, strong: bool, mut names: NameFn<'_>) {
    write_affine_expr_inner(out, e, strong, &mut names);
}

fn write_affine_expr_inner(out: &mut String, e: &AffineExpr, strong: bool, names: &mut NameFn<'_>) {
    use AffineExpr::*;
    let (spelling, lhs, rhs) = match e {
        Dim(p) => {
            match names {
                Some(f) => f(*p, false, out),
                None => {
                    out.push('d');
                    super::names::push_u32(out, *p);
                }
            }
            return;
        }
        Symbol(p) => {
            match names {
                Some(f) => f(*p, true, out),
                None => {
                    out.push('s');
                    super::names::push_u32(out, *p);
                }
            }
            return;
        }
        Constant(c) => {
            push_i64(out, *c);
            return;
        }
        Add(l, r) => (" + ", l, r),
        Mul(l, r) => (" * ", l, r),
        FloorDiv(l, r) => (" floordiv ", l, r),
        CeilDiv(l, r) => (" ceildiv ", l, r),
        Mod(l, r) => (" mod ", l, r),
    };
    if !matches!(e, Add(..)) {
        if strong {
            out.push('(');
        }
        if matches!(e, Mul(..)) && matches!(**rhs, Constant(-1)) {
            out.push('-');
            write_affine_expr_inner(out, lhs, true, names);
        } else {
            write_affine_expr_inner(out, lhs, true, names);
            out.push_str(spelling);
            write_affine_expr_inner(out, rhs, true, names);
        }
        if strong {
            out.push(')');
        }
        return;
    }
    if strong {
        out.push('(');
    }
    // `a + b * -1` -> `a - b`; `a + b * -c` -> `a - b * c`.
    if let Mul(rl, rr) = &**rhs {
        if let Constant(c) = **rr {
            if c == -1 {
                write_affine_expr_inner(out, lhs, false, names);
                out.push_str(" - ");
                write_affine_expr_inner(out, rl, matches!(**rl, Add(..)), names);
                if strong {
                    out.push(')');
                }
                return;
            }
            if c < -1 {
                write_affine_expr_inner(out, lhs, false, names);
                out.push_str(" - ");
                write_affine_expr_inner(out, rl, true, names);
                out.push_str(" * ");
                out.push_str(&(c as i128).unsigned_abs().to_string());
                if strong {
                    out.push(')');
                }
                return;
            }
        }
    }
    // `a + -c` -> `a - c`.
    if let Constant(c) = **rhs {
        if c < 0 {
            write_affine_expr_inner(out, lhs, false, names);
            out.push_str(" - ");
            out.push_str(&(c as i128).unsigned_abs().to_string());
            if strong {
                out.push(')');
            }
            return;
        }
    }
    write_affine_expr_inner(out, lhs, false, names);
    out.push_str(" + ");
    write_affine_expr_inner(out, rhs, false, names);
    if strong {
        out.push(')');
    }
}

fn write_dims_syms(out: &mut String, nd: u32, ns: u32) {
    out.push('(');
    for i in 0..nd {
        if i > 0 {
            out.push_str(", ");
        }
        out.push('d');
        super::names::push_u32(out, i);
    }
    out.push(')');
    if ns != 0 {
        out.push('[');
        for i in 0..ns {
            if i > 0 {
                out.push_str(", ");
            }
            out.push('s');
            super::names::push_u32(out, i);
        }
        out.push(']');
    }
}

/// `(d0, d1)[s0] -> (d0 + s0, d1)`
pub(crate) fn write_affine_map(out: &mut String, m: &AffineMap) {
    write_dims_syms(out, m.num_dims, m.num_symbols);
    out.push_str(" -> (");
    for (i, e) in m.results.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_affine_expr(out, e, false, None);
    }
    out.push(')');
}

/// `(d0)[s0] : (d0 - s0 >= 0, d0 == 0)`
pub(crate) fn write_integer_set(out: &mut String, s: &IntegerSet) {
    write_dims_syms(out, s.num_dims, s.num_symbols);
    out.push_str(" : (");
    for (i, (e, eq)) in s.constraints.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_affine_expr(out, e, false, None);
        out.push_str(if *eq { " == 0" } else { " >= 0" });
    }
    out.push(')');
}

// ----- element reading -----

/// How one scalar of a dense elements attribute is stored and printed.
#[derive(Copy, Clone)]
enum Scalar {
    Int { width: u32, unsigned: bool },
    Float(FloatKind),
    Other,
}

fn scalar_of(ctx: &crate::Context, t: Type) -> Scalar {
    match ctx.try_type_kind(t) {
        Some(TypeKind::Integer { width, signedness }) => {
            Scalar::Int { width: *width, unsigned: *signedness == Signedness::Unsigned }
        }
        Some(TypeKind::Index) => Scalar::Int { width: 64, unsigned: false },
        Some(TypeKind::Float(k)) => Scalar::Float(*k),
        _ => Scalar::Other,
    }
}

fn read_le(bytes: &[u8]) -> u128 {
    let mut v = 0u128;
    for (i, b) in bytes.iter().take(16).enumerate() {
        v |= (*b as u128) << (8 * i);
    }
    v
}

fn scalar_bits(s: Scalar) -> u32 {
    match s {
        Scalar::Int { width, .. } => width,
        Scalar::Float(k) => k.bit_width(),
        Scalar::Other => 0,
    }
}

fn write_scalar(out: &mut String, s: Scalar, bytes: &[u8]) {
    match s {
        Scalar::Int { width, unsigned } => {
            let raw = read_le(bytes);
            if width == 1 {
                out.push_str(if raw & 1 != 0 { "true" } else { "false" });
                return;
            }
            // Sign-extend from the stored width first, then normalize to the type's width.
            let nbits = (bytes.len().min(16) * 8) as u32;
            let v = if nbits == 0 || nbits >= 128 {
                raw as i128
            } else {
                ((raw << (128 - nbits)) as i128) >> (128 - nbits)
            };
            write_int(out, v, width, unsigned);
        }
        Scalar::Float(k) => out.push_str(&format_float(FloatBits(read_le(bytes)), k)),
        Scalar::Other => out.push_str("<<UNKNOWN ELEMENT>>"),
    }
}

impl OpAsmPrinter<'_> {
    // ----- types -----

    pub(crate) fn write_type_real(&mut self, t: Type) {
        let ctx = self.ctx;
        if ctx.try_type_kind(t).is_none() {
            self.out.push_str("<<NULL TYPE>>");
            return;
        }
        if let Some(a) = self.aliases.ty(t) {
            self.out.push_str(a);
            return;
        }
        let i = t.0 as usize;
        if let Some(Some(s)) = self.type_cache.get(i) {
            self.out.push_str(s);
            return;
        }
        let start = self.out.len();
        self.type_impl(t);
        if i >= self.type_cache.len() {
            self.type_cache.resize(i + 1, None);
        }
        self.type_cache[i] = Some(self.out[start..].into());
    }

    /// A type without looking up its alias (alias definitions use this).
    pub(crate) fn type_impl(&mut self, t: Type) {
        let ctx = self.ctx;
        let Some(kind) = ctx.try_type_kind(t) else {
            self.out.push_str("<<NULL TYPE>>");
            return;
        };
        match kind {
            TypeKind::Integer { width, signedness } => {
                match signedness {
                    Signedness::Signed => self.out.push('s'),
                    Signedness::Unsigned => self.out.push('u'),
                    Signedness::Signless => {}
                }
                self.out.push('i');
                super::names::push_u32(&mut self.out, *width);
            }
            TypeKind::Index => self.out.push_str("index"),
            TypeKind::Float(k) => self.out.push_str(k.mlir_name()),
            TypeKind::None => self.out.push_str("none"),
            TypeKind::Complex(e) => {
                self.out.push_str("complex<");
                self.write_type_real(*e);
                self.out.push('>');
            }
            TypeKind::RankedTensor { shape, element, encoding } => {
                self.out.push_str("tensor<");
                for d in shape {
                    push_dim(&mut self.out, *d);
                    self.out.push('x');
                }
                self.write_type_real(*element);
                if let Some(e) = encoding {
                    self.out.push_str(", ");
                    self.write_attr_real(*e, Elide::Never);
                }
                self.out.push('>');
            }
            TypeKind::UnrankedTensor { element } => {
                self.out.push_str("tensor<*x");
                self.write_type_real(*element);
                self.out.push('>');
            }
            TypeKind::MemRef { shape, element, layout, memory_space } => {
                self.out.push_str("memref<");
                for d in shape {
                    push_dim(&mut self.out, *d);
                    self.out.push('x');
                }
                self.write_type_real(*element);
                if let Some(l) = layout {
                    if !is_identity_layout(ctx, *l) {
                        self.out.push_str(", ");
                        self.write_attr_real(*l, Elide::May);
                    }
                }
                if let Some(m) = memory_space {
                    self.out.push_str(", ");
                    self.write_attr_real(*m, Elide::May);
                }
                self.out.push('>');
            }
            TypeKind::UnrankedMemRef { element, memory_space } => {
                self.out.push_str("memref<*x");
                self.write_type_real(*element);
                if let Some(m) = memory_space {
                    self.out.push_str(", ");
                    self.write_attr_real(*m, Elide::May);
                }
                self.out.push('>');
            }
            TypeKind::Vector { shape, scalable, element } => {
                self.out.push_str("vector<");
                for (i, d) in shape.iter().enumerate() {
                    if scalable.get(i).copied().unwrap_or(false) {
                        self.out.push('[');
                        push_dim(&mut self.out, *d);
                        self.out.push(']');
                    } else {
                        push_dim(&mut self.out, *d);
                    }
                    self.out.push('x');
                }
                self.write_type_real(*element);
                self.out.push('>');
            }
            TypeKind::Tuple(elems) => {
                self.out.push_str("tuple<");
                for (i, e) in elems.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.write_type_real(*e);
                }
                self.out.push('>');
            }
            TypeKind::Function { inputs, results } => {
                self.out.push('(');
                for (i, e) in inputs.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.write_type_real(*e);
                }
                self.out.push_str(") -> ");
                let wrap =
                    results.len() != 1 || matches!(ctx.try_type_kind(results[0]), Some(TypeKind::Function { .. }));
                if wrap {
                    self.out.push('(');
                }
                for (i, e) in results.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.write_type_real(*e);
                }
                if wrap {
                    self.out.push(')');
                }
            }
            TypeKind::Dialect { dialect, body, .. } => {
                write_dialect_symbol(&mut self.out, '!', ctx.str(*dialect), body)
            }
        }
    }

    // ----- attributes -----

    pub(crate) fn write_attr_real(&mut self, a: Attribute, elide: Elide) {
        let ctx = self.ctx;
        let Some(kind) = ctx.try_attr_kind(a) else {
            self.out.push_str("<<NULL ATTRIBUTE>>");
            return;
        };
        if let Some(al) = self.aliases.attr(a) {
            self.out.push_str(al);
            return;
        }
        // Leaves are cached: printing floats is not free.
        let cacheable = matches!(
            kind,
            AttrKind::Float { .. } | AttrKind::Integer { .. } | AttrKind::String { .. } | AttrKind::Type(_)
        );
        let key = (a.0, elide as u8);
        if cacheable {
            if let Some(s) = self.attr_cache.get(&key) {
                self.out.push_str(s);
                return;
            }
        }
        let start = self.out.len();
        self.attr_impl(a, elide);
        if cacheable {
            self.attr_cache.insert(key, self.out[start..].into());
        }
    }

    /// An attribute without looking up its own alias (alias definitions use this).
    pub(crate) fn attr_impl(&mut self, a: Attribute, elide: Elide) {
        let ctx = self.ctx;
        let Some(kind) = ctx.try_attr_kind(a) else {
            self.out.push_str("<<NULL ATTRIBUTE>>");
            return;
        };
        let mut typed: Option<Type> = None;
        match kind {
            AttrKind::Unit => {
                self.out.push_str("unit");
                return;
            }
            AttrKind::Integer { value, ty } => match ctx.try_type_kind(*ty) {
                Some(TypeKind::Integer { width, signedness }) => {
                    if *width == 1 && *signedness == Signedness::Signless {
                        self.out.push_str(if value & 1 != 0 { "true" } else { "false" });
                        return;
                    }
                    write_int(&mut self.out, *value, *width, *signedness == Signedness::Unsigned);
                    if elide == Elide::May && *width == 64 && *signedness == Signedness::Signless {
                        return;
                    }
                    typed = Some(*ty);
                }
                Some(TypeKind::Index) => {
                    write_int(&mut self.out, *value, 64, false);
                    typed = Some(*ty);
                }
                _ => {
                    use std::fmt::Write;
                    let _ = write!(self.out, "{}", value);
                    typed = Some(*ty);
                }
            },
            AttrKind::Float { bits, ty } => {
                let kind = match ctx.try_type_kind(*ty) {
                    Some(TypeKind::Float(k)) => *k,
                    _ => FloatKind::F64,
                };
                let (s, hex) = format_float_ext(*bits, kind);
                self.out.push_str(&s);
                if elide == Elide::May && kind == FloatKind::F64 && !hex {
                    return;
                }
                typed = Some(*ty);
            }
            AttrKind::String { value, ty } => {
                write_escaped_quoted(&mut self.out, value);
                typed = *ty;
            }
            AttrKind::Type(t) => self.write_type_real(*t),
            AttrKind::Array(elems) => {
                self.out.push('[');
                for (i, e) in elems.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.write_attr_real(*e, Elide::May);
                }
                self.out.push(']');
            }
            AttrKind::DenseArray { element, values } => {
                self.out.push_str("array<");
                if elide != Elide::Must {
                    self.write_type_real(*element);
                }
                if !values.is_empty() {
                    if elide != Elide::Must {
                        self.out.push_str(": ");
                    }
                    let scalar = scalar_of(ctx, *element);
                    for (i, v) in values.iter().enumerate() {
                        if i > 0 {
                            self.out.push_str(", ");
                        }
                        match scalar {
                            Scalar::Int { width, unsigned } => {
                                if width == 1 {
                                    self.out.push_str(if v & 1 != 0 { "true" } else { "false" });
                                } else {
                                    write_int(&mut self.out, *v as i128, width, unsigned);
                                }
                            }
                            Scalar::Float(k) => {
                                let b = f64_to_float_bits(f64::from_bits(*v as u64), k);
                                self.out.push_str(&format_float(b, k));
                            }
                            Scalar::Other => push_i64(&mut self.out, *v),
                        }
                    }
                }
                self.out.push('>');
                return;
            }
            AttrKind::Dictionary(entries) => {
                self.out.push('{');
                for (i, na) in entries.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.write_named_attr(*na);
                }
                self.out.push('}');
            }
            AttrKind::SymbolRef { root, nested } => {
                write_symbol_ref(&mut self.out, ctx.str(*root));
                for n in nested {
                    self.out.push_str("::");
                    write_symbol_ref(&mut self.out, ctx.str(*n));
                }
            }
            AttrKind::DenseElements { ty, data } => {
                let n = self.num_elements(*ty);
                if self.should_elide(n, self.is_splat(*ty, data, n)) {
                    self.out.push_str("dense_resource<__elided__>");
                } else {
                    self.out.push_str("dense<");
                    self.write_dense(*ty, data, n);
                    self.out.push('>');
                }
                typed = Some(*ty);
            }
            AttrKind::DenseStrings { ty, values, splat } => {
                let n = self.num_elements(*ty);
                let splat =
                    *splat || n == 1 || (n > 1 && values.len() as u64 == n && values.windows(2).all(|w| w[0] == w[1]));
                if self.should_elide(n, splat) {
                    self.out.push_str("dense_resource<__elided__>");
                } else {
                    self.out.push_str("dense<");
                    if splat {
                        write_escaped_quoted(&mut self.out, values.first().map(|s| s.as_str()).unwrap_or(""));
                    } else {
                        let shape = self.shape_of(*ty);
                        let out = &mut self.out;
                        write_nested(out, &shape, n, |out, i| {
                            write_escaped_quoted(out, values.get(i as usize).map(|s| s.as_str()).unwrap_or(""))
                        });
                    }
                    self.out.push('>');
                }
                typed = Some(*ty);
            }
            AttrKind::DenseResource { handle, ty } => {
                self.out.push_str("dense_resource<");
                self.out.push_str(handle);
                self.out.push('>');
                if !self.resources.iter().any(|r| r == handle) {
                    self.resources.push(handle.clone());
                }
                typed = Some(*ty);
            }
            AttrKind::AffineMap(m) => {
                self.out.push_str("affine_map<");
                write_affine_map(&mut self.out, m);
                self.out.push('>');
                return;
            }
            AttrKind::IntegerSet(s) => {
                self.out.push_str("affine_set<");
                write_integer_set(&mut self.out, s);
                self.out.push('>');
                return;
            }
            AttrKind::Strided { strides, offset } => {
                self.out.push_str("strided<[");
                for (i, s) in strides.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    push_dim(&mut self.out, *s);
                }
                self.out.push(']');
                if let Some(o) = offset {
                    if *o != 0 {
                        self.out.push_str(", offset: ");
                        push_dim(&mut self.out, *o);
                    }
                }
                self.out.push('>');
            }
            AttrKind::Location(_) => self.print_location(a, false),
            AttrKind::Dialect { dialect, body, .. } => {
                write_dialect_symbol(&mut self.out, '#', ctx.str(*dialect), body)
            }
        }
        if elide != Elide::Must {
            if let Some(t) = typed {
                if !matches!(ctx.try_type_kind(t), Some(TypeKind::None)) {
                    self.out.push_str(" : ");
                    self.write_type_real(t);
                }
            }
        }
    }

    /// `name = value`, or just `name` for a unit value.
    pub(crate) fn write_named_attr(&mut self, na: NamedAttribute) {
        let ctx = self.ctx;
        write_keyword_or_string(&mut self.out, ctx.str(na.name));
        if matches!(ctx.try_attr_kind(na.value), Some(AttrKind::Unit)) {
            return;
        }
        self.out.push_str(" = ");
        self.write_attr_real(na.value, Elide::Never);
    }

    // ----- locations -----

    /// `loc(...)` (or the pretty form); `allow_alias`: the whole location may be an alias.
    pub(crate) fn print_location(&mut self, loc: Attribute, allow_alias: bool) {
        if self.opts.pretty_debug_info {
            self.loc_internal(loc, true, true);
            return;
        }
        self.out.push_str("loc(");
        match self.aliases.attr(loc).filter(|_| allow_alias) {
            Some(al) => {
                let al = al.to_string();
                self.out.push_str(&al);
            }
            None => self.loc_internal(loc, false, true),
        }
        self.out.push(')');
    }

    fn loc_internal(&mut self, loc: Attribute, pretty: bool, top: bool) {
        let ctx = self.ctx;
        if !top {
            if let Some(al) = self.aliases.attr(loc) {
                let al = al.to_string();
                self.out.push_str(&al);
                return;
            }
        }
        let l = match ctx.try_attr_kind(loc) {
            Some(AttrKind::Location(l)) => l,
            Some(_) => {
                self.write_attr_real(loc, Elide::Never);
                return;
            }
            None => {
                self.out.push_str("<<NULL ATTRIBUTE>>");
                return;
            }
        };
        match l {
            Location::Unknown => self.out.push_str(if pretty { "[unknown]" } else { "unknown" }),
            Location::FileLineCol { file, line, col, end } => {
                if pretty {
                    self.out.push_str(ctx.str(*file));
                } else {
                    write_escaped_quoted(&mut self.out, ctx.str(*file));
                }
                self.out.push(':');
                super::names::push_u32(&mut self.out, *line);
                self.out.push(':');
                super::names::push_u32(&mut self.out, *col);
                if let Some((el, ec)) = end {
                    if *el == *line {
                        if *ec != *col {
                            self.out.push_str(" to :");
                            super::names::push_u32(&mut self.out, *ec);
                        }
                    } else {
                        self.out.push_str(" to ");
                        super::names::push_u32(&mut self.out, *el);
                        self.out.push(':');
                        super::names::push_u32(&mut self.out, *ec);
                    }
                }
            }
            Location::Name { name, child } => {
                write_escaped_quoted(&mut self.out, ctx.str(*name));
                if let Some(c) = child {
                    if !matches!(ctx.try_attr_kind(*c), Some(AttrKind::Location(Location::Unknown))) {
                        self.out.push('(');
                        self.loc_internal(*c, pretty, false);
                        self.out.push(')');
                    }
                }
            }
            Location::CallSite { callee, caller } => {
                if !pretty {
                    self.out.push_str("callsite(");
                }
                self.loc_internal(*callee, pretty, false);
                if pretty {
                    let callee_is_name =
                        matches!(ctx.try_attr_kind(*callee), Some(AttrKind::Location(Location::Name { .. })));
                    let caller_is_flc =
                        matches!(ctx.try_attr_kind(*caller), Some(AttrKind::Location(Location::FileLineCol { .. })));
                    if callee_is_name && caller_is_flc {
                        self.out.push_str(" at ");
                    } else {
                        self.out.push_str("\n at ");
                    }
                } else {
                    self.out.push_str(" at ");
                }
                self.loc_internal(*caller, pretty, false);
                if !pretty {
                    self.out.push(')');
                }
            }
            Location::Fused { locations, metadata } => {
                if !pretty {
                    self.out.push_str("fused");
                }
                if let Some(m) = metadata {
                    self.out.push('<');
                    self.write_attr_real(*m, Elide::Never);
                    self.out.push('>');
                }
                self.out.push('[');
                for (i, l) in locations.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.loc_internal(*l, pretty, false);
                }
                self.out.push(']');
            }
        }
    }

    // ----- dense elements -----

    fn shape_of(&self, ty: Type) -> Vec<i64> {
        self.ctx.try_type_kind(ty).and_then(|k| k.shape()).map(|s| s.to_vec()).unwrap_or_default()
    }

    fn num_elements(&self, ty: Type) -> u64 {
        let shape = self.shape_of(ty);
        let mut n: u64 = 1;
        for d in shape {
            if d < 0 {
                return 0;
            }
            n = n.saturating_mul(d as u64);
        }
        n
    }

    fn should_elide(&self, n: u64, splat: bool) -> bool {
        match self.opts.elide_elements_larger_than {
            Some(limit) => (limit as u64) < n && !splat,
            None => false,
        }
    }

    fn elem_layout(&self, ty: Type) -> (Type, usize) {
        let ctx = self.ctx;
        let elem = ctx.try_type_kind(ty).and_then(|k| k.element_type()).unwrap_or(ty);
        let size = if ctx.try_type_kind(elem).is_some() { storage_bytes(ctx, elem) } else { 0 };
        (elem, size)
    }

    /// MLIR treats attributes whose elements are all equal (or that have one element) as splats.
    fn is_splat(&self, ty: Type, data: &DenseData, n: u64) -> bool {
        if data.splat || n == 1 {
            return true;
        }
        let (_, size) = self.elem_layout(ty);
        if size == 0 || n == 0 || data.bytes.len() as u64 != n * size as u64 {
            return false;
        }
        let first = &data.bytes[..size];
        data.bytes.chunks(size).all(|c| c == first)
    }

    fn write_dense(&mut self, ty: Type, data: &DenseData, n: u64) {
        let ctx = self.ctx;
        let (elem, size) = self.elem_layout(ty);
        let splat = self.is_splat(ty, data, n);
        let hex = !splat && self.opts.hex_elements_larger_than.is_some_and(|l| n > l as u64);
        let (complex, scalar_t) = match ctx.try_type_kind(elem) {
            Some(TypeKind::Complex(e)) => (true, *e),
            _ => (false, elem),
        };
        let scalar = scalar_of(ctx, scalar_t);
        if hex {
            self.write_dense_hex(data, n, size, scalar, complex);
            return;
        }
        let half = if complex { size / 2 } else { size };
        let elem_at = |i: u64| -> &[u8] {
            let i = if data.splat { 0 } else { i as usize };
            let start = i.saturating_mul(size);
            data.bytes.get(start..start + size).unwrap_or(&[])
        };
        let write_elem = |out: &mut String, i: u64| {
            let b = elem_at(i);
            if complex {
                out.push('(');
                write_scalar(out, scalar, b.get(..half).unwrap_or(&[]));
                out.push(',');
                write_scalar(out, scalar, b.get(half..).unwrap_or(&[]));
                out.push(')');
            } else {
                write_scalar(out, scalar, b);
            }
        };
        if splat {
            if n > 0 || data.splat {
                write_elem(&mut self.out, 0);
            }
            return;
        }
        let shape = self.shape_of(ty);
        write_nested(&mut self.out, &shape, n, write_elem);
    }

    /// The raw little-endian storage MLIR prints in hex: `i1` packed 8 per byte, other values
    /// in whole bytes with bits above the type's width cleared.
    fn write_dense_hex(&mut self, data: &DenseData, n: u64, size: usize, scalar: Scalar, complex: bool) {
        let width = scalar_bits(scalar);
        let is_i1 = !complex && matches!(scalar, Scalar::Int { width: 1, .. });
        let parts = if complex { 2 } else { 1 };
        let sb = if parts == 2 { size / 2 } else { size };
        let total = (n as usize).saturating_mul(parts).saturating_mul(sb);
        // Whole-byte elements with no bits to clear: the storage is the hex payload as is.
        if !is_i1 && (width == 0 || width as usize >= sb * 8) && data.bytes.len() >= total {
            self.out.reserve(total * 2 + 4);
            self.out.push_str("\"0x");
            write_hex_upper(&mut self.out, &data.bytes[..total]);
            self.out.push('"');
            return;
        }
        let mut raw: Vec<u8> = Vec::with_capacity(data.bytes.len());
        if is_i1 {
            let mut cur = 0u8;
            for i in 0..n as usize {
                let bit = data.bytes.get(i * size.max(1)).map(|b| b & 1).unwrap_or(0);
                cur |= bit << (i % 8);
                if i % 8 == 7 {
                    raw.push(cur);
                    cur = 0;
                }
            }
            if !n.is_multiple_of(8) {
                raw.push(cur);
            }
        } else {
            for i in 0..(n as usize).saturating_mul(parts) {
                let start = i * sb;
                let chunk = data.bytes.get(start..start + sb).unwrap_or(&[]);
                for (j, b) in chunk.iter().enumerate() {
                    let bit0 = (j * 8) as u32;
                    let byte = if width == 0 || bit0 + 8 <= width {
                        *b
                    } else if bit0 >= width {
                        0
                    } else {
                        b & ((1u16 << (width - bit0)) - 1) as u8
                    };
                    raw.push(byte);
                }
                raw.extend(std::iter::repeat_n(0u8, sb.saturating_sub(chunk.len())));
            }
        }
        self.out.reserve(raw.len() * 2 + 4);
        self.out.push_str("\"0x");
        write_hex_upper(&mut self.out, &raw);
        self.out.push('"');
    }
}

/// Append `bytes` as upper-case hex digits (vectorized, `faster-hex`), converting through a
/// stack buffer in blocks.
fn write_hex_upper(out: &mut String, bytes: &[u8]) {
    let mut buf = [0u8; 8192];
    for block in bytes.chunks(buf.len() / 2) {
        let n = block.len() * 2;
        // The buffer always has room, so this never fails.
        if let Ok(s) = faster_hex::hex_encode_upper(block, &mut buf[..n]) {
            out.push_str(s);
        }
    }
}

/// MLIR's `printDenseElementsAttrImpl` for the non-splat case: nested `[...]` following the
/// shape, elements separated by `, `.
fn write_nested(out: &mut String, shape: &[i64], n: u64, mut elem: impl FnMut(&mut String, u64)) {
    if n == 0 {
        return;
    }
    let rank = shape.len();
    if rank == 0 {
        elem(out, 0);
        return;
    }
    let mut counter = vec![0i64; rank];
    let mut open = 0usize;
    for idx in 0..n {
        if idx != 0 {
            out.push_str(", ");
        }
        while open < rank {
            out.push('[');
            open += 1;
        }
        elem(out, idx);
        // Bump the mixed-radix counter, closing brackets on roll-over.
        counter[rank - 1] += 1;
        let mut i = rank - 1;
        while i > 0 {
            if counter[i] >= shape[i] {
                counter[i] = 0;
                counter[i - 1] += 1;
                open -= 1;
                out.push(']');
            }
            i -= 1;
        }
    }
    while open > 0 {
        out.push(']');
        open -= 1;
    }
}
