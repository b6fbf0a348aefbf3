//! Source buffers, locations and LLVM `SourceMgr`-style diagnostics.
//!
//! Every piece of text FileCheck reports on (the check file, the input, the
//! synthetic "command line" buffers for `--implicit-check-not` and `-D`)
//! lives in a [`SourceMgr`] buffer, and text is referred to by [`Span`]s so
//! that any substring can be turned back into a `file:line:col` location.

use std::cell::OnceCell;

/// Index of a buffer in a [`SourceMgr`].
pub(crate) type BufId = usize;

/// A byte range inside one buffer: the moral equivalent of an LLVM
/// `StringRef` pointing into a `MemoryBuffer`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Span {
    pub buf: BufId,
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub(crate) fn new(buf: BufId, start: usize, end: usize) -> Span {
        Span { buf, start, end: end.max(start) }
    }
    pub(crate) fn len(&self) -> usize {
        self.end - self.start
    }
    pub(crate) fn is_empty(&self) -> bool {
        self.start == self.end
    }
    /// `StringRef::drop_front` (clamped).
    pub(crate) fn drop_front(&self, n: usize) -> Span {
        Span::new(self.buf, (self.start + n).min(self.end), self.end)
    }
    /// `StringRef::take_front` (clamped).
    pub(crate) fn take_front(&self, n: usize) -> Span {
        Span::new(self.buf, self.start, (self.start + n).min(self.end))
    }
    /// `StringRef::drop_back` (clamped).
    pub(crate) fn drop_back(&self, n: usize) -> Span {
        Span::new(self.buf, self.start, self.end.saturating_sub(n).max(self.start))
    }
    /// `StringRef::substr(start, len)` (clamped).
    pub(crate) fn substr(&self, start: usize, len: usize) -> Span {
        let s = (self.start + start).min(self.end);
        Span::new(self.buf, s, s.saturating_add(len).min(self.end))
    }
    /// `StringRef::slice(start, end)` (clamped).
    pub(crate) fn slice(&self, start: usize, end: usize) -> Span {
        let s = (self.start + start).min(self.end);
        let e = (self.start + end).min(self.end).max(s);
        Span::new(self.buf, s, e)
    }
    pub(crate) fn loc(&self) -> Loc {
        Loc { buf: self.buf, off: self.start }
    }
    pub(crate) fn end_loc(&self) -> Loc {
        Loc { buf: self.buf, off: self.end }
    }
}

/// A position inside a buffer (an LLVM `SMLoc`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Loc {
    pub buf: BufId,
    pub off: usize,
}

/// Diagnostic severity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DiagKind {
    Error,
    Note,
    Remark,
}

struct SourceBuffer {
    name: String,
    data: Vec<u8>,
    newlines: OnceCell<Vec<usize>>,
}

/// Owner of all buffers; prints diagnostics in `SMDiagnostic::print` format.
#[derive(Default)]
pub(crate) struct SourceMgr {
    bufs: Vec<SourceBuffer>,
}

const TAB_STOP: usize = 8;

impl SourceMgr {
    pub(crate) fn add_buffer(&mut self, name: &str, data: Vec<u8>) -> BufId {
        self.bufs.push(SourceBuffer { name: name.to_string(), data, newlines: OnceCell::new() });
        self.bufs.len() - 1
    }

    pub(crate) fn num_buffers(&self) -> usize {
        self.bufs.len()
    }

    /// The whole buffer as a span.
    pub(crate) fn whole(&self, buf: BufId) -> Span {
        Span::new(buf, 0, self.bufs[buf].data.len())
    }

    pub(crate) fn data(&self, buf: BufId) -> &[u8] {
        &self.bufs[buf].data
    }

    pub(crate) fn text(&self, s: Span) -> &[u8] {
        &self.bufs[s.buf].data[s.start..s.end]
    }

    fn newlines(&self, buf: BufId) -> &[usize] {
        let b = &self.bufs[buf];
        b.newlines.get_or_init(|| b.data.iter().enumerate().filter(|(_, &c)| c == b'\n').map(|(i, _)| i).collect())
    }

