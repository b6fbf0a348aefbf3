// Bounded dynamism in type inference and compatibility: a static size above the other side's
// bound is incompatible (StableHLO's `verifyCompatibleShapeWithBounds`), for both spellings of
// the encoding (`#stablehlo.bounds<4>`, what StableHLO prints, and
// `#stablehlo.type_extensions<bounds = [4]>`). `spec: OP Cn` names each case's constraint.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: abs C1
func.func @abs_bound(%x: tensor<?xf32, #stablehlo.bounds<4>>) -> tensor<5xf32> {
  // expected-error@+2 {{inferred type(s) 'tensor<?xf32, #stablehlo.bounds<4>>' are incompatible with return type(s) of operation 'tensor<5xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = stablehlo.abs %x : (tensor<?xf32, #stablehlo.bounds<4>>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// spec: add C1
func.func @add_bound(%x: tensor<?xf32, #stablehlo.bounds<4>>, %y: tensor<5xf32>) -> tensor<?xf32, #stablehlo.bounds<4>> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = stablehlo.add %x, %y : (tensor<?xf32, #stablehlo.bounds<4>>, tensor<5xf32>) -> tensor<?xf32, #stablehlo.bounds<4>>
  return %0 : tensor<?xf32, #stablehlo.bounds<4>>
}

// -----

func.func @negate_bound_long_form(%x: tensor<?xf32, #stablehlo.type_extensions<bounds = [4]>>) -> tensor<5xf32> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = stablehlo.negate %x : (tensor<?xf32, #stablehlo.type_extensions<bounds = [4]>>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// Valid: static sizes within the bound, and dynamic against bounded.
func.func @valid(%x: tensor<?xf32, #stablehlo.bounds<4>>, %y: tensor<4xf32>, %z: tensor<?x?xf32, #stablehlo.bounds<?, 3>>) -> (tensor<4xf32>, tensor<?xf32, #stablehlo.bounds<4>>, tensor<?x3xf32>) {
  %0 = stablehlo.add %x, %y : (tensor<?xf32, #stablehlo.bounds<4>>, tensor<4xf32>) -> tensor<4xf32>
  %1 = stablehlo.abs %x : (tensor<?xf32, #stablehlo.bounds<4>>) -> tensor<?xf32, #stablehlo.bounds<4>>
  %2 = stablehlo.negate %z : (tensor<?x?xf32, #stablehlo.bounds<?, 3>>) -> tensor<?x3xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<?xf32, #stablehlo.bounds<4>>, tensor<?x3xf32>
}
