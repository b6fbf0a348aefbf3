//! The lexer of MLIR's textual format (MLIR's `Lexer.cpp`): byte-based, allocation free, one
//! token of lookahead; positions carry their 1-based line and column.
//!
//! Keywords are not separate token kinds: they are [`TokKind::BareIdent`]s compared by spelling.

/// Token kinds.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum TokKind {
    Eof,
    /// A lexical error (already recorded in [`Lexer::error`]).
    Error,
    /// `[a-zA-Z_][a-zA-Z0-9_$.]*` (also keywords and `i32`-style integer types)
    BareIdent,
    /// `@name` or `@"name"`
    AtIdent,
    /// `#suffix-id`
    HashIdent,
    /// `%suffix-id`
    PercentIdent,
    /// `^suffix-id`
    CaretIdent,
    /// `!suffix-id`
    BangIdent,
    Integer,
    Float,
    String,
    Arrow,
    Colon,
    Comma,
    Ellipsis,
    Equal,
    Greater,
    LBrace,
    LParen,
    LSquare,
    Less,
    Minus,
    Plus,
    Question,
    RBrace,
    RParen,
    RSquare,
    Star,
    VerticalBar,
    /// `{-#`
    FileMetaBegin,
    /// `#-}`
    FileMetaEnd,
}

/// A position in the source text: byte offset and 1-based line and column (in bytes), relative
/// to the parsed text (before [`ParserConfig`](super::ParserConfig) offsets are applied).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct SourcePos {
    /// Byte offset in the parsed text.
    pub offset: u32,
    /// 1-based line.
    pub line: u32,
    /// 1-based column (bytes).
    pub col: u32,
}

/// A token: kind and byte range, with the position of its first byte.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Token {
    pub kind: TokKind,
    pub pos: SourcePos,
    pub end: u32,
}

impl Token {
    pub fn start(&self) -> usize {
        self.pos.offset as usize
    }
    pub fn end(&self) -> usize {
        self.end as usize
    }
}

pub(crate) struct Lexer<'s> {
    src: &'s [u8],
    pos: usize,
    line: u32,
    line_start: usize,
    /// Position and message of the last lexical error.
    pub error: Option<(SourcePos, &'static str)>,
}

#[inline]
fn is_alpha(c: u8) -> bool {
    c.is_ascii_alphabetic()
}
#[inline]
fn is_ident_cont(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'.'
}
#[inline]
fn is_suffix_punct(c: u8) -> bool {
    c == b'$' || c == b'.' || c == b'_' || c == b'-'
}

impl<'s> Lexer<'s> {
    pub fn new(src: &'s str) -> Self {
        Lexer { src: src.as_bytes(), pos: 0, line: 1, line_start: 0, error: None }
    }

    #[inline]
    fn peek(&self, i: usize) -> u8 {
        *self.src.get(i).unwrap_or(&0)
    }

    /// The position of byte offset `off`, which must be on the current line (at or after its start).
    #[inline]
    fn pos_on_line(&self, off: usize) -> SourcePos {
        SourcePos { offset: off as u32, line: self.line, col: (off - self.line_start) as u32 + 1 }
    }

    /// Move to byte offset `to` (forward or backward), keeping line tracking exact.
    pub fn reset(&mut self, to: usize) {
        let to = to.min(self.src.len());
        if to >= self.pos {
            for i in self.pos..to {
                if self.src[i] == b'\n' {
                    self.line += 1;
                    self.line_start = i + 1;
                }
            }
        } else {
            for i in to..self.pos {
                if self.src[i] == b'\n' {
                    self.line -= 1;
                }
            }
            let mut ls = to;
            while ls > 0 && self.src[ls - 1] != b'\n' {
                ls -= 1;
            }
            self.line_start = ls;
        }
        self.pos = to;
    }

