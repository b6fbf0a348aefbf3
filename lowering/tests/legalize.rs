//! `stablehlo-legalize-to-linalg` against the interpreter: each program runs under
//! `strata-interp` on seeded random inputs; it is legalized (which must leave no StableHLO op),
//! and, with the `mlir` feature, compiled through the bridge (generated schedule and plain
//! pipeline) and run on the same inputs: the results must agree (floats within a tolerance
//! relative to the largest magnitude, everything else exactly).

use strata_ir::{Context, OpId};
use strata_lowering::legalize::{legalize_text, Options};
use strata_reference::value::{Element, ElementType, Tensor, Value};

/// A seeded generator.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn unit(&mut self) -> f64 {
        (self.next() % 1_000_000) as f64 / 1_000_000.0
    }
}

fn random_tensor(ty: ElementType, shape: &[i64], rng: &mut Rng) -> Tensor {
    let n = shape.iter().product::<i64>() as usize;
    if ty.is_float() {
        let v: Vec<f64> = (0..n).map(|_| rng.unit() * 4.0 - 2.0).collect();
        return Tensor::from_f64s(ty, shape, &v).unwrap();
    }
    if ty == ElementType::I1 {
        let v: Vec<bool> = (0..n).map(|_| rng.next().is_multiple_of(2)).collect();
        return Tensor::from_bools(shape, &v).unwrap();
    }
    if ty.is_unsigned_integer() {
        let v: Vec<u64> = (0..n).map(|_| rng.next() % 10).collect();
        return Tensor::from_u64s(ty, shape, &v).unwrap();
    }
    let v: Vec<i64> = (0..n).map(|_| (rng.next() % 11) as i64 - 5).collect();
    Tensor::from_i64s(ty, shape, &v).unwrap()
}

fn main_func(ctx: &Context, module: OpId) -> OpId {
    let mut f = None;
    ctx.walk_pre(module, &mut |o| {
        if ctx.op_name_of(o) == "func.func" && strata_ir::symbol::symbol_name(ctx, o) == Some("main") {
            f = Some(o);
        }
    });
    f.expect("a @main function")
}

/// Interpret `@main` of `text` on inputs generated from its signature; (inputs, outputs).
fn interpret(text: &str, seed: u64) -> (Vec<Tensor>, Vec<Tensor>) {
    let mut ctx = Context::new();
    strata_dialects::register_all(&mut ctx);
    let m = strata_ir::parser::parse_source(&mut ctx, &strata_ir::parser::ParserConfig::new("case.mlir"), text)
        .unwrap_or_else(|_| panic!("parse: {:?}", ctx.take_diagnostics()));
    let f = main_func(&ctx, m);
    let ft = strata_ir::symbol::function_type(&ctx, f).expect("function type");
    let inputs_t = ft.0;
    let mut rng = Rng(seed);
    let inputs: Vec<Tensor> = inputs_t
        .iter()
        .map(|t| {
            let s = ctx.shaped(*t).expect("tensor argument");
            let et = strata_reference::convert::element_type_of(&ctx, s.element_type()).expect("element type");
            random_tensor(et, s.dims(), &mut rng)
        })
        .collect();
    let mut it = strata_interp::eval::Interpreter::new();
    let out = it
        .eval_func(&ctx, f, inputs.iter().cloned().map(Value::Tensor).collect())
        .unwrap_or_else(|e| panic!("interpreter: {e}"));
    let outs = out
        .into_iter()
        .map(|v| match v {
            Value::Tensor(t) => t,
            _ => panic!("non-tensor result"),
        })
        .collect();
    (inputs, outs)
}

#[cfg_attr(not(feature = "mlir"), allow(dead_code))]
fn agree(name: &str, got: &Tensor, want: &Tensor, tol: f64) {
    assert_eq!(got.shape(), want.shape(), "{name}: shape");
    let w: Vec<Element> = want.elements().collect();
    let g: Vec<Element> = got.elements().collect();
    let scale = w
        .iter()
        .map(|e| match e {
            Element::Float(f) => f.abs(),
            Element::Complex(c) => c.norm(),
            _ => 0.0,
        })
        .fold(1e-30, f64::max);
    for (i, (a, b)) in g.iter().zip(&w).enumerate() {
        let ok = match (a, b) {
            (Element::Float(x), Element::Float(y)) => {
                (x.is_nan() && y.is_nan()) || x == y || (x - y).abs() <= tol * scale
            }
            (Element::Complex(x), Element::Complex(y)) => (x - y).norm() <= tol * scale,
            (x, y) => x == y,
        };
        assert!(ok, "{name}: element {i}: compiled {a:?}, interpreter {b:?}");
    }
}

