// RUN: strata-opt %s | strata-check %s
// RUN: strata-opt %s --mlir-print-op-generic | strata-opt | strata-check %s
// scf's loops and conditionals in their custom form, printed as mlir-opt-22 prints them.

// CHECK-LABEL: func.func @loops
func.func @loops(%lb: index, %ub: index, %s: index, %x: f32, %c: i1, %n: i32) -> f32 {
  // CHECK: scf.for %arg6 = %arg0 to %arg1 step %arg2 {
  // CHECK-NEXT: }
  scf.for %i = %lb to %ub step %s {
  }
  // CHECK: %0 = scf.for %arg6 = %arg0 to %arg1 step %arg2 iter_args(%arg7 = %arg3) -> (f32) {
  // CHECK-NEXT: %4 = arith.addf %arg7, %arg7 : f32
  // CHECK-NEXT: scf.yield %4 : f32
  // CHECK-NEXT: }
  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %x) -> (f32) {
    %y = arith.addf %acc, %acc : f32
    scf.yield %y : f32
  }
  %c0 = arith.constant 0 : i32
  // CHECK: scf.for %arg6 = %c0_i32 to %arg5 step %arg5  : i32 {
  scf.for %i = %c0 to %n step %n : i32 {
  }
  // CHECK: scf.for unsigned %arg6
  scf.for unsigned %i = %c0 to %n step %n : i32 {
  }
  // CHECK: %1 = scf.if %arg4 -> (f32) {
  // CHECK-NEXT: scf.yield %arg3 : f32
  // CHECK-NEXT: } else {
  // CHECK-NEXT: scf.yield %0 : f32
  // CHECK-NEXT: }
  %v = scf.if %c -> (f32) {
    scf.yield %x : f32
  } else {
    scf.yield %r : f32
  }
  // CHECK: scf.if %arg4 {
  // CHECK-NEXT: }
  scf.if %c {
  }
  // CHECK: %2 = scf.while (%arg6 = %arg3) : (f32) -> f32 {
  // CHECK-NEXT: scf.condition(%arg4) %arg6 : f32
  // CHECK-NEXT: } do {
  // CHECK-NEXT: ^bb0(%arg6: f32):
  // CHECK-NEXT: scf.yield %arg6 : f32
  // CHECK-NEXT: }
  %w = scf.while (%a = %x) : (f32) -> f32 {
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%a: f32):
    scf.yield %a : f32
  }
  // CHECK: %3 = scf.execute_region -> f32 {
  %e = scf.execute_region -> f32 {
    scf.yield %x : f32
  }
  // CHECK: scf.index_switch %arg0
  // CHECK-NEXT: case 2 {
  scf.index_switch %lb
  case 2 {
    scf.yield
  }
  default {
  }
  return %v : f32
}
