// Negative cases of rng's and rng_bit_generator's constraints, written from spec.md, with
// StableHLO's messages. Like StableHLO, rng_bit_generator's C1 compares the states' shapes only
// (not their element types). The valid program is last.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec-not-enforced: rng_bit_generator C2: the state size each algorithm needs (2 for THREE_FRY, 2 or 3 for PHILOX) is not checked, as StableHLO's verifier does not check it either (only the states' shapes are compared)

// spec: rng C1
func.func @rng_c1(%a: tensor<f32>, %b: tensor<f64>, %shape: tensor<2xi64>) -> tensor<3x3xf32> {
  // expected-error@+1 {{failed to verify that all of {a, b, result} have same element type}}
  %0 = "stablehlo.rng"(%a, %b, %shape) <{rng_distribution = #stablehlo<rng_distribution UNIFORM>}> : (tensor<f32>, tensor<f64>, tensor<2xi64>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// spec: rng C1
func.func @rng_c1_result(%a: tensor<f32>, %b: tensor<f32>, %shape: tensor<2xi64>) -> tensor<3x3xf64> {
  // expected-error@+2 {{inferred type(s) 'tensor<?x?xf32>' are incompatible with return type(s) of operation 'tensor<3x3xf64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.rng"(%a, %b, %shape) <{rng_distribution = #stablehlo<rng_distribution UNIFORM>}> : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf64>
  return %0 : tensor<3x3xf64>
}

// -----

// spec: rng C2
func.func @rng_c2(%a: tensor<i32>, %b: tensor<i32>, %shape: tensor<2xi64>) -> tensor<3x3xi32> {
  // expected-error@+2 {{NORMAL distribution requires floating-point operands, but got 'i32'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.rng"(%a, %b, %shape) <{rng_distribution = #stablehlo<rng_distribution NORMAL>}> : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3x3xi32>
  return %0 : tensor<3x3xi32>
}

// -----

// spec: rng C3
func.func @rng_c3(%a: tensor<i32>, %b: tensor<i32>) -> tensor<3x4xi32> {
  %shape = "stablehlo.constant"() <{value = dense<[3, 3]> : tensor<2xi64>}> : () -> tensor<2xi64>
  // expected-error@+2 {{inferred type(s) 'tensor<3x3xi32>' are incompatible with return type(s) of operation 'tensor<3x4xi32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.rng"(%a, %b, %shape) <{rng_distribution = #stablehlo<rng_distribution UNIFORM>}> : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3x4xi32>
  return %0 : tensor<3x4xi32>
}

// -----

// spec: rng C3
func.func @rng_c3_rank(%a: tensor<i32>, %b: tensor<i32>, %shape: tensor<2xi64>) -> tensor<3xi32> {
  // expected-error@+2 {{inferred type(s) 'tensor<?x?xi32>' are incompatible with return type(s) of operation 'tensor<3xi32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.rng"(%a, %b, %shape) <{rng_distribution = #stablehlo<rng_distribution UNIFORM>}> : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// spec: rng_bit_generator C1
func.func @rng_bit_generator_c1(%state: tensor<2xui64>) -> (tensor<3xui64>, tensor<2x2xui64>) {
  // expected-error@+1 {{output state shape must be compatible with initial state shape. Got: initial state: 'tensor<2xui64>', output state: 'tensor<3xui64>'}}
  %0:2 = "stablehlo.rng_bit_generator"(%state) <{rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>}> : (tensor<2xui64>) -> (tensor<3xui64>, tensor<2x2xui64>)
  return %0#0, %0#1 : tensor<3xui64>, tensor<2x2xui64>
}

// -----

// Valid: the programs the cases above mutate (the spec's examples).
func.func @rng_ok(%a: tensor<i32>, %b: tensor<i32>, %x: tensor<f32>, %y: tensor<f32>, %state: tensor<2xui64>) -> (tensor<3x3xi32>, tensor<2xf32>, tensor<2xui64>, tensor<2x2xui64>) {
  %shape = "stablehlo.constant"() <{value = dense<[3, 3]> : tensor<2xi64>}> : () -> tensor<2xi64>
  %0 = "stablehlo.rng"(%a, %b, %shape) <{rng_distribution = #stablehlo<rng_distribution UNIFORM>}> : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3x3xi32>
  %shape1 = "stablehlo.constant"() <{value = dense<[2]> : tensor<1xi64>}> : () -> tensor<1xi64>
  %1 = "stablehlo.rng"(%x, %y, %shape1) <{rng_distribution = #stablehlo<rng_distribution NORMAL>}> : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<2xf32>
  %2:2 = "stablehlo.rng_bit_generator"(%state) <{rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>}> : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>)
  return %0, %1, %2#0, %2#1 : tensor<3x3xi32>, tensor<2xf32>, tensor<2xui64>, tensor<2x2xui64>
}
