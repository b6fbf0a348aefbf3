// Identities: ((x * 1) / 1) * 1 on floats.
// OPTIMUM: (none)
func.func @main(%x: tensor<32xf32>) -> tensor<32xf32> {
  %one = stablehlo.constant dense<1.0> : tensor<32xf32>
  %0 = stablehlo.multiply %x, %one : tensor<32xf32>
  %1 = stablehlo.divide %0, %one : tensor<32xf32>
  %2 = stablehlo.multiply %one, %1 : tensor<32xf32>
  return %2 : tensor<32xf32>
}