    /// 1-based line and column of `loc`, like `SourceMgr::getLineAndColumn`
    /// (lines count `\n`; columns restart after `\n` or `\r`).
    pub(crate) fn line_and_col(&self, loc: Loc) -> (usize, usize) {
        let nl = self.newlines(loc.buf);
        let line = nl.partition_point(|&p| p < loc.off) + 1;
        let data = &self.bufs[loc.buf].data;
        let off = loc.off.min(data.len());
        let line_start = data[..off].iter().rposition(|&c| c == b'\n' || c == b'\r').map_or(0, |p| p + 1);
        (line, off - line_start + 1)
    }

    /// Prints a diagnostic: `name:line:col: kind: msg`, the source line and
    /// a caret line with `~` under `ranges`.
    pub(crate) fn print_message(&self, out: &mut Vec<u8>, loc: Loc, kind: DiagKind, msg: &[u8], ranges: &[Span]) {
        let b = &self.bufs[loc.buf];
        let data = &b.data;
        let off = loc.off.min(data.len());
        let mut line_start = off;
        while line_start > 0 && data[line_start - 1] != b'\n' && data[line_start - 1] != b'\r' {
            line_start -= 1;
        }
        let mut line_end = off;
        while line_end < data.len() && data[line_end] != b'\n' && data[line_end] != b'\r' {
            line_end += 1;
        }
        let (line_no, _) = self.line_and_col(Loc { buf: loc.buf, off });
        let col = off - line_start;
        let name = if b.name == "-" { "<stdin>" } else { b.name.as_str() };
        out.extend_from_slice(format!("{}:{}:{}: ", name, line_no, col + 1).as_bytes());
        out.extend_from_slice(match kind {
            DiagKind::Error => b"error: ",
            DiagKind::Note => b"note: ",
            DiagKind::Remark => b"remark: ",
        });
        out.extend_from_slice(msg);
        out.push(b'\n');

        let line = &data[line_start..line_end];
        if line.iter().any(|&c| c >= 0x80) {
            print_source_line(out, line);
            return;
        }
        let ncols = line.len();
        let mut caret = vec![b' '; ncols + 1];
        for r in ranges {
            if r.buf != loc.buf || r.start > line_end || r.end < line_start {
                continue;
            }
            let s = r.start.max(line_start) - line_start;
            let e = (r.end.min(line_end) - line_start).min(caret.len());
            for c in caret.iter_mut().take(e).skip(s) {
                *c = b'~';
            }
        }
        caret[col.min(ncols)] = b'^';
        while caret.last() == Some(&b' ') {
            caret.pop();
        }
        print_source_line(out, line);
        let mut out_col = 0;
        for (i, &c) in caret.iter().enumerate() {
            if i >= line.len() || line[i] != b'\t' {
                out.push(c);
                out_col += 1;
                continue;
            }
            loop {
                out.push(c);
                out_col += 1;
                if out_col % TAB_STOP == 0 {
                    break;
                }
            }
        }
        out.push(b'\n');
    }
}

fn print_source_line(out: &mut Vec<u8>, line: &[u8]) {
    let mut out_col = 0;
    for &c in line {
        if c == b'\t' {
            loop {
                out.push(b' ');
                out_col += 1;
                if out_col % TAB_STOP == 0 {
                    break;
                }
            }
        } else {
            out.push(c);
            out_col += 1;
        }
    }
    out.push(b'\n');
}

/// `raw_ostream::write_escaped`.
pub(crate) fn write_escaped(out: &mut Vec<u8>, s: &[u8]) {
    for &c in s {
        match c {
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\t' => out.extend_from_slice(b"\\t"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'"' => out.extend_from_slice(b"\\\""),
            0x20..=0x7e => out.push(c),
            _ => {
                out.push(b'\\');
                out.push(b'0' + ((c >> 6) & 7));
                out.push(b'0' + ((c >> 3) & 7));
                out.push(b'0' + (c & 7));
            }
        }
    }
}
