// Negative cases of scatter's constraints, written from spec.md (mutations of the spec's example,
// batching dimensions included), with StableHLO's messages; the valid programs are last.
// - C3 (same shape of all updates) and C4 (window bounds of updates within the operand's, scatter
//   bounds equal to the indices') are verified with StableHLO's messages, checks added with these
//   tests; the results take update_computation's element types (C25, promotion), as in StableHLO.
// - C5: operands that cannot be split into N inputs, the indices and N updates are reported as
//   "Not all inputs have compatible shapes.".
// - C6 is enforced through update_computation (as in StableHLO): an update element type not
//   promotable to the region's is rejected; unequal but promotable ones (i32 updates of i64
//   inputs under an i64 region) are accepted.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: scatter C1
func.func @scatter_c1(%in0: tensor<2x3x4x2xi64>, %in1: tensor<2x3x4x3xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2x2xi64>, %upd1: tensor<2x2x3x2x2xi64>) -> (tensor<2x3x4x2xi64>, tensor<2x3x4x3xi64>) {
  // expected-error@+1 {{Not all inputs have compatible shapes.}}
  %r:2 = "stablehlo.scatter"(%in0, %in1, %idx, %upd0, %upd1) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %a1: tensor<i64>, %b0: tensor<i64>, %b1: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %s1 = "stablehlo.add"(%a1, %b1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0, %s1) : (tensor<i64>, tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x3x4x3xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>, tensor<2x2x3x2x2xi64>) -> (tensor<2x3x4x2xi64>, tensor<2x3x4x3xi64>)
  return %r#0, %r#1 : tensor<2x3x4x2xi64>, tensor<2x3x4x3xi64>
}

// -----

