//! Float formatting and decimal conversion with the exact semantics of LLVM's `APFloat`
//! (MLIR's `printFloatValue` and `APFloat(semantics, "text")`).
//!
//! MLIR prints a float attribute as follows:
//! 1. NaN and infinity print as the hexadecimal bit pattern (`0x7FC00000`).
//! 2. Otherwise `APFloat::toString(precision = 6, padding = 0, truncateZero = false)` gives an
//!    exponent form with 6 digits after the point (`1.000000e+00`, `3.141590e+00`); if parsing it
//!    back into the same type gives the same bits, that is the output.
//! 3. Otherwise the default `APFloat::toString()` (enough digits to round-trip: `2 + p*59/196`
//!    significant digits for a `p`-bit significand, plain notation unless the exponent is far:
//!    `0.33333333333333331`, `1.7976931348623157E+308`, `9.99999974E-5`) if it contains a `.`,
//!    else the hexadecimal bit pattern (`16777217.0 : f64` prints `0x4170000010000000`).
//!
//! `APFloat::toString` is reproduced digit for digit, including its quirk of truncating (not
//! rounding) low decimal digits before rounding to the requested precision (`0.1 : f16` prints
//! `9.997550e-02`, not `9.997559e-02`). Every [`FloatKind`] is supported, including `f80` (x87,
//! explicit integer bit), `f128` and the f8/f6/f4 families with their NaN/infinity conventions.

use crate::attributes::FloatBits;
use crate::types::FloatKind;

// ----- semantics -----

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum NonFinite {
    Ieee754,
    NanOnly,
    FiniteOnly,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum NanEncoding {
    Ieee,
    AllOnes,
    NegativeZero,
}

/// LLVM's `fltSemantics` for a [`FloatKind`].
#[derive(Copy, Clone, Debug)]
struct Semantics {
    max_exp: i32,
    min_exp: i32,
    /// Significand bits including the integer bit.
    precision: u32,
    size_bits: u32,
    non_finite: NonFinite,
    nan_encoding: NanEncoding,
    has_zero: bool,
    signed: bool,
}

const fn sem(max_exp: i32, min_exp: i32, precision: u32, size_bits: u32) -> Semantics {
    Semantics {
        max_exp,
        min_exp,
        precision,
        size_bits,
        non_finite: NonFinite::Ieee754,
        nan_encoding: NanEncoding::Ieee,
        has_zero: true,
        signed: true,
    }
}

const fn with(s: Semantics, non_finite: NonFinite, nan_encoding: NanEncoding) -> Semantics {
    Semantics { non_finite, nan_encoding, ..s }
}

fn semantics(kind: FloatKind) -> Semantics {
    use FloatKind::*;
    use NanEncoding as E;
    use NonFinite as N;
    match kind {
        F16 => sem(15, -14, 11, 16),
        BF16 => sem(127, -126, 8, 16),
        F32 => sem(127, -126, 24, 32),
        F64 => sem(1023, -1022, 53, 64),
        F80 => sem(16383, -16382, 64, 80),
        F128 => sem(16383, -16382, 113, 128),
        TF32 => sem(127, -126, 11, 19),
        F8E5M2 => sem(15, -14, 3, 8),
        F8E5M2FNUZ => with(sem(15, -15, 3, 8), N::NanOnly, E::NegativeZero),
        F8E4M3 => sem(7, -6, 4, 8),
        F8E4M3FN => with(sem(8, -6, 4, 8), N::NanOnly, E::AllOnes),
        F8E4M3FNUZ => with(sem(7, -7, 4, 8), N::NanOnly, E::NegativeZero),
        F8E4M3B11FNUZ => with(sem(4, -10, 4, 8), N::NanOnly, E::NegativeZero),
        F8E3M4 => sem(3, -2, 5, 8),
        F8E8M0FNU => Semantics { has_zero: false, signed: false, ..with(sem(127, -127, 1, 8), N::NanOnly, E::AllOnes) },
        F6E3M2FN => with(sem(4, -2, 3, 6), N::FiniteOnly, E::Ieee),
        F6E2M3FN => with(sem(2, 0, 4, 6), N::FiniteOnly, E::Ieee),
        F4E2M1FN => with(sem(2, 0, 2, 4), N::FiniteOnly, E::Ieee),
    }
}

impl Semantics {
    /// `exponentNaN()`: the exponent APFloat uses for NaN in this semantics.
    fn exponent_nan(&self) -> i32 {
        if self.non_finite == NonFinite::NanOnly {
            if self.nan_encoding == NanEncoding::NegativeZero {
                return self.min_exp - 1;
            }
            if self.signed {
                return self.max_exp;
            }
        }
        self.max_exp + 1
    }
}

/// A decoded float: category, sign, and for finite non-zero values the exponent and the
/// `precision`-bit significand (APFloat's internal representation: denormals have
/// `exp == min_exp` and no integer bit).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Decoded {
    Zero { neg: bool },
    Inf { neg: bool },
    NaN,
    Normal { neg: bool, exp: i32, sig: u128 },
}

