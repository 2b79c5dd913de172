# One status vocabulary (record/ok_status.def): a stand-in bench writes one line of every
# status in the table, one variant fails as an EXPECT-FAIL marker says and one more passes under
# one, a second configuration is disabled. The run's summary, the report's header, nightly.json
# and the lit export must then tell the same counts (driver/core/status.c's tally), and record format
# 1's "name: why" statuses must read back as the same enumeration.
. "$(dirname "$0")/lib.sh"
M="$TMP/m"
mkdir -p "$M/configs/sv/artefacts" "$M/src/kernels/native"
"$OMPKIT" schema --json >"$TMP/schema.json" || fail "ompkit schema --json"
# The status names, one per line, in table order (v0, v1, ... name the variants).
python3 -c 'import json,sys; [print(s["name"]) for s in json.load(open(sys.argv[1]))["statuses"]]' "$TMP/schema.json" >"$M/names"
n=$(wc -l <"$M/names")
[ "$n" -ge 15 ] || fail "the status table has $n rows"
cat >"$M/configs/sv/ompkit-bench" <<EOT
#!/bin/sh
names="$M/names"
EOT
cat >>"$M/configs/sv/ompkit-bench" <<'EOT'
case "$1" in
  --list) i=0; while read -r s; do echo "{\"kernel\":\"k\",\"variant\":\"v$i\",\"source_mode\":\"host\"}"; i=$((i+1)); done <"$names"
          for v in marked passes; do echo "{\"kernel\":\"k\",\"variant\":\"$v\",\"source_mode\":\"host\"}"; done ;;
  --info) echo '{"flags":"-O0"}' ;;
  --probe) echo '{"devices":1,"device_name":"fake"}' ;;
  --run)
    v=${2#k/}
    case $v in
      marked) st="wrong result" ;;
      passes) st=ok ;;
      *) st=$(sed -n "$(( ${v#v} + 1 ))p" "$names") ;;
    esac
    echo "{\"kernel\":\"k\",\"variant\":\"$v\",\"status\":\"$st\",\"threads\":2,\"time_s\":{\"median\":0.5},\"error\":\"stand-in\"}" ;;
esac
EOT
chmod +x "$M/configs/sv/ompkit-bench"
cat >"$M/src/kernels/native/k.c" <<'EOT'
// EXPECT-FAIL[clang-19]: wrong result (fails as marked)
OK_REGISTER(k, marked, "host", T, f)
// EXPECT-FAIL[clang-19]: wrong result (passes: fixed?)
OK_REGISTER(k, passes, "host", T, f)
EOT
cat >"$M/ompkit-configs.json" <<EOT
{"ompkit_manifest": 1, "offload_arch": "sm_90", "source_dir": "$M/src", "configs": [
{"name": "sv", "model": "native", "enabled": true, "needs_gpu": false, "compiler": "/usr/bin/clang-19",
 "compiler_version": "Debian clang version 19.1.7 (3+b1)", "bench": "configs/sv/ompkit-bench", "artefacts": "configs/sv/artefacts"},
{"name": "off", "model": "native", "enabled": false, "reason": "stand-in: no such compiler", "needs_gpu": false,
 "bench": "configs/off/ompkit-bench", "artefacts": "configs/off/artefacts"}]}
EOT
set +e
OMPKIT_MANIFEST="$M/ompkit-configs.json" "$OMPKIT" run --out "$TMP/r" >"$TMP/log" 2>&1
rc=$?
set -e
[ $rc = 1 ] || { cat "$TMP/log"; fail "run: exit $rc, want 1 (failures in the table)"; }
D=$(readlink -f "$TMP/r/latest")
# Every status of the table is written by its name alone (format 2), the why apart.
i=0
while read -r s; do
  grep -q "\"variant\":\"v$i\",.*\"status\":\"$s\"" "$D/results.jsonl" || fail "v$i: status '$s' not written as such: $(grep "\"v$i\"" "$D/results.jsonl")"
  i=$((i + 1))
done <"$M/names"
grep -q '"variant":"marked",.*"status":"known defect".*"error":"wrong result: stand-in"' "$D/results.jsonl" || fail "marked line"
grep -q '"variant":"passes",.*"status":"fixed?"' "$D/results.jsonl" || fail "passing marked line"
grep -q '"record_version": 3' "$D/provenance.json" || fail "provenance lacks record_version 3"

