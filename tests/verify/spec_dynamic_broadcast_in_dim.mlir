// Negative cases of dynamic_broadcast_in_dim's constraints, written from spec.md, with
// StableHLO's messages; each case mutates the valid program at the end (the spec's example).
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: dynamic_broadcast_in_dim C1
func.func @dbid_c1(%x: tensor<1x3xi64>, %d: tensor<3xi64>) -> tensor<2x3x2xi32> {
  // expected-error@+1 {{failed to verify that all of {operand, result} have same element type}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %d) <{broadcast_dimensions = array<i64: 2, 1>, known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>}> : (tensor<1x3xi64>, tensor<3xi64>) -> tensor<2x3x2xi32>
  return %0 : tensor<2x3x2xi32>
}

// -----

// spec: dynamic_broadcast_in_dim C2
func.func @dbid_c2(%x: tensor<1x3xi64>, %d: tensor<3xi64>) -> tensor<2x3x2xi64> {
  // expected-error@+1 {{broadcast_dimensions size (1) does not match operand rank (2)}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %d) <{broadcast_dimensions = array<i64: 2>, known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>}> : (tensor<1x3xi64>, tensor<3xi64>) -> tensor<2x3x2xi64>
  return %0 : tensor<2x3x2xi64>
}

// -----

// spec: dynamic_broadcast_in_dim C3
func.func @dbid_c3(%x: tensor<1x3xi64>, %d: tensor<3xi64>) -> tensor<2x3x2xi64> {
  // expected-error@+1 {{broadcast_dimensions contains invalid value 3 for result with rank 3}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %d) <{broadcast_dimensions = array<i64: 3, 1>, known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>}> : (tensor<1x3xi64>, tensor<3xi64>) -> tensor<2x3x2xi64>
  return %0 : tensor<2x3x2xi64>
}

// -----

// spec: dynamic_broadcast_in_dim C3
func.func @dbid_c3_negative(%x: tensor<1x3xi64>, %d: tensor<3xi64>) -> tensor<2x3x2xi64> {
  // expected-error@+1 {{broadcast_dimensions contains invalid value -1 for result with rank 3}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %d) <{broadcast_dimensions = array<i64: -1, 1>, known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>}> : (tensor<1x3xi64>, tensor<3xi64>) -> tensor<2x3x2xi64>
  return %0 : tensor<2x3x2xi64>
}

// -----

// spec: dynamic_broadcast_in_dim C4
func.func @dbid_c4(%x: tensor<1x3xi64>, %d: tensor<3xi64>) -> tensor<2x3x2xi64> {
  // expected-error@+1 {{broadcast_dimensions should not have duplicates}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %d) <{broadcast_dimensions = array<i64: 1, 1>, known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>}> : (tensor<1x3xi64>, tensor<3xi64>) -> tensor<2x3x2xi64>
  return %0 : tensor<2x3x2xi64>
}

// -----

// spec: dynamic_broadcast_in_dim C5
func.func @dbid_c5(%x: tensor<1x3xi64>, %d: tensor<3xi64>) -> tensor<2x4x2xi64> {
  // expected-error@+1 {{size of operand dimension 1 (3) is not compatible with size of result dimension 1 (4)}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %d) <{broadcast_dimensions = array<i64: 2, 1>, known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>}> : (tensor<1x3xi64>, tensor<3xi64>) -> tensor<2x4x2xi64>
  return %0 : tensor<2x4x2xi64>
}

// -----

// spec: dynamic_broadcast_in_dim C6
func.func @dbid_c6(%x: tensor<1x3x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>, %d: tensor<3xi64>) -> tensor<2x3x2x!quant.uniform<i8:f32:2, {1.0:0, 2.0:0}>> {
  // expected-error@+1 {{result quantization_dimension 2 not same as broadcast_dimensions[1] = 1}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %d) <{broadcast_dimensions = array<i64: 2, 1>}> : (tensor<1x3x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>, tensor<3xi64>) -> tensor<2x3x2x!quant.uniform<i8:f32:2, {1.0:0, 2.0:0}>>
  return %0 : tensor<2x3x2x!quant.uniform<i8:f32:2, {1.0:0, 2.0:0}>>
}

// -----

