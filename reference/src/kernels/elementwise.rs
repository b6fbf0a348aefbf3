//! Elementwise unary and binary ops (`add`, `multiply`, `exponential`,
//! `shift_left`, `popcnt`, …) as tight loops over typed slices.
//!
//! - Floats stored as f32 (f32 and every narrower type) run `+ − × ÷ %`,
//!   `max`/`min` in f32 and are re-rounded to the element type afterwards
//!   (exact: f32 has more than twice their precision plus two bits).
//! - Transcendental functions (`exp`, `log`, `sin`, `pow`, `atan2`, …) are
//!   computed in f64 and rounded once to the element type, as the reference
//!   interpreter's `mapWithUpcastToDouble` does.
//! - `maximum`/`minimum` propagate NaN and order `-0.0 < +0.0`
//!   (`llvm::maximum`/`llvm::minimum`).
//! - Integers wrap; `divide` by zero gives −1 (all bits set), `remainder` by
//!   zero the dividend, `INT_MIN / −1 = INT_MIN`, `INT_MIN % −1 = 0`; shifts by
//!   amounts ≥ the bit width (read as unsigned) give 0 or the sign fill;
//!   `power` with a negative exponent gives 0 unless `|base| = 1`.

use num_complex::Complex;

use super::{check_same, finish};
use crate::value::{wrap_signed, Data, ElementType, Tensor};
use crate::{InterpError, KResult};

/// Elementwise unary ops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum UnaryOp {
    Abs,
    Negate,
    Not,
    Sqrt,
    Rsqrt,
    Cbrt,
    Exp,
    Expm1,
    Log,
    Log1p,
    Logistic,
    Sin,
    Cos,
    Tan,
    Tanh,
    Ceil,
    Floor,
    RoundNearestAfz,
    RoundNearestEven,
    Sign,
    IsFinite,
    Popcnt,
    CountLeadingZeros,
    Real,
    Imag,
}

impl UnaryOp {
    /// Every unary op.
    pub const ALL: [UnaryOp; 25] = [
        UnaryOp::Abs,
        UnaryOp::Negate,
        UnaryOp::Not,
        UnaryOp::Sqrt,
        UnaryOp::Rsqrt,
        UnaryOp::Cbrt,
        UnaryOp::Exp,
        UnaryOp::Expm1,
        UnaryOp::Log,
        UnaryOp::Log1p,
        UnaryOp::Logistic,
        UnaryOp::Sin,
        UnaryOp::Cos,
        UnaryOp::Tan,
        UnaryOp::Tanh,
        UnaryOp::Ceil,
        UnaryOp::Floor,
        UnaryOp::RoundNearestAfz,
        UnaryOp::RoundNearestEven,
        UnaryOp::Sign,
        UnaryOp::IsFinite,
        UnaryOp::Popcnt,
        UnaryOp::CountLeadingZeros,
        UnaryOp::Real,
        UnaryOp::Imag,
    ];

    /// The op's name without dialect prefix (`abs`, `exponential`, …).
    pub fn name(self) -> &'static str {
        match self {
            UnaryOp::Abs => "abs",
            UnaryOp::Negate => "negate",
            UnaryOp::Not => "not",
            UnaryOp::Sqrt => "sqrt",
            UnaryOp::Rsqrt => "rsqrt",
            UnaryOp::Cbrt => "cbrt",
            UnaryOp::Exp => "exponential",
            UnaryOp::Expm1 => "exponential_minus_one",
            UnaryOp::Log => "log",
            UnaryOp::Log1p => "log_plus_one",
            UnaryOp::Logistic => "logistic",
            UnaryOp::Sin => "sine",
            UnaryOp::Cos => "cosine",
            UnaryOp::Tan => "tan",
            UnaryOp::Tanh => "tanh",
            UnaryOp::Ceil => "ceil",
            UnaryOp::Floor => "floor",
            UnaryOp::RoundNearestAfz => "round_nearest_afz",
            UnaryOp::RoundNearestEven => "round_nearest_even",
            UnaryOp::Sign => "sign",
            UnaryOp::IsFinite => "is_finite",
            UnaryOp::Popcnt => "popcnt",
            UnaryOp::CountLeadingZeros => "count_leading_zeros",
            UnaryOp::Real => "real",
            UnaryOp::Imag => "imag",
        }
    }

    /// Looks an op up by name, with or without the `stablehlo.` prefix.
    pub fn from_name(name: &str) -> Option<Self> {
        let n = name.strip_prefix("stablehlo.").unwrap_or(name);
        UnaryOp::ALL.iter().copied().find(|o| o.name() == n)
    }
}

