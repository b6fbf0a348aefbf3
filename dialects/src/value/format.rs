//! Floating-point literals exactly as MLIR prints and parses them.
//!
//! # Printing ([`format_mlir_float`])
//!
//! MLIR's `printFloatValue` (AsmPrinter.cpp) does, for a finite value:
//!
//! 1. `APFloat::toString(str, /*FormatPrecision=*/6, /*FormatMaxPadding=*/0,
//!    /*TruncateZero=*/false)` — always scientific, 6 digits after the
//!    point, lower-case `e`, at least two exponent digits: `1.000000e+00`,
//!    `-3.140000e-01`, `0.000000e+00`;
//! 2. if parsing that string back into the same semantics gives the same
//!    bits, that string is printed;
//! 3. otherwise `APFloat::toString(str)` with its defaults (precision
//!    `2 + p·59/196` significant digits for a `p`-bit significand — 9 for f32,
//!    17 for f64, 5 for f16, 4 for bf16 —, padding up to 3 zeros, trailing
//!    zeros truncated, upper-case `E`): `0.123456791`, `1.23456783E-10`;
//!    it is printed if it contains a `.`;
//! 4. otherwise (and for NaN and ±inf) the bit pattern in hexadecimal,
//!    `0x` followed by upper-case digits without leading zeros:
//!    `0x7FC00000`, `0xFF800000`, `0x4B800000` (16777216.0 as f32, whose
//!    9-digit form `16777216` has no `.`), `0x7E00` (f16 NaN).
//!
//! `toString` is ported digit for digit (the [`apfloat_to_string`]
//! function), including its quirks: the decimal expansion is first
//! *truncated* to about the requested number of digits by an integer
//! division and only then rounded half-up on the next digit.
//!
//! # Parsing ([`parse_mlir_float`])
//!
//! Decimal literals are rounded to the target semantics correctly (to
//! nearest, ties to even), as `APFloat(semantics, string)` does: through a
//! correctly rounded `f64`, with an exact big-integer comparison to break
//! the rare case where that `f64` lands exactly on a midpoint of the target
//! format. Hexadecimal literals (`0x7FC00000`) are bit patterns of the
//! target type, as in MLIR.

use std::cmp::Ordering;

use super::bigint::BigUint;
use super::element::ElementType;
use super::minifloat::FloatFormat;

/// Prints `value` (first rounded to `ty`) the way MLIR prints a float
/// attribute of type `ty`. Complex types use their component type; non-float
/// types are printed as f64.
pub fn format_mlir_float(value: f64, ty: ElementType) -> String {
    let fmt = format_of(ty);
    format_float_bits_in(fmt.encode(value), fmt)
}

/// Prints the value with bit pattern `bits` of type `ty` (complex: of its
/// component type) as MLIR does. Unlike [`format_mlir_float`] this keeps
/// every NaN payload, signaling NaNs included, in the hex form.
pub fn format_mlir_float_bits(bits: u64, ty: ElementType) -> String {
    format_float_bits_in(bits, format_of(ty))
}

/// [`format_mlir_float`] for an explicit [`FloatFormat`].
pub fn format_float_in(value: f64, fmt: FloatFormat) -> String {
    format_float_bits_in(fmt.encode(value), fmt)
}

/// [`format_mlir_float_bits`] for an explicit [`FloatFormat`].
pub fn format_float_bits_in(bits: u64, fmt: FloatFormat) -> String {
    let bits = bits & fmt.bits_mask();
    let v = fmt.decode(bits);
    if !v.is_finite() {
        return hex_bits(bits);
    }
    let p = fmt.precision();
    let s = apfloat_to_string(v, p, 6, 0, false);
    if parse_decimal_bits(&s, fmt) == Some(bits) {
        return s;
    }
    let s = apfloat_to_string(v, p, 0, 3, true);
    if s.contains('.') {
        return s;
    }
    hex_bits(bits)
}

/// `0x` and the upper-case hexadecimal digits of `bits`, no leading zeros
/// (LLVM's `APInt::toString(.., 16, false, /*formatAsCLiteral=*/true)`).
pub fn hex_bits(bits: u64) -> String {
    format!("0x{bits:X}")
}

