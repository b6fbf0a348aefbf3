//! `reduce`, `reduce_window`, `select_and_scatter`.
//!
//! Reductions fold sequentially in ascending (row-major) index order,
//! starting from the init value: `acc = body(acc, x)` — the reference
//! interpreter's schedule. [`reduce_fast`] is the same fold for bodies that
//! are a single `add`/`multiply`/`maximum`/`minimum`/`and`/`or`/`xor` of the
//! two block arguments (the dispatch layer detects them), running as typed
//! loops; the generic versions call the region body per element. When the
//! innermost dimension is reduced and rows have ≥ 64 elements, the fast path
//! folds each row with 16 interleaved partial accumulators combined pairwise
//! (the spec leaves the reduction tree implementation-defined), so float sums
//! may differ from a strictly sequential fold in the last bits.

use super::elementwise::{fmaximum, fminimum};
use super::{check_dims, concat_data, finish, numel, pad, scalar_at, strides_of};
use crate::value::{Data, ElementType, Tensor};
use crate::{Body, InterpError, KResult};

/// A reduction body recognised as a single binary op.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum ReduceKind {
    Add,
    Mul,
    Max,
    Min,
    And,
    Or,
    Xor,
}

impl ReduceKind {
    /// From an op name (`stablehlo.add`, …).
    pub fn from_op_name(name: &str) -> Option<Self> {
        Some(match name.strip_prefix("stablehlo.").unwrap_or(name) {
            "add" => ReduceKind::Add,
            "multiply" => ReduceKind::Mul,
            "maximum" => ReduceKind::Max,
            "minimum" => ReduceKind::Min,
            "and" => ReduceKind::And,
            "or" => ReduceKind::Or,
            "xor" => ReduceKind::Xor,
            _ => return None,
        })
    }
}

/// For each flat input position, the flat output position (reduced
/// dimensions dropped).
fn out_strides_for_input(shape: &[i64], reduced: &[bool]) -> (Vec<i64>, Vec<i64>) {
    let out_shape: Vec<i64> = shape.iter().zip(reduced).filter(|(_, &r)| !r).map(|(&d, _)| d).collect();
    let os = strides_of(&out_shape);
    let mut k = 0;
    let mut strides = vec![0i64; shape.len()];
    for d in 0..shape.len() {
        if !reduced[d] {
            strides[d] = os[k];
            k += 1;
        }
    }
    (out_shape, strides)
}

/// Folds a non-empty contiguous row. Short rows fold sequentially; longer
/// rows use 16 interleaved partial accumulators combined pairwise (a valid
/// reduction schedule — the spec leaves the tree implementation-defined —
/// which breaks the latency chain so the loop vectorizes).
#[inline]
fn fold_row<T: Copy>(row: &[T], f: &impl Fn(T, T) -> T) -> T {
    const L: usize = 16;
    if row.len() < 4 * L {
        let mut acc = row[0];
        for &x in &row[1..] {
            acc = f(acc, x);
        }
        return acc;
    }
    let mut lanes: [T; L] = std::array::from_fn(|i| row[i]);
    let chunks = row[L..].chunks_exact(L);
    let rest = chunks.remainder();
    for c in chunks {
        for i in 0..L {
            lanes[i] = f(lanes[i], c[i]);
        }
    }
    for (i, &x) in rest.iter().enumerate() {
        lanes[i] = f(lanes[i], x);
    }
    let mut w = L;
    while w > 1 {
        w /= 2;
        for i in 0..w {
            lanes[i] = f(lanes[i], lanes[i + w]);
        }
    }
    lanes[0]
}

