//! `linalg-fuse-elementwise-ops` on Strata IR: MLIR's `LinalgElementwiseOpFusionPass`
//! (`ElementwiseOpFusion.cpp`) for `linalg.generic` on tensors, as greedy rewrite patterns.
//!
//! - **Producer-consumer fusion** (`FuseElementwiseOps`): a `linalg.generic` whose loops are all
//!   parallel, whose result is used once, as an *input* of another `linalg.generic`, and whose
//!   result indexing map is a permutation, is merged into its consumer. The fused op has the
//!   consumer's loops and outputs; the producer's inputs are spliced in at the fused operand's
//!   place with maps `producer_arg_map ∘ inverse(producer_result_map) ∘ consumer_operand_map`;
//!   the producer's body is cloned before the consumer's and its yielded value replaces the
//!   consumer's block argument. Reductions are consumers too (exp into a row sum), as long as
//!   every loop of the fused op keeps an operand that bounds it (MLIR's check).
//! - **Fill folding** (`FoldFillWithGenericOp`): an input produced by `linalg.fill` is replaced,
//!   inside the body, by the fill's scalar.
//! - **Dead and duplicate inputs** (MLIR's generic canonicalization
//!   `EraseUnusedOperandsAndResults` / deduplication): inputs whose block argument is unused, and
//!   repeated (value, map) inputs, are dropped while every loop stays bounded.
//!
//! What is not fused, as in MLIR: producers with reduction loops (a reduction's epilogue is fused
//! by the schedule, `schedule.rs`, by tiling), producers with several uses, outputs (`outs`), maps
//! that are not invertible, and a producer whose body reads its output (init) value. Producer
//! `linalg.index` ops are remapped when the consumer→producer loop map is a permutation of loops
//! (otherwise the pair is not fused: Strata has no `affine.apply` lowering of its own here).
//!
//! The bridge runs this pass on Strata IR before handing the module to MLIR (lowering/README.md),
//! in place of MLIR's own pass; `strata-opt --linalg-fuse-elementwise-ops` runs it on any input.

use std::collections::HashMap;

use strata_ir::attributes::{dense_element, AffineExpr, AffineMap};
use strata_ir::parser::affine::{compose, inverse_permutation, is_permutation};
use strata_ir::pass::{Pass, PassStatistics};
use strata_ir::rewrite::{
    apply_patterns_greedily_with_stats, GreedyConfig, PatternRewriter, RewritePattern, RewriteStats,
};
use strata_ir::{
    AttrKind, Attribute, BlockId, Context, Failure, InsertPoint, OpId, OperationState, Type, TypeKind, Value,
};

/// What the patterns read of a `linalg.generic` on tensors.
struct Generic {
    ins: Vec<Value>,
    outs: Vec<Value>,
    /// One per input, then one per output.
    maps: Vec<AffineMap>,
    /// `true` for a parallel loop.
    parallel: Vec<bool>,
    iterator_types: Attribute,
    body: BlockId,
}

