#!/usr/bin/env python3
"""Strata's JIT beside XLA and IREE on ../shared/bench/programs, 1 thread, one interleaved run per
program (run_peers.py with --peer-cmd), and the table in bench/JIT_RESULTS.md.

  python3 bench/jit_peers.py [--runs 20] [--programs matmul_512,softmax_2048x1024] [--out bench/JIT_RESULTS.md]
                             [--form stablehlo|linalg]

* Strata runs the StableHLO program itself through `strata-run --jit` (parse, stablehlo-legalize-to-linalg,
  the MLIR bridge), like the peers (`--form linalg`: the hand-legalized forms in bench/linalg/ instead);
  outputs are checked against XLA's by run_peers.py.
* Two Strata peers: `strata` allocates fresh results on every call (as XLA's execute does),
  `strata_dps` passes the same caller-owned output buffers (destination-passing style).
* Peak FP32 FMA throughput of one core is measured with ../shared/bench/peak_fma.c (AVX-512) or
  ../shared/notes/lowering-recipe/drivers/peak.c (AVX2), chosen from the host's CPUID/XCR0.
* Compile time: XLA = compile_and_load, IREE = compile_str + load, Strata = parse → native code
  (the `compile_seconds:` line of `strata-run --jit --bench`: parse, legalize, MLIR pipeline, LLVM
  JIT), and the whole process with --bench 0 (start, compile, one run, npy I/O).
  Peak RSS of the Strata process from /usr/bin/time.
Needs .venv-peers (created here on demand) and target/release/strata-run (`cargo build --release`;
STRATA_RUN=path overrides it).
"""
import argparse, json, math, os, re, shutil, statistics, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared"))
PROGRAMS = ["matmul_512", "matmul_1024", "elementwise_4096", "softmax_2048x1024", "mlp_256",
            "conv2d_nhwc_56", "reduce_sum_8192"]


def venv_python():
    py = os.path.join(ROOT, ".venv-peers", "bin", "python")
    if not os.path.exists(py):
        subprocess.run([sys.executable, "-m", "venv", os.path.join(ROOT, ".venv-peers")], check=True)
        subprocess.run([py, "-m", "pip", "install", "-q", "jax[cpu]", "iree-base-compiler", "iree-base-runtime",
                        "numpy", "threadpoolctl"], check=True)
    return py


def host_isa():
    src = r'''#include <cpuid.h>
#include <stdio.h>
int main(){unsigned a,b,c,d; __cpuid_count(7,0,a,b,c,d); unsigned a1,b1,c1,d1; __cpuid(1,a1,b1,c1,d1);
unsigned lo,hi; int osx=(c1>>27)&1; unsigned long long x=0; if(osx){__asm__("xgetbv":"=a"(lo),"=d"(hi):"c"(0)); x=((unsigned long long)hi<<32)|lo;}
int avx512 = ((b>>16)&1) && ((x&0xe6)==0xe6); int avx2 = ((b>>5)&1) && ((c1>>12)&1) && ((x&6)==6);
printf("%s\n", avx512 ? "avx512" : avx2 ? "avx2" : "baseline"); return 0;}'''
    d = tempfile.mkdtemp()
    with open(os.path.join(d, "c.c"), "w") as f:
        f.write(src)
    subprocess.run(["cc", "-O1", os.path.join(d, "c.c"), "-o", os.path.join(d, "c")], check=True)
    return subprocess.run([os.path.join(d, "c")], capture_output=True, text=True).stdout.strip()


def peak_gflops(isa):
    d = tempfile.mkdtemp()
    exe = os.path.join(d, "peak")
    if isa == "avx512":
        subprocess.run(["cc", "-O2", "-mavx512f", "-mfma", os.path.join(SHARED, "bench", "peak_fma.c"), "-o", exe], check=True)
        out = subprocess.run(["taskset", "-c", "0", exe], capture_output=True, text=True).stdout
        m = re.search(r"FMA 12 chains: ([\d.]+) GFLOP/s", out)
    else:
        subprocess.run(["cc", "-O2", "-mavx2", "-mfma", os.path.join(SHARED, "notes", "lowering-recipe", "drivers", "peak.c"), "-o", exe], check=True)
        out = subprocess.run(["taskset", "-c", "0", exe], capture_output=True, text=True).stdout
        m = re.search(r"peak: ([\d.]+) GFLOP/s", out)
    return float(m.group(1)) if m else None


