//! The [`Context`]: owner of everything (MLIR's `MLIRContext` plus the IR it holds).
//!
//! MLIR splits ownership between the context (uniqued types and attributes) and the IR tree
//! (operations own their regions). Strata keeps both in one context with arenas, so handles
//! ([`Type`], [`Attribute`], [`OpId`], [`BlockId`], [`RegionId`], [`Value`]) are small `Copy`
//! indices and no lifetimes leak into pass code.
//!
//! Architecture invariants:
//! - Types and attributes are interned: structural equality is handle equality.
//! - Every use of a value is recorded in that value's use list; all mutation of operands goes
//!   through the context so use lists stay exact. Replace-all-uses and erase cost O(uses).
//! - Erased operations, blocks and regions leave a tombstone; handles to them must not be used.

use rustc_hash::{FxBuildHasher, FxHashMap as HashMap};

type IndexSet<T> = indexmap::IndexSet<T, FxBuildHasher>;
use std::rc::Rc;

use crate::attributes::{AttrKind, Attribute, FloatBits, Location, NamedAttribute, COMPACT_LOC};
use crate::diagnostics::{Diagnostic, Severity};
use crate::dialect::{Dialect, OpInfo};
use crate::ir::*;
use crate::types::{FloatKind, Signedness, Type, TypeKind};

/// `loc("file":line:col)` locations (without a range end), stored apart from the other
/// attributes: every parsed or read op has one, so a 200,000-op file interns 200,000 of them.
/// As entries of the attribute set they took ~80 bytes each (a hashed 64-byte `AttrKind`) and
/// most of the parser's interning time; here an entry is 12 bytes plus a 4-byte hash slot and an
/// 8-byte lazily filled view. Interning stays exact (one handle per location: [`Context::intern_attr`]
/// routes these locations here), handles are `COMPACT_LOC | index`, and
/// [`Context::attr_kind`] makes the `AttrKind` view of one the first time it is asked for
/// (printing without debug info never asks).
#[derive(Default)]
struct CompactLocs {
    entries: Vec<(Symbol, u32, u32)>,
    index: hashbrown::HashTable<u32>,
    /// The `AttrKind` of a location, made when first asked for (rarely: printing and the
    /// verifier use `entries`), in chunks of [`KIND_CHUNK`] allocated on first use: nothing
    /// per location is written while a module is read.
    kinds: Vec<std::cell::OnceCell<KindChunk>>,
}

impl CompactLocs {
    /// A hash whose low 32 bits follow the source position (hashbrown picks the bucket from the
    /// low bits), so the locations of consecutive ops — interned in source order by the parser
    /// and the bytecode reader — land in neighbouring buckets instead of a cache miss each; the
    /// high bits (hashbrown's 7-bit tag among them) are well mixed.
    fn hash(key: (Symbol, u32, u32)) -> u64 {
        use std::hash::BuildHasher;
        let (file, line, col) = key;
        let pos = line.wrapping_mul(4).wrapping_add(col).wrapping_add(file.0.wrapping_mul(0x9E37_79B9));
        (FxBuildHasher.hash_one(key) & !0xFFFF_FFFF) | pos as u64
    }

    fn find(&self, key: (Symbol, u32, u32)) -> Option<u32> {
        self.index.find(Self::hash(key), |&i| self.entries[i as usize] == key).copied()
    }

    fn intern(&mut self, key: (Symbol, u32, u32)) -> Option<u32> {
        let entries = &self.entries;
        let next = entries.len() as u32;
        if next >= COMPACT_LOC {
            return None; // handle space exhausted: the caller stores it as a regular attribute
        }
        let e =
            self.index.entry(Self::hash(key), |&i| entries[i as usize] == key, |&i| Self::hash(entries[i as usize]));
        match e {
            hashbrown::hash_table::Entry::Occupied(o) => Some(*o.get()),
            hashbrown::hash_table::Entry::Vacant(v) => {
                v.insert(next);
                crate::prefetch::populate_ahead(&mut self.entries);
                self.entries.push(key);
                if (next as usize).is_multiple_of(KIND_CHUNK) {
                    self.kinds.push(std::cell::OnceCell::new());
                }
                Some(next)
            }
        }
    }

