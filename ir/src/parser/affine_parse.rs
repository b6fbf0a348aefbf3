//! `affine_map<...>` and `affine_set<...>` (MLIR's `AffineParser.cpp`). Expressions are built
//! with the simplifying constructors of [`super::affine`], so the result matches MLIR's
//! uniqued expressions.

use super::affine as ax;
use super::asm::UnresolvedOperand;
use super::lexer::TokKind;
use super::{ParseResult, Parser};
use crate::attributes::{AffineExpr, AffineMap, AttrKind, Attribute, IntegerSet};

#[derive(Copy, Clone, PartialEq, Eq)]
enum Low {
    Add,
    Sub,
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum High {
    Mul,
    FloorDiv,
    CeilDiv,
    Mod,
}

struct Ids<'s> {
    ids: Vec<(&'s str, AffineExpr)>,
    /// In an affine map of SSA ids (`%i + symbol(%n)`): the operands met so far.
    ssa: Option<SsaIds<'s>>,
}

/// The SSA operands of an affine map or expression written with SSA ids (MLIR's
/// `parseAffineMapOfSSAIds`): each new `%x` becomes the next dimension, each new `symbol(%x)` the
/// next symbol; a name seen before reuses its identifier.
#[derive(Default)]
pub(crate) struct SsaIds<'s> {
    pub(crate) dims: Vec<UnresolvedOperand>,
    pub(crate) syms: Vec<UnresolvedOperand>,
    names: Vec<(&'s str, AffineExpr)>,
}

impl<'s> Parser<'s> {
    /// `affine_map<...>` or `affine_set<...>`.
    pub(crate) fn parse_affine_attr(&mut self) -> ParseResult<Attribute> {
        let is_map = self.tok_text() == "affine_map";
        self.advance();
        let what = if is_map { "affine map" } else { "integer set" };
        self.expect(TokKind::Less, &format!("expected '<' in {what}"))?;
        let pos = self.tok.pos;
        let r = self.parse_affine_map_or_set()?;
        let attr = match (r, is_map) {
            (Ok(m), true) => AttrKind::AffineMap(m),
            (Err(s), false) => AttrKind::IntegerSet(s),
            (Err(_), true) => return Err(self.error_at(pos, "expected AffineMap, but got IntegerSet")),
            (Ok(_), false) => return Err(self.error_at(pos, "expected IntegerSet, but got AffineMap")),
        };
        self.expect(TokKind::Greater, &format!("expected '>' in {what}"))?;
        Ok(self.ctx.intern_attr(attr))
    }

    /// A bare affine map `(dims)[syms] -> (exprs)` (MLIR's `parseAffineMap`), as an attribute.
    pub(crate) fn parse_bare_affine_map(&mut self) -> ParseResult<Attribute> {
        let pos = self.tok.pos;
        match self.parse_affine_map_or_set()? {
            Ok(m) => Ok(self.ctx.intern_attr(AttrKind::AffineMap(m))),
            Err(_) => Err(self.error_at(pos, "expected AffineMap, but got IntegerSet")),
        }
    }

    /// `(dims)[syms] -> (exprs)` or `(dims)[syms] : (constraints)`.
    fn parse_affine_map_or_set(&mut self) -> ParseResult<Result<AffineMap, IntegerSet>> {
        let mut ids = Ids { ids: Vec::new(), ssa: None };
        let mut num_dims = 0u32;
        let mut num_symbols = 0u32;
        self.parse_comma_list(super::Delimiter::Paren, " in dimensional identifier list", &mut |p| {
            let e = AffineExpr::Dim(num_dims);
            num_dims += 1;
            p.parse_affine_id_def(&mut ids, e)
        })?;
        if self.is(TokKind::LSquare) {
            self.parse_comma_list(super::Delimiter::Square, " in symbol list", &mut |p| {
                let e = AffineExpr::Symbol(num_symbols);
                num_symbols += 1;
                p.parse_affine_id_def(&mut ids, e)
            })?;
        }
        if self.consume_if(TokKind::Arrow) {
            let mut results = Vec::new();
            self.parse_comma_list(super::Delimiter::Paren, " in affine map range", &mut |p| {
                results.push(p.parse_affine_expr(&mut ids)?);
                Ok(())
            })?;
            return Ok(Ok(AffineMap { num_dims, num_symbols, results }));
        }
        self.expect(TokKind::Colon, "expected '->' or ':'")?;
        let mut constraints = Vec::new();
        self.parse_comma_list(super::Delimiter::Paren, " in integer set constraint list", &mut |p| {
            constraints.push(p.parse_affine_constraint(&mut ids)?);
            Ok(())
        })?;
        if constraints.is_empty() {
            constraints.push((AffineExpr::Constant(0), true));
        }
        Ok(Err(IntegerSet { num_dims, num_symbols, constraints }))
    }

    fn is_affine_ident(&self) -> bool {
        self.tok.kind == TokKind::BareIdent
    }

