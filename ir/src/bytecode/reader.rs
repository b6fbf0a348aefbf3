//! The bytecode reader (MLIR's `BytecodeReader::Impl`): sections, the string, dialect,
//! attribute/type, resource and properties tables, then the IR section into a
//! `builtin.module`.
//!
//! Attributes and types are decoded on first use (MLIR resolves them lazily too) and cached;
//! a cycle of references or nesting deeper than [`MAX_ATTR_DEPTH`] is an error, not a stack
//! overflow. Regions nest at most [`MAX_REGION_DEPTH`] deep. Forward references to values
//! (graph regions, blocks used before they are defined) are placeholders replaced when the value
//! is defined, as in MLIR. Isolated-from-above regions (version 2 on) are read from their own
//! sections, each with a fresh value scope. Use-list orders are checked and skipped: Strata's
//! use lists carry no order that printing or passes observe.

use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::encoding::Cursor;
use super::{op_mask, section, version, BytecodeError, DialectBytecode, PropField, PropKind, MAGIC};
use crate::attributes::{AttrKind, Attribute, NamedAttribute};
use crate::ir::{BlockId, OpId, OpName, OperationState, RegionId, Value};
use crate::types::Type;
use crate::{Context, Traits};

/// Deepest attribute/type nesting decoded recursively.
pub const MAX_ATTR_DEPTH: usize = 512;
/// Deepest region nesting.
pub const MAX_REGION_DEPTH: usize = 256;

struct DialectEntry<'a> {
    name: &'a str,
    /// `name == "builtin"` (read by Strata's own builtin reader, without a hook).
    builtin: bool,
    version: Option<&'a [u8]>,
    checked: bool,
    hook: Option<Rc<dyn DialectBytecode>>,
}

struct OpNameEntry<'a> {
    dialect: usize,
    name: &'a str,
    was_registered: Option<bool>,
    resolved: Option<OpName>,
    layout: Option<Option<Vec<PropField>>>,
}

/// An attribute or type table entry, 16 bytes (a large module has one per op location).
#[derive(Clone, Copy)]
struct Entry {
    /// Where its data starts, relative to the attribute/type data section, and its length.
    start: u32,
    len: u32,
    /// The decoded handle's index, [`UNRESOLVED`] until decoded.
    value: u32,
    /// `dialect << 2 | busy << 1 | custom`.
    flags: u32,
}

const UNRESOLVED: u32 = u32::MAX;
const CUSTOM: u32 = 1;
const BUSY: u32 = 2;

impl Entry {
    fn dialect(&self) -> usize {
        (self.flags >> 2) as usize
    }
}

struct Scope {
    values: Vec<Option<Value>>,
    next: Vec<usize>,
}

/// Everything read so far; the state behind a [`DialectReader`].
pub struct ReadState<'a> {
    ctx: &'a mut Context,
    file_name: &'a str,
    version: u64,
    strings: Vec<&'a [u8]>,
    string_base: usize,
    dialects: Vec<DialectEntry<'a>>,
    op_names: Vec<OpNameEntry<'a>>,
    attrs: Vec<Entry>,
    types: Vec<Entry>,
    /// The attribute/type data section (entries are windows of it).
    attr_type_data: Cursor<'a>,
    resources: Vec<(String, String)>,
    properties: Vec<Cursor<'a>>,
    depth: usize,
    scopes: Vec<Scope>,
    placeholders: FxHashMap<Value, OpId>,
    placeholder_name: Option<OpName>,
    none_type: Option<Type>,
    /// Symbols of the string attributes used as names (file names of locations, dictionary
    /// keys), so each is interned once rather than once per use.
    string_syms: FxHashMap<Attribute, crate::Symbol>,
    last_string_sym: Option<(Attribute, crate::Symbol)>,
    /// Result types of the op being read (a buffer reused across ops).
    result_types: Vec<Type>,
    /// Size of the IR section (an upper bound on the number of operations, for reserving).
    ir_len: usize,
}

/// The reader handed to attribute and type decoders (MLIR's `DialectBytecodeReader`): the
/// primitives of the format and references to other entries.
pub struct DialectReader<'r, 'a> {
    st: &'r mut ReadState<'a>,
    cur: Cursor<'a>,
}

