//! Tests of the XLA-style `ComputationBuilder` (`strata_interp::builder`): the tutorial's axpy
//! in both versions, every broadcasting rule of "Broadcasting semantics" (and its error cases),
//! and the op families (dot rank rules, reduce, while, conditionals, calls, shape ops).
//!
//! Results go through one helper, [`check`]: each result's XLA shape and its elements (as
//! `f64`), so the builder API can change without rewriting expectations.

use strata_interp::builder::{
    BuilderError, ComputationBuilder, DotDimensionNumbers, GatherDimensionNumbers, Shape, SubComputation, XlaOp,
};
use strata_interp::value::{ElementType as E, Tensor};

// ----- helpers -----

fn values(t: &Tensor) -> Vec<f64> {
    t.elements().map(|e| e.as_f64().expect("real element")).collect()
}

/// Builds, executes with `args` and compares each result's shape and elements.
fn check_with(b: &ComputationBuilder, args: &[Tensor], expected: &[(&str, &[f64])]) {
    let c = match b.build() {
        Ok(c) => c,
        Err(e) => panic!("build failed: {e}"),
    };
    let out = c.execute(args).unwrap_or_else(|e| panic!("execution failed: {e}\n{c}"));
    let got: Vec<(String, Vec<f64>)> = out.iter().map(|t| (Shape::of(t).to_string(), values(t))).collect();
    let want: Vec<(String, Vec<f64>)> = expected.iter().map(|(s, v)| (s.to_string(), v.to_vec())).collect();
    assert_eq!(got, want, "\n{c}");
}

fn check(b: &ComputationBuilder, expected: &[(&str, &[f64])]) {
    check_with(b, &[], expected)
}

/// Builds and returns the error message (the build must fail).
fn error(b: &ComputationBuilder) -> String {
    match b.build() {
        Ok(c) => panic!("expected an error, built:\n{c}"),
        Err(e) => e.to_string(),
    }
}

fn f32s(dims: &[i64], v: &[f32]) -> Tensor {
    Tensor::from_f32_vec(dims, v.to_vec()).unwrap()
}

fn shape(s: &str) -> Shape {
    s.parse().unwrap()
}

/// `[[1,2,3],[4,5,6]]`, the matrix of the broadcasting examples.
fn m23(b: &ComputationBuilder) -> XlaOp {
    b.constant_r2_f32(&[&[1.0, 2.0, 3.0], &[4.0, 5.0, 6.0]])
}

fn add_f32(b: &ComputationBuilder) -> SubComputation {
    b.sub_computation("add", |s| {
        let f = Shape::scalar(E::F32);
        s.add(s.parameter(0, &f, "x"), s.parameter(1, &f, "y"))
    })
}

// ----- axpy (XLA tutorial) -----

#[allow(clippy::approx_constant)] // the tutorial's alpha, not an approximation of pi
const ALPHA: f32 = 3.14;
const X: [f32; 5] = [1.0, 2.0, 3.0, 4.0, 5.0];
const Y: [f32; 5] = [10.5, 20.5, 30.5, 40.5, 50.5];
/// `3.14 * x + y` rounded in f32 at each step.
const AXPY: [f32; 5] = [13.64, 26.78, 39.92, 53.06, 66.2];

#[test]
fn axpy_with_parameters() {
    let alpha = f32s(&[], &[ALPHA]);
    let (x, y) = (f32s(&[5], &X), f32s(&[5], &Y));
    let b = ComputationBuilder::new("axpy");
    let param_alpha = b.parameter(0, &Shape::of(&alpha), "alpha");
    let param_x = b.parameter(1, &Shape::of(&x), "x");
    let param_y = b.parameter(2, &Shape::of(&y), "y");
    b.add(b.mul(param_alpha, param_x), param_y);
    let c = b.build().unwrap();
    assert_eq!(c.program_shape().to_string(), "(alpha: f32[], x: f32[5], y: f32[5]) -> f32[5]");
    assert_eq!(
        c.to_mlir(),
        "module {
  func.func @axpy(%arg0: tensor<f32>, %arg1: tensor<5xf32>, %arg2: tensor<5xf32>) -> tensor<5xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %1 = stablehlo.multiply %0, %arg1 : tensor<5xf32>
    %2 = stablehlo.add %1, %arg2 : tensor<5xf32>
    return %2 : tensor<5xf32>
  }
}
"
    );
    let out = c.execute(&[alpha, x, y]).unwrap();
    assert_eq!(out[0].as_f32().unwrap(), &AXPY);
    let expected: Vec<f32> = X.iter().zip(Y).map(|(x, y)| ALPHA * x + y).collect();
    assert_eq!(out[0].as_f32().unwrap(), expected.as_slice());
    // Parameters: the same computation runs again on other data without rebuilding.
    let out = c.execute(&[f32s(&[], &[2.0]), f32s(&[5], &[1.0; 5]), f32s(&[5], &[0.5; 5])]).unwrap();
    assert_eq!(out[0].as_f32().unwrap(), &[2.5; 5]);
}

