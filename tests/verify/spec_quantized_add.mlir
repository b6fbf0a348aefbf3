// Negative cases of add's quantized constraints (C2-C7), written from spec.md, with StableHLO's
// messages; each case mutates one of the valid programs at the end.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: add C2
func.func @add_c2(%x: tensor<2x!quant.uniform<i8:f32, 1.0:0>>, %y: tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 1.0:0>> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.add"(%x, %y) : (tensor<2x!quant.uniform<i8:f32, 1.0:0>>, tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 1.0:0>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 1.0:0>>
}

// -----

// spec: add C4
func.func @add_c4(%x: tensor<2x!quant.uniform<i8:f32, 1.0:0>>, %y: tensor<2x!quant.uniform<i8:f64, 1.0:0>>) -> tensor<2x!quant.uniform<i8:f32, 1.0:0>> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.add"(%x, %y) : (tensor<2x!quant.uniform<i8:f32, 1.0:0>>, tensor<2x!quant.uniform<i8:f64, 1.0:0>>) -> tensor<2x!quant.uniform<i8:f32, 1.0:0>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 1.0:0>>
}

// -----

// spec: add C5
func.func @add_c5(%x: tensor<2x!quant.uniform<i8:f32:0, {1.0:0, 2.0:0}>>, %y: tensor<2x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<2x!quant.uniform<i8:f32, 1.0:0>> {
  // expected-error@+1 {{result is not per_axis quantized but lhs or rhs are}}
  %0 = "stablehlo.add"(%x, %y) : (tensor<2x!quant.uniform<i8:f32:0, {1.0:0, 2.0:0}>>, tensor<2x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<2x!quant.uniform<i8:f32, 1.0:0>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 1.0:0>>
}

// -----

// spec: add C5
func.func @add_c5_result(%x: tensor<2x!quant.uniform<i8:f32, 1.0:0>>, %y: tensor<2x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<2x!quant.uniform<i8:f32:0, {1.0:0, 2.0:0}>> {
  // expected-error@+1 {{result per_axis quantized but none from rhs and lhs are per_axis quantized}}
  %0 = "stablehlo.add"(%x, %y) : (tensor<2x!quant.uniform<i8:f32, 1.0:0>>, tensor<2x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<2x!quant.uniform<i8:f32:0, {1.0:0, 2.0:0}>>
  return %0 : tensor<2x!quant.uniform<i8:f32:0, {1.0:0, 2.0:0}>>
}

// -----

// spec: add C6
func.func @add_c6(%x: tensor<2x2x!quant.uniform<i8:f32:0, {1.0:0, 2.0:0}>>, %y: tensor<2x2x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0}>> {
  // expected-error@+1 {{quantization_dimension of lhs and result are not same}}
  %0 = "stablehlo.add"(%x, %y) : (tensor<2x2x!quant.uniform<i8:f32:0, {1.0:0, 2.0:0}>>, tensor<2x2x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0}>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0}>>
}

// -----

// spec: add C7
func.func @add_c7(%x: tensor<2x2x!quant.uniform<i8:f32, 1.0:0>>, %y: tensor<2x2x!quant.uniform<i8:f32:0, {1.0:0, 2.0:0}>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0}>> {
  // expected-error@+1 {{quantization_dimension of rhs and result are not same}}
  %0 = "stablehlo.add"(%x, %y) : (tensor<2x2x!quant.uniform<i8:f32, 1.0:0>>, tensor<2x2x!quant.uniform<i8:f32:0, {1.0:0, 2.0:0}>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0}>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0}>>
}

// -----

// Valid: per-tensor operands with different scales, and a per-axis lhs and rhs whose
// quantization dimension is the result's.
func.func @add_ok(%x: tensor<2x2x!quant.uniform<i8:f32, 1.0:0>>, %y: tensor<2x2x!quant.uniform<i8:f32, 2.0:1>>, %p: tensor<2x2x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0}>>) -> (tensor<2x2x!quant.uniform<i8:f32, 0.5:0>>, tensor<2x2x!quant.uniform<i8:f32:1, {3.0:0, 4.0:0}>>) {
  %0 = "stablehlo.add"(%x, %y) : (tensor<2x2x!quant.uniform<i8:f32, 1.0:0>>, tensor<2x2x!quant.uniform<i8:f32, 2.0:1>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5:0>>
  %1 = "stablehlo.add"(%p, %p) : (tensor<2x2x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0}>>, tensor<2x2x!quant.uniform<i8:f32:1, {1.0:0, 2.0:0}>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {3.0:0, 4.0:0}>>
  return %0, %1 : tensor<2x2x!quant.uniform<i8:f32, 0.5:0>>, tensor<2x2x!quant.uniform<i8:f32:1, {3.0:0, 4.0:0}>>
}
