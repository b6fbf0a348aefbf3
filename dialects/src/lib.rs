//! `strata-dialects`: the dialects Strata ships, each in its own module — op definitions,
//! custom syntax, verification, type inference and executable semantics.

pub mod arith;
pub mod check;
pub mod chlo;
pub mod func;
pub mod func_syntax;
pub mod interpreter_ops;
pub mod stablehlo;
pub mod vhlo;

/// Register every dialect Strata ships into a context.
pub fn register_all(ctx: &mut strata_ir::Context) {
    arith::register(ctx);
    func::register(ctx);
    stablehlo::register(ctx);
    check::register(ctx);
    chlo::register(ctx);
    interpreter_ops::register(ctx);
    vhlo::register(ctx);
}
