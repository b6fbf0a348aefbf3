//! The e-class analysis: what every class knows about its value.
//!
//! - the result **type** (every node of a class has it; rules only union classes of one type);
//! - the **constant value**, when the class is known to be constant: the full tensor up to the
//!   fold limit (elements), and independently whether every element is one value (a *splat*,
//!   kept for tensors of any size). Values come from `stablehlo.constant` and from folding ops
//!   whose operands are constant through `strata_reference::kernels` — the interpreter's own
//!   semantics, so folding agrees with it bit for bit ([`super::fold`]);
//! - **non-negativity** (`x >= +0.0` or NaN for floats, `x >= 0` for integers), proven from the
//!   node kinds (`exp`, float `abs`, `y * y` for floats, unsigned types, constants).
//!
//! A class that becomes constant gets a `stablehlo.constant` node (egg's `modify`), so the
//! extractor can choose the constant instead of its computation.
//!
//! The analysis owns the [`Context`] while the e-graph lives (it is handed back when the pass
//! rebuilds the IR): new types and attributes are interned in it by the rules.

use std::rc::Rc;

use egg::{DidMerge, Id};
use indexmap::IndexSet;
use rustc_hash::FxBuildHasher;
use strata_ir::attributes::{AttrKind, DenseData};
use strata_ir::{Attribute, Context, NamedAttribute, OpName, Symbol, Type, TypeKind, Value};
use strata_reference::convert::{dense_attr_from_tensor, element_type_of, tensor_from_dense_attr};
use strata_reference::value::{ElementType, Tensor};

use super::language::{EGraph, ENode, Kind, RegionKey, Sig, SigId};

/// Attribute names the rules read and write, interned once.
#[allow(missing_docs)]
pub struct Names {
    pub value: Symbol,
    pub permutation: Symbol,
    pub broadcast_dimensions: Symbol,
    pub start_indices: Symbol,
    pub limit_indices: Symbol,
    pub strides: Symbol,
    pub dimension: Symbol,
    pub dimensions: Symbol,
    pub edge_padding_low: Symbol,
    pub edge_padding_high: Symbol,
    pub interior_padding: Symbol,
    pub comparison_direction: Symbol,
    pub compare_type: Symbol,
    pub dot_dimension_numbers: Symbol,
    pub iota_dimension: Symbol,
    pub slice_sizes: Symbol,
    pub precision_config: Symbol,
    pub algorithm: Symbol,
    pub dimension_numbers: Symbol,
    pub feature_group_count: Symbol,
    pub batch_group_count: Symbol,
    pub window_strides: Symbol,
    pub padding: Symbol,
    pub lhs_dilation: Symbol,
    pub rhs_dilation: Symbol,
    pub window_reversal: Symbol,
    pub exponent_bits: Symbol,
    pub mantissa_bits: Symbol,
    pub window_dimensions: Symbol,
    pub base_dilations: Symbol,
    pub window_dilations: Symbol,
}

impl Names {
    fn new(ctx: &mut Context) -> Self {
        Names {
            value: ctx.sym("value"),
            permutation: ctx.sym("permutation"),
            broadcast_dimensions: ctx.sym("broadcast_dimensions"),
            start_indices: ctx.sym("start_indices"),
            limit_indices: ctx.sym("limit_indices"),
            strides: ctx.sym("strides"),
            dimension: ctx.sym("dimension"),
            dimensions: ctx.sym("dimensions"),
            edge_padding_low: ctx.sym("edge_padding_low"),
            edge_padding_high: ctx.sym("edge_padding_high"),
            interior_padding: ctx.sym("interior_padding"),
            comparison_direction: ctx.sym("comparison_direction"),
            compare_type: ctx.sym("compare_type"),
            dot_dimension_numbers: ctx.sym("dot_dimension_numbers"),
            iota_dimension: ctx.sym("iota_dimension"),
            slice_sizes: ctx.sym("slice_sizes"),
            precision_config: ctx.sym("precision_config"),
            algorithm: ctx.sym("algorithm"),
            dimension_numbers: ctx.sym("dimension_numbers"),
            feature_group_count: ctx.sym("feature_group_count"),
            batch_group_count: ctx.sym("batch_group_count"),
            window_strides: ctx.sym("window_strides"),
            padding: ctx.sym("padding"),
            lhs_dilation: ctx.sym("lhs_dilation"),
            rhs_dilation: ctx.sym("rhs_dilation"),
            window_reversal: ctx.sym("window_reversal"),
            exponent_bits: ctx.sym("exponent_bits"),
            mantissa_bits: ctx.sym("mantissa_bits"),
            window_dimensions: ctx.sym("window_dimensions"),
            base_dilations: ctx.sym("base_dilations"),
            window_dilations: ctx.sym("window_dilations"),
        }
    }
}

