//! Check patterns: parsing of a directive's pattern text into a regular
//! expression with variable definitions and substitutions, numeric
//! expressions (`[[#...]]`), and matching against input text.
//!
//! This follows `llvm/lib/FileCheck/FileCheck.cpp` (`Pattern::parsePattern`,
//! `Pattern::match`, `parseNumericSubstitutionBlock`, ...) closely, including
//! its diagnostics, so that check files behave exactly as under FileCheck.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use super::regex::{self, Flags, Regex};
use super::source::{write_escaped, DiagKind, Loc, SourceMgr, Span};
use super::Request;

/// The directive kind of a check line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CheckKind {
    None,
    Plain,
    Next,
    Same,
    Not,
    Dag,
    Label,
    Empty,
    Comment,
    /// Implicit end-of-file pattern for trailing CHECK-DAG/CHECK-NOT.
    Eof,
    Misspelled,
    BadNot,
    BadCount,
}

/// A directive kind plus its `-COUNT-<n>` count and `{LITERAL}` modifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CheckType {
    pub kind: CheckKind,
    pub count: u32,
    pub literal: bool,
}

impl CheckType {
    pub(crate) fn new(kind: CheckKind) -> CheckType {
        CheckType { kind, count: 1, literal: false }
    }

    fn modifiers_description(&self) -> &'static str {
        if self.literal {
            "{LITERAL}"
        } else {
            ""
        }
    }

    /// `FileCheckType::getDescription`: e.g. `CHECK-NEXT`, `CHECK{LITERAL}`.
    pub(crate) fn description(&self, prefix: &[u8]) -> Vec<u8> {
        let suffix = match self.kind {
            CheckKind::None => return b"invalid".to_vec(),
            CheckKind::Misspelled => return b"misspelled".to_vec(),
            CheckKind::Comment => return prefix.to_vec(),
            CheckKind::Eof => return b"implicit EOF".to_vec(),
            CheckKind::BadNot => return b"bad NOT".to_vec(),
            CheckKind::BadCount => return b"bad COUNT".to_vec(),
            CheckKind::Plain => {
                if self.count > 1 {
                    "-COUNT"
                } else {
                    ""
                }
            }
            CheckKind::Next => "-NEXT",
            CheckKind::Same => "-SAME",
            CheckKind::Not => "-NOT",
            CheckKind::Dag => "-DAG",
            CheckKind::Label => "-LABEL",
            CheckKind::Empty => "-EMPTY",
        };
        let mut d = prefix.to_vec();
        d.extend_from_slice(suffix.as_bytes());
        d.extend_from_slice(self.modifiers_description().as_bytes());
        d
    }

    /// Label used in the annotated input dump (`check`, `next`, ...).
    pub(crate) fn abbreviation(&self) -> String {
        let base = match self.kind {
            CheckKind::None => "none",
            CheckKind::Misspelled => "misspelled",
            CheckKind::Plain => {
                if self.count > 1 {
                    "count"
                } else {
                    "check"
                }
            }
            CheckKind::Next => "next",
            CheckKind::Same => "same",
            CheckKind::Not => "not",
            CheckKind::Dag => "dag",
            CheckKind::Label => "label",
            CheckKind::Empty => "empty",
            CheckKind::Comment => "com",
            CheckKind::Eof => "eof",
            CheckKind::BadNot => "bad-not",
            CheckKind::BadCount => "bad-count",
        };
        base.to_string()
    }
}

/// A diagnostic produced while parsing or matching (an LLVM
/// `ErrorDiagnostic`); printed at `loc` without a range underline.
#[derive(Clone, Debug)]
pub(crate) struct ErrorDiag {
    /// `None` for errors FileCheck logs as bare text (e.g. an undefined
    /// variable in a `-D#` definition).
    pub loc: Option<Loc>,
    pub msg: Vec<u8>,
}

impl ErrorDiag {
    fn at(span: Span, msg: impl Into<Vec<u8>>) -> ErrorDiag {
        ErrorDiag { loc: Some(span.loc()), msg: msg.into() }
    }

    fn at_loc(loc: Loc, msg: impl Into<Vec<u8>>) -> ErrorDiag {
        ErrorDiag { loc: Some(loc), msg: msg.into() }
    }

    /// `ErrorInfoBase::log`.
    pub(crate) fn log(&self, sm: &SourceMgr, out: &mut Vec<u8>) {
        match self.loc {
            Some(loc) => sm.print_message(out, loc, DiagKind::Error, &self.msg, &[]),
            None => out.extend_from_slice(&self.msg),
        }
    }
}

/// Prints errors like `logAllUnhandledErrors` (each followed by a blank line).
pub(crate) fn log_all(errors: &[ErrorDiag], sm: &SourceMgr, out: &mut Vec<u8>) {
    for e in errors {
        e.log(sm, out);
        out.push(b'\n');
    }
}

fn cat(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

// ------------------------------------------------------------------ formats

/// Numeric values; FileCheck uses arbitrary-precision integers, 128 bits is
/// ample for anything a test can print.
pub(crate) type Num = i128;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FormatKind {
    NoFormat,
    Unsigned,
    Signed,
    HexUpper,
    HexLower,
}

/// `ExpressionFormat`: how a numeric value is matched and printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ExpressionFormat {
    pub kind: FormatKind,
    pub precision: u32,
    pub alternate: bool,
}

impl ExpressionFormat {
    pub(crate) fn new(kind: FormatKind) -> ExpressionFormat {
        ExpressionFormat { kind, precision: 0, alternate: false }
    }

    fn is_set(&self) -> bool {
        self.kind != FormatKind::NoFormat
    }

    fn to_str(self) -> &'static str {
        match self.kind {
            FormatKind::NoFormat => "<none>",
            FormatKind::Unsigned => "%u",
            FormatKind::Signed => "%d",
            FormatKind::HexUpper => "%X",
            FormatKind::HexLower => "%x",
        }
    }

    /// Regex matching any value printed in this format.
    fn wildcard_regex(&self) -> Vec<u8> {
        let alt = if self.alternate { "0x" } else { "" };
        let with_precision = |s: &str| format!("{}{}{{{}}}", alt, s, self.precision);
        let s = match self.kind {
            FormatKind::Unsigned | FormatKind::NoFormat => {
                if self.precision > 0 {
                    with_precision("([1-9][0-9]*)?[0-9]")
                } else {
                    "[0-9]+".to_string()
                }
            }
            FormatKind::Signed => {
                if self.precision > 0 {
                    with_precision("-?([1-9][0-9]*)?[0-9]")
                } else {
                    "-?[0-9]+".to_string()
                }
            }
            FormatKind::HexUpper => {
                if self.precision > 0 {
                    with_precision("([1-9A-F][0-9A-F]*)?[0-9A-F]")
                } else {
                    format!("{}[0-9A-F]+", alt)
                }
            }
            FormatKind::HexLower => {
                if self.precision > 0 {
                    with_precision("([1-9a-f][0-9a-f]*)?[0-9a-f]")
                } else {
                    format!("{}[0-9a-f]+", alt)
                }
            }
        };
        s.into_bytes()
    }

    /// The text of `value` in this format, or `None` on overflow (a negative
    /// value in an unsigned format).
    fn matching_string(&self, value: Num) -> Option<String> {
        if self.kind != FormatKind::Signed && value < 0 {
            return None;
        }
        let abs = value.unsigned_abs();
        let digits = match self.kind {
            FormatKind::HexUpper => format!("{:X}", abs),
            FormatKind::HexLower => format!("{:x}", abs),
            _ => format!("{}", abs),
        };
        let sign = if value < 0 { "-" } else { "" };
        let alt = if self.alternate { "0x" } else { "" };
        let zeros = (self.precision as usize).saturating_sub(digits.len());
        Some(format!("{}{}{}{}", sign, alt, "0".repeat(zeros), digits))
    }

    /// Parses a matched value; `None` if it does not fit.
    fn value_from_string(&self, s: &[u8]) -> Option<Num> {
        let (neg, mut rest) = match s.strip_prefix(b"-") {
            Some(r) => (true, r),
            None => (false, s),
        };
        if self.kind != FormatKind::Signed && self.alternate {
            rest = rest.strip_prefix(b"0x").unwrap_or(rest);
        }
        let radix = if matches!(self.kind, FormatKind::HexLower | FormatKind::HexUpper) { 16 } else { 10 };
        let text = std::str::from_utf8(rest).ok()?;
        let v = u128::from_str_radix(text, radix).ok()?;
        let v = Num::try_from(v).ok()?;
        Some(if neg { -v } else { v })
    }
}

