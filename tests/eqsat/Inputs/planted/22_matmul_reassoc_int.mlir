// Dot re-association (integers, exact): (A·B)·v costs 64x more than A·(B·v).
// OPTIMUM: stablehlo.dot_general=2
func.func @main(%a: tensor<64x64xi32>, %b: tensor<64x64xi32>, %v: tensor<64x1xi32>) -> tensor<64x1xi32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x64xi32>, tensor<64x64xi32>) -> tensor<64x64xi32>
  %1 = stablehlo.dot_general %0, %v, contracting_dims = [1] x [0] : (tensor<64x64xi32>, tensor<64x1xi32>) -> tensor<64x1xi32>
  return %1 : tensor<64x1xi32>
}
