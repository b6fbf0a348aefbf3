//! Operations, regions and blocks (MLIR's `OperationParser`): generic and custom forms, SSA
//! name scopes with forward references, block labels, aliases, file metadata and the
//! top-level driver.

use super::asm::{Argument, OpAsmParser, UnresolvedOperand};
use super::lexer::TokKind;
use super::{BlockEntry, BlockScope, IsolatedScope, ParseResult, Parser, ResultRecord, SourcePos, ValueEntry};
use crate::attributes::AttrKind;
use crate::dialect::Traits;
use crate::ir::{BlockId, OpId, OperationState, RegionId, Value};
use crate::types::{Type, TypeKind};
use crate::Failure;

impl<'s> Parser<'s> {
    // ----- top level -----

    /// Parse a whole file and return the top-level module.
    pub(crate) fn parse_file(&mut self) -> ParseResult<OpId> {
        let top = self.ctx.create_block(&[]);
        self.push_scope(true);
        loop {
            match self.tok.kind {
                TokKind::Eof => break,
                TokKind::Error => return Err(Failure),
                TokKind::HashIdent => self.parse_attr_alias_def()?,
                TokKind::BangIdent => self.parse_type_alias_def()?,
                TokKind::FileMetaBegin => self.parse_file_metadata()?,
                _ => {
                    self.parse_operation(top)?;
                }
            }
        }
        self.pop_scope()?;
        if self.deferred_errors > 0 {
            return Err(Failure);
        }
        self.resolve_deferred_locs(top)?;
        let ops = self.ctx.block_ops_vec(top);
        if ops.len() == 1 && self.ctx.op_name_of(ops[0]) == "builtin.module" {
            self.ctx.detach_op(ops[0]);
            return Ok(ops[0]);
        }
        let name = self.ctx.op_name("builtin.module");
        let loc = self.ctx.intern_attr(AttrKind::Location(crate::attributes::Location::FileLineCol {
            file: self.file,
            line: 0,
            col: 0,
            end: None,
        }));
        let region = self.ctx.create_region();
        self.ctx.append_block(region, top);
        let mut st = OperationState::new(name, loc);
        st.regions.push(region);
        Ok(self.ctx.create_op(st))
    }

    fn parse_attr_alias_def(&mut self) -> ParseResult<()> {
        let t = self.tok;
        let name = self.text(&t).get(1..).unwrap_or("");
        if self.attr_aliases.contains_key(name) {
            return Err(self.error_here(format!("redefinition of attribute alias id '{name}'")));
        }
        if name.contains('.') {
            return Err(self.error_here("attribute names with a '.' are reserved for dialect-defined names"));
        }
        self.advance();
        self.expect(TokKind::Equal, "expected '=' in attribute alias definition")?;
        let a = self.parse_attribute(None)?;
        self.attr_aliases.insert(name, a);
        Ok(())
    }

    fn parse_type_alias_def(&mut self) -> ParseResult<()> {
        let t = self.tok;
        let name = self.text(&t).get(1..).unwrap_or("");
        if self.type_aliases.contains_key(name) {
            return Err(self.error_here(format!("redefinition of type alias id '{name}'")));
        }
        if name.contains('.') {
            return Err(self.error_here("type names with a '.' are reserved for dialect-defined names"));
        }
        self.advance();
        self.expect(TokKind::Equal, "expected '=' in type alias definition")?;
        let ty = self.parse_type()?;
        self.type_aliases.insert(name, ty);
        Ok(())
    }

