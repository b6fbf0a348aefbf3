// The interpreter runs chlo ops by their StableHLO decomposition (chlo-legalize-to-stablehlo):
// the values match the functions within the approximations' accuracy, and the legalized
// program computes the same thing.
// RUN: strata-run --interpret --split-input-file %s
// RUN: strata-opt --chlo-legalize-to-stablehlo --split-input-file %s --output-split-marker="// -----" | strata-run --interpret --split-input-file -

func.func @special_functions() {
  %x = stablehlo.constant dense<[0.5, -2.0, 3.0]> : tensor<3xf64>
  %erf = chlo.erf %x : tensor<3xf64> -> tensor<3xf64>
  check.expect_almost_eq_const %erf, dense<[0.5204998778130465, -0.9953222650189527, 0.9999779095030014]> : tensor<3xf64>
  %erfc = chlo.erfc %x : tensor<3xf64> -> tensor<3xf64>
  check.expect_almost_eq_const %erfc, dense<[0.4795001221869535, 1.9953222650189527, 2.2090496998585438e-05]> : tensor<3xf64>
  %g = stablehlo.constant dense<[0.5, -2.5, 10.0]> : tensor<3xf32>
  %lgamma = chlo.lgamma %g : tensor<3xf32> -> tensor<3xf32>
  check.expect_almost_eq_const %lgamma, dense<[0.5723649429247004, -0.05624371649767457, 12.801827480081467]> : tensor<3xf32>
  %d = stablehlo.constant dense<[1.0, 0.5, -0.5]> : tensor<3xf32>
  %digamma = chlo.digamma %d : tensor<3xf32> -> tensor<3xf32>
  check.expect_almost_eq_const %digamma, dense<[-0.5772156649015329, -1.9635100260214235, 0.03648997397857652]> : tensor<3xf32>
  %p = stablehlo.constant dense<[0.5, 1.0, 0.0]> : tensor<3xf32>
  %erfinv = chlo.erf_inv %p : tensor<3xf32> -> tensor<3xf32>
  check.expect_almost_eq_const %erfinv, dense<[0.4769362762044699, 0x7F800000, 0.0]> : tensor<3xf32>
  %one = stablehlo.constant dense<[1.0]> : tensor<1xf64>
  %i1e = chlo.bessel_i1e %one : tensor<1xf64> -> tensor<1xf64>
  check.expect_almost_eq_const %i1e, dense<[0.20791041534970844]> : tensor<1xf64>
  %n = stablehlo.constant dense<[1.0]> : tensor<1xf64>
  %pg = chlo.polygamma %n, %one : tensor<1xf64>, tensor<1xf64> -> tensor<1xf64>
  check.expect_almost_eq_const %pg, dense<[1.6449340668482264]> : tensor<1xf64>
  %two = stablehlo.constant dense<[2.0]> : tensor<1xf64>
  %z = chlo.zeta %two, %one : tensor<1xf64>, tensor<1xf64> -> tensor<1xf64>
  check.expect_almost_eq_const %z, dense<[1.6449340668482264]> : tensor<1xf64>
  func.return
}

// -----

func.func @trigonometric() {
  %x = stablehlo.constant dense<[2.0, -3.0, 0.5]> : tensor<3xf32>
  %acosh = chlo.acosh %x : tensor<3xf32> -> tensor<3xf32>
  check.expect_almost_eq_const %acosh, dense<[1.3169578969248166, 0x7FC00000, 0x7FC00000]> : tensor<3xf32>
  %asinh = chlo.asinh %x : tensor<3xf32> -> tensor<3xf32>
  check.expect_almost_eq_const %asinh, dense<[1.4436354751788103, -1.8184464592320668, 0.48121182505960347]> : tensor<3xf32>
  %atanh = chlo.atanh %x : tensor<3xf32> -> tensor<3xf32>
  check.expect_almost_eq_const %atanh, dense<[0x7FC00000, 0x7FC00000, 0.5493061443340548]> : tensor<3xf32>
  %cosh = chlo.cosh %x : tensor<3xf32> -> tensor<3xf32>
  check.expect_almost_eq_const %cosh, dense<[3.7621956910836314, 10.067661995777765, 1.1276259652063807]> : tensor<3xf32>
  %sinh = chlo.sinh %x : tensor<3xf32> -> tensor<3xf32>
  check.expect_almost_eq_const %sinh, dense<[3.626860407847019, -10.017874927409903, 0.5210953054937474]> : tensor<3xf32>
  %tan = chlo.tan %x : tensor<3xf32> -> tensor<3xf32>
  check.expect_almost_eq_const %tan, dense<[-2.185039863261519, 0.1425465430742778, 0.5463024898437905]> : tensor<3xf32>
  %z = stablehlo.constant dense<[(0.5, 0.5), (2.0, 1.0)]> : tensor<2xcomplex<f64>>
  %asin = chlo.asin %z : tensor<2xcomplex<f64>> -> tensor<2xcomplex<f64>>
  check.expect_almost_eq_const %asin, dense<[(0.45227844715119064, 0.5306375309525178), (1.0634400235777521, 1.4693517443681852)]> : tensor<2xcomplex<f64>>
  %acosh_c = chlo.acosh %z : tensor<2xcomplex<f64>> -> tensor<2xcomplex<f64>>
  check.expect_almost_eq_const %acosh_c, dense<[(0.5306375309525178, 1.1185178796437059), (1.4693517443681852, 0.5073563032171445)]> : tensor<2xcomplex<f64>>
  %w = stablehlo.constant dense<[(0.5, 0.25), (-2.0, -3.0)]> : tensor<2xcomplex<f64>>
  %atan_c = chlo.atan %w : tensor<2xcomplex<f64>> -> tensor<2xcomplex<f64>>
  check.expect_almost_eq_const %atan_c, dense<[(0.4842544903299662, 0.20058661813123432), (-1.4099210495965755, -0.22907268296853878)]> : tensor<2xcomplex<f64>>
  %v = stablehlo.constant dense<[(0.5, 0.25), (3.0, -1.0)]> : tensor<2xcomplex<f32>>
  %atanh_c = chlo.atanh %v : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  check.expect_almost_eq_const %atanh_c, dense<[(0.5003700000525311, 0.3143981432077165), (0.3059438579055289, -1.4614618538579256)]> : tensor<2xcomplex<f32>>
  func.return
}

