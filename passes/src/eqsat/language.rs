//! The language of the e-graph: one e-node per StableHLO op (egg's `Language`).
//!
//! An op enters as [`ENode::Op`]: its [`Kind`] (the op's identity) and its children, of which
//! the first is always the class of the op's **signature** — a [`ENode::Sig`] leaf standing for
//! a [`Sig`]: the op name, the result type, the attributes (interned [`Attribute`] handles) and,
//! for ops with regions, the region's identity. The operands follow. Putting the signature in a
//! child class keeps the node small and hash-consed (equal signatures are one class), and lets
//! rules bind it like any operand: `(transpose ?s1 (transpose ?s2 ?x))` reads both
//! permutations from `?s1` and `?s2`.
//!
//! Values the e-graph does not understand (block arguments, results of opaque ops, values of
//! enclosing blocks) are [`ENode::Leaf`]s: nothing crosses them.
//!
//! Architecture invariant: every class holding an [`ENode::Op`] has one result type (the type
//! of its signature); rules only union classes of equal types.

use std::fmt;
use std::str::FromStr;

use egg::{Id, Language};
use smallvec::SmallVec;
use strata_ir::{Attribute, NamedAttribute, OpId, OpName, Type};
use strata_reference::kernels::ReduceKind;

macro_rules! kinds {
    ($($v:ident = $n:literal),* $(,)?) => {
        /// The op kinds the rules, the folder and the cost model know by name; every other pure
        /// StableHLO op is [`Kind::Other`] (its name is in its signature).
        #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
        #[allow(missing_docs)]
        pub enum Kind { $($v,)* Other }

        impl Kind {
            /// Every named kind.
            pub const ALL: &'static [Kind] = &[$(Kind::$v),*];

            /// The op name without the dialect prefix (`add`), `op` for [`Kind::Other`].
            pub fn short_name(self) -> &'static str {
                match self { $(Kind::$v => $n,)* Kind::Other => "op" }
            }

            /// The kind of a short (`add`) or full (`stablehlo.add`) op name.
            pub fn from_name(s: &str) -> Option<Kind> {
                let s = s.strip_prefix("stablehlo.").unwrap_or(s);
                match s { $($n => Some(Kind::$v),)* _ => None }
            }
        }
    };
}

kinds! {
    Abs = "abs", Add = "add", And = "and", Atan2 = "atan2", BitcastConvert = "bitcast_convert",
    Broadcast = "broadcast", BroadcastInDim = "broadcast_in_dim", Cbrt = "cbrt", Ceil = "ceil",
    Clamp = "clamp", Clz = "count_leading_zeros", Compare = "compare", Complex = "complex",
    Concatenate = "concatenate", Constant = "constant", Convert = "convert",
    Convolution = "convolution", Cosine = "cosine", Divide = "divide", Dot = "dot",
    DotGeneral = "dot_general", DynamicSlice = "dynamic_slice",
    DynamicUpdateSlice = "dynamic_update_slice", Exp = "exponential", Expm1 = "exponential_minus_one",
    Floor = "floor", Gather = "gather", Imag = "imag", Iota = "iota", IsFinite = "is_finite",
    Log = "log", Log1p = "log_plus_one", Logistic = "logistic", Map = "map", Maximum = "maximum",
    Minimum = "minimum", Multiply = "multiply", Negate = "negate", Not = "not", Or = "or",
    Pad = "pad", Popcnt = "popcnt", Power = "power", Real = "real", Reduce = "reduce",
    ReducePrecision = "reduce_precision", ReduceWindow = "reduce_window", Remainder = "remainder",
    Reshape = "reshape", Reverse = "reverse", RoundAfz = "round_nearest_afz",
    RoundEven = "round_nearest_even", Rsqrt = "rsqrt", Select = "select", ShiftLeft = "shift_left",
    ShiftRightArithmetic = "shift_right_arithmetic", ShiftRightLogical = "shift_right_logical",
    Sign = "sign", Sine = "sine", Slice = "slice", Sort = "sort", Sqrt = "sqrt", Subtract = "subtract",
    Tan = "tan", Tanh = "tanh", Transpose = "transpose", Xor = "xor",
}

impl Kind {
    /// Elementwise ops of one operand (the result has the operand's shape).
    pub fn is_unary_elementwise(self) -> bool {
        use Kind::*;
        matches!(
            self,
            Abs | Cbrt
                | Ceil
                | Clz
                | Convert
                | Cosine
                | Exp
                | Expm1
                | Floor
                | Imag
                | IsFinite
                | Log
                | Log1p
                | Logistic
                | Negate
                | Not
                | Popcnt
                | Real
                | RoundAfz
                | RoundEven
                | Rsqrt
                | Sign
                | Sine
                | Sqrt
                | Tan
                | Tanh
                | ReducePrecision
        )
    }

    /// Elementwise ops of two operands of one shape (`compare` and `complex` included).
    pub fn is_binary_elementwise(self) -> bool {
        use Kind::*;
        matches!(
            self,
            Add | And
                | Atan2
                | Complex
                | Compare
                | Divide
                | Maximum
                | Minimum
                | Multiply
                | Or
                | Power
                | Remainder
                | ShiftLeft
                | ShiftRightArithmetic
                | ShiftRightLogical
                | Subtract
                | Xor
        )
    }

    /// Any elementwise op (`select` and `clamp` included: every operand of the result's shape
    /// or a scalar).
    pub fn is_elementwise(self) -> bool {
        self.is_unary_elementwise() || self.is_binary_elementwise() || matches!(self, Kind::Select | Kind::Clamp)
    }