    /// `{-# key: { ... }, ... #-}`: `dialect_resources` blobs go to `ctx.resources`,
    /// `external_resources` entries to `ctx.external_resources` (value text verbatim).
    fn parse_file_metadata(&mut self) -> ParseResult<()> {
        self.advance();
        self.parse_comma_list_until(TokKind::FileMetaEnd, "#-}", true, &mut |p| {
            let key_pos = p.tok.pos;
            if !p.at_keyword() {
                return Err(p.error_here("expected identifier key in file metadata dictionary"));
            }
            let key = p.tok_text();
            p.advance();
            p.expect(TokKind::Colon, "expected ':'")?;
            let external = match key {
                "dialect_resources" => false,
                "external_resources" => true,
                _ => return Err(p.error_at(key_pos, format!("unknown key '{key}' in file metadata dictionary"))),
            };
            p.expect(TokKind::LBrace, "expected '{'")?;
            p.parse_comma_list_until(TokKind::RBrace, "}", true, &mut |p| {
                if !p.at_keyword() {
                    return Err(p.error_here("expected identifier key for 'resource' entry"));
                }
                let group_pos = p.tok.pos;
                let group = p.tok_text().to_string();
                p.advance();
                p.expect(TokKind::Colon, "expected ':'")?;
                p.expect(TokKind::LBrace, "expected '{'")?;
                if !external && p.ctx.dialect(&group).is_none() {
                    return Err(p.error_at(group_pos, format!("dialect '{group}' is unknown")));
                }
                p.parse_comma_list_until(TokKind::RBrace, "}", true, &mut |p| {
                    let k = match p.tok.kind {
                        TokKind::BareIdent => p.tok_text().to_string(),
                        TokKind::String => p.string_value(&p.tok.clone()).into_owned(),
                        _ => return Err(p.error_here("expected identifier key for 'resource' entry")),
                    };
                    p.advance();
                    p.expect(TokKind::Colon, "expected ':'")?;
                    let v = p.tok;
                    if matches!(v.kind, TokKind::Eof | TokKind::Error) {
                        return Err(p.wrong_token("expected resource value"));
                    }
                    p.advance();
                    if external {
                        let text = p.text(&v).to_string();
                        p.ctx.external_resources.push((group.clone(), k, text));
                    } else {
                        if group == "builtin" {
                            // Builtin resources are blobs: a hex string whose first 4 bytes
                            // are the alignment.
                            let raw = p.text(&v);
                            let hex = raw.strip_prefix("\"0x").and_then(|h| h.strip_suffix('"')).filter(|h| {
                                v.kind == TokKind::String
                                    && h.len() % 2 == 0
                                    && h.bytes().all(|c| c.is_ascii_hexdigit())
                            });
                            match hex {
                                None => {
                                    return Err(p.error_at(v.pos, format!("expected hex string blob for key '{k}'")))
                                }
                                Some(h) if h.len() < 8 => {
                                    return Err(p.error_at(
                                        v.pos,
                                        format!(
                                        "expected hex string blob for key '{k}' to encode alignment in first 4 bytes"
                                    ),
                                    ))
                                }
                                Some(_) => {}
                            }
                        }
                        let text = if v.kind == TokKind::String {
                            p.string_value(&v).into_owned()
                        } else {
                            p.text(&v).to_string()
                        };
                        p.ctx.resources.insert((group.clone(), k), text);
                    }
                    Ok(())
                })
            })
        })
    }