/// Legalize, then (with the bridge) compile, run and compare with the interpreter.
fn check(name: &str, text: &str) {
    let (inputs, want) = interpret(text, name.len() as u64 * 7919);
    let lowered = legalize_text(text, name, &Options::default()).unwrap_or_else(|e| panic!("{name}: legalize: {e}"));
    for l in lowered.lines() {
        assert!(!l.contains("\"stablehlo.") && !l.contains(" stablehlo."), "{name}: left over: {l}\n{lowered}");
    }
    #[cfg(feature = "mlir")]
    for schedule in [true, false] {
        let opts = strata_lowering::Options { schedule, ..Default::default() };
        let m = strata_lowering::compile(&lowered, &opts)
            .unwrap_or_else(|e| panic!("{name}: compile (schedule={schedule}): {e}\n{lowered}"));
        let got = m.invoke("main", &inputs).unwrap_or_else(|e| panic!("{name}: invoke: {e}"));
        assert_eq!(got.len(), want.len(), "{name}: result count");
        for (g, w) in got.iter().zip(&want) {
            agree(name, g, w, 2e-5);
        }
    }
    #[cfg(not(feature = "mlir"))]
    let _ = (inputs, want);
}

macro_rules! case {
    ($name:ident, $text:expr) => {
        #[test]
        fn $name() {
            check(stringify!($name), $text);
        }
    };
}

case!(
    elementwise_f32,
    "func.func @main(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = stablehlo.multiply %a, %b : tensor<4x8xf32>
  %1 = stablehlo.subtract %0, %a : tensor<4x8xf32>
  %2 = stablehlo.maximum %1, %b : tensor<4x8xf32>
  %3 = stablehlo.abs %2 : tensor<4x8xf32>
  %4 = stablehlo.sqrt %3 : tensor<4x8xf32>
  %5 = stablehlo.exponential %4 : tensor<4x8xf32>
  %6 = stablehlo.tanh %5 : tensor<4x8xf32>
  %7 = stablehlo.negate %6 : tensor<4x8xf32>
  %8 = stablehlo.divide %7, %5 : tensor<4x8xf32>
  %9 = stablehlo.logistic %8 : tensor<4x8xf32>
  %10 = stablehlo.floor %9 : tensor<4x8xf32>
  %11 = stablehlo.add %10, %9 : tensor<4x8xf32>
  return %11 : tensor<4x8xf32>
}"
);

case!(
    elementwise_f64_transcendentals,
    "func.func @main(%a: tensor<16xf64>) -> tensor<16xf64> {
  %0 = stablehlo.exponential %a : tensor<16xf64>
  %1 = stablehlo.tanh %0 : tensor<16xf64>
  %2 = stablehlo.log_plus_one %0 : tensor<16xf64>
  %3 = stablehlo.sine %2 : tensor<16xf64>
  %4 = stablehlo.add %1, %3 : tensor<16xf64>
  return %4 : tensor<16xf64>
}"
);

case!(
    integer_division_and_shifts,
    "func.func @main(%a: tensor<3x5xi32>, %b: tensor<3x5xi32>) -> (tensor<3x5xi32>, tensor<3x5xi32>, tensor<3x5xi32>, tensor<3x5xi32>) {
  %0 = stablehlo.divide %a, %b : tensor<3x5xi32>
  %1 = stablehlo.remainder %a, %b : tensor<3x5xi32>
  %2 = stablehlo.shift_left %a, %b : tensor<3x5xi32>
  %3 = stablehlo.shift_right_arithmetic %a, %b : tensor<3x5xi32>
  return %0, %1, %2, %3 : tensor<3x5xi32>, tensor<3x5xi32>, tensor<3x5xi32>, tensor<3x5xi32>
}"
);

case!(
    compare_select_clamp_convert,
    "func.func @main(%a: tensor<6xf32>, %b: tensor<6xf32>, %i: tensor<6xi32>) -> (tensor<6xf32>, tensor<6xi32>, tensor<6xf32>) {
  %p = stablehlo.compare GT, %a, %b : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
  %s = stablehlo.select %p, %a, %b : tensor<6xi1>, tensor<6xf32>
  %lo = stablehlo.constant dense<-1.0> : tensor<6xf32>
  %hi = stablehlo.constant dense<0.5> : tensor<6xf32>
  %c = stablehlo.clamp %lo, %s, %hi : tensor<6xf32>
  %t = stablehlo.convert %c : (tensor<6xf32>) -> tensor<6xi32>
  %u = stablehlo.add %t, %i : tensor<6xi32>
  %f = stablehlo.convert %i : (tensor<6xi32>) -> tensor<6xf32>
  return %c, %u, %f : tensor<6xf32>, tensor<6xi32>, tensor<6xf32>
}"
);

