//! A Rust builder API for StableHLO computations in the spirit of XLA's `ComputationBuilder`.
//!
//! XLA's client library builds a computation graph op by op — `Parameter`, `ConstantR1`,
//! `Add(Mul(alpha, x), y)` — inferring every result shape from the operand shapes, then `Build()`s
//! a `Computation` and executes it. [`ComputationBuilder`] does the same on top of Strata's IR:
//!
//! - every method enqueues StableHLO ops into the body of a `func.func @name`, with result types
//!   inferred through the dialect's type inference ([`strata_dialects::stablehlo::infer_result_types`])
//!   and each op checked by the StableHLO verifier as it is created;
//! - element-wise binary ops follow XLA's **broadcasting semantics** (scalar with array,
//!   degenerate size-1 dimensions, and `broadcast_dimensions` for lower-rank operands; see
//!   [`broadcast`]) and materialize them as explicit `stablehlo.broadcast_in_dim`s;
//! - [`XlaOp`] is a small `Copy` handle (an SSA value plus the ids of its builder and scope);
//!   errors do not panic: like XLA's builder status, the **first error is recorded** (with the
//!   Rust source location of the offending call), later ops depending on a failed one are
//!   silently poisoned, and [`ComputationBuilder::build`] returns that error;
//! - [`ComputationBuilder::build`] yields a verified [`Computation`] (a `builtin.module` holding
//!   the function) that prints as MLIR and [`Computation::execute`]s on the reference
//!   interpreter, or on any other [`Backend`];
//! - reductions, `map`, `while`, conditionals and calls take sub-computations built by a
//!   sub-builder ([`ComputationBuilder::create_sub_builder`] /
//!   [`ComputationBuilder::sub_computation`], XLA's `CreateSubBuilder`) or, where StableHLO's
//!   regions allow capturing outer values, Rust closures that build the region body
//!   ([`ComputationBuilder::reduce_with`], [`ComputationBuilder::while_with`],
//!   [`ComputationBuilder::conditional_with`]).
//!
//! Methods are named after XLA's (`add`, `dot`, `concat_in_dim`, `get_tuple_element`, ...); the
//! variants taking XLA's optional `broadcast_dimensions` end in `_with_broadcast`.
//!
//! The axpy example of the XLA tutorial (`alpha * x + y`), with parameters:
//!
//! ```
//! use strata_interp::builder::{ComputationBuilder, Shape};
//! use strata_interp::value::{ElementType, Tensor};
//!
//! let b = ComputationBuilder::new("axpy");
//! let alpha = b.parameter(0, &Shape::scalar(ElementType::F32), "alpha");
//! let x = b.parameter(1, &Shape::array(ElementType::F32, &[3]), "x");
//! let y = b.parameter(2, &Shape::array(ElementType::F32, &[3]), "y");
//! b.add(b.mul(alpha, x), y); // the scalar alpha broadcasts over x
//! let axpy = b.build().unwrap();
//! assert_eq!(axpy.program_shape().to_string(), "(alpha: f32[], x: f32[3], y: f32[3]) -> f32[3]");
//! assert!(axpy.to_mlir().contains("stablehlo.broadcast_in_dim"));
//!
//! let f32s = |v: &[f64]| Tensor::from_f64s(ElementType::F32, &[v.len() as i64], v).unwrap();
//! let alpha = Tensor::from_f64s(ElementType::F32, &[], &[2.0]).unwrap();
//! let out = axpy.execute(&[alpha, f32s(&[1.0, 2.0, 3.0]), f32s(&[10.0, 20.0, 30.0])]).unwrap();
//! assert_eq!(out[0].as_f32().unwrap(), &[12.0, 24.0, 36.0]);
//!
//! // Shape errors are recorded, not panicked on, and reported by `build`.
//! let b = ComputationBuilder::new("bad");
//! let m = b.constant_r2_f32(&[&[1.0, 2.0, 3.0], &[4.0, 5.0, 6.0]]);
//! let v = b.constant_r1_f32(&[7.0, 8.0]);
//! b.add_with_broadcast(m, v, &[1]); // v has 2 elements, dimension 1 of m has 3
//! let err = b.build().unwrap_err().to_string();
//! assert!(err.contains("broadcast dimension 0 mismatch"), "{err}");
//! ```

pub mod broadcast;
mod computation;
mod ops;
mod shape;

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::panic::Location;
use std::rc::Rc;
use std::sync::atomic::{AtomicU32, Ordering};

use strata_ir::diagnostics::render;
use strata_ir::{Attribute, BlockId, Context, InsertPoint, OpId, OperationState, RegionId, Type, Value as IrValue};

pub use computation::{Backend, Computation, ExecError, InterpreterBackend, ProgramShape};
pub use ops::NativeType;
pub use shape::Shape;

pub use strata_dialects::stablehlo::attrs::{
    ComparisonDirection, DotDimensionNumbers, GatherDimensionNumbers, ScatterDimensionNumbers,
};

static NEXT_BUILDER_ID: AtomicU32 = AtomicU32::new(1);

