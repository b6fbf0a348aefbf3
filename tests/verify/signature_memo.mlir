// The generic ODS verifier remembers the signatures (operand and result types, attributes) of
// ops that passed its signature checks. In each case below an op with the same signature has
// passed first: the op's regions and parent must still be checked, and an op whose types
// differ must get the full check.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

func.func @region_count(%a: i1) {
  "scf.if"(%a) ({
    scf.yield
  }, {
    scf.yield
  }) : (i1) -> ()
  // expected-error@+1 {{'scf.if' op requires 2 regions}}
  "scf.if"(%a) ({
    scf.yield
  }) : (i1) -> ()
  return
}

// -----

func.func @region_blocks(%a: i1) {
  "scf.if"(%a) ({
    scf.yield
  }, {
    scf.yield
  }) : (i1) -> ()
  // expected-error@+1 {{'scf.if' op expects region #0 to have 0 or 1 blocks}}
  "scf.if"(%a) ({
    cf.br ^bb1
  ^bb1:
    scf.yield
  }, {
    scf.yield
  }) : (i1) -> ()
  return
}

// -----

func.func @parent_ok() {
  "func.return"() : () -> ()
}

func.func @parent_wrong() {
  %0 = "scf.execute_region"() ({
    %c = arith.constant 1 : i32
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    "func.return"() : () -> ()
  }) : () -> i32
  "func.return"() : () -> ()
}

// -----

func.func @other_types(%a: i32, %x: f32) {
  %0 = arith.addi %a, %a : i32
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %1 = "arith.addi"(%x, %x) : (f32, f32) -> f32
  return
}
