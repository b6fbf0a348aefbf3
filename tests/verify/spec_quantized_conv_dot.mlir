// Negative cases of the quantization constraints of convolution and dynamic_conv (C28-C34) and
// dot_general (C14-C20), written from spec.md, with StableHLO's messages; valid hybrid
// (float lhs, quantized rhs) and per-axis programs are checked too.
// spec-not-enforced: convolution C27: StableHLO's verifier does not require equal element types either (mixed precision such as i8 x i8 -> i32 or bf16 x bf16 -> f32 is accepted by stablehlo-opt and written by JAX); Strata follows the reference implementation
// spec-not-enforced: dynamic_conv C27: as convolution C27 (StableHLO accepts mixed element types)
// spec-not-enforced: dot_general C13: StableHLO's verifier accepts differing lhs/rhs element types (mixed precision, e.g. bf16 x f32 or i8 x i16); Strata follows the reference implementation
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: convolution C28
func.func @convolution_c28_rhs(%lhs: tensor<1x4x4x1x!quant.uniform<i8:f32, 2.0:3>>, %rhs: tensor<3x3x1x2xf32>) -> tensor<1x2x2x2x!quant.uniform<i8:f32, 2.0:3>> {
  // expected-error@+1 {{rhs should be quantized for quantized operations and is_quantized(lhs)=is_quantized(result) should hold}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<1x4x4x1x!quant.uniform<i8:f32, 2.0:3>>, tensor<3x3x1x2xf32>) -> tensor<1x2x2x2x!quant.uniform<i8:f32, 2.0:3>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i8:f32, 2.0:3>>
}

// -----

