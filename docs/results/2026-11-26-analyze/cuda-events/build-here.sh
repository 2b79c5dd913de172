# The build machine, 2026-11-26 (branch h-analyze): the analyze fixture (lowering.c, lowering_ext.c)
# per OpenMP configuration and its CUDA form (lowering.cu), built for the GPU run.
OMPKIT=${OMPKIT:-$(pwd)/build/driver/ompkit}
FX=tests/fixtures/analyze
rm -rf /tmp/az-r1
"$OMPKIT" analyze $FX/lowering.c $FX/lowering_ext.c $FX/lowering.cu --configs target-clang19,target-gcc12 --no-whatif \
  --build-only --out /tmp/az-r1 --run -- 16777216
mkdir -p /work/main/.gpu/analyze && rm -rf /work/main/.gpu/analyze/fixture && cp -r /tmp/az-r1/run /work/main/.gpu/analyze/fixture
# the GPU: sh .gpu/analyze/run-there.sh (with the runtime .debs in .gpu/analyze/debs); then here, per run k:
#   cp -r /tmp/az-r1 /tmp/az-gpu$k && (cd /tmp/az-gpu$k/run && tar xzf run-outputs-$k.tgz) && "$OMPKIT" analyze --run-built /tmp/az-gpu$k
