//! A generic binary floating-point codec: every real float element type of
//! StableHLO (f64, f32, tf32, f16, bf16 and the f8/f6/f4 family) is a
//! [`FloatFormat`] — exponent bits, mantissa bits, bias and a
//! [`FloatStyle`] saying how infinities, NaNs and zero are encoded (the LLVM
//! `APFloat` "fltNonfiniteBehavior"/"fltNanEncoding" notions).
//!
//! Encoding from `f64` rounds to nearest, ties to even, exactly once (no
//! double rounding). Out-of-range and special values follow **ml_dtypes**
//! (what JAX/XLA use; for the cases that matter LLVM APFloat agrees):
//!
//! | style | overflow (and ±inf input) | NaN input | zero |
//! |---|---|---|---|
//! | [`FloatStyle::Ieee`] (f16, bf16, f32, f64, tf32, f8E5M2, f8E4M3, f8E3M4) | ±inf | NaN, sign and top payload bits kept, quiet bit set | ±0 |
//! | [`FloatStyle::Fn`] (f8E4M3FN) | NaN with the input's sign (`S.1111.111`) | NaN with sign | ±0 |
//! | [`FloatStyle::Fnuz`] (f8E4M3FNUZ, f8E5M2FNUZ, f8E4M3B11FNUZ) | the NaN `0x80` | `0x80` | +0 only (−0 and negative underflow give +0) |
//! | [`FloatStyle::FiniteOnly`] (f6E2M3FN, f6E3M2FN, f4E2M1FN) | saturates to ±max | ml_dtypes' choice: `+NaN → −0`, `−NaN → +0` | ±0 |
//! | [`FloatStyle::ExponentOnly`] (f8E8M0FNU) | NaN `0xFF` | `0xFF` | zero and negative inputs give NaN; positive values below 2^-127 give 2^-127 |
//!
//! "Overflow" means the value rounded with an unbounded exponent range is
//! larger than the largest finite value; so e.g. f8E4M3FN (max 448, next
//! step 480) keeps 448 for inputs up to and including the midpoint 464
//! (ties to even), and gives NaN above it.
//!
//! For f8E8M0FNU (precision 1 bit) a tie between 2^k and 2^(k+1) rounds up,
//! because the significand `1` is odd (APFloat and ml_dtypes agree). One
//! deliberate divergence from ml_dtypes: inputs strictly between 2^-127 and
//! 1.5·2^-127 round to the nearest value 2^-127 here, where ml_dtypes' bit
//! trick yields 2^-126.
//!
//! Decoding gives the exact value as `f64` (every format here is a subset of
//! f64); NaNs decode to a quiet f64 NaN carrying the sign and (IEEE styles)
//! the payload, so `encode(decode(b)) == b` for every non-signaling `b`.

/// How a format encodes infinities, NaNs and zeros.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatStyle {
    /// IEEE 754: the all-ones exponent encodes ±inf (mantissa 0) and NaNs.
    Ieee,
    /// "FN": no infinities; NaN is all ones in exponent and mantissa (either
    /// sign); the all-ones exponent otherwise holds normal values.
    Fn,
    /// "FNUZ": no infinities, no negative zero; the single NaN is the
    /// negative-zero pattern (sign bit alone, e.g. `0x80`).
    Fnuz,
    /// MX "FN" formats with neither infinities nor NaNs (f6/f4).
    FiniteOnly,
    /// OCP MX E8M0: unsigned, exponent bits only, no zero, no subnormals;
    /// the all-ones pattern is NaN.
    ExponentOnly,
}

/// A binary floating-point format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FloatFormat {
    /// Number of exponent bits.
    pub exponent_bits: u32,
    /// Number of explicitly stored mantissa (fraction) bits.
    pub mantissa_bits: u32,
    /// Exponent bias: a normal value is `1.f × 2^(biased − bias)`.
    pub bias: i32,
    /// Special-value encoding.
    pub style: FloatStyle,
}