// -------------------------------------------------------------- expressions

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Max,
    Min,
}

impl BinOp {
    fn eval(self, l: Num, r: Num) -> Option<Num> {
        match self {
            BinOp::Add => l.checked_add(r),
            BinOp::Sub => l.checked_sub(r),
            BinOp::Mul => l.checked_mul(r),
            BinOp::Div => {
                if r == 0 {
                    None
                } else {
                    l.checked_div(r)
                }
            }
            BinOp::Max => Some(l.max(r)),
            BinOp::Min => Some(l.min(r)),
        }
    }
}

/// AST of a numeric expression.
#[derive(Clone, Debug)]
pub(crate) enum ExprAst {
    Literal { text: Span, value: Num },
    VarUse { name: Span, var: usize },
    Binop { text: Span, op: BinOp, lhs: Box<ExprAst>, rhs: Box<ExprAst> },
}

/// Why evaluating an expression failed.
#[derive(Clone, Debug)]
pub(crate) enum EvalError {
    /// Use of an undefined variable: where it is used and its name.
    Undefined(Span, Vec<u8>),
    Overflow,
}

impl ExprAst {
    fn text(&self) -> Span {
        match self {
            ExprAst::Literal { text, .. } => *text,
            ExprAst::VarUse { name, .. } => *name,
            ExprAst::Binop { text, .. } => *text,
        }
    }

    fn eval(&self, ctx: &Context) -> Result<Num, Vec<EvalError>> {
        match self {
            ExprAst::Literal { value, .. } => Ok(*value),
            ExprAst::VarUse { name, var } => match ctx.numeric_vars[*var].value {
                Some(Ok(v)) => Ok(v),
                Some(Err(())) => Err(vec![EvalError::Overflow]),
                None => Err(vec![EvalError::Undefined(*name, ctx.numeric_vars[*var].name.clone())]),
            },
            ExprAst::Binop { op, lhs, rhs, .. } => {
                let l = lhs.eval(ctx);
                let r = rhs.eval(ctx);
                match (l, r) {
                    (Ok(l), Ok(r)) => op.eval(l, r).ok_or_else(|| vec![EvalError::Overflow]),
                    (l, r) => {
                        let mut errs = Vec::new();
                        if let Err(e) = l {
                            errs.extend(e);
                        }
                        if let Err(e) = r {
                            errs.extend(e);
                        }
                        Err(errs)
                    }
                }
            }
        }
    }

    /// Evaluation for `-D#` definitions, whose errors are logged as bare
    /// text.
    pub(crate) fn eval_for_define(&self, ctx: &Context) -> Result<Num, Vec<ErrorDiag>> {
        self.eval(ctx).map_err(|errs| {
            errs.into_iter()
                .map(|e| match e {
                    EvalError::Undefined(_, name) => {
                        ErrorDiag { loc: None, msg: cat(&[b"undefined variable: ", &name]) }
                    }
                    EvalError::Overflow => ErrorDiag { loc: None, msg: b"overflow error".to_vec() },
                })
                .collect()
        })
    }

    fn implicit_format(&self, sm: &SourceMgr, ctx: &Context) -> Result<ExpressionFormat, Vec<ErrorDiag>> {
        match self {
            ExprAst::Literal { .. } => Ok(ExpressionFormat::new(FormatKind::NoFormat)),
            ExprAst::VarUse { var, .. } => Ok(ctx.numeric_vars[*var].format),
            ExprAst::Binop { text, lhs, rhs, .. } => {
                let l = lhs.implicit_format(sm, ctx);
                let r = rhs.implicit_format(sm, ctx);
                let (l, r) = match (l, r) {
                    (Ok(l), Ok(r)) => (l, r),
                    (l, r) => {
                        let mut errs = Vec::new();
                        if let Err(e) = l {
                            errs.extend(e);
                        }
                        if let Err(e) = r {
                            errs.extend(e);
                        }
                        return Err(errs);
                    }
                };
                if l.is_set() && r.is_set() && l != r {
                    let msg = cat(&[
                        b"implicit format conflict between '",
                        sm.text(lhs.text()),
                        b"' (",
                        l.to_str().as_bytes(),
                        b") and '",
                        sm.text(rhs.text()),
                        b"' (",
                        r.to_str().as_bytes(),
                        b"), need an explicit format specifier",
                    ]);
                    return Err(vec![ErrorDiag::at(*text, msg)]);
                }
                Ok(if l.is_set() { l } else { r })
            }
        }
    }
}

/// A numeric expression with its matching format.
#[derive(Clone, Debug)]
pub(crate) struct Expression {
    pub ast: Option<ExprAst>,
    pub format: ExpressionFormat,
}

// ------------------------------------------------------------------ context

/// A numeric variable (`[[#VAR:]]`).
#[derive(Clone, Debug)]
pub(crate) struct NumericVariable {
    pub name: Vec<u8>,
    pub format: ExpressionFormat,
    /// `Some(Err(()))` if the matched text did not fit in a [`Num`].
    pub value: Option<Result<Num, ()>>,
    /// The input text the value was captured from.
    pub str_value: Option<Span>,
    pub def_line: Option<usize>,
}

/// Variable state shared by all patterns (`FileCheckPatternContext`).
#[derive(Default)]
pub(crate) struct Context {
    /// Values of string variables (`GlobalVariableTable`).
    pub string_vars: HashMap<Vec<u8>, Span>,
    /// Names of string variables defined anywhere (`DefinedVariableTable`).
    pub defined_string_vars: HashSet<Vec<u8>>,
    /// Numeric variable name to variable (`GlobalNumericVariableTable`).
    pub numeric_table: HashMap<Vec<u8>, usize>,
    /// Storage of all numeric variables ever created.
    pub numeric_vars: Vec<NumericVariable>,
    /// The `@LINE` pseudo variable.
    pub line_var: usize,
}

impl Context {
    pub(crate) fn new() -> Context {
        let mut ctx = Context::default();
        ctx.line_var = ctx.make_numeric_variable(b"@LINE".to_vec(), ExpressionFormat::new(FormatKind::Unsigned), None);
        ctx.numeric_table.insert(b"@LINE".to_vec(), ctx.line_var);
        ctx
    }

