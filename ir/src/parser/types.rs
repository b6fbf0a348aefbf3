//! Builtin types (MLIR's `TypeParser.cpp`) and the shared scanning of dialect symbols
//! (`!dialect.ident<...>`, `#dialect<...>`).

use super::lexer::{scan_string, TokKind};
use super::{ParseResult, Parser};
use crate::types::{FloatKind, Signedness, Type, TypeKind, DYNAMIC};

/// Largest integer type width MLIR accepts (`IntegerType::kMaxWidth`).
const MAX_INT_WIDTH: u32 = (1 << 24) - 1;

/// A parsed `!`/`#` identifier: an alias reference or a dialect symbol.
pub(crate) enum ExtSym<'s> {
    Alias(&'s str),
    /// `body` is a slice of the source; `sym` is the position of the `!`/`#` token.
    Dialect {
        dialect: &'s str,
        body: &'s str,
        sym: super::SourcePos,
    },
}

pub(crate) use crate::attributes::dialect_body_prints_pretty as prints_pretty;

/// A builtin type keyword.
enum Kw {
    Int(u32, Signedness),
    BadWidth,
    Float(FloatKind),
    Index,
    None,
    Tensor,
    MemRef,
    Vector,
    Complex,
    Tuple,
}

fn int_width(digits: &str) -> Option<Option<u32>> {
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    Some(digits.parse::<u32>().ok())
}

fn classify(s: &str) -> Option<Kw> {
    let b = s.as_bytes();
    match b.first()? {
        b'i' => {
            if let Some(w) = int_width(&s[1..]) {
                return Some(w.map_or(Kw::BadWidth, |w| Kw::Int(w, Signedness::Signless)));
            }
            if s == "index" {
                return Some(Kw::Index);
            }
        }
        b's' | b'u' if b.get(1) == Some(&b'i') => {
            if let Some(w) = int_width(&s[2..]) {
                let sg = if b[0] == b's' { Signedness::Signed } else { Signedness::Unsigned };
                return Some(w.map_or(Kw::BadWidth, |w| Kw::Int(w, sg)));
            }
        }
        _ => {}
    }
    Some(match s {
        "f16" => Kw::Float(FloatKind::F16),
        "bf16" => Kw::Float(FloatKind::BF16),
        "f32" => Kw::Float(FloatKind::F32),
        "f64" => Kw::Float(FloatKind::F64),
        "none" => Kw::None,
        "tensor" => Kw::Tensor,
        "memref" => Kw::MemRef,
        "vector" => Kw::Vector,
        "complex" => Kw::Complex,
        "tuple" => Kw::Tuple,
        _ => Kw::Float(FloatKind::from_mlir_name(s)?),
    })
}

/// Whether a type may be the element of a tensor (MLIR's `TensorType::isValidElementType`).
pub(crate) fn valid_tensor_element(k: &TypeKind) -> bool {
    matches!(
        k,
        TypeKind::Integer { .. }
            | TypeKind::Index
            | TypeKind::Float(_)
            | TypeKind::Complex(_)
            | TypeKind::Vector { .. }
            | TypeKind::Dialect { .. }
    )
}

impl<'s> Parser<'s> {
    /// Whether the current token can start a type.
    pub(crate) fn at_type_start(&self) -> bool {
        match self.tok.kind {
            TokKind::LParen | TokKind::BangIdent => true,
            TokKind::BareIdent => classify(self.tok_text()).is_some(),
            _ => false,
        }
    }

