// Negative cases of dynamic_pad's constraints, written from spec.md, with StableHLO's messages;
// each case mutates the valid program at the end (the spec's example). C3 and C4 are about the
// values of the padding operands, so they are checked when those are constants.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: dynamic_pad C1
func.func @dynamic_pad_c1(%x: tensor<2x3xi64>, %v: tensor<i32>, %lo: tensor<2xi64>, %hi: tensor<2xi64>, %in: tensor<2xi64>) -> tensor<5x9xi64> {
  // expected-error@+1 {{failed to verify that all of {operand, padding_value, result} have same element type}}
  %0 = "stablehlo.dynamic_pad"(%x, %v, %lo, %hi, %in) : (tensor<2x3xi64>, tensor<i32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<5x9xi64>
  return %0 : tensor<5x9xi64>
}

// -----

// spec: dynamic_pad C1
func.func @dynamic_pad_c1_result(%x: tensor<2x3xi64>, %v: tensor<i64>, %lo: tensor<2xi64>, %hi: tensor<2xi64>, %in: tensor<2xi64>) -> tensor<5x9xi32> {
  // expected-error@+1 {{failed to verify that all of {operand, padding_value, result} have same element type}}
  %0 = "stablehlo.dynamic_pad"(%x, %v, %lo, %hi, %in) : (tensor<2x3xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<5x9xi32>
  return %0 : tensor<5x9xi32>
}

// -----

// spec: dynamic_pad C2
func.func @dynamic_pad_c2(%x: tensor<2x3xi64>, %v: tensor<i64>, %lo: tensor<2xi64>, %hi: tensor<2xi64>, %in: tensor<3xi64>) -> tensor<5x9xi64> {
  // expected-error@+1 {{padding operands size (3) must match operand rank (2)}}
  %0 = "stablehlo.dynamic_pad"(%x, %v, %lo, %hi, %in) : (tensor<2x3xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<3xi64>) -> tensor<5x9xi64>
  return %0 : tensor<5x9xi64>
}

// -----

// spec: dynamic_pad C3
func.func @dynamic_pad_c3(%x: tensor<2x3xi64>, %v: tensor<i64>, %lo: tensor<2xi64>, %hi: tensor<2xi64>) -> tensor<?x?xi64> {
  %in = stablehlo.constant dense<[1, -2]> : tensor<2xi64>
  // expected-error@+1 {{interior_padding must be non-negative, but got -2}}
  %0 = "stablehlo.dynamic_pad"(%x, %v, %lo, %hi, %in) : (tensor<2x3xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xi64>
  return %0 : tensor<?x?xi64>
}

// -----

// spec: dynamic_pad C4
func.func @dynamic_pad_c4(%x: tensor<2x3xi64>, %v: tensor<i64>) -> tensor<5x8xi64> {
  %lo = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %hi = stablehlo.constant dense<[2, 1]> : tensor<2xi64>
  %in = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  // expected-error@+1 {{expected output dimension at index 1 to equal 9, but got 8}}
  %0 = "stablehlo.dynamic_pad"(%x, %v, %lo, %hi, %in) : (tensor<2x3xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<5x8xi64>
  return %0 : tensor<5x8xi64>
}

// -----

// spec: dynamic_pad C4
func.func @dynamic_pad_c4_rank(%x: tensor<2x3xi64>, %v: tensor<i64>, %lo: tensor<2xi64>, %hi: tensor<2xi64>, %in: tensor<2xi64>) -> tensor<5x9x1xi64> {
  // expected-error@+1 {{output should have the same rank as the operand}}
  %0 = "stablehlo.dynamic_pad"(%x, %v, %lo, %hi, %in) : (tensor<2x3xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<5x9x1xi64>
  return %0 : tensor<5x9x1xi64>
}

// -----

// Valid: the spec's example, with dynamic padding operands and with constant ones.
func.func @dynamic_pad_ok(%x: tensor<2x3xi64>, %v: tensor<i64>, %lo: tensor<2xi64>, %hi: tensor<2xi64>, %in: tensor<2xi64>) -> (tensor<5x9xi64>, tensor<5x9xi64>) {
  %0 = "stablehlo.dynamic_pad"(%x, %v, %lo, %hi, %in) : (tensor<2x3xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<5x9xi64>
  %clo = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %chi = stablehlo.constant dense<[2, 1]> : tensor<2xi64>
  %cin = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %1 = "stablehlo.dynamic_pad"(%x, %v, %clo, %chi, %cin) : (tensor<2x3xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<5x9xi64>
  return %0, %1 : tensor<5x9xi64>, tensor<5x9xi64>
}
