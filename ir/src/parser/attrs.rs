//! Builtin attributes and locations (MLIR's `AttributeParser.cpp`, `LocationParser.cpp`):
//! integers, floats, strings, arrays, dictionaries, symbol references, dense elements and
//! arrays, affine maps and sets, strided layouts, dialect attributes and aliases.

use super::lexer::{TokKind, Token};
use super::types::ExtSym;
use super::{ParseResult, Parser, SourcePos};
use crate::attributes::{
    storage_bytes, AffineExpr, AttrKind, Attribute, DenseData, FloatBits, Location, NamedAttribute,
};
use crate::floatfmt;
use crate::types::{FloatKind, Signedness, Type, TypeKind, DYNAMIC};

/// Largest dense payload the parser materializes (1 GiB).
const MAX_DENSE_BYTES: u64 = 1 << 30;

/// Parse the magnitude of an integer literal (decimal or `0x` hex).
pub(crate) fn parse_uint(s: &str) -> Option<u128> {
    if let Some(h) = s.strip_prefix("0x") {
        let h = h.trim_start_matches('0');
        if h.len() > 32 {
            return None;
        }
        if h.is_empty() {
            return Some(0);
        }
        return u128::from_str_radix(h, 16).ok();
    }
    s.parse::<u128>().ok()
}

/// Width and signedness of an integer-like type (index is a signed 64-bit integer here).
pub(crate) fn int_info(k: &TypeKind) -> Option<(u32, Signedness, bool)> {
    match k {
        TypeKind::Integer { width, signedness } => Some((*width, *signedness, false)),
        TypeKind::Index => Some((64, Signedness::Signless, true)),
        _ => None,
    }
}

/// MLIR's `buildAttributeAPInt`: check that the literal fits the type and return the value in
/// the canonical form of [`AttrKind::Integer`] (sign-extended for signless and signed types,
/// zero-extended for unsigned types and `i1`). `-0` is accepted.
pub(crate) fn build_int(width: u32, sg: Signedness, is_index: bool, neg: bool, mag: u128) -> Option<i128> {
    let signed = sg == Signedness::Signed || is_index;
    let unsigned = sg == Signedness::Unsigned;
    if width == 0 {
        return if mag == 0 { Some(0) } else { None };
    }
    if width < 128 {
        if mag >> width != 0 {
            return None;
        }
        if neg {
            if mag > 1u128 << (width - 1) {
                return None;
            }
            if width == 1 {
                return Some((mag != 0) as i128);
            }
            return Some(-(mag as i128));
        }
        if signed && mag >> (width - 1) != 0 {
            return None;
        }
        if unsigned || width == 1 {
            return Some(mag as i128);
        }
        // Signless: sign-extend from `width` bits.
        let shift = 128 - width;
        return Some(((mag << shift) as i128) >> shift);
    }
    if neg {
        if mag > 1u128 << 127 {
            return None;
        }
        return Some((mag as i128).wrapping_neg());
    }
    if mag >> 127 != 0 && (signed || unsigned || width > 128) {
        return None;
    }
    Some(mag as i128)
}

/// Whether `a` is the identity affine map of `rank` dimensions.
pub(crate) fn is_identity_map(ctx: &crate::Context, a: Attribute, rank: usize) -> bool {
    match ctx.attr_kind(a) {
        AttrKind::AffineMap(m) => {
            m.num_dims as usize == rank
                && m.num_symbols == 0
                && m.results.len() == rank
                && m.results.iter().enumerate().all(|(i, e)| *e == AffineExpr::Dim(i as u32))
        }
        _ => false,
    }
}

fn is_shaped(k: &TypeKind) -> bool {
    k.is_shaped()
}

/// One scalar of a dense literal: `-`? and the token.
#[derive(Copy, Clone)]
struct Elem {
    neg: bool,
    tok: Token,
}

#[derive(Default)]
struct TensorLiteral {
    storage: Vec<Elem>,
    shape: Vec<i64>,
    hex: Option<Token>,
}

fn fmt_shape(s: &[i64]) -> String {
    s.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")
}

impl<'s> Parser<'s> {
    /// Parse an attribute value; `ty` is the expected type for typed literals (integers, floats,
    /// strings, dense elements), which then do not take a `: type` suffix.
    pub(crate) fn parse_attribute(&mut self, ty: Option<Type>) -> ParseResult<Attribute> {
        self.enter()?;
        let r = self.parse_attribute_inner(ty);
        self.leave();
        r
    }

    /// Whether the current token can start an attribute.
    pub(crate) fn at_attribute_start(&self) -> bool {
        match self.tok.kind {
            TokKind::AtIdent
            | TokKind::Float
            | TokKind::Integer
            | TokKind::HashIdent
            | TokKind::LBrace
            | TokKind::LSquare
            | TokKind::Minus
            | TokKind::String => true,
            TokKind::BareIdent => {
                matches!(
                    self.tok_text(),
                    "affine_map"
                        | "affine_set"
                        | "dense"
                        | "dense_resource"
                        | "array"
                        | "false"
                        | "true"
                        | "loc"
                        | "sparse"
                        | "strided"
                        | "distinct"
                        | "unit"
                ) || self.at_type_start()
            }
            _ => self.at_type_start(),
        }
    }

