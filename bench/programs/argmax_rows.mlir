// Row argmax of f32[512,512] as JAX lowers it: a two-input reduce whose body (compare,
// select) the interpreter evaluates once per element — a measure of per-op dispatch cost.
func.func @main(%x: tensor<512x512xf32>) -> (tensor<512xf32>, tensor<512xi32>) {
  %iota = stablehlo.iota dim = 1 : tensor<512x512xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %ninf), (%iota init: %zero) across dimensions = [1] : (tensor<512x512xf32>, tensor<512x512xi32>, tensor<f32>, tensor<i32>) -> (tensor<512xf32>, tensor<512xi32>)
    reducer(%a: tensor<f32>, %b: tensor<f32>) (%ia: tensor<i32>, %ib: tensor<i32>) {
      %gt = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %ne = stablehlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %take = stablehlo.or %gt, %ne : tensor<i1>
      %eq = stablehlo.compare EQ, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %lt = stablehlo.compare LT, %ia, %ib, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %tie = stablehlo.and %eq, %lt : tensor<i1>
      %pick = stablehlo.or %take, %tie : tensor<i1>
      %v = stablehlo.select %pick, %a, %b : tensor<i1>, tensor<f32>
      %i = stablehlo.select %pick, %ia, %ib : tensor<i1>, tensor<i32>
      stablehlo.return %v, %i : tensor<f32>, tensor<i32>
    }
  return %r#0, %r#1 : tensor<512xf32>, tensor<512xi32>
}
