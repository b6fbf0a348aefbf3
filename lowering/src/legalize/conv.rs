//! `convolution` (StableHLO's `NormalConvolutionOpConversion` and
//! `ConvolutionOpGeneralConversion`).
//!
//! - Padding becomes `tensor.pad` of the input (zero), lhs dilation a strided
//!   `tensor.insert_slice` into a zero-filled tensor (transposed convolution).
//! - Canonical layouts (`[b, 0.., f]x[0.., i, o]->[b, 0.., f]`) without groups or window
//!   reversal become `linalg.conv_{1d_nwc_wcf,2d_nhwc_hwcf,3d_ndhwc_dhwcf}` (or `linalg.matmul`
//!   for zero spatial dims) with `strides` / `dilations`.
//! - Everything else (any layout, feature groups, batch groups, window reversal) is one
//!   `linalg.generic` over the output dims, the kernel spatial dims and the kernel input
//!   features, whose input map computes the group offsets with `floordiv`.

use strata_dialects::stablehlo::attrs::ConvDimensionNumbers;
use strata_ir::attributes::AffineExpr;
use strata_ir::{AttrKind, Value, DYNAMIC};

use super::builder::{add, amap, c, d, mul, It, LResult, B};
use super::dot::mac;
use super::shape::{attr_ints, insert_slice};
use super::Src;

fn fdiv(a: AffineExpr, k: i64) -> AffineExpr {
    AffineExpr::FloorDiv(Box::new(a), Box::new(AffineExpr::Constant(k)))
}

fn ints_or(b: &B, src: &Src, name: &str, n: usize, dflt: i64) -> Vec<i64> {
    b.ctx().attr(src.id, name).and_then(|a| attr_ints(b, a)).unwrap_or_else(|| vec![dflt; n])
}

