//! Quantized element types (`!quant.uniform<...>`, MLIR's `quant::UniformQuantizedType` and
//! `UniformQuantizedPerAxisType`), parsed from the dialect-type body the IR keeps verbatim.
//!
//! Grammar (StableHLO spec, "Types"):
//! `uniform<storage[<min:max>]:expressed[:dim], scale[:zp] | {scale[:zp], ...}>`.

use strata_ir::{Context, FloatKind, Type};

/// A parsed `!quant.uniform` element type.
#[derive(Clone, Debug, PartialEq)]
pub struct QuantType {
    /// Whether the storage type is signed (`i8`/`si8`) or unsigned (`u8`/`ui8`).
    pub signed: bool,
    /// Storage width in bits.
    pub storage_width: u32,
    /// Minimum storage value (defaults to the storage type's minimum).
    pub storage_min: i64,
    /// Maximum storage value (defaults to the storage type's maximum).
    pub storage_max: i64,
    /// Expressed (float) type.
    pub expressed: FloatKind,
    /// Quantization dimension for per-axis quantization.
    pub quantization_dimension: Option<i64>,
    /// Scales (one for per-tensor).
    pub scales: Vec<f64>,
    /// Zero points (one per scale).
    pub zero_points: Vec<i64>,
}

impl QuantType {
    /// Whether it is per-axis quantized.
    pub fn is_per_axis(&self) -> bool {
        self.quantization_dimension.is_some()
    }
    /// The storage type as an MLIR keyword (`i8`, `ui8`).
    pub fn storage_name(&self) -> String {
        format!("{}{}", if self.signed { "i" } else { "ui" }, self.storage_width)
    }
    /// Whether the storage types (width, signedness, range) are the same.
    pub fn same_storage(&self, o: &QuantType) -> bool {
        self.signed == o.signed
            && self.storage_width == o.storage_width
            && self.storage_min == o.storage_min
            && self.storage_max == o.storage_max
    }
}

/// The quant dialect type `t` (`!quant.uniform<...>`), parsed once when the type was interned
/// ([`type_payload`]); `None` for other types.
pub fn quant_type(ctx: &Context, t: Type) -> Option<QuantType> {
    ctx.typed_type::<QuantType>(t).cloned()
}

/// The quant dialect's typed-payload hook: `!quant.uniform<...>` as a [`QuantType`].
pub fn type_payload(body: &str, opaque: bool) -> Option<std::rc::Rc<dyn std::any::Any>> {
    let body = if opaque { body } else { body.strip_prefix("uniform")? };
    Some(std::rc::Rc::new(parse_uniform(body.trim()).ok()?))
}

impl strata_ir::DialectPayload for QuantType {}

/// The quantized element type of a tensor type (or of `t` itself).
pub fn quant_element(ctx: &Context, t: Type) -> Option<QuantType> {
    let e = ctx.type_kind(t).element_type().unwrap_or(t);
    quant_type(ctx, e)
}

/// The quantization-parameter agreement of ops that move quantized values without computing
/// (reshape C1, transpose C1, broadcast_in_dim C1, as StableHLO checks them): a per-tensor
/// operand and result need the same scale and zero point; per-axis ones with the same
/// quantization dimension size the same scales and zero points (`per_axis`).
pub fn verify_same_quant_params(ctx: &Context, operand: Type, result: Type, per_axis: bool) -> Result<(), String> {
    let (Some(a), Some(b)) = (quant_element(ctx, operand), quant_element(ctx, result)) else { return Ok(()) };
    let differ = a.scales != b.scales || a.zero_points != b.zero_points;
    match (a.is_per_axis(), b.is_per_axis()) {
        (false, false) if differ => Err("expect same quantization scale and zero_point".into()),
        (true, true) if per_axis && differ && a.scales.len() == b.scales.len() => {
            Err("expect same quantization scales and zero_points".into())
        }
        _ => Ok(()),
    }
}

