//! The bytecode writer (MLIR's `BytecodeWriter` with its `IRNumbering`).
//!
//! Two passes: the first numbers every dialect, operation name, attribute, type and resource
//! the IR refers to (running each attribute's and type's encoder in a collecting mode to find
//! what it refers to in turn); the second emits the sections. Attributes and types are grouped
//! by dialect as the format requires. Values are numbered per region as MLIR's reader expects:
//! a region's block arguments and results first, its nested regions' values after them, and
//! each isolated-from-above region starting again at zero.

use indexmap::IndexMap;
use rustc_hash::{FxBuildHasher, FxHashMap};

use super::encoding::Emitter;
use super::{op_mask, section, version, BytecodeError, DialectBytecode, PropField, PropKind, MAGIC};
use crate::attributes::{AttrKind, Attribute, NamedAttribute};
use crate::ir::{OpId, OpName, RegionId, Value};
use crate::types::{Type, TypeKind};
use crate::{Context, Symbol, Traits};

type FxIndexMap<K, V> = IndexMap<K, V, FxBuildHasher>;

/// Configuration of [`write_bytecode`] (MLIR's `BytecodeWriterConfig`).
#[derive(Clone, Debug)]
pub struct WriterConfig {
    /// Bytecode version to write (0 to [`super::CURRENT_VERSION`]).
    pub version: u64,
    /// The producer string recorded in the header.
    pub producer: String,
}

impl Default for WriterConfig {
    fn default() -> Self {
        WriterConfig { version: super::CURRENT_VERSION, producer: format!("Strata v{}", env!("CARGO_PKG_VERSION")) }
    }
}

/// What an attribute entry of the file is. Strata keeps some builtin values as symbols or
/// per-op lists rather than interned attributes (names, attribute dictionaries of ops, the
/// identity layout of a memref); the writer gives them entries of their own.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum AKey {
    Attr(Attribute),
    /// A `StringAttr` without type (names in dictionaries, symbol roots, file names).
    Name(Symbol),
    /// A `FlatSymbolRefAttr` (nested symbol references).
    FlatRef(Symbol),
    /// A dictionary built from an op's attribute list.
    Dict(Vec<NamedAttribute>),
    /// `affine_map<(d0, ..) -> (d0, ..)>` of the given rank.
    IdentityMap(usize),
}

#[derive(Default)]
struct Numbering {
    dialects: FxIndexMap<String, ()>,
    attrs: FxIndexMap<AKey, usize>,
    types: FxIndexMap<Type, usize>,
    op_names: FxIndexMap<OpName, usize>,
    resources: FxIndexMap<(String, String), usize>,
    attr_final: Vec<u32>,
    type_final: Vec<u32>,
    op_final: Vec<u32>,
    attr_order: Vec<usize>,
    type_order: Vec<usize>,
    op_order: Vec<usize>,
    pending_attrs: Vec<AKey>,
    pending_types: Vec<Type>,
}

impl Numbering {
    fn dialect(&mut self, name: &str) -> usize {
        if let Some(i) = self.dialects.get_index_of(name) {
            return i;
        }
        self.dialects.insert_full(name.to_string(), ()).0
    }
    fn attr_index(&self, k: &AKey) -> u64 {
        self.attr_final[self.attrs.get_index_of(k).expect("attribute numbered")] as u64
    }
    fn type_index(&self, t: Type) -> u64 {
        self.type_final[self.types.get_index_of(&t).expect("type numbered")] as u64
    }
}

#[derive(Default)]
struct StringTable {
    strings: FxIndexMap<String, ()>,
}

impl StringTable {
    fn insert(&mut self, s: &str) -> u64 {
        if let Some(i) = self.strings.get_index_of(s) {
            return i as u64;
        }
        self.strings.insert_full(s.to_string(), ()).0 as u64
    }
}

enum Mode<'w> {
    Collect(&'w mut Numbering),
    Emit { em: &'w mut Emitter, num: &'w Numbering, strings: &'w mut StringTable },
}

/// The writer handed to attribute and type encoders (MLIR's `DialectBytecodeWriter`). The same
/// encoder runs twice: once collecting what it refers to, once emitting.
pub struct DialectWriter<'w> {
    ctx: &'w Context,
    version: u64,
    mode: Mode<'w>,
}