impl Generic {
    fn read(ctx: &Context, op: OpId) -> Option<Generic> {
        if ctx.op_name_of(op) != "linalg.generic" {
            return None;
        }
        let operands = ctx.operands(op);
        let seg = ctx.attr(op, "operandSegmentSizes")?;
        let AttrKind::DenseArray { values, .. } = ctx.attr_kind(seg) else { return None };
        if values.len() != 2 || (values[0] + values[1]) as usize != operands.len() {
            return None;
        }
        let n_in = values[0] as usize;
        let maps_attr = ctx.attr(op, "indexing_maps")?;
        let AttrKind::Array(ms) = ctx.attr_kind(maps_attr) else { return None };
        let mut maps = Vec::with_capacity(ms.len());
        for m in ms {
            let AttrKind::AffineMap(m) = ctx.attr_kind(*m) else { return None };
            maps.push(m.clone());
        }
        let iterator_types = ctx.attr(op, "iterator_types")?;
        let AttrKind::Array(its) = ctx.attr_kind(iterator_types) else { return None };
        let mut parallel = Vec::with_capacity(its.len());
        for it in its {
            match ctx.attr_kind(*it) {
                AttrKind::Dialect { body, .. } if body.contains("parallel") => parallel.push(true),
                AttrKind::Dialect { body, .. } if body.contains("reduction") => parallel.push(false),
                _ => return None,
            }
        }
        let region = *ctx.op_regions(op).first()?;
        let body = *ctx.region_blocks(region).first()?;
        if maps.len() != operands.len()
            || ctx.block(body).args.len() != operands.len()
            || maps.iter().any(|m| m.num_dims as usize != parallel.len() || m.num_symbols != 0)
        {
            return None;
        }
        // tensor semantics (MLIR's `hasPureTensorSemantics`): no memref operand, one result per
        // output; inputs may be scalars
        let is_tensor = |v: &Value| matches!(ctx.type_kind(ctx.value_type(*v)), TypeKind::RankedTensor { .. });
        let is_memref = |v: &Value| matches!(ctx.type_kind(ctx.value_type(*v)), TypeKind::MemRef { .. });
        if operands.iter().any(is_memref)
            || !operands[n_in..].iter().all(is_tensor)
            || ctx.num_results(op) != operands.len() - n_in
        {
            return None;
        }
        Some(Generic {
            ins: operands[..n_in].to_vec(),
            outs: operands[n_in..].to_vec(),
            maps,
            parallel,
            iterator_types,
            body,
        })
    }

    fn arg(&self, ctx: &Context, i: usize) -> Value {
        ctx.block_arg(self.body, i)
    }
}

/// Whether every loop `0..n` appears as a pure dimension result of some map.
fn loops_bounded<'a>(n: usize, maps: impl IntoIterator<Item = &'a AffineMap>) -> bool {
    let mut covered = vec![false; n];
    for m in maps {
        for e in &m.results {
            if let AffineExpr::Dim(d) = e {
                if let Some(c) = covered.get_mut(*d as usize) {
                    *c = true;
                }
            }
        }
    }
    covered.into_iter().all(|c| c)
}

/// Create a `linalg.generic` before `at` (at `at`'s location) with an empty body block whose
/// arguments have `arg_types`; returns the op and the block.
fn create_generic(
    rw: &mut PatternRewriter,
    at: OpId,
    ins: &[Value],
    outs: &[Value],
    maps: Vec<AffineMap>,
    iterator_types: Attribute,
    arg_types: &[Type],
) -> (OpId, BlockId) {
    let loc = rw.ctx().op(at).loc();
    let result_types: Vec<Type> = outs.iter().map(|v| rw.ctx().value_type(*v)).collect();
    let region = rw.interner(|c| c.create_region());
    let args: Vec<(Type, Option<Attribute>)> = arg_types.iter().map(|t| (*t, Some(loc))).collect();
    let block = rw.create_block_in(region, 0, &args);
    let (maps_attr, seg) = rw.interner(|c| {
        let ms: Vec<Attribute> = maps.into_iter().map(|m| c.intern_attr(AttrKind::AffineMap(m))).collect();
        let i32t = c.int_type(32);
        let seg =
            c.intern_attr(AttrKind::DenseArray { element: i32t, values: vec![ins.len() as i64, outs.len() as i64] });
        (c.array_attr(ms), seg)
    });
    let name = rw.op_name("linalg.generic");
    let mut st = OperationState::new(name, loc);
    st.operands.extend(ins.iter().chain(outs).copied());
    st.result_types = result_types;
    for (k, v) in [("indexing_maps", maps_attr), ("iterator_types", iterator_types), ("operandSegmentSizes", seg)] {
        let s = rw.sym(k);
        st.add_attr(s, v);
    }
    st.regions = vec![region];
    rw.set_insertion_point_before(at);
    let op = rw.create(st);
    (op, block)
}

