// cse: commutative operands normalized, equal regions merged, side effects and different
// types kept apart, nested regions scoped.
// RUN: strata-opt --split-input-file --cse --mlir-pass-statistics %s 2>%t | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t
// STATS: CSE
// STATS: num-cse'd

// CHECK-LABEL: func.func @commutative
// CHECK-NEXT: %[[A:.*]] = stablehlo.add %arg0, %arg1
// CHECK-NEXT: %[[S:.*]] = stablehlo.subtract %arg0, %arg1
// CHECK-NEXT: %[[T:.*]] = stablehlo.subtract %arg1, %arg0
// CHECK-NEXT: return %[[A]], %[[A]], %[[S]], %[[T]]
func.func @commutative(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.add %x, %y : tensor<4xf32>
  %1 = stablehlo.add %y, %x : tensor<4xf32>
  %2 = stablehlo.subtract %x, %y : tensor<4xf32>
  %3 = stablehlo.subtract %y, %x : tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Two reduces with the same body are one; a different body stays.
// CHECK-LABEL: func.func @regions
// CHECK: %[[R:.*]] = stablehlo.reduce(%arg0 init: %{{.*}}) applies stablehlo.add
// CHECK: %[[M:.*]] = stablehlo.reduce(%arg0 init: %{{.*}}) applies stablehlo.maximum
// CHECK: return %[[R]], %[[R]], %[[M]]
func.func @regions(%x: tensor<4xf32>) -> (tensor<f32>, tensor<f32>, tensor<f32>) {
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  %1 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  %2 = stablehlo.reduce(%x init: %c) applies stablehlo.maximum across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return %0, %1, %2 : tensor<f32>, tensor<f32>, tensor<f32>
}

// -----

// Side effects are never merged; different result types are different values.
// CHECK-LABEL: func.func @not_merged
// CHECK: stablehlo.custom_call @f(%arg0) {has_side_effect = true}
// CHECK: stablehlo.custom_call @f(%arg0) {has_side_effect = true}
// CHECK: stablehlo.convert %arg0 : (tensor<4xf32>) -> tensor<4xf16>
// CHECK: stablehlo.convert %arg0 : (tensor<4xf32>) -> tensor<4xbf16>
func.func @not_merged(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf16>, tensor<4xbf16>) {
  %0 = stablehlo.custom_call @f(%x) {has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = stablehlo.custom_call @f(%x) {has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>
  %2 = stablehlo.convert %x : (tensor<4xf32>) -> tensor<4xf16>
  %3 = stablehlo.convert %x : (tensor<4xf32>) -> tensor<4xbf16>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf16>, tensor<4xbf16>
}

// -----

// An op in a nested region reuses a dominating outer op; the outer op does not reuse the
// nested one.
// CHECK-LABEL: func.func @nested
// CHECK: %[[N:.*]] = stablehlo.negate %arg1
// CHECK: "stablehlo.if"
// CHECK-NEXT: stablehlo.return %[[N]]
// CHECK: stablehlo.abs %arg1
// CHECK: stablehlo.return
// CHECK: stablehlo.abs %arg1
func.func @nested(%p: tensor<i1>, %x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %n = stablehlo.negate %x : tensor<4xf32>
  %0 = "stablehlo.if"(%p) ({
    %m = stablehlo.negate %x : tensor<4xf32>
    stablehlo.return %m : tensor<4xf32>
  }, {
    %a = stablehlo.abs %x : tensor<4xf32>
    stablehlo.return %a : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  %b = stablehlo.abs %x : tensor<4xf32>
  return %0, %b, %n : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
