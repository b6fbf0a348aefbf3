//! Operations, blocks, regions and SSA values (MLIR's `Operation`, `Block`, `Region`, `Value`).
//!
//! The IR lives in arenas inside the [`Context`]. An operation has a name, operands, results,
//! properties (inherent attributes, printed `<{...}>`), discardable attributes (`{...}`),
//! successors, regions and a location. A block has arguments and a list of operations (a doubly
//! linked list: insertion and erasure are O(1)); a region has a list of blocks.
//!
//! Use lists: every operand of every live operation is recorded in the use list of the value it
//! uses ([`Context::uses`]). As in MLIR, the lists are intrusive: each operand has a link
//! ([`UseLink`], in one arena of the context, an op's links consecutive) and a value holds only
//! its first use, so adding a use never allocates and touches only the value and the new link.
//! The links' back pointers are built on demand (see [`ValueData`]): removing a use is O(1) after
//! the first removal from a list. [`Context::replace_all_uses`] costs O(uses).

use crate::attributes::{Attribute, NamedAttribute};
use crate::types::Type;
use crate::{Context, Symbol};

/// An operation handle.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct OpId(pub(crate) u32);
/// A block handle.
#[repr(transparent)]
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct BlockId(pub(crate) u32);
/// A region handle.
#[repr(transparent)]
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct RegionId(pub(crate) u32);
/// An interned operation name.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct OpName(pub(crate) u32);

impl OpName {
    /// Raw index (dense: a context numbers its op names 0, 1, 2, ...), for per-name tables.
    pub fn index(self) -> u32 {
        self.0
    }
}

impl OpId {
    /// Raw index (stable for the context's lifetime).
    pub fn index(self) -> u32 {
        self.0
    }
}
impl BlockId {
    /// Raw index.
    pub fn index(self) -> u32 {
        self.0
    }
}
impl RegionId {
    /// Raw index.
    pub fn index(self) -> u32 {
        self.0
    }
}

/// An arena index or none, in the index's own 4 bytes (`u32::MAX` is none; no arena holds
/// that many entries). `Option<OpId>` would take 8: the op data stores its links this way to
/// stay small (a large module holds hundreds of thousands of ops).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct PackedOption<T>(u32, std::marker::PhantomData<T>);

/// A 32-bit handle that [`PackedOption`] can hold.
pub(crate) trait RawIndex: Copy {
    fn from_raw(i: u32) -> Self;
    fn raw(self) -> u32;
}

macro_rules! raw_index {
    ($($t:ty),*) => {$(
        impl RawIndex for $t {
            #[inline(always)]
            fn from_raw(i: u32) -> Self {
                Self(i)
            }
            #[inline(always)]
            fn raw(self) -> u32 {
                self.0
            }
        }
    )*};
}
raw_index!(OpId, BlockId, Attribute, UseId);

impl<T: RawIndex> PackedOption<T> {
    pub(crate) const NONE: Self = PackedOption(u32::MAX, std::marker::PhantomData);

    #[inline(always)]
    pub(crate) fn get(self) -> Option<T> {
        if self.0 == u32::MAX {
            None
        } else {
            Some(T::from_raw(self.0))
        }
    }

    #[inline(always)]
    pub(crate) fn is_none(self) -> bool {
        self.0 == u32::MAX
    }
}

impl<T: RawIndex> From<Option<T>> for PackedOption<T> {
    #[inline(always)]
    fn from(o: Option<T>) -> Self {
        match o {
            Some(t) => {
                debug_assert!(t.raw() != u32::MAX);
                PackedOption(t.raw(), std::marker::PhantomData)
            }
            None => Self::NONE,
        }
    }
}

/// An SSA value: an operation result or a block argument.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Value {
    /// Result `index` of `op`.
    Result {
        /// The defining operation.
        op: OpId,
        /// Result number.
        index: u32,
    },
    /// Argument `index` of `block`.
    BlockArg {
        /// The owning block.
        block: BlockId,
        /// Argument number.
        index: u32,
    },
}

/// A use link's index in the context's link arena.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct UseId(u32);

/// One operand's place in the use list of the value it uses. An op's links are consecutive in
/// the context's arena, one per operand, from [`OpData::links`].
/// (Its operand number is its distance from the user's first link.)
#[derive(Copy, Clone, Debug)]
pub(crate) struct UseLink {
    user: OpId,
    /// The next use of the same value.
    next: PackedOption<UseId>,
    /// The previous use (none: the first), valid only while the value's
    /// [`ValueData::back_links`] is set.
    prev: PackedOption<UseId>,
}

/// The uses of a value, most recently added first (as MLIR's use lists): an iterator over the
/// value's links, with the slice-like queries callers ask of a use list.
#[derive(Clone)]
pub struct Uses<'a> {
    ctx: &'a Context,
    next: PackedOption<UseId>,
}

impl<'a> Uses<'a> {
    /// Whether the value has no uses (O(1)).
    pub fn is_empty(&self) -> bool {
        self.next.is_none()
    }
    /// The number of uses (O(uses)).
    pub fn len(&self) -> usize {
        self.clone().count()
    }
    /// Whether the value has exactly one use (O(1)).
    pub fn has_one(&self) -> bool {
        match self.next.get() {
            Some(u) => self.ctx.use_links[u.0 as usize].next.is_none(),
            None => false,
        }
    }
    /// The uses as an iterator (this value itself: the slice-like spelling).
    pub fn iter(&self) -> Self {
        self.clone()
    }
    /// The uses collected (to mutate the IR while going through them).
    pub fn to_vec(&self) -> Vec<Use> {
        self.clone().collect()
    }
}

impl Iterator for Uses<'_> {
    type Item = Use;
    #[inline]
    fn next(&mut self) -> Option<Use> {
        let u = self.next.get()?;
        let l = &self.ctx.use_links[u.0 as usize];
        self.next = l.next;
        Some(Use { user: l.user, operand: u.0 - self.ctx.ops[l.user.0 as usize].links })
    }
}

/// One use of a value: operand `operand` of operation `user`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Use {
    /// The using operation.
    pub user: OpId,
    /// The operand index within the user.
    pub operand: u32,
}

