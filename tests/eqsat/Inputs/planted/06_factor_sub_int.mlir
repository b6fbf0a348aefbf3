// Factoring through a subtraction: a*b - a*c on integers is a*(b - c).
// OPTIMUM: stablehlo.multiply=1 stablehlo.subtract=1
func.func @main(%a: tensor<64xi32>, %b: tensor<64xi32>, %c: tensor<64xi32>) -> tensor<64xi32> {
  %0 = stablehlo.multiply %a, %b : tensor<64xi32>
  %1 = stablehlo.multiply %a, %c : tensor<64xi32>
  %2 = stablehlo.subtract %0, %1 : tensor<64xi32>
  return %2 : tensor<64xi32>
}
