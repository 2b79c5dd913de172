#!/bin/bash
# call 4: why a blocking empty `target` costs clang-19 ~2.4x clang-16: libomptarget's time-trace
# profile (LIBOMPTARGET_PROFILE) of the launch variants, three runs each, plus plain timings.
cd /tmp/okb/ompkit-bundle || exit 2
export LD_LIBRARY_PATH="$PWD/runtime/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p /tmp/diag2
for c in target-clang16 target-clang19; do
  for v in target_empty_generic target_teams_nowait_spmd; do
    for i in 1 2 3; do
      LIBOMPTARGET_PROFILE=/tmp/diag2/prof-$c-$v-$i.json timeout 120 configs/$c/ompkit-bench --run launch/$v --runs 5 \
        > /tmp/diag2/out-$c-$v-$i.jsonl 2>/tmp/diag2/err-$c-$v-$i.txt; echo "$c $v $i rc=$?"
    done
    LIBOMPTARGET_INFO=32 timeout 60 configs/$c/ompkit-bench --run launch/$v --runs 1 >/dev/null 2>/tmp/diag2/info-$c-$v.txt
  done
done
ls -la /tmp/diag2 | head -40
tar -C /tmp/diag2 -czf "$OUT/diag2.tgz" .
