//! Strata passes.