case!(
    shapes,
    "func.func @main(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) -> (tensor<3x6xf32>, tensor<6x3xf32>, tensor<2x3x4xf32>, tensor<6xf32>) {
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<6x3xf32>) -> tensor<3x6xf32>
  %2 = stablehlo.reverse %0, dims = [0, 1] : tensor<6x3xf32>
  %3 = stablehlo.broadcast_in_dim %a, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3x4xf32>
  %4 = stablehlo.reshape %a : (tensor<2x3xf32>) -> tensor<6xf32>
  return %1, %2, %3, %4 : tensor<3x6xf32>, tensor<6x3xf32>, tensor<2x3x4xf32>, tensor<6xf32>
}"
);

case!(
    slices_and_pads,
    "func.func @main(%a: tensor<5x6xf32>, %u: tensor<2x2xf32>, %i: tensor<i32>) -> (tensor<2x3xf32>, tensor<9x8xf32>, tensor<2x2xf32>, tensor<5x6xf32>) {
  %0 = stablehlo.slice %a [1:5:2, 0:6:2] : (tensor<5x6xf32>) -> tensor<2x3xf32>
  %z = stablehlo.constant dense<0.5> : tensor<f32>
  %1 = stablehlo.pad %a, %z, low = [1, 0], high = [3, 2], interior = [0, 0] : (tensor<5x6xf32>, tensor<f32>) -> tensor<9x8xf32>
  %2 = stablehlo.dynamic_slice %a, %i, %i, sizes = [2, 2] : (tensor<5x6xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  %3 = stablehlo.dynamic_update_slice %a, %u, %i, %i : (tensor<5x6xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i32>) -> tensor<5x6xf32>
  return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<9x8xf32>, tensor<2x2xf32>, tensor<5x6xf32>
}"
);

case!(
    interior_pad_and_iota,
    "func.func @main(%a: tensor<3x4xf32>) -> (tensor<6x7xf32>, tensor<3x4xf32>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.pad %a, %z, low = [0, -1], high = [1, 1], interior = [1, 1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<6x7xf32>
  %1 = stablehlo.iota dim = 1 : tensor<3x4xf32>
  %2 = stablehlo.add %1, %a : tensor<3x4xf32>
  return %0, %2 : tensor<6x7xf32>, tensor<3x4xf32>
}"
);

case!(
    two_identical_matmuls,
    "func.func @main(%a: tensor<8x16xf32>, %b: tensor<16x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  %2 = stablehlo.add %0, %1 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}"
);

case!(
    dot_general_batch_and_transposed,
    "func.func @main(%a: tensor<2x3x4xf32>, %b: tensor<2x5x4xf32>, %v: tensor<4xf32>) -> (tensor<2x3x5xf32>, tensor<2x3xf32>) {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x3x4xf32>, tensor<2x5x4xf32>) -> tensor<2x3x5xf32>
  %1 = stablehlo.dot_general %a, %v, contracting_dims = [2] x [0] : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<2x3x5xf32>, tensor<2x3xf32>
}"
);

case!(
    reductions,
    "func.func @main(%a: tensor<4x6xf32>, %i: tensor<4x6xi32>) -> (tensor<4xf32>, tensor<6xi32>, tensor<f32>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.constant dense<-2147483648> : tensor<i32>
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = stablehlo.reduce(%i init: %m) applies stablehlo.maximum across dimensions = [0] : (tensor<4x6xi32>, tensor<i32>) -> tensor<6xi32>
  %2 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x6xf32>, tensor<f32>) -> tensor<f32>
  return %0, %1, %2 : tensor<4xf32>, tensor<6xi32>, tensor<f32>
}"
);

case!(
    softmax,
    "func.func @main(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<4xf32>) -> tensor<4x16xf32>
  %d = stablehlo.subtract %x, %mb : tensor<4x16xf32>
  %e = stablehlo.exponential %d : tensor<4x16xf32>
  %s = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<4xf32>) -> tensor<4x16xf32>
  %r = stablehlo.divide %e, %sb : tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}"
);

case!(
    reduce_window_max_pool,
    "func.func @main(%x: tensor<1x6x6x2xf32>) -> tensor<1x3x3x2xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = \"stablehlo.reduce_window\"(%x, %ninf) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>} : (tensor<1x6x6x2xf32>, tensor<f32>) -> tensor<1x3x3x2xf32>
  return %0 : tensor<1x3x3x2xf32>
}"
);

case!(
    reduce_window_padded_sum,
    "func.func @main(%x: tensor<5x4xf32>) -> tensor<6x4xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = \"stablehlo.reduce_window\"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 2, 3>, padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>} : (tensor<5x4xf32>, tensor<f32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}"
);

case!(
    convolution_nhwc,
    "func.func @main(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) -> tensor<1x8x8x4xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x8x8x4xf32>
  return %0 : tensor<1x8x8x4xf32>
}"
);