    fn reserve(&mut self, n: usize) {
        let entries = &self.entries;
        self.index.reserve(n, |&i| Self::hash(entries[i as usize]));
        self.entries.reserve(n);
    }

    fn kind(&self, i: u32) -> Option<&AttrKind> {
        let (file, line, col) = *self.entries.get(i as usize)?;
        let chunk = self.kinds[i as usize / KIND_CHUNK]
            .get_or_init(|| (0..KIND_CHUNK).map(|_| std::cell::OnceCell::new()).collect());
        let k = chunk[i as usize % KIND_CHUNK]
            .get_or_init(|| Box::new(AttrKind::Location(Location::FileLineCol { file, line, col, end: None })));
        Some(k)
    }
}

/// An interned string (identifier, attribute name, file name, symbol name).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Symbol(pub(crate) u32);

impl Symbol {
    /// Raw index (dense: a context numbers its symbols 0, 1, 2, ...).
    pub fn index(self) -> u32 {
        self.0
    }
}

/// Compact locations per chunk of their lazily made kinds (`CompactLocs::kinds`).
const KIND_CHUNK: usize = 1024;
/// The lazily made kinds of [`KIND_CHUNK`] compact locations.
type KindChunk = Box<[std::cell::OnceCell<Box<AttrKind>>]>;

/// Owner of interned types, attributes, strings, the dialect registry, the IR arenas and the
/// diagnostics emitted so far.
pub struct Context {
    /// A number unique to this context in the process (tables keyed by handles check it).
    id: u64,
    strings: IndexSet<Box<str>>,
    types: IndexSet<TypeKind>,
    attrs: IndexSet<AttrKind>,
    locs: CompactLocs,
    op_names: Vec<OpNameData>,
    op_name_index: HashMap<Box<str>, OpName>,
    dialects: indexmap::IndexMap<String, Rc<Dialect>>,
    pub(crate) ops: Vec<OpData>,
    /// The data of every op's result 0, indexed by op (see [`OpData`]'s `n_results`).
    pub(crate) first_results: Vec<crate::ir::ValueData>,
    /// Use-list links, one per operand of every op ([`crate::ir::UseLink`]).
    pub(crate) use_links: Vec<crate::ir::UseLink>,
    pub(crate) blocks: Vec<BlockData>,
    pub(crate) regions: Vec<RegionData>,
    /// Whether operations of unregistered dialects are accepted (`--allow-unregistered-dialect`).
    pub allow_unregistered: bool,
    diagnostics: Vec<Diagnostic>,
    /// Source texts by file name, for rendering diagnostics with the source line and a caret.
    /// (Shared: a tool hands over the text it read — or mapped — without copying it.)
    pub sources: HashMap<String, crate::source::SourceText>,
    /// Blobs of `dense_resource` attributes from `{-# dialect_resources: ... #-}`, by dialect and key.
    pub resources: indexmap::IndexMap<(String, String), String>,
    /// External resources other than dialect resources, kept verbatim (group, key, value text).
    pub external_resources: Vec<(String, String, String)>,
    unknown_loc: Attribute,
    /// Typed payloads of dialect attributes and types (by handle index), computed by the
    /// dialect's payload hook when the attribute or type is first interned.
    attr_payloads: HashMap<u32, Rc<dyn std::any::Any>>,
    type_payloads: HashMap<u32, Rc<dyn std::any::Any>>,
}

/// Data of an interned operation name.
pub struct OpNameData {
    /// The full name, e.g. `stablehlo.add`.
    pub name: Box<str>,
    /// Length of the dialect prefix (text before the first `.`), 0 if none.
    pub dialect_len: usize,
    /// The registered definition, if the op's dialect registered it.
    pub info: Option<Rc<OpInfo>>,
}

