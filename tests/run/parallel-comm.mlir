// The communication ops inside interpreter.run_parallel: collective_reduce (static and
// dynamic root), send/recv between processes (a receiver waits for its sender), outfeed, and
// interpreter.probe with --probe-output-dir (probeN.npy files and index.csv, as
// stablehlo-translate writes them).
// RUN: strata-run %s --split-input-file 2>&1 | strata-check %s
// RUN: rm -rf %t.probes && strata-run %s --split-input-file --probe-output-dir %t.probes > /dev/null
// RUN: cat %t.probes/index.csv | strata-check %s --check-prefix=INDEX
// RUN: ls %t.probes | strata-check %s --check-prefix=FILES
// RUN: not strata-run %S/Inputs/recv-without-send.mlir 2>&1 | strata-check %s --check-prefix=NOSEND

// The reduction lands on each group's first member (process 2; process 0 alone), zeros elsewhere.
module @collective_reduce {
  func.func @reduce(%operand : tensor<1x2xi64>) -> tensor<1x2xi64> {
    %result = "stablehlo.collective_reduce"(%operand) ({
      ^bb0(%a: tensor<i64>, %b: tensor<i64>):
        %s = stablehlo.add %a, %b : tensor<i64>
        stablehlo.return %s : tensor<i64>
    }) {
      replica_groups = dense<[[2, 1, 3], [0, -1, -1]]> : tensor<2x3xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
    } : (tensor<1x2xi64>) -> tensor<1x2xi64>
    return %result : tensor<1x2xi64>
  }
  func.func @main() {
    %o0 = stablehlo.constant dense<[[1, 2]]> : tensor<1x2xi64>
    %o1 = stablehlo.constant dense<[[3, 4]]> : tensor<1x2xi64>
    %o2 = stablehlo.constant dense<[[5, 6]]> : tensor<1x2xi64>
    %o3 = stablehlo.constant dense<[[7, 8]]> : tensor<1x2xi64>
    %r:4 = "interpreter.run_parallel"(%o0, %o1, %o2, %o3) {
      programs = [[@reduce], [@reduce], [@reduce], [@reduce]]
    } : (tensor<1x2xi64>, tensor<1x2xi64>, tensor<1x2xi64>, tensor<1x2xi64>) ->
        (tensor<1x2xi64>, tensor<1x2xi64>, tensor<1x2xi64>, tensor<1x2xi64>)
    check.expect_eq_const %r#0, dense<[[1, 2]]> : tensor<1x2xi64>
    check.expect_eq_const %r#1, dense<[[0, 0]]> : tensor<1x2xi64>
    check.expect_eq_const %r#2, dense<[[15, 18]]> : tensor<1x2xi64>
    check.expect_eq_const %r#3, dense<[[0, 0]]> : tensor<1x2xi64>
    func.return
  }
}

// -----

// has_dynamic_root: the last operand names the root (group position 1, process 1).
module @collective_reduce_dynamic_root {
  func.func @reduce(%operand : tensor<2xf32>) -> tensor<2xf32> {
    %root = stablehlo.constant dense<[1]> : tensor<1xi32>
    %result = "stablehlo.collective_reduce"(%operand, %root) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.maximum %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
    }) {
      has_dynamic_root = true,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
    } : (tensor<2xf32>, tensor<1xi32>) -> tensor<2xf32>
    return %result : tensor<2xf32>
  }
  func.func @main() {
    %o0 = stablehlo.constant dense<[1.0, 9.0]> : tensor<2xf32>
    %o1 = stablehlo.constant dense<[4.0, -2.0]> : tensor<2xf32>
    %r:2 = "interpreter.run_parallel"(%o0, %o1) {
      programs = [[@reduce], [@reduce]]
    } : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
    check.expect_eq_const %r#0, dense<[0.0, 0.0]> : tensor<2xf32>
    check.expect_eq_const %r#1, dense<[4.0, 9.0]> : tensor<2xf32>
    func.return
  }
}

// -----

// send/recv: process 1 receives before process 0 has sent (it waits); the pairs route
// process 0's message to process 1 and process 1's answer back. Outfeed values print in order.
// CHECK: outfeed #0: dense<[1, 2]> : tensor<2xi64>
// CHECK: strata-run: 4 of 4 chunk(s) passed
module @send_recv {
  func.func @first(%x : tensor<2xi64>) -> tensor<2xi64> {
    %t0 = stablehlo.after_all : !stablehlo.token
    %t1 = "stablehlo.send"(%x, %t0) {
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
      is_host_transfer = false,
      source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
    %y, %t2 = "stablehlo.recv"(%t1) {
      channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>,
      is_host_transfer = false,
      source_target_pairs = dense<[[1, 0]]> : tensor<1x2xi64>
    } : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
    return %y : tensor<2xi64>
  }
  func.func @second(%x : tensor<2xi64>) -> tensor<2xi64> {
    %t0 = stablehlo.after_all : !stablehlo.token
    %y, %t1 = "stablehlo.recv"(%t0) {
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
      is_host_transfer = false,
      source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
    %z = stablehlo.add %y, %x : tensor<2xi64>
    %t2 = "stablehlo.outfeed"(%y, %t1) {outfeed_config = ""} : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
    %t3 = "stablehlo.send"(%z, %t2) {
      channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>,
      is_host_transfer = false,
      source_target_pairs = dense<[[1, 0]]> : tensor<1x2xi64>
    } : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
    return %z : tensor<2xi64>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
    %b = stablehlo.constant dense<[10, 20]> : tensor<2xi64>
    %r:2 = "interpreter.run_parallel"(%a, %b) {
      programs = [[@first], [@second]]
    } : (tensor<2xi64>, tensor<2xi64>) -> (tensor<2xi64>, tensor<2xi64>)
    check.expect_eq_const %r#0, dense<[11, 22]> : tensor<2xi64>
    check.expect_eq_const %r#1, dense<[11, 22]> : tensor<2xi64>
    func.return
  }
}

// -----

// Probes: each execution writes the next probeN.npy and an index.csv line.
// INDEX: probe_a,tensor<2xf32>,{{.*}}probe1.npy
// INDEX-NEXT: probe_b,tensor<2xf32>,{{.*}}probe2.npy
// INDEX-NEXT: probe_a,tensor<2xf32>,{{.*}}probe3.npy
// FILES: index.csv
// FILES-NEXT: probe1.npy
// FILES-NEXT: probe2.npy
// FILES-NEXT: probe3.npy
func.func @main() {
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = interpreter.probe %x, probe_id = "probe_a" : tensor<2xf32>
  %1 = stablehlo.add %0, %0 : tensor<2xf32>
  %2 = interpreter.probe %1, probe_id = "probe_b" : tensor<2xf32>
  %3 = interpreter.probe %2, probe_id = "probe_a" : tensor<2xf32>
  check.expect_serialized_eq %x, probe_id = "probe_a", iter = 0 : tensor<2xf32>
  check.expect_serialized_eq %3, probe_id = "probe_a", iter = 1 : tensor<2xf32>
  func.return
}

// NOSEND: recv-without-send.mlir:{{[0-9]+}}:{{[0-9]+}}: error: stablehlo.recv: nothing was sent on channel 1
