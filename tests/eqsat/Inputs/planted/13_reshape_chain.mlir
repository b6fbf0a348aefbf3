// Shape chain: reshapes through three shapes back to the input's.
// OPTIMUM: (none)
func.func @main(%x: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = stablehlo.reshape %x : (tensor<4x6xf32>) -> tensor<24xf32>
  %1 = stablehlo.reshape %0 : (tensor<24xf32>) -> tensor<2x12xf32>
  %2 = stablehlo.reshape %1 : (tensor<2x12xf32>) -> tensor<4x6xf32>
  return %2 : tensor<4x6xf32>
}
