//! MLIR's textual format parser (MLIR's `mlir/lib/AsmParser`): operations in generic and custom
//! form, builtin types and attributes, locations, aliases and file metadata.
//!
//! Entry points: [`parse_source`] for a whole file (returns a `builtin.module`),
//! [`parse_type_str`] and [`parse_attr_str`] for single types and attributes. Dialects write
//! custom syntax against [`OpAsmParser`], which mirrors MLIR's `OpAsmParser`.
//!
//! Architecture invariants:
//! - Parsing never panics on user input. Every error is a [`Diagnostic`] in the
//!   context located at `file:line:col` of the offending token, and the result is
//!   `Err(Failure)`. Nesting deeper than [`MAX_NESTING`] levels is an error, not a stack overflow.
//! - Messages follow MLIR's wording, so `expected-error` annotations written for mlir-opt match.
//! - The lexer is byte based and allocation free; SSA names are looked up in per-scope hash maps
//!   keyed by slices of the source text.
//! - Values are scoped per region of an `IsolatedFromAbove` op (or a region parsed with name
//!   shadowing): values defined outside are not visible inside. Unregistered ops are never
//!   isolated.
//! - Dialect types and attributes keep their body text; the dialect's body hook
//!   ([`Dialect::attr_body`](crate::dialect::Dialect::attr_body),
//!   [`Dialect::type_body`](crate::dialect::Dialect::type_body)) may canonicalize or reject it,
//!   and the `opaque` flag is set from MLIR's printing rule, so `!d<x>` and `!d.x` are one type.
//! - An operation without `loc(...)` is located at its name token (`"foo.op"` / `foo.op`), as
//!   mlir-opt does.
//!
//! Not supported (reported as errors or documented approximations): `sparse<...>` and
//! `distinct[...]<...>` attributes; a `: type` after a dialect attribute; `symbol(%x)` and SSA
//! operands inside affine expressions (affine op syntax); the line-only location
//! `loc("file":3)` is stored with column 0; string attributes whose escapes produce invalid
//! UTF-8 are stored lossily; integer literals must fit in 128 bits.

pub mod affine;
mod affine_parse;
mod asm;
mod attrs;
mod display;
pub(crate) mod lexer;
mod ops;
mod types;

pub use asm::{Argument, Delimiter, OpAsmParser, UnresolvedOperand};
pub use lexer::SourcePos;

use std::borrow::Cow;

use crate::attributes::Attribute;
use crate::diagnostics::{Diagnostic, Severity};
use crate::ir::{OpId, OperationState};
use crate::types::Type;
use crate::{Context, Failure, Symbol};
use lexer::{Lexer, TokKind, Token};

/// Result of a parsing step; `Err` means a diagnostic has been emitted.
pub type ParseResult<T> = Result<T, Failure>;

/// Maximum nesting depth (regions, types, attributes, affine expressions) before the parser
/// reports an error instead of recursing further.
pub const MAX_NESTING: u32 = 1000;

/// Maximum stack the parser uses for recursion (measured from its entry point).
const MAX_STACK_BYTES: usize = 1 << 20;

/// Where the parsed text comes from, for locations.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParserConfig {
    /// File name used in `FileLineCol` locations and to find the source for diagnostics.
    pub file_name: String,
    /// Lines before this text in the file (for `--split-input-file` chunks): added to every line.
    pub line_offset: u32,
    /// Columns before this text on its first line: added to columns of the first line (0).
    pub col_offset_first_line: u32,
}

impl ParserConfig {
    /// A configuration for a whole file.
    pub fn new(file_name: impl Into<String>) -> Self {
        ParserConfig { file_name: file_name.into(), line_offset: 0, col_offset_first_line: 0 }
    }
}

/// Parse a whole file into a `builtin.module`.
///
/// If the top level is exactly one `builtin.module` (custom `module {...}` or generic form) it is
/// returned; otherwise all top-level operations are wrapped in a new module located at
/// `file:0:0`, as MLIR does. On error, diagnostics are emitted into `ctx` and `Err(Failure)`
/// is returned. The text is stored in `ctx.sources` under the file name unless a source is
/// already registered there (tools may pre-register the full file of a split chunk).
pub fn parse_source(ctx: &mut Context, config: &ParserConfig, text: &str) -> Result<OpId, Failure> {
    if !ctx.sources.contains_key(&config.file_name) {
        ctx.sources.insert(config.file_name.clone(), crate::source::SourceText::from(text));
    }
    ctx.reserve_for_ops(estimate_ops(text.as_bytes()));
    let mut p = Parser::new(ctx, text, &config.file_name, config.line_offset, config.col_offset_first_line);
    p.parse_file()
}

