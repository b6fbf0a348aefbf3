//! The value layer of the reference interpreter: what StableHLO programs
//! compute on.
//!
//! - [`element`]: [`ElementType`] — every element type of the StableHLO
//!   spec (`i1`, signed/unsigned 2..=64-bit integers, f16, bf16, f32, f64,
//!   tf32, the f8/f6/f4 family, `complex<f32>`/`complex<f64>`) with its MLIR
//!   and XLA names — and [`Element`], one detached scalar.
//! - [`minifloat`]: [`FloatFormat`], a generic binary float codec with
//!   correct round-to-nearest-even from f64 and ml_dtypes' overflow/NaN
//!   rules.
//! - [`tensor`]: [`Tensor`] (element type, static shape, row-major typed
//!   [`Data`]) with construction helpers, element access, index iteration,
//!   reshape/transpose and raw little-endian bytes.
//! - [`format`](mod@format): float literals exactly as MLIR prints and parses them.
//! - [`print`](mod@print): MLIR `dense<…>` syntax and the StableHLO interpreter's
//!   tensor printout.
//! - [`layout`]: XLA's minor-to-major [`Layout`] (linear buffers in any
//!   dimension order) and XLA shape strings ([`XlaShape`], `f32[2,3]{1,0}`).
//! - [`npy`]: `.npy` files (format 1.0/2.0/3.0) to and from tensors.
//!
//! [`Value`] is what an SSA value holds at run time: a tensor, a tuple or a
//! token.
//!
//! ```
//! use strata_reference::value::{npy, Element, ElementType, Layout, Tensor};
//!
//! // Values are rounded into their element type on the way in.
//! let t = Tensor::from_f64s(ElementType::F8E4M3FN, &[2, 2], &[1.0, 0.3, 448.0, 1e6]).unwrap();
//! assert_eq!(t.get(&[0, 1]).unwrap(), Element::Float(0.3125));
//! assert_eq!(
//!     t.to_string(),
//!     "dense<[[1.000000e+00, 3.125000e-01], [4.480000e+02, 0x7F]]> : tensor<2x2xf8E4M3FN>"
//! );
//! // Column-major linear buffer (XLA minor_to_major = [0, 1]) and .npy bytes.
//! let col = t.to_layout(&Layout::column_major(2)).unwrap();
//! let back = Tensor::from_layout(ElementType::F8E4M3FN, &[2, 2], &Layout::column_major(2), col).unwrap();
//! assert!(back.bitwise_eq(&t));
//! let bytes = npy::write_npy(&t);
//! assert!(npy::read_npy(&bytes, Some(ElementType::F8E4M3FN)).unwrap().bitwise_eq(&t));
//! ```
//!
//! This module does not depend on `strata-ir`; mapping IR types to
//! [`ElementType`] goes through [`ElementType::from_mlir_name`] /
//! [`ElementType::mlir_name`].

use std::fmt;

mod cursor;
pub mod element;
pub mod format;
pub mod layout;
pub mod minifloat;
pub mod npy;
pub mod print;
pub mod tensor;

pub use element::{round_to, wrap_int, wrap_signed, wrap_unsigned, Element, ElementType, StorageKind};
pub use format::{format_mlir_float, format_mlir_float_bits, parse_mlir_float};
pub use layout::{Layout, XlaShape};
pub use minifloat::{FloatFormat, FloatStyle};
pub use npy::{read_npy, read_npy_file, write_npy, write_npy_file, NpyError};
pub use num_complex::Complex;
pub use print::DenseFormat;
pub use tensor::{Data, IndexIter, Tensor};

/// Errors of the value layer (construction, access, reshaping, layouts).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ValueError {
    /// A shape with a negative dimension or too many elements.
    #[error("invalid shape {shape:?}: {reason}")]
    InvalidShape {
        /// The shape.
        shape: Vec<i64>,
        /// What is wrong with it.
        reason: String,
    },
    /// A [`Data`] of the wrong kind for the element type.
    #[error("a {ty} tensor is stored as {expected:?}, got {actual:?}")]
    StorageMismatch {
        /// The element type.
        ty: ElementType,
        /// The storage it needs.
        expected: StorageKind,
        /// The storage given.
        actual: StorageKind,
    },
    /// A number of elements that does not match the shape.
    #[error("shape {shape:?} has {expected} elements, got {actual}")]
    LengthMismatch {
        /// The shape.
        shape: Vec<i64>,
        /// Its element count.
        expected: usize,
        /// The count given.
        actual: usize,
    },
    /// A byte buffer of the wrong size.
    #[error("a {ty} tensor of shape {shape:?} takes {expected} bytes, got {actual}")]
    ByteLengthMismatch {
        /// The element type.
        ty: ElementType,
        /// The shape.
        shape: Vec<i64>,
        /// Bytes needed.
        expected: usize,
        /// Bytes given.
        actual: usize,
    },
    /// An index outside the shape (or of the wrong rank).
    #[error("index {index:?} is out of bounds for shape {shape:?}")]
    IndexOutOfBounds {
        /// The index.
        index: Vec<i64>,
        /// The shape.
        shape: Vec<i64>,
    },
    /// An element that cannot be stored in a tensor of this type.
    #[error("element {element:?} cannot be stored in a {ty} tensor")]
    ElementMismatch {
        /// The element.
        element: Element,
        /// The element type.
        ty: ElementType,
    },
    /// An element type not supported by the operation (or malformed, like
    /// `SInt(0)`).
    #[error("unsupported element type {0:?}")]
    UnsupportedElementType(ElementType),
    /// An unknown element type name.
    #[error("unknown element type `{0}`")]
    UnknownElementType(String),
    /// A permutation that is not one of `0..rank`.
    #[error("{perm:?} is not a permutation of 0..{rank}")]
    InvalidPermutation {
        /// The permutation.
        perm: Vec<usize>,
        /// The rank.
        rank: usize,
    },
    /// A layout that does not fit the shape, or is not a permutation.
    #[error("invalid layout: {0}")]
    InvalidLayout(String),
    /// A reshape that changes the element count.
    #[error("cannot reshape {from:?} into {to:?}: element counts differ")]
    ReshapeMismatch {
        /// The old shape.
        from: Vec<i64>,
        /// The new shape.
        to: Vec<i64>,
    },
    /// Malformed text (XLA shape strings, hex dense literals).
    #[error("parse error: {0}")]
    Parse(String),
}

