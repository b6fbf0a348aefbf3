// --bench N prints one `exec_seconds: <t>` line per timed execution (after a warm-up),
// the protocol of ../shared/bench/run_peers.py --peer-cmd; outputs still go to --output-dir.
// RUN: strata-run %s --args '[dense<[1.0, 2.0]> : tensor<2xf32>]' --bench 3 --output-dir %t.d | strata-check %s
// RUN: test -f %t.d/out0.npy
// CHECK-NOT: dense
// CHECK: exec_seconds: {{[0-9.]+}}
// CHECK-NEXT: exec_seconds: {{[0-9.]+}}
// CHECK-NEXT: exec_seconds: {{[0-9.]+}}
// CHECK-NOT: exec_seconds
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.multiply %x, %x : tensor<2xf32>
  return %0 : tensor<2xf32>
}
