// Negative cases of the control-flow, collective, linear-algebra, tuple and quantization ops'
// constraints, written from spec.md with StableHLO's messages (`spec: OP Cn` names each;
// docs/constraints.md counts them); the last case is a valid program that must verify.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: dynamic_update_slice C2
func.func @dynamic_update_slice_c2(%x: tensor<4xf32>, %u: tensor<2xf64>, %i: tensor<i32>) -> tensor<4xf32> {
  // expected-error@+1 {{failed to verify that all of {operand, update, result} have same element type}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<4xf32>, tensor<2xf64>, tensor<i32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: dynamic_update_slice C3
func.func @dynamic_update_slice_c3(%x: tensor<4xf32>, %u: tensor<1x2xf32>, %i: tensor<i32>) -> tensor<4xf32> {
  // expected-error@+2 {{update rank does not match operand rank: 2 vs 1.}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<4xf32>, tensor<1x2xf32>, tensor<i32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: dynamic_update_slice C4
func.func @dynamic_update_slice_c4(%x: tensor<4xf32>, %u: tensor<2xf32>, %i: tensor<i32>) -> tensor<4xf32> {
  // expected-error@+2 {{expects number of start_indices to match operand rank: 2 vs 1.}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<4xf32>, tensor<2xf32>, tensor<i32>, tensor<i32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: dynamic_update_slice C5
func.func @dynamic_update_slice_c5(%x: tensor<2x4xf32>, %u: tensor<1x2xf32>, %i: tensor<i32>, %j: tensor<i64>) -> tensor<2x4xf32> {
  // expected-error@+2 {{start indices must have same element type}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %j : (tensor<2x4xf32>, tensor<1x2xf32>, tensor<i32>, tensor<i64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// spec: dynamic_update_slice C6
func.func @dynamic_update_slice_c6(%x: tensor<4xf32>, %u: tensor<5xf32>, %i: tensor<i32>) -> tensor<4xf32> {
  // expected-error@+2 {{expects size at dimension 0 of update to be in range [0, 4]. Got: 5.}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<4xf32>, tensor<5xf32>, tensor<i32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: collective_permute C1
func.func @collective_permute_c1(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{expect source_target_pairs attribute of shape (N, 2), but got (1, 3)}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: collective_permute C2
func.func @collective_permute_c2(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{duplicate sources not allowed}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: collective_permute C3
func.func @collective_permute_c3(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{duplicate targets not allowed}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [2, 1]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: collective_permute C4
func.func @collective_permute_c4(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{replica ids in source_target_pairs must be >= 0}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, -1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: all_gather C1
func.func @all_gather_c1(%x: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{all_gather_dim must be a valid index of operand}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// spec: all_gather C2
func.func @all_gather_c2(%x: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{replica id #0 seen more than once}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// spec: all_gather C5
func.func @all_gather_c5(%x: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{channel_id must be positive when useGlobalDeviceIds is set but got: 0}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids} : (tensor<4xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// spec: all_to_all C1
func.func @all_to_all_c1(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+2 {{AllToAll split_dimension 1 is out-of-bounds for input rank 1}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: all_to_all C2
func.func @all_to_all_c2(%x: tensor<5xf32>) -> tensor<5xf32> {
  // expected-error@+2 {{split dimension has size 5, expected to be a multiple of split_count 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<5xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// spec: all_to_all C3
func.func @all_to_all_c3(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+2 {{AllToAll concat_dimension 1 is out-of-bounds for input rank 1}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 1 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: all_to_all C4
func.func @all_to_all_c4(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{attribute 'split_count' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: all_to_all C8
func.func @all_to_all_c8(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+2 {{group size of replica_groups must be 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: reduce_scatter C1
func.func @reduce_scatter_c1(%x: tensor<5xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{operand scatter dimension has size 5, expected to be a multiple of result scatter dimension size 2}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<5xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// spec: reduce_scatter C2
func.func @reduce_scatter_c2(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{scatter dim should be less than operand/result rank}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// spec: reduce_scatter C3
func.func @reduce_scatter_c3(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{replica id #0 seen more than once}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// spec: reduce_scatter C8
func.func @reduce_scatter_c8(%x: tensor<4xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{operand scatter dimension has size 4, expected to be a multiple of result scatter dimension size 3}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// spec: complex C1
func.func @complex_c1(%x: tensor<4xf32>, %y: tensor<4xf64>) -> tensor<4xcomplex<f32>> {
  // expected-error@+1 {{requires the same element type for all operands}}
  %0 = stablehlo.complex %x, %y : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

// spec: real C2
func.func @real_c2(%x: tensor<4xcomplex<f32>>) -> tensor<4xf64> {
  // expected-error@+2 {{inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xf64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = stablehlo.real %x : (tensor<4xcomplex<f32>>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: cholesky C2
func.func @cholesky_c2(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+2 {{argument 'a' must have rank >= 2, got shape 4}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = stablehlo.cholesky %x, lower = true : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: cholesky C3
func.func @cholesky_c3(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error@+2 {{minor dimensions of 'a' must have equal size, got shape 3, 4}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = stablehlo.cholesky %x, lower = true : tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// spec: triangular_solve C1
func.func @triangular_solve_c1(%a: tensor<3x3xf32>, %b: tensor<3x3xf64>) -> tensor<3x3xf64> {
  // expected-error@+1 {{requires the same element type for all operands}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x3xf64>) -> tensor<3x3xf64>
  return %0 : tensor<3x3xf64>
}

// -----

// spec: triangular_solve C2
func.func @triangular_solve_c2(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error@+2 {{operand 'a' must have rank >= 2, but got 'tensor<3xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// spec: triangular_solve C3
func.func @triangular_solve_c3(%a: tensor<3x3xf32>, %b: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error@+2 {{shared dimension of operands 'a' and 'b' must be compatible, but got 'tensor<3x3xf32>' and 'tensor<4x2xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// spec: uniform_quantize C1
func.func @uniform_quantize_c1(%x: tensor<4xf32>) -> tensor<2x!quant.uniform<i8:f32, 1.0>> {
  // expected-error@+1 {{requires the same shape for all operands and results}}
  %0 = stablehlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 1.0>>
}

// -----

// spec: bitcast_convert C1
func.func @bitcast_convert_c1(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{rank of smaller element type (1) should be 1 more than rank of larger element type (1), but 1 != 1 + 1.}}
  %0 = stablehlo.bitcast_convert %x : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: optimization_barrier C1
func.func @optimization_barrier_c1(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+2 {{inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xf64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.optimization_barrier"(%x) : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: get_tuple_element C1
func.func @get_tuple_element_c1(%x: tuple<tensor<4xf32>>) -> tensor<4xf32> {
  // expected-error@+2 {{index 1 is out of bounds of operand with size 1}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = stablehlo.get_tuple_element %x[1] : (tuple<tensor<4xf32>>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: get_tuple_element C2
func.func @get_tuple_element_c2(%x: tuple<tensor<4xf32>>) -> tensor<4xf64> {
  // expected-error@+2 {{inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xf64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = stablehlo.get_tuple_element %x[0] : (tuple<tensor<4xf32>>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: if C2
func.func @if_c2(%p: tensor<i1>, %x: tensor<4xf32>, %y: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error@+2 {{branch 0 and branch 1 have mismatched return types: 'tensor<4xf32>' vs 'tensor<4xf64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<4xf32>
  }, {
    stablehlo.return %y : tensor<4xf64>
  }) : (tensor<i1>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: if C3
func.func @if_c3(%p: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+2 {{inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xf64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<4xf32>
  }, {
    stablehlo.return %x : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: case C1
func.func @case_c1(%i: tensor<i32>) -> () {
  // expected-error@+2 {{expect at least one branch}}
  // expected-error@+1 {{failed to infer returned types}}
  "stablehlo.case"(%i) : (tensor<i32>) -> ()
  return
}

// -----

// spec: case C3
func.func @case_c3(%i: tensor<i32>, %x: tensor<4xf32>, %y: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error@+2 {{branch 0 and branch 1 have mismatched return types: 'tensor<4xf32>' vs 'tensor<4xf64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %x : tensor<4xf32>
  }, {
    stablehlo.return %y : tensor<4xf64>
  }) : (tensor<i32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: while C1
func.func @while_c1(%x: tensor<i32>) -> tensor<i32> {
  // expected-error@+2 {{expect condition block return a zero-ranked tensor of i1 but got 'tensor<i32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = stablehlo.while(%a = %x) : tensor<i32>
  cond {
    stablehlo.return %a : tensor<i32>
  } do {
    stablehlo.return %a : tensor<i32>
  }
  return %0 : tensor<i32>
}

// -----

// spec: while C2
func.func @while_c2(%x: tensor<i32>, %y: tensor<i64>) -> tensor<i32> {
  // expected-error@+2 {{expect operands are compatible with body block return types but got 'tensor<i32>' vs 'tensor<i64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = stablehlo.while(%a = %x) : tensor<i32>
  cond {
    %c = stablehlo.compare LT, %a, %a : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    stablehlo.return %y : tensor<i64>
  }
  return %0 : tensor<i32>
}

// -----

// Valid uses (none of the checks above fires).
func.func @valid(%x: tensor<4xf32>, %u: tensor<2xf32>, %i: tensor<i32>, %p: tensor<i1>) -> (tensor<4xf32>, tensor<8xf32>, tensor<4xf32>) {
  %0 = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<4xf32>, tensor<2xf32>, tensor<i32>) -> tensor<4xf32>
  %1 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<8xf32>
  %2 = "stablehlo.collective_permute"(%0) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  %3 = "stablehlo.if"(%p) ({
    stablehlo.return %2 : tensor<4xf32>
  }, {
    stablehlo.return %x : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  return %2, %1, %3 : tensor<4xf32>, tensor<8xf32>, tensor<4xf32>
}
