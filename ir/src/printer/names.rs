//! SSA value and block naming (MLIR's `SSANameState`).
//!
//! Numbering follows MLIR exactly:
//! - Regions are numbered from a stack (last pushed first). A region numbers its block arguments
//!   and op results in order; the regions of its ops are pushed afterwards with a snapshot of the
//!   counters, so values of nested regions continue after *all* values of the enclosing region,
//!   and sibling regions restart from the same snapshot.
//! - Entry-block arguments are `%argN` (own counter), other block arguments and results share
//!   the value counter (`%N`); multi-result ops take one number (`%0:2`, uses `%0#1`).
//! - Blocks are `^bbN`, numbered per region.
//! - Suggested result names (`OpInfo::asm_result_names`, custom form only) are sanitized and
//!   uniqued against the names visible from enclosing regions: `%cst`, `%cst_0`, `%cst_1`.
//! - In generic form MLIR prints unique IDs (`--mlir-print-unique-ssa-ids` is implied): counters
//!   are not restored between regions.
//!
//! Tables are `Vec`s indexed by arena index; lookups are O(1) without hashing.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use crate::ir::{BlockId, OpId, RegionId, Value};
use crate::types::Type;
use crate::Context;

pub(crate) const NONE: u32 = u32::MAX;
const TAG: u32 = 1 << 31;
/// Set in an op's id when it has more than one result (uses print `#N`).
const MULTI: u32 = 1 << 30;
const NO_TYPE: Type = Type(u32::MAX);

/// Assigned names of values and blocks for one print.
#[derive(Default)]
pub(crate) struct NameState {
    /// Per op index: its id (`NONE`, a numeric id, or `TAG | index` into `names`; with `MULTI`
    /// when it has several results) and the type of its first result. Printing an operand
    /// needs only this compact entry, not the defining op's (large, randomly placed) data.
    op_ids: Vec<(u32, Type)>,
    /// Result names (shared with the name scopes while numbering).
    names: Vec<Rc<str>>,
    /// Per block index: `NONE`, or the first number of its arguments (`TAG` set for entry blocks,
    /// whose arguments are `%argN`).
    block_args: Vec<u32>,
    /// Per block index: position in its region (`^bbN`), or `NONE`.
    block_order: Vec<u32>,
    /// Argument names that are not simply `argN` / `N` (uniquing conflicts, shadowing).
    arg_overrides: HashMap<(u32, u32), Rc<str>>,
    /// Ops whose results are named in groups (`%sum, %overflow = ...`, `%base, %sizes:2 = ...`):
    /// per result, its group's index into `names`, the group's size and the result's index in it.
    split_results: HashMap<u32, Vec<ResultName>>,
}

fn get(v: &[u32], i: u32) -> u32 {
    *v.get(i as usize).unwrap_or(&NONE)
}

fn set_op(v: &mut Vec<(u32, Type)>, i: u32, id: u32, ctx: &Context, op: OpId) {
    let i = i as usize;
    if i >= v.len() {
        v.resize(i + 1, (NONE, NO_TYPE));
    }
    let n = ctx.op(op).num_results();
    let multi = if n > 1 { MULTI } else { 0 };
    v[i] = (id | multi, if n == 0 { NO_TYPE } else { ctx.result_type(op, 0) });
}

fn set(v: &mut Vec<u32>, i: u32, x: u32) {
    let i = i as usize;
    if i >= v.len() {
        v.resize(i + 1, NONE);
    }
    v[i] = x;
}

impl NameState {
    /// Number every value and block under `root` (and `root`'s own results).
    pub(crate) fn compute(ctx: &Context, root: OpId, generic: bool) -> NameState {
        let mut n = Numberer {
            ctx,
            generic,
            st: NameState {
                op_ids: vec![(NONE, NO_TYPE); ctx.ops.len()],
                names: Vec::new(),
                block_args: vec![NONE; ctx.blocks.len()],
                block_order: vec![NONE; ctx.blocks.len()],
                arg_overrides: HashMap::new(),
                split_results: HashMap::new(),
            },
            next_value: 0,
            next_arg: 0,
            next_conflict: 0,
            scopes: Scopes::default(),
        };
        let top = n.scopes.push();
        let mut stack: Vec<(RegionId, u32, u32, u32, u32)> =
            ctx.op(root).regions().iter().map(|&r| (r, 0, 0, 0, top)).collect();
        n.number_op(root);
        while let Some((r, nv, na, nc, parent)) = stack.pop() {
            if !generic {
                n.next_value = nv;
                n.next_arg = na;
                n.next_conflict = nc;
            }
            n.scopes.pop_until(parent);
            let cur = n.scopes.push();
            n.number_region(r);
            for &b in &ctx.region(r).blocks {
                for op in ctx.block_ops(b) {
                    for &r2 in ctx.op(op).regions() {
                        stack.push((r2, n.next_value, n.next_arg, n.next_conflict, cur));
                    }
                }
            }
        }
        n.st
    }

