//! Between IR and e-graph: entering a block's pure StableHLO dataflow ([`import_block`]) and
//! rebuilding it from an extraction ([`rebuild`]).
//!
//! Entering: every op of the block that is a pure, single-result StableHLO op on statically
//! shaped tensors (ops with regions included when their regions are self-contained) becomes an
//! e-node; everything else — side-effecting ops, control flow (`while`, `if`, `case`), calls,
//! `optimization_barrier`, `custom_call`, terminators, ops on dynamic or quantized types — is
//! *opaque*: it stays where it is, and its results enter as leaves nothing crosses. The values
//! a rebuild must produce (the **roots**) are the results used by opaque ops or outside the
//! block, each with its **deadline**: the index of the first opaque op of the block that needs
//! it.
//!
//! Rebuilding: the chosen DAG is emitted in dominance order — each op right before the first
//! opaque op needing it (operands first, in the original order where ops survive) — with the
//! location of the original op it equals, or the fused location of the ops it replaces. The
//! roots' uses are redirected to the new values and the block's entered ops are erased,
//! all through the [`PatternRewriter`].

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use egg::Id;
use rustc_hash::FxHashMap;
use strata_ir::rewrite::{is_memory_effect_free, PatternRewriter};
use strata_ir::{
    Attribute, BlockId, Context, NamedAttribute, OpId, OperationState, RegionId, Traits, Type, TypeKind, Value,
};
use strata_reference::convert::element_type_of;
use strata_reference::kernels::ReduceKind;

use super::analysis::{EqAnalysis, LeafInfo};
use super::extract::Problem;
use super::language::{EGraph, ENode, Kind, RegionKey, Sig, SigId};

/// Ops that never enter the e-graph even when marked pure: control flow, barriers, calls into
/// the unknown, and ops whose value depends on where they run.
const OPAQUE: &[&str] = &[
    "stablehlo.optimization_barrier",
    "stablehlo.custom_call",
    "stablehlo.composite",
    "stablehlo.while",
    "stablehlo.if",
    "stablehlo.case",
    "stablehlo.tuple",
    "stablehlo.get_tuple_element",
    "stablehlo.replica_id",
    "stablehlo.partition_id",
    "stablehlo.rng",
    "stablehlo.rng_bit_generator",
    "stablehlo.uniform_quantize",
    "stablehlo.uniform_dequantize",
];

/// An op as it entered: its class, kind, signature, location and index in the block.
#[derive(Clone, Debug)]
pub struct Origin {
    /// The class of its result when it entered.
    pub class: Id,
    /// Its kind.
    pub kind: Kind,
    /// Its signature.
    pub sig: SigId,
    /// Its location.
    pub loc: Attribute,
    /// Its index in the block.
    pub index: u32,
    /// Its e-node as it entered (children canonicalize with `EGraph::find`).
    pub node: ENode,
}

/// A value the rebuilt block must still produce.
#[derive(Clone, Debug)]
pub struct Root {
    /// The value (a result of an entered op).
    pub value: Value,
    /// Its class.
    pub class: Id,
    /// Index of the first op of the block that needs it (the block's length if none does).
    pub deadline: u32,
}

/// A block's dataflow in an e-graph.
pub struct Imported {
    /// The block.
    pub block: BlockId,
    /// The block's ops in order, when it was entered.
    pub block_ops: Vec<OpId>,
    /// The entered ops, in block order.
    pub ops: Vec<OpId>,
    /// One per entered op.
    pub origins: Vec<Origin>,
    /// Values to produce.
    pub roots: Vec<Root>,
}

/// Whether `v`'s type is a ranked, static tensor of an element type the reference knows.
fn plain_tensor(ctx: &Context, t: Type) -> bool {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, element, encoding: None } => {
            shape.iter().all(|&d| d >= 0) && element_type_of(ctx, *element).is_some()
        }
        _ => false,
    }
}

