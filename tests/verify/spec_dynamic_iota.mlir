// Negative cases of dynamic_iota's constraints, written from spec.md, with StableHLO's messages;
// each case mutates the valid program at the end (the spec's example).
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: dynamic_iota C1
func.func @dynamic_iota_c1(%s: tensor<2xi64>) -> tensor<4x5xi64> {
  // expected-error@+1 {{iota dimension cannot go beyond the output rank}}
  %0 = "stablehlo.dynamic_iota"(%s) <{iota_dimension = 2 : i64}> : (tensor<2xi64>) -> tensor<4x5xi64>
  return %0 : tensor<4x5xi64>
}

// -----

// spec: dynamic_iota C1
func.func @dynamic_iota_c1_negative(%s: tensor<2xi64>) -> tensor<4x5xi64> {
  // expected-error@+1 {{attribute 'iota_dimension' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  %0 = "stablehlo.dynamic_iota"(%s) <{iota_dimension = -1 : i64}> : (tensor<2xi64>) -> tensor<4x5xi64>
  return %0 : tensor<4x5xi64>
}

// -----

// spec: dynamic_iota C2
func.func @dynamic_iota_c2(%s: tensor<3xi64>) -> tensor<4x5xi64> {
  // expected-error@+1 {{output_shape length (3) does not match result rank (2)}}
  %0 = "stablehlo.dynamic_iota"(%s) <{iota_dimension = 0 : i64}> : (tensor<3xi64>) -> tensor<4x5xi64>
  return %0 : tensor<4x5xi64>
}

// -----

// Valid: the spec's example, with a constant output_shape and with a dynamic one.
func.func @dynamic_iota_ok(%s: tensor<2xi64>) -> (tensor<4x5xi64>, tensor<?x5xf32>) {
  %c = stablehlo.constant dense<[4, 5]> : tensor<2xi64>
  %0 = "stablehlo.dynamic_iota"(%c) <{iota_dimension = 0 : i64}> : (tensor<2xi64>) -> tensor<4x5xi64>
  %1 = "stablehlo.dynamic_iota"(%s) <{iota_dimension = 1 : i64}> : (tensor<2xi64>) -> tensor<?x5xf32>
  return %0, %1 : tensor<4x5xi64>, tensor<?x5xf32>
}
