// linalg-on-tensors form of ../../../shared/bench/programs/matmul_512.mlir, as stablehlo-legalize-to-linalg
// writes it: dot_general [1]x[0] -> linalg.matmul into a zero-filled init.
// flops: 2*512*512*512
func.func @main(%arg0: tensor<512x512xf32>, %arg1: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %0 = tensor.empty() : tensor<512x512xf32>
  %cst = arith.constant 0.000000e+00 : f32
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<512x512xf32>) -> tensor<512x512xf32>
  %2 = linalg.matmul ins(%arg0, %arg1 : tensor<512x512xf32>, tensor<512x512xf32>) outs(%1 : tensor<512x512xf32>) -> tensor<512x512xf32>
  return %2 : tensor<512x512xf32>
}
