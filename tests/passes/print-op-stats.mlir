// print-op-stats counts the operations by name (MLIR's table and JSON forms); it does not
// change the IR.
// RUN: strata-opt --print-op-stats %s -o /dev/null 2>&1 | strata-check %s
// RUN: strata-opt --print-op-stats=json %s -o /dev/null 2>&1 | strata-check %s --check-prefix=JSON
// RUN: strata-opt --print-op-stats %s 2>/dev/null | strata-check %s --check-prefix=IR

// CHECK: Operations encountered:
// CHECK-NEXT: -----------------------
// CHECK-NEXT: builtin.module   , 1
// CHECK-NEXT: func.func     , 2
// CHECK-NEXT: func.return   , 2
// CHECK-NEXT: stablehlo.add      , 3
// CHECK-NEXT: stablehlo.multiply , 1
// JSON: {
// JSON-NEXT: "builtin.module" : 1,
// JSON-NEXT: "func.func" : 2,
// JSON-NEXT: "func.return" : 2,
// JSON-NEXT: "stablehlo.add" : 3,
// JSON-NEXT: "stablehlo.multiply" : 1
// JSON-NEXT: }
// IR: stablehlo.multiply
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %x, %x : tensor<4xf32>
  %1 = stablehlo.add %0, %x : tensor<4xf32>
  %2 = stablehlo.multiply %1, %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}
func.func @g(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