impl<'w> DialectWriter<'w> {
    /// The context the IR lives in.
    pub fn ctx(&self) -> &'w Context {
        self.ctx
    }
    /// The bytecode version being written.
    pub fn bytecode_version(&self) -> u64 {
        self.version
    }
    fn key(&mut self, k: AKey) {
        match &mut self.mode {
            Mode::Collect(n) => n.pending_attrs.push(k),
            Mode::Emit { em, num, .. } => em.varint(num.attr_index(&k)),
        }
    }
    /// A reference to an attribute.
    pub fn attribute(&mut self, a: Attribute) {
        self.key(AKey::Attr(a));
    }
    /// An optional attribute reference.
    pub fn optional_attribute(&mut self, a: Option<Attribute>) {
        match (a, &mut self.mode) {
            (None, Mode::Emit { em, .. }) => em.varint(0),
            (None, Mode::Collect(_)) => {}
            (Some(a), Mode::Collect(n)) => n.pending_attrs.push(AKey::Attr(a)),
            (Some(a), Mode::Emit { em, num, .. }) => em.varint_with_flag(num.attr_index(&AKey::Attr(a)), true),
        }
    }
    /// A reference to the `StringAttr` holding `s`.
    pub fn name(&mut self, s: Symbol) {
        self.key(AKey::Name(s));
    }
    pub(crate) fn flat_ref(&mut self, s: Symbol) {
        self.key(AKey::FlatRef(s));
    }
    pub(crate) fn identity_layout(&mut self, rank: usize) {
        self.key(AKey::IdentityMap(rank));
    }
    /// A reference to a type.
    pub fn type_(&mut self, t: Type) {
        match &mut self.mode {
            Mode::Collect(n) => n.pending_types.push(t),
            Mode::Emit { em, num, .. } => em.varint(num.type_index(t)),
        }
    }
    /// A list of attribute references.
    pub fn attributes(&mut self, v: &[Attribute]) {
        self.varint(v.len() as u64);
        for a in v {
            self.attribute(*a);
        }
    }
    /// A list of type references.
    pub fn types(&mut self, v: &[Type]) {
        self.varint(v.len() as u64);
        for t in v {
            self.type_(*t);
        }
    }
    /// A varint.
    pub fn varint(&mut self, v: u64) {
        if let Mode::Emit { em, .. } = &mut self.mode {
            em.varint(v);
        }
    }
    /// A zigzag signed varint.
    pub fn signed_varint(&mut self, v: i64) {
        if let Mode::Emit { em, .. } = &mut self.mode {
            em.signed_varint(v);
        }
    }
    /// A list of signed varints.
    pub fn signed_varints(&mut self, v: &[i64]) {
        self.varint(v.len() as u64);
        for x in v {
            self.signed_varint(*x);
        }
    }
    /// A byte.
    pub fn byte(&mut self, b: u8) {
        if let Mode::Emit { em, .. } = &mut self.mode {
            em.byte(b);
        }
    }
    /// A reference to the string section.
    pub fn string(&mut self, s: &str) {
        if let Mode::Emit { em, strings, .. } = &mut self.mode {
            em.varint(strings.insert(s));
        }
    }
    /// A blob: its size then its bytes.
    pub fn blob(&mut self, b: &[u8]) {
        if let Mode::Emit { em, .. } = &mut self.mode {
            em.varint(b.len() as u64);
            em.bytes(b);
        }
    }
    /// An integer of known bit width (`writeAPIntWithKnownWidth`), given as its bits.
    pub fn apint(&mut self, width: u32, bits: u128) {
        if width <= 8 {
            self.byte(bits as u8);
        } else if width <= 64 {
            self.signed_varint(bits as u64 as i64);
        } else {
            let words = if bits >> 64 != 0 { 2 } else { 1 };
            self.varint(words);
            self.signed_varint(bits as u64 as i64);
            if words == 2 {
                self.signed_varint((bits >> 64) as u64 as i64);
            }
        }
    }
    /// A reference to a resource of `dialect` named `key`.
    pub fn resource_handle(&mut self, dialect: &str, key: &str) {
        match &mut self.mode {
            Mode::Collect(n) => {
                let d = n.dialect(dialect);
                let k = (dialect.to_string(), key.to_string());
                if !n.resources.contains_key(&k) {
                    n.resources.insert(k, d);
                }
            }
            Mode::Emit { em, num, .. } => {
                let k = (dialect.to_string(), key.to_string());
                em.varint(num.resources.get_index_of(&k).expect("resource numbered") as u64);
            }
        }
    }
}

fn dialect_of_attr(ctx: &Context, k: &AKey) -> String {
    match k {
        AKey::Attr(a) => match ctx.attr_kind(*a) {
            AttrKind::Dialect { dialect, .. } => ctx.str(*dialect).to_string(),
            _ => "builtin".into(),
        },
        _ => "builtin".into(),
    }
}

fn dialect_of_type(ctx: &Context, t: Type) -> String {
    match ctx.type_kind(t) {
        TypeKind::Dialect { dialect, .. } => ctx.str(*dialect).to_string(),
        _ => "builtin".into(),
    }
}

fn hook_for(ctx: &Context, dialect: &str) -> Option<std::rc::Rc<dyn DialectBytecode>> {
    ctx.dialect(dialect).and_then(|d| d.bytecode.clone())
}

/// Encode an attribute entry (collecting or emitting); `false`: written as text.
fn encode_attr(k: &AKey, w: &mut DialectWriter<'_>) -> bool {
    use super::builtin::attr_code;
    match k {
        AKey::Name(s) => {
            w.varint(attr_code::STRING);
            let text = w.ctx.str(*s);
            w.string(text);
            true
        }
        AKey::FlatRef(s) => {
            w.varint(attr_code::FLAT_SYMBOL_REF);
            w.name(*s);
            true
        }
        AKey::Dict(entries) => {
            w.varint(attr_code::DICTIONARY);
            w.varint(entries.len() as u64);
            for e in entries {
                w.name(e.name);
                w.attribute(e.value);
            }
            true
        }
        AKey::IdentityMap(_) => false,
        AKey::Attr(a) => match w.ctx.attr_kind(*a) {
            AttrKind::Dialect { dialect, .. } => match hook_for(w.ctx, w.ctx.str(*dialect)) {
                Some(h) => h.write_attribute(*a, w),
                None => false,
            },
            _ => super::builtin::write_attribute(*a, w),
        },
    }
}

