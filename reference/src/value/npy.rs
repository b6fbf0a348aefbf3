//! `.npy` files ↔ tensors.
//!
//! Reads format versions 1.0, 2.0 and 3.0 (header length in 2 or 4 bytes;
//! latin-1 or UTF-8 header text) and writes 1.0, or 2.0 when the header does
//! not fit in 64 KiB. Supported dtypes:
//!
//! | dtype | element type |
//! |---|---|
//! | `\|b1` (also `?`) | `i1` |
//! | `\|i1 <i2 <i4 <i8` | `i8 i16 i32 i64` |
//! | `\|u1 <u2 <u4 <u8` | `ui8 ui16 ui32 ui64` |
//! | `<f2 <f4 <f8` | `f16 f32 f64` |
//! | `<c8 <c16` | `complex<f32> complex<f64>` |
//! | `\|V1 \|V2` (ml_dtypes' bfloat16, float8_*, float4/6, int4, … as numpy saves them) | given by the caller |
//!
//! Big-endian (`>`) variants are read too. Types numpy does not know have no
//! dtype of their own, so reading them needs the expected [`ElementType`]:
//! the bytes are then taken as that type's bit patterns, from a `V`oid dtype
//! or from a raw integer dtype of the same size (`|u1` for an f8 type,
//! `|i1`/`|u1` for `i4`/`ui2`, `<u2` for `bf16`); narrower integers wrap.
//! `<f4` also reads as `tf32` (rounding each value). Any other pairing of a
//! dtype and an expected type is a [`NpyError::TypeMismatch`].
//!
//! Writing uses the natural dtype; sub-byte and odd-width integers go in
//! the smallest standard integer container (sign-extended), `tf32` as
//! `<f4` values, and bf16/f8/f6/f4 as `|V2`/`|V1` bit patterns (what
//! ml_dtypes arrays save as).
//!
//! `fortran_order: True` files are transposed into row-major order on
//! reading. Malformed input never panics: truncated files, bad magic,
//! unparsable header dictionaries, missing keys, unsupported dtypes,
//! negative or overflowing shapes and data sections of the wrong length each
//! give a [`NpyError`].

use std::path::Path;

use super::cursor::ByteCursor;
use super::element::ElementType;
use super::tensor::{num_elements, Data, Tensor};
use super::ValueError;

/// Errors reading or writing `.npy` data.
#[derive(Debug, thiserror::Error)]
pub enum NpyError {
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// The file does not start with `\x93NUMPY`.
    #[error("not a .npy file (bad magic string)")]
    BadMagic,
    /// The file ends early.
    #[error("truncated .npy file: {0}")]
    Truncated(&'static str),
    /// A format version other than 1.0, 2.0, 3.0.
    #[error("unsupported .npy format version {0}.{1}")]
    UnsupportedVersion(u8, u8),
    /// The header dictionary is malformed or lacks a key.
    #[error("malformed .npy header: {0}")]
    BadHeader(String),
    /// A dtype this reader does not handle (structured, object, strings,
    /// long double, …).
    #[error("unsupported dtype {0}")]
    UnsupportedDtype(String),
    /// A raw (`V`oid) dtype read without an expected element type.
    #[error("dtype '{0}' holds raw bytes: pass the expected element type (e.g. bf16, f8E4M3FN)")]
    NeedsElementType(String),
    /// The file's dtype does not hold the expected element type.
    #[error("dtype '{descr}' cannot be read as {expected}")]
    TypeMismatch {
        /// The file's dtype.
        descr: String,
        /// The element type asked for.
        expected: ElementType,
    },
    /// The data section does not have the size the header implies.
    #[error("data section has {actual} bytes, the header implies {expected}")]
    DataLength {
        /// Bytes implied by the header.
        expected: usize,
        /// Bytes present.
        actual: usize,
    },
    /// An error building the tensor (e.g. an overflowing shape).
    #[error(transparent)]
    Value(#[from] ValueError),
}

const MAGIC: &[u8] = b"\x93NUMPY";
const MAX_DEPTH: usize = 32;

/// The parsed header of a `.npy` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NpyHeader {
    /// Format version (major, minor).
    pub version: (u8, u8),
    /// The dtype string, e.g. `<f4`.
    pub descr: String,
    /// Whether the data is in column-major order.
    pub fortran_order: bool,
    /// The array shape.
    pub shape: Vec<i64>,
}

/// A numpy dtype string, decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Dtype {
    kind: u8,
    size: usize,
    big_endian: bool,
}

