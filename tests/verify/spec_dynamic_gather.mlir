// Negative cases of dynamic_gather's constraints, written from spec.md (mutations of the spec's
// example), with StableHLO's messages; the valid program is last. `slice_sizes` is a constant
// operand: C8, C11-C13 are checked when it is one (a non-constant `slice_sizes` leaves the offset
// dimensions of the result dynamic). C9 is reported by the shared gather check as a duplicate of
// start_index_map and operand_batching_dims (empty for dynamic_gather).
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: dynamic_gather C1
func.func @dynamic_gather_c1(%operand: tensor<3x4x2xi64>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  %slice_sizes = "stablehlo.constant"() <{value = dense<[1, 2, 2]> : tensor<3xi64>}> : () -> tensor<3xi64>
  // expected-error@+2 {{offset_dims size (2) plus collapse_slice_dims size (0) plus operand_batching_dims size (0) is not equal to operand rank (3)}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.dynamic_gather"(%operand, %start_indices, %slice_sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi64>
  return %r : tensor<2x3x2x2xi64>
}

// -----

// spec: dynamic_gather C2
func.func @dynamic_gather_c2(%operand: tensor<3x4x2xi64>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  %slice_sizes = "stablehlo.constant"() <{value = dense<[1, 2, 2]> : tensor<3xi64>}> : () -> tensor<3xi64>
  // expected-error@+2 {{Expects index_vector_dim to be in range [0, rank-of('start_indices')] i.e. [0, 3]. got: 4.}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.dynamic_gather"(%operand, %start_indices, %slice_sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 4>, indices_are_sorted = false}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi64>
  return %r : tensor<2x3x2x2xi64>
}

// -----

// spec: dynamic_gather C3
func.func @dynamic_gather_c3(%operand: tensor<3x4x2xi64>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  %slice_sizes = "stablehlo.constant"() <{value = dense<[1, 2, 2]> : tensor<3xi64>}> : () -> tensor<3xi64>
  // expected-error@+2 {{start_index_map size (1) is not equal to size of index dimension (2) of start_indices (2)}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.dynamic_gather"(%operand, %start_indices, %slice_sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi64>
  return %r : tensor<2x3x2x2xi64>
}

// -----

// spec: dynamic_gather C4
func.func @dynamic_gather_c4(%operand: tensor<3x4x2xi64>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  %slice_sizes = "stablehlo.constant"() <{value = dense<[1, 2, 2]> : tensor<3xi64>}> : () -> tensor<3xi64>
  // expected-error@+2 {{expects offset_dims to be sorted, got: [3, 2]}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.dynamic_gather"(%operand, %start_indices, %slice_sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 2], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi64>
  return %r : tensor<2x3x2x2xi64>
}

// -----

// spec: dynamic_gather C5
func.func @dynamic_gather_c5(%operand: tensor<3x4x2xi64>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  %slice_sizes = "stablehlo.constant"() <{value = dense<[1, 2, 2]> : tensor<3xi64>}> : () -> tensor<3xi64>
  // expected-error@+2 {{Expects each element of offset_dims to be in range [0, implied-result-rank) i.e. [0, 4). got: 4.}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.dynamic_gather"(%operand, %start_indices, %slice_sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 4], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi64>
  return %r : tensor<2x3x2x2xi64>
}

// -----

