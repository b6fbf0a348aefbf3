// Negative cases of the collective ops' constraints, written from spec.md, with StableHLO's
// messages. Each case names its constraint (`spec: OP Cn`, read by docs/constraints.md's
// generator); the last cases are valid programs that must verify.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: all_reduce C1
func.func @all_reduce_c1(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{replica id #0 seen more than once}}
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: collective_reduce C1
func.func @collective_reduce_c1(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{replica id #1 seen more than once}}
  %0 = "stablehlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: collective_reduce C2
func.func @collective_reduce_c2(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{replica id #0 not seen in replica groups}}
  %0 = "stablehlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[1, 2]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: collective_reduce C3
func.func @collective_reduce_c3(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{requires the same shape for all operands and results}}
  %0 = "stablehlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// spec: collective_broadcast C1
func.func @collective_broadcast_c1(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{replica id #2 seen more than once}}
  %0 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[2, 1, 2]]> : tensor<1x3xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: collective_broadcast C3
func.func @collective_broadcast_c3(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// replica_groups is a 2-dimensional tensor constant (input I2)
func.func @collective_broadcast_i2(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{replica groups should be a rank 2 tensor}}
  %0 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[0, 1]> : tensor<2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Valid: groups that leave process 0 out are fine for collective_broadcast (StableHLO's
// interpret test uses [[2, 1]]); a reduction with promotable types.
func.func @valid(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf64>) {
  %0 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[2, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "stablehlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %s = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf64>
  return %0, %1 : tensor<4xf32>, tensor<4xf64>
}