impl FloatFormat {
    /// IEEE binary64.
    pub const F64: FloatFormat = FloatFormat::new(11, 52, 1023, FloatStyle::Ieee);
    /// IEEE binary32.
    pub const F32: FloatFormat = FloatFormat::new(8, 23, 127, FloatStyle::Ieee);
    /// NVIDIA TensorFloat-32 (19 bits: e8m10).
    pub const TF32: FloatFormat = FloatFormat::new(8, 10, 127, FloatStyle::Ieee);
    /// IEEE binary16.
    pub const F16: FloatFormat = FloatFormat::new(5, 10, 15, FloatStyle::Ieee);
    /// bfloat16 (e8m7).
    pub const BF16: FloatFormat = FloatFormat::new(8, 7, 127, FloatStyle::Ieee);
    /// f8E5M2 (IEEE-like, max 57344).
    pub const F8E5M2: FloatFormat = FloatFormat::new(5, 2, 15, FloatStyle::Ieee);
    /// f8E4M3 (IEEE-like, max 240).
    pub const F8E4M3: FloatFormat = FloatFormat::new(4, 3, 7, FloatStyle::Ieee);
    /// f8E3M4 (IEEE-like, max 15.5).
    pub const F8E3M4: FloatFormat = FloatFormat::new(3, 4, 3, FloatStyle::Ieee);
    /// f8E4M3FN (no inf, NaN = S.1111.111, max 448).
    pub const F8E4M3FN: FloatFormat = FloatFormat::new(4, 3, 7, FloatStyle::Fn);
    /// f8E4M3FNUZ (bias 8, max 240, NaN = 0x80).
    pub const F8E4M3FNUZ: FloatFormat = FloatFormat::new(4, 3, 8, FloatStyle::Fnuz);
    /// f8E5M2FNUZ (bias 16, max 57344, NaN = 0x80).
    pub const F8E5M2FNUZ: FloatFormat = FloatFormat::new(5, 2, 16, FloatStyle::Fnuz);
    /// f8E4M3B11FNUZ (bias 11, max 30, NaN = 0x80).
    pub const F8E4M3B11FNUZ: FloatFormat = FloatFormat::new(4, 3, 11, FloatStyle::Fnuz);
    /// f8E8M0FNU (powers of two 2^-127..2^127, NaN = 0xFF).
    pub const F8E8M0FNU: FloatFormat = FloatFormat::new(8, 0, 127, FloatStyle::ExponentOnly);
    /// f6E2M3FN (max 7.5, no inf/NaN).
    pub const F6E2M3FN: FloatFormat = FloatFormat::new(2, 3, 1, FloatStyle::FiniteOnly);
    /// f6E3M2FN (max 28, no inf/NaN).
    pub const F6E3M2FN: FloatFormat = FloatFormat::new(3, 2, 3, FloatStyle::FiniteOnly);
    /// f4E2M1FN (values ±{0, 0.5, 1, 1.5, 2, 3, 4, 6}).
    pub const F4E2M1FN: FloatFormat = FloatFormat::new(2, 1, 1, FloatStyle::FiniteOnly);

    /// A format from its parameters. `exponent_bits` must be in 1..=11 and
    /// `mantissa_bits` in 0..=52 (the format must fit in f64); the
    /// predefined constants are the ones StableHLO uses.
    pub const fn new(exponent_bits: u32, mantissa_bits: u32, bias: i32, style: FloatStyle) -> Self {
        FloatFormat { exponent_bits, mantissa_bits, bias, style }
    }

    /// Whether the format has a sign bit.
    pub const fn is_signed(&self) -> bool {
        !matches!(self.style, FloatStyle::ExponentOnly)
    }

    /// Total width in bits.
    pub const fn bit_width(&self) -> u32 {
        self.exponent_bits + self.mantissa_bits + if self.is_signed() { 1 } else { 0 }
    }

    /// Significand precision in bits, including the implicit bit (APFloat's
    /// `precision`).
    pub const fn precision(&self) -> u32 {
        self.mantissa_bits + 1
    }

    /// Whether ±infinity is representable.
    pub const fn has_infinity(&self) -> bool {
        matches!(self.style, FloatStyle::Ieee)
    }

    /// Whether a NaN is representable.
    pub const fn has_nan(&self) -> bool {
        !matches!(self.style, FloatStyle::FiniteOnly)
    }

    /// Whether zero is representable.
    pub const fn has_zero(&self) -> bool {
        !matches!(self.style, FloatStyle::ExponentOnly)
    }

    /// Whether −0 is representable (distinct from +0).
    pub const fn has_negative_zero(&self) -> bool {
        matches!(self.style, FloatStyle::Ieee | FloatStyle::Fn | FloatStyle::FiniteOnly)
    }

    /// Whether the format has subnormal values.
    pub const fn has_subnormals(&self) -> bool {
        !matches!(self.style, FloatStyle::ExponentOnly)
    }

    /// Mask of the sign bit (0 for unsigned formats).
    pub const fn sign_mask(&self) -> u64 {
        if self.is_signed() {
            1u64 << (self.exponent_bits + self.mantissa_bits)
        } else {
            0
        }
    }

