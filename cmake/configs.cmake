# Configuration detection and the per-configuration sub-builds.
# Each configuration prints one line: enabled, or disabled and why. A missing compiler disables
# its configurations; it never fails the build.
include(ExternalProject)

find_program(OMPKIT_GCC NAMES gcc)
find_program(OMPKIT_CLANG19 NAMES clang-19)
find_program(OMPKIT_NVCC NAMES nvcc PATHS /usr/local/cuda/bin NO_DEFAULT_PATH)
find_program(OMPKIT_NVCC NAMES nvcc)
set(OMPKIT_LLVM19_LIBDIR "/usr/lib/llvm-19/lib" CACHE PATH "LLVM 19 lib dir (libomp, libomptarget-nvptx bitcode)")
set(OMPKIT_CUDA_ASM_ROOT "${OMPKIT_TOOLCHAINS}/cuda-11.8" CACHE PATH
    "CUDA root whose ptxas/nvlink write ELF ABI 7 cubins (libomptarget 19 rejects CUDA 13's ABI 8)")

set(_probe_dir "${PROJECT_BINARY_DIR}/probe")
file(WRITE "${_probe_dir}/omp.c" "#include <omp.h>\nint main(void){int n=0;\n#pragma omp parallel reduction(+:n)\nn+=1;\nreturn n>0?0:1;}\n")
file(WRITE "${_probe_dir}/offload.c" "#include <omp.h>\nint main(void){int d=1;\n#pragma omp target map(tofrom:d)\nd=omp_is_initial_device();\nreturn d<0;}\n")

# _ompkit_try(<result-var> <reason-var> <what> cmd...): runs a probe compile, keeps the first error line.
function(_ompkit_try ok_var reason_var what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err
                  WORKING_DIRECTORY "${_probe_dir}" TIMEOUT 120)
  if(rc EQUAL 0)
    set(${ok_var} TRUE PARENT_SCOPE)
  else()
    string(REGEX MATCH "[^\n]*error[^\n]*" first "${err}${out}")
    if(NOT first)
      string(REGEX MATCH "[^\n]+" first "${err}${out}")
    endif()
    set(${ok_var} FALSE PARENT_SCOPE)
    set(${reason_var} "${what} failed: ${first}" PARENT_SCOPE)
  endif()
endfunction()

function(_ompkit_version out_var exe)
  execute_process(COMMAND "${exe}" --version OUTPUT_VARIABLE v ERROR_QUIET TIMEOUT 30)
  string(REGEX MATCH "[^\n]+" first "${v}")
  if(exe MATCHES "nvcc")
    string(REGEX MATCH "release [0-9.]+, V[0-9.]+" first "${v}")
    set(first "nvcc ${first}")
  endif()
  set(${out_var} "${first}" PARENT_SCOPE)
endfunction()

set(OMPKIT_MANIFEST_ENTRIES "")

# The C++ compiler beside a configuration's C compiler (issue 21): clang-NN -> clang++-NN,
# clang -> clang++ (an own LLVM's bin/), gcc-NN -> g++-NN, in the same directory. Empty, with why,
# when there is none: that configuration's .cpp variants are `not built: <why>` (kernels/).
function(_ompkit_cxx_of out why_out compiler)
  set(cxx "")
  set(why "")
  get_filename_component(dir "${compiler}" DIRECTORY)
  get_filename_component(base "${compiler}" NAME)
  string(REGEX REPLACE "^clang(-[0-9]+|)$" "clang++\\1" want "${base}")
  string(REGEX REPLACE "^gcc(-[0-9]+|)$" "g++\\1" want "${want}")
  if(want STREQUAL base)
    set(why "no C++ compiler known beside ${base}")
  elseif(NOT EXISTS "${dir}/${want}")
    set(why "no C++ compiler: ${dir}/${want} not found")
  else()
    set(cxx "${dir}/${want}")
  endif()
  set(${out} "${cxx}" PARENT_SCOPE)
  set(${why_out} "${why}" PARENT_SCOPE)
endfunction()

