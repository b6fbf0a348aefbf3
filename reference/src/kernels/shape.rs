//! Data-movement ops: `broadcast_in_dim`, `reshape`, `transpose`, `reverse`,
//! `slice`, `dynamic_slice`, `dynamic_update_slice`, `concatenate`, `pad`,
//! `iota`.
//!
//! Each computes, for every result element, the flat offset of its source
//! element (a strided view or a per-dimension coordinate map) and gathers
//! with [`take`](super::take).

use super::{
    check_dims, check_shape, concat_data, numel, put, strided_copy, strided_indices, strides_of, take, take_or_fill,
};
use crate::value::{Data, ElementType, Tensor};
use crate::{InterpError, KResult};

/// Flat source offsets for a result of `out_shape` where dimension `d`
/// contributes `maps[d][i]` at coordinate `i` (`usize::MAX`: no source, the
/// element is a fill).
pub fn product_map(out_shape: &[i64], maps: &[Vec<usize>]) -> Vec<usize> {
    let n = numel(out_shape);
    let mut out = Vec::with_capacity(n);
    if n == 0 {
        return out;
    }
    let rank = out_shape.len();
    if rank == 0 {
        out.push(0);
        return out;
    }
    // partial[d] = sum of contributions of dims < d (MAX if any is a fill)
    let mut idx = vec![0usize; rank];
    let mut partial = vec![0usize; rank + 1];
    let add = |a: usize, b: usize| if a == usize::MAX || b == usize::MAX { usize::MAX } else { a + b };
    for d in 0..rank - 1 {
        partial[d + 1] = add(partial[d], maps[d][0]);
    }
    let last = &maps[rank - 1];
    loop {
        let base = partial[rank - 1];
        if base == usize::MAX {
            out.extend(std::iter::repeat_n(usize::MAX, last.len()));
        } else {
            out.extend(last.iter().map(|&c| if c == usize::MAX { usize::MAX } else { base + c }));
        }
        // advance outer dims
        let mut d = rank - 1;
        loop {
            if d == 0 {
                return out;
            }
            d -= 1;
            idx[d] += 1;
            if idx[d] < out_shape[d] as usize {
                break;
            }
            idx[d] = 0;
        }
        for e in d..rank - 1 {
            partial[e + 1] = add(partial[e], maps[e][idx[e]]);
        }
    }
}

/// `stablehlo.broadcast_in_dim`: dimension `d` of the operand becomes
/// dimension `dims[d]` of the result (size-1 dimensions broadcast).
pub fn broadcast_in_dim(x: &Tensor, out_shape: &[i64], dims: &[i64]) -> KResult<Tensor> {
    let op = "broadcast_in_dim";
    check_shape(op, out_shape)?;
    if dims.len() != x.rank() {
        return Err(InterpError::invalid(op, format!("broadcast_dimensions {dims:?} must have {} entries", x.rank())));
    }
    let d = check_dims(op, "broadcast_dimensions", dims, out_shape.len(), true)?;
    let in_strides = strides_of(x.shape());
    let mut strides = vec![0i64; out_shape.len()];
    for (i, &od) in d.iter().enumerate() {
        let s = x.shape()[i];
        if s != 1 && s != out_shape[od] {
            return Err(InterpError::invalid(
                op,
                format!(
                    "operand dimension {i} of size {s} cannot broadcast to result dimension {od} of size {}",
                    out_shape[od]
                ),
            ));
        }
        if s != 1 {
            strides[od] = in_strides[i];
        }
    }
    if x.num_elements() == 1 {
        // splat fast path
        let n = numel(out_shape);
        let data = super::map_data!(x.data(), v => vec![v[0]; n]);
        return Ok(Tensor::new(x.element_type(), out_shape.to_vec(), data)?);
    }
    Ok(Tensor::new(x.element_type(), out_shape.to_vec(), strided_copy(x.data(), out_shape, 0, &strides))?)
}

