//! `sort`: sorts 1-D slices along a dimension with a comparator region,
//! permuting every input the same way. The sort is a merge sort, hence
//! stable whether or not `is_stable` is set (a comparator that is not a
//! strict weak order gives some permutation, never a panic).

use std::cmp::Ordering;

use super::compare_select::{CmpDir, CmpType};
use super::{scalar_at, strides_of, take};
use crate::value::{Data, Tensor};
use crate::{Body, InterpError, KResult};

/// Stable merge sort of `idx` with a fallible "less than".
fn merge_sort(idx: &mut Vec<usize>, less: &mut dyn FnMut(usize, usize) -> KResult<bool>) -> KResult<()> {
    let n = idx.len();
    let mut buf = idx.clone();
    let mut width = 1;
    while width < n {
        let mut i = 0;
        while i < n {
            let mid = (i + width).min(n);
            let hi = (i + 2 * width).min(n);
            let (mut a, mut b, mut k) = (i, mid, i);
            while a < mid && b < hi {
                // take from the right only if right < left (stability)
                if less(idx[b], idx[a])? {
                    buf[k] = idx[b];
                    b += 1;
                } else {
                    buf[k] = idx[a];
                    a += 1;
                }
                k += 1;
            }
            while a < mid {
                buf[k] = idx[a];
                a += 1;
                k += 1;
            }
            while b < hi {
                buf[k] = idx[b];
                b += 1;
                k += 1;
            }
            i += 2 * width;
        }
        std::mem::swap(idx, &mut buf);
        width *= 2;
    }
    Ok(())
}

/// Runs `sort_slice` on every 1-D slice along `dim` and permutes all inputs.
fn sort_along(
    inputs: &[Tensor],
    dim: i64,
    mut less: impl FnMut(usize, usize) -> KResult<bool>,
) -> KResult<Vec<Tensor>> {
    let op = "sort";
    let first = inputs.first().ok_or_else(|| InterpError::invalid(op, "no inputs"))?;
    let rank = first.rank() as i64;
    if rank == 0 {
        return Ok(inputs.to_vec());
    }
    let d = if dim < 0 { dim + rank } else { dim };
    if d < 0 || d >= rank {
        return Err(InterpError::invalid(op, format!("dimension {dim} out of range for rank {rank}")));
    }
    for t in inputs {
        if t.shape() != first.shape() {
            return Err(InterpError::invalid(op, "inputs differ in shape"));
        }
    }
    let d = d as usize;
    let shape = first.shape();
    let strides = strides_of(shape);
    let len = shape[d] as usize;
    let step = strides[d] as usize;
    let total = first.num_elements();
    let mut perm = vec![0usize; total];
    // every slice start: indices with coordinate 0 along d
    let mut outer_shape = shape.to_vec();
    outer_shape[d] = 1;
    let starts = super::strided_indices(&outer_shape, 0, &strides);
    let mut idx: Vec<usize> = Vec::with_capacity(len);
    for s in starts {
        idx.clear();
        idx.extend((0..len).map(|k| s + k * step));
        merge_sort(&mut idx, &mut less)?;
        for (k, &src) in idx.iter().enumerate() {
            perm[s + k * step] = src;
        }
    }
    inputs.iter().map(|t| Ok(Tensor::new(t.element_type(), t.shape().to_vec(), take(t.data(), &perm))?)).collect()
}

/// `stablehlo.sort` with a comparator region: `comparator(lhs_0, rhs_0,
/// lhs_1, rhs_1, …)` returns an `i1` "lhs < rhs".
pub fn sort(inputs: &[Tensor], dim: i64, _is_stable: bool, comparator: &mut Body<'_>) -> KResult<Vec<Tensor>> {
    let mut args = Vec::with_capacity(2 * inputs.len());
    sort_along(inputs, dim, |a, b| {
        args.clear();
        for t in inputs {
            args.push(scalar_at(t, a));
            args.push(scalar_at(t, b));
        }
        let r = comparator(&args)?;
        match r.first().and_then(|t| t.as_bool()) {
            Some(v) if v.len() == 1 => Ok(v[0]),
            _ => Err(InterpError::invalid("sort", "comparator must return one i1 scalar")),
        }
    })
}

/// `stablehlo.sort` whose comparator is a single `compare` of input `key`'s
/// two block arguments (`lhs dir rhs`) — the dispatch layer detects it.
pub fn sort_fast(inputs: &[Tensor], dim: i64, key: usize, dir: CmpDir, ty: CmpType) -> KResult<Vec<Tensor>> {
    let k = inputs.get(key).ok_or_else(|| InterpError::invalid("sort", "key input out of range"))?;
    let total = ty == CmpType::TotalOrder;
    let holds = move |o: Option<Ordering>| dir.holds_partial(o);
    match k.data() {
        Data::F32(v) => sort_along(inputs, dim, |a, b| {
            Ok(if total { dir.holds(v[a].total_cmp(&v[b])) } else { holds(v[a].partial_cmp(&v[b])) })
        }),
        Data::F64(v) => sort_along(inputs, dim, |a, b| {
            Ok(if total { dir.holds(v[a].total_cmp(&v[b])) } else { holds(v[a].partial_cmp(&v[b])) })
        }),
        Data::I64(v) => sort_along(inputs, dim, |a, b| Ok(dir.holds(v[a].cmp(&v[b])))),
        Data::U64(v) => sort_along(inputs, dim, |a, b| Ok(dir.holds(v[a].cmp(&v[b])))),
        Data::Bool(v) => sort_along(inputs, dim, |a, b| Ok(dir.holds(v[a].cmp(&v[b])))),
        _ => Err(InterpError::unsupported_type("sort", k.element_type())),
    }
}
