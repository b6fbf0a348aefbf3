//! `interpreter.run_parallel` and the collective ops over a StableHLO
//! process grid (spec: "Process grids", `cross_replica`, `cross_partition`,
//! `cross_replica_and_partition`, `flattened_ids`).
//!
//! The IR [`Context`] is `Rc`-based, so processes cannot run on threads.
//! They run cooperatively in one thread, by deterministic replay:
//!
//! 1. Every runnable process is evaluated from the start of its function.
//!    Each collective it reaches either takes its result from the
//!    process's log (collectives already executed in an earlier round), or
//!    records itself as *pending* (its process group, channel id and
//!    operands) and aborts the evaluation.
//! 2. A pending collective whose process group is complete (every member is
//!    pending on the same group and channel) is executed: each member's
//!    result is appended to its log, and the members become runnable again.
//! 3. Repeat until every process returns; no progress means a deadlock.
//!
//! Evaluation is deterministic, so a replay retraces the same steps; a
//! program with `k` collectives is evaluated `k + 1` times per process
//! (collective programs are small; the cost is quadratic only in `k`). Side
//! effects are only kept from the final, complete evaluation: check
//! failures, `interpreter.print` output and probes of aborted evaluations
//! are dropped. `stablehlo.infeed` results are logged like collective
//! results, so a replay reads the same infeed values.

use std::cell::RefCell;
use std::rc::Rc;

use strata_dialects::stablehlo::views as v;
use strata_ir::{AttrKind, Context, OpId};

use super::eval::{single_binop_body, tensor_type_parts, Interpreter};
use super::{InterpError, KResult};
use strata_dialects::stablehlo::attrs::ChannelHandle;
use strata_dialects::stablehlo::types as sty;
use strata_reference::kernels::{self, BinaryOp};
use strata_reference::value::{Tensor, Value};

/// A process id: `(replica_id, partition_id)`.
pub type ProcessId = (u32, u32);

/// The infeed queue of a `run_parallel` (functions called in order).
#[derive(Debug, Default)]
pub(crate) struct InfeedQueue {
    funcs: Vec<OpId>,
    pos: usize,
}

/// A collective waiting for the rest of its process group.
#[derive(Debug, Clone)]
pub(crate) struct Pending {
    op: OpId,
    group: Vec<ProcessId>,
    channel: i64,
    operands: Vec<Tensor>,
}

/// The state of one process of a `run_parallel`.
#[derive(Debug, Clone)]
pub(crate) struct ProcessCtx {
    pub replica_id: u32,
    pub partition_id: u32,
    pub num_replicas: u32,
    pub num_partitions: u32,
    /// Results of the collectives (and infeeds) executed so far, in order.
    log: Vec<Vec<Value>>,
    /// How many log entries the current evaluation has consumed.
    next: usize,
    /// Set when the evaluation stopped at a collective.
    pending: Option<Pending>,
    infeed: Rc<RefCell<InfeedQueue>>,
    mailbox: Rc<RefCell<Mailbox>>,
}

/// Messages of `stablehlo.send` not yet received, per `(channel_id, receiver)`; the receiver is
/// `None` for sends without `source_target_pairs` (host transfers): any `recv` on the channel
/// takes them.
pub(crate) type Mailbox = std::collections::BTreeMap<(i64, Option<ProcessId>), std::collections::VecDeque<Vec<Tensor>>>;

impl ProcessCtx {
    fn single() -> Self {
        ProcessCtx {
            replica_id: 0,
            partition_id: 0,
            num_replicas: 1,
            num_partitions: 1,
            log: vec![],
            next: 0,
            pending: None,
            infeed: Rc::default(),
            mailbox: Rc::default(),
        }
    }
}

fn blocked() -> InterpError {
    InterpError::Runtime("process blocked on a collective".into())
}

fn symbol_of(ctx: &Context, a: strata_ir::Attribute) -> Option<String> {
    match ctx.attr_kind(a) {
        AttrKind::SymbolRef { root, .. } => Some(ctx.str(*root).to_string()),
        _ => None,
    }
}

/// Groups of ids from a 2-D `dense<…>` attribute (padding `-1` dropped).
fn id_groups(ctx: &Context, op: OpId, name: &str) -> KResult<Vec<Vec<i64>>> {
    let n = ctx.op_name_of(op);
    let Some(a) = ctx.attr(op, name) else { return Ok(vec![]) };
    let (shape, vals) =
        sty::dense_ints(ctx, a).ok_or_else(|| InterpError::invalid(n, format!("malformed `{name}`")))?;
    if shape.len() != 2 {
        return Err(InterpError::invalid(n, format!("`{name}` must be 2-dimensional")));
    }
    let cols = shape[1].max(0) as usize;
    if cols == 0 {
        return Ok(vec![]);
    }
    Ok(vals.chunks(cols).map(|c| c.iter().copied().filter(|&x| x >= 0).collect()).collect())
}