impl<'r, 'a> DialectReader<'r, 'a> {
    /// The context IR is built in.
    pub fn ctx(&mut self) -> &mut Context {
        self.st.ctx
    }
    /// The context, read-only.
    pub fn ctx_ref(&self) -> &Context {
        self.st.ctx
    }
    /// The file's bytecode version.
    pub fn bytecode_version(&self) -> u64 {
        self.st.version
    }
    /// The encoded version of a dialect, if the file has one.
    pub fn dialect_version(&self, dialect: &str) -> Option<&'a [u8]> {
        self.st.dialects.iter().find(|d| d.name == dialect).and_then(|d| d.version)
    }
    /// Absolute offset of the next byte.
    pub fn offset(&self) -> usize {
        self.cur.offset()
    }
    /// An error at the current position.
    pub fn error(&self, msg: impl Into<String>) -> BytecodeError {
        self.cur.error(msg)
    }
    /// A varint.
    #[inline]
    pub fn varint(&mut self) -> Result<u64, BytecodeError> {
        self.cur.varint()
    }
    /// A zigzag signed varint.
    pub fn signed_varint(&mut self) -> Result<i64, BytecodeError> {
        self.cur.signed_varint()
    }
    /// A byte.
    #[inline]
    pub fn byte(&mut self) -> Result<u8, BytecodeError> {
        self.cur.byte()
    }
    /// A bool (one byte).
    pub fn bool(&mut self) -> Result<bool, BytecodeError> {
        Ok(self.cur.byte()? != 0)
    }
    /// A reference to the string section.
    pub fn string(&mut self) -> Result<&'a str, BytecodeError> {
        let at = self.cur.offset();
        let i = self.cur.varint()?;
        self.st.string(i, at)
    }
    /// A blob: its size then its bytes.
    pub fn blob(&mut self) -> Result<&'a [u8], BytecodeError> {
        let n = self.cur.varint()?;
        if n > self.cur.remaining() as u64 {
            return Err(self
                .cur
                .error(format!("attempting to parse {n} bytes when only {} remain", self.cur.remaining())));
        }
        self.cur.bytes(n as usize)
    }
    /// A reference to an attribute.
    #[inline]
    pub fn attribute(&mut self) -> Result<Attribute, BytecodeError> {
        let at = self.cur.offset();
        let i = self.cur.varint()?;
        self.st.attr(i, at)
    }
    /// An optional attribute reference (a varint with a presence flag).
    pub fn optional_attribute(&mut self) -> Result<Option<Attribute>, BytecodeError> {
        let at = self.cur.offset();
        let (i, present) = self.cur.varint_with_flag()?;
        if !present {
            return Ok(None);
        }
        self.st.attr(i, at).map(Some)
    }
    /// A reference to a type.
    #[inline]
    pub fn type_(&mut self) -> Result<Type, BytecodeError> {
        let at = self.cur.offset();
        let i = self.cur.varint()?;
        self.st.type_(i, at)
    }
    /// The symbol of a string attribute (without a type), interned once per attribute.
    pub(crate) fn string_attr_sym(&mut self, a: Attribute, at: usize) -> Result<crate::Symbol, BytecodeError> {
        // The last one first: every location of a file names the same file.
        if let Some((la, ls)) = self.st.last_string_sym {
            if la == a {
                return Ok(ls);
            }
        }
        if let Some(&s) = self.st.string_syms.get(&a) {
            self.st.last_string_sym = Some((a, s));
            return Ok(s);
        }
        let ctx = &mut *self.st.ctx;
        let sym = match ctx.attr_kind(a) {
            AttrKind::String { value, ty: None } => {
                let v = value.clone();
                ctx.sym(&v)
            }
            _ => return Err(BytecodeError::new(at, "expected a string attribute")),
        };
        self.st.string_syms.insert(a, sym);
        self.st.last_string_sym = Some((a, sym));
        Ok(sym)
    }
    /// A list: its length then each element.
    pub fn list<T>(
        &mut self,
        mut f: impl FnMut(&mut Self) -> Result<T, BytecodeError>,
    ) -> Result<Vec<T>, BytecodeError> {
        let n = self.cur.count(self.cur.remaining(), "list size")?;
        let mut v = Vec::with_capacity(n);
        for _ in 0..n {
            v.push(f(self)?);
        }
        Ok(v)
    }
    /// A list of attribute references.
    pub fn attributes(&mut self) -> Result<Vec<Attribute>, BytecodeError> {
        self.list(|r| r.attribute())
    }
    /// A list of type references.
    pub fn types(&mut self) -> Result<Vec<Type>, BytecodeError> {
        self.list(|r| r.type_())
    }
    /// A list of signed varints.
    pub fn signed_varints(&mut self) -> Result<Vec<i64>, BytecodeError> {
        self.list(|r| r.signed_varint())
    }
    /// An integer of known bit width (`readAPIntWithKnownWidth`), as its bits zero-extended.
    pub fn apint(&mut self, width: u32) -> Result<u128, BytecodeError> {
        let mask = if width >= 128 { u128::MAX } else { (1u128 << width) - 1 };
        if width <= 8 {
            return Ok(self.cur.byte()? as u128 & mask);
        }
        if width <= 64 {
            return Ok((self.cur.signed_varint()? as u64 as u128) & mask);
        }
        if width > 128 {
            return Err(self.error(format!("integers of {width} bits are not supported (at most 128)")));
        }
        let at = self.cur.offset();
        let words = self.cur.varint()?;
        if words > width.div_ceil(64) as u64 {
            return Err(BytecodeError::new(at, format!("invalid word count {words} for a {width}-bit integer")));
        }
        let mut v: u128 = 0;
        for i in 0..words {
            v |= (self.cur.signed_varint()? as u64 as u128) << (64 * i);
        }
        Ok(v & mask)
    }
    /// A resource handle: (dialect, key).
    pub fn resource_handle(&mut self) -> Result<(String, String), BytecodeError> {
        let at = self.cur.offset();
        let i = self.cur.varint()?;
        self.st
            .resources
            .get(i as usize)
            .cloned()
            .ok_or_else(|| BytecodeError::new(at, format!("invalid resource handle index: {i}")))
    }
    /// Whether everything has been read.
    pub fn is_empty(&self) -> bool {
        self.cur.is_empty()
    }
    /// Bytes left in this entry.
    pub fn remaining(&self) -> usize {
        self.cur.remaining()
    }
}

