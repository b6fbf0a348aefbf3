//! The axpy example of XLA's tutorial (`alpha * x + y`), built with Strata's
//! `ComputationBuilder` in both of the tutorial's versions:
//!
//! 1. `ComputeAxpyParameters`: `alpha`, `x` and `y` are parameters, so the computation is
//!    built once and executed with any data of those shapes;
//! 2. `ComputeAxpyConstants`: `alpha`, `x` and `y` are constants embedded in the graph (no
//!    arguments; the compiler may fold them).
//!
//! Run it with `cargo run --example axpy`. It prints the MLIR of each computation and its
//! result, computed by the reference interpreter.

use strata::interp::builder::{BuilderError, Computation, ComputationBuilder, Shape};
use strata::interp::value::Tensor;

fn fmt(v: &[f32]) -> String {
    let items: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    format!("[{}]", items.join(","))
}

/// The tutorial's `ComputeAxpyParameters`: builds `alpha * x + y` over parameters shaped like
/// the arguments (the scalar `alpha` broadcasts over `x`).
fn axpy_parameters(alpha: &Tensor, x: &Tensor, y: &Tensor) -> Result<Computation, BuilderError> {
    let builder = ComputationBuilder::new("axpy");
    let param_alpha = builder.parameter(0, &Shape::of(alpha), "alpha");
    let param_x = builder.parameter(1, &Shape::of(x), "x");
    let param_y = builder.parameter(2, &Shape::of(y), "y");
    builder.add(builder.mul(param_alpha, param_x), param_y);
    builder.build()
}

/// The tutorial's `ComputeAxpyConstants`: the same graph over constants.
fn axpy_constants(alpha: f32, x: &[f32], y: &[f32]) -> Result<Computation, BuilderError> {
    let builder = ComputationBuilder::new("axpy");
    let constant_alpha = builder.constant_r0_f32(alpha);
    let constant_x = builder.constant_r1_f32(x);
    let constant_y = builder.constant_r1_f32(y);
    builder.add(builder.mul(constant_alpha, constant_x), constant_y);
    builder.build()
}

#[allow(clippy::approx_constant)] // the tutorial's alpha
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let alpha = 3.14f32;
    let x = [1.0f32, 2.0, 3.0, 4.0, 5.0];
    let y = [10.5f32, 20.5, 30.5, 40.5, 50.5];
    println!("alpha={alpha}, x={}, y={}", fmt(&x), fmt(&y));

    // 1. With parameters: build once, execute with data.
    let alpha_t = Tensor::from_f32_vec(&[], vec![alpha])?;
    let x_t = Tensor::from_f32_vec(&[5], x.to_vec())?;
    let y_t = Tensor::from_f32_vec(&[5], y.to_vec())?;
    let computation = axpy_parameters(&alpha_t, &x_t, &y_t)?;
    println!("\n// axpy with parameters: {}", computation.program_shape());
    print!("{computation}");
    let result = computation.execute(&[alpha_t, x_t, y_t])?;
    let r1 = result[0].as_f32().expect("f32 result").to_vec();
    println!("result={}", fmt(&r1));

    // 2. With constants: no arguments.
    let computation = axpy_constants(alpha, &x, &y)?;
    println!("\n// axpy with constants: {}", computation.program_shape());
    print!("{computation}");
    let result = computation.execute(&[])?;
    let r2 = result[0].as_f32().expect("f32 result").to_vec();
    println!("result={}", fmt(&r2));

    assert_eq!(r1, r2, "both versions compute the same values");
    Ok(())
}
