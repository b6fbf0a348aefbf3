// Negative cases of map's constraints, written from spec.md (mutations of the spec's example),
// with StableHLO's messages; the valid program is last. C3 has two cases: a permutation of the
// dimensions and a subset of them.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: map C1
func.func @map_c1(%in0: tensor<2x2xi64>, %in1: tensor<2x2xi64>) -> tensor<2x3xi64> {
  // expected-error@+1 {{requires the same shape for all operands and results}}
  %r = "stablehlo.map"(%in0, %in1) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a0: tensor<i64>, %a1: tensor<i64>):
    %m = "stablehlo.multiply"(%a0, %a1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%m) : (tensor<i64>) -> ()
  }) : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x3xi64>
  return %r : tensor<2x3xi64>
}

// -----

// spec: map C2
func.func @map_c2() -> tensor<2x2xi64> {
  // expected-error@+1 {{expected 1 or more operands, but found 0}}
  %r = "stablehlo.map"() <{dimensions = array<i64>}> ({
  ^bb0():
    %m = "stablehlo.constant"() <{value = dense<1> : tensor<i64>}> : () -> tensor<i64>
    "stablehlo.return"(%m) : (tensor<i64>) -> ()
  }) : () -> tensor<2x2xi64>
  return %r : tensor<2x2xi64>
}

// -----

// spec: map C3
func.func @map_c3(%in0: tensor<2x2xi64>, %in1: tensor<2x2xi64>) -> tensor<2x2xi64> {
  // expected-error@+2 {{requires monotonically increasing dimension numbers, but got: 1, 0}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.map"(%in0, %in1) <{dimensions = array<i64: 1, 0>}> ({
  ^bb0(%a0: tensor<i64>, %a1: tensor<i64>):
    %m = "stablehlo.multiply"(%a0, %a1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%m) : (tensor<i64>) -> ()
  }) : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi64>
  return %r : tensor<2x2xi64>
}

// -----

// spec: map C3
func.func @map_c3_subset(%in0: tensor<2x2xi64>, %in1: tensor<2x2xi64>) -> tensor<2x2xi64> {
  // expected-error@+2 {{applied to a subset of dimensions currently not supported: operand dimensions = 2, requested map dimensions size = 1}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.map"(%in0, %in1) <{dimensions = array<i64: 0>}> ({
  ^bb0(%a0: tensor<i64>, %a1: tensor<i64>):
    %m = "stablehlo.multiply"(%a0, %a1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%m) : (tensor<i64>) -> ()
  }) : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi64>
  return %r : tensor<2x2xi64>
}

// -----

// spec: map C4
func.func @map_c4(%in0: tensor<2x2xi64>, %in1: tensor<2x2xi64>) -> tensor<2x2xi64> {
  // expected-error@+2 {{element type of operands and computation arguments must match, but got: 'i64' and 'f32'}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.map"(%in0, %in1) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a0: tensor<i64>, %a1: tensor<f32>):
    %m = "stablehlo.constant"() <{value = dense<1> : tensor<i64>}> : () -> tensor<i64>
    "stablehlo.return"(%m) : (tensor<i64>) -> ()
  }) : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi64>
  return %r : tensor<2x2xi64>
}

// -----

// spec: map C4
func.func @map_c4_result(%in0: tensor<2x2xi64>, %in1: tensor<2x2xi64>) -> tensor<2x2xf32> {
  // expected-error@+2 {{inferred type(s) 'tensor<2x2xi64>' are incompatible with return type(s) of operation 'tensor<2x2xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %r = "stablehlo.map"(%in0, %in1) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a0: tensor<i64>, %a1: tensor<i64>):
    %m = "stablehlo.multiply"(%a0, %a1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%m) : (tensor<i64>) -> ()
  }) : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

// Valid: the program the cases above mutate.
func.func @map_ok(%in0: tensor<2x2xi64>, %in1: tensor<2x2xi64>) -> tensor<2x2xi64> {
  %r = "stablehlo.map"(%in0, %in1) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a0: tensor<i64>, %a1: tensor<i64>):
    %m = "stablehlo.multiply"(%a0, %a1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%m) : (tensor<i64>) -> ()
  }) : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi64>
  return %r : tensor<2x2xi64>
}
