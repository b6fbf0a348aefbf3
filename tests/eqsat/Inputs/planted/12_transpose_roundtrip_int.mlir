// Shape chain: a transpose and its inverse around a negation (integers).
// OPTIMUM: stablehlo.negate=1
func.func @main(%x: tensor<5x7xi32>) -> tensor<5x7xi32> {
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<5x7xi32>) -> tensor<7x5xi32>
  %1 = stablehlo.negate %0 : tensor<7x5xi32>
  %2 = stablehlo.transpose %1, dims = [1, 0] : (tensor<7x5xi32>) -> tensor<5x7xi32>
  return %2 : tensor<5x7xi32>
}
