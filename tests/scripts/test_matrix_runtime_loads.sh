# The clang-16 bench in the bundle's layout loads LLVM 16's runtime from runtime/target-clang16/lib
# (not LLVM 19's libomp.so.5 on LD_LIBRARY_PATH), libomptarget 16 dlopens both CUDA plugins from
# there, and each plugin gets as far as dlopen("libcuda.so") + cuInit: a stub libcuda here says so.
# On the H200 the plugins were never found (libLLVM-16's RUNPATH, not the bench's RPATH, decides
# their search) and the run said only "0 offload device(s)". Also: the probe names a plugin that
# does not load, so the driver says "disabled (plugin ...)" rather than "no GPU".
. "$(dirname "$0")/lib.sh"
config_enabled target-clang16 || skip "target-clang16 not enabled"
RTF="$BUILD/configs/target-clang16/artefacts/runtime-libdir.txt"
[ -f "$RTF" ] && [ -x "$(bench target-clang16)" ] || skip "target-clang16 not built"
X="$TMP/b"   # the bundle's layout: configs/<c>/ompkit-bench, runtime/lib (LLVM 19), runtime/<c>/lib
mkdir -p "$X/configs/target-clang16" "$X/runtime/lib" "$TMP/stub"
cp "$(bench target-clang16)" "$X/configs/target-clang16/"
sh "$SRC/scripts/stage_runtime.sh" "$(cat "$RTF")" "$X/runtime/target-clang16/lib" --copy || fail "stage_runtime.sh failed"
R="$X/runtime/target-clang16/lib"
for f in libomp.so.5 libomptarget.so.16 libomptarget.rtl.cuda.nextgen.so libomptarget.rtl.cuda.so libLLVM-16.so.1; do
  [ -e "$R/$f" ] || fail "runtime/target-clang16/lib lacks $f"
done
# LLVM 19's libomp.so.5 of the same name on LD_LIBRARY_PATH, as in the bundle.
[ -e /usr/lib/llvm-19/lib/libomp.so.5 ] && cp -L /usr/lib/llvm-19/lib/libomp.so.5 "$X/runtime/lib/"
# Every plugin's NEEDED libraries resolve (libcuda is dlopened at run time, not NEEDED).
for p in "$R"/libomptarget.rtl.cuda*.so.* "$R/libomptarget.so.16"; do
  LD_LIBRARY_PATH="$X/runtime/lib" ldd "$p" >"$TMP/ldd" 2>&1 || fail "ldd $p failed"
  grep -q 'not found' "$TMP/ldd" && fail "$(basename "$p"): unresolved: $(grep 'not found' "$TMP/ldd")"
  grep -q "libLLVM-16.so.1 => $R/libLLVM-16.so.1" "$TMP/ldd" || fail "$(basename "$p") takes another libLLVM-16: $(grep LLVM "$TMP/ldd")"