fn encode_type(t: Type, w: &mut DialectWriter<'_>) -> bool {
    match w.ctx.type_kind(t) {
        TypeKind::Dialect { dialect, .. } => match hook_for(w.ctx, w.ctx.str(*dialect)) {
            Some(h) => h.write_type(t, w),
            None => false,
        },
        _ => super::builtin::write_type(t, w),
    }
}

fn attr_text(ctx: &Context, k: &AKey) -> String {
    match k {
        AKey::Attr(a) => crate::printer::attr_to_string(ctx, *a),
        AKey::IdentityMap(rank) => {
            let dims: Vec<String> = (0..*rank).map(|i| format!("d{i}")).collect();
            format!("affine_map<({}) -> ({})>", dims.join(", "), dims.join(", "))
        }
        _ => unreachable!("always custom-encoded"),
    }
}

/// How an op name's properties are written.
#[derive(Clone)]
enum PropsForm {
    /// Natively, with this layout (the name is flagged registered).
    Native(Vec<PropField>),
    /// As one dictionary attribute (the name is flagged unregistered), as MLIR writes
    /// unregistered ops.
    Dict,
}

struct Writer<'c> {
    ctx: &'c Context,
    cfg: &'c WriterConfig,
    num: Numbering,
    strings: StringTable,
    props_form: FxHashMap<OpName, PropsForm>,
    has_props: FxHashMap<OpName, bool>,
    props: Vec<Vec<u8>>,
    props_index: FxHashMap<Vec<u8>, u64>,
    scopes: Vec<FxHashMap<Value, u32>>,
    next_base: u32,
}

/// Let each dialect with a bytecode interface intern what its encoders will refer to.
fn prepare(ctx: &mut Context, root: OpId) {
    let mut attrs: FxHashMap<String, Vec<Attribute>> = FxHashMap::default();
    let mut types: FxHashMap<String, Vec<Type>> = FxHashMap::default();
    let mut seen_a = rustc_hash::FxHashSet::default();
    let mut seen_t = rustc_hash::FxHashSet::default();
    let mut stack_a = Vec::new();
    let mut stack_t = Vec::new();
    ctx.walk_pre(root, &mut |op| {
        let d = ctx.op(op);
        stack_a.extend(d.all_attrs().iter().map(|p| p.value));
        stack_t.extend(ctx.result_types(op));
        for &r in d.regions().iter() {
            for &b in ctx.region_blocks(r) {
                stack_t.extend(ctx.block(b).args.iter().map(|a| a.ty));
            }
        }
    });
    // Builtin structure is walked here; dialect values are handed to their dialect.
    while !stack_a.is_empty() || !stack_t.is_empty() {
        while let Some(a) = stack_a.pop() {
            if !seen_a.insert(a) {
                continue;
            }
            match ctx.attr_kind(a) {
                AttrKind::Dialect { dialect, .. } => attrs.entry(ctx.str(*dialect).to_string()).or_default().push(a),
                AttrKind::Array(v) => stack_a.extend(v.iter().copied()),
                AttrKind::Dictionary(v) => stack_a.extend(v.iter().map(|n| n.value)),
                AttrKind::Type(t) => stack_t.push(*t),
                AttrKind::DenseElements { ty, .. }
                | AttrKind::DenseStrings { ty, .. }
                | AttrKind::DenseResource { ty, .. } => stack_t.push(*ty),
                _ => {}
            }
        }
        while let Some(t) = stack_t.pop() {
            if !seen_t.insert(t) {
                continue;
            }
            match ctx.type_kind(t) {
                TypeKind::Dialect { dialect, .. } => types.entry(ctx.str(*dialect).to_string()).or_default().push(t),
                TypeKind::Function { inputs, results } => stack_t.extend(inputs.iter().chain(results.iter()).copied()),
                TypeKind::Tuple(v) => stack_t.extend(v.iter().copied()),
                TypeKind::RankedTensor { element, encoding, .. } => {
                    stack_t.push(*element);
                    stack_a.extend(encoding.iter().copied());
                }
                k => stack_t.extend(k.element_type()),
            }
        }
    }
    let mut names: Vec<String> = attrs.keys().chain(types.keys()).cloned().collect();
    names.sort();
    names.dedup();
    for n in names {
        if let Some(h) = hook_for(ctx, &n) {
            h.prepare(
                ctx,
                attrs.get(&n).map(|v| v.as_slice()).unwrap_or(&[]),
                types.get(&n).map(|v| v.as_slice()).unwrap_or(&[]),
            );
        }
    }
}

/// Write `op` (usually a `builtin.module`) as MLIR bytecode. Dialects may first intern what
/// their encodings refer to ([`DialectBytecode::prepare`]); the IR is not changed.
pub fn write_bytecode(ctx: &mut Context, op: OpId, cfg: &WriterConfig) -> Result<Vec<u8>, BytecodeError> {
    prepare(ctx, op);
    write_prepared(ctx, op, cfg)
}

