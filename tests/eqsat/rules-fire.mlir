// Rules whose right side is not cheaper (commutativity, splits, the two-root merge) do not
// show in the output; the statistics show that they matched (or must not have).
// RUN: strata-opt %s --stablehlo-eqsat="rules=add-commute,mul-commute,max-commute,min-commute,and-commute,or-commute,xor-commute,compare-swap,sub-to-add-neg" --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=COMM
// RUN: strata-opt %s --stablehlo-eqsat="rules=add-assoc,mul-assoc,factor,sub-self,mul-zero" --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=INTONLY
// RUN: strata-opt %s --stablehlo-eqsat="rules=dot-of-concat,dot-merge-shared,dot-split-k,dot-reassoc-rev,broadcast-to-transpose" --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXP

// COMM-DAG: rule.add-commute
// COMM-DAG: rule.mul-commute
// COMM-DAG: rule.max-commute
// COMM-DAG: rule.min-commute
// COMM-DAG: rule.and-commute
// COMM-DAG: rule.or-commute
// COMM-DAG: rule.xor-commute
// COMM-DAG: rule.compare-swap
// COMM-DAG: rule.sub-to-add-neg

// The integer-only rules must not match the float values below.
// INTONLY-NOT: rule.add-assoc
// INTONLY-NOT: rule.mul-assoc
// INTONLY-NOT: rule.factor
// INTONLY-NOT: rule.sub-self
// INTONLY-NOT: rule.mul-zero
// INTONLY: stop-saturated

// EXP-DAG: rule.dot-of-concat
// EXP-DAG: rule.dot-merge-shared
// EXP-DAG: rule.dot-split-k
// EXP-DAG: rule.dot-reassoc-rev
// EXP-DAG: rule.broadcast-to-transpose
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>, %i: tensor<4xi32>, %j: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi1>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  %1 = stablehlo.multiply %a, %b : tensor<4xf32>
  %2 = stablehlo.maximum %a, %b : tensor<4xf32>
  %3 = stablehlo.minimum %a, %b : tensor<4xf32>
  %4 = stablehlo.and %i, %j : tensor<4xi32>
  %5 = stablehlo.or %i, %j : tensor<4xi32>
  %6 = stablehlo.xor %i, %j : tensor<4xi32>
  %7 = stablehlo.compare LT, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %8 = stablehlo.subtract %a, %b : tensor<4xf32>
  %9 = stablehlo.add %0, %c : tensor<4xf32>
  %m1 = stablehlo.multiply %a, %c : tensor<4xf32>
  %10 = stablehlo.add %1, %m1 : tensor<4xf32>
  %11 = stablehlo.subtract %c, %c : tensor<4xf32>
  %z = stablehlo.constant dense<0.0> : tensor<4xf32>
  %12 = stablehlo.multiply %c, %z : tensor<4xf32>
  %13 = stablehlo.add %11, %12 : tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %9, %10, %13 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi1>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

func.func @g(%x: tensor<2x3xi32>, %y: tensor<4x3xi32>, %w: tensor<3x5xi32>, %u: tensor<2x2xi32>, %v: tensor<2x1xi32>, %b: tensor<3x5xi32>, %q: tensor<2x5xf32>) -> (tensor<6x5xi32>, tensor<2x5xi32>, tensor<4x5xi32>, tensor<2x1xi32>, tensor<2x5xi32>, tensor<5x2xf32>) {
  %c = stablehlo.concatenate %x, %y, dim = 0 : (tensor<2x3xi32>, tensor<4x3xi32>) -> tensor<6x3xi32>
  %0 = stablehlo.dot_general %c, %w, contracting_dims = [1] x [0] : (tensor<6x3xi32>, tensor<3x5xi32>) -> tensor<6x5xi32>
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x3xi32>, tensor<3x5xi32>) -> tensor<2x5xi32>
  %2 = stablehlo.dot_general %y, %w, contracting_dims = [1] x [0] : (tensor<4x3xi32>, tensor<3x5xi32>) -> tensor<4x5xi32>
  %uv = stablehlo.dot_general %u, %v, contracting_dims = [1] x [0] : (tensor<2x2xi32>, tensor<2x1xi32>) -> tensor<2x1xi32>
  %3 = stablehlo.dot_general %u, %uv, contracting_dims = [1] x [0] : (tensor<2x2xi32>, tensor<2x1xi32>) -> tensor<2x1xi32>
  %k = stablehlo.concatenate %x, %u, dim = 1 : (tensor<2x3xi32>, tensor<2x2xi32>) -> tensor<2x5xi32>
  %4 = stablehlo.dot_general %k, %b, contracting_dims = [1] x [1] : (tensor<2x5xi32>, tensor<3x5xi32>) -> tensor<2x3xi32>
  %5 = stablehlo.dot_general %4, %w, contracting_dims = [1] x [0] : (tensor<2x3xi32>, tensor<3x5xi32>) -> tensor<2x5xi32>
  %6 = stablehlo.broadcast_in_dim %q, dims = [1, 0] : (tensor<2x5xf32>) -> tensor<5x2xf32>
  return %0, %1, %2, %3, %5, %6 : tensor<6x5xi32>, tensor<2x5xi32>, tensor<4x5xi32>, tensor<2x1xi32>, tensor<2x5xi32>, tensor<5x2xf32>
}
