// RUN: strata-opt %s | strata-check %s
// RUN: strata-opt %s --mlir-print-op-generic | strata-opt | strata-check %s
// The bufferization dialect's ops in their custom form (the C++-written syntax included), printed as mlir-opt-22
// prints them; tools/tests/dialects_mlir.rs checks both forms and both round trips byte for byte.

// CHECK: module {
// CHECK-NEXT: func.func @ops(%arg0: tensor<4xf32>, %arg1: memref<4xf32>, %arg2: index, %arg3: i1, %arg4: memref<2xf32>) -> tensor<?xf32> {
// CHECK-NEXT: %0 = bufferization.alloc_tensor(%arg2) : tensor<?xf32>
// CHECK-NEXT: %1 = bufferization.alloc_tensor() copy(%arg0) : tensor<4xf32>
// CHECK-NEXT: %2 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
// CHECK-NEXT: %3 = bufferization.clone %arg1 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: %4 = bufferization.dealloc (%arg1, %arg4 : memref<4xf32>, memref<2xf32>) if (%arg3, %arg3) retain (%3 : memref<4xf32>)
// CHECK-NEXT: bufferization.dealloc (%arg1 : memref<4xf32>) if (%arg3)
// CHECK-NEXT: bufferization.dealloc
// CHECK-NEXT: bufferization.dealloc_tensor %1 : tensor<4xf32>
// CHECK-NEXT: %5 = bufferization.materialize_in_destination %arg0 in %1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: bufferization.materialize_in_destination %arg0 in restrict writable %arg1 : (tensor<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: %6 = bufferization.to_buffer %arg0 read_only : tensor<4xf32> to memref<4xf32>
// CHECK-NEXT: %7 = bufferization.to_buffer %arg0 : tensor<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %8 = bufferization.to_tensor %arg1 restrict writable : memref<4xf32> to tensor<4xf32>
// CHECK-NEXT: return %0 : tensor<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

module {
  func.func @ops(%arg0: tensor<4xf32>, %arg1: memref<4xf32>, %arg2: index, %arg3: i1, %arg4: memref<2xf32>) -> tensor<?xf32> {
    %0 = bufferization.alloc_tensor(%arg2) : tensor<?xf32>
    %1 = bufferization.alloc_tensor() copy(%arg0) : tensor<4xf32>
    %2 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
    %3 = bufferization.clone %arg1 : memref<4xf32> to memref<4xf32>
    %4 = bufferization.dealloc (%arg1, %arg4 : memref<4xf32>, memref<2xf32>) if (%arg3, %arg3) retain (%3 : memref<4xf32>)
    bufferization.dealloc (%arg1 : memref<4xf32>) if (%arg3)
    bufferization.dealloc
    bufferization.dealloc_tensor %1 : tensor<4xf32>
    %5 = bufferization.materialize_in_destination %arg0 in %1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    bufferization.materialize_in_destination %arg0 in restrict writable %arg1 : (tensor<4xf32>, memref<4xf32>) -> ()
    %6 = bufferization.to_buffer %arg0 read_only : tensor<4xf32> to memref<4xf32>
    %7 = bufferization.to_buffer %arg0 : tensor<4xf32> to memref<4xf32, strided<[?], offset: ?>>
    %8 = bufferization.to_tensor %arg1 restrict writable : memref<4xf32> to tensor<4xf32>
    return %0 : tensor<?xf32>
  }
}