/// An opaque value of the block: an argument, a result of an op the e-graph does not enter,
/// or a value of an enclosing block.
#[derive(Clone, Debug)]
pub struct LeafInfo {
    /// The IR value.
    pub value: Value,
    /// Its type.
    pub ty: Type,
    /// The position in the block after which it is available (0: from the start; `i + 1`:
    /// after the block's op at index `i`).
    pub avail: u32,
}

/// A known constant value.
#[derive(Clone, Debug, Default)]
pub struct Const {
    /// The whole value, when it has at most `fold-limit` elements.
    pub full: Option<Rc<Tensor>>,
    /// The one value of every element (a rank-0 tensor), when all elements are equal.
    pub splat: Option<Rc<Tensor>>,
}

impl Const {
    /// Whether nothing is known.
    pub fn is_empty(&self) -> bool {
        self.full.is_none() && self.splat.is_none()
    }
}

/// What a class knows.
#[derive(Clone, Debug, Default)]
pub struct Data {
    /// The result type (`None` for signature classes).
    pub ty: Option<Type>,
    /// The signature, for signature classes.
    pub sig: Option<SigId>,
    /// The constant value, if known.
    pub konst: Const,
    /// Every element is `>= 0` (`>= +0.0` or NaN for floats).
    pub nonneg: bool,
}

/// The analysis: signatures, leaves, the context, and the options folding needs.
pub struct EqAnalysis {
    /// The context (owned while the e-graph lives).
    pub ctx: Context,
    /// Interned signatures.
    pub sigs: IndexSet<Sig, FxBuildHasher>,
    /// Opaque values.
    pub leaves: Vec<LeafInfo>,
    /// Interned attribute names.
    pub names: Names,
    /// Largest number of elements a folded constant may have.
    pub fold_limit: usize,
    /// Whether rules that are not bit-exact (float reassociation, signed zeros) are enabled.
    pub fast_math: bool,
    kind_names: Vec<OpName>,
    /// Number of constants folded (statistics).
    pub folded: u64,
    /// Rules that tried to union classes of different types (bugs; never applied).
    pub type_errors: Vec<String>,
}

impl Default for EqAnalysis {
    /// An analysis of an empty context (a placeholder: egg's `Runner` needs one before it is
    /// given the e-graph).
    fn default() -> Self {
        EqAnalysis::new(Context::new(), 0, false)
    }
}

impl EqAnalysis {
    /// An analysis owning `ctx`.
    pub fn new(mut ctx: Context, fold_limit: usize, fast_math: bool) -> Self {
        let names = Names::new(&mut ctx);
        let kind_names = Kind::ALL.iter().map(|k| ctx.op_name(&format!("stablehlo.{}", k.short_name()))).collect();
        EqAnalysis {
            ctx,
            sigs: IndexSet::default(),
            leaves: Vec::new(),
            names,
            fold_limit,
            fast_math,
            kind_names,
            folded: 0,
            type_errors: Vec::new(),
        }
    }

    /// The op name of a named kind.
    pub fn op_name_of(&self, k: Kind) -> Option<OpName> {
        Kind::ALL.iter().position(|x| *x == k).map(|i| self.kind_names[i])
    }

    /// The signature `s`.
    pub fn sig(&self, s: SigId) -> &Sig {
        &self.sigs[s.0 as usize]
    }