impl Default for Context {
    fn default() -> Self {
        Self::new()
    }
}

impl Context {
    /// A context with only the builtin dialect.
    pub fn new() -> Self {
        static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        let mut ctx = Context {
            id: NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            strings: IndexSet::default(),
            types: IndexSet::default(),
            attrs: IndexSet::default(),
            locs: CompactLocs::default(),
            op_names: Vec::new(),
            op_name_index: HashMap::default(),
            dialects: indexmap::IndexMap::new(),
            ops: Vec::new(),
            first_results: Vec::new(),
            use_links: Vec::new(),
            blocks: Vec::new(),
            regions: Vec::new(),
            allow_unregistered: false,
            diagnostics: Vec::new(),
            sources: HashMap::default(),
            resources: indexmap::IndexMap::new(),
            external_resources: Vec::new(),
            unknown_loc: Attribute(0),
            attr_payloads: HashMap::default(),
            type_payloads: HashMap::default(),
        };
        ctx.unknown_loc = ctx.intern_attr(AttrKind::Location(Location::Unknown));
        crate::builtin::register(&mut ctx);
        ctx
    }

    /// A number unique to this context within the process: tables keyed by its handles (op
    /// names, attributes) use it to tell contexts apart.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// Reserve arena room for about `ops` more operations (and one location attribute each),
    /// so parsing a large file does not repeatedly reallocate and copy the arenas.
    pub(crate) fn reserve_for_ops(&mut self, ops: usize) {
        self.reserve_op_arenas(ops);
        self.locs.reserve(ops);
    }

    /// The arenas filled per op: the op data, the result-0 table (one entry per op) and the use
    /// links (about two operands an op).
    fn reserve_op_arenas(&mut self, ops: usize) {
        self.ops.reserve(ops);
        self.first_results.reserve(ops);
        self.use_links.reserve(ops.saturating_mul(2));
    }

    /// Reserve room for about `ops` more operations, `attrs` attributes and `types` types (the
    /// bytecode reader knows the attribute and type counts from its tables).
    pub(crate) fn reserve_for_bytecode(&mut self, ops: usize, attrs: usize, types: usize) {
        self.reserve_op_arenas(ops);
        // Most attributes of a large module are its ops' locations.
        self.attrs.reserve(attrs.min(1024));
        self.locs.reserve(attrs);
        self.types.reserve(types);
    }

    // ----- strings -----

    /// Intern a string.
    pub fn sym(&mut self, s: &str) -> Symbol {
        if let Some(i) = self.strings.get_index_of(s) {
            return Symbol(i as u32);
        }
        let (i, _) = self.strings.insert_full(s.into());
        Symbol(i as u32)
    }

    /// Look up an already interned string without interning it.
    pub fn lookup_sym(&self, s: &str) -> Option<Symbol> {
        self.strings.get_index_of(s).map(|i| Symbol(i as u32))
    }

    /// The text of an interned string.
    pub fn str(&self, s: Symbol) -> &str {
        &self.strings[s.0 as usize]
    }

    // ----- types -----

    /// Intern a type.
    pub fn intern_type(&mut self, kind: TypeKind) -> Type {
        // The form flag of a dialect type follows from its body (see `dialect_body_prints_pretty`).
        let kind = match kind {
            TypeKind::Dialect { dialect, body, .. } => {
                let opaque = !crate::attributes::dialect_body_prints_pretty(&body);
                TypeKind::Dialect { dialect, body, opaque }
            }
            k => k,
        };
        // One probe: `insert_full` returns the existing index when present.
        let (i, new) = self.types.insert_full(kind);
        if new {
            if let TypeKind::Dialect { dialect, body, opaque } = &self.types[i] {
                let hook = self.dialects.get(self.str(*dialect)).and_then(|d| d.type_payload);
                if let Some(p) = hook.and_then(|f| f(body, *opaque)) {
                    self.type_payloads.insert(i as u32, p);
                }
            }
        }
        Type(i as u32)
    }

