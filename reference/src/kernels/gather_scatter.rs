//! `gather` and `scatter` with the spec's full dimension numbers (including
//! the batching dimensions).
//!
//! `gather` clamps every start index so the whole slice fits in the operand
//! (`clamp(start, 0, dim - slice_size)`); `scatter` does not clamp: update
//! elements whose target index is out of bounds are skipped (the reference
//! interpreter's choice; the spec leaves it implementation-defined). Updates
//! are applied in row-major order of the update index.

use super::{check_dims, scalar_at, strides_of, to_i64s};
use crate::value::{IndexIter, Tensor};
use crate::{Body, InterpError, KResult};

/// `#stablehlo.gather<…>` dimension numbers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[allow(missing_docs)]
pub struct GatherDims {
    pub offset_dims: Vec<i64>,
    pub collapsed_slice_dims: Vec<i64>,
    pub operand_batching_dims: Vec<i64>,
    pub start_indices_batching_dims: Vec<i64>,
    pub start_index_map: Vec<i64>,
    pub index_vector_dim: i64,
}

/// `#stablehlo.scatter<…>` dimension numbers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[allow(missing_docs)]
pub struct ScatterDims {
    pub update_window_dims: Vec<i64>,
    pub inserted_window_dims: Vec<i64>,
    pub input_batching_dims: Vec<i64>,
    pub scatter_indices_batching_dims: Vec<i64>,
    pub scatter_dims_to_operand_dims: Vec<i64>,
    pub index_vector_dim: i64,
}

/// Reads the index vector for batch position `batch` (indices of
/// `indices` without `index_vector_dim`).
fn index_vector(ind: &[i64], ishape: &[i64], istr: &[i64], ivd: usize, batch: &[i64]) -> Vec<i64> {
    let rank = ishape.len();
    let mut base = 0i64;
    let mut k = 0;
    for d in 0..rank {
        if d == ivd {
            continue;
        }
        base += batch[k] * istr[d];
        k += 1;
    }
    if ivd < rank {
        (0..ishape[ivd]).map(|j| ind[(base + j * istr[ivd]) as usize]).collect()
    } else {
        vec![ind[base as usize]]
    }
}

/// `stablehlo.gather`.
pub fn gather(operand: &Tensor, start_indices: &Tensor, dn: &GatherDims, slice_sizes: &[i64]) -> KResult<Tensor> {
    let op = "gather";
    let orank = operand.rank();
    if slice_sizes.len() != orank {
        return Err(InterpError::invalid(op, format!("slice_sizes must have {orank} entries")));
    }
    for d in 0..orank {
        if slice_sizes[d] < 0 || slice_sizes[d] > operand.shape()[d] {
            return Err(InterpError::invalid(
                op,
                format!("slice size {} out of range for dimension {d}", slice_sizes[d]),
            ));
        }
    }
    let ishape = start_indices.shape().to_vec();
    let irank = ishape.len();
    let ivd = dn.index_vector_dim;
    if ivd < 0 || ivd as usize > irank {
        return Err(InterpError::invalid(op, format!("index_vector_dim {ivd} out of range")));
    }
    let ivd = ivd as usize;
    let ind = to_i64s(op, start_indices)?;
    let istr = strides_of(&ishape);
    let collapsed = check_dims(op, "collapsed_slice_dims", &dn.collapsed_slice_dims, orank, true)?;
    let obatch = check_dims(op, "operand_batching_dims", &dn.operand_batching_dims, orank, true)?;
    let smap = check_dims(op, "start_index_map", &dn.start_index_map, orank, true)?;
    let ibatch = check_dims(op, "start_indices_batching_dims", &dn.start_indices_batching_dims, irank, true)?;
    if obatch.len() != ibatch.len() {
        return Err(InterpError::invalid(op, "operand and start_indices batching dims differ in length"));
    }
    let ivlen = if ivd < irank { ishape[ivd] } else { 1 };
    if ivlen as usize != smap.len() {
        return Err(InterpError::invalid(op, "start_index_map length differs from the index vector size"));
    }
    // Batch shape: start_indices dims except index_vector_dim.
    let batch_shape: Vec<i64> = (0..irank).filter(|&d| d != ivd).map(|d| ishape[d]).collect();
    // Offset dims of the operand: not collapsed, not batching.
    let window_operand_dims: Vec<usize> =
        (0..orank).filter(|d| !collapsed.contains(d) && !obatch.contains(d)).collect();
    if window_operand_dims.len() != dn.offset_dims.len() {
        return Err(InterpError::invalid(op, "offset_dims length differs from the number of slice dimensions"));
    }
    let rrank = batch_shape.len() + dn.offset_dims.len();
    let offset_dims = check_dims(op, "offset_dims", &dn.offset_dims, rrank, true)?;
    let mut rshape = vec![0i64; rrank];
    let batch_res_dims: Vec<usize> = (0..rrank).filter(|d| !offset_dims.contains(d)).collect();
    for (k, &d) in batch_res_dims.iter().enumerate() {
        rshape[d] = batch_shape[k];
    }
    for (k, &d) in offset_dims.iter().enumerate() {
        rshape[d] = slice_sizes[window_operand_dims[k]];
    }
    let ostr = strides_of(operand.shape());
    let mut src = Vec::with_capacity(rshape.iter().product::<i64>().max(0) as usize);
    let mut batch = vec![0i64; batch_res_dims.len()];
    for ridx in IndexIter::new(&rshape) {
        for (k, &d) in batch_res_dims.iter().enumerate() {
            batch[k] = ridx[d];
        }
        let sv = index_vector(&ind, &ishape, &istr, ivd, &batch);
        let mut flat = 0i64;
        let mut full = vec![0i64; orank];
        for (k, &od) in smap.iter().enumerate() {
            full[od] = sv[k].clamp(0, operand.shape()[od] - slice_sizes[od]);
        }
        for (&od, &id) in obatch.iter().zip(&ibatch) {
            let bpos = if id < ivd { id } else { id - 1 };
            full[od] += batch[bpos];
        }
        for (k, &rd) in offset_dims.iter().enumerate() {
            full[window_operand_dims[k]] += ridx[rd];
        }
        for d in 0..orank {
            flat += full[d] * ostr[d];
        }
        src.push(flat as usize);
    }
    Ok(Tensor::new(operand.element_type(), rshape, super::take(operand.data(), &src))?)
}

