//! MLIR's textual format printer (MLIR's `AsmPrinter.cpp`), matching `mlir-opt` 22 byte for byte
//! for everything the builtin dialect defines.
//!
//! Entry points:
//! - [`print_op`] / [`print_op_to`]: an operation as `mlir-opt` prints it. For a top-level op (no
//!   parent) the output is what MLIR's `Operation::print` gives: alias definitions that must come
//!   first (`#map = affine_map<...>`), the op, a newline, deferred aliases (`#loc = loc(...)` with
//!   debug info) and the `{-# dialect_resources ... #-}` section. `mlir-opt` then writes one more
//!   `\n`; tools that want byte-identical output do the same. A nested op prints alone (no
//!   aliases, no newline), its values named as in the whole module (or, with
//!   [`PrintOptions::local_scope`], from the nearest isolated-from-above ancestor; values out of
//!   scope print `<<UNKNOWN SSA VALUE>>`).
//! - [`type_to_string`], [`attr_to_string`], [`write_type`], [`write_attr`]: one type or attribute,
//!   without aliases (for diagnostics: `'tensor<2xf32>'`).
//! - [`format_float`]: MLIR's float formatting (also used by the interpreter).
//! - [`OpAsmPrinter`]: what a dialect's custom-assembly print hook ([`OpInfo::print`]) receives.
//! - [`print_module`]: the custom form of `builtin.module`.
//!
//! Architecture invariants:
//! - Deterministic: no hash-map iteration reaches the output.
//! - Never panics on malformed IR: dangling values print `<<UNKNOWN SSA VALUE>>`, blocks outside
//!   the printed IR `INVALIDBLOCK`, and a custom printer that panics is replaced by the generic
//!   form of its op (MLIR likewise falls back to the generic form for ops that fail to verify).
//! - Printing runs in two passes, like MLIR: a dry run (all writes discarded) that collects the
//!   attributes and types needing aliases, then the real print. The dry run is skipped when a
//!   scan of the context shows that nothing printed can have an alias (see
//!   [`OpAsmPrinter`] for what this asks of print hooks). Type strings are cached per type.
//!
//! [`OpInfo::print`]: crate::dialect::OpInfo::print

mod alias;
mod attrs;

/// An affine map as MLIR prints it inside `affine_map<...>`: `(d0, d1)[s0] -> (d0 + s0, d1)`.
pub fn affine_map_to_string(m: &crate::attributes::AffineMap) -> String {
    let mut s = String::new();
    attrs::write_affine_map(&mut s, m);
    s
}
pub(crate) use attrs::write_escaped_quoted;
mod float;
mod names;
mod ops;

use std::collections::HashMap;

pub use float::{
    f64_to_float_bits, float_bits_to_f64, format_float, format_float_ext, parse_float_decimal, parse_float_exact,
};

use crate::attributes::{AffineExpr, AttrKind, Attribute, FloatBits, NamedAttribute};
use crate::dialect::Traits;
use crate::ir::{BlockId, OpId, RegionId, Value};
use crate::types::{FloatKind, Type};
use crate::Context;

use alias::{AliasCollector, AliasTable};
use names::NameState;

/// Printing flags, named after `mlir-opt`'s command-line options. [`Default`] matches
/// `mlir-opt`'s defaults.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrintOptions {
    /// `--mlir-print-op-generic`: print every op in the generic form.
    pub generic: bool,
    /// `--mlir-print-debuginfo`: print the location of every op and block argument.
    pub debug_info: bool,
    /// `--mlir-pretty-debuginfo`: print locations without `loc(...)` (`file:1:2`).
    pub pretty_debug_info: bool,
    /// `--mlir-elide-elementsattrs-if-larger=N`: print non-splat elements attributes with more
    /// than N elements as `dense_resource<__elided__>` (not re-parseable).
    pub elide_elements_larger_than: Option<usize>,
    /// `--mlir-print-elementsattrs-with-hex-if-larger=N`: print non-splat dense elements with
    /// more than N elements as a hex string `dense<"0x...">`. MLIR's default is 100; `None`
    /// disables hex (`=-1`).
    pub hex_elements_larger_than: Option<usize>,
    /// `--mlir-print-local-scope`: no aliases; a nested op is numbered from its closest
    /// isolated-from-above ancestor.
    pub local_scope: bool,
}

