//! XLA's `Shape`: the element type and dimensions of an array, or a tuple of shapes.
//!
//! Shapes are what a [`ComputationBuilder`](super::ComputationBuilder) user gives for parameters
//! and what [`get_shape`](super::ComputationBuilder::get_shape) returns; they print in XLA's
//! notation (`f32[2,3]`, `(f32[], s32[10])`) and map one to one onto StableHLO types
//! (`tensor<2x3xf32>`, `tuple<tensor<f32>, tensor<10xi32>>`).

use std::fmt;
use std::str::FromStr;

use strata_ir::{Context, Type, TypeKind};

use crate::eval::{element_type_of, ir_element_type};
use strata_reference::value::{ElementType, Tensor};

/// The shape of a value: an array (element type and static dimensions), a tuple or a token.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// An array: `f32[2,3]`; a scalar has no dimensions (`f32[]`).
    Array {
        /// The element type (XLA's `PrimitiveType`).
        element: ElementType,
        /// Dimension sizes, major to minor.
        dims: Vec<i64>,
    },
    /// A tuple of shapes: `(f32[], s32[10])`.
    Tuple(Vec<Shape>),
    /// A token (`!stablehlo.token`).
    Token,
}

impl Shape {
    /// An array shape.
    pub fn array(element: ElementType, dims: &[i64]) -> Shape {
        Shape::Array { element, dims: dims.to_vec() }
    }

    /// A scalar (rank-0 array) shape.
    pub fn scalar(element: ElementType) -> Shape {
        Shape::Array { element, dims: Vec::new() }
    }

    /// A tuple shape.
    pub fn tuple(elements: Vec<Shape>) -> Shape {
        Shape::Tuple(elements)
    }

    /// The shape of a tensor (XLA's `literal.shape()`).
    pub fn of(t: &Tensor) -> Shape {
        Shape::array(t.element_type(), t.shape())
    }

    /// The element type of an array shape.
    pub fn element_type(&self) -> Option<ElementType> {
        match self {
            Shape::Array { element, .. } => Some(*element),
            _ => None,
        }
    }

    /// The dimensions of an array shape (empty for scalars, tuples and tokens).
    pub fn dims(&self) -> &[i64] {
        match self {
            Shape::Array { dims, .. } => dims,
            _ => &[],
        }
    }

    /// The rank of an array shape (0 for tuples and tokens).
    pub fn rank(&self) -> usize {
        self.dims().len()
    }

    /// Whether this is an array shape.
    pub fn is_array(&self) -> bool {
        matches!(self, Shape::Array { .. })
    }

    /// Whether this is a rank-0 array.
    pub fn is_scalar(&self) -> bool {
        matches!(self, Shape::Array { dims, .. } if dims.is_empty())
    }

    /// Whether this is a tuple.
    pub fn is_tuple(&self) -> bool {
        matches!(self, Shape::Tuple(_))
    }

    /// The elements of a tuple shape.
    pub fn tuple_shapes(&self) -> &[Shape] {
        match self {
            Shape::Tuple(v) => v,
            _ => &[],
        }
    }

    /// The same dimensions with another element type.
    pub fn with_element_type(&self, element: ElementType) -> Shape {
        Shape::Array { element, dims: self.dims().to_vec() }
    }

    /// Number of elements of an array shape (1 for scalars).
    pub fn num_elements(&self) -> i64 {
        self.dims().iter().product()
    }

    /// The StableHLO type of this shape: `tensor<2x3xf32>`, `tuple<...>`, `!stablehlo.token`.
    pub fn to_type(&self, ctx: &mut Context) -> Type {
        match self {
            Shape::Array { element, dims } => {
                let e = ir_element_type(ctx, *element);
                ctx.tensor_type(dims, e)
            }
            Shape::Tuple(v) => {
                let ts = v.iter().map(|s| s.to_type(ctx)).collect();
                ctx.tuple_type(ts)
            }
            Shape::Token => ctx.dialect_type("stablehlo", "token"),
        }
    }

    /// The shape of a StableHLO type (`None` for dynamic or unranked tensors and other types).
    pub fn from_type(ctx: &Context, t: Type) -> Option<Shape> {
        match ctx.type_kind(t) {
            TypeKind::RankedTensor { shape, element, .. } => {
                if shape.iter().any(|d| *d < 0) {
                    return None;
                }
                Some(Shape::Array { element: element_type_of(ctx, *element)?, dims: shape.clone() })
            }
            TypeKind::Tuple(ts) => {
                ts.iter().map(|t| Shape::from_type(ctx, *t)).collect::<Option<Vec<_>>>().map(Shape::Tuple)
            }
            TypeKind::Dialect { dialect, body, .. } if ctx.str(*dialect) == "stablehlo" && body == "token" => {
                Some(Shape::Token)
            }
            _ => None,
        }
    }
}

impl From<&Tensor> for Shape {
    fn from(t: &Tensor) -> Shape {
        Shape::of(t)
    }
}

impl From<&Shape> for Shape {
    fn from(s: &Shape) -> Shape {
        s.clone()
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shape::Array { element, dims } => {
                let ds: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
                write!(f, "{}[{}]", element.xla_name(), ds.join(","))
            }
            Shape::Tuple(v) => {
                let es: Vec<String> = v.iter().map(|s| s.to_string()).collect();
                write!(f, "({})", es.join(", "))
            }
            Shape::Token => f.write_str("token[]"),
        }
    }
}

/// Parses XLA's notation: `f32[2,3]`, `pred[]`, `(f32[], s32[10])`, `token[]`.
impl FromStr for Shape {
    type Err = String;

    fn from_str(s: &str) -> Result<Shape, String> {
        let s = s.trim();
        if let Some(inner) = s.strip_prefix('(') {
            let inner = inner.strip_suffix(')').ok_or_else(|| format!("unbalanced parentheses in shape `{s}`"))?;
            let mut parts = Vec::new();
            let (mut depth, mut start) = (0i32, 0usize);
            for (i, c) in inner.char_indices() {
                match c {
                    '(' | '[' => depth += 1,
                    ')' | ']' => depth -= 1,
                    ',' if depth == 0 => {
                        parts.push(&inner[start..i]);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            if !inner[start..].trim().is_empty() || !parts.is_empty() {
                parts.push(&inner[start..]);
            }
            return parts.into_iter().map(str::parse).collect::<Result<Vec<_>, _>>().map(Shape::Tuple);
        }
        if s == "token[]" || s == "token" {
            return Ok(Shape::Token);
        }
        let open = s.find('[').ok_or_else(|| format!("expected `type[dims]`, got `{s}`"))?;
        let body = s[open + 1..].strip_suffix(']').ok_or_else(|| format!("expected `]` at the end of `{s}`"))?;
        // An XLA layout suffix (`{1,0}`) is not part of a shape here.
        let element =
            ElementType::from_xla_name(&s[..open]).ok_or_else(|| format!("unknown element type `{}`", &s[..open]))?;
        let dims = if body.trim().is_empty() {
            Vec::new()
        } else {
            body.split(',')
                .map(|d| {
                    d.trim()
                        .parse::<i64>()
                        .ok()
                        .filter(|d| *d >= 0)
                        .ok_or_else(|| format!("bad dimension `{d}` in `{s}`"))
                })
                .collect::<Result<Vec<_>, _>>()?
        };
        Ok(Shape::Array { element, dims })
    }
}
