// Cancellation: four negations of a float tensor.
// OPTIMUM: (none)
func.func @main(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %0 = stablehlo.negate %x : tensor<8x4xf32>
  %1 = stablehlo.negate %0 : tensor<8x4xf32>
  %2 = stablehlo.negate %1 : tensor<8x4xf32>
  %3 = stablehlo.negate %2 : tensor<8x4xf32>
  return %3 : tensor<8x4xf32>
}
