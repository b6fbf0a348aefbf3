// linalg-on-tensors form of softmax_2048x1024: reduce -> fill + reduction generic (init from
// the tensor<f32> constant), broadcast_in_dim -> broadcasting generic, each elementwise op a generic.
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
func.func @main(%arg0: tensor<2048x1024xf32>) -> tensor<2048x1024xf32> {
  %cst = arith.constant dense<0xFF800000> : tensor<f32>
  %0 = tensor.empty() : tensor<2048xf32>
  %extracted = tensor.extract %cst[] : tensor<f32>
  %1 = linalg.fill ins(%extracted : f32) outs(%0 : tensor<2048xf32>) -> tensor<2048xf32>
  %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<2048x1024xf32>) outs(%1 : tensor<2048xf32>) {
  ^bb0(%in: f32, %out: f32):
    %16 = arith.maximumf %out, %in : f32
    linalg.yield %16 : f32
  } -> tensor<2048xf32>
  %3 = tensor.empty() : tensor<2048x1024xf32>
  %4 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<2048xf32>) outs(%3 : tensor<2048x1024xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2048x1024xf32>
  %5 = tensor.empty() : tensor<2048x1024xf32>
  %6 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %4 : tensor<2048x1024xf32>, tensor<2048x1024xf32>) outs(%5 : tensor<2048x1024xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %16 = arith.subf %in, %in_1 : f32
    linalg.yield %16 : f32
  } -> tensor<2048x1024xf32>
  %7 = tensor.empty() : tensor<2048x1024xf32>
  %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<2048x1024xf32>) outs(%7 : tensor<2048x1024xf32>) {
  ^bb0(%in: f32, %out: f32):
    %16 = math.exp %in : f32
    linalg.yield %16 : f32
  } -> tensor<2048x1024xf32>
  %cst_0 = arith.constant dense<0.000000e+00> : tensor<f32>
  %9 = tensor.empty() : tensor<2048xf32>
  %extracted_1 = tensor.extract %cst_0[] : tensor<f32>
  %10 = linalg.fill ins(%extracted_1 : f32) outs(%9 : tensor<2048xf32>) -> tensor<2048xf32>
  %11 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%8 : tensor<2048x1024xf32>) outs(%10 : tensor<2048xf32>) {
  ^bb0(%in: f32, %out: f32):
    %16 = arith.addf %out, %in : f32
    linalg.yield %16 : f32
  } -> tensor<2048xf32>
  %12 = tensor.empty() : tensor<2048x1024xf32>
  %13 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<2048xf32>) outs(%12 : tensor<2048x1024xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2048x1024xf32>
  %14 = tensor.empty() : tensor<2048x1024xf32>
  %15 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%8, %13 : tensor<2048x1024xf32>, tensor<2048x1024xf32>) outs(%14 : tensor<2048x1024xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %16 = arith.divf %in, %in_1 : f32
    linalg.yield %16 : f32
  } -> tensor<2048x1024xf32>
  return %15 : tensor<2048x1024xf32>
}