impl Dtype {
    fn parse(descr: &str) -> Result<Dtype, NpyError> {
        let unsupported = || NpyError::UnsupportedDtype(descr.to_string());
        let b = descr.as_bytes();
        let (big_endian, rest) = match b.first() {
            Some(b'<') | Some(b'|') | Some(b'=') => (false, &b[1..]),
            Some(b'>') | Some(b'!') => (true, &b[1..]),
            _ => (false, b),
        };
        let (&kind, digits) = rest.split_first().ok_or_else(unsupported)?;
        if kind == b'?' && digits.is_empty() {
            return Ok(Dtype { kind: b'b', size: 1, big_endian });
        }
        if digits.is_empty() || digits.len() > 3 || !digits.iter().all(u8::is_ascii_digit) {
            return Err(unsupported());
        }
        let size: usize = std::str::from_utf8(digits).ok().and_then(|d| d.parse().ok()).ok_or_else(unsupported)?;
        if size == 0 || !matches!(kind, b'b' | b'i' | b'u' | b'f' | b'c' | b'V') {
            return Err(unsupported());
        }
        Ok(Dtype { kind, size, big_endian })
    }

    /// The element type numpy means by this dtype, if any.
    fn natural(&self) -> Option<ElementType> {
        Some(match (self.kind, self.size) {
            (b'b', 1) => ElementType::I1,
            (b'i', 1 | 2 | 4 | 8) => ElementType::SInt(8 * self.size as u8),
            (b'u', 1 | 2 | 4 | 8) => ElementType::UInt(8 * self.size as u8),
            (b'f', 2) => ElementType::F16,
            (b'f', 4) => ElementType::F32,
            (b'f', 8) => ElementType::F64,
            (b'c', 8) => ElementType::Complex64,
            (b'c', 16) => ElementType::Complex128,
            _ => return None,
        })
    }

    /// Bytes that are swapped together for big-endian data.
    fn swap_unit(&self) -> usize {
        if self.kind == b'c' {
            self.size / 2
        } else {
            self.size
        }
    }
}

/// Element types numpy has no dtype for (read from raw bytes).
fn is_raw_type(ty: ElementType) -> bool {
    match ty {
        ElementType::SInt(b) | ElementType::UInt(b) => !matches!(b, 8 | 16 | 32 | 64),
        ElementType::I1 | ElementType::F16 | ElementType::F32 | ElementType::F64 => false,
        ElementType::Complex64 | ElementType::Complex128 => false,
        _ => true,
    }
}

/// How the data section is turned into a tensor.
enum ReadAs {
    /// `Tensor::from_bytes` with this element type.
    Bytes(ElementType),
    /// Read `<f4` values, then round to this type.
    F32Rounded(ElementType),
}

fn read_plan(dtype: &Dtype, descr: &str, expected: Option<ElementType>) -> Result<ReadAs, NpyError> {
    let natural = dtype.natural();
    let Some(want) = expected else {
        return match natural {
            Some(t) => Ok(ReadAs::Bytes(t)),
            None if dtype.kind == b'V' => Err(NpyError::NeedsElementType(descr.to_string())),
            None => Err(NpyError::UnsupportedDtype(descr.to_string())),
        };
    };
    if !want.is_valid() {
        return Err(ValueError::UnsupportedElementType(want).into());
    }
    if natural == Some(want) {
        return Ok(ReadAs::Bytes(want));
    }
    if matches!(dtype.kind, b'V' | b'i' | b'u') && is_raw_type(want) && dtype.size == want.byte_size() {
        return Ok(ReadAs::Bytes(want));
    }
    if want == ElementType::TF32 && natural == Some(ElementType::F32) {
        return Ok(ReadAs::F32Rounded(want));
    }
    if natural.is_none() && dtype.kind != b'V' {
        return Err(NpyError::UnsupportedDtype(descr.to_string()));
    }
    Err(NpyError::TypeMismatch { descr: descr.to_string(), expected: want })
}

