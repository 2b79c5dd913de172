#!/bin/sh
# ompkit bootstrap: installs what the build needs, idempotently.
#  - Debian packages through apt-get (only the missing ones; network only then).
#  - A CUDA 11.8 assembler root under .toolchains/cuda-11.8 for the offload path:
#    CUDA 13's ptxas writes ELF ABI 8 cubins that libomptarget 19 rejects (docs/toolchain.md).
#  - The LLVM 19 runtime .deb files the GPU bundle carries, under .toolchains/debs.
# Nothing is written to system folders except through apt-get.
set -eu

ROOT=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
TC="$ROOT/.toolchains"
say() { printf 'ompkit bootstrap: %s\n' "$*" >&2; }
die() { printf 'ompkit bootstrap: error: %s\n' "$*" >&2; exit 2; }

# Packages the build needs. clang-19 + libomp-19-dev give the NVPTX offload compiler;
# gnuplot-nox draws the report's SVG plots.
PKGS="gcc make cmake zstd libyaml-dev libjansson-dev gnuplot-nox clang-19 clang-tools-19 llvm-19 libomp-19-dev libclang-rt-19-dev"
# Runtime pieces the GPU bundle carries (TOOLCHAIN.md: needed on Ubuntu 24.04 without clang).
BUNDLE_DEBS="libomp5-19 libllvm19 libz3-4 libicu72 libxml2 libyaml-0-2 libjansson4 libgomp1 libedit2 libffi8 libbsd0 libmd0"
# The compiler matrix (cmake/configs_matrix.cmake): clang-16, clang-22, GCC 12 offload, AMD GPUs. Their
# libomp-NN-dev packages conflict with libomp-19-dev, so the LLVM runtimes are unpacked under
# .toolchains/llvm-NN instead of installed. OMPKIT_MATRIX=0 skips all of it (those
# configurations then say `disabled (... not found)`).
# lld-19 (ld.lld, the AMDGPU device linker) and rocm-device-libs (ROCm's ocml/ockl bitcode, which
# clang's AMDGPU offload compile needs) give the AMD GPU configurations target-clang19-gfx90a and
# -gfx942, compile data only (cmake/configs_amdgpu.cmake, docs/amdgpu.md).
MATRIX_PKGS="clang-16 clang-tools-16 llvm-16 clang-22 llvm-22 gcc-12-offload-nvptx libgomp-plugin-nvptx1 lld-19 rocm-device-libs"
if [ "${OMPKIT_MATRIX:-1}" != 0 ]; then
  PKGS="$PKGS $MATRIX_PKGS"
  BUNDLE_DEBS="$BUNDLE_DEBS libgomp-plugin-nvptx1"
fi
CUDA_DEB=nvidia-cuda-toolkit
# gnuplot for the report's plots on the GPU node: gnuplot-nox and the libraries it loads that a
# bare Ubuntu/Debian lacks (libc, libstdc++, libgcc, zlib are assumed; libedit, libbsd, libmd,
# libffi come with BUNDLE_DEBS). libgd3 pulls in the HEIF/AVIF codecs: most of the size.
GNUPLOT_DEBS="gnuplot-nox libabsl20220623 libaom3 libavif15 libblkid1 libbrotli1 libcairo2 libdatrie1 libdav1d6
 libde265-0 libdeflate0 libexpat1 libfontconfig1 libfreetype6 libfribidi0 libgav1-1 libgd3 libglib2.0-0 libgraphite2-3
 libharfbuzz0b libheif1 libjbig0 libjpeg62-turbo liblerc4 liblua5.4-0 liblzma5 libmount1 libnuma1 libpango-1.0-0
 libpangocairo-1.0-0 libpangoft2-1.0-0 libpcre2-8-0 libpixman-1-0 libpng16-16 librav1e0 libselinux1 libsvtav1enc1
 libthai0 libtiff6 libtinfo6 libwebp7 libx11-6 libx265-199 libxau6 libxcb-render0 libxcb-shm0 libxcb1 libxdmcp6
 libxext6 libxpm4 libxrender1 libyuv0 libzstd1"

