//! [`OpAsmParser`]: what a dialect's custom-syntax parse hook ([`OpInfo::parse`]) receives,
//! modelled on MLIR's `OpAsmParser`.
//!
//! A hook is called after the op name has been consumed (and the result names `%a, %b:2 =`
//! before it). It parses the rest of the op and fills an [`OperationState`]: operands are first
//! parsed as [`UnresolvedOperand`]s (names) and then resolved against types with
//! [`OpAsmParser::resolve_operand`]; regions are parsed with [`OpAsmParser::parse_region`].
//! The trailing `loc(...)` is parsed by the caller. Every `parse_*` method reports its error as
//! a located diagnostic and returns `Err(Failure)`; `parse_optional_*` methods return `None`
//! (or `false`) without consuming anything when their construct is absent.
//!
//! ```
//! use strata_ir::parser::{OpAsmParser, ParseResult, Delimiter};
//! use strata_ir::OperationState;
//! // `mydialect.add %a, %b : i32`
//! fn parse_add(p: &mut OpAsmParser, st: &mut OperationState) -> ParseResult<()> {
//!     let ops = p.parse_operand_list(Delimiter::None)?;
//!     p.parse_optional_attr_dict(&mut st.attributes)?;
//!     let ty = p.parse_colon_type()?;
//!     p.resolve_operands_same_type(&ops, ty, &mut st.operands)?;
//!     st.result_types.push(ty);
//!     Ok(())
//! }
//! ```
//!
//! [`OpInfo::parse`]: crate::dialect::OpInfo::parse

use super::lexer::TokKind;
use super::{ParseResult, Parser, ResultRecord, SourcePos};
use crate::attributes::{AttrKind, Attribute, FloatBits, NamedAttribute};
use crate::ir::{BlockId, RegionId, Value};
use crate::types::{FloatKind, Type, TypeKind};
use crate::{Context, Failure};

/// An SSA operand as written (`%name` or `%name#3`), not yet resolved to a [`Value`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct UnresolvedOperand {
    /// Where the name starts.
    pub pos: SourcePos,
    /// Length in bytes of the name (including `%`).
    pub(crate) name_len: u32,
    /// The result number (`#3`), 0 if absent.
    pub number: u32,
    /// The counter of a `%<prefix><n>` name (computed once, when lexed).
    pub(crate) counter: Option<super::Counter>,
}

/// A region argument as written in custom syntax: `%arg0: i32 {attrs} loc(...)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Argument {
    /// The name.
    pub ssa_name: UnresolvedOperand,
    /// The type.
    pub ty: Type,
    /// The attribute dictionary written after the type, if any (`{llvm.noalias}`).
    pub attrs: Option<Attribute>,
    /// The explicit location (`loc(...)`), if any.
    pub loc: Option<Attribute>,
}

impl Argument {
    /// An argument with a name and a type.
    pub fn new(ssa_name: UnresolvedOperand, ty: Type) -> Self {
        Argument { ssa_name, ty, attrs: None, loc: None }
    }
}

/// The delimiter around a list (MLIR's `AsmParser::Delimiter`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Delimiter {
    /// No delimiter: the list may be empty only where the element cannot start.
    None,
    /// `( ... )`
    Paren,
    /// `[ ... ]`
    Square,
    /// `< ... >`
    LessGreater,
    /// `{ ... }`
    Braces,
    /// `( ... )` if present.
    OptionalParen,
    /// `[ ... ]` if present.
    OptionalSquare,
    /// `< ... >` if present.
    OptionalLessGreater,
    /// `{ ... }` if present.
    OptionalBraces,
}

/// The parser handed to custom-syntax hooks (MLIR's `OpAsmParser`).
pub struct OpAsmParser<'a, 'src> {
    p: &'a mut Parser<'src>,
    name_pos: SourcePos,
    results: &'a [ResultRecord<'src>],
    num_results: u32,
    isolated: bool,
}

macro_rules! punctuation {
    ($( $kind:ident, $spelling:literal, $parse:ident, $opt:ident; )*) => {
        $(
            #[doc = concat!("Parse `", $spelling, "` (error `expected '", $spelling, "'`).")]
            pub fn $parse(&mut self) -> ParseResult<()> {
                self.p.expect(TokKind::$kind, concat!("expected '", $spelling, "'")).map(|_| ())
            }
            #[doc = concat!("Consume `", $spelling, "` if it is next; returns whether it was.")]
            pub fn $opt(&mut self) -> bool {
                self.p.consume_if(TokKind::$kind)
            }
        )*
    };
}

