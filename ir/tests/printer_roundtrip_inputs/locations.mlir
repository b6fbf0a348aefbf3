#loc = loc("x.mlir":1:2)
"t.a"() ({
^bb0(%arg0: i32 loc("arg.mlir":3:4), %arg1: f32 loc(unknown)):
  "t.b"(%arg0) : (i32) -> () loc(callsite("callee"("c.mlir":1:1) at "caller.mlir":2:2))
  "t.c"() : () -> () loc(fused<"meta">["a.mlir":1:1, "b.mlir":2:2])
  "t.d"() : () -> () loc(fused["a.mlir":1:1, unknown])
  "t.e"() : () -> () loc("name")
  "t.f"() : () -> () loc("r.mlir":1:2 to 3:4)
  "t.g"() : () -> () loc("r.mlir":1:2 to :9)
  "t.h"() {l = loc("in attr":5:6)} : () -> () loc("in attr":5:6)
  "t.i"() : () -> () loc(#loc)
}) : () -> () loc("top.mlir":1:1)
