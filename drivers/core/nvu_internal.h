/* SPDX-License-Identifier: GPL-2.0 */
/* nv_uncore: declarations shared by the core's own files only. */
#ifndef NVU_INTERNAL_H
#define NVU_INTERNAL_H

struct nvu_pmu;

void nvu_pmu_setup_callbacks(struct nvu_pmu *pmu);

#endif /* NVU_INTERNAL_H */
