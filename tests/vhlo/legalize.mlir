// RUN: strata-opt %s --stablehlo-legalize-to-vhlo --mlir-print-op-generic | strata-check %s
// RUN: strata-opt %s --stablehlo-legalize-to-vhlo --vhlo-legalize-to-stablehlo | strata-check %s --check-prefix=BACK
// RUN: strata-opt %s --stablehlo-legalize-to-vhlo --emit-bytecode | strata-opt --mlir-print-op-generic | strata-check %s
// RUN: strata-opt %s --stablehlo-legalize-to-vhlo | strata-opt --vhlo-legalize-to-stablehlo | strata-check %s --check-prefix=BACK

// What StableHLO's legalization writes (checked against jaxlib 0.10.2's own VHLO): the
// current op versions, every default materialized, struct attributes flattened.
// CHECK-LABEL: "vhlo.func_v1"() <{arg_attrs = #vhlo.array_v1<[]>, function_type = #vhlo.type_v1<!vhlo.func_v1<(!vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<4x4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>>>, res_attrs = #vhlo.array_v1<[]>, sym_name = #vhlo.string_v1<"main">, sym_visibility = #vhlo.string_v1<"">}>
// CHECK: "vhlo.exponential_v2"(%arg0) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}>
// CHECK: "vhlo.compare_v1"(%0, %arg0) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 GT>}>
// CHECK-SAME: -> !vhlo.tensor_v1<4x!vhlo.bool_v1>
// CHECK: "vhlo.dot_general_v2"(%arg1, %arg0) <{accumulation_type = #vhlo.type_v1<!vhlo.none_v1>, allow_imprecise_accumulation = #vhlo.type_v1<!vhlo.none_v1>, lhs_batching_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>, lhs_component_count = #vhlo.type_v1<!vhlo.none_v1>, lhs_contracting_dimensions = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>
// CHECK-SAME: precision_config = #vhlo.array_v1<[]>
// CHECK: "vhlo.reduce_v1"(%arg0, %{{.*}}) <{dimensions = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>}>
// CHECK: "vhlo.return_v1"
// CHECK: "vhlo.broadcast_in_dim_v1"(%{{.*}}) <{broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>}>
// CHECK: "vhlo.custom_call_v1"(%{{.*}}) <{api_version = #vhlo<api_version_v1 API_VERSION_ORIGINAL>, backend_config = #vhlo.string_v1<"cfg">, call_target_name = #vhlo.string_v1<"foo">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[]>}>
// CHECK: "vhlo.return_v1"
// CHECK-NOT: stablehlo.

// BACK-LABEL: func.func @main
// BACK: stablehlo.exponential %arg0 : tensor<4xf32>
// BACK: stablehlo.compare  GT, %0, %arg0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// BACK: stablehlo.dot_general %arg1, %arg0, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4xf32>) -> tensor<4xf32>
// BACK: stablehlo.reduce(%arg0 init: %{{.*}}) applies stablehlo.add across dimensions = [0]
// BACK: stablehlo.custom_call @foo(%{{.*}}) {backend_config = "cfg"}
// BACK-NOT: vhlo.
func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<4x4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.exponential %arg0 : tensor<4xf32>
  %1 = stablehlo.compare GT, %0, %arg0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %2 = stablehlo.dot_general %arg1, %arg0, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %3 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %5 = stablehlo.custom_call @foo(%4) {backend_config = "cfg"} : (tensor<4xf32>) -> tensor<4xf32>
  return %5 : tensor<4xf32>
}
