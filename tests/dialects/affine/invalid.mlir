// RUN: strata-opt --split-input-file --verify-diagnostics %s
// Verifier and parser errors of affine ops (MLIR 22's messages).

func.func @load_rank(%A: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'affine.load' op affine map num results must equal memref rank}}
  %0 = "affine.load"(%A, %i) <{map = affine_map<(d0) -> (d0)>}> : (memref<4x4xf32>, index) -> f32
  return
}

// -----

func.func @load_inputs(%A: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'affine.load' op expects as many subscripts as affine map inputs}}
  %0 = "affine.load"(%A, %i, %i) <{map = affine_map<(d0) -> (d0)>}> : (memref<4xf32>, index, index) -> f32
  return
}

// -----

func.func @store_type(%A: memref<4xf32>, %i: index, %v: f64) {
  // expected-error @+1 {{'affine.store' op value to store must have the same type as memref element type}}
  "affine.store"(%v, %A, %i) <{map = affine_map<(d0) -> (d0)>}> : (f64, memref<4xf32>, index) -> ()
  return
}

// -----

func.func @store_dim(%A: memref<4x4xf32>, %n: f32) {
  affine.for %i = 0 to 4 {
    %m = affine.min affine_map<(d0) -> (d0, 3)>(%i)
    // expected-error @+1 {{'affine.store' op operand cannot be used as a dimension id}}
    affine.store %n, %A[%i, %m] : memref<4x4xf32>
  }
  return
}

// -----

func.func @for_step() {
  // expected-error @+1 {{expected step to be representable as a positive signed integer}}
  affine.for %i = 0 to 4 step -1 {
  }
  return
}

// -----

#empty = affine_map<() -> ()>
func.func @for_empty_bound() {
  // expected-error @+1 {{'affine.for' op expected lower bound map to have at least one result}}
  affine.for %i = max #empty() to min #empty() {
  }
  return
}

// -----

func.func @for_minmax(%n: index) {
  // expected-error @+1 {{upper loop bound affine map with multiple results requires 'min' prefix}}
  affine.for %i = 0 to affine_map<()[s0] -> (s0, 10)>()[%n] {
  }
  return
}

// -----

func.func @apply_results(%i: index) {
  // expected-error @+1 {{'affine.apply' op mapping must produce one value}}
  %0 = "affine.apply"(%i) <{map = affine_map<(d0) -> (d0, d0)>}> : (index) -> index
  return
}

// -----

func.func @apply_count(%i: index) {
  // expected-error @+1 {{dimension or symbol index mismatch}}
  %0 = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%i)
  return
}

// -----

func.func @if_count(%i: index) {
  // expected-error @+1 {{'affine.if' op operand count and condition integer set dimension and symbol count must match}}
  "affine.if"(%i, %i) <{condition = affine_set<(d0) : (d0 >= 0)>}> ({
    "affine.yield"() : () -> ()
  }, {
  }) : (index, index) -> ()
  return
}

// -----

func.func @yield_count(%i: index) {
  %0 = affine.for %j = 0 to 4 iter_args(%a = %i) -> (index) {
    // expected-error @+1 {{'affine.yield' op parent of yield must have same number of results as the yield operands}}
    affine.yield
  }
  return
}

// -----

func.func @parallel_reduce(%i: index) {
  // expected-error @+1 {{'affine.parallel' op result type cannot match reduction attribute}}
  %0 = affine.parallel (%k) = (0) to (4) reduce ("addf") -> (i32) {
    %c = arith.constant 0 : i32
    affine.yield %c : i32
  }
  return
}

// -----

func.func @vector_load_elt(%A: memref<8xf32>, %i: index) {
  // expected-error @+1 {{'affine.vector_load' op requires memref and vector types of the same elemental type}}
  %0 = affine.vector_load %A[%i] : memref<8xf32>, vector<4xf64>
  return
}

// -----

func.func @subscript_ssa(%A: memref<8xf32>, %i: index) {
  // expected-error @+1 {{expected ')' at end of SSA symbol}}
  %0 = affine.load %A[symbol(%i] : memref<8xf32>
  return
}

// -----

func.func @delinearize_results(%i: index) {
  // expected-error @+1 {{'affine.delinearize_index' op should return an index for each basis element and up to one extra index}}
  %0:4 = affine.delinearize_index %i into (2, 3) : index, index, index, index
  return
}

// -----

func.func @linearize_basis(%i: index) {
  // expected-error @+1 {{'affine.linearize_index' op should be passed a basis element for each index except possibly the first}}
  %0 = affine.linearize_index [%i] by (2, 3) : index
  return
}

// -----

func.func @delinearize_basis(%i: index) {
  // expected-error @+1 {{'affine.delinearize_index' op no basis element may be statically non-positive}}
  %0:2 = affine.delinearize_index %i into (2, 0) : index, index
  return
}

// -----

func.func @min_empty() {
  // expected-error @+1 {{'affine.min' op affine map expect at least one result}}
  %0 = affine.min affine_map<() -> ()>()
  return
}

// -----

func.func @load_symbol(%A: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    // expected-error @+1 {{'affine.load' op operand cannot be used as a symbol}}
    %0 = affine.load %A[symbol(%i)] : memref<4xf32>
  }
  return
}
