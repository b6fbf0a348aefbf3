"""Shared timing for the parse benchmarks: interleaved rounds, wall and CPU time, peak RSS.

This machine is shared and noisy (the kernel's page zeroing and the host vary from run to run),
so each round runs every tool once, back to back, and the summary gives for each tool the median
and best wall time and the median CPU time (user + sys), and for each pair the median of the
per-round ratios (both runs of a round see about the same machine) next to the ratio of medians.
"""
import os, statistics, subprocess, sys, time

def in_child(fn, *args):
    """Call fn(*args) in a forked child and return its result. The benchmark generates its
    input there: Linux counts the RSS a child had when forked (the parent's) in its
    ru_maxrss, so a parent that held the generated text would inflate every tool's peak RSS."""
    import multiprocessing
    ctx = multiprocessing.get_context("fork")
    q = ctx.Queue()
    p = ctx.Process(target=lambda: q.put(fn(*args)))
    p.start()
    r = q.get()
    p.join()
    return r

def run(cmd):
    """Run cmd; return (wall s, cpu s, peak RSS MiB). Exits with its stderr if it fails."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, ru = os.wait4(p.pid, 0)
    dt = time.perf_counter() - t0
    err = p.stderr.read().decode(errors="replace")
    p.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"command failed: {' '.join(cmd)}\n{err[:2000]}")
    return dt, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024.0

def rounds(cmds, n):
    """cmds: {label: argv}. Returns {label: [(wall, cpu, rss), ...]} from n interleaved rounds."""
    res = {k: [] for k in cmds}
    for _ in range(n):
        for k, c in cmds.items():
            res[k].append(run(c))
    return res

def table(res, work, unit):
    """Markdown table: per tool median/best wall, median CPU, throughput (work/median), peak RSS."""
    lines = [f"| tool | median s | best s | median CPU s | {unit} (median) | peak RSS MiB |", "|---|---|---|---|---|---|"]
    for k, rs in res.items():
        w = [r[0] for r in rs]; c = [r[1] for r in rs]
        lines.append(f"| {k} | {statistics.median(w):.3f} | {min(w):.3f} | {statistics.median(c):.3f} | "
                     f"{work / statistics.median(w):.2f} | {max(r[2] for r in rs):.0f} |")
    return "\n".join(lines)

def ratio(res, fast, slow):
    """How many times faster `fast` is than `slow`: median of per-round wall ratios, ratio of
    median walls, ratio of best walls, ratio of median CPU times."""
    a, b = res[fast], res[slow]
    per_round = statistics.median(y[0] / x[0] for x, y in zip(a, b))
    med = statistics.median(y[0] for y in b) / statistics.median(x[0] for x in a)
    best = min(y[0] for y in b) / min(x[0] for x in a)
    cpu = statistics.median(y[1] for y in b) / statistics.median(x[1] for x in a)
    return (f"{fast} vs {slow}: {per_round:.1f}x (median of per-round ratios), {med:.1f}x (ratio of medians), "
            f"{best:.1f}x (best runs), {cpu:.1f}x (median CPU time)")
