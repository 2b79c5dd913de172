cd .gpu/gda; export LD_LIBRARY_PATH=$PWD/rt
nvidia-smi -L
for t in float double; do echo "== standalone $t"; timeout 60 ./a_$t; echo "rc=$?"; done
for ty in int double; do
  echo "== bench atomic_update/relaxed_spmd $ty"
  timeout 120 ./gcc12/ompkit-bench --run atomic_update/relaxed_spmd --sweep quick --type $ty > $OUT/bench_$ty.txt 2>&1; echo "rc=$?"
  grep -c '"status":"ok"' $OUT/bench_$ty.txt; tail -3 $OUT/bench_$ty.txt | cut -c1-300
done
for sh in "--threads 32 --teams 1" "--threads 1024 --teams 1" "--threads 128 --teams 132"; do
  echo "== double $sh"; timeout 60 ./gcc12/ompkit-bench --run atomic_update/relaxed_spmd --sweep quick --type double $sh 2>&1 | tail -2 | cut -c1-400; echo "rc=$?"
done
echo "== GOMP_DEBUG double 1x32"
GOMP_DEBUG=1 timeout 60 ./gcc12/ompkit-bench --run atomic_update/relaxed_spmd --sweep quick --type double --threads 32 --teams 1 > $OUT/debug.txt 2>&1; echo "rc=$?"
grep -n -i "error\|fail\|trap\|exception" $OUT/debug.txt | head -20
tail -15 $OUT/debug.txt | cut -c1-300
