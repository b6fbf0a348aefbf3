// MLIR's arith folders (written against the op names). Float identities only where IEEE-exact
// or promised by the op's fastmath flags (as MLIR reads them); NaN is never folded.
// RUN: strata-opt --split-input-file --canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @ints
// CHECK-DAG: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[C:.*]] = arith.constant 10 : i32
// CHECK-DAG: %[[S:.*]] = arith.constant 7 : i32
// CHECK-DAG: %[[A:.*]] = arith.addi %arg0, %[[S]] : i32
// CHECK: return %arg0, %arg0, %[[Z]], %[[Z]], %[[C]], %[[A]]
func.func @ints(%x: i32) -> (i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %0 = arith.addi %c0, %x : i32
  %1 = arith.muli %x, %c1 : i32
  %2 = arith.muli %x, %c0 : i32
  %3 = arith.subi %x, %x : i32
  %4 = arith.addi %c3, %c4 : i32
  %5 = arith.addi %4, %c3 : i32
  %6 = arith.addi %x, %c3 : i32
  %7 = arith.addi %6, %c4 : i32
  return %0, %1, %2, %3, %5, %7 : i32, i32, i32, i32, i32, i32
}

// -----

// Integer overflow wraps at the width.
// CHECK-LABEL: func.func @wrap
// CHECK: arith.constant -128 : i8
func.func @wrap() -> i8 {
  %a = arith.constant 127 : i8
  %b = arith.constant 1 : i8
  %0 = arith.addi %a, %b : i8
  return %0 : i8
}

// -----

// Exact float identities fire: x + -0.0, x - +0.0, x * 1.0, x / 1.0, maximumf(x, x),
// maximumf(x, -inf).
// CHECK-LABEL: func.func @float_exact
// CHECK-NOT: arith.addf
// CHECK-NOT: arith.mulf
// CHECK: return %arg0, %arg0, %arg0, %arg0, %arg0, %arg0
func.func @float_exact(%x: f32) -> (f32, f32, f32, f32, f32, f32) {
  %nz = arith.constant -0.0 : f32
  %pz = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %0 = arith.addf %x, %nz fastmath<afn> : f32
  %1 = arith.subf %x, %pz : f32
  %2 = arith.mulf %one, %x : f32
  %3 = arith.divf %x, %one : f32
  %4 = arith.maximumf %x, %x : f32
  %5 = arith.maximumf %x, %ninf : f32
  return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f32, f32, f32
}

// -----

// Must not fire without fastmath: x + +0.0 (x = -0.0 gives +0.0), x * 0.0 (NaN, -0.0),
// x - x (NaN, inf), x - -0.0. A NaN operand folds to NaN (IEEE, as mlir-opt-22 does). With
// nnan+nsz, x * 0.0 folds; x + +0.0 stays even with nsz and x - -0.0 too (mlir-opt-22's folders
// do not use nsz there).
// CHECK-LABEL: func.func @float_not
// CHECK-DAG: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[NZ:.*]] = arith.constant -0.000000e+00 : f32
// CHECK-DAG: %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
// CHECK-DAG: %[[A:.*]] = arith.addf %arg0, %[[Z]] : f32
// CHECK-DAG: %[[M:.*]] = arith.mulf %arg0, %[[Z]] fastmath<nnan> : f32
// CHECK-DAG: %[[S:.*]] = arith.subf %arg0, %arg0 fastmath<fast> : f32
// CHECK-DAG: %[[T:.*]] = arith.subf %arg0, %[[NZ]] : f32
// CHECK-DAG: %[[P:.*]] = arith.addf %arg0, %[[Z]] fastmath<nsz> : f32
// CHECK-DAG: %[[U:.*]] = arith.subf %arg0, %[[NZ]] fastmath<nsz> : f32
// CHECK: return %[[A]], %[[M]], %[[S]], %[[T]], %[[NAN]], %[[P]], %[[Z]], %[[U]]
func.func @float_not(%x: f32) -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %pz = arith.constant 0.0 : f32
  %nz = arith.constant -0.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %0 = arith.addf %x, %pz : f32
  %1 = arith.mulf %x, %pz fastmath<nnan> : f32
  %2 = arith.subf %x, %x fastmath<fast> : f32
  %3 = arith.subf %x, %nz : f32
  %4 = arith.addf %nan, %pz : f32
  %5 = arith.addf %x, %pz fastmath<nsz> : f32
  %6 = arith.mulf %x, %pz fastmath<fast> : f32
  %7 = arith.subf %x, %nz fastmath<nsz> : f32
  return %0, %1, %2, %3, %4, %5, %6, %7 : f32, f32, f32, f32, f32, f32, f32, f32
}

// -----

// Float constants fold with IEEE rounding in the type; maximumf orders -0.0 below +0.0.
// CHECK-LABEL: func.func @float_fold
// CHECK-DAG: arith.constant 3.000000e-01 : f32
// CHECK-DAG: arith.constant 0.000000e+00 : f32
// CHECK-DAG: arith.constant 3.000000e+00 : bf16
func.func @float_fold() -> (f32, f32, bf16) {
  %a = arith.constant 0.1 : f32
  %b = arith.constant 0.2 : f32
  %0 = arith.addf %a, %b : f32
  %p = arith.constant 0.0 : f32
  %n = arith.constant -0.0 : f32
  %1 = arith.maximumf %n, %p : f32
  %c = arith.constant 1.0 : bf16
  %d = arith.constant 2.0 : bf16
  %2 = arith.addf %c, %d : bf16
  return %0, %1, %2 : f32, f32, bf16
}

// -----

// Splat tensors fold too; constants move to the right of commutative ops.
// CHECK-LABEL: func.func @tensors
// CHECK-DAG: arith.constant dense<6> : tensor<4xi32>
// CHECK-DAG: arith.muli %arg0, %{{.*}} : tensor<4xi32>
func.func @tensors(%x: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
  %a = arith.constant dense<2> : tensor<4xi32>
  %b = arith.constant dense<3> : tensor<4xi32>
  %0 = arith.muli %a, %b : tensor<4xi32>
  %1 = arith.muli %a, %x : tensor<4xi32>
  return %0, %1 : tensor<4xi32>, tensor<4xi32>
}
