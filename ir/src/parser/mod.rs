//! MLIR text format parser (placeholder API; being implemented).
#![allow(missing_docs)]
use crate::Failure;
pub type ParseResult<T> = Result<T, Failure>;
pub struct OpAsmParser<'a, 'src> {
    _p: std::marker::PhantomData<(&'a (), &'src ())>,
}