/// Elementwise binary ops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Pow,
    Max,
    Min,
    And,
    Or,
    Xor,
    ShiftLeft,
    ShiftRightLogical,
    ShiftRightArithmetic,
    Atan2,
}

impl BinaryOp {
    /// Every binary op.
    pub const ALL: [BinaryOp; 15] = [
        BinaryOp::Add,
        BinaryOp::Sub,
        BinaryOp::Mul,
        BinaryOp::Div,
        BinaryOp::Rem,
        BinaryOp::Pow,
        BinaryOp::Max,
        BinaryOp::Min,
        BinaryOp::And,
        BinaryOp::Or,
        BinaryOp::Xor,
        BinaryOp::ShiftLeft,
        BinaryOp::ShiftRightLogical,
        BinaryOp::ShiftRightArithmetic,
        BinaryOp::Atan2,
    ];

    /// The op's name without dialect prefix.
    pub fn name(self) -> &'static str {
        match self {
            BinaryOp::Add => "add",
            BinaryOp::Sub => "subtract",
            BinaryOp::Mul => "multiply",
            BinaryOp::Div => "divide",
            BinaryOp::Rem => "remainder",
            BinaryOp::Pow => "power",
            BinaryOp::Max => "maximum",
            BinaryOp::Min => "minimum",
            BinaryOp::And => "and",
            BinaryOp::Or => "or",
            BinaryOp::Xor => "xor",
            BinaryOp::ShiftLeft => "shift_left",
            BinaryOp::ShiftRightLogical => "shift_right_logical",
            BinaryOp::ShiftRightArithmetic => "shift_right_arithmetic",
            BinaryOp::Atan2 => "atan2",
        }
    }

    /// Looks an op up by name, with or without the `stablehlo.` prefix.
    pub fn from_name(name: &str) -> Option<Self> {
        let n = name.strip_prefix("stablehlo.").unwrap_or(name);
        BinaryOp::ALL.iter().copied().find(|o| o.name() == n)
    }
}

#[inline]
fn zip<T: Copy, U>(x: &[T], y: &[T], f: impl Fn(T, T) -> U) -> Vec<U> {
    x.iter().zip(y).map(|(&a, &b)| f(a, b)).collect()
}

#[inline]
fn map<T: Copy, U>(x: &[T], f: impl Fn(T) -> U) -> Vec<U> {
    x.iter().map(|&a| f(a)).collect()
}

/// `llvm::maximum`: NaN-propagating, `+0.0 > -0.0`.
#[inline]
pub fn fmaximum<F: num_traits_lite::Float>(a: F, b: F) -> F {
    if a.is_nan_() {
        a
    } else if b.is_nan_() {
        b
    } else if a == b {
        if a.is_neg_() {
            b
        } else {
            a
        }
    } else if a > b {
        a
    } else {
        b
    }
}

/// `llvm::minimum`: NaN-propagating, `-0.0 < +0.0`.
#[inline]
pub fn fminimum<F: num_traits_lite::Float>(a: F, b: F) -> F {
    if a.is_nan_() {
        a
    } else if b.is_nan_() {
        b
    } else if a == b {
        if a.is_neg_() {
            a
        } else {
            b
        }
    } else if a < b {
        a
    } else {
        b
    }
}