impl Default for PrintOptions {
    fn default() -> Self {
        PrintOptions {
            generic: false,
            debug_info: false,
            pretty_debug_info: false,
            elide_elements_larger_than: None,
            hex_elements_larger_than: Some(100),
            local_scope: false,
        }
    }
}

impl PrintOptions {
    /// Generic form (`--mlir-print-op-generic`).
    pub fn generic() -> Self {
        PrintOptions { generic: true, ..Default::default() }
    }
    /// Builder: set [`PrintOptions::generic`].
    pub fn with_generic(mut self, on: bool) -> Self {
        self.generic = on;
        self
    }
    /// Builder: set [`PrintOptions::debug_info`] (and [`PrintOptions::pretty_debug_info`]).
    pub fn with_debug_info(mut self, on: bool, pretty: bool) -> Self {
        self.debug_info = on;
        self.pretty_debug_info = pretty;
        self
    }
    /// Builder: set [`PrintOptions::local_scope`].
    pub fn with_local_scope(mut self, on: bool) -> Self {
        self.local_scope = on;
        self
    }
}

/// Print an operation (typically a `builtin.module`) as `mlir-opt` does; see the module docs.
pub fn print_op(ctx: &Context, op: OpId, opts: &PrintOptions) -> String {
    let mut s = String::new();
    print_op_to(ctx, op, opts, &mut s);
    s
}

/// [`print_op`], appending to `out`.
pub fn print_op_to(ctx: &Context, op: OpId, opts: &PrintOptions, out: &mut String) {
    let mut p = printer_for(ctx, op, opts);
    p.out = std::mem::take(out);
    if ctx.op(op).parent().is_none() && !opts.local_scope {
        // A module prints ~50-60 bytes per op in generic form: reserve once instead of growing
        // (and copying) the output repeatedly. Pages not written are never touched.
        p.out.reserve(ctx.ops.len().saturating_mul(64));
    }
    p.print_root(op);
    *out = p.out;
}

/// [`print_op`], streamed to `w` a piece at a time (a large module's text is never held whole),
/// followed by `trailer` (e.g. the `"\n"` `mlir-opt` writes after the op).
pub fn print_op_to_writer(
    ctx: &Context,
    op: OpId,
    opts: &PrintOptions,
    w: &mut dyn std::io::Write,
    trailer: &str,
) -> std::io::Result<()> {
    let mut p = printer_for(ctx, op, opts);
    p.out.reserve(STREAM_CHUNK + STREAM_CHUNK / 4);
    p.sink = Some(w);
    p.print_root(op);
    p.out.push_str(trailer);
    p.flush_sink();
    match p.sink_error.take() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// The printer for `op`, its values numbered from the op MLIR's `Operation::print` numbers from.
fn printer_for<'a>(ctx: &'a Context, op: OpId, opts: &PrintOptions) -> OpAsmPrinter<'a> {
    let mut root = op;
    loop {
        if opts.local_scope && ctx.op_has_trait(root, Traits::ISOLATED_FROM_ABOVE) {
            break;
        }
        match ctx.parent_op(root) {
            Some(p) if p != root => root = p,
            _ => break,
        }
    }
    let names = NameState::compute(ctx, root, opts.generic);
    let mut p = OpAsmPrinter::new(ctx, opts.clone(), names);
    p.root = Some(root);
    p
}

impl OpAsmPrinter<'_> {
    /// Print `op` (the op [`printer_for`] was made for): a top-level op with its aliases
    /// (collected in a dry run first) and resources, a nested op alone.
    fn print_root(&mut self, op: OpId) {
        let top_level = self.ctx.op(op).parent().is_none() && !self.opts.local_scope;
        if top_level {
            // The dry run only collects aliases: skip it when nothing can have one (the common
            // case: a print without debug info of IR without affine maps, integer sets, large
            // tuples or locations held in attributes), so each op is printed once.
            if self.opts.debug_info || alias::may_have_aliases(self.ctx) {
                self.collecting = true;
                self.collect_op(op);
                self.collecting = false;
                self.aliases = std::mem::take(&mut self.collector).finish();
            }
            self.print_top_level(op);
        } else {
            self.print_op_line(op);
        }
    }
}

