// chlo-legalize-to-stablehlo decomposes every chlo op into StableHLO as StableHLO's
// ChloLegalizeToStablehlo does (ChloDecompositionPatterns*.td, ChloLegalizeToStablehlo.cpp).
// RUN: strata-opt --chlo-legalize-to-stablehlo --split-input-file %s | strata-check %s
// RUN: strata-opt --chlo-legalize-to-stablehlo --split-input-file %s | strata-check %s --check-prefix=NOCHLO
// RUN: not strata-opt --chlo-legalize-to-stablehlo %S/Inputs/chlo-illegal-dynamic.mlir 2>&1 | strata-check %s --check-prefix=DYN
// RUN: not strata-opt --chlo-legalize-to-stablehlo %S/Inputs/chlo-illegal-broadcast.mlir 2>&1 | strata-check %s --check-prefix=BD

// NOCHLO-NOT: chlo.

// DYN: chlo-illegal-dynamic.mlir:3:8: error: failed to legalize operation 'chlo.erf' that was explicitly marked illegal
// BD: chlo-illegal-broadcast.mlir:3:8: error: failed to legalize operation 'chlo.broadcast_add' that was explicitly marked illegal: 'chlo.broadcast_add': only numpy-style (prefix-padded) broadcast_dimensions are decomposed