/// `stablehlo.reshape`.
pub fn reshape(x: &Tensor, shape: &[i64]) -> KResult<Tensor> {
    check_shape("reshape", shape)?;
    Ok(x.reshape(shape)?)
}

/// `stablehlo.transpose`: result dimension `i` is operand dimension
/// `perm[i]`.
pub fn transpose(x: &Tensor, perm: &[i64]) -> KResult<Tensor> {
    let p = check_dims("transpose", "permutation", perm, x.rank(), true)?;
    if p.len() != x.rank() {
        return Err(InterpError::invalid("transpose", format!("permutation {perm:?} must have {} entries", x.rank())));
    }
    let r = x.rank();
    // Swapping the two minor dimensions (a matrix transpose, possibly
    // batched): cache-blocked tiles.
    if r >= 2 && p[r - 2] == r - 1 && p[r - 1] == r - 2 && (0..r - 2).all(|i| p[i] == i) {
        let (rows, cols) = (x.shape()[r - 2] as usize, x.shape()[r - 1] as usize);
        let batch = numel(&x.shape()[..r - 2]);
        fn tiled<T: Copy>(v: &[T], batch: usize, rows: usize, cols: usize) -> Vec<T> {
            const B: usize = 32;
            let mut out: Vec<T> = v.to_vec();
            for b in 0..batch {
                let src = &v[b * rows * cols..(b + 1) * rows * cols];
                let dst = &mut out[b * rows * cols..(b + 1) * rows * cols];
                for i0 in (0..rows).step_by(B) {
                    for j0 in (0..cols).step_by(B) {
                        for i in i0..(i0 + B).min(rows) {
                            for j in j0..(j0 + B).min(cols) {
                                dst[j * rows + i] = src[i * cols + j];
                            }
                        }
                    }
                }
            }
            out
        }
        let data = super::map_data!(x.data(), v => tiled(v, batch, rows, cols));
        let mut shape = x.shape().to_vec();
        shape.swap(r - 2, r - 1);
        return Ok(Tensor::new(x.element_type(), shape, data)?);
    }
    Ok(x.transpose(&p)?)
}

/// `stablehlo.reverse` along `dims`.
pub fn reverse(x: &Tensor, dims: &[i64]) -> KResult<Tensor> {
    let d = check_dims("reverse", "dimensions", dims, x.rank(), false)?;
    let mut strides = strides_of(x.shape());
    let mut base = 0i64;
    let mut done = vec![false; x.rank()];
    for &k in &d {
        if done[k] {
            continue;
        }
        done[k] = true;
        base += (x.shape()[k] - 1).max(0) * strides[k];
        strides[k] = -strides[k];
    }
    Ok(Tensor::new(x.element_type(), x.shape().to_vec(), strided_copy(x.data(), x.shape(), base, &strides))?)
}

/// `stablehlo.slice`: `start <= limit <= dim`, `strides > 0`.
pub fn slice(x: &Tensor, start: &[i64], limit: &[i64], strides: &[i64]) -> KResult<Tensor> {
    let op = "slice";
    let r = x.rank();
    if start.len() != r || limit.len() != r || strides.len() != r {
        return Err(InterpError::invalid(op, format!("start/limit/strides must have {r} entries")));
    }
    let in_strides = strides_of(x.shape());
    let mut out_shape = Vec::with_capacity(r);
    let mut base = 0i64;
    let mut st = Vec::with_capacity(r);
    for d in 0..r {
        let (s, l, k, n) = (start[d], limit[d], strides[d], x.shape()[d]);
        if s < 0 || l < s || l > n || k <= 0 {
            return Err(InterpError::invalid(op, format!("invalid slice [{s}:{l}:{k}] of dimension {d} of size {n}")));
        }
        out_shape.push((l - s + k - 1) / k);
        base += s * in_strides[d];
        st.push(k * in_strides[d]);
    }
    let data = strided_copy(x.data(), &out_shape, base, &st);
    Ok(Tensor::new(x.element_type(), out_shape, data)?)
}

