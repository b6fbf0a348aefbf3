//! Rebuilding a module op by op (what MLIR's dialect conversion does for a full conversion):
//! each op of the module body is recreated with a new name, result types, attributes and
//! block-argument types given by a converter, its regions rebuilt recursively, then the old
//! op is erased. The conversions between StableHLO and VHLO, and between VHLO versions, are
//! converters.

use std::collections::HashMap;

use strata_ir::{Attribute, BlockId, Context, Failure, NamedAttribute, OpId, OperationState, Type, Value};

/// What an op becomes.
pub struct NewOp {
    /// Full op name.
    pub name: String,
    /// Result types.
    pub results: Vec<Type>,
    /// Inherent attributes.
    pub properties: Vec<NamedAttribute>,
    /// Discardable attributes.
    pub attributes: Vec<NamedAttribute>,
}

/// A conversion: ops, and the types of block arguments.
pub trait Converter {
    /// The new form of `op` (errors are emitted at the op; `Err(Failure)` stops the conversion).
    fn op(&mut self, ctx: &mut Context, op: OpId) -> Result<NewOp, Failure>;
    /// The new type of a block argument of `block` (owned by `op`).
    fn block_arg(&mut self, ctx: &mut Context, op: OpId, t: Type) -> Result<Type, Failure>;
}

/// Convert every op nested in `module` (not the module itself, whose attributes are kept).
pub fn convert_module(ctx: &mut Context, module: OpId, c: &mut dyn Converter) -> Result<(), Failure> {
    let regions = ctx.op_regions(module).to_vec();
    let mut map = HashMap::new();
    for r in regions {
        for b in ctx.region_blocks(r).to_vec() {
            let old: Vec<OpId> = ctx.block_ops_vec(b);
            let mut new = Vec::with_capacity(old.len());
            for &op in &old {
                new.push(rebuild(ctx, op, c, &mut map)?);
            }
            fix_operands(ctx, &new, &map);
            for (&o, &n) in old.iter().zip(&new) {
                ctx.insert_op(strata_ir::InsertPoint::Before(o), n);
            }
            for &o in old.iter().rev() {
                ctx.erase_op(o);
            }
        }
    }
    Ok(())
}

fn fix_operands(ctx: &mut Context, ops: &[OpId], map: &HashMap<Value, Value>) {
    let mut stack: Vec<OpId> = ops.to_vec();
    while let Some(op) = stack.pop() {
        for i in 0..ctx.operands(op).len() {
            let v = ctx.operands(op)[i];
            if let Some(m) = map.get(&v).copied() {
                ctx.set_operand(op, i, m);
            }
        }
        for r in ctx.op_regions(op).to_vec() {
            for b in ctx.region_blocks(r).to_vec() {
                stack.extend(ctx.block_ops_vec(b));
            }
        }
    }
}

fn rebuild(
    ctx: &mut Context,
    op: OpId,
    c: &mut dyn Converter,
    map: &mut HashMap<Value, Value>,
) -> Result<OpId, Failure> {
    let n = c.op(ctx, op)?;
    let mut regions = Vec::new();
    for r in ctx.op_regions(op).to_vec() {
        let nr = ctx.create_region();
        for b in ctx.region_blocks(r).to_vec() {
            let nb = rebuild_block(ctx, op, b, c, map)?;
            ctx.append_block(nr, nb);
        }
        regions.push(nr);
    }
    let name = ctx.op_name(&n.name);
    let loc = ctx.op(op).loc();
    let mut st = OperationState::new(name, loc);
    st.operands = ctx.operands(op).iter().map(|v| *map.get(v).unwrap_or(v)).collect();
    st.result_types = n.results;
    st.properties = n.properties;
    st.attributes = n.attributes;
    st.regions = regions;
    let new = ctx.create_op(st);
    for i in 0..ctx.num_results(op) {
        map.insert(ctx.result(op, i), ctx.result(new, i));
    }
    Ok(new)
}

fn rebuild_block(
    ctx: &mut Context,
    owner: OpId,
    b: BlockId,
    c: &mut dyn Converter,
    map: &mut HashMap<Value, Value>,
) -> Result<BlockId, Failure> {
    let args: Vec<(Type, Option<Attribute>)> = ctx.block(b).args.iter().map(|a| (a.ty, a.loc())).collect();
    let mut nargs = Vec::with_capacity(args.len());
    for (t, l) in args {
        nargs.push((c.block_arg(ctx, owner, t)?, l));
    }
    let nb = ctx.create_block(&nargs);
    for i in 0..nargs.len() {
        map.insert(ctx.block_arg(b, i), ctx.block_arg(nb, i));
    }
    let ops = ctx.block_ops_vec(b);
    let mut new = Vec::with_capacity(ops.len());
    for op in ops {
        let n = rebuild(ctx, op, c, map)?;
        ctx.append_op(nb, n);
        new.push(n);
    }
    fix_operands(ctx, &new, map);
    Ok(nb)
}