    /// The binary op of a recognized reducer.
    pub fn of_reducer(k: ReduceKind) -> Kind {
        match k {
            ReduceKind::Add => Kind::Add,
            ReduceKind::Mul => Kind::Multiply,
            ReduceKind::Max => Kind::Maximum,
            ReduceKind::Min => Kind::Minimum,
            ReduceKind::And => Kind::And,
            ReduceKind::Or => Kind::Or,
            ReduceKind::Xor => Kind::Xor,
        }
    }
}

/// The identity of an op's regions, part of its signature.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum RegionKey {
    /// A body that is one binary op of its two scalar arguments (`reduce` with `add`, ...), of
    /// the given scalar type: equal reducers are one identity, and rules can build them.
    Reducer(ReduceKind, Type),
    /// Any other regions: those of this op (identity by op; rebuilt by cloning them).
    Op(OpId),
}

/// An op's signature: everything but its kind and operands. Ops of named kinds without
/// attributes and of one result type share a signature (so `(add ?s ?x (negate ?s ?y))` is a
/// well-formed pattern); [`Kind::Other`] ops carry their name here.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Sig {
    /// The op's name, for [`Kind::Other`] ops only.
    pub name: Option<OpName>,
    /// The result type.
    pub ty: Type,
    /// Properties and discardable attributes, sorted by name (interned handles).
    pub attrs: Vec<NamedAttribute>,
    /// The regions, for ops that have them.
    pub region: Option<RegionKey>,
}

impl Sig {
    /// The attribute named by the interned symbol `name`.
    pub fn attr(&self, name: strata_ir::Symbol) -> Option<Attribute> {
        self.attrs.iter().find(|a| a.name == name).map(|a| a.value)
    }
}

/// Index of an interned [`Sig`] in the analysis's signature table.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct SigId(pub u32);

/// An e-node.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum ENode {
    /// An op: children are `[signature, operands...]`.
    Op(Kind, SmallVec<[Id; 3]>),
    /// An op signature (a leaf).
    Sig(SigId),
    /// An opaque value (a leaf), by index in the analysis's leaf table.
    Leaf(u32),
}

impl ENode {
    /// The op kind, for op nodes.
    pub fn kind(&self) -> Option<Kind> {
        match self {
            ENode::Op(k, _) => Some(*k),
            _ => None,
        }
    }

    /// The signature class of an op node.
    pub fn sig_class(&self) -> Option<Id> {
        match self {
            ENode::Op(_, c) => c.first().copied(),
            _ => None,
        }
    }

    /// The operand classes of an op node (its children after the signature).
    pub fn operands(&self) -> &[Id] {
        match self {
            ENode::Op(_, c) => &c[1..],
            _ => &[],
        }
    }
}

/// What a node's discriminant is: op nodes by kind, leaves by variant.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Discriminant {
    /// An op of this kind.
    Op(Kind),
    /// A signature leaf.
    Sig,
    /// An opaque leaf.
    Leaf,
}

impl Language for ENode {
    type Discriminant = Discriminant;

    fn discriminant(&self) -> Discriminant {
        match self {
            ENode::Op(k, _) => Discriminant::Op(*k),
            ENode::Sig(_) => Discriminant::Sig,
            ENode::Leaf(_) => Discriminant::Leaf,
        }
    }

    fn matches(&self, other: &Self) -> bool {
        match (self, other) {
            (ENode::Op(a, ca), ENode::Op(b, cb)) => a == b && ca.len() == cb.len(),
            (ENode::Sig(a), ENode::Sig(b)) => a == b,
            (ENode::Leaf(a), ENode::Leaf(b)) => a == b,
            _ => false,
        }
    }

    fn children(&self) -> &[Id] {
        match self {
            ENode::Op(_, c) => c,
            _ => &[],
        }
    }

    fn children_mut(&mut self) -> &mut [Id] {
        match self {
            ENode::Op(_, c) => c,
            _ => &mut [],
        }
    }
}

impl fmt::Display for ENode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ENode::Op(k, _) => f.write_str(k.short_name()),
            ENode::Sig(s) => write!(f, "sig{}", s.0),
            ENode::Leaf(l) => write!(f, "leaf{l}"),
        }
    }
}

/// Error of [`egg::FromOp`]: an unknown op name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownOp(pub String);

impl fmt::Display for UnknownOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown op `{}` in an eqsat pattern", self.0)
    }
}

impl std::error::Error for UnknownOp {}

impl egg::FromOp for ENode {
    type Error = UnknownOp;

    fn from_op(op: &str, children: Vec<Id>) -> Result<Self, Self::Error> {
        if children.is_empty() {
            if let Some(n) = op.strip_prefix("sig").and_then(|n| u32::from_str(n).ok()) {
                return Ok(ENode::Sig(SigId(n)));
            }
            if let Some(n) = op.strip_prefix("leaf").and_then(|n| u32::from_str(n).ok()) {
                return Ok(ENode::Leaf(n));
            }
        }
        match Kind::from_name(op) {
            Some(k) if !children.is_empty() => Ok(ENode::Op(k, children.into())),
            _ => Err(UnknownOp(op.to_string())),
        }
    }
}

/// egg's e-graph over this language and analysis.
pub type EGraph = egg::EGraph<ENode, super::analysis::EqAnalysis>;
/// A rewrite over this language and analysis.
pub type Rewrite = egg::Rewrite<ENode, super::analysis::EqAnalysis>;
