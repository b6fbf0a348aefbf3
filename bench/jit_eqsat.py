#!/usr/bin/env python3
"""The bench programs under `strata-run --jit`, as written and after `strata-opt --stablehlo-eqsat`.

For each program of ../shared/bench/programs: random inputs (numpy, fixed seed), the eqsat output,
then both forms run alternately (`--bench N`, medians of the `exec_seconds:` lines), the ratio
with/without, and whether the two forms return the same values (max abs difference).

    python3 bench/jit_eqsat.py [--runs 5] [--rounds 3]
Needs numpy and the release binaries (cargo build --release).
"""
import argparse, re, subprocess, statistics, sys, tempfile
from pathlib import Path
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
PROGS = ROOT.parent / "shared" / "bench" / "programs"
BIN = ROOT / "target" / "release"
DT = {"f32": np.float32, "f64": np.float64, "i32": np.int32, "i64": np.int64}


def arg_types(text):
    sig = re.search(r"func\.func @main\((.*?)\)\s*->", text, re.S).group(1)
    out = []
    for m in re.finditer(r"tensor<([0-9x]*)(f32|f64|i32|i64)>", sig):
        dims = [int(d) for d in m.group(1).split("x") if d]
        out.append((dims, DT[m.group(2)]))
    return out


def bench(prog, inputs, outdir, runs):
    r = subprocess.run([str(BIN / "strata-run"), "--jit", str(prog), "--inputs", ",".join(inputs),
                        "--output-dir", str(outdir), "--bench", str(runs)], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(r.stderr[-2000:])
    return [float(x) for x in re.findall(r"exec_seconds: ([0-9.e-]+)", r.stdout)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    rng = np.random.default_rng(0)
    print("| program | ops before | ops after | ms without eqsat | ms with eqsat | with/without | same results |")
    print("|---|---|---|---|---|---|---|")
    ratios = []
    for prog in sorted(PROGS.glob("*.mlir")):
        tmp = Path(tempfile.mkdtemp())
        text = prog.read_text()
        inputs = []
        for i, (dims, dt) in enumerate(arg_types(text)):
            p = tmp / f"in{i}.npy"
            np.save(p, (rng.standard_normal(dims) if dt in (np.float32, np.float64) else rng.integers(-8, 8, dims)).astype(dt))
            inputs.append(str(p))
        opt = tmp / "eqsat.mlir"
        subprocess.run([str(BIN / "strata-opt"), "--stablehlo-eqsat", str(prog), "-o", str(opt)], check=True)
        count = lambda f: len(re.findall(r"stablehlo\.", f.read_text()))
        base, eq = [], []
        for _ in range(a.rounds):
            base += bench(prog, inputs, tmp / "o1", a.runs)
            eq += bench(opt, inputs, tmp / "o2", a.runs)
        diff = 0.0
        for f in sorted((tmp / "o1").glob("*.npy")):
            diff = max(diff, float(np.max(np.abs(np.load(f).astype(np.float64) - np.load(tmp / "o2" / f.name).astype(np.float64)))))
        mb, me = statistics.median(base) * 1e3, statistics.median(eq) * 1e3
        ratios.append(me / mb)
        print(f"| {prog.stem} | {count(prog)} | {count(opt)} | {mb:.2f} | {me:.2f} | {me / mb:.2f} | max abs diff {diff:.3g} |")
    gm = float(np.exp(np.mean(np.log(ratios))))
    print(f"\nGeometric mean of with/without: {gm:.2f} ({a.rounds} alternating rounds of {a.runs} runs, 1 process each)")


main()
