/* Device functions defined in their own translation unit, so the optimizer compiling a kernel
 * cannot see their bodies: a call to one is an unknown side effect (keeps a kernel generic). */
#pragma omp declare target
void ok_opaque_touch(unsigned long long *p) { (void)p; }
#pragma omp end declare target
