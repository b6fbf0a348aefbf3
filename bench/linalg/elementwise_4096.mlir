// linalg-on-tensors form of elementwise_4096 (tanh(a*b+c) - exp(a)): one linalg.generic per
// stablehlo op, as stablehlo-legalize-to-linalg writes them (fusion is the compiler's job).
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @main(%arg0: tensor<4096x4096xf32>, %arg1: tensor<4096x4096xf32>, %arg2: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %0 = tensor.empty() : tensor<4096x4096xf32>
  %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4096x4096xf32>, tensor<4096x4096xf32>) outs(%0 : tensor<4096x4096xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %9 = arith.mulf %in, %in_0 : f32
    linalg.yield %9 : f32
  } -> tensor<4096x4096xf32>
  %2 = tensor.empty() : tensor<4096x4096xf32>
  %3 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %arg2 : tensor<4096x4096xf32>, tensor<4096x4096xf32>) outs(%2 : tensor<4096x4096xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %9 = arith.addf %in, %in_0 : f32
    linalg.yield %9 : f32
  } -> tensor<4096x4096xf32>
  %4 = tensor.empty() : tensor<4096x4096xf32>
  %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<4096x4096xf32>) outs(%4 : tensor<4096x4096xf32>) {
  ^bb0(%in: f32, %out: f32):
    %9 = math.tanh %in : f32
    linalg.yield %9 : f32
  } -> tensor<4096x4096xf32>
  %6 = tensor.empty() : tensor<4096x4096xf32>
  %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4096x4096xf32>) outs(%6 : tensor<4096x4096xf32>) {
  ^bb0(%in: f32, %out: f32):
    %9 = math.exp %in : f32
    linalg.yield %9 : f32
  } -> tensor<4096x4096xf32>
  %8 = tensor.empty() : tensor<4096x4096xf32>
  %9 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%5, %7 : tensor<4096x4096xf32>, tensor<4096x4096xf32>) outs(%8 : tensor<4096x4096xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %10 = arith.subf %in, %in_0 : f32
    linalg.yield %10 : f32
  } -> tensor<4096x4096xf32>
  return %9 : tensor<4096x4096xf32>
}