/// [`write_bytecode`] for IR whose dialects need no preparation (or were prepared).
pub fn write_prepared(ctx: &Context, op: OpId, cfg: &WriterConfig) -> Result<Vec<u8>, BytecodeError> {
    if cfg.version > super::CURRENT_VERSION {
        return Err(BytecodeError::new(
            0,
            format!("unsupported version requested {}, must be in range [0, {}]", cfg.version, super::CURRENT_VERSION),
        ));
    }
    let mut w = Writer {
        ctx,
        cfg,
        num: Numbering::default(),
        strings: StringTable::default(),
        props_form: FxHashMap::default(),
        has_props: FxHashMap::default(),
        props: Vec::new(),
        props_index: FxHashMap::default(),
        scopes: Vec::new(),
        next_base: 0,
    };
    w.decide_properties(op);
    w.collect_op(op);
    w.collect_resources_of_context();
    w.drain_pending();
    w.finalize_numbering();

    let mut out = Emitter::new();
    out.bytes(MAGIC);
    out.varint(cfg.version);
    out.cstr(cfg.producer.as_bytes());
    w.write_dialect_section(&mut out);
    w.write_attr_type_sections(&mut out);
    let mut ir = Emitter::new();
    ir.varint_with_flag(1, false);
    w.scopes.push(FxHashMap::default());
    w.write_op(&mut ir, op)?;
    out.section(section::IR, ir);
    w.write_resource_sections(&mut out);
    let mut strings = Emitter::new();
    strings.varint(w.strings.strings.len() as u64);
    for s in w.strings.strings.keys().rev() {
        strings.varint(s.len() as u64 + 1);
    }
    for s in w.strings.strings.keys() {
        strings.cstr(s.as_bytes());
    }
    out.section(section::STRING, strings);
    if cfg.version >= version::NATIVE_PROPERTIES_ENCODING {
        let mut p = Emitter::new();
        p.varint(w.props.len() as u64);
        for e in &w.props {
            p.bytes(e);
        }
        out.section(section::PROPERTIES, p);
    }
    Ok(out.buf)
}

impl<'c> Writer<'c> {
    fn layout_of(&self, name: OpName) -> Option<Vec<PropField>> {
        let full = self.ctx.op_name_str(name);
        let dialect = &full[..self.ctx.op_name_data(name).dialect_len];
        if dialect == "builtin" {
            return super::builtin::properties_layout(full);
        }
        hook_for(self.ctx, dialect).and_then(|h| h.properties_layout(full)).or_else(|| super::upstream::layout(full))
    }

    /// Choose per op name how its properties are written: natively if its layout is known and
    /// every op of that name fits it, else as a dictionary.
    fn decide_properties(&mut self, root: OpId) {
        let mut names: FxHashMap<OpName, Option<Vec<PropField>>> = FxHashMap::default();
        let mut form: FxHashMap<OpName, PropsForm> = FxHashMap::default();
        let mut has: FxHashMap<OpName, bool> = FxHashMap::default();
        let ctx = self.ctx;
        ctx.walk_pre(root, &mut |op| {
            let d = ctx.op(op);
            let layout = names.entry(d.name).or_insert_with(|| self.layout_of(d.name)).clone();
            *has.entry(d.name).or_default() |= !d.properties().is_empty();
            let f = form.entry(d.name).or_insert_with(|| match &layout {
                Some(l) => PropsForm::Native(l.clone()),
                None => PropsForm::Dict,
            });
            if let PropsForm::Native(l) = f {
                let fits = d.properties().iter().all(|p| l.iter().any(|f| f.name == ctx.str(p.name)))
                    && l.iter().all(|f| f.is_optional() || d.properties().iter().any(|p| ctx.str(p.name) == f.name))
                    && l.iter().all(|f| match f.kind {
                        PropKind::SegmentsV6(n) => d.properties().iter().any(|p| {
                            ctx.str(p.name) == f.name
                                && matches!(ctx.attr_kind(p.value), AttrKind::DenseArray { values, .. } if values.len() == n && values.iter().all(|v| *v >= 0))
                        }),
                        _ => true,
                    });
                if !fits {
                    *f = PropsForm::Dict;
                }
            }
        });
        self.props_form = form;
        self.has_props = has;
    }

    fn native(&self, name: OpName) -> Option<&Vec<PropField>> {
        if self.cfg.version < version::NATIVE_PROPERTIES_ENCODING {
            return None;
        }
        match self.props_form.get(&name) {
            Some(PropsForm::Native(l)) => Some(l),
            _ => None,
        }
    }

    /// The attribute dictionary written for an op: its discardable attributes, merged with its
    /// properties before version 5 (as MLIR does).
    fn attr_dict(&self, op: OpId) -> Option<Vec<NamedAttribute>> {
        let d = self.ctx.op(op);
        if self.cfg.version < version::NATIVE_PROPERTIES_ENCODING && !d.properties().is_empty() {
            let mut all: Vec<NamedAttribute> = d.all_attrs().to_vec();
            all.sort_by(|a, b| self.ctx.str(a.name).cmp(self.ctx.str(b.name)));
            return Some(all);
        }
        if d.attributes().is_empty() {
            None
        } else {
            Some(d.attributes().to_vec())
        }
    }

