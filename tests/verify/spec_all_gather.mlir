// Negative cases of all_gather's constraints, written from spec.md, with StableHLO's messages
// (C1, C2 and C5 are in ops.mlir). C4 is checked as StableHLO does: the ids must be exactly 0..n-1
// (the replica count is not known when verifying); C6 fixes the result dimension only to a
// multiple of the operand's (the group size depends on the partition count with a channel). The
// valid program is last.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec-untestable: all_gather C3: it defines size(replica_groups) (num_replicas or num_processes, known only when the program runs) for C4
// spec: all_gather C4
func.func @all_gather_c4(%x: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{replica id #0 not seen in replica groups}}
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 0 : i64, replica_groups = dense<[[1, 2]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// spec: all_gather C6
func.func @all_gather_c6(%x: tensor<4xf32>) -> tensor<6xf32> {
  // expected-error@+1 {{result gather dimension has size 6, expected to be a multiple of operand gather dimension size 4}}
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// spec: all_gather C6
func.func @all_gather_c6_other_dim(%x: tensor<4x3xf32>) -> tensor<8x2xf32> {
  // expected-error@+1 {{operand and result should have the same shape except for the dimension size at 'all_gather_dim'}}
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4x3xf32>) -> tensor<8x2xf32>
  return %0 : tensor<8x2xf32>
}

// -----

// spec: all_gather C6
func.func @all_gather_c6_element_type(%x: tensor<4xf32>) -> tensor<8xf64> {
  // expected-error@+1 {{requires the same element type for all operands and results}}
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<8xf64>
  return %0 : tensor<8xf64>
}

// -----

// Valid: the program every case above mutates, with two operands.
func.func @all_gather_ok(%x: tensor<4xf32>, %y: tensor<2x3xi32>) -> (tensor<8xf32>, tensor<4x3xi32>) {
  %0:2 = "stablehlo.all_gather"(%x, %y) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>, tensor<2x3xi32>) -> (tensor<8xf32>, tensor<4x3xi32>)
  return %0#0, %0#1 : tensor<8xf32>, tensor<4x3xi32>
}
