//! The op builder the legalization patterns share: a [`PatternRewriter`] with an insertion point
//! and a location, plus typed helpers for the ops of the linalg-on-tensors level (`tensor.empty`,
//! `tensor.dim`, `arith.constant`, `linalg.generic` with its body, ...). Ops are built in MLIR's
//! generic form (name, operands, attributes, regions); a dialect that registers them moves the
//! inherent attributes to properties on creation and prints its custom syntax.

use strata_ir::attributes::{AffineExpr, AffineMap};
use strata_ir::rewrite::PatternRewriter;
use strata_ir::{
    AttrKind, Attribute, BlockId, Context, FloatKind, InsertPoint, OpId, OperationState, RegionId, Signedness, Type,
    TypeKind, Value, DYNAMIC,
};

/// An error of a lowering pattern: the message is attached to the op being lowered.
pub type LResult<T> = Result<T, String>;

/// The builder (see the module docs).
pub struct B<'a> {
    /// The rewriter every IR change goes through.
    pub rw: PatternRewriter<'a>,
    /// The location given to created ops.
    pub loc: Attribute,
}

/// See [`B::signless`].
pub fn signless_type(ctx: &mut Context, t: Type) -> Type {
    match ctx.type_kind(t).clone() {
        TypeKind::Integer { width, signedness } if signedness != Signedness::Signless => ctx.int_type(width),
        TypeKind::RankedTensor { shape, element, encoding } => {
            let e = signless_type(ctx, element);
            // StableHLO's bounds encoding goes; others (sparse_tensor) stay.
            let keep = encoding.filter(|a| match ctx.attr_kind(*a) {
                AttrKind::Dialect { dialect, .. } => ctx.str(*dialect) != "stablehlo",
                _ => true,
            });
            if e == element && keep == encoding {
                t
            } else {
                ctx.intern_type(TypeKind::RankedTensor { shape, element: e, encoding: keep })
            }
        }
        _ => t,
    }
}

/// Iterator kind of a `linalg.generic` loop.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum It {
    /// `parallel`
    Par,
    /// `reduction`
    Red,
}

/// `(d0, .., d{n-1}) -> (results)`.
pub fn amap(n: usize, results: Vec<AffineExpr>) -> AffineMap {
    AffineMap { num_dims: n as u32, num_symbols: 0, results }
}

/// The identity map of rank `n`.
pub fn identity(n: usize) -> AffineMap {
    amap(n, (0..n as u32).map(AffineExpr::Dim).collect())
}

/// `(d0..d{n-1}) -> (d[i] for i in dims)`.
pub fn proj(n: usize, dims: &[usize]) -> AffineMap {
    amap(n, dims.iter().map(|&d| AffineExpr::Dim(d as u32)).collect())
}

/// `d{i}`
pub fn d(i: usize) -> AffineExpr {
    AffineExpr::Dim(i as u32)
}

/// An affine constant.
pub fn c(v: i64) -> AffineExpr {
    AffineExpr::Constant(v)
}

/// `a + b`
pub fn add(a: AffineExpr, b: AffineExpr) -> AffineExpr {
    AffineExpr::Add(Box::new(a), Box::new(b))
}

/// `a * k`
pub fn mul(a: AffineExpr, k: i64) -> AffineExpr {
    AffineExpr::Mul(Box::new(a), Box::new(AffineExpr::Constant(k)))
}

impl<'a> B<'a> {
    /// A builder over `ctx` inserting before `op`, at `op`'s location.
    pub fn before(ctx: &'a mut Context, op: OpId) -> Self {
        let loc = ctx.op(op).loc();
        let mut rw = PatternRewriter::new(ctx);
        rw.set_insertion_point_before(op);
        B { rw, loc }
    }

    /// The context (read-only).
    pub fn ctx(&self) -> &Context {
        self.rw.ctx()
    }

    /// Run `f` with the context to intern types and attributes.
    pub fn intern<R>(&mut self, f: impl FnOnce(&mut Context) -> R) -> R {
        self.rw.interner(f)
    }

    // ----- types -----

    /// The type of `v`.
    pub fn ty(&self, v: Value) -> Type {
        self.ctx().value_type(v)
    }