    /// Write the name of a value (`%3`, `%arg0`, `%cst_1`, `%0#1`), or `<<UNKNOWN SSA VALUE>>`
    /// when it has none (not under the printed root, or a dangling handle).
    pub(crate) fn write_value(&self, ctx: &Context, v: Value, print_result_no: bool, out: &mut String) {
        match v {
            Value::Result { op, index } => {
                let raw = self.op_ids.get(op.0 as usize).map_or(NONE, |e| e.0);
                // Only ops with results are numbered: index 0 of a numbered op is valid.
                let valid = raw != NONE
                    && (index == 0
                        || (raw & MULTI != 0
                            && ctx.ops.get(op.0 as usize).is_some_and(|d| (index as usize) < d.num_results())));
                if !valid {
                    out.push_str("<<UNKNOWN SSA VALUE>>");
                    return;
                }
                out.push('%');
                if !self.split_results.is_empty() {
                    if let Some(ids) = self.split_results.get(&op.0) {
                        let r = ids.get(index as usize).copied().unwrap_or_default();
                        out.push_str(self.names.get(r.name as usize).map_or("<<INVALID>>", |s| s));
                        if r.group > 1 && print_result_no {
                            out.push('#');
                            push_u32(out, r.index);
                        }
                        return;
                    }
                }
                self.write_id(raw & !MULTI, out);
                if print_result_no && raw & MULTI != 0 {
                    out.push('#');
                    push_u32(out, index);
                }
            }
            Value::BlockArg { block, index } => {
                let nargs = match ctx.blocks.get(block.0 as usize) {
                    Some(b) => b.args.len() as u32,
                    None => 0,
                };
                let base = get(&self.block_args, block.0);
                if index >= nargs || base == NONE {
                    out.push_str("<<UNKNOWN SSA VALUE>>");
                    return;
                }
                out.push('%');
                if !self.arg_overrides.is_empty() {
                    if let Some(s) = self.arg_overrides.get(&(block.0, index)) {
                        out.push_str(s);
                        return;
                    }
                }
                if base & TAG != 0 {
                    out.push_str("arg");
                    push_u32(out, (base & !TAG) + index);
                } else {
                    push_u32(out, base + index);
                }
            }
        }
    }

    /// The names of an op's result groups when they are named in groups, each with its size
    /// (`sum`/1, `overflow`/1; `sizes`/2).
    pub(crate) fn split_result_names(&self, op: OpId) -> Option<Vec<(&str, u32)>> {
        if self.split_results.is_empty() {
            return None;
        }
        let ids = self.split_results.get(&op.0)?;
        Some(
            ids.iter()
                .filter(|r| r.index == 0)
                .map(|r| (self.names.get(r.name as usize).map_or("<<INVALID>>", |s| &**s), r.group))
                .collect(),
        )
    }

    /// Write the name of an op's first result without `%` or `#`: the results header uses it.
    pub(crate) fn write_op_result_base(&self, op: OpId, out: &mut String) -> bool {
        let id = self.op_ids.get(op.0 as usize).map_or(NONE, |e| e.0);
        if id == NONE {
            return false;
        }
        self.write_id(id & !MULTI, out);
        true
    }

    fn write_id(&self, id: u32, out: &mut String) {
        if id & TAG != 0 {
            out.push_str(self.names.get((id & !TAG) as usize).map_or("<<INVALID>>", |s| s));
        } else {
            push_u32(out, id);
        }
    }

    /// The type of an op's result when the op is numbered (without touching the op's data).
    #[inline]
    pub(crate) fn numbered_result_type(&self, op: OpId, index: u32) -> Option<Type> {
        match self.op_ids.get(op.0 as usize) {
            Some(&(id, ty)) if index == 0 && id != NONE => Some(ty),
            _ => None,
        }
    }

    /// Position of a block in its region, if named.
    pub(crate) fn block_order(&self, b: BlockId) -> Option<u32> {
        let o = get(&self.block_order, b.0);
        (o != NONE).then_some(o)
    }

    /// Write `^bbN` (or MLIR's `INVALIDBLOCK` for a block outside the printed IR).
    pub(crate) fn write_block(&self, b: BlockId, out: &mut String) {
        match self.block_order(b) {
            Some(o) => {
                out.push_str("^bb");
                push_u32(out, o);
            }
            None => out.push_str("INVALIDBLOCK"),
        }
    }

