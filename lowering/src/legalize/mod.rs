//! `stablehlo-legalize-to-linalg`: StableHLO → linalg on tensors (plus tensor, arith, math,
//! complex and scf), following StableHLO's `StablehloLegalizeToLinalg` patterns and their
//! output forms, so the StableHLO conformance tests of the pass apply
//! (`../shared/conformance/stablehlo/linalg`).
//!
//! | module | ops |
//! |---|---|
//! | [`scalar`] | every elementwise op on scalars (bodies of generics and of reducer regions) |
//! | [`pointwise`] | elementwise ops on tensors → `linalg.generic` / `linalg.map` |
//! | [`shape`] | constant, broadcast(_in_dim), reshape, transpose, reverse, slice, dynamic_slice, dynamic_update_slice, concatenate, pad, iota, get_dimension_size, bitcast_convert across widths |
//! | [`dot`] | dot, dot_general (→ matmul, batch_matmul, matvec, vecmat, dot, generic), einsum |
//! | [`conv`] | convolution (grouped, dilated, padded, batch-grouped) |
//! | [`reduce`] | reduce, reduce_window, select_and_scatter, map |
//! | [`gather`] | gather, scatter, torch_index_select |
//! | [`control`] | while, if, case, sort, rng_bit_generator, optimization_barrier, func.call |
//!
//! The pass walks each function top-down: an op with regions that are computations on scalars
//! (`reduce`, `sort`, `scatter`, ...) takes its region along (its 0-d tensor ops become scalar
//! ops in the linalg body); control flow (`while`, `if`, `case`) moves its regions into `scf`
//! ops whose bodies are then lowered like any code. Unsigned integers become signless through
//! `builtin.unrealized_conversion_cast`, as StableHLO's type converter does. An op without a
//! lowering fails the pass with a located error naming it; nothing is left half-converted
//! silently.

pub mod builder;
pub mod control;
pub mod conv;
pub mod dot;
pub mod gather;
pub mod pointwise;
pub mod reduce;
pub mod scalar;
pub mod shape;

use strata_dialects::stablehlo::attrs::{ComparisonDirection, ComparisonType};
use strata_ir::pass::{parse_bool_option, Pass, PassStatistics};
use strata_ir::{Attribute, Context, Diagnostic, Failure, OpId, Type, Value};

use builder::{LResult, B};
use scalar::ScalarAttrs;

/// Options of the pass (StableHLO's names).
#[derive(Clone, Debug)]
pub struct Options {
    /// `enable-primitive-ops`: emit `linalg.map`, `linalg.reduce`, `linalg.transpose`,
    /// `linalg.broadcast`, `tensor.concat` where StableHLO does.
    pub primitive_ops: bool,
    /// `enable-sparse-ops`: accepted; sparse tensor encodings are kept on the types.
    pub sparse_ops: bool,
    /// `capture-scalar-inputs`: rank-0 operands of ranked elementwise ops are extracted and
    /// captured by the body (default true).
    pub capture_scalar_inputs: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { primitive_ops: false, sparse_ops: false, capture_scalar_inputs: true }
    }
}

/// What a pattern reads of the op it lowers (read once, before building).
#[derive(Clone, Debug)]
pub struct Src {
    /// The op.
    pub id: OpId,
    /// Its name (`stablehlo.add`).
    pub name: String,
    /// Operands.
    pub operands: Vec<Value>,
    /// Result types.
    pub results: Vec<Type>,
    /// Discardable attributes, copied onto the main linalg op (StableHLO's
    /// `getPrunedAttributeList`).
    pub extra: Vec<(String, Attribute)>,
}

impl Src {
    fn read(ctx: &Context, op: OpId) -> Self {
        let data = ctx.op(op);
        Src {
            id: op,
            name: ctx.op_name_of(op).to_string(),
            operands: data.operands().to_vec(),
            results: ctx.results(op).map(|v| ctx.value_type(v)).collect(),
            extra: data.attributes().iter().map(|a| (ctx.str(a.name).to_string(), a.value)).collect(),
        }
    }
}

/// Ops whose regions compute on scalars: lowered with their op, not on their own.
pub fn has_scalar_regions(name: &str) -> bool {
    matches!(
        name,
        "stablehlo.reduce"
            | "stablehlo.reduce_window"
            | "stablehlo.scatter"
            | "stablehlo.select_and_scatter"
            | "stablehlo.sort"
            | "stablehlo.map"
            | "stablehlo.all_reduce"
            | "stablehlo.reduce_scatter"
    )
}