/// Folds `input` into `out` (pre-filled with the init value) in row-major
/// order; `strides` map input dims to output offsets (0 for reduced dims).
fn fold_into<T: Copy>(input: &[T], shape: &[i64], strides: &[i64], out: &mut [T], f: impl Fn(T, T) -> T) {
    let rank = shape.len();
    if input.is_empty() {
        return;
    }
    if rank == 0 {
        out[0] = f(out[0], input[0]);
        return;
    }
    let inner = shape[rank - 1] as usize;
    let inner_reduced = strides[rank - 1] == 0;
    let mut idx = vec![0i64; rank];
    let mut obase = 0i64;
    let mut pos = 0usize;
    loop {
        let row = &input[pos..pos + inner];
        if inner_reduced {
            let o = &mut out[obase as usize];
            *o = f(*o, fold_row(row, &f));
        } else {
            let dst = &mut out[obase as usize..obase as usize + inner];
            for (d, &x) in dst.iter_mut().zip(row) {
                *d = f(*d, x);
            }
        }
        pos += inner;
        let mut d = rank - 1;
        loop {
            if d == 0 {
                return;
            }
            d -= 1;
            idx[d] += 1;
            obase += strides[d];
            if idx[d] < shape[d] {
                break;
            }
            obase -= strides[d] * shape[d];
            idx[d] = 0;
        }
    }
}

fn reduced_mask(op: &str, rank: usize, dims: &[i64]) -> KResult<Vec<bool>> {
    let d = check_dims(op, "dimensions", dims, rank, true)?;
    let mut m = vec![false; rank];
    for k in d {
        m[k] = true;
    }
    Ok(m)
}

fn kind_error(kind: ReduceKind, ty: ElementType) -> InterpError {
    InterpError::invalid("reduce", format!("{kind:?} reduction is not defined for {ty}"))
}