// spec: convolution C28
func.func @convolution_c28_result(%lhs: tensor<1x4x4x1x!quant.uniform<i8:f32, 2.0:3>>, %rhs: tensor<3x3x1x2x!quant.uniform<i8:f32, 2.0:0>>) -> tensor<1x2x2x2xf32> {
  // expected-error@+1 {{rhs should be quantized for quantized operations and is_quantized(lhs)=is_quantized(result) should hold}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<1x4x4x1x!quant.uniform<i8:f32, 2.0:3>>, tensor<3x3x1x2x!quant.uniform<i8:f32, 2.0:0>>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// spec: convolution C29
func.func @convolution_c29(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x2x!quant.uniform<i8:f32:2, {2.0:0}>>) -> tensor<1x2x2x2xf32> {
  // expected-error@+1 {{quantization dimension of rhs should be same with kernel_output_feature_dimension}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<1x4x4x1xf32>, tensor<3x3x1x2x!quant.uniform<i8:f32:2, {2.0:0}>>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// spec: convolution C30
func.func @convolution_c30(%lhs: tensor<1x4x4x1x!quant.uniform<i8:f32, 2.0:3>>, %rhs: tensor<3x3x1x2x!quant.uniform<i8:f32:3, {2.0:0, 3.0:0}>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32:1, {2.0:0, 3.0:0}>> {
  // expected-error@+1 {{quantization dimension of result should be same with output_feature_dimension}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<1x4x4x1x!quant.uniform<i8:f32, 2.0:3>>, tensor<3x3x1x2x!quant.uniform<i8:f32:3, {2.0:0, 3.0:0}>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32:1, {2.0:0, 3.0:0}>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i8:f32:1, {2.0:0, 3.0:0}>>
}

// -----

// spec: convolution C31
func.func @convolution_c31(%lhs: tensor<1x4x4x1x!quant.uniform<i8:f32, 2.0:3>>, %rhs: tensor<3x3x1x2x!quant.uniform<i16:f32, 2.0:0>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32, 2.0:3>> {
  // expected-error@+1 {{mismatched lhs and rhs quantization storage types}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<1x4x4x1x!quant.uniform<i8:f32, 2.0:3>>, tensor<3x3x1x2x!quant.uniform<i16:f32, 2.0:0>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32, 2.0:3>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i8:f32, 2.0:3>>
}

// -----

// spec: convolution C32
func.func @convolution_c32(%lhs: tensor<1x4x4x1x!quant.uniform<i8:f16, 2.0:3>>, %rhs: tensor<3x3x1x2x!quant.uniform<i8:f32, 2.0:0>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32, 2.0:3>> {
  // expected-error@+1 {{mismatched lhs, rhs and result quantization expressed types}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<1x4x4x1x!quant.uniform<i8:f16, 2.0:3>>, tensor<3x3x1x2x!quant.uniform<i8:f32, 2.0:0>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32, 2.0:3>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i8:f32, 2.0:3>>
}

// -----

// spec: convolution C33
func.func @convolution_c33(%lhs: tensor<1x4x4x1x!quant.uniform<i8:f32, 2.0:3>>, %rhs: tensor<3x3x1x2x!quant.uniform<i8:f32, 2.0:0>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32:3, {2.0:0, 3.0:0}>> {
  // expected-error@+1 {{mismatched rhs and result quantization granularity}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<1x4x4x1x!quant.uniform<i8:f32, 2.0:3>>, tensor<3x3x1x2x!quant.uniform<i8:f32, 2.0:0>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32:3, {2.0:0, 3.0:0}>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i8:f32:3, {2.0:0, 3.0:0}>>
}

// -----

// spec: convolution C34
func.func @convolution_c34(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x2x!quant.uniform<i8:f16, 2.0:0>>) -> tensor<1x2x2x2xf32> {
  // expected-error@+1 {{mismatched rhs quantization expressed type and lhs and result element type}}
  %0 = "stablehlo.convolution"(%lhs, %rhs) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<1x4x4x1xf32>, tensor<3x3x1x2x!quant.uniform<i8:f16, 2.0:0>>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// Valid: boundary case.
func.func @convolution_ok_hybrid(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x2x!quant.uniform<i8:f32:3, {2.0:0, 3.0:0}>>) -> tensor<1x2x2x2xf32> {
  %0 = "stablehlo.convolution"(%lhs, %rhs) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<1x4x4x1xf32>, tensor<3x3x1x2x!quant.uniform<i8:f32:3, {2.0:0, 3.0:0}>>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// Valid: boundary case.
func.func @convolution_ok_per_axis(%lhs: tensor<1x4x4x1x!quant.uniform<i8:f32, 2.0:3>>, %rhs: tensor<3x3x1x2x!quant.uniform<i8:f32:3, {2.0:0, 3.0:0}>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32:3, {2.0:0, 3.0:0}>> {
  %0 = "stablehlo.convolution"(%lhs, %rhs) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<1x4x4x1x!quant.uniform<i8:f32, 2.0:3>>, tensor<3x3x1x2x!quant.uniform<i8:f32:3, {2.0:0, 3.0:0}>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32:3, {2.0:0, 3.0:0}>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i8:f32:3, {2.0:0, 3.0:0}>>
}

// -----

// spec: dynamic_conv C28
func.func @dynamic_conv_c28_rhs(%lhs: tensor<1x4x4x1x!quant.uniform<i8:f32, 2.0:3>>, %rhs: tensor<3x3x1x2xf32>) -> tensor<1x2x2x2x!quant.uniform<i8:f32, 2.0:3>> {
  %pad = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{rhs should be quantized for quantized operations and is_quantized(lhs)=is_quantized(result) should hold}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %pad) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<1x4x4x1x!quant.uniform<i8:f32, 2.0:3>>, tensor<3x3x1x2xf32>, tensor<2x2xi64>) -> tensor<1x2x2x2x!quant.uniform<i8:f32, 2.0:3>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i8:f32, 2.0:3>>
}

// -----

// spec: dynamic_conv C28
func.func @dynamic_conv_c28_result(%lhs: tensor<1x4x4x1x!quant.uniform<i8:f32, 2.0:3>>, %rhs: tensor<3x3x1x2x!quant.uniform<i8:f32, 2.0:0>>) -> tensor<1x2x2x2xf32> {
  %pad = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{rhs should be quantized for quantized operations and is_quantized(lhs)=is_quantized(result) should hold}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %pad) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<1x4x4x1x!quant.uniform<i8:f32, 2.0:3>>, tensor<3x3x1x2x!quant.uniform<i8:f32, 2.0:0>>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// spec: dynamic_conv C29
func.func @dynamic_conv_c29(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x2x!quant.uniform<i8:f32:2, {2.0:0}>>) -> tensor<1x2x2x2xf32> {
  %pad = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{quantization dimension of rhs should be same with kernel_output_feature_dimension}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %pad) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<1x4x4x1xf32>, tensor<3x3x1x2x!quant.uniform<i8:f32:2, {2.0:0}>>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// spec: dynamic_conv C30
func.func @dynamic_conv_c30(%lhs: tensor<1x4x4x1x!quant.uniform<i8:f32, 2.0:3>>, %rhs: tensor<3x3x1x2x!quant.uniform<i8:f32:3, {2.0:0, 3.0:0}>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32:1, {2.0:0, 3.0:0}>> {
  %pad = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{quantization dimension of result should be same with output_feature_dimension}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %pad) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<1x4x4x1x!quant.uniform<i8:f32, 2.0:3>>, tensor<3x3x1x2x!quant.uniform<i8:f32:3, {2.0:0, 3.0:0}>>, tensor<2x2xi64>) -> tensor<1x2x2x2x!quant.uniform<i8:f32:1, {2.0:0, 3.0:0}>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i8:f32:1, {2.0:0, 3.0:0}>>
}

// -----

// spec: dynamic_conv C31
func.func @dynamic_conv_c31(%lhs: tensor<1x4x4x1x!quant.uniform<i8:f32, 2.0:3>>, %rhs: tensor<3x3x1x2x!quant.uniform<i16:f32, 2.0:0>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32, 2.0:3>> {
  %pad = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{mismatched lhs and rhs quantization storage types}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %pad) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<1x4x4x1x!quant.uniform<i8:f32, 2.0:3>>, tensor<3x3x1x2x!quant.uniform<i16:f32, 2.0:0>>, tensor<2x2xi64>) -> tensor<1x2x2x2x!quant.uniform<i8:f32, 2.0:3>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i8:f32, 2.0:3>>
}

// -----

// spec: dynamic_conv C32
func.func @dynamic_conv_c32(%lhs: tensor<1x4x4x1x!quant.uniform<i8:f16, 2.0:3>>, %rhs: tensor<3x3x1x2x!quant.uniform<i8:f32, 2.0:0>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32, 2.0:3>> {
  %pad = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{mismatched lhs, rhs and result quantization expressed types}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %pad) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<1x4x4x1x!quant.uniform<i8:f16, 2.0:3>>, tensor<3x3x1x2x!quant.uniform<i8:f32, 2.0:0>>, tensor<2x2xi64>) -> tensor<1x2x2x2x!quant.uniform<i8:f32, 2.0:3>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i8:f32, 2.0:3>>
}

// -----

// spec: dynamic_conv C33
func.func @dynamic_conv_c33(%lhs: tensor<1x4x4x1x!quant.uniform<i8:f32, 2.0:3>>, %rhs: tensor<3x3x1x2x!quant.uniform<i8:f32, 2.0:0>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32:3, {2.0:0, 3.0:0}>> {
  %pad = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{mismatched rhs and result quantization granularity}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %pad) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<1x4x4x1x!quant.uniform<i8:f32, 2.0:3>>, tensor<3x3x1x2x!quant.uniform<i8:f32, 2.0:0>>, tensor<2x2xi64>) -> tensor<1x2x2x2x!quant.uniform<i8:f32:3, {2.0:0, 3.0:0}>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i8:f32:3, {2.0:0, 3.0:0}>>
}

// -----

// spec: dynamic_conv C34
func.func @dynamic_conv_c34(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x2x!quant.uniform<i8:f16, 2.0:0>>) -> tensor<1x2x2x2xf32> {
  %pad = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{mismatched rhs quantization expressed type and lhs and result element type}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %pad) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<1x4x4x1xf32>, tensor<3x3x1x2x!quant.uniform<i8:f16, 2.0:0>>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// Valid: boundary case.
func.func @dynamic_conv_ok_hybrid(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x2x!quant.uniform<i8:f32:3, {2.0:0, 3.0:0}>>) -> tensor<1x2x2x2xf32> {
  %pad = stablehlo.constant dense<0> : tensor<2x2xi64>
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %pad) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<1x4x4x1xf32>, tensor<3x3x1x2x!quant.uniform<i8:f32:3, {2.0:0, 3.0:0}>>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// Valid: boundary case.
func.func @dynamic_conv_ok_per_axis(%lhs: tensor<1x4x4x1x!quant.uniform<i8:f32, 2.0:3>>, %rhs: tensor<3x3x1x2x!quant.uniform<i8:f32:3, {2.0:0, 3.0:0}>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32:3, {2.0:0, 3.0:0}>> {
  %pad = stablehlo.constant dense<0> : tensor<2x2xi64>
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %pad) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<1x4x4x1x!quant.uniform<i8:f32, 2.0:3>>, tensor<3x3x1x2x!quant.uniform<i8:f32:3, {2.0:0, 3.0:0}>>, tensor<2x2xi64>) -> tensor<1x2x2x2x!quant.uniform<i8:f32:3, {2.0:0, 3.0:0}>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i8:f32:3, {2.0:0, 3.0:0}>>
}

// -----

// spec: dot_general C14
func.func @dot_c14(%lhs: tensor<2x3x4xf32>, %rhs: tensor<2x3x5x!quant.uniform<i8:f32, 2.0:0>>) -> tensor<2x4x5x!quant.uniform<i8:f32, 2.0:3>> {
  // expected-error@+1 {{rhs should be quantized for quantized operations and is_quantized(lhs)=is_quantized(result) should hold}}
  %0 = "stablehlo.dot_general"(%lhs, %rhs) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>}> : (tensor<2x3x4xf32>, tensor<2x3x5x!quant.uniform<i8:f32, 2.0:0>>) -> tensor<2x4x5x!quant.uniform<i8:f32, 2.0:3>>
  return %0 : tensor<2x4x5x!quant.uniform<i8:f32, 2.0:3>>
}

// -----

// spec: dot_general C15
func.func @dot_c15_per_tensor(%lhs: tensor<2x3x4xf32>, %rhs: tensor<2x3x5x!quant.uniform<i8:f32, 2.0:3>>) -> tensor<2x4x5xf32> {
  // expected-error@+1 {{Zero point of rhs should be 0}}
  %0 = "stablehlo.dot_general"(%lhs, %rhs) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>}> : (tensor<2x3x4xf32>, tensor<2x3x5x!quant.uniform<i8:f32, 2.0:3>>) -> tensor<2x4x5xf32>
  return %0 : tensor<2x4x5xf32>
}

