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
