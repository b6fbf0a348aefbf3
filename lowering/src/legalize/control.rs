//! Control flow and the rest: `while` → `scf.while`, `if` → `scf.if`, `case` →
//! `scf.index_switch` (StableHLO's `stablehlo-legalize-control-flow` forms: predicates are read
//! with `tensor.extract`; the regions move into the scf op and their ops are lowered after it),
//! `sort` and `rng_bit_generator`.

use strata_ir::{InsertPoint, RegionId, Value};

use super::builder::{LResult, B};
use super::Src;

/// Move the blocks of `from` into a new region and rewrite its `stablehlo.return` terminators
/// with `f(builder, returned values)`.
fn take_region(b: &mut B, from: RegionId, mut f: impl FnMut(&mut B, &[Value]) -> LResult<()>) -> LResult<RegionId> {
    let r = b.intern(|c| c.create_region());
    b.rw.inline_region_before(from, r, 0);
    let blocks = b.ctx().region_blocks(r).to_vec();
    let saved = b.ip();
    for blk in blocks {
        let Some(term) = b.ctx().block_last_op(blk) else { continue };
        if b.ctx().op_name_of(term) != "stablehlo.return" {
            continue;
        }
        let vals = b.ctx().operands(term).to_vec();
        b.set_ip(InsertPoint::Before(term));
        let res = f(b, &vals);
        if let Err(e) = res {
            b.set_ip(saved);
            return Err(e);
        }
        b.rw.erase_op(term);
    }
    b.set_ip(saved);
    Ok(r)
}

fn pred_scalar(b: &mut B, v: Value) -> Value {
    if b.ctx().type_kind(b.ty(v)).shape().is_some() {
        b.extract(v, &[])
    } else {
        v
    }
}

/// `while` → `scf.while`.
pub fn while_op(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let regions = b.ctx().op_regions(src.id).to_vec();
    let cond = take_region(b, regions[0], |b, vals| {
        let c = pred_scalar(b, vals[0]);
        let blk = match b.ip() {
            InsertPoint::Before(o) => b.ctx().op(o).parent().expect("in a block"),
            _ => unreachable!("terminator insertion point"),
        };
        let mut ops = vec![c];
        ops.extend(b.ctx().block_args(blk));
        b.op0("scf.condition", &ops);
        Ok(())
    })?;
    let body = take_region(b, regions[1], |b, vals| {
        b.op0("scf.yield", vals);
        Ok(())
    })?;
    let o = b.op("scf.while", &src.operands, &src.results, vec![], vec![cond, body]);
    Ok(b.ctx().results(o).collect())
}

/// `if` → `scf.if`.
pub fn if_op(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let c = pred_scalar(b, src.operands[0]);
    let regions = b.ctx().op_regions(src.id).to_vec();
    let mut rs = Vec::new();
    for r in regions {
        rs.push(take_region(b, r, |b, vals| {
            b.op0("scf.yield", vals);
            Ok(())
        })?);
    }
    let o = b.op("scf.if", &[c], &src.results, vec![], rs);
    Ok(b.ctx().results(o).collect())
}

/// `case` → `scf.index_switch` (an out-of-range index takes the last branch, the default).
pub fn case_op(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let idx = pred_scalar(b, src.operands[0]);
    let it = b.index_ty();
    let i = b.index_cast(idx, it);
    let regions = b.ctx().op_regions(src.id).to_vec();
    let n = regions.len();
    let mut rs = Vec::new();
    for r in &regions {
        rs.push(take_region(b, *r, |b, vals| {
            b.op0("scf.yield", vals);
            Ok(())
        })?);
    }
    let default = rs.pop().ok_or("case without branches")?;
    let mut all = vec![default];
    all.extend(rs);
    let cases: Vec<i64> = (0..n as i64 - 1).collect();
    let ca = b.i64_array(&cases);
    let o = b.op("scf.index_switch", &[i], &src.results, vec![("cases", ca)], all);
    Ok(b.ctx().results(o).collect())
}

/// `sort`.
pub fn sort(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let _ = (b, src);
    Err("sort is not lowered yet".into())
}

/// `rng_bit_generator`.
pub fn rng_bit_generator(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let _ = (b, src);
    Err("rng_bit_generator is not lowered yet".into())
}