fn mask(bits: u32) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

fn decode(bits: u128, kind: FloatKind) -> Decoded {
    let s = semantics(kind);
    let bits = bits & mask(s.size_bits);
    match kind {
        FloatKind::F80 => {
            let sig = (bits & mask(64)) as u64;
            let e = ((bits >> 64) & 0x7fff) as i32;
            let neg = (bits >> 79) & 1 == 1;
            let int_bit = sig >> 63 == 1;
            if e == 0 && sig == 0 {
                Decoded::Zero { neg }
            } else if e == 0x7fff && sig == 1 << 63 {
                Decoded::Inf { neg }
            } else if e == 0x7fff || (e != 0 && !int_bit) {
                Decoded::NaN
            } else {
                let exp = if e == 0 { -16382 } else { e - 16383 };
                Decoded::Normal { neg, exp, sig: sig as u128 }
            }
        }
        FloatKind::F8E8M0FNU => {
            if bits == 0xff {
                Decoded::NaN
            } else {
                Decoded::Normal { neg: false, exp: bits as i32 - 127, sig: 1 }
            }
        }
        _ => {
            let trailing = s.precision - 1;
            let exp_bits = s.size_bits - 1 - trailing;
            let bias = -(s.min_exp - 1);
            let sig = bits & mask(trailing);
            let myexp = ((bits >> trailing) & mask(exp_bits)) as i32;
            let neg = (bits >> (s.size_bits - 1)) & 1 == 1;
            let is_zero = myexp == 0 && sig == 0;
            if s.non_finite == NonFinite::Ieee754 && myexp - bias == s.max_exp + 1 && sig == 0 {
                return Decoded::Inf { neg };
            }
            let is_nan = match s.nan_encoding {
                NanEncoding::Ieee => myexp - bias == s.exponent_nan() && sig != 0,
                NanEncoding::AllOnes => myexp - bias == s.exponent_nan() && sig == mask(trailing),
                NanEncoding::NegativeZero => is_zero && neg,
            };
            if is_nan {
                Decoded::NaN
            } else if is_zero {
                Decoded::Zero { neg }
            } else if myexp == 0 {
                Decoded::Normal { neg, exp: s.min_exp, sig }
            } else {
                Decoded::Normal { neg, exp: myexp - bias, sig: sig | (1u128 << trailing) }
            }
        }
    }
}