/// Type, location and uses of a value.
#[derive(Clone, Debug)]
pub struct ValueData {
    /// The value's type.
    pub ty: Type,
    /// Optional location (block arguments may carry one): [`ValueData::loc`].
    pub(crate) loc: PackedOption<Attribute>,
    /// The most recently added use (the head of the use list: [`Context::uses`]).
    pub(crate) first_use: PackedOption<UseId>,
    /// Whether the `prev` links of this value's uses are kept. Adding a use at the head would
    /// otherwise write the old head's link too (a cache miss per operand while reading a large
    /// module), so they are built by the first removal of a use that is not the head, and kept
    /// from then on.
    pub(crate) back_links: bool,
}

impl ValueData {
    fn new(ty: Type) -> Self {
        ValueData { ty, loc: PackedOption::NONE, first_use: PackedOption::NONE, back_links: false }
    }

    /// A value with an optional location (block arguments may carry one).
    pub fn with_loc(ty: Type, loc: Option<Attribute>) -> Self {
        ValueData { ty, loc: loc.into(), first_use: PackedOption::NONE, back_links: false }
    }

    /// The value's own location, if it has one (block arguments may).
    pub fn loc(&self) -> Option<Attribute> {
        self.loc.get()
    }
}

/// The erased bit of [`OpData::props_erased`].
const ERASED: u32 = 1 << 31;

/// Arena data of an operation.
///
/// Kept small (a large module holds hundreds of thousands): up to two operands and one result
/// are stored inline, and the lists that are usually empty (attributes, successors, regions)
/// are one pointer each until they hold something.
#[derive(Clone, Debug)]
pub struct OpData {
    pub(crate) name: OpName,
    pub(crate) loc: Attribute,
    pub(crate) parent: PackedOption<BlockId>,
    pub(crate) prev: PackedOption<OpId>,
    pub(crate) next: PackedOption<OpId>,
    /// Operands (including successor operands, as in MLIR's generic form). Private: every
    /// change goes through the context so that use lists stay exact.
    pub(crate) operands: OperandList,
    /// The number of results. Result 0's data is in the context's `first_results`, indexed by op
    /// (dense: adding a use, or reading an operand's type, touches a table of 16 bytes per op
    /// instead of the op data — fewer cache and TLB misses in a large module); results 1.. are
    /// in `more_results`.
    pub(crate) n_results: u32,
    pub(crate) more_results: ThinVec<ValueData>,
    /// Inherent attributes (`<{...}>`, the first `n_props` entries) then discardable ones
    /// (`{...}`), each part sorted by name. One list with two entries inline: most ops have
    /// none, one or two, and then reading them touches only the op itself (no allocation, no
    /// pointer to chase).
    pub(crate) attrs: smallvec::SmallVec<[NamedAttribute; 2]>,
    /// The number of properties (low 31 bits) and whether the op is erased (the top bit),
    /// packed: [`OpData::n_props`], [`OpData::erased`].
    pub(crate) props_erased: u32,
    /// The index of the use link of the first operand ([`UseLink`]: one per operand, consecutive).
    pub(crate) links: u32,
    /// Regions and successors (one pointer; no allocation for the many ops without either).
    pub(crate) tail: OpTail,
}

/// The regions and successors of an op in one allocation, `[n_regions, regions..,
/// successors..]`, or none at all for an op that has neither (most have neither): one pointer
/// in the op data instead of two lists.
#[derive(Clone, Debug, Default)]
pub(crate) struct OpTail(ThinVec<u32>);

impl OpTail {
    fn new(regions: &[RegionId], successors: &[BlockId]) -> Self {
        if regions.is_empty() && successors.is_empty() {
            return OpTail(ThinVec::new());
        }
        let mut v = ThinVec::with_capacity(1 + regions.len() + successors.len());
        v.push(regions.len() as u32);
        v.extend(regions.iter().map(|r| r.0));
        v.extend(successors.iter().map(|b| b.0));
        OpTail(v)
    }

    #[inline]
    fn n_regions(&self) -> usize {
        self.0.first().map_or(0, |&n| n as usize)
    }

    #[inline]
    pub(crate) fn regions(&self) -> &[RegionId] {
        let n = self.n_regions();
        if n == 0 {
            return &[];
        }
        let s = &self.0[1..1 + n];
        // SAFETY: `RegionId` is `repr(transparent)` over `u32`.
        unsafe { std::slice::from_raw_parts(s.as_ptr() as *const RegionId, s.len()) }
    }

    #[inline]
    pub(crate) fn successors(&self) -> &[BlockId] {
        if self.0.is_empty() {
            return &[];
        }
        let s = &self.0[1 + self.n_regions()..];
        // SAFETY: `BlockId` is `repr(transparent)` over `u32`.
        unsafe { std::slice::from_raw_parts(s.as_ptr() as *const BlockId, s.len()) }
    }

    fn set_successor(&mut self, i: usize, b: BlockId) {
        let k = 1 + self.n_regions() + i;
        self.0[k] = b.0;
    }

    /// Detach the regions (the successors stay).
    fn take_regions(&mut self) -> Vec<RegionId> {
        let regions = self.regions().to_vec();
        if !regions.is_empty() {
            *self = OpTail::new(&[], self.successors());
        }
        regions
    }
}

impl OpData {
    /// The op name.
    pub fn name(&self) -> OpName {
        self.name
    }
    /// The location.
    pub fn loc(&self) -> Attribute {
        self.loc
    }
    /// The block holding the op, if inserted.
    pub fn parent(&self) -> Option<BlockId> {
        self.parent.get()
    }
    /// The number of properties (the first entries of [`OpData::all_attrs`]).
    #[inline(always)]
    pub(crate) fn n_props(&self) -> usize {
        (self.props_erased & !ERASED) as usize
    }
    #[inline(always)]
    pub(crate) fn set_n_props(&mut self, n: usize) {
        self.props_erased = (self.props_erased & ERASED) | n as u32;
    }
    /// Whether the op was erased.
    #[inline(always)]
    pub(crate) fn erased(&self) -> bool {
        self.props_erased & ERASED != 0
    }
    /// The operands (change them with [`Context::set_operand`] / the rewriter).
    pub fn operands(&self) -> &[Value] {
        &self.operands
    }
    /// The number of results (their types: [`Context::result_types`]).
    pub fn num_results(&self) -> usize {
        self.n_results as usize
    }
    /// Inherent attributes (`<{...}>`), sorted by name.
    pub fn properties(&self) -> &[NamedAttribute] {
        &self.attrs[..self.n_props()]
    }
    /// Discardable attributes (`{...}`), sorted by name.
    pub fn attributes(&self) -> &[NamedAttribute] {
        &self.attrs[self.n_props()..]
    }
    /// Properties then discardable attributes.
    pub fn all_attrs(&self) -> &[NamedAttribute] {
        &self.attrs
    }
    /// Successor blocks.
    pub fn successors(&self) -> &[BlockId] {
        self.tail.successors()
    }
    /// Owned regions.
    pub fn regions(&self) -> &[RegionId] {
        self.tail.regions()
    }
}