fn format_of(ty: ElementType) -> FloatFormat {
    ty.float_format()
        .or_else(|| ty.component_type().and_then(|c| c.float_format()))
        .unwrap_or(FloatFormat::F64)
}

/// A port of LLVM's `IEEEFloat::toString(Str, FormatPrecision,
/// FormatMaxPadding, TruncateZero)` for a value of a format with
/// `precision_bits` significand bits (`value` must be exactly representable
/// in that format; f64 carries it). `format_precision == 0` means "enough
/// digits to round-trip" (`2 + precision_bits·59/196`).
pub fn apfloat_to_string(
    value: f64,
    precision_bits: u32,
    format_precision: u32,
    max_padding: u32,
    truncate_zero: bool,
) -> String {
    let mut out = String::new();
    if value.is_nan() {
        return "NaN".into();
    }
    if value.is_infinite() {
        return if value < 0.0 { "-Inf".into() } else { "+Inf".into() };
    }
    if value.is_sign_negative() {
        out.push('-');
    }
    if value == 0.0 {
        if max_padding == 0 {
            if truncate_zero {
                out.push_str("0.0E+0");
            } else {
                out.push_str("0.0");
                if format_precision > 1 {
                    out.extend(std::iter::repeat_n('0', format_precision as usize - 1));
                }
                out.push_str("e+00");
            }
        } else {
            out.push('0');
        }
        return out;
    }

    let format_precision = if format_precision == 0 { 2 + precision_bits * 59 / 196 } else { format_precision };

    // |value| = mant * 2^exp, then drop trailing binary zeros.
    let bits = value.to_bits();
    let biased = ((bits >> 52) & 0x7FF) as i64;
    let frac = bits & ((1u64 << 52) - 1);
    let (mut mant, mut exp) = if biased == 0 { (frac, -1074i64) } else { (frac | (1u64 << 52), biased - 1075) };
    let tz = mant.trailing_zeros();
    mant >>= tz;
    exp += tz as i64;

    // Change the exponent from 2^exp to 10^exp.
    let mut sig = BigUint::from_u64(mant);
    if exp > 0 {
        sig.shl(exp as u64);
        exp = 0;
    } else if exp < 0 {
        // N * 2^-e == N * 5^e * 10^-e
        sig.mul_pow5((-exp) as u64);
    }

    // AdjustToPrecision on the integer: truncating division by a power of
    // ten, keeping slightly more than `format_precision` digits.
    let active = sig.bit_len();
    let bits_required = (format_precision as u64 * 196).div_ceil(59);
    if active > bits_required {
        let tens = (active - bits_required) * 59 / 196;
        if tens > 0 {
            exp += tens as i64;
            sig.div_pow10(tens);
        }
    }

    // Decimal digits, least significant first, trailing zeros dropped.
    let mut buffer: Vec<u8> = Vec::new();
    let mut in_trail = true;
    for d in sig.decimal_digits_lsb_first() {
        if in_trail && d == 0 {
            exp += 1;
        } else {
            buffer.push(d);
            in_trail = false;
        }
    }
    if buffer.is_empty() {
        buffer.push(0);
    }

    // AdjustToPrecision on the digits: round half up on the first dropped
    // digit.
    let n = buffer.len();
    let fp = format_precision as usize;
    if n > fp {
        let mut first = n - fp;
        if buffer[first - 1] < 5 {
            while first < n && buffer[first] == 0 {
                first += 1;
            }
            exp += first as i64;
            buffer.drain(..first);
        } else {
            let mut i = first;
            while i != n {
                if buffer[i] == 9 {
                    first += 1;
                } else {
                    buffer[i] += 1;
                    break;
                }
                i += 1;
            }
            exp += first as i64;
            if first == n {
                buffer.clear();
                buffer.push(1);
            } else {
                buffer.drain(..first);
            }
        }
    }

    let nd = buffer.len();
    let digit = |i: usize| (b'0' + buffer[i]) as char;

    let scientific = if max_padding == 0 {
        true
    } else if exp >= 0 {
        exp as u64 > max_padding as u64 || nd as u64 + exp as u64 > format_precision as u64
    } else {
        let msd = exp + nd as i64 - 1;
        if msd >= 0 {
            false
        } else {
            (-msd) as u64 > max_padding as u64
        }
    };

    if scientific {
        exp += nd as i64 - 1;
        out.push(digit(nd - 1));
        out.push('.');
        if nd == 1 && truncate_zero {
            out.push('0');
        } else {
            for i in 1..nd {
                out.push(digit(nd - 1 - i));
            }
        }
        if !truncate_zero && fp > nd - 1 {
            out.extend(std::iter::repeat_n('0', fp - nd + 1));
        }
        out.push(if truncate_zero { 'E' } else { 'e' });
        out.push(if exp >= 0 { '+' } else { '-' });
        let e = exp.unsigned_abs().to_string();
        if !truncate_zero && e.len() < 2 {
            out.push('0');
        }
        out.push_str(&e);
        return out;
    }

    if exp >= 0 {
        for i in 0..nd {
            out.push(digit(nd - 1 - i));
        }
        out.extend(std::iter::repeat_n('0', exp as usize));
        return out;
    }

    let whole = exp + nd as i64;
    let mut i = 0usize;
    if whole > 0 {
        while i != whole as usize {
            out.push(digit(nd - i - 1));
            i += 1;
        }
        out.push('.');
    } else {
        out.push_str("0.");
        for _ in 0..(-whole) {
            out.push('0');
        }
    }
    while i != nd {
        out.push(digit(nd - i - 1));
        i += 1;
    }
    out
}

