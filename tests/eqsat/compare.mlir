// RUN: strata-opt --split-input-file --stablehlo-eqsat %s | FileCheck %s

// compare-self: integer reflexive comparisons are constants; float ones stay (NaN != NaN).
// CHECK-LABEL: func.func @compare_self
// CHECK-DAG: %[[T:.*]] = stablehlo.constant dense<true> : tensor<3xi1>
// CHECK-DAG: %[[F:.*]] = stablehlo.constant dense<false> : tensor<3xi1>
// CHECK-DAG: %[[E:.*]] = stablehlo.compare EQ, %arg1, %arg1
// CHECK: return %[[T]], %[[F]], %[[E]]
func.func @compare_self(%x: tensor<3xi32>, %y: tensor<3xf32>) -> (tensor<3xi1>, tensor<3xi1>, tensor<3xi1>) {
  %0 = stablehlo.compare GE, %x, %x : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  %1 = stablehlo.compare LT, %x, %x : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  %2 = stablehlo.compare EQ, %y, %y : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  return %0, %1, %2 : tensor<3xi1>, tensor<3xi1>, tensor<3xi1>
}

// -----

// compare-swap: a swapped comparison is the same value (CSE'd with the other).
// CHECK-LABEL: func.func @compare_swap
// CHECK-COUNT-1: stablehlo.compare
// CHECK-NOT: stablehlo.compare
func.func @compare_swap(%a: tensor<3xf32>, %b: tensor<3xf32>) -> (tensor<3xi1>, tensor<3xi1>) {
  %0 = stablehlo.compare LT, %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  %1 = stablehlo.compare GT, %b, %a : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  return %0, %1 : tensor<3xi1>, tensor<3xi1>
}

// -----

// not-compare: integers only (!(a < b) is not a >= b with NaN).
// CHECK-LABEL: func.func @not_compare
// CHECK-DAG: %[[I:.*]] = stablehlo.compare GE, %arg0, %arg1 : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
// CHECK-DAG: %[[C:.*]] = stablehlo.compare LT, %arg2, %arg3
// CHECK-DAG: %[[N:.*]] = stablehlo.not %[[C]]
// CHECK: return %[[I]], %[[N]]
func.func @not_compare(%a: tensor<3xi32>, %b: tensor<3xi32>, %x: tensor<3xf32>, %y: tensor<3xf32>) -> (tensor<3xi1>, tensor<3xi1>) {
  %0 = stablehlo.compare LT, %a, %b : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  %1 = stablehlo.not %0 : tensor<3xi1>
  %2 = stablehlo.compare LT, %x, %y : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  %3 = stablehlo.not %2 : tensor<3xi1>
  return %1, %3 : tensor<3xi1>, tensor<3xi1>
}

// -----

// select-same, select-true, select-false, select-not.
// CHECK-LABEL: func.func @selects
// CHECK-DAG: %[[S:.*]] = stablehlo.select %arg0, %arg2, %arg1
// CHECK: return %arg1, %arg1, %arg2, %[[S]]
func.func @selects(%p: tensor<3xi1>, %a: tensor<3xf32>, %b: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %0 = stablehlo.select %p, %a, %a : tensor<3xi1>, tensor<3xf32>
  %t = stablehlo.constant dense<true> : tensor<i1>
  %1 = stablehlo.select %t, %a, %b : tensor<i1>, tensor<3xf32>
  %f = stablehlo.constant dense<false> : tensor<3xi1>
  %2 = stablehlo.select %f, %a, %b : tensor<3xi1>, tensor<3xf32>
  %np = stablehlo.not %p : tensor<3xi1>
  %3 = stablehlo.select %np, %a, %b : tensor<3xi1>, tensor<3xf32>
  return %0, %1, %2, %3 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

// A select on an unknown predicate stays.
// CHECK-LABEL: func.func @select_stays
// CHECK: stablehlo.select %arg0, %arg1, %arg2
func.func @select_stays(%p: tensor<3xi1>, %a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.select %p, %a, %b : tensor<3xi1>, tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// convert-noop and convert-convert (widening first: f32 -> f64 -> f16 is f32 -> f16).
// CHECK-LABEL: func.func @converts
// CHECK-DAG: %[[C:.*]] = stablehlo.convert %arg0 : (tensor<3xf32>) -> tensor<3xf16>
// CHECK: return %arg0, %[[C]]
func.func @converts(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf16>) {
  %0 = stablehlo.convert %x : (tensor<3xf32>) -> tensor<3xf32>
  %1 = stablehlo.convert %x : (tensor<3xf32>) -> tensor<3xf64>
  %2 = stablehlo.convert %1 : (tensor<3xf64>) -> tensor<3xf16>
  return %0, %2 : tensor<3xf32>, tensor<3xf16>
}

// -----

// convert-convert must not fire when the middle type narrows (f32 -> f16 -> f32 rounds).
// CHECK-LABEL: func.func @narrowing_stays
// CHECK: stablehlo.convert %arg0 : (tensor<3xf32>) -> tensor<3xf16>
// CHECK: stablehlo.convert %{{.*}} : (tensor<3xf16>) -> tensor<3xf32>
func.func @narrowing_stays(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.convert %x : (tensor<3xf32>) -> tensor<3xf16>
  %1 = stablehlo.convert %0 : (tensor<3xf16>) -> tensor<3xf32>
  return %1 : tensor<3xf32>
}

// -----

// real-complex, imag-complex, complex-real-imag.
// CHECK-LABEL: func.func @complex_parts
// CHECK-NEXT: return %arg0, %arg1, %arg2
func.func @complex_parts(%r: tensor<3xf32>, %i: tensor<3xf32>, %z: tensor<3xcomplex<f32>>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xcomplex<f32>>) {
  %c = stablehlo.complex %r, %i : tensor<3xcomplex<f32>>
  %0 = stablehlo.real %c : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  %1 = stablehlo.imag %c : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  %zr = stablehlo.real %z : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  %zi = stablehlo.imag %z : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  %2 = stablehlo.complex %zr, %zi : tensor<3xcomplex<f32>>
  return %0, %1, %2 : tensor<3xf32>, tensor<3xf32>, tensor<3xcomplex<f32>>
}
