//! Element types and scalar elements — the "Types" section of the StableHLO
//! spec as seen by the interpreter: booleans (`i1`), signed and unsigned
//! integers of 2..=64 bits, every floating-point type (via
//! [`FloatFormat`]) and `complex<f32>`/`complex<f64>`.
//!
//! Signless integers (`i8`, `i32`, …) are what StableHLO programs spell;
//! StableHLO gives them signed semantics, so [`ElementType::from_mlir_name`]
//! maps both `i8` and `si8` to [`ElementType::SInt`]`(8)`, and
//! [`ElementType::mlir_name`] prints `SInt(8)` as `i8` (the StableHLO form).
//! `ui8` is [`ElementType::UInt`]`(8)`.
//!
//! Every element type stores its values in one of seven
//! [`StorageKind`]s (see [`super::tensor::Data`]): all real floats up to
//! 32 bits live in `f32` (each is a subset of f32), `f64` in `f64`, signed
//! integers sign-extended in `i64`, unsigned ones zero-extended in `u64`.

use std::fmt;
use std::str::FromStr;

use num_complex::Complex;
use strata_ir::FloatKind;

use super::minifloat::FloatFormat;
use super::ValueError;

/// The element type of a tensor.
///
/// `SInt(n)`/`UInt(n)` are meaningful for `n` in `2..=64` (use
/// [`ElementType::sint`]/[`ElementType::uint`] to validate); other widths
/// are treated as clamped to `1..=64` by the arithmetic helpers and never
/// panic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ElementType {
    /// Boolean, `i1`.
    I1,
    /// Signed two's-complement integer (`iN`/`siN`).
    SInt(u8),
    /// Unsigned integer (`uiN`).
    UInt(u8),
    /// IEEE half precision.
    F16,
    /// bfloat16.
    BF16,
    /// IEEE single precision.
    F32,
    /// IEEE double precision.
    F64,
    /// TensorFloat-32 (e8m10, 19 bits).
    TF32,
    /// OCP FP8 E4M3 (finite, NaN = S.1111.111).
    F8E4M3FN,
    /// OCP FP8 E5M2 (IEEE-like).
    F8E5M2,
    /// E4M3 with unsigned zero, bias 8.
    F8E4M3FNUZ,
    /// E5M2 with unsigned zero, bias 16.
    F8E5M2FNUZ,
    /// E4M3 with unsigned zero, bias 11.
    F8E4M3B11FNUZ,
    /// IEEE-like E3M4.
    F8E3M4,
    /// IEEE-like E4M3.
    F8E4M3,
    /// OCP MX scale type: unsigned powers of two.
    F8E8M0FNU,
    /// OCP MX FP6 E2M3.
    F6E2M3FN,
    /// OCP MX FP6 E3M2.
    F6E3M2FN,
    /// OCP MX FP4 E2M1.
    F4E2M1FN,
    /// `complex<f32>`.
    Complex64,
    /// `complex<f64>`.
    Complex128,
}

/// Which typed vector holds a tensor's elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StorageKind {
    /// `Vec<bool>` (`i1`).
    Bool,
    /// `Vec<i64>` (signed integers, sign-extended).
    I64,
    /// `Vec<u64>` (unsigned integers).
    U64,
    /// `Vec<f32>` (f32, tf32, f16, bf16 and every f8/f6/f4 type).
    F32,
    /// `Vec<f64>`.
    F64,
    /// `Vec<Complex<f32>>`.
    C64,
    /// `Vec<Complex<f64>>`.
    C128,
}

