// Negative cases of compare's constraints, written from spec.md, with StableHLO's messages; each
// case mutates one of the valid programs at the end.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: compare C1
func.func @compare_c1(%l: tensor<2xf32>, %r: tensor<2xf64>) -> tensor<2xi1> {
  // expected-error@+1 {{requires the same element type for all operands}}
  %0 = "stablehlo.compare"(%l, %r) <{comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// spec: compare C3
func.func @compare_c3_signed(%l: tensor<2xf32>, %r: tensor<2xf32>) -> tensor<2xi1> {
  // expected-error@+2 {{compare_type SIGNED is not compatible with element type 'f32'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.compare"(%l, %r) <{comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type SIGNED>}> : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// spec: compare C3
func.func @compare_c3_unsigned(%l: tensor<2xi32>, %r: tensor<2xi32>) -> tensor<2xi1> {
  // expected-error@+2 {{compare_type UNSIGNED is not compatible with element type 'i32'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.compare"(%l, %r) <{comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type UNSIGNED>}> : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// spec: compare C3
func.func @compare_c3_float(%l: tensor<2xui32>, %r: tensor<2xui32>) -> tensor<2xi1> {
  // expected-error@+2 {{compare_type FLOAT is not compatible with element type 'ui32'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.compare"(%l, %r) <{comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type FLOAT>}> : (tensor<2xui32>, tensor<2xui32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// spec: compare C3
func.func @compare_c3_bool(%l: tensor<2xi1>, %r: tensor<2xi1>) -> tensor<2xi1> {
  // expected-error@+2 {{compare_type SIGNED is not compatible with element type 'i1'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.compare"(%l, %r) <{comparison_direction = #stablehlo<comparison_direction EQ>, compare_type = #stablehlo<comparison_type SIGNED>}> : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// spec: compare C3
func.func @compare_c3_complex(%l: tensor<2xcomplex<f32>>, %r: tensor<2xcomplex<f32>>) -> tensor<2xi1> {
  // expected-error@+2 {{compare_type TOTALORDER is not compatible with element type 'complex<f32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.compare"(%l, %r) <{comparison_direction = #stablehlo<comparison_direction EQ>, compare_type = #stablehlo<comparison_type TOTALORDER>}> : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// Valid: each element kind with the compare_type C3 allows it (and with none), and quantized
// operands.
func.func @compare_ok(%f: tensor<2xf32>, %s: tensor<2xi32>, %u: tensor<2xui32>, %b: tensor<2xi1>, %c: tensor<2xcomplex<f32>>, %q1: tensor<2x!quant.uniform<i8:f32, 1.0:0>>, %q2: tensor<2x!quant.uniform<i8:f32, 1.0:0>>) -> (tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>) {
  %0 = "stablehlo.compare"(%f, %f) <{comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type FLOAT>}> : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  %1 = "stablehlo.compare"(%f, %f) <{comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type TOTALORDER>}> : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  %2 = "stablehlo.compare"(%s, %s) <{comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type SIGNED>}> : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  %3 = "stablehlo.compare"(%u, %u) <{comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type UNSIGNED>}> : (tensor<2xui32>, tensor<2xui32>) -> tensor<2xi1>
  %4 = "stablehlo.compare"(%b, %b) <{comparison_direction = #stablehlo<comparison_direction EQ>, compare_type = #stablehlo<comparison_type UNSIGNED>}> : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  %5 = "stablehlo.compare"(%c, %c) <{comparison_direction = #stablehlo<comparison_direction EQ>, compare_type = #stablehlo<comparison_type FLOAT>}> : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xi1>
  %6 = "stablehlo.compare"(%s, %s) <{comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  %7 = "stablehlo.compare"(%q1, %q2) <{comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<2x!quant.uniform<i8:f32, 1.0:0>>, tensor<2x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<2xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>
}