/// A handle to a value being built (XLA's `XlaOp` / `ComputationDataHandle`): the SSA value, the
/// id of the builder that made it and the computation (scope) it belongs to. Using it with
/// another builder, or outside the computation it belongs to, is reported as a
/// [`BuilderError`]. A handle returned by a failed operation is *poisoned*: operations using it
/// fail silently (the first error is what [`ComputationBuilder::build`] reports).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct XlaOp {
    value: Option<IrValue>,
    builder: u32,
    scope: u32,
}

impl XlaOp {
    /// The SSA value (`None` for a poisoned handle).
    pub fn value(&self) -> Option<IrValue> {
        self.value
    }

    /// Whether the operation that produced this handle succeeded.
    pub fn is_valid(&self) -> bool {
        self.value.is_some()
    }

    /// The id of the builder that made this handle.
    pub fn builder_id(&self) -> u32 {
        self.builder
    }
}

/// Errors of building a computation. The first one is recorded by the builder and returned by
/// [`ComputationBuilder::build`]; messages start with the Rust source location of the call.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BuilderError {
    /// Invalid operands or arguments: incompatible shapes, bad dimensions, wrong types.
    #[error("{at}: {op}: {message}")]
    InvalidArgument {
        /// The builder method (`add`, `dot`, ...).
        op: String,
        /// What is wrong.
        message: String,
        /// Where the method was called (`file:line:col`).
        at: String,
    },
    /// An operand was created by a different [`ComputationBuilder`].
    #[error("{at}: {op}: operand #{index} was created by a different ComputationBuilder")]
    ForeignOp {
        /// The builder method.
        op: String,
        /// Operand number.
        index: usize,
        /// Where the method was called.
        at: String,
    },
    /// An operand belongs to another computation of the same builder (a sub-computation, or a
    /// region body that is not enclosing this one).
    #[error("{at}: {op}: operand #{index} belongs to computation `{owner}`, which is not visible from `{current}`")]
    OutOfScope {
        /// The builder method.
        op: String,
        /// Operand number.
        index: usize,
        /// The computation the operand belongs to.
        owner: String,
        /// The computation being built.
        current: String,
        /// Where the method was called.
        at: String,
    },
    /// The computation (or sub-computation) was already built.
    #[error("{at}: {op}: computation `{name}` was already built")]
    AlreadyBuilt {
        /// The builder method.
        op: String,
        /// The computation.
        name: String,
        /// Where the method was called.
        at: String,
    },
    /// The built module failed verification (a Strata bug or an invalid attribute).
    #[error("computation `{name}` failed verification:\n{diagnostics}")]
    Verify {
        /// The computation.
        name: String,
        /// The rendered diagnostics.
        diagnostics: String,
    },
    /// An operand comes from an operation that failed (never the first error).
    #[error("{at}: {op}: an operand comes from an operation that failed")]
    Poisoned {
        /// The builder method.
        op: String,
        /// Where the method was called.
        at: String,
    },
}

/// The value(s) a computation returns: one [`XlaOp`] or several.
pub trait IntoRoots {
    /// The root values.
    fn into_roots(self) -> Vec<XlaOp>;
}

impl IntoRoots for XlaOp {
    fn into_roots(self) -> Vec<XlaOp> {
        vec![self]
    }
}
impl IntoRoots for Vec<XlaOp> {
    fn into_roots(self) -> Vec<XlaOp> {
        self
    }
}
impl IntoRoots for &[XlaOp] {
    fn into_roots(self) -> Vec<XlaOp> {
        self.to_vec()
    }
}
impl<const N: usize> IntoRoots for [XlaOp; N] {
    fn into_roots(self) -> Vec<XlaOp> {
        self.to_vec()
    }
}

/// A computation built by a sub-builder, to be used by the builder that created it as the body
/// of `reduce`, `map`, `while_loop`, `conditional`, or as the callee of `call` (XLA's
/// sub-`Computation`). Each use instantiates a copy of its body.
#[derive(Clone, Debug)]
pub struct SubComputation {
    builder: u32,
    name: String,
    body: Option<SubBody>,
}

#[derive(Clone, Debug)]
struct SubBody {
    scope: u32,
    block: BlockId,
    params: Vec<Type>,
    param_shapes: Vec<Shape>,
    results: Vec<IrValue>,
    result_types: Vec<Type>,
    result_shapes: Vec<Shape>,
}

impl SubComputation {
    /// The sub-computation's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether it was built without errors.
    pub fn is_ok(&self) -> bool {
        self.body.is_some()
    }

    /// Its parameter shapes (empty if it failed).
    pub fn parameter_shapes(&self) -> &[Shape] {
        self.body.as_ref().map_or(&[], |b| &b.param_shapes)
    }