/// The per-axis placement of broadcast_in_dim and dynamic_broadcast_in_dim (C6, StableHLO's
/// `verifyBroadcastInDimOpQuantConstraints`): the result's quantization dimension is where
/// `broadcast_dimensions` sends the operand's, and a size-1 operand quantization dimension
/// repeats its one scale and zero point along the result's.
pub fn verify_broadcast_per_axis(ctx: &Context, operand: Type, result: Type, dims: &[i64]) -> Result<(), String> {
    let (Some(qo), Some(qr)) = (quant_element(ctx, operand), quant_element(ctx, result)) else { return Ok(()) };
    let (Some(od), Some(rd)) = (qo.quantization_dimension, qr.quantization_dimension) else { return Ok(()) };
    let Some(&bd) = usize::try_from(od).ok().and_then(|d| dims.get(d)) else { return Ok(()) };
    if rd != bd {
        return Err(format!("result quantization_dimension {rd} not same as broadcast_dimensions[{od}] = {bd}"));
    }
    let size = super::types::shape_of(ctx, operand).and_then(|s| s.get(od as usize).copied());
    if size == Some(1) {
        let (s0, z0) = (qo.scales[0], qo.zero_points[0]);
        for (i, (s, z)) in qr.scales.iter().zip(&qr.zero_points).enumerate() {
            if *s != s0 {
                return Err(format!(
                    "mismatch result scale {i} ({}) and operand scale 0 ({})",
                    super::fmt::fmt_float(*s),
                    super::fmt::fmt_float(s0)
                ));
            }
            if *z != z0 {
                return Err(format!("mismatch result zero_point {i} ({z}) and operand zero_point 0 ({z0})"));
            }
        }
    }
    Ok(())
}

/// The per-axis shape rule of reshape and dynamic_reshape (C3, as StableHLO's
/// `verifyReshapeOpQuantizationConstraints` checks it): the quantization dimension keeps its
/// size, and the dimensions before it keep their product (so the ones after it do too).
pub fn verify_reshape_per_axis(ctx: &Context, operand: Type, result: Type) -> Result<(), String> {
    let (Some(qo), Some(qr)) = (quant_element(ctx, operand), quant_element(ctx, result)) else { return Ok(()) };
    let (Some(od), Some(rd)) = (qo.quantization_dimension, qr.quantization_dimension) else { return Ok(()) };
    let (Some(os), Some(rs)) = (super::types::shape_of(ctx, operand), super::types::shape_of(ctx, result)) else {
        return Ok(());
    };
    let (od, rd) = (od as usize, rd as usize);
    if od >= os.len() || rd >= rs.len() {
        return Ok(());
    }
    let dyn_ = super::fmt::DYN;
    if os[od] != dyn_ && rs[rd] != dyn_ && os[od] != rs[rd] {
        return Err(format!(
            "expect same quantization dimension size for operand and result {} and {}",
            super::types::fmt_type(ctx, operand),
            super::types::fmt_type(ctx, result)
        ));
    }
    if super::types::is_static(os) && super::types::is_static(rs) {
        let (a, b): (i64, i64) = (os[..od].iter().product(), rs[..rd].iter().product());
        if a != b {
            return Err(format!(
                "product of dimensions before quantization dimension must match between operand and result for {a} and {b}"
            ));
        }
    }
    Ok(())
}

