// Constant re-association of products: (x * 3) * 4 on integers is x * 12.
// OPTIMUM: stablehlo.constant=1 stablehlo.multiply=1
func.func @main(%x: tensor<10xi32>) -> tensor<10xi32> {
  %c3 = stablehlo.constant dense<3> : tensor<10xi32>
  %c4 = stablehlo.constant dense<4> : tensor<10xi32>
  %0 = stablehlo.multiply %x, %c3 : tensor<10xi32>
  %1 = stablehlo.multiply %0, %c4 : tensor<10xi32>
  return %1 : tensor<10xi32>
}
