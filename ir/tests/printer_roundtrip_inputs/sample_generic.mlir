!tuple = tuple<i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32>
#loc = loc(unknown)
#loc1 = loc("f":1:2 to 3:4)
#loc2 = loc("a.mlir":2:3)
#loc3 = loc("a.mlir":4:5)
#loc4 = loc("f":1:2 to :7)
#map = affine_map<(d0, d1) -> (d1, d0)>
#map1 = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2, d0 * 2 + 1, d0 - 1, -d0, d0 * -3 + d1, d0 - d1 * 3, d0 - d1 * 3, (d0 + d1) mod 4, d0 ceildiv 3, (d0 + 1) * 2, d0 * (s0 + 2), d0 + d1 + s0, d0 - (d1 + s0), (d0 * 2) floordiv 3)>
#map2 = affine_map<() -> (0)>
#map3 = affine_map<(d0) -> (d0 + 1)>
#map4 = affine_map<(d0) -> (d0 + 2)>
#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
#loc5 = loc("fn"(#loc2))
#loc6 = loc(fused<"meta">[#loc2, #loc3])
#loc7 = loc(callsite(#loc5 at #loc3))
"builtin.module"() ({
  %0:28 = "foo.types"() : () -> (tensor<2x?xf32>, tensor<*xf32>, tensor<4xf32, #foo.enc>, memref<4xf32, strided<[1], offset: ?>, 1>, memref<4x4xf32, #map>, memref<4x4xf32>, memref<*xf32, 2>, vector<[4]x8xf32>, vector<2x[4]x[8]xf32>, vector<f32>, complex<f32>, tuple<i32, f32>, tuple<>, (i32) -> (f32, f32), () -> ((i32) -> i32), ui8, si32, index, none, !foo.bar, !foo<"x y">, !foo.bar<a,b>, !foo.bar, f8E4M3FN, tf32, i1, tensor<f32>, !tuple) loc(#loc1)
  "foo.attrs"() <{p = 1 : i32, pu}> {"1x" = 1 : i32, _under, a$b = 2 : i64, a.b = 1 : i64, a1 = array<f32: 1.000000e+00, 2.500000e+00>, a2 = array<i1: true, false>, a3 = array<i8: -1, 2>, a4 = array<f64>, a5 = array<i64: 1, 2, 3>, ar = [1 : i32, 2, 3.000000e+00, 4.000000e+00 : f32, "s", [unit], @sym, dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>], bf16 = -2.500000e+00 : bf16, d1 = dense<1.000000e+00> : tensor<4xf32>, d10 = dense<5> : tensor<i32>, d11 = dense<> : tensor<1x0xi32>, d12 = dense<["a", "b\0A"]> : tensor<2x!foo.string>, d13 = dense<"xy"> : tensor<3x!foo.string>, d14 = dense_resource<blob1> : tensor<2xi32>, d15 = dense<[1.500000e+00, 2.500000e+00]> : vector<2xf64>, d16 = dense<-1> : tensor<2xi64>, d2 = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, d3 = dense<[(1.000000e+00,2.000000e+00), (3.000000e+00,4.000000e+00)]> : tensor<2xcomplex<f32>>, d4 = dense<true> : tensor<3xi1>, d5 = dense<[true, false]> : tensor<2xi1>, d6 = dense<[1, 255]> : tensor<2xui8>, d7 = dense<[1, -1]> : tensor<2xsi8>, d9 = dense<> : tensor<0xf32>, dict = {a = "x", b = 1 : i64, c}, e1 = #foo.attr, e2 = #foo<"x y">, e3 = #foo.attr<1>, e4 = #foo.a<b, c>, e5 = #foo<comparison_direction LT>, empty_arr = [], empty_dict = {}, f1 = 1.000000e-01 : f64, f16 = 9.997550e-02 : f16, f8 = 4.480000e+02 : f8E4M3FN, f80 = 0.100000000000000005551 : f80, hex1 = dense<"0x000000000100000002000000030000000400000005000000060000000700000008000000090000000A0000000B0000000C0000000D0000000E0000000F000000100000001100000012000000130000001400000015000000160000001700000018000000190000001A0000001B0000001C0000001D0000001E0000001F000000200000002100000022000000230000002400000025000000260000002700000028000000290000002A0000002B0000002C0000002D0000002E0000002F000000300000003100000032000000330000003400000035000000360000003700000038000000390000003A0000003B0000003C0000003D0000003E0000003F000000400000004100000042000000430000004400000045000000460000004700000048000000490000004A0000004B0000004C0000004D0000004E0000004F000000500000005100000052000000530000005400000055000000560000005700000058000000590000005A0000005B0000005C0000005D0000005E0000005F000000600000006100000062000000630000006400000065000000660000006700000068000000690000006A0000006B0000006C0000006D0000006E0000006F000000700000007100000072000000730000007400000075000000760000007700000078000000790000007A0000007B0000007C0000007D0000007E0000007F000000800000008100000082000000830000008400000085000000860000008700000088000000890000008A0000008B0000008C0000008D0000008E0000008F000000900000009100000092000000930000009400000095000000960000009700000098000000990000009A0000009B0000009C0000009D0000009E0000009F000000A0000000A1000000A2000000A3000000A4000000A5000000A6000000A7000000A8000000A9000000AA000000AB000000AC000000AD000000AE000000AF000000B0000000B1000000B2000000B3000000B4000000B5000000B6000000B7000000B8000000B9000000BA000000BB000000BC000000BD000000BE000000BF000000C0000000C1000000C2000000C3000000C4000000C5000000C6000000C7000000"> : tensor<200xi32>, hex_bool = dense<"0x555555555555555555555555555555"> : tensor<120xi1>, hex_f16 = dense<"0x003C013C023C033C043C053C063C073C083C093C0A3C0B3C0C3C0D3C0E3C0F3C103C113C123C133C143C153C163C173C183C193C1A3C1B3C1C3C1D3C1E3C1F3C203C213C223C233C243C253C263C273C283C293C2A3C2B3C2C3C2D3C2E3C2F3C303C313C323C333C343C353C363C373C383C393C3A3C3B3C3C3C3D3C3E3C3F3C403C413C423C433C443C453C463C473C483C493C4A3C4B3C4C3C4D3C4E3C4F3C503C513C523C533C543C553C563C573C583C593C5A3C5B3C5C3C5D3C5E3C5F3C603C613C623C633C643C"> : tensor<101xf16>, i1 = -5 : i32, i10 = -1 : i8, i2 = 255 : ui8, i3 = -1 : si8, i4 = 5 : index, i5 = true, i6 = 18446744073709551615 : ui64, i7 = -9223372036854775808 : i64, i8 = 7 : i128, i9 = false, l1 = #loc2, l2 = #loc, l3 = #loc5, l4 = #loc7, l5 = #loc6, l7 = #loc1, l8 = #loc4, map = #map1, map0 = #map2, "quoted name" = 1 : i64, s1 = "a\09b\01\7F\C3\A9\22z'\\", s2 = "x" : i32, set = #set, str = strided<[?, 1]>, str2 = strided<[1]>, str3 = strided<[]>, str4 = strided<[4, 1], offset: ?>, sym = @"with space"::@b, t1 = i32, t2 = tensor<2x?xf32>} : () -> () loc(#loc7)
  %1 = "t.a"() ({
  ^bb0(%arg1: i32 loc(unknown), %arg2: i32 loc(unknown)):
    %4 = "t.b"(%arg1) ({
    ^bb0(%arg3: i32 loc(unknown)):
      "t.y"(%arg3) : (i32) -> () loc(#loc)
    }) : (i32) -> i32 loc(#loc6)
    "t.br"()[^bb1] : () -> () loc(#loc)
  ^bb1:  // pred: ^bb0
    %5 = "t.c"() : () -> i32 loc(#loc)
    "t.cbr"(%5)[^bb2, ^bb2] : (i32) -> () loc(#loc)
  ^bb2:  // 2 preds: ^bb1, ^bb1
    "t.cbr"()[^bb3, ^bb4] : () -> () loc(#loc)
  ^bb3:  // pred: ^bb2
    "t.br"()[^bb4] : () -> () loc(#loc)
  ^bb4(%6: i32 loc("a.mlir":4:5), %7: i64 loc(unknown)):  // 2 preds: ^bb2, ^bb3
    "t.ret"(%6) : (i32) -> () loc(#loc)
  ^bb5:  // no predecessors
    "t.ret"() : () -> () loc(#loc)
  }, {
    %3 = "t.d"() : () -> i32 loc(#loc)
  }, {
  }, {
  ^bb0:
  }) {m = #map} : () -> i32 loc(#loc)
  %2:3 = "t.e"(%1) : (i32) -> (i32, i32, i32) loc(#loc)
  "t.f"(%2#0, %2#2) ({
  ^bb0(%arg0: i32 loc(unknown)):
    "t.g"(%arg0) : (i32) -> () loc(#loc)
  }) : (i32, i32) -> () loc(#loc)
  "t.h"() ({
    "t.g"() : () -> () loc(#loc)
  ^bb1:  // no predecessors
    "t.g"() : () -> () loc(#loc)
  }) : () -> () loc(#loc)
  "builtin.module"() ({
  ^bb0:
  }) : () -> () loc(#loc)
  "builtin.module"() <{sym_name = "a b"}> ({
    "t.x"() : () -> () loc(#loc)
  }) : () -> () loc(#loc)
  "builtin.module"() ({
  ^bb0:
  }) {foo.y} : () -> () loc(#loc)
  "t.r"() ({
    "builtin.module"() ({
    ^bb0:
    }) : () -> () loc(#loc)
  }) : () -> () loc(#loc)
  "t.q"() <{p = affine_map<(d0) -> (d0 + 9)>}> ({
    "t.c"() {m = #map3} : () -> () loc(#loc)
  }) {m = #map4} : () -> () loc(#loc)
}) : () -> () loc(#loc)

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000"
    }
  }
#-}
