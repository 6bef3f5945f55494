/* SPDX-License-Identifier: GPL-2.0 */
/* What nvu_t410_pcie exports: for PCIE-TGT, and for KUnit only. */
#ifndef NVU_T410_PCIE_H
#define NVU_T410_PCIE_H

#include <linux/ioport.h>

#include "nvu_cspmu.h"

/**
 * struct t410_rc - the start of the PCIE and PCIE-TGT private data
 * @cs: the CoreSight PMU block
 * @rc: RC number within the socket
 */
struct t410_rc {
	struct nvu_cspmu cs;
	u32 rc;
};

int nvu_t410_rc_identify(struct platform_device *pdev, struct t410_rc *rc,
			 struct resource *region);
extern const struct attribute_group nvu_t410_rc_group;

/* PCIE filters and group rules (pure; for KUnit). */
u32 nvu_t410_pcie_filtr(u64 config1);
u32 nvu_t410_pcie_filt2r(u64 config2);
u32 nvu_t410_pcie_src_mode(u64 config1);
int nvu_t410_pcie_check_reqs(const struct nvu_req *reqs, unsigned int n);

#endif /* NVU_T410_PCIE_H */
