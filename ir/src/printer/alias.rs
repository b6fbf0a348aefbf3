//! Attribute and type aliases (MLIR's `AliasInitializer` / `AliasState`).
//!
//! The builtin dialect gives aliases to affine maps (`#map`), integer sets (`#set`), locations
//! (`#loc`) and tuple types with more than 16 elements (`!tuple`). A first, output-free pass over
//! the IR visits every attribute and type that will be printed, in MLIR's visiting order (for a
//! generic op: its regions, operand types, result types, then attributes). Each visited value
//! gets a depth: 1 for an aliased leaf, `1 + max(children)` when children have aliases. Aliases
//! are then sorted by (depth, types first, name), stably in visiting order, and numbered per name
//! (`#map`, `#map1`, ...). Aliases used only by operation locations are "deferred": their
//! definitions are printed after the operation; all others are printed before it.

use crate::attributes::{AttrKind, Attribute, Location};
use crate::types::{Type, TypeKind};
use crate::Context;

use super::names::NONE;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Key {
    Attr(Attribute),
    Type(Type),
}

struct Entry {
    key: Key,
    alias: Option<&'static str>,
    depth: u32,
    can_defer: bool,
    children: Vec<u32>,
}

/// Collects aliases during the first pass.
#[derive(Default)]
pub(crate) struct AliasCollector {
    entries: Vec<Entry>,
    attr_slot: AttrSlots,
    type_slot: Vec<u32>,
}

/// A table indexed by attribute handle (compact file-line-col locations are numbered apart
/// from the other attributes: [`Attribute::dense_slot`]).
#[derive(Default)]
struct AttrSlots {
    attrs: Vec<u32>,
    locs: Vec<u32>,
}

impl AttrSlots {
    fn get(&self, a: Attribute) -> u32 {
        match a.dense_slot() {
            (false, i) => slot(&self.attrs, i),
            (true, i) => slot(&self.locs, i),
        }
    }
    fn set(&mut self, a: Attribute, x: u32) {
        match a.dense_slot() {
            (false, i) => set_slot(&mut self.attrs, i, x),
            (true, i) => set_slot(&mut self.locs, i, x),
        }
    }
}

fn slot(v: &[u32], i: u32) -> u32 {
    *v.get(i as usize).unwrap_or(&NONE)
}

fn set_slot(v: &mut Vec<u32>, i: u32, x: u32) {
    let i = i as usize;
    if i >= v.len() {
        v.resize(i + 1, NONE);
    }
    v[i] = x;
}

/// Whether `a` is an identity affine map (a memref layout MLIR does not print).
pub(crate) fn is_identity_layout(ctx: &Context, a: Attribute) -> bool {
    use crate::attributes::AffineExpr;
    match ctx.attr_kind(a) {
        AttrKind::AffineMap(m) => {
            m.num_symbols == 0
                && m.results.len() == m.num_dims as usize
                && m.results.iter().enumerate().all(|(i, e)| *e == AffineExpr::Dim(i as u32))
        }
        _ => false,
    }
}

/// Whether a print without debug info can give anything an alias. A conservative whole-context
/// scan (much cheaper than the dry run over every op): aliases are given only to affine maps,
/// integer sets, tuples of more than 16 types and locations; without debug info a location is
/// visited only as (part of) an op attribute or a type parameter (custom print hooks print
/// locations only through the location-aware printer functions, see [`super::OpAsmPrinter`]).
/// The context cannot gain attributes or types while printing (the printer holds it shared).
/// `false` means the dry run would find no alias, so it can be skipped.
pub(crate) fn may_have_aliases(ctx: &Context) -> bool {
    let is_loc = |a: &Attribute| matches!(ctx.try_attr_kind(*a), Some(AttrKind::Location(_)));
    for k in ctx.all_attr_kinds() {
        match k {
            AttrKind::AffineMap(_) | AttrKind::IntegerSet(_) => return true,
            AttrKind::Array(elems) if elems.iter().any(is_loc) => {
                return true;
            }
            AttrKind::Dictionary(entries) if entries.iter().any(|na| is_loc(&na.value)) => {
                return true;
            }
            _ => {}
        }
    }
    for k in ctx.all_type_kinds() {
        match k {
            TypeKind::Tuple(e) if e.len() > 16 => return true,
            TypeKind::RankedTensor { encoding: Some(a), .. }
            | TypeKind::UnrankedMemRef { memory_space: Some(a), .. }
                if is_loc(a) =>
            {
                return true
            }
            TypeKind::MemRef { layout, memory_space, .. } if layout.iter().chain(memory_space.iter()).any(is_loc) => {
                return true;
            }
            _ => {}
        }
    }
    for d in &ctx.ops {
        if d.all_attrs().iter().any(|na| is_loc(&na.value)) {
            return true;
        }
    }
    false
}

