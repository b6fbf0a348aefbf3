//! One `Backend` interface for the interpreter and the JIT: a computation built with the
//! XLA-style builder runs on either, with the same results.

#[cfg(feature = "mlir")]
mod jit_backend {
    use strata_interp::builder::{ComputationBuilder, Shape};
    use strata_interp::value::{ElementType, Tensor};
    use strata_lowering::backend::Jit;

    fn f32s(shape: &[i64], v: &[f64]) -> Tensor {
        Tensor::from_f64s(ElementType::F32, shape, v).unwrap()
    }

    #[test]
    fn builder_computation_runs_on_interpreter_and_jit() {
        let b = ComputationBuilder::new("axpy");
        let alpha = b.parameter(0, &Shape::scalar(ElementType::F32), "alpha");
        let x = b.parameter(1, &Shape::array(ElementType::F32, &[4]), "x");
        let y = b.parameter(2, &Shape::array(ElementType::F32, &[4]), "y");
        b.add(b.mul(alpha, x), y);
        let axpy = b.build().unwrap();
        let args = [f32s(&[], &[2.0]), f32s(&[4], &[1.0, 2.0, 3.0, 4.0]), f32s(&[4], &[10.0, 20.0, 30.0, 40.0])];
        let interp = axpy.execute(&args).unwrap();
        let jit = axpy.execute_on(&Jit::default(), &args).unwrap();
        assert_eq!(interp[0].as_f32().unwrap(), &[12.0, 24.0, 36.0, 48.0]);
        assert_eq!(jit[0].as_f32().unwrap(), interp[0].as_f32().unwrap());
    }

    #[test]
    fn argument_errors_are_reported_before_running() {
        let b = ComputationBuilder::new("neg");
        let x = b.parameter(0, &Shape::array(ElementType::F32, &[2]), "x");
        b.neg(x);
        let c = b.build().unwrap();
        let e = c.execute_on(&Jit::default(), &[f32s(&[3], &[1.0, 2.0, 3.0])]).unwrap_err().to_string();
        assert!(e.contains("argument 0"), "{e}");
    }
}
