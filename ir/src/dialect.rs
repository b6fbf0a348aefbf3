//! Dialects and operation definitions (MLIR's `Dialect`, `OperationName::Impl`, op traits).
//!
//! A dialect registers [`OpInfo`]s: the op's name, its traits, which attributes are inherent
//! (properties), and hooks for verification, custom assembly, folding. Unregistered ops have no
//! `OpInfo` and are accepted only with `--allow-unregistered-dialect`.

use std::any::Any;
use std::rc::Rc;

use crate::attributes::Attribute;
use crate::ir::{OpId, OperationState, Value};
use crate::parser::{OpAsmParser, ParseResult};
use crate::printer::OpAsmPrinter;
use crate::types::Type;
use crate::Context;

/// Operation traits (MLIR's `OpTrait`s), as bit flags.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Traits(pub u64);

#[allow(missing_docs)]
impl Traits {
    pub const NONE: Traits = Traits(0);
    /// No side effects (MLIR's `Pure` = `NoMemoryEffect` + `AlwaysSpeculatable`).
    pub const PURE: Traits = Traits(1 << 0);
    pub const COMMUTATIVE: Traits = Traits(1 << 1);
    pub const IS_TERMINATOR: Traits = Traits(1 << 2);
    pub const SAME_OPERANDS_AND_RESULT_TYPE: Traits = Traits(1 << 3);
    pub const SYMBOL_TABLE: Traits = Traits(1 << 4);
    pub const ISOLATED_FROM_ABOVE: Traits = Traits(1 << 5);
    /// Single-block regions may omit the terminator.
    pub const NO_TERMINATOR: Traits = Traits(1 << 6);
    pub const SINGLE_BLOCK: Traits = Traits(1 << 7);
    /// Defines a symbol (`sym_name` attribute).
    pub const SYMBOL: Traits = Traits(1 << 8);
    pub const RETURN_LIKE: Traits = Traits(1 << 9);
    pub const CONSTANT_LIKE: Traits = Traits(1 << 10);
    pub const ZERO_OPERANDS: Traits = Traits(1 << 11);
    pub const ONE_RESULT: Traits = Traits(1 << 12);
    pub const ZERO_RESULTS: Traits = Traits(1 << 13);
    pub const ZERO_REGIONS: Traits = Traits(1 << 14);
    pub const ELEMENTWISE: Traits = Traits(1 << 15);
    pub const SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE: Traits = Traits(1 << 16);
    pub const SAME_OPERANDS_AND_RESULT_SHAPE: Traits = Traits(1 << 17);
    /// Regions are graph regions (no dominance requirement), like `builtin.module`.
    pub const GRAPH_REGIONS: Traits = Traits(1 << 18);
    pub const AFFINE_SCOPE: Traits = Traits(1 << 19);
    pub const RECURSIVE_MEMORY_EFFECTS: Traits = Traits(1 << 20);
    pub const NO_REGION_ARGUMENTS: Traits = Traits(1 << 21);
    pub const ONE_REGION: Traits = Traits(1 << 22);

    /// Whether all bits of `other` are set.
    pub fn contains(self, other: Traits) -> bool {
        self.0 & other.0 == other.0
    }
}

impl std::ops::BitOr for Traits {
    type Output = Traits;
    fn bitor(self, rhs: Traits) -> Traits {
        Traits(self.0 | rhs.0)
    }
}

/// Result of folding one result of an op.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FoldResult {
    /// The result is this constant attribute (materialized by the dialect).
    Attr(Attribute),
    /// The result is this existing value.
    Value(Value),
}

/// What a verifier reports about an op: one or more messages, each a `'<op name>' op <message>`
/// error at the op's location (the first is the diagnostic, the others are attached to it, as
/// StableHLO reports "… / failed to infer returned types"). `?` converts a `String` error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError(pub Vec<String>);

