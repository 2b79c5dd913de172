/* Occupancy of an AMDGPU kernel: waves per SIMD its VGPRs and LDS allow, from each architecture's
 * documented limits (docs/amdgpu.md cites them). Only the architectures the kit compiles for are
 * in the table: an unknown one has no occupancy rather than a guessed one. */
#include "remarks.h"

#include <string.h>

struct amd_arch {
  const char *name;
  int vgprs_per_lane; /* the SIMD's vector register file per lane (VGPRs and AGPRs together) */
  int vgpr_granule;   /* a wave's VGPRs are allocated in blocks of this many */
  int max_waves;      /* waves per SIMD, the hardware limit */
  int simds_per_cu;
  long lds_per_cu;    /* bytes of LDS a CU's work-groups share */
};

/* gfx90a (MI200): 512 VGPRs per lane in one file with the AGPRs (gfx90a ISA 3.6.4, LLVM's
 * getTotalNumVGPRs), allocated in blocks of 8, at most 8 waves per SIMD, 4 SIMDs per CU,
 * 64 KiB of LDS per CU. gfx942 (MI300) keeps gfx90a's register file and wave limits. */
static const struct amd_arch arches[] = {
    {"gfx90a", 512, 8, 8, 4, 65536},
    {"gfx942", 512, 8, 8, 4, 65536},
};

static const struct amd_arch *arch_of(const char *name) {
  for (size_t i = 0; name && i < sizeof arches / sizeof arches[0]; ++i)
    if (!strcmp(arches[i].name, name)) return &arches[i];
  return NULL;
}

int ok_amdgpu_waves_per_simd(const char *arch, const struct ok_resource *r, const char **limit) {
  const struct amd_arch *a = arch_of(arch);
  if (limit) *limit = "";
  if (!a || !r || r->vgprs < 0) return -1;
  int waves = a->max_waves;
  if (limit) *limit = "the hardware's";
  if (r->vgprs > 0) {
    int blocks = (r->vgprs + a->vgpr_granule - 1) / a->vgpr_granule;
    int w = a->vgprs_per_lane / (blocks * a->vgpr_granule);
    if (w < 1) w = 1;
    if (w < waves) {
      waves = w;
      if (limit) *limit = "VGPRs";
    }
  }
  if (r->lds > 0) {
    /* Work-groups that fit the CU's LDS, their waves spread over the CU's SIMDs. */
    int wave = r->wave > 0 ? r->wave : 64;
    int wg = r->max_wg > 0 ? r->max_wg : 256;
    long groups = a->lds_per_cu / r->lds;
    long w = groups * ((wg + wave - 1) / wave) / a->simds_per_cu;
    if (w < waves) {
      waves = w < 0 ? 0 : (int)w;
      if (limit) *limit = "LDS";
    }
  }
  return waves;
}
