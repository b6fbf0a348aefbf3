// RUN: strata-opt %s | strata-check %s
// RUN: strata-opt %s --mlir-print-op-generic | strata-opt | strata-check %s
// Every op of MLIR 22's arith dialect in its custom form, printed as mlir-opt-22 prints it.

// CHECK-LABEL: func.func @ints
func.func @ints(%a: i32, %b: i32, %i: index, %v: vector<4xi32>, %t: tensor<2x?xi64>) {
  // CHECK: %0 = arith.addi %arg0, %arg1 : i32
  %0 = arith.addi %a, %b : i32
  // CHECK: %1 = arith.addi %arg0, %arg1 overflow<nsw, nuw> : i32
  %1 = arith.addi %a, %b overflow<nuw, nsw> : i32
  // CHECK: %sum, %overflow = arith.addui_extended %arg0, %arg1 : i32, i1
  %2:2 = arith.addui_extended %a, %b : i32, i1
  %3 = arith.andi %a, %b : i32
  %4 = arith.ceildivsi %a, %b : i32
  %5 = arith.ceildivui %a, %b : i32
  // CHECK: arith.cmpi sge, %arg0, %arg1 : i32
  %6 = arith.cmpi sge, %a, %b : i32
  // CHECK: arith.cmpi ult, %arg4, %arg4 : tensor<2x?xi64>
  %7 = arith.cmpi ult, %t, %t : tensor<2x?xi64>
  %8 = arith.divsi %a, %b : i32
  %9 = arith.divui %a, %b : i32
  // CHECK: arith.extsi %arg0 : i32 to i64
  %10 = arith.extsi %a : i32 to i64
  %11 = arith.extui %a : i32 to i64
  %12 = arith.floordivsi %a, %b : i32
  %13 = arith.index_cast %a : i32 to index
  %14 = arith.index_castui %i : index to i32
  %15 = arith.maxsi %a, %b : i32
  %16 = arith.maxui %a, %b : i32
  %17 = arith.minsi %a, %b : i32
  %18 = arith.minui %a, %b : i32
  // CHECK: arith.muli %arg2, %arg2 overflow<nsw> : index
  %19 = arith.muli %i, %i overflow<nsw> : index
  // CHECK: %low, %high = arith.mulsi_extended %arg0, %arg1 : i32
  %20:2 = arith.mulsi_extended %a, %b : i32
  %21:2 = arith.mului_extended %a, %b : i32
  %22 = arith.ori %a, %b : i32
  %23 = arith.remsi %a, %b : i32
  %24 = arith.remui %a, %b : i32
  %25 = arith.shli %a, %b overflow<nsw> : i32
  %26 = arith.shrsi %a, %b : i32
  %27 = arith.shrui %a, %b : i32
  %28 = arith.subi %v, %v : vector<4xi32>
  // CHECK: arith.trunci %arg0 overflow<nuw> : i32 to i8
  %29 = arith.trunci %a overflow<nuw> : i32 to i8
  %30 = arith.xori %a, %b : i32
  // CHECK: arith.select %{{.*}}, %arg0, %arg1 : i32
  %31 = arith.select %6, %a, %b : i32
  // CHECK: arith.select %{{.*}}, %arg4, %arg4 : tensor<2x?xi1>, tensor<2x?xi64>
  %32 = arith.select %7, %t, %t : tensor<2x?xi1>, tensor<2x?xi64>
  %33 = arith.bitcast %a : i32 to f32
  %34 = arith.sitofp %a : i32 to f32
  %35 = arith.uitofp %a : i32 to f64
  return
}

// CHECK-LABEL: func.func @floats
func.func @floats(%x: f32, %y: f32, %h: f16, %t: tensor<4xf32>) {
  // CHECK: arith.addf %arg0, %arg1 : f32
  %0 = arith.addf %x, %y : f32
  // CHECK: arith.addf %arg0, %arg1 fastmath<fast> : f32
  %1 = arith.addf %x, %y fastmath<fast> : f32
  // CHECK: arith.mulf %arg0, %arg1 fastmath<nnan,ninf> : f32
  %2 = arith.mulf %x, %y fastmath<ninf,nnan> : f32
  // CHECK: arith.cmpf une, %arg0, %arg1 fastmath<nnan> : f32
  %3 = arith.cmpf une, %x, %y fastmath<nnan> : f32
  %4 = arith.divf %x, %y : f32
  // CHECK: arith.extf %arg2 : f16 to f32
  %5 = arith.extf %h : f16 to f32
  %6 = arith.fptosi %x : f32 to i32
  %7 = arith.fptoui %x : f32 to i32
  %8 = arith.maximumf %x, %y : f32
  %9 = arith.maxnumf %x, %y : f32
  %10 = arith.minimumf %t, %t : tensor<4xf32>
  %11 = arith.minnumf %x, %y : f32
  %12 = arith.negf %x : f32
  %13 = arith.remf %x, %y : f32
  %14 = arith.subf %x, %y : f32
  // CHECK: arith.truncf %arg0 to_nearest_even : f32 to f16
  %15 = arith.truncf %x to_nearest_even : f32 to f16
  %16 = arith.truncf %x : f32 to bf16
  %s = arith.constant 1.0 : f8E8M0FNU
  // CHECK: arith.scaling_extf %{{.*}}, %{{.*}} : f8E5M2, f8E8M0FNU to f32
  %e = arith.truncf %x : f32 to f8E5M2
  %17 = arith.scaling_extf %e, %s : f8E5M2, f8E8M0FNU to f32
  %18 = arith.scaling_truncf %x, %s : f32, f8E8M0FNU to f8E5M2
  return
}

// CHECK-LABEL: func.func @constants
func.func @constants() {
  // CHECK: %c0 = arith.constant 0 : index
  %0 = arith.constant 0 : index
  // CHECK: %c-3_i32 = arith.constant -3 : i32
  %1 = arith.constant -3 : i32
  // CHECK: %true = arith.constant true
  %2 = arith.constant true
  // CHECK: %cst = arith.constant 1.500000e+00 : f32
  %3 = arith.constant 1.5 : f32
  // CHECK: %cst_0 = arith.constant dense<0.000000e+00> : tensor<4xf32>
  %4 = arith.constant dense<0.0> : tensor<4xf32>
  return
}
