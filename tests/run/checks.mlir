// Every failed check is reported with its location and the expected and actual
// values; the run goes on after a failed check and exits 1.
// RUN: not strata-run --interpret %s 2> %t.err
// RUN: strata-check --input-file %t.err %s

func.func @main() {
  %x = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %y = stablehlo.constant dense<[1.0, 2.5]> : tensor<2xf32>
  // CHECK: checks.mlir:[[@LINE+1]]:3: error: check.expect_eq_const failed: element values don't match: 2 (actual) vs 3 (expected) at index [1]; actual dense<[1, 2]> : tensor<2xi64>, expected dense<[1, 3]> : tensor<2xi64>
  check.expect_eq_const %x, dense<[1, 3]> : tensor<2xi64>
  check.expect_eq_const %x, dense<[1, 2]> : tensor<2xi64>
  // CHECK: checks.mlir:[[@LINE+1]]:3: error: check.expect_almost_eq_const failed: element values don't match with tolerance 0.0001: 2.500000e+00 (actual) vs 2.000000e+00 (expected) at index [1]; actual dense<[1.000000e+00, 2.500000e+00]> : tensor<2xf32>, expected dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  check.expect_almost_eq_const %y, dense<[1.0, 2.0]> : tensor<2xf32>
  %c = stablehlo.constant dense<2> : tensor<2xi64>
  // CHECK: checks.mlir:[[@LINE+1]]:3: error: stablehlo.custom_call @check.expect_eq failed: element values don't match: 1 (actual) vs 2 (expected) at index [0]; actual dense<[1, 2]> : tensor<2xi64>, expected dense<2> : tensor<2xi64>
  stablehlo.custom_call @check.expect_eq(%x, %c) {has_side_effect = true} : (tensor<2xi64>, tensor<2xi64>) -> ()
  func.return
}
