// RUN: strata-opt --allow-unregistered-dialect %s | strata-check %s
// RUN: strata-opt --allow-unregistered-dialect %s | strata-opt --allow-unregistered-dialect | strata-check %s

// CHECK: "test.types"() {
// CHECK-SAME: a = i1, b = si8, c = ui16, d = i4, e = index
// CHECK-SAME: f = tensor<2x?xf32>, g = tensor<*xbf16>, h = memref<4x?xf16, 1>
// CHECK-SAME: i = vector<[4]x8xf32>, j = tuple<i32, complex<f64>>, k = (i32, f32) -> f64
// CHECK-SAME: l = !stablehlo.token, m = f8E4M3FN, n = f4E2M1FN, o = none, p = tensor<4xf32, #test.enc>
"test.types"() {a = i1, b = si8, c = ui16, d = i4, e = index, f = tensor<2x?xf32>,
  g = tensor<*xbf16>, h = memref<4x?xf16, 1>, i = vector<[4]x8xf32>,
  j = tuple<i32, complex<f64>>, k = (i32, f32) -> f64, l = !stablehlo.token,
  m = f8E4M3FN, n = f4E2M1FN, o = none, p = tensor<4xf32, #test.enc>} : () -> ()
