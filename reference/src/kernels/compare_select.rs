//! `compare`, `select`, `clamp`.
//!
//! `compare` with `FLOAT` (or no) comparison type uses IEEE quiet
//! comparisons (NaN is unordered: only `NE` holds); with `TOTALORDER` it
//! orders `-NaN < -inf < … < -0 < +0 < … < +inf < +NaN` and `EQ` means the
//! same bit pattern. Complex numbers compare lexicographically on
//! `(real, imag)`.

use std::cmp::Ordering;

use num_complex::Complex;

use super::elementwise::{binary, BinaryOp};
use crate::value::{Data, ElementType, Tensor};
use crate::{InterpError, KResult};

/// `comparison_direction`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum CmpDir {
    Eq,
    Ne,
    Ge,
    Gt,
    Le,
    Lt,
}

impl CmpDir {
    /// From the keyword (`EQ`, `NE`, …).
    pub fn from_keyword(s: &str) -> Option<Self> {
        Some(match s.trim() {
            "EQ" => CmpDir::Eq,
            "NE" => CmpDir::Ne,
            "GE" => CmpDir::Ge,
            "GT" => CmpDir::Gt,
            "LE" => CmpDir::Le,
            "LT" => CmpDir::Lt,
            _ => return None,
        })
    }

    /// Whether an ordering satisfies the direction.
    #[inline]
    pub fn holds(self, o: Ordering) -> bool {
        match self {
            CmpDir::Eq => o == Ordering::Equal,
            CmpDir::Ne => o != Ordering::Equal,
            CmpDir::Ge => o != Ordering::Less,
            CmpDir::Gt => o == Ordering::Greater,
            CmpDir::Le => o != Ordering::Greater,
            CmpDir::Lt => o == Ordering::Less,
        }
    }

    /// Whether a partial ordering satisfies the direction (IEEE quiet
    /// predicates: unordered satisfies only `NE`).
    #[inline]
    pub fn holds_partial(self, o: Option<Ordering>) -> bool {
        match o {
            Some(o) => self.holds(o),
            None => self == CmpDir::Ne,
        }
    }
}

/// `compare_type`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[allow(missing_docs)]
pub enum CmpType {
    #[default]
    NoType,
    Float,
    TotalOrder,
    Signed,
    Unsigned,
}

impl CmpType {
    /// From the keyword (`FLOAT`, `TOTALORDER`, …).
    pub fn from_keyword(s: &str) -> Option<Self> {
        Some(match s.trim() {
            "NOTYPE" => CmpType::NoType,
            "FLOAT" => CmpType::Float,
            "TOTALORDER" => CmpType::TotalOrder,
            "SIGNED" => CmpType::Signed,
            "UNSIGNED" => CmpType::Unsigned,
            _ => return None,
        })
    }
}

fn zip_cmp<T: Copy>(x: &[T], y: &[T], f: impl Fn(T, T) -> bool) -> Vec<bool> {
    x.iter().zip(y).map(|(&a, &b)| f(a, b)).collect()
}

/// `stablehlo.compare`: elementwise comparison giving an `i1` tensor.
pub fn compare(a: &Tensor, b: &Tensor, dir: CmpDir, ty: CmpType) -> KResult<Tensor> {
    super::check_same("compare", a, b)?;
    let total = ty == CmpType::TotalOrder;
    let out = match (a.data(), b.data()) {
        (Data::Bool(x), Data::Bool(y)) => zip_cmp(x, y, |p, q| dir.holds(p.cmp(&q))),
        (Data::I64(x), Data::I64(y)) => {
            if ty == CmpType::Unsigned {
                let m = mask_of(a.element_type());
                zip_cmp(x, y, |p, q| dir.holds(((p as u64) & m).cmp(&((q as u64) & m))))
            } else {
                zip_cmp(x, y, |p, q| dir.holds(p.cmp(&q)))
            }
        }
        (Data::U64(x), Data::U64(y)) => zip_cmp(x, y, |p, q| dir.holds(p.cmp(&q))),
        (Data::F32(x), Data::F32(y)) => {
            if total {
                zip_cmp(x, y, |p, q| dir.holds(p.total_cmp(&q)))
            } else {
                match dir {
                    CmpDir::Eq => zip_cmp(x, y, |p, q| p == q),
                    CmpDir::Ne => zip_cmp(x, y, |p, q| p != q),
                    CmpDir::Ge => zip_cmp(x, y, |p, q| p >= q),
                    CmpDir::Gt => zip_cmp(x, y, |p, q| p > q),
                    CmpDir::Le => zip_cmp(x, y, |p, q| p <= q),
                    CmpDir::Lt => zip_cmp(x, y, |p, q| p < q),
                }
            }
        }
        (Data::F64(x), Data::F64(y)) => {
            if total {
                zip_cmp(x, y, |p, q| dir.holds(p.total_cmp(&q)))
            } else {
                zip_cmp(x, y, |p, q| dir.holds_partial(p.partial_cmp(&q)))
            }
        }
        (Data::C64(x), Data::C64(y)) => zip_cmp(x, y, |p, q| complex_cmp(dir, total, widen(p), widen(q))),
        (Data::C128(x), Data::C128(y)) => zip_cmp(x, y, |p, q| complex_cmp(dir, total, p, q)),
        _ => return Err(InterpError::unsupported_type("compare", a.element_type())),
    };
    Ok(Tensor::new(ElementType::I1, a.shape().to_vec(), Data::Bool(out))?)
}

