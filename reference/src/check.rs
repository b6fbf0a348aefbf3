//! The semantics of the test assertions: the `check` dialect's ops and the `check.*` targets of
//! `stablehlo.custom_call`, exactly as StableHLO's `stablehlo-translate --interpret` computes
//! them (`stablehlo/tests/CheckOps.cpp`, the fallback of `StablehloTranslateMain.cpp`, and
//! `areApproximatelyEqual` / `operator==` of `stablehlo/reference/Element.cpp`).
//!
//! | op / custom_call target | element types | rule |
//! |---|---|---|
//! | `check.expect_eq`, `check.expect_eq_const`, `check.expect_serialized_eq` | all | [`CheckRule::Eq`] |
//! | `check.expect_almost_eq`, `check.expect_almost_eq_const` (`tolerance`, default 1e-4) | float, complex | [`CheckRule::AlmostEq`] |
//! | `check.expect_close` (`min_ulp_difference` default 0, `max_ulp_difference`) | float, complex | [`CheckRule::Close`] |
//! | `custom_call @check.eq` | integer, `i1` | `Eq`; results are `i1` scalars (true when it holds) |
//! | `custom_call @check.eq` | float, complex | `AlmostEq` with tolerance 1e-4 |
//! | `custom_call @check.expect_eq` | all | `Eq` |
//! | `custom_call @check.expect_almost_eq` | float, complex | `AlmostEq` with tolerance 1e-3 |
//! | `custom_call @check.expect_close` | float, complex | `Close` with ULP difference in [0, 3] |
//!
//! The rules, element by element:
//! - **Eq**: integers and booleans are equal when their values are; floats compare as IEEE
//!   numbers (`NaN` equals nothing, not even `NaN`; `-0.0 == +0.0`); complex numbers compare
//!   each part that way.
//! - **AlmostEq(tol)**: equal numbers (IEEE) pass; two `NaN`s pass, a `NaN` and a number fail;
//!   an infinity matches only the same infinity; otherwise the two values must have the same
//!   sign (so `0.0` and `-1e-9` fail) and `|f − g| ≤ tol`, computed in `f64`. Complex: both
//!   parts.
//! - **Close(min, max)**: the ULP difference `d` must satisfy `min ≤ d ≤ max`. `d` is 0 for
//!   bitwise-equal values and for two `NaN`s (of any payload); for two finite values it is the
//!   distance between their magnitudes' bit patterns (their sum when the signs differ, so
//!   `-0.0` and `+0.0` are 0 apart); a finite value and an infinity or `NaN`, or two different
//!   infinities, are `u64::MAX` apart. Complex: the larger difference of the two parts.
//!
//! Element types must be equal and shapes must match; anything else (and an element type a
//! rule does not accept, e.g. `check.expect_close` on integers) is an error, not a failed check
//! — StableHLO's interpreter aborts there.

use super::{InterpError, KResult};
use crate::value::{Data, ElementType, Tensor};

/// How two tensors are compared.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum CheckRule {
    /// Exact equality (IEEE for floats).
    Eq,
    /// Approximate equality within an absolute tolerance, signs equal.
    AlmostEq {
        /// The absolute tolerance.
        tolerance: f64,
    },
    /// ULP difference within `[min_ulp, max_ulp]`.
    Close {
        /// Smallest accepted ULP difference.
        min_ulp: u64,
        /// Largest accepted ULP difference.
        max_ulp: u64,
    },
}

/// The default tolerance of `check.expect_almost_eq` / `_const` (and of the reference's
/// `areApproximatelyEqual`).
pub const DEFAULT_TOLERANCE: f64 = 1e-4;

/// The rule of `stablehlo.custom_call @check.<target>` for operands of element type `ty`, as
/// `stablehlo-translate --interpret` applies it; `None` for targets it does not support.
pub fn custom_call_rule(target: &str, ty: ElementType) -> Option<CheckRule> {
    Some(match target {
        "check.eq" if ty.is_integer() || ty.is_bool() => CheckRule::Eq,
        "check.eq" => CheckRule::AlmostEq { tolerance: 1e-4 },
        "check.expect_eq" => CheckRule::Eq,
        "check.expect_almost_eq" => CheckRule::AlmostEq { tolerance: 1e-3 },
        "check.expect_close" => CheckRule::Close { min_ulp: 0, max_ulp: 3 },
        _ => return None,
    })
}

