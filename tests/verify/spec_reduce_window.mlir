// Negative cases of reduce_window's constraints, written from spec.md (mutations of the spec's
// example), with StableHLO's messages; the valid programs are last.
// - C2 (same shape of all inputs) and the [N, 2] shape of `padding` (C12) are verified with
//   StableHLO's messages, checks added with these tests.
// - C3 and C13 are enforced through `body` (as in StableHLO): an init_value element type not
//   promotable to the body's is rejected; unequal but promotable ones (an i32 init_value of i64
//   inputs under an i64 body) are accepted.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: reduce_window C1
func.func @reduce_window_c1(%in0: tensor<3x2xi64>, %in1: tensor<3x2xi64>, %init0: tensor<i64>) -> tensor<2x2xi64> {
  // expected-error@+2 {{expects the same number of inputs and init_values}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.reduce_window"(%in0, %in1, %init0) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<3x2xi64>, tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  return %r : tensor<2x2xi64>
}

// -----

// spec: reduce_window C2
func.func @reduce_window_c2(%in0: tensor<3x2xi64>, %in1: tensor<3x3xi64>, %init0: tensor<i64>, %init1: tensor<i64>) -> (tensor<2x2xi64>, tensor<2x2xi64>) {
  // expected-error@+2 {{expects all inputs to have compatible shapes. Shape at input-index 1 is not compatible with shape at input-index 0}}
  // expected-error@+1 {{failed to infer returned types}}
  %r:2 = "stablehlo.reduce_window"(%in0, %in1, %init0, %init1) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a0: tensor<i64>, %a1: tensor<i64>, %b0: tensor<i64>, %b1: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %s1 = "stablehlo.add"(%a1, %b1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0, %s1) : (tensor<i64>, tensor<i64>) -> ()
  }) : (tensor<3x2xi64>, tensor<3x3xi64>, tensor<i64>, tensor<i64>) -> (tensor<2x2xi64>, tensor<2x2xi64>)
  return %r#0, %r#1 : tensor<2x2xi64>, tensor<2x2xi64>
}

// -----

// spec: reduce_window C3
func.func @reduce_window_c3(%in0: tensor<3x2xi64>, %init0: tensor<f32>) -> tensor<2x2xi64> {
  // expected-error@+2 {{The element-type of reduction-region's result type at index 0 is expected to be promotable from the op's corresponding init-value element-type: 'tensor<i64>' vs 'tensor<f32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.reduce_window"(%in0, %init0) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<3x2xi64>, tensor<f32>) -> tensor<2x2xi64>
  return %r : tensor<2x2xi64>
}

// -----

// spec: reduce_window C4
func.func @reduce_window_c4(%in0: tensor<3x2xi64>, %init0: tensor<i64>) -> tensor<2x2xi64> {
  // expected-error@+2 {{expects window-dimensions size == input rank, but got window-dimensions size: 1 and input: 'tensor<3x2xi64>' with rank = 2.}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.reduce_window"(%in0, %init0) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  return %r : tensor<2x2xi64>
}

// -----

// spec: reduce_window C5
func.func @reduce_window_c5(%in0: tensor<3x2xi64>, %init0: tensor<i64>) -> tensor<2x2xi64> {
  // expected-error@+2 {{expects window to have positive value for 0-th window dimension, but got 0.}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.reduce_window"(%in0, %init0) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 0, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  return %r : tensor<2x2xi64>
}

// -----

// spec: reduce_window C6
func.func @reduce_window_c6(%in0: tensor<3x2xi64>, %init0: tensor<i64>) -> tensor<2x2xi64> {
  // expected-error@+2 {{expects window-strides to have same dimension-size as size of window dimensions (2), but got: 1.}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.reduce_window"(%in0, %init0) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4>}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  return %r : tensor<2x2xi64>
}

// -----

// spec: reduce_window C7
func.func @reduce_window_c7(%in0: tensor<3x2xi64>, %init0: tensor<i64>) -> tensor<2x2xi64> {
  // expected-error@+2 {{expects window to have positive stride for 0-th window dimension, but got 0.}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.reduce_window"(%in0, %init0) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 0, 1>}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  return %r : tensor<2x2xi64>
}

// -----

// spec: reduce_window C8
func.func @reduce_window_c8(%in0: tensor<3x2xi64>, %init0: tensor<i64>) -> tensor<2x2xi64> {
  // expected-error@+2 {{expects base-dilation factors to have same dimension-size as size of window dimensions (2), but got: 1.}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.reduce_window"(%in0, %init0) <{base_dilations = array<i64: 2>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  return %r : tensor<2x2xi64>
}

// -----

// spec: reduce_window C9
func.func @reduce_window_c9(%in0: tensor<3x2xi64>, %init0: tensor<i64>) -> tensor<2x2xi64> {
  // expected-error@+2 {{expects window to have positive base dilation factor for 0-th window dimension, but got 0.}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.reduce_window"(%in0, %init0) <{base_dilations = array<i64: 0, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  return %r : tensor<2x2xi64>
}

// -----

