//! Custom assembly of the `func` dialect (`func.func @f(%arg0: i32) -> i32 {...}`,
//! `return %x : i32`, `call @f(%x) : (i32) -> i32`).
use strata_ir::dialect::{ParseFn, PrintFn};

/// The custom parse/print hooks of a `func` op, if it has a custom form.
pub fn hooks(_name: &str) -> Option<(ParseFn, PrintFn)> {
    None
}
