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