impl<'a> ReadState<'a> {
    fn string(&self, i: u64, at: usize) -> Result<&'a str, BytecodeError> {
        let s =
            self.strings.get(i as usize).ok_or_else(|| BytecodeError::new(at, format!("invalid string index: {i}")))?;
        std::str::from_utf8(s).map_err(|e| {
            BytecodeError::new(self.string_base, format!("string {i} is not valid UTF-8 (byte {})", e.valid_up_to()))
        })
    }

    fn hook(&mut self, dialect: usize, at: usize) -> Result<Option<Rc<dyn DialectBytecode>>, BytecodeError> {
        let d = &mut self.dialects[dialect];
        if !d.checked {
            d.checked = true;
            if d.name != "builtin" {
                match self.ctx.dialect(d.name) {
                    Some(reg) => d.hook = reg.bytecode.clone(),
                    None if self.ctx.allow_unregistered => {}
                    None => {
                        return Err(BytecodeError::new(
                            at,
                            format!(
                                "dialect '{}' is unknown. If this is intended, please call allowUnregisteredDialects() \
                                 on the MLIRContext, or use -allow-unregistered-dialect with the MLIR tool used.",
                                d.name
                            ),
                        ))
                    }
                }
                // A version entry of a dialect Strata has no bytecode interface for is ignored
                // (MLIR rejects it; nothing Strata reads depends on it).
            }
        }
        Ok(self.dialects[dialect].hook.clone())
    }

    /// Resolve attribute `i` (decoding it on first use).
    #[inline]
    pub fn attr(&mut self, i: u64, at: usize) -> Result<Attribute, BytecodeError> {
        match self.attrs.get(i as usize) {
            Some(e) if e.value != UNRESOLVED => Ok(Attribute(e.value)),
            _ => self.decode_attr_entry(i, at),
        }
    }

    fn decode_attr_entry(&mut self, i: u64, at: usize) -> Result<Attribute, BytecodeError> {
        let e = self
            .attrs
            .get_mut(i as usize)
            .ok_or_else(|| BytecodeError::new(at, format!("invalid attribute index: {i}")))?;
        if e.value != UNRESOLVED {
            return Ok(Attribute(e.value));
        }
        if e.flags & BUSY != 0 {
            return Err(BytecodeError::new(at, format!("attribute {i} refers to itself")));
        }
        if self.depth >= MAX_ATTR_DEPTH {
            return Err(BytecodeError::new(at, format!("attributes and types nest deeper than {MAX_ATTR_DEPTH}")));
        }
        e.flags |= BUSY;
        let (custom, dialect) = (e.flags & CUSTOM != 0, e.dialect());
        let data = self.attr_type_data.window(e.start as usize, e.len as usize);
        self.depth += 1;
        let r = self.decode_attr(custom, data, dialect);
        self.depth -= 1;
        let e = &mut self.attrs[i as usize];
        e.flags &= !BUSY;
        let v = r?;
        e.value = v.0;
        Ok(v)
    }

    /// Resolve type `i` (decoding it on first use).
    #[inline]
    pub fn type_(&mut self, i: u64, at: usize) -> Result<Type, BytecodeError> {
        match self.types.get(i as usize) {
            Some(e) if e.value != UNRESOLVED => Ok(Type(e.value)),
            _ => self.decode_type_entry(i, at),
        }
    }

    fn decode_type_entry(&mut self, i: u64, at: usize) -> Result<Type, BytecodeError> {
        let e =
            self.types.get_mut(i as usize).ok_or_else(|| BytecodeError::new(at, format!("invalid type index: {i}")))?;
        if e.value != UNRESOLVED {
            return Ok(Type(e.value));
        }
        if e.flags & BUSY != 0 {
            return Err(BytecodeError::new(at, format!("type {i} refers to itself")));
        }
        if self.depth >= MAX_ATTR_DEPTH {
            return Err(BytecodeError::new(at, format!("attributes and types nest deeper than {MAX_ATTR_DEPTH}")));
        }
        e.flags |= BUSY;
        let (custom, dialect) = (e.flags & CUSTOM != 0, e.dialect());
        let data = self.attr_type_data.window(e.start as usize, e.len as usize);
        self.depth += 1;
        let r = self.decode_type(custom, data, dialect);
        self.depth -= 1;
        let e = &mut self.types[i as usize];
        e.flags &= !BUSY;
        let v = r?;
        e.value = v.0;
        Ok(v)
    }

    fn decode_attr(&mut self, custom: bool, data: Cursor<'a>, dialect: usize) -> Result<Attribute, BytecodeError> {
        let start = data.offset();
        if !custom {
            let text = self.entry_text(data, "attribute")?;
            return self.parse_text(text, start, "attribute", crate::parser::parse_attr_str);
        }
        let is_builtin = self.dialects[dialect].builtin;
        let hook = if is_builtin { None } else { self.hook(dialect, start)? };
        let mut r = DialectReader { st: self, cur: data };
        let v = if is_builtin {
            super::builtin::read_attribute(&mut r)?
        } else {
            match hook {
                Some(h) => h.read_attribute(&mut r)?,
                None => {
                    let name = r.st.dialects[dialect].name;
                    return Err(BytecodeError::new(
                        start,
                        format!("dialect '{name}' does not implement the bytecode interface"),
                    ));
                }
            }
        };
        if !r.cur.is_empty() {
            return Err(r.cur.error("unexpected trailing bytes after attribute entry"));
        }
        Ok(v)
    }

    fn decode_type(&mut self, custom: bool, data: Cursor<'a>, dialect: usize) -> Result<Type, BytecodeError> {
        let start = data.offset();
        if !custom {
            let text = self.entry_text(data, "type")?;
            return self.parse_text(text, start, "type", crate::parser::parse_type_str);
        }
        let is_builtin = self.dialects[dialect].builtin;
        let hook = if is_builtin { None } else { self.hook(dialect, start)? };
        let mut r = DialectReader { st: self, cur: data };
        let v = if is_builtin {
            super::builtin::read_type(&mut r)?
        } else {
            match hook {
                Some(h) => h.read_type(&mut r)?,
                None => {
                    let name = r.st.dialects[dialect].name;
                    return Err(BytecodeError::new(
                        start,
                        format!("dialect '{name}' does not implement the bytecode interface"),
                    ));
                }
            }
        };
        if !r.cur.is_empty() {
            return Err(r.cur.error("unexpected trailing bytes after type entry"));
        }
        Ok(v)
    }

    fn entry_text(&self, mut data: Cursor<'a>, what: &str) -> Result<&'a str, BytecodeError> {
        let start = data.offset();
        let s = data.cstr()?;
        if !data.is_empty() {
            return Err(data.error(format!("unexpected trailing bytes after {what} entry")));
        }
        std::str::from_utf8(s)
            .map_err(|e| BytecodeError::new(start + e.valid_up_to(), format!("{what} entry is not valid UTF-8")))
    }

    fn parse_text<T>(
        &mut self,
        text: &str,
        at: usize,
        what: &str,
        f: impl FnOnce(&mut Context, &str) -> Result<T, crate::Failure>,
    ) -> Result<T, BytecodeError> {
        let before = self.ctx.diagnostics().len();
        match f(self.ctx, text) {
            Ok(v) => Ok(v),
            Err(_) => {
                let mut all = self.ctx.take_diagnostics();
                let mine = all.split_off(before.min(all.len()));
                for d in all {
                    self.ctx.emit(d);
                }
                let msg = mine.first().map(|d| d.message.clone()).unwrap_or_else(|| "invalid".into());
                Err(BytecodeError::new(at, format!("in {what} entry '{text}': {msg}")))
            }
        }
    }
}

