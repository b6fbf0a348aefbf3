// Quantized semantics as spec.md and StableHLO's reference compute them: uniform_quantize /
// uniform_dequantize in the expressed type (per-tensor and per-axis, storage bounds, round to
// nearest even after the clamp), dot_general / convolution by dequantize -> op -> quantize,
// hybrid (float lhs, quantized rhs) ops by dequantizing rhs, and scales kept exactly.
// RUN: strata-run %s --split-input-file | strata-check %s

// The scale prints as %e only when that is exact: 1.0 / 0.0078431372549019607 = 127.4999...
// (126 after the zero point); with the scale rounded to 7.843137e-03 it would be 127.
// CHECK: dense<[126, 63, -128, -1]> : tensor<4xi8>
// CHECK-NEXT: dense<[0.996078491, 0.501960814, -0.996078491, 0.000000e+00]> : tensor<4xf32>
func.func @main() -> (tensor<4x!quant.uniform<i8:f32, 0.0078431372549019607:-1>>, tensor<4xf32>) {
  %cst = stablehlo.constant dense<[1.0, 0.5, -5.0, 0.0]> : tensor<4xf32>
  %0 = stablehlo.uniform_quantize %cst : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.0078431372549019607:-1>>
  %1 = stablehlo.uniform_dequantize %0 : (tensor<4x!quant.uniform<i8:f32, 0.0078431372549019607:-1>>) -> tensor<4xf32>
  return %0, %1 : tensor<4x!quant.uniform<i8:f32, 0.0078431372549019607:-1>>, tensor<4xf32>
}

// -----

// Storage bounds narrower than the storage type clamp; ties round to even after the clamp.
// CHECK: dense<[100, -100, 2, 2, -2, 4]> : tensor<6xi8>
func.func @main() -> tensor<6x!quant.uniform<i8<-100:100>:f32, 1.0>> {
  %cst = stablehlo.constant dense<[1000.0, -1000.0, 2.5, 1.5, -2.5, 3.5]> : tensor<6xf32>
  %0 = stablehlo.uniform_quantize %cst : (tensor<6xf32>) -> tensor<6x!quant.uniform<i8<-100:100>:f32, 1.0>>
  return %0 : tensor<6x!quant.uniform<i8<-100:100>:f32, 1.0>>
}

// -----

// Per-axis: one scale and zero point per index of the quantization dimension.
// CHECK: dense<{{\[}}[2, 5], [-2, 1]]> : tensor<2x2xi8>
// CHECK-NEXT: dense<{{\[}}[1.000000e+00, 1.000000e+00], [-1.000000e+00, 0.000000e+00]]> : tensor<2x2xf32>
func.func @main() -> (tensor<2x2x!quant.uniform<i8:f32:1, {0.5, 0.25:1}>>, tensor<2x2xf32>) {
  %cst = stablehlo.constant dense<[[1.0, 1.0], [-1.0, 0.0]]> : tensor<2x2xf32>
  %0 = stablehlo.uniform_quantize %cst : (tensor<2x2xf32>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.5, 0.25:1}>>
  %1 = stablehlo.uniform_dequantize %0 : (tensor<2x2x!quant.uniform<i8:f32:1, {0.5, 0.25:1}>>) -> tensor<2x2xf32>
  return %0, %1 : tensor<2x2x!quant.uniform<i8:f32:1, {0.5, 0.25:1}>>, tensor<2x2xf32>
}

// -----

// Convolution with non-zero zero points (StableHLO's convolution_qi8.mlir): dequantize,
// convolve in f32, quantize to the i32 result type, then requantize to i8 (saturating at 127:
// 127 + 128 = 255 steps of 0.0097 is 2.47494364). Computing on the storage values instead
// would give 0.989977419.
// CHECK: dense<2.47494364> : tensor<1x2x2x1xf32>
func.func @main() -> tensor<1x2x2x1xf32> {
  %cst = stablehlo.constant dense<[[[[1.0], [2.0], [5.0], [6.0]], [[3.0], [4.0], [7.0], [8.0]], [[10.0], [11.0], [14.0], [15.0]], [[12.0], [13.0], [16.0], [17.0]]]]> : tensor<1x4x4x1xf32>
  %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<3x3x1x1xf32>
  %0 = stablehlo.uniform_quantize %cst_0 : (tensor<3x3x1x1xf32>) -> tensor<3x3x1x1x!quant.uniform<i8:f32, 0.0039188104517319626:-128>>
  %1 = stablehlo.uniform_quantize %cst : (tensor<1x4x4x1xf32>) -> tensor<1x4x4x1x!quant.uniform<i8:f32, 0.0039172410964965817:-128>>
  %2 = stablehlo.convolution(%1, %0) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], lhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1x!quant.uniform<i8:f32, 0.0039172410964965817:-128>>, tensor<3x3x1x1x!quant.uniform<i8:f32, 0.0039188104517319626:-128>>) -> tensor<1x2x2x1x!quant.uniform<i32:f32, 1.5350925350904778E-5>>
  %3 = stablehlo.uniform_quantize %2 : (tensor<1x2x2x1x!quant.uniform<i32:f32, 1.5350925350904778E-5>>) -> tensor<1x2x2x1x!quant.uniform<i8:f32, 0.0097056613248937273:-128>>
  %4 = stablehlo.uniform_dequantize %3 : (tensor<1x2x2x1x!quant.uniform<i8:f32, 0.0097056613248937273:-128>>) -> tensor<1x2x2x1xf32>
  return %4 : tensor<1x2x2x1xf32>
}

// -----

// dot_general with a lhs zero point (rhs zero points must be 0, dot_general C15):
// (3 - 1) * 0.5 * 3 * 0.25 * 2 elements = 1.5 -> 15 at 0.1.
// CHECK: dense<15> : tensor<1x1xi8>
func.func @main() -> tensor<1x1x!quant.uniform<i8:f32, 0.1>> {
  %a = stablehlo.constant dense<[[1.0, 1.0]]> : tensor<1x2xf32>
  %b = stablehlo.constant dense<[[0.75], [0.75]]> : tensor<2x1xf32>
  %qa = stablehlo.uniform_quantize %a : (tensor<1x2xf32>) -> tensor<1x2x!quant.uniform<i8:f32, 0.5:1>>
  %qb = stablehlo.uniform_quantize %b : (tensor<2x1xf32>) -> tensor<2x1x!quant.uniform<i8:f32, 0.25>>
  %0 = stablehlo.dot_general %qa, %qb, contracting_dims = [1] x [0] : (tensor<1x2x!quant.uniform<i8:f32, 0.5:1>>, tensor<2x1x!quant.uniform<i8:f32, 0.25>>) -> tensor<1x1x!quant.uniform<i8:f32, 0.1>>
  return %0 : tensor<1x1x!quant.uniform<i8:f32, 0.1>>
}

// -----

// Hybrid (weight-only) dot: float lhs, quantized rhs, float result: rhs is dequantized.
// CHECK: dense<5.000000e+00> : tensor<1x1xf32>
func.func @main() -> tensor<1x1xf32> {
  %a = stablehlo.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %b = stablehlo.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>
  %qb = stablehlo.uniform_quantize %b : (tensor<2x1xf32>) -> tensor<2x1x!quant.uniform<i8:f32, 0.5>>
  %0 = stablehlo.dot_general %a, %qb, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x1x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}
