//! Typed views of operations, attributes and shaped types — what MLIR's ODS-generated op
//! classes (`DotGeneralOp`, `getLhs()`, `getDimensionNumbers()`), its attribute classes and
//! `ShapedType` give a pass writer.
//!
//! - [`Op`] is an untyped view (`&Context` + [`OpId`]) with every generic accessor: operands,
//!   results and their types, attributes, regions, location.
//! - A typed view (declared with [`op_view!`]) wraps an [`Op`] whose op is known to be of one
//!   kind, dereferences to it, and adds named accessors (`lhs()`, `dimension_numbers()`).
//!   `DotGeneralOp::of(ctx, op)` is MLIR's `dyn_cast<DotGeneralOp>(op)`: op identity is the
//!   interned [`OpName`](crate::OpName)'s registered [`OpInfo`](crate::OpInfo), tagged with the
//!   view's [`TypeId`] when the dialect registers it ([`OpInfo::with_view`]) — one indexed load
//!   and a compare, never a string comparison.
//! - [`AttrRead`] reads an attribute as a Rust value: integers, floats, strings, integer lists,
//!   and *typed dialect attributes* (`#stablehlo<comparison_direction LT>` as
//!   `&ComparisonDirection`), which a dialect parses once, when the attribute is interned
//!   ([`Dialect::attr_payload`](crate::Dialect::attr_payload)), never on a read.
//! - [`ShapedType`] is the shaped-type API (rank, dimensions, element type, static/dynamic,
//!   bounded dimensions) for tensors, memrefs and vectors.
//!
//! Views borrow the context, so read what you need from a view before mutating the IR through
//! a rewriter: `let (x, perm) = (t.operand(), t.permutation().to_vec());`.

use std::any::{Any, TypeId};
use std::ops::Deref;

use crate::attributes::{AttrKind, Attribute, FloatBits};
use crate::ir::{BlockId, OpId, RegionId, Value};
use crate::types::{Type, TypeKind, DYNAMIC};
use crate::{Context, OpInfo};

/// An untyped view of an operation: the context and the op, with the generic accessors.
#[derive(Copy, Clone)]
pub struct Op<'a> {
    ctx: &'a Context,
    op: OpId,
}

impl std::fmt::Debug for Op<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}#{}", self.name(), self.op.index())
    }
}

impl<'a> Op<'a> {
    /// A view of `op`.
    pub fn new(ctx: &'a Context, op: OpId) -> Self {
        Op { ctx, op }
    }
    /// The context.
    pub fn ctx(&self) -> &'a Context {
        self.ctx
    }
    /// The op handle.
    pub fn id(&self) -> OpId {
        self.op
    }
    /// The op's full name (`stablehlo.add`).
    pub fn name(&self) -> &'a str {
        self.ctx.op_name_of(self.op)
    }
    /// The op's registered definition, if any.
    pub fn info(&self) -> Option<&'a std::rc::Rc<OpInfo>> {
        self.ctx.op_info(self.ctx.op(self.op).name)
    }
    /// The operands.
    pub fn operands(&self) -> &'a [Value] {
        self.ctx.operands(self.op)
    }
    /// Operand `i` (panics when out of range: views are used on verified IR).
    pub fn operand(&self, i: usize) -> Value {
        self.ctx.operands(self.op)[i]
    }
    /// Number of operands.
    pub fn num_operands(&self) -> usize {
        self.ctx.operands(self.op).len()
    }
    /// The type of operand `i`.
    pub fn operand_type(&self, i: usize) -> Type {
        self.ctx.value_type(self.operand(i))
    }
    /// The types of all operands.
    pub fn operand_types(&self) -> impl Iterator<Item = Type> + 'a {
        let ctx = self.ctx;
        self.operands().iter().map(move |v| ctx.value_type(*v))
    }
    /// Result `i`.
    pub fn result(&self, i: usize) -> Value {
        self.ctx.result(self.op, i)
    }
    /// The results.
    pub fn results(&self) -> impl Iterator<Item = Value> + 'a {
        self.ctx.results(self.op)
    }
    /// Number of results.
    pub fn num_results(&self) -> usize {
        self.ctx.num_results(self.op)
    }
    /// The type of result 0 (the only result of most ops).
    pub fn result_type(&self) -> Type {
        self.ctx.value_type(self.result(0))
    }
    /// The type of result `i`.
    pub fn result_type_at(&self, i: usize) -> Type {
        self.ctx.value_type(self.result(i))
    }
    /// The types of all results.
    pub fn result_types(&self) -> impl Iterator<Item = Type> + 'a {
        let ctx = self.ctx;
        ctx.results(self.op).map(move |v| ctx.value_type(v))
    }
    /// The shaped-type view of result 0's type.
    pub fn result_shape(&self) -> Option<ShapedType<'a>> {
        self.ctx.shaped(self.result_type())
    }
    /// The shaped-type view of operand `i`'s type.
    pub fn operand_shape(&self, i: usize) -> Option<ShapedType<'a>> {
        self.ctx.shaped(self.operand_type(i))
    }
    /// An attribute by name (properties first, then discardable attributes).
    pub fn attr(&self, name: &str) -> Option<Attribute> {
        self.ctx.attr(self.op, name)
    }
    /// An attribute read as a Rust value ([`AttrRead`]): `None` when absent or of another kind.
    pub fn attr_as<T: AttrRead<'a>>(&self, name: &str) -> Option<T> {
        self.attr(name).and_then(|a| T::read(self.ctx, a))
    }
    /// Whether an attribute is present.
    pub fn has_attr(&self, name: &str) -> bool {
        self.attr(name).is_some()
    }
    /// The op's regions.
    pub fn regions(&self) -> &'a [RegionId] {
        self.ctx.op_regions(self.op)
    }
    /// Region `i`.
    pub fn region(&self, i: usize) -> RegionId {
        self.ctx.op_regions(self.op)[i]
    }
    /// The entry block of region `i`, if it has blocks.
    pub fn region_entry(&self, i: usize) -> Option<BlockId> {
        self.ctx.region_entry(self.region(i))
    }
    /// The location attribute.
    pub fn loc(&self) -> Attribute {
        self.ctx.op(self.op).loc
    }
    /// The block holding the op.
    pub fn parent_block(&self) -> Option<BlockId> {
        self.ctx.op(self.op).parent()
    }
    /// Whether the op's definition has all of `traits`.
    pub fn has_trait(&self, traits: crate::Traits) -> bool {
        self.info().is_some_and(|i| i.has(traits))
    }
    /// A typed view of this op, if it is of that kind.
    pub fn view<V: OpView<'a>>(&self) -> Option<V> {
        V::of(self.ctx, self.op)
    }
}

