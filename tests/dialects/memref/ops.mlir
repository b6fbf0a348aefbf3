// RUN: strata-opt %s | strata-check %s
// RUN: strata-opt %s --mlir-print-op-generic | strata-opt | strata-check %s
// The memref dialect's ops in their custom form (the C++-written syntax included), printed as mlir-opt-22
// prints them; tools/tests/dialects_mlir.rs checks both forms and both round trips byte for byte.

// CHECK: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-NEXT: module {
// CHECK-NEXT: memref.global "private" constant @cst : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]> {alignment = 64 : i64}
// CHECK-NEXT: memref.global @uninit : memref<4xi32> = uninitialized
// CHECK-NEXT: memref.global "private" @ext : memref<3xf32>
// CHECK-NEXT: func.func @ops(%arg0: memref<4x?xf32>, %arg1: index, %arg2: memref<?xf32, strided<[?], offset: ?>>, %arg3: f32, %arg4: memref<8xi8>, %arg5: memref<4x4xf32>) -> index {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %alloc = memref.alloc(%arg1) {alignment = 64 : i64} : memref<4x?xf32>
// CHECK-NEXT: %alloc_0 = memref.alloc()[%arg1] : memref<4xf32, #map>
// CHECK-NEXT: %alloca = memref.alloca() : memref<2xf32>
// CHECK-NEXT: memref.alloca_scope  {
// CHECK-NEXT: %alloca_5 = memref.alloca() : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %0 = memref.alloca_scope  -> (f32) {
// CHECK-NEXT: memref.alloca_scope.return %arg3 : f32
// CHECK-NEXT: }
// CHECK-NEXT: %assume_align = memref.assume_alignment %arg5, 16 : memref<4x4xf32>
// CHECK-NEXT: %1 = memref.atomic_rmw addf %arg3, %arg5[%c0, %c1] : (f32, memref<4x4xf32>) -> f32
// CHECK-NEXT: %2 = memref.generic_atomic_rmw %arg5[%c0, %c1] : memref<4x4xf32> {
// CHECK-NEXT: ^bb0(%arg6: f32):
// CHECK-NEXT: %9 = arith.addf %arg6, %arg3 : f32
// CHECK-NEXT: memref.atomic_yield %9 : f32
// CHECK-NEXT: }
// CHECK-NEXT: %cast = memref.cast %arg0 : memref<4x?xf32> to memref<?x?xf32>
// CHECK-NEXT: %collapse_shape = memref.collapse_shape %arg5 {{\[\[}}0, 1{{\]\]}} : memref<4x4xf32> into memref<16xf32>
// CHECK-NEXT: %expand_shape = memref.expand_shape %collapse_shape {{\[\[}}0, 1{{\]\]}} output_shape [2, 8] : memref<16xf32> into memref<2x8xf32>
// CHECK-NEXT: memref.copy %arg5, %arg5 : memref<4x4xf32> to memref<4x4xf32>
// CHECK-NEXT: %dim = memref.dim %arg0, %c1 : memref<4x?xf32>
// CHECK-NEXT: %3:2 = memref.distinct_objects %arg5, %alloca : memref<4x4xf32>, memref<2xf32>
// CHECK-NEXT: %intptr = memref.extract_aligned_pointer_as_index %arg5 : memref<4x4xf32> -> index
// CHECK-NEXT: %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg5 : memref<4x4xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT: %4 = memref.get_global @cst : memref<2xf32>
// CHECK-NEXT: %5 = memref.load %arg0[%c0, %arg1] : memref<4x?xf32>
// CHECK-NEXT: %6 = memref.load %arg2[%c0] {nontemporal = true} : memref<?xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %memspacecast = memref.memory_space_cast %arg5 : memref<4x4xf32> to memref<4x4xf32, 1>
// CHECK-NEXT: memref.prefetch %arg5[%c0, %c1], read, locality<3>, data : memref<4x4xf32>
// CHECK-NEXT: %7 = memref.rank %arg0 : memref<4x?xf32>
// CHECK-NEXT: %8 = memref.realloc %alloca : memref<2xf32> to memref<4xf32>
// CHECK-NEXT: %reinterpret_cast = memref.reinterpret_cast %arg5 to offset: [0], sizes: [2, 8], strides: [8, 1] : memref<4x4xf32> to memref<2x8xf32>
// CHECK-NEXT: %reinterpret_cast_1 = memref.reinterpret_cast %arg2 to offset: [%arg1], sizes: [%arg1], strides: [1] : memref<?xf32, strided<[?], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %alloca_2 = memref.alloca() : memref<1xindex>
// CHECK-NEXT: %reshape = memref.reshape %alloca(%alloca_2) : (memref<2xf32>, memref<1xindex>) -> memref<?xf32>
// CHECK-NEXT: memref.store %5, %arg0[%c0, %arg1] : memref<4x?xf32>
// CHECK-NEXT: %subview = memref.subview %arg5[0, 1] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 1>>
// CHECK-NEXT: %subview_3 = memref.subview %arg0[%c0, %arg1] [1, %arg1] [1, 1] : memref<4x?xf32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %transpose = memref.transpose %arg5 (d0, d1) -> (d1, d0) : memref<4x4xf32> to memref<4x4xf32, strided<[1, 4]>>
// CHECK-NEXT: %view = memref.view %arg4[%c0][] : memref<8xi8> to memref<2xf32>
// CHECK-NEXT: %alloc_4 = memref.alloc() : memref<1xi32>
// CHECK-NEXT: memref.dma_start %arg5[%c0, %c0], %alloca[%c0], %c1, %alloc_4[%c0] : memref<4x4xf32>, memref<2xf32>, memref<1xi32>
// CHECK-NEXT: memref.dma_wait %alloc_4[%c0], %c1 : memref<1xi32>
// CHECK-NEXT: memref.dealloc %alloc : memref<4x?xf32>
// CHECK-NEXT: return %dim : index
// CHECK-NEXT: }
// CHECK-NEXT: }