// -----

// spec: dot_general C15
func.func @dot_c15_per_axis(%lhs: tensor<2x3x4x!quant.uniform<i8:f32, 2.0:3>>, %rhs: tensor<2x3x5x!quant.uniform<i8:f32:0, {2.0:1, 2.0:0}>>) -> tensor<2x4x5x!quant.uniform<i8:f32, 2.0:3>> {
  // expected-error@+1 {{Zero points of rhs should be 0}}
  %0 = "stablehlo.dot_general"(%lhs, %rhs) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>}> : (tensor<2x3x4x!quant.uniform<i8:f32, 2.0:3>>, tensor<2x3x5x!quant.uniform<i8:f32:0, {2.0:1, 2.0:0}>>) -> tensor<2x4x5x!quant.uniform<i8:f32, 2.0:3>>
  return %0 : tensor<2x4x5x!quant.uniform<i8:f32, 2.0:3>>
}

// -----

// spec: dot_general C16
func.func @dot_c16(%lhs: tensor<2x3x4x!quant.uniform<i8:f32, 2.0:3>>, %rhs: tensor<2x3x5x!quant.uniform<i8:f32:1, {2.0:0, 2.0:0, 2.0:0}>>) -> tensor<2x4x5x!quant.uniform<i8:f32:2, {2.0:0, 2.0:0, 2.0:0, 2.0:0, 2.0:0}>> {
  // expected-error@+1 {{Quantization dimension of rhs should not be in the contracting dimension of rhs}}
  %0 = "stablehlo.dot_general"(%lhs, %rhs) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>}> : (tensor<2x3x4x!quant.uniform<i8:f32, 2.0:3>>, tensor<2x3x5x!quant.uniform<i8:f32:1, {2.0:0, 2.0:0, 2.0:0}>>) -> tensor<2x4x5x!quant.uniform<i8:f32:2, {2.0:0, 2.0:0, 2.0:0, 2.0:0, 2.0:0}>>
  return %0 : tensor<2x4x5x!quant.uniform<i8:f32:2, {2.0:0, 2.0:0, 2.0:0, 2.0:0, 2.0:0}>>
}

