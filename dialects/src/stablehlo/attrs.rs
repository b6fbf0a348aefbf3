//! Typed StableHLO attributes (MLIR's `StablehloAttrs.td` / `StablehloEnums.td`).
//!
//! The IR keeps dialect attributes as verbatim body text ([`AttrKind::Dialect`]). Each type here
//! parses that body with a small tokenizer (`parse_from_attr`) and produces the canonical text
//! StableHLO prints (`to_attr`), e.g. `#stablehlo.gather<offset_dims = [1], index_vector_dim = 1>`
//! (struct parameters with empty lists omitted, as StableHLO's printer does).
//!
//! Parse errors follow StableHLO's parser messages; when StableHLO emits two diagnostics (e.g.
//! "duplicated `index_vector_dim` entry" then "failed parsing scatter dimension numbers") the
//! message holds both, separated by `\n`.

use strata_ir::{AttrKind, Attribute, Context};

use super::fmt::{fmt_float, DYN};

// ----- tokenizer -----

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Int(i64),
    Float(f64),
    Str(String),
    P(char),
    Arrow,
}

/// A token with its byte span.
type Spanned = (Tok, usize, usize);

/// Tokens with their byte spans in `s`; an error carries the byte offset it is about.
fn tokenize(s: &str) -> Result<Vec<Spanned>, (usize, String)> {
    let cs: Vec<(usize, char)> = s.char_indices().collect();
    let off = |i: usize| cs.get(i).map(|c| c.0).unwrap_or(s.len());
    let ch = |i: usize| cs.get(i).map(|c| c.1);
    let mut out = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i].1;
        let st = i;
        if c.is_whitespace() {
            i += 1;
            continue;
        } else if c == '/' && ch(i + 1) == Some('/') {
            while i < cs.len() && cs[i].1 != '\n' {
                i += 1;
            }
            continue;
        } else if c == '-' && ch(i + 1) == Some('>') {
            i += 2;
            out.push((Tok::Arrow, off(st), off(i)));
            continue;
        }
        let tok = if c.is_ascii_digit() || (c == '-' && ch(i + 1).is_some_and(|d| d.is_ascii_digit())) {
            i += 1;
            let mut float = false;
            while i < cs.len() {
                let d = cs[i].1;
                if d.is_ascii_digit() {
                    i += 1;
                } else if d == '.' || ((d == 'e' || d == 'E') && i > st) {
                    float = true;
                    i += 1;
                    if (d == 'e' || d == 'E') && i < cs.len() && (cs[i].1 == '+' || cs[i].1 == '-') {
                        i += 1;
                    }
                } else {
                    break;
                }
            }
            let text = &s[off(st)..off(i)];
            if float {
                Tok::Float(text.parse().map_err(|_| (off(st), format!("invalid number '{text}'")))?)
            } else {
                Tok::Int(text.parse().map_err(|_| (off(st), format!("invalid integer '{text}'")))?)
            }
        } else if c.is_alphabetic() || c == '_' {
            while i < cs.len() && (cs[i].1.is_alphanumeric() || cs[i].1 == '_' || cs[i].1 == '.' || cs[i].1 == '$') {
                i += 1;
            }
            Tok::Ident(s[off(st)..off(i)].to_string())
        } else if c == '"' {
            let mut v = String::new();
            i += 1;
            while i < cs.len() && cs[i].1 != '"' {
                if cs[i].1 == '\\' && i + 1 < cs.len() {
                    i += 1;
                }
                v.push(cs[i].1);
                i += 1;
            }
            i += 1;
            Tok::Str(v)
        } else {
            i += 1;
            Tok::P(c)
        };
        out.push((tok, off(st), off(i)));
    }
    Ok(out)
}

/// A parse error at byte offsets of the text parsed: each message with where to report it
/// (StableHLO often emits two: the problem, then "failed parsing <what>").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BodyParseError(pub Vec<(usize, String)>);

impl BodyParseError {
    fn shifted(mut self, by: usize) -> Self {
        for e in &mut self.0 {
            e.0 += by;
        }
        self
    }
}

impl From<BodyParseError> for String {
    fn from(e: BodyParseError) -> String {
        e.0.into_iter().map(|(_, m)| m).collect::<Vec<_>>().join("\n")
    }
}

struct P {
    toks: Vec<Tok>,
    spans: Vec<(usize, usize)>,
    text: String,
    pos: usize,
}

impl P {
    fn new(s: &str) -> Result<P, String> {
        P::new_at(s).map_err(|e| e.1)
    }
    fn new_at(s: &str) -> Result<P, (usize, String)> {
        let (toks, spans) = tokenize(s)?.into_iter().map(|(t, a, b)| (t, (a, b))).unzip();
        Ok(P { toks, spans, text: s.to_string(), pos: 0 })
    }
    /// Byte offset of the current token (the end of the text when done).
    fn cur_off(&self) -> usize {
        self.spans.get(self.pos).map(|s| s.0).unwrap_or(self.text.len())
    }
    /// Where MLIR's `emitWrongTokenError` reports: the end of the previous token when the
    /// current one starts a new line, else the current token.
    fn wrong_tok_off(&self) -> usize {
        let cur = self.cur_off();
        match self.pos.checked_sub(1).and_then(|i| self.spans.get(i)) {
            Some(&(_, end)) if self.text.get(end..cur).is_some_and(|t| t.contains('\n')) => end,
            _ => cur,
        }
    }
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }
    fn next(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.pos).cloned();
        self.pos += 1;
        t
    }
    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(&Tok::P(c)) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn expect(&mut self, c: char) -> Result<(), String> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(format!("expected '{c}'"))
        }
    }
    fn ident(&mut self) -> Result<String, String> {
        match self.next() {
            Some(Tok::Ident(s)) => Ok(s),
            _ => Err("expected identifier".into()),
        }
    }
    fn int(&mut self) -> Result<i64, String> {
        match self.next() {
            Some(Tok::Int(v)) => Ok(v),
            _ => Err("expected integer value".into()),
        }
    }
    fn float(&mut self) -> Result<f64, String> {
        match self.next() {
            Some(Tok::Int(v)) => Ok(v as f64),
            Some(Tok::Float(v)) => Ok(v),
            _ => Err("expected floating point value".into()),
        }
    }
    fn ints(&mut self) -> Result<Vec<i64>, String> {
        self.expect('[')?;
        let mut v = Vec::new();
        if self.eat(']') {
            return Ok(v);
        }
        loop {
            if self.eat('?') {
                v.push(DYN);
            } else {
                v.push(self.int()?);
            }
            if self.eat(']') {
                return Ok(v);
            }
            self.expect(',')?;
        }
    }
    fn done(&self) -> bool {
        self.pos >= self.toks.len()
    }
    /// Raw text of a nested `#dialect.name<...>` value, rebuilt from tokens.
    fn nested(&mut self) -> Result<String, String> {
        self.expect('#')?;
        let mut s = format!("#{}", self.ident()?);
        if self.eat('<') {
            s.push('<');
            let mut depth = 1;
            while depth > 0 {
                match self.next() {
                    Some(Tok::P('<')) => {
                        depth += 1;
                        s.push('<');
                    }
                    Some(Tok::P('>')) => {
                        depth -= 1;
                        s.push('>');
                    }
                    Some(Tok::Ident(x)) => s.push_str(&x),
                    Some(Tok::Int(x)) => s.push_str(&x.to_string()),
                    Some(Tok::Float(x)) => s.push_str(&x.to_string()),
                    Some(Tok::P(c)) => s.push(c),
                    Some(Tok::Str(x)) => s.push_str(&format!("{x:?}")),
                    Some(Tok::Arrow) => s.push_str("->"),
                    None => return Err("expected '>'".into()),
                }
            }
        }
        Ok(s)
    }
}

