// strip-debuginfo replaces every location (ops, block arguments, nested and fused ones) by
// loc(unknown); without the pass the locations print as written.
// RUN: strata-opt --strip-debuginfo --mlir-print-debuginfo %s | strata-check %s
// RUN: strata-opt --mlir-print-debuginfo %s | strata-check %s --check-prefix=KEEP

// CHECK: #[[U:.*]] = loc(unknown)
// CHECK: func.func @f(%arg0: tensor<4xf32> loc(unknown))
// CHECK-NEXT: stablehlo.add {{.*}} loc(#[[U]])
// CHECK-NEXT: stablehlo.multiply {{.*}} loc(#[[U]])
// CHECK-NOT: .py
// KEEP-DAG: loc("in.py":3:7)
// KEEP-DAG: loc("a.py":1:1)
// KEEP-DAG: loc("b.py":2:2)
// KEEP-DAG: loc(fused[
// KEEP-DAG: "mul"(
// KEEP-DAG: loc("c.py":4:4)
func.func @f(%x: tensor<4xf32> loc("in.py":3:7)) -> tensor<4xf32> {
  %0 = stablehlo.add %x, %x : tensor<4xf32> loc(fused["a.py":1:1, "b.py":2:2])
  %1 = stablehlo.multiply %0, %0 : tensor<4xf32> loc("mul"("c.py":4:4))
  return %1 : tensor<4xf32> loc(unknown)
} loc("f.py":1:1)
