// The semantics of the check ops and of `custom_call @check.*`, exactly as
// stablehlo-translate --interpret computes them (see reference/src/check.rs).
// Every check below either must hold (no diagnostic) or must fail (a CHECK line
// names it); --implicit-check-not makes any other failure an error of this test.
// RUN: not strata-run --interpret --split-input-file %s 2>&1 | strata-check %s --implicit-check-not=failed: --implicit-check-not=error:

// === expect_eq: integers and booleans by value, floats as IEEE numbers.
func.func @main() {
  %i = stablehlo.constant dense<[1, -2]> : tensor<2xi32>
  check.expect_eq_const %i, dense<[1, -2]> : tensor<2xi32>
  // CHECK: check-semantics.mlir:[[@LINE+1]]:3: error: check.expect_eq_const failed: element values don't match: -2 (actual) vs 2 (expected) at index [1]
  check.expect_eq_const %i, dense<[1, 2]> : tensor<2xi32>
  %b = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  check.expect_eq_const %b, dense<[true, false]> : tensor<2xi1>
  // CHECK: check-semantics.mlir:[[@LINE+1]]:3: error: check.expect_eq_const failed: element values don't match: false (actual) vs true (expected) at index [1]
  check.expect_eq_const %b, dense<true> : tensor<2xi1>
  // -0.0 == +0.0 (IEEE), and NaN equals nothing, not even NaN.
  %z = stablehlo.constant dense<-0.0> : tensor<f32>
  check.expect_eq_const %z, dense<0.0> : tensor<f32>
  %nan = stablehlo.constant dense<0x7FC00000> : tensor<f32>
  // CHECK: check-semantics.mlir:[[@LINE+1]]:3: error: check.expect_eq_const failed: element values don't match: 0x7FC00000 (actual) vs 0x7FC00000 (expected)
  check.expect_eq_const %nan, dense<0x7FC00000> : tensor<f32>
  // Complex: each part as an IEEE number.
  %c = stablehlo.constant dense<(1.0, -0.0)> : tensor<complex<f32>>
  check.expect_eq_const %c, dense<(1.0, 0.0)> : tensor<complex<f32>>
  // CHECK: check-semantics.mlir:[[@LINE+1]]:3: error: check.expect_eq_const failed
  check.expect_eq_const %c, dense<(1.0, 1.0)> : tensor<complex<f32>>
  func.return
}
// CHECK: chunk 1 ({{.*}}): 1 function(s) run: FAILED (4 failed check(s))

// -----

// === expect_almost_eq: |f - g| <= tolerance (default 1e-4), same sign, NaN matches NaN.
func.func @main() {
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf64>
  check.expect_almost_eq_const %x, dense<[1.00005, 2.0]> : tensor<2xf64>
  // CHECK: check-semantics.mlir:[[@LINE+1]]:3: error: check.expect_almost_eq_const failed: element values don't match with tolerance 0.0001: 1.000000e+00 (actual) vs 1.000200e+00 (expected) at index [0]
  check.expect_almost_eq_const %x, dense<[1.0002, 2.0]> : tensor<2xf64>
  check.expect_almost_eq_const %x, dense<[1.0002, 2.0]> : tensor<2xf64> {tolerance = 1.0e-3 : f64}
  %y = stablehlo.constant dense<[1.05, 2.0]> : tensor<2xf64>
  check.expect_almost_eq %x, %y, tolerance = 0.1 : tensor<2xf64>
  // CHECK: check-semantics.mlir:[[@LINE+1]]:3: error: check.expect_almost_eq failed
  check.expect_almost_eq %x, %y : tensor<2xf64>
  // Two NaNs match; a NaN and a number do not; an infinity matches only itself.
  %n = stablehlo.constant dense<[0x7FF8000000000000, 0x7FF0000000000000]> : tensor<2xf64>
  check.expect_almost_eq_const %n, dense<[0x7FF8000000000000, 0x7FF0000000000000]> : tensor<2xf64>
  // CHECK: check-semantics.mlir:[[@LINE+1]]:3: error: check.expect_almost_eq_const failed
  check.expect_almost_eq_const %n, dense<[0.0, 0x7FF0000000000000]> : tensor<2xf64>
  // CHECK: check-semantics.mlir:[[@LINE+1]]:3: error: check.expect_almost_eq_const failed
  check.expect_almost_eq_const %n, dense<[0x7FF8000000000000, 0xFFF0000000000000]> : tensor<2xf64>
  // The sign must agree, even within the tolerance (0.0 vs -1e-9); -0.0 vs 0.0 is equal.
  %s = stablehlo.constant dense<[0.0, -0.0]> : tensor<2xf32>
  check.expect_almost_eq_const %s, dense<[0.0, 0.0]> : tensor<2xf32>
  // CHECK: check-semantics.mlir:[[@LINE+1]]:3: error: check.expect_almost_eq_const failed: element values don't match with tolerance 0.0001: 0.000000e+00 (actual) vs -9.99999971E-10 (expected) at index [0]
  check.expect_almost_eq_const %s, dense<[-1.0e-9, 0.0]> : tensor<2xf32>
  // Complex: both parts.
  %c = stablehlo.constant dense<(1.0, 2.0)> : tensor<complex<f64>>
  check.expect_almost_eq_const %c, dense<(1.00001, 2.00001)> : tensor<complex<f64>>
  // CHECK: check-semantics.mlir:[[@LINE+1]]:3: error: check.expect_almost_eq_const failed
  check.expect_almost_eq_const %c, dense<(1.00001, 2.1)> : tensor<complex<f64>>
  func.return
}
// CHECK: chunk 2 ({{.*}}): 1 function(s) run: FAILED (6 failed check(s))

