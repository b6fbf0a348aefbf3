#!/usr/bin/env python3
"""Parse+verify+print throughput of strata-opt against mlir-opt-22 on the same generic-form file.

Generates a function of N (default 200,000) arith-like ops of an unregistered dialect in MLIR's
generic form, then, in interleaved rounds, runs
    strata-opt  --allow-unregistered-dialect --mlir-print-op-generic FILE -o OUT
    mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic FILE -o OUT
and reports ops/s (median wall time) and peak RSS of each, and the ratio. It also checks that
strata's output round-trips byte-identically on a second pass and that mlir-opt-22 accepts it.
"""
import argparse, os, random, shutil, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import timing

def generate(n, path, seed=1):
    rnd = random.Random(seed)
    ops = ["bench.addi", "bench.muli", "bench.subi", "bench.andi", "bench.xori"]
    with open(path, "w") as f:
        f.write('"builtin.module"() ({\n  "bench.func"() <{sym_name = "big"}> ({\n  ^bb0(%arg0: i32, %arg1: i32):\n')
        f.write('    %0 = "bench.constant"() <{value = 42 : i32}> : () -> i32\n')
        for i in range(1, n - 1):
            a = rnd.randrange(max(0, i - 64), i)
            b = rnd.randrange(0, i)
            if i % 50 == 0:
                f.write(f'    %{i} = "bench.constant"() <{{value = {i} : i32}}> : () -> i32\n')
            else:
                f.write(f'    %{i} = "{ops[i % len(ops)]}"(%{a}, %{b}) : (i32, i32) -> i32\n')
        f.write(f'    "bench.return"(%{n - 2}) : (i32) -> ()\n')
        f.write('  }) : () -> ()\n}) : () -> ()\n')

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ops", type=int, default=200_000)
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--strata", default=os.path.join(os.path.dirname(__file__), "..", "target", "release", "strata-opt"))
    ap.add_argument("--mlir-opt", default="mlir-opt-22")
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="strata-bench-")
    src = os.path.join(tmp, "in.mlir")
    timing.in_child(generate, a.ops, src)
    size = os.path.getsize(src) / 1e6
    out1, out2, out3 = (os.path.join(tmp, f"out{i}.mlir") for i in (1, 2, 3))
    flags = ["--allow-unregistered-dialect", "--mlir-print-op-generic"]
    # Correctness first: second pass byte-identical, and mlir-opt accepts strata's print.
    timing.run([a.strata, *flags, src, "-o", out1])
    timing.run([a.strata, *flags, out1, "-o", out2])
    same = open(out1, "rb").read() == open(out2, "rb").read()
    have_mlir = shutil.which(a.mlir_opt) is not None
    accepted = None
    if have_mlir:
        r = subprocess.run([a.mlir_opt, *flags, out1, "-o", out3], capture_output=True, text=True)
        accepted = r.returncode == 0
    print(f"file: {a.ops} ops, {size:.1f} MB")
    print(f"round trip (second pass byte-identical): {'yes' if same else 'NO'}")
    print(f"mlir-opt-22 accepts strata's print: {accepted if have_mlir else 'mlir-opt-22 not installed'}")
    cmds = {"strata-opt": [a.strata, *flags, src, "-o", out1]}
    if have_mlir:
        cmds["mlir-opt-22"] = [a.mlir_opt, *flags, src, "-o", out3]
    res = timing.rounds(cmds, a.rounds)
    print(timing.table(res, a.ops / 1e6, "M ops/s"))
    if have_mlir:
        print("throughput ratio " + timing.ratio(res, "strata-opt", "mlir-opt-22"))
        rss = {k: max(r[2] for r in v) for k, v in res.items()}
        print(f"peak memory ratio strata/mlir-opt: {rss['strata-opt'] / rss['mlir-opt-22']:.2f}")
    shutil.rmtree(tmp)
    if not same or accepted is False:
        sys.exit(1)

if __name__ == "__main__":
    main()
