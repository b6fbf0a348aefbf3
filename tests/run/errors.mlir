// Bad arguments, unreadable inputs and unsupported ops are clear errors with exit 1.
// RUN: not strata-run %s --args '[dense<[1.0, 2.0, 3.0]> : tensor<3xf32>]' 2>&1 | strata-check %s --check-prefix=SHAPE
// RUN: not strata-run %s --args '[dense<[1, 2]> : tensor<2xi32>]' 2>&1 | strata-check %s --check-prefix=TYPE
// RUN: not strata-run %s 2>&1 | strata-check %s --check-prefix=COUNT
// RUN: printf 'not an npy file' > %t.bad.npy
// RUN: not strata-run %s --inputs %t.bad.npy 2>&1 | strata-check %s --check-prefix=NPY
// RUN: not strata-run %s --inputs %t.missing.npy 2>&1 | strata-check %s --check-prefix=MISSING
// RUN: not strata-run --jit %s 2>&1 | strata-check %s --check-prefix=JIT
// RUN: not strata-run %S/Inputs/unsupported.stablehlo 2>&1 | strata-check %s --check-prefix=UNSUPPORTED
// RUN: not strata-run %s --bogus 2>&1 | strata-check %s --check-prefix=FLAG

// SHAPE: error: argument #0 of @main expects tensor<2xf32>, got tensor<3xf32> from --args
// TYPE: error: argument #0 of @main expects tensor<2xf32>, got tensor<2xi32> from --args
// COUNT: error: @main takes 1 argument(s), got 0; pass them with --inputs
// NPY: error: cannot read '{{.*}}bad.npy':
// MISSING: error: cannot read '{{.*}}missing.npy':
// JIT: error:
// UNSUPPORTED: unsupported.stablehlo:4:8: error: stablehlo.einsum is not supported by the interpreter yet
// FLAG: error: unknown option '--bogus'
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