/// Typed fold function for a kind on a storage; narrow floats round after
/// each step.
macro_rules! with_fold {
    ($kind:expr, $ty:expr, $data:expr, $init:expr, |$f:ident, $v:ident, $i:ident| $body:expr) => {{
        let kind = $kind;
        let ty = $ty;
        match ($data, $init) {
            (Data::F32($v), Data::F32(iv)) => {
                let $i = iv[0];
                let fmt = if ty == ElementType::F32 { None } else { ty.float_format() };
                let rd = move |x: f32| match fmt {
                    None => x,
                    Some(ff) => ff.round(x as f64) as f32,
                };
                Data::F32(match kind {
                    ReduceKind::Add => {
                        if fmt.is_none() {
                            let $f = |a: f32, b: f32| a + b;
                            $body
                        } else {
                            let $f = |a: f32, b: f32| rd(a + b);
                            $body
                        }
                    }
                    ReduceKind::Mul => {
                        if fmt.is_none() {
                            let $f = |a: f32, b: f32| a * b;
                            $body
                        } else {
                            let $f = |a: f32, b: f32| rd(a * b);
                            $body
                        }
                    }
                    ReduceKind::Max => {
                        let $f = fmaximum::<f32>;
                        $body
                    }
                    ReduceKind::Min => {
                        let $f = fminimum::<f32>;
                        $body
                    }
                    _ => return Err(kind_error(kind, ty)),
                })
            }
            (Data::F64($v), Data::F64(iv)) => {
                let $i = iv[0];
                Data::F64(match kind {
                    ReduceKind::Add => {
                        let $f = |a: f64, b: f64| a + b;
                        $body
                    }
                    ReduceKind::Mul => {
                        let $f = |a: f64, b: f64| a * b;
                        $body
                    }
                    ReduceKind::Max => {
                        let $f = fmaximum::<f64>;
                        $body
                    }
                    ReduceKind::Min => {
                        let $f = fminimum::<f64>;
                        $body
                    }
                    _ => return Err(kind_error(kind, ty)),
                })
            }
            (Data::I64($v), Data::I64(iv)) => {
                let $i = iv[0];
                Data::I64(match kind {
                    ReduceKind::Add => {
                        let $f = i64::wrapping_add;
                        $body
                    }
                    ReduceKind::Mul => {
                        let $f = i64::wrapping_mul;
                        $body
                    }
                    ReduceKind::Max => {
                        let $f = |a: i64, b: i64| a.max(b);
                        $body
                    }
                    ReduceKind::Min => {
                        let $f = |a: i64, b: i64| a.min(b);
                        $body
                    }
                    ReduceKind::And => {
                        let $f = |a: i64, b: i64| a & b;
                        $body
                    }
                    ReduceKind::Or => {
                        let $f = |a: i64, b: i64| a | b;
                        $body
                    }
                    ReduceKind::Xor => {
                        let $f = |a: i64, b: i64| a ^ b;
                        $body
                    }
                })
            }
            (Data::U64($v), Data::U64(iv)) => {
                let $i = iv[0];
                Data::U64(match kind {
                    ReduceKind::Add => {
                        let $f = u64::wrapping_add;
                        $body
                    }
                    ReduceKind::Mul => {
                        let $f = u64::wrapping_mul;
                        $body
                    }
                    ReduceKind::Max => {
                        let $f = |a: u64, b: u64| a.max(b);
                        $body
                    }
                    ReduceKind::Min => {
                        let $f = |a: u64, b: u64| a.min(b);
                        $body
                    }
                    ReduceKind::And => {
                        let $f = |a: u64, b: u64| a & b;
                        $body
                    }
                    ReduceKind::Or => {
                        let $f = |a: u64, b: u64| a | b;
                        $body
                    }
                    ReduceKind::Xor => {
                        let $f = |a: u64, b: u64| a ^ b;
                        $body
                    }
                })
            }
            (Data::Bool($v), Data::Bool(iv)) => {
                let $i = iv[0];
                Data::Bool(match kind {
                    ReduceKind::Add | ReduceKind::Or | ReduceKind::Max => {
                        let $f = |a: bool, b: bool| a | b;
                        $body
                    }
                    ReduceKind::Mul | ReduceKind::And | ReduceKind::Min => {
                        let $f = |a: bool, b: bool| a & b;
                        $body
                    }
                    ReduceKind::Xor => {
                        let $f = |a: bool, b: bool| a ^ b;
                        $body
                    }
                })
            }
            (Data::C64($v), Data::C64(iv)) => {
                let $i = iv[0];
                Data::C64(match kind {
                    ReduceKind::Add => {
                        let $f = |a: num_complex::Complex<f32>, b| a + b;
                        $body
                    }
                    ReduceKind::Mul => {
                        let $f = |a: num_complex::Complex<f32>, b| a * b;
                        $body
                    }
                    _ => return Err(kind_error(kind, ty)),
                })
            }
            (Data::C128($v), Data::C128(iv)) => {
                let $i = iv[0];
                Data::C128(match kind {
                    ReduceKind::Add => {
                        let $f = |a: num_complex::Complex<f64>, b| a + b;
                        $body
                    }
                    ReduceKind::Mul => {
                        let $f = |a: num_complex::Complex<f64>, b| a * b;
                        $body
                    }
                    _ => return Err(kind_error(kind, ty)),
                })
            }
            _ => return Err(InterpError::invalid("reduce", "init value of a different storage kind")),
        }
    }};
}

/// `stablehlo.reduce` of one input whose body is a single binary op.
pub fn reduce_fast(kind: ReduceKind, input: &Tensor, init: &Tensor, dims: &[i64]) -> KResult<Tensor> {
    let op = "reduce";
    if init.num_elements() != 1 || init.element_type() != input.element_type() {
        return Err(InterpError::invalid(op, "init value must be a scalar of the input's element type"));
    }
    let mask = reduced_mask(op, input.rank(), dims)?;
    let (out_shape, strides) = out_strides_for_input(input.shape(), &mask);
    let n_out = numel(&out_shape);
    let shape = input.shape();
    let ty = input.element_type();
    let data = with_fold!(kind, ty, input.data(), init.data(), |f, v, i| {
        let mut out = vec![i; n_out];
        fold_into(v, shape, &strides, &mut out, f);
        out
    });
    finish(ty, out_shape, data)
}

