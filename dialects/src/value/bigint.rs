//! A minimal arbitrary-precision unsigned integer, just enough for exact
//! binary ↔ decimal float conversion (the port of `APFloat::toString` in
//! [`super::format`] and the exact tie-breaking of decimal parsing).
//!
//! Limbs are `u32`, little-endian; the representation is kept normalized
//! (no high zero limbs), so `limbs.is_empty()` means zero.

use std::cmp::Ordering;

/// Unsigned big integer (little-endian `u32` limbs, normalized).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct BigUint {
    limbs: Vec<u32>,
}

/// 5^13, the largest power of five below 2^32.
const POW5_13: u32 = 1_220_703_125;
/// 10^9, the largest power of ten below 2^32.
const POW10_9: u32 = 1_000_000_000;

impl BigUint {
    /// The value `v`.
    pub(crate) fn from_u64(v: u64) -> Self {
        let mut b = BigUint { limbs: vec![v as u32, (v >> 32) as u32] };
        b.normalize();
        b
    }

    fn normalize(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    /// Whether the value is zero.
    pub(crate) fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// Number of significant bits (`APInt::getActiveBits`); 0 for zero.
    pub(crate) fn bit_len(&self) -> u64 {
        match self.limbs.last() {
            None => 0,
            Some(&top) => (self.limbs.len() as u64 - 1) * 32 + (32 - top.leading_zeros() as u64),
        }
    }

    /// `self *= m`.
    pub(crate) fn mul_small(&mut self, m: u32) {
        let mut carry = 0u64;
        for limb in &mut self.limbs {
            let v = *limb as u64 * m as u64 + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.limbs.push(carry as u32);
        }
        self.normalize();
    }

    /// `self += a`.
    pub(crate) fn add_small(&mut self, a: u32) {
        let mut carry = a as u64;
        for limb in &mut self.limbs {
            if carry == 0 {
                break;
            }
            let v = *limb as u64 + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.limbs.push(carry as u32);
        }
    }

    /// The value of a string of ASCII decimal digits (other bytes are
    /// ignored by the caller's contract; they must not occur).
    pub(crate) fn from_decimal_digits(digits: &[u8]) -> Self {
        let mut b = BigUint::default();
        for chunk in digits.chunks(9) {
            let mut v = 0u32;
            for &d in chunk {
                v = v * 10 + (d - b'0') as u32;
            }
            b.mul_small(10u32.pow(chunk.len() as u32));
            b.add_small(v);
        }
        b
    }

    /// `self *= 5^n`.
    pub(crate) fn mul_pow5(&mut self, mut n: u64) {
        while n >= 13 {
            self.mul_small(POW5_13);
            n -= 13;
        }
        if n > 0 {
            self.mul_small(5u32.pow(n as u32));
        }
    }

    /// `self <<= n`.
    pub(crate) fn shl(&mut self, n: u64) {
        if self.is_zero() || n == 0 {
            return;
        }
        let words = (n / 32) as usize;
        let bits = (n % 32) as u32;
        if bits != 0 {
            let mut carry = 0u32;
            for limb in &mut self.limbs {
                let v = *limb;
                *limb = (v << bits) | carry;
                carry = v >> (32 - bits);
            }
            if carry != 0 {
                self.limbs.push(carry);
            }
        }
        if words > 0 {
            let mut v = vec![0u32; words];
            v.extend_from_slice(&self.limbs);
            self.limbs = v;
        }
    }

    /// `self *= 10^n`.
    pub(crate) fn mul_pow10(&mut self, n: u64) {
        self.mul_pow5(n);
        self.shl(n);
    }

    /// `self /= d` (floor), returning the remainder. `d` must be non-zero.
    pub(crate) fn divrem_small(&mut self, d: u32) -> u32 {
        debug_assert!(d != 0);
        let mut rem = 0u64;
        for limb in self.limbs.iter_mut().rev() {
            let cur = (rem << 32) | *limb as u64;
            *limb = (cur / d as u64) as u32;
            rem = cur % d as u64;
        }
        self.normalize();
        rem as u32
    }

    /// `self = floor(self / 10^n)`.
    pub(crate) fn div_pow10(&mut self, mut n: u64) {
        while n >= 9 && !self.is_zero() {
            self.divrem_small(POW10_9);
            n -= 9;
        }
        if n > 0 && !self.is_zero() {
            self.divrem_small(10u32.pow(n as u32));
        }
    }

    /// Decimal digits, least significant first; empty for zero.
    pub(crate) fn decimal_digits_lsb_first(&self) -> Vec<u8> {
        let mut v = self.clone();
        let mut out = Vec::new();
        while !v.is_zero() {
            let mut chunk = v.divrem_small(POW10_9);
            if v.is_zero() {
                while chunk != 0 {
                    out.push((chunk % 10) as u8);
                    chunk /= 10;
                }
            } else {
                for _ in 0..9 {
                    out.push((chunk % 10) as u8);
                    chunk /= 10;
                }
            }
        }
        out
    }
}

impl PartialOrd for BigUint {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for BigUint {
    fn cmp(&self, other: &Self) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn to_string(b: &BigUint) -> String {
        let d = b.decimal_digits_lsb_first();
        if d.is_empty() {
            return "0".into();
        }
        d.iter().rev().map(|c| (b'0' + c) as char).collect()
    }

    #[test]
    fn arithmetic() {
        let mut b = BigUint::from_u64(13421773);
        b.mul_pow5(27);
        assert_eq!(to_string(&b), "100000001490116119384765625");
        assert_eq!(b.bit_len(), 87);
        b.div_pow10(20);
        assert_eq!(to_string(&b), "1000000");
        let mut c = BigUint::from_u64(1);
        c.shl(100);
        assert_eq!(to_string(&c), "1267650600228229401496703205376");
        let mut t = BigUint::from_u64(7);
        t.mul_pow10(30);
        assert_eq!(to_string(&t), format!("7{}", "0".repeat(30)));
        assert!(t > c);
        assert_eq!(BigUint::from_u64(0).bit_len(), 0);
        assert_eq!(to_string(&BigUint::from_u64(0)), "0");
        assert_eq!(to_string(&BigUint::from_u64(u64::MAX)), u64::MAX.to_string());
        let big = "123456789012345678901234567890";
        assert_eq!(to_string(&BigUint::from_decimal_digits(big.as_bytes())), big);
        let mut z = BigUint::default();
        z.add_small(0);
        assert!(z.is_zero());
    }
}