/// Whether every value used inside `op`'s regions is defined inside them.
fn regions_self_contained(ctx: &Context, op: OpId) -> bool {
    let mut ok = true;
    ctx.walk_pre(op, &mut |o| {
        if o == op {
            return;
        }
        for &v in ctx.operands(o) {
            let inside = match v {
                Value::Result { op: d, .. } => ctx.is_ancestor(op, d) && d != op,
                Value::BlockArg { block, .. } => ctx.block_parent_op(block).is_some_and(|p| ctx.is_ancestor(op, p)),
            };
            if !inside {
                ok = false;
            }
        }
    });
    ok
}

/// The kind of `op` if it can enter the e-graph.
pub fn enterable(ctx: &Context, op: OpId) -> Option<Kind> {
    let name = ctx.op_name_of(op);
    if !name.starts_with("stablehlo.") || OPAQUE.contains(&name) {
        return None;
    }
    let d = ctx.op(op);
    if d.num_results() != 1 || !d.successors().is_empty() {
        return None;
    }
    let pure = ctx.op_has_trait(op, Traits::PURE)
        || (ctx.op_has_trait(op, Traits::RECURSIVE_MEMORY_EFFECTS) && is_memory_effect_free(ctx, op));
    if !pure || ctx.op_has_trait(op, Traits::IS_TERMINATOR) {
        return None;
    }
    if !plain_tensor(ctx, ctx.result_type(op, 0)) || !d.operands().iter().all(|&v| plain_tensor(ctx, ctx.value_type(v)))
    {
        return None;
    }
    if !d.regions().is_empty() && !regions_self_contained(ctx, op) {
        return None;
    }
    Some(Kind::from_name(name).unwrap_or(Kind::Other))
}

/// If `region` is `^bb(%a, %b): %r = <op> %a, %b; return %r` for a reducer op, its kind and
/// the block arguments' type.
pub fn single_binop_region(ctx: &Context, region: RegionId) -> Option<(ReduceKind, Type)> {
    if ctx.region_blocks(region).len() != 1 {
        return None;
    }
    let block = ctx.region_entry(region)?;
    let args: Vec<Value> = ctx.block_args(block).collect();
    if args.len() != 2 || ctx.value_type(args[0]) != ctx.value_type(args[1]) {
        return None;
    }
    let ops = ctx.block_ops_vec(block);
    if ops.len() != 2 {
        return None;
    }
    let kind = ReduceKind::from_op_name(ctx.op_name_of(ops[0]))?;
    let o = ctx.operands(ops[0]);
    if o.len() != 2
        || !((o[0] == args[0] && o[1] == args[1]) || (o[0] == args[1] && o[1] == args[0]))
        || ctx.op(ops[0]).attributes().len() + ctx.op(ops[0]).properties().len() != 0
    {
        return None;
    }
    if ctx.op_name_of(ops[1]) != "stablehlo.return" || ctx.operands(ops[1]) != [ctx.result(ops[0], 0)] {
        return None;
    }
    if ctx.value_type(ctx.result(ops[0], 0)) != ctx.value_type(args[0]) {
        return None;
    }
    Some((kind, ctx.value_type(args[0])))
}

/// The signature of an entered op.
fn sig_of(a: &mut EqAnalysis, op: OpId, kind: Kind) -> SigId {
    let ctx = &a.ctx;
    let d = ctx.op(op);
    let mut attrs: Vec<NamedAttribute> = d.all_attrs().to_vec();
    attrs.sort_by(|x, y| ctx.str(x.name).cmp(ctx.str(y.name)));
    let region = if d.regions().is_empty() {
        None
    } else if d.regions().len() == 1 {
        Some(match single_binop_region(ctx, d.regions()[0]) {
            Some((k, t)) => RegionKey::Reducer(k, t),
            None => RegionKey::Op(op),
        })
    } else {
        Some(RegionKey::Op(op))
    };
    let name = (kind == Kind::Other).then(|| d.name());
    let sig = Sig { name, ty: ctx.result_type(op, 0), attrs, region };
    a.intern_sig(sig)
}