    fn collect_op(&mut self, root: OpId) {
        let ctx = self.ctx;
        let unknown = ctx.unknown_loc();
        let v4 = self.cfg.version >= version::ELIDE_UNKNOWN_BLOCK_ARG_LOCATION;
        let mut stack = vec![root];
        while let Some(op) = stack.pop() {
            let d = ctx.op(op);
            if !self.num.op_names.contains_key(&d.name) {
                let full = ctx.op_name_str(d.name);
                let dl = ctx.op_name_data(d.name).dialect_len;
                let dialect = if dl == 0 { full } else { &full[..dl] };
                let di = self.num.dialect(dialect);
                self.num.op_names.insert(d.name, di);
            }
            self.num.pending_attrs.push(AKey::Attr(d.loc));
            if let Some(dict) = self.attr_dict(op) {
                self.num.pending_attrs.push(AKey::Dict(dict));
            }
            if self.cfg.version >= version::NATIVE_PROPERTIES_ENCODING && !d.properties().is_empty() {
                if let Some(layout) = self.native(d.name).cloned() {
                    let v6 = self.cfg.version >= version::NATIVE_PROPERTIES_ODS_SEGMENT_SIZE;
                    for p in d.properties().iter() {
                        let sparse = v6
                            && layout
                                .iter()
                                .any(|f| f.name == ctx.str(p.name) && matches!(f.kind, PropKind::SegmentsV6(_)));
                        if !sparse {
                            self.num.pending_attrs.push(AKey::Attr(p.value));
                        }
                    }
                } else {
                    self.num.pending_attrs.push(AKey::Dict(d.properties().to_vec()));
                }
            }
            for t in ctx.result_types(op) {
                self.num.pending_types.push(t);
            }
            for &r in d.regions().iter().rev() {
                for &b in ctx.region_blocks(r).iter().rev() {
                    for a in &ctx.block(b).args {
                        self.num.pending_types.push(a.ty);
                        let l = a.loc().unwrap_or(unknown);
                        if !v4 || l != unknown {
                            self.num.pending_attrs.push(AKey::Attr(l));
                        }
                    }
                    let ops = ctx.block_ops_vec(b);
                    stack.extend(ops.into_iter().rev());
                }
            }
            if self.num.pending_attrs.len() + self.num.pending_types.len() > 4096 {
                self.drain_pending();
            }
        }
    }

    fn collect_resources_of_context(&mut self) {
        // Resources of dialects other than builtin that the text held are kept as they were.
        for (d, k) in self.ctx.resources.keys() {
            if d != "builtin" && self.ctx.dialect(d).is_some() {
                let di = self.num.dialect(d);
                self.num.resources.entry((d.clone(), k.clone())).or_insert(di);
            }
        }
    }

    fn drain_pending(&mut self) {
        loop {
            if let Some(k) = self.num.pending_attrs.pop() {
                if self.num.attrs.contains_key(&k) {
                    continue;
                }
                let d = dialect_of_attr(self.ctx, &k);
                let di = self.num.dialect(&d);
                self.num.attrs.insert(k.clone(), di);
                let mut w =
                    DialectWriter { ctx: self.ctx, version: self.cfg.version, mode: Mode::Collect(&mut self.num) };
                encode_attr(&k, &mut w);
                continue;
            }
            if let Some(t) = self.num.pending_types.pop() {
                if self.num.types.contains_key(&t) {
                    continue;
                }
                let d = dialect_of_type(self.ctx, t);
                let di = self.num.dialect(&d);
                self.num.types.insert(t, di);
                let mut w =
                    DialectWriter { ctx: self.ctx, version: self.cfg.version, mode: Mode::Collect(&mut self.num) };
                encode_type(t, &mut w);
                continue;
            }
            break;
        }
    }

    /// Group attributes, types and op names by dialect (stable within a dialect).
    fn finalize_numbering(&mut self) {
        fn order(dialects: impl Iterator<Item = usize>) -> (Vec<usize>, Vec<u32>) {
            let mut idx: Vec<(usize, usize)> = dialects.enumerate().map(|(i, d)| (d, i)).collect();
            idx.sort_by_key(|&(d, i)| (d, i));
            let order: Vec<usize> = idx.iter().map(|&(_, i)| i).collect();
            let mut fin = vec![0u32; order.len()];
            for (pos, &i) in order.iter().enumerate() {
                fin[i] = pos as u32;
            }
            (order, fin)
        }
        let (o, f) = order(self.num.attrs.values().copied());
        self.num.attr_order = o;
        self.num.attr_final = f;
        let (o, f) = order(self.num.types.values().copied());
        self.num.type_order = o;
        self.num.type_final = f;
        let (o, f) = order(self.num.op_names.values().copied());
        self.num.op_order = o;
        self.num.op_final = f;
        // Resources are referenced by their position: keep them grouped by dialect as well.
        let mut res: Vec<((String, String), usize)> = self.num.resources.drain(..).collect();
        res.sort_by_key(|(_, d)| *d);
        self.num.resources = res.into_iter().collect();
    }