/// Read a bytecode file into `ctx`: the returned op is a `builtin.module` (the file's single
/// top-level module, or a new module at `file:0:0` wrapping the top-level ops, as MLIR's
/// parser does). The IR is not verified here; tools verify it as they verify text input.
pub fn read_bytecode(ctx: &mut Context, data: &[u8], file_name: &str) -> Result<OpId, BytecodeError> {
    let mut top = Cursor::new(data, 0);
    let magic = top.bytes(4.min(data.len())).unwrap_or(&[]);
    if magic != MAGIC {
        return Err(BytecodeError::new(0, "input is not MLIR bytecode (missing 'ML\\xefR' magic number)"));
    }
    let vat = top.offset();
    let version = top.varint()?;
    if version > super::CURRENT_VERSION {
        return Err(BytecodeError::new(
            vat,
            format!("bytecode version {version} is newer than the current version {}", super::CURRENT_VERSION),
        ));
    }
    let pat = top.offset();
    let producer = top.cstr()?;
    let producer = String::from_utf8_lossy(producer).into_owned();
    let mut sections: [Option<Cursor<'_>>; section::NUM_SECTIONS as usize] = Default::default();
    while !top.is_empty() {
        let at = top.offset();
        let (id, body) = top.section()?;
        if sections[id as usize].is_some() {
            return Err(BytecodeError::new(at, format!("duplicate top-level section: {}", section::name(id))));
        }
        sections[id as usize] = Some(body);
    }
    for id in 0..section::NUM_SECTIONS {
        let optional = match id {
            section::RESOURCE | section::RESOURCE_OFFSET | section::DIALECT_VERSIONS => true,
            section::PROPERTIES => version < version::NATIVE_PROPERTIES_ENCODING,
            _ => false,
        };
        if sections[id as usize].is_none() && !optional {
            return Err(BytecodeError::new(
                data.len(),
                format!("missing data for top-level section: {}", section::name(id)),
            ));
        }
    }
    let _ = pat;
    let mut st = ReadState {
        ctx,
        file_name,
        version,
        strings: Vec::new(),
        string_base: 0,
        dialects: Vec::new(),
        op_names: Vec::new(),
        attrs: Vec::new(),
        types: Vec::new(),
        attr_type_data: Cursor::new(&[], 0),
        resources: Vec::new(),
        properties: Vec::new(),
        depth: 0,
        scopes: Vec::new(),
        placeholders: FxHashMap::default(),
        placeholder_name: None,
        none_type: None,
        string_syms: FxHashMap::default(),
        last_string_sym: None,
        result_types: Vec::new(),
        ir_len: sections[section::IR as usize].map_or(0, |c| c.remaining()),
    };
    let r = (|| {
        st.read_strings(sections[section::STRING as usize].unwrap())?;
        if let Some(p) = sections[section::PROPERTIES as usize] {
            st.read_properties_section(p)?;
        }
        st.read_dialects(sections[section::DIALECT as usize].unwrap())?;
        match (sections[section::RESOURCE as usize], sections[section::RESOURCE_OFFSET as usize]) {
            (Some(r), Some(o)) => st.read_resources(r, o)?,
            (None, None) => {}
            (Some(r), None) => return Err(r.error("expected resource offset section when resource section is present")),
            (None, Some(o)) => {
                return Err(o.error("unexpected resource offset section when resource section is not present"))
            }
        }
        st.read_attr_type_tables(
            sections[section::ATTR_TYPE as usize].unwrap(),
            sections[section::ATTR_TYPE_OFFSET as usize].unwrap(),
        )?;
        st.read_ir(sections[section::IR as usize].unwrap())
    })();
    r.map_err(|mut e| {
        e.message = format!("{} (in bytecode version {version} produced by: {producer})", e.message);
        e
    })
}

impl<'a> ReadState<'a> {
    fn read_strings(&mut self, sec: Cursor<'a>) -> Result<(), BytecodeError> {
        let mut c = sec;
        let base = sec.offset();
        let all = c.bytes(c.remaining())?;
        let mut c = Cursor::new(all, base);
        let n = c.count(all.len(), "string count")?;
        let mut sizes = Vec::with_capacity(n);
        for _ in 0..n {
            sizes.push(c.varint()?);
        }
        // Sizes are stored in reverse; the strings end at the end of the section.
        let mut end = all.len();
        let mut strings = vec![&all[..0]; n];
        for (k, size) in sizes.into_iter().enumerate() {
            if size == 0 || size as usize > end {
                return Err(BytecodeError::new(base, "string size exceeds the available data size"));
            }
            let start = end - size as usize;
            strings[n - 1 - k] = &all[start..end - 1];
            end = start;
        }
        if c.offset() - base != end {
            return Err(c.error("unexpected trailing data between the offsets for strings and their data"));
        }
        self.strings = strings;
        self.string_base = base;
        Ok(())
    }

    fn read_properties_section(&mut self, sec: Cursor<'a>) -> Result<(), BytecodeError> {
        let mut c = sec;
        if c.is_empty() {
            return Ok(());
        }
        let n = c.count(c.remaining(), "properties count")?;
        for _ in 0..n {
            let start = c;
            let size = c.varint()?;
            if size > c.remaining() as u64 {
                return Err(c.error(format!("attempting to parse {size} bytes when only {} remain", c.remaining())));
            }
            c.bytes(size as usize)?;
            self.properties.push(start);
        }
        if !c.is_empty() {
            return Err(c.error("Broken properties section: didn't exhaust the offsets table"));
        }
        Ok(())
    }

    fn read_dialects(&mut self, sec: Cursor<'a>) -> Result<(), BytecodeError> {
        let mut c = sec;
        let n = c.count(c.remaining(), "dialect count")?;
        for _ in 0..n {
            let at = c.offset();
            let (idx, has_version) =
                if self.version < version::DIALECT_VERSIONING { (c.varint()?, false) } else { c.varint_with_flag()? };
            let name = self.string(idx, at)?;
            let mut ver = None;
            if has_version {
                let vat = c.offset();
                let (id, body) = c.section()?;
                if id != section::DIALECT_VERSIONS {
                    return Err(BytecodeError::new(vat, "expected dialect version section"));
                }
                let mut b = body;
                ver = Some(b.bytes(b.remaining())?);
            }
            self.dialects.push(DialectEntry {
                name,
                builtin: name == "builtin",
                version: ver,
                checked: false,
                hook: None,
            });
        }
        if self.version >= version::ELIDE_UNKNOWN_BLOCK_ARG_LOCATION {
            let count = c.count(c.remaining(), "op name count")?;
            self.op_names.reserve(count);
        }
        while !c.is_empty() {
            let (dialect, count) = self.group_header(&mut c)?;
            for _ in 0..count {
                let at = c.offset();
                let (idx, reg) = if self.version < version::NATIVE_PROPERTIES_ENCODING {
                    (c.varint()?, None)
                } else {
                    let (i, f) = c.varint_with_flag()?;
                    (i, Some(f))
                };
                let name = self.string(idx, at)?;
                self.op_names.push(OpNameEntry { dialect, name, was_registered: reg, resolved: None, layout: None });
            }
        }
        Ok(())
    }

    fn group_header(&self, c: &mut Cursor<'a>) -> Result<(usize, usize), BytecodeError> {
        let at = c.offset();
        let d = c.varint()?;
        if d >= self.dialects.len() as u64 {
            return Err(BytecodeError::new(at, format!("invalid dialect index: {d}")));
        }
        let n = c.count(c.remaining().max(1) * 8, "group size")?;
        Ok((d as usize, n))
    }

    fn read_resources(&mut self, data: Cursor<'a>, offsets: Cursor<'a>) -> Result<(), BytecodeError> {
        let mut o = offsets;
        let mut d = data;
        let n_ext = o.count(o.remaining(), "external resource group count")?;
        for _ in 0..n_ext {
            let at = o.offset();
            let gi = o.varint()?;
            let group = self.string(gi, at)?.to_string();
            for (key, kind, mut entry) in self.resource_group(&mut o, &mut d)? {
                if entry.is_empty() {
                    continue;
                }
                let text = resource_value_text(&mut entry, kind, self, true)?;
                self.ctx.external_resources.push((group.clone(), key, text));
            }
        }
        while !o.is_empty() {
            let at = o.offset();
            let di = o.varint()?;
            let dialect = self
                .dialects
                .get(di as usize)
                .ok_or_else(|| BytecodeError::new(at, format!("invalid dialect index: {di}")))?
                .name;
            if dialect != "builtin" && self.ctx.dialect(dialect).is_none() {
                return Err(BytecodeError::new(at, format!("dialect '{dialect}' is unknown")));
            }
            for (key, kind, mut entry) in self.resource_group(&mut o, &mut d)? {
                self.resources.push((dialect.to_string(), key.clone()));
                if entry.is_empty() {
                    continue;
                }
                let text = resource_value_text(&mut entry, kind, self, false)?;
                self.ctx.resources.insert((dialect.to_string(), key), text);
            }
        }
        Ok(())
    }

    fn resource_group(
        &self,
        o: &mut Cursor<'a>,
        d: &mut Cursor<'a>,
    ) -> Result<Vec<(String, u8, Cursor<'a>)>, BytecodeError> {
        let n = o.count(o.remaining(), "resource count")?;
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            let at = o.offset();
            let ki = o.varint()?;
            let key = self.string(ki, at)?.to_string();
            let size = o.varint()?;
            let kind = o.byte()?;
            if size > d.remaining() as u64 {
                return Err(d.error(format!("attempting to parse {size} bytes when only {} remain", d.remaining())));
            }
            out.push((key, kind, d.sub(size as usize)?));
        }
        Ok(out)
    }

    fn read_attr_type_tables(&mut self, data: Cursor<'a>, offsets: Cursor<'a>) -> Result<(), BytecodeError> {
        let mut o = offsets;
        let mut d = data;
        if d.remaining() > u32::MAX as usize {
            return Err(d.error("the attribute/type section is larger than 4 GiB"));
        }
        self.attr_type_data = data;
        let limit = d.remaining() + 1;
        let n_attrs = o.count(limit.max(o.remaining()), "attribute count")?;
        let n_types = o.count(limit.max(o.remaining()), "type count")?;
        // Every entry needs at least a byte of its own in the data: the counts are bounded by
        // the section, so reserving them up front cannot be made huge by a malformed file.
        self.attrs.reserve(n_attrs);
        self.types.reserve(n_types);
        crate::prefetch::populate_spare(&mut self.attrs, n_attrs);
        let ops = self.ir_len / 4;
        self.ctx.reserve_for_bytecode(ops, n_attrs, n_types);
        for kind in 0..2 {
            let total = if kind == 0 { n_attrs } else { n_types };
            let mut done = 0;
            while done < total {
                let (dialect, count) = self.group_header(&mut o)?;
                if dialect >= 1 << 30 {
                    return Err(o.error("too many dialects"));
                }
                if count > total - done {
                    return Err(o.error("attribute/type group exceeds the declared count"));
                }
                for _ in 0..count {
                    let (size, custom) = o.varint_with_flag()?;
                    if size > d.remaining() as u64 {
                        return Err(o.error("Attribute or Type entry offset points past the end of section"));
                    }
                    let entry = d.sub(size as usize)?;
                    let e = Entry {
                        start: (entry.offset() - data.offset()) as u32,
                        len: size as u32,
                        value: UNRESOLVED,
                        flags: (dialect as u32) << 2 | custom as u32,
                    };
                    if kind == 0 {
                        self.attrs.push(e);
                    } else {
                        self.types.push(e);
                    }
                }
                done += count;
            }
        }
        if !o.is_empty() {
            return Err(o.error("unexpected trailing data in the Attribute/Type offset section"));
        }
        Ok(())
    }

    // ----- IR -----

    fn read_ir(&mut self, sec: Cursor<'a>) -> Result<OpId, BytecodeError> {
        let mut c = sec;
        let block = self.ctx.create_block(&[]);
        let (n_ops, has_args) = c.varint_with_flag()?;
        if has_args {
            return Err(c.error("unexpected arguments on the top-level block"));
        }
        self.scopes.push(Scope { values: Vec::new(), next: vec![0] });
        let n_ops = bounded(n_ops, c.remaining(), &c, "operation count")?;
        let blocks = vec![block];
        self.read_block_ops(&mut c, block, &blocks, 0, 0, n_ops)?;
        if let Some((_, op)) = self.placeholders.iter().next() {
            let _ = op;
            return Err(c.error("not all forward unresolved forward operand references"));
        }
        let ops = self.ctx.block_ops_vec(block);
        let module_name = self.ctx.op_name("builtin.module");
        if ops.len() == 1 && self.ctx.op(ops[0]).name == module_name {
            self.ctx.detach_op(ops[0]);
            return Ok(ops[0]);
        }
        let region = self.ctx.create_region();
        self.ctx.append_block(region, block);
        let loc = self.ctx.file_loc(self.file_name, 0, 0);
        let mut st = OperationState::new(module_name, loc);
        st.regions.push(region);
        Ok(self.ctx.create_op(st))
    }

    fn op_name(&mut self, c: &mut Cursor<'a>) -> Result<(usize, OpName), BytecodeError> {
        let at = c.offset();
        let i = c.varint()?;
        let e = self
            .op_names
            .get(i as usize)
            .ok_or_else(|| BytecodeError::new(at, format!("invalid operation name index: {i}")))?;
        if let Some(n) = e.resolved {
            return Ok((i as usize, n));
        }
        let dialect = e.dialect;
        let dname = self.dialects[dialect].name;
        let full = if e.name.is_empty() { dname.to_string() } else { format!("{dname}.{}", e.name) };
        self.hook(dialect, at)?;
        let n = self.ctx.op_name(&full);
        if self.ctx.op_info(n).is_none() && !self.ctx.allow_unregistered {
            return Err(BytecodeError::new(
                at,
                format!("operation '{full}' is not registered (use --allow-unregistered-dialect to accept it)"),
            ));
        }
        self.op_names[i as usize].resolved = Some(n);
        Ok((i as usize, n))
    }

    fn layout(&mut self, name_idx: usize) -> Option<Vec<PropField>> {
        if let Some(l) = &self.op_names[name_idx].layout {
            return l.clone();
        }
        let e = &self.op_names[name_idx];
        let dname = self.dialects[e.dialect].name;
        let full = format!("{dname}.{}", e.name);
        let l = if dname == "builtin" {
            super::builtin::properties_layout(&full)
        } else {
            self.dialects[e.dialect].hook.as_ref().and_then(|h| h.properties_layout(&full))
        };
        let l = l.or_else(|| super::upstream::layout(&full));
        self.op_names[name_idx].layout = Some(l.clone());
        l
    }

    fn read_op(
        &mut self,
        c: &mut Cursor<'a>,
        block: BlockId,
        region_blocks: &[BlockId],
        region_values: usize,
        depth: usize,
    ) -> Result<(), BytecodeError> {
        let op_at = c.offset();
        let (name_idx, name) = self.op_name(c)?;
        let mask = c.byte()?;
        let lat = c.offset();
        let li = c.varint()?;
        let loc = self.attr(li, lat)?;
        if !self.ctx.is_location(loc) {
            return Err(BytecodeError::new(lat, "expected a location attribute for the operation location"));
        }
        let mut state = OperationState::new(name, loc);
        if mask & op_mask::HAS_ATTRS != 0 {
            let at = c.offset();
            let i = c.varint()?;
            let a = self.attr(i, at)?;
            match self.ctx.attr_kind(a) {
                AttrKind::Dictionary(entries) => state.attributes = entries.clone(),
                _ => {
                    return Err(BytecodeError::new(at, "expected a dictionary attribute for the operation attributes"))
                }
            }
            // Before version 5 properties were merged into the attributes: split the op's
            // inherent ones out again, as MLIR does for ops whose properties it knows.
            if self.version < version::NATIVE_PROPERTIES_ENCODING {
                if let Some(layout) = self.layout(name_idx) {
                    let ctx = &*self.ctx;
                    let (props, rest): (Vec<NamedAttribute>, Vec<NamedAttribute>) =
                        std::mem::take(&mut state.attributes)
                            .into_iter()
                            .partition(|a| layout.iter().any(|f| f.name == ctx.str(a.name)));
                    state.properties = props;
                    state.attributes = rest;
                }
            }
        }
        if mask & op_mask::HAS_PROPERTIES != 0 {
            let at = c.offset();
            match self.op_names[name_idx].was_registered {
                None => {
                    return Err(BytecodeError::new(
                        at,
                        format!(
                            "Unexpected missing `wasRegistered` opname flag at bytecode version {} with properties.",
                            self.version
                        ),
                    ))
                }
                Some(true) => {
                    let pi = c.varint()?;
                    let mut pc = *self.properties.get(pi as usize).ok_or_else(|| {
                        BytecodeError::new(
                            at,
                            format!("Properties idx out-of-bound for {}", self.ctx.op_name_str(name)),
                        )
                    })?;
                    let size = pc.varint()?;
                    let mut body = pc.sub(size as usize)?;
                    let Some(layout) = self.layout(name_idx) else {
                        return Err(BytecodeError::new(
                            at,
                            format!(
                                "operation '{}' has natively encoded properties, but Strata does not know its property layout",
                                self.ctx.op_name_str(name)
                            ),
                        ));
                    };
                    for f in layout {
                        let fat = body.offset();
                        let v = match f.kind {
                            PropKind::Optional => {
                                let (i, present) = body.varint_with_flag()?;
                                if !present {
                                    continue;
                                }
                                self.attr(i, fat)?
                            }
                            PropKind::Required => {
                                let i = body.varint()?;
                                self.attr(i, fat)?
                            }
                            PropKind::SegmentsBeforeV6(_)
                                if self.version < version::NATIVE_PROPERTIES_ODS_SEGMENT_SIZE =>
                            {
                                let i = body.varint()?;
                                self.attr(i, fat)?
                            }
                            PropKind::SegmentsV6(n) if self.version >= version::NATIVE_PROPERTIES_ODS_SEGMENT_SIZE => {
                                let values = read_sparse_array(&mut body, n)?;
                                let i32t = self.ctx.int_type(32);
                                self.ctx.intern_attr(AttrKind::DenseArray { element: i32t, values })
                            }
                            _ => continue,
                        };
                        let n = self.ctx.sym(f.name);
                        state.properties.push(NamedAttribute { name: n, value: v });
                    }
                }
                Some(false) => {
                    // An unregistered op's properties: a properties entry holding the reference
                    // to one attribute (a dictionary), as MLIR 22 writes them.
                    let pi = c.varint()?;
                    let mut pc = *self.properties.get(pi as usize).ok_or_else(|| {
                        BytecodeError::new(
                            at,
                            format!("Properties idx out-of-bound for {}", self.ctx.op_name_str(name)),
                        )
                    })?;
                    let size = pc.varint()?;
                    let mut body = pc.sub(size as usize)?;
                    let aat = body.offset();
                    let i = body.varint()?;
                    let a = self.attr(i, aat)?;
                    match self.ctx.attr_kind(a) {
                        AttrKind::Dictionary(entries) => state.properties.extend(entries.iter().copied()),
                        _ => {
                            return Err(BytecodeError::new(
                                aat,
                                "expected a dictionary attribute for unregistered op properties",
                            ))
                        }
                    }
                }
            }
        }
        let mut result_types = std::mem::take(&mut self.result_types);
        result_types.clear();
        if mask & op_mask::HAS_RESULTS != 0 {
            let n = c.count(c.remaining(), "result count")?;
            for _ in 0..n {
                let at = c.offset();
                let i = c.varint()?;
                result_types.push(self.type_(i, at)?);
            }
        }
        if mask & op_mask::HAS_OPERANDS != 0 {
            let n = c.count(c.remaining(), "operand count")?;
            for _ in 0..n {
                let v = self.operand(c)?;
                state.operands.push(v);
            }
        }
        if mask & op_mask::HAS_SUCCESSORS != 0 {
            let n = c.count(c.remaining(), "successor count")?;
            for _ in 0..n {
                let at = c.offset();
                let i = c.varint()?;
                let b = region_blocks
                    .get(i as usize)
                    .ok_or_else(|| BytecodeError::new(at, format!("invalid successor index: {i}")))?;
                state.successors.push(*b);
            }
        }
        let num_results = result_types.len();
        if self.version >= version::USE_LIST_ORDERING && mask & op_mask::HAS_USE_LIST_ORDERS != 0 {
            skip_use_list_orders(c, num_results)?;
        }
        let mut isolated = false;
        let mut num_regions = 0;
        if mask & op_mask::HAS_INLINE_REGIONS != 0 {
            let (n, iso) = c.varint_with_flag()?;
            num_regions = bounded(n, c.remaining(), c, "region count")?;
            isolated = iso;
            for _ in 0..num_regions {
                let r = self.ctx.create_region();
                state.regions.push(r);
            }
        }
        let regions = if num_regions > 0 { state.regions.clone() } else { Vec::new() };
        let op = self.ctx.create_op_with_results(state, &result_types);
        self.result_types = result_types;
        self.ctx.append_op(block, op);
        if region_values > 0 && num_results > 0 {
            for i in 0..num_results {
                self.define(Value::Result { op, index: i as u32 }, c)?;
            }
        }
        if num_regions > 0 {
            if depth >= MAX_REGION_DEPTH {
                return Err(BytecodeError::new(op_at, format!("regions nest deeper than {MAX_REGION_DEPTH}")));
            }
            if isolated && self.version >= version::LAZY_LOADING {
                let sat = c.offset();
                let (id, mut body) = c.section()?;
                if id != section::IR {
                    return Err(BytecodeError::new(sat, "expected IR section for region"));
                }
                self.scopes.push(Scope { values: Vec::new(), next: Vec::new() });
                for r in &regions {
                    self.read_region(&mut body, *r, depth + 1)?;
                }
                self.scopes.pop();
            } else {
                if isolated {
                    self.scopes.push(Scope { values: Vec::new(), next: Vec::new() });
                }
                for r in &regions {
                    self.read_region(c, *r, depth + 1)?;
                }
                if isolated {
                    self.scopes.pop();
                }
            }
        }
        let _ = Traits::NONE;
        Ok(())
    }

    /// The `n_ops` op records of block `b`, with their operands prefetched ahead (see
    /// [`Lookahead`]).
    fn read_block_ops(
        &mut self,
        c: &mut Cursor<'a>,
        b: BlockId,
        region_blocks: &[BlockId],
        region_values: usize,
        depth: usize,
        n_ops: usize,
    ) -> Result<(), BytecodeError> {
        let mut la = Lookahead::new(*c, n_ops);
        for k in 0..n_ops {
            la.advance(self, c, k);
            self.read_op(c, b, region_blocks, region_values, depth)?;
        }
        Ok(())
    }

    fn read_region(&mut self, c: &mut Cursor<'a>, region: RegionId, depth: usize) -> Result<(), BytecodeError> {
        let n_blocks = c.count(c.remaining(), "block count")?;
        if n_blocks == 0 {
            return Ok(());
        }
        let n_values = c.count(c.remaining(), "value count")?;
        {
            let s = self.scopes.last_mut().unwrap();
            s.next.push(s.values.len());
            let new_len = s.values.len() + n_values;
            s.values.resize(new_len, None);
        }
        let mut blocks = Vec::with_capacity(n_blocks);
        for _ in 0..n_blocks {
            let b = self.ctx.create_block(&[]);
            self.ctx.append_block(region, b);
            blocks.push(b);
        }
        for &b in &blocks {
            let (n_ops, has_args) = c.varint_with_flag()?;
            if has_args {
                self.read_block_args(c, b)?;
            }
            let n_ops = bounded(n_ops, c.remaining(), c, "operation count")?;
            self.read_block_ops(c, b, &blocks, n_values, depth, n_ops)?;
        }
        let s = self.scopes.last_mut().unwrap();
        let new_len = s.values.len() - n_values;
        s.values.truncate(new_len);
        s.next.pop();
        Ok(())
    }

    fn read_block_args(&mut self, c: &mut Cursor<'a>, b: BlockId) -> Result<(), BytecodeError> {
        let n = c.count(c.remaining(), "block argument count")?;
        let unknown = self.ctx.unknown_loc();
        let mut args = Vec::with_capacity(n);
        for _ in 0..n {
            let at = c.offset();
            let (ty, loc) = if self.version >= version::ELIDE_UNKNOWN_BLOCK_ARG_LOCATION {
                let (ti, has_loc) = c.varint_with_flag()?;
                let t = self.type_(ti, at)?;
                let loc = if has_loc {
                    let lat = c.offset();
                    let li = c.varint()?;
                    self.attr(li, lat)?
                } else {
                    unknown
                };
                (t, loc)
            } else {
                let ti = c.varint()?;
                let t = self.type_(ti, at)?;
                let lat = c.offset();
                let li = c.varint()?;
                (t, self.attr(li, lat)?)
            };
            if !self.ctx.is_location(loc) {
                return Err(BytecodeError::new(at, "expected a location attribute for a block argument"));
            }
            args.push((ty, loc));
        }
        for (t, l) in args {
            let l = if l == unknown { None } else { Some(l) };
            let v = self.ctx.add_block_arg(b, t, l);
            self.define(v, c)?;
        }
        if self.version >= version::USE_LIST_ORDERING {
            let has_orders = c.byte()?;
            if has_orders != 0 {
                skip_use_list_orders(c, n)?;
            }
        }
        Ok(())
    }

    fn define(&mut self, v: Value, c: &Cursor<'a>) -> Result<(), BytecodeError> {
        let s = self.scopes.last_mut().unwrap();
        let id = match s.next.last_mut() {
            Some(id) => id,
            None => return Err(c.error("value defined outside of any region")),
        };
        if *id >= s.values.len() {
            return Err(c.error(format!(
                "value index range was outside of the expected range for the parent region, got [{}, {}), but the maximum index was {}",
                *id,
                *id + 1,
                s.values.len() as i64 - 1
            )));
        }
        let slot = *id;
        *id += 1;
        if let Some(old) = s.values[slot].replace(v) {
            if let Some(ph) = self.placeholders.remove(&old) {
                self.ctx.replace_all_uses(old, v);
                self.ctx.erase_op(ph);
            }
        }
        Ok(())
    }

    fn operand(&mut self, c: &mut Cursor<'a>) -> Result<Value, BytecodeError> {
        let at = c.offset();
        let i = c.varint()?;
        let s = self.scopes.last().unwrap();
        match s.values.get(i as usize) {
            None => Err(BytecodeError::new(at, format!("invalid value index: {i}"))),
            Some(Some(v)) => Ok(*v),
            Some(None) => {
                let name = *self
                    .placeholder_name
                    .get_or_insert_with(|| self.ctx.op_name("builtin.unrealized_conversion_cast"));
                let none = match self.none_type {
                    Some(t) => t,
                    None => {
                        let t = self.ctx.none_type();
                        self.none_type = Some(t);
                        t
                    }
                };
                let loc = self.ctx.unknown_loc();
                let mut st = OperationState::new(name, loc);
                st.result_types.push(none);
                let op = self.ctx.create_op(st);
                let v = Value::Result { op, index: 0 };
                self.placeholders.insert(v, op);
                self.scopes.last_mut().unwrap().values[i as usize] = Some(v);
                Ok(v)
            }
        }
    }
}

