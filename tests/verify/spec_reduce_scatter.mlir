// Negative cases of reduce_scatter's constraints, written from spec.md, with StableHLO's
// messages (C1-C3 and C8 are in ops.mlir). C5 is checked as StableHLO does: the ids must be
// exactly 0..n-1 (the replica count is not known when verifying). C7's is_promotable is enforced
// for integers; like StableHLO's verifyReducerShape, a narrower float computation type is
// accepted. The valid program is last.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec-untestable: reduce_scatter C4: it defines size(replica_groups) (num_replicas or num_processes, known only when the program runs) for C5
// spec: reduce_scatter C5
func.func @reduce_scatter_c5(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{replica id #1 not seen in replica groups}}
  %0 = "stablehlo.reduce_scatter"(%x) <{scatter_dimension = 0 : i64, replica_groups = dense<[[0, 2]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// spec: reduce_scatter C6
func.func @reduce_scatter_c6(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{channel_id must be positive when useGlobalDeviceIds is set but got: 0}}
  %0 = "stablehlo.reduce_scatter"(%x) <{scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>, use_global_device_ids}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// spec: reduce_scatter C7
func.func @reduce_scatter_c7(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{The type of reduction-region's parameter at index 1 is different than the corresponding result type: 'tensor<i32>' vs 'tensor<f32>'}}
  %0 = "stablehlo.reduce_scatter"(%x) <{scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<i32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// spec: reduce_scatter C7
func.func @reduce_scatter_c7_not_promotable(%x: tensor<4xi32>) -> tensor<2xi16> {
  // expected-error@+1 {{The element-type of reduction-region's result type at index 0 is expected to be promotable from the op's corresponding init-value element-type: 'tensor<i16>' vs 'tensor<i32>'}}
  %0 = "stablehlo.reduce_scatter"(%x) <{scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<i16>, %b: tensor<i16>):
    %s = "stablehlo.add"(%a, %b) : (tensor<i16>, tensor<i16>) -> tensor<i16>
    "stablehlo.return"(%s) : (tensor<i16>) -> ()
  }) : (tensor<4xi32>) -> tensor<2xi16>
  return %0 : tensor<2xi16>
}

// -----

// spec: reduce_scatter C9
func.func @reduce_scatter_c9(%x: tensor<4xf32>) -> tensor<2xf64> {
  // expected-error@+1 {{result element-type is expected to be 'f32', but got 'f64'}}
  %0 = "stablehlo.reduce_scatter"(%x) <{scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) : (tensor<4xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// Valid: the program every case above mutates, and a computation on a promoted element type with
// global device ids on a positive channel.
func.func @reduce_scatter_ok(%x: tensor<4xf32>) -> (tensor<2xf32>, tensor<2xf64>) {
  %0 = "stablehlo.reduce_scatter"(%x) <{scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) : (tensor<4xf32>) -> tensor<2xf32>
  %1 = "stablehlo.reduce_scatter"(%x) <{scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %s = "stablehlo.add"(%a, %b) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    "stablehlo.return"(%s) : (tensor<f64>) -> ()
  }) : (tensor<4xf32>) -> tensor<2xf64>
  return %0, %1 : tensor<2xf32>, tensor<2xf64>
}
