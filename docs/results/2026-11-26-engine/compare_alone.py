#!/usr/bin/env python3
"""Second call: the target-clang19 bench alone, old and new with --type int (the same points in the
same order), two rounds, and the new bench's default quick sweep. Per point: per-op cycles.

usage: compare_alone.py DIR (holding int-old-1.jsonl.gz ... default-new-2.jsonl.gz)"""
import gzip
import json
import statistics
import sys

NAMES = ["int-old-1", "int-new-1", "int-old-2", "int-new-2", "default-new-1", "default-new-2"]


def load(path):
    d = {}
    for line in gzip.open(path, "rt"):
        r = json.loads(line)
        if "per_op_cycles" in r:
            d[(r["kernel"], r["variant"], r.get("type"), r["threads"], r["teams"], r.get("stride", ""), r.get("param"))] = r
    return d


R = {n: load(f"{sys.argv[1]}/{n}.jsonl.gz") for n in NAMES}
keys = sorted(R["int-old-1"])
cross, same = [], []
print("| kernel/variant | threads x teams | stride | param | cycles/op: old 1, new 1, old 2, new 2 | new bench, default quick (with double): 1, 2 | n_iter old/new |")
print("|---|---|---|---|---|---|---|")
for k in keys:
    v = [R[n][k]["per_op_cycles"]["median"] if k in R[n] else float("nan") for n in NAMES]
    cross += [abs(v[1] / v[0] - 1), abs(v[3] / v[2] - 1)]
    same.append(abs(v[2] / v[0] - 1))
    print(f"| {k[0]}/{k[1]} | {k[3]}x{k[4]} | {k[5]} | {k[6]} | {v[0]:.2f}, {v[1]:.2f}, {v[2]:.2f}, {v[3]:.2f} | "
          f"{v[4]:.2f}, {v[5]:.2f} | {R['int-old-1'][k]['n_iter']}/{R['int-new-1'][k]['n_iter']} |")
print(f"\n{len(keys)} points; abs(new/old - 1): median {statistics.median(cross):.5f}, max {max(cross):.5f}; "
      f"old against old: median {statistics.median(same):.5f}, max {max(same):.5f}")