/// Encode a decoded value (as produced by rounding) into the bit pattern of `kind`.
fn encode(d: Decoded, kind: FloatKind) -> u128 {
    let s = semantics(kind);
    let size = s.size_bits;
    let sign_bit = |neg: bool| if neg && s.signed { 1u128 << (size - 1) } else { 0 };
    match kind {
        FloatKind::F80 => match d {
            Decoded::Zero { neg } => sign_bit(neg),
            Decoded::Inf { neg } => sign_bit(neg) | (0x7fffu128 << 64) | (1u128 << 63),
            Decoded::NaN => (0x7fffu128 << 64) | (3u128 << 62),
            Decoded::Normal { neg, exp, sig } => {
                let e = if sig >> 63 == 0 { 0 } else { (exp + 16383) as u128 };
                sign_bit(neg) | (e << 64) | (sig & mask(64))
            }
        },
        FloatKind::F8E8M0FNU => match d {
            Decoded::Normal { exp, .. } => ((exp + 127) as u128) & 0xff,
            _ => 0xff,
        },
        _ => {
            let trailing = s.precision - 1;
            let exp_bits = size - 1 - trailing;
            let bias = -(s.min_exp - 1);
            match d {
                Decoded::Zero { neg } => {
                    if s.nan_encoding == NanEncoding::NegativeZero {
                        0
                    } else {
                        sign_bit(neg)
                    }
                }
                Decoded::Inf { neg } => match s.non_finite {
                    NonFinite::Ieee754 => sign_bit(neg) | (mask(exp_bits) << trailing),
                    _ => encode(Decoded::NaN, kind) | sign_bit(neg),
                },
                Decoded::NaN => match s.nan_encoding {
                    NanEncoding::NegativeZero => 1u128 << (size - 1),
                    NanEncoding::AllOnes => mask(size - 1),
                    NanEncoding::Ieee => {
                        if s.non_finite == NonFinite::FiniteOnly {
                            mask(size - 1)
                        } else {
                            (mask(exp_bits) << trailing) | (1u128 << (trailing.saturating_sub(1)))
                        }
                    }
                },
                Decoded::Normal { neg, exp, sig } => {
                    let denormal = (sig >> trailing) & 1 == 0;
                    let e = if denormal { 0 } else { (exp + bias) as u128 };
                    sign_bit(neg) | ((e & mask(exp_bits)) << trailing) | (sig & mask(trailing))
                }
            }
        }
    }
}

// ----- a small unsigned bignum (little-endian u32 limbs) -----

#[derive(Clone, Debug, PartialEq, Eq)]
struct Big(Vec<u32>);

