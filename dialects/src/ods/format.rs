//! One interpreter of MLIR's declarative assembly format (`assemblyFormat` in ODS): the format
//! string of an op is compiled once (at registration) into [`El`]ements, and the same tree drives
//! parsing ([`parse_op`]) and printing ([`print_op`]). Spacing follows `OpFormatGen.cpp` exactly
//! (its decisions are made at generation time, so a group that is not printed still moves the
//! spacing state, as the generated C++ does); types missing from the format are inferred from
//! buildable constraints, `SameOperandsAndResultType`, `AllTypesMatch`, `TypesMatchWith`,
//! `SameTypeOperands` and the op's inference hook.

use strata_ir::parser::{Delimiter, OpAsmParser, ParseResult, UnresolvedOperand};
use strata_ir::printer::{attr_to_string, OpAsmPrinter};
use strata_ir::{
    AttrKind as IrAttr, Attribute, BlockId, Context, NamedAttribute, OpId, OperationState, RegionId, Type,
};

use super::{custom, ods_of, operand_segments, result_segments, AttrKind, OdsOp, OpDef, Var};

/// A format element. A plain tag (`repr(u8)`) rather than one folded into a field's niche: the
/// interpreter's dispatch reads one byte.
#[derive(Clone, Debug, PartialEq)]
#[repr(u8)]
pub enum El {
    /// A literal: keyword or punctuation; `""` (no space) and `" "` (a space); `"\n"`.
    Lit(Lit),
    /// `$operand`
    Operand(usize),
    /// `$result` (only inside `type(...)`)
    Result(usize),
    /// `$attr`
    Attr(usize),
    /// `$region`
    Region(usize),
    /// `$successor`
    Succ(usize),
    /// `attr-dict` / `attr-dict-with-keyword`
    AttrDict(bool),
    /// `prop-dict`
    PropDict,
    /// `type(x)`
    Type(Box<El>),
    /// `qualified(x)`
    Qualified(Box<El>),
    /// `functional-type(a, b)`
    FunctionalType(Box<El>, Box<El>),
    /// `operands`
    Operands,
    /// `results`
    Results,
    /// `regions`
    Regions,
    /// `successors`
    Successors,
    /// `custom<Name>(args)`
    Custom(String, Vec<El>),
    /// `ref(x)`
    Ref(Box<El>),
    /// A string argument of a custom directive (`"::mlir::AsmParser::Delimiter::Paren"`).
    Str(String),
    /// `oilist(clause | clause ...)`: clauses in any order, each at most once.
    OIList(Vec<Vec<El>>),
    /// `(then)?` or `(then)? : (else)`; the anchor is the `^` element.
    Opt {
        /// Elements printed when the anchor is present.
        then: Vec<El>,
        /// Elements printed otherwise.
        els: Vec<El>,
        /// The anchor.
        anchor: Box<El>,
        /// What printing and parsing the group need, decided at compilation.
        plan: Box<OptPlan>,
    },
}

/// The kind of a literal, decided when the format is compiled (the parser dispatches on it
/// instead of comparing strings for every op).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LitKind {
    /// `` (no space)
    Empty,
    /// ` ` (a space)
    Space,
    /// `\n`
    Newline,
    /// `,`
    Comma,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `[`
    LSquare,
    /// `]`
    RSquare,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `<`
    Less,
    /// `>`
    Greater,
    /// `=`
    Equal,
    /// `:`
    Colon,
    /// `->`
    Arrow,
    /// `?`
    Question,
    /// `*`
    Star,
    /// `|`
    VBar,
    /// `...`
    Ellipsis,
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// Anything else: a keyword.
    Keyword,
}

/// A compiled literal: its text, kind and the spacing decisions the printer makes about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Lit {
    /// The text as the format writes it.
    pub text: String,
    /// What it is.
    pub kind: LitKind,
    /// ` ` followed by the text (written when a space precedes it).
    spaced: String,
    /// Whether a space precedes it after punctuation (`space_before(text, true)`).
    space_after_punct: bool,
    /// Whether a space precedes it otherwise (`space_before(text, false)`).
    space_after_other: bool,
    /// The printer's `space` state after it.
    space: bool,
    /// The printer's `last_punct` state after it.
    last_punct: bool,
}

impl Lit {
    fn new(text: String) -> Lit {
        let kind = match text.as_str() {
            "" => LitKind::Empty,
            " " => LitKind::Space,
            "\\n" => LitKind::Newline,
            "," => LitKind::Comma,
            "(" => LitKind::LParen,
            ")" => LitKind::RParen,
            "[" => LitKind::LSquare,
            "]" => LitKind::RSquare,
            "{" => LitKind::LBrace,
            "}" => LitKind::RBrace,
            "<" => LitKind::Less,
            ">" => LitKind::Greater,
            "=" => LitKind::Equal,
            ":" => LitKind::Colon,
            "->" => LitKind::Arrow,
            "?" => LitKind::Question,
            "*" => LitKind::Star,
            "|" => LitKind::VBar,
            "..." => LitKind::Ellipsis,
            "+" => LitKind::Plus,
            "-" => LitKind::Minus,
            _ => LitKind::Keyword,
        };
        let (mut space_after_punct, mut space_after_other, mut space, mut last_punct) = (false, false, false, false);
        if !matches!(kind, LitKind::Empty | LitKind::Space | LitKind::Newline) {
            space_after_punct = space_before(&text, true);
            space_after_other = space_before(&text, false);
            let c = text.as_bytes()[0];
            space = text.len() != 1 || !b"<({[".contains(&c);
            last_punct = c != b'_' && !c.is_ascii_alphabetic();
        }
        Lit { spaced: format!(" {text}"), text, kind, space_after_punct, space_after_other, space, last_punct }
    }

    /// Whether the text is only whitespace (`` or ` `), which does not guard an optional group.
    fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }
}

/// The decisions about an optional group that depend only on the format and the definition.
#[derive(Clone, Debug, PartialEq)]
pub struct OptPlan {
    /// The `then` elements the printer prints: a unit-attribute anchor that does not lead the
    /// group prints as nothing (its presence is the group).
    print_then: Vec<El>,
    /// The element that guards the group when parsing: the first one that is not whitespace.
    parse_first: Option<El>,
    /// The elements parsed after the guard (a unit-attribute anchor is skipped: it is set by
    /// the guard's presence).
    parse_rest: Vec<El>,
    /// A unit-attribute anchor, set when the group is present.
    unit_attr: Option<usize>,
}

impl OptPlan {
    fn new(def: &OpDef, then: &[El], anchor: &El) -> OptPlan {
        let unit_attr = match anchor {
            El::Attr(i) if matches!(def.attrs[*i].kind, AttrKind::Unit) => Some(*i),
            _ => None,
        };
        let unit_anchor = unit_attr.is_some() && then.first() != Some(anchor);
        let print_then = then.iter().filter(|c| !(unit_anchor && *c == anchor)).cloned().collect();
        let lead = then.iter().take_while(|e| matches!(e, El::Lit(v) if v.is_blank())).count();
        let parse_first = then.get(lead).cloned();
        let parse_rest = then
            .get(lead + 1..)
            .unwrap_or_default()
            .iter()
            .filter(|c| !(unit_attr.is_some() && matches!(c, El::Attr(_)) && *c == anchor))
            .cloned()
            .collect();
        OptPlan { print_then, parse_first, parse_rest, unit_attr }
    }
}

/// A compiled format.
#[derive(Clone, Debug)]
pub struct Format {
    /// The elements.
    pub elements: Vec<El>,
    /// Attributes the format prints itself (elided from `attr-dict`).
    pub used_attrs: Vec<usize>,
}

struct Lexer<'a> {
    s: &'a [u8],
    i: usize,
}

#[derive(Debug, PartialEq)]
enum Tok {
    Lit(String),
    Str(String),
    Var(String),
    Ident(String),
    P(char),
    End,
}

