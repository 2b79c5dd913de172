/* The unknown function of globalization_escape.c: in its own TU, so that compile cannot see it. */
#pragma omp declare target
void opaque_use(unsigned *p) { (void)p; }
#pragma omp end declare target
