// Concat/slice/dot: the columns of w1 out of dot(x, concat(w1, w2)) are dot(x, w1).
// OPTIMUM: stablehlo.dot_general=1
func.func @main(%x: tensor<4x16xi32>, %w1: tensor<16x8xi32>, %w2: tensor<16x24xi32>) -> tensor<4x8xi32> {
  %0 = stablehlo.concatenate %w1, %w2, dim = 1 : (tensor<16x8xi32>, tensor<16x24xi32>) -> tensor<16x32xi32>
  %1 = stablehlo.dot_general %x, %0, contracting_dims = [1] x [0] : (tensor<4x16xi32>, tensor<16x32xi32>) -> tensor<4x32xi32>
  %2 = stablehlo.slice %1 [0:4, 0:8] : (tensor<4x32xi32>) -> tensor<4x8xi32>
  return %2 : tensor<4x8xi32>
}
