// RUN: strata-opt %s --emit-bytecode -o %t.mlirbc
// RUN: strata-opt %t.mlirbc | strata-check %s
// RUN: strata-opt %s --emit-bytecode --emit-bytecode-version=1 -o %t.v1.mlirbc
// RUN: strata-opt %t.v1.mlirbc | strata-check %s
// RUN: not strata-opt %s --emit-bytecode --emit-bytecode-version=9 2>&1 | strata-check %s --check-prefix=BADVERSION

// CHECK-LABEL: func.func @main
// CHECK: stablehlo.add %arg0, %arg1 : tensor<4xf32>
// CHECK: stablehlo.compare  LT
// BADVERSION: unsupported version requested 9, must be in range [0, 6]
func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xi1> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<4xf32>
  %1 = stablehlo.compare LT, %0, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %1 : tensor<4xi1>
}