    /// Shape of a ranked tensor type (empty for scalars).
    pub fn shape(&self, t: Type) -> Vec<i64> {
        self.ctx().type_kind(t).shape().map(|s| s.to_vec()).unwrap_or_default()
    }

    /// Shape of `v`'s type.
    pub fn vshape(&self, v: Value) -> Vec<i64> {
        let t = self.ty(v);
        self.shape(t)
    }

    /// Element type of a shaped type (the type itself for scalars).
    pub fn elt(&self, t: Type) -> Type {
        self.ctx().type_kind(t).element_type().unwrap_or(t)
    }

    /// Element type of `v`.
    pub fn velt(&self, v: Value) -> Type {
        let t = self.ty(v);
        self.elt(t)
    }

    /// Rank of `v` (0 for scalars).
    pub fn rank(&self, v: Value) -> usize {
        self.vshape(v).len()
    }

    /// `tensor<shape x elt>`.
    pub fn tensor_ty(&mut self, shape: &[i64], elt: Type) -> Type {
        self.intern(|c| c.tensor_type(shape, elt))
    }

    /// `iN`
    pub fn int_ty(&mut self, w: u32) -> Type {
        self.intern(|c| c.int_type(w))
    }

    /// `index`
    pub fn index_ty(&mut self) -> Type {
        self.intern(|c| c.index_type())
    }

    /// `fN`
    pub fn float_ty(&mut self, k: FloatKind) -> Type {
        self.intern(|c| c.float_type(k))
    }

    /// The signless counterpart of an element type (`ui32` -> `i32`), or the type itself;
    /// tensors lose their encoding too (as StableHLO's type converter does).
    pub fn signless(&mut self, t: Type) -> Type {
        self.intern(|c| signless_type(c, t))
    }

    /// Whether `t` (an element type) is an unsigned integer (`uiN`).
    pub fn is_unsigned(&self, t: Type) -> bool {
        matches!(self.ctx().type_kind(t), TypeKind::Integer { signedness: Signedness::Unsigned, .. })
    }

    /// Integer bit width of an element type (`None` for non-integers).
    pub fn int_width(&self, t: Type) -> Option<u32> {
        match self.ctx().type_kind(t) {
            TypeKind::Integer { width, .. } => Some(*width),
            TypeKind::Index => Some(64),
            _ => None,
        }
    }

    /// Float kind of an element type.
    pub fn float_kind(&self, t: Type) -> Option<FloatKind> {
        match self.ctx().type_kind(t) {
            TypeKind::Float(k) => Some(*k),
            _ => None,
        }
    }

    /// Component type of a complex type.
    pub fn complex_elt(&self, t: Type) -> Option<Type> {
        match self.ctx().type_kind(t) {
            TypeKind::Complex(e) => Some(*e),
            _ => None,
        }
    }

    // ----- attributes -----

    /// An affine map attribute.
    pub fn map_attr(&mut self, m: AffineMap) -> Attribute {
        self.intern(|c| c.intern_attr(AttrKind::AffineMap(m)))
    }

    /// A dialect attribute `#dialect.body` / `#dialect<body>`.
    pub fn dialect_attr(&mut self, dialect: &str, body: &str) -> Attribute {
        let body = body.to_string();
        self.intern(|c| {
            let d = c.sym(dialect);
            c.intern_attr(AttrKind::Dialect { dialect: d, body, opaque: false })
        })
    }

    /// `array<i32: ...>`
    pub fn i32_array(&mut self, v: &[i64]) -> Attribute {
        self.intern(|c| {
            let e = c.int_type(32);
            c.intern_attr(AttrKind::DenseArray { element: e, values: v.to_vec() })
        })
    }

    /// `array<i64: ...>`
    pub fn i64_array(&mut self, v: &[i64]) -> Attribute {
        self.intern(|c| c.dense_i64_array(v))
    }

    /// `array<i1: ...>` (`array<i1: true, false>`)
    pub fn bool_array(&mut self, v: &[bool]) -> Attribute {
        self.intern(|c| {
            let e = c.int_type(1);
            c.intern_attr(AttrKind::DenseArray { element: e, values: v.iter().map(|&b| b as i64).collect() })
        })
    }

    /// `N : i64`
    pub fn i64_attr(&mut self, v: i64) -> Attribute {
        self.intern(|c| c.i64_attr(v))
    }

    // ----- ops -----

