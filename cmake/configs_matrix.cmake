# The compiler matrix (issue 11): more offload compilers beside target-clang19, each detected by
# probes (not by a version table), each one `enabled` or `disabled (why)` line.
#   target-clang16            LLVM 16 with its nextgen CUDA plugin (runtime unpacked by bootstrap)
#   target-clang16-oldplugin  the same build run with LLVM 16's old plugin (LIBOMPTARGET_NEXTGEN_PLUGINS=0)
#   target-clang22            LLVM 22, compile data only: Debian ships no NVPTX device runtime for it
#   target-clang19-gfx90a     clang 19 for AMD GPUs (MI250X: gfx90a, MI300A: gfx942), compile data only:
#   target-clang19-gfx942     no AMD GPU here (cmake/configs_amdgpu.cmake, docs/amdgpu.md)
#   target-gcc12              GCC 12 offload (-foffload=nvptx-none, libgomp's nvptx plugin)
#   target-clang<N>[-local]   a user's own LLVM: OMPKIT_LLVM=/prefix (env or -D), and every NAME=/prefix
#                             of OMPKIT_TOOLCHAIN_LIST (./ompkit --toolchain NAME=/prefix, repeatable)
# Included from cmake/configs.cmake; uses its _ompkit_try and ompkit_config.

set(OMPKIT_MATRIX_SWEEP_CAP "quick" CACHE STRING
    "the sweep the matrix's extra runnable configurations run at most (their share of the study time)")
find_program(OMPKIT_CLANG16 NAMES clang-16)
find_program(OMPKIT_CLANG22 NAMES clang-22)
find_program(OMPKIT_GCC12 NAMES gcc-12)
set(OMPKIT_LLVM16_RT "${OMPKIT_TOOLCHAINS}/llvm-16/usr/lib/llvm-16/lib" CACHE PATH
    "LLVM 16 OpenMP runtime unpacked from libomp5-16 and libomp-16-dev (they conflict with libomp-19-dev)")
set(OMPKIT_LLVM22_RT "${OMPKIT_TOOLCHAINS}/llvm-22/usr/lib/llvm-22" CACHE PATH
    "LLVM 22 OpenMP headers unpacked from libomp-22-dev (no NVPTX device runtime in it)")
if(NOT DEFINED OMPKIT_LLVM)
  set(OMPKIT_LLVM "$ENV{OMPKIT_LLVM}")
endif()
set(OMPKIT_LLVM "${OMPKIT_LLVM}" CACHE PATH "a user's own LLVM install prefix (adds target-clang<major>, or -local)")
set(OMPKIT_TOOLCHAIN_LIST "" CACHE STRING "more LLVM prefixes as NAME=/prefix;NAME=/prefix (./ompkit --toolchain)")

file(WRITE "${_probe_dir}/ompx.c" "#include <ompx.h>\nint f(int v){int r=0;\n#pragma omp target map(from:r)\nr=ompx_shfl_down_sync_i(~0u,v,1,32);\nreturn r;}\n")
# `critical` inside a `parallel` (clang 16 rejects it strictly nested in `teams`, as OpenMP says).
file(WRITE "${_probe_dir}/critical.c" "int main(void){int n=0;\n#pragma omp target teams num_teams(2) map(tofrom:n)\n#pragma omp parallel\n{\n#pragma omp critical\nn+=1;\n}\nreturn n<0;}\n")

function(_ompkit_json_str out s)
  string(REPLACE "\\" "\\\\" s "${s}")
  string(REPLACE "\"" "\\\"" s "${s}")
  string(REPLACE "\n" "\\n" s "${s}")
  string(REPLACE "\t" " " s "${s}")
  set(${out} "\"${s}\"" PARENT_SCOPE)
endfunction()

