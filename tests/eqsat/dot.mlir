// RUN: strata-opt --split-input-file --stablehlo-eqsat %s | FileCheck %s
// RUN: strata-opt --split-input-file --stablehlo-eqsat=fast-math %s | FileCheck %s --check-prefix=FAST

// dot-to-dot-general: the legacy dot is a dot_general (which then absorbs the transpose).
// CHECK-LABEL: func.func @legacy_dot
// CHECK-NEXT: %[[D:.*]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0]
// CHECK-NEXT: return %[[D]]
func.func @legacy_dot(%a: tensor<3x2xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %t = stablehlo.transpose %a, dims = [1, 0] : (tensor<3x2xf32>) -> tensor<2x3xf32>
  %0 = stablehlo.dot %t, %b : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// A plain legacy dot is left alone (no cheaper form).
// CHECK-LABEL: func.func @legacy_dot_stays
// CHECK: stablehlo.dot %arg0, %arg1
func.func @legacy_dot_stays(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = stablehlo.dot %a, %b : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// dot-absorb-transpose and dot-transpose-transpose: A^T·B^T reads A and B in place.
// CHECK-LABEL: func.func @dot_transposes
// CHECK-NEXT: %[[D:.*]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [0] x [1] : (tensor<3x4xf32>, tensor<5x3xf32>) -> tensor<4x5xf32>
// CHECK-NEXT: return %[[D]]
func.func @dot_transposes(%a: tensor<3x4xf32>, %b: tensor<5x3xf32>) -> tensor<4x5xf32> {
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<3x4xf32>) -> tensor<4x3xf32>
  %1 = stablehlo.transpose %b, dims = [1, 0] : (tensor<5x3xf32>) -> tensor<3x5xf32>
  %2 = stablehlo.dot_general %0, %1, contracting_dims = [1] x [0] : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
  return %2 : tensor<4x5xf32>
}

// -----

// concat-of-dots: two products with one weight, concatenated, are one product.
// CHECK-LABEL: func.func @concat_of_dots
// CHECK-DAG: %[[C:.*]] = stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<2x8xf32>, tensor<3x8xf32>) -> tensor<5x8xf32>
// CHECK-DAG: %[[D:.*]] = stablehlo.dot_general %[[C]], %arg2
// CHECK: return %[[D]]
func.func @concat_of_dots(%x: tensor<2x8xf32>, %y: tensor<3x8xf32>, %w: tensor<8x16xf32>) -> tensor<5x16xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x8xf32>, tensor<8x16xf32>) -> tensor<2x16xf32>
  %1 = stablehlo.dot_general %y, %w, contracting_dims = [1] x [0] : (tensor<3x8xf32>, tensor<8x16xf32>) -> tensor<3x16xf32>
  %2 = stablehlo.concatenate %0, %1, dim = 0 : (tensor<2x16xf32>, tensor<3x16xf32>) -> tensor<5x16xf32>
  return %2 : tensor<5x16xf32>
}

// -----

// concat-of-dots must not fire without a shared operand.
// CHECK-LABEL: func.func @concat_of_dots_unshared
// CHECK-COUNT-2: stablehlo.dot_general
// CHECK: stablehlo.concatenate
func.func @concat_of_dots_unshared(%x: tensor<2x8xf32>, %y: tensor<3x8xf32>, %w: tensor<8x16xf32>, %v: tensor<8x16xf32>) -> tensor<5x16xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x8xf32>, tensor<8x16xf32>) -> tensor<2x16xf32>
  %1 = stablehlo.dot_general %y, %v, contracting_dims = [1] x [0] : (tensor<3x8xf32>, tensor<8x16xf32>) -> tensor<3x16xf32>
  %2 = stablehlo.concatenate %0, %1, dim = 0 : (tensor<2x16xf32>, tensor<3x16xf32>) -> tensor<5x16xf32>
  return %2 : tensor<5x16xf32>
}

// -----

