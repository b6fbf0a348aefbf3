// broadcast_dimensions that are not numpy-style (prefix padding) are not legalized (as in StableHLO).
func.func @non_numpy(%a: tensor<2xf32>, %b: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