    /// Mask of all bits of the format.
    pub const fn bits_mask(&self) -> u64 {
        let w = self.bit_width();
        if w >= 64 {
            u64::MAX
        } else {
            (1u64 << w) - 1
        }
    }

    const fn exp_all_ones(&self) -> u64 {
        (1u64 << self.exponent_bits) - 1
    }

    const fn man_mask(&self) -> u64 {
        (1u64 << self.mantissa_bits) - 1
    }

    /// The unbiased exponent of the smallest normal value.
    pub const fn min_exponent(&self) -> i32 {
        match self.style {
            FloatStyle::ExponentOnly => -self.bias,
            _ => 1 - self.bias,
        }
    }

    /// Largest biased exponent that encodes finite values.
    const fn max_biased_exponent(&self) -> u64 {
        match self.style {
            FloatStyle::Ieee | FloatStyle::ExponentOnly => self.exp_all_ones() - 1,
            _ => self.exp_all_ones(),
        }
    }

    /// Largest mantissa field allowed with the largest biased exponent.
    const fn max_mantissa_at_max_exponent(&self) -> u64 {
        match self.style {
            FloatStyle::Fn => self.man_mask() - 1,
            _ => self.man_mask(),
        }
    }

    /// The unbiased exponent of the largest finite value.
    pub const fn max_exponent(&self) -> i32 {
        self.max_biased_exponent() as i32 - self.bias
    }

    /// Bit pattern of the largest finite value.
    pub const fn max_finite_bits(&self) -> u64 {
        (self.max_biased_exponent() << self.mantissa_bits) | self.max_mantissa_at_max_exponent()
    }

    /// The largest finite value.
    pub fn max_finite(&self) -> f64 {
        self.decode(self.max_finite_bits())
    }

    /// The smallest positive normal value.
    pub fn min_positive_normal(&self) -> f64 {
        pow2(self.min_exponent())
    }

    /// The smallest positive value (subnormal where the format has them).
    pub fn min_positive(&self) -> f64 {
        if self.has_subnormals() {
            pow2(self.min_exponent() - self.mantissa_bits as i32)
        } else {
            self.min_positive_normal()
        }
    }

    /// The canonical quiet NaN pattern (with the given sign where the format
    /// has signed NaNs). For [`FloatStyle::FiniteOnly`] formats, which have no
    /// NaN, this is what ml_dtypes converts NaN to: `−0` for a positive NaN,
    /// `+0` for a negative one.
    pub const fn nan_bits(&self, negative: bool) -> u64 {
        let sign = if negative { self.sign_mask() } else { 0 };
        match self.style {
            FloatStyle::Ieee => {
                let quiet = if self.mantissa_bits > 0 { 1u64 << (self.mantissa_bits - 1) } else { 0 };
                sign | (self.exp_all_ones() << self.mantissa_bits) | quiet
            }
            FloatStyle::Fn => sign | (self.exp_all_ones() << self.mantissa_bits) | self.man_mask(),
            FloatStyle::Fnuz => self.sign_mask(),
            FloatStyle::FiniteOnly => {
                if negative {
                    0
                } else {
                    self.sign_mask()
                }
            }
            FloatStyle::ExponentOnly => self.bits_mask(),
        }
    }

    /// What an overflowing (or infinite) input of the given sign encodes to:
    /// ±inf, NaN, or ±max for saturating formats (see the module docs).
    pub const fn overflow_bits(&self, negative: bool) -> u64 {
        let sign = if negative { self.sign_mask() } else { 0 };
        match self.style {
            FloatStyle::Ieee => sign | (self.exp_all_ones() << self.mantissa_bits),
            FloatStyle::Fn | FloatStyle::Fnuz | FloatStyle::ExponentOnly => self.nan_bits(negative),
            FloatStyle::FiniteOnly => sign | self.max_finite_bits(),
        }
    }

    /// Whether `bits` encodes a NaN.
    pub const fn is_nan_bits(&self, bits: u64) -> bool {
        let bits = bits & self.bits_mask();
        let mag = bits & !self.sign_mask();
        let exp = mag >> self.mantissa_bits;
        let man = mag & self.man_mask();
        match self.style {
            FloatStyle::Ieee => exp == self.exp_all_ones() && man != 0,
            FloatStyle::Fn => exp == self.exp_all_ones() && man == self.man_mask(),
            FloatStyle::Fnuz => bits == self.sign_mask(),
            FloatStyle::FiniteOnly => false,
            FloatStyle::ExponentOnly => bits == self.bits_mask(),
        }
    }

