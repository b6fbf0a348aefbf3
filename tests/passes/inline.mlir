// inline: calls of functions with one-block bodies are inlined bottom-up over the call graph's
// SCCs; recursion stays; inlining-threshold limits callee size relative to the caller;
// symbol-dce then removes the private functions left without callers.
// RUN: strata-opt --split-input-file --inline --symbol-dce --mlir-pass-statistics %s 2>%t | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t
// RUN: strata-opt --split-input-file --inline=inlining-threshold=0 %s | FileCheck %s --check-prefix=NONE
// STATS: Inliner
// STATS: num-inlined

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %[[A:.*]] = stablehlo.add %arg0, %arg0
// CHECK-NEXT: %[[M:.*]] = stablehlo.multiply %[[A]], %[[A]]
// CHECK-NEXT: %[[B:.*]] = stablehlo.add %arg0, %arg0
// CHECK-NEXT: return %[[M]], %[[B]]
// CHECK-NOT: func.func private @double
// CHECK-NOT: func.func private @square_of_double
// NONE-LABEL: func.func @main
// NONE: call @square_of_double
func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = call @square_of_double(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = call @double(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
func.func private @square_of_double(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = call @double(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = stablehlo.multiply %0, %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @double(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Recursion (a self-call and a two-function cycle) is not inlined; an external declaration
// cannot be.
// CHECK-LABEL: func.func @rec
// CHECK: call @rec
// CHECK-LABEL: func.func @ping
// CHECK: call @pong
// CHECK-LABEL: func.func @pong
// CHECK: call @ping
// CHECK-LABEL: func.func @uses_extern
// CHECK: call @ext
func.func @rec(%x: tensor<i32>) -> tensor<i32> {
  %0 = call @rec(%x) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}
func.func @ping(%x: tensor<i32>) -> tensor<i32> {
  %0 = call @pong(%x) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}
func.func @pong(%x: tensor<i32>) -> tensor<i32> {
  %0 = call @ping(%x) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}
func.func private @ext(tensor<i32>) -> tensor<i32>
func.func @uses_extern(%x: tensor<i32>) -> tensor<i32> {
  %0 = call @ext(%x) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// A call inside a region (a while body) is inlined there.
// CHECK-LABEL: func.func @in_region
// CHECK: stablehlo.while
// CHECK-NOT: call
// CHECK: stablehlo.add
func.func @in_region(%x: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.while(%it = %x) : tensor<i32>
  cond {
    %c = stablehlo.constant dense<10> : tensor<i32>
    %p = stablehlo.compare LT, %it, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %n = func.call @inc(%it) : (tensor<i32>) -> tensor<i32>
    stablehlo.return %n : tensor<i32>
  }
  return %0 : tensor<i32>
}
func.func private @inc(%x: tensor<i32>) -> tensor<i32> {
  %c = stablehlo.constant dense<1> : tensor<i32>
  %0 = stablehlo.add %x, %c : tensor<i32>
  return %0 : tensor<i32>
}
