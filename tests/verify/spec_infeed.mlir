// Negative cases of infeed's constraints, written from spec.md, with StableHLO's messages
// (outfeed has no numbered constraints). The valid program is last.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: infeed C1
func.func @infeed_c1(%t: !stablehlo.token) -> () {
  // expected-error@+1 {{result is expected to be at least of size 1, but got 0}}
  "stablehlo.infeed"(%t) <{infeed_config = ""}> : (!stablehlo.token) -> ()
  return
}

// -----

// spec: infeed C2
func.func @infeed_c2(%t: !stablehlo.token) -> !stablehlo.token {
  // expected-error@+1 {{all elements of result types, except the last element, are expected to be of tensor type, but got '!stablehlo.token'}}
  %0:2 = "stablehlo.infeed"(%t) <{infeed_config = ""}> : (!stablehlo.token) -> (!stablehlo.token, !stablehlo.token)
  return %0#1 : !stablehlo.token
}

// -----

// spec: infeed C3
func.func @infeed_c3(%t: !stablehlo.token) -> tensor<2xi64> {
  // expected-error@+1 {{last element of result types is expected to be of token type, but got 'tensor<2xi64>'}}
  %0:2 = "stablehlo.infeed"(%t) <{infeed_config = ""}> : (!stablehlo.token) -> (tensor<2xi64>, tensor<2xi64>)
  return %0#0 : tensor<2xi64>
}

// -----

// Valid: the program the cases above mutate, and a token alone.
func.func @infeed_ok(%t: !stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token, !stablehlo.token) {
  %0:2 = "stablehlo.infeed"(%t) <{infeed_config = ""}> : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
  %1 = "stablehlo.infeed"(%0#1) <{infeed_config = ""}> : (!stablehlo.token) -> !stablehlo.token
  return %0#0, %0#1, %1 : tensor<2x2xi64>, !stablehlo.token, !stablehlo.token
}
