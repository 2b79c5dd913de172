#!/bin/bash
# room (issue 22), call 3: the end of a full study (tables, check, report) on session 5's 16523
# points, through --resume of a finished study (every variant in done.jsonl): main's driver and this branch's.
R=$PWD; C=$R/.gpu/room/call
mkdir -p /tmp/rb && cd /tmp/rb && rm -rf new old && "$C/zstd" -dc "$C/pkg.tar.zst" | tar -x || exit 2
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
B=/tmp/s5base; rm -rf $B && mkdir -p $B && cp $R/docs/results/2026-11-26-h100-session5/full/* $B/ && gunzip -f $B/*.gz && rm -f $B/report.md
python3 - $B <<'EOF'
import json,sys
d=sys.argv[1]
p=json.load(open(d+'/provenance.json')); p['git_sha']='unknown'; p['options']['configs']='cuda-nvcc'
json.dump(p,open(d+'/provenance.json','w'),indent=2)
seen=set()
with open(d+'/done.jsonl','w') as f:
  for l in open(d+'/results.jsonl'):
    j=json.loads(l)
    if not j.get('kernel'): continue
    k=(j['config'],j['kernel'],j['variant'],j.get('repeat',0))
    if k not in seen:
      seen.add(k); f.write(json.dumps({"config":k[0],"kernel":k[1],"variant":k[2],"repeat":k[3],"lines":1,"wall_s":0.1})+"\n")
EOF
export PATH="$PATH:/usr/local/cuda/bin"
for v in old new old new; do
  rm -rf /tmp/e-$v && cp -r $B /tmp/e-$v
  s=$(date +%s.%N); (cd /tmp/rb/$v && ./run.sh run --resume /tmp/e-$v >/tmp/e-$v.log 2>&1); rc=$?; e=$(date +%s.%N)
  python3 -c 'import json,sys; t=json.load(open(sys.argv[1])); print(sys.argv[2], "rc", sys.argv[3], "wall %.2f" % float(sys.argv[4]), {k: t.get(k) for k in ("compile_data_s","plan_s","tables_and_report_s","total_s")})' /tmp/e-$v/timing.json $v $rc $(awk "BEGIN{print $e-$s}")
  grep -c . /tmp/e-$v/results.jsonl; ls /tmp/e-$v/plots/*.svg | wc -l
done
tail -3 /tmp/e-new.log
cp /tmp/e-new/report.md $OUT/report-new.md; cp /tmp/e-old/report.md $OUT/report-old.md