/// Clamps start indices so that a window of `sizes` fits in `shape`
/// (`dynamic_slice`, `dynamic_update_slice`).
pub fn clamp_starts(shape: &[i64], starts: &[i64], sizes: &[i64]) -> Vec<i64> {
    starts.iter().zip(shape.iter().zip(sizes)).map(|(&s, (&n, &z))| s.clamp(0, (n - z).max(0))).collect()
}

/// `stablehlo.dynamic_slice`: start indices are clamped to
/// `[0, dim - size]`.
pub fn dynamic_slice(x: &Tensor, starts: &[i64], sizes: &[i64]) -> KResult<Tensor> {
    let op = "dynamic_slice";
    let r = x.rank();
    if starts.len() != r || sizes.len() != r {
        return Err(InterpError::invalid(op, format!("start_indices and slice_sizes must have {r} entries")));
    }
    for d in 0..r {
        if sizes[d] < 0 || sizes[d] > x.shape()[d] {
            return Err(InterpError::invalid(op, format!("slice size {} out of range for dimension {d}", sizes[d])));
        }
    }
    let s = clamp_starts(x.shape(), starts, sizes);
    let ones = vec![1i64; r];
    let limit: Vec<i64> = s.iter().zip(sizes).map(|(a, b)| a + b).collect();
    slice(x, &s, &limit, &ones)
}

/// `stablehlo.dynamic_update_slice`: start indices are clamped to
/// `[0, dim - update_dim]`.
pub fn dynamic_update_slice(x: &Tensor, update: &Tensor, starts: &[i64]) -> KResult<Tensor> {
    let op = "dynamic_update_slice";
    let r = x.rank();
    if update.rank() != r || starts.len() != r {
        return Err(InterpError::invalid(op, format!("update and start_indices must have rank/size {r}")));
    }
    if update.element_type() != x.element_type() {
        return Err(InterpError::invalid(op, "update element type differs from operand"));
    }
    for d in 0..r {
        if update.shape()[d] > x.shape()[d] {
            return Err(InterpError::invalid(op, format!("update dimension {d} larger than operand")));
        }
    }
    let s = clamp_starts(x.shape(), starts, update.shape());
    let in_strides = strides_of(x.shape());
    let base: i64 = s.iter().zip(&in_strides).map(|(a, b)| a * b).sum();
    let idx = strided_indices(update.shape(), base, &in_strides);
    let mut out = x.clone();
    put(out.data_mut(), &idx, update.data())?;
    Ok(out)
}

/// `stablehlo.concatenate` along `dim`.
pub fn concatenate(inputs: &[&Tensor], dim: i64) -> KResult<Tensor> {
    let op = "concatenate";
    let first = inputs.first().ok_or_else(|| InterpError::invalid(op, "no inputs"))?;
    let r = first.rank();
    if dim < 0 || dim as usize >= r {
        return Err(InterpError::invalid(op, format!("dimension {dim} out of range for rank {r}")));
    }
    let d = dim as usize;
    let mut out_shape = first.shape().to_vec();
    out_shape[d] = 0;
    for t in inputs {
        if t.element_type() != first.element_type() || t.rank() != r {
            return Err(InterpError::invalid(op, "inputs differ in element type or rank"));
        }
        for k in 0..r {
            if k != d && t.shape()[k] != first.shape()[k] {
                return Err(InterpError::invalid(op, format!("inputs differ in dimension {k}")));
            }
        }
        out_shape[d] += t.shape()[d];
    }
    let outer: usize = first.shape()[..d].iter().map(|&s| s as usize).product();
    let inner: usize = first.shape()[d + 1..].iter().map(|&s| s as usize).product();
    let all = concat_data(&inputs.iter().map(|t| t.data()).collect::<Vec<_>>())?;
    let mut offsets = Vec::with_capacity(inputs.len());
    let mut acc = 0usize;
    for t in inputs {
        offsets.push(acc);
        acc += t.num_elements();
    }
    let mut idx = Vec::with_capacity(acc);
    for o in 0..outer {
        for (t, &off) in inputs.iter().zip(&offsets) {
            let chunk = t.shape()[d] as usize * inner;
            let start = off + o * chunk;
            idx.extend(start..start + chunk);
        }
    }
    Ok(Tensor::new(first.element_type(), out_shape, take(&all, &idx))?)
}

