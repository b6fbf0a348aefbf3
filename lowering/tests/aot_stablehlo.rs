//! Ahead of time from StableHLO: `strata-compile` legalizes a StableHLO module to linalg
//! (`stablehlo-legalize-to-linalg`), compiles it to an object + C header, the system C compiler
//! links it (`cc main.c NAME.o -lm`, nothing else) and the program checks the results against
//! a plain C reference.

#[cfg(not(feature = "mlir"))]
#[test]
fn aot_stablehlo_needs_the_mlir_feature() {
    eprintln!("note: strata-compile tests skipped: built without the `mlir` feature (LLVM 22 packages absent)");
}

#[cfg(feature = "mlir")]
mod aot_stablehlo {
    use std::path::Path;
    use std::process::Command;

    /// A dense layer with ReLU and a row sum (f32), and an integer compare/add (i32 → i1, i32).
    const PROGRAM: &str = r#"
func.func @layer(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>, %b: tensor<4xf32>) -> (tensor<8x4xf32>, tensor<8xf32>) {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<4xf32>) -> tensor<8x4xf32>
  %2 = stablehlo.add %0, %1 : tensor<8x4xf32>
  %z = stablehlo.constant dense<0.0> : tensor<8x4xf32>
  %3 = stablehlo.maximum %2, %z : tensor<8x4xf32>
  %c0 = stablehlo.constant dense<0.0> : tensor<f32>
  %4 = stablehlo.reduce(%3 init: %c0) applies stablehlo.add across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
  return %3, %4 : tensor<8x4xf32>, tensor<8xf32>
}
func.func @cmp(%a: tensor<10xi32>, %b: tensor<10xi32>) -> (tensor<10xi1>, tensor<10xi32>) {
  %0 = stablehlo.compare GT, %a, %b, SIGNED : (tensor<10xi32>, tensor<10xi32>) -> tensor<10xi1>
  %1 = stablehlo.add %a, %b : tensor<10xi32>
  return %0, %1 : tensor<10xi1>, tensor<10xi32>
}
"#;

    const MAIN: &str = r#"
#include <math.h>
#include <stdio.h>
#include "layer_kernel.h"
#include "cmp_kernel.h"
int main(void) {
  static float x[8 * 16], w[16 * 4], b[4], y[8 * 4], s[8];
  for (int i = 0; i < 8 * 16; i++) x[i] = (float)((i * 7) % 13 - 6) / 8.0f;
  for (int i = 0; i < 16 * 4; i++) w[i] = (float)((i * 5) % 11 - 5) / 8.0f;
  for (int i = 0; i < 4; i++) b[i] = (float)(i % 3 - 1) / 4.0f;
  if (layer_kernel(x, w, b, y, s) != 0) { printf("status\n"); return 1; }
  for (int i = 0; i < 8; i++) {
    double row = 0;
    for (int j = 0; j < 4; j++) {
      double acc = b[j];
      for (int k = 0; k < 16; k++) acc += (double)x[i * 16 + k] * w[k * 4 + j];
      double want = acc > 0 ? acc : 0;
      row += want;
      if (fabs(y[i * 4 + j] - want) > 1e-5 * (1 + fabs(want))) { printf("layer: y[%d][%d] = %g, want %g\n", i, j, y[i * 4 + j], want); return 1; }
    }
    if (fabs(s[i] - row) > 1e-5 * (1 + fabs(row))) { printf("layer: s[%d] = %g, want %g\n", i, s[i], row); return 1; }
  }
  int32_t a[10], c[10], sum[10]; bool gt[10];
  for (int i = 0; i < 10; i++) { a[i] = i * 3 - 10; c[i] = 5 - i; }
  if (cmp_kernel(a, c, gt, sum) != 0) return 1;
  for (int i = 0; i < 10; i++)
    if (gt[i] != (a[i] > c[i]) || sum[i] != a[i] + c[i]) { printf("cmp: element %d\n", i); return 1; }
  printf("ok\n");
  return 0;
}
"#;

    fn compile(dir: &Path, entry: &str, name: &str) {
        let out = Command::new(env!("CARGO_BIN_EXE_strata-compile"))
            .arg(dir.join("prog.mlir"))
            .args(["--entry", entry, "--name", name, "-o"])
            .arg(dir.join(format!("{name}.o")))
            .arg("--header")
            .arg(dir.join(format!("{name}.h")))
            .output()
            .unwrap();
        assert!(out.status.success(), "strata-compile: {}", String::from_utf8_lossy(&out.stderr));
    }

    #[test]
    fn stablehlo_object_links_with_cc_and_computes() {
        if !Command::new("cc").arg("--version").output().is_ok_and(|o| o.status.success()) {
            eprintln!("note: no system C compiler (cc): the AOT link test is skipped");
            return;
        }
        let dir = std::env::temp_dir().join(format!("strata_aot_hlo_{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("prog.mlir"), PROGRAM).unwrap();
        std::fs::write(dir.join("main.c"), MAIN).unwrap();
        compile(&dir, "layer", "layer_kernel");
        compile(&dir, "cmp", "cmp_kernel");
        let h = std::fs::read_to_string(dir.join("layer_kernel.h")).unwrap();
        assert!(
            h.contains("int32_t layer_kernel(const float *arg0, const float *arg1, const float *arg2, float *res0, float *res1);"),
            "{h}"
        );
        let exe = dir.join("main");
        let cc = Command::new("cc")
            .current_dir(&dir)
            .args(["main.c", "layer_kernel.o", "cmp_kernel.o", "-lm", "-o"])
            .arg(&exe)
            .output()
            .unwrap();
        assert!(cc.status.success(), "cc: {}", String::from_utf8_lossy(&cc.stderr));
        let run = Command::new(&exe).output().unwrap();
        let stdout = String::from_utf8_lossy(&run.stdout);
        assert!(run.status.success() && stdout.starts_with("ok"), "program: {stdout}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
