// RUN: strata-opt --verify-diagnostics %s
// RUN: strata-opt --allow-unregistered-dialect %s | strata-check %s

// expected-error@+2 {{operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used}}
// CHECK: "foo.bar"() : () -> ()
"foo.bar"() : () -> ()