    /// The handle of a type if it is already interned (no interning).
    pub fn lookup_type(&self, kind: &TypeKind) -> Option<Type> {
        self.types.get_index_of(kind).map(|i| Type(i as u32))
    }

    /// The structure of a type.
    pub fn type_kind(&self, t: Type) -> &TypeKind {
        &self.types[t.0 as usize]
    }

    /// The structure of a type, or `None` for a handle not from this context (printers of
    /// malformed IR use this to avoid panicking).
    pub fn try_type_kind(&self, t: Type) -> Option<&TypeKind> {
        self.types.get_index(t.0 as usize)
    }

    /// `iN` / `siN` / `uiN`.
    pub fn integer_type(&mut self, width: u32, signedness: Signedness) -> Type {
        self.intern_type(TypeKind::Integer { width, signedness })
    }

    /// Signless `iN`.
    pub fn int_type(&mut self, width: u32) -> Type {
        self.integer_type(width, Signedness::Signless)
    }

    /// `index`
    pub fn index_type(&mut self) -> Type {
        self.intern_type(TypeKind::Index)
    }

    /// A float type.
    pub fn float_type(&mut self, k: FloatKind) -> Type {
        self.intern_type(TypeKind::Float(k))
    }

    /// `none`
    pub fn none_type(&mut self) -> Type {
        self.intern_type(TypeKind::None)
    }

    /// `complex<T>`
    pub fn complex_type(&mut self, element: Type) -> Type {
        self.intern_type(TypeKind::Complex(element))
    }

    /// A ranked tensor type without encoding.
    pub fn tensor_type(&mut self, shape: &[i64], element: Type) -> Type {
        self.intern_type(TypeKind::RankedTensor { shape: shape.to_vec(), element, encoding: None })
    }

    /// `(inputs) -> results`
    pub fn function_type(&mut self, inputs: Vec<Type>, results: Vec<Type>) -> Type {
        self.intern_type(TypeKind::Function { inputs, results })
    }

    /// `tuple<...>`
    pub fn tuple_type(&mut self, elements: Vec<Type>) -> Type {
        self.intern_type(TypeKind::Tuple(elements))
    }

    /// A dialect type `!dialect.body`.
    pub fn dialect_type(&mut self, dialect: &str, body: &str) -> Type {
        let dialect = self.sym(dialect);
        self.intern_type(TypeKind::Dialect { dialect, body: body.to_string(), opaque: false })
    }

    // ----- attributes -----

    /// Intern an attribute. Dictionaries are sorted by name here, so every dictionary is canonical.
    pub fn intern_attr(&mut self, kind: AttrKind) -> Attribute {
        if let AttrKind::Location(Location::FileLineCol { file, line, col, end: None }) = kind {
            return self.file_line_col_loc(file, line, col);
        }
        self.intern_regular_attr(kind)
    }

    /// [`Context::intern_attr`] for attributes that are not compact locations.
    fn intern_regular_attr(&mut self, kind: AttrKind) -> Attribute {
        let kind = match kind {
            AttrKind::Dictionary(mut entries) => {
                let strings = &self.strings;
                entries.sort_by(|a, b| strings[a.name.0 as usize].cmp(&strings[b.name.0 as usize]));
                AttrKind::Dictionary(entries)
            }
            AttrKind::Dialect { dialect, body, .. } => {
                let opaque = !crate::attributes::dialect_body_prints_pretty(&body);
                AttrKind::Dialect { dialect, body, opaque }
            }
            k => k,
        };
        // One probe: `insert_full` returns the existing index when present.
        let (i, new) = self.attrs.insert_full(kind);
        if new {
            if let AttrKind::Dialect { dialect, body, opaque } = &self.attrs[i] {
                let hook = self.dialects.get(self.str(*dialect)).and_then(|d| d.attr_payload);
                if let Some(p) = hook.and_then(|f| f(body, *opaque)) {
                    self.attr_payloads.insert(i as u32, p);
                }
            }
        }
        Attribute(i as u32)
    }