/// `linalg.index d` at the insertion point.
fn create_index(rw: &mut PatternRewriter, loc: Attribute, d: u32) -> Value {
    let it = rw.index_type();
    let (i64t, name, dim) = (rw.int_type(64), rw.op_name("linalg.index"), rw.sym("dim"));
    let a = rw.interner(|c| c.int_attr(d as i128, i64t));
    let mut st = OperationState::new(name, loc);
    st.result_types = vec![it];
    st.add_attr(dim, a);
    let o = rw.create(st);
    rw.ctx().result(o, 0)
}

fn index_dim(ctx: &Context, op: OpId) -> Option<u32> {
    match ctx.attr(op, "dim").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Integer { value, .. }) => u32::try_from(*value).ok(),
        _ => None,
    }
}

// ----------------------------------------------------------------------------------------------
// producer-consumer fusion

/// MLIR's `FuseElementwiseOps` with the pass's default control (the producer has one use).
struct FuseElementwiseOps;

impl RewritePattern for FuseElementwiseOps {
    fn name(&self) -> &str {
        "FuseElementwiseOps"
    }
    fn root(&self) -> Option<&str> {
        Some("linalg.generic")
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter) -> bool {
        let Some(consumer) = Generic::read(rw, op) else { return false };
        for (idx, &v) in consumer.ins.iter().enumerate() {
            if let Some(plan) = plan_fusion(rw, &consumer, idx, v) {
                fuse(rw, op, &consumer, idx, plan);
                return true;
            }
        }
        false
    }
}

/// What [`fuse`] needs once the pair is known to be fusable.
struct FusionPlan {
    producer_op: OpId,
    producer: Generic,
    /// The producer result the consumer reads.
    result: usize,
    /// Maps of the producer's inputs in the fused loops.
    producer_in_maps: Vec<AffineMap>,
    /// Fused loop of each producer loop (for `linalg.index`).
    producer_loops: Vec<u32>,
    /// Producer results kept as (leading) results of the fused op, and their maps.
    preserved: Vec<usize>,
    preserved_maps: Vec<AffineMap>,
}

/// MLIR's `areElementwiseOpsFusable` for input `idx` of `consumer` (value `v`).
fn plan_fusion(ctx: &Context, consumer: &Generic, idx: usize, v: Value) -> Option<FusionPlan> {
    let producer_op = ctx.defining_op(v)?;
    let producer = Generic::read(ctx, producer_op)?;
    if !producer.parallel.iter().all(|p| *p) || !ctx.uses(v).has_one() {
        return None;
    }
    // the producer's other results must be dead (one use of the whole op)
    let result = ctx.results(producer_op).position(|r| r == v)?;
    if ctx.results(producer_op).any(|r| r != v && !ctx.uses(r).is_empty()) {
        return None;
    }
    let consumer_map = &consumer.maps[idx];
    let n_prod_loops = producer.parallel.len();
    if consumer_map.results.len() != n_prod_loops {
        return None;
    }
    let n_in = producer.ins.len();
    let result_map = &producer.maps[n_in + result];
    if !is_permutation(result_map) {
        return None;
    }
    // results whose init the body reads stay results of the fused op (MLIR's
    // `getPreservedProducerResults`; with one use of the producer, the only other reason)
    let preserved: Vec<usize> =
        (0..producer.outs.len()).filter(|&k| !ctx.uses(producer.arg(ctx, n_in + k)).is_empty()).collect();
    let inv = inverse_permutation(result_map)?;
    // fused loops -> producer loops
    let to_producer = compose(&inv, consumer_map)?;
    let producer_in_maps: Vec<AffineMap> =
        producer.maps[..n_in].iter().map(|m| compose(m, &to_producer)).collect::<Option<_>>()?;
    let preserved_maps: Vec<AffineMap> =
        preserved.iter().map(|&k| compose(&producer.maps[n_in + k], &to_producer)).collect::<Option<_>>()?;
    // producer linalg.index ops need the producer loops as fused loops
    let mut producer_loops = Vec::new();
    let has_index = ctx.block_ops(producer.body).any(|o| ctx.op_name_of(o) == "linalg.index");
    if has_index {
        for e in &to_producer.results {
            let AffineExpr::Dim(d) = e else { return None };
            producer_loops.push(*d);
        }
    }
    // every fused loop keeps an operand that bounds it
    let others = consumer.maps.iter().enumerate().filter(|(i, _)| *i != idx).map(|(_, m)| m);
    if !loops_bounded(consumer.parallel.len(), others.chain(&producer_in_maps)) {
        return None;
    }
    // the producer's body ops must be plain (no nested regions referring to its block)
    if ctx.block_ops(producer.body).any(|o| !ctx.op_regions(o).is_empty()) {
        return None;
    }
    Some(FusionPlan { producer_op, producer, result, producer_in_maps, producer_loops, preserved, preserved_maps })
}

