// Cancellation: x + (y - x) on integers is y.
// OPTIMUM: (none)
func.func @main(%x: tensor<4x4xi64>, %y: tensor<4x4xi64>) -> tensor<4x4xi64> {
  %0 = stablehlo.subtract %y, %x : tensor<4x4xi64>
  %1 = stablehlo.add %x, %0 : tensor<4x4xi64>
  return %1 : tensor<4x4xi64>
}