/// An operation's operands (two inline).
pub type OperandList = smallvec::SmallVec<[Value; 2]>;
pub use thin_vec::ThinVec;

/// Arena data of a block.
#[derive(Clone, Debug)]
pub struct BlockData {
    /// Block arguments.
    pub args: Vec<ValueData>,
    /// Parent region, if inserted.
    pub parent: Option<RegionId>,
    pub(crate) first: Option<OpId>,
    pub(crate) last: Option<OpId>,
    pub(crate) len: u32,
    pub(crate) erased: bool,
}

/// Arena data of a region.
#[derive(Clone, Debug)]
pub struct RegionData {
    /// Blocks in order.
    pub blocks: Vec<BlockId>,
    /// The owning operation.
    pub parent: Option<OpId>,
}

/// Everything needed to create an operation (MLIR's `OperationState`).
#[derive(Clone, Debug)]
pub struct OperationState {
    /// The op name.
    pub name: OpName,
    /// Operands (a few inline, as MLIR's `SmallVector<Value, 4>`).
    pub operands: OperandList,
    /// Result types.
    pub result_types: Vec<Type>,
    /// Inherent attributes (`<{...}>`).
    pub properties: Vec<NamedAttribute>,
    /// Discardable attributes (`{...}`).
    pub attributes: Vec<NamedAttribute>,
    /// Successors.
    pub successors: Vec<BlockId>,
    /// Regions (created detached with [`Context::create_region`]).
    pub regions: Vec<RegionId>,
    /// Location.
    pub loc: Attribute,
}

impl OperationState {
    /// An empty state for `name` at `loc`.
    pub fn new(name: OpName, loc: Attribute) -> Self {
        OperationState {
            name,
            operands: OperandList::new(),
            result_types: Vec::new(),
            properties: Vec::new(),
            attributes: Vec::new(),
            successors: Vec::new(),
            regions: Vec::new(),
            loc,
        }
    }

    /// Add a discardable attribute (or a property if `name` is inherent for the op; the context
    /// sorts this out on creation).
    pub fn add_attr(&mut self, name: Symbol, value: Attribute) -> &mut Self {
        self.attributes.push(NamedAttribute { name, value });
        self
    }
}

/// Where new operations go.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum InsertPoint {
    /// At the end of a block.
    End(BlockId),
    /// At the start of a block.
    Start(BlockId),
    /// Before an operation.
    Before(OpId),
    /// After an operation.
    After(OpId),
}

fn sort_by_name(ctx: &Context, v: &mut [NamedAttribute]) {
    v.sort_by(|a, b| ctx.str(a.name).cmp(ctx.str(b.name)));
}

fn sort_named(ctx: &Context, v: &mut Vec<NamedAttribute>) {
    sort_by_name(ctx, v);
    v.dedup_by(|a, b| a.name == b.name);
}

impl Context {
    // ----- creation -----

    /// Create a detached operation. Regions in `state` become owned by it. Attributes the op's
    /// definition declares inherent are moved to the properties.
    pub fn create_op(&mut self, mut state: OperationState) -> OpId {
        let result_types = std::mem::take(&mut state.result_types);
        self.create_op_with_results(state, &result_types)
    }

    /// [`Context::create_op`] with the result types given separately (`state.result_types` must
    /// be empty), so callers can keep them in a reused buffer.
    pub(crate) fn create_op_with_results(&mut self, state: OperationState, result_types: &[Type]) -> OpId {
        debug_assert!(state.result_types.is_empty());
        crate::prefetch::populate_ahead(&mut self.ops);
        let id = OpId(self.ops.len() as u32);
        let OperationState {
            name,
            operands,
            result_types: _,
            mut properties,
            mut attributes,
            successors,
            regions,
            loc,
        } = state;
        let info = self.op_info(name).map(|i| &**i);
        let populate = info.and_then(|i| i.populate);
        if !attributes.is_empty() {
            if let Some(info) = info {
                if !info.inherent_attrs.is_empty() {
                    let mut i = 0;
                    while i < attributes.len() {
                        if info.inherent_attrs.iter().any(|n| *n == self.str(attributes[i].name)) {
                            properties.push(attributes.remove(i));
                        } else {
                            i += 1;
                        }
                    }
                }
            }
        }
        if let Some(f) = populate {
            f(self, name, &mut properties, &mut attributes);
        }
        // Lists of 0 or 1 entries are sorted and unique already.
        if properties.len() > 1 {
            sort_named(self, &mut properties);
        }
        if attributes.len() > 1 {
            sort_named(self, &mut attributes);
        }
        let links = self.add_uses(id, &operands);
        for r in &regions {
            self.regions[r.0 as usize].parent = Some(id);
        }
        let n_props = properties.len() as u32;
        debug_assert!(n_props < ERASED);
        // Plain pushes, not `collect` over a chain (this runs for every op of a large module).
        // (Not `SmallVec::from_vec` either: it keeps the `Vec`'s allocation whenever its
        // capacity exceeds the inline size, even for one entry.)
        let mut attrs = smallvec::SmallVec::new();
        if !properties.is_empty() || !attributes.is_empty() {
            attrs.reserve_exact(properties.len() + attributes.len());
            for a in properties.iter().chain(&attributes) {
                attrs.push(*a);
            }
        }
        let mut more_results = ThinVec::new();
        if result_types.len() > 1 {
            more_results.reserve_exact(result_types.len() - 1);
            for t in &result_types[1..] {
                more_results.push(ValueData::new(*t));
            }
        }
        crate::prefetch::populate_ahead(&mut self.first_results);
        // (An op without results keeps an unused entry: the table stays indexed by op.)
        self.first_results.push(ValueData::new(result_types.first().copied().unwrap_or(Type(u32::MAX))));
        self.ops.push(OpData {
            name,
            operands,
            n_results: result_types.len() as u32,
            more_results,
            attrs,
            props_erased: n_props.min(ERASED - 1),
            links,
            tail: OpTail::new(&regions, &successors),
            loc,
            parent: PackedOption::NONE,
            prev: PackedOption::NONE,
            next: PackedOption::NONE,
        });
        id
    }