    /// Intern a signature.
    pub fn intern_sig(&mut self, sig: Sig) -> SigId {
        let (i, _) = self.sigs.insert_full(sig);
        SigId(i as u32)
    }

    /// A signature for a new op of kind `k` with result type `ty` and the given attributes.
    pub fn new_sig(&mut self, k: Kind, ty: Type, attrs: Vec<(Symbol, Attribute)>, region: Option<RegionKey>) -> SigId {
        debug_assert!(k != Kind::Other, "new ops are of named kinds");
        let mut attrs: Vec<NamedAttribute> =
            attrs.into_iter().map(|(name, value)| NamedAttribute { name, value }).collect();
        let ctx = &self.ctx;
        attrs.sort_by(|a, b| ctx.str(a.name).cmp(ctx.str(b.name)));
        self.intern_sig(Sig { name: None, ty, attrs, region })
    }

    // ----- reading attributes of signatures -----

    /// An attribute of a signature.
    pub fn attr(&self, s: SigId, name: Symbol) -> Option<Attribute> {
        self.sig(s).attr(name)
    }

    /// An `array<i64: ...>` attribute.
    pub fn i64s(&self, s: SigId, name: Symbol) -> Option<&[i64]> {
        match self.ctx.attr_kind(self.attr(s, name)?) {
            AttrKind::DenseArray { values, element } if !matches!(self.ctx.type_kind(*element), TypeKind::Float(_)) => {
                Some(values)
            }
            _ => None,
        }
    }

    /// An integer attribute.
    pub fn int(&self, s: SigId, name: Symbol) -> Option<i64> {
        match self.ctx.attr_kind(self.attr(s, name)?) {
            AttrKind::Integer { value, .. } => i64::try_from(*value).ok(),
            _ => None,
        }
    }

    /// A typed dialect attribute (its payload).
    pub fn typed<T: 'static>(&self, s: SigId, name: Symbol) -> Option<&T> {
        self.ctx.typed_attr::<T>(self.attr(s, name)?)
    }

    // ----- types -----

    /// The static dimensions of a ranked tensor type (empty for others).
    pub fn dims(&self, t: Type) -> &[i64] {
        self.ctx.type_kind(t).shape().unwrap_or(&[])
    }

    /// The element type of a shaped type.
    pub fn elem(&self, t: Type) -> Type {
        self.ctx.element_type_or_self(t)
    }

    /// The value-layer element type of a shaped type's elements.
    pub fn etype(&self, t: Type) -> Option<ElementType> {
        element_type_of(&self.ctx, self.elem(t))
    }

    /// Number of elements of a static tensor type.
    pub fn numel(&self, t: Type) -> u64 {
        self.dims(t).iter().map(|&d| d.max(0) as u64).product()
    }

    /// Whether the elements are integers (signed, unsigned or `i1`).
    pub fn is_int(&self, t: Type) -> bool {
        self.etype(t).is_some_and(|e| e.is_integer() || e.is_bool())
    }

    /// Whether the elements are real floats.
    pub fn is_float(&self, t: Type) -> bool {
        self.etype(t).is_some_and(|e| e.is_float())
    }

    /// `tensor<dims x elem>`.
    pub fn tensor(&mut self, dims: &[i64], elem: Type) -> Type {
        self.ctx.tensor_type(dims, elem)
    }

    /// `array<i64: ...>`.
    pub fn i64_array(&mut self, v: &[i64]) -> Attribute {
        self.ctx.dense_i64_array(v)
    }

    // ----- constants -----

    /// The constant of a `dense<…>` attribute: the full value up to the fold limit, and the
    /// splat value of splat attributes of any size.
    pub fn const_of_attr(&self, a: Attribute) -> Const {
        let (ty, data) = match self.ctx.attr_kind(a) {
            AttrKind::DenseElements { ty, data } => (*ty, data),
            _ => return Const::default(),
        };
        if self.etype(ty).is_none() || !self.ctx.shaped(ty).is_some_and(|s| s.is_static()) {
            return Const::default();
        }
        let n = self.numel(ty);
        let mut c = Const::default();
        if n as usize <= self.fold_limit {
            if let Ok(t) = tensor_from_dense_attr(&self.ctx, a) {
                if t.num_elements() > 0 && t.is_splat() {
                    c.splat = Some(Rc::new(strata_reference::kernels::scalar_at(&t, 0)));
                }
                c.full = Some(Rc::new(t));
            }
        } else if data.splat {
            // Decode the one stored element only (the tensor may be huge).
            let e = self.etype(ty).expect("checked above");
            if data.bytes.len() == e.byte_size() {
                if let Ok(t) = Tensor::from_bytes(e, &[], &data.bytes) {
                    c.splat = Some(Rc::new(t));
                }
            }
        }
        c
    }

    /// A `dense<…>` attribute of type `ty` holding `c` (its full value, or a splat), if it can be
    /// written with exactly that type.
    pub fn attr_of_const(&mut self, ty: Type, c: &Const) -> Option<Attribute> {
        if let Some(full) = &c.full {
            let a = dense_attr_from_tensor(&mut self.ctx, full);
            return match self.ctx.attr_kind(a) {
                AttrKind::DenseElements { ty: t, .. } if *t == ty => Some(a),
                _ => None,
            };
        }
        let s = c.splat.as_ref()?;
        let one = dense_attr_from_tensor(&mut self.ctx, s);
        let bytes = match self.ctx.attr_kind(one) {
            AttrKind::DenseElements { ty: t, data } if self.elem(*t) == self.elem(ty) => data.bytes.clone(),
            _ => return None,
        };
        let splat = self.numel(ty) > 1;
        Some(self.ctx.intern_attr(AttrKind::DenseElements { ty, data: DenseData { splat, bytes } }))
    }
}

