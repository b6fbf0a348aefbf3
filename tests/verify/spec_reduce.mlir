// Negative cases of reduce's constraints, written from spec.md (mutations of the spec's example),
// with StableHLO's messages; the valid programs are last.
// - C2 and C6 are enforced through `body` (as in StableHLO): an init_value element type not
//   promotable to the body's is rejected; unequal but promotable ones (an i32 init_value of i64
//   inputs under an i64 body) are accepted.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: reduce C1
func.func @reduce_c1(%in0: tensor<1x6xi64>, %in1: tensor<1x5xi64>, %init0: tensor<i64>, %init1: tensor<i64>) -> (tensor<1xi64>, tensor<1xi64>) {
  // expected-error@+2 {{expects all inputs to have compatible shapes. Shape at input-index 1 is not compatible with shape at input-index 0}}
  // expected-error@+1 {{failed to infer returned types}}
  %r:2 = "stablehlo.reduce"(%in0, %in1, %init0, %init1) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a0: tensor<i64>, %a1: tensor<i64>, %b0: tensor<i64>, %b1: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %s1 = "stablehlo.add"(%a1, %b1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0, %s1) : (tensor<i64>, tensor<i64>) -> ()
  }) : (tensor<1x6xi64>, tensor<1x5xi64>, tensor<i64>, tensor<i64>) -> (tensor<1xi64>, tensor<1xi64>)
  return %r#0, %r#1 : tensor<1xi64>, tensor<1xi64>
}

// -----

// spec: reduce C2
func.func @reduce_c2(%in0: tensor<1x6xi64>, %init0: tensor<f32>) -> tensor<1xi64> {
  // expected-error@+2 {{The element-type of reduction-region's result type at index 0 is expected to be promotable from the op's corresponding init-value element-type: 'tensor<i64>' vs 'tensor<f32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.reduce"(%in0, %init0) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<1x6xi64>, tensor<f32>) -> tensor<1xi64>
  return %r : tensor<1xi64>
}

// -----

// spec: reduce C3
func.func @reduce_c3(%in0: tensor<1x6xi64>, %in1: tensor<1x6xi64>, %init0: tensor<i64>) -> tensor<1xi64> {
  // expected-error@+2 {{expects the same number of inputs and init_values}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.reduce"(%in0, %in1, %init0) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<1x6xi64>, tensor<1x6xi64>, tensor<i64>) -> tensor<1xi64>
  return %r : tensor<1xi64>
}

// -----

// spec: reduce C4
func.func @reduce_c4(%in0: tensor<1x6xi64>, %init0: tensor<i64>) -> tensor<1xi64> {
  // expected-error@+2 {{Out-of-bounds dimension 2, expected to be in range [0, 2)}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.reduce"(%in0, %init0) <{dimensions = array<i64: 2>}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<1x6xi64>, tensor<i64>) -> tensor<1xi64>
  return %r : tensor<1xi64>
}

// -----

// spec: reduce C5
func.func @reduce_c5(%in0: tensor<1x6xi64>, %init0: tensor<i64>) -> tensor<1xi64> {
  // expected-error@+2 {{Dimensions should be unique. Got: 1, 1}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.reduce"(%in0, %init0) <{dimensions = array<i64: 1, 1>}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<1x6xi64>, tensor<i64>) -> tensor<1xi64>
  return %r : tensor<1xi64>
}

// -----

// spec: reduce C6
func.func @reduce_c6(%in0: tensor<1x6xi64>, %init0: tensor<i64>) -> tensor<1xf32> {
  // expected-error@+2 {{The element-type of reduction-region's result type at index 0 is expected to be promotable from the op's corresponding init-value element-type: 'tensor<f32>' vs 'tensor<i64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.reduce"(%in0, %init0) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s0) : (tensor<f32>) -> ()
  }) : (tensor<1x6xi64>, tensor<i64>) -> tensor<1xf32>
  return %r : tensor<1xf32>
}

// -----

// spec: reduce C7
func.func @reduce_c7(%in0: tensor<1x6xi64>, %init0: tensor<i64>) -> tensor<6xi64> {
  // expected-error@+2 {{inferred type(s) 'tensor<1xi64>' are incompatible with return type(s) of operation 'tensor<6xi64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.reduce"(%in0, %init0) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<1x6xi64>, tensor<i64>) -> tensor<6xi64>
  return %r : tensor<6xi64>
}

// -----

// spec: reduce C8
func.func @reduce_c8(%in0: tensor<1x6xi64>, %init0: tensor<i64>) -> tensor<1xf32> {
  // expected-error@+2 {{inferred type(s) 'tensor<1xi64>' are incompatible with return type(s) of operation 'tensor<1xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.reduce"(%in0, %init0) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<1x6xi64>, tensor<i64>) -> tensor<1xf32>
  return %r : tensor<1xf32>
}

// -----

// Valid: the program the cases above mutate.
func.func @reduce_ok(%in0: tensor<1x6xi64>, %init0: tensor<i64>) -> tensor<1xi64> {
  %r = "stablehlo.reduce"(%in0, %init0) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<1x6xi64>, tensor<i64>) -> tensor<1xi64>
  return %r : tensor<1xi64>
}

// -----

// Valid: two inputs of different element types (N = 2).
func.func @reduce_ok2(%in0: tensor<1x6xi64>, %in1: tensor<1x6xf32>, %init0: tensor<i64>, %init1: tensor<f32>) -> (tensor<1xi64>, tensor<1xf32>) {
  %r:2 = "stablehlo.reduce"(%in0, %in1, %init0, %init1) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a0: tensor<i64>, %a1: tensor<f32>, %b0: tensor<i64>, %b1: tensor<f32>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %s1 = "stablehlo.add"(%a1, %b1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s0, %s1) : (tensor<i64>, tensor<f32>) -> ()
  }) : (tensor<1x6xi64>, tensor<1x6xf32>, tensor<i64>, tensor<f32>) -> (tensor<1xi64>, tensor<1xf32>)
  return %r#0, %r#1 : tensor<1xi64>, tensor<1xf32>
}