/// A run-time value: what an SSA value of a StableHLO program holds.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A tensor.
    Tensor(Tensor),
    /// A tuple of values.
    Tuple(Vec<Value>),
    /// A token (`!stablehlo.token`): orders side effects, carries no data.
    Token,
}

impl Value {
    /// The tensor, if this is one.
    pub fn as_tensor(&self) -> Option<&Tensor> {
        match self {
            Value::Tensor(t) => Some(t),
            _ => None,
        }
    }

    /// The tensor by value, if this is one.
    pub fn into_tensor(self) -> Option<Tensor> {
        match self {
            Value::Tensor(t) => Some(t),
            _ => None,
        }
    }

    /// The elements, if this is a tuple.
    pub fn as_tuple(&self) -> Option<&[Value]> {
        match self {
            Value::Tuple(v) => Some(v),
            _ => None,
        }
    }

    /// Whether this is a token.
    pub fn is_token(&self) -> bool {
        matches!(self, Value::Token)
    }

    /// The MLIR type: `tensor<2x3xf32>`, `tuple<tensor<f32>, !stablehlo.token>`,
    /// `!stablehlo.token`.
    pub fn type_string(&self) -> String {
        match self {
            Value::Tensor(t) => t.type_string(),
            Value::Tuple(vs) => {
                format!("tuple<{}>", vs.iter().map(Value::type_string).collect::<Vec<_>>().join(", "))
            }
            Value::Token => "!stablehlo.token".into(),
        }
    }

    /// Equality of representations ([`Tensor::bitwise_eq`] for tensors).
    pub fn bitwise_eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Tensor(a), Value::Tensor(b)) => a.bitwise_eq(b),
            (Value::Tuple(a), Value::Tuple(b)) => a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.bitwise_eq(y)),
            (Value::Token, Value::Token) => true,
            _ => false,
        }
    }

    /// The StableHLO interpreter's printout (see
    /// [`Tensor::to_interpreter_string`]); a tuple prints its elements
    /// between parentheses, a token prints its type.
    pub fn to_interpreter_string(&self) -> String {
        match self {
            Value::Tensor(t) => t.to_interpreter_string(),
            Value::Tuple(vs) => {
                format!("({})", vs.iter().map(Value::to_interpreter_string).collect::<Vec<_>>().join(", "))
            }
            Value::Token => "!stablehlo.token".into(),
        }
    }
}

impl From<Tensor> for Value {
    fn from(t: Tensor) -> Self {
        Value::Tensor(t)
    }
}

impl fmt::Display for Value {
    /// Tensors in MLIR dense syntax (`dense<[1, 2]> : tensor<2xi32>`),
    /// tuples as `(a, b)`, tokens as `!stablehlo.token`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Tensor(t) => write!(f, "{t}"),
            Value::Tuple(vs) => {
                f.write_str("(")?;
                for (i, v) in vs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{v}")?;
                }
                f.write_str(")")
            }
            Value::Token => f.write_str("!stablehlo.token"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values() {
        let t = Tensor::from_i64s(ElementType::SInt(32), &[2], &[1, 2]).unwrap();
        let v = Value::Tuple(vec![Value::from(t.clone()), Value::Token]);
        assert_eq!(v.type_string(), "tuple<tensor<2xi32>, !stablehlo.token>");
        assert_eq!(v.to_string(), "(dense<[1, 2]> : tensor<2xi32>, !stablehlo.token)");
        assert!(v.bitwise_eq(&v.clone()));
        assert!(!v.bitwise_eq(&Value::Token));
        assert_eq!(v.as_tuple().unwrap()[0].as_tensor(), Some(&t));
        assert!(Value::Token.is_token());
        assert_eq!(Value::from(t.clone()).into_tensor(), Some(t));
        assert_eq!(v.to_interpreter_string(), "(tensor<2xi32> {\n  [1, 2]\n}, !stablehlo.token)");
    }
}