/// The body of a `#stablehlo...` attribute with the mnemonic split off: for pretty
/// `#stablehlo.gather<...>` → (`gather`, `...`); for angle `#stablehlo<precision HIGH>` →
/// (`precision`, `HIGH`).
fn split_body(ctx: &Context, a: Attribute) -> Result<(&str, &str), String> {
    match ctx.attr_kind(a) {
        AttrKind::Dialect { dialect, body, opaque } if ctx.str(*dialect) == "stablehlo" => {
            split_body_text(body, *opaque)
        }
        _ => Err("expected a #stablehlo attribute".into()),
    }
}

/// [`split_body`] on the text of a body.
fn split_body_text(body: &str, opaque: bool) -> Result<(&str, &str), String> {
    let body = body.trim();
    if opaque {
        // `precision HIGH` or `gather<...>` written in angle form
        if let Some(i) = body.find(|c: char| c.is_whitespace() || c == '<') {
            let (m, rest) = body.split_at(i);
            let rest = rest.trim();
            let rest = rest.strip_prefix('<').and_then(|r| r.strip_suffix('>')).unwrap_or(rest);
            Ok((m, rest.trim()))
        } else {
            Ok((body, ""))
        }
    } else {
        let i = body.find('<').ok_or_else(|| format!("expected '<' in #stablehlo.{body}"))?;
        let rest = body[i..].trim();
        let rest = rest.strip_prefix('<').and_then(|r| r.strip_suffix('>')).ok_or("expected '>'")?;
        Ok((&body[..i], rest.trim()))
    }
}

fn expect_mnemonic<'a>(ctx: &'a Context, a: Attribute, m: &str) -> Result<&'a str, String> {
    let (mn, rest) = split_body(ctx, a)?;
    if mn != m {
        return Err(format!("expected #stablehlo.{m}<...>, got #stablehlo.{mn}"));
    }
    Ok(rest)
}

fn pretty(ctx: &mut Context, body: String) -> Attribute {
    let d = ctx.sym("stablehlo");
    ctx.intern_attr(AttrKind::Dialect { dialect: d, body, opaque: false })
}

fn opaque(ctx: &mut Context, body: String) -> Attribute {
    let d = ctx.sym("stablehlo");
    ctx.intern_attr(AttrKind::Dialect { dialect: d, body, opaque: true })
}

fn list(v: &[i64]) -> String {
    format!(
        "[{}]",
        v.iter().map(|x| if *x == DYN { "?".to_string() } else { x.to_string() }).collect::<Vec<_>>().join(", ")
    )
}

/// Parse `key = value, ...` of a struct attribute (StableHLO's `parseStruct`), calling `field`
/// for each key with the parser positioned at the value. Duplicates, unknown keys and missing
/// separators get StableHLO's messages, each followed by "failed parsing <what>" at the
/// current token, with byte offsets into `body`.
fn parse_struct(
    body: &str,
    keys: &[&str],
    what: &str,
    mut field: impl FnMut(&str, &mut P) -> Result<(), String>,
) -> Result<(), BodyParseError> {
    let fail =
        |p: &P, at: usize, m: String| BodyParseError(vec![(at, m), (p.cur_off(), format!("failed parsing {what}"))]);
    let mut p = P::new_at(body)
        .map_err(|(at, m)| BodyParseError(vec![(at, m.clone()), (at, format!("failed parsing {what}"))]))?;
    let mut seen: Vec<String> = Vec::new();
    while !p.done() {
        let key = match p.peek() {
            Some(Tok::Ident(k)) if keys.contains(&k.as_str()) => k.clone(),
            _ => {
                let one_of = keys.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ");
                return Err(fail(&p, p.cur_off(), format!("expected one of: {one_of}")));
            }
        };
        p.pos += 1;
        if seen.contains(&key) {
            return Err(fail(&p, p.cur_off(), format!("duplicated `{key}` entry")));
        }
        seen.push(key.clone());
        if !p.eat('=') {
            return Err(fail(&p, p.wrong_tok_off(), "expected '='".into()));
        }
        if let Err(m) = field(&key, &mut p) {
            return Err(fail(&p, p.cur_off(), m));
        }
        if !p.eat(',') && !p.done() {
            return Err(fail(&p, p.wrong_tok_off(), "expected '>'".into()));
        }
    }
    Ok(())
}

// ----- enums -----

