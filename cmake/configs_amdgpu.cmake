# AMD GPU configurations (issue 34): an LLVM's OpenMP offload to one gfx architecture, compile data
# only (no AMD GPU is lent): remarks, static modes and the code object's resources per kernel.
# Included from cmake/configs_matrix.cmake; uses configs.cmake's _ompkit_try and ompkit_config.
# Why each probe: each names the Debian package whose absence it finds, so that a machine without
# them says `disabled (why)` in one line instead of failing the build.
set(OMPKIT_ROCM_DEVICE_LIBS "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode" CACHE PATH
    "ROCm device libraries (ocml.bc, ockl.bc; Debian rocm-device-libs): clang's AMDGPU offload needs them")

# _ompkit_amdgpu_config(NAME CLANG ARCH LIBDIR HINT): LIBDIR holds the LLVM's device runtime
# (libomptarget.devicertl.a with libomptarget-amdgpu-ARCH.bc beside it, libomp-NN-dev).
function(_ompkit_amdgpu_config name clang arch libdir hint)
  set(ok FALSE)
  set(why "")
  set(vfull "")
  set(bin "")
  if(clang AND EXISTS "${clang}")
    get_filename_component(bin "${clang}" REALPATH)
    get_filename_component(bin "${bin}" DIRECTORY)
  endif()
  # The arch's one-constant ISA library: ROCm 5.2.3 has none for gfx942 (bootstrap makes one).
  string(REGEX REPLACE "^gfx" "" isa "${arch}")
  set(rocm "${OMPKIT_ROCM_DEVICE_LIBS}")
  if(NOT EXISTS "${rocm}/oclc_isa_version_${isa}.bc" AND EXISTS "${OMPKIT_TOOLCHAINS}/rocm-device-libs/oclc_isa_version_${isa}.bc")
    set(rocm "${OMPKIT_TOOLCHAINS}/rocm-device-libs")
  endif()
  if(NOT bin)
    set(why "clang not found${hint}")
  elseif(NOT EXISTS "${bin}/ld.lld")
    set(why "no ld.lld beside ${clang} (lld-19; bootstrap installs it)")
  elseif(NOT EXISTS "${rocm}/ocml.bc")
    set(why "no ROCm device libraries at ${rocm} (rocm-device-libs; bootstrap installs it)")
  elseif(NOT EXISTS "${rocm}/oclc_isa_version_${isa}.bc")
    set(why "no oclc_isa_version_${isa}.bc in ${rocm} (ROCm's device libraries predate ${arch}; bootstrap adds it under .toolchains/rocm-device-libs)")
  elseif(NOT EXISTS "${libdir}/libomptarget.devicertl.a" OR (NOT EXISTS "${libdir}/libomptarget-amdgpu-${arch}.bc"
         AND NOT libdir MATCHES "/amdgcn-amd-amdhsa$"))
    # LLVM <= 19: the archive and a bitcode file per architecture; 20+: one archive per target dir.
    set(why "no ${arch} device runtime under ${libdir} (libomptarget-amdgpu-${arch}.bc, libomptarget.devicertl.a)")
  else()
    foreach(tool clang-linker-wrapper clang-offload-packager llvm-readelf llvm-dis opt)
      if(NOT why AND NOT EXISTS "${bin}/${tool}")
        set(why "no ${tool} beside ${clang}")
      endif()
    endforeach()
    if(NOT why)
      # The whole way a program takes (compile, device LTO with the runtime, ld.lld): one probe.
      _ompkit_try(ok why "${arch} offload probe" "${clang}" -O2 -fopenmp --offload-arch=${arch}
                  --rocm-device-lib-path=${rocm} -L${libdir} -shared -fPIC offload.c -o offload-${name}.so)
      execute_process(COMMAND "${clang}" --version OUTPUT_VARIABLE vfull ERROR_QUIET TIMEOUT 30)
      string(STRIP "${vfull}" vfull)
    endif()
  endif()
  _ompkit_json_str(jv "${vfull}")
  # full_only: like target-clang22, a cold quick study does not build it (--full or --configs does).
  set(OMPKIT_CFG_JSON ", \"matrix\": true, \"version_full\": ${jv}, \"not_runnable\": \"no AMD GPU\", \"full_only\": true, \"offload_arch\": \"${arch}\"")
  set(OMPKIT_CFG_NOTE ", compile data only: not runnable: no AMD GPU")
  ompkit_config(${name} omp_target "${clang}" true ${ok} "${why}" -DCMAKE_C_COMPILER=${clang}
    -DOMPKIT_AMDGPU_ARCH=${arch} -DOMPKIT_ROCM_DEVICE_LIBS=${rocm}
    -DOMPKIT_LLVM_LIBDIR=${libdir} -DOMPKIT_COMPILE_ONLY=ON -DOMPKIT_SOURCES=catalogue)
  set(OMPKIT_MANIFEST_ENTRIES "${OMPKIT_MANIFEST_ENTRIES}" PARENT_SCOPE)
endfunction()
