// Negative cases of custom_call's API-version and layout rules (StableHLO's messages; spec.md
// numbers no constraint of custom_call); valid programs last.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// (StableHLO verifier rule; custom_call has no numbered constraint in spec.md)
func.func @backend_config_original(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{backend_config for api_version API_VERSION_ORIGINAL must be a string attribute}}
  %0 = stablehlo.custom_call @foo(%x) {api_version = 1 : i32, backend_config = {a = 1 : i32}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// (StableHLO verifier rule; custom_call has no numbered constraint in spec.md)
func.func @backend_config_status_returning(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{backend_config for api_version API_VERSION_STATUS_RETURNING must be a string attribute}}
  %0 = stablehlo.custom_call @foo(%x) {api_version = 2 : i32, backend_config = {a = 1 : i32}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// (StableHLO verifier rule; custom_call has no numbered constraint in spec.md)
func.func @layouts_both(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{Layout attributes should be specified for either both operands and results or none}}
  %0 = stablehlo.custom_call @foo(%x) {operand_layouts = [dense<[0]> : tensor<1xindex>]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Valid: a dictionary backend_config with API_VERSION_TYPED_FFI, a string one otherwise.
func.func @valid(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.custom_call @foo(%x) {api_version = 4 : i32, backend_config = {a = 1 : i32}} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = stablehlo.custom_call @bar(%x) {api_version = 2 : i32, backend_config = "cfg"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
