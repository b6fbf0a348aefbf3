// Negative cases of case's, if's and while's constraints, written from spec.md, with StableHLO's
// messages (the other constraints are in ops.mlir). The valid program is last.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: case C2
func.func @case_c2(%i: tensor<i32>, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+2 {{branch 1 must have 0 arguments, but found 1}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.case"(%i) ({
    "stablehlo.return"(%x) : (tensor<4xf32>) -> ()
  }, {
  ^bb0(%a: tensor<4xf32>):
    "stablehlo.return"(%a) : (tensor<4xf32>) -> ()
  }) : (tensor<i32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: case C4
func.func @case_c4(%i: tensor<i32>, %x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+2 {{inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xf64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.case"(%i) ({
    "stablehlo.return"(%x) : (tensor<4xf32>) -> ()
  }, {
    "stablehlo.return"(%x) : (tensor<4xf32>) -> ()
  }) : (tensor<i32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: case C4
func.func @case_c4_count(%i: tensor<i32>, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+2 {{inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>', 'tensor<4xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:2 = "stablehlo.case"(%i) ({
    "stablehlo.return"(%x) : (tensor<4xf32>) -> ()
  }, {
    "stablehlo.return"(%x) : (tensor<4xf32>) -> ()
  }) : (tensor<i32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0 : tensor<4xf32>
}

// -----

// spec: if C1
func.func @if_c1(%p: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+2 {{branch 0 must have 0 arguments, but found 1}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.if"(%p) ({
  ^bb0(%a: tensor<4xf32>):
    "stablehlo.return"(%a) : (tensor<4xf32>) -> ()
  }, {
    "stablehlo.return"(%x) : (tensor<4xf32>) -> ()
  }) : (tensor<i1>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: if C1
func.func @if_c1_false_branch(%p: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+2 {{branch 1 must have 0 arguments, but found 1}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.if"(%p) ({
    "stablehlo.return"(%x) : (tensor<4xf32>) -> ()
  }, {
  ^bb0(%a: tensor<4xf32>):
    "stablehlo.return"(%a) : (tensor<4xf32>) -> ()
  }) : (tensor<i1>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: while C3
func.func @while_c3(%x: tensor<i32>) -> tensor<i64> {
  // expected-error@+2 {{inferred type(s) 'tensor<i32>' are incompatible with return type(s) of operation 'tensor<i64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%a: tensor<i32>):
    %c = "stablehlo.compare"(%a, %a) <{comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<i32>):
    "stablehlo.return"(%a) : (tensor<i32>) -> ()
  }) : (tensor<i32>) -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

// spec: while C3
func.func @while_c3_count(%x: tensor<i32>) -> tensor<i32> {
  // expected-error@+2 {{inferred type(s) 'tensor<i32>' are incompatible with return type(s) of operation 'tensor<i32>', 'tensor<i32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:2 = "stablehlo.while"(%x) ({
  ^bb0(%a: tensor<i32>):
    %c = "stablehlo.compare"(%a, %a) <{comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<i32>):
    "stablehlo.return"(%a) : (tensor<i32>) -> ()
  }) : (tensor<i32>) -> (tensor<i32>, tensor<i32>)
  return %0#0 : tensor<i32>
}

// -----

// Valid: the programs the cases above mutate.
func.func @control_flow_ok(%i: tensor<i32>, %p: tensor<i1>, %x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<i32>) {
  %0 = "stablehlo.case"(%i) ({
    "stablehlo.return"(%x) : (tensor<4xf32>) -> ()
  }, {
    "stablehlo.return"(%x) : (tensor<4xf32>) -> ()
  }) : (tensor<i32>) -> tensor<4xf32>
  %1 = "stablehlo.if"(%p) ({
    "stablehlo.return"(%0) : (tensor<4xf32>) -> ()
  }, {
    "stablehlo.return"(%x) : (tensor<4xf32>) -> ()
  }) : (tensor<i1>) -> tensor<4xf32>
  %2 = "stablehlo.while"(%i) ({
  ^bb0(%a: tensor<i32>):
    %c = "stablehlo.compare"(%a, %a) <{comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<i32>):
    "stablehlo.return"(%a) : (tensor<i32>) -> ()
  }) : (tensor<i32>) -> tensor<i32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<i32>
}
