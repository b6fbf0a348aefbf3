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

impl SourcePos {
    /// The position of byte `offset` of `src`, as the lexer computes positions (1-based line,
    /// 1-based byte column). Scans `src` up to `offset`: for diagnostics, not for hot paths.
    pub fn of_offset(src: &[u8], offset: u32) -> SourcePos {
        SourcePos { offset: 0, line: 1, col: 1 }.advanced_to(src, offset)
    }

    /// The position of byte `offset` (at or after `self`) of `src`, scanning only the bytes in
    /// between: many positions in increasing order cost one pass over the text.
    pub fn advanced_to(self, src: &[u8], offset: u32) -> SourcePos {
        let (from, to) = ((self.offset as usize).min(src.len()), (offset as usize).min(src.len()));
        if to < from {
            return SourcePos::of_offset(src, offset);
        }
        let span = &src[from..to];
        match memchr::memrchr(b'\n', span) {
            None => SourcePos { offset, line: self.line, col: self.col + span.len() as u32 },
            Some(last) => SourcePos {
                offset,
                line: self.line + memchr::memchr_iter(b'\n', span).count() as u32,
                col: (span.len() - last) as u32,
            },
        }
    }
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

/// Bytes that end the fast scan of a string literal: `"`, `\\` and the line breaks
/// `\n`, `\v`, `\f` that are invalid inside one.
static STRING_STOP: [bool; 256] = {
    let mut t = [false; 256];
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t[b'\n' as usize] = true;
    t[0x0b] = true;
    t[0x0c] = true;
    t
};

/// The offset of the first byte at or after `i` that may end a string (a quote, a backslash
/// or a line break: the bytes of [`STRING_STOP`]), or `src.len()`.
fn skip_long_string(src: &[u8], i: usize) -> usize {
    let rest = &src[i..];
    let end = memchr::memchr2(b'"', b'\\', rest).unwrap_or(rest.len());
    match memchr::memchr3(b'\n', 0x0b, 0x0c, &rest[..end]) {
        Some(k) => i + k,
        None => i + end,
    }
}

/// Whether any byte of `w` may end the fast scan of a string: a `"`, a `\\` or a byte below
/// 0x0d (which includes the line breaks; the byte loop then decides exactly).
#[inline]
fn may_stop_string(w: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    #[inline]
    fn has_less(v: u64, n: u8) -> u64 {
        v.wrapping_sub(ONES * n as u64) & !v & HIGH
    }
    let q = w ^ (ONES * b'"' as u64);
    let b = w ^ (ONES * b'\\' as u64);
    (has_less(q, 1) | has_less(b, 1) | has_less(w, 0x0d)) != 0
}

#[inline]
fn is_alpha(c: u8) -> bool {
    c.is_ascii_alphabetic()
}
/// Character classes by byte, one table load per character in the identifier loops.
const IDENT_CONT: u8 = 1;
const SUFFIX: u8 = 2;
const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        let alnum = b.is_ascii_alphanumeric();
        if alnum || b == b'_' || b == b'$' || b == b'.' {
            t[c] |= IDENT_CONT;
        }
        if alnum || b == b'$' || b == b'.' || b == b'_' || b == b'-' {
            t[c] |= SUFFIX;
        }
        c += 1;
    }
    t
};