fn channel_id(ctx: &Context, op: OpId) -> i64 {
    ctx.attr(op, "channel_handle").and_then(|a| ctx.typed_attr::<ChannelHandle>(a)).map_or(0, |c| c.handle)
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Strategy {
    CrossReplica,
    CrossPartition,
    CrossReplicaAndPartition,
    FlattenedIds,
}

/// The process groups of `strategy` over `groups` (spec "Process grids").
fn process_groups(s: Strategy, groups: &[Vec<i64>], nr: u32, np: u32) -> Vec<Vec<ProcessId>> {
    let all_r: Vec<i64> = (0..nr as i64).collect();
    let all_p: Vec<i64> = (0..np as i64).collect();
    let mut out = Vec::new();
    match s {
        Strategy::CrossReplica => {
            let gs = if groups.is_empty() { vec![all_r] } else { groups.to_vec() };
            for g in &gs {
                for p in 0..np {
                    out.push(g.iter().map(|&r| (r as u32, p)).collect());
                }
            }
        }
        Strategy::CrossPartition => {
            let gs = if groups.is_empty() { vec![all_p] } else { groups.to_vec() };
            for g in &gs {
                for r in 0..nr {
                    out.push(g.iter().map(|&p| (r, p as u32)).collect());
                }
            }
        }
        Strategy::CrossReplicaAndPartition => {
            let gs = if groups.is_empty() { vec![all_r] } else { groups.to_vec() };
            for g in &gs {
                let mut pg = Vec::new();
                for p in 0..np {
                    for &r in g {
                        pg.push((r as u32, p));
                    }
                }
                out.push(pg);
            }
        }
        Strategy::FlattenedIds => {
            let gs = if groups.is_empty() { vec![(0..(nr * np) as i64).collect()] } else { groups.to_vec() };
            for g in &gs {
                out.push(g.iter().map(|&id| ((id as u32) / np.max(1), (id as u32) % np.max(1))).collect());
            }
        }
    }
    out
}

/// The process group of `me` for collective `op`, or `None` when `me` takes
/// part in no group (its result is then computed locally).
fn group_of(ctx: &Context, op: OpId, me: ProcessId, nr: u32, np: u32) -> KResult<Option<Vec<ProcessId>>> {
    let n = ctx.op_name_of(op);
    let ch = channel_id(ctx, op);
    let global = ctx.attr(op, "use_global_device_ids").and_then(|a| sty::attr_bool(ctx, a)).unwrap_or(false);
    if ctx.isa::<v::CollectivePermuteOp>(op) {
        let pairs = id_groups(ctx, op, "source_target_pairs")?;
        let to = |id: i64| if ch <= 0 { (id as u32, me.1) } else { (me.0, id as u32) };
        let mut g: Vec<ProcessId> = pairs.iter().flatten().map(|&id| to(id)).collect();
        g.sort_unstable();
        g.dedup();
        return Ok(if g.contains(&me) { Some(g) } else { None });
    }
    let strategy = if ctx.isa::<v::AllToAllOp>(op)
        || ctx.isa::<v::CollectiveBroadcastOp>(op)
        || ctx.isa::<v::CollectiveReduceOp>(op)
    {
        if ch <= 0 {
            Strategy::CrossReplica
        } else {
            Strategy::CrossPartition
        }
    } else {
        match (ch > 0, global) {
            (false, false) => Strategy::CrossReplica,
            (true, false) => Strategy::CrossReplicaAndPartition,
            (true, true) => Strategy::FlattenedIds,
            (false, true) => {
                return Err(InterpError::invalid(n, "use_global_device_ids requires a channel_id > 0"));
            }
        }
    };
    let groups = id_groups(ctx, op, "replica_groups")?;
    let bound = match strategy {
        Strategy::CrossPartition => np as i64,
        Strategy::FlattenedIds => (nr * np) as i64,
        _ => nr as i64,
    };
    if let Some(&bad) = groups.iter().flatten().find(|&&id| id >= bound) {
        return Err(InterpError::invalid(n, format!("replica_groups contains {bad}, out of range for {bound} ids")));
    }
    let all = process_groups(strategy, &groups, nr, np);
    Ok(all.into_iter().find(|g| g.contains(&me)))
}

fn zeros_like_result(ctx: &Context, op: OpId, i: usize) -> KResult<Value> {
    let (s, e) = tensor_type_parts(ctx, ctx.value_type(ctx.result(op, i))).ok_or_else(|| {
        InterpError::Unsupported(format!("{}: result type is not a static tensor", ctx.op_name_of(op)))
    })?;
    Ok(Tensor::zeros(e, &s)?.into())
}

fn split(op: &str, x: &Tensor, parts: usize, dim: i64) -> KResult<Vec<Tensor>> {
    let r = x.rank();
    if dim < 0 || dim as usize >= r {
        return Err(InterpError::invalid(op, format!("dimension {dim} out of range for rank {r}")));
    }
    let d = dim as usize;
    let size = x.shape()[d];
    if parts == 0 || size % parts as i64 != 0 {
        return Err(InterpError::invalid(
            op,
            format!("dimension {dim} of size {size} does not split into {parts} parts"),
        ));
    }
    let step = size / parts as i64;
    (0..parts as i64)
        .map(|k| {
            let mut start = vec![0; r];
            let mut limit: Vec<i64> = x.shape().to_vec();
            start[d] = k * step;
            limit[d] = (k + 1) * step;
            kernels::slice(x, &start, &limit, &vec![1; r])
        })
        .collect()
}

impl Interpreter {
    /// Elementwise reduction of `values[m][j]` over members `m` with the
    /// op's reduction region (operand `j` of each member).
    fn reduce_members(&mut self, ctx: &Context, op: OpId, values: &[Vec<Tensor>]) -> KResult<Vec<Tensor>> {
        let n = ctx.op_name_of(op);
        let region = *ctx.op_regions(op).first().ok_or_else(|| InterpError::invalid(n, "missing computation"))?;
        let k = values.first().map_or(0, |v| v.len());
        let nargs = ctx.region_entry(region).map_or(0, |b| ctx.block_args(b).count());
        if k > 1 && nargs == 2 {
            // A variadic collective with a binary computation reduces each operand on its own.
            let mut out = Vec::with_capacity(k);
            for j in 0..k {
                let vj: Vec<Vec<Tensor>> = values.iter().map(|v| vec![v[j].clone()]).collect();
                out.push(self.reduce_members_one(ctx, op, region, j, &vj)?);
            }
            return Ok(out);
        }
        if k == 1 {
            let r = self.reduce_members_one(ctx, op, region, 0, values)?;
            return Ok(vec![r]);
        }
        self.reduce_members_joint(ctx, op, region, 0, values)
    }

    fn reduce_members_one(
        &mut self,
        ctx: &Context,
        op: OpId,
        region: strata_ir::RegionId,
        result: usize,
        values: &[Vec<Tensor>],
    ) -> KResult<Tensor> {
        if single_binop_body(ctx, region).is_some() {
            let block = ctx.region_entry(region).expect("checked");
            let body_op = ctx.block_ops_vec(block)[0];
            let name = ctx.op_name_of(body_op);
            if let Some(b) = BinaryOp::from_name(name.strip_prefix("stablehlo.").unwrap_or(name)) {
                let mut acc = values[0][0].clone();
                for v in &values[1..] {
                    acc = kernels::binary(b, &acc, &v[0])?;
                }
                return Ok(acc);
            }
        }
        Ok(self.reduce_members_joint(ctx, op, region, result, values)?.remove(0))
    }

    /// The generic path: the region on rank-0 slices, element by element;
    /// `values[m]` holds member `m`'s operands (results `first_result..`).
    fn reduce_members_joint(
        &mut self,
        ctx: &Context,
        op: OpId,
        region: strata_ir::RegionId,
        first_result: usize,
        values: &[Vec<Tensor>],
    ) -> KResult<Vec<Tensor>> {
        let n = ctx.op_name_of(op);
        let k = values[0].len();
        let count = values[0].first().map_or(0, |t| t.num_elements());
        let mut outs: Vec<Vec<Tensor>> = vec![Vec::with_capacity(count); k];
        for i in 0..count {
            let mut acc: Vec<Tensor> = values[0].iter().map(|t| kernels::scalar_at(t, i)).collect();
            for v in &values[1..] {
                let mut args = acc.clone();
                args.extend(v.iter().map(|t| kernels::scalar_at(t, i)));
                acc = self.region_tensors(ctx, region, &args)?;
                if acc.len() != k {
                    return Err(InterpError::invalid(n, "computation returned the wrong number of values"));
                }
            }
            for (j, a) in acc.into_iter().enumerate() {
                outs[j].push(a);
            }
        }
        outs.into_iter()
            .enumerate()
            .map(|(j, scalars)| {
                let j = j + first_result;
                let (s, e) = tensor_type_parts(ctx, ctx.value_type(ctx.result(op, j))).unwrap_or_else(|| {
                    let t = &values[0][j - first_result];
                    (t.shape().to_vec(), t.element_type())
                });
                let s = if n == "stablehlo.reduce_scatter" { values[0][j - first_result].shape().to_vec() } else { s };
                kernels::stack_scalars(e, &s, &scalars)
            })
            .collect()
    }

    /// Executes collective `op` for a complete process group; `operands[m]`
    /// are member `m`'s operands. Returns each member's results.
    fn execute_collective(
        &mut self,
        ctx: &Context,
        op: OpId,
        group: &[ProcessId],
        operands: &[Vec<Tensor>],
    ) -> KResult<Vec<Vec<Value>>> {
        let n = ctx.op_name_of(op);
        let attr_i = |name: &str| -> KResult<i64> {
            ctx.attr(op, name)
                .and_then(|a| sty::attr_int(ctx, a))
                .ok_or_else(|| InterpError::invalid(n, format!("missing attribute `{name}`")))
        };
        let m = group.len();
        let same = |vals: Vec<Value>| -> Vec<Vec<Value>> { vec![vals; m] };
        Ok(match n {
            "stablehlo.all_reduce" => {
                same(self.reduce_members(ctx, op, operands)?.into_iter().map(Value::from).collect())
            }
            "stablehlo.all_gather" => {
                let dim = attr_i("all_gather_dim")?;
                let k = operands[0].len();
                let mut res = Vec::with_capacity(k);
                for j in 0..k {
                    let parts: Vec<&Tensor> = operands.iter().map(|o| &o[j]).collect();
                    res.push(kernels::concatenate(&parts, dim)?.into());
                }
                same(res)
            }
            "stablehlo.reduce_scatter" => {
                let dim = attr_i("scatter_dimension")?;
                let reduced = self.reduce_members(ctx, op, operands)?;
                let parts = split(n, &reduced[0], m, dim)?;
                parts.into_iter().map(|p| vec![p.into()]).collect()
            }
            "stablehlo.all_to_all" => {
                let sd = attr_i("split_dimension")?;
                let cd = attr_i("concat_dimension")?;
                let sc = attr_i("split_count")?;
                if sc as usize != m {
                    return Err(InterpError::invalid(n, format!("split_count {sc} differs from the group size {m}")));
                }
                let k = operands[0].len();
                // split_parts[sender][j][receiver]
                let split_parts: Vec<Vec<Vec<Tensor>>> = operands
                    .iter()
                    .map(|o| o.iter().map(|t| split(n, t, m, sd)).collect::<KResult<Vec<_>>>())
                    .collect::<KResult<_>>()?;
                (0..m)
                    .map(|recv| {
                        (0..k)
                            .map(|j| {
                                let parts: Vec<&Tensor> = (0..m).map(|s| &split_parts[s][j][recv]).collect();
                                Ok(kernels::concatenate(&parts, cd)?.into())
                            })
                            .collect::<KResult<Vec<Value>>>()
                    })
                    .collect::<KResult<_>>()?
            }
            "stablehlo.collective_broadcast" => {
                let nres = ctx.num_results(op);
                let dynamic = ctx.attr(op, "has_dynamic_root").and_then(|a| sty::attr_bool(ctx, a)).unwrap_or(false);
                let roots: Vec<i64> = if dynamic {
                    let t = operands[0]
                        .get(nres)
                        .ok_or_else(|| InterpError::invalid(n, "has_dynamic_root needs a root operand"))?;
                    kernels::to_i64s(n, t)?
                } else {
                    vec![0; nres]
                };
                let mut res = Vec::with_capacity(nres);
                for j in 0..nres {
                    let src = *roots.get(j).or(roots.first()).unwrap_or(&0);
                    let member = usize::try_from(src).ok().and_then(|s| operands.get(s)).ok_or_else(|| {
                        InterpError::invalid(n, format!("root {src} is out of range for a group of {m}"))
                    })?;
                    res.push(member[j].clone().into());
                }
                same(res)
            }
            "stablehlo.collective_reduce" => {
                // The reduction of the group's operands lands on the root (member 0, or the
                // member named by the last operand with `has_dynamic_root`); zeros elsewhere.
                let nres = ctx.num_results(op);
                let dynamic = ctx.attr(op, "has_dynamic_root").and_then(|a| sty::attr_bool(ctx, a)).unwrap_or(false);
                let root = if dynamic {
                    let t = operands[0]
                        .get(nres)
                        .ok_or_else(|| InterpError::invalid(n, "has_dynamic_root needs a root operand"))?;
                    kernels::to_i64s(n, t)?.first().copied().unwrap_or(0)
                } else {
                    0
                };
                let root = usize::try_from(root).ok().filter(|&r| r < m).ok_or_else(|| {
                    InterpError::invalid(n, format!("root {root} is out of range for a group of {m}"))
                })?;
                let data: Vec<Vec<Tensor>> = operands.iter().map(|o| o[..nres.min(o.len())].to_vec()).collect();
                let reduced: Vec<Value> = self.reduce_members(ctx, op, &data)?.into_iter().map(Value::from).collect();
                let zeros: Vec<Value> = (0..nres).map(|i| zeros_like_result(ctx, op, i)).collect::<KResult<_>>()?;
                (0..m).map(|k| if k == root { reduced.clone() } else { zeros.clone() }).collect()
            }
            "stablehlo.collective_permute" => {
                let ch = channel_id(ctx, op);
                let pairs = id_groups(ctx, op, "source_target_pairs")?;
                let mut out = Vec::with_capacity(m);
                for &target in group {
                    let to = |id: i64| if ch <= 0 { (id as u32, target.1) } else { (target.0, id as u32) };
                    let src = pairs.iter().find(|p| p.len() == 2 && to(p[1]) == target).map(|p| to(p[0]));
                    match src.and_then(|s| group.iter().position(|&g| g == s)) {
                        Some(si) => out.push(operands[si].iter().cloned().map(Value::from).collect()),
                        None => out.push(vec![zeros_like_result(ctx, op, 0)?]),
                    }
                }
                out
            }
            _ => return Err(super::eval::not_supported(n)),
        })
    }

    /// Evaluates a collective op in the current process (see the module docs).
    pub(super) fn collective(&mut self, ctx: &Context, op: OpId, n: &str) -> KResult<Vec<Value>> {
        let operands: Vec<Tensor> =
            (0..ctx.operands(op).len()).map(|i| self.tensor(ctx, op, i).cloned()).collect::<KResult<_>>()?;
        let mut single = None;
        let p = match self.process.as_ref() {
            Some(p) => p,
            None => single.insert(ProcessCtx::single()),
        };
        let me = (p.replica_id, p.partition_id);
        let group = group_of(ctx, op, me, p.num_replicas, p.num_partitions)?;
        let Some(group) = group else {
            // Not in any process group: zeros (collective_broadcast, collective_permute)
            // or the operands alone.
            return match n {
                "stablehlo.collective_broadcast" | "stablehlo.collective_permute" | "stablehlo.collective_reduce" => {
                    (0..ctx.num_results(op)).map(|i| zeros_like_result(ctx, op, i)).collect()
                }
                _ => {
                    let r = self.execute_collective(ctx, op, &[me], &[operands])?;
                    Ok(r.into_iter().next().unwrap_or_default())
                }
            };
        };
        if group.len() == 1 {
            let r = self.execute_collective(ctx, op, &group, &[operands])?;
            return Ok(r.into_iter().next().unwrap_or_default());
        }
        if single.is_some() {
            return Err(InterpError::Runtime(format!(
                "{n} needs {} processes: run it inside interpreter.run_parallel",
                group.len()
            )));
        }
        let p = self.process.as_mut().expect("inside run_parallel");
        if p.next < p.log.len() {
            p.next += 1;
            return Ok(p.log[p.next - 1].clone());
        }
        p.pending = Some(Pending { op, group, channel: channel_id(ctx, op), operands });
        Err(blocked())
    }

    /// The next logged result when the current evaluation replays (see the module docs).
    fn replayed(&mut self) -> Option<Vec<Value>> {
        let p = self.process.as_mut()?;
        if p.next < p.log.len() {
            p.next += 1;
            return Some(p.log[p.next - 1].clone());
        }
        None
    }

    /// Logs a side-effecting op's results so that replays read them instead of redoing it.
    fn log_result(&mut self, vals: &[Value]) {
        if let Some(p) = self.process.as_mut() {
            p.log.push(vals.to_vec());
            p.next += 1;
        }
    }

    /// The mailbox of the current `run_parallel` (the interpreter's own outside one).
    fn mailbox(&self) -> Rc<RefCell<Mailbox>> {
        match &self.process {
            Some(p) => p.mailbox.clone(),
            None => self.mailbox.clone(),
        }
    }

    /// The receivers of a `send`/`recv` pair list as this process sees it: ids are replica ids
    /// in a grid of one partition, partition ids otherwise (spec C4: `cross_replica` or
    /// `cross_partition`).
    fn peer(&self, id: i64) -> ProcessId {
        match &self.process {
            Some(p) if p.num_partitions > 1 => (p.replica_id, id as u32),
            Some(p) => (id as u32, p.partition_id),
            None => (id as u32, 0),
        }
    }

    fn me(&self) -> ProcessId {
        self.process.as_ref().map_or((0, 0), |p| (p.replica_id, p.partition_id))
    }

    /// `stablehlo.send`: puts the inputs on channel `channel_id`, addressed to the targets of
    /// `source_target_pairs` whose source is this process (to any receiver without pairs).
    pub(super) fn send(&mut self, ctx: &Context, op: OpId) -> KResult<Vec<Value>> {
        if let Some(v) = self.replayed() {
            return Ok(v);
        }
        let n = ctx.op_name_of(op);
        let k = ctx.operands(op).len().saturating_sub(1);
        let inputs: Vec<Tensor> = (0..k).map(|i| self.tensor(ctx, op, i).cloned()).collect::<KResult<_>>()?;
        let ch = channel_id(ctx, op);
        let pairs = id_groups(ctx, op, "source_target_pairs")?;
        let me = self.me();
        let targets: Vec<Option<ProcessId>> = if pairs.is_empty() {
            vec![None]
        } else {
            pairs.iter().filter(|p| p.len() == 2 && self.peer(p[0]) == me).map(|p| Some(self.peer(p[1]))).collect()
        };
        if targets.is_empty() && !pairs.is_empty() && !pairs.iter().any(|p| p.len() == 2) {
            return Err(InterpError::invalid(n, "source_target_pairs must hold pairs"));
        }
        let mb = self.mailbox();
        for t in targets {
            mb.borrow_mut().entry((ch, t)).or_default().push_back(inputs.clone());
        }
        let out = vec![Value::Token];
        self.log_result(&out);
        Ok(out)
    }

    /// `stablehlo.recv`: takes the oldest message on `channel_id` addressed to this process
    /// (or to any receiver); inside `run_parallel` a process with nothing to receive waits
    /// for a sender, outside it is an error.
    pub(super) fn recv(&mut self, ctx: &Context, op: OpId) -> KResult<Vec<Value>> {
        if let Some(v) = self.replayed() {
            return Ok(v);
        }
        let n = ctx.op_name_of(op);
        let ch = channel_id(ctx, op);
        let me = self.me();
        let mb = self.mailbox();
        let msg = {
            let mut b = mb.borrow_mut();
            let mut take =
                |key| b.get_mut(&key).and_then(|q: &mut std::collections::VecDeque<Vec<Tensor>>| q.pop_front());
            take((ch, Some(me))).or_else(|| take((ch, None)))
        };
        let Some(msg) = msg else {
            return match self.process.as_mut() {
                Some(p) => {
                    p.pending = Some(Pending { op, group: vec![], channel: ch, operands: vec![] });
                    Err(blocked())
                }
                None => Err(InterpError::Runtime(format!(
                    "{n}: nothing was sent on channel {ch} (run the sender inside interpreter.run_parallel)"
                ))),
            };
        };
        let want = ctx.num_results(op).saturating_sub(1);
        if msg.len() != want {
            return Err(InterpError::invalid(n, format!("received {} values for {want} results", msg.len())));
        }
        let mut out: Vec<Value> = msg.into_iter().map(Value::from).collect();
        out.push(Value::Token);
        self.log_result(&out);
        Ok(out)
    }

    /// `stablehlo.outfeed`: appends the inputs to the interpreter's outfeed queue.
    pub(super) fn outfeed(&mut self, ctx: &Context, op: OpId) -> KResult<Vec<Value>> {
        let k = ctx.operands(op).len().saturating_sub(1);
        let inputs: Vec<Tensor> = (0..k).map(|i| self.tensor(ctx, op, i).cloned()).collect::<KResult<_>>()?;
        self.outfeed.push(inputs);
        Ok(vec![Value::Token])
    }

    /// `stablehlo.infeed`: the next function of the `run_parallel`'s `infeed` list.
    pub(super) fn infeed(&mut self, ctx: &Context, op: OpId) -> KResult<Vec<Value>> {
        let n = ctx.op_name_of(op);
        let Some(p) = self.process.as_mut() else {
            return Err(InterpError::Unsupported(
                "stablehlo.infeed outside interpreter.run_parallel (no infeed queue) is not supported by the interpreter yet".into(),
            ));
        };
        if p.next < p.log.len() {
            p.next += 1;
            return Ok(p.log[p.next - 1].clone());
        }
        let f = {
            let mut q = p.infeed.borrow_mut();
            let f = q
                .funcs
                .get(q.pos)
                .copied()
                .ok_or_else(|| InterpError::Runtime(format!("{n}: the infeed queue is empty")))?;
            q.pos += 1;
            f
        };
        let mut vals = self.eval_func(ctx, f, vec![])?;
        vals.push(Value::Token);
        if vals.len() != ctx.num_results(op) {
            return Err(InterpError::invalid(
                n,
                format!("infeed function returned {} values for {} results", vals.len() - 1, ctx.num_results(op) - 1),
            ));
        }
        let p = self.process.as_mut().expect("checked");
        p.log.push(vals.clone());
        p.next += 1;
        Ok(vals)
    }

    /// `interpreter.run_parallel`: runs the `programs` grid (one row per
    /// replica, one function per partition) on the operands, split among the
    /// processes in row-major order; the results are concatenated likewise.
    pub(super) fn run_parallel(&mut self, ctx: &Context, op: OpId) -> KResult<Vec<Value>> {
        let n = ctx.op_name_of(op);
        let programs = ctx.attr(op, "programs").ok_or_else(|| InterpError::invalid(n, "missing `programs`"))?;
        let AttrKind::Array(rows) = ctx.attr_kind(programs) else {
            return Err(InterpError::invalid(n, "`programs` must be an array of arrays"));
        };
        let mut grid: Vec<Vec<OpId>> = Vec::new();
        for r in rows {
            let AttrKind::Array(fs) = ctx.attr_kind(*r) else {
                return Err(InterpError::invalid(n, "`programs` must be an array of arrays"));
            };
            let mut row = Vec::new();
            for f in fs {
                let name = symbol_of(ctx, *f).ok_or_else(|| InterpError::invalid(n, "`programs` must hold symbols"))?;
                row.push(
                    strata_dialects::func::lookup_symbol(ctx, op, &name)
                        .ok_or_else(|| InterpError::Runtime(format!("unknown function @{name}")))?,
                );
            }
            grid.push(row);
        }
        let nr = grid.len() as u32;
        let np = grid.first().map_or(0, |r| r.len()) as u32;
        if nr == 0 || np == 0 || grid.iter().any(|r| r.len() as u32 != np) {
            return Err(InterpError::invalid(n, "`programs` must be a non-empty rectangular grid"));
        }
        let mut infeed = InfeedQueue::default();
        if let Some(a) = ctx.attr(op, "infeed") {
            if let AttrKind::Array(fs) = ctx.attr_kind(a) {
                for f in fs {
                    let name =
                        symbol_of(ctx, *f).ok_or_else(|| InterpError::invalid(n, "`infeed` must hold symbols"))?;
                    infeed.funcs.push(
                        strata_dialects::func::lookup_symbol(ctx, op, &name)
                            .ok_or_else(|| InterpError::Runtime(format!("unknown function @{name}")))?,
                    );
                }
            }
        }
        let infeed = Rc::new(RefCell::new(infeed));
        let mailbox: Rc<RefCell<Mailbox>> = Rc::default();
        let mut args = self.operand_values(ctx, op)?.into_iter();

        enum State {
            Runnable,
            Blocked,
            Done(Vec<Value>),
        }
        struct Proc {
            func: OpId,
            args: Vec<Value>,
            pctx: ProcessCtx,
            state: State,
        }
        let mut procs = Vec::new();
        for (r, row) in grid.iter().enumerate() {
            for (p, &func) in row.iter().enumerate() {
                let k = strata_dialects::func::function_type(ctx, func).map_or(0, |(i, _)| i.len());
                let a: Vec<Value> = args.by_ref().take(k).collect();
                if a.len() != k {
                    return Err(InterpError::invalid(n, "too few operands for the programs' arguments"));
                }
                let pctx = ProcessCtx {
                    replica_id: r as u32,
                    partition_id: p as u32,
                    num_replicas: nr,
                    num_partitions: np,
                    log: vec![],
                    next: 0,
                    pending: None,
                    infeed: infeed.clone(),
                    mailbox: mailbox.clone(),
                };
                procs.push(Proc { func, args: a, pctx, state: State::Runnable });
            }
        }
        if args.next().is_some() {
            return Err(InterpError::invalid(n, "more operands than the programs take"));
        }
        let index = |id: ProcessId| id.0 as usize * np as usize + id.1 as usize;
        loop {
            let mut progress = false;
            #[allow(clippy::needless_range_loop)] // procs[i] is borrowed anew in each step below
            for i in 0..procs.len() {
                if !matches!(procs[i].state, State::Runnable) {
                    continue;
                }
                progress = true;
                let mut it = Interpreter { depth: self.depth, ..Interpreter::default() };
                let mut pctx = procs[i].pctx.clone();
                pctx.next = 0;
                pctx.pending = None;
                it.process = Some(pctx);
                let r = it.eval_func(ctx, procs[i].func, procs[i].args.clone());
                let pctx = it.process.take().expect("set above");
                let blocked = pctx.pending.is_some();
                procs[i].pctx = pctx;
                if blocked {
                    procs[i].state = State::Blocked;
                    continue;
                }
                match r {
                    Ok(vals) => {
                        self.failures.append(&mut it.failures);
                        self.prints.append(&mut it.prints);
                        self.outfeed.append(&mut it.outfeed);
                        self.probe_log.append(&mut it.probe_log);
                        for (k, mut v) in std::mem::take(&mut it.probes) {
                            self.probes.entry(k).or_default().append(&mut v);
                        }
                        procs[i].state = State::Done(vals);
                    }
                    Err(e) => {
                        self.failures.append(&mut it.failures);
                        if self.error_op.is_none() {
                            self.error_op = it.error_op;
                        }
                        return Err(e);
                    }
                }
            }
            // Execute every collective whose process group is complete.
            for i in 0..procs.len() {
                let Some(pend) = procs[i].pctx.pending.clone() else { continue };
                if !matches!(procs[i].state, State::Blocked) {
                    continue;
                }
                if pend.group.is_empty() {
                    // A recv: runnable again once a message for it is on its channel.
                    let me = (procs[i].pctx.replica_id, procs[i].pctx.partition_id);
                    let b = mailbox.borrow();
                    let ready =
                        |key| b.get(&key).is_some_and(|q: &std::collections::VecDeque<Vec<Tensor>>| !q.is_empty());
                    if ready((pend.channel, Some(me))) || ready((pend.channel, None)) {
                        procs[i].pctx.pending = None;
                        procs[i].state = State::Runnable;
                        progress = true;
                    }
                    continue;
                }
                let complete = pend.group.iter().all(|&g| {
                    let j = index(g);
                    j < procs.len()
                        && matches!(procs[j].state, State::Blocked)
                        && procs[j]
                            .pctx
                            .pending
                            .as_ref()
                            .is_some_and(|q| q.group == pend.group && q.channel == pend.channel)
                });
                if !complete {
                    continue;
                }
                let operands: Vec<Vec<Tensor>> = pend
                    .group
                    .iter()
                    .map(|&g| procs[index(g)].pctx.pending.as_ref().expect("complete").operands.clone())
                    .collect();
                let results = self.execute_collective(ctx, pend.op, &pend.group, &operands).inspect_err(|_e| {
                    if self.error_op.is_none() {
                        self.error_op = Some(pend.op);
                    }
                })?;
                for (&g, res) in pend.group.iter().zip(results) {
                    let p = &mut procs[index(g)];
                    p.pctx.log.push(res);
                    p.pctx.pending = None;
                    p.state = State::Runnable;
                }
                progress = true;
            }
            if procs.iter().all(|p| matches!(p.state, State::Done(_))) {
                break;
            }
            if !progress {
                let waiting: Vec<String> = procs
                    .iter()
                    .filter_map(|p| {
                        let q = p.pctx.pending.as_ref()?;
                        Some(format!("({}, {}) at {}", p.pctx.replica_id, p.pctx.partition_id, ctx.op_name_of(q.op)))
                    })
                    .collect();
                if self.error_op.is_none() {
                    self.error_op = procs.iter().find_map(|p| p.pctx.pending.as_ref().map(|q| q.op));
                }
                return Err(InterpError::Runtime(format!(
                    "interpreter.run_parallel: deadlock, processes {} wait for process group members that never arrive",
                    waiting.join(", ")
                )));
            }
        }
        Ok(procs
            .into_iter()
            .flat_map(|p| match p.state {
                State::Done(v) => v,
                _ => vec![],
            })
            .collect())
    }
}
