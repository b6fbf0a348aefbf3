// Negative cases of dynamic_slice's constraints, written from spec.md, with StableHLO's
// messages; each case mutates the valid program at the end (the spec's example).
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: dynamic_slice C1
func.func @dynamic_slice_c1(%x: tensor<4x4xi32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<2x2xi64> {
  // expected-error@+2 {{inferred type(s) 'tensor<2x2xi32>' are incompatible with return type(s) of operation 'tensor<2x2xi64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.dynamic_slice"(%x, %i, %j) <{slice_sizes = array<i64: 2, 2>}> : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}

// -----

// spec: dynamic_slice C3
func.func @dynamic_slice_c3(%x: tensor<4x4xi32>, %i: tensor<i64>, %j: tensor<i32>) -> tensor<2x2xi32> {
  // expected-error@+2 {{start indices must have same element type}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.dynamic_slice"(%x, %i, %j) <{slice_sizes = array<i64: 2, 2>}> : (tensor<4x4xi32>, tensor<i64>, tensor<i32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

// spec: dynamic_slice C5
func.func @dynamic_slice_c5(%x: tensor<4x4xi32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<2x3xi32> {
  // expected-error@+2 {{inferred type(s) 'tensor<2x2xi32>' are incompatible with return type(s) of operation 'tensor<2x3xi32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.dynamic_slice"(%x, %i, %j) <{slice_sizes = array<i64: 2, 2>}> : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// Valid: the spec's example.
func.func @dynamic_slice_ok(%x: tensor<4x4xi32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<2x2xi32> {
  %0 = "stablehlo.dynamic_slice"(%x, %i, %j) <{slice_sizes = array<i64: 2, 2>}> : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}