    /// Create an op at the insertion point.
    pub fn op(
        &mut self,
        name: &str,
        operands: &[Value],
        results: &[Type],
        attrs: Vec<(&str, Attribute)>,
        regions: Vec<RegionId>,
    ) -> OpId {
        let n = self.rw.op_name(name);
        let mut st = OperationState::new(n, self.loc);
        st.operands.extend(operands.iter().copied());
        st.result_types = results.to_vec();
        for (k, v) in attrs {
            let s = self.rw.sym(k);
            st.add_attr(s, v);
        }
        st.regions = regions;
        self.rw.create(st)
    }

    /// Create a one-result op and return its result.
    pub fn op1(&mut self, name: &str, operands: &[Value], result: Type, attrs: Vec<(&str, Attribute)>) -> Value {
        let o = self.op(name, operands, &[result], attrs, vec![]);
        self.rw.ctx().result(o, 0)
    }

    /// A zero-result op (terminators).
    pub fn op0(&mut self, name: &str, operands: &[Value]) -> OpId {
        self.op(name, operands, &[], vec![], vec![])
    }

    /// Current insertion point.
    pub fn ip(&self) -> InsertPoint {
        self.rw.insertion_point().expect("builder has an insertion point")
    }

    /// Set the insertion point.
    pub fn set_ip(&mut self, ip: InsertPoint) {
        self.rw.set_insertion_point(ip);
    }

    /// A fresh detached region holding one block with arguments of `types`; returns both.
    pub fn region_with_block(&mut self, types: &[Type]) -> (RegionId, BlockId) {
        let args: Vec<(Type, Option<Attribute>)> = types.iter().map(|t| (*t, Some(self.loc))).collect();
        let r = self.rw.interner(|c| c.create_region());
        let b = self.rw.create_block_in(r, 0, &args);
        (r, b)
    }

    /// Build a region with one block of `types` arguments, filling it with `f` (which returns
    /// the values for the terminator `term`).
    pub fn build_region(
        &mut self,
        types: &[Type],
        term: &str,
        f: impl FnOnce(&mut Self, &[Value]) -> LResult<Vec<Value>>,
    ) -> LResult<RegionId> {
        let (r, b) = self.region_with_block(types);
        let saved = self.ip();
        self.set_ip(InsertPoint::End(b));
        let args: Vec<Value> = self.ctx().block_args(b).collect();
        let res = f(self, &args);
        let res = match res {
            Ok(v) => v,
            Err(e) => {
                self.set_ip(saved);
                return Err(e);
            }
        };
        self.op0(term, &res);
        self.set_ip(saved);
        Ok(r)
    }

    // ----- arith / tensor helpers -----

    /// `arith.constant <attr>` of type `ty`.
    pub fn constant(&mut self, value: Attribute, ty: Type) -> Value {
        self.op1("arith.constant", &[], ty, vec![("value", value)])
    }

    /// `arith.constant N : index`
    pub fn cidx(&mut self, v: i64) -> Value {
        let t = self.index_ty();
        let a = self.intern(|c| c.int_attr(v as i128, t));
        self.constant(a, t)
    }

    /// An integer constant of type `ty` (an integer type).
    pub fn cint(&mut self, v: i128, ty: Type) -> Value {
        let a = self.intern(|c| c.int_attr(v, ty));
        self.constant(a, ty)
    }

    /// A float constant of type `ty`.
    pub fn cfloat(&mut self, v: f64, ty: Type) -> Value {
        let a = self.intern(|c| c.f64_attr(v, ty));
        self.constant(a, ty)
    }

    /// A float constant given by its bit pattern.
    pub fn cfloat_bits(&mut self, bits: u128, ty: Type) -> Value {
        let a = self.intern(|c| c.intern_attr(AttrKind::Float { bits: strata_ir::attributes::FloatBits(bits), ty }));
        self.constant(a, ty)
    }

    /// A zero of element type `t` (`0`, `0.0`, `(0, 0)`).
    pub fn zero(&mut self, t: Type) -> LResult<Value> {
        self.scalar_const(t, 0.0)
    }

