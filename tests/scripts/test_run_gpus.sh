# ompkit run --gpus (issue 32 §1), on any machine: a fake nvidia-smi lists two GPUs, a fake GPU
# bench sleeps per variant and reports the CUDA_VISIBLE_DEVICES it saw. The GPU work runs on
# both GPUs at once (each process sees one GPU; the wall time shows the overlap), every line
# names the GPU that measured it, the multi-GPU variant runs alone with both GPUs, the host
# configuration runs after the GPU work (--host after) or beside it on its own CPUs (OMPKIT_HOST_CPUS),
# provenance lists the GPUs and the host CPUs, and the points are the points a one-GPU run
# measures (compare: all same). Bad lists are one-line errors.
. "$(dirname "$0")/lib.sh"
M="$TMP/m"
mkdir -p "$M/configs/g/artefacts" "$M/configs/h/artefacts" "$TMP/bin"
cat >"$TMP/bin/nvidia-smi" <<'EOT'
#!/bin/sh
printf '0, GPU-aaaaaaaa-0000, Fake H100\n1, GPU-bbbbbbbb-1111, Fake H100\n'
EOT
chmod +x "$TMP/bin/nvidia-smi"
# bench KERNELS MODEL: begin/end brackets; each variant sleeps 1 s (the GPU ones) and reports.
bench() {
  cat >"$M/configs/$1/ompkit-bench" <<EOT
#!/bin/sh
case "\$1" in
  --list) for k in $2; do for v in v1 v2 v3; do echo "{\"kernel\":\"\$k\",\"variant\":\"\$v\",\"source_mode\":\"x\"}"; done; done ;;
  --info) echo '{"flags":"-O0","batch":true}' ;;
  --probe) echo '{"devices":2,"device_name":"Fake H100"}' ;;
  --run)
    while [ \$# -gt 0 ]; do
      [ "\$1" = --run ] || { shift; continue; }
      k=\${2%/*} v=\${2#*/}; shift 2
      echo "{\"event\":\"begin\",\"kernel\":\"\$k\",\"variant\":\"\$v\"}"
      echo "\$(date +%s.%N) \$(date +%s.%N) $1 \$k/\$v dev=\${CUDA_VISIBLE_DEVICES:-none} cpus=\$(grep Cpus_allowed_list /proc/self/status | cut -f2)" >>"$TMP/runs.start"
      if [ $1 = g ]; then sleep 1; else sleep 0.3; fi
      echo "\$(date +%s.%N) $1 \$k/\$v" >>"$TMP/runs.end"
      echo "{\"kernel\":\"\$k\",\"variant\":\"\$v\",\"status\":\"ok\",\"verified\":true,\"time_s\":{\"median\":0.5,\"min\":0.5,\"max\":0.5},\"detail\":\"dev=\${CUDA_VISIBLE_DEVICES:-none}\"}"
      echo "{\"event\":\"end\",\"kernel\":\"\$k\",\"variant\":\"\$v\",\"rc\":0}"
    done ;;
esac
EOT
  chmod +x "$M/configs/$1/ompkit-bench"
}
bench g "ka kb multi_gpu_sync"
bench h "kh"
cat >"$M/ompkit-configs.json" <<'EOT'
{"ompkit_manifest": 1, "configs": [
 {"name": "g", "model": "cuda", "enabled": true, "needs_gpu": true, "bench": "configs/g/ompkit-bench", "artefacts": "configs/g/artefacts"},
 {"name": "h", "model": "native", "enabled": true, "needs_gpu": false, "bench": "configs/h/ompkit-bench", "artefacts": "configs/h/artefacts"}]}
EOT
export OMPKIT_MANIFEST="$M/ompkit-configs.json" PATH="$TMP/bin:$PATH"

