//! `gather` (StableHLO's `GatherConversion`: an output-only `linalg.generic` whose body computes
//! the operand index from `linalg.index` and the start indices, clamped so the slice fits, and
//! reads it with `tensor.extract`), `torch_index_select` (same idea), and `scatter` (an `scf.for`
//! over the update elements in row-major order carrying the results, out-of-bounds updates
//! skipped — the interpreter's semantics; the spec leaves collisions and bounds to the
//! implementation).

use strata_dialects::stablehlo::attrs::{GatherDimensionNumbers, ScatterDimensionNumbers};
use strata_ir::{Value, DYNAMIC};

use super::builder::{identity, It, LResult, B};
use super::reduce::inline_scalar_region;
use super::shape::{attr_ints, int_attr};
use super::Src;

/// Element `k` of the index vector at batch position `batch` of `indices`.
fn index_elem(b: &mut B, indices: Value, batch: &[Value], ivd: usize, k: i64, unsigned: bool) -> Value {
    let irank = b.rank(indices);
    let mut idx = Vec::new();
    let mut bi = 0;
    for dpos in 0..irank {
        if dpos == ivd {
            idx.push(b.cidx(k));
        } else {
            idx.push(batch[bi]);
            bi += 1;
        }
    }
    let e = b.extract(indices, &idx);
    b.to_index(e, unsigned)
}

/// `gather`.
pub fn gather(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let x = b.to_signless(src.operands[0]);
    let ind_elt = b.velt(src.operands[1]);
    let unsigned = b.is_unsigned(ind_elt);
    let ind = b.to_signless(src.operands[1]);
    let res = b.signless(src.results[0]);
    let dn = {
        let a = b.ctx().attr(src.id, "dimension_numbers").ok_or("missing dimension_numbers")?;
        b.ctx().typed_attr::<GatherDimensionNumbers>(a).cloned().ok_or("dimension_numbers is not #stablehlo.gather")?
    };
    let sizes = {
        let a = b.ctx().attr(src.id, "slice_sizes").ok_or("missing slice_sizes")?;
        attr_ints(b, a).ok_or("bad slice_sizes")?
    };
    let out = b.shape(res);
    let oshape = b.vshape(x);
    if out.contains(&DYNAMIC) || oshape.contains(&DYNAMIC) {
        return Err("gather with dynamic shapes is not supported".into());
    }
    let rank = out.len();
    let orank = oshape.len();
    let ivd = dn.index_vector_dim as usize;
    let elt = b.elt(res);
    let init = b.empty(&out, &[], elt);
    let batch_dims: Vec<usize> = (0..rank).filter(|i| !dn.offset_dims.contains(&(*i as i64))).collect();
    let offset_operand_dims: Vec<usize> = (0..orank)
        .filter(|i| !dn.collapsed_slice_dims.contains(&(*i as i64)) && !dn.operand_batching_dims.contains(&(*i as i64)))
        .collect();
    b.generic(&[], &[init], vec![identity(rank)], &vec![It::Par; rank], &src.extra, move |b, _| {
        let idx: Vec<Value> = (0..rank).map(|i| b.index(i)).collect();
        let batch: Vec<Value> = batch_dims.iter().map(|&i| idx[i]).collect();
        let zero = b.cidx(0);
        let mut full: Vec<Value> = vec![zero; orank];
        for (k, &od) in dn.start_index_map.iter().enumerate() {
            let s = index_elem(b, ind, &batch, ivd, k as i64, unsigned);
            let hi = b.cidx(oshape[od as usize] - sizes[od as usize]);
            let m = b.bin("arith.maxsi", s, zero);
            full[od as usize] = b.bin("arith.minsi", m, hi);
        }
        for (&od, &sd) in dn.operand_batching_dims.iter().zip(&dn.start_indices_batching_dims) {
            let sd = sd as usize;
            let bpos = if sd < ivd { sd } else { sd - 1 };
            full[od as usize] = b.bin("arith.addi", full[od as usize], batch[bpos]);
        }
        for (k, &od) in offset_operand_dims.iter().enumerate() {
            let r = idx[dn.offset_dims[k] as usize];
            full[od] = b.bin("arith.addi", full[od], r);
        }
        Ok(vec![b.extract(x, &full)])
    })
}

