// RUN: strata-opt --split-input-file --stablehlo-eqsat %s | FileCheck %s

// transpose-identity, transpose-transpose (inverse permutations cancel; others compose).
// CHECK-LABEL: func.func @transposes
// CHECK-DAG: %[[T:.*]] = stablehlo.transpose %arg0, dims = [2, 0, 1]
// CHECK: return %arg0, %arg0, %[[T]]
func.func @transposes(%x: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<4x2x3xf32>) {
  %0 = stablehlo.transpose %x, dims = [0, 1, 2] : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %1 = stablehlo.transpose %x, dims = [1, 2, 0] : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  %2 = stablehlo.transpose %1, dims = [2, 0, 1] : (tensor<3x4x2xf32>) -> tensor<2x3x4xf32>
  %3 = stablehlo.transpose %x, dims = [0, 2, 1] : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
  %4 = stablehlo.transpose %3, dims = [1, 0, 2] : (tensor<2x4x3xf32>) -> tensor<4x2x3xf32>
  return %0, %2, %4 : tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<4x2x3xf32>
}

// -----

// transpose-to-reshape: only a size-1 dimension moves; a real permutation stays a transpose.
// CHECK-LABEL: func.func @transpose_unit
// CHECK-DAG: %[[R:.*]] = stablehlo.reshape %arg0 : (tensor<1x3x4xf32>) -> tensor<3x1x4xf32>
// CHECK-DAG: %[[T:.*]] = stablehlo.transpose %arg0, dims = [0, 2, 1]
// CHECK: return %[[R]], %[[T]]
func.func @transpose_unit(%x: tensor<1x3x4xf32>) -> (tensor<3x1x4xf32>, tensor<1x4x3xf32>) {
  %0 = stablehlo.transpose %x, dims = [1, 0, 2] : (tensor<1x3x4xf32>) -> tensor<3x1x4xf32>
  %1 = stablehlo.transpose %x, dims = [0, 2, 1] : (tensor<1x3x4xf32>) -> tensor<1x4x3xf32>
  return %0, %1 : tensor<3x1x4xf32>, tensor<1x4x3xf32>
}

// -----

// transpose-broadcast: a transpose of a broadcast is a broadcast.
// CHECK-LABEL: func.func @transpose_broadcast
// CHECK-NEXT: %[[B:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<3xf32>) -> tensor<3x5xf32>
// CHECK-NEXT: return %[[B]]
func.func @transpose_broadcast(%x: tensor<3xf32>) -> tensor<3x5xf32> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<5x3xf32>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<5x3xf32>) -> tensor<3x5xf32>
  return %1 : tensor<3x5xf32>
}

// -----

// reshape-noop, reshape-reshape.
// CHECK-LABEL: func.func @reshapes
// CHECK-DAG: %[[R:.*]] = stablehlo.reshape %arg0 : (tensor<2x6xf32>) -> tensor<3x4xf32>
// CHECK: return %arg0, %[[R]]
func.func @reshapes(%x: tensor<2x6xf32>) -> (tensor<2x6xf32>, tensor<3x4xf32>) {
  %0 = stablehlo.reshape %x : (tensor<2x6xf32>) -> tensor<2x6xf32>
  %1 = stablehlo.reshape %x : (tensor<2x6xf32>) -> tensor<12xf32>
  %2 = stablehlo.reshape %1 : (tensor<12xf32>) -> tensor<3x4xf32>
  return %0, %2 : tensor<2x6xf32>, tensor<3x4xf32>
}

// -----

// reshape-broadcast: dropping a size-1 dimension of a broadcast.
// CHECK-LABEL: func.func @reshape_broadcast
// CHECK-NEXT: %[[B:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: return %[[B]]
func.func @reshape_broadcast(%x: tensor<4xf32>) -> tensor<3x4xf32> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [2] : (tensor<4xf32>) -> tensor<3x1x4xf32>
  %1 = stablehlo.reshape %0 : (tensor<3x1x4xf32>) -> tensor<3x4xf32>
  return %1 : tensor<3x4xf32>
}

