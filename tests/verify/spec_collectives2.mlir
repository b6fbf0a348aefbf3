// Negative cases of collective_broadcast's, collective_permute's and collective_reduce's
// constraints, written from spec.md, with StableHLO's messages (the other constraints are in
// collectives.mlir and ops.mlir); the has_dynamic_root messages are Strata's own. The valid
// programs are last.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec-not-enforced: collective_broadcast C2: only uniqueness (C1) is checked, as in StableHLO's verifyCollectiveBroadcastOp; the bound N (num_replicas or num_partitions) is known only when the program runs, and negative ids are accepted too
// spec-untestable: collective_broadcast C6: it bounds the values of the root operand, known only when the program runs

// spec: collective_broadcast C4
func.func @collective_broadcast_c4_one_operand(%root: tensor<1xi32>) -> () {
  // expected-error@+1 {{collective_broadcast with has_dynamic_root=true requires at least two operands (data + root)}}
  "stablehlo.collective_broadcast"(%root) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = true}> : (tensor<1xi32>) -> ()
  return
}

// -----

// spec: collective_broadcast C4
func.func @collective_broadcast_c4_root_type(%x: tensor<4xf32>, %root: tensor<1xi64>) -> tensor<4xf32> {
  // expected-error@+1 {{last operand of collective_broadcast with has_dynamic_root=true must be a rank-1 i32 tensor}}
  %0 = "stablehlo.collective_broadcast"(%x, %root) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = true}> : (tensor<4xf32>, tensor<1xi64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: collective_broadcast C4
func.func @collective_broadcast_c4_root_size(%x: tensor<4xf32>, %root: tensor<2xi32>) -> tensor<4xf32> {
  // expected-error@+1 {{last operand of collective_broadcast with has_dynamic_root=true must have one element per data operand (1), but got 2}}
  %0 = "stablehlo.collective_broadcast"(%x, %root) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = true}> : (tensor<4xf32>, tensor<2xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: collective_broadcast C4
func.func @collective_broadcast_c4_result_type(%x: tensor<4xf32>, %root: tensor<1xi32>) -> tensor<4xf64> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.collective_broadcast"(%x, %root) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = true}> : (tensor<4xf32>, tensor<1xi32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: collective_broadcast C5
func.func @collective_broadcast_c5(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{collective_broadcast expects 1 result(s), but got 2}}
  %0:2 = "stablehlo.collective_broadcast"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// spec: collective_broadcast C5
func.func @collective_broadcast_c5_dynamic_root(%x: tensor<4xf32>, %root: tensor<1xi32>) -> (tensor<4xf32>, tensor<1xi32>) {
  // expected-error@+1 {{collective_broadcast expects 1 result(s), but got 2}}
  %0:2 = "stablehlo.collective_broadcast"(%x, %root) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = true}> : (tensor<4xf32>, tensor<1xi32>) -> (tensor<4xf32>, tensor<1xi32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<1xi32>
}

// -----

// spec: collective_permute C5
func.func @collective_permute_c5(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: collective_permute C5
func.func @collective_permute_c5_shape(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// spec: collective_reduce C4
func.func @collective_reduce_c4(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{The type of reduction-region's parameter at index 1 is different than the corresponding result type: 'tensor<i32>' vs 'tensor<f32>'}}
  %0 = "stablehlo.collective_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<i32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: collective_reduce C4
func.func @collective_reduce_c4_not_promotable(%x: tensor<4xi32>) -> tensor<4xi16> {
  // expected-error@+1 {{The element-type of reduction-region's result type at index 0 is expected to be promotable from the op's corresponding init-value element-type: 'tensor<i16>' vs 'tensor<i32>'}}
  %0 = "stablehlo.collective_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<i16>, %b: tensor<i16>):
    %s = "stablehlo.add"(%a, %b) : (tensor<i16>, tensor<i16>) -> tensor<i16>
    "stablehlo.return"(%s) : (tensor<i16>) -> ()
  }) : (tensor<4xi32>) -> tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

// Valid: the programs the cases above mutate.
func.func @collectives_ok(%x: tensor<4xf32>, %root: tensor<1xi32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = "stablehlo.collective_broadcast"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "stablehlo.collective_broadcast"(%x, %root) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = true}> : (tensor<4xf32>, tensor<1xi32>) -> tensor<4xf32>
  %2 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  %3 = "stablehlo.collective_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
