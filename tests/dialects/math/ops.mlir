// RUN: strata-opt %s | strata-check %s
// RUN: strata-opt %s --mlir-print-op-generic | strata-opt | strata-check %s
// The math dialect's ops in their custom form, printed as mlir-opt-22 prints them.

// CHECK-LABEL: func.func @unary
func.func @unary(%x: f32, %v: vector<4xf32>, %t: tensor<2xf64>, %i: i32) {
  // CHECK: math.absf %arg0 : f32
  %0 = math.absf %x : f32
  // CHECK: math.exp %arg0 fastmath<fast> : f32
  %1 = math.exp %x fastmath<fast> : f32
  %2 = math.exp2 %x : f32
  %3 = math.expm1 %x : f32
  %4 = math.log %x : f32
  %5 = math.log10 %x : f32
  %6 = math.log1p %x : f32
  %7 = math.log2 %x : f32
  %8 = math.sin %v : vector<4xf32>
  %9 = math.cos %t : tensor<2xf64>
  %10 = math.tan %x : f32
  %11 = math.tanh %x : f32
  %12 = math.sinh %x : f32
  %13 = math.cosh %x : f32
  %14 = math.asin %x : f32
  %15 = math.acos %x : f32
  %16 = math.atan %x : f32
  %17 = math.asinh %x : f32
  %18 = math.acosh %x : f32
  %19 = math.atanh %x : f32
  %20 = math.sqrt %x : f32
  %21 = math.rsqrt %x : f32
  %22 = math.cbrt %x : f32
  %23 = math.ceil %x : f32
  %24 = math.floor %x : f32
  %25 = math.round %x : f32
  %26 = math.roundeven %x : f32
  %27 = math.trunc %x : f32
  %28 = math.erf %x : f32
  %29 = math.erfc %x : f32
  // CHECK: math.absi %arg3 : i32
  %30 = math.absi %i : i32
  %31 = math.ctlz %i : i32
  %32 = math.cttz %i : i32
  %33 = math.ctpop %i : i32
  // CHECK: math.isnan %arg0 : f32
  %34 = math.isnan %x : f32
  %35 = math.isinf %x : f32
  %36 = math.isfinite %x : f32
  %37 = math.isnormal %x : f32
  %38:2 = math.sincos %x : f32
  return
}

// CHECK-LABEL: func.func @binary
func.func @binary(%x: f32, %y: f32, %i: i32) {
  %0 = math.atan2 %x, %y : f32
  %1 = math.copysign %x, %y : f32
  // CHECK: math.powf %arg0, %arg1 fastmath<nnan,ninf> : f32
  %2 = math.powf %x, %y fastmath<nnan,ninf> : f32
  %3 = math.ipowi %i, %i : i32
  %4 = math.fpowi %x, %i : f32, i32
  %5 = math.fma %x, %y, %x : f32
  %6 = math.clampf %x to [%y, %y] : f32
  return
}