// -----

// reshape-broadcast must not fire when the reshape merges dimensions.
// CHECK-LABEL: func.func @reshape_broadcast_merge_stays
// CHECK: stablehlo.reshape
func.func @reshape_broadcast_merge_stays(%x: tensor<4xf32>) -> tensor<12xf32> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
  %1 = stablehlo.reshape %0 : (tensor<3x4xf32>) -> tensor<12xf32>
  return %1 : tensor<12xf32>
}

// -----

// broadcast-noop, broadcast-broadcast, broadcast-to-reshape, broadcast-to-transpose.
// CHECK-LABEL: func.func @broadcasts
// CHECK-DAG: %[[BB:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<3xf32>) -> tensor<2x4x3xf32>
// CHECK-DAG: %[[R:.*]] = stablehlo.reshape %arg0 : (tensor<3xf32>) -> tensor<1x3xf32>
// CHECK-DAG: %[[T:.*]] = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<2x5xf32>) -> tensor<5x2xf32>
// CHECK: return %arg0, %[[BB]], %[[R]], %[[T]]
func.func @broadcasts(%x: tensor<3xf32>, %y: tensor<2x5xf32>) -> (tensor<3xf32>, tensor<2x4x3xf32>, tensor<1x3xf32>, tensor<5x2xf32>) {
  %0 = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<3xf32>) -> tensor<3xf32>
  %1 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<4x3xf32>
  %2 = stablehlo.broadcast_in_dim %1, dims = [1, 2] : (tensor<4x3xf32>) -> tensor<2x4x3xf32>
  %3 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
  %4 = stablehlo.broadcast_in_dim %y, dims = [1, 0] : (tensor<2x5xf32>) -> tensor<5x2xf32>
  return %0, %2, %3, %4 : tensor<3xf32>, tensor<2x4x3xf32>, tensor<1x3xf32>, tensor<5x2xf32>
}

// -----

// elementwise-broadcast: computing on the small operand before broadcasting.
// CHECK-LABEL: func.func @elementwise_broadcast
// CHECK-DAG: %[[A:.*]] = stablehlo.add %arg0, %arg1 : tensor<4xf32>
// CHECK-DAG: %[[E:.*]] = stablehlo.exponential %arg0 : tensor<4xf32>
// CHECK-DAG: %[[B1:.*]] = stablehlo.broadcast_in_dim %[[A]], dims = [1] : (tensor<4xf32>) -> tensor<64x4xf32>
// CHECK-DAG: %[[B2:.*]] = stablehlo.broadcast_in_dim %[[E]], dims = [1] : (tensor<4xf32>) -> tensor<64x4xf32>
// CHECK: return %[[B1]], %[[B2]]
func.func @elementwise_broadcast(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<64x4xf32>, tensor<64x4xf32>) {
  %bx = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<4xf32>) -> tensor<64x4xf32>
  %by = stablehlo.broadcast_in_dim %y, dims = [1] : (tensor<4xf32>) -> tensor<64x4xf32>
  %0 = stablehlo.add %bx, %by : tensor<64x4xf32>
  %1 = stablehlo.exponential %bx : tensor<64x4xf32>
  return %0, %1 : tensor<64x4xf32>, tensor<64x4xf32>
}

// -----