impl VerifyError {
    /// One message.
    pub fn new(message: impl Into<String>) -> Self {
        VerifyError(vec![message.into()])
    }
    /// Append a further message.
    pub fn then(mut self, message: impl Into<String>) -> Self {
        self.0.push(message.into());
        self
    }
    /// The messages.
    pub fn messages(&self) -> &[String] {
        &self.0
    }
}

impl From<String> for VerifyError {
    fn from(s: String) -> Self {
        VerifyError(vec![s])
    }
}

impl From<&str> for VerifyError {
    fn from(s: &str) -> Self {
        VerifyError(vec![s.to_string()])
    }
}

impl std::fmt::Display for VerifyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0.join("; "))
    }
}

/// Verify hook: each message of the [`VerifyError`] becomes `'<op name>' op <message>` at the
/// op's location.
pub type VerifyFn = fn(&Context, OpId) -> Result<(), VerifyError>;
/// Custom-assembly parse hook: fills the operation state after the op name has been read.
pub type ParseFn = fn(&mut OpAsmParser<'_, '_>, &mut OperationState) -> ParseResult<()>;
/// Custom-assembly print hook: prints everything after the op name (and the results' `=`).
pub type PrintFn = fn(&mut OpAsmPrinter<'_>, OpId);
/// Result-name hook: a name to suggest for the op's results in custom form (`None`: numbered);
/// comma-separated names (`sum,overflow`) name the results one by one, or in groups with a size
/// (`base_buffer,offset,sizes:2,strides:2` prints `%base_buffer, %offset, %sizes:2, %strides:2`).
pub type AsmResultNamesFn = fn(&Context, OpId) -> Option<String>;
/// Fold hook: given the constant values of operands (where known), returns a fold result for
/// every result, or `None` if it does not fold. May not mutate the IR except to update the op
/// in place (returning its own results).
pub type FoldFn = fn(&mut Context, OpId, &[Option<Attribute>]) -> Option<Vec<FoldResult>>;
/// Canonicalization patterns hook: the patterns the `canonicalize` pass uses for this op.
pub type CanonicalizePatternsFn = fn() -> Vec<Box<dyn crate::rewrite::RewritePattern>>;
/// Block-argument name hook (MLIR's `getAsmBlockArgumentNames`): a name per entry-block
/// argument of the region (`None`: `%argN`).
pub type BlockArgNamesFn = fn(&Context, OpId, crate::RegionId) -> Vec<Option<String>>;
/// Creation hook of an op (MLIR's property defaults and memoized attributes): called by
/// [`Context::create_op`] on every new op of its kind, with its name, properties and
/// discardable attributes (unsorted; the caller sorts them afterwards).
pub type PopulateFn = fn(&mut Context, crate::OpName, &mut Vec<crate::NamedAttribute>, &mut Vec<crate::NamedAttribute>);
/// Constant materialization hook of a dialect: create (detached) a constant op producing `value`
/// of type `ty`.
pub type MaterializeFn = fn(&mut Context, Attribute, Type, Attribute) -> Option<OpId>;

/// A problem a dialect found in the body of one of its attributes or types while parsing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BodyError {
    /// Byte offset into the body text where to report it (`None`: where the symbol starts).
    pub offset: Option<usize>,
    /// The message.
    pub message: String,
}

/// A dialect's hook for the text of its attributes (`#d.body`, `#d<body>`) or types (`!d.body`,
/// `!d<body>`), called by the parser: `body` is what follows `#d.` in pretty form (e.g.
/// `gather<...>`) or what is inside `#d<...>` in opaque form (`opaque` true). Returns the
/// body's canonical text (same form) so that equal values are equal handles and print the way
/// the dialect prints them, `Ok(None)` to keep the text verbatim, or the errors to report (the
/// parse fails, as MLIR's dialect attribute parsers do).
pub type SymbolBodyFn = fn(body: &str, opaque: bool) -> Result<Option<String>, Vec<BodyError>>;

