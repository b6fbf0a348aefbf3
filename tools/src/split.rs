//! `--split-input-file`: cut a buffer at `// -----` lines, as mlir-opt does.

/// One chunk of a split file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chunk<'a> {
    /// The chunk's text.
    pub text: &'a str,
    /// Number of lines of the file before the chunk (for reporting file line numbers).
    pub line_offset: u32,
}

/// Whether a line is a split marker: `// -----` (leading whitespace allowed, rest ignored).
pub fn is_marker(line: &str, marker: &str) -> bool {
    line.trim_start().starts_with(marker)
}

/// Split `text` at marker lines. Without `enabled`, the whole text is one chunk.
pub fn split<'a>(text: &'a str, marker: &str, enabled: bool) -> Vec<Chunk<'a>> {
    if !enabled {
        return vec![Chunk { text, line_offset: 0 }];
    }
    let mut chunks = Vec::new();
    let mut start = 0usize;
    let mut start_line = 0u32;
    let mut line_no = 0u32;
    let mut pos = 0usize;
    for line in text.split_inclusive('\n') {
        let line_start = pos;
        pos += line.len();
        line_no += 1;
        if is_marker(line, marker) {
            chunks.push(Chunk { text: &text[start..line_start], line_offset: start_line });
            start = pos;
            start_line = line_no;
        }
    }
    chunks.push(Chunk { text: &text[start..], line_offset: start_line });
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn splits_with_line_offsets() {
        let t = "a\nb\n// -----\nc\n  // ----- trailing\nd";
        let c = split(t, "// -----", true);
        assert_eq!(c.len(), 3);
        assert_eq!(c[0], Chunk { text: "a\nb\n", line_offset: 0 });
        assert_eq!(c[1], Chunk { text: "c\n", line_offset: 3 });
        assert_eq!(c[2], Chunk { text: "d", line_offset: 5 });
        assert_eq!(split(t, "// -----", false).len(), 1);
    }
}
