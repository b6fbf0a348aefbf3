// Cancellation: (x + y) - y on integers is x.
// OPTIMUM: (none)
func.func @main(%x: tensor<16xi32>, %y: tensor<16xi32>) -> tensor<16xi32> {
  %0 = stablehlo.add %x, %y : tensor<16xi32>
  %1 = stablehlo.subtract %0, %y : tensor<16xi32>
  return %1 : tensor<16xi32>
}
