// RUN: strata-opt %s | strata-check %s
// RUN: strata-opt %s --mlir-print-op-generic | strata-opt | strata-check %s
#map_lb = affine_map<(d0) -> (d0)>
#map_ub = affine_map<(d0)[s0] -> (d0 + 32, s0)>
func.func @tiled(%A: memref<?x?xf32>, %B: memref<f32>, %n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %d = memref.dim %A, %c0 : memref<?x?xf32>
  affine.for %i = 0 to %n step 32 {
    affine.for %ii = #map_lb(%i) to min #map_ub(%i)[%n] {
      affine.for %j = %m to 100 {
        %v = affine.load %A[%ii floordiv 4 + %j mod 3, (%ii + symbol(%n)) ceildiv 2] : memref<?x?xf32>
        %w = affine.load %B[] : memref<f32>
        %x = arith.addf %v, %w : f32
        affine.store %x, %A[%ii, symbol(%n) + symbol(%m) - 1] : memref<?x?xf32>
      }
    }
  }
  affine.for %i = 0 to %d {
    affine.if affine_set<(d0) : (d0 == 0)>(%i) {
      %c = arith.constant 1.0 : f32
      affine.store %c, %B[] : memref<f32>
    }
    affine.if affine_set<(d0)[s0, s1] : (d0 - s0 >= 0, s1 - d0 - 1 >= 0)>(%i)[%n, %m] {
      affine.prefetch %A[%i, %i], write, locality<1>, instr : memref<?x?xf32>
    } else {
    }
  }
  %a = affine.apply affine_map<()[s0] -> (s0 * 4)>()[%n]
  %b = affine.apply affine_map<(d0, d1) -> (d0 * 3 + d1 - 7)>(%a, %d)
  %mx = affine.max affine_map<(d0)[s0] -> (d0, s0, 16)>(%a)[%n]
  %mn = affine.min affine_map<()[s0] -> (s0, 16)>()[%n]
  affine.parallel (%i, %j) = (0, 0) to (%n, symbol(%m) floordiv 2) {
    %v = affine.load %A[%i, %j] : memref<?x?xf32>
  }
  affine.parallel (%i) = (max(%n, %m, 2)) to (min(%n * 2, 100)) step (4) {
  }
  affine.parallel () = () to () {
  }
  %r:2 = affine.parallel (%i) = (0) to (%n) reduce ("maximumf", "mulf") -> (f32, f32) {
    %v = affine.load %A[%i, 0] : memref<?x?xf32>
    affine.yield %v, %v : f32, f32
  }
  %l = affine.linearize_index [%a, %b] by (4, %n) : index
  %l2 = affine.linearize_index [%a, %b, %n] by (%n, 8) : index
  %q:3 = affine.delinearize_index %l into (%n, 4, 8) : index, index, index
  %q2:2 = affine.delinearize_index %l into (16) : index, index
  %s:2 = affine.for %i = 0 to 10 iter_args(%acc = %a, %acc2 = %b) -> (index, index) {
    %t = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%acc, %i)
    affine.yield %t, %acc2 : index, index
  }
  affine.for %i = 0 to 16 step 8 {
    %vec = affine.vector_load %A[%i, %i * 2] : memref<?x?xf32>, vector<8xf32>
    affine.vector_store %vec, %A[%i + 1, symbol(%n)] : memref<?x?xf32>, vector<8xf32>
  } {some.attr = 1 : i32}
  return
}

// The affine ops as mlir-opt-22 prints them (tools/tests/dialects_mlir.rs checks the whole
// output byte for byte against mlir-opt-22):
// CHECK: affine.for %arg4 = 0 to %arg2 step 32 {
// CHECK: affine.for %arg5 = #map(%arg4) to min #map1(%arg4)[%arg2] {
// CHECK: affine.for %arg6 = %arg3 to 100 {
// CHECK: %10 = affine.load %arg0[%arg5 floordiv 4 + %arg6 mod 3, (%arg5 + symbol(%arg2)) ceildiv 2] : memref<?x?xf32>
// CHECK: %11 = affine.load %arg1[] : memref<f32>
// CHECK: affine.store %12, %arg0[%arg5, symbol(%arg2) + symbol(%arg3) - 1] : memref<?x?xf32>
// CHECK: affine.for %arg4 = 0 to %dim {
// CHECK: affine.if #set(%arg4) {
// CHECK: affine.store %cst, %arg1[] : memref<f32>
// CHECK: affine.if #set1(%arg4)[%arg2, %arg3] {
// CHECK: affine.prefetch %arg0[%arg4, %arg4], write, locality<1>, instr : memref<?x?xf32>
// CHECK: %0 = affine.apply #map2()[%arg2]
// CHECK: %1 = affine.apply #map3(%0, %dim)
// CHECK: %2 = affine.max #map4(%0)[%arg2]
// CHECK: %3 = affine.min #map5()[%arg2]
// CHECK: affine.parallel (%arg4, %arg5) = (0, 0) to (%arg2, symbol(%arg3) floordiv 2) {
// CHECK: %10 = affine.load %arg0[%arg4, %arg5] : memref<?x?xf32>
// CHECK: affine.parallel (%arg4) = (max(%arg2, %arg3, 2)) to (min(%arg2 * 2, 100)) step (4) {
// CHECK: affine.parallel () = () to () {
// CHECK: %4:2 = affine.parallel (%arg4) = (0) to (%arg2) reduce ("maximumf", "mulf") -> (f32, f32) {
// CHECK: %10 = affine.load %arg0[%arg4, 0] : memref<?x?xf32>
// CHECK: affine.yield %10, %10 : f32, f32
// CHECK: %5 = affine.linearize_index [%0, %1] by (4, %arg2) : index
// CHECK: %6 = affine.linearize_index [%0, %1, %arg2] by (%arg2, 8) : index
// CHECK: %7:3 = affine.delinearize_index %5 into (%arg2, 4, 8) : index, index, index
// CHECK: %8:2 = affine.delinearize_index %5 into (16) : index, index
// CHECK: %9:2 = affine.for %arg4 = 0 to 10 iter_args(%arg5 = %0, %arg6 = %1) -> (index, index) {
// CHECK: %10 = affine.apply #map6(%arg5, %arg4)
// CHECK: affine.yield %10, %arg6 : index, index
// CHECK: affine.for %arg4 = 0 to 16 step 8 {
// CHECK: %10 = affine.vector_load %arg0[%arg4, %arg4 * 2] : memref<?x?xf32>, vector<8xf32>
// CHECK: affine.vector_store %10, %arg0[%arg4 + 1, symbol(%arg2)] : memref<?x?xf32>, vector<8xf32>