t0=$(date +%s.%N)
"$OMPKIT" run --out "$TMP/two" --gpus all --host after >"$TMP/log" 2>&1 || { cat "$TMP/log"; fail "run --gpus all: exit $?"; }
secs=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
R="$TMP/two/latest/results.jsonl"
python3 - "$R" "$TMP/two/latest/provenance.json" "$TMP/runs.start" "$TMP/runs.end" <<'PY' || fail "run --gpus all: $(cat "$TMP/log")"
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
ok = [l for l in lines if l.get("status") == "ok"]
assert len(ok) == 12, ("want 12 ok lines", len(ok), lines)
uuid = {"0": "GPU-aaaaaaaa-0000", "1": "GPU-bbbbbbbb-1111"}
for l in ok:
    dev = l["detail"].split("=")[1]
    if l["config"] == "h":
        assert dev == "none" and "gpu_index" not in l, ("host line", l)
    elif l["kernel"] == "multi_gpu_sync":
        assert dev == "0,1", ("the multi-GPU variant sees both GPUs", l)
    else:
        assert dev in uuid and l["gpu_index"] == int(dev) and l["gpu_uuid"] == uuid[dev], ("the line names its GPU", l)
devs = {l["detail"] for l in ok if l["config"] == "g" and l["kernel"] != "multi_gpu_sync"}
assert devs == {"dev=0", "dev=1"}, ("both GPUs used", devs)
prov = json.load(open(sys.argv[2]))
assert [g["uuid"] for g in prov["gpus"]] == ["GPU-aaaaaaaa-0000", "GPU-bbbbbbbb-1111"], prov.get("gpus")
start = [l.split() for l in open(sys.argv[3])]
end = [l.split() for l in open(sys.argv[4])]
gpu_end = max(float(e[0]) for e in end if e[1] == "g")
host_start = min(float(s[0]) for s in start if s[2] == "h")
assert host_start >= gpu_end, "the host configuration ran while GPU benches ran"
multi = [float(s[0]) for s in start if s[3].startswith("multi_gpu_sync")]
single_end = max(float(e[0]) for e in end if e[1] == "g" and not e[2].startswith("multi_gpu_sync"))
assert min(multi) >= single_end, "a multi-GPU variant ran beside single-GPU work"
PY
# 6 single-GPU variants of 1 s on two GPUs, 3 multi-GPU ones alone: about 6 s, not 9.
awk -v s="$secs" 'BEGIN { exit !(s < 8.5) }' || fail "no overlap: $secs s for 9 s of GPU work on two GPUs"
grep -q 'unit(s) of GPU work over 2 GPUs (0,1)' "$TMP/log" || fail "no plan line: $(cat "$TMP/log")"

# The same points as a one-GPU run: compare finds every point the same.
rm -f "$TMP/runs.start" "$TMP/runs.end"
"$OMPKIT" run --out "$TMP/one" --gpus 1 --host after >"$TMP/log1" 2>&1 || { cat "$TMP/log1"; fail "run --gpus 1: exit $?"; }
grep -q 'dev=1' "$TMP/one/latest/results.jsonl" || fail "--gpus 1 did not run on GPU 1"
"$OMPKIT" compare "$TMP/one/latest" "$TMP/two/latest" --json >"$TMP/cmp.json" 2>"$TMP/cmp.err" || fail "compare: $(cat "$TMP/cmp.err")"
python3 -c "import json,sys; d=json.load(open('$TMP/cmp.json')); assert d['summary']=={'same':12}, d['summary']" ||
  fail "one GPU against two: $(head -c 1500 "$TMP/cmp.json")"

# --host beside (the default where the node's cores allow; OMPKIT_HOST_CPUS names them here, on a
# machine of any size): the host benches run while the GPU work runs, on CPU 0 only; the GPU
# benches on the others; provenance says where; a one-GPU study beside measures the same points.
if [ "$(nproc)" -ge 2 ]; then
  rm -f "$TMP/runs.start" "$TMP/runs.end"
  OMPKIT_HOST_CPUS=0 "$OMPKIT" run --out "$TMP/beside" --gpus all >"$TMP/logb" 2>&1 || { cat "$TMP/logb"; fail "beside: exit $?"; }
  grep -q 'host configurations beside the GPU work, on CPUs 0 (1)' "$TMP/logb" || fail "beside: no split line: $(cat "$TMP/logb")"
  python3 - "$TMP/beside/latest/provenance.json" "$TMP/runs.start" "$TMP/runs.end" <<'PY' || fail "beside: $(cat "$TMP/logb")"
