// RUN: strata-translate --serialize --target=current %s -o %t.cur.mlirbc
// RUN: strata-translate --deserialize %t.cur.mlirbc | strata-check %s
// RUN: strata-translate --serialize --target=1.0.0 %s -o %t.v1.mlirbc
// RUN: strata-opt %t.v1.mlirbc | strata-check %s
// RUN: strata-translate --serialize --target=current %s | strata-translate --deserialize | strata-opt | strata-check %s
// RUN: strata-translate --version | strata-check %s --check-prefix=VERSION
// RUN: head -c 100 %t.cur.mlirbc > %t.trunc.mlirbc
// RUN: not strata-translate --deserialize %t.trunc.mlirbc 2>&1 | strata-check %s --check-prefix=TRUNC
// RUN: not strata-translate --serialize --target=0.1.0 %s 2>&1 | strata-check %s --check-prefix=TARGET
// RUN: not strata-translate --serialize --target=1.3.0 %S/Inputs/tan.mlir 2>&1 | strata-check %s --check-prefix=TAN
// RUN: strata-translate --serialize %s | head -c 22 | strata-check %s --check-prefix=PRODUCER

// CHECK: module @jit_f attributes {mhlo.num_partitions = 1 : i32}
// CHECK: func.func public @main(%arg0: tensor<2x3xf32> {jax.arg_info = "x"}) -> (tensor<3x2xf32> {jax.result_info = "result"})
// CHECK: stablehlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK: stablehlo.sine
// VERSION: current version: 1.17.0
// VERSION: minimum version: 0.9.0
// TRUNC: byte offset
// TARGET: target version 0.1.0 is outside the supported range [0.9.0, 1.17.0]
// TAN: error: failed to convert VHLO to v1.3.0: 'vhlo.tan_v2' (stablehlo.tan) needs v1.4.0 or later
// PRODUCER: StableHLO_v1.17.0
module @jit_f attributes {mhlo.num_partitions = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3xf32> {jax.arg_info = "x"}) -> (tensor<3x2xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %1 = stablehlo.sine %0 : tensor<3x2xf32>
    return %1 : tensor<3x2xf32>
  }
}
