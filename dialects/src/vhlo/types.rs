//! VHLO types (StableHLO's `VhloTypes.td`): versioned copies of the builtin types StableHLO
//! uses (`!vhlo.tensor_v1<2x!vhlo.f32_v1>`, `!vhlo.i64_v1`, `!vhlo.token_v1`, ...), their
//! textual form (as `stablehlo-opt` prints it), and the conversion to and from builtin and
//! StableHLO types (`VhloTypeConverter`).
//!
//! In the IR a VHLO type is a dialect type of `vhlo` whose body is the text after `!vhlo.`;
//! [`VType`] is its structure.

use strata_ir::{Context, FloatKind, Signedness, Type, TypeKind, DYNAMIC};

/// The structure of a VHLO type.
#[derive(Clone, Debug, PartialEq)]
pub enum VType {
    /// `bool_v1` (builtin `i1`).
    Bool,
    /// `iN_v1` / `uiN_v1` (N in 2, 4, 8, 16, 32, 64).
    Int {
        /// Width.
        width: u32,
        /// `ui` when true.
        unsigned: bool,
    },
    /// A float type (`f32_v1`, `bf16_v1`, `f8E4M3FN_v1`, `tf32_v1`, ...).
    Float(FloatKind),
    /// `index_v1`.
    Index,
    /// `none_v1`.
    None,
    /// `token_v1`.
    Token,
    /// `witness_v1` (shape dialect's witness).
    Witness,
    /// `complex_v1<T>`.
    Complex(Box<VType>),
    /// `tensor_v1<2x?xT, encoding>`.
    Tensor {
        /// Dimensions ([`DYNAMIC`] for `?`).
        shape: Vec<i64>,
        /// Element type.
        element: Box<VType>,
        /// Encoding: the text of a VHLO attribute (`#vhlo.type_extensions_v1<...>`).
        encoding: Option<String>,
    },
    /// `unranked_tensor_v1<T>`.
    UnrankedTensor(Box<VType>),
    /// `tuple_v1<A, B>`.
    Tuple(Vec<VType>),
    /// `func_v1<(A) -> B>`.
    Func {
        /// Inputs.
        inputs: Vec<VType>,
        /// Outputs.
        outputs: Vec<VType>,
    },
    /// `buffer_v1<2xT>` (ranked buffers of custom calls, 1.13.0).
    Buffer {
        /// Dimensions.
        shape: Vec<i64>,
        /// Element type.
        element: Box<VType>,
    },
}

/// Name of a float kind in VHLO (`f8E4M3FN` → `f8E4M3FN_v1`).
fn float_name(k: FloatKind) -> &'static str {
    k.mlir_name()
}

impl VType {
    /// The text after `!vhlo.`.
    pub fn body(&self) -> String {
        match self {
            VType::Bool => "bool_v1".into(),
            VType::Int { width, unsigned } => format!("{}i{width}_v1", if *unsigned { "u" } else { "" }),
            VType::Float(k) => format!("{}_v1", float_name(*k)),
            VType::Index => "index_v1".into(),
            VType::None => "none_v1".into(),
            VType::Token => "token_v1".into(),
            VType::Witness => "witness_v1".into(),
            VType::Complex(e) => format!("complex_v1<{}>", e.text()),
            VType::Tensor { shape, element, encoding } => {
                let mut s = String::from("tensor_v1<");
                push_shape(&mut s, shape);
                s.push_str(&element.text());
                if let Some(e) = encoding {
                    s.push_str(", ");
                    s.push_str(e);
                }
                s.push('>');
                s
            }
            VType::UnrankedTensor(e) => format!("unranked_tensor_v1<{}>", e.text()),
            VType::Tuple(v) => format!("tuple_v1<{}>", v.iter().map(|t| t.text()).collect::<Vec<_>>().join(", ")),
            // VHLO's printer: `func_v1<(A, B) -> C, D>`, an empty list printed as `()`.
            VType::Func { inputs, outputs } => {
                let l = |v: &[VType]| {
                    if v.is_empty() {
                        "()".to_string()
                    } else {
                        v.iter().map(|t| t.text()).collect::<Vec<_>>().join(", ")
                    }
                };
                format!("func_v1<({}) -> {}>", l(inputs), l(outputs))
            }
            VType::Buffer { shape, element } => {
                let mut s = String::from("buffer_v1<");
                push_shape(&mut s, shape);
                s.push_str(&element.text());
                s.push('>');
                s
            }
        }
    }

