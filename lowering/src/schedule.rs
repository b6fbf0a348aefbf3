//! Schedule generation: from the linalg ops of a function (their kinds and static shapes) to a
//! transform-dialect script that tiles, fuses and vectorizes each of them for the host's ISA,
//! then bufferizes and lowers the vector ops (the recipe in ../shared/notes/lowering-recipe.md,
//! generalized from its fixed files to any shape).
//!
//! Each op carries the attribute `strata.sched = <id>` (set by the bridge), so the script
//! matches ops by id instead of by count (`split_handle` needs exact counts).
//!
//! | op kind | schedule |
//! |---|---|
//! | block-packed contraction (from `linalg-block-pack-matmul`: matmul, batch_matmul, contraction generics) | cache tile over n1 when the B panel outgrows L2, tile `[1,1,1]` over (m1,n1,k1), fold unit dims inside the loop, vectorize → `vector.contract` MR×NR×KR → outer products |
//! | `linalg.pack` / `linalg.unpack` | tile the outer dims, vectorize with vector sizes = packed tile shape (masked when padded) |
//! | reduction chains (a parallel op fed through producers by an inner reduction: softmax, layernorm, ...) | `tile_using_forall` rows of the last op, `fuse_into_containing_op` the producers, `tile_reduction_using_for` the reductions and tile the elementwise ops by the row chunk, vectorize |
//! | elementwise (all-parallel generics, fills, broadcasts, transposes) | tile so a tile holds ≤ CHUNK elements of the innermost dims, vectorize (masked for non-divisible shapes) |
//! | inner reductions (last loop a reduction: row sums, full sums, dot products) | tile other loops by 1, `tile_reduction_using_for` the last by a chunk (partial vector accumulators), vectorize |
//! | outer reductions (last loop parallel: column sums) | tile reductions and outer loops by 1, the last by a chunk, vectorize |
//! | anything else (complex, f16/bf16 arithmetic, convolutions other than 2-D NHWC/HWCF, pooling, gathers) | left to `convert-linalg-to-loops`: correct scalar loops |
//!
//! (`conv_2d_nhwc_hwcf` is scheduled earlier, before generalization: see `bridge/lower.rs`.)

use std::fmt::Write;

use crate::analysis::{Iter, OpDesc};
use crate::cpu::Isa;

/// What the schedule does with one op.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    /// The block-packed contraction micro-kernel.
    PackedContraction,
    /// Tile + vectorize a `linalg.pack`.
    Pack { tile: Vec<i64>, vector_sizes: Vec<i64> },
    /// Tile + vectorize a `linalg.unpack`.
    Unpack { tile: Vec<i64>, vector_sizes: Vec<i64> },
    /// The last op of a fused reduction chain; `members` are fused into its row loop.
    ChainSink { members: Vec<usize>, chunk: i64 },
    /// Fused into a chain (scheduled by its sink).
    ChainMember { sink: usize },
    /// Tile + vectorize an all-parallel op.
    Elementwise { tile: Vec<i64>, vector_sizes: Option<Vec<i64>> },
    /// Split the last (reduction) loop into vector partials.
    InnerReduction { outer_tile: Vec<i64>, chunk: i64 },
    /// Tile outer/reduction loops by 1, vectorize the last (parallel) loop.
    OuterReduction { tile: Vec<i64>, vector_sizes: Option<Vec<i64>> },
    /// Left to scalar loops.
    Fallback(&'static str),
}

/// Tuning knobs derived from the ISA.
#[derive(Clone, Copy, Debug)]
pub struct Tuning {
    /// The ISA.
    pub isa: Isa,
    /// Elements per vectorized tile of elementwise ops and reduction chunks.
    pub chunk: i64,
    /// Register tile of the packed matmul.
    pub mr: i64,
    /// Register tile of the packed matmul.
    pub nr: i64,
    /// Register tile of the packed matmul.
    pub kr: i64,
    /// Bytes of packed B kept hot per cache tile.
    pub l2_bytes: i64,
}

