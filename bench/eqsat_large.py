#!/usr/bin/env python3
"""stablehlo-eqsat at scale: a generated module of N stablehlo ops (default 10,000) mixing
elementwise ops (with planted redundancy: double negations, x*1, transpose pairs), shape ops
(reshape, transpose, broadcast_in_dim, slice, concatenate) and dot_generals, in one function
(one block: one e-graph). Runs `strata-opt --stablehlo-eqsat --mlir-pass-statistics` under the
default limits and reports wall time (median of rounds), the e-graph size, the stop reason, and
the ops and cost before/after.

    python3 bench/eqsat_large.py [--ops 10000] [--rounds 3] [--strata-opt target/release/strata-opt]
"""
import argparse, os, random, re, statistics, subprocess, sys, tempfile, time


def generate(path, n_ops, seed=11):
    rnd = random.Random(seed)
    lines = []
    vals = []  # (name, rows, cols) of live f32 matrices
    k = [0]

    def new():
        k[0] += 1
        return f"%v{k[0]}"

    shapes = [(8, 16), (16, 8), (8, 8), (16, 16)]
    args = []
    for i, (r, c) in enumerate(shapes * 2):
        args.append(f"%a{i}: tensor<{r}x{c}xf32>")
        vals.append((f"%a{i}", r, c))
    count = 0
    while count < n_ops:
        kind = rnd.random()
        x, r, c = rnd.choice(vals[-40:])
        t = f"tensor<{r}x{c}xf32>"
        if kind < 0.30:
            y = rnd.choice([v for v in vals[-40:] if v[1] == r and v[2] == c] or [(x, r, c)])[0]
            op = rnd.choice(["add", "multiply", "subtract", "maximum"])
            v = new()
            lines.append(f"    {v} = stablehlo.{op} {x}, {y} : {t}")
            vals.append((v, r, c))
            count += 1
        elif kind < 0.40:
            a, b = new(), new()
            lines.append(f"    {a} = stablehlo.negate {x} : {t}")
            lines.append(f"    {b} = stablehlo.negate {a} : {t}")
            vals.append((b, r, c))
            count += 2
        elif kind < 0.48:
            one, v = new(), new()
            lines.append(f"    {one} = stablehlo.constant dense<1.0> : {t}")
            lines.append(f"    {v} = stablehlo.multiply {x}, {one} : {t}")
            vals.append((v, r, c))
            count += 2
        elif kind < 0.58:
            a, b = new(), new()
            lines.append(f"    {a} = stablehlo.transpose {x}, dims = [1, 0] : ({t}) -> tensor<{c}x{r}xf32>")
            vals.append((a, c, r))
            if rnd.random() < 0.5:
                lines.append(f"    {b} = stablehlo.transpose {a}, dims = [1, 0] : (tensor<{c}x{r}xf32>) -> {t}")
                vals.append((b, r, c))
                count += 1
            count += 1
        elif kind < 0.66:
            a, b = new(), new()
            lines.append(f"    {a} = stablehlo.reshape {x} : ({t}) -> tensor<{r * c}xf32>")
            lines.append(f"    {b} = stablehlo.reshape {a} : (tensor<{r * c}xf32>) -> {t}")
            vals.append((b, r, c))
            count += 2
        elif kind < 0.74:
            # slice + concatenate back (the halves of x).
            h = r // 2
            a, b, v = new(), new(), new()
            lines.append(f"    {a} = stablehlo.slice {x} [0:{h}, 0:{c}] : ({t}) -> tensor<{h}x{c}xf32>")
            lines.append(f"    {b} = stablehlo.slice {x} [{h}:{r}, 0:{c}] : ({t}) -> tensor<{r - h}x{c}xf32>")
            lines.append(f"    {v} = stablehlo.concatenate {a}, {b}, dim = 0 : (tensor<{h}x{c}xf32>, tensor<{r - h}x{c}xf32>) -> {t}")
            vals.append((v, r, c))
            count += 3
        elif kind < 0.82:
            s, v = new(), new()
            lines.append(f"    {s} = stablehlo.slice {x} [0:1, 0:{c}] : ({t}) -> tensor<1x{c}xf32>")
            lines.append(f"    {v} = stablehlo.broadcast_in_dim {s}, dims = [0, 1] : (tensor<1x{c}xf32>) -> {t}")
            vals.append((v, r, c))
            count += 2
        else:
            cands = [w for w in vals[-40:] if w[1] == c]
            w, _, n = rnd.choice(cands) if cands else (None, 0, 0)
            if w is None:
                continue
            v = new()
            lines.append(f"    {v} = stablehlo.dot_general {x}, {w}, contracting_dims = [1] x [0] : ({t}, tensor<{c}x{n}xf32>) -> tensor<{r}x{n}xf32>")
            vals.append((v, r, n))
            count += 1
    outs = vals[-8:]
    rets = ", ".join(v for v, _, _ in outs)
    tys = ", ".join(f"tensor<{r}x{c}xf32>" for _, r, c in outs)
    with open(path, "w") as f:
        f.write(f"func.func @main({', '.join(args)}) -> ({tys}) {{\n")
        f.write("\n".join(lines))
        f.write(f"\n    return {rets} : {tys}\n}}\n")
    return count


def stats(text):
    out = {}
    for m in re.finditer(r"\(S\)\s+(\d+)\s+(\S+)", text):
        out[m.group(2)] = int(m.group(1))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ops", type=int, default=10000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--strata-opt", default=os.path.join(os.path.dirname(__file__), "..", "target", "release", "strata-opt"))
    ap.add_argument("--options", default="")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "large.mlir")
        n = generate(src, a.ops)
        flag = "--stablehlo-eqsat" + (f"={a.options}" if a.options else "")
        times, st = [], {}
        for _ in range(a.rounds):
            t0 = time.perf_counter()
            p = subprocess.run([a.strata_opt, src, flag, "--mlir-pass-statistics", "-o", os.devnull],
                               capture_output=True, text=True)
            times.append(time.perf_counter() - t0)
            if p.returncode != 0:
                print(p.stderr, file=sys.stderr)
                sys.exit(1)
            st = stats(p.stderr)
        t0 = time.perf_counter()
        subprocess.run([a.strata_opt, src, "-o", os.devnull], check=True)
        parse_print = time.perf_counter() - t0
    stop = [k for k in ("stop-saturated", "stop-iteration-limit", "stop-node-limit", "stop-time-limit") if st.get(k)]
    print(f"ops generated:          {n}")
    print(f"strata-opt wall time:   {statistics.median(times):.3f} s (median of {a.rounds}; min {min(times):.3f} s; "
          f"parse+print alone {parse_print:.3f} s)")
    print(f"pass time (statistic):  {st.get('time-ms', 0)} ms")
    print(f"e-graph:                {st.get('num-enodes', 0)} e-nodes, {st.get('num-eclasses', 0)} e-classes, "
          f"{st.get('num-iterations', 0)} iterations")
    print(f"stop reason:            {', '.join(stop)}")
    print(f"ops entered/after:      {st.get('ops-before', 0)} -> {st.get('ops-after', 0)}")
    print(f"cost before/after:      {st.get('cost-before', 0)} -> {st.get('cost-after', 0)}")


if __name__ == "__main__":
    main()