    /// The full text `!vhlo.<body>`.
    pub fn text(&self) -> String {
        format!("!vhlo.{}", self.body())
    }

    /// Intern as a `vhlo` dialect type.
    pub fn intern(&self, ctx: &mut Context) -> Type {
        ctx.dialect_type("vhlo", &self.body())
    }

    /// The structure of a `vhlo` dialect type.
    pub fn of(ctx: &Context, t: Type) -> Option<VType> {
        match ctx.type_kind(t) {
            TypeKind::Dialect { dialect, body, .. } if ctx.str(*dialect) == "vhlo" => parse_body(body),
            _ => None,
        }
    }

    /// The VHLO type of a builtin/StableHLO type (`None`: not expressible in VHLO).
    pub fn from_builtin(ctx: &Context, t: Type) -> Option<VType> {
        Some(match ctx.type_kind(t) {
            TypeKind::Integer { width: 1, signedness: Signedness::Signless } => VType::Bool,
            TypeKind::Integer { width, signedness } if matches!(width, 2 | 4 | 8 | 16 | 32 | 64) => match signedness {
                Signedness::Signless => VType::Int { width: *width, unsigned: false },
                Signedness::Unsigned => VType::Int { width: *width, unsigned: true },
                Signedness::Signed => return None,
            },
            TypeKind::Integer { .. } => return None,
            TypeKind::Float(FloatKind::F80 | FloatKind::F128) => return None,
            TypeKind::Float(k) => VType::Float(*k),
            TypeKind::Index => VType::Index,
            TypeKind::None => VType::None,
            TypeKind::Complex(e) => VType::Complex(Box::new(VType::from_builtin(ctx, *e)?)),
            TypeKind::RankedTensor { shape, element, encoding } => {
                let encoding = match encoding {
                    None => None,
                    Some(a) => Some(super::attrs::encoding_to_vhlo(ctx, *a)?),
                };
                VType::Tensor { shape: shape.clone(), element: Box::new(VType::from_builtin(ctx, *element)?), encoding }
            }
            TypeKind::UnrankedTensor { element } => {
                VType::UnrankedTensor(Box::new(VType::from_builtin(ctx, *element)?))
            }
            TypeKind::Tuple(v) => VType::Tuple(v.iter().map(|t| VType::from_builtin(ctx, *t)).collect::<Option<_>>()?),
            TypeKind::Function { inputs, results } => VType::Func {
                inputs: inputs.iter().map(|t| VType::from_builtin(ctx, *t)).collect::<Option<_>>()?,
                outputs: results.iter().map(|t| VType::from_builtin(ctx, *t)).collect::<Option<_>>()?,
            },
            TypeKind::MemRef { shape, element, layout: None, memory_space: None } => {
                VType::Buffer { shape: shape.clone(), element: Box::new(VType::from_builtin(ctx, *element)?) }
            }
            TypeKind::Dialect { dialect, body, .. } => match (ctx.str(*dialect), body.as_str()) {
                ("stablehlo", "token") => VType::Token,
                ("shape", "witness") => VType::Witness,
                _ => return None,
            },
            _ => return None,
        })
    }

    /// The builtin/StableHLO type of this VHLO type.
    pub fn to_builtin(&self, ctx: &mut Context) -> Option<Type> {
        Some(match self {
            VType::Bool => ctx.int_type(1),
            VType::Int { width, unsigned } => {
                ctx.integer_type(*width, if *unsigned { Signedness::Unsigned } else { Signedness::Signless })
            }
            VType::Float(k) => ctx.float_type(*k),
            VType::Index => ctx.index_type(),
            VType::None => ctx.none_type(),
            VType::Token => ctx.dialect_type("stablehlo", "token"),
            VType::Witness => ctx.dialect_type("shape", "witness"),
            VType::Complex(e) => {
                let e = e.to_builtin(ctx)?;
                ctx.complex_type(e)
            }
            VType::Tensor { shape, element, encoding } => {
                let element = element.to_builtin(ctx)?;
                let encoding = match encoding {
                    None => None,
                    Some(e) => Some(super::attrs::encoding_from_vhlo(ctx, e)?),
                };
                ctx.intern_type(TypeKind::RankedTensor { shape: shape.clone(), element, encoding })
            }
            VType::UnrankedTensor(e) => {
                let element = e.to_builtin(ctx)?;
                ctx.intern_type(TypeKind::UnrankedTensor { element })
            }
            VType::Tuple(v) => {
                let v = v.iter().map(|t| t.to_builtin(ctx)).collect::<Option<Vec<_>>>()?;
                ctx.tuple_type(v)
            }
            VType::Func { inputs, outputs } => {
                let i = inputs.iter().map(|t| t.to_builtin(ctx)).collect::<Option<Vec<_>>>()?;
                let o = outputs.iter().map(|t| t.to_builtin(ctx)).collect::<Option<Vec<_>>>()?;
                ctx.function_type(i, o)
            }
            VType::Buffer { shape, element } => {
                let element = element.to_builtin(ctx)?;
                ctx.intern_type(TypeKind::MemRef { shape: shape.clone(), element, layout: None, memory_space: None })
            }
        })
    }