impl Big {
    fn from_u128(mut v: u128) -> Big {
        let mut l = Vec::new();
        while v != 0 {
            l.push(v as u32);
            v >>= 32;
        }
        Big(l)
    }
    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }
    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }
    fn bit_len(&self) -> u64 {
        match self.0.last() {
            None => 0,
            Some(&top) => (self.0.len() as u64 - 1) * 32 + (32 - top.leading_zeros() as u64),
        }
    }
    fn is_odd(&self) -> bool {
        self.0.first().map(|l| l & 1 == 1).unwrap_or(false)
    }
    fn to_u128(&self) -> Option<u128> {
        if self.0.len() > 4 {
            return None;
        }
        let mut v = 0u128;
        for (i, l) in self.0.iter().enumerate() {
            v |= (*l as u128) << (32 * i);
        }
        Some(v)
    }
    fn mul_small(&mut self, m: u32) {
        let mut carry = 0u64;
        for l in self.0.iter_mut() {
            let v = *l as u64 * m as u64 + carry;
            *l = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
        if m == 0 {
            self.0.clear();
        }
    }
    fn add_small(&mut self, a: u32) {
        let mut carry = a as u64;
        for l in self.0.iter_mut() {
            if carry == 0 {
                break;
            }
            let v = *l as u64 + carry;
            *l = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }
    /// Divide in place by a small divisor, returning the remainder.
    fn divrem_small(&mut self, d: u32) -> u32 {
        let mut rem = 0u64;
        for l in self.0.iter_mut().rev() {
            let cur = (rem << 32) | *l as u64;
            *l = (cur / d as u64) as u32;
            rem = cur % d as u64;
        }
        self.trim();
        rem as u32
    }
    fn mul_pow5(&mut self, mut e: u32) {
        const P13: u32 = 1_220_703_125; // 5^13
        while e >= 13 {
            self.mul_small(P13);
            e -= 13;
        }
        if e > 0 {
            self.mul_small(5u32.pow(e));
        }
    }
    fn pow5(e: u32) -> Big {
        let mut b = Big(vec![1]);
        b.mul_pow5(e);
        b
    }
    fn div_pow10(&mut self, mut e: u32) {
        while e >= 9 {
            self.divrem_small(1_000_000_000);
            e -= 9;
        }
        if e > 0 {
            self.divrem_small(10u32.pow(e));
        }
    }
    fn shl(&mut self, n: u64) {
        if self.is_zero() {
            return;
        }
        let limbs = (n / 32) as usize;
        let bits = (n % 32) as u32;
        if bits != 0 {
            let mut carry = 0u32;
            for l in self.0.iter_mut() {
                let v = (*l << bits) | carry;
                carry = *l >> (32 - bits);
                *l = v;
            }
            if carry != 0 {
                self.0.push(carry);
            }
        }
        if limbs > 0 {
            let mut v = vec![0u32; limbs];
            v.extend_from_slice(&self.0);
            self.0 = v;
        }
    }
    fn cmp(&self, o: &Big) -> std::cmp::Ordering {
        self.0.len().cmp(&o.0.len()).then_with(|| self.0.iter().rev().cmp(o.0.iter().rev()))
    }
    fn sub_assign(&mut self, o: &Big) {
        let mut borrow = 0i64;
        for i in 0..self.0.len() {
            let b = *o.0.get(i).unwrap_or(&0) as i64;
            let mut v = self.0[i] as i64 - b - borrow;
            if v < 0 {
                v += 1 << 32;
                borrow = 1;
            } else {
                borrow = 0;
            }
            self.0[i] = v as u32;
        }
        self.trim();
    }
    /// `(self / d, self % d)` by shift-and-subtract long division.
    fn divrem(&self, d: &Big) -> (Big, Big) {
        if self.cmp(d) == std::cmp::Ordering::Less {
            return (Big(vec![]), self.clone());
        }
        if d.0.len() == 1 {
            let mut q = self.clone();
            let r = q.divrem_small(d.0[0]);
            return (q, Big::from_u128(r as u128));
        }
        let n = self.bit_len();
        let mut q = Big(vec![0; self.0.len()]);
        let mut r = Big(vec![]);
        for i in (0..n).rev() {
            r.shl(1);
            if (self.0[(i / 32) as usize] >> (i % 32)) & 1 == 1 {
                if r.0.is_empty() {
                    r.0.push(1);
                } else {
                    r.0[0] |= 1;
                }
            }
            if r.cmp(d) != std::cmp::Ordering::Less {
                r.sub_assign(d);
                q.0[(i / 32) as usize] |= 1 << (i % 32);
            }
        }
        q.trim();
        (q, r)
    }
}

// ----- APFloat::toString -----

fn ap_to_string(d: Decoded, s: &Semantics, mut format_precision: u32, max_padding: u32, truncate_zero: bool) -> String {
    let mut out = String::new();
    let (neg, exp, sig) = match d {
        Decoded::Inf { neg } => return if neg { "-Inf".into() } else { "+Inf".into() },
        Decoded::NaN => return "NaN".into(),
        Decoded::Zero { neg } => {
            if neg {
                out.push('-');
            }
            if max_padding == 0 {
                if truncate_zero {
                    out.push_str("0.0E+0");
                } else {
                    out.push_str("0.0");
                    for _ in 1..format_precision.max(1) {
                        out.push('0');
                    }
                    out.push_str("e+00");
                }
            } else {
                out.push('0');
            }
            return out;
        }
        Decoded::Normal { neg, exp, sig } => (neg, exp, sig),
    };
    if neg {
        out.push('-');
    }
    let p = s.precision;
    if format_precision == 0 {
        format_precision = 2 + p * 59 / 196;
    }
    let mut exp: i64 = exp as i64 - (p as i64 - 1);
    // Ignore trailing binary zeros.
    let tz = if sig == 0 { 0 } else { sig.trailing_zeros() };
    exp += tz as i64;
    let sig = if tz >= 128 { 0 } else { sig >> tz };
    let mut big = Big::from_u128(sig);
    if exp > 0 {
        big.shl(exp as u64);
        exp = 0;
    } else if exp < 0 {
        big.mul_pow5((-exp) as u32);
    }
    // AdjustToPrecision on the integer: drop decimal digits by truncating division.
    let bits = big.bit_len();
    let bits_required = (format_precision as u64 * 196).div_ceil(59);
    if bits > bits_required {
        let tens = (bits - bits_required) * 59 / 196;
        if tens > 0 {
            exp += tens as i64;
            big.div_pow10(tens as u32);
        }
    }
    // Fill the digit buffer (least significant first), dropping trailing zeros.
    let mut buffer: Vec<u8> = Vec::new();
    let mut in_trail = true;
    while !big.is_zero() {
        let d = big.divrem_small(10) as u8;
        if in_trail && d == 0 {
            exp += 1;
        } else {
            buffer.push(b'0' + d);
            in_trail = false;
        }
    }
    if buffer.is_empty() {
        buffer.push(b'0');
    }
    // AdjustToPrecision on the digits: round half up.
    let n = buffer.len();
    if n > format_precision as usize {
        let mut first = n - format_precision as usize;
        if buffer[first - 1] < b'5' {
            while first < n && buffer[first] == b'0' {
                first += 1;
            }
            exp += first as i64;
            buffer.drain(..first);
        } else {
            let mut i = first;
            while i != n {
                if buffer[i] == b'9' {
                    first += 1;
                    i += 1;
                } else {
                    buffer[i] += 1;
                    break;
                }
            }
            if first == n {
                exp += first as i64;
                buffer.clear();
                buffer.push(b'1');
            } else {
                exp += first as i64;
                buffer.drain(..first);
            }
        }
    }
    let nd = buffer.len();
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
    let digit = |i: usize| buffer[i] as char;
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
        if !truncate_zero && format_precision as usize > nd - 1 {
            for _ in 0..(format_precision as usize - nd + 1) {
                out.push('0');
            }
        }
        out.push(if truncate_zero { 'E' } else { 'e' });
        out.push(if exp >= 0 { '+' } else { '-' });
        let e = exp.unsigned_abs();
        if !truncate_zero && e < 10 {
            out.push('0');
        }
        out.push_str(&e.to_string());
        return out;
    }
    if exp >= 0 {
        for i in 0..nd {
            out.push(digit(nd - 1 - i));
        }
        for _ in 0..exp {
            out.push('0');
        }
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
        for _ in 1..(1 + (-whole) as usize) {
            out.push('0');
        }
    }
    while i != nd {
        out.push(digit(nd - i - 1));
        i += 1;
    }
    out
}

