//! MLIR bytecode (`.mlirbc`): the binary form of the IR that MLIR's `BytecodeReader` /
//! `BytecodeWriter` read and write, byte-compatible with MLIR 22.
//!
//! A file is `ML\xefR`, a version varint, a producer string, then sections
//! ([`section`]): strings, dialects (names, versions, operation names), attributes and types
//! (with an offset table; each entry in its dialect's own encoding or, as a fallback, its
//! textual assembly form), resources, the IR (regions, blocks, block arguments, use-list orders;
//! isolated-from-above regions in nested sections so they can be loaded lazily) and, from
//! version 5, operation properties.
//!
//! - [`encoding`]: varints, sections, alignment (`EncodingReader` / `EncodingEmitter`).
//! - [`reader`]: [`read_bytecode`] (MLIR's `readBytecodeFile`), every version from 0 to 6.
//! - [`writer`]: [`write_bytecode`] (MLIR's `writeBytecodeToFile`), any version from 0 to 6.
//! - [`builtin`]: the builtin dialect's attribute and type encodings
//!   (`BuiltinDialectBytecode.td`).
//!
//! Dialects take part through [`DialectBytecode`] (MLIR's `BytecodeDialectInterface`):
//! their attribute and type encodings, their version, and the property layout of their ops
//! (what ODS generates as `readProperties` / `writeProperties`). An op whose property layout is
//! unknown is written as MLIR writes an unregistered op: its properties as one dictionary.
//!
//! Architecture invariants:
//! - Reading never panics and never loops without consuming input: every error is a
//!   [`BytecodeError`] with the absolute byte offset; recursion (nested attributes, nested
//!   regions) is bounded.
//! - What is written reads back to the same IR (same printed text) in Strata and in MLIR.

pub mod builtin;
pub mod encoding;
pub mod reader;
pub mod upstream;
pub mod writer;

use crate::attributes::Attribute;
use crate::types::Type;
use crate::Context;

pub use reader::{read_bytecode, DialectReader};
pub use writer::{write_bytecode, DialectWriter, WriterConfig};

/// The magic number every bytecode file starts with.
pub const MAGIC: &[u8; 4] = b"ML\xefR";

/// The bytecode version MLIR 22 writes by default (`bytecode::kVersion`).
pub const CURRENT_VERSION: u64 = 6;
/// The oldest bytecode version MLIR 22 reads (`bytecode::kMinSupportedVersion`).
pub const MIN_VERSION: u64 = 0;

/// Versions at which format features appeared (`bytecode::BytecodeVersion`).
pub mod version {
    /// Dialect versions in the dialect section.
    pub const DIALECT_VERSIONING: u64 = 1;
    /// Isolated regions in their own sections (lazy loading).
    pub const LAZY_LOADING: u64 = 2;
    /// Use-list orders.
    pub const USE_LIST_ORDERING: u64 = 3;
    /// Unknown block-argument locations elided; op-name count in the dialect section.
    pub const ELIDE_UNKNOWN_BLOCK_ARG_LOCATION: u64 = 4;
    /// Native properties encoding.
    pub const NATIVE_PROPERTIES_ENCODING: u64 = 5;
    /// ODS segment sizes as native properties.
    pub const NATIVE_PROPERTIES_ODS_SEGMENT_SIZE: u64 = 6;
}

/// Section identifiers (`bytecode::Section::ID`).
pub mod section {
    /// Strings.
    pub const STRING: u8 = 0;
    /// Dialects and operation names.
    pub const DIALECT: u8 = 1;
    /// Attribute and type entries.
    pub const ATTR_TYPE: u8 = 2;
    /// Offsets of the attribute and type entries.
    pub const ATTR_TYPE_OFFSET: u8 = 3;
    /// The IR.
    pub const IR: u8 = 4;
    /// Resources.
    pub const RESOURCE: u8 = 5;
    /// Offsets of the resources.
    pub const RESOURCE_OFFSET: u8 = 6;
    /// A dialect's version (nested in the dialect section).
    pub const DIALECT_VERSIONS: u8 = 7;
    /// Operation properties.
    pub const PROPERTIES: u8 = 8;
    /// Number of section kinds.
    pub const NUM_SECTIONS: u8 = 9;

    /// MLIR's name of a section, for messages.
    pub fn name(id: u8) -> String {
        match id {
            STRING => "String (0)".into(),
            DIALECT => "Dialect (1)".into(),
            ATTR_TYPE => "AttrType (2)".into(),
            ATTR_TYPE_OFFSET => "AttrTypeOffset (3)".into(),
            IR => "IR (4)".into(),
            RESOURCE => "Resource (5)".into(),
            RESOURCE_OFFSET => "ResourceOffset (6)".into(),
            DIALECT_VERSIONS => "DialectVersions (7)".into(),
            PROPERTIES => "Properties (8)".into(),
            _ => format!("Unknown ({id})"),
        }
    }
}

