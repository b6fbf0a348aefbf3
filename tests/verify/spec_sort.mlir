// Negative cases of sort's constraints, written from spec.md (mutations of the spec's example),
// with StableHLO's messages; the valid programs are last.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: sort C1
func.func @sort_c1() -> () {
  // expected-error@+1 {{expected at least 1 operand}}
  "stablehlo.sort"() <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0():
    %p = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }) : () -> ()
  return
}

// -----

// spec: sort C2
func.func @sort_c2(%in0: tensor<2x3xi64>, %in1: tensor<2x3xi64>) -> (tensor<2x3xi64>, tensor<2x3xf32>) {
  // expected-error@+1 {{inferred type(s) 'tensor<2x3xi64>', 'tensor<2x3xi64>' are incompatible with return type(s) of operation 'tensor<2x3xi64>', 'tensor<2x3xf32>'}}
  %r:2 = "stablehlo.sort"(%in0, %in1) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a0: tensor<i64>, %a1: tensor<i64>, %a2: tensor<i64>, %a3: tensor<i64>):
    %p = "stablehlo.compare"(%a0, %a1) <{comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }) : (tensor<2x3xi64>, tensor<2x3xi64>) -> (tensor<2x3xi64>, tensor<2x3xf32>)
  return %r#0, %r#1 : tensor<2x3xi64>, tensor<2x3xf32>
}

// -----

// spec: sort C3
func.func @sort_c3(%in0: tensor<2x3xi64>, %in1: tensor<3x2xi64>) -> (tensor<2x3xi64>, tensor<3x2xi64>) {
  // expected-error@+1 {{requires the same shape for all operands}}
  %r:2 = "stablehlo.sort"(%in0, %in1) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a0: tensor<i64>, %a1: tensor<i64>, %a2: tensor<i64>, %a3: tensor<i64>):
    %p = "stablehlo.compare"(%a0, %a1) <{comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }) : (tensor<2x3xi64>, tensor<3x2xi64>) -> (tensor<2x3xi64>, tensor<3x2xi64>)
  return %r#0, %r#1 : tensor<2x3xi64>, tensor<3x2xi64>
}

// -----

// spec: sort C4
func.func @sort_c4(%in0: tensor<2x3xi64>, %in1: tensor<2x3xi64>) -> (tensor<2x3xi64>, tensor<2x3xi64>) {
  // expected-error@+1 {{dimension attribute value must be in range [-2, 2), but found 2}}
  %r:2 = "stablehlo.sort"(%in0, %in1) <{dimension = 2 : i64, is_stable = true}> ({
  ^bb0(%a0: tensor<i64>, %a1: tensor<i64>, %a2: tensor<i64>, %a3: tensor<i64>):
    %p = "stablehlo.compare"(%a0, %a1) <{comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }) : (tensor<2x3xi64>, tensor<2x3xi64>) -> (tensor<2x3xi64>, tensor<2x3xi64>)
  return %r#0, %r#1 : tensor<2x3xi64>, tensor<2x3xi64>
}

// -----

// spec: sort C4
func.func @sort_c4_neg(%in0: tensor<2x3xi64>, %in1: tensor<2x3xi64>) -> (tensor<2x3xi64>, tensor<2x3xi64>) {
  // expected-error@+1 {{dimension attribute value must be in range [-2, 2), but found -3}}
  %r:2 = "stablehlo.sort"(%in0, %in1) <{dimension = -3 : i64, is_stable = true}> ({
  ^bb0(%a0: tensor<i64>, %a1: tensor<i64>, %a2: tensor<i64>, %a3: tensor<i64>):
    %p = "stablehlo.compare"(%a0, %a1) <{comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }) : (tensor<2x3xi64>, tensor<2x3xi64>) -> (tensor<2x3xi64>, tensor<2x3xi64>)
  return %r#0, %r#1 : tensor<2x3xi64>, tensor<2x3xi64>
}

// -----

// spec: sort C5
func.func @sort_c5(%in0: tensor<2x3xi64>, %in1: tensor<2x3xi64>) -> (tensor<2x3xi64>, tensor<2x3xi64>) {
  // expected-error@+1 {{comparator block argument #2 should be of type 'tensor<i64>' but got 'tensor<f32>'}}
  %r:2 = "stablehlo.sort"(%in0, %in1) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a0: tensor<i64>, %a1: tensor<i64>, %a2: tensor<f32>, %a3: tensor<f32>):
    %p = "stablehlo.compare"(%a0, %a1) <{comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }) : (tensor<2x3xi64>, tensor<2x3xi64>) -> (tensor<2x3xi64>, tensor<2x3xi64>)
  return %r#0, %r#1 : tensor<2x3xi64>, tensor<2x3xi64>
}

// -----

// Valid: the program the cases above mutate.
func.func @sort_ok(%in0: tensor<2x3xi64>, %in1: tensor<2x3xi64>) -> (tensor<2x3xi64>, tensor<2x3xi64>) {
  %r:2 = "stablehlo.sort"(%in0, %in1) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a0: tensor<i64>, %a1: tensor<i64>, %a2: tensor<i64>, %a3: tensor<i64>):
    %p = "stablehlo.compare"(%a0, %a1) <{comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }) : (tensor<2x3xi64>, tensor<2x3xi64>) -> (tensor<2x3xi64>, tensor<2x3xi64>)
  return %r#0, %r#1 : tensor<2x3xi64>, tensor<2x3xi64>
}

// -----

// Valid: a negative dimension (-R <= dimension, C4).
func.func @sort_ok_neg_dim(%in0: tensor<2x3xi64>, %in1: tensor<2x3xi64>) -> (tensor<2x3xi64>, tensor<2x3xi64>) {
  %r:2 = "stablehlo.sort"(%in0, %in1) <{dimension = -2 : i64, is_stable = true}> ({
  ^bb0(%a0: tensor<i64>, %a1: tensor<i64>, %a2: tensor<i64>, %a3: tensor<i64>):
    %p = "stablehlo.compare"(%a0, %a1) <{comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }) : (tensor<2x3xi64>, tensor<2x3xi64>) -> (tensor<2x3xi64>, tensor<2x3xi64>)
  return %r#0, %r#1 : tensor<2x3xi64>, tensor<2x3xi64>
}