/// Assembles a tensor from rank-0 tensors of one element type.
pub fn stack_scalars(ty: ElementType, shape: &[i64], scalars: &[Tensor]) -> KResult<Tensor> {
    if scalars.is_empty() {
        return Ok(Tensor::zeros(ty, shape)?);
    }
    let data = concat_data(&scalars.iter().map(|t| t.data()).collect::<Vec<_>>())?;
    Ok(Tensor::new(ty, shape.to_vec(), data)?)
}

fn call_body(op: &str, body: &mut Body<'_>, args: &[Tensor], n: usize) -> KResult<Vec<Tensor>> {
    let r = body(args)?;
    if r.len() != n {
        return Err(InterpError::invalid(op, format!("body returned {} values, expected {n}", r.len())));
    }
    Ok(r)
}

fn check_inits(op: &str, inputs: &[Tensor], inits: &[Tensor]) -> KResult<()> {
    if inputs.is_empty() || inputs.len() != inits.len() {
        return Err(InterpError::invalid(op, "need as many init values as inputs (at least one)"));
    }
    for (x, i) in inputs.iter().zip(inits) {
        if x.shape() != inputs[0].shape() {
            return Err(InterpError::invalid(op, "inputs differ in shape"));
        }
        if i.num_elements() != 1 {
            return Err(InterpError::invalid(op, "init values must be scalars"));
        }
    }
    Ok(())
}

/// `stablehlo.reduce` with a general body: `body(acc_0..acc_n, x_0..x_n)`
/// returns the new accumulators. Result element types are those the body
/// returns (the init values' types).
pub fn reduce(inputs: &[Tensor], inits: &[Tensor], dims: &[i64], body: &mut Body<'_>) -> KResult<Vec<Tensor>> {
    let op = "reduce";
    check_inits(op, inputs, inits)?;
    let n = inputs.len();
    let mask = reduced_mask(op, inputs[0].rank(), dims)?;
    let (out_shape, strides) = out_strides_for_input(inputs[0].shape(), &mask);
    let n_out = numel(&out_shape);
    let map = super::strided_indices(inputs[0].shape(), 0, &strides);
    let init_scalars: Vec<Tensor> = inits.iter().map(|t| scalar_at(t, 0)).collect();
    let mut acc: Vec<Vec<Tensor>> = vec![init_scalars; n_out];
    let mut args = Vec::with_capacity(2 * n);
    for (i, &o) in map.iter().enumerate() {
        args.clear();
        args.extend(acc[o].iter().cloned());
        args.extend(inputs.iter().map(|t| scalar_at(t, i)));
        acc[o] = call_body(op, body, &args, n)?;
    }
    (0..n)
        .map(|k| {
            let col: Vec<Tensor> = acc.iter().map(|a| a[k].clone()).collect();
            stack_scalars(inits[k].element_type(), &out_shape, &col)
        })
        .collect()
}

/// Window attributes of `reduce_window` (empty optional lists mean the
/// defaults: strides/dilations 1, padding 0).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WindowParams {
    /// `window_dimensions`.
    pub dims: Vec<i64>,
    /// `window_strides`.
    pub strides: Vec<i64>,
    /// `base_dilations`.
    pub base_dilations: Vec<i64>,
    /// `window_dilations`.
    pub window_dilations: Vec<i64>,
    /// `padding` as `(low, high)` pairs.
    pub padding: Vec<(i64, i64)>,
}