    fn write_dialect_section(&mut self, out: &mut Emitter) {
        let mut e = Emitter::new();
        e.varint(self.num.dialects.len() as u64);
        let names: Vec<String> = self.num.dialects.keys().cloned().collect();
        for name in &names {
            let id = self.strings.insert(name);
            if self.cfg.version < version::DIALECT_VERSIONING {
                e.varint(id);
                continue;
            }
            let mut ve = Emitter::new();
            if let Some(h) = hook_for(self.ctx, name) {
                let mut w = DialectWriter {
                    ctx: self.ctx,
                    version: self.cfg.version,
                    mode: Mode::Emit { em: &mut ve, num: &self.num, strings: &mut self.strings },
                };
                h.write_version(&mut w);
            }
            let has = !ve.is_empty();
            e.varint_with_flag(id, has);
            if has {
                e.section(section::DIALECT_VERSIONS, ve);
            }
        }
        if self.cfg.version >= version::ELIDE_UNKNOWN_BLOCK_ARG_LOCATION {
            e.varint(self.num.op_names.len() as u64);
        }
        let order = self.num.op_order.clone();
        let mut i = 0;
        while i < order.len() {
            let d = self.num.op_names[order[i]];
            let mut j = i;
            while j < order.len() && self.num.op_names[order[j]] == d {
                j += 1;
            }
            e.varint(d as u64);
            e.varint((j - i) as u64);
            for &k in &order[i..j] {
                let (name, _) = self.num.op_names.get_index(k).unwrap();
                let name = *name;
                let full = self.ctx.op_name_str(name);
                let dl = self.ctx.op_name_data(name).dialect_len;
                let short = if dl == 0 { "" } else { &full[dl + 1..] };
                let sid = self.strings.insert(short);
                if self.cfg.version < version::NATIVE_PROPERTIES_ENCODING {
                    e.varint(sid);
                } else {
                    let registered = match self.props_form.get(&name) {
                        Some(PropsForm::Native(_)) => true,
                        _ => self.ctx.op_info(name).is_some() && !self.has_props.get(&name).copied().unwrap_or(false),
                    };
                    e.varint_with_flag(sid, registered);
                }
            }
            i = j;
        }
        out.section(section::DIALECT, e);
    }

    fn write_attr_type_sections(&mut self, out: &mut Emitter) {
        let mut data = Emitter::new();
        let mut offsets = Emitter::new();
        offsets.varint(self.num.attrs.len() as u64);
        offsets.varint(self.num.types.len() as u64);
        // Attributes.
        let order = self.num.attr_order.clone();
        let mut i = 0;
        while i < order.len() {
            let d = self.num.attrs[order[i]];
            let mut j = i;
            while j < order.len() && self.num.attrs[order[j]] == d {
                j += 1;
            }
            offsets.varint(d as u64);
            offsets.varint((j - i) as u64);
            for &k in &order[i..j] {
                let key = self.num.attrs.get_index(k).unwrap().0.clone();
                let start = data.len();
                let custom = {
                    let mut w = DialectWriter {
                        ctx: self.ctx,
                        version: self.cfg.version,
                        mode: Mode::Emit { em: &mut data, num: &self.num, strings: &mut self.strings },
                    };
                    encode_attr(&key, &mut w)
                };
                if !custom {
                    data.buf.truncate(start);
                    data.cstr(attr_text(self.ctx, &key).as_bytes());
                }
                offsets.varint_with_flag((data.len() - start) as u64, custom);
            }
            i = j;
        }
        // Types.
        let order = self.num.type_order.clone();
        let mut i = 0;
        while i < order.len() {
            let d = self.num.types[order[i]];
            let mut j = i;
            while j < order.len() && self.num.types[order[j]] == d {
                j += 1;
            }
            offsets.varint(d as u64);
            offsets.varint((j - i) as u64);
            for &k in &order[i..j] {
                let t = *self.num.types.get_index(k).unwrap().0;
                let start = data.len();
                let custom = {
                    let mut w = DialectWriter {
                        ctx: self.ctx,
                        version: self.cfg.version,
                        mode: Mode::Emit { em: &mut data, num: &self.num, strings: &mut self.strings },
                    };
                    encode_type(t, &mut w)
                };
                if !custom {
                    data.buf.truncate(start);
                    data.cstr(crate::printer::type_to_string(self.ctx, t).as_bytes());
                }
                offsets.varint_with_flag((data.len() - start) as u64, custom);
            }
            i = j;
        }
        out.section(section::ATTR_TYPE_OFFSET, offsets);
        out.section(section::ATTR_TYPE, data);
    }

