/* The result record and the models, from one table (ok_record.def): field names, kinds, units
 * and roles for the bench writer and the driver. C and C++ (nvcc compiles the CUDA bench). */
#ifndef OK_RECORD_H
#define OK_RECORD_H
#include <string.h>

enum ok_kind { OK_K_STR, OK_K_INT, OK_K_REAL, OK_K_BOOL, OK_K_LIST, OK_K_STATS, OK_K_OBJ };
enum ok_role { OK_R_ID, OK_R_DIM, OK_R_MEAS, OK_R_CTX, OK_R_SHAPE };

enum ok_field_id {
#define OK_FIELD(name, kind, unit, role, csv, scope, doc) OKF_##name,
#include "ok_record.def"
  OKF_COUNT
};

struct ok_field {
  const char *name;
  enum ok_kind kind;
  const char *unit;
  enum ok_role role;
  const char *csv, *scope, *doc;
};

static const struct ok_field ok_fields[OKF_COUNT] = {
#define OK_FIELD(name, kind, unit, role, csv, scope, doc) {#name, kind, unit, role, csv, scope, doc},
#include "ok_record.def"
};

/* Compile-time selection inside an OK_FIELD expansion: OK_IF_DIM(role, ...) is ... for a point
 * dimension (workload or launch shape) and nothing otherwise; OK_IF_STATS(kind, ...) the same for {median, min, max} fields. */
#define OK_IF_DIM(role, ...) OK_IF_DIM_##role(__VA_ARGS__)
#define OK_IF_DIM_OK_R_DIM(...) __VA_ARGS__
#define OK_IF_DIM_OK_R_SHAPE(...) __VA_ARGS__
#define OK_IF_DIM_OK_R_ID(...)
#define OK_IF_DIM_OK_R_MEAS(...)
#define OK_IF_DIM_OK_R_CTX(...)
#define OK_IF_STATS(kind, ...) OK_IF_STATS_##kind(__VA_ARGS__)
#define OK_IF_STATS_OK_K_STATS(...) __VA_ARGS__
#define OK_IF_STATS_OK_K_STR(...)
#define OK_IF_STATS_OK_K_INT(...)
#define OK_IF_STATS_OK_K_REAL(...)
#define OK_IF_STATS_OK_K_BOOL(...)
#define OK_IF_STATS_OK_K_LIST(...)
#define OK_IF_STATS_OK_K_OBJ(...)

/* A field's JSON name; a name not in the table does not compile. */
#define OK_FNAME(f) (ok_fields[OKF_##f].name)

enum ok_model_id {
  OKM_UNKNOWN = -1,
#define OK_MODEL_ROW(id, name, needs_gpu, doc) OKM_##id,
#include "ok_record.def"
  OKM_COUNT
};

struct ok_model_row {
  const char *name;
  int needs_gpu;
  const char *doc;
};

static const struct ok_model_row ok_models[OKM_COUNT] = {
#define OK_MODEL_ROW(id, name, needs_gpu, doc) {#name, needs_gpu, doc},
#include "ok_record.def"
};

/* The model of a name, OKM_UNKNOWN when it is none. */
static inline enum ok_model_id ok_model_of(const char *name) {
  for (int i = 0; name && i < OKM_COUNT; ++i)
    if (!strcmp(ok_models[i].name, name)) return (enum ok_model_id)i;
  return OKM_UNKNOWN;
}
#endif
