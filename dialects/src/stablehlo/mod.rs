//! The StableHLO dialect (openxla/stablehlo `StablehloOps.td`): every op of the spec, with the
//! spec's constraints as verifiers (StableHLO's exact diagnostic texts) and type inference.
//!
//! Organisation:
//! - [`ops`]: the op table — one [`OpDef`] per op (name, traits, inherent attributes with their
//!   ODS constraints, operand/result type classes, inference and verification hooks). Other
//!   modules (interpreter, syntax, builders) look ops up by name with [`op_def`] or iterate
//!   [`ops::OPS`].
//! - [`elementwise`], [`shape`], [`control`], [`collective`], [`linalg`]: per-family inference
//!   and verification functions referenced from the table.
//! - [`attrs`]: typed `#stablehlo...` attributes; [`quant`]: `!quant.uniform` element types;
//!   [`types`]: type printing/compatibility helpers and [`TyDesc`].
//! - [`syntax`]: custom assembly hooks (owned by the syntax work; looked up by name here).
//!
//! Verification order follows MLIR's: attribute constraints, operand/result type constraints,
//! trait checks, inferred-type check (ops implementing `InferTypeOpInterface`), then the op's
//! own verifier. When StableHLO reports two diagnostics for one failure (a shape function error
//! followed by "failed to infer returned types"), the verifier's message holds both lines,
//! separated by `\n`; each line is one diagnostic at the op.

pub mod attrs;
pub mod collective;
pub mod control;
pub mod elementwise;
pub mod fmt;
pub mod linalg;
pub mod ops;
pub mod quant;
pub mod quant_to_math;
pub mod region;
pub mod shape;
pub mod syntax;
pub mod types;
pub mod views;

use std::rc::Rc;

use strata_ir::dialect::MaterializeFn;
use strata_ir::{AttrKind, Attribute, Context, Dialect, OpId, OperationState, RegionId, Type, TypeKind};

pub use ops::{op_def, Infer, OpDef, OPS};
pub use types::TyDesc;

/// The message StableHLO adds after a failing shape function.
pub const FAILED_TO_INFER: &str = "failed to infer returned types";

/// Inputs of a type-inference function: what a builder knows before creating the op.
pub struct InferCx<'a> {
    /// The context (read-only: inference produces [`TyDesc`]s, interned later).
    pub ctx: &'a Context,
    /// Operand types.
    pub operands: &'a [Type],
    /// Attributes by name (inherent and discardable).
    pub attrs: &'a [(&'a str, Attribute)],
    /// Regions (may be empty when a builder infers before building regions).
    pub regions: &'a [RegionId],
    /// The op, when inferring for an existing op (gives access to constant operands).
    pub op: Option<OpId>,
}

impl<'a> InferCx<'a> {
    /// An attribute by name.
    pub fn attr(&self, name: &str) -> Option<Attribute> {
        self.attrs.iter().find(|(n, _)| *n == name).map(|(_, a)| *a)
    }
    /// An integer attribute.
    pub fn int(&self, name: &str) -> Option<i64> {
        self.attr(name).and_then(|a| types::attr_int(self.ctx, a))
    }
    /// An integer-list attribute.
    pub fn ints(&self, name: &str) -> Option<Vec<i64>> {
        self.attr(name).and_then(|a| types::attr_i64s(self.ctx, a))
    }
    /// A boolean attribute (absent = false).
    pub fn flag(&self, name: &str) -> bool {
        self.attr(name).and_then(|a| types::attr_bool(self.ctx, a)).unwrap_or(false)
    }
    /// Operand `i`'s type.
    pub fn operand(&self, i: usize) -> Result<Type, String> {
        self.operands.get(i).copied().ok_or_else(|| format!("expected at least {} operand(s)", i + 1))
    }
    /// Integer values of constant operand `i`, when known.
    pub fn const_ints(&self, i: usize) -> Option<Vec<i64>> {
        self.op.and_then(|op| types::const_operand_ints(self.ctx, op, i))
    }
}

/// Infer the result types of `op_name` (`stablehlo.add`) from operand types, attributes and
/// regions, as a builder does before creating the op. Errors carry StableHLO's message.
pub fn infer_result_types(
    ctx: &mut Context,
    op_name: &str,
    operand_types: &[Type],
    attrs: &[(&str, Attribute)],
    regions: &[RegionId],
) -> Result<Vec<Type>, String> {
    let def = op_def(op_name).ok_or_else(|| format!("unknown op '{op_name}'"))?;
    let f = match def.infer {
        Infer::Iface(f) | Infer::Verify(f) => f,
        Infer::None => return Err(format!("'{op_name}' does not support type inference; give the result types")),
    };
    let descs = {
        let cx = InferCx { ctx, operands: operand_types, attrs, regions, op: None };
        f(&cx)?
    };
    Ok(descs.iter().map(|d| types::intern_desc(ctx, d)).collect())
}

