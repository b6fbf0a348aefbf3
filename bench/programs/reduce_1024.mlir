// Sum of all elements of an f32[1024,1024] (bench/interp_vs_numpy.py).
func.func @main(%a: tensor<1024x1024xf32>) -> tensor<f32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%a init: %zero) applies stablehlo.add across dimensions = [0, 1] : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
