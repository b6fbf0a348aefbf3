// RUN: strata-opt %s | strata-check %s
// RUN: strata-opt %s --mlir-print-op-generic | strata-opt | strata-check %s
#matmat_accesses = [
  affine_map<(i, j, k) -> (i, k)>,
  affine_map<(i, j, k) -> (k, j)>,
  affine_map<(i, j, k) -> (i, j)>
]
#matmat_trait = {
  indexing_maps = #matmat_accesses,
  iterator_types = ["parallel", "parallel", "reduction"]
}
func.func @v(%a: vector<4x8xf32>, %b: vector<8x16xf32>, %c: vector<4x16xf32>, %m: memref<?x?xf32>, %t: tensor<?x?xf32>, %i: index, %f: f32, %x: vector<4xf32>, %y: vector<16xf32>, %mask: vector<4x8xi1>, %m1: vector<8xi1>) -> tensor<?x?xf32> {
  %0 = vector.contract #matmat_trait %a, %b, %c : vector<4x8xf32>, vector<8x16xf32> into vector<4x16xf32>
  %1 = vector.contract {indexing_maps = #matmat_accesses, iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<maxnumf>} %a, %b, %c {foo = 1 : i32} : vector<4x8xf32>, vector<8x16xf32> into vector<4x16xf32>
  %2 = vector.transfer_read %m[%i, %i], %f : memref<?x?xf32>, vector<4x8xf32>
  %3 = vector.transfer_read %m[%i, %i], %f, %mask {in_bounds = [true, false]} : memref<?x?xf32>, vector<4x8xf32>
  %4 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x?xf32>, vector<8x4xf32>
  %5 = vector.transfer_read %m[%i, %i], %f, %m1 {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<?x?xf32>, vector<4x8xf32>
  vector.transfer_write %2, %m[%i, %i] : vector<4x8xf32>, memref<?x?xf32>
  vector.transfer_write %2, %m[%i, %i], %mask {in_bounds = [true, true]} : vector<4x8xf32>, memref<?x?xf32>
  %6 = vector.transfer_write %2, %t[%i, %i] : vector<4x8xf32>, tensor<?x?xf32>
  %7 = vector.outerproduct %x, %y : vector<4xf32>, vector<16xf32>
  %8 = vector.outerproduct %x, %y, %c : vector<4xf32>, vector<16xf32>
  %9 = vector.outerproduct %x, %f, %x {kind = #vector.kind<mul>} : vector<4xf32>, f32
  %10 = vector.mask %m1 { vector.transfer_read %m[%i, %i], %f : memref<?x?xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  %11 = vector.broadcast %f : f32 to vector<4x8xf32>
  %12 = vector.shape_cast %2 : vector<4x8xf32> to vector<32xf32>
  %13 = vector.extract %2[1] : vector<8xf32> from vector<4x8xf32>
  %14 = vector.extract %2[%i, 3] : f32 from vector<4x8xf32>
  %15 = vector.insert %f, %2[1, 2] : f32 into vector<4x8xf32>
  %16 = vector.reduction <add>, %x : vector<4xf32> into f32
  %17 = vector.reduction <maxnumf>, %x, %f fastmath<nnan> : vector<4xf32> into f32
  %18 = vector.multi_reduction <add>, %2, %x [1] : vector<4x8xf32> to vector<4xf32>
  %19 = vector.fma %x, %x, %x : vector<4xf32>
  %20 = vector.transpose %2, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
  %21 = vector.constant_mask [2, 3] : vector<4x8xi1>
  %22 = vector.create_mask %i, %i : vector<4x8xi1>
  %23 = vector.load %m[%i, %i] : memref<?x?xf32>, vector<8xf32>
  vector.store %23, %m[%i, %i] : memref<?x?xf32>, vector<8xf32>
  %24 = vector.shuffle %x, %x [0, 4, 1, 5] : vector<4xf32>, vector<4xf32>
  %25 = vector.extract_strided_slice %2 {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  %26 = vector.insert_strided_slice %25, %2 {offsets = [0, 2], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
  %27 = vector.step : vector<4xindex>
  %28 = vector.from_elements %f, %f, %f, %f : vector<4xf32>
  %29:4 = vector.to_elements %x : vector<4xf32>
  %30 = vector.bitcast %x : vector<4xf32> to vector<4xi32>
  %31 = vector.interleave %x, %x : vector<4xf32> -> vector<8xf32>
  %32, %33 = vector.deinterleave %31 : vector<8xf32> -> vector<4xf32>
  %34 = vector.maskedload %m[%i, %i], %m1, %23 : memref<?x?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  %35 = vector.broadcast %x : vector<4xf32> to vector<3x4xf32>
  %36:2 = vector.scan <add>, %2, %x {inclusive = true, reduction_dim = 1 : i64} : vector<4x8xf32>, vector<4xf32>
  vector.print %x : vector<4xf32>
  return %6 : tensor<?x?xf32>
}

// The vector ops as mlir-opt-22 prints them (tools/tests/dialects_mlir.rs checks the whole
// output byte for byte against mlir-opt-22):
// CHECK: %0 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %arg0, %arg1, %arg2 : vector<4x8xf32>, vector<8x16xf32> into vector<4x16xf32>
// CHECK: %1 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<maxnumf>} %arg0, %arg1, %arg2 {foo = 1 : i32} : vector<4x8xf32>, vector<8x16xf32> into vector<4x16xf32>
// CHECK: %2 = vector.transfer_read %arg3[%arg5, %arg5], %arg6 : memref<?x?xf32>, vector<4x8xf32>
// CHECK: %3 = vector.transfer_read %arg3[%arg5, %arg5], %arg6, %arg9 {in_bounds = [true, false]} : memref<?x?xf32>, vector<4x8xf32>
// CHECK: %4 = vector.transfer_read %arg3[%arg5, %arg5], %arg6 {permutation_map = #map3} : memref<?x?xf32>, vector<8x4xf32>
// CHECK: %5 = vector.transfer_read %arg3[%arg5, %arg5], %arg6, %arg10 {permutation_map = #map4} : memref<?x?xf32>, vector<4x8xf32>
// CHECK: vector.transfer_write %2, %arg3[%arg5, %arg5] : vector<4x8xf32>, memref<?x?xf32>
// CHECK: vector.transfer_write %2, %arg3[%arg5, %arg5], %arg9 {in_bounds = [true, true]} : vector<4x8xf32>, memref<?x?xf32>
// CHECK: %6 = vector.transfer_write %2, %arg4[%arg5, %arg5] : vector<4x8xf32>, tensor<?x?xf32>
// CHECK: %7 = vector.outerproduct %arg7, %arg8 : vector<4xf32>, vector<16xf32>
// CHECK: %8 = vector.outerproduct %arg7, %arg8, %arg2 {kind = #vector.kind<add>} : vector<4xf32>, vector<16xf32>
// CHECK: %9 = vector.outerproduct %arg7, %arg6, %arg7 {kind = #vector.kind<mul>} : vector<4xf32>, f32
// CHECK: %10 = vector.mask %arg10 { vector.transfer_read %arg3[%arg5, %arg5], %arg6 : memref<?x?xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf32>
// CHECK: %11 = vector.broadcast %arg6 : f32 to vector<4x8xf32>
// CHECK: %12 = vector.shape_cast %2 : vector<4x8xf32> to vector<32xf32>
// CHECK: %13 = vector.extract %2[1] : vector<8xf32> from vector<4x8xf32>
// CHECK: %14 = vector.extract %2[%arg5, 3] : f32 from vector<4x8xf32>
// CHECK: %15 = vector.insert %arg6, %2 [1, 2] : f32 into vector<4x8xf32>
// CHECK: %16 = vector.reduction <add>, %arg7 : vector<4xf32> into f32
// CHECK: %17 = vector.reduction <maxnumf>, %arg7, %arg6 fastmath<nnan> : vector<4xf32> into f32
// CHECK: %18 = vector.multi_reduction <add>, %2, %arg7 [1] : vector<4x8xf32> to vector<4xf32>
// CHECK: %19 = vector.fma %arg7, %arg7, %arg7 : vector<4xf32>
// CHECK: %20 = vector.transpose %2, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
// CHECK: %21 = vector.constant_mask [2, 3] : vector<4x8xi1>
// CHECK: %22 = vector.create_mask %arg5, %arg5 : vector<4x8xi1>
// CHECK: %23 = vector.load %arg3[%arg5, %arg5] : memref<?x?xf32>, vector<8xf32>
// CHECK: vector.store %23, %arg3[%arg5, %arg5] : memref<?x?xf32>, vector<8xf32>
// CHECK: %24 = vector.shuffle %arg7, %arg7 [0, 4, 1, 5] : vector<4xf32>, vector<4xf32>
// CHECK: %25 = vector.extract_strided_slice %2 {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
// CHECK: %26 = vector.insert_strided_slice %25, %2 {offsets = [0, 2], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
// CHECK: %27 = vector.step : vector<4xindex>
// CHECK: %28 = vector.from_elements %arg6, %arg6, %arg6, %arg6 : vector<4xf32>
// CHECK: %29:4 = vector.to_elements %arg7 : vector<4xf32>
// CHECK: %30 = vector.bitcast %arg7 : vector<4xf32> to vector<4xi32>
// CHECK: %31 = vector.interleave %arg7, %arg7 : vector<4xf32> -> vector<8xf32>
// CHECK: %res1, %res2 = vector.deinterleave %31 : vector<8xf32> -> vector<4xf32>
// CHECK: %32 = vector.maskedload %arg3[%arg5, %arg5], %arg10, %23 : memref<?x?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK: %33 = vector.broadcast %arg7 : vector<4xf32> to vector<3x4xf32>
// CHECK: %dest, %accumulated_value = vector.scan <add>, %2, %arg7 {inclusive = true, reduction_dim = 1 : i64} : vector<4x8xf32>, vector<4xf32>
// CHECK: vector.print %arg7 : vector<4xf32>