// elementwise-transpose: transposes sink below elementwise ops and cancel.
// CHECK-LABEL: func.func @elementwise_transpose
// CHECK-NEXT: %[[M:.*]] = stablehlo.multiply %arg0, %arg1 : tensor<2x3xf32>
// CHECK-NEXT: return %[[M]]
func.func @elementwise_transpose(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %tx = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %ty = stablehlo.transpose %y, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %0 = stablehlo.multiply %tx, %ty : tensor<3x2xf32>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<3x2xf32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

// elementwise-reshape: reshapes sink below elementwise ops and cancel.
// CHECK-LABEL: func.func @elementwise_reshape
// CHECK-NEXT: %[[A:.*]] = stablehlo.abs %arg0 : tensor<2x3xf32>
// CHECK-NEXT: return %[[A]]
func.func @elementwise_reshape(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  %1 = stablehlo.abs %0 : tensor<6xf32>
  %2 = stablehlo.reshape %1 : (tensor<6xf32>) -> tensor<2x3xf32>
  return %2 : tensor<2x3xf32>
}

// -----

// slice-full, slice-slice.
// CHECK-LABEL: func.func @slices
// CHECK-DAG: %[[S:.*]] = stablehlo.slice %arg0 [3:6:2]
// CHECK: return %arg0, %[[S]]
func.func @slices(%x: tensor<10xf32>) -> (tensor<10xf32>, tensor<2xf32>) {
  %0 = stablehlo.slice %x [0:10] : (tensor<10xf32>) -> tensor<10xf32>
  %1 = stablehlo.slice %x [1:9] : (tensor<10xf32>) -> tensor<8xf32>
  %2 = stablehlo.slice %1 [2:6:2] : (tensor<8xf32>) -> tensor<2xf32>
  return %0, %2 : tensor<10xf32>, tensor<2xf32>
}

// -----

// slice-concat: a slice within one operand of a concatenation is a slice of that operand.
// CHECK-LABEL: func.func @slice_concat
// CHECK-DAG: %[[S:.*]] = stablehlo.slice %arg1 [1:3, 0:2]
// CHECK: return %[[S]]
func.func @slice_concat(%a: tensor<2x2xf32>, %b: tensor<3x2xf32>) -> tensor<2x2xf32> {
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x2xf32>, tensor<3x2xf32>) -> tensor<5x2xf32>
  %1 = stablehlo.slice %0 [3:5, 0:2] : (tensor<5x2xf32>) -> tensor<2x2xf32>
  return %1 : tensor<2x2xf32>
}

// -----

// slice-pad: a slice in the padding is the padding value; a slice inside is a slice of x.
// CHECK-LABEL: func.func @slice_pad
// CHECK-DAG: %[[V:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<2xf32>
// CHECK: return %[[V]], %arg0
func.func @slice_pad(%x: tensor<4xf32>, %v: tensor<f32>) -> (tensor<2xf32>, tensor<4xf32>) {
  %0 = stablehlo.pad %x, %v, low = [2], high = [3], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<9xf32>
  %1 = stablehlo.slice %0 [0:2] : (tensor<9xf32>) -> tensor<2xf32>
  %2 = stablehlo.slice %0 [2:6] : (tensor<9xf32>) -> tensor<4xf32>
  return %1, %2 : tensor<2xf32>, tensor<4xf32>
}

// -----

// slice-broadcast and slice-elementwise: compute only the part that is kept.
// CHECK-LABEL: func.func @slice_through
// CHECK-DAG: %[[SX:.*]] = stablehlo.slice %arg0 [0:2]
// CHECK-DAG: %[[SY:.*]] = stablehlo.slice %arg1 [0:2]
// CHECK-DAG: %[[A:.*]] = stablehlo.add %[[SX]], %[[SY]] : tensor<2xf32>
// CHECK-DAG: %[[B:.*]] = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: return %[[A]], %[[B]]
func.func @slice_through(%x: tensor<64xf32>, %y: tensor<64xf32>, %z: tensor<3xf32>) -> (tensor<2xf32>, tensor<2x3xf32>) {
  %0 = stablehlo.add %x, %y : tensor<64xf32>
  %1 = stablehlo.slice %0 [0:2] : (tensor<64xf32>) -> tensor<2xf32>
  %b = stablehlo.broadcast_in_dim %z, dims = [1] : (tensor<3xf32>) -> tensor<100x3xf32>
  %2 = stablehlo.slice %b [0:2, 0:3] : (tensor<100x3xf32>) -> tensor<2x3xf32>
  return %1, %2 : tensor<2xf32>, tensor<2x3xf32>
}

