// linalg-on-tensors form of conv2d_nhwc_56: SAME padding -> tensor.pad of the input, then
// linalg.conv_2d_nhwc_hwcf into a zero-filled init (what stablehlo-legalize-to-linalg emits for
// [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]).
// flops: 2*56*56*64*64*3*3
func.func @main(%arg0: tensor<1x56x56x64xf32>, %arg1: tensor<3x3x64x64xf32>) -> tensor<1x56x56x64xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %padded = tensor.pad %arg0 low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index):
    tensor.yield %cst : f32
  } : tensor<1x56x56x64xf32> to tensor<1x58x58x64xf32>
  %0 = tensor.empty() : tensor<1x56x56x64xf32>
  %cst_0 = arith.constant 0.000000e+00 : f32
  %1 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32>
  %2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%padded, %arg1 : tensor<1x58x58x64xf32>, tensor<3x3x64x64xf32>) outs(%1 : tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32>
  return %2 : tensor<1x56x56x64xf32>
}