// -----

func.func @bits_and_sorting() {
  %x = stablehlo.constant dense<[1.0, 0.0, 2.0]> : tensor<3xf32>
  %y = stablehlo.constant dense<[2.0, -1.0, 2.0]> : tensor<3xf32>
  %na = chlo.next_after %x, %y : tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  check.expect_eq_const %na, dense<[1.00000012, -1.401298464e-45, 2.0]> : tensor<3xf32>
  %v = stablehlo.constant dense<[[3, 1, 4, 1, 5], [9, 2, 6, 5, 3]]> : tensor<2x5xi32>
  %top, %idx = chlo.top_k(%v, k = 2) : tensor<2x5xi32> -> (tensor<2x2xi32>, tensor<2x2xi32>)
  check.expect_eq_const %top, dense<[[5, 4], [9, 6]]> : tensor<2x2xi32>
  check.expect_eq_const %idx, dense<[[4, 2], [0, 2]]> : tensor<2x2xi32>
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[[10.0, 20.0], [30.0, 40.0]]> : tensor<2x2xf32>
  %s = chlo.broadcast_add %a, %b : (tensor<2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %s, dense<[[11.0, 22.0], [31.0, 42.0]]> : tensor<2x2xf32>
  %l = stablehlo.constant dense<[-1, 7]> : tensor<2xi32>
  %r = stablehlo.constant dense<0> : tensor<i32>
  %c = chlo.broadcast_compare %l, %r {comparison_direction = #chlo<comparison_direction GT>} : (tensor<2xi32>, tensor<i32>) -> tensor<2xi1>
  check.expect_eq_const %c, dense<[false, true]> : tensor<2xi1>
  func.return
}

// -----

// ragged_dot in its three modes: the ragged dimension non-contracting (one rhs group per row
// range), contracting (one result per group) and batch (a batched dot_general).
func.func @ragged_dot() {
  %lhs = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>
  %rhs = stablehlo.constant dense<[[[1.0, 0.0, 1.0], [0.0, 1.0, 1.0]], [[2.0, 0.0, 0.0], [0.0, 2.0, 0.0]]]> : tensor<2x2x3xf32>
  %gs = stablehlo.constant dense<[1, 3]> : tensor<2xi64>
  %r1 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<4x2xf32>, tensor<2x2x3xf32>, tensor<2xi64>) -> tensor<4x3xf32>
  check.expect_eq_const %r1, dense<[[1.0, 2.0, 3.0], [6.0, 8.0, 0.0], [10.0, 12.0, 0.0], [14.0, 16.0, 0.0]]> : tensor<4x3xf32>
  %l2 = stablehlo.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : tensor<2x4xf32>
  %r2h = stablehlo.constant dense<[[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 0.0]]> : tensor<4x2xf32>
  %r2 = "chlo.ragged_dot"(%l2, %r2h, %gs) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1], rhs_group_dimensions = []>} : (tensor<2x4xf32>, tensor<4x2xf32>, tensor<2xi64>) -> tensor<2x2x2xf32>
  check.expect_eq_const %r2, dense<[[[1.0, 0.0], [5.0, 0.0]], [[11.0, 5.0], [23.0, 13.0]]]> : tensor<2x2x2xf32>
  %l3 = stablehlo.constant dense<[[[1.0, 2.0]], [[3.0, 4.0]]]> : tensor<2x1x2xf32>
  %r3h = stablehlo.constant dense<[[[1.0], [1.0]], [[2.0], [0.0]]]> : tensor<2x2x1xf32>
  %r3 = "chlo.ragged_dot"(%l3, %r3h, %gs) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = []>} : (tensor<2x1x2xf32>, tensor<2x2x1xf32>, tensor<2xi64>) -> tensor<2x1x1xf32>
  check.expect_eq_const %r3, dense<[[[3.0]], [[6.0]]]> : tensor<2x1x1xf32>
  func.return
}

// -----

// mulhi: narrower than 64 bits through the double-width product, 64 bits from 32-bit halves.
func.func @mulhi_and_scan() {
  %a = stablehlo.constant dense<[-9223372036854775807, 3037000500, -5, 7]> : tensor<4xi64>
  %b = stablehlo.constant dense<[9223372036854775807, 3037000500, 3, -1]> : tensor<4xi64>
  %h = "chlo.mulhi"(%a, %b) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  check.expect_eq_const %h, dense<[-4611686018427387904, 0, -1, -1]> : tensor<4xi64>
  %ua = stablehlo.constant dense<[18446744073709551615, 4294967296]> : tensor<2xui64>
  %uh = "chlo.mulhi"(%ua, %ua) : (tensor<2xui64>, tensor<2xui64>) -> tensor<2xui64>
  check.expect_eq_const %uh, dense<[18446744073709551614, 1]> : tensor<2xui64>
  %c = stablehlo.constant dense<[-128, 100]> : tensor<2xi8>
  %ch = "chlo.mulhi"(%c, %c) : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi8>
  check.expect_eq_const %ch, dense<[64, 39]> : tensor<2xi8>
  func.return
}