    /// An attribute if one starts here.
    pub(crate) fn parse_optional_attribute(&mut self) -> ParseResult<Option<Attribute>> {
        if self.at_attribute_start() {
            self.parse_attribute(None).map(Some)
        } else {
            Ok(None)
        }
    }

    fn parse_attribute_inner(&mut self, ty: Option<Type>) -> ParseResult<Attribute> {
        match self.tok.kind {
            TokKind::LSquare => {
                self.advance();
                let mut elems = Vec::new();
                self.parse_comma_list_until(TokKind::RSquare, "]", true, &mut |p| {
                    elems.push(p.parse_attribute(None)?);
                    Ok(())
                })?;
                Ok(self.ctx.intern_attr(AttrKind::Array(elems)))
            }
            TokKind::LBrace => {
                let mut entries = Vec::new();
                self.parse_attribute_dict(&mut entries)?;
                Ok(self.ctx.intern_attr(AttrKind::Dictionary(entries)))
            }
            TokKind::HashIdent => self.parse_extended_attr(),
            TokKind::Float => self.parse_float_attr(ty, false),
            TokKind::Integer => self.parse_dec_or_hex_attr(ty, false),
            TokKind::Minus => {
                self.advance();
                match self.tok.kind {
                    TokKind::Integer => self.parse_dec_or_hex_attr(ty, true),
                    TokKind::Float => self.parse_float_attr(ty, true),
                    _ => Err(self.wrong_token("expected constant integer or floating point value")),
                }
            }
            TokKind::String => {
                let t = self.tok;
                self.advance();
                let value = self.string_value(&t).into_owned();
                let mut sty = ty;
                if sty.is_none() && self.consume_if(TokKind::Colon) {
                    sty = Some(self.parse_type()?);
                }
                Ok(self.ctx.intern_attr(AttrKind::String { value, ty: sty }))
            }
            TokKind::AtIdent => self.parse_symbol_ref(),
            TokKind::BareIdent => match self.tok_text() {
                "affine_map" | "affine_set" => self.parse_affine_attr(),
                "true" | "false" => {
                    let v = self.tok_text() == "true";
                    self.advance();
                    Ok(self.ctx.bool_attr(v))
                }
                "dense" => self.parse_dense_elements(ty),
                "dense_resource" => self.parse_dense_resource(ty),
                "array" => self.parse_dense_array(),
                "loc" => {
                    self.advance();
                    self.expect(TokKind::LParen, "expected '(' in inline location")?;
                    let l = self.parse_location_instance()?;
                    self.expect(TokKind::RParen, "expected ')' in inline location")?;
                    Ok(l)
                }
                "strided" => self.parse_strided(),
                "unit" => {
                    self.advance();
                    Ok(self.ctx.unit_attr())
                }
                "sparse" => Err(self.error_here("sparse elements attributes are not supported")),
                "distinct" => Err(self.error_here("distinct attributes are not supported")),
                _ => self.parse_type_attr(),
            },
            _ => self.parse_type_attr(),
        }
    }

    fn parse_type_attr(&mut self) -> ParseResult<Attribute> {
        match self.parse_optional_type()? {
            Some(t) => Ok(self.ctx.type_attr(t)),
            None => Err(self.wrong_token("expected attribute value")),
        }
    }

    /// `{ name (= attr)?, ... }` into `out` (MLIR's `parseAttributeDict`); a name without value
    /// is a unit attribute.
    pub(crate) fn parse_attribute_dict(&mut self, out: &mut Vec<NamedAttribute>) -> ParseResult<()> {
        let first = out.len();
        self.parse_comma_list(super::Delimiter::Braces, " in attribute dictionary", &mut |p| {
            let name = match p.tok.kind {
                TokKind::String => p.string_value(&p.tok.clone()),
                TokKind::BareIdent => std::borrow::Cow::Borrowed(p.tok_text()),
                _ => return Err(p.wrong_token("expected attribute name")),
            };
            if name.is_empty() {
                return Err(p.error_here("expected valid attribute name"));
            }
            let sym = p.ctx.sym(&name);
            if out[first..].iter().any(|na| na.name == sym) {
                return Err(p.error_here(format!("duplicate key '{name}' in dictionary attribute")));
            }
            p.advance();
            let value = if p.consume_if(TokKind::Equal) { p.parse_attribute(None)? } else { p.ctx.unit_attr() };
            out.push(NamedAttribute { name: sym, value });
            Ok(())
        })
    }

    fn parse_symbol_ref(&mut self) -> ParseResult<Attribute> {
        let t = self.tok;
        let root = self.symbol_ref_value(&t);
        let root = self.ctx.sym(&root);
        self.advance();
        let mut nested = Vec::new();
        while self.is(TokKind::Colon) {
            let colon = self.tok;
            self.advance();
            if !self.consume_if(TokKind::Colon) {
                if !self.is(TokKind::Eof) && !self.is(TokKind::Error) {
                    self.reset_to(colon.start());
                }
                break;
            }
            if !self.is(TokKind::AtIdent) {
                return Err(self.error_here("expected nested symbol reference identifier"));
            }
            let n = self.tok;
            let name = self.symbol_ref_value(&n);
            nested.push(self.ctx.sym(&name));
            self.advance();
        }
        Ok(self.ctx.intern_attr(AttrKind::SymbolRef { root, nested }))
    }

