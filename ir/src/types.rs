//! Builtin types (MLIR's `BuiltinTypes.td`): integers, index, floats, complex, tensor, memref,
//! vector, tuple, function, none, and opaque dialect types.
//!
//! Types are interned in the [`Context`](crate::Context): a [`Type`] is a small copyable handle and
//! two types are equal exactly when their handles are equal. The structure behind a handle is a
//! [`TypeKind`], read with [`Context::type_kind`](crate::Context::type_kind).

use crate::{Attribute, Symbol};

/// An interned type: a handle into the [`Context`](crate::Context)'s type table.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Type(pub(crate) u32);

impl Type {
    /// The raw index of this type in its context (stable for the context's lifetime).
    pub fn index(self) -> u32 {
        self.0
    }
}

/// The marker MLIR uses for a dynamic dimension (`?`) in a shape.
pub const DYNAMIC: i64 = i64::MIN;

/// Signedness of an integer type: `iN` (signless), `siN`, `uiN`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Signedness {
    /// `iN`
    Signless,
    /// `siN`
    Signed,
    /// `uiN`
    Unsigned,
}

/// The builtin floating-point types, with their MLIR spelling.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[allow(missing_docs)]
pub enum FloatKind {
    F16,
    BF16,
    F32,
    F64,
    F80,
    F128,
    TF32,
    F8E4M3FN,
    F8E5M2,
    F8E4M3FNUZ,
    F8E5M2FNUZ,
    F8E4M3B11FNUZ,
    F8E3M4,
    F8E4M3,
    F8E8M0FNU,
    F6E2M3FN,
    F6E3M2FN,
    F4E2M1FN,
}

impl FloatKind {
    /// Every float kind, in a fixed order.
    pub const ALL: [FloatKind; 18] = [
        FloatKind::F16,
        FloatKind::BF16,
        FloatKind::F32,
        FloatKind::F64,
        FloatKind::F80,
        FloatKind::F128,
        FloatKind::TF32,
        FloatKind::F8E4M3FN,
        FloatKind::F8E5M2,
        FloatKind::F8E4M3FNUZ,
        FloatKind::F8E5M2FNUZ,
        FloatKind::F8E4M3B11FNUZ,
        FloatKind::F8E3M4,
        FloatKind::F8E4M3,
        FloatKind::F8E8M0FNU,
        FloatKind::F6E2M3FN,
        FloatKind::F6E3M2FN,
        FloatKind::F4E2M1FN,
    ];

    /// The keyword MLIR uses for this type (`f32`, `bf16`, `f8E4M3FN`, ...).
    pub fn mlir_name(self) -> &'static str {
        match self {
            FloatKind::F16 => "f16",
            FloatKind::BF16 => "bf16",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
            FloatKind::F80 => "f80",
            FloatKind::F128 => "f128",
            FloatKind::TF32 => "tf32",
            FloatKind::F8E4M3FN => "f8E4M3FN",
            FloatKind::F8E5M2 => "f8E5M2",
            FloatKind::F8E4M3FNUZ => "f8E4M3FNUZ",
            FloatKind::F8E5M2FNUZ => "f8E5M2FNUZ",
            FloatKind::F8E4M3B11FNUZ => "f8E4M3B11FNUZ",
            FloatKind::F8E3M4 => "f8E3M4",
            FloatKind::F8E4M3 => "f8E4M3",
            FloatKind::F8E8M0FNU => "f8E8M0FNU",
            FloatKind::F6E2M3FN => "f6E2M3FN",
            FloatKind::F6E3M2FN => "f6E3M2FN",
            FloatKind::F4E2M1FN => "f4E2M1FN",
        }
    }

    /// Parse an MLIR float keyword.
    pub fn from_mlir_name(s: &str) -> Option<FloatKind> {
        FloatKind::ALL.iter().copied().find(|k| k.mlir_name() == s)
    }

    /// Storage width in bits (the width of the bit pattern, e.g. 8 for the f8 family, 19 for tf32).
    pub fn bit_width(self) -> u32 {
        match self {
            FloatKind::F16 | FloatKind::BF16 => 16,
            FloatKind::F32 => 32,
            FloatKind::F64 => 64,
            FloatKind::F80 => 80,
            FloatKind::F128 => 128,
            FloatKind::TF32 => 19,
            FloatKind::F6E2M3FN | FloatKind::F6E3M2FN => 6,
            FloatKind::F4E2M1FN => 4,
            _ => 8,
        }
    }
}

