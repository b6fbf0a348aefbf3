// Reverse: reversing twice along the same dimensions.
// OPTIMUM: (none)
func.func @main(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = stablehlo.reverse %x, dims = [0, 1] : tensor<3x5xf32>
  %1 = stablehlo.reverse %0, dims = [1, 0] : tensor<3x5xf32>
  return %1 : tensor<3x5xf32>
}
