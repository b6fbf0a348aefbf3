//! Strata tools library.