/// Parses the header; returns it and the offset of the data section.
pub fn read_header(bytes: &[u8]) -> Result<(NpyHeader, usize), NpyError> {
    if bytes.len() < MAGIC.len() {
        return Err(if MAGIC.starts_with(bytes) { NpyError::Truncated("magic string") } else { NpyError::BadMagic });
    }
    if &bytes[..MAGIC.len()] != MAGIC {
        return Err(NpyError::BadMagic);
    }
    let version = match bytes.get(6..8) {
        Some(v) => (v[0], v[1]),
        None => return Err(NpyError::Truncated("format version")),
    };
    let (len_size, utf8) = match version {
        (1, 0) => (2, false),
        (2, 0) => (4, false),
        (3, 0) => (4, true),
        (a, b) => return Err(NpyError::UnsupportedVersion(a, b)),
    };
    let len_bytes = bytes.get(8..8 + len_size).ok_or(NpyError::Truncated("header length"))?;
    let header_len = len_bytes.iter().rev().fold(0usize, |acc, &b| (acc << 8) | b as usize);
    let start = 8 + len_size;
    let end = start.checked_add(header_len).ok_or(NpyError::Truncated("header"))?;
    let raw = bytes.get(start..end).ok_or(NpyError::Truncated("header"))?;
    let text: String = if utf8 {
        std::str::from_utf8(raw).map_err(|_| NpyError::BadHeader("header is not valid UTF-8".into()))?.to_string()
    } else {
        raw.iter().map(|&b| b as char).collect()
    };
    let mut p = PyParser { s: text.as_bytes(), i: 0 };
    let dict = p.value(0)?;
    p.ws();
    if p.i != p.s.len() {
        return Err(NpyError::BadHeader(format!("unexpected text after the dictionary at offset {}", p.i)));
    }
    let Py::Dict(entries) = dict else {
        return Err(NpyError::BadHeader("header is not a dictionary".into()));
    };
    let get = |key: &str| entries.iter().find(|(k, _)| matches!(k, Py::Str(s) if s == key)).map(|(_, v)| v);
    let descr = match get("descr") {
        Some(Py::Str(s)) => s.clone(),
        Some(other) => return Err(NpyError::UnsupportedDtype(format!("{other:?}"))),
        None => return Err(NpyError::BadHeader("missing key 'descr'".into())),
    };
    let fortran_order = match get("fortran_order") {
        Some(Py::Bool(b)) => *b,
        Some(_) => return Err(NpyError::BadHeader("'fortran_order' is not a boolean".into())),
        None => return Err(NpyError::BadHeader("missing key 'fortran_order'".into())),
    };
    let shape = match get("shape") {
        Some(Py::Tuple(items)) | Some(Py::List(items)) => items
            .iter()
            .map(|d| match d {
                Py::Int(v) if *v >= 0 && *v <= i64::MAX as i128 => Ok(*v as i64),
                _ => Err(NpyError::BadHeader(format!("bad dimension {d:?} in 'shape'"))),
            })
            .collect::<Result<Vec<i64>, _>>()?,
        Some(_) => return Err(NpyError::BadHeader("'shape' is not a tuple".into())),
        None => return Err(NpyError::BadHeader("missing key 'shape'".into())),
    };
    Ok((NpyHeader { version, descr, fortran_order, shape }, end))
}