// -----

// spec: dot_general C17
func.func @dot_c17(%lhs: tensor<2x3x4x!quant.uniform<i16:f32, 2.0:3>>, %rhs: tensor<2x3x5x!quant.uniform<i8:f32, 2.0:0>>) -> tensor<2x4x5x!quant.uniform<i8:f32, 2.0:3>> {
  // expected-error@+1 {{mismatched lhs and rhs quantization storage types}}
  %0 = "stablehlo.dot_general"(%lhs, %rhs) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>}> : (tensor<2x3x4x!quant.uniform<i16:f32, 2.0:3>>, tensor<2x3x5x!quant.uniform<i8:f32, 2.0:0>>) -> tensor<2x4x5x!quant.uniform<i8:f32, 2.0:3>>
  return %0 : tensor<2x4x5x!quant.uniform<i8:f32, 2.0:3>>
}

// -----

// spec: dot_general C18
func.func @dot_c18(%lhs: tensor<2x3x4x!quant.uniform<i8:f32, 2.0:3>>, %rhs: tensor<2x3x5x!quant.uniform<i8:f16, 2.0:0>>) -> tensor<2x4x5x!quant.uniform<i8:f32, 2.0:3>> {
  // expected-error@+1 {{mismatched lhs, rhs and result quantization expressed types}}
  %0 = "stablehlo.dot_general"(%lhs, %rhs) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>}> : (tensor<2x3x4x!quant.uniform<i8:f32, 2.0:3>>, tensor<2x3x5x!quant.uniform<i8:f16, 2.0:0>>) -> tensor<2x4x5x!quant.uniform<i8:f32, 2.0:3>>
  return %0 : tensor<2x4x5x!quant.uniform<i8:f32, 2.0:3>>
}

