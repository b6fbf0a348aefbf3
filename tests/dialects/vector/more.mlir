// RUN: strata-opt %s | strata-check %s
// RUN: strata-opt %s --mlir-print-op-generic | strata-opt | strata-check %s
func.func @more(%m: memref<?xf32>, %m2: memref<4x4xf32>, %t: tensor<4x4xvector<4xf32>>, %t0: tensor<f32>, %i: index, %f: f32,
                %v: vector<16xf32>, %mask: vector<16xi1>, %idx: vector<16xi32>, %s: vector<[4]xf32>, %sv: vector<8xf32>) {
  %c0 = arith.constant 0 : index
  %0 = vector.gather %m[%c0] [%idx], %mask, %v : memref<?xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  vector.scatter %m[%c0] [%idx], %mask, %v : memref<?xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32>
  %1 = vector.expandload %m[%c0], %mask, %v : memref<?xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  vector.compressstore %m[%c0], %mask, %v : memref<?xf32>, vector<16xi1>, vector<16xf32>
  vector.maskedstore %m[%c0], %mask, %v : memref<?xf32>, vector<16xi1>, vector<16xf32>
  %2 = vector.vscale
  %3 = vector.broadcast %f : f32 to vector<[4]xf32>
  %4 = vector.scalable.insert %sv, %s[0] : vector<8xf32> into vector<[4]xf32>
  %5 = vector.scalable.extract %s[0] : vector<4xf32> from vector<[4]xf32>
  %6 = vector.type_cast %m2 : memref<4x4xf32> to memref<vector<4x4xf32>>
  %7 = vector.transfer_read %t[%i, %i], %5 {in_bounds = [true]} : tensor<4x4xvector<4xf32>>, vector<1x8xf32>
  %8 = vector.transfer_read %t0[], %f : tensor<f32>, vector<f32>
  %9 = vector.transfer_read %m[%i], %f {permutation_map = affine_map<(d0) -> (0)>} : memref<?xf32>, vector<4xf32>
  %10 = vector.mask %mask, %v { vector.transfer_read %m[%c0], %f : memref<?xf32>, vector<16xf32> } : vector<16xi1> -> vector<16xf32>
  vector.mask %mask { vector.transfer_write %v, %m[%c0] : vector<16xf32>, memref<?xf32> } : vector<16xi1>
  %11 = vector.mask %mask { vector.reduction <add>, %v : vector<16xf32> into f32 } : vector<16xi1> -> f32
  %12 = vector.create_mask %i : vector<[4]xi1>
  %13 = vector.constant_mask [4] : vector<[4]xi1>
  %14 = vector.step : vector<[4]xindex>
  %15 = vector.extract %sv[] : vector<8xf32> from vector<8xf32>
  %16 = vector.insert %f, %sv [%i] : f32 into vector<8xf32>
  %17 = vector.reduction <minsi>, %idx : vector<16xi32> into i32
  %18 = vector.outerproduct %s, %s : vector<[4]xf32>, vector<[4]xf32>
  vector.print str "done"
  vector.print punctuation <close>
  vector.print %f : f32 punctuation <comma>
  %19 = vector.broadcast %sv : vector<8xf32> to vector<2x3x8xf32>
  %20 = vector.shape_cast %19 : vector<2x3x8xf32> to vector<6x8xf32>
  %21 = vector.bitcast %sv : vector<8xf32> to vector<16xf16>
  return
}

// The vector ops as mlir-opt-22 prints them (tools/tests/dialects_mlir.rs checks the whole
// output byte for byte against mlir-opt-22):
// CHECK: %0 = vector.gather %arg0[%c0] [%arg8], %arg7, %arg6 : memref<?xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK: vector.scatter %arg0[%c0] [%arg8], %arg7, %arg6 : memref<?xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32>
// CHECK: %1 = vector.expandload %arg0[%c0], %arg7, %arg6 : memref<?xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK: vector.compressstore %arg0[%c0], %arg7, %arg6 : memref<?xf32>, vector<16xi1>, vector<16xf32>
// CHECK: vector.maskedstore %arg0[%c0], %arg7, %arg6 : memref<?xf32>, vector<16xi1>, vector<16xf32>
// CHECK: %vscale = vector.vscale
// CHECK: %2 = vector.broadcast %arg5 : f32 to vector<[4]xf32>
// CHECK: %3 = vector.scalable.insert %arg10, %arg9[0] : vector<8xf32> into vector<[4]xf32>
// CHECK: %4 = vector.scalable.extract %arg9[0] : vector<4xf32> from vector<[4]xf32>
// CHECK: %5 = vector.type_cast %arg1 : memref<4x4xf32> to memref<vector<4x4xf32>>
// CHECK: %6 = vector.transfer_read %arg2[%arg4, %arg4], %4 {in_bounds = [true]} : tensor<4x4xvector<4xf32>>, vector<1x8xf32>
// CHECK: %7 = vector.transfer_read %arg3[], %arg5 : tensor<f32>, vector<f32>
// CHECK: %8 = vector.transfer_read %arg0[%arg4], %arg5 {permutation_map = #map} : memref<?xf32>, vector<4xf32>
// CHECK: %9 = vector.mask %arg7, %arg6 { vector.transfer_read %arg0[%c0], %arg5 : memref<?xf32>, vector<16xf32> } : vector<16xi1> -> vector<16xf32>
// CHECK: vector.mask %arg7 { vector.transfer_write %arg6, %arg0[%c0] : vector<16xf32>, memref<?xf32> } : vector<16xi1>
// CHECK: %10 = vector.mask %arg7 { vector.reduction <add>, %arg6 : vector<16xf32> into f32 } : vector<16xi1> -> f32
// CHECK: %11 = vector.create_mask %arg4 : vector<[4]xi1>
// CHECK: %12 = vector.constant_mask [4] : vector<[4]xi1>
// CHECK: %13 = vector.step : vector<[4]xindex>
// CHECK: %14 = vector.extract %arg10[] : vector<8xf32> from vector<8xf32>
// CHECK: %15 = vector.insert %arg5, %arg10 [%arg4] : f32 into vector<8xf32>
// CHECK: %16 = vector.reduction <minsi>, %arg8 : vector<16xi32> into i32
// CHECK: %17 = vector.outerproduct %arg9, %arg9 : vector<[4]xf32>, vector<[4]xf32>
// CHECK: vector.print str "done"
// CHECK: vector.print punctuation <close>
// CHECK: vector.print %arg5 : f32 punctuation <comma>
// CHECK: %18 = vector.broadcast %arg10 : vector<8xf32> to vector<2x3x8xf32>
// CHECK: %19 = vector.shape_cast %18 : vector<2x3x8xf32> to vector<6x8xf32>
// CHECK: %20 = vector.bitcast %arg10 : vector<8xf32> to vector<16xf16>
