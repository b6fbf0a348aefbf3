//! Source texts: what the parser reads and diagnostics quote.
//!
//! A [`SourceText`] is shared (reference-counted), so a tool hands the text it read to the
//! context (`ctx.sources`, for rendering `file:line:col` diagnostics with the source line) and
//! to the parser without copying it. [`SourceText::read_file`] maps large files into memory
//! instead of reading them: the pages come from the kernel's page cache, so a 50 MB module costs
//! no fresh memory to hold (and none to zero).

use std::ops::Deref;
use std::rc::Rc;

/// The UTF-8 text of one source (a file, stdin, or a string), shared and immutable.
#[derive(Clone)]
pub struct SourceText(Rc<Source>);

struct Source {
    text: Box<dyn AsRef<str>>,
    /// Byte offsets of the line starts, built on the first [`SourceText::line`] (rendering a
    /// diagnostic): each further line lookup is then O(1), however many diagnostics a file has.
    line_starts: std::cell::OnceCell<Vec<usize>>,
}

/// A read-only mapping of a file whose bytes were checked to be UTF-8.
struct MappedText(memmap2::Mmap);

impl AsRef<str> for MappedText {
    fn as_ref(&self) -> &str {
        // SAFETY: `SourceText::read_file` validated the bytes as UTF-8 before wrapping them.
        unsafe { std::str::from_utf8_unchecked(&self.0) }
    }
}

/// Why a source file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    /// Opening or reading failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The bytes are not UTF-8; `valid_up_to` is the offset of the first bad byte.
    #[error("not valid UTF-8 (byte {valid_up_to})")]
    NotUtf8 {
        /// Offset of the first invalid byte.
        valid_up_to: usize,
    },
}

/// Files at least this large are mapped rather than read (for small files a read is cheaper
/// than setting up a mapping).
const MAP_THRESHOLD: u64 = 1 << 20;

/// The bytes of a binary input file (MLIR bytecode): large files mapped, as [`SourceText::read_file`]
/// maps large text files (the same caveat: the file must not change while the bytes are alive).
pub enum FileBytes {
    /// Read into memory (small files, stdin).
    Owned(Vec<u8>),
    /// Mapped read-only.
    Mapped(memmap2::Mmap),
}

impl FileBytes {
    /// Read or map `path`.
    pub fn read(path: impl AsRef<std::path::Path>) -> std::io::Result<FileBytes> {
        let file = std::fs::File::open(path.as_ref())?;
        let meta = file.metadata()?;
        if meta.len() >= MAP_THRESHOLD && meta.is_file() {
            // SAFETY: read-only private mapping; see the note on concurrent modification above.
            let map = unsafe { memmap2::MmapOptions::new().populate().map(&file)? };
            return Ok(FileBytes::Mapped(map));
        }
        let mut bytes = Vec::with_capacity(meta.len() as usize + 1);
        std::io::Read::read_to_end(&mut &file, &mut bytes)?;
        Ok(FileBytes::Owned(bytes))
    }
}

impl std::ops::Deref for FileBytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            FileBytes::Owned(v) => v,
            FileBytes::Mapped(m) => m,
        }
    }
}

impl SourceText {
    /// Share an owned string.
    pub fn new(text: String) -> Self {
        SourceText::wrap(Box::new(text))
    }

    fn wrap(text: Box<dyn AsRef<str>>) -> Self {
        SourceText(Rc::new(Source { text, line_starts: std::cell::OnceCell::new() }))
    }

    /// Read a file. Large files are mapped (`MAP_POPULATE`) rather than copied.
    ///
    /// As with every memory-mapped input (ripgrep, LLVM's `MemoryBuffer`), the file must not be
    /// truncated or rewritten while the text is alive; tools read their inputs once.
    pub fn read_file(path: impl AsRef<std::path::Path>) -> Result<SourceText, SourceError> {
        let file = std::fs::File::open(path.as_ref())?;
        let meta = file.metadata()?;
        let len = meta.len();
        if len >= MAP_THRESHOLD && meta.is_file() {
            // SAFETY: the mapping is read-only and private to this process; see the note above
            // on concurrent modification of the file.
            let map = unsafe { memmap2::MmapOptions::new().populate().map(&file)? };
            if let Err(e) = std::str::from_utf8(&map) {
                return Err(SourceError::NotUtf8 { valid_up_to: e.valid_up_to() });
            }
            return Ok(SourceText::wrap(Box::new(MappedText(map))));
        }
        let mut bytes = Vec::with_capacity(len as usize + 1);
        std::io::Read::read_to_end(&mut &file, &mut bytes)?;
        String::from_utf8(bytes)
            .map(SourceText::new)
            .map_err(|e| SourceError::NotUtf8 { valid_up_to: e.utf8_error().valid_up_to() })
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        (*self.0.text).as_ref()
    }

    /// Line `n` (1-based) without its line break (`\n`, or `\r\n`), as `str::lines` gives it.
    pub fn line(&self, n: u32) -> Option<&str> {
        let text = self.as_str();
        let starts = self.0.line_starts.get_or_init(|| {
            std::iter::once(0).chain(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1)).collect()
        });
        let i = (n as usize).checked_sub(1)?;
        let start = *starts.get(i)?;
        if start == text.len() {
            // After a final line break there is no further line (as `str::lines`).
            return None;
        }
        Some(match starts.get(i + 1) {
            Some(&next) => {
                let line = &text[start..next - 1];
                line.strip_suffix('\r').unwrap_or(line)
            }
            None => &text[start..],
        })
    }
}

impl Deref for SourceText {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl From<String> for SourceText {
    fn from(s: String) -> Self {
        SourceText::new(s)
    }
}

impl From<&str> for SourceText {
    fn from(s: &str) -> Self {
        SourceText::new(s.to_string())
    }
}

impl std::fmt::Debug for SourceText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SourceText({} bytes)", self.len())
    }
}
