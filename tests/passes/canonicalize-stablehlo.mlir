// StableHLO folding (by the interpreter, bounded by fold-op-element-limit) and canonical forms,
// with the cases that must not fire: floats (NaN, -0.0), different types, side effects.
// RUN: strata-opt --split-input-file --canonicalize %s | FileCheck %s
// RUN: strata-opt --split-input-file --canonicalize=fold-op-element-limit=100 %s | FileCheck %s --check-prefix=BIG
// RUN: strata-opt --canonicalize --mlir-pass-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: Canonicalizer
// STATS-DAG: num-erased
// STATS-DAG: (S) {{[1-9][0-9]*}} num-folded
// STATS-DAG: (S) {{[1-9][0-9]*}} num-rewrites

// A chain of scalar constants folds to one constant.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[C:.*]] = stablehlo.constant dense<49> : tensor<i32>
// CHECK-NEXT: return %[[C]]
func.func @chain() -> tensor<i32> {
  %a = stablehlo.constant dense<3> : tensor<i32>
  %b = stablehlo.constant dense<4> : tensor<i32>
  %s = stablehlo.add %a, %b : tensor<i32>
  %m = stablehlo.multiply %s, %s : tensor<i32>
  return %m : tensor<i32>
}

// -----

// Splats fold at any size; non-splat results above the limit stay (default limit 1).
// CHECK-LABEL: func.func @limit
// CHECK-DAG: stablehlo.constant dense<5.000000e+00> : tensor<1000xf32>
// CHECK-DAG: stablehlo.add %{{.*}}, %{{.*}} : tensor<3xi32>
// BIG-LABEL: func.func @limit
// BIG-DAG: stablehlo.constant dense<[11, 22, 33]> : tensor<3xi32>
// BIG-NOT: stablehlo.add
func.func @limit() -> (tensor<1000xf32>, tensor<3xi32>) {
  %a = stablehlo.constant dense<2.0> : tensor<1000xf32>
  %b = stablehlo.constant dense<3.0> : tensor<1000xf32>
  %s = stablehlo.add %a, %b : tensor<1000xf32>
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %y = stablehlo.constant dense<[10, 20, 30]> : tensor<3xi32>
  %z = stablehlo.add %x, %y : tensor<3xi32>
  return %s, %z : tensor<1000xf32>, tensor<3xi32>
}

// -----

// Shape ops of splats are splats; transcendental folding is the interpreter's result.
// CHECK-LABEL: func.func @splat_shapes
// CHECK-DAG: stablehlo.constant dense<1.000000e+00> : tensor<4x8xf32>
// CHECK-DAG: stablehlo.constant dense<2.71828175> : tensor<2xf32>
// CHECK-NOT: broadcast_in_dim
// BIG-LABEL: func.func @splat_shapes
func.func @splat_shapes() -> (tensor<4x8xf32>, tensor<2xf32>) {
  %a = stablehlo.constant dense<1.0> : tensor<8xf32>
  %b = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  %c = stablehlo.constant dense<1.0> : tensor<2xf32>
  %e = stablehlo.exponential %c : tensor<2xf32>
  return %b, %e : tensor<4x8xf32>, tensor<2xf32>
}

// -----

// NaN folds as the interpreter computes it (no algebra on it): NaN + 1 is NaN.
// CHECK-LABEL: func.func @nan_fold
// CHECK: stablehlo.constant dense<0x7FC00000> : tensor<f32>
// CHECK-NOT: stablehlo.add
func.func @nan_fold() -> tensor<f32> {
  %n = stablehlo.constant dense<0x7FC00000> : tensor<f32>
  %o = stablehlo.constant dense<1.0> : tensor<f32>
  %s = stablehlo.add %n, %o : tensor<f32>
  return %s : tensor<f32>
}

// -----

// Constants go to the right of commutative ops; compare swaps its direction.
// CHECK-LABEL: func.func @constant_right
// CHECK: stablehlo.multiply %arg0, %{{.*}} : tensor<4xf32>
// CHECK: stablehlo.compare GT, %arg0, %{{.*}}, FLOAT
func.func @constant_right(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi1>) {
  %c = stablehlo.constant dense<2.0> : tensor<4xf32>
  %m = stablehlo.multiply %c, %x : tensor<4xf32>
  %p = stablehlo.compare LT, %c, %x, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %m, %p : tensor<4xf32>, tensor<4xi1>
}

// -----

