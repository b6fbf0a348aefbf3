//! `gather`, `scatter`, `torch_index_select`.

use strata_ir::Value;

use super::builder::{LResult, B};
use super::Src;

/// `gather`.
pub fn gather(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let _ = (b, src);
    Err("gather is not lowered yet".into())
}

/// `scatter`.
pub fn scatter(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let _ = (b, src);
    Err("scatter is not lowered yet".into())
}

/// `torch_index_select`.
pub fn torch_index_select(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let _ = (b, src);
    Err("torch_index_select is not lowered yet".into())
}
