//! VHLO attributes (StableHLO's `VhloAttrs.td` and `VhloEnums.td`): their structure
//! ([`VAttr`]), their text (as stablehlo-opt prints them: `#vhlo.integer_v1<1 : i64>`,
//! `#vhlo<comparison_direction_v1 LT>`, `#vhlo.tensor_v1<dense<0> : tensor<2xi64>>`), and
//! the generic conversion from and to builtin / StableHLO attributes.
//!
//! In the IR a VHLO attribute is a `vhlo` dialect attribute whose body is that text; the
//! scalar and tensor payloads are held as the text of the builtin attribute they stand for
//! (`integer_v1<1 : i64>` holds `1 : i64`), as VHLO's own printer shows them.

use strata_ir::parser::parse_attr_str;
use strata_ir::printer::attr_to_string;
use strata_ir::{AttrKind, Attribute, Context, Type};

use super::types::VType;

/// The VHLO enum attributes: mnemonic and the names of the values, in encoding order.
pub const ENUMS: &[(&str, &[&str])] = &[
    ("comparison_direction_v1", &["EQ", "NE", "GE", "GT", "LE", "LT"]),
    ("comparison_type_v1", &["NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"]),
    ("precision_v1", &["DEFAULT", "HIGH", "HIGHEST"]),
    ("fft_type_v1", &["FFT", "IFFT", "RFFT", "IRFFT"]),
    (
        "api_version_v1",
        &[
            "API_VERSION_UNSPECIFIED",
            "API_VERSION_ORIGINAL",
            "API_VERSION_STATUS_RETURNING",
            "API_VERSION_STATUS_RETURNING_UNIFIED",
            "API_VERSION_TYPED_FFI",
        ],
    ),
    ("rng_algorithm_v1", &["DEFAULT", "THREE_FRY", "PHILOX"]),
    // RngDistribution starts at 1 (UNIFORM = 1, NORMAL = 2): index 0 is unused.
    ("rng_distribution_v1", &["", "UNIFORM", "NORMAL"]),
    ("transpose_v1", &["TRANSPOSE_INVALID", "NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"]),
    ("result_accuracy_mode_v1", &["DEFAULT", "HIGHEST", "TOLERANCE"]),
];

/// The StableHLO mnemonic of each VHLO enum (`comparison_direction_v1` → `comparison_direction`).
pub fn stablehlo_enum_mnemonic(vhlo: &str) -> &'static str {
    match vhlo {
        "comparison_direction_v1" => "comparison_direction",
        "comparison_type_v1" => "comparison_type",
        "precision_v1" => "precision",
        "fft_type_v1" => "fft_type",
        "api_version_v1" => "custom_call_api_version",
        "rng_algorithm_v1" => "rng_algorithm",
        "rng_distribution_v1" => "rng_distribution",
        "transpose_v1" => "transpose",
        "result_accuracy_mode_v1" => "result_accuracy_mode",
        _ => "",
    }
}

/// The structure of a VHLO attribute. Nested attributes are `vhlo` attributes; `Integer`,
/// `Float` and `Tensor` hold the builtin attribute they stand for.
#[derive(Clone, Debug, PartialEq)]
pub enum VAttr {
    /// `array_v1<[a, b]>`.
    Array(Vec<Attribute>),
    /// `bool_v1<true>`.
    Bool(bool),
    /// `#vhlo<comparison_direction_v1 LT>` and the other enums: index into [`ENUMS`], value.
    Enum(usize, u32),
    /// `dict_v1<{#vhlo.string_v1<"k"> = v}>`.
    Dict(Vec<(Attribute, Attribute)>),
    /// `float_v1<1.0 : f32>` (a builtin float attribute).
    Float(Attribute),
    /// `integer_v1<1 : i64>` (a builtin integer attribute).
    Integer(Attribute),
    /// `output_operand_alias_v1<outputTupleIndices = [], operandIndex = 0, operandTupleIndices = []>`.
    OutputOperandAlias(Vec<i64>, i64, Vec<i64>),
    /// `string_v1<"text">`.
    String(String),
    /// `tensor_v1<dense<..> : tensor<..>>` (a builtin dense elements attribute).
    Tensor(Attribute),
    /// `type_v1<!vhlo.xxx>` (a VHLO type).
    Type(Type),
    /// `type_extensions_v1<bounds = [4, ?]>`.
    TypeExtensions(Vec<i64>),
    /// `result_accuracy_v1<atol = .., rtol = .., ulps = .., mode = #vhlo<result_accuracy_mode_v1 ..>>`.
    ResultAccuracy {
        /// Absolute tolerance (f64).
        atol: f64,
        /// Relative tolerance (f64).
        rtol: f64,
        /// ULPs.
        ulps: i64,
        /// The mode (a `result_accuracy_mode_v1` attribute).
        mode: Attribute,
    },
}