missing=""
for p in $PKGS; do
  st=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
  [ "$st" = installed ] || missing="$missing $p"
done
if [ -n "$missing" ]; then
  [ "$(id -u)" = 0 ] || die "missing packages:$missing (run as root, or install them with apt-get)"
  command -v apt-get >/dev/null || die "missing packages:$missing and no apt-get on this machine"
  say "installing with apt-get:$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get -qq update >/dev/null || die "apt-get update failed"
  # shellcheck disable=SC2086
  apt-get -qq install -y --no-install-recommends $missing >/dev/null 2>&1 \
    || die "apt-get install failed for:$missing"
fi

# A private apt configuration that adds contrib/non-free to the machine's own sources,
# used only to download .deb files; the system's apt setup is left untouched.
private_apt() {
  A="$TC/apt"
  mkdir -p "$A/lists/partial" "$A/parts" "$A/cache/archives/partial"
  if [ ! -s "$A/sources.list" ]; then
    : >"$A/sources.list.tmp"
    for f in /etc/apt/sources.list.d/*.sources; do
      [ -f "$f" ] || continue
      # deb822 stanzas: widen the components, keep everything else (URIs, keys) as configured.
      sed -e 's/^Components:.*/Components: main contrib non-free/' "$f" >"$A/parts/$(basename "$f")"
    done
    if [ -f /etc/apt/sources.list ]; then
      sed -n -e 's/^\(deb [^#]*\) main.*$/\1 main contrib non-free/p' /etc/apt/sources.list >>"$A/sources.list.tmp"
    fi
    mv "$A/sources.list.tmp" "$A/sources.list"
  fi
  APT_OPTS="-o Dir::Etc::SourceList=$A/sources.list -o Dir::Etc::SourceParts=$A/parts \
-o Dir::State::Lists=$A/lists -o Dir::Cache=$A/cache -o Debug::NoLocking=1"
  if [ ! -e "$A/updated" ]; then
    say "refreshing a private package list (contrib non-free) under .toolchains/apt"
    # shellcheck disable=SC2086
    apt-get $APT_OPTS -qq update >/dev/null 2>&1 || die "private apt-get update failed"
    : >"$A/updated"
  fi
}

download() { # download <dir> <pkg>...
  d=$1; shift
  mkdir -p "$d"
  need=""
  for p in "$@"; do
    ls "$d/${p}_"*.deb >/dev/null 2>&1 || need="$need $p"
  done
  [ -n "$need" ] || return 0
  private_apt
  say "downloading .deb files:$need"
  # shellcheck disable=SC2086
  (cd "$d" && apt-get $APT_OPTS -qq download $need >/dev/null 2>&1) || die "apt-get download failed for:$need"
}

# CUDA 11.8 assembler root: ptxas, nvlink, fatbinary, cuobjdump, libdevice and a cuda.h that
# states the version clang reads (CUDA_VERSION picks PTX ISA 7.8, which ptxas 11.8 accepts).
CU="$TC/cuda-11.8"
if [ ! -x "$CU/bin/ptxas" ] || [ ! -f "$CU/include/cuda.h" ]; then
  download "$TC/debs-cuda" "$CUDA_DEB"
  say "unpacking the CUDA 11.8 assembler into .toolchains/cuda-11.8"
  X="$TC/x-cuda"; rm -rf "$X" "$CU"; mkdir -p "$X"
  for f in "$TC"/debs-cuda/*.deb; do dpkg-deb -x "$f" "$X"; done
  mkdir -p "$CU/bin" "$CU/nvvm/libdevice" "$CU/include"
  for t in ptxas nvlink fatbinary cuobjdump nvdisasm; do
    [ -e "$X/usr/bin/$t" ] && cp "$X/usr/bin/$t" "$CU/bin/$t"
  done
  cp "$X"/usr/lib/nvidia-cuda-toolkit/libdevice/libdevice.10.bc "$CU/nvvm/libdevice/" \
    || die "libdevice.10.bc not found in $CUDA_DEB"
  printf '/* ompkit: clang reads only this to pick the PTX ISA (7.8 for 11.8). */\n#define CUDA_VERSION 11080\n' >"$CU/include/cuda.h"
  rm -rf "$X"
  [ -x "$CU/bin/ptxas" ] || die "ptxas missing after unpacking $CUDA_DEB"
