// RUN: strata-opt %s | strata-check %s
// RUN: strata-opt %s --mlir-print-op-generic | strata-opt | strata-check %s
// cf's branches in their custom form, printed as mlir-opt-22 prints them.

// CHECK-LABEL: func.func @branches
func.func @branches(%c: i1, %x: i32) -> i32 {
  // CHECK: cf.assert %arg0, "must hold"
  cf.assert %c, "must hold"
  // CHECK: cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2
  cf.cond_br %c, ^bb1(%x : i32), ^bb2
^bb1(%a: i32):
  // CHECK: cf.br ^bb3(%0 : i32)
  cf.br ^bb3(%a : i32)
^bb2:
  // CHECK: cf.cond_br %arg0 weights([3, 5]), ^bb3(%arg1 : i32), ^bb3(%arg1 : i32)
  cf.cond_br %c weights([3, 5]), ^bb3(%x : i32), ^bb3(%x : i32)
^bb3(%r: i32):
  return %r : i32
}
