// Negative cases of the batch norm ops' constraints (C1-C6), written from spec.md, with
// StableHLO's messages; valid programs last.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: batch_norm_inference C1
func.func @bni_c1(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+2 {{expects featureIndex to be smaller than the rank of multi-dimensional operands; got featureIndex 2, and rank 2.}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) <{epsilon = 1.0e-3 : f32, feature_index = 2 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// spec: batch_norm_inference C2
func.func @bni_c2(%x: tensor<2x3xf32>, %s: tensor<3xf64>, %o: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+2 {{failed to verify that all of {operand, scale, offset, mean, variance, result} have same element type}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf64>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// spec: batch_norm_inference C3
func.func @bni_c3(%x: tensor<2x3xf32>, %s: tensor<4xf32>, %o: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+2 {{expects single-dimensional operands to have compatible shapes}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// spec: batch_norm_inference C4
func.func @bni_c4(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %o: tensor<4xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+2 {{expects single-dimensional operands to have compatible shapes}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<4xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// spec: batch_norm_inference C5
func.func @bni_c5(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>, %m: tensor<4xf32>, %v: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+2 {{expects single-dimensional operands to have compatible shapes}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// spec: batch_norm_inference C6
func.func @bni_c6(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<4xf32>) -> tensor<2x3xf32> {
  // expected-error@+2 {{expects single-dimensional operands to have compatible shapes}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// spec: batch_norm_training C1
func.func @bnt_c1(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+2 {{expects featureIndex to be smaller than the rank of multi-dimensional operands; got featureIndex 2, and rank 2.}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %o) <{epsilon = 1.0e-3 : f32, feature_index = 2 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// spec: batch_norm_training C2
func.func @bnt_c2(%x: tensor<2x3xf32>, %s: tensor<3xf64>, %o: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+2 {{failed to verify that all of {operand, scale, offset, output, batch_mean, batch_var} have same element type}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %o) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf64>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// spec: batch_norm_training C3
func.func @bnt_c3(%x: tensor<2x3xf32>, %s: tensor<4xf32>, %o: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+2 {{expects single-dimensional operands to have compatible shapes}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %o) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<4xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// spec: batch_norm_training C4
func.func @bnt_c4(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %o: tensor<4xf32>) -> tensor<2x3xf32> {
  // expected-error@+2 {{expects single-dimensional operands to have compatible shapes}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %o) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<4xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// spec: batch_norm_training C5
func.func @bnt_c5(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+2 {{inferred type(s) 'tensor<2x3xf32>', 'tensor<3xf32>', 'tensor<3xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>', 'tensor<4xf32>', 'tensor<3xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %o) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<4xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// spec: batch_norm_training C6
func.func @bnt_c6(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+2 {{inferred type(s) 'tensor<2x3xf32>', 'tensor<3xf32>', 'tensor<3xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>', 'tensor<3xf32>', 'tensor<4xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %o) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<4xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// spec: batch_norm_grad C1
func.func @bng_c1(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>, %g: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+2 {{expects featureIndex to be smaller than the rank of multi-dimensional operands; got featureIndex 2, and rank 2.}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %m, %v, %g) <{epsilon = 1.0e-3 : f32, feature_index = 2 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// spec: batch_norm_grad C2
func.func @bng_c2(%x: tensor<2x3xf32>, %s: tensor<3xf64>, %m: tensor<3xf32>, %v: tensor<3xf32>, %g: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+2 {{failed to verify that all of {operand, scale, mean, variance, grad_output, grad_operand, grad_scale, grad_offset} have same element type}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %m, %v, %g) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf64>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// spec: batch_norm_grad C3
func.func @bng_c3(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>, %g: tensor<2x4xf32>) -> tensor<2x3xf32> {
  // expected-error@+2 {{expects multi-dimensional operands to have compatible shapes}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %m, %v, %g) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x4xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// spec: batch_norm_grad C4
func.func @bng_c4(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %m: tensor<4xf32>, %v: tensor<3xf32>, %g: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+2 {{expects single-dimensional operands to have compatible shapes}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %m, %v, %g) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<4xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// spec: batch_norm_grad C5
func.func @bng_c5(%x: tensor<2x3xf32>, %s: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>, %g: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+2 {{expects the size of single-dimensional operands to be compatible with feature count, but the size of single-dimensional operands is 4 and the feature count is 3.}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %m, %v, %g) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<4xf32>, tensor<4xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// Valid: the programs the cases above mutate.
func.func @batch_norm_ok(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1:3 = "stablehlo.batch_norm_training"(%x, %s, %s) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  %2:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %x) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0 : tensor<2x3xf32>
}
