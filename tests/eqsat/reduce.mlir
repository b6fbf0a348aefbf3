// RUN: strata-opt --split-input-file --stablehlo-eqsat %s | FileCheck %s
// RUN: strata-opt --split-input-file --stablehlo-eqsat=fast-math %s | FileCheck %s --check-prefix=FAST

// reduce-noop: a reduction over no dimension is init ⊕ x; with the identity -0.0 it is x.
// CHECK-LABEL: func.func @reduce_noop
// CHECK-NEXT: return %arg0
func.func @reduce_noop(%x: tensor<4xf32>) -> tensor<4xf32> {
  %init = stablehlo.constant dense<-0.0> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [] : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// reduce-empty: a reduction of no elements is its init value.
// CHECK-LABEL: func.func @reduce_empty
// CHECK-NEXT: %[[B:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<3xi32>
// CHECK-NEXT: return %[[B]]
func.func @reduce_empty(%x: tensor<3x0xi32>, %i: tensor<i32>) -> tensor<3xi32> {
  %0 = stablehlo.reduce(%x init: %i) applies stablehlo.maximum across dimensions = [1] : (tensor<3x0xi32>, tensor<i32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// reduce-unit-dims: reducing size-1 dimensions is a reshape (with the identity init).
// CHECK-LABEL: func.func @reduce_unit
// CHECK-NEXT: %[[R:.*]] = stablehlo.reshape %arg0 : (tensor<4x1xi32>) -> tensor<4xi32>
// CHECK-NEXT: return %[[R]]
func.func @reduce_unit(%x: tensor<4x1xi32>) -> tensor<4xi32> {
  %init = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<4x1xi32>, tensor<i32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// reduce-reduce: integer sums and float maxima merge; float sums only with fast-math
// (reduce-reduce-float).
// CHECK-LABEL: func.func @reduce_reduce
// CHECK-DAG: stablehlo.reduce(%arg0 init: %{{.*}}) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x3x4xi32>, tensor<i32>) -> tensor<4xi32>
// CHECK-DAG: stablehlo.reduce(%arg1 init: %{{.*}}) applies stablehlo.maximum across dimensions = [0, 2] : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<3xf32>
// CHECK-DAG: stablehlo.reduce(%arg1 init: %{{.*}}) applies stablehlo.add across dimensions = [0] : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
// FAST-LABEL: func.func @reduce_reduce
// FAST-DAG: stablehlo.reduce(%arg1 init: %{{.*}}) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<4xf32>
func.func @reduce_reduce(%x: tensor<2x3x4xi32>, %y: tensor<2x3x4xf32>) -> (tensor<4xi32>, tensor<3xf32>, tensor<4xf32>) {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0] : (tensor<2x3x4xi32>, tensor<i32>) -> tensor<3x4xi32>
  %1 = stablehlo.reduce(%0 init: %z) applies stablehlo.add across dimensions = [0] : (tensor<3x4xi32>, tensor<i32>) -> tensor<4xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %2 = stablehlo.reduce(%y init: %ninf) applies stablehlo.maximum across dimensions = [2] : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<2x3xf32>
  %3 = stablehlo.reduce(%2 init: %ninf) applies stablehlo.maximum across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  %mz = stablehlo.constant dense<-0.0> : tensor<f32>
  %4 = stablehlo.reduce(%y init: %mz) applies stablehlo.add across dimensions = [0] : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  %5 = stablehlo.reduce(%4 init: %mz) applies stablehlo.add across dimensions = [0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<4xf32>
  return %1, %3, %5 : tensor<4xi32>, tensor<3xf32>, tensor<4xf32>
}

// -----

// reduce-reduce must not fire when an init is not the identity.
// CHECK-LABEL: func.func @reduce_reduce_init_stays
// CHECK-COUNT-2: stablehlo.reduce
func.func @reduce_reduce_init_stays(%x: tensor<2x3xi32>) -> tensor<i32> {
  %one = stablehlo.constant dense<1> : tensor<i32>
  %0 = stablehlo.reduce(%x init: %one) applies stablehlo.add across dimensions = [0] : (tensor<2x3xi32>, tensor<i32>) -> tensor<3xi32>
  %1 = stablehlo.reduce(%0 init: %one) applies stablehlo.add across dimensions = [0] : (tensor<3xi32>, tensor<i32>) -> tensor<i32>
  return %1 : tensor<i32>
}

// -----

// reduce-transpose: the reduction reads x in place (integers); float sums keep the transpose
// (reduce-transpose-float: fast-math).
// CHECK-LABEL: func.func @reduce_transpose
// CHECK-DAG: stablehlo.reduce(%arg0 init: %arg2) applies stablehlo.add across dimensions = [0] : (tensor<2x3xi32>, tensor<i32>) -> tensor<3xi32>
// CHECK-DAG: stablehlo.transpose %arg1
// FAST-LABEL: func.func @reduce_transpose
// FAST-NOT: stablehlo.transpose
// FAST: return
func.func @reduce_transpose(%x: tensor<2x3xi32>, %y: tensor<2x3xf32>, %i: tensor<i32>, %f: tensor<f32>) -> (tensor<3xi32>, tensor<3xf32>) {
  %tx = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
  %0 = stablehlo.reduce(%tx init: %i) applies stablehlo.add across dimensions = [1] : (tensor<3x2xi32>, tensor<i32>) -> tensor<3xi32>
  %ty = stablehlo.transpose %y, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = stablehlo.reduce(%ty init: %f) applies stablehlo.add across dimensions = [1] : (tensor<3x2xf32>, tensor<f32>) -> tensor<3xf32>
  return %0, %1 : tensor<3xi32>, tensor<3xf32>
}

// -----

// reduce-broadcast: the maximum over broadcast copies is the value; an integer sum of n copies
// is n times it; a float sum stays.
// CHECK-LABEL: func.func @reduce_broadcast
// CHECK-DAG: %[[N:.*]] = stablehlo.constant dense<8> : tensor<4xi32>
// CHECK-DAG: %[[M:.*]] = stablehlo.multiply %arg1, %[[N]]
// CHECK-DAG: stablehlo.reduce({{.*}}) applies stablehlo.add across dimensions = [0] : (tensor<8x4xf32>
// CHECK: return %arg0, %[[M]]
func.func @reduce_broadcast(%x: tensor<4xf32>, %i: tensor<4xi32>, %f: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi32>, tensor<4xf32>) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %b = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<4xf32>) -> tensor<8x4xf32>
  %0 = stablehlo.reduce(%b init: %ninf) applies stablehlo.maximum across dimensions = [0] : (tensor<8x4xf32>, tensor<f32>) -> tensor<4xf32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %bi = stablehlo.broadcast_in_dim %i, dims = [1] : (tensor<4xi32>) -> tensor<8x4xi32>
  %1 = stablehlo.reduce(%bi init: %z) applies stablehlo.add across dimensions = [0] : (tensor<8x4xi32>, tensor<i32>) -> tensor<4xi32>
  %mz = stablehlo.constant dense<-0.0> : tensor<f32>
  %bf = stablehlo.broadcast_in_dim %f, dims = [1] : (tensor<4xf32>) -> tensor<8x4xf32>
  %2 = stablehlo.reduce(%bf init: %mz) applies stablehlo.add across dimensions = [0] : (tensor<8x4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xi32>, tensor<4xf32>
}
