// Negative cases of tuple's constraint, written from spec.md, with StableHLO's messages. The
// valid program is last.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: tuple C1
func.func @tuple_c1(%x: tensor<4xf32>, %y: tensor<i32>) -> tuple<tensor<4xf32>, tensor<i64>> {
  // expected-error@+2 {{inferred type(s) 'tuple<tensor<4xf32>, tensor<i32>>' are incompatible with return type(s) of operation 'tuple<tensor<4xf32>, tensor<i64>>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.tuple"(%x, %y) : (tensor<4xf32>, tensor<i32>) -> tuple<tensor<4xf32>, tensor<i64>>
  return %0 : tuple<tensor<4xf32>, tensor<i64>>
}

// -----

// spec: tuple C1
func.func @tuple_c1_count(%x: tensor<4xf32>, %y: tensor<i32>) -> tuple<tensor<4xf32>> {
  // expected-error@+2 {{inferred type(s) 'tuple<tensor<4xf32>, tensor<i32>>' are incompatible with return type(s) of operation 'tuple<tensor<4xf32>>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.tuple"(%x, %y) : (tensor<4xf32>, tensor<i32>) -> tuple<tensor<4xf32>>
  return %0 : tuple<tensor<4xf32>>
}

// -----

// Valid: the program the cases above mutate, and a nested tuple of a token.
func.func @tuple_ok(%x: tensor<4xf32>, %y: tensor<i32>, %t: !stablehlo.token) -> tuple<tuple<tensor<4xf32>, tensor<i32>>, !stablehlo.token> {
  %0 = "stablehlo.tuple"(%x, %y) : (tensor<4xf32>, tensor<i32>) -> tuple<tensor<4xf32>, tensor<i32>>
  %1 = "stablehlo.tuple"(%0, %t) : (tuple<tensor<4xf32>, tensor<i32>>, !stablehlo.token) -> tuple<tuple<tensor<4xf32>, tensor<i32>>, !stablehlo.token>
  return %1 : tuple<tuple<tensor<4xf32>, tensor<i32>>, !stablehlo.token>
}