impl<'a> Lexer<'a> {
    fn next(&mut self) -> Result<Tok, String> {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
        if self.i >= self.s.len() {
            return Ok(Tok::End);
        }
        let c = self.s[self.i];
        self.i += 1;
        match c {
            b'`' => {
                let start = self.i;
                while self.i < self.s.len() && self.s[self.i] != b'`' {
                    self.i += 1;
                }
                let lit = String::from_utf8_lossy(&self.s[start..self.i]).to_string();
                self.i += 1;
                Ok(Tok::Lit(lit))
            }
            b'$' => Ok(Tok::Var(self.ident())),
            b'"' => {
                let start = self.i;
                while self.i < self.s.len() && self.s[self.i] != b'"' {
                    self.i += 1;
                }
                let lit = String::from_utf8_lossy(&self.s[start..self.i]).to_string();
                self.i += 1;
                Ok(Tok::Str(lit))
            }
            b'(' | b')' | b'?' | b'^' | b':' | b',' | b'<' | b'>' | b'|' => Ok(Tok::P(c as char)),
            c if c.is_ascii_alphabetic() || c == b'_' => {
                self.i -= 1;
                Ok(Tok::Ident(self.ident()))
            }
            _ => Err(format!("unexpected '{}' in format", c as char)),
        }
    }
    fn ident(&mut self) -> String {
        let start = self.i;
        while self.i < self.s.len()
            && (self.s[self.i].is_ascii_alphanumeric() || self.s[self.i] == b'_' || self.s[self.i] == b'-')
        {
            self.i += 1;
        }
        String::from_utf8_lossy(&self.s[start..self.i]).to_string()
    }
    fn peek(&mut self) -> Result<Tok, String> {
        let save = self.i;
        let t = self.next();
        self.i = save;
        t
    }
}

struct Compiler<'a> {
    lx: Lexer<'a>,
    def: &'static OpDef,
    anchor: Option<El>,
}

impl Compiler<'_> {
    fn var(&self, n: &str) -> Result<El, String> {
        let d = self.def;
        if let Some(i) = d.operands.iter().position(|a| a.name == n) {
            return Ok(El::Operand(i));
        }
        if let Some(i) = d.results.iter().position(|a| a.name == n) {
            return Ok(El::Result(i));
        }
        if let Some(i) = d.attrs.iter().position(|a| a.name == n) {
            return Ok(El::Attr(i));
        }
        if let Some(i) = d.regions.iter().position(|a| a.name == n) {
            return Ok(El::Region(i));
        }
        if let Some(i) = d.successors.iter().position(|a| a.name == n) {
            return Ok(El::Succ(i));
        }
        Err(format!("unknown variable ${n}"))
    }

    fn expect(&mut self, c: char) -> Result<(), String> {
        match self.lx.next()? {
            Tok::P(x) if x == c => Ok(()),
            t => Err(format!("expected '{c}', got {t:?}")),
        }
    }

    fn element(&mut self, tok: Tok) -> Result<El, String> {
        let el = match tok {
            Tok::Lit(l) => El::Lit(Lit::new(l)),
            Tok::Str(l) => El::Str(l),
            Tok::Var(v) => self.var(&v)?,
            Tok::Ident(id) => match id.as_str() {
                "attr-dict" => El::AttrDict(false),
                "attr-dict-with-keyword" => El::AttrDict(true),
                "prop-dict" => El::PropDict,
                "operands" => El::Operands,
                "results" => El::Results,
                "regions" => El::Regions,
                "successors" => El::Successors,
                "type" | "qualified" | "ref" => {
                    self.expect('(')?;
                    let t = self.lx.next()?;
                    let inner = self.element(t)?;
                    self.expect(')')?;
                    match id.as_str() {
                        "type" => El::Type(Box::new(inner)),
                        "qualified" => El::Qualified(Box::new(inner)),
                        _ => El::Ref(Box::new(inner)),
                    }
                }
                "functional-type" => {
                    self.expect('(')?;
                    let t = self.lx.next()?;
                    let a = self.element(t)?;
                    self.expect(',')?;
                    let t = self.lx.next()?;
                    let b = self.element(t)?;
                    self.expect(')')?;
                    El::FunctionalType(Box::new(a), Box::new(b))
                }
                "custom" => {
                    self.expect('<')?;
                    let Tok::Ident(name) = self.lx.next()? else { return Err("expected custom directive name".into()) };
                    self.expect('>')?;
                    self.expect('(')?;
                    let mut args = Vec::new();
                    loop {
                        let t = self.lx.next()?;
                        if t == Tok::P(')') {
                            break;
                        }
                        if t == Tok::P(',') {
                            continue;
                        }
                        args.push(self.element(t)?);
                    }
                    El::Custom(name, args)
                }
                "oilist" => {
                    self.expect('(')?;
                    let mut clauses = vec![Vec::new()];
                    loop {
                        let t = self.lx.next()?;
                        match t {
                            Tok::P(')') => break,
                            Tok::P('|') => clauses.push(Vec::new()),
                            Tok::End => return Err("unterminated oilist".into()),
                            t => {
                                let e = self.element(t)?;
                                clauses.last_mut().unwrap().push(e);
                            }
                        }
                    }
                    El::OIList(clauses)
                }
                _ => return Err(format!("unknown directive {id}")),
            },
            Tok::P('(') => {
                let saved = self.anchor.take();
                let mut then = Vec::new();
                loop {
                    let t = self.lx.next()?;
                    if t == Tok::P(')') {
                        break;
                    }
                    if t == Tok::End {
                        return Err("unterminated group".into());
                    }
                    then.push(self.element(t)?);
                }
                self.expect('?')?;
                let mut els = Vec::new();
                if self.lx.peek()? == Tok::P(':') {
                    self.lx.next()?;
                    self.expect('(')?;
                    loop {
                        let t = self.lx.next()?;
                        if t == Tok::P(')') {
                            break;
                        }
                        els.push(self.element(t)?);
                    }
                }
                let anchor = self.anchor.take().ok_or("optional group without anchor")?;
                self.anchor = saved;
                let plan = Box::new(OptPlan::new(self.def, &then, &anchor));
                El::Opt { then, els, anchor: Box::new(anchor), plan }
            }
            t => return Err(format!("unexpected {t:?}")),
        };
        if self.lx.peek()? == Tok::P('^') {
            self.lx.next()?;
            let a = match &el {
                El::Type(x) | El::Qualified(x) => (**x).clone(),
                El::Custom(_, args) => args.iter().find(|a| !matches!(a, El::Ref(_))).cloned().unwrap_or(el.clone()),
                _ => el.clone(),
            };
            self.anchor = Some(a);
        }
        Ok(el)
    }
}

fn collect_attrs(els: &[El], out: &mut Vec<usize>) {
    for e in els {
        match e {
            El::Attr(i) => out.push(*i),
            El::Type(x) | El::Qualified(x) | El::Ref(x) => collect_attrs(std::slice::from_ref(x), out),
            El::Custom(_, a) => collect_attrs(a, out),
            El::OIList(clauses) => {
                for c in clauses {
                    collect_attrs(c, out);
                }
            }
            El::Opt { then, els, .. } => {
                collect_attrs(then, out);
                collect_attrs(els, out);
            }
            _ => {}
        }
    }
}

impl Format {
    /// Compile the format of `def`.
    pub fn compile(def: &'static OpDef) -> Result<Format, String> {
        let mut c = Compiler { lx: Lexer { s: def.format.as_bytes(), i: 0 }, def, anchor: None };
        let mut elements = Vec::new();
        loop {
            let t = c.lx.next()?;
            if t == Tok::End {
                break;
            }
            elements.push(c.element(t)?);
        }
        let mut used = Vec::new();
        collect_attrs(&elements, &mut used);
        Ok(Format { elements, used_attrs: used })
    }
}

// ---------------------------------------------------------------- printing

/// The value ranges per operand or result definition of a printed op: one value per definition
/// (`None`: every definition is a single value, the common case, not materialized) or computed
/// ([`super::segments`]).
struct Segs(Option<super::Segments>);

impl Segs {
    /// The `[start, end)` range of definition `i`.
    #[inline]
    fn get(&self, i: usize) -> (usize, usize) {
        match &self.0 {
            None => (i, i + 1),
            Some(s) => s[i],
        }
    }
}

/// Prints one op by interpreting its format. Operands, types, regions and successors are read
/// straight from the context (no per-element vectors): this runs for every printed op.
struct Printer<'a, 'b> {
    p: &'a mut OpAsmPrinter<'b>,
    ctx: &'b Context,
    op: OpId,
    ods: &'a OdsOp,
    oseg: Segs,
    rseg: Segs,
    space: bool,
    last_punct: bool,
}

fn space_before(value: &str, last_punct: bool) -> bool {
    if value.len() != 1 && value != "->" {
        return true;
    }
    let c = value.as_bytes()[0];
    if last_punct {
        return !b">)}],".contains(&c);
    }
    !b"<>(){}[],".contains(&c)
}