/// About how many operations `text` holds, to size the arenas once instead of growing them:
/// operations are mostly one per line, and the line density of the first 64 KiB is
/// extrapolated (counting every line of a large file would cost more than it saves).
fn estimate_ops(text: &[u8]) -> usize {
    const SAMPLE: usize = 1 << 16;
    let sample = &text[..text.len().min(SAMPLE)];
    let lines = sample.iter().fold(0usize, |n, &c| n + (c == b'\n') as usize) + 1;
    if text.len() <= SAMPLE {
        return lines;
    }
    (text.len() / SAMPLE).saturating_mul(lines).min(text.len() / 16)
}

/// Parse a single type from a string (errors are located in a pseudo-file `<string>`).
pub fn parse_type_str(ctx: &mut Context, s: &str) -> Result<Type, Failure> {
    let mut p = Parser::new(ctx, s, "<string>", 0, 0);
    let t = p.parse_type()?;
    p.expect_end()?;
    Ok(t)
}

/// Parse a single attribute from a string (errors are located in a pseudo-file `<string>`).
pub fn parse_attr_str(ctx: &mut Context, s: &str) -> Result<Attribute, Failure> {
    let mut p = Parser::new(ctx, s, "<string>", 0, 0);
    let a = p.parse_attribute(None)?;
    p.expect_end()?;
    Ok(a)
}

/// Custom syntax of `builtin.module`: `module [@name] [attributes {...}] { ... }`.
///
/// The body is a single block without terminator; an empty body `{}` gets an empty block.
pub fn parse_module(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    p.parse_optional_symbol_name("sym_name", &mut st.attributes)?;
    p.parse_optional_attr_dict_with_keyword(&mut st.attributes)?;
    let mut region = p.ctx().create_region();
    p.parse_region(&mut region, &[], false)?;
    if p.ctx().region_blocks(region).is_empty() {
        let b = p.ctx().create_block(&[]);
        p.ctx().append_block(region, b);
    }
    st.regions.push(region);
    Ok(())
}

// ----- hashing -----

pub(crate) type FxMap<K, V> = rustc_hash::FxHashMap<K, V>;

// ----- parser state -----

/// An SSA name binding in a scope.
#[derive(Copy, Clone, Debug)]
pub(crate) struct ValueEntry {
    pub value: crate::Value,
    /// Byte offset of the definition, or of the first use for forward references (line and
    /// column are recomputed for diagnostics: [`Parser::pos_at`]; a large module holds one entry
    /// per value, so entries are kept small).
    pub offset: u32,
    /// Whether `value` is a forward-reference placeholder.
    pub forward: bool,
    /// `value`'s type when bound: checking a use against it needs no access to the (large,
    /// randomly accessed) op arena.
    pub ty: crate::Type,
}

/// A name `%<prefix><n>` split at its decimal counter (what printers emit: `%12`, `%arg0`,
/// `%c3`, `%v41`): the id of its prefix in the parse's prefix list ([`counter_of`]) and `n`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Counter {
    pub prefix: u32,
    pub n: u32,
}

/// Distinct counter prefixes a parse keeps dense tables for; names with further prefixes live
/// in the hash map.
const MAX_COUNTER_PREFIXES: usize = 16;

/// `name` split into its prefix (with the `%`) and trailing decimal counter: 1 to 9 digits,
/// no leading zero unless the counter is `0` (so that distinct names split differently).
#[inline]
pub(crate) fn split_counter(name: &str) -> Option<(&str, u32)> {
    let b = name.as_bytes();
    // One pass from the end: the trailing digits and their value.
    let mut start = b.len();
    let mut n = 0u32;
    let mut scale = 1u32;
    while start > 0 && b[start - 1].is_ascii_digit() {
        if b.len() - start == 9 {
            return None;
        }
        start -= 1;
        n += (b[start] - b'0') as u32 * scale;
        scale = scale.wrapping_mul(10);
    }
    let digits = b.len() - start;
    if digits == 0 || (digits > 1 && b[start] == b'0') {
        return None;
    }
    Some((&name[..start], n))
}

/// Byte equality of two short strings (counter prefixes: `%v`, `%arg`, ...) without a call
/// to `memcmp`.
#[inline]
fn short_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

