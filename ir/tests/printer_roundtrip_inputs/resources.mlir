"t.a"() {a = dense_resource<b2> : tensor<1xi32>, b = dense_resource<b1> : tensor<1xi32>, c = dense_resource<b2> : tensor<1xi32>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      b1: "0x0400000001000000",
      b3: "0x0400000003000000",
      b2: "0x0400000002000000"
    }
  },
  external_resources: {
    ext: {
      k1: true,
      k2: "str"
    },
    ext2: {
      k: "0x0100000001"
    }
  }
#-}
