// Negative cases of gather's constraints, written from spec.md (mutations of the spec's example,
// batching dimensions included), with StableHLO's messages; the valid program is last.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: gather C1
func.func @gather_c1(%operand: tensor<2x3x4x2xi32>, %start_indices: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error@+2 {{offset_dims size (2) plus collapse_slice_dims size (0) plus operand_batching_dims size (1) is not equal to operand rank (4)}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.gather"(%operand, %start_indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %r : tensor<2x2x3x2x2xi32>
}

// -----

// spec: gather C2
func.func @gather_c2(%operand: tensor<2x3x4x2xi32>, %start_indices: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error@+2 {{Expects index_vector_dim to be in range [0, rank-of('start_indices')] i.e. [0, 4]. got: 5.}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.gather"(%operand, %start_indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 5>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %r : tensor<2x2x3x2x2xi32>
}

// -----

// spec: gather C3
func.func @gather_c3(%operand: tensor<2x3x4x2xi32>, %start_indices: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error@+2 {{start_index_map size (1) is not equal to size of index dimension (3) of start_indices (2)}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.gather"(%operand, %start_indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %r : tensor<2x2x3x2x2xi32>
}

// -----

// spec: gather C4
func.func @gather_c4(%operand: tensor<2x3x4x2xi32>, %start_indices: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error@+2 {{expects offset_dims to be sorted, got: [4, 3]}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.gather"(%operand, %start_indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [4, 3], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %r : tensor<2x2x3x2x2xi32>
}

// -----

// spec: gather C5
func.func @gather_c5(%operand: tensor<2x3x4x2xi32>, %start_indices: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error@+2 {{Expects each element of offset_dims to be in range [0, implied-result-rank) i.e. [0, 5). got: 5.}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.gather"(%operand, %start_indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 5], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %r : tensor<2x2x3x2x2xi32>
}

// -----

// spec: gather C6
func.func @gather_c6(%operand: tensor<2x3x4x2xi32>, %start_indices: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error@+2 {{has duplicated dimension from collapsed_slice_dims and operand_batching_dims: 0}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.gather"(%operand, %start_indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [0], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %r : tensor<2x2x3x2x2xi32>
}

// -----

// spec: gather C7
func.func @gather_c7(%operand: tensor<2x3x4x2xi32>, %start_indices: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2xi32> {
  // expected-error@+2 {{expects collapsed_slice_dims to be sorted, got: [3, 1]}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.gather"(%operand, %start_indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [3], collapsed_slice_dims = [3, 1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 2, 1>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2xi32>
  return %r : tensor<2x2x3x2xi32>
}

// -----

// spec: gather C8
func.func @gather_c8(%operand: tensor<2x3x4x2xi32>, %start_indices: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error@+2 {{Expects each element of collapsed_slice_dims to be in range [0, rank-of('operand')) i.e. [0, 4). got: 4.}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.gather"(%operand, %start_indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [4], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %r : tensor<2x2x3x2x2xi32>
}

// -----

// spec: gather C9
func.func @gather_c9(%operand: tensor<2x3x4x2xi32>, %start_indices: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error@+2 {{Expects that for each dim in collapsed_slice_dims, slice_sizes[dim] should be <= 1, but got 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.gather"(%operand, %start_indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %r : tensor<2x2x3x2x2xi32>
}

// -----

// spec: gather C10
func.func @gather_c10(%operand: tensor<2x3x4x2xi32>, %start_indices: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error@+2 {{expects operand_batching_dims to be sorted, got: [1, 0]}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.gather"(%operand, %start_indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [], operand_batching_dims = [1, 0], start_indices_batching_dims = [2, 0], start_index_map = [2, 3], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %r : tensor<2x2x3x2x2xi32>
}

// -----

// spec: gather C11
func.func @gather_c11(%operand: tensor<2x3x4x2xi32>, %start_indices: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error@+2 {{Expects each element of operand_batching_dims to be in range [0, rank-of('operand')) i.e. [0, 4). got: 4.}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.gather"(%operand, %start_indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [4], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %r : tensor<2x2x3x2x2xi32>
}

// -----

// spec: gather C12
func.func @gather_c12(%operand: tensor<2x3x4x2xi32>, %start_indices: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error@+2 {{Expects that for each dim in operand_batching_dims, slice_sizes[dim] should be <= 1, but got 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.gather"(%operand, %start_indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 2, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %r : tensor<2x2x3x2x2xi32>
}

// -----

// spec: gather C13
func.func @gather_c13(%operand: tensor<2x3x4x2xi32>, %start_indices: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2xi32> {
  // expected-error@+2 {{expects start_indices_batching_dims to not repeat, got: [1, 1]}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.gather"(%operand, %start_indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [3], collapsed_slice_dims = [1], operand_batching_dims = [0, 3], start_indices_batching_dims = [1, 1], start_index_map = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 2, 1>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2xi32>
  return %r : tensor<2x2x3x2xi32>
}

// -----

// spec: gather C14
func.func @gather_c14(%operand: tensor<2x3x4x2xi32>, %start_indices: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error@+2 {{Expects each element of start_indices_batching_dims to be in range [0, rank-of('start_indices')) i.e. [0, 4). got: 4.}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.gather"(%operand, %start_indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [4], start_index_map = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %r : tensor<2x2x3x2x2xi32>
}

// -----

// spec: gather C15
func.func @gather_c15(%operand: tensor<2x3x4x2xi32>, %start_indices: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error@+2 {{expects start_indices_batching_dims not to include index_vector_dim 3}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.gather"(%operand, %start_indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [3], start_index_map = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %r : tensor<2x2x3x2x2xi32>
}

// -----

// spec: gather C16
func.func @gather_c16(%operand: tensor<2x3x4x2xi32>, %start_indices: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error@+2 {{operand_batching_dims and start_indices_batching_dims should have the same size}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.gather"(%operand, %start_indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1, 2], start_index_map = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %r : tensor<2x2x3x2x2xi32>
}

// -----

// spec: gather C17
func.func @gather_c17(%operand: tensor<2x3x4x2xi32>, %start_indices: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error@+2 {{operand_batching_dims[0] and start_indices_batching_dims[0] must have compatible sizes, but got 2 and 3}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.gather"(%operand, %start_indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [2], start_index_map = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %r : tensor<2x2x3x2x2xi32>
}

// -----

// spec: gather C18
func.func @gather_c18(%operand: tensor<2x3x4x2xi32>, %start_indices: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error@+2 {{has duplicated dimension from start_index_map and operand_batching_dims: 0}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.gather"(%operand, %start_indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 0], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %r : tensor<2x2x3x2x2xi32>
}

// -----

// spec: gather C19
func.func @gather_c19(%operand: tensor<2x3x4x2xi32>, %start_indices: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error@+2 {{Expects each element of start_index_map to be in range [0, rank-of('operand')) i.e. [0, 4). got: 4.}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.gather"(%operand, %start_indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 4], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %r : tensor<2x2x3x2x2xi32>
}

// -----

// spec: gather C20
func.func @gather_c20(%operand: tensor<2x3x4x2xi32>, %start_indices: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error@+2 {{slice_sizes size (3) not equal to operand rank (4)}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.gather"(%operand, %start_indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %r : tensor<2x2x3x2x2xi32>
}

// -----

// spec: gather C21
func.func @gather_c21(%operand: tensor<2x3x4x2xi32>, %start_indices: tensor<2x2x3x2xi64>) -> tensor<2x2x3x5x2xi32> {
  // expected-error@+2 {{slice size (5) is out of bounds for operand dimension (4) at index 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.gather"(%operand, %start_indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 5, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x5x2xi32>
  return %r : tensor<2x2x3x5x2xi32>
}

// -----

// spec: gather C22
func.func @gather_c22(%operand: tensor<2x3x4x2xi32>, %start_indices: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x3xi32> {
  // expected-error@+2 {{inferred type(s) 'tensor<2x2x3x2x2xi32>' are incompatible with return type(s) of operation 'tensor<2x2x3x2x3xi32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.gather"(%operand, %start_indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x3xi32>
  return %r : tensor<2x2x3x2x3xi32>
}

// -----

// spec: gather C23
func.func @gather_c23(%operand: tensor<2x3x4x2xi32>, %start_indices: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xf32> {
  // expected-error@+2 {{inferred type(s) 'tensor<2x2x3x2x2xi32>' are incompatible with return type(s) of operation 'tensor<2x2x3x2x2xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.gather"(%operand, %start_indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xf32>
  return %r : tensor<2x2x3x2x2xf32>
}

// -----

// Valid: the program the cases above mutate.
func.func @gather_ok(%operand: tensor<2x3x4x2xi32>, %start_indices: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  %r = "stablehlo.gather"(%operand, %start_indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %r : tensor<2x2x3x2x2xi32>
}
