//! Strata dialects.

pub mod value;
pub mod stablehlo;