    /// A constant `v` of scalar type `t` (integers: `v` truncated; complex: `(v, 0)`).
    pub fn scalar_const(&mut self, t: Type, v: f64) -> LResult<Value> {
        if self.float_kind(t).is_some() {
            return Ok(self.cfloat(v, t));
        }
        if self.int_width(t).is_some() {
            let t = self.signless(t);
            return Ok(self.cint(v as i128, t));
        }
        if let Some(e) = self.complex_elt(t) {
            let re = self.intern(|c| c.f64_attr(v, e));
            let im = self.intern(|c| c.f64_attr(0.0, e));
            let arr = self.intern(|c| c.array_attr(vec![re, im]));
            return Ok(self.op1("complex.constant", &[], t, vec![("value", arr)]));
        }
        Err(format!("unsupported element type {}", strata_ir::printer::type_to_string(self.ctx(), t)))
    }

    /// `tensor.dim %v, %c{i}` (an `arith.constant` index when the dimension is static).
    pub fn dim(&mut self, v: Value, i: usize) -> Value {
        let s = self.vshape(v);
        if s[i] != DYNAMIC {
            return self.cidx(s[i]);
        }
        let ci = self.cidx(i as i64);
        let it = self.index_ty();
        self.op1("tensor.dim", &[v, ci], it, vec![])
    }

    /// `tensor.empty(dyn dims) : tensor<shape x elt>`; `dyn_dims` has one value per `?`.
    pub fn empty(&mut self, shape: &[i64], dyn_dims: &[Value], elt: Type) -> Value {
        let t = self.tensor_ty(shape, elt);
        self.op1("tensor.empty", dyn_dims, t, vec![])
    }

    /// An empty tensor of the shape of `t`, with dynamic sizes taken from `like` (same rank).
    pub fn empty_like(&mut self, t: Type, like: Value) -> Value {
        let shape = self.shape(t);
        let elt = self.elt(t);
        let mut dyns = Vec::new();
        for (i, &s) in shape.iter().enumerate() {
            if s == DYNAMIC {
                dyns.push(self.dim(like, i));
            }
        }
        self.empty(&shape, &dyns, elt)
    }

    /// An empty tensor of type `t` whose dynamic sizes come from `sizes` (one per dim).
    pub fn empty_sized(&mut self, t: Type, sizes: &[Value]) -> Value {
        let shape = self.shape(t);
        let elt = self.elt(t);
        let dyns: Vec<Value> = shape.iter().zip(sizes).filter(|(s, _)| **s == DYNAMIC).map(|(_, v)| *v).collect();
        self.empty(&shape, &dyns, elt)
    }

    /// `linalg.fill ins(%v) outs(%init)`
    pub fn fill(&mut self, v: Value, init: Value) -> LResult<Value> {
        let t = self.ty(init);
        let et = self.ty(v);
        let oe = self.elt(t);
        let region = self.build_region(&[et, oe], "linalg.yield", |_, a| Ok(vec![a[0]]))?;
        let seg = self.i32_array(&[1, 1]);
        let o = self.op("linalg.fill", &[v, init], &[t], vec![("operandSegmentSizes", seg)], vec![region]);
        Ok(self.ctx().result(o, 0))
    }

    /// `linalg.generic`: `maps` one per input then output, loops `iters`, body `f(block args)`
    /// returning one value per output. Discardable `extra` attributes are copied onto it.
    #[allow(clippy::too_many_arguments)]
    pub fn generic(
        &mut self,
        ins: &[Value],
        outs: &[Value],
        maps: Vec<AffineMap>,
        iters: &[It],
        extra: &[(String, Attribute)],
        f: impl FnOnce(&mut Self, &[Value]) -> LResult<Vec<Value>>,
    ) -> LResult<Vec<Value>> {
        let mut types = Vec::new();
        for v in ins.iter().chain(outs) {
            let t = self.ty(*v);
            types.push(self.elt(t));
        }
        let region = self.build_region(&types, "linalg.yield", f)?;
        let maps: Vec<Attribute> = maps.into_iter().map(|m| self.map_attr(m)).collect();
        let maps = self.intern(|c| c.array_attr(maps));
        let its: Vec<Attribute> = iters
            .iter()
            .map(|i| {
                self.dialect_attr(
                    "linalg",
                    if *i == It::Par { "iterator_type<parallel>" } else { "iterator_type<reduction>" },
                )
            })
            .collect();
        let its = self.intern(|c| c.array_attr(its));
        let seg = self.i32_array(&[ins.len() as i64, outs.len() as i64]);
        let mut operands = ins.to_vec();
        operands.extend_from_slice(outs);
        let rtys: Vec<Type> = outs.iter().map(|v| self.ty(*v)).collect();
        let mut attrs = vec![("indexing_maps", maps), ("iterator_types", its), ("operandSegmentSizes", seg)];
        let extra_named: Vec<(String, Attribute)> = extra.to_vec();
        for (k, v) in &extra_named {
            attrs.push((k.as_str(), *v));
        }
        let o = self.op("linalg.generic", &operands, &rtys, attrs, vec![region]);
        Ok(self.ctx().results(o).collect())
    }

