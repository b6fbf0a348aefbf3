// Negative cases of the quantized element-type constraints, written from spec.md, with
// StableHLO's messages (`spec: OP Cn` names each case's constraint); valid programs last.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: add C3
func.func @add_c3(%x: tensor<4x!quant.uniform<i8:f32, 1.0>>, %y: tensor<4x!quant.uniform<i16:f32, 1.0>>) -> tensor<4x!quant.uniform<i8:f32, 1.0>> {
  // expected-error@+1 {{mismatched operands and result quantization storage types}}
  %0 = stablehlo.add %x, %y : (tensor<4x!quant.uniform<i8:f32, 1.0>>, tensor<4x!quant.uniform<i16:f32, 1.0>>) -> tensor<4x!quant.uniform<i8:f32, 1.0>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 1.0>>
}

// -----

// spec: reshape C1
func.func @reshape_c1_scale(%x: tensor<4x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x2x!quant.uniform<i8:f32, 2.0>> {
  // expected-error@+1 {{expect same quantization scale and zero_point}}
  %0 = stablehlo.reshape %x : (tensor<4x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x2x!quant.uniform<i8:f32, 2.0>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32, 2.0>>
}

// -----

// spec: reshape C1
func.func @reshape_c1_per_axis(%x: tensor<2x2x!quant.uniform<i8:f32:0, {1.0:1, 2.0}>>) -> tensor<2x2x!quant.uniform<i8:f32:0, {1.0:1, 3.0}>> {
  // expected-error@+1 {{expect same quantization scales and zero_points}}
  %0 = stablehlo.reshape %x : (tensor<2x2x!quant.uniform<i8:f32:0, {1.0:1, 2.0}>>) -> tensor<2x2x!quant.uniform<i8:f32:0, {1.0:1, 3.0}>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32:0, {1.0:1, 3.0}>>
}

// -----

// spec: transpose C1
func.func @transpose_c1(%x: tensor<2x3x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<3x2x!quant.uniform<i8:f32, 0.5:4>> {
  // expected-error@+1 {{expect same quantization scale and zero_point}}
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<3x2x!quant.uniform<i8:f32, 0.5:4>>
  return %0 : tensor<3x2x!quant.uniform<i8:f32, 0.5:4>>
}

// -----

// spec: broadcast_in_dim C1
func.func @broadcast_in_dim_c1(%x: tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<3x2x!quant.uniform<i8:f32, 2.0>> {
  // expected-error@+1 {{expect same quantization scale and zero_point}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<3x2x!quant.uniform<i8:f32, 2.0>>
  return %0 : tensor<3x2x!quant.uniform<i8:f32, 2.0>>
}

// -----

// spec: abs C2
func.func @abs_c2(%x: tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x!quant.uniform<i8:f64, 1.0>> {
  // expected-error@+2 {{inferred type(s) 'tensor<2x!quant.uniform<i8:f32, 1.000000e+00>>' are incompatible with return type(s) of operation 'tensor<2x!quant.uniform<i8:f64, 1.000000e+00>>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = stablehlo.abs %x : (tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x!quant.uniform<i8:f64, 1.0>>
  return %0 : tensor<2x!quant.uniform<i8:f64, 1.0>>
}

// -----

// Valid: identical parameters move unchanged; elementwise ops may requantize (different
// scales on operands and result are the spec's dequantize-op-quantize).
func.func @valid(%x: tensor<4x!quant.uniform<i8:f32, 1.0:2>>, %y: tensor<4x!quant.uniform<i8:f32, 0.5>>) -> (tensor<2x2x!quant.uniform<i8:f32, 1.0:2>>, tensor<4x!quant.uniform<i8:f32, 0.25>>) {
  %0 = stablehlo.reshape %x : (tensor<4x!quant.uniform<i8:f32, 1.0:2>>) -> tensor<2x2x!quant.uniform<i8:f32, 1.0:2>>
  %1 = stablehlo.add %x, %y : (tensor<4x!quant.uniform<i8:f32, 1.0:2>>, tensor<4x!quant.uniform<i8:f32, 0.5>>) -> tensor<4x!quant.uniform<i8:f32, 0.25>>
  return %0, %1 : tensor<2x2x!quant.uniform<i8:f32, 1.0:2>>, tensor<4x!quant.uniform<i8:f32, 0.25>>
}