/// MLIR's `fuseElementwiseOps` + `generateFusedElementwiseOpRegion`.
fn fuse(rw: &mut PatternRewriter, consumer_op: OpId, consumer: &Generic, idx: usize, plan: FusionPlan) {
    let FusionPlan { producer_op, producer, result, producer_in_maps, producer_loops, preserved, preserved_maps } =
        plan;
    let ctx = rw.ctx();
    let n_cin = consumer.ins.len();
    let n_pin = producer.ins.len();
    // inputs: consumer inputs before idx, producer inputs, consumer inputs after idx;
    // outputs: the preserved producer inits, then the consumer's
    let mut ins = consumer.ins[..idx].to_vec();
    ins.extend_from_slice(&producer.ins);
    ins.extend_from_slice(&consumer.ins[idx + 1..]);
    let mut outs: Vec<Value> = preserved.iter().map(|&k| producer.outs[k]).collect();
    outs.extend_from_slice(&consumer.outs);
    let mut maps = consumer.maps[..idx].to_vec();
    maps.extend(producer_in_maps);
    maps.extend_from_slice(&consumer.maps[idx + 1..n_cin]);
    maps.extend(preserved_maps);
    maps.extend_from_slice(&consumer.maps[n_cin..]);
    let arg_type = |g: &Generic, i: usize| ctx.value_type(g.arg(ctx, i));
    let mut arg_types: Vec<Type> = (0..idx).map(|i| arg_type(consumer, i)).collect();
    arg_types.extend((0..n_pin).map(|i| arg_type(&producer, i)));
    arg_types.extend((idx + 1..n_cin).map(|i| arg_type(consumer, i)));
    arg_types.extend(preserved.iter().map(|&k| arg_type(&producer, n_pin + k)));
    arg_types.extend((n_cin..n_cin + consumer.outs.len()).map(|i| arg_type(consumer, i)));
    let loc = ctx.op(producer_op).loc();
    let n_ins = ins.len();
    let (fused, block) = create_generic(rw, consumer_op, &ins, &outs, maps, consumer.iterator_types, &arg_types);
    let new_args: Vec<Value> = rw.ctx().block_args(block).collect();
    // the producer's body: its inputs are the spliced arguments, its preserved inits the new
    // output arguments
    let mut map: HashMap<Value, Value> = HashMap::new();
    for i in 0..n_pin {
        map.insert(producer.arg(rw.ctx(), i), new_args[idx + i]);
    }
    for (j, &k) in preserved.iter().enumerate() {
        map.insert(producer.arg(rw.ctx(), n_pin + k), new_args[n_ins + j]);
    }
    rw.set_insertion_point_to_end(block);
    let mut producer_yield = Vec::new();
    for o in rw.ctx().block_ops_vec(producer.body) {
        match rw.ctx().op_name_of(o) {
            "linalg.yield" => producer_yield = rw.ctx().operands(o).to_vec(),
            "linalg.index" => {
                let d = index_dim(rw.ctx(), o).map(|d| producer_loops.get(d as usize).copied().unwrap_or(d));
                let iv = create_index(rw, loc, d.unwrap_or(0));
                map.insert(rw.ctx().result(o, 0), iv);
            }
            _ => {
                rw.clone(o, &mut map);
            }
        }
    }
    let mapped = |v: Value| map.get(&v).copied().unwrap_or(v);
    let fused_value = mapped(producer_yield[result]);
    let preserved_yield: Vec<Value> = preserved.iter().map(|&k| mapped(producer_yield[k])).collect();
    // then the consumer's body, moved over; its yield gets the preserved values in front
    let mut cargs: Vec<Value> = new_args[..idx].to_vec();
    cargs.push(fused_value);
    cargs.extend_from_slice(&new_args[idx + n_pin..n_ins]);
    cargs.extend_from_slice(&new_args[n_ins + preserved.len()..]);
    rw.merge_blocks(consumer.body, block, &cargs);
    if !preserved.is_empty() {
        let y = rw.ctx().block_last_op(block).expect("the consumer's yield");
        let mut vals = preserved_yield;
        vals.extend_from_slice(rw.ctx().operands(y));
        rw.set_operands(y, vals);
    }
    let results: Vec<Value> = rw.ctx().results(fused).collect();
    let (kept, consumer_results) = results.split_at(preserved.len());
    for (&k, &r) in preserved.iter().zip(kept) {
        let old = rw.ctx().result(producer_op, k);
        rw.replace_all_uses(old, r);
    }
    rw.replace_op(consumer_op, consumer_results);
    rw.erase_op(producer_op);
}