# The flags one source of this configuration is compiled with, from its sub-build arguments, for
# `ompkit analyze` (issue 21), which compiles outside files with each configuration's recipe. The
# same recipe as kernels/CMakeLists.txt's flags; `-nogpulib` marks compile-only configurations.
function(_ompkit_analyze_flags out link_out model)
  set(f "-O3 -fopenmp")
  set(link "")
  set(rt "")
  set(devrt "")
  set(gcc FALSE)
  set(amd "")
  set(tail "")
  foreach(a ${ARGN})
    if(a MATCHES "^-DOMPKIT_GCC_OFFLOAD=ON$")
      set(gcc TRUE)
    elseif(a MATCHES "^-DOMPKIT_CUDA_ASM_ROOT=(.+)$")
      string(APPEND tail " --cuda-path=${CMAKE_MATCH_1}")
    elseif(a MATCHES "^-DOMPKIT_LLVM_LIBDIR=(.+)$")
      string(APPEND tail " --libomptarget-nvptx-bc-path=${CMAKE_MATCH_1}")
      set(devrt "${CMAKE_MATCH_1}")
    elseif(a MATCHES "^-DOMPKIT_RT_LIBDIR=(.+)$")
      set(rt "${CMAKE_MATCH_1}")
    elseif(a MATCHES "^-DOMPKIT_OMP_INCLUDE=(.+)$")
      string(APPEND tail " -isystem ${CMAKE_MATCH_1}")
    elseif(a MATCHES "^-DOMPKIT_EXTRA_FLAGS=(.+)$")
      string(APPEND tail " ${CMAKE_MATCH_1}")
    elseif(a MATCHES "^-DOMPKIT_COMPILE_ONLY=ON$")
      string(APPEND tail " -nogpulib")
    elseif(a MATCHES "^-DOMPKIT_AMDGPU_ARCH=(.+)$")
      set(amd "${CMAKE_MATCH_1}")
    elseif(a MATCHES "^-DOMPKIT_ROCM_DEVICE_LIBS=(.+)$")
      set(rocm "${CMAKE_MATCH_1}")
    endif()
  endforeach()
  if(NOT model STREQUAL "omp_target")
    set(tail "")
  elseif(amd)
    # An AMD GPU (cmake/configs_amdgpu.cmake): its own offload flags; the runtime is linked late.
    set(tail " --offload-arch=${amd} --rocm-device-lib-path=${rocm}")
    set(rt "")
    set(devrt "")
  elseif(gcc)
    set(tail " -foffload=nvptx-none -foffload-options=nvptx-none=-march=sm_80")
  else()
    set(tail " --offload-arch=${OMPKIT_OFFLOAD_ARCH}${tail}")
  endif()
  # The program's link (analyze --run): this LLVM's libomp/libomptarget through an rpath.
  if(rt)
    set(link "-L${rt} -Wl,-rpath,${rt}")
  elseif(devrt AND NOT gcc)
    set(link "-Wl,-rpath,${devrt}")
  endif()
  set(${out} "${f}${tail}" PARENT_SCOPE)
  set(${link_out} "${link}" PARENT_SCOPE)
endfunction()

# ompkit_config(NAME MODEL COMPILER NEEDS_GPU ENABLED REASON [sub-build cmake args...])
# Optional, set by the caller for one call (cmake/configs_matrix.cmake): OMPKIT_CFG_SHARE (run the
# bench of that configuration's build instead of building one), OMPKIT_CFG_JSON (extra manifest
# keys, `"key": "value", ...`), OMPKIT_CFG_NOTE (said after "enabled").
function(ompkit_config name model compiler needs_gpu enabled reason)
  set(version "")
  set(build_name ${name})
  if(OMPKIT_CFG_SHARE)
    set(build_name ${OMPKIT_CFG_SHARE})
  endif()
  if(enabled)
    _ompkit_version(version "${compiler}")
    message(STATUS "ompkit config ${name}: enabled (${version})${OMPKIT_CFG_NOTE}")
  endif()
  _ompkit_cxx_of(cxx cxx_why "${compiler}")
  _ompkit_analyze_flags(aflags alink ${model} ${ARGN})
  if(enabled AND NOT OMPKIT_CFG_SHARE)
    # The sub-build is declared later, in build order (_ompkit_add_subbuilds).
    set_property(GLOBAL APPEND PROPERTY OMPKIT_SUBBUILDS ${name})
    set_property(GLOBAL PROPERTY OMPKIT_SUBBUILD_ARGS_${name} -DCMAKE_BUILD_TYPE=Release -DOMPKIT_MODEL=${model}
      -DOMPKIT_CONFIG=${name} -DOMPKIT_OFFLOAD_ARCH=${OMPKIT_OFFLOAD_ARCH} "-DOMPKIT_COMPILER_VERSION=${version}"
      "-DOMPKIT_CXX_COMPILER=${cxx}" "-DOMPKIT_CXX_WHY=${cxx_why}" ${ARGN})
  endif()
  if(enabled)
    set(en true)
  else()
    message(STATUS "ompkit config ${name}: disabled (${reason})")
    set(en false)
  endif()
  string(REPLACE "\\" "\\\\" reason "${reason}")
  string(REPLACE "\"" "\\\"" reason "${reason}")
  string(REPLACE "\"" "\\\"" version "${version}")
  set(entry "    {\"name\": \"${name}\", \"model\": \"${model}\", \"enabled\": ${en}, \"reason\": \"${reason}\", \"compiler\": \"${compiler}\", \"compiler_version\": \"${version}\", \"needs_gpu\": ${needs_gpu}, \"bench\": \"configs/${build_name}/ompkit-bench\", \"artefacts\": \"configs/${build_name}/artefacts\", \"source_dir\": \"${PROJECT_SOURCE_DIR}/kernels\", \"cxx_compiler\": \"${cxx}\", \"compile_flags\": \"${aflags}\", \"link_flags\": \"${alink}\"${OMPKIT_CFG_JSON}}")
  if(OMPKIT_MANIFEST_ENTRIES)
    set(OMPKIT_MANIFEST_ENTRIES "${OMPKIT_MANIFEST_ENTRIES},\n${entry}" PARENT_SCOPE)
  else()
    set(OMPKIT_MANIFEST_ENTRIES "${entry}" PARENT_SCOPE)
  endif()
