// RUN: strata-opt --split-input-file --verify-diagnostics %s
// Parse and verifier errors of scf.forall and scf.parallel (MLIR's messages).

func.func @parallel_bounds(%a: index) {
  // expected-error @+1 {{expected 2 operands}}
  scf.parallel (%i, %j) = (%a) to (%a, %a) step (%a, %a) {
  }
  return
}

// -----

func.func @parallel_init(%a: index, %x: f32) {
  // expected-error @+1 {{number of operands and types do not match: got 1 operands and 0 types}}
  scf.parallel (%i) = (%a) to (%a) step (%a) init (%x) {
  }
  return
}

// -----

func.func @forall_rank(%a: index) {
  // expected-error @+1 {{expected 1 upper bound values, got 2}}
  scf.forall (%i) in (%a, 3) {
  }
  return
}

// -----

func.func @forall_outs(%t: tensor<4xf32>) {
  // expected-error @+1 {{number of operands and types do not match: got 1 operands and 2 types}}
  %r:2 = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>, f32) {
  }
  return
}

// -----

func.func @forall_mapping(%a: index) {
  // expected-error @+1 {{mapping attribute size must match op rank}}
  scf.forall (%i, %j) in (4, 4) {
  } {mapping = [#gpu.thread<x>]}
  return
}

// -----

func.func @forall_dynamic(%a: index) {
  // expected-error @+1 {{expected 0 dynamic upper bound values}}
  "scf.forall"(%a) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index):
    "scf.forall.in_parallel"() ({
    }) : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @forall_results(%t: tensor<4xf32>) {
  // expected-error @+1 {{produces 1 results, but has only 0 outputs}}
  %r = "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index):
    "scf.forall.in_parallel"() ({
    }) : () -> ()
  }) : () -> tensor<4xf32>
  return
}