/// Infer the result types of an existing op (e.g. after a rewrite changed operand types).
pub fn infer_op_result_types(ctx: &mut Context, op: OpId) -> Result<Vec<Type>, String> {
    let descs = infer_descs(ctx, op).ok_or("op does not support type inference")??;
    Ok(descs.iter().map(|d| types::intern_desc(ctx, d)).collect())
}

fn op_attrs(ctx: &Context, op: OpId) -> Vec<(&str, Attribute)> {
    let d = ctx.op(op);
    d.all_attrs().iter().map(|na| (ctx.str(na.name), na.value)).collect()
}

/// Run the op's inference function on an existing op (`None` if it has none).
pub fn infer_descs(ctx: &Context, op: OpId) -> Option<Result<Vec<TyDesc>, String>> {
    let def = op_def(ctx.op_name_of(op))?;
    let f = match def.infer {
        Infer::Iface(f) | Infer::Verify(f) => f,
        Infer::None => return None,
    };
    let operands: Vec<Type> = ctx.operands(op).iter().map(|v| ctx.value_type(*v)).collect();
    let attrs = op_attrs(ctx, op);
    let cx = InferCx { ctx, operands: &operands, attrs: &attrs, regions: ctx.op_regions(op), op: Some(op) };
    Some(f(&cx))
}

/// Build an operation state with inferred result types: the builder entry point.
pub fn build_state(
    ctx: &mut Context,
    op_name: &str,
    operands: &[strata_ir::Value],
    attrs: &[(&str, Attribute)],
    regions: Vec<RegionId>,
    loc: Attribute,
) -> Result<OperationState, String> {
    let tys: Vec<Type> = operands.iter().map(|v| ctx.value_type(*v)).collect();
    let results = infer_result_types(ctx, op_name, &tys, attrs, &regions)?;
    Ok(operation_state(ctx, op_name, operands, results, attrs, regions, loc))
}

/// An [`OperationState`] from its parts, attributes given by name (inherent ones become
/// properties when the op is created).
pub fn operation_state(
    ctx: &mut Context,
    op_name: &str,
    operands: &[strata_ir::Value],
    result_types: Vec<Type>,
    attrs: &[(&str, Attribute)],
    regions: Vec<RegionId>,
    loc: Attribute,
) -> OperationState {
    let name = ctx.op_name(op_name);
    let mut st = OperationState::new(name, loc);
    st.operands = operands.into();
    st.result_types = result_types;
    for (n, a) in attrs {
        let s = ctx.sym(n);
        st.add_attr(s, *a);
    }
    st.regions = regions;
    st
}

/// The dialect's constant materializer: `stablehlo.constant` holding `value`.
fn materialize_constant(ctx: &mut Context, value: Attribute, ty: Type, loc: Attribute) -> Option<OpId> {
    match ctx.attr_kind(value) {
        AttrKind::DenseElements { .. } | AttrKind::DenseResource { .. } | AttrKind::DenseStrings { .. } => {}
        _ => return None,
    }
    if !matches!(ctx.type_kind(ty), TypeKind::RankedTensor { .. }) {
        return None;
    }
    let name = ctx.op_name("stablehlo.constant");
    let mut st = OperationState::new(name, loc);
    st.result_types = vec![ty];
    let v = ctx.sym("value");
    st.properties.push(strata_ir::NamedAttribute { name: v, value });
    Some(ctx.create_op(st))
}

/// Register the `stablehlo` dialect.
pub fn register(ctx: &mut Context) {
    let mut d = Dialect::new("stablehlo");
    for def in OPS {
        d = d.op(ops::op_info(def));
    }
    d.materialize_constant = Some(materialize_constant as MaterializeFn);
    d = d.attr_body_hook(attrs::canonical_attr_body).attr_payload_hook(attrs::attr_payload);
    ctx.register_dialect(d);
    // StableHLO's dependent dialect for quantized element types: types only, no ops.
    if ctx.dialect("quant").is_none() {
        ctx.register_dialect(
            Dialect::new("quant").type_body_hook(quant::canonical_type_body).type_payload_hook(quant::type_payload),
        );
    }
}

/// Data attached to each registered op's `OpInfo::ext`: its table entry.
pub struct StablehloOp(pub &'static OpDef);

/// The table entry of a registered op, through its `OpInfo` extension.
pub fn def_of(ctx: &Context, op: OpId) -> Option<&'static OpDef> {
    let info = ctx.op_info(ctx.op(op).name())?;
    let ext: &Rc<dyn std::any::Any> = info.ext.as_ref()?;
    ext.downcast_ref::<StablehloOp>().map(|s| s.0)
}