    /// Create a detached block with arguments of the given types (and optional locations).
    pub fn create_block(&mut self, args: &[(Type, Option<Attribute>)]) -> BlockId {
        let id = BlockId(self.blocks.len() as u32);
        self.blocks.push(BlockData {
            args: args.iter().map(|(t, l)| ValueData::with_loc(*t, *l)).collect(),
            parent: None,
            first: None,
            last: None,
            len: 0,
            erased: false,
        });
        id
    }

    /// Create a detached, empty region.
    pub fn create_region(&mut self) -> RegionId {
        let id = RegionId(self.regions.len() as u32);
        self.regions.push(RegionData { blocks: Vec::new(), parent: None });
        id
    }

    /// Append a block to a region.
    pub fn append_block(&mut self, region: RegionId, block: BlockId) {
        self.blocks[block.0 as usize].parent = Some(region);
        self.regions[region.0 as usize].blocks.push(block);
    }

    /// Insert a block into a region at position `index`.
    pub fn insert_block(&mut self, region: RegionId, index: usize, block: BlockId) {
        self.blocks[block.0 as usize].parent = Some(region);
        self.regions[region.0 as usize].blocks.insert(index, block);
    }

    /// Add an argument to a block; returns the new value.
    pub fn add_block_arg(&mut self, block: BlockId, ty: Type, loc: Option<Attribute>) -> Value {
        let b = &mut self.blocks[block.0 as usize];
        b.args.push(ValueData::with_loc(ty, loc));
        Value::BlockArg { block, index: b.args.len() as u32 - 1 }
    }

    /// Set the location of block argument `i`.
    pub fn set_block_arg_loc(&mut self, block: BlockId, i: usize, loc: Option<Attribute>) {
        self.blocks[block.0 as usize].args[i].loc = loc.into();
    }

    // ----- accessors -----

    /// Arena data of an operation.
    pub fn op(&self, op: OpId) -> &OpData {
        &self.ops[op.0 as usize]
    }

    /// Mutable arena data of an operation (crate-private: operands change only through
    /// [`Context::set_operand`] and friends, so use lists stay exact).
    pub(crate) fn op_mut(&mut self, op: OpId) -> &mut OpData {
        &mut self.ops[op.0 as usize]
    }

    /// Arena data of a block.
    pub fn block(&self, b: BlockId) -> &BlockData {
        &self.blocks[b.0 as usize]
    }

    /// Arena data of a region.
    pub fn region(&self, r: RegionId) -> &RegionData {
        &self.regions[r.0 as usize]
    }

    /// Set the location of an operation.
    pub fn set_loc(&mut self, op: OpId, loc: Attribute) {
        self.ops[op.0 as usize].loc = loc;
    }

    /// Set successor `i` of a terminator.
    pub fn set_successor(&mut self, op: OpId, i: usize, block: BlockId) {
        self.ops[op.0 as usize].tail.set_successor(i, block);
    }

    /// Whether an operation has been erased.
    pub fn is_erased(&self, op: OpId) -> bool {
        self.ops[op.0 as usize].erased()
    }

    /// The name of an operation as text.
    pub fn op_name_of(&self, op: OpId) -> &str {
        self.op_name_str(self.ops[op.0 as usize].name)
    }

    /// Operands of an operation.
    pub fn operands(&self, op: OpId) -> &[Value] {
        &self.ops[op.0 as usize].operands
    }

    /// Result `i` of an operation.
    pub fn result(&self, op: OpId, i: usize) -> Value {
        debug_assert!(i < self.ops[op.0 as usize].num_results());
        Value::Result { op, index: i as u32 }
    }