    fn make_numeric_variable(&mut self, name: Vec<u8>, format: ExpressionFormat, def_line: Option<usize>) -> usize {
        self.numeric_vars.push(NumericVariable { name, format, value: None, str_value: None, def_line });
        self.numeric_vars.len() - 1
    }

    /// `clearLocalVars`: forget every variable whose name does not start
    /// with `$` (used with `--enable-var-scope` at each CHECK-LABEL).
    pub(crate) fn clear_local_vars(&mut self) {
        self.string_vars.retain(|k, _| k.first() == Some(&b'$'));
        let locals: Vec<Vec<u8>> = self.numeric_table.keys().filter(|k| k.first() != Some(&b'$')).cloned().collect();
        for name in locals {
            if let Some(v) = self.numeric_table.remove(&name) {
                self.numeric_vars[v].value = None;
                self.numeric_vars[v].str_value = None;
            }
        }
    }
}

// ------------------------------------------------------------- substitution

#[derive(Clone, Debug)]
enum SubstKind {
    String(Vec<u8>),
    Numeric(Rc<Expression>),
}

/// A `[[VAR]]` or `[[#expr]]` whose value is inserted into the regex at
/// match time.
#[derive(Clone, Debug)]
struct Substitution {
    /// Text of the substitution (the variable name or the expression).
    from: Span,
    /// Insertion offset in the pattern's regex string.
    index: usize,
    kind: SubstKind,
}

impl Substitution {
    /// The text a numeric substitution inserts (string substitutions are
    /// handled by [`Self::result_regex_sm`]).
    fn result_regex(&self, ctx: &Context) -> Result<Vec<u8>, Vec<EvalError>> {
        match &self.kind {
            SubstKind::String(name) => Err(vec![EvalError::Undefined(self.from, name.clone())]),
            SubstKind::Numeric(expr) => {
                let ast = expr.ast.as_ref().ok_or_else(|| vec![EvalError::Overflow])?;
                let v = ast.eval(ctx)?;
                expr.format.matching_string(v).map(String::into_bytes).ok_or_else(|| vec![EvalError::Overflow])
            }
        }
    }

    /// Same as [`Self::result_regex`] but for string variables returns the
    /// escaped value (needs the source manager to read it).
    fn result_regex_sm(&self, sm: &SourceMgr, ctx: &Context) -> Result<Vec<u8>, Vec<EvalError>> {
        match &self.kind {
            SubstKind::String(name) => match ctx.string_vars.get(name) {
                None => Err(vec![EvalError::Undefined(self.from, name.clone())]),
                Some(span) => {
                    let mut out = Vec::new();
                    regex::escape(sm.text(*span), &mut out);
                    Ok(out)
                }
            },
            SubstKind::Numeric(_) => self.result_regex(ctx),
        }
    }

    /// `getResultForDiagnostics`: the quoted value.
    fn result_for_diagnostics(&self, sm: &SourceMgr, ctx: &Context) -> Option<Vec<u8>> {
        match &self.kind {
            SubstKind::String(name) => {
                let value = sm.text(*ctx.string_vars.get(name)?);
                let needs_escaping = value.iter().any(|&c| !(0x20..=0x7e).contains(&c) || c == b'"');
                let mut out = vec![b'"'];
                if needs_escaping {
                    write_escaped(&mut out, value);
                } else {
                    out.extend_from_slice(value);
                }
                out.push(b'"');
                if needs_escaping {
                    out.extend_from_slice(b" (escaped value)");
                }
                Some(out)
            }
            SubstKind::Numeric(_) => {
                let v = self.result_regex(ctx).ok()?;
                Some(cat(&[b"\"", &v, b"\""]))
            }
        }
    }
}

// ------------------------------------------------------------------ pattern

/// Position and length of a match, relative to the searched buffer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Match {
    pub pos: usize,
    pub len: usize,
}

/// Why a pattern did not match.
#[derive(Debug)]
pub(crate) enum MatchError {
    NotFound,
    /// Errors such as undefined variables; printed instead of "not found".
    Diags(Vec<ErrorDiag>),
}

/// A parsed check pattern.
#[derive(Clone, Debug)]
pub(crate) struct Pattern {
    pub check_ty: CheckType,
    /// Location of the start of the pattern text.
    pub loc: Loc,
    fixed_str: Vec<u8>,
    regex_str: Vec<u8>,
    substitutions: Vec<Substitution>,
    /// String variables defined here: name and capture group.
    variable_defs: Vec<(Vec<u8>, usize)>,
    /// Numeric variables defined here: name, variable and capture group.
    numeric_defs: Vec<(Vec<u8>, usize, usize)>,
    line_number: Option<usize>,
    ignore_case: bool,
    cache: RefCell<Option<Rc<Regex>>>,
}

/// Outcome of parsing a pattern: `Err(exit_code)` after diagnostics were
/// printed.
pub(crate) type ParseResult = Result<(), i32>;

fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if from > hay.len() {
        return None;
    }
    if needle.is_empty() {
        return Some(from);
    }
    hay[from..].windows(needle.len()).position(|w| w == needle).map(|p| p + from)
}

fn find_insensitive(hay: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() {
        return Some(0);
    }
    hay.windows(needle.len()).position(|w| w.eq_ignore_ascii_case(needle))
}

fn is_space(c: u8) -> bool {
    c == b' ' || c == b'\t'
}

/// Span helpers operating on source text.
fn ltrim(sm: &SourceMgr, s: Span) -> Span {
    let n = sm.text(s).iter().take_while(|&&c| is_space(c)).count();
    s.drop_front(n)
}

fn rtrim(sm: &SourceMgr, s: Span) -> Span {
    let n = sm.text(s).iter().rev().take_while(|&&c| is_space(c)).count();
    s.drop_back(n)
}

fn consume_front(sm: &SourceMgr, s: &mut Span, prefix: &[u8]) -> bool {
    if sm.text(*s).starts_with(prefix) {
        *s = s.drop_front(prefix.len());
        true
    } else {
        false
    }
}

fn starts_with(sm: &SourceMgr, s: Span, prefix: &[u8]) -> bool {
    sm.text(s).starts_with(prefix)
}

/// `StringRef::consumeInteger` with radix auto-detection when `radix == 0`.
fn consume_integer(sm: &SourceMgr, s: &mut Span, radix: u32) -> Option<u128> {
    let orig_len = s.len();
    let mut str_ = *s;
    let mut radix = radix;
    if radix == 0 {
        let t = sm.text(str_);
        radix = if t.len() >= 2 && t[0] == b'0' && (t[1] == b'x' || t[1] == b'X') {
            str_ = str_.drop_front(2);
            16
        } else if t.len() >= 2 && t[0] == b'0' && (t[1] == b'b' || t[1] == b'B') {
            str_ = str_.drop_front(2);
            2
        } else if t.starts_with(b"0o") {
            str_ = str_.drop_front(2);
            8
        } else if t.len() > 1 && t[0] == b'0' && t[1].is_ascii_digit() {
            str_ = str_.drop_front(1);
            8
        } else {
            10
        };
    }
    if str_.is_empty() {
        return None;
    }
    let mut value: u128 = 0;
    let mut overflow = false;
    let t = sm.text(str_);
    let mut n = 0;
    for &c in t {
        let d = match c {
            b'0'..=b'9' => u32::from(c - b'0'),
            b'a'..=b'z' => u32::from(c - b'a') + 10,
            b'A'..=b'Z' => u32::from(c - b'A') + 10,
            _ => break,
        };
        if d >= radix {
            break;
        }
        match value.checked_mul(u128::from(radix)).and_then(|v| v.checked_add(u128::from(d))) {
            Some(v) => value = v,
            None => overflow = true,
        }
        n += 1;
    }
    str_ = str_.drop_front(n);
    if str_.len() == orig_len || overflow {
        return None;
    }
    *s = str_;
    Some(value)
}