// ----- conversion from exact values (decimal strings, other floats) -----

/// Round `num / den * 2^exp2` to the nearest value of `s` (ties to even), as APFloat's
/// `convertFromString` / `convert` with `rmNearestTiesToEven` do.
fn round_rational(neg: bool, num: &Big, den: &Big, exp2: i64, s: &Semantics) -> Decoded {
    let neg = neg && s.signed;
    if num.is_zero() {
        if !s.has_zero {
            return Decoded::Normal { neg: false, exp: s.min_exp, sig: 1 };
        }
        return Decoded::Zero { neg: neg && s.nan_encoding != NanEncoding::NegativeZero };
    }
    // floor(log2(num/den)) + exp2
    let mut e = num.bit_len() as i64 - den.bit_len() as i64;
    let ge = |e: i64| -> bool {
        // num/den >= 2^e ?
        if e >= 0 {
            let mut d = den.clone();
            d.shl(e as u64);
            num.cmp(&d) != std::cmp::Ordering::Less
        } else {
            let mut n = num.clone();
            n.shl((-e) as u64);
            n.cmp(den) != std::cmp::Ordering::Less
        }
    };
    if !ge(e) {
        e -= 1;
    }
    let p = s.precision as i64;
    let log2 = e + exp2;
    let q = log2.max(s.min_exp as i64) - (p - 1); // exponent of the last significand bit
    let shift = q - exp2; // value / 2^q = num / den / 2^shift
    let (mut sig, rem, divisor) = if shift >= 0 {
        let mut d = den.clone();
        d.shl(shift as u64);
        let (qq, r) = num.divrem(&d);
        (qq, r, d)
    } else {
        let mut n = num.clone();
        n.shl((-shift) as u64);
        let (qq, r) = n.divrem(den);
        (qq, r, den.clone())
    };
    let mut twice = rem.clone();
    twice.shl(1);
    match twice.cmp(&divisor) {
        std::cmp::Ordering::Greater => sig.add_small(1),
        std::cmp::Ordering::Equal if sig.is_odd() => sig.add_small(1),
        _ => {}
    }
    let mut q = q;
    let mut sig = sig.to_u128().unwrap_or(u128::MAX);
    if p < 128 && sig >> p != 0 {
        sig >>= 1;
        q += 1;
    }
    if sig == 0 {
        if !s.has_zero {
            return Decoded::Normal { neg: false, exp: s.min_exp, sig: 1 };
        }
        return Decoded::Zero { neg: neg && s.nan_encoding != NanEncoding::NegativeZero };
    }
    let normal = (sig >> (p - 1)) & 1 == 1;
    let exp = if normal { q + p - 1 } else { s.min_exp as i64 };
    let overflow = exp > s.max_exp as i64
        || (s.non_finite == NonFinite::NanOnly
            && s.nan_encoding == NanEncoding::AllOnes
            && exp == s.max_exp as i64
            && sig == mask(p as u32)
            && p > 1);
    if overflow {
        return match s.non_finite {
            NonFinite::Ieee754 => Decoded::Inf { neg },
            NonFinite::NanOnly => Decoded::NaN,
            NonFinite::FiniteOnly => Decoded::Normal { neg, exp: s.max_exp, sig: mask(p as u32) },
        };
    }
    Decoded::Normal { neg, exp: exp as i32, sig }
}

