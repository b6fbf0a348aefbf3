// Concat/slice: a slice of a concatenation that falls in one operand.
// OPTIMUM: stablehlo.slice=1
func.func @main(%a: tensor<4x3xf32>, %b: tensor<6x3xf32>) -> tensor<3x3xf32> {
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<4x3xf32>, tensor<6x3xf32>) -> tensor<10x3xf32>
  %1 = stablehlo.slice %0 [5:8, 0:3] : (tensor<10x3xf32>) -> tensor<3x3xf32>
  return %1 : tensor<3x3xf32>
}