/// How many op records ahead of the one being read the value-table slots of their operands
/// are prefetched.
const SLOT_AHEAD: usize = 20;
/// How many op records ahead of the one being read those slots are loaded (prefetched by
/// now) and the defining ops' result lists prefetched, for the use each operand adds.
const DEF_AHEAD: usize = 8;
/// Peeked records kept (a power of two above `SLOT_AHEAD`).
const RING: usize = 32;
/// Operands of a record prefetched (the rest are not).
const PEEK_OPERANDS: usize = 4;

/// Operand value-table indices of an op record peeked ahead.
#[derive(Clone, Copy, Default)]
struct Peeked {
    n: u8,
    idx: [u32; PEEK_OPERANDS],
}

/// Operand prefetching for the op records of one block, run ahead of reading them: operands
/// are uniformly spread over the earlier values of a large block, so resolving one is a
/// cache miss on the value table and adding its use one on the defining op. Two stages ahead
/// of the reader overlap those misses with reading the records in between. Only peeks (copies
/// of the cursor, nothing resolved): a record it cannot skip (regions, anything unexpected)
/// stops it until the reader has passed that record.
struct Lookahead<'a> {
    /// The next record to peek; `None`: stopped at record `next`.
    cur: Option<Cursor<'a>>,
    /// Index in the block of the next record to peek.
    next: usize,
    /// Index of the next peeked record whose slots are to be loaded.
    loaded: usize,
    /// Records in the block.
    len: usize,
    ring: [Peeked; RING],
}