    /// Its result shapes (empty if it failed).
    pub fn result_shapes(&self) -> &[Shape] {
        self.body.as_ref().map_or(&[], |b| &b.result_shapes)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ScopeKind {
    /// The entry function.
    Entry,
    /// A sub-computation (closed: sees only its own parameters).
    Sub,
    /// A region body built by a closure (sees the enclosing scopes' values).
    Region,
}

/// A finalized parameter: name, shape, type.
type ParamInfo = (String, Shape, Type);

struct Param {
    number: i64,
    name: String,
    shape: Shape,
    arg: IrValue,
}

struct Scope {
    name: String,
    kind: ScopeKind,
    block: BlockId,
    parent: Option<u32>,
    params: Vec<Param>,
    last: Vec<XlaOp>,
    returns: Option<Vec<XlaOp>>,
    finished: bool,
}

struct State {
    ctx: Option<Context>,
    id: u32,
    module: OpId,
    module_block: BlockId,
    scopes: Vec<Scope>,
    first_error: Option<BuilderError>,
    die_immediately: bool,
    symbols: Vec<String>,
    called: HashMap<u32, String>,
}

/// Builds a StableHLO computation op by op, XLA-style. See the [module docs](self).
///
/// Methods take `&self` (the state lives in a `RefCell`), so calls nest as in XLA:
/// `b.add(b.mul(alpha, x), y)`.
pub struct ComputationBuilder {
    state: Rc<RefCell<State>>,
    scope: u32,
}

impl fmt::Debug for ComputationBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ComputationBuilder({})", self.name())
    }
}

fn loc_string(at: &Location<'_>) -> String {
    format!("{}:{}:{}", at.file(), at.line(), at.column())
}

/// The context of one builder method call: the state (borrowed), the scope ops go into, the
/// method name and the caller's location.
pub(crate) struct OpCx<'s> {
    st: &'s mut State,
    scope: u32,
    what: &'static str,
    at: &'static Location<'static>,
    operand_index: usize,
}

