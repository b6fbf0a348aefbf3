//! `strata-dialects`: the dialects Strata ships, each in its own module — op definitions,
//! custom syntax, verification, type inference and executable semantics.

pub mod affine;
pub mod arith;
pub mod arith_fold;
pub mod bufferization;
pub mod cf;
pub mod check;
pub mod chlo;
pub mod complex;
pub mod func;
pub mod func_syntax;
pub mod interpreter_ops;
pub mod linalg;
pub mod math;
pub mod memref;
pub mod ods;
pub mod scf;
pub mod stablehlo;
pub mod tensor;
pub mod ub;
pub mod vector;
pub mod vhlo;

/// Register every dialect Strata ships into a context.
pub fn register_all(ctx: &mut strata_ir::Context) {
    arith::register(ctx);
    math::register(ctx);
    complex::register(ctx);
    cf::register(ctx);
    scf::register(ctx);
    tensor::register(ctx);
    memref::register(ctx);
    bufferization::register(ctx);
    linalg::register(ctx);
    affine::register(ctx);
    vector::register(ctx);
    func::register(ctx);
    stablehlo::register(ctx);
    check::register(ctx);
    chlo::register(ctx);
    interpreter_ops::register(ctx);
    vhlo::register(ctx);
    ub::register(ctx);
}
