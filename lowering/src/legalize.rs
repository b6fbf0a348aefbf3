//! The entry point for StableHLO input: `stablehlo-legalize-to-linalg`.
//!
//! NOTE (integration): this is a stub in the `bridge` branch. The StableHLO → linalg
//! legalization is written by another engineer; when it lands it replaces the body of
//! [`legalize_stablehlo_to_linalg`] and keeps its signature. Until then every caller
//! (`strata-compile`, `strata-run --jit`) reports the error below for input containing
//! `stablehlo.*` ops.

use crate::error::BridgeError;

/// Lowers a module containing StableHLO ops to the linalg-on-tensors level (func, linalg,
/// tensor, arith, math, scf), returned as MLIR text the bridge accepts.
pub fn legalize_stablehlo_to_linalg(mlir_text: &str) -> Result<String, BridgeError> {
    let _ = mlir_text;
    Err(BridgeError::Legalize("stablehlo-legalize-to-linalg is not built yet".into()))
}

/// Whether the text contains StableHLO (or CHLO) ops, i.e. needs legalization first.
pub fn needs_legalization(mlir_text: &str) -> bool {
    mlir_text.lines().any(|l| {
        let code = l.split("//").next().unwrap_or("");
        code.contains("stablehlo.") || code.contains("chlo.")
    })
}

/// Legalizes the input if it contains StableHLO ops; returns it unchanged otherwise.
pub fn to_linalg_level(mlir_text: &str) -> Result<std::borrow::Cow<'_, str>, BridgeError> {
    if needs_legalization(mlir_text) {
        legalize_stablehlo_to_linalg(mlir_text).map(std::borrow::Cow::Owned)
    } else {
        Ok(std::borrow::Cow::Borrowed(mlir_text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detection_ignores_comments() {
        assert!(needs_legalization("  %0 = stablehlo.add %a, %b : tensor<f32>"));
        assert!(needs_legalization("  %0 = \"chlo.erf\"(%a) : (tensor<f32>) -> tensor<f32>"));
        assert!(!needs_legalization("// RUN: strata-run %S/Inputs/unsupported.stablehlo\nfunc.func @f() { return }"));
        let e = legalize_stablehlo_to_linalg("").err().unwrap().to_string();
        assert_eq!(e, "stablehlo-legalize-to-linalg is not built yet");
    }
}
