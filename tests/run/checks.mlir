// Every failed check is reported with its location and the expected and actual
// values; the run goes on after a failed check and exits 1.
// RUN: not strata-run --interpret %s 2> %t.err
// RUN: strata-check --input-file %t.err %s

func.func @main() {
  %x = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %y = stablehlo.constant dense<[1.0, 2.5]> : tensor<2xf32>
  // CHECK: checks.mlir:[[@LINE+1]]:3: error: check.expect_eq_const failed: expected dense<[1, 3]> : tensor<2xi64>, got dense<[1, 2]> : tensor<2xi64>; first mismatch at index [1]: expected dense<3>, got dense<2>
  check.expect_eq_const %x, dense<[1, 3]> : tensor<2xi64>
  check.expect_eq_const %x, dense<[1, 2]> : tensor<2xi64>
  // CHECK: checks.mlir:[[@LINE+1]]:3: error: check.expect_almost_eq_const failed (tolerance 0.0001): expected dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>, got dense<[1.000000e+00, 2.500000e+00]> : tensor<2xf32>
  check.expect_almost_eq_const %y, dense<[1.0, 2.0]> : tensor<2xf32>
  %c = stablehlo.constant dense<2> : tensor<2xi64>
  // CHECK: checks.mlir:[[@LINE+1]]:3: error: check.expect_eq failed: expected dense<2> : tensor<2xi64>, got dense<[1, 2]> : tensor<2xi64>
  stablehlo.custom_call @check.expect_eq(%x, %c) {has_side_effect = true} : (tensor<2xi64>, tensor<2xi64>) -> ()
  func.return
}