/// The counter of `name` with its prefix registered in `prefixes` (up to
/// [`MAX_COUNTER_PREFIXES`]; `None` for a name without counter or a prefix past them).
#[inline]
pub(crate) fn counter_of<'s>(prefixes: &mut Vec<&'s str>, name: &'s str) -> Option<Counter> {
    let (prefix, n) = split_counter(name)?;
    let i = match prefixes.iter().position(|p| short_eq(p, prefix)) {
        Some(i) => i,
        None if prefixes.len() < MAX_COUNTER_PREFIXES => {
            prefixes.push(prefix);
            prefixes.len() - 1
        }
        None => return None,
    };
    Some(Counter { prefix: i as u32, n })
}

/// The counter of `name` if its prefix is registered (lookups: a name whose prefix is not
/// registered is in no counter table).
#[inline]
pub(crate) fn known_counter(prefixes: &[&str], name: &str) -> Option<Counter> {
    let (prefix, n) = split_counter(name)?;
    let i = prefixes.iter().position(|p| short_eq(p, prefix))?;
    Some(Counter { prefix: i as u32, n })
}

/// Names of one isolated scope and the names defined by each nested (non-isolated) region.
///
/// Names `%<prefix><n>` with result number 0 (see [`Counter`]) live in a vector per prefix
/// indexed by the counter; other names in a hash map keyed by the source slice and result
/// number. Every method taking a `key` expects the name's counter as [`counter_of`] or
/// [`known_counter`] computed it (`None` for other names).
#[derive(Default)]
pub(crate) struct IsolatedScope<'s> {
    counters: Vec<Vec<Option<ValueEntry>>>,
    named: FxMap<(&'s str, u32), ValueEntry>,
    /// Whether some counter name with result number 0 lives in `named` (outside the window).
    counter_in_named: bool,
    pub defs: Vec<Vec<(&'s str, u32)>>,
    /// Per nested region, like `defs`: the counter names it defined that live in `counters`.
    pub num_defs: Vec<Vec<Counter>>,
    pub forward: usize,
    /// About how many values the scope may still bind (0: unknown). Once `named` or a counter
    /// table outgrows [`PRESIZE_AT`] entries it is sized for this many at once instead of
    /// doubling (each doubling rehashes or copies every entry and touches fresh memory).
    hint: usize,
}

/// Entries of an [`IsolatedScope`] table past which it is sized from the scope's hint: a scope
/// with few values (most of them) never reserves more than it uses.
const PRESIZE_AT: usize = 1024;

impl<'s> IsolatedScope<'s> {
    /// A scope that may still bind about `hint` values ([`IsolatedScope::hint`]).
    pub fn with_hint(hint: usize) -> Self {
        IsolatedScope { defs: vec![Vec::new()], num_defs: vec![Vec::new()], hint, ..Default::default() }
    }

    #[inline]
    fn slot(&self, c: Counter) -> Option<&ValueEntry> {
        self.counters.get(c.prefix as usize)?.get(c.n as usize)?.as_ref()
    }

    #[inline]
    fn slot_mut(&mut self, c: Counter) -> Option<&mut Option<ValueEntry>> {
        self.counters.get_mut(c.prefix as usize)?.get_mut(c.n as usize)
    }

    #[inline]
    pub fn get(&self, name: &'s str, number: u32, key: Option<Counter>) -> Option<ValueEntry> {
        if number == 0 {
            if let Some(c) = key {
                if let Some(e) = self.slot(c) {
                    return Some(*e);
                }
                if !self.counter_in_named {
                    return None;
                }
            }
        }
        if self.named.is_empty() {
            return None;
        }
        self.named.get(&(name, number)).copied()
    }

    /// Hint that the entry of `c` will be looked up soon: generic ops name their operands before
    /// their types, so the entry (random in a large table) can be fetched meanwhile.
    #[inline]
    pub fn prefetch(&self, c: Counter) {
        if let Some(e) = self.counters.get(c.prefix as usize).and_then(|t| t.get(c.n as usize)) {
            crate::prefetch::read(e);
        }
    }

    #[inline]
    pub fn insert(&mut self, name: &'s str, number: u32, key: Option<Counter>, e: ValueEntry) {
        if number == 0 {
            if let Some(c) = key {
                self.insert_counter(c, name, e);
                return;
            }
        }
        self.insert_named(name, number, e);
    }

    /// Insert into `named`, sizing it from the hint when it is about to outgrow [`PRESIZE_AT`]
    /// entries.
    #[inline]
    fn insert_named(&mut self, name: &'s str, number: u32, e: ValueEntry) {
        let len = self.named.len();
        if len >= PRESIZE_AT && len == self.named.capacity() && self.hint > len {
            self.named.reserve(self.hint - len);
            self.hint = 0;
        }
        self.named.insert((name, number), e);
    }

    /// Bind the counter name `name` (result number 0, counter `c`): in its prefix's table when
    /// `c.n` is in it or less than 4096 past its end (and the name is not already in `named`),
    /// else in `named`.
    fn insert_counter(&mut self, c: Counter, name: &'s str, e: ValueEntry) {
        let not_named = !self.counter_in_named || !self.named.contains_key(&(name, 0));
        let p = c.prefix as usize;
        if self.counters.len() <= p {
            self.counters.resize_with(p + 1, Vec::new);
        }
        let hint = self.hint;
        let t = &mut self.counters[p];
        let (n, len) = (c.n as usize, t.len());
        if n < len {
            if t[n].is_some() || not_named {
                t[n] = Some(e);
                return;
            }
        } else if n < len + 4096 && not_named {
            if n >= t.capacity() && len >= PRESIZE_AT && hint > n {
                t.reserve(hint - len);
                self.hint = 0;
            }
            t.resize(n, None);
            t.push(Some(e));
            return;
        }
        self.counter_in_named = true;
        self.insert_named(name, 0, e);
    }

    /// Look up `name#number` and, if it is not bound, bind it to `e` and record it as defined
    /// by the innermost region (one name parse). Returns the previous binding if there was one
    /// (then nothing is inserted or recorded).
    #[inline]
    pub fn define(&mut self, name: &'s str, number: u32, key: Option<Counter>, e: ValueEntry) -> Option<ValueEntry> {
        if number == 0 {
            if let Some(c) = key {
                if let Some(old) = self.slot(c) {
                    return Some(*old);
                }
                if self.counter_in_named {
                    if let Some(old) = self.named.get(&(name, 0)) {
                        return Some(*old);
                    }
                }
                self.insert_counter(c, name, e);
                if self.defs.len() > 1 {
                    if self.slot(c).is_some() {
                        if let Some(d) = self.num_defs.last_mut() {
                            d.push(c);
                        }
                    } else if let Some(d) = self.defs.last_mut() {
                        d.push((name, 0));
                    }
                }
                return None;
            }
        }
        if let Some(old) = self.named.get(&(name, number)) {
            return Some(*old);
        }
        self.insert_named(name, number, e);
        if self.defs.len() > 1 {
            if let Some(d) = self.defs.last_mut() {
                d.push((name, number));
            }
        }
        None
    }

    #[inline]
    pub fn remove(&mut self, name: &'s str, number: u32, key: Option<Counter>) {
        if number == 0 {
            if let Some(c) = key {
                if let Some(slot @ Some(_)) = self.slot_mut(c) {
                    *slot = None;
                    return;
                }
            }
        }
        if !self.named.is_empty() {
            self.named.remove(&(name, number));
        }
    }

    /// Unbind the counter names a nested region defined ([`IsolatedScope::num_defs`]).
    pub fn remove_counters(&mut self, defs: Vec<Counter>) {
        for c in defs {
            if let Some(slot) = self.slot_mut(c) {
                *slot = None;
            }
        }
    }

    /// All entries (unordered).
    pub fn entries(&self) -> impl Iterator<Item = ValueEntry> + '_ {
        self.counters.iter().flatten().flatten().copied().chain(self.named.values().copied())
    }
}

