// The pass's options and outputs: statistics, the rule list, Graphviz, explanations, the ILP
// extractor, limits, and errors for bad options.
// RUN: strata-opt %s --stablehlo-eqsat --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: strata-opt %s --stablehlo-eqsat=list-rules -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIST
// RUN: strata-opt %s --stablehlo-eqsat="dot-file=%t.dot" -o /dev/null && FileCheck %s --check-prefix=DOT < %t.dot
// RUN: strata-opt %s --stablehlo-eqsat=explain -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// RUN: strata-opt %s --stablehlo-eqsat="extractor=ilp" | FileCheck %s --check-prefix=ILP
// RUN: strata-opt %s --stablehlo-eqsat="node-limit=10 iter-limit=1" --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIMIT
// RUN: not strata-opt %s --stablehlo-eqsat="rules=no-such-rule" 2>&1 | FileCheck %s --check-prefix=BADRULE
// RUN: not strata-opt %s --stablehlo-eqsat="node-limit=many" 2>&1 | FileCheck %s --check-prefix=BADNUM
// RUN: not strata-opt %s --stablehlo-eqsat="extractor=magic" 2>&1 | FileCheck %s --check-prefix=BADEX
// RUN: not strata-opt %s --stablehlo-eqsat="dot-file=/nonexistent-dir/x.dot" 2>&1 | FileCheck %s --check-prefix=BADDOT

// STATS: StablehloEqsat
// STATS-DAG: cost-after
// STATS-DAG: cost-before
// STATS-DAG: num-eclasses
// STATS-DAG: num-enodes
// STATS-DAG: num-iterations
// STATS-DAG: rule.neg-neg
// STATS-DAG: rule.transpose-transpose
// STATS-DAG: 1 stop-saturated

// LIST: | rule | domain | algebra | preconditions | exact | source |
// LIST: | `add-zero` | arith | `x + 0 == x` |
// LIST: | `dot-merge-shared` (expansive) | dot/conv |

// DOT: digraph egraph {
// DOT: subgraph cluster_block
// DOT: label="negate\ntensor<4x3xf32>"
// DOT: ->

// EXPLAIN: stablehlo-eqsat: value of tensor<4x3xf32> loc({{.*}}options.mlir":{{.*}}): transpose[permutation = array<i64: 1, 0>]( transpose[permutation = array<i64: 1, 0>](negate(negate(%arg0))) )
// EXPLAIN: = by transpose-transpose
// EXPLAIN-NEXT: negate(negate(%arg0))
// EXPLAIN-NEXT: = by neg-neg
// EXPLAIN-NEXT: %arg0

// ILP-LABEL: func.func @f
// ILP-NEXT: return %arg0

// LIMIT: 1 stop-node-limit

// BADRULE: for the --rules option: no rule named 'no-such-rule' (see list-rules)
// BADNUM: for the --node-limit option: 'many' value invalid for uint argument!
// BADEX: for the --extractor option: Cannot find option named 'magic'!
// BADDOT: error: stablehlo-eqsat: cannot write the dot file '/nonexistent-dir/x.dot'
func.func @f(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = stablehlo.negate %x : tensor<4x3xf32>
  %1 = stablehlo.negate %0 : tensor<4x3xf32>
  %2 = stablehlo.transpose %1, dims = [1, 0] : (tensor<4x3xf32>) -> tensor<3x4xf32>
  %3 = stablehlo.transpose %2, dims = [1, 0] : (tensor<3x4xf32>) -> tensor<4x3xf32>
  return %3 : tensor<4x3xf32>
}
