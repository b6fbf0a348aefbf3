// MLIR's tensor.extract folder (ExtractOp::fold): the splat value of a constant (any index),
// the element of a dense constant or of tensor.from_elements at constant in-range indices, the
// scalar of a tensor.insert at the same constant indices;
// no fold for a non-constant source, a non-constant index or an out-of-range index. As
// mlir-opt-22 --canonicalize.
// RUN: strata-opt --canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @splat
// CHECK-NEXT: %[[F:.*]] = arith.constant 1.500000e+00 : f32
// CHECK-NEXT: %[[I:.*]] = arith.constant 7 : i32
// CHECK-NEXT: return %[[F]], %[[I]] : f32, i32
func.func @splat(%i: index, %j: index) -> (f32, i32) {
  %t = arith.constant dense<1.5> : tensor<4x4xf32>
  %u = arith.constant dense<7> : tensor<8xi32>
  %a = tensor.extract %t[%i, %j] : tensor<4x4xf32>
  %b = tensor.extract %u[%i] : tensor<8xi32>
  return %a, %b : f32, i32
}

// CHECK-LABEL: func.func @dense
// CHECK-NEXT: %[[A:.*]] = arith.constant -6 : i32
// CHECK-NEXT: %[[B:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[C:.*]] = arith.constant 2.500000e+00 : f32
// CHECK-NEXT: %[[D:.*]] = arith.constant true
// CHECK-NEXT: %[[E:.*]] = arith.constant 20 : index
// CHECK-NEXT: return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]] : i32, i32, f32, i1, index
func.func @dense() -> (i32, i32, f32, i1, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %t = arith.constant dense<[[1, 2, 3], [4, 5, -6]]> : tensor<2x3xi32>
  %f = arith.constant dense<[0.5, 2.5]> : tensor<2xf32>
  %b = arith.constant dense<[true, false]> : tensor<2xi1>
  %x = arith.constant dense<[10, 20]> : tensor<2xindex>
  %0 = tensor.extract %t[%c1, %c2] : tensor<2x3xi32>
  %1 = tensor.extract %t[%c0, %c1] : tensor<2x3xi32>
  %2 = tensor.extract %f[%c1] : tensor<2xf32>
  %3 = tensor.extract %b[%c0] : tensor<2xi1>
  %4 = tensor.extract %x[%c1] : tensor<2xindex>
  return %0, %1, %2, %3, %4 : i32, i32, f32, i1, index
}

// CHECK-LABEL: func.func @from_elements
// CHECK-NEXT: return %arg1, %arg2 : f32, f32
func.func @from_elements(%a: f32, %b: f32, %c: f32) -> (f32, f32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %t = tensor.from_elements %a, %b, %c : tensor<3xf32>
  %0 = tensor.extract %t[%c1] : tensor<3xf32>
  %1 = tensor.extract %t[%c2] : tensor<3xf32>
  return %0, %1 : f32, f32
}

// CHECK-LABEL: func.func @no_fold
// CHECK: %[[CST:.*]] = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
// CHECK-NEXT: %[[E0:.*]] = tensor.extract %arg0[%c1] : tensor<4xf32>
// CHECK-NEXT: %[[E1:.*]] = tensor.extract %[[CST]][%arg1] : tensor<4xi32>
// CHECK-NEXT: %[[E2:.*]] = tensor.extract %[[CST]][%c5] : tensor<4xi32>
// CHECK-NEXT: %[[E3:.*]] = tensor.extract %[[CST]][%c-1] : tensor<4xi32>
// CHECK-NEXT: %[[FE:.*]] = tensor.from_elements %arg2, %arg3 : tensor<2xf32>
// CHECK-NEXT: %[[E4:.*]] = tensor.extract %[[FE]][%arg1] : tensor<2xf32>
// CHECK-NEXT: %[[E5:.*]] = tensor.extract %[[FE]][%c5] : tensor<2xf32>
// CHECK-NEXT: return %[[E0]], %[[E1]], %[[E2]], %[[E3]], %[[E4]], %[[E5]]
func.func @no_fold(%t: tensor<4xf32>, %i: index, %a: f32, %b: f32) -> (f32, i32, i32, i32, f32, f32) {
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %cm1 = arith.constant -1 : index
  %d = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %0 = tensor.extract %t[%c1] : tensor<4xf32>
  %1 = tensor.extract %d[%i] : tensor<4xi32>
  %2 = tensor.extract %d[%c5] : tensor<4xi32>
  %3 = tensor.extract %d[%cm1] : tensor<4xi32>
  %fe = tensor.from_elements %a, %b : tensor<2xf32>
  %4 = tensor.extract %fe[%i] : tensor<2xf32>
  %5 = tensor.extract %fe[%c5] : tensor<2xf32>
  return %0, %1, %2, %3, %4, %5 : f32, i32, i32, i32, f32, f32
}

// extract(insert(%s, %t[idx]), idx) folds to %s when the indices are constants and equal (as
// values or constants); not for different or non-constant indices.
// CHECK-LABEL: func.func @after_insert
// CHECK: %[[I1:.*]] = tensor.insert %arg1 into %arg0[%c1] : tensor<4xf32>
// CHECK-NEXT: %[[E1:.*]] = tensor.extract %[[I1]][%c2] : tensor<4xf32>
// CHECK-NEXT: %[[I2:.*]] = tensor.insert %arg1 into %arg0[%arg2] : tensor<4xf32>
// CHECK-NEXT: %[[E2:.*]] = tensor.extract %[[I2]][%arg2] : tensor<4xf32>
// CHECK-NEXT: return %arg1, %arg1, %[[E1]], %[[E2]] : f32, f32, f32, f32
func.func @after_insert(%t: tensor<4xf32>, %s: f32, %i: index) -> (f32, f32, f32, f32) {
  %c1 = arith.constant 1 : index
  %c1b = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %0 = tensor.insert %s into %t[%c1] : tensor<4xf32>
  %1 = tensor.extract %0[%c1] : tensor<4xf32>
  %2 = tensor.extract %0[%c1b] : tensor<4xf32>
  %3 = tensor.extract %0[%c2] : tensor<4xf32>
  %4 = tensor.insert %s into %t[%i] : tensor<4xf32>
  %5 = tensor.extract %4[%i] : tensor<4xf32>
  return %1, %2, %3, %5 : f32, f32, f32, f32
}