# The device runtime of an LLVM install: the directory of libomptarget-nvptx-<arch>.bc (LLVM <= 19)
# or of libomptarget-nvptx.bc (per-target runtime dirs, LLVM 20+). Empty when there is none.
function(_ompkit_find_devrt out libdir)
  set(found "")
  foreach(d "${libdir}" "${libdir}/nvptx64-nvidia-cuda")
    if(EXISTS "${d}/libomptarget-nvptx-${OMPKIT_OFFLOAD_ARCH}.bc" OR EXISTS "${d}/libomptarget-nvptx.bc")
      set(found "${d}")
      break()
    endif()
  endforeach()
  set(${out} "${found}" PARENT_SCOPE)
endfunction()

# _ompkit_llvm_config(NAME CLANG RTLIB INCDIR ALLOW_COMPILE_ONLY): probes one LLVM and declares
# its configuration. RTLIB: where libomp/libomptarget (and the device runtime) lie; INCDIR: an
# omp.h directory the compiler lacks (Debian's clang-NN without libomp-NN-dev), or "".
# Sets _llvm_ok / _llvm_runnable / _llvm_args in the caller for configurations that share the build.
function(_ompkit_llvm_config name clang rtlib incdir allow_compile_only)
  set(hint "${ARGN}")
  set(ok FALSE)
  set(runnable FALSE)
  set(why "")
  set(not_runnable "")
  set(vfull "")
  set(feat "")
  set(kinfo_opt "")
  set(defs "")
  set(common -fopenmp --offload-arch=${OMPKIT_OFFLOAD_ARCH} --cuda-path=${OMPKIT_CUDA_ASM_ROOT})
  if(incdir)
    list(APPEND common -isystem "${incdir}")
  endif()
  if(NOT clang OR NOT EXISTS "${clang}")
    set(why "clang not found${hint}")
  elseif(NOT EXISTS "${OMPKIT_CUDA_ASM_ROOT}/bin/ptxas")
    set(why "no CUDA 11.8 assembler at ${OMPKIT_CUDA_ASM_ROOT} (bootstrap prepares it)")
  else()
    execute_process(COMMAND "${clang}" --version OUTPUT_VARIABLE vfull ERROR_QUIET RESULT_VARIABLE vrc TIMEOUT 30)
    string(STRIP "${vfull}" vfull)
    _ompkit_find_devrt(devrt "${rtlib}")
    if(NOT vrc EQUAL 0 OR NOT vfull MATCHES "clang version")
      set(why "${clang} --version does not say 'clang version'")
    elseif(NOT devrt)
      set(devrt_why "no device runtime (no libomptarget-nvptx*.bc under ${rtlib})")
      # A newer LLVM may keep its device runtime where clang finds it alone: the link decides.
      _ompkit_try(lok lwhy "offload probe" "${clang}" -O2 ${common} -L${rtlib} -Wl,-rpath,${rtlib}
                  offload.c -o offload-${name})
      if(lok)
        set(ok TRUE)
        set(runnable TRUE)
      elseif(allow_compile_only)
        _ompkit_try(cok cwhy "device compile probe" "${clang}" -O2 ${common} -nogpulib -c offload.c -o offload-${name}.o)
        if(cok)
          list(APPEND common -nogpulib)
          set(ok TRUE)
          set(not_runnable "no device runtime")
        else()
          set(why "${devrt_why}; ${cwhy}")
        endif()
      else()
        set(why "${devrt_why}")
      endif()
    else()
      list(APPEND common --libomptarget-nvptx-bc-path=${devrt})
      _ompkit_try(ok why "offload probe" "${clang}" -O2 ${common} -L${rtlib} -Wl,-rpath,${rtlib}
                  offload.c -o offload-${name})
      set(runnable ${ok})
    endif()
  endif()
  if(ok)
    # Feature probes: a failure disables only the variants that need the feature.
    _ompkit_try(has_ompx ompx_why "ompx probe" "${clang}" -O2 ${common} -c ompx.c -o ompx-${name}.o)
    if(has_ompx)
      set(feat "\"ompx\": true")
    else()
      set(feat "\"ompx\": false")
      set(defs "OK_NO_OMPX")
      message(STATUS "ompkit probe ${name}: no ompx.h (${ompx_why}): its ompx variants are not built")
    endif()
    # kernel-info (LLVM 21+): upstream runs it only at the device link and writes no YAML record;
    # the TU's device IR goes through it with this LLVM's opt (scripts/compile.sh --kernel-info).
    get_filename_component(_cdir "${clang}" REALPATH)
    get_filename_component(_cdir "${_cdir}" DIRECTORY)
    set(kinfo_opt "")
    if(EXISTS "${_cdir}/opt")
      execute_process(COMMAND "${_cdir}/opt" --print-passes OUTPUT_VARIABLE _passes ERROR_QUIET TIMEOUT 30)
      if(_passes MATCHES "\n  kernel-info\n")
        set(kinfo_opt "${_cdir}/opt")
      endif()
    endif()
    if(kinfo_opt)
      set(feat "${feat}, \"kernel_info\": true")
    else()
      set(feat "${feat}, \"kernel_info\": false")
    endif()
    if(runnable)
      _ompkit_try(has_crit crit_why "omp critical probe" "${clang}" -O2 ${common} -L${rtlib} critical.c -o critical-${name})
      if(has_crit)
        set(feat "${feat}, \"omp_critical_links\": true")
      else()
        set(feat "${feat}, \"omp_critical_links\": false")
      endif()
    endif()
  endif()
  if(runnable)
    # The bench finds this runtime through its DT_RPATH $ORIGIN/../../runtime/<name>/lib: staged
    # here (symlinks) as the bundle stages it (copies), so the build tree and the GPU node load
    # the same way (why lib/ with libLLVM in it: scripts/stage_runtime.sh).
    execute_process(COMMAND sh "${PROJECT_SOURCE_DIR}/scripts/stage_runtime.sh" "${rtlib}"
                    "${PROJECT_BINARY_DIR}/runtime/${name}/lib" RESULT_VARIABLE src ERROR_VARIABLE serr)
    if(NOT src EQUAL 0)
      message(WARNING "ompkit: staging ${name}'s runtime failed: ${serr}")
    endif()
  endif()
  _ompkit_json_str(jv "${vfull}")
  set(json ", \"matrix\": true, \"version_full\": ${jv}, \"features\": {${feat}}")
  if(not_runnable)
    # Compile data only, and part of the matrix: the quick study leaves it out like the rest of
    # the matrix (a cold `./ompkit run` does not build it; --full or --configs does).
    _ompkit_json_str(jn "${not_runnable}")
    set(json "${json}, \"not_runnable\": ${jn}, \"full_only\": true")
  elseif(OMPKIT_MATRIX_SWEEP_CAP AND NOT name STREQUAL "target-clang19")
    set(json "${json}, \"sweep_cap\": \"${OMPKIT_MATRIX_SWEEP_CAP}\", \"full_only\": true")
  endif()
  set(OMPKIT_CFG_JSON "${json}")
  if(not_runnable)
    set(OMPKIT_CFG_NOTE ", compile data only: not runnable: ${not_runnable}")
  endif()
  set(args -DCMAKE_C_COMPILER=${clang} -DOMPKIT_CUDA_ASM_ROOT=${OMPKIT_CUDA_ASM_ROOT}
      -DOMPKIT_LLVM_LIBDIR=${devrt} -DOMPKIT_RT_LIBDIR=${rtlib} -DOMPKIT_OMP_INCLUDE=${incdir}
      -DOMPKIT_EXTRA_DEFS=${defs} -DOMPKIT_KERNEL_INFO_OPT=${kinfo_opt})
  if(not_runnable)
    list(APPEND args -DOMPKIT_COMPILE_ONLY=ON)
  endif()
  ompkit_config(${name} omp_target "${clang}" true ${ok} "${why}" ${args})
  set(OMPKIT_MANIFEST_ENTRIES "${OMPKIT_MANIFEST_ENTRIES}" PARENT_SCOPE)
  set(_llvm_ok ${ok} PARENT_SCOPE)
  set(_llvm_runnable ${runnable} PARENT_SCOPE)
  set(_llvm_why "${why}" PARENT_SCOPE)
  set(_llvm_json "${json}" PARENT_SCOPE)
  set(_llvm_major "" PARENT_SCOPE)
