func.func @main() -> tensor<2xi64> {
  %t0 = stablehlo.after_all : !stablehlo.token
  %y, %t1 = "stablehlo.recv"(%t0) {
    channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
    is_host_transfer = false,
    source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>
  } : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
  return %y : tensor<2xi64>
}
