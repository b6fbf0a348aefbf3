//! What the schedule generator knows about each linalg op of the entry function: its kind,
//! loop structure, operand shapes and producers. The bridge fills these in from the MLIR
//! module (reading the printed forms of types and attributes, so this module needs no MLIR);
//! tests build them by hand.

/// A ranked tensor type with a static shape: `tensor<4x8xf32>` → shape [4, 8], element "f32".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TensorTy {
    /// Static dimensions (never negative: dynamic types are rejected when parsed).
    pub shape: Vec<i64>,
    /// The element type as MLIR prints it (`f32`, `i1`, `complex<f32>`, ...).
    pub elem: String,
}

impl TensorTy {
    /// Parses `tensor<AxBxT>` / `tensor<T>` with static dimensions; `None` otherwise.
    pub fn parse(text: &str) -> Option<TensorTy> {
        let body = text.trim().strip_prefix("tensor<")?.strip_suffix('>')?;
        parse_shaped_body(body).map(|(shape, elem)| TensorTy { shape, elem })
    }

    /// Number of elements.
    pub fn num_elements(&self) -> i64 {
        self.shape.iter().product()
    }

    /// Whether the element type is one the vectorizer handles well here (ints and f32/f64).
    pub fn vectorizable_elem(&self) -> bool {
        matches!(self.elem.as_str(), "f32" | "f64" | "i8" | "i16" | "i32" | "i64")
    }
}

/// Splits `AxBxT` (the inside of `tensor<...>`/`memref<...>`) into dims and element type.
/// Returns `None` for dynamic (`?`) dimensions or an encoding/layout suffix.
pub fn parse_shaped_body(body: &str) -> Option<(Vec<i64>, String)> {
    // The element type may itself contain 'x' (complex<f32> does not, but be careful with
    // vector<4xf32> element types: not supported) — dims are the leading all-digit parts.
    let mut shape = Vec::new();
    let mut rest = body;
    loop {
        let end = rest.find('x');
        match end {
            Some(i) if !rest[..i].is_empty() && rest[..i].bytes().all(|b| b.is_ascii_digit()) => {
                shape.push(rest[..i].parse().ok()?);
                rest = &rest[i + 1..];
            }
            Some(i) if &rest[..i] == "?" => return None,
            _ => break,
        }
    }
    if rest.contains(',') || rest.is_empty() {
        return None;
    }
    Some((shape, rest.to_string()))
}

/// A loop's iterator type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Iter {
    /// `parallel`.
    Parallel,
    /// `reduction`.
    Reduction,
}

/// Parses an `iterator_types` attribute as printed by MLIR:
/// `[#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>]`.
pub fn parse_iterators(text: &str) -> Vec<Iter> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("iterator_type<") {
        rest = &rest[i + "iterator_type<".len()..];
        if rest.starts_with("parallel") {
            out.push(Iter::Parallel);
        } else if rest.starts_with("reduction") {
            out.push(Iter::Reduction);
        }
    }
    out
}

/// One result expression of an affine map, as far as schedules care.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MapExpr {
    /// A loop dimension `dN`.
    Dim(usize),
    /// A constant.
    Const(i64),
    /// Anything else (sums for convolutions, mods, ...).
    Other,
}

/// An indexing map `(d0, d1, ...) -> (exprs)` reduced to its result expressions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexingMap {
    /// Number of loop dimensions.
    pub num_dims: usize,
    /// One entry per result.
    pub results: Vec<MapExpr>,
}

