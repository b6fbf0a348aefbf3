// Negative cases of fft's constraints, written from spec.md, with StableHLO's messages; each
// case mutates one of the valid programs at the end (the spec's example, an RFFT and an IRFFT).
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: fft C1
func.func @fft_c1(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error@+2 {{operand rank must not be less than fft rank of 2 for operand of type 'tensor<4xcomplex<f32>>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.fft"(%x) <{fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 4, 4>}> : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

// spec: fft C2
func.func @fft_c2(%x: tensor<4xf32>) -> tensor<4xcomplex<f32>> {
  // expected-error@+2 {{FFT/IFFT/IRFFT take a complex tensor as input, but is given 'tensor<4xf32>'.}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.fft"(%x) <{fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 4>}> : (tensor<4xf32>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

// spec: fft C2
func.func @fft_c2_result(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f64>> {
  // expected-error@+2 {{inferred type(s) 'tensor<4xcomplex<f32>>' are incompatible with return type(s) of operation 'tensor<4xcomplex<f64>>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.fft"(%x) <{fft_type = #stablehlo<fft_type IFFT>, fft_length = array<i64: 4>}> : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f64>>
  return %0 : tensor<4xcomplex<f64>>
}

// -----

// spec: fft C2
func.func @fft_c2_rfft(%x: tensor<8xcomplex<f32>>) -> tensor<5xcomplex<f32>> {
  // expected-error@+2 {{RFFT requires f32 or f64 input type, but is given 'complex<f32>'.}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.fft"(%x) <{fft_type = #stablehlo<fft_type RFFT>, fft_length = array<i64: 8>}> : (tensor<8xcomplex<f32>>) -> tensor<5xcomplex<f32>>
  return %0 : tensor<5xcomplex<f32>>
}

// -----

// spec: fft C2
func.func @fft_c2_irfft(%x: tensor<5xcomplex<f32>>) -> tensor<8xf64> {
  // expected-error@+2 {{inferred type(s) 'tensor<8xf32>' are incompatible with return type(s) of operation 'tensor<8xf64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.fft"(%x) <{fft_type = #stablehlo<fft_type IRFFT>, fft_length = array<i64: 8>}> : (tensor<5xcomplex<f32>>) -> tensor<8xf64>
  return %0 : tensor<8xf64>
}

// -----

// spec: fft C3
func.func @fft_c3(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error@+2 {{rank must be between 1 and 3, but got 0.}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.fft"(%x) <{fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64>}> : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

// spec: fft C3
func.func @fft_c3_four(%x: tensor<1x1x1x4xcomplex<f32>>) -> tensor<1x1x1x4xcomplex<f32>> {
  // expected-error@+2 {{rank must be between 1 and 3, but got 4.}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.fft"(%x) <{fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 1, 1, 1, 4>}> : (tensor<1x1x1x4xcomplex<f32>>) -> tensor<1x1x1x4xcomplex<f32>>
  return %0 : tensor<1x1x1x4xcomplex<f32>>
}

// -----

// spec: fft C4
func.func @fft_c4_rfft(%x: tensor<3x8xf32>) -> tensor<3x5xcomplex<f32>> {
  // expected-error@+2 {{RFFT requires innermost dimensions to be compatible with fft_length. Got: 3, 8 but wanted 2, 8.}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.fft"(%x) <{fft_type = #stablehlo<fft_type RFFT>, fft_length = array<i64: 2, 8>}> : (tensor<3x8xf32>) -> tensor<3x5xcomplex<f32>>
  return %0 : tensor<3x5xcomplex<f32>>
}

// -----

// spec: fft C4
func.func @fft_c4_irfft(%x: tensor<3x5xcomplex<f32>>) -> tensor<3x8xf32> {
  // expected-error@+2 {{inferred type(s) 'tensor<3x9xf32>' are incompatible with return type(s) of operation 'tensor<3x8xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.fft"(%x) <{fft_type = #stablehlo<fft_type IRFFT>, fft_length = array<i64: 9>}> : (tensor<3x5xcomplex<f32>>) -> tensor<3x8xf32>
  return %0 : tensor<3x8xf32>
}

// -----

// spec: fft C5
func.func @fft_c5(%x: tensor<4xcomplex<f32>>) -> tensor<8xcomplex<f32>> {
  // expected-error@+2 {{inferred type(s) 'tensor<4xcomplex<f32>>' are incompatible with return type(s) of operation 'tensor<8xcomplex<f32>>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.fft"(%x) <{fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 4>}> : (tensor<4xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  return %0 : tensor<8xcomplex<f32>>
}

// -----

// spec: fft C5
func.func @fft_c5_rfft(%x: tensor<3x8xf32>) -> tensor<3x8xcomplex<f32>> {
  // expected-error@+2 {{inferred type(s) 'tensor<3x5xcomplex<f32>>' are incompatible with return type(s) of operation 'tensor<3x8xcomplex<f32>>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.fft"(%x) <{fft_type = #stablehlo<fft_type RFFT>, fft_length = array<i64: 8>}> : (tensor<3x8xf32>) -> tensor<3x8xcomplex<f32>>
  return %0 : tensor<3x8xcomplex<f32>>
}

// -----

// spec: fft C5
func.func @fft_c5_irfft(%x: tensor<3x6xcomplex<f32>>) -> tensor<3x8xf32> {
  // expected-error@+2 {{IRFFT requires innermost dimension to be compatible with fft_length[-1]/2+1. Got: 6 but fft_length is 8.}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.fft"(%x) <{fft_type = #stablehlo<fft_type IRFFT>, fft_length = array<i64: 8>}> : (tensor<3x6xcomplex<f32>>) -> tensor<3x8xf32>
  return %0 : tensor<3x8xf32>
}

// -----

// Valid: the spec's example, and RFFT / IRFFT pairs of 8 real and 8/2+1 = 5 complex elements.
func.func @fft_ok(%x: tensor<4xcomplex<f32>>, %r: tensor<3x8xf32>, %c: tensor<3x5xcomplex<f64>>) -> (tensor<4xcomplex<f32>>, tensor<3x5xcomplex<f32>>, tensor<3x8xf64>) {
  %0 = "stablehlo.fft"(%x) <{fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 4>}> : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  %1 = "stablehlo.fft"(%r) <{fft_type = #stablehlo<fft_type RFFT>, fft_length = array<i64: 3, 8>}> : (tensor<3x8xf32>) -> tensor<3x5xcomplex<f32>>
  %2 = "stablehlo.fft"(%c) <{fft_type = #stablehlo<fft_type IRFFT>, fft_length = array<i64: 3, 8>}> : (tensor<3x5xcomplex<f64>>) -> tensor<3x8xf64>
  return %0, %1, %2 : tensor<4xcomplex<f32>>, tensor<3x5xcomplex<f32>>, tensor<3x8xf64>
}