/// Every real float element type with its IR float kind (which gives the MLIR spelling) and its
/// XLA spelling.
const FLOAT_NAMES: [(ElementType, FloatKind, &str); 16] = [
    (ElementType::F16, FloatKind::F16, "f16"),
    (ElementType::BF16, FloatKind::BF16, "bf16"),
    (ElementType::F32, FloatKind::F32, "f32"),
    (ElementType::F64, FloatKind::F64, "f64"),
    (ElementType::TF32, FloatKind::TF32, "tf32"),
    (ElementType::F8E4M3FN, FloatKind::F8E4M3FN, "f8e4m3fn"),
    (ElementType::F8E5M2, FloatKind::F8E5M2, "f8e5m2"),
    (ElementType::F8E4M3FNUZ, FloatKind::F8E4M3FNUZ, "f8e4m3fnuz"),
    (ElementType::F8E5M2FNUZ, FloatKind::F8E5M2FNUZ, "f8e5m2fnuz"),
    (ElementType::F8E4M3B11FNUZ, FloatKind::F8E4M3B11FNUZ, "f8e4m3b11fnuz"),
    (ElementType::F8E3M4, FloatKind::F8E3M4, "f8e3m4"),
    (ElementType::F8E4M3, FloatKind::F8E4M3, "f8e4m3"),
    (ElementType::F8E8M0FNU, FloatKind::F8E8M0FNU, "f8e8m0fnu"),
    (ElementType::F6E2M3FN, FloatKind::F6E2M3FN, "f6e2m3fn"),
    (ElementType::F6E3M2FN, FloatKind::F6E3M2FN, "f6e3m2fn"),
    (ElementType::F4E2M1FN, FloatKind::F4E2M1FN, "f4e2m1fn"),
];

impl ElementType {
    /// Every real floating-point element type.
    pub fn float_types() -> impl Iterator<Item = ElementType> {
        FLOAT_NAMES.iter().map(|(t, _, _)| *t)
    }

    /// The IR float kind of a real float element type.
    pub fn float_kind(&self) -> Option<FloatKind> {
        FLOAT_NAMES.iter().find(|(t, _, _)| t == self).map(|(_, k, _)| *k)
    }

    /// `SInt(bits)` if `bits` is in `2..=64`.
    pub fn sint(bits: u32) -> Option<Self> {
        (2..=64).contains(&bits).then_some(ElementType::SInt(bits as u8))
    }

    /// `UInt(bits)` if `bits` is in `2..=64`.
    pub fn uint(bits: u32) -> Option<Self> {
        (2..=64).contains(&bits).then_some(ElementType::UInt(bits as u8))
    }

    /// Whether the type is well-formed (integer widths in `2..=64`).
    pub fn is_valid(&self) -> bool {
        match *self {
            ElementType::SInt(b) | ElementType::UInt(b) => (2..=64).contains(&b),
            _ => true,
        }
    }

    /// The floating-point format of a real float type (`None` otherwise; use
    /// [`Self::component_type`] for complex types).
    pub fn float_format(&self) -> Option<FloatFormat> {
        Some(match self {
            ElementType::F16 => FloatFormat::F16,
            ElementType::BF16 => FloatFormat::BF16,
            ElementType::F32 => FloatFormat::F32,
            ElementType::F64 => FloatFormat::F64,
            ElementType::TF32 => FloatFormat::TF32,
            ElementType::F8E4M3FN => FloatFormat::F8E4M3FN,
            ElementType::F8E5M2 => FloatFormat::F8E5M2,
            ElementType::F8E4M3FNUZ => FloatFormat::F8E4M3FNUZ,
            ElementType::F8E5M2FNUZ => FloatFormat::F8E5M2FNUZ,
            ElementType::F8E4M3B11FNUZ => FloatFormat::F8E4M3B11FNUZ,
            ElementType::F8E3M4 => FloatFormat::F8E3M4,
            ElementType::F8E4M3 => FloatFormat::F8E4M3,
            ElementType::F8E8M0FNU => FloatFormat::F8E8M0FNU,
            ElementType::F6E2M3FN => FloatFormat::F6E2M3FN,
            ElementType::F6E3M2FN => FloatFormat::F6E3M2FN,
            ElementType::F4E2M1FN => FloatFormat::F4E2M1FN,
            _ => return None,
        })
    }

    /// For complex types the type of each component (`F32`/`F64`).
    pub fn component_type(&self) -> Option<ElementType> {
        match self {
            ElementType::Complex64 => Some(ElementType::F32),
            ElementType::Complex128 => Some(ElementType::F64),
            _ => None,
        }
    }