/// A type as MLIR prints it (no aliases): `tensor<2x?xf32>`.
pub fn type_to_string(ctx: &Context, t: Type) -> String {
    let mut s = String::new();
    write_type(ctx, t, &mut s);
    s
}

/// An attribute as MLIR prints it (no aliases, with its type): `42 : i32`, `dense<1> : tensor<2xi32>`.
pub fn attr_to_string(ctx: &Context, a: Attribute) -> String {
    let mut s = String::new();
    write_attr(ctx, a, &mut s);
    s
}

/// [`type_to_string`], appending to `out`.
pub fn write_type(ctx: &Context, t: Type, out: &mut String) {
    let mut p = OpAsmPrinter::new(ctx, PrintOptions::default(), NameState::default());
    p.out = std::mem::take(out);
    p.print_type(t);
    *out = p.out;
}

/// [`attr_to_string`], appending to `out`.
pub fn write_attr(ctx: &Context, a: Attribute, out: &mut String) {
    let mut p = OpAsmPrinter::new(ctx, PrintOptions::default(), NameState::default());
    p.out = std::mem::take(out);
    p.print_attribute(a);
    *out = p.out;
}

/// Custom form of `builtin.module` (register as its print hook): `module {`, `module @name {`,
/// `module attributes {foo} {`, `module @name attributes {...} {`, then the body indented by 2.
pub fn print_module(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    if let Some(name) = ctx.attr(op, "sym_name") {
        if let AttrKind::String { value, .. } = ctx.attr_kind(name) {
            p.write(" ");
            p.print_symbol_name(value);
        }
    }
    p.print_optional_attr_dict_with_keyword(op, &["sym_name"]);
    p.write(" ");
    match ctx.op(op).regions().first() {
        Some(&r) => p.print_region(r, true, true),
        None => p.write("{\n}"),
    }
}

/// How the type of an attribute may be left out (MLIR's `AttrTypeElision`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Elide {
    /// Always print the type.
    Never,
    /// Leave out `i64` / `f64` (the parser's defaults): inside arrays and memref layouts.
    May,
    /// Never print the type (`printAttributeWithoutType`).
    Must,
}

/// The printer handed to custom-assembly print hooks (MLIR's `OpAsmPrinter`).
///
/// The hook is called after the printer wrote the result names (`%0 = `) and the op name
/// (without the enclosing op's default dialect prefix); it prints the rest of the op, e.g.
/// `" %a, %b : tensor<f32>"` for `stablehlo.add`. Hooks print leading spaces themselves, as in
/// MLIR.
///
/// Hooks may run twice per print: in a dry run (where writes are discarded and the printed
/// attributes and types are only recorded for aliases, see [`OpAsmPrinter::is_dry_run`]) and
/// for real. They must therefore print the same attributes and types in both runs, which they do
/// if they just print. The dry run is skipped when the context holds nothing that can have an
/// alias (affine maps, integer sets, tuples of more than 16 types, locations inside attributes
/// or types); for this, hooks print the op's locations (and those of its block arguments) only
/// through the printer's location-aware functions such as
/// [`OpAsmPrinter::print_region_argument`], never as attributes: as in MLIR, where custom
/// printers use `printOptionalLocationSpecifier`, which prints nothing without debug info.
pub struct OpAsmPrinter<'a> {
    ctx: &'a Context,
    opts: PrintOptions,
    out: String,
    collecting: bool,
    collector: AliasCollector,
    aliases: AliasTable,
    names: NameState,
    indent: usize,
    default_dialects: Vec<&'a str>,
    type_cache: Vec<Option<Box<str>>>,
    attr_cache: HashMap<(u32, u8), Box<str>>,
    resources: Vec<String>,
    preds: Option<HashMap<u32, Vec<u32>>>,
    root: Option<OpId>,
    last_signature: Signature,
    /// Quoted, escaped op names by op name index (`"dialect.op"`), for the generic form.
    quoted_names: Vec<Option<Box<str>>>,
    /// Where the text goes when streaming ([`print_op_to_writer`]): `out` is handed over at op
    /// boundaries once it holds [`STREAM_CHUNK`] bytes, so a large module is never held whole.
    sink: Option<&'a mut dyn std::io::Write>,
    /// The first write error of the sink (later text is dropped).
    sink_error: Option<std::io::Error>,
}

