// RUN: strata-opt %s --stablehlo-legalize-to-vhlo --vhlo-to-version=target=1.8.0 --mlir-print-op-generic | strata-check %s --check-prefix=V18
// RUN: strata-opt %s --stablehlo-legalize-to-vhlo --vhlo-to-version=target=1.5.0 --mlir-print-op-generic | strata-check %s --check-prefix=V15
// RUN: strata-opt %s --stablehlo-legalize-to-vhlo --vhlo-to-version=target=1.5.0 --vhlo-to-version=target=current --vhlo-legalize-to-stablehlo | strata-check %s --check-prefix=UP
// RUN: not strata-opt %s --stablehlo-legalize-to-vhlo --vhlo-to-version=target=1.3.0 2>&1 | strata-check %s --check-prefix=OLD
// RUN: not strata-opt %s --stablehlo-legalize-to-vhlo --vhlo-to-version=target=2.0.0 2>&1 | strata-check %s --check-prefix=RANGE
// RUN: not strata-opt %s --vhlo-legalize-to-stablehlo 2>&1 | strata-check %s --check-prefix=NOTVHLO

// Downgrades where what the newer version adds is default: exponential_v2 (1.9.0) → v1,
// tan_v2 (1.10.0) → tan_v1 (1.4.0), dot_general_v2 (1.6.0) → v1.
// V18: "vhlo.exponential_v1"(%arg0) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>)
// V18: "vhlo.tan_v1"
// V18: "vhlo.dot_general_v2"
// V15: "vhlo.exponential_v1"
// V15: "vhlo.tan_v1"
// V15: "vhlo.dot_general_v1"(%arg1, %1) <{lhs_batching_dimensions = {{.*}}, precision_config = #vhlo.array_v1<[]>, rhs_batching_dimensions
// V15-NOT: accumulation_type
// UP: stablehlo.exponential %arg0 : tensor<4xf32>
// UP: stablehlo.tan %{{.*}} : tensor<4xf32>
// UP: stablehlo.dot_general %arg1, %1, contracting_dims = [1] x [0]
// tan appeared in 1.4.0: the error names the op and the version it needs.
// OLD: error: failed to convert VHLO to v1.3.0: 'vhlo.tan_v2' (stablehlo.tan) needs v1.4.0 or later
// RANGE: target version 2.0.0 is outside the supported range [0.9.0, 1.17.0]
// NOTVHLO: error: failed to legalize operation 'func.func' to StableHLO: not a VHLO op
func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<4x4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.exponential %arg0 : tensor<4xf32>
  %1 = stablehlo.tan %0 : tensor<4xf32>
  %2 = stablehlo.dot_general %arg1, %1, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}