// -----

// === expect_close: the ULP difference d must lie in [min_ulp_difference, max_ulp_difference].
func.func @main() {
  // 1.0 and the next three floats above it (1, 2 and 3 ULPs away).
  %a = stablehlo.constant dense<[1.0, 1.0, 1.0]> : tensor<3xf32>
  %b = stablehlo.constant dense<[0x3F800001, 0x3F800002, 0x3F800003]> : tensor<3xf32>
  check.expect_close %a, %b, max_ulp_difference = 3 : tensor<3xf32>, tensor<3xf32>
  // CHECK: check-semantics.mlir:[[@LINE+4]]:3: error: check.expect_close failed: 1 of 3 elements are not within ULP difference [0, 2]:
  // CHECK-NEXT: index=[2], actual=1.000000e+00, expected=1.00000036, ULP difference=3
  // CHECK: ULP difference == 3 count is 1
  // CHECK: ULP difference >= 4 count is 0
  check.expect_close %a, %b, max_ulp_difference = 2 : tensor<3xf32>, tensor<3xf32>
  // min_ulp_difference is a lower bound: equal values fail a test that demands a difference.
  // CHECK: check-semantics.mlir:[[@LINE+1]]:3: error: check.expect_close failed: 2 of 3 elements are not within ULP difference [3, 5]:
  check.expect_close %a, %b, max_ulp_difference = 5, min_ulp_difference = 3 : tensor<3xf32>, tensor<3xf32>
  // Across zero the differences add up: the smallest subnormals +d and -d are 2 apart;
  // -0.0 and +0.0 are 0 apart.
  %p = stablehlo.constant dense<[0x00000001, 0.0]> : tensor<2xf32>
  %q = stablehlo.constant dense<[0x80000001, -0.0]> : tensor<2xf32>
  check.expect_close %p, %q, max_ulp_difference = 2 : tensor<2xf32>, tensor<2xf32>
  // CHECK: check-semantics.mlir:[[@LINE+1]]:3: error: check.expect_close failed: 1 of 2 elements are not within ULP difference [0, 1]:
  check.expect_close %p, %q, max_ulp_difference = 1 : tensor<2xf32>, tensor<2xf32>
  // The largest finite float and +inf are infinitely far apart; NaN matches NaN.
  %m = stablehlo.constant dense<[0x7F7FFFFF, 0x7FC00000]> : tensor<2xf32>
  %i = stablehlo.constant dense<[0x7F800000, 0x7FC00000]> : tensor<2xf32>
  // CHECK: check-semantics.mlir:[[@LINE+2]]:3: error: check.expect_close failed: 1 of 2 elements are not within ULP difference [0, 1000]:
  // CHECK-NEXT: index=[0], actual=3.40282347E+38, expected=0x7F800000, ULP difference=max
  check.expect_close %m, %i, max_ulp_difference = 1000 : tensor<2xf32>, tensor<2xf32>
  check.expect_close %i, %i, max_ulp_difference = 0 : tensor<2xf32>, tensor<2xf32>
  // Narrow floats count ULPs of their own format.
  %h = stablehlo.constant dense<5.0> : tensor<f16>
  %h2 = stablehlo.constant dense<5.0078125> : tensor<f16>
  check.expect_close %h, %h2, max_ulp_difference = 2 : tensor<f16>, tensor<f16>
  // CHECK: check-semantics.mlir:[[@LINE+1]]:3: error: check.expect_close failed
  check.expect_close %h, %h2, max_ulp_difference = 1 : tensor<f16>, tensor<f16>
  // Complex: the larger difference of the two parts.
  %c = stablehlo.constant dense<(1.0, 1.0)> : tensor<complex<f32>>
  %c2 = stablehlo.constant dense<(1.0, 1.00000024)> : tensor<complex<f32>>
  check.expect_close %c, %c2, max_ulp_difference = 2 : tensor<complex<f32>>, tensor<complex<f32>>
  // CHECK: check-semantics.mlir:[[@LINE+1]]:3: error: check.expect_close failed
  check.expect_close %c, %c2, max_ulp_difference = 1 : tensor<complex<f32>>, tensor<complex<f32>>
  func.return
}
// CHECK: chunk 3 ({{.*}}): 1 function(s) run: FAILED (6 failed check(s))