    fn resolve_deferred_locs(&mut self, top: BlockId) -> ParseResult<()> {
        if self.deferred_locs.is_empty() {
            return Ok(());
        }
        let mut ops = Vec::new();
        for op in self.ctx.block_ops_vec(top) {
            self.ctx.walk_pre(op, &mut |o| ops.push(o));
        }
        for op in ops {
            let l = self.ctx.op(op).loc;
            if let Some(&i) = self.deferred_markers.get(&l) {
                let r = self.resolve_marker(i)?;
                self.ctx.op_mut(op).loc = r;
            }
            for r in self.ctx.op_regions(op).to_vec() {
                for b in self.ctx.region_blocks(r).to_vec() {
                    for a in 0..self.ctx.block(b).args.len() {
                        let l = self.ctx.block(b).args[a].loc;
                        if let Some(&i) = l.get().and_then(|l| self.deferred_markers.get(&l)) {
                            let r = self.resolve_marker(i)?;
                            self.ctx.blocks[b.0 as usize].args[a].loc = Some(r).into();
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn resolve_marker(&mut self, i: usize) -> ParseResult<crate::Attribute> {
        let (pos, name) = self.deferred_locs[i];
        match self.attr_aliases.get(name).copied() {
            None => Err(self.error_at(pos, "operation location alias was never defined")),
            Some(a) if self.ctx.is_location(a) => Ok(a),
            Some(a) => {
                let s = self.attr_str(a);
                Err(self.error_at(pos, format!("expected location, but found '{s}'")))
            }
        }
    }

    // ----- SSA scopes -----

    pub(crate) fn push_scope(&mut self, isolated: bool) {
        self.block_scopes.push(BlockScope::default());
        match self.scopes.last_mut() {
            Some(s) if !isolated => {
                s.defs.push(Vec::new());
                s.num_defs.push(Vec::new());
            }
            _ => {
                // A scope binds at most about one value per op still to be parsed, and the op
                // arena was sized from an estimate of the ops in the text: a scope that turns
                // out large (the module, or a function holding most of the file) sizes its tables
                // once from that instead of doubling them.
                let hint = self.ctx.ops.capacity().saturating_sub(self.ctx.ops.len());
                self.scopes.push(IsolatedScope::with_hint(hint))
            }
        }
    }

    pub(crate) fn pop_scope(&mut self) -> ParseResult<()> {
        if let Some(bs) = self.block_scopes.pop() {
            if bs.forward > 0 {
                let mut undefined: Vec<BlockEntry> = bs.blocks.values().filter(|e| !e.defined).copied().collect();
                undefined.sort_by_key(|e| e.pos.offset);
                for e in undefined {
                    self.error_at(e.pos, "reference to an undefined block");
                }
                return Err(Failure);
            }
        }
        let Some(scope) = self.scopes.last_mut() else { return Ok(()) };
        if scope.defs.len() > 1 {
            if let Some(defs) = scope.defs.pop() {
                for (n, k) in defs {
                    scope.remove(n, k, super::known_counter(&self.counter_prefixes, n));
                }
            }
            if let Some(defs) = scope.num_defs.pop() {
                scope.remove_counters(defs);
            }
            return Ok(());
        }
        let Some(scope) = self.scopes.pop() else { return Ok(()) };
        if scope.forward > 0 {
            let mut fwd: Vec<ValueEntry> = scope.entries().filter(|e| e.forward).collect();
            fwd.sort_by_key(|e| e.offset);
            // In offset order, each position from the previous one: one pass over the text
            // however many names are undeclared.
            let mut pos = self.pos_at(0);
            for e in fwd {
                pos = pos.advanced_to(self.src.as_bytes(), e.offset);
                self.error_at(pos, "use of undeclared SSA value name");
                self.deferred_errors += 1;
            }
        }
        Ok(())
    }

    pub(crate) fn operand_name(&self, u: &UnresolvedOperand) -> &'s str {
        let s = u.pos.offset as usize;
        self.src.get(s..s + u.name_len as usize).unwrap_or("%")
    }

    /// The value bound to `u`, creating a forward-reference placeholder of type `ty` if the
    /// name is not defined yet (MLIR's `resolveSSAUse`).
    pub(crate) fn resolve_ssa_use(&mut self, u: &UnresolvedOperand, ty: Type) -> ParseResult<Value> {
        let name = self.operand_name(u);
        let Some(scope) = self.scopes.last_mut() else { return Err(Failure) };
        if let Some(e) = scope.get(name, u.number, u.counter) {
            let v = e.value;
            // The op will be created right after its operands resolve, adding a use to `v`.
            self.ctx.prefetch_value(v);
            if e.ty == ty {
                return Ok(v);
            }
            let prior = self.ctx.value_type(v);
            if prior == ty {
                return Ok(v);
            }
            let epos = self.pos_at(e.offset);
            let (a, b) = (self.type_str(ty), self.type_str(prior));
            return Err(self.error_at_with_note(
                u.pos,
                format!("use of value '{name}' expects different type than prior uses: '{a}' vs '{b}'"),
                epos,
                "prior use here",
            ));
        }
        if u.number > 0 {
            if let Some(e0) = scope.get(name, 0, u.counter) {
                if !e0.forward {
                    return Err(self.error_at(u.pos, "reference to invalid result number"));
                }
            }
        }
        let pname = match self.placeholder_name {
            Some(n) => n,
            None => {
                let n = self.ctx.op_name("builtin.unrealized_conversion_cast");
                self.placeholder_name = Some(n);
                n
            }
        };
        let mut st = OperationState::new(pname, self.ctx.unknown_loc());
        st.result_types.push(ty);
        let op = self.ctx.create_op(st);
        let v = Value::Result { op, index: 0 };
        if let Some(scope) = self.scopes.last_mut() {
            scope.insert(name, u.number, u.counter, ValueEntry { value: v, offset: u.pos.offset, forward: true, ty });
            scope.forward += 1;
        }
        Ok(v)
    }

    /// Bind `name#number` to `value` in the current scope (MLIR's `addDefinition`).
    pub(crate) fn add_definition(
        &mut self,
        name: &'s str,
        number: u32,
        pos: SourcePos,
        value: Value,
    ) -> ParseResult<()> {
        let counter = super::counter_of(&mut self.counter_prefixes, name);
        let Some(scope) = self.scopes.last_mut() else { return Err(Failure) };
        let key = (name, number);
        let entry = ValueEntry { value, offset: pos.offset, forward: false, ty: self.ctx.value_type(value) };
        let Some(prev) = scope.define(name, number, counter, entry) else {
            return Ok(());
        };
        match Some(prev) {
            Some(e) if !e.forward => {
                return Err(self.error_at_with_note(
                    pos,
                    format!("redefinition of SSA value '{name}'"),
                    self.pos_at(e.offset),
                    "previously defined here",
                ));
            }
            Some(e) => {
                let (old_t, new_t) = (self.ctx.value_type(e.value), self.ctx.value_type(value));
                if old_t != new_t {
                    let (a, b) = (self.type_str(new_t), self.type_str(old_t));
                    return Err(self.error_at_with_note(
                        pos,
                        format!("definition of SSA value '{name}#{number}' has type '{a}'"),
                        self.pos_at(e.offset),
                        format!("previously used here with type '{b}'"),
                    ));
                }
                self.ctx.replace_all_uses(e.value, value);
                if let Value::Result { op, .. } = e.value {
                    self.ctx.erase_op(op);
                }
                if let Some(scope) = self.scopes.last_mut() {
                    scope.forward -= 1;
                }
            }
            None => {}
        }
        if let Some(scope) = self.scopes.last_mut() {
            scope.insert(name, number, counter, entry);
            if let Some(d) = scope.defs.last_mut() {
                d.push(key);
            }
        }
        Ok(())
    }

    fn block_named(&mut self, name: &'s str, pos: SourcePos) -> BlockId {
        if let Some(e) = self.block_scopes.last().and_then(|bs| bs.blocks.get(name)) {
            return e.block;
        }
        let b = self.ctx.create_block(&[]);
        if let Some(bs) = self.block_scopes.last_mut() {
            bs.blocks.insert(name, BlockEntry { block: b, pos, defined: false });
            bs.forward += 1;
        }
        b
    }

    fn define_block(&mut self, name: &'s str, pos: SourcePos, existing: Option<BlockId>) -> ParseResult<BlockId> {
        let entry = self.block_scopes.last().and_then(|bs| bs.blocks.get(name)).copied();
        match entry {
            Some(e) if e.defined => Err(self.error_at(pos, format!("redefinition of block '{name}'"))),
            Some(e) => {
                if let Some(bs) = self.block_scopes.last_mut() {
                    bs.blocks.insert(name, BlockEntry { block: e.block, pos, defined: true });
                    bs.forward -= 1;
                }
                Ok(e.block)
            }
            None => {
                let b = match existing {
                    Some(b) => b,
                    None => self.ctx.create_block(&[]),
                };
                if let Some(bs) = self.block_scopes.last_mut() {
                    bs.blocks.insert(name, BlockEntry { block: b, pos, defined: true });
                }
                Ok(b)
            }
        }
    }

    /// `^bb` successor reference (MLIR's `parseSuccessor`).
    pub(crate) fn parse_successor(&mut self) -> ParseResult<BlockId> {
        if !self.is(TokKind::CaretIdent) {
            return Err(self.wrong_token("expected block name"));
        }
        let t = self.tok;
        let name = self.text(&t);
        self.advance();
        Ok(self.block_named(name, t.pos))
    }

    /// `%name` or `%name#N` (MLIR's `parseSSAUse`).
    pub(crate) fn parse_ssa_use(&mut self, allow_result_number: bool) -> ParseResult<UnresolvedOperand> {
        let t = self.tok;
        if t.kind != TokKind::PercentIdent {
            return Err(self.wrong_token("expected SSA operand"));
        }
        self.advance();
        let mut number = 0;
        if self.is(TokKind::HashIdent) {
            if !allow_result_number {
                return Err(self.error_here("result number not allowed in argument list"));
            }
            match self.tok_text().get(1..).unwrap_or("").parse::<u32>() {
                Ok(n) => number = n,
                Err(_) => return Err(self.error_here("invalid SSA value result number")),
            }
            self.advance();
        }
        let name_len = t.end - t.pos.offset;
        let name = self.text(&t);
        let counter = super::counter_of(&mut self.counter_prefixes, name);
        if let (Some(c), Some(scope)) = (counter, self.scopes.last()) {
            scope.prefetch(c);
        }
        Ok(UnresolvedOperand { pos: t.pos, name_len, number, counter })
    }

    // ----- operations -----

    /// Parse one operation and append it to `block` (MLIR's `parseOperation`).
    pub(crate) fn parse_operation(&mut self, block: BlockId) -> ParseResult<OpId> {
        let start = self.tok.pos;
        let mut results: Vec<ResultRecord<'s>> = std::mem::take(&mut self.scratch_results);
        results.clear();
        let r = self.parse_operation_with(block, start, &mut results);
        self.scratch_results = results;
        r
    }

    fn parse_operation_with(
        &mut self,
        block: BlockId,
        start: SourcePos,
        results: &mut Vec<ResultRecord<'s>>,
    ) -> ParseResult<OpId> {
        let mut num_expected = 0u32;
        if self.is(TokKind::PercentIdent) {
            loop {
                let t = self.tok;
                if t.kind != TokKind::PercentIdent {
                    return Err(self.wrong_token("expected valid ssa identifier"));
                }
                self.advance();
                let mut count = 1u32;
                if self.consume_if(TokKind::Colon) {
                    if !self.is(TokKind::Integer) {
                        return Err(self.wrong_token("expected integer number of results"));
                    }
                    match self.tok_text().parse::<u32>() {
                        Ok(v) if v >= 1 => count = v,
                        _ => return Err(self.error_here("expected named operation to have at least 1 result")),
                    }
                    self.advance();
                }
                results.push(ResultRecord { name: self.text(&t), count, pos: t.pos });
                num_expected = num_expected.saturating_add(count);
                if !self.consume_if(TokKind::Comma) {
                    break;
                }
            }
            self.expect(TokKind::Equal, "expected '=' after SSA name")?;
        }
        let op = match self.tok.kind {
            TokKind::BareIdent => self.parse_custom_operation(block, results, num_expected)?,
            TokKind::String => self.parse_generic_operation(block)?,
            _ => return Err(self.wrong_token("expected operation name in quotes")),
        };
        if !results.is_empty() {
            let n = self.ctx.num_results(op);
            if n == 0 {
                return Err(self.error_at(start, "cannot name an operation with no results"));
            }
            if num_expected as usize != n {
                return Err(self.error_at(
                    start,
                    format!("operation defines {n} results but was provided {num_expected} to bind"),
                ));
            }
            let mut i = 0u32;
            for &r in results.iter() {
                for sub in 0..r.count {
                    self.add_definition(r.name, sub, r.pos, Value::Result { op, index: i })?;
                    i += 1;
                }
            }
        }
        Ok(op)
    }

    /// Validate and intern the quoted name of a generic op (first occurrence of a spelling).
    #[cold]
    fn generic_op_name_slow(
        &mut self,
        name_tok: super::lexer::Token,
    ) -> ParseResult<(crate::OpName, Option<std::rc::Rc<crate::dialect::OpInfo>>)> {
        let name = self.string_value(&name_tok);
        if name.is_empty() {
            return Err(self.error_here("empty operation name is invalid"));
        }
        if name.contains('\0') {
            return Err(self.error_here("null character not allowed in operation name"));
        }
        let key = self.text(&name_tok);
        let op_name = self.ctx.op_name(&name);
        let info = self.ctx.op_info(op_name).cloned();
        if info.is_none() && !self.ctx.allow_unregistered {
            let dialect = name.split('.').next().unwrap_or("");
            let msg = if self.ctx.dialect(dialect).is_some() {
                format!(
                    "unregistered operation '{name}' found in dialect ('{dialect}') that does not allow unknown operations"
                )
            } else {
                "operation being parsed with an unregistered dialect. If this is intended, please use \
                 -allow-unregistered-dialect with the MLIR tool used"
                    .to_string()
            };
            // Like MLIR, point just after the quoted name (a string token is on one line).
            let after = super::lexer::SourcePos {
                offset: name_tok.end,
                line: name_tok.pos.line,
                col: name_tok.pos.col + (name_tok.end - name_tok.pos.offset),
            };
            return Err(self.error_at(after, msg));
        }
        self.op_name_cache.insert(key, op_name);
        Ok((op_name, info))
    }

    fn parse_generic_operation(&mut self, block: BlockId) -> ParseResult<OpId> {
        let name_tok = self.tok;
        let key = self.text(&name_tok);
        // A spelling seen before was validated then (and registration cannot change mid-parse).
        let (op_name, info) = match self.op_name_cache.get(key) {
            Some(n) => (*n, self.ctx.op_info(*n).cloned()),
            None => self.generic_op_name_slow(name_tok)?,
        };
        let loc = self.loc_at(name_tok.pos);
        self.advance();
        let mut st = OperationState::new(op_name, loc);

        let mut operands: Vec<UnresolvedOperand> = std::mem::take(&mut self.scratch_operands);
        operands.clear();
        if self.consume_if(TokKind::LParen) {
            if self.is(TokKind::PercentIdent) {
                loop {
                    operands.push(self.parse_ssa_use(true)?);
                    if !self.consume_if(TokKind::Comma) {
                        break;
                    }
                }
            }
            self.expect(TokKind::RParen, "expected ')' to end operand list")?;
        }
        if self.is(TokKind::LSquare) {
            if let Some(i) = &info {
                if !i.has(Traits::IS_TERMINATOR) {
                    return Err(self.error_here("successors in non-terminator"));
                }
            }
            let mut succ = Vec::new();
            self.parse_comma_list(super::Delimiter::Square, "", &mut |p| {
                succ.push(p.parse_successor()?);
                Ok(())
            })?;
            st.successors = succ;
        }
        if self.consume_if(TokKind::Less) {
            let ppos = self.tok.pos;
            let props = self.parse_attribute(None)?;
            self.expect(TokKind::Greater, "expected '>' to close properties")?;
            match self.ctx.attr_kind(props) {
                AttrKind::Dictionary(entries) => st.properties = entries.clone(),
                _ => {
                    let s = self.attr_str(props);
                    return Err(self.error_at(ppos, format!("expected a dictionary of properties, got {s}")));
                }
            }
        }
        if self.consume_if(TokKind::LParen) {
            let isolated = info.as_ref().is_some_and(|i| i.has(Traits::ISOLATED_FROM_ABOVE));
            loop {
                let mut r = self.ctx.create_region();
                st.regions.push(r);
                self.parse_region(&mut r, &[], isolated)?;
                if !self.consume_if(TokKind::Comma) {
                    break;
                }
            }
            self.expect(TokKind::RParen, "expected ')' to end region list")?;
        }
        if self.is(TokKind::LBrace) {
            self.parse_attribute_dict(&mut st.attributes)?;
        }
        let type_pos = self.tok.pos;
        self.expect(TokKind::Colon, "expected ':' followed by operation type")?;
        let fty = self.parse_type()?;
        // Inputs then results of the function type, in a reused buffer.
        let mut sig_types = std::mem::take(&mut self.scratch_types);
        sig_types.clear();
        let n_inputs = match self.ctx.type_kind(fty) {
            TypeKind::Function { inputs, results } => {
                sig_types.extend_from_slice(inputs);
                sig_types.extend_from_slice(results);
                inputs.len()
            }
            _ => return Err(self.error_at(type_pos, "expected function type")),
        };
        if n_inputs != operands.len() {
            let plural = if operands.len() == 1 { "" } else { "s" };
            return Err(self
                .error_at(type_pos, format!("expected {} operand type{plural} but had {}", operands.len(), n_inputs)));
        }
        if !operands.is_empty() {
            st.operands.reserve(operands.len());
        }
        for (u, &t) in operands.iter().zip(&sig_types[..n_inputs]) {
            let v = self.resolve_ssa_use(u, t)?;
            st.operands.push(v);
        }
        self.scratch_operands = operands;
        let op = self.ctx.create_op_with_results(st, &sig_types[n_inputs..]);
        self.scratch_types = sig_types;
        self.ctx.append_op(block, op);
        if let Some(l) = self.parse_trailing_location()? {
            self.ctx.op_mut(op).loc = l;
        }
        Ok(op)
    }

    fn lookup_registered(&self, name: &str) -> Option<crate::OpName> {
        let n = self.ctx.lookup_op_name(name)?;
        self.ctx.op_info(n).map(|_| n)
    }

    fn parse_custom_operation(
        &mut self,
        block: BlockId,
        results: &[ResultRecord<'s>],
        num_results: u32,
    ) -> ParseResult<OpId> {
        let name_tok = self.tok;
        let spelled = self.tok_text();
        let mut op_name = self.lookup_registered(spelled);
        let mut tried: Option<String> = None;
        if op_name.is_none() && !spelled.contains('.') {
            let dd = self.default_dialects.last().copied().unwrap_or("");
            if !dd.is_empty() {
                let full = format!("{dd}.{spelled}");
                op_name = self.lookup_registered(&full);
                tried = Some(full);
            }
        }
        let info = op_name.and_then(|n| self.ctx.op_info(n).cloned());
        let (Some(op_name), Some(info), Some(parse)) = (op_name, info.clone(), info.as_ref().and_then(|i| i.parse))
        else {
            let mut msg = format!("custom op '{spelled}' is unknown");
            if let Some(t) = tried {
                msg.push_str(&format!(" (tried '{t}' as well)"));
            }
            return Err(self.error_here(msg));
        };
        self.advance();
        let loc = self.loc_at(name_tok.pos);
        let mut st = OperationState::new(op_name, loc);
        let isolated = info.has(Traits::ISOLATED_FROM_ABOVE);
        self.default_dialects.push(info.default_dialect.unwrap_or(""));
        let errors_before = self.errors - self.deferred_errors;
        let r = {
            let mut asm = OpAsmParser::new(self, name_tok.pos, results, num_results, isolated);
            parse(&mut asm, &mut st)
        };
        self.default_dialects.pop();
        r?;
        if self.errors - self.deferred_errors > errors_before {
            return Err(Failure);
        }
        let op = self.ctx.create_op(st);
        self.ctx.append_op(block, op);
        if let Some(l) = self.parse_trailing_location()? {
            self.ctx.op_mut(op).loc = l;
        }
        Ok(op)
    }

    // ----- regions and blocks -----

    /// `{ block* }` into `region` (MLIR's `parseRegion`). `entry_args` are arguments of the
    /// entry block already parsed by custom syntax; `isolated` starts a new SSA name scope.
    pub(crate) fn parse_region(
        &mut self,
        region: &mut RegionId,
        entry_args: &[Argument],
        isolated: bool,
    ) -> ParseResult<()> {
        if region.0 as usize >= self.ctx.regions.len() {
            *region = self.ctx.create_region();
        }
        let lbrace = self.tok;
        self.expect(TokKind::LBrace, "expected '{' to begin a region")?;
        if !entry_args.is_empty() || !self.is(TokKind::RBrace) {
            self.enter()?;
            let r = self.parse_region_body(*region, lbrace.pos, entry_args, isolated);
            self.leave();
            r?;
        }
        self.expect(TokKind::RBrace, "expected '}' to end region")?;
        Ok(())
    }

    fn parse_region_body(
        &mut self,
        region: RegionId,
        _start: SourcePos,
        entry_args: &[Argument],
        isolated: bool,
    ) -> ParseResult<()> {
        self.push_scope(isolated);
        let entry = self.ctx.create_block(&[]);
        if !entry_args.is_empty() {
            if self.is(TokKind::CaretIdent) {
                return Err(self.error_here("invalid block name in region with named arguments"));
            }
            for a in entry_args {
                let name = self.operand_name(&a.ssa_name);
                let key = a.ssa_name.counter;
                if let Some(e) = self.scopes.last().and_then(|s| s.get(name, a.ssa_name.number, key)) {
                    return Err(self.error_at_with_note(
                        a.ssa_name.pos,
                        format!("region entry argument '{name}' is already in use"),
                        self.pos_at(e.offset),
                        "previously referenced here",
                    ));
                }
                let loc = match a.loc {
                    Some(l) => l,
                    None => self.loc_at(a.ssa_name.pos),
                };
                let v = self.ctx.add_block_arg(entry, a.ty, Some(loc));
                self.add_definition(name, a.ssa_name.number, a.ssa_name.pos, v)?;
            }
        }
        let entry = self.parse_block(Some(entry))?;
        if !entry_args.is_empty() && self.ctx.block(entry).args.len() > entry_args.len() {
            return Err(self.error_here("entry block arguments were already defined"));
        }
        self.ctx.append_block(region, entry);
        while !self.is(TokKind::RBrace) {
            let b = self.parse_block(None)?;
            self.ctx.append_block(region, b);
        }
        self.pop_scope()
    }

    fn parse_block(&mut self, existing: Option<BlockId>) -> ParseResult<BlockId> {
        if let Some(b) = existing {
            if !self.is(TokKind::CaretIdent) {
                self.parse_block_body(b)?;
                return Ok(b);
            }
        }
        let t = self.tok;
        if t.kind != TokKind::CaretIdent {
            return Err(self.wrong_token("expected block name"));
        }
        let name = self.text(&t);
        self.advance();
        let block = self.define_block(name, t.pos, existing)?;
        if self.is(TokKind::LParen) {
            self.parse_comma_list(super::Delimiter::Paren, "", &mut |p| {
                let u = p.parse_ssa_use(true)?;
                p.expect(TokKind::Colon, "expected ':' and type for SSA operand")?;
                let ty = p.parse_type()?;
                let loc = p.loc_at(u.pos);
                let v = p.ctx.add_block_arg(block, ty, Some(loc));
                if let Some(l) = p.parse_trailing_location()? {
                    if let Value::BlockArg { block, index } = v {
                        p.ctx.blocks[block.0 as usize].args[index as usize].loc = Some(l).into();
                    }
                }
                let name = p.operand_name(&u);
                p.add_definition(name, u.number, u.pos, v)
            })?;
        }
        self.expect(TokKind::Colon, "expected ':' after block name")?;
        self.parse_block_body(block)?;
        Ok(block)
    }

    fn parse_block_body(&mut self, block: BlockId) -> ParseResult<()> {
        while !self.is(TokKind::CaretIdent) && !self.is(TokKind::RBrace) {
            self.parse_operation(block)?;
        }
        Ok(())
    }
}
