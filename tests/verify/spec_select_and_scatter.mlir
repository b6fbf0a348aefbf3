// Negative cases of select_and_scatter's constraints, written from spec.md (mutations of the spec's
// example), with StableHLO's messages; the valid programs are last.
// - C1, C2, C4-C8 and C12 are verified with StableHLO's messages (`verifySelectAndScatterOp`),
//   checks added with these tests: the window attributes, the source against the operand's windows,
//   the result's element type against the scatter region's.
// - C1 compares the source to the operand as StableHLO does (floats of any precision match); a
//   source element type not promotable to `scatter`'s is rejected first, by the region check.
// - C3 is enforced through `scatter` (as in StableHLO): an init_value element type not promotable
//   to the region's is rejected; promotable ones are accepted.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: select_and_scatter C1
func.func @select_and_scatter_c1(%operand: tensor<4x2xi64>, %source: tensor<2x2xi32>, %init: tensor<i64>) -> tensor<4x2xi64> {
  // expected-error@+1 {{expects source-type to be 'tensor<2x2xi64>', but got'tensor<2x2xi32>'}}
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %p = "stablehlo.compare"(%a, %b) <{comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<4x2xi64>, tensor<2x2xi32>, tensor<i64>) -> tensor<4x2xi64>
  return %r : tensor<4x2xi64>
}

// -----

// spec: select_and_scatter C2
func.func @select_and_scatter_c2(%operand: tensor<4x2xi64>, %source: tensor<3x2xi64>, %init: tensor<i64>) -> tensor<4x2xi64> {
  // expected-error@+1 {{expects source-type to be 'tensor<2x2xi64>', but got'tensor<3x2xi64>'}}
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %p = "stablehlo.compare"(%a, %b) <{comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<4x2xi64>, tensor<3x2xi64>, tensor<i64>) -> tensor<4x2xi64>
  return %r : tensor<4x2xi64>
}

// -----

// spec: select_and_scatter C3
func.func @select_and_scatter_c3(%operand: tensor<4x2xi64>, %source: tensor<2x2xi64>, %init: tensor<f32>) -> tensor<4x2xi64> {
  // expected-error@+1 {{The element-type of reduction-region's result type at index 0 is expected to be promotable from the op's corresponding init-value element-type: 'tensor<i64>' vs 'tensor<f32>'}}
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %p = "stablehlo.compare"(%a, %b) <{comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<f32>) -> tensor<4x2xi64>
  return %r : tensor<4x2xi64>
}

// -----

// spec: select_and_scatter C4
func.func @select_and_scatter_c4(%operand: tensor<4x2xi64>, %source: tensor<2x2xi64>, %init: tensor<i64>) -> tensor<4x2xi64> {
  // expected-error@+1 {{expects window-dimensions size == operand rank, but got window-dimensions size: 1 and operand-type: 'tensor<4x2xi64>' with rank = 2.}}
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %p = "stablehlo.compare"(%a, %b) <{comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
  return %r : tensor<4x2xi64>
}

// -----

// spec: select_and_scatter C5
func.func @select_and_scatter_c5(%operand: tensor<4x2xi64>, %source: tensor<2x2xi64>, %init: tensor<i64>) -> tensor<4x2xi64> {
  // expected-error@+1 {{expects window to have positive value for 0-th window dimension, but got 0.}}
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 0, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %p = "stablehlo.compare"(%a, %b) <{comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
  return %r : tensor<4x2xi64>
}

// -----

// spec: select_and_scatter C6
func.func @select_and_scatter_c6(%operand: tensor<4x2xi64>, %source: tensor<2x2xi64>, %init: tensor<i64>) -> tensor<4x2xi64> {
  // expected-error@+1 {{expects window-strides to have same dimension-size as size of window dimensions (2), but got: 1.}}
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %p = "stablehlo.compare"(%a, %b) <{comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
  return %r : tensor<4x2xi64>
}

// -----

// spec: select_and_scatter C7
func.func @select_and_scatter_c7(%operand: tensor<4x2xi64>, %source: tensor<2x2xi64>, %init: tensor<i64>) -> tensor<4x2xi64> {
  // expected-error@+1 {{expects window to have positive stride for 0-th window dimension, but got 0.}}
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %p = "stablehlo.compare"(%a, %b) <{comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
  return %r : tensor<4x2xi64>
}

// -----

// spec: select_and_scatter C8
func.func @select_and_scatter_c8(%operand: tensor<4x2xi64>, %source: tensor<2x2xi64>, %init: tensor<i64>) -> tensor<4x2xi64> {
  // expected-error@+1 {{expects padding-entries to have same dimension-size as size of window dimensions (2), but got: 1.}}
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) <{padding = dense<[[0, 1]]> : tensor<1x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %p = "stablehlo.compare"(%a, %b) <{comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
  return %r : tensor<4x2xi64>
}

// -----

// spec: select_and_scatter C9
func.func @select_and_scatter_c9(%operand: tensor<4x2xi64>, %source: tensor<2x2xi64>, %init: tensor<i64>) -> tensor<4x2xi64> {
  // expected-error@+1 {{expects the type of select-region's parameter at index 0 to be 'tensor<i64>', but got 'tensor<f32>'}}
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = "stablehlo.compare"(%a, %b) <{comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
  return %r : tensor<4x2xi64>
}

// -----

// spec: select_and_scatter C10
func.func @select_and_scatter_c10(%operand: tensor<4x2xi64>, %source: tensor<2x2xi64>, %init: tensor<i64>) -> tensor<4x2xf32> {
  // expected-error@+1 {{The element-type of reduction-region's result type at index 0 is expected to be promotable from the op's corresponding init-value element-type: 'tensor<f32>' vs 'tensor<i64>'}}
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %p = "stablehlo.compare"(%a, %b) <{comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s0) : (tensor<f32>) -> ()
  }) : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

// spec: select_and_scatter C11
func.func @select_and_scatter_c11(%operand: tensor<4x2xi64>, %source: tensor<2x2xi64>, %init: tensor<i64>) -> tensor<4x3xi64> {
  // expected-error@+1 {{expects the result to have the same shape as the operand, but got 'tensor<4x3xi64>' and 'tensor<4x2xi64>'}}
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %p = "stablehlo.compare"(%a, %b) <{comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x3xi64>
  return %r : tensor<4x3xi64>
}

// -----

// spec: select_and_scatter C12
func.func @select_and_scatter_c12(%operand: tensor<4x2xi64>, %source: tensor<2x2xi64>, %init: tensor<i64>) -> tensor<4x2xf32> {
  // expected-error@+1 {{inferred type(s) 'tensor<4x2xi64>' are incompatible with return type(s) of operation 'tensor<4x2xf32>'}}
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %p = "stablehlo.compare"(%a, %b) <{comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

// Valid: the program the cases above mutate.
func.func @select_and_scatter_ok(%operand: tensor<4x2xi64>, %source: tensor<2x2xi64>, %init: tensor<i64>) -> tensor<4x2xi64> {
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %p = "stablehlo.compare"(%a, %b) <{comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
  return %r : tensor<4x2xi64>
}

// -----

// Valid: window_strides and padding left to their defaults (1 and 0).
func.func @select_and_scatter_ok_defaults(%operand: tensor<4x2xi64>, %source: tensor<2x2xi64>, %init: tensor<i64>) -> tensor<4x2xi64> {
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) <{window_dimensions = array<i64: 3, 1>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %p = "stablehlo.compare"(%a, %b) <{comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
  return %r : tensor<4x2xi64>
}