/// A typed view of one kind of op (MLIR's ODS op class). Declare one with [`op_view!`] and
/// register it with [`OpInfo::with_view`]; then `V::of(ctx, op)` succeeds exactly for ops of
/// that kind.
pub trait OpView<'a>: Copy + Deref<Target = Op<'a>> {
    /// The full op name.
    const NAME: &'static str;
    /// A `'static` type standing for the view (its [`TypeId`] tags the registered op).
    type Key: 'static;
    /// Wrap an op without checking its kind.
    fn from_op_unchecked(op: Op<'a>) -> Self;
    /// The view of `op` if it is of this kind (MLIR's `dyn_cast`).
    fn of(ctx: &'a Context, op: OpId) -> Option<Self> {
        if ctx.isa::<Self>(op) {
            Some(Self::from_op_unchecked(Op::new(ctx, op)))
        } else {
            None
        }
    }
    /// The view of the op defining `v`, if `v` is a result of an op of this kind.
    fn defining(ctx: &'a Context, v: Value) -> Option<Self> {
        ctx.defining_op(v).and_then(|op| Self::of(ctx, op))
    }
}

impl Context {
    /// Whether `op` is of the kind of view `V` (MLIR's `isa<V>(op)`).
    pub fn isa<'a, V: OpView<'a>>(&self, op: OpId) -> bool {
        match self.op_info(self.op(op).name) {
            Some(info) => info.view == Some(TypeId::of::<V::Key>()),
            None => false,
        }
    }

    /// The untyped view of `op`.
    pub fn view_op(&self, op: OpId) -> Op<'_> {
        Op::new(self, op)
    }

    /// The typed view `V` of `op`, if it is of that kind.
    pub fn view<'a, V: OpView<'a>>(&'a self, op: OpId) -> Option<V> {
        V::of(self, op)
    }
}

impl OpInfo {
    /// Tag the definition with the typed view `V` (so `V::of` recognizes the op).
    pub fn with_view<'a, V: OpView<'a>>(mut self) -> Self {
        debug_assert_eq!(self.name, V::NAME, "view registered for the wrong op");
        self.view = Some(TypeId::of::<V::Key>());
        self
    }
}

// ----- attributes -----

/// A type a dialect attribute (or type) can carry as its typed payload: parsed once by the
/// dialect when the attribute is interned, read with [`Context::typed_attr`] or
/// [`AttrRead`] for `&T`.
pub trait DialectPayload: Any {}