    /// The complex type whose components have this type.
    pub fn complex_of(&self) -> Option<ElementType> {
        match self {
            ElementType::F32 => Some(ElementType::Complex64),
            ElementType::F64 => Some(ElementType::Complex128),
            _ => None,
        }
    }

    /// `i1`.
    pub fn is_bool(&self) -> bool {
        matches!(self, ElementType::I1)
    }

    /// Signed or unsigned integer (not `i1`).
    pub fn is_integer(&self) -> bool {
        matches!(self, ElementType::SInt(_) | ElementType::UInt(_))
    }

    /// Signed integer.
    pub fn is_signed_integer(&self) -> bool {
        matches!(self, ElementType::SInt(_))
    }

    /// Unsigned integer.
    pub fn is_unsigned_integer(&self) -> bool {
        matches!(self, ElementType::UInt(_))
    }

    /// Real floating-point type.
    pub fn is_float(&self) -> bool {
        self.float_format().is_some()
    }

    /// Complex type.
    pub fn is_complex(&self) -> bool {
        matches!(self, ElementType::Complex64 | ElementType::Complex128)
    }

    /// Width in bits (`i1` → 1, `complex<f32>` → 64, `tf32` → 19, …).
    pub fn bit_width(&self) -> u32 {
        match *self {
            ElementType::I1 => 1,
            ElementType::SInt(b) | ElementType::UInt(b) => (b as u32).clamp(1, 64),
            ElementType::Complex64 => 64,
            ElementType::Complex128 => 128,
            t => t.float_format().map_or(0, |f| f.bit_width()),
        }
    }

    /// Bytes per element in an unpacked little-endian buffer (numpy, XLA
    /// literals, [`super::tensor::Tensor::to_bytes`]): the smallest of
    /// 1, 2, 4, 8, 16 that holds [`Self::bit_width`] bits. Sub-byte types
    /// take one byte each; `tf32` takes 4.
    pub fn byte_size(&self) -> usize {
        match self.bit_width() {
            0..=8 => 1,
            9..=16 => 2,
            17..=32 => 4,
            33..=64 => 8,
            _ => 16,
        }
    }

    /// Which typed vector stores elements of this type.
    pub fn storage(&self) -> StorageKind {
        match self {
            ElementType::I1 => StorageKind::Bool,
            ElementType::SInt(_) => StorageKind::I64,
            ElementType::UInt(_) => StorageKind::U64,
            ElementType::F64 => StorageKind::F64,
            ElementType::Complex64 => StorageKind::C64,
            ElementType::Complex128 => StorageKind::C128,
            _ => StorageKind::F32,
        }
    }

    /// Smallest and largest value of an integer type (`i1`: 0..=1).
    pub fn int_range(&self) -> Option<(i128, i128)> {
        match *self {
            ElementType::I1 => Some((0, 1)),
            ElementType::SInt(b) => {
                let b = (b as u32).clamp(1, 64);
                Some((-(1i128 << (b - 1)), (1i128 << (b - 1)) - 1))
            }
            ElementType::UInt(b) => {
                let b = (b as u32).clamp(1, 64);
                Some((0, (1i128 << b) - 1))
            }
            _ => None,
        }
    }

    /// The zero of the type (`false` for `i1`). For f8E8M0FNU, which has no
    /// zero, this is its smallest value 2^-127.
    pub fn zero(&self) -> Element {
        match self.storage() {
            StorageKind::Bool => Element::Bool(false),
            StorageKind::I64 => Element::Int(0),
            StorageKind::U64 => Element::UInt(0),
            StorageKind::C64 | StorageKind::C128 => Element::Complex(Complex::new(0.0, 0.0)),
            StorageKind::F32 | StorageKind::F64 => match self.float_format() {
                Some(f) if !f.has_zero() => Element::Float(f.min_positive()),
                _ => Element::Float(0.0),
            },
        }
    }

