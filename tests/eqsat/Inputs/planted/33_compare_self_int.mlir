// Compare: x <= x on integers is true, so the select picks a.
// OPTIMUM: (none)
func.func @main(%x: tensor<16xi32>, %a: tensor<16xi32>, %b: tensor<16xi32>) -> tensor<16xi32> {
  %0 = stablehlo.compare LE, %x, %x : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
  %1 = stablehlo.select %0, %a, %b : tensor<16xi1>, tensor<16xi32>
  return %1 : tensor<16xi32>
}
