// Negative cases of all_to_all's constraints, written from spec.md, with StableHLO's messages
// (C1-C4 and C8 are in ops.mlir). C7 is checked as StableHLO does: the ids must be exactly
// 0..n-1 (the replica or partition count is not known when verifying). The valid program is last.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec-untestable: all_to_all C6: it defines size(replica_groups) (num_replicas or num_partitions, known only when the program runs) for C7
// spec: all_to_all C5
func.func @all_to_all_c5(%x: tensor<2x4xf32>) -> tensor<4x2xf32> {
  // expected-error@+2 {{replica id #0 seen more than once}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.all_to_all"(%x) <{split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>}> : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// spec: all_to_all C7
func.func @all_to_all_c7(%x: tensor<2x4xf32>) -> tensor<4x2xf32> {
  // expected-error@+2 {{replica id #0 not seen in replica groups}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.all_to_all"(%x) <{split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[1, 2]]> : tensor<1x2xi64>}> : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// spec: all_to_all C9
func.func @all_to_all_c9(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+2 {{inferred type(s) 'tensor<4x2xf32>' are incompatible with return type(s) of operation 'tensor<2x4xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.all_to_all"(%x) <{split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// spec: all_to_all C9
func.func @all_to_all_c9_element_type(%x: tensor<2x4xf32>) -> tensor<4x2xf64> {
  // expected-error@+2 {{inferred type(s) 'tensor<4x2xf32>' are incompatible with return type(s) of operation 'tensor<4x2xf64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.all_to_all"(%x) <{split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2x4xf32>) -> tensor<4x2xf64>
  return %0 : tensor<4x2xf64>
}

// -----

// Valid: the program every case above mutates (the spec's example), and split_dimension =
// concat_dimension keeping the operand's type.
func.func @all_to_all_ok(%x: tensor<2x4xi64>, %y: tensor<2x4xi64>) -> (tensor<4x2xi64>, tensor<4x2xi64>, tensor<2x4xi64>) {
  %0:2 = "stablehlo.all_to_all"(%x, %y) <{split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2x4xi64>, tensor<2x4xi64>) -> (tensor<4x2xi64>, tensor<4x2xi64>)
  %1 = "stablehlo.all_to_all"(%x) <{split_dimension = 1 : i64, concat_dimension = 1 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2x4xi64>) -> tensor<2x4xi64>
  return %0#0, %0#1, %1 : tensor<4x2xi64>, tensor<4x2xi64>, tensor<2x4xi64>
}
