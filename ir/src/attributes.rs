//! Builtin attributes (MLIR's `BuiltinAttributes.td` and `BuiltinLocationAttributes.td`).
//!
//! Attributes are interned in the [`Context`](crate::Context) like types: an [`Attribute`] is a
//! copyable handle, equal handles mean equal attributes. The structure is an [`AttrKind`].
//! Locations are attributes too ([`AttrKind::Location`]), as in MLIR.

use crate::{Symbol, Type};

/// An interned attribute: a handle into the [`Context`](crate::Context)'s attribute table.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Attribute(pub(crate) u32);

/// Attribute handles with this bit set name a compact file-line-col location (stored apart
/// from the other attributes by the context): their numbers do not count from zero, so tables
/// indexed by handle keep them apart ([`Attribute::dense_slot`]).
pub(crate) const COMPACT_LOC: u32 = 1 << 31;

impl Attribute {
    /// The raw handle of this attribute in its context (`loc("file":line:col)` locations are
    /// numbered apart, with the top bit set).
    pub fn index(self) -> u32 {
        self.0
    }

    /// The handle of the `i`-th compact file-line-col location.
    pub(crate) fn compact_loc(i: u32) -> Attribute {
        Attribute(COMPACT_LOC | i)
    }

    /// `Some(i)` for the `i`-th compact file-line-col location.
    pub(crate) fn compact_loc_index(self) -> Option<u32> {
        (self.0 & COMPACT_LOC != 0).then_some(self.0 & !COMPACT_LOC)
    }

    /// For tables indexed by handle: `(false, i)` for the `i`-th attribute of the attribute set,
    /// `(true, i)` for the `i`-th compact file-line-col location. Both count from zero.
    pub(crate) fn dense_slot(self) -> (bool, u32) {
        match self.compact_loc_index() {
            Some(i) => (true, i),
            None => (false, self.0),
        }
    }
}

/// A named attribute, as in an attribute dictionary.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct NamedAttribute {
    /// The name.
    pub name: Symbol,
    /// The value.
    pub value: Attribute,
}

/// A float value kept as its exact bit pattern in its type (so NaN payloads and -0.0 survive and
/// equality is bitwise). For types narrower than 64 bits, the low bits hold the pattern.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct FloatBits(pub u128);

/// The payload of a dense elements attribute.
///
/// Elements are stored row-major, each in [`storage_bytes`] bytes little-endian: integers
/// sign- or zero-extended to the storage width by their signedness (`i1` as one byte 0/1), floats
/// as their bit pattern, complex numbers as (real, imag) pairs of their component type.
/// A splat stores one element.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct DenseData {
    /// Whether all elements are equal and only one is stored.
    pub splat: bool,
    /// Raw little-endian element storage.
    pub bytes: Vec<u8>,
}

impl DenseData {
    /// The raw bits of element `i` (any `i` of a splat), elements being `nb` bytes (1 to 16).
    pub fn element_bits(&self, nb: usize, i: usize) -> Option<u128> {
        if nb == 0 || nb > 16 {
            return None;
        }
        let at = if self.splat { 0 } else { i.checked_mul(nb)? };
        let chunk = self.bytes.get(at..at.checked_add(nb)?)?;
        let mut b = [0u8; 16];
        b[..nb].copy_from_slice(chunk);
        Some(u128::from_le_bytes(b))
    }
}

/// Element `linear` (any element of a splat: `None` is allowed then) of a dense elements
/// attribute of integers, `index` or floats, as a scalar attribute of the element type
/// (integers sign-extended from their width, `i1` as 0/1).
pub fn dense_element(ctx: &mut crate::Context, a: Attribute, linear: Option<usize>) -> Option<Attribute> {
    use crate::TypeKind;
    let AttrKind::DenseElements { ty, data } = ctx.attr_kind(a) else { return None };
    let e = ctx.type_kind(*ty).element_type()?;
    let i = if data.splat { 0 } else { linear? };
    let bits = data.element_bits(storage_bytes(ctx, e), i)?;
    let int = |w: u32| {
        let v = match w {
            1 => (bits & 1) as i128,
            128.. => bits as i128,
            _ => ((bits as i128) << (128 - w)) >> (128 - w),
        };
        AttrKind::Integer { value: v, ty: e }
    };
    let kind = match ctx.type_kind(e) {
        TypeKind::Integer { width, .. } => int(*width),
        TypeKind::Index => int(64),
        TypeKind::Float(_) => AttrKind::Float { bits: FloatBits(bits), ty: e },
        _ => return None,
    };
    Some(ctx.intern_attr(kind))
}

