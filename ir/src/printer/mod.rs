//! MLIR text format printer (placeholder API; being implemented).
#![allow(missing_docs)]
pub struct OpAsmPrinter<'a> {
    _p: std::marker::PhantomData<&'a ()>,
}
