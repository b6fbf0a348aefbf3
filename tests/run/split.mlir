// In split mode each chunk runs on its own (@main, or every function without
// arguments), with a summary line per chunk; a failing chunk does not stop the others.
// RUN: not strata-run --interpret --split-input-file %s > %t.out 2> %t.err
// RUN: strata-check --input-file %t.out %s --check-prefix=OUT
// RUN: strata-check --input-file %t.err %s --check-prefix=ERR

// OUT: dense<3> : tensor<i32>
// OUT-NEXT: dense<7> : tensor<i32>
// OUT-NEXT: dense<[0, 1]> : tensor<2xui32>
// ERR: chunk 1 ({{.*}}split.mlir:1): 2 function(s) run: PASSED
// ERR: split.mlir:31:3: error: check.expect_eq_const failed
// ERR: chunk 2 ({{.*}}split.mlir:{{[0-9]+}}): 1 function(s) run: FAILED (1 failed check(s))
// ERR: chunk 3 ({{.*}}split.mlir:{{[0-9]+}}): 1 function(s) run: PASSED
// ERR: 2 of 3 chunk(s) passed
func.func @first() -> tensor<i32> {
  %0 = stablehlo.constant dense<3> : tensor<i32>
  return %0 : tensor<i32>
}
func.func @second() -> tensor<i32> {
  %0 = stablehlo.constant dense<7> : tensor<i32>
  return %0 : tensor<i32>
}
func.func @takes_args(%x: tensor<i32>) -> tensor<i32> {
  return %x : tensor<i32>
}

// -----

func.func @main() {
  %0 = stablehlo.constant dense<1> : tensor<i32>
  check.expect_eq_const %0, dense<2> : tensor<i32>
  func.return
}

// -----

// Collectives over a process grid: two partitions of one replica.
func.func @ids() -> tensor<ui32> {
  %0 = stablehlo.partition_id : tensor<ui32>
  return %0 : tensor<ui32>
}
func.func @main() -> (tensor<2xui32>) {
  %r:2 = "interpreter.run_parallel"() {programs = [[@ids, @ids]]} : () -> (tensor<ui32>, tensor<ui32>)
  %a = stablehlo.reshape %r#0 : (tensor<ui32>) -> tensor<1xui32>
  %b = stablehlo.reshape %r#1 : (tensor<ui32>) -> tensor<1xui32>
  %c = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1xui32>, tensor<1xui32>) -> tensor<2xui32>
  return %c : tensor<2xui32>
}