/// The scalar attributes of an elementwise op.
pub fn scalar_attrs(ctx: &Context, op: OpId) -> ScalarAttrs {
    let mut at = ScalarAttrs::default();
    if let Some(a) = ctx.attr(op, "comparison_direction") {
        at.dir = ctx.typed_attr::<ComparisonDirection>(a).copied();
    }
    if let Some(a) = ctx.attr(op, "compare_type") {
        at.cmp_type = ctx.typed_attr::<ComparisonType>(a).copied();
    }
    let int = |n: &str| -> i64 {
        ctx.attr(op, n)
            .and_then(|a| match ctx.attr_kind(a) {
                strata_ir::AttrKind::Integer { value, .. } => Some(*value as i64),
                _ => None,
            })
            .unwrap_or(0)
    };
    at.exponent_bits = int("exponent_bits");
    at.mantissa_bits = int("mantissa_bits");
    at
}

/// Lower every StableHLO op under `root`. Errors are emitted on the context (one per op that
/// has no lowering) and the function returns `Err` if there was any.
pub fn legalize(ctx: &mut Context, root: OpId, opts: &Options) -> Result<usize, Failure> {
    // chlo first, by StableHLO's own decompositions (the `chlo-legalize-to-stablehlo` pass; the
    // interpreter runs chlo through the same ones, so both backends compute one semantics).
    if let Err(e) = strata_dialects::chlo::legalize::legalize(ctx, root, &|_| false) {
        let loc = ctx.op(e.op).loc();
        let name = ctx.op_name_of(e.op).to_string();
        ctx.emit(Diagnostic::error(loc, format!("failed to legalize operation '{name}': {}", e.message)));
        return Err(Failure);
    }
    // Quantized ops next, as the interpreter computes them (dequantize -> op -> quantize, and
    // quantize/dequantize as float and integer math on the storage type).
    if let Err(e) = strata_dialects::stablehlo::quant_to_math::legalize_quant_to_math(ctx, root) {
        let loc = ctx.op(e.op).loc();
        let name = ctx.op_name_of(e.op).to_string();
        ctx.emit(Diagnostic::error(loc, format!("failed to legalize operation '{name}': {}", e.message)));
        return Err(Failure);
    }
    let mut ops = Vec::new();
    collect(ctx, root, &mut ops);
    let mut failed = false;
    let mut n = 0;
    for op in ops {
        if ctx.is_erased(op) || ctx.op(op).parent().is_none() {
            continue;
        }
        let name = ctx.op_name_of(op).to_string();
        if !name.starts_with("stablehlo.") {
            continue;
        }
        // Terminators are rewritten by their parent's lowering; `custom_call @check.*` (the
        // test suites' checks) stay for the runner (strata-run --jit executes them).
        if name == "stablehlo.return" || is_check_call(ctx, op) {
            continue;
        }
        match lower_op(ctx, op, opts) {
            Ok(()) => n += 1,
            Err(msg) => {
                let loc = ctx.op(op).loc();
                let mut d = Diagnostic::error(loc, format!("failed to legalize operation '{name}': {msg}"));
                d.notes.clear();
                ctx.emit(d);
                failed = true;
            }
        }
    }
    if failed {
        Err(Failure)
    } else {
        Ok(n)
    }
}

/// `stablehlo.custom_call @check.*`.
pub fn is_check_call(ctx: &Context, op: OpId) -> bool {
    ctx.op_name_of(op) == "stablehlo.custom_call"
        && ctx.attr(op, "call_target_name").is_some_and(
            |a| matches!(ctx.attr_kind(a), strata_ir::AttrKind::String { value, .. } if value.starts_with("check.")),
        )
}

fn collect(ctx: &Context, op: OpId, out: &mut Vec<OpId>) {
    out.push(op);
    if has_scalar_regions(ctx.op_name_of(op)) {
        return;
    }
    for &r in ctx.op_regions(op) {
        for &b in ctx.region_blocks(r) {
            for o in ctx.block_ops(b) {
                collect(ctx, o, out);
            }
        }
    }
}