impl Tuning {
    /// The tuning for an ISA.
    pub fn for_isa(isa: Isa) -> Tuning {
        let (mr, nr, kr) = isa.matmul_tile();
        Tuning { isa, chunk: 8 * isa.f32_lanes(), mr, nr, kr, l2_bytes: 512 * 1024 }
    }
}

/// Ops allowed in a region the vectorizer is asked to handle.
fn body_vectorizable(op: &OpDesc) -> bool {
    op.body_ops
        .iter()
        .all(|o| o.starts_with("arith.") || o.starts_with("math.") || o == "linalg.yield" || o == "linalg.index")
}

/// Whether an op is a fill: a named `linalg.fill`, or a generic of one scalar input yielded as is.
fn is_fill(op: &OpDesc) -> bool {
    op.name == "linalg.fill"
        || (op.name == "linalg.generic"
            && op.inputs.len() <= 1
            && op.inputs.iter().all(|t| t.is_none())
            && op.all_parallel()
            && op.body_ops == ["linalg.yield"])
}

/// The largest chunk ≤ `max` that divides `n` and is a multiple of `min`; `None` if none.
fn dividing_chunk(n: i64, max: i64, min: i64) -> Option<i64> {
    let mut c = max;
    while c >= min {
        if n % c == 0 {
            return Some(c);
        }
        c /= 2;
    }
    None
}

/// Tile sizes for an all-parallel op: 1 on outer loops, and the innermost loops taken whole
/// while their product stays ≤ chunk (the innermost loop is cut to `chunk` if it is larger).
fn elementwise_tile(sizes: &[i64], chunk: i64) -> (Vec<i64>, Option<Vec<i64>>) {
    let r = sizes.len();
    let mut tile = vec![1i64; r];
    let mut vec_sizes = vec![1i64; r];
    let mut masked = false;
    let mut prod = 1i64;
    for d in (0..r).rev() {
        let s = sizes[d];
        if d == r - 1 && s > chunk {
            tile[d] = chunk;
            vec_sizes[d] = chunk;
            masked = s % chunk != 0;
            break;
        }
        if prod * s <= chunk || d == r - 1 {
            tile[d] = 0; // whole loop
            vec_sizes[d] = s;
            prod *= s;
        } else {
            break;
        }
    }
    (tile, if masked { Some(vec_sizes) } else { None })
}

/// Decides a plan for every op (indexed by id).
pub fn plan(ops: &[OpDesc], t: &Tuning) -> Vec<Plan> {
    let mut plans: Vec<Option<Plan>> = vec![None; ops.len()];
    // 1. Chains, sinks from the end of the function.
    for s in (0..ops.len()).rev() {
        if plans[s].is_some() {
            continue;
        }
        if let Some((members, chunk)) = find_chain(ops, s, &plans, t) {
            for &m in &members {
                plans[m] = Some(Plan::ChainMember { sink: s });
            }
            plans[s] = Some(Plan::ChainSink { members, chunk });
        }
    }
    // 2. Every other op on its own.
    for (i, op) in ops.iter().enumerate() {
        if plans[i].is_none() {
            plans[i] = Some(plan_single(op, t));
        }
    }
    plans.into_iter().map(|p| p.unwrap()).collect()
}

