"foo.a"() <{p = 1 : i32}> {
s1 = "a\tb\01\7F\C3\A9z'", s2 = "x" : i32, "quoted name" = 1, _under = unit, a.b = 1, a$b = 2, "1x" = 3, 
d1 = dense<1.0> : tensor<4xf32>, d2 = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, d3 = dense<(1.0, 2.0)> : tensor<2xcomplex<f32>>, d4 = dense<true> : tensor<3xi1>, d5 = dense<[true, false]> : tensor<2xi1>,
d6 = dense<[1, 255]> : tensor<2xui8>, d7 = dense<[1, -1]> : tensor<2xsi8>, d8 = dense<[(1, 2), (3, 4)]> : tensor<2xcomplex<i32>>, d9 = dense<> : tensor<0xf32>, d10 = dense<5> : tensor<i32>, d11 = dense<[[]]> : tensor<1x0xi32>,
d12 = dense<["a", "b"]> : tensor<2x!foo.string>, d13 = dense<"xy"> : tensor<3x!foo.string>, d14 = dense_resource<blob1> : tensor<2xi32>, d15 = dense<[1.5, 2.5]> : vector<2xf64>, d16 = dense<-1> : tensor<2xi64>,
a1 = array<f32: 1.0, 2.5>, a2 = array<i1: true, false>, a3 = array<i8: -1, 2>, a4 = array<f64>, a5 = array<i32: 1>,
t1 = i32, t2 = tensor<?xf32>, dict = {b = 1, a = "x", c}, ar = [1 : i32, 2, 3.0, 4.0 : f32, "s", [unit], @sym, dense<1> : tensor<2xi32>],
i1 = -5 : i32, i2 = 255 : ui8, i3 = -1 : si8, i4 = 5 : index, i5 = 1 : i1, i6 = 18446744073709551615 : ui64, i7 = -9223372036854775808 : i64, i8 = 7 : i128, i9 = 0 : i1,
str = strided<[?, 1], offset: 0>, str2 = strided<[1]>, str3 = strided<[]>, str4 = strided<[4, 1], offset: ?>,
l1 = loc("f.mlir":1:2), l2 = loc(unknown), l3 = loc("n"("f":1:2)), l4 = loc(callsite("a" at "f":3:4)), l5 = loc(fused["a", "b"]), l6 = loc(fused<"m">["a"]), l7 = loc("f":1:2 to 3:4), l8 = loc("f":1:2 to :7), l9 = loc("n"),
e1 = #foo.attr, e2 = #foo<"x y">, e3 = #foo<attr<1>>, e4 = #foo.a<b, c>, sym = @"with space"::@b, f1 = 1.0 : f64, f2 = 0x7FF8000000000000 : f64
} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000"
    }
  }
#-}
