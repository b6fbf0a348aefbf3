// linalg-on-tensors form of mlp_256: relu(x @ w1 + b1) @ w2; dots -> linalg.matmul, broadcast_in_dim
// -> broadcasting generic, add/maximum -> generics, the splat constant stays a dense tensor.
// flops: 2*256*1024*2048 + 2*256*2048 + 2*256*2048*1024
#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
func.func @main(%arg0: tensor<256x1024xf32>, %arg1: tensor<1024x2048xf32>, %arg2: tensor<2048xf32>, %arg3: tensor<2048x1024xf32>) -> tensor<256x1024xf32> {
  %0 = tensor.empty() : tensor<256x2048xf32>
  %cst = arith.constant 0.000000e+00 : f32
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<256x2048xf32>) -> tensor<256x2048xf32>
  %2 = linalg.matmul ins(%arg0, %arg1 : tensor<256x1024xf32>, tensor<1024x2048xf32>) outs(%1 : tensor<256x2048xf32>) -> tensor<256x2048xf32>
  %3 = tensor.empty() : tensor<256x2048xf32>
  %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg2 : tensor<2048xf32>) outs(%3 : tensor<256x2048xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<256x2048xf32>
  %5 = tensor.empty() : tensor<256x2048xf32>
  %6 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%2, %4 : tensor<256x2048xf32>, tensor<256x2048xf32>) outs(%5 : tensor<256x2048xf32>) {
  ^bb0(%in: f32, %in_2: f32, %out: f32):
    %13 = arith.addf %in, %in_2 : f32
    linalg.yield %13 : f32
  } -> tensor<256x2048xf32>
  %cst_0 = arith.constant dense<0.000000e+00> : tensor<256x2048xf32>
  %7 = tensor.empty() : tensor<256x2048xf32>
  %8 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%6, %cst_0 : tensor<256x2048xf32>, tensor<256x2048xf32>) outs(%7 : tensor<256x2048xf32>) {
  ^bb0(%in: f32, %in_2: f32, %out: f32):
    %13 = arith.maximumf %in, %in_2 : f32
    linalg.yield %13 : f32
  } -> tensor<256x2048xf32>
  %9 = tensor.empty() : tensor<256x1024xf32>
  %cst_1 = arith.constant 0.000000e+00 : f32
  %10 = linalg.fill ins(%cst_1 : f32) outs(%9 : tensor<256x1024xf32>) -> tensor<256x1024xf32>
  %11 = linalg.matmul ins(%8, %arg3 : tensor<256x2048xf32>, tensor<2048x1024xf32>) outs(%10 : tensor<256x1024xf32>) -> tensor<256x1024xf32>
  return %11 : tensor<256x1024xf32>
}
