//! Bit-level encoding of the builtin float types (LLVM `APFloat` semantics), used by the parser to
//! turn literals into the exact bit patterns stored in [`FloatBits`](crate::attributes::FloatBits)
//! and [`DenseData`](crate::attributes::DenseData).
//!
//! MLIR parses a decimal float literal as an `f64` and then converts it to the target type with
//! round-to-nearest-ties-to-even (`APFloat::convert(.., rmNearestTiesToEven)`); [`encode_f64`]
//! does exactly that conversion for every [`FloatKind`]:
//!
//! | style | kinds | overflow / ±inf | NaN | zero |
//! |---|---|---|---|---|
//! | IEEE | f16, bf16, f32, f64, f128, tf32, f8E5M2, f8E4M3, f8E3M4 | ±inf | quiet NaN | ±0 |
//! | FN | f8E4M3FN | NaN (`S.1111.111`) | NaN | ±0 |
//! | FNUZ | f8E4M3FNUZ, f8E5M2FNUZ, f8E4M3B11FNUZ | NaN (`0x80`) | `0x80` | +0 only |
//! | finite only | f6E2M3FN, f6E3M2FN, f4E2M1FN | saturates to ±max | (none) | ±0 |
//! | exponent only | f8E8M0FNU | NaN (`0xFF`) | `0xFF` | no zero: smallest value `2^-127` |
//! | x87 | f80 | ±inf | quiet NaN | ±0 |
//!
//! "Overflow" is decided after rounding with an unbounded exponent: f8E4M3FN (max 448) keeps 448
//! up to the midpoint 464 and gives NaN above it, as APFloat does.

use crate::types::FloatKind;

/// How a format encodes non-finite values.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FloatStyle {
    /// IEEE 754: all-ones exponent encodes infinities and NaNs.
    Ieee,
    /// No infinities; NaN is all ones in exponent and mantissa.
    Fn,
    /// No infinities, no negative zero; the negative-zero pattern is the NaN.
    Fnuz,
    /// Neither infinities nor NaNs.
    FiniteOnly,
    /// Unsigned, exponent bits only, no zero; all ones is NaN.
    ExponentOnly,
    /// x87 80-bit extended precision with an explicit integer bit.
    X87,
}

/// Layout of a binary float format.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct FloatFormat {
    /// Exponent bits.
    pub exp_bits: u32,
    /// Stored fraction bits (without the integer bit, except for x87 where it is 63).
    pub man_bits: u32,
    /// Exponent bias.
    pub bias: i32,
    /// Non-finite encoding.
    pub style: FloatStyle,
}

/// The format of a float kind.
pub fn format_of(kind: FloatKind) -> FloatFormat {
    use FloatKind::*;
    use FloatStyle::*;
    let f = |exp_bits, man_bits, bias, style| FloatFormat { exp_bits, man_bits, bias, style };
    match kind {
        F16 => f(5, 10, 15, Ieee),
        BF16 => f(8, 7, 127, Ieee),
        F32 => f(8, 23, 127, Ieee),
        F64 => f(11, 52, 1023, Ieee),
        F80 => f(15, 63, 16383, X87),
        F128 => f(15, 112, 16383, Ieee),
        TF32 => f(8, 10, 127, Ieee),
        F8E5M2 => f(5, 2, 15, Ieee),
        F8E4M3 => f(4, 3, 7, Ieee),
        F8E3M4 => f(3, 4, 3, Ieee),
        F8E4M3FN => f(4, 3, 7, Fn),
        F8E4M3FNUZ => f(4, 3, 8, Fnuz),
        F8E5M2FNUZ => f(5, 2, 16, Fnuz),
        F8E4M3B11FNUZ => f(4, 3, 11, Fnuz),
        F8E8M0FNU => f(8, 0, 127, ExponentOnly),
        F6E2M3FN => f(2, 3, 1, FiniteOnly),
        F6E3M2FN => f(3, 2, 3, FiniteOnly),
        F4E2M1FN => f(2, 1, 1, FiniteOnly),
    }
}

/// Whether the type can represent infinity.
pub fn has_inf(kind: FloatKind) -> bool {
    matches!(format_of(kind).style, FloatStyle::Ieee | FloatStyle::X87)
}