endfunction()

set(OMPKIT_CFG_SHARE "")
set(OMPKIT_CFG_JSON "")
set(OMPKIT_CFG_NOTE "")
set(_matrix_names target-clang19)

# --- target-clang16 and target-clang16-oldplugin: one build, two runtime plugins -------------------
_ompkit_llvm_config(target-clang16 "${OMPKIT_CLANG16}" "${OMPKIT_LLVM16_RT}"
  "${OMPKIT_LLVM16_RT}/clang/16/include" FALSE " (clang-16; bootstrap installs it and unpacks its runtime)")
# LLVM 16's two CUDA plugins chose different launch shapes for the same combined loop (3200 vs
# 8192 blocks): the old one is a second runtime configuration of the same build.
set(OMPKIT_CFG_SHARE target-clang16)
set(OMPKIT_CFG_JSON "${_llvm_json}, \"run_env\": \"LIBOMPTARGET_NEXTGEN_PLUGINS=0\"")
set(OMPKIT_CFG_NOTE ", runs target-clang16's bench with LIBOMPTARGET_NEXTGEN_PLUGINS=0")
ompkit_config(target-clang16-oldplugin omp_target "${OMPKIT_CLANG16}" true ${_llvm_ok} "${_llvm_why}")
set(OMPKIT_CFG_SHARE "")
set(OMPKIT_CFG_NOTE "")
list(APPEND _matrix_names target-clang16 target-clang16-oldplugin)

