// Shape chain: three transposes composing to one.
// OPTIMUM: stablehlo.transpose=1
func.func @main(%x: tensor<2x3x4xf32>) -> tensor<3x4x2xf32> {
  %0 = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %1 = stablehlo.transpose %0, dims = [0, 2, 1] : (tensor<4x2x3xf32>) -> tensor<4x3x2xf32>
  %2 = stablehlo.transpose %1, dims = [1, 0, 2] : (tensor<4x3x2xf32>) -> tensor<3x4x2xf32>
  return %2 : tensor<3x4x2xf32>
}
