// Negative cases of composite's constraints, written from spec.md, with StableHLO's messages.
// The valid program is last.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

func.func private @my_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// spec: composite C1
func.func @composite_c1(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{name must be a valid namespaced op name}}
  %0 = "stablehlo.composite"(%x) <{name = "my_op", decomposition = @my_op}> : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: composite C2
func.func @composite_c2(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'missing' does not reference a valid function}}
  %0 = "stablehlo.composite"(%x) <{name = "my_namespace.my_op", decomposition = @missing}> : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @my_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// spec: composite C3
func.func @composite_c3(%x: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error@+1 {{operand at index 0 has type 'tensor<4xf64>', but decomposition has type 'tensor<4xf32>'}}
  %0 = "stablehlo.composite"(%x) <{name = "my_namespace.my_op", decomposition = @my_op}> : (tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @my_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// spec: composite C3
func.func @composite_c3_count(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{has 2 operand(s), but decomposition has 1}}
  %0 = "stablehlo.composite"(%x, %x) <{name = "my_namespace.my_op", decomposition = @my_op}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @my_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// spec: composite C4
func.func @composite_c4(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{result at index 0 has type 'tensor<4xf64>', but decomposition has type 'tensor<4xf32>'}}
  %0 = "stablehlo.composite"(%x) <{name = "my_namespace.my_op", decomposition = @my_op}> : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func private @my_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// spec: composite C4
func.func @composite_c4_count(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{has 2 result(s), but decomposition has 1}}
  %0:2 = "stablehlo.composite"(%x) <{name = "my_namespace.my_op", decomposition = @my_op}> : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0 : tensor<4xf32>
}

// -----

// Valid: the program the cases above mutate, with attributes and a version.
func.func private @my_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

func.func @composite_ok(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.composite"(%x) <{name = "my_namespace.my_op", composite_attributes = {my_attribute = "my_value"}, decomposition = @my_op, version = 1 : i32}> : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
