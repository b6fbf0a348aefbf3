// Negative cases of send's and recv's constraints, written from spec.md, with StableHLO's
// messages (source_target_pairs is checked as collective_permute's). C4's bound N is the replica
// or partition count, known only when the program runs: only negative ids are rejected. recv's
// host channel is HOST_TO_DEVICE, as in StableHLO (the spec's C5 says DEVICE_TO_HOST for both
// ops); the case here is rejected either way. The valid program is last.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: send C1
func.func @send_c1(%x: tensor<4xf32>, %t: !stablehlo.token) -> !stablehlo.token {
  // expected-error@+2 {{expect source_target_pairs attribute of shape (N, 2), but got (1, 3)}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.send"(%x, %t) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1, 2]]> : tensor<1x3xi64>}> : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

// spec: send C2
func.func @send_c2(%x: tensor<4xf32>, %t: !stablehlo.token) -> !stablehlo.token {
  // expected-error@+2 {{duplicate sources not allowed}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.send"(%x, %t) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>}> : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

// spec: send C3
func.func @send_c3(%x: tensor<4xf32>, %t: !stablehlo.token) -> !stablehlo.token {
  // expected-error@+2 {{duplicate targets not allowed}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.send"(%x, %t) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [2, 1]]> : tensor<2x2xi64>}> : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

// spec: send C4
func.func @send_c4(%x: tensor<4xf32>, %t: !stablehlo.token) -> !stablehlo.token {
  // expected-error@+2 {{replica ids in source_target_pairs must be >= 0}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.send"(%x, %t) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, -1]]> : tensor<1x2xi64>}> : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

// spec: send C5
func.func @send_c5(%x: tensor<4xf32>, %t: !stablehlo.token) -> !stablehlo.token {
  // expected-error@+2 {{channel_type should be DEVICE_TO_HOST when is_host_transfer is true}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.send"(%x, %t) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = true}> : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

// spec: send C5
func.func @send_c5_device(%x: tensor<4xf32>, %t: !stablehlo.token) -> !stablehlo.token {
  // expected-error@+2 {{channel_type should be DEVICE_TO_DEVICE when is_host_transfer is false}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = "stablehlo.send"(%x, %t) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = false}> : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

// spec: recv C1
func.func @recv_c1(%t: !stablehlo.token) -> tensor<4xf32> {
  // expected-error@+1 {{expect source_target_pairs attribute of shape (N, 2), but got (1, 3)}}
  %0:2 = "stablehlo.recv"(%t) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1, 2]]> : tensor<1x3xi64>}> : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  return %0#0 : tensor<4xf32>
}

// -----

// spec: recv C2
func.func @recv_c2(%t: !stablehlo.token) -> tensor<4xf32> {
  // expected-error@+1 {{duplicate sources not allowed}}
  %0:2 = "stablehlo.recv"(%t) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>}> : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  return %0#0 : tensor<4xf32>
}

// -----

// spec: recv C3
func.func @recv_c3(%t: !stablehlo.token) -> tensor<4xf32> {
  // expected-error@+1 {{duplicate targets not allowed}}
  %0:2 = "stablehlo.recv"(%t) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [2, 1]]> : tensor<2x2xi64>}> : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  return %0#0 : tensor<4xf32>
}

// -----

// spec: recv C4
func.func @recv_c4(%t: !stablehlo.token) -> tensor<4xf32> {
  // expected-error@+1 {{replica ids in source_target_pairs must be >= 0}}
  %0:2 = "stablehlo.recv"(%t) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[-1, 0]]> : tensor<1x2xi64>}> : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  return %0#0 : tensor<4xf32>
}

// -----

// spec: recv C5
func.func @recv_c5(%t: !stablehlo.token) -> tensor<4xf32> {
  // expected-error@+1 {{channel_type should be HOST_TO_DEVICE when is_host_transfer is true}}
  %0:2 = "stablehlo.recv"(%t) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = true}> : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  return %0#0 : tensor<4xf32>
}

// -----

// spec: recv C5
func.func @recv_c5_device(%t: !stablehlo.token) -> tensor<4xf32> {
  // expected-error@+1 {{channel_type should be DEVICE_TO_DEVICE when is_host_transfer is false}}
  %0:2 = "stablehlo.recv"(%t) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = false}> : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  return %0#0 : tensor<4xf32>
}

// -----

// Valid: the programs the cases above mutate: device-to-device with source_target_pairs, and
// host transfers.
func.func @send_recv_ok(%x: tensor<4xf32>, %t: !stablehlo.token) -> (!stablehlo.token, tensor<4xf32>, !stablehlo.token, !stablehlo.token, tensor<4xf32>, !stablehlo.token) {
  %0 = "stablehlo.send"(%x, %t) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  %1:2 = "stablehlo.recv"(%t) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  %2 = "stablehlo.send"(%x, %t) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 2>, is_host_transfer = true}> : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  %3:2 = "stablehlo.recv"(%t) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 3>, is_host_transfer = true}> : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  return %0, %1#0, %1#1, %2, %3#0, %3#1 : !stablehlo.token, tensor<4xf32>, !stablehlo.token, !stablehlo.token, tensor<4xf32>, !stablehlo.token
}
