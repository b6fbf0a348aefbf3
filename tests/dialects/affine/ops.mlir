// RUN: strata-opt %s | strata-check %s
// RUN: strata-opt %s --mlir-print-op-generic | strata-opt | strata-check %s
#set = affine_set<(d0)[s0] : (d0 - 10 >= 0, s0 - d0 - 9 >= 0)>
func.func @f(%A: memref<100x100xf32>, %N: index, %v: vector<8xf32>) -> f32 {
  %cst = arith.constant 0.0 : f32
  %r = affine.for %i = max affine_map<(d0)[s0] -> (d0, s0)>(%N)[%N] to min affine_map<()[s0] -> (s0, 100)>()[%N] step 2 iter_args(%acc = %cst) -> (f32) {
    %x = affine.load %A[%i + 1, symbol(%N) * 2] : memref<100x100xf32>
    %y = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%i)[%N]
    %m = affine.min affine_map<(d0)[s0] -> (d0, s0 - 1)>(%i)[%N]
    %z = affine.if #set(%i)[%N] -> f32 {
      affine.yield %x : f32
    } else {
      affine.yield %acc : f32
    }
    affine.store %z, %A[%i, %y] : memref<100x100xf32>
    %vv = affine.vector_load %A[%i, 0] : memref<100x100xf32>, vector<8xf32>
    affine.vector_store %vv, %A[%i, 8] : memref<100x100xf32>, vector<8xf32>
    affine.prefetch %A[%i, %i + 1], read, locality<3>, data : memref<100x100xf32>
    affine.yield %z : f32
  }
  affine.parallel (%i, %j) = (0, max(%N, 2)) to (100, min(%N + 4, 50)) step (2, 3) {
    %l = affine.linearize_index disjoint [%i, %j] by (100, %N) : index
    %d:2 = affine.delinearize_index %l into (%N, 3) : index, index
  }
  %s = affine.parallel (%k) = (0) to (10) reduce ("addf") -> f32 {
    affine.yield %cst : f32
  }
  return %r : f32
}

// The affine ops as mlir-opt-22 prints them (tools/tests/dialects_mlir.rs checks the whole
// output byte for byte against mlir-opt-22):
// CHECK: %0 = affine.for %arg3 = max #map(%arg1)[%arg1] to min #map1()[%arg1] step 2 iter_args(%arg4 = %cst) -> (f32) {
// CHECK: %2 = affine.load %arg0[%arg3 + 1, symbol(%arg1) * 2] : memref<100x100xf32>
// CHECK: %3 = affine.apply #map2(%arg3)[%arg1]
// CHECK: %4 = affine.min #map3(%arg3)[%arg1]
// CHECK: %5 = affine.if #set(%arg3)[%arg1] -> f32 {
// CHECK: affine.yield %2 : f32
// CHECK: affine.yield %arg4 : f32
// CHECK: affine.store %5, %arg0[%arg3, %3] : memref<100x100xf32>
// CHECK: %6 = affine.vector_load %arg0[%arg3, 0] : memref<100x100xf32>, vector<8xf32>
// CHECK: affine.vector_store %6, %arg0[%arg3, 8] : memref<100x100xf32>, vector<8xf32>
// CHECK: affine.prefetch %arg0[%arg3, %arg3 + 1], read, locality<3>, data : memref<100x100xf32>
// CHECK: affine.yield %5 : f32
// CHECK: affine.parallel (%arg3, %arg4) = (0, max(%arg1, 2)) to (100, min(%arg1 + 4, 50)) step (2, 3) {
// CHECK: %2 = affine.linearize_index disjoint [%arg3, %arg4] by (100, %arg1) : index
// CHECK: %3:2 = affine.delinearize_index %2 into (%arg1, 3) : index, index
// CHECK: %1 = affine.parallel (%arg3) = (0) to (10) reduce ("addf") -> (f32) {
// CHECK: affine.yield %cst : f32