// spec: dynamic_gather C6
func.func @dynamic_gather_c6(%operand: tensor<3x4x2xi64>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2xi64> {
  %slice_sizes = "stablehlo.constant"() <{value = dense<[1, 2, 1]> : tensor<3xi64>}> : () -> tensor<3xi64>
  // expected-error@+2 {{expects collapsed_slice_dims to be sorted, got: [2, 0]}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.dynamic_gather"(%operand, %start_indices, %slice_sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [2, 0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2xi64>
  return %r : tensor<2x3x2xi64>
}

// -----

// spec: dynamic_gather C7
func.func @dynamic_gather_c7(%operand: tensor<3x4x2xi64>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  %slice_sizes = "stablehlo.constant"() <{value = dense<[1, 2, 2]> : tensor<3xi64>}> : () -> tensor<3xi64>
  // expected-error@+2 {{Expects each element of collapsed_slice_dims to be in range [0, rank-of('operand')) i.e. [0, 3). got: 3.}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.dynamic_gather"(%operand, %start_indices, %slice_sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [3], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi64>
  return %r : tensor<2x3x2x2xi64>
}

// -----

// spec: dynamic_gather C8
func.func @dynamic_gather_c8(%operand: tensor<3x4x2xi64>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  %slice_sizes = "stablehlo.constant"() <{value = dense<[2, 2, 2]> : tensor<3xi64>}> : () -> tensor<3xi64>
  // expected-error@+2 {{Expects that for each dim in collapsed_slice_dims, slice_sizes[dim] should be <= 1, but got 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.dynamic_gather"(%operand, %start_indices, %slice_sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi64>
  return %r : tensor<2x3x2x2xi64>
}

// -----

// spec: dynamic_gather C9
func.func @dynamic_gather_c9(%operand: tensor<3x4x2xi64>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  %slice_sizes = "stablehlo.constant"() <{value = dense<[1, 2, 2]> : tensor<3xi64>}> : () -> tensor<3xi64>
  // expected-error@+2 {{has duplicated dimension from start_index_map and operand_batching_dims: 1}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.dynamic_gather"(%operand, %start_indices, %slice_sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 1], index_vector_dim = 2>, indices_are_sorted = false}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi64>
  return %r : tensor<2x3x2x2xi64>
}

// -----

// spec: dynamic_gather C10
func.func @dynamic_gather_c10(%operand: tensor<3x4x2xi64>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  %slice_sizes = "stablehlo.constant"() <{value = dense<[1, 2, 2]> : tensor<3xi64>}> : () -> tensor<3xi64>
  // expected-error@+2 {{Expects each element of start_index_map to be in range [0, rank-of('operand')) i.e. [0, 3). got: 3.}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.dynamic_gather"(%operand, %start_indices, %slice_sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 3], index_vector_dim = 2>, indices_are_sorted = false}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi64>
  return %r : tensor<2x3x2x2xi64>
}

// -----

// spec: dynamic_gather C11
func.func @dynamic_gather_c11(%operand: tensor<3x4x2xi64>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  %slice_sizes = "stablehlo.constant"() <{value = dense<[1, 2]> : tensor<2xi64>}> : () -> tensor<2xi64>
  // expected-error@+2 {{slice_sizes size (2) not equal to operand rank (3)}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.dynamic_gather"(%operand, %start_indices, %slice_sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2xi64>) -> tensor<2x3x2x2xi64>
  return %r : tensor<2x3x2x2xi64>
}

// -----

// spec: dynamic_gather C12
func.func @dynamic_gather_c12(%operand: tensor<3x4x2xi64>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x5x2xi64> {
  %slice_sizes = "stablehlo.constant"() <{value = dense<[1, 5, 2]> : tensor<3xi64>}> : () -> tensor<3xi64>
  // expected-error@+2 {{slice size (5) is out of bounds for operand dimension (4) at index 1}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.dynamic_gather"(%operand, %start_indices, %slice_sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x5x2xi64>
  return %r : tensor<2x3x5x2xi64>
}

// -----

// spec: dynamic_gather C13
func.func @dynamic_gather_c13(%operand: tensor<3x4x2xi64>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x3xi64> {
  %slice_sizes = "stablehlo.constant"() <{value = dense<[1, 2, 2]> : tensor<3xi64>}> : () -> tensor<3xi64>
  // expected-error@+2 {{inferred type(s) 'tensor<2x3x2x2xi64>' are incompatible with return type(s) of operation 'tensor<2x3x2x3xi64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.dynamic_gather"(%operand, %start_indices, %slice_sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x3xi64>
  return %r : tensor<2x3x2x3xi64>
}

// -----

// spec: dynamic_gather C14
func.func @dynamic_gather_c14(%operand: tensor<3x4x2xi64>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32> {
  %slice_sizes = "stablehlo.constant"() <{value = dense<[1, 2, 2]> : tensor<3xi64>}> : () -> tensor<3xi64>
  // expected-error@+2 {{inferred type(s) 'tensor<2x3x2x2xi64>' are incompatible with return type(s) of operation 'tensor<2x3x2x2xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.dynamic_gather"(%operand, %start_indices, %slice_sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xf32>
  return %r : tensor<2x3x2x2xf32>
}

// -----

// Valid: the program the cases above mutate.
func.func @dynamic_gather_ok(%operand: tensor<3x4x2xi64>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  %slice_sizes = "stablehlo.constant"() <{value = dense<[1, 2, 2]> : tensor<3xi64>}> : () -> tensor<3xi64>
  %r = "stablehlo.dynamic_gather"(%operand, %start_indices, %slice_sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi64>
  return %r : tensor<2x3x2x2xi64>
}
