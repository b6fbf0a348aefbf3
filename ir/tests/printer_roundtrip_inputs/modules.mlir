module @outer attributes {foo.x = 1 : i32, sym_visibility = "private"} {
  module {
  }
  module @"a b" {
    "t.x"() : () -> ()
  }
  builtin.module attributes {foo.y} {
  }
  "t.r"() ({
    module {}
    "builtin.module"() ({
      "t.y"() : () -> ()
    }) {sym_name = "gen"} : () -> ()
  }) : () -> ()
}
