/* Itanium C++ demangling for device symbols (CUDA kernels, C++ callees), through libstdc++'s
 * __cxa_demangle: the ABI's own implementation, not a hand-written one. */
#include "remarks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *__cxa_demangle(const char *mangled, char *buf, size_t *len, int *status);

int ok_demangle(const char *name, char *out, size_t n) {
  if (!name || strncmp(name, "_Z", 2)) return -1;
  int status = 0;
  char *d = __cxa_demangle(name, NULL, NULL, &status);
  if (status || !d) {
    free(d);
    return -1;
  }
  snprintf(out, n, "%s", d);
  free(d);
  return 0;
}
