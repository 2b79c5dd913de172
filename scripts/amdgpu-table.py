#!/usr/bin/env python3
"""amdgpu-table.py RESULT_DIR: docs/amdgpu.md's comparison table from a study's compile.jsonl.

Per kernel of the AMD configurations (the case catalogue and the proxies), joined by kernel_id:
NVPTX sm_90 (target-clang19) against gfx90a and gfx942 (target-clang19-gfx90a, -gfx942): static
mode, openmp-opt remark IDs, resources side by side, and whether mode and remarks agree. Written
once for the evidence table, so that it can be regenerated from any --compile-only study."""
import json
import sys

NV, AMD = "target-clang19", ("target-clang19-gfx90a", "target-clang19-gfx942")


def ids(r):
    return " ".join(sorted(set(r.get("remarks") or []))) or "–"


def main(d):
    by = {}
    for line in open(d + "/compile.jsonl"):
        r = json.loads(line)
        by.setdefault(r["kernel_id"], {})[r["config"]] = r
    rows = [(k, v) for k, v in sorted(by.items()) if all(c in v for c in (NV,) + AMD)]
    print("| region | sm_90 mode | sm_90 remarks | regs · smem B | gfx90a mode | gfx90a remarks | "
          "gfx90a VGPR · SGPR · AGPR · LDS B · scratch B · waves | gfx942 VGPR · SGPR · LDS B · waves | agree |")
    print("|---|---|---|---|---|---|---|---|---|")
    same = diff_mode = diff_rem = 0
    for k, v in rows:
        n, a, b = v[NV], v[AMD[0]], v[AMD[1]]
        mode_ok = n.get("static_mode") == a.get("static_mode") == b.get("static_mode")
        rem_ok = ids(n) == ids(a) == ids(b)
        same += mode_ok and rem_ok
        diff_mode += not mode_ok
        diff_rem += mode_ok and not rem_ok
        f, line, fn = k.split(":", 2)
        name = "%s:%s %s" % (f.split("/")[-1], line, fn.split("(")[0])
        agree = "yes" if mode_ok and rem_ok else ("mode" if not mode_ok else "remarks")
        print("| %s | %s | %s | %s · %s | %s | %s | %s · %s · %s · %s · %s · %s | %s · %s · %s · %s | %s |" % (
            name, n.get("static_mode", "–"), ids(n), n.get("registers", "–"), n.get("smem_bytes", "–"),
            a.get("static_mode", "–"), ids(a), "%s%s" % (a["vgprs"], "*" if a.get("dynamic_stack") else ""), a["sgprs"], a["agprs"], a["lds_bytes"],
            a["scratch_bytes"], a["waves_per_simd"], b["vgprs"], b["sgprs"], b["lds_bytes"], b["waves_per_simd"],
            agree))
    print()
    print("\\* the kernel calls a function of another file (`dynamic_stack`): its figures include the back end's "
          "assumption for that call.")
    print()
    print("%d regions in all three: %d agree in mode and remark IDs, %d differ in mode, %d in remark IDs only." % (
        len(rows), same, diff_mode, diff_rem))


if __name__ == "__main__":
    main(sys.argv[1])