def strata_compile_stats(exe, prog, inputs):
    """(compile seconds parse → native, process seconds, peak RSS MiB) of one `strata-run --jit`
    process (compile + one run)."""
    d = tempfile.mkdtemp()
    r = subprocess.run(["/usr/bin/time", "-f", "%e %M", exe, "--jit", prog, "--inputs", ",".join(inputs),
                        "--output-dir", d, "--bench", "0"], capture_output=True, text=True)
    if r.returncode:
        raise SystemExit(r.stderr)
    secs, kb = r.stderr.strip().splitlines()[-1].split()
    m = re.search(r"^compile_seconds: ([\d.]+)", r.stderr, re.M)
    return (float(m.group(1)) if m else float("nan")), float(secs), int(kb) / 1024


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--programs", default=",".join(PROGRAMS))
    ap.add_argument("--out", default=os.path.join(HERE, "JIT_RESULTS.md"))
    ap.add_argument("--form", choices=["stablehlo", "linalg"], default="stablehlo",
                    help="what strata-run --jit compiles: the StableHLO program (default) or bench/linalg/NAME.mlir")
    a = ap.parse_args()
    py = venv_python()
    exe = os.environ.get("STRATA_RUN") or os.path.join(ROOT, "target", "release", "strata-run")
    if not os.path.exists(exe):
        raise SystemExit("build first: cargo build --release")
    isa = host_isa()
    peak = peak_gflops(isa)
    rows = []
    env = {k: v for k, v in os.environ.items() if k not in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")}
    for name in a.programs.split(","):
        prog = os.path.join(SHARED, "bench", "programs", name + ".mlir")
        src = prog if a.form == "stablehlo" else os.path.join(HERE, "linalg", name + ".mlir")
        js = tempfile.mktemp(suffix=".json")
        cmd = f"{exe} --jit {src} --inputs {{inputs}} --output-dir {{outdir}} --bench {{n}}"
        r = subprocess.run([py, os.path.join(SHARED, "bench", "run_peers.py"), prog, "--threads", "1",
                            "--runs", str(a.runs), "--json", js,
                            "--peer-cmd", f"strata={cmd}",
                            "--peer-cmd", f"strata_dps=STRATA_BENCH_REUSE_OUTPUTS=1 {cmd}"],
                           capture_output=True, text=True, env=env)
        print(r.stdout[-3000:], r.stderr[-3000:], file=sys.stderr)
        if not os.path.exists(js):
            raise SystemExit(f"{name}: run_peers failed")
        res = json.load(open(js))
        # compile stats of Strata's process, on the same inputs spec (fresh random inputs)
        tmp = tempfile.mkdtemp()
        spec = res["spec"]
        ins = []
        gen = ("import numpy as np,sys,re\nrng=np.random.default_rng(0)\n"
               "for i,m in enumerate(re.finditer(r'(\\w+)\\[([\\d,]*)\\]', sys.argv[1])):\n"
               "  s=tuple(int(x) for x in m.group(2).split(',') if x)\n"
               "  np.save(f'{sys.argv[2]}/in{i}.npy', rng.uniform(-1,1,s).astype(np.float32))\n")
        subprocess.run([py, "-c", gen, spec, tmp], check=True)
        ins = sorted(os.path.join(tmp, f) for f in os.listdir(tmp))
        csec, psec, rss = strata_compile_stats(exe, src, ins)
        rows.append((name, res, csec, psec, rss))
    lines = []
    lines.append((f"Host ISA: {isa}; measured FP32 FMA peak of one core: {peak:.1f} GFLOP/s" if peak else f"Host ISA: {isa}")
                 + f"; Strata compiles the {a.form} form")
    lines.append("")
    lines.append("| program | XLA ms | IREE ms | Strata ms | Strata (DPS) ms | Strata/XLA | Strata/IREE | Strata GFLOP/s | % of peak | compile s XLA / IREE / Strata | Strata process s | Strata peak RSS MiB | check |")
    lines.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    ratios = []
    for name, res, csec, psec, rss in rows:
        p = res["peers"]
        x, i, s, sd = (p[k]["median_s"] * 1e3 for k in ("xla", "iree", "strata", "strata_dps"))
        ratios.append(s / x)
        g = p["strata"]["gflops"]
        gs = f"{g:.1f}" if g else "-"
        pk = f"{100 * g / peak:.0f}%" if g and peak else "-"
        comp = f"{p['xla']['compile_s']:.2f} / {p['iree']['compile_s'] + p['iree'].get('load_s', 0):.2f} / {csec:.2f}"
        ok = "ok" if res["ok"] else "MISMATCH"
        lines.append(f"| {name} | {x:.2f} | {i:.2f} | {s:.2f} | {sd:.2f} | {s / x:.2f} | {s / i:.2f} | {gs} | {pk} | {comp} | {psec:.2f} | {rss:.0f} | {ok} |")
    gm = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    lines.append("")
    lines.append(f"Geometric mean of Strata/XLA: {gm:.2f}; worst {max(ratios):.2f}. Medians of {a.runs} runs, 1 thread, one interleaved run per program.")
    text = "\n".join(lines) + "\n"
    print(text)
    with open(a.out, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