    /// Give the entry-block arguments of `region` the names of `values` (MLIR's
    /// `shadowRegionArgs`).
    pub(crate) fn shadow(&mut self, ctx: &Context, region: RegionId, values: &[Value]) {
        let Some(entry) = ctx.region(region).blocks.first().copied() else { return };
        for (i, v) in values.iter().enumerate() {
            let mut s = String::new();
            self.write_value(ctx, *v, true, &mut s);
            let name = s.strip_prefix('%').unwrap_or(&s).into();
            self.arg_overrides.insert((entry.0, i as u32), name);
        }
    }
}

/// The name of one result of an op whose results are named in groups.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct ResultName {
    /// The group's index into the names.
    name: u32,
    /// The group's size.
    group: u32,
    /// The result's index in its group.
    index: u32,
}

pub(crate) fn push_u32(out: &mut String, n: u32) {
    // Hot (every SSA name): one-digit fast path, otherwise two digits at a time straight into
    // the output's spare capacity (no temporary buffer, no `memcpy` call).
    if n < 10 {
        out.push((b'0' + n as u8) as char);
        return;
    }
    const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";
    let digits = if n < 100 {
        2
    } else if n < 1000 {
        3
    } else if n < 10_000 {
        4
    } else if n < 100_000 {
        5
    } else if n < 1_000_000 {
        6
    } else if n < 10_000_000 {
        7
    } else if n < 100_000_000 {
        8
    } else if n < 1_000_000_000 {
        9
    } else {
        10
    };
    // SAFETY: only ASCII digits are written, all `digits` bytes of the reserved spare capacity
    // are initialized before the length is set.
    unsafe {
        let v = out.as_mut_vec();
        v.reserve(digits);
        let len = v.len();
        let p = v.as_mut_ptr().add(len);
        let mut i = digits;
        let mut n = n;
        while n >= 100 {
            let r = (n % 100) as usize * 2;
            n /= 100;
            i -= 2;
            *p.add(i) = PAIRS[r];
            *p.add(i + 1) = PAIRS[r + 1];
        }
        if n >= 10 {
            let r = n as usize * 2;
            *p.add(0) = PAIRS[r];
            *p.add(1) = PAIRS[r + 1];
        } else {
            *p = b'0' + n as u8;
        }
        v.set_len(len + digits);
    }
}

/// MLIR's `ScopedHashTable` of used names: names are visible in nested scopes and dropped when
/// their scope is popped. Each name is allocated once, shared by the set, the log and the
/// [`NameState`].
#[derive(Default)]
struct Scopes {
    set: HashSet<Rc<str>>,
    /// The open scopes: their ids and where their names start in `log`.
    stack: Vec<(u32, usize)>,
    /// The names of the open scopes in insertion order (scopes nest: a scope's names are the
    /// log's tail from its start).
    log: Vec<Rc<str>>,
    next_id: u32,
}

impl Scopes {
    fn push(&mut self) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        self.stack.push((id, self.log.len()));
        id
    }
    fn pop_until(&mut self, id: u32) {
        while let Some(&(top, start)) = self.stack.last() {
            if top == id {
                break;
            }
            self.stack.pop();
            for n in self.log.drain(start..) {
                self.set.remove(&n);
            }
        }
    }
    fn contains(&self, s: &str) -> bool {
        self.set.contains(s)
    }
    fn insert(&mut self, s: &Rc<str>) {
        if self.set.insert(s.clone()) {
            self.log.push(s.clone());
        }
    }
}

struct Numberer<'c> {
    ctx: &'c Context,
    generic: bool,
    st: NameState,
    next_value: u32,
    next_arg: u32,
    next_conflict: u32,
    scopes: Scopes,
}

