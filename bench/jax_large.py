#!/usr/bin/env python3
"""Parse throughput on a JAX-style module of ~50 MB: large `dense<"0x...">` weight constants,
`#loc` aliases (defined after use, as JAX prints them), func.func with argument locations.

Strata parses the pretty (stablehlo) form; mlir-opt-22 does not know stablehlo, so for a side
by side figure both tools also parse the same module in generic form (strata prints it), with
--allow-unregistered-dialect. Reports MB/s and ops/s for each, and the ratio.
"""
import argparse, os, random, shutil, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import timing

def generate(path, target_mb=50, seed=7):
    rnd = random.Random(seed)
    locs = []
    def loc(s):
        locs.append(s)
        return f"loc(#loc{len(locs) + 1})"
    body = []
    n = 0
    size = 0
    prev = "%arg0"
    layer = 0
    while size < target_mb * 1e6:
        d = 256
        blob = rnd.randbytes(d * d * 4).hex().upper()
        body.append(f'    %w{layer} = stablehlo.constant dense<"0x{blob}"> : tensor<{d}x{d}xf32> '
                    + loc(f'"model.py":{10 + layer}:5 to :40'))
        body.append(f"    %h{layer} = stablehlo.dot_general {prev}, %w{layer}, contracting_dims = [1] x [0], "
                    f"precision = [DEFAULT, DEFAULT] : (tensor<8x{d}xf32>, tensor<{d}x{d}xf32>) -> tensor<8x{d}xf32> "
                    + loc(f'"model.py":{11 + layer}:9 to :30'))
        body.append(f"    %cst{layer} = stablehlo.constant dense<0.000000e+00> : tensor<8x{d}xf32> " + loc('"model.py":3:1'))
        body.append(f"    %r{layer} = stablehlo.maximum %h{layer}, %cst{layer} : tensor<8x{d}xf32> "
                    + loc(f'"jit(f)/relu"("model.py":{12 + layer}:3)'))
        prev = f"%r{layer}"
        size += len(blob) + 600
        n += 4
        layer += 1
    with open(path, "w") as f:
        f.write('#loc1 = loc("x")\n')
        f.write("module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {\n")
        f.write(f'  func.func public @main(%arg0: tensor<8x256xf32> loc("x")) -> (tensor<8x256xf32> {{jax.result_info = ""}}) {{\n')
        f.write("\n".join(body) + "\n")
        f.write(f"    return {prev} : tensor<8x256xf32> loc(#loc)\n  }} loc(#loc)\n}} loc(#loc)\n#loc = loc(unknown)\n")
        # JAX defines the aliases after their uses, at the end of the file.
        for i, l in enumerate(locs):
            f.write(f"#loc{i + 2} = loc({l})\n")
    return n + 2

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=float, default=50)
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--strata", default=os.path.join(os.path.dirname(__file__), "..", "target", "release", "strata-opt"))
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="strata-jax-")
    src = os.path.join(tmp, "jax.mlir"); gen = os.path.join(tmp, "jax.generic.mlir")
    nops = timing.in_child(generate, src, a.mb)
    mb = os.path.getsize(src) / 1e6
    subprocess.run([a.strata, "--mlir-print-op-generic", "--mlir-print-debuginfo", src, "-o", gen], check=True)
    cmds = {"strata-opt (pretty)": [a.strata, src, "-o", os.devnull],
            "strata-opt (generic)": [a.strata, "--allow-unregistered-dialect", gen, "-o", os.devnull]}
    if shutil.which("mlir-opt-22"):
        cmds["mlir-opt-22 (generic)"] = ["mlir-opt-22", "--allow-unregistered-dialect", gen, "-o", os.devnull]
    res = timing.rounds(cmds, a.rounds)
    print(f"module: {mb:.1f} MB, {nops} ops")
    print(timing.table(res, mb, "MB/s"))
    if "mlir-opt-22 (generic)" in res:
        print(timing.ratio(res, "strata-opt (generic)", "mlir-opt-22 (generic)"))
        print(timing.ratio(res, "strata-opt (pretty)", "mlir-opt-22 (generic)"))
    shutil.rmtree(tmp)

if __name__ == "__main__":
    main()