fn mask_of(ty: ElementType) -> u64 {
    let b = ty.bit_width();
    if b >= 64 {
        u64::MAX
    } else {
        (1u64 << b) - 1
    }
}

fn widen(c: Complex<f32>) -> Complex<f64> {
    Complex::new(c.re as f64, c.im as f64)
}

fn complex_cmp(dir: CmpDir, total: bool, p: Complex<f64>, q: Complex<f64>) -> bool {
    if total {
        let o = p.re.total_cmp(&q.re).then(p.im.total_cmp(&q.im));
        return dir.holds(o);
    }
    match dir {
        CmpDir::Eq => p.re == q.re && p.im == q.im,
        CmpDir::Ne => p.re != q.re || p.im != q.im,
        _ => {
            let o = if p.re == q.re { p.im.partial_cmp(&q.im) } else { p.re.partial_cmp(&q.re) };
            dir.holds_partial(o)
        }
    }
}

/// `stablehlo.select`: `pred ? on_true : on_false`, elementwise; `pred` may
/// be a scalar.
pub fn select(pred: &Tensor, on_true: &Tensor, on_false: &Tensor) -> KResult<Tensor> {
    super::check_same("select", on_true, on_false)?;
    let p = pred
        .as_bool()
        .ok_or_else(|| InterpError::invalid("select", format!("pred must be i1, got {}", pred.element_type())))?;
    if pred.rank() == 0 {
        return Ok(if p[0] { on_true.clone() } else { on_false.clone() });
    }
    if pred.shape() != on_true.shape() {
        return Err(InterpError::invalid(
            "select",
            format!("pred shape {:?} differs from operand shape {:?}", pred.shape(), on_true.shape()),
        ));
    }
    fn sel<T: Copy>(p: &[bool], a: &[T], b: &[T]) -> Vec<T> {
        p.iter().zip(a.iter().zip(b)).map(|(&c, (&x, &y))| if c { x } else { y }).collect()
    }
    let data = match (on_true.data(), on_false.data()) {
        (Data::Bool(a), Data::Bool(b)) => Data::Bool(sel(p, a, b)),
        (Data::I64(a), Data::I64(b)) => Data::I64(sel(p, a, b)),
        (Data::U64(a), Data::U64(b)) => Data::U64(sel(p, a, b)),
        (Data::F32(a), Data::F32(b)) => Data::F32(sel(p, a, b)),
        (Data::F64(a), Data::F64(b)) => Data::F64(sel(p, a, b)),
        (Data::C64(a), Data::C64(b)) => Data::C64(sel(p, a, b)),
        (Data::C128(a), Data::C128(b)) => Data::C128(sel(p, a, b)),
        _ => return Err(InterpError::invalid("select", "storage kinds differ")),
    };
    Ok(Tensor::new(on_true.element_type(), on_true.shape().to_vec(), data)?)
}

/// Broadcasts a rank-0 tensor to `shape` (other tensors are returned as
/// they are).
pub fn splat_to(t: &Tensor, shape: &[i64]) -> KResult<Tensor> {
    if t.rank() == 0 && !shape.is_empty() {
        super::shape::broadcast_in_dim(t, shape, &[])
    } else {
        Ok(t.clone())
    }
}

/// `stablehlo.clamp`: `minimum(maximum(operand, min), max)`; `min` and `max`
/// may be scalars.
pub fn clamp(min: &Tensor, operand: &Tensor, max: &Tensor) -> KResult<Tensor> {
    for (what, t) in [("min", min), ("max", max)] {
        if t.rank() != 0 && t.shape() != operand.shape() {
            return Err(InterpError::invalid(
                "clamp",
                format!("{what} shape {:?} is neither scalar nor the operand shape {:?}", t.shape(), operand.shape()),
            ));
        }
    }
    let lo = splat_to(min, operand.shape())?;
    let hi = splat_to(max, operand.shape())?;
    let t = binary(BinaryOp::Max, operand, &lo)?;
    binary(BinaryOp::Min, &t, &hi)
}
