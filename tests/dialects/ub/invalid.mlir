// RUN: strata-opt --split-input-file --verify-diagnostics %s
// ub.poison's value must be a poison attribute.

func.func @poison_value() -> i32 {
  // expected-error @+1 {{'ub.poison' op attribute 'value' failed to satisfy constraint: PoisonAttrInterface instance}}
  %0 = "ub.poison"() <{value = 1 : i32}> : () -> i32
  return %0 : i32
}