/// `convolution`.
pub fn convolution(b: &mut B, src: &Src) -> LResult<Vec<Value>> {
    let lhs_elt = b.velt(src.operands[0]);
    let unsigned = b.is_unsigned(lhs_elt);
    let mut x = b.to_signless(src.operands[0]);
    let w = b.to_signless(src.operands[1]);
    let res = b.signless(src.results[0]);
    let dn = {
        let a = b.ctx().attr(src.id, "dimension_numbers").ok_or("missing dimension_numbers")?;
        b.ctx().typed_attr::<ConvDimensionNumbers>(a).cloned().ok_or("dimension_numbers is not #stablehlo.conv")?
    };
    let int = |name: &str| -> i64 {
        b.ctx()
            .attr(src.id, name)
            .and_then(|a| match b.ctx().attr_kind(a) {
                AttrKind::Integer { value, .. } => Some(*value as i64),
                _ => None,
            })
            .unwrap_or(1)
    };
    let fg = int("feature_group_count");
    let bg = int("batch_group_count");
    let ns = dn.input_spatial_dimensions.len();
    let strides = ints_or(b, src, "window_strides", ns, 1);
    let lhs_dil = ints_or(b, src, "lhs_dilation", ns, 1);
    let rhs_dil = ints_or(b, src, "rhs_dilation", ns, 1);
    let pads = ints_or(b, src, "padding", 2 * ns, 0);
    let reversal: Vec<bool> = match b.ctx().attr(src.id, "window_reversal").map(|a| b.ctx().attr_kind(a).clone()) {
        Some(AttrKind::DenseArray { values, .. }) => values.iter().map(|v| *v != 0).collect(),
        _ => vec![false; ns],
    };
    let oe = b.elt(res);
    let zero = b.zero(oe)?;
    let in_zero = {
        let e = b.velt(x);
        b.zero(e)?
    };
    // Output init (dynamic batch from the input, dynamic features from the kernel).
    let out_shape = b.shape(res);
    let mut dyns = Vec::new();
    for (i, &s) in out_shape.iter().enumerate() {
        if s != DYNAMIC {
            continue;
        }
        if i as i64 == dn.output_batch_dimension && bg == 1 {
            dyns.push(b.dim(x, dn.input_batch_dimension as usize));
        } else if i as i64 == dn.output_feature_dimension {
            dyns.push(b.dim(w, dn.kernel_output_feature_dimension as usize));
        } else {
            return Err("convolution with a dynamic output spatial size is not supported".into());
        }
    }
    let init = b.empty(&out_shape, &dyns, oe);
    let filled = b.fill(zero, init)?;
    // Lhs dilation: a strided insert into a zero-filled tensor (with the low/high padding).
    let in_shape = b.vshape(x);
    let rank = in_shape.len();
    let mut lo = vec![0i64; rank];
    let mut hi = vec![0i64; rank];
    for (k, &sd) in dn.input_spatial_dimensions.iter().enumerate() {
        lo[sd as usize] = pads[2 * k];
        hi[sd as usize] = pads[2 * k + 1];
    }
    if lo.iter().chain(&hi).any(|&p| p < 0) {
        return Err("convolution with negative padding is not supported".into());
    }
    if lhs_dil.iter().any(|&l| l != 1) {
        if in_shape.contains(&DYNAMIC) {
            return Err("lhs dilation of a dynamic input is not supported".into());
        }
        let mut full = in_shape.clone();
        let mut strides_ins = vec![1i64; rank];
        for (k, &sd) in dn.input_spatial_dimensions.iter().enumerate() {
            let s = sd as usize;
            full[s] = lo[s] + hi[s] + (in_shape[s] - 1) * lhs_dil[k] + 1;
            strides_ins[s] = lhs_dil[k];
        }
        let e = b.velt(x);
        let buf = b.empty(&full, &[], e);
        let f = b.fill(in_zero, buf)?;
        let offs: Vec<Result<i64, Value>> = lo.iter().map(|&l| Ok(l)).collect();
        x = insert_slice(b, x, f, &offs, &strides_ins);
    } else if lo.iter().chain(&hi).any(|&p| p != 0) {
        if in_shape.iter().enumerate().any(|(i, &s)| s == DYNAMIC && (lo[i] != 0 || hi[i] != 0)) {
            return Err("padding a dynamic convolution dimension is not supported".into());
        }
        let it = b.index_ty();
        let region = b.build_region(&vec![it; rank], "tensor.yield", |_, _| Ok(vec![in_zero]))?;
        let mut padded = in_shape.clone();
        for i in 0..rank {
            if padded[i] != DYNAMIC {
                padded[i] += lo[i] + hi[i];
            }
        }
        let e = b.velt(x);
        let pt = b.tensor_ty(&padded, e);
        let sl = b.i64_array(&lo);
        let sh = b.i64_array(&hi);
        let seg = b.i32_array(&[1, 0, 0]);
        let o = b.op(
            "tensor.pad",
            &[x],
            &[pt],
            vec![("operandSegmentSizes", seg), ("static_high", sh), ("static_low", sl)],
            vec![region],
        );
        x = b.ctx().result(o, 0);
    }
    let canonical = dn.input_batch_dimension == 0
        && dn.input_feature_dimension == ns as i64 + 1
        && dn.input_spatial_dimensions.iter().enumerate().all(|(k, &s)| s == k as i64 + 1)
        && dn.kernel_input_feature_dimension == ns as i64
        && dn.kernel_output_feature_dimension == ns as i64 + 1
        && dn.kernel_spatial_dimensions.iter().enumerate().all(|(k, &s)| s == k as i64)
        && dn.output_batch_dimension == 0
        && dn.output_feature_dimension == ns as i64 + 1
        && dn.output_spatial_dimensions.iter().enumerate().all(|(k, &s)| s == k as i64 + 1);
    if canonical && fg == 1 && bg == 1 && !reversal.iter().any(|&r| r) && (1..=3).contains(&ns) {
        let name = match ns {
            1 => "linalg.conv_1d_nwc_wcf",
            2 => "linalg.conv_2d_nhwc_hwcf",
            _ => "linalg.conv_3d_ndhwc_dhwcf",
        };
        let i64t = b.int_ty(64);
        let vt = b.tensor_ty(&[ns as i64], i64t);
        let dense = |b: &mut B, v: &[i64]| -> strata_ir::Attribute {
            let splat = v.iter().all(|x| *x == v[0]);
            let vals: Vec<i64> = if splat { vec![v[0]] } else { v.to_vec() };
            let bytes: Vec<u8> = vals.iter().flat_map(|x| x.to_le_bytes()).collect();
            b.intern(|c| {
                c.intern_attr(AttrKind::DenseElements {
                    ty: vt,
                    data: strata_ir::attributes::DenseData { splat, bytes },
                })
            })
        };
        let sa = dense(b, &strides);
        let da = dense(b, &rhs_dil);
        let types = [b.velt(x), b.velt(w), oe];
        let region = b.build_region(&types, "linalg.yield", |b, a| Ok(vec![mac(b, a[0], a[1], a[2], unsigned)?]))?;
        let seg = b.i32_array(&[2, 1]);
        let rt = b.ty(filled);
        let mut attrs = vec![("dilations", da), ("operandSegmentSizes", seg), ("strides", sa)];
        for (k, v) in &src.extra {
            attrs.push((k.as_str(), *v));
        }
        let o = b.op(name, &[x, w, filled], &[rt], attrs, vec![region]);
        return Ok(vec![b.ctx().result(o, 0)]);
    }
    // General case: loops = output dims (output order), kernel spatial dims, kernel input
    // features.
    let orank = out_shape.len();
    let wshape = b.vshape(w);
    let cin_per_group = wshape[dn.kernel_input_feature_dimension as usize];
    if cin_per_group == DYNAMIC {
        return Err("convolution with a dynamic kernel input feature size is not supported".into());
    }
    let nl = orank + ns + 1;
    let kin = orank + ns; // the kernel input feature loop
    let ob = dn.output_batch_dimension as usize;
    let of = dn.output_feature_dimension as usize;
    let ofeat = out_shape[of];
    let xs = b.vshape(x);
    let in_batch = xs[dn.input_batch_dimension as usize];
    if (fg > 1 || bg > 1) && ofeat == DYNAMIC {
        return Err("grouped convolution with a dynamic feature size is not supported".into());
    }
    let mut in_map = vec![c(0); rank];
    // Batch: with batch groups, input batch = group * (N / bg) + out batch, group = o / (O / bg).
    in_map[dn.input_batch_dimension as usize] = if bg > 1 {
        if in_batch == DYNAMIC {
            return Err("batch-grouped convolution with a dynamic batch is not supported".into());
        }
        add(mul(fdiv(d(of), ofeat / bg), in_batch / bg), d(ob))
    } else {
        d(ob)
    };
    // Feature: group * (C / fg) + i, group = o / (O / fg).
    in_map[dn.input_feature_dimension as usize] =
        if fg > 1 { add(mul(fdiv(d(of), ofeat / fg), cin_per_group), d(kin)) } else { d(kin) };
    let mut k_map = vec![c(0); wshape.len()];
    for k in 0..ns {
        let od = dn.output_spatial_dimensions[k] as usize;
        let ks = dn.kernel_spatial_dimensions[k] as usize;
        let kl = orank + k;
        let kexpr = if reversal.get(k).copied().unwrap_or(false) {
            if wshape[ks] == DYNAMIC {
                return Err("window reversal of a dynamic kernel is not supported".into());
            }
            add(mul(d(kl), -1), c(wshape[ks] - 1))
        } else {
            d(kl)
        };
        in_map[dn.input_spatial_dimensions[k] as usize] = add(mul(d(od), strides[k]), mul(d(kl), rhs_dil[k]));
        k_map[ks] = kexpr;
    }
    k_map[dn.kernel_input_feature_dimension as usize] = d(kin);
    k_map[dn.kernel_output_feature_dimension as usize] = d(of);
    let out_map = amap(nl, (0..orank).map(d).collect());
    let mut its = vec![It::Par; orank];
    its.extend(vec![It::Red; ns + 1]);
    let maps =
        vec![super::reduce::simplify_map(amap(nl, in_map)), super::reduce::simplify_map(amap(nl, k_map)), out_map];
    b.generic(&[x, w], &[filled], maps, &its, &src.extra, move |b, a| Ok(vec![mac(b, a[0], a[1], a[2], unsigned)?]))
}