    /// All results of an operation.
    pub fn results(&self, op: OpId) -> impl Iterator<Item = Value> + '_ {
        (0..self.ops[op.0 as usize].n_results).map(move |index| Value::Result { op, index })
    }

    /// The type of result `i` of an operation.
    pub fn result_type(&self, op: OpId, i: usize) -> Type {
        self.value_data(Value::Result { op, index: i as u32 }).ty
    }

    /// The result types of an operation.
    pub fn result_types(&self, op: OpId) -> impl Iterator<Item = Type> + '_ {
        self.results(op).map(move |v| self.value_data(v).ty)
    }

    /// The data of result `index` of `op`, if it has that result.
    #[inline]
    pub(crate) fn try_result_data(&self, op: OpId, index: u32) -> Option<&ValueData> {
        let d = self.ops.get(op.0 as usize)?;
        if index >= d.n_results {
            return None;
        }
        if index == 0 {
            self.first_results.get(op.0 as usize)
        } else {
            d.more_results.get(index as usize - 1)
        }
    }

    /// Number of results.
    pub fn num_results(&self, op: OpId) -> usize {
        self.ops[op.0 as usize].num_results()
    }

    /// Arguments of a block.
    pub fn block_args(&self, block: BlockId) -> impl Iterator<Item = Value> + '_ {
        (0..self.blocks[block.0 as usize].args.len() as u32).map(move |index| Value::BlockArg { block, index })
    }

    /// Argument `i` of a block.
    pub fn block_arg(&self, block: BlockId, i: usize) -> Value {
        Value::BlockArg { block, index: i as u32 }
    }

    /// Data of a value.
    pub fn value_data(&self, v: Value) -> &ValueData {
        match v {
            Value::Result { op, index } => {
                debug_assert!(index < self.ops[op.0 as usize].n_results, "{op:?} has no result {index}");
                if index == 0 {
                    &self.first_results[op.0 as usize]
                } else {
                    &self.ops[op.0 as usize].more_results[index as usize - 1]
                }
            }
            Value::BlockArg { block, index } => &self.blocks[block.0 as usize].args[index as usize],
        }
    }

    fn value_data_mut(&mut self, v: Value) -> &mut ValueData {
        match v {
            Value::Result { op, index } => {
                debug_assert!(index < self.ops[op.0 as usize].n_results, "{op:?} has no result {index}");
                if index == 0 {
                    &mut self.first_results[op.0 as usize]
                } else {
                    &mut self.ops[op.0 as usize].more_results[index as usize - 1]
                }
            }
            Value::BlockArg { block, index } => &mut self.blocks[block.0 as usize].args[index as usize],
        }
    }

    /// The type of a value.
    pub fn value_type(&self, v: Value) -> Type {
        self.value_data(v).ty
    }

    /// Change the type of a value (e.g. during type inference or conversion).
    pub fn set_value_type(&mut self, v: Value, ty: Type) {
        self.value_data_mut(v).ty = ty;
    }

    /// The uses of a value, most recently added first.
    pub fn uses(&self, v: Value) -> Uses<'_> {
        Uses { ctx: self, next: self.value_data(v).first_use }
    }

    /// The operation defining a value, if it is a result.
    pub fn defining_op(&self, v: Value) -> Option<OpId> {
        match v {
            Value::Result { op, .. } => Some(op),
            Value::BlockArg { .. } => None,
        }
    }

    /// The block in which a value is defined.
    pub fn value_parent_block(&self, v: Value) -> Option<BlockId> {
        match v {
            Value::Result { op, .. } => self.ops[op.0 as usize].parent.get(),
            Value::BlockArg { block, .. } => Some(block),
        }
    }

    /// An attribute of an operation by name, looking in properties then discardable attributes.
    pub fn attr(&self, op: OpId, name: &str) -> Option<Attribute> {
        self.ops[op.0 as usize].attrs.iter().find(|na| self.str(na.name) == name).map(|na| na.value)
    }

    /// Set an attribute: as a property if it already is one or the op declares it inherent,
    /// otherwise as a discardable attribute. Keeps the lists sorted.
    pub fn set_attr(&mut self, op: OpId, name: &str, value: Attribute) {
        let sym = self.sym(name);
        let inherent =
            self.op_info(self.ops[op.0 as usize].name).map(|i| i.inherent_attrs.contains(&name)).unwrap_or(false);
        if let Some(na) = self.ops[op.0 as usize].attrs.iter_mut().find(|na| na.name == sym) {
            na.value = value;
            return;
        }
        // `sym` is in neither part (checked above): insert it in its part, sorted.
        let d = &self.ops[op.0 as usize];
        let n_props = d.n_props();
        let part = if inherent { 0..n_props } else { n_props..d.attrs.len() };
        let at = part.start + d.attrs[part].partition_point(|na| self.str(na.name) < name);
        let d = &mut self.ops[op.0 as usize];
        d.attrs.insert(at, NamedAttribute { name: sym, value });
        if inherent {
            d.set_n_props(n_props + 1);
        }
    }

    /// Remove an attribute by name; returns it if present.
    pub fn remove_attr(&mut self, op: OpId, name: &str) -> Option<Attribute> {
        let sym = self.lookup_sym(name)?;
        let d = &mut self.ops[op.0 as usize];
        let p = d.attrs.iter().position(|na| na.name == sym)?;
        if p < d.n_props() {
            d.set_n_props(d.n_props() - 1);
        }
        Some(d.attrs.remove(p).value)
    }

    /// The operation owning a block's region.
    pub fn block_parent_op(&self, b: BlockId) -> Option<OpId> {
        self.blocks[b.0 as usize].parent.and_then(|r| self.regions[r.0 as usize].parent)
    }

    /// The operation enclosing `op` (owner of its parent block's region).
    pub fn parent_op(&self, op: OpId) -> Option<OpId> {
        self.ops[op.0 as usize].parent.get().and_then(|b| self.block_parent_op(b))
    }

    /// Operations of a block in order.
    pub fn block_ops(&self, block: BlockId) -> BlockOps<'_> {
        BlockOps { ctx: self, next: self.blocks[block.0 as usize].first }
    }

    /// Operations of a block collected into a vector (safe to mutate the block while iterating).
    pub fn block_ops_vec(&self, block: BlockId) -> Vec<OpId> {
        let mut v = Vec::with_capacity(self.block_len(block));
        v.extend(self.block_ops(block));
        v
    }

    /// Number of operations in a block.
    pub fn block_len(&self, block: BlockId) -> usize {
        self.blocks[block.0 as usize].len as usize
    }

    /// The first operation of a block.
    pub fn block_first_op(&self, block: BlockId) -> Option<OpId> {
        self.blocks[block.0 as usize].first
    }

    /// The last operation of a block (its terminator, in a well-formed SSACFG block).
    pub fn block_last_op(&self, block: BlockId) -> Option<OpId> {
        self.blocks[block.0 as usize].last
    }

    /// The operation after `op` in its block.
    pub fn next_op(&self, op: OpId) -> Option<OpId> {
        self.ops[op.0 as usize].next.get()
    }

    /// The operation before `op` in its block.
    pub fn prev_op(&self, op: OpId) -> Option<OpId> {
        self.ops[op.0 as usize].prev.get()
    }

    /// Regions of an operation.
    pub fn op_regions(&self, op: OpId) -> &[RegionId] {
        self.ops[op.0 as usize].tail.regions()
    }

    /// Blocks of a region.
    pub fn region_blocks(&self, r: RegionId) -> &[BlockId] {
        &self.regions[r.0 as usize].blocks
    }

    /// The entry block of a region.
    pub fn region_entry(&self, r: RegionId) -> Option<BlockId> {
        self.regions[r.0 as usize].blocks.first().copied()
    }

    /// Whether `op` is `ancestor` or nested (at any depth) inside it.
    pub fn is_ancestor(&self, ancestor: OpId, mut op: OpId) -> bool {
        loop {
            if op == ancestor {
                return true;
            }
            match self.parent_op(op) {
                Some(p) => op = p,
                None => return false,
            }
        }
    }

    /// Visit `op` and every operation nested in it, parents before children (pre-order).
    pub fn walk_pre(&self, op: OpId, f: &mut dyn FnMut(OpId)) {
        f(op);
        for &r in self.ops[op.0 as usize].regions() {
            for &b in &self.regions[r.0 as usize].blocks {
                let mut cur = self.blocks[b.0 as usize].first;
                while let Some(o) = cur {
                    cur = self.ops[o.0 as usize].next.get();
                    self.walk_pre(o, f);
                }
            }
        }
    }

    /// Every operation nested in `op` (including `op`), children before parents (post-order).
    pub fn collect_post_order(&self, op: OpId) -> Vec<OpId> {
        fn rec(ctx: &Context, op: OpId, out: &mut Vec<OpId>) {
            for &r in ctx.ops[op.0 as usize].regions() {
                for &b in &ctx.regions[r.0 as usize].blocks {
                    let mut cur = ctx.blocks[b.0 as usize].first;
                    while let Some(o) = cur {
                        cur = ctx.ops[o.0 as usize].next.get();
                        rec(ctx, o, out);
                    }
                }
            }
            out.push(op);
        }
        let mut out = Vec::new();
        rec(self, op, &mut out);
        out
    }

    // ----- mutation -----

    /// Insert a detached operation at an insertion point.
    pub fn insert_op(&mut self, at: InsertPoint, op: OpId) {
        debug_assert!(self.ops[op.0 as usize].parent.is_none(), "op already inserted");
        let (block, prev, next) = match at {
            InsertPoint::End(b) => (b, self.blocks[b.0 as usize].last, None),
            InsertPoint::Start(b) => (b, None, self.blocks[b.0 as usize].first),
            InsertPoint::Before(o) => {
                let d = &self.ops[o.0 as usize];
                (d.parent.get().expect("anchor op not in a block"), d.prev.get(), Some(o))
            }
            InsertPoint::After(o) => {
                let d = &self.ops[o.0 as usize];
                (d.parent.get().expect("anchor op not in a block"), Some(o), d.next.get())
            }
        };
        {
            let d = &mut self.ops[op.0 as usize];
            d.parent = Some(block).into();
            d.prev = prev.into();
            d.next = next.into();
        }
        match prev {
            Some(p) => self.ops[p.0 as usize].next = Some(op).into(),
            None => self.blocks[block.0 as usize].first = Some(op),
        }
        match next {
            Some(n) => self.ops[n.0 as usize].prev = Some(op).into(),
            None => self.blocks[block.0 as usize].last = Some(op),
        }
        self.blocks[block.0 as usize].len += 1;
    }

    /// Append a detached operation at the end of a block.
    pub fn append_op(&mut self, block: BlockId, op: OpId) {
        self.insert_op(InsertPoint::End(block), op);
    }

    /// Unlink an operation from its block (it stays alive, detached).
    pub fn detach_op(&mut self, op: OpId) {
        let (parent, prev, next) = {
            let d = &self.ops[op.0 as usize];
            match d.parent.get() {
                Some(p) => (p, d.prev.get(), d.next.get()),
                None => return,
            }
        };
        match prev {
            Some(p) => self.ops[p.0 as usize].next = next.into(),
            None => self.blocks[parent.0 as usize].first = next,
        }
        match next {
            Some(n) => self.ops[n.0 as usize].prev = prev.into(),
            None => self.blocks[parent.0 as usize].last = prev,
        }
        self.blocks[parent.0 as usize].len -= 1;
        let d = &mut self.ops[op.0 as usize];
        d.parent = PackedOption::NONE;
        d.prev = PackedOption::NONE;
        d.next = PackedOption::NONE;
    }

    /// Move an operation (attached or not) to an insertion point.
    pub fn move_op(&mut self, op: OpId, to: InsertPoint) {
        self.detach_op(op);
        self.insert_op(to, op);
    }

    /// Links for the operands of `op` (a fresh range at the end of the arena), each put at the
    /// head of its value's use list; returns the first link's index.
    fn add_uses(&mut self, op: OpId, operands: &[Value]) -> u32 {
        crate::prefetch::populate_ahead(&mut self.use_links);
        let start = self.use_links.len();
        assert!(start + operands.len() < u32::MAX as usize, "too many operands in one context");
        for (i, v) in operands.iter().enumerate() {
            self.use_links.push(UseLink { user: op, next: PackedOption::NONE, prev: PackedOption::NONE });
            self.link_use(*v, UseId((start + i) as u32));
        }
        start as u32
    }

    /// Put link `u` (not in any list) at the head of `v`'s use list.
    #[inline]
    fn link_use(&mut self, v: Value, u: UseId) {
        let d = self.value_data_mut(v);
        let old = d.first_use;
        d.first_use = Some(u).into();
        let back = d.back_links;
        let l = &mut self.use_links[u.0 as usize];
        l.next = old;
        l.prev = PackedOption::NONE;
        if back {
            if let Some(o) = old.get() {
                self.use_links[o.0 as usize].prev = Some(u).into();
            }
        }
    }

    /// Take link `u` out of `v`'s use list, leaving it detached (no next, no prev). Nothing if it
    /// is not there: `erase_block` drops an op's uses twice, and a test may have corrupted the
    /// operand ([`crate::testing::corrupt_operand`]).
    fn unlink_use(&mut self, v: Value, u: UseId) {
        let d = self.value_data(v);
        let (first, back) = (d.first_use, d.back_links);
        if first.get() == Some(u) {
            let next = self.use_links[u.0 as usize].next;
            if back {
                if let Some(n) = next.get() {
                    self.use_links[n.0 as usize].prev = PackedOption::NONE;
                }
            }
            self.value_data_mut(v).first_use = next;
            self.use_links[u.0 as usize].next = PackedOption::NONE;
            return;
        }
        if !back {
            // Build the back links once: from now on every removal from this list is O(1).
            let mut prev = PackedOption::NONE;
            let mut cur = first;
            let mut found = false;
            while let Some(c) = cur.get() {
                found |= c == u;
                let l = &mut self.use_links[c.0 as usize];
                l.prev = prev;
                prev = cur;
                cur = l.next;
            }
            self.value_data_mut(v).back_links = true;
            if !found {
                return;
            }
        } else if self.use_links[u.0 as usize].prev.is_none() {
            return; // not in this list (its head is another link)
        }
        let UseLink { next, prev, .. } = self.use_links[u.0 as usize];
        let p = prev.get().expect("a link after the head has a previous one");
        self.use_links[p.0 as usize].next = next;
        if let Some(n) = next.get() {
            self.use_links[n.0 as usize].prev = prev;
        }
        let l = &mut self.use_links[u.0 as usize];
        l.next = PackedOption::NONE;
        l.prev = PackedOption::NONE;
    }

    /// Set operand `i` of `op`, keeping use lists exact.
    pub fn set_operand(&mut self, op: OpId, i: usize, v: Value) {
        let d = &self.ops[op.0 as usize];
        let old = d.operands[i];
        if old == v {
            return;
        }
        let u = UseId(d.links + i as u32);
        self.unlink_use(old, u);
        self.ops[op.0 as usize].operands[i] = v;
        self.link_use(v, u);
    }

    /// Hint that `v`'s data (type, use list) will be accessed soon (computing addresses only;
    /// nothing is loaded).
    #[inline]
    pub(crate) fn prefetch_value(&self, v: Value) {
        if let Value::Result { op, index } = v {
            if index == 0 {
                if let Some(r) = self.first_results.get(op.0 as usize) {
                    crate::prefetch::read(r);
                }
            } else if let Some(d) = self.ops.get(op.0 as usize) {
                crate::prefetch::read(d);
            }
        }
    }

    /// Replace all operands of `op`.
    pub fn set_operands(&mut self, op: OpId, operands: Vec<Value>) {
        let n_old = self.ops[op.0 as usize].operands.len();
        self.drop_operand_uses(op);
        let start = if operands.len() <= n_old {
            // The op's own links, reused.
            let start = self.ops[op.0 as usize].links;
            for (i, v) in operands.iter().enumerate() {
                self.link_use(*v, UseId(start + i as u32));
            }
            start
        } else {
            self.add_uses(op, &operands)
        };
        let d = &mut self.ops[op.0 as usize];
        d.links = start;
        d.operands = OperandList::from_vec(operands);
    }

    fn drop_operand_uses(&mut self, op: OpId) {
        let d = &self.ops[op.0 as usize];
        let start = d.links;
        let operands = std::mem::take(&mut self.ops[op.0 as usize].operands);
        for (i, v) in operands.iter().enumerate() {
            self.unlink_use(*v, UseId(start + i as u32));
        }
        self.ops[op.0 as usize].operands = operands;
    }

    /// Replace every use of `from` with `to`. O(uses of `from`).
    pub fn replace_all_uses(&mut self, from: Value, to: Value) {
        if from == to {
            return;
        }
        let head = std::mem::replace(&mut self.value_data_mut(from).first_use, PackedOption::NONE);
        let Some(first) = head.get() else { return };
        let back = self.value_data(to).back_links;
        // Repoint the users, and find the last link (its successor becomes `to`'s first use).
        let mut last = first;
        let mut prev = PackedOption::NONE;
        let mut cur = head;
        while let Some(c) = cur.get() {
            let l = &mut self.use_links[c.0 as usize];
            l.prev = prev;
            let (user, next) = (l.user, l.next);
            let d = &mut self.ops[user.0 as usize];
            d.operands[(c.0 - d.links) as usize] = to;
            prev = cur;
            last = c;
            cur = next;
        }
        let d = self.value_data_mut(to);
        let old = std::mem::replace(&mut d.first_use, head);
        self.use_links[last.0 as usize].next = old;
        if let Some(o) = old.get() {
            if back {
                self.use_links[o.0 as usize].prev = Some(last).into();
            }
        }
    }

    /// Replace the uses of `from` for which `pred` holds.
    pub fn replace_uses_if(&mut self, from: Value, to: Value, pred: &dyn Fn(&Context, Use) -> bool) {
        let uses = self.uses(from).to_vec();
        for u in uses {
            if pred(self, u) {
                self.set_operand(u.user, u.operand as usize, to);
            }
        }
    }

    /// Replace every result of `op` with the corresponding value of `with`, then erase `op`.
    pub fn replace_op(&mut self, op: OpId, with: &[Value]) {
        for (i, v) in with.iter().enumerate() {
            self.replace_all_uses(Value::Result { op, index: i as u32 }, *v);
        }
        self.erase_op(op);
    }

    /// Erase an operation and everything nested in it. Its results must have no uses left
    /// outside of it (checked in debug builds).
    pub fn erase_op(&mut self, op: OpId) {
        self.detach_op(op);
        for o in self.collect_post_order(op) {
            self.drop_operand_uses(o);
        }
        for o in self.collect_post_order(op) {
            let d = &mut self.ops[o.0 as usize];
            d.props_erased |= ERASED;
            let regions = d.tail.take_regions();
            d.operands.clear();
            for r in regions {
                for b in std::mem::take(&mut self.regions[r.0 as usize].blocks) {
                    let bd = &mut self.blocks[b.0 as usize];
                    bd.erased = true;
                    bd.first = None;
                    bd.last = None;
                    bd.len = 0;
                }
            }
        }
    }

    /// Erase a block (and its operations) from its region.
    pub fn erase_block(&mut self, block: BlockId) {
        for op in self.block_ops_vec(block) {
            self.drop_operand_uses_deep(op);
        }
        for op in self.block_ops_vec(block) {
            self.erase_op(op);
        }
        if let Some(r) = self.blocks[block.0 as usize].parent.take() {
            self.regions[r.0 as usize].blocks.retain(|b| *b != block);
        }
        self.blocks[block.0 as usize].erased = true;
    }

    fn drop_operand_uses_deep(&mut self, op: OpId) {
        for o in self.collect_post_order(op) {
            self.drop_operand_uses(o);
        }
    }

    /// Clone an operation (with its regions) mapping operands through `map`; results and block
    /// arguments of the clone are added to `map`. The clone is detached.
    pub fn clone_op(&mut self, op: OpId, map: &mut std::collections::HashMap<Value, Value>) -> OpId {
        let d = self.ops[op.0 as usize].clone();
        let mut regions = Vec::new();
        for &r in d.regions() {
            let nr = self.create_region();
            self.clone_region_into(r, nr, map);
            regions.push(nr);
        }
        let state = OperationState {
            name: d.name,
            operands: d.operands.iter().map(|v| *map.get(v).unwrap_or(v)).collect(),
            result_types: self.result_types(op).collect(),
            properties: d.properties().to_vec(),
            attributes: d.attributes().to_vec(),
            successors: d.successors().to_vec(),
            regions,
            loc: d.loc,
        };
        let new = self.create_op(state);
        for i in 0..d.num_results() {
            map.insert(Value::Result { op, index: i as u32 }, Value::Result { op: new, index: i as u32 });
        }
        new
    }

    /// Clone the blocks of region `from` into region `into` (appending), mapping values.
    pub fn clone_region_into(
        &mut self,
        from: RegionId,
        into: RegionId,
        map: &mut std::collections::HashMap<Value, Value>,
    ) {
        let blocks = self.regions[from.0 as usize].blocks.clone();
        let mut block_map = std::collections::HashMap::new();
        for &b in &blocks {
            let args: Vec<_> = self.blocks[b.0 as usize].args.iter().map(|a| (a.ty, a.loc())).collect();
            let nb = self.create_block(&args);
            for i in 0..args.len() {
                map.insert(
                    Value::BlockArg { block: b, index: i as u32 },
                    Value::BlockArg { block: nb, index: i as u32 },
                );
            }
            block_map.insert(b, nb);
            self.append_block(into, nb);
        }
        // Operations may use values defined in later blocks (dominance is by CFG, not order):
        // clone in order, then fix up operands that referred to not-yet-cloned values.
        let mut cloned = Vec::new();
        for &b in &blocks {
            for op in self.block_ops_vec(b) {
                let new = self.clone_op(op, map);
                let nb = block_map[&b];
                self.append_op(nb, new);
                cloned.push(new);
            }
        }
        for new in cloned {
            for i in 0..self.ops[new.0 as usize].operands.len() {
                let v = self.ops[new.0 as usize].operands[i];
                if let Some(m) = map.get(&v).copied() {
                    self.set_operand(new, i, m);
                }
            }
            let succ: Vec<BlockId> =
                self.ops[new.0 as usize].successors().iter().map(|b| *block_map.get(b).unwrap_or(b)).collect();
            for (i, b) in succ.into_iter().enumerate() {
                self.ops[new.0 as usize].tail.set_successor(i, b);
            }
        }
    }
}

