// RUN: not strata-opt --shape-legalize-to-stablehlo --split-input-file %s 2>&1 | strata-check %s
// RUN: strata-opt --shape-legalize-to-stablehlo %S/chlo-pre-serialization-pipeline.mlir --chlo-legalize-to-stablehlo | strata-check %s --check-prefix=STATIC

// A program without shape computations passes unchanged.
// STATIC-LABEL: func.func @main
// STATIC: stablehlo.tan

// Dynamic shape computations have no conversion in Strata: the pass fails at the op, naming it.
// CHECK: shape-legalize-to-stablehlo.mlir:[[@LINE+3]]:8: error: failed to legalize operation 'tensor.dim' that was explicitly marked illegal
func.func @dynamic(%x: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  return %d : index
}

// -----

// CHECK: error: failed to legalize operation 'arith.index_cast' that was explicitly marked illegal
func.func @index_cast(%x: index) -> i32 {
  %0 = arith.index_cast %x : index to i32
  return %0 : i32
}

// -----

// CHECK: error: failed to legalize operation 'stablehlo.dynamic_iota' that was explicitly marked illegal
func.func @index_operand(%s: tensor<1xindex>) -> tensor<?xf32> {
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xindex>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
