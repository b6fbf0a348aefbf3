// strata-run prints each result of @main in MLIR dense syntax, one per line, and
// writes out0.npy, out1.npy, ... with --output-dir.
// RUN: strata-run --interpret %s --args '[dense<[1.0, 2.0]> : tensor<2xf32>, dense<[3, 4]> : tensor<2xi32>]' | strata-check %s
// RUN: strata-run %s --args '[dense<[1.0, 2.0]> : tensor<2xf32>, dense<[3, 4]> : tensor<2xi32>]' --output-dir %t.out
// RUN: strata-run %S/Inputs/identity2.stablehlo --inputs %t.out/out0.npy,%t.out/out1.npy | strata-check %s --check-prefix=NPY
// RUN: strata-run %s --print-format=interpreter --args '[dense<[1.0, 2.0]> : tensor<2xf32>, dense<[3, 4]> : tensor<2xi32>]' | strata-check %s --check-prefix=INTERP

// CHECK: dense<[2.000000e+00, 4.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: dense<[4, 5]> : tensor<2xi32>
// NPY: dense<[2.000000e+00, 4.000000e+00]> : tensor<2xf32>
// NPY-NEXT: dense<[4, 5]> : tensor<2xi32>
// INTERP: tensor<2xf32> {
// INTERP-NEXT:   [2.000000e+00, 4.000000e+00]
// INTERP-NEXT: }
func.func @main(%x: tensor<2xf32>, %i: tensor<2xi32>) -> (tensor<2xf32>, tensor<2xi32>) {
  %one = stablehlo.constant dense<1> : tensor<2xi32>
  %0 = stablehlo.add %x, %x : tensor<2xf32>
  %1 = stablehlo.add %i, %one : tensor<2xi32>
  return %0, %1 : tensor<2xf32>, tensor<2xi32>
}
