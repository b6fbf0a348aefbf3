// RUN: strata-opt %s | strata-check %s
// RUN: strata-opt %s --mlir-print-op-generic | strata-opt | strata-check %s
// The complex dialect's ops in their custom form, printed as mlir-opt-22 prints them.

// CHECK-LABEL: func.func @ops
func.func @ops(%z: complex<f32>, %w: complex<f32>, %x: f32, %y: f32) {
  // CHECK: complex.create %arg2, %arg3 : complex<f32>
  %0 = complex.create %x, %y : complex<f32>
  // CHECK: complex.re %arg0 : complex<f32>
  %1 = complex.re %z : complex<f32>
  %2 = complex.im %z : complex<f32>
  // CHECK: complex.abs %arg0 : complex<f32>
  %3 = complex.abs %z : complex<f32>
  %4 = complex.add %z, %w : complex<f32>
  %5 = complex.sub %z, %w : complex<f32>
  // CHECK: complex.mul %arg0, %arg1 fastmath<fast> : complex<f32>
  %6 = complex.mul %z, %w fastmath<fast> : complex<f32>
  %7 = complex.div %z, %w : complex<f32>
  %8 = complex.pow %z, %w : complex<f32>
  %9 = complex.exp %z : complex<f32>
  %10 = complex.expm1 %z : complex<f32>
  %11 = complex.log %z : complex<f32>
  %12 = complex.log1p %z : complex<f32>
  %13 = complex.sqrt %z : complex<f32>
  %14 = complex.rsqrt %z : complex<f32>
  %15 = complex.sin %z : complex<f32>
  %16 = complex.cos %z : complex<f32>
  %17 = complex.tan %z : complex<f32>
  %18 = complex.tanh %z : complex<f32>
  %19 = complex.neg %z : complex<f32>
  %20 = complex.sign %z : complex<f32>
  %21 = complex.conj %z : complex<f32>
  %22 = complex.angle %z : complex<f32>
  // CHECK: complex.eq %arg0, %arg1 : complex<f32>
  %23 = complex.eq %z, %w : complex<f32>
  %24 = complex.neq %z, %w : complex<f32>
  %25 = complex.atan2 %z, %w : complex<f32>
  // CHECK: %cst = complex.constant [1.000000e+00 : f32, 2.000000e+00 : f32] : complex<f32>
  %26 = complex.constant [1.0 : f32, 2.0 : f32] : complex<f32>
  %27 = complex.bitcast %z : complex<f32> to i64
  return
}