/// Reads a `.npy` image. `expected` is required for raw (`V`) dtypes and
/// selects the reinterpretations described in the module docs; for other
/// dtypes it must match (or be `None`).
pub fn read_npy(bytes: &[u8], expected: Option<ElementType>) -> Result<Tensor, NpyError> {
    let (header, offset) = read_header(bytes)?;
    let dtype = Dtype::parse(&header.descr)?;
    let plan = read_plan(&dtype, &header.descr, expected)?;
    let n = num_elements(&header.shape)?;
    let want = n.checked_mul(dtype.size).ok_or_else(|| {
        NpyError::Value(ValueError::InvalidShape { shape: header.shape.clone(), reason: "byte size overflows".into() })
    })?;
    let data = &bytes[offset.min(bytes.len())..];
    if data.len() != want {
        return Err(NpyError::DataLength { expected: want, actual: data.len() });
    }
    let swapped;
    let data = if dtype.big_endian && dtype.swap_unit() > 1 {
        let mut v = data.to_vec();
        v.chunks_exact_mut(dtype.swap_unit()).for_each(|c| c.reverse());
        swapped = v;
        &swapped[..]
    } else {
        data
    };
    // Fortran order: the data is the row-major array of the reversed shape.
    let stored_shape: Vec<i64> =
        if header.fortran_order { header.shape.iter().rev().copied().collect() } else { header.shape.clone() };
    let tensor = match plan {
        ReadAs::Bytes(ty) => Tensor::from_bytes(ty, &stored_shape, data)?,
        ReadAs::F32Rounded(ty) => {
            let f = Tensor::from_bytes(ElementType::F32, &stored_shape, data)?;
            let (_, shape, data) = f.into_parts();
            Tensor::new_normalized(ty, shape, data)?
        }
    };
    if header.fortran_order && tensor.rank() > 1 {
        let perm: Vec<usize> = (0..tensor.rank()).rev().collect();
        Ok(tensor.transpose(&perm)?)
    } else {
        Ok(tensor)
    }
}

/// Reads a `.npy` file (see [`read_npy`]).
pub fn read_npy_file(path: impl AsRef<Path>, expected: Option<ElementType>) -> Result<Tensor, NpyError> {
    let path = path.as_ref();
    let bytes = std::fs::read(path).map_err(|source| NpyError::Io { path: path.display().to_string(), source })?;
    read_npy(&bytes, expected)
}

/// The dtype string [`write_npy`] uses for an element type.
pub fn npy_descr(ty: ElementType) -> String {
    match ty {
        ElementType::I1 => "|b1".into(),
        ElementType::SInt(_) | ElementType::UInt(_) => {
            let kind = if ty.is_signed_integer() { 'i' } else { 'u' };
            let size = ty.byte_size();
            let order = if size == 1 { '|' } else { '<' };
            format!("{order}{kind}{size}")
        }
        ElementType::F16 => "<f2".into(),
        ElementType::F32 | ElementType::TF32 => "<f4".into(),
        ElementType::F64 => "<f8".into(),
        ElementType::Complex64 => "<c8".into(),
        ElementType::Complex128 => "<c16".into(),
        other => format!("|V{}", other.byte_size()),
    }
}

/// Writes a tensor as a `.npy` image (row-major, `fortran_order: False`).
pub fn write_npy(t: &Tensor) -> Vec<u8> {
    let shape = match t.shape() {
        [] => "()".to_string(),
        [d] => format!("({d},)"),
        dims => format!("({})", dims.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")),
    };
    let mut header =
        format!("{{'descr': '{}', 'fortran_order': False, 'shape': {}, }}", npy_descr(t.element_type()), shape);
    // Pad with spaces so that the data starts at a multiple of 64 bytes,
    // and end with a newline (as numpy does).
    let v1 = header.len() + 1 + 10 <= u16::MAX as usize;
    let prefix = if v1 { 10 } else { 12 };
    let total = (prefix + header.len() + 1).div_ceil(64) * 64;
    header.extend(std::iter::repeat_n(' ', total - prefix - header.len() - 1));
    header.push('\n');
    let body = match t.data() {
        // tf32 is saved as its f32 values, not its 19-bit patterns.
        Data::F32(v) if t.element_type() == ElementType::TF32 => v.iter().flat_map(|x| x.to_le_bytes()).collect(),
        _ => t.to_bytes(),
    };
    let mut out = Vec::with_capacity(total + body.len());
    out.extend_from_slice(MAGIC);
    if v1 {
        out.extend_from_slice(&[1, 0]);
        out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    } else {
        out.extend_from_slice(&[2, 0]);
        out.extend_from_slice(&(header.len() as u32).to_le_bytes());
    }
    out.extend_from_slice(header.as_bytes());
    out.extend_from_slice(&body);
    out
}

/// Writes a tensor to a `.npy` file (see [`write_npy`]).
pub fn write_npy_file(path: impl AsRef<Path>, t: &Tensor) -> Result<(), NpyError> {
    let path = path.as_ref();
    std::fs::write(path, write_npy(t)).map_err(|source| NpyError::Io { path: path.display().to_string(), source })
}

/// The subset of Python literals found in `.npy` headers.
#[derive(Clone, Debug, PartialEq)]
enum Py {
    Str(String),
    Bool(bool),
    Int(i128),
    None,
    Tuple(Vec<Py>),
    List(Vec<Py>),
    Dict(Vec<(Py, Py)>),
}

struct PyParser<'a> {
    s: &'a [u8],
    i: usize,
}

