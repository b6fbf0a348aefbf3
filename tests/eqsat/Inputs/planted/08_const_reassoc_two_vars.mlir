// Constant re-association across two values: (x + 3) + (y - 5) on integers is (x + y) - 2.
// OPTIMUM: stablehlo.add=2 stablehlo.constant=1
func.func @main(%x: tensor<10xi32>, %y: tensor<10xi32>) -> tensor<10xi32> {
  %c3 = stablehlo.constant dense<3> : tensor<10xi32>
  %c5 = stablehlo.constant dense<5> : tensor<10xi32>
  %0 = stablehlo.add %x, %c3 : tensor<10xi32>
  %1 = stablehlo.subtract %y, %c5 : tensor<10xi32>
  %2 = stablehlo.add %0, %1 : tensor<10xi32>
  return %2 : tensor<10xi32>
}
