// Malformed inputs get a located error and exit code 1, never a crash.
// RUN: printf '"test.op"() ({\n' > %t.unterminated.mlir
// RUN: not strata-opt --allow-unregistered-dialect %t.unterminated.mlir 2> %t.err
// RUN: strata-check --input-file %t.err %s --check-prefix=UNTERMINATED
// UNTERMINATED: unterminated.mlir:2:1: error:
// RUN: printf '"test.op"() : () -> (i32' > %t.truncated.mlir
// RUN: not strata-opt --allow-unregistered-dialect %t.truncated.mlir 2> %t.err2
// RUN: strata-check --input-file %t.err2 %s --check-prefix=TRUNCATED
// TRUNCATED: truncated.mlir:1:25: error:
// RUN: printf '%%0 = "test.op"() : () -> i32 $$$\n' > %t.badtoken.mlir
// RUN: not strata-opt --allow-unregistered-dialect %t.badtoken.mlir 2> %t.err3
// RUN: strata-check --input-file %t.err3 %s --check-prefix=BADTOKEN
// BADTOKEN: badtoken.mlir:1:29: error:
// BADTOKEN-NEXT: %0 = "test.op"() : () -> i32 $$$
// BADTOKEN-NEXT: {{^}}                            ^
// RUN: not strata-opt %t.missing-file.mlir 2>&1 | strata-check %s --check-prefix=MISSING
// MISSING: strata-opt: cannot open input file
