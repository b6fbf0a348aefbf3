// RUN: strata-opt %s | strata-check %s
// RUN: strata-opt %s --mlir-print-op-generic | strata-opt | strata-check %s
// Produced by mlir-opt-22 --convert-linalg-to-affine-loops | --affine-super-vectorize="virtual-vector-size=8" (ub.poison replaced by arith.constant).
#map = affine_map<(d0, d1) -> (0)>
module {
  func.func @matmul(%arg0: memref<64x32xf32>, %arg1: memref<32x16xf32>, %arg2: memref<64x16xf32>) {
    affine.for %arg3 = 0 to 64 {
      affine.for %arg4 = 0 to 16 step 8 {
        affine.for %arg5 = 0 to 32 {
          %0 = arith.constant 0.0 : f32
          %1 = vector.transfer_read %arg0[%arg3, %arg5], %0 {permutation_map = #map} : memref<64x32xf32>, vector<8xf32>
          %2 = arith.constant 0.0 : f32
          %3 = vector.transfer_read %arg1[%arg5, %arg4], %2 : memref<32x16xf32>, vector<8xf32>
          %4 = arith.constant 0.0 : f32
          %5 = vector.transfer_read %arg2[%arg3, %arg4], %4 : memref<64x16xf32>, vector<8xf32>
          %6 = arith.mulf %1, %3 : vector<8xf32>
          %7 = arith.addf %5, %6 : vector<8xf32>
          vector.transfer_write %7, %arg2[%arg3, %arg4] : vector<8xf32>, memref<64x16xf32>
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
      affine.for %arg3 = 0 to %dim_0 step 8 {
        %0 = arith.constant 0.0 : f32
        %1 = vector.transfer_read %arg0[%arg2, %arg3], %0 : memref<?x?xf32>, vector<8xf32>
        %2 = arith.constant 0.0 : f32
        %3 = vector.transfer_read %arg1[%arg2, %arg3], %2 : memref<?x?xf32>, vector<8xf32>
        %4 = arith.addf %1, %3 : vector<8xf32>
        vector.transfer_write %4, %arg1[%arg2, %arg3] : vector<8xf32>, memref<?x?xf32>
      }
    }
    return
  }
}

// The affine ops as mlir-opt-22 prints them (tools/tests/dialects_mlir.rs checks the whole
// output byte for byte against mlir-opt-22):
// CHECK: affine.for %arg3 = 0 to 64 {
// CHECK: affine.for %arg4 = 0 to 16 step 8 {
// CHECK: affine.for %arg5 = 0 to 32 {
// CHECK: %0 = vector.transfer_read %arg0[%arg3, %arg5], %cst {permutation_map = #map} : memref<64x32xf32>, vector<8xf32>
// CHECK: %1 = vector.transfer_read %arg1[%arg5, %arg4], %cst_0 : memref<32x16xf32>, vector<8xf32>
// CHECK: %2 = vector.transfer_read %arg2[%arg3, %arg4], %cst_1 : memref<64x16xf32>, vector<8xf32>
// CHECK: vector.transfer_write %4, %arg2[%arg3, %arg4] : vector<8xf32>, memref<64x16xf32>
// CHECK: affine.for %arg2 = 0 to %dim {
// CHECK: affine.for %arg3 = 0 to %dim_0 step 8 {
// CHECK: %0 = vector.transfer_read %arg0[%arg2, %arg3], %cst : memref<?x?xf32>, vector<8xf32>
// CHECK: %1 = vector.transfer_read %arg1[%arg2, %arg3], %cst_1 : memref<?x?xf32>, vector<8xf32>
// CHECK: vector.transfer_write %2, %arg1[%arg2, %arg3] : vector<8xf32>, memref<?x?xf32>
