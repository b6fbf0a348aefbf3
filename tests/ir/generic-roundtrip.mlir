// RUN: strata-opt --allow-unregistered-dialect --mlir-print-op-generic %s | strata-check %s
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-op-generic %s | strata-opt --allow-unregistered-dialect --mlir-print-op-generic > %t.1
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-op-generic %t.1 > %t.2
// RUN: diff %t.1 %t.2

// CHECK-LABEL: "builtin.module"() ({
// CHECK-NEXT: "test.func"() <{sym_name = "f"}> ({
// CHECK-NEXT: ^bb0(%arg0: i32, %arg1: f32):
// CHECK-NEXT:   %0:2 = "test.pair"(%arg0) {attr = 5 : i64} : (i32) -> (i32, i32)
// CHECK-NEXT:   %1 = "test.add"(%0#0, %0#1) : (i32, i32) -> i32
// CHECK-NEXT:   "test.br"(%1)[^bb1] : (i32) -> ()
// CHECK-NEXT: ^bb1(%2: i32):
// CHECK-NEXT:   "test.return"(%2, %arg1) : (i32, f32) -> ()
"test.func"() <{sym_name = "f"}> ({
^bb0(%a: i32, %b: f32):
  %p:2 = "test.pair"(%a) {attr = 5} : (i32) -> (i32, i32)
  %s = "test.add"(%p#0, %p#1) : (i32, i32) -> i32
  "test.br"(%s)[^exit] : (i32) -> ()
^exit(%x: i32):
  "test.return"(%x, %b) : (i32, f32) -> ()
}) : () -> ()
