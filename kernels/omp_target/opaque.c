/* Device functions defined in their own translation unit, so the optimizer compiling a kernel
 * cannot see their bodies: a call to one is an unknown side effect (keeps a kernel generic).
 * They do nothing, so any thread may call them any number of times (see opaque.h). */
#pragma omp declare target
void ok_opaque_touch(unsigned long long *p) { (void)p; }
void ok_opaque_use(unsigned *p) { (void)p; }
void ok_opaque_use_noescape(unsigned *p) { (void)p; }
void ok_opaque_amenable(unsigned long long *p) { (void)p; }
void ok_opaque_no_parallelism(unsigned long long *p) { (void)p; }
#pragma omp end declare target
