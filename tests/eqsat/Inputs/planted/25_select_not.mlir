// Select: select(not(not(p)), a, b) is select(p, a, b), and select(not p, a, b) swaps.
// OPTIMUM: stablehlo.select=2
func.func @main(%p: tensor<16xi1>, %a: tensor<16xi32>, %b: tensor<16xi32>) -> (tensor<16xi32>, tensor<16xi32>) {
  %0 = stablehlo.not %p : tensor<16xi1>
  %1 = stablehlo.not %0 : tensor<16xi1>
  %2 = stablehlo.select %1, %a, %b : tensor<16xi1>, tensor<16xi32>
  %3 = stablehlo.select %0, %a, %b : tensor<16xi1>, tensor<16xi32>
  return %2, %3 : tensor<16xi32>, tensor<16xi32>
}