    /// `#alias` or `#dialect...` (MLIR's `parseExtendedAttr`).
    pub(crate) fn parse_extended_attr(&mut self) -> ParseResult<Attribute> {
        match self.parse_extended_symbol()? {
            ExtSym::Alias(name) => match self.attr_aliases.get(name) {
                Some(a) => Ok(*a),
                None => Err(self.wrong_token(format!("undefined symbol alias id '{name}'"))),
            },
            ExtSym::Dialect { dialect, body, sym } => {
                let (dialect, body, opaque) = self.dialect_symbol(true, dialect, body, sym)?;
                Ok(self.ctx.intern_attr(AttrKind::Dialect { dialect, body, opaque }))
            }
        }
    }

    // ----- numbers -----

    fn parse_float_attr(&mut self, ty: Option<Type>, neg: bool) -> ParseResult<Attribute> {
        let t = self.tok;
        let v = match self.text(&t).parse::<f64>() {
            Ok(v) if v.is_finite() => v,
            _ => return Err(self.error_here("floating point value too large for attribute")),
        };
        self.advance();
        let ty = match ty {
            Some(t) => t,
            None if self.consume_if(TokKind::Colon) => self.parse_type()?,
            None => self.ctx.float_type(FloatKind::F64),
        };
        let TypeKind::Float(kind) = *self.ctx.type_kind(ty) else {
            return Err(self.error_here("floating point value not valid for specified type"));
        };
        let bits = floatfmt::encode_f64(kind, if neg { -v } else { v });
        Ok(self.ctx.intern_attr(AttrKind::Float { bits: FloatBits(bits), ty }))
    }

    fn parse_dec_or_hex_attr(&mut self, ty: Option<Type>, neg: bool) -> ParseResult<Attribute> {
        let t = self.tok;
        self.advance();
        let ty = match ty {
            Some(t) => t,
            None if self.consume_if(TokKind::Colon) => self.parse_type()?,
            None => self.ctx.int_type(64),
        };
        if let TypeKind::Float(kind) = *self.ctx.type_kind(ty) {
            let bits = self.float_from_int_literal(&t, neg, kind)?;
            return Ok(self.ctx.intern_attr(AttrKind::Float { bits: FloatBits(bits), ty }));
        }
        let Some((w, sg, idx)) = int_info(self.ctx.type_kind(ty)) else {
            return Err(self.error_at(t.pos, "integer literal not valid for specified type"));
        };
        if neg && sg == Signedness::Unsigned {
            return Err(self.error_at(t.pos, "negative integer literal not valid for unsigned integer type"));
        }
        let value = parse_uint(self.text(&t)).and_then(|m| build_int(w, sg, idx, neg, m));
        match value {
            Some(value) => Ok(self.ctx.intern_attr(AttrKind::Integer { value, ty })),
            None => Err(self.error_at(t.pos, "integer constant out of range for attribute")),
        }
    }

    /// A hexadecimal integer literal as the bit pattern of a float (MLIR's
    /// `parseFloatFromIntegerLiteral`).
    pub(crate) fn float_from_int_literal(&mut self, t: &Token, neg: bool, kind: FloatKind) -> ParseResult<u128> {
        let s = self.text(t);
        let is_hex = s.len() > 1 && s.as_bytes()[1] == b'x';
        if !is_hex {
            return Err(self.error_at_with_note(
                t.pos,
                "unexpected decimal integer literal for a floating point value",
                t.pos,
                "add a trailing dot to make the literal a float",
            ));
        }
        if neg {
            return Err(self.error_at(t.pos, "hexadecimal float literal should not have a leading minus"));
        }
        match parse_uint(s) {
            Some(v) if kind.bit_width() >= 128 || v >> kind.bit_width() == 0 => Ok(v),
            _ => Err(self.error_at(t.pos, "hexadecimal float constant out of range for type")),
        }
    }

    /// A float literal token (decimal, hex bit pattern, `inf`, `nan`) converted to `kind`
    /// (MLIR's `parseFloatFromLiteral`).
    pub(crate) fn float_from_literal(&mut self, t: &Token, neg: bool, kind: FloatKind) -> ParseResult<u128> {
        let fmt = floatfmt::format_of(kind);
        match t.kind {
            TokKind::BareIdent if self.text(t) == "inf" => {
                if !floatfmt::has_inf(kind) {
                    return Err(self.error_at(t.pos, "floating point type does not support infinity"));
                }
                Ok(fmt.inf(neg))
            }
            TokKind::BareIdent if self.text(t) == "nan" => {
                if !floatfmt::has_nan(kind) {
                    return Err(self.error_at(t.pos, "floating point type does not support NaN"));
                }
                Ok(fmt.nan(neg))
            }
            TokKind::Float => match self.text(t).parse::<f64>() {
                Ok(v) if v.is_finite() => Ok(floatfmt::encode_f64(kind, if neg { -v } else { v })),
                _ => Err(self.error_at(t.pos, "floating point value too large")),
            },
            TokKind::Integer => self.float_from_int_literal(t, neg, kind),
            _ => Err(self.error_at(t.pos, "expected floating point literal")),
        }
    }

