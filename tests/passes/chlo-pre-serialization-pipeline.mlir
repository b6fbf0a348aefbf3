// RUN: strata-opt --chlo-pre-serialization-pipeline %s | strata-check %s
// RUN: strata-opt --chlo-pre-serialization-pipeline --dump-pass-pipeline %s 2>&1 >/dev/null | strata-check %s --check-prefix=PIPE
// RUN: strata-opt --chlo-pre-serialization-pipeline %s | strata-translate --serialize --target=current | strata-translate --deserialize | strata-opt | strata-check %s

// StableHLO's pipeline: chlo decomposed, shape computations legalized, casts reconciled.
// PIPE: builtin.module(
// PIPE-NEXT: chlo-legalize-to-stablehlo,
// PIPE-NEXT: shape-legalize-to-stablehlo,
// PIPE-NEXT: reconcile-unrealized-casts
// PIPE-NEXT: )

// CHECK-LABEL: func.func @main
// CHECK-NOT: chlo.
// CHECK-NOT: unrealized_conversion_cast
// CHECK: stablehlo.tan
// CHECK: return
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.tan %x : tensor<4xf32> -> tensor<4xf32>
  %1 = builtin.unrealized_conversion_cast %0 : tensor<4xf32> to tensor<4xi32>
  %2 = builtin.unrealized_conversion_cast %1 : tensor<4xi32> to tensor<4xf32>
  return %2 : tensor<4xf32>
}