fn plan_single(op: &OpDesc, t: &Tuning) -> Plan {
    match op.name.as_str() {
        "linalg.pack" => {
            let (Some(Some(src)), Some(dst)) = (op.inputs.first(), op.outputs.first()) else {
                return Plan::Fallback("pack without static shapes");
            };
            if !dst.vectorizable_elem() && !matches!(dst.elem.as_str(), "f16" | "bf16") {
                return Plan::Fallback("pack of a non-vectorizable element type");
            }
            let n_outer = src.shape.len();
            if n_outer == 0 || dst.shape.len() <= n_outer {
                return Plan::Fallback("pack without inner tiles");
            }
            let mut tile = vec![1i64; n_outer];
            let last = dst.shape[n_outer - 1];
            tile[n_outer - 1] = if last % 2 == 0 { 2 } else { 1 };
            let mut vector_sizes = tile.clone();
            vector_sizes.extend_from_slice(&dst.shape[n_outer..]);
            Plan::Pack { tile, vector_sizes }
        }
        "linalg.unpack" => {
            let (Some(Some(src)), Some(dst)) = (op.inputs.first(), op.outputs.first()) else {
                return Plan::Fallback("unpack without static shapes");
            };
            if !dst.vectorizable_elem() && !matches!(dst.elem.as_str(), "f16" | "bf16") {
                return Plan::Fallback("unpack of a non-vectorizable element type");
            }
            let n_dst = dst.shape.len();
            if src.shape.len() <= n_dst || op.inner_dims_pos.len() != src.shape.len() - n_dst {
                return Plan::Fallback("unpack with unexpected tiles");
            }
            let inner = &src.shape[n_dst..];
            let mut tile = vec![1i64; n_dst];
            for (j, &pos) in op.inner_dims_pos.iter().enumerate() {
                if pos < 0 || pos as usize >= n_dst {
                    return Plan::Fallback("unpack with unexpected inner_dims_pos");
                }
                tile[pos as usize] = inner[j];
            }
            let mut vector_sizes = vec![1i64; n_dst];
            vector_sizes.extend_from_slice(inner);
            Plan::Unpack { tile, vector_sizes }
        }
        "linalg.generic" | "linalg.fill" => plan_generic(op, t),
        _ => Plan::Fallback("no schedule for this op kind"),
    }
}

fn plan_generic(op: &OpDesc, t: &Tuning) -> Plan {
    if op.name == "linalg.generic" && op.is_packed_contraction() {
        return if op.vectorizable() { Plan::PackedContraction } else { Plan::Fallback("contraction of this type") };
    }
    if op.name == "linalg.fill" {
        let Some(out) = op.outputs.first() else { return Plan::Fallback("fill without output") };
        if !out.vectorizable_elem() || out.shape.is_empty() {
            return Plan::Fallback("fill of this type");
        }
        let (tile, vector_sizes) = elementwise_tile(&out.shape, t.chunk);
        return Plan::Elementwise { tile, vector_sizes };
    }
    if !op.vectorizable() || !body_vectorizable(op) {
        return Plan::Fallback("element type or region not vectorizable");
    }
    let Some(sizes) = op.loop_sizes() else { return Plan::Fallback("loop sizes not static") };
    let r = sizes.len();
    if r == 0 || sizes.contains(&0) {
        return Plan::Fallback("empty iteration space");
    }
    if op.all_parallel() {
        let (tile, vector_sizes) = elementwise_tile(&sizes, t.chunk);
        return Plan::Elementwise { tile, vector_sizes };
    }
    if op.outputs.len() != 1 {
        return Plan::Fallback("multi-result reduction");
    }
    let n = sizes[r - 1];
    if op.iterators[r - 1] == Iter::Reduction {
        let outer_tile: Vec<i64> = (0..r - 1).map(|_| 1).collect();
        let chunk = dividing_chunk(n, t.chunk, t.isa.f32_lanes()).filter(|&c| n >= 2 * c).unwrap_or(0);
        if chunk == 0 && n > 4 * t.chunk {
            return Plan::Fallback("reduction length not divisible by a vector chunk");
        }
        return Plan::InnerReduction { outer_tile, chunk };
    }
    // outer reduction: the last loop is parallel; reduction loops are walked one step at a time
    let (mut tile, vector_sizes) = elementwise_tile(&sizes, t.chunk);
    let mut vector_sizes = vector_sizes;
    for (d, it) in op.iterators.iter().enumerate() {
        if *it == Iter::Reduction {
            tile[d] = 1;
            if let Some(v) = vector_sizes.as_mut() {
                v[d] = 1;
            }
        }
    }
    // a whole-loop (0) tile outside a reduction tiled by 1 would make a strided tile: tile it by 1
    if let Some(last_red) = op.iterators.iter().rposition(|&i| i == Iter::Reduction) {
        for d in 0..last_red {
            if tile[d] == 0 {
                tile[d] = 1;
                if let Some(v) = vector_sizes.as_mut() {
                    v[d] = 1;
                }
            }
        }
    }
    Plan::OuterReduction { tile, vector_sizes }
}

