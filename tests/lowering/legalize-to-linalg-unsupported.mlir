// An op without a lowering to linalg fails the pass with an error at the op's location that
// names it; nothing is half-converted and strata-opt exits non-zero. Ops that do have a
// lowering in the same function do not hide the error, and every unsupported op is reported.
// RUN: not strata-opt %s --stablehlo-legalize-to-linalg --split-input-file 2>&1 | strata-check %s

func.func @cholesky(%a: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %0 = stablehlo.add %a, %a : tensor<3x3xf32>
  // CHECK: legalize-to-linalg-unsupported.mlir:[[@LINE+1]]:8: error: failed to legalize operation 'stablehlo.cholesky': no lowering to linalg for this op
  %1 = stablehlo.cholesky %0, lower = true : tensor<3x3xf32>
  return %1 : tensor<3x3xf32>
}

// -----

func.func @two(%a: tensor<4xf32>, %t: !stablehlo.token) -> !stablehlo.token {
  // CHECK: legalize-to-linalg-unsupported.mlir:[[@LINE+1]]:8: error: failed to legalize operation 'stablehlo.outfeed'
  %0 = "stablehlo.outfeed"(%a, %t) {outfeed_config = ""} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  // CHECK: legalize-to-linalg-unsupported.mlir:[[@LINE+1]]:8: error: failed to legalize operation 'stablehlo.after_all'
  %1 = stablehlo.after_all %0, %t : !stablehlo.token
  return %1 : !stablehlo.token
}

// -----

// A dynamic shape the lowering cannot size is a located error too.
func.func @reverse_dynamic(%a: tensor<?xf32>) -> tensor<?xf32> {
  // CHECK: legalize-to-linalg-unsupported.mlir:[[@LINE+1]]:8: error: failed to legalize operation 'stablehlo.reverse': reverse of a dynamic dimension is not supported
  %0 = stablehlo.reverse %a, dims = [0] : tensor<?xf32>
  return %0 : tensor<?xf32>
}