    /// The position of an arbitrary byte offset (scans from the current position).
    pub fn pos_of(&self, off: usize) -> SourcePos {
        let off = off.min(self.src.len());
        let mut line = self.line;
        if off >= self.pos {
            let mut ls = self.line_start;
            for i in self.pos..off {
                if self.src[i] == b'\n' {
                    line += 1;
                    ls = i + 1;
                }
            }
            SourcePos { offset: off as u32, line, col: (off - ls) as u32 + 1 }
        } else {
            for i in off..self.pos {
                if self.src[i] == b'\n' {
                    line -= 1;
                }
            }
            let mut ls = off;
            while ls > 0 && self.src[ls - 1] != b'\n' {
                ls -= 1;
            }
            SourcePos { offset: off as u32, line, col: (off - ls) as u32 + 1 }
        }
    }

    fn error_tok(&mut self, start: usize, err_at: usize, msg: &'static str) -> Token {
        let p = self.pos_of_current_line_or_scan(err_at);
        self.error = Some((p, msg));
        Token { kind: TokKind::Error, pos: self.pos_on_line(start), end: self.pos as u32 }
    }

    fn pos_of_current_line_or_scan(&self, off: usize) -> SourcePos {
        if off >= self.line_start && !self.src[self.line_start..off.min(self.src.len())].contains(&b'\n') {
            self.pos_on_line(off)
        } else {
            self.pos_of(off)
        }
    }

    #[inline]
    fn tok(&self, kind: TokKind, start: usize) -> Token {
        Token { kind, pos: self.pos_on_line(start), end: self.pos as u32 }
    }

    /// Lex the next token.
    pub fn next_token(&mut self) -> Token {
        loop {
            let start = self.pos;
            let Some(&c) = self.src.get(start) else {
                return self.tok(TokKind::Eof, start);
            };
            self.pos += 1;
            let k = match c {
                b' ' | b'\t' | b'\r' | 0 => continue,
                b'\n' => {
                    self.line += 1;
                    self.line_start = self.pos;
                    continue;
                }
                b'/' => {
                    if self.peek(self.pos) == b'/' {
                        while self.pos < self.src.len() && self.src[self.pos] != b'\n' {
                            self.pos += 1;
                        }
                        continue;
                    }
                    return self.error_tok(start, start, "unexpected character");
                }
                b':' => TokKind::Colon,
                b',' => TokKind::Comma,
                b'(' => TokKind::LParen,
                b')' => TokKind::RParen,
                b'[' => TokKind::LSquare,
                b']' => TokKind::RSquare,
                b'}' => TokKind::RBrace,
                b'<' => TokKind::Less,
                b'>' => TokKind::Greater,
                b'=' => TokKind::Equal,
                b'+' => TokKind::Plus,
                b'*' => TokKind::Star,
                b'?' => TokKind::Question,
                b'|' => TokKind::VerticalBar,
                b'{' => {
                    if self.peek(self.pos) == b'-' && self.peek(self.pos + 1) == b'#' {
                        self.pos += 2;
                        TokKind::FileMetaBegin
                    } else {
                        TokKind::LBrace
                    }
                }
                b'-' => {
                    if self.peek(self.pos) == b'>' {
                        self.pos += 1;
                        TokKind::Arrow
                    } else {
                        TokKind::Minus
                    }
                }
                b'.' => {
                    if self.peek(self.pos) == b'.' && self.peek(self.pos + 1) == b'.' {
                        self.pos += 2;
                        TokKind::Ellipsis
                    } else {
                        return self.error_tok(start, start, "expected three consecutive dots for an ellipsis");
                    }
                }
                b'"' => return self.lex_string(start),
                b'@' => return self.lex_at_ident(start),
                b'#' => {
                    if self.peek(self.pos) == b'-' && self.peek(self.pos + 1) == b'}' {
                        self.pos += 2;
                        TokKind::FileMetaEnd
                    } else {
                        return self.lex_prefixed(start, TokKind::HashIdent, "invalid attribute name");
                    }
                }
                b'%' => return self.lex_prefixed(start, TokKind::PercentIdent, "invalid SSA name"),
                b'^' => return self.lex_prefixed(start, TokKind::CaretIdent, "invalid block name"),
                b'!' => return self.lex_prefixed(start, TokKind::BangIdent, "invalid type identifier"),
                b'0'..=b'9' => return self.lex_number(start),
                c if is_alpha(c) || c == b'_' => {
                    while self.pos < self.src.len() && is_ident_cont(self.src[self.pos]) {
                        self.pos += 1;
                    }
                    TokKind::BareIdent
                }
                _ => return self.error_tok(start, start, "unexpected character"),
            };
            return self.tok(k, start);
        }
    }

