// RUN: strata-opt %s | strata-check %s
// RUN: strata-opt %s --mlir-print-op-generic | strata-opt | strata-check %s
// Produced by mlir-opt-22 --convert-linalg-to-affine-loops from a linalg.matmul and an elementwise linalg.generic.
module {
  func.func @matmul(%arg0: memref<64x32xf32>, %arg1: memref<32x16xf32>, %arg2: memref<64x16xf32>) {
    affine.for %arg3 = 0 to 64 {
      affine.for %arg4 = 0 to 16 {
        affine.for %arg5 = 0 to 32 {
          %0 = affine.load %arg0[%arg3, %arg5] : memref<64x32xf32>
          %1 = affine.load %arg1[%arg5, %arg4] : memref<32x16xf32>
          %2 = affine.load %arg2[%arg3, %arg4] : memref<64x16xf32>
          %3 = arith.mulf %0, %1 : f32
          %4 = arith.addf %2, %3 : f32
          affine.store %4, %arg2[%arg3, %arg4] : memref<64x16xf32>
        }
      }
    }
    return
  }
  func.func @add(%arg0: memref<?x?xf32>, %arg1: memref<?x?xf32>) {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
    %dim_0 = memref.dim %arg0, %c1 : memref<?x?xf32>
    affine.for %arg2 = 0 to %dim {
      affine.for %arg3 = 0 to %dim_0 {
        %0 = affine.load %arg0[%arg2, %arg3] : memref<?x?xf32>
        %1 = affine.load %arg1[%arg2, %arg3] : memref<?x?xf32>
        %2 = arith.addf %0, %1 : f32
        affine.store %2, %arg1[%arg2, %arg3] : memref<?x?xf32>
      }
    }
    return
  }
}

// The affine ops as mlir-opt-22 prints them (tools/tests/dialects_mlir.rs checks the whole
// output byte for byte against mlir-opt-22):
// CHECK: affine.for %arg3 = 0 to 64 {
// CHECK: affine.for %arg4 = 0 to 16 {
// CHECK: affine.for %arg5 = 0 to 32 {
// CHECK: %0 = affine.load %arg0[%arg3, %arg5] : memref<64x32xf32>
// CHECK: %1 = affine.load %arg1[%arg5, %arg4] : memref<32x16xf32>
// CHECK: %2 = affine.load %arg2[%arg3, %arg4] : memref<64x16xf32>
// CHECK: affine.store %4, %arg2[%arg3, %arg4] : memref<64x16xf32>
// CHECK: affine.for %arg2 = 0 to %dim {
// CHECK: affine.for %arg3 = 0 to %dim_0 {
// CHECK: %0 = affine.load %arg0[%arg2, %arg3] : memref<?x?xf32>
// CHECK: %1 = affine.load %arg1[%arg2, %arg3] : memref<?x?xf32>
// CHECK: affine.store %2, %arg1[%arg2, %arg3] : memref<?x?xf32>
