#!/usr/bin/env python3
"""Op counts before and after `strata-opt --inline --canonicalize --cse --symbol-dce` on the JAX
corpus (../shared/conformance/jax), per program, beside XLA's counts from its manifest.json
(`hlo_instructions`: all instructions of the optimized HLO module, fusion bodies included;
`hlo_entry_instructions`: those of the entry computation, fusions counted once). Ops are counted
in generic form, nested regions included: stablehlo/chlo ops, and all ops but the module, the
functions and their terminators. Also runs mlir-opt-22 is not possible here (it has no stablehlo
dialect), so XLA is the peer. Prints a Markdown table (bench/PIPELINE_JAX.md holds a run).

    python3 bench/pipeline_jax_table.py [--strata-opt target/release/strata-opt]
"""
import argparse, json, os, re, subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "..", "shared", "conformance", "jax")
PIPELINE = ["--inline", "--canonicalize", "--cse", "--symbol-dce"]


def count(text):
    ops = re.findall(r"^\s*(?:%[^=]+=\s*)?\"([a-z_]+\.[a-z_.]+)\"", text, re.M)
    hlo = sum(1 for o in ops if o.startswith("stablehlo.") or o.startswith("chlo."))
    body = sum(1 for o in ops if o not in ("builtin.module", "func.func", "func.return"))
    funcs = sum(1 for o in ops if o == "func.func")
    return hlo, body, funcs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--strata-opt", default=os.path.join(HERE, "..", "target", "release", "strata-opt"))
    a = ap.parse_args()
    manifest = {}
    with open(os.path.join(CORPUS, "manifest.json")) as f:
        for line in f:
            if line.strip():
                m = json.loads(line)
                manifest[m["name"]] = m
    print("| program | funcs before | stablehlo ops before | ops before | funcs after | stablehlo ops after | ops after | XLA hlo_instructions | XLA entry instructions |")
    print("|---|---|---|---|---|---|---|---|---|")
    tot = [0] * 6
    for name in sorted(manifest):
        path = os.path.join(CORPUS, f"{name}.mlir")
        before = subprocess.run([a.strata_opt, path, "--mlir-print-op-generic"], capture_output=True, text=True, check=True).stdout
        after = subprocess.run([a.strata_opt, path, *PIPELINE, "--mlir-print-op-generic"], capture_output=True, text=True, check=True).stdout
        hb, bb, fb = count(before)
        ha, ba, fa = count(after)
        m = manifest[name]
        x1, x2 = m.get("hlo_instructions"), m.get("hlo_entry_instructions")
        for i, v in enumerate([hb, bb, ha, ba, x1 or 0, x2 or 0]):
            tot[i] += v
        print(f"| {name} | {fb} | {hb} | {bb} | {fa} | {ha} | {ba} | {x1} | {x2} |")
    print(f"| **total** | | {tot[0]} | {tot[1]} | | {tot[2]} | {tot[3]} | {tot[4]} | {tot[5]} |")


if __name__ == "__main__":
    main()
