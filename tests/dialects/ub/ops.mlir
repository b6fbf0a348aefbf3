// RUN: strata-opt %s | strata-check %s
// RUN: strata-opt %s --mlir-print-op-generic | strata-opt | strata-check %s
// The ub dialect: ub.poison (its default value #ub.poison elided) and ub.unreachable.

// CHECK-LABEL: func.func @poison
// CHECK-NEXT: %0 = ub.poison : f32
// CHECK-NEXT: %1 = ub.poison : i32
// CHECK-NEXT: %2 = ub.poison : vector<4xf32>
// CHECK-NEXT: %3 = ub.poison {foo = 1 : i32} : tensor<2xi8>
// CHECK-NEXT: %4 = ub.poison : index
// CHECK-NEXT: %5 = ub.poison : memref<?xf32>
func.func @poison() -> (f32, i32, vector<4xf32>, tensor<2xi8>, index, memref<?xf32>) {
  %0 = ub.poison : f32
  %1 = ub.poison <#ub.poison> : i32
  %2 = ub.poison : vector<4xf32>
  %3 = ub.poison {foo = 1 : i32} : tensor<2xi8>
  %4 = ub.poison : index
  %5 = "ub.poison"() <{value = #ub.poison}> : () -> memref<?xf32>
  return %0, %1, %2, %3, %4, %5 : f32, i32, vector<4xf32>, tensor<2xi8>, index, memref<?xf32>
}

// CHECK-LABEL: func.func @unreachable
// CHECK: ^bb1:
// CHECK-NEXT: ub.unreachable
func.func @unreachable(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  ub.unreachable
^bb2:
  return
}
