#!/usr/bin/env python3
"""Per-point comparison of two primitive runs (old and new bundle, same GPU, one call).

usage: compare_points.py OLD/results.jsonl NEW/results.jsonl > table.md

A point is (config, kernel, variant, type, threads, teams, stride, param); its value is per_op_ns
{median, min, max} (baseline/test points only). Two points agree within their spreads when their
[min, max] ranges overlap; the table also gives new/old of the medians. Points in one run only
are listed apart."""
import json
import sys


def load(path):
    pts = {}
    for line in open(path):
        r = json.loads(line)
        if "per_op_ns" not in r:
            continue
        key = tuple(str(r.get(k, "")) for k in ("config", "kernel", "variant", "type", "threads", "teams", "stride", "param"))
        pts[key] = r
    return pts


def main():
    old, new = load(sys.argv[1]), load(sys.argv[2])
    both = sorted(set(old) & set(new))
    rows, agree, ratios = [], 0, []
    per_config = {}
    for k in both:
        o, n = old[k]["per_op_ns"], new[k]["per_op_ns"]
        ok = not (n["min"] > o["max"] or o["min"] > n["max"])
        ratio = n["median"] / o["median"] if o["median"] else float("nan")
        agree += ok
        ratios.append(ratio)
        c = per_config.setdefault(k[0], [0, 0])
        c[0] += ok
        c[1] += 1
        rows.append((k, o, n, ratio, ok, old[k].get("n_iter"), new[k].get("n_iter")))
    ratios.sort()
    med = ratios[len(ratios) // 2] if ratios else float("nan")
    print(f"points in both: {len(both)}; agree within spreads (ranges overlap): {agree}; "
          f"median new/old {med:.4f}; middle half {ratios[len(ratios) // 4]:.4f}-{ratios[3 * len(ratios) // 4]:.4f}"
          if ratios else "no common points")
    for c, (a, t) in sorted(per_config.items()):
        print(f"- {c}: {a} of {t} agree")
    only_old, only_new = sorted(set(old) - set(new)), sorted(set(new) - set(old))
    print(f"only in old: {len(only_old)}; only in new: {len(only_new)}\n")
    print("| config | kernel/variant | type | threads x teams | stride | param | old ns/op [min-max] | new ns/op [min-max] | new/old | n_iter old/new | agree |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for k, o, n, ratio, ok, ni_o, ni_n in rows:
        print(f"| {k[0]} | {k[1]}/{k[2]} | {k[3]} | {k[4]}x{k[5]} | {k[6]} | {k[7]} | {o['median']:.4g} [{o['min']:.4g}-{o['max']:.4g}] | "
              f"{n['median']:.4g} [{n['min']:.4g}-{n['max']:.4g}] | {ratio:.4f} | {ni_o}/{ni_n} | {'yes' if ok else '**no**'} |")
    for title, keys, src in (("Only in old", only_old, old), ("Only in new", only_new, new)):
        if keys:
            print(f"\n{title}:\n")
            for k in keys:
                print(f"- {k[0]} {k[1]}/{k[2]} {k[3]} {k[4]}x{k[5]} stride {k[6]} {k[7]}: {src[k]['per_op_ns']['median']:.4g} ns/op")


main()