/// Whether an attribute value is its definition's default.
fn is_default(ods: &OdsOp, i: usize, a: Attribute) -> bool {
    ods.default_of.get(i).is_some_and(|d| *d == Some(a))
}

impl<'b> Printer<'_, 'b> {
    /// The operands of operand definition `i`.
    fn operands_of(&self, i: usize) -> &'b [strata_ir::Value] {
        let (s, e) = self.oseg.get(i);
        &self.ctx.operands(self.op)[s..e]
    }
    fn attr_of(&self, i: usize) -> Option<Attribute> {
        self.ods.attr_of(self.ctx, self.op, i)
    }

    fn present(&self, anchor: &El) -> bool {
        match anchor {
            El::Operand(i) => self.oseg.get(*i).1 > self.oseg.get(*i).0,
            El::Result(i) => self.rseg.get(*i).1 > self.rseg.get(*i).0,
            El::Attr(i) => match self.attr_of(*i) {
                None => false,
                Some(a) => {
                    if self.ods.def.attrs[*i].default.is_some() {
                        !is_default(self.ods, *i, a)
                    } else {
                        true
                    }
                }
            },
            El::Region(i) => {
                let r = self.ctx.op_regions(self.op).get(*i).copied();
                r.map(|r| !self.ctx.region_blocks(r).is_empty()).unwrap_or(false)
            }
            El::Succ(_) => true,
            El::Type(x) | El::Qualified(x) | El::Ref(x) => self.present(x),
            El::Results => self.ctx.num_results(self.op) > 0,
            El::Operands => !self.ctx.operands(self.op).is_empty(),
            _ => true,
        }
    }

    fn elems(&mut self, els: &[El], emit: bool) {
        for e in els {
            self.el(e, emit);
        }
    }

    fn lit(&mut self, l: &Lit, emit: bool) {
        match l.kind {
            LitKind::Empty | LitKind::Space => {
                if emit && l.kind == LitKind::Space {
                    self.p.write(" ");
                }
                self.last_punct = l.kind == LitKind::Empty;
                self.space = false;
            }
            LitKind::Newline => {
                if emit {
                    self.p.print_new_line();
                }
            }
            _ => {
                if emit {
                    let spaced = self.space && if self.last_punct { l.space_after_punct } else { l.space_after_other };
                    self.p.write(if spaced { &l.spaced } else { &l.text });
                }
                self.space = l.space;
                self.last_punct = l.last_punct;
            }
        }
    }

    fn pre_space(&mut self, emit: bool) {
        if emit && (self.space || !self.last_punct) {
            self.p.write(" ");
        }
        self.last_punct = false;
        self.space = true;
    }

    fn el(&mut self, e: &El, emit: bool) {
        match e {
            El::Lit(v) => self.lit(v, emit),
            // The common values, without the general dispatch of `value`.
            El::Operand(i) => {
                self.pre_space(emit);
                if emit {
                    let vs = self.operands_of(*i);
                    self.p.print_operands(vs);
                }
            }
            El::Type(x) => {
                self.pre_space(emit);
                if emit {
                    self.print_types_of(x);
                }
            }
            El::AttrDict(kw) => {
                if emit {
                    self.print_attr_dict(*kw);
                }
                self.last_punct = false;
            }
            El::PropDict => {
                self.pre_space(emit);
            }
            El::Opt { els, anchor, plan, .. } => {
                let on = self.present(anchor);
                self.elems(&plan.print_then, emit && on);
                self.elems(els, emit && !on);
            }
            El::OIList(clauses) => {
                for c in clauses {
                    let on = c.iter().any(|x| matches!(x, El::Attr(_) | El::Operand(_)) && self.present(x));
                    self.elems(c, emit && on);
                }
            }
            _ => {
                self.pre_space(emit);
                if emit {
                    self.value(e);
                }
            }
        }
    }

    /// The names `attr-dict` leaves out: the attributes the format prints itself, the segment
    /// sizes and default-valued attributes holding their default.
    fn elided(&self) -> smallvec::SmallVec<[&'static str; 8]> {
        let def = self.ods.def;
        let mut v: smallvec::SmallVec<[&'static str; 8]> =
            self.ods.format.as_ref().unwrap().used_attrs.iter().map(|i| def.attrs[*i].name).collect();
        v.push("operandSegmentSizes");
        v.push("resultSegmentSizes");
        for (i, a) in def.attrs.iter().enumerate() {
            if a.default.is_some() {
                if let Some(x) = self.attr_of(i) {
                    if is_default(self.ods, i, x) {
                        v.push(a.name);
                    }
                }
            }
        }
        v
    }

    fn print_attr_dict(&mut self, kw: bool) {
        let ctx = self.ctx;
        let d = ctx.op(self.op);
        if d.properties().is_empty() && d.attributes().is_empty() {
            return;
        }
        // Most ops print every attribute they have elsewhere: then there is no dictionary to print
        // and no need to merge and sort the attributes (decided on symbols; for the rarer ops
        // whose other attributes are all elided, `print_named_attrs` prints nothing either).
        let used = &self.ods.used_syms;
        if !self.ods.attr_syms.is_empty() && d.all_attrs().iter().all(|na| used.contains(&na.name)) {
            return;
        }
        let elided = self.elided();
        let mut all: Vec<NamedAttribute> = d.all_attrs().to_vec();
        all.sort_by(|a, b| ctx.str(a.name).cmp(ctx.str(b.name)));
        self.p.print_named_attrs(&all, &elided, kw);
    }

    /// The types of an operand or result group, for `functional-type`.
    fn types_of(&self, e: &El) -> Vec<Type> {
        let mut ts = Vec::new();
        Self::walk_types(self.ctx, self.op, &self.oseg, &self.rseg, e, &mut |t| ts.push(t));
        ts
    }

    /// `type(x)`: the types of `x` separated by `, ` (as `print_type_list`).
    fn print_types_of(&mut self, e: &El) {
        let ctx = self.ctx;
        match e {
            El::Operand(i) => {
                let (s, end) = self.oseg.get(*i);
                for (k, v) in ctx.operands(self.op)[s..end].iter().enumerate() {
                    if k > 0 {
                        self.p.write(", ");
                    }
                    self.p.print_type(ctx.value_type(*v));
                }
                return;
            }
            El::Result(i) => {
                let (s, end) = self.rseg.get(*i);
                for (k, t) in ctx.result_types(self.op).skip(s).take(end - s).enumerate() {
                    if k > 0 {
                        self.p.write(", ");
                    }
                    self.p.print_type(t);
                }
                return;
            }
            _ => {}
        }
        let p = &mut *self.p;
        let mut first = true;
        Self::walk_types(self.ctx, self.op, &self.oseg, &self.rseg, e, &mut |t| {
            if !first {
                p.write(", ");
            }
            first = false;
            p.print_type(t);
        });
    }

    /// Call `f` with the type of each value of an operand or result group, in order (an
    /// associated function: `f` may hold the printer).
    fn walk_types(ctx: &Context, op: OpId, oseg: &Segs, rseg: &Segs, e: &El, f: &mut dyn FnMut(Type)) {
        match e {
            El::Operand(i) => {
                let (s, e) = oseg.get(*i);
                ctx.operands(op)[s..e].iter().for_each(|v| f(ctx.value_type(*v)));
            }
            El::Result(i) => {
                let (s, e) = rseg.get(*i);
                ctx.result_types(op).skip(s).take(e - s).for_each(f);
            }
            El::Operands => ctx.operands(op).iter().for_each(|v| f(ctx.value_type(*v))),
            El::Results => ctx.result_types(op).for_each(f),
            El::Ref(x) | El::Type(x) => Self::walk_types(ctx, op, oseg, rseg, x, f),
            _ => {}
        }
    }

    #[inline(never)]
    fn value(&mut self, e: &El) {
        let ctx = self.ctx;
        match e {
            El::Operand(i) => {
                let vs = self.operands_of(*i);
                self.p.print_operands(vs);
            }
            El::Operands => self.p.print_operands(ctx.operands(self.op)),
            El::Type(x) => self.print_types_of(x),
            El::Qualified(x) => match &**x {
                El::Attr(i) => {
                    if let Some(a) = self.attr_of(*i) {
                        self.p.print_attribute(a);
                    }
                }
                other => self.print_types_of(other),
            },
            El::FunctionalType(a, b) => {
                let (ia, ib) = (self.types_of(a), self.types_of(b));
                self.p.print_function_type(&ia, &ib);
            }
            El::Attr(i) => {
                if let Some(a) = self.attr_of(*i) {
                    print_attr(self.p, &self.ods.def.attrs[*i].kind, a);
                }
            }
            El::Region(i) if self.ods.def.regions.get(*i).is_some_and(|d| d.variadic) => {
                // A variadic region group (the last region definition): comma separated.
                let rs = ctx.op_regions(self.op).get(*i..).unwrap_or_default();
                for (k, &r) in rs.iter().enumerate() {
                    if k > 0 {
                        self.p.write(", ");
                    }
                    self.print_region(r);
                }
            }
            El::Region(i) => {
                if let Some(&r) = ctx.op_regions(self.op).get(*i) {
                    self.print_region(r);
                }
            }
            El::Regions => {
                for (k, &r) in ctx.op_regions(self.op).iter().enumerate() {
                    if k > 0 {
                        self.p.write(", ");
                    }
                    self.print_region(r);
                }
            }
            El::Succ(i) => {
                for (k, &b) in self.succs_of(*i).iter().enumerate() {
                    if k > 0 {
                        self.p.write(", ");
                    }
                    self.p.print_successor(b);
                }
            }
            El::Successors => {
                for (k, &b) in ctx.op(self.op).successors().iter().enumerate() {
                    if k > 0 {
                        self.p.write(", ");
                    }
                    self.p.print_successor(b);
                }
            }
            El::Custom(name, args) => {
                let oseg: super::Segments = (0..self.ods.def.operands.len()).map(|i| self.oseg.get(i)).collect();
                custom::print(self.p, self.op, self.ods, name, args, &oseg)
            }
            _ => {}
        }
    }

    fn succs_of(&self, i: usize) -> &'b [BlockId] {
        let all = self.ctx.op(self.op).successors();
        if self.ods.def.successors[i].variadic {
            &all[i..]
        } else {
            all.get(i..i + 1).unwrap_or_default()
        }
    }

    fn print_region(&mut self, r: RegionId) {
        let term = implicit_terminator(self.ods.def);
        let mut print_term = true;
        if term.is_some() {
            let ctx = self.ctx;
            if let Some(&b) = ctx.region_blocks(r).first() {
                if let Some(t) = ctx.block_last_op(b) {
                    let d = ctx.op(t);
                    print_term = !d.attributes().is_empty() || !d.operands().is_empty() || d.num_results() != 0;
                }
            }
        }
        self.p.print_region_ext(r, true, print_term, false);
    }
}

