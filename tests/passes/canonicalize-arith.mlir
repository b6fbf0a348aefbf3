// MLIR's arith folders (the ops' fold hooks) and canonicalization patterns. Float identities
// only where IEEE-exact or promised by the op's fastmath flags (as MLIR reads them); NaN
// operands fold to NaN as in IEEE (and mlir-opt-22).
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

// -----

// Splat and dense constants fold as mlir-opt-22 folds them (constFoldBinaryOp): element by
// element, a splat result when the elements are equal; identities read splats (x + 0, x - x).
// CHECK-LABEL: func.func @splat_int
// CHECK-DAG: %[[S:.*]] = arith.constant dense<8> : tensor<4xi32>
// CHECK-DAG: %[[D:.*]] = arith.constant dense<[3, 6, 9, 12]> : tensor<4xi32>
// CHECK-DAG: %[[Z:.*]] = arith.constant dense<0> : tensor<4xi32>
// CHECK-DAG: %[[C:.*]] = arith.constant dense<[false, true]> : vector<2xi1>
// CHECK-NOT: arith.addi
// CHECK-NOT: arith.muli
// CHECK-NOT: arith.subi
// CHECK: return %[[S]], %[[D]], %arg0, %[[Z]], %[[C]]
func.func @splat_int(%x: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, vector<2xi1>) {
  %a = arith.constant dense<3> : tensor<4xi32>
  %b = arith.constant dense<5> : tensor<4xi32>
  %c = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %z = arith.constant dense<0> : tensor<4xi32>
  %0 = arith.addi %a, %b : tensor<4xi32>
  %1 = arith.muli %a, %c : tensor<4xi32>
  %2 = arith.addi %x, %z : tensor<4xi32>
  %3 = arith.subi %x, %x : tensor<4xi32>
  %p = arith.constant dense<[1, 2]> : vector<2xi32>
  %q = arith.constant dense<[2, 1]> : vector<2xi32>
  %4 = arith.cmpi sgt, %p, %q : vector<2xi32>
  return %0, %1, %2, %3, %4 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, vector<2xi1>
}

// -----

// Float splats: constants fold (NaN operands to NaN, inf - inf to the positive quiet NaN, as
// APFloat), x + -0.0 -> x, x * 0.0 -> 0.0 only with nnan and nsz, a splat select condition
// picks a side, casts of dense constants fold.
// CHECK-LABEL: func.func @splat_float
// CHECK-DAG: %[[INF:.*]] = arith.constant dense<0x7F800000> : vector<4xf32>
// CHECK-DAG: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK-DAG: %[[NAN:.*]] = arith.constant dense<0x7FC00000> : vector<4xf32>
// CHECK-DAG: %[[E:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf64>
// CHECK-DAG: %[[A:.*]] = arith.addf %arg0, %[[Z]] : vector<4xf32>
// CHECK-DAG: %[[M:.*]] = arith.mulf %arg0, %[[Z]] : vector<4xf32>
// CHECK: return %[[NAN]], %[[A]], %arg0, %[[Z]], %[[M]], %[[INF]], %[[NAN]], %arg0, %[[E]]
func.func @splat_float(%x: vector<4xf32>) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, tensor<2xf64>) {
  %a = arith.constant dense<1.5> : vector<4xf32>
  %n = arith.constant dense<0x7FC00000> : vector<4xf32>
  %pz = arith.constant dense<0.0> : vector<4xf32>
  %nz = arith.constant dense<-0.0> : vector<4xf32>
  %inf = arith.constant dense<0x7F800000> : vector<4xf32>
  %0 = arith.addf %a, %n : vector<4xf32>
  %1 = arith.addf %x, %pz : vector<4xf32>
  %2 = arith.addf %x, %nz : vector<4xf32>
  %3 = arith.mulf %x, %pz fastmath<nnan,nsz> : vector<4xf32>
  %4 = arith.mulf %x, %pz : vector<4xf32>
  %5 = arith.divf %a, %pz : vector<4xf32>
  %6 = arith.subf %inf, %inf : vector<4xf32>
  %t = arith.constant dense<true> : vector<4xi1>
  %7 = arith.select %t, %x, %a : vector<4xi1>, vector<4xf32>
  %d = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %8 = arith.extf %d : tensor<2xf32> to tensor<2xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, tensor<2xf64>
}

