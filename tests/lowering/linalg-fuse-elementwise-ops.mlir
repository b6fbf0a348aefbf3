// linalg-fuse-elementwise-ops on Strata IR (lowering/src/fusion.rs): MLIR's elementwise fusion
// of linalg.generic producers into consumers, fill and splat-constant inputs folded into the
// body, dead inputs dropped — and the cases that must not fuse. The output is byte-identical
// to mlir-opt-22 --linalg-fuse-elementwise-ops on this file.
// RUN: strata-opt --split-input-file --linalg-fuse-elementwise-ops %s | FileCheck %s

// CHECK-LABEL: func.func @chain
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK-NEXT: %[[R:.*]] = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<4xf32>) outs(%[[E]] : tensor<4x8xf32>)
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[S:.*]] = arith.subf %[[A]], %[[B]] : f32
// CHECK-NEXT: %[[X:.*]] = math.exp %[[S]] : f32
// CHECK-NEXT: linalg.yield %[[X]] : f32
// CHECK: return %[[R]]
// CHECK-NOT: linalg.generic

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#sc = affine_map<(d0, d1) -> ()>

// A broadcast and a subtract fold into the exponential: one generic whose inputs are the
// producers' inputs, with the broadcast's map.
func.func @chain(%x: tensor<4x8xf32>, %m: tensor<4xf32>) -> tensor<4x8xf32> {
  %e0 = tensor.empty() : tensor<4x8xf32>
  %b = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<4xf32>) outs(%e0 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x8xf32>
  %e1 = tensor.empty() : tensor<4x8xf32>
  %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e1 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %0 = arith.subf %in, %in_0 : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  %e2 = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<4x8xf32>) outs(%e2 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @uses_and_reductions
// CHECK: %[[N:.*]] = linalg.generic {{.*}} ins(%arg0
// CHECK: arith.negf
// CHECK: %[[A:.*]] = linalg.generic {{.*}} ins(%[[N]]
// CHECK: math.absf
// CHECK: %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[N]]
// CHECK: %[[S2:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0
// CHECK-NEXT: ^bb0(%[[I:.*]]: f32, %[[O:.*]]: f32):
// CHECK-NEXT: %[[E:.*]] = math.exp %[[I]] : f32
// CHECK-NEXT: arith.addf %[[O]], %[[E]] : f32
// CHECK: %[[B:.*]] = linalg.generic {{.*}} ins(%[[S]]
// CHECK: return %[[A]], %[[S2]], %[[B]]

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// Two uses of the producer: not fused. A reduction as producer: not fused. An elementwise
// producer of a reduction: fused into it.
func.func @uses_and_reductions(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>, tensor<4x8xf32>) {
  %e0 = tensor.empty() : tensor<4x8xf32>
  %n = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e0 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.negf %in : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  %e1 = tensor.empty() : tensor<4x8xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%n : tensor<4x8xf32>) outs(%e1 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.absf %in : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  %cst = arith.constant 0.000000e+00 : f32
  %e2 = tensor.empty() : tensor<4xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%n : tensor<4x8xf32>) outs(%z : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  } -> tensor<4xf32>
  %e3 = tensor.empty() : tensor<4x8xf32>
  %x2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e3 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  %z2 = linalg.fill ins(%cst : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %s2 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x2 : tensor<4x8xf32>) outs(%z2 : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  } -> tensor<4xf32>
  %e4 = tensor.empty() : tensor<4x8xf32>
  %bs = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<4xf32>) outs(%e4 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x8xf32>
  return %a, %s2, %bs : tensor<4x8xf32>, tensor<4xf32>, tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @transpose_index
// CHECK: linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<8x4xi32>)
// CHECK-NEXT: ^bb0(%[[I:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: %[[D:.*]] = linalg.index 0 : index
// CHECK-NEXT: %[[C:.*]] = arith.index_cast %[[D]] : index to i32
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[I]], %[[C]] : i32
// CHECK-NEXT: arith.muli %[[S]], %[[S]] : i32
// CHECK-NOT: linalg.generic

#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>

