/* A device kernel's identity, defined once: the source file that holds the directive (relative
 * to the kit's tree or to the analysed program), the directive's line, and the enclosing function
 * with its instance (template arguments, parameter types). Written as
 *     "<file>:<line>:<function>"            kernels/omp_target/launch.c:19:launch_spmd
 *     "<file>:<line>:<function>#<count>"    a second region clang numbered on the same line
 * Every producer (compile.jsonl, result lines, remarks.jsonl, resources.jsonl, analysis.json) and
 * every consumer (compare's point key, check's EXPECT attribution, analyze's rows) uses it.
 *
 * Why not the symbol: clang names a kernel __omp_offloading_<dev>_<file>_<parent>_l<line>[_<n>],
 * whose <dev>_<file> is the st_dev and inode of the directive's file: two clones of one commit
 * give other names, and the name less that prefix ("launch_spmd_l19") collides between files that
 * each have a static launch_spmd with a region on line 19. The file behind <dev>_<file> is found
 * right after the compile (scripts/kernel-sources.sh writes keep/<stem>.sources).
 * C and C++; no allocation, no library beyond <string.h> and <stdio.h>. */
#ifndef OK_KERNEL_ID_H
#define OK_KERNEL_ID_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An offload kernel's name, taken apart. */
struct ok_offload_sym {
  char filekey[64];  /* "<dev>_<file>" as in the name: the key of keep/<stem>.sources */
  char parent[1024]; /* the enclosing function as clang wrote it (mangled for C++) */
  int line;          /* the directive's line */
  int count;         /* clang's _<n> for the n-th further region on one line; 0 for the first */
};

/* Parses __omp_offloading_<dev>_<file>_<parent>_l<line>[_<count>]. 0, or -1 when sym is no
 * offload kernel entry (a CUDA kernel, a GCC function, an outlined helper's longer name is
 * parsed as its kernel's only if it ends like one: pass kernel names). */
static inline int ok_offload_sym_parse(const char *sym, struct ok_offload_sym *o) {
  static const char pre[] = "__omp_offloading_";
  memset(o, 0, sizeof *o);
  if (!sym || strncmp(sym, pre, sizeof pre - 1)) return -1;
  const char *p = sym + sizeof pre - 1, *u1 = strchr(p, '_'), *u2 = u1 ? strchr(u1 + 1, '_') : NULL;
  if (!u1 || !u2 || (size_t)(u2 - p) >= sizeof o->filekey) return -1;
  snprintf(o->filekey, sizeof o->filekey, "%.*s", (int)(u2 - p), p);
  const char *rest = u2 + 1, *end = rest + strlen(rest);
  /* From the end: [_<count>] after _l<line>; a parent may itself contain "_l<digits>". */
  const char *q = end;
  while (q > rest && q[-1] >= '0' && q[-1] <= '9') --q;
  if (q == end) return -1;
  int last = atoi(q);
  if (q - rest >= 2 && q[-1] == 'l' && q[-2] == '_') {
    o->line = last;
    end = q - 2;
  } else if (q > rest && q[-1] == '_') {
    const char *c = q - 1, *r = c;
    while (r > rest && r[-1] >= '0' && r[-1] <= '9') --r;
    if (r == c || r - rest < 2 || r[-1] != 'l' || r[-2] != '_') return -1;
    o->line = atoi(r), o->count = last;
    end = r - 2;
  } else
    return -1;
  if (end <= rest || (size_t)(end - rest) >= sizeof o->parent) return -1;
  snprintf(o->parent, sizeof o->parent, "%.*s", (int)(end - rest), rest);
  return 0;
}

/* A demangled function without its return type: "void run<double>(double*, int)" ->
 * "run<double>(double*, int)". The last space outside <> and () before the parameter list
 * separates them. */
static inline const char *ok_kernel_id_strip_return(const char *demangled) {
  int depth = 0;
  const char *cut = demangled;
  for (const char *s = demangled; *s; ++s) {
    if (*s == '<') ++depth;
    else if (*s == '>') --depth;
    else if (*s == '(' && depth == 0 && s > demangled) break;
    else if (*s == '(') ++depth;
    else if (*s == ')') --depth;
    else if (*s == ' ' && depth == 0) cut = s + 1;
  }
  return cut;
}

/* The identity string. function: the parent demangled (NULL: the parent as written, C). file:
 * NULL when unresolved (then the TU's stem, marked "?", keeps it apart and stable). */
static inline void ok_kernel_id_format(const struct ok_offload_sym *o, const char *file, const char *tu_stem,
                                       const char *demangled, char *buf, size_t n) {
  const char *fn = demangled ? ok_kernel_id_strip_return(demangled) : o->parent;
  char where[600];
  if (file) snprintf(where, sizeof where, "%s", file);
  else snprintf(where, sizeof where, "?%s", tu_stem ? tu_stem : o->filekey);
  if (o->count) snprintf(buf, n, "%s:%d:%s#%d", where, o->line, fn, o->count);
  else snprintf(buf, n, "%s:%d:%s", where, o->line, fn);
}
#endif
