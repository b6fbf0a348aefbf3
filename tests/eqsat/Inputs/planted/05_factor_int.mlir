// Factoring: a*b + a*c + a*d on integers is a*(b + c + d).
// OPTIMUM: stablehlo.add=2 stablehlo.multiply=1
func.func @main(%a: tensor<64xi32>, %b: tensor<64xi32>, %c: tensor<64xi32>, %d: tensor<64xi32>) -> tensor<64xi32> {
  %0 = stablehlo.multiply %a, %b : tensor<64xi32>
  %1 = stablehlo.multiply %c, %a : tensor<64xi32>
  %2 = stablehlo.multiply %a, %d : tensor<64xi32>
  %3 = stablehlo.add %0, %1 : tensor<64xi32>
  %4 = stablehlo.add %3, %2 : tensor<64xi32>
  return %4 : tensor<64xi32>
}
