// A value larger than the memory limit is a located error naming the op and the size (exit 1),
// never an allocation failure: the limit is the machine's available memory by default,
// `--max-memory` changes it.
// RUN: not strata-run %s --entry add40g --max-memory 8G 2>&1 | strata-check %s --check-prefix=ADD
// RUN: not strata-run %s --entry huge 2>&1 | strata-check %s --check-prefix=DEFAULT
// RUN: not strata-run %s --entry bcast --max-memory 1M 2>&1 | strata-check %s --check-prefix=BCAST
// RUN: not strata-run %s --entry dyn --max-memory 1M 2>&1 | strata-check %s --check-prefix=DYN
// RUN: not strata-run %s --entry arg --max-memory 1M --args '[dense<1.0> : tensor<1000x1000xf32>]' 2>&1 | strata-check %s --check-prefix=ARG
// RUN: not strata-run %s --entry small --max-memory lots 2>&1 | strata-check %s --check-prefix=FLAG
// Must not fire: values under the limit run (a 1000x1000xf32 is 4000000 bytes).
// RUN: strata-run %s --entry small --max-memory 4000000 | strata-check %s --check-prefix=SMALL
// RUN: strata-run %s --entry arg --max-memory 4M --args '[dense<1.0> : tensor<1000x1000xf32>]' | strata-check %s --check-prefix=ARGOK

// ADD: memory-limit.mlir:[[#@LINE+2]]:8: error: stablehlo.constant: result #0 of type tensor<100000x100000xf32> needs 40000000000 bytes (37.3 GiB), more than the memory limit of 8589934592 bytes (8.0 GiB); raise it with --max-memory
func.func @add40g() -> tensor<100000x100000xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<100000x100000xf32>
  %1 = stablehlo.constant dense<1.0> : tensor<100000x100000xf32>
  %2 = stablehlo.add %0, %1 : tensor<100000x100000xf32>
  return %2 : tensor<100000x100000xf32>
}
// ADD: strata-run: evaluation of @add40g failed

// DEFAULT: error: stablehlo.broadcast_in_dim: result #0 of type tensor<10000000x10000000x1000000xf64> needs more than 2^64 bytes, more than the memory limit of
func.func @huge() -> tensor<10000000x10000000x1000000xf64> {
  %0 = stablehlo.constant dense<1.0> : tensor<f64>
  %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f64>) -> tensor<10000000x10000000x1000000xf64>
  return %1 : tensor<10000000x10000000x1000000xf64>
}

// BCAST: memory-limit.mlir:[[#@LINE+3]]:8: error: stablehlo.broadcast_in_dim: result #0 of type tensor<1000x1000xi32> needs 8000000 bytes (7.6 MiB), more than the memory limit of 1048576 bytes (1.0 MiB)
func.func @bcast() -> tensor<1000x1000xi32> {
  %0 = stablehlo.constant dense<1> : tensor<i32>
  %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<1000x1000xi32>
  return %1 : tensor<1000x1000xi32>
}

// DYN: memory-limit.mlir:[[#@LINE+4]]:8: error: stablehlo.dynamic_broadcast_in_dim: result #0 of type tensor<1000x1000xf32> needs 4000000 bytes (3.8 MiB), more than the memory limit
func.func @dyn() -> tensor<?x?xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  %s = stablehlo.constant dense<[1000, 1000]> : tensor<2xi64>
  %1 = stablehlo.dynamic_broadcast_in_dim %0, %s, dims = [] : (tensor<f32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// ARG: error: --args element #0: dense: a splat constant needs 4000000 bytes (3.8 MiB), more than the memory limit of 1048576 bytes
// ARGOK: dense<1.000000e+00> : tensor<1000x1000xf32>
func.func @arg(%x: tensor<1000x1000xf32>) -> tensor<1000x1000xf32> {
  return %x : tensor<1000x1000xf32>
}

// FLAG: strata-run: error: --max-memory expects a size (like 8G or 1000000), got 'lots'
// SMALL: dense<2.000000e+00> : tensor<1000x1000xf32>
func.func @small() -> tensor<1000x1000xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<1000x1000xf32>
  %1 = stablehlo.add %0, %0 : tensor<1000x1000xf32>
  return %1 : tensor<1000x1000xf32>
}
