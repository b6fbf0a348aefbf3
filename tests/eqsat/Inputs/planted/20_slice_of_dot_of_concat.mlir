// Concat/slice/dot: the rows of x out of dot(concat(x, y), w) are dot(x, w).
// OPTIMUM: stablehlo.dot_general=1
func.func @main(%x: tensor<4x16xf32>, %y: tensor<12x16xf32>, %w: tensor<16x8xf32>) -> tensor<4x8xf32> {
  %0 = stablehlo.concatenate %x, %y, dim = 0 : (tensor<4x16xf32>, tensor<12x16xf32>) -> tensor<16x16xf32>
  %1 = stablehlo.dot_general %0, %w, contracting_dims = [1] x [0] : (tensor<16x16xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
  %2 = stablehlo.slice %1 [0:4, 0:8] : (tensor<16x8xf32>) -> tensor<4x8xf32>
  return %2 : tensor<4x8xf32>
}
