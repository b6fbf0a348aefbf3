// async_start's and async_done's constraints, from spec.md. StableHLO has no C++ verifier for
// the region form of these ops, so the messages are Strata's own. The valid program (the spec's
// example) is last.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec: async_start C1
func.func @async_start_c1_two_ops(%arg0: tensor<8x2xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{body must contain a single operation and a return}}
  %0 = "stablehlo.async_start"(%arg0) ({
    %1 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>}> : (tensor<8x2xf32>) -> tensor<8x8xf32>
    %3 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>}> : (tensor<8x2xf32>) -> tensor<8x8xf32>
    "stablehlo.return"(%1) : (tensor<8x8xf32>) -> ()
  }) : (tensor<8x2xf32>) -> !stablehlo.future<tensor<8x8xf32>>
  %2 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<8x8xf32>>) -> tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// spec: async_start C1
func.func @async_start_c1_no_op(%arg0: tensor<8x2xf32>) -> tensor<8x2xf32> {
  // expected-error@+1 {{body must contain a single operation and a return}}
  %0 = "stablehlo.async_start"(%arg0) ({
    "stablehlo.return"(%arg0) : (tensor<8x2xf32>) -> ()
  }) : (tensor<8x2xf32>) -> !stablehlo.future<tensor<8x2xf32>>
  %2 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<8x2xf32>>) -> tensor<8x2xf32>
  return %2 : tensor<8x2xf32>
}

// -----

// spec: async_start C2
func.func @async_start_c2(%arg0: tensor<8x2xf32>) -> tensor<8x2xf32> {
  // expected-error@+1 {{the operation in body must be a collective (all_reduce, all_gather, all_to_all, collective_permute, reduce_scatter, collective_broadcast) or a slice (slice, dynamic_slice, dynamic_update_slice), but got 'stablehlo.abs'}}
  %0 = "stablehlo.async_start"(%arg0) ({
    %1 = "stablehlo.abs"(%arg0) : (tensor<8x2xf32>) -> tensor<8x2xf32>
    "stablehlo.return"(%1) : (tensor<8x2xf32>) -> ()
  }) : (tensor<8x2xf32>) -> !stablehlo.future<tensor<8x2xf32>>
  %2 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<8x2xf32>>) -> tensor<8x2xf32>
  return %2 : tensor<8x2xf32>
}

// -----

// spec: async_start C3
func.func @async_start_c3(%arg0: tensor<8x2xf32>, %arg1: tensor<8x2xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{operands must be the ones passed to 'stablehlo.all_gather' in body}}
  %0 = "stablehlo.async_start"(%arg0) ({
    %1 = "stablehlo.all_gather"(%arg1) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>}> : (tensor<8x2xf32>) -> tensor<8x8xf32>
    "stablehlo.return"(%1) : (tensor<8x8xf32>) -> ()
  }) : (tensor<8x2xf32>) -> !stablehlo.future<tensor<8x8xf32>>
  %2 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<8x8xf32>>) -> tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// spec: async_start C4
func.func @async_start_c4(%arg0: tensor<8x2xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{result type must be '!stablehlo.future<tensor<8x8xf32>>', but got '!stablehlo.future<tensor<8x4xf32>>'}}
  %0 = "stablehlo.async_start"(%arg0) ({
    %1 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>}> : (tensor<8x2xf32>) -> tensor<8x8xf32>
    "stablehlo.return"(%1) : (tensor<8x8xf32>) -> ()
  }) : (tensor<8x2xf32>) -> !stablehlo.future<tensor<8x4xf32>>
  %2 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<8x4xf32>>) -> tensor<8x4xf32>
  return %2 : tensor<8x4xf32>
}

// -----

// spec: async_done C1
func.func @async_done_c1(%arg0: tensor<8x2xf32>) -> tensor<8x4xf32> {
  %0 = "stablehlo.async_start"(%arg0) ({
    %1 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>}> : (tensor<8x2xf32>) -> tensor<8x8xf32>
    "stablehlo.return"(%1) : (tensor<8x8xf32>) -> ()
  }) : (tensor<8x2xf32>) -> !stablehlo.future<tensor<8x8xf32>>
  // expected-error@+1 {{result type(s) must be 'tensor<8x8xf32>' (the T of the operand's future<T>), but got 'tensor<8x4xf32>'}}
  %2 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<8x8xf32>>) -> tensor<8x4xf32>
  return %2 : tensor<8x4xf32>
}

// -----

// Valid: the spec's example.
func.func @async_ok(%arg0: tensor<8x2xf32>) -> tensor<8x8xf32> {
  %0 = "stablehlo.async_start"(%arg0) ({
    %1 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>}> : (tensor<8x2xf32>) -> tensor<8x8xf32>
    "stablehlo.return"(%1) : (tensor<8x8xf32>) -> ()
  }) : (tensor<8x2xf32>) -> !stablehlo.future<tensor<8x8xf32>>
  %2 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<8x8xf32>>) -> tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}