/// `stablehlo.scatter`: `body(acc…, update…)` combines each update with
/// the current value.
pub fn scatter(
    inputs: &[Tensor],
    scatter_indices: &Tensor,
    updates: &[Tensor],
    dn: &ScatterDims,
    body: &mut Body<'_>,
) -> KResult<Vec<Tensor>> {
    let op = "scatter";
    if inputs.is_empty() || inputs.len() != updates.len() {
        return Err(InterpError::invalid(op, "need as many updates as inputs (at least one)"));
    }
    let n = inputs.len();
    let orank = inputs[0].rank();
    let ushape = updates[0].shape().to_vec();
    for (x, u) in inputs.iter().zip(updates) {
        if x.shape() != inputs[0].shape() || u.shape() != ushape.as_slice() {
            return Err(InterpError::invalid(op, "inputs or updates differ in shape"));
        }
    }
    let ishape = scatter_indices.shape().to_vec();
    let irank = ishape.len();
    let ivd = dn.index_vector_dim;
    if ivd < 0 || ivd as usize > irank {
        return Err(InterpError::invalid(op, format!("index_vector_dim {ivd} out of range")));
    }
    let ivd = ivd as usize;
    let ind = to_i64s(op, scatter_indices)?;
    let istr = strides_of(&ishape);
    let urank = ushape.len();
    let uwin = check_dims(op, "update_window_dims", &dn.update_window_dims, urank, true)?;
    let inserted = check_dims(op, "inserted_window_dims", &dn.inserted_window_dims, orank, true)?;
    let ibatch = check_dims(op, "input_batching_dims", &dn.input_batching_dims, orank, true)?;
    let sbatch = check_dims(op, "scatter_indices_batching_dims", &dn.scatter_indices_batching_dims, irank, true)?;
    let s2o = check_dims(op, "scatter_dims_to_operand_dims", &dn.scatter_dims_to_operand_dims, orank, true)?;
    let ivlen = if ivd < irank { ishape[ivd] } else { 1 };
    if ivlen as usize != s2o.len() || ibatch.len() != sbatch.len() {
        return Err(InterpError::invalid(op, "index vector size or batching dims mismatch"));
    }
    let window_input_dims: Vec<usize> = (0..orank).filter(|d| !inserted.contains(d) && !ibatch.contains(d)).collect();
    if window_input_dims.len() != uwin.len() {
        return Err(InterpError::invalid(op, "update_window_dims length differs from the window rank"));
    }
    let uscatter: Vec<usize> = (0..urank).filter(|d| !uwin.contains(d)).collect();
    let oshape = inputs[0].shape().to_vec();
    let ostr = strides_of(&oshape);
    let mut results: Vec<Tensor> = inputs.to_vec();
    let mut batch = vec![0i64; uscatter.len()];
    for (flat_u, uidx) in IndexIter::new(&ushape).enumerate() {
        for (k, &d) in uscatter.iter().enumerate() {
            batch[k] = uidx[d];
        }
        let sv = index_vector(&ind, &ishape, &istr, ivd, &batch);
        let mut full = vec![0i64; orank];
        for (k, &od) in s2o.iter().enumerate() {
            full[od] = sv[k];
        }
        for (&od, &sd) in ibatch.iter().zip(&sbatch) {
            let bpos = if sd < ivd { sd } else { sd - 1 };
            full[od] += batch[bpos];
        }
        for (k, &ud) in uwin.iter().enumerate() {
            full[window_input_dims[k]] += uidx[ud];
        }
        let inb = full.iter().zip(&oshape).all(|(&i, &s)| i >= 0 && i < s);
        if inb {
            let flat: i64 = full.iter().zip(&ostr).map(|(a, b)| a * b).sum();
            let flat = flat as usize;
            let mut args: Vec<Tensor> = results.iter().map(|t| scalar_at(t, flat)).collect();
            args.extend(updates.iter().map(|t| scalar_at(t, flat_u)));
            let r = body(&args)?;
            if r.len() != n {
                return Err(InterpError::invalid(op, format!("body returned {} values, expected {n}", r.len())));
            }
            for (k, v) in r.into_iter().enumerate() {
                if v.element_type() != results[k].element_type() || v.num_elements() != 1 {
                    return Err(InterpError::invalid(op, "body result type differs from the input element type"));
                }
                super::put(results[k].data_mut(), &[flat], v.data())?;
            }
        }
    }
    Ok(results)
}