/// `Pattern::parseVariable` for callers outside this module: the name and
/// whether it is a pseudo variable.
pub(crate) fn parse_variable_name(sm: &SourceMgr, s: &mut Span) -> Result<(Span, bool), ErrorDiag> {
    parse_variable(sm, s).map(|v| (v.name, v.is_pseudo))
}

/// Variable name and whether it is a pseudo variable (`@LINE`).
struct VariableProperties {
    name: Span,
    is_pseudo: bool,
}

/// `Pattern::parseVariable`.
fn parse_variable(sm: &SourceMgr, s: &mut Span) -> Result<VariableProperties, ErrorDiag> {
    let t = sm.text(*s);
    if t.is_empty() {
        return Err(ErrorDiag::at(*s, "empty variable name"));
    }
    let is_pseudo = t[0] == b'@';
    let mut i = 0;
    if t[0] == b'$' || is_pseudo {
        i += 1;
    }
    if i == t.len() {
        let msg = format!("empty {}variable name", if is_pseudo { "pseudo " } else { "global " });
        return Err(ErrorDiag::at(s.drop_front(i), msg));
    }
    if !(t[i].is_ascii_alphabetic() || t[i] == b'_') {
        return Err(ErrorDiag::at(*s, "invalid variable name"));
    }
    i += 1;
    while i < t.len() && (t[i] == b'_' || t[i].is_ascii_alphanumeric()) {
        i += 1;
    }
    let name = s.take_front(i);
    *s = s.drop_front(i);
    Ok(VariableProperties { name, is_pseudo })
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum AllowedOperand {
    LineVar,
    LegacyLiteral,
    Any,
}

type ExprResult = Result<ExprAst, Vec<ErrorDiag>>;

fn one(e: ErrorDiag) -> Vec<ErrorDiag> {
    vec![e]
}

/// `Pattern::parseNumericVariableUse`.
fn parse_numeric_variable_use(
    sm: &SourceMgr,
    ctx: &mut Context,
    name: Span,
    is_pseudo: bool,
    line: Option<usize>,
) -> ExprResult {
    let n = sm.text(name).to_vec();
    if is_pseudo && n != b"@LINE" {
        return Err(one(ErrorDiag::at(name, cat(&[b"invalid pseudo numeric variable '", &n, b"'"]))));
    }
    let var = match ctx.numeric_table.get(&n) {
        Some(&v) => v,
        None => {
            let v = ctx.make_numeric_variable(n.clone(), ExpressionFormat::new(FormatKind::Unsigned), None);
            ctx.numeric_table.insert(n.clone(), v);
            v
        }
    };
    if let (Some(def), Some(line)) = (ctx.numeric_vars[var].def_line, line) {
        if def == line {
            return Err(one(ErrorDiag::at(
                name,
                cat(&[b"numeric variable '", &n, b"' defined earlier in the same CHECK directive"]),
            )));
        }
    }
    Ok(ExprAst::VarUse { name, var })
}

/// `Pattern::parseNumericOperand`.
fn parse_numeric_operand(
    sm: &SourceMgr,
    ctx: &mut Context,
    expr: &mut Span,
    ao: AllowedOperand,
    maybe_invalid_constraint: bool,
    line: Option<usize>,
) -> ExprResult {
    if starts_with(sm, *expr, b"(") {
        if ao != AllowedOperand::Any {
            return Err(one(ErrorDiag::at(*expr, "parenthesized expression not permitted here")));
        }
        return parse_paren_expr(sm, ctx, expr, line);
    }
    if ao == AllowedOperand::LineVar || ao == AllowedOperand::Any {
        match parse_variable(sm, expr) {
            Ok(v) => {
                if starts_with(sm, ltrim(sm, *expr), b"(") {
                    if ao != AllowedOperand::Any {
                        return Err(one(ErrorDiag::at(v.name, "unexpected function call")));
                    }
                    return parse_call_expr(sm, ctx, expr, v.name, line);
                }
                return parse_numeric_variable_use(sm, ctx, v.name, v.is_pseudo, line);
            }
            Err(e) => {
                if ao == AllowedOperand::LineVar {
                    return Err(one(e));
                }
            }
        }
    }
    let save = *expr;
    let negative = consume_front(sm, expr, b"-");
    let radix = if ao == AllowedOperand::LegacyLiteral { 10 } else { 0 };
    if let Some(v) = consume_integer(sm, expr, radix) {
        if let Ok(v) = Num::try_from(v) {
            let value = if negative { -v } else { v };
            return Ok(ExprAst::Literal { text: Span::new(save.buf, save.start, expr.start), value });
        }
    }
    let msg =
        format!("invalid {}operand format", if maybe_invalid_constraint { "matching constraint or " } else { "" });
    Err(one(ErrorDiag::at(save, msg)))
}

/// `Pattern::parseBinop`.
fn parse_binop(
    sm: &SourceMgr,
    ctx: &mut Context,
    outer: Span,
    remaining: &mut Span,
    lhs: ExprAst,
    legacy: bool,
    line: Option<usize>,
) -> ExprResult {
    *remaining = ltrim(sm, *remaining);
    if remaining.is_empty() {
        return Ok(lhs);
    }
    let op_loc = remaining.loc();
    let op_char = sm.text(*remaining)[0];
    *remaining = remaining.drop_front(1);
    let op = match op_char {
        b'+' => BinOp::Add,
        b'-' => BinOp::Sub,
        _ => {
            return Err(one(ErrorDiag::at_loc(op_loc, cat(&[b"unsupported operation '", &[op_char], b"'"]))));
        }
    };
    *remaining = ltrim(sm, *remaining);
    if remaining.is_empty() {
        return Err(one(ErrorDiag::at(*remaining, "missing operand in expression")));
    }
    let ao = if legacy { AllowedOperand::LegacyLiteral } else { AllowedOperand::Any };
    let rhs = parse_numeric_operand(sm, ctx, remaining, ao, false, line)?;
    let text = Span::new(outer.buf, outer.start, remaining.start);
    Ok(ExprAst::Binop { text, op, lhs: Box::new(lhs), rhs: Box::new(rhs) })
}

/// Deepest nesting of parentheses and calls accepted in a numeric
/// expression, to keep the recursive parser's stack use bounded.
const MAX_EXPR_NESTING: usize = 200;

thread_local! {
    static EXPR_DEPTH: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Tracks one level of expression nesting for as long as it is alive.
struct NestingGuard;

impl NestingGuard {
    fn enter(at: Span) -> Result<NestingGuard, Vec<ErrorDiag>> {
        let depth = EXPR_DEPTH.with(|d| {
            d.set(d.get() + 1);
            d.get()
        });
        let guard = NestingGuard;
        if depth > MAX_EXPR_NESTING {
            return Err(one(ErrorDiag::at(at, "expression nesting too deep")));
        }
        Ok(guard)
    }
}

impl Drop for NestingGuard {
    fn drop(&mut self) {
        EXPR_DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
    }
}

/// `Pattern::parseParenExpr`.
fn parse_paren_expr(sm: &SourceMgr, ctx: &mut Context, expr: &mut Span, line: Option<usize>) -> ExprResult {
    let _guard = NestingGuard::enter(*expr)?;
    *expr = ltrim(sm, *expr);
    consume_front(sm, expr, b"(");
    *expr = ltrim(sm, *expr);
    if expr.is_empty() {
        return Err(one(ErrorDiag::at(*expr, "missing operand in expression")));
    }
    let mut sub = parse_numeric_operand(sm, ctx, expr, AllowedOperand::Any, false, line);
    *expr = ltrim(sm, *expr);
    while let Ok(lhs) = sub {
        if expr.is_empty() || starts_with(sm, *expr, b")") {
            sub = Ok(lhs);
            break;
        }
        let outer = *expr;
        sub = parse_binop(sm, ctx, outer, expr, lhs, false, line);
        *expr = ltrim(sm, *expr);
    }
    let sub = sub?;
    if !consume_front(sm, expr, b")") {
        return Err(one(ErrorDiag::at(*expr, "missing ')' at end of nested expression")));
    }
    Ok(sub)
}

/// `Pattern::parseCallExpr`.
fn parse_call_expr(sm: &SourceMgr, ctx: &mut Context, expr: &mut Span, func: Span, line: Option<usize>) -> ExprResult {
    let _guard = NestingGuard::enter(func)?;
    *expr = ltrim(sm, *expr);
    let name = sm.text(func).to_vec();
    let op = match name.as_slice() {
        b"add" => BinOp::Add,
        b"div" => BinOp::Div,
        b"max" => BinOp::Max,
        b"min" => BinOp::Min,
        b"mul" => BinOp::Mul,
        b"sub" => BinOp::Sub,
        _ => {
            return Err(one(ErrorDiag::at(func, cat(&[b"call to undefined function '", &name, b"'"]))));
        }
    };
    consume_front(sm, expr, b"(");
    *expr = ltrim(sm, *expr);
    let mut args = Vec::new();
    while !expr.is_empty() && !starts_with(sm, *expr, b")") {
        if starts_with(sm, *expr, b",") {
            return Err(one(ErrorDiag::at(*expr, "missing argument")));
        }
        let outer = *expr;
        let mut arg = parse_numeric_operand(sm, ctx, expr, AllowedOperand::Any, false, line);
        while let Ok(a) = arg {
            if expr.is_empty() {
                arg = Ok(a);
                break;
            }
            *expr = ltrim(sm, *expr);
            if starts_with(sm, *expr, b",") || starts_with(sm, *expr, b")") {
                arg = Ok(a);
                break;
            }
            arg = parse_binop(sm, ctx, outer, expr, a, false, line);
        }
        args.push(arg?);
        *expr = ltrim(sm, *expr);
        if !consume_front(sm, expr, b",") {
            break;
        }
        *expr = ltrim(sm, *expr);
        if starts_with(sm, *expr, b")") {
            return Err(one(ErrorDiag::at(*expr, "missing argument")));
        }
    }
    if !consume_front(sm, expr, b")") {
        return Err(one(ErrorDiag::at(*expr, "missing ')' at end of call expression")));
    }
    if args.len() == 2 {
        let rhs = args.pop().map(Box::new);
        let lhs = args.pop().map(Box::new);
        if let (Some(lhs), Some(rhs)) = (lhs, rhs) {
            let text = Span::new(func.buf, func.start, expr.start);
            return Ok(ExprAst::Binop { text, op, lhs, rhs });
        }
    }
    let msg = format!("function '{}' takes 2 arguments but {} given", String::from_utf8_lossy(&name), args.len());
    Err(one(ErrorDiag::at(func, msg)))
}

/// `Pattern::parseNumericVariableDefinition`.
fn parse_numeric_variable_definition(
    sm: &SourceMgr,
    ctx: &mut Context,
    expr: &mut Span,
    line: Option<usize>,
    format: ExpressionFormat,
) -> Result<usize, ErrorDiag> {
    let v = parse_variable(sm, expr)?;
    let name = sm.text(v.name).to_vec();
    if v.is_pseudo {
        return Err(ErrorDiag::at(v.name, "definition of pseudo numeric variable unsupported"));
    }
    if ctx.defined_string_vars.contains(&name) {
        return Err(ErrorDiag::at(v.name, cat(&[b"string variable with name '", &name, b"' already exists"])));
    }
    *expr = ltrim(sm, *expr);
    if !expr.is_empty() {
        return Err(ErrorDiag::at(*expr, "unexpected characters after numeric variable name"));
    }
    if let Some(&var) = ctx.numeric_table.get(&name) {
        if ctx.numeric_vars[var].format != format {
            return Err(ErrorDiag::at(*expr, "format different from previous variable definition"));
        }
        Ok(var)
    } else {
        Ok(ctx.make_numeric_variable(name, format, line))
    }
}

/// `Pattern::parseNumericSubstitutionBlock`: parses the text after `[[#`
/// (or a `-D#` command-line definition).  Returns the expression and the
/// variable it defines, if any.
pub(crate) fn parse_numeric_substitution_block(
    sm: &SourceMgr,
    ctx: &mut Context,
    mut expr: Span,
    is_legacy_line_expr: bool,
    line: Option<usize>,
) -> Result<(Expression, Option<usize>), Vec<ErrorDiag>> {
    let mut explicit = ExpressionFormat::new(FormatKind::NoFormat);
    let mut precision = 0u32;
    let t = sm.text(expr);
    let format_end = t.iter().position(|&c| c == b',');
    let function_start = t.iter().position(|&c| c == b'(');
    if let Some(fe) = format_end {
        if function_start.is_none_or(|fs| fe < fs) {
            let mut fexpr = expr.take_front(fe);
            expr = expr.drop_front(fe + 1);
            fexpr = rtrim(sm, ltrim(sm, fexpr));
            if !consume_front(sm, &mut fexpr, b"%") {
                return Err(one(ErrorDiag::at(fexpr, "invalid matching format specification in expression")));
            }
            let alt_loc = fexpr.loc();
            let alternate = consume_front(sm, &mut fexpr, b"#");
            if consume_front(sm, &mut fexpr, b".") {
                match consume_integer(sm, &mut fexpr, 10).and_then(|p| u32::try_from(p).ok()) {
                    Some(p) => precision = p,
                    None => {
                        return Err(one(ErrorDiag::at(fexpr, "invalid precision in format specifier")));
                    }
                }
            }
            if !fexpr.is_empty() {
                let fmt_loc = fexpr.loc();
                let c = sm.text(fexpr)[0];
                fexpr = fexpr.drop_front(1);
                let kind = match c {
                    b'u' => FormatKind::Unsigned,
                    b'd' => FormatKind::Signed,
                    b'x' => FormatKind::HexLower,
                    b'X' => FormatKind::HexUpper,
                    _ => {
                        return Err(one(ErrorDiag::at_loc(fmt_loc, "invalid format specifier in expression")));
                    }
                };
                let is_hex = matches!(kind, FormatKind::HexLower | FormatKind::HexUpper);
                explicit = ExpressionFormat { kind, precision, alternate: alternate && is_hex };
            }
            if alternate && !matches!(explicit.kind, FormatKind::HexLower | FormatKind::HexUpper) {
                return Err(one(ErrorDiag::at_loc(alt_loc, "alternate form only supported for hex values")));
            }
            fexpr = ltrim(sm, fexpr);
            if !fexpr.is_empty() {
                return Err(one(ErrorDiag::at(fexpr, "invalid matching format specification in expression")));
            }
        }
    }

    let mut def_expr = None;
    if let Some(de) = sm.text(expr).iter().position(|&c| c == b':') {
        def_expr = Some(expr.take_front(de));
        expr = expr.drop_front(de + 1);
    }

    expr = ltrim(sm, expr);
    let has_constraint = consume_front(sm, &mut expr, b"==");
    expr = ltrim(sm, expr);

    let mut ast = None;
    if expr.is_empty() {
        if has_constraint {
            return Err(one(ErrorDiag::at(expr, "empty numeric expression should not have a constraint")));
        }
    } else {
        expr = rtrim(sm, expr);
        let outer = expr;
        let ao = if is_legacy_line_expr { AllowedOperand::LineVar } else { AllowedOperand::Any };
        let mut result = parse_numeric_operand(sm, ctx, &mut expr, ao, !has_constraint, line);
        while let Ok(lhs) = result {
            if expr.is_empty() {
                result = Ok(lhs);
                break;
            }
            result = parse_binop(sm, ctx, outer, &mut expr, lhs, is_legacy_line_expr, line);
            if result.is_ok() && is_legacy_line_expr && !expr.is_empty() {
                let msg = cat(&[b"unexpected characters at end of expression '", sm.text(expr), b"'"]);
                return Err(one(ErrorDiag::at(expr, msg)));
            }
        }
        ast = Some(result?);
    }

    let format = if explicit.is_set() {
        explicit
    } else if let Some(a) = &ast {
        a.implicit_format(sm, ctx)?
    } else {
        explicit
    };
    let format = if format.is_set() {
        format
    } else {
        ExpressionFormat { kind: FormatKind::Unsigned, precision, alternate: false }
    };

    let mut defined = None;
    if let Some(d) = def_expr {
        let mut d = ltrim(sm, d);
        defined = Some(parse_numeric_variable_definition(sm, ctx, &mut d, line, format).map_err(one)?);
    }
    Ok((Expression { ast, format }, defined))
}

/// Levenshtein distance (`StringRef::edit_distance`).
fn edit_distance(a: &[u8], b: &[u8]) -> usize {
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &ca) in a.iter().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let old = row[j + 1];
            row[j + 1] = if ca == cb { prev } else { 1 + prev.min(row[j]).min(row[j + 1]) };
            prev = old;
        }
    }
    row[b.len()]
}

