// Negative cases of the constraints of complex, real and imag (building complex numbers from
// their parts and taking them apart), written from spec.md, with StableHLO's messages; each case
// mutates one of the valid programs at the end.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: complex C2
func.func @complex_c2(%re: tensor<2xf32>, %im: tensor<2xf32>) -> tensor<3xcomplex<f32>> {
  // expected-error@+1 {{requires the same shape for all operands and results}}
  %0 = "stablehlo.complex"(%re, %im) : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xcomplex<f32>>
  return %0 : tensor<3xcomplex<f32>>
}

// -----

// spec: complex C3
func.func @complex_c3(%re: tensor<2xf32>, %im: tensor<2xf32>) -> tensor<2xcomplex<f64>> {
  // expected-error@+2 {{inferred type(s) 'tensor<2xcomplex<f32>>' are incompatible with return type(s) of operation 'tensor<2xcomplex<f64>>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.complex"(%re, %im) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f64>>
  return %0 : tensor<2xcomplex<f64>>
}

// -----

// spec: complex C3
func.func @complex_c3_not_complex(%re: tensor<2xf32>, %im: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+2 {{inferred type(s) 'tensor<2xcomplex<f32>>' are incompatible with return type(s) of operation 'tensor<2xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.complex"(%re, %im) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// spec: real C1
func.func @real_c1(%x: tensor<2xcomplex<f32>>) -> tensor<3xf32> {
  // expected-error@+1 {{requires the same shape for all operands and results}}
  %0 = "stablehlo.real"(%x) : (tensor<2xcomplex<f32>>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// spec: imag C1
func.func @imag_c1(%x: tensor<2xcomplex<f32>>) -> tensor<3xf32> {
  // expected-error@+1 {{requires the same shape for all operands and results}}
  %0 = "stablehlo.imag"(%x) : (tensor<2xcomplex<f32>>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// spec: imag C2
func.func @imag_c2(%x: tensor<2xcomplex<f32>>) -> tensor<2xf64> {
  // expected-error@+2 {{inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<2xf64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.imag"(%x) : (tensor<2xcomplex<f32>>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// spec: imag C2
func.func @imag_c2_float(%x: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error@+2 {{inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<2xf64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.imag"(%x) : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// Valid: complex of two f32 parts, and its parts taken apart again (also of a float operand).
func.func @complex_ok(%re: tensor<2xf32>, %im: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %0 = "stablehlo.complex"(%re, %im) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f32>>
  %1 = "stablehlo.real"(%0) : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %2 = "stablehlo.imag"(%0) : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %3 = "stablehlo.real"(%re) : (tensor<2xf32>) -> tensor<2xf32>
  %4 = "stablehlo.imag"(%re) : (tensor<2xf32>) -> tensor<2xf32>
  return %1, %2, %3, %4 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}
