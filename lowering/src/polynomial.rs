//! Vectorizable replacements for `math.exp` and `math.tanh` on f32.
//!
//! MLIR 22 has no non-test pass that turns `math.exp` into a polynomial, and the vectorized
//! `math.exp` becomes one libm call per lane. The bridge replaces each scalar f32 `math.exp` /
//! `math.tanh` (inside linalg regions, before vectorization) by a call to one of these private
//! functions and inlines them, so the vectorizer sees only arith/math.fma ops.
//!
//! Accuracy (measured against f64 libm by the tests below and in `tests/jit.rs`):
//! - `exp`: Cephes `expf` (range reduction by ln 2 in two parts, degree-5 polynomial):
//!   relative error ≤ 2e-7 for x in [-87.3, 88.7]; x > 88.72 gives +inf, x < -87.33 gives 0
//!   (results that would be subnormal are flushed to zero), NaN propagates.
//! - `tanh`: Eigen's / XLA's rational approximation (odd degree-13 numerator, degree-6
//!   denominator) on x clamped to ±7.905 (where tanh is 1 in f32): absolute error ≤ 1e-6
//!   (relative ≤ 3e-7 away from 0); |x| < 4e-4 returns x.

// The coefficients are written as their sources publish them (Cephes, Eigen); each rounds to
// the f32 the code uses.
#![allow(clippy::excessive_precision)]

/// Name of the f32 exp helper.
pub const EXP_F32: &str = "__strata_exp_f32";
/// Name of the f32 tanh helper.
pub const TANH_F32: &str = "__strata_tanh_f32";

/// MLIR text of a module holding both helpers (private functions).
pub fn helpers_module() -> String {
    format!("module {{\n{}\n{}\n}}\n", exp_f32(), tanh_f32())
}

fn exp_f32() -> String {
    format!(
        r#"  func.func private @{EXP_F32}(%x: f32) -> f32 {{
    %hi = arith.constant 88.72283935546875 : f32
    %lo = arith.constant -87.3365478515625 : f32
    %inf = arith.constant 0x7F800000 : f32
    %zero = arith.constant 0.0 : f32
    %xc0 = arith.maximumf %x, %lo : f32
    %xc = arith.minimumf %xc0, %hi : f32
    %log2e = arith.constant 1.44269504088896341 : f32
    %half = arith.constant 0.5 : f32
    %t = math.fma %xc, %log2e, %half : f32
    %k = math.floor %t : f32
    %c1 = arith.constant -0.693359375 : f32
    %c2 = arith.constant 2.12194440e-4 : f32
    %r1 = math.fma %k, %c1, %xc : f32
    %r = math.fma %k, %c2, %r1 : f32
    %p0 = arith.constant 1.9875691500E-4 : f32
    %p1 = arith.constant 1.3981999507E-3 : f32
    %p2 = arith.constant 8.3334519073E-3 : f32
    %p3 = arith.constant 4.1665795894E-2 : f32
    %p4 = arith.constant 1.6666665459E-1 : f32
    %p5 = arith.constant 5.0000001201E-1 : f32
    %one = arith.constant 1.0 : f32
    %q1 = math.fma %p0, %r, %p1 : f32
    %q2 = math.fma %q1, %r, %p2 : f32
    %q3 = math.fma %q2, %r, %p3 : f32
    %q4 = math.fma %q3, %r, %p4 : f32
    %q5 = math.fma %q4, %r, %p5 : f32
    %rr = arith.mulf %r, %r : f32
    %q6 = math.fma %q5, %rr, %r : f32
    %y = arith.addf %q6, %one : f32
    %ki = arith.fptosi %k : f32 to i32
    %pos = arith.cmpf ogt, %xc, %zero : f32
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    %j = arith.select %pos, %i1, %i0 : i32
    %kj = arith.subi %ki, %j : i32
    %c127 = arith.constant 127 : i32
    %c23 = arith.constant 23 : i32
    %kb = arith.addi %kj, %c127 : i32
    %ks = arith.shli %kb, %c23 : i32
    %pow = arith.bitcast %ks : i32 to f32
    %two = arith.constant 2.0 : f32
    %m2 = arith.select %pos, %two, %one : f32
    %y2 = arith.mulf %y, %m2 : f32
    %v = arith.mulf %y2, %pow : f32
    %over = arith.cmpf ogt, %x, %hi : f32
    %under = arith.cmpf olt, %x, %lo : f32
    %v1 = arith.select %over, %inf, %v : f32
    %v2 = arith.select %under, %zero, %v1 : f32
    return %v2 : f32
  }}"#
    )
}