impl AliasCollector {
    fn mark_non_deferrable(&mut self, idx: u32) {
        let mut work = vec![idx];
        while let Some(i) = work.pop() {
            let e = &mut self.entries[i as usize];
            if !e.can_defer {
                continue;
            }
            e.can_defer = false;
            work.extend(e.children.iter().copied());
        }
    }

    fn begin(&mut self, key: Key, alias: Option<&'static str>, can_defer: bool) -> Result<u32, (u32, u32)> {
        let s = match key {
            Key::Attr(a) => self.attr_slot.get(a),
            Key::Type(t) => slot(&self.type_slot, t.0),
        };
        if s != NONE {
            let e = &self.entries[s as usize];
            if !can_defer && e.can_defer {
                self.mark_non_deferrable(s);
            }
            return Err((self.entries[s as usize].depth, s));
        }
        let idx = self.entries.len() as u32;
        match key {
            Key::Attr(a) => self.attr_slot.set(a, idx),
            Key::Type(t) => set_slot(&mut self.type_slot, t.0, idx),
        }
        self.entries.push(Entry { key, alias, depth: alias.is_some() as u32, can_defer, children: Vec::new() });
        Ok(idx)
    }

    fn finish_entry(&mut self, idx: u32, children: Vec<u32>, max_depth: u32) -> (u32, u32) {
        let e = &mut self.entries[idx as usize];
        e.children = children;
        if max_depth > 0 {
            e.depth = max_depth + 1;
        }
        (e.depth, idx)
    }

    /// Visit an attribute; returns (depth, index).
    pub(crate) fn visit_attr(&mut self, ctx: &Context, a: Attribute, can_defer: bool, elide_type: bool) -> (u32, u32) {
        let s = self.attr_slot.get(a);
        if s != NONE {
            let e = &self.entries[s as usize];
            if can_defer || !e.can_defer {
                return (e.depth, s);
            }
        }
        let kind = ctx.attr_kind(a);
        let alias = match kind {
            AttrKind::AffineMap(_) => Some("map"),
            AttrKind::IntegerSet(_) => Some("set"),
            AttrKind::Location(_) => Some("loc"),
            _ => None,
        };
        let idx = match self.begin(Key::Attr(a), alias, can_defer) {
            Ok(i) => i,
            Err(r) => return r,
        };
        let mut children = Vec::new();
        let mut max = 0;
        let rec_a = |s: &mut Self, c: Attribute, children: &mut Vec<u32>, max: &mut u32| {
            let (d, i) = s.visit_attr(ctx, c, can_defer, false);
            children.push(i);
            *max = (*max).max(d);
        };
        let mut ty = None;
        match kind {
            AttrKind::AffineMap(_)
            | AttrKind::IntegerSet(_)
            | AttrKind::DenseArray { .. }
            | AttrKind::Float { .. }
            | AttrKind::Integer { .. }
            | AttrKind::Unit => return self.finish_entry(idx, children, max),
            AttrKind::Dictionary(entries) => {
                for na in entries {
                    rec_a(self, na.value, &mut children, &mut max);
                }
            }
            AttrKind::Array(elems) => {
                for &e in elems {
                    rec_a(self, e, &mut children, &mut max);
                }
            }
            AttrKind::Type(t) => {
                let (d, i) = self.visit_type(ctx, *t, can_defer);
                children.push(i);
                max = max.max(d);
            }
            AttrKind::Location(l) => match l {
                Location::Name { child: Some(c), .. }
                    if !matches!(ctx.attr_kind(*c), AttrKind::Location(Location::Unknown)) =>
                {
                    rec_a(self, *c, &mut children, &mut max);
                }
                Location::CallSite { callee, caller } => {
                    rec_a(self, *callee, &mut children, &mut max);
                    rec_a(self, *caller, &mut children, &mut max);
                }
                Location::Fused { locations, metadata } => {
                    if let Some(m) = metadata {
                        rec_a(self, *m, &mut children, &mut max);
                    }
                    for &l in locations {
                        rec_a(self, l, &mut children, &mut max);
                    }
                }
                _ => {}
            },
            AttrKind::String { ty: t, .. } => ty = *t,
            AttrKind::DenseElements { ty: t, .. }
            | AttrKind::DenseStrings { ty: t, .. }
            | AttrKind::DenseResource { ty: t, .. } => ty = Some(*t),
            _ => {}
        }
        if !elide_type {
            if let Some(t) = ty {
                if !matches!(ctx.type_kind(t), TypeKind::None) {
                    let (d, i) = self.visit_type(ctx, t, can_defer);
                    children.push(i);
                    max = max.max(d);
                }
            }
        }
        self.finish_entry(idx, children, max)
    }

