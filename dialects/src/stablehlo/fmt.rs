//! The leaf formatting helpers of StableHLO's messages and attribute syntax, shared by the
//! type, attribute and quantization modules (which import each other's definitions, not these).

use strata_ir::DYNAMIC;

/// `?` in shapes.
pub const DYN: i64 = DYNAMIC;

/// MLIR's `%e`-style float text (`1.000000e+00`).
pub fn fmt_float(x: f64) -> String {
    if x.is_nan() {
        return "0x7FF8000000000000".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "0x7FF0000000000000".into() } else { "0xFFF0000000000000".into() };
    }
    let s = format!("{:.6e}", x);
    let (m, e) = s.split_once('e').unwrap();
    let e: i32 = e.parse().unwrap();
    format!("{}e{}{:02}", m, if e < 0 { '-' } else { '+' }, e.abs())
}
