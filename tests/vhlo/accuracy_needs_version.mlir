// RUN: not strata-opt %s --stablehlo-legalize-to-vhlo --vhlo-to-version=target=1.8.0 2>&1 | strata-check %s
// RUN: strata-opt %s --stablehlo-legalize-to-vhlo --vhlo-to-version=target=1.9.0 --mlir-print-op-generic | strata-check %s --check-prefix=OK

// A non-default result accuracy cannot be dropped: exponential_v2 is needed (1.9.0).
// CHECK: error: failed to convert VHLO to v1.8.0: 'vhlo.exponential_v2' (stablehlo.exponential) with a non-default 'result_accuracy' needs v1.9.0 or later
// OK: "vhlo.exponential_v2"(%arg0) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 HIGHEST>>}>
func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.exponential %arg0 {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}
