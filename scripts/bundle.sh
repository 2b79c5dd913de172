#!/bin/sh
# ompkit bundle: a self-contained folder (and .tar.zst) that runs the built configurations on a
# machine with an NVIDIA driver but no compiler and no network (login node -> compute node).
#   bundle.sh BUILD_DIR [--out DIR]
# Holds the driver, every enabled configuration's bench and artefacts, the LLVM 19 offload runtime
# with libLLVM and their dependencies unpacked from Debian's .deb files, and run.sh.
set -eu
ROOT=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
BUILD=$1; shift
OUT=$ROOT/dist
while [ $# -gt 0 ]; do
  case "$1" in
    --out) [ $# -ge 2 ] || { echo "ompkit bundle: --out needs a folder" >&2; exit 2; }; OUT=$2; shift 2 ;;
    -h|--help) echo "usage: ./ompkit bundle [--out DIR]   (default DIR: dist/)"; exit 0 ;;
    *) echo "ompkit bundle: unknown option '$1'" >&2; exit 2 ;;
  esac
done
DEBS=$ROOT/.toolchains/debs
B=$OUT/ompkit-bundle
[ -f "$BUILD/ompkit-configs.json" ] || { echo "ompkit bundle: no build at $BUILD" >&2; exit 2; }
ls "$DEBS"/libomp5-19_*.deb >/dev/null 2>&1 || { echo "ompkit bundle: runtime .debs missing in $DEBS (run ./ompkit build)" >&2; exit 2; }

rm -rf "$B" "$OUT/ompkit-bundle.tar.zst"
mkdir -p "$B/driver" "$B/configs" "$B/runtime"
cp "$BUILD/driver/ompkit" "$B/driver/"
sha=$(git -C "$ROOT" rev-parse HEAD 2>/dev/null || echo unknown)
dirty=$(git -C "$ROOT" status --porcelain 2>/dev/null | grep -v '^??' | head -n 1)
[ -z "$dirty" ] || sha="$sha-dirty"
# The manifest keeps its relative paths; the bundle adds the commit it was built from.
sed "1a\\  \"git_sha\": \"$sha\"," "$BUILD/ompkit-configs.json" >"$B/ompkit-configs.json"
for d in "$BUILD"/configs/*/; do
  name=$(basename "$d")
  # A compile-only configuration (target-clang22) has no bench, only its compile data.
  [ -x "$d/ompkit-bench" ] || [ -d "$d/artefacts/remarks" ] || continue
  mkdir -p "$B/configs/$name"
  [ -x "$d/ompkit-bench" ] && cp "$d/ompkit-bench" "$B/configs/$name/"
  # target-gcc12's per-source libraries (kernels/CMakeLists.txt), found through RPATH $ORIGIN/lib.
  [ -d "$d/lib" ] && cp -r "$d/lib" "$B/configs/$name/"
  [ -d "$d/artefacts" ] && cp -r "$d/artefacts" "$B/configs/$name/"
  # nvcc --keep leaves preprocessed sources too: only the PTX is used (presence check), and the
  # kernels' source files (keep/<stem>.sources, their identities).
  [ -d "$B/configs/$name/artefacts/keep" ] && find "$B/configs/$name/artefacts/keep" -type f ! -name '*.ptx' ! -name '*.sources' -delete
done

# Runtime libraries only (no docs, no headers): libomp/libomptarget, libLLVM and what it links.
X=$(mktemp -d)
trap 'rm -rf "$X"' EXIT
for f in "$DEBS"/*.deb; do dpkg-deb -x "$f" "$X"; done
mkdir -p "$B/runtime/lib"
for pat in 'usr/lib/llvm-19/lib/libomp*.so*' 'usr/lib/x86_64-linux-gnu/libLLVM*.so*' \
           'usr/lib/x86_64-linux-gnu/libz3.so*' 'usr/lib/x86_64-linux-gnu/libicuuc.so*' \
           'usr/lib/x86_64-linux-gnu/libicudata.so*' 'usr/lib/x86_64-linux-gnu/libedit.so*' \
           'usr/lib/x86_64-linux-gnu/libffi.so*' 'usr/lib/x86_64-linux-gnu/libbsd.so*' \
           'usr/lib/x86_64-linux-gnu/libmd.so*' \
           'usr/lib/x86_64-linux-gnu/libxml2.so*' 'usr/lib/x86_64-linux-gnu/libyaml*.so*' \
           'usr/lib/x86_64-linux-gnu/libjansson.so*' 'usr/lib/x86_64-linux-gnu/libgomp.so*' \
           'usr/lib/x86_64-linux-gnu/libgomp-plugin-nvptx.so*'; do
  # shellcheck disable=SC2086
  for f in $X/$pat; do [ -e "$f" ] && cp -P "$f" "$B/runtime/lib/"; done
done
ls "$DEBS"/*.deb | xargs -n1 basename >"$B/runtime/DEBS.txt"

# The compiler matrix's own LLVM runtimes (clang-16's, a user's --toolchain): a bench built with
# OMPKIT_RT_LIBDIR finds them through its DT_RPATH $ORIGIN/../../runtime/<config>/lib, ahead of the
# LLVM 19 libomp.so.5 on LD_LIBRARY_PATH; scripts/stage_runtime.sh puts libomp, libomptarget, its
# CUDA plugins under the unversioned names libomptarget 16 dlopens, and the libLLVM they link
# into that one folder (the build tree has the same layout, as symlinks).
# They go into their own archive, ompkit-runtimes.tar.zst (libLLVM-16 alone is 24 MiB compressed,
# more than the bundle's 60 MiB budget leaves): unpack it where the bundle is unpacked.
RT=$OUT/ompkit-bundle-runtimes/ompkit-bundle/runtime
rm -rf "$OUT/ompkit-bundle-runtimes" "$OUT/ompkit-runtimes.tar.zst"
for f in "$BUILD"/configs/*/artefacts/runtime-libdir.txt; do
  [ -f "$f" ] || continue
  name=$(basename "$(dirname "$(dirname "$f")")")
  [ -x "$BUILD/configs/$name/ompkit-bench" ] || continue
  sh "$ROOT/scripts/stage_runtime.sh" "$(cat "$f")" "$RT/$name/lib" --copy