#[test]
fn axpy_with_constants() {
    let b = ComputationBuilder::new("axpy");
    let constant_alpha = b.constant_r0_f32(ALPHA);
    let constant_x = b.constant_r1_f32(&X);
    let constant_y = b.constant_r1_f32(&Y);
    b.add(b.mul(constant_alpha, constant_x), constant_y);
    let c = b.build().unwrap();
    assert_eq!(c.program_shape().to_string(), "() -> f32[5]");
    assert!(c.to_mlir().contains("stablehlo.constant dense<3.140000e+00> : tensor<f32>"), "{c}");
    assert_eq!(c.execute(&[]).unwrap()[0].as_f32().unwrap(), &AXPY);
}

#[test]
fn execute_checks_arguments() {
    let b = ComputationBuilder::new("axpy");
    let x = b.parameter(0, &shape("f32[5]"), "x");
    b.neg(x);
    let c = b.build().unwrap();
    let e = c.execute(&[]).unwrap_err().to_string();
    assert!(e.contains("expected 1 argument(s) ((x: f32[5]) -> f32[5]), got 0"), "{e}");
    let e = c.execute(&[f32s(&[4], &[0.0; 4])]).unwrap_err().to_string();
    assert!(e.contains("argument 0 (`x`) has shape f32[4], expected f32[5]"), "{e}");
}

// ----- broadcasting semantics -----

#[test]
fn broadcast_scalar_and_array() {
    // |1 2 3| + 7 = |8  9  10|
    // |4 5 6|       |11 12 13|
    let b = ComputationBuilder::new("f");
    b.add(m23(&b), b.constant_r0_f32(7.0));
    check(&b, &[("f32[2,3]", &[8.0, 9.0, 10.0, 11.0, 12.0, 13.0])]);
    // The scalar may be on either side.
    let b = ComputationBuilder::new("f");
    b.sub(b.constant_r0_f32(7.0), m23(&b));
    check(&b, &[("f32[2,3]", &[6.0, 5.0, 4.0, 3.0, 2.0, 1.0])]);
    // Two scalars.
    let b = ComputationBuilder::new("f");
    b.mul(b.constant_r0_f32(3.0), b.constant_r0_f32(7.0));
    check(&b, &[("f32[]", &[21.0])]);
}

#[test]
fn broadcast_dimensions_vector_onto_matrix() {
    // |1 2 3| + |7 8 9| = |8  10 12|
    // |4 5 6|             |11 13 15|
    let b = ComputationBuilder::new("f");
    b.add_with_broadcast(m23(&b), b.constant_r1_f32(&[7.0, 8.0, 9.0]), &[1]);
    check(&b, &[("f32[2,3]", &[8.0, 10.0, 12.0, 11.0, 13.0, 15.0])]);
    // Lower-rank operand on the left.
    let b = ComputationBuilder::new("f");
    b.add_with_broadcast(b.constant_r1_f32(&[7.0, 8.0, 9.0]), m23(&b), &[1]);
    check(&b, &[("f32[2,3]", &[8.0, 10.0, 12.0, 11.0, 13.0, 15.0])]);
    // 3x3: dimension 1 duplicates the vector for each row, dimension 0 for each column.
    let zeros = |b: &ComputationBuilder| b.constant_literal(&f32s(&[3, 3], &[0.0; 9]));
    let b = ComputationBuilder::new("f");
    b.add_with_broadcast(zeros(&b), b.constant_r1_f32(&[7.0, 8.0, 9.0]), &[1]);
    check(&b, &[("f32[3,3]", &[7.0, 8.0, 9.0, 7.0, 8.0, 9.0, 7.0, 8.0, 9.0])]);
    let b = ComputationBuilder::new("f");
    b.add_with_broadcast(zeros(&b), b.constant_r1_f32(&[7.0, 8.0, 9.0]), &[0]);
    check(&b, &[("f32[3,3]", &[7.0, 7.0, 7.0, 8.0, 8.0, 8.0, 9.0, 9.0, 9.0])]);
    // A 3x4 matrix onto a 2x3x4 cuboid with dimensions (1, 2).
    let b = ComputationBuilder::new("f");
    let cuboid = b.constant_literal(&f32s(&[2, 3, 4], &[100.0; 24]));
    let m: Vec<f32> = (0..12).map(|i| i as f32).collect();
    b.add_with_broadcast(cuboid, b.constant_literal(&f32s(&[3, 4], &m)), &[1, 2]);
    let want: Vec<f64> = (0..24).map(|i| 100.0 + (i % 12) as f64).collect();
    check(&b, &[("f32[2,3,4]", &want)]);
}