/// Finds a fusable chain ending at `s`: producers (transitively) that are fills, all-parallel
/// generics or inner reductions over the same leading (row) loops, with at least one reduction.
fn find_chain(ops: &[OpDesc], s: usize, plans: &[Option<Plan>], t: &Tuning) -> Option<(Vec<usize>, i64)> {
    let sink = &ops[s];
    if sink.name != "linalg.generic" || !sink.all_parallel() || !sink.vectorizable() || !body_vectorizable(sink) {
        return None;
    }
    let sizes = sink.loop_sizes()?;
    let r = sizes.len();
    if r < 2 {
        return None;
    }
    let rows = &sizes[..r - 1];
    let n = sizes[r - 1];
    let chunk = dividing_chunk(n, t.chunk, t.isa.f32_lanes())?;
    let mut members = Vec::new();
    let mut stack: Vec<usize> = sink.producers.clone();
    let mut has_reduction = false;
    while let Some(p) = stack.pop() {
        if members.contains(&p) || plans[p].is_some() || p == s {
            continue;
        }
        let op = &ops[p];
        let ok = if is_fill(op) {
            op.outputs.len() == 1 && op.outputs[0].shape == rows && op.outputs[0].vectorizable_elem()
        } else if op.name == "linalg.generic" && op.vectorizable() && body_vectorizable(op) && op.outputs.len() == 1 {
            match op.loop_sizes() {
                Some(ps) if ps.len() == r && ps[..r - 1] == *rows && ps[r - 1] == n => {
                    let leading_parallel = op.iterators[..r - 1].iter().all(|&i| i == Iter::Parallel);
                    if op.iterators[r - 1] == Iter::Reduction {
                        has_reduction |= leading_parallel;
                        leading_parallel
                    } else {
                        leading_parallel
                    }
                }
                _ => false,
            }
        } else {
            false
        };
        if ok {
            members.push(p);
            stack.extend(op.producers.iter().copied());
        }
    }
    if !has_reduction {
        return None;
    }
    members.sort_unstable();
    Some((members, chunk))
}

fn any_op_tuple(n: usize) -> String {
    let v: Vec<&str> = (0..n).map(|_| "!transform.any_op").collect();
    v.join(", ")
}

/// `%name, %loops:k = tile_using_for %h tile_sizes [...]` (no loops when all sizes are 0).
fn tile_for(out: &mut String, name: &str, handle: &str, tile: &[i64]) -> bool {
    let k = tile.iter().filter(|&&x| x != 0).count();
    if k == 0 {
        let _ = writeln!(out, "    {name} = transform.cast {handle} : !transform.any_op to !transform.any_op");
        return false;
    }
    let _ = writeln!(
        out,
        "    {name}, {name}_loops:{k} = transform.structured.tile_using_for {handle} tile_sizes {tile:?}\n        : (!transform.any_op) -> ({})",
        any_op_tuple(k + 1)
    );
    true
}

fn vectorize(out: &mut String, handle: &str, vector_sizes: Option<&[i64]>) {
    match vector_sizes {
        Some(v) => {
            let _ = writeln!(out, "    transform.structured.vectorize {handle} vector_sizes {v:?} : !transform.any_op");
        }
        None => {
            let _ = writeln!(out, "    transform.structured.vectorize {handle} : !transform.any_op");
        }
    }
}

