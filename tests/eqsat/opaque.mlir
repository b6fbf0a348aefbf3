// RUN: strata-opt --split-input-file --stablehlo-eqsat --mlir-print-debuginfo %s | FileCheck %s

// Nothing crosses an opaque op: a custom call, a while loop and an optimization barrier stay
// where they are, and values used by them are computed before them.
// CHECK-LABEL: func.func @opaque
// CHECK: %[[B:.*]] = stablehlo.optimization_barrier %arg0
// CHECK: %[[C:.*]] = stablehlo.custom_call @foo(%[[B]])
// CHECK-NEXT: return %[[C]]
func.func @opaque(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.negate %x : tensor<4xf32>
  %1 = stablehlo.negate %0 : tensor<4xf32>
  %2 = stablehlo.optimization_barrier %1 : tensor<4xf32>
  %3 = stablehlo.custom_call @foo(%2) {has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>
  %4 = stablehlo.negate %3 : tensor<4xf32>
  %5 = stablehlo.negate %4 : tensor<4xf32>
  return %5 : tensor<4xf32>
}

// -----

// Values used in a nested region are produced before the op holding it; the loop body is
// optimized as its own block.
// CHECK-LABEL: func.func @loop
// CHECK: stablehlo.while
// CHECK: stablehlo.compare
// CHECK: stablehlo.add %{{.*}}, %{{.*}} : tensor<i32>
// CHECK-NOT: stablehlo.negate
// CHECK: return
func.func @loop(%x: tensor<i32>, %n: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.negate %n : tensor<i32>
  %1 = stablehlo.negate %0 : tensor<i32>
  %r = stablehlo.while(%it = %x) : tensor<i32>
    cond {
      %c = stablehlo.compare LT, %it, %1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %z = stablehlo.constant dense<0> : tensor<i32>
      %a = stablehlo.add %it, %z : tensor<i32>
      %b = stablehlo.add %a, %one : tensor<i32>
      stablehlo.return %b : tensor<i32>
    }
  return %r : tensor<i32>
}

// -----

// Unchanged: nothing cheaper exists, the IR is left exactly as it was (operand order included).
// CHECK-LABEL: func.func @untouched
// CHECK-NEXT: %[[A:.*]] = stablehlo.multiply %arg1, %arg0
// CHECK-NEXT: %[[B:.*]] = stablehlo.add %[[A]], %arg0
// CHECK-NEXT: return %[[B]]
func.func @untouched(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.multiply %y, %x : tensor<4xf32>
  %1 = stablehlo.add %0, %x : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// Locations: an op that stays keeps its location; a merged op gets the fused location of
// the ops it replaces.
// CHECK-LABEL: func.func @locations
// CHECK: stablehlo.transpose %arg0, dims = [2, 0, 1] {{.*}} loc(#[[F:loc[0-9]*]])
// CHECK: stablehlo.exponential {{.*}} loc(#[[E:loc[0-9]*]])
// CHECK-DAG: #[[E]] = loc("exp")
// CHECK-DAG: #[[T1:loc[0-9]*]] = loc("t1")
// CHECK-DAG: #[[T2:loc[0-9]*]] = loc("t2")
// CHECK-DAG: #[[F]] = loc(fused[#[[T2]], #[[T1]]])
func.func @locations(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = stablehlo.transpose %x, dims = [0, 2, 1] : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32> loc("t1")
  %1 = stablehlo.transpose %0, dims = [1, 0, 2] : (tensor<2x4x3xf32>) -> tensor<4x2x3xf32> loc("t2")
  %2 = stablehlo.exponential %1 : tensor<4x2x3xf32> loc("exp")
  return %2 : tensor<4x2x3xf32>
}