impl Pattern {
    pub(crate) fn new(check_ty: CheckType, line_number: Option<usize>) -> Pattern {
        Pattern {
            check_ty,
            loc: Loc { buf: 0, off: 0 },
            fixed_str: Vec::new(),
            regex_str: Vec::new(),
            substitutions: Vec::new(),
            variable_defs: Vec::new(),
            numeric_defs: Vec::new(),
            line_number,
            ignore_case: false,
            cache: RefCell::new(None),
        }
    }

    pub(crate) fn count(&self) -> u32 {
        self.check_ty.count
    }

    /// True if the pattern defines or uses a string variable or substitutes
    /// anything (`Pattern::hasVariable`).
    pub(crate) fn has_variable(&self) -> bool {
        !(self.substitutions.is_empty() && self.variable_defs.is_empty())
    }

    /// `Pattern::AddRegExToRegEx`: validates a user regex and appends it.
    fn add_regex_to_regex(
        &mut self,
        sm: &SourceMgr,
        rs: &[u8],
        loc: Loc,
        cur_paren: &mut usize,
        out: &mut Vec<u8>,
    ) -> ParseResult {
        match Regex::new(rs, Flags::default()) {
            Ok(r) => {
                self.regex_str.extend_from_slice(rs);
                *cur_paren += r.num_groups();
                Ok(())
            }
            Err(e) => {
                sm.print_message(out, loc, DiagKind::Error, format!("invalid regex: {}", e).as_bytes(), &[]);
                Err(2)
            }
        }
    }