/// Tensors up to this many elements are printed whole in a failure message.
const SHOW_WHOLE: usize = 16;

/// Maximum number of mismatching elements listed in a failure message.
const MAX_LISTED: usize = 8;

/// Compares `actual` with `expected` under `rule`. `Ok(None)`: the check holds;
/// `Ok(Some(message))`: it fails (the message says where and by how much); `Err`: the check
/// cannot be evaluated (different types or shapes, an element type the rule does not accept).
pub fn check(op: &str, rule: CheckRule, actual: &Tensor, expected: &Tensor) -> KResult<Option<String>> {
    let ty = actual.element_type();
    if ty != expected.element_type() {
        return Err(InterpError::invalid(
            op,
            format!("element types don't match: {} (actual) vs {} (expected)", ty, expected.element_type()),
        ));
    }
    if actual.shape() != expected.shape() {
        return Err(InterpError::invalid(
            op,
            format!("shapes don't match: {} (actual) vs {} (expected)", actual.type_string(), expected.type_string()),
        ));
    }
    if !matches!(rule, CheckRule::Eq) && !ty.is_float() && !ty.is_complex() {
        return Err(InterpError::invalid(op, format!("unsupported element type: {ty} (floats and complex only)")));
    }
    let n = actual.num_elements();
    let mut bad = Vec::new();
    let mut n_bad = 0usize;
    // ULP statistics as the reference reports them: counts of differences 0, 1, 2, 3 and >= 4.
    let mut histogram = [0usize; 5];
    for i in 0..n {
        let (ok, ulp) = match rule {
            CheckRule::Eq => (exact_eq(actual.data(), expected.data(), i), None),
            CheckRule::AlmostEq { tolerance } => (almost_eq_at(actual.data(), expected.data(), i, tolerance), None),
            CheckRule::Close { min_ulp, max_ulp } => {
                let d = ulp_difference_at(ty, actual.data(), expected.data(), i);
                histogram[d.min(4) as usize] += 1;
                (min_ulp <= d && d <= max_ulp, Some(d))
            }
        };
        if !ok {
            n_bad += 1;
            if bad.len() < MAX_LISTED {
                bad.push((i, ulp));
            }
        }
    }
    if n_bad == 0 {
        return Ok(None);
    }
    let show = |t: &Tensor, i: usize| {
        let d = super::kernels::scalar_at(t, i).to_dense_attr();
        d.strip_prefix("dense<").and_then(|d| d.strip_suffix('>')).map_or(d.clone(), str::to_string)
    };
    let index = |i: usize| {
        let idx = crate::value::tensor::unflatten_index(actual.shape(), i);
        let parts: Vec<String> = idx.iter().map(|x| x.to_string()).collect();
        format!("[{}]", parts.join(", "))
    };
    let mut msg = format!("{op} failed: ");
    match rule {
        CheckRule::Eq | CheckRule::AlmostEq { .. } => {
            let (i, _) = bad[0];
            if let CheckRule::AlmostEq { tolerance } = rule {
                msg.push_str(&format!("element values don't match with tolerance {tolerance}: "));
            } else {
                msg.push_str("element values don't match: ");
            }
            msg.push_str(&format!(
                "{} (actual) vs {} (expected) at index {}",
                show(actual, i),
                show(expected, i),
                index(i)
            ));
            if n_bad > 1 {
                msg.push_str(&format!(" ({n_bad} of {n} elements differ)"));
            }
            if n > 1 && n <= SHOW_WHOLE {
                msg.push_str(&format!("; actual {}, expected {}", actual.to_mlir_string(), expected.to_mlir_string()));
            }
        }
        CheckRule::Close { min_ulp, max_ulp } => {
            msg.push_str(&format!("{n_bad} of {n} elements are not within ULP difference [{min_ulp}, {max_ulp}]:"));
            for &(i, d) in &bad {
                let d = d.unwrap_or(0);
                let d = if d == u64::MAX { "max".to_string() } else { d.to_string() };
                msg.push_str(&format!(
                    "\n  index={}, actual={}, expected={}, ULP difference={d}",
                    index(i),
                    show(actual, i),
                    show(expected, i)
                ));
            }
            if n_bad > bad.len() {
                msg.push_str(&format!("\n  ... and {} more", n_bad - bad.len()));
            }
            for (k, c) in histogram.iter().enumerate() {
                let rel = if k == 4 { ">=" } else { "==" };
                msg.push_str(&format!("\nULP difference {rel} {k} count is {c}"));
            }
        }
    }
    Ok(Some(msg))
}