// acosh on reals: log(2) + log(x) above max/2, log1p(sqrt(x-1) * (sqrt(x+1) + sqrt(x-1))) below.
// CHECK-LABEL: func.func @acosh
// CHECK: %[[MAX:.*]] = stablehlo.constant dense<3.40282347E+38> : tensor<4xf32>
// CHECK: %[[TWO:.*]] = stablehlo.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK: %[[LIM:.*]] = stablehlo.divide %[[MAX]], %[[TWO]]
// CHECK: %[[BIG:.*]] = stablehlo.compare GE, %arg0, %[[LIM]]
// CHECK: stablehlo.log_plus_one
// CHECK: stablehlo.select %[[BIG]]
func.func @acosh(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.acosh %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Ops narrower than f32 are computed in f32 (materializeWithUpcast).
// CHECK-LABEL: func.func @lgamma_bf16
// CHECK: stablehlo.convert %arg0 : (tensor<3xbf16>) -> tensor<3xf32>
// CHECK: stablehlo.constant dense<676.520386> : tensor<3xf32>
// CHECK: stablehlo.is_finite
// CHECK: %[[R:.*]] = stablehlo.convert %{{.*}} : (tensor<3xf32>) -> tensor<3xbf16>
// CHECK: return %[[R]]
func.func @lgamma_bf16(%x: tensor<3xbf16>) -> tensor<3xbf16> {
  %0 = chlo.lgamma %x : tensor<3xbf16> -> tensor<3xbf16>
  return %0 : tensor<3xbf16>
}

// -----

// erf on f64: the Cephes rational approximations, with their constants.
// CHECK-LABEL: func.func @erf_f64
// CHECK: stablehlo.constant dense<9.6049737398705161> : tensor<2xf64>
// CHECK: stablehlo.constant dense<2.4619698147353052E-10> : tensor<2xf64>
// CHECK: stablehlo.constant dense<-709.78271289338397> : tensor<2xf64>
// CHECK-NOT: stablehlo.convert
func.func @erf_f64(%x: tensor<2xf64>) -> tensor<2xf64> {
  %0 = chlo.erf %x : tensor<2xf64> -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// Same shapes: the plain op, nothing broadcast.
// CHECK-LABEL: func.func @same_shape
// CHECK-NOT: broadcast_in_dim
// CHECK: %[[R:.*]] = stablehlo.add %arg0, %arg1 : tensor<2x4xf32>
// CHECK-NEXT: return %[[R]]
func.func @same_shape(%a: tensor<2x4xf32>, %b: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = chlo.broadcast_add %a, %b : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// numpy broadcasting: only the operand whose shape differs is broadcast.
// CHECK-LABEL: func.func @numpy
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[R:.*]] = stablehlo.multiply %[[B]], %arg1 : tensor<2x4xf32>
// CHECK-NEXT: return %[[R]]
func.func @numpy(%a: tensor<4xf32>, %b: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = chlo.broadcast_multiply %a, %b {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// broadcast_compare keeps its direction and comparison type.
// CHECK-LABEL: func.func @compare
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<2x4xi32>
// CHECK: stablehlo.compare LT, %arg0, %[[B]], SIGNED : (tensor<2x4xi32>, tensor<2x4xi32>) -> tensor<2x4xi1>
func.func @compare(%a: tensor<2x4xi32>, %b: tensor<i32>) -> tensor<2x4xi1> {
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>, compare_type = #chlo<comparison_type SIGNED>} : (tensor<2x4xi32>, tensor<i32>) -> tensor<2x4xi1>
  return %0 : tensor<2x4xi1>
}

// -----

// top_k: iota, stable sort by GT (TOTALORDER for floats), slices of the first k.
// CHECK-LABEL: func.func @top_k
// CHECK: %[[I:.*]] = stablehlo.iota dim = 1 : tensor<3x5xi32>
// CHECK: "stablehlo.sort"(%arg0, %[[I]]) <{dimension = 1 : i64, is_stable = true}>
// CHECK: stablehlo.compare GT, %{{.*}}, %{{.*}}, TOTALORDER
// CHECK: stablehlo.slice %{{.*}}#0 [0:3, 0:2]
// CHECK: stablehlo.slice %{{.*}}#1 [0:3, 0:2]
func.func @top_k(%x: tensor<3x5xf32>) -> (tensor<3x2xf32>, tensor<3x2xi32>) {
  %v, %i = chlo.top_k(%x, k = 2) : tensor<3x5xf32> -> (tensor<3x2xf32>, tensor<3x2xi32>)
  return %v, %i : tensor<3x2xf32>, tensor<3x2xi32>
}

// -----

// No TOTALORDER on integers.
// CHECK-LABEL: func.func @top_k_int
// CHECK: stablehlo.compare GT, %{{[a-z0-9]*}}, %{{[a-z0-9]*}} : (tensor<i8>, tensor<i8>) -> tensor<i1>
func.func @top_k_int(%x: tensor<6xi8>) -> (tensor<3xi8>, tensor<3xi32>) {
  %v, %i = chlo.top_k(%x, k = 3) : tensor<6xi8> -> (tensor<3xi8>, tensor<3xi32>)
  return %v, %i : tensor<3xi8>, tensor<3xi32>
}

// -----

// next_after works on the bits.
// CHECK-LABEL: func.func @next_after
// CHECK: stablehlo.bitcast_convert %arg0 : (tensor<2xf32>) -> tensor<2xi32>
// CHECK: stablehlo.constant dense<-2147483648> : tensor<2xi32>
// CHECK: stablehlo.constant dense<2147483647> : tensor<2xi32>
// CHECK: stablehlo.bitcast_convert %{{.*}} : (tensor<2xi32>) -> tensor<2xf32>
func.func @next_after(%x: tensor<2xf32>, %y: tensor<2xf32>) -> tensor<2xf32> {
  %0 = chlo.next_after %x, %y : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// polygamma creates lgamma, zeta and digamma, which are decomposed in turn.
// CHECK-LABEL: func.func @polygamma
// CHECK: stablehlo.power
// CHECK: stablehlo.cosine
func.func @polygamma(%n: tensor<3xf32>, %x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = chlo.polygamma %n, %x : tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// constant_like and constant become stablehlo.constant; is_inf compares |x| with +inf.
// CHECK-LABEL: func.func @constants
// CHECK: stablehlo.constant dense<1.000000e+00> : tensor<3xf16>
// CHECK: stablehlo.constant dense<[1, 2]> : tensor<2xi32>
// CHECK: %[[A:.*]] = stablehlo.abs %arg0
// CHECK: %[[INF:.*]] = stablehlo.constant dense<0x7C00> : tensor<3xf16>
// CHECK: stablehlo.compare EQ, %[[A]], %[[INF]]
func.func @constants(%x: tensor<3xf16>) -> (tensor<3xf16>, tensor<2xi32>, tensor<3xi1>) {
  %0 = "chlo.constant_like"(%x) {value = 1.0 : f32} : (tensor<3xf16>) -> tensor<3xf16>
  %1 = chlo.constant dense<[1, 2]> : tensor<2xi32>
  %2 = chlo.is_inf %x : tensor<3xf16> -> tensor<3xi1>
  return %0, %1, %2 : tensor<3xf16>, tensor<2xi32>, tensor<3xi1>
}

// -----

// Complex: conj is complex(real, -imag); asinh goes through a chlo.asin on complex numbers.
// CHECK-LABEL: func.func @complex
// CHECK: stablehlo.real %arg0
// CHECK: stablehlo.imag %arg0
// CHECK: stablehlo.negate
// CHECK: stablehlo.complex
// CHECK: stablehlo.atan2
func.func @complex(%x: tensor<2xcomplex<f32>>) -> (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) {
  %0 = chlo.conj %x : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  %1 = chlo.asinh %x : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  return %0, %1 : tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>
}

// -----

// Must not fire: StableHLO ops are legal and stay as they are (no folding, no DCE).
// CHECK-LABEL: func.func @stablehlo_only
// CHECK-NEXT: %[[C:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[D:.*]] = stablehlo.add %[[C]], %[[C]] : tensor<f32>
// CHECK-NEXT: %[[E:.*]] = stablehlo.add %arg0, %[[C]] : tensor<f32>
// CHECK-NEXT: return %[[E]]
func.func @stablehlo_only(%x: tensor<f32>) -> tensor<f32> {
  %c = stablehlo.constant dense<1.0> : tensor<f32>
  %d = stablehlo.add %c, %c : tensor<f32>
  %e = stablehlo.add %x, %c : tensor<f32>
  return %e : tensor<f32>
}

// -----

// scan becomes a while over the scan dimension: dynamic_slice of the input at the index, the
// body copied, dynamic_update_slice of the output.
// CHECK-LABEL: func.func @scan
// CHECK: %[[N:.*]] = stablehlo.get_dimension_size %arg0, dim = 0
// CHECK: stablehlo.while
// CHECK: stablehlo.compare LT
// CHECK: stablehlo.dynamic_slice %arg0
// CHECK: stablehlo.add
// CHECK: stablehlo.dynamic_update_slice
func.func @scan(%x: tensor<4xi32>, %init: tensor<i32>) -> (tensor<4xi32>, tensor<i32>) {
  %0:2 = chlo.scan(%x) inits(%init) dimension = 0 {
  ^bb0(%a: tensor<i32>, %c: tensor<i32>):
    %1 = stablehlo.add %a, %c : tensor<i32>
    stablehlo.return %1, %1 : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  return %0#0, %0#1 : tensor<4xi32>, tensor<i32>
}

// -----

// mulhi below 64 bits: the product in the double-width type, shifted by the width.
// CHECK-LABEL: func.func @mulhi
// CHECK: stablehlo.convert %arg0 : (tensor<2xi32>) -> tensor<2xi64>
// CHECK: stablehlo.multiply
// CHECK: stablehlo.shift_right_arithmetic
// CHECK: stablehlo.convert %{{.*}} : (tensor<2xi64>) -> tensor<2xi32>
func.func @mulhi(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi32> {
  %0 = "chlo.mulhi"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// broadcast_select: a scalar predicate stays scalar, the other operands are broadcast.
// CHECK-LABEL: func.func @select
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: stablehlo.select %arg0, %arg1, %[[B]] : tensor<i1>, tensor<2x3xf32>
func.func @select(%p: tensor<i1>, %a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = chlo.broadcast_select %p, %a, %b : (tensor<i1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