    /// Whether `bits` encodes ±infinity.
    pub const fn is_inf_bits(&self, bits: u64) -> bool {
        let mag = bits & self.bits_mask() & !self.sign_mask();
        matches!(self.style, FloatStyle::Ieee) && mag == self.exp_all_ones() << self.mantissa_bits
    }

    /// Decodes a bit pattern (bits above [`Self::bit_width`] are ignored) to
    /// its exact value.
    pub fn decode(&self, bits: u64) -> f64 {
        if *self == FloatFormat::F64 {
            return f64::from_bits(bits);
        }
        if *self == FloatFormat::F32 {
            return f32::from_bits(bits as u32) as f64;
        }
        let bits = bits & self.bits_mask();
        let negative = bits & self.sign_mask() != 0;
        let m = self.mantissa_bits;
        let mag = bits & !self.sign_mask();
        let exp = mag >> m;
        let man = mag & self.man_mask();
        if self.is_nan_bits(bits) {
            let payload = if matches!(self.style, FloatStyle::Ieee) { man << (52 - m) } else { 0 };
            let sign = if negative && !matches!(self.style, FloatStyle::Fnuz) { 1u64 << 63 } else { 0 };
            return f64::from_bits(sign | 0x7FF8_0000_0000_0000 | payload);
        }
        if self.is_inf_bits(bits) {
            return if negative { f64::NEG_INFINITY } else { f64::INFINITY };
        }
        let magnitude = match self.style {
            FloatStyle::ExponentOnly => pow2(exp as i32 - self.bias),
            _ if exp == 0 => man as f64 * pow2(self.min_exponent() - m as i32),
            _ => ((1u64 << m) | man) as f64 * pow2(exp as i32 - self.bias - m as i32),
        };
        if negative {
            -magnitude
        } else {
            magnitude
        }
    }

    /// Encodes `x`, rounding to nearest, ties to even (see the module docs
    /// for special values).
    pub fn encode(&self, x: f64) -> u64 {
        if *self == FloatFormat::F64 {
            x.to_bits()
        } else if *self == FloatFormat::F32 {
            (x as f32).to_bits() as u64
        } else {
            self.encode_with_tie(x).0
        }
    }

    /// Like [`Self::encode`], also reporting whether `x` lay exactly halfway
    /// between two neighbouring values of the format (so the tie rule was
    /// used). Decimal parsing uses this to break such ties exactly.
    pub fn encode_with_tie(&self, x: f64) -> (u64, bool) {
        let negative = x.is_sign_negative();
        if x.is_nan() {
            if matches!(self.style, FloatStyle::Ieee) && self.mantissa_bits > 0 {
                let payload = (x.to_bits() & ((1u64 << 52) - 1)) >> (52 - self.mantissa_bits);
                return (self.nan_bits(negative) | payload, false);
            }
            return (self.nan_bits(negative), false);
        }
        if x.is_infinite() {
            return (self.overflow_bits(negative), false);
        }
        if x == 0.0 {
            return match self.style {
                FloatStyle::ExponentOnly => (self.nan_bits(false), false),
                FloatStyle::Fnuz => (0, false),
                _ => (if negative { self.sign_mask() } else { 0 }, false),
            };
        }
        if negative && !self.is_signed() {
            return (self.nan_bits(true), false);
        }
        let sign = if negative { self.sign_mask() } else { 0 };

        // |x| = mant * 2^exp2 exactly.
        let xb = x.to_bits();
        let biased = ((xb >> 52) & 0x7FF) as i32;
        let frac = xb & ((1u64 << 52) - 1);
        let (mant, exp2) = if biased == 0 { (frac, -1074) } else { (frac | (1u64 << 52), biased - 1075) };
        let msb = 63 - mant.leading_zeros() as i32;
        let e = exp2 + msb; // floor(log2(|x|))
        let m = self.mantissa_bits as i32;
        let emin = self.min_exponent();
        if !self.has_subnormals() && e < emin {
            // No zero, no subnormals: everything below the minimum goes to it.
            return (0, false);
        }
        // Quantum (weight of the last significand bit) of the result.
        let mut q = if self.has_subnormals() { e.max(emin) - m } else { e - m };
        let shift = q - exp2;
        let (mut n, tie) = if shift <= 0 {
            (mant << (-shift) as u32, false)
        } else if shift >= 64 {
            (0, false) // mant < 2^53 < half a quantum
        } else {
            let rem = mant & ((1u64 << shift) - 1);
            let half = 1u64 << (shift - 1);
            let mut n = mant >> shift;
            let tie = rem == half;
            if rem > half || (tie && n & 1 == 1) {
                n += 1;
            }
            (n, tie)
        };
        if n >> (m + 1) != 0 {
            // Rounding carried into the next binade.
            n >>= 1;
            q += 1;
        }
        if n == 0 {
            let zero = if matches!(self.style, FloatStyle::Fnuz) { 0 } else { sign };
            return (zero, tie);
        }
        if n < (1u64 << m) {
            // Subnormal (q is the minimum quantum here).
            return (sign | n, tie);
        }
        let be = q + m + self.bias;
        let field = n - (1u64 << m);
        if be as i64 > self.max_biased_exponent() as i64
            || (be as u64 == self.max_biased_exponent() && field > self.max_mantissa_at_max_exponent())
        {
            return (self.overflow_bits(negative), tie);
        }
        (sign | ((be as u64) << m) | field, tie)
    }