/// The structure of a type. Built with [`Context::intern_type`](crate::Context::intern_type) or
/// the convenience constructors on the context.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum TypeKind {
    /// `iN`, `siN`, `uiN` for any width `N >= 1`.
    Integer {
        /// Width in bits.
        width: u32,
        /// Signedness semantics.
        signedness: Signedness,
    },
    /// `index`
    Index,
    /// A floating-point type.
    Float(FloatKind),
    /// `complex<T>`
    Complex(Type),
    /// `tensor<2x?xf32, #enc>`; dynamic dimensions are [`DYNAMIC`].
    RankedTensor {
        /// Dimension sizes.
        shape: Vec<i64>,
        /// Element type.
        element: Type,
        /// Optional encoding attribute.
        encoding: Option<Attribute>,
    },
    /// `tensor<*xf32>`
    UnrankedTensor {
        /// Element type.
        element: Type,
    },
    /// `memref<2x?xf32, #layout, memspace>`
    MemRef {
        /// Dimension sizes.
        shape: Vec<i64>,
        /// Element type.
        element: Type,
        /// Optional layout attribute (affine map or strided layout).
        layout: Option<Attribute>,
        /// Optional memory space attribute.
        memory_space: Option<Attribute>,
    },
    /// `memref<*xf32, memspace>`
    UnrankedMemRef {
        /// Element type.
        element: Type,
        /// Optional memory space attribute.
        memory_space: Option<Attribute>,
    },
    /// `vector<[4]x8xf32>`: fixed and scalable dimensions.
    Vector {
        /// Dimension sizes.
        shape: Vec<i64>,
        /// Which dimensions are scalable (`[4]`), same length as `shape`.
        scalable: Vec<bool>,
        /// Element type.
        element: Type,
    },
    /// `tuple<i32, f32>`
    Tuple(Vec<Type>),
    /// `(i32, f32) -> f64`
    Function {
        /// Input types.
        inputs: Vec<Type>,
        /// Result types.
        results: Vec<Type>,
    },
    /// `none`
    None,
    /// A dialect type. Pretty form `!dialect.body` (`opaque == false`): `body` is everything
    /// after `dialect.`, e.g. `token` for `!stablehlo.token`, `uniform<i8:f32, 1.0>` for
    /// `!quant.uniform<i8:f32, 1.0>`. Angle form `!dialect<body>` (`opaque == true`): `body` is
    /// the text inside the angle brackets, verbatim (e.g. `"foo"` with its quotes).
    /// Dialects interpret the body.
    Dialect {
        /// The dialect namespace.
        dialect: Symbol,
        /// The rest of the type, verbatim (whitespace-normalized as written).
        body: String,
        /// Whether the body is in the angle form `!dialect<body>`: derived from `body` by the
        /// context when interning ([`dialect_body_prints_pretty`](crate::attributes::dialect_body_prints_pretty)).
        opaque: bool,
    },
}

impl TypeKind {
    /// The shape of a ranked shaped type (tensor, memref, vector).
    pub fn shape(&self) -> Option<&[i64]> {
        match self {
            TypeKind::RankedTensor { shape, .. } | TypeKind::MemRef { shape, .. } | TypeKind::Vector { shape, .. } => {
                Some(shape)
            }
            _ => None,
        }
    }

    /// The element type of a shaped type (tensor, memref, vector, ranked or not).
    pub fn element_type(&self) -> Option<Type> {
        match self {
            TypeKind::RankedTensor { element, .. }
            | TypeKind::UnrankedTensor { element }
            | TypeKind::MemRef { element, .. }
            | TypeKind::UnrankedMemRef { element, .. }
            | TypeKind::Vector { element, .. } => Some(*element),
            _ => None,
        }
    }

    /// Whether this is a tensor, memref or vector type.
    pub fn is_shaped(&self) -> bool {
        self.element_type().is_some()
    }
}
