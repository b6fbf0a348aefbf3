// Dot/transpose: the transpose of a product is the product of the swapped operands.
// OPTIMUM: stablehlo.dot_general=1
func.func @main(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>) -> tensor<4x8xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<8x4xf32>) -> tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}
