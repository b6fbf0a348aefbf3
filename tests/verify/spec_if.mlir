// Negative case of if's C1 (branches take no arguments), written from spec.md, with StableHLO's
// message; the valid program (the spec's example) is last.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: if C1
func.func @if_c1(%p: tensor<i1>, %a: tensor<i32>, %b: tensor<i32>) -> tensor<i32> {
  // expected-error@+2 {{branch 0 must have 0 arguments, but found 1}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.if"(%p) ({
  ^bb0(%arg: tensor<i32>):
    "stablehlo.return"(%a) : (tensor<i32>) -> ()
  }, {
    "stablehlo.return"(%b) : (tensor<i32>) -> ()
  }) : (tensor<i1>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// spec: if C1
func.func @if_c1_false_branch(%p: tensor<i1>, %a: tensor<i32>, %b: tensor<i32>) -> tensor<i32> {
  // expected-error@+2 {{branch 1 must have 0 arguments, but found 1}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.if"(%p) ({
    "stablehlo.return"(%a) : (tensor<i32>) -> ()
  }, {
  ^bb0(%arg: tensor<i32>):
    "stablehlo.return"(%b) : (tensor<i32>) -> ()
  }) : (tensor<i1>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// Valid: the spec's example.
func.func @if_ok(%p: tensor<i1>, %a: tensor<i32>, %b: tensor<i32>) -> tensor<i32> {
  %0 = "stablehlo.if"(%p) ({
    "stablehlo.return"(%a) : (tensor<i32>) -> ()
  }, {
    "stablehlo.return"(%b) : (tensor<i32>) -> ()
  }) : (tensor<i1>) -> tensor<i32>
  return %0 : tensor<i32>
}
