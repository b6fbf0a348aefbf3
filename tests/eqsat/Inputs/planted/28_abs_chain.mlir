// abs of abs of exp is exp.
// OPTIMUM: stablehlo.exponential=1
func.func @main(%x: tensor<16xf32>) -> tensor<16xf32> {
  %0 = stablehlo.exponential %x : tensor<16xf32>
  %1 = stablehlo.abs %0 : tensor<16xf32>
  %2 = stablehlo.abs %1 : tensor<16xf32>
  return %2 : tensor<16xf32>
}
