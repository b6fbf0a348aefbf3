// Malformed inputs get a located error and exit code 1, never a crash.
// RUN: printf '"test.op"() ({\n' > %t.unterminated.mlir
// RUN: not strata-opt --allow-unregistered-dialect %t.unterminated.mlir 2> %t.err
// RUN: strata-check --input-file %t.err %s --check-prefix=UNTERMINATED
// UNTERMINATED: unterminated.mlir:1:15: error: expected operation name in quotes
// RUN: printf '"test.op"() : () -> (i32' > %t.truncated.mlir
// RUN: not strata-opt --allow-unregistered-dialect %t.truncated.mlir 2> %t.err2
// RUN: strata-check --input-file %t.err2 %s --check-prefix=TRUNCATED
// TRUNCATED: truncated.mlir:1:24: error: expected ')'
// RUN: printf '%%%%0 = "test.op"() : () -> i32 $$$\n' > %t.badtoken.mlir
// RUN: not strata-opt --allow-unregistered-dialect %t.badtoken.mlir 2> %t.err3
// RUN: strata-check --input-file %t.err3 %s --check-prefix=BADTOKEN
// BADTOKEN: badtoken.mlir:1:30: error: unexpected character
// BADTOKEN-NEXT: %0 = "test.op"() : () -> i32 $$$
// BADTOKEN-NEXT: {{^}}                             ^
// RUN: not strata-opt %t.missing-file.mlir 2>&1 | strata-check %s --check-prefix=MISSING
// MISSING: strata-opt: cannot open input file
// RUN: not strata-opt %s -o %t.no-such-dir/out.mlir 2>&1 | strata-check %s --check-prefix=NOOUT
// NOOUT: strata-opt: cannot open output file '{{.*}}no-such-dir/out.mlir': No such file or directory
// RUN: printf '"test.op"() : () -> ()\n\377\n' > %t.notutf8.mlir
// RUN: not strata-opt --allow-unregistered-dialect %t.notutf8.mlir 2>&1 | strata-check %s --check-prefix=NOTUTF8
// NOTUTF8: strata-opt: input file '{{.*}}notutf8.mlir' is not valid UTF-8 (byte 23)
// RUN: printf '"test.op"(%%%%x) : (i32) -> ()\n' > %t.undef.mlir
// RUN: not strata-opt --allow-unregistered-dialect %t.undef.mlir 2> %t.err4
// RUN: strata-check --input-file %t.err4 %s --check-prefix=UNDEF
// UNDEF: undef.mlir:1:11: error: use of undeclared SSA value name
// RUN: printf 'func.func @f() -> i32 {\n  %%%%0 = stablehlo.constant dense<1.0> : tensor<f32>\n  return %%%%0 : tensor<f32>\n}\n' > %t.type.mlir
// RUN: not strata-opt %t.type.mlir 2> %t.err5
// RUN: strata-check --input-file %t.err5 %s --check-prefix=WRONGTYPE
// WRONGTYPE: type.mlir:3:3: error: 'func.return' op type of return operand 0 (tensor<f32>) doesn't match function result type (i32) in function @f
