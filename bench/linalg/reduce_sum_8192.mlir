// linalg-on-tensors form of reduce_sum_8192: reduce over both dims -> fill of the init value +
// a generic with two reduction loops into a rank-0 tensor.
// flops: 8192*8192
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> ()>
func.func @main(%arg0: tensor<8192x8192xf32>) -> tensor<f32> {
  %cst = arith.constant dense<0.000000e+00> : tensor<f32>
  %0 = tensor.empty() : tensor<f32>
  %extracted = tensor.extract %cst[] : tensor<f32>
  %1 = linalg.fill ins(%extracted : f32) outs(%0 : tensor<f32>) -> tensor<f32>
  %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "reduction"]} ins(%arg0 : tensor<8192x8192xf32>) outs(%1 : tensor<f32>) {
  ^bb0(%in: f32, %out: f32):
    %3 = arith.addf %out, %in : f32
    linalg.yield %3 : f32
  } -> tensor<f32>
  return %2 : tensor<f32>
}
