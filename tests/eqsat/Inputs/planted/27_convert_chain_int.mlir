// Convert: i8 -> i32 -> f32 is i8 -> f32.
// OPTIMUM: stablehlo.convert=1
func.func @main(%x: tensor<16xi8>) -> tensor<16xf32> {
  %0 = stablehlo.convert %x : (tensor<16xi8>) -> tensor<16xi32>
  %1 = stablehlo.convert %0 : (tensor<16xi32>) -> tensor<16xf32>
  return %1 : tensor<16xf32>
}