fn match_op(out: &mut String, name: &str, op: &OpDesc) {
    let _ = writeln!(
        out,
        "    {name} = transform.structured.match ops{{[\"{}\"]}} attributes{{strata.sched = {} : i64}} in %root : (!transform.any_op) -> !transform.any_op",
        op.name, op.id
    );
}

/// The transform script for the plans (consumes `%root`: it ends with one-shot bufferization
/// and the vector lowering patterns).
pub fn script(ops: &[OpDesc], plans: &[Plan], t: &Tuning) -> String {
    let mut s = String::new();
    s.push_str("module attributes {transform.with_named_sequence} {\n");
    s.push_str("  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {\n");
    // Non-contraction ops first: the contraction's unit-dim folding rewrites linalg ops in its
    // loop only, but everything else is already vector code by then.
    for (i, plan) in plans.iter().enumerate() {
        let op = &ops[i];
        let h = format!("%op{i}");
        match plan {
            Plan::Pack { tile, vector_sizes } | Plan::Unpack { tile, vector_sizes } => {
                let _ = writeln!(s, "    // {} #{i}: tile {tile:?}, vector sizes {vector_sizes:?}", op.name);
                match_op(&mut s, &h, op);
                let th = format!("%t{i}");
                tile_for(&mut s, &th, &h, tile);
                vectorize(&mut s, &th, Some(vector_sizes));
            }
            Plan::Elementwise { tile, vector_sizes } => {
                let _ = writeln!(s, "    // {} #{i}: elementwise, tile {tile:?}", op.name);
                match_op(&mut s, &h, op);
                let th = format!("%t{i}");
                tile_for(&mut s, &th, &h, tile);
                vectorize(&mut s, &th, vector_sizes.as_deref());
            }
            Plan::OuterReduction { tile, vector_sizes } => {
                let _ = writeln!(s, "    // {} #{i}: outer reduction, tile {tile:?}", op.name);
                match_op(&mut s, &h, op);
                let th = format!("%t{i}");
                tile_for(&mut s, &th, &h, tile);
                vectorize(&mut s, &th, vector_sizes.as_deref());
            }
            Plan::InnerReduction { outer_tile, chunk } => {
                let _ = writeln!(s, "    // {} #{i}: inner reduction, rows {outer_tile:?}, chunk {chunk}", op.name);
                match_op(&mut s, &h, op);
                let th = format!("%t{i}");
                let mut tile = outer_tile.clone();
                tile.push(0);
                tile_for(&mut s, &th, &h, &tile);
                inner_reduction(&mut s, &th, &format!("{i}"), outer_tile.len() + 1, *chunk);
            }
            Plan::ChainSink { members, chunk } => chain(&mut s, ops, i, members, *chunk),
            Plan::PackedContraction | Plan::ChainMember { .. } | Plan::Fallback(_) => {}
        }
    }
    for (i, plan) in plans.iter().enumerate() {
        if *plan == Plan::PackedContraction {
            packed_contraction(&mut s, &ops[i], t);
        }
    }
    s.push_str(TAIL);
    s.push_str("    transform.yield\n  }\n}\n");
    s
}

/// Split a reduction over its last loop into `chunk`-wide partials and vectorize the pieces.
fn inner_reduction(s: &mut String, h: &str, tag: &str, rank: usize, chunk: i64) {
    if chunk == 0 {
        vectorize(s, h, None);
        return;
    }
    let mut sizes = vec![0i64; rank];
    sizes[rank - 1] = chunk;
    let _ = writeln!(
        s,
        "    %rf{tag}, %rp{tag}, %rc{tag}, %rl{tag} = transform.structured.tile_reduction_using_for {h} by tile_sizes = {sizes:?}\n        : (!transform.any_op) -> ({})",
        any_op_tuple(4)
    );
    vectorize(s, &format!("%rf{tag}"), None);
    vectorize(s, &format!("%rp{tag}"), None);
    vectorize(s, &format!("%rc{tag}"), None);
}

