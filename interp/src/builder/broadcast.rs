//! XLA's implicit broadcasting rules for element-wise binary operations ("Broadcasting
//! semantics" in the XLA documentation), as pure shape functions.
//!
//! StableHLO's element-wise ops require operands of identical shapes, so the builder computes a
//! [`BroadcastPlan`] — the result dimensions and, per operand, the `broadcast_dimensions` of a
//! `stablehlo.broadcast_in_dim` that expands it — and materializes the broadcasts explicitly.
//!
//! The rules, in the order [`plan`] applies them:
//! 1. **Same rank** — every pair of dimensions must be equal or one of them `1` (a *degenerate*
//!    dimension); the result takes the larger size: `(2,1)` and `(1,3)` give `(2,3)` (an "outer
//!    operation"). `broadcast_dimensions` must be empty or the identity.
//! 2. **Scalar and array** — a rank-0 operand broadcasts over any array without
//!    `broadcast_dimensions`.
//! 3. **Lower rank onto higher rank** ("InDim" broadcasting) — needs `broadcast_dimensions`, one
//!    entry per dimension of the lower-rank operand, strictly increasing, naming the dimension of
//!    the higher-rank operand it matches. Matched sizes must be equal or one of them `1`
//!    (broadcast composition: a vector of 4 with a `1x2` matrix and dimensions `{0}` gives
//!    `4x2`). Without `broadcast_dimensions`, operands of different ranks are an error: XLA
//!    requires explicit broadcasting rather than NumPy's implicit rank promotion.

use std::fmt::Write;

/// How two operand shapes broadcast to a common result shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BroadcastPlan {
    /// The result dimensions.
    pub dims: Vec<i64>,
    /// `broadcast_dimensions` mapping the left operand's dimensions to the result's.
    pub lhs_map: Vec<i64>,
    /// `broadcast_dimensions` mapping the right operand's dimensions to the result's.
    pub rhs_map: Vec<i64>,
}

fn fmt_dims(d: &[i64]) -> String {
    let mut s = String::from("[");
    for (i, x) in d.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        let _ = write!(s, "{x}");
    }
    s.push(']');
    s
}

fn fmt_list(d: &[i64]) -> String {
    let v: Vec<String> = d.iter().map(|x| x.to_string()).collect();
    format!("{{{}}}", v.join(", "))
}

/// Computes the broadcast of `lhs` and `rhs` dimensions under XLA's rules (see the module docs).
/// `broadcast_dimensions` is the optional "InDim" mapping of the lower-rank operand. Errors
/// describe the offending dimensions; shapes print as `[2,3]` (the caller adds element types).
pub fn plan(lhs: &[i64], rhs: &[i64], broadcast_dimensions: &[i64]) -> Result<BroadcastPlan, String> {
    let identity = |n: usize| (0..n as i64).collect::<Vec<_>>();
    if lhs.len() == rhs.len() {
        if !broadcast_dimensions.is_empty() && broadcast_dimensions != identity(lhs.len()).as_slice() {
            return Err(format!(
                "broadcast_dimensions {} must be empty or the identity for operands of the same rank ({} and {})",
                fmt_list(broadcast_dimensions),
                fmt_dims(lhs),
                fmt_dims(rhs)
            ));
        }
        let mut dims = Vec::with_capacity(lhs.len());
        for (i, (&a, &b)) in lhs.iter().zip(rhs).enumerate() {
            dims.push(match (a, b) {
                _ if a == b => a,
                (1, _) => b,
                (_, 1) => a,
                _ => {
                    return Err(format!(
                        "incompatible shapes {} and {}: dimension {i} has sizes {a} and {b} \
                         (sizes must be equal or one of them 1)",
                        fmt_dims(lhs),
                        fmt_dims(rhs)
                    ))
                }
            });
        }
        let id = identity(lhs.len());
        return Ok(BroadcastPlan { dims, lhs_map: id.clone(), rhs_map: id });
    }
    let lhs_is_small = lhs.len() < rhs.len();
    let (small, large) = if lhs_is_small { (lhs, rhs) } else { (rhs, lhs) };
    let map: Vec<i64> = if small.is_empty() && broadcast_dimensions.is_empty() {
        Vec::new()
    } else if broadcast_dimensions.is_empty() {
        return Err(format!(
            "operands of different ranks {} and {} need broadcast_dimensions \
             (only a scalar broadcasts implicitly)",
            fmt_dims(lhs),
            fmt_dims(rhs)
        ));
    } else {
        broadcast_dimensions.to_vec()
    };
    if map.len() != small.len() {
        return Err(format!(
            "broadcast_dimensions {} has {} entries but the lower-rank operand {} has rank {}",
            fmt_list(&map),
            map.len(),
            fmt_dims(small),
            small.len()
        ));
    }
    let mut dims = large.to_vec();
    for (i, &d) in map.iter().enumerate() {
        if d < 0 || d as usize >= large.len() {
            return Err(format!(
                "broadcast dimension {d} is out of range for the higher-rank operand {} (rank {})",
                fmt_dims(large),
                large.len()
            ));
        }
        if i > 0 && map[i - 1] >= d {
            return Err(format!("broadcast_dimensions {} must be strictly increasing", fmt_list(&map)));
        }
        let (s, l) = (small[i], large[d as usize]);
        if s != l && s != 1 && l != 1 {
            return Err(format!(
                "broadcast dimension {i} mismatch: dimension {i} of {} has size {s} but dimension {d} of {} has size {l}",
                fmt_dims(small),
                fmt_dims(large)
            ));
        }
        dims[d as usize] = s.max(l);
    }
    let id = identity(large.len());
    Ok(if lhs_is_small {
        BroadcastPlan { dims, lhs_map: map, rhs_map: id }
    } else {
        BroadcastPlan { dims, lhs_map: id, rhs_map: map }
    })
}

#[cfg(test)]
mod tests {
    use super::plan;

    #[test]
    fn seed_examples() {
        assert_eq!(plan(&[2, 1], &[2, 3], &[]).unwrap().dims, vec![2, 3]);
        assert_eq!(plan(&[1, 2, 5], &[7, 2, 5], &[]).unwrap().dims, vec![7, 2, 5]);
        assert_eq!(plan(&[7, 2, 5], &[7, 1, 5], &[]).unwrap().dims, vec![7, 2, 5]);
        assert!(plan(&[7, 2, 5], &[7, 2, 6], &[]).is_err());
        assert_eq!(plan(&[2, 1], &[1, 3], &[]).unwrap().dims, vec![2, 3]);
        assert_eq!(plan(&[4], &[1, 2], &[0]).unwrap().dims, vec![4, 2]);
        assert_eq!(plan(&[1, 2], &[4, 3, 1], &[1, 2]).unwrap().dims, vec![4, 3, 2]);
        assert!(plan(&[2, 3], &[3], &[0]).is_err());
        let p = plan(&[2, 3], &[3], &[1]).unwrap();
        assert_eq!((p.dims, p.lhs_map, p.rhs_map), (vec![2, 3], vec![0, 1], vec![1]));
    }
}
