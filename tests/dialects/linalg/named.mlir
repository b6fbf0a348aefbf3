// RUN: strata-opt %s | strata-check %s
// RUN: strata-opt %s --mlir-print-op-generic | strata-opt | strata-check %s
// RUN: strata-opt %s --mlir-print-op-generic | strata-check %s --check-prefix=GENERIC
// linalg's named ops: custom form, and the implicit region built from the op's definition
// (visible in the generic form), as mlir-opt-22 prints them.

// The strided pooling's memoized input map has the stride substituted.
// GENERIC: #map{{[0-9]+}} = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)>

// CHECK-LABEL: func.func @matmul
// CHECK: linalg.matmul ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%arg2 : tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK: linalg.fill ins(%arg3 : f32) outs(%arg2 : tensor<4x16xf32>) -> tensor<4x16xf32>
// GENERIC-LABEL: sym_name = "matmul"
// GENERIC: "linalg.matmul"(%{{.*}}, %{{.*}}, %{{.*}}) <{indexing_maps = [#map{{[0-9]*}}, #map{{[0-9]*}}, #map{{[0-9]*}}], operandSegmentSizes = array<i32: 2, 1>}> ({
// GENERIC-NEXT: ^bb0(%[[A:arg[0-9]+]]: f32, %[[B:arg[0-9]+]]: f32, %[[C:arg[0-9]+]]: f32):
// GENERIC-NEXT: %[[M:[0-9]+]] = "arith.mulf"(%[[A]], %[[B]]) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: %[[S:[0-9]+]] = "arith.addf"(%[[C]], %[[M]]) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: "linalg.yield"(%[[S]]) : (f32) -> ()
func.func @matmul(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>, %x: f32) -> tensor<4x16xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %1 = linalg.fill ins(%x : f32) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// Integer operands widen to the accumulator's type before the multiply.
// GENERIC-LABEL: sym_name = "matmul_i8"
// GENERIC: "arith.extsi"(%{{.*}}) : (i8) -> i32
// GENERIC: "arith.extsi"(%{{.*}}) : (i8) -> i32
// GENERIC: "arith.muli"
// GENERIC: "arith.addi"
func.func @matmul_i8(%a: tensor<4x8xi8>, %b: tensor<8x16xi8>, %c: tensor<4x16xi32>) -> tensor<4x16xi32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xi8>, tensor<8x16xi8>) outs(%c : tensor<4x16xi32>) -> tensor<4x16xi32>
  return %0 : tensor<4x16xi32>
}

// CHECK-LABEL: func.func @conv
// CHECK: linalg.conv_2d_nhwc_hwcf ins(%arg0, %arg1 : tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) outs(%arg2 : tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
// CHECK: linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins
// GENERIC-LABEL: sym_name = "conv"
// GENERIC: "linalg.conv_2d_nhwc_hwcf"
// GENERIC: }) {linalg.memoized_indexing_maps = [#map{{[0-9]+}}, #map{{[0-9]+}}, #map{{[0-9]+}}]}
// GENERIC: "arith.maximumf"
// GENERIC: }) {linalg.memoized_indexing_maps = [#map{{[0-9]+}}, #map{{[0-9]+}}, #map{{[0-9]+}}]}
func.func @conv(%i: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>, %o: tensor<1x6x6x4xf32>, %k: tensor<3x3xf32>, %o2: tensor<1x3x3x3xf32>) -> tensor<1x6x6x4xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf ins(%i, %w : tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) outs(%o : tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
  %1 = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%i, %k : tensor<1x8x8x3xf32>, tensor<3x3xf32>) outs(%o2 : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// CHECK-LABEL: func.func @structured
// CHECK: %transposed = linalg.transpose ins(%arg0 : tensor<4x8xf32>) outs(%arg1 : tensor<8x4xf32>) permutation = [1, 0]
// CHECK: %mapped = linalg.map { arith.addf } ins(%arg0, %arg0 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%arg0 : tensor<4x8xf32>)
// CHECK: %mapped_0 = linalg.map { math.exp } ins(%arg0 : tensor<4x8xf32>) outs(%arg0 : tensor<4x8xf32>)
// CHECK: %reduced = linalg.reduce ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<4xf32>) dimensions = [1]
// CHECK-NEXT: (%in: f32, %init: f32) {
// CHECK-NEXT: %2 = arith.addf %in, %init : f32
// CHECK-NEXT: linalg.yield %2 : f32
// CHECK: %broadcasted = linalg.broadcast ins(%0 : tensor<4xf32>) outs(%arg0 : tensor<4x8xf32>) dimensions = [1]
// CHECK: linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%arg1 : tensor<8x4xf32>) attrs =  {foo} {
// CHECK-NEXT: ^bb0(%in: f32, %out: f32):
// CHECK-NEXT: linalg.yield %in : f32
// CHECK-NEXT: } -> tensor<8x4xf32>
func.func @structured(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %2 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%b : tensor<8x4xf32>) permutation = [1, 0]
  %3 = linalg.map ins(%a, %a : tensor<4x8xf32>, tensor<4x8xf32>) outs(%a : tensor<4x8xf32>)
    (%x: f32, %y: f32, %z: f32) {
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }
  %4 = linalg.map { math.exp } ins(%a : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>)
  %e = tensor.empty() : tensor<4xf32>
  %5 = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%e : tensor<4xf32>) dimensions = [1]
    (%x: f32, %y: f32) {
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }
  %6 = linalg.broadcast ins(%e : tensor<4xf32>) outs(%a : tensor<4x8xf32>) dimensions = [1]
  %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%b : tensor<8x4xf32>) attrs = {foo} {
    ^bb0(%x: f32, %y: f32):
      linalg.yield %x : f32
    } -> tensor<8x4xf32>
  return %7 : tensor<8x4xf32>
}