/// Whether the type can represent NaN.
pub fn has_nan(kind: FloatKind) -> bool {
    format_of(kind).style != FloatStyle::FiniteOnly
}

fn mask(bits: u32) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

impl FloatFormat {
    fn sign_bit(&self) -> u128 {
        match self.style {
            FloatStyle::ExponentOnly => 0,
            FloatStyle::X87 => 1u128 << 79,
            _ => 1u128 << (self.exp_bits + self.man_bits),
        }
    }

    /// Largest finite magnitude encoding (exponent and mantissa fields).
    fn max_mag(&self) -> u128 {
        let e = mask(self.exp_bits);
        let m = mask(self.man_bits);
        match self.style {
            FloatStyle::Ieee => ((e - 1) << self.man_bits) | m,
            FloatStyle::Fn => (e << self.man_bits) | (m - 1),
            FloatStyle::Fnuz | FloatStyle::FiniteOnly => (e << self.man_bits) | m,
            FloatStyle::ExponentOnly => e - 1,
            FloatStyle::X87 => (0x7FFEu128 << 64) | u64::MAX as u128,
        }
    }

    /// Encoding of NaN (quiet, positive unless `negative` and the format has a sign).
    pub fn nan(&self, negative: bool) -> u128 {
        let s = if negative { self.sign_bit() } else { 0 };
        match self.style {
            FloatStyle::Ieee => s | (mask(self.exp_bits) << self.man_bits) | (1u128 << (self.man_bits - 1)),
            FloatStyle::Fn => s | mask(self.exp_bits + self.man_bits),
            FloatStyle::Fnuz => self.sign_bit(),
            FloatStyle::FiniteOnly => s, // no NaN: callers check `has_nan` first
            FloatStyle::ExponentOnly => mask(self.exp_bits),
            FloatStyle::X87 => s | (0x7FFFu128 << 64) | (0b11u128 << 62),
        }
    }

    /// Encoding of infinity (or what an overflow turns into for formats without infinity).
    pub fn inf(&self, negative: bool) -> u128 {
        let s = if negative { self.sign_bit() } else { 0 };
        match self.style {
            FloatStyle::Ieee => s | (mask(self.exp_bits) << self.man_bits),
            FloatStyle::X87 => s | (0x7FFFu128 << 64) | (1u128 << 63),
            FloatStyle::Fn | FloatStyle::Fnuz | FloatStyle::ExponentOnly => self.nan(negative),
            FloatStyle::FiniteOnly => s | self.max_mag(),
        }
    }

    fn zero(&self, negative: bool) -> u128 {
        match self.style {
            FloatStyle::Fnuz | FloatStyle::ExponentOnly => 0,
            _ if negative => self.sign_bit(),
            _ => 0,
        }
    }
}

/// Round `m >> s` to nearest, ties to even.
fn rne_shr(m: u128, s: u32) -> u128 {
    if s == 0 {
        return m;
    }
    if s >= 128 {
        return 0;
    }
    let q = m >> s;
    let rem = m & mask(s);
    let half = 1u128 << (s - 1);
    if rem > half || (rem == half && q & 1 == 1) {
        q + 1
    } else {
        q
    }
}