// dot-merge-k: dot(a1, b1) + dot(a2, b2) on integers is one product over the concatenated
// contraction; floats keep the split sum (the rounding differs) unless fast-math
// (dot-merge-k-float).
// CHECK-LABEL: func.func @merge_k
// CHECK-DAG: %[[A:.*]] = stablehlo.concatenate %arg0, %arg2, dim = 1 : (tensor<4x2xi32>, tensor<4x3xi32>) -> tensor<4x5xi32>
// CHECK-DAG: %[[B:.*]] = stablehlo.concatenate %arg1, %arg3, dim = 0 : (tensor<2x4xi32>, tensor<3x4xi32>) -> tensor<5x4xi32>
// CHECK-DAG: %[[D:.*]] = stablehlo.dot_general %[[A]], %[[B]]
// CHECK-DAG: stablehlo.add {{.*}} : tensor<4x4xf32>
// FAST-LABEL: func.func @merge_k
// FAST-NOT: stablehlo.add
// FAST: return
func.func @merge_k(%a1: tensor<4x2xi32>, %b1: tensor<2x4xi32>, %a2: tensor<4x3xi32>, %b2: tensor<3x4xi32>,
                   %f1: tensor<4x2xf32>, %g1: tensor<2x4xf32>, %f2: tensor<4x3xf32>, %g2: tensor<3x4xf32>) -> (tensor<4x4xi32>, tensor<4x4xf32>) {
  %0 = stablehlo.dot_general %a1, %b1, contracting_dims = [1] x [0] : (tensor<4x2xi32>, tensor<2x4xi32>) -> tensor<4x4xi32>
  %1 = stablehlo.dot_general %a2, %b2, contracting_dims = [1] x [0] : (tensor<4x3xi32>, tensor<3x4xi32>) -> tensor<4x4xi32>
  %2 = stablehlo.add %0, %1 : tensor<4x4xi32>
  %3 = stablehlo.dot_general %f1, %g1, contracting_dims = [1] x [0] : (tensor<4x2xf32>, tensor<2x4xf32>) -> tensor<4x4xf32>
  %4 = stablehlo.dot_general %f2, %g2, contracting_dims = [1] x [0] : (tensor<4x3xf32>, tensor<3x4xf32>) -> tensor<4x4xf32>
  %5 = stablehlo.add %3, %4 : tensor<4x4xf32>
  return %2, %5 : tensor<4x4xi32>, tensor<4x4xf32>
}

// -----

// dot-reassoc: (A·B)·C becomes A·(B·C) when that is fewer flops (integers; floats with
// fast-math: dot-reassoc-float).
// CHECK-LABEL: func.func @reassoc
// CHECK-DAG: %[[BC:.*]] = stablehlo.dot_general %arg1, %arg2, contracting_dims = [1] x [0] : (tensor<32x32xi32>, tensor<32x1xi32>) -> tensor<32x1xi32>
// CHECK-DAG: %[[R:.*]] = stablehlo.dot_general %arg0, %[[BC]]
// CHECK-DAG: %[[FAB:.*]] = stablehlo.dot_general %arg3, %arg4, contracting_dims = [1] x [0] : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
// CHECK: return %[[R]]
// FAST-LABEL: func.func @reassoc
// FAST: stablehlo.dot_general %arg4, %arg5, contracting_dims = [1] x [0] : (tensor<32x32xf32>, tensor<32x1xf32>) -> tensor<32x1xf32>
func.func @reassoc(%a: tensor<32x32xi32>, %b: tensor<32x32xi32>, %c: tensor<32x1xi32>, %fa: tensor<32x32xf32>, %fb: tensor<32x32xf32>, %fc: tensor<32x1xf32>) -> (tensor<32x1xi32>, tensor<32x1xf32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<32x32xi32>, tensor<32x32xi32>) -> tensor<32x32xi32>
  %1 = stablehlo.dot_general %0, %c, contracting_dims = [1] x [0] : (tensor<32x32xi32>, tensor<32x1xi32>) -> tensor<32x1xi32>
  %2 = stablehlo.dot_general %fa, %fb, contracting_dims = [1] x [0] : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %3 = stablehlo.dot_general %2, %fc, contracting_dims = [1] x [0] : (tensor<32x32xf32>, tensor<32x1xf32>) -> tensor<32x1xf32>
  return %1, %3 : tensor<32x1xi32>, tensor<32x1xf32>
}

// -----