/// A bare identifier continues: letters, digits, `_`, `$`, `.`.
#[inline]
fn is_ident_cont(c: u8) -> bool {
    CLASS[c as usize] & IDENT_CONT != 0
}
/// A suffix id (`%name`, `^bb`, `#alias`, `!alias`) continues: letters, digits, `$`, `.`, `_`,
/// `-`.
#[inline]
fn is_suffix_char(c: u8) -> bool {
    CLASS[c as usize] & SUFFIX != 0
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
            let mut crossed = false;
            for i in to..self.pos {
                if self.src[i] == b'\n' {
                    self.line -= 1;
                    crossed = true;
                }
            }
            // Moving back within the current line keeps its start (lines can be megabytes long).
            if crossed || to < self.line_start {
                let mut ls = to;
                while ls > 0 && self.src[ls - 1] != b'\n' {
                    ls -= 1;
                }
                self.line_start = ls;
            }
        }
        self.pos = to;
    }

    /// Move forward to byte offset `to` on the current line (no line break before `to`).
    #[inline]
    pub fn skip_on_line(&mut self, to: usize) {
        debug_assert!(to >= self.pos && !self.src[self.pos..to].contains(&b'\n'));
        self.pos = to.min(self.src.len());
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
        let src = self.src;
        let mut i = self.pos;
        // Skip whitespace and `//` comments with a local cursor.
        let c = loop {
            let Some(&c) = src.get(i) else {
                self.pos = i;
                return self.tok(TokKind::Eof, i);
            };
            match c {
                b' ' | b'\t' | b'\r' | 0 => i += 1,
                b'\n' => {
                    i += 1;
                    self.line += 1;
                    self.line_start = i;
                }
                b'/' if src.get(i + 1) == Some(&b'/') => {
                    i += 2;
                    while i < src.len() && src[i] != b'\n' {
                        i += 1;
                    }
                }
                _ => break c,
            }
        };
        let start = i;
        self.pos = i + 1;
        {
            let k = match c {
                b'/' => return self.error_tok(start, start, "unexpected character"),
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
                    let mut j = start + 1;
                    while j < src.len() && is_ident_cont(src[j]) {
                        j += 1;
                    }
                    self.pos = j;
                    TokKind::BareIdent
                }
                _ => return self.error_tok(start, start, "unexpected character"),
            };
            self.tok(k, start)
        }
    }

    #[inline]
    fn lex_prefixed(&mut self, start: usize, kind: TokKind, err: &'static str) -> Token {
        let c = self.peek(self.pos);
        if c.is_ascii_digit() {
            let src = self.src;
            let mut j = self.pos + 1;
            while j < src.len() && src[j].is_ascii_digit() {
                j += 1;
            }
            self.pos = j;
        } else if is_suffix_char(c) && !c.is_ascii_digit() {
            let src = self.src;
            let mut j = self.pos + 1;
            while j < src.len() && is_suffix_char(src[j]) {
                j += 1;
            }
            self.pos = j;
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
        let src = self.src;
        let mut i = self.pos;
        loop {
            // Ordinary characters eight at a time (long hex blobs), then one at a time; stop at a
            // quote, backslash or line break.
            let mut words = 0;
            while let Some(w) = src.get(i..i + 8) {
                let w = u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]);
                if may_stop_string(w) {
                    break;
                }
                i += 8;
                words += 1;
                if words == 4 {
                    // A long string (a hex blob): find its end with vectorized searches.
                    i = skip_long_string(src, i);
                    break;
                }
            }
            while i < src.len() && !STRING_STOP[src[i] as usize] {
                i += 1;
            }
            let Some(&c) = src.get(i) else {
                self.pos = i;
                return self.error_tok(start, i, "expected '\"' in string literal");
            };
            i += 1;
            match c {
                b'"' => {
                    self.pos = i;
                    return self.tok(TokKind::String, start);
                }
                b'\\' => {
                    let n = src.get(i).copied().unwrap_or(0);
                    if n == b'"' || n == b'\\' || n == b'n' || n == b't' {
                        i += 1;
                    } else if n.is_ascii_hexdigit() && src.get(i + 1).is_some_and(|c| c.is_ascii_hexdigit()) {
                        i += 2;
                    } else {
                        self.pos = i;
                        return self.error_tok(start, i - 1, "unknown escape in string literal");
                    }
                }
                _ => {
                    // b'\n' | 0x0b | 0x0c
                    self.pos = i - 1;
                    return self.error_tok(start, i - 1, "expected '\"' in string literal");
                }
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
        let v = kinds(
            "%a#3 = \"x.y\"(%b) : (i32) -> f32 // c\n ^bb0 @f @\"q s\" #a.b<> !t 0x1F 1.5e-3 ... {-# #-} ? * | %x-y.z",
        );
        let k: Vec<_> = v.iter().map(|x| x.0).collect();
        assert_eq!(
            k,
            vec![
                PercentIdent,
                HashIdent,
                Equal,
                String,
                LParen,
                PercentIdent,
                RParen,
                Colon,
                LParen,
                BareIdent,
                RParen,
                Arrow,
                BareIdent,
                CaretIdent,
                AtIdent,
                AtIdent,
                HashIdent,
                Less,
                Greater,
                BangIdent,
                Integer,
                Float,
                Ellipsis,
                FileMetaBegin,
                FileMetaEnd,
                Question,
                Star,
                VerticalBar,
                PercentIdent
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
    fn long_strings_stop_at_every_offset() {
        // The word-at-a-time scan must find a quote, escape or line break at any position.
        for at in 0..20 {
            let body = "A".repeat(at);
            let src = format!("\"{body}\" x");
            assert_eq!(kinds(&src), vec![(TokKind::String, format!("\"{body}\"")), (TokKind::BareIdent, "x".into())]);
            let src = format!("\"{body}\\\"B\"");
            assert_eq!(kinds(&src), vec![(TokKind::String, src.clone())]);
            let src = format!("\"{body}\nB\"");
            assert_eq!(kinds(&src)[0].0, TokKind::Error);
            let mut l = Lexer::new(&src);
            l.next_token();
            assert_eq!(l.error.unwrap().0.offset as usize, at + 1);
        }
        assert!(!may_stop_string(u64::from_le_bytes(*b"0123ABCD")));
        assert!(may_stop_string(u64::from_le_bytes(*b"0123AB\x0bD")));
        assert!(may_stop_string(u64::from_le_bytes([0xff, 0xfe, b'"', 0x80, 0x41, 0x41, 0x41, 0x41])));
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
