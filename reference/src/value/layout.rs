//! XLA's layout notion and shape strings, for importing and exporting
//! buffers.
//!
//! A [`Layout`] is XLA's `minor_to_major` list: an ordering of the
//! dimensions of an array, most-minor (fastest varying in linear memory)
//! first. For a `[2 x 3]` array `a b c / d e f`, `minor_to_major = [1, 0]`
//! is row-major (`a b c d e f`) and `[0, 1]` column-major (`a d b e c f`).
//! Tensors in this crate are always row-major in memory
//! (`[rank-1, …, 1, 0]`); [`Tensor::to_layout`] / [`Tensor::from_layout`]
//! convert to and from a linear buffer in any other layout.
//!
//! [`XlaShape`] reads and writes XLA's textual shapes: `f32[2,3]{1,0}`,
//! `pred[]`, `(s32[4]{0}, token[])`. Padding, tiling and dynamic dimensions
//! are not supported.

use std::fmt;
use std::str::FromStr;

use super::cursor::ByteCursor;
use super::element::ElementType;
use super::tensor::{check_permutation, num_elements, Data, Tensor};
use super::{Value, ValueError};

/// XLA's `Layout.minor_to_major`: dimension numbers from most minor to most
/// major.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    /// A permutation of `0..rank`, most-minor dimension first.
    pub minor_to_major: Vec<usize>,
}

impl Layout {
    /// A layout from its `minor_to_major` list (must be a permutation of
    /// `0..len`).
    pub fn new(minor_to_major: Vec<usize>) -> Result<Self, ValueError> {
        check_permutation(&minor_to_major, minor_to_major.len())
            .map_err(|_| ValueError::InvalidLayout(format!("{minor_to_major:?} is not a permutation")))?;
        Ok(Layout { minor_to_major })
    }

    /// Row-major (XLA's default): `[rank-1, …, 1, 0]`.
    pub fn row_major(rank: usize) -> Self {
        Layout { minor_to_major: (0..rank).rev().collect() }
    }

    /// Column-major: `[0, 1, …, rank-1]`.
    pub fn column_major(rank: usize) -> Self {
        Layout { minor_to_major: (0..rank).collect() }
    }

    /// The rank this layout is for.
    pub fn rank(&self) -> usize {
        self.minor_to_major.len()
    }

    /// Whether this is the row-major layout.
    pub fn is_row_major(&self) -> bool {
        self.minor_to_major.iter().rev().enumerate().all(|(i, &d)| i == d)
    }

    /// Dimensions from most major to most minor.
    pub fn major_to_minor(&self) -> Vec<usize> {
        self.minor_to_major.iter().rev().copied().collect()
    }

    fn check(&self, shape: &[i64]) -> Result<(), ValueError> {
        if self.rank() != shape.len() {
            return Err(ValueError::InvalidLayout(format!(
                "layout {self} has rank {}, shape {shape:?} has rank {}",
                self.rank(),
                shape.len()
            )));
        }
        check_permutation(&self.minor_to_major, shape.len())
            .map_err(|_| ValueError::InvalidLayout(format!("{:?} is not a permutation", self.minor_to_major)))?;
        num_elements(shape).map(|_| ())
    }

    /// The stride (in elements) of each logical dimension in a linear
    /// buffer of this layout: for `[2, 3]` row-major `[3, 1]`, column-major
    /// `[1, 2]`.
    pub fn strides(&self, shape: &[i64]) -> Result<Vec<usize>, ValueError> {
        self.check(shape)?;
        let mut strides = vec![0usize; shape.len()];
        let mut acc = 1usize;
        for &d in &self.minor_to_major {
            strides[d] = acc;
            acc *= shape[d] as usize;
        }
        Ok(strides)
    }

    /// The position of the element at `index` in a linear buffer of this
    /// layout, if the index is in bounds.
    pub fn linear_index(&self, shape: &[i64], index: &[i64]) -> Option<usize> {
        let strides = self.strides(shape).ok()?;
        if index.len() != shape.len() {
            return None;
        }
        let mut pos = 0usize;
        for ((&i, &d), &s) in index.iter().zip(shape).zip(&strides) {
            if i < 0 || i >= d {
                return None;
            }
            pos += i as usize * s;
        }
        Some(pos)
    }
}

impl fmt::Display for Layout {
    /// XLA's text form: `{1,0}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, d) in self.minor_to_major.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{d}")?;
        }
        f.write_str("}")
    }
}