# --- target-clang22: compile data only --------------------------------------------------------------
_ompkit_llvm_config(target-clang22 "${OMPKIT_CLANG22}" "/usr/lib/llvm-22/lib"
  "${OMPKIT_LLVM22_RT}/lib/clang/22/include" TRUE " (clang-22; bootstrap installs it)")
list(APPEND _matrix_names target-clang22)

# --- target-clang19-gfx90a and -gfx942: AMD GPUs, compile data only ----------------------------------
include(${CMAKE_CURRENT_LIST_DIR}/configs_amdgpu.cmake)
foreach(_gfx gfx90a gfx942)
  _ompkit_amdgpu_config(target-clang19-${_gfx} "${OMPKIT_CLANG19}" ${_gfx} "${OMPKIT_LLVM19_LIBDIR}" " (clang-19; bootstrap installs it)")
  list(APPEND _matrix_names target-clang19-${_gfx})
endforeach()

# --- users' own LLVMs -------------------------------------------------------------------------------
set(_user_llvms "")
if(OMPKIT_LLVM)
  list(APPEND _user_llvms "=${OMPKIT_LLVM}")
endif()
foreach(t ${OMPKIT_TOOLCHAIN_LIST})
  list(APPEND _user_llvms "${t}")
endforeach()
foreach(t ${_user_llvms})
  string(REGEX MATCH "^([^=]*)=(.*)$" _m "${t}")
  set(_uname "${CMAKE_MATCH_1}")
  set(_prefix "${CMAKE_MATCH_2}")
  if(NOT _m)
    set(_uname "")
    set(_prefix "${t}")
  endif()
  get_filename_component(_prefix "${_prefix}" ABSOLUTE)
  if(NOT _uname)
    # The name comes from the version clang reports: target-clang<major>, -local if packaged.
    set(_major "")
    if(EXISTS "${_prefix}/bin/clang")
      execute_process(COMMAND "${_prefix}/bin/clang" --version OUTPUT_VARIABLE _v ERROR_QUIET TIMEOUT 30)
      string(REGEX MATCH "clang version ([0-9]+)" _mm "${_v}")
      set(_major "${CMAKE_MATCH_1}")
    endif()
    if(_major)
      set(_uname "target-clang${_major}")
    else()
      set(_uname "target-clang-local")
    endif()
    if(_uname IN_LIST _matrix_names)
      set(_uname "${_uname}-local")
    endif()
  endif()
  if(_uname IN_LIST _matrix_names)
    message(FATAL_ERROR "ompkit: toolchain name ${_uname} is taken (give another: --toolchain NAME=${_prefix})")
  endif()
  if(NOT _uname MATCHES "^[A-Za-z0-9_.+-]+$")
    message(FATAL_ERROR "ompkit: toolchain name '${_uname}' must be letters, digits and ._+- only")
  endif()
  # Runtime libraries: lib/, or lib/<triple>/ with per-target runtime dirs (LLVM 20+).
  set(_rt "${_prefix}/lib")
  if(NOT EXISTS "${_rt}/libomptarget.so" AND EXISTS "${_prefix}/lib/x86_64-unknown-linux-gnu/libomptarget.so")
    set(_rt "${_prefix}/lib/x86_64-unknown-linux-gnu")
  endif()
  set(_clang "${_prefix}/bin/clang")
  if(NOT EXISTS "${_clang}")
    set(_clang "")
  endif()
  _ompkit_llvm_config(${_uname} "${_clang}" "${_rt}" "" TRUE " at ${_prefix}/bin/clang")
  list(APPEND _matrix_names ${_uname})
  # The same LLVM for AMD GPUs, when it has an AMDGPU device runtime (docs/amdgpu.md): in lib/
  # per architecture (LLVM <= 19) or in lib/amdgcn-amd-amdhsa/ (per-target runtime dirs, LLVM 20+).
  file(GLOB _amdrt "${_prefix}/lib/libomptarget-amdgpu-*.bc")
  set(_amdlib "${_prefix}/lib")
  if(EXISTS "${_prefix}/lib/amdgcn-amd-amdhsa/libomptarget.devicertl.a")
    set(_amdlib "${_prefix}/lib/amdgcn-amd-amdhsa")
    set(_amdrt yes)
  endif()
  if(_amdrt)
    foreach(_gfx gfx90a gfx942)
      _ompkit_amdgpu_config(${_uname}-${_gfx} "${_clang}" ${_gfx} "${_amdlib}" " at ${_prefix}/bin/clang")
      list(APPEND _matrix_names ${_uname}-${_gfx})
    endforeach()
  endif()