endfunction()

# native-gcc: host OpenMP with gcc and libgomp.
set(ok FALSE)
set(why "gcc not found")
if(OMPKIT_GCC AND NOT EXISTS "${OMPKIT_GCC}")
  set(why "gcc not found at ${OMPKIT_GCC}")
elseif(OMPKIT_GCC)
  _ompkit_try(ok why "gcc -fopenmp probe" "${OMPKIT_GCC}" -fopenmp omp.c -o omp-gcc)
endif()
ompkit_config(native-gcc native "${OMPKIT_GCC}" false ${ok} "${why}" -DCMAKE_C_COMPILER=${OMPKIT_GCC})

# native-clang19: host OpenMP with clang 19 and libomp.
set(ok FALSE)
set(why "clang-19 not found (bootstrap installs clang-19)")
if(OMPKIT_CLANG19 AND NOT EXISTS "${OMPKIT_CLANG19}")
  set(why "clang-19 not found at ${OMPKIT_CLANG19}")
elseif(OMPKIT_CLANG19)
  _ompkit_try(ok why "clang-19 -fopenmp probe" "${OMPKIT_CLANG19}" -fopenmp omp.c -o omp-clang19)
endif()
ompkit_config(native-clang19 native "${OMPKIT_CLANG19}" false ${ok} "${why}" -DCMAKE_C_COMPILER=${OMPKIT_CLANG19})

# target-clang19: OpenMP offload to NVPTX, device code assembled by the CUDA 11.8 tools.
set(ok FALSE)
if(NOT OMPKIT_CLANG19)
  set(why "clang-19 not found (bootstrap installs clang-19)")
elseif(NOT EXISTS "${OMPKIT_CLANG19}")
  set(why "clang-19 not found at ${OMPKIT_CLANG19}")
elseif(NOT EXISTS "${OMPKIT_CUDA_ASM_ROOT}/bin/ptxas")
  set(why "no CUDA 11.8 assembler at ${OMPKIT_CUDA_ASM_ROOT} (bootstrap prepares it)")
elseif(NOT EXISTS "${OMPKIT_LLVM19_LIBDIR}/libomptarget-nvptx-${OMPKIT_OFFLOAD_ARCH}.bc")
  set(why "no device runtime ${OMPKIT_LLVM19_LIBDIR}/libomptarget-nvptx-${OMPKIT_OFFLOAD_ARCH}.bc (libomp-19-dev)")
else()
  _ompkit_try(ok why "offload probe" "${OMPKIT_CLANG19}" -O2 -fopenmp --offload-arch=${OMPKIT_OFFLOAD_ARCH}
              --cuda-path=${OMPKIT_CUDA_ASM_ROOT} --libomptarget-nvptx-bc-path=${OMPKIT_LLVM19_LIBDIR}
              offload.c -o offload-clang19)
