// A dynamic shape: StableHLO lowers it through the shape dialect, which Strata does not have.
func.func @dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = chlo.erf %x : tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
