// RUN: strata-opt %s | strata-check %s
// RUN: strata-opt %s --mlir-print-op-generic | strata-opt | strata-check %s
// scf.forall (normalized `in` form and explicit bounds, shared_outs, mapping),
// scf.forall.in_parallel with tensor.parallel_insert_slice, and scf.parallel with init values
// and scf.reduce, printed as mlir-opt-22 prints them.

// CHECK-LABEL: func.func @forall_tile
// CHECK: %0 = scf.forall (%arg2, %arg3) in (4, %arg1) shared_outs(%arg4 = %arg0) -> (tensor<8x16xf32>) {
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg4[%arg2, %arg3] [2, 4] [1, 1] : tensor<8x16xf32> to tensor<2x4xf32>
// CHECK-NEXT: scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %extracted_slice into %arg4[%arg2, %arg3] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
func.func @forall_tile(%t: tensor<8x16xf32>, %n: index) -> tensor<8x16xf32> {
  %r = scf.forall (%i, %j) in (4, %n) shared_outs(%o = %t) -> (tensor<8x16xf32>) {
    %s = tensor.extract_slice %o[%i, %j] [2, 4] [1, 1] : tensor<8x16xf32> to tensor<2x4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, %j] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x16xf32>
    }
  } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
  return %r : tensor<8x16xf32>
}

// CHECK-LABEL: func.func @forall_bounds
// CHECK: scf.forall (%arg2, %arg3) = (0, 0) to (%arg0, 8) step (1, 2) {
// CHECK-NEXT: %0 = arith.addi %arg2, %arg3 : index
// CHECK-NEXT: }
// CHECK: scf.forall (%arg2) = (%arg1) to (%arg0) step (%arg1) {
// CHECK-NEXT: }
// CHECK: scf.forall (%arg2) in (%arg0) {
// CHECK-NEXT: }
// CHECK: scf.forall (%arg2, %arg3, %arg4) in (2, 3, 4) {
func.func @forall_bounds(%a: index, %b: index) {
  scf.forall (%i, %j) = (0, 0) to (%a, 8) step (1, 2) {
    %x = arith.addi %i, %j : index
  }
  scf.forall (%i) = (%b) to (%a) step (%b) {
  }
  scf.forall (%i) in (%a) {
  }
  scf.forall (%i, %j, %k) = (0, 0, 0) to (2, 3, 4) step (1, 1, 1) {
    scf.forall.in_parallel {
    }
  }
  return
}

// CHECK-LABEL: func.func @forall_outs
// CHECK: %0:2 = scf.forall (%arg2) = (1) to (%arg1) step (3) shared_outs(%arg3 = %arg0, %arg4 = %arg0) -> (tensor<16xf32>, tensor<16xf32>) {
// CHECK: } {mapping = [#gpu.block<x>], test.attr}
func.func @forall_outs(%t: tensor<16xf32>, %n: index) -> tensor<16xf32> {
  %r:2 = scf.forall (%i) = (1) to (%n) step (3) shared_outs(%o = %t, %p = %t) -> (tensor<16xf32>, tensor<16xf32>) {
    %s = tensor.extract_slice %o[%i] [1] [1] : tensor<16xf32> to tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [1] [1] : tensor<1xf32> into tensor<16xf32>
      tensor.parallel_insert_slice %s into %p[%i] [1] [1] : tensor<1xf32> into tensor<16xf32>
    }
  } {test.attr, mapping = [#gpu.block<x>]}
  return %r#1 : tensor<16xf32>
}

// CHECK-LABEL: func.func @parallel
// CHECK: scf.parallel (%arg4, %arg5) = (%arg0, %c0) to (%arg1, %arg1) step (%arg2, %arg2) {
// CHECK-NEXT: %2 = arith.addi %arg4, %arg5 : index
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK: %0 = scf.parallel (%arg4) = (%arg0) to (%arg1) step (%arg2) init (%arg3) -> f32 {
// CHECK: } {foo}
// CHECK: %1:2 = scf.parallel (%arg4) = (%arg0) to (%arg1) step (%arg2) init (%arg3, %arg3) -> (f32, f32) {
func.func @parallel(%lb: index, %ub: index, %s: index, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  scf.parallel (%i, %j) = (%lb, %c0) to (%ub, %ub) step (%s, %s) {
    %y = arith.addi %i, %j : index
  }
  %res = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%init) -> f32 {
    %e = arith.constant 1.0 : f32
    scf.reduce(%e : f32) {
    ^bb0(%l: f32, %r: f32):
      %v = arith.addf %l, %r : f32
      scf.reduce.return %v : f32
    }
  } {foo}
  %res2:2 = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%init, %init) -> (f32, f32) {
    scf.reduce(%init, %init : f32, f32) {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %l : f32
    }, {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %r : f32
    }
  }
  scf.parallel (%i) = (%lb) to (%ub) step (%s) {
    scf.reduce
  }
  return %res : f32
}

// linalg.matmul tiled by mlir-opt-22's `transform.structured.tile_using_forall` (tile sizes
// [32, 16], block mapping), then canonicalized.
// CHECK-LABEL: func.func @matmul_tiled
// CHECK: %1 = scf.forall (%arg3, %arg4) in (4, %0) shared_outs(%arg5 = %arg2) -> (tensor<128x?xf32>) {
// CHECK: %4 = affine.min #map3(%arg4)[%dim]
// CHECK: scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %5 into %arg5[%2, %3] [32, %4] [1, 1] : tensor<32x?xf32> into tensor<128x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: } {mapping = [#gpu.block<y>, #gpu.block<x>]}
func.func @matmul_tiled(%arg0: tensor<128x64xf32>, %arg1: tensor<64x?xf32>, %arg2: tensor<128x?xf32>) -> tensor<128x?xf32> {
  %c1 = arith.constant 1 : index
  %dim = tensor.dim %arg1, %c1 : tensor<64x?xf32>
  %0 = affine.apply affine_map<()[s0] -> (s0 ceildiv 16)>()[%dim]
  %1 = scf.forall (%arg3, %arg4) in (4, %0) shared_outs(%arg5 = %arg2) -> (tensor<128x?xf32>) {
    %2 = affine.apply affine_map<(d0) -> (d0 * 32)>(%arg3)
    %3 = affine.apply affine_map<(d0) -> (d0 * 16)>(%arg4)
    %4 = affine.min affine_map<(d0)[s0] -> (d0 * -16 + s0, 16)>(%arg4)[%dim]
    %extracted_slice = tensor.extract_slice %arg0[%2, 0] [32, 64] [1, 1] : tensor<128x64xf32> to tensor<32x64xf32>
    %extracted_slice_0 = tensor.extract_slice %arg1[0, %3] [64, %4] [1, 1] : tensor<64x?xf32> to tensor<64x?xf32>
    %extracted_slice_1 = tensor.extract_slice %arg5[%2, %3] [32, %4] [1, 1] : tensor<128x?xf32> to tensor<32x?xf32>
    %5 = linalg.matmul ins(%extracted_slice, %extracted_slice_0 : tensor<32x64xf32>, tensor<64x?xf32>) outs(%extracted_slice_1 : tensor<32x?xf32>) -> tensor<32x?xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %5 into %arg5[%2, %3] [32, %4] [1, 1] : tensor<32x?xf32> into tensor<128x?xf32>
    }
  } {mapping = [#gpu.block<y>, #gpu.block<x>]}
  return %1 : tensor<128x?xf32>
}