/// The implicit terminator of a `SingleBlockImplicitTerminator` op.
pub fn implicit_terminator(def: &OpDef) -> Option<&'static str> {
    def.trait_args("SingleBlockImplicitTerminator").next()
}

/// Print an attribute the way the declarative format does for its kind.
pub fn print_attr(p: &mut OpAsmPrinter<'_>, kind: &AttrKind, a: Attribute) {
    let ctx = p.ctx();
    match kind {
        AttrKind::DialectEnum { prefix, .. } | AttrKind::DialectAttr { prefix } => {
            p.print_stripped_attribute(a, prefix)
        }
        AttrKind::IntEnum { cases, .. } => {
            if let IrAttr::Integer { value, .. } = ctx.attr_kind(a) {
                if let Some(c) = cases.iter().find(|c| c.1 as i128 == *value) {
                    p.write(c.0);
                    return;
                }
            }
            p.print_attribute(a)
        }
        AttrKind::Int { .. } | AttrKind::Float { .. } | AttrKind::Bool => p.print_attribute_without_type(a),
        AttrKind::SymbolName => {
            if let IrAttr::String { value, .. } = ctx.attr_kind(a) {
                p.print_symbol_name(value);
            }
        }
        AttrKind::Type => {
            if let IrAttr::Type(t) = ctx.attr_kind(a) {
                let t = *t;
                p.print_type(t);
            }
        }
        AttrKind::DenseArray { .. } => {
            let s = attr_to_string(ctx, a);
            // `array<i64: 1, 2>` -> `[1, 2]`, `array<i64>` -> `[]`
            let inner = s.strip_prefix("array<").and_then(|r| r.strip_suffix('>')).unwrap_or("");
            let vals = inner.split_once(": ").map(|x| x.1).unwrap_or("");
            p.write("[");
            p.write(vals);
            p.write("]");
        }
        _ => p.print_attribute(a),
    }
}

/// The print hook of every op with a declarative format.
pub fn print_op(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let Some(ods) = ods_of(ctx, ctx.op(op).name()) else { return };
    let Some(fmt) = ods.format.as_ref() else { return };
    let rel = &ods.relations;
    let oseg = if rel.single_operands && !rel.attr_sized_operands {
        (ctx.operands(op).len() == ods.def.operands.len()).then_some(Segs(None))
    } else {
        operand_segments(ctx, op, ods).map(|s| Segs(Some(s)))
    };
    let rseg = if rel.single_results && !rel.attr_sized_results {
        (ctx.num_results(op) == ods.def.results.len()).then_some(Segs(None))
    } else {
        result_segments(ctx, op, ods).map(|s| Segs(Some(s)))
    };
    let (Some(oseg), Some(rseg)) = (oseg, rseg) else {
        // Malformed op: fall back to the generic form's body.
        p.write(" ");
        p.print_generic_op(op);
        return;
    };
    let mut pr = Printer { p, ctx, op, ods, oseg, rseg, space: true, last_punct: false };
    pr.elems(&fmt.elements, true);
}

// ---------------------------------------------------------------- parsing

/// What a format parse collects before the operation state is built.
pub struct Parsed {
    /// Operands per operand definition.
    pub operands: Vec<Vec<UnresolvedOperand>>,
    /// Types per operand definition, when the format gives them.
    pub otypes: Vec<Option<Types>>,
    /// Types per result definition.
    pub rtypes: Vec<Option<Types>>,
    /// Attributes per attribute definition.
    pub attrs: Vec<Option<Attribute>>,
    /// Regions per region definition.
    pub regions: Vec<Vec<RegionId>>,
    /// Successors per successor definition.
    pub succs: Vec<Vec<BlockId>>,
    /// The attribute dictionary.
    pub dict: Vec<NamedAttribute>,
    /// `operands` directive.
    pub all_operands: Option<Vec<UnresolvedOperand>>,
    /// `type(operands)`.
    pub all_otypes: Option<Types>,
    /// `type(results)`.
    pub all_rtypes: Option<Types>,
    /// Operands whose presence was seen (optional groups).
    pub seen: Vec<bool>,
}

impl Parsed {
    /// Empty state shaped for `def`.
    fn new(def: &OpDef) -> Box<Parsed> {
        fn nested<T>(n: usize) -> Vec<Vec<T>> {
            (0..n).map(|_| Vec::new()).collect()
        }
        Box::new(Parsed {
            operands: nested(def.operands.len()),
            otypes: vec![None; def.operands.len()],
            rtypes: vec![None; def.results.len()],
            attrs: vec![None; def.attrs.len()],
            regions: nested(def.regions.len().max(1)),
            succs: nested(def.successors.len()),
            dict: Vec::new(),
            all_operands: None,
            all_otypes: None,
            all_rtypes: None,
            seen: Vec::new(),
        })
    }

    /// The empty state of a parse of `ods`: the one a finished parse of the same op left (a
    /// successful parse moves everything out, leaving it empty and shaped for the def), else a
    /// new one. Ops nest: a parse of an op inside another of its kind gets a new one.
    fn take(ods: &OdsOp) -> Box<Parsed> {
        ods.parse_scratch.take().unwrap_or_else(|| Parsed::new(ods.def))
    }

    /// Hand the emptied state back for the next parse of `ods` ([`Parsed::take`]).
    fn give_back(self: Box<Self>, ods: &OdsOp) {
        debug_assert!(self.is_empty(ods.def), "{}: format parse state left dirty", ods.def.name);
        let mut slot = ods.parse_scratch.borrow_mut();
        if slot.is_none() {
            *slot = Some(self);
        }
    }

    /// Whether the state is as [`Parsed::new`] makes it (allocations aside).
    fn is_empty(&self, def: &OpDef) -> bool {
        self.operands.len() == def.operands.len()
            && self.operands.iter().all(Vec::is_empty)
            && self.otypes.len() == def.operands.len()
            && self.otypes.iter().all(Option::is_none)
            && self.rtypes.len() == def.results.len()
            && self.rtypes.iter().all(Option::is_none)
            && self.attrs.len() == def.attrs.len()
            && self.attrs.iter().all(Option::is_none)
            && self.regions.len() == def.regions.len().max(1)
            && self.regions.iter().all(Vec::is_empty)
            && self.succs.len() == def.successors.len()
            && self.succs.iter().all(Vec::is_empty)
            && self.dict.is_empty()
            && self.all_operands.is_none()
            && self.all_otypes.is_none()
            && self.all_rtypes.is_none()
            && self.seen.is_empty()
    }
}