fi

# LLVM 16's OpenMP runtime (host libomp, libomptarget, both CUDA plugins with the unversioned .so
# names libomptarget 16 dlopens, device bitcode up to sm_90) and LLVM 22's omp.h, unpacked.
unpack_llvm() { # unpack_llvm <major> <check file> <pkg>...
  v=$1 chk=$2; shift 2
  [ -e "$TC/llvm-$v/$chk" ] && return 0
  download "$TC/debs-llvm-$v" "$@"
  say "unpacking the LLVM $v OpenMP runtime into .toolchains/llvm-$v"
  rm -rf "$TC/llvm-$v.tmp" && mkdir -p "$TC/llvm-$v.tmp"
  for f in "$TC/debs-llvm-$v"/*.deb; do dpkg-deb -x "$f" "$TC/llvm-$v.tmp"; done
  rm -rf "$TC/llvm-$v" && mv "$TC/llvm-$v.tmp" "$TC/llvm-$v"
  [ -e "$TC/llvm-$v/$chk" ] || die "$chk missing after unpacking $*"
}
if [ "${OMPKIT_MATRIX:-1}" != 0 ]; then
  unpack_llvm 16 usr/lib/llvm-16/lib/libomptarget.rtl.cuda.nextgen.so libomp5-16 libomp-16-dev
  unpack_llvm 22 usr/lib/llvm-22/lib/clang/22/include/omp.h libomp-22-dev
fi

# ROCm 5.2.3's device libraries (Debian's rocm-device-libs) predate gfx942 (MI300A): they lack
# oclc_isa_version_942.bc, the one-constant library (__oclc_ISA_version, major*1000 + minor*100 +
# stepping, as oclc_isa_version_90a.bc holds 9010) that clang links for the target. A private copy
# of the folder (links) with that file added lets target-clang19-gfx942 compile (docs/amdgpu.md).
RDL=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode
if [ "${OMPKIT_MATRIX:-1}" != 0 ] && [ -f "$RDL/ocml.bc" ] && [ ! -f "$RDL/oclc_isa_version_942.bc" ] \
   && [ ! -f "$TC/rocm-device-libs/oclc_isa_version_942.bc" ] && command -v llvm-as-19 >/dev/null \
   && command -v llvm-dis-19 >/dev/null; then
  say "adding oclc_isa_version_942.bc (gfx942) to a copy of the ROCm device libraries in .toolchains/rocm-device-libs"
  rm -rf "$TC/rocm-device-libs.tmp" && mkdir -p "$TC/rocm-device-libs.tmp"
  for f in "$RDL"/*.bc; do ln -s "$f" "$TC/rocm-device-libs.tmp/"; done
  # The 90a library with its constant changed: the same data layout and linkage as ROCm's own.
  llvm-dis-19 "$RDL/oclc_isa_version_90a.bc" -o - | sed 's/constant i32 9010,/constant i32 9402,/' |
    llvm-as-19 -o "$TC/rocm-device-libs.tmp/oclc_isa_version_942.bc" || die "llvm-as-19 failed on oclc_isa_version_942"
  rm -rf "$TC/rocm-device-libs" && mv "$TC/rocm-device-libs.tmp" "$TC/rocm-device-libs"
fi

# Runtime .deb files for `ompkit bundle` (version-matched to the installed clang-19).
download "$TC/debs" $BUNDLE_DEBS
# gnuplot for the bundle, kept apart from the runtime's .debs (bundle.sh unpacks each set alone).
download "$TC/debs-gnuplot" $GNUPLOT_DEBS
exit 0