    /// Rounds `x` to the nearest value of this format (`decode(encode(x))`).
    #[inline]
    pub fn round(&self, x: f64) -> f64 {
        if *self == FloatFormat::F64 {
            x
        } else if *self == FloatFormat::F32 {
            x as f32 as f64
        } else {
            self.decode(self.encode(x))
        }
    }

    /// Whether `x` is exactly a value of this format (NaN counts when the
    /// format has NaN, infinities when it has them).
    pub fn is_representable(&self, x: f64) -> bool {
        if x.is_nan() {
            return self.has_nan();
        }
        let r = self.round(x);
        r.to_bits() == x.to_bits() || (r == x && x != 0.0)
    }
}

/// 2^k as f64, exact for k in −1074..=1023 (0 below, inf above).
#[inline]
pub(crate) fn pow2(k: i32) -> f64 {
    if k >= -1022 {
        if k > 1023 {
            f64::INFINITY
        } else {
            f64::from_bits(((k + 1023) as u64) << 52)
        }
    } else if k >= -1074 {
        f64::from_bits(1u64 << (k + 1074))
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_values(f: FloatFormat) -> Vec<(u64, f64)> {
        (0..(1u64 << f.bit_width())).map(|b| (b, f.decode(b))).collect()
    }

    #[test]
    fn f8e4m3fn_basics() {
        let f = FloatFormat::F8E4M3FN;
        assert_eq!(f.max_finite(), 448.0);
        assert_eq!(f.encode(448.0), 0x7E);
        assert_eq!(f.encode(464.0), 0x7E); // tie -> even (448)
        assert_eq!(f.encode(464.0001), 0x7F); // -> 480 overflows -> NaN
        assert_eq!(f.encode(-1000.0), 0xFF);
        assert_eq!(f.encode(f64::INFINITY), 0x7F);
        assert_eq!(f.encode(f64::NEG_INFINITY), 0xFF);
        assert!(f.decode(0x7F).is_nan());
        assert!(f.decode(0xFF).is_nan() && f.decode(0xFF).is_sign_negative());
        assert_eq!(f.min_positive(), 2f64.powi(-9));
        assert_eq!(f.min_positive_normal(), 2f64.powi(-6));
        assert_eq!(f.encode(-0.0), 0x80);
        assert_eq!(f.decode(0x80).to_bits(), (-0.0f64).to_bits());
        // Subnormals: 2^-9 * k.
        assert_eq!(f.encode(2f64.powi(-9)), 0x01);
        assert_eq!(f.encode(2f64.powi(-10)), 0x00); // tie -> even (0)
        assert_eq!(f.encode(3.0 * 2f64.powi(-10)), 0x02); // tie 1.5 -> 2
        assert_eq!(f.encode(2f64.powi(-10) * 1.0001), 0x01);
        assert_eq!(f.encode(-2f64.powi(-11)), 0x80); // -0
        assert_eq!(f.bit_width(), 8);
    }

    #[test]
    fn f8e5m2_basics() {
        let f = FloatFormat::F8E5M2;
        assert_eq!(f.max_finite(), 57344.0);
        assert_eq!(f.encode(57344.0), 0x7B);
        // Midpoint of 57344 and 65536 ties to even (65536 = inf encoding).
        assert_eq!(f.encode(61440.0), 0x7C);
        assert_eq!(f.encode(61439.0), 0x7B);
        assert_eq!(f.encode(1e10), 0x7C);
        assert_eq!(f.encode(-1e10), 0xFC);
        assert_eq!(f.decode(0x7C), f64::INFINITY);
        assert_eq!(f.nan_bits(false), 0x7E);
        assert_eq!(f.encode(f64::NAN), 0x7E);
        assert_eq!(f.min_positive(), 2f64.powi(-16));
        assert_eq!(f.encode(1.0), 0x3C);
        assert_eq!(f.encode(1.125), 0x3C); // tie -> even
        assert_eq!(f.encode(1.375), 0x3E); // tie -> even (1.5)
    }

    #[test]
    fn fnuz_formats() {
        let f = FloatFormat::F8E4M3FNUZ;
        assert_eq!(f.max_finite(), 240.0);
        assert_eq!(f.encode(f64::NAN), 0x80);
        assert_eq!(f.encode(-f64::NAN), 0x80);
        assert_eq!(f.encode(f64::INFINITY), 0x80);
        assert_eq!(f.encode(-0.0), 0x00);
        assert_eq!(f.encode(-1e-30), 0x00);
        assert_eq!(f.encode(248.0), 0x80); // tie with 256 -> even -> overflow -> NaN
        assert_eq!(f.encode(247.0), 0x7F);
        assert!(f.decode(0x80).is_nan());
        assert_eq!(f.min_positive(), 2f64.powi(-10));
        let g = FloatFormat::F8E5M2FNUZ;
        assert_eq!(g.max_finite(), 57344.0);
        assert_eq!(g.min_positive(), 2f64.powi(-17));
        let b = FloatFormat::F8E4M3B11FNUZ;
        assert_eq!(b.max_finite(), 30.0);
        assert_eq!(b.min_positive_normal(), 2f64.powi(-10));
        assert_eq!(b.min_positive(), 2f64.powi(-13));
        assert_eq!(b.encode(1.0), 11 << 3);
    }

    #[test]
    fn ieee_f8_and_f16() {
        assert_eq!(FloatFormat::F8E4M3.max_finite(), 240.0);
        assert_eq!(FloatFormat::F8E3M4.max_finite(), 15.5);
        assert_eq!(FloatFormat::F16.max_finite(), 65504.0);
        assert_eq!(FloatFormat::BF16.max_finite(), f32::from_bits(0x7F7F0000) as f64);
        assert_eq!(FloatFormat::F16.encode(65520.0), 0x7C00); // tie -> inf
        assert_eq!(FloatFormat::F16.encode(65519.99), 0x7BFF);
        assert_eq!(FloatFormat::TF32.bit_width(), 19);
        assert_eq!(FloatFormat::TF32.encode(1.0), 127 << 10);
    }

    #[test]
    fn e8m0() {
        let f = FloatFormat::F8E8M0FNU;
        assert_eq!(f.bit_width(), 8);
        assert_eq!(f.encode(1.0), 127);
        assert_eq!(f.decode(0), 2f64.powi(-127));
        assert_eq!(f.decode(254), 2f64.powi(127));
        assert!(f.decode(255).is_nan());
        assert_eq!(f.encode(0.0), 0xFF);
        assert_eq!(f.encode(-1.0), 0xFF);
        assert_eq!(f.encode(1.5), 128); // tie rounds up (significand 1 is odd)
        assert_eq!(f.encode(1.49), 127);
        assert_eq!(f.encode(3.0), 129);
        assert_eq!(f.encode(1e-300), 0);
        assert_eq!(f.encode(2f64.powi(127) * 1.5), 0xFF); // rounds to 2^128 -> NaN
        assert_eq!(f.encode(2f64.powi(127) * 1.4), 254);
        assert_eq!(f.encode(f64::INFINITY), 0xFF);
        assert_eq!(f.max_finite(), 2f64.powi(127));
    }

    #[test]
    fn mx_finite_only() {
        let f4 = FloatFormat::F4E2M1FN;
        let pos: Vec<f64> = (0..8).map(|b| f4.decode(b)).collect();
        assert_eq!(pos, vec![0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0]);
        assert_eq!(f4.decode(0xF), -6.0);
        assert_eq!(f4.encode(100.0), 0x7);
        assert_eq!(f4.encode(f64::NEG_INFINITY), 0xF);
        assert_eq!(f4.encode(5.0), 0x6); // tie 4|6 -> even mantissa (4)
        assert_eq!(f4.encode(2.5), 0x4); // tie 2|3 -> 2
        assert_eq!(f4.encode(0.25), 0x0); // tie 0|0.5 -> 0
        assert_eq!(f4.encode(0.75), 0x2); // tie 0.5|1 -> 1
        assert_eq!(f4.encode(f64::NAN), 0x8);
        assert_eq!(f4.encode(-f64::NAN), 0x0);
        assert_eq!(FloatFormat::F6E2M3FN.max_finite(), 7.5);
        assert_eq!(FloatFormat::F6E2M3FN.min_positive(), 0.125);
        assert_eq!(FloatFormat::F6E3M2FN.max_finite(), 28.0);
        assert_eq!(FloatFormat::F6E3M2FN.min_positive(), 0.0625);
        assert_eq!(FloatFormat::F6E3M2FN.encode(1000.0), 0x1F);
    }

    /// Overflow, subnormal, tie and special-value behaviour of every format.
    #[test]
    fn edge_cases_of_every_format() {
        #[derive(Debug, Clone, Copy, PartialEq)]
        enum Over {
            Inf,
            NaN,
            Saturate,
        }
        let p = |k: i32| 2f64.powi(k);
        // (format, max finite, smallest positive, overflow result)
        let table = [
            (FloatFormat::F16, 65504.0, p(-24), Over::Inf),
            (FloatFormat::BF16, (2.0 - p(-7)) * p(127), p(-133), Over::Inf),
            (FloatFormat::F32, f32::MAX as f64, p(-149), Over::Inf),
            (FloatFormat::TF32, (2.0 - p(-10)) * p(127), p(-136), Over::Inf),
            (FloatFormat::F8E4M3FN, 448.0, p(-9), Over::NaN),
            (FloatFormat::F8E5M2, 57344.0, p(-16), Over::Inf),
            (FloatFormat::F8E4M3FNUZ, 240.0, p(-10), Over::NaN),
            (FloatFormat::F8E5M2FNUZ, 57344.0, p(-17), Over::NaN),
            (FloatFormat::F8E4M3B11FNUZ, 30.0, p(-13), Over::NaN),
            (FloatFormat::F8E3M4, 15.5, p(-6), Over::Inf),
            (FloatFormat::F8E4M3, 240.0, p(-9), Over::Inf),
            (FloatFormat::F6E2M3FN, 7.5, 0.125, Over::Saturate),
            (FloatFormat::F6E3M2FN, 28.0, 0.0625, Over::Saturate),
            (FloatFormat::F4E2M1FN, 6.0, 0.5, Over::Saturate),
        ];
        for (f, max, tiny, over) in table {
            let name = format!("{f:?}");
            assert_eq!(f.max_finite(), max, "{name}");
            assert_eq!(f.min_positive(), tiny, "{name}");
            let ulp1 = p(-(f.mantissa_bits as i32));
            for s in [1.0, -1.0] {
                // Largest value and values just above it.
                assert_eq!(f.round(s * max), s * max, "{name}");
                assert_eq!(f.round(s * max * (1.0 + ulp1 / 8.0)), s * max, "{name}");
                let o = f.round(s * max * 2.0);
                match over {
                    Over::Inf => assert_eq!(o, s * f64::INFINITY, "{name}"),
                    Over::NaN => assert!(o.is_nan(), "{name}"),
                    Over::Saturate => assert_eq!(o, s * max, "{name}"),
                }
                let inf = f.round(s * f64::INFINITY);
                match over {
                    Over::Inf => assert_eq!(inf, s * f64::INFINITY, "{name}"),
                    Over::NaN => assert!(inf.is_nan(), "{name}"),
                    Over::Saturate => assert_eq!(inf, s * max, "{name}"),
                }
                // Subnormals: the smallest value, ties to even at 0.5 and 1.5.
                assert_eq!(f.round(s * tiny), s * tiny, "{name}");
                assert_eq!(f.round(s * tiny * 0.75), s * tiny, "{name}");
                assert_eq!(f.round(s * tiny * 0.5), 0.0, "{name}");
                assert_eq!(f.round(s * tiny * 0.25), 0.0, "{name}");
                assert_eq!(f.round(s * tiny * 1.5), s * 2.0 * tiny, "{name}");
                assert_eq!(f.round(s * tiny * 2.5), s * 2.0 * tiny, "{name}");
                // Normal ties to even around 1.
                assert_eq!(f.round(s * (1.0 + ulp1 / 2.0)), s, "{name}");
                assert_eq!(f.round(s * (1.0 + 1.5 * ulp1)), s * (1.0 + 2.0 * ulp1), "{name}");
                assert_eq!(f.round(s * (1.0 + ulp1 / 2.0) * (1.0 + 1e-9)), s * (1.0 + ulp1), "{name}");
            }
            // Sign of zero (also of an underflowed negative value).
            let neg_zero = f.round(-0.0);
            let underflow = f.round(-tiny / 4.0);
            if f.has_negative_zero() {
                assert!(neg_zero.is_sign_negative() && underflow.is_sign_negative(), "{name}");
            } else {
                assert!(neg_zero.is_sign_positive() && underflow.is_sign_positive(), "{name}");
            }
            // NaN.
            let nan = f.round(f64::NAN);
            if f.has_nan() {
                assert!(nan.is_nan(), "{name}");
            } else {
                assert_eq!(nan, 0.0, "{name}");
                assert!(nan.is_sign_negative(), "{name}: ml_dtypes maps +NaN to -0");
            }
        }
        // f64 itself: identity.
        assert_eq!(FloatFormat::F64.round(0.1), 0.1);
        assert_eq!(FloatFormat::F64.min_positive(), 5e-324);
        assert_eq!(FloatFormat::F64.max_finite(), f64::MAX);
    }

    #[test]
    fn roundtrip_all_small_formats() {
        for f in [
            FloatFormat::F8E5M2,
            FloatFormat::F8E4M3,
            FloatFormat::F8E3M4,
            FloatFormat::F8E4M3FN,
            FloatFormat::F8E4M3FNUZ,
            FloatFormat::F8E5M2FNUZ,
            FloatFormat::F8E4M3B11FNUZ,
            FloatFormat::F8E8M0FNU,
            FloatFormat::F6E2M3FN,
            FloatFormat::F6E3M2FN,
            FloatFormat::F4E2M1FN,
            FloatFormat::F16,
            FloatFormat::BF16,
        ] {
            for (b, v) in all_values(f) {
                let back = f.encode(v);
                if f.is_nan_bits(b) {
                    assert!(f.is_nan_bits(back), "{f:?} {b:#x}");
                } else if matches!(f.style, FloatStyle::Fnuz) && b == 0 {
                    assert_eq!(back, 0);
                } else if matches!(f.style, FloatStyle::Ieee) && f.is_nan_bits(b) {
                } else {
                    assert_eq!(back, b, "{f:?} {b:#x} {v}");
                }
            }
        }
    }

    /// Brute-force reference: the nearest representable finite value, ties to
    /// the one with an even significand (the even bit pattern).
    fn reference_round(f: FloatFormat, x: f64) -> Option<f64> {
        let mut best: Option<(f64, u64)> = None;
        for (b, v) in all_values(f) {
            if !v.is_finite() {
                continue;
            }
            match best {
                None => best = Some((v, b)),
                Some((bv, bb)) => {
                    let (d, bd) = ((v - x).abs(), (bv - x).abs());
                    if d < bd || (d == bd && b & 1 == 0 && bb & 1 == 1) {
                        best = Some((v, b));
                    }
                }
            }
        }
        best.map(|(v, _)| v)
    }

    #[test]
    fn matches_brute_force_in_range() {
        for f in [
            FloatFormat::F8E5M2,
            FloatFormat::F8E4M3FN,
            FloatFormat::F8E4M3FNUZ,
            FloatFormat::F8E4M3B11FNUZ,
            FloatFormat::F8E3M4,
            FloatFormat::F6E2M3FN,
            FloatFormat::F6E3M2FN,
            FloatFormat::F4E2M1FN,
        ] {
            let max = f.max_finite();
            let mut x = f.min_positive() / 8.0;
            while x < max {
                for s in [1.0, -1.0] {
                    let v = s * x;
                    let got = f.decode(f.encode(v));
                    let want = reference_round(f, v).unwrap();
                    assert!(got == want, "{f:?}: round({v}) = {got}, want {want}");
                }
                x *= 1.0 + 1.0 / 37.0;
            }
        }
    }

    #[test]
    fn f16_matches_half_crate() {
        let mut s = 0x1234_5678_9abc_def0u64;
        for _ in 0..200_000 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let x = f32::from_bits(s as u32);
            if x.is_nan() {
                continue;
            }
            assert_eq!(FloatFormat::F16.encode(x as f64) as u16, half::f16::from_f32(x).to_bits(), "{x}");
            assert_eq!(FloatFormat::BF16.encode(x as f64) as u16, half::bf16::from_f32(x).to_bits(), "{x}");
        }
    }

    #[test]
    fn f32_generic_path_matches_hardware() {
        let mut s = 0x9E37_79B9_7F4A_7C15u64;
        let generic = FloatFormat::new(8, 23, 127, FloatStyle::Ieee);
        for _ in 0..200_000 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let x = f64::from_bits(s);
            if x.is_nan() {
                continue;
            }
            // `encode_with_tie` has no f32 fast path: compare the generic
            // algorithm with the hardware conversion.
            let (bits, _) = generic.encode_with_tie(x);
            assert_eq!(bits as u32, (x as f32).to_bits(), "{x:e}");
        }
    }
}
