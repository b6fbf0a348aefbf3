//! Op definitions generated from MLIR 22's ODS (`dialects/ods/gen.py` writes `gen_*.rs`), and the
//! machinery that turns them into registered ops: one interpreter of MLIR's declarative assembly
//! format ([`format`]), the custom directives it needs ([`custom`]), and a generic verifier of
//! what ODS declares (operand/result counts and segment sizes, attribute presence and kinds,
//! type constraints, `AllTypesMatch`/`TypesMatchWith`/`SameTypeOperands`, parents).
//! Dialect modules (`arith.rs`, `linalg.rs`, ...) add hand-written verifiers, folders, type
//! inference and the custom syntax of ops ODS leaves to C++.

use std::rc::Rc;

use strata_ir::dialect::{Dialect, OpInfo, Traits, VerifyError, VerifyFn};
use strata_ir::printer::type_to_string;
use strata_ir::{Attribute, Context, NamedAttribute, OpId, OpName, Type, TypeKind};

pub mod custom;
pub mod format;
pub mod gen_affine;
pub mod gen_arith;
pub mod gen_bufferization;
pub mod gen_cf;
pub mod gen_complex;
pub mod gen_linalg;
pub mod gen_math;
pub mod gen_memref;
pub mod gen_scf;
pub mod gen_tensor;
pub mod gen_ub;
pub mod gen_vector;

/// Variadicity of an operand or result.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Var {
    /// Exactly one.
    Single,
    /// Zero or one.
    Optional,
    /// Any number.
    Variadic,
    /// A variadic of variadics (segments in an attribute).
    VariadicOfVariadic,
}

/// An operand or result of an op definition.
#[derive(Debug)]
pub struct ArgDef {
    /// The ODS name (`lhs`).
    pub name: &'static str,
    /// Variadicity.
    pub var: Var,
    /// The ODS type constraint (its def name, or `anon:<summary>`).
    pub cons: &'static str,
    /// The constraint's summary (used in messages: `must be <summary>`).
    pub summary: &'static str,
}

/// The kind of an inherent attribute (a plain one-byte tag: the format interpreter dispatches
/// on it for every attribute it parses or prints).
#[derive(Debug)]
#[repr(u8)]
pub enum AttrKind {
    /// A dialect enum attribute (`#arith.fastmath<fast>`), written stripped (`<fast>`).
    DialectEnum {
        /// `#arith.fastmath`
        prefix: &'static str,
        /// A bit enum (cases combine).
        bit: bool,
        /// The separator of a bit enum's printed cases (`,` for fastmath, `, ` for overflow).
        sep: &'static str,
        /// Whether multi-bit cases (`fast`) print first.
        groups: bool,
        /// The cases: keyword and value.
        cases: &'static [(&'static str, i64)],
    },
    /// An integer enum (`predicate = 2 : i64`), written as its keyword (`slt`).
    IntEnum {
        /// Storage width.
        width: u32,
        /// The cases: keyword and value.
        cases: &'static [(&'static str, i64)],
    },
    /// `unit`
    Unit,
    /// `true` / `false`
    Bool,
    /// An integer of a fixed type, written without it.
    Int {
        /// `i64`, `i32`, `index`, ...
        ty: &'static str,
    },
    /// A float of a fixed type, written without it.
    Float {
        /// `f32` or `f64`.
        ty: &'static str,
    },
    /// A string.
    Str,
    /// A symbol name (`@name` in custom syntax, a string attribute).
    SymbolName,
    /// A symbol reference.
    SymbolRef,
    /// A type attribute (written as the type).
    Type,
    /// `array<i64: ...>`, written `[1, 2]` in custom syntax.
    DenseArray {
        /// The element type.
        elt: &'static str,
    },
    /// `affine_map<...>`
    AffineMap,
    /// An array of affine maps.
    AffineMapArray,
    /// An array attribute.
    Array,
    /// Elements attribute (`dense<...> : tensor<...>`).
    Elements,
    /// Another dialect attribute, written stripped.
    DialectAttr {
        /// `#linalg.type_fn`, ...
        prefix: &'static str,
    },
    /// A dictionary.
    Dict,
    /// Any attribute (written in full).
    Any,
}

/// An inherent attribute (a property) of an op definition.
#[derive(Debug)]
pub struct AttrDef {
    /// Name.
    pub name: &'static str,
    /// Kind.
    pub kind: AttrKind,
    /// Whether it may be absent.
    pub optional: bool,
    /// Its default value as MLIR text (materialized on creation, as MLIR's properties are).
    pub default: Option<&'static str>,
}

/// A region of an op definition.
#[derive(Debug)]
pub struct RegionDef {
    /// Name.
    pub name: &'static str,
    /// Whether any number of regions.
    pub variadic: bool,
    /// Whether the region must have one block.
    pub single_block: bool,
}

/// A successor of an op definition.
#[derive(Debug)]
pub struct SuccDef {
    /// Name.
    pub name: &'static str,
    /// Whether any number.
    pub variadic: bool,
}

/// One op of MLIR's ODS.
#[derive(Debug)]
pub struct OpDef {
    /// `dialect.op`
    pub name: &'static str,
    /// Operands in order.
    pub operands: &'static [ArgDef],
    /// Results in order.
    pub results: &'static [ArgDef],
    /// Inherent attributes.
    pub attrs: &'static [AttrDef],
    /// Regions.
    pub regions: &'static [RegionDef],
    /// Successors.
    pub successors: &'static [SuccDef],
    /// Traits and interfaces (names; parametric ones as `Name:args`).
    pub traits: &'static [&'static str],
    /// The declarative assembly format (empty: none).
    pub format: &'static str,
    /// Whether the syntax is hand-written C++ in MLIR (implemented by hand here).
    pub custom_asm: bool,
    /// Whether MLIR has a hand-written verifier.
    pub has_verifier: bool,
    /// One-line summary.
    pub summary: &'static str,
}

impl OpDef {
    /// Whether the op has the trait `t` (exact name, or `t:` prefix for parametric traits).
    pub fn has_trait(&self, t: &str) -> bool {
        self.traits.iter().any(|x| *x == t || (x.starts_with(t) && x.as_bytes().get(t.len()) == Some(&b':')))
    }
    /// The arguments of a parametric trait (`AllTypesMatch:lhs,rhs` -> `lhs,rhs`), all of them.
    pub fn trait_args<'a>(&'a self, t: &'a str) -> impl Iterator<Item = &'static str> + 'a {
        self.traits.iter().filter_map(move |x| x.strip_prefix(t).and_then(|r| r.strip_prefix(':')))
    }
    /// Index of the attribute named `n`.
    pub fn attr_index(&self, n: &str) -> Option<usize> {
        self.attrs.iter().position(|a| a.name == n)
    }
    /// The operand (`(true, i)`) or, failing that, the result (`(false, i)`) named `name`.
    pub fn value_def(&self, name: &str) -> Option<ValueDef> {
        if let Some(i) = self.operands.iter().position(|d| d.name == name) {
            return Some((true, i));
        }
        self.results.iter().position(|d| d.name == name).map(|i| (false, i))
    }
    /// Whether operands are sized by `operandSegmentSizes`.
    pub fn attr_sized_operands(&self) -> bool {
        self.has_trait("AttrSizedOperandSegments")
    }
    /// Whether results are sized by `resultSegmentSizes`.
    pub fn attr_sized_results(&self) -> bool {
        self.has_trait("AttrSizedResultSegments")
    }
}