/// A syntactically valid decimal float literal split into parts.
struct Decimal {
    /// All mantissa digits (integer and fraction part), leading zeros kept.
    digits: Vec<u8>,
    /// Power of ten of the last digit in `digits`.
    exp10: i64,
}

/// Checks the MLIR/`strtod` decimal syntax `[+-]?digits[.digits]?([eE][+-]?digits)?`
/// (also `.5` and `5.`), no `inf`/`nan` words.
fn split_decimal(text: &str) -> Option<Decimal> {
    let b = text.as_bytes();
    let mut i = 0;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        i += 1;
    }
    let mut digits = Vec::new();
    let mut frac_len: i64 = 0;
    while i < b.len() && b[i].is_ascii_digit() {
        digits.push(b[i]);
        i += 1;
    }
    if i < b.len() && b[i] == b'.' {
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            digits.push(b[i]);
            frac_len += 1;
            i += 1;
        }
    }
    if digits.is_empty() {
        return None;
    }
    let mut e: i64 = 0;
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        let mut eneg = false;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            eneg = b[i] == b'-';
            i += 1;
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            e = e.saturating_mul(10).saturating_add((b[i] - b'0') as i64);
            i += 1;
        }
        if i == start {
            return None;
        }
        if eneg {
            e = -e;
        }
    }
    if i != b.len() {
        return None;
    }
    Some(Decimal { digits, exp10: e.saturating_sub(frac_len) })
}

/// Compares the exact value of the decimal's magnitude with `x` (finite,
/// positive).
fn cmp_decimal_abs(d: &Decimal, x: f64) -> Ordering {
    let first_nonzero = d.digits.iter().position(|&c| c != b'0');
    let Some(start) = first_nonzero else {
        return if x == 0.0 { Ordering::Equal } else { Ordering::Less };
    };
    // Hopeless magnitudes (only reachable with absurd inputs): decide by
    // order of magnitude instead of building enormous integers.
    let magnitude = d.exp10.saturating_add((d.digits.len() - start) as i64);
    if magnitude > 400 {
        return Ordering::Greater;
    }
    if magnitude < -400 {
        return Ordering::Less;
    }
    let mut a = BigUint::from_decimal_digits(&d.digits[start..]);
    let xb = x.to_bits();
    let biased = ((xb >> 52) & 0x7FF) as i64;
    let frac = xb & ((1u64 << 52) - 1);
    let (m, e2) = if biased == 0 { (frac, -1074i64) } else { (frac | (1u64 << 52), biased - 1075) };
    let mut b = BigUint::from_u64(m);
    if d.exp10 >= 0 {
        a.mul_pow10(d.exp10 as u64);
    } else {
        b.mul_pow10((-d.exp10) as u64);
    }
    if e2 >= 0 {
        b.shl(e2 as u64);
    } else {
        a.shl((-e2) as u64);
    }
    a.cmp(&b)
}

