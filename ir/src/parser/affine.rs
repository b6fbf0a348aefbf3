//! Affine expression construction with MLIR's simplifications (MLIR's `AffineExpr.cpp`
//! `operator+`, `operator*`, `floorDiv`, `ceilDiv`, `operator%`).
//!
//! MLIR never stores `d0 - 1`: it builds `d0 + (-1)`, canonicalizes constants to the right
//! (`2 * d0` is `d0 * 2`), folds constants and a few identities. The parser builds every
//! expression through these functions, so the stored structure is exactly MLIR's and printing
//! it the way MLIR's printer does gives mlir-opt's output. Passes that build affine expressions
//! should use them too.

use crate::attributes::{AffineExpr, AffineMap};

/// `a + b`, simplified.
pub fn add(a: AffineExpr, b: AffineExpr) -> AffineExpr {
    simplify_add(a, b)
}

/// `a * b`, simplified. At least one side should be symbolic or constant.
pub fn mul(a: AffineExpr, b: AffineExpr) -> AffineExpr {
    simplify_mul(a, b)
}

/// `a - b` = `a + b * -1`, simplified.
pub fn sub(a: AffineExpr, b: AffineExpr) -> AffineExpr {
    add(a, neg(b))
}

/// `-a` = `a * -1`, simplified.
pub fn neg(a: AffineExpr) -> AffineExpr {
    mul(a, AffineExpr::Constant(-1))
}

/// `a floordiv b`, simplified.
pub fn floor_div(a: AffineExpr, b: AffineExpr) -> AffineExpr {
    simplify_floordiv(a, b)
}

/// `a ceildiv b`, simplified.
pub fn ceil_div(a: AffineExpr, b: AffineExpr) -> AffineExpr {
    simplify_ceildiv(a, b)
}

/// `a mod b`, simplified.
pub fn modulo(a: AffineExpr, b: AffineExpr) -> AffineExpr {
    simplify_mod(a, b)
}

/// Whether the expression contains no dimension (MLIR's `isSymbolicOrConstant`).
pub fn is_symbolic_or_constant(e: &AffineExpr) -> bool {
    match e {
        AffineExpr::Constant(_) | AffineExpr::Symbol(_) => true,
        AffineExpr::Dim(_) => false,
        AffineExpr::Add(a, b)
        | AffineExpr::Mul(a, b)
        | AffineExpr::Mod(a, b)
        | AffineExpr::FloorDiv(a, b)
        | AffineExpr::CeilDiv(a, b) => is_symbolic_or_constant(a) && is_symbolic_or_constant(b),
    }
}

/// MLIR's `getLargestKnownDivisor`.
pub fn largest_known_divisor(e: &AffineExpr) -> i64 {
    match e {
        AffineExpr::Dim(_) | AffineExpr::Symbol(_) => 1,
        AffineExpr::Constant(c) => c.wrapping_abs(),
        AffineExpr::FloorDiv(l, r) | AffineExpr::CeilDiv(l, r) => {
            if let AffineExpr::Constant(c) = **r {
                if c != 0 {
                    let ld = largest_known_divisor(l);
                    if ld.checked_rem(c) == Some(0) {
                        return ld.wrapping_div(c);
                    }
                }
            }
            1
        }
        AffineExpr::Mul(l, r) => largest_known_divisor(l).wrapping_mul(largest_known_divisor(r)),
        AffineExpr::Add(l, r) | AffineExpr::Mod(l, r) => {
            gcd(largest_known_divisor(l) as u64, largest_known_divisor(r) as u64) as i64
        }
    }
}