    // ----- dense elements -----

    fn parse_dense_elements(&mut self, ty: Option<Type>) -> ParseResult<Attribute> {
        let attr_pos = self.tok.pos;
        self.advance();
        self.expect(TokKind::Less, "expected '<' after 'dense'")?;
        let mut lit = TensorLiteral::default();
        if !self.consume_if(TokKind::Greater) {
            if self.is(TokKind::String) {
                lit.hex = Some(self.tok);
                self.advance();
            } else if self.is(TokKind::LSquare) {
                let mut shape = Vec::new();
                self.parse_dense_list(&mut lit, &mut shape)?;
                lit.shape = shape;
            } else {
                self.parse_dense_element(&mut lit)?;
            }
            self.expect(TokKind::Greater, "expected '>'")?;
        }
        let loc_pos = if ty.is_some() { attr_pos } else { self.tok.pos };
        let ty = self.parse_elements_literal_type(ty)?;
        self.dense_attr(loc_pos, ty, lit)
    }

    fn parse_elements_literal_type(&mut self, ty: Option<Type>) -> ParseResult<Type> {
        let ty = match ty {
            Some(t) => t,
            None => {
                self.expect(TokKind::Colon, "expected ':'")?;
                self.parse_type()?
            }
        };
        let k = self.ctx.type_kind(ty);
        if !is_shaped(k) {
            return Err(self.error_here("elements literal must be a shaped type"));
        }
        match k.shape() {
            Some(s) if s.iter().all(|&d| d != DYNAMIC) => Ok(ty),
            _ => Err(self.error_here("elements literal type must have static shape")),
        }
    }

    fn parse_dense_element(&mut self, lit: &mut TensorLiteral) -> ParseResult<()> {
        match self.tok.kind {
            TokKind::Float | TokKind::Integer | TokKind::String => {
                lit.storage.push(Elem { neg: false, tok: self.tok });
                self.advance();
            }
            TokKind::BareIdent if matches!(self.tok_text(), "true" | "false" | "inf" | "nan") => {
                lit.storage.push(Elem { neg: false, tok: self.tok });
                self.advance();
            }
            TokKind::Minus => {
                self.advance();
                let ok = matches!(self.tok.kind, TokKind::Float | TokKind::Integer)
                    || (self.is(TokKind::BareIdent) && self.tok_text() == "inf");
                if !ok {
                    return Err(self.error_here("expected integer or floating point literal"));
                }
                lit.storage.push(Elem { neg: true, tok: self.tok });
                self.advance();
            }
            TokKind::LParen => {
                self.advance();
                self.enter()?;
                let r: ParseResult<()> = (|| {
                    self.parse_dense_element(lit)?;
                    self.expect(TokKind::Comma, "expected ',' between complex elements")?;
                    self.parse_dense_element(lit)?;
                    self.expect(TokKind::RParen, "expected ')' after complex elements")?;
                    Ok(())
                })();
                self.leave();
                r?;
            }
            _ => return Err(self.error_here("expected element literal of primitive type")),
        }
        Ok(())
    }

    fn parse_dense_list(&mut self, lit: &mut TensorLiteral, dims: &mut Vec<i64>) -> ParseResult<()> {
        self.enter()?;
        let mut first = true;
        let mut new_dims: Vec<i64> = Vec::new();
        let mut size = 0i64;
        let r = self.parse_comma_list(super::Delimiter::Square, "", &mut |p| {
            let mut this_dims = Vec::new();
            if p.is(TokKind::LSquare) {
                p.parse_dense_list(lit, &mut this_dims)?;
            } else {
                p.parse_dense_element(lit)?;
            }
            size += 1;
            if !first {
                if new_dims != this_dims {
                    return Err(p.error_here("tensor literal is invalid; ranks are not consistent between elements"));
                }
                return Ok(());
            }
            new_dims = this_dims;
            first = false;
            Ok(())
        });
        self.leave();
        r?;
        dims.clear();
        dims.push(size);
        dims.extend(new_dims);
        Ok(())
    }

