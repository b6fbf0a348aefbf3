// Negative cases of the per-axis quantization constraints of the shape ops (broadcast_in_dim
// C6, reshape C3, transpose C4: where the quantization dimension goes), written from spec.md,
// with StableHLO's messages; each case mutates one of the valid programs at the end.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: broadcast_in_dim C6
func.func @broadcast_in_dim_c6(%x: tensor<1x3x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>) -> tensor<2x3x2x!quant.uniform<i8:f32:2, {1.0:0, 2.0:0}>> {
  // expected-error@+1 {{result quantization_dimension 2 not same as broadcast_dimensions[1] = 1}}
  %0 = "stablehlo.broadcast_in_dim"(%x) <{broadcast_dimensions = array<i64: 2, 1>}> : (tensor<1x3x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>) -> tensor<2x3x2x!quant.uniform<i8:f32:2, {1.0:0, 2.0:0}>>
  return %0 : tensor<2x3x2x!quant.uniform<i8:f32:2, {1.0:0, 2.0:0}>>
}

// -----

// spec: broadcast_in_dim C6
func.func @broadcast_in_dim_c6_scale(%x: tensor<1x3x!quant.uniform<i8:f32:0, {1.0:0}>>) -> tensor<2x3x2x!quant.uniform<i8:f32:2, {1.0:0, 2.0:0}>> {
  // expected-error@+1 {{mismatch result scale 1 (2.000000e+00) and operand scale 0 (1.000000e+00)}}
  %0 = "stablehlo.broadcast_in_dim"(%x) <{broadcast_dimensions = array<i64: 2, 1>}> : (tensor<1x3x!quant.uniform<i8:f32:0, {1.0:0}>>) -> tensor<2x3x2x!quant.uniform<i8:f32:2, {1.0:0, 2.0:0}>>
  return %0 : tensor<2x3x2x!quant.uniform<i8:f32:2, {1.0:0, 2.0:0}>>
}

// -----

// spec: broadcast_in_dim C6
func.func @broadcast_in_dim_c6_zero_point(%x: tensor<1x3x!quant.uniform<i8:f32:0, {1.0:0}>>) -> tensor<2x3x2x!quant.uniform<i8:f32:2, {1.0:0, 1.0:5}>> {
  // expected-error@+1 {{mismatch result zero_point 1 (5) and operand zero_point 0 (0)}}
  %0 = "stablehlo.broadcast_in_dim"(%x) <{broadcast_dimensions = array<i64: 2, 1>}> : (tensor<1x3x!quant.uniform<i8:f32:0, {1.0:0}>>) -> tensor<2x3x2x!quant.uniform<i8:f32:2, {1.0:0, 1.0:5}>>
  return %0 : tensor<2x3x2x!quant.uniform<i8:f32:2, {1.0:0, 1.0:5}>>
}

// -----

// spec: reshape C3
func.func @reshape_c3(%x: tensor<2x3x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {1.0:0, 2.0:0, 3.0:0}>> {
  // expected-error@+1 {{product of dimensions before quantization dimension must match between operand and result for 2 and 1}}
  %0 = "stablehlo.reshape"(%x) : (tensor<2x3x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {1.0:0, 2.0:0, 3.0:0}>>
  return %0 : tensor<3x2x!quant.uniform<i8:f32:0, {1.0:0, 2.0:0, 3.0:0}>>
}

// -----

// spec: transpose C4
func.func @transpose_c4(%x: tensor<3x3x!quant.uniform<i8:f32:0, {1.0:0, 2.0:0, 3.0:0}>>) -> tensor<3x3x!quant.uniform<i8:f32:0, {1.0:0, 2.0:0, 3.0:0}>> {
  // expected-error@+1 {{operand quantization_dimension 0 is not same as permutation[0] = 1}}
  %0 = "stablehlo.transpose"(%x) <{permutation = array<i64: 1, 0>}> : (tensor<3x3x!quant.uniform<i8:f32:0, {1.0:0, 2.0:0, 3.0:0}>>) -> tensor<3x3x!quant.uniform<i8:f32:0, {1.0:0, 2.0:0, 3.0:0}>>
  return %0 : tensor<3x3x!quant.uniform<i8:f32:0, {1.0:0, 2.0:0, 3.0:0}>>
}

// -----

// Valid: the quantization dimension follows broadcast_dimensions (a size-1 one repeats its
// scale), reshape keeps the dimensions around it, transpose moves it with the permutation.
func.func @per_axis_ok(%x: tensor<1x3x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>, %y: tensor<1x3x!quant.uniform<i8:f32:0, {1.0:0}>>, %z: tensor<2x3x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>) -> (tensor<2x3x2x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>, tensor<2x3x2x!quant.uniform<i8:f32:2, {1.0:0, 1.0:0}>>, tensor<2x3x1x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>, tensor<3x2x!quant.uniform<i8:f32:0, {1.0:0, 2.0:0, 3.0:0}>>) {
  %0 = "stablehlo.broadcast_in_dim"(%x) <{broadcast_dimensions = array<i64: 2, 1>}> : (tensor<1x3x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>) -> tensor<2x3x2x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>
  %1 = "stablehlo.broadcast_in_dim"(%y) <{broadcast_dimensions = array<i64: 2, 1>}> : (tensor<1x3x!quant.uniform<i8:f32:0, {1.0:0}>>) -> tensor<2x3x2x!quant.uniform<i8:f32:2, {1.0:0, 1.0:0}>>
  %2 = "stablehlo.reshape"(%z) : (tensor<2x3x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>) -> tensor<2x3x1x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>
  %3 = "stablehlo.transpose"(%z) <{permutation = array<i64: 1, 0>}> : (tensor<2x3x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {1.0:0, 2.0:0, 3.0:0}>>
  return %0, %1, %2, %3 : tensor<2x3x2x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>, tensor<2x3x2x!quant.uniform<i8:f32:2, {1.0:0, 1.0:0}>>, tensor<2x3x1x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>, tensor<3x2x!quant.uniform<i8:f32:0, {1.0:0, 2.0:0, 3.0:0}>>
}