/// The types of an operand or result definition (one or two inline: no allocation).
pub type Types = smallvec::SmallVec<[Type; 2]>;

/// `n` copies of `t`.
fn filled(t: Type, n: usize) -> Types {
    if n <= 2 {
        Types::from_buf_and_len([t; 2], n)
    } else {
        Types::from_elem(t, n)
    }
}

/// `v` becomes the single operand `o` (keeping its allocation).
fn set_single(v: &mut Vec<UnresolvedOperand>, o: UnresolvedOperand) {
    v.clear();
    v.push(o);
}

fn parse_lit(p: &mut OpAsmParser<'_, '_>, l: &Lit) -> ParseResult<()> {
    match l.kind {
        LitKind::Empty | LitKind::Space | LitKind::Newline => Ok(()),
        LitKind::Comma => p.parse_comma(),
        LitKind::LParen => p.parse_lparen(),
        LitKind::RParen => p.parse_rparen(),
        LitKind::LSquare => p.parse_lsquare(),
        LitKind::RSquare => p.parse_rsquare(),
        LitKind::LBrace => p.parse_lbrace(),
        LitKind::RBrace => p.parse_rbrace(),
        LitKind::Less => p.parse_less(),
        LitKind::Greater => p.parse_greater(),
        LitKind::Equal => p.parse_equal(),
        LitKind::Colon => p.parse_colon(),
        LitKind::Arrow => p.parse_arrow(),
        LitKind::Question => p.parse_question(),
        LitKind::Star => p.parse_star(),
        LitKind::VBar => p.parse_vertical_bar(),
        LitKind::Ellipsis => p.parse_ellipsis(),
        LitKind::Plus => p.parse_plus(),
        LitKind::Minus => p.parse_minus(),
        LitKind::Keyword => p.parse_keyword(&l.text),
    }
}

fn parse_optional_lit(p: &mut OpAsmParser<'_, '_>, l: &Lit) -> bool {
    match l.kind {
        LitKind::Empty | LitKind::Space | LitKind::Newline => true,
        LitKind::Comma => p.parse_optional_comma(),
        LitKind::LParen => p.parse_optional_lparen(),
        LitKind::RParen => p.parse_optional_rparen(),
        LitKind::LSquare => p.parse_optional_lsquare(),
        LitKind::RSquare => p.parse_optional_rsquare(),
        LitKind::LBrace => p.parse_optional_lbrace(),
        LitKind::RBrace => p.parse_optional_rbrace(),
        LitKind::Less => p.parse_optional_less(),
        LitKind::Greater => p.parse_optional_greater(),
        LitKind::Equal => p.parse_optional_equal(),
        LitKind::Colon => p.parse_optional_colon(),
        LitKind::Arrow => p.parse_optional_arrow(),
        LitKind::Question => p.parse_optional_question(),
        LitKind::Star => p.parse_optional_star(),
        LitKind::VBar => p.parse_optional_vertical_bar(),
        LitKind::Ellipsis => p.parse_optional_ellipsis(),
        LitKind::Plus => p.parse_optional_plus(),
        LitKind::Minus => p.parse_optional_minus(),
        LitKind::Keyword => p.parse_optional_keyword(&l.text),
    }
}

/// Parse an attribute of `kind` as the format writes it.
pub fn parse_attr(p: &mut OpAsmParser<'_, '_>, kind: &AttrKind, attr_name: &str) -> ParseResult<Attribute> {
    match kind {
        AttrKind::DialectEnum { prefix, bit, sep, cases, .. } => {
            p.parse_less()?;
            // The keywords' case (a plain enum) or the union of their bits (a bit enum).
            let mut case;
            let mut val = 0i64;
            loop {
                let pos = p.current_pos();
                let w = p.parse_keyword_any()?;
                let Some(i) = cases.iter().position(|c| c.0 == w) else {
                    return Err(p.emit_error_at(
                        pos,
                        format!(
                            "expected one of [{}] for {}",
                            cases.iter().map(|c| c.0).collect::<Vec<_>>().join(", "),
                            &prefix[1..]
                        ),
                    ));
                };
                case = i;
                val |= cases[i].1;
                if !*bit || !p.parse_optional_comma() {
                    break;
                }
            }
            p.parse_greater()?;
            // One attribute per enum and value (bit enums) or case (plain ones) for the whole
            // parse: most ops repeat a few.
            if *bit {
                Ok(p.memoized_attr((prefix, val as u64), |ctx| {
                    enum_attr(ctx, prefix, &stringify_bits(cases, val, sep))
                }))
            } else {
                Ok(p.memoized_attr((prefix, case as u64), |ctx| enum_attr(ctx, prefix, cases[case].0)))
            }
        }
        AttrKind::DialectAttr { prefix } => {
            // `<...>` of the attribute: re-read whole through the attribute parser.
            let pos = p.current_pos();
            let _ = pos;
            let a = p.parse_attribute()?;
            let _ = prefix;
            Ok(a)
        }
        AttrKind::IntEnum { width, cases } => {
            let pos = p.current_pos();
            let w = match p.parse_optional_keyword_or_string() {
                Some(w) => w,
                None => return Err(p.emit_error("expected keyword or string")),
            };
            let Some(c) = cases.iter().find(|c| c.0 == w) else {
                return Err(p.emit_error_at(
                    pos,
                    format!(
                        "expected string or keyword containing one of the following enum values for attribute '{}' [{}]",
                        attr_name,
                        cases.iter().map(|c| c.0).collect::<Vec<_>>().join(", ")
                    ),
                ));
            };
            let ty = p.ctx().int_type(*width);
            Ok(p.ctx().int_attr(c.1 as i128, ty))
        }
        AttrKind::Unit => Ok(p.ctx().unit_attr()),
        AttrKind::Bool => {
            if p.parse_optional_keyword("true") {
                Ok(p.ctx().bool_attr(true))
            } else if p.parse_optional_keyword("false") {
                Ok(p.ctx().bool_attr(false))
            } else {
                Err(p.emit_error("expected 'true' or 'false'"))
            }
        }
        AttrKind::Int { ty } => {
            let t = strata_ir::parser::parse_type_str(p.ctx(), ty).map_err(|_| p.emit_error("bad type"))?;
            p.parse_attribute_of_type(t)
        }
        AttrKind::Float { ty } => {
            let t = strata_ir::parser::parse_type_str(p.ctx(), ty).map_err(|_| p.emit_error("bad type"))?;
            p.parse_attribute_of_type(t)
        }
        AttrKind::Str => {
            let s = p.parse_string()?;
            Ok(p.ctx().string_attr(&s))
        }
        AttrKind::SymbolName => {
            let mut v = Vec::new();
            p.parse_symbol_name("x", &mut v)?;
            Ok(v[0].value)
        }
        AttrKind::Type => {
            let t = p.parse_type()?;
            Ok(p.ctx().type_attr(t))
        }
        AttrKind::DenseArray { elt } => {
            let t = strata_ir::parser::parse_type_str(p.ctx(), elt).map_err(|_| p.emit_error("bad type"))?;
            let mut vals = Vec::new();
            p.parse_comma_separated_list(Delimiter::Square, "", |p| {
                if *elt == "i1" {
                    if p.parse_optional_keyword("true") {
                        vals.push(1);
                    } else {
                        p.parse_keyword("false")?;
                        vals.push(0);
                    }
                } else if elt.starts_with('f') {
                    let f = p.parse_float()?;
                    vals.push(f.to_bits() as i64);
                } else {
                    vals.push(p.parse_integer()?);
                }
                Ok(())
            })?;
            Ok(p.ctx().intern_attr(IrAttr::DenseArray { element: t, values: vals }))
        }
        _ => p.parse_attribute(),
    }
}