    fn dense_attr(&mut self, loc: SourcePos, ty: Type, lit: TensorLiteral) -> ParseResult<Attribute> {
        let tk = self.ctx.type_kind(ty).clone();
        let shape = tk.shape().unwrap_or(&[]).to_vec();
        let Some(num) = shape.iter().try_fold(1u64, |a, &d| a.checked_mul(d as u64)) else {
            return Err(self.error_at(loc, "elements literal type has too many elements"));
        };
        let elt = tk.element_type().unwrap_or(ty);
        let ek = self.ctx.type_kind(elt).clone();
        let numeric =
            matches!(ek, TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_) | TypeKind::Complex(_));
        if let Some(h) = lit.hex {
            if numeric {
                return self.dense_hex(loc, ty, elt, num, &h);
            }
            let v = self.string_value(&h).into_owned();
            return Ok(self.ctx.intern_attr(AttrKind::DenseStrings { ty, values: vec![v], splat: true }));
        }
        if !lit.shape.is_empty() && lit.shape != shape {
            return Err(self.error_at(
                loc,
                format!(
                    "inferred shape of elements literal ([{}]) does not match type ([{}])",
                    fmt_shape(&lit.shape),
                    fmt_shape(&shape)
                ),
            ));
        }
        if lit.storage.is_empty() && num != 0 {
            let ts = self.type_str(ty);
            return Err(self.error_at(loc, format!("parsed zero elements, but type ('{ts}') expected at least 1")));
        }
        let (scalar, complex) = match ek {
            TypeKind::Complex(e) => (e, true),
            _ => (elt, false),
        };
        if complex {
            let splat = lit.shape.is_empty() && num != 0;
            if splat && lit.storage.len() != 2 {
                let ts = self.type_str(elt);
                return Err(self.error_at(
                    loc,
                    format!("parsed {} elements, but type ('{ts}') expected 2 elements", lit.storage.len()),
                ));
            }
            if !lit.shape.is_empty() && lit.storage.len() as u64 != num.saturating_mul(2) {
                let ts = self.type_str(ty);
                return Err(self.error_at(
                    loc,
                    format!(
                        "parsed {} elements, but type ('{ts}') expected {} elements",
                        lit.storage.len(),
                        num.saturating_mul(2)
                    ),
                ));
            }
        }
        let sk = self.ctx.type_kind(scalar).clone();
        let comp_bytes = storage_bytes(self.ctx, scalar);
        if (lit.storage.len() as u64).saturating_mul(comp_bytes as u64) > MAX_DENSE_BYTES {
            return Err(self.error_at(loc, "elements literal is too large"));
        }
        let mut bytes = Vec::with_capacity(lit.storage.len() * comp_bytes.max(1));
        if let Some((w, sg, idx)) = int_info(&sk) {
            for e in &lit.storage {
                let v = self.dense_int_element(e, w, sg, idx)?;
                push_int(&mut bytes, v, comp_bytes);
            }
        } else if let TypeKind::Float(kind) = sk {
            for e in &lit.storage {
                let t = e.tok;
                if t.kind == TokKind::String
                    || (t.kind == TokKind::BareIdent && matches!(self.text(&t), "true" | "false"))
                {
                    return Err(self.error_at(t.pos, "expected floating point literal"));
                }
                let b = self.float_from_literal(&t, e.neg, kind)?;
                push_int(&mut bytes, b as i128, comp_bytes);
            }
        } else {
            // Other element types hold strings.
            let mut values = Vec::with_capacity(lit.storage.len());
            for e in &lit.storage {
                if e.tok.kind != TokKind::String {
                    let sp = self.text(&e.tok).to_string();
                    return Err(self.error_at(loc, format!("expected string token, got {sp}")));
                }
                values.push(self.string_value(&e.tok).into_owned());
            }
            let splat = values.len() == 1 || (!values.is_empty() && values.iter().all(|v| *v == values[0]));
            if splat {
                values.truncate(1);
            }
            return Ok(self.ctx.intern_attr(AttrKind::DenseStrings { ty, values, splat }));
        }
        let data = canonical_dense(bytes, storage_bytes(self.ctx, elt));
        Ok(self.ctx.intern_attr(AttrKind::DenseElements { ty, data }))
    }

    fn dense_int_element(&mut self, e: &Elem, w: u32, sg: Signedness, idx: bool) -> ParseResult<i128> {
        let t = e.tok;
        if e.neg && sg == Signedness::Unsigned {
            return Err(self.error_at(t.pos, "expected unsigned integer elements, but parsed negative value"));
        }
        match t.kind {
            TokKind::Float => Err(self.error_at(t.pos, "expected integer elements, but parsed floating-point")),
            TokKind::BareIdent if matches!(self.text(&t), "true" | "false") => {
                if w != 1 || idx {
                    return Err(self.error_at(t.pos, "expected i1 type for 'true' or 'false' values"));
                }
                Ok((self.text(&t) == "true") as i128)
            }
            TokKind::Integer => match parse_uint(self.text(&t)).and_then(|m| build_int(w, sg, idx, e.neg, m)) {
                Some(v) => Ok(v),
                None => Err(self.error_at(t.pos, "integer constant out of range for type")),
            },
            _ => Err(self.error_at(t.pos, "expected integer elements")),
        }
    }

    fn dense_hex(&mut self, loc: SourcePos, ty: Type, elt: Type, num: u64, h: &Token) -> ParseResult<Attribute> {
        let text = self.text(h);
        let inner = text.get(1..text.len().saturating_sub(1)).unwrap_or("");
        let data = match inner.strip_prefix("0x").and_then(|hex| decode_hex(hex.as_bytes())) {
            Some(data) => data,
            None => return Err(self.error_at(h.pos, "expected string containing hex digits starting with `0x`")),
        };
        let esize = storage_bytes(self.ctx, elt);
        let is_i1 = matches!(self.ctx.type_kind(elt), TypeKind::Integer { width: 1, .. });
        let invalid = |p: &mut Self| {
            let ts = p.type_str(ty);
            Err(p.error_at(loc, format!("elements hex data size is invalid for provided type: '{ts}'")))
        };
        if is_i1 {
            if data.len() == 1 && (data[0] == 0 || data[0] == 0xff) {
                return Ok(self.ctx.intern_attr(AttrKind::DenseElements {
                    ty,
                    data: DenseData { splat: true, bytes: vec![(data[0] != 0) as u8] },
                }));
            }
            if data.len() as u64 != num.div_ceil(8) {
                return invalid(self);
            }
            let bytes: Vec<u8> = (0..num as usize).map(|i| (data[i / 8] >> (i % 8)) & 1).collect();
            let d = canonical_dense(bytes, 1);
            return Ok(self.ctx.intern_attr(AttrKind::DenseElements { ty, data: d }));
        }
        if esize == 0 || (data.len() != esize && data.len() as u64 != esize as u64 * num) {
            return invalid(self);
        }
        let d = canonical_dense(data, esize);
        Ok(self.ctx.intern_attr(AttrKind::DenseElements { ty, data: d }))
    }

    fn parse_dense_resource(&mut self, ty: Option<Type>) -> ParseResult<Attribute> {
        let pos = self.tok.pos;
        self.advance();
        self.expect(TokKind::Less, "expected '<' after 'dense_resource'")?;
        let handle = match self.tok.kind {
            TokKind::BareIdent => self.tok_text().to_string(),
            TokKind::String => self.string_value(&self.tok.clone()).into_owned(),
            _ => return Err(self.error_here("expected identifier key for 'resource' entry")),
        };
        self.advance();
        self.expect(TokKind::Greater, "expected '>'")?;
        let (ty, tpos) = match ty {
            Some(t) => (t, pos),
            None => {
                let tpos = self.tok.pos;
                self.expect(TokKind::Colon, "expected ':'")?;
                (self.parse_type()?, tpos)
            }
        };
        if !is_shaped(self.ctx.type_kind(ty)) {
            return Err(self.error_at(tpos, "`dense_resource` expected a shaped type"));
        }
        Ok(self.ctx.intern_attr(AttrKind::DenseResource { handle, ty }))
    }

    fn parse_dense_array(&mut self) -> ParseResult<Attribute> {
        self.advance();
        self.expect(TokKind::Less, "expected '<' after 'array'")?;
        let tpos = self.tok.pos;
        let element = self.parse_type()?;
        let ek = self.ctx.type_kind(element).clone();
        let width = match &ek {
            TypeKind::Integer { width, .. } => *width,
            TypeKind::Index => 64,
            TypeKind::Float(k) => k.bit_width(),
            _ => {
                let ts = self.type_str(element);
                return Err(self.error_at(tpos, format!("expected integer or float type, got: '{ts}'")));
            }
        };
        if width != 1 && width % 8 != 0 {
            return Err(self.error_at(tpos, "element type bitwidth must be a multiple of 8"));
        }
        let mut values = Vec::new();
        if !self.consume_if(TokKind::Greater) {
            self.expect(TokKind::Colon, "expected ':' after dense array type")?;
            self.parse_comma_list(super::Delimiter::None, "", &mut |p| {
                let neg = p.consume_if(TokKind::Minus);
                let t = p.tok;
                if let TypeKind::Float(kind) = ek {
                    let bits = p.float_from_literal(&t, neg, kind)?;
                    p.advance();
                    values.push(floatfmt::decode_to_f64(kind, bits).to_bits() as i64);
                    return Ok(());
                }
                let (w, sg, idx) = int_info(&ek).unwrap_or((64, Signedness::Signless, false));
                if t.kind == TokKind::BareIdent && matches!(p.text(&t), "true" | "false") {
                    if w != 1 {
                        return Err(p.error_here("expected i1 type for 'true' or 'false' values"));
                    }
                    values.push((p.text(&t) == "true") as i64);
                    p.advance();
                    return Ok(());
                }
                if t.kind != TokKind::Integer {
                    return Err(p.error_here("expected integer literal"));
                }
                match parse_uint(p.text(&t)).and_then(|m| build_int(w, sg, idx, neg, m)) {
                    Some(v) if i64::try_from(v).is_ok() || (sg == Signedness::Unsigned && w == 64) => {
                        values.push(v as i64);
                        p.advance();
                        Ok(())
                    }
                    _ => Err(p.error_here("integer constant out of range")),
                }
            })?;
            self.expect(TokKind::Greater, "expected '>' to close an array attribute")?;
        }
        Ok(self.ctx.intern_attr(AttrKind::DenseArray { element, values }))
    }

    fn parse_strided(&mut self) -> ParseResult<Attribute> {
        let kw = self.tok.pos;
        self.advance();
        self.expect(TokKind::Less, "expected '<' after 'strided'")?;
        self.expect(TokKind::LSquare, "expected '['")?;
        let mut strides = Vec::new();
        if !self.is(TokKind::RSquare) {
            loop {
                strides.push(self.parse_stride_or_offset()?);
                if !self.consume_if(TokKind::Comma) {
                    break;
                }
            }
        }
        self.expect(TokKind::RSquare, "expected ']'")?;
        let mut offset = None;
        if !self.consume_if(TokKind::Greater) {
            self.expect(TokKind::Comma, "expected ','")?;
            if !self.consume_kw("offset") {
                return Err(self.wrong_token("expected 'offset' after comma"));
            }
            self.expect(TokKind::Colon, "expected ':' after 'offset'")?;
            offset = Some(self.parse_stride_or_offset()?);
            self.expect(TokKind::Greater, "expected '>'")?;
        }
        if strides.contains(&0) {
            return Err(self.error_at(kw, "strides must not be zero"));
        }
        // `offset: 0` is the default and not printed by MLIR.
        if offset == Some(0) {
            offset = None;
        }
        Ok(self.ctx.intern_attr(AttrKind::Strided { strides, offset }))
    }

    fn parse_stride_or_offset(&mut self) -> ParseResult<i64> {
        if self.consume_if(TokKind::Question) {
            return Ok(DYNAMIC);
        }
        let pos = self.tok.pos;
        let neg = self.consume_if(TokKind::Minus);
        if self.is(TokKind::Integer) {
            if let Ok(v) = self.tok_text().parse::<u64>() {
                if v <= i64::MAX as u64 {
                    self.advance();
                    return Ok(if neg { -(v as i64) } else { v as i64 });
                }
            }
        }
        Err(self.error_at(pos, "expected a 64-bit signed integer or '?'"))
    }

    // ----- locations -----

    /// A location inside `loc(...)` (MLIR's `parseLocationInstance`).
    pub(crate) fn parse_location_instance(&mut self) -> ParseResult<Attribute> {
        self.enter()?;
        let r = self.parse_location_inner();
        self.leave();
        r
    }

    fn parse_location_inner(&mut self) -> ParseResult<Attribute> {
        match self.tok.kind {
            TokKind::HashIdent => {
                let a = self.parse_extended_attr()?;
                if !matches!(self.ctx.attr_kind(a), AttrKind::Location(_)) {
                    let s = self.attr_str(a);
                    return Err(self.error_here(format!("expected location attribute, but got {s}")));
                }
                Ok(a)
            }
            TokKind::String => self.parse_name_or_file_line_col(),
            TokKind::BareIdent => match self.tok_text() {
                "callsite" => {
                    self.advance();
                    self.expect(TokKind::LParen, "expected '(' in callsite location")?;
                    let callee = self.parse_location_instance()?;
                    if !self.consume_kw("at") {
                        return Err(self.wrong_token("expected 'at' in callsite location"));
                    }
                    let caller = self.parse_location_instance()?;
                    self.expect(TokKind::RParen, "expected ')' in callsite location")?;
                    Ok(self.ctx.intern_attr(AttrKind::Location(Location::CallSite { callee, caller })))
                }
                "fused" => {
                    self.advance();
                    let mut metadata = None;
                    if self.consume_if(TokKind::Less) {
                        metadata = Some(self.parse_attribute(None)?);
                        self.expect(TokKind::Greater, "expected '>' after fused location metadata")?;
                    }
                    let mut locs = Vec::new();
                    self.parse_comma_list(super::Delimiter::Square, " in fused location", &mut |p| {
                        locs.push(p.parse_location_instance()?);
                        Ok(())
                    })?;
                    Ok(self.fused_loc(locs, metadata))
                }
                "unknown" => {
                    self.advance();
                    Ok(self.ctx.unknown_loc())
                }
                _ => Err(self.wrong_token("expected location instance")),
            },
            _ => Err(self.wrong_token("expected location instance")),
        }
    }

    fn fused_loc(&mut self, locs: Vec<Attribute>, metadata: Option<Attribute>) -> Attribute {
        self.ctx.fused_loc_with(&locs, metadata)
    }

    fn parse_name_or_file_line_col(&mut self) -> ParseResult<Attribute> {
        let t = self.tok;
        let s = self.string_value(&t).into_owned();
        self.advance();
        if self.consume_if(TokKind::Colon) {
            let line = self.parse_loc_uint("expected integer line number in FileLineColRange")?;
            if !self.is(TokKind::Colon) {
                // `"file":line` (no column): column 0.
                return Ok(self.file_loc(&s, line, 0, None));
            }
            self.advance();
            let col = self.parse_loc_uint("expected integer column number in FileLineColRange")?;
            if !self.is_kw("to") {
                return Ok(self.file_loc(&s, line, col, None));
            }
            self.advance();
            if self.is(TokKind::Integer) {
                let end_line = self.parse_loc_uint("expected integer line number in FileLineColRange")?;
                if !self.is(TokKind::Colon) {
                    return Err(self.wrong_token("expected either integer or `:` post `to` in FileLineColRange"));
                }
                self.advance();
                let end_col = self.parse_loc_uint("expected integer column number in FileLineColRange")?;
                return Ok(self.file_loc(&s, line, col, Some((end_line, end_col))));
            }
            if !self.is(TokKind::Colon) {
                return Err(self.wrong_token("expected either integer or `:` post `to` in FileLineColRange"));
            }
            self.advance();
            let end_col = self.parse_loc_uint("expected integer column number in FileLineColRange")?;
            return Ok(self.file_loc(&s, line, col, Some((line, end_col))));
        }
        let name = self.ctx.sym(&s);
        let mut child = None;
        if self.consume_if(TokKind::LParen) {
            child = Some(self.parse_location_instance()?);
            self.expect(TokKind::RParen, "expected ')' after child location of NameLoc")?;
        }
        Ok(self.ctx.intern_attr(AttrKind::Location(Location::Name { name, child })))
    }

    fn parse_loc_uint(&mut self, msg: &str) -> ParseResult<u32> {
        if self.is(TokKind::Integer) {
            if let Some(v) = parse_uint(self.tok_text()).and_then(|v| u32::try_from(v).ok()) {
                self.advance();
                return Ok(v);
            }
        }
        Err(self.wrong_token(msg))
    }

    fn file_loc(&mut self, file: &str, line: u32, col: u32, end: Option<(u32, u32)>) -> Attribute {
        let file = self.ctx.sym(file);
        self.ctx.intern_attr(AttrKind::Location(Location::FileLineCol { file, line, col, end }))
    }

    /// A trailing `loc(...)` if present (MLIR's `parseTrailingLocationSpecifier` /
    /// `parseOptionalLocationSpecifier`). `loc(#alias)` may name an alias defined later in the
    /// file: a marker location is returned and replaced at the end of the parse.
    pub(crate) fn parse_trailing_location(&mut self) -> ParseResult<Option<Attribute>> {
        if !self.is_kw("loc") {
            return Ok(None);
        }
        self.advance();
        self.expect(TokKind::LParen, "expected '(' in location")?;
        let t = self.tok;
        let loc = if t.kind == TokKind::HashIdent && !self.text(&t).contains('.') {
            let name = self.text(&t).get(1..).unwrap_or("");
            self.advance();
            match self.attr_aliases.get(name).copied() {
                Some(a) => {
                    if !matches!(self.ctx.attr_kind(a), AttrKind::Location(_)) {
                        let s = self.attr_str(a);
                        return Err(self.error_at(t.pos, format!("expected location, but found '{s}'")));
                    }
                    a
                }
                None => self.deferred_loc_marker(t.pos, name),
            }
        } else {
            self.parse_location_instance()?
        };
        self.expect(TokKind::RParen, "expected ')' in location")?;
        Ok(Some(loc))
    }

    fn deferred_loc_marker(&mut self, pos: SourcePos, name: &'s str) -> Attribute {
        let idx = self.deferred_locs.len();
        self.deferred_locs.push((pos, name));
        let marker = self.ctx.sym(&format!("\u{0}strata.parser.deferred_loc.{idx}"));
        let a = self.ctx.intern_attr(AttrKind::Location(Location::Name { name: marker, child: None }));
        self.deferred_markers.insert(a, idx);
        a
    }

    pub(crate) fn type_str(&self, t: Type) -> String {
        super::display::type_str(self.ctx, t)
    }

    pub(crate) fn attr_str(&self, a: Attribute) -> String {
        super::display::attr_str(self.ctx, a)
    }
}

