// RUN: strata-opt %s | strata-check %s
// RUN: strata-opt %s --mlir-print-op-generic | strata-opt | strata-check %s
// The softmax_2048x1024 bench program as strata-run --jit --mlir-print-ir-after-all dumps it after convert-vector-to-scf.
module {
  func.func @main(%arg0: memref<2048x1024xf32>, %arg1: memref<2048x1024xf32>) {
    %c1 = arith.constant 1 : index
    %c2048 = arith.constant 2048 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense<0.000000e+00> : vector<128xf32>
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant dense<0xFF800000> : vector<128xf32>
    %cst_3 = arith.constant dense<0x7F800000> : vector<1x128xf32>
    %cst_4 = arith.constant dense<2.000000e+00> : vector<1x128xf32>
    %cst_5 = arith.constant dense<23> : vector<1x128xi32>
    %cst_6 = arith.constant dense<127> : vector<1x128xi32>
    %cst_7 = arith.constant dense<0.000000e+00> : vector<1x128xf32>
    %cst_8 = arith.constant dense<1.000000e+00> : vector<1x128xf32>
    %cst_9 = arith.constant dense<0.166666657> : vector<1x128xf32>
    %cst_10 = arith.constant dense<0.0416657962> : vector<1x128xf32>
    %cst_11 = arith.constant dense<0.00833345205> : vector<1x128xf32>
    %cst_12 = arith.constant dense<0.00139819994> : vector<1x128xf32>
    %cst_13 = arith.constant dense<1.98756912E-4> : vector<1x128xf32>
    %cst_14 = arith.constant dense<2.12194442E-4> : vector<1x128xf32>
    %cst_15 = arith.constant dense<-0.693359375> : vector<1x128xf32>
    %cst_16 = arith.constant dense<5.000000e-01> : vector<1x128xf32>
    %cst_17 = arith.constant dense<1.44269502> : vector<1x128xf32>
    %cst_18 = arith.constant dense<88.7228394> : vector<1x128xf32>
    %cst_19 = arith.constant dense<-87.3365478> : vector<1x128xf32>
    %c1024 = arith.constant 1024 : index
    %c128 = arith.constant 128 : index
    %c0 = arith.constant 0 : index
    %alloca = memref.alloca() {alignment = 64 : i64} : memref<1x128xf32>
    %alloca_20 = memref.alloca() {alignment = 64 : i64} : memref<1x1024xf32>
    scf.for %arg2 = %c0 to %c2048 step %c1 {
      vector.store %cst_2, %alloca[%c0, %c0] : memref<1x128xf32>, vector<128xf32>
      %0 = vector.load %alloca[%c0, %c0] : memref<1x128xf32>, vector<128xf32>
      %1 = vector.broadcast %0 : vector<128xf32> to vector<1x128xf32>
      %2 = scf.for %arg3 = %c0 to %c1024 step %c128 iter_args(%arg4 = %1) -> (vector<1x128xf32>) {
        %14 = vector.load %arg0[%arg2, %arg3] : memref<2048x1024xf32>, vector<128xf32>
        %15 = vector.broadcast %14 : vector<128xf32> to vector<1x128xf32>
        %16 = arith.maximumf %arg4, %15 : vector<1x128xf32>
        scf.yield %16 : vector<1x128xf32>
      }
      %3 = vector.extract %2[0] : vector<128xf32> from vector<1x128xf32>
      vector.store %3, %alloca[%c0, %c0] : memref<1x128xf32>, vector<128xf32>
      %4 = vector.load %alloca[%c0, %c0] : memref<1x128xf32>, vector<128xf32>
      %5 = vector.reduction <maximumf>, %4, %cst_1 : vector<128xf32> into f32
      %subview = memref.subview %arg1[%arg2, 0] [1, 1024] [1, 1] : memref<2048x1024xf32> to memref<1x1024xf32, strided<[1024, 1], offset: ?>>
      scf.for %arg3 = %c0 to %c1 step %c1 {
        scf.for %arg4 = %c0 to %c1024 step %c1 {
          %14 = memref.load %subview[%arg3, %arg4] : memref<1x1024xf32, strided<[1024, 1], offset: ?>>
          memref.store %14, %alloca_20[%arg3, %arg4] : memref<1x1024xf32>
        }
      }
      %6 = vector.broadcast %5 : f32 to vector<1x128xf32>
      scf.for %arg3 = %c0 to %c1024 step %c128 {
        %14 = vector.load %arg0[%arg2, %arg3] : memref<2048x1024xf32>, vector<128xf32>
        %15 = vector.broadcast %14 : vector<128xf32> to vector<1x128xf32>
        %16 = arith.subf %15, %6 : vector<1x128xf32>
        %17 = arith.maximumf %16, %cst_19 : vector<1x128xf32>
        %18 = arith.minimumf %17, %cst_18 : vector<1x128xf32>
        %19 = math.fma %18, %cst_17, %cst_16 : vector<1x128xf32>
        %20 = math.floor %19 : vector<1x128xf32>
        %21 = math.fma %20, %cst_15, %18 : vector<1x128xf32>
        %22 = math.fma %20, %cst_14, %21 : vector<1x128xf32>
        %23 = math.fma %cst_13, %22, %cst_12 : vector<1x128xf32>
        %24 = math.fma %23, %22, %cst_11 : vector<1x128xf32>
        %25 = math.fma %24, %22, %cst_10 : vector<1x128xf32>
        %26 = math.fma %25, %22, %cst_9 : vector<1x128xf32>
        %27 = math.fma %26, %22, %cst_16 : vector<1x128xf32>
        %28 = arith.mulf %22, %22 : vector<1x128xf32>
        %29 = math.fma %27, %28, %22 : vector<1x128xf32>
        %30 = arith.addf %29, %cst_8 : vector<1x128xf32>
        %31 = arith.fptosi %20 : vector<1x128xf32> to vector<1x128xi32>
        %32 = arith.cmpf ogt, %18, %cst_7 : vector<1x128xf32>
        %33 = arith.extui %32 : vector<1x128xi1> to vector<1x128xi32>
        %34 = arith.subi %31, %33 : vector<1x128xi32>
        %35 = arith.addi %34, %cst_6 : vector<1x128xi32>
        %36 = arith.shli %35, %cst_5 : vector<1x128xi32>
        %37 = arith.bitcast %36 : vector<1x128xi32> to vector<1x128xf32>
        %38 = arith.select %32, %cst_4, %cst_8 : vector<1x128xi1>, vector<1x128xf32>
        %39 = arith.mulf %30, %38 : vector<1x128xf32>
        %40 = arith.mulf %39, %37 : vector<1x128xf32>
        %41 = arith.cmpf ogt, %16, %cst_18 : vector<1x128xf32>
        %42 = arith.cmpf olt, %16, %cst_19 : vector<1x128xf32>
        %43 = arith.select %41, %cst_3, %40 : vector<1x128xi1>, vector<1x128xf32>
        %44 = arith.select %42, %cst_7, %43 : vector<1x128xi1>, vector<1x128xf32>
        %45 = vector.extract %44[0] : vector<128xf32> from vector<1x128xf32>
        vector.store %45, %alloca_20[%c0, %arg3] : memref<1x1024xf32>, vector<128xf32>
      }
      vector.store %cst_0, %alloca[%c0, %c0] : memref<1x128xf32>, vector<128xf32>
      %7 = vector.load %alloca[%c0, %c0] : memref<1x128xf32>, vector<128xf32>
      %8 = vector.broadcast %7 : vector<128xf32> to vector<1x128xf32>
      %9 = scf.for %arg3 = %c0 to %c1024 step %c128 iter_args(%arg4 = %8) -> (vector<1x128xf32>) {
        %14 = vector.load %alloca_20[%c0, %arg3] : memref<1x1024xf32>, vector<128xf32>
        %15 = vector.broadcast %14 : vector<128xf32> to vector<1x128xf32>
        %16 = arith.addf %arg4, %15 : vector<1x128xf32>
        scf.yield %16 : vector<1x128xf32>
      }
      %10 = vector.extract %9[0] : vector<128xf32> from vector<1x128xf32>
      vector.store %10, %alloca[%c0, %c0] : memref<1x128xf32>, vector<128xf32>
      %11 = vector.load %alloca[%c0, %c0] : memref<1x128xf32>, vector<128xf32>
      %12 = vector.reduction <add>, %11, %cst : vector<128xf32> into f32
      %13 = vector.broadcast %12 : f32 to vector<1x128xf32>
      scf.for %arg3 = %c0 to %c1024 step %c128 {
        %14 = vector.load %alloca_20[%c0, %arg3] : memref<1x1024xf32>, vector<128xf32>
        %15 = vector.broadcast %14 : vector<128xf32> to vector<1x128xf32>
        %16 = arith.divf %15, %13 : vector<1x128xf32>
        %17 = vector.extract %16[0] : vector<128xf32> from vector<1x128xf32>
        vector.store %17, %arg1[%arg2, %arg3] : memref<2048x1024xf32>, vector<128xf32>
      }
    }
    return
  }
}

