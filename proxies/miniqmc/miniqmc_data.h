/* miniQMC-like proxy: batched tricubic B-spline value, gradient and Laplacian (VGL) of
 * MQ_SPLINES orbitals at a batch of walker positions, then a per-position reduction of each VGL
 * component against a weight row (the determinant-ratio step), over several steps that reuse one
 * VGL buffer of a batch (the public app's walker batch moving step by step). Shared by every
 * model: data, host reference, verification; the device-callable parts are in miniqmc_kernel.h. */
#ifndef MINIQMC_DATA_H
#define MINIQMC_DATA_H
#include "ok_proxy.h"

#define MQ_GRID 16                 /* spline intervals per dimension */
#define MQ_G (MQ_GRID + 3)         /* coefficient points per dimension */
#define MQ_SPLINES 256             /* orbitals */
#define MQ_BLOCK 64                /* orbitals per team in the offload form (miniQMC's blocking) */
#define MQ_NBLOCKS (MQ_SPLINES / MQ_BLOCK)
#define MQ_COMP 5                  /* value, gradient x/y/z, Laplacian */
#define MQ_TOL 1e-9                /* |sum - ref| <= MQ_TOL * (1 + sum of |terms|) */
#define MQ_WALKERS_MAX (1L << 16)  /* walkers per step at most: VGL buffer 671 MB (10 KiB each) */
#define MQ_MIN_STEPS 4             /* steps per run at least, so every size runs the step loop */

#ifdef __cplusplus
extern "C" {
#endif
/* Coefficients (MQ_G^3 x MQ_SPLINES, orbital fastest) and the weight row, made once per process;
 * *w points at the MQ_SPLINES weights. NULL if out of memory. */
const double *mq_coefs_get(const double **w);
/* The sizes in walker positions evaluated per run, all steps together (ok_proxy.h). */
extern const struct ok_proxy_sizes mq_sizes;
/* Walkers per step (the batch one VGL buffer holds) for a run of `positions`: at most
 * MQ_WALKERS_MAX, and at least MQ_MIN_STEPS steps. Step t evaluates positions
 * [t * walkers, min(positions, (t + 1) * walkers)): walker w's position at step t is position
 * t * walkers + w (mq_position), and its sums land at the same index. */
long mq_walkers(long positions);
/* Checks sums (positions x MQ_COMP, every step's; the models start them at 0): every one written
 * (non-zero, finite), the sampled positions (spread over all steps) within MQ_TOL of the host
 * reference. */
void mq_verify(const double *sums, long positions, struct ok_outcome *o);
#ifdef __cplusplus
}
#endif
#endif
