// Broadcast/elementwise: exp(broadcast(x)) * broadcast(y) computes on the small vectors.
// OPTIMUM: stablehlo.broadcast_in_dim=1 stablehlo.exponential=1 stablehlo.multiply=1
func.func @main(%x: tensor<16xf32>, %y: tensor<16xf32>) -> tensor<128x16xf32> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<16xf32>) -> tensor<128x16xf32>
  %1 = stablehlo.broadcast_in_dim %y, dims = [1] : (tensor<16xf32>) -> tensor<128x16xf32>
  %2 = stablehlo.exponential %0 : tensor<128x16xf32>
  %3 = stablehlo.multiply %2, %1 : tensor<128x16xf32>
  return %3 : tensor<128x16xf32>
}
