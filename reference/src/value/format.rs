//! Floating-point literals exactly as MLIR prints and parses them, for tensor values.
//!
//! There is one implementation of MLIR's float printing in Strata: the IR printer's
//! ([`strata_ir::printer::format_float`], checked against mlir-opt-22 on a table of every float
//! type). This module maps element types onto it:
//! - printing: the 6-digit scientific form when it reads back to the same value, else APFloat's
//!   shortest round-tripping form when it has a `.`, else the bit pattern in hex (NaN, ±inf);
//! - parsing: decimal literals go through `f64` and are rounded to the type (as MLIR's parser
//!   does); `0x...` literals are bit patterns of the type.

use strata_ir::attributes::FloatBits;
use strata_ir::printer::{f64_to_float_bits, float_bits_to_f64, format_float, parse_float_decimal};
use strata_ir::FloatKind;

use super::element::ElementType;

/// The IR float kind of a float element type (complex: of its component; others: f64).
pub fn float_kind(ty: ElementType) -> FloatKind {
    ty.component_type().unwrap_or(ty).float_kind().unwrap_or(FloatKind::F64)
}

/// Prints `value` (first rounded to `ty`) the way MLIR prints a float attribute of type `ty`.
/// Complex types use their component type; non-float types are printed as f64.
pub fn format_mlir_float(value: f64, ty: ElementType) -> String {
    let k = float_kind(ty);
    format_float(f64_to_float_bits(value, k), k)
}

/// Prints the value with bit pattern `bits` of type `ty` (complex: of its component type) as
/// MLIR does; NaN payloads are kept in the hex form.
pub fn format_mlir_float_bits(bits: u64, ty: ElementType) -> String {
    format_float(FloatBits(bits as u128), float_kind(ty))
}

/// Parses a float literal of type `ty` as MLIR does (decimal rounded to the type, or a hex bit
/// pattern); returns the value as `f64`.
pub fn parse_mlir_float(text: &str, ty: ElementType) -> Option<f64> {
    let k = float_kind(ty);
    let t = text.trim();
    if let Some(hex) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        let bits = u128::from_str_radix(hex, 16).ok()?;
        let width = k.bit_width();
        if width < 128 && bits >> width != 0 {
            return None;
        }
        return Some(float_bits_to_f64(FloatBits(bits), k));
    }
    Some(float_bits_to_f64(parse_float_decimal(t, k)?, k))
}