    /// `type ::= function-type | non-function-type`
    pub(crate) fn parse_type(&mut self) -> ParseResult<Type> {
        if self.tok.kind == TokKind::LParen {
            // Files repeat the same function types (`(i32, i32) -> i32`): reuse the type of an
            // identical spelling seen recently instead of re-lexing and re-interning it.
            let start = self.tok.start();
            let rest = self.src.as_bytes().get(start..).unwrap_or(&[]);
            for i in 0..self.fn_type_cache.len() {
                let (text, t) = self.fn_type_cache[i];
                let n = text.len();
                if rest.len() >= n && &rest[..n] == text.as_bytes() {
                    let next = rest.get(n).copied().unwrap_or(b' ');
                    let continues = next.is_ascii_alphanumeric() || matches!(next, b'_' | b'$' | b'.' | b'-' | b'<');
                    if !continues {
                        // Cached spellings have no line break: skip them on the current line.
                        self.lex.skip_on_line(start + n);
                        self.advance();
                        self.prev_end = start + n;
                        return Ok(t);
                    }
                }
            }
            let t = self.parse_function_type()?;
            let end = self.prev_end;
            if let Some(text) = self.src.get(start..end) {
                if text.len() <= 256 && !text.contains(['\n', '\r']) {
                    if self.fn_type_cache.len() >= 4 {
                        self.fn_type_cache.remove(0);
                    }
                    self.fn_type_cache.push((text, t));
                }
            }
            return Ok(t);
        }
        self.parse_non_function_type()
    }

    /// A type if one starts here.
    pub(crate) fn parse_optional_type(&mut self) -> ParseResult<Option<Type>> {
        if self.at_type_start() {
            self.parse_type().map(Some)
        } else {
            Ok(None)
        }
    }

    pub(crate) fn parse_non_function_type(&mut self) -> ParseResult<Type> {
        match self.tok.kind {
            TokKind::BangIdent => return self.parse_extended_type(),
            TokKind::BareIdent => {}
            _ => return Err(self.wrong_token("expected non-function type")),
        }
        if let Some(&t) = self.simple_type_cache.get(self.tok_text()) {
            self.advance();
            return Ok(t);
        }
        let Some(kw) = classify(self.tok_text()) else {
            return Err(self.wrong_token("expected non-function type"));
        };
        let simple = match kw {
            Kw::Int(w, s) => {
                if w > MAX_INT_WIDTH {
                    return Err(self.error_here(format!("integer bitwidth is limited to {MAX_INT_WIDTH} bits")));
                }
                TypeKind::Integer { width: w, signedness: s }
            }
            Kw::BadWidth => return Err(self.error_here("invalid integer width")),
            Kw::Float(k) => TypeKind::Float(k),
            Kw::Index => TypeKind::Index,
            Kw::None => TypeKind::None,
            Kw::Tensor | Kw::MemRef | Kw::Vector | Kw::Complex | Kw::Tuple => {
                self.enter()?;
                let r = match kw {
                    Kw::Tensor => self.parse_tensor_type(),
                    Kw::MemRef => self.parse_memref_type(),
                    Kw::Vector => self.parse_vector_type(),
                    Kw::Complex => self.parse_complex_type(),
                    _ => self.parse_tuple_type(),
                };
                self.leave();
                return r;
            }
        };
        let text = self.tok_text();
        self.advance();
        let t = self.ctx.intern_type(simple);
        self.simple_type_cache.insert(text, t);
        Ok(t)
    }

    /// `(inputs) -> results`
    pub(crate) fn parse_function_type(&mut self) -> ParseResult<Type> {
        self.enter()?;
        let r = (|| {
            let mut inputs = Vec::new();
            let mut results = Vec::new();
            self.parse_type_list_parens(&mut inputs)?;
            self.expect(TokKind::Arrow, "expected '->' in function type")?;
            self.parse_function_result_types(&mut results)?;
            Ok(self.ctx.intern_type(TypeKind::Function { inputs, results }))
        })();
        self.leave();
        r
    }

    /// `( type-list? )`
    pub(crate) fn parse_type_list_parens(&mut self, out: &mut Vec<Type>) -> ParseResult<()> {
        self.expect(TokKind::LParen, "expected '('")?;
        if self.consume_if(TokKind::RParen) {
            return Ok(());
        }
        self.parse_type_list_no_parens(out)?;
        self.expect(TokKind::RParen, "expected ')'")?;
        Ok(())
    }