/// `torch_index_select(operand, index) {dim, batch_dims}`.
pub fn torch_index_select(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let x = b.to_signless(src.operands[0]);
    let ie = b.velt(src.operands[1]);
    let unsigned = b.is_unsigned(ie);
    let ind = b.to_signless(src.operands[1]);
    let res = b.signless(src.results[0]);
    let dim = int_attr(b, src, "dim").ok_or("missing dim")? as usize;
    let bd = int_attr(b, src, "batch_dims").unwrap_or(0) as usize;
    let out = b.shape(res);
    if out.contains(&DYNAMIC) {
        return Err("torch_index_select with a dynamic result is not supported".into());
    }
    let rank = out.len();
    let irank = b.rank(ind);
    let orank = b.rank(x);
    let elt = b.elt(res);
    let init = b.empty(&out, &[], elt);
    b.generic(&[], &[init], vec![identity(rank)], &vec![It::Par; rank], &src.extra, move |b, _| {
        let idx: Vec<Value> = (0..rank).map(|i| b.index(i)).collect();
        // Result dims: operand[:dim], index[batch_dims:], operand[dim+1:].
        let iidx: Vec<Value> = (0..irank).map(|k| if k < bd { idx[k] } else { idx[dim + k - bd] }).collect();
        let e = b.extract(ind, &iidx);
        let sel = b.to_index(e, unsigned);
        let full: Vec<Value> = (0..orank)
            .map(|k| match k.cmp(&dim) {
                std::cmp::Ordering::Less => idx[k],
                std::cmp::Ordering::Equal => sel,
                std::cmp::Ordering::Greater => idx[k + (irank - bd) - 1],
            })
            .collect();
        Ok(vec![b.extract(x, &full)])
    })
}

/// `scatter`: a loop over the update elements (row-major), each applied to the element it
/// targets with the update computation, when that element is in bounds.
pub fn scatter(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let n = (src.operands.len() - 1) / 2;
    let inputs: Vec<Value> = src.operands[..n].iter().map(|v| b.to_signless(*v)).collect();
    let ie = b.velt(src.operands[n]);
    let unsigned = b.is_unsigned(ie);
    let ind = b.to_signless(src.operands[n]);
    let updates: Vec<Value> = src.operands[n + 1..].iter().map(|v| b.to_signless(*v)).collect();
    let dn = {
        let a = b.ctx().attr(src.id, "scatter_dimension_numbers").ok_or("missing scatter_dimension_numbers")?;
        b.ctx().typed_attr::<ScatterDimensionNumbers>(a).cloned().ok_or("not a #stablehlo.scatter attribute")?
    };
    let region = b.ctx().op_regions(src.id)[0];
    let oshape = b.vshape(inputs[0]);
    let ushape = b.vshape(updates[0]);
    if oshape.contains(&DYNAMIC) || ushape.contains(&DYNAMIC) || b.vshape(ind).contains(&DYNAMIC) {
        return Err("scatter with dynamic shapes is not supported".into());
    }
    let orank = oshape.len();
    let urank = ushape.len();
    let ivd = dn.index_vector_dim as usize;
    let uscatter: Vec<usize> = (0..urank).filter(|d| !dn.update_window_dims.contains(&(*d as i64))).collect();
    let window_input_dims: Vec<usize> = (0..orank)
        .filter(|d| !dn.inserted_window_dims.contains(&(*d as i64)) && !dn.input_batching_dims.contains(&(*d as i64)))
        .collect();
    let total: i64 = ushape.iter().product();
    let rtypes: Vec<_> = inputs.iter().map(|v| b.ty(*v)).collect();
    b.range(total, &inputs, move |b, flat, acc| {
        let uidx = b.delinearize(flat, &ushape);
        let batch: Vec<Value> = uscatter.iter().map(|&d| uidx[d]).collect();
        let zero = b.cidx(0);
        let mut full = vec![zero; orank];
        for (k, &od) in dn.scatter_dims_to_operand_dims.iter().enumerate() {
            full[od as usize] = index_elem(b, ind, &batch, ivd, k as i64, unsigned);
        }
        for (&od, &sd) in dn.input_batching_dims.iter().zip(&dn.scatter_indices_batching_dims) {
            let sd = sd as usize;
            let bpos = if sd < ivd { sd } else { sd - 1 };
            full[od as usize] = b.bin("arith.addi", full[od as usize], batch[bpos]);
        }
        for (k, &ud) in dn.update_window_dims.iter().enumerate() {
            let od = window_input_dims[k];
            full[od] = b.bin("arith.addi", full[od], uidx[ud as usize]);
        }
        let mut inb = None;
        for (i, &f) in full.iter().enumerate() {
            let r = b.in_range(f, 0, oshape[i]);
            inb = Some(match inb {
                Some(p) => b.bin("arith.andi", p, r),
                None => r,
            });
        }
        let inb = match inb {
            Some(v) => v,
            None => {
                let i1 = b.int_ty(1);
                b.cint(1, i1)
            }
        };
        let acc = acc.to_vec();
        let acc2 = acc.clone();
        let full2 = full.clone();
        let updates2 = updates.clone();
        b.if_else(
            inb,
            &rtypes,
            move |b| {
                let mut args: Vec<Value> = acc.iter().map(|t| b.extract(*t, &full2)).collect();
                for u in &updates2 {
                    args.push(b.extract(*u, &uidx));
                }
                let r = inline_scalar_region(b, region, &args)?;
                Ok(r.iter().zip(&acc).map(|(v, t)| b.insert(*v, *t, &full2)).collect())
            },
            move |_| Ok(acc2),
        )
    })
}
