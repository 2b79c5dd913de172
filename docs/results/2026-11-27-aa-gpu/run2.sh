#!/bin/bash
# Issue 29 §2, call 2: the L2 placement probe at fine steps, then the kit with address placements
# on both GPUs (A/A within and across GPUs, a 10 % injected slowdown, single placement as before),
# then host A/A of native-gcc with --repeat 3.
cd "$(dirname "$0")"
K=$PWD/kit/run.sh
L=$OUT/log.txt
mkdir -p st pr
{ date -u; nvidia-smi --query-gpu=index,uuid,name,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu --format=csv; nproc; } > $L
t0=$SECONDS
for g in 0 1; do
  ./l2_atomic_probe $g 64 1 4224 124,2 > pr/step4224_gpu$g.tsv
  ./l2_atomic_probe $g 1024 1 128 124,2 > pr/step128_gpu$g.tsv
  ./l2_atomic_probe $g 1024 1 4096 124,2 > pr/step4096_gpu$g.tsv
done
echo "probe $((SECONDS - t0)) s" >> $L
side() {
  g=$1
  s=$SECONDS; $K run --quick --configs cuda-nvcc --gpu $g --out st/p8_gpu$g > st/p8_gpu$g.log 2>&1; echo "p8 gpu$g rc $? $((SECONDS - s)) s" >> $L
  s=$SECONDS; OMPKIT_INJECT_SLOWDOWN=atomic_cas=10 $K run --quick --configs cuda-nvcc --gpu $g --out st/inj_gpu$g > st/inj_gpu$g.log 2>&1; echo "inj gpu$g rc $? $((SECONDS - s)) s" >> $L
  s=$SECONDS; OK_PLACEMENTS=1 $K run --quick --configs cuda-nvcc --gpu $g --filter '^atomic_(cas|capture|add_scalar|update)/' --out st/p1_gpu$g > st/p1_gpu$g.log 2>&1; echo "p1 gpu$g rc $? $((SECONDS - s)) s" >> $L
  if [ $g = 0 ]; then s=$SECONDS; $K run --quick --configs cuda-nvcc --gpu 0 --out st/p8b_gpu0 > st/p8b_gpu0.log 2>&1; echo "p8b gpu0 rc $? $((SECONDS - s)) s" >> $L; fi
}
side 0 & side 1 & wait
echo "gpu phase done at $((SECONDS - t0)) s" >> $L
s=$SECONDS; timeout 150 $K run --quick --configs native-gcc --repeat 3 --out st/hostA > st/hostA.log 2>&1; echo "hostA rc $? $((SECONDS - s)) s" >> $L
s=$SECONDS; timeout 150 $K run --quick --configs native-gcc --repeat 3 --out st/hostB > st/hostB.log 2>&1; echo "hostB rc $? $((SECONDS - s)) s" >> $L
s=$SECONDS; OMPKIT_INJECT_SLOWDOWN=atomic_cas=10,atomic_add_scalar=10 timeout 60 $K run --quick --configs native-gcc --repeat 3 --filter '^atomic_(cas|add_scalar)/' --out st/hostInj > st/hostInj.log 2>&1; echo "hostInj rc $? $((SECONDS - s)) s" >> $L
for d in st/*/; do rm -rf $d/latest/plots $d/*/plots; done
tar -czf $OUT/studies.tgz st
tar -czf $OUT/probe2.tgz pr
echo "all done $((SECONDS - t0)) s" >> $L
cat $L