/// Split `s` at top-level `sep` characters (outside brackets, quotes, and `->`).
pub fn split_top(s: &str, sep: u8) -> Vec<&str> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'-' if i + 1 < b.len() && b[i + 1] == b'>' => i += 1,
            b'<' | b'[' | b'(' | b'{' => depth += 1,
            b'>' | b']' | b')' | b'}' => depth -= 1,
            c if c == sep && depth == 0 => {
                out.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    let last = s[start..].trim();
    if !last.is_empty() || !out.is_empty() {
        out.push(last);
    }
    out
}

/// Find the top-level ` = ` of a `key = value` entry.
fn split_eq(s: &str) -> Option<(&str, &str)> {
    let b = s.as_bytes();
    let mut depth = 0i32;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'-' if i + 1 < b.len() && b[i + 1] == b'>' => i += 1,
            b'<' | b'[' | b'(' | b'{' => depth += 1,
            b'>' | b']' | b')' | b'}' => depth -= 1,
            b'=' if depth == 0 => return Some((s[..i].trim(), s[i + 1..].trim())),
            _ => {}
        }
        i += 1;
    }
    None
}

fn ints(s: &str) -> Option<Vec<i64>> {
    let inner = s.trim().strip_prefix('[')?.strip_suffix(']')?;
    split_top(inner, b',')
        .into_iter()
        .map(|x| if x == "?" { Some(strata_ir::DYNAMIC) } else { x.parse().ok() })
        .collect()
}

fn list(v: &[i64]) -> String {
    let parts: Vec<String> =
        v.iter().map(|x| if *x == strata_ir::DYNAMIC { "?".to_string() } else { x.to_string() }).collect();
    format!("[{}]", parts.join(", "))
}

fn quote(s: &str) -> String {
    let mut o = String::from("\"");
    for ch in s.bytes() {
        match ch {
            b'"' => o.push_str("\\22"),
            b'\\' => o.push_str("\\\\"),
            0x20..=0x7e => o.push(ch as char),
            _ => o.push_str(&format!("\\{ch:02X}")),
        }
    }
    o.push('"');
    o
}

