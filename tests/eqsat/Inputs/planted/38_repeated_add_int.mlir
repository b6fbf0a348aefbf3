// Repeated addition: x + x + x + x on integers is x * 4.
// OPTIMUM: stablehlo.constant=1 stablehlo.multiply=1
func.func @main(%x: tensor<32xi32>) -> tensor<32xi32> {
  %0 = stablehlo.add %x, %x : tensor<32xi32>
  %1 = stablehlo.add %0, %x : tensor<32xi32>
  %2 = stablehlo.add %1, %x : tensor<32xi32>
  return %2 : tensor<32xi32>
}
