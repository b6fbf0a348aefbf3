// RUN: strata-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

"test.op"(%undefined) : (i32) -> () // expected-error {{use of undeclared SSA value name}}

// -----

// expected-error@+1 {{expected ')'}}
"test.op"(%x : (i32) -> ()

// -----

// expected-note@+1 {{prior use here}}
%0 = "test.def"() : () -> i32
// expected-error@+1 {{use of value '%0' expects different type than prior uses: 'f32' vs 'i32'}}
"test.use"(%0) : (f32) -> ()