/// The enum attribute `{prefix}<{cases}>` (`#arith.fastmath<nnan, ninf>` from
/// `#arith.fastmath` and canonical cases): interned directly, as the attribute parser and the
/// dialect's body hook ([`super::enum_attr_body`]) would make it from that text.
pub fn enum_attr(ctx: &mut Context, prefix: &str, cases: &str) -> Attribute {
    let (dialect, mnemonic) = prefix[1..].split_once('.').unwrap_or((&prefix[1..], ""));
    let dialect = ctx.sym(dialect);
    let mut body = String::with_capacity(mnemonic.len() + cases.len() + 2);
    body.push_str(mnemonic);
    body.push('<');
    body.push_str(cases);
    body.push('>');
    ctx.intern_attr(IrAttr::Dialect { dialect, body, opaque: false })
}

/// The canonical body of an enum attribute from its keywords (bit enums: groups first, then
/// single bits, in definition order, as MLIR's generated `stringify` functions do).
pub fn canonical_enum(cases: &[(&str, i64)], bit: bool, sep: &str, words: &[String]) -> String {
    if !bit {
        return words.first().cloned().unwrap_or_default();
    }
    let mut val = 0i64;
    for w in words {
        if let Some(c) = cases.iter().find(|c| c.0 == w) {
            val |= c.1;
        }
    }
    stringify_bits(cases, val, sep)
}

/// MLIR's bit enum stringification.
pub fn stringify_bits(cases: &[(&str, i64)], mut val: i64, sep: &str) -> String {
    if val == 0 {
        return cases.iter().find(|c| c.1 == 0).map(|c| c.0.to_string()).unwrap_or_default();
    }
    let mut out = Vec::new();
    for c in cases {
        if c.1 != 0 && (c.1 as u64).count_ones() > 1 && (val & c.1) == c.1 {
            out.push(c.0);
            val &= !c.1;
        }
    }
    for c in cases {
        if c.1 != 0 && (c.1 as u64).count_ones() == 1 && (val & c.1) == c.1 {
            out.push(c.0);
        }
    }
    out.join(sep)
}

struct PState<'d> {
    def: &'d OpDef,
    r: Box<Parsed>,
}

impl PState<'_> {
    fn els(&mut self, p: &mut OpAsmParser<'_, '_>, els: &[El]) -> ParseResult<()> {
        for e in els {
            self.el(p, e)?;
        }
        Ok(())
    }

    /// Parse the first element of an optional group if present; returns whether it was.
    fn optional_first(&mut self, p: &mut OpAsmParser<'_, '_>, e: &El) -> ParseResult<bool> {
        match e {
            El::Lit(l) => Ok(parse_optional_lit(p, l)),
            El::Operand(i) => {
                let d = &self.def.operands[*i];
                if d.var == Var::Variadic {
                    let ops = p.parse_operand_list(Delimiter::None)?;
                    let any = !ops.is_empty();
                    self.r.operands[*i] = ops;
                    Ok(any)
                } else {
                    match p.parse_optional_operand()? {
                        Some(o) => {
                            set_single(&mut self.r.operands[*i], o);
                            Ok(true)
                        }
                        None => Ok(false),
                    }
                }
            }
            El::Region(i) => {
                let mut r = p.ctx().create_region();
                if p.parse_optional_region(&mut r, &[], false)? {
                    self.finish_region(p, r);
                    self.r.regions[*i].push(r);
                    Ok(true)
                } else {
                    Ok(false)
                }
            }
            El::Type(x) => match &**x {
                El::Operand(_) | El::Result(_) => match p.parse_optional_type()? {
                    Some(t) => {
                        let mut ts = Types::new();
                        ts.push(t);
                        while p.parse_optional_comma() {
                            ts.push(p.parse_type()?);
                        }
                        self.set_types(x, ts);
                        Ok(true)
                    }
                    None => Ok(false),
                },
                _ => Ok(false),
            },
            El::Attr(i) => {
                let kind = &self.def.attrs[*i].kind;
                let a = match kind {
                    AttrKind::DialectEnum { .. } => {
                        if !p.parse_optional_less() {
                            return Ok(false);
                        }
                        return Err(p.emit_error("unsupported optional enum position"));
                    }
                    AttrKind::IntEnum { width, cases } => {
                        let names: Vec<&str> = cases.iter().map(|c| c.0).collect();
                        match p.parse_optional_keyword_of(&names) {
                            Some(w) => {
                                let v = cases.iter().find(|c| c.0 == w).map(|c| c.1).unwrap_or(0);
                                let ty = p.ctx().int_type(*width);
                                Some(p.ctx().int_attr(v as i128, ty))
                            }
                            None => None,
                        }
                    }
                    AttrKind::Unit => {
                        return Ok(false);
                    }
                    AttrKind::Any | AttrKind::Array | AttrKind::AffineMap | AttrKind::Elements | AttrKind::Dict => {
                        p.parse_optional_attribute()?
                    }
                    AttrKind::DenseArray { .. } => {
                        // `[` starts it.
                        Some(parse_attr(p, kind, "").ok()).flatten()
                    }
                    _ => p.parse_optional_attribute()?,
                };
                match a {
                    Some(a) => {
                        self.r.attrs[*i] = Some(a);
                        Ok(true)
                    }
                    None => Ok(false),
                }
            }
            _ => {
                self.el(p, e)?;
                Ok(true)
            }
        }
    }

    fn set_types(&mut self, x: &El, ts: Types) {
        match x {
            El::Operand(i) => self.r.otypes[*i] = Some(ts),
            El::Result(i) => self.r.rtypes[*i] = Some(ts),
            El::Operands => self.r.all_otypes = Some(ts),
            El::Results => self.r.all_rtypes = Some(ts),
            El::Ref(_) => {}
            _ => {}
        }
    }

    fn finish_region(&mut self, p: &mut OpAsmParser<'_, '_>, r: RegionId) {
        if let Some(term) = implicit_terminator(self.def) {
            let loc = p.current_loc();
            ensure_terminator(p.ctx(), r, term, loc);
        }
    }

    fn el(&mut self, p: &mut OpAsmParser<'_, '_>, e: &El) -> ParseResult<()> {
        // The common elements here, the rest in `el_rest` (a small function for the hot loop).
        match e {
            El::Lit(l) => parse_lit(p, l),
            El::Operand(i) if self.def.operands[*i].var == Var::Single => {
                let o = p.parse_operand()?;
                set_single(&mut self.r.operands[*i], o);
                Ok(())
            }
            El::Type(x) if self.single_value(x) => {
                let t = p.parse_type()?;
                self.set_types(x, filled(t, 1));
                Ok(())
            }
            _ => self.el_rest(p, e),
        }
    }

    /// Whether `x` is an operand or result definition of one value.
    fn single_value(&self, x: &El) -> bool {
        match x {
            El::Operand(i) => self.def.operands[*i].var == Var::Single,
            El::Result(i) => self.def.results[*i].var == Var::Single,
            _ => false,
        }
    }

    #[inline(never)]
    fn el_rest(&mut self, p: &mut OpAsmParser<'_, '_>, e: &El) -> ParseResult<()> {
        match e {
            El::Lit(l) => parse_lit(p, l),
            El::Operand(i) => {
                let d = &self.def.operands[*i];
                match d.var {
                    Var::Single => {
                        let o = p.parse_operand()?;
                        set_single(&mut self.r.operands[*i], o);
                    }
                    Var::Optional => {
                        if let Some(o) = p.parse_optional_operand()? {
                            set_single(&mut self.r.operands[*i], o);
                        }
                    }
                    _ => {
                        self.r.operands[*i] = p.parse_operand_list(Delimiter::None)?;
                    }
                }
                Ok(())
            }
            El::Operands => {
                self.r.all_operands = Some(p.parse_operand_list(Delimiter::None)?);
                Ok(())
            }
            El::AttrDict(kw) => {
                let mut v = Vec::new();
                if *kw {
                    p.parse_optional_attr_dict_with_keyword(&mut v)?;
                } else {
                    p.parse_optional_attr_dict(&mut v)?;
                }
                self.r.dict.extend(v);
                Ok(())
            }
            El::PropDict => {
                let mut v = Vec::new();
                p.parse_optional_prop_dict(&mut v)?;
                self.r.dict.extend(v);
                Ok(())
            }
            El::Type(x) | El::Qualified(x) => {
                if let El::Attr(i) = &**x {
                    let a = p.parse_attribute()?;
                    self.r.attrs[*i] = Some(a);
                    return Ok(());
                }
                let many = match &**x {
                    El::Operand(i) => self.def.operands[*i].var != Var::Single,
                    El::Result(i) => self.def.results[*i].var != Var::Single,
                    _ => true,
                };
                let ts = if many {
                    let mut ts = Types::new();
                    if let Some(t) = p.parse_optional_type()? {
                        ts.push(t);
                        while p.parse_optional_comma() {
                            ts.push(p.parse_type()?);
                        }
                    }
                    ts
                } else {
                    let t = p.parse_type()?;
                    filled(t, 1)
                };
                self.set_types(x, ts);
                Ok(())
            }
            El::FunctionalType(a, b) => {
                let (ins, outs) = p.parse_function_type()?;
                self.set_types(a, Types::from_vec(ins));
                self.set_types(b, Types::from_vec(outs));
                Ok(())
            }
            El::Attr(i) => {
                let a = parse_attr(p, &self.def.attrs[*i].kind, self.def.attrs[*i].name)?;
                self.r.attrs[*i] = Some(a);
                Ok(())
            }
            El::Region(i) if self.def.regions[*i].variadic => {
                loop {
                    let mut r = p.ctx().create_region();
                    if !p.parse_optional_region(&mut r, &[], false)? {
                        break;
                    }
                    self.finish_region(p, r);
                    self.r.regions[*i].push(r);
                    if !p.parse_optional_comma() {
                        break;
                    }
                }
                Ok(())
            }
            El::Region(i) => {
                let mut r = p.ctx().create_region();
                p.parse_region(&mut r, &[], false)?;
                self.finish_region(p, r);
                self.r.regions[*i].push(r);
                Ok(())
            }
            El::Regions => {
                loop {
                    let mut r = p.ctx().create_region();
                    if !p.parse_optional_region(&mut r, &[], false)? {
                        break;
                    }
                    self.finish_region(p, r);
                    let last = self.r.regions.len() - 1;
                    self.r.regions[last].push(r);
                    if !p.parse_optional_comma() {
                        break;
                    }
                }
                Ok(())
            }
            El::Succ(i) => {
                if self.def.successors[*i].variadic {
                    if let Some(b) = p.parse_optional_successor()? {
                        self.r.succs[*i].push(b);
                        while p.parse_optional_comma() {
                            let b = p.parse_successor()?;
                            self.r.succs[*i].push(b);
                        }
                    }
                } else {
                    let b = p.parse_successor()?;
                    self.r.succs[*i].push(b);
                }
                Ok(())
            }
            El::Successors => Ok(()),
            El::Custom(name, args) => custom::parse(p, self.def, &mut self.r, name, args),
            El::Opt { els, plan, .. } => {
                // As MLIR, the group's first element that is not whitespace (`` or ` `) guards it.
                let Some(first) = &plan.parse_first else { return Ok(()) };
                if self.optional_first(p, first)? {
                    if let Some(i) = plan.unit_attr {
                        self.r.attrs[i] = Some(p.ctx().unit_attr());
                    }
                    self.els(p, &plan.parse_rest)?;
                } else {
                    self.els(p, els)?;
                }
                Ok(())
            }
            El::OIList(clauses) => {
                let mut done = vec![false; clauses.len()];
                loop {
                    let mut matched = false;
                    for (k, c) in clauses.iter().enumerate() {
                        let Some(El::Lit(kw)) = c.first() else { continue };
                        if done[k] || !p.parse_optional_keyword(&kw.text) {
                            continue;
                        }
                        done[k] = true;
                        matched = true;
                        for x in &c[1..] {
                            self.el(p, x)?;
                        }
                        break;
                    }
                    if !matched {
                        return Ok(());
                    }
                }
            }
            El::Result(_) | El::Results | El::Ref(_) | El::Str(_) => Ok(()),
        }
    }
}

