// Select: both branches equal (after cancelling a double negation) is the branch.
// OPTIMUM: (none)
func.func @main(%p: tensor<16xi1>, %x: tensor<16xf32>) -> tensor<16xf32> {
  %0 = stablehlo.negate %x : tensor<16xf32>
  %1 = stablehlo.negate %0 : tensor<16xf32>
  %2 = stablehlo.select %p, %x, %1 : tensor<16xi1>, tensor<16xf32>
  return %2 : tensor<16xf32>
}