done
# A libcuda.so stub with every cu* entry point the plugins look up: cuInit says it was reached
# and answers CUDA_ERROR_NO_DEVICE (100).
syms=$(strings -a "$R"/libomptarget.rtl.cuda*.so.* | grep -E '^cu[A-Z][A-Za-z0-9_]*$' | sort -u)
[ -n "$syms" ] || fail "no cu* names in the plugins"
{
  # printf '%s\n' (not echo: dash's echo would turn the \n into a newline inside the string)
  printf '%s\n' '#include <stdio.h>' \
    'int cuInit(unsigned f) { (void)f; fputs("ompkit-stub-libcuda: cuInit\n", stderr); return 100; }' \
    'int cuGetErrorString(int e, const char **s) { (void)e; *s = "stub: no device"; return 0; }'
  for s in $syms; do
    case $s in cuInit|cuGetErrorString) ;; *) printf 'int %s(void) { return 100; }\n' "$s" ;; esac
  done
} >"$TMP/stub/cuda.c"
cc -shared -fPIC -o "$TMP/stub/libcuda.so" "$TMP/stub/cuda.c" || fail "stub libcuda does not build"
B="$X/configs/target-clang16/ompkit-bench"
for env in LIBOMPTARGET_NEXTGEN_PLUGINS=1 LIBOMPTARGET_NEXTGEN_PLUGINS=0; do
  plugin=libomptarget.rtl.cuda.nextgen.so
  [ "$env" = LIBOMPTARGET_NEXTGEN_PLUGINS=0 ] && plugin=libomptarget.rtl.cuda.so
  env "$env" LD_DEBUG=libs LD_LIBRARY_PATH="$X/runtime/lib:$TMP/stub" "$B" --probe >"$TMP/out" 2>"$TMP/err" \
    || fail "$env: probe exited $?: $(tail -n 3 "$TMP/err")"
  # ld.so's "calling init: PATH" names every object it initialised, with the path it loaded.
  # ld.so writes the path as found: <bundle>/configs/target-clang16/../../runtime/... (the RPATH's
  # $ORIGIN), and a plugin as .../lib/../lib/<name> (libLLVM's RUNPATH $ORIGIN/../lib).
  RX="$X/(configs/target-clang16/\.\./\.\./)?runtime/target-clang16/lib/(\.\./lib/)?"
  for l in libomp.so.5 libomptarget.so.16 libLLVM-16.so.1; do
    grep -Eq "calling init: $RX$l\$" "$TMP/err" || fail "$env: $l not from runtime/target-clang16/lib: $(grep "calling init: .*${l%%.so*}" "$TMP/err")"
  done
  grep -Eq "calling init: $RX$plugin\$" "$TMP/err" || fail "$env: libomptarget 16 did not load $plugin from runtime/target-clang16/lib"
  grep -q 'ompkit-stub-libcuda: cuInit' "$TMP/err" || fail "$env: $plugin never reached cuInit"
  grep -q '"devices":0' "$TMP/out" && grep -q 'libcuda.so loads; the plugin found no usable device' "$TMP/out" \
    || fail "$env: probe: $(cat "$TMP/out")"
done
# No libcuda at all (this machine, CI): a machine without a GPU, said as such.
LD_LIBRARY_PATH="$X/runtime/lib" "$B" --probe >"$TMP/out" 2>/dev/null
if ! ls /usr/lib/x86_64-linux-gnu/libcuda.so /lib/x86_64-linux-gnu/libcuda.so >/dev/null 2>&1; then
  grep -q '"device_name":"0 offload device(s) visible to the offload runtime (libcuda.so: cannot open' "$TMP/out" \
    || fail "no-libcuda probe: $(cat "$TMP/out")"
fi
# The H200's failure, rebuilt: libLLVM-16 outside runtime/<c>/lib (the system's, whose RUNPATH
# does not reach the plugins). The probe names the plugin, and the driver's word is "disabled".
rm "$R/libLLVM-16.so.1"
LD_LIBRARY_PATH="$X/runtime/lib:$TMP/stub" "$B" --probe >"$TMP/out" 2>"$TMP/err"
if LD_LIBRARY_PATH="$X/runtime/lib" ldd "$B" | grep -q 'libLLVM-16.so.1 => /'; then
  grep -q '"device_name":"plugin libomptarget.rtl.cuda.nextgen.so: loads from .*, but the runtime did not load it' "$TMP/out" \
    || fail "broken layout: probe: $(cat "$TMP/out")"
fi
rm "$R"/libomptarget.rtl.cuda.nextgen.so*
LD_LIBRARY_PATH="$X/runtime/lib" "$B" --probe >"$TMP/out" 2>/dev/null
grep -q '"device_name":"plugin libomptarget.rtl.cuda.nextgen.so: .*cannot open shared object file' "$TMP/out" \
  || fail "missing plugin: probe: $(cat "$TMP/out")"
pass "clang-16 bench loads LLVM 16's runtime and both plugins from runtime/target-clang16/lib; plugin failures named"