/// Lower one op and replace it.
fn lower_op(ctx: &mut Context, op: OpId, opts: &Options) -> LResult<()> {
    let src = Src::read(ctx, op);
    let at = scalar_attrs(ctx, op);
    let mut b = B::before(ctx, op);
    let vals = dispatch(&mut b, &src, &at, opts)?;
    if vals.len() != src.results.len() {
        return Err(format!("internal: {} results for {}", vals.len(), src.results.len()));
    }
    let mut fixed = Vec::new();
    for (v, t) in vals.into_iter().zip(&src.results) {
        fixed.push(b.unrealized(v, *t));
    }
    b.rw.replace_op(op, &fixed);
    Ok(())
}

fn dispatch(b: &mut B, src: &Src, at: &ScalarAttrs, opts: &Options) -> LResult<Vec<Value>> {
    let n = src.name.as_str();
    if scalar::is_elementwise(n) {
        if n == "stablehlo.bitcast_convert" {
            let it = b.velt(src.operands[0]);
            let ot = b.elt(src.results[0]);
            if b.rank(src.operands[0]) != b.shape(src.results[0]).len() || bit_width(b, it) != bit_width(b, ot) {
                return shape::bitcast_convert_resize(b, src);
            }
        }
        return pointwise::lower(b, src, at, opts);
    }
    match n {
        "stablehlo.constant" => shape::constant(b, src),
        "stablehlo.broadcast_in_dim" | "stablehlo.broadcast" => shape::broadcast(b, src, opts),
        "stablehlo.dynamic_broadcast_in_dim" => shape::dynamic_broadcast_in_dim(b, src),
        "stablehlo.reshape" => shape::reshape(b, src),
        "stablehlo.transpose" => shape::transpose(b, src, opts),
        "stablehlo.reverse" => shape::reverse(b, src),
        "stablehlo.slice" => shape::slice(b, src),
        "stablehlo.dynamic_slice" => shape::dynamic_slice(b, src),
        "stablehlo.real_dynamic_slice" => shape::real_dynamic_slice(b, src),
        "stablehlo.dynamic_update_slice" => shape::dynamic_update_slice(b, src),
        "stablehlo.concatenate" => shape::concatenate(b, src, opts),
        "stablehlo.pad" => shape::pad(b, src),
        "stablehlo.dynamic_pad" => shape::dynamic_pad(b, src),
        "stablehlo.iota" => shape::iota(b, src, opts),
        "stablehlo.dynamic_iota" => shape::dynamic_iota(b, src, opts),
        "stablehlo.get_dimension_size" => shape::get_dimension_size(b, src),
        "stablehlo.dynamic_reshape" => shape::dynamic_reshape(b, src),
        "stablehlo.dot" | "stablehlo.dot_general" => dot::dot_general(b, src),
        "stablehlo.einsum" => dot::einsum(b, src),
        "stablehlo.convolution" => conv::convolution(b, src),
        "stablehlo.reduce" => reduce::reduce(b, src, opts),
        "stablehlo.reduce_window" => reduce::reduce_window(b, src),
        "stablehlo.select_and_scatter" => reduce::select_and_scatter(b, src),
        "stablehlo.map" => reduce::map(b, src, opts),
        "stablehlo.gather" => gather::gather(b, src),
        "stablehlo.scatter" => gather::scatter(b, src),
        "stablehlo.torch_index_select" => gather::torch_index_select(b, src),
        "stablehlo.while" => control::while_op(b, src),
        "stablehlo.if" => control::if_op(b, src),
        "stablehlo.case" => control::case_op(b, src),
        "stablehlo.sort" => control::sort(b, src),
        "stablehlo.rng_bit_generator" => control::rng_bit_generator(b, src),
        "stablehlo.optimization_barrier" => Ok(src.operands.clone()),
        "stablehlo.composite" => control::composite(b, src),
        "stablehlo.set_dimension_size" => shape::set_dimension_size(b, src),
        _ => Err("no lowering to linalg for this op".into()),
    }
}

/// Bit width of an element type (complex counts both parts).
pub fn bit_width(b: &B, t: Type) -> u32 {
    if let Some(k) = b.float_kind(t) {
        return k.bit_width();
    }
    if let Some(w) = b.int_width(t) {
        return w;
    }
    if let Some(e) = b.complex_elt(t) {
        return 2 * bit_width(b, e);
    }
    0
}