    /// MLIR's `FusedLoc::get`: flatten fused locations with the same metadata, drop unknown
    /// locations and duplicates, and collapse trivial cases.
    pub fn fused_loc_with(&mut self, locs: &[Attribute], metadata: Option<Attribute>) -> Attribute {
        let unknown = self.unknown_loc();
        let mut out: Vec<Attribute> = Vec::new();
        for &l in locs {
            if let AttrKind::Location(Location::Fused { locations, metadata: m }) = self.attr_kind(l) {
                if *m == metadata {
                    for x in locations.clone() {
                        if !out.contains(&x) {
                            out.push(x);
                        }
                    }
                    continue;
                }
            }
            if l != unknown && !out.contains(&l) {
                out.push(l);
            }
        }
        if out.is_empty() {
            return match metadata {
                None => unknown,
                Some(_) => self.intern_attr(AttrKind::Location(Location::Fused { locations: vec![unknown], metadata })),
            };
        }
        if out.len() == 1 && metadata.is_none() {
            return out[0];
        }
        self.intern_attr(AttrKind::Location(Location::Fused { locations: out, metadata }))
    }

    /// [`Context::fused_loc_with`] without metadata: the location of an op that replaces several.
    pub fn fused_loc(&mut self, locs: &[Attribute]) -> Attribute {
        self.fused_loc_with(locs, None)
    }

    /// The typed payload of a dialect attribute (see [`crate::view::DialectPayload`]), if its
    /// dialect gave it one of type `T`.
    pub fn typed_attr<T: std::any::Any>(&self, a: Attribute) -> Option<&T> {
        self.attr_payloads.get(&a.0)?.downcast_ref::<T>()
    }

    /// The typed payload of a dialect type, if its dialect gave it one of type `T`.
    pub fn typed_type<T: std::any::Any>(&self, t: Type) -> Option<&T> {
        self.type_payloads.get(&t.0)?.downcast_ref::<T>()
    }

    /// The handle of an attribute if it is already interned (no interning).
    pub fn lookup_attr(&self, kind: &AttrKind) -> Option<Attribute> {
        if let AttrKind::Location(Location::FileLineCol { file, line, col, end: None }) = *kind {
            if let Some(i) = self.locs.find((file, line, col)) {
                return Some(Attribute::compact_loc(i));
            }
        }
        self.attrs.get_index_of(kind).map(|i| Attribute(i as u32))
    }

    /// The structure of an attribute.
    pub fn attr_kind(&self, a: Attribute) -> &AttrKind {
        match a.compact_loc_index() {
            Some(i) => self.locs.kind(i).expect("attribute handle from another context"),
            None => &self.attrs[a.0 as usize],
        }
    }

    /// Whether `a` is a location attribute (without making the `AttrKind` view of a compact one).
    pub fn is_location(&self, a: Attribute) -> bool {
        a.compact_loc_index().is_some() || matches!(self.try_attr_kind(a), Some(AttrKind::Location(_)))
    }

    /// `loc("file":line:col)` (MLIR's `FileLineColLoc::get`).
    /// Kept in the compact location table; once its handle space is used up, as a regular
    /// attribute. ([`Context::intern_attr`] routes these locations here.)
    pub fn file_line_col_loc(&mut self, file: Symbol, line: u32, col: u32) -> Attribute {
        match self.locs.intern((file, line, col)) {
            Some(i) => Attribute::compact_loc(i),
            None => self.intern_regular_attr(AttrKind::Location(Location::FileLineCol { file, line, col, end: None })),
        }
    }