/// How much text the streaming printer gathers before writing it to its sink.
const STREAM_CHUNK: usize = 1 << 18;

/// The text of the last op signature printed (`(i32, i32) -> i32`) and the types it is for.
#[derive(Default)]
struct Signature {
    /// Whether a signature was recorded yet.
    valid: bool,
    num_inputs: usize,
    /// Operand types then result types.
    types: Vec<Type>,
    text: String,
}

impl std::fmt::Write for OpAsmPrinter<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.write(s);
        Ok(())
    }
}

impl<'a> OpAsmPrinter<'a> {
    fn new(ctx: &'a Context, opts: PrintOptions, names: NameState) -> Self {
        OpAsmPrinter {
            ctx,
            opts,
            out: String::new(),
            collecting: false,
            collector: AliasCollector::default(),
            aliases: AliasTable::default(),
            names,
            indent: 0,
            default_dialects: vec!["builtin"],
            type_cache: Vec::new(),
            attr_cache: HashMap::new(),
            resources: Vec::new(),
            preds: None,
            root: None,
            last_signature: Signature::default(),
            quoted_names: Vec::new(),
            sink: None,
            sink_error: None,
        }
    }

    /// Streaming: hand the text gathered so far to the sink if there is enough of it. Called
    /// only between operations, where no cached type/attribute text is being recorded.
    pub(crate) fn maybe_flush(&mut self) {
        if self.sink.is_some() && self.out.len() >= STREAM_CHUNK {
            self.flush_sink();
        }
    }

    fn flush_sink(&mut self) {
        if let Some(w) = self.sink.as_mut() {
            if self.sink_error.is_none() {
                if let Err(e) = w.write_all(self.out.as_bytes()) {
                    self.sink_error = Some(e);
                }
            }
            self.out.clear();
        }
    }