// ----------------------------------------------------------------------------------------------
// fill folding

/// MLIR's `FoldFillWithGenericOp` (same element type only: no conversion is inserted).
struct FoldFillWithGeneric;

impl RewritePattern for FoldFillWithGeneric {
    fn name(&self) -> &str {
        "FoldFillWithGenericOp"
    }
    fn root(&self) -> Option<&str> {
        Some("linalg.generic")
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter) -> bool {
        let Some(g) = Generic::read(rw, op) else { return false };
        let mut changed = false;
        for (i, &v) in g.ins.iter().enumerate() {
            let Some(fill) = rw.ctx().defining_op(v) else { continue };
            if rw.ctx().op_name_of(fill) != "linalg.fill" || rw.ctx().operands(fill).len() != 2 {
                continue;
            }
            let scalar = rw.ctx().operands(fill)[0];
            let arg = g.arg(rw.ctx(), i);
            if rw.ctx().uses(arg).is_empty() || rw.ctx().value_type(scalar) != rw.ctx().value_type(arg) {
                continue;
            }
            rw.replace_all_uses(arg, scalar);
            changed = true;
        }
        changed
    }
}

// ----------------------------------------------------------------------------------------------
// scalar and splat constant inputs

/// The scalar attribute of a splat (or one-element) dense constant of integers or floats, or of
/// a scalar integer/float constant (MLIR's `isScalarOrSplatConstantOp`).
fn scalar_of_constant(ctx: &mut Context, v: Value) -> Option<Attribute> {
    let a = strata_ir::rewrite::constant_value(ctx, ctx.defining_op(v)?)?;
    match ctx.attr_kind(a) {
        AttrKind::Integer { .. } | AttrKind::Float { .. } => Some(a),
        AttrKind::DenseElements { ty, .. } => {
            // element type int or float (`isIntOrFloat`: not `index`)
            let elt = ctx.type_kind(*ty).element_type()?;
            if matches!(ctx.type_kind(elt), TypeKind::Index) {
                return None;
            }
            let one = ctx.shaped(*ty).and_then(|s| s.num_elements()) == Some(1);
            dense_element(ctx, a, one.then_some(0))
        }
        _ => None,
    }
}

/// MLIR's `FoldScalarOrSplatConstant`: an input that is a splat (or scalar) constant becomes an
/// `arith.constant` scalar used by the body, if the other operands still bound every loop.
struct FoldScalarOrSplatConstant;