    /// `Pattern::FindRegexVarEnd`: offset of the `]]` closing a substitution
    /// block, honouring nested brackets and backslash escapes.
    fn find_regex_var_end(sm: &SourceMgr, s: Span, out: &mut Vec<u8>) -> Result<Option<usize>, i32> {
        let t = sm.text(s);
        let mut i = 0;
        let mut depth = 0usize;
        while i < t.len() {
            if t[i..].starts_with(b"]]") && depth == 0 {
                return Ok(Some(i));
            }
            if t[i] == b'\\' {
                i += 2;
                continue;
            }
            match t[i] {
                b'[' => depth += 1,
                b']' => {
                    if depth == 0 {
                        let loc = Loc { buf: s.buf, off: s.start + i };
                        sm.print_message(out, loc, DiagKind::Error, b"missing closing \"]\" for regex variable", &[]);
                        // FileCheck exits with status 1 here.
                        return Err(1);
                    }
                    depth -= 1;
                }
                _ => {}
            }
            i += 1;
        }
        Ok(None)
    }

    /// `Pattern::parsePattern`.  Diagnostics are appended to `out`.
    pub(crate) fn parse(
        &mut self,
        sm: &SourceMgr,
        ctx: &mut Context,
        pattern: Span,
        prefix: &[u8],
        req: &Request,
        out: &mut Vec<u8>,
    ) -> ParseResult {
        let kind = self.check_ty.kind;
        let full_lines = req.match_full_lines && kind != CheckKind::Not;
        self.ignore_case = req.ignore_case;
        self.loc = pattern.loc();
        let mut pat = pattern;
        if !(req.strict_whitespace && req.match_full_lines) {
            pat = rtrim(sm, pat);
        }
        if pat.is_empty() && kind != CheckKind::Empty {
            let msg = cat(&[b"found empty check string with prefix '", prefix, b":'"]);
            sm.print_message(out, self.loc, DiagKind::Error, &msg, &[]);
            return Err(2);
        }
        if !pat.is_empty() && kind == CheckKind::Empty {
            let msg = cat(&[b"found non-empty check string for empty check with prefix '", prefix, b":'"]);
            sm.print_message(out, self.loc, DiagKind::Error, &msg, &[]);
            return Err(2);
        }
        if kind == CheckKind::Empty {
            self.regex_str = b"(\n$)".to_vec();
            return Ok(());
        }
        let text = sm.text(pat);
        if self.check_ty.literal {
            self.fixed_str = text.to_vec();
            return Ok(());
        }
        if !full_lines && (text.len() < 2 || (find(text, b"{{", 0).is_none() && find(text, b"[[", 0).is_none())) {
            self.fixed_str = text.to_vec();
            return Ok(());
        }
        if full_lines {
            self.regex_str.push(b'^');
            if !req.strict_whitespace {
                self.regex_str.extend_from_slice(b" *");
            }
        }

        let mut cur_paren = 1usize;
        while !pat.is_empty() {
            let t = sm.text(pat);
            if t.starts_with(b"{{") {
                let end = match find(t, b"}}", 0) {
                    Some(e) => e,
                    None => {
                        sm.print_message(
                            out,
                            pat.loc(),
                            DiagKind::Error,
                            b"found start of regex string with no end '}}'",
                            &[],
                        );
                        return Err(2);
                    }
                };
                let inner = pat.slice(2, end);
                let inner_text = sm.text(inner).to_vec();
                // Like FileCheck, look for `|` in the whole rest of the
                // pattern, not just this block (this affects group numbers).
                let has_alternation = t.contains(&b'|');
                if has_alternation {
                    self.regex_str.push(b'(');
                    cur_paren += 1;
                }
                self.add_regex_to_regex(sm, &inner_text, inner.loc(), &mut cur_paren, out)?;
                if has_alternation {
                    self.regex_str.push(b')');
                }
                pat = pat.drop_front(end + 2);
                continue;
            }

            if t.starts_with(b"[[") && !t.starts_with(b"[[[") {
                let unparsed = pat.drop_front(2);
                let end = Self::find_regex_var_end(sm, unparsed, out)?;
                let mut match_str = match end {
                    Some(e) => unparsed.take_front(e),
                    None => unparsed,
                };
                let mut is_num_block = consume_front(sm, &mut match_str, b"#");
                let end = match end {
                    Some(e) => e,
                    None => {
                        sm.print_message(
                            out,
                            pat.loc(),
                            DiagKind::Error,
                            b"Invalid substitution block, no ]] found",
                            &[],
                        );
                        return Err(2);
                    }
                };
                pat = unparsed.drop_front(end + 2);

                let mut is_definition = false;
                let mut subst_needed = false;
                let mut is_legacy_line_expr = false;
                let mut def_name: Vec<u8> = Vec::new();
                let mut subst_str = match_str;
                let mut match_regexp: Vec<u8> = Vec::new();
                let mut match_regexp_loc = match_str.loc();
                let mut subst_insert_idx = self.regex_str.len();

                if !is_num_block {
                    let ms = sm.text(match_str);
                    let var_end_idx = ms.iter().position(|&c| c == b':');
                    let before = &ms[..var_end_idx.unwrap_or(ms.len())];
                    if let Some(sp) = before.iter().position(|&c| is_space(c)) {
                        let loc = Loc { buf: match_str.buf, off: match_str.start + sp };
                        sm.print_message(out, loc, DiagKind::Error, b"unexpected whitespace", &[]);
                        return Err(2);
                    }
                    let orig = match_str;
                    let v = match parse_variable(sm, &mut match_str) {
                        Ok(v) => v,
                        Err(e) => {
                            log_all(&[e], sm, out);
                            return Err(2);
                        }
                    };
                    is_definition = var_end_idx.is_some();
                    subst_needed = !is_definition;
                    if is_definition {
                        if v.is_pseudo || !consume_front(sm, &mut match_str, b":") {
                            sm.print_message(
                                out,
                                v.name.loc(),
                                DiagKind::Error,
                                b"invalid name in string variable definition",
                                &[],
                            );
                            return Err(2);
                        }
                        let name = sm.text(v.name).to_vec();
                        if ctx.numeric_table.contains_key(&name) {
                            let msg = cat(&[b"numeric variable with name '", &name, b"' already exists"]);
                            sm.print_message(out, v.name.loc(), DiagKind::Error, &msg, &[]);
                            return Err(2);
                        }
                        def_name = name;
                        match_regexp = sm.text(match_str).to_vec();
                        match_regexp_loc = match_str.loc();
                    } else if v.is_pseudo {
                        match_str = orig;
                        is_legacy_line_expr = true;
                        is_num_block = true;
                    } else {
                        if !match_str.is_empty() {
                            sm.print_message(
                                out,
                                v.name.loc(),
                                DiagKind::Error,
                                b"invalid name in string variable use",
                                &[],
                            );
                            return Err(2);
                        }
                        subst_str = v.name;
                    }
                }

                let mut expression = None;
                let mut defined_var = None;
                if is_num_block {
                    match parse_numeric_substitution_block(sm, ctx, match_str, is_legacy_line_expr, self.line_number) {
                        Ok((e, d)) => {
                            subst_needed = e.ast.is_some();
                            if let Some(d) = d {
                                is_definition = true;
                                def_name = ctx.numeric_vars[d].name.clone();
                                defined_var = Some(d);
                            }
                            if subst_needed {
                                subst_str = match_str;
                            } else {
                                match_regexp = e.format.wildcard_regex();
                                match_regexp_loc = match_str.loc();
                            }
                            expression = Some(Rc::new(e));
                        }
                        Err(errs) => {
                            log_all(&errs, sm, out);
                            return Err(2);
                        }
                    }
                }

                if is_definition {
                    self.regex_str.push(b'(');
                    subst_insert_idx += 1;
                    if let (true, Some(var)) = (is_num_block, defined_var) {
                        if let Some(entry) = self.numeric_defs.iter_mut().find(|(n, _, _)| *n == def_name) {
                            *entry = (def_name.clone(), var, cur_paren);
                        } else {
                            self.numeric_defs.push((def_name.clone(), var, cur_paren));
                        }
                        ctx.numeric_table.insert(def_name.clone(), var);
                    } else {
                        if let Some(entry) = self.variable_defs.iter_mut().find(|(n, _)| *n == def_name) {
                            entry.1 = cur_paren;
                        } else {
                            self.variable_defs.push((def_name.clone(), cur_paren));
                        }
                        ctx.defined_string_vars.insert(def_name.clone());
                    }
                    cur_paren += 1;
                }

                if !match_regexp.is_empty() {
                    self.add_regex_to_regex(sm, &match_regexp, match_regexp_loc, &mut cur_paren, out)?;
                }

                if is_definition {
                    self.regex_str.push(b')');
                }

                if subst_needed {
                    let name = sm.text(subst_str).to_vec();
                    let backref = if is_num_block {
                        None
                    } else {
                        self.variable_defs.iter().find(|(n, _)| *n == name).map(|(_, p)| *p)
                    };
                    if let Some(paren) = backref {
                        if !(1..=9).contains(&paren) {
                            sm.print_message(
                                out,
                                subst_str.loc(),
                                DiagKind::Error,
                                b"Can't back-reference more than 9 variables",
                                &[],
                            );
                            return Err(2);
                        }
                        self.regex_str.push(b'\\');
                        self.regex_str.push(b'0' + paren as u8);
                    } else {
                        let kind = match expression {
                            Some(e) if is_num_block => SubstKind::Numeric(e),
                            _ => SubstKind::String(name),
                        };
                        self.substitutions.push(Substitution { from: subst_str, index: subst_insert_idx, kind });
                    }
                }
                continue;
            }

            // A fixed string up to the next `{{` or `[[`.
            let end = match (find(t, b"{{", 1), find(t, b"[[", 1)) {
                (Some(a), Some(b)) => a.min(b),
                (Some(a), None) | (None, Some(a)) => a,
                (None, None) => t.len(),
            };
            regex::escape(&t[..end], &mut self.regex_str);
            pat = pat.drop_front(end);
        }

        if full_lines {
            if !req.strict_whitespace {
                self.regex_str.extend_from_slice(b" *");
            }
            self.regex_str.push(b'$');
        }
        Ok(())
    }

