//! Ahead of time: strata-compile turns a function into an object + header, the system C compiler
//! links it into a program (`cc main.c NAME.o -lm`, nothing else), and the program checks the
//! results against a plain C reference.

#[cfg(not(feature = "mlir"))]
#[test]
fn aot_needs_the_mlir_feature() {
    eprintln!("note: strata-compile tests skipped: built without the `mlir` feature (LLVM 22 packages absent)");
}

#[cfg(feature = "mlir")]
mod aot {
    use std::path::Path;
    use std::process::Command;

    const MLP: &str = r#"
#map = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @mlp(%x: tensor<37x29xf32>, %w: tensor<29x19xf32>, %b: tensor<19xf32>) -> tensor<37x19xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<37x19xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<37x19xf32>) -> tensor<37x19xf32>
  %m = linalg.matmul ins(%x, %w : tensor<37x29xf32>, tensor<29x19xf32>) outs(%f : tensor<37x19xf32>) -> tensor<37x19xf32>
  %r = linalg.generic {indexing_maps = [#id, #map, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m, %b : tensor<37x19xf32>, tensor<19xf32>) outs(%e : tensor<37x19xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    %t = arith.maximumf %s, %z : f32
    %n = arith.negf %t : f32
    %x1 = math.exp %n : f32
    linalg.yield %x1 : f32
  } -> tensor<37x19xf32>
  return %r : tensor<37x19xf32>
}
func.func @cmp(%a: tensor<10xi32>, %b: tensor<10xi32>) -> (tensor<10xi1>, tensor<10xi32>) {
  %e1 = tensor.empty() : tensor<10xi1>
  %e2 = tensor.empty() : tensor<10xi32>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<10xi32>, tensor<10xi32>) outs(%e1, %e2 : tensor<10xi1>, tensor<10xi32>) {
  ^bb0(%x: i32, %y: i32, %o1: i1, %o2: i32):
    %c = arith.cmpi sgt, %x, %y : i32
    %s = arith.addi %x, %y : i32
    linalg.yield %c, %s : i1, i32
  } -> (tensor<10xi1>, tensor<10xi32>)
  return %r#0, %r#1 : tensor<10xi1>, tensor<10xi32>
}
"#;

    const MAIN: &str = r#"
