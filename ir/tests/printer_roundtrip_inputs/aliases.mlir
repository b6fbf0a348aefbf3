#user_map = affine_map<(d0, d1) -> (d1, d0)>
#user_set = affine_set<(d0) : (d0 >= 0)>
!user_type = tensor<4xf32>
!big = tuple<i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16, i17>
"t.a"() {m = #user_map, s = #user_set, t = !user_type, b = !big, mr = memref<2x2xf32, #user_map>, nested = [#user_map, {k = #user_set}]} : () -> (!big, memref<2x2xf32, #user_map>)
"t.b"() ({
^bb0(%a: !big, %b: memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>):
  "t.c"() {m = affine_map<(d0)[s0] -> (d0 + s0)>, m2 = affine_map<(d0, d1) -> (d1, d0)>} : () -> ()
}) : () -> ()
