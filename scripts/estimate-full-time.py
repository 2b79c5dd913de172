#!/usr/bin/env python3
"""Expected full-study time per configuration after the second cut (docs/fidelity.md).

usage: scripts/estimate-full-time.py RESULTS.jsonl[.gz] RUN.log

Takes an old full run: each swept variant's wall time from RUN.log (", N.N s" at the end of its
summary line; a host variant's two affinity passes add up) and its points from RESULTS.jsonl.
Each point's cost is modelled as its samples (2 to calibrate, 2 to warm up, 2 per pair and
retry) times their length (base and test medians) plus a per-sample overhead; the variant's old
wall is then scaled by (modelled cost after the cut) / (modelled cost before). Whole kernels
(single-point lines "median X ms") had no wall in the old log: they are modelled as
(1 warm-up + timed runs) x median + OVERHEAD_SINGLE s, which is a guess the next run's log checks.
"""
import collections
import gzip
import json
import math
import re
import sys

HOST_BUDGET_OLD, HOST_BUDGET_NEW, GPU_BUDGET = 0.005, 0.002, 0.001
OVERHEAD_SINGLE = 0.4  # s per whole-kernel variant beyond its timed runs (mapping, checks, process)
CUDA_DROP, OMP_DROP = {2, 8, 64, 256}, {64, 256}
CUDA_GRID, OMP_GRID = {1, 2, 66, 132, 264}, {1, 2, 64, 128, 256}


def early_min_runs(sample_s, budget_s):  # kernels/common/ok_measure.c
    if sample_s <= budget_s:
        return 5
    return max(3, math.ceil(5 * budget_s / sample_s))


def slow_runs(run_s, runs):  # kernels/common/ok_measure.c
    return 1 if run_s >= 2.0 else 3 if run_s >= 0.5 and runs > 3 else runs


def point_cost(r, new):
    b, t = r["base_median"], r["test_median"]
    gpu = r.get("unit") == "cycles"
    if gpu:
        mhz = r.get("sm_clock_mhz") or 1980
        b, t = b / (mhz * 1e6), t / (mhz * 1e6)
        ovh = 150e-6 if r["model"] == "omp_target" else 30e-6
    else:
        ovh = 40e-6
    runs, retries = r.get("runs", 9), r.get("retries", 0)
    if new and not gpu and r.get("n_iter", 1000) < 1000:  # budget-limited host sample
        b, t = b * HOST_BUDGET_NEW / HOST_BUDGET_OLD, t * HOST_BUDGET_NEW / HOST_BUDGET_OLD
    if new and gpu and r.get("early_stop") and runs == 5:
        runs = early_min_runs(t, GPU_BUDGET)
    n = runs + retries
    return 2 * t + (b + t) * (n + 1) + ovh * (2 * n + 4)


def kept(r, grid_variants, hw):
    if r.get("model") == "native":
        if r.get("threads") in (3, 6, 12):  # powers of two and hw only
            return False
        if (r.get("affinity") or "").startswith("spread") and r.get("threads") == hw:
            return False
    key = (r["config"], r["kernel"], r["variant"])
    if key in grid_variants and r.get("unit") == "cycles":
        drop = CUDA_DROP if r["model"] == "cuda" else OMP_DROP
        if r.get("threads") in drop:
            return False
    return True


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    op = gzip.open if sys.argv[1].endswith(".gz") else open
    rows = [json.loads(x) for x in op(sys.argv[1], "rt")]
    teams = collections.defaultdict(set)
    for r in rows:
        if r.get("unit") == "cycles" and r.get("teams") is not None:
            teams[(r["config"], r["kernel"], r["variant"])].add(r["teams"])
    grid = {k for k, v in teams.items() if v in (CUDA_GRID, OMP_GRID)}
    hw = max((r.get("threads", 0) for r in rows if r.get("model") == "native"), default=0)
    old_m, new_m = collections.Counter(), collections.Counter()
    for r in rows:
        if r.get("base_median") is None or r.get("test_median") is None:
            continue
        k = (r["config"], r["kernel"] + "/" + r["variant"])
        old_m[k] += point_cost(r, False)
        if kept(r, grid, hw):
            new_m[k] += point_cost(r, True)
    old_w, new_w = collections.Counter(), collections.Counter()
    sweep = re.compile(r"\] (\S+) (\S+): \d+ of \d+ point\(s\) ok, ([0-9.]+) s$")
    single = re.compile(r"\] (\S+) (\S+): ok, median ([0-9.]+) ms")
    for line in open(sys.argv[2]):
        m = sweep.search(line.strip())
        if m:
            k = (m.group(1), m.group(2))
            w = float(m.group(3))
            old_w[m.group(1)] += w
            ratio = new_m[k] / old_m[k] if old_m[k] > 0 else 1.0
            new_w[m.group(1)] += w * ratio
            continue
        m = single.search(line)
        if m:
            med = float(m.group(3)) / 1e3
            old_runs = 3 if med > 1.0 else 5  # the old rule decided on the warm-up, above 1 s
            old_w[m.group(1)] += (1 + old_runs) * med + OVERHEAD_SINGLE
            new_w[m.group(1)] += (1 + slow_runs(med, 5)) * med + OVERHEAD_SINGLE
    print("| configuration | old (s) | estimate (s) |")
    print("|---|---|---|")
    for c in sorted(old_w, key=lambda c: -old_w[c]):
        print(f"| {c} | {old_w[c]:.0f} | {new_w[c]:.0f} |")
    print(f"| **sum** | **{sum(old_w.values()):.0f}** | **{sum(new_w.values()):.0f}** |")


if __name__ == "__main__":
    main()
