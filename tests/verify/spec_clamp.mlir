// Negative cases of clamp's constraints, written from spec.md, with StableHLO's messages; each
// case mutates the valid program at the end.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: clamp C2
func.func @clamp_c2(%min: tensor<f32>, %x: tensor<2xf32>, %max: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error@+2 {{max shape [3] is not scalar and is not compatible to operand shape [2]}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.clamp"(%min, %x, %max) : (tensor<f32>, tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// spec: clamp C3
func.func @clamp_c3(%min: tensor<f64>, %x: tensor<2xf32>, %max: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{requires compatible element types for all operands and results}}
  %0 = "stablehlo.clamp"(%min, %x, %max) : (tensor<f64>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// spec: clamp C3
func.func @clamp_c3_max(%min: tensor<f32>, %x: tensor<2xf32>, %max: tensor<2xi32>) -> tensor<2xf32> {
  // expected-error@+1 {{requires compatible element types for all operands and results}}
  %0 = "stablehlo.clamp"(%min, %x, %max) : (tensor<f32>, tensor<2xf32>, tensor<2xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Valid: a scalar min and a max of the operand's shape; quantized bounds whose scales differ
// from the operand's (C3 compares baseline element types).
func.func @clamp_ok(%min: tensor<f32>, %x: tensor<2xf32>, %max: tensor<2xf32>, %qmin: tensor<!quant.uniform<i8:f32, 2.0:1>>, %q: tensor<2x!quant.uniform<i8:f32, 1.0:0>>) -> (tensor<2xf32>, tensor<2x!quant.uniform<i8:f32, 1.0:0>>) {
  %0 = "stablehlo.clamp"(%min, %x, %max) : (tensor<f32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %1 = "stablehlo.clamp"(%qmin, %q, %q) : (tensor<!quant.uniform<i8:f32, 2.0:1>>, tensor<2x!quant.uniform<i8:f32, 1.0:0>>, tensor<2x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<2x!quant.uniform<i8:f32, 1.0:0>>
  return %0, %1 : tensor<2xf32>, tensor<2x!quant.uniform<i8:f32, 1.0:0>>
}
