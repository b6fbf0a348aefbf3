// RUN: strata-opt %s | strata-check %s
// RUN: strata-opt %s --mlir-print-op-generic | strata-opt | strata-check %s
// The tensor dialect's ops in their custom form, printed as mlir-opt-22 prints them.

// CHECK-LABEL: func.func @shapes
func.func @shapes(%t: tensor<4x?xf32>, %i: index, %f: f32, %u: tensor<*xf32>) -> tensor<4x?xf32> {
  // CHECK: %dim = tensor.dim %arg0, %arg1 : tensor<4x?xf32>
  %d = tensor.dim %t, %i : tensor<4x?xf32>
  // CHECK: %0 = tensor.empty(%dim) : tensor<4x?xf32>
  %e = tensor.empty(%d) : tensor<4x?xf32>
  // CHECK: %extracted = tensor.extract %arg0[%arg1, %arg1] : tensor<4x?xf32>
  %x = tensor.extract %t[%i, %i] : tensor<4x?xf32>
  // CHECK: %inserted = tensor.insert %arg2 into %0[%arg1, %arg1] : tensor<4x?xf32>
  %y = tensor.insert %f into %e[%i, %i] : tensor<4x?xf32>
  // CHECK: %extracted_slice = tensor.extract_slice %arg0[0, %arg1] [2, %dim] [1, 1] : tensor<4x?xf32> to tensor<2x?xf32>
  %s = tensor.extract_slice %t[0, %i] [2, %d] [1, 1] : tensor<4x?xf32> to tensor<2x?xf32>
  // CHECK: %inserted_slice = tensor.insert_slice %extracted_slice into %inserted[0, 0] [2, %dim] [1, 1] : tensor<2x?xf32> into tensor<4x?xf32>
  %z = tensor.insert_slice %s into %y[0, 0] [2, %d] [1, 1] : tensor<2x?xf32> into tensor<4x?xf32>
  // CHECK: %cast = tensor.cast %arg0 : tensor<4x?xf32> to tensor<?x?xf32>
  %c = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>
  // CHECK: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1]] : tensor<4x?xf32> into tensor<?xf32>
  %cl = tensor.collapse_shape %t [[0, 1]] : tensor<4x?xf32> into tensor<?xf32>
  // CHECK: %expanded = tensor.expand_shape %collapsed {{\[\[}}0, 1]] output_shape [4, %dim] : tensor<?xf32> into tensor<4x?xf32>
  %ex = tensor.expand_shape %cl [[0, 1]] output_shape [4, %d] : tensor<?xf32> into tensor<4x?xf32>
  // CHECK: %from_elements = tensor.from_elements %arg2, %arg2 : tensor<2xf32>
  %fe = tensor.from_elements %f, %f : tensor<2xf32>
  // CHECK: %rank = tensor.rank %arg3 : tensor<*xf32>
  %r = tensor.rank %u : tensor<*xf32>
  // CHECK: %splat = tensor.splat %arg2[%dim] : tensor<4x?xf32>
  %sp = tensor.splat %f[%d] : tensor<4x?xf32>
  // CHECK: %padded = tensor.pad %arg0 low[1, 0] high[%arg1, 2] {
  // CHECK-NEXT: ^bb0(%arg4: index, %arg5: index):
  // CHECK-NEXT: tensor.yield %arg2 : f32
  // CHECK-NEXT: } : tensor<4x?xf32> to tensor<?x?xf32>
  %p = tensor.pad %t low[1, 0] high[%i, 2] {
  ^bb0(%a: index, %b: index):
    tensor.yield %f : f32
  } : tensor<4x?xf32> to tensor<?x?xf32>
  // CHECK: %generated = tensor.generate %dim {
  %g = tensor.generate %d {
  ^bb0(%a: index, %b: index):
    tensor.yield %f : f32
  } : tensor<4x?xf32>
  // CHECK: %concat = tensor.concat dim(0) %arg0, %arg0 : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<8x?xf32>
  %cc = tensor.concat dim(0) %t, %t : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<8x?xf32>
  // CHECK: %1 = tensor.bitcast %arg0 : tensor<4x?xf32> to tensor<4x?xi32>
  %bc = tensor.bitcast %t : tensor<4x?xf32> to tensor<4x?xi32>
  %sh = tensor.from_elements %i, %d : tensor<2xindex>
  // CHECK: %reshape = tensor.reshape %arg0(%from_elements_0) : (tensor<4x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %rs = tensor.reshape %t(%sh) : (tensor<4x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  // CHECK: tensor.pad %arg0 nofold low[0, 0] high[0, 0]
  %p2 = tensor.pad %t nofold low[0, 0] high[0, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %f : f32
  } : tensor<4x?xf32> to tensor<4x?xf32>
  return %z : tensor<4x?xf32>
}
