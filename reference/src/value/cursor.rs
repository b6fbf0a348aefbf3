//! The byte cursor under the value layer's small text parsers (XLA shapes and layouts, `.npy`
//! headers): whitespace skipping and single-byte lookahead, shared; each parser keeps its own
//! grammar and error type.

pub(crate) trait ByteCursor {
    /// The text being parsed.
    fn bytes(&self) -> &[u8];
    /// The current offset into [`ByteCursor::bytes`].
    fn pos(&mut self) -> &mut usize;

    /// Skip ASCII whitespace.
    fn ws(&mut self) {
        loop {
            let i = *self.pos();
            match self.bytes().get(i) {
                Some(b) if b.is_ascii_whitespace() => *self.pos() += 1,
                _ => break,
            }
        }
    }

    /// The next non-whitespace byte, not consumed.
    fn peek(&mut self) -> Option<u8> {
        self.ws();
        let i = *self.pos();
        self.bytes().get(i).copied()
    }

    /// Consume `c` if it is the next non-whitespace byte.
    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            *self.pos() += 1;
            true
        } else {
            false
        }
    }
}