impl FromStr for Layout {
    type Err = ValueError;
    /// Parses `{1,0}` (spaces allowed).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut p = Parser { s: s.as_bytes(), i: 0 };
        let l = p.layout()?;
        p.end()?;
        Ok(l)
    }
}

impl Tensor {
    /// The elements as a linear buffer in `layout` (the tensor itself is
    /// row-major).
    pub fn to_layout(&self, layout: &Layout) -> Result<Data, ValueError> {
        layout.check(self.shape())?;
        let dims: Vec<usize> = self.shape().iter().map(|&d| d as usize).collect();
        Ok(self.data().permuted(&dims, &layout.major_to_minor()))
    }

    /// A tensor of `shape` from a linear buffer in `layout`. Values are taken
    /// as they are (as by [`Tensor::new`]).
    pub fn from_layout(ty: ElementType, shape: &[i64], layout: &Layout, data: Data) -> Result<Tensor, ValueError> {
        layout.check(shape)?;
        let m2m = layout.major_to_minor();
        // `data` is a row-major array of the shape permuted into
        // major-to-minor order; transposing back needs the inverse.
        let physical: Vec<usize> = m2m.iter().map(|&d| shape[d] as usize).collect();
        let mut inverse = vec![0usize; m2m.len()];
        for (pos, &d) in m2m.iter().enumerate() {
            inverse[d] = pos;
        }
        let n = num_elements(shape)?;
        if data.len() != n {
            return Err(ValueError::LengthMismatch { shape: shape.to_vec(), expected: n, actual: data.len() });
        }
        Tensor::new(ty, shape.to_vec(), data.permuted(&physical, &inverse))
    }

    /// [`Tensor::to_layout`] as little-endian bytes ([`Tensor::to_bytes`]
    /// element encoding).
    pub fn to_layout_bytes(&self, layout: &Layout) -> Result<Vec<u8>, ValueError> {
        let data = self.to_layout(layout)?;
        let shape = vec![data.len() as i64];
        Ok(Tensor::new(self.element_type(), shape, data)?.to_bytes())
    }

    /// [`Tensor::from_layout`] from little-endian bytes
    /// ([`Tensor::from_bytes`] element encoding).
    pub fn from_layout_bytes(
        ty: ElementType,
        shape: &[i64],
        layout: &Layout,
        bytes: &[u8],
    ) -> Result<Tensor, ValueError> {
        layout.check(shape)?;
        let n = num_elements(shape)? as i64;
        let flat = Tensor::from_bytes(ty, &[n], bytes).map_err(|e| match e {
            ValueError::ByteLengthMismatch { ty, expected, actual, .. } => {
                ValueError::ByteLengthMismatch { ty, shape: shape.to_vec(), expected, actual }
            }
            other => other,
        })?;
        Tensor::from_layout(ty, shape, layout, flat.into_data())
    }
}

/// An XLA shape: an array with an optional layout, a tuple, or a token.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum XlaShape {
    /// A dense array.
    Array {
        /// Element type.
        element_type: ElementType,
        /// Dimension sizes.
        dims: Vec<i64>,
        /// Layout, if given.
        layout: Option<Layout>,
    },
    /// A tuple.
    Tuple(Vec<XlaShape>),
    /// A token.
    Token,
}

impl XlaShape {
    /// An array shape with the default (row-major) layout.
    pub fn array(element_type: ElementType, dims: &[i64]) -> Self {
        XlaShape::Array { element_type, dims: dims.to_vec(), layout: Some(Layout::row_major(dims.len())) }
    }

    /// The shape of a value (row-major layouts).
    pub fn of_value(v: &Value) -> Self {
        match v {
            Value::Tensor(t) => XlaShape::array(t.element_type(), t.shape()),
            Value::Tuple(vs) => XlaShape::Tuple(vs.iter().map(XlaShape::of_value).collect()),
            Value::Token => XlaShape::Token,
        }
    }
}

impl fmt::Display for XlaShape {
    /// `f32[2,3]{1,0}`, `s32[]`, `(f32[2]{0}, token[])`. Rank-0 arrays print
    /// no layout.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            XlaShape::Array { element_type, dims, layout } => {
                write!(f, "{}[", element_type.xla_name())?;
                for (i, d) in dims.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{d}")?;
                }
                f.write_str("]")?;
                match layout {
                    Some(l) if !dims.is_empty() => write!(f, "{l}"),
                    _ => Ok(()),
                }
            }
            XlaShape::Tuple(items) => {
                f.write_str("(")?;
                for (i, s) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{s}")?;
                }
                f.write_str(")")
            }
            XlaShape::Token => f.write_str("token[]"),
        }
    }
}