/// Reading an attribute as a Rust value.
pub trait AttrRead<'a>: Sized {
    /// The value of `a`, or `None` when `a` is of another kind.
    fn read(ctx: &'a Context, a: Attribute) -> Option<Self>;
}

impl<'a> AttrRead<'a> for Attribute {
    fn read(_: &'a Context, a: Attribute) -> Option<Self> {
        Some(a)
    }
}

impl<'a> AttrRead<'a> for i64 {
    fn read(ctx: &'a Context, a: Attribute) -> Option<Self> {
        match ctx.attr_kind(a) {
            AttrKind::Integer { value, .. } => i64::try_from(*value).ok(),
            _ => None,
        }
    }
}

impl<'a> AttrRead<'a> for u64 {
    fn read(ctx: &'a Context, a: Attribute) -> Option<Self> {
        match ctx.attr_kind(a) {
            AttrKind::Integer { value, .. } => u64::try_from(*value).ok(),
            _ => None,
        }
    }
}

impl<'a> AttrRead<'a> for bool {
    fn read(ctx: &'a Context, a: Attribute) -> Option<Self> {
        match ctx.attr_kind(a) {
            AttrKind::Integer { value, .. } => Some(*value != 0),
            AttrKind::Unit => Some(true),
            _ => None,
        }
    }
}

impl<'a> AttrRead<'a> for f64 {
    fn read(ctx: &'a Context, a: Attribute) -> Option<Self> {
        match ctx.attr_kind(a) {
            AttrKind::Float { bits, ty } => match ctx.type_kind(*ty) {
                TypeKind::Float(k) => Some(crate::printer::float_bits_to_f64(*bits, *k)),
                _ => None,
            },
            _ => None,
        }
    }
}

impl<'a> AttrRead<'a> for FloatBits {
    fn read(ctx: &'a Context, a: Attribute) -> Option<Self> {
        match ctx.attr_kind(a) {
            AttrKind::Float { bits, .. } => Some(*bits),
            _ => None,
        }
    }
}

impl<'a> AttrRead<'a> for &'a str {
    fn read(ctx: &'a Context, a: Attribute) -> Option<Self> {
        match ctx.attr_kind(a) {
            AttrKind::String { value, .. } => Some(value.as_str()),
            _ => None,
        }
    }
}

/// `array<i64: …>` (and other integer dense arrays).
impl<'a> AttrRead<'a> for &'a [i64] {
    fn read(ctx: &'a Context, a: Attribute) -> Option<Self> {
        match ctx.attr_kind(a) {
            AttrKind::DenseArray { element, values } if !matches!(ctx.type_kind(*element), TypeKind::Float(_)) => {
                Some(values.as_slice())
            }
            _ => None,
        }
    }
}

/// `[a, b, c]`.
impl<'a> AttrRead<'a> for &'a [Attribute] {
    fn read(ctx: &'a Context, a: Attribute) -> Option<Self> {
        match ctx.attr_kind(a) {
            AttrKind::Array(v) => Some(v.as_slice()),
            _ => None,
        }
    }
}

/// A type attribute.
impl<'a> AttrRead<'a> for Type {
    fn read(ctx: &'a Context, a: Attribute) -> Option<Self> {
        match ctx.attr_kind(a) {
            AttrKind::Type(t) => Some(*t),
            _ => None,
        }
    }
}

/// A typed dialect attribute (its payload).
impl<'a, T: DialectPayload> AttrRead<'a> for &'a T {
    fn read(ctx: &'a Context, a: Attribute) -> Option<Self> {
        ctx.typed_attr::<T>(a)
    }
}

/// A list of integers as an attribute holds it: `array<i64: …>` (borrowed), or the older
/// `dense<[…]> : tensor<Nxi64>` and `[1, 2]` forms (decoded). Views return int-list
/// attributes as this, so legacy spellings never make a typed accessor fail.
pub type I64s<'a> = std::borrow::Cow<'a, [i64]>;

impl<'a> AttrRead<'a> for I64s<'a> {
    fn read(ctx: &'a Context, a: Attribute) -> Option<Self> {
        match ctx.attr_kind(a) {
            AttrKind::DenseArray { element, values } if !matches!(ctx.type_kind(*element), TypeKind::Float(_)) => {
                Some(std::borrow::Cow::Borrowed(values.as_slice()))
            }
            AttrKind::DenseElements { .. } => dense_int_values(ctx, a).map(|(_, v)| std::borrow::Cow::Owned(v)),
            AttrKind::Array(xs) => {
                xs.iter().map(|x| i64::read(ctx, *x)).collect::<Option<Vec<_>>>().map(std::borrow::Cow::Owned)
            }
            _ => None,
        }
    }
}

