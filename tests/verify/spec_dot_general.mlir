// Negative cases of dot_general's constraints, written from spec.md, with StableHLO's messages
// (C13, equal element types, is not enforced by Strata yet: no case here); the
// algorithm's counts (C22-C24) are rejected when the `#stablehlo.dot_algorithm` is read. The valid
// program is last.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: dot_general C4
func.func @dot_c4(%l: tensor<2x3x4xf32>, %r: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error@+1 {{has duplicated dimension from rhs_batching_dimensions and rhs_contracting_dimensions: 1}}
  %0 = "stablehlo.dot_general"(%l, %r) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// spec: dot_general C5
func.func @dot_c5(%l: tensor<2x3x4xf32>, %r: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error@+1 {{lhs_batching_dimensions value: 3 is out of range: [0, 3)}}
  %0 = "stablehlo.dot_general"(%l, %r) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [3], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// spec: dot_general C7
func.func @dot_c7(%l: tensor<2x3x4xf32>, %r: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error@+1 {{rhs_batching_dimensions value: 3 is out of range: [0, 3)}}
  %0 = "stablehlo.dot_general"(%l, %r) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [3], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// spec: dot_general C8
func.func @dot_c8(%l: tensor<2x3x4xf32>, %r: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error@+1 {{rhs_contracting_dimensions value: 3 is out of range: [0, 3)}}
  %0 = "stablehlo.dot_general"(%l, %r) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [3]>}> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// spec: dot_general C9
func.func @dot_c9(%l: tensor<2x3x4xf32>, %r: tensor<3x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error@+1 {{batching dimension sizes must match for lhs/rhs}}
  %0 = "stablehlo.dot_general"(%l, %r) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<2x3x4xf32>, tensor<3x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// spec: dot_general C11
func.func @dot_c11(%l: tensor<2x3x4xf32>, %r: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error@+1 {{expects precision config to be empty or have <= 2 elements.}}
  %0 = "stablehlo.dot_general"(%l, %r) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// spec: dot_general C12
func.func @dot_c12(%l: tensor<2x3x4xf32>, %r: tensor<2x4x5xf32>) -> tensor<2x3x6xf32> {
  // expected-error@+1 {{inferred type(s) 'tensor<2x3x5xf32>' are incompatible with return type(s) of operation 'tensor<2x3x6xf32>'}}
  %0 = "stablehlo.dot_general"(%l, %r) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x6xf32>
  return %0 : tensor<2x3x6xf32>
}

// -----

// spec: dot_general C21
func.func @dot_c21(%l: tensor<2x3x4xf32>, %r: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error@+1 {{must specify DEFAULT precision config when algorithm is set.}}
  %0 = "stablehlo.dot_general"(%l, %r) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGH>, #stablehlo<precision DEFAULT>], algorithm = #stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>}> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// spec: dot_general C22
func.func @dot_c22(%l: tensor<2x3x4xf32>, %r: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error@+1 {{lhs component count must be positive}}
  %0 = "stablehlo.dot_general"(%l, %r) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], algorithm = #stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 0, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>}> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// spec: dot_general C23
func.func @dot_c23(%l: tensor<2x3x4xf32>, %r: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error@+1 {{rhs component count must be positive}}
  %0 = "stablehlo.dot_general"(%l, %r) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], algorithm = #stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 0, num_primitive_operations = 1, allow_imprecise_accumulation = false>}> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// spec: dot_general C24
func.func @dot_c24(%l: tensor<2x3x4xf32>, %r: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error@+1 {{num primitive operations must be positive}}
  %0 = "stablehlo.dot_general"(%l, %r) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], algorithm = #stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 0, allow_imprecise_accumulation = false>}> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// Valid: the program the cases above mutate, with an algorithm.
func.func @dot_general_ok(%l: tensor<2x3x4xf32>, %r: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  %0 = "stablehlo.dot_general"(%l, %r) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], algorithm = #stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>}> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}
