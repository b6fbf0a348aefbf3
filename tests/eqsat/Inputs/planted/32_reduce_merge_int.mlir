// Reduce: a sum of sums (integers) is one sum over both dimensions; a reduction of a transpose
// reads the input in place.
// OPTIMUM: stablehlo.constant=1 stablehlo.reduce=2
func.func @main(%x: tensor<4x8x16xi32>) -> (tensor<16xi32>, tensor<8xi32>) {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4x8x16xi32>, tensor<i32>) -> tensor<8x16xi32>
  %1 = stablehlo.reduce(%0 init: %z) applies stablehlo.add across dimensions = [0] : (tensor<8x16xi32>, tensor<i32>) -> tensor<16xi32>
  %t = stablehlo.transpose %x, dims = [1, 2, 0] : (tensor<4x8x16xi32>) -> tensor<8x16x4xi32>
  %2 = stablehlo.reduce(%t init: %z) applies stablehlo.add across dimensions = [1, 2] : (tensor<8x16x4xi32>, tensor<i32>) -> tensor<8xi32>
  return %1, %2 : tensor<16xi32>, tensor<8xi32>
}