impl IndexingMap {
    /// Parses `affine_map<(d0, d1)[s0] -> (d0, 0)>` or its body `(d0, d1) -> (d0, 0)`.
    pub fn parse(text: &str) -> Option<IndexingMap> {
        let t = text.trim();
        let t = t.strip_prefix("affine_map<").and_then(|s| s.strip_suffix('>')).unwrap_or(t);
        let (lhs, rhs) = t.split_once("->")?;
        let dims_end = lhs.find(')')?;
        let dims = lhs[lhs.find('(')? + 1..dims_end].trim();
        let num_dims = if dims.is_empty() { 0 } else { dims.split(',').count() };
        let rhs = rhs.trim();
        let inner = rhs.strip_prefix('(')?.strip_suffix(')')?;
        let mut results = Vec::new();
        if !inner.trim().is_empty() {
            for part in split_top_level(inner) {
                let p = part.trim();
                results.push(if let Some(n) = p.strip_prefix('d').and_then(|n| n.parse().ok()) {
                    MapExpr::Dim(n)
                } else if let Ok(c) = p.parse() {
                    MapExpr::Const(c)
                } else {
                    MapExpr::Other
                });
            }
        }
        Some(IndexingMap { num_dims, results })
    }

    /// Whether every result is a distinct loop dimension (a projected permutation).
    pub fn is_projected_permutation(&self) -> bool {
        let mut seen = vec![false; self.num_dims];
        for r in &self.results {
            match r {
                MapExpr::Dim(d) if *d < self.num_dims && !seen[*d] => seen[*d] = true,
                _ => return false,
            }
        }
        true
    }

    /// Whether the map is the identity `(d0..dn) -> (d0..dn)`.
    pub fn is_identity(&self) -> bool {
        self.results.len() == self.num_dims && self.results.iter().enumerate().all(|(i, r)| *r == MapExpr::Dim(i))
    }
}

