// Concat/dot: two products with one weight, concatenated, are one product of the concatenation.
// OPTIMUM: stablehlo.concatenate=1 stablehlo.dot_general=1
func.func @main(%x: tensor<4x16xf32>, %y: tensor<2x16xf32>, %w: tensor<16x32xf32>) -> tensor<6x32xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x32xf32>) -> tensor<4x32xf32>
  %1 = stablehlo.dot_general %y, %w, contracting_dims = [1] x [0] : (tensor<2x16xf32>, tensor<16x32xf32>) -> tensor<2x32xf32>
  %2 = stablehlo.concatenate %0, %1, dim = 0 : (tensor<4x32xf32>, tensor<2x32xf32>) -> tensor<6x32xf32>
  return %2 : tensor<6x32xf32>
}