    /// File, line and column of a `loc("file":line:col)` location (without a range end); `None`
    /// for any other attribute. Cheaper than matching [`Context::attr_kind`] for the location
    /// of every op.
    pub fn as_file_line_col(&self, a: Attribute) -> Option<(Symbol, u32, u32)> {
        if let Some(i) = a.compact_loc_index() {
            return self.locs.entries.get(i as usize).copied();
        }
        match self.try_attr_kind(a)? {
            AttrKind::Location(Location::FileLineCol { file, line, col, end: None }) => Some((*file, *line, *col)),
            _ => None,
        }
    }

    /// Every interned attribute except file-line-col locations (for whole-context scans).
    pub(crate) fn all_attr_kinds(&self) -> impl Iterator<Item = &AttrKind> {
        self.attrs.iter()
    }

    /// Every interned type (for whole-context scans).
    pub(crate) fn all_type_kinds(&self) -> impl Iterator<Item = &TypeKind> {
        self.types.iter()
    }

    /// The structure of an attribute, or `None` for a handle not from this context.
    pub fn try_attr_kind(&self, a: Attribute) -> Option<&AttrKind> {
        if let Some(i) = a.compact_loc_index() {
            return self.locs.kind(i);
        }
        self.attrs.get_index(a.0 as usize)
    }

    /// `unit`
    pub fn unit_attr(&mut self) -> Attribute {
        self.intern_attr(AttrKind::Unit)
    }

    /// An integer attribute.
    pub fn int_attr(&mut self, value: i128, ty: Type) -> Attribute {
        self.intern_attr(AttrKind::Integer { value, ty })
    }

    /// An `i64` integer attribute.
    pub fn i64_attr(&mut self, value: i64) -> Attribute {
        let t = self.int_type(64);
        self.int_attr(value as i128, t)
    }

    /// A `bool` (`i1`) attribute: prints `true` / `false`.
    pub fn bool_attr(&mut self, value: bool) -> Attribute {
        let t = self.int_type(1);
        self.int_attr(value as i128, t)
    }

    /// A float attribute from an `f64` value, rounded to `ty` only for f64/f32 (other types: use
    /// [`AttrKind::Float`] with exact bits).
    pub fn f64_attr(&mut self, value: f64, ty: Type) -> Attribute {
        let bits = match self.type_kind(ty) {
            TypeKind::Float(FloatKind::F32) => (value as f32).to_bits() as u128,
            _ => value.to_bits() as u128,
        };
        self.intern_attr(AttrKind::Float { bits: FloatBits(bits), ty })
    }

    /// A string attribute.
    pub fn string_attr(&mut self, value: &str) -> Attribute {
        self.intern_attr(AttrKind::String { value: value.to_string(), ty: None })
    }

    /// A type attribute.
    pub fn type_attr(&mut self, t: Type) -> Attribute {
        self.intern_attr(AttrKind::Type(t))
    }

    /// An array attribute.
    pub fn array_attr(&mut self, elements: Vec<Attribute>) -> Attribute {
        self.intern_attr(AttrKind::Array(elements))
    }

    /// `array<i64: ...>`
    pub fn dense_i64_array(&mut self, values: &[i64]) -> Attribute {
        let element = self.int_type(64);
        self.intern_attr(AttrKind::DenseArray { element, values: values.to_vec() })
    }

    /// A dictionary attribute.
    pub fn dict_attr(&mut self, entries: Vec<NamedAttribute>) -> Attribute {
        self.intern_attr(AttrKind::Dictionary(entries))
    }

    /// `@name`
    pub fn symbol_ref_attr(&mut self, name: &str) -> Attribute {
        let root = self.sym(name);
        self.intern_attr(AttrKind::SymbolRef { root, nested: vec![] })
    }

    /// `loc(unknown)`
    pub fn unknown_loc(&self) -> Attribute {
        self.unknown_loc
    }

    /// `loc("file":line:col)`
    pub fn file_loc(&mut self, file: &str, line: u32, col: u32) -> Attribute {
        let file = self.sym(file);
        self.intern_attr(AttrKind::Location(Location::FileLineCol { file, line, col, end: None }))
    }

