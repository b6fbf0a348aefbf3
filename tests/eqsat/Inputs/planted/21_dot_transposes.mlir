// Dot/transpose: (A^T · B^T)^T is B · A (transposes absorbed into the dimension numbers).
// OPTIMUM: stablehlo.dot_general=1
func.func @main(%a: tensor<8x4xf32>, %b: tensor<6x8xf32>) -> tensor<6x4xf32> {
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<8x4xf32>) -> tensor<4x8xf32>
  %1 = stablehlo.transpose %b, dims = [1, 0] : (tensor<6x8xf32>) -> tensor<8x6xf32>
  %2 = stablehlo.dot_general %0, %1, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x6xf32>) -> tensor<4x6xf32>
  %3 = stablehlo.transpose %2, dims = [1, 0] : (tensor<4x6xf32>) -> tensor<6x4xf32>
  return %3 : tensor<6x4xf32>
}
