// RUN: strata-opt %s | strata-check %s
// RUN: strata-opt %s --mlir-print-op-generic | strata-opt | strata-check %s
// Produced by mlir-opt-22 --transform-interpreter (transform.structured.vectorize of linalg.matmul, a masked dynamic linalg.generic and linalg.reduce; ub.poison replaced by arith.constant).
#map = affine_map<(d0, d1) -> (d0, 0, d1)>
#map1 = affine_map<(d0, d1) -> (0, d1, d0)>
module {
  func.func @mm(%arg0: tensor<8x16xf32>, %arg1: tensor<16x32xf32>, %arg2: tensor<8x32xf32>) -> tensor<8x32xf32> {
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %c16 = arith.constant 16 : index
    %c0 = arith.constant 0 : index
    %0 = arith.constant 0.0 : f32
    %1 = vector.transfer_read %arg0[%c0, %c0], %0 {permutation_map = #map} : tensor<8x16xf32>, vector<8x32x16xf32>
    %2 = arith.constant 0.0 : f32
    %3 = vector.transfer_read %arg1[%c0, %c0], %2 {permutation_map = #map1} : tensor<16x32xf32>, vector<8x32x16xf32>
    %4 = arith.constant 0.0 : f32
    %5 = vector.transfer_read %arg2[%c0, %c0], %4 : tensor<8x32xf32>, vector<8x32xf32>
    %6 = arith.mulf %1, %3 : vector<8x32x16xf32>
    %7 = vector.multi_reduction <add>, %6, %5 [2] : vector<8x32x16xf32> to vector<8x32xf32>
    %c0_0 = arith.constant 0 : index
    %8 = vector.transfer_write %7, %arg2[%c0_0, %c0_0] : vector<8x32xf32>, tensor<8x32xf32>
    return %8 : tensor<8x32xf32>
  }
  func.func @dyn(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>) -> tensor<?x?xf32> {
    %c0 = arith.constant 0 : index
    %dim = tensor.dim %arg0, %c0 : tensor<?x?xf32>
    %c1 = arith.constant 1 : index
    %dim_0 = tensor.dim %arg0, %c1 : tensor<?x?xf32>
    %c0_1 = arith.constant 0 : index
    %0 = arith.constant 0.0 : f32
    %1 = vector.create_mask %dim, %dim_0 : vector<4x8xi1>
    %2 = vector.mask %1 { vector.transfer_read %arg0[%c0_1, %c0_1], %0 {in_bounds = [true, true]} : tensor<?x?xf32>, vector<4x8xf32> } : vector<4x8xi1> -> vector<4x8xf32>
    %3 = arith.constant 0.0 : f32
    %4 = vector.mask %1 { vector.transfer_read %arg1[%c0_1, %c0_1], %3 {in_bounds = [true, true]} : tensor<?x?xf32>, vector<4x8xf32> } : vector<4x8xi1> -> vector<4x8xf32>
    %5 = arith.addf %2, %4 : vector<4x8xf32>
    %c0_2 = arith.constant 0 : index
    %6 = vector.mask %1 { vector.transfer_write %5, %arg1[%c0_2, %c0_2] {in_bounds = [true, true]} : vector<4x8xf32>, tensor<?x?xf32> } : vector<4x8xi1> -> tensor<?x?xf32>
    return %6 : tensor<?x?xf32>
  }
  func.func @red(%arg0: tensor<8x16xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c0 = arith.constant 0 : index
    %0 = arith.constant 0.0 : f32
    %1 = vector.transfer_read %arg0[%c0, %c0], %0 : tensor<8x16xf32>, vector<8x16xf32>
    %2 = arith.constant 0.0 : f32
    %3 = vector.transfer_read %arg1[%c0], %2 : tensor<8xf32>, vector<8xf32>
    %4 = vector.multi_reduction <add>, %1, %3 [1] : vector<8x16xf32> to vector<8xf32>
    %c0_0 = arith.constant 0 : index
    %5 = vector.transfer_write %4, %arg1[%c0_0] : vector<8xf32>, tensor<8xf32>
    return %5 : tensor<8xf32>
  }
}

// The vector ops as mlir-opt-22 prints them (tools/tests/dialects_mlir.rs checks the whole
// output byte for byte against mlir-opt-22):
// CHECK: %0 = vector.transfer_read %arg0[%c0, %c0], %cst {permutation_map = #map} : tensor<8x16xf32>, vector<8x32x16xf32>
// CHECK: %1 = vector.transfer_read %arg1[%c0, %c0], %cst_0 {permutation_map = #map1} : tensor<16x32xf32>, vector<8x32x16xf32>
// CHECK: %2 = vector.transfer_read %arg2[%c0, %c0], %cst_1 : tensor<8x32xf32>, vector<8x32xf32>
// CHECK: %4 = vector.multi_reduction <add>, %3, %2 [2] : vector<8x32x16xf32> to vector<8x32xf32>
// CHECK: %5 = vector.transfer_write %4, %arg2[%c0_2, %c0_2] : vector<8x32xf32>, tensor<8x32xf32>
// CHECK: %0 = vector.create_mask %dim, %dim_0 : vector<4x8xi1>
// CHECK: %1 = vector.mask %0 { vector.transfer_read %arg0[%c0_1, %c0_1], %cst {in_bounds = [true, true]} : tensor<?x?xf32>, vector<4x8xf32> } : vector<4x8xi1> -> vector<4x8xf32>
// CHECK: %2 = vector.mask %0 { vector.transfer_read %arg1[%c0_1, %c0_1], %cst_2 {in_bounds = [true, true]} : tensor<?x?xf32>, vector<4x8xf32> } : vector<4x8xi1> -> vector<4x8xf32>
// CHECK: %4 = vector.mask %0 { vector.transfer_write %3, %arg1[%c0_3, %c0_3] {in_bounds = [true, true]} : vector<4x8xf32>, tensor<?x?xf32> } : vector<4x8xi1> -> tensor<?x?xf32>
// CHECK: %0 = vector.transfer_read %arg0[%c0, %c0], %cst : tensor<8x16xf32>, vector<8x16xf32>
// CHECK: %1 = vector.transfer_read %arg1[%c0], %cst_0 : tensor<8xf32>, vector<8xf32>
// CHECK: %2 = vector.multi_reduction <add>, %0, %1 [1] : vector<8x16xf32> to vector<8xf32>
// CHECK: %3 = vector.transfer_write %2, %arg1[%c0_1] : vector<8xf32>, tensor<8xf32>