    // ----- dialects and op names -----

    /// Register a dialect and its operations. Re-registering a dialect replaces it.
    pub fn register_dialect(&mut self, dialect: Dialect) {
        let dialect = Rc::new(dialect);
        for info in &dialect.ops {
            let name = self.op_name(&info.name);
            self.op_names[name.0 as usize].info = Some(info.clone());
        }
        // Attributes and types of the dialect interned before it was registered get their
        // payloads now.
        if dialect.attr_payload.is_some() || dialect.type_payload.is_some() {
            let sym = self.lookup_sym(&dialect.name);
            for (i, k) in self.attrs.iter().enumerate() {
                if let (AttrKind::Dialect { dialect: d, body, opaque }, Some(f)) = (k, dialect.attr_payload) {
                    if Some(*d) == sym {
                        if let Some(p) = f(body, *opaque) {
                            self.attr_payloads.insert(i as u32, p);
                        }
                    }
                }
            }
            for (i, k) in self.types.iter().enumerate() {
                if let (TypeKind::Dialect { dialect: d, body, opaque }, Some(f)) = (k, dialect.type_payload) {
                    if Some(*d) == sym {
                        if let Some(p) = f(body, *opaque) {
                            self.type_payloads.insert(i as u32, p);
                        }
                    }
                }
            }
        }
        self.dialects.insert(dialect.name.clone(), dialect);
    }

    /// A registered dialect by namespace.
    pub fn dialect(&self, name: &str) -> Option<&Rc<Dialect>> {
        self.dialects.get(name)
    }

    /// Namespaces of all registered dialects, in registration order.
    pub fn dialect_names(&self) -> impl Iterator<Item = &str> {
        self.dialects.keys().map(|s| s.as_str())
    }

    /// Intern an operation name.
    pub fn op_name(&mut self, name: &str) -> OpName {
        if let Some(n) = self.op_name_index.get(name) {
            return *n;
        }
        let id = OpName(self.op_names.len() as u32);
        let dialect_len = name.find('.').unwrap_or(0);
        let info =
            self.dialects.get(&name[..dialect_len]).and_then(|d| d.ops.iter().find(|o| &*o.name == name).cloned());
        self.op_names.push(OpNameData { name: name.into(), dialect_len, info });
        self.op_name_index.insert(name.into(), id);
        id
    }

    /// An already interned operation name, without interning `name` (parsers use this to look
    /// up candidate names without growing the table).
    pub fn lookup_op_name(&self, name: &str) -> Option<OpName> {
        self.op_name_index.get(name).copied()
    }

    /// Data of an operation name.
    pub fn op_name_data(&self, name: OpName) -> &OpNameData {
        &self.op_names[name.0 as usize]
    }

    /// The text of an operation name.
    pub fn op_name_str(&self, name: OpName) -> &str {
        &self.op_names[name.0 as usize].name
    }

    /// The registered definition of an operation name, if any.
    pub fn op_info(&self, name: OpName) -> Option<&Rc<OpInfo>> {
        self.op_names[name.0 as usize].info.as_ref()
    }

    // ----- diagnostics -----

    /// Record a diagnostic. Tools drain them with [`Context::take_diagnostics`].
    pub fn emit(&mut self, d: Diagnostic) {
        self.diagnostics.push(d);
    }

    /// Emit an error at a location and return it for chaining (`Err(ctx.emit_error(..))`).
    pub fn emit_error(&mut self, loc: Attribute, message: impl Into<String>) -> crate::Failure {
        self.emit(Diagnostic::new(Severity::Error, loc, message));
        crate::Failure
    }

    /// All diagnostics emitted so far, removed from the context.
    pub fn take_diagnostics(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.diagnostics)
    }

    /// Diagnostics emitted so far.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Whether any error has been emitted (and not taken).
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.severity == Severity::Error)
    }
}
