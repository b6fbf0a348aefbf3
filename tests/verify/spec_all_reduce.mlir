// Negative cases of all_reduce's constraints, written from spec.md, with StableHLO's messages
// (C1 is in collectives.mlir). C3 is checked as StableHLO does: the ids must be exactly 0..n-1
// (the replica count is not known when verifying). C5's is_promotable is enforced for integers;
// like StableHLO's verifyReducerShape, a narrower float computation type is accepted. The valid
// program is last.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec-untestable: all_reduce C2: it defines size(replica_groups) (num_replicas or num_processes, known only when the program runs) for C3
// spec: all_reduce C3
func.func @all_reduce_c3(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{replica id #1 not seen in replica groups}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 2]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: all_reduce C4
func.func @all_reduce_c4(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{channel_id must be positive when useGlobalDeviceIds is set but got: 0}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>, use_global_device_ids}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: all_reduce C5
func.func @all_reduce_c5(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{The type of reduction-region's parameter at index 1 is different than the corresponding result type: 'tensor<i32>' vs 'tensor<f32>'}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<i32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// spec: all_reduce C5
func.func @all_reduce_c5_not_promotable(%x: tensor<4xi32>) -> tensor<4xi16> {
  // expected-error@+1 {{The element-type of reduction-region's result type at index 0 is expected to be promotable from the op's corresponding init-value element-type: 'tensor<i16>' vs 'tensor<i32>'}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<i16>, %b: tensor<i16>):
    %s = "stablehlo.add"(%a, %b) : (tensor<i16>, tensor<i16>) -> tensor<i16>
    "stablehlo.return"(%s) : (tensor<i16>) -> ()
  }) : (tensor<4xi32>) -> tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

// spec: all_reduce C6
func.func @all_reduce_c6(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{requires the same shape for all operands and results}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// spec: all_reduce C7
func.func @all_reduce_c7(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{result element-type is expected to be 'f32', but got 'f64'}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// Valid: the program every case above mutates, and a computation on a promoted element type with
// global device ids on a positive channel.
func.func @all_reduce_ok(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf64>) {
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %s = "stablehlo.add"(%a, %b) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    "stablehlo.return"(%s) : (tensor<f64>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf64>
  return %0, %1 : tensor<4xf32>, tensor<4xf64>
}