/// A tiny float trait so the NaN-aware helpers work on f32 and f64.
pub mod num_traits_lite {
    /// f32 / f64.
    pub trait Float: Copy + PartialOrd {
        /// Is NaN.
        fn is_nan_(self) -> bool;
        /// Sign bit set.
        fn is_neg_(self) -> bool;
    }
    impl Float for f32 {
        fn is_nan_(self) -> bool {
            self.is_nan()
        }
        fn is_neg_(self) -> bool {
            self.is_sign_negative()
        }
    }
    impl Float for f64 {
        fn is_nan_(self) -> bool {
            self.is_nan()
        }
        fn is_neg_(self) -> bool {
            self.is_sign_negative()
        }
    }
}

fn bits_of(ty: ElementType) -> u32 {
    ty.bit_width().clamp(1, 64)
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// Rounds f64 results into f32 storage for element type `ty`.
#[inline]
fn store_f32(ty: ElementType) -> impl Fn(f64) -> f32 {
    let fmt = if ty == ElementType::F32 { None } else { ty.float_format() };
    move |x| match fmt {
        None => x as f32,
        Some(f) => f.round(x) as f32,
    }
}

fn ipow_signed(base: i64, exp: i64) -> i64 {
    let mut e: u64 = if exp < 0 {
        if base == 1 || base == -1 {
            exp.unsigned_abs()
        } else {
            return 0;
        }
    } else {
        exp as u64
    };
    let mut b = base;
    let mut r: i64 = 1;
    while e != 0 {
        if e & 1 != 0 {
            r = r.wrapping_mul(b);
        }
        b = b.wrapping_mul(b);
        e >>= 1;
    }
    r
}

fn ipow_unsigned(base: u64, mut e: u64) -> u64 {
    let mut b = base;
    let mut r: u64 = 1;
    while e != 0 {
        if e & 1 != 0 {
            r = r.wrapping_mul(b);
        }
        b = b.wrapping_mul(b);
        e >>= 1;
    }
    r
}

fn cmax<T: PartialOrd + Copy>(a: Complex<T>, b: Complex<T>) -> Complex<T> {
    let gt = if a.re == b.re { a.im > b.im } else { a.re > b.re };
    if gt {
        a
    } else {
        b
    }
}

fn cmin<T: PartialOrd + Copy>(a: Complex<T>, b: Complex<T>) -> Complex<T> {
    let lt = if a.re == b.re { a.im < b.im } else { a.re < b.re };
    if lt {
        a
    } else {
        b
    }
}

/// Complex atan2 as the reference interpreter defines it:
/// `-i · log((x + i·y) / sqrt(x² + y²))`.
fn catan2(y: Complex<f64>, x: Complex<f64>) -> Complex<f64> {
    let i = Complex::new(0.0, 1.0);
    -i * ((x + i * y) / (x * x + y * y).sqrt()).ln()
}

fn c64_via_f64(
    f: impl Fn(Complex<f64>, Complex<f64>) -> Complex<f64>,
) -> impl Fn(Complex<f32>, Complex<f32>) -> Complex<f32> {
    move |a, b| {
        let r = f(Complex::new(a.re as f64, a.im as f64), Complex::new(b.re as f64, b.im as f64));
        Complex::new(r.re as f32, r.im as f32)
    }
}

/// Applies an elementwise binary op to two tensors of the same type and
/// shape.
pub fn binary(op: BinaryOp, a: &Tensor, b: &Tensor) -> KResult<Tensor> {
    let name = op.name();
    check_same(name, a, b)?;
    let ty = a.element_type();
    let unsupported = || Err(InterpError::unsupported_type(name, ty));
    let data = match (a.data(), b.data()) {
        (Data::F32(x), Data::F32(y)) => Data::F32(match op {
            BinaryOp::Add => zip(x, y, |p, q| p + q),
            BinaryOp::Sub => zip(x, y, |p, q| p - q),
            BinaryOp::Mul => zip(x, y, |p, q| p * q),
            BinaryOp::Div => zip(x, y, |p, q| p / q),
            BinaryOp::Rem => zip(x, y, |p, q| p % q),
            BinaryOp::Max => zip(x, y, fmaximum),
            BinaryOp::Min => zip(x, y, fminimum),
            BinaryOp::Pow => {
                let st = store_f32(ty);
                zip(x, y, |p, q| st((p as f64).powf(q as f64)))
            }
            BinaryOp::Atan2 => {
                let st = store_f32(ty);
                zip(x, y, |p, q| st((p as f64).atan2(q as f64)))
            }
            _ => return unsupported(),
        }),
        (Data::F64(x), Data::F64(y)) => Data::F64(match op {
            BinaryOp::Add => zip(x, y, |p, q| p + q),
            BinaryOp::Sub => zip(x, y, |p, q| p - q),
            BinaryOp::Mul => zip(x, y, |p, q| p * q),
            BinaryOp::Div => zip(x, y, |p, q| p / q),
            BinaryOp::Rem => zip(x, y, |p, q| p % q),
            BinaryOp::Max => zip(x, y, fmaximum),
            BinaryOp::Min => zip(x, y, fminimum),
            BinaryOp::Pow => zip(x, y, f64::powf),
            BinaryOp::Atan2 => zip(x, y, f64::atan2),
            _ => return unsupported(),
        }),
        (Data::I64(x), Data::I64(y)) => {
            let bits = bits_of(ty);
            let m = mask(bits);
            let amount = move |q: i64| (q as u64) & m;
            Data::I64(match op {
                BinaryOp::Add => zip(x, y, i64::wrapping_add),
                BinaryOp::Sub => zip(x, y, i64::wrapping_sub),
                BinaryOp::Mul => zip(x, y, i64::wrapping_mul),
                BinaryOp::Div => zip(x, y, |p, q| if q == 0 { -1 } else { p.wrapping_div(q) }),
                BinaryOp::Rem => zip(x, y, |p, q| if q == 0 { p } else { p.wrapping_rem(q) }),
                BinaryOp::Max => zip(x, y, |p: i64, q| p.max(q)),
                BinaryOp::Min => zip(x, y, |p: i64, q| p.min(q)),
                BinaryOp::And => zip(x, y, |p, q| p & q),
                BinaryOp::Or => zip(x, y, |p, q| p | q),
                BinaryOp::Xor => zip(x, y, |p, q| p ^ q),
                BinaryOp::Pow => zip(x, y, ipow_signed),
                BinaryOp::ShiftLeft => zip(x, y, |p, q| {
                    let s = amount(q);
                    if s >= bits as u64 {
                        0
                    } else {
                        p.wrapping_shl(s as u32)
                    }
                }),
                BinaryOp::ShiftRightLogical => zip(x, y, |p, q| {
                    let s = amount(q);
                    if s >= bits as u64 {
                        0
                    } else {
                        wrap_signed(bits, (((p as u64) & m) >> s) as i128)
                    }
                }),
                BinaryOp::ShiftRightArithmetic => zip(x, y, |p, q| {
                    let s = amount(q);
                    if s >= bits as u64 {
                        if p < 0 {
                            -1
                        } else {
                            0
                        }
                    } else {
                        p >> s
                    }
                }),
                BinaryOp::Atan2 => return unsupported(),
            })
        }
        (Data::U64(x), Data::U64(y)) => {
            let bits = bits_of(ty);
            Data::U64(match op {
                BinaryOp::Add => zip(x, y, u64::wrapping_add),
                BinaryOp::Sub => zip(x, y, u64::wrapping_sub),
                BinaryOp::Mul => zip(x, y, u64::wrapping_mul),
                BinaryOp::Div => zip(x, y, |p, q| p.checked_div(q).unwrap_or(u64::MAX)),
                BinaryOp::Rem => zip(x, y, |p, q| if q == 0 { p } else { p % q }),
                BinaryOp::Max => zip(x, y, |p: u64, q| p.max(q)),
                BinaryOp::Min => zip(x, y, |p: u64, q| p.min(q)),
                BinaryOp::And => zip(x, y, |p, q| p & q),
                BinaryOp::Or => zip(x, y, |p, q| p | q),
                BinaryOp::Xor => zip(x, y, |p, q| p ^ q),
                BinaryOp::Pow => zip(x, y, ipow_unsigned),
                BinaryOp::ShiftLeft => zip(x, y, |p, q| if q >= bits as u64 { 0 } else { p << q }),
                BinaryOp::ShiftRightLogical => zip(x, y, |p, q| if q >= bits as u64 { 0 } else { p >> q }),
                BinaryOp::ShiftRightArithmetic => zip(x, y, |p, q| {
                    let s = wrap_signed(bits, p as i128);
                    let r = if q >= bits as u64 {
                        if s < 0 {
                            -1
                        } else {
                            0
                        }
                    } else {
                        s >> q
                    };
                    r as u64
                }),
                BinaryOp::Atan2 => return unsupported(),
            })
        }
        (Data::Bool(x), Data::Bool(y)) => Data::Bool(match op {
            BinaryOp::Add | BinaryOp::Or | BinaryOp::Max => zip(x, y, |p, q| p | q),
            BinaryOp::Mul | BinaryOp::And | BinaryOp::Min => zip(x, y, |p, q| p & q),
            BinaryOp::Xor => zip(x, y, |p, q| p ^ q),
            _ => return unsupported(),
        }),
        (Data::C64(x), Data::C64(y)) => Data::C64(match op {
            BinaryOp::Add => zip(x, y, |p, q| p + q),
            BinaryOp::Sub => zip(x, y, |p, q| p - q),
            BinaryOp::Mul => zip(x, y, |p, q| p * q),
            BinaryOp::Div => zip(x, y, c64_via_f64(|p, q| p / q)),
            BinaryOp::Pow => zip(x, y, c64_via_f64(|p, q| p.powc(q))),
            BinaryOp::Atan2 => zip(x, y, c64_via_f64(catan2)),
            BinaryOp::Max => zip(x, y, cmax),
            BinaryOp::Min => zip(x, y, cmin),
            _ => return unsupported(),
        }),
        (Data::C128(x), Data::C128(y)) => Data::C128(match op {
            BinaryOp::Add => zip(x, y, |p, q| p + q),
            BinaryOp::Sub => zip(x, y, |p, q| p - q),
            BinaryOp::Mul => zip(x, y, |p, q| p * q),
            BinaryOp::Div => zip(x, y, |p, q| p / q),
            BinaryOp::Pow => zip(x, y, |p, q| p.powc(q)),
            BinaryOp::Atan2 => zip(x, y, catan2),
            BinaryOp::Max => zip(x, y, cmax),
            BinaryOp::Min => zip(x, y, cmin),
            _ => return unsupported(),
        }),
        _ => return unsupported(),
    };
    finish(ty, a.shape().to_vec(), data)
}

fn sign_f64(x: f64) -> f64 {
    if x.is_nan() || x == 0.0 {
        x
    } else if x < 0.0 {
        -1.0
    } else {
        1.0
    }
}

fn round_afz(x: f64) -> f64 {
    x.round()
}

fn round_even(x: f64) -> f64 {
    x.round_ties_even()
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn ccbrt(z: Complex<f64>) -> Complex<f64> {
    let theta = z.im.atan2(z.re) / 3.0;
    (z.re * z.re + z.im * z.im).powf(1.0 / 6.0) * Complex::new(theta.cos(), theta.sin())
}

fn csign(z: Complex<f64>) -> Complex<f64> {
    if z.re.is_nan() || z.im.is_nan() {
        Complex::new(f64::NAN, f64::NAN)
    } else if z.re == 0.0 && z.im == 0.0 {
        Complex::new(0.0, 0.0)
    } else {
        z / z.norm()
    }
}

/// The f64 function of a float unary op (`None` if the op is not a float op).
fn float_fn(op: UnaryOp) -> Option<fn(f64) -> f64> {
    Some(match op {
        UnaryOp::Abs => f64::abs,
        UnaryOp::Negate => |x: f64| -x,
        UnaryOp::Sqrt => f64::sqrt,
        UnaryOp::Rsqrt => |x: f64| 1.0 / x.sqrt(),
        UnaryOp::Cbrt => f64::cbrt,
        UnaryOp::Exp => f64::exp,
        UnaryOp::Expm1 => f64::exp_m1,
        UnaryOp::Log => f64::ln,
        UnaryOp::Log1p => f64::ln_1p,
        UnaryOp::Logistic => logistic,
        UnaryOp::Sin => f64::sin,
        UnaryOp::Cos => f64::cos,
        UnaryOp::Tan => f64::tan,
        UnaryOp::Tanh => f64::tanh,
        UnaryOp::Ceil => f64::ceil,
        UnaryOp::Floor => f64::floor,
        UnaryOp::RoundNearestAfz => round_afz,
        UnaryOp::RoundNearestEven => round_even,
        UnaryOp::Sign => sign_f64,
        UnaryOp::Real => |x: f64| x,
        UnaryOp::Imag => |_x: f64| 0.0,
        _ => return None,
    })
}

/// The complex function of a complex unary op (result complex).
fn complex_fn(op: UnaryOp) -> Option<fn(Complex<f64>) -> Complex<f64>> {
    Some(match op {
        UnaryOp::Negate => |z: Complex<f64>| -z,
        UnaryOp::Sqrt => |z: Complex<f64>| z.sqrt(),
        UnaryOp::Rsqrt => |z: Complex<f64>| Complex::new(1.0, 0.0) / z.sqrt(),
        UnaryOp::Cbrt => ccbrt,
        UnaryOp::Exp => |z: Complex<f64>| z.exp(),
        UnaryOp::Expm1 => |z: Complex<f64>| z.exp() - Complex::new(1.0, 0.0),
        UnaryOp::Log => |z: Complex<f64>| z.ln(),
        UnaryOp::Log1p => |z: Complex<f64>| (z + Complex::new(1.0, 0.0)).ln(),
        UnaryOp::Logistic => |z: Complex<f64>| Complex::new(1.0, 0.0) / (Complex::new(1.0, 0.0) + (-z).exp()),
        UnaryOp::Sin => |z: Complex<f64>| z.sin(),
        UnaryOp::Cos => |z: Complex<f64>| z.cos(),
        UnaryOp::Tan => |z: Complex<f64>| z.tan(),
        UnaryOp::Tanh => |z: Complex<f64>| z.tanh(),
        UnaryOp::Sign => csign,
        _ => return None,
    })
}

/// Applies an elementwise unary op. `abs`, `real` and `imag` of complex
/// tensors give their component type; `is_finite` gives `i1`.
pub fn unary(op: UnaryOp, x: &Tensor) -> KResult<Tensor> {
    let name = op.name();
    let ty = x.element_type();
    let shape = x.shape().to_vec();
    let unsupported = || Err(InterpError::unsupported_type(name, ty));
    if op == UnaryOp::IsFinite {
        let data = match x.data() {
            Data::F32(v) => map(v, |a| a.is_finite()),
            Data::F64(v) => map(v, |a| a.is_finite()),
            _ => return unsupported(),
        };
        return Ok(Tensor::new(ElementType::I1, shape, Data::Bool(data))?);
    }
    let (out_ty, data) = match x.data() {
        Data::F32(v) => {
            let d = match op {
                UnaryOp::Abs => map(v, f32::abs),
                UnaryOp::Negate => map(v, |a| -a),
                UnaryOp::Ceil => map(v, f32::ceil),
                UnaryOp::Floor => map(v, f32::floor),
                UnaryOp::RoundNearestAfz => map(v, f32::round),
                UnaryOp::RoundNearestEven => map(v, f32::round_ties_even),
                UnaryOp::Real => v.clone(),
                _ => {
                    let f = float_fn(op).ok_or_else(|| InterpError::unsupported_type(name, ty))?;
                    let st = store_f32(ty);
                    map(v, |a| st(f(a as f64)))
                }
            };
            (ty, Data::F32(d))
        }
        Data::F64(v) => {
            let f = float_fn(op).ok_or_else(|| InterpError::unsupported_type(name, ty))?;
            (ty, Data::F64(map(v, f)))
        }
        Data::C64(v) => match op {
            UnaryOp::Abs => (ElementType::F32, Data::F32(map(v, |z| (z.re as f64).hypot(z.im as f64) as f32))),
            UnaryOp::Real => (ElementType::F32, Data::F32(map(v, |z| z.re))),
            UnaryOp::Imag => (ElementType::F32, Data::F32(map(v, |z| z.im))),
            UnaryOp::Negate => (ty, Data::C64(map(v, |z| -z))),
            _ => {
                let f = complex_fn(op).ok_or_else(|| InterpError::unsupported_type(name, ty))?;
                (
                    ty,
                    Data::C64(map(v, |z| {
                        let r = f(Complex::new(z.re as f64, z.im as f64));
                        Complex::new(r.re as f32, r.im as f32)
                    })),
                )
            }
        },
        Data::C128(v) => match op {
            UnaryOp::Abs => (ElementType::F64, Data::F64(map(v, |z| z.re.hypot(z.im)))),
            UnaryOp::Real => (ElementType::F64, Data::F64(map(v, |z| z.re))),
            UnaryOp::Imag => (ElementType::F64, Data::F64(map(v, |z| z.im))),
            _ => {
                let f = complex_fn(op).ok_or_else(|| InterpError::unsupported_type(name, ty))?;
                (ty, Data::C128(map(v, f)))
            }
        },
        Data::I64(v) => {
            let bits = bits_of(ty);
            let m = mask(bits);
            let d = match op {
                UnaryOp::Abs => map(v, i64::wrapping_abs),
                UnaryOp::Negate => map(v, i64::wrapping_neg),
                UnaryOp::Not => map(v, |a| !a),
                UnaryOp::Sign => map(v, i64::signum),
                UnaryOp::Popcnt => map(v, |a| ((a as u64) & m).count_ones() as i64),
                UnaryOp::CountLeadingZeros => map(v, |a| (((a as u64) & m).leading_zeros() - (64 - bits)) as i64),
                _ => return unsupported(),
            };
            (ty, Data::I64(d))
        }
        Data::U64(v) => {
            let bits = bits_of(ty);
            let d = match op {
                UnaryOp::Abs => v.clone(),
                UnaryOp::Negate => map(v, u64::wrapping_neg),
                UnaryOp::Not => map(v, |a| !a),
                UnaryOp::Sign => map(v, |a| (a != 0) as u64),
                UnaryOp::Popcnt => map(v, |a| a.count_ones() as u64),
                UnaryOp::CountLeadingZeros => map(v, |a| (a.leading_zeros() - (64 - bits)) as u64),
                _ => return unsupported(),
            };
            (ty, Data::U64(d))
        }
        Data::Bool(v) => match op {
            UnaryOp::Not => (ty, Data::Bool(map(v, |a| !a))),
            _ => return unsupported(),
        },
    };
    finish(out_ty, shape, data)
}

/// `stablehlo.complex`: builds complex numbers from real and imaginary
/// parts (f32 → `complex<f32>`, f64 → `complex<f64>`).
pub fn complex(re: &Tensor, im: &Tensor) -> KResult<Tensor> {
    check_same("complex", re, im)?;
    let shape = re.shape().to_vec();
    match (re.data(), im.data()) {
        (Data::F32(a), Data::F32(b)) if re.element_type() == ElementType::F32 => {
            Ok(Tensor::new(ElementType::Complex64, shape, Data::C64(zip(a, b, Complex::new)))?)
        }
        (Data::F64(a), Data::F64(b)) => {
            Ok(Tensor::new(ElementType::Complex128, shape, Data::C128(zip(a, b, Complex::new)))?)
        }
        _ => Err(InterpError::unsupported_type("complex", re.element_type())),
    }
}