fn chain(s: &mut String, ops: &[OpDesc], sink: usize, members: &[usize], chunk: i64) {
    let op = &ops[sink];
    let r = op.iterators.len();
    let _ = writeln!(s, "    // fused chain ending at #{sink} with {members:?}: rows, chunk {chunk}");
    match_op(s, &format!("%op{sink}"), op);
    let mut rows = vec![1i64; r];
    rows[r - 1] = 0;
    let _ = writeln!(
        s,
        "    %cs{sink}, %cl{sink}_0 = transform.structured.tile_using_forall %op{sink} tile_sizes {rows:?}\n        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)"
    );
    // fuse producers, nearest first (reverse program order is a reverse topological order)
    let mut fused = Vec::new();
    for (k, &m) in members.iter().rev().enumerate() {
        match_op(s, &format!("%op{m}"), &ops[m]);
        let _ = writeln!(
            s,
            "    %f{m}, %cl{sink}_{} = transform.structured.fuse_into_containing_op %op{m} into %cl{sink}_{k}\n        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)",
            k + 1
        );
        fused.push(m);
    }
    // inside the row loop: chunk the long dimension
    let mut inner = vec![0i64; r];
    inner[r - 1] = chunk;
    for &m in &fused {
        let mo = &ops[m];
        let h = format!("%f{m}");
        if is_fill(mo) {
            vectorize(s, &h, None);
        } else if mo.iterators[r - 1] == Iter::Reduction {
            inner_reduction(s, &h, &format!("{m}"), r, chunk);
        } else {
            let th = format!("%ct{m}");
            tile_for(s, &th, &h, &inner);
            vectorize(s, &th, None);
        }
    }
    let th = format!("%ct{sink}");
    tile_for(s, &th, &format!("%cs{sink}"), &inner);
    vectorize(s, &th, None);
}

fn packed_contraction(s: &mut String, op: &OpDesc, t: &Tuning) {
    let i = op.id;
    let batch = op.iterators.len() == 7;
    let sizes = op.loop_sizes().unwrap_or_default();
    let b = usize::from(batch);
    let _ = writeln!(s, "    // #{i}: block-packed contraction, loops {sizes:?}");
    match_op(s, &format!("%op{i}"), op);
    let mut h = format!("%op{i}");
    // cache tiling: keep a panel of packed B (k1 x NB blocks) in L2 while m1 sweeps
    if sizes.len() == 6 + b {
        let (n1, k1) = (sizes[1 + b], sizes[2 + b]);
        let (n0, k0) = (sizes[4 + b], sizes[5 + b]);
        let elem_bytes = if op.outputs[0].elem.ends_with("64") { 8 } else { 4 };
        let panel = k1 * k0 * n0 * elem_bytes; // bytes of one n1 block of packed B
        let nb = (t.l2_bytes / panel.max(1)).max(1);
        if nb < n1 && sizes[b] > 1 {
            let mut tile = vec![0i64; 6 + b];
            tile[1 + b] = nb;
            tile_for(s, &format!("%ck{i}"), &h, &tile);
            h = format!("%ck{i}");
        }
    }
    let mut tile = vec![1i64; 3 + b];
    tile.extend([0, 0, 0]);
    let _ = writeln!(
        s,
        "    %mk{i}, %ml{i}:{} = transform.structured.tile_using_for {h} tile_sizes {tile:?}\n        : (!transform.any_op) -> ({})",
        3 + b,
        any_op_tuple(4 + b)
    );
    let inner_loop = format!("%ml{i}#{}", 2 + b);
    let _ = writeln!(
        s,
        "    transform.apply_patterns to {inner_loop} {{\n      transform.apply_patterns.linalg.fold_unit_extent_dims_via_slices\n      transform.apply_patterns.canonicalization\n    }} : !transform.any_op"
    );
    let _ = writeln!(
        s,
        "    %mg{i} = transform.structured.match ops{{[\"linalg.generic\"]}} in {inner_loop} : (!transform.any_op) -> !transform.any_op"
    );
    vectorize(s, &format!("%mg{i}"), None);
}

