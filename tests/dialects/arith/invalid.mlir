// RUN: strata-opt --split-input-file --verify-diagnostics %s
// Verifier and parser errors of arith ops; the valid neighbours must not fire.

func.func @addi_float(%a: f32) {
  // expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.addi"(%a, %a) : (f32, f32) -> f32
  return
}

// -----

func.func @cmpi_pred(%a: i32) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi lt, %a, %a : i32
  return
}

// -----

func.func @fastmath_bad(%a: f32) {
  // expected-error @+1 {{expected one of [none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast] for arith.fastmath}}
  %0 = arith.addf %a, %a fastmath<quick> : f32
  return
}

// -----

func.func @mismatch(%a: i32, %b: i64) {
  // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return
}

// -----

func.func @ok(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