// dot-degenerate-k: an outer product (contraction of size 1) is a multiply of broadcasts
// (floats: dot-degenerate-k-float, fast-math: 0 + -0.0 is +0.0).
// CHECK-LABEL: func.func @outer
// CHECK-NOT: stablehlo.dot_general {{.*}}xi32
// CHECK-DAG: stablehlo.multiply {{.*}} : tensor<3x4xi32>
// CHECK-DAG: stablehlo.dot_general {{.*}} -> tensor<3x4xf32>
// FAST-LABEL: func.func @outer
// FAST-NOT: stablehlo.dot_general
// FAST: return
func.func @outer(%a: tensor<3x1xi32>, %b: tensor<1x4xi32>, %fa: tensor<3x1xf32>, %fb: tensor<1x4xf32>) -> (tensor<3x4xi32>, tensor<3x4xf32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x1xi32>, tensor<1x4xi32>) -> tensor<3x4xi32>
  %1 = stablehlo.dot_general %fa, %fb, contracting_dims = [1] x [0] : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>
  return %0, %1 : tensor<3x4xi32>, tensor<3x4xf32>
}

// -----

// conv-1x1-to-dot: a 1x1 convolution is a product over the features (integers; floats with
// fast-math: conv-1x1-to-dot-float, the convolution sums in f64); a 3x3 one stays.
// CHECK-LABEL: func.func @conv1x1
// CHECK-DAG: stablehlo.dot_general %arg0, %{{.*}}, contracting_dims = [3] x [0] : (tensor<1x4x4x3xi32>, tensor<3x8xi32>) -> tensor<1x4x4x8xi32>
// CHECK-DAG: stablehlo.convolution{{.*}}tensor<1x4x4x3xf32>
// CHECK-DAG: stablehlo.convolution{{.*}}tensor<3x3x3x8xi32>
// FAST-LABEL: func.func @conv1x1
// FAST: stablehlo.dot_general %arg2
func.func @conv1x1(%x: tensor<1x4x4x3xi32>, %k: tensor<1x1x3x8xi32>, %fx: tensor<1x4x4x3xf32>, %fk: tensor<1x1x3x8xf32>, %k3: tensor<3x3x3x8xi32>) -> (tensor<1x4x4x8xi32>, tensor<1x4x4x8xf32>, tensor<1x2x2x8xi32>) {
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x3xi32>, tensor<1x1x3x8xi32>) -> tensor<1x4x4x8xi32>
  %1 = stablehlo.convolution(%fx, %fk) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x3xf32>, tensor<1x1x3x8xf32>) -> tensor<1x4x4x8xf32>
  %2 = stablehlo.convolution(%x, %k3) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x3xi32>, tensor<3x3x3x8xi32>) -> tensor<1x2x2x8xi32>
  return %0, %1, %2 : tensor<1x4x4x8xi32>, tensor<1x4x4x8xf32>, tensor<1x2x2x8xi32>
}

// -----

// dot-reassoc-rev: A·(B·C) becomes (A·B)·C when that is fewer flops (integers; floats:
// dot-reassoc-float-rev with fast-math).
// CHECK-LABEL: func.func @reassoc_rev
// CHECK-DAG: %[[AB:.*]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<1x32xi32>, tensor<32x32xi32>) -> tensor<1x32xi32>
// CHECK-DAG: stablehlo.dot_general %[[AB]], %arg2
// CHECK-DAG: stablehlo.dot_general %arg4, %arg5, contracting_dims = [1] x [0] : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
// FAST-LABEL: func.func @reassoc_rev
// FAST: stablehlo.dot_general %arg3, %arg4, contracting_dims = [1] x [0] : (tensor<1x32xf32>, tensor<32x32xf32>) -> tensor<1x32xf32>
func.func @reassoc_rev(%a: tensor<1x32xi32>, %b: tensor<32x32xi32>, %c: tensor<32x32xi32>, %fa: tensor<1x32xf32>, %fb: tensor<32x32xf32>, %fc: tensor<32x32xf32>) -> (tensor<1x32xi32>, tensor<1x32xf32>) {
  %0 = stablehlo.dot_general %b, %c, contracting_dims = [1] x [0] : (tensor<32x32xi32>, tensor<32x32xi32>) -> tensor<32x32xi32>
  %1 = stablehlo.dot_general %a, %0, contracting_dims = [1] x [0] : (tensor<1x32xi32>, tensor<32x32xi32>) -> tensor<1x32xi32>
  %2 = stablehlo.dot_general %fb, %fc, contracting_dims = [1] x [0] : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %3 = stablehlo.dot_general %fa, %2, contracting_dims = [1] x [0] : (tensor<1x32xf32>, tensor<32x32xf32>) -> tensor<1x32xf32>
  return %1, %3 : tensor<1x32xi32>, tensor<1x32xf32>
}

