// A small StableHLO program, as JAX would export it: y = relu(x @ w + b), plus a redundant
// subexpression for CSE to find.
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.dot_general
// CHECK: stablehlo.maximum
func.func @main(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>, %b: tensor<16xf32>) -> tensor<4x16xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  %2 = stablehlo.add %0, %1 : tensor<4x16xf32>
  %3 = stablehlo.constant dense<0.000000e+00> : tensor<4x16xf32>
  %4 = stablehlo.constant dense<0.000000e+00> : tensor<4x16xf32>
  %5 = stablehlo.maximum %2, %4 : tensor<4x16xf32>
  return %5 : tensor<4x16xf32>
}