/// The op of `block` that is (or contains) `op`, if any.
fn op_in_block(ctx: &Context, block: BlockId, mut op: OpId) -> Option<OpId> {
    loop {
        if ctx.op(op).parent() == Some(block) {
            return Some(op);
        }
        op = ctx.parent_op(op)?;
    }
}

/// Enters the pure dataflow of `block` into `eg`. Returns `None` when nothing entered.
pub fn import_block(eg: &mut EGraph, block: BlockId) -> Option<Imported> {
    let block_ops: Vec<OpId> = eg.analysis.ctx.block_ops_vec(block);
    let mut index: FxHashMap<OpId, u32> = FxHashMap::default();
    for (i, &o) in block_ops.iter().enumerate() {
        index.insert(o, i as u32);
    }
    let mut value_class: FxHashMap<Value, Id> = FxHashMap::default();
    let mut ops = Vec::new();
    let mut origins = Vec::new();
    for (i, &op) in block_ops.iter().enumerate() {
        let Some(kind) = enterable(&eg.analysis.ctx, op) else { continue };
        let s = sig_of(&mut eg.analysis, op, kind);
        let operands: Vec<Value> = eg.analysis.ctx.operands(op).to_vec();
        let mut ch: smallvec::SmallVec<[Id; 3]> = smallvec::SmallVec::new();
        ch.push(eg.add(ENode::Sig(s)));
        for v in operands {
            let c = match value_class.get(&v) {
                Some(&c) => c,
                None => {
                    let ctx = &eg.analysis.ctx;
                    let avail = match v {
                        Value::Result { op: d, .. } if ctx.op(d).parent() == Some(block) => index[&d] + 1,
                        _ => 0,
                    };
                    let ty = ctx.value_type(v);
                    let l = eg.analysis.leaves.len() as u32;
                    eg.analysis.leaves.push(LeafInfo { value: v, ty, avail });
                    let c = eg.add(ENode::Leaf(l));
                    value_class.insert(v, c);
                    c
                }
            };
            ch.push(c);
        }
        let node = ENode::Op(kind, ch);
        let c = eg.add(node.clone());
        let r = eg.analysis.ctx.result(op, 0);
        value_class.insert(r, c);
        let loc = eg.analysis.ctx.op(op).loc();
        origins.push(Origin { class: c, kind, sig: s, loc, index: i as u32, node });
        ops.push(op);
    }
    if ops.is_empty() {
        return None;
    }
    let ctx = &eg.analysis.ctx;
    let entered: rustc_hash::FxHashSet<OpId> = ops.iter().copied().collect();
    let end = block_ops.len() as u32;
    let last_is_terminator = block_ops.last().is_some_and(|&t| ctx.op_has_trait(t, Traits::IS_TERMINATOR));
    let mut roots = Vec::new();
    for &op in &ops {
        let r = ctx.result(op, 0);
        let mut deadline = u32::MAX;
        for u in ctx.uses(r) {
            let d = match op_in_block(ctx, block, u.user) {
                Some(o) if o == u.user && entered.contains(&o) => continue,
                Some(o) => index[&o],
                // Used in another block (dominated by this one): before this block's end.
                None if last_is_terminator => end - 1,
                None => end,
            };
            deadline = deadline.min(d);
        }
        if deadline != u32::MAX {
            roots.push(Root { value: r, class: value_class[&r], deadline });
        }
    }
    Some(Imported { block, block_ops, ops, origins, roots })
}

/// The location and emission priority of each class of the DAG.
struct Placement {
    deadline: Vec<u32>,
    priority: Vec<u32>,
    loc: Vec<Option<Attribute>>,
}