endforeach()

# --- target-gcc12: GCC offload to nvptx-none --------------------------------------------------------
# GCC 12 has no sm_90 target: it emits sm_80 PTX that the driver JIT-compiles at load time.
set(ok FALSE)
set(why "gcc-12 not found (bootstrap installs gcc-12-offload-nvptx)")
if(OMPKIT_GCC12 AND NOT EXISTS "${OMPKIT_GCC12}")
  set(why "gcc-12 not found at ${OMPKIT_GCC12}")
elseif(OMPKIT_GCC12)
  _ompkit_try(ok why "gcc-12 -foffload=nvptx-none probe (gcc-12-offload-nvptx)" "${OMPKIT_GCC12}" -O2 -fopenmp
              -foffload=nvptx-none -foffload-options=nvptx-none=-march=sm_80 offload.c -o offload-gcc12)
  if(ok AND NOT EXISTS "/usr/lib/x86_64-linux-gnu/libgomp-plugin-nvptx.so.1")
    set(ok FALSE)
    set(why "no libgomp-plugin-nvptx.so.1 (libgomp-plugin-nvptx1): the binary would run on the host")
  endif()
endif()
# The driver JIT-compiles GCC's sm_80 PTX (4.8 MB, about 29 s on the H200) in every process that
# loads it, unless its JIT cache (default 256 MiB at most) keeps the result: 2 GiB, so the bench
# runs after the probe (which pays the JIT, kernels/omp_target/harness.c) load it from there.
set(OMPKIT_CFG_JSON ", \"matrix\": true, \"sweep_cap\": \"${OMPKIT_MATRIX_SWEEP_CAP}\", \"full_only\": true, \"run_env\": \"CUDA_CACHE_MAXSIZE=2147483648\"")
ompkit_config(target-gcc12 omp_target "${OMPKIT_GCC12}" true ${ok} "${why}"
  -DCMAKE_C_COMPILER=${OMPKIT_GCC12} -DOMPKIT_GCC_OFFLOAD=ON)
set(OMPKIT_CFG_JSON "")
