// Commuted duplicates: a*b + b*a is (a*b) + (a*b), one product.
// OPTIMUM: stablehlo.add=1 stablehlo.multiply=1
func.func @main(%a: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<16xf32> {
  %0 = stablehlo.multiply %a, %b : tensor<16xf32>
  %1 = stablehlo.multiply %b, %a : tensor<16xf32>
  %2 = stablehlo.add %0, %1 : tensor<16xf32>
  return %2 : tensor<16xf32>
}