/// Rebuilds the block of `imp` from `choice` (dense, see [`Problem`]): emits the DAG of the
/// roots and erases the entered ops. Returns the number of ops created.
pub fn rebuild(eg: &EGraph, p: &Problem, choice: &[Option<u32>], imp: &Imported, ctx: &mut Context) -> usize {
    let root_idx: Vec<u32> = imp.roots.iter().map(|r| p.idx(eg, r.class)).collect();
    let order = p.topo(choice, &root_idx).expect("a checked, acyclic extraction");
    let n = p.classes.len();
    let mut pl = Placement { deadline: vec![u32::MAX; n], priority: vec![u32::MAX; n], loc: vec![None; n] };
    for (r, &ri) in imp.roots.iter().zip(&root_idx) {
        pl.deadline[ri as usize] = pl.deadline[ri as usize].min(r.deadline);
    }
    // Origins by class: (kind, sig, loc, index).
    let mut origins: FxHashMap<u32, Vec<&Origin>> = FxHashMap::default();
    for o in &imp.origins {
        origins.entry(p.idx(eg, o.class)).or_default().push(o);
    }
    let node_of = |c: u32| -> &ENode { &eg[p.classes[c as usize]].nodes[choice[c as usize].unwrap() as usize] };
    let sig_at = |c: u32| -> Option<SigId> {
        let ch = &p.nodes[c as usize][choice[c as usize].unwrap() as usize].1;
        ch.first().and_then(|&s| eg[p.classes[s as usize]].data.sig)
    };
    let in_dag: rustc_hash::FxHashSet<u32> = order.iter().copied().collect();
    // Users before operands: propagate deadlines, and locations/priorities of new classes.
    for &c in order.iter().rev() {
        let ci = c as usize;
        if let ENode::Op(k, _) = node_of(c) {
            let s = sig_at(c);
            let os = origins.get(&c).map(|v| v.as_slice()).unwrap_or(&[]);
            if let Some(o) = os.iter().find(|o| o.kind == *k && Some(o.sig) == s) {
                pl.loc[ci] = Some(o.loc);
                pl.priority[ci] = o.index;
            } else if !os.is_empty() {
                // A new op replacing the class's ops — and the ops under them that are gone.
                let mut locs: Vec<Attribute> = os.iter().map(|o| o.loc).collect();
                for o in os {
                    for &d in o.node.operands() {
                        let di = p.idx(eg, d);
                        if in_dag.contains(&di) {
                            continue;
                        }
                        if let Some(gone) = origins.get(&di) {
                            locs.extend(gone.iter().map(|g| g.loc));
                        }
                    }
                }
                pl.loc[ci] = Some(ctx.fused_loc(&locs));
                pl.priority[ci] = os.iter().map(|o| o.index).min().unwrap_or(u32::MAX);
            }
        }
        let ch = p.nodes[ci][choice[ci].unwrap() as usize].1.clone();
        for d in ch {
            let di = d as usize;
            pl.deadline[di] = pl.deadline[di].min(pl.deadline[ci]);
            if pl.loc[di].is_none() && !origins.contains_key(&d) {
                pl.loc[di] = pl.loc[ci];
                pl.priority[di] = pl.priority[di].min(pl.priority[ci]);
            }
        }
    }
    // Emission order: topological, earliest deadline then original position first.
    let mut pending: FxHashMap<u32, usize> = FxHashMap::default();
    let mut users: FxHashMap<u32, Vec<u32>> = FxHashMap::default();
    for &c in &order {
        let mut ch = p.nodes[c as usize][choice[c as usize].unwrap() as usize].1.clone();
        ch.sort_unstable();
        ch.dedup();
        pending.insert(c, ch.len());
        for d in ch {
            users.entry(d).or_default().push(c);
        }
    }
    let mut heap: BinaryHeap<Reverse<(u32, u32, u32)>> = BinaryHeap::new();
    for &c in &order {
        if pending[&c] == 0 {
            heap.push(Reverse((pl.deadline[c as usize], pl.priority[c as usize], c)));
        }
    }
    let mut value: FxHashMap<u32, Value> = FxHashMap::default();
    let mut created = 0;
    let mut rw = PatternRewriter::new(ctx);
    while let Some(Reverse((_, _, c))) = heap.pop() {
        let ci = c as usize;
        let v = match node_of(c) {
            ENode::Leaf(l) => eg.analysis.leaves[*l as usize].value,
            ENode::Sig(_) => Value::BlockArg { block: imp.block, index: u32::MAX },
            ENode::Op(kind, _) => {
                let ch = &p.nodes[ci][choice[ci].unwrap() as usize].1;
                let s = sig_at(c).expect("an op has a signature");
                let sig = eg.analysis.sig(s);
                let name = match sig.name {
                    Some(n) => n,
                    None => eg.analysis.op_name_of(*kind).expect("a named kind"),
                };
                let operands: Vec<Value> = ch[1..].iter().map(|d| value[d]).collect();
                let loc = pl.loc[ci].unwrap_or_else(|| rw.unknown_loc());
                let mut state = OperationState::new(name, loc);
                state.operands = operands.into();
                state.result_types = vec![sig.ty];
                state.attributes = sig.attrs.clone();
                if let Some(region) = &sig.region {
                    state.regions = build_regions(&mut rw, eg, region);
                }
                let dl = pl.deadline[ci];
                if (dl as usize) < imp.block_ops.len() {
                    rw.set_insertion_point_before(imp.block_ops[dl as usize]);
                } else {
                    rw.set_insertion_point_to_end(imp.block);
                }
                let op = rw.create(state);
                created += 1;
                rw.ctx().result(op, 0)
            }
        };
        value.insert(c, v);
        if let Some(us) = users.get(&c) {
            for &u in us {
                if !in_dag.contains(&u) {
                    continue;
                }
                let e = pending.get_mut(&u).expect("in the DAG");
                *e -= 1;
                if *e == 0 {
                    heap.push(Reverse((pl.deadline[u as usize], pl.priority[u as usize], u)));
                }
            }
        }
    }
    for (r, &ri) in imp.roots.iter().zip(&root_idx) {
        let nv = value[&ri];
        rw.replace_all_uses(r.value, nv);
    }
    for &op in imp.ops.iter().rev() {
        rw.erase_op(op);
    }
    created
}