// spec: scatter C2
func.func @scatter_c2(%in0: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64> {
  // expected-error@+1 {{Expects rank-of operand to match size-of('update_window_dims') + size-of('inserted_window_dims') + size-of('input_batching_dims') i.e. 3 but got 4.}}
  %r = "stablehlo.scatter"(%in0, %idx, %upd0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  return %r : tensor<2x3x4x2xi64>
}

// -----

// spec: scatter C3
func.func @scatter_c3(%in0: tensor<2x3x4x2xi64>, %in1: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2x2xi64>, %upd1: tensor<2x2x3x2x1xi64>) -> (tensor<2x3x4x2xi64>, tensor<2x3x4x2xi64>) {
  // expected-error@+1 {{Not all updates have compatible shapes.}}
  %r:2 = "stablehlo.scatter"(%in0, %in1, %idx, %upd0, %upd1) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %a1: tensor<i64>, %b0: tensor<i64>, %b1: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %s1 = "stablehlo.add"(%a1, %b1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0, %s1) : (tensor<i64>, tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>, tensor<2x2x3x2x1xi64>) -> (tensor<2x3x4x2xi64>, tensor<2x3x4x2xi64>)
  return %r#0, %r#1 : tensor<2x3x4x2xi64>, tensor<2x3x4x2xi64>
}

// -----

// spec: scatter C4
func.func @scatter_c4(%in0: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2x3xi64>) -> tensor<2x3x4x2xi64> {
  // expected-error@+1 {{expects bounds of the window dimensions of updates to not exceed the bounds of the corresponding dimensions of operand. For dimension 4, updates bound is 3, operand bound is 2.}}
  %r = "stablehlo.scatter"(%in0, %idx, %upd0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x3xi64>) -> tensor<2x3x4x2xi64>
  return %r : tensor<2x3x4x2xi64>
}

// -----

// spec: scatter C4
func.func @scatter_c4_scatter_dims(%in0: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x4x2x2xi64>) -> tensor<2x3x4x2xi64> {
  // expected-error@+1 {{expects bounds of the scatter dimensions of updates to be same as the bounds of the corresponding dimensions of scatter indices. For scatter dimension 2, updates bound is 4 , scatter_indices bound is 3.}}
  %r = "stablehlo.scatter"(%in0, %idx, %upd0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x4x2x2xi64>) -> tensor<2x3x4x2xi64>
  return %r : tensor<2x3x4x2xi64>
}

// -----

// spec: scatter C5
func.func @scatter_c5(%in0: tensor<2x3x4x2xi64>, %in1: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2x2xi64>) -> (tensor<2x3x4x2xi64>, tensor<2x3x4x2xi64>) {
  // expected-error@+1 {{Not all inputs have compatible shapes.}}
  %r:2 = "stablehlo.scatter"(%in0, %in1, %idx, %upd0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %a1: tensor<i64>, %b0: tensor<i64>, %b1: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %s1 = "stablehlo.add"(%a1, %b1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0, %s1) : (tensor<i64>, tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> (tensor<2x3x4x2xi64>, tensor<2x3x4x2xi64>)
  return %r#0, %r#1 : tensor<2x3x4x2xi64>, tensor<2x3x4x2xi64>
}

// -----

// spec: scatter C6
func.func @scatter_c6(%in0: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2x2xf32>) -> tensor<2x3x4x2xi64> {
  // expected-error@+1 {{The element-type of reduction-region's argument at index 1 is expected to be promotable from 'f32', but got 'i64'}}
  %r = "stablehlo.scatter"(%in0, %idx, %upd0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xf32>) -> tensor<2x3x4x2xi64>
  return %r : tensor<2x3x4x2xi64>
}

// -----

// spec: scatter C7
func.func @scatter_c7(%in0: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64> {
  // expected-error@+1 {{Expects update_window_dims to be sorted; got: [4, 3].}}
  %r = "stablehlo.scatter"(%in0, %idx, %upd0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [4, 3], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  return %r : tensor<2x3x4x2xi64>
}

// -----

// spec: scatter C8
func.func @scatter_c8(%in0: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64> {
  // expected-error@+1 {{Expects each element of update_window_dims to be in range [0, rank-of('updates')) i.e. [0, 5). got: 5.}}
  %r = "stablehlo.scatter"(%in0, %idx, %upd0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 5], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  return %r : tensor<2x3x4x2xi64>
}

// -----

// spec: scatter C9
func.func @scatter_c9(%in0: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64> {
  // expected-error@+1 {{has duplicated dimension from inserted_window_dims and input_batching_dims: 0}}
  %r = "stablehlo.scatter"(%in0, %idx, %upd0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [0], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  return %r : tensor<2x3x4x2xi64>
}

// -----

// spec: scatter C10
func.func @scatter_c10(%in0: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2xi64>) -> tensor<2x3x4x2xi64> {
  // expected-error@+1 {{Expects inserted_window_dims to be sorted; got: [3, 1].}}
  %r = "stablehlo.scatter"(%in0, %idx, %upd0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3], inserted_window_dims = [3, 1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2xi64>) -> tensor<2x3x4x2xi64>
  return %r : tensor<2x3x4x2xi64>
}

// -----

// spec: scatter C11
func.func @scatter_c11(%in0: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64> {
  // expected-error@+1 {{Expects each element of inserted_window_dims to be in range [0, rank-of('operand')) i.e. [0, 4). got: 4.}}
  %r = "stablehlo.scatter"(%in0, %idx, %upd0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [4], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  return %r : tensor<2x3x4x2xi64>
}

// -----

// spec: scatter C12
func.func @scatter_c12(%in0: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64> {
  // expected-error@+1 {{Expects input_batching_dims to be sorted; got: [1, 0].}}
  %r = "stablehlo.scatter"(%in0, %idx, %upd0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [], input_batching_dims = [1, 0], scatter_indices_batching_dims = [2, 0], scatter_dims_to_operand_dims = [2, 3], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  return %r : tensor<2x3x4x2xi64>
}

// -----

// spec: scatter C13
func.func @scatter_c13(%in0: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64> {
  // expected-error@+1 {{Expects each element of input_batching_dims to be in range [0, rank-of('operand')) i.e. [0, 4). got: 4.}}
  %r = "stablehlo.scatter"(%in0, %idx, %upd0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [4], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  return %r : tensor<2x3x4x2xi64>
}

// -----

// spec: scatter C14
func.func @scatter_c14(%in0: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2xi64>) -> tensor<2x3x4x2xi64> {
  // expected-error@+1 {{Expects scatter_indices_batching_dims to not repeat; got: [1, 1].}}
  %r = "stablehlo.scatter"(%in0, %idx, %upd0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3], inserted_window_dims = [1], input_batching_dims = [0, 3], scatter_indices_batching_dims = [1, 1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2xi64>) -> tensor<2x3x4x2xi64>
  return %r : tensor<2x3x4x2xi64>
}

// -----

// spec: scatter C15
func.func @scatter_c15(%in0: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64> {
  // expected-error@+1 {{Expects each element of scatter_indices_batching_dims to be in range [0, rank-of('scatter_indices')) i.e. [0, 4). got: 4.}}
  %r = "stablehlo.scatter"(%in0, %idx, %upd0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [4], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  return %r : tensor<2x3x4x2xi64>
}

// -----

// spec: scatter C16
func.func @scatter_c16(%in0: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64> {
  // expected-error@+1 {{expects scatter_indices_batching_dims not to include index_vector_dim 3.}}
  %r = "stablehlo.scatter"(%in0, %idx, %upd0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [3], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  return %r : tensor<2x3x4x2xi64>
}

// -----

// spec: scatter C17
func.func @scatter_c17(%in0: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64> {
  // expected-error@+1 {{input_batching_dims and scatter_indices_batching_dims should have the same size.}}
  %r = "stablehlo.scatter"(%in0, %idx, %upd0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1, 2], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  return %r : tensor<2x3x4x2xi64>
}

// -----

// spec: scatter C18
func.func @scatter_c18(%in0: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64> {
  // expected-error@+1 {{input_batching_dims[0] and scatter_indices_batching_dims[0] must have compatible sizes, but got 2 and 3.}}
  %r = "stablehlo.scatter"(%in0, %idx, %upd0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [2], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  return %r : tensor<2x3x4x2xi64>
}

// -----

// spec: scatter C19
func.func @scatter_c19(%in0: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64> {
  // expected-error@+1 {{Scatter op has 1 elements in scatter_dims_to_operand_dims and the bound of dimension index_vector_dim=3 of scatter_indices is 2. These two numbers must be equal.}}
  %r = "stablehlo.scatter"(%in0, %idx, %upd0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  return %r : tensor<2x3x4x2xi64>
}

// -----

// spec: scatter C20
func.func @scatter_c20(%in0: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64> {
  // expected-error@+1 {{has duplicated dimension from scatter_dims_to_operand_dims and input_batching_dims: 0}}
  %r = "stablehlo.scatter"(%in0, %idx, %upd0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 0], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  return %r : tensor<2x3x4x2xi64>
}

// -----

// spec: scatter C21
func.func @scatter_c21(%in0: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64> {
  // expected-error@+1 {{Expects each element of scatter_dims_to_operand_dims to be in range [0, rank-of('operand')) i.e. [0, 4). got: 4.}}
  %r = "stablehlo.scatter"(%in0, %idx, %upd0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 4], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  return %r : tensor<2x3x4x2xi64>
}

// -----

// spec: scatter C22
func.func @scatter_c22(%in0: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64> {
  // expected-error@+1 {{Expects index_vector_dim to be in range [0, rank-of('scatter_indices')] i.e. [0, 4]. got: 5.}}
  %r = "stablehlo.scatter"(%in0, %idx, %upd0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 5>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  return %r : tensor<2x3x4x2xi64>
}

// -----

// spec: scatter C23
func.func @scatter_c23(%in0: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi32> {
  // expected-error@+1 {{The element-type of reduction-region's result type at index 0 is expected to be promotable from the op's corresponding init-value element-type: 'tensor<i32>' vs 'tensor<i64>'}}
  %r = "stablehlo.scatter"(%in0, %idx, %upd0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i32>, %b0: tensor<i32>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%s0) : (tensor<i32>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi32>
  return %r : tensor<2x3x4x2xi32>
}

// -----

// spec: scatter C24
func.func @scatter_c24(%in0: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x3xi64> {
  // expected-error@+1 {{inferred type(s) 'tensor<2x3x4x2xi64>' are incompatible with return type(s) of operation 'tensor<2x3x4x3xi64>'}}
  %r = "stablehlo.scatter"(%in0, %idx, %upd0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x3xi64>
  return %r : tensor<2x3x4x3xi64>
}

// -----

// spec: scatter C25
func.func @scatter_c25(%in0: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xf32> {
  // expected-error@+1 {{inferred type(s) 'tensor<2x3x4x2xi64>' are incompatible with return type(s) of operation 'tensor<2x3x4x2xf32>'}}
  %r = "stablehlo.scatter"(%in0, %idx, %upd0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xf32>
  return %r : tensor<2x3x4x2xf32>
}

// -----

// Valid: the program the cases above mutate.
func.func @scatter_ok(%in0: tensor<2x3x4x2xi64>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64> {
  %r = "stablehlo.scatter"(%in0, %idx, %upd0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  return %r : tensor<2x3x4x2xi64>
}

// -----

// Valid: i32 inputs and updates under an i64 update_computation give i64 results (C23, C25).
func.func @scatter_ok_promoted(%in0: tensor<2x3x4x2xi32>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2x2xi32>) -> tensor<2x3x4x2xi64> {
  %r = "stablehlo.scatter"(%in0, %idx, %upd0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%s0) : (tensor<i64>) -> ()
  }) : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi32>) -> tensor<2x3x4x2xi64>
  return %r : tensor<2x3x4x2xi64>
}

// -----

// Valid: two inputs of different element types (N = 2).
func.func @scatter_ok2(%in0: tensor<2x3x4x2xi64>, %in1: tensor<2x3x4x2xf32>, %idx: tensor<2x2x3x2xi64>, %upd0: tensor<2x2x3x2x2xi64>, %upd1: tensor<2x2x3x2x2xf32>) -> (tensor<2x3x4x2xi64>, tensor<2x3x4x2xf32>) {
  %r:2 = "stablehlo.scatter"(%in0, %in1, %idx, %upd0, %upd1) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a0: tensor<i64>, %a1: tensor<f32>, %b0: tensor<i64>, %b1: tensor<f32>):
    %s0 = "stablehlo.add"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %s1 = "stablehlo.add"(%a1, %b1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s0, %s1) : (tensor<i64>, tensor<f32>) -> ()
  }) : (tensor<2x3x4x2xi64>, tensor<2x3x4x2xf32>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>, tensor<2x2x3x2x2xf32>) -> (tensor<2x3x4x2xi64>, tensor<2x3x4x2xf32>)
  return %r#0, %r#1 : tensor<2x3x4x2xi64>, tensor<2x3x4x2xf32>
}