// ----- class-level queries used by rules -----

/// The type of a value class.
pub fn ty(eg: &EGraph, id: Id) -> Type {
    eg[id].data.ty.expect("a value class has a type")
}

/// The signature of a signature class.
pub fn sig(eg: &EGraph, id: Id) -> SigId {
    eg[id].data.sig.expect("a signature class")
}

/// The splat value of a class, if every element is known to be one value.
pub fn splat(eg: &EGraph, id: Id) -> Option<&Tensor> {
    eg[id].data.konst.splat.as_deref()
}

/// Adds an op node with a new signature and returns its class.
pub fn add_op(eg: &mut EGraph, k: Kind, ty: Type, attrs: Vec<(Symbol, Attribute)>, operands: &[Id]) -> Id {
    let s = eg.analysis.new_sig(k, ty, attrs, None);
    add_with_sig(eg, k, s, operands)
}

/// Adds an op node of signature `s` and returns its class.
pub fn add_with_sig(eg: &mut EGraph, k: Kind, s: SigId, operands: &[Id]) -> Id {
    let sc = eg.add(ENode::Sig(s));
    let mut ch = smallvec::SmallVec::with_capacity(operands.len() + 1);
    ch.push(sc);
    ch.extend_from_slice(operands);
    eg.add(ENode::Op(k, ch))
}

/// Adds a constant of type `ty` whose every element is `scalar` (a rank-0 tensor).
pub fn add_splat(eg: &mut EGraph, ty: Type, scalar: Tensor) -> Option<Id> {
    let c = Const { full: None, splat: Some(Rc::new(scalar)) };
    let a = eg.analysis.attr_of_const(ty, &c)?;
    let v = eg.analysis.names.value;
    Some(add_op(eg, Kind::Constant, ty, vec![(v, a)], &[]))
}

impl egg::Analysis<ENode> for EqAnalysis {
    type Data = Data;