impl FromStr for XlaShape {
    type Err = ValueError;
    /// Parses XLA's shape text (see [`XlaShape`]'s `Display`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut p = Parser { s: s.as_bytes(), i: 0 };
        let shape = p.shape(0)?;
        p.end()?;
        Ok(shape)
    }
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl ByteCursor for Parser<'_> {
    fn bytes(&self) -> &[u8] {
        self.s
    }
    fn pos(&mut self) -> &mut usize {
        &mut self.i
    }
}

impl Parser<'_> {
    fn err(&self, msg: &str) -> ValueError {
        ValueError::Parse(format!("{msg} at offset {} in XLA shape", self.i))
    }

    fn expect(&mut self, c: u8) -> Result<(), ValueError> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(self.err(&format!("expected `{}`", c as char)))
        }
    }

    fn end(&mut self) -> Result<(), ValueError> {
        if self.peek().is_some() {
            return Err(self.err("unexpected trailing text"));
        }
        Ok(())
    }

    fn number(&mut self) -> Result<u64, ValueError> {
        self.ws();
        let start = self.i;
        while self.i < self.s.len() && self.s[self.i].is_ascii_digit() {
            self.i += 1;
        }
        if start == self.i {
            return Err(self.err("expected a number"));
        }
        std::str::from_utf8(&self.s[start..self.i])
            .ok()
            .and_then(|t| t.parse().ok())
            .ok_or_else(|| self.err("number too large"))
    }

    fn layout(&mut self) -> Result<Layout, ValueError> {
        self.expect(b'{')?;
        let mut m2m = Vec::new();
        if !self.eat(b'}') {
            loop {
                let d = self.number()?;
                m2m.push(usize::try_from(d).map_err(|_| self.err("dimension too large"))?);
                if self.eat(b',') {
                    continue;
                }
                if self.peek() == Some(b':') {
                    return Err(self.err("tiled layouts and memory spaces are not supported"));
                }
                self.expect(b'}')?;
                break;
            }
        }
        Layout::new(m2m)
    }

    fn shape(&mut self, depth: usize) -> Result<XlaShape, ValueError> {
        if depth > 64 {
            return Err(self.err("tuple nesting too deep"));
        }
        if self.eat(b'(') {
            let mut items = Vec::new();
            if !self.eat(b')') {
                loop {
                    items.push(self.shape(depth + 1)?);
                    if self.eat(b',') {
                        continue;
                    }
                    self.expect(b')')?;
                    break;
                }
            }
            return Ok(XlaShape::Tuple(items));
        }
        self.ws();
        let start = self.i;
        while self.i < self.s.len() && self.s[self.i].is_ascii_alphanumeric() {
            self.i += 1;
        }
        let name = std::str::from_utf8(&self.s[start..self.i]).unwrap_or("");
        if name.is_empty() {
            return Err(self.err("expected an element type"));
        }
        self.expect(b'[')?;
        let mut dims = Vec::new();
        if !self.eat(b']') {
            loop {
                if matches!(self.peek(), Some(b'?') | Some(b'<')) {
                    return Err(self.err("dynamic dimensions are not supported"));
                }
                let d = self.number()?;
                dims.push(i64::try_from(d).map_err(|_| self.err("dimension too large"))?);
                if self.eat(b',') {
                    continue;
                }
                self.expect(b']')?;
                break;
            }
        }
        if name == "token" {
            if !dims.is_empty() {
                return Err(self.err("a token has no dimensions"));
            }
            return Ok(XlaShape::Token);
        }
        let element_type =
            ElementType::from_xla_name(name).ok_or_else(|| ValueError::UnknownElementType(name.to_string()))?;
        let layout = if self.peek() == Some(b'{') { Some(self.layout()?) } else { None };
        if let Some(l) = &layout {
            if l.rank() != dims.len() {
                return Err(self.err("layout rank differs from the shape's"));
            }
        }
        num_elements(&dims)?;
        Ok(XlaShape::Array { element_type, dims, layout })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_example() {
        // [2 x 3] array "a b c / d e f" from the XLA layout documentation.
        let t = Tensor::from_i64s(ElementType::SInt(32), &[2, 3], &[1, 2, 3, 4, 5, 6]).unwrap();
        let col = Layout::new(vec![0, 1]).unwrap();
        assert_eq!(t.to_layout(&col).unwrap(), Data::I64(vec![1, 4, 2, 5, 3, 6]));
        let row = Layout::row_major(2);
        assert!(row.is_row_major());
        assert_eq!(row.minor_to_major, vec![1, 0]);
        assert_eq!(t.to_layout(&row).unwrap(), Data::I64(vec![1, 2, 3, 4, 5, 6]));
        let back =
            Tensor::from_layout(ElementType::SInt(32), &[2, 3], &col, Data::I64(vec![1, 4, 2, 5, 3, 6])).unwrap();
        assert_eq!(back, t);
        assert_eq!(col.strides(&[2, 3]).unwrap(), vec![1, 2]);
        assert_eq!(row.strides(&[2, 3]).unwrap(), vec![3, 1]);
        assert_eq!(col.linear_index(&[2, 3], &[1, 0]), Some(1));
        assert_eq!(col.linear_index(&[2, 3], &[2, 0]), None);
    }

    #[test]
    fn every_layout_roundtrips_and_matches_strides() {
        let shape = [2i64, 3, 4];
        let vals: Vec<f64> = (0..24).map(|v| v as f64).collect();
        let t = Tensor::from_f64s(ElementType::F64, &shape, &vals).unwrap();
        let perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        for p in perms {
            let l = Layout::new(p.to_vec()).unwrap();
            let lin = t.to_layout(&l).unwrap();
            let Data::F64(v) = &lin else { panic!() };
            for idx in t.indices() {
                let pos = l.linear_index(&shape, &idx).unwrap();
                assert_eq!(super::super::Element::Float(v[pos]), t.get(&idx).unwrap());
            }
            assert_eq!(Tensor::from_layout(ElementType::F64, &shape, &l, lin).unwrap(), t);
            let bytes = t.to_layout_bytes(&l).unwrap();
            assert_eq!(Tensor::from_layout_bytes(ElementType::F64, &shape, &l, &bytes).unwrap(), t);
        }
    }

    #[test]
    fn layout_errors() {
        assert!(Layout::new(vec![0, 0]).is_err());
        assert!(Layout::new(vec![2]).is_err());
        let t = Tensor::zeros(ElementType::F32, &[2, 2]).unwrap();
        assert!(t.to_layout(&Layout::row_major(3)).is_err());
        assert!(Tensor::from_layout(ElementType::F32, &[2], &Layout::row_major(1), Data::F32(vec![0.0])).is_err());
        assert!(Tensor::from_layout_bytes(ElementType::F32, &[2], &Layout::row_major(1), &[0; 7]).is_err());
        assert_eq!("{1, 0}".parse::<Layout>().unwrap(), Layout::row_major(2));
        assert_eq!("{}".parse::<Layout>().unwrap(), Layout::row_major(0));
        assert!("{1,0".parse::<Layout>().is_err());
        assert!("{0,0}".parse::<Layout>().is_err());
    }

    #[test]
    fn xla_shapes() {
        for text in [
            "f32[2,3]{1,0}",
            "pred[]",
            "(s32[4]{0}, token[])",
            "bf16[1,2,3]{0,2,1}",
            "()",
            "(f8e4m3fn[2], (u4[]))",
            "c64[0]{0}",
        ] {
            let s: XlaShape = text.parse().unwrap();
            assert_eq!(s.to_string(), text);
        }
        let t = Tensor::zeros(ElementType::SInt(8), &[3, 1]).unwrap();
        let v = Value::Tuple(vec![Value::Tensor(t), Value::Token]);
        assert_eq!(XlaShape::of_value(&v).to_string(), "(s8[3,1]{1,0}, token[])");
        assert_eq!(XlaShape::array(ElementType::F32, &[]).to_string(), "f32[]");
        for bad in [
            "f32[2",
            "f32[2]{0,1}",
            "q9[1]",
            "f32[?]",
            "f32[<=4]",
            "f32[2]{0:T(8)}",
            "token[1]",
            "f32[2] x",
            "",
            "((((",
            "f32[-1]",
        ] {
            assert!(bad.parse::<XlaShape>().is_err(), "{bad}");
        }
        let deep = "(".repeat(200);
        assert!(deep.parse::<XlaShape>().is_err());
    }
}
