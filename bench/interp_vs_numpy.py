#!/usr/bin/env python3
"""Strata's reference interpreter against numpy on the same machine.

Times `strata-run --interpret PROGRAM --inputs ... --bench N` (one warm-up, then N timed
executions, each printed as `exec_seconds: <t>`) on three programs under bench/programs/:

    add_1024     elementwise add of two f32[1024,1024]
    dot_256      256x256x256 dot_general (f32)
    reduce_1024  sum of an f32[1024,1024] (stablehlo.reduce over both dimensions)

and the numpy equivalents (`a + b`, `a @ b`, `a.sum()`) with timeit in a child process,
single-threaded (OPENBLAS_NUM_THREADS=1: the interpreter runs on one thread) and with
OPENBLAS_CORETYPE / OPENBLAS_L2_SIZE unset in that child only (../shared/bench/README.md:
they force a slower numpy kernel). Medians are compared as ratios (this machine is shared and
noisy; ratios hold better than absolute times). Strata's outputs are checked against numpy's.

Run:  python3 bench/interp_vs_numpy.py [--n 20] [--strata target/release/strata-run]
numpy is taken from .venv-bench/ (created on demand: python3 -m venv .venv-bench &&
.venv-bench/bin/pip install numpy). Build first: cargo build --release -p strata-tools.
Target: within 10x of numpy on elementwise and reduce.
"""
import argparse, os, re, statistics, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, ".venv-bench")
VENV_PY = os.path.join(VENV, "bin", "python")


def ensure_numpy():
    try:
        import numpy  # noqa: F401
        return
    except ImportError:
        pass
    if os.path.abspath(sys.executable) == os.path.abspath(VENV_PY):
        raise SystemExit("numpy missing in .venv-bench: run .venv-bench/bin/pip install numpy")
    if not os.path.exists(VENV_PY):
        subprocess.check_call([sys.executable, "-m", "venv", VENV])
        subprocess.check_call([VENV_PY, "-m", "pip", "install", "-q", "numpy"])
    os.execv(VENV_PY, [VENV_PY] + sys.argv)


ensure_numpy()
import numpy as np  # noqa: E402

PROGRAMS = [
    # name, file, input shapes, numpy statement (timed), numpy reference function
    ("elementwise add f32[1024,1024]", "add_1024.mlir", [(1024, 1024), (1024, 1024)], "a[0] + a[1]", lambda a: a[0] + a[1]),
    ("dot_general 256x256x256", "dot_256.mlir", [(256, 256), (256, 256)], "a[0] @ a[1]", lambda a: a[0] @ a[1]),
    ("reduce sum f32[1024,1024]", "reduce_1024.mlir", [(1024, 1024)], "a[0].sum()", lambda a: np.asarray(a[0].sum(dtype=np.float64), np.float32)),
]

NUMPY_CHILD = r"""
import sys, timeit, numpy as np
paths, stmt, n = sys.argv[1].split(","), sys.argv[2], int(sys.argv[3])
a = [np.load(p) for p in paths]
g = {"a": a, "np": np}
timeit.timeit(stmt, globals=g, number=3)  # warm-up
for _ in range(n):
    print("exec_seconds:", timeit.timeit(stmt, globals=g, number=1))
"""


def times(out):
    return [float(m) for m in re.findall(r"^exec_seconds:\s*([0-9.eE+-]+)\s*$", out, re.M)]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=20, help="timed executions per program (default 20)")
    ap.add_argument("--strata", default=os.path.join(ROOT, "target", "release", "strata-run"))
    a = ap.parse_args()
    if not os.path.exists(a.strata):
        raise SystemExit(f"{a.strata} not found: cargo build --release -p strata-tools")
    rng = np.random.default_rng(0)
    tmp = tempfile.mkdtemp(prefix="strata-bench-")
    child_env = {k: v for k, v in os.environ.items() if k not in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")}
    child_env.update(OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    rows = []
    for name, file, shapes, stmt, ref in PROGRAMS:
        ins = [rng.standard_normal(s).astype(np.float32) for s in shapes]
        paths = []
        for i, x in enumerate(ins):
            p = os.path.join(tmp, f"{file}.in{i}.npy")
            np.save(p, x)
            paths.append(p)
        outdir = os.path.join(tmp, file + ".out")
        cmd = [a.strata, "--interpret", os.path.join(ROOT, "bench", "programs", file), "--inputs", ",".join(paths),
               "--output-dir", outdir, "--bench", str(a.n)]
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode != 0:
            raise SystemExit(f"strata-run failed ({p.returncode}): {' '.join(cmd)}\n{p.stderr}")
        st = times(p.stdout)
        got = np.load(os.path.join(outdir, "out0.npy"))
        want = ref(ins)
        if not np.allclose(got, want, rtol=1e-3, atol=1e-3 * max(1.0, float(np.abs(want).max()))):
            raise SystemExit(f"{name}: strata-run's output differs from numpy's")
        q = subprocess.run([sys.executable, "-c", NUMPY_CHILD, ",".join(paths), stmt, str(a.n)],
                           capture_output=True, text=True, env=child_env)
        if q.returncode != 0:
            raise SystemExit(f"numpy child failed: {q.stderr}")
        nt = times(q.stdout)
        s_med, n_med = statistics.median(st), statistics.median(nt)
        rows.append((name, s_med, n_med, s_med / n_med))
    print(f"{'program':<32} {'strata ms':>10} {'numpy ms':>10} {'ratio':>8}")
    for name, s, n, r in rows:
        print(f"{name:<32} {s * 1e3:>10.3f} {n * 1e3:>10.3f} {r:>7.1f}x")
    print(f"(median of {a.n} warm executions each; numpy {np.__version__}, 1 thread; ratio = strata / numpy)")


if __name__ == "__main__":
    main()