#[test]
fn broadcast_degenerate_dimensions() {
    // (2,1) and (2,3) broadcast to (2,3).
    let b = ComputationBuilder::new("f");
    b.add(b.constant_r2_f32(&[&[10.0], &[20.0]]), m23(&b));
    check(&b, &[("f32[2,3]", &[11.0, 12.0, 13.0, 24.0, 25.0, 26.0])]);
    // The "outer operation": (2,1) and (1,3) broadcast to (2,3).
    let b = ComputationBuilder::new("f");
    b.mul(b.constant_r2_f32(&[&[1.0], &[2.0]]), b.constant_r2_f32(&[&[1.0, 10.0, 100.0]]));
    check(&b, &[("f32[2,3]", &[1.0, 10.0, 100.0, 2.0, 20.0, 200.0])]);
    // (1,2,5) and (7,2,5) broadcast to (7,2,5); (7,2,5) and (7,1,5) to (7,2,5).
    let b = ComputationBuilder::new("f");
    let p = b.parameter(0, &shape("f32[1,2,5]"), "p");
    let q = b.parameter(1, &shape("f32[7,2,5]"), "q");
    let r = b.parameter(2, &shape("f32[7,1,5]"), "r");
    let s = b.add(p, q);
    assert_eq!(b.get_shape(s).unwrap().to_string(), "f32[7,2,5]");
    assert_eq!(b.get_shape(b.add(q, r)).unwrap().to_string(), "f32[7,2,5]");
    // Comparisons broadcast the same way and give pred.
    let t = b.lt(p, q);
    assert_eq!(b.get_shape(t).unwrap().to_string(), "pred[7,2,5]");
    b.build().unwrap();
}

#[test]
fn broadcast_composition() {
    // |1 2 3 4| + [5 6] with broadcast dimensions (0): the vector becomes 4x1, then 4x2.
    let b = ComputationBuilder::new("f");
    b.add_with_broadcast(b.constant_r1_f32(&[1.0, 2.0, 3.0, 4.0]), b.constant_r2_f32(&[&[5.0, 6.0]]), &[0]);
    check(&b, &[("f32[4,2]", &[6.0, 7.0, 7.0, 8.0, 8.0, 9.0, 9.0, 10.0])]);
    // A 1x2 matrix added to a 4x3x1 array with broadcast dimensions (1, 2) gives 4x3x2.
    let b = ComputationBuilder::new("f");
    let big: Vec<f32> = (0..12).map(|i| (i * 10) as f32).collect();
    b.add_with_broadcast(b.constant_r2_f32(&[&[1.0, 2.0]]), b.constant_literal(&f32s(&[4, 3, 1], &big)), &[1, 2]);
    let want: Vec<f64> = (0..24).map(|i| ((i / 2) * 10) as f64 + (i % 2 + 1) as f64).collect();
    check(&b, &[("f32[4,3,2]", &want)]);
}