/// Convert an `f64` to the bit pattern of `kind`, rounding to nearest, ties to even (APFloat's
/// `convert` with `rmNearestTiesToEven`). The pattern is in the low bits of the result.
pub fn encode_f64(kind: FloatKind, x: f64) -> u128 {
    if kind == FloatKind::F64 {
        return x.to_bits() as u128;
    }
    if kind == FloatKind::F32 {
        return (x as f32).to_bits() as u128;
    }
    let fmt = format_of(kind);
    let neg = x.is_sign_negative();
    if x.is_nan() {
        if fmt.style == FloatStyle::Ieee || fmt.style == FloatStyle::X87 {
            // Keep the top payload bits, as APFloat does.
            let payload = (x.to_bits() & ((1u64 << 51) - 1)) as u128;
            let mut n = fmt.nan(neg);
            if fmt.style == FloatStyle::Ieee && fmt.man_bits > 1 {
                let keep = fmt.man_bits - 1;
                let p = if keep >= 51 { payload << (keep - 51) } else { payload >> (51 - keep) };
                n |= p;
            } else if fmt.style == FloatStyle::X87 {
                n |= payload << 11;
            }
            return n;
        }
        return fmt.nan(neg);
    }
    if x.is_infinite() {
        return fmt.inf(neg);
    }
    if x == 0.0 {
        return fmt.zero(neg);
    }
    if fmt.style == FloatStyle::ExponentOnly && neg {
        return fmt.nan(false);
    }
    let bits = x.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i32;
    let mut m = (bits & ((1u64 << 52) - 1)) as u128;
    let k = if e == 0 {
        -1074
    } else {
        m |= 1u128 << 52;
        e - 1075
    };
    let p = 127 - m.leading_zeros() as i32; // msb index
    let ue = p + k; // value in [2^ue, 2^(ue+1))
    let sign = if neg { fmt.sign_bit() } else { 0 };

    if fmt.style == FloatStyle::X87 {
        let biased = (ue + fmt.bias) as u128;
        let sig = m << (63 - p);
        return sign | (biased << 64) | sig;
    }

    let mb = fmt.man_bits as i32;
    let emin = if fmt.style == FloatStyle::ExponentOnly { -fmt.bias } else { 1 - fmt.bias };
    let subnormal = ue < emin;
    let q_exp = if subnormal { emin - mb } else { ue - mb };
    let shift = k - q_exp;
    let mut q = if shift >= 0 { m << shift } else { rne_shr(m, (-shift) as u32) };
    if fmt.style == FloatStyle::ExponentOnly && subnormal {
        // No subnormals and no zero: everything below the smallest value becomes it.
        return 0;
    }
    let mag = if subnormal {
        if q == 0 {
            return fmt.zero(neg);
        }
        q
    } else {
        let mut ue = ue;
        if q == 1u128 << (mb + 1) {
            q >>= 1;
            ue += 1;
        }
        let biased = (ue + fmt.bias) as u128;
        (biased << mb) | (q - (1u128 << mb))
    };
    if mag > fmt.max_mag() {
        return fmt.inf(neg);
    }
    sign | mag
}

/// Convert a bit pattern of `kind` to the nearest `f64` (exact for every kind narrower than
/// f64; f80/f128 values are rounded).
pub fn decode_to_f64(kind: FloatKind, bits: u128) -> f64 {
    match kind {
        FloatKind::F64 => return f64::from_bits(bits as u64),
        FloatKind::F32 => return f32::from_bits(bits as u32) as f64,
        _ => {}
    }
    let fmt = format_of(kind);
    let neg = fmt.sign_bit() != 0 && bits & fmt.sign_bit() != 0;
    let sgn = if neg { -1.0 } else { 1.0 };
    match fmt.style {
        FloatStyle::X87 => {
            let exp = ((bits >> 64) & 0x7fff) as i32;
            let sig = bits & u64::MAX as u128;
            if exp == 0x7fff {
                return if sig << 1 == 0 || sig == 1u128 << 63 { sgn * f64::INFINITY } else { f64::NAN };
            }
            let e = if exp == 0 { 1 } else { exp };
            return sgn * ldexp(sig as f64, e - fmt.bias - 63);
        }
        FloatStyle::ExponentOnly => {
            let e = (bits & 0xff) as i32;
            if e == 0xff {
                return f64::NAN;
            }
            return ldexp(1.0, e - fmt.bias);
        }
        _ => {}
    }
    let mb = fmt.man_bits;
    let exp = ((bits >> mb) & mask(fmt.exp_bits)) as i32;
    let man = bits & mask(mb);
    let emax_field = mask(fmt.exp_bits) as i32;
    match fmt.style {
        FloatStyle::Ieee if exp == emax_field => {
            return if man == 0 { sgn * f64::INFINITY } else { f64::NAN };
        }
        FloatStyle::Fn if exp == emax_field && man == mask(mb) => return f64::NAN,
        FloatStyle::Fnuz if bits == fmt.sign_bit() => return f64::NAN,
        _ => {}
    }
    let v = if exp == 0 {
        ldexp(man as f64, 1 - fmt.bias - mb as i32)
    } else {
        ldexp(((1u128 << mb) | man) as f64, exp - fmt.bias - mb as i32)
    };
    sgn * v
}