    /// The context.
    pub fn ctx(&self) -> &'a Context {
        self.ctx
    }

    /// The options of this print.
    pub fn options(&self) -> &PrintOptions {
        &self.opts
    }

    /// Whether this is the alias-collecting dry run (writes are discarded). Hooks need not care.
    pub fn is_dry_run(&self) -> bool {
        self.collecting
    }

    /// Write raw text.
    pub fn write(&mut self, s: &str) {
        if !self.collecting {
            self.out.push_str(s);
        }
    }

    /// Write one character.
    pub fn push(&mut self, c: char) {
        if !self.collecting {
            self.out.push(c);
        }
    }

    /// Write a decimal integer.
    pub fn write_int(&mut self, v: i128) {
        if !self.collecting {
            use std::fmt::Write;
            let _ = write!(self.out, "{}", v);
        }
    }

    // ----- values and blocks -----

    /// Print a value's name: `%0`, `%arg1`, `%cst_0`, `%3#1` for result 1 of a multi-result op,
    /// or `<<UNKNOWN SSA VALUE>>` if it is not defined in the printed IR.
    pub fn print_operand(&mut self, v: Value) {
        if !self.collecting {
            self.names.write_value(self.ctx, v, true, &mut self.out);
        }
    }

    /// Print values separated by `, `.
    pub fn print_operands(&mut self, vs: &[Value]) {
        for (i, v) in vs.iter().enumerate() {
            if i > 0 {
                self.write(", ");
            }
            self.print_operand(*v);
        }
    }

    /// The name the printer gave to a value (`%0`, `%arg0`, `%0#1`).
    pub fn value_name(&self, v: Value) -> String {
        let mut s = String::new();
        self.names.write_value(self.ctx, v, true, &mut s);
        s
    }

    /// Print a block's name (`^bb1`).
    pub fn print_successor(&mut self, b: BlockId) {
        if !self.collecting {
            self.names.write_block(b, &mut self.out);
        }
    }

    /// Print a successor with its operands: `^bb1(%0, %1 : i32, f32)` (just `^bb1` if none).
    pub fn print_successor_and_use_list(&mut self, b: BlockId, operands: &[Value]) {
        self.print_successor(b);
        if operands.is_empty() {
            return;
        }
        self.write("(");
        self.print_operands(operands);
        self.write(" : ");
        let types: Vec<Type> = operands.iter().map(|v| self.value_type(*v)).collect();
        self.print_type_list(&types);
        self.write(")");
    }

    /// Print a region argument in a custom signature: `%arg0: tensor<f32>`, then ` {attrs}` if
    /// `attrs` is a non-empty dictionary, then ` loc(...)` with debug info.
    /// With `omit_type`, the `: type` is left out.
    pub fn print_region_argument(&mut self, arg: Value, attrs: Option<Attribute>, omit_type: bool) {
        self.print_operand(arg);
        if !omit_type {
            self.write(": ");
            let t = self.value_type(arg);
            self.print_type(t);
        }
        if let Some(a) = attrs {
            if let AttrKind::Dictionary(entries) = self.ctx.attr_kind(a) {
                self.print_named_attrs(entries, &[], false);
            }
        }
        if self.opts.debug_info {
            let loc = self.value_loc(arg);
            if self.collecting {
                if self.ctx.try_attr_kind(loc).is_some() {
                    self.collector.visit_attr(self.ctx, loc, false, false);
                }
            } else {
                self.out.push(' ');
                self.print_location(loc, false);
            }
        }
    }

    /// Print the arguments of a block as a signature: `%arg0: i32, %arg1: f32` (with locations
    /// under debug info).
    pub fn print_block_arguments(&mut self, block: BlockId) {
        let n = self.ctx.block(block).args.len();
        for i in 0..n {
            if i > 0 {
                self.write(", ");
            }
            self.print_region_argument(Value::BlockArg { block, index: i as u32 }, None, false);
        }
    }

    /// Make the entry-block arguments of `region` print with the names of `values` (MLIR's
    /// `shadowRegionArgs`, for ops whose regions are isolated from above).
    pub fn shadow_region_args(&mut self, region: RegionId, values: &[Value]) {
        self.names.shadow(self.ctx, region, values);
    }

    // ----- types and attributes -----

    /// Print a type (with aliases when printing a whole module).
    pub fn print_type(&mut self, t: Type) {
        if self.collecting {
            if self.ctx.try_type_kind(t).is_some() {
                self.collector.visit_type(self.ctx, t, false);
            }
        } else {
            self.write_type_real(t);
        }
    }

    /// Print types separated by `, `.
    pub fn print_type_list(&mut self, ts: &[Type]) {
        for (i, t) in ts.iter().enumerate() {
            if i > 0 {
                self.write(", ");
            }
            self.print_type(*t);
        }
    }

    /// Print ` -> T` style result types as MLIR's `printArrowTypeList`: `-> T` for one
    /// non-function type, else `-> (T1, T2)`.
    pub fn print_arrow_type_list(&mut self, ts: &[Type]) {
        self.write("-> ");
        let wrap = ts.len() != 1 || self.is_function_type(ts[0]);
        if wrap {
            self.write("(");
        }
        self.print_type_list(ts);
        if wrap {
            self.write(")");
        }
    }

    /// Print `(T1, T2) -> R` for the given inputs and results (results parenthesized unless
    /// there is exactly one that is not a function type).
    pub fn print_function_type(&mut self, inputs: &[Type], results: &[Type]) {
        self.write("(");
        self.print_type_list(inputs);
        self.write(") ");
        self.print_arrow_type_list(results);
    }

    /// Print an op's type signature `(operand types) -> result types` (MLIR's
    /// `printFunctionalType`).
    pub fn print_functional_type(&mut self, op: OpId) {
        // Same output as `print_function_type(&operand types, &result types)`, without
        // collecting the types into vectors (this runs for every op of a generic print).
        let ctx = self.ctx;
        let d = ctx.op(op);
        // Runs of ops with the same signature are common: reuse the last signature's text.
        let start = self.out.len();
        if !self.collecting {
            let m = &self.last_signature;
            if m.valid
                && m.num_inputs == d.operands.len()
                && m.types.len() == d.operands.len() + d.num_results()
                && d.operands.iter().zip(&m.types).all(|(v, t)| self.value_type(*v) == *t)
                && ctx.result_types(op).zip(&m.types[d.operands.len()..]).all(|(r, t)| r == *t)
            {
                self.out.push_str(&m.text);
                return;
            }
        }
        self.write("(");
        for (i, v) in d.operands.iter().enumerate() {
            if i > 0 {
                self.write(", ");
            }
            let t = self.value_type(*v);
            self.print_type(t);
        }
        self.write(") -> ");
        let wrap = d.num_results() != 1 || self.is_function_type(ctx.result_type(op, 0));
        if wrap {
            self.write("(");
        }
        for (i, t) in ctx.result_types(op).enumerate() {
            if i > 0 {
                self.write(", ");
            }
            self.print_type(t);
        }
        if wrap {
            self.write(")");
        }
        if !self.collecting {
            let mut m = std::mem::take(&mut self.last_signature);
            m.valid = true;
            m.num_inputs = d.operands.len();
            m.types.clear();
            m.types.extend(d.operands.iter().map(|v| self.value_type(*v)));
            m.types.extend(ctx.result_types(op));
            m.text.clear();
            m.text.push_str(&self.out[start..]);
            self.last_signature = m;
        }
    }

    /// Print an attribute with its type (`42 : i32`; `i64` integers and `f64` floats included).
    pub fn print_attribute(&mut self, a: Attribute) {
        if self.collecting {
            if self.ctx.try_attr_kind(a).is_some() {
                self.collector.visit_attr(self.ctx, a, false, false);
            }
        } else {
            self.write_attr_real(a, Elide::Never);
        }
    }

    /// Print an attribute without its type: `42`, `1.000000e+00`, `"str"`, `dense<1>`.
    pub fn print_attribute_without_type(&mut self, a: Attribute) {
        if self.collecting {
            if self.ctx.try_attr_kind(a).is_some() {
                self.collector.visit_attr(self.ctx, a, false, true);
            }
        } else {
            self.write_attr_real(a, Elide::Must);
        }
    }

    /// Print an attribute without the leading `prefix` of its text, as declarative formats print
    /// dialect attributes (MLIR's `printStrippedAttrOrType`): `#arith.fastmath<fast>` with the
    /// prefix `#arith.fastmath` prints `<fast>`. The text is that of [`attr_to_string`] (no
    /// alias); when it does not start with `prefix`, the attribute prints as
    /// [`OpAsmPrinter::print_attribute`] prints it.
    pub fn print_stripped_attribute(&mut self, a: Attribute, prefix: &str) {
        let ctx = self.ctx;
        let start = self.out.len();
        match ctx.try_attr_kind(a) {
            // The common case, written in place: a dialect attribute's text depends on neither
            // the options nor aliases.
            Some(AttrKind::Dialect { dialect, body, .. }) => {
                attrs::write_dialect_symbol(&mut self.out, '#', ctx.str(*dialect), body)
            }
            _ => write_attr(ctx, a, &mut self.out),
        }
        if self.out[start..].starts_with(prefix) {
            if self.collecting {
                self.out.truncate(start);
            } else {
                self.out.drain(start..start + prefix.len());
            }
        } else {
            self.out.truncate(start);
            self.print_attribute(a);
        }
    }

    /// Print a float value as MLIR does (see [`format_float`]).
    pub fn print_float(&mut self, bits: FloatBits, kind: FloatKind) {
        if !self.collecting {
            self.out.push_str(&format_float(bits, kind));
        }
    }

    /// Print the op's attributes (properties and discardable attributes, sorted by name) as
    /// ` {a = 1 : i32, b}`, leaving out `elided` names; nothing if none remain.
    pub fn print_optional_attr_dict(&mut self, op: OpId, elided: &[&str]) {
        let merged = self.merged_attrs(op);
        self.print_named_attrs(&merged, elided, false);
    }

    /// Like [`OpAsmPrinter::print_optional_attr_dict`] with the `attributes` keyword:
    /// ` attributes {a = 1 : i32}`.
    pub fn print_optional_attr_dict_with_keyword(&mut self, op: OpId, elided: &[&str]) {
        let merged = self.merged_attrs(op);
        self.print_named_attrs(&merged, elided, true);
    }

    /// Print a list of named attributes as ` {...}` (or ` attributes {...}` with `keyword`),
    /// leaving out `elided` names; nothing if none remain.
    pub fn print_named_attrs(&mut self, attrs: &[NamedAttribute], elided: &[&str], keyword: bool) {
        let ctx = self.ctx;
        let keep = |na: &NamedAttribute| elided.is_empty() || !elided.contains(&ctx.str(na.name));
        if !attrs.iter().any(keep) {
            return;
        }
        if self.collecting {
            for na in attrs.iter().filter(|na| keep(na)) {
                if ctx.try_attr_kind(na.value).is_some() {
                    self.collector.visit_attr(ctx, na.value, false, false);
                }
            }
            return;
        }
        if keyword {
            self.out.push_str(" attributes");
        }
        self.out.push_str(" {");
        let mut first = true;
        for na in attrs.iter().filter(|na| keep(na)) {
            if !first {
                self.out.push_str(", ");
            }
            first = false;
            self.write_named_attr(*na);
        }
        self.out.push('}');
    }

    /// A bare affine map `(d0, d1) -> (d1, d0)` (MLIR's `printAffineMap`); other attributes print
    /// as attributes.
    pub fn print_affine_map(&mut self, a: Attribute) {
        if self.collecting {
            return;
        }
        match self.ctx.try_attr_kind(a) {
            Some(crate::AttrKind::AffineMap(m)) => attrs::write_affine_map(&mut self.out, m),
            _ => self.print_attribute(a),
        }
    }

    /// Print `@name`, quoted when it is not a bare identifier (`@"a b"`).
    pub fn print_symbol_name(&mut self, name: &str) {
        if !self.collecting {
            attrs::write_symbol_ref(&mut self.out, name);
        }
    }

    /// Print a keyword, or a quoted escaped string if it is not a bare identifier.
    pub fn print_keyword_or_string(&mut self, s: &str) {
        if !self.collecting {
            attrs::write_keyword_or_string(&mut self.out, s);
        }
    }

    /// Print a quoted string with MLIR's escaping (`"a\0Ab"`).
    pub fn print_string(&mut self, s: &str) {
        if !self.collecting {
            attrs::write_escaped_quoted(&mut self.out, s);
        }
    }

    /// Print the results of an affine map with its dimensions and symbols replaced by SSA values
    /// (`%i + symbol(%n)`), as the affine dialect does. `operands` are the dims then the symbols.
    pub fn print_affine_map_of_ssa_ids(&mut self, map: Attribute, operands: &[Value]) {
        if self.collecting {
            return;
        }
        if let AttrKind::AffineMap(m) = self.ctx.attr_kind(map) {
            let nd = m.num_dims as usize;
            for (i, e) in m.results.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                let (ctx, names) = (self.ctx, &self.names);
                let mut f = |pos: u32, sym: bool, out: &mut String| {
                    let idx = if sym { nd + pos as usize } else { pos as usize };
                    if sym {
                        out.push_str("symbol(");
                    }
                    match operands.get(idx) {
                        Some(v) => names.write_value(ctx, *v, true, out),
                        None => out.push_str("<<UNKNOWN SSA VALUE>>"),
                    }
                    if sym {
                        out.push(')');
                    }
                };
                attrs::write_affine_expr(&mut self.out, e, false, Some(&mut f));
            }
        }
    }

    /// Print an affine expression with dims and symbols replaced by SSA values.
    pub fn print_affine_expr_of_ssa_ids(&mut self, expr: &AffineExpr, dims: &[Value], syms: &[Value]) {
        if self.collecting {
            return;
        }
        let (ctx, names) = (self.ctx, &self.names);
        let mut f = |pos: u32, sym: bool, out: &mut String| {
            let v = if sym { syms.get(pos as usize) } else { dims.get(pos as usize) };
            if sym {
                out.push_str("symbol(");
            }
            match v {
                Some(v) => names.write_value(ctx, *v, true, out),
                None => out.push_str("<<UNKNOWN SSA VALUE>>"),
            }
            if sym {
                out.push(')');
            }
        };
        attrs::write_affine_expr(&mut self.out, expr, false, Some(&mut f));
    }

    // ----- layout -----

    /// Start a new line at the current op's indentation.
    pub fn print_new_line(&mut self) {
        if !self.collecting {
            self.out.push('\n');
            self.push_indent();
        }
    }

    /// Indent subsequent new lines by two more spaces.
    pub fn increase_indent(&mut self) {
        self.indent += 2;
    }

    /// Undo [`OpAsmPrinter::increase_indent`].
    pub fn decrease_indent(&mut self) {
        self.indent = self.indent.saturating_sub(2);
    }

    /// Print a region `{ ... }` with its blocks indented. `print_entry_block_args`: print the
    /// entry block header `^bb0(%arg0: i32):` when it has arguments (custom signatures print
    /// them elsewhere and pass `false`); `print_block_terminators`: print the terminator of
    /// blocks (`false` for ops with implicit terminators).
    pub fn print_region(&mut self, r: RegionId, print_entry_block_args: bool, print_block_terminators: bool) {
        self.print_region_ext(r, print_entry_block_args, print_block_terminators, false);
    }

    /// [`OpAsmPrinter::print_region`], also forcing the entry block header when the entry block
    /// is empty (`print_empty_block`, as the generic form does).
    pub fn print_region_ext(
        &mut self,
        r: RegionId,
        print_entry_block_args: bool,
        print_block_terminators: bool,
        print_empty_block: bool,
    ) {
        if self.collecting {
            self.collect_region(r, print_entry_block_args, print_block_terminators);
        } else {
            self.print_region_real(r, print_entry_block_args, print_block_terminators, print_empty_block);
        }
    }

    /// Print an op in the generic form (without its result names): `"dialect.op"(%a) : (i32) -> ()`.
    pub fn print_generic_op(&mut self, op: OpId) {
        if self.collecting {
            self.collect_generic(op);
        } else {
            self.print_generic_real(op);
        }
    }

    // ----- helpers -----

    fn push_indent(&mut self) {
        const SPACES: &str = "                                                                ";
        let mut n = self.indent;
        while n > 0 {
            let k = n.min(SPACES.len());
            self.out.push_str(&SPACES[..k]);
            n -= k;
        }
    }

    /// Type of a value; for a dangling handle an invalid type that prints `<<NULL TYPE>>`.
    fn value_type(&self, v: Value) -> Type {
        self.try_value_type(v).unwrap_or(Type(u32::MAX))
    }

    fn try_value_type(&self, v: Value) -> Option<Type> {
        let ctx = self.ctx;
        match v {
            Value::Result { op, index } => match self.names.numbered_result_type(op, index) {
                Some(t) => Some(t),
                None => ctx.try_result_data(op, index).map(|r| r.ty),
            },
            Value::BlockArg { block, index } => {
                ctx.blocks.get(block.0 as usize)?.args.get(index as usize).map(|a| a.ty)
            }
        }
    }

    fn value_loc(&self, v: Value) -> Attribute {
        let ctx = self.ctx;
        let loc = match v {
            Value::BlockArg { block, index } => {
                ctx.blocks.get(block.0 as usize).and_then(|b| b.args.get(index as usize)).and_then(|a| a.loc())
            }
            Value::Result { op, .. } => ctx.ops.get(op.0 as usize).map(|d| d.loc),
        };
        loc.unwrap_or_else(|| ctx.unknown_loc())
    }

    fn is_function_type(&self, t: Type) -> bool {
        matches!(self.ctx.try_type_kind(t), Some(crate::types::TypeKind::Function { .. }))
    }

    /// Properties and discardable attributes merged, sorted by name (MLIR's `getAttrs()` of a
    /// registered op).
    fn merged_attrs(&self, op: OpId) -> Vec<NamedAttribute> {
        let d = self.ctx.op(op);
        let mut v = d.all_attrs().to_vec();
        if d.properties().is_empty() {
            return v; // sorted already
        }
        let ctx = self.ctx;
        v.sort_by(|a, b| ctx.str(a.name).cmp(ctx.str(b.name)));
        v
    }
}