done

# gnuplot for the report's plots (the GPU node has none): gnuplot-nox and the libraries it loads,
# from .toolchains/debs-gnuplot, under gnuplot/. It goes into its own archive beside the bundle:
# libgd's HEIF/AVIF codecs make it about 14 MiB, more than the 60 MiB budget leaves.
GDEBS=$ROOT/.toolchains/debs-gnuplot
G=$OUT/ompkit-bundle-gnuplot/ompkit-bundle/gnuplot
rm -rf "$OUT/ompkit-bundle-gnuplot" "$OUT/ompkit-gnuplot.tar.zst"
if ls "$GDEBS"/gnuplot-nox_*.deb >/dev/null 2>&1; then
  XG=$(mktemp -d)
  for f in "$GDEBS"/*.deb; do dpkg-deb -x "$f" "$XG"; done
  mkdir -p "$G/bin" "$G/lib"
  cp "$XG/usr/bin/gnuplot-nox" "$G/bin/"
  for d in "$XG/usr/lib/x86_64-linux-gnu" "$XG/lib/x86_64-linux-gnu"; do
    [ -d "$d" ] && find "$d" -maxdepth 1 -name '*.so.*' -exec cp -P {} "$G/lib/" \;
  done
  rm -rf "$XG"
  # Keep only what gnuplot loads, each under its soname (the packages bring more: absl, GIO, ...).
  mkdir "$G/all" && mv "$G"/lib/* "$G/all/"
  LD_LIBRARY_PATH="$G/all:$B/runtime/lib" ldd "$G/bin/gnuplot-nox" \
    | awk -v d="$G/all/" 'index($3, d) == 1 {print $1}' | while read -r n; do cp -L "$G/all/$n" "$G/lib/$n"; done
  rm -rf "$G/all"
  cat >"$G/bin/gnuplot" <<'EOG'
#!/bin/sh
# The bundle's gnuplot with its own libraries, which stay off the benches' library path.
G=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
LD_LIBRARY_PATH="$G/lib:$G/../runtime/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" exec "$G/bin/gnuplot-nox" "$@"
EOG
  chmod +x "$G/bin/gnuplot"
  ls "$GDEBS"/*.deb | xargs -n1 basename >"$G/DEBS.txt"
else
  echo "ompkit bundle: note: no gnuplot .debs in $GDEBS (run ./ompkit build): the GPU node's reports will have no plots" >&2
fi

# The kernel and proxy sources' EXPECT lines: run applies the EXPECT-FAIL markers (known defects)
# and check reads the rest; the driver looks for them beside the manifest when the build's tree is
# absent. Of the proxies, the source files only (a proxy may keep data beside them).
tar -C "$ROOT" --exclude='*.txt' -cf - kernels | tar -C "$B" -xf -
(cd "$ROOT" && find proxies -type f \( -name '*.c' -o -name '*.h' -o -name '*.cu' -o -name '*.cuh' -o -name '*.cpp' -o -name '*.hpp' -o -name 'public_figures.json' \) -print) |
  tar -C "$ROOT" -cf - -T - | tar -C "$B" -xf -

cat >"$B/run.sh" <<'EOT'
#!/bin/sh
# Runs the ompkit driver from this bundle: ./run.sh [run|list|...] [options]  (default: run)
HERE=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
export LD_LIBRARY_PATH="$HERE/runtime/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# The report's public proxy figures: the bundle's copy (the driver names the build machine's).
export OMPKIT_PUBLIC_FIGURES="${OMPKIT_PUBLIC_FIGURES:-$HERE/proxies/public_figures.json}"
[ $# -gt 0 ] || set -- run
# Fail early and plainly if this machine lacks a library the binaries need.
for b in "$HERE"/driver/ompkit "$HERE"/configs/*/ompkit-bench; do
  miss=$(ldd "$b" 2>/dev/null | awk '/not found/ {print $1}' | tr '\n' ' ')
  c=$(basename "$(dirname "$b")")
  if [ -n "$miss" ] && [ ! -d "$HERE/runtime/$c" ] && readelf -d "$b" 2>/dev/null | grep -q "runtime/$c"; then
    # A compiler-matrix configuration whose runtime comes in ompkit-runtimes.tar.zst.
    echo "ompkit bundle: $c needs its LLVM runtime: unpack ompkit-runtimes.tar.zst here (without it, its probe fails and it is skipped)" >&2
    continue
  fi
  if [ -n "$miss" ]; then
    echo "ompkit bundle: $b needs libraries this machine lacks: $miss" >&2
    exit 2
  fi