fn unquote(s: &str) -> Option<String> {
    let inner = s.strip_prefix('"')?.strip_suffix('"')?.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < inner.len() {
        if inner[i] == b'\\' {
            let rest = &inner[i + 1..];
            match rest.first()? {
                b'n' => {
                    out.push(b'\n');
                    i += 2;
                }
                b't' => {
                    out.push(b'\t');
                    i += 2;
                }
                b'"' => {
                    out.push(b'"');
                    i += 2;
                }
                b'\\' => {
                    out.push(b'\\');
                    i += 2;
                }
                _ => {
                    let h = std::str::from_utf8(rest.get(..2)?).ok()?;
                    out.push(u8::from_str_radix(h, 16).ok()?);
                    i += 3;
                }
            }
        } else {
            out.push(inner[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

impl VAttr {
    /// The structure of a `vhlo` dialect attribute (`None`: not a VHLO attribute Strata knows).
    pub fn of(ctx: &mut Context, a: Attribute) -> Option<VAttr> {
        let body = match ctx.attr_kind(a) {
            AttrKind::Dialect { dialect, body, .. } if ctx.str(*dialect) == "vhlo" => body.clone(),
            _ => return None,
        };
        Self::parse_body(ctx, &body)
    }

    /// Parse an attribute body (the text after `#vhlo.`, or inside `#vhlo<...>`).
    pub fn parse_body(ctx: &mut Context, body: &str) -> Option<VAttr> {
        if let Some((m, v)) = body.split_once(' ') {
            if !m.contains('<') {
                let i = ENUMS.iter().position(|(n, _)| *n == m)?;
                let k = ENUMS[i].1.iter().position(|x| *x == v.trim() && !x.is_empty())?;
                return Some(VAttr::Enum(i, k as u32));
            }
        }
        let open = body.find('<')?;
        let (m, rest) = body.split_at(open);
        let inner = rest.strip_prefix('<')?.strip_suffix('>')?;
        Some(match m {
            "array_v1" => {
                let inner = inner.strip_prefix('[')?.strip_suffix(']')?;
                let mut v = Vec::new();
                for e in split_top(inner, b',') {
                    v.push(parse_attr_str(ctx, e).ok()?);
                }
                VAttr::Array(v)
            }
            "bool_v1" => VAttr::Bool(match inner {
                "true" => true,
                "false" => false,
                _ => return None,
            }),
            "dict_v1" => {
                let inner = inner.strip_prefix('{')?.strip_suffix('}')?;
                let mut v = Vec::new();
                for e in split_top(inner, b',') {
                    let (k, val) = split_eq(e)?;
                    v.push((parse_attr_str(ctx, k).ok()?, parse_attr_str(ctx, val).ok()?));
                }
                VAttr::Dict(v)
            }
            // `float_v1<1.0 : !vhlo.f32_v1>`: the type is printed as a VHLO type.
            "float_v1" => {
                let (v, t) = inner.rsplit_once(" : ")?;
                let t = super::types::parse_text(t.trim()).and_then(|t| t.to_builtin(ctx));
                let t = match t {
                    Some(t) => strata_ir::printer::type_to_string(ctx, t),
                    None => inner.rsplit_once(" : ")?.1.to_string(),
                };
                VAttr::Float(parse_attr_str(ctx, &format!("{v} : {t}")).ok()?)
            }
            "integer_v1" => VAttr::Integer(parse_attr_str(ctx, inner).ok()?),
            "tensor_v1" => VAttr::Tensor(parse_attr_str(ctx, inner).ok()?),
            "string_v1" => VAttr::String(unquote(inner)?),
            "type_v1" => {
                let t = super::types::parse_text(inner)?;
                VAttr::Type(t.intern(ctx))
            }
            "type_extensions_v1" => VAttr::TypeExtensions(ints(inner.strip_prefix("bounds =")?)?),
            "output_operand_alias_v1" => {
                let mut o = (Vec::new(), 0, Vec::new());
                for e in split_top(inner, b',') {
                    let (k, v) = split_eq(e)?;
                    match k {
                        "outputTupleIndices" | "output_tuple_indices" => o.0 = ints(v)?,
                        "operandIndex" | "operand_index" => o.1 = v.parse().ok()?,
                        "operandTupleIndices" | "operand_tuple_indices" => o.2 = ints(v)?,
                        _ => return None,
                    }
                }
                VAttr::OutputOperandAlias(o.0, o.1, o.2)
            }
            "result_accuracy_v1" => {
                let (mut atol, mut rtol, mut ulps, mut mode) = (0.0, 0.0, 0, None);
                for e in split_top(inner, b',') {
                    let (k, v) = split_eq(e)?;
                    match k {
                        "atol" => atol = v.parse().ok()?,
                        "rtol" => rtol = v.parse().ok()?,
                        "ulps" => ulps = v.parse().ok()?,
                        "mode" => mode = Some(parse_attr_str(ctx, v).ok()?),
                        _ => return None,
                    }
                }
                VAttr::ResultAccuracy { atol, rtol, ulps, mode: mode? }
            }
            _ => return None,
        })
    }

    /// The body text (what follows `#vhlo.` or goes inside `#vhlo<...>`).
    pub fn body(&self, ctx: &Context) -> String {
        let t = |a: &Attribute| attr_to_string(ctx, *a);
        match self {
            VAttr::Array(v) => format!("array_v1<[{}]>", v.iter().map(t).collect::<Vec<_>>().join(", ")),
            VAttr::Bool(b) => format!("bool_v1<{b}>"),
            VAttr::Enum(i, k) => format!("{} {}", ENUMS[*i].0, ENUMS[*i].1[*k as usize]),
            VAttr::Dict(v) => format!(
                "dict_v1<{{{}}}>",
                v.iter().map(|(k, x)| format!("{} = {}", t(k), t(x))).collect::<Vec<_>>().join(", ")
            ),
            VAttr::Float(a) => match ctx.attr_kind(*a) {
                AttrKind::Float { bits, ty } => {
                    let k = match ctx.type_kind(*ty) {
                        strata_ir::TypeKind::Float(k) => *k,
                        _ => strata_ir::FloatKind::F64,
                    };
                    let vt = VType::from_builtin(ctx, *ty).map(|v| v.text()).unwrap_or_default();
                    format!("float_v1<{} : {vt}>", strata_ir::printer::format_float(*bits, k))
                }
                _ => format!("float_v1<{}>", t(a)),
            },
            VAttr::Integer(a) => format!("integer_v1<{}>", t(a)),
            VAttr::Tensor(a) => format!("tensor_v1<{}>", t(a)),
            VAttr::String(s) => format!("string_v1<{}>", quote(s)),
            VAttr::Type(ty) => format!("type_v1<{}>", strata_ir::printer::type_to_string(ctx, *ty)),
            VAttr::TypeExtensions(b) => format!("type_extensions_v1<bounds = {}>", list(b)),
            VAttr::OutputOperandAlias(o, i, p) => format!(
                "output_operand_alias_v1<outputTupleIndices = {}, operandIndex = {i}, operandTupleIndices = {}>",
                list(o),
                list(p)
            ),
            VAttr::ResultAccuracy { atol, rtol, ulps, mode } => format!(
                "result_accuracy_v1<atol = {}, rtol = {}, ulps = {ulps}, mode = {}>",
                fmt_e(*atol),
                fmt_e(*rtol),
                t(mode)
            ),
        }
    }

    /// Intern as a `vhlo` attribute.
    pub fn intern(&self, ctx: &mut Context) -> Attribute {
        let body = self.body(ctx);
        let d = ctx.sym("vhlo");
        ctx.intern_attr(AttrKind::Dialect { dialect: d, body, opaque: false })
    }
}

/// `%e` formatting as MLIR prints an `f64` attribute (`0.000000e+00`).
pub fn fmt_e(x: f64) -> String {
    strata_ir::printer::format_float(strata_ir::attributes::FloatBits(x.to_bits() as u128), strata_ir::FloatKind::F64)
}

/// Convenience constructors.
pub mod mk {
    use super::*;

    /// `#vhlo.integer_v1<v : ty>` for a builtin integer type `ty`.
    pub fn int(ctx: &mut Context, v: i128, ty: Type) -> Attribute {
        let a = ctx.int_attr(v, ty);
        VAttr::Integer(a).intern(ctx)
    }
    /// `#vhlo.integer_v1<v : i64>`.
    pub fn i64(ctx: &mut Context, v: i64) -> Attribute {
        let t = ctx.int_type(64);
        int(ctx, v as i128, t)
    }
    /// `#vhlo.bool_v1<b>`.
    pub fn bool(ctx: &mut Context, b: bool) -> Attribute {
        VAttr::Bool(b).intern(ctx)
    }
    /// `#vhlo.string_v1<"s">`.
    pub fn string(ctx: &mut Context, s: &str) -> Attribute {
        VAttr::String(s.to_string()).intern(ctx)
    }
    /// `#vhlo.array_v1<[..]>`.
    pub fn array(ctx: &mut Context, v: Vec<Attribute>) -> Attribute {
        VAttr::Array(v).intern(ctx)
    }
    /// An enum value by names.
    pub fn enum_(ctx: &mut Context, mnemonic: &str, value: &str) -> Option<Attribute> {
        let i = ENUMS.iter().position(|(n, _)| *n == mnemonic)?;
        let k = ENUMS[i].1.iter().position(|x| *x == value && !x.is_empty())?;
        Some(VAttr::Enum(i, k as u32).intern(ctx))
    }
    /// `#vhlo.tensor_v1<dense<[..]> : tensor<Nxi64>>` of a list of `i64`.
    pub fn i64_tensor(ctx: &mut Context, v: &[i64]) -> Attribute {
        let t = i64_tensor_attr(ctx, v);
        VAttr::Tensor(t).intern(ctx)
    }
    /// A builtin `dense<[..]> : tensor<Nxi64>`.
    pub fn i64_tensor_attr(ctx: &mut Context, v: &[i64]) -> Attribute {
        let i64t = ctx.int_type(64);
        let ty = ctx.tensor_type(&[v.len() as i64], i64t);
        let bytes: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
        ctx.intern_attr(AttrKind::DenseElements {
            ty,
            data: strata_ir::attributes::DenseData { splat: v.len() == 1, bytes },
        })
    }
    /// `#vhlo.type_v1<T>` of a builtin type.
    pub fn type_(ctx: &mut Context, t: Type) -> Option<Attribute> {
        let v = VType::from_builtin(ctx, t)?;
        let vt = v.intern(ctx);
        Some(VAttr::Type(vt).intern(ctx))
    }
}