// A transposing producer with linalg.index: its loops are renamed into the consumer's.
func.func @transpose_index(%x: tensor<8x4xi32>) -> tensor<8x4xi32> {
  %e0 = tensor.empty() : tensor<4x8xi32>
  %t = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x4xi32>) outs(%e0 : tensor<4x8xi32>) {
  ^bb0(%in: i32, %out: i32):
    %i = linalg.index 1 : index
    %c = arith.index_cast %i : index to i32
    %0 = arith.addi %in, %c : i32
    linalg.yield %0 : i32
  } -> tensor<4x8xi32>
  %e1 = tensor.empty() : tensor<8x4xi32>
  %r = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<4x8xi32>) outs(%e1 : tensor<8x4xi32>) {
  ^bb0(%in: i32, %out: i32):
    %0 = arith.muli %in, %in : i32
    linalg.yield %0 : i32
  } -> tensor<8x4xi32>
  return %r : tensor<8x4xi32>
}

// -----

// CHECK-LABEL: func.func @fills_and_constants
// CHECK-DAG: %[[C3:.*]] = arith.constant 3.000000e+00 : f32
// CHECK-DAG: %[[C2:.*]] = arith.constant 2.000000e+00 : f32
// CHECK: %[[A:.*]] = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>)
// CHECK-NEXT: ^bb0(%[[I:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[I]], %[[C2]] : f32
// CHECK-NEXT: arith.addf %[[M]], %[[C3]] : f32
// The producer reads its init: fused, and its result is kept as the first result.
// CHECK: %[[Q:.*]]:2 = linalg.generic {{.*}} ins(%arg0 : tensor<4x8xf32>) outs(%arg0, %{{.*}} : tensor<4x8xf32>, tensor<4x8xf32>)
// CHECK-NEXT: ^bb0(%[[I2:.*]]: f32, %[[O2:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[P:.*]] = arith.addf %[[I2]], %[[O2]] : f32
// CHECK-NEXT: %[[R:.*]] = math.sqrt %[[P]] : f32
// CHECK-NEXT: linalg.yield %[[P]], %[[R]] : f32, f32
// CHECK: %[[B:.*]] = linalg.generic {{.*}} ins(%arg1 : tensor<4xf32>)
// CHECK: %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[B]]
// CHECK: %[[N:.*]] = linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%arg1
// CHECK: %[[S2:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<4x8xf32>) outs(%[[N]] : tensor<4xf32>)
// CHECK: return %[[A]], %[[Q]]#1, %[[S]], %[[S2]]

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#sc = affine_map<(d0, d1) -> ()>

// Fill and splat-constant inputs become scalars in the body; the producer that reads its
// init is not fused; a broadcast into a row sum is not fused (the summed loop would lose
// its bound); a producer used as the consumer's init is not fused.
func.func @fills_and_constants(%x: tensor<4x8xf32>, %m: tensor<4xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>) {
  %cst = arith.constant 2.000000e+00 : f32
  %e0 = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e0 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %k = arith.constant dense<3.000000e+00> : tensor<f32>
  %e1 = tensor.empty() : tensor<4x8xf32>
  %a = linalg.generic {indexing_maps = [#id, #id, #sc, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %f, %k : tensor<4x8xf32>, tensor<4x8xf32>, tensor<f32>) outs(%e1 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %in_0: f32, %in_1: f32, %out: f32):
    %0 = arith.mulf %in, %in_0 : f32
    %1 = arith.addf %0, %in_1 : f32
    linalg.yield %1 : f32
  } -> tensor<4x8xf32>
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%x : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  %e2 = tensor.empty() : tensor<4x8xf32>
  %q = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<4x8xf32>) outs(%e2 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.sqrt %in : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  %e3 = tensor.empty() : tensor<4x8xf32>
  %b = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<4xf32>) outs(%e3 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x8xf32>
  %e4 = tensor.empty() : tensor<4xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%b : tensor<4x8xf32>) outs(%e4 : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  } -> tensor<4xf32>
  %e5 = tensor.empty() : tensor<4xf32>
  %n = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%m : tensor<4xf32>) outs(%e5 : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.negf %in : f32
    linalg.yield %0 : f32
  } -> tensor<4xf32>
  %s2 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x8xf32>) outs(%n : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  } -> tensor<4xf32>
  return %a, %q, %s, %s2 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>
}