fn push_int(bytes: &mut Vec<u8>, v: i128, n: usize) {
    let le = v.to_le_bytes();
    let fill = if v < 0 { 0xff } else { 0 };
    bytes.extend(le.iter().copied().chain(std::iter::repeat(fill)).take(n));
}

/// The bytes spelled by hex digits (either case), or `None` if `h` is not an even number of hex
/// digits. Vectorized (`faster-hex`): large modules are mostly hex blobs.
fn decode_hex(h: &[u8]) -> Option<Vec<u8>> {
    if !h.len().is_multiple_of(2) {
        return None;
    }
    let mut out = vec![0u8; h.len() / 2];
    faster_hex::hex_decode(h, &mut out).ok()?;
    Some(out)
}

/// Make dense storage canonical: a splat (one stored element) when all elements are equal, as
/// MLIR's `DenseIntOrFPElementsAttr` uniquing does.
fn canonical_dense(bytes: Vec<u8>, esize: usize) -> DenseData {
    if esize == 0 || bytes.len() < esize {
        return DenseData { splat: false, bytes };
    }
    let first = &bytes[..esize];
    if bytes.chunks_exact(esize).all(|c| c == first) {
        return DenseData { splat: true, bytes: first.to_vec() };
    }
    DenseData { splat: false, bytes }
}

