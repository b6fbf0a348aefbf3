// symbol-dce: private symbols not referenced from live code go; public ones, and private ones
// referenced (through calls or any symbol-reference attribute) stay.
// RUN: strata-opt --split-input-file --symbol-dce %s | FileCheck %s
// RUN: strata-opt --split-input-file --symbol-dce --mlir-pass-statistics %s 2>&1 -o /dev/null | FileCheck %s --check-prefix=STATS
// STATS: SymbolDCE
// STATS: (S) 2 num-dce'd

// CHECK-LABEL: func.func @main
// CHECK-DAG: func.func private @used
// CHECK-DAG: func.func private @used_by_attr
// CHECK-DAG: func.func private @used_transitively
// CHECK-NOT: @dead
func.func @main(%x: tensor<i32>) -> tensor<i32> {
  %0 = call @used(%x) : (tensor<i32>) -> tensor<i32>
  %1 = stablehlo.custom_call @foo(%0) {called_computations = [@used_by_attr]} : (tensor<i32>) -> tensor<i32>
  return %1 : tensor<i32>
}
func.func private @used(%x: tensor<i32>) -> tensor<i32> {
  %0 = call @used_transitively(%x) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}
func.func private @used_transitively(%x: tensor<i32>) -> tensor<i32> {
  return %x : tensor<i32>
}
func.func private @used_by_attr(%x: tensor<i32>) -> tensor<i32> {
  return %x : tensor<i32>
}
func.func private @dead(%x: tensor<i32>) -> tensor<i32> {
  %0 = call @dead_too(%x) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}
func.func private @dead_too(%x: tensor<i32>) -> tensor<i32> {
  return %x : tensor<i32>
}