/// `stablehlo.pad`: `lo`/`hi` edge padding (negative values remove
/// elements) and `interior` padding between elements.
pub fn pad(x: &Tensor, pad_value: &Tensor, lo: &[i64], hi: &[i64], interior: &[i64]) -> KResult<Tensor> {
    let op = "pad";
    let r = x.rank();
    if lo.len() != r || hi.len() != r || interior.len() != r {
        return Err(InterpError::invalid(op, format!("padding lists must have {r} entries")));
    }
    if pad_value.num_elements() != 1 || pad_value.element_type() != x.element_type() {
        return Err(InterpError::invalid(op, "padding_value must be a scalar of the operand's element type"));
    }
    let in_strides = strides_of(x.shape());
    let mut out_shape = Vec::with_capacity(r);
    let mut maps = Vec::with_capacity(r);
    for d in 0..r {
        let n = x.shape()[d];
        if interior[d] < 0 {
            return Err(InterpError::invalid(op, format!("negative interior padding {}", interior[d])));
        }
        let size = lo[d] + hi[d] + n + (n - 1).max(0) * interior[d];
        if size < 0 {
            return Err(InterpError::invalid(op, format!("padding makes dimension {d} negative")));
        }
        out_shape.push(size);
        let step = interior[d] + 1;
        let m: Vec<usize> = (0..size)
            .map(|p| {
                let q = p - lo[d];
                if q >= 0 && q % step == 0 && q / step < n {
                    (q / step * in_strides[d]) as usize
                } else {
                    usize::MAX
                }
            })
            .collect();
        maps.push(m);
    }
    let idx = product_map(&out_shape, &maps);
    let data = take_or_fill(x.data(), &idx, pad_value.data())?;
    Ok(Tensor::new(x.element_type(), out_shape, data)?)
}

/// `stablehlo.iota`: element value = its index along `dim`.
pub fn iota(ty: ElementType, shape: &[i64], dim: i64) -> KResult<Tensor> {
    let op = "iota";
    check_shape(op, shape)?;
    if dim < 0 || dim as usize >= shape.len() {
        return Err(InterpError::invalid(op, format!("iota_dimension {dim} out of range for rank {}", shape.len())));
    }
    let d = dim as usize;
    let inner: i64 = shape[d + 1..].iter().product();
    let n = numel(shape);
    let vals: Vec<i64> = (0..n as i64).map(|k| (k / inner.max(1)) % shape[d].max(1)).collect();
    let t = match ty.storage() {
        crate::value::StorageKind::C64 | crate::value::StorageKind::C128 => {
            let c: Vec<num_complex::Complex<f64>> =
                vals.iter().map(|&v| num_complex::Complex::new(v as f64, 0.0)).collect();
            Tensor::from_complex(ty, shape, &c)?
        }
        _ => Tensor::from_i64s(ty, shape, &vals)?,
    };
    Ok(t)
}

/// A tensor from a flat list of i64 values (for index tensors in tests and
/// the dispatch layer).
pub fn i64_tensor(ty: ElementType, shape: &[i64], v: &[i64]) -> KResult<Tensor> {
    Ok(Tensor::from_i64s(ty, shape, v)?)
}

/// Whether data kinds match (helper for callers assembling tensors).
pub fn same_kind(a: &Data, b: &Data) -> bool {
    a.kind() == b.kind()
}
