// Constant re-association of maxima (exact for floats): max(max(x, 1), 4) is max(x, 4).
// OPTIMUM: stablehlo.constant=1 stablehlo.maximum=1
func.func @main(%x: tensor<10xf32>) -> tensor<10xf32> {
  %c1 = stablehlo.constant dense<1.0> : tensor<10xf32>
  %c4 = stablehlo.constant dense<4.0> : tensor<10xf32>
  %0 = stablehlo.maximum %x, %c1 : tensor<10xf32>
  %1 = stablehlo.maximum %0, %c4 : tensor<10xf32>
  return %1 : tensor<10xf32>
}