/// Decode integer (or `i1`, or `index`) dense elements: (shape, row-major values, sign- or
/// zero-extended as the element type says), splats expanded.
pub fn dense_int_values(ctx: &Context, a: Attribute) -> Option<(Vec<i64>, Vec<i64>)> {
    let AttrKind::DenseElements { ty, data } = ctx.attr_kind(a) else { return None };
    let TypeKind::RankedTensor { shape, element, .. } = ctx.type_kind(*ty) else { return None };
    let (width, sign) = match ctx.type_kind(*element) {
        TypeKind::Integer { width, signedness } => (*width, *signedness),
        TypeKind::Index => (64, crate::Signedness::Signless),
        _ => return None,
    };
    let nb = crate::attributes::storage_bytes(ctx, *element);
    let n: i64 = shape.iter().product();
    let read = |i: usize| -> i64 {
        let mut v: u64 = 0;
        for k in 0..nb.min(8) {
            v |= (data.bytes.get(i * nb + k).copied().unwrap_or(0) as u64) << (8 * k);
        }
        let bits = (nb * 8).min(64) as u32;
        if width == 1 {
            return (v & 1) as i64;
        }
        if sign != crate::Signedness::Unsigned && bits < 64 && (v >> (bits - 1)) & 1 == 1 {
            (v | (!0u64 << bits)) as i64
        } else {
            v as i64
        }
    };
    let vals = if data.splat { vec![read(0); n.max(0) as usize] } else { (0..n.max(0) as usize).map(read).collect() };
    Some((shape.to_vec(), vals))
}

// ----- shaped types -----

/// Dimension bounds carried by a tensor encoding (StableHLO's `#stablehlo.bounds<…>`): a
/// dialect whose encoding attribute bounds dynamic dimensions gives it this payload, and
/// [`ShapedType::bounds`] finds it. [`DYNAMIC`] marks an unbounded dimension.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DimBounds(pub Vec<i64>);
impl DialectPayload for DimBounds {}

/// A view of a shaped type (ranked or unranked tensor, memref, vector): MLIR's `ShapedType`.
#[derive(Copy, Clone)]
pub struct ShapedType<'a> {
    ctx: &'a Context,
    ty: Type,
    dims: Option<&'a [i64]>,
    element: Type,
}

impl<'a> ShapedType<'a> {
    /// The type.
    pub fn ty(&self) -> Type {
        self.ty
    }
    /// Whether the type is ranked.
    pub fn has_rank(&self) -> bool {
        self.dims.is_some()
    }
    /// The rank, if ranked.
    pub fn rank(&self) -> Option<usize> {
        self.dims.map(|d| d.len())
    }
    /// The dimension sizes ([`DYNAMIC`] for `?`); empty for unranked types.
    pub fn dims(&self) -> &'a [i64] {
        self.dims.unwrap_or(&[])
    }
    /// Dimension `i` ([`DYNAMIC`] for `?`).
    pub fn dim(&self, i: usize) -> i64 {
        self.dims()[i]
    }
    /// Whether dimension `i` is dynamic.
    pub fn is_dynamic_dim(&self, i: usize) -> bool {
        self.dims()[i] == DYNAMIC
    }
    /// The element type.
    pub fn element_type(&self) -> Type {
        self.element
    }
    /// Whether the type is ranked with no dynamic dimension.
    pub fn is_static(&self) -> bool {
        self.dims.is_some_and(|d| d.iter().all(|&x| x != DYNAMIC))
    }
    /// The number of elements of a static shape (saturating; `None` if not static).
    pub fn num_elements(&self) -> Option<i64> {
        if !self.is_static() {
            return None;
        }
        Some(self.dims().iter().fold(1i64, |a, &d| a.saturating_mul(d)))
    }
    /// The encoding attribute of a ranked tensor.
    pub fn encoding(&self) -> Option<Attribute> {
        match self.ctx.type_kind(self.ty) {
            TypeKind::RankedTensor { encoding, .. } => *encoding,
            _ => None,
        }
    }
    /// Bounds of the dynamic dimensions, when the encoding carries them ([`DimBounds`]).
    pub fn bounds(&self) -> Option<&'a [i64]> {
        self.encoding().and_then(|e| self.ctx.typed_attr::<DimBounds>(e)).map(|b| b.0.as_slice())
    }
    /// Whether this is a tensor type (ranked or not).
    pub fn is_tensor(&self) -> bool {
        matches!(self.ctx.type_kind(self.ty), TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. })
    }
}

