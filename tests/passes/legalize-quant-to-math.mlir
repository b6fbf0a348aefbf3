// RUN: strata-opt --stablehlo-legalize-quant-to-math --split-input-file %s | strata-check %s
// RUN: strata-opt --stablehlo-legalize-quant-to-math --split-input-file %s -o %t && strata-run --interpret --split-input-file %t
// RUN: not strata-opt --stablehlo-legalize-quant-to-math %S/Inputs/quant-boundary.mlir 2>&1 | strata-check %s --check-prefix=ERR
// ERR: quant-boundary.mlir:2:1: error: failed to legalize operation 'func.func': quantized block arguments

// quantize / dequantize become float and integer math on the storage type, step by step as
// the reference interpreter rounds them; an op on quantized values becomes
// dequantize -> op in the expressed type -> quantize.
// CHECK-LABEL: func.func @main
// CHECK-NOT: quant.uniform
// CHECK: stablehlo.divide
// CHECK: stablehlo.round_nearest_even
// CHECK: stablehlo.convert {{.*}} -> tensor<4xi8>
// CHECK: stablehlo.subtract {{.*}} : tensor<4xi32>
// CHECK: stablehlo.abs {{.*}} : tensor<4xf32>
func.func @main() -> tensor<4xf32> {
  %x = stablehlo.constant dense<[-0.5, 0.25, 1.0e10, 0x7FC00000]> : tensor<4xf32>
  %q = stablehlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-3>>
  %a = stablehlo.abs %q : tensor<4x!quant.uniform<i8:f32, 0.5:-3>>
  %d = stablehlo.uniform_dequantize %a : (tensor<4x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<4xf32>
  check.expect_eq_const %d, dense<[0.5, 0.5, 65.0, 1.5]> : tensor<4xf32>
  return %d : tensor<4xf32>
}

// -----

// Per-axis parameters broadcast along the quantization dimension; a quantized constant becomes
// its storage-typed constant.
// CHECK-LABEL: func.func @per_axis
// CHECK: stablehlo.constant dense<{{.*}}> : tensor<2x2xi8>
// CHECK: stablehlo.broadcast_in_dim {{.*}} dims = [1]
func.func @per_axis() -> tensor<2x2xf32> {
  %q = stablehlo.constant dense<"0x01020304"> : tensor<2x2x!quant.uniform<i8:f32:1, {0.5:0, 2.0:1}>>
  %d = stablehlo.uniform_dequantize %q : (tensor<2x2x!quant.uniform<i8:f32:1, {0.5:0, 2.0:1}>>) -> tensor<2x2xf32>
  check.expect_eq_const %d, dense<[[0.5, 2.0], [1.5, 6.0]]> : tensor<2x2xf32>
  return %d : tensor<2x2xf32>
}
