/* SPDX-License-Identifier: GPL-2.0 */
/* Pure helpers of the Tegra410 PCIE-TGT driver, exported to KUnit only. */
#ifndef NVU_T410_PCIE_TGT_H
#define NVU_T410_PCIE_TGT_H

#include "nv_uncore.h"
#include "nvu_t410_regs.h"

/**
 * struct t410_tgt_slot - one of the RC's shared address-filter slots
 * @base: dst_addr_base
 * @mask: dst_addr_mask
 * @users: events using it; 0 when free
 */
struct t410_tgt_slot {
	u64 base;
	u64 mask;
	unsigned int users;
};

int nvu_t410_tgt_slot_find(const struct t410_tgt_slot *slots, u64 base,
			   u64 mask);
u32 nvu_t410_tgt_filt2r(u64 config, int slot);
int nvu_t410_tgt_check_reqs(const struct nvu_req *reqs, unsigned int n);

#endif /* NVU_T410_PCIE_TGT_H */
