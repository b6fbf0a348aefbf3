// Negative cases of shape and dot constraints, one per constraint, written from spec.md's
// constraint text with StableHLO's messages (`spec: OP Cn` names each; docs/constraints.md
// counts them). The last case is a valid program using every op that must verify.
// RUN: strata-opt --split-input-file --verify-diagnostics %s


// spec: transpose C2
func.func @transpose_c2(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error@+2 {{attribute permutation must be a permutation of [0, 1] but got 1, 1}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = stablehlo.transpose %x, dims = [1, 1] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// spec: transpose C3
func.func @transpose_c3(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+2 {{inferred type(s) 'tensor<3x2xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.transpose"(%x) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// spec: reshape C2
func.func @reshape_c2(%x: tensor<2x3xf32>) -> tensor<5xf32> {
  // expected-error@+1 {{number of output elements (5) doesn't match expected number of elements (6)}}
  %0 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// spec: broadcast_in_dim C2
func.func @broadcast_in_dim_c2(%x: tensor<2xf32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{broadcast_dimensions size (2) does not match operand rank (1)}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// spec: broadcast_in_dim C3
func.func @broadcast_in_dim_c3(%x: tensor<2xf32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{broadcast_dimensions contains invalid value 2 for result with rank 2}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [2] : (tensor<2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// spec: broadcast_in_dim C4
func.func @broadcast_in_dim_c4(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{broadcast_dimensions should not have duplicates}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [1, 1] : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// spec: broadcast_in_dim C5
func.func @broadcast_in_dim_c5(%x: tensor<2xf32>) -> tensor<3x4xf32> {
  // expected-error@+1 {{size of operand dimension 0 (2) is not equal to 1 or size of result dimension 1 (4)}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<2xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// spec: concatenate C1
func.func @concatenate_c1(%x: tensor<2xf32>, %y: tensor<2xf64>) -> tensor<4xf32> {
  // expected-error@+2 {{requires the same element type for all operands}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = stablehlo.concatenate %x, %y, dim = 0 : (tensor<2xf32>, tensor<2xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: concatenate C4
func.func @concatenate_c4(%x: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error@+2 {{dimension 1 is out-of-bounds for input rank 1}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = stablehlo.concatenate %x, %x, dim = 1 : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: concatenate C2
func.func @concatenate_c2(%x: tensor<2x3xf32>, %y: tensor<2x4xf32>) -> tensor<4x3xf32> {
  // expected-error@+2 {{shapes of operand (0) and (1) are not compatible at non-concat index 1: (2, 3) != (2, 4)}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = stablehlo.concatenate %x, %y, dim = 0 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// spec: iota C1
func.func @iota_c1() -> tensor<4xf32> {
  // expected-error@+1 {{iota dimension cannot go beyond the output rank or be negative.}}
  %0 = stablehlo.iota dim = 1 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: slice C2
func.func @slice_c2(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error@+2 {{the number of elements in start_indices (2) does not match the rank of the operand (1)}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.slice"(%x) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 2>, strides = array<i64: 1>} : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// spec: slice C3
func.func @slice_c3(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error@+2 {{negative start index -1 in dimension 0}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.slice"(%x) {start_indices = array<i64: -1>, limit_indices = array<i64: 2>, strides = array<i64: 1>} : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// spec: slice C4
func.func @slice_c4(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error@+2 {{stride must be positive but got 0 in dimension 0}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.slice"(%x) {start_indices = array<i64: 0>, limit_indices = array<i64: 2>, strides = array<i64: 0>} : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// spec: reverse C2
func.func @reverse_c2(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{dimensions should be unique. Got: 0, 0}}
  %0 = stablehlo.reverse %x, dims = [0, 0] : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: reverse C3
func.func @reverse_c3(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{all dimensions should be between [0, 1). Got dimension: 1.}}
  %0 = stablehlo.reverse %x, dims = [1] : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: select C1
func.func @select_c1(%p: tensor<3xi1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+2 {{requires the same shape for all operands}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = stablehlo.select %p, %x, %x : (tensor<3xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: clamp C1
func.func @clamp_c1(%m: tensor<3xf32>, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+2 {{min shape [3] is not scalar and is not compatible to operand shape [4]}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = stablehlo.clamp %m, %x, %x : (tensor<3xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: pad C2
func.func @pad_c2(%x: tensor<4xf32>, %v: tensor<f32>) -> tensor<6xf32> {
  // expected-error@+2 {{edge_padding_low length (2) must match operand rank (1)}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = stablehlo.pad %x, %v, low = [1, 1], high = [1], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// spec: pad C3
func.func @pad_c3(%x: tensor<4xf32>, %v: tensor<f32>) -> tensor<6xf32> {
  // expected-error@+2 {{Interior padding cannot be negative: -1}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = stablehlo.pad %x, %v, low = [1], high = [1], interior = [-1] : (tensor<4xf32>, tensor<f32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// spec: get_dimension_size C1
func.func @get_dimension_size_c1(%x: tensor<4xf32>) -> tensor<i32> {
  // expected-error@+2 {{requires dimension attribute in range [0, 1); found (1)}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = stablehlo.get_dimension_size %x, dim = 1 : (tensor<4xf32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// spec: dot_general C1
func.func @dot_general_c1(%x: tensor<2x3xf32>, %y: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{lhs and rhs should have the same number of batching dimensions}}
  %0 = stablehlo.dot_general %x, %y, batching_dims = [0] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// spec: dot_general C2
func.func @dot_general_c2(%x: tensor<2x3xf32>, %y: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{lhs and rhs should have the same number of contracting dimensions}}
  %0 = stablehlo.dot_general %x, %y, contracting_dims = [1] x [0, 1] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// spec: dot_general C3
func.func @dot_general_c3(%x: tensor<2x3xf32>, %y: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{has duplicated dimension from lhs_batching_dimensions and lhs_contracting_dimensions: 1}}
  %0 = stablehlo.dot_general %x, %y, contracting_dims = [1, 1] x [0, 0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// spec: dot_general C6
func.func @dot_general_c6(%x: tensor<2x3xf32>, %y: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{lhs_contracting_dimensions value: 2 is out of range: [0, 2)}}
  %0 = stablehlo.dot_general %x, %y, contracting_dims = [2] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// spec: dot_general C10
func.func @dot_general_c10(%x: tensor<2x3xf32>, %y: tensor<4x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{contracting dimension sizes must match for lhs/rhs}}
  %0 = stablehlo.dot_general %x, %y, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// spec: compare C2
func.func @compare_c2(%x: tensor<4xf32>, %y: tensor<3xf32>) -> tensor<4xi1> {
  // expected-error@+1 {{requires the same shape for all operands and results}}
  %0 = stablehlo.compare LT, %x, %y : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// spec: dynamic_slice C2
func.func @dynamic_slice_c2(%x: tensor<4xf32>, %i: tensor<i32>) -> tensor<2xf32> {
  // expected-error@+2 {{has mismatched number of start indices (2) and the rank of operand (1)}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = stablehlo.dynamic_slice %x, %i, %i, sizes = [2] : (tensor<4xf32>, tensor<i32>, tensor<i32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// spec: dynamic_slice C4
func.func @dynamic_slice_c4(%x: tensor<4xf32>, %i: tensor<i32>) -> tensor<5xf32> {
  // expected-error@+2 {{has slice size 5 greater than dimension size 4 in dimension 0 of operand}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = stablehlo.dynamic_slice %x, %i, sizes = [5] : (tensor<4xf32>, tensor<i32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// spec: reduce_precision C2
func.func @reduce_precision_c2(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{exponent_bits must be at least 1, but got 0}}
  %0 = stablehlo.reduce_precision %x, format = e0m2 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Valid uses of the same ops (none of the checks above fires).
func.func @valid(%x: tensor<2x3xf32>, %y: tensor<3x4xf32>, %v: tensor<f32>, %i: tensor<i32>) -> tensor<2x4xf32> {
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = stablehlo.reshape %0 : (tensor<3x2xf32>) -> tensor<6xf32>
  %2 = stablehlo.broadcast_in_dim %1, dims = [1] : (tensor<6xf32>) -> tensor<2x6xf32>
  %3 = stablehlo.concatenate %1, %1, dim = 0 : (tensor<6xf32>, tensor<6xf32>) -> tensor<12xf32>
  %4 = stablehlo.iota dim = 0 : tensor<12xf32>
  %5 = "stablehlo.slice"(%3) {start_indices = array<i64: 0>, limit_indices = array<i64: 12>, strides = array<i64: 2>} : (tensor<12xf32>) -> tensor<6xf32>
  %6 = stablehlo.reverse %5, dims = [0] : tensor<6xf32>
  %7 = stablehlo.compare LT, %6, %5 : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
  %8 = stablehlo.select %7, %6, %5 : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
  %9 = stablehlo.clamp %v, %8, %v : (tensor<f32>, tensor<6xf32>, tensor<f32>) -> tensor<6xf32>
  %10 = stablehlo.pad %9, %v, low = [1], high = [1], interior = [1] : (tensor<6xf32>, tensor<f32>) -> tensor<13xf32>
  %11 = stablehlo.get_dimension_size %10, dim = 0 : (tensor<13xf32>) -> tensor<i32>
  %12 = stablehlo.dynamic_slice %10, %i, sizes = [5] : (tensor<13xf32>, tensor<i32>) -> tensor<5xf32>
  %13 = stablehlo.reduce_precision %12, format = e5m10 : tensor<5xf32>
  %14 = stablehlo.dot_general %x, %y, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %14 : tensor<2x4xf32>
}
