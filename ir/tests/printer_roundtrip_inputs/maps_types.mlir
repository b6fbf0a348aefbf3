#map = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2, d0 * 2 + 1, d0 - 1, -d0, d0 * -3 + d1, d0 - d1 * 3, (d0 + d1) mod 4, d0 ceildiv 3, (d0 + 1) * 2, d0 * (s0 + 2), s0 * d0, 3 * d0, 2 + d0, d0 + d1 + s0, d0 + (d1 + s0), d0 - (d1 + s0), d0 floordiv s0, (d0 * 2) floordiv 3)>
module {
  "foo.a"() {m = #map, m2 = affine_map<(d0) -> (d0)>, s = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>, m3 = affine_map<() -> (0)>} : () -> ()
  "foo.b"() ({
    "foo.c"() {m = affine_map<(d0) -> (d0 + 1)>} : () -> ()
  }) {m = affine_map<(d0) -> (d0 + 2)>} : () -> ()
  %0 = "foo.d"() : () -> memref<4xf32, strided<[1], offset: ?>, 1>
  %1 = "foo.d"() : () -> memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
  %2:25 = "foo.d"() : () -> (vector<[4]x8xf32>, vector<2x[4]x[8]xf32>, complex<f32>, tuple<i32, f32>, tuple<>, (i32) -> (f32, f32), () -> ((i32) -> i32), ui8, si32, index, none, !foo.bar, !foo<"x y">, tensor<*xf32>, tensor<4xf32, #foo.enc>, memref<*xf32, 2>, memref<?xf32, strided<[?], offset: 3>>, memref<f32>, tensor<f32>, vector<f32>, f8E4M3FN, tf32, i1, !foo.bar<a,b>, !foo<bar>)
}