#[test]
fn broadcast_errors() {
    type Case = (Box<dyn Fn(&ComputationBuilder)>, &'static str);
    let cases: Vec<Case> = vec![
        (
            Box::new(|b| {
                let p = b.parameter(0, &shape("f32[7,2,5]"), "p");
                let q = b.parameter(1, &shape("f32[7,2,6]"), "q");
                b.add(p, q);
            }),
            "add: cannot broadcast f32[7,2,5] and f32[7,2,6]: incompatible shapes [7,2,5] and [7,2,6]: \
             dimension 2 has sizes 5 and 6 (sizes must be equal or one of them 1)",
        ),
        (
            Box::new(|b| {
                b.add(m23(b), b.constant_r1_f32(&[7.0, 8.0, 9.0]));
            }),
            "add: cannot broadcast f32[2,3] and f32[3]: operands of different ranks [2,3] and [3] need \
             broadcast_dimensions (only a scalar broadcasts implicitly)",
        ),
        (
            Box::new(|b| {
                b.add_with_broadcast(m23(b), b.constant_r1_f32(&[7.0, 8.0, 9.0]), &[0]);
            }),
            "broadcast dimension 0 mismatch: dimension 0 of [3] has size 3 but dimension 0 of [2,3] has size 2",
        ),
        (
            Box::new(|b| {
                b.mul_with_broadcast(m23(b), b.constant_r1_f32(&[7.0, 8.0, 9.0]), &[0, 1]);
            }),
            "broadcast_dimensions {0, 1} has 2 entries but the lower-rank operand [3] has rank 1",
        ),
        (
            Box::new(|b| {
                b.add_with_broadcast(m23(b), b.constant_r1_f32(&[7.0, 8.0, 9.0]), &[2]);
            }),
            "broadcast dimension 2 is out of range for the higher-rank operand [2,3] (rank 2)",
        ),
        (
            Box::new(|b| {
                let p = b.parameter(0, &shape("f32[3,4,5]"), "p");
                let q = b.parameter(1, &shape("f32[5,4]"), "q");
                b.add_with_broadcast(p, q, &[2, 1]);
            }),
            "broadcast_dimensions {2, 1} must be strictly increasing",
        ),
        (
            Box::new(|b| {
                b.add_with_broadcast(m23(b), m23(b), &[1, 0]);
            }),
            "broadcast_dimensions {1, 0} must be empty or the identity for operands of the same rank",
        ),
        (
            Box::new(|b| {
                b.add(b.constant_r0_f32(1.0), b.constant_r0_i32(1));
            }),
            "add: operands have different element types: f32[] and s32[]",
        ),
        (
            Box::new(|b| {
                b.gt(m23(b), b.constant_r1_f32(&[1.0, 2.0]));
            }),
            "gt: cannot broadcast f32[2,3] and f32[2]",
        ),
    ];
    for (build, want) in cases {
        let b = ComputationBuilder::new("f");
        build(&b);
        let e = error(&b);
        assert!(e.contains(want), "expected `{want}` in `{e}`");
        // Messages start with the Rust location of the call.
        assert!(e.starts_with("interp/tests/builder.rs:"), "{e}");
    }
}

#[test]
fn first_error_is_kept_and_later_ops_are_poisoned() {
    let b = ComputationBuilder::new("f");
    let bad = b.add(m23(&b), b.constant_r1_f32(&[1.0, 2.0]));
    assert!(!bad.is_valid());
    let first = b.first_error().unwrap().to_string();
    // Ops using the failed handle fail silently; a second real error is not recorded.
    let still_bad = b.neg(bad);
    assert!(!still_bad.is_valid());
    b.reshape(m23(&b), &[7]);
    assert_eq!(b.first_error().unwrap().to_string(), first);
    assert_eq!(error(&b), first);
    assert!(matches!(b.get_shape(bad), Err(BuilderError::InvalidArgument { .. })));
}

// ----- misuse -----

#[test]
fn handles_from_other_builders_and_scopes_are_errors() {
    let a = ComputationBuilder::new("a");
    let b = ComputationBuilder::new("b");
    let x = a.constant_r0_f32(1.0);
    b.neg(x);
    let e = error(&b);
    assert!(e.contains("neg: operand #0 was created by a different ComputationBuilder"), "{e}");

    // A sub-computation is closed: it cannot use its parent's values.
    let b = ComputationBuilder::new("outer");
    let k = b.constant_r0_f32(1.0);
    b.sub_computation("inner", |s| s.add(s.parameter(0, &Shape::scalar(E::F32), "x"), k));
    let e = error(&b);
    assert!(e.contains("add: operand #1 belongs to computation `outer`, which is not visible from `inner`"), "{e}");

    // Values of a region body do not escape it.
    let b = ComputationBuilder::new("outer");
    let mut leaked = None;
    b.reduce_with(b.constant_r1_f32(&[1.0, 2.0]), b.constant_r0_f32(0.0), &[0], |r, acc, x| {
        leaked = Some(acc);
        r.add(acc, x)
    });
    b.neg(leaked.unwrap());
    let e = error(&b);
    assert!(e.contains("neg: operand #0 belongs to computation `outer (reduce body)`"), "{e}");

    // After build, the builder is spent.
    let b = ComputationBuilder::new("once");
    b.constant_r0_f32(1.0);
    b.build().unwrap();
    assert!(!b.constant_r0_f32(2.0).is_valid());
    assert!(matches!(b.build(), Err(BuilderError::AlreadyBuilt { .. })));
}

#[test]
fn parameters() {
    // Declared out of order: the function takes them by number.
    let b = ComputationBuilder::new("f");
    let y = b.parameter(1, &shape("f32[2]"), "y");
    let x = b.parameter(0, &shape("f32[]"), "x");
    b.sub(y, x);
    let c = b.build().unwrap();
    assert_eq!(c.program_shape().to_string(), "(x: f32[], y: f32[2]) -> f32[2]");
    let out = c.execute(&[f32s(&[], &[1.0]), f32s(&[2], &[5.0, 6.0])]).unwrap();
    assert_eq!(out[0].as_f32().unwrap(), &[4.0, 5.0]);

    let b = ComputationBuilder::new("f");
    b.parameter(0, &shape("f32[]"), "x");
    b.parameter(2, &shape("f32[]"), "z");
    assert!(error(&b).contains("parameter numbers must be 0..2 without gaps, but parameter 1 is missing"));

    let b = ComputationBuilder::new("f");
    b.parameter(0, &shape("f32[]"), "x");
    b.parameter(0, &shape("f32[]"), "y");
    assert!(error(&b).contains("parameter 0 declared twice (`x` and `y`)"));

    // The identity computation returns its parameter.
    let b = ComputationBuilder::new("id");
    b.parameter(0, &shape("s32[3]"), "x");
    let t = Tensor::from_i64s(E::SInt(32), &[3], &[1, 2, 3]).unwrap();
    check_with(&b, &[t], &[("s32[3]", &[1.0, 2.0, 3.0])]);

    let b = ComputationBuilder::new("empty");
    assert!(error(&b).contains("computation `empty` is empty"));
}

// ----- dot -----

#[test]
fn dot_rank_rules() {
    let b = ComputationBuilder::new("f");
    let v = b.constant_r1_f32(&[1.0, 2.0, 3.0]);
    let m = m23(&b);
    let mt = b.transpose(m, &[1, 0]);
    let vv = b.dot(v, v);
    let mv = b.dot(m, v);
    let vm = b.dot(b.constant_r1_f32(&[1.0, 1.0]), m);
    let mm = b.dot(m, mt);
    b.set_return_values(&[vv, mv, vm, mm]);
    check(
        &b,
        &[
            ("f32[]", &[14.0]),
            ("f32[2]", &[14.0, 32.0]),
            ("f32[3]", &[5.0, 7.0, 9.0]),
            ("f32[2,2]", &[14.0, 32.0, 32.0, 77.0]),
        ],
    );

    let b = ComputationBuilder::new("f");
    b.dot(m23(&b), m23(&b));
    let e = error(&b);
    assert!(e.contains("dot: contracting dimensions differ: dimension 1 of f32[2,3] has size 3, dimension 0 of f32[2,3] has size 2"), "{e}");

    let b = ComputationBuilder::new("f");
    let t = b.parameter(0, &shape("f32[2,2,2]"), "t");
    b.dot(t, t);
    assert!(error(&b).contains("dot takes vectors and matrices (rank 1 or 2), got f32[2,2,2] and f32[2,2,2]"));

    // dot_general: a batched matmul.
    let b = ComputationBuilder::new("f");
    let l = b.constant_literal(&f32s(&[2, 1, 2], &[1.0, 2.0, 3.0, 4.0]));
    let r = b.constant_literal(&f32s(&[2, 2, 1], &[1.0, 1.0, 2.0, 2.0]));
    let dn = DotDimensionNumbers {
        lhs_batching_dimensions: vec![0],
        rhs_batching_dimensions: vec![0],
        lhs_contracting_dimensions: vec![2],
        rhs_contracting_dimensions: vec![1],
    };
    b.dot_general(l, r, &dn);
    check(&b, &[("f32[2,1,1]", &[3.0, 14.0])]);
}

// ----- reduce -----

#[test]
fn reduce_with_sub_computations() {
    // The 2x3 example: reducing dimension 0 or 1 with add.
    let b = ComputationBuilder::new("f");
    let add = add_f32(&b);
    let zero = b.constant_r0_f32(0.0);
    let r0 = b.reduce(m23(&b), zero, &add, &[0]);
    let r1 = b.reduce(m23(&b), zero, &add, &[1]);
    b.set_return_values(&[r0, r1]);
    check(&b, &[("f32[3]", &[5.0, 7.0, 9.0]), ("f32[2]", &[6.0, 15.0])]);

    // The 4x2x3 example: the values 1..6 replicated over dimension 0.
    let b = ComputationBuilder::new("f");
    let add = add_f32(&b);
    let zero = b.constant_r0_f32(0.0);
    let cube: Vec<f32> = (0..24).map(|i| (i % 6 + 1) as f32).collect();
    let t = b.constant_literal(&f32s(&[4, 2, 3], &cube));
    let outs = [
        b.reduce(t, zero, &add, &[0]),
        b.reduce(t, zero, &add, &[2]),
        b.reduce(t, zero, &add, &[0, 1]),
        b.reduce_all(t, zero, &add),
    ];
    b.set_return_values(&outs);
    check(
        &b,
        &[
            ("f32[2,3]", &[4.0, 8.0, 12.0, 16.0, 20.0, 24.0]),
            ("f32[4,2]", &[6.0, 15.0, 6.0, 15.0, 6.0, 15.0, 6.0, 15.0]),
            ("f32[3]", &[20.0, 28.0, 36.0]),
            ("f32[]", &[84.0]),
        ],
    );

    // XLA's CreateSubBuilder / BuildAndNoteError.
    let b = ComputationBuilder::new("f");
    let sb = b.create_sub_builder("max");
    let s = Shape::scalar(E::SInt(32));
    sb.max(sb.parameter(0, &s, "a"), sb.parameter(1, &s, "b"));
    let max = sb.build_and_note_error();
    assert_eq!(max.parameter_shapes(), &[s.clone(), s.clone()]);
    let v = b.constant_r1(&[3i32, -7, 12, 5]);
    b.reduce(v, b.constant_r0_i32(i32::MIN), &max, &[0]);
    check(&b, &[("s32[]", &[12.0])]);

    // A failing sub-computation poisons its uses; its error is the builder's.
    let b = ComputationBuilder::new("f");
    let bad = b.sub_computation("bad", |s| s.add(s.parameter(0, &Shape::scalar(E::F32), "x"), s.constant_r0_i32(1)));
    assert!(!bad.is_ok());
    b.reduce(b.constant_r1_f32(&[1.0]), b.constant_r0_f32(0.0), &bad, &[0]);
    assert!(error(&b).contains("add: operands have different element types: f32[] and s32[]"));

    // A reducer of the wrong type is caught by StableHLO's checks.
    let b = ComputationBuilder::new("f");
    let add = add_f32(&b);
    b.reduce(b.constant_r1(&[1i32, 2]), b.constant_r0_i32(0), &add, &[0]);
    let e = error(&b);
    assert!(e.contains("reduce: "), "{e}");
}

#[test]
fn reduce_helpers_and_closures() {
    let b = ComputationBuilder::new("f");
    let m = m23(&b);
    let outs = [
        b.reduce_sum(m, &[1]),
        b.reduce_sum_all(m),
        b.reduce_max(m, &[0]),
        b.reduce_min(m, &[1]),
        b.reduce_prod(m, &[0]),
        b.reduce_max(b.constant_r1(&[-5i32, -2, -9]), &[0]),
        b.reduce_with(m, b.constant_r0_f32(0.0), &[0, 1], |r, acc, x| r.add(acc, r.mul(x, x))),
    ];
    b.set_return_values(&outs);
    check(
        &b,
        &[
            ("f32[2]", &[6.0, 15.0]),
            ("f32[]", &[21.0]),
            ("f32[3]", &[4.0, 5.0, 6.0]),
            ("f32[2]", &[1.0, 4.0]),
            ("f32[3]", &[4.0, 10.0, 18.0]),
            ("s32[]", &[-2.0]),
            ("f32[]", &[91.0]),
        ],
    );
}

// ----- control flow -----

#[test]
fn while_loop_with_tuple_state() {
    // The pseudocode of XLA's While: init = {0, zero_vector[10]};
    // while (result(0) < 1000) { result = {result(0) + 1, result(1) + constant_vector[10]} }
    let b = ComputationBuilder::new("loop");
    let state = shape("(s32[], f32[10])");
    let cond = b.sub_computation("condition", |c| {
        let s = c.parameter(0, &state, "state");
        c.lt(c.get_tuple_element(s, 0), c.constant_r0_i32(1000))
    });
    let body = b.sub_computation("body", |c| {
        let s = c.parameter(0, &state, "state");
        let iteration = c.add(c.get_tuple_element(s, 0), c.constant_r0_i32(1));
        let new_vector = c.add(c.get_tuple_element(s, 1), c.constant_r1_splat(10, 0.5f32));
        c.tuple(&[iteration, new_vector])
    });
    let init = b.tuple(&[b.constant_r0_i32(0), b.constant_r1_splat(10, 0.0f32)]);
    let result = b.while_loop(&cond, &body, init);
    assert_eq!(b.get_shape(result).unwrap(), state);
    // Tuple results are flattened by `execute`.
    check(&b, &[("s32[]", &[1000.0]), ("f32[10]", &[500.0; 10])]);
}

#[test]
fn while_with_closures() {
    // Fibonacci: (a, b) -> (b, a + b) while the counter is below n (a captured constant).
    let b = ComputationBuilder::new("fib");
    let n = b.parameter(0, &shape("s32[]"), "n");
    let zero = b.constant_r0_i32(0);
    let one = b.constant_r0_i32(1);
    let out =
        b.while_with(&[zero, zero, one], |c, v| c.lt(v[0], n), |c, v| vec![c.add(v[0], one), v[2], c.add(v[1], v[2])]);
    b.set_return_value(out[1]);
    let n10 = Tensor::from_i64s(E::SInt(32), &[], &[10]).unwrap();
    check_with(&b, &[n10], &[("s32[]", &[55.0])]);

    // The condition must return pred[].
    let b = ComputationBuilder::new("bad");
    let z = b.constant_r0_i32(0);
    b.while_with(&[z], |_, v| v[0], |_, v| vec![v[0]]);
    let e = error(&b);
    assert!(e.contains("while_loop: expect condition block return a zero-ranked tensor of i1"), "{e}");
}

#[test]
fn conditionals() {
    let b = ComputationBuilder::new("f");
    let p = b.parameter(0, &shape("pred[]"), "p");
    let x = b.parameter(1, &shape("f32[2]"), "x");
    let s = shape("f32[2]");
    let double = b.sub_computation("double", |c| {
        let v = c.parameter(0, &s, "v");
        c.add(v, v)
    });
    let negate = b.sub_computation("negate", |c| c.neg(c.parameter(0, &s, "v")));
    b.conditional(p, x, &double, x, &negate);
    let c = b.build().unwrap();
    let xs = f32s(&[2], &[1.5, -2.0]);
    let t = Tensor::from_bools(&[], &[true]).unwrap();
    let f = Tensor::from_bools(&[], &[false]).unwrap();
    assert_eq!(c.execute(&[t, xs.clone()]).unwrap()[0].as_f32().unwrap(), &[3.0, -4.0]);
    assert_eq!(c.execute(&[f, xs]).unwrap()[0].as_f32().unwrap(), &[-1.5, 2.0]);

    // Closure branches may capture values of the enclosing computation.
    let b = ComputationBuilder::new("f");
    let x = b.constant_r0_f32(4.0);
    let r = b.conditional_with(b.gt(x, b.constant_r0_f32(0.0)), |c| c.sqrt(x), |c| c.neg(x));
    b.set_return_values(&r);
    check(&b, &[("f32[]", &[2.0])]);
}

#[test]
fn calls_and_maps() {
    let b = ComputationBuilder::new("main");
    let f = Shape::scalar(E::F32);
    let fma = b.sub_computation("fma", |c| {
        let (x, y, z) = (c.parameter(0, &f, "x"), c.parameter(1, &f, "y"), c.parameter(2, &f, "z"));
        c.add(c.mul(x, y), z)
    });
    let a = b.call(&fma, &[b.constant_r0_f32(2.0), b.constant_r0_f32(3.0), b.constant_r0_f32(1.0)]);
    let c2 = b.call(&fma, &[a, a, a]);
    let m =
        b.map(&[b.constant_r1_f32(&[1.0, 2.0]), b.constant_r1_f32(&[3.0, 4.0]), b.constant_r1_f32(&[0.5, 0.5])], &fma);
    b.set_return_values(&[a, c2, m]);
    let c = b.build().unwrap();
    let text = c.to_mlir();
    // One private function, called twice.
    assert_eq!(text.matches("func.func private @fma").count(), 1, "{text}");
    assert_eq!(text.matches("call @fma").count(), 2, "{text}");
    let out = c.execute(&[]).unwrap();
    let got: Vec<Vec<f64>> = out.iter().map(values).collect();
    assert_eq!(got, vec![vec![7.0], vec![56.0], vec![3.5, 8.5]]);

    let b = ComputationBuilder::new("main");
    let fma2 = b.sub_computation("fma", |c| c.neg(c.parameter(0, &f, "x")));
    b.call(&fma2, &[b.constant_r0_i32(1)]);
    assert!(error(&b).contains("call: `fma` takes (f32[]), got (s32[])"));
}

// ----- other op families -----

#[test]
fn shape_ops() {
    let v: Vec<f32> = [10, 11, 12, 15, 16, 17, 20, 21, 22, 25, 26, 27, 30, 31, 32, 35, 36, 37, 40, 41, 42, 45, 46, 47]
        .iter()
        .map(|x| *x as f32)
        .collect();
    let b = ComputationBuilder::new("f");
    let t = b.constant_literal(&f32s(&[4, 2, 3], &v));
    let outs = [
        b.reshape(t, &[8, 3]),
        // Out-of-order collapse: Reshape(v, {1,2,0}, {24}).
        b.reshape_with_dims(t, &[1, 2, 0], &[24]),
        b.collapse(t, &[1, 2]),
        b.reshape(b.constant_r2_f32(&[&[5.0]]), &[]),
    ];
    b.set_return_values(&outs);
    let v021: [f64; 24] = [
        10.0, 20.0, 30.0, 40.0, 11.0, 21.0, 31.0, 41.0, 12.0, 22.0, 32.0, 42.0, 15.0, 25.0, 35.0, 45.0, 16.0, 26.0,
        36.0, 46.0, 17.0, 27.0, 37.0, 47.0,
    ];
    let flat: Vec<f64> = v.iter().map(|x| *x as f64).collect();
    check(&b, &[("f32[8,3]", &flat), ("f32[24]", &v021), ("f32[4,6]", &flat), ("f32[]", &[5.0])]);

    let b = ComputationBuilder::new("f");
    b.reshape(m23(&b), &[4]);
    assert!(error(&b).contains("reshape: cannot reshape f32[2,3] (6 elements) to [4] (4 elements)"));

    // Slice: [ 0 1 2 3 ; 4 5 6 7 ; 8 9 a b ] with start {1,1}, limit {2,3} is [5 6].
    let b = ComputationBuilder::new("f");
    let m = b.constant_literal(&f32s(&[3, 4], &(0..12).map(|i| i as f32).collect::<Vec<_>>()));
    let a = b.constant_r1_f32(&[0.0, 1.0, 2.0, 3.0, 4.0]);
    let outs = [
        b.slice(m, &[1, 1], &[2, 3], &[]),
        b.slice_in_dim(a, 0, 5, 2, 0),
        // DynamicSlice(a, {2}, {2}) with the index as a rank-1 array, then as scalars.
        b.dynamic_slice(a, &[b.constant_r1(&[2i32])], &[2]),
        b.dynamic_slice(m, &[b.constant_r0_i32(1), b.constant_r0_i32(2)], &[2, 2]),
        b.dynamic_update_slice(a, b.constant_r1_f32(&[9.0, 9.0]), &[b.constant_r0_i32(1)]),
        b.concat_in_dim(&[a, b.constant_r1_f32(&[5.0])], 0),
        b.pad(b.constant_r1_f32(&[1.0, 2.0]), b.constant_r0_f32(0.0), &[(1, 2, 1)]),
        b.reverse(a, &[0]),
        b.broadcast(b.constant_r0_f32(2.0), &[2, 3]),
        b.transpose(m23(&b), &[1, 0]),
    ];
    b.set_return_values(&outs);
    check(
        &b,
        &[
            ("f32[1,2]", &[5.0, 6.0]),
            ("f32[3]", &[0.0, 2.0, 4.0]),
            ("f32[2]", &[2.0, 3.0]),
            ("f32[2,2]", &[6.0, 7.0, 10.0, 11.0]),
            ("f32[5]", &[0.0, 9.0, 9.0, 3.0, 4.0]),
            ("f32[6]", &[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]),
            ("f32[6]", &[0.0, 1.0, 0.0, 2.0, 0.0, 0.0]),
            ("f32[5]", &[4.0, 3.0, 2.0, 1.0, 0.0]),
            ("f32[2,3]", &[2.0; 6]),
            ("f32[3,2]", &[1.0, 4.0, 2.0, 5.0, 3.0, 6.0]),
        ],
    );

    let b = ComputationBuilder::new("f");
    b.slice(m23(&b), &[0, 0], &[3, 3], &[]);
    let e = error(&b);
    assert!(e.contains("slice: "), "{e}");
}

#[test]
fn elementwise_families() {
    let b = ComputationBuilder::new("f");
    let x = b.constant_r1_f32(&[1.0, 4.0]);
    let p = b.constant_r1(&[true, false]);
    let i = b.constant_r1(&[-1i32, 5, 9]);
    let outs = [
        b.neg(x),
        b.abs(b.constant_r1_f32(&[-3.0, 2.0])),
        b.sqrt(x),
        b.rsqrt(x),
        b.exp(b.constant_r0_f32(0.0)),
        b.log(b.constant_r0_f32(1.0)),
        b.tanh(b.constant_r0_f32(0.0)),
        b.logistic(b.constant_r0_f32(0.0)),
        b.pow(x, b.constant_r0_f32(2.0)),
        b.div(x, b.constant_r0_f32(2.0)),
        b.max(x, b.constant_r0_f32(2.0)),
        b.min(x, b.constant_r0_f32(2.0)),
        b.and(p, b.constant_r0(true)),
        b.or(p, b.constant_r0(false)),
        b.xor(p, b.constant_r0(true)),
        b.clamp(b.constant_r0_i32(0), i, b.constant_r0_i32(6)),
        b.select(p, x, b.constant_r1_f32(&[7.0, 8.0])),
        b.convert_element_type(i, E::F32),
        b.iota(&shape("s32[2,3]"), 1),
        b.ne(i, b.constant_r0_i32(5)),
        b.square(x),
        b.reciprocal(x),
    ];
    b.set_return_values(&outs);
    check(
        &b,
        &[
            ("f32[2]", &[-1.0, -4.0]),
            ("f32[2]", &[3.0, 2.0]),
            ("f32[2]", &[1.0, 2.0]),
            ("f32[2]", &[1.0, 0.5]),
            ("f32[]", &[1.0]),
            ("f32[]", &[0.0]),
            ("f32[]", &[0.0]),
            ("f32[]", &[0.5]),
            ("f32[2]", &[1.0, 16.0]),
            ("f32[2]", &[0.5, 2.0]),
            ("f32[2]", &[2.0, 4.0]),
            ("f32[2]", &[1.0, 2.0]),
            ("pred[2]", &[1.0, 0.0]),
            ("pred[2]", &[1.0, 0.0]),
            ("pred[2]", &[0.0, 1.0]),
            ("s32[3]", &[0.0, 5.0, 6.0]),
            ("f32[2]", &[1.0, 8.0]),
            ("f32[3]", &[-1.0, 5.0, 9.0]),
            ("s32[2,3]", &[0.0, 1.0, 2.0, 0.0, 1.0, 2.0]),
            ("pred[3]", &[1.0, 0.0, 1.0]),
            ("f32[2]", &[1.0, 16.0]),
            ("f32[2]", &[1.0, 0.25]),
        ],
    );

    let b = ComputationBuilder::new("f");
    b.exp(b.constant_r0_i32(1));
    let e = error(&b);
    assert!(e.contains("exp: "), "{e}");
}

#[test]
fn tuples_and_gather() {
    let b = ComputationBuilder::new("f");
    let t = b.tuple(&[b.constant_r1_f32(&[1.0, 2.0]), b.constant_r0_i32(5)]);
    assert_eq!(b.get_shape(t).unwrap().to_string(), "(f32[2], s32[])");
    let e1 = b.get_tuple_element(t, 1);
    assert_eq!(b.get_shape(e1).unwrap().to_string(), "s32[]");
    // Gather rows 2 and 0 of a 3x2 matrix.
    let m = b.constant_literal(&f32s(&[3, 2], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]));
    let idx = b.constant_literal(&Tensor::from_i64s(E::SInt(32), &[2, 1], &[2, 0]).unwrap());
    let dn = GatherDimensionNumbers {
        offset_dims: vec![1],
        collapsed_slice_dims: vec![0],
        start_index_map: vec![0],
        index_vector_dim: 1,
        ..Default::default()
    };
    let g = b.gather(m, idx, &dn, &[1, 2], false);
    b.set_return_values(&[e1, g]);
    check(&b, &[("s32[]", &[5.0]), ("f32[2,2]", &[5.0, 6.0, 1.0, 2.0])]);
}

#[test]
fn shapes_print_and_parse_as_xla() {
    for s in ["f32[2,3]", "pred[]", "(f32[], s32[10])", "u8[0]", "bf16[1,2,3]", "()"] {
        assert_eq!(shape(s).to_string(), s);
    }
    assert!("f33[2]".parse::<Shape>().is_err());
    assert!("f32[2,-1]".parse::<Shape>().is_err());
}