/// Cleanup, bufferization, hoisting and vector lowering (the recipe's tail). Pattern sets that
/// ping-pong (lower_broadcast + transfer_to_scf + canonicalization) stay in separate blocks.
const TAIL: &str = r#"    // ---- cleanup, bufferize, hoist, lower vector ops
    %tail_func = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %tail_func {
      transform.apply_patterns.vector.reduction_to_contract
      transform.apply_patterns.vector.transfer_permutation_patterns
      transform.apply_patterns.canonicalization
      transform.apply_patterns.tensor.fold_tensor_subset_ops_into_vector_transfers
    } : !transform.any_op
    transform.apply_cse to %tail_func : !transform.any_op
    %tail_buf = transform.bufferization.one_shot_bufferize layout{IdentityLayoutMap} %root
        {bufferize_function_boundaries = true, allow_return_allocs_from_loops = true, memcpy_op = "linalg.copy"} : (!transform.any_op) -> !transform.any_op
    %tail_f2 = transform.structured.match ops{["func.func"]} in %tail_buf : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %tail_f2 {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.apply_cse to %tail_f2 : !transform.any_op
    transform.apply_patterns to %tail_f2 {
      transform.apply_patterns.memref.fold_memref_alias_ops
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.apply_cse to %tail_f2 : !transform.any_op
    %tail_f3 = transform.structured.hoist_redundant_vector_transfers %tail_f2 : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %tail_f3 {
      transform.apply_patterns.vector.lower_masked_transfers
    } : !transform.any_op
    transform.apply_patterns to %tail_f3 {
      transform.apply_patterns.vector.lower_contraction lowering_strategy = "outerproduct"
      transform.apply_patterns.vector.transfer_permutation_patterns
      transform.apply_patterns.vector.lower_multi_reduction lowering_strategy = "innerreduction"
      transform.apply_patterns.vector.split_transfer_full_partial split_transfer_strategy = "linalg-copy"
      transform.apply_patterns.vector.transfer_to_scf max_transfer_rank = 1 full_unroll = true
      transform.apply_patterns.vector.lower_transfer max_transfer_rank = 1
      transform.apply_patterns.vector.lower_shape_cast
      transform.apply_patterns.vector.lower_transpose lowering_strategy = "shuffle_1d"
      transform.apply_patterns.vector.lower_outerproduct
    } : !transform.any_op
    transform.apply_patterns to %tail_f3 {
      transform.apply_patterns.vector.lower_broadcast
    } : !transform.any_op
    transform.apply_patterns to %tail_f3 {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
"#;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{IndexingMap, TensorTy};

    fn ty(s: &str) -> TensorTy {
        TensorTy::parse(s).unwrap()
    }

    fn generic(id: usize, iters: &[Iter], maps: &[&str], ins: &[&str], out: &str, body: &[&str]) -> OpDesc {
        OpDesc {
            id,
            name: "linalg.generic".into(),
            iterators: iters.to_vec(),
            maps: maps.iter().map(|m| IndexingMap::parse(m).unwrap()).collect(),
            inputs: ins.iter().map(|t| TensorTy::parse(t)).collect(),
            outputs: vec![ty(out)],
            inner_dims_pos: vec![],
            producers: vec![],
            consumers: vec![],
            used_outside: false,
            body_ops: body.iter().map(|s| s.to_string()).collect(),
        }
    }

    use Iter::{Parallel as P, Reduction as R};

    #[test]
    fn elementwise_tiles() {
        assert_eq!(elementwise_tile(&[4096, 4096], 64), (vec![1, 64], None));
        assert_eq!(elementwise_tile(&[13, 2, 8, 32], 256), (vec![1, 1, 0, 0], None));
        assert_eq!(elementwise_tile(&[100, 70], 64), (vec![1, 64], Some(vec![1, 64])));
        assert_eq!(elementwise_tile(&[5], 64), (vec![0], None));
    }

    #[test]
    fn softmax_is_one_chain() {
        let t = Tuning::for_isa(Isa::Avx2);
        let id2 = "affine_map<(d0, d1) -> (d0, d1)>";
        let row = "affine_map<(d0, d1) -> (d0)>";
        let mut ops = vec![
            generic(
                0,
                &[P],
                &["affine_map<(d0) -> ()>", "affine_map<(d0) -> (d0)>"],
                &["f32"],
                "tensor<64xf32>",
                &["linalg.yield"],
            ),
            generic(
                1,
                &[P, R],
                &[id2, row],
                &["tensor<64x256xf32>"],
                "tensor<64xf32>",
                &["arith.maximumf", "linalg.yield"],
            ),
            generic(
                2,
                &[P, P],
                &[id2, row, id2],
                &["tensor<64x256xf32>", "tensor<64xf32>"],
                "tensor<64x256xf32>",
                &["arith.subf", "math.exp", "linalg.yield"],
            ),
            generic(
                3,
                &[P],
                &["affine_map<(d0) -> ()>", "affine_map<(d0) -> (d0)>"],
                &["f32"],
                "tensor<64xf32>",
                &["linalg.yield"],
            ),
            generic(
                4,
                &[P, R],
                &[id2, row],
                &["tensor<64x256xf32>"],
                "tensor<64xf32>",
                &["arith.addf", "linalg.yield"],
            ),
            generic(
                5,
                &[P, P],
                &[id2, row, id2],
                &["tensor<64x256xf32>", "tensor<64xf32>"],
                "tensor<64x256xf32>",
                &["arith.divf", "linalg.yield"],
            ),
        ];
        ops[1].producers = vec![0];
        ops[2].producers = vec![1];
        ops[4].producers = vec![2, 3];
        ops[5].producers = vec![2, 4];
        let plans = plan(&ops, &t);
        assert_eq!(plans[5], Plan::ChainSink { members: vec![0, 1, 2, 3, 4], chunk: 64 });
        let sc = script(&ops, &plans, &t);
        assert!(sc.contains("tile_using_forall %op5 tile_sizes [1, 0]"), "{sc}");
        assert_eq!(sc.matches("fuse_into_containing_op").count(), 5);
        assert_eq!(sc.matches("tile_reduction_using_for").count(), 2);
    }

    #[test]
    fn reductions() {
        let t = Tuning::for_isa(Isa::Avx512);
        let full = generic(
            0,
            &[R, R],
            &["affine_map<(d0, d1) -> (d0, d1)>", "affine_map<(d0, d1) -> ()>"],
            &["tensor<8192x8192xf32>"],
            "tensor<f32>",
            &["arith.addf", "linalg.yield"],
        );
        assert_eq!(plan(&[full], &t)[0], Plan::InnerReduction { outer_tile: vec![1], chunk: 128 });
        let cols = generic(
            0,
            &[R, P],
            &["affine_map<(d0, d1) -> (d0, d1)>", "affine_map<(d0, d1) -> (d1)>"],
            &["tensor<100x300xf32>"],
            "tensor<300xf32>",
            &["arith.addf", "linalg.yield"],
        );
        assert_eq!(plan(&[cols], &t)[0], Plan::OuterReduction { tile: vec![1, 128], vector_sizes: Some(vec![1, 128]) });
    }

    #[test]
    fn non_vectorizable_falls_back() {
        let t = Tuning::for_isa(Isa::Avx2);
        let c = generic(
            0,
            &[P],
            &["affine_map<(d0) -> (d0)>", "affine_map<(d0) -> (d0)>"],
            &["tensor<8xcomplex<f32>>"],
            "tensor<8xcomplex<f32>>",
            &["complex.exp", "linalg.yield"],
        );
        assert!(matches!(plan(&[c], &t)[0], Plan::Fallback(_)));
    }
}
