// RUN: strata-opt --split-input-file --stablehlo-eqsat %s | FileCheck %s
// RUN: strata-opt --split-input-file --stablehlo-eqsat=fast-math %s | FileCheck %s --check-prefix=FAST

// add-zero: integers and float -0.0 fold away; float +0.0 must stay (x + 0.0 is +0.0 for x = -0.0).
// CHECK-LABEL: func.func @add_zero
// CHECK-NEXT: return %arg0, %arg1
func.func @add_zero(%x: tensor<4xi32>, %y: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xf32>) {
  %z = stablehlo.constant dense<0> : tensor<4xi32>
  %0 = stablehlo.add %x, %z : tensor<4xi32>
  %m = stablehlo.constant dense<-0.0> : tensor<4xf32>
  %1 = stablehlo.add %m, %y : tensor<4xf32>
  return %0, %1 : tensor<4xi32>, tensor<4xf32>
}

// -----

// add-pos-zero (fast-math only).
// CHECK-LABEL: func.func @add_pos_zero_float_stays
// CHECK: stablehlo.add
// FAST-LABEL: func.func @add_pos_zero_float_stays
// FAST-NEXT: return %arg0
func.func @add_pos_zero_float_stays(%y: tensor<4xf32>) -> tensor<4xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<4xf32>
  %0 = stablehlo.add %y, %z : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// sub-zero: x - (+0.0) is x for floats too.
// CHECK-LABEL: func.func @sub_zero
// CHECK-NEXT: return %arg0, %arg1
func.func @sub_zero(%x: tensor<4xf32>, %i: tensor<2xi8>) -> (tensor<4xf32>, tensor<2xi8>) {
  %z = stablehlo.constant dense<0.0> : tensor<4xf32>
  %0 = stablehlo.subtract %x, %z : tensor<4xf32>
  %zi = stablehlo.constant dense<0> : tensor<2xi8>
  %1 = stablehlo.subtract %i, %zi : tensor<2xi8>
  return %0, %1 : tensor<4xf32>, tensor<2xi8>
}

// -----