/// Parse a decimal floating-point literal (`[-+]?digits[.digits][(e|E)[-+]?digits]`).
fn parse_decimal(text: &str) -> Option<(bool, Big, i64)> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut neg = false;
    if i < b.len() && (b[i] == b'-' || b[i] == b'+') {
        neg = b[i] == b'-';
        i += 1;
    }
    let mut digits = Big(vec![]);
    let mut exp10: i64 = 0;
    let mut any = false;
    let mut seen_dot = false;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_digit() {
            digits.mul_small(10);
            digits.add_small((c - b'0') as u32);
            if seen_dot {
                exp10 -= 1;
            }
            any = true;
        } else if c == b'.' && !seen_dot {
            seen_dot = true;
        } else {
            break;
        }
        i += 1;
    }
    if !any {
        return None;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        let mut eneg = false;
        if i < b.len() && (b[i] == b'-' || b[i] == b'+') {
            eneg = b[i] == b'-';
            i += 1;
        }
        let start = i;
        let mut e: i64 = 0;
        while i < b.len() && b[i].is_ascii_digit() {
            e = (e * 10 + (b[i] - b'0') as i64).min(1 << 40);
            i += 1;
        }
        if i == start {
            return None;
        }
        exp10 += if eneg { -e } else { e };
    }
    if i != b.len() {
        return None;
    }
    Some((neg, digits, exp10))
}

fn round_decimal(neg: bool, digits: &Big, exp10: i64, s: &Semantics) -> Decoded {
    if digits.is_zero() {
        return round_rational(neg, digits, &Big(vec![1]), 0, s);
    }
    // Clamp absurd exponents: anything beyond these overflows/underflows every format.
    let exp10 = exp10.clamp(-20000, 20000);
    if exp10 >= 0 {
        let mut n = digits.clone();
        n.mul_pow5(exp10 as u32);
        round_rational(neg, &n, &Big(vec![1]), exp10, s)
    } else {
        let den = Big::pow5((-exp10) as u32);
        round_rational(neg, digits, &den, exp10, s)
    }
}

/// Convert a decimal literal such as `0.1`, `-2.5e-3` or `1e10` to a value of `kind` exactly as
/// MLIR's parser does: the literal is read as an `f64` (correctly rounded), then converted to
/// `kind` (round to nearest, ties to even). So `0.1 : f80` holds the `f64` nearest to 0.1, and
/// `1.0e4000 : f80` is infinity. Hexadecimal bit patterns (`0x7FC00000`) are not accepted here:
/// they are raw bits. Returns `None` if `text` is not a decimal literal.
pub fn parse_float_decimal(text: &str, kind: FloatKind) -> Option<FloatBits> {
    if !is_decimal(text) {
        return None;
    }
    let v: f64 = text.parse().ok()?;
    Some(f64_to_float_bits(v, kind))
}

/// Convert a decimal literal to the nearest value of `kind` directly (no intermediate `f64`),
/// as LLVM's `APFloat(semantics, text)` does.
pub fn parse_float_exact(text: &str, kind: FloatKind) -> Option<FloatBits> {
    let (neg, digits, exp10) = parse_decimal(text)?;
    let s = semantics(kind);
    Some(FloatBits(encode(round_decimal(neg, &digits, exp10, &s), kind)))
}

fn is_decimal(text: &str) -> bool {
    parse_decimal(text).is_some()
}