// -----

// dot-factor: dot(x, w1) + dot(x, w2) == dot(x, w1 + w2) on integers (dot-factor-float:
// fast-math).
// CHECK-LABEL: func.func @dot_factor
// CHECK-DAG: %[[S:.*]] = stablehlo.add %arg1, %arg2 : tensor<16x8xi32>
// CHECK-DAG: stablehlo.dot_general %arg0, %[[S]]
// CHECK-DAG: stablehlo.add {{.*}} : tensor<4x8xf32>
// FAST-LABEL: func.func @dot_factor
// FAST: stablehlo.add %arg4, %arg5 : tensor<16x8xf32>
func.func @dot_factor(%x: tensor<4x16xi32>, %w1: tensor<16x8xi32>, %w2: tensor<16x8xi32>, %fx: tensor<4x16xf32>, %f1: tensor<16x8xf32>, %f2: tensor<16x8xf32>) -> (tensor<4x8xi32>, tensor<4x8xf32>) {
  %0 = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<4x16xi32>, tensor<16x8xi32>) -> tensor<4x8xi32>
  %1 = stablehlo.dot_general %x, %w2, contracting_dims = [1] x [0] : (tensor<4x16xi32>, tensor<16x8xi32>) -> tensor<4x8xi32>
  %2 = stablehlo.add %0, %1 : tensor<4x8xi32>
  %3 = stablehlo.dot_general %fx, %f1, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  %4 = stablehlo.dot_general %fx, %f2, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  %5 = stablehlo.add %3, %4 : tensor<4x8xf32>
  return %2, %5 : tensor<4x8xi32>, tensor<4x8xf32>
}

// -----

// slice-dot: a slice of a product over free dimensions is the product of the slices.
// CHECK-LABEL: func.func @slice_dot
// CHECK-DAG: %[[A:.*]] = stablehlo.slice %arg0 [0:2, 0:16]
// CHECK-DAG: %[[D:.*]] = stablehlo.dot_general %[[A]], %arg1
// CHECK: return %[[D]]
func.func @slice_dot(%x: tensor<64x16xf32>, %w: tensor<16x8xf32>) -> tensor<2x8xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<64x16xf32>, tensor<16x8xf32>) -> tensor<64x8xf32>
  %1 = stablehlo.slice %0 [0:2, 0:8] : (tensor<64x8xf32>) -> tensor<2x8xf32>
  return %1 : tensor<2x8xf32>
}

// -----

// transpose-dot: the transpose of a product is the product of the swapped operands; a
// transpose that does not swap the free groups stays.
// CHECK-LABEL: func.func @transpose_dot
// CHECK-DAG: %[[D:.*]] = stablehlo.dot_general %arg1, %arg0, contracting_dims = [0] x [1] : (tensor<16x4xf32>, tensor<8x16xf32>) -> tensor<4x8xf32>
// CHECK-DAG: stablehlo.transpose %{{.*}}, dims = [1, 0, 2]
// CHECK: return %[[D]]
func.func @transpose_dot(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>, %c: tensor<2x3x5xf32>, %d: tensor<2x5x7xf32>) -> (tensor<4x8xf32>, tensor<3x2x7xf32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<8x4xf32>) -> tensor<4x8xf32>
  %2 = stablehlo.dot_general %c, %d, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x5xf32>, tensor<2x5x7xf32>) -> tensor<2x3x7xf32>
  %3 = stablehlo.transpose %2, dims = [1, 0, 2] : (tensor<2x3x7xf32>) -> tensor<3x2x7xf32>
  return %1, %3 : tensor<4x8xf32>, tensor<3x2x7xf32>
}