    /// `type (, type)*`
    pub(crate) fn parse_type_list_no_parens(&mut self, out: &mut Vec<Type>) -> ParseResult<()> {
        out.push(self.parse_type()?);
        while self.consume_if(TokKind::Comma) {
            out.push(self.parse_type()?);
        }
        Ok(())
    }

    /// `function-result-type ::= ( type-list? ) | non-function-type`
    pub(crate) fn parse_function_result_types(&mut self, out: &mut Vec<Type>) -> ParseResult<()> {
        if self.is(TokKind::LParen) {
            return self.parse_type_list_parens(out);
        }
        out.push(self.parse_non_function_type()?);
        Ok(())
    }

    fn parse_complex_type(&mut self) -> ParseResult<Type> {
        self.advance();
        self.expect(TokKind::Less, "expected '<' in complex type")?;
        let pos = self.tok.pos;
        let el = self.parse_type()?;
        self.expect(TokKind::Greater, "expected '>' in complex type")?;
        if !matches!(self.ctx.type_kind(el), TypeKind::Float(_) | TypeKind::Integer { .. }) {
            return Err(self.error_at(pos, "invalid element type for complex"));
        }
        Ok(self.ctx.intern_type(TypeKind::Complex(el)))
    }

    fn parse_tuple_type(&mut self) -> ParseResult<Type> {
        self.advance();
        self.expect(TokKind::Less, "expected '<' in tuple type")?;
        let mut types = Vec::new();
        if !self.consume_if(TokKind::Greater) {
            self.parse_type_list_no_parens(&mut types)?;
            self.expect(TokKind::Greater, "expected '>' in tuple type")?;
        }
        Ok(self.ctx.intern_type(TypeKind::Tuple(types)))
    }

    fn parse_tensor_type(&mut self) -> ParseResult<Type> {
        self.advance();
        self.expect(TokKind::Less, "expected '<' in tensor type")?;
        let mut shape = Vec::new();
        let unranked = self.consume_if(TokKind::Star);
        if unranked {
            self.parse_x_in_dimension_list()?;
        } else {
            self.parse_dimension_list_ranked(&mut shape, true, true)?;
        }
        let el_pos = self.tok.pos;
        let element = self.parse_type()?;
        let mut encoding = None;
        if self.consume_if(TokKind::Comma) {
            match self.parse_optional_attribute()? {
                Some(a) => encoding = Some(a),
                None => return Err(self.error_here("expected non-empty attribute")),
            }
        }
        self.expect(TokKind::Greater, "expected '>' in tensor type")?;
        if !valid_tensor_element(self.ctx.type_kind(element)) {
            return Err(self.error_at(el_pos, "invalid tensor element type"));
        }
        if unranked {
            if encoding.is_some() {
                return Err(self.error_here("cannot apply encoding to unranked tensor"));
            }
            return Ok(self.ctx.intern_type(TypeKind::UnrankedTensor { element }));
        }
        Ok(self.ctx.intern_type(TypeKind::RankedTensor { shape, element, encoding }))
    }