    /// The MLIR spelling: `i1`, `i8` (signed integers print signless, as
    /// StableHLO writes them), `ui8`, `f32`, `bf16`, `f8E4M3FN`,
    /// `complex<f32>`, …
    pub fn mlir_name(&self) -> String {
        match *self {
            ElementType::I1 => "i1".into(),
            ElementType::SInt(b) => format!("i{b}"),
            ElementType::UInt(b) => format!("ui{b}"),
            ElementType::Complex64 => "complex<f32>".into(),
            ElementType::Complex128 => "complex<f64>".into(),
            t => t.float_kind().map(|k| k.mlir_name().to_string()).unwrap_or_default(),
        }
    }

    /// Parses an MLIR element type name: `i1`, `iN`/`siN` (→ `SInt`), `uiN`,
    /// the float names (`f16`, `bf16`, `f32`, `f64`, `tf32`, `f8E4M3FN`, …)
    /// and `complex<f32>`/`complex<f64>`. `None` for anything else.
    pub fn from_mlir_name(name: &str) -> Option<Self> {
        let name = name.trim();
        if name == "i1" {
            return Some(ElementType::I1);
        }
        if let Some(rest) = name.strip_prefix("complex<").and_then(|r| r.strip_suffix('>')) {
            return match rest.trim() {
                "f32" => Some(ElementType::Complex64),
                "f64" => Some(ElementType::Complex128),
                _ => None,
            };
        }
        let width = |digits: &str| -> Option<u32> {
            if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) || digits.len() > 3 {
                return None;
            }
            digits.parse().ok()
        };
        if let Some(d) = name.strip_prefix("ui") {
            return width(d).and_then(ElementType::uint);
        }
        if let Some(d) = name.strip_prefix("si") {
            return width(d).and_then(ElementType::sint);
        }
        if let Some(d) = name.strip_prefix('i') {
            return width(d).and_then(ElementType::sint);
        }
        FLOAT_NAMES.iter().find(|(_, k, _)| k.mlir_name() == name).map(|(t, _, _)| *t)
    }

    /// The XLA (HLO text / `PrimitiveType`) spelling: `pred`, `s8`, `u32`,
    /// `f32`, `bf16`, `f8e4m3fn`, `c64`, `c128`, …
    pub fn xla_name(&self) -> String {
        match *self {
            ElementType::I1 => "pred".into(),
            ElementType::SInt(b) => format!("s{b}"),
            ElementType::UInt(b) => format!("u{b}"),
            ElementType::Complex64 => "c64".into(),
            ElementType::Complex128 => "c128".into(),
            t => FLOAT_NAMES.iter().find(|(x, _, _)| *x == t).map(|(_, _, n)| n.to_string()).unwrap_or_default(),
        }
    }

    /// Parses an XLA primitive type name (case-insensitive), see
    /// [`Self::xla_name`].
    pub fn from_xla_name(name: &str) -> Option<Self> {
        let lower = name.trim().to_ascii_lowercase();
        let name = lower.as_str();
        match name {
            "pred" => return Some(ElementType::I1),
            "c64" => return Some(ElementType::Complex64),
            "c128" => return Some(ElementType::Complex128),
            _ => {}
        }
        if let Some(t) = FLOAT_NAMES.iter().find(|(_, _, n)| *n == name) {
            return Some(t.0);
        }
        let width = |digits: &str| -> Option<u32> {
            if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) || digits.len() > 3 {
                return None;
            }
            digits.parse().ok()
        };
        if let Some(d) = name.strip_prefix('s') {
            return width(d).and_then(ElementType::sint);
        }
        if let Some(d) = name.strip_prefix('u') {
            return width(d).and_then(ElementType::uint);
        }
        None
    }

    /// Converts `e` to a value of this type, for storing it in a tensor:
    /// booleans need [`Element::Bool`]; integers accept `Int`/`UInt` and wrap
    /// modulo 2^bits; real floats accept `Float` (rounded to nearest even)
    /// and `Int`/`UInt`; complex types accept `Complex` and `Float` (as the
    /// real part), each component rounded. Anything else is a
    /// [`ValueError::ElementMismatch`].
    pub fn coerce(&self, e: Element) -> Result<Element, ValueError> {
        let mismatch = || ValueError::ElementMismatch { element: e, ty: *self };
        Ok(match (self.storage(), e) {
            (StorageKind::Bool, Element::Bool(b)) => Element::Bool(b),
            (StorageKind::I64 | StorageKind::U64, Element::Int(v)) => {
                wrap_int(*self, v as i128).ok_or_else(mismatch)?
            }
            (StorageKind::I64 | StorageKind::U64, Element::UInt(v)) => {
                wrap_int(*self, v as i128).ok_or_else(mismatch)?
            }
            (StorageKind::F32 | StorageKind::F64, Element::Float(x)) => Element::Float(round_to(*self, x)),
            (StorageKind::F32 | StorageKind::F64, Element::Int(v)) => Element::Float(round_to(*self, v as f64)),
            (StorageKind::F32 | StorageKind::F64, Element::UInt(v)) => Element::Float(round_to(*self, v as f64)),
            (StorageKind::C64 | StorageKind::C128, Element::Complex(c)) => {
                Element::Complex(Complex::new(round_to(*self, c.re), round_to(*self, c.im)))
            }
            (StorageKind::C64 | StorageKind::C128, Element::Float(x)) => {
                Element::Complex(Complex::new(round_to(*self, x), round_to(*self, 0.0)))
            }
            _ => return Err(mismatch()),
        })
    }
}

