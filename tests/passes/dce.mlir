// dce: dead pure ops go (chains and unused region ops too); side effects, collectives,
// outfeed/infeed, tokens, has_side_effect custom calls and result-less custom calls stay.
// RUN: strata-opt --split-input-file --dce --mlir-pass-statistics %s 2>%t | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t
// STATS: DCE
// STATS: num-erased

// CHECK-LABEL: func.func @dead_chain
// CHECK-NEXT: return %arg0
func.func @dead_chain(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %x, %x : tensor<4xf32>
  %1 = stablehlo.multiply %0, %0 : tensor<4xf32>
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %2 = stablehlo.reduce(%1 init: %c) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  %3 = stablehlo.custom_call @pure(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %x : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @effects
// CHECK: stablehlo.custom_call @f(%arg0) {has_side_effect = true}
// CHECK: stablehlo.custom_call @check.expect_eq
// CHECK: stablehlo.all_reduce
// CHECK: stablehlo.outfeed
// CHECK: stablehlo.infeed
// CHECK: return
func.func @effects(%x: tensor<4xf32>, %t: !stablehlo.token) -> tensor<4xf32> {
  %0 = stablehlo.custom_call @f(%x) {has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>
  stablehlo.custom_call @check.expect_eq(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> ()
  %1 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "stablehlo.outfeed"(%x, %t) {outfeed_config = ""} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  %3:2 = "stablehlo.infeed"(%t) {infeed_config = ""} : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  return %x : tensor<4xf32>
}
