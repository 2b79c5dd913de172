#!/bin/sh
# A mini bundle (scripts/bundle.sh's layout) of /work/b-aa: the driver and the named configurations.
set -eu
B=/work/main/.dev-aa/kit
rm -rf "$B"; mkdir -p "$B/driver" "$B/configs" "$B/runtime/lib"
cp /work/b-aa/driver/ompkit "$B/driver/"
sha=$(git -C /work/wt-aa rev-parse HEAD)
python3 - "$B" "$sha" "$@" <<'PY'
import json,sys
B,sha,names=sys.argv[1],sys.argv[2],sys.argv[3:]
m=json.load(open('/work/b-aa/ompkit-configs.json'))
m['configs']=[c for c in m['configs'] if c['name'] in names]
out={'ompkit_manifest':m['ompkit_manifest'],'git_sha':sha}; out.update(m)
json.dump(out,open(B+'/ompkit-configs.json','w'),indent=1)
PY
for n in "$@"; do
  d=/work/b-aa/configs/$n; mkdir -p "$B/configs/$n"
  cp "$d/ompkit-bench" "$B/configs/$n/"
  [ -d "$d/artefacts" ] && cp -r "$d/artefacts" "$B/configs/$n/"
  [ -d "$B/configs/$n/artefacts/keep" ] && find "$B/configs/$n/artefacts/keep" -type f ! -name '*.ptx' ! -name '*.sources' -delete
done
cp -L /lib/x86_64-linux-gnu/libjansson.so.4 /lib/x86_64-linux-gnu/libyaml-0.so.2 "$B/runtime/lib/"
tar -C /work/wt-aa --exclude='*.txt' -cf - kernels | tar -C "$B" -xf -
cat >"$B/run.sh" <<'EOT'
#!/bin/sh
HERE=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
export LD_LIBRARY_PATH="$HERE/runtime/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
exec "$HERE/driver/ompkit" "$@"
EOT
chmod +x "$B/run.sh"
du -sh "$B"