/// Element `i` of two tensors of the same type compares equal (IEEE for floats).
fn exact_eq(a: &Data, b: &Data, i: usize) -> bool {
    match (a, b) {
        (Data::Bool(x), Data::Bool(y)) => x[i] == y[i],
        (Data::I64(x), Data::I64(y)) => x[i] == y[i],
        (Data::U64(x), Data::U64(y)) => x[i] == y[i],
        (Data::F32(x), Data::F32(y)) => x[i] == y[i],
        (Data::F64(x), Data::F64(y)) => x[i] == y[i],
        (Data::C64(x), Data::C64(y)) => x[i].re == y[i].re && x[i].im == y[i].im,
        (Data::C128(x), Data::C128(y)) => x[i].re == y[i].re && x[i].im == y[i].im,
        _ => false,
    }
}

fn almost_eq_at(a: &Data, b: &Data, i: usize, tol: f64) -> bool {
    match (a, b) {
        (Data::F32(x), Data::F32(y)) => almost_equal(x[i] as f64, y[i] as f64, tol),
        (Data::F64(x), Data::F64(y)) => almost_equal(x[i], y[i], tol),
        (Data::C64(x), Data::C64(y)) => {
            almost_equal(x[i].re as f64, y[i].re as f64, tol) && almost_equal(x[i].im as f64, y[i].im as f64, tol)
        }
        (Data::C128(x), Data::C128(y)) => almost_equal(x[i].re, y[i].re, tol) && almost_equal(x[i].im, y[i].im, tol),
        _ => false,
    }
}

/// The reference interpreter's `areApproximatelyEqual(f, g, tolerance)` (values of one float
/// type, widened exactly to `f64`).
pub fn almost_equal(f: f64, g: f64, tol: f64) -> bool {
    if f == g {
        return true;
    }
    if f.is_nan() || g.is_nan() {
        return f.is_nan() == g.is_nan();
    }
    let finite_nonzero = |x: f64| x.is_finite() && x != 0.0;
    if (!finite_nonzero(f) || !finite_nonzero(g)) && f != 0.0 && g != 0.0 {
        // An infinity against anything but itself (handled above) or zero.
        return false;
    }
    if f.is_sign_negative() != g.is_sign_negative() {
        return false;
    }
    (f - g).abs() <= tol
}

fn ulp_difference_at(ty: ElementType, a: &Data, b: &Data, i: usize) -> u64 {
    let (re_ty, im) = match ty.component_type() {
        Some(c) => (c, true),
        None => (ty, false),
    };
    let Some(fmt) = re_ty.float_format() else { return u64::MAX };
    let bits = |x: f64| -> (u64, bool, bool, bool) {
        // (bits of |x|, negative, finite, nan)
        let neg = x.is_sign_negative();
        (fmt.encode(x.abs()), neg, x.is_finite(), x.is_nan())
    };
    let one = |f: f64, g: f64| -> u64 {
        let (af, nf, ff, nanf) = bits(f);
        let (ag, ng, fg, nang) = bits(g);
        if nanf && nang {
            return 0;
        }
        if nanf || nang {
            return u64::MAX;
        }
        if af == ag && nf == ng {
            return 0; // bitwise equal
        }
        if ff && fg {
            return if nf != ng { af.saturating_add(ag) } else { af.abs_diff(ag) };
        }
        u64::MAX
    };
    match (a, b) {
        (Data::F32(x), Data::F32(y)) => one(x[i] as f64, y[i] as f64),
        (Data::F64(x), Data::F64(y)) => one(x[i], y[i]),
        (Data::C64(x), Data::C64(y)) if im => {
            one(x[i].re as f64, y[i].re as f64).max(one(x[i].im as f64, y[i].im as f64))
        }
        (Data::C128(x), Data::C128(y)) if im => one(x[i].re, y[i].re).max(one(x[i].im, y[i].im)),
        _ => u64::MAX,
    }
}

/// The ULP difference of two values of float type `ty` (see the module docs).
pub fn ulp_difference(ty: ElementType, f: f64, g: f64) -> u64 {
    ulp_difference_at(ty, &Data::F64(vec![f]), &Data::F64(vec![g]), 0)
}