#include <math.h>
#include <stdio.h>
#include "mlp_kernel.h"
#include "cmp_kernel.h"
int main(void) {
  static float x[37 * 29], w[29 * 19], b[19], out[37 * 19];
  for (int i = 0; i < 37 * 29; i++) x[i] = (float)((i * 7) % 13 - 6) / 8.0f;
  for (int i = 0; i < 29 * 19; i++) w[i] = (float)((i * 5) % 11 - 5) / 8.0f;
  for (int i = 0; i < 19; i++) b[i] = (float)(i % 5 - 2) / 4.0f;
  if (mlp_kernel(x, w, b, out) != 0) { printf("status\n"); return 1; }
  double worst = 0;
  for (int i = 0; i < 37; i++)
    for (int j = 0; j < 19; j++) {
      double s = b[j];
      for (int k = 0; k < 29; k++) s += (double)x[i * 29 + k] * w[k * 19 + j];
      double want = exp(-(s > 0 ? s : 0));
      double err = fabs(out[i * 19 + j] - want) / want;
      if (err > worst) worst = err;
    }
  if (worst > 1e-5) { printf("mlp: relative error %g\n", worst); return 1; }
  int32_t a[10], c[10], sum[10]; bool gt[10];
  for (int i = 0; i < 10; i++) { a[i] = i * 3 - 10; c[i] = 5 - i; }
  if (cmp_kernel(a, c, gt, sum) != 0) return 1;
  for (int i = 0; i < 10; i++)
    if (gt[i] != (a[i] > c[i]) || sum[i] != a[i] + c[i]) { printf("cmp: element %d\n", i); return 1; }
  printf("ok %g\n", worst);
  return 0;
}
"#;

    fn have_cc() -> bool {
        Command::new("cc").arg("--version").output().is_ok_and(|o| o.status.success())
    }

    fn compile(dir: &Path, entry: &str, name: &str, extra: &[&str]) {
        let out = Command::new(env!("CARGO_BIN_EXE_strata-compile"))
            .arg(dir.join("k.mlir"))
            .args(["--entry", entry, "--name", name, "-o"])
            .arg(dir.join(format!("{name}.o")))
            .arg("--header")
            .arg(dir.join(format!("{name}.h")))
            .args(extra)
            .output()
            .unwrap();
        assert!(out.status.success(), "strata-compile: {}", String::from_utf8_lossy(&out.stderr));
    }

    fn build_and_run(extra: &[&str], tag: &str) {
        if !have_cc() {
            eprintln!("note: no system C compiler (cc): the AOT link test is skipped");
            return;
        }
        let dir = std::env::temp_dir().join(format!("strata_aot_{}_{tag}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("k.mlir"), MLP).unwrap();
        std::fs::write(dir.join("main.c"), MAIN).unwrap();
        compile(&dir, "mlp", "mlp_kernel", extra);
        compile(&dir, "cmp", "cmp_kernel", extra);
        let h = std::fs::read_to_string(dir.join("mlp_kernel.h")).unwrap();
        assert!(
            h.contains("int32_t mlp_kernel(const float *arg0, const float *arg1, const float *arg2, float *res0);"),
            "{h}"
        );
        let exe = dir.join("main");
        let cc = Command::new("cc")
            .current_dir(&dir)
            .args(["main.c", "mlp_kernel.o", "cmp_kernel.o", "-lm", "-o"])
            .arg(&exe)
            .output()
            .unwrap();
        assert!(cc.status.success(), "cc: {}", String::from_utf8_lossy(&cc.stderr));
        let run = Command::new(&exe).output().unwrap();
        let stdout = String::from_utf8_lossy(&run.stdout);
        assert!(run.status.success() && stdout.starts_with("ok"), "program: {stdout}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn object_links_with_cc_and_computes() {
        build_and_run(&[], "host");
    }

    #[test]
    fn baseline_cpu_and_plain_pipeline() {
        build_and_run(&["--target-cpu=x86-64", "--no-schedule"], "baseline");
    }

    #[test]
    fn text_outputs_and_errors() {
        let dir = std::env::temp_dir().join(format!("strata_aot_txt_{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("k.mlir"), MLP).unwrap();
        for (emit, needle) in [("llvm-ir", "i32 @f("), ("mlir-llvm", "llvm.func @f("), ("asm", "f:")] {
            let out = Command::new(env!("CARGO_BIN_EXE_strata-compile"))
                .arg(dir.join("k.mlir"))
                .args(["--entry", "cmp", "--name", "f", "-o", "-", &format!("--emit={emit}")])
                .output()
                .unwrap();
            assert!(out.status.success(), "{emit}: {}", String::from_utf8_lossy(&out.stderr));
            assert!(String::from_utf8_lossy(&out.stdout).contains(needle), "{emit}");
        }
        for (args, msg) in [
            (vec!["--entry", "nope"], "no public function @nope"),
            (vec!["--name", "9bad"], "is not a C identifier"),
            (vec!["--emit=exe"], "--emit expects"),
        ] {
            let out = Command::new(env!("CARGO_BIN_EXE_strata-compile"))
                .arg(dir.join("k.mlir"))
                .args(&args)
                .output()
                .unwrap();
            assert!(!out.status.success());
            let e = String::from_utf8_lossy(&out.stderr);
            assert!(e.contains(msg), "{args:?}: {e}");
        }
        // StableHLO that has no linalg form: a located error naming the op (aot_stablehlo.rs
        // compiles what has one).
        std::fs::write(dir.join("s.mlir"), "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n  %0 = stablehlo.custom_call @foo(%a) : (tensor<2xf32>) -> tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n").unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_strata-compile")).arg(dir.join("s.mlir")).output().unwrap();
        let e = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success() && e.contains("s.mlir:2:8: error:") && e.contains("stablehlo.custom_call"),
            "{e}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