// -----

// === expect_close accepts only floats and complex numbers: on integers it is an error.
func.func @main() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = stablehlo.constant dense<[100, -7]> : tensor<2xi32>
  // CHECK: check-semantics.mlir:[[@LINE+1]]:3: error: check.expect_close: unsupported element type: i32 (floats and complex only)
  check.expect_close %a, %b, max_ulp_difference = 3 : tensor<2xi32>, tensor<2xi32>
  func.return
}
// CHECK: chunk 4 ({{.*}}): 1 function(s) run: ERROR

// -----

// === custom_call @check.*: fixed tolerances, as stablehlo-translate's fallback.
func.func @main() {
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  // @check.eq on floats is almost-equal with tolerance 1e-4, and returns an i1.
  %y = stablehlo.constant dense<[1.00005, 2.0]> : tensor<2xf32>
  %ok = stablehlo.custom_call @check.eq(%x, %y) : (tensor<2xf32>, tensor<2xf32>) -> tensor<i1>
  check.expect_eq_const %ok, dense<true> : tensor<i1>
  %y2 = stablehlo.constant dense<[1.0005, 2.0]> : tensor<2xf32>
  // CHECK: check-semantics.mlir:[[@LINE+1]]:{{[0-9]+}}: error: stablehlo.custom_call @check.eq failed: element values don't match with tolerance 0.0001
  %bad = stablehlo.custom_call @check.eq(%x, %y2) : (tensor<2xf32>, tensor<2xf32>) -> tensor<i1>
  check.expect_eq_const %bad, dense<false> : tensor<i1>
  // @check.eq on integers is exact.
  %i = stablehlo.constant dense<[1, 2]> : tensor<2xi8>
  %j = stablehlo.constant dense<[1, 3]> : tensor<2xi8>
  // CHECK: check-semantics.mlir:[[@LINE+1]]:{{[0-9]+}}: error: stablehlo.custom_call @check.eq failed: element values don't match: 2 (actual) vs 3 (expected) at index [1]
  %bi = stablehlo.custom_call @check.eq(%i, %j) : (tensor<2xi8>, tensor<2xi8>) -> tensor<i1>
  // @check.expect_almost_eq uses 1e-3.
  stablehlo.custom_call @check.expect_almost_eq(%x, %y2) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  %y3 = stablehlo.constant dense<[1.005, 2.0]> : tensor<2xf32>
  // CHECK: check-semantics.mlir:[[@LINE+1]]:3: error: stablehlo.custom_call @check.expect_almost_eq failed: element values don't match with tolerance 0.001
  stablehlo.custom_call @check.expect_almost_eq(%x, %y3) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  // @check.expect_close allows 3 ULPs.
  %u = stablehlo.constant dense<[0x3F800003, 0x40000000]> : tensor<2xf32>
  stablehlo.custom_call @check.expect_close(%x, %u) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  %v = stablehlo.constant dense<[0x3F800004, 0x40000000]> : tensor<2xf32>
  // CHECK: check-semantics.mlir:[[@LINE+1]]:3: error: stablehlo.custom_call @check.expect_close failed: 1 of 2 elements are not within ULP difference [0, 3]:
  stablehlo.custom_call @check.expect_close(%x, %v) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  // @check.expect_eq is exact, NaN included.
  // CHECK: check-semantics.mlir:[[@LINE+1]]:3: error: stablehlo.custom_call @check.expect_eq failed
  stablehlo.custom_call @check.expect_eq(%x, %y) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  func.return
}
// CHECK: chunk 5 ({{.*}}): 1 function(s) run: FAILED (5 failed check(s))

// -----

// === Other custom_call check targets are not stablehlo-translate's: an error.
func.func @main() {
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  // CHECK: check-semantics.mlir:[[@LINE+1]]:3: error: stablehlo.custom_call @check.close is not supported by the interpreter
  stablehlo.custom_call @check.close(%x, %x) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  func.return
}
// CHECK: chunk 6 ({{.*}}): 1 function(s) run: ERROR

// -----

// === Operands of different element types cannot be compared: an error.
func.func @main() {
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %y = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf64>
  // CHECK: check-semantics.mlir:[[@LINE+1]]:3: error: stablehlo.custom_call @check.expect_eq: element types don't match: f32 (actual) vs f64 (expected)
  stablehlo.custom_call @check.expect_eq(%x, %y) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf64>) -> ()
  func.return
}
// CHECK: chunk 7 ({{.*}}): 1 function(s) run: ERROR
// CHECK: 0 of 7 chunk(s) passed