/// A value of a region-body step of a linalg named op.
#[derive(Copy, Clone, Debug)]
pub enum V {
    /// Block argument `i`.
    Arg(usize),
    /// The value of step `n`.
    Val(usize),
}

/// A type of a region-body step of a linalg named op.
#[derive(Copy, Clone, Debug)]
pub enum T {
    /// The type of block argument `i`.
    ArgType(usize),
    /// `iN`.
    Int(u32),
    /// The op's `cast` attribute decides.
    CastAttr,
    /// `f64`
    F64,
    /// `f32`
    F32,
}

/// One step of a linalg named op's region body (OpDSL's `RegionBuilderHelper` calls).
#[derive(Copy, Clone, Debug)]
pub enum Step {
    /// `TypeFn::cast_signed` / `cast_unsigned` to a type.
    Type(&'static str, T, V),
    /// A `BinaryFn`.
    Binary(&'static str, V, V),
    /// A `UnaryFn`.
    Unary(&'static str, V),
    /// A `TernaryFn`.
    Ternary(&'static str, V, V, V),
    /// A constant (attribute text).
    Constant(&'static str),
    /// `linalg.index` of a dimension.
    Index(i64),
}

/// How a symbol of a named op's indexing maps is bound.
#[derive(Copy, Clone, Debug)]
pub enum Binding {
    /// Stays symbol `i`.
    Sym(u32),
    /// Element `i` of an integer elements attribute (strides, dilations).
    Attr(&'static str, usize),
}
pub use Binding::{Attr, Sym};

/// A linalg named op of OpDSL: its region body and indexing maps.
#[derive(Debug)]
pub struct NamedOp {
    /// `linalg.matmul`
    pub name: &'static str,
    /// Steps, each numbered as in the generated C++ (`value3`).
    pub body: &'static [(usize, Step)],
    /// Indexing maps with symbols (`affine_map<(d0..)[s0..] -> (...)>`).
    pub maps: &'static [&'static str],
    /// The symbols' bindings.
    pub bindings: &'static [Binding],
}

/// Type inference hook of an op whose format leaves result types out: operand types and
/// properties in, result types out (MLIR's `inferReturnTypes`).
pub type InferFn = fn(&mut Context, &[Type], &[NamedAttribute]) -> Result<Vec<Type>, String>;

/// What a registered ODS op carries in [`OpInfo::ext`].
pub struct OdsOp {
    /// The definition.
    pub def: &'static OpDef,
    /// The compiled assembly format.
    pub format: Option<std::rc::Rc<format::Format>>,
    /// The hand-written verifier (run after the generic one).
    pub verify: Option<VerifyFn>,
    /// Result type inference.
    pub infer: Option<InferFn>,
    /// The default values of default-valued attributes, interned at registration.
    pub defaults: std::cell::RefCell<Vec<(usize, Attribute)>>,
    /// The same per attribute definition (by index; empty before [`DialectBuilder::finish`]),
    /// for the printer's default checks.
    pub default_of: Vec<Option<Attribute>>,
    /// For linalg named ops: the OpDSL body and maps.
    pub named: Option<&'static NamedOp>,
    /// The def's relational traits, split out once (the verifier reads them for every op).
    pub relations: Relations,
    /// The names of `def.attrs` interned in the registering context (by
    /// [`DialectBuilder::finish`]; empty before): the parser and the verifier compare symbols
    /// instead of interning or comparing the names for every op.
    pub attr_syms: Vec<strata_ir::Symbol>,
    /// The symbols of the attributes the format prints itself ([`format::Format::used_attrs`]),
    /// interned with [`OdsOp::attr_syms`].
    pub used_syms: Vec<strata_ir::Symbol>,
    /// Signatures (operand and result types, attributes) that passed the signature checks of
    /// [`verify_generic`], which depend on nothing else: an op with a known signature only has
    /// its structure (regions, parent) and its hand-written verifier checked.
    pub verified: std::cell::RefCell<SignatureSet>,
    /// The emptied state of the last finished format parse of this op, reused by the next
    /// ([`format::parse_op`]).
    pub(crate) parse_scratch: std::cell::RefCell<Option<Box<format::Parsed>>>,
}

/// A set of op signatures ([`OdsOp::verified`]).
pub type SignatureSet = std::collections::HashSet<smallvec::SmallVec<[u32; 12]>, rustc_hash::FxBuildHasher>;

/// Remembered signatures per op definition, at most (a pass that makes ever new types cannot
/// grow the set without bound: it is cleared when full).
const MAX_SIGNATURES: usize = 4096;

impl OdsOp {
    /// The symbol of attribute definition `i` (interned at registration; interned now for an
    /// op built without a context).
    pub fn attr_sym(&self, ctx: &mut Context, i: usize) -> strata_ir::Symbol {
        match self.attr_syms.get(i) {
            Some(&s) => s,
            None => ctx.sym(self.def.attrs[i].name),
        }
    }

    /// The value of attribute definition `i` on `op` (property or discardable attribute), as
    /// `ctx.attr(op, name)` finds it.
    pub fn attr_of(&self, ctx: &Context, op: OpId, i: usize) -> Option<Attribute> {
        let Some(&sym) = self.attr_syms.get(i) else { return ctx.attr(op, self.def.attrs[i].name) };
        ctx.op(op).all_attrs().iter().find(|na| na.name == sym).map(|na| na.value)
    }
}

/// An operand (`(true, i)`) or result (`(false, i)`) definition of an op, by index.
pub type ValueDef = (bool, usize);

/// The relational traits of an op definition that [`verify_generic`] checks, parsed from the
/// trait strings once at registration instead of scanning them for every verified op.
#[derive(Default, Debug)]
pub struct Relations {
    /// `HasParent:a,b` arguments.
    pub has_parent: Vec<&'static str>,
    /// `SameTypeOperands`.
    pub same_type_operands: bool,
    /// `AllTypesMatch:x,y` arguments.
    pub all_types_match: Vec<&'static str>,
    /// `AllElementTypesMatch:x,y` arguments.
    pub all_element_types_match: Vec<&'static str>,
    /// `TypesMatchWith:lhs:rhs:transformer` arguments.
    pub types_match_with: Vec<&'static str>,
    /// `SameOperandsAndResultType`.
    pub same_operands_and_result_type: bool,
    /// `AttrSizedOperandSegments` ([`OpDef::attr_sized_operands`]).
    pub attr_sized_operands: bool,
    /// `AttrSizedResultSegments` ([`OpDef::attr_sized_results`]).
    pub attr_sized_results: bool,
    /// Every operand definition is a single value (segments are one value each).
    pub single_operands: bool,
    /// Every result definition is a single value.
    pub single_results: bool,
    /// Some operand's constraint is buildable ([`format::is_buildable`]).
    pub buildable_operands: bool,
    /// Some result's constraint is buildable.
    pub buildable_results: bool,
    /// `all_types_match` with each name resolved by [`OpDef::value_def`] (unknown names dropped),
    /// for type inference.
    pub all_types_match_defs: Vec<Vec<ValueDef>>,
    /// `types_match_with` as (lhs, rhs, transformer), both names resolved by
    /// [`OpDef::value_def`] (specs with an unknown name or malformed are dropped), for type
    /// inference.
    pub types_match_with_defs: Vec<(ValueDef, ValueDef, &'static str)>,
}

impl Relations {
    /// The relations of `def`.
    pub fn of(def: &'static OpDef) -> Relations {
        Relations {
            has_parent: def.trait_args("HasParent").collect(),
            same_type_operands: def.has_trait("SameTypeOperands"),
            all_types_match: def.trait_args("AllTypesMatch").collect(),
            all_element_types_match: def.trait_args("AllElementTypesMatch").collect(),
            types_match_with: def.trait_args("TypesMatchWith").collect(),
            same_operands_and_result_type: def.has_trait("SameOperandsAndResultType"),
            attr_sized_operands: def.attr_sized_operands(),
            attr_sized_results: def.attr_sized_results(),
            single_operands: def.operands.iter().all(|d| d.var == Var::Single),
            single_results: def.results.iter().all(|d| d.var == Var::Single),
            buildable_operands: def.operands.iter().any(|d| format::is_buildable(d.cons)),
            buildable_results: def.results.iter().any(|d| format::is_buildable(d.cons)),
            all_types_match_defs: def
                .trait_args("AllTypesMatch")
                .map(|names| names.split(',').filter_map(|n| def.value_def(n)).collect())
                .collect(),
            types_match_with_defs: def
                .trait_args("TypesMatchWith")
                .filter_map(|spec| {
                    let mut it = spec.splitn(3, ':');
                    let (l, r, tr) = (it.next()?, it.next()?, it.next()?);
                    Some((def.value_def(l)?, def.value_def(r)?, tr))
                })
                .collect(),
        }
    }
}

/// The ODS data of a registered op, if it has any.
pub fn ods_of(ctx: &Context, name: OpName) -> Option<&OdsOp> {
    ctx.op_info(name)?.ext.as_ref()?.downcast_ref::<OdsOp>()
}

/// The ODS data of an op.
pub fn ods_of_op(ctx: &Context, op: OpId) -> Option<&OdsOp> {
    ods_of(ctx, ctx.op(op).name())
}

/// Builds a dialect's ops from its generated table; dialect modules adjust entries by name.
pub struct DialectBuilder {
    name: &'static str,
    entries: Vec<(OpInfo, OdsOp)>,
}

impl DialectBuilder {
    /// Every op of `defs`, with its traits, inherent attributes, format-driven syntax and the
    /// generic verifier.
    pub fn new(name: &'static str, defs: &'static [OpDef]) -> Self {
        let entries = defs
            .iter()
            .map(|def| {
                let mut info = OpInfo::new(def.name).traits(traits_of(def));
                info.inherent_attrs = def.attrs.iter().map(|a| a.name).collect();
                if def.attr_sized_operands() {
                    info.inherent_attrs.push("operandSegmentSizes");
                }
                if def.attr_sized_results() {
                    info.inherent_attrs.push("resultSegmentSizes");
                }
                let fmt = if def.format.is_empty() {
                    None
                } else {
                    Some(std::rc::Rc::new(
                        format::Format::compile(def).unwrap_or_else(|e| panic!("{}: bad format: {e}", def.name)),
                    ))
                };
                if fmt.is_some() {
                    info.parse = Some(format::parse_op);
                    info.print = Some(format::print_op);
                }
                info.verify = Some(verify_generic);
                if def.attrs.iter().any(|a| a.default.is_some() && !a.optional) {
                    info.populate = Some(populate_defaults);
                }
                let ods = OdsOp {
                    def,
                    format: fmt,
                    verify: None,
                    infer: None,
                    defaults: Default::default(),
                    default_of: Vec::new(),
                    named: None,
                    relations: Relations::of(def),
                    attr_syms: Vec::new(),
                    used_syms: Vec::new(),
                    verified: Default::default(),
                    parse_scratch: Default::default(),
                };
                (info, ods)
            })
            .collect();
        DialectBuilder { name, entries }
    }

    /// The entry of op `name` (which must exist).
    pub fn op(&mut self, name: &str) -> &mut (OpInfo, OdsOp) {
        let i = self.entries.iter().position(|(i, _)| i.name == name).unwrap_or_else(|| panic!("no op {name}"));
        &mut self.entries[i]
    }

    /// Every entry (to adjust a family at once).
    pub fn entries(&mut self) -> impl Iterator<Item = &mut (OpInfo, OdsOp)> {
        self.entries.iter_mut()
    }

    /// Set a hand-written verifier (run after the generic checks).
    pub fn verifier(&mut self, name: &str, f: VerifyFn) -> &mut Self {
        self.op(name).1.verify = Some(f);
        self
    }

    /// Set a type inference function.
    pub fn infer(&mut self, name: &str, f: InferFn) -> &mut Self {
        self.op(name).1.infer = Some(f);
        self
    }

    /// Set hand-written custom syntax.
    pub fn assembly(
        &mut self,
        name: &str,
        parse: strata_ir::dialect::ParseFn,
        print: strata_ir::dialect::PrintFn,
    ) -> &mut Self {
        let e = self.op(name);
        e.0.parse = Some(parse);
        e.0.print = Some(print);
        self
    }

    /// The dialect, with default attribute values interned in `ctx`.
    pub fn finish(self, ctx: &mut Context) -> Dialect {
        let mut d = Dialect::new(self.name);
        for (mut info, mut ods) in self.entries {
            ods.attr_syms = ods.def.attrs.iter().map(|a| ctx.sym(a.name)).collect();
            if let Some(fmt) = &ods.format {
                ods.used_syms = fmt.used_attrs.iter().map(|&i| ods.attr_syms[i]).collect();
            }
            let mut defaults = Vec::new();
            for (i, a) in ods.def.attrs.iter().enumerate() {
                if let Some(text) = a.default {
                    match strata_ir::parser::parse_attr_str(ctx, text) {
                        Ok(v) => defaults.push((i, v)),
                        Err(_) => {
                            ctx.take_diagnostics();
                        }
                    }
                }
            }
            ods.default_of = vec![None; ods.def.attrs.len()];
            for &(i, v) in &defaults {
                ods.default_of[i] = Some(v);
            }
            *ods.defaults.borrow_mut() = defaults;
            info.ext = Some(Rc::new(ods));
            d = d.op(info);
        }
        d
    }
}

fn traits_of(def: &OpDef) -> Traits {
    let mut t = Traits::NONE;
    for name in def.traits {
        let (base, _) = name.split_once(':').unwrap_or((name, ""));
        t = t | match base {
            "Pure" | "NoMemoryEffect" => Traits::PURE,
            "Commutative" => Traits::COMMUTATIVE,
            "Terminator" => Traits::IS_TERMINATOR,
            "SameOperandsAndResultType" => Traits::SAME_OPERANDS_AND_RESULT_TYPE,
            "IsolatedFromAbove" => Traits::ISOLATED_FROM_ABOVE,
            "NoTerminator" => Traits::NO_TERMINATOR,
            "SingleBlock" | "SingleBlockImplicitTerminator" => Traits::SINGLE_BLOCK,
            "ReturnLike" => Traits::RETURN_LIKE,
            "ConstantLike" => Traits::CONSTANT_LIKE,
            "Elementwise" => Traits::ELEMENTWISE,
            "SameOperandsAndResultElementType" => Traits::SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE,
            "SameOperandsAndResultShape" => Traits::SAME_OPERANDS_AND_RESULT_SHAPE,
            "AffineScope" => Traits::AFFINE_SCOPE,
            "RecursiveMemoryEffects" => Traits::RECURSIVE_MEMORY_EFFECTS,
            "NoRegionArguments" => Traits::NO_REGION_ARGUMENTS,
            "HasOnlyGraphRegion" => Traits::GRAPH_REGIONS,
            _ => Traits::NONE,
        };
    }
    if def.regions.is_empty() {
        t = t | Traits::ZERO_REGIONS;
    }
    if def.results.is_empty() {
        t = t | Traits::ZERO_RESULTS;
    }
    if def.operands.is_empty() {
        t = t | Traits::ZERO_OPERANDS;
    }
    if def.results.len() == 1 && def.results[0].var == Var::Single {
        t = t | Traits::ONE_RESULT;
    }
    if def.regions.len() == 1 && !def.regions[0].variadic {
        t = t | Traits::ONE_REGION;
    }
    t
}

/// Creation hook: default-valued properties get their default (as MLIR's properties do).
fn populate_defaults(
    ctx: &mut Context,
    name: OpName,
    props: &mut Vec<NamedAttribute>,
    _attrs: &mut Vec<NamedAttribute>,
) {
    let Some(ods) = ods_of(ctx, name) else { return };
    let def = ods.def;
    if ods.attr_syms.len() == def.attrs.len() {
        // Registered ops know their attribute symbols: no string compares, no interning.
        for &(i, v) in ods.defaults.borrow().iter() {
            let sym = ods.attr_syms[i];
            if !def.attrs[i].optional && !props.iter().any(|p| p.name == sym) {
                props.push(NamedAttribute { name: sym, value: v });
            }
        }
        return;
    }
    let defaults = ods.defaults.borrow().clone();
    for (i, v) in defaults {
        if def.attrs[i].optional {
            continue;
        }
        let n = def.attrs[i].name;
        if !props.iter().any(|p| ctx.str(p.name) == n) {
            let sym = ctx.sym(n);
            props.push(NamedAttribute { name: sym, value: v });
        }
    }
}

/// The `[start, end)` ranges of each operand (or result) definition over the op's values.
pub fn segments(
    ctx: &Context,
    op: OpId,
    defs: &[ArgDef],
    total: usize,
    sizes_attr: &str,
    attr_sized: bool,
) -> Option<Segments> {
    let mut out = Segments::new();
    let mut at = 0;
    if attr_sized {
        let a = ctx.attr(op, sizes_attr)?;
        match ctx.attr_kind(a) {
            AttrKind2Ir::DenseArray { values, .. } if values.len() == defs.len() => {
                for v in values.iter() {
                    let s = (*v).max(0) as usize;
                    out.push((at, at + s));
                    at += s;
                }
            }
            _ => return None,
        }
    } else {
        let singles = defs.iter().filter(|d| d.var == Var::Single).count();
        let vars = defs.len() - singles;
        let each = if vars == 0 {
            0
        } else {
            let rest = total.checked_sub(singles)?;
            if vars > 1 && !rest.is_multiple_of(vars) {
                return None;
            }
            rest / vars
        };
        for d in defs {
            let s = if d.var == Var::Single { 1 } else { each };
            out.push((at, at + s));
            at += s;
        }
    }
    (at == total).then_some(out)
}

use strata_ir::AttrKind as AttrKind2Ir;

/// [`segments`] of `n` single-value definitions over `total` values.
fn single_segments(n: usize, total: usize) -> Option<Segments> {
    (n == total).then(|| (0..n).map(|i| (i, i + 1)).collect())
}

/// Value ranges per operand/result definition (inline for up to four definitions).
pub type Segments = smallvec::SmallVec<[(usize, usize); 4]>;

/// Operand value ranges of `op` per operand definition of `ods` (its def).
pub fn operand_segments(ctx: &Context, op: OpId, ods: &OdsOp) -> Option<Segments> {
    let attr_sized = ods.relations.attr_sized_operands;
    if ods.relations.single_operands && !attr_sized {
        return single_segments(ods.def.operands.len(), ctx.operands(op).len());
    }
    segments(ctx, op, ods.def.operands, ctx.operands(op).len(), "operandSegmentSizes", attr_sized)
}

/// Result ranges of `op` per result definition of `ods` (its def).
pub fn result_segments(ctx: &Context, op: OpId, ods: &OdsOp) -> Option<Segments> {
    let attr_sized = ods.relations.attr_sized_results;
    if ods.relations.single_results && !attr_sized {
        return single_segments(ods.def.results.len(), ctx.num_results(op));
    }
    segments(ctx, op, ods.def.results, ctx.num_results(op), "resultSegmentSizes", attr_sized)
}

/// The operands of definition `name`.
pub fn operand_group(ctx: &Context, op: OpId, name: &str) -> Vec<strata_ir::Value> {
    let Some(ods) = ods_of_op(ctx, op) else { return Vec::new() };
    let Some(i) = ods.def.operands.iter().position(|d| d.name == name) else { return Vec::new() };
    let Some(segs) = operand_segments(ctx, op, ods) else { return Vec::new() };
    ctx.operands(op)[segs[i].0..segs[i].1].to_vec()
}

fn is_float(k: &TypeKind) -> bool {
    matches!(k, TypeKind::Float(_))
}
fn is_signless_int(k: &TypeKind) -> bool {
    matches!(k, TypeKind::Integer { signedness: strata_ir::types::Signedness::Signless, .. })
}
fn is_int_any(k: &TypeKind) -> bool {
    matches!(k, TypeKind::Integer { .. })
}

/// Whether `t` is a scalar satisfying `f` or a vector/tensor of such.
fn like(ctx: &Context, t: Type, f: &dyn Fn(&TypeKind) -> bool) -> bool {
    let k = ctx.type_kind(t);
    if f(k) {
        return true;
    }
    match k {
        TypeKind::Vector { element, .. }
        | TypeKind::RankedTensor { element, .. }
        | TypeKind::UnrankedTensor { element } => f(ctx.type_kind(*element)),
        _ => false,
    }
}

fn element_ok(ctx: &Context, t: Type, f: &dyn Fn(&TypeKind) -> bool) -> bool {
    ctx.type_kind(t).element_type().map(|e| f(ctx.type_kind(e))).unwrap_or(false)
}

/// Whether `t` satisfies the ODS type constraint `cons` (unknown constraints accept).
pub fn satisfies(ctx: &Context, cons: &str, t: Type) -> bool {
    let k = ctx.type_kind(t);
    let ranked_tensor = matches!(k, TypeKind::RankedTensor { .. });
    let tensor = ranked_tensor || matches!(k, TypeKind::UnrankedTensor { .. });
    let memref = matches!(k, TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. });
    let sint_or_index = |k: &TypeKind| is_signless_int(k) || matches!(k, TypeKind::Index);
    match cons {
        "AnyType" => true,
        "FloatLike" => like(ctx, t, &is_float),
        "SignlessIntegerOrIndexLike" => like(ctx, t, &sint_or_index),
        "SignlessFixedWidthIntegerLike" | "SignlessIntegerLike" => like(ctx, t, &is_signless_int),
        "BoolLike" => like(ctx, t, &|k| {
            matches!(k, TypeKind::Integer { width: 1, signedness: strata_ir::types::Signedness::Signless })
        }),
        "Index" => matches!(k, TypeKind::Index),
        "I1" => matches!(k, TypeKind::Integer { width: 1, signedness: strata_ir::types::Signedness::Signless }),
        "I32" => matches!(k, TypeKind::Integer { width: 32, signedness: strata_ir::types::Signedness::Signless }),
        "I64" => matches!(k, TypeKind::Integer { width: 64, signedness: strata_ir::types::Signedness::Signless }),
        "AnyFloat" => is_float(k),
        "AnySignlessInteger" => is_signless_int(k),
        "AnySignlessIntegerOrIndex" => sint_or_index(k),
        "AnyInteger" => is_int_any(k),
        "AnyComplex" => matches!(k, TypeKind::Complex(_)),
        "anon:complex type with floating-point elements" => {
            matches!(k, TypeKind::Complex(e) if is_float(ctx.type_kind(*e)))
        }
        "AnyRankedTensor" => ranked_tensor,
        "AnyTensor" => tensor,
        "AnyShaped" => tensor || memref || matches!(k, TypeKind::Vector { .. }),
        "AnyMemRef" => memref,
        "AnyRankedOrUnrankedMemRef" => memref,
        "AnyVectorOfAnyRank" | "AnyVector" => matches!(k, TypeKind::Vector { .. }),
        "TensorOrMemref" => ranked_tensor || memref,
        "AnyStaticShapeTensor" => ranked_tensor && k.shape().map(|s| s.iter().all(|d| *d >= 0)).unwrap_or(false),
        "AnyNon0RankedOrUnrankedTensor" => {
            matches!(k, TypeKind::UnrankedTensor { .. })
                || (ranked_tensor && k.shape().map(|s| !s.is_empty()).unwrap_or(false))
        }
        "IndexCastTypeConstraint" => like(ctx, t, &sint_or_index) || (memref && element_ok(ctx, t, &sint_or_index)),
        "BitcastTypeConstraint" => {
            like(ctx, t, &|k| is_signless_int(k) || is_float(k))
                || (memref && element_ok(ctx, t, &|k| is_signless_int(k) || is_float(k)))
        }
        _ => {
            if let Some(s) = cons.strip_prefix("anon:") {
                if let Some(rest) = s.split_once("D tensor of ") {
                    if let Ok(n) = rest.0.parse::<usize>() {
                        return ranked_tensor && k.shape().map(|sh| sh.len() == n).unwrap_or(false);
                    }
                }
                if s.starts_with("ranked tensor of signless integer or index") {
                    return ranked_tensor && element_ok(ctx, t, &sint_or_index);
                }
                if s.starts_with("1D tensor of signless integer or index") {
                    return ranked_tensor
                        && k.shape().map(|sh| sh.len() == 1).unwrap_or(false)
                        && element_ok(ctx, t, &sint_or_index);
                }
                if s.starts_with("tensor of ") {
                    return tensor;
                }
                if s.starts_with("memref of") || s.starts_with("ranked or unranked memref") {
                    return memref;
                }
                if s.starts_with("vector of") {
                    return matches!(k, TypeKind::Vector { .. });
                }
            }
            true
        }
    }
}

/// Whether the concatenation of `parts` starts with `prefix`.
fn concat_starts_with(parts: &[&str], prefix: &str) -> bool {
    let mut rest = prefix;
    for part in parts {
        if rest.len() <= part.len() {
            return part.starts_with(rest);
        }
        match rest.strip_prefix(part) {
            Some(r) => rest = r,
            None => return false,
        }
    }
    rest.is_empty()
}

/// Whether attribute `a` has the storage `kind` requires.
fn attr_ok(ctx: &Context, kind: &AttrKind, a: Attribute) -> bool {
    let k = ctx.attr_kind(a);
    match kind {
        // `Builtin_StringAttr` (`vector.print`'s `stringLiteral`) is a builtin string.
        AttrKind::DialectAttr { prefix: "#builtin.string" } => matches!(k, AttrKind2Ir::String { .. }),
        AttrKind::DialectEnum { prefix, .. } | AttrKind::DialectAttr { prefix } => match k {
            // `#dialect.body` (pretty form) without printing it; the angle form by its text.
            AttrKind2Ir::Dialect { dialect, body, opaque: false } => {
                concat_starts_with(&["#", ctx.str(*dialect), ".", body], prefix)
            }
            AttrKind2Ir::Dialect { .. } => strata_ir::printer::attr_to_string(ctx, a).starts_with(prefix),
            _ => false,
        },
        AttrKind::IntEnum { cases, .. } => {
            matches!(k, AttrKind2Ir::Integer { value, .. } if cases.iter().any(|c| c.1 as i128 == *value))
        }
        // A `UnitProp` is `false` when unset.
        AttrKind::Unit => matches!(k, AttrKind2Ir::Unit) || matches!(k, AttrKind2Ir::Integer { value: 0, .. }),
        AttrKind::Bool => {
            matches!(k, AttrKind2Ir::Integer { ty, .. } if matches!(ctx.type_kind(*ty), TypeKind::Integer { width: 1, .. }))
        }
        AttrKind::Int { .. } => matches!(k, AttrKind2Ir::Integer { .. }),
        AttrKind::Float { .. } => matches!(k, AttrKind2Ir::Float { .. }),
        AttrKind::Str | AttrKind::SymbolName => matches!(k, AttrKind2Ir::String { .. }),
        AttrKind::SymbolRef => matches!(k, AttrKind2Ir::SymbolRef { .. }),
        AttrKind::Type => matches!(k, AttrKind2Ir::Type(_)),
        AttrKind::DenseArray { .. } => matches!(k, AttrKind2Ir::DenseArray { .. }),
        AttrKind::AffineMap => matches!(k, AttrKind2Ir::AffineMap(_)),
        AttrKind::AffineMapArray => match k {
            AttrKind2Ir::Array(xs) => xs.iter().all(|x| matches!(ctx.attr_kind(*x), AttrKind2Ir::AffineMap(_))),
            _ => false,
        },
        AttrKind::Array => matches!(k, AttrKind2Ir::Array(_)),
        AttrKind::Elements => matches!(k, AttrKind2Ir::DenseElements { .. } | AttrKind2Ir::DenseResource { .. }),
        AttrKind::Dict => matches!(k, AttrKind2Ir::Dictionary(_)),
        AttrKind::Any => true,
    }
}

fn ty_str(ctx: &Context, t: Type) -> String {
    type_to_string(ctx, t)
}

/// The types of the operands/results named `name` (an operand or result of `def`).
fn named_types(
    ctx: &Context,
    op: OpId,
    def: &OpDef,
    name: &str,
    segs: &(Option<Segments>, Option<Segments>),
) -> Option<smallvec::SmallVec<[Type; 2]>> {
    if let Some(i) = def.operands.iter().position(|d| d.name == name) {
        let segs = segs.0.as_ref()?;
        return Some(ctx.operands(op)[segs[i].0..segs[i].1].iter().map(|v| ctx.value_type(*v)).collect());
    }
    if let Some(i) = def.results.iter().position(|d| d.name == name) {
        let segs = segs.1.as_ref()?;
        return Some((segs[i].0..segs[i].1).map(|r| ctx.value_type(ctx.result(op, r))).collect());
    }
    None
}

/// Apply a `TypesMatchWith` transformer (the C++ expression of ODS) to a type.
pub fn transform_type(ctx: &mut Context, transformer: &str, t: Type) -> Option<Vec<Type>> {
    let tr = transformer.trim();
    if tr == "$_self" || tr == "::llvm::cast<Type>($_self)" {
        return Some(vec![t]);
    }
    if tr.contains("getElementType()") && !tr.contains("SmallVector") {
        let e = ctx.type_kind(t).element_type().or(match ctx.type_kind(t) {
            TypeKind::Complex(e) => Some(*e),
            _ => None,
        })?;
        return Some(vec![e]);
    }
    if tr.contains("getI1SameShape") {
        let i1 = ctx.int_type(1);
        return Some(vec![with_element(ctx, t, i1)]);
    }
    if tr.contains("getNumElements()") {
        let k = ctx.type_kind(t);
        let n: i64 = k.shape()?.iter().product();
        let e = k.element_type()?;
        return Some(vec![e; n.max(0) as usize]);
    }
    None
}

/// `t` with its element type replaced (a scalar is replaced whole).
pub fn with_element(ctx: &mut Context, t: Type, e: Type) -> Type {
    match ctx.type_kind(t).clone() {
        TypeKind::RankedTensor { shape, encoding, .. } => {
            ctx.intern_type(TypeKind::RankedTensor { shape, element: e, encoding })
        }
        TypeKind::UnrankedTensor { .. } => ctx.intern_type(TypeKind::UnrankedTensor { element: e }),
        TypeKind::Vector { shape, scalable, .. } => ctx.intern_type(TypeKind::Vector { shape, scalable, element: e }),
        _ => e,
    }
}

/// The generic ODS verifier, then the op's own.
pub fn verify_generic(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let Some(ods) = ods_of_op(ctx, op) else { return Ok(()) };
    let key = signature(ctx, op);
    if ods.verified.borrow().contains(&key[..]) {
        // The signature checks passed for this signature already: only what depends on the
        // op's place and body is left, in the order the full check makes it.
        verify_regions_of(ctx, op, ods)?;
        verify_parent(ctx, op, ods)?;
    } else {
        verify_signature_and_structure(ctx, op, ods)?;
        let mut set = ods.verified.borrow_mut();
        if set.len() >= MAX_SIGNATURES {
            set.clear();
        }
        set.insert(key);
    }
    if let Some(f) = ods.verify {
        f(ctx, op)?;
    }
    Ok(())
}

/// What the signature checks of [`verify_generic`] depend on: the context, the operand and
/// result types, and the attributes (split into properties and discardable ones).
fn signature(ctx: &Context, op: OpId) -> smallvec::SmallVec<[u32; 12]> {
    let data = ctx.op(op);
    let (operands, n_results, attrs) = (data.operands(), data.num_results(), data.all_attrs());
    let mut key = smallvec::SmallVec::<[u32; 12]>::with_capacity(5 + operands.len() + n_results + 2 * attrs.len());
    let id = ctx.id();
    key.push(id as u32);
    key.push((id >> 32) as u32);
    key.push(operands.len() as u32);
    for v in operands {
        key.push(ctx.value_type(*v).index());
    }
    key.push(n_results as u32);
    for t in ctx.result_types(op) {
        key.push(t.index());
    }
    key.push(data.properties().len() as u32);
    for a in attrs {
        key.push(a.name.index());
        key.push(a.value.index());
    }
    key
}

/// The region checks of [`verify_generic`].
fn verify_regions_of(ctx: &Context, op: OpId, ods: &OdsOp) -> Result<(), VerifyError> {
    let def = ods.def;
    let nreg = ctx.op_regions(op).len();
    let fixed_regions = def.regions.iter().filter(|r| !r.variadic).count();
    if def.regions.iter().all(|r| !r.variadic) && nreg != fixed_regions {
        return Err(format!("requires {fixed_regions} regions").into());
    }
    for (i, r) in def.regions.iter().enumerate() {
        if r.single_block && !r.variadic {
            if let Some(&rid) = ctx.op_regions(op).get(i) {
                if ctx.region_blocks(rid).len() > 1 {
                    return Err(format!(
                        "region #{i} ('{}') failed to verify constraint: region with 1 blocks",
                        r.name
                    )
                    .into());
                }
            }
        }
    }
    Ok(())
}

/// The `HasParent` checks of [`verify_generic`].
fn verify_parent(ctx: &Context, op: OpId, ods: &OdsOp) -> Result<(), VerifyError> {
    for &parents in &ods.relations.has_parent {
        let parent = ctx.parent_op(op).map(|p| ctx.op_name_of(p));
        if !parent.map(|p| parents.split(',').any(|q| q == p)).unwrap_or(false) {
            let ps: Vec<&str> = parents.split(',').collect();
            return Err(if ps.len() == 1 {
                format!("expects parent op '{}'", ps[0])
            } else {
                format!("expects parent op to be one of '{}'", ps.join(", "))
            }
            .into());
        }
    }
    Ok(())
}

/// Every check of [`verify_generic`] but the hand-written verifier.
fn verify_signature_and_structure(ctx: &Context, op: OpId, ods: &OdsOp) -> Result<(), VerifyError> {
    let def = ods.def;
    // Counts.
    let nops = ctx.operands(op).len();
    let singles = def.operands.iter().filter(|d| d.var == Var::Single).count();
    let has_var = singles != def.operands.len();
    if !has_var && nops != singles {
        return Err(format!("expected {singles} operands, but found {nops}").into());
    }
    if has_var && nops < singles {
        return Err(format!("expected {singles} or more operands, but found {nops}").into());
    }
    let nres = ctx.num_results(op);
    let rsingles = def.results.iter().filter(|d| d.var == Var::Single).count();
    let rvar = rsingles != def.results.len();
    if !rvar && nres != rsingles {
        return Err(format!("expected {rsingles} results, but found {nres}").into());
    }
    if rvar && nres < rsingles {
        return Err(format!("expected {rsingles} or more results, but found {nres}").into());
    }
    verify_regions_of(ctx, op, ods)?;
    // Segment sizes.
    let rel = &ods.relations;
    for (attr_sized, attr, defs, total, what) in [
        (rel.attr_sized_operands, "operandSegmentSizes", def.operands, nops, "operand"),
        (rel.attr_sized_results, "resultSegmentSizes", def.results, nres, "result"),
    ] {
        if !attr_sized {
            continue;
        }
        let Some(a) = ctx.attr(op, attr) else {
            return Err(
                format!("'{attr}' attribute for specifying {what} segments must have {} elements", defs.len()).into()
            );
        };
        let AttrKind2Ir::DenseArray { values, .. } = ctx.attr_kind(a) else {
            return Err(format!("'{attr}' attribute for specifying {what} segments must be a dense i32 array").into());
        };
        if values.len() != defs.len() {
            return Err(format!(
                "'{attr}' attribute for specifying {what} segments must have {} elements, but got {}",
                defs.len(),
                values.len()
            )
            .into());
        }
        let sum: i64 = values.iter().sum();
        if sum as usize != total || values.iter().any(|v| *v < 0) {
            return Err(format!(
                "{what} count ({total}) does not match with the total size ({sum}) specified in attribute '{attr}'"
            )
            .into());
        }
        for (d, v) in defs.iter().zip(values) {
            if d.var == Var::Single && *v != 1 {
                return Err(format!("{what} group '{}' requires 1 value, got {v}", d.name).into());
            }
            if d.var == Var::Optional && *v > 1 {
                return Err(format!("{what} group '{}' requires 0 or 1 element, but found {v}", d.name).into());
            }
        }
    }
    // Attributes.
    for (i, a) in def.attrs.iter().enumerate() {
        match ods.attr_of(ctx, op, i) {
            None => {
                if !a.optional && a.default.is_none() && !matches!(a.kind, AttrKind::Unit) {
                    return Err(format!("requires attribute '{}'", a.name).into());
                }
            }
            Some(v) => {
                if !attr_ok(ctx, &a.kind, v) {
                    return Err(format!(
                        "attribute '{}' failed to satisfy constraint: {}",
                        a.name,
                        kind_summary(&a.kind)
                    )
                    .into());
                }
            }
        }
    }
    // Type constraints.
    let segs = (operand_segments(ctx, op, ods), result_segments(ctx, op, ods));
    if let Some(segs) = &segs.0 {
        let operands = ctx.operands(op);
        for (d, (s, e)) in def.operands.iter().zip(segs) {
            for (i, v) in operands[*s..*e].iter().enumerate() {
                let t = ctx.value_type(*v);
                if !satisfies(ctx, d.cons, t) {
                    let _ = i;
                    return Err(format!(
                        "operand #{} must be {}, but got '{}'",
                        s + i,
                        variadic_summary(d),
                        ty_str(ctx, t)
                    )
                    .into());
                }
            }
        }
    }
    if let Some(segs) = &segs.1 {
        for (d, (s, e)) in def.results.iter().zip(segs) {
            for r in *s..*e {
                let t = ctx.value_type(ctx.result(op, r));
                if !satisfies(ctx, d.cons, t) {
                    return Err(
                        format!("result #{r} must be {}, but got '{}'", variadic_summary(d), ty_str(ctx, t)).into()
                    );
                }
            }
        }
    }
    verify_parent(ctx, op, ods)?;
    // Type relations.
    if rel.same_type_operands {
        let ts: Vec<Type> = ctx.operands(op).iter().map(|v| ctx.value_type(*v)).collect();
        if ts.windows(2).any(|w| w[0] != w[1]) {
            return Err("requires all operands to have the same type".into());
        }
    }
    for &names in &rel.all_types_match {
        let mut first: Option<Type> = None;
        for n in names.split(',') {
            for t in named_types(ctx, op, def, n, &segs).unwrap_or_default() {
                match first {
                    None => first = Some(t),
                    Some(f) if f != t => {
                        return Err(format!(
                            "failed to verify that all of {{{}}} have same type",
                            names.split(',').collect::<Vec<_>>().join(", ")
                        )
                        .into())
                    }
                    _ => {}
                }
            }
        }
    }
    for &names in &rel.all_element_types_match {
        let mut first: Option<Type> = None;
        for n in names.split(',') {
            for t in named_types(ctx, op, def, n, &segs).unwrap_or_default() {
                let e = ctx.type_kind(t).element_type().unwrap_or(t);
                match first {
                    None => first = Some(e),
                    Some(f) if f != e => {
                        return Err(format!(
                            "failed to verify that all of {{{}}} have same element type",
                            names.split(',').collect::<Vec<_>>().join(", ")
                        )
                        .into())
                    }
                    _ => {}
                }
            }
        }
    }
    for &spec in &rel.types_match_with {
        let mut it = spec.splitn(3, ':');
        let (Some(lhs), Some(rhs), Some(tr)) = (it.next(), it.next(), it.next()) else { continue };
        let (Some(l), Some(r)) = (named_types(ctx, op, def, lhs, &segs), named_types(ctx, op, def, rhs, &segs)) else {
            continue;
        };
        if l.len() != 1 {
            continue;
        }
        // `transform_type` interns; verify on a scratch copy of the answer by comparing kinds.
        if let Some(want) = transform_type_ro(ctx, tr, l[0]) {
            // An absent optional operand or result (`OptionalTypesMatchWith`) is not checked.
            if r.is_empty() && !matches!(want, Want::ElemN(..)) {
                continue;
            }
            if !want.matches(ctx, &r) {
                return Err(format!("failed to verify that {rhs} type matches {lhs} type").into());
            }
        }
    }
    Ok(())
}

/// A transformer's answer computed without interning.
enum Want {
    Same(Type),
    Elem(Type),
    I1Shape(Type),
    ElemN(Type, usize),
}

impl Want {
    fn matches(&self, ctx: &Context, r: &[Type]) -> bool {
        match self {
            Want::Same(t) | Want::Elem(t) => r == [*t],
            Want::ElemN(t, n) => r.len() == *n && r.iter().all(|x| x == t),
            Want::I1Shape(l) => {
                if r.len() != 1 {
                    return false;
                }
                let (lk, rk) = (ctx.type_kind(*l), ctx.type_kind(r[0]));
                let i1 = |k: &TypeKind| {
                    matches!(k, TypeKind::Integer { width: 1, signedness: strata_ir::types::Signedness::Signless })
                };
                match (lk.shape(), rk.shape()) {
                    (None, None) => i1(rk) && !lk.is_shaped() && !rk.is_shaped(),
                    (Some(a), Some(b)) => {
                        a == b
                            && std::mem::discriminant(lk) == std::mem::discriminant(rk)
                            && rk.element_type().map(|e| i1(ctx.type_kind(e))).unwrap_or(false)
                    }
                    _ => false,
                }
            }
        }
    }
}

fn transform_type_ro(ctx: &Context, tr: &str, t: Type) -> Option<Want> {
    let tr = tr.trim();
    if tr == "$_self" || tr == "::llvm::cast<Type>($_self)" {
        return Some(Want::Same(t));
    }
    if tr.contains("getNumElements()") {
        let k = ctx.type_kind(t);
        let n: i64 = k.shape()?.iter().product();
        return Some(Want::ElemN(k.element_type()?, n.max(0) as usize));
    }
    if tr.contains("getElementType()") {
        let e = ctx.type_kind(t).element_type().or(match ctx.type_kind(t) {
            TypeKind::Complex(e) => Some(*e),
            _ => None,
        })?;
        return Some(Want::Elem(e));
    }
    if tr.contains("getI1SameShape") {
        return Some(Want::I1Shape(t));
    }
    None
}

fn variadic_summary(d: &ArgDef) -> String {
    match d.var {
        Var::Variadic => format!("variadic of {}", d.summary),
        _ => d.summary.to_string(),
    }
}

fn kind_summary(k: &AttrKind) -> String {
    match k {
        AttrKind::IntEnum { width, cases } => format!(
            "allowed {width}-bit signless integer cases: {}",
            cases.iter().map(|c| c.1.to_string()).collect::<Vec<_>>().join(", ")
        ),
        AttrKind::DenseArray { elt } => format!("{elt} dense array attribute"),
        AttrKind::Int { ty } => format!("{ty} attribute"),
        AttrKind::Unit => "unit attribute".into(),
        AttrKind::Bool => "bool attribute".into(),
        AttrKind::Str => "string attribute".into(),
        AttrKind::AffineMapArray => "AffineMap array attribute".into(),
        AttrKind::AffineMap => "AffineMap attribute".into(),
        AttrKind::Array => "array attribute".into(),
        AttrKind::Type => "any type attribute".into(),
        AttrKind::DialectEnum { prefix, .. } | AttrKind::DialectAttr { prefix } => format!("{prefix} attribute"),
        _ => "attribute of the declared kind".into(),
    }
}

/// The registered op count of a dialect's table (for reports and tests).
pub fn op_count(defs: &[OpDef]) -> usize {
    defs.len()
}

/// The attribute-body hook of a dialect whose enum attributes are in `defs`: `body` is what
/// follows `#dialect.` (`fastmath<nnan,ninf>`); returns the canonical text (`fastmath<nnan, ninf>`),
/// or an error naming the valid keywords. Bodies of other attributes are kept verbatim.
pub fn enum_attr_body(
    defs: &'static [OpDef],
    prefix: &str,
    body: &str,
    opaque: bool,
) -> Result<Option<String>, Vec<strata_ir::dialect::BodyError>> {
    if opaque {
        return Ok(None);
    }
    let Some((mnemonic, rest)) = body.split_once('<') else { return Ok(None) };
    let Some(inner) = rest.strip_suffix('>') else { return Ok(None) };
    let full = format!("{prefix}{}", mnemonic.trim());
    for d in defs {
        for a in d.attrs {
            if let AttrKind::DialectEnum { prefix: p, bit, sep, cases, .. } = &a.kind {
                if *p != full {
                    continue;
                }
                let words: Vec<String> =
                    inner.split(',').map(|w| w.trim().to_string()).filter(|w| !w.is_empty()).collect();
                for w in &words {
                    if !cases.iter().any(|c| c.0 == w) {
                        return Err(vec![strata_ir::dialect::BodyError {
                            offset: None,
                            message: format!(
                                "expected one of [{}] for {}, got: {w}",
                                cases.iter().map(|c| c.0).collect::<Vec<_>>().join(", "),
                                mnemonic.trim()
                            ),
                        }]);
                    }
                }
                if words.is_empty() || (!bit && words.len() != 1) {
                    return Err(vec![strata_ir::dialect::BodyError {
                        offset: None,
                        message: format!("invalid {} value", mnemonic.trim()),
                    }]);
                }
                return Ok(Some(format!("{}<{}>", mnemonic.trim(), format::canonical_enum(cases, *bit, sep, &words))));
            }
        }
    }
    Ok(None)
}
