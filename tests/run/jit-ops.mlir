// strata-run --jit on linalg named ops, tensor ops, gathers, loops and convolutions the schedules
// treat differently (vectorized, fused, direct conv, or scalar loops) — all must agree with the
// values worked out by hand below, and none may fall back to the plain pipeline.
// REQUIRES: mlir
// RUN: strata-run --jit %s --entry transpose --args '[dense<[[1.0,2.0,3.0,4.0],[5.0,6.0,7.0,8.0],[9.0,10.0,11.0,12.0]]> : tensor<3x4xf32>]' 2>&1 | strata-check %s --check-prefix=TR
// RUN: strata-run --jit %s --entry bcast_map --args '[dense<[1.0,2.0,3.0,4.0]> : tensor<4xf32>, dense<2.0> : tensor<3x4xf32>]' 2>&1 | strata-check %s --check-prefix=BM
// RUN: strata-run --jit %s --entry pool --args '[dense<[[[[1.0,2.0],[3.0,4.0],[5.0,6.0],[7.0,8.0]],[[9.0,1.0],[1.0,1.0],[1.0,1.0],[1.0,9.0]],[[1.0,1.0],[1.0,1.0],[1.0,1.0],[1.0,1.0]],[[1.0,1.0],[1.0,1.0],[1.0,1.0],[1.0,2.0]]]]> : tensor<1x4x4x2xf32>]' 2>&1 | strata-check %s --check-prefix=POOL
// RUN: strata-run --jit %s --entry concat_pad --args '[dense<[[1.0,2.0,3.0],[4.0,5.0,6.0]]> : tensor<2x3xf32>, dense<[[8.0,9.0,10.0]]> : tensor<1x3xf32>]' 2>&1 | strata-check %s --check-prefix=CP
// RUN: strata-run --jit %s --entry reshape_gather --args '[dense<[[0.0,1.0,2.0,3.0,4.0,5.0],[6.0,7.0,8.0,9.0,10.0,11.0]]> : tensor<2x6xf32>, dense<[11, 0, 5]> : tensor<3xi32>]' 2>&1 | strata-check %s --check-prefix=RG
// RUN: strata-run --jit %s --entry loop --args '[dense<[1.0,2.0,3.0,4.0]> : tensor<4xf32>]' 2>&1 | strata-check %s --check-prefix=LOOP
// RUN: strata-run --jit %s --entry depthwise --args '[dense<1.0> : tensor<1x5x5x3xf32>, dense<0.5> : tensor<3x3x3xf32>]' 2>&1 | strata-check %s --check-prefix=DW
// RUN: strata-run --jit %s --entry strided_conv --args '[dense<1.0> : tensor<1x9x9x4xf32>, dense<0.25> : tensor<3x3x4x8xf32>]' 2>&1 | strata-check %s --check-prefix=SC

// TR-NOT: note
// TR: dense<{{\[}}[1.000000e+00, 5.000000e+00, 9.000000e+00], [2.000000e+00, 6.000000e+00, 1.000000e+01], [3.000000e+00, 7.000000e+00, 1.100000e+01], [4.000000e+00, 8.000000e+00, 1.200000e+01]]> : tensor<4x3xf32>
// BM-NOT: note
// BM: dense<{{\[}}[2.000000e+00, 4.000000e+00, 6.000000e+00, 8.000000e+00], [2.000000e+00, 4.000000e+00, 6.000000e+00, 8.000000e+00], [2.000000e+00, 4.000000e+00, 6.000000e+00, 8.000000e+00]]> : tensor<3x4xf32>
// POOL-NOT: note
// POOL: dense<{{\[}}[{{\[}}[9.000000e+00, 4.000000e+00], [7.000000e+00, 9.000000e+00]], {{\[}}[1.000000e+00, 1.000000e+00], [1.000000e+00, 2.000000e+00]]]]> : tensor<1x2x2x2xf32>
// CP-NOT: note
// CP: dense<{{\[}}[7.000000e+00, 7.000000e+00, 7.000000e+00, 7.000000e+00], [1.000000e+00, 2.000000e+00, 3.000000e+00, 7.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00], [8.000000e+00, 9.000000e+00, 1.000000e+01, 7.000000e+00], [7.000000e+00, 7.000000e+00, 7.000000e+00, 7.000000e+00]]> : tensor<5x4xf32>
// RG-NOT: note
// RG: dense<{{\[}}[0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00], [8.000000e+00, 9.000000e+00, 1.000000e+01, 1.100000e+01]]> : tensor<3x4xf32>
// RG-NEXT: dense<[1.100000e+01, 0.000000e+00, 5.000000e+00]> : tensor<3xf32>
// LOOP-NOT: note
// LOOP: dense<[4.000000e+00, 8.000000e+00, 1.200000e+01, 1.600000e+01]> : tensor<4xf32>
// DW-NOT: note
// DW: dense<4.500000e+00> : tensor<1x3x3x3xf32>
// SC-NOT: note
// SC: dense<9.000000e+00> : tensor<1x4x4x8xf32>

