//! A small POSIX extended-regular-expression engine with the dialect and
//! matching rules of LLVM's `llvm::Regex` (Henry Spencer's BSD `regcomp`),
//! which is what FileCheck uses for `{{...}}` and `[[VAR:...]]` patterns.
//!
//! Why not the `regex` crate?  FileCheck patterns need things it does not
//! offer, and its syntax differs in ways that change the meaning of existing
//! check files:
//!
//! * back-references (`\1`..`\9`), which FileCheck itself emits when a
//!   variable is defined and used on the same line (`[[X:.*]] ... [[X]]`);
//! * POSIX *leftmost-longest* matching (`{{a|ab}}` matches `ab`);
//! * BSD escape rules: `\s`, `\d`, `\n`, ... are just the literal letter, and
//!   `*?` is an error rather than a lazy quantifier;
//! * byte-oriented matching (`.` matches a single byte, inputs need not be
//!   UTF-8) and `REG_NEWLINE` semantics: `.` and `[^...]` never match a
//!   newline, `^`/`$` also match after/before each newline.
//!
//! Supported syntax: literals, `.`, bracket expressions (ranges, `[:class:]`,
//! `[=x=]`, `[.name.]`, `[[:<:]]`/`[[:>:]]` word boundaries), `^`, `$`,
//! grouping, alternation, `*`, `+`, `?`, `{m}`, `{m,}`, `{m,n}` (counts up to
//! 255) and back-references.  Error messages are those of LLVM's `regerror`.
//!
//! Matching uses a Pike VM (linear time) for ordinary patterns and a bounded
//! backtracking search for patterns containing back-references.  The
//! overall match is leftmost-longest; submatches (FileCheck's variable
//! captures) are then assigned with the rules of BSD's `dissect()`: each
//! element of a sequence takes the longest span that lets the rest match,
//! an alternation takes its first branch that fits, and a repetition's
//! groups come from its last iteration.

use std::collections::HashMap;
use std::fmt;
use std::rc::Rc;

/// Maximum repetition count accepted in `{m,n}` (POSIX `RE_DUP_MAX`).
const DUP_MAX: u32 = 255;
/// Upper bound on the size of a compiled program, to keep nested counted
/// repetitions from exhausting memory.
const MAX_PROGRAM_LEN: usize = 1 << 20;
/// Step budget of the backtracking matcher for a single search.
const BACKTRACK_BUDGET: u64 = 50_000_000;
/// Longest match for which submatches are assigned with BSD's rules (longer
/// matches keep the Pike VM's leftmost-greedy submatches).
const MAX_DISSECT_SPAN: usize = 4096;
/// Marker for an unset capture slot.
const UNSET: usize = usize::MAX;

/// Error kinds of `regcomp`, carrying LLVM's `regerror` texts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RegexError {
    Collate,
    CType,
    Escape,
    SubReg,
    Brack,
    Paren,
    Brace,
    BadBr,
    Range,
    Space,
    BadRpt,
    Empty,
}

impl RegexError {
    /// The message LLVM's `regerror` produces for this error.
    pub(crate) fn message(self) -> &'static str {
        match self {
            RegexError::Collate => "invalid collating element",
            RegexError::CType => "invalid character class",
            RegexError::Escape => "trailing backslash (\\)",
            RegexError::SubReg => "invalid backreference number",
            RegexError::Brack => "brackets ([ ]) not balanced",
            RegexError::Paren => "parentheses not balanced",
            RegexError::Brace => "braces not balanced",
            RegexError::BadBr => "invalid repetition count(s)",
            RegexError::Range => "invalid character range",
            RegexError::Space => "out of memory",
            RegexError::BadRpt => "repetition-operator operand invalid",
            RegexError::Empty => "empty (sub)expression",
        }
    }
}

impl fmt::Display for RegexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for RegexError {}

/// A set of bytes.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
struct ByteSet([u64; 4]);