impl fmt::Display for ElementType {
    /// The MLIR spelling ([`ElementType::mlir_name`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.mlir_name())
    }
}

impl FromStr for ElementType {
    type Err = ValueError;
    /// Parses the MLIR spelling ([`ElementType::from_mlir_name`]).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ElementType::from_mlir_name(s).ok_or_else(|| ValueError::UnknownElementType(s.to_string()))
    }
}

/// One element of a tensor, detached from its storage.
///
/// Which variant a tensor hands out follows its [`StorageKind`]: `Bool`
/// for `i1`, `Int` for signed integers, `UInt` for unsigned ones, `Float`
/// for every real float type (the exact value as f64), `Complex` for both
/// complex types.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Element {
    /// An `i1` value.
    Bool(bool),
    /// A signed integer value.
    Int(i64),
    /// An unsigned integer value.
    UInt(u64),
    /// A real floating-point value.
    Float(f64),
    /// A complex value.
    Complex(Complex<f64>),
}

impl Element {
    /// The value as f64: floats as they are, integers converted (rounding
    /// beyond 2^53), booleans as 0/1; `None` for complex values.
    pub fn as_f64(&self) -> Option<f64> {
        match *self {
            Element::Bool(b) => Some(b as u8 as f64),
            Element::Int(v) => Some(v as f64),
            Element::UInt(v) => Some(v as f64),
            Element::Float(x) => Some(x),
            Element::Complex(_) => None,
        }
    }

    /// The value as an integer (booleans as 0/1); `None` for floats and
    /// complex values.
    pub fn as_i128(&self) -> Option<i128> {
        match *self {
            Element::Bool(b) => Some(b as i128),
            Element::Int(v) => Some(v as i128),
            Element::UInt(v) => Some(v as i128),
            _ => None,
        }
    }

    /// The boolean, for `Bool`.
    pub fn as_bool(&self) -> Option<bool> {
        match *self {
            Element::Bool(b) => Some(b),
            _ => None,
        }
    }

    /// The complex value (`Float` as a real number).
    pub fn as_complex(&self) -> Option<Complex<f64>> {
        match *self {
            Element::Complex(c) => Some(c),
            Element::Float(x) => Some(Complex::new(x, 0.0)),
            _ => None,
        }
    }

    /// Equality of representations: floats compare bit for bit, so NaN
    /// equals the same NaN and `0.0` differs from `-0.0`.
    pub fn bitwise_eq(&self, other: &Element) -> bool {
        match (self, other) {
            (Element::Float(a), Element::Float(b)) => a.to_bits() == b.to_bits(),
            (Element::Complex(a), Element::Complex(b)) => {
                a.re.to_bits() == b.re.to_bits() && a.im.to_bits() == b.im.to_bits()
            }
            (a, b) => a == b,
        }
    }
}

/// Wraps `v` to a `bits`-wide two's-complement integer, sign-extended to
/// i64 (`bits` clamped to `1..=64`).
#[inline]
pub fn wrap_signed(bits: u32, v: i128) -> i64 {
    let shift = 128 - bits.clamp(1, 64);
    ((v << shift) >> shift) as i64
}