/// The `stablehlo-legalize-to-linalg` pass.
#[derive(Default)]
pub struct StablehloLegalizeToLinalg {
    /// The options.
    pub options: Options,
}

impl Pass for StablehloLegalizeToLinalg {
    fn name(&self) -> &str {
        "stablehlo-legalize-to-linalg"
    }
    fn display_name(&self) -> &str {
        "StablehloLegalizeToLinalgPass"
    }
    fn description(&self) -> &str {
        "Legalize StableHLO to LinAlg"
    }
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "enable-primitive-ops" => self.options.primitive_ops = parse_bool_option(key, value)?,
            "enable-sparse-ops" => self.options.sparse_ops = parse_bool_option(key, value)?,
            "capture-scalar-inputs" => self.options.capture_scalar_inputs = parse_bool_option(key, value)?,
            _ => return Err(format!("no such option {key}")),
        }
        Ok(())
    }
    fn options(&self) -> Vec<(String, String)> {
        vec![
            ("capture-scalar-inputs".into(), self.options.capture_scalar_inputs.to_string()),
            ("enable-primitive-ops".into(), self.options.primitive_ops.to_string()),
            ("enable-sparse-ops".into(), self.options.sparse_ops.to_string()),
        ]
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, stats: &mut PassStatistics) -> Result<(), Failure> {
        let n = legalize(ctx, op, &self.options)?;
        stats.add("num-lowered", "Number of StableHLO ops lowered", n as u64);
        Ok(())
    }
}

/// Register the pass (for strata-opt).
pub fn register(reg: &mut strata_ir::pass::PassRegistry) {
    reg.register_with_options(
        "stablehlo-legalize-to-linalg",
        "Legalize StableHLO to LinAlg",
        &[
            ("enable-primitive-ops", "Lower to primitive Linalg ops (map, reduce and transpose) when possible"),
            ("enable-sparse-ops", "Lower to Sparse Tensor ops (sparse_tensor.concatenate) when possible"),
            ("capture-scalar-inputs", "Capture scalar inputs of elementwise ops in the body (default true)"),
        ],
        || Box::new(StablehloLegalizeToLinalg::default()),
    );
}

// ----- text entry points (strata-run --jit, strata-compile) -----

/// Lowers a module containing StableHLO ops to the linalg-on-tensors level (func, linalg,
/// tensor, arith, math, scf), returned as MLIR text the bridge accepts.
pub fn legalize_stablehlo_to_linalg(mlir_text: &str) -> Result<String, crate::BridgeError> {
    legalize_text(mlir_text, "<input>", &Options::default())
}

/// [`legalize_stablehlo_to_linalg`] with a file name for diagnostics and options.
pub fn legalize_text(mlir_text: &str, file_name: &str, opts: &Options) -> Result<String, crate::BridgeError> {
    let (mut ctx, m) = read_module(mlir_text, file_name).map_err(crate::BridgeError::Legalize)?;
    if legalize(&mut ctx, m, opts).is_err() {
        return Err(crate::BridgeError::Legalize(render_diagnostics(&ctx)));
    }
    signless_signatures(&mut ctx, m);
    Ok(strata_ir::printer::print_op(&ctx, m, &Default::default()))
}

/// Every diagnostic emitted so far, rendered (`file:line:col: error: ...` with the source line).
pub(crate) fn render_diagnostics(ctx: &Context) -> String {
    ctx.diagnostics().iter().map(|d| strata_ir::diagnostics::render(ctx, d)).collect::<Vec<_>>().join("")
}

/// A module of text read into a fresh context with every Strata dialect (unregistered ops
/// accepted, as the bridge's input may carry them); `Err` with the rendered diagnostics.
pub(crate) fn read_module(text: &str, file_name: &str) -> Result<(Context, OpId), String> {
    let mut ctx = Context::new();
    strata_dialects::register_all(&mut ctx);
    ctx.allow_unregistered = true;
    let config = strata_ir::parser::ParserConfig::new(file_name);
    match strata_ir::parser::parse_source(&mut ctx, &config, text) {
        Ok(m) => Ok((ctx, m)),
        Err(_) => Err(render_diagnostics(&ctx)),
    }
}