/// Rounds a decimal literal to `fmt` (to nearest, ties to even) and returns
/// the bit pattern; `None` if `text` is not a decimal literal.
pub fn parse_decimal_bits(text: &str, fmt: FloatFormat) -> Option<u64> {
    let d = split_decimal(text)?;
    if fmt == FloatFormat::F64 {
        return text.parse::<f64>().ok().map(f64::to_bits);
    }
    if fmt == FloatFormat::F32 {
        return text.parse::<f32>().ok().map(|x| x.to_bits() as u64);
    }
    let x = text.parse::<f64>().ok()?;
    let (bits, tie) = fmt.encode_with_tie(x);
    if !tie || !x.is_finite() || x == 0.0 {
        return Some(bits);
    }
    // `x` is exactly halfway between two values of `fmt`; the literal may be
    // slightly off the midpoint. Nudge by one f64 ulp (f64 has far more
    // precision than any format here, so the nudge stays between the
    // midpoint and the neighbour).
    Some(match cmp_decimal_abs(&d, x.abs()) {
        Ordering::Equal => bits,
        Ordering::Greater => fmt.encode(f64::from_bits(x.to_bits() + 1)),
        Ordering::Less => fmt.encode(f64::from_bits(x.to_bits() - 1)),
    })
}

/// Parses an MLIR float literal for element type `ty` (complex types use
/// their component type): a decimal literal, rounded to the type, or a
/// hexadecimal bit pattern `0x…` (no sign; must fit the type's width).
/// Returns the exact value as f64 (NaN payloads of f32/f64 kept).
pub fn parse_mlir_float(text: &str, ty: ElementType) -> Option<f64> {
    let fmt = ty.float_format().or_else(|| ty.component_type().and_then(|c| c.float_format()))?;
    let text = text.trim();
    if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        if hex.is_empty() || hex.len() > 16 || !hex.bytes().all(|c| c.is_ascii_hexdigit()) {
            return None;
        }
        let bits = u64::from_str_radix(hex, 16).ok()?;
        if bits & !fmt.bits_mask() != 0 {
            return None;
        }
        return Some(fmt.decode(bits));
    }
    parse_decimal_bits(text, fmt).map(|b| fmt.decode(b))
}

#[cfg(test)]
#[allow(clippy::approx_constant, clippy::excessive_precision)]
mod tests {
    use super::*;

    fn f32s(x: f32) -> String {
        format_mlir_float(x as f64, ElementType::F32)
    }

    #[test]
    fn f32_formatting() {
        assert_eq!(f32s(1.0), "1.000000e+00");
        assert_eq!(f32s(-4.0), "-4.000000e+00");
        assert_eq!(f32s(0.1), "1.000000e-01");
        assert_eq!(f32s(3.14), "3.140000e+00");
        assert_eq!(f32s(0.0), "0.000000e+00");
        assert_eq!(f32s(-0.0), "-0.000000e+00");
        assert_eq!(f32s(0.123456789), "0.123456791");
        assert_eq!(f32s(1.2345678e-10), "1.23456786E-10"); // exact: 1.2345678646e-10
        assert_eq!(f32s(16777216.0), "0x4B800000");
        assert_eq!(f32s(f32::NAN), "0x7FC00000");
        assert_eq!(f32s(f32::INFINITY), "0x7F800000");
        assert_eq!(f32s(f32::NEG_INFINITY), "0xFF800000");
        assert_eq!(f32s(1e10), "1.000000e+10");
        assert_eq!(f32s(123.456), "1.234560e+02");
        assert_eq!(f32s(f32::MAX), "3.40282347E+38");
        assert_eq!(f32s(f32::MIN_POSITIVE), "1.17549435E-38");
        assert_eq!(f32s(1e-45), "1.401300e-45"); // 6 significant digits, zero-padded
        assert_eq!(f32s(2.5e-5), "2.500000e-05");
    }

    #[test]
    fn f64_formatting() {
        let f = |x: f64| format_mlir_float(x, ElementType::F64);
        assert_eq!(f(0.1), "1.000000e-01");
        assert_eq!(f(1.0 / 3.0), "0.33333333333333331");
        assert_eq!(f(2147483647.0), "0x41DFFFFFFFC00000");
        assert_eq!(f(1.5e300), "1.500000e+300");
        assert_eq!(f(f64::NAN), "0x7FF8000000000000");
        // toString(6) keeps 6 significant digits (rounded) and pads a zero.
        assert_eq!(f(5e-324), "4.940660e-324");
        assert_eq!(f(0.1 + 0.2), "0.30000000000000004");
        // Signaling NaNs keep their bits.
        assert_eq!(format_mlir_float_bits(0xFFF0_0000_0000_0001, ElementType::F64), "0xFFF0000000000001");
        assert_eq!(format_mlir_float_bits(0x7F80_0001, ElementType::F32), "0x7F800001");
        assert_eq!(format_mlir_float_bits(0x7C01, ElementType::F16), "0x7C01");
    }