#[cfg(test)]
mod unit {
    use super::*;

    #[test]
    fn ints() {
        let sl = Signedness::Signless;
        assert_eq!(build_int(8, sl, false, false, 255), Some(-1));
        assert_eq!(build_int(8, sl, false, false, 256), None);
        assert_eq!(build_int(8, sl, false, true, 128), Some(-128));
        assert_eq!(build_int(8, sl, false, true, 129), None);
        assert_eq!(build_int(8, Signedness::Signed, false, false, 128), None);
        assert_eq!(build_int(8, Signedness::Unsigned, false, false, 255), Some(255));
        assert_eq!(build_int(1, sl, false, false, 1), Some(1));
        assert_eq!(build_int(1, sl, false, true, 1), Some(1));
        assert_eq!(build_int(64, sl, true, false, 1 << 63), None);
        assert_eq!(build_int(128, sl, false, false, u128::MAX), Some(-1));
        assert_eq!(parse_uint("0x00000000000000000000000000000000000000FF"), Some(255));
        assert_eq!(parse_uint("340282366920938463463374607431768211456"), None);
    }

    #[test]
    fn hex_decoding() {
        assert_eq!(decode_hex(b"00fFa5"), Some(vec![0x00, 0xff, 0xa5]));
        assert_eq!(decode_hex(b""), Some(vec![]));
        assert_eq!(decode_hex(b"abc"), None);
        assert_eq!(decode_hex(b"0g"), None);
        assert_eq!(decode_hex(b"g0"), None);
        assert_eq!(decode_hex(b"12 4"), None);
    }
}