/// `e` with every `d_i` replaced by `dims[i]` and every `s_j` by `syms[j]`, simplified as it is
/// rebuilt (MLIR's `AffineExpr::replaceDimsAndSymbols`). Out-of-range identifiers stay as they are.
pub fn replace_dims_and_symbols(e: &AffineExpr, dims: &[AffineExpr], syms: &[AffineExpr]) -> AffineExpr {
    let r = |x: &AffineExpr| replace_dims_and_symbols(x, dims, syms);
    match e {
        AffineExpr::Dim(i) => dims.get(*i as usize).cloned().unwrap_or(AffineExpr::Dim(*i)),
        AffineExpr::Symbol(i) => syms.get(*i as usize).cloned().unwrap_or(AffineExpr::Symbol(*i)),
        AffineExpr::Constant(c) => AffineExpr::Constant(*c),
        AffineExpr::Add(a, b) => add(r(a), r(b)),
        AffineExpr::Mul(a, b) => mul(r(a), r(b)),
        AffineExpr::Mod(a, b) => modulo(r(a), r(b)),
        AffineExpr::FloorDiv(a, b) => floor_div(r(a), r(b)),
        AffineExpr::CeilDiv(a, b) => ceil_div(r(a), r(b)),
    }
}

/// `a ∘ b` (MLIR's `AffineMap::compose`): the map with `b`'s dimensions whose results are `a`'s
/// results with `a`'s dimensions replaced by `b`'s results. `None` unless `b` has as many results
/// as `a` has dimensions, or if either map has symbols (linalg indexing maps have none).
pub fn compose(a: &AffineMap, b: &AffineMap) -> Option<AffineMap> {
    if a.num_symbols != 0 || b.num_symbols != 0 || b.results.len() != a.num_dims as usize {
        return None;
    }
    Some(AffineMap {
        num_dims: b.num_dims,
        num_symbols: 0,
        results: a.results.iter().map(|e| replace_dims_and_symbols(e, &b.results, &[])).collect(),
    })
}

/// Whether `m` is a permutation of its dimensions (MLIR's `AffineMap::isPermutation`).
pub fn is_permutation(m: &AffineMap) -> bool {
    if m.results.len() != m.num_dims as usize {
        return false;
    }
    let mut seen = vec![false; m.num_dims as usize];
    m.results.iter().all(|e| match e {
        AffineExpr::Dim(d) if !seen[*d as usize] => {
            seen[*d as usize] = true;
            true
        }
        _ => false,
    })
}