#map = affine_map<(d0)[s0] -> (d0 + s0)>
module {
  memref.global "private" constant @cst : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]> {alignment = 64 : i64}
  memref.global @uninit : memref<4xi32> = uninitialized
  memref.global "private" @ext : memref<3xf32>
  func.func @ops(%arg0: memref<4x?xf32>, %arg1: index, %arg2: memref<?xf32, strided<[?], offset: ?>>, %arg3: f32, %arg4: memref<8xi8>, %arg5: memref<4x4xf32>) -> index {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %alloc = memref.alloc(%arg1) {alignment = 64 : i64} : memref<4x?xf32>
    %alloc_0 = memref.alloc()[%arg1] : memref<4xf32, #map>
    %alloca = memref.alloca() : memref<2xf32>
    memref.alloca_scope  {
      %alloca_5 = memref.alloca() : memref<2xf32>
    }
    %0 = memref.alloca_scope  -> (f32) {
      memref.alloca_scope.return %arg3 : f32
    }
    %assume_align = memref.assume_alignment %arg5, 16 : memref<4x4xf32>
    %1 = memref.atomic_rmw addf %arg3, %arg5[%c0, %c1] : (f32, memref<4x4xf32>) -> f32
    %2 = memref.generic_atomic_rmw %arg5[%c0, %c1] : memref<4x4xf32> {
    ^bb0(%arg6: f32):
      %9 = arith.addf %arg6, %arg3 : f32
      memref.atomic_yield %9 : f32
    }
    %cast = memref.cast %arg0 : memref<4x?xf32> to memref<?x?xf32>
    %collapse_shape = memref.collapse_shape %arg5 [[0, 1]] : memref<4x4xf32> into memref<16xf32>
    %expand_shape = memref.expand_shape %collapse_shape [[0, 1]] output_shape [2, 8] : memref<16xf32> into memref<2x8xf32>
    memref.copy %arg5, %arg5 : memref<4x4xf32> to memref<4x4xf32>
    %dim = memref.dim %arg0, %c1 : memref<4x?xf32>
    %3:2 = memref.distinct_objects %arg5, %alloca : memref<4x4xf32>, memref<2xf32>
    %intptr = memref.extract_aligned_pointer_as_index %arg5 : memref<4x4xf32> -> index
    %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg5 : memref<4x4xf32> -> memref<f32>, index, index, index, index, index
    %4 = memref.get_global @cst : memref<2xf32>
    %5 = memref.load %arg0[%c0, %arg1] : memref<4x?xf32>
    %6 = memref.load %arg2[%c0] {nontemporal = true} : memref<?xf32, strided<[?], offset: ?>>
    %memspacecast = memref.memory_space_cast %arg5 : memref<4x4xf32> to memref<4x4xf32, 1>
    memref.prefetch %arg5[%c0, %c1], read, locality<3>, data : memref<4x4xf32>
    %7 = memref.rank %arg0 : memref<4x?xf32>
    %8 = memref.realloc %alloca : memref<2xf32> to memref<4xf32>
    %reinterpret_cast = memref.reinterpret_cast %arg5 to offset: [0], sizes: [2, 8], strides: [8, 1] : memref<4x4xf32> to memref<2x8xf32>
    %reinterpret_cast_1 = memref.reinterpret_cast %arg2 to offset: [%arg1], sizes: [%arg1], strides: [1] : memref<?xf32, strided<[?], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
    %alloca_2 = memref.alloca() : memref<1xindex>
    %reshape = memref.reshape %alloca(%alloca_2) : (memref<2xf32>, memref<1xindex>) -> memref<?xf32>
    memref.store %5, %arg0[%c0, %arg1] : memref<4x?xf32>
    %subview = memref.subview %arg5[0, 1] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 1>>
    %subview_3 = memref.subview %arg0[%c0, %arg1] [1, %arg1] [1, 1] : memref<4x?xf32> to memref<?xf32, strided<[1], offset: ?>>
    %transpose = memref.transpose %arg5 (d0, d1) -> (d1, d0) : memref<4x4xf32> to memref<4x4xf32, strided<[1, 4]>>
    %view = memref.view %arg4[%c0][] : memref<8xi8> to memref<2xf32>
    %alloc_4 = memref.alloc() : memref<1xi32>
    memref.dma_start %arg5[%c0, %c0], %alloca[%c0], %c1, %alloc_4[%c0] : memref<4x4xf32>, memref<2xf32>, memref<1xi32>
    memref.dma_wait %alloc_4[%c0], %c1 : memref<1xi32>
    memref.dealloc %alloc : memref<4x?xf32>
    return %dim : index
  }
}