fn tanh_f32() -> String {
    format!(
        r#"  func.func private @{TANH_F32}(%x: f32) -> f32 {{
    %clamp = arith.constant 7.90531110763549805 : f32
    %nclamp = arith.constant -7.90531110763549805 : f32
    %tiny = arith.constant 4.0e-4 : f32
    %xc0 = arith.maximumf %x, %nclamp : f32
    %xc = arith.minimumf %xc0, %clamp : f32
    %x2 = arith.mulf %xc, %xc : f32
    %a13 = arith.constant -2.76076847742355e-16 : f32
    %a11 = arith.constant 2.00018790482477e-13 : f32
    %a9 = arith.constant -8.60467152213735e-11 : f32
    %a7 = arith.constant 5.12229709037114e-08 : f32
    %a5 = arith.constant 1.48572235717979e-05 : f32
    %a3 = arith.constant 6.37261928875436e-04 : f32
    %a1 = arith.constant 4.89352455891786e-03 : f32
    %b6 = arith.constant 1.19825839466702e-06 : f32
    %b4 = arith.constant 1.18534705686654e-04 : f32
    %b2 = arith.constant 2.26843463243900e-03 : f32
    %b0 = arith.constant 4.89352518554385e-03 : f32
    %n1 = math.fma %x2, %a13, %a11 : f32
    %n2 = math.fma %x2, %n1, %a9 : f32
    %n3 = math.fma %x2, %n2, %a7 : f32
    %n4 = math.fma %x2, %n3, %a5 : f32
    %n5 = math.fma %x2, %n4, %a3 : f32
    %n6 = math.fma %x2, %n5, %a1 : f32
    %num = arith.mulf %xc, %n6 : f32
    %d1 = math.fma %x2, %b6, %b4 : f32
    %d2 = math.fma %x2, %d1, %b2 : f32
    %den = math.fma %x2, %d2, %b0 : f32
    %q = arith.divf %num, %den : f32
    %ax = math.absf %x : f32
    %small = arith.cmpf olt, %ax, %tiny : f32
    %res = arith.select %small, %x, %q : f32
    return %res : f32
  }}"#
    )
}

/// Reference implementations in Rust of exactly the same arithmetic (used to check the
/// constants; the MLIR versions are checked end to end through the JIT).
pub mod reference {
    /// The Cephes-style exp above.
    pub fn exp_f32(x: f32) -> f32 {
        let (hi, lo) = (88.722_84_f32, -87.336_55_f32);
        if x.is_nan() {
            return x;
        }
        if x > hi {
            return f32::INFINITY;
        }
        if x < lo {
            return 0.0;
        }
        let xc = x.clamp(lo, hi);
        let k = xc.mul_add(std::f32::consts::LOG2_E, 0.5).floor();
        let r = k.mul_add(2.121_944_4e-4, k.mul_add(-0.693_359_4, xc));
        let mut q = 1.987_569_1e-4_f32.mul_add(r, 1.398_199_9e-3);
        for c in [8.333_452e-3, 4.166_579_6e-2, 1.666_666_5e-1, 5.000_000_1e-1] {
            q = q.mul_add(r, c);
        }
        let y = q.mul_add(r * r, r) + 1.0;
        // 2^k as 2^(k-1) * 2 for x > 0, so that k = 128 (x near 88.7) does not overflow the
        // exponent field, and as 2^k for x <= 0, so that k = -126 stays a normal number
        let j = i32::from(xc > 0.0);
        let pow = f32::from_bits((((k as i32) - j + 127) << 23) as u32);
        y * (1 + j) as f32 * pow
    }

    /// The rational tanh above.
    pub fn tanh_f32(x: f32) -> f32 {
        let xc = x.clamp(-7.905_311, 7.905_311);
        let x2 = xc * xc;
        let mut n = x2.mul_add(-2.760_768_5e-16, 2.000_187_9e-13);
        for c in [-8.604_671_5e-11, 5.122_297e-8, 1.485_722_4e-5, 6.372_619_3e-4, 4.893_524_6e-3] {
            n = x2.mul_add(n, c);
        }
        let num = xc * n;
        let d = x2.mul_add(x2.mul_add(x2.mul_add(1.198_258_4e-6, 1.185_347_1e-4), 2.268_434_6e-3), 4.893_525_2e-3);
        if x.abs() < 4e-4 {
            x
        } else {
            num / d
        }
    }
}

#[cfg(test)]
mod tests {
    use super::reference::*;

    #[test]
    fn exp_accuracy() {
        let mut worst = 0f64;
        let mut x = -87.33f32;
        while x < 88.72 {
            let want = (x as f64).exp();
            let got = exp_f32(x) as f64;
            worst = worst.max(((got - want) / want).abs());
            x += 0.0137;
        }
        assert!(worst < 3e-7, "worst relative error {worst:e}");
        assert_eq!(exp_f32(100.0), f32::INFINITY);
        assert_eq!(exp_f32(-100.0), 0.0);
        assert!(exp_f32(f32::NAN).is_nan());
    }

    #[test]
    fn tanh_accuracy() {
        let mut worst = 0f64;
        let mut x = -10.0f32;
        while x < 10.0 {
            let want = (x as f64).tanh();
            let got = tanh_f32(x) as f64;
            worst = worst.max((got - want).abs());
            x += 0.00731;
        }
        assert!(worst < 1.5e-6, "worst absolute error {worst:e}");
    }
}