#[derive(Copy, Clone, Debug)]
pub(crate) struct BlockEntry {
    pub block: crate::BlockId,
    pub pos: SourcePos,
    pub defined: bool,
}

#[derive(Default)]
pub(crate) struct BlockScope<'s> {
    pub blocks: FxMap<&'s str, BlockEntry>,
    pub forward: usize,
}

/// A named result group `%name` or `%name:N` of an operation being parsed.
#[derive(Copy, Clone, Debug)]
pub(crate) struct ResultRecord<'s> {
    pub name: &'s str,
    pub count: u32,
    pub pos: SourcePos,
}

/// The parser: lexer, current token, aliases and the SSA/block name scopes.
pub(crate) struct Parser<'s> {
    pub(crate) ctx: &'s mut Context,
    pub(crate) src: &'s str,
    pub(crate) lex: Lexer<'s>,
    pub(crate) tok: Token,
    pub(crate) file: Symbol,
    line_offset: u32,
    col_offset: u32,
    depth: u32,
    stack_base: usize,
    last_lex_error: Option<u32>,
    /// Errors emitted so far (including suppressed ones not counted).
    pub(crate) errors: usize,
    /// Errors that do not stop parsing (undeclared SSA values); the parse fails at the end.
    pub(crate) deferred_errors: usize,
    pub(crate) type_aliases: FxMap<&'s str, Type>,
    pub(crate) attr_aliases: FxMap<&'s str, Attribute>,
    pub(crate) scopes: Vec<IsolatedScope<'s>>,
    pub(crate) block_scopes: Vec<BlockScope<'s>>,
    pub(crate) default_dialects: Vec<&'static str>,
    pub(crate) deferred_locs: Vec<(SourcePos, &'s str)>,
    pub(crate) deferred_markers: FxMap<Attribute, usize>,
    pub(crate) placeholder_name: Option<crate::OpName>,
    /// Op names by their quoted spelling, to skip the context's string lookup.
    pub(crate) op_name_cache: FxMap<&'s str, crate::OpName>,
    /// Recently parsed function types by spelling.
    pub(crate) fn_type_cache: Vec<(&'s str, Type)>,
    /// Keyword types (`i32`, `f32`, `index`) by spelling.
    pub(crate) simple_type_cache: FxMap<&'s str, Type>,
    /// End offset of the previously consumed token.
    pub(crate) prev_end: usize,
    /// Reused operand buffer of generic ops.
    pub(crate) scratch_operands: Vec<UnresolvedOperand>,
    /// Reused result-name buffer of operations.
    pub(crate) scratch_results: Vec<ResultRecord<'s>>,
    /// Reused result-type buffer of generic ops.
    pub(crate) scratch_types: Vec<Type>,
    /// Attributes that custom-syntax hooks memoized for this parse
    /// ([`OpAsmParser::memoized_attr`]).
    pub(crate) attr_memo: FxMap<(&'static str, u64), Attribute>,
    /// Prefixes of the counter names seen so far ([`Counter`]), shared by all scopes.
    pub(crate) counter_prefixes: Vec<&'s str>,
}

#[inline(never)]
fn stack_address() -> usize {
    let x = 0u8;
    std::hint::black_box(&x) as *const u8 as usize
}

impl<'s> Parser<'s> {
    pub(crate) fn new(ctx: &'s mut Context, src: &'s str, file: &str, line_offset: u32, col_offset: u32) -> Self {
        let file = ctx.sym(file);
        let mut lex = Lexer::new(src);
        let tok = lex.next_token();
        let mut p = Parser {
            ctx,
            src,
            lex,
            tok,
            file,
            line_offset,
            col_offset,
            depth: 0,
            stack_base: stack_address(),
            last_lex_error: None,
            errors: 0,
            deferred_errors: 0,
            type_aliases: FxMap::default(),
            attr_aliases: FxMap::default(),
            scopes: Vec::new(),
            block_scopes: Vec::new(),
            default_dialects: vec!["builtin"],
            deferred_locs: Vec::new(),
            deferred_markers: FxMap::default(),
            placeholder_name: None,
            op_name_cache: FxMap::default(),
            scratch_operands: Vec::new(),
            scratch_results: Vec::new(),
            scratch_types: Vec::new(),
            fn_type_cache: Vec::new(),
            simple_type_cache: FxMap::default(),
            prev_end: 0,
            attr_memo: FxMap::default(),
            counter_prefixes: Vec::new(),
        };
        if p.tok.kind == TokKind::Error {
            p.report_lex_error();
        }
        p
    }

    // ----- tokens -----

    #[inline]
    pub(crate) fn advance(&mut self) {
        self.prev_end = self.tok.end();
        self.tok = self.lex.next_token();
        if self.tok.kind == TokKind::Error {
            self.report_lex_error();
        }
    }

    fn report_lex_error(&mut self) {
        if let Some((pos, msg)) = self.lex.error {
            if self.last_lex_error == Some(pos.offset) {
                return;
            }
            self.last_lex_error = Some(pos.offset);
            let loc = self.loc_at(pos);
            self.errors += 1;
            self.ctx.emit(Diagnostic::new(Severity::Error, loc, msg));
        }
    }

    /// Move the lexer to byte offset `off` and lex the token there.
    pub(crate) fn reset_to(&mut self, off: usize) {
        self.lex.reset(off);
        self.advance();
        self.prev_end = off;
    }

    #[inline]
    pub(crate) fn is(&self, k: TokKind) -> bool {
        self.tok.kind == k
    }

    #[inline]
    pub(crate) fn consume_if(&mut self, k: TokKind) -> bool {
        if self.tok.kind == k {
            self.advance();
            true
        } else {
            false
        }
    }

    /// Consume a token of kind `k` or report `msg` (MLIR's `parseToken`).
    #[inline]
    pub(crate) fn expect(&mut self, k: TokKind, msg: &str) -> ParseResult<Token> {
        if self.tok.kind == k {
            let t = self.tok;
            self.advance();
            Ok(t)
        } else {
            Err(self.wrong_token(msg))
        }
    }

    #[inline]
    pub(crate) fn text(&self, t: &Token) -> &'s str {
        self.src.get(t.start()..t.end()).unwrap_or("")
    }

    #[inline]
    pub(crate) fn tok_text(&self) -> &'s str {
        self.text(&self.tok)
    }

    /// Whether the current token is a bare identifier or keyword (MLIR's
    /// `isCurrentTokenAKeyword`).
    #[inline]
    pub(crate) fn at_keyword(&self) -> bool {
        self.tok.kind == TokKind::BareIdent
    }

    #[inline]
    pub(crate) fn is_kw(&self, kw: &str) -> bool {
        self.tok.kind == TokKind::BareIdent && self.tok_text() == kw
    }

    pub(crate) fn consume_kw(&mut self, kw: &str) -> bool {
        if self.is_kw(kw) {
            self.advance();
            true
        } else {
            false
        }
    }

    /// The value of a string token (escapes resolved; invalid UTF-8 is replaced).
    pub(crate) fn string_value(&self, t: &Token) -> Cow<'s, str> {
        let s = self.text(t);
        let s = s.strip_prefix('@').unwrap_or(s);
        if !s.contains('\\') && s.len() >= 2 {
            return Cow::Borrowed(&s[1..s.len() - 1]);
        }
        match String::from_utf8(lexer::unescape(s)) {
            Ok(v) => Cow::Owned(v),
            Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
        }
    }

    /// The name of an `@` identifier (quoted or bare).
    pub(crate) fn symbol_ref_value(&self, t: &Token) -> Cow<'s, str> {
        let s = self.text(t);
        if s.as_bytes().get(1) == Some(&b'"') {
            self.string_value(t)
        } else {
            Cow::Borrowed(s.get(1..).unwrap_or(""))
        }
    }

    pub(crate) fn expect_end(&mut self) -> ParseResult<()> {
        if !self.is(TokKind::Eof) {
            let rest = self.src.get(self.tok.start()..).unwrap_or("");
            return Err(self.error_here(format!("found trailing characters: '{rest}'")));
        }
        Ok(())
    }

    // ----- locations and errors -----

    /// The position of byte `offset` of the parsed text.
    pub(crate) fn pos_at(&self, offset: u32) -> SourcePos {
        SourcePos::of_offset(self.src.as_bytes(), offset)
    }

    /// The `FileLineCol` location of a source position (with the configured offsets applied).
    pub(crate) fn loc_at(&mut self, p: SourcePos) -> Attribute {
        let line = p.line + self.line_offset;
        let col = if p.line == 1 { p.col + self.col_offset } else { p.col };
        self.ctx.file_line_col_loc(self.file, line, col)
    }

    /// Emit a diagnostic unless the current token is a lexer error (already reported).
    pub(crate) fn emit_diag(&mut self, d: Diagnostic) -> Failure {
        if self.tok.kind != TokKind::Error {
            self.errors += 1;
            self.ctx.emit(d);
        }
        Failure
    }

    pub(crate) fn error_at(&mut self, p: SourcePos, msg: impl Into<String>) -> Failure {
        let loc = self.loc_at(p);
        self.emit_diag(Diagnostic::error(loc, msg))
    }

    pub(crate) fn error_at_with_note(
        &mut self,
        p: SourcePos,
        msg: impl Into<String>,
        note_pos: SourcePos,
        note: impl Into<String>,
    ) -> Failure {
        let loc = self.loc_at(p);
        let nloc = self.loc_at(note_pos);
        self.emit_diag(Diagnostic::error(loc, msg).with_note(nloc, note))
    }

    pub(crate) fn error_here(&mut self, msg: impl Into<String>) -> Failure {
        let p = self.tok.pos;
        self.error_at(p, msg)
    }

    /// MLIR's `emitWrongTokenError`: if the current token starts a line, report at the end of
    /// the previous non-blank line (before a `//` comment), where the expected token belongs.
    pub(crate) fn wrong_token(&mut self, msg: impl Into<String>) -> Failure {
        let b = self.src.as_bytes();
        let mut off = self.tok.start();
        if self.tok.kind == TokKind::Eof && off > 0 {
            off -= 1;
        }
        let original = off;
        let mut end = off;
        let target = loop {
            while end > 0 && (b[end - 1] == b' ' || b[end - 1] == b'\t') {
                end -= 1;
            }
            if end == 0 {
                break original;
            }
            if b[end - 1] != b'\n' && b[end - 1] != b'\r' {
                break end;
            }
            end -= 1;
            let nl = b[..end].iter().rposition(|&c| c == b'\n' || c == b'\r').unwrap_or(0);
            if let Some(cs) = find_sub(&b[nl..end], b"//") {
                end = nl + cs;
            }
        };
        let pos = self.lex.pos_of(target);
        self.error_at(pos, msg)
    }

    // ----- recursion guard -----

    /// Enter one nesting level; fails past [`MAX_NESTING`] levels or when too much stack is used.
    pub(crate) fn enter(&mut self) -> ParseResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING || stack_address().abs_diff(self.stack_base) > MAX_STACK_BYTES {
            self.depth -= 1;
            return Err(self.error_here(format!("exceeded the maximum nesting depth of {MAX_NESTING}")));
        }
        Ok(())
    }

    #[inline]
    pub(crate) fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Parse a comma separated list with an optional delimiter (MLIR's
    /// `parseCommaSeparatedList`). `context` is appended to the delimiter error messages.
    pub(crate) fn parse_comma_list(
        &mut self,
        delim: Delimiter,
        context: &str,
        f: &mut dyn FnMut(&mut Self) -> ParseResult<()>,
    ) -> ParseResult<()> {
        use TokKind::*;
        let (open, close, oc, cc) = match delim {
            Delimiter::None => (None, None, "", ""),
            Delimiter::Paren | Delimiter::OptionalParen => (Some(LParen), Some(RParen), "(", ")"),
            Delimiter::Square | Delimiter::OptionalSquare => (Some(LSquare), Some(RSquare), "[", "]"),
            Delimiter::LessGreater | Delimiter::OptionalLessGreater => (Some(Less), Some(Greater), "<", ">"),
            Delimiter::Braces | Delimiter::OptionalBraces => (Some(LBrace), Some(RBrace), "{", "}"),
        };
        if let (Some(open), Some(close)) = (open, close) {
            let optional = matches!(
                delim,
                Delimiter::OptionalParen
                    | Delimiter::OptionalSquare
                    | Delimiter::OptionalLessGreater
                    | Delimiter::OptionalBraces
            );
            if optional && !self.is(open) {
                return Ok(());
            }
            self.expect(open, &format!("expected '{oc}'{context}"))?;
            if self.consume_if(close) {
                return Ok(());
            }
            f(self)?;
            while self.consume_if(Comma) {
                f(self)?;
            }
            self.expect(close, &format!("expected '{cc}'{context}"))?;
            return Ok(());
        }
        f(self)?;
        while self.consume_if(Comma) {
            f(self)?;
        }
        Ok(())
    }

    /// Parse `elt (, elt)*` until `close` (which may come first for an empty list), consuming
    /// `close` (MLIR's `parseCommaSeparatedListUntil`).
    pub(crate) fn parse_comma_list_until(
        &mut self,
        close: TokKind,
        close_str: &str,
        allow_empty: bool,
        f: &mut dyn FnMut(&mut Self) -> ParseResult<()>,
    ) -> ParseResult<()> {
        if self.is(close) {
            if !allow_empty {
                return Err(self.wrong_token("expected list element"));
            }
            self.advance();
            return Ok(());
        }
        f(self)?;
        while self.consume_if(TokKind::Comma) {
            f(self)?;
        }
        self.expect(close, &format!("expected ',' or '{close_str}'"))?;
        Ok(())
    }
}

fn find_sub(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests;