impl Numberer<'_> {
    fn number_region(&mut self, r: RegionId) {
        let ctx = self.ctx;
        for (i, &b) in ctx.region(r).blocks.iter().enumerate() {
            set(&mut self.st.block_order, b.0, i as u32);
            self.number_block(b, i == 0);
        }
    }

    fn number_block(&mut self, b: BlockId, entry: bool) {
        let ctx = self.ctx;
        let nargs = ctx.block(b).args.len() as u32;
        if entry {
            let base = self.next_arg;
            set(&mut self.st.block_args, b.0, TAG | base);
            // Names from the parent op (MLIR's `getAsmBlockArgumentNames`): named arguments do
            // not use an `argN` number; every argument then gets an explicit name.
            let hinted = if self.generic {
                None
            } else {
                ctx.block(b).parent.and_then(|r| {
                    let op = ctx.region(r).parent?;
                    let f = ctx.op_info(ctx.op(op).name)?.asm_block_arg_names?;
                    Some(f(ctx, op, r))
                })
            };
            if let Some(names) = hinted {
                for i in 0..nargs {
                    let name = match names.get(i as usize).cloned().flatten() {
                        Some(n) => n,
                        None => {
                            let n = format!("arg{}", self.next_arg);
                            self.next_arg += 1;
                            n
                        }
                    };
                    let unique = self.unique(&sanitize(&name));
                    self.st.arg_overrides.insert((b.0, i), unique);
                }
            } else {
                for i in 0..nargs {
                    let name = format!("arg{}", self.next_arg);
                    self.next_arg += 1;
                    let unique = self.unique(&name);
                    if *unique != *name {
                        self.st.arg_overrides.insert((b.0, i), unique);
                    }
                }
            }
        } else {
            set(&mut self.st.block_args, b.0, self.next_value);
            self.next_value += nargs;
        }
        for op in ctx.block_ops(b) {
            self.number_op(op);
        }
    }

    fn number_op(&mut self, op: OpId) {
        let ctx = self.ctx;
        let d = ctx.op(op);
        if d.num_results() == 0 {
            return;
        }
        if !self.generic {
            if let Some(f) = ctx.op_info(d.name).and_then(|i| i.asm_result_names) {
                if let Some(name) = f(ctx, op) {
                    if let Some(ids) = self.result_groups(&name, d.num_results()) {
                        set_op(&mut self.st.op_ids, op.0, TAG | ids[0].name, ctx, op);
                        self.st.split_results.insert(op.0, ids);
                        return;
                    }
                    if !name.is_empty() {
                        let unique = self.unique(&sanitize(&name));
                        let idx = self.st.names.len() as u32;
                        self.st.names.push(unique);
                        set_op(&mut self.st.op_ids, op.0, TAG | idx, ctx, op);
                        return;
                    }
                }
            }
        }
        set_op(&mut self.st.op_ids, op.0, self.next_value, ctx, op);
        self.next_value += 1;
    }

    /// Named result groups from a result-name hook's `a,b:2,c` (a group per part, `:N` its size),
    /// when there are several parts and their sizes add up to the op's results.
    fn result_groups(&mut self, name: &str, nres: usize) -> Option<Vec<ResultName>> {
        if !name.contains(',') {
            return None;
        }
        let parts: Vec<(&str, u32)> = name
            .split(',')
            .map(|p| match p.rsplit_once(':') {
                Some((n, k)) => k.parse().map(|k| (n, k)).unwrap_or((p, 1)),
                None => (p, 1),
            })
            .collect();
        if parts.iter().map(|&(_, k)| k as usize).sum::<usize>() != nres || parts.iter().any(|&(_, k)| k == 0) {
            return None;
        }
        let mut ids = Vec::with_capacity(nres);
        for (part, k) in parts {
            let unique = self.unique(&sanitize(part));
            let id = self.st.names.len() as u32;
            self.st.names.push(unique);
            ids.extend((0..k).map(|index| ResultName { name: id, group: k, index }));
        }
        Some(ids)
    }

    /// MLIR's `uniqueValueName`.
    fn unique(&mut self, name: &str) -> Rc<str> {
        let name: Rc<str> = if self.scopes.contains(name) {
            let mut probe;
            loop {
                probe = format!("{}_{}", name, self.next_conflict);
                self.next_conflict += 1;
                if !self.scopes.contains(&probe) {
                    break;
                }
            }
            probe.into()
        } else {
            name.into()
        };
        self.scopes.insert(&name);
        name
    }
}

/// MLIR's `sanitizeIdentifier` with `$._-` allowed and trailing digits allowed (borrowed when
/// `name` is already valid).
pub(crate) fn sanitize(name: &str) -> Cow<'_, str> {
    let ok = |c: u8| c.is_ascii_alphanumeric() || b"$._-".contains(&c);
    let copy = |out: &mut String| {
        for &c in name.as_bytes() {
            if ok(c) {
                out.push(c as char);
            } else if c == b' ' {
                out.push('_');
            } else {
                out.push_str(&format!("{:X}", c));
            }
        }
    };
    let mut out = String::new();
    if name.as_bytes().first().is_some_and(|c| c.is_ascii_digit()) {
        out.push('_');
        copy(&mut out);
        return Cow::Owned(out);
    }
    if name.bytes().all(ok) {
        return Cow::Borrowed(name);
    }
    copy(&mut out);
    Cow::Owned(out)
}