import json, sys
prov = json.load(open(sys.argv[1]))
h = prov["host_cores"]
assert h["beside_gpu_work"] and h["cpus"] == "0" and h["count"] == 1, h
start = [l.split() for l in open(sys.argv[2])]
end = [l.split() for l in open(sys.argv[3])]
host = [s for s in start if s[2] == "h"]
assert host and all(s[5] == "cpus=0" for s in host), ("host benches on CPU 0 only", host)
gpu = [s for s in start if s[2] == "g"]
assert all(s[5] != "cpus=0" and "0" not in s[5].split("=")[1].replace("-", ",").split(",")[:1] for s in gpu), ("GPU benches off CPU 0", gpu)
gpu_end = max(float(e[0]) for e in end if e[1] == "g")
assert min(float(s[0]) for s in host) < gpu_end, "the host configuration waited for the GPU work"
PY
  OMPKIT_HOST_CPUS=0 "$OMPKIT" run --out "$TMP/beside1" --gpus 0 >"$TMP/logb1" 2>&1 || fail "beside, one GPU: exit $?"
  "$OMPKIT" compare "$TMP/beside1/latest" "$TMP/beside/latest" --json >"$TMP/cmpb.json" 2>"$TMP/cmp.err" || fail "compare: $(cat "$TMP/cmp.err")"
  python3 -c "import json; d=json.load(open('$TMP/cmpb.json')); assert d['summary']=={'same':12}, d['summary']" ||
    fail "beside, one GPU against two: $(head -c 1500 "$TMP/cmpb.json")"
  # compare says the host configurations ran on other CPU counts (their points do not pair).
  "$OMPKIT" compare "$TMP/two/latest" "$TMP/beside/latest" >"$TMP/cmph.txt" 2>&1 || true
  grep -q "host CPUs: $(nproc) -> 1 beside the GPU work" "$TMP/cmph.txt" || fail "compare after/beside: no host CPUs line: $(head -20 "$TMP/cmph.txt")"
  set +e
  OMPKIT_HOST_CPUS=999 "$OMPKIT" run --out "$TMP/badcpu" --gpus all >"$TMP/badcpu.log" 2>&1
  rc=$?
  set -e
  [ $rc = 0 ] && grep -q 'OMPKIT_HOST_CPUS=999 leaves the host side no CPU' "$TMP/badcpu.log" ||
    fail "a host CPU list outside the machine: exit $rc: $(cat "$TMP/badcpu.log")"
fi

# A study over both GPUs stopped by SIGINT goes on with --resume --gpus: every variant once.
"$OMPKIT" run --out "$TMP/cut" --gpus all >"$TMP/cut.log" 2>&1 &
pid=$!
sleep 2.5
kill -INT $pid 2>/dev/null || true
wait $pid || true
D=$(ls -d "$TMP"/cut/2*)
"$OMPKIT" run --resume "$D" --gpus all >"$TMP/resume.log" 2>&1 || { cat "$TMP/cut.log" "$TMP/resume.log"; fail "--resume --gpus: exit $?"; }
python3 - "$D/results.jsonl" <<'PY' || fail "--resume --gpus: $(cat "$TMP/cut.log" "$TMP/resume.log")"
import json, sys, collections
ok = collections.Counter((l["config"], l["kernel"], l["variant"]) for l in map(json.loads, open(sys.argv[1])) if l.get("status") == "ok")
assert len(ok) == 12 and set(ok.values()) == {1}, ok
PY

# Bad input: one line, exit 2.
for bad in "7" "0,0" "x"; do
  set +e
  "$OMPKIT" run --out "$TMP/bad" --gpus "$bad" >"$TMP/bad.out" 2>&1
  rc=$?
  set -e
  [ $rc = 2 ] && [ "$(wc -l <"$TMP/bad.out")" = 1 ] || fail "--gpus $bad: exit $rc: $(cat "$TMP/bad.out")"
done
set +e
"$OMPKIT" run --out "$TMP/bad" --gpus all --gpu 0 >"$TMP/bad.out" 2>&1
rc=$?
set -e
[ $rc = 2 ] || fail "--gpus with --gpu: exit $rc"
pass "--gpus all: 12 points on 2 GPUs in $secs s, each naming its GPU; multi-GPU alone, host after or beside on its CPUs; same points as one GPU"