/// `x * 2^e` without intermediate overflow or underflow of the scale factor.
fn ldexp(mut x: f64, mut e: i32) -> f64 {
    while e > 1000 {
        x *= 2f64.powi(1000);
        e -= 1000;
    }
    while e < -1000 {
        x *= 2f64.powi(-1000);
        e += 1000;
    }
    x * 2f64.powi(e)
}

#[cfg(test)]
mod tests {
    use super::*;
    use FloatKind::*;

    #[test]
    fn ieee_half_and_bfloat() {
        assert_eq!(encode_f64(F16, 1.0), 0x3C00);
        assert_eq!(encode_f64(F16, -2.0), 0xC000);
        assert_eq!(encode_f64(F16, 65504.0), 0x7BFF);
        assert_eq!(encode_f64(F16, 65520.0), 0x7C00); // rounds to inf
        assert_eq!(encode_f64(F16, 65519.0), 0x7BFF);
        assert_eq!(encode_f64(F16, 0.1), 0x2E66);
        assert_eq!(encode_f64(F16, 5.960464477539063e-8), 0x0001);
        assert_eq!(encode_f64(F16, 2.9e-8), 0x0000); // below half of min subnormal
        assert_eq!(encode_f64(BF16, 1.0), 0x3F80);
        assert_eq!(encode_f64(BF16, 3.140625), 0x4049);
        assert_eq!(encode_f64(F16, f64::INFINITY), 0x7C00);
        assert_eq!(encode_f64(F16, -0.0), 0x8000);
        // ties to even: 1 + 2^-11 is halfway between 1 and 1 + 2^-10
        assert_eq!(encode_f64(F16, 1.0 + 2f64.powi(-11)), 0x3C00);
        assert_eq!(encode_f64(F16, 1.0 + 3.0 * 2f64.powi(-11)), 0x3C02);
    }

    #[test]
    fn f8_family() {
        assert_eq!(encode_f64(F8E4M3FN, 448.0), 0x7E);
        assert_eq!(encode_f64(F8E4M3FN, 464.0), 0x7E);
        assert_eq!(encode_f64(F8E4M3FN, 470.0), 0x7F);
        assert_eq!(encode_f64(F8E4M3FN, -1.0), 0xB8);
        assert_eq!(encode_f64(F8E5M2, 1.0), 0x3C);
        assert_eq!(encode_f64(F8E5M2, 1e6), 0x7C);
        assert_eq!(encode_f64(F8E4M3FNUZ, -0.0), 0x00);
        assert_eq!(encode_f64(F8E4M3FNUZ, 1.0), 0x40);
        assert_eq!(encode_f64(F8E4M3FNUZ, 1e9), 0x80);
        assert_eq!(encode_f64(F8E8M0FNU, 1.0), 127);
        assert_eq!(encode_f64(F8E8M0FNU, 3.0), 129); // tie rounds to even significand
        assert_eq!(encode_f64(F4E2M1FN, 6.0), 0x7);
        assert_eq!(encode_f64(F4E2M1FN, 100.0), 0x7);
        assert_eq!(encode_f64(F4E2M1FN, -0.5), 0x9);
        assert_eq!(encode_f64(F6E3M2FN, 28.0), 0x1F);
        assert_eq!(encode_f64(TF32, 1.0), 0x1FC00);
    }

    #[test]
    fn wide_formats() {
        assert_eq!(encode_f64(F80, 1.0), (16383u128 << 64) | (1u128 << 63));
        assert_eq!(encode_f64(F128, 1.0), 16383u128 << 112);
        assert_eq!(encode_f64(F128, -2.0), (1u128 << 127) | (16384u128 << 112));
        assert_eq!(decode_to_f64(F80, encode_f64(F80, 0.1)), 0.1);
        assert_eq!(decode_to_f64(F128, encode_f64(F128, 1e-310)), 1e-310);
    }

    #[test]
    fn decode_roundtrip_all_8bit() {
        for k in FloatKind::ALL {
            let w = k.bit_width();
            if w > 8 {
                continue;
            }
            for b in 0..(1u128 << w) {
                let v = decode_to_f64(k, b);
                if v.is_nan() {
                    continue;
                }
                let back = encode_f64(k, v);
                // -0 in FNUZ is NaN, handled above; zero of E8M0 does not exist.
                assert_eq!(back, b, "{k:?} {b:#x} -> {v}");
            }
        }
    }
}