// The vector ops as mlir-opt-22 prints them (tools/tests/dialects_mlir.rs checks the whole
// output byte for byte against mlir-opt-22):
// CHECK: vector.store %cst_2, %alloca[%c0, %c0] : memref<1x128xf32>, vector<128xf32>
// CHECK: %0 = vector.load %alloca[%c0, %c0] : memref<1x128xf32>, vector<128xf32>
// CHECK: %1 = vector.broadcast %0 : vector<128xf32> to vector<1x128xf32>
// CHECK: %14 = vector.load %arg0[%arg2, %arg3] : memref<2048x1024xf32>, vector<128xf32>
// CHECK: %15 = vector.broadcast %14 : vector<128xf32> to vector<1x128xf32>
// CHECK: %3 = vector.extract %2[0] : vector<128xf32> from vector<1x128xf32>
// CHECK: vector.store %3, %alloca[%c0, %c0] : memref<1x128xf32>, vector<128xf32>
// CHECK: %4 = vector.load %alloca[%c0, %c0] : memref<1x128xf32>, vector<128xf32>
// CHECK: %5 = vector.reduction <maximumf>, %4, %cst_1 : vector<128xf32> into f32
// CHECK: %6 = vector.broadcast %5 : f32 to vector<1x128xf32>
// CHECK: %14 = vector.load %arg0[%arg2, %arg3] : memref<2048x1024xf32>, vector<128xf32>
// CHECK: %15 = vector.broadcast %14 : vector<128xf32> to vector<1x128xf32>
// CHECK: %45 = vector.extract %44[0] : vector<128xf32> from vector<1x128xf32>
// CHECK: vector.store %45, %alloca_20[%c0, %arg3] : memref<1x1024xf32>, vector<128xf32>
// CHECK: vector.store %cst_0, %alloca[%c0, %c0] : memref<1x128xf32>, vector<128xf32>
// CHECK: %7 = vector.load %alloca[%c0, %c0] : memref<1x128xf32>, vector<128xf32>
// CHECK: %8 = vector.broadcast %7 : vector<128xf32> to vector<1x128xf32>
// CHECK: %14 = vector.load %alloca_20[%c0, %arg3] : memref<1x1024xf32>, vector<128xf32>
// CHECK: %15 = vector.broadcast %14 : vector<128xf32> to vector<1x128xf32>
// CHECK: %10 = vector.extract %9[0] : vector<128xf32> from vector<1x128xf32>
// CHECK: vector.store %10, %alloca[%c0, %c0] : memref<1x128xf32>, vector<128xf32>
// CHECK: %11 = vector.load %alloca[%c0, %c0] : memref<1x128xf32>, vector<128xf32>
// CHECK: %12 = vector.reduction <add>, %11, %cst : vector<128xf32> into f32
// CHECK: %13 = vector.broadcast %12 : f32 to vector<1x128xf32>
// CHECK: %14 = vector.load %alloca_20[%c0, %arg3] : memref<1x1024xf32>, vector<128xf32>
// CHECK: %15 = vector.broadcast %14 : vector<128xf32> to vector<1x128xf32>
// CHECK: %17 = vector.extract %16[0] : vector<128xf32> from vector<1x128xf32>
// CHECK: vector.store %17, %arg1[%arg2, %arg3] : memref<2048x1024xf32>, vector<128xf32>