// -----

// Must not fold: a dense division with a zero divisor anywhere (no partial fold), x - x of a
// dynamic shape (no constant of that type), and addi(addi(x, c0), c1) of splats (MLIR's
// AddIAddConstant takes scalars only).
// CHECK-LABEL: func.func @splat_not
// CHECK: arith.divsi
// CHECK: arith.subi %arg0, %arg0 : tensor<?xi32>
// CHECK: %[[I:.*]] = arith.addi %arg1, %{{.*}} : tensor<4xi32>
// CHECK: arith.addi %[[I]], %{{.*}} : tensor<4xi32>
func.func @splat_not(%d: tensor<?xi32>, %x: tensor<4xi32>) -> (tensor<2xi32>, tensor<?xi32>, tensor<4xi32>) {
  %c = arith.constant dense<[1, 2]> : tensor<2xi32>
  %z = arith.constant dense<[0, 2]> : tensor<2xi32>
  %0 = arith.divsi %c, %z : tensor<2xi32>
  %1 = arith.subi %d, %d : tensor<?xi32>
  %a = arith.constant dense<3> : tensor<4xi32>
  %b = arith.constant dense<5> : tensor<4xi32>
  %2 = arith.addi %x, %a : tensor<4xi32>
  %3 = arith.addi %2, %b : tensor<4xi32>
  return %0, %1, %3 : tensor<2xi32>, tensor<?xi32>, tensor<4xi32>
}

// -----

// Overflow flags: constants fold wrapping whatever the flags say; reassociating
// addi(addi(x, c0), c1) keeps only the flags both ops have (MLIR's MergeOverflow).
// CHECK-LABEL: func.func @overflow
// CHECK-DAG: %[[MIN:.*]] = arith.constant -2147483648 : i32
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[A:.*]] = arith.addi %arg0, %[[C3]] overflow<nsw> : i32
// CHECK-DAG: %[[B:.*]] = arith.addi %arg0, %[[C3]] : i32
// CHECK: return %[[A]], %[[B]], %[[MIN]]
func.func @overflow(%x: i32) -> (i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %x, %c1 overflow<nsw> : i32
  %1 = arith.addi %0, %c2 overflow<nsw, nuw> : i32
  %2 = arith.addi %x, %c1 : i32
  %3 = arith.addi %2, %c2 overflow<nsw> : i32
  %big = arith.constant 2147483647 : i32
  %4 = arith.addi %big, %c1 overflow<nsw> : i32
  return %1, %3, %4 : i32, i32, i32
}

// -----

// maxnumf/minnumf order -0.0 below +0.0 and ignore a NaN operand. f80 does not fold: f64
// arithmetic would round it (mlir-opt-22 folds it exactly with APFloat; Strata leaves it).
// CHECK-LABEL: func.func @minmax
// CHECK-DAG: %[[NZ:.*]] = arith.constant -0.000000e+00 : f32
// CHECK-DAG: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: arith.addf %{{.*}}, %{{.*}} : f80
// CHECK: return %[[Z]], %[[NZ]], %arg0
func.func @minmax(%y: f32) -> (f32, f32, f32, f80) {
  %pz = arith.constant 0.0 : f32
  %nz = arith.constant -0.0 : f32
  %n = arith.constant 0x7FC00000 : f32
  %0 = arith.maxnumf %nz, %pz : f32
  %1 = arith.minnumf %pz, %nz : f32
  %2 = arith.maxnumf %y, %n : f32
  %a = arith.constant 1.0 : f80
  %b = arith.constant 2.0 : f80
  %3 = arith.addf %a, %b : f80
  return %0, %1, %2, %3 : f32, f32, f32, f80
}
