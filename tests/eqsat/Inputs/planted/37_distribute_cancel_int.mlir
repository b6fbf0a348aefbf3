// Factoring the other way: (a + b) * c - a * c on integers is b * c.
// OPTIMUM: stablehlo.multiply=1
func.func @main(%a: tensor<32xi32>, %b: tensor<32xi32>, %c: tensor<32xi32>) -> tensor<32xi32> {
  %0 = stablehlo.add %a, %b : tensor<32xi32>
  %1 = stablehlo.multiply %0, %c : tensor<32xi32>
  %2 = stablehlo.multiply %a, %c : tensor<32xi32>
  %3 = stablehlo.subtract %1, %2 : tensor<32xi32>
  return %3 : tensor<32xi32>
}
