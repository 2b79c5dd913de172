/* The driver's shared core: the configuration manifest, process spawning, result files. */
#ifndef OK_CORE_H
#define OK_CORE_H
#include <jansson.h>
#include <signal.h>
#include <stddef.h>

#define OK_EXIT_OK 0
#define OK_EXIT_FINDING 1
#define OK_EXIT_USAGE 2

struct ok_config {
  const char *name, *model, *reason, *compiler, *compiler_version;
  int model_id; /* enum ok_model_id (record/ok_record.h) */
  int enabled, needs_gpu;
  int unselected; /* left out of this study (ompkit run --configs/--models) */
  /* Compiler-matrix keys (cmake/configs_matrix.cmake): */
  const char *run_env;      /* "K=V K=V" the driver sets when running this bench (e.g. a plugin choice) */
  const char *not_runnable; /* non-empty: built for compile data only, and why it cannot run */
  const char *sweep_cap;    /* non-empty: the sweep this configuration runs at most (e.g. "quick") */
  const char *version_full; /* `clang --version` in full (with its commit), for provenance */
  int matrix;               /* a compiler-matrix configuration: `ompkit check` takes it only by --config */
  int full_only;            /* the default quick study skips it (the matrix's runnable ones, the ablation) */
  const char *offload_arch; /* its own GPU architecture (the AMD ones: gfx90a, ...), else the manifest's */
  char bench[4096], artefacts[4096];
};

struct ok_manifest {
  json_t *root;
  char dir[4096]; /* where the manifest lies; config paths are relative to it */
  const char *offload_arch, *source_dir, *git_sha;
  int n;
  struct ok_config *configs;
};

/* Loads <exe dir>/../ompkit-configs.json (or $OMPKIT_MANIFEST). Prints a one-line error and
 * returns -1 when missing or malformed. */
int ok_manifest_load(struct ok_manifest *m);
void ok_manifest_free(struct ok_manifest *m);

struct ok_proc {
  char *out, *err;     /* NUL-terminated captured output */
  size_t outlen, errlen;
  int exited, code;    /* exited normally with code */
  int signaled, sig;   /* killed by a signal */
  int timed_out;
  int interrupted;     /* killed because ok_interrupted was set */
  double seconds;
};

/* Set (to the signal number) by `ompkit run`'s SIGINT/SIGTERM/SIGHUP handler: a running child is
 * killed and ok_spawn* return at once with interrupted set. */
extern volatile sig_atomic_t ok_interrupted;

/* Runs argv with extra environment entries ("K=V", NULL-terminated, may be NULL), capturing
 * stdout and stderr, killing the process group after timeout_s. Returns -1 if it could not start. */
int ok_spawn(char *const argv[], char *const env[], double timeout_s, struct ok_proc *p);
void ok_proc_free(struct ok_proc *p);
/* The same, but stdout and stderr share one pipe (their order kept) and every line goes to fn as
 * it arrives instead of being captured; fn returns 1 to restart the timeout clock, or N > 1 to
 * restart it with a timeout of N ms from then on. */
typedef int (*ok_line_fn)(void *ctx, char *line);
int ok_spawn_lines(char *const argv[], char *const env[], double timeout_s, ok_line_fn fn, void *ctx,
                   struct ok_proc *p);

/* A JSON member by its key: the string (or NULL), the integer (or -1; a real is truncated). For
 * what is not a record field (provenance, the manifest, compile entries' own keys, the driver's own
 * documents); a record field goes through rs_str/rs_int/rs_get (resultset.h) by its enum. */
const char *ok_jstr(json_t *j, const char *key);
long ok_jint(json_t *j, const char *key);

/* Writes data to path atomically (temp file + rename). */
int ok_write_atomic(const char *path, const char *data, size_t len);

/* One line of a JSON-lines file, as ok_jsonl_each hands it over: the parsed object (NULL when the
 * line is blank or not a JSON object), its bytes, its number (from 1), and whether it ended with a
 * newline (a study cut off mid-write leaves a torn last line). */
struct ok_jsonl_line {
  json_t *obj;
  const char *raw;
  size_t len;
  long no;
  int complete;
};
/* The one read loop of the kit's JSONL files (results, done, remarks, compile): fn on every line
 * of path, in order; fn returns 0 to go on, anything else stops the loop and is returned. The
 * object is released after fn (json_incref to keep it). -1 when path cannot be opened (errno). */
/* Appends the formatted text to a JSON array (compare's and nightly's verdict lists). */
void ok_json_appendf(json_t *arr, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int ok_jsonl_each(const char *path, int (*fn)(const struct ok_jsonl_line *l, void *ctx), void *ctx);
int ok_mkdirs(const char *path);
/* Finds an executable on PATH; 0 with its path in out, -1 if none. */
int ok_which(const char *tool, char *out, size_t n);
/* A TU's device code in a configuration's artefacts: keep/<stem>.ptx (what the build keeps), else
 * ir/<stem>.device.ll (artefacts of builds before the one-compile build). */
/* Per enabled configuration, what its build costs now (artefacts/build-times.txt, buildtimes.c). */
json_t *ok_build_times(const struct ok_manifest *m);
void ok_device_code_path(char *out, size_t n, const char *artefacts, const char *stem);
/* A TU's keep/<stem>.sources (scripts/kernel-sources.sh): {"<dev>_<file>": path}; an empty
 * object when the build wrote none (folders built before kernel identities). */
json_t *ok_kernel_sources_load(const char *artefacts, const char *stem);
/* A device kernel's identity (record/ok_kernel_id.h) from its symbol, the TU's sources map and
 * the TU's stem; a CUDA or GCC kernel (no offload name) is its demangled name. */
void ok_kernel_id_of(const char *sym, json_t *sources, const char *stem, char *buf, size_t n);
double ok_now(void);
const char *ok_prog(void);
void ok_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Every command reads its options with getopt_long (opterr = 0) and says a refusal the same way:
 * ok_bad_option for what getopt_long refused (argv[optind - 1]: unknown, or without its value),
 * ok_bad_argument for a word left over. Both print one line and return OK_EXIT_USAGE. */
int ok_bad_option(const char *cmd, char **argv);
int ok_bad_argument(const char *cmd, const char *arg);
/* An AMDGPU kernel's resources (struct ok_resource of remarks.h, its notes' figures) as the record's
 * typed fields (vgprs, sgprs, agprs, lds_bytes, scratch_bytes, the spills) into j, with its
 * occupancy (waves_per_simd) on arch; nothing for an NVPTX resource (vgprs < 0). */
struct ok_resource;
void ok_resource_amd_fields(json_t *j, const struct ok_resource *r, const char *arch);
/* The resource fields a result line or a compile.jsonl record copies from resources.jsonl's,
 * NVPTX's and AMDGPU's, one list (study_join, compare, the report read them by it). */
extern const int ok_resource_fields[];
extern const size_t ok_resource_nfields;
#endif