    fn flags(&self) -> Flags {
        Flags { icase: self.ignore_case, newline: true }
    }

    /// `Pattern::match`: finds the pattern in `buffer`.  On success, records
    /// variable definitions in `ctx`.
    pub(crate) fn match_in(&self, sm: &SourceMgr, ctx: &mut Context, buffer: Span) -> Result<Match, MatchError> {
        if self.check_ty.kind == CheckKind::Eof {
            return Ok(Match { pos: buffer.len(), len: 0 });
        }
        let hay = sm.text(buffer);
        if !self.fixed_str.is_empty() {
            let pos =
                if self.ignore_case { find_insensitive(hay, &self.fixed_str) } else { find(hay, &self.fixed_str, 0) };
            return pos.map(|pos| Match { pos, len: self.fixed_str.len() }).ok_or(MatchError::NotFound);
        }

        let re: Rc<Regex> = if self.substitutions.is_empty() {
            let cached = self.cache.borrow().clone();
            match cached {
                Some(r) => r,
                None => {
                    let r = Rc::new(Regex::new(&self.regex_str, self.flags()).map_err(|_| MatchError::NotFound)?);
                    *self.cache.borrow_mut() = Some(r.clone());
                    r
                }
            }
        } else {
            if let Some(line) = self.line_number {
                ctx.numeric_vars[ctx.line_var].value = Some(Ok(line as Num));
            }
            let mut tmp = self.regex_str.clone();
            let mut insert_offset = 0;
            let mut errors = Vec::new();
            for s in &self.substitutions {
                match s.result_regex_sm(sm, ctx) {
                    Ok(v) => {
                        let at = (s.index + insert_offset).min(tmp.len());
                        tmp.splice(at..at, v.iter().copied());
                        insert_offset += v.len();
                    }
                    Err(errs) => {
                        for e in errs {
                            errors.push(match e {
                                EvalError::Undefined(span, name) => {
                                    ErrorDiag::at(span, cat(&[b"undefined variable: ", &name]))
                                }
                                EvalError::Overflow => ErrorDiag::at(
                                    s.from,
                                    "unable to substitute variable or numeric expression: overflow error",
                                ),
                            });
                        }
                    }
                }
            }
            if !errors.is_empty() {
                return Err(MatchError::Diags(errors));
            }
            Rc::new(Regex::new(&tmp, self.flags()).map_err(|_| MatchError::NotFound)?)
        };

        let caps = re.find(hay).ok_or(MatchError::NotFound)?;
        let (ms, me) = caps[0].unwrap_or((0, 0));
        let group_span = |g: usize| -> Span {
            let (s, e) = caps.get(g).copied().flatten().unwrap_or((ms, ms));
            Span::new(buffer.buf, buffer.start + s, buffer.start + e)
        };
        for (name, paren) in &self.variable_defs {
            ctx.string_vars.insert(name.clone(), group_span(*paren));
        }
        let skip = usize::from(self.check_ty.kind == CheckKind::Empty);
        for (name, var, paren) in &self.numeric_defs {
            let span = group_span(*paren);
            let value = self.numeric_value(sm, *var, ctx, span);
            ctx.numeric_table.entry(name.clone()).or_insert(*var);
            let v = &mut ctx.numeric_vars[*var];
            v.value = Some(value);
            v.str_value = Some(span);
        }
        let pos = (ms + skip).min(me);
        Ok(Match { pos, len: me - pos })
    }

