// Constant re-association: ((x + 1) + 2) + 3 on integers is x + 6.
// OPTIMUM: stablehlo.add=1 stablehlo.constant=1
func.func @main(%x: tensor<10xi32>) -> tensor<10xi32> {
  %c1 = stablehlo.constant dense<1> : tensor<10xi32>
  %c2 = stablehlo.constant dense<2> : tensor<10xi32>
  %c3 = stablehlo.constant dense<3> : tensor<10xi32>
  %0 = stablehlo.add %x, %c1 : tensor<10xi32>
  %1 = stablehlo.add %0, %c2 : tensor<10xi32>
  %2 = stablehlo.add %1, %c3 : tensor<10xi32>
  return %2 : tensor<10xi32>
}