    /// Visit a type; returns (depth, index).
    pub(crate) fn visit_type(&mut self, ctx: &Context, t: Type, can_defer: bool) -> (u32, u32) {
        // Fast path: a type already visited and already non-deferrable (the common case when
        // the same few types are used by many ops) changes nothing.
        let s = slot(&self.type_slot, t.0);
        if s != NONE {
            let e = &self.entries[s as usize];
            if can_defer || !e.can_defer {
                return (e.depth, s);
            }
        }
        let kind = ctx.type_kind(t);
        let alias = match kind {
            TypeKind::Tuple(e) if e.len() > 16 => Some("tuple"),
            _ => None,
        };
        let idx = match self.begin(Key::Type(t), alias, can_defer) {
            Ok(i) => i,
            Err(r) => return r,
        };
        let mut children = Vec::new();
        let mut max = 0;
        let sub_t = |s: &mut Self, c: Type, children: &mut Vec<u32>, max: &mut u32| {
            let (d, i) = s.visit_type(ctx, c, can_defer);
            children.push(i);
            *max = (*max).max(d);
        };
        let sub_a = |s: &mut Self, c: Attribute, children: &mut Vec<u32>, max: &mut u32| {
            let (d, i) = s.visit_attr(ctx, c, can_defer, false);
            children.push(i);
            *max = (*max).max(d);
        };
        match kind {
            TypeKind::MemRef { element, layout, memory_space, .. } => {
                sub_t(self, *element, &mut children, &mut max);
                if let Some(l) = layout {
                    if !is_identity_layout(ctx, *l) {
                        sub_a(self, *l, &mut children, &mut max);
                    }
                }
                if let Some(m) = memory_space {
                    sub_a(self, *m, &mut children, &mut max);
                }
            }
            TypeKind::RankedTensor { element, encoding, .. } => {
                sub_t(self, *element, &mut children, &mut max);
                if let Some(e) = encoding {
                    sub_a(self, *e, &mut children, &mut max);
                }
            }
            TypeKind::UnrankedTensor { element } | TypeKind::Vector { element, .. } | TypeKind::Complex(element) => {
                sub_t(self, *element, &mut children, &mut max)
            }
            TypeKind::UnrankedMemRef { element, memory_space } => {
                sub_t(self, *element, &mut children, &mut max);
                if let Some(m) = memory_space {
                    sub_a(self, *m, &mut children, &mut max);
                }
            }
            TypeKind::Tuple(elems) => {
                for &e in elems {
                    sub_t(self, e, &mut children, &mut max);
                }
            }
            TypeKind::Function { inputs, results } => {
                for &e in inputs.iter().chain(results.iter()) {
                    sub_t(self, e, &mut children, &mut max);
                }
            }
            _ => {}
        }
        self.finish_entry(idx, children, max)
    }

    /// Sort and number the aliases.
    pub(crate) fn finish(self) -> AliasTable {
        let mut with_alias: Vec<&Entry> = self.entries.iter().filter(|e| e.alias.is_some()).collect();
        with_alias.sort_by(|a, b| {
            a.depth
                .cmp(&b.depth)
                .then_with(|| matches!(b.key, Key::Type(_)).cmp(&matches!(a.key, Key::Type(_))))
                .then_with(|| a.alias.cmp(&b.alias))
        });
        let mut table = AliasTable::default();
        let mut counts: Vec<(&'static str, u32)> = Vec::new();
        for e in with_alias {
            let name = e.alias.unwrap_or("alias");
            let n = match counts.iter_mut().find(|(k, _)| *k == name) {
                Some((_, c)) => {
                    *c += 1;
                    *c - 1
                }
                None => {
                    counts.push((name, 1));
                    0
                }
            };
            let mut s = String::with_capacity(name.len() + 4);
            s.push(if matches!(e.key, Key::Type(_)) { '!' } else { '#' });
            s.push_str(name);
            if n > 0 {
                super::names::push_u32(&mut s, n);
            }
            let idx = table.ordered.len() as u32;
            match e.key {
                Key::Attr(a) => table.attr_slot.set(a, idx),
                Key::Type(t) => set_slot(&mut table.type_slot, t.0, idx),
            }
            table.ordered.push((e.key, s, e.can_defer));
        }
        table
    }
}

/// The final aliases of a print.
#[derive(Default)]
pub(crate) struct AliasTable {
    /// (value, alias text with `#`/`!`, deferrable), in definition order.
    pub(crate) ordered: Vec<(Key, String, bool)>,
    attr_slot: AttrSlots,
    type_slot: Vec<u32>,
}

impl AliasTable {
    pub(crate) fn attr(&self, a: Attribute) -> Option<&str> {
        let s = self.attr_slot.get(a);
        (s != NONE).then(|| self.ordered[s as usize].1.as_str())
    }
    pub(crate) fn ty(&self, t: Type) -> Option<&str> {
        let s = slot(&self.type_slot, t.0);
        (s != NONE).then(|| self.ordered[s as usize].1.as_str())
    }
}
