// Dot/concat (integers): dot(a1, b1) + dot(a2, b2) is one product over the joined contraction.
// OPTIMUM: stablehlo.concatenate=2 stablehlo.dot_general=1
func.func @main(%a1: tensor<8x4xi32>, %b1: tensor<4x8xi32>, %a2: tensor<8x4xi32>, %b2: tensor<4x8xi32>) -> tensor<8x8xi32> {
  %0 = stablehlo.dot_general %a1, %b1, contracting_dims = [1] x [0] : (tensor<8x4xi32>, tensor<4x8xi32>) -> tensor<8x8xi32>
  %1 = stablehlo.dot_general %a2, %b2, contracting_dims = [1] x [0] : (tensor<8x4xi32>, tensor<4x8xi32>) -> tensor<8x8xi32>
  %2 = stablehlo.add %0, %1 : tensor<8x8xi32>
  return %2 : tensor<8x8xi32>
}
