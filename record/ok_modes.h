/* The static execution modes (ok_modes.def): one table of names, ranks and aliases for the
 * remarks library and the driver. */
#ifndef OK_MODES_H
#define OK_MODES_H
#include <stddef.h>
#include <strings.h>

enum ok_mode_id {
  OKMODE_UNKNOWN = -1,
#define OK_MODE(id, name, rank, exec_mode, doc) OKMODE_##id,
#include "ok_modes.def"
  OKMODE_COUNT
};

struct ok_mode_row {
  const char *name;
  int rank, exec_mode;
  const char *doc;
};

static const struct ok_mode_row ok_mode_rows[OKMODE_COUNT] = {
#define OK_MODE(id, name, rank, exec_mode, doc) {name, rank, exec_mode, doc},
#include "ok_modes.def"
};

struct ok_mode_alias {
  const char *alias;
  enum ok_mode_id id;
};

static const struct ok_mode_alias ok_mode_aliases[] = {
#define OK_MODE_ALIAS(alias, id) {alias, OKMODE_##id},
#include "ok_modes.def"
    {NULL, OKMODE_UNKNOWN}};

/* The mode a name (or an alias) spells, case-insensitive; OKMODE_UNKNOWN when none. */
static inline enum ok_mode_id ok_mode_of(const char *name) {
  if (!name) return OKMODE_UNKNOWN;
  for (int i = 0; i < OKMODE_COUNT; ++i)
    if (!strcasecmp(ok_mode_rows[i].name, name)) return (enum ok_mode_id)i;
  for (int i = 0; ok_mode_aliases[i].alias; ++i)
    if (!strcasecmp(ok_mode_aliases[i].alias, name)) return ok_mode_aliases[i].id;
  return OKMODE_UNKNOWN;
}
/* The mode's own name for a name or an alias; NULL when it is no mode. */
static inline const char *ok_mode_name(const char *name) {
  enum ok_mode_id m = ok_mode_of(name);
  return m == OKMODE_UNKNOWN ? NULL : ok_mode_rows[m].name;
}
/* Higher is more SPMD (SPMD 2, Generic-SPMD 1, Generic 0); -1 when it is no mode. */
static inline int ok_mode_rank(const char *name) {
  enum ok_mode_id m = ok_mode_of(name);
  return m == OKMODE_UNKNOWN ? -1 : ok_mode_rows[m].rank;
}
/* The mode of a kernel environment's ExecMode value; NULL when none. */
static inline const char *ok_mode_of_exec(int exec_mode) {
  for (int i = 0; i < OKMODE_COUNT; ++i)
    if (ok_mode_rows[i].exec_mode == exec_mode) return ok_mode_rows[i].name;
  return NULL;
}
#endif