impl<'a> Lookahead<'a> {
    fn new(c: Cursor<'a>, len: usize) -> Self {
        Lookahead { cur: Some(c), next: 0, loaded: 0, len, ring: [Peeked::default(); RING] }
    }

    /// Called before the reader reads record `k` (at `c`).
    #[inline]
    fn advance(&mut self, st: &ReadState<'a>, c: &Cursor<'a>, k: usize) {
        if self.cur.is_none() && k > self.next {
            self.cur = Some(*c);
            self.next = k;
            self.loaded = k;
        }
        let Some(values) = st.scopes.last().map(|s| &s.values) else { return };
        if let Some(cur) = &mut self.cur {
            let want = self.len.min(k + SLOT_AHEAD + 1);
            while self.next < want {
                match peek_record(cur, st.version) {
                    Some(p) => {
                        for &i in &p.idx[..p.n as usize] {
                            if let Some(slot) = values.get(i as usize) {
                                crate::prefetch::read(slot);
                            }
                        }
                        self.ring[self.next % RING] = p;
                        self.next += 1;
                    }
                    None => {
                        self.cur = None;
                        break;
                    }
                }
            }
        }
        let until = self.next.min(k + DEF_AHEAD + 1);
        while self.loaded < until {
            let p = &self.ring[self.loaded % RING];
            for &i in &p.idx[..p.n as usize] {
                if let Some(Some(v)) = values.get(i as usize) {
                    st.ctx.prefetch_value(*v);
                }
            }
            self.loaded += 1;
        }
    }
}

