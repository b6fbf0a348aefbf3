// Pad/slice: the interior of a padded tensor is the tensor; its border is the pad value.
// OPTIMUM: stablehlo.broadcast_in_dim=1
func.func @main(%x: tensor<4x4xf32>, %v: tensor<f32>) -> (tensor<4x4xf32>, tensor<1x6xf32>) {
  %0 = stablehlo.pad %x, %v, low = [1, 1], high = [1, 1], interior = [0, 0] : (tensor<4x4xf32>, tensor<f32>) -> tensor<6x6xf32>
  %1 = stablehlo.slice %0 [1:5, 1:5] : (tensor<6x6xf32>) -> tensor<4x4xf32>
  %2 = stablehlo.slice %0 [0:1, 0:6] : (tensor<6x6xf32>) -> tensor<1x6xf32>
  return %1, %2 : tensor<4x4xf32>, tensor<1x6xf32>
}