case!(
    convolution_grouped_dilated_nchw,
    "func.func @main(%x: tensor<2x4x7x7xf32>, %w: tensor<6x2x3x3xf32>) -> tensor<2x6x2x2xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 0], [0, 1]], rhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<2x4x7x7xf32>, tensor<6x2x3x3xf32>) -> tensor<2x6x2x2xf32>
  return %0 : tensor<2x6x2x2xf32>
}"
);

case!(
    convolution_batch_grouped,
    "func.func @main(%x: tensor<4x5x5x2xf32>, %w: tensor<3x3x2x4xf32>) -> tensor<2x3x3x4xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<4x5x5x2xf32>, tensor<3x3x2x4xf32>) -> tensor<2x3x3x4xf32>
  return %0 : tensor<2x3x3x4xf32>
}"
);

case!(
    convolution_lhs_dilated,
    "func.func @main(%x: tensor<1x4x4x1xf32>, %w: tensor<2x2x1x1xf32>) -> tensor<1x8x8x1xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<2x2x1x1xf32>) -> tensor<1x8x8x1xf32>
  return %0 : tensor<1x8x8x1xf32>
}"
);

case!(
    gather_rows,
    "func.func @main(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>) -> tensor<4x3xf32> {
  %0 = \"stablehlo.gather\"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>} : (tensor<5x3xf32>, tensor<4x1xi32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}"
);

case!(
    scatter_add,
    "func.func @main(%x: tensor<5x3xf32>, %i: tensor<4x1xi32>, %u: tensor<4x3xf32>) -> tensor<5x3xf32> {
  %0 = \"stablehlo.scatter\"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}"
);

case!(
    sort_two_keys,
    "func.func @main(%k: tensor<3x7xf32>, %v: tensor<3x7xi32>) -> (tensor<3x7xf32>, tensor<3x7xi32>) {
  %0:2 = \"stablehlo.sort\"(%k, %v) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %p = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 1 : i64, is_stable = true} : (tensor<3x7xf32>, tensor<3x7xi32>) -> (tensor<3x7xf32>, tensor<3x7xi32>)
  return %0#0, %0#1 : tensor<3x7xf32>, tensor<3x7xi32>
}"
);

case!(
    while_loop,
    "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %n = stablehlo.constant dense<5> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %acc = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %p = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %j = stablehlo.add %i, %c1 : tensor<i32>
    %a = stablehlo.add %acc, %acc : tensor<4xf32>
    stablehlo.return %j, %a : tensor<i32>, tensor<4xf32>
  }
  return %0#1 : tensor<4xf32>
}"
);

case!(
    if_and_case,
    "func.func @main(%p: tensor<i1>, %x: tensor<3xf32>, %i: tensor<i32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %0 = \"stablehlo.if\"(%p) ({
    %a = stablehlo.add %x, %x : tensor<3xf32>
    stablehlo.return %a : tensor<3xf32>
  }, {
    %b = stablehlo.negate %x : tensor<3xf32>
    stablehlo.return %b : tensor<3xf32>
  }) : (tensor<i1>) -> tensor<3xf32>
  %1 = \"stablehlo.case\"(%i) ({
    stablehlo.return %x : tensor<3xf32>
  }, {
    %c = stablehlo.multiply %x, %x : tensor<3xf32>
    stablehlo.return %c : tensor<3xf32>
  }) : (tensor<i32>) -> tensor<3xf32>
  return %0, %1 : tensor<3xf32>, tensor<3xf32>
}"
);

case!(
    select_and_scatter_max,
    "func.func @main(%x: tensor<4x6xf32>, %s: tensor<2x3xf32>) -> tensor<4x6xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = \"stablehlo.select_and_scatter\"(%x, %s, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}"
);

case!(
    map_and_call,
    "func.func private @sq(%x: tensor<5xf32>) -> tensor<5xf32> {
  %0 = stablehlo.multiply %x, %x : tensor<5xf32>
  return %0 : tensor<5xf32>
}
func.func @main(%a: tensor<5xf32>, %b: tensor<5xf32>) -> tensor<5xf32> {
  %0 = \"stablehlo.map\"(%a, %b) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.multiply %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
  %1 = func.call @sq(%0) : (tensor<5xf32>) -> tensor<5xf32>
  return %1 : tensor<5xf32>
}"
);

case!(
    rng_philox_and_threefry,
    "func.func @main(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xui32>, tensor<2xui64>, tensor<4x3xui32>, tensor<2xui64>, tensor<3xui64>) {
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xui32>)
  %1:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x3xui32>)
  %2:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xui64>)
  return %0#0, %0#1, %1#0, %1#1, %2#0, %2#1 : tensor<2xui64>, tensor<3x5xui32>, tensor<2xui64>, tensor<4x3xui32>, tensor<2xui64>, tensor<3xui64>
}"
);
