#include "ok_values.h"

#include <math.h>
#include <string.h>

double ok_value_at(const void *a, const char *type, long i) {
  if (!strcmp(type, "double")) return ((const double *)a)[i];
  if (!strcmp(type, "float")) return ((const float *)a)[i];
  if (!strcmp(type, "ull")) return (double)((const unsigned long long *)a)[i];
  if (!strcmp(type, "long")) return (double)((const long *)a)[i];
  return ((const int *)a)[i];
}

int ok_counter_equal(double got, double want, const char *type) {
  if (!strcmp(type, "float") && want > 16777216.0) want = 16777216.0;
  if (!strcmp(type, "int") || !strcmp(type, ""))
    return (unsigned)(long long)got == (unsigned)(unsigned long long)fmod(want, 4294967296.0);
  return got == want;
}