/// MLIR's `inversePermutation`: for a map whose pure-dimension results mention every dimension,
/// the map from its results to its dimensions (the first result naming each dimension wins).
/// `None` if some dimension is named by no result, or if the map has symbols.
pub fn inverse_permutation(m: &AffineMap) -> Option<AffineMap> {
    if m.num_symbols != 0 {
        return None;
    }
    let mut of_dim: Vec<Option<u32>> = vec![None; m.num_dims as usize];
    for (i, e) in m.results.iter().enumerate() {
        if let AffineExpr::Dim(d) = e {
            let slot = of_dim.get_mut(*d as usize)?;
            if slot.is_none() {
                *slot = Some(i as u32);
            }
        }
    }
    let results = of_dim.into_iter().map(|r| r.map(AffineExpr::Dim)).collect::<Option<Vec<_>>>()?;
    Some(AffineMap { num_dims: m.results.len() as u32, num_symbols: 0, results })
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

fn cst(e: &AffineExpr) -> Option<i64> {
    match e {
        AffineExpr::Constant(c) => Some(*c),
        _ => None,
    }
}

/// `x % c` for c != 0 (remainder has the sign of the dividend), `None` for c == 0.
fn rem(a: i64, c: i64) -> Option<i64> {
    a.checked_rem(c).or(if c == -1 { Some(0) } else { None })
}

fn floordiv_i(a: i64, b: i64) -> i64 {
    let q = a.wrapping_div(b);
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn ceildiv_i(a: i64, b: i64) -> i64 {
    let q = a.wrapping_div(b);
    if (a % b != 0) && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    }
}

fn mod_i(a: i64, b: i64) -> i64 {
    let r = a % b;
    if r < 0 {
        r + b
    } else {
        r
    }
}

fn simplify_add(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
    use AffineExpr::*;
    let lc = cst(&lhs);
    let rc = cst(&rhs);
    if let (Some(a), Some(b)) = (lc, rc) {
        return Constant(a.wrapping_add(b));
    }
    if lc.is_some() || (is_symbolic_or_constant(&lhs) && !is_symbolic_or_constant(&rhs)) {
        return add(rhs, lhs);
    }
    if rc == Some(0) {
        return lhs;
    }
    // (d0 + 2) + 3 -> d0 + 5
    if let (Add(ll, lr), Some(c)) = (&lhs, rc) {
        if let Some(lrc) = cst(lr) {
            return add((**ll).clone(), Constant(lrc.wrapping_add(c)));
        }
    }
    // c1 * e + c2 * e -> (c1 + c2) * e
    let (c1, first) = match &lhs {
        Mul(a, b) if cst(b).is_some() => (cst(b).unwrap_or(1), (**a).clone()),
        _ => (1, lhs.clone()),
    };
    let (c2, second) = match &rhs {
        Mul(a, b) if cst(b).is_some() => (cst(b).unwrap_or(1), (**a).clone()),
        _ => (1, rhs.clone()),
    };
    if first == second {
        return mul(first, Constant(c1.wrapping_add(c2)));
    }
    // (d0 + 2) + d1 -> (d0 + d1) + 2
    if let Add(ll, lr) = &lhs {
        if let Some(lrc) = cst(lr) {
            return add(add((**ll).clone(), rhs), Constant(lrc));
        }
    }
    // expr - q * (expr floordiv q) -> expr mod q
    if let Mul(lrhs, rrhs) = &rhs {
        if cst(rrhs) == Some(-1) {
            if let Mul(llrhs, rlrhs) = &**lrhs {
                match &**llrhs {
                    FloorDiv(fl, fr) => {
                        if **fr == **rlrhs && **fl == lhs {
                            return modulo(lhs, (**rlrhs).clone());
                        }
                    }
                    _ => return Add(Box::new(lhs), Box::new(rhs)),
                }
            }
        }
        if let FloorDiv(llrhs, rlrhs) = &**lrhs {
            if **llrhs == lhs && **rlrhs == neg((**rrhs).clone()) {
                return modulo(lhs, (**rlrhs).clone());
            }
        }
    }
    Add(Box::new(lhs), Box::new(rhs))
}

fn simplify_mul(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
    use AffineExpr::*;
    let lc = cst(&lhs);
    let rc = cst(&rhs);
    if let (Some(a), Some(b)) = (lc, rc) {
        return Constant(a.wrapping_mul(b));
    }
    let ls = is_symbolic_or_constant(&lhs);
    let rs = is_symbolic_or_constant(&rhs);
    if !ls && !rs {
        return Mul(Box::new(lhs), Box::new(rhs));
    }
    if !rs || lc.is_some() {
        return mul(rhs, lhs);
    }
    if let Some(c) = rc {
        if c == 1 {
            return lhs;
        }
        if c == 0 {
            return rhs;
        }
    }
    if let (Mul(ll, lr), Some(c)) = (&lhs, rc) {
        if let Some(lrc) = cst(lr) {
            return mul((**ll).clone(), Constant(lrc.wrapping_mul(c)));
        }
    }
    if let Mul(ll, lr) = &lhs {
        if let Some(lrc) = cst(lr) {
            return mul(mul((**ll).clone(), rhs), Constant(lrc));
        }
    }
    Mul(Box::new(lhs), Box::new(rhs))
}

fn simplify_floordiv(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
    use AffineExpr::*;
    let Some(c) = cst(&rhs).filter(|&c| c >= 1) else {
        return FloorDiv(Box::new(lhs), Box::new(rhs));
    };
    if let Some(a) = cst(&lhs) {
        return Constant(floordiv_i(a, c));
    }
    if c == 1 {
        return lhs;
    }
    if let Mul(ll, lr) = &lhs {
        if let Some(lrc) = cst(lr) {
            if rem(lrc, c) == Some(0) {
                return mul((**ll).clone(), Constant(lrc / c));
            }
        }
    }
    if let Add(ll, lr) = &lhs {
        let a = largest_known_divisor(ll);
        let b = largest_known_divisor(lr);
        if rem(a, c) == Some(0) || rem(b, c) == Some(0) {
            return add(floor_div((**ll).clone(), Constant(c)), floor_div((**lr).clone(), Constant(c)));
        }
    }
    FloorDiv(Box::new(lhs), Box::new(rhs))
}

fn simplify_ceildiv(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
    use AffineExpr::*;
    let Some(c) = cst(&rhs).filter(|&c| c >= 1) else {
        return CeilDiv(Box::new(lhs), Box::new(rhs));
    };
    if let Some(a) = cst(&lhs) {
        return Constant(ceildiv_i(a, c));
    }
    if c == 1 {
        return lhs;
    }
    if let Mul(ll, lr) = &lhs {
        if let Some(lrc) = cst(lr) {
            if rem(lrc, c) == Some(0) {
                return mul((**ll).clone(), Constant(lrc / c));
            }
        }
    }
    CeilDiv(Box::new(lhs), Box::new(rhs))
}

fn simplify_mod(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
    use AffineExpr::*;
    let Some(c) = cst(&rhs).filter(|&c| c >= 1) else {
        return Mod(Box::new(lhs), Box::new(rhs));
    };
    if let Some(a) = cst(&lhs) {
        return Constant(mod_i(a, c));
    }
    if rem(largest_known_divisor(&lhs), c) == Some(0) {
        return Constant(0);
    }
    if let Add(ll, lr) = &lhs {
        if rem(largest_known_divisor(ll), c) == Some(0) {
            return modulo((**lr).clone(), Constant(c));
        }
        if rem(largest_known_divisor(lr), c) == Some(0) {
            return modulo((**ll).clone(), Constant(c));
        }
    }
    if let Mod(ll, lr) = &lhs {
        if let Some(i) = cst(lr) {
            if i >= 1 && mod_i(i, c) == 0 {
                return modulo((**ll).clone(), Constant(c));
            }
        }
    }
    Mod(Box::new(lhs), Box::new(rhs))
}

#[cfg(test)]
mod tests {
    use super::*;
    use AffineExpr::*;

    fn d(i: u32) -> AffineExpr {
        Dim(i)
    }

    #[test]
    fn canonical_forms() {
        assert_eq!(add(Constant(4), d(0)), Add(Box::new(d(0)), Box::new(Constant(4))));
        assert_eq!(mul(Constant(2), d(0)), Mul(Box::new(d(0)), Box::new(Constant(2))));
        assert_eq!(sub(d(0), Constant(1)), Add(Box::new(d(0)), Box::new(Constant(-1))));
        assert_eq!(add(add(d(0), Constant(2)), Constant(3)), Add(Box::new(d(0)), Box::new(Constant(5))));
        assert_eq!(sub(d(0), d(0)), Constant(0));
        assert_eq!(floor_div(mul(d(0), Constant(128)), Constant(64)), Mul(Box::new(d(0)), Box::new(Constant(2))));
        assert_eq!(modulo(mul(d(0), Constant(128)), Constant(64)), Constant(0));
        // d0 - (d0 floordiv 4) * 4 -> d0 mod 4
        let e = sub(d(0), mul(floor_div(d(0), Constant(4)), Constant(4)));
        assert_eq!(e, Mod(Box::new(d(0)), Box::new(Constant(4))));
        assert_eq!(floor_div(Constant(-7), Constant(2)), Constant(-4));
        assert_eq!(ceil_div(Constant(-7), Constant(2)), Constant(-3));
        assert_eq!(modulo(Constant(-7), Constant(2)), Constant(1));
    }
}
