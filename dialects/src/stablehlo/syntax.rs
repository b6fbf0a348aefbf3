//! Custom assembly forms of StableHLO ops (`stablehlo.add %a, %b : tensor<f32>`, ...).
//!
//! Placeholder: the syntax work owns this file. [`hooks`] is looked up once per op by
//! `ops::op_info` when the dialect is registered; returning `Some((parse, print))` attaches the
//! custom parser and printer.

use strata_ir::dialect::{ParseFn, PrintFn};

/// The custom parse/print hooks of an op (full name, e.g. `stablehlo.add`), if it has any.
pub fn hooks(_name: &str) -> Option<(ParseFn, PrintFn)> {
    None
}
