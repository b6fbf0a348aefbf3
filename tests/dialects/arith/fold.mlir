// RUN: strata-opt %s --canonicalize | strata-check %s
// arith's folders (MLIR's ArithOps.cpp fold methods) through the canonicalize pass.

// CHECK-LABEL: func.func @int_consts
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : i32
// CHECK-DAG: %[[CM:.*]] = arith.constant -128 : i8
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK: return %[[C7]], %[[CM]], %[[T]] : i32, i8, i1
func.func @int_consts() -> (i32, i8, i1) {
  %a = arith.constant 3 : i32
  %b = arith.constant 4 : i32
  %s = arith.addi %a, %b : i32
  %m = arith.constant 127 : i8
  %one = arith.constant 1 : i8
  // wraps at the width
  %w = arith.addi %m, %one : i8
  %c = arith.cmpi slt, %a, %b : i32
  return %s, %w, %c : i32, i8, i1
}

// CHECK-LABEL: func.func @identities
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: return %arg0, %arg0, %[[Z]], %arg0 : i32, i32, i32, i32
func.func @identities(%x: i32) -> (i32, i32, i32, i32) {
  %z = arith.constant 0 : i32
  %o = arith.constant 1 : i32
  %0 = arith.addi %x, %z : i32
  %1 = arith.muli %x, %o : i32
  %2 = arith.subi %x, %x : i32
  %3 = arith.divsi %x, %o : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

// Division by zero does not fold.
// CHECK-LABEL: func.func @no_fold
// CHECK: arith.divsi
// CHECK: arith.addf %arg0
func.func @no_fold(%f: f32) -> (i32, f32) {
  %a = arith.constant 3 : i32
  %z = arith.constant 0 : i32
  %d = arith.divsi %a, %z : i32
  // x + 0.0 is not x (for x = -0.0)
  %p = arith.constant 0.0 : f32
  %s = arith.addf %f, %p : f32
  return %d, %s : i32, f32
}

// CHECK-LABEL: func.func @floats
// CHECK-DAG: arith.constant 3.000000e+00 : f32
// CHECK-DAG: arith.constant 5 : i32
// CHECK: return %arg0
func.func @floats(%f: f32) -> (f32, f32, i32) {
  %a = arith.constant 1.5 : f32
  %b = arith.constant 2.0 : f32
  %m = arith.mulf %a, %b : f32
  %one = arith.constant 1.0 : f32
  %x = arith.mulf %f, %one : f32
  %c = arith.constant 5.7 : f32
  %i = arith.fptosi %c : f32 to i32
  return %x, %m, %i : f32, f32, i32
}

// CHECK-LABEL: func.func @select
// CHECK-NEXT: return %arg1, %arg0 : i32, i1
func.func @select(%c: i1, %a: i32) -> (i32, i1) {
  %t = arith.constant true
  %f = arith.constant false
  %0 = arith.select %t, %a, %a : i32
  %1 = arith.select %c, %t, %f : i1
  return %0, %1 : i32, i1
}
