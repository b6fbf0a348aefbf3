//! Elementwise ops → `linalg.generic` (or `linalg.map` with `enable-primitive-ops`), as
//! StableHLO's `PointwiseToLinalgConverter`: identity maps, all-parallel loops, the scalar op in
//! the body. Rank-0 operands of a ranked op (a scalar `select` predicate, `clamp` bounds) are
//! extracted before the op and used in the body (`capture-scalar-inputs`, the default) or read
//! through a `() ` map; splat constants become scalar constants in the body.

use strata_ir::{AttrKind, Value};

use super::builder::{amap, identity, It, LResult, B};
use super::scalar::{scalar_op, ScalarAttrs};
use super::{Options, Src};

/// The scalar a splat constant tensor holds, as an `arith.constant` (or `complex.constant`).
pub fn splat_scalar(b: &mut B, v: Value) -> Option<Value> {
    let d = b.ctx().defining_op(v)?;
    let n = b.ctx().op_name_of(d);
    if n != "arith.constant" && n != "stablehlo.constant" {
        return None;
    }
    let a = b.ctx().attr(d, "value")?;
    let AttrKind::DenseElements { ty, data } = b.ctx().attr_kind(a).clone() else { return None };
    if !data.splat {
        return None;
    }
    let elt = b.elt(ty);
    let sl = b.signless(elt);
    let bytes = data.bytes;
    if let Some(fk) = b.float_kind(elt) {
        let nb = fk.bit_width().div_ceil(8) as usize;
        let mut bits: u128 = 0;
        for (k, byte) in bytes.iter().take(nb).enumerate() {
            bits |= (*byte as u128) << (8 * k);
        }
        return Some(b.cfloat_bits(bits, sl));
    }
    if let Some(w) = b.int_width(elt) {
        let nb = (w as usize).div_ceil(8);
        let mut u: u128 = 0;
        for (k, byte) in bytes.iter().take(nb).enumerate() {
            u |= (*byte as u128) << (8 * k);
        }
        let v = if w == 1 {
            (u & 1) as i128
        } else if w < 128 && (u >> (w - 1)) & 1 == 1 {
            (u | (!0u128 << w)) as i128
        } else {
            u as i128
        };
        return Some(b.cint(v, sl));
    }
    if let Some(ce) = b.complex_elt(elt) {
        let fk = b.float_kind(ce)?;
        let nb = fk.bit_width().div_ceil(8) as usize;
        let rd = |off: usize| -> u128 {
            let mut bits: u128 = 0;
            for k in 0..nb {
                bits |= (*bytes.get(off + k).unwrap_or(&0) as u128) << (8 * k);
            }
            bits
        };
        let (re, im) = (rd(0), rd(nb));
        let ra = b.intern(|c| c.intern_attr(AttrKind::Float { bits: strata_ir::attributes::FloatBits(re), ty: ce }));
        let ia = b.intern(|c| c.intern_attr(AttrKind::Float { bits: strata_ir::attributes::FloatBits(im), ty: ce }));
        let arr = b.intern(|c| c.array_attr(vec![ra, ia]));
        return Some(b.op1("complex.constant", &[], sl, vec![("value", arr)]));
    }
    None
}

/// Lower an elementwise op.
pub fn lower(b: &mut B, src: &Src, at: &ScalarAttrs, opts: &Options) -> LResult<Vec<Value>> {
    let res_t = src.results[0];
    let rank = b.shape(res_t).len();
    let out_elt = b.elt(res_t);
    let in_elts: Vec<_> = src.operands.iter().map(|v| b.velt(*v)).collect();
    let res_sl = b.signless(res_t);
    // real(x) of a real x is x.
    if src.name == "stablehlo.real" && b.complex_elt(in_elts[0]).is_none() {
        return Ok(vec![src.operands[0]]);
    }
    enum In {
        Tensor(Value),
        Scalar(Value),
    }
    let mut inputs = Vec::new();
    let mut like = None;
    for &v in &src.operands {
        let v = b.to_signless(v);
        if let Some(s) = splat_scalar(b, v) {
            inputs.push(In::Scalar(s));
            continue;
        }
        if b.rank(v) == 0 && rank > 0 && opts.capture_scalar_inputs {
            let s = b.extract(v, &[]);
            inputs.push(In::Scalar(s));
            continue;
        }
        if b.rank(v) == rank && like.is_none() {
            like = Some(v);
        }
        inputs.push(In::Tensor(v));
    }
    let init = match like {
        Some(l) => b.empty_like(res_sl, l),
        None => {
            let shape = b.shape(res_sl);
            if shape.contains(&strata_ir::DYNAMIC) {
                return Err("dynamic result shape without a ranked operand".into());
            }
            let e = b.elt(res_sl);
            b.empty(&shape, &[], e)
        }
    };
    let mut ins = Vec::new();
    let mut maps = Vec::new();
    for i in &inputs {
        if let In::Tensor(v) = i {
            ins.push(*v);
            maps.push(if b.rank(*v) == 0 { amap(rank, vec![]) } else { identity(rank) });
        }
    }
    maps.push(identity(rank));
    let name = src.name.clone();
    let at = at.clone();
    let body = |b: &mut B, args: &[Value]| -> LResult<Vec<Value>> {
        let mut k = 0;
        let mut vals = Vec::new();
        for i in &inputs {
            match i {
                In::Tensor(_) => {
                    vals.push(args[k]);
                    k += 1;
                }
                In::Scalar(s) => vals.push(*s),
            }
        }
        Ok(vec![scalar_op(b, &name, &vals, &in_elts, out_elt, &at)?])
    };
    if opts.primitive_ops {
        return map_op(b, &ins, init, &src.extra, body);
    }
    b.generic(&ins, &[init], maps, &vec![It::Par; rank], &src.extra, body)
}

/// `linalg.map ins(..) outs(init)` with `body` over the input scalars (and the init's).
pub fn map_op(
    b: &mut B,
    ins: &[Value],
    init: Value,
    extra: &[(String, strata_ir::Attribute)],
    body: impl FnOnce(&mut B, &[Value]) -> LResult<Vec<Value>>,
) -> LResult<Vec<Value>> {
    let mut types = Vec::new();
    for v in ins.iter().chain(std::iter::once(&init)) {
        types.push(b.velt(*v));
    }
    let region = b.build_region(&types, "linalg.yield", body)?;
    let mut operands = ins.to_vec();
    operands.push(init);
    let rt = b.ty(init);
    let attrs: Vec<(&str, strata_ir::Attribute)> = extra.iter().map(|(k, v)| (k.as_str(), *v)).collect();
    let o = b.op("linalg.map", &operands, &[rt], attrs, vec![region]);
    Ok(vec![b.ctx().result(o, 0)])
}
