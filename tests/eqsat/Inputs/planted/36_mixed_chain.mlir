// A chain mixing every kind: reshape round trip, transpose pair, x * 1, neg-neg, slice of concat.
// OPTIMUM: stablehlo.add=1
func.func @main(%x: tensor<4x6xf32>, %y: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %one = stablehlo.constant dense<1.0> : tensor<24xf32>
  %0 = stablehlo.reshape %x : (tensor<4x6xf32>) -> tensor<24xf32>
  %1 = stablehlo.multiply %0, %one : tensor<24xf32>
  %2 = stablehlo.reshape %1 : (tensor<24xf32>) -> tensor<4x6xf32>
  %3 = stablehlo.transpose %y, dims = [1, 0] : (tensor<4x6xf32>) -> tensor<6x4xf32>
  %4 = stablehlo.negate %3 : tensor<6x4xf32>
  %5 = stablehlo.negate %4 : tensor<6x4xf32>
  %6 = stablehlo.transpose %5, dims = [1, 0] : (tensor<6x4xf32>) -> tensor<4x6xf32>
  %7 = stablehlo.concatenate %2, %6, dim = 0 : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
  %8 = stablehlo.slice %7 [0:4, 0:6] : (tensor<8x6xf32>) -> tensor<4x6xf32>
  %9 = stablehlo.slice %7 [4:8, 0:6] : (tensor<8x6xf32>) -> tensor<4x6xf32>
  %10 = stablehlo.add %8, %9 : tensor<4x6xf32>
  return %10 : tensor<4x6xf32>
}