/// Iterator over the operations of a block.
pub struct BlockOps<'a> {
    ctx: &'a Context,
    next: Option<OpId>,
}

impl Iterator for BlockOps<'_> {
    type Item = OpId;
    fn next(&mut self) -> Option<OpId> {
        let cur = self.next?;
        self.next = self.ctx.ops[cur.0 as usize].next.get();
        Some(cur)
    }
}

#[cfg(test)]
mod layout_tests {
    use super::*;

    /// A large module holds hundreds of thousands of ops: their size is memory touched (and
    /// page faults) on every parse. Grow it only knowingly.
    #[test]
    fn op_data_stays_small() {
        assert_eq!(std::mem::size_of::<PackedOption<OpId>>(), 4);
        assert_eq!(std::mem::size_of::<ValueData>(), 16);
        assert_eq!(std::mem::size_of::<UseLink>(), 12);
        assert!(std::mem::size_of::<OpData>() <= 104, "OpData is {} bytes", std::mem::size_of::<OpData>());
    }
}

#[cfg(test)]
mod use_list_tests {
    use super::*;

    /// A context for unregistered `t.op`s, with `i32` and the unknown location.
    fn setup() -> (Context, OpName, Type, Attribute) {
        let mut ctx = Context::new();
        ctx.allow_unregistered = true;
        let name = ctx.op_name("t.op");
        let i32t = ctx.int_type(32);
        let loc = ctx.unknown_loc();
        (ctx, name, i32t, loc)
    }

