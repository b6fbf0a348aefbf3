//! The primitive encodings of MLIR bytecode (MLIR's `EncodingReader` / `EncodingEmitter` in
//! `BytecodeReader.cpp` / `BytecodeWriter.cpp`): prefix varints, zigzag signed varints, varints
//! carrying a flag in their low bit, null-terminated strings, sections with optional alignment.
//!
//! Architecture invariant: a [`Cursor`] never reads past its slice; every failure is a
//! [`BytecodeError`] carrying the absolute byte offset into the file, so malformed input is
//! reported, never a panic.

use super::BytecodeError;

/// The value used to fill alignment padding (`kAlignmentByte`).
pub const ALIGNMENT_BYTE: u8 = 0xCB;

/// A read position in a slice of the bytecode file: bytes `pos..end` of `data` are left.
/// `base` is the absolute offset of `data[0]` in the file, so errors are located in file
/// coordinates. A sub-cursor keeps its parent's `data` (only `end` is narrowed): bytes past
/// `end` are never returned, but a varint may be loaded as one 8-byte word overlapping them.
#[derive(Clone, Copy)]
pub struct Cursor<'a> {
    data: &'a [u8],
    pos: usize,
    end: usize,
    base: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor over `data`, which starts at absolute offset `base` in the file.
    pub fn new(data: &'a [u8], base: usize) -> Self {
        Cursor { data, pos: 0, end: data.len(), base }
    }

    /// Absolute offset of the next byte.
    pub fn offset(&self) -> usize {
        self.base + self.pos
    }

    /// Whether everything has been read.
    pub fn is_empty(&self) -> bool {
        self.pos >= self.end
    }

    /// Bytes left.
    pub fn remaining(&self) -> usize {
        self.end - self.pos
    }

    /// An error at the current position.
    pub fn error(&self, msg: impl Into<String>) -> BytecodeError {
        BytecodeError::new(self.offset(), msg)
    }

    /// One byte.
    #[inline]
    pub fn byte(&mut self) -> Result<u8, BytecodeError> {
        if self.pos < self.end {
            let b = self.data[self.pos];
            self.pos += 1;
            Ok(b)
        } else {
            Err(self.end_error())
        }
    }

    #[cold]
    #[inline(never)]
    fn end_error(&self) -> BytecodeError {
        self.error("attempting to parse a byte at the end of the bytecode")
    }

    /// `n` bytes.
    pub fn bytes(&mut self, n: usize) -> Result<&'a [u8], BytecodeError> {
        if n > self.remaining() {
            return Err(self.error(format!("attempting to parse {n} bytes when only {} remain", self.remaining())));
        }
        let s = &self.data[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }

    /// `n` bytes as a sub-cursor (keeping absolute offsets).
    pub fn sub(&mut self, n: usize) -> Result<Cursor<'a>, BytecodeError> {
        if n > self.remaining() {
            return Err(self.error(format!("attempting to parse {n} bytes when only {} remain", self.remaining())));
        }
        let sub = Cursor { data: self.data, pos: self.pos, end: self.pos + n, base: self.base };
        self.pos += n;
        Ok(sub)
    }

    /// The `len` bytes starting `from` bytes past this cursor's position, as a cursor of their
    /// own (this one does not move); clamped to this cursor's end.
    pub(crate) fn window(&self, from: usize, len: usize) -> Cursor<'a> {
        let pos = self.pos.saturating_add(from).min(self.end);
        let end = pos.saturating_add(len).min(self.end);
        Cursor { data: self.data, pos, end, base: self.base }
    }

    /// A prefix varint: the count of trailing zero bits of the first byte is the number of
    /// additional bytes; a zero first byte is followed by a full little-endian `u64`.
    #[inline]
    pub fn varint(&mut self) -> Result<u64, BytecodeError> {
        if self.pos < self.end {
            let first = self.data[self.pos];
            if first & 1 == 1 {
                self.pos += 1;
                return Ok((first >> 1) as u64);
            }
            // A multi-byte varint loaded as one 8-byte word (and masked) when the data has 8
            // bytes from here, instead of a copy of its `extra` bytes; the varint itself must
            // end within this cursor.
            if first != 0 {
                if let Some(w) = self.data.get(self.pos..self.pos + 8) {
                    let len = first.trailing_zeros() as usize + 1;
                    if len <= self.end - self.pos {
                        let w = u64::from_le_bytes(w.try_into().unwrap());
                        let w = if len == 8 { w } else { w & ((1u64 << (8 * len)) - 1) };
                        self.pos += len;
                        return Ok(w >> len);
                    }
                }
            }
        }
        self.varint_slow()
    }

    /// [`Cursor::varint`] near the end of the data, a full `u64`, or an error.
    #[cold]
    #[inline(never)]
    fn varint_slow(&mut self) -> Result<u64, BytecodeError> {
        let first = self.byte()?;
        if first & 1 == 1 {
            return Ok((first >> 1) as u64);
        }
        if first == 0 {
            let b = self.bytes(8)?;
            return Ok(u64::from_le_bytes(b.try_into().unwrap()));
        }
        let extra = first.trailing_zeros() as usize;
        let rest = self.bytes(extra)?;
        let mut buf = [0u8; 8];
        buf[0] = first;
        buf[1..=extra].copy_from_slice(rest);
        Ok(u64::from_le_bytes(buf) >> (extra + 1))
    }

    /// A zigzag-encoded signed varint.
    #[inline]
    pub fn signed_varint(&mut self) -> Result<i64, BytecodeError> {
        let v = self.varint()?;
        Ok(((v >> 1) ^ (!(v & 1)).wrapping_add(1)) as i64)
    }

    /// A varint whose low bit is a flag: `(value << 1) | flag`.
    #[inline]
    pub fn varint_with_flag(&mut self) -> Result<(u64, bool), BytecodeError> {
        let v = self.varint()?;
        Ok((v >> 1, v & 1 == 1))
    }

    /// A varint used as a count or index into memory: checked against `limit` so a corrupt
    /// file cannot make the reader allocate without bound.
    #[inline(always)]
    pub fn count(&mut self, limit: usize, what: &str) -> Result<usize, BytecodeError> {
        let at = self.offset();
        let v = self.varint()?;
        if v > limit as u64 {
            return Err(count_error(at, what, v, limit));
        }
        Ok(v as usize)
    }

    /// A null-terminated string (without the terminator).
    pub fn cstr(&mut self) -> Result<&'a [u8], BytecodeError> {
        let rest = &self.data[self.pos..self.end];
        match memchr::memchr(0, rest) {
            Some(n) => {
                let s = &rest[..n];
                self.pos += n + 1;
                Ok(s)
            }
            None => Err(self.error("malformed null-terminated string, no null character found")),
        }
    }

    /// Skip the alignment padding up to `alignment` (a power of two), relative to the file
    /// start (the file buffer is taken to be suitably aligned, as MLIR requires).
    pub fn align_to(&mut self, alignment: u64) -> Result<(), BytecodeError> {
        if !alignment.is_power_of_two() {
            return Err(self.error("expected alignment to be a power-of-two"));
        }
        if alignment > 1 << 16 {
            return Err(self.error(format!("unsupported alignment {alignment}")));
        }
        while (self.offset() as u64) & (alignment - 1) != 0 {
            let b = self.byte()?;
            if b != ALIGNMENT_BYTE {
                return Err(BytecodeError::new(
                    self.offset() - 1,
                    format!("expected alignment byte (0xCB), but got: '0x{b:X}'"),
                ));
            }
        }
        Ok(())
    }

    /// A section header and body: `(id | hasAlignment << 7) length [alignment padding] body`.
    pub fn section(&mut self) -> Result<(u8, Cursor<'a>), BytecodeError> {
        let at = self.offset();
        let code = self.byte()?;
        let len = self.varint()?;
        let id = code & 0x7f;
        if id >= super::section::NUM_SECTIONS {
            return Err(BytecodeError::new(at, format!("invalid section ID: {id}")));
        }
        if code & 0x80 != 0 {
            let alignment = self.varint()?;
            self.align_to(alignment)?;
        }
        if len > self.remaining() as u64 {
            return Err(self.error(format!("attempting to parse {len} bytes when only {} remain", self.remaining())));
        }
        Ok((id, self.sub(len as usize)?))
    }
}