    fn parse_affine_id_def(&mut self, ids: &mut Ids<'s>, e: AffineExpr) -> ParseResult<()> {
        if !self.is_affine_ident() {
            return Err(self.wrong_token("expected bare identifier"));
        }
        let name = self.tok_text();
        if ids.ids.iter().any(|(n, _)| *n == name) {
            return Err(self.error_here(format!("redefinition of identifier '{name}'")));
        }
        self.advance();
        ids.ids.push((name, e));
        Ok(())
    }

    fn parse_affine_constraint(&mut self, ids: &mut Ids<'s>) -> ParseResult<(AffineExpr, bool)> {
        let lhs = self.parse_affine_expr(ids)?;
        if self.consume_if(TokKind::Greater) && self.consume_if(TokKind::Equal) {
            let rhs = self.parse_affine_expr(ids)?;
            return Ok((ax::sub(lhs, rhs), false));
        }
        if self.consume_if(TokKind::Less) && self.consume_if(TokKind::Equal) {
            let rhs = self.parse_affine_expr(ids)?;
            return Ok((ax::sub(rhs, lhs), false));
        }
        if self.consume_if(TokKind::Equal) && self.consume_if(TokKind::Equal) {
            let rhs = self.parse_affine_expr(ids)?;
            return Ok((ax::sub(lhs, rhs), true));
        }
        Err(self.error_here("expected '== affine-expr' or '>= affine-expr' at end of affine constraint"))
    }

    fn parse_affine_expr(&mut self, ids: &mut Ids<'s>) -> ParseResult<AffineExpr> {
        self.enter()?;
        let r = self.parse_affine_low(ids);
        self.leave();
        r
    }

    fn consume_low(&mut self) -> Option<Low> {
        match self.tok.kind {
            TokKind::Plus => {
                self.advance();
                Some(Low::Add)
            }
            TokKind::Minus => {
                self.advance();
                Some(Low::Sub)
            }
            _ => None,
        }
    }

    fn consume_high(&mut self) -> Option<High> {
        let h = match self.tok.kind {
            TokKind::Star => High::Mul,
            TokKind::BareIdent => match self.tok_text() {
                "floordiv" => High::FloorDiv,
                "ceildiv" => High::CeilDiv,
                "mod" => High::Mod,
                _ => return None,
            },
            _ => return None,
        };
        self.advance();
        Some(h)
    }

    fn low_op(op: Low, l: AffineExpr, r: AffineExpr) -> AffineExpr {
        match op {
            Low::Add => ax::add(l, r),
            Low::Sub => ax::sub(l, r),
        }
    }

    fn high_op(&mut self, op: High, l: AffineExpr, r: AffineExpr, at: super::SourcePos) -> ParseResult<AffineExpr> {
        let lsym = ax::is_symbolic_or_constant(&l);
        let rsym = ax::is_symbolic_or_constant(&r);
        Ok(match op {
            High::Mul => {
                if !lsym && !rsym {
                    return Err(self.error_at(
                        at,
                        "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic",
                    ));
                }
                ax::mul(l, r)
            }
            High::FloorDiv | High::CeilDiv | High::Mod => {
                if !rsym {
                    let name = match op {
                        High::FloorDiv => "floordiv",
                        High::CeilDiv => "ceildiv",
                        _ => "mod",
                    };
                    return Err(self.error_at(
                        at,
                        format!(
                            "non-affine expression: right operand of {name} has to be either a constant or symbolic"
                        ),
                    ));
                }
                match op {
                    High::FloorDiv => ax::floor_div(l, r),
                    High::CeilDiv => ax::ceil_div(l, r),
                    _ => ax::modulo(l, r),
                }
            }
        })
    }

    /// MLIR's `parseAffineLowPrecOpExpr` (iterative form of the same left-associative grammar).
    fn parse_affine_low(&mut self, ids: &mut Ids<'s>) -> ParseResult<AffineExpr> {
        let mut acc: Option<(AffineExpr, Low)> = None;
        loop {
            let lhs = self.parse_affine_operand(ids, acc.is_some())?;
            let opnd = if let Some(h) = {
                let at = self.tok.pos;
                self.consume_high().map(|h| (h, at))
            } {
                self.parse_affine_high(ids, lhs, h.0, h.1)?
            } else {
                lhs
            };
            let expr = match acc.take() {
                Some((l, op)) => Self::low_op(op, l, opnd),
                None => opnd,
            };
            match self.consume_low() {
                Some(op) => acc = Some((expr, op)),
                None => return Ok(expr),
            }
        }
    }

    /// Continue a chain of high-precedence operators starting with `lhs op ...`.
    fn parse_affine_high(
        &mut self,
        ids: &mut Ids<'s>,
        mut lhs: AffineExpr,
        mut op: High,
        mut at: super::SourcePos,
    ) -> ParseResult<AffineExpr> {
        loop {
            let rhs = self.parse_affine_operand(ids, true)?;
            lhs = self.high_op(op, lhs, rhs, at)?;
            let here = self.tok.pos;
            match self.consume_high() {
                Some(h) => {
                    op = h;
                    at = here;
                }
                None => return Ok(lhs),
            }
        }
    }

