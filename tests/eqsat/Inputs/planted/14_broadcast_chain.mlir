// Shape chain: broadcast of a broadcast, then a transpose of it: one broadcast.
// OPTIMUM: stablehlo.broadcast_in_dim=1
func.func @main(%x: tensor<3xf32>) -> tensor<5x3x2xf32> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.broadcast_in_dim %0, dims = [2, 1] : (tensor<2x3xf32>) -> tensor<5x3x2xf32>
  %2 = stablehlo.transpose %1, dims = [0, 1, 2] : (tensor<5x3x2xf32>) -> tensor<5x3x2xf32>
  return %2 : tensor<5x3x2xf32>
}