/// A dialect's typed reading of one of its attribute (or type) bodies, run once when the
/// attribute is interned: `body` and `opaque` as for [`SymbolBodyFn`]; the payload is what
/// [`Context::typed_attr`] / [`Context::typed_type`] return (e.g. a parsed
/// `ComparisonDirection`), `None` for bodies without one.
pub type PayloadFn = fn(body: &str, opaque: bool) -> Option<Rc<dyn Any>>;

/// The definition of a registered operation.
pub struct OpInfo {
    /// Full name (`dialect.op`).
    pub name: String,
    /// Traits.
    pub traits: Traits,
    /// Names of inherent attributes (printed in `<{...}>` in generic form).
    pub inherent_attrs: Vec<&'static str>,
    /// Verifier.
    pub verify: Option<VerifyFn>,
    /// Verifier that runs after the regions are verified (MLIR's `verifyRegions`).
    pub verify_regions: Option<VerifyFn>,
    /// Custom parser.
    pub parse: Option<ParseFn>,
    /// Custom printer.
    pub print: Option<PrintFn>,
    /// Folder.
    pub fold: Option<FoldFn>,
    /// Anything else a dialect wants to attach (type inference, interpreter kernels, ...).
    pub ext: Option<Rc<dyn Any>>,
    /// Canonicalization patterns of the op (MLIR's `getCanonicalizationPatterns`), collected by
    /// the `canonicalize` pass for every registered op.
    pub canonicalize_patterns: Option<CanonicalizePatternsFn>,
    /// The dialect whose ops may be written without their prefix inside this op's regions
    /// (MLIR's `OpAsmOpInterface::getDefaultDialect`; `func.func` has `func`).
    pub default_dialect: Option<&'static str>,
    /// Suggested name for the op's results in custom form (MLIR's `getAsmResultNames`): e.g.
    /// `cst` prints `%cst`, `%cst_0`, ... (uniqued by the printer). Ignored in generic form.
    pub asm_result_names: Option<AsmResultNamesFn>,
    /// The typed view registered for the op ([`OpInfo::with_view`]): its key's `TypeId`.
    pub view: Option<std::any::TypeId>,
    /// Names for the entry-block arguments of the op's regions in custom form (MLIR's
    /// `getAsmBlockArgumentNames`: `%in`, `%out`, `%init`); `None` entries get `%argN`.
    pub asm_block_arg_names: Option<BlockArgNamesFn>,
    /// Creation hook: fills in default-valued properties (so every op of the kind carries
    /// them, as MLIR's properties do) and memoized attributes.
    pub populate: Option<PopulateFn>,
}