summary=$(sed -n 's/^ompkit: \(variants: .*\)$/\1/p' "$TMP/log")
[ -n "$summary" ] || { cat "$TMP/log"; fail "the run printed no tally"; }
# 19 variants: the 17 statuses, known defect twice (the marked one), fixed? twice; 2 passed (ok,
# deadlock (expected)); 7 failed (with analyze's not compiled); not built, not runnable and
# analyze's no kernel 3; skipped and disabled 2.
case "$summary" in
  "variants: $((n + 2)) (2 passed, 7 failed, 2 known defect, 2 fixed?, 1 not measured, 3 not built or not runnable, 2 skipped) · points: $((n + 2)) "*) ;;
  *) fail "run's tally: $summary" ;;
esac
grep -q 'configurations with no variant run: 1 (0 passed, 0 failed, 0 known defect, 0 fixed?, 0 not measured, 0 not built or not runnable, 1 skipped)' "$TMP/log" ||
  fail "the disabled configuration is not counted apart: $summary"
# The report's header: the same line, word for word.
grep -qF "$summary" "$D/report.md" || fail "report header differs from the run: $(sed -n 3p "$D/report.md")"
# nightly.json: the same line, and the same numbers as JSON.
"$OMPKIT" nightly --baseline "$D" --result "$D" --out "$TMP/n" >"$TMP/nlog" 2>&1 || true
python3 - "$TMP/n/nightly.json" "$summary" <<'PY' || fail "nightly.json's tally differs"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["tally_line"] == sys.argv[2], (d["tally_line"], sys.argv[2])
v = d["tally"]["variants"]
assert (v["failed"], v["known defect"], v["fixed?"]) == (7, 2, 2), v
assert len(d["known_defects"]) == 2 and len(d["fixed"]) == 2, d
PY
# The lit export: per point, FAIL/XFAIL/XPASS counts are the tally's failed/known/fixed? points.
"$OMPKIT" export "$D" --lit "$TMP/lit.json" >/dev/null || fail "export --lit"
python3 - "$TMP/lit.json" "$TMP/n/nightly.json" <<'PY' || fail "lit export disagrees with the tally"
import json, sys, collections
codes = collections.Counter(t["code"] for t in json.load(open(sys.argv[1]))["tests"])
p = json.load(open(sys.argv[2]))["tally"]["points"]
want = {"PASS": p["passed"], "FAIL": p["failed"], "XFAIL": p["known defect"], "XPASS": p["fixed?"],
        "UNSUPPORTED": p["not measured"] + p["not built or not runnable"] + p["skipped"]}
assert dict(codes) == {k: v for k, v in want.items() if v}, (codes, want)
PY

# Record format 1 reads back as the same enumeration: the same folder, statuses rewritten as
# the kit wrote them before (name: why, ok under a marker), gives the same tally in the report.
O="$TMP/old"
cp -r "$D" "$O"
python3 - "$O" <<'PY'
import json, sys
p = sys.argv[1]
lines = [json.loads(l) for l in open(p + "/results.jsonl")]
with open(p + "/results.jsonl", "w") as f:
    for j in lines:
        if j["status"] == "fixed?" and "expect_fail" in j: j["status"] = "ok"
        elif j.get("error") and j["status"] != "ok": j["status"] += ": " + j.pop("error")
        f.write(json.dumps(j) + "\n")
pv = json.load(open(p + "/provenance.json")); pv.pop("record_version", None)
json.dump(pv, open(p + "/provenance.json", "w"))
PY
grep -q '"status": "known defect: wrong result: stand-in"' "$O/results.jsonl" || fail "format-1 fixture not written"
"$OMPKIT" report "$O" >/dev/null 2>&1 || fail "report of the format-1 folder"
grep -qF "$summary" "$O/report.md" || fail "format 1 reads back differently: $(sed -n 3p "$O/report.md")"
"$OMPKIT" compare "$D" "$O" >"$TMP/cmp" 2>&1 || fail "compare format 2 with format 1 finds a change: $(tail -5 "$TMP/cmp")"
pass "one tally of $((n + 2)) variants in the run, the report, nightly.json and the lit export; format 1 reads back the same"
