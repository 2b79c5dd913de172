/* remarks: parse compiler outputs into records. Knows nothing about timing.
 *  - LLVM optimization records (YAML from -fsave-optimization-record), via libyaml's event API,
 *    streaming one record at a time with bounded memory;
 *  - per-kernel resource lines printed by ptxas/nvlink -v. */
#ifndef OK_REMARKS_H
#define OK_REMARKS_H
#include <stddef.h>

#define OK_REMARK_MAX_ARGS 64

struct ok_remark_arg {
  const char *key;   /* e.g. "String", "SharedMemory", "Callee" */
  const char *value;
};

struct ok_remark {
  const char *kind;     /* Passed, Missed, Analysis, Failure, AnalysisFPCommute, ... (the YAML tag) */
  const char *pass;     /* e.g. openmp-opt */
  const char *name;     /* e.g. OMP120, HeapToStack */
  const char *function; /* mangled name as written */
  const char *file;     /* DebugLoc; NULL when absent */
  int line, column;
  int nargs;
  struct ok_remark_arg args[OK_REMARK_MAX_ARGS];
  int args_dropped;     /* arguments past OK_REMARK_MAX_ARGS, left out of args and message */
  const char *message;  /* the args' values concatenated, as LLVM prints the remark */
};

/* Called once per record; return non-zero to stop. Strings live until the callback returns. */
typedef int (*ok_remark_cb)(const struct ok_remark *r, void *ud);

/* Parses one optimization-record file. Returns the number of records, or -1 with a one-line
 * message "FILE:LINE: why" in err. Never crashes on malformed or hostile input. */
long ok_remarks_parse_file(const char *path, ok_remark_cb cb, void *ud, char *err, size_t errlen);
long ok_remarks_parse_buffer(const char *name, const unsigned char *buf, size_t len, ok_remark_cb cb, void *ud,
                             char *err, size_t errlen);

/* kernel-info remarks (LLVM 21+) from their text (kernel_info.c): one record per per-function
 * summary line "in function '@F', Key = N" (pass "kernel-info", name and one argument Key = N,
 * kind "Passed"). Returns the number of records, or -1 when the file cannot be read. */
long ok_kernel_info_parse_file(const char *path, ok_remark_cb cb, void *ud, char *err, size_t errlen);
/* Value of an argument by key, or NULL. */
const char *ok_remark_arg(const struct ok_remark *r, const char *key);

struct ok_resource {
  char function[512];
  const char *tool; /* "nvlink", "ptxas", or "readelf" (an AMDGPU code object's notes) */
  int registers, barriers;
  long stack, smem, lmem, cmem0, spill_stores, spill_loads; /* -1: not reported */
  /* An AMDGPU kernel's code object metadata (AMDGPUUsage, "Code Object V3+ Metadata"), -1 for
   * NVPTX: .vgpr_count (VGPRs per work-item; with AGPRs on gfx90a/gfx942, whose register file is
   * one), .sgpr_count, .agpr_count, .vgpr_spill_count, .sgpr_spill_count, .max_flat_workgroup_size,
   * .wavefront_size; LDS bytes per work-group (.group_segment_fixed_size) and scratch bytes per
   * work-item (.private_segment_fixed_size). `registers` stays -1: a VGPR is not an NVPTX register. */
  int vgprs, sgprs, agprs, vgpr_spills, sgpr_spills, max_wg, wave;
  int dynamic_stack; /* .uses_dynamic_stack: 1 true, 0 false, -1 not reported */
  long lds, scratch;
};
typedef int (*ok_resource_cb)(const struct ok_resource *r, void *ud);

/* Parses ptxas -v / nvlink -v output, or `llvm-readelf --notes` of an AMDGPU code object (told
 * apart by its "amdhsa.kernels:" line); one callback per function with a register count (VGPRs
 * for AMDGPU). Returns the number of functions reported, or -1 if the file cannot be read. */
long ok_resources_parse_file(const char *path, ok_resource_cb cb, void *ud, char *err, size_t errlen);

/* Waves per SIMD an AMDGPU kernel's VGPRs and LDS allow on ARCH (gfx90a, gfx942: amdgpu.c), and
 * in *limit what bounds it ("VGPRs", "LDS", "the hardware's"); -1 for another architecture or a
 * resource without VGPRs. */
int ok_amdgpu_waves_per_simd(const char *arch, const struct ok_resource *r, const char **limit);

/* Device LLVM IR of one TU (ir.c): the offload kernels with their static execution mode (the
 * ExecMode byte of <kernel>_kernel_environment, or <kernel>_exec_mode before LLVM 18), and a
 * call graph over the functions the TU defines. */
struct ok_ir;
struct ok_ir *ok_ir_load(const char *path, char *err, size_t errlen); /* NULL + "FILE:LINE: why" */
void ok_ir_free(struct ok_ir *g);
size_t ok_ir_nkernels(const struct ok_ir *g);
const char *ok_ir_kernel(const struct ok_ir *g, size_t i, int *exec_mode);
int ok_ir_exec_mode(const struct ok_ir *g, const char *kernel);           /* 0: not a kernel */
int ok_ir_defines(const struct ok_ir *g, const char *fn);
int ok_ir_reaches(const struct ok_ir *g, const char *kernel, const char *fn); /* calls or references */
size_t ok_ir_nfunctions(const struct ok_ir *g);             /* declared or defined */
const char *ok_ir_function(const struct ok_ir *g, size_t i); /* NULL past the end */
/* 1 Generic, 2 SPMD, 3 Generic-SPMD (SPMDized); NULL for other values. */
const char *ok_exec_mode_name(int exec_mode);
#endif

#ifndef OK_LAUNCH_DEFINED
#define OK_LAUNCH_DEFINED
struct ok_launch {
  char kernel[512];
  char mode[64]; /* SPMD, Generic, Generic-SPMD (libomptarget 19) */
  long blocks, threads;
};
/* Parses one LIBOMPTARGET_INFO launch line; 0 on success, -1 if the line is not one. */
int ok_launch_parse(const char *line, struct ok_launch *out);
#endif

/* Demangles an Itanium C++ symbol (_Z...) into out; -1 when name is not one (C symbols, offload
 * kernels) or cannot be demangled. */
int ok_demangle(const char *name, char *out, size_t n);