/// Skip one op record without regions, returning its operand indices; `None` at anything
/// else.
#[inline]
fn peek_record(c: &mut Cursor<'_>, version: u64) -> Option<Peeked> {
    c.varint().ok()?;
    let mask = c.byte().ok()?;
    if mask & op_mask::HAS_INLINE_REGIONS != 0 {
        return None;
    }
    c.varint().ok()?;
    if mask & op_mask::HAS_ATTRS != 0 {
        c.varint().ok()?;
    }
    if mask & op_mask::HAS_PROPERTIES != 0 {
        c.varint().ok()?;
    }
    let mut n_results = 0;
    if mask & op_mask::HAS_RESULTS != 0 {
        n_results = c.varint().ok()?;
        if n_results > 16 {
            return None;
        }
        for _ in 0..n_results {
            c.varint().ok()?;
        }
    }
    let mut p = Peeked::default();
    if mask & op_mask::HAS_OPERANDS != 0 {
        let n = c.varint().ok()?;
        if n > 64 {
            return None;
        }
        for i in 0..n as usize {
            let v = c.varint().ok()?;
            if i < PEEK_OPERANDS {
                p.idx[i] = v.min(u32::MAX as u64) as u32;
            }
        }
        p.n = n.min(PEEK_OPERANDS as u64) as u8;
    }
    if mask & op_mask::HAS_SUCCESSORS != 0 {
        let n = c.varint().ok()?;
        if n > 64 {
            return None;
        }
        for _ in 0..n {
            c.varint().ok()?;
        }
    }
    if version >= version::USE_LIST_ORDERING && mask & op_mask::HAS_USE_LIST_ORDERS != 0 {
        skip_use_list_orders(c, n_results as usize).ok()?;
    }
    Some(p)
}