/// Wraps `v` modulo 2^`bits` (`bits` clamped to `1..=64`).
#[inline]
pub fn wrap_unsigned(bits: u32, v: i128) -> u64 {
    let bits = bits.clamp(1, 64);
    let mask = if bits == 64 { u64::MAX as u128 } else { (1u128 << bits) - 1 };
    (v as u128 & mask) as u64
}

/// Wraps `v` into integer type `ty` (modulo 2^bits): `Int` for signed,
/// `UInt` for unsigned, `Bool` (the low bit) for `i1`; `None` for
/// non-integer types.
pub fn wrap_int(ty: ElementType, v: i128) -> Option<Element> {
    match ty {
        ElementType::I1 => Some(Element::Bool(v & 1 != 0)),
        ElementType::SInt(b) => Some(Element::Int(wrap_signed(b as u32, v))),
        ElementType::UInt(b) => Some(Element::UInt(wrap_unsigned(b as u32, v))),
        _ => None,
    }
}

/// Rounds `x` to the element type:
/// - real floats: round to nearest, ties to even, with the overflow and
///   special-value rules of [`super::minifloat`];
/// - complex types: rounds to the component type;
/// - integers: truncates toward zero and saturates to the type's range (NaN
///   gives 0) — Rust's `as` semantics, widened to any bit width;
/// - `i1`: 1.0 if `x != 0` (NaN counts as non-zero), else 0.0.
#[inline]
pub fn round_to(ty: ElementType, x: f64) -> f64 {
    match ty {
        ElementType::F32 | ElementType::Complex64 => x as f32 as f64,
        ElementType::F64 | ElementType::Complex128 => x,
        ElementType::I1 => {
            if x != 0.0 {
                1.0
            } else {
                0.0
            }
        }
        ElementType::SInt(_) | ElementType::UInt(_) => {
            let (lo, hi) = ty.int_range().unwrap_or((0, 0));
            if x.is_nan() {
                0.0
            } else {
                x.trunc().clamp(lo as f64, hi as f64)
            }
        }
        t => match t.float_format() {
            Some(f) => f.round(x),
            None => x,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_roundtrip() {
        for t in ElementType::float_types()
            .chain([ElementType::I1, ElementType::Complex64, ElementType::Complex128])
            .chain((2..=64).flat_map(|b| [ElementType::SInt(b), ElementType::UInt(b)]))
        {
            assert_eq!(ElementType::from_mlir_name(&t.mlir_name()), Some(t), "{t:?}");
            assert_eq!(ElementType::from_xla_name(&t.xla_name()), Some(t), "{t:?}");
            assert_eq!(t.to_string().parse::<ElementType>().unwrap(), t);
        }
        assert_eq!(ElementType::from_mlir_name("si8"), Some(ElementType::SInt(8)));
        assert_eq!(ElementType::from_mlir_name("i32"), Some(ElementType::SInt(32)));
        assert_eq!(ElementType::from_mlir_name("ui4"), Some(ElementType::UInt(4)));
        assert_eq!(ElementType::from_mlir_name("complex< f64 >"), Some(ElementType::Complex128));
        for bad in ["i0", "i65", "ui1", "si1", "i", "ix", "f8e4m3fn", "f128", "complex<i32>", "i0008", ""] {
            assert_eq!(ElementType::from_mlir_name(bad), None, "{bad}");
        }
        assert_eq!(ElementType::from_xla_name("PRED"), Some(ElementType::I1));
        assert_eq!(ElementType::from_xla_name("s4"), Some(ElementType::SInt(4)));
        assert_eq!(ElementType::SInt(8).mlir_name(), "i8");
        assert_eq!(ElementType::F8E4M3B11FNUZ.mlir_name(), "f8E4M3B11FNUZ");
        assert!("q7".parse::<ElementType>().is_err());
    }

    #[test]
    fn widths_and_storage() {
        assert_eq!(ElementType::I1.byte_size(), 1);
        assert_eq!(ElementType::SInt(4).byte_size(), 1);
        assert_eq!(ElementType::SInt(24).byte_size(), 4);
        assert_eq!(ElementType::TF32.byte_size(), 4);
        assert_eq!(ElementType::Complex128.byte_size(), 16);
        assert_eq!(ElementType::F4E2M1FN.bit_width(), 4);
        assert_eq!(ElementType::F6E3M2FN.bit_width(), 6);
        assert_eq!(ElementType::BF16.storage(), StorageKind::F32);
        assert_eq!(ElementType::UInt(64).int_range(), Some((0, u64::MAX as i128)));
        assert_eq!(ElementType::SInt(2).int_range(), Some((-2, 1)));
        assert!(!ElementType::SInt(65).is_valid());
        assert_eq!(ElementType::SInt(200).bit_width(), 64); // clamped, no panic
    }

    #[test]
    fn wrapping() {
        assert_eq!(wrap_signed(8, 200), -56);
        assert_eq!(wrap_signed(4, 8), -8);
        assert_eq!(wrap_signed(4, 7), 7);
        assert_eq!(wrap_signed(2, -3), 1);
        assert_eq!(wrap_signed(64, i64::MAX as i128 + 1), i64::MIN);
        assert_eq!(wrap_unsigned(8, -1), 255);
        assert_eq!(wrap_unsigned(64, -1), u64::MAX);
        assert_eq!(wrap_unsigned(2, 5), 1);
        assert_eq!(wrap_int(ElementType::I1, 3), Some(Element::Bool(true)));
        assert_eq!(wrap_int(ElementType::UInt(4), 17), Some(Element::UInt(1)));
        assert_eq!(wrap_int(ElementType::F32, 1), None);
    }

    #[test]
    fn rounding_helpers() {
        assert_eq!(round_to(ElementType::F32, 0.1), 0.1f32 as f64);
        assert_eq!(round_to(ElementType::F16, 65520.0), f64::INFINITY);
        assert!(round_to(ElementType::F8E4M3FN, 1e6).is_nan());
        assert_eq!(round_to(ElementType::F4E2M1FN, 1e6), 6.0);
        assert_eq!(round_to(ElementType::SInt(8), 300.7), 127.0);
        assert_eq!(round_to(ElementType::SInt(8), -2.9), -2.0);
        assert_eq!(round_to(ElementType::UInt(8), -5.0), 0.0);
        assert_eq!(round_to(ElementType::SInt(8), f64::NAN), 0.0);
        assert_eq!(round_to(ElementType::I1, -0.5), 1.0);
        assert_eq!(round_to(ElementType::Complex64, 0.1), 0.1f32 as f64);
        assert_eq!(round_to(ElementType::BF16, 1.00390625), 1.0); // tie -> even
        assert_eq!(round_to(ElementType::BF16, 1.01171875), 1.015625); // tie -> even (up)
    }

    #[test]
    fn coerce_rules() {
        let t = ElementType::SInt(8);
        assert_eq!(t.coerce(Element::Int(130)).unwrap(), Element::Int(-126));
        assert_eq!(t.coerce(Element::UInt(255)).unwrap(), Element::Int(-1));
        assert!(t.coerce(Element::Float(1.0)).is_err());
        assert!(ElementType::I1.coerce(Element::Int(1)).is_err());
        assert_eq!(ElementType::F16.coerce(Element::Int(2049)).unwrap(), Element::Float(2048.0));
        assert_eq!(
            ElementType::Complex64.coerce(Element::Float(0.1)).unwrap(),
            Element::Complex(Complex::new(0.1f32 as f64, 0.0))
        );
        assert!(ElementType::F32.coerce(Element::Complex(Complex::new(1.0, 0.0))).is_err());
        assert_eq!(ElementType::F8E8M0FNU.zero(), Element::Float(2f64.powi(-127)));
        assert!(ElementType::F32.zero().bitwise_eq(&Element::Float(0.0)));
        assert!(Element::Float(f64::NAN).bitwise_eq(&Element::Float(f64::NAN)));
        assert!(!Element::Float(0.0).bitwise_eq(&Element::Float(-0.0)));
    }
}
