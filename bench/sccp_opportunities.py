#!/usr/bin/env python3
"""Opportunities for SCCP beyond canonicalize on the JAX corpus and the StableHLO testdata: after
`--inline --canonicalize --cse --symbol-dce`, counts while loops, loop-carried operands that are a
constant passed through unchanged by the body (what SCCP would propagate into the loop), and
if/case ops with a constant predicate/index. Run from the repository root after a release build."""
import os, re, subprocess, sys, glob
OPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "target", "release", "strata-opt")
SHARED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "conformance")
files = sorted(glob.glob(SHARED + "/jax/*.mlir")) + sorted(glob.glob(SHARED + "/stablehlo/testdata/*.mlir"))
tot = dict(files=0, ok=0, whiles=0, while_const_init=0, while_invariant_const=0, ifs=0, if_const_pred=0, cases=0, case_const=0)
for f in files:
    tot["files"] += 1
    p = subprocess.run([OPT, f, "--inline", "--canonicalize", "--cse", "--symbol-dce", "--mlir-print-op-generic"], capture_output=True, text=True)
    if p.returncode != 0:
        continue
    tot["ok"] += 1
    t = p.stdout
    consts = set(re.findall(r'^\s*(%[\w.#]+) = "stablehlo.constant"', t, re.M))
    for m in re.finditer(r'^\s*(%[\w:#]+) = "stablehlo.while"\(([^)]*)\)', t, re.M):
        tot["whiles"] += 1
        ops = [o.strip() for o in m.group(2).split(",") if o.strip()]
        nconst = sum(1 for o in ops if o in consts)
        if nconst:
            tot["while_const_init"] += 1
    for m in re.finditer(r'"stablehlo.if"\(([^)]*)\)', t):
        tot["ifs"] += 1
        if m.group(1).strip() in consts:
            tot["if_const_pred"] += 1
    for m in re.finditer(r'"stablehlo.case"\(([^)]*)\)', t):
        tot["cases"] += 1
        if m.group(1).strip() in consts:
            tot["case_const"] += 1
print(tot)

# Loop-invariant constants: while operand i is a constant and the body returns its block arg i.
inv = 0; whiles = 0; passthrough_nonconst = 0
for f in files:
    p = subprocess.run([OPT, f, "--inline", "--canonicalize", "--cse", "--symbol-dce", "--mlir-print-op-generic"], capture_output=True, text=True)
    lines = p.stdout.split("\n")
    consts = set(re.findall(r'^\s*(%[\w.#]+) = "stablehlo.constant"', p.stdout, re.M))
    for i, l in enumerate(lines):
        m = re.match(r'^(\s*)(%[\w:#]+) = "stablehlo.while"\(([^)]*)\)', l)
        if not m:
            continue
        whiles += 1
        ind = m.group(1)
        ops = [o.strip() for o in m.group(3).split(",") if o.strip()]
        j = i + 1
        bbs = []; rets = []
        while j < len(lines) and not lines[j].startswith(ind + "})"):
            bb = re.match(r'^\s*\^bb0\((.*)\):', lines[j])
            if bb and len(lines[j]) - len(lines[j].lstrip()) == len(ind):
                bbs.append([a.split(":")[0].strip() for a in bb.group(1).split(", %")])
            r = re.match(r'^\s*"stablehlo.return"\(([^)]*)\)', lines[j])
            if r and len(lines[j]) - len(lines[j].lstrip()) == len(ind) + 2:
                rets.append([x.strip() for x in r.group(1).split(",")])
            j += 1
        if len(bbs) >= 2 and len(rets) >= 2:
            args = ["%" + a.lstrip("%") for a in bbs[1]]
            for k, o in enumerate(ops):
                if k < len(rets[-1]) and k < len(args) and rets[-1][k] == args[k]:
                    if o in consts:
                        inv += 1
                    else:
                        passthrough_nonconst += 1
print({"whiles": whiles, "loop_invariant_constant_operands": inv, "loop_invariant_nonconstant_operands": passthrough_nonconst})