func.func @transpose(%a: tensor<3x4xf32>) -> tensor<4x3xf32> {
  %e = tensor.empty() : tensor<4x3xf32>
  %t = linalg.transpose ins(%a : tensor<3x4xf32>) outs(%e : tensor<4x3xf32>) permutation = [1, 0]
  return %t : tensor<4x3xf32>
}
func.func @bcast_map(%a: tensor<4xf32>, %b: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %e = tensor.empty() : tensor<3x4xf32>
  %bb = linalg.broadcast ins(%a : tensor<4xf32>) outs(%e : tensor<3x4xf32>) dimensions = [0]
  %m = linalg.map { arith.mulf } ins(%bb, %b : tensor<3x4xf32>, tensor<3x4xf32>) outs(%e : tensor<3x4xf32>)
  return %m : tensor<3x4xf32>
}
func.func @pool(%a: tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %w = tensor.empty() : tensor<2x2xf32>
  %e = tensor.empty() : tensor<1x2x2x2xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %p = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%a, %w : tensor<1x4x4x2xf32>, tensor<2x2xf32>) outs(%f : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %p : tensor<1x2x2x2xf32>
}
func.func @concat_pad(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>) -> tensor<5x4xf32> {
  %c = tensor.concat dim(0) %a, %b : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>
  %v = arith.constant 7.0 : f32
  %p = tensor.pad %c low[1, 0] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<3x3xf32> to tensor<5x4xf32>
  return %p : tensor<5x4xf32>
}
func.func @reshape_gather(%a: tensor<2x6xf32>, %idx: tensor<3xi32>) -> (tensor<3x4xf32>, tensor<3xf32>) {
  %r = tensor.collapse_shape %a [[0, 1]] : tensor<2x6xf32> into tensor<12xf32>
  %s = tensor.expand_shape %r [[0, 1]] output_shape [3, 4] : tensor<12xf32> into tensor<3x4xf32>
  %e = tensor.empty() : tensor<3xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%idx : tensor<3xi32>) outs(%e : tensor<3xf32>) {
  ^bb0(%i: i32, %o: f32):
    %ii = arith.index_cast %i : i32 to index
    %x = tensor.extract %r[%ii] : tensor<12xf32>
    linalg.yield %x : f32
  } -> tensor<3xf32>
  return %s, %g : tensor<3x4xf32>, tensor<3xf32>
}
func.func @loop(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %a) -> tensor<4xf32> {
    %e = tensor.empty() : tensor<4xf32>
    %m = linalg.map { arith.addf } ins(%acc, %a : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>)
    scf.yield %m : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
func.func @depthwise(%a: tensor<1x5x5x3xf32>, %w: tensor<3x3x3xf32>) -> tensor<1x3x3x3xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x3x3xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %r = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%a, %w : tensor<1x5x5x3xf32>, tensor<3x3x3xf32>) outs(%f : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  return %r : tensor<1x3x3x3xf32>
}
func.func @strided_conv(%a: tensor<1x9x9x4xf32>, %w: tensor<3x3x4x8xf32>) -> tensor<1x4x4x8xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x4x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%a, %w : tensor<1x9x9x4xf32>, tensor<3x3x4x8xf32>) outs(%f : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  return %r : tensor<1x4x4x8xf32>
}