impl ByteSet {
    fn add(&mut self, b: u8) {
        self.0[(b >> 6) as usize] |= 1u64 << (b & 63);
    }
    fn remove(&mut self, b: u8) {
        self.0[(b >> 6) as usize] &= !(1u64 << (b & 63));
    }
    fn contains(&self, b: u8) -> bool {
        self.0[(b >> 6) as usize] & (1u64 << (b & 63)) != 0
    }
    fn union(&mut self, other: &ByteSet) {
        for i in 0..4 {
            self.0[i] |= other.0[i];
        }
    }
    fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    fn first(&self) -> Option<u8> {
        (0..=255u8).find(|&b| self.contains(b))
    }
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

fn other_case(b: u8) -> u8 {
    if b.is_ascii_uppercase() {
        b.to_ascii_lowercase()
    } else if b.is_ascii_lowercase() {
        b.to_ascii_uppercase()
    } else {
        b
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Assertion {
    /// `^`: start of the searched text or just after a newline.
    Bol,
    /// `$`: end of the searched text or just before a newline.
    Eol,
    /// `[[:<:]]`: beginning of a word.
    Bow,
    /// `[[:>:]]`: end of a word.
    Eow,
}

#[derive(Clone, Debug)]
enum Node {
    /// The empty expression (only produced for `()`).
    Empty,
    Set(ByteSet),
    Assert(Assertion),
    Group(usize, Box<Node>),
    Backref(usize),
    Concat(Vec<Node>),
    Alt(Vec<Node>),
    /// `x{min,max}`; the flag tells a `{...}` bound from `*`, `+`, `?`
    /// (BSD structures them differently, which affects submatches).
    Repeat(Box<Node>, u32, Option<u32>, bool),
}

/// Named collating elements of `regcname.h` (`[.name.]`, `[=name=]`).
const COLLATING_NAMES: &[(&str, u8)] = &[
    ("NUL", 0),
    ("SOH", 1),
    ("STX", 2),
    ("ETX", 3),
    ("EOT", 4),
    ("ENQ", 5),
    ("ACK", 6),
    ("BEL", 7),
    ("alert", 7),
    ("BS", 8),
    ("backspace", 8),
    ("HT", 9),
    ("tab", 9),
    ("LF", 10),
    ("newline", 10),
    ("VT", 11),
    ("vertical-tab", 11),
    ("FF", 12),
    ("form-feed", 12),
    ("CR", 13),
    ("carriage-return", 13),
    ("SO", 14),
    ("SI", 15),
    ("DLE", 16),
    ("DC1", 17),
    ("DC2", 18),
    ("DC3", 19),
    ("DC4", 20),
    ("NAK", 21),
    ("SYN", 22),
    ("ETB", 23),
    ("CAN", 24),
    ("EM", 25),
    ("SUB", 26),
    ("ESC", 27),
    ("IS4", 28),
    ("FS", 28),
    ("IS3", 29),
    ("GS", 29),
    ("IS2", 30),
    ("RS", 30),
    ("IS1", 31),
    ("US", 31),
    ("space", b' '),
    ("exclamation-mark", b'!'),
    ("quotation-mark", b'"'),
    ("number-sign", b'#'),
    ("dollar-sign", b'$'),
    ("percent-sign", b'%'),
    ("ampersand", b'&'),
    ("apostrophe", b'\''),
    ("left-parenthesis", b'('),
    ("right-parenthesis", b')'),
    ("asterisk", b'*'),
    ("plus-sign", b'+'),
    ("comma", b','),
    ("hyphen", b'-'),
    ("hyphen-minus", b'-'),
    ("period", b'.'),
    ("full-stop", b'.'),
    ("slash", b'/'),
    ("solidus", b'/'),
    ("zero", b'0'),
    ("one", b'1'),
    ("two", b'2'),
    ("three", b'3'),
    ("four", b'4'),
    ("five", b'5'),
    ("six", b'6'),
    ("seven", b'7'),
    ("eight", b'8'),
    ("nine", b'9'),
    ("colon", b':'),
    ("semicolon", b';'),
    ("less-than-sign", b'<'),
    ("equals-sign", b'='),
    ("greater-than-sign", b'>'),
    ("question-mark", b'?'),
    ("commercial-at", b'@'),
    ("left-square-bracket", b'['),
    ("backslash", b'\\'),
    ("reverse-solidus", b'\\'),
    ("right-square-bracket", b']'),
    ("circumflex", b'^'),
    ("circumflex-accent", b'^'),
    ("underscore", b'_'),
    ("low-line", b'_'),
    ("grave-accent", b'`'),
    ("left-brace", b'{'),
    ("left-curly-bracket", b'{'),
    ("vertical-line", b'|'),
    ("right-brace", b'}'),
    ("right-curly-bracket", b'}'),
    ("tilde", b'~'),
    ("DEL", 127),
];

/// Members of a POSIX character class (`[:name:]`), as in `regcomp.c`.
fn class_members(name: &[u8]) -> Option<ByteSet> {
    let pred: fn(u8) -> bool = match name {
        b"alnum" => |b| b.is_ascii_alphanumeric(),
        b"alpha" => |b| b.is_ascii_alphabetic(),
        b"blank" => |b| b == b' ' || b == b'\t',
        // NUL is not a member: the class tables are C strings.
        b"cntrl" => |b| (1..=31).contains(&b) || b == 127,
        b"digit" => |b| b.is_ascii_digit(),
        b"graph" => |b| (0x21..=0x7e).contains(&b),
        b"lower" => |b| b.is_ascii_lowercase(),
        b"print" => |b| (0x20..=0x7e).contains(&b),
        b"punct" => |b| b.is_ascii_punctuation(),
        b"space" => |b| matches!(b, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' '),
        b"upper" => |b| b.is_ascii_uppercase(),
        b"xdigit" => |b| b.is_ascii_hexdigit(),
        _ => return None,
    };
    let mut set = ByteSet::default();
    for b in 0..=255u8 {
        if pred(b) {
            set.add(b);
        }
    }
    Some(set)
}

/// Recursive-descent parser following the structure of BSD `regcomp.c`
/// (`p_ere`, `p_ere_exp`, `p_bracket`, ...), so that the same inputs are
/// rejected with the same errors.
struct Parser<'a> {
    pat: &'a [u8],
    pos: usize,
    icase: bool,
    newline: bool,
    nsub: usize,
    /// `closed[n]` is true once group `n` (1..=9) has been fully parsed.
    closed: [bool; 10],
    has_backrefs: bool,
    /// Current parenthesis nesting, bounded to keep recursion shallow.
    depth: usize,
}

/// Deepest parenthesis nesting accepted (deeper patterns are reported as
/// `REG_ESPACE`, "out of memory").
const MAX_NESTING: usize = 200;

type PResult<T> = Result<T, RegexError>;

impl<'a> Parser<'a> {
    fn more(&self) -> bool {
        self.pos < self.pat.len()
    }
    fn more2(&self) -> bool {
        self.pos + 1 < self.pat.len()
    }
    fn peek(&self) -> u8 {
        self.pat[self.pos]
    }
    fn peek2(&self) -> u8 {
        self.pat[self.pos + 1]
    }
    fn see(&self, c: u8) -> bool {
        self.more() && self.peek() == c
    }
    fn see_two(&self, a: u8, b: u8) -> bool {
        self.more2() && self.peek() == a && self.peek2() == b
    }
    fn eat(&mut self, c: u8) -> bool {
        if self.see(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn eat_two(&mut self, a: u8, b: u8) -> bool {
        if self.see_two(a, b) {
            self.pos += 2;
            true
        } else {
            false
        }
    }
    fn next(&mut self) -> u8 {
        let c = self.pat[self.pos];
        self.pos += 1;
        c
    }

    fn ordinary(&self, c: u8) -> Node {
        let mut set = ByteSet::default();
        set.add(c);
        if self.icase && c.is_ascii_alphabetic() {
            set.add(other_case(c));
        }
        Node::Set(set)
    }

    /// `p_ere`: alternatives up to `stop` (or the end of the pattern).
    fn ere(&mut self, stop: Option<u8>) -> PResult<Node> {
        let mut alternatives = Vec::new();
        loop {
            let mut items = Vec::new();
            while self.more() && self.peek() != b'|' && Some(self.peek()) != stop {
                items.push(self.ere_exp()?);
            }
            if items.is_empty() {
                return Err(RegexError::Empty);
            }
            alternatives.push(if items.len() == 1 { items.pop().unwrap_or(Node::Empty) } else { Node::Concat(items) });
            if !self.eat(b'|') {
                break;
            }
        }
        Ok(if alternatives.len() == 1 { alternatives.pop().unwrap_or(Node::Empty) } else { Node::Alt(alternatives) })
    }

    /// `p_ere_exp`: one atom and its optional repetition operator.
    fn ere_exp(&mut self) -> PResult<Node> {
        let c = self.next();
        let mut was_caret = false;
        let atom = match c {
            b'(' => {
                if !self.more() {
                    return Err(RegexError::Paren);
                }
                self.nsub += 1;
                let subno = self.nsub;
                if self.depth >= MAX_NESTING {
                    return Err(RegexError::Space);
                }
                self.depth += 1;
                let inner = if self.see(b')') { Node::Empty } else { self.ere(Some(b')'))? };
                self.depth -= 1;
                if subno < self.closed.len() {
                    self.closed[subno] = true;
                }
                if !self.eat(b')') {
                    return Err(RegexError::Paren);
                }
                Node::Group(subno, Box::new(inner))
            }
            b')' => return Err(RegexError::Paren),
            b'^' => {
                was_caret = true;
                Node::Assert(Assertion::Bol)
            }
            b'$' => Node::Assert(Assertion::Eol),
            b'|' => return Err(RegexError::Empty),
            b'*' | b'+' | b'?' => return Err(RegexError::BadRpt),
            b'.' => {
                let mut set = ByteSet([u64::MAX; 4]);
                if self.newline {
                    set.remove(b'\n');
                }
                Node::Set(set)
            }
            b'[' => self.bracket()?,
            b'\\' => {
                if !self.more() {
                    return Err(RegexError::Escape);
                }
                let c = self.next();
                if (b'1'..=b'9').contains(&c) {
                    let n = (c - b'0') as usize;
                    if !self.closed[n] {
                        return Err(RegexError::SubReg);
                    }
                    self.has_backrefs = true;
                    Node::Backref(n)
                } else {
                    self.ordinary(c)
                }
            }
            b'{' => {
                if self.more() && self.peek().is_ascii_digit() {
                    return Err(RegexError::BadRpt);
                }
                self.ordinary(c)
            }
            _ => self.ordinary(c),
        };

        if !self.more() {
            return Ok(atom);
        }
        let c = self.peek();
        let is_rep = |p: &Self, c: u8| {
            c == b'*' || c == b'+' || c == b'?' || (c == b'{' && p.more2() && p.peek2().is_ascii_digit())
        };
        if !is_rep(self, c) {
            return Ok(atom);
        }
        self.pos += 1;
        if was_caret {
            return Err(RegexError::BadRpt);
        }
        let node = match c {
            b'*' => Node::Repeat(Box::new(atom), 0, None, false),
            b'+' => Node::Repeat(Box::new(atom), 1, None, false),
            b'?' => Node::Repeat(Box::new(atom), 0, Some(1), false),
            _ => {
                let min = self.count()?;
                let max = if self.eat(b',') {
                    if self.more() && self.peek().is_ascii_digit() {
                        let max = self.count()?;
                        if min > max {
                            return Err(RegexError::BadBr);
                        }
                        Some(max)
                    } else {
                        None
                    }
                } else {
                    Some(min)
                };
                if !self.eat(b'}') {
                    while self.more() && self.peek() != b'}' {
                        self.pos += 1;
                    }
                    if !self.more() {
                        return Err(RegexError::Brace);
                    }
                    return Err(RegexError::BadBr);
                }
                Node::Repeat(Box::new(atom), min, max, true)
            }
        };
        if self.more() && is_rep(self, self.peek()) {
            return Err(RegexError::BadRpt);
        }
        Ok(node)
    }

    /// `p_count`: a decimal repetition count.
    fn count(&mut self) -> PResult<u32> {
        let mut count: u32 = 0;
        let mut ndigits = 0;
        while self.more() && self.peek().is_ascii_digit() && count <= DUP_MAX {
            count = count * 10 + u32::from(self.next() - b'0');
            ndigits += 1;
        }
        if ndigits == 0 || count > DUP_MAX {
            return Err(RegexError::BadBr);
        }
        Ok(count)
    }

    /// `p_bracket`: a bracket expression; the `[` has been consumed.
    fn bracket(&mut self) -> PResult<Node> {
        let rest = &self.pat[self.pos..];
        if rest.len() > 5 && rest.starts_with(b"[:<:]]") {
            self.pos += 6;
            return Ok(Node::Assert(Assertion::Bow));
        }
        if rest.len() > 5 && rest.starts_with(b"[:>:]]") {
            self.pos += 6;
            return Ok(Node::Assert(Assertion::Eow));
        }
        let mut set = ByteSet::default();
        let invert = self.eat(b'^');
        if self.eat(b']') {
            set.add(b']');
        } else if self.eat(b'-') {
            set.add(b'-');
        }
        while self.more() && self.peek() != b']' && !self.see_two(b'-', b']') {
            self.bracket_term(&mut set)?;
        }
        if self.eat(b'-') {
            set.add(b'-');
        }
        if !self.eat(b']') {
            return Err(RegexError::Brack);
        }
        if self.icase {
            for b in 0..=255u8 {
                if set.contains(b) && b.is_ascii_alphabetic() {
                    set.add(other_case(b));
                }
            }
        }
        if invert {
            for w in set.0.iter_mut() {
                *w = !*w;
            }
            if self.newline {
                set.remove(b'\n');
            }
        }
        Ok(Node::Set(set))
    }

    /// `p_b_term`: one term of a bracket expression.
    fn bracket_term(&mut self, set: &mut ByteSet) -> PResult<()> {
        let c = if self.more() { self.peek() } else { 0 };
        let kind = match c {
            b'[' if self.more2() => self.peek2(),
            b'[' => 0,
            b'-' => return Err(RegexError::Range),
            _ => 0,
        };
        match kind {
            b':' => {
                self.pos += 2;
                if !self.more() {
                    return Err(RegexError::Brack);
                }
                let c = self.peek();
                if c == b'-' || c == b']' {
                    return Err(RegexError::CType);
                }
                let start = self.pos;
                while self.more() && self.peek().is_ascii_alphabetic() {
                    self.pos += 1;
                }
                let members = class_members(&self.pat[start..self.pos]).ok_or(RegexError::CType)?;
                set.union(&members);
                if !self.more() {
                    return Err(RegexError::Brack);
                }
                if !self.eat_two(b':', b']') {
                    return Err(RegexError::CType);
                }
            }
            b'=' => {
                self.pos += 2;
                if !self.more() {
                    return Err(RegexError::Brack);
                }
                let c = self.peek();
                if c == b'-' || c == b']' {
                    return Err(RegexError::Collate);
                }
                let c = self.collating_element(b'=')?;
                set.add(c);
                if !self.more() {
                    return Err(RegexError::Brack);
                }
                if !self.eat_two(b'=', b']') {
                    return Err(RegexError::Collate);
                }
            }
            _ => {
                let start = self.bracket_symbol()?;
                let finish = if self.see(b'-') && self.more2() && self.peek2() != b']' {
                    self.pos += 1;
                    if self.eat(b'-') {
                        b'-'
                    } else {
                        self.bracket_symbol()?
                    }
                } else {
                    start
                };
                // regcomp compares plain (signed) chars here.
                let (s, f) = (start as i8, finish as i8);
                if s > f {
                    return Err(RegexError::Range);
                }
                for b in s..=f {
                    set.add(b as u8);
                }
            }
        }
        Ok(())
    }

    /// `p_b_symbol`: a single character or a `[.name.]` collating symbol.
    fn bracket_symbol(&mut self) -> PResult<u8> {
        if !self.more() {
            return Err(RegexError::Brack);
        }
        if !self.eat_two(b'[', b'.') {
            return Ok(self.next());
        }
        let value = self.collating_element(b'.')?;
        if !self.eat_two(b'.', b']') {
            return Err(RegexError::Collate);
        }
        Ok(value)
    }

    /// `p_b_coll_elem`: a collating element name terminated by `endc]`.
    fn collating_element(&mut self, endc: u8) -> PResult<u8> {
        let start = self.pos;
        while self.more() && !self.see_two(endc, b']') {
            self.pos += 1;
        }
        if !self.more() {
            return Err(RegexError::Brack);
        }
        let name = &self.pat[start..self.pos];
        if let Some(&(_, code)) = COLLATING_NAMES.iter().find(|(n, _)| n.as_bytes() == name) {
            return Ok(code);
        }
        if name.len() == 1 {
            return Ok(name[0]);
        }
        Err(RegexError::Collate)
    }
}

#[derive(Clone, Copy, Debug)]
enum Inst {
    Set(usize),
    Split(usize, usize),
    Jmp(usize),
    Save(usize),
    Assert(Assertion),
    Backref(usize),
    /// Record the current position in loop register `r` (backtracker only).
    Mark(usize),
    /// Fail unless the position advanced since `Mark(r)` (backtracker only);
    /// keeps empty loop iterations from recursing forever.
    Progress(usize),
    Match,
}

struct Compiler {
    prog: Vec<Inst>,
    sets: Vec<ByteSet>,
    nregs: usize,
}

impl Compiler {
    fn emit(&mut self, inst: Inst) -> PResult<usize> {
        if self.prog.len() >= MAX_PROGRAM_LEN {
            return Err(RegexError::Space);
        }
        self.prog.push(inst);
        Ok(self.prog.len() - 1)
    }

    fn set_index(&mut self, set: &ByteSet) -> usize {
        if let Some(i) = self.sets.iter().position(|s| s == set) {
            return i;
        }
        self.sets.push(*set);
        self.sets.len() - 1
    }

    fn compile(&mut self, node: &Node) -> PResult<()> {
        match node {
            Node::Empty => {}
            Node::Set(set) => {
                let i = self.set_index(set);
                self.emit(Inst::Set(i))?;
            }
            Node::Assert(a) => {
                self.emit(Inst::Assert(*a))?;
            }
            Node::Group(n, inner) => {
                self.emit(Inst::Save(2 * n))?;
                self.compile(inner)?;
                self.emit(Inst::Save(2 * n + 1))?;
            }
            Node::Backref(n) => {
                self.emit(Inst::Backref(*n))?;
            }
            Node::Concat(items) => {
                for item in items {
                    self.compile(item)?;
                }
            }
            Node::Alt(alts) => {
                let mut jumps = Vec::new();
                for (i, alt) in alts.iter().enumerate() {
                    if i + 1 < alts.len() {
                        let split = self.emit(Inst::Split(0, 0))?;
                        self.compile(alt)?;
                        jumps.push(self.emit(Inst::Jmp(0))?);
                        let next = self.prog.len();
                        self.prog[split] = Inst::Split(split + 1, next);
                    } else {
                        self.compile(alt)?;
                    }
                }
                let end = self.prog.len();
                for j in jumps {
                    self.prog[j] = Inst::Jmp(end);
                }
            }
            Node::Repeat(inner, min, max, _) => {
                for _ in 0..*min {
                    self.compile(inner)?;
                }
                match max {
                    None => {
                        let reg = self.nregs;
                        self.nregs += 1;
                        let split = self.emit(Inst::Split(0, 0))?;
                        self.emit(Inst::Mark(reg))?;
                        self.compile(inner)?;
                        self.emit(Inst::Progress(reg))?;
                        self.emit(Inst::Jmp(split))?;
                        let end = self.prog.len();
                        self.prog[split] = Inst::Split(split + 1, end);
                    }
                    Some(max) => {
                        let mut splits = Vec::new();
                        for _ in *min..*max {
                            splits.push(self.emit(Inst::Split(0, 0))?);
                            self.compile(inner)?;
                        }
                        let end = self.prog.len();
                        for s in splits {
                            self.prog[s] = Inst::Split(s + 1, end);
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

/// A compiled regular expression.
#[derive(Clone, Debug)]
pub(crate) struct Regex {
    prog: Vec<Inst>,
    sets: Vec<ByteSet>,
    nsub: usize,
    nregs: usize,
    has_backrefs: bool,
    /// Bytes that can begin a match, when a match cannot be empty.
    first_bytes: Option<ByteSet>,
    /// The expression in BSD's internal shape, used to assign submatches
    /// (absent for patterns with back-references).
    bsd: Option<Rc<Vec<BItem>>>,
}

/// Capture positions of a successful match: element 0 is the whole match,
/// element `n` is parenthesized group `n` (if it participated).
pub(crate) type Captures = Vec<Option<(usize, usize)>>;

/// Compilation flags.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Flags {
    /// `REG_ICASE`: ASCII case-insensitive matching.
    pub icase: bool,
    /// `REG_NEWLINE`: newline-sensitive matching.
    pub newline: bool,
}

impl Regex {
    /// Compiles `pattern` (a POSIX ERE in the BSD dialect).
    pub(crate) fn new(pattern: &[u8], flags: Flags) -> Result<Regex, RegexError> {
        let mut parser = Parser {
            pat: pattern,
            pos: 0,
            icase: flags.icase,
            newline: flags.newline,
            nsub: 0,
            closed: [false; 10],
            has_backrefs: false,
            depth: 0,
        };
        let node = parser.ere(None)?;
        if parser.more() {
            return Err(RegexError::Paren);
        }
        let mut c = Compiler { prog: Vec::new(), sets: Vec::new(), nregs: 0 };
        c.emit(Inst::Save(0))?;
        c.compile(&node)?;
        // Greedy leftmost submatches equal BSD's unless the expression has
        // alternation or repeats something wider than one character.
        let bsd = if parser.has_backrefs || !needs_dissect(&node) {
            None
        } else {
            let mut size = 0usize;
            Some(Rc::new(bsd_seq(&node, &mut c, &mut size)?))
        };
        c.emit(Inst::Save(1))?;
        c.emit(Inst::Match)?;
        let mut re = Regex {
            prog: c.prog,
            sets: c.sets,
            nsub: parser.nsub,
            nregs: c.nregs,
            has_backrefs: parser.has_backrefs,
            first_bytes: None,
            bsd,
        };
        re.first_bytes = re.compute_first_bytes();
        Ok(re)
    }

    /// Number of parenthesized subexpressions.
    pub(crate) fn num_groups(&self) -> usize {
        self.nsub
    }

    /// Bytes that may start a match, or `None` if a match may be empty or
    /// begin with a back-reference.
    fn compute_first_bytes(&self) -> Option<ByteSet> {
        let mut set = ByteSet::default();
        let mut seen = vec![false; self.prog.len()];
        let mut stack = vec![0usize];
        while let Some(pc) = stack.pop() {
            if seen[pc] {
                continue;
            }
            seen[pc] = true;
            match self.prog[pc] {
                Inst::Set(i) => set.union(&self.sets[i]),
                Inst::Split(a, b) => {
                    stack.push(a);
                    stack.push(b);
                }
                Inst::Jmp(a) => stack.push(a),
                Inst::Save(_) | Inst::Assert(_) | Inst::Mark(_) | Inst::Progress(_) => stack.push(pc + 1),
                Inst::Backref(_) | Inst::Match => return None,
            }
        }
        Some(set)
    }

    fn assertion_holds(a: Assertion, hay: &[u8], pos: usize) -> bool {
        match a {
            Assertion::Bol => pos == 0 || hay[pos - 1] == b'\n',
            Assertion::Eol => pos == hay.len() || hay[pos] == b'\n',
            Assertion::Bow => (pos == 0 || !is_word(hay[pos - 1])) && pos < hay.len() && is_word(hay[pos]),
            Assertion::Eow => pos > 0 && is_word(hay[pos - 1]) && (pos == hay.len() || !is_word(hay[pos])),
        }
    }

    /// Finds the leftmost-longest match in `hay`.  `^` and `$` match at the
    /// boundaries of `hay` (as when LLVM matches a `StringRef` slice).
    pub(crate) fn find(&self, hay: &[u8]) -> Option<Captures> {
        let slots = if self.has_backrefs { self.backtrack_search(hay) } else { self.pike(hay) }?;
        let mut caps = Vec::with_capacity(self.nsub + 1);
        for g in 0..=self.nsub {
            let (s, e) = (slots[2 * g], slots[2 * g + 1]);
            caps.push(if s != UNSET && e != UNSET && s <= e { Some((s, e)) } else { None });
        }
        if self.nsub > 0 {
            if let (Some(bsd), Some((s, e))) = (&self.bsd, caps[0]) {
                if e - s <= MAX_DISSECT_SPAN {
                    let mut d = Dissector::new(self, hay, s, e);
                    d.seq(bsd, s, e);
                    for (g, cap) in caps.iter_mut().enumerate().skip(1) {
                        *cap = match (d.so[g], d.eo[g]) {
                            (Some(a), Some(b)) if a <= b => Some((a, b)),
                            _ => None,
                        };
                    }
                }
            }
        }
        Some(caps)
    }

    fn nslots(&self) -> usize {
        2 * (self.nsub + 1)
    }

    fn next_candidate(&self, hay: &[u8], from: usize) -> Option<usize> {
        match &self.first_bytes {
            None => Some(from),
            Some(set) => {
                if set.count() == 1 {
                    let b = set.first()?;
                    hay.get(from..)?.iter().position(|&c| c == b).map(|k| from + k)
                } else {
                    hay.get(from..)?.iter().position(|&c| set.contains(c)).map(|k| from + k)
                }
            }
        }
    }

    // ---------------------------------------------------------------- Pike VM

    fn add_thread(
        &self,
        list: &mut ThreadList,
        pc: usize,
        pos: usize,
        hay: &[u8],
        slots: &mut [usize],
        stack: &mut Vec<Frame>,
    ) {
        stack.push(Frame::Explore(pc));
        while let Some(frame) = stack.pop() {
            let pc = match frame {
                Frame::Restore(i, v) => {
                    slots[i] = v;
                    continue;
                }
                Frame::Explore(pc) => pc,
            };
            if !list.insert(pc) {
                continue;
            }
            match self.prog[pc] {
                Inst::Split(a, b) => {
                    stack.push(Frame::Explore(b));
                    stack.push(Frame::Explore(a));
                }
                Inst::Jmp(a) => stack.push(Frame::Explore(a)),
                Inst::Save(i) => {
                    stack.push(Frame::Restore(i, slots[i]));
                    slots[i] = pos;
                    stack.push(Frame::Explore(pc + 1));
                }
                Inst::Assert(a) => {
                    if Self::assertion_holds(a, hay, pos) {
                        stack.push(Frame::Explore(pc + 1));
                    }
                }
                Inst::Mark(_) | Inst::Progress(_) => stack.push(Frame::Explore(pc + 1)),
                Inst::Set(_) | Inst::Match | Inst::Backref(_) => {
                    list.store(pc, slots);
                }
            }
        }
    }

    fn pike(&self, hay: &[u8]) -> Option<Vec<usize>> {
        let ns = self.nslots();
        let n = self.prog.len();
        let mut clist = ThreadList::new(n, ns);
        let mut nlist = ThreadList::new(n, ns);
        let mut scratch = vec![UNSET; ns];
        let mut stack = Vec::new();
        let mut best: Option<Vec<usize>> = None;
        let mut pos = 0usize;
        loop {
            if best.is_none() {
                if clist.is_empty() {
                    match self.next_candidate(hay, pos) {
                        Some(p) => pos = p,
                        None => break,
                    }
                }
                scratch.iter_mut().for_each(|s| *s = UNSET);
                self.add_thread(&mut clist, 0, pos, hay, &mut scratch, &mut stack);
            }
            if clist.is_empty() && best.is_some() {
                break;
            }
            nlist.clear();
            let byte = hay.get(pos).copied();
            for i in 0..clist.len() {
                let pc = clist.dense[i];
                let start = clist.slots(pc)[0];
                if let Some(b) = &best {
                    if start > b[0] {
                        continue;
                    }
                }
                match self.prog[pc] {
                    Inst::Match => {
                        let better = match &best {
                            None => true,
                            Some(b) => start < b[0] || (start == b[0] && pos > b[1]),
                        };
                        if better {
                            best = Some(clist.slots(pc).to_vec());
                        }
                    }
                    Inst::Set(s) => {
                        if let Some(c) = byte {
                            if self.sets[s].contains(c) {
                                scratch.copy_from_slice(clist.slots(pc));
                                self.add_thread(&mut nlist, pc + 1, pos + 1, hay, &mut scratch, &mut stack);
                            }
                        }
                    }
                    _ => {}
                }
            }
            std::mem::swap(&mut clist, &mut nlist);
            if pos >= hay.len() {
                break;
            }
            pos += 1;
        }
        best
    }

    // ----------------------------------------------------------- backtracking

    fn backtrack_search(&self, hay: &[u8]) -> Option<Vec<usize>> {
        let mut budget = BACKTRACK_BUDGET;
        let mut start = 0usize;
        while start <= hay.len() {
            let s = self.next_candidate(hay, start)?;
            if let Some(slots) = self.backtrack_at(hay, s, &mut budget) {
                return Some(slots);
            }
            if budget == 0 {
                return None;
            }
            start = s + 1;
        }
        None
    }

    /// Exhaustive search for the longest match starting at `start`; among
    /// paths reaching that end, the first in priority order supplies the
    /// captures.
    fn backtrack_at(&self, hay: &[u8], start: usize, budget: &mut u64) -> Option<Vec<usize>> {
        enum BFrame {
            Explore(usize, usize),
            RestoreSlot(usize, usize),
            RestoreReg(usize, usize),
        }
        let mut slots = vec![UNSET; self.nslots()];
        let mut regs = vec![UNSET; self.nregs];
        let mut best: Option<Vec<usize>> = None;
        let mut stack = vec![BFrame::Explore(0, start)];
        while let Some(frame) = stack.pop() {
            let (mut pc, mut pos) = match frame {
                BFrame::RestoreSlot(i, v) => {
                    slots[i] = v;
                    continue;
                }
                BFrame::RestoreReg(i, v) => {
                    regs[i] = v;
                    continue;
                }
                BFrame::Explore(pc, pos) => (pc, pos),
            };
            loop {
                if *budget == 0 {
                    return best;
                }
                *budget -= 1;
                match self.prog[pc] {
                    Inst::Set(s) => match hay.get(pos) {
                        Some(&c) if self.sets[s].contains(c) => {
                            pc += 1;
                            pos += 1;
                        }
                        _ => break,
                    },
                    Inst::Split(a, b) => {
                        stack.push(BFrame::Explore(b, pos));
                        pc = a;
                    }
                    Inst::Jmp(a) => pc = a,
                    Inst::Save(i) => {
                        stack.push(BFrame::RestoreSlot(i, slots[i]));
                        slots[i] = pos;
                        pc += 1;
                    }
                    Inst::Assert(a) => {
                        if !Self::assertion_holds(a, hay, pos) {
                            break;
                        }
                        pc += 1;
                    }
                    Inst::Mark(r) => {
                        stack.push(BFrame::RestoreReg(r, regs[r]));
                        regs[r] = pos;
                        pc += 1;
                    }
                    Inst::Progress(r) => {
                        if regs[r] == pos {
                            break;
                        }
                        pc += 1;
                    }
                    Inst::Backref(n) => {
                        let (s, e) = (slots[2 * n], slots[2 * n + 1]);
                        if s == UNSET || e == UNSET || s > e {
                            break;
                        }
                        let len = e - s;
                        if pos + len > hay.len() || hay[s..e] != hay[pos..pos + len] {
                            break;
                        }
                        pos += len;
                        pc += 1;
                    }
                    Inst::Match => {
                        if best.as_ref().is_none_or(|b| pos > b[1]) {
                            best = Some(slots.clone());
                        }
                        break;
                    }
                }
            }
        }
        best
    }
}

enum Frame {
    Explore(usize),
    Restore(usize, usize),
}

/// Sparse set of program counters with a capture-slot table.
struct ThreadList {
    dense: Vec<usize>,
    sparse: Vec<usize>,
    caps: Vec<usize>,
    nslots: usize,
}

impl ThreadList {
    fn new(n: usize, nslots: usize) -> ThreadList {
        ThreadList { dense: Vec::with_capacity(n), sparse: vec![0; n], caps: vec![UNSET; n * nslots], nslots }
    }
    fn is_empty(&self) -> bool {
        self.dense.is_empty()
    }
    fn len(&self) -> usize {
        self.dense.len()
    }
    fn clear(&mut self) {
        self.dense.clear();
    }
    fn insert(&mut self, pc: usize) -> bool {
        let i = self.sparse[pc];
        if i < self.dense.len() && self.dense[i] == pc {
            return false;
        }
        self.sparse[pc] = self.dense.len();
        self.dense.push(pc);
        true
    }
    fn store(&mut self, pc: usize, slots: &[usize]) {
        let base = pc * self.nslots;
        self.caps[base..base + self.nslots].copy_from_slice(slots);
    }
    fn slots(&self, pc: usize) -> &[usize] {
        let base = pc * self.nslots;
        &self.caps[base..base + self.nslots]
    }
}

// ------------------------------------------------------- BSD submatches

/// An element of an expression in the shape BSD `regcomp` gives it: a
/// flat sequence of single-character matchers, anchors and group markers,
/// with alternation (`OCH_`), `+` (`OPLUS_`) and `*`'s optional part
/// (`OQUEST_`) as nested sequences.  POSIX submatch rules are applied on
/// this shape exactly as BSD `dissect()` does.
#[derive(Clone, Debug)]
enum BItem {
    Char(usize),
    Assert(Assertion),
    Open(usize),
    Close(usize),
    Alt(Vec<Vec<BItem>>),
    Quest(Vec<BItem>),
    Plus(Vec<BItem>),
}

/// True if submatches chosen by the Pike VM's greedy priorities may differ
/// from BSD's: with alternation, or a repetition of something that is not
/// a single character.
fn needs_dissect(node: &Node) -> bool {
    fn single_char(n: &Node) -> bool {
        match n {
            Node::Set(_) => true,
            Node::Group(_, inner) => single_char(inner),
            _ => false,
        }
    }
    match node {
        Node::Empty | Node::Set(_) | Node::Assert(_) | Node::Backref(_) => false,
        Node::Group(_, inner) => needs_dissect(inner),
        Node::Concat(items) => items.iter().any(needs_dissect),
        Node::Alt(_) => true,
        Node::Repeat(inner, ..) => !single_char(inner),
    }
}

fn bsd_count(items: &[BItem]) -> usize {
    items
        .iter()
        .map(|i| match i {
            BItem::Alt(bs) => 1 + bs.iter().map(|b| bsd_count(b)).sum::<usize>(),
            BItem::Quest(b) | BItem::Plus(b) => 1 + bsd_count(b),
            _ => 1,
        })
        .sum()
}

/// Converts a node to BSD's shape, expanding counted repetitions like
/// `regcomp.c`'s `repeat()`.
fn bsd_seq(node: &Node, c: &mut Compiler, size: &mut usize) -> PResult<Vec<BItem>> {
    let out = match node {
        Node::Empty => Vec::new(),
        Node::Set(set) => vec![BItem::Char(c.set_index(set))],
        Node::Assert(a) => vec![BItem::Assert(*a)],
        Node::Group(n, inner) => {
            let mut v = vec![BItem::Open(*n)];
            v.extend(bsd_seq(inner, c, size)?);
            v.push(BItem::Close(*n));
            v
        }
        // Patterns with back-references do not use this representation.
        Node::Backref(_) => Vec::new(),
        Node::Concat(items) => {
            let mut v = Vec::new();
            for i in items {
                v.extend(bsd_seq(i, c, size)?);
            }
            v
        }
        Node::Alt(alts) => {
            let mut branches = Vec::new();
            for a in alts {
                branches.push(bsd_seq(a, c, size)?);
            }
            vec![BItem::Alt(branches)]
        }
        Node::Repeat(inner, min, max, braces) => {
            let x = bsd_seq(inner, c, size)?;
            if *braces {
                bsd_repeat(&x, *min, *max, size)?
            } else {
                match (min, max) {
                    (0, None) => vec![BItem::Quest(vec![BItem::Plus(x)])],
                    (1, None) => vec![BItem::Plus(x)],
                    _ => vec![BItem::Alt(vec![x, Vec::new()])],
                }
            }
        }
    };
    *size += bsd_count(&out);
    if *size > MAX_PROGRAM_LEN {
        return Err(RegexError::Space);
    }
    Ok(out)
}

fn bsd_repeat(x: &[BItem], from: u32, to: Option<u32>, size: &mut usize) -> PResult<Vec<BItem>> {
    *size += bsd_count(x);
    if *size > MAX_PROGRAM_LEN {
        return Err(RegexError::Space);
    }
    Ok(match (from, to) {
        (0, Some(0)) => Vec::new(),
        (0, _) => vec![BItem::Alt(vec![bsd_repeat(x, 1, to, size)?, Vec::new()])],
        (1, Some(1)) => x.to_vec(),
        (1, Some(n)) => {
            let mut v = vec![BItem::Alt(vec![x.to_vec(), Vec::new()])];
            v.extend(bsd_repeat(x, 1, Some(n - 1), size)?);
            v
        }
        (1, None) => vec![BItem::Plus(x.to_vec())],
        (m, to) => {
            let mut v = x.to_vec();
            v.extend(bsd_repeat(x, m - 1, to.map(|t| t - 1), size)?);
            v
        }
    })
}

/// Sets of positions in the match window, as bit vectors.
type PosSet = Rc<Vec<u64>>;

/// Assigns submatches within a known overall match `[lo, hi]`, following
/// BSD `dissect()`: each element of a sequence takes the longest span that
/// lets the rest of the sequence match, alternation takes the first branch
/// that matches the span, and a repetition's groups come from its last
/// iteration.
struct Dissector<'a> {
    re: &'a Regex,
    hay: &'a [u8],
    lo: usize,
    hi: usize,
    /// Memoized [`Self::ends_seq`] results, keyed by sequence and start.
    memo: HashMap<(usize, usize, usize), PosSet>,
    so: Vec<Option<usize>>,
    eo: Vec<Option<usize>>,
}

impl<'a> Dissector<'a> {
    fn new(re: &'a Regex, hay: &'a [u8], lo: usize, hi: usize) -> Dissector<'a> {
        Dissector { re, hay, lo, hi, memo: HashMap::new(), so: vec![None; re.nsub + 1], eo: vec![None; re.nsub + 1] }
    }

    fn empty_set(&self) -> Vec<u64> {
        vec![0; (self.hi - self.lo) / 64 + 1]
    }

    fn has(&self, set: &[u64], pos: usize) -> bool {
        pos >= self.lo && pos <= self.hi && set[(pos - self.lo) / 64] & (1 << ((pos - self.lo) % 64)) != 0
    }

    fn add(&self, set: &mut [u64], pos: usize) {
        if pos >= self.lo && pos <= self.hi {
            set[(pos - self.lo) / 64] |= 1 << ((pos - self.lo) % 64);
        }
    }

    fn members(&self, set: &[u64]) -> Vec<usize> {
        let mut out = Vec::new();
        for (wi, &w) in set.iter().enumerate() {
            let mut bits = w;
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let p = self.lo + wi * 64 + b;
                if p <= self.hi {
                    out.push(p);
                }
            }
        }
        out
    }

    fn union_into(out: &mut [u64], other: &[u64]) {
        for (o, w) in out.iter_mut().zip(other.iter()) {
            *o |= *w;
        }
    }

    /// Possible end positions of the whole of `seq` matched from `pos`.
    fn ends_seq(&mut self, seq: &[BItem], pos: usize) -> PosSet {
        let key = (seq.as_ptr() as usize, seq.len(), pos);
        if let Some(s) = self.memo.get(&key) {
            return s.clone();
        }
        let mut cur = self.empty_set();
        self.add(&mut cur, pos);
        for item in seq {
            let mut next = self.empty_set();
            for p in self.members(&cur) {
                let e = self.ends_item(item, p);
                Self::union_into(&mut next, &e);
            }
            cur = next;
        }
        let out = Rc::new(cur);
        self.memo.insert(key, out.clone());
        out
    }

    /// Possible end positions of one element matched from `pos`.
    fn ends_item(&mut self, item: &BItem, pos: usize) -> PosSet {
        let mut out = self.empty_set();
        match item {
            BItem::Char(s) => {
                if pos < self.hi && self.re.sets[*s].contains(self.hay[pos]) {
                    self.add(&mut out, pos + 1);
                }
            }
            BItem::Assert(a) => {
                if Regex::assertion_holds(*a, self.hay, pos) {
                    self.add(&mut out, pos);
                }
            }
            BItem::Open(_) | BItem::Close(_) => self.add(&mut out, pos),
            BItem::Alt(branches) => {
                for b in branches {
                    let e = self.ends_seq(b, pos);
                    Self::union_into(&mut out, &e);
                }
            }
            BItem::Quest(seq) => {
                self.add(&mut out, pos);
                let e = self.ends_seq(seq, pos);
                Self::union_into(&mut out, &e);
            }
            BItem::Plus(seq) => {
                let key = (seq.as_ptr() as usize, usize::MAX, pos);
                if let Some(s) = self.memo.get(&key) {
                    return s.clone();
                }
                let mut work = vec![pos];
                let mut seen = self.empty_set();
                while let Some(p) = work.pop() {
                    let e = self.ends_seq(seq, p);
                    for r in self.members(&e) {
                        if !self.has(&seen, r) {
                            self.add(&mut seen, r);
                            self.add(&mut out, r);
                            work.push(r);
                        }
                    }
                }
                let out = Rc::new(out);
                self.memo.insert(key, out.clone());
                return out;
            }
        }
        Rc::new(out)
    }

    /// Longest end `<= limit` of `seq` matched from `pos` (BSD `slow()`).
    fn longest(&mut self, seq: &[BItem], pos: usize, limit: usize) -> Option<usize> {
        let e = self.ends_seq(seq, pos);
        (pos..=limit.min(self.hi)).rev().find(|&r| self.has(&e, r))
    }

    /// `dissect()` of a sequence over `[a, b]`.
    fn seq(&mut self, seq: &[BItem], a: usize, b: usize) {
        // can[i]: positions from which `seq[i..]` can match exactly up to `b`.
        let mut can: Vec<Vec<u64>> = vec![self.empty_set(); seq.len() + 1];
        let mut last = self.empty_set();
        self.add(&mut last, b);
        can[seq.len()] = last;
        for i in (0..seq.len()).rev() {
            let mut here = self.empty_set();
            for p in a..=b.min(self.hi) {
                let e = self.ends_item(&seq[i], p);
                if e.iter().zip(can[i + 1].iter()).any(|(x, y)| x & y != 0) {
                    self.add(&mut here, p);
                }
            }
            can[i] = here;
        }
        let mut pos = a;
        for (i, item) in seq.iter().enumerate() {
            match item {
                BItem::Char(_) => pos += 1,
                BItem::Assert(_) => {}
                BItem::Open(n) => self.so[*n] = Some(pos),
                BItem::Close(n) => self.eo[*n] = Some(pos),
                _ => {
                    let cand = self.ends_item(item, pos);
                    let upper = b.min(self.hi);
                    let r = (pos..=upper)
                        .rev()
                        .find(|&r| self.has(&cand, r) && self.has(&can[i + 1], r))
                        .or_else(|| (pos..=upper).rev().find(|&r| self.has(&cand, r)))
                        .unwrap_or(pos);
                    self.item(item, pos, r);
                    pos = r;
                }
            }
        }
    }

    fn item(&mut self, item: &BItem, a: usize, b: usize) {
        match item {
            BItem::Alt(branches) => {
                for br in branches {
                    let e = self.ends_seq(br, a);
                    if self.has(&e, b) {
                        self.seq(br, a, b);
                        return;
                    }
                }
            }
            BItem::Quest(seq) if self.longest(seq, a, b).is_some() => self.seq(seq, a, b),
            BItem::Plus(seq) => {
                // Find the last iteration by repeatedly taking the longest.
                let mut ssp = a;
                let mut oldssp = ssp;
                let mut sep;
                loop {
                    sep = self.longest(seq, ssp, b);
                    match sep {
                        Some(e) if e != ssp => {
                            oldssp = ssp;
                            ssp = e;
                        }
                        _ => break,
                    }
                }
                let (start, end) = match sep {
                    None => (oldssp, ssp),
                    Some(e) => (ssp, e),
                };
                self.seq(seq, start, end);
            }
            _ => {}
        }
    }
}

/// Escapes regex metacharacters like `llvm::Regex::escape`.
pub(crate) fn escape(s: &[u8], out: &mut Vec<u8>) {
    for &c in s {
        if b"()^$|*+?.[]\\{}".contains(&c) || c == 0 {
            out.push(b'\\');
        }
        out.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(p: &str, h: &str) -> Option<(usize, usize)> {
        Regex::new(p.as_bytes(), Flags { icase: false, newline: true })
            .unwrap()
            .find(h.as_bytes())
            .map(|c| c[0].unwrap())
    }

    #[test]
    fn basics() {
        assert_eq!(m("abc", "xxabcxx"), Some((2, 5)));
        assert_eq!(m("a|ab", "xab"), Some((1, 3)));
        assert_eq!(m("(a|ab)(c|bcd)", "abcd"), Some((0, 4)));
        assert_eq!(m("a.*b", "a1b2b\nb"), Some((0, 5)));
        assert_eq!(m("[^x]+", "ab\ncd"), Some((0, 2)));
        assert_eq!(m("^b", "a\nb"), Some((2, 3)));
        assert_eq!(m("a$", "a\nb"), Some((0, 1)));
        assert_eq!(m("\\s", "as"), Some((1, 2)));
        assert_eq!(m("[[:digit:]]{2,3}", "a12345"), Some((1, 4)));
        assert_eq!(m("(a)\\1", "aab"), Some((0, 2)));
        assert_eq!(m("(a*)*b", "aaab"), Some((0, 4)));
        assert_eq!(m("(x*)*\\1y", "xxy"), Some((0, 3)));
        assert_eq!(m("[[:<:]]foo", "afoo foo"), Some((5, 8)));
        assert_eq!(m("x{0}", "abc"), Some((0, 0)));
    }

    #[test]
    fn posix_submatches() {
        let caps = |p: &str, h: &str| {
            Regex::new(p.as_bytes(), Flags { icase: false, newline: true }).unwrap().find(h.as_bytes()).unwrap()
        };
        // The first element takes the longest span that lets the rest match.
        let c = caps("(a|ab)(b?)c", "abc");
        assert_eq!((c[1], c[2]), (Some((0, 2)), Some((2, 2))));
        let c = caps("(a*)(a*)", "aaa");
        assert_eq!((c[1], c[2]), (Some((0, 3)), Some((3, 3))));
        // Groups in a repetition report the last iteration.
        let c = caps("(ab|a)*c", "aabc");
        assert_eq!(c[1], Some((1, 3)));
        // Unused alternatives leave their groups unset.
        let c = caps("(x)|(y)", "y");
        assert_eq!((c[1], c[2]), (None, Some((0, 1))));
    }

    #[test]
    fn errors() {
        let e = |p: &str| Regex::new(p.as_bytes(), Flags::default()).err();
        assert_eq!(e(""), Some(RegexError::Empty));
        assert_eq!(e("a**"), Some(RegexError::BadRpt));
        assert_eq!(e("a*?"), Some(RegexError::BadRpt));
        assert_eq!(e("(a"), Some(RegexError::Paren));
        assert_eq!(e("a)"), Some(RegexError::Paren));
        assert_eq!(e("[a"), Some(RegexError::Brack));
        assert_eq!(e("[z-a]"), Some(RegexError::Range));
        assert_eq!(e("\\1"), Some(RegexError::SubReg));
        assert_eq!(e("a{1"), Some(RegexError::Brace));
        assert_eq!(e("a{256}"), Some(RegexError::BadBr));
        assert_eq!(e("[[:foo:]]"), Some(RegexError::CType));
        assert_eq!(e("\\"), Some(RegexError::Escape));
        assert_eq!(e("^*"), Some(RegexError::BadRpt));
        assert!(e("a{").is_none());
        assert!(e("()").is_none());
    }
}