// -----

// spec: dot_general C19
func.func @dot_c19(%lhs: tensor<2x3x4x!quant.uniform<i8:f32, 2.0:3>>, %rhs: tensor<2x3x5x!quant.uniform<i8:f32, 2.0:0>>) -> tensor<2x4x5x!quant.uniform<i8:f32:2, {2.0:0, 2.0:0, 2.0:0, 2.0:0, 2.0:0}>> {
  // expected-error@+1 {{mismatched rhs and result quantization granularity}}
  %0 = "stablehlo.dot_general"(%lhs, %rhs) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>}> : (tensor<2x3x4x!quant.uniform<i8:f32, 2.0:3>>, tensor<2x3x5x!quant.uniform<i8:f32, 2.0:0>>) -> tensor<2x4x5x!quant.uniform<i8:f32:2, {2.0:0, 2.0:0, 2.0:0, 2.0:0, 2.0:0}>>
  return %0 : tensor<2x4x5x!quant.uniform<i8:f32:2, {2.0:0, 2.0:0, 2.0:0, 2.0:0, 2.0:0}>>
}

// -----

// spec: dot_general C20
func.func @dot_c20(%lhs: tensor<2x3x4xf32>, %rhs: tensor<2x3x5x!quant.uniform<i8:f16, 2.0:0>>) -> tensor<2x4x5xf32> {
  // expected-error@+1 {{mismatched rhs quantization expressed type and lhs and result element type}}
  %0 = "stablehlo.dot_general"(%lhs, %rhs) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>}> : (tensor<2x3x4xf32>, tensor<2x3x5x!quant.uniform<i8:f16, 2.0:0>>) -> tensor<2x4x5xf32>
  return %0 : tensor<2x4x5xf32>
}

// -----

// Valid: boundary case.
func.func @dot_ok_hybrid(%lhs: tensor<2x3x4xf32>, %rhs: tensor<2x3x5x!quant.uniform<i8:f32, 2.0:0>>) -> tensor<2x4x5xf32> {
  %0 = "stablehlo.dot_general"(%lhs, %rhs) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>}> : (tensor<2x3x4xf32>, tensor<2x3x5x!quant.uniform<i8:f32, 2.0:0>>) -> tensor<2x4x5xf32>
  return %0 : tensor<2x4x5xf32>
}

// -----

// Valid: boundary case.
func.func @dot_ok_per_axis(%lhs: tensor<2x3x4x!quant.uniform<i8:f32, 2.0:3>>, %rhs: tensor<2x3x5x!quant.uniform<i8:f32:2, {2.0:0, 2.0:0, 2.0:0, 2.0:0, 2.0:0}>>) -> tensor<2x4x5x!quant.uniform<i8:f32:2, {2.0:0, 2.0:0, 2.0:0, 2.0:0, 2.0:0}>> {
  %0 = "stablehlo.dot_general"(%lhs, %rhs) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>}> : (tensor<2x3x4x!quant.uniform<i8:f32, 2.0:3>>, tensor<2x3x5x!quant.uniform<i8:f32:2, {2.0:0, 2.0:0, 2.0:0, 2.0:0, 2.0:0}>>) -> tensor<2x4x5x!quant.uniform<i8:f32:2, {2.0:0, 2.0:0, 2.0:0, 2.0:0, 2.0:0}>>
  return %0 : tensor<2x4x5x!quant.uniform<i8:f32:2, {2.0:0, 2.0:0, 2.0:0, 2.0:0, 2.0:0}>>
}