    /// `linalg.index i`
    pub fn index(&mut self, i: usize) -> Value {
        let t = self.index_ty();
        let a = self.i64_attr(i as i64);
        self.op1("linalg.index", &[], t, vec![("dim", a)])
    }

    /// A binary arith op on scalars of the same type.
    pub fn bin(&mut self, name: &str, a: Value, b: Value) -> Value {
        let t = self.ty(a);
        self.op1(name, &[a, b], t, vec![])
    }

    /// A unary op whose result has the operand's type.
    pub fn un(&mut self, name: &str, a: Value) -> Value {
        let t = self.ty(a);
        self.op1(name, &[a], t, vec![])
    }

    /// A cast op `name %a : T to U`.
    pub fn cast(&mut self, name: &str, a: Value, to: Type) -> Value {
        self.op1(name, &[a], to, vec![])
    }

    /// `arith.cmpi <pred>` (predicate by name: eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge).
    pub fn cmpi(&mut self, pred: &str, a: Value, b: Value) -> Value {
        let p = match pred {
            "eq" => 0,
            "ne" => 1,
            "slt" => 2,
            "sle" => 3,
            "sgt" => 4,
            "sge" => 5,
            "ult" => 6,
            "ule" => 7,
            "ugt" => 8,
            _ => 9,
        };
        let i64t = self.int_ty(64);
        let pa = self.intern(|c| c.int_attr(p, i64t));
        let i1 = self.int_ty(1);
        let at = self.ty(a);
        let rt = match self.ctx().type_kind(at) {
            TypeKind::RankedTensor { shape, .. } => {
                let s = shape.clone();
                self.tensor_ty(&s, i1)
            }
            _ => i1,
        };
        self.op1("arith.cmpi", &[a, b], rt, vec![("predicate", pa)])
    }

    /// `arith.cmpf <pred>` (false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule,
    /// une, uno, true).
    pub fn cmpf(&mut self, pred: &str, a: Value, b: Value) -> Value {
        const P: [&str; 16] = [
            "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno",
            "true",
        ];
        let p = P.iter().position(|x| *x == pred).unwrap_or(0) as i128;
        let i64t = self.int_ty(64);
        let pa = self.intern(|c| c.int_attr(p, i64t));
        let i1 = self.int_ty(1);
        self.op1("arith.cmpf", &[a, b], i1, vec![("predicate", pa)])
    }

    /// `arith.select %c, %a, %b`
    pub fn select(&mut self, cnd: Value, a: Value, b: Value) -> Value {
        let t = self.ty(a);
        self.op1("arith.select", &[cnd, a, b], t, vec![])
    }

    /// `tensor.extract %t[%idx...]`
    pub fn extract(&mut self, t: Value, idx: &[Value]) -> Value {
        let e = self.velt(t);
        let mut ops = vec![t];
        ops.extend_from_slice(idx);
        self.op1("tensor.extract", &ops, e, vec![])
    }

    /// `arith.index_cast` between index and an integer type.
    pub fn index_cast(&mut self, v: Value, to: Type) -> Value {
        if self.ty(v) == to {
            return v;
        }
        self.cast("arith.index_cast", v, to)
    }

    /// `builtin.unrealized_conversion_cast %v : T to U`
    pub fn unrealized(&mut self, v: Value, to: Type) -> Value {
        if self.ty(v) == to {
            return v;
        }
        // cast(cast(x : U -> T) : T -> U) = x
        if let Some(d) = self.ctx().defining_op(v) {
            if self.ctx().op_name_of(d) == "builtin.unrealized_conversion_cast" && self.ctx().operands(d).len() == 1 {
                let src = self.ctx().operands(d)[0];
                if self.ty(src) == to {
                    return src;
                }
            }
        }
        self.op1("builtin.unrealized_conversion_cast", &[v], to, vec![])
    }