// -----

// pad-zero, pad-empty.
// CHECK-LABEL: func.func @pads
// CHECK-DAG: %[[V:.*]] = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<3xf32>
// CHECK: return %arg0, %[[V]]
func.func @pads(%x: tensor<4xf32>, %e: tensor<0xf32>, %v: tensor<f32>) -> (tensor<4xf32>, tensor<3xf32>) {
  %0 = stablehlo.pad %x, %v, low = [0], high = [0], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = stablehlo.pad %e, %v, low = [1], high = [2], interior = [0] : (tensor<0xf32>, tensor<f32>) -> tensor<3xf32>
  return %0, %1 : tensor<4xf32>, tensor<3xf32>
}

// -----

// concat-simplify: a single operand, nested concatenations, empty operands, adjacent slices.
// CHECK-LABEL: func.func @concats
// CHECK-DAG: %[[C:.*]] = stablehlo.concatenate %arg0, %arg1, %arg0, dim = 0
// CHECK: return %arg0, %[[C]], %arg2
func.func @concats(%a: tensor<2xf32>, %b: tensor<3xf32>, %x: tensor<6xf32>, %z: tensor<0xf32>) -> (tensor<2xf32>, tensor<7xf32>, tensor<6xf32>) {
  %0 = stablehlo.concatenate %a, dim = 0 : (tensor<2xf32>) -> tensor<2xf32>
  %1 = stablehlo.concatenate %a, %z, %b, dim = 0 : (tensor<2xf32>, tensor<0xf32>, tensor<3xf32>) -> tensor<5xf32>
  %2 = stablehlo.concatenate %1, %a, dim = 0 : (tensor<5xf32>, tensor<2xf32>) -> tensor<7xf32>
  %s1 = stablehlo.slice %x [0:4] : (tensor<6xf32>) -> tensor<4xf32>
  %s2 = stablehlo.slice %x [4:6] : (tensor<6xf32>) -> tensor<2xf32>
  %3 = stablehlo.concatenate %s1, %s2, dim = 0 : (tensor<4xf32>, tensor<2xf32>) -> tensor<6xf32>
  return %0, %2, %3 : tensor<2xf32>, tensor<7xf32>, tensor<6xf32>
}

// -----

// dynamic-slice-full, dynamic-update-slice-full; a partial dynamic slice stays.
// CHECK-LABEL: func.func @dynamic_slices
// CHECK-DAG: %[[D:.*]] = stablehlo.dynamic_slice %arg0, %arg2, sizes = [2]
// CHECK: return %arg0, %arg1, %[[D]]
func.func @dynamic_slices(%x: tensor<4xf32>, %u: tensor<4xf32>, %i: tensor<i32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<2xf32>) {
  %0 = stablehlo.dynamic_slice %x, %i, sizes = [4] : (tensor<4xf32>, tensor<i32>) -> tensor<4xf32>
  %1 = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<4xf32>, tensor<4xf32>, tensor<i32>) -> tensor<4xf32>
  %2 = stablehlo.dynamic_slice %x, %i, sizes = [2] : (tensor<4xf32>, tensor<i32>) -> tensor<2xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<2xf32>
}

// -----

// reverse-reverse, reverse-unit.
// CHECK-LABEL: func.func @reverses
// CHECK-DAG: %[[R:.*]] = stablehlo.reverse %arg0, dims = [1]
// CHECK: return %arg0, %[[R]], %arg1
func.func @reverses(%x: tensor<2x3xf32>, %y: tensor<1x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x3xf32>) {
  %0 = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xf32>
  %1 = stablehlo.reverse %0, dims = [0, 1] : tensor<2x3xf32>
  %2 = stablehlo.reverse %0, dims = [0] : tensor<2x3xf32>
  %3 = stablehlo.reverse %y, dims = [0] : tensor<1x3xf32>
  return %1, %2, %3 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x3xf32>
}