impl RewritePattern for FoldScalarOrSplatConstant {
    fn name(&self) -> &str {
        "FoldScalarOrSplatConstant"
    }
    fn root(&self) -> Option<&str> {
        Some("linalg.generic")
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter) -> bool {
        let Some(g) = Generic::read(rw, op) else { return false };
        for (i, &v) in g.ins.iter().enumerate() {
            let arg = g.arg(rw.ctx(), i);
            if rw.ctx().uses(arg).is_empty() {
                continue;
            }
            let others = g.maps.iter().enumerate().filter(|(k, _)| *k != i).map(|(_, m)| m);
            if !loops_bounded(g.parallel.len(), others) {
                continue;
            }
            let Some(scalar) = rw.interner(|c| scalar_of_constant(c, v)) else { continue };
            let ty = rw.ctx().value_type(arg);
            let attr_ty = match rw.ctx().attr_kind(scalar) {
                AttrKind::Integer { ty, .. } | AttrKind::Float { ty, .. } => *ty,
                _ => continue,
            };
            if attr_ty != ty {
                continue;
            }
            let loc = rw.ctx().op(rw.ctx().defining_op(v).expect("a constant")).loc();
            let (name, value) = (rw.op_name("arith.constant"), rw.sym("value"));
            let mut st = OperationState::new(name, loc);
            st.result_types = vec![ty];
            st.add_attr(value, scalar);
            rw.set_insertion_point_before(op);
            let c = rw.create(st);
            let cv = rw.ctx().result(c, 0);
            rw.replace_all_uses(arg, cv);
            return true;
        }
        false
    }
}

// ----------------------------------------------------------------------------------------------
// dead and duplicate inputs

/// Drops inputs whose block argument is unused and repeated (value, map) inputs.
struct EraseDeadInputs;

impl RewritePattern for EraseDeadInputs {
    fn name(&self) -> &str {
        "EraseUnusedOperands"
    }
    fn root(&self) -> Option<&str> {
        Some("linalg.generic")
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter) -> bool {
        let Some(g) = Generic::read(rw, op) else { return false };
        let ctx = rw.ctx();
        let n_in = g.ins.len();
        // keep[i]: Some(j) = input i is replaced by kept input j (itself when kept)
        let mut keep: Vec<Option<usize>> = vec![None; n_in];
        let mut drop_any = false;
        for i in 0..n_in {
            if let Some(j) = (0..i).find(|&j| keep[j] == Some(j) && g.ins[j] == g.ins[i] && g.maps[j] == g.maps[i]) {
                keep[i] = Some(j);
                drop_any = true;
            } else if ctx.uses(g.arg(ctx, i)).is_empty() {
                drop_any = true;
            } else {
                keep[i] = Some(i);
            }
        }
        if !drop_any {
            return false;
        }
        // an unused input may be the only operand bounding a loop: keep it then
        let bounded = |keep: &[Option<usize>]| {
            let kept = (0..n_in).filter(|&i| keep[i] == Some(i)).map(|i| &g.maps[i]);
            loops_bounded(g.parallel.len(), kept.chain(&g.maps[n_in..]))
        };
        for i in 0..n_in {
            if keep[i].is_none() && !bounded(&keep) {
                keep[i] = Some(i);
            }
        }
        if keep.iter().enumerate().all(|(i, k)| *k == Some(i)) {
            return false;
        }
        let kept: Vec<usize> = (0..n_in).filter(|&i| keep[i] == Some(i)).collect();
        let ins: Vec<Value> = kept.iter().map(|&i| g.ins[i]).collect();
        let mut maps: Vec<AffineMap> = kept.iter().map(|&i| g.maps[i].clone()).collect();
        maps.extend_from_slice(&g.maps[n_in..]);
        let mut arg_types: Vec<Type> = kept.iter().map(|&i| ctx.value_type(g.arg(ctx, i))).collect();
        arg_types.extend((n_in..n_in + g.outs.len()).map(|i| ctx.value_type(g.arg(ctx, i))));
        let (new, block) = create_generic(rw, op, &ins, &g.outs, maps, g.iterator_types, &arg_types);
        let new_args: Vec<Value> = rw.ctx().block_args(block).collect();
        let pos = |j: usize| kept.iter().position(|&k| k == j).expect("kept input");
        let mut args: Vec<Value> = (0..n_in)
            .map(|i| match keep[i] {
                Some(j) => new_args[pos(j)],
                None => g.ins[i], // unused in the body: any value will do
            })
            .collect();
        args.extend_from_slice(&new_args[kept.len()..]);
        rw.merge_blocks(g.body, block, &args);
        rw.set_insertion_point(InsertPoint::After(new));
        let results: Vec<Value> = rw.ctx().results(new).collect();
        rw.replace_op(op, &results);
        true
    }
}