macro_rules! enum_attr {
    ($(#[$m:meta])* $name:ident, $mnemonic:literal, pretty = $pretty:literal, [$($v:ident),* $(,)?]) => {
        $(#[$m])*
        #[allow(non_camel_case_types, missing_docs)]
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum $name { $($v),* }
        impl $name {
            /// Every value.
            pub const ALL: &'static [$name] = &[$($name::$v),*];
            /// The keyword StableHLO prints.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$v => stringify!($v)),* }
            }
            /// Parse the keyword (`None` for any other text; not `FromStr`, which would
            /// need an error type no caller wants).
            #[allow(clippy::should_implement_trait)]
            pub fn from_str(s: &str) -> Option<Self> {
                match s { $(stringify!($v) => Some($name::$v),)* _ => None }
            }
            /// The attribute mnemonic (`comparison_direction`).
            pub const MNEMONIC: &'static str = $mnemonic;
            /// Parse `#stablehlo<mnemonic VALUE>` (or `#stablehlo.mnemonic<VALUE>`).
            pub fn parse_from_attr(ctx: &Context, a: Attribute) -> Result<Self, String> {
                let rest = expect_mnemonic(ctx, a, $mnemonic)?;
                Self::from_str(rest.trim()).ok_or_else(|| format!("invalid {} value: {}", $mnemonic, rest.trim()))
            }
            /// The canonical attribute.
            pub fn to_attr(self, ctx: &mut Context) -> Attribute {
                if $pretty {
                    pretty(ctx, format!("{}<{}>", $mnemonic, self.as_str()))
                } else {
                    opaque(ctx, format!("{} {}", $mnemonic, self.as_str()))
                }
            }
        }
    };
}

enum_attr!(/// `#stablehlo<comparison_direction EQ>`
    ComparisonDirection, "comparison_direction", pretty = false, [EQ, NE, GE, GT, LE, LT]);
enum_attr!(/// `#stablehlo<comparison_type FLOAT>`
    ComparisonType, "comparison_type", pretty = false, [NOTYPE, FLOAT, TOTALORDER, SIGNED, UNSIGNED]);
enum_attr!(/// `#stablehlo<precision DEFAULT>`
    Precision, "precision", pretty = false, [DEFAULT, HIGH, HIGHEST]);
enum_attr!(/// `#stablehlo<fft_type FFT>`
    FftType, "fft_type", pretty = false, [FFT, IFFT, RFFT, IRFFT]);
enum_attr!(/// `#stablehlo<rng_algorithm THREE_FRY>`
    RngAlgorithm, "rng_algorithm", pretty = false, [DEFAULT, THREE_FRY, PHILOX]);
enum_attr!(/// `#stablehlo<rng_distribution UNIFORM>`
    RngDistribution, "rng_distribution", pretty = false, [UNIFORM, NORMAL]);
enum_attr!(/// `#stablehlo<transpose NO_TRANSPOSE>`
    Transpose, "transpose", pretty = false, [TRANSPOSE_INVALID, NO_TRANSPOSE, TRANSPOSE, ADJOINT]);
enum_attr!(/// `#stablehlo.result_accuracy_mode<DEFAULT>`
    ResultAccuracyMode, "result_accuracy_mode", pretty = true, [DEFAULT, HIGHEST, TOLERANCE]);
enum_attr!(/// `#stablehlo<custom_call_api_version API_VERSION_ORIGINAL>`
    CustomCallApiVersion, "custom_call_api_version", pretty = false,
    [API_VERSION_UNSPECIFIED, API_VERSION_ORIGINAL, API_VERSION_STATUS_RETURNING, API_VERSION_STATUS_RETURNING_UNIFIED, API_VERSION_TYPED_FFI]);

impl CustomCallApiVersion {
    /// From the `api_version = N : i32` integer form.
    pub fn from_i64(v: i64) -> Option<Self> {
        Self::ALL.get(usize::try_from(v).ok()?).copied()
    }
}

// ----- struct attributes -----

/// A gather/scatter-style struct: integer-list fields then `index_vector_dim`; lists that are
/// empty are omitted when printing, as StableHLO does.
macro_rules! index_dims_attr {
    ($(#[$m:meta])* $name:ident, $mnemonic:literal, $what:literal, [$($f:ident),*]) => {
        $(#[$m])*
        #[derive(Clone, Debug, Default, PartialEq, Eq)]
        #[allow(missing_docs)]
        pub struct $name {
            $(pub $f: Vec<i64>,)*
            pub index_vector_dim: i64,
        }
        impl $name {
            /// Parse the struct body (`field = [..], ..., index_vector_dim = N`).
            pub fn parse_body(body: &str) -> Result<Self, String> {
                Self::parse_body_at(body).map_err(String::from)
            }
            /// [`Self::parse_body`] with the errors' byte offsets into `body`.
            pub fn parse_body_at(body: &str) -> Result<Self, BodyParseError> {
                let mut g = Self::default();
                parse_struct(body, &[$(stringify!($f),)* "index_vector_dim"], $what, |k, p| {
                    match k {
                        $(stringify!($f) => g.$f = p.ints()?,)*
                        _ => g.index_vector_dim = p.int()?,
                    }
                    Ok(())
                })?;
                Ok(g)
            }
            /// Parse the attribute.
            pub fn parse_from_attr(ctx: &Context, a: Attribute) -> Result<Self, String> {
                Self::parse_body(expect_mnemonic(ctx, a, $mnemonic)?)
            }
            /// The canonical body text.
            pub fn body(&self) -> String {
                let mut parts = Vec::new();
                $(if !self.$f.is_empty() {
                    parts.push(format!("{} = {}", stringify!($f), list(&self.$f)));
                })*
                parts.push(format!("index_vector_dim = {}", self.index_vector_dim));
                format!("{}<{}>", $mnemonic, parts.join(", "))
            }
            /// The canonical attribute.
            pub fn to_attr(&self, ctx: &mut Context) -> Attribute {
                pretty(ctx, self.body())
            }
        }
    };
}

index_dims_attr!(
    /// `#stablehlo.gather<...>` (gather and dynamic_gather `dimension_numbers`).
    GatherDimensionNumbers, "gather", "gather dimension numbers",
    [offset_dims, collapsed_slice_dims, operand_batching_dims, start_indices_batching_dims, start_index_map]
);
index_dims_attr!(
    /// `#stablehlo.scatter<...>` (scatter `scatter_dimension_numbers`).
    ScatterDimensionNumbers, "scatter", "scatter dimension numbers",
    [update_window_dims, inserted_window_dims, input_batching_dims, scatter_indices_batching_dims, scatter_dims_to_operand_dims]
);

/// `#stablehlo.dot<...>` (dot_general `dot_dimension_numbers`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[allow(missing_docs)]
pub struct DotDimensionNumbers {
    pub lhs_batching_dimensions: Vec<i64>,
    pub rhs_batching_dimensions: Vec<i64>,
    pub lhs_contracting_dimensions: Vec<i64>,
    pub rhs_contracting_dimensions: Vec<i64>,
}

impl DotDimensionNumbers {
    const KEYS: [&'static str; 4] = [
        "lhs_batching_dimensions",
        "rhs_batching_dimensions",
        "lhs_contracting_dimensions",
        "rhs_contracting_dimensions",
    ];
    /// Parse the struct body.
    pub fn parse_body(body: &str) -> Result<Self, String> {
        Self::parse_body_at(body).map_err(String::from)
    }
    /// [`Self::parse_body`] with the errors' byte offsets into `body`.
    pub fn parse_body_at(body: &str) -> Result<Self, BodyParseError> {
        let mut g = Self::default();
        parse_struct(body, &Self::KEYS, "dot dimension numbers", |k, p| {
            let v = p.ints()?;
            match k {
                "lhs_batching_dimensions" => g.lhs_batching_dimensions = v,
                "rhs_batching_dimensions" => g.rhs_batching_dimensions = v,
                "lhs_contracting_dimensions" => g.lhs_contracting_dimensions = v,
                _ => g.rhs_contracting_dimensions = v,
            }
            Ok(())
        })?;
        Ok(g)
    }
    /// Parse `#stablehlo.dot<...>`.
    pub fn parse_from_attr(ctx: &Context, a: Attribute) -> Result<Self, String> {
        Self::parse_body(expect_mnemonic(ctx, a, "dot")?)
    }
    /// The canonical body text.
    pub fn body(&self) -> String {
        let parts: Vec<String> = [
            ("lhs_batching_dimensions", &self.lhs_batching_dimensions),
            ("rhs_batching_dimensions", &self.rhs_batching_dimensions),
            ("lhs_contracting_dimensions", &self.lhs_contracting_dimensions),
            ("rhs_contracting_dimensions", &self.rhs_contracting_dimensions),
        ]
        .iter()
        .filter(|(_, v)| !v.is_empty())
        .map(|(k, v)| format!("{k} = {}", list(v)))
        .collect();
        format!("dot<{}>", parts.join(", "))
    }
    /// The canonical attribute.
    pub fn to_attr(&self, ctx: &mut Context) -> Attribute {
        pretty(ctx, self.body())
    }
}

/// `#stablehlo.dot_algorithm<...>`.
#[derive(Clone, Debug, Default, PartialEq)]
#[allow(missing_docs)]
pub struct DotAlgorithm {
    /// Type keywords (`tf32`, `bf16`, `f32`, ...).
    pub lhs_precision_type: String,
    pub rhs_precision_type: String,
    pub accumulation_type: String,
    pub lhs_component_count: i64,
    pub rhs_component_count: i64,
    pub num_primitive_operations: i64,
    pub allow_imprecise_accumulation: bool,
}

impl DotAlgorithm {
    const KEYS: [&'static str; 7] = [
        "lhs_precision_type",
        "rhs_precision_type",
        "accumulation_type",
        "lhs_component_count",
        "rhs_component_count",
        "num_primitive_operations",
        "allow_imprecise_accumulation",
    ];
    /// Parse `#stablehlo.dot_algorithm<...>`.
    pub fn parse_from_attr(ctx: &Context, a: Attribute) -> Result<Self, String> {
        Self::parse_body_at(expect_mnemonic(ctx, a, "dot_algorithm")?).map_err(String::from)
    }
    /// Parse the struct body, with the errors' byte offsets into `body`.
    pub fn parse_body_at(body: &str) -> Result<Self, BodyParseError> {
        let mut g = Self::default();
        parse_struct(body, &Self::KEYS, "dot algorithm", |k, p| {
            match k {
                "lhs_precision_type" => g.lhs_precision_type = p.ident()?,
                "rhs_precision_type" => g.rhs_precision_type = p.ident()?,
                "accumulation_type" => g.accumulation_type = p.ident()?,
                "lhs_component_count" => g.lhs_component_count = p.int()?,
                "rhs_component_count" => g.rhs_component_count = p.int()?,
                "num_primitive_operations" => g.num_primitive_operations = p.int()?,
                _ => g.allow_imprecise_accumulation = p.ident()? == "true",
            }
            Ok(())
        })?;
        Ok(g)
    }
    /// The canonical body text (`mnemonic<...>`).
    pub fn body(&self) -> String {
        format!(
            "dot_algorithm<lhs_precision_type = {}, rhs_precision_type = {}, accumulation_type = {}, lhs_component_count = {}, rhs_component_count = {}, num_primitive_operations = {}, allow_imprecise_accumulation = {}>",
            self.lhs_precision_type,
            self.rhs_precision_type,
            self.accumulation_type,
            self.lhs_component_count,
            self.rhs_component_count,
            self.num_primitive_operations,
            self.allow_imprecise_accumulation
        )
    }
    /// The canonical attribute.
    pub fn to_attr(&self, ctx: &mut Context) -> Attribute {
        pretty(ctx, self.body())
    }
    /// StableHLO's `verifyDotAlgorithmAttr`: counts positive and a combination known to be
    /// supported by some hardware.
    pub fn verify(&self) -> Result<(), String> {
        if self.lhs_component_count < 1 {
            return Err("lhs component count must be positive".into());
        }
        if self.rhs_component_count < 1 {
            return Err("rhs component count must be positive".into());
        }
        if self.num_primitive_operations < 1 {
            return Err("num primitive operations must be positive".into());
        }
        let (l, r, acc, n) = (
            self.lhs_precision_type.as_str(),
            self.rhs_precision_type.as_str(),
            self.accumulation_type.as_str(),
            self.num_primitive_operations,
        );
        let f8 = |t: &str| t.starts_with("f8");
        let known = self.lhs_component_count == 1
            && self.rhs_component_count == 1
            && ((f8(l) && f8(r) && acc == "f32" && n == 1)
                || (l == "f16" && r == "f16" && (acc == "f16" || acc == "f32") && n == 1)
                || (l == "bf16" && r == "bf16" && (acc == "bf16" || acc == "f32") && matches!(n, 1 | 3 | 6 | 9))
                || (l == "tf32" && r == "tf32" && acc == "f32" && matches!(n, 1 | 3))
                || (l == "f32" && r == "f32" && acc == "f32" && n == 1)
                || (l == "f64" && r == "f64" && acc == "f64" && n == 1));
        if !known {
            return Err("dot algorithm not known to be supported on any hardware: ".to_string() + &self.describe());
        }
        Ok(())
    }
    fn describe(&self) -> String {
        format!(
            "{{lhs:{}, rhs:{}, accum:{}, lhs_components:{}, rhs_components:{}, primitive_ops:{}, imprecise:{}}}",
            self.lhs_precision_type,
            self.rhs_precision_type,
            self.accumulation_type,
            self.lhs_component_count,
            self.rhs_component_count,
            self.num_primitive_operations,
            self.allow_imprecise_accumulation
        )
    }
}

/// `#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>` (convolution `dimension_numbers`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[allow(missing_docs)]
pub struct ConvDimensionNumbers {
    pub input_batch_dimension: i64,
    pub input_feature_dimension: i64,
    pub input_spatial_dimensions: Vec<i64>,
    pub kernel_input_feature_dimension: i64,
    pub kernel_output_feature_dimension: i64,
    pub kernel_spatial_dimensions: Vec<i64>,
    pub output_batch_dimension: i64,
    pub output_feature_dimension: i64,
    pub output_spatial_dimensions: Vec<i64>,
}

impl ConvDimensionNumbers {
    /// Parse the compact form `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]` (also the body of
    /// `#stablehlo.conv<...>` and the `dim_numbers = ...` custom syntax), or the
    /// `raw input_batch_dimension = 0, ...` long form.
    pub fn parse_body(body: &str) -> Result<Self, String> {
        let mut p = P::new(body)?;
        let mut d = Self::default();
        if p.peek() == Some(&Tok::P('[')) {
            let dims = |p: &mut P, a: char, b: char| -> Result<(i64, i64, Vec<i64>), String> {
                p.expect('[')?;
                let (mut x, mut y) = (-1, -1);
                let mut spatial: Vec<(i64, i64)> = Vec::new();
                let mut pos = 0i64;
                loop {
                    match p.next() {
                        Some(Tok::Ident(s)) if s.len() == 1 && s.starts_with(a) => {
                            if x >= 0 {
                                return Err(format!("duplicate '{a}' in convolution dimensions"));
                            }
                            x = pos
                        }
                        Some(Tok::Ident(s)) if s.len() == 1 && s.starts_with(b) => {
                            if y >= 0 {
                                return Err(format!("duplicate '{b}' in convolution dimensions"));
                            }
                            y = pos
                        }
                        Some(Tok::Int(n)) => spatial.push((n, pos)),
                        t => return Err(format!("unexpected {:?} in convolution dimensions", t)),
                    }
                    pos += 1;
                    if p.eat(']') {
                        break;
                    }
                    p.expect(',')?;
                }
                if x < 0 || y < 0 {
                    return Err(format!("expected '{a}' and '{b}' in convolution dimensions"));
                }
                spatial.sort();
                for (i, (n, _)) in spatial.iter().enumerate() {
                    if *n != i as i64 {
                        return Err("expected spatial dimensions 0..N in convolution dimensions".into());
                    }
                }
                Ok((x, y, spatial.into_iter().map(|(_, p)| p).collect()))
            };
            (d.input_batch_dimension, d.input_feature_dimension, d.input_spatial_dimensions) = dims(&mut p, 'b', 'f')?;
            match p.next() {
                Some(Tok::Ident(x)) if x == "x" => {}
                _ => return Err("expected 'x'".into()),
            }
            (d.kernel_input_feature_dimension, d.kernel_output_feature_dimension, d.kernel_spatial_dimensions) =
                dims(&mut p, 'i', 'o')?;
            if p.next() != Some(Tok::Arrow) {
                return Err("expected '->'".into());
            }
            (d.output_batch_dimension, d.output_feature_dimension, d.output_spatial_dimensions) =
                dims(&mut p, 'b', 'f')?;
            if !p.done() {
                return Err("expected '>'".into());
            }
            return Ok(d);
        }
        let body = body.trim().strip_prefix("raw").unwrap_or(body);
        const KEYS: [&str; 9] = [
            "input_batch_dimension",
            "input_feature_dimension",
            "input_spatial_dimensions",
            "kernel_input_feature_dimension",
            "kernel_output_feature_dimension",
            "kernel_spatial_dimensions",
            "output_batch_dimension",
            "output_feature_dimension",
            "output_spatial_dimensions",
        ];
        parse_struct(body, &KEYS, "convolution dimension numbers", |k, p| {
            match k {
                "input_batch_dimension" => d.input_batch_dimension = p.int()?,
                "input_feature_dimension" => d.input_feature_dimension = p.int()?,
                "input_spatial_dimensions" => d.input_spatial_dimensions = p.ints()?,
                "kernel_input_feature_dimension" => d.kernel_input_feature_dimension = p.int()?,
                "kernel_output_feature_dimension" => d.kernel_output_feature_dimension = p.int()?,
                "kernel_spatial_dimensions" => d.kernel_spatial_dimensions = p.ints()?,
                "output_batch_dimension" => d.output_batch_dimension = p.int()?,
                "output_feature_dimension" => d.output_feature_dimension = p.int()?,
                _ => d.output_spatial_dimensions = p.ints()?,
            }
            Ok(())
        })?;
        Ok(d)
    }
    /// Parse `#stablehlo.conv<...>`.
    pub fn parse_from_attr(ctx: &Context, a: Attribute) -> Result<Self, String> {
        Self::parse_body(expect_mnemonic(ctx, a, "conv")?)
    }
    /// The compact form `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`.
    pub fn compact(&self) -> String {
        fn one(x: i64, xc: char, y: i64, yc: char, sp: &[i64]) -> String {
            let n = sp.len() + 2;
            let mut v = vec![String::from("?"); n];
            if (0..n as i64).contains(&x) {
                v[x as usize] = xc.to_string();
            }
            if (0..n as i64).contains(&y) {
                v[y as usize] = yc.to_string();
            }
            for (i, s) in sp.iter().enumerate() {
                if (0..n as i64).contains(s) {
                    v[*s as usize] = i.to_string();
                }
            }
            format!("[{}]", v.join(", "))
        }
        format!(
            "{}x{}->{}",
            one(self.input_batch_dimension, 'b', self.input_feature_dimension, 'f', &self.input_spatial_dimensions),
            one(
                self.kernel_input_feature_dimension,
                'i',
                self.kernel_output_feature_dimension,
                'o',
                &self.kernel_spatial_dimensions
            ),
            one(self.output_batch_dimension, 'b', self.output_feature_dimension, 'f', &self.output_spatial_dimensions)
        )
    }
    /// The canonical body text (`mnemonic<...>`).
    pub fn body(&self) -> String {
        format!("conv<{}>", self.compact())
    }
    /// The canonical attribute.
    pub fn to_attr(&self, ctx: &mut Context) -> Attribute {
        pretty(ctx, self.body())
    }
}

/// `#stablehlo.channel_handle<handle = 1, type = 0>`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChannelHandle {
    /// Channel id.
    pub handle: i64,
    /// Channel type: 0 invalid, 1 device-to-device, 2 device-to-host, 3 host-to-device.
    pub ty: i64,
}

impl ChannelHandle {
    /// `DEVICE_TO_DEVICE`
    pub const DEVICE_TO_DEVICE: i64 = 1;
    /// `DEVICE_TO_HOST`
    pub const DEVICE_TO_HOST: i64 = 2;
    /// `HOST_TO_DEVICE`
    pub const HOST_TO_DEVICE: i64 = 3;
    /// Parse `#stablehlo.channel_handle<...>`.
    pub fn parse_from_attr(ctx: &Context, a: Attribute) -> Result<Self, String> {
        Self::parse_body_at(expect_mnemonic(ctx, a, "channel_handle")?).map_err(String::from)
    }
    /// Parse the struct body, with the errors' byte offsets into `body`.
    pub fn parse_body_at(body: &str) -> Result<Self, BodyParseError> {
        let mut c = Self::default();
        parse_struct(body, &["handle", "type"], "channel handle", |k, p| {
            if k == "handle" {
                c.handle = p.int()?
            } else {
                c.ty = p.int()?
            }
            Ok(())
        })?;
        Ok(c)
    }
    /// The canonical body text (`mnemonic<...>`).
    pub fn body(&self) -> String {
        format!("channel_handle<handle = {}, type = {}>", self.handle, self.ty)
    }
    /// The canonical attribute.
    pub fn to_attr(&self, ctx: &mut Context) -> Attribute {
        pretty(ctx, self.body())
    }
}

/// `#stablehlo.result_accuracy<atol = 0.0, rtol = 0.0, ulps = 0, mode = #stablehlo.result_accuracy_mode<DEFAULT>>`.
#[derive(Clone, Debug, PartialEq)]
#[allow(missing_docs)]
pub struct ResultAccuracy {
    pub atol: f64,
    pub rtol: f64,
    pub ulps: i64,
    pub mode: ResultAccuracyMode,
}

impl ResultAccuracy {
    /// Parse `#stablehlo.result_accuracy<...>`.
    pub fn parse_from_attr(ctx: &Context, a: Attribute) -> Result<Self, String> {
        Self::parse_body_at(expect_mnemonic(ctx, a, "result_accuracy")?).map_err(String::from)
    }
    /// Parse the struct body, with the errors' byte offsets into `body`.
    pub fn parse_body_at(body: &str) -> Result<Self, BodyParseError> {
        let mut r = ResultAccuracy { atol: 0.0, rtol: 0.0, ulps: 0, mode: ResultAccuracyMode::DEFAULT };
        parse_struct(body, &["atol", "rtol", "ulps", "mode"], "result accuracy", |k, p| {
            match k {
                "atol" => r.atol = p.float()?,
                "rtol" => r.rtol = p.float()?,
                "ulps" => r.ulps = p.int()?,
                _ => {
                    let n = p.nested()?;
                    let inner = n
                        .strip_prefix("#stablehlo.result_accuracy_mode<")
                        .and_then(|s| s.strip_suffix('>'))
                        .ok_or_else(|| format!("invalid result accuracy mode {n}"))?;
                    r.mode = ResultAccuracyMode::from_str(inner.trim())
                        .ok_or_else(|| format!("invalid result accuracy mode {inner}"))?;
                }
            }
            Ok(())
        })?;
        Ok(r)
    }
    /// StableHLO's `ResultAccuracyAttr::verify`.
    pub fn verify(&self) -> Result<(), String> {
        if self.mode == ResultAccuracyMode::HIGHEST && (self.atol != 0.0 || self.rtol != 0.0 || self.ulps != 0) {
            return Err("Invalid tolerances for ResultAccuracyAttr with mode HIGHEST, must be all zero.".into());
        }
        if self.atol < 0.0 || self.rtol < 0.0 || self.ulps < 0 {
            return Err("Negative tolerance".into());
        }
        Ok(())
    }
    /// The canonical body text (`mnemonic<...>`).
    pub fn body(&self) -> String {
        format!(
            "result_accuracy<atol = {}, rtol = {}, ulps = {}, mode = #stablehlo.result_accuracy_mode<{}>>",
            fmt_float(self.atol),
            fmt_float(self.rtol),
            self.ulps,
            self.mode.as_str()
        )
    }
    /// The canonical attribute.
    pub fn to_attr(&self, ctx: &mut Context) -> Attribute {
        pretty(ctx, self.body())
    }
}

/// `#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = [1]>`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[allow(missing_docs)]
pub struct OutputOperandAlias {
    pub output_tuple_indices: Vec<i64>,
    pub operand_index: i64,
    pub operand_tuple_indices: Vec<i64>,
}

impl OutputOperandAlias {
    /// Parse `#stablehlo.output_operand_alias<...>`.
    pub fn parse_from_attr(ctx: &Context, a: Attribute) -> Result<Self, String> {
        Self::parse_body_at(expect_mnemonic(ctx, a, "output_operand_alias")?).map_err(String::from)
    }
    /// Parse the struct body, with the errors' byte offsets into `body`.
    pub fn parse_body_at(body: &str) -> Result<Self, BodyParseError> {
        let mut r = Self::default();
        parse_struct(
            body,
            &["output_tuple_indices", "operand_index", "operand_tuple_indices"],
            "output operand alias",
            |k, p| {
                match k {
                    "output_tuple_indices" => r.output_tuple_indices = p.ints()?,
                    "operand_index" => r.operand_index = p.int()?,
                    _ => r.operand_tuple_indices = p.ints()?,
                }
                Ok(())
            },
        )?;
        Ok(r)
    }
    /// The canonical body text (`mnemonic<...>`).
    pub fn body(&self) -> String {
        format!(
            "output_operand_alias<output_tuple_indices = {}, operand_index = {}, operand_tuple_indices = {}>",
            list(&self.output_tuple_indices),
            self.operand_index,
            list(&self.operand_tuple_indices)
        )
    }
    /// The canonical attribute.
    pub fn to_attr(&self, ctx: &mut Context) -> Attribute {
        pretty(ctx, self.body())
    }
}

/// `#stablehlo.type_extensions<bounds = [4, ?]>`: tensor encoding for bounded dynamism.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TypeExtensions {
    /// One bound per dimension ([`DYN`] for none).
    pub bounds: Vec<i64>,
}

impl TypeExtensions {
    /// Parse `#stablehlo.type_extensions<bounds = [...]>` or its short form
    /// `#stablehlo.bounds<4, ?>` (what StableHLO prints).
    pub fn parse_from_attr(ctx: &Context, a: Attribute) -> Result<Self, String> {
        let (m, rest) = split_body(ctx, a)?;
        if m == "bounds" {
            return Self::parse_bounds_list(rest);
        }
        Self::parse_body_at(expect_mnemonic(ctx, a, "type_extensions")?).map_err(String::from)
    }
    /// Parse the body of `#stablehlo.bounds<4, ?>`: one bound per dimension, `?` for none.
    pub fn parse_bounds_list(rest: &str) -> Result<Self, String> {
        let rest = rest.trim();
        if rest.is_empty() {
            return Ok(Self::default());
        }
        let bounds = rest
            .split(',')
            .map(|x| match x.trim() {
                "?" => Ok(DYN),
                t => t.parse::<i64>().map_err(|_| format!("expected a bound or '?', got '{t}'")),
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self { bounds })
    }
    /// Parse the struct body, with the errors' byte offsets into `body`.
    pub fn parse_body_at(body: &str) -> Result<Self, BodyParseError> {
        let mut r = Self::default();
        parse_struct(body, &["bounds"], "type extensions", |_, p| {
            r.bounds = p.ints()?;
            Ok(())
        })?;
        Ok(r)
    }
    /// The canonical body text (`mnemonic<...>`).
    pub fn body(&self) -> String {
        format!("type_extensions<bounds = {}>", list(&self.bounds))
    }
    /// The canonical attribute.
    pub fn to_attr(&self, ctx: &mut Context) -> Attribute {
        pretty(ctx, self.body())
    }
}

/// The `stablehlo` dialect's attribute-body hook ([`strata_ir::dialect::SymbolBodyFn`]), what
/// StableHLO's attribute parsers do: struct attributes are parsed (errors at their place, with
/// StableHLO's messages, e.g. "duplicated `index_vector_dim` entry" then "failed parsing
/// scatter dimension numbers"), attributes with a verifier are verified (`dot_algorithm`,
/// `result_accuracy`), and those whose printed form is fixed get it (fields in declaration
/// order, empty lists omitted). Other bodies are kept as written.
pub fn canonical_attr_body(body: &str, opaque: bool) -> Result<Option<String>, Vec<strata_ir::dialect::BodyError>> {
    use strata_ir::dialect::BodyError;
    if opaque {
        return Ok(None);
    }
    let (Some(lt), true) = (body.find('<'), body.ends_with('>')) else { return Ok(None) };
    let (mnemonic, inner, inner_off) = (&body[..lt], &body[lt + 1..body.len() - 1], lt + 1);
    let at = |e: BodyParseError| -> Vec<BodyError> {
        e.shifted(inner_off).0.into_iter().map(|(o, m)| BodyError { offset: Some(o), message: m }).collect()
    };
    let whole = |m: String| vec![BodyError { offset: Some(lt), message: m }];
    let canonical = match mnemonic {
        "gather" => GatherDimensionNumbers::parse_body_at(inner).map_err(at)?.body(),
        "scatter" => ScatterDimensionNumbers::parse_body_at(inner).map_err(at)?.body(),
        "dot" => DotDimensionNumbers::parse_body_at(inner).map_err(at)?.body(),
        "dot_algorithm" => {
            let d = DotAlgorithm::parse_body_at(inner).map_err(at)?;
            d.verify().map_err(whole)?;
            d.body()
        }
        "output_operand_alias" => OutputOperandAlias::parse_body_at(inner).map_err(at)?.body(),
        "channel_handle" => ChannelHandle::parse_body_at(inner).map_err(at)?.body(),
        "type_extensions" => TypeExtensions::parse_body_at(inner).map_err(at)?.body(),
        "result_accuracy" => {
            ResultAccuracy::parse_body_at(inner).map_err(at)?.verify().map_err(whole)?;
            return Ok(None);
        }
        _ => return Ok(None),
    };
    Ok(Some(canonical))
}

/// The `stablehlo` dialect's typed-payload hook ([`strata_ir::dialect::PayloadFn`]): every
/// `#stablehlo...` attribute is parsed once, when interned, into its typed value
/// ([`ComparisonDirection`], [`GatherDimensionNumbers`], ...; `type_extensions` into the IR's
/// [`DimBounds`](strata_ir::view::DimBounds)), which typed views and passes read with
/// [`Context::typed_attr`] — never re-parsing the text.
pub fn attr_payload(body: &str, opaque: bool) -> Option<std::rc::Rc<dyn std::any::Any>> {
    use std::rc::Rc;
    let (m, rest) = split_body_text(body, opaque).ok()?;
    fn rc<T: 'static>(v: T) -> Option<Rc<dyn std::any::Any>> {
        Some(Rc::new(v))
    }
    match m {
        "gather" => rc(GatherDimensionNumbers::parse_body(rest).ok()?),
        "scatter" => rc(ScatterDimensionNumbers::parse_body(rest).ok()?),
        "dot" => rc(DotDimensionNumbers::parse_body_at(rest).ok()?),
        "dot_algorithm" => rc(DotAlgorithm::parse_body_at(rest).ok()?),
        "conv" => rc(ConvDimensionNumbers::parse_body(rest).ok()?),
        "channel_handle" => rc(ChannelHandle::parse_body_at(rest).ok()?),
        "result_accuracy" => rc(ResultAccuracy::parse_body_at(rest).ok()?),
        "output_operand_alias" => rc(OutputOperandAlias::parse_body_at(rest).ok()?),
        "type_extensions" => rc(strata_ir::view::DimBounds(TypeExtensions::parse_body_at(rest).ok()?.bounds)),
        "bounds" => rc(strata_ir::view::DimBounds(TypeExtensions::parse_bounds_list(rest).ok()?.bounds)),
        "comparison_direction" => rc(ComparisonDirection::from_str(rest)?),
        "comparison_type" => rc(ComparisonType::from_str(rest)?),
        "precision" => rc(Precision::from_str(rest)?),
        "fft_type" => rc(FftType::from_str(rest)?),
        "rng_algorithm" => rc(RngAlgorithm::from_str(rest)?),
        "rng_distribution" => rc(RngDistribution::from_str(rest)?),
        "transpose" => rc(Transpose::from_str(rest)?),
        "result_accuracy_mode" => rc(ResultAccuracyMode::from_str(rest)?),
        "custom_call_api_version" => rc(CustomCallApiVersion::from_str(rest)?),
        _ => None,
    }
}

impl strata_ir::DialectPayload for GatherDimensionNumbers {}
impl strata_ir::DialectPayload for ScatterDimensionNumbers {}
impl strata_ir::DialectPayload for DotDimensionNumbers {}
impl strata_ir::DialectPayload for DotAlgorithm {}
impl strata_ir::DialectPayload for ConvDimensionNumbers {}
impl strata_ir::DialectPayload for ChannelHandle {}
impl strata_ir::DialectPayload for ResultAccuracy {}
impl strata_ir::DialectPayload for OutputOperandAlias {}
impl strata_ir::DialectPayload for ComparisonDirection {}
impl strata_ir::DialectPayload for ComparisonType {}
impl strata_ir::DialectPayload for Precision {}
impl strata_ir::DialectPayload for FftType {}
impl strata_ir::DialectPayload for RngAlgorithm {}
impl strata_ir::DialectPayload for RngDistribution {}
impl strata_ir::DialectPayload for Transpose {}
impl strata_ir::DialectPayload for ResultAccuracyMode {}
impl strata_ir::DialectPayload for CustomCallApiVersion {}

/// Validate any `#stablehlo...` attribute body (for parsers: StableHLO rejects malformed
/// dialect attributes at parse time). Unknown mnemonics are an error.
pub fn validate(ctx: &Context, a: Attribute) -> Result<(), String> {
    let (m, _) = split_body(ctx, a)?;
    match m {
        "gather" => GatherDimensionNumbers::parse_from_attr(ctx, a).map(drop),
        "scatter" => ScatterDimensionNumbers::parse_from_attr(ctx, a).map(drop),
        "dot" => DotDimensionNumbers::parse_from_attr(ctx, a).map(drop),
        "dot_algorithm" => DotAlgorithm::parse_from_attr(ctx, a).map(drop),
        "conv" => ConvDimensionNumbers::parse_from_attr(ctx, a).map(drop),
        "channel_handle" => ChannelHandle::parse_from_attr(ctx, a).map(drop),
        "result_accuracy" => ResultAccuracy::parse_from_attr(ctx, a).and_then(|r| r.verify()),
        "output_operand_alias" => OutputOperandAlias::parse_from_attr(ctx, a).map(drop),
        "type_extensions" => TypeExtensions::parse_from_attr(ctx, a).map(drop),
        "comparison_direction" => ComparisonDirection::parse_from_attr(ctx, a).map(drop),
        "comparison_type" => ComparisonType::parse_from_attr(ctx, a).map(drop),
        "precision" => Precision::parse_from_attr(ctx, a).map(drop),
        "fft_type" => FftType::parse_from_attr(ctx, a).map(drop),
        "rng_algorithm" => RngAlgorithm::parse_from_attr(ctx, a).map(drop),
        "rng_distribution" => RngDistribution::parse_from_attr(ctx, a).map(drop),
        "transpose" => Transpose::parse_from_attr(ctx, a).map(drop),
        "result_accuracy_mode" => ResultAccuracyMode::parse_from_attr(ctx, a).map(drop),
        "custom_call_api_version" => CustomCallApiVersion::parse_from_attr(ctx, a).map(drop),
        other => Err(format!("unknown attribute `{other}` in dialect `stablehlo`")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attr(ctx: &mut Context, body: &str, opaque_form: bool) -> Attribute {
        let d = ctx.sym("stablehlo");
        ctx.intern_attr(AttrKind::Dialect { dialect: d, body: body.into(), opaque: opaque_form })
    }

    fn body(ctx: &Context, a: Attribute) -> String {
        match ctx.attr_kind(a) {
            AttrKind::Dialect { body, .. } => body.clone(),
            _ => unreachable!(),
        }
    }

    #[test]
    fn gather_roundtrip() {
        let mut ctx = Context::new();
        let a = attr(&mut ctx, "gather<\n collapsed_slice_dims = [0],\n index_vector_dim = 1,\n offset_dims = [1],\n start_index_map = [0],\n >", false);
        let g = GatherDimensionNumbers::parse_from_attr(&ctx, a).unwrap();
        let b = g.to_attr(&mut ctx);
        assert_eq!(
            body(&ctx, b),
            "gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>"
        );
    }

    #[test]
    fn scatter_errors() {
        let e = ScatterDimensionNumbers::parse_body("index_vector_dim = 1,\n index_vector_dim = 1,").unwrap_err();
        assert_eq!(e, "duplicated `index_vector_dim` entry\nfailed parsing scatter dimension numbers");
        let e = DotDimensionNumbers::parse_body("rhs_batching_dimensions = [1] rhs_contracting_dimensions = [3]")
            .unwrap_err();
        assert_eq!(e, "expected '>'\nfailed parsing dot dimension numbers");
        let e = DotDimensionNumbers::parse_body("foo = [0]").unwrap_err();
        assert!(e.starts_with("expected one of: `lhs_batching_dimensions`, `rhs_batching_dimensions`"));
    }

    #[test]
    fn conv_compact() {
        let d = ConvDimensionNumbers::parse_body("[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]").unwrap();
        assert_eq!(d.input_batch_dimension, 0);
        assert_eq!(d.input_feature_dimension, 3);
        assert_eq!(d.kernel_input_feature_dimension, 2);
        assert_eq!(d.kernel_spatial_dimensions, vec![0, 1]);
        assert_eq!(d.compact(), "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]");
    }

    #[test]
    fn enums_and_accuracy() {
        let mut ctx = Context::new();
        let a = attr(&mut ctx, "comparison_direction LT", true);
        assert_eq!(ComparisonDirection::parse_from_attr(&ctx, a).unwrap(), ComparisonDirection::LT);
        assert_eq!(ComparisonDirection::LT.to_attr(&mut ctx), a);
        let r = attr(
            &mut ctx,
            "result_accuracy<atol = 1.0, rtol = 0.0, ulps = 4, mode = #stablehlo.result_accuracy_mode<HIGHEST>>",
            false,
        );
        let r = ResultAccuracy::parse_from_attr(&ctx, r).unwrap();
        assert_eq!(r.mode, ResultAccuracyMode::HIGHEST);
        assert!(r.verify().unwrap_err().starts_with("Invalid tolerances"));
        let c = attr(&mut ctx, "channel_handle<\n handle = 5,\n type = 1  // Device to device channel\n >", false);
        assert_eq!(ChannelHandle::parse_from_attr(&ctx, c).unwrap(), ChannelHandle { handle: 5, ty: 1 });
        let t = attr(&mut ctx, "type_extensions<bounds = [3, ?]>", false);
        assert_eq!(TypeExtensions::parse_from_attr(&ctx, t).unwrap().bounds, vec![3, DYN]);
    }
}
