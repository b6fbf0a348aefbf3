// stablehlo-legalize-to-linalg on a few op families (the full conformance suite is
// ../shared/conformance/stablehlo/linalg, run by tools/tests/conformance_linalg.rs). Ops that
// are not StableHLO, and the test suites' `custom_call @check.*`, are left alone.
// RUN: strata-opt %s --stablehlo-legalize-to-linalg --split-input-file | strata-check %s
// RUN: strata-opt %s --stablehlo-legalize-to-linalg=enable-primitive-ops --split-input-file | strata-check %s --check-prefix=PRIM

// CHECK-LABEL: func.func @add_mul
// CHECK:       tensor.empty() : tensor<4xf32>
// CHECK:       linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%arg0, %arg1 : tensor<4xf32>, tensor<4xf32>) outs(%{{.*}} : tensor<4xf32>) {
// CHECK-NEXT:  ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:    linalg.yield %[[S]] : f32
// CHECK:       arith.mulf
// CHECK-NOT:   stablehlo.
// PRIM-LABEL:  func.func @add_mul
// PRIM:        linalg.map { arith.addf } ins(%arg0, %arg1 : tensor<4xf32>, tensor<4xf32>)
func.func @add_mul(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  %1 = stablehlo.multiply %0, %b : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @matmul_then_sum
// CHECK:       %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:       %[[F:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%{{.*}} : tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK:       linalg.matmul ins(%arg0, %arg1 : tensor<2x3xf32>, tensor<3x4xf32>) outs(%[[F]] : tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK:       linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]}
// CHECK:         arith.addf %out, %in : f32
// PRIM-LABEL:  func.func @matmul_then_sum
// PRIM:        linalg.reduce { arith.addf } ins(%{{.*}} : tensor<2x4xf32>) outs(%{{.*}} : tensor<2xf32>) dimensions = [1]
func.func @matmul_then_sum(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.reduce(%0 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}

// -----

// Unsigned integers become signless behind unrealized casts (StableHLO's type converter).
// CHECK-LABEL: func.func @unsigned_divide
// CHECK:       builtin.unrealized_conversion_cast %arg0 : tensor<3xui32> to tensor<3xi32>
// CHECK:       arith.divui
// CHECK:       builtin.unrealized_conversion_cast %{{.*}} : tensor<3xi32> to tensor<3xui32>
func.func @unsigned_divide(%a: tensor<3xui32>, %b: tensor<3xui32>) -> tensor<3xui32> {
  %0 = stablehlo.divide %a, %b : tensor<3xui32>
  return %0 : tensor<3xui32>
}

// -----

// Control flow becomes scf; the bodies are lowered like any code.
// CHECK-LABEL: func.func @loop
// CHECK:       scf.while
// CHECK:         %[[P:.*]] = linalg.generic
// CHECK:         %[[C:.*]] = tensor.extract %[[P]][] : tensor<i1>
// CHECK:         scf.condition(%[[C]])
// CHECK:       } do {
// CHECK:         arith.addi
// CHECK:         scf.yield
func.func @loop(%n: tensor<i32>) -> tensor<i32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %0 = stablehlo.while(%i = %c0) : tensor<i32>
  cond {
    %p = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %j = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %j : tensor<i32>
  }
  return %0 : tensor<i32>
}

// -----

// Must not fire: non-StableHLO ops and the checks of the test suites stay as they are.
// CHECK-LABEL: func.func @untouched
// CHECK:       %[[X:.*]] = arith.addf %arg0, %arg0 : f32
// CHECK:       stablehlo.custom_call @check.expect_eq(%arg1, %arg1)
// CHECK:       return %[[X]] : f32
func.func @untouched(%a: f32, %t: tensor<2xi32>) -> f32 {
  %0 = arith.addf %a, %a : f32
  stablehlo.custom_call @check.expect_eq(%t, %t) {has_side_effect = true} : (tensor<2xi32>, tensor<2xi32>) -> ()
  return %0 : f32
}