impl OpCx<'_> {
    fn ctx(&mut self) -> &mut Context {
        self.st.ctx.as_mut().expect("checked by ComputationBuilder::run")
    }

    fn cref(&self) -> &Context {
        self.st.ctx.as_ref().expect("checked by ComputationBuilder::run")
    }

    fn err(&self, message: impl Into<String>) -> BuilderError {
        BuilderError::InvalidArgument { op: self.what.to_string(), message: message.into(), at: loc_string(self.at) }
    }

    /// Resolves an operand, checking its builder and scope.
    fn val(&mut self, op: XlaOp) -> Result<IrValue, BuilderError> {
        let index = self.operand_index;
        self.operand_index += 1;
        self.val_in(op, index, self.scope)
    }

    fn val_in(&self, op: XlaOp, index: usize, scope: u32) -> Result<IrValue, BuilderError> {
        let at = loc_string(self.at);
        if op.builder != self.st.id {
            return Err(BuilderError::ForeignOp { op: self.what.into(), index, at });
        }
        let Some(v) = op.value else {
            return Err(BuilderError::Poisoned { op: self.what.into(), at });
        };
        let mut s = Some(scope);
        while let Some(cur) = s {
            if cur == op.scope {
                return Ok(v);
            }
            s = self.st.scopes[cur as usize].parent;
        }
        Err(BuilderError::OutOfScope {
            op: self.what.into(),
            index,
            owner: self.st.scopes.get(op.scope as usize).map(|s| s.name.clone()).unwrap_or_default(),
            current: self.st.scopes[scope as usize].name.clone(),
            at,
        })
    }

    fn vals(&mut self, ops: &[XlaOp]) -> Result<Vec<IrValue>, BuilderError> {
        ops.iter().map(|o| self.val(*o)).collect()
    }

    fn ty(&self, v: IrValue) -> Type {
        self.cref().value_type(v)
    }

    /// The shape of a value.
    fn shape(&self, v: IrValue) -> Result<Shape, BuilderError> {
        let t = self.ty(v);
        Shape::from_type(self.cref(), t)
            .ok_or_else(|| self.err(format!("unsupported type {}", strata_ir::printer::type_to_string(self.cref(), t))))
    }

    /// The shape of an array value (error for tuples and tokens).
    fn array(&self, v: IrValue) -> Result<Shape, BuilderError> {
        let s = self.shape(v)?;
        if !s.is_array() {
            return Err(self.err(format!("expected an array operand, got {s}")));
        }
        Ok(s)
    }

    fn wrap(&self, v: IrValue) -> XlaOp {
        XlaOp { value: Some(v), builder: self.st.id, scope: self.scope }
    }

    fn i64s(&mut self, v: &[i64]) -> Attribute {
        self.ctx().dense_i64_array(v)
    }

    fn loc(&mut self) -> Attribute {
        let (f, l, c) = (self.at.file(), self.at.line(), self.at.column());
        self.ctx().file_loc(f, l, c)
    }

    /// Creates `name` in the current scope with the given operands, attributes and regions;
    /// result types are inferred when `results` is `None`. The op is verified at once.
    fn emit(
        &mut self,
        name: &str,
        operands: &[IrValue],
        attrs: &[(&str, Attribute)],
        regions: Vec<RegionId>,
        results: Option<Vec<Type>>,
    ) -> Result<Vec<IrValue>, BuilderError> {
        let results = match results {
            Some(r) => r,
            None => {
                let tys: Vec<Type> = operands.iter().map(|v| self.ty(*v)).collect();
                match strata_dialects::stablehlo::infer_result_types(self.ctx(), name, &tys, attrs, &regions) {
                    Ok(r) => r,
                    Err(m) => {
                        for r in regions {
                            self.discard_region(r);
                        }
                        return Err(self.err(clean_message(&m.clone().into())));
                    }
                }
            }
        };
        let loc = self.loc();
        let ctx = self.ctx();
        let st = strata_dialects::stablehlo::operation_state(ctx, name, operands, results, attrs, regions, loc);
        let op = ctx.create_op(st);
        let block = self.st.scopes[self.scope as usize].block;
        let ctx = self.ctx();
        ctx.append_op(block, op);
        if name.starts_with("stablehlo.") && name != "stablehlo.return" {
            if let Err(m) = strata_dialects::stablehlo::ops::verify_op(ctx, op) {
                ctx.erase_op(op);
                return Err(self.err(clean_message(&m)));
            }
        }
        let vals: Vec<IrValue> = self.cref().results(op).collect();
        let last: Vec<XlaOp> = vals.iter().map(|v| self.wrap(*v)).collect();
        self.st.scopes[self.scope as usize].last = last;
        Ok(vals)
    }

    fn emit1(
        &mut self,
        name: &str,
        operands: &[IrValue],
        attrs: &[(&str, Attribute)],
        regions: Vec<RegionId>,
        results: Option<Vec<Type>>,
    ) -> Result<IrValue, BuilderError> {
        let mut v = self.emit(name, operands, attrs, regions, results)?;
        if v.len() != 1 {
            return Err(self.err(format!("`{name}` produced {} results, expected 1", v.len())));
        }
        Ok(v.remove(0))
    }

    /// Erases a detached region that will not be used.
    fn discard_region(&mut self, r: RegionId) {
        let ctx = self.ctx();
        for b in ctx.region_blocks(r).to_vec() {
            for op in ctx.block_ops_vec(b).into_iter().rev() {
                ctx.erase_op(op);
            }
        }
    }

    /// Copies the body of `comp` to the end of `block`, with its parameters bound to `args`;
    /// returns the values of its results.
    fn instantiate(
        &mut self,
        comp: &SubComputation,
        block: BlockId,
        args: &[IrValue],
    ) -> Result<Vec<IrValue>, BuilderError> {
        if comp.builder != self.st.id {
            return Err(
                self.err(format!("sub-computation `{}` was built by a different ComputationBuilder", comp.name))
            );
        }
        let Some(body) = &comp.body else {
            return Err(BuilderError::Poisoned { op: self.what.into(), at: loc_string(self.at) });
        };
        if args.len() != body.params.len() {
            return Err(self.err(format!(
                "sub-computation `{}` takes {} parameter(s), got {}",
                comp.name,
                body.params.len(),
                args.len()
            )));
        }
        let ctx = self.ctx();
        let mut map = HashMap::new();
        for (i, a) in args.iter().enumerate() {
            map.insert(IrValue::BlockArg { block: body.block, index: i as u32 }, *a);
        }
        for op in ctx.block_ops_vec(body.block) {
            let new = ctx.clone_op(op, &mut map);
            ctx.append_op(block, new);
        }
        Ok(body.results.iter().map(|v| *map.get(v).unwrap_or(v)).collect())
    }

    /// A region whose single block takes `arg_types` and holds a copy of `comp`, terminated by
    /// `stablehlo.return`.
    fn region_from(
        &mut self,
        comp: &SubComputation,
        arg_types: &[Type],
        captured: &[IrValue],
    ) -> Result<RegionId, BuilderError> {
        let ctx = self.ctx();
        let args: Vec<(Type, Option<Attribute>)> = arg_types.iter().map(|t| (*t, None)).collect();
        let block = ctx.create_block(&args);
        let region = ctx.create_region();
        ctx.append_block(region, block);
        let mut inputs: Vec<IrValue> = captured.to_vec();
        inputs.extend(ctx.block_args(block));
        let rets = self.instantiate(comp, block, &inputs)?;
        self.terminate(block, "stablehlo.return", &rets);
        Ok(region)
    }

    fn terminate(&mut self, block: BlockId, name: &str, vals: &[IrValue]) {
        let loc = self.loc();
        let ctx = self.ctx();
        let n = ctx.op_name(name);
        let mut st = OperationState::new(n, loc);
        st.operands = vals.into();
        let op = ctx.create_op(st);
        ctx.append_op(block, op);
    }

    /// Orders the parameters of a root scope by number (checking there are no gaps) into a new
    /// block whose arguments are the parameters in order.
    /// `roots` (values of the scope) are remapped to the new block's arguments.
    fn finalize_params(
        &mut self,
        scope: u32,
        roots: &mut [IrValue],
    ) -> Result<(BlockId, Vec<ParamInfo>), BuilderError> {
        let mut params: Vec<(i64, String, Shape, IrValue)> = self.st.scopes[scope as usize]
            .params
            .iter()
            .map(|p| (p.number, p.name.clone(), p.shape.clone(), p.arg))
            .collect();
        params.sort_by_key(|p| p.0);
        for (i, p) in params.iter().enumerate() {
            if p.0 != i as i64 {
                return Err(self.err(format!(
                    "parameter numbers must be 0..{} without gaps, but parameter {i} is missing",
                    params.len()
                )));
            }
        }
        let old = self.st.scopes[scope as usize].block;
        let ctx = self.ctx();
        let tys: Vec<Type> = params.iter().map(|p| ctx.value_type(p.3)).collect();
        let args: Vec<(Type, Option<Attribute>)> = tys.iter().map(|t| (*t, None)).collect();
        let block = ctx.create_block(&args);
        for (i, p) in params.iter().enumerate() {
            let new = ctx.block_arg(block, i);
            ctx.replace_all_uses(p.3, new);
            for r in roots.iter_mut().filter(|r| **r == p.3) {
                *r = new;
            }
        }
        for op in ctx.block_ops_vec(old) {
            ctx.move_op(op, InsertPoint::End(block));
        }
        self.st.scopes[scope as usize].block = block;
        Ok(params.into_iter().zip(tys).map(|((_, n, s, _), t)| (n, s, t)).collect::<Vec<_>>()).map(|v| (block, v))
    }

    /// The values a root scope returns: explicit return values or the last op enqueued.
    fn roots(&mut self, scope: u32) -> Result<Vec<IrValue>, BuilderError> {
        let sc = &self.st.scopes[scope as usize];
        let roots = sc.returns.clone().unwrap_or_else(|| sc.last.clone());
        if roots.is_empty() {
            return Err(self.err(format!("computation `{}` is empty: enqueue at least one operation", sc.name)));
        }
        roots.iter().enumerate().map(|(i, r)| self.val_in(*r, i, scope)).collect()
    }

    fn unique_symbol(&mut self, name: &str) -> String {
        let base: String =
            name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' || c == '.' { c } else { '_' }).collect();
        let base = if base.is_empty() { "computation".to_string() } else { base };
        let mut s = base.clone();
        let mut k = 1;
        while self.st.symbols.contains(&s) {
            s = format!("{base}_{k}");
            k += 1;
        }
        self.st.symbols.push(s.clone());
        s
    }
}