// sub-zero must NOT fire for x - (-0.0) on floats (-0.0 - -0.0 is +0.0).
// CHECK-LABEL: func.func @sub_neg_zero_stays
// CHECK: stablehlo.subtract
func.func @sub_neg_zero_stays(%x: tensor<4xf32>) -> tensor<4xf32> {
  %z = stablehlo.constant dense<-0.0> : tensor<4xf32>
  %0 = stablehlo.subtract %x, %z : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// sub-to-add-neg + add-const-reassoc + folding: (x - 3) + 5 == x + 2 on integers.
// CHECK-LABEL: func.func @sub_add_const
// CHECK-DAG: %[[C:.*]] = stablehlo.constant dense<2> : tensor<4xi32>
// CHECK-DAG: %[[R:.*]] = stablehlo.add %arg0, %[[C]]
// CHECK: return %[[R]]
func.func @sub_add_const(%x: tensor<4xi32>) -> tensor<4xi32> {
  %c3 = stablehlo.constant dense<3> : tensor<4xi32>
  %c5 = stablehlo.constant dense<5> : tensor<4xi32>
  %0 = stablehlo.subtract %x, %c3 : tensor<4xi32>
  %1 = stablehlo.add %0, %c5 : tensor<4xi32>
  return %1 : tensor<4xi32>
}

// -----

// add-neg-to-sub: x + (-y) == x - y (one op instead of two).
// CHECK-LABEL: func.func @add_neg
// CHECK-NEXT: %[[R:.*]] = stablehlo.subtract %arg0, %arg1
// CHECK-NEXT: return %[[R]]
func.func @add_neg(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.negate %y : tensor<4xf32>
  %1 = stablehlo.add %x, %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// sub-self and add-neg-self on integers give zero; not on floats (NaN - NaN, inf - inf).
// CHECK-LABEL: func.func @self_cancel
// CHECK-DAG: %[[Z:.*]] = stablehlo.constant dense<0> : tensor<4xi32>
// CHECK-DAG: %[[F:.*]] = stablehlo.subtract %arg1, %arg1 : tensor<4xf32>
// CHECK: return %[[Z]], %[[Z]], %[[F]]
func.func @self_cancel(%x: tensor<4xi32>, %y: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xf32>) {
  %0 = stablehlo.subtract %x, %x : tensor<4xi32>
  %n = stablehlo.negate %x : tensor<4xi32>
  %1 = stablehlo.add %x, %n : tensor<4xi32>
  %2 = stablehlo.subtract %y, %y : tensor<4xf32>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xi32>, tensor<4xf32>
}

// -----

// mul-one, div-one, pow-one.
// CHECK-LABEL: func.func @ones
// CHECK-NEXT: return %arg0, %arg0, %arg1
func.func @ones(%x: tensor<3xf32>, %i: tensor<3xi32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xi32>) {
  %one = stablehlo.constant dense<1.0> : tensor<3xf32>
  %0 = stablehlo.multiply %one, %x : tensor<3xf32>
  %1 = stablehlo.divide %x, %one : tensor<3xf32>
  %onei = stablehlo.constant dense<1> : tensor<3xi32>
  %2 = stablehlo.power %i, %onei : tensor<3xi32>
  return %0, %1, %2 : tensor<3xf32>, tensor<3xf32>, tensor<3xi32>
}

// -----

// mul-zero on integers only.
// CHECK-LABEL: func.func @mul_zero
// CHECK-DAG: %[[Z:.*]] = stablehlo.constant dense<0> : tensor<3xi32>
// CHECK-DAG: %[[F:.*]] = stablehlo.multiply %arg1, %{{.*}} : tensor<3xf32>
// CHECK: return %[[Z]], %[[F]]
func.func @mul_zero(%i: tensor<3xi32>, %x: tensor<3xf32>) -> (tensor<3xi32>, tensor<3xf32>) {
  %z = stablehlo.constant dense<0> : tensor<3xi32>
  %0 = stablehlo.multiply %i, %z : tensor<3xi32>
  %zf = stablehlo.constant dense<0.0> : tensor<3xf32>
  %1 = stablehlo.multiply %x, %zf : tensor<3xf32>
  return %0, %1 : tensor<3xi32>, tensor<3xf32>
}

// -----

// mul-neg-one: x * -1 == -x; mul-two: x * 2 == x + x.
// CHECK-LABEL: func.func @mul_consts
// CHECK-DAG: %[[N:.*]] = stablehlo.negate %arg0 : tensor<3xf32>
// CHECK-DAG: %[[A:.*]] = stablehlo.add %arg1, %arg1 : tensor<3xi32>
// CHECK: return %[[N]], %[[A]]
func.func @mul_consts(%x: tensor<3xf32>, %i: tensor<3xi32>) -> (tensor<3xf32>, tensor<3xi32>) {
  %m = stablehlo.constant dense<-1.0> : tensor<3xf32>
  %0 = stablehlo.multiply %x, %m : tensor<3xf32>
  %two = stablehlo.constant dense<2> : tensor<3xi32>
  %1 = stablehlo.multiply %i, %two : tensor<3xi32>
  return %0, %1 : tensor<3xf32>, tensor<3xi32>
}

// -----

// div-pow2: a division by a power of two becomes a multiplication; by 3 it stays.
// CHECK-LABEL: func.func @div_pow2
// CHECK-DAG: %[[Q:.*]] = stablehlo.constant dense<2.500000e-01> : tensor<3xf32>
// CHECK-DAG: %[[M:.*]] = stablehlo.multiply %arg0, %[[Q]]
// CHECK-DAG: %[[D:.*]] = stablehlo.divide %arg0, %{{.*}}
// CHECK: return %[[M]], %[[D]]
func.func @div_pow2(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %four = stablehlo.constant dense<4.0> : tensor<3xf32>
  %0 = stablehlo.divide %x, %four : tensor<3xf32>
  %three = stablehlo.constant dense<3.0> : tensor<3xf32>
  %1 = stablehlo.divide %x, %three : tensor<3xf32>
  return %0, %1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// fast-math only: div-div, exp-mul, exp-div, log-exp, pow-pow.
// CHECK-LABEL: func.func @fast_only
// CHECK: stablehlo.log
// FAST-LABEL: func.func @fast_only
// FAST-NOT: stablehlo.log
// FAST: stablehlo.add %arg0, %arg1
// FAST: stablehlo.subtract %arg0, %arg1
// FAST: return %{{.*}}, %{{.*}}, %arg0
func.func @fast_only(%a: tensor<3xf32>, %b: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %0 = stablehlo.exponential %a : tensor<3xf32>
  %1 = stablehlo.exponential %b : tensor<3xf32>
  %2 = stablehlo.multiply %0, %1 : tensor<3xf32>
  %3 = stablehlo.divide %0, %1 : tensor<3xf32>
  %4 = stablehlo.log %0 : tensor<3xf32>
  return %2, %3, %4 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

// pow-two (f32: exact through f64) and pow-zero; pow-two must not fire for f64.
// CHECK-LABEL: func.func @powers
// CHECK-DAG: %[[ONE:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<3xf32>
// CHECK-DAG: %[[SQ:.*]] = stablehlo.multiply %arg0, %arg0 : tensor<3xf32>
// CHECK-DAG: %[[P:.*]] = stablehlo.power %arg1, %{{.*}} : tensor<3xf64>
// CHECK: return %[[SQ]], %[[ONE]], %[[P]]
func.func @powers(%x: tensor<3xf32>, %d: tensor<3xf64>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf64>) {
  %two = stablehlo.constant dense<2.0> : tensor<3xf32>
  %0 = stablehlo.power %x, %two : tensor<3xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<3xf32>
  %1 = stablehlo.power %x, %zero : tensor<3xf32>
  %twod = stablehlo.constant dense<2.0> : tensor<3xf64>
  %2 = stablehlo.power %d, %twod : tensor<3xf64>
  return %0, %1, %2 : tensor<3xf32>, tensor<3xf32>, tensor<3xf64>
}

// -----

// neg-neg, not-not, abs-neg, mul-neg-neg, neg-mul (cancelling negations).
// CHECK-LABEL: func.func @negations
// CHECK-DAG: %[[ABS:.*]] = stablehlo.abs %arg0
// CHECK-DAG: %[[MUL:.*]] = stablehlo.multiply %arg0, %arg1
// CHECK: return %arg0, %arg2, %[[ABS]], %[[MUL]]
func.func @negations(%x: tensor<3xf32>, %y: tensor<3xf32>, %b: tensor<3xi1>) -> (tensor<3xf32>, tensor<3xi1>, tensor<3xf32>, tensor<3xf32>) {
  %0 = stablehlo.negate %x : tensor<3xf32>
  %1 = stablehlo.negate %0 : tensor<3xf32>
  %2 = stablehlo.not %b : tensor<3xi1>
  %3 = stablehlo.not %2 : tensor<3xi1>
  %4 = stablehlo.abs %0 : tensor<3xf32>
  %ny = stablehlo.negate %y : tensor<3xf32>
  %5 = stablehlo.multiply %0, %ny : tensor<3xf32>
  return %1, %3, %4, %5 : tensor<3xf32>, tensor<3xi1>, tensor<3xf32>, tensor<3xf32>
}

// -----

// abs-nonneg: abs of exp, of abs and of x*x is the value; abs of a plain argument stays.
// CHECK-LABEL: func.func @abs_nonneg
// CHECK-DAG: %[[E:.*]] = stablehlo.exponential %arg0
// CHECK-DAG: %[[A:.*]] = stablehlo.abs %arg0
// CHECK-DAG: %[[S:.*]] = stablehlo.multiply %arg0, %arg0
// CHECK: return %[[E]], %[[A]], %[[S]], %[[A]]
func.func @abs_nonneg(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %0 = stablehlo.exponential %x : tensor<3xf32>
  %1 = stablehlo.abs %0 : tensor<3xf32>
  %2 = stablehlo.abs %x : tensor<3xf32>
  %3 = stablehlo.abs %2 : tensor<3xf32>
  %4 = stablehlo.multiply %x, %x : tensor<3xf32>
  %5 = stablehlo.abs %4 : tensor<3xf32>
  return %1, %3, %5, %2 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

// abs-nonneg must not fire on integers x*x (it wraps negative).
// CHECK-LABEL: func.func @abs_int_square_stays
// CHECK: stablehlo.abs
func.func @abs_int_square_stays(%x: tensor<3xi32>) -> tensor<3xi32> {
  %0 = stablehlo.multiply %x, %x : tensor<3xi32>
  %1 = stablehlo.abs %0 : tensor<3xi32>
  return %1 : tensor<3xi32>
}

// -----

// and-zero, and-ones, or-zero, or-ones, and-self, or-self, xor-self, xor-zero.
// CHECK-LABEL: func.func @bits
// CHECK-DAG: %[[Z:.*]] = stablehlo.constant dense<0> : tensor<3xi32>
// CHECK-DAG: %[[O:.*]] = stablehlo.constant dense<-1> : tensor<3xi32>
// CHECK: return %[[Z]], %arg0, %arg0, %[[O]], %arg0, %arg0, %[[Z]], %arg0
func.func @bits(%x: tensor<3xi32>) -> (tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) {
  %z = stablehlo.constant dense<0> : tensor<3xi32>
  %o = stablehlo.constant dense<-1> : tensor<3xi32>
  %0 = stablehlo.and %x, %z : tensor<3xi32>
  %1 = stablehlo.and %x, %o : tensor<3xi32>
  %2 = stablehlo.or %x, %z : tensor<3xi32>
  %3 = stablehlo.or %o, %x : tensor<3xi32>
  %4 = stablehlo.and %x, %x : tensor<3xi32>
  %5 = stablehlo.or %x, %x : tensor<3xi32>
  %6 = stablehlo.xor %x, %x : tensor<3xi32>
  %7 = stablehlo.xor %x, %z : tensor<3xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>
}

// -----

// max-self, min-self (NaN-safe: one operand).
// CHECK-LABEL: func.func @minmax_self
// CHECK-NEXT: return %arg0, %arg0
func.func @minmax_self(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %0 = stablehlo.maximum %x, %x : tensor<3xf32>
  %1 = stablehlo.minimum %x, %x : tensor<3xf32>
  return %0, %1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// Commutativity and associativity of integers: (x + 1) + (y + 2) == (x + y) + 3.
// CHECK-LABEL: func.func @reassoc_int
// CHECK-DAG: %[[C:.*]] = stablehlo.constant dense<3> : tensor<4xi32>
// CHECK-DAG: %[[S:.*]] = stablehlo.add %arg0, %arg1
// CHECK: %[[R:.*]] = stablehlo.add %[[C]], %[[S]]
// CHECK-NEXT: return %[[R]]
func.func @reassoc_int(%x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xi32> {
  %c1 = stablehlo.constant dense<1> : tensor<4xi32>
  %c2 = stablehlo.constant dense<2> : tensor<4xi32>
  %0 = stablehlo.add %x, %c1 : tensor<4xi32>
  %1 = stablehlo.add %y, %c2 : tensor<4xi32>
  %2 = stablehlo.add %0, %1 : tensor<4xi32>
  return %2 : tensor<4xi32>
}

// -----

// Float addition is not reassociated (it rounds): three adds stay; with fast-math,
// add-assoc-float and add-const-reassoc-float fold the constants.
// CHECK-LABEL: func.func @reassoc_float_stays
// CHECK-COUNT-3: stablehlo.add
// FAST-LABEL: func.func @reassoc_float_stays
// FAST-DAG: stablehlo.constant dense<3.000000e+00>
// FAST-COUNT-2: stablehlo.add
// FAST-NEXT: return
func.func @reassoc_float_stays(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %c1 = stablehlo.constant dense<1.0> : tensor<4xf32>
  %c2 = stablehlo.constant dense<2.0> : tensor<4xf32>
  %0 = stablehlo.add %x, %c1 : tensor<4xf32>
  %1 = stablehlo.add %y, %c2 : tensor<4xf32>
  %2 = stablehlo.add %0, %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}

// -----

// factor: a*b + a*c == a*(b + c) on integers; not on floats (factor-float: fast-math).
// CHECK-LABEL: func.func @factor
// CHECK-DAG: %[[S:.*]] = stablehlo.add %arg1, %arg2 : tensor<4xi32>
// CHECK-DAG: %[[P:.*]] = stablehlo.multiply %arg0, %[[S]] : tensor<4xi32>
// CHECK-COUNT-2: stablehlo.multiply {{.*}} : tensor<4xf32>
// CHECK: return %[[P]]
// FAST-LABEL: func.func @factor
// FAST: %[[FS:.*]] = stablehlo.add %arg4, %arg5 : tensor<4xf32>
// FAST-NEXT: stablehlo.multiply %arg3, %[[FS]] : tensor<4xf32>
func.func @factor(%a: tensor<4xi32>, %b: tensor<4xi32>, %c: tensor<4xi32>, %x: tensor<4xf32>, %y: tensor<4xf32>, %z: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xf32>) {
  %0 = stablehlo.multiply %a, %b : tensor<4xi32>
  %1 = stablehlo.multiply %c, %a : tensor<4xi32>
  %2 = stablehlo.add %0, %1 : tensor<4xi32>
  %3 = stablehlo.multiply %x, %y : tensor<4xf32>
  %4 = stablehlo.multiply %x, %z : tensor<4xf32>
  %5 = stablehlo.add %3, %4 : tensor<4xf32>
  return %2, %5 : tensor<4xi32>, tensor<4xf32>
}

// -----

// max-assoc, min-assoc, and-assoc, or-assoc, xor-assoc: max(max(x, c1), c2) == max(x, max(c1, c2))
// with the constants folded (exact for floats too); the same for the bitwise ops.
// CHECK-LABEL: func.func @assoc_consts
// CHECK-DAG: %[[M:.*]] = stablehlo.constant dense<5.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[N:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[A:.*]] = stablehlo.constant dense<2> : tensor<4xi32>
// CHECK-DAG: %[[O:.*]] = stablehlo.constant dense<7> : tensor<4xi32>
// CHECK-DAG: %[[X:.*]] = stablehlo.constant dense<5> : tensor<4xi32>
// CHECK-DAG: stablehlo.maximum %[[M]], %arg0
// CHECK-DAG: stablehlo.minimum %[[N]], %arg0
// CHECK-DAG: stablehlo.and %arg1, %[[A]]
// CHECK-DAG: stablehlo.or %arg1, %[[O]]
// CHECK-DAG: stablehlo.xor %arg1, %[[X]]
func.func @assoc_consts(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %c1 = stablehlo.constant dense<1.0> : tensor<4xf32>
  %c5 = stablehlo.constant dense<5.0> : tensor<4xf32>
  %0 = stablehlo.maximum %x, %c1 : tensor<4xf32>
  %1 = stablehlo.maximum %0, %c5 : tensor<4xf32>
  %2 = stablehlo.minimum %x, %c5 : tensor<4xf32>
  %3 = stablehlo.minimum %2, %c1 : tensor<4xf32>
  %k6 = stablehlo.constant dense<6> : tensor<4xi32>
  %k3 = stablehlo.constant dense<3> : tensor<4xi32>
  %4 = stablehlo.and %i, %k6 : tensor<4xi32>
  %5 = stablehlo.and %4, %k3 : tensor<4xi32>
  %6 = stablehlo.or %i, %k6 : tensor<4xi32>
  %7 = stablehlo.or %6, %k3 : tensor<4xi32>
  %8 = stablehlo.xor %i, %k6 : tensor<4xi32>
  %9 = stablehlo.xor %8, %k3 : tensor<4xi32>
  return %1, %3, %5, %7, %9 : tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

// -----

// mul-assoc-float (fast-math): (x * 3) * 4 ~= x * 12; exact mode keeps both multiplies.
// CHECK-LABEL: func.func @mul_assoc_float
// CHECK-COUNT-2: stablehlo.multiply
// FAST-LABEL: func.func @mul_assoc_float
// FAST: stablehlo.constant dense<1.200000e+01>
// FAST-NEXT: stablehlo.multiply
// FAST-NEXT: return
func.func @mul_assoc_float(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c2 = stablehlo.constant dense<3.0> : tensor<4xf32>
  %c4 = stablehlo.constant dense<4.0> : tensor<4xf32>
  %0 = stablehlo.multiply %x, %c2 : tensor<4xf32>
  %1 = stablehlo.multiply %0, %c4 : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// neg-sub and neg-add (integers): x - (x - y) == y, -(a + b) + a == -b; floats keep theirs.
// CHECK-LABEL: func.func @neg_sub_add
// CHECK-DAG: %[[N:.*]] = stablehlo.negate %arg1 : tensor<4xi32>
// CHECK-DAG: stablehlo.subtract %arg2, %{{.*}} : tensor<4xf32>
// CHECK: return %arg1, %[[N]]
func.func @neg_sub_add(%x: tensor<4xi32>, %y: tensor<4xi32>, %f: tensor<4xf32>, %g: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xf32>) {
  %0 = stablehlo.subtract %x, %y : tensor<4xi32>
  %1 = stablehlo.subtract %x, %0 : tensor<4xi32>
  %2 = stablehlo.add %x, %y : tensor<4xi32>
  %3 = stablehlo.negate %2 : tensor<4xi32>
  %4 = stablehlo.add %3, %x : tensor<4xi32>
  %5 = stablehlo.subtract %f, %g : tensor<4xf32>
  %6 = stablehlo.subtract %f, %5 : tensor<4xf32>
  return %1, %4, %6 : tensor<4xi32>, tensor<4xi32>, tensor<4xf32>
}

// -----

// min-max-absorb, max-min-absorb (integers only: a NaN breaks them for floats), and-or-absorb,
// or-and-absorb.
// CHECK-LABEL: func.func @absorb
// CHECK-DAG: %[[FM:.*]] = stablehlo.maximum %arg2, %arg3 : tensor<4xf32>
// CHECK-DAG: %[[FN:.*]] = stablehlo.minimum %arg2, %[[FM]] : tensor<4xf32>
// CHECK: return %arg0, %arg0, %arg0, %arg0, %[[FN]]
func.func @absorb(%a: tensor<4xi32>, %b: tensor<4xi32>, %f: tensor<4xf32>, %g: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>) {
  %0 = stablehlo.maximum %a, %b : tensor<4xi32>
  %1 = stablehlo.minimum %a, %0 : tensor<4xi32>
  %2 = stablehlo.minimum %a, %b : tensor<4xi32>
  %3 = stablehlo.maximum %a, %2 : tensor<4xi32>
  %4 = stablehlo.or %a, %b : tensor<4xi32>
  %5 = stablehlo.and %a, %4 : tensor<4xi32>
  %6 = stablehlo.and %a, %b : tensor<4xi32>
  %7 = stablehlo.or %a, %6 : tensor<4xi32>
  %8 = stablehlo.maximum %f, %g : tensor<4xf32>
  %9 = stablehlo.minimum %f, %8 : tensor<4xf32>
  return %1, %3, %5, %7, %9 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>
}

// -----

// max-identity, min-identity: max(x, -inf) and min(x, +inf) are x (NaN still propagates);
// max with another constant stays.
// CHECK-LABEL: func.func @minmax_identity
// CHECK-DAG: %[[M:.*]] = stablehlo.maximum %arg0, %{{.*}} : tensor<4xf32>
// CHECK: return %arg0, %arg0, %arg1, %[[M]]
func.func @minmax_identity(%x: tensor<4xf32>, %i: tensor<4xi8>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xi8>, tensor<4xf32>) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<4xf32>
  %pinf = stablehlo.constant dense<0x7F800000> : tensor<4xf32>
  %0 = stablehlo.maximum %ninf, %x : tensor<4xf32>
  %1 = stablehlo.minimum %x, %pinf : tensor<4xf32>
  %lo = stablehlo.constant dense<-128> : tensor<4xi8>
  %2 = stablehlo.maximum %i, %lo : tensor<4xi8>
  %c = stablehlo.constant dense<-1.0e+30> : tensor<4xf32>
  %3 = stablehlo.maximum %x, %c : tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xi8>, tensor<4xf32>
}

// -----

// distribute (integers): (a + b) * c - a * c == b * c; add-self, factor-one: x + x + x + x == x * 4.
// Floats are neither distributed nor factored.
// CHECK-LABEL: func.func @distribute
// CHECK-DAG: %[[BC:.*]] = stablehlo.multiply %arg1, %arg2 : tensor<8xi32>
// CHECK-DAG: %[[FOUR:.*]] = stablehlo.constant dense<4> : tensor<8xi32>
// CHECK-DAG: %[[X4:.*]] = stablehlo.multiply %arg0, %[[FOUR]] : tensor<8xi32>
// CHECK-DAG: %[[FS:.*]] = stablehlo.add %arg3, %arg3 : tensor<8xf32>
// CHECK-DAG: stablehlo.multiply %[[FS]], %arg4 : tensor<8xf32>
// CHECK: return %[[BC]], %[[X4]]
func.func @distribute(%a: tensor<8xi32>, %b: tensor<8xi32>, %c: tensor<8xi32>, %f: tensor<8xf32>, %g: tensor<8xf32>) -> (tensor<8xi32>, tensor<8xi32>, tensor<8xf32>) {
  %0 = stablehlo.add %a, %b : tensor<8xi32>
  %1 = stablehlo.multiply %0, %c : tensor<8xi32>
  %2 = stablehlo.multiply %a, %c : tensor<8xi32>
  %3 = stablehlo.subtract %1, %2 : tensor<8xi32>
  %4 = stablehlo.add %a, %a : tensor<8xi32>
  %5 = stablehlo.add %4, %a : tensor<8xi32>
  %6 = stablehlo.add %5, %a : tensor<8xi32>
  %7 = stablehlo.add %f, %f : tensor<8xf32>
  %8 = stablehlo.multiply %7, %g : tensor<8xf32>
  return %3, %6, %8 : tensor<8xi32>, tensor<8xi32>, tensor<8xf32>
}

// -----

// add-negs (integers): (-x) + (-y) == -(x + y), which shares x + y (DAG-aware extraction);
// mul-neg: a * (-b) + a * b == 0 on integers.
// CHECK-LABEL: func.func @negs
// CHECK-DAG: %[[S:.*]] = stablehlo.add %arg0, %arg1 : tensor<8xi32>
// CHECK-DAG: %[[N:.*]] = stablehlo.negate %[[S]]
// CHECK-DAG: %[[Z:.*]] = stablehlo.constant dense<0> : tensor<8xi32>
// CHECK: return %[[N]], %[[Z]], %[[S]]
func.func @negs(%x: tensor<8xi32>, %y: tensor<8xi32>) -> (tensor<8xi32>, tensor<8xi32>, tensor<8xi32>) {
  %0 = stablehlo.negate %x : tensor<8xi32>
  %1 = stablehlo.negate %y : tensor<8xi32>
  %2 = stablehlo.add %0, %1 : tensor<8xi32>
  %3 = stablehlo.multiply %x, %1 : tensor<8xi32>
  %4 = stablehlo.multiply %x, %y : tensor<8xi32>
  %5 = stablehlo.add %3, %4 : tensor<8xi32>
  %6 = stablehlo.add %x, %y : tensor<8xi32>
  return %2, %5, %6 : tensor<8xi32>, tensor<8xi32>, tensor<8xi32>
}