impl WindowParams {
    fn normalized(&self, rank: usize) -> KResult<WindowParams> {
        let op = "reduce_window";
        let fill = |v: &Vec<i64>, d: i64| if v.is_empty() { vec![d; rank] } else { v.clone() };
        let p = WindowParams {
            dims: self.dims.clone(),
            strides: fill(&self.strides, 1),
            base_dilations: fill(&self.base_dilations, 1),
            window_dilations: fill(&self.window_dilations, 1),
            padding: if self.padding.is_empty() { vec![(0, 0); rank] } else { self.padding.clone() },
        };
        if p.dims.len() != rank
            || p.strides.len() != rank
            || p.base_dilations.len() != rank
            || p.window_dilations.len() != rank
            || p.padding.len() != rank
        {
            return Err(InterpError::invalid(op, format!("window attributes must have {rank} entries")));
        }
        if p.dims.iter().chain(&p.strides).chain(&p.base_dilations).chain(&p.window_dilations).any(|&x| x < 1) {
            return Err(InterpError::invalid(op, "window dimensions, strides and dilations must be positive"));
        }
        Ok(p)
    }
}

/// Pads with the init values and returns (padded inputs, result shape,
/// window offsets relative to a window start, flat window starts).
/// Padded inputs, output shape, and the strides of windows and of their elements.
type WindowGeometry = (Vec<Tensor>, Vec<i64>, Vec<usize>, Vec<usize>);

fn window_geometry(inputs: &[Tensor], inits: &[Tensor], p: &WindowParams) -> KResult<WindowGeometry> {
    let rank = inputs[0].rank();
    let lo: Vec<i64> = p.padding.iter().map(|x| x.0).collect();
    let hi: Vec<i64> = p.padding.iter().map(|x| x.1).collect();
    let interior: Vec<i64> = p.base_dilations.iter().map(|&b| b - 1).collect();
    let padded: Vec<Tensor> =
        inputs.iter().zip(inits).map(|(x, i)| pad(x, &scalar_at(i, 0), &lo, &hi, &interior)).collect::<KResult<_>>()?;
    let ps = padded[0].shape().to_vec();
    let pstr = strides_of(&ps);
    let mut out_shape = Vec::with_capacity(rank);
    for d in 0..rank {
        let dw = (p.dims[d] - 1) * p.window_dilations[d] + 1;
        out_shape.push(if ps[d] < dw { 0 } else { (ps[d] - dw) / p.strides[d] + 1 });
    }
    let wstr: Vec<i64> = (0..rank).map(|d| pstr[d] * p.window_dilations[d]).collect();
    let offsets = super::strided_indices(&p.dims, 0, &wstr);
    let sstr: Vec<i64> = (0..rank).map(|d| pstr[d] * p.strides[d]).collect();
    let starts = super::strided_indices(&out_shape, 0, &sstr);
    Ok((padded, out_shape, offsets, starts))
}

/// `stablehlo.reduce_window` of one input with a single-op body.
pub fn reduce_window_fast(kind: ReduceKind, input: &Tensor, init: &Tensor, params: &WindowParams) -> KResult<Tensor> {
    let p = params.normalized(input.rank())?;
    if init.num_elements() != 1 || init.element_type() != input.element_type() {
        return Err(InterpError::invalid("reduce_window", "init value must be a scalar of the input's element type"));
    }
    let (padded, out_shape, offsets, starts) =
        window_geometry(std::slice::from_ref(input), std::slice::from_ref(init), &p)?;
    let ty = input.element_type();
    let data = with_fold!(kind, ty, padded[0].data(), init.data(), |f, v, i| {
        starts
            .iter()
            .map(|&s| {
                let mut acc = i;
                for &o in &offsets {
                    acc = f(acc, v[s + o]);
                }
                acc
            })
            .collect()
    });
    finish(ty, out_shape, data)
}

/// `stablehlo.reduce_window` with a general body.
pub fn reduce_window(
    inputs: &[Tensor],
    inits: &[Tensor],
    params: &WindowParams,
    body: &mut Body<'_>,
) -> KResult<Vec<Tensor>> {
    let op = "reduce_window";
    check_inits(op, inputs, inits)?;
    let p = params.normalized(inputs[0].rank())?;
    let n = inputs.len();
    let (padded, out_shape, offsets, starts) = window_geometry(inputs, inits, &p)?;
    let mut results: Vec<Vec<Tensor>> = vec![Vec::with_capacity(starts.len()); n];
    let mut args = Vec::with_capacity(2 * n);
    for &s in &starts {
        let mut acc: Vec<Tensor> = inits.iter().map(|t| scalar_at(t, 0)).collect();
        for &o in &offsets {
            args.clear();
            args.extend(acc.iter().cloned());
            args.extend(padded.iter().map(|t| scalar_at(t, s + o)));
            acc = call_body(op, body, &args, n)?;
        }
        for (k, a) in acc.into_iter().enumerate() {
            results[k].push(a);
        }
    }
    (0..n).map(|k| stack_scalars(inits[k].element_type(), &out_shape, &results[k])).collect()
}