/// Drops StableHLO's trailing "failed to infer returned types" line.
fn clean_message(m: &strata_ir::dialect::VerifyError) -> String {
    m.messages()
        .iter()
        .filter(|l| l.as_str() != strata_dialects::stablehlo::FAILED_TO_INFER)
        .cloned()
        .collect::<Vec<_>>()
        .join("; ")
}

fn func_state(ctx: &mut Context, name: &str, params: &[Type], results: &[Type], block: BlockId, private: bool) -> OpId {
    let loc = ctx.unknown_loc();
    let fname = ctx.op_name("func.func");
    let mut st = OperationState::new(fname, loc);
    let ft = ctx.function_type(params.to_vec(), results.to_vec());
    let fta = ctx.type_attr(ft);
    let na = ctx.string_attr(name);
    let (s1, s2) = (ctx.sym("sym_name"), ctx.sym("function_type"));
    st.add_attr(s1, na);
    st.add_attr(s2, fta);
    if private {
        let v = ctx.string_attr("private");
        let s = ctx.sym("sym_visibility");
        st.add_attr(s, v);
    }
    let region = ctx.create_region();
    ctx.append_block(region, block);
    st.regions = vec![region];
    ctx.create_op(st)
}

impl ComputationBuilder {
    /// A builder for a computation named `name` (the `func.func` symbol), with a fresh context
    /// in which every Strata dialect is registered.
    pub fn new(name: &str) -> ComputationBuilder {
        let mut ctx = Context::new();
        strata_dialects::register_all(&mut ctx);
        let loc = ctx.unknown_loc();
        let mname = ctx.op_name("builtin.module");
        let mut st = OperationState::new(mname, loc);
        let module_block = ctx.create_block(&[]);
        let region = ctx.create_region();
        ctx.append_block(region, module_block);
        st.regions = vec![region];
        let module = ctx.create_op(st);
        let block = ctx.create_block(&[]);
        let entry = Scope {
            name: name.to_string(),
            kind: ScopeKind::Entry,
            block,
            parent: None,
            params: Vec::new(),
            last: Vec::new(),
            returns: None,
            finished: false,
        };
        let state = State {
            ctx: Some(ctx),
            id: NEXT_BUILDER_ID.fetch_add(1, Ordering::Relaxed),
            module,
            module_block,
            scopes: vec![entry],
            first_error: None,
            die_immediately: false,
            symbols: vec![name.to_string()],
            called: HashMap::new(),
        };
        ComputationBuilder { state: Rc::new(RefCell::new(state)), scope: 0 }
    }

    /// The name of the computation this builder builds.
    pub fn name(&self) -> String {
        self.state.borrow().scopes[self.scope as usize].name.clone()
    }

    /// This builder's id (the one carried by its [`XlaOp`]s).
    pub fn id(&self) -> u32 {
        self.state.borrow().id
    }

    /// Panic at the first error instead of recording it (XLA's
    /// `set_die_immediately_on_error`; useful when debugging).
    pub fn set_die_immediately_on_error(&self, enabled: bool) {
        self.state.borrow_mut().die_immediately = enabled;
    }

