#!/usr/bin/env python3
"""Old and new bundle, two rounds each on one GPU (old, new, new, old): does the new engine move a
point more than the old code moves between its own two runs?

usage: compare_rounds.py OLD1 NEW1 NEW2 OLD2 (results.jsonl files)

Per point (config, kernel, variant, type, threads, teams, stride, param) with per_op_ns:
- agree: the new runs' combined [min, max] (both rounds) overlaps the old runs' combined range;
- moved: new/old of the medians on the same side in both rounds and beyond the old code's own
  round-to-round change (|old2/old1 - 1|) plus 1 %."""
import json
import statistics
import sys

KEY = ("config", "kernel", "variant", "type", "threads", "teams", "stride", "param")


def load(path):
    out = {}
    for line in open(path):
        r = json.loads(line)
        if "per_op_ns" in r:
            out[tuple(str(r.get(k, "")) for k in KEY)] = r
    return out


def q(v, f):
    v = sorted(v)
    return v[min(len(v) - 1, int(f * len(v)))] if v else float("nan")


o1, n1, n2, o2 = (load(p) for p in sys.argv[1:5])
common = sorted(set(o1) & set(o2) & set(n1) & set(n2))
per = {}
moved = []
for k in common:
    a, b, c, d = (x[k]["per_op_ns"] for x in (o1, n1, n2, o2))
    olo, ohi = min(a["min"], d["min"]), max(a["max"], d["max"])
    nlo, nhi = min(b["min"], c["min"]), max(b["max"], c["max"])
    agree = not (nlo > ohi or olo > nhi)
    r1, r2, s = b["median"] / a["median"], c["median"] / d["median"], d["median"] / a["median"]
    st = per.setdefault(k[0], {"n": 0, "agree": 0, "cross": [], "same": []})
    st["n"] += 1
    st["agree"] += agree
    st["cross"] += [abs(r1 - 1), abs(r2 - 1)]
    st["same"].append(abs(s - 1))
    if (r1 - 1) * (r2 - 1) > 0 and min(abs(r1 - 1), abs(r2 - 1)) > abs(s - 1) + 0.01:
        moved.append((k, a["median"], b["median"], c["median"], d["median"], r1, r2, s,
                      o1[k].get("n_iter"), n1[k].get("n_iter")))
print(f"points in all four runs: {len(common)}; only in the new runs: {len(set(n1) - set(o1))}; "
      f"only in the old runs: {len(set(o1) - set(n1))}\n")
print("| configuration | points | agree (combined ranges overlap) | median abs(new/old - 1) | p90 | "
      "median abs(old2/old1 - 1) | p90 |")
print("|---|---|---|---|---|---|---|")
for c, st in sorted(per.items()):
    print(f"| {c} | {st['n']} | {st['agree']} | {statistics.median(st['cross']):.4f} | {q(st['cross'], 0.9):.4f} | "
          f"{statistics.median(st['same']):.4f} | {q(st['same'], 0.9):.4f} |")
tot = sum(s["n"] for s in per.values())
print(f"| all | {tot} | {sum(s['agree'] for s in per.values())} | | | | |\n")
print(f"Moved (same side in both rounds, beyond the old code's own change + 1 %): {len(moved)}\n")
if moved:
    print("| configuration | kernel/variant | type | threads x teams | stride | param | old1 | new1 | new2 | old2 | "
          "new1/old1 | new2/old2 | old2/old1 | n_iter old/new |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for k, a, b, c, d, r1, r2, s, nio, nin in moved:
        print(f"| {k[0]} | {k[1]}/{k[2]} | {k[3]} | {k[4]}x{k[5]} | {k[6]} | {k[7]} | {a:.4g} | {b:.4g} | {c:.4g} | "
              f"{d:.4g} | {r1:.4f} | {r2:.4f} | {s:.4f} | {nio}/{nin} |")