fn split_top_level(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

/// Parses `array<i64: 0, 1>` (or `[0, 1]`) into integers.
pub fn parse_i64_array(text: &str) -> Vec<i64> {
    let t = text.trim();
    let body = t.strip_prefix("array<i64").map(|s| s.trim_start_matches(':')).unwrap_or(t);
    body.trim_matches(|c| c == '[' || c == ']' || c == '>' || c == ' ')
        .split(',')
        .filter_map(|p| p.trim().trim_end_matches('>').parse().ok())
        .collect()
}

/// A linalg op of the entry function, as the schedule generator sees it.
#[derive(Clone, Debug)]
pub struct OpDesc {
    /// Position among the function's linalg ops (program order); the op carries the attribute
    /// `strata.sched = id` so that the transform script can match it.
    pub id: usize,
    /// Full op name (`linalg.generic`, `linalg.pack`, ...).
    pub name: String,
    /// Loop iterator types (generic ops; empty otherwise).
    pub iterators: Vec<Iter>,
    /// Indexing maps, inputs then outputs (generic ops; empty otherwise).
    pub maps: Vec<IndexingMap>,
    /// Tensor types of the inputs (`ins`), `None` for scalars.
    pub inputs: Vec<Option<TensorTy>>,
    /// Tensor types of the outputs (`outs`).
    pub outputs: Vec<TensorTy>,
    /// `inner_dims_pos` of a pack/unpack.
    pub inner_dims_pos: Vec<i64>,
    /// Ids of the linalg ops that produce this op's operands (directly).
    pub producers: Vec<usize>,
    /// Ids of the linalg ops that use this op's results (directly).
    pub consumers: Vec<usize>,
    /// Whether some result is used by a non-linalg op (a return, a tensor op).
    pub used_outside: bool,
    /// The region's ops (names), for contraction detection.
    pub body_ops: Vec<String>,
}

impl OpDesc {
    /// Loop sizes, derived from the maps and operand shapes (a dim's size is the size of the
    /// first operand dimension indexed by exactly that loop dim).
    pub fn loop_sizes(&self) -> Option<Vec<i64>> {
        let n = self.iterators.len();
        let mut sizes = vec![-1i64; n];
        let operands: Vec<Option<&TensorTy>> =
            self.inputs.iter().map(|t| t.as_ref()).chain(self.outputs.iter().map(Some)).collect();
        for (map, ty) in self.maps.iter().zip(operands) {
            let Some(ty) = ty else { continue };
            for (r, &size) in map.results.iter().zip(&ty.shape) {
                if let MapExpr::Dim(d) = r {
                    if *d < n && sizes[*d] < 0 {
                        sizes[*d] = size;
                    }
                }
            }
        }
        if sizes.iter().any(|&s| s < 0) {
            None
        } else {
            Some(sizes)
        }
    }

    /// Whether all loops are parallel.
    pub fn all_parallel(&self) -> bool {
        self.iterators.iter().all(|&i| i == Iter::Parallel)
    }

    /// Whether every operand is a tensor of a vectorizable element type.
    pub fn vectorizable(&self) -> bool {
        self.outputs.iter().all(|t| t.vectorizable_elem())
            && self.inputs.iter().all(|t| t.as_ref().is_none_or(|t| t.vectorizable_elem()))
            && self.maps.iter().all(|m| m.results.iter().all(|r| !matches!(r, MapExpr::Other)))
    }

    /// The block-packed contraction made by `linalg-block-pack-matmul`: loops
    /// `[batch?] m1 n1 k1 m0 n0 k0`, a multiply-accumulate body, two inputs and one output.
    pub fn is_packed_contraction(&self) -> bool {
        use Iter::*;
        let it = &self.iterators[..];
        let shape_ok = it == [Parallel, Parallel, Reduction, Parallel, Parallel, Reduction]
            || it == [Parallel, Parallel, Parallel, Reduction, Parallel, Parallel, Reduction];
        shape_ok
            && self.name == "linalg.generic"
            && self.inputs.len() == 2
            && self.outputs.len() == 1
            && self.inputs.iter().all(|t| t.is_some())
            && self.is_mul_add_body()
    }

    /// Whether the region is a multiply-accumulate (mulf/addf or muli/addi, casts allowed).
    pub fn is_mul_add_body(&self) -> bool {
        let muls = self.body_ops.iter().filter(|o| *o == "arith.mulf" || *o == "arith.muli").count();
        let adds = self.body_ops.iter().filter(|o| *o == "arith.addf" || *o == "arith.addi").count();
        let others = self.body_ops.iter().filter(|o| {
            !matches!(
                o.as_str(),
                "arith.mulf"
                    | "arith.muli"
                    | "arith.addf"
                    | "arith.addi"
                    | "linalg.yield"
                    | "arith.extf"
                    | "arith.extsi"
                    | "arith.extui"
                    | "arith.truncf"
                    | "arith.sitofp"
            )
        });
        muls == 1 && adds == 1 && others.count() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tensor_types() {
        let t = TensorTy::parse("tensor<13x70x1x8xf32>").unwrap();
        assert_eq!(t.shape, vec![13, 70, 1, 8]);
        assert_eq!(t.elem, "f32");
        assert_eq!(TensorTy::parse("tensor<f64>").unwrap().shape, Vec::<i64>::new());
        assert_eq!(TensorTy::parse("tensor<2xcomplex<f32>>").unwrap().elem, "complex<f32>");
        assert_eq!(TensorTy::parse("tensor<?x4xf32>"), None);
        assert_eq!(TensorTy::parse("memref<4xf32>"), None);
        assert_eq!(TensorTy::parse("tensor<4xf32, #enc>"), None);
    }

    #[test]
    fn maps_and_iterators() {
        let m = IndexingMap::parse("affine_map<(d0, d1, d2) -> (d0, d2)>").unwrap();
        assert_eq!(m.num_dims, 3);
        assert_eq!(m.results, vec![MapExpr::Dim(0), MapExpr::Dim(2)]);
        assert!(m.is_projected_permutation());
        let c = IndexingMap::parse("affine_map<(d0, d1) -> (d0 + d1, 0)>").unwrap();
        assert_eq!(c.results, vec![MapExpr::Other, MapExpr::Const(0)]);
        assert_eq!(IndexingMap::parse("affine_map<(d0, d1) -> ()>").unwrap().results, vec![]);
        assert!(IndexingMap::parse("affine_map<(d0, d1) -> (d0, d1)>").unwrap().is_identity());
        assert_eq!(
            parse_iterators("[#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>]"),
            vec![Iter::Parallel, Iter::Reduction]
        );
        assert_eq!(parse_i64_array("array<i64: 1, 0>"), vec![1, 0]);
        assert_eq!(parse_i64_array("array<i64>"), Vec::<i64>::new());
    }
}
