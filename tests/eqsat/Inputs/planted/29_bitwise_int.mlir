// Bitwise: (x ^ y) ^ y is x; x & x | 0 is x.
// OPTIMUM: (none)
func.func @main(%x: tensor<16xi32>, %y: tensor<16xi32>) -> (tensor<16xi32>, tensor<16xi32>) {
  %0 = stablehlo.xor %x, %y : tensor<16xi32>
  %1 = stablehlo.xor %0, %y : tensor<16xi32>
  %z = stablehlo.constant dense<0> : tensor<16xi32>
  %2 = stablehlo.and %x, %x : tensor<16xi32>
  %3 = stablehlo.or %2, %z : tensor<16xi32>
  return %1, %3 : tensor<16xi32>, tensor<16xi32>
}
