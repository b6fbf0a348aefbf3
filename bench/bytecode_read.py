#!/usr/bin/env python3
"""Bytecode read time of strata-opt against mlir-opt-22 on the same 200,000-op module.

Generates the module of bench/parse_throughput.py (a function of N, default 200,000, arith-like
ops of an unregistered `bench` dialect: neither tool has a fast path for them), has mlir-opt-22
write it as bytecode (`--emit-bytecode`), checks that
strata-opt reads that file to the module mlir-opt-22 reads (same generic print), then in
interleaved rounds runs
    strata-opt  --allow-unregistered-dialect FILE.mlirbc --mlir-timing -o /dev/null
    mlir-opt-22 --allow-unregistered-dialect FILE.mlirbc --mlir-timing -o /dev/null
(both with `--allow-unregistered-dialect`) and reports the "Parser" time of each tool's own timing report (reading the bytecode into IR
and verifying it: the same stage in both tools) — median, best, and the median of per-round
ratios — and the whole-process wall time (which adds start-up, printing and freeing).

  python3 bench/bytecode_read.py [--ops 200000] [--rounds 15]
"""
import argparse, os, random, re, shutil, statistics, subprocess, sys, tempfile, time


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from parse_throughput import generate  # noqa: E402  (the parse benchmark's 200k-op module)


def parser_time(cmd):
    """(Parser wall s from the tool's own --mlir-timing report, process wall s, process CPU s)."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = p.stderr.read().decode(errors="replace")
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"command failed: {' '.join(cmd)}\n{err[:2000]}")
    m = re.search(r"^\s*([0-9.]+)\s+\(\s*[0-9.]+%\)\s+Parser\s*$", err, re.M)
    if not m:
        sys.exit(f"no Parser line in the timing report of {cmd[0]}:\n{err[:2000]}")
    return float(m.group(1)), wall, ru.ru_utime + ru.ru_stime


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ops", type=int, default=200_000)
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--strata", default=os.path.join(os.path.dirname(__file__), "..", "target", "release", "strata-opt"))
    ap.add_argument("--mlir-opt", default="mlir-opt-22")
    a = ap.parse_args()
    if shutil.which(a.mlir_opt) is None:
        sys.exit("mlir-opt-22 is not installed")
    tmp = tempfile.mkdtemp(prefix="strata-bcbench-")
    src, bc = os.path.join(tmp, "in.mlir"), os.path.join(tmp, "in.mlirbc")
    generate(a.ops, src)
    subprocess.run([a.mlir_opt, "--allow-unregistered-dialect", src, "--emit-bytecode", "-o", bc], check=True)
    # Correctness first: both tools read the file to the same module.
    g1 = subprocess.run([a.strata, "--allow-unregistered-dialect", bc, "--mlir-print-op-generic"], capture_output=True, text=True, check=True).stdout
    g2 = subprocess.run([a.mlir_opt, "--allow-unregistered-dialect", bc, "--mlir-print-op-generic"], capture_output=True, text=True, check=True).stdout
    same = g1 == g2
    print(f"module: {a.ops} ops, bytecode {os.path.getsize(bc) / 1e6:.1f} MB (written by {a.mlir_opt})")
    print(f"strata-opt reads it to the module mlir-opt-22 reads (identical generic print): {'yes' if same else 'NO'}")
    res = {"strata-opt": [], "mlir-opt-22": []}
    for _ in range(a.rounds):
        res["strata-opt"].append(parser_time([a.strata, "--allow-unregistered-dialect", bc, "--mlir-timing", "-o", os.devnull]))
        res["mlir-opt-22"].append(parser_time([a.mlir_opt, "--allow-unregistered-dialect", bc, "--mlir-timing", "-o", os.devnull]))
    print("| tool | read (Parser) median s | best s | process wall median s | process CPU median s |")
    print("|---|---|---|---|---|")
    for k, v in res.items():
        p = [x[0] for x in v]
        w = [x[1] for x in v]
        c = [x[2] for x in v]
        print(f"| {k} | {statistics.median(p):.4f} | {min(p):.4f} | {statistics.median(w):.3f} | {statistics.median(c):.3f} |")
    s, m = res["strata-opt"], res["mlir-opt-22"]
    per_round = statistics.median(y[0] / x[0] for x, y in zip(s, m))
    med = statistics.median(y[0] for y in m) / statistics.median(x[0] for x in s)
    wall = statistics.median(y[1] / x[1] for x, y in zip(s, m))
    best = min(y[0] for y in m) / min(x[0] for x in s)
    cpu = statistics.median(y[2] for y in m) / statistics.median(x[2] for x in s)
    print(f"read speed-up strata-opt vs mlir-opt-22: {per_round:.1f}x (median of per-round ratios), "
          f"{med:.1f}x (ratio of medians), {best:.1f}x (ratio of bests); whole process: {wall:.1f}x wall, {cpu:.1f}x CPU")
    shutil.rmtree(tmp)
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
