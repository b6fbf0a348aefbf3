// A portable artifact and VHLO bytecode of strata-opt both run in strata-run (as StableHLO),
// at the current version and at 1.0.0; strata-opt prints the artifact as StableHLO and the
// VHLO bytecode as it is (VHLO).
// RUN: strata-translate --serialize --target=1.0.0 %s -o %t.v1.mlirbc
// RUN: strata-run %t.v1.mlirbc --args '[dense<[1.0, 2.0]> : tensor<2xf32>, dense<[3.0, -2.0]> : tensor<2xf32>]' | strata-check %s
// RUN: strata-opt %s --stablehlo-legalize-to-vhlo --emit-bytecode -o %t.vhlo.mlirbc
// RUN: strata-run %t.vhlo.mlirbc --args '[dense<[1.0, 2.0]> : tensor<2xf32>, dense<[3.0, -2.0]> : tensor<2xf32>]' | strata-check %s
// RUN: strata-opt %t.vhlo.mlirbc | strata-check %s --check-prefix=VHLO
// RUN: strata-opt %t.v1.mlirbc | strata-check %s --check-prefix=SHLO

// CHECK: dense<[5.000000e+00, 2.000000e+00]> : tensor<2xf32>
// VHLO: "vhlo.multiply_v1"
// SHLO: stablehlo.multiply
func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<2xf32>
  %1 = stablehlo.multiply %0, %arg0 : tensor<2xf32>
  %2 = stablehlo.maximum %1, %arg1 : tensor<2xf32>
  %3 = stablehlo.add %2, %arg0 : tensor<2xf32>
  return %3 : tensor<2xf32>
}
