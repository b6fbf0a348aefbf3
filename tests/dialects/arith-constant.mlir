// RUN: strata-opt %s | strata-check %s
// RUN: strata-opt %s --mlir-print-op-generic | strata-opt | strata-check %s
// RUN: strata-opt %s --split-input-file --verify-diagnostics --output-split-marker="// -----" > /dev/null

// CHECK-LABEL: func.func @constants
// CHECK: arith.constant dense<0xFF800000> : tensor<f32>
// CHECK: arith.constant 42 : i32
// CHECK: arith.constant {foo} dense<true> : tensor<i1>
func.func @constants() -> tensor<f32> {
  %0 = arith.constant dense<0xFF800000> : tensor<f32>
  %c = arith.constant 42 : i32
  %t = arith.constant {foo} dense<true> : tensor<i1>
  return %0 : tensor<f32>
}