/// Make function signatures (and calls) signless and drop the `unrealized_conversion_cast`s
/// that only changed signedness, so the bridge sees one integer type per width (`uiN` and `iN`
/// have the same ABI); the original type is kept as `strata.abi_type` on the function, which the
/// bridge reads for the entry's buffers. Used by the text entry (for the bridge), not by the pass, which keeps
/// StableHLO's boundary casts.
pub fn signless_signatures(ctx: &mut Context, module: OpId) {
    let mut ops = Vec::new();
    ctx.walk_pre(module, &mut |o| ops.push(o));
    let sl = builder::signless_type;
    for &o in &ops {
        match ctx.op_name_of(o) {
            "func.func" => {
                let Some((ins0, outs0)) = strata_ir::symbol::function_type(ctx, o) else { continue };
                let ins: Vec<Type> = ins0.iter().map(|t| sl(ctx, *t)).collect();
                let outs: Vec<Type> = outs0.iter().map(|t| sl(ctx, *t)).collect();
                if ins == ins0 && outs == outs0 {
                    continue;
                }
                let orig = ctx.function_type(ins0, outs0);
                let oa = ctx.type_attr(orig);
                ctx.set_attr(o, "strata.abi_type", oa);
                let ft = ctx.function_type(ins, outs);
                let fa = ctx.type_attr(ft);
                ctx.set_attr(o, "function_type", fa);
                if let Some(&r) = ctx.op_regions(o).first() {
                    if let Some(entry) = ctx.region_entry(r) {
                        let args: Vec<Value> = ctx.block_args(entry).collect();
                        for a in args {
                            let t = ctx.value_type(a);
                            let t2 = sl(ctx, t);
                            ctx.set_value_type(a, t2);
                        }
                    }
                }
            }
            "func.call" => {
                let rs: Vec<Value> = ctx.results(o).collect();
                for r in rs {
                    let t = ctx.value_type(r);
                    let t2 = sl(ctx, t);
                    ctx.set_value_type(r, t2);
                }
            }
            _ => {}
        }
    }
    for &o in &ops {
        if ctx.is_erased(o) || ctx.op_name_of(o) != "builtin.unrealized_conversion_cast" || ctx.operands(o).len() != 1 {
            continue;
        }
        let src = ctx.operands(o)[0];
        let r = ctx.result(o, 0);
        let (ts, tr) = (ctx.value_type(src), ctx.value_type(r));
        if sl(ctx, ts) == sl(ctx, tr) {
            let mut rw = strata_ir::rewrite::PatternRewriter::new(ctx);
            rw.replace_op(o, &[src]);
        }
    }
}

/// Whether the text contains StableHLO (or CHLO) ops, i.e. needs legalization first.
pub fn needs_legalization(mlir_text: &str) -> bool {
    mlir_text.lines().any(|l| {
        let code = l.split("//").next().unwrap_or("");
        code.contains("stablehlo.") || code.contains("chlo.")
    })
}

/// Legalizes the input if it contains StableHLO ops; returns it unchanged otherwise.
pub fn to_linalg_level(mlir_text: &str) -> Result<std::borrow::Cow<'_, str>, crate::BridgeError> {
    if needs_legalization(mlir_text) {
        legalize_stablehlo_to_linalg(mlir_text).map(std::borrow::Cow::Owned)
    } else {
        Ok(std::borrow::Cow::Borrowed(mlir_text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detection_ignores_comments() {
        assert!(needs_legalization("  %0 = stablehlo.add %a, %b : tensor<f32>"));
        assert!(needs_legalization("  %0 = \"chlo.erf\"(%a) : (tensor<f32>) -> tensor<f32>"));
        assert!(!needs_legalization("// RUN: strata-run %S/Inputs/unsupported.stablehlo\nfunc.func @f() { return }"));
    }

    #[test]
    fn unsupported_op_is_a_located_error() {
        let t = "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = stablehlo.cholesky %a, lower = true : tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n";
        let e = legalize_text(t, "t.mlir", &Options::default()).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains("t.mlir:2:"), "{e}");
        assert!(e.contains("stablehlo.cholesky"), "{e}");
    }

    #[test]
    fn add_becomes_a_generic() {
        let t = "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = stablehlo.add %a, %a : tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n";
        let out = legalize_text(t, "t.mlir", &Options::default()).unwrap();
        assert!(out.contains("linalg.generic"), "{out}");
        assert!(out.contains("arith.addf"), "{out}");
        assert!(!out.contains("stablehlo."), "{out}");
    }
}