/// The regions of a new op with `region` identity.
fn build_regions(rw: &mut PatternRewriter, eg: &EGraph, region: &RegionKey) -> Vec<RegionId> {
    match region {
        RegionKey::Op(orig) => {
            let orig = *orig;
            rw.interner(|ctx| {
                let srcs: Vec<RegionId> = ctx.op_regions(orig).to_vec();
                srcs.into_iter()
                    .map(|src| {
                        let r = ctx.create_region();
                        let mut map = std::collections::HashMap::new();
                        ctx.clone_region_into(src, r, &mut map);
                        r
                    })
                    .collect()
            })
        }
        RegionKey::Reducer(k, t) => {
            let (k, t) = (*k, *t);
            let name = eg.analysis.op_name_of(Kind::of_reducer(k)).expect("a reducer kind");
            rw.interner(|ctx| {
                let ret = ctx.op_name("stablehlo.return");
                let loc = ctx.unknown_loc();
                let r = ctx.create_region();
                let b = ctx.create_block(&[(t, None), (t, None)]);
                ctx.append_block(r, b);
                let mut st = OperationState::new(name, loc);
                st.operands = vec![ctx.block_arg(b, 0), ctx.block_arg(b, 1)].into();
                st.result_types = vec![t];
                let op = ctx.create_op(st);
                ctx.append_op(b, op);
                let mut st = OperationState::new(ret, loc);
                st.operands = vec![ctx.result(op, 0)].into();
                let rop = ctx.create_op(st);
                ctx.append_op(b, rop);
                vec![r]
            })
        }
    }
}
