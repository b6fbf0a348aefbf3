// Negative cases of the elementwise ops' type constraints (`type(x) = type(result)`,
// `baseline_type(...)` equal), written from spec.md, with StableHLO's message; the valid
// boundary cases (quantization parameters may differ: only the baseline type must agree) last.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: cbrt C1
func.func @cbrt_c1(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.cbrt"(%x) : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: ceil C1
func.func @ceil_c1(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.ceil"(%x) : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: cosine C1
func.func @cosine_c1(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.cosine"(%x) : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: exponential C1
func.func @exponential_c1(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.exponential"(%x) : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: exponential_minus_one C1
func.func @exponential_minus_one_c1(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.exponential_minus_one"(%x) : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: floor C1
func.func @floor_c1(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.floor"(%x) : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: log C1
func.func @log_c1(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.log"(%x) : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: log_plus_one C1
func.func @log_plus_one_c1(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.log_plus_one"(%x) : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: logistic C1
func.func @logistic_c1(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.logistic"(%x) : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: negate C1
func.func @negate_c1(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.negate"(%x) : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: round_nearest_afz C1
func.func @round_nearest_afz_c1(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.round_nearest_afz"(%x) : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: round_nearest_even C1
func.func @round_nearest_even_c1(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.round_nearest_even"(%x) : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: rsqrt C1
func.func @rsqrt_c1(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.rsqrt"(%x) : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: sign C1
func.func @sign_c1(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.sign"(%x) : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: sine C1
func.func @sine_c1(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.sine"(%x) : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: sqrt C1
func.func @sqrt_c1(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.sqrt"(%x) : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: tan C1
func.func @tan_c1(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.tan"(%x) : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: tanh C1
func.func @tanh_c1(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.tanh"(%x) : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: count_leading_zeros C1
func.func @count_leading_zeros_c1(%x: tensor<4xi32>) -> tensor<4xi64> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.count_leading_zeros"(%x) : (tensor<4xi32>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// spec: not C1
func.func @not_c1(%x: tensor<4xi32>) -> tensor<4xi64> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.not"(%x) : (tensor<4xi32>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// spec: popcnt C1
func.func @popcnt_c1(%x: tensor<4xi32>) -> tensor<4xi64> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.popcnt"(%x) : (tensor<4xi32>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// spec: atan2 C1
func.func @atan2_c1(%x: tensor<4xf32>, %y: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.atan2"(%x, %y) : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: divide C1
func.func @divide_c1(%x: tensor<4xf32>, %y: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.divide"(%x, %y) : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: maximum C1
func.func @maximum_c1(%x: tensor<4xf32>, %y: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.maximum"(%x, %y) : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: minimum C1
func.func @minimum_c1(%x: tensor<4xf32>, %y: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.minimum"(%x, %y) : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: multiply C1
func.func @multiply_c1(%x: tensor<4xf32>, %y: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.multiply"(%x, %y) : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: power C1
func.func @power_c1(%x: tensor<4xf32>, %y: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.power"(%x, %y) : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: remainder C1
func.func @remainder_c1(%x: tensor<4xf32>, %y: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.remainder"(%x, %y) : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: subtract C1
func.func @subtract_c1(%x: tensor<4xf32>, %y: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.subtract"(%x, %y) : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: and C1
func.func @and_c1(%x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xi16> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.and"(%x, %y) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

// spec: or C1
func.func @or_c1(%x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xi16> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.or"(%x, %y) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

// spec: shift_left C1
func.func @shift_left_c1(%x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xi16> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.shift_left"(%x, %y) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

// spec: shift_right_arithmetic C1
func.func @shift_right_arithmetic_c1(%x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xi16> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.shift_right_arithmetic"(%x, %y) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

// spec: shift_right_logical C1
func.func @shift_right_logical_c1(%x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xi16> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.shift_right_logical"(%x, %y) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

// spec: xor C1
func.func @xor_c1(%x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xi16> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.xor"(%x, %y) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

// spec: select C2
func.func @select_c2(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error@+2 {{requires compatible types for non-predicate operands}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.select"(%p, %a, %b) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: clamp C4
func.func @clamp_c4(%lo: tensor<f32>, %x: tensor<4xf32>, %hi: tensor<f32>) -> tensor<4xf64> {
  // expected-error@+1 {{requires compatible element types for all operands and results}}
  %0 = "stablehlo.clamp"(%lo, %x, %hi) : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: reverse C1
func.func @reverse_c1(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.reverse"(%x) <{dimensions = array<i64: 0>}> : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: dynamic_update_slice C1
func.func @dynamic_update_slice_c1(%x: tensor<4xf32>, %u: tensor<2xf32>, %i: tensor<i32>) -> tensor<4xf64> {
  // expected-error@+2 {{inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xf64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.dynamic_update_slice"(%x, %u, %i) : (tensor<4xf32>, tensor<2xf32>, tensor<i32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: reduce_precision C1
func.func @reduce_precision_c1(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{requires compatible types for all operands and results}}
  %0 = "stablehlo.reduce_precision"(%x) <{exponent_bits = 5 : i32, mantissa_bits = 10 : i32}> : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// spec: cholesky C1
func.func @cholesky_c1(%a: tensor<3x3xf32>) -> tensor<3x3xf64> {
  // expected-error@+2 {{inferred type(s) 'tensor<3x3xf32>' are incompatible with return type(s) of operation 'tensor<3x3xf64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.cholesky"(%a) <{lower = true}> : (tensor<3x3xf32>) -> tensor<3x3xf64>
  return %0 : tensor<3x3xf64>
}

// -----

// spec: triangular_solve C4
func.func @triangular_solve_c4(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) -> tensor<3x2xf64> {
  // expected-error@+2 {{inferred type(s) 'tensor<3x2xf32>' are incompatible with return type(s) of operation 'tensor<3x2xf64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>}> : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf64>
  return %0 : tensor<3x2xf64>
}

// -----

// spec: batch_norm_inference C7
func.func @batch_norm_inference_c7(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf64> {
  // expected-error@+2 {{inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf64>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}

// -----

// spec: batch_norm_training C7
func.func @batch_norm_training_c7(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf64> {
  // expected-error@+2 {{inferred type(s) 'tensor<2x3xf32>', 'tensor<3xf32>', 'tensor<3xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf64>', 'tensor<3xf32>', 'tensor<3xf32>'}}
  // expected-error@+1 {{failed to infer returned types}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf64>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf64>
}

// -----

// Valid: baseline types agree (quantization parameters may differ for baseline_type).
func.func @baseline_ok(%x: tensor<4x!quant.uniform<i8:f32, 0.5>>) -> tensor<4x!quant.uniform<i8:f32, 2.0>> {
  %0 = "stablehlo.negate"(%x) : (tensor<4x!quant.uniform<i8:f32, 0.5>>) -> tensor<4x!quant.uniform<i8:f32, 2.0>>
  %1 = "stablehlo.multiply"(%x, %x) : (tensor<4x!quant.uniform<i8:f32, 0.5>>, tensor<4x!quant.uniform<i8:f32, 0.5>>) -> tensor<4x!quant.uniform<i8:f32, 2.0>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 2.0>>
}

// -----

// Valid: a bounded dimension is compatible with a static one.
func.func @compatible_ok(%x: tensor<?xf32, #stablehlo.bounds<4>>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.add"(%x, %y) : (tensor<?xf32, #stablehlo.bounds<4>>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
