/* Reading and comparing the arrays primitive checks inspect, whatever the element type. One copy
 * for every model's harness. */
#ifndef OK_VALUES_H
#define OK_VALUES_H
#ifdef __cplusplus
extern "C" {
#endif

/* Element i of an array of `type` ("int", "ull", "long", "float", "double"; "" means int). */
double ok_value_at(const void *a, const char *type, long i);

/* Whether a counter of `type` that should hold `want` holds `got`: floats saturate at 2^24 (adding
 * 1 stops changing them), int counters wrap modulo 2^32, the rest compare exactly. */
int ok_counter_equal(double got, double want, const char *type);

#ifdef __cplusplus
}
#endif
#endif