impl OpInfo {
    /// A definition with no traits and no hooks.
    pub fn new(name: impl Into<String>) -> Self {
        OpInfo {
            name: name.into(),
            traits: Traits::NONE,
            inherent_attrs: Vec::new(),
            verify: None,
            verify_regions: None,
            parse: None,
            print: None,
            fold: None,
            ext: None,
            canonicalize_patterns: None,
            default_dialect: None,
            asm_result_names: None,
            view: None,
            asm_block_arg_names: None,
            populate: None,
        }
    }
    /// Set the creation hook.
    pub fn populate(mut self, f: PopulateFn) -> Self {
        self.populate = Some(f);
        self
    }
    /// Add traits.
    pub fn traits(mut self, t: Traits) -> Self {
        self.traits = self.traits | t;
        self
    }
    /// Declare inherent attributes.
    pub fn inherent(mut self, names: &[&'static str]) -> Self {
        self.inherent_attrs.extend_from_slice(names);
        self
    }
    /// Set the verifier.
    pub fn verifier(mut self, f: VerifyFn) -> Self {
        self.verify = Some(f);
        self
    }
    /// Set the region verifier.
    pub fn region_verifier(mut self, f: VerifyFn) -> Self {
        self.verify_regions = Some(f);
        self
    }
    /// Set the custom assembly hooks.
    pub fn assembly(mut self, parse: ParseFn, print: PrintFn) -> Self {
        self.parse = Some(parse);
        self.print = Some(print);
        self
    }
    /// Set the folder.
    pub fn folder(mut self, f: FoldFn) -> Self {
        self.fold = Some(f);
        self
    }
    /// Attach dialect-specific data.
    pub fn extension(mut self, ext: Rc<dyn Any>) -> Self {
        self.ext = Some(ext);
        self
    }
    /// Set the default dialect of this op's regions (custom syntax may omit that prefix).
    pub fn default_dialect(mut self, d: &'static str) -> Self {
        self.default_dialect = Some(d);
        self
    }
    /// Set the result-name suggestion hook (`%cst`, `%c0`, ...) used by the printer.
    pub fn result_names(mut self, f: AsmResultNamesFn) -> Self {
        self.asm_result_names = Some(f);
        self
    }
    /// Set the canonicalization patterns hook.
    pub fn canonicalizer(mut self, f: CanonicalizePatternsFn) -> Self {
        self.canonicalize_patterns = Some(f);
        self
    }
    /// Whether the op has all of `t`.
    pub fn has(&self, t: Traits) -> bool {
        self.traits.contains(t)
    }
}

/// A dialect: a namespace with its operations and hooks.
pub struct Dialect {
    /// Namespace (`stablehlo`, `func`, ...).
    pub name: String,
    /// Operations.
    pub ops: Vec<Rc<OpInfo>>,
    /// Constant materialization for folding.
    pub materialize_constant: Option<MaterializeFn>,
    /// Parse-time check and canonical text of the dialect's attribute bodies.
    pub attr_body: Option<SymbolBodyFn>,
    /// Parse-time check and canonical text of the dialect's type bodies.
    pub type_body: Option<SymbolBodyFn>,
    /// The typed payload of the dialect's attributes (parsed once, when interned).
    pub attr_payload: Option<PayloadFn>,
    /// The typed payload of the dialect's types (parsed once, when interned).
    pub type_payload: Option<PayloadFn>,
    /// The dialect's bytecode encodings and op property layouts (MLIR's
    /// `BytecodeDialectInterface`); without it, its attributes and types are written as text.
    pub bytecode: Option<Rc<dyn crate::bytecode::DialectBytecode>>,
}

impl Dialect {
    /// A dialect with no ops yet.
    pub fn new(name: impl Into<String>) -> Self {
        Dialect {
            name: name.into(),
            ops: Vec::new(),
            materialize_constant: None,
            attr_body: None,
            type_body: None,
            attr_payload: None,
            type_payload: None,
            bytecode: None,
        }
    }
    /// Set the attribute-body hook.
    pub fn attr_body_hook(mut self, f: SymbolBodyFn) -> Self {
        self.attr_body = Some(f);
        self
    }
    /// Set the type-body hook.
    pub fn type_body_hook(mut self, f: SymbolBodyFn) -> Self {
        self.type_body = Some(f);
        self
    }
    /// Set the typed-payload hook of the dialect's attributes.
    pub fn attr_payload_hook(mut self, f: PayloadFn) -> Self {
        self.attr_payload = Some(f);
        self
    }
    /// Set the typed-payload hook of the dialect's types.
    pub fn type_payload_hook(mut self, f: PayloadFn) -> Self {
        self.type_payload = Some(f);
        self
    }
    /// Set the bytecode interface.
    pub fn bytecode_hook(mut self, b: Rc<dyn crate::bytecode::DialectBytecode>) -> Self {
        self.bytecode = Some(b);
        self
    }
    /// Add an op.
    pub fn op(mut self, info: OpInfo) -> Self {
        self.ops.push(Rc::new(info));
        self
    }
}

impl Context {
    /// Whether the op's definition has all the given traits (false for unregistered ops).
    pub fn op_has_trait(&self, op: OpId, t: Traits) -> bool {
        self.op_info(self.op(op).name).map(|i| i.has(t)).unwrap_or(false)
    }
}
