// strata-run --jit on StableHLO prints what --interpret prints: unsigned integers crossing the
// compiled boundary, a value returned twice, a @check.eq outcome returned by the function.
// REQUIRES: mlir
// RUN: strata-run --jit %s --args '[dense<[1, 200, 7]> : tensor<3xui8>]' | strata-check %s
// RUN: strata-run --interpret %s --args '[dense<[1, 200, 7]> : tensor<3xui8>]' | strata-check %s
// RUN: not strata-run --jit %s --args '[dense<[1, 2, 3]> : tensor<3xui8>]' 2>&1 | strata-check %s --check-prefix=FAIL

// CHECK: dense<[2, 144, 14]> : tensor<3xui8>
// CHECK-NEXT: dense<[2, 144, 14]> : tensor<3xui8>
// CHECK-NEXT: dense<true> : tensor<i1>
// FAIL: jit-stablehlo.mlir:[[@LINE+5]]:9: error: stablehlo.custom_call @check.eq failed: element values don't match
// FAIL: dense<false> : tensor<i1>
func.func @main(%a: tensor<3xui8>) -> (tensor<3xui8>, tensor<3xui8>, tensor<i1>) {
  %0 = stablehlo.add %a, %a : tensor<3xui8>
  %c = stablehlo.constant dense<[2, 144, 14]> : tensor<3xui8>
  %ok = stablehlo.custom_call @check.eq(%0, %c) : (tensor<3xui8>, tensor<3xui8>) -> tensor<i1>
  return %0, %0, %ok : tensor<3xui8>, tensor<3xui8>, tensor<i1>
}