    fn write_op(&mut self, e: &mut Emitter, op: OpId) -> Result<(), BytecodeError> {
        let ctx = self.ctx;
        let d = ctx.op(op);
        let name_pos = self.num.op_names.get_index_of(&d.name).expect("op name numbered");
        e.varint(self.num.op_final[name_pos] as u64);
        let mask_at = e.len();
        e.byte(0);
        let mut mask = 0u8;
        e.varint(self.num.attr_index(&AKey::Attr(d.loc)));
        if let Some(dict) = self.attr_dict(op) {
            mask |= op_mask::HAS_ATTRS;
            e.varint(self.num.attr_index(&AKey::Dict(dict)));
        }
        if self.cfg.version >= version::NATIVE_PROPERTIES_ENCODING && !d.properties().is_empty() {
            mask |= op_mask::HAS_PROPERTIES;
            match self.native(d.name).cloned() {
                Some(layout) => {
                    let mut body = Emitter::new();
                    let v6 = self.cfg.version >= version::NATIVE_PROPERTIES_ODS_SEGMENT_SIZE;
                    for f in &layout {
                        let v = d.properties().iter().find(|p| ctx.str(p.name) == f.name).map(|p| p.value);
                        match (f.kind, v) {
                            (PropKind::Required, Some(v)) => body.varint(self.num.attr_index(&AKey::Attr(v))),
                            (PropKind::Optional, Some(v)) => {
                                body.varint_with_flag(self.num.attr_index(&AKey::Attr(v)), true)
                            }
                            (PropKind::SegmentsBeforeV6(_), Some(v)) if !v6 => {
                                body.varint(self.num.attr_index(&AKey::Attr(v)))
                            }
                            (PropKind::SegmentsV6(_), Some(v)) if v6 => {
                                if let AttrKind::DenseArray { values, .. } = ctx.attr_kind(v) {
                                    write_sparse_array(&mut body, values);
                                }
                            }
                            (PropKind::SegmentsBeforeV6(_) | PropKind::SegmentsV6(_), _) => {}
                            (_, None) => body.varint(0),
                        }
                    }
                    let idx = self.property_entry(body);
                    e.varint(idx);
                }
                None => {
                    // As MLIR writes an unregistered op's properties: a properties entry
                    // holding the reference to one attribute.
                    let mut body = Emitter::new();
                    body.varint(self.num.attr_index(&AKey::Dict(d.properties().to_vec())));
                    let idx = self.property_entry(body);
                    e.varint(idx);
                }
            }
        }
        if d.num_results() != 0 {
            mask |= op_mask::HAS_RESULTS;
            e.varint(d.num_results() as u64);
            for t in ctx.result_types(op) {
                e.varint(self.num.type_index(t));
            }
        }
        let operands = ctx.operands(op);
        if !operands.is_empty() {
            mask |= op_mask::HAS_OPERANDS;
            e.varint(operands.len() as u64);
            for v in operands {
                let id = self.scopes.last().and_then(|s| s.get(v)).copied().ok_or_else(|| {
                    BytecodeError::new(
                        0,
                        format!("operand of '{}' is not defined in a region visible from it", ctx.op_name_of(op)),
                    )
                })?;
                e.varint(id as u64);
            }
        }
        if !d.successors().is_empty() {
            mask |= op_mask::HAS_SUCCESSORS;
            e.varint(d.successors().len() as u64);
            let region = d.parent().and_then(|b| ctx.block(b).parent);
            for s in d.successors().iter() {
                let idx = region.and_then(|r| ctx.region_blocks(r).iter().position(|b| b == s)).ok_or_else(|| {
                    BytecodeError::new(0, format!("successor of '{}' is not in its region", ctx.op_name_of(op)))
                })?;
                e.varint(idx as u64);
            }
        }
        let regions: Vec<RegionId> = d.regions().to_vec();
        if !regions.is_empty() {
            mask |= op_mask::HAS_INLINE_REGIONS;
        }
        e.buf[mask_at] = mask;
        if !regions.is_empty() {
            let isolated = ctx.op_has_trait(op, Traits::ISOLATED_FROM_ABOVE);
            e.varint_with_flag(regions.len() as u64, isolated);
            if isolated {
                self.scopes.push(FxHashMap::default());
            }
            let base = if isolated { 0 } else { self.next_base };
            if isolated && self.cfg.version >= version::LAZY_LOADING {
                let mut sub = Emitter::new();
                for r in &regions {
                    self.write_region(&mut sub, *r, 0)?;
                }
                e.section(section::IR, sub);
            } else {
                for r in &regions {
                    self.write_region(e, *r, base)?;
                }
            }
            if isolated {
                self.scopes.pop();
            }
        }
        Ok(())
    }

    /// Add (or find, deduplicated) a properties-section entry; returns its index.
    fn property_entry(&mut self, body: Emitter) -> u64 {
        let mut entry = Emitter::new();
        entry.varint(body.len() as u64);
        entry.bytes(&body.buf);
        match self.props_index.get(&entry.buf) {
            Some(i) => *i,
            None => {
                let i = self.props.len() as u64;
                self.props_index.insert(entry.buf.clone(), i);
                self.props.push(entry.buf);
                i
            }
        }
    }

    fn write_region(&mut self, e: &mut Emitter, r: RegionId, base: u32) -> Result<(), BytecodeError> {
        let ctx = self.ctx;
        let blocks = ctx.region_blocks(r).to_vec();
        if blocks.is_empty() {
            e.varint(0);
            return Ok(());
        }
        // Number this region's values: each block's arguments, then its ops' results.
        let mut next = base;
        {
            let scope = self.scopes.last_mut().unwrap();
            for &b in &blocks {
                for v in ctx.block_args(b) {
                    scope.insert(v, next);
                    next += 1;
                }
                for op in ctx.block_ops(b) {
                    for v in ctx.results(op) {
                        scope.insert(v, next);
                        next += 1;
                    }
                }
            }
        }
        e.varint(blocks.len() as u64);
        e.varint((next - base) as u64);
        let saved = self.next_base;
        self.next_base = next;
        let unknown = ctx.unknown_loc();
        for &b in &blocks {
            let args = &ctx.block(b).args;
            e.varint_with_flag(ctx.block_len(b) as u64, !args.is_empty());
            if !args.is_empty() {
                e.varint(args.len() as u64);
                for a in args {
                    let l = a.loc().unwrap_or(unknown);
                    if self.cfg.version >= version::ELIDE_UNKNOWN_BLOCK_ARG_LOCATION {
                        e.varint_with_flag(self.num.type_index(a.ty), l != unknown);
                        if l != unknown {
                            e.varint(self.num.attr_index(&AKey::Attr(l)));
                        }
                    } else {
                        e.varint(self.num.type_index(a.ty));
                        e.varint(self.num.attr_index(&AKey::Attr(l)));
                    }
                }
                if self.cfg.version >= version::USE_LIST_ORDERING {
                    e.byte(0);
                }
            }
            for op in ctx.block_ops_vec(b) {
                self.write_op(e, op)?;
            }
        }
        self.next_base = saved;
        Ok(())
    }