    fn lex_prefixed(&mut self, start: usize, kind: TokKind, err: &'static str) -> Token {
        let c = self.peek(self.pos);
        if c.is_ascii_digit() {
            while self.peek(self.pos).is_ascii_digit() {
                self.pos += 1;
            }
        } else if is_alpha(c) || is_suffix_punct(c) {
            loop {
                self.pos += 1;
                let c = self.peek(self.pos);
                if !(c.is_ascii_alphanumeric() || is_suffix_punct(c)) {
                    break;
                }
            }
        } else {
            return self.error_tok(start, start, err);
        }
        self.tok(kind, start)
    }

    fn lex_at_ident(&mut self, start: usize) -> Token {
        let c = self.peek(self.pos);
        if c == b'"' {
            self.pos += 1;
            let t = self.lex_string(start);
            if t.kind == TokKind::Error {
                return t;
            }
            return self.tok(TokKind::AtIdent, start);
        }
        if !(is_alpha(c) || c == b'_') {
            return self.error_tok(start, self.pos, "@ identifier expected to start with letter or '_'");
        }
        self.pos += 1;
        while self.pos < self.src.len() && is_ident_cont(self.src[self.pos]) {
            self.pos += 1;
        }
        self.tok(TokKind::AtIdent, start)
    }

    /// Lex a string whose opening quote is just before `self.pos`.
    fn lex_string(&mut self, start: usize) -> Token {
        loop {
            let Some(&c) = self.src.get(self.pos) else {
                let at = self.pos;
                return self.error_tok(start, at, "expected '\"' in string literal");
            };
            self.pos += 1;
            match c {
                b'"' => return self.tok(TokKind::String, start),
                b'\n' | 0x0b | 0x0c => {
                    let at = self.pos - 1;
                    self.pos -= 1;
                    return self.error_tok(start, at, "expected '\"' in string literal");
                }
                b'\\' => {
                    let n = self.peek(self.pos);
                    if n == b'"' || n == b'\\' || n == b'n' || n == b't' {
                        self.pos += 1;
                    } else if n.is_ascii_hexdigit() && self.peek(self.pos + 1).is_ascii_hexdigit() {
                        self.pos += 2;
                    } else {
                        let at = self.pos - 1;
                        return self.error_tok(start, at, "unknown escape in string literal");
                    }
                }
                _ => {}
            }
        }
    }

    fn lex_number(&mut self, start: usize) -> Token {
        let first = self.src[start];
        if first == b'0' && self.peek(self.pos) == b'x' {
            if !self.peek(self.pos + 1).is_ascii_hexdigit() {
                return self.tok(TokKind::Integer, start);
            }
            self.pos += 2;
            while self.peek(self.pos).is_ascii_hexdigit() {
                self.pos += 1;
            }
            return self.tok(TokKind::Integer, start);
        }
        while self.peek(self.pos).is_ascii_digit() {
            self.pos += 1;
        }
        if self.peek(self.pos) != b'.' {
            return self.tok(TokKind::Integer, start);
        }
        self.pos += 1;
        while self.peek(self.pos).is_ascii_digit() {
            self.pos += 1;
        }
        let c = self.peek(self.pos);
        if c == b'e' || c == b'E' {
            let c1 = self.peek(self.pos + 1);
            if c1.is_ascii_digit() || ((c1 == b'-' || c1 == b'+') && self.peek(self.pos + 2).is_ascii_digit()) {
                self.pos += 2;
                while self.peek(self.pos).is_ascii_digit() {
                    self.pos += 1;
                }
            }
        }
        self.tok(TokKind::Float, start)
    }
}

