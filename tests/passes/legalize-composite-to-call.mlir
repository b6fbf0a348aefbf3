// RUN: strata-opt --stablehlo-legalize-composite-to-call --split-input-file %s | strata-check %s
// RUN: strata-opt --stablehlo-legalize-composite-to-call=except='foo.baz,foo.qux' --split-input-file %s | strata-check %s --check-prefix=EXCEPT
// RUN: strata-opt --pass-pipeline='builtin.module(func.func(stablehlo-legalize-composite-to-call{except=foo.bar}))' %s --split-input-file | strata-check %s --check-prefix=NESTED
// RUN: strata-opt --stablehlo-legalize-composite-to-call --split-input-file %s --mlir-pass-statistics 2>&1 >/dev/null | strata-check %s --check-prefix=STATS
// RUN: not strata-opt --stablehlo-legalize-composite-to-call=nope=1 %s 2>&1 | strata-check %s --check-prefix=BADOPT

// CHECK-LABEL: func @composite
// EXCEPT-LABEL: func @composite
// NESTED-LABEL: func @composite
func.func @composite(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // CHECK-NEXT: %[[A:.*]] = call @bar(%arg0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK-NEXT: %[[B:.*]] = call @baz(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK-NEXT: return %[[A]], %[[B]]
  // EXCEPT-NEXT: call @bar(%arg0, %arg1)
  // EXCEPT-NEXT: stablehlo.composite "foo.baz" %arg0 {decomposition = @baz}
  // NESTED-NEXT: stablehlo.composite "foo.bar" %arg0, %arg1 {composite_attributes = {n = 2 : i64}, decomposition = @bar, version = 1 : i32}
  // NESTED-NEXT: call @baz(%arg0)
  %0 = stablehlo.composite "foo.bar" %arg0, %arg1 {
    composite_attributes = {n = 2 : i64}, decomposition = @bar, version = 1 : i32
  } : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = stablehlo.composite "foo.baz" %arg0 {
    decomposition = @baz
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

func.func @bar(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
  return %arg0 : tensor<4xf32>
}

func.func @baz(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  return %arg0 : tensor<4xf32>
}

// -----

// A composite inside a region (the pass walks nested ops) with no results.
// CHECK-LABEL: func @nested
// CHECK: stablehlo.while
// CHECK: call @effect(%{{.*}}) : (tensor<i32>) -> ()
// CHECK-NOT: stablehlo.composite
func.func @nested(%arg0: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.while(%iter = %arg0) : tensor<i32>
   cond {
    %c = stablehlo.constant dense<3> : tensor<i32>
    %p = stablehlo.compare LT, %iter, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    stablehlo.composite "foo.effect" %iter {decomposition = @effect} : (tensor<i32>) -> ()
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.add %iter, %one : tensor<i32>
    stablehlo.return %n : tensor<i32>
  }
  return %0 : tensor<i32>
}

func.func private @effect(%arg0: tensor<i32>) {
  return
}

// STATS: StablehloLegalizeCompositeToCallPass
// STATS-NEXT: (S) 2 num-composites-replaced
// STATS: (S) 1 num-composites-replaced
// BADOPT: no such option nope