    fn make(eg: &mut EGraph, enode: &ENode, _id: Id) -> Data {
        match enode {
            ENode::Sig(s) => Data { sig: Some(*s), ..Default::default() },
            ENode::Leaf(l) => {
                let t = eg.analysis.leaves[*l as usize].ty;
                let nonneg = eg.analysis.etype(t).is_some_and(|e| e.is_unsigned_integer() || e.is_bool());
                Data { ty: Some(t), nonneg, ..Default::default() }
            }
            ENode::Op(k, ch) => {
                let s = eg[ch[0]].data.sig.expect("first child is a signature");
                let t = eg.analysis.sig(s).ty;
                let konst = super::fold::fold(eg, *k, s, &ch[1..]);
                if !konst.is_empty() {
                    eg.analysis.folded += (*k != Kind::Constant) as u64;
                }
                let nonneg = nonneg_of(eg, *k, s, &ch[1..], &konst);
                Data { ty: Some(t), sig: None, konst, nonneg }
            }
        }
    }

    fn merge(&mut self, a: &mut Data, b: Data) -> DidMerge {
        debug_assert_eq!(a.ty, b.ty, "eqsat: a rule unioned classes of different types");
        let mut da = false;
        let mut db = false;
        if a.konst.full.is_none() && b.konst.full.is_some() {
            a.konst.full = b.konst.full;
            da = true;
        } else if a.konst.full.is_some() && b.konst.full.is_none() {
            db = true;
        }
        if a.konst.splat.is_none() && b.konst.splat.is_some() {
            a.konst.splat = b.konst.splat;
            da = true;
        } else if a.konst.splat.is_some() && b.konst.splat.is_none() {
            db = true;
        }
        if !a.nonneg && b.nonneg {
            a.nonneg = true;
            da = true;
        } else if a.nonneg && !b.nonneg {
            db = true;
        }
        DidMerge(da, db)
    }

    fn modify(eg: &mut EGraph, id: Id) {
        let d = &eg[id].data;
        let Some(ty) = d.ty else { return };
        if d.konst.is_empty() {
            return;
        }
        if eg[id].nodes.iter().any(|n| matches!(n, ENode::Op(Kind::Constant, _))) {
            return;
        }
        let c = d.konst.clone();
        let Some(a) = eg.analysis.attr_of_const(ty, &c) else { return };
        let v = eg.analysis.names.value;
        let k = add_op(eg, Kind::Constant, ty, vec![(v, a)], &[]);
        eg.union_trusted(id, k, "constant-fold");
    }
}

fn nonneg_of(eg: &EGraph, k: Kind, s: SigId, ops: &[Id], konst: &Const) -> bool {
    let a = &eg.analysis;
    let t = a.sig(s).ty;
    let Some(e) = a.etype(t) else { return false };
    if e.is_unsigned_integer() || e.is_bool() {
        return true;
    }
    if let Some(full) = &konst.full {
        return full_nonneg(full);
    }
    if let Some(sp) = &konst.splat {
        return full_nonneg(sp);
    }
    if !e.is_float() {
        return false;
    }
    match k {
        Kind::Exp | Kind::Abs | Kind::Logistic => true,
        Kind::Multiply => ops.len() == 2 && eg.find(ops[0]) == eg.find(ops[1]),
        Kind::BroadcastInDim | Kind::Reshape | Kind::Transpose | Kind::Slice | Kind::Reverse => {
            ops.first().is_some_and(|&o| eg[o].data.nonneg)
        }
        Kind::Maximum => ops.iter().any(|&o| eg[o].data.nonneg),
        Kind::Minimum | Kind::Add => ops.iter().all(|&o| eg[o].data.nonneg),
        _ => false,
    }
}

/// Whether every element is `>= 0` and no float element is `-0.0` (NaN counts as non-negative:
/// `abs` keeps NaN a NaN).
fn full_nonneg(t: &Tensor) -> bool {
    use strata_reference::value::Data as D;
    match t.data() {
        D::Bool(_) | D::U64(_) => true,
        D::I64(v) => v.iter().all(|&x| x >= 0),
        D::F32(v) => v.iter().all(|&x| x.is_nan() || (x >= 0.0 && !(x == 0.0 && x.is_sign_negative()))),
        D::F64(v) => v.iter().all(|&x| x.is_nan() || (x >= 0.0 && !(x == 0.0 && x.is_sign_negative()))),
        _ => false,
    }
}
