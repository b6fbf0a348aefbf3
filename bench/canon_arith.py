#!/usr/bin/env python3
"""`--canonicalize --cse` and parse+verify+print of a 200,000-op arith function: strata-opt
against mlir-opt-22.

The file (seeded) is one `func.func` with two dependence chains, f32 and i32, printed as
mlir-opt-22 prints arith (`%7 = arith.addf %5, %6 fastmath<fast> : f32`): addf/mulf/subf/
maximumf with `fastmath` flags and addi/muli, each op using the previous value of its type and a
random one of the last 64. Work for the passes is planted as it occurs in generated code: every
25th op is a constant (a few values, so duplicates to unique), ~4% exact duplicates of a recent
op (CSE), ~3% identities (`addi x, 0`, `muli x, 1`, `mulf x, 1.0`, `addf x, -0.0`), ~3%
constant-on-the-left, ~2% dead ops (results unused), ~1% foldable constant arithmetic.

Reports, from interleaved rounds (bench/timing.py), the ops left by each tool (strata must not
leave more), wall/CPU time, throughput and the ratio, for
    TOOL --canonicalize --cse FILE -o OUT      and      TOOL FILE -o OUT (parse+verify+print)

    python3 bench/canon_arith.py [--ops 200000] [--rounds 11] [--generic]
"""
import argparse, os, random, re, shutil, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import timing

FLOAT_OPS = ["arith.addf", "arith.mulf", "arith.subf", "arith.maximumf"]
INT_OPS = ["arith.addi", "arith.muli"]
FM = ["fast", "contract", "nnan,ninf", "reassoc,nsz", "afn"]


def generate(n, path, generic=False, seed=7):
    rnd = random.Random(seed)
    lines = []
    vals = {"f32": ["%arg0", "%arg1"], "i32": ["%arg2", "%arg3"]}
    consts = {"f32": {}, "i32": {}}
    recent_ops = []
    k = 0

    def new():
        nonlocal k
        k += 1
        return f"%v{k}"

    def const(ty, v):
        name = new()
        if generic:
            lit = f"{v} : {ty}"
            lines.append(f'    {name} = "arith.constant"() <{{value = {lit}}}> : () -> {ty}')
        else:
            lines.append(f"    {name} = arith.constant {v} : {ty}")
        consts[ty].setdefault(v, name)
        return name

    def emit(op, a, b, ty, fm):
        name = new()
        if generic:
            props = f" <{{fastmath = #arith.fastmath<{fm}>}}>" if fm else ""
            lines.append(f'    {name} = "{op}"({a}, {b}){props} : ({ty}, {ty}) -> {ty}')
        else:
            f = f" fastmath<{fm}>" if fm else ""
            lines.append(f"    {name} = {op} {a}, {b}{f} : {ty}")
        return name

    last = {"f32": "%arg0", "i32": "%arg2"}
    while k < n - 1:
        ty = "f32" if rnd.random() < 0.6 else "i32"
        pool = vals[ty]
        r = rnd.random()
        if k % 25 == 24:
            v = rnd.choice(["1.000000e+00", "2.000000e+00", "5.000000e-01", "0.000000e+00"]) if ty == "f32" else rnd.choice([1, 3, 5, 7])
            pool.append(const(ty, v))
            continue
        a = last[ty]
        b = rnd.choice(pool[-64:])
        op = rnd.choice(FLOAT_OPS if ty == "f32" else INT_OPS)
        fm = rnd.choice(FM) if ty == "f32" else None
        if r < 0.04 and recent_ops:
            op, a, b, ty2, fm = rnd.choice(recent_ops[-32:])
            if ty2 != ty:
                ty, pool = ty2, vals[ty2]
        elif r < 0.07:
            if ty == "i32":
                op, cv = rnd.choice([("arith.addi", 0), ("arith.muli", 1)])
            else:
                op, cv = rnd.choice([("arith.mulf", "1.000000e+00"), ("arith.addf", "-0.000000e+00")])
            b = consts[ty].get(cv) or const(ty, cv)
        elif r < 0.10:
            cvals = [n for v, n in consts[ty].items() if v != 0]
            if cvals:
                a, b = rnd.choice(cvals), a  # constant on the left
        elif r < 0.12:
            emit(op, a, b, ty, fm)  # dead: never used
            continue
        elif r < 0.13:
            cvals = [n for v, n in consts[ty].items() if v != 0]
            if len(cvals) >= 2:
                a, b = rnd.sample(cvals, 2)
        res = emit(op, a, b, ty, fm)
        recent_ops.append((op, a, b, ty, fm))
        pool.append(res)
        last[ty] = res
    body = "\n".join(lines)
    f_last, i_last = last["f32"], last["i32"]
    with open(path, "w") as f:
        f.write("module {\n  func.func @big(%arg0: f32, %arg1: f32, %arg2: i32, %arg3: i32) -> (f32, i32) {\n")
        f.write(body)
        f.write(f"\n    return {f_last}, {i_last} : f32, i32\n  }}\n}}\n")
    return k


def count_ops(path):
    with open(path) as f:
        return sum(1 for line in f if re.match(r"\s*%\S+ = ", line))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ops", type=int, default=200_000)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--generic", action="store_true", help="write the input in generic form")
    ap.add_argument("--strata", default=os.path.join(os.path.dirname(__file__), "..", "target", "release", "strata-opt"))
    ap.add_argument("--mlir-opt", default="mlir-opt-22")
    ap.add_argument("--keep", help="write the generated file here too")
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="strata-canon-")
    src = os.path.join(tmp, "in.mlir")
    nops = timing.in_child(generate, a.ops, src, a.generic)
    if a.keep:
        shutil.copy(src, a.keep)
    size = os.path.getsize(src) / 1e6
    outs = {k: os.path.join(tmp, f"{k}.mlir") for k in ("s_canon", "m_canon", "s_parse", "m_parse")}
    print(f"file: {nops} ops, {size:.1f} MB ({'generic' if a.generic else 'mlir-opt-22 pretty'} form)")
    cmds = {
        "strata-opt --canonicalize --cse": [a.strata, "--canonicalize", "--cse", src, "-o", outs["s_canon"]],
        "mlir-opt-22 --canonicalize --cse": [a.mlir_opt, "--canonicalize", "--cse", src, "-o", outs["m_canon"]],
    }
    for c in cmds.values():
        timing.run(c)
    left_s, left_m = count_ops(outs["s_canon"]), count_ops(outs["m_canon"])
    print(f"ops left after --canonicalize --cse: strata-opt {left_s}, mlir-opt-22 {left_m}")
    res = timing.rounds(cmds, a.rounds)
    print(timing.table(res, nops / 1e6, "M ops/s"))
    print("canonicalize+cse " + timing.ratio(res, "strata-opt --canonicalize --cse", "mlir-opt-22 --canonicalize --cse"))
    pcmds = {
        "strata-opt (parse+verify+print)": [a.strata, src, "-o", outs["s_parse"]],
        "mlir-opt-22 (parse+verify+print)": [a.mlir_opt, src, "-o", outs["m_parse"]],
    }
    res = timing.rounds(pcmds, a.rounds)
    print(timing.table(res, nops / 1e6, "M ops/s"))
    print("parse+verify+print " + timing.ratio(res, "strata-opt (parse+verify+print)", "mlir-opt-22 (parse+verify+print)"))
    shutil.rmtree(tmp)
    if left_s > left_m:
        sys.exit("strata-opt leaves more ops than mlir-opt-22")


if __name__ == "__main__":
    main()
