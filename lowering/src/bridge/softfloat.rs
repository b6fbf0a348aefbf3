//! The compiler-rt conversions LLVM calls for 16-bit floats on x86-64 (`__truncsfbf2`,
//! `__truncsfhf2`, ...), registered in every JIT engine: the ExecutionEngine links no
//! compiler-rt, so f32 → bf16 truncation in compiled code would fail with "Symbols not found".
//! The x86-64 ABI passes and returns `_Float16` / `__bf16` in the low 16 bits of `xmm0`; an
//! `extern "C"` function on `f32` uses the same register, so the bits travel in an `f32`'s low half.
//! Rounding is to nearest even with NaN kept NaN (the `half` crate, as the interpreter rounds).

use half::{bf16, f16};

fn low16(x: u16) -> f32 {
    f32::from_bits(x as u32)
}

/// `__bf16 __truncsfbf2(float)`.
pub extern "C" fn truncsfbf2(x: f32) -> f32 {
    low16(bf16::from_f32(x).to_bits())
}

/// `__bf16 __truncdfbf2(double)`.
pub extern "C" fn truncdfbf2(x: f64) -> f32 {
    low16(bf16::from_f64(x).to_bits())
}

/// `_Float16 __truncsfhf2(float)`.
pub extern "C" fn truncsfhf2(x: f32) -> f32 {
    low16(f16::from_f32(x).to_bits())
}

/// `_Float16 __truncdfhf2(double)`.
pub extern "C" fn truncdfhf2(x: f64) -> f32 {
    low16(f16::from_f64(x).to_bits())
}

/// `float __extendhfsf2(_Float16)`.
pub extern "C" fn extendhfsf2(x: f32) -> f32 {
    f16::from_bits(x.to_bits() as u16).to_f32()
}

/// `float __extendbfsf2(__bf16)`.
pub extern "C" fn extendbfsf2(x: f32) -> f32 {
    bf16::from_bits(x.to_bits() as u16).to_f32()
}

/// (symbol, function) pairs to register.
pub fn symbols() -> [(&'static str, *mut ()); 6] {
    [
        ("__truncsfbf2", truncsfbf2 as *mut ()),
        ("__truncdfbf2", truncdfbf2 as *mut ()),
        ("__truncsfhf2", truncsfhf2 as *mut ()),
        ("__truncdfhf2", truncdfhf2 as *mut ()),
        ("__extendhfsf2", extendhfsf2 as *mut ()),
        ("__extendbfsf2", extendbfsf2 as *mut ()),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_travel_in_the_low_half() {
        assert_eq!(truncsfbf2(1.0).to_bits(), 0x3F80);
        assert_eq!(truncsfhf2(1.0).to_bits(), 0x3C00);
        assert_eq!(truncdfhf2(-2.0).to_bits(), 0xC000);
        assert_eq!(extendhfsf2(f32::from_bits(0x3C00)), 1.0);
        assert_eq!(extendbfsf2(f32::from_bits(0x3F80)), 1.0);
        // round to nearest, ties to even (bf16 keeps 7 fraction bits: one ulp of 1.0 is 2^-7)
        assert_eq!(truncsfbf2(1.0 + 1.0 / 256.0 + 1.0 / 512.0).to_bits(), 0x3F81);
        assert_eq!(truncsfbf2(1.0 + 1.0 / 256.0).to_bits(), 0x3F80);
        assert!(f32::from_bits(extendbfsf2(truncsfbf2(f32::NAN)).to_bits()).is_nan());
    }
}
