// Convert: f32 -> f64 -> f32 is the identity (the widening is exact).
// OPTIMUM: (none)
func.func @main(%x: tensor<16xf32>) -> tensor<16xf32> {
  %0 = stablehlo.convert %x : (tensor<16xf32>) -> tensor<16xf64>
  %1 = stablehlo.convert %0 : (tensor<16xf64>) -> tensor<16xf32>
  return %1 : tensor<16xf32>
}