// Integer identities fire; the float ones must not (-0.0 + 0.0 = +0.0, NaN * 0 = NaN,
// NaN - NaN = NaN, NaN == NaN is false). add(x, -0.0) is exact for floats.
// CHECK-LABEL: func.func @identities
// CHECK-DAG: %[[Z:.*]] = stablehlo.constant dense<0> : tensor<4xi32>
// CHECK-DAG: %[[T:.*]] = stablehlo.constant dense<true> : tensor<4xi1>
// CHECK-DAG: %[[F0:.*]] = stablehlo.add %arg1, %{{.*}} : tensor<4xf32>
// CHECK-DAG: %[[F1:.*]] = stablehlo.multiply %arg1, %{{.*}} : tensor<4xf32>
// CHECK-DAG: %[[F2:.*]] = stablehlo.subtract %arg1, %arg1 : tensor<4xf32>
// CHECK-DAG: %[[F3:.*]] = stablehlo.compare EQ, %arg1, %arg1
// CHECK: return %arg0, %arg0, %[[Z]], %[[Z]], %[[T]], %[[F0]], %arg1, %[[F1]], %[[F2]], %[[F3]]
func.func @identities(%x: tensor<4xi32>, %y: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi1>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi1>) {
  %z = stablehlo.constant dense<0> : tensor<4xi32>
  %o = stablehlo.constant dense<1> : tensor<4xi32>
  %0 = stablehlo.add %x, %z : tensor<4xi32>
  %1 = stablehlo.multiply %x, %o : tensor<4xi32>
  %2 = stablehlo.multiply %x, %z : tensor<4xi32>
  %3 = stablehlo.subtract %x, %x : tensor<4xi32>
  %4 = stablehlo.compare EQ, %x, %x : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %fz = stablehlo.constant dense<0.0> : tensor<4xf32>
  %fn = stablehlo.constant dense<-0.0> : tensor<4xf32>
  %5 = stablehlo.add %y, %fz : tensor<4xf32>
  %6 = stablehlo.add %y, %fn : tensor<4xf32>
  %7 = stablehlo.multiply %y, %fz : tensor<4xf32>
  %8 = stablehlo.subtract %y, %y : tensor<4xf32>
  %9 = stablehlo.compare EQ, %y, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi1>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi1>
}

// -----

// No-op shape ops and converts go; ones that change the type stay.
// CHECK-LABEL: func.func @noops
// CHECK-NOT: stablehlo.transpose %arg0, dims = [0, 1]
// CHECK-DAG: stablehlo.transpose %arg0, dims = [1, 0]
// CHECK-DAG: stablehlo.convert %arg0 : (tensor<2x3xf32>) -> tensor<2x3xf16>
// CHECK-DAG: stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<6xf32>
// CHECK: return %arg0, %arg0, %arg0, %arg0, %arg0, %arg0
func.func @noops(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<3x2xf32>, tensor<2x3xf16>, tensor<6xf32>) {
  %0 = stablehlo.transpose %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = stablehlo.convert %x : tensor<2x3xf32>
  %3 = stablehlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = stablehlo.slice %x [0:2, 0:3] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %p = stablehlo.constant dense<0.0> : tensor<f32>
  %5 = stablehlo.pad %x, %p, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %6 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %7 = stablehlo.convert %x : (tensor<2x3xf32>) -> tensor<2x3xf16>
  %8 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<3x2xf32>, tensor<2x3xf16>, tensor<6xf32>
}

// -----

// transpose(transpose) composes; reshape(reshape) skips the inner one.
// CHECK-LABEL: func.func @compose
// CHECK-NEXT: %[[T:.*]] = stablehlo.transpose %arg0, dims = [2, 0, 1]
// CHECK-NEXT: %[[R:.*]] = stablehlo.reshape %arg0 : (tensor<2x3x4xf32>) -> tensor<24xf32>
// CHECK-NEXT: return %[[T]], %[[R]]
func.func @compose(%x: tensor<2x3x4xf32>) -> (tensor<4x2x3xf32>, tensor<24xf32>) {
  %0 = stablehlo.transpose %x, dims = [1, 0, 2] : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
  %1 = stablehlo.transpose %0, dims = [2, 1, 0] : (tensor<3x2x4xf32>) -> tensor<4x2x3xf32>
  %2 = stablehlo.reshape %x : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %3 = stablehlo.reshape %2 : (tensor<6x4xf32>) -> tensor<24xf32>
  return %1, %3 : tensor<4x2x3xf32>, tensor<24xf32>
}

// -----

// Side effects stay even with constant operands and unused results; the optimization
// barrier is never folded.
// CHECK-LABEL: func.func @effects
// CHECK: stablehlo.custom_call @foo
// CHECK: stablehlo.optimization_barrier
// CHECK: stablehlo.all_reduce
func.func @effects(%x: tensor<4xf32>) -> tensor<f32> {
  %c = stablehlo.constant dense<1.0> : tensor<f32>
  %0 = stablehlo.custom_call @foo(%c) {has_side_effect = true} : (tensor<f32>) -> tensor<f32>
  %1 = stablehlo.optimization_barrier %c : tensor<f32>
  %2 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<f32>
}

// -----

// select with a constant predicate; get_tuple_element of a tuple; real/imag of complex.
// CHECK-LABEL: func.func @select_tuple
// CHECK-NEXT: return %arg0, %arg1, %arg0, %arg1
func.func @select_tuple(%x: tensor<2xf32>, %y: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %t = stablehlo.constant dense<true> : tensor<2xi1>
  %0 = stablehlo.select %t, %x, %y : tensor<2xi1>, tensor<2xf32>
  %tu = stablehlo.tuple %x, %y : tuple<tensor<2xf32>, tensor<2xf32>>
  %1 = stablehlo.get_tuple_element %tu[1] : (tuple<tensor<2xf32>, tensor<2xf32>>) -> tensor<2xf32>
  %c = stablehlo.complex %x, %y : tensor<2xcomplex<f32>>
  %2 = stablehlo.real %c : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %3 = stablehlo.imag %c : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  return %0, %1, %2, %3 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}