    /// The StableHLO version in which this type appeared (for `vhlo-to-version`).
    pub fn min_version(&self) -> super::Version {
        use super::Version as V;
        match self {
            VType::Float(FloatKind::F8E4M3FNUZ | FloatKind::F8E5M2FNUZ) => V(0, 10, 0),
            VType::Float(FloatKind::F8E4M3B11FNUZ) => V(0, 11, 0),
            VType::Int { width: 2, .. } => V(1, 2, 0),
            VType::Float(FloatKind::F8E4M3 | FloatKind::F8E3M4) => V(1, 7, 0),
            VType::Float(FloatKind::F4E2M1FN | FloatKind::F6E2M3FN | FloatKind::F6E3M2FN | FloatKind::F8E8M0FNU) => {
                V(1, 8, 0)
            }
            VType::Buffer { element, .. } => V(1, 13, 0).max(element.min_version()),
            VType::Complex(e) | VType::UnrankedTensor(e) => e.min_version(),
            VType::Tensor { element, .. } => element.min_version(),
            VType::Tuple(v) => v.iter().map(|t| t.min_version()).max().unwrap_or(V(0, 9, 0)),
            VType::Func { inputs, outputs } => {
                inputs.iter().chain(outputs).map(|t| t.min_version()).max().unwrap_or(V(0, 9, 0))
            }
            _ => V(0, 9, 0),
        }
    }
}

fn push_shape(s: &mut String, shape: &[i64]) {
    for d in shape {
        if *d == DYNAMIC {
            s.push('?');
        } else {
            s.push_str(&d.to_string());
        }
        s.push('x');
    }
}

/// Parse a type body (the text after `!vhlo.`).
pub fn parse_body(body: &str) -> Option<VType> {
    let mut p = P { s: body.as_bytes(), i: 0 };
    let t = p.body()?;
    (p.i == p.s.len()).then_some(t)
}

/// Parse a full VHLO type text (`!vhlo.tensor_v1<...>`).
pub fn parse_text(text: &str) -> Option<VType> {
    let mut p = P { s: text.as_bytes(), i: 0 };
    let t = p.full()?;
    (p.i == p.s.len()).then_some(t)
}

struct P<'a> {
    s: &'a [u8],
    i: usize,
}