/// `readSparseArray` into an array of `n` integers.
fn read_sparse_array(c: &mut Cursor<'_>, n: usize) -> Result<Vec<i64>, BytecodeError> {
    let mut out = vec![0i64; n];
    let at = c.offset();
    let (count, sparse) = c.varint_with_flag()?;
    if count == 0 {
        return Ok(out);
    }
    if !sparse {
        if count > n as u64 {
            return Err(BytecodeError::new(
                at,
                format!("trying to read an array of {count} but only {n} storage available."),
            ));
        }
        for slot in out.iter_mut().take(count as usize) {
            *slot = c.varint()? as i32 as i64;
        }
        return Ok(out);
    }
    let bits = c.varint()?;
    if bits > 8 {
        return Err(BytecodeError::new(at, format!("reading sparse array with indexing above 8 bits: {bits}")));
    }
    for _ in 0..count {
        let at = c.offset();
        let pair = c.varint()?;
        let index = (pair & ((1u64 << bits) - 1)) as usize;
        if index >= n {
            return Err(BytecodeError::new(at, format!("reading out-of-bound value in sparse array: {index}")));
        }
        out[index] = (pair >> bits) as i32 as i64;
    }
    Ok(out)
}

fn bounded(n: u64, remaining: usize, c: &Cursor<'_>, what: &str) -> Result<usize, BytecodeError> {
    if n > remaining as u64 + 1 {
        return Err(c.error(format!("invalid {what}: {n}")));
    }
    Ok(n as usize)
}

/// Read (and check the shape of) the use-list orders of `range_size` values.
fn skip_use_list_orders(c: &mut Cursor<'_>, range_size: usize) -> Result<(), BytecodeError> {
    let n = if range_size > 1 { c.count(range_size, "use-list order count")? } else { 1 };
    for _ in 0..n {
        if range_size > 1 {
            let at = c.offset();
            let idx = c.varint()?;
            if idx >= range_size as u64 {
                return Err(BytecodeError::new(at, format!("invalid use-list value index: {idx}")));
            }
        }
        let at = c.offset();
        let (count, pairs) = c.varint_with_flag()?;
        if count > c.remaining() as u64 || (pairs && count % 2 == 1) {
            return Err(BytecodeError::new(at, "parsed use-list orders were invalid and could not be applied"));
        }
        for _ in 0..count {
            c.varint()?;
        }
    }
    Ok(())
}

/// The text Strata keeps for a resource value: builtin blobs as `0x` + hex of the 4-byte
/// alignment and the data (what the textual `dialect_resources` holds), others as a token.
fn resource_value_text(
    entry: &mut Cursor<'_>,
    kind: u8,
    st: &ReadState<'_>,
    quoted: bool,
) -> Result<String, BytecodeError> {
    let text = match kind {
        0 => {
            let alignment = entry.varint()?;
            let size = entry.varint()?;
            entry.align_to(alignment.max(1))?;
            if size > entry.remaining() as u64 {
                return Err(
                    entry.error(format!("attempting to parse {size} bytes when only {} remain", entry.remaining()))
                );
            }
            let data = entry.bytes(size as usize)?;
            let mut s = String::with_capacity(2 + 8 + data.len() * 2);
            s.push_str("0x");
            s.push_str(&hex_upper(&(alignment as u32).to_le_bytes()));
            s.push_str(&hex_upper(data));
            if quoted {
                format!("\"{s}\"")
            } else {
                s
            }
        }
        1 => (if entry.byte()? != 0 { "true" } else { "false" }).to_string(),
        2 => {
            let at = entry.offset();
            let i = entry.varint()?;
            let s = st.string(i, at)?;
            if quoted {
                let mut q = String::new();
                crate::printer::write_escaped_quoted(&mut q, s);
                q
            } else {
                s.to_string()
            }
        }
        k => return Err(entry.error(format!("unknown resource entry kind {k}"))),
    };
    if !entry.is_empty() {
        return Err(entry.error("unexpected trailing bytes in resource entry"));
    }
    Ok(text)
}

fn hex_upper(b: &[u8]) -> String {
    let mut s = String::with_capacity(b.len() * 2);
    for x in b {
        s.push(char::from_digit((x >> 4) as u32, 16).unwrap().to_ascii_uppercase());
        s.push(char::from_digit((x & 15) as u32, 16).unwrap().to_ascii_uppercase());
    }
    s
}