    fn write_resource_sections(&mut self, out: &mut Emitter) {
        let ctx = self.ctx;
        let mut data = Emitter::new();
        let mut offsets = Emitter::new();
        // External resources.
        let mut groups: Vec<&str> = Vec::new();
        for (g, _, _) in &ctx.external_resources {
            if !groups.contains(&g.as_str()) {
                groups.push(g);
            }
        }
        offsets.varint(groups.len() as u64);
        for g in &groups {
            offsets.varint(self.strings.insert(g));
            let entries: Vec<&(String, String, String)> =
                ctx.external_resources.iter().filter(|(x, _, _)| x == g).collect();
            offsets.varint(entries.len() as u64);
            for (_, k, text) in entries {
                let start = data.len();
                let kind = write_resource_text(&mut data, &mut self.strings, text, true);
                offsets.varint(self.strings.insert(k));
                offsets.varint((data.len() - start) as u64);
                offsets.byte(kind);
            }
        }
        // Dialect resources, grouped by dialect in handle order.
        let res: Vec<((String, String), usize)> = self.num.resources.iter().map(|(k, d)| (k.clone(), *d)).collect();
        let mut i = 0;
        while i < res.len() {
            let d = res[i].1;
            let mut j = i;
            while j < res.len() && res[j].1 == d {
                j += 1;
            }
            offsets.varint(d as u64);
            offsets.varint((j - i) as u64);
            for ((dialect, key), _) in &res[i..j] {
                let start = data.len();
                let kind = match ctx.resources.get(&(dialect.clone(), key.clone())) {
                    Some(text) => write_resource_text(&mut data, &mut self.strings, text, dialect == "builtin"),
                    None => 0,
                };
                offsets.varint(self.strings.insert(key));
                offsets.varint((data.len() - start) as u64);
                offsets.byte(kind);
            }
            i = j;
        }
        if groups.is_empty() && res.is_empty() {
            return;
        }
        out.section(section::RESOURCE_OFFSET, offsets);
        out.section(section::RESOURCE, data);
    }
}

/// `writeSparseArray`: dense when more than half the entries are non-zero or an index is
/// past 256, else (index, value) pairs packed in one varint each.
fn write_sparse_array(e: &mut Emitter, array: &[i64]) {
    let size = array.len() as u64;
    let mut non_zero = 0u64;
    let mut last = 0u64;
    for (i, v) in array.iter().enumerate() {
        if *v != 0 {
            non_zero += 1;
            last = i as u64;
        }
    }
    if last > 256 || non_zero > size / 2 {
        e.varint_with_flag(size, false);
        for v in array {
            e.varint(*v as u32 as u64);
        }
        return;
    }
    e.varint_with_flag(non_zero, true);
    if non_zero == 0 {
        return;
    }
    let bits = 64 - last.leading_zeros() as u64;
    let bits = if last == 0 { 0 } else { bits };
    e.varint(bits);
    for (i, v) in array.iter().enumerate() {
        if *v != 0 {
            e.varint(((*v as u32 as u64) << bits) | i as u64);
        }
    }
}

/// Emit one resource value from Strata's text of it; returns its kind (0 blob, 1 bool,
/// 2 string). A hex string `0x<alignment><data>` is a blob.
fn write_resource_text(e: &mut Emitter, strings: &mut StringTable, text: &str, blob_expected: bool) -> u8 {
    let unq = text.strip_prefix('"').and_then(|t| t.strip_suffix('"'));
    match text {
        "true" | "false" => {
            e.byte((text == "true") as u8);
            return 1;
        }
        _ => {}
    }
    let body = unq.unwrap_or(text);
    if let Some(hex) = body.strip_prefix("0x") {
        if hex.len() >= 8 && hex.len() % 2 == 0 && hex.bytes().all(|c| c.is_ascii_hexdigit()) {
            let bytes: Vec<u8> =
                (0..hex.len() / 2).map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap()).collect();
            let alignment = u32::from_le_bytes(bytes[..4].try_into().unwrap()).max(1) as u64;
            let alignment = if alignment.is_power_of_two() { alignment } else { 1 };
            e.varint(alignment);
            e.varint((bytes.len() - 4) as u64);
            e.align_to(alignment);
            e.bytes(&bytes[4..]);
            return 0;
        }
    }
    let _ = blob_expected;
    let s = match unq {
        Some(_) => String::from_utf8_lossy(&crate::parser::lexer::unescape(text)).into_owned(),
        None => body.to_string(),
    };
    e.varint(strings.insert(&s));
    2
}