    fn parse_memref_type(&mut self) -> ParseResult<Type> {
        let kw_pos = self.tok.pos;
        self.advance();
        self.expect(TokKind::Less, "expected '<' in memref type")?;
        let mut shape = Vec::new();
        let unranked = self.consume_if(TokKind::Star);
        if unranked {
            self.parse_x_in_dimension_list()?;
        } else {
            self.parse_dimension_list_ranked(&mut shape, true, true)?;
        }
        let el_pos = self.tok.pos;
        let element = self.parse_type()?;
        let valid = matches!(
            self.ctx.type_kind(element),
            TypeKind::Integer { .. }
                | TypeKind::Index
                | TypeKind::Float(_)
                | TypeKind::Complex(_)
                | TypeKind::MemRef { .. }
                | TypeKind::UnrankedMemRef { .. }
                | TypeKind::Vector { .. }
                | TypeKind::Dialect { .. }
        );
        if !valid {
            return Err(self.error_at(el_pos, "invalid memref element type"));
        }
        let mut layout = None;
        let mut memory_space = None;
        if !self.consume_if(TokKind::Greater) {
            self.expect(TokKind::Comma, "expected ',' or '>' in memref type")?;
            let mut elt = |p: &mut Self| -> ParseResult<()> {
                let a = p.parse_attribute(None)?;
                let is_layout =
                    matches!(p.ctx.attr_kind(a), crate::AttrKind::AffineMap(_) | crate::AttrKind::Strided { .. });
                if is_layout {
                    layout = Some(a);
                } else if memory_space.is_some() {
                    return Err(p.error_here("multiple memory spaces specified in memref type"));
                } else {
                    memory_space = Some(a);
                    return Ok(());
                }
                if unranked {
                    return Err(p.error_here("cannot have affine map for unranked memref type"));
                }
                if memory_space.is_some() {
                    return Err(p.error_here("expected memory space to be last in memref type"));
                }
                Ok(())
            };
            self.parse_comma_list_until(TokKind::Greater, ">", false, &mut elt)?;
        }
        // MemRefType::verify: the layout must match the rank, the memory space must be an
        // integer, string, dictionary or dialect attribute.
        if let Some(l) = layout {
            match self.ctx.attr_kind(l) {
                crate::AttrKind::AffineMap(m) if m.num_dims as usize != shape.len() => {
                    let msg = format!(
                        "memref layout mismatch between rank and affine map: {} != {}",
                        shape.len(),
                        m.num_dims
                    );
                    return Err(self.error_at(kw_pos, msg));
                }
                crate::AttrKind::Strided { strides, .. } if strides.len() != shape.len() => {
                    return Err(self.error_at(kw_pos, "expected the number of strides to match the rank"));
                }
                _ => {}
            }
        }
        if let Some(m) = memory_space {
            let ok = matches!(
                self.ctx.attr_kind(m),
                crate::AttrKind::Integer { .. }
                    | crate::AttrKind::String { .. }
                    | crate::AttrKind::Dictionary(_)
                    | crate::AttrKind::Dialect { .. }
            );
            if !ok {
                return Err(self.error_at(kw_pos, "unsupported memory space Attribute"));
            }
        }
        // MLIR drops an identity layout and a zero integer memory space.
        if let Some(l) = layout {
            if super::attrs::is_identity_map(self.ctx, l, shape.len()) {
                layout = None;
            }
        }
        if let Some(m) = memory_space {
            if matches!(self.ctx.attr_kind(m), crate::AttrKind::Integer { value: 0, .. }) {
                memory_space = None;
            }
        }
        if unranked {
            return Ok(self.ctx.intern_type(TypeKind::UnrankedMemRef { element, memory_space }));
        }
        Ok(self.ctx.intern_type(TypeKind::MemRef { shape, element, layout, memory_space }))
    }

