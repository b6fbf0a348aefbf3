//! The op families of [`ComputationBuilder`], following XLA's operation semantics: constants,
//! element-wise unary and binary ops (with implicit broadcasting), comparisons, shape ops,
//! `dot`, reductions, `map`, control flow, tuples and calls.

use std::panic::Location;

use strata_ir::{RegionId, Type, Value as IrValue};

use super::broadcast;
use super::{BuilderError, ComputationBuilder, IntoRoots, OpCx, Shape, SubComputation, XlaOp};
use crate::eval::{dense_attr_from_tensor, ir_element_type};
use strata_dialects::stablehlo::attrs::{
    ComparisonDirection, ComparisonType, DotDimensionNumbers, GatherDimensionNumbers, ScatterDimensionNumbers,
};
use strata_reference::value::{Complex, ElementType, Tensor};

/// A Rust type usable in typed constants (XLA's "native type" table: `bool` is `PRED`, `f32` is
/// `F32`, `i32` is `S32`, ...).
pub trait NativeType: Copy {
    /// The element type.
    const ELEMENT: ElementType;
    /// A tensor of `dims` holding `values` (row-major).
    fn tensor(dims: &[i64], values: &[Self]) -> Tensor;
}

macro_rules! native {
    ($($t:ty => $e:expr, |$d:ident, $v:ident| $body:expr;)*) => {$(
        impl NativeType for $t {
            const ELEMENT: ElementType = $e;
            fn tensor($d: &[i64], $v: &[Self]) -> Tensor {
                $body.expect("element count matches the dimensions")
            }
        }
    )*};
}

native! {
    bool => ElementType::I1, |d, v| Tensor::from_bools(d, v);
    f32 => ElementType::F32, |d, v| Tensor::from_f32_vec(d, v.to_vec());
    f64 => ElementType::F64, |d, v| Tensor::from_f64s(ElementType::F64, d, v);
    i8 => ElementType::SInt(8), |d, v| Tensor::from_i64s(ElementType::SInt(8), d, &v.iter().map(|x| *x as i64).collect::<Vec<_>>());
    i16 => ElementType::SInt(16), |d, v| Tensor::from_i64s(ElementType::SInt(16), d, &v.iter().map(|x| *x as i64).collect::<Vec<_>>());
    i32 => ElementType::SInt(32), |d, v| Tensor::from_i64s(ElementType::SInt(32), d, &v.iter().map(|x| *x as i64).collect::<Vec<_>>());
    i64 => ElementType::SInt(64), |d, v| Tensor::from_i64s(ElementType::SInt(64), d, v);
    u8 => ElementType::UInt(8), |d, v| Tensor::from_u64s(ElementType::UInt(8), d, &v.iter().map(|x| *x as u64).collect::<Vec<_>>());
    u16 => ElementType::UInt(16), |d, v| Tensor::from_u64s(ElementType::UInt(16), d, &v.iter().map(|x| *x as u64).collect::<Vec<_>>());
    u32 => ElementType::UInt(32), |d, v| Tensor::from_u64s(ElementType::UInt(32), d, &v.iter().map(|x| *x as u64).collect::<Vec<_>>());
    u64 => ElementType::UInt(64), |d, v| Tensor::from_u64s(ElementType::UInt(64), d, v);
}

/// A rank-0 tensor of `e` holding `v` (converted: `i1` is `v != 0`, integers truncate).
fn scalar_tensor(e: ElementType, v: f64) -> Option<Tensor> {
    let t = if e.is_bool() {
        Tensor::from_bools(&[], &[v != 0.0])
    } else if e.is_signed_integer() {
        let (lo, hi) = e.int_range()?;
        Tensor::from_i64s(e, &[], &[(v.clamp(lo as f64, hi as f64)) as i64])
    } else if e.is_unsigned_integer() {
        let (_, hi) = e.int_range()?;
        Tensor::from_u64s(e, &[], &[v.clamp(0.0, hi as f64) as u64])
    } else if e.is_complex() {
        Tensor::from_complex(e, &[], &[Complex::new(v, 0.0)])
    } else {
        Tensor::from_f64s(e, &[], &[v])
    };
    t.ok()
}

fn tensor_type(cx: &mut OpCx<'_>, dims: &[i64], e: ElementType) -> Type {
    let el = ir_element_type(cx.ctx(), e);
    cx.ctx().tensor_type(dims, el)
}

fn elem(cx: &OpCx<'_>, s: &Shape) -> Result<ElementType, BuilderError> {
    s.element_type().ok_or_else(|| cx.err(format!("expected an array, got {s}")))
}

/// Emits `stablehlo.constant` holding `t`.
fn constant(cx: &mut OpCx<'_>, t: &Tensor) -> Result<IrValue, BuilderError> {
    let a = dense_attr_from_tensor(cx.ctx(), t);
    let ty = tensor_type(cx, t.shape(), t.element_type());
    cx.emit1("stablehlo.constant", &[], &[("value", a)], vec![], Some(vec![ty]))
}

fn scalar_constant(cx: &mut OpCx<'_>, e: ElementType, v: f64) -> Result<IrValue, BuilderError> {
    let t = scalar_tensor(e, v).ok_or_else(|| cx.err(format!("no constant {v} of type {}", e.xla_name())))?;
    constant(cx, &t)
}

/// `stablehlo.broadcast_in_dim` of `v` (shape `from`) to `dims`, unless it already has them.
fn broadcast_to(
    cx: &mut OpCx<'_>,
    v: IrValue,
    from: &Shape,
    dims: &[i64],
    map: &[i64],
) -> Result<IrValue, BuilderError> {
    if from.dims() == dims {
        return Ok(v);
    }
    let ty = tensor_type(cx, dims, elem(cx, from)?);
    let m = cx.i64s(map);
    cx.emit1("stablehlo.broadcast_in_dim", &[v], &[("broadcast_dimensions", m)], vec![], Some(vec![ty]))
}

/// Resolves two operands and broadcasts them to a common shape (XLA's rules).
fn broadcast_pair(cx: &mut OpCx<'_>, lhs: XlaOp, rhs: XlaOp, bd: &[i64]) -> Result<(IrValue, IrValue), BuilderError> {
    let (l, r) = (cx.val(lhs)?, cx.val(rhs)?);
    let (ls, rs) = (cx.array(l)?, cx.array(r)?);
    if ls.element_type() != rs.element_type() {
        return Err(cx.err(format!("operands have different element types: {ls} and {rs}")));
    }
    let plan = broadcast::plan(ls.dims(), rs.dims(), bd)
        .map_err(|m| cx.err(format!("cannot broadcast {ls} and {rs}: {m}")))?;
    let l = broadcast_to(cx, l, &ls, &plan.dims, &plan.lhs_map)?;
    let r = broadcast_to(cx, r, &rs, &plan.dims, &plan.rhs_map)?;
    Ok((l, r))
}

fn comparison_type(e: ElementType) -> ComparisonType {
    if e.is_float() || e.is_complex() {
        ComparisonType::FLOAT
    } else if e.is_signed_integer() {
        ComparisonType::SIGNED
    } else {
        ComparisonType::UNSIGNED
    }
}

/// The scalar element types of `vals` (region arguments of reductions and maps).
fn scalar_types(cx: &mut OpCx<'_>, vals: &[IrValue]) -> Result<Vec<Type>, BuilderError> {
    let mut out = Vec::new();
    for v in vals {
        let s = cx.array(*v)?;
        let e = elem(cx, &s)?;
        out.push(tensor_type(cx, &[], e));
    }
    Ok(out)
}

