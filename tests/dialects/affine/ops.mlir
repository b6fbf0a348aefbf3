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