impl P<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i] == b' ' {
            self.i += 1;
        }
    }
    fn eat(&mut self, t: &str) -> bool {
        self.ws();
        if self.s[self.i..].starts_with(t.as_bytes()) {
            self.i += t.len();
            true
        } else {
            false
        }
    }
    fn ident(&mut self) -> &str {
        let start = self.i;
        while self.i < self.s.len() && (self.s[self.i].is_ascii_alphanumeric() || self.s[self.i] == b'_') {
            self.i += 1;
        }
        std::str::from_utf8(&self.s[start..self.i]).unwrap_or("")
    }
    fn full(&mut self) -> Option<VType> {
        self.ws();
        if !self.eat("!vhlo.") {
            return None;
        }
        self.body()
    }
    fn list(&mut self, close: &str) -> Option<Vec<VType>> {
        let mut v = Vec::new();
        if self.eat(close) {
            return Some(v);
        }
        loop {
            v.push(self.full()?);
            if self.eat(close) {
                return Some(v);
            }
            if !self.eat(",") {
                return None;
            }
        }
    }
    fn shape_and_element(&mut self) -> Option<(Vec<i64>, VType)> {
        let mut shape = Vec::new();
        loop {
            self.ws();
            if self.eat("?x") {
                shape.push(DYNAMIC);
                continue;
            }
            let start = self.i;
            while self.i < self.s.len() && self.s[self.i].is_ascii_digit() {
                self.i += 1;
            }
            if self.i > start {
                let n: i64 = std::str::from_utf8(&self.s[start..self.i]).ok()?.parse().ok()?;
                if !self.eat("x") {
                    return None;
                }
                shape.push(n);
                continue;
            }
            break;
        }
        Some((shape, self.full()?))
    }
    fn body(&mut self) -> Option<VType> {
        let name = self.ident().to_string();
        let base = name.strip_suffix("_v1")?;
        Some(match base {
            "bool" => VType::Bool,
            "index" => VType::Index,
            "none" => VType::None,
            "token" => VType::Token,
            "witness" => VType::Witness,
            "complex" => {
                if !self.eat("<") {
                    return None;
                }
                let e = self.full()?;
                if !self.eat(">") {
                    return None;
                }
                VType::Complex(Box::new(e))
            }
            "tensor" | "buffer" => {
                if !self.eat("<") {
                    return None;
                }
                let (shape, element) = self.shape_and_element()?;
                let mut encoding = None;
                if self.eat(",") {
                    self.ws();
                    // The encoding runs to the matching '>'.
                    let start = self.i;
                    let mut depth = 0i32;
                    while self.i < self.s.len() {
                        match self.s[self.i] {
                            b'<' => depth += 1,
                            b'>' if depth == 0 => break,
                            b'>' => depth -= 1,
                            _ => {}
                        }
                        self.i += 1;
                    }
                    encoding = Some(std::str::from_utf8(&self.s[start..self.i]).ok()?.trim_end().to_string());
                }
                if !self.eat(">") {
                    return None;
                }
                if base == "buffer" {
                    VType::Buffer { shape, element: Box::new(element) }
                } else {
                    VType::Tensor { shape, element: Box::new(element), encoding }
                }
            }
            "unranked_tensor" => {
                if !self.eat("<") {
                    return None;
                }
                let e = self.full()?;
                if !self.eat(">") {
                    return None;
                }
                VType::UnrankedTensor(Box::new(e))
            }
            "tuple" => {
                if !self.eat("<") {
                    return None;
                }
                VType::Tuple(self.list(">")?)
            }
            "func" => {
                if !self.eat("<") || !self.eat("(") {
                    return None;
                }
                let inputs = if self.eat("())") || self.eat(")") { Vec::new() } else { self.list(")")? };
                if !self.eat("->") {
                    return None;
                }
                let outputs = if self.eat("()") {
                    Vec::new()
                } else if self.eat("(") {
                    self.list(")")?
                } else {
                    let mut v = vec![self.full()?];
                    while self.eat(",") {
                        v.push(self.full()?);
                    }
                    v
                };
                if !self.eat(">") {
                    return None;
                }
                VType::Func { inputs, outputs }
            }
            _ => {
                if let Some(w) = base.strip_prefix("ui").and_then(|w| w.parse::<u32>().ok()) {
                    VType::Int { width: w, unsigned: true }
                } else if let Some(w) = base.strip_prefix('i').and_then(|w| w.parse::<u32>().ok()) {
                    VType::Int { width: w, unsigned: false }
                } else {
                    VType::Float(FloatKind::from_mlir_name(base)?)
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_round_trip() {
        for s in [
            "tensor_v1<4x3x!vhlo.bf16_v1>",
            "tensor_v1<!vhlo.f32_v1>",
            "tensor_v1<?x2x!vhlo.complex_v1<!vhlo.f64_v1>>",
            "func_v1<(!vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.token_v1) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>>",
            "func_v1<(()) -> ()>",
            "func_v1<(!vhlo.i64_v1) -> !vhlo.i64_v1, !vhlo.ui8_v1>",
            "tuple_v1<!vhlo.bool_v1, !vhlo.f8E4M3FN_v1>",
            "tensor_v1<?x!vhlo.i32_v1, #vhlo.type_extensions_v1<bounds = [4]>>",
        ] {
            let t = parse_body(s).unwrap_or_else(|| panic!("{s}"));
            assert_eq!(t.body(), s);
        }
    }
}
