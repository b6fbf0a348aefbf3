// Concat/slice: x cut into three slices and concatenated back is x.
// OPTIMUM: (none)
func.func @main(%x: tensor<9x2xf32>) -> tensor<9x2xf32> {
  %0 = stablehlo.slice %x [0:2, 0:2] : (tensor<9x2xf32>) -> tensor<2x2xf32>
  %1 = stablehlo.slice %x [2:7, 0:2] : (tensor<9x2xf32>) -> tensor<5x2xf32>
  %2 = stablehlo.slice %x [7:9, 0:2] : (tensor<9x2xf32>) -> tensor<2x2xf32>
  %3 = stablehlo.concatenate %0, %1, %2, dim = 0 : (tensor<2x2xf32>, tensor<5x2xf32>, tensor<2x2xf32>) -> tensor<9x2xf32>
  return %3 : tensor<9x2xf32>
}
