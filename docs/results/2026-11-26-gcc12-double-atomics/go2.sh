cd .gpu/gda; export LD_LIBRARY_PATH=$PWD/rt
for f in s1 s2 s3; do for t in double unsigned_long_long float; do echo "== ${f}_$t"; timeout 60 ./${f}_$t 2>&1 | tail -3; echo "rc=$?"; done; done
for ty in float ull double; do
  echo "== bench atomic_update/relaxed_spmd --type $ty 1x32"
  timeout 60 ./gcc12/ompkit-bench --run atomic_update/relaxed_spmd --sweep quick --type $ty --threads 32 --teams 1 2>&1 | tail -2 | cut -c1-250
done
for k in atomic_update/relaxed_generic atomic_capture/omp_atomic_spmd atomic_update_strided/omp_atomic_spmd atomic_add_scalar/omp_atomic_spmd; do
  echo "== bench $k double 1x32"; timeout 60 ./gcc12/ompkit-bench --run $k --sweep quick --type double --threads 32 --teams 1 2>&1 | tail -2 | cut -c1-250
done