    fn parse_vector_type(&mut self) -> ParseResult<Type> {
        let kw_pos = self.tok.pos;
        self.advance();
        self.expect(TokKind::Less, "expected '<' in vector type")?;
        let mut shape = Vec::new();
        let mut scalable = Vec::new();
        while self.is(TokKind::Integer) || self.is(TokKind::LSquare) {
            let sc = self.consume_if(TokKind::LSquare);
            let v = self.parse_integer_in_dimension_list()?;
            shape.push(v);
            if sc && !self.consume_if(TokKind::RSquare) {
                return Err(self.wrong_token("missing ']' closing scalable dimension"));
            }
            scalable.push(sc);
            self.parse_x_in_dimension_list()?;
        }
        let element = self.parse_type()?;
        self.expect(TokKind::Greater, "expected '>' in vector type")?;
        if !matches!(
            self.ctx.type_kind(element),
            TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_) | TypeKind::Dialect { .. }
        ) {
            return Err(self.error_at(kw_pos, "failed to verify 'elementType': VectorElementTypeInterface instance"));
        }
        if shape.iter().any(|&d| d <= 0) {
            let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
            return Err(self.error_at(
                kw_pos,
                format!("vector types must have positive constant sizes but got {}", dims.join(", ")),
            ));
        }
        Ok(self.ctx.intern_type(TypeKind::Vector { shape, scalable, element }))
    }

    /// `dimension-list ::= (dimension 'x')*` with `dimension ::= '?' | decimal-literal`
    /// (MLIR's `parseDimensionListRanked`).
    pub(crate) fn parse_dimension_list_ranked(
        &mut self,
        dims: &mut Vec<i64>,
        allow_dynamic: bool,
        with_trailing_x: bool,
    ) -> ParseResult<()> {
        let mut parse_dim = |p: &mut Self| -> ParseResult<()> {
            let pos = p.tok.pos;
            if p.consume_if(TokKind::Question) {
                if !allow_dynamic {
                    return Err(p.error_at(pos, "expected static shape"));
                }
                dims.push(DYNAMIC);
            } else {
                let v = p.parse_integer_in_dimension_list()?;
                dims.push(v);
            }
            Ok(())
        };
        if with_trailing_x {
            while self.is(TokKind::Integer) || self.is(TokKind::Question) {
                parse_dim(self)?;
                self.parse_x_in_dimension_list()?;
            }
            return Ok(());
        }
        if self.is(TokKind::Integer) || self.is(TokKind::Question) {
            parse_dim(self)?;
            while self.is(TokKind::BareIdent) && self.tok_text().starts_with('x') {
                self.parse_x_in_dimension_list()?;
                parse_dim(self)?;
            }
        }
        Ok(())
    }

    fn parse_integer_in_dimension_list(&mut self) -> ParseResult<i64> {
        let t = self.tok;
        let s = self.text(&t);
        if t.kind == TokKind::Integer && s.len() > 1 && s.as_bytes()[1] == b'x' {
            // `0xf32` is `0`, `x`, `f32` here: hex literals are not dimensions.
            self.reset_to(t.start() + 1);
            return Ok(0);
        }
        if t.kind != TokKind::Integer {
            return Err(self.wrong_token("expected integer value"));
        }
        match s.parse::<u64>() {
            Ok(v) if v <= i64::MAX as u64 => {
                self.advance();
                Ok(v as i64)
            }
            _ => Err(self.error_here("invalid dimension")),
        }
    }

    /// Consume an `x` in a dimension list; `x8xf32` is split after the `x`.
    pub(crate) fn parse_x_in_dimension_list(&mut self) -> ParseResult<()> {
        if !self.is(TokKind::BareIdent) || !self.tok_text().starts_with('x') {
            return Err(self.wrong_token("expected 'x' in dimension list"));
        }
        if self.tok_text().len() != 1 {
            let off = self.tok.start() + 1;
            self.reset_to(off);
        } else {
            self.advance();
        }
        Ok(())
    }

    fn parse_extended_type(&mut self) -> ParseResult<Type> {
        match self.parse_extended_symbol()? {
            ExtSym::Alias(name) => match self.type_aliases.get(name) {
                Some(t) => Ok(*t),
                None => Err(self.wrong_token(format!("undefined symbol alias id '{name}'"))),
            },
            ExtSym::Dialect { dialect, body, sym } => {
                let (dialect, body, opaque) = self.dialect_symbol(false, dialect, body, sym)?;
                Ok(self.ctx.intern_type(TypeKind::Dialect { dialect, body, opaque }))
            }
        }
    }

    /// Parse a `!`/`#` identifier and the dialect body that may follow it (MLIR's
    /// `parseExtendedSymbol`).
    pub(crate) fn parse_extended_symbol(&mut self) -> ParseResult<ExtSym<'s>> {
        let t = self.tok;
        let full = self.text(&t);
        let ident = full.get(1..).unwrap_or("");
        self.advance();
        let (dialect, data) = match ident.find('.') {
            Some(i) => (&ident[..i], &ident[i + 1..]),
            None => (ident, ""),
        };
        let is_pretty = !data.is_empty() || ident.ends_with('.');
        let has_trailing = self.is(TokKind::Less) && self.tok.start() == t.end();
        if !has_trailing && !is_pretty {
            return Ok(ExtSym::Alias(ident));
        }
        if !is_pretty {
            let (start, end) = self.scan_dialect_body()?;
            let body = self.src.get(start + 1..end - 1).unwrap_or("");
            return Ok(ExtSym::Dialect { dialect, body, sym: t.pos });
        }
        let data_start = t.start() + 1 + dialect.len() + 1;
        let end = if has_trailing { self.scan_dialect_body()?.1 } else { t.end() };
        let body = self.src.get(data_start.min(end)..end).unwrap_or("");
        Ok(ExtSym::Dialect { dialect, body, sym: t.pos })
    }

    /// Finish a dialect type or attribute: let the dialect's body hook
    /// ([`Dialect::attr_body`](crate::dialect::Dialect::attr_body) /
    /// [`Dialect::type_body`](crate::dialect::Dialect::type_body)) check the body and give its
    /// canonical text, then set the form flag from MLIR's printing rule ([`prints_pretty`]).
    pub(crate) fn dialect_symbol(
        &mut self,
        is_attr: bool,
        dialect: &'s str,
        body: &'s str,
        sym: super::SourcePos,
    ) -> ParseResult<(crate::Symbol, String, bool)> {
        let hook = self.ctx.dialect(dialect).and_then(|d| if is_attr { d.attr_body } else { d.type_body });
        let mut text = body.to_string();
        if let Some(hook) = hook {
            match hook(body, !prints_pretty(body)) {
                Ok(Some(canon)) => text = canon,
                Ok(None) => {}
                Err(errs) => {
                    // Byte offsets are relative to the body, which is a slice of the source.
                    let body_start = (body.as_ptr() as usize).wrapping_sub(self.src.as_ptr() as usize);
                    let n = errs.len();
                    for e in errs {
                        let pos = match e.offset {
                            Some(o) if body_start <= self.src.len() && o <= body.len() => {
                                self.lex.pos_of(body_start + o)
                            }
                            _ => sym,
                        };
                        self.error_at(pos, e.message);
                    }
                    if n == 0 {
                        self.error_at(sym, format!("invalid '{dialect}' dialect symbol"));
                    }
                    return Err(crate::Failure);
                }
            }
        }
        let opaque = !prints_pretty(&text);
        Ok((self.ctx.sym(dialect), text, opaque))
    }

    /// Skip a balanced `<...>` starting at the current `<` token (MLIR's
    /// `parseDialectSymbolBody`). Returns the byte range including the angle brackets and moves
    /// to the token after it.
    pub(crate) fn scan_dialect_body(&mut self) -> ParseResult<(usize, usize)> {
        let start = self.tok.start();
        let b = self.src.as_bytes();
        let mut stack: Vec<u8> = Vec::new();
        let mut i = start;
        loop {
            let Some(&c) = b.get(i) else {
                return Err(self.punct_error(&stack));
            };
            i += 1;
            match c {
                0 => return Err(self.punct_error(&stack)),
                b'<' | b'[' | b'(' | b'{' => stack.push(c),
                // `->` is one token: its `>` closes nothing.
                b'-' if b.get(i) == Some(&b'>') => i += 1,
                b'>' | b']' | b')' | b'}' => {
                    let open = match c {
                        b'>' => b'<',
                        b']' => b'[',
                        b')' => b'(',
                        _ => b'{',
                    };
                    if stack.last() != Some(&open) {
                        return Err(self.punct_error(&stack));
                    }
                    stack.pop();
                }
                b'"' => match scan_string(b, i - 1) {
                    Ok(e) => i = e,
                    Err((at, msg)) => {
                        let pos = self.lex.pos_of(at);
                        return Err(self.error_at(pos, msg));
                    }
                },
                _ => {}
            }
            if stack.is_empty() {
                break;
            }
        }
        self.reset_to(i);
        Ok((start, i))
    }

    fn punct_error(&mut self, stack: &[u8]) -> crate::Failure {
        match stack.last() {
            Some(&c) => self.error_here(format!("unbalanced '{}' character in pretty dialect name", c as char)),
            None => self.error_here("unexpected nul or EOF in pretty dialect name"),
        }
    }
}
