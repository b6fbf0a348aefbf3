// Elementwise add of two f32[1024,1024] (bench/interp_vs_numpy.py).
func.func @main(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = stablehlo.add %a, %b : tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}
