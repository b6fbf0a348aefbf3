//! `strip-debuginfo`: MLIR's `StripDebugInfo` pass (`mlir/lib/Transforms/StripDebugInfo.cpp`):
//! set the location of every op and block argument to `loc(unknown)`.

use strata_ir::pass::{Pass, PassStatistics};
use strata_ir::{Context, Failure, OpId};

/// The `strip-debuginfo` pass.
#[derive(Default)]
pub struct StripDebugInfo;

impl Pass for StripDebugInfo {
    fn name(&self) -> &str {
        "strip-debuginfo"
    }
    fn display_name(&self) -> &str {
        "StripDebugInfo"
    }
    fn description(&self) -> &str {
        "Strip debug info from all operations"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, _stats: &mut PassStatistics) -> Result<(), Failure> {
        let unknown = ctx.unknown_loc();
        let mut ops = Vec::new();
        ctx.walk_pre(op, &mut |o| ops.push(o));
        for o in ops {
            ctx.set_loc(o, unknown);
            for r in ctx.op_regions(o).to_vec() {
                for b in ctx.region_blocks(r).to_vec() {
                    for i in 0..ctx.block(b).args.len() {
                        ctx.set_block_arg_loc(b, i, Some(unknown));
                    }
                }
            }
        }
        Ok(())
    }
}