macro_rules! unary_ops {
    ($($(#[$doc:meta])* $name:ident => $op:literal;)*) => {
        impl ComputationBuilder {$(
            $(#[$doc])*
            #[track_caller]
            pub fn $name(&self, operand: XlaOp) -> XlaOp {
                self.unary_op(stringify!($name), $op, operand, Location::caller())
            }
        )*}
    };
}

unary_ops! {
    /// Element-wise negation `-x` (`stablehlo.negate`).
    neg => "stablehlo.negate";
    /// Element-wise absolute value (`stablehlo.abs`; complex → real).
    abs => "stablehlo.abs";
    /// Element-wise `e^x` (`stablehlo.exponential`).
    exp => "stablehlo.exponential";
    /// Element-wise `e^x - 1` (`stablehlo.exponential_minus_one`).
    expm1 => "stablehlo.exponential_minus_one";
    /// Element-wise natural logarithm (`stablehlo.log`).
    log => "stablehlo.log";
    /// Element-wise `ln(1 + x)` (`stablehlo.log_plus_one`).
    log1p => "stablehlo.log_plus_one";
    /// Element-wise hyperbolic tangent (`stablehlo.tanh`).
    tanh => "stablehlo.tanh";
    /// Element-wise square root (`stablehlo.sqrt`).
    sqrt => "stablehlo.sqrt";
    /// Element-wise reciprocal square root (`stablehlo.rsqrt`).
    rsqrt => "stablehlo.rsqrt";
    /// Element-wise cube root (`stablehlo.cbrt`).
    cbrt => "stablehlo.cbrt";
    /// Element-wise logistic sigmoid `1 / (1 + e^-x)` (`stablehlo.logistic`).
    logistic => "stablehlo.logistic";
    /// Element-wise floor (`stablehlo.floor`).
    floor => "stablehlo.floor";
    /// Element-wise ceiling (`stablehlo.ceil`).
    ceil => "stablehlo.ceil";
    /// Element-wise rounding, halfway cases away from zero (`stablehlo.round_nearest_afz`).
    round => "stablehlo.round_nearest_afz";
    /// Element-wise sign: -1, 0 or 1 (`stablehlo.sign`).
    sign => "stablehlo.sign";
    /// Element-wise cosine (`stablehlo.cosine`).
    cos => "stablehlo.cosine";
    /// Element-wise sine (`stablehlo.sine`).
    sin => "stablehlo.sine";
    /// Element-wise tangent (`stablehlo.tan`).
    tan => "stablehlo.tan";
    /// Element-wise logical (`pred`) or bitwise (integers) not (`stablehlo.not`).
    logical_not => "stablehlo.not";
    /// Whether each element is finite: a `pred` array (`stablehlo.is_finite`).
    is_finite => "stablehlo.is_finite";
    /// Element-wise population count (`stablehlo.popcnt`).
    popcnt => "stablehlo.popcnt";
    /// Element-wise count of leading zero bits (`stablehlo.count_leading_zeros`).
    clz => "stablehlo.count_leading_zeros";
    /// Real part (`stablehlo.real`).
    real => "stablehlo.real";
    /// Imaginary part (`stablehlo.imag`).
    imag => "stablehlo.imag";
}

macro_rules! binary_ops {
    ($($(#[$doc:meta])* $name:ident, $with:ident => $op:literal;)*) => {
        impl ComputationBuilder {$(
            $(#[$doc])*
            ///
            /// Shapes broadcast by XLA's implicit rules (equal shapes, a scalar with an array,
            /// degenerate size-1 dimensions).
            #[track_caller]
            pub fn $name(&self, lhs: XlaOp, rhs: XlaOp) -> XlaOp {
                self.binary_op(stringify!($name), $op, lhs, rhs, &[], Location::caller())
            }
            #[doc = concat!("[`", stringify!($name), "`](Self::", stringify!($name), ") with XLA's `broadcast_dimensions`: ",
                "entry `i` names the dimension of the higher-rank operand that dimension `i` of the lower-rank operand matches.")]
            #[track_caller]
            pub fn $with(&self, lhs: XlaOp, rhs: XlaOp, broadcast_dimensions: &[i64]) -> XlaOp {
                self.binary_op(stringify!($name), $op, lhs, rhs, broadcast_dimensions, Location::caller())
            }
        )*}
    };
}

binary_ops! {
    /// Element-wise addition (`stablehlo.add`).
    add, add_with_broadcast => "stablehlo.add";
    /// Element-wise subtraction (`stablehlo.subtract`).
    sub, sub_with_broadcast => "stablehlo.subtract";
    /// Element-wise multiplication (`stablehlo.multiply`).
    mul, mul_with_broadcast => "stablehlo.multiply";
    /// Element-wise division (`stablehlo.divide`).
    div, div_with_broadcast => "stablehlo.divide";
    /// Element-wise remainder, with the sign of the dividend (`stablehlo.remainder`).
    rem, rem_with_broadcast => "stablehlo.remainder";
    /// Element-wise maximum (`stablehlo.maximum`).
    max, max_with_broadcast => "stablehlo.maximum";
    /// Element-wise minimum (`stablehlo.minimum`).
    min, min_with_broadcast => "stablehlo.minimum";
    /// Element-wise power `lhs ^ rhs` (`stablehlo.power`).
    pow, pow_with_broadcast => "stablehlo.power";
    /// Element-wise `atan2(lhs, rhs)` (`stablehlo.atan2`).
    atan2, atan2_with_broadcast => "stablehlo.atan2";
    /// Element-wise logical (`pred`) or bitwise and (`stablehlo.and`).
    and, and_with_broadcast => "stablehlo.and";
    /// Element-wise logical (`pred`) or bitwise or (`stablehlo.or`).
    or, or_with_broadcast => "stablehlo.or";
    /// Element-wise logical (`pred`) or bitwise exclusive or (`stablehlo.xor`).
    xor, xor_with_broadcast => "stablehlo.xor";
    /// Element-wise shift left (`stablehlo.shift_left`).
    shift_left, shift_left_with_broadcast => "stablehlo.shift_left";
    /// Element-wise logical shift right (`stablehlo.shift_right_logical`).
    shift_right_logical, shift_right_logical_with_broadcast => "stablehlo.shift_right_logical";
    /// Element-wise arithmetic shift right (`stablehlo.shift_right_arithmetic`).
    shift_right_arithmetic, shift_right_arithmetic_with_broadcast => "stablehlo.shift_right_arithmetic";
}

macro_rules! compare_ops {
    ($($(#[$doc:meta])* $name:ident, $with:ident => $dir:ident;)*) => {
        impl ComputationBuilder {$(
            $(#[$doc])*
            /// The result is a `pred` array of the broadcast shape.
            #[track_caller]
            pub fn $name(&self, lhs: XlaOp, rhs: XlaOp) -> XlaOp {
                self.compare_impl(stringify!($name), lhs, rhs, ComparisonDirection::$dir, &[], Location::caller())
            }
            #[doc = concat!("[`", stringify!($name), "`](Self::", stringify!($name), ") with XLA's `broadcast_dimensions`.")]
            #[track_caller]
            pub fn $with(&self, lhs: XlaOp, rhs: XlaOp, broadcast_dimensions: &[i64]) -> XlaOp {
                self.compare_impl(stringify!($name), lhs, rhs, ComparisonDirection::$dir, broadcast_dimensions, Location::caller())
            }
        )*}
    };
}

compare_ops! {
    /// Element-wise `lhs == rhs`.
    eq, eq_with_broadcast => EQ;
    /// Element-wise `lhs != rhs`.
    ne, ne_with_broadcast => NE;
    /// Element-wise `lhs < rhs`.
    lt, lt_with_broadcast => LT;
    /// Element-wise `lhs <= rhs`.
    le, le_with_broadcast => LE;
    /// Element-wise `lhs > rhs`.
    gt, gt_with_broadcast => GT;
    /// Element-wise `lhs >= rhs`.
    ge, ge_with_broadcast => GE;
}

impl ComputationBuilder {
    fn unary_op(&self, what: &'static str, name: &str, operand: XlaOp, at: &'static Location<'static>) -> XlaOp {
        let r = self.run(what, at, |cx| {
            let v = cx.val(operand)?;
            cx.array(v)?;
            let r = cx.emit1(name, &[v], &[], vec![], None)?;
            Ok(cx.wrap(r))
        });
        self.finish(r)
    }

    fn binary_op(
        &self,
        what: &'static str,
        name: &str,
        lhs: XlaOp,
        rhs: XlaOp,
        bd: &[i64],
        at: &'static Location<'static>,
    ) -> XlaOp {
        let r = self.run(what, at, |cx| {
            let (l, r) = broadcast_pair(cx, lhs, rhs, bd)?;
            let v = cx.emit1(name, &[l, r], &[], vec![], None)?;
            Ok(cx.wrap(v))
        });
        self.finish(r)
    }

    fn compare_impl(
        &self,
        what: &'static str,
        lhs: XlaOp,
        rhs: XlaOp,
        dir: ComparisonDirection,
        bd: &[i64],
        at: &'static Location<'static>,
    ) -> XlaOp {
        let r = self.run(what, at, |cx| {
            let (l, r) = broadcast_pair(cx, lhs, rhs, bd)?;
            let s = cx.array(l)?;
            let e = elem(cx, &s)?;
            let d = dir.to_attr(cx.ctx());
            let t = comparison_type(e).to_attr(cx.ctx());
            let v = cx.emit1(
                "stablehlo.compare",
                &[l, r],
                &[("comparison_direction", d), ("compare_type", t)],
                vec![],
                None,
            )?;
            Ok(cx.wrap(v))
        });
        self.finish(r)
    }

    /// Element-wise comparison in direction `direction` (XLA's `Eq`, `Lt`, ... by direction),
    /// with optional `broadcast_dimensions` (pass `&[]` for none).
    #[track_caller]
    pub fn compare(
        &self,
        lhs: XlaOp,
        rhs: XlaOp,
        direction: ComparisonDirection,
        broadcast_dimensions: &[i64],
    ) -> XlaOp {
        self.compare_impl("compare", lhs, rhs, direction, broadcast_dimensions, Location::caller())
    }

    /// `x * x`.
    #[track_caller]
    pub fn square(&self, operand: XlaOp) -> XlaOp {
        let at = Location::caller();
        self.binary_op("square", "stablehlo.multiply", operand, operand, &[], at)
    }

    /// `1 / x`.
    #[track_caller]
    pub fn reciprocal(&self, operand: XlaOp) -> XlaOp {
        let at = Location::caller();
        let r = self.run("reciprocal", at, |cx| {
            let v = cx.val(operand)?;
            let s = cx.array(v)?;
            let e = elem(cx, &s)?;
            let one = scalar_constant(cx, e, 1.0)?;
            let one = broadcast_to(cx, one, &Shape::scalar(e), s.dims(), &[])?;
            let r = cx.emit1("stablehlo.divide", &[one, v], &[], vec![], None)?;
            Ok(cx.wrap(r))
        });
        self.finish(r)
    }

    // ----- constants -----

    /// A constant holding `literal` (XLA's `ConstantLiteral`).
    #[track_caller]
    pub fn constant_literal(&self, literal: &Tensor) -> XlaOp {
        let at = Location::caller();
        let r = self.run("constant_literal", at, |cx| {
            let v = constant(cx, literal)?;
            Ok(cx.wrap(v))
        });
        self.finish(r)
    }

    /// A scalar constant (XLA's `ConstantR0<T>`).
    #[track_caller]
    pub fn constant_r0<T: NativeType>(&self, value: T) -> XlaOp {
        self.constant_literal(&T::tensor(&[], &[value]))
    }

    /// A vector constant (XLA's `ConstantR1<T>`).
    #[track_caller]
    pub fn constant_r1<T: NativeType>(&self, values: &[T]) -> XlaOp {
        self.constant_literal(&T::tensor(&[values.len() as i64], values))
    }

    /// A vector of `length` copies of `value` (XLA's `ConstantR1(length, value)`).
    #[track_caller]
    pub fn constant_r1_splat<T: NativeType>(&self, length: usize, value: T) -> XlaOp {
        self.constant_literal(&T::tensor(&[length as i64], &vec![value; length]))
    }

    /// A matrix constant from rows of equal length (XLA's `ConstantR2<T>`).
    #[track_caller]
    pub fn constant_r2<T: NativeType>(&self, rows: &[&[T]]) -> XlaOp {
        let at = Location::caller();
        let cols = rows.first().map_or(0, |r| r.len());
        if let Some(i) = rows.iter().position(|r| r.len() != cols) {
            let e = BuilderError::InvalidArgument {
                op: "constant_r2".into(),
                message: format!("row {i} has {} elements, row 0 has {cols}", rows[i].len()),
                at: super::loc_string(at),
            };
            return self.finish(Err(e));
        }
        let flat: Vec<T> = rows.iter().flat_map(|r| r.iter().copied()).collect();
        let t = T::tensor(&[rows.len() as i64, cols as i64], &flat);
        let r = self.run("constant_r2", at, |cx| {
            let v = constant(cx, &t)?;
            Ok(cx.wrap(v))
        });
        self.finish(r)
    }

    /// An `f32` scalar constant.
    #[track_caller]
    pub fn constant_r0_f32(&self, value: f32) -> XlaOp {
        self.constant_r0(value)
    }

    /// An `f32` vector constant.
    #[track_caller]
    pub fn constant_r1_f32(&self, values: &[f32]) -> XlaOp {
        self.constant_r1(values)
    }

    /// An `f32` matrix constant.
    #[track_caller]
    pub fn constant_r2_f32(&self, rows: &[&[f32]]) -> XlaOp {
        self.constant_r2(rows)
    }

    /// An `s32` scalar constant.
    #[track_caller]
    pub fn constant_r0_i32(&self, value: i32) -> XlaOp {
        self.constant_r0(value)
    }

    /// A scalar constant `value` of element type `element` (integers truncate, `pred` is
    /// `value != 0`).
    #[track_caller]
    pub fn constant_scalar(&self, element: ElementType, value: f64) -> XlaOp {
        let at = Location::caller();
        let r = self.run("constant_scalar", at, |cx| {
            let v = scalar_constant(cx, element, value)?;
            Ok(cx.wrap(v))
        });
        self.finish(r)
    }

    /// The scalar zero of `element`.
    #[track_caller]
    pub fn zero(&self, element: ElementType) -> XlaOp {
        self.constant_scalar(element, 0.0)
    }

    /// The scalar one of `element`.
    #[track_caller]
    pub fn one(&self, element: ElementType) -> XlaOp {
        self.constant_scalar(element, 1.0)
    }

    /// `iota` of `shape`: element `i` along `dimension` is `i` (XLA's `Iota`).
    #[track_caller]
    pub fn iota(&self, shape: &Shape, dimension: i64) -> XlaOp {
        let at = Location::caller();
        let r = self.run("iota", at, |cx| {
            let e = elem(cx, shape)?;
            let ty = tensor_type(cx, shape.dims(), e);
            let d = cx.ctx().i64_attr(dimension);
            let v = cx.emit1("stablehlo.iota", &[], &[("iota_dimension", d)], vec![], Some(vec![ty]))?;
            Ok(cx.wrap(v))
        });
        self.finish(r)
    }

    // ----- element-wise ternary and conversions -----

    /// `pred ? on_true : on_false` element-wise; `pred` may be a scalar (XLA's `Select`).
    #[track_caller]
    pub fn select(&self, pred: XlaOp, on_true: XlaOp, on_false: XlaOp) -> XlaOp {
        let at = Location::caller();
        let r = self.run("select", at, |cx| {
            let vs = cx.vals(&[pred, on_true, on_false])?;
            let v = cx.emit1("stablehlo.select", &vs, &[], vec![], None)?;
            Ok(cx.wrap(v))
        });
        self.finish(r)
    }

    /// Clamps `operand` to `[min, max]`; `min` and `max` may be scalars (XLA's `Clamp`).
    #[track_caller]
    pub fn clamp(&self, min: XlaOp, operand: XlaOp, max: XlaOp) -> XlaOp {
        let at = Location::caller();
        let r = self.run("clamp", at, |cx| {
            let vs = cx.vals(&[min, operand, max])?;
            let v = cx.emit1("stablehlo.clamp", &vs, &[], vec![], None)?;
            Ok(cx.wrap(v))
        });
        self.finish(r)
    }

    /// Converts each element to `new_element_type` (XLA's `ConvertElementType`).
    #[track_caller]
    pub fn convert_element_type(&self, operand: XlaOp, new_element_type: ElementType) -> XlaOp {
        let at = Location::caller();
        let r = self.run("convert_element_type", at, |cx| {
            let v = cx.val(operand)?;
            let s = cx.array(v)?;
            let ty = tensor_type(cx, s.dims(), new_element_type);
            let v = cx.emit1("stablehlo.convert", &[v], &[], vec![], Some(vec![ty]))?;
            Ok(cx.wrap(v))
        });
        self.finish(r)
    }

    // ----- shape ops -----

    /// Adds dimensions of sizes `broadcast_sizes` on the left (XLA's `Broadcast`):
    /// `output[i0..iN, j0..jM] = operand[j0..jM]`.
    #[track_caller]
    pub fn broadcast(&self, operand: XlaOp, broadcast_sizes: &[i64]) -> XlaOp {
        let at = Location::caller();
        let r = self.run("broadcast", at, |cx| {
            let v = cx.val(operand)?;
            let s = cx.array(v)?;
            if let Some(d) = broadcast_sizes.iter().find(|d| **d < 0) {
                return Err(cx.err(format!("broadcast size {d} is negative")));
            }
            let n = broadcast_sizes.len() as i64;
            let mut dims = broadcast_sizes.to_vec();
            dims.extend_from_slice(s.dims());
            let map: Vec<i64> = (n..n + s.rank() as i64).collect();
            let ty = tensor_type(cx, &dims, elem(cx, &s)?);
            let m = cx.i64s(&map);
            let v =
                cx.emit1("stablehlo.broadcast_in_dim", &[v], &[("broadcast_dimensions", m)], vec![], Some(vec![ty]))?;
            Ok(cx.wrap(v))
        });
        self.finish(r)
    }

    /// Broadcasts `operand` to `out_dims`, dimension `i` of the operand becoming dimension
    /// `broadcast_dimensions[i]` of the result (`stablehlo.broadcast_in_dim`).
    #[track_caller]
    pub fn broadcast_in_dim(&self, operand: XlaOp, out_dims: &[i64], broadcast_dimensions: &[i64]) -> XlaOp {
        let at = Location::caller();
        let r = self.run("broadcast_in_dim", at, |cx| {
            let v = cx.val(operand)?;
            let s = cx.array(v)?;
            let ty = tensor_type(cx, out_dims, elem(cx, &s)?);
            let m = cx.i64s(broadcast_dimensions);
            let v =
                cx.emit1("stablehlo.broadcast_in_dim", &[v], &[("broadcast_dimensions", m)], vec![], Some(vec![ty]))?;
            Ok(cx.wrap(v))
        });
        self.finish(r)
    }

    /// Reshapes to `new_sizes`, reading the operand in row-major order (XLA's
    /// `Reshape(operand, new_sizes)`).
    #[track_caller]
    pub fn reshape(&self, operand: XlaOp, new_sizes: &[i64]) -> XlaOp {
        let at = Location::caller();
        let r = self.run("reshape", at, |cx| reshape_impl(cx, operand, new_sizes).map(|v| cx.wrap(v)));
        self.finish(r)
    }

    /// Reshapes after collapsing the operand's dimensions in the order `dimensions` (most major
    /// first), i.e. a transpose by `dimensions` then a reshape (XLA's
    /// `Reshape(operand, dimensions, new_sizes)`).
    #[track_caller]
    pub fn reshape_with_dims(&self, operand: XlaOp, dimensions: &[i64], new_sizes: &[i64]) -> XlaOp {
        let at = Location::caller();
        let r = self.run("reshape", at, |cx| {
            let v = cx.val(operand)?;
            let s = cx.array(v)?;
            let identity: Vec<i64> = (0..s.rank() as i64).collect();
            let t = if dimensions == identity.as_slice() {
                v
            } else {
                let p = cx.i64s(dimensions);
                cx.emit1("stablehlo.transpose", &[v], &[("permutation", p)], vec![], None)?
            };
            let x = cx.wrap(t);
            cx.operand_index = 0;
            reshape_impl(cx, x, new_sizes).map(|v| cx.wrap(v))
        });
        self.finish(r)
    }

    /// Collapses the consecutive, in-order `dimensions` into one (XLA's `Collapse`).
    #[track_caller]
    pub fn collapse(&self, operand: XlaOp, dimensions: &[i64]) -> XlaOp {
        let at = Location::caller();
        let r = self.run("collapse", at, |cx| {
            let v = cx.val(operand)?;
            let s = cx.array(v)?;
            let ok = !dimensions.is_empty()
                && dimensions.windows(2).all(|w| w[1] == w[0] + 1)
                && dimensions[0] >= 0
                && (*dimensions.last().unwrap() as usize) < s.rank();
            if !ok {
                return Err(cx.err(format!(
                    "dimensions {dimensions:?} must be a non-empty, consecutive, in-order run of the dimensions of {s}"
                )));
            }
            let (a, b) = (dimensions[0] as usize, *dimensions.last().unwrap() as usize);
            let d = s.dims();
            let mut out = d[..a].to_vec();
            out.push(d[a..=b].iter().product());
            out.extend_from_slice(&d[b + 1..]);
            cx.operand_index = 0;
            reshape_impl(cx, operand, &out).map(|v| cx.wrap(v))
        });
        self.finish(r)
    }

    /// Permutes the dimensions: dimension `i` of the result is dimension `permutation[i]` of the
    /// operand (XLA's `Transpose`).
    #[track_caller]
    pub fn transpose(&self, operand: XlaOp, permutation: &[i64]) -> XlaOp {
        let at = Location::caller();
        let r = self.run("transpose", at, |cx| {
            let v = cx.val(operand)?;
            let p = cx.i64s(permutation);
            let v = cx.emit1("stablehlo.transpose", &[v], &[("permutation", p)], vec![], None)?;
            Ok(cx.wrap(v))
        });
        self.finish(r)
    }

    /// Reverses the elements along `dimensions` (XLA's `Rev`).
    #[track_caller]
    pub fn reverse(&self, operand: XlaOp, dimensions: &[i64]) -> XlaOp {
        let at = Location::caller();
        let r = self.run("reverse", at, |cx| {
            let v = cx.val(operand)?;
            let ty = cx.ty(v);
            let d = cx.i64s(dimensions);
            let v = cx.emit1("stablehlo.reverse", &[v], &[("dimensions", d)], vec![], Some(vec![ty]))?;
            Ok(cx.wrap(v))
        });
        self.finish(r)
    }

    /// The elements `[start, limit)` with steps `strides` in each dimension (XLA's `Slice`;
    /// empty `strides` means 1 everywhere).
    #[track_caller]
    pub fn slice(&self, operand: XlaOp, start_indices: &[i64], limit_indices: &[i64], strides: &[i64]) -> XlaOp {
        let at = Location::caller();
        let r = self.run("slice", at, |cx| {
            let v = cx.val(operand)?;
            let ones = vec![1; start_indices.len()];
            let strides = if strides.is_empty() { &ones[..] } else { strides };
            let (a, b, c) = (cx.i64s(start_indices), cx.i64s(limit_indices), cx.i64s(strides));
            let attrs = [("start_indices", a), ("limit_indices", b), ("strides", c)];
            let v = cx.emit1("stablehlo.slice", &[v], &attrs, vec![], None)?;
            Ok(cx.wrap(v))
        });
        self.finish(r)
    }

    /// [`slice`](Self::slice) along one dimension (XLA's `SliceInDim`).
    #[track_caller]
    pub fn slice_in_dim(&self, operand: XlaOp, start: i64, limit: i64, stride: i64, dimension: i64) -> XlaOp {
        let at = Location::caller();
        let dims = match self.run("slice_in_dim", at, |cx| {
            let v = cx.val(operand)?;
            cx.array(v)
        }) {
            Ok(s) => s.dims().to_vec(),
            Err(e) => return self.finish(Err(e)),
        };
        if dimension < 0 || dimension as usize >= dims.len() {
            let e = BuilderError::InvalidArgument {
                op: "slice_in_dim".into(),
                message: format!("dimension {dimension} is out of range for rank {}", dims.len()),
                at: super::loc_string(at),
            };
            return self.finish(Err(e));
        }
        let mut start_v = vec![0; dims.len()];
        let mut limit_v = dims.clone();
        let mut strides = vec![1; dims.len()];
        start_v[dimension as usize] = start;
        limit_v[dimension as usize] = limit;
        strides[dimension as usize] = stride;
        self.slice(operand, &start_v, &limit_v, &strides)
    }

    /// A slice of `slice_sizes` starting at run-time indices (XLA's `DynamicSlice`). `start`
    /// is one scalar per dimension, or a single rank-1 array of them (the older XLA form).
    #[track_caller]
    pub fn dynamic_slice(&self, operand: XlaOp, start: &[XlaOp], slice_sizes: &[i64]) -> XlaOp {
        let at = Location::caller();
        let r = self.run("dynamic_slice", at, |cx| {
            let v = cx.val(operand)?;
            let idx = start_scalars(cx, start)?;
            let mut ops = vec![v];
            ops.extend(idx);
            let s = cx.i64s(slice_sizes);
            let v = cx.emit1("stablehlo.dynamic_slice", &ops, &[("slice_sizes", s)], vec![], None)?;
            Ok(cx.wrap(v))
        });
        self.finish(r)
    }

    /// `operand` with `update` written at run-time indices `start` (XLA's
    /// `DynamicUpdateSlice`; `start` as in [`dynamic_slice`](Self::dynamic_slice)).
    #[track_caller]
    pub fn dynamic_update_slice(&self, operand: XlaOp, update: XlaOp, start: &[XlaOp]) -> XlaOp {
        let at = Location::caller();
        let r = self.run("dynamic_update_slice", at, |cx| {
            let mut ops = vec![cx.val(operand)?, cx.val(update)?];
            ops.extend(start_scalars(cx, start)?);
            let v = cx.emit1("stablehlo.dynamic_update_slice", &ops, &[], vec![], None)?;
            Ok(cx.wrap(v))
        });
        self.finish(r)
    }

    /// Concatenates `operands` along `dimension` (XLA's `ConcatInDim`).
    #[track_caller]
    pub fn concat_in_dim(&self, operands: &[XlaOp], dimension: i64) -> XlaOp {
        let at = Location::caller();
        let r = self.run("concat_in_dim", at, |cx| {
            let vs = cx.vals(operands)?;
            if vs.is_empty() {
                return Err(cx.err("needs at least one operand"));
            }
            let d = cx.ctx().i64_attr(dimension);
            let v = cx.emit1("stablehlo.concatenate", &vs, &[("dimension", d)], vec![], None)?;
            Ok(cx.wrap(v))
        });
        self.finish(r)
    }

    /// Pads with the scalar `padding_value`; `padding_config` holds, per dimension,
    /// `(edge_padding_low, edge_padding_high, interior_padding)` as XLA's `PaddingConfig` (edge
    /// padding may be negative).
    #[track_caller]
    pub fn pad(&self, operand: XlaOp, padding_value: XlaOp, padding_config: &[(i64, i64, i64)]) -> XlaOp {
        let at = Location::caller();
        let r = self.run("pad", at, |cx| {
            let vs = cx.vals(&[operand, padding_value])?;
            let lo: Vec<i64> = padding_config.iter().map(|p| p.0).collect();
            let hi: Vec<i64> = padding_config.iter().map(|p| p.1).collect();
            let int: Vec<i64> = padding_config.iter().map(|p| p.2).collect();
            let (a, b, c) = (cx.i64s(&lo), cx.i64s(&hi), cx.i64s(&int));
            let attrs = [("edge_padding_low", a), ("edge_padding_high", b), ("interior_padding", c)];
            let v = cx.emit1("stablehlo.pad", &vs, &attrs, vec![], None)?;
            Ok(cx.wrap(v))
        });
        self.finish(r)
    }

    // ----- dot -----

    /// XLA's `Dot`: vector·vector → scalar, matrix·vector → vector, vector·matrix → vector,
    /// matrix·matrix → matrix, contracting the last dimension of `lhs` with the first of `rhs`
    /// (emitted as `stablehlo.dot_general`).
    #[track_caller]
    pub fn dot(&self, lhs: XlaOp, rhs: XlaOp) -> XlaOp {
        let at = Location::caller();
        let r = self.run("dot", at, |cx| {
            let (l, r) = (cx.val(lhs)?, cx.val(rhs)?);
            let (ls, rs) = (cx.array(l)?, cx.array(r)?);
            if ls.element_type() != rs.element_type() {
                return Err(cx.err(format!("operands have different element types: {ls} and {rs}")));
            }
            let lc = match (ls.rank(), rs.rank()) {
                (1, 1) | (1, 2) => 0,
                (2, 1) | (2, 2) => 1,
                _ => {
                    return Err(cx.err(format!(
                        "dot takes vectors and matrices (rank 1 or 2), got {ls} and {rs}; use dot_general for other ranks"
                    )))
                }
            };
            let (a, b) = (ls.dims()[lc], rs.dims()[0]);
            if a != b {
                return Err(cx.err(format!(
                    "contracting dimensions differ: dimension {lc} of {ls} has size {a}, dimension 0 of {rs} has size {b}"
                )));
            }
            let dn = DotDimensionNumbers {
                lhs_contracting_dimensions: vec![lc as i64],
                rhs_contracting_dimensions: vec![0],
                ..Default::default()
            };
            let a = dn.to_attr(cx.ctx());
            let v = cx.emit1("stablehlo.dot_general", &[l, r], &[("dot_dimension_numbers", a)], vec![], None)?;
            Ok(cx.wrap(v))
        });
        self.finish(r)
    }

    /// A general dot product with batch and contracting dimensions (`stablehlo.dot_general`).
    #[track_caller]
    pub fn dot_general(&self, lhs: XlaOp, rhs: XlaOp, dimension_numbers: &DotDimensionNumbers) -> XlaOp {
        let at = Location::caller();
        let r = self.run("dot_general", at, |cx| {
            let vs = cx.vals(&[lhs, rhs])?;
            let a = dimension_numbers.to_attr(cx.ctx());
            let v = cx.emit1("stablehlo.dot_general", &vs, &[("dot_dimension_numbers", a)], vec![], None)?;
            Ok(cx.wrap(v))
        });
        self.finish(r)
    }

    // ----- reductions -----

    /// Reduces `operand` over `dimensions` with the sub-computation `computation` of type
    /// `(T, T) -> T`, starting from the scalar `init_value` (XLA's `Reduce`).
    #[track_caller]
    pub fn reduce(&self, operand: XlaOp, init_value: XlaOp, computation: &SubComputation, dimensions: &[i64]) -> XlaOp {
        let at = Location::caller();
        let r = self.reduce_impl("reduce", at, &[operand], &[init_value], Body::Sub(computation), dimensions);
        self.finish(r.map(|v| v[0]))
    }

    /// Variadic reduce: several operands reduced together by a computation of type
    /// `(T0.., T0..) -> (T0..)`; one result per operand.
    #[track_caller]
    pub fn reduce_variadic(
        &self,
        operands: &[XlaOp],
        init_values: &[XlaOp],
        computation: &SubComputation,
        dimensions: &[i64],
    ) -> Vec<XlaOp> {
        let at = Location::caller();
        let r = self.reduce_impl("reduce", at, operands, init_values, Body::Sub(computation), dimensions);
        self.finish_n(r, operands.len())
    }

    /// [`reduce`](Self::reduce) with the reduction body built by a closure receiving the
    /// accumulator and the element (both scalars): `b.reduce_with(x, zero, &[0], |b, acc, x| b.add(acc, x))`.
    #[track_caller]
    pub fn reduce_with(
        &self,
        operand: XlaOp,
        init_value: XlaOp,
        dimensions: &[i64],
        body: impl FnOnce(&ComputationBuilder, XlaOp, XlaOp) -> XlaOp,
    ) -> XlaOp {
        let at = Location::caller();
        let mut f = Some(body);
        let mut g = |b: &ComputationBuilder, args: &[XlaOp]| -> Vec<XlaOp> {
            let f = f.take().expect("called once");
            vec![f(b, args[0], args[1])]
        };
        let r = self.reduce_impl("reduce", at, &[operand], &[init_value], Body::Closure(&mut g), dimensions);
        self.finish(r.map(|v| v[0]))
    }

    /// Reduces over all dimensions (XLA's `ReduceAll`).
    #[track_caller]
    pub fn reduce_all(&self, operand: XlaOp, init_value: XlaOp, computation: &SubComputation) -> XlaOp {
        let at = Location::caller();
        let rank = match self.get_shape(operand) {
            Ok(s) => s.rank() as i64,
            Err(e) => return self.finish(Err(e)),
        };
        let dims: Vec<i64> = (0..rank).collect();
        let r = self.reduce_impl("reduce_all", at, &[operand], &[init_value], Body::Sub(computation), &dims);
        self.finish(r.map(|v| v[0]))
    }

    fn reduce_binop(
        &self,
        what: &'static str,
        op: &'static str,
        init: f64,
        operand: XlaOp,
        dims: Option<&[i64]>,
        at: &'static Location<'static>,
    ) -> XlaOp {
        let shape = match self.get_shape(operand) {
            Ok(s) => s,
            Err(e) => return self.finish(Err(e)),
        };
        let Some(e) = shape.element_type() else {
            let err = BuilderError::InvalidArgument {
                op: what.into(),
                message: format!("expected an array, got {shape}"),
                at: super::loc_string(at),
            };
            return self.finish(Err(err));
        };
        let all: Vec<i64> = (0..shape.rank() as i64).collect();
        let dims = dims.unwrap_or(&all);
        let init = if init.is_infinite() && !(e.is_float() || e.is_complex()) {
            match e.int_range() {
                Some((lo, hi)) => {
                    if init < 0.0 {
                        lo as f64
                    } else {
                        hi as f64
                    }
                }
                None => {
                    if init < 0.0 {
                        0.0
                    } else {
                        1.0
                    }
                }
            }
        } else {
            init
        };
        let r = self.run(what, at, |cx| {
            let v = scalar_constant(cx, e, init)?;
            Ok(cx.wrap(v))
        });
        let init_op = match r {
            Ok(v) => v,
            Err(err) => return self.finish(Err(err)),
        };
        let mut g = |b: &ComputationBuilder, args: &[XlaOp]| -> Vec<XlaOp> {
            vec![b.binary_op(what, op, args[0], args[1], &[], at)]
        };
        let r = self.reduce_impl(what, at, &[operand], &[init_op], Body::Closure(&mut g), dims);
        self.finish(r.map(|v| v[0]))
    }

    /// Sum over `dimensions` (`reduce` with `add` from 0).
    #[track_caller]
    pub fn reduce_sum(&self, operand: XlaOp, dimensions: &[i64]) -> XlaOp {
        self.reduce_binop("reduce_sum", "stablehlo.add", 0.0, operand, Some(dimensions), Location::caller())
    }

    /// Sum of all elements (a scalar).
    #[track_caller]
    pub fn reduce_sum_all(&self, operand: XlaOp) -> XlaOp {
        self.reduce_binop("reduce_sum_all", "stablehlo.add", 0.0, operand, None, Location::caller())
    }

    /// Product over `dimensions` (`reduce` with `multiply` from 1).
    #[track_caller]
    pub fn reduce_prod(&self, operand: XlaOp, dimensions: &[i64]) -> XlaOp {
        self.reduce_binop("reduce_prod", "stablehlo.multiply", 1.0, operand, Some(dimensions), Location::caller())
    }

    /// Maximum over `dimensions` (from -inf, or the type's minimum for integers).
    #[track_caller]
    pub fn reduce_max(&self, operand: XlaOp, dimensions: &[i64]) -> XlaOp {
        self.reduce_binop(
            "reduce_max",
            "stablehlo.maximum",
            f64::NEG_INFINITY,
            operand,
            Some(dimensions),
            Location::caller(),
        )
    }

    /// Minimum over `dimensions` (from +inf, or the type's maximum for integers).
    #[track_caller]
    pub fn reduce_min(&self, operand: XlaOp, dimensions: &[i64]) -> XlaOp {
        self.reduce_binop(
            "reduce_min",
            "stablehlo.minimum",
            f64::INFINITY,
            operand,
            Some(dimensions),
            Location::caller(),
        )
    }

    fn reduce_impl(
        &self,
        what: &'static str,
        at: &'static Location<'static>,
        operands: &[XlaOp],
        inits: &[XlaOp],
        body: Body<'_>,
        dimensions: &[i64],
    ) -> Result<Vec<XlaOp>, BuilderError> {
        let (vals, arg_types) = self.run(what, at, |cx| {
            let mut vals = cx.vals(operands)?;
            vals.extend(cx.vals(inits)?);
            if operands.len() != inits.len() || operands.is_empty() {
                return Err(cx.err(format!(
                    "needs as many init values as operands, got {} and {}",
                    operands.len(),
                    inits.len()
                )));
            }
            let mut tys = scalar_types(cx, &vals[..operands.len()])?;
            tys.extend(tys.clone());
            Ok((vals, tys))
        })?;
        let region = self.body_region(what, at, body, &arg_types, &[])?;
        self.run(what, at, |cx| {
            let d = cx.i64s(dimensions);
            let vs = cx.emit("stablehlo.reduce", &vals, &[("dimensions", d)], vec![region], None)?;
            Ok(vs.into_iter().map(|v| cx.wrap(v)).collect())
        })
    }

    /// The region of a body given as a sub-computation or a closure, with block arguments
    /// `arg_types` (sub-computations also get `captured` values as their first parameters).
    fn body_region(
        &self,
        what: &'static str,
        at: &'static Location<'static>,
        body: Body<'_>,
        arg_types: &[Type],
        captured: &[IrValue],
    ) -> Result<RegionId, BuilderError> {
        match body {
            Body::Sub(c) => self.run(what, at, |cx| cx.region_from(c, arg_types, captured)),
            Body::Closure(f) => self.closure_region(what, at, arg_types, f),
        }
    }

    /// Applies the scalar computation `computation` element-wise to `operands` (XLA's `Map`).
    #[track_caller]
    pub fn map(&self, operands: &[XlaOp], computation: &SubComputation) -> XlaOp {
        let at = Location::caller();
        let r = (|| {
            let (vals, tys, rank) = self.run("map", at, |cx| {
                let vals = cx.vals(operands)?;
                let first = vals.first().copied().ok_or_else(|| cx.err("needs at least one operand"))?;
                let rank = cx.array(first)?.rank();
                let tys = scalar_types(cx, &vals)?;
                Ok((vals, tys, rank))
            })?;
            let region = self.body_region("map", at, Body::Sub(computation), &tys, &[])?;
            self.run("map", at, |cx| {
                let d = cx.i64s(&(0..rank as i64).collect::<Vec<_>>());
                let v = cx.emit1("stablehlo.map", &vals, &[("dimensions", d)], vec![region], None)?;
                Ok(cx.wrap(v))
            })
        })();
        self.finish(r)
    }

    // ----- control flow -----

    /// XLA's `While(condition, body, init)`: runs `body` (of type `T -> T`) while `condition`
    /// (of type `T -> pred[]`) holds, starting from `init` (`stablehlo.while`).
    #[track_caller]
    pub fn while_loop(&self, condition: &SubComputation, body: &SubComputation, init: XlaOp) -> XlaOp {
        let at = Location::caller();
        let r = self.while_impl(at, &[init], Body::Sub(condition), Body::Sub(body));
        self.finish(r.map(|v| v[0]))
    }

    /// A `while` loop over several values, with condition and body built by closures that
    /// receive the loop-carried values (they may also use values of the enclosing computation):
    ///
    /// ```
    /// # use strata_interp::builder::ComputationBuilder;
    /// let b = ComputationBuilder::new("count");
    /// let (i, acc) = (b.constant_r0_i32(0), b.constant_r0_f32(1.0));
    /// let ten = b.constant_r0_i32(10);
    /// let out = b.while_with(&[i, acc], |c, v| c.lt(v[0], ten), |c, v| {
    ///     vec![c.add(v[0], c.constant_r0_i32(1)), c.mul(v[1], c.constant_r0_f32(2.0))]
    /// });
    /// b.set_return_value(out[1]);
    /// assert_eq!(b.build().unwrap().execute(&[]).unwrap()[0].as_f32().unwrap(), &[1024.0]);
    /// ```
    #[track_caller]
    pub fn while_with(
        &self,
        init: &[XlaOp],
        condition: impl FnOnce(&ComputationBuilder, &[XlaOp]) -> XlaOp,
        body: impl FnOnce(&ComputationBuilder, &[XlaOp]) -> Vec<XlaOp>,
    ) -> Vec<XlaOp> {
        let at = Location::caller();
        let mut c = Some(condition);
        let mut cf = |b: &ComputationBuilder, a: &[XlaOp]| vec![(c.take().expect("called once"))(b, a)];
        let mut bo = Some(body);
        let mut bf = |b: &ComputationBuilder, a: &[XlaOp]| (bo.take().expect("called once"))(b, a);
        let r = self.while_impl(at, init, Body::Closure(&mut cf), Body::Closure(&mut bf));
        self.finish_n(r, init.len())
    }

    fn while_impl(
        &self,
        at: &'static Location<'static>,
        init: &[XlaOp],
        cond: Body<'_>,
        body: Body<'_>,
    ) -> Result<Vec<XlaOp>, BuilderError> {
        let (vals, tys) = self.run("while_loop", at, |cx| {
            let vals = cx.vals(init)?;
            let tys: Vec<Type> = vals.iter().map(|v| cx.ty(*v)).collect();
            Ok((vals, tys))
        })?;
        let rc = self.body_region("while_loop", at, cond, &tys, &[])?;
        let rb = self.body_region("while_loop", at, body, &tys, &[])?;
        self.run("while_loop", at, |cx| {
            let vs = cx.emit("stablehlo.while", &vals, &[], vec![rc, rb], None)?;
            Ok(vs.into_iter().map(|v| cx.wrap(v)).collect())
        })
    }

    /// XLA's `Conditional(pred, true_operand, true_computation, false_operand,
    /// false_computation)`: applies one computation to its operand depending on the scalar
    /// `pred` (`stablehlo.if`).
    #[track_caller]
    pub fn conditional(
        &self,
        pred: XlaOp,
        true_operand: XlaOp,
        true_computation: &SubComputation,
        false_operand: XlaOp,
        false_computation: &SubComputation,
    ) -> XlaOp {
        let at = Location::caller();
        let r = (|| {
            let (p, t, f) =
                self.run("conditional", at, |cx| Ok((cx.val(pred)?, cx.val(true_operand)?, cx.val(false_operand)?)))?;
            let rt = self.body_region("conditional", at, Body::Sub(true_computation), &[], &[t])?;
            let rf = self.body_region("conditional", at, Body::Sub(false_computation), &[], &[f])?;
            self.run("conditional", at, |cx| {
                let vs = cx.emit("stablehlo.if", &[p], &[], vec![rt, rf], None)?;
                vs.first().map(|v| cx.wrap(*v)).ok_or_else(|| cx.err("the branches return nothing"))
            })
        })();
        self.finish(r)
    }

    /// A conditional whose branches are built by closures (they may use values of the
    /// enclosing computation); both must return values of the same types.
    #[track_caller]
    pub fn conditional_with<T: IntoRoots, F: IntoRoots>(
        &self,
        pred: XlaOp,
        on_true: impl FnOnce(&ComputationBuilder) -> T,
        on_false: impl FnOnce(&ComputationBuilder) -> F,
    ) -> Vec<XlaOp> {
        let at = Location::caller();
        let mut t = Some(on_true);
        let mut tf = |b: &ComputationBuilder, _: &[XlaOp]| (t.take().expect("called once"))(b).into_roots();
        let mut f = Some(on_false);
        let mut ff = |b: &ComputationBuilder, _: &[XlaOp]| (f.take().expect("called once"))(b).into_roots();
        let r = (|| {
            let p = self.run("conditional", at, |cx| cx.val(pred))?;
            let rt = self.body_region("conditional", at, Body::Closure(&mut tf), &[], &[])?;
            let rf = self.body_region("conditional", at, Body::Closure(&mut ff), &[], &[])?;
            self.run("conditional", at, |cx| {
                let vs = cx.emit("stablehlo.if", &[p], &[], vec![rt, rf], None)?;
                Ok(vs.into_iter().map(|v| cx.wrap(v)).collect::<Vec<_>>())
            })
        })();
        match r {
            Ok(v) => v,
            Err(e) => self.finish_n(Err(e), 1),
        }
    }

    /// Calls `computation` on `args` (XLA's `Call`): the sub-computation becomes a private
    /// `func.func` of the module, called with `func.call`. It must have one result; see
    /// [`call_multi`](Self::call_multi).
    #[track_caller]
    pub fn call(&self, computation: &SubComputation, args: &[XlaOp]) -> XlaOp {
        let at = Location::caller();
        let r = self.call_impl(at, computation, args).and_then(|v| {
            if v.len() == 1 {
                Ok(v[0])
            } else {
                Err(BuilderError::InvalidArgument {
                    op: "call".into(),
                    message: format!("`{}` has {} results; use call_multi", computation.name(), v.len()),
                    at: super::loc_string(at),
                })
            }
        });
        self.finish(r)
    }

    /// [`call`](Self::call) for a computation with any number of results.
    #[track_caller]
    pub fn call_multi(&self, computation: &SubComputation, args: &[XlaOp]) -> Vec<XlaOp> {
        let at = Location::caller();
        let n = computation.result_shapes().len().max(1);
        let r = self.call_impl(at, computation, args);
        self.finish_n(r, n)
    }

    fn call_impl(
        &self,
        at: &'static Location<'static>,
        comp: &SubComputation,
        args: &[XlaOp],
    ) -> Result<Vec<XlaOp>, BuilderError> {
        self.run("call", at, |cx| {
            let vals = cx.vals(args)?;
            let sym = self.callee_symbol(cx, comp)?;
            let body = comp.body.as_ref().expect("callee_symbol checked");
            let tys: Vec<Type> = vals.iter().map(|v| cx.ty(*v)).collect();
            if tys != body.params {
                let got: Vec<String> =
                    vals.iter().map(|v| cx.shape(*v).map(|s| s.to_string()).unwrap_or_default()).collect();
                let want: Vec<String> = body.param_shapes.iter().map(|s| s.to_string()).collect();
                return Err(cx.err(format!("`{}` takes ({}), got ({})", comp.name(), want.join(", "), got.join(", "))));
            }
            let callee = cx.ctx().symbol_ref_attr(&sym);
            let results = body.result_types.clone();
            let vs = cx.emit("func.call", &vals, &[("callee", callee)], vec![], Some(results))?;
            Ok(vs.into_iter().map(|v| cx.wrap(v)).collect())
        })
    }

    // ----- tuples -----

    /// A tuple of `elements` (XLA's `Tuple`).
    #[track_caller]
    pub fn tuple(&self, elements: &[XlaOp]) -> XlaOp {
        let at = Location::caller();
        let r = self.run("tuple", at, |cx| {
            let vs = cx.vals(elements)?;
            let v = cx.emit1("stablehlo.tuple", &vs, &[], vec![], None)?;
            Ok(cx.wrap(v))
        });
        self.finish(r)
    }

    /// Element `index` of a tuple (XLA's `GetTupleElement`).
    #[track_caller]
    pub fn get_tuple_element(&self, tuple: XlaOp, index: usize) -> XlaOp {
        let at = Location::caller();
        let r = self.run("get_tuple_element", at, |cx| {
            let v = cx.val(tuple)?;
            let i32t = cx.ctx().int_type(32);
            let a = cx.ctx().int_attr(index as i128, i32t);
            let v = cx.emit1("stablehlo.get_tuple_element", &[v], &[("index", a)], vec![], None)?;
            Ok(cx.wrap(v))
        });
        self.finish(r)
    }

    // ----- gather / scatter -----

    /// XLA's `Gather` (`stablehlo.gather`).
    #[track_caller]
    pub fn gather(
        &self,
        operand: XlaOp,
        start_indices: XlaOp,
        dimension_numbers: &GatherDimensionNumbers,
        slice_sizes: &[i64],
        indices_are_sorted: bool,
    ) -> XlaOp {
        let at = Location::caller();
        let r = self.run("gather", at, |cx| {
            let vs = cx.vals(&[operand, start_indices])?;
            let dn = dimension_numbers.to_attr(cx.ctx());
            let ss = cx.i64s(slice_sizes);
            let mut attrs = vec![("dimension_numbers", dn), ("slice_sizes", ss)];
            if indices_are_sorted {
                let t = cx.ctx().bool_attr(true);
                attrs.push(("indices_are_sorted", t));
            }
            let v = cx.emit1("stablehlo.gather", &vs, &attrs, vec![], None)?;
            Ok(cx.wrap(v))
        });
        self.finish(r)
    }

    /// XLA's `Scatter` (`stablehlo.scatter`): combines `updates` into `operand` at
    /// `scatter_indices` with `update_computation` of type `(T, T) -> T`.
    #[track_caller]
    pub fn scatter(
        &self,
        operand: XlaOp,
        scatter_indices: XlaOp,
        updates: XlaOp,
        update_computation: &SubComputation,
        dimension_numbers: &ScatterDimensionNumbers,
    ) -> XlaOp {
        let at = Location::caller();
        let r = (|| {
            let (vals, tys) = self.run("scatter", at, |cx| {
                let vals = cx.vals(&[operand, scatter_indices, updates])?;
                let mut tys = scalar_types(cx, &vals[..1])?;
                tys.extend(tys.clone());
                Ok((vals, tys))
            })?;
            let region = self.body_region("scatter", at, Body::Sub(update_computation), &tys, &[])?;
            self.run("scatter", at, |cx| {
                let dn = dimension_numbers.to_attr(cx.ctx());
                let v =
                    cx.emit1("stablehlo.scatter", &vals, &[("scatter_dimension_numbers", dn)], vec![region], None)?;
                Ok(cx.wrap(v))
            })
        })();
        self.finish(r)
    }
}

/// A region body: a sub-computation or a closure over the block arguments.
enum Body<'a> {
    Sub(&'a SubComputation),
    Closure(&'a mut dyn FnMut(&ComputationBuilder, &[XlaOp]) -> Vec<XlaOp>),
}

fn reshape_impl(cx: &mut OpCx<'_>, operand: XlaOp, new_sizes: &[i64]) -> Result<IrValue, BuilderError> {
    let v = cx.val(operand)?;
    let s = cx.array(v)?;
    if new_sizes.iter().any(|d| *d < 0) {
        return Err(cx.err(format!("new sizes {new_sizes:?} must be non-negative")));
    }
    let n: i64 = new_sizes.iter().product();
    if n != s.num_elements() {
        return Err(
            cx.err(format!("cannot reshape {s} ({} elements) to {new_sizes:?} ({n} elements)", s.num_elements()))
        );
    }
    let ty = tensor_type(cx, new_sizes, elem(cx, &s)?);
    cx.emit1("stablehlo.reshape", &[v], &[], vec![], Some(vec![ty]))
}

/// Start indices as scalars: one per dimension, or split from a single rank-1 array.
fn start_scalars(cx: &mut OpCx<'_>, start: &[XlaOp]) -> Result<Vec<IrValue>, BuilderError> {
    let vals = cx.vals(start)?;
    if vals.len() == 1 {
        let s = cx.array(vals[0])?;
        if s.rank() == 1 {
            let e = elem(cx, &s)?;
            let n = s.dims()[0];
            let one = tensor_type(cx, &[1], e);
            let scalar = tensor_type(cx, &[], e);
            let mut out = Vec::new();
            for i in 0..n {
                let (a, b, c) = (cx.i64s(&[i]), cx.i64s(&[i + 1]), cx.i64s(&[1]));
                let attrs = [("start_indices", a), ("limit_indices", b), ("strides", c)];
                let sl = cx.emit1("stablehlo.slice", &[vals[0]], &attrs, vec![], Some(vec![one]))?;
                out.push(cx.emit1("stablehlo.reshape", &[sl], &[], vec![], Some(vec![scalar]))?);
            }
            return Ok(out);
        }
    }
    Ok(vals)
}
