//! Strata dialects.

pub mod value;
