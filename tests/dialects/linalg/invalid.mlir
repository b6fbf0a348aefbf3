// RUN: strata-opt --split-input-file --verify-diagnostics %s
// Verifier errors of linalg ops (MLIR's messages).

func.func @transpose_bad(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'linalg.transpose' op dim(result, 0) = 4 doesn't match dim(input, permutation[0]) = 8}}
  %0 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%b : tensor<4x8xf32>) permutation = [1, 0]
  return %0 : tensor<4x8xf32>
}

// -----

func.func @generic_maps(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.generic' op expected the number of indexing_map (1) to be equal to the number of input/output operands (2)}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_dims(%a: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'linalg.reduce' op init dimensions [8] doesn't match input dimensions after reduction [4]}}
  %0 = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%b : tensor<8xf32>) dimensions = [1]
    (%x: f32, %y: f32) {
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<8xf32>
}

// -----

func.func @generic_not_iter(%a: tensor<4xf32>) {
  // expected-error @+1 {{expected iterator_types array attribute}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>]} outs(%a : tensor<4xf32>) {
  ^bb0(%y: f32):
    linalg.yield %y : f32
  } -> tensor<4xf32>
  return
}

// -----

// MLIR's verifyStructuredOpInterface: invertible maps and loop ranges inferred from static shapes.
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @bad_shape(%t: tensor<4x8xi32>, %e1: tensor<4x8xi32>) -> tensor<4x8xi32> {
  // expected-error @+1 {{'linalg.generic' op inferred input/output operand #1 has shape's dimension #0 to be 8, but found 4}}
  %r = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<4x8xi32>) outs(%e1 : tensor<4x8xi32>) {
  ^bb0(%in: i32, %out: i32):
    linalg.yield %in : i32
  } -> tensor<4x8xi32>
  return %r : tensor<4x8xi32>
}

// -----

#row = affine_map<(d0, d1) -> (d0)>
func.func @non_invertible(%m: tensor<4xf32>, %e: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.generic' op invalid indexing maps are non-invertible: ((d0, d1) -> (d0, d0))}}
  %n = linalg.generic {indexing_maps = [#row, #row], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4xf32>
  return %n : tensor<4xf32>
}

// -----

#sh = affine_map<(d0) -> (d0 + 2)>
#id1 = affine_map<(d0) -> (d0)>
func.func @too_small(%m: tensor<4xf32>, %e: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.generic' op inferred input/output operand #0 has shape's dimension #0 to be greater than or equal to 6, but found 4}}
  %n = linalg.generic {indexing_maps = [#sh, #id1], iterator_types = ["parallel"]} ins(%m : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4xf32>
  return %n : tensor<4xf32>
}

// -----

#neg = affine_map<(d0) -> (d0 - 1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @negative(%m: tensor<4xf32>, %e: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.generic' op unexpected result less than 0 at expression #0 in (d0) -> (d0 - 1)}}
  %n = linalg.generic {indexing_maps = [#neg, #id1], iterator_types = ["parallel"]} ins(%m : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4xf32>
  return %n : tensor<4xf32>
}