// spec: reduce_window C10
func.func @reduce_window_c10(%in0: tensor<3x2xi64>, %init0: tensor<i64>) -> tensor<2x2xi64> {
  // expected-error@+2 {{expects window-dilation factors to have same dimension-size as size of window dimensions (2), but got: 1.}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.reduce_window"(%in0, %init0) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  return %r : tensor<2x2xi64>
}

// -----

// spec: reduce_window C11
func.func @reduce_window_c11(%in0: tensor<3x2xi64>, %init0: tensor<i64>) -> tensor<2x2xi64> {
  // expected-error@+2 {{expects window to have positive window dilation factor for 0-th window dimension, but got 0.}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.reduce_window"(%in0, %init0) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 0, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  return %r : tensor<2x2xi64>
}

// -----

// spec: reduce_window C12
func.func @reduce_window_c12(%in0: tensor<3x2xi64>, %init0: tensor<i64>) -> tensor<2x2xi64> {
  // expected-error@+2 {{expects padding-entries to have same dimension-size as size of window dimensions (2), but got: 1.}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.reduce_window"(%in0, %init0) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1]]> : tensor<1x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  return %r : tensor<2x2xi64>
}

// -----

// spec: reduce_window C12
func.func @reduce_window_c12_flat(%in0: tensor<3x2xi64>, %init0: tensor<i64>) -> tensor<2x2xi64> {
  // expected-error@+2 {{expects the shape of padding-attribute to be {N, 2}, but got {4}.}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.reduce_window"(%in0, %init0) <{base_dilations = array<i64: 2, 1>, padding = dense<[2, 1, 0, 0]> : tensor<4xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  return %r : tensor<2x2xi64>
}

// -----

// spec: reduce_window C13
func.func @reduce_window_c13(%in0: tensor<3x2xi64>, %init0: tensor<i64>) -> tensor<2x2xf32> {
  // expected-error@+2 {{The element-type of reduction-region's result type at index 0 is expected to be promotable from the op's corresponding init-value element-type: 'tensor<f32>' vs 'tensor<i64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.reduce_window"(%in0, %init0) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s0) : (tensor<f32>) -> ()
  }) : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

// spec: reduce_window C14
func.func @reduce_window_c14(%in0: tensor<3x2xi64>, %in1: tensor<3x2xi64>, %init0: tensor<i64>, %init1: tensor<i64>) -> (tensor<2x2xi64>, tensor<2x1xi64>) {
  // expected-error@+2 {{inferred type(s) 'tensor<2x2xi64>', 'tensor<2x2xi64>' are incompatible with return type(s) of operation 'tensor<2x2xi64>', 'tensor<2x1xi64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %r:2 = "stablehlo.reduce_window"(%in0, %in1, %init0, %init1) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a0: tensor<i64>, %a1: tensor<i64>, %b0: tensor<i64>, %b1: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %s1 = "stablehlo.add"(%a1, %b1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0, %s1) : (tensor<i64>, tensor<i64>) -> ()
  }) : (tensor<3x2xi64>, tensor<3x2xi64>, tensor<i64>, tensor<i64>) -> (tensor<2x2xi64>, tensor<2x1xi64>)
  return %r#0, %r#1 : tensor<2x2xi64>, tensor<2x1xi64>
}

// -----

// spec: reduce_window C15
func.func @reduce_window_c15(%in0: tensor<3x2xi64>, %init0: tensor<i64>) -> tensor<3x2xi64> {
  // expected-error@+2 {{inferred type(s) 'tensor<2x2xi64>' are incompatible with return type(s) of operation 'tensor<3x2xi64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.reduce_window"(%in0, %init0) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<3x2xi64>, tensor<i64>) -> tensor<3x2xi64>
  return %r : tensor<3x2xi64>
}

// -----

// spec: reduce_window C16
func.func @reduce_window_c16(%in0: tensor<3x2xi64>, %init0: tensor<i64>) -> tensor<2x2xf32> {
  // expected-error@+2 {{inferred type(s) 'tensor<2x2xi64>' are incompatible with return type(s) of operation 'tensor<2x2xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.reduce_window"(%in0, %init0) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

// Valid: the program the cases above mutate.
func.func @reduce_window_ok(%in0: tensor<3x2xi64>, %init0: tensor<i64>) -> tensor<2x2xi64> {
  %r = "stablehlo.reduce_window"(%in0, %init0) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  return %r : tensor<2x2xi64>
}

// -----

// Valid: two inputs of different element types (N = 2).
func.func @reduce_window_ok2(%in0: tensor<3x2xi64>, %in1: tensor<3x2xf32>, %init0: tensor<i64>, %init1: tensor<f32>) -> (tensor<2x2xi64>, tensor<2x2xf32>) {
  %r:2 = "stablehlo.reduce_window"(%in0, %in1, %init0, %init1) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a0: tensor<i64>, %a1: tensor<f32>, %b0: tensor<i64>, %b1: tensor<f32>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %s1 = "stablehlo.add"(%a1, %b1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s0, %s1) : (tensor<i64>, tensor<f32>) -> ()
  }) : (tensor<3x2xi64>, tensor<3x2xf32>, tensor<i64>, tensor<f32>) -> (tensor<2x2xi64>, tensor<2x2xf32>)
  return %r#0, %r#1 : tensor<2x2xi64>, tensor<2x2xf32>
}
