// RUN: strata-opt --allow-unregistered-dialect %s | strata-check %s
// RUN: strata-opt --allow-unregistered-dialect %s | strata-opt --allow-unregistered-dialect | strata-check %s

// CHECK: "test.attrs"() {
// CHECK-SAME: arr = [1, "two", unit]
// CHECK-SAME: b = true
// CHECK-SAME: da = array<i64: 1, 2, 3>
// CHECK-SAME: dense = dense<{{\[}}[1, 2], [3, 4]]> : tensor<2x2xi32>
// CHECK-SAME: dict = {x = 1 : i32, y}
// CHECK-SAME: f = 1.500000e+00 : f32
// CHECK-SAME: map = #map
// CHECK-SAME: nan = 0x7FC00000 : f32
// CHECK-SAME: splat = dense<1.000000e+00> : tensor<4xf32>
// CHECK-SAME: str = "hi\0A"
// CHECK-SAME: sym = @a::@b
"test.attrs"() {str = "hi\n", b = true, f = 1.5 : f32, nan = 0x7FC00000 : f32,
  arr = [1, "two", unit], da = array<i64: 1, 2, 3>, dict = {y, x = 1 : i32},
  sym = @a::@b, dense = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>,
  splat = dense<1.0> : tensor<4xf32>, map = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2)>} : () -> ()