    /// Every value's use list is exactly the operands that refer to it (live ops only).
    fn check(ctx: &Context, values: &[Value], ops: &[OpId]) {
        for &v in values {
            let mut got: Vec<(u32, u32)> = ctx.uses(v).map(|u| (u.user.0, u.operand)).collect();
            let mut want = Vec::new();
            for &o in ops {
                if ctx.is_erased(o) {
                    continue;
                }
                for (i, x) in ctx.operands(o).iter().enumerate() {
                    if *x == v {
                        want.push((o.0, i as u32));
                    }
                }
            }
            got.sort();
            want.sort();
            assert_eq!(got, want, "uses of {v:?}");
            assert_eq!(ctx.uses(v).is_empty(), want.is_empty());
            assert_eq!(ctx.uses(v).has_one(), want.len() == 1);
            assert_eq!(ctx.uses(v).len(), want.len());
        }
    }

    /// Random edits (set an operand, replace all uses, change the operand count, erase) against
    /// the model above, with and without the lazily built back links.
    #[test]
    fn use_lists_follow_every_edit() {
        let (mut ctx, name, i32t, loc) = setup();
        let block = ctx.create_block(&[(i32t, None), (i32t, None)]);
        let mut values: Vec<Value> = ctx.block_args(block).collect();
        let mut ops = Vec::new();
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut rnd = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for _ in 0..60 {
            let mut st = OperationState::new(name, loc);
            for _ in 0..rnd(4) {
                st.operands.push(values[rnd(values.len())]);
            }
            st.result_types.push(i32t);
            let op = ctx.create_op(st);
            ctx.append_op(block, op);
            values.push(ctx.result(op, 0));
            ops.push(op);
        }
        check(&ctx, &values, &ops);
        for step in 0..400 {
            let live: Vec<OpId> = ops.iter().copied().filter(|&o| !ctx.is_erased(o)).collect();
            let op = live[rnd(live.len())];
            match rnd(6) {
                0 | 1 => {
                    let n = ctx.operands(op).len();
                    if n > 0 {
                        let v = values[rnd(values.len())];
                        ctx.set_operand(op, rnd(n), v);
                    }
                }
                2 => {
                    let (a, b) = (values[rnd(values.len())], values[rnd(values.len())]);
                    ctx.replace_all_uses(a, b);
                }
                3 => {
                    let new: Vec<Value> = (0..rnd(6)).map(|_| values[rnd(values.len())]).collect();
                    ctx.set_operands(op, new);
                }
                4 => {
                    // A block of users erased whole: `erase_block` drops every use of its ops,
                    // then erases each op (dropping them again: the second time finds nothing).
                    let b = ctx.create_block(&[]);
                    for _ in 0..1 + rnd(4) {
                        let mut st = OperationState::new(name, loc);
                        for _ in 0..1 + rnd(3) {
                            st.operands.push(values[rnd(values.len())]);
                        }
                        let o = ctx.create_op(st);
                        ctx.append_op(b, o);
                    }
                    ctx.erase_block(b);
                }
                _ => {
                    // Erase only an op whose result is unused (as `erase_op` requires).
                    let r = ctx.result(op, 0);
                    if ctx.uses(r).is_empty() && live.len() > 10 {
                        ctx.erase_op(op);
                    }
                }
            }
            if step % 7 == 0 {
                check(&ctx, &values, &ops);
            }
        }
        check(&ctx, &values, &ops);
    }

    /// Removing the uses of a value with many uses in creation order (the worst order for a
    /// singly linked list) stays linear: the back links are built by the first removal.
    #[test]
    fn erasing_many_users_in_order_is_linear() {
        let (mut ctx, name, i32t, loc) = setup();
        let block = ctx.create_block(&[(i32t, None)]);
        let arg = ctx.block_arg(block, 0);
        let users: Vec<OpId> = (0..200_000)
            .map(|_| {
                let mut st = OperationState::new(name, loc);
                st.operands.push(arg);
                let op = ctx.create_op(st);
                ctx.append_op(block, op);
                op
            })
            .collect();
        for &o in &users {
            ctx.erase_op(o);
        }
        assert!(ctx.uses(arg).is_empty());
    }
}