    /// The first error recorded so far (XLA's builder status), if any.
    pub fn first_error(&self) -> Option<BuilderError> {
        self.state.borrow().first_error.clone()
    }

    fn note_error(&self, e: BuilderError) {
        if matches!(e, BuilderError::Poisoned { .. }) {
            return;
        }
        let mut st = self.state.borrow_mut();
        if st.die_immediately {
            drop(st);
            panic!("{e}");
        }
        if st.first_error.is_none() {
            st.first_error = Some(e);
        }
    }

    fn poisoned(&self) -> XlaOp {
        XlaOp { value: None, builder: self.state.borrow().id, scope: self.scope }
    }

    fn finish(&self, r: Result<XlaOp, BuilderError>) -> XlaOp {
        r.unwrap_or_else(|e| {
            self.note_error(e);
            self.poisoned()
        })
    }

    fn finish_n(&self, r: Result<Vec<XlaOp>, BuilderError>, n: usize) -> Vec<XlaOp> {
        r.unwrap_or_else(|e| {
            self.note_error(e);
            vec![self.poisoned(); n]
        })
    }

    /// Runs `f` with the state borrowed for method `what` called at `at`.
    fn run<R>(
        &self,
        what: &'static str,
        at: &'static Location<'static>,
        f: impl FnOnce(&mut OpCx<'_>) -> Result<R, BuilderError>,
    ) -> Result<R, BuilderError> {
        let mut st = self.state.borrow_mut();
        let sc = &st.scopes[self.scope as usize];
        if st.ctx.is_none() || sc.finished {
            let name = if st.ctx.is_none() { st.scopes[0].name.clone() } else { sc.name.clone() };
            return Err(BuilderError::AlreadyBuilt { op: what.into(), name, at: loc_string(at) });
        }
        let mut cx = OpCx { st: &mut st, scope: self.scope, what, at, operand_index: 0 };
        f(&mut cx)
    }

    /// A handle on the same state for scope `scope`.
    fn handle(&self, scope: u32) -> ComputationBuilder {
        ComputationBuilder { state: Rc::clone(&self.state), scope }
    }

    fn push_scope(st: &mut State, name: String, kind: ScopeKind, block: BlockId, parent: Option<u32>) -> u32 {
        st.scopes.push(Scope {
            name,
            kind,
            block,
            parent,
            params: Vec::new(),
            last: Vec::new(),
            returns: None,
            finished: false,
        });
        (st.scopes.len() - 1) as u32
    }

    /// Enqueues parameter number `number` of the computation, of the given shape (XLA's
    /// `Parameter`). Parameters may be declared in any order; at build time their numbers must
    /// be `0..n` without gaps. Not allowed inside closure-built region bodies (those get their
    /// arguments from the closure).
    #[track_caller]
    pub fn parameter(&self, number: i64, shape: &Shape, name: &str) -> XlaOp {
        let at = Location::caller();
        let r = self.run("parameter", at, |cx| {
            let sc = &cx.st.scopes[cx.scope as usize];
            if sc.kind == ScopeKind::Region {
                return Err(
                    cx.err("parameters cannot be declared in a region body; use the arguments passed to the closure")
                );
            }
            if number < 0 {
                return Err(cx.err(format!("parameter number must be non-negative, got {number}")));
            }
            if let Some(p) = sc.params.iter().find(|p| p.number == number) {
                return Err(cx.err(format!("parameter {number} declared twice (`{}` and `{name}`)", p.name)));
            }
            let block = sc.block;
            let ty = shape.to_type(cx.ctx());
            let arg = cx.ctx().add_block_arg(block, ty, None);
            let op = cx.wrap(arg);
            let sc = &mut cx.st.scopes[cx.scope as usize];
            sc.params.push(Param { number, name: name.to_string(), shape: shape.clone(), arg });
            sc.last = vec![op];
            Ok(op)
        });
        self.finish(r)
    }

    /// The shape of `op` (XLA's `GetShape`). For a poisoned handle, the first recorded error.
    #[track_caller]
    pub fn get_shape(&self, op: XlaOp) -> Result<Shape, BuilderError> {
        let at = Location::caller();
        let st = self.state.borrow();
        if op.builder != st.id {
            return Err(BuilderError::ForeignOp { op: "get_shape".into(), index: 0, at: loc_string(at) });
        }
        let Some(v) = op.value else {
            return Err(st
                .first_error
                .clone()
                .unwrap_or(BuilderError::Poisoned { op: "get_shape".into(), at: loc_string(at) }));
        };
        let Some(ctx) = st.ctx.as_ref() else {
            return Err(BuilderError::AlreadyBuilt {
                op: "get_shape".into(),
                name: st.scopes[0].name.clone(),
                at: loc_string(at),
            });
        };
        Shape::from_type(ctx, ctx.value_type(v)).ok_or_else(|| BuilderError::InvalidArgument {
            op: "get_shape".into(),
            message: "value has no static shape".into(),
            at: loc_string(at),
        })
    }

    /// Makes the computation return `op` instead of the last op enqueued (XLA's
    /// `SetReturnValue`).
    #[track_caller]
    pub fn set_return_value(&self, op: XlaOp) {
        self.set_return_values(&[op]);
    }

    /// Makes the computation return several values (one function result each).
    #[track_caller]
    pub fn set_return_values(&self, ops: &[XlaOp]) {
        let at = Location::caller();
        let r = self.run("set_return_value", at, |cx| {
            // Stored even when an operand is poisoned, so that building fails.
            cx.st.scopes[cx.scope as usize].returns = Some(ops.to_vec());
            for (i, o) in ops.iter().enumerate() {
                cx.val_in(*o, i, cx.scope)?;
            }
            Ok(())
        });
        if let Err(e) = r {
            self.note_error(e);
        }
    }

    /// Builds the computation: a verified `func.func @name` returning the return values (see
    /// [`set_return_value`](Self::set_return_value); by default the last op enqueued) inside a
    /// `builtin.module`. Returns the first error recorded while building, if any. The builder
    /// cannot be used afterwards.
    #[track_caller]
    pub fn build(&self) -> Result<Computation, BuilderError> {
        let at = Location::caller();
        if let Some(e) = self.first_error() {
            return Err(e);
        }
        let r = self.run("build", at, |cx| {
            if cx.st.scopes[cx.scope as usize].kind != ScopeKind::Entry {
                return Err(cx.err(
                    "only the top-level builder builds a Computation; use build_and_note_error for sub-builders",
                ));
            }
            let mut roots = cx.roots(0)?;
            let (block, params) = cx.finalize_params(0, &mut roots)?;
            cx.terminate(block, "func.return", &roots);
            let name = cx.st.scopes[0].name.clone();
            let ptys: Vec<Type> = params.iter().map(|p| p.2).collect();
            let rtys: Vec<Type> = roots.iter().map(|v| cx.ty(*v)).collect();
            let results = rtys.iter().map(|t| Shape::from_type(cx.cref(), *t)).collect::<Option<Vec<_>>>();
            let results = results.ok_or_else(|| cx.err("a result has no static shape"))?;
            let module_block = cx.st.module_block;
            let module = cx.st.module;
            let ctx = cx.ctx();
            let func = func_state(ctx, &name, &ptys, &rtys, block, false);
            ctx.insert_op(InsertPoint::Start(module_block), func);
            cx.st.scopes[0].finished = true;
            let mut ctx = cx.st.ctx.take().expect("checked");
            if strata_ir::verifier::verify(&mut ctx, module).is_err() {
                let diags = ctx.take_diagnostics();
                let diagnostics = diags.iter().map(|d| render(&ctx, d)).collect::<Vec<_>>().join("\n");
                return Err(BuilderError::Verify { name, diagnostics });
            }
            let program_shape = ProgramShape {
                parameters: params.iter().map(|p| p.1.clone()).collect(),
                parameter_names: params.iter().map(|p| p.0.clone()).collect(),
                results,
            };
            Ok(Computation { ctx, module, func, name, program_shape })
        });
        if let Err(e) = &r {
            self.note_error(e.clone());
        }
        r
    }

    /// A sub-builder for a computation used by this one (XLA's `CreateSubBuilder`): it declares
    /// its own parameters and cannot use this builder's values. Finish it with
    /// [`build_and_note_error`](Self::build_and_note_error).
    pub fn create_sub_builder(&self, name: &str) -> ComputationBuilder {
        let mut st = self.state.borrow_mut();
        let Some(ctx) = st.ctx.as_mut() else {
            drop(st);
            return self.handle(self.scope);
        };
        let block = ctx.create_block(&[]);
        let s = Self::push_scope(&mut st, name.to_string(), ScopeKind::Sub, block, None);
        drop(st);
        self.handle(s)
    }

    /// Finishes a sub-builder (XLA's `BuildAndNoteError`): errors are noted in the shared
    /// builder status, and a failed sub-computation poisons the ops that use it.
    #[track_caller]
    pub fn build_and_note_error(&self) -> SubComputation {
        let at = Location::caller();
        let name = self.name();
        let builder = self.id();
        let r = self.run("build_and_note_error", at, |cx| {
            if cx.st.scopes[cx.scope as usize].kind != ScopeKind::Sub {
                return Err(cx.err("build_and_note_error finishes sub-builders; use build for the top-level builder"));
            }
            let scope = cx.scope;
            let mut roots = cx.roots(scope)?;
            let (block, params) = cx.finalize_params(scope, &mut roots)?;
            cx.st.scopes[scope as usize].finished = true;
            let result_types: Vec<Type> = roots.iter().map(|v| cx.ty(*v)).collect();
            let result_shapes =
                result_types.iter().map(|t| Shape::from_type(cx.cref(), *t)).collect::<Option<Vec<_>>>();
            let result_shapes = result_shapes.ok_or_else(|| cx.err("a result has no static shape"))?;
            Ok(SubBody {
                scope,
                block,
                params: params.iter().map(|p| p.2).collect(),
                param_shapes: params.iter().map(|p| p.1.clone()).collect(),
                results: roots,
                result_types,
                result_shapes,
            })
        });
        match r {
            Ok(body) => SubComputation { builder, name, body: Some(body) },
            Err(e) => {
                self.note_error(e);
                SubComputation { builder, name, body: None }
            }
        }
    }

    /// Builds a sub-computation with a sub-builder passed to `f`, which declares parameters and
    /// returns the root value(s):
    ///
    /// ```
    /// # use strata_interp::builder::{ComputationBuilder, Shape};
    /// # use strata_interp::value::ElementType;
    /// let b = ComputationBuilder::new("sum");
    /// let add = b.sub_computation("add", |s| {
    ///     let f32 = Shape::scalar(ElementType::F32);
    ///     s.add(s.parameter(0, &f32, "x"), s.parameter(1, &f32, "y"))
    /// });
    /// let v = b.constant_r1_f32(&[1.0, 2.0, 3.0]);
    /// b.reduce(v, b.constant_r0_f32(0.0), &add, &[0]);
    /// assert_eq!(b.build().unwrap().execute(&[]).unwrap()[0].as_f32().unwrap(), &[6.0]);
    /// ```
    #[track_caller]
    pub fn sub_computation<R: IntoRoots>(
        &self,
        name: &str,
        f: impl FnOnce(&ComputationBuilder) -> R,
    ) -> SubComputation {
        let sub = self.create_sub_builder(name);
        let roots = f(&sub).into_roots();
        if sub.scope != self.scope {
            sub.set_return_values(&roots);
        }
        sub.build_and_note_error()
    }

    /// Creates a region scope nested in this one, whose block takes `arg_types`; returns the
    /// handle for the closure, the region and the argument handles.
    fn open_region(&self, cx: &mut OpCx<'_>, arg_types: &[Type]) -> (u32, RegionId, Vec<XlaOp>) {
        let ctx = cx.ctx();
        let args: Vec<(Type, Option<Attribute>)> = arg_types.iter().map(|t| (*t, None)).collect();
        let block = ctx.create_block(&args);
        let region = ctx.create_region();
        ctx.append_block(region, block);
        let vals: Vec<IrValue> = ctx.block_args(block).collect();
        let name = format!("{} ({} body)", cx.st.scopes[self.scope as usize].name, cx.what);
        let s = Self::push_scope(cx.st, name, ScopeKind::Region, block, Some(self.scope));
        let id = cx.st.id;
        (s, region, vals.into_iter().map(|v| XlaOp { value: Some(v), builder: id, scope: s }).collect())
    }

    /// Terminates a closure-built region with `stablehlo.return` of `roots`.
    fn close_region(&self, cx: &mut OpCx<'_>, scope: u32, roots: &[XlaOp]) -> Result<(), BuilderError> {
        let vals = roots.iter().enumerate().map(|(i, r)| cx.val_in(*r, i, scope)).collect::<Result<Vec<_>, _>>();
        cx.st.scopes[scope as usize].finished = true;
        let vals = vals?;
        let block = cx.st.scopes[scope as usize].block;
        cx.terminate(block, "stablehlo.return", &vals);
        Ok(())
    }

    /// Builds a region body with a closure: `arg_types` are the block arguments. Returns the
    /// region, or the first error (the closure's own errors are already noted).
    fn closure_region(
        &self,
        what: &'static str,
        at: &'static Location<'static>,
        arg_types: &[Type],
        f: impl FnOnce(&ComputationBuilder, &[XlaOp]) -> Vec<XlaOp>,
    ) -> Result<RegionId, BuilderError> {
        let (scope, region, args) = self.run(what, at, |cx| Ok(self.open_region(cx, arg_types)))?;
        let inner = self.handle(scope);
        let roots = f(&inner, &args);
        self.run(what, at, |cx| self.close_region(cx, scope, &roots))?;
        Ok(region)
    }

    /// The private `func.func` holding `comp` (created on first use by `call`).
    fn callee_symbol(&self, cx: &mut OpCx<'_>, comp: &SubComputation) -> Result<String, BuilderError> {
        let Some(body) = comp.body.clone() else {
            return Err(BuilderError::Poisoned { op: cx.what.into(), at: loc_string(cx.at) });
        };
        if comp.builder != cx.st.id {
            return Err(cx.err(format!("sub-computation `{}` was built by a different ComputationBuilder", comp.name)));
        }
        if let Some(s) = cx.st.called.get(&body.scope) {
            return Ok(s.clone());
        }
        let sym = cx.unique_symbol(&comp.name);
        let ctx = cx.ctx();
        let args: Vec<(Type, Option<Attribute>)> = body.params.iter().map(|t| (*t, None)).collect();
        let block = ctx.create_block(&args);
        let inputs: Vec<IrValue> = ctx.block_args(block).collect();
        let rets = cx.instantiate(comp, block, &inputs)?;
        cx.terminate(block, "func.return", &rets);
        let module_block = cx.st.module_block;
        let ctx = cx.ctx();
        let f = func_state(ctx, &sym, &body.params, &body.result_types, block, true);
        ctx.append_op(module_block, f);
        cx.st.called.insert(body.scope, sym.clone());
        Ok(sym)
    }
}