    #[test]
    fn small_formats() {
        assert_eq!(format_mlir_float(1.0, ElementType::F16), "1.000000e+00");
        assert_eq!(format_mlir_float(f64::NAN, ElementType::F16), "0x7E00");
        assert_eq!(format_mlir_float(f64::NAN, ElementType::BF16), "0x7FC0");
        assert_eq!(format_mlir_float(f64::NAN, ElementType::F8E4M3FNUZ), "0x80");
        assert_eq!(format_mlir_float(f64::NAN, ElementType::F8E4M3FN), "0x7F");
        assert_eq!(format_mlir_float(f64::NAN, ElementType::F8E8M0FNU), "0xFF");
        assert_eq!(format_mlir_float(f64::INFINITY, ElementType::F8E5M2), "0x7C");
        assert_eq!(format_mlir_float(-3.0, ElementType::F4E2M1FN), "-3.000000e+00");
        assert_eq!(format_mlir_float(448.0, ElementType::F8E4M3FN), "4.480000e+02");
        // f16: 0.1 rounds to 0.0999755859375 = 819·2^-13; APFloat truncates
        // 819·5^13 = 999755859375 to the 6 digits 999755 (no rounding), and
        // the result re-parses to the same f16 (MLIR prints `9.997550e-02`).
        assert_eq!(format_mlir_float(0.1, ElementType::F16), "9.997550e-02");
        // 2049 is not an f16 (rounds to 2048).
        assert_eq!(format_mlir_float(2049.0, ElementType::F16), "2.048000e+03");
        assert_eq!(format_mlir_float(3.140000e+00, ElementType::Complex64), "3.140000e+00");
    }

    #[test]
    fn apfloat_defaults() {
        assert_eq!(apfloat_to_string(0.0, 24, 0, 3, true), "0");
        assert_eq!(apfloat_to_string(1.0, 24, 0, 3, true), "1");
        assert_eq!(apfloat_to_string(1.5, 24, 0, 3, true), "1.5");
        assert_eq!(apfloat_to_string(1e-5, 53, 0, 3, true), "1.0000000000000001E-5");
        assert_eq!(apfloat_to_string(0.001, 53, 0, 3, true), "0.001");
        assert_eq!(apfloat_to_string(1234567.0, 24, 0, 3, true), "1234567");
        assert_eq!(apfloat_to_string(f64::INFINITY, 24, 0, 3, true), "+Inf");
        assert_eq!(apfloat_to_string(-0.0, 24, 6, 0, false), "-0.000000e+00");
        // The integer pre-truncation keeps exactly 6 digits here, so no rounding.
        assert_eq!(apfloat_to_string(9.9999999, 53, 6, 0, false), "9.999990e+00");
    }

