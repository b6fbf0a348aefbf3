// strata-run --jit: linalg-on-tensors input compiled through MLIR and run as native code.
// REQUIRES: mlir
// RUN: strata-run --jit %s --args '[dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>, dense<[[0.5, -1.0], [2.0, 0.0]]> : tensor<2x2xf32>]' | strata-check %s
// RUN: strata-run --jit %s --entry relu_i32 --args '[dense<[-3, 0, 7, -1]> : tensor<4xi32>]' | strata-check %s --check-prefix=INT
// RUN: strata-run --jit %s --args '[dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>, dense<1.0> : tensor<2x2xf32>]' --bench 3 | strata-check %s --check-prefix=BENCH
// RUN: strata-run --jit %s --mlir-print-ir-after-all --args '[dense<1.0> : tensor<2x2xf32>, dense<1.0> : tensor<2x2xf32>]' 2>&1 >/dev/null | strata-check %s --check-prefix=DUMP
// RUN: not strata-run --jit %s --entry nope 2>&1 | strata-check %s --check-prefix=ENTRY
// RUN: not strata-run --jit %S/Inputs/not-lowered.stablehlo 2>&1 | strata-check %s --check-prefix=HLO

// CHECK: dense<{{\[}}[4.500000e+00, -1.000000e+00], [9.500000e+00, -3.000000e+00]]> : tensor<2x2xf32>
// INT: dense<[0, 0, 7, 0]> : tensor<4xi32>
// BENCH-COUNT-3: exec_seconds: {{[0-9.e-]+}}
// DUMP: IR Dump After parse
// DUMP: IR Dump After linalg-block-pack-matmul
// DUMP: Transform script for generated schedule
// DUMP: IR Dump After convert-func-to-llvm
// DUMP: IR Dump After entry wrappers
// ENTRY: error: no callable function @nope
// HLO: not-lowered.stablehlo:3:8: error: {{.*}}'stablehlo.after_all'

func.func @main(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %r = linalg.matmul ins(%a, %b : tensor<2x2xf32>, tensor<2x2xf32>) outs(%f : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

func.func @relu_i32(%a: tensor<4xi32>) -> tensor<4xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<4xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xi32>) outs(%e : tensor<4xi32>) {
  ^bb0(%x: i32, %o: i32):
    %m = arith.maxsi %x, %z : i32
    linalg.yield %m : i32
  } -> tensor<4xi32>
  return %r : tensor<4xi32>
}