impl<'a, 'src> OpAsmParser<'a, 'src> {
    pub(crate) fn new(
        p: &'a mut Parser<'src>,
        name_pos: SourcePos,
        results: &'a [ResultRecord<'src>],
        num_results: u32,
        isolated: bool,
    ) -> Self {
        OpAsmParser { p, name_pos, results, num_results, isolated }
    }

    // ----- context, locations, errors -----

    /// The context (to build types and attributes, create regions and blocks).
    pub fn ctx(&mut self) -> &mut Context {
        self.p.ctx
    }

    /// The context, read-only.
    pub fn context(&self) -> &Context {
        self.p.ctx
    }

    /// The attribute memoized under `key` for the rest of this parse, made by `make` the first
    /// time. For attributes a hook would otherwise rebuild and re-intern for every op (enum
    /// cases, flags): `key` must identify the attribute among every hook's keys: a name of the
    /// attribute's family (an enum's `#dialect.mnemonic`) and a value within it.
    #[inline]
    pub fn memoized_attr(
        &mut self,
        key: (&'static str, u64),
        make: impl FnOnce(&mut Context) -> Attribute,
    ) -> Attribute {
        if let Some(&a) = self.p.attr_memo.get(&key) {
            return a;
        }
        let a = make(self.p.ctx);
        self.p.attr_memo.insert(key, a);
        a
    }

    /// Number of result values the op is bound to (`%a, %b:2 = ...` gives 3; 0 without names).
    pub fn num_results(&self) -> usize {
        self.num_results as usize
    }

    /// The name of result group `i` as written (`%a`), if any.
    pub fn result_group_name(&self, i: usize) -> Option<&'src str> {
        self.results.get(i).map(|r| r.name)
    }

    /// Position of the op name.
    pub fn name_pos(&self) -> SourcePos {
        self.name_pos
    }

    /// Location of the op name (the op's default location).
    pub fn name_loc(&mut self) -> Attribute {
        let p = self.name_pos;
        self.p.loc_at(p)
    }

    /// Position of the current token (MLIR's `getCurrentLocation`).
    pub fn current_pos(&self) -> SourcePos {
        self.p.tok.pos
    }

    /// The `FileLineCol` location of the current token.
    pub fn current_loc(&mut self) -> Attribute {
        let p = self.p.tok.pos;
        self.p.loc_at(p)
    }

    /// The `FileLineCol` location of a position (MLIR's `getEncodedSourceLoc`).
    pub fn loc_of(&mut self, pos: SourcePos) -> Attribute {
        self.p.loc_at(pos)
    }

    /// Report an error at the current token. Returns the failure to propagate.
    pub fn emit_error(&mut self, msg: impl Into<String>) -> Failure {
        self.p.error_here(msg)
    }

    /// Report an error at a position (from [`Self::current_pos`] or an operand's `pos`).
    pub fn emit_error_at(&mut self, pos: SourcePos, msg: impl Into<String>) -> Failure {
        self.p.error_at(pos, msg)
    }

    /// A trailing `loc(...)` if present (`loc(#alias)` may name an alias defined later).
    pub fn parse_optional_location(&mut self) -> ParseResult<Option<Attribute>> {
        self.p.parse_trailing_location()
    }

    // ----- punctuation -----

    punctuation! {
        Comma, ",", parse_comma, parse_optional_comma;
        LParen, "(", parse_lparen, parse_optional_lparen;
        RParen, ")", parse_rparen, parse_optional_rparen;
        LSquare, "[", parse_lsquare, parse_optional_lsquare;
        RSquare, "]", parse_rsquare, parse_optional_rsquare;
        LBrace, "{", parse_lbrace, parse_optional_lbrace;
        RBrace, "}", parse_rbrace, parse_optional_rbrace;
        Less, "<", parse_less, parse_optional_less;
        Greater, ">", parse_greater, parse_optional_greater;
        Equal, "=", parse_equal, parse_optional_equal;
        Colon, ":", parse_colon, parse_optional_colon;
        Arrow, "->", parse_arrow, parse_optional_arrow;
        Question, "?", parse_question, parse_optional_question;
        Star, "*", parse_star, parse_optional_star;
        VerticalBar, "|", parse_vertical_bar, parse_optional_vertical_bar;
        Ellipsis, "...", parse_ellipsis, parse_optional_ellipsis;
        Plus, "+", parse_plus, parse_optional_plus;
        Minus, "-", parse_minus, parse_optional_minus;
    }

    /// Parse a comma separated list of elements with `f`, inside `delim` (MLIR's
    /// `parseCommaSeparatedList`). `context` is appended to delimiter errors (`" in foo list"`).
    pub fn parse_comma_separated_list(
        &mut self,
        delim: Delimiter,
        context: &str,
        mut f: impl FnMut(&mut OpAsmParser<'_, 'src>) -> ParseResult<()>,
    ) -> ParseResult<()> {
        let (name_pos, results, num_results, isolated) = (self.name_pos, self.results, self.num_results, self.isolated);
        self.p.parse_comma_list(delim, context, &mut |p| {
            let mut sub = OpAsmParser { p, name_pos, results, num_results, isolated };
            f(&mut sub)
        })
    }

    // ----- keywords and strings -----

    /// Parse the keyword `kw` (error `expected '<kw>'`).
    pub fn parse_keyword(&mut self, kw: &str) -> ParseResult<()> {
        if self.p.consume_kw(kw) {
            Ok(())
        } else {
            Err(self.p.error_here(format!("expected '{kw}'")))
        }
    }

    /// Consume the keyword `kw` if it is next.
    pub fn parse_optional_keyword(&mut self, kw: &str) -> bool {
        self.p.consume_kw(kw)
    }

    /// Consume and return any keyword (bare identifier) if one is next.
    pub fn parse_optional_keyword_any(&mut self) -> Option<&'src str> {
        if self.p.at_keyword() {
            let s = self.p.tok_text();
            self.p.advance();
            Some(s)
        } else {
            None
        }
    }

    /// Consume the next keyword if it is one of `allowed`.
    pub fn parse_optional_keyword_of(&mut self, allowed: &[&str]) -> Option<&'src str> {
        if self.p.at_keyword() && allowed.contains(&self.p.tok_text()) {
            return self.parse_optional_keyword_any();
        }
        None
    }

    /// Parse any keyword (error `expected valid keyword`).
    pub fn parse_keyword_any(&mut self) -> ParseResult<&'src str> {
        match self.parse_optional_keyword_any() {
            Some(k) => Ok(k),
            None => Err(self.p.error_here("expected valid keyword")),
        }
    }

    /// A string literal if one is next (escapes resolved).
    pub fn parse_optional_string(&mut self) -> Option<String> {
        if self.p.is(TokKind::String) {
            let t = self.p.tok;
            self.p.advance();
            Some(self.p.string_value(&t).into_owned())
        } else {
            None
        }
    }

    /// Parse a string literal (error `expected string`).
    pub fn parse_string(&mut self) -> ParseResult<String> {
        match self.parse_optional_string() {
            Some(s) => Ok(s),
            None => Err(self.p.error_here("expected string")),
        }
    }

    /// A keyword or a string literal if one is next.
    pub fn parse_optional_keyword_or_string(&mut self) -> Option<String> {
        if let Some(k) = self.parse_optional_keyword_any() {
            return Some(k.to_string());
        }
        self.parse_optional_string()
    }

    /// Parse a keyword or a string literal (error `expected valid keyword or string`).
    pub fn parse_keyword_or_string(&mut self) -> ParseResult<String> {
        match self.parse_optional_keyword_or_string() {
            Some(s) => Ok(s),
            None => Err(self.p.error_here("expected valid keyword or string")),
        }
    }

    // ----- numbers -----

    fn optional_int(&mut self) -> ParseResult<Option<(bool, u128, SourcePos)>> {
        if !self.p.is(TokKind::Integer) && !self.p.is(TokKind::Minus) {
            return Ok(None);
        }
        let neg = self.p.consume_if(TokKind::Minus);
        let t = self.p.expect(TokKind::Integer, "expected integer value")?;
        match super::attrs::parse_uint(self.p.text(&t)) {
            Some(m) => Ok(Some((neg, m, t.pos))),
            None => Err(self.p.error_at(t.pos, "integer value too large")),
        }
    }

    /// An integer (`-` allowed, decimal or hex) if one is next.
    pub fn parse_optional_integer(&mut self) -> ParseResult<Option<i64>> {
        let Some((neg, m, pos)) = self.optional_int()? else { return Ok(None) };
        let v = if neg {
            if m > 1u128 << 63 {
                None
            } else {
                Some((m as i128).wrapping_neg() as i64)
            }
        } else {
            i64::try_from(m).ok()
        };
        match v {
            Some(v) => Ok(Some(v)),
            None => Err(self.p.error_at(pos, "integer value too large")),
        }
    }

    /// Parse an integer (error `expected integer value`).
    pub fn parse_integer(&mut self) -> ParseResult<i64> {
        match self.parse_optional_integer()? {
            Some(v) => Ok(v),
            None => Err(self.p.error_here("expected integer value")),
        }
    }

    /// Parse a non-negative integer that fits in `u64`.
    pub fn parse_integer_u64(&mut self) -> ParseResult<u64> {
        let pos = self.p.tok.pos;
        match self.optional_int()? {
            Some((false, m, _)) if m <= u64::MAX as u128 => Ok(m as u64),
            Some((true, 0, _)) => Ok(0),
            Some(_) => Err(self.p.error_at(pos, "integer value too large")),
            None => Err(self.p.error_here("expected integer value")),
        }
    }

    /// Parse a float literal as `f64`: decimal (`-1.5`), hexadecimal bit pattern (`0x3FF0...`),
    /// `inf` or `nan`.
    pub fn parse_float(&mut self) -> ParseResult<f64> {
        let bits = self.parse_float_of(FloatKind::F64)?;
        Ok(f64::from_bits(bits.0 as u64))
    }

    /// Parse a float literal into the exact bits of `kind` (decimal values are rounded to
    /// nearest even, hexadecimal literals are bit patterns).
    pub fn parse_float_of(&mut self, kind: FloatKind) -> ParseResult<FloatBits> {
        let neg = self.p.consume_if(TokKind::Minus);
        let t = self.p.tok;
        let ok = matches!(t.kind, TokKind::Float | TokKind::Integer)
            || (t.kind == TokKind::BareIdent && matches!(self.p.text(&t), "inf" | "nan"));
        if !ok {
            return Err(self.p.error_here("expected floating point literal"));
        }
        let b = self.p.float_from_literal(&t, neg, kind)?;
        self.p.advance();
        Ok(FloatBits(b))
    }

    // ----- types -----

    /// Parse a type (error `expected non-function type` etc.).
    pub fn parse_type(&mut self) -> ParseResult<Type> {
        self.p.parse_type()
    }

    /// A type if one starts here.
    pub fn parse_optional_type(&mut self) -> ParseResult<Option<Type>> {
        self.p.parse_optional_type()
    }

    /// `: type`
    pub fn parse_colon_type(&mut self) -> ParseResult<Type> {
        self.parse_colon()?;
        self.p.parse_type()
    }

    /// `type (, type)*` (at least one).
    pub fn parse_type_list(&mut self) -> ParseResult<Vec<Type>> {
        let mut v = Vec::new();
        self.p.parse_type_list_no_parens(&mut v)?;
        Ok(v)
    }

    /// `: type (, type)*`
    pub fn parse_colon_type_list(&mut self) -> ParseResult<Vec<Type>> {
        self.parse_colon()?;
        self.parse_type_list()
    }

    /// `: type (, type)*` if a colon is next (empty list otherwise).
    pub fn parse_optional_colon_type_list(&mut self) -> ParseResult<Vec<Type>> {
        if self.parse_optional_colon() {
            self.parse_type_list()
        } else {
            Ok(Vec::new())
        }
    }

    /// `-> type` or `-> (type, ...)` (MLIR's `parseArrowTypeList`).
    pub fn parse_arrow_type_list(&mut self) -> ParseResult<Vec<Type>> {
        self.parse_arrow()?;
        let mut v = Vec::new();
        self.p.parse_function_result_types(&mut v)?;
        Ok(v)
    }

    /// `-> ...` if an arrow is next (empty list otherwise).
    pub fn parse_optional_arrow_type_list(&mut self) -> ParseResult<Vec<Type>> {
        if self.p.is(TokKind::Arrow) {
            self.parse_arrow_type_list()
        } else {
            Ok(Vec::new())
        }
    }

    /// A function type `(inputs) -> results`; returns the inputs and results.
    pub fn parse_function_type(&mut self) -> ParseResult<(Vec<Type>, Vec<Type>)> {
        let pos = self.p.tok.pos;
        if !self.p.is(TokKind::LParen) {
            return Err(self.p.error_here("expected function type"));
        }
        let t = self.p.parse_function_type()?;
        match self.p.ctx.type_kind(t) {
            TypeKind::Function { inputs, results } => Ok((inputs.clone(), results.clone())),
            _ => Err(self.p.error_at(pos, "expected function type")),
        }
    }

    /// `( type, ... )`, possibly empty.
    pub fn parse_type_list_parens(&mut self) -> ParseResult<Vec<Type>> {
        let mut v = Vec::new();
        self.p.parse_type_list_parens(&mut v)?;
        Ok(v)
    }

    /// A dimension list `4x?x8x` (MLIR's `parseDimensionList`); `?` gives
    /// [`DYNAMIC`](crate::DYNAMIC).
    pub fn parse_dimension_list(&mut self, allow_dynamic: bool, with_trailing_x: bool) -> ParseResult<Vec<i64>> {
        let mut v = Vec::new();
        self.p.parse_dimension_list_ranked(&mut v, allow_dynamic, with_trailing_x)?;
        Ok(v)
    }

    // ----- attributes -----

    /// Parse an attribute.
    pub fn parse_attribute(&mut self) -> ParseResult<Attribute> {
        self.p.parse_attribute(None)
    }

    /// A bare affine map `(d0, d1) -> (d1, d0)` (MLIR's `parseAffineMap`), as an attribute.
    pub fn parse_affine_map(&mut self) -> ParseResult<Attribute> {
        self.p.parse_bare_affine_map()
    }

    /// An affine map written over SSA ids inside `delim` (`[%i + 1, symbol(%n)]`, MLIR's
    /// `parseAffineMapOfSSAIds`): each new `%x` is the next dimension, each new `symbol(%x)`
    /// the next symbol. Returns the map attribute and its operands, dimensions first.
    pub fn parse_affine_map_of_ssa_ids(
        &mut self,
        delim: Delimiter,
    ) -> ParseResult<(Attribute, Vec<UnresolvedOperand>)> {
        let (map, operands) = self.p.parse_affine_map_of_ssa_ids(delim)?;
        Ok((self.p.ctx.intern_attr(AttrKind::AffineMap(map)), operands))
    }

    /// One affine expression over SSA ids (MLIR's `parseAffineExprOfSSAIds`): the expression,
    /// its dimension operands and its symbol operands.
    pub fn parse_affine_expr_of_ssa_ids(
        &mut self,
    ) -> ParseResult<(crate::attributes::AffineExpr, Vec<UnresolvedOperand>, Vec<UnresolvedOperand>)> {
        self.p.parse_affine_expr_of_ssa_ids()
    }

    /// Parse an attribute whose literal has type `ty` (`42` is then `42 : ty`).
    pub fn parse_attribute_of_type(&mut self, ty: Type) -> ParseResult<Attribute> {
        self.p.parse_attribute(Some(ty))
    }

    /// An attribute if one starts here.
    pub fn parse_optional_attribute(&mut self) -> ParseResult<Option<Attribute>> {
        self.p.parse_optional_attribute()
    }

    /// Parse an attribute and add it to `attrs` under `name`.
    pub fn parse_named_attribute(&mut self, name: &str, attrs: &mut Vec<NamedAttribute>) -> ParseResult<Attribute> {
        let a = self.p.parse_attribute(None)?;
        let name = self.p.ctx.sym(name);
        attrs.push(NamedAttribute { name, value: a });
        Ok(a)
    }

    /// `{ name = attr, ... }` into `attrs` if a `{` is next.
    pub fn parse_optional_attr_dict(&mut self, attrs: &mut Vec<NamedAttribute>) -> ParseResult<()> {
        if self.p.is(TokKind::LBrace) {
            self.p.parse_attribute_dict(attrs)?;
        }
        Ok(())
    }

    /// `attributes { ... }` into `attrs` if the keyword is next.
    pub fn parse_optional_attr_dict_with_keyword(&mut self, attrs: &mut Vec<NamedAttribute>) -> ParseResult<()> {
        if self.p.consume_kw("attributes") {
            self.p.parse_attribute_dict(attrs)?;
        }
        Ok(())
    }

    /// `<{ name = attr, ... }>` (a properties dictionary) into `props` if `<` is next.
    pub fn parse_optional_prop_dict(&mut self, props: &mut Vec<NamedAttribute>) -> ParseResult<()> {
        if self.p.consume_if(TokKind::Less) {
            self.p.parse_attribute_dict(props)?;
            self.parse_greater()?;
        }
        Ok(())
    }

    /// `@name`: stores the name as a string attribute under `attr_name` in `attrs` and returns
    /// it (error `expected valid '@'-identifier for symbol name`).
    pub fn parse_symbol_name(&mut self, attr_name: &str, attrs: &mut Vec<NamedAttribute>) -> ParseResult<String> {
        match self.parse_optional_symbol_name(attr_name, attrs)? {
            Some(s) => Ok(s),
            None => Err(self.p.error_here("expected valid '@'-identifier for symbol name")),
        }
    }

    /// `@name` if one is next, stored like [`Self::parse_symbol_name`].
    pub fn parse_optional_symbol_name(
        &mut self,
        attr_name: &str,
        attrs: &mut Vec<NamedAttribute>,
    ) -> ParseResult<Option<String>> {
        if !self.p.is(TokKind::AtIdent) {
            return Ok(None);
        }
        let t = self.p.tok;
        let s = self.p.symbol_ref_value(&t).into_owned();
        self.p.advance();
        let value = self.p.ctx.string_attr(&s);
        let name = self.p.ctx.sym(attr_name);
        attrs.push(NamedAttribute { name, value });
        Ok(Some(s))
    }

    // ----- operands -----

    /// Parse `%name` or `%name#N` (error `expected SSA operand`).
    pub fn parse_operand(&mut self) -> ParseResult<UnresolvedOperand> {
        self.p.parse_ssa_use(true)
    }

    /// An operand if `%` is next.
    pub fn parse_optional_operand(&mut self) -> ParseResult<Option<UnresolvedOperand>> {
        if self.p.is(TokKind::PercentIdent) {
            self.p.parse_ssa_use(true).map(Some)
        } else {
            Ok(None)
        }
    }

    /// A comma separated operand list inside `delim` (with [`Delimiter::None`] the list is
    /// empty unless a `%` is next).
    pub fn parse_operand_list(&mut self, delim: Delimiter) -> ParseResult<Vec<UnresolvedOperand>> {
        let mut v = Vec::new();
        if delim == Delimiter::None && !self.p.is(TokKind::PercentIdent) {
            return Ok(v);
        }
        self.p.parse_comma_list(delim, "", &mut |p| {
            v.push(p.parse_ssa_use(true)?);
            Ok(())
        })?;
        Ok(v)
    }

    /// The name of an operand as written (`%x`).
    pub fn operand_name(&self, u: &UnresolvedOperand) -> &'src str {
        self.p.operand_name(u)
    }

    /// Resolve an operand to a value of type `ty` and push it to `out` (errors on a type
    /// mismatch with earlier uses; undefined names become forward references).
    pub fn resolve_operand(
        &mut self,
        u: &UnresolvedOperand,
        ty: Type,
        out: &mut impl Extend<Value>,
    ) -> ParseResult<()> {
        let v = self.p.resolve_ssa_use(u, ty)?;
        out.extend(std::iter::once(v));
        Ok(())
    }

    /// Resolve operands against types pairwise (error if the counts differ).
    pub fn resolve_operands(
        &mut self,
        us: &[UnresolvedOperand],
        tys: &[Type],
        out: &mut impl Extend<Value>,
    ) -> ParseResult<()> {
        if us.len() != tys.len() {
            let pos = us.first().map(|u| u.pos).unwrap_or(self.p.tok.pos);
            return Err(self.p.error_at(
                pos,
                format!("number of operands and types do not match: got {} operands and {} types", us.len(), tys.len()),
            ));
        }
        for (u, t) in us.iter().zip(tys) {
            self.resolve_operand(u, *t, out)?;
        }
        Ok(())
    }

    /// Resolve all operands with the same type.
    pub fn resolve_operands_same_type(
        &mut self,
        us: &[UnresolvedOperand],
        ty: Type,
        out: &mut impl Extend<Value>,
    ) -> ParseResult<()> {
        for u in us {
            self.resolve_operand(u, ty, out)?;
        }
        Ok(())
    }

    // ----- regions, arguments, successors -----

    /// Parse `{ ... }` into `region` (created with `ctx().create_region()`; an invalid handle
    /// is replaced by a new region). `arguments` become the entry block's arguments (a labeled
    /// entry block is then an error). The region gets its own SSA scope if the op is
    /// `IsolatedFromAbove` or `enable_name_shadowing` is set; otherwise values defined outside
    /// are visible inside.
    pub fn parse_region(
        &mut self,
        region: &mut RegionId,
        arguments: &[Argument],
        enable_name_shadowing: bool,
    ) -> ParseResult<()> {
        let isolated = self.isolated || enable_name_shadowing;
        self.p.parse_region(region, arguments, isolated)
    }

    /// A region if `{` is next; returns whether one was parsed.
    pub fn parse_optional_region(
        &mut self,
        region: &mut RegionId,
        arguments: &[Argument],
        enable_name_shadowing: bool,
    ) -> ParseResult<bool> {
        if !self.p.is(TokKind::LBrace) {
            return Ok(false);
        }
        self.parse_region(region, arguments, enable_name_shadowing)?;
        Ok(true)
    }

    /// One argument: `%name` then, if allowed, `: type` and `{attrs}`, then an optional
    /// `loc(...)` (MLIR's `parseArgument`). Without a type the argument's type is `none`.
    pub fn parse_argument(&mut self, allow_type: bool, allow_attrs: bool) -> ParseResult<Argument> {
        let ssa_name = self.p.parse_ssa_use(false)?;
        let ty = if allow_type { self.parse_colon_type()? } else { self.p.ctx.none_type() };
        let mut attrs = None;
        if allow_attrs && self.p.is(TokKind::LBrace) {
            let mut entries = Vec::new();
            self.p.parse_attribute_dict(&mut entries)?;
            attrs = Some(self.p.ctx.intern_attr(AttrKind::Dictionary(entries)));
        }
        let loc = self.p.parse_trailing_location()?;
        Ok(Argument { ssa_name, ty, attrs, loc })
    }

    /// An argument if `%` is next.
    pub fn parse_optional_argument(&mut self, allow_type: bool, allow_attrs: bool) -> ParseResult<Option<Argument>> {
        if self.p.is(TokKind::PercentIdent) {
            self.parse_argument(allow_type, allow_attrs).map(Some)
        } else {
            Ok(None)
        }
    }

    /// A list of arguments inside `delim` (as in `func.func @f(%a: i32, %b: f32 {attr})`).
    pub fn parse_argument_list(
        &mut self,
        delim: Delimiter,
        allow_type: bool,
        allow_attrs: bool,
    ) -> ParseResult<Vec<Argument>> {
        let mut v = Vec::new();
        if delim == Delimiter::None && !self.p.is(TokKind::PercentIdent) {
            return Ok(v);
        }
        self.parse_comma_separated_list(delim, " in argument list", |p| {
            v.push(p.parse_argument(allow_type, allow_attrs)?);
            Ok(())
        })?;
        Ok(v)
    }

    /// A successor block `^bb` (error `expected block name`); forward references are allowed.
    pub fn parse_successor(&mut self) -> ParseResult<BlockId> {
        self.p.parse_successor()
    }

    /// A successor if `^` is next.
    pub fn parse_optional_successor(&mut self) -> ParseResult<Option<BlockId>> {
        if self.p.is(TokKind::CaretIdent) {
            self.p.parse_successor().map(Some)
        } else {
            Ok(None)
        }
    }

    /// `^bb` followed by an optional `(%a, %b : t1, t2)` whose values are pushed to `operands`.
    pub fn parse_successor_and_use_list(&mut self, operands: &mut impl Extend<Value>) -> ParseResult<BlockId> {
        let b = self.p.parse_successor()?;
        if self.parse_optional_lparen() {
            let us = self.parse_operand_list(Delimiter::None)?;
            let tys = if us.is_empty() { Vec::new() } else { self.parse_colon_type_list()? };
            self.resolve_operands(&us, &tys, operands)?;
            self.parse_rparen()?;
        }
        Ok(b)
    }
}