done
# The report's plots: the bundle's gnuplot (ompkit-gnuplot.tar.zst, unpacked here) when it runs.
if [ -x "$HERE/gnuplot/bin/gnuplot" ]; then
  miss=$(LD_LIBRARY_PATH="$HERE/gnuplot/lib:$LD_LIBRARY_PATH" ldd "$HERE/gnuplot/bin/gnuplot-nox" 2>/dev/null | awk '/not found/ {print $1}' | tr '\n' ' ')
  if [ -z "$miss" ]; then export PATH="$HERE/gnuplot/bin:$PATH"
  else echo "ompkit bundle: gnuplot needs libraries this machine lacks: $miss (reports without plots)" >&2; fi
fi
exec "$HERE/driver/ompkit" "$@"
EOT
chmod +x "$B/run.sh"
printf 'ompkit bundle built from %s on %s\nconfigurations: %s\n' "$sha" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
  "$(ls "$B/configs" | tr '\n' ' ')" >"$B/BUNDLE.txt"

# Reproducible archive: sorted names, fixed owner, the commit's time.
mtime=$(git -C "$ROOT" log -1 --format=%ct 2>/dev/null || echo 0)
tar -C "$OUT" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$mtime" -cf - ompkit-bundle \
  | zstd -q "-${OMPKIT_BUNDLE_ZSTD_LEVEL:-19}" --long=27 -T0 -o "$OUT/ompkit-bundle.tar.zst"
if [ -d "$RT" ]; then
  tar -C "$OUT/ompkit-bundle-runtimes" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$mtime" -cf - ompkit-bundle \
    | zstd -q "-${OMPKIT_BUNDLE_ZSTD_LEVEL:-19}" --long=27 -T0 -o "$OUT/ompkit-runtimes.tar.zst"
  printf 'ompkit bundle: %s (%s MiB; the LLVM runtimes of %s: unpack it where the bundle is unpacked)\n' \
    "$OUT/ompkit-runtimes.tar.zst" "$(du -m "$OUT/ompkit-runtimes.tar.zst" | cut -f1)" "$(ls "$RT" | tr '\n' ' ')"
fi
# The GPU node may lack zstd (the H200 image did): Debian's binary runs there; ship it beside.
cp "$(command -v zstd)" "$OUT/zstd"
if [ -d "$G" ]; then
  tar -C "$OUT/ompkit-bundle-gnuplot" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$mtime" -cf - ompkit-bundle \
    | zstd -q "-${OMPKIT_BUNDLE_ZSTD_LEVEL:-19}" --long=27 -T0 -o "$OUT/ompkit-gnuplot.tar.zst"
  printf 'ompkit bundle: %s (%s MiB; unpack it where the bundle is unpacked, for plots)\n' "$OUT/ompkit-gnuplot.tar.zst" \
    "$(du -m "$OUT/ompkit-gnuplot.tar.zst" | cut -f1)"
fi
size=$(du -m "$OUT/ompkit-bundle.tar.zst" | cut -f1)
printf 'ompkit bundle: %s (%s MiB) and %s/\n' "$OUT/ompkit-bundle.tar.zst" "$size" "$B"
# The budget is the shipped archive's, at level 19; a faster level (CTest bundle_layout, which
# checks the layout only) says its size and is not held to it.
if [ "${OMPKIT_BUNDLE_ZSTD_LEVEL:-19}" != 19 ]; then
  echo "ompkit bundle: zstd level ${OMPKIT_BUNDLE_ZSTD_LEVEL} (not 19): the 60 MiB budget is not checked" >&2
elif [ "$size" -ge 60 ]; then
  echo "ompkit bundle: error: the archive is ${size} MiB, over the 60 MiB budget" >&2
  exit 1
fi