/// An affine expression (MLIR's `AffineExpr`).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[allow(missing_docs)]
pub enum AffineExpr {
    Dim(u32),
    Symbol(u32),
    Constant(i64),
    Add(Box<AffineExpr>, Box<AffineExpr>),
    Mul(Box<AffineExpr>, Box<AffineExpr>),
    Mod(Box<AffineExpr>, Box<AffineExpr>),
    FloorDiv(Box<AffineExpr>, Box<AffineExpr>),
    CeilDiv(Box<AffineExpr>, Box<AffineExpr>),
}

/// An affine map `(d0, d1)[s0] -> (d0 + s0, d1)`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct AffineMap {
    /// Number of dimension identifiers.
    pub num_dims: u32,
    /// Number of symbol identifiers.
    pub num_symbols: u32,
    /// Result expressions.
    pub results: Vec<AffineExpr>,
}

/// An integer set `(d0)[s0] : (d0 - s0 >= 0, d0 == 0)`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct IntegerSet {
    /// Number of dimension identifiers.
    pub num_dims: u32,
    /// Number of symbol identifiers.
    pub num_symbols: u32,
    /// Constraints: expression and whether it is an equality (`== 0`) or inequality (`>= 0`).
    pub constraints: Vec<(AffineExpr, bool)>,
}

/// A source location (MLIR's `LocationAttr` family).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Location {
    /// `loc(unknown)`
    Unknown,
    /// `loc("file":line:col)` (and the range form `loc("file":l:c to l2:c2)` where end is set).
    FileLineCol {
        /// File name.
        file: Symbol,
        /// 1-based line.
        line: u32,
        /// 1-based column.
        col: u32,
        /// Optional end (line, col) of a range location.
        end: Option<(u32, u32)>,
    },
    /// `loc("name"(child))` or `loc("name")`.
    Name {
        /// The name.
        name: Symbol,
        /// The child location, if any.
        child: Option<Attribute>,
    },
    /// `loc(callsite(callee at caller))`
    CallSite {
        /// The callee location.
        callee: Attribute,
        /// The caller location.
        caller: Attribute,
    },
    /// `loc(fused<metadata>[a, b])`
    Fused {
        /// The fused locations.
        locations: Vec<Attribute>,
        /// Optional metadata attribute.
        metadata: Option<Attribute>,
    },
}

