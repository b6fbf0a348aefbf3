// Concat/slice: slicing exactly the second operand back out.
// OPTIMUM: (none)
func.func @main(%a: tensor<4x3xi32>, %b: tensor<6x3xi32>) -> tensor<6x3xi32> {
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<4x3xi32>, tensor<6x3xi32>) -> tensor<10x3xi32>
  %1 = stablehlo.slice %0 [4:10, 0:3] : (tensor<10x3xi32>) -> tensor<6x3xi32>
  return %1 : tensor<6x3xi32>
}