    /// `v` with a signless element type (through an unrealized cast when it is unsigned).
    pub fn to_signless(&mut self, v: Value) -> Value {
        let t = self.ty(v);
        let s = self.signless(t);
        self.unrealized(v, s)
    }
}

impl B<'_> {
    /// `scf.for %i = lb to ub step st iter_args(iter)`; `f(builder, %i, iter args)` returns the
    /// values to yield.
    pub fn for_loop(
        &mut self,
        lb: Value,
        ub: Value,
        step: Value,
        iter: &[Value],
        f: impl FnOnce(&mut Self, Value, &[Value]) -> LResult<Vec<Value>>,
    ) -> LResult<Vec<Value>> {
        let it = self.index_ty();
        let mut types = vec![it];
        types.extend(iter.iter().map(|v| self.ty(*v)));
        let region = self.build_region(&types, "scf.yield", |b, a| f(b, a[0], &a[1..]))?;
        let mut ops = vec![lb, ub, step];
        ops.extend_from_slice(iter);
        let rts: Vec<Type> = iter.iter().map(|v| self.ty(*v)).collect();
        let o = self.op("scf.for", &ops, &rts, vec![], vec![region]);
        Ok(self.ctx().results(o).collect())
    }

    /// A loop over `0..n` (constant bounds).
    pub fn range(
        &mut self,
        n: i64,
        iter: &[Value],
        f: impl FnOnce(&mut Self, Value, &[Value]) -> LResult<Vec<Value>>,
    ) -> LResult<Vec<Value>> {
        let lb = self.cidx(0);
        let ub = self.cidx(n);
        let st = self.cidx(1);
        self.for_loop(lb, ub, st, iter, f)
    }

    /// `scf.if %c -> (types) { then } else { else }`.
    pub fn if_else(
        &mut self,
        cond: Value,
        types: &[Type],
        then_f: impl FnOnce(&mut Self) -> LResult<Vec<Value>>,
        else_f: impl FnOnce(&mut Self) -> LResult<Vec<Value>>,
    ) -> LResult<Vec<Value>> {
        let t = self.build_region(&[], "scf.yield", |b, _| then_f(b))?;
        let e = self.build_region(&[], "scf.yield", |b, _| else_f(b))?;
        let o = self.op("scf.if", &[cond], types, vec![], vec![t, e]);
        Ok(self.ctx().results(o).collect())
    }

    /// `tensor.insert %v into %t[%idx...]`
    pub fn insert(&mut self, v: Value, t: Value, idx: &[Value]) -> Value {
        let ty = self.ty(t);
        let mut ops = vec![v, t];
        ops.extend_from_slice(idx);
        self.op1("tensor.insert", &ops, ty, vec![])
    }

    /// The multi-index of flat row-major position `flat` in a static `shape` (index values).
    pub fn delinearize(&mut self, flat: Value, shape: &[i64]) -> Vec<Value> {
        let mut out = vec![flat; shape.len()];
        let mut rest = flat;
        for i in (0..shape.len()).rev() {
            let s = self.cidx(shape[i]);
            if i == 0 {
                out[i] = rest;
            } else {
                out[i] = self.bin("arith.remui", rest, s);
                rest = self.bin("arith.divui", rest, s);
            }
        }
        out
    }

    /// `lo <= v < hi` for index values (as `i1`).
    pub fn in_range(&mut self, v: Value, lo: i64, hi: i64) -> Value {
        let l = self.cidx(lo);
        let h = self.cidx(hi);
        let a = self.cmpi("sge", v, l);
        let b2 = self.cmpi("slt", v, h);
        self.bin("arith.andi", a, b2)
    }

    /// An index value from an integer scalar (sign-extending, or zero-extending if `unsigned`).
    pub fn to_index(&mut self, v: Value, unsigned: bool) -> Value {
        let it = self.index_ty();
        if self.ty(v) == it {
            return v;
        }
        self.cast(if unsigned { "arith.index_castui" } else { "arith.index_cast" }, v, it)
    }
}