    fn numeric_value(&self, sm: &SourceMgr, var: usize, ctx: &Context, span: Span) -> Result<Num, ()> {
        ctx.numeric_vars[var].format.value_from_string(sm.text(span)).ok_or(())
    }

    /// `Pattern::computeMatchDistance`.
    fn match_distance(&self, buffer: &[u8]) -> usize {
        let example: &[u8] = if self.fixed_str.is_empty() { &self.regex_str } else { &self.fixed_str };
        let prefix = &buffer[..example.len().min(buffer.len())];
        let prefix = match prefix.iter().position(|&c| c == b'\n') {
            Some(p) => &prefix[..p],
            None => prefix,
        };
        edit_distance(prefix, example)
    }

    /// `Pattern::printFuzzyMatch`: position (relative to `buffer`) of the
    /// most similar input text, if it is worth pointing at.
    pub(crate) fn fuzzy_match(&self, sm: &SourceMgr, buffer: Span) -> Option<usize> {
        let hay = sm.text(buffer);
        let mut lines_forward = 0usize;
        let mut best: Option<usize> = None;
        let mut best_quality = 0f64;
        for i in 0..hay.len().min(4096) {
            if hay[i] == b'\n' {
                lines_forward += 1;
            }
            if hay[i] == b' ' || hay[i] == b'\t' {
                continue;
            }
            let distance = self.match_distance(&hay[i..]);
            let quality = distance as f64 + lines_forward as f64 / 100.0;
            if best.is_none() || quality < best_quality {
                best = Some(i);
                best_quality = quality;
            }
        }
        match best {
            Some(b) if b != 0 && best_quality < 50.0 => Some(b),
            _ => None,
        }
    }

    /// Notes describing substitution values (`Pattern::printSubstitutions`):
    /// returns the messages.
    pub(crate) fn substitution_notes(&self, sm: &SourceMgr, ctx: &Context) -> Vec<Vec<u8>> {
        let mut notes = Vec::new();
        for s in &self.substitutions {
            if let Some(value) = s.result_for_diagnostics(sm, ctx) {
                let mut msg = b"with \"".to_vec();
                write_escaped(&mut msg, sm.text(s.from));
                msg.extend_from_slice(b"\" equal to ");
                msg.extend_from_slice(&value);
                notes.push(msg);
            }
        }
        notes
    }

    /// Variables captured by the last match, sorted by input position
    /// (`Pattern::printVariableDefs`).
    pub(crate) fn captured_vars(&self, ctx: &Context) -> Vec<(Vec<u8>, Span)> {
        let mut caps = Vec::new();
        for (name, _) in &self.variable_defs {
            if let Some(span) = ctx.string_vars.get(name) {
                caps.push((name.clone(), *span));
            }
        }
        for (name, var, _) in &self.numeric_defs {
            if let Some(span) = ctx.numeric_vars[*var].str_value {
                caps.push((name.clone(), span));
            }
        }
        caps.sort_by_key(|(_, s)| s.start);
        caps
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_works() {
        assert_eq!(edit_distance(b"kitten", b"sitting"), 3);
        assert_eq!(edit_distance(b"", b"abc"), 3);
        assert_eq!(edit_distance(b"abc", b"abc"), 0);
    }

    #[test]
    fn formats() {
        let hex = ExpressionFormat { kind: FormatKind::HexUpper, precision: 4, alternate: true };
        assert_eq!(hex.matching_string(255).as_deref(), Some("0x00FF"));
        assert_eq!(hex.value_from_string(b"0x00FF"), Some(255));
        let u = ExpressionFormat::new(FormatKind::Unsigned);
        assert_eq!(u.matching_string(-1), None);
        let d = ExpressionFormat::new(FormatKind::Signed);
        assert_eq!(d.matching_string(-12).as_deref(), Some("-12"));
        assert_eq!(d.value_from_string(b"-12"), Some(-12));
    }
}