/// MLIR's `ensureTerminator`: the last block of `r` ends with a terminator, else `term` (no
/// operands) is appended; an empty region gets a block.
pub fn ensure_terminator(ctx: &mut Context, r: RegionId, term: &str, loc: Attribute) {
    let b = match ctx.region_blocks(r).last() {
        Some(b) => *b,
        None => {
            let b = ctx.create_block(&[]);
            ctx.append_block(r, b);
            b
        }
    };
    if let Some(last) = ctx.block_last_op(b) {
        if ctx.op_has_trait(last, strata_ir::dialect::Traits::IS_TERMINATOR) {
            return;
        }
        // An unregistered op may be a terminator: MLIR checks the trait only.
    }
    let name = ctx.op_name(term);
    let t = ctx.create_op(OperationState::new(name, loc));
    ctx.append_op(b, t);
}

/// Whether [`buildable`] gives a type for `cons`.
pub fn is_buildable(cons: &str) -> bool {
    matches!(cons, "Index" | "I1" | "I8" | "I16" | "I32" | "I64" | "F32" | "F64")
}

/// A constant type of a buildable ODS constraint ([`is_buildable`]).
pub fn buildable(ctx: &mut Context, cons: &str) -> Option<Type> {
    Some(match cons {
        "Index" => ctx.index_type(),
        "I1" => ctx.int_type(1),
        "I8" => ctx.int_type(8),
        "I16" => ctx.int_type(16),
        "I32" => ctx.int_type(32),
        "I64" => ctx.int_type(64),
        "F32" => ctx.float_type(strata_ir::types::FloatKind::F32),
        "F64" => ctx.float_type(strata_ir::types::FloatKind::F64),
        _ => return None,
    })
}

/// Resolve the types of operands and results the format did not give, from the op's traits
/// and inference hook; `counts` are the operand counts per definition.
pub fn infer_types(
    p: &mut OpAsmParser<'_, '_>,
    ods: &OdsOp,
    r: &mut Parsed,
    props: &[NamedAttribute],
) -> ParseResult<()> {
    let def = ods.def;
    // Spread `type(operands)` / `type(results)`.
    if let Some(all) = r.all_otypes.take() {
        spread(&mut r.otypes, def.operands, &r.operands, all);
    }
    if let Some(all) = r.all_rtypes.take() {
        if def.results.len() == 1 {
            r.rtypes[0] = Some(all);
        } else {
            for (i, t) in all.into_iter().enumerate() {
                if i < r.rtypes.len() {
                    r.rtypes[i] = Some(filled(t, 1));
                }
            }
        }
    }
    let rel = &ods.relations;
    if rel.buildable_operands {
        for (i, d) in def.operands.iter().enumerate() {
            if r.otypes[i].is_none() {
                if let Some(t) = buildable(p.ctx(), d.cons) {
                    let n = r.operands[i].len();
                    r.otypes[i] = Some(filled(t, n));
                }
            }
        }
    }
    if rel.buildable_results {
        for (i, d) in def.results.iter().enumerate() {
            if r.rtypes[i].is_none() && d.var == Var::Single {
                if let Some(t) = buildable(p.ctx(), d.cons) {
                    r.rtypes[i] = Some(filled(t, 1));
                }
            }
        }
    }
    // Propagate equalities until nothing changes (the relations were resolved to operand and
    // result indices at registration).
    for _ in 0..4 {
        let mut changed = false;
        let same_all = rel.same_operands_and_result_type;
        let same_ops = rel.same_type_operands || same_all;
        if same_ops {
            let mut known = first_type(&r.otypes);
            if known.is_none() && same_all {
                known = first_type(&r.rtypes);
            }
            if let Some(t) = known {
                for (ts, us) in r.otypes.iter_mut().zip(&r.operands) {
                    if ts.is_none() {
                        *ts = Some(filled(t, us.len()));
                        changed = true;
                    }
                }
                if same_all {
                    for (i, d) in def.results.iter().enumerate() {
                        if r.rtypes[i].is_none() && d.var == Var::Single {
                            r.rtypes[i] = Some(filled(t, 1));
                            changed = true;
                        }
                    }
                }
            }
        }
        for group in &rel.all_types_match_defs {
            let known = group.iter().find_map(|&(is_op, i)| {
                let v = if is_op { &r.otypes[i] } else { &r.rtypes[i] };
                v.as_ref().and_then(|x| x.first().copied())
            });
            if let Some(t) = known {
                for &(is_op, i) in group {
                    if is_op && r.otypes[i].is_none() {
                        let n = r.operands[i].len();
                        r.otypes[i] = Some(filled(t, n));
                        changed = true;
                    } else if !is_op && r.rtypes[i].is_none() {
                        r.rtypes[i] = Some(filled(t, 1));
                        changed = true;
                    }
                }
            }
        }
        for &(l, rr, tr) in &rel.types_match_with_defs {
            let lt = if l.0 { &r.otypes[l.1] } else { &r.rtypes[l.1] };
            let Some(lt) = lt.as_ref().and_then(|x| x.first().copied()) else { continue };
            let target_known = if rr.0 { r.otypes[rr.1].is_some() } else { r.rtypes[rr.1].is_some() };
            if target_known {
                continue;
            }
            if let Some(ts) = super::transform_type(p.ctx(), tr, lt) {
                if rr.0 {
                    let n = r.operands[rr.1].len();
                    r.otypes[rr.1] = Some(if ts.len() == 1 { filled(ts[0], n) } else { Types::from_vec(ts) });
                } else {
                    r.rtypes[rr.1] = Some(Types::from_vec(ts));
                }
                changed = true;
            }
        }
        // Without other relations, one round of the (idempotent) same-type rule is all.
        if !changed || (rel.all_types_match_defs.is_empty() && rel.types_match_with_defs.is_empty()) {
            break;
        }
    }
    if r.rtypes.iter().any(|t| t.is_none()) {
        if let Some(f) = ods.infer {
            if r.otypes.iter().all(|t| t.is_some()) {
                let ots: Vec<Type> = r.otypes.iter().flatten().flatten().copied().collect();
                let rts = f(p.ctx(), &ots, props).map_err(|e| p.emit_error(e))?;
                if def.results.len() == 1 {
                    r.rtypes[0] = Some(Types::from_vec(rts));
                } else {
                    for (i, t) in rts.into_iter().enumerate() {
                        if i < r.rtypes.len() && r.rtypes[i].is_none() {
                            r.rtypes[i] = Some(filled(t, 1));
                        }
                    }
                }
            }
        }
    }
    for (i, d) in def.results.iter().enumerate() {
        if r.rtypes[i].is_none() {
            if d.var == Var::Single {
                return Err(p.emit_error(format!("cannot infer the type of result '{}'", d.name)));
            }
            r.rtypes[i] = Some(Types::new());
        }
    }
    for ((ts, us), d) in r.otypes.iter_mut().zip(&r.operands).zip(def.operands) {
        if ts.is_none() {
            if us.is_empty() {
                *ts = Some(Types::new());
            } else {
                return Err(p.emit_error(format!("cannot infer the type of operand '{}'", d.name)));
            }
        }
    }
    Ok(())
}