endif()
ompkit_config(target-clang19 omp_target "${OMPKIT_CLANG19}" true ${ok} "${why}"
  -DCMAKE_C_COMPILER=${OMPKIT_CLANG19} -DOMPKIT_CUDA_ASM_ROOT=${OMPKIT_CUDA_ASM_ROOT}
  -DOMPKIT_LLVM_LIBDIR=${OMPKIT_LLVM19_LIBDIR})

# target-clang19-cudamode: the same compiler and detection with -fopenmp-cuda-mode (no
# globalization: locals stay private to their thread), to compare with target-clang19. It runs
# the cases, which are what CUDA mode changes; its primitives are compiled and checked but not
# timed (their SPMD forms are target-clang19's code, their generic forms break: docs/cases.md).
ompkit_config(target-clang19-cudamode omp_target "${OMPKIT_CLANG19}" true ${ok} "${why}"
  -DCMAKE_C_COMPILER=${OMPKIT_CLANG19} -DOMPKIT_CUDA_ASM_ROOT=${OMPKIT_CUDA_ASM_ROOT}
  -DOMPKIT_LLVM_LIBDIR=${OMPKIT_LLVM19_LIBDIR} -DOMPKIT_EXTRA_FLAGS=-fopenmp-cuda-mode
  -DOMPKIT_RUN_PRIMITIVES=OFF)

# openmp-opt ablation (docs/ablation.md): target-clang19 with one openmp-opt transformation
# switched off per configuration, as the CGO 2022 study did. The flag goes to every compile and
# link of the sub-build (OMPKIT_EXTRA_FLAGS); clang-19 runs openmp-opt in the per-file device
# compile, where the device runtime bitcode is linked in, and the link only nvlinks the cubins
# (docs/ablation.md shows it from the image). They build and time the proxies and cases only
# (OMPKIT_SOURCES=ablation; ablation-proxies: the proxies alone); the quick study runs only the
# proxies there, at their tiny size, the full one everything they built.
option(OMPKIT_ABLATION "build and run the openmp-opt ablation configurations" ON)
set(OMPKIT_ABLATION_SOURCES "ablation" CACHE STRING
    "what the ablation configurations build: ablation (proxies and cases) or ablation-proxies")
foreach(_abl "nospmd=-openmp-opt-disable-spmdization" "nodeglob=-openmp-opt-disable-deglobalization"
             "nosmrewrite=-openmp-opt-disable-state-machine-rewrite" "nofold=-openmp-opt-disable-folding"
             "nobarrier=-openmp-opt-disable-barrier-elimination" "noopenmpopt=-openmp-opt-disable")
  string(REGEX REPLACE "=.*" "" _abl_name "${_abl}")
  string(REGEX REPLACE "^[^=]*=" "" _abl_flag "${_abl}")
  set(_abl_ok ${ok})
  set(_abl_why "${why}")
  if(ok AND NOT OMPKIT_ABLATION)
    set(_abl_ok FALSE)
    set(_abl_why "switched off (-DOMPKIT_ABLATION=OFF)")
  endif()
  # Without openmp-opt, team_array's 44 KiB form needs 50,696 B of static shared memory and
  # nvlink refuses it (docs/ablation.md): that configuration builds the other cases.
  set(_abl_exclude "")
  if(_abl_name STREQUAL "noopenmpopt")
    set(_abl_exclude team_array)
  endif()
  # The default quick study leaves them out (they cost a process start each, a quick study's
  # worth in all): --full runs them, or --configs names them (driver: full_only).
  set(OMPKIT_CFG_JSON ", \"full_only\": true")
  # Without openmp-opt every globalized local goes through device malloc (the runtime's 512-byte
  # shared stack holds none at 128 threads), and CUDA's default 8 MiB heap runs out at full
  # occupancy: docs/findings/globalization-malloc-heap-exhausted.md. 1 GiB lets it be timed.
  if(_abl_name STREQUAL "noopenmpopt")
    set(OMPKIT_CFG_JSON ", \"full_only\": true, \"run_env\": \"LIBOMPTARGET_HEAP_SIZE=1073741824\"")
  endif()
  ompkit_config(target-clang19-${_abl_name} omp_target "${OMPKIT_CLANG19}" true ${_abl_ok} "${_abl_why}"
    -DCMAKE_C_COMPILER=${OMPKIT_CLANG19} -DOMPKIT_CUDA_ASM_ROOT=${OMPKIT_CUDA_ASM_ROOT}
    -DOMPKIT_LLVM_LIBDIR=${OMPKIT_LLVM19_LIBDIR} "-DOMPKIT_EXTRA_FLAGS=-mllvm ${_abl_flag}"
    -DOMPKIT_SOURCES=${OMPKIT_ABLATION_SOURCES} -DOMPKIT_RUN_PRIMITIVES=OFF "-DOMPKIT_EXCLUDE_SOURCES=${_abl_exclude}")
  set(OMPKIT_CFG_JSON "")