impl Context {
    /// The shaped-type view of `t`, if it is a tensor, memref or vector type.
    pub fn shaped(&self, t: Type) -> Option<ShapedType<'_>> {
        let k = self.type_kind(t);
        let element = k.element_type()?;
        Some(ShapedType { ctx: self, ty: t, dims: k.shape(), element })
    }

    /// The element type of a shaped type, or `t` itself for a scalar type.
    pub fn element_type_or_self(&self, t: Type) -> Type {
        self.type_kind(t).element_type().unwrap_or(t)
    }
}

/// Declares a typed op view (see the [module docs](self)):
///
/// ```ignore
/// op_view! {
///     /// `stablehlo.dot_general`
///     pub DotGeneralOp = "stablehlo.dot_general" {
///         operands { lhs: 0, rhs: 1 }
///         attrs { dot_dimension_numbers: &'a DotDimensionNumbers }
///         optional_attrs { precision_config: &'a [Attribute] }
///     }
/// }
/// ```
///
/// Required attributes return their value (the verifier guarantees them; a missing one on
/// verified IR is a bug and panics with the op and attribute named), optional ones an
/// `Option`. Variadic operands and anything irregular are written by hand in an `impl` block.
#[macro_export]
macro_rules! op_view {
    // With a registry: also `fn $registry(name) -> Option<TypeId>`, the key of the view declared
    // for an op name (what a dialect's registration uses to tag its ops).
    (@registry $registry:ident; $(
        $(#[$doc:meta])*
        $vis:vis $view:ident = $name:literal { $($body:tt)* }
    )*) => {
        $crate::op_view! { $( $(#[$doc])* $vis $view = $name { $($body)* } )* }

        /// The view key (`TypeId`) declared for an op name.
        pub fn $registry(name: &str) -> Option<::std::any::TypeId> {
            match name {
                $($name => Some(::std::any::TypeId::of::<$view<'static>>()),)*
                _ => None,
            }
        }

        /// Every op name that has a view here.
        #[allow(dead_code)]
        pub const VIEW_NAMES: &[&str] = &[$($name),*];
    };
    ($(
        $(#[$doc:meta])*
        $vis:vis $view:ident = $name:literal {
            $(operands { $($operand:ident : $index:expr),* $(,)? })?
            $(attrs { $($attr:ident : $aty:ty),* $(,)? })?
            $(optional_attrs { $($oattr:ident : $oaty:ty),* $(,)? })?
            $(regions { $($region:ident : $rindex:expr),* $(,)? })?
        }
    )*) => {$(
        $(#[$doc])*
        #[derive(Copy, Clone, Debug)]
        $vis struct $view<'a>($crate::view::Op<'a>);

        impl<'a> ::std::ops::Deref for $view<'a> {
            type Target = $crate::view::Op<'a>;
            fn deref(&self) -> &$crate::view::Op<'a> {
                &self.0
            }
        }

        impl<'a> $crate::view::OpView<'a> for $view<'a> {
            const NAME: &'static str = $name;
            type Key = $view<'static>;
            fn from_op_unchecked(op: $crate::view::Op<'a>) -> Self {
                $view(op)
            }
        }

        #[allow(dead_code)]
        impl<'a> $view<'a> {
            $($(
                #[doc = concat!("Operand `", stringify!($operand), "`.")]
                pub fn $operand(&self) -> $crate::Value {
                    self.0.operand($index)
                }
            )*)?
            $($(
                #[doc = concat!("The `", stringify!($attr), "` attribute.")]
                pub fn $attr(&self) -> $aty {
                    match self.0.attr_as::<$aty>(stringify!($attr)) {
                        Some(v) => v,
                        None => panic!(
                            "{}: attribute `{}` missing or malformed (the verifier should have rejected the op)",
                            $name,
                            stringify!($attr)
                        ),
                    }
                }
            )*)?
            $($(
                #[doc = concat!("The optional `", stringify!($oattr), "` attribute.")]
                pub fn $oattr(&self) -> Option<$oaty> {
                    self.0.attr_as::<$oaty>(stringify!($oattr))
                }
            )*)?
            $($(
                #[doc = concat!("Region `", stringify!($region), "`.")]
                pub fn $region(&self) -> $crate::RegionId {
                    self.0.region($rindex)
                }
            )*)?
        }
    )*};
}
