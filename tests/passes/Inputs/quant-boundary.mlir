// A quantized function argument: stablehlo-legalize-quant-to-math does not convert it.
func.func @boundary(%q: tensor<4x!quant.uniform<i8:f32, 0.5>>) -> tensor<4xf32> {
  %d = stablehlo.uniform_dequantize %q : (tensor<4x!quant.uniform<i8:f32, 0.5>>) -> tensor<4xf32>
  return %d : tensor<4xf32>
}