endforeach()

# cuda-nvcc: the CUDA reference.
set(ok FALSE)
set(why "nvcc not found (set OMPKIT_NVCC)")
if(OMPKIT_NVCC AND NOT EXISTS "${OMPKIT_NVCC}")
  set(why "nvcc not found at ${OMPKIT_NVCC}")
elseif(OMPKIT_NVCC)
  string(REGEX REPLACE "^sm_" "compute_" _virt "${OMPKIT_OFFLOAD_ARCH}")
  _ompkit_try(ok why "nvcc --list-gpu-arch" "${OMPKIT_NVCC}" --list-gpu-arch)
  if(ok)
    execute_process(COMMAND "${OMPKIT_NVCC}" --list-gpu-arch OUTPUT_VARIABLE archs ERROR_QUIET)
    if(NOT archs MATCHES "${_virt}")
      set(ok FALSE)
      set(why "nvcc does not support ${OMPKIT_OFFLOAD_ARCH}")
    endif()
  endif()
endif()
ompkit_config(cuda-nvcc cuda "${OMPKIT_NVCC}" true ${ok} "${why}"
  -DCMAKE_C_COMPILER=${OMPKIT_GCC} -DCMAKE_CUDA_COMPILER=${OMPKIT_NVCC} -DCMAKE_CUDA_HOST_COMPILER=${OMPKIT_GCC})

# The compiler matrix: LLVM 16 (two plugins), LLVM 22 (compile-only), GCC 12 offload, users' LLVMs.
include(${CMAKE_CURRENT_LIST_DIR}/configs_matrix.cmake)

# The sub-builds, declared in the order `make -j` starts them: the longest first (cuda-nvcc, 190 s
# of CPU with arith.cu's 35 s, then the full omp_target ones and target-gcc12, then the ablation
# ones), the host-only ones last to fill the other core while the long ones link (docs/build.md).
# cuda-nvcc leads because the quick study's cold build (five configurations) ends on it otherwise.
# The manifest keeps its own order.
function(_ompkit_add_subbuilds)
  get_property(all GLOBAL PROPERTY OMPKIT_SUBBUILDS)
  set(order "")
  foreach(pat "^cuda-" "^target-clang(16|22)$" "^target-clang19$" "^target-clang19-cudamode$" "^target-gcc" "^target-" ".")
    foreach(n ${all})
      if(n MATCHES "${pat}" AND NOT n IN_LIST order)
        list(APPEND order ${n})
      endif()
    endforeach()
  endforeach()
  foreach(n ${order})
    get_property(args GLOBAL PROPERTY OMPKIT_SUBBUILD_ARGS_${n})
    ExternalProject_Add(config-${n}
      SOURCE_DIR "${PROJECT_SOURCE_DIR}/kernels"
      BINARY_DIR "${PROJECT_BINARY_DIR}/configs/${n}"
      PREFIX "${PROJECT_BINARY_DIR}/ep/${n}"
      CMAKE_ARGS ${args} -DOMPKIT_RECORD_DIR=${PROJECT_SOURCE_DIR}/record
                 -DOMPKIT_PROXIES_DIR=${PROJECT_SOURCE_DIR}/proxies -DOMPKIT_SCRIPTS_DIR=${PROJECT_SOURCE_DIR}/scripts
                 -DOMPKIT_CMAKE_DIR=${PROJECT_SOURCE_DIR}/cmake
      BUILD_ALWAYS ON
      INSTALL_COMMAND "")
  endforeach()
endfunction()
_ompkit_add_subbuilds()

file(WRITE "${PROJECT_BINARY_DIR}/ompkit-configs.json"
"{\n  \"ompkit_manifest\": 1,\n  \"offload_arch\": \"${OMPKIT_OFFLOAD_ARCH}\",\n  \"source_dir\": \"${PROJECT_SOURCE_DIR}\",\n  \"configs\": [\n${OMPKIT_MANIFEST_ENTRIES}\n  ]\n}\n")
