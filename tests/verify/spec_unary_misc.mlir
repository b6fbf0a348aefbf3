// Negative cases of the constraints of constant, is_finite and reduce_precision, written from
// spec.md, with StableHLO's messages; each case mutates one of the valid programs at the end.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: constant C1
func.func @constant_c1() -> tensor<2xf64> {
  // expected-error@+1 {{inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<2xf64>'}}
  %0 = "stablehlo.constant"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// spec: constant C1
func.func @constant_c1_shape() -> tensor<3xf32> {
  // expected-error@+1 {{inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'}}
  %0 = "stablehlo.constant"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// spec: is_finite C1
func.func @is_finite_c1(%x: tensor<2xf32>) -> tensor<3xi1> {
  // expected-error@+1 {{requires the same shape for all operands and results}}
  %0 = "stablehlo.is_finite"(%x) : (tensor<2xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

// spec: reduce_precision C3
func.func @reduce_precision_c3(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{attribute 'mantissa_bits' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
  %0 = "stablehlo.reduce_precision"(%x) <{exponent_bits = 5 : i32, mantissa_bits = -1 : i32}> : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Valid: a constant of the result's type, is_finite of the same shape, and reduce_precision to
// 5 exponent bits and no mantissa bits (C3's boundary).
func.func @unary_misc_ok(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xi1>, tensor<2xf32>) {
  %0 = "stablehlo.constant"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %1 = "stablehlo.is_finite"(%x) : (tensor<2xf32>) -> tensor<2xi1>
  %2 = "stablehlo.reduce_precision"(%x) <{exponent_bits = 5 : i32, mantissa_bits = 0 : i32}> : (tensor<2xf32>) -> tensor<2xf32>
  return %0, %1, %2 : tensor<2xf32>, tensor<2xi1>, tensor<2xf32>
}
