// Negative cases of the constraints of pad and slice, written from spec.md, with StableHLO's
// messages; each case mutates one of the valid programs at the end (the spec's examples).
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: pad C1
func.func @pad_c1(%x: tensor<2x3xi64>, %v: tensor<i32>) -> tensor<5x9xi64> {
  // expected-error@+1 {{requires compatible element types for all operands and results}}
  %0 = "stablehlo.pad"(%x, %v) <{edge_padding_low = array<i64: 0, 1>, edge_padding_high = array<i64: 2, 1>, interior_padding = array<i64: 1, 2>}> : (tensor<2x3xi64>, tensor<i32>) -> tensor<5x9xi64>
  return %0 : tensor<5x9xi64>
}

// -----

// spec: pad C1
func.func @pad_c1_result(%x: tensor<2x3xi64>, %v: tensor<i64>) -> tensor<5x9xi32> {
  // expected-error@+1 {{requires compatible element types for all operands and results}}
  %0 = "stablehlo.pad"(%x, %v) <{edge_padding_low = array<i64: 0, 1>, edge_padding_high = array<i64: 2, 1>, interior_padding = array<i64: 1, 2>}> : (tensor<2x3xi64>, tensor<i64>) -> tensor<5x9xi32>
  return %0 : tensor<5x9xi32>
}

// -----

// spec: pad C4
func.func @pad_c4(%x: tensor<2x3xi64>, %v: tensor<i64>) -> tensor<5x8xi64> {
  // expected-error@+2 {{inferred type(s) 'tensor<5x9xi64>' are incompatible with return type(s) of operation 'tensor<5x8xi64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.pad"(%x, %v) <{edge_padding_low = array<i64: 0, 1>, edge_padding_high = array<i64: 2, 1>, interior_padding = array<i64: 1, 2>}> : (tensor<2x3xi64>, tensor<i64>) -> tensor<5x8xi64>
  return %0 : tensor<5x8xi64>
}

// -----

// spec: slice C1
func.func @slice_c1(%x: tensor<3x4xi64>) -> tensor<2x2xi32> {
  // expected-error@+2 {{inferred type(s) 'tensor<2x2xi64>' are incompatible with return type(s) of operation 'tensor<2x2xi32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.slice"(%x) <{start_indices = array<i64: 1, 2>, limit_indices = array<i64: 3, 4>, strides = array<i64: 1, 1>}> : (tensor<3x4xi64>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

// spec: slice C5
func.func @slice_c5(%x: tensor<3x4xi64>) -> tensor<2x2xi64> {
  // expected-error@+2 {{inferred type(s) 'tensor<2x3xi64>' are incompatible with return type(s) of operation 'tensor<2x2xi64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.slice"(%x) <{start_indices = array<i64: 0, 1>, limit_indices = array<i64: 3, 4>, strides = array<i64: 2, 1>}> : (tensor<3x4xi64>) -> tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}

// -----

// Valid: the spec's examples (with negative edge padding too: C4 allows it as long as the
// result size is not negative), and a strided slice whose sizes round up: ceil(3 / 2) = 2.
func.func @pad_slice_ok(%x: tensor<2x3xi64>, %v: tensor<i64>, %y: tensor<3x4xi64>) -> (tensor<5x9xi64>, tensor<1x3xi64>, tensor<2x3xi64>) {
  %0 = "stablehlo.pad"(%x, %v) <{edge_padding_low = array<i64: 0, 1>, edge_padding_high = array<i64: 2, 1>, interior_padding = array<i64: 1, 2>}> : (tensor<2x3xi64>, tensor<i64>) -> tensor<5x9xi64>
  %1 = "stablehlo.pad"(%x, %v) <{edge_padding_low = array<i64: -1, 0>, edge_padding_high = array<i64: 0, 0>, interior_padding = array<i64: 0, 0>}> : (tensor<2x3xi64>, tensor<i64>) -> tensor<1x3xi64>
  %2 = "stablehlo.slice"(%y) <{start_indices = array<i64: 0, 1>, limit_indices = array<i64: 3, 4>, strides = array<i64: 2, 1>}> : (tensor<3x4xi64>) -> tensor<2x3xi64>
  return %0, %1, %2 : tensor<5x9xi64>, tensor<1x3xi64>, tensor<2x3xi64>
}