/// Convert an `f64` value to the nearest value of `kind` (ties to even; NaN stays NaN, overflow
/// gives infinity, or NaN for types without infinity). Exact when the value is representable.
/// One codec for the whole IR: [`crate::floatfmt::encode_f64`] (f32/f64 keep NaN payloads).
pub fn f64_to_float_bits(value: f64, kind: FloatKind) -> FloatBits {
    match kind {
        FloatKind::F64 => FloatBits(value.to_bits() as u128),
        FloatKind::F32 => FloatBits((value as f32).to_bits() as u128),
        _ => FloatBits(crate::floatfmt::encode_f64(kind, value)),
    }
}

/// The value of a float bit pattern as an `f64` ([`crate::floatfmt::decode_to_f64`]).
pub fn float_bits_to_f64(bits: FloatBits, kind: FloatKind) -> f64 {
    match kind {
        FloatKind::F64 => f64::from_bits(bits.0 as u64),
        FloatKind::F32 => f32::from_bits(bits.0 as u32) as f64,
        _ => crate::floatfmt::decode_to_f64(kind, bits.0),
    }
}

/// Hexadecimal bit pattern as APInt prints it in C-literal form: `0x` + uppercase digits, no
/// leading zeros.
fn hex_bits(bits: u128, kind: FloatKind) -> String {
    let bits = bits & mask(semantics(kind).size_bits);
    format!("0x{:X}", bits)
}

/// Like [`format_float`], also telling whether the hexadecimal form was used (MLIR then always
/// prints the attribute's type, even for `f64` in arrays).
pub fn format_float_ext(bits: FloatBits, kind: FloatKind) -> (String, bool) {
    let s = semantics(kind);
    let d = decode(bits.0, kind);
    if matches!(d, Decoded::Inf { .. } | Decoded::NaN) {
        return (hex_bits(bits.0, kind), true);
    }
    let exp_form = ap_to_string(d, &s, 6, 0, false);
    let round_trips = match kind {
        FloatKind::F64 => exp_form.parse::<f64>().map(|v| v.to_bits() as u128 == bits.0 & mask(64)).unwrap_or(false),
        FloatKind::F32 => exp_form.parse::<f32>().map(|v| v.to_bits() as u128 == bits.0 & mask(32)).unwrap_or(false),
        _ => match parse_decimal(&exp_form) {
            Some((neg, digits, e)) => round_decimal(neg, &digits, e, &s) == d,
            None => false,
        },
    };
    if round_trips {
        return (exp_form, false);
    }
    let default_form = ap_to_string(d, &s, 0, 3, true);
    if default_form.contains('.') {
        return (default_form, false);
    }
    (hex_bits(bits.0, kind), true)
}

/// Format a float exactly as MLIR prints a float attribute's value (without the `: type`):
/// `1.000000e+00`, `3.141590e+00`, `0.33333333333333331`, `-0.000000e+00`, NaN and infinities
/// as hexadecimal bit patterns (`0x7FC00000`). See the module documentation for the rules.
///
/// `bits` holds the bit pattern of `kind` in its low bits.
pub fn format_float(bits: FloatBits, kind: FloatKind) -> String {
    format_float_ext(bits, kind).0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(v: f64, k: FloatKind) -> String {
        format_float(f64_to_float_bits(v, k), k)
    }

    #[test]
    fn basic() {
        assert_eq!(f(1.0, FloatKind::F32), "1.000000e+00");
        assert_eq!(f(0.1, FloatKind::F16), "9.997550e-02");
        assert_eq!(f(1.0 / 3.0, FloatKind::F64), "0.33333333333333331");
        assert_eq!(format_float(FloatBits(0x7FC00000), FloatKind::F32), "0x7FC00000");
    }

    #[test]
    fn parse_roundtrip_small_types() {
        for k in FloatKind::ALL {
            let s = semantics(k);
            if s.size_bits > 16 {
                continue;
            }
            for b in 0..(1u128 << s.size_bits) {
                let d = decode(b, k);
                if let Decoded::Normal { .. } | Decoded::Zero { .. } = d {
                    let txt = format_float(FloatBits(b), k);
                    let back = parse_float_decimal(&txt, k).unwrap();
                    assert_eq!(decode(back.0, k), d, "{k:?} {b:#x} {txt}");
                }
            }
        }
    }
}
