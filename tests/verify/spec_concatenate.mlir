// Negative cases of concatenate's constraints, written from spec.md, with StableHLO's messages;
// each case mutates the valid program at the end.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: concatenate C3
func.func @concatenate_c3() -> tensor<0xf32> {
  // expected-error@+1 {{expected 1 or more operands, but found 0}}
  %0 = "stablehlo.concatenate"() <{dimension = 0 : i64}> : () -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

// -----

// spec: concatenate C5
func.func @concatenate_c5(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>) -> tensor<3x3xf64> {
  // expected-error@+2 {{inferred type(s) 'tensor<3x3xf32>' are incompatible with return type(s) of operation 'tensor<3x3xf64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.concatenate"(%a, %b) <{dimension = 0 : i64}> : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf64>
  return %0 : tensor<3x3xf64>
}

// -----

// spec: concatenate C6
func.func @concatenate_c6(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>) -> tensor<4x3xf32> {
  // expected-error@+2 {{inferred type(s) 'tensor<3x3xf32>' are incompatible with return type(s) of operation 'tensor<4x3xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.concatenate"(%a, %b) <{dimension = 0 : i64}> : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// spec: concatenate C6
func.func @concatenate_c6_other_dim(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>) -> tensor<3x4xf32> {
  // expected-error@+2 {{inferred type(s) 'tensor<3x3xf32>' are incompatible with return type(s) of operation 'tensor<3x4xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.concatenate"(%a, %b) <{dimension = 0 : i64}> : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// Valid: 2 + 1 rows.
func.func @concatenate_ok(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>) -> tensor<3x3xf32> {
  %0 = "stablehlo.concatenate"(%a, %b) <{dimension = 0 : i64}> : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}
