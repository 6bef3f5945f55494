/* SPDX-License-Identifier: GPL-2.0 */
/* nv_uncore: declarations private to the core. */
#ifndef NVU_INTERNAL_H
#define NVU_INTERNAL_H

#include <linux/interrupt.h>

struct nvu_pmu;
struct nvu_regs;
struct platform_device;

extern const char * const nvu_config_name[3];

void nvu_pmu_setup_callbacks(struct nvu_pmu *pmu);
irqreturn_t nvu_pmu_irq(int irq, void *data);
void nvu_irq_init(struct nvu_pmu *pmu);
void nvu_irq_sync(struct nvu_pmu *pmu);
void nvu_irq_quiesce(struct nvu_pmu *pmu);
bool nvu_pollable(const struct nvu_pmu *pmu);
int nvu_map_resource(struct platform_device *pdev, unsigned int index,
		     struct nvu_regs *regs);
int nvu_pmu_request_irq(struct nvu_pmu *pmu, int irq);

#endif /* NVU_INTERNAL_H */
