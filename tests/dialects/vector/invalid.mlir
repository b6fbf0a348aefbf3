// RUN: strata-opt --split-input-file --verify-diagnostics %s
// Verifier and parser errors of vector ops (MLIR 22's messages).

#map_ik = affine_map<(i, j, k) -> (i, k)>
#map_kj = affine_map<(i, j, k) -> (k, j)>
#map_ij = affine_map<(i, j, k) -> (i, j)>
func.func @contract_maps(%a: vector<4x8xf32>, %b: vector<8x16xf32>, %c: vector<4x16xf32>) {
  // expected-error @+1 {{'vector.contract' op expected an indexing map for each vector operand}}
  %0 = vector.contract {indexing_maps = [#map_ik, #map_kj], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c : vector<4x8xf32>, vector<8x16xf32> into vector<4x16xf32>
  return
}

// -----

#map_ik = affine_map<(i, j, k) -> (i, k)>
#map_kj = affine_map<(i, j, k) -> (k, j)>
#map_ij = affine_map<(i, j, k) -> (i, j)>
func.func @contract_iter(%a: vector<4x8xf32>, %b: vector<8x16xf32>, %c: vector<4x16xf32>) {
  // expected-error @+1 {{'vector.contract' op expected indexing map 0 to have 2 number of inputs}}
  %0 = vector.contract {indexing_maps = [#map_ik, #map_kj, #map_ij], iterator_types = ["parallel", "reduction"]} %a, %b, %c : vector<4x8xf32>, vector<8x16xf32> into vector<4x16xf32>
  return
}

// -----

#map_ik = affine_map<(i, j, k) -> (i, k)>
#map_kj = affine_map<(i, j, k) -> (k, j)>
#map_ij = affine_map<(i, j, k) -> (i, j)>
func.func @contract_dims(%a: vector<4x8xf32>, %b: vector<9x16xf32>, %c: vector<4x16xf32>) {
  // expected-error @+1 {{'vector.contract' op invalid contracting dimension map}}
  %0 = vector.contract {indexing_maps = [#map_ik, #map_kj, #map_ij], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c : vector<4x8xf32>, vector<9x16xf32> into vector<4x16xf32>
  return
}

// -----

#map_ik = affine_map<(i, j, k) -> (i, k)>
#map_kj = affine_map<(i, j, k) -> (k, j)>
#map_ij = affine_map<(i, j, k) -> (i, j)>
func.func @contract_shape(%a: vector<4x8xf32>, %b: vector<8x16xf32>, %c: vector<4x15xf32>) {
  // expected-error @+1 {{'vector.contract' op invalid accumulator/result vector shape, expected: 'vector<4x16xf32>'}}
  %0 = vector.contract {indexing_maps = [#map_ik, #map_kj, #map_ij], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c : vector<4x8xf32>, vector<8x16xf32> into vector<4x15xf32>
  return
}

// -----

#map_ik = affine_map<(i, j, k) -> (i, k)>
#map_kj = affine_map<(i, j, k) -> (k, j)>
#map_ij = affine_map<(i, j, k) -> (i, j)>
func.func @contract_none(%a: vector<4x8xf32>, %b: vector<8x16xf32>, %c: vector<4x16xf32>) {
  // expected-error @+1 {{'vector.contract' op expected at least one contracting dimension pair}}
  %0 = vector.contract {indexing_maps = [#map_ik, #map_kj, #map_ij], iterator_types = ["parallel", "parallel", "parallel"]} %a, %b, %c : vector<4x8xf32>, vector<8x16xf32> into vector<4x16xf32>
  return
}

// -----

#map_ik = affine_map<(i, j, k) -> (i, k)>
#map_kj = affine_map<(i, j, k) -> (k, j)>
#map_ij = affine_map<(i, j, k) -> (i, j)>
func.func @contract_iter_name(%a: vector<4x8xf32>, %b: vector<8x16xf32>, %c: vector<4x16xf32>) {
  // expected-error @+1 {{unexpected iterator_type (window)}}
  %0 = vector.contract {indexing_maps = [#map_ik, #map_kj, #map_ij], iterator_types = ["parallel", "parallel", "window"]} %a, %b, %c : vector<4x8xf32>, vector<8x16xf32> into vector<4x16xf32>
  return
}

// -----

func.func @read_indices(%m: memref<?x?xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires 2 indices}}
  %0 = vector.transfer_read %m[%i], %f : memref<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @read_perm(%m: memref<?x?xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires a permutation_map that is a permutation (found one dim used more than once)}}
  %0 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (d0, d0)>} : memref<?x?xf32>, vector<4x4xf32>
  return
}

// -----

func.func @read_perm_rank(%m: memref<?x?xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires a permutation_map with result dims of the same rank as the vector type}}
  %0 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<?x?xf32>, vector<4x4xf32>
  return
}

// -----

func.func @read_padding(%m: memref<?xf32>, %i: index, %f: f64) {
  // expected-error @+1 {{'vector.transfer_read' op requires formal padding and source of the same elemental type}}
  %0 = "vector.transfer_read"(%m, %i, %f) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0) -> (d0)>}> : (memref<?xf32>, index, f64) -> vector<4xf32>
  return
}

// -----

func.func @read_types(%m: memref<?xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{requires two types}}
  %0 = vector.transfer_read %m[%i], %f : memref<?xf32>
  return
}

// -----

func.func @read_rank(%m: memref<?xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{expected a custom permutation_map when rank(source) != rank(destination)}}
  %0 = vector.transfer_read %m[%i], %f : memref<?xf32>, vector<2x4xf32>
  return
}

// -----

func.func @read_in_bounds(%m: memref<?xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{'vector.transfer_read' op expects the in_bounds attr of same rank as permutation_map results: affine_map<(d0) -> (d0)> vs inBounds of size: 2}}
  %0 = vector.transfer_read %m[%i], %f {in_bounds = [true, true]} : memref<?xf32>, vector<4xf32>
  return
}

// -----

func.func @write_broadcast(%m: memref<?xf32>, %i: index, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.transfer_write' op should not have broadcast dimensions}}
  vector.transfer_write %v, %m[%i] {permutation_map = affine_map<(d0) -> (0)>} : vector<4xf32>, memref<?xf32>
  return
}

// -----

func.func @outer_dims(%a: vector<4xf32>, %b: vector<8xf32>, %c: vector<4x9xf32>) {
  // expected-error @+1 {{'vector.outerproduct' op expected #2 operand dim to match result dim #2}}
  %0 = "vector.outerproduct"(%a, %b, %c) <{kind = #vector.kind<add>}> : (vector<4xf32>, vector<8xf32>, vector<4x9xf32>) -> vector<4x9xf32>
  return
}

// -----

func.func @outer_kind(%a: vector<4xf32>, %b: vector<8xf32>, %c: vector<4x8xf32>) {
  // expected-error @+1 {{'vector.outerproduct' op unsupported outerproduct type}}
  %0 = vector.outerproduct %a, %b, %c {kind = #vector.kind<xor>} : vector<4xf32>, vector<8xf32>
  return
}

// -----

func.func @broadcast_dim(%a: vector<3xf32>) {
  // expected-error @+1 {{'vector.broadcast' op dimension mismatch (3 vs. 4)}}
  %0 = vector.broadcast %a : vector<3xf32> to vector<2x4xf32>
  return
}

// -----

func.func @broadcast_rank(%a: vector<2x3xf32>) {
  // expected-error @+1 {{'vector.broadcast' op source rank higher than destination rank}}
  %0 = vector.broadcast %a : vector<2x3xf32> to vector<3xf32>
  return
}

// -----

func.func @shape_cast_count(%a: vector<2x3xf32>) {
  // expected-error @+1 {{'vector.shape_cast' op has different number of elements at source (6) and result (8)}}
  %0 = vector.shape_cast %a : vector<2x3xf32> to vector<8xf32>
  return
}

// -----

func.func @shape_cast_elt(%a: vector<2x3xf32>) {
  // expected-error @+1 {{'vector.shape_cast' op has different source and result element types}}
  %0 = vector.shape_cast %a : vector<2x3xf32> to vector<6xi32>
  return
}