    /// Cases from LLVM's `APFloatTest.toString` (IEEE double semantics):
    /// `convertToString(value, FormatPrecision, FormatMaxPadding,
    /// TruncateZero)`.
    #[test]
    fn llvm_apfloat_to_string_cases() {
        let c = |v: f64, p: u32, pad: u32, tz: bool| apfloat_to_string(v, 53, p, pad, tz);
        assert_eq!(c(10.0, 6, 3, true), "10");
        assert_eq!(c(10.0, 6, 0, true), "1.0E+1");
        assert_eq!(c(1.01E+4, 5, 2, true), "10100");
        assert_eq!(c(1.01E+4, 4, 2, true), "1.01E+4");
        assert_eq!(c(1.01E+4, 5, 1, true), "1.01E+4");
        assert_eq!(c(1.01E-2, 5, 2, true), "0.0101");
        assert_eq!(c(1.01E-2, 4, 2, true), "0.0101");
        assert_eq!(c(1.01E-2, 5, 1, true), "1.01E-2");
        assert_eq!(c(0.78539816339744830961, 0, 3, true), "0.78539816339744828");
        assert_eq!(c(4.9406564584124654e-324, 0, 3, true), "4.9406564584124654E-324");
        assert_eq!(c(873.1834, 0, 1, true), "873.18340000000001");
        assert_eq!(c(873.1834, 0, 0, true), "8.7318340000000001E+2");
        assert_eq!(c(1.7976931348623157E+308, 0, 0, true), "1.7976931348623157E+308");
        assert_eq!(c(10.0, 6, 3, false), "10");
        assert_eq!(c(10.0, 6, 0, false), "1.000000e+01");
        assert_eq!(c(1.01E+4, 5, 2, false), "10100");
        assert_eq!(c(1.01E+4, 4, 2, false), "1.0100e+04");
        assert_eq!(c(1.01E+4, 5, 1, false), "1.01000e+04");
        assert_eq!(c(1.01E-2, 5, 2, false), "0.0101");
        assert_eq!(c(1.01E-2, 4, 2, false), "0.0101");
        assert_eq!(c(1.01E-2, 5, 1, false), "1.01000e-02");
        assert_eq!(c(0.78539816339744830961, 0, 3, false), "0.78539816339744828");
        assert_eq!(c(4.9406564584124654e-324, 0, 3, false), "4.94065645841246540e-324");
        assert_eq!(c(873.1834, 0, 1, false), "873.18340000000001");
        assert_eq!(c(873.1834, 0, 0, false), "8.73183400000000010e+02");
        assert_eq!(c(1.7976931348623157E+308, 0, 0, false), "1.79769313486231570e+308");
    }

    #[test]
    fn printed_floats_reparse() {
        let mut s = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..5000 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            for ty in [ElementType::F32, ElementType::F64, ElementType::F16, ElementType::BF16, ElementType::F8E5M2] {
                let x = match ty {
                    ElementType::F64 => f64::from_bits(s),
                    _ => f32::from_bits(s as u32) as f64,
                };
                let fmt = ty.float_format().unwrap();
                let v = fmt.round(x);
                let text = format_mlir_float(v, ty);
                let back = parse_mlir_float(&text, ty).unwrap();
                assert_eq!(fmt.encode(back), fmt.encode(v), "{ty} {v:e} -> {text}");
            }
        }
    }

    #[test]
    fn parsing() {
        assert_eq!(parse_mlir_float("1.0", ElementType::F32), Some(1.0));
        assert_eq!(parse_mlir_float("-2.5e-1", ElementType::F16), Some(-0.25));
        assert_eq!(parse_mlir_float("3", ElementType::BF16), Some(3.0));
        assert_eq!(parse_mlir_float("0x3C00", ElementType::F16), Some(1.0));
        assert!(parse_mlir_float("0x7FC00000", ElementType::F32).unwrap().is_nan());
        assert_eq!(parse_mlir_float("0x1FF", ElementType::F8E4M3FN), None);
        assert_eq!(parse_mlir_float("inf", ElementType::F32), None);
        assert_eq!(parse_mlir_float("1e", ElementType::F32), None);
        assert_eq!(parse_mlir_float("", ElementType::F32), None);
        assert_eq!(parse_mlir_float(".", ElementType::F32), None);
        assert_eq!(parse_mlir_float("1", ElementType::SInt(32)), None);
        assert_eq!(parse_mlir_float("1e999", ElementType::F16), Some(f64::INFINITY));
        assert!(parse_mlir_float("1e999", ElementType::F8E4M3FN).unwrap().is_nan());
        // Exact ties in decimal break to even; a hair above goes up.
        assert_eq!(parse_mlir_float("1.00048828125", ElementType::F16), Some(1.0)); // 1 + 2^-11
        let up = "1.00048828125000000000000000000001";
        assert_eq!(parse_mlir_float(up, ElementType::F16), Some(1.0 + 2f64.powi(-10)));
        let down = "1.00048828124999999999999999999999";
        assert_eq!(parse_mlir_float(down, ElementType::F16), Some(1.0));
        assert_eq!(parse_mlir_float("464", ElementType::F8E4M3FN), Some(448.0));
        assert!(parse_mlir_float("464.00000000000000000001", ElementType::F8E4M3FN).unwrap().is_nan());
    }
}