impl ByteCursor for PyParser<'_> {
    fn bytes(&self) -> &[u8] {
        self.s
    }
    fn pos(&mut self) -> &mut usize {
        &mut self.i
    }
}

impl PyParser<'_> {
    fn err(&self, msg: &str) -> NpyError {
        NpyError::BadHeader(format!("{msg} at offset {}", self.i))
    }

    /// Comma-separated items up to `close` (a trailing comma allowed).
    fn items(&mut self, close: u8, depth: usize) -> Result<Vec<Py>, NpyError> {
        let mut items = Vec::new();
        loop {
            if self.eat(close) {
                return Ok(items);
            }
            items.push(self.value(depth + 1)?);
            if self.eat(b',') {
                continue;
            }
            if self.eat(close) {
                return Ok(items);
            }
            return Err(self.err(&format!("expected `,` or `{}`", close as char)));
        }
    }

    fn value(&mut self, depth: usize) -> Result<Py, NpyError> {
        if depth > MAX_DEPTH {
            return Err(self.err("nesting too deep"));
        }
        match self.peek() {
            None => Err(self.err("unexpected end of header")),
            Some(b'{') => {
                self.i += 1;
                let mut entries = Vec::new();
                loop {
                    if self.eat(b'}') {
                        return Ok(Py::Dict(entries));
                    }
                    let k = self.value(depth + 1)?;
                    if !self.eat(b':') {
                        return Err(self.err("expected `:`"));
                    }
                    let v = self.value(depth + 1)?;
                    entries.push((k, v));
                    if self.eat(b',') {
                        continue;
                    }
                    if self.eat(b'}') {
                        return Ok(Py::Dict(entries));
                    }
                    return Err(self.err("expected `,` or `}`"));
                }
            }
            Some(b'(') => {
                self.i += 1;
                // `(x)` is just `x` in Python; numpy always writes `(x,)`.
                // Both are accepted as a tuple.
                Ok(Py::Tuple(self.items(b')', depth)?))
            }
            Some(b'[') => {
                self.i += 1;
                Ok(Py::List(self.items(b']', depth)?))
            }
            Some(q @ (b'\'' | b'"')) => {
                self.i += 1;
                let mut out = Vec::new();
                loop {
                    match self.s.get(self.i) {
                        None => return Err(self.err("unterminated string")),
                        Some(&c) if c == q => {
                            self.i += 1;
                            break;
                        }
                        Some(b'\\') => {
                            let c = *self.s.get(self.i + 1).ok_or_else(|| self.err("unterminated string"))?;
                            out.push(c);
                            self.i += 2;
                        }
                        Some(&c) => {
                            out.push(c);
                            self.i += 1;
                        }
                    }
                }
                String::from_utf8(out).map(Py::Str).map_err(|_| self.err("invalid string"))
            }
            Some(c) if c == b'-' || c == b'+' || c.is_ascii_digit() => {
                let start = self.i;
                self.i += 1;
                while self.i < self.s.len() && self.s[self.i].is_ascii_digit() {
                    self.i += 1;
                }
                let text = std::str::from_utf8(&self.s[start..self.i]).unwrap_or("");
                let v: i128 = text.parse().map_err(|_| self.err("bad integer"))?;
                if self.i < self.s.len() && (self.s[self.i] == b'L' || self.s[self.i] == b'l') {
                    self.i += 1; // Python 2 long suffix
                }
                Ok(Py::Int(v))
            }
            Some(c) if c.is_ascii_alphabetic() => {
                let start = self.i;
                while self.i < self.s.len() && (self.s[self.i].is_ascii_alphanumeric() || self.s[self.i] == b'_') {
                    self.i += 1;
                }
                match &self.s[start..self.i] {
                    b"True" => Ok(Py::Bool(true)),
                    b"False" => Ok(Py::Bool(false)),
                    b"None" => Ok(Py::None),
                    _ => {
                        self.i = start;
                        Err(self.err("unknown name"))
                    }
                }
            }
            Some(_) => Err(self.err("unexpected character")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::Element;
    use num_complex::Complex;

    /// Builds a `.npy` image with an arbitrary header text and data.
    fn npy(header: &str, data: &[u8]) -> Vec<u8> {
        let mut h = header.to_string();
        h.push('\n');
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&[1, 0]);
        out.extend_from_slice(&(h.len() as u16).to_le_bytes());
        out.extend_from_slice(h.as_bytes());
        out.extend_from_slice(data);
        out
    }

    #[test]
    fn reads_numpy_output() {
        // What numpy 1.x writes for np.array([[1, 2, 3], [4, 5, 6]], np.float32).
        let mut data = Vec::new();
        for v in [1f32, 2.0, 3.0, 4.0, 5.0, 6.0] {
            data.extend_from_slice(&v.to_le_bytes());
        }
        let bytes = npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", &data);
        let t = read_npy(&bytes, None).unwrap();
        assert_eq!(t.element_type(), ElementType::F32);
        assert_eq!(t.shape(), &[2, 3]);
        assert_eq!(t.as_f32().unwrap(), &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        // Same data, Fortran order: columns first.
        let bytes = npy("{'descr': '<f4', 'fortran_order': True, 'shape': (3, 2), }", &data);
        let t = read_npy(&bytes, Some(ElementType::F32)).unwrap();
        assert_eq!(t.shape(), &[3, 2]);
        assert_eq!(t.as_f32().unwrap(), &[1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
        // Scalars and 1-D.
        let t = read_npy(&npy("{'descr': '<i4', 'fortran_order': False, 'shape': (), }", &7i32.to_le_bytes()), None)
            .unwrap();
        assert_eq!(t.shape(), &[] as &[i64]);
        assert_eq!(t.get(&[]).unwrap(), Element::Int(7));
        let t = read_npy(
            &npy("{\"descr\":\">i2\",\"fortran_order\":False,\"shape\":[2]}", &[0x01, 0x02, 0xFF, 0xFE]),
            None,
        )
        .unwrap();
        assert_eq!(t.as_i64().unwrap(), &[0x0102, -2]);
    }

    #[test]
    fn roundtrip_every_type() {
        let mut types: Vec<ElementType> = ElementType::float_types().collect();
        types.extend([ElementType::I1, ElementType::Complex64, ElementType::Complex128]);
        types.extend([2u8, 4, 8, 16, 24, 32, 64].iter().flat_map(|&b| [ElementType::SInt(b), ElementType::UInt(b)]));
        for ty in types {
            let vals = [0i64, 1, -1, 2, 5, -3];
            let t = match ty {
                ElementType::Complex64 | ElementType::Complex128 => {
                    let c: Vec<_> = vals.iter().map(|&v| Complex::new(v as f64 / 4.0, -v as f64)).collect();
                    Tensor::from_complex(ty, &[3, 2], &c).unwrap()
                }
                _ => Tensor::from_i64s(ty, &[3, 2], &vals).unwrap(),
            };
            let bytes = write_npy(&t);
            let (h, off) = read_header(&bytes).unwrap();
            assert_eq!(off % 64, 0, "{ty}");
            assert_eq!(h.descr, npy_descr(ty));
            let back = read_npy(&bytes, Some(ty)).unwrap();
            assert!(back.bitwise_eq(&t), "{ty}: {t:?} vs {back:?}");
            let natural = read_npy(&bytes, None);
            match ty {
                ElementType::BF16 | ElementType::F8E4M3FN | ElementType::F4E2M1FN => {
                    assert!(matches!(natural, Err(NpyError::NeedsElementType(_))))
                }
                _ => {}
            }
        }
    }

    #[test]
    fn raw_reinterpretations() {
        // An f8E4M3FN array saved as raw uint8 bit patterns.
        let bytes = npy("{'descr': '|u1', 'fortran_order': False, 'shape': (3,), }", &[0x7E, 0x38, 0xFF]);
        let t = read_npy(&bytes, Some(ElementType::F8E4M3FN)).unwrap();
        let v = t.as_f32().unwrap();
        assert_eq!(&v[..2], &[448.0, 1.0]);
        assert!(v[2].is_nan());
        // int4 from ml_dtypes (|V1), and from a plain int8 container.
        let bytes = npy("{'descr': '|V1', 'fortran_order': False, 'shape': (2,), }", &[0x0F, 0x07]);
        assert_eq!(read_npy(&bytes, Some(ElementType::SInt(4))).unwrap().as_i64().unwrap(), &[-1, 7]);
        let bytes = npy("{'descr': '|i1', 'fortran_order': False, 'shape': (1,), }", &[0xFF]);
        assert_eq!(read_npy(&bytes, Some(ElementType::SInt(4))).unwrap().as_i64().unwrap(), &[-1]);
        // bfloat16 as |V2.
        let bytes = npy("{'descr': '|V2', 'fortran_order': False, 'shape': (1,), }", &[0x80, 0x3F]);
        assert_eq!(read_npy(&bytes, Some(ElementType::BF16)).unwrap().as_f32().unwrap(), &[1.0]);
        // tf32 from f32 values rounds.
        let bytes = npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }", &1.0001f32.to_le_bytes());
        assert_eq!(read_npy(&bytes, Some(ElementType::TF32)).unwrap().as_f32().unwrap(), &[1.0]);
    }

    #[test]
    fn type_mismatches() {
        let bytes = npy("{'descr': '<i4', 'fortran_order': False, 'shape': (1,), }", &[0; 4]);
        assert!(matches!(read_npy(&bytes, Some(ElementType::F32)), Err(NpyError::TypeMismatch { .. })));
        assert!(matches!(read_npy(&bytes, Some(ElementType::UInt(32))), Err(NpyError::TypeMismatch { .. })));
        assert!(matches!(read_npy(&bytes, Some(ElementType::BF16)), Err(NpyError::TypeMismatch { .. })));
        let v2 = npy("{'descr': '|V2', 'fortran_order': False, 'shape': (1,), }", &[0; 2]);
        assert!(matches!(read_npy(&v2, Some(ElementType::F8E5M2)), Err(NpyError::TypeMismatch { .. })));
        assert!(matches!(read_npy(&v2, None), Err(NpyError::NeedsElementType(_))));
        assert!(read_npy(&v2, Some(ElementType::SInt(0))).is_err());
    }

    #[test]
    fn malformed_inputs_are_errors() {
        let good = npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }", &[0; 4]);
        // Every truncation of a valid file is an error, never a panic.
        for n in 0..good.len() {
            assert!(read_npy(&good[..n], None).is_err(), "prefix {n}");
        }
        assert!(matches!(read_npy(b"PK\x03\x04....", None), Err(NpyError::BadMagic)));
        let mut v9 = good.clone();
        v9[6] = 9;
        assert!(matches!(read_npy(&v9, None), Err(NpyError::UnsupportedVersion(9, 0))));
        let cases: &[(&str, usize)] = &[
            ("{'descr': '<f4', 'fortran_order': False}", 4),
            ("{'descr': '<f4', 'shape': (1,)}", 4),
            ("{'fortran_order': False, 'shape': (1,)}", 4),
            ("{'descr': '<f4', 'fortran_order': 0, 'shape': (1,)}", 4),
            ("{'descr': '<f4', 'fortran_order': False, 'shape': (-1,)}", 4),
            ("{'descr': '<f4', 'fortran_order': False, 'shape': (1.5,)}", 4),
            ("{'descr': '<f4', 'fortran_order': False, 'shape': 3}", 4),
            ("{'descr': '<f4', 'fortran_order': False, 'shape': (1,)", 4),
            ("{'descr': '<f4' 'fortran_order': False, 'shape': (1,)}", 4),
            ("{'descr': '<f4', 'fortran_order': Flase, 'shape': (1,)}", 4),
            ("{'descr: '<f4', 'fortran_order': False, 'shape': (1,)}", 4),
            ("['descr', '<f4']", 4),
            ("{'descr': '<f4', 'fortran_order': False, 'shape': (1,)} extra", 4),
            ("{'descr': '<f16', 'fortran_order': False, 'shape': (1,)}", 16),
            ("{'descr': '|O8', 'fortran_order': False, 'shape': (1,)}", 8),
            ("{'descr': '<U3', 'fortran_order': False, 'shape': (1,)}", 12),
            ("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (1,)}", 4),
            ("{'descr': '<f4', 'fortran_order': False, 'shape': (1,)}", 3),
            ("{'descr': '<f4', 'fortran_order': False, 'shape': (1,)}", 5),
            ("{'descr': '<f4', 'fortran_order': False, 'shape': (4611686018427387904, 4611686018427387904)}", 4),
            ("{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999999999999,)}", 4),
            ("", 0),
        ];
        for (header, n) in cases {
            let r = read_npy(&npy(header, &vec![0u8; *n]), None);
            assert!(r.is_err(), "{header} with {n} bytes: {r:?}");
        }
        let deep = format!("{}{}", "[".repeat(100), "]".repeat(100));
        assert!(read_npy(&npy(&deep, &[]), None).is_err());
        // A header length pointing past the end.
        let mut bad = good.clone();
        bad[8] = 0xFF;
        bad[9] = 0xFF;
        assert!(matches!(read_npy(&bad, None), Err(NpyError::Truncated(_))));
    }

    #[test]
    fn version_2_and_3_headers() {
        let mut h = "{'descr': '<u2', 'fortran_order': False, 'shape': (2,), }\n".to_string();
        while !(12 + h.len()).is_multiple_of(64) {
            h.insert(h.len() - 1, ' ');
        }
        for major in [2u8, 3] {
            let mut out = MAGIC.to_vec();
            out.extend_from_slice(&[major, 0]);
            out.extend_from_slice(&(h.len() as u32).to_le_bytes());
            out.extend_from_slice(h.as_bytes());
            out.extend_from_slice(&[1, 0, 2, 0]);
            let t = read_npy(&out, None).unwrap();
            assert_eq!(t.as_u64().unwrap(), &[1, 2]);
        }
        // A header too long for version 1.0 is written as 2.0.
        let t = Tensor::zeros(ElementType::UInt(8), &vec![1i64; 30000]).unwrap();
        let bytes = write_npy(&t);
        assert_eq!(bytes[6], 2);
        assert_eq!(read_npy(&bytes, None).unwrap().shape().len(), 30000);
    }

    #[test]
    fn files() {
        let dir = std::env::temp_dir().join(format!("strata-npy-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("x.npy");
        let t = Tensor::from_f64s(ElementType::F64, &[2], &[0.5, -1.0]).unwrap();
        write_npy_file(&path, &t).unwrap();
        assert_eq!(read_npy_file(&path, None).unwrap(), t);
        assert!(matches!(read_npy_file(dir.join("missing.npy"), None), Err(NpyError::Io { .. })));
        std::fs::remove_dir_all(&dir).ok();
    }
}