/// The first type of the first definition that has one.
fn first_type(types: &[Option<Types>]) -> Option<Type> {
    types.iter().find_map(|ts| ts.as_ref().and_then(|ts| ts.first().copied()))
}

fn spread(otypes: &mut [Option<Types>], defs: &[super::ArgDef], operands: &[Vec<UnresolvedOperand>], all: Types) {
    let mut at = 0;
    for (i, _) in defs.iter().enumerate() {
        let n = operands[i].len();
        otypes[i] = Some(all.get(at..at + n).map(Types::from_slice).unwrap_or_default());
        at += n;
    }
}

/// The parse hook of every op with a declarative format.
pub fn parse_op(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let name = st.name;
    // The `OdsOp` lives in an `Rc` owned by the context's op table: hold a reference of our own
    // while `p` (and so the context) is borrowed mutably.
    let ods = p.context().op_info(name).and_then(|i| i.ext.clone()).and_then(|e| e.downcast::<OdsOp>().ok());
    let Some(ods) = ods else { return Err(p.emit_error("op has no format")) };
    let def: &'static OpDef = ods.def;
    let Some(fmt) = &ods.format else { return Err(p.emit_error("op has no format")) };
    let mut ps = PState { def, r: Parsed::take(&ods) };
    ps.els(p, &fmt.elements)?;
    let mut r = ps.r;
    // `operands` directive: spread over the definitions (one variadic at most).
    if let Some(all) = r.all_operands.take() {
        let singles = def.operands.iter().filter(|d| d.var == Var::Single).count();
        let extra = all.len().saturating_sub(singles);
        let mut at = 0;
        for (i, d) in def.operands.iter().enumerate() {
            let n = if d.var == Var::Single { 1 } else { extra };
            r.operands[i] = all.get(at..at + n).map(|s| s.to_vec()).unwrap_or_default();
            at += n;
        }
    }
    // Attributes: format variables and the dictionary's inherent entries are properties
    // (collected in the state, which the hook receives empty).
    let props = &mut st.properties;
    for (i, a) in r.attrs.iter_mut().enumerate() {
        if let Some(a) = a.take() {
            let n = ods.attr_sym(p.ctx(), i);
            props.push(NamedAttribute { name: n, value: a });
        }
    }
    for na in r.dict.drain(..) {
        let inherent = (0..def.attrs.len()).any(|i| ods.attr_sym(p.ctx(), i) == na.name) || {
            let n = p.context().str(na.name);
            n == "operandSegmentSizes" || n == "resultSegmentSizes"
        };
        if inherent {
            props.push(na);
        } else {
            st.attributes.push(na);
        }
    }
    infer_types(p, &ods, &mut r, props)?;
    // Resolve operands.
    let mut sizes = Vec::new();
    for (us, ts) in r.operands.iter_mut().zip(&mut r.otypes) {
        let ts = ts.take().expect("inferred");
        if ts.len() != us.len() {
            return Err(p.emit_error(format!("{} operands present, but expected {}", us.len(), ts.len())));
        }
        p.resolve_operands(us, &ts, &mut st.operands)?;
        if ods.relations.attr_sized_operands {
            sizes.push(us.len() as i64);
        }
        us.clear();
    }
    if ods.relations.attr_sized_operands && !props.iter().any(|na| p.context().str(na.name) == "operandSegmentSizes") {
        let i32t = p.ctx().int_type(32);
        let a = p.ctx().intern_attr(IrAttr::DenseArray { element: i32t, values: sizes });
        let n = p.ctx().sym("operandSegmentSizes");
        props.push(NamedAttribute { name: n, value: a });
    }
    let mut rsizes = Vec::new();
    for t in &mut r.rtypes {
        let t = t.take().expect("inferred");
        st.result_types.extend(t.iter().copied());
        if ods.relations.attr_sized_results {
            rsizes.push(t.len() as i64);
        }
    }
    if ods.relations.attr_sized_results {
        let i32t = p.ctx().int_type(32);
        let a = p.ctx().intern_attr(IrAttr::DenseArray { element: i32t, values: rsizes });
        let n = p.ctx().sym("resultSegmentSizes");
        props.push(NamedAttribute { name: n, value: a });
    }
    for (k, rs) in r.regions.iter_mut().enumerate() {
        if k < def.regions.len() {
            st.regions.append(rs);
        } else {
            rs.clear();
        }
    }
    for s in &mut r.succs {
        st.successors.append(s);
    }
    r.give_back(&ods);
    Ok(())
}

/// The ODS definition of the op being printed or parsed (for custom directives).
pub fn def_of(ctx: &Context, op: OpId) -> Option<&'static OpDef> {
    super::ods_of_op(ctx, op).map(|o| o.def)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ods::*;

    /// Every enum attribute of every table, interned directly, is the attribute its text parses
    /// to (what the format read before it interned them directly).
    #[test]
    fn enum_attrs_match_their_parsed_text() {
        let mut ctx = Context::new();
        crate::register_all(&mut ctx);
        let tables: [&[OpDef]; 11] = [
            gen_affine::OPS,
            gen_arith::OPS,
            gen_bufferization::OPS,
            gen_cf::OPS,
            gen_complex::OPS,
            gen_linalg::OPS,
            gen_math::OPS,
            gen_memref::OPS,
            gen_scf::OPS,
            gen_tensor::OPS,
            gen_vector::OPS,
        ];
        let mut checked = 0;
        for defs in tables {
            for d in defs {
                for a in d.attrs {
                    let AttrKind::DialectEnum { prefix, bit, sep, cases, .. } = &a.kind else { continue };
                    let mut bodies: Vec<String> = cases.iter().map(|c| c.0.to_string()).collect();
                    if *bit {
                        let all = cases.iter().fold(0, |v, c| v | c.1);
                        for v in 0..=all.min(255) {
                            bodies.push(stringify_bits(cases, v, sep));
                        }
                    }
                    for b in bodies {
                        if b.is_empty() {
                            continue;
                        }
                        let direct = enum_attr(&mut ctx, prefix, &b);
                        let parsed = strata_ir::parser::parse_attr_str(&mut ctx, &format!("{prefix}<{b}>"))
                            .unwrap_or_else(|_| panic!("{prefix}<{b}> does not parse"));
                        assert_eq!(direct, parsed, "{prefix}<{b}>");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 100, "{checked}");
    }
}
