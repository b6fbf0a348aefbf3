// strata-run --jit evaluates check ops on the host, with the interpreter's semantics: the
// compared values become extra results of the compiled function, failures are reported at the
// check op, and what has no compiled form is an error at the op (never a silent pass).
// REQUIRES: mlir
// RUN: not strata-run --jit --split-input-file %s 2>&1 | strata-check %s
// RUN: not strata-run --interpret --split-input-file %s 2>&1 | strata-check %s --check-prefix=INTERP

// CHECK-NOT: error
// CHECK: chunk 1 ({{.*}}jit-checks.mlir:1): 1 function(s) run: PASSED
// INTERP: chunk 1 {{.*}}: ERROR
func.func @passes() {
  %c = arith.constant dense<[1, 2]> : tensor<2xi32>
  check.expect_eq_const %c, dense<[1, 2]> : tensor<2xi32>
  %d = arith.constant dense<[1.0, 2.00001]> : tensor<2xf32>
  %e = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  check.expect_almost_eq %d, %e : tensor<2xf32>
  return
}

// -----

// Each failing check, then the result (checked values are not results).
// CHECK: jit-checks.mlir:[[@LINE+8]]:3: error: check.expect_almost_eq failed: element values don't match with tolerance 0.0001
// CHECK: jit-checks.mlir:[[@LINE+8]]:3: error: check.expect_close failed: 1 of 2 elements are not within ULP difference [0, 3]
// CHECK: index=[1], actual=2.000000e+00, expected=2.500000e+00, ULP difference=2097152
// CHECK: {{^}}dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK: 1 function(s) run: FAILED (2 failed check(s))
func.func @fails() -> tensor<2xf32> {
  %c = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %d = arith.constant dense<[1.0, 2.5]> : tensor<2xf32>
  check.expect_almost_eq %c, %d : tensor<2xf32>
  check.expect_close %c, %d, max_ulp_difference = 3 : tensor<2xf32>, tensor<2xf32>
  return %c : tensor<2xf32>
}

// -----

// CHECK: jit-checks.mlir:[[@LINE+3]]:3: error: 'interpreter.print' exists only in the interpreter: not supported by --jit
func.func @prints() {
  %c = arith.constant dense<[1, 2]> : tensor<2xi32>
  interpreter.print %c : tensor<2xi32>
  return
}

// -----

// Checks in a function that is not run are refused, not skipped.
// CHECK: jit-checks.mlir:[[@LINE+3]]:3: error: 'check.expect_eq' inside a region or in a function that is not run
// CHECK: 1 of 4 chunk(s) passed
func.func private @helper(%x: tensor<2xi32>) {
  check.expect_eq %x, %x : tensor<2xi32>
  return
}
func.func @main() {
  return
}