/// Scan a string literal starting at its opening quote `at` (used when skipping dialect symbol
/// bodies). Returns the offset after the closing quote, or the error position and message.
pub(crate) fn scan_string(src: &[u8], at: usize) -> Result<usize, (usize, &'static str)> {
    let mut i = at + 1;
    loop {
        let Some(&c) = src.get(i) else {
            return Err((i, "expected '\"' in string literal"));
        };
        i += 1;
        match c {
            b'"' => return Ok(i),
            b'\n' | 0x0b | 0x0c => return Err((i - 1, "expected '\"' in string literal")),
            b'\\' => {
                let n = src.get(i).copied().unwrap_or(0);
                if n == b'"' || n == b'\\' || n == b'n' || n == b't' {
                    i += 1;
                } else if n.is_ascii_hexdigit() && src.get(i + 1).is_some_and(|c| c.is_ascii_hexdigit()) {
                    i += 2;
                } else {
                    return Err((i - 1, "unknown escape in string literal"));
                }
            }
            _ => {}
        }
    }
}

/// Decode the contents of a string token (`"..."` spelling with quotes) into bytes, resolving
/// MLIR escapes (`\"`, `\\`, `\n`, `\t`, `\XX`).
pub(crate) fn unescape(spelling: &str) -> Vec<u8> {
    let b = spelling.as_bytes();
    let inner = if b.len() >= 2 { &b[1..b.len() - 1] } else { &[][..] };
    let mut out = Vec::with_capacity(inner.len());
    let mut i = 0;
    while i < inner.len() {
        let c = inner[i];
        i += 1;
        if c != b'\\' {
            out.push(c);
            continue;
        }
        let Some(&c1) = inner.get(i) else { break };
        i += 1;
        match c1 {
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            b'"' | b'\\' => out.push(c1),
            _ => {
                let c2 = inner.get(i).copied().unwrap_or(b'0');
                i += 1;
                let h = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u8;
                out.push((h(c1) << 4) | h(c2));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<(TokKind, String)> {
        let mut l = Lexer::new(s);
        let mut v = vec![];
        loop {
            let t = l.next_token();
            if t.kind == TokKind::Eof {
                break;
            }
            v.push((t.kind, s[t.start()..t.end()].to_string()));
            if t.kind == TokKind::Error {
                break;
            }
        }
        v
    }

    #[test]
    fn tokens() {
        use TokKind::*;
        let v = kinds("%a#3 = \"x.y\"(%b) : (i32) -> f32 // c\n ^bb0 @f @\"q s\" #a.b<> !t 0x1F 1.5e-3 ... {-# #-} ? * | %x-y.z");
        let k: Vec<_> = v.iter().map(|x| x.0).collect();
        assert_eq!(
            k,
            vec![
                PercentIdent, HashIdent, Equal, String, LParen, PercentIdent, RParen, Colon, LParen, BareIdent,
                RParen, Arrow, BareIdent, CaretIdent, AtIdent, AtIdent, HashIdent, Less, Greater, BangIdent,
                Integer, Float, Ellipsis, FileMetaBegin, FileMetaEnd, Question, Star, VerticalBar, PercentIdent
            ]
        );
        assert_eq!(v.last().unwrap().1, "%x-y.z");
    }

    #[test]
    fn numbers_and_dims() {
        use TokKind::*;
        assert_eq!(kinds("0xi32"), vec![(Integer, "0".into()), (BareIdent, "xi32".into())]);
        assert_eq!(kinds("4x8xf32"), vec![(Integer, "4".into()), (BareIdent, "x8xf32".into())]);
        assert_eq!(kinds("1e5"), vec![(Integer, "1".into()), (BareIdent, "e5".into())]);
        assert_eq!(kinds("1.e5"), vec![(Float, "1.e5".into())]);
    }

    #[test]
    fn lines_and_errors() {
        let mut l = Lexer::new("a\n  b\n\"x\ny\"");
        let a = l.next_token();
        assert_eq!((a.pos.line, a.pos.col), (1, 1));
        let b = l.next_token();
        assert_eq!((b.pos.line, b.pos.col), (2, 3));
        let e = l.next_token();
        assert_eq!(e.kind, TokKind::Error);
        assert_eq!(l.error.unwrap().0.line, 3);
        assert_eq!(l.error.unwrap().0.col, 3);
        assert_eq!(unescape(r#""a\"b\\\n\t\41""#), b"a\"b\\\n\tA".to_vec());
    }
}