// spec: dynamic_broadcast_in_dim C6
func.func @dbid_c6_scales(%x: tensor<1x3x!quant.uniform<i8:f32:0, {1.0:0}>>, %d: tensor<3xi64>) -> tensor<2x3x2x!quant.uniform<i8:f32:2, {1.0:0, 2.0:0}>> {
  // expected-error@+1 {{mismatch result scale 1 (2.000000e+00) and operand scale 0 (1.000000e+00)}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %d) <{broadcast_dimensions = array<i64: 2, 1>}> : (tensor<1x3x!quant.uniform<i8:f32:0, {1.0:0}>>, tensor<3xi64>) -> tensor<2x3x2x!quant.uniform<i8:f32:2, {1.0:0, 2.0:0}>>
  return %0 : tensor<2x3x2x!quant.uniform<i8:f32:2, {1.0:0, 2.0:0}>>
}

// -----

// spec: dynamic_broadcast_in_dim C7
func.func @dbid_c7(%x: tensor<1x3xi64>, %d: tensor<2xi64>) -> tensor<2x3x2xi64> {
  // expected-error@+1 {{length of output_dimensions (2) is not compatible with result rank (3)}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %d) <{broadcast_dimensions = array<i64: 2, 1>, known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>}> : (tensor<1x3xi64>, tensor<2xi64>) -> tensor<2x3x2xi64>
  return %0 : tensor<2x3x2xi64>
}

// -----

// spec: dynamic_broadcast_in_dim C8
func.func @dbid_c8(%x: tensor<1x3xi64>, %d: tensor<3xi64>) -> tensor<2x3x2xi64> {
  // expected-error@+1 {{duplicate expansion hint for at least one operand dimension}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %d) <{broadcast_dimensions = array<i64: 2, 1>, known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 0>}> : (tensor<1x3xi64>, tensor<3xi64>) -> tensor<2x3x2xi64>
  return %0 : tensor<2x3x2xi64>
}

// -----

// spec: dynamic_broadcast_in_dim C9
func.func @dbid_c9(%x: tensor<1x3xi64>, %d: tensor<3xi64>) -> tensor<2x3x2xi64> {
  // expected-error@+1 {{hint for expanding dimension 2 does not refer to a valid operand dimension}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %d) <{broadcast_dimensions = array<i64: 2, 1>, known_expanding_dimensions = array<i64: 2>, known_nonexpanding_dimensions = array<i64: 1>}> : (tensor<1x3xi64>, tensor<3xi64>) -> tensor<2x3x2xi64>
  return %0 : tensor<2x3x2xi64>
}

// -----

// spec: dynamic_broadcast_in_dim C10
func.func @dbid_c10(%x: tensor<1x3xi64>, %d: tensor<3xi64>) -> tensor<2x3x2xi64> {
  // expected-error@+1 {{hint for non-expanding dimension 2 does not refer to a valid operand dimension}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %d) <{broadcast_dimensions = array<i64: 2, 1>, known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 2>}> : (tensor<1x3xi64>, tensor<3xi64>) -> tensor<2x3x2xi64>
  return %0 : tensor<2x3x2xi64>
}

// -----

// Valid: the spec's example, a per-axis quantized broadcast (C6: the quantization dimension
// follows broadcast_dimensions) and a size-1 quantization dimension whose one scale is repeated.
func.func @dbid_ok(%x: tensor<1x3xi64>, %d: tensor<3xi64>) -> tensor<2x3x2xi64> {
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %d) <{broadcast_dimensions = array<i64: 2, 1>, known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>}> : (tensor<1x3xi64>, tensor<3xi64>) -> tensor<2x3x2xi64>
  return %0 : tensor<2x3x2xi64>
}

func.func @dbid_quant_ok(%x: tensor<1x3x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>, %y: tensor<1x3x!quant.uniform<i8:f32:0, {1.0:0}>>, %d: tensor<3xi64>) -> (tensor<2x3x2x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>, tensor<2x3x2x!quant.uniform<i8:f32:2, {1.0:0, 1.0:0}>>) {
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %d) <{broadcast_dimensions = array<i64: 2, 1>}> : (tensor<1x3x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>, tensor<3xi64>) -> tensor<2x3x2x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>
  %1 = "stablehlo.dynamic_broadcast_in_dim"(%y, %d) <{broadcast_dimensions = array<i64: 2, 1>}> : (tensor<1x3x!quant.uniform<i8:f32:0, {1.0:0}>>, tensor<3xi64>) -> tensor<2x3x2x!quant.uniform<i8:f32:2, {1.0:0, 1.0:0}>>
  return %0, %1 : tensor<2x3x2x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>, tensor<2x3x2x!quant.uniform<i8:f32:2, {1.0:0, 1.0:0}>>
}
