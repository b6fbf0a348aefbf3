#!/usr/bin/env python3
"""stablehlo-eqsat over the JAX corpus (../shared/conformance/jax): per program the stablehlo
ops before and after the pass (all ops, nested regions included), the cost model's cost before
and after, the pass time (median of rounds, from the pass's own statistic), the stop reason,
and XLA's optimized counts from manifest.json (`hlo_instructions`, `hlo_entry_instructions`).
Prints a Markdown table.

    python3 bench/eqsat_jax_table.py [--rounds 5] [--strata-opt target/release/strata-opt]
"""
import argparse, json, os, re, statistics, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "..", "shared", "conformance", "jax")


def stats(text):
    return {m.group(2): int(m.group(1)) for m in re.finditer(r"\(S\)\s+(\d+)\s+(\S+)", text)}


def count_ops(text):
    return len(re.findall(r"\"stablehlo\.[a-z_]+\"", text))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--strata-opt", default=os.path.join(HERE, "..", "target", "release", "strata-opt"))
    a = ap.parse_args()
    manifest = {}
    with open(os.path.join(CORPUS, "manifest.json")) as f:
        for line in f:
            if line.strip():
                m = json.loads(line)
                manifest[m["name"]] = m
    print("| program | ops before | ops after | cost before | cost after | eqsat ms | stop | XLA hlo_instructions | XLA entry instructions |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name in sorted(manifest):
        path = os.path.join(CORPUS, f"{name}.mlir")
        before = subprocess.run([a.strata_opt, path, "--mlir-print-op-generic"], capture_output=True, text=True, check=True).stdout
        times, st, after = [], {}, ""
        for _ in range(a.rounds):
            p = subprocess.run([a.strata_opt, path, "--stablehlo-eqsat", "--mlir-pass-statistics", "--mlir-print-op-generic"],
                               capture_output=True, text=True, check=True)
            st = stats(p.stderr)
            after = p.stdout
            times.append(st.get("time-ms", 0))
        stop = ",".join(k[5:] for k in ("stop-saturated", "stop-iteration-limit", "stop-node-limit", "stop-time-limit") if st.get(k))
        m = manifest[name]
        print(f"| {name} | {count_ops(before)} | {count_ops(after)} | {st.get('cost-before', 0)} | {st.get('cost-after', 0)} | "
              f"{statistics.median(times):.0f} | {stop} | {m.get('hlo_instructions')} | {m.get('hlo_entry_instructions')} |")


if __name__ == "__main__":
    main()
