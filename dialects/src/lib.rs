//! Strata dialects.
