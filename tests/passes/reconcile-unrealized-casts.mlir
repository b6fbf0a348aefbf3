// RUN: strata-opt --reconcile-unrealized-casts --split-input-file %s | strata-check %s

// Chains that come back to their starting types fold away; dead casts are erased; a live cast
// to another type stays (as mlir-opt-22 does).
// CHECK-LABEL: func.func @chains
// CHECK-NEXT: %[[C:.*]] = builtin.unrealized_conversion_cast %arg1 : i64 to f32
// CHECK-NEXT: return %arg0, %[[C]], %arg1 : i32, f32, i64
func.func @chains(%a: i32, %b: i64) -> (i32, f32, i64) {
  %0 = builtin.unrealized_conversion_cast %a : i32 to f32
  %1 = builtin.unrealized_conversion_cast %0 : f32 to i32
  %2 = builtin.unrealized_conversion_cast %a : i32 to i16
  %3 = builtin.unrealized_conversion_cast %b : i64 to f32
  %4 = builtin.unrealized_conversion_cast %3 : f32 to i8
  %5 = builtin.unrealized_conversion_cast %4 : i8 to i64
  return %1, %3, %5 : i32, f32, i64
}

// -----

// N:M casts fold when the whole group comes back; a chain to other types must not fold.
// CHECK-LABEL: func.func @groups
// CHECK-NEXT: %[[G:.*]]:2 = builtin.unrealized_conversion_cast %arg0 : i32 to i16, i16
// CHECK-NEXT: %[[H:.*]] = builtin.unrealized_conversion_cast %[[G]]#0, %[[G]]#1 : i16, i16 to i64
// CHECK-NEXT: return %arg0, %[[H]] : i32, i64
func.func @groups(%a: i32) -> (i32, i64) {
  %0:2 = builtin.unrealized_conversion_cast %a : i32 to i16, i16
  %1 = builtin.unrealized_conversion_cast %0#0, %0#1 : i16, i16 to i32
  %2 = builtin.unrealized_conversion_cast %0#0, %0#1 : i16, i16 to i64
  return %1, %2 : i32, i64
}
