// RUN: strata-opt --pass-pipeline='builtin.module(func.func(cse,canonicalize{max-iterations=3}))' %s | strata-check %s
// RUN: strata-opt --cse --canonicalize %s | strata-check %s
// RUN: strata-opt --cse --mlir-print-ir-before-all --mlir-print-ir-after-all %s 2>&1 >/dev/null | strata-check %s --check-prefix=DUMP
// RUN: strata-opt --cse --cse --mlir-print-ir-after-all --mlir-print-ir-after-change %s 2>&1 >/dev/null | strata-check %s --check-prefix=CHANGE
// RUN: strata-opt --cse --mlir-print-ir-after-change %s 2>&1 >/dev/null | strata-check %s --check-prefix=FILTER-ONLY --allow-empty
// RUN: strata-opt --cse --mlir-pass-statistics %s 2>&1 >/dev/null | strata-check %s --check-prefix=STATS
// RUN: strata-opt --cse --mlir-timing %s 2>&1 >/dev/null | strata-check %s --check-prefix=TIMING
// RUN: not strata-opt --pass-pipeline='builtin.module(func.func(cse,bogus))' %s 2>&1 | strata-check %s --check-prefix=BAD
// RUN: not strata-opt --no-such-flag %s 2>&1 | strata-check %s --check-prefix=FLAG

// CHECK-LABEL: func.func @f
// CHECK-NEXT:    %[[C:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-NEXT:    %[[A:.*]] = stablehlo.add %arg0, %[[C]] : tensor<4xf32>
// CHECK-NEXT:    %[[M:.*]] = stablehlo.multiply %[[A]], %[[A]] : tensor<4xf32>
// CHECK-NEXT:    return %[[M]] : tensor<4xf32>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<1.0> : tensor<4xf32>
  %a0 = stablehlo.add %x, %c0 : tensor<4xf32>
  %c1 = stablehlo.constant dense<1.0> : tensor<4xf32>
  %a1 = stablehlo.add %x, %c1 : tensor<4xf32>
  %unused = stablehlo.subtract %x, %c1 : tensor<4xf32>
  %m = stablehlo.multiply %a0, %a1 : tensor<4xf32>
  return %m : tensor<4xf32>
}

// DUMP: // -----// IR Dump Before CSE (cse) //----- //
// DUMP: stablehlo.subtract
// DUMP: // -----// IR Dump After CSE (cse) //----- //
// DUMP-NOT: stablehlo.subtract

// STATS: Pass statistics report
// STATS: CSE
// STATS-NEXT: (S) 2 num-cse'd - Number of operations CSE'd
// STATS-NEXT: (S) 1 num-dce'd - Number of operations DCE'd

// TIMING: Execution time report
// TIMING: Wall Time
// TIMING: Parser
// TIMING: CSE
// TIMING: Output
// TIMING: Total

// BAD: error: 'bogus' does not refer to a registered pass or pass pipeline

// FLAG: strata-opt: Unknown command line argument '--no-such-flag'.

// The second CSE changes nothing, so only the first dump is printed; alone, the flag prints nothing.
// CHANGE-COUNT-1: IR Dump After CSE
// CHANGE-NOT: IR Dump After CSE
// FILTER-ONLY-NOT: IR Dump
