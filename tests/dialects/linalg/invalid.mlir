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