/// Parse the text after `uniform`: `<i8:f32, 1.0:17>`.
pub fn parse_uniform(s: &str) -> Result<QuantType, String> {
    let s = s.trim();
    let inner = s
        .strip_prefix('<')
        .and_then(|r| r.strip_suffix('>'))
        .ok_or_else(|| format!("expected '<...>' in quantized type, got '{s}'"))?;
    // Split at the first top-level ',' (outside of `<>`/`{}`).
    let mut depth = 0i32;
    let mut split = None;
    for (i, c) in inner.char_indices() {
        match c {
            '<' | '{' => depth += 1,
            '>' | '}' => depth -= 1,
            ',' if depth == 0 => {
                split = Some(i);
                break;
            }
            _ => {}
        }
    }
    let split = split.ok_or("expected ',' in quantized type")?;
    let (head, params) = (inner[..split].trim(), inner[split + 1..].trim());
    // head: storage[<min:max>]:expressed[:dim]
    let (storage, rest) = match head.find(['<', ':']) {
        Some(i) => (&head[..i], &head[i..]),
        None => return Err("expected ':' in quantized type".into()),
    };
    let (signed, width) = if let Some(w) = storage.strip_prefix("ui").or_else(|| storage.strip_prefix('u')) {
        (false, w)
    } else if let Some(w) = storage.strip_prefix("si").or_else(|| storage.strip_prefix('i')) {
        (true, w)
    } else {
        return Err(format!("invalid storage type '{storage}'"));
    };
    let storage_width: u32 = width.parse().map_err(|_| format!("invalid storage type '{storage}'"))?;
    if storage_width == 0 || storage_width > 64 {
        return Err(format!("invalid storage width {storage_width}"));
    }
    let (dmin, dmax) = if signed {
        (-(1i128 << (storage_width - 1)) as i64, ((1i128 << (storage_width - 1)) - 1) as i64)
    } else {
        (0, ((1i128 << storage_width) - 1).min(i64::MAX as i128) as i64)
    };
    let (mut storage_min, mut storage_max) = (dmin, dmax);
    let mut rest = rest;
    if let Some(r) = rest.strip_prefix('<') {
        let close = r.find('>').ok_or("expected '>' after storage range")?;
        let range = &r[..close];
        // The separator is the ':' that is not a leading sign position.
        let colon = range[1..].find(':').map(|i| i + 1).ok_or("expected ':' in storage range")?;
        storage_min = range[..colon].trim().parse().map_err(|_| "invalid storage min")?;
        storage_max = range[colon + 1..].trim().parse().map_err(|_| "invalid storage max")?;
        rest = &r[close + 1..];
    }
    let rest = rest.strip_prefix(':').ok_or("expected ':' before expressed type")?;
    let mut parts = rest.split(':');
    let expressed_s = parts.next().unwrap_or("").trim();
    let expressed =
        FloatKind::from_mlir_name(expressed_s).ok_or_else(|| format!("invalid expressed type '{expressed_s}'"))?;
    let quantization_dimension = match parts.next() {
        Some(d) => Some(d.trim().parse::<i64>().map_err(|_| "invalid quantization dimension")?),
        None => None,
    };
    let params = params.trim();
    let list: Vec<&str> = if let Some(p) = params.strip_prefix('{') {
        p.strip_suffix('}').ok_or("expected '}'")?.split(',').map(str::trim).collect()
    } else {
        vec![params]
    };
    let mut scales = Vec::new();
    let mut zero_points = Vec::new();
    for p in list {
        // scale[:zp]; a scale may contain ':'? no (floats use e+00), so split at the last ':'.
        let (s, z) = match p.rfind(':') {
            Some(i) => (&p[..i], Some(&p[i + 1..])),
            None => (p, None),
        };
        scales.push(s.trim().parse::<f64>().map_err(|_| format!("invalid scale '{s}'"))?);
        zero_points.push(match z {
            Some(z) => z.trim().parse::<i64>().map_err(|_| format!("invalid zero point '{z}'"))?,
            None => 0,
        });
    }
    Ok(QuantType {
        signed,
        storage_width,
        storage_min,
        storage_max,
        expressed,
        quantization_dimension,
        scales,
        zero_points,
    })
}

