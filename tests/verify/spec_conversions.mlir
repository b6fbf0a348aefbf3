// Negative cases of the constraints of the conversion ops (convert, bitcast_convert,
// uniform_quantize, uniform_dequantize), written from spec.md, with StableHLO's messages; each case mutates one of
// the valid programs at the end.
// RUN: strata-opt --split-input-file --verify-diagnostics %s


// spec: uniform_quantize C2
func.func @uniform_quantize_c2_float(%x: tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f64, 1.0:0>> {
  // expected-error@+1 {{Expressed type of result expected to be 'f32', but got 'f64'}}
  %0 = "stablehlo.uniform_quantize"(%x) : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f64, 1.0:0>>
  return %0 : tensor<2x!quant.uniform<i8:f64, 1.0:0>>
}

// -----

// spec: uniform_quantize C2
func.func @uniform_quantize_c2_requantize(%x: tensor<2x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<2x!quant.uniform<i8:f64, 1.0:0>> {
  // expected-error@+1 {{Expressed type of result expected to be 'f32', but got 'f64'}}
  %0 = "stablehlo.uniform_quantize"(%x) : (tensor<2x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<2x!quant.uniform<i8:f64, 1.0:0>>
  return %0 : tensor<2x!quant.uniform<i8:f64, 1.0:0>>
}

// -----

// spec: convert C1
func.func @convert_c1(%x: tensor<2xf32>) -> tensor<3xi32> {
  // expected-error@+1 {{requires the same shape for all operands and results}}
  %0 = "stablehlo.convert"(%x) : (tensor<2xf32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// spec: bitcast_convert C2
func.func @bitcast_convert_c2(%x: tensor<2xcomplex<f32>>) -> tensor<2xf64> {
  // expected-error@+1 {{cannot convert between real and complex types, but got: tensor<2xcomplex<f32>> and tensor<2xf64>}}
  %0 = "stablehlo.bitcast_convert"(%x) : (tensor<2xcomplex<f32>>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// spec: bitcast_convert C2
func.func @bitcast_convert_c2_result(%x: tensor<2xi64>) -> tensor<2xcomplex<f32>> {
  // expected-error@+1 {{cannot convert between real and complex types, but got: tensor<2xi64> and tensor<2xcomplex<f32>>}}
  %0 = "stablehlo.bitcast_convert"(%x) : (tensor<2xi64>) -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

// spec: uniform_dequantize C1
func.func @uniform_dequantize_c1(%x: tensor<2x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<3xf32> {
  // expected-error@+1 {{requires the same shape for all operands and results}}
  %0 = "stablehlo.uniform_dequantize"(%x) : (tensor<2x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// spec: uniform_dequantize C2
func.func @uniform_dequantize_c2(%x: tensor<2x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<2xf64> {
  // expected-error@+2 {{inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<2xf64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.uniform_dequantize"(%x) : (tensor<2x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// Valid: a convert, complex <-> complex and real <-> real bitcasts, quantize from a float and
// requantize (storage type and scale may change), dequantize to the expressed type.
func.func @conversions_ok(%x: tensor<2xf32>, %c: tensor<2xcomplex<f32>>, %i: tensor<2xi64>) -> (tensor<2xi32>, tensor<2xcomplex<f32>>, tensor<2xf64>, tensor<2xf32>) {
  %0 = "stablehlo.convert"(%x) : (tensor<2xf32>) -> tensor<2xi32>
  %1 = "stablehlo.bitcast_convert"(%c) : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  %2 = "stablehlo.bitcast_convert"(%i) : (tensor<2xi64>) -> tensor<2xf64>
  %3 = "stablehlo.uniform_quantize"(%x) : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 1.0:0>>
  %4 = "stablehlo.uniform_quantize"(%3) : (tensor<2x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<2x!quant.uniform<i16:f32, 0.5:3>>
  %5 = "stablehlo.uniform_dequantize"(%4) : (tensor<2x!quant.uniform<i16:f32, 0.5:3>>) -> tensor<2xf32>
  return %0, %1, %2, %5 : tensor<2xi32>, tensor<2xcomplex<f32>>, tensor<2xf64>, tensor<2xf32>
}
