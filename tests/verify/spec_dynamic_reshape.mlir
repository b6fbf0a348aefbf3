// Negative cases of dynamic_reshape's constraints, written from spec.md, with StableHLO's
// messages; each case mutates the valid program at the end (the spec's example).
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: dynamic_reshape C1
func.func @dynamic_reshape_c1(%x: tensor<2x3xi64>, %s: tensor<2xi64>) -> tensor<3x2xi32> {
  // expected-error@+1 {{failed to verify that all of {operand, result} have same element type}}
  %0 = "stablehlo.dynamic_reshape"(%x, %s) : (tensor<2x3xi64>, tensor<2xi64>) -> tensor<3x2xi32>
  return %0 : tensor<3x2xi32>
}

// -----

// spec: dynamic_reshape C1
func.func @dynamic_reshape_c1_scale(%x: tensor<2x3x!quant.uniform<i8:f32, 1.0:0>>, %s: tensor<2xi64>) -> tensor<3x2x!quant.uniform<i8:f32, 2.0:0>> {
  // expected-error@+1 {{expect same quantization scale and zero_point}}
  %0 = "stablehlo.dynamic_reshape"(%x, %s) : (tensor<2x3x!quant.uniform<i8:f32, 1.0:0>>, tensor<2xi64>) -> tensor<3x2x!quant.uniform<i8:f32, 2.0:0>>
  return %0 : tensor<3x2x!quant.uniform<i8:f32, 2.0:0>>
}

// -----

// spec: dynamic_reshape C2
func.func @dynamic_reshape_c2(%x: tensor<2x3xi64>, %s: tensor<2xi64>) -> tensor<3x3xi64> {
  // expected-error@+1 {{number of output elements (9) doesn't match expected number of elements (6)}}
  %0 = "stablehlo.dynamic_reshape"(%x, %s) : (tensor<2x3xi64>, tensor<2xi64>) -> tensor<3x3xi64>
  return %0 : tensor<3x3xi64>
}

// -----

// spec: dynamic_reshape C3
func.func @dynamic_reshape_c3(%x: tensor<2x3x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>, %s: tensor<2xi64>) -> tensor<3x2x!quant.uniform<i8:f32:0, {1.0:0, 2.0:0, 3.0:0}>> {
  // expected-error@+1 {{product of dimensions before quantization dimension must match between operand and result for 2 and 1}}
  %0 = "stablehlo.dynamic_reshape"(%x, %s) : (tensor<2x3x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>, tensor<2xi64>) -> tensor<3x2x!quant.uniform<i8:f32:0, {1.0:0, 2.0:0, 3.0:0}>>
  return %0 : tensor<3x2x!quant.uniform<i8:f32:0, {1.0:0, 2.0:0, 3.0:0}>>
}

// -----

// spec: dynamic_reshape C4
func.func @dynamic_reshape_c4(%x: tensor<2x3xi64>, %s: tensor<3xi64>) -> tensor<3x2xi64> {
  // expected-error@+1 {{output should have a rank equal to the number of elements in output_shape}}
  %0 = "stablehlo.dynamic_reshape"(%x, %s) : (tensor<2x3xi64>, tensor<3xi64>) -> tensor<3x2xi64>
  return %0 : tensor<3x2xi64>
}

// -----

// Valid: the spec's example, and a per-axis quantized reshape that keeps the quantization
// dimension's size and the product of the dimensions before it (C3).
func.func @dynamic_reshape_ok(%x: tensor<2x3xi64>, %s: tensor<2xi64>, %q: tensor<2x3x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>, %s3: tensor<3xi64>) -> (tensor<3x2xi64>, tensor<2x3x1x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>) {
  %0 = "stablehlo.dynamic_reshape"(%x, %s) : (tensor<2x3xi64>, tensor<2xi64>) -> tensor<3x2xi64>
  %1 = "stablehlo.dynamic_reshape"(%q, %s3) : (tensor<2x3x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>, tensor<3xi64>) -> tensor<2x3x1x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>
  return %0, %1 : tensor<3x2xi64>, tensor<2x3x1x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0, 3.0:0}>>
}