/// Bits of the operation encoding mask (`bytecode::OpEncodingMask`).
pub mod op_mask {
    /// A discardable attribute dictionary follows.
    pub const HAS_ATTRS: u8 = 0b0000_0001;
    /// Result types follow.
    pub const HAS_RESULTS: u8 = 0b0000_0010;
    /// Operands follow.
    pub const HAS_OPERANDS: u8 = 0b0000_0100;
    /// Successors follow.
    pub const HAS_SUCCESSORS: u8 = 0b0000_1000;
    /// Regions follow.
    pub const HAS_INLINE_REGIONS: u8 = 0b0001_0000;
    /// Use-list orders of the results follow.
    pub const HAS_USE_LIST_ORDERS: u8 = 0b0010_0000;
    /// A properties reference follows.
    pub const HAS_PROPERTIES: u8 = 0b0100_0000;
}

/// Whether `data` is MLIR bytecode (starts with [`MAGIC`]), as mlir-opt decides.
pub fn is_bytecode(data: &[u8]) -> bool {
    data.starts_with(MAGIC)
}

/// A malformed or unsupported bytecode file: what is wrong and at which byte.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("byte offset {offset}: {message}")]
pub struct BytecodeError {
    /// Absolute byte offset in the file.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
}

impl BytecodeError {
    /// An error at `offset`.
    pub fn new(offset: usize, message: impl Into<String>) -> Self {
        BytecodeError { offset, message: message.into() }
    }
}

/// How one property is encoded (what ODS generates for it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PropKind {
    /// `writeAttribute`: an attribute reference.
    Required,
    /// `writeOptionalAttribute`: a varint with a presence flag (optional and default-valued
    /// attributes).
    Optional,
    /// Operand/result segment sizes before version 6: a `DenseI32ArrayAttr` reference (the
    /// number is the count of segments).
    SegmentsBeforeV6(usize),
    /// Operand/result segment sizes from version 6: `writeSparseArray` of that many `i32`s.
    SegmentsV6(usize),
}

/// One entry of an op's property layout, in the order ODS writes them (inherent attributes
/// sorted by name; segment sizes where ODS puts them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PropField {
    /// Property name.
    pub name: &'static str,
    /// Encoding.
    pub kind: PropKind,
}

impl PropField {
    /// A required attribute.
    pub const fn required(name: &'static str) -> Self {
        PropField { name, kind: PropKind::Required }
    }
    /// An optional attribute.
    pub const fn optional(name: &'static str) -> Self {
        PropField { name, kind: PropKind::Optional }
    }
    /// Whether the property may be absent.
    pub fn is_optional(&self) -> bool {
        self.kind == PropKind::Optional
    }
}

/// The bytecode interface of a dialect (MLIR's `BytecodeDialectInterface` plus the
/// ODS-generated `BytecodeOpInterface` of its ops).
pub trait DialectBytecode {
    /// Read one attribute in the dialect's own encoding.
    fn read_attribute(&self, r: &mut DialectReader<'_, '_>) -> Result<Attribute, BytecodeError>;
    /// Read one type in the dialect's own encoding.
    fn read_type(&self, r: &mut DialectReader<'_, '_>) -> Result<Type, BytecodeError>;
    /// Write `a` in the dialect's own encoding; `false` falls back to the textual form.
    fn write_attribute(&self, a: Attribute, w: &mut DialectWriter<'_>) -> bool;
    /// Write `t` in the dialect's own encoding; `false` falls back to the textual form.
    fn write_type(&self, t: Type, w: &mut DialectWriter<'_>) -> bool;
    /// The property layout of an op of this dialect (`None`: unknown; such ops are written
    /// with their properties as a dictionary, and read only from that form).
    fn properties_layout(&self, _op_name: &str) -> Option<Vec<PropField>> {
        None
    }
    /// Write the dialect's version (nothing written: no version entry).
    fn write_version(&self, _w: &mut DialectWriter<'_>) {}
    /// Before writing: intern every attribute and type the encoders of `attrs` and `types`
    /// (this dialect's) will refer to, so the writer can number them.
    fn prepare(&self, _ctx: &mut Context, _attrs: &[Attribute], _types: &[Type]) {}
}

/// Read a file's bytes as bytecode if they start with the magic number, else as text:
/// the way every Strata tool reads its input.
pub fn read_any(ctx: &mut Context, data: &[u8], file_name: &str) -> Option<Result<crate::OpId, BytecodeError>> {
    if is_bytecode(data) {
        Some(read_bytecode(ctx, data, file_name))
    } else {
        None
    }
}