/// A scale as MLIR prints it (`%e`, `7.843137e-03`) when that text reads back as the same
/// double; otherwise the shortest text that does, in the same style (`7.8431372549019607e-03`):
/// MLIR keeps the scale as a `double` in memory, and the interpreter computes with it, so the
/// canonical text must not round it.
fn scale_text(s: f64) -> String {
    let short = super::fmt::fmt_float(s);
    if !s.is_finite() || short.parse::<f64>().ok() == Some(s) {
        return short;
    }
    let exact = format!("{s:e}");
    let (m, e) = exact.split_once('e').unwrap_or((&exact, "0"));
    let e: i32 = e.parse().unwrap_or(0);
    let m = if m.contains('.') { m.to_string() } else { format!("{m}.0") };
    format!("{m}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs())
}

impl QuantType {
    /// The body MLIR's quant dialect prints after `!quant.`: `uniform<i8:f32, 2.000000e+00:15>`
    /// (`u8` for unsigned storage, the storage range only when not the default, scales as
    /// `%e`, zero points only when non-zero, per-axis parameters as `{s:z,s:z}`).
    pub fn canonical_body(&self) -> String {
        let mut out = format!("uniform<{}{}", if self.signed { "i" } else { "u" }, self.storage_width);
        let w = self.storage_width;
        let (dmin, dmax) = if self.signed {
            (-(1i128 << (w - 1)) as i64, ((1i128 << (w - 1)) - 1) as i64)
        } else {
            (0, ((1i128 << w) - 1).min(i64::MAX as i128) as i64)
        };
        if self.storage_min != dmin || self.storage_max != dmax {
            out.push_str(&format!("<{}:{}>", self.storage_min, self.storage_max));
        }
        out.push(':');
        out.push_str(self.expressed.mlir_name());
        let param = |s: f64, z: i64| {
            let mut p = scale_text(s);
            if z != 0 {
                p.push_str(&format!(":{z}"));
            }
            p
        };
        match self.quantization_dimension {
            Some(d) => {
                let ps: Vec<String> = self.scales.iter().zip(&self.zero_points).map(|(s, z)| param(*s, *z)).collect();
                out.push_str(&format!(":{d}, {{{}}}>", ps.join(",")));
            }
            None => {
                let (s, z) =
                    (self.scales.first().copied().unwrap_or(1.0), self.zero_points.first().copied().unwrap_or(0));
                out.push_str(&format!(", {}>", param(s, z)));
            }
        }
        out
    }
}

/// The `quant` dialect's type-body hook ([`strata_ir::dialect::SymbolBodyFn`]): `uniform<...>`
/// bodies get their canonical text, so `2.0` and `2.000000e+00` scales are the same type, as in
/// MLIR (where the scale is a `double`). Bodies it does not understand are kept as written;
/// the ops that use them report what is wrong.
pub fn canonical_type_body(body: &str, opaque: bool) -> Result<Option<String>, Vec<strata_ir::dialect::BodyError>> {
    if opaque {
        return Ok(None);
    }
    let Some(rest) = body.strip_prefix("uniform") else { return Ok(None) };
    Ok(parse_uniform(rest).ok().filter(|q| q.storage_width > 0 && !q.scales.is_empty()).map(|q| q.canonical_body()))
}

/// Check the spec's constraints (C1)-(C11) of quantized element types, and (C12)/(C13) against
/// `shape` when given.
pub fn verify_quant(q: &QuantType, shape: Option<&[i64]>) -> Result<(), String> {
    if q.storage_min >= q.storage_max {
        return Err(format!("illegal storage min and storage max: ({}:{})", q.storage_min, q.storage_max));
    }
    for &s in &q.scales {
        if s.is_nan() || s <= 0.0 || !s.is_finite() {
            return Err(format!("scale out of expressed type range: {s}"));
        }
    }
    for &z in &q.zero_points {
        if z < q.storage_min || z > q.storage_max {
            return Err(format!("zero point out of storage range: {z}"));
        }
    }
    match (q.quantization_dimension, shape) {
        (None, _) if q.scales.len() != 1 => Err("per-tensor quantization expects exactly one scale".into()),
        (Some(d), _) if d < 0 => Err(format!("illegal quantized dimension: {d}")),
        (Some(d), Some(shape)) => {
            if d as usize >= shape.len() {
                return Err(format!("quantization dimension {d} is out of range for rank {}", shape.len()));
            }
            let n = shape[d as usize];
            if n != strata_ir::DYNAMIC && n != q.scales.len() as i64 {
                return Err(format!(
                    "dimension size {n} of quantization dimension {d} does not match the number of scales {}",
                    q.scales.len()
                ));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn parse_forms() {
        let q = parse_uniform("<i8:f32, 2.000000e+00:15>").unwrap();
        assert_eq!(
            (q.signed, q.storage_width, q.scales.clone(), q.zero_points.clone()),
            (true, 8, vec![2.0], vec![15])
        );
        assert_eq!((q.storage_min, q.storage_max), (-128, 127));
        let q = parse_uniform("<i8<-127:127>:f32:0, {0.072314441204071045,0.050758145749568939}>").unwrap();
        assert_eq!(q.quantization_dimension, Some(0));
        assert_eq!(q.storage_min, -127);
        assert_eq!(q.scales.len(), 2);
        let q = parse_uniform("<ui8:f32, 34.0:16>").unwrap();
        assert!(!q.signed);
        assert_eq!(q.storage_max, 255);
        let q = parse_uniform("<i8:f32:1, {1.0:17, 1.0:17}>").unwrap();
        assert_eq!(q.zero_points, vec![17, 17]);
        assert!(verify_quant(&q, Some(&[1, 2])).is_ok());
        assert!(verify_quant(&q, Some(&[1, 3])).is_err());
    }
}