    fn parse_affine_operand(&mut self, ids: &mut Ids<'s>, has_lhs: bool) -> ParseResult<AffineExpr> {
        match self.tok.kind {
            TokKind::Integer => match self.tok_text().parse::<u64>() {
                Ok(v) if v <= i64::MAX as u64 => {
                    self.advance();
                    Ok(AffineExpr::Constant(v as i64))
                }
                _ => Err(self.error_here("constant too large for index")),
            },
            TokKind::LParen => {
                self.advance();
                if self.is(TokKind::RParen) {
                    return Err(self.error_here("no expression inside parentheses"));
                }
                let e = self.parse_affine_expr(ids)?;
                self.expect(TokKind::RParen, "expected ')'")?;
                Ok(e)
            }
            TokKind::Minus => {
                self.advance();
                self.enter()?;
                let r = self.parse_affine_operand(ids, has_lhs);
                self.leave();
                match r {
                    Ok(e) => Ok(ax::mul(e, AffineExpr::Constant(-1))),
                    Err(f) => {
                        let _ = self.error_here("missing operand of negation");
                        Err(f)
                    }
                }
            }
            TokKind::Plus | TokKind::Star => Err(self.error_here(if has_lhs {
                "missing right operand of binary operator"
            } else {
                "missing left operand of binary operator"
            })),
            TokKind::PercentIdent if ids.ssa.is_some() => self.parse_ssa_id_expr(ids, false),
            TokKind::BareIdent if ids.ssa.is_some() && self.tok_text() == "symbol" => {
                self.advance();
                self.expect(TokKind::LParen, "expected '(' at start of SSA symbol")?;
                let e = self.parse_ssa_id_expr(ids, true)?;
                self.expect(TokKind::RParen, "expected ')' at end of SSA symbol")?;
                Ok(e)
            }
            TokKind::PercentIdent => Err(self.wrong_token("unexpected ssa identifier")),
            TokKind::BareIdent => {
                let name = self.tok_text();
                match ids.ids.iter().find(|(n, _)| *n == name) {
                    Some((_, e)) => {
                        let e = e.clone();
                        self.advance();
                        Ok(e)
                    }
                    None => Err(self.wrong_token("use of undeclared identifier")),
                }
            }
            _ => Err(self.error_here(if has_lhs {
                "missing right operand of binary operator"
            } else {
                "expected affine expression"
            })),
        }
    }
}

impl<'s> Parser<'s> {
    /// MLIR's `parseSSAIdExpr`: a name seen before reuses its identifier (looked up by the
    /// name's spelling, as MLIR does); a new one is parsed as an operand and becomes the next
    /// dimension (or symbol).
    fn parse_ssa_id_expr(&mut self, ids: &mut Ids<'s>, symbol: bool) -> ParseResult<AffineExpr> {
        if self.tok.kind != TokKind::PercentIdent {
            return Err(self.wrong_token("expected ssa identifier"));
        }
        let name = self.tok_text();
        let Some(ssa) = ids.ssa.as_mut() else { return Err(self.wrong_token("unexpected ssa identifier")) };
        if let Some((_, e)) = ssa.names.iter().find(|(n, _)| *n == name) {
            let e = e.clone();
            self.advance();
            return Ok(e);
        }
        let u = self.parse_ssa_use(true)?;
        let e = if symbol {
            ssa.syms.push(u);
            AffineExpr::Symbol(ssa.syms.len() as u32 - 1)
        } else {
            ssa.dims.push(u);
            AffineExpr::Dim(ssa.dims.len() as u32 - 1)
        };
        ssa.names.push((name, e.clone()));
        Ok(e)
    }

    /// MLIR's `parseAffineMapOfSSAIds`: a list of affine expressions over SSA ids inside
    /// `delim`; returns the map and its operands (dimensions first, then symbols).
    pub(crate) fn parse_affine_map_of_ssa_ids(
        &mut self,
        delim: super::Delimiter,
    ) -> ParseResult<(AffineMap, Vec<UnresolvedOperand>)> {
        let mut ids = Ids { ids: Vec::new(), ssa: Some(SsaIds::default()) };
        let mut results = Vec::new();
        self.parse_comma_list(delim, " in affine map", &mut |p| {
            results.push(p.parse_affine_expr(&mut ids)?);
            Ok(())
        })?;
        let ssa = ids.ssa.unwrap_or_default();
        let map = AffineMap { num_dims: ssa.dims.len() as u32, num_symbols: ssa.syms.len() as u32, results };
        let mut operands = ssa.dims;
        operands.extend(ssa.syms);
        Ok((map, operands))
    }

    /// MLIR's `parseAffineExprOfSSAIds`: one affine expression over SSA ids; returns it with
    /// its dimension and symbol operands.
    pub(crate) fn parse_affine_expr_of_ssa_ids(
        &mut self,
    ) -> ParseResult<(AffineExpr, Vec<UnresolvedOperand>, Vec<UnresolvedOperand>)> {
        let mut ids = Ids { ids: Vec::new(), ssa: Some(SsaIds::default()) };
        let e = self.parse_affine_expr(&mut ids)?;
        let ssa = ids.ssa.unwrap_or_default();
        Ok((e, ssa.dims, ssa.syms))
    }
}