// ----------------------------------------------------------------------------------------------
// the pass

/// The patterns of the pass.
pub fn patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![
        Box::new(FuseElementwiseOps),
        Box::new(FoldFillWithGeneric),
        Box::new(FoldScalarOrSplatConstant),
        Box::new(EraseDeadInputs),
    ]
}

/// Run the fusion patterns on everything under `root`; counts into `stats`.
pub fn fuse_elementwise(ctx: &mut Context, root: OpId, stats: &mut RewriteStats) -> Result<bool, Failure> {
    let pats = patterns();
    apply_patterns_greedily_with_stats(ctx, root, &pats, &GreedyConfig::default(), stats)
}

/// The `linalg-fuse-elementwise-ops` pass (MLIR's name).
#[derive(Default)]
pub struct LinalgFuseElementwiseOps;

impl Pass for LinalgFuseElementwiseOps {
    fn name(&self) -> &str {
        "linalg-fuse-elementwise-ops"
    }
    fn display_name(&self) -> &str {
        "LinalgElementwiseOpFusionPass"
    }
    fn description(&self) -> &str {
        "Fuse elementwise operations on tensors"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, stats: &mut PassStatistics) -> Result<(), Failure> {
        let mut rs = RewriteStats::default();
        fuse_elementwise(ctx, op, &mut rs)?;
        stats.add("num-fused", "Number of producer-consumer pairs fused", rs.rewrites[0]);
        stats.add("num-fills-folded", "Number of fill inputs folded into bodies", rs.rewrites[1]);
        stats.add("num-constants-folded", "Number of splat constant inputs folded into bodies", rs.rewrites[2]);
        stats.add("num-inputs-erased", "Number of generics rebuilt without dead or duplicate inputs", rs.rewrites[3]);
        Ok(())
    }
}

/// Register the pass.
pub fn register(reg: &mut strata_ir::pass::PassRegistry) {
    reg.register("linalg-fuse-elementwise-ops", "Fuse elementwise operations on tensors", || {
        Box::new(LinalgFuseElementwiseOps)
    });
}

/// The bridge's Strata stage on linalg-on-tensors text: parse it into Strata IR, inline private
/// callees (Strata's `inline`, so producers and consumers in different functions meet), run
/// [`fuse_elementwise`], and print. Returns the text and the number of pairs fused; `Err` with
/// the rendered diagnostics if Strata cannot read or transform the module.
pub fn fuse_text(text: &str) -> Result<(String, u64), String> {
    use crate::legalize::{read_module, render_diagnostics as render};
    let (mut ctx, m) = read_module(text, "<linalg>")?;
    let mut stats = PassStatistics::default();
    if strata_passes::inline::Inline::default().run(&mut ctx, m, &mut stats).is_err() {
        return Err(render(&ctx));
    }
    let mut rs = RewriteStats::default();
    if fuse_elementwise(&mut ctx, m, &mut rs).is_err() {
        return Err(render(&ctx));
    }
    let fused = rs.rewrites.first().copied().unwrap_or(0);
    Ok((strata_ir::printer::print_op(&ctx, m, &Default::default()), fused))
}
