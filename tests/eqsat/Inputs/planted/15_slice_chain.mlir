// Shape chain: three nested slices are one.
// OPTIMUM: stablehlo.slice=1
func.func @main(%x: tensor<64xi32>) -> tensor<4xi32> {
  %0 = stablehlo.slice %x [8:56] : (tensor<64xi32>) -> tensor<48xi32>
  %1 = stablehlo.slice %0 [4:40:2] : (tensor<48xi32>) -> tensor<18xi32>
  %2 = stablehlo.slice %1 [2:10:2] : (tensor<18xi32>) -> tensor<4xi32>
  return %2 : tensor<4xi32>
}
