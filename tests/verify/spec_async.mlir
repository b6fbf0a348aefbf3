// async_start's and async_done's constraints, from spec.md. Strata registers both ops without a
// verifier and keeps `!stablehlo.future<T>` as an opaque dialect type, so none of the
// constraints is checked yet (there is no StableHLO C++ verifier for the region-based ops to
// follow): the markers below record that. The valid program (the spec's example) is last.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

// spec-not-enforced: async_start C1: a body with no operation, or with more than one before the return, is accepted (no verifier for async_start)
// spec-not-enforced: async_start C2: any operation is accepted in the body, not only the listed collectives and slices (no verifier for async_start)
// spec-not-enforced: async_start C3: operands that differ from the body operation's are accepted (no verifier for async_start)
// spec-not-enforced: async_start C4: a result that is not future<T> of the body operation's result type is accepted (!stablehlo.future<T> is an opaque dialect type in Strata)
// spec-not-enforced: async_done C1: a result type other than the T of the operand's future<T> is accepted (!stablehlo.future<T> is an opaque dialect type in Strata)

// Valid: the spec's example.
func.func @async_ok(%arg0: tensor<8x2xf32>) -> tensor<8x8xf32> {
  %0 = "stablehlo.async_start"(%arg0) ({
    %1 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>}> : (tensor<8x2xf32>) -> tensor<8x8xf32>
    "stablehlo.return"(%1) : (tensor<8x8xf32>) -> ()
  }) : (tensor<8x2xf32>) -> !stablehlo.future<tensor<8x8xf32>>
  %2 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<8x8xf32>>) -> tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}