#[cold]
#[inline(never)]
fn count_error(at: usize, what: &str, v: u64, limit: usize) -> BytecodeError {
    BytecodeError::new(at, format!("invalid {what}: {v} (at most {limit} possible here)"))
}

/// A growing output buffer with MLIR's encodings (`EncodingEmitter`). Alignment is relative to
/// the start of this buffer; a section's required alignment is propagated to its parent.
#[derive(Default)]
pub struct Emitter {
    /// The bytes emitted so far.
    pub buf: Vec<u8>,
    /// The largest alignment requested by the contents.
    pub required_alignment: u64,
}

impl Emitter {
    /// An empty emitter.
    pub fn new() -> Self {
        Emitter { buf: Vec::new(), required_alignment: 1 }
    }

    /// Bytes emitted.
    pub fn len(&self) -> usize {
        self.buf.len()
    }

    /// Whether nothing has been emitted.
    pub fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }

    /// One byte.
    #[inline]
    pub fn byte(&mut self, b: u8) {
        self.buf.push(b);
    }

    /// Raw bytes.
    pub fn bytes(&mut self, b: &[u8]) {
        self.buf.extend_from_slice(b);
    }

    /// A prefix varint.
    #[inline]
    pub fn varint(&mut self, v: u64) {
        if v >> 7 == 0 {
            self.buf.push(((v << 1) | 1) as u8);
            return;
        }
        let mut it = v >> 7;
        for n in 2..9usize {
            it >>= 7;
            if it == 0 {
                let enc = ((v << 1) | 1) << (n - 1);
                self.buf.extend_from_slice(&enc.to_le_bytes()[..n]);
                return;
            }
        }
        self.buf.push(0);
        self.buf.extend_from_slice(&v.to_le_bytes());
    }

    /// A zigzag-encoded signed varint.
    pub fn signed_varint(&mut self, v: i64) {
        self.varint(((v as u64) << 1) ^ ((v >> 63) as u64));
    }

    /// A varint with a flag in its low bit.
    pub fn varint_with_flag(&mut self, v: u64, flag: bool) {
        self.varint((v << 1) | flag as u64);
    }

    /// A null-terminated string.
    pub fn cstr(&mut self, s: &[u8]) {
        self.buf.extend_from_slice(s);
        self.buf.push(0);
    }

    /// Pad with [`ALIGNMENT_BYTE`] up to `alignment`.
    pub fn align_to(&mut self, alignment: u64) {
        if alignment < 2 {
            return;
        }
        while (self.buf.len() as u64) & (alignment - 1) != 0 {
            self.buf.push(ALIGNMENT_BYTE);
        }
        self.required_alignment = self.required_alignment.max(alignment);
    }

    /// Append `body` as a section with id `id` (`emitSection`).
    pub fn section(&mut self, id: u8, body: Emitter) {
        let code_at = self.buf.len();
        self.byte(id);
        self.varint(body.buf.len() as u64);
        let align = body.required_alignment;
        if align > 1 {
            if (self.buf.len() as u64) & (align - 1) != 0 {
                self.varint(align);
                self.align_to(align);
                self.buf[code_at] |= 0x80;
            } else {
                self.required_alignment = self.required_alignment.max(align);
            }
        }
        self.buf.extend_from_slice(&body.buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_round_trip() {
        let values = [0u64, 1, 63, 64, 127, 128, 300, 1 << 20, (1 << 49) - 1, 1 << 56, u64::MAX, u64::MAX - 5];
        let mut e = Emitter::new();
        for v in values {
            e.varint(v);
            e.signed_varint(v as i64);
            e.varint_with_flag(v >> 1, v & 1 == 1);
        }
        let mut c = Cursor::new(&e.buf, 0);
        for v in values {
            assert_eq!(c.varint().unwrap(), v);
            assert_eq!(c.signed_varint().unwrap(), v as i64);
            assert_eq!(c.varint_with_flag().unwrap(), (v >> 1, v & 1 == 1));
        }
        assert!(c.is_empty());
    }

    #[test]
    fn varints_of_every_length_read_alike_near_and_far_from_the_end() {
        // Each length 1..=9 bytes, read both with 8 bytes left after its start (the one-load
        // path) and as the last bytes of the data (the byte-wise path).
        let mut values = vec![0u64, u64::MAX];
        for bits in 1..64 {
            values.extend([(1u64 << bits) - 1, 1u64 << bits, (1u64 << bits) + 1]);
        }
        for v in values {
            let mut e = Emitter::new();
            e.varint(v);
            let n = e.buf.len();
            let mut padded = e.buf.clone();
            padded.extend([0xAA; 8]);
            let mut c = Cursor::new(&padded, 0);
            assert_eq!(c.varint().unwrap(), v);
            assert_eq!(c.offset(), n);
            let mut c = Cursor::new(&e.buf, 0);
            assert_eq!(c.varint().unwrap(), v);
            assert!(c.is_empty());
            // Truncated by one byte: an error, whichever path.
            if n > 1 {
                assert!(Cursor::new(&e.buf[..n - 1], 0).varint().is_err());
            }
        }
    }

    #[test]
    fn a_sub_cursor_never_reads_past_its_end() {
        // A 3-byte varint split by a sub-cursor boundary: the parent's data continues, the
        // sub-cursor's does not.
        let mut e = Emitter::new();
        e.varint(1 << 20);
        assert_eq!(e.buf.len(), 3);
        e.buf.extend([0xAA; 16]);
        let mut top = Cursor::new(&e.buf, 100);
        let mut short = top.sub(2).unwrap();
        let err = short.varint().unwrap_err();
        assert_eq!(err.offset, 101);
        assert_eq!(top.offset(), 102);
        let mut whole = Cursor::new(&e.buf, 100).sub(3).unwrap();
        assert_eq!(whole.varint().unwrap(), 1 << 20);
        assert!(whole.is_empty());
        assert!(whole.byte().is_err());
        assert!(whole.cstr().is_err());
    }

    #[test]
    fn single_byte_forms_match_mlir() {
        let mut e = Emitter::new();
        e.varint(6);
        e.varint(1);
        assert_eq!(e.buf, [0x0d, 0x03]);
        e.buf.clear();
        e.varint(128);
        // two bytes: value << 2 | 0b10
        assert_eq!(e.buf, ((128u16 << 2) | 0b10).to_le_bytes());
    }

    #[test]
    fn truncated_varint_is_an_error() {
        let mut c = Cursor::new(&[0b0000_0100], 10);
        let e = c.varint().unwrap_err();
        assert_eq!(e.offset, 11);
    }
}
