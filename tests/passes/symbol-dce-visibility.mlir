// symbol-dce removes private and nested symbols nothing reachable uses, transitively (a symbol
// used only by a dead one goes too); public symbols, and the private symbols they use, stay.
// RUN: strata-opt --symbol-dce --split-input-file --allow-unregistered-dialect %s | strata-check %s
// RUN: strata-opt --pass-pipeline='builtin.module(symbol-dce)' --split-input-file --allow-unregistered-dialect %s \
// RUN:   | strata-check %s

// CHECK-LABEL: module
// CHECK-NOT: @dead
// CHECK-NOT: @only_from_dead
// CHECK-NOT: @nested_unused
// CHECK: func.func private @used
// CHECK-NOT: @dead
// CHECK: func.func @main
// CHECK: func.func @public_unused
// CHECK-LABEL: module
// CHECK: func.func private @referenced
module {
  func.func private @dead(%a: tensor<f32>) -> tensor<f32> {
    return %a : tensor<f32>
  }
  func.func private @used(%a: tensor<f32>) -> tensor<f32> {
    return %a : tensor<f32>
  }
  func.func private @only_from_dead() -> () {
    return
  }
  func.func private @dead2() -> () {
    call @only_from_dead() : () -> ()
    return
  }
  func.func nested @nested_unused() -> () {
    return
  }
  func.func @main(%a: tensor<f32>) -> tensor<f32> {
    %0 = call @used(%a) : (tensor<f32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
  func.func @public_unused() -> () {
    return
  }
}

// -----

// A symbol referenced from an attribute of a live op stays, whatever the op.
// RUN: strata-opt --symbol-dce --split-input-file --allow-unregistered-dialect %s | strata-check %s --check-prefix=ATTR
// ATTR: func.func private @referenced
// ATTR-NOT: @unreferenced
module {
  func.func private @referenced() -> () {
    return
  }
  func.func private @unreferenced() -> () {
    return
  }
  func.func @main() -> () {
    "test.user"() {callee = @referenced} : () -> ()
    return
  }
}