/// The structure of an attribute.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AttrKind {
    /// `42 : i32`, `true` (an `i1` integer prints as `true`/`false`), `3 : index`.
    Integer {
        /// The value, sign- or zero-extended per the type's signedness.
        value: i128,
        /// An integer or index type.
        ty: Type,
    },
    /// `1.0 : f32`, `0x7FC00000 : f32`.
    Float {
        /// Exact bit pattern in `ty`.
        bits: FloatBits,
        /// A float type.
        ty: Type,
    },
    /// `"text"` or `"text" : type`.
    String {
        /// The string value (unescaped bytes).
        value: String,
        /// Optional type.
        ty: Option<Type>,
    },
    /// `unit`
    Unit,
    /// A type used as an attribute.
    Type(Type),
    /// `[a, b, c]`
    Array(Vec<Attribute>),
    /// `array<i64: 1, 2>`; values stored as i64 for integers or f64 bits for floats
    DenseArray {
        /// Element type (an integer or float type).
        element: Type,
        /// Values: integers as i64, floats as f64 bit patterns.
        values: Vec<i64>,
    },
    /// `{a = 1, b}`; entries sorted by name.
    Dictionary(Vec<NamedAttribute>),
    /// `@root::@nested`
    SymbolRef {
        /// Root symbol.
        root: Symbol,
        /// Nested references.
        nested: Vec<Symbol>,
    },
    /// `dense<...> : tensor<...>`
    DenseElements {
        /// A shaped type.
        ty: Type,
        /// Element storage.
        data: DenseData,
    },
    /// `dense<["a", "b"]> : tensor<2x!tf.string>` — dense string elements.
    DenseStrings {
        /// A shaped type.
        ty: Type,
        /// The strings (one if splat).
        values: Vec<String>,
        /// Whether it is a splat.
        splat: bool,
    },
    /// `dense_resource<name> : tensor<...>`; the blob itself (from the `{-# dialect_resources #-}`
    /// section) is kept by the context under the name.
    DenseResource {
        /// Resource handle name.
        handle: String,
        /// A shaped type.
        ty: Type,
    },
    /// `affine_map<(d0) -> (d0)>`
    AffineMap(AffineMap),
    /// `affine_set<(d0) : (d0 >= 0)>`
    IntegerSet(IntegerSet),
    /// `strided<[1, ?], offset: ?>`
    Strided {
        /// Strides ([`DYNAMIC`](crate::DYNAMIC) for `?`).
        strides: Vec<i64>,
        /// Offset, if written ([`DYNAMIC`](crate::DYNAMIC) for `?`).
        offset: Option<i64>,
    },
    /// A location.
    Location(Location),
    /// A dialect attribute. Pretty form `#dialect.body` (`opaque == false`): `body` is the text
    /// after `dialect.` (e.g. `conv<[b, 0, f]x[0, i, o]->[b, 0, f]>`). Angle form
    /// `#dialect<body>` (`opaque == true`): `body` is the text inside the angle brackets, verbatim
    /// (e.g. `comparison_direction LT` for `#stablehlo<comparison_direction LT>`).
    Dialect {
        /// The dialect namespace.
        dialect: Symbol,
        /// The rest, verbatim.
        body: String,
        /// Whether the body is in the angle form `#dialect<body>`: derived from `body` by the
        /// context when interning ([`dialect_body_prints_pretty`]).
        opaque: bool,
    },
}

/// Storage size in bytes of one element of `ty` in [`DenseData`]: integers and floats are rounded
/// up to whole bytes (`i1` is one byte), complex numbers take two components.
pub fn storage_bytes(ctx: &crate::Context, ty: Type) -> usize {
    use crate::TypeKind;
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, .. } => (*width as usize).div_ceil(8).max(1),
        TypeKind::Index => 8,
        TypeKind::Float(k) => (k.bit_width() as usize).div_ceil(8),
        TypeKind::Complex(e) => 2 * storage_bytes(ctx, *e),
        _ => 0,
    }
}

/// Whether a dialect symbol body prints in the pretty form `!dialect.body` (MLIR's
/// `isDialectSymbolSimpleEnoughForPrettyForm`: an identifier optionally followed by `<...>`).
/// MLIR keeps no trace of how a dialect symbol was written (`!bar<baz>` and `!bar.baz` are the
/// same type), so the `opaque` flag of [`AttrKind::Dialect`] and
/// [`TypeKind::Dialect`](crate::TypeKind::Dialect) is derived from this rule when the context
/// interns them: equal symbols get the same handle whatever their spelling or constructor.
pub fn dialect_body_prints_pretty(body: &str) -> bool {
    let b = body.as_bytes();
    match b.first() {
        Some(c) if c.is_ascii_alphabetic() => {
            let n = b.iter().take_while(|c| c.is_ascii_alphanumeric() || **c == b'.' || **c == b'_').count();
            let rest = &b[n..];
            rest.is_empty() || (rest[0] == b'<' && rest[rest.len() - 1] == b'>')
        }
        _ => false,
    }
}
