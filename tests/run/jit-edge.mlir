// strata-run --jit edge cases: results that alias an argument (twice), rank-0 tensors, empty
// tensors, functions without arguments returning constants.
// REQUIRES: mlir
// RUN: strata-run --jit %s --entry ident --args '[dense<[1.0,2.0,3.0]> : tensor<3xf32>]' | strata-check %s --check-prefix=ID
// RUN: strata-run --jit %s --entry scalar --args '[dense<1.5> : tensor<f32>, dense<2.25> : tensor<f64>]' | strata-check %s --check-prefix=SC
// RUN: strata-run --jit %s --entry empty --args '[dense<> : tensor<0x4xf32>]' | strata-check %s --check-prefix=EM
// RUN: strata-run --jit %s --entry noargs | strata-check %s --check-prefix=NA
// ID: dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>
// ID-NEXT: dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>
// SC: dense<3.750000e+00> : tensor<f64>
// EM: dense<> : tensor<0x4xf32>
// NA: dense<[3, 4]> : tensor<2xi32>

func.func @ident(%a: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  return %a, %a : tensor<3xf32>, tensor<3xf32>
}
func.func @scalar(%a: tensor<f32>, %b: tensor<f64>) -> tensor<f64> {
  %e = tensor.empty() : tensor<f64>
  %r = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%a, %b : tensor<f32>, tensor<f64>) outs(%e : tensor<f64>) {
  ^bb0(%x: f32, %y: f64, %o: f64):
    %xe = arith.extf %x : f32 to f64
    %s = arith.addf %xe, %y : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  return %r : tensor<f64>
}
func.func @empty(%a: tensor<0x4xf32>) -> tensor<0x4xf32> {
  %e = tensor.empty() : tensor<0x4xf32>
  %r = linalg.map { math.exp } ins(%a : tensor<0x4xf32>) outs(%e : tensor<0x4xf32>)
  return %r : tensor<0x4xf32>
}
func.func @noargs() -> tensor<2xi32> {
  %c = arith.constant dense<[3, 4]> : tensor<2xi32>
  return %c : tensor<2xi32>
}