fn truthy(op: &str, t: &[Tensor]) -> KResult<bool> {
    match t.first().and_then(|x| x.as_bool()) {
        Some(b) if b.len() == 1 => Ok(b[0]),
        _ => Err(InterpError::invalid(op, "select body must return one i1 scalar")),
    }
}

/// `stablehlo.select_and_scatter`: for every window of `operand` (padding
/// never selected) picks an element with `select` (the first element wins
/// while `select(current, next)` holds), then combines the `source` values
/// scattered to each operand position with `scatter`, starting from
/// `init`.
pub fn select_and_scatter(
    operand: &Tensor,
    source: &Tensor,
    init: &Tensor,
    params: &WindowParams,
    select: &mut Body<'_>,
    scatter: &mut Body<'_>,
) -> KResult<Tensor> {
    let op = "select_and_scatter";
    let rank = operand.rank();
    let mut p = params.normalized(rank)?;
    p.base_dilations = vec![1; rank];
    p.window_dilations = vec![1; rank];
    // Geometry over the padded operand, tracking operand positions.
    let ps: Vec<i64> = (0..rank).map(|d| operand.shape()[d] + p.padding[d].0 + p.padding[d].1).collect();
    let mut out_shape = Vec::with_capacity(rank);
    for d in 0..rank {
        out_shape.push(if ps[d] < p.dims[d] { 0 } else { (ps[d] - p.dims[d]) / p.strides[d] + 1 });
    }
    if source.shape() != out_shape.as_slice() {
        return Err(InterpError::invalid(
            op,
            format!("source shape {:?} does not match the window count {:?}", source.shape(), out_shape),
        ));
    }
    if init.num_elements() != 1 {
        return Err(InterpError::invalid(op, "init value must be a scalar"));
    }
    let ostr = strides_of(operand.shape());
    let n_src = source.num_elements();
    let mut selected: Vec<Option<usize>> = Vec::with_capacity(n_src);
    let win: Vec<Vec<i64>> = crate::value::IndexIter::new(&p.dims).collect();
    for sidx in crate::value::IndexIter::new(&out_shape) {
        let mut cur: Option<usize> = None;
        for w in &win {
            let mut flat = 0i64;
            let mut inside = true;
            for d in 0..rank {
                let pos = sidx[d] * p.strides[d] + w[d] - p.padding[d].0;
                if pos < 0 || pos >= operand.shape()[d] {
                    inside = false;
                    break;
                }
                flat += pos * ostr[d];
            }
            if !inside {
                continue;
            }
            let flat = flat as usize;
            cur = match cur {
                None => Some(flat),
                Some(c) => {
                    let keep = truthy(op, &select(&[scalar_at(operand, c), scalar_at(operand, flat)])?)?;
                    Some(if keep { c } else { flat })
                }
            };
        }
        selected.push(cur);
    }
    let n = operand.num_elements();
    let mut acc: Vec<Tensor> = vec![scalar_at(init, 0); n];
    for (si, sel) in selected.iter().enumerate() {
        if let Some(o) = *sel {
            let r = call_body(op, scatter, &[acc[o].clone(), scalar_at(source, si)], 1)?;
            acc[o] = r.into_iter().next().expect("one result");
        }
    }
    let _ = numel(&out_shape);
    stack_scalars(init.element_type(), operand.shape(), &acc)
}
