/* SPDX-License-Identifier: GPL-2.0 */
/* nvu_cxl_cpmu's pure logic, exported for KUnit. */
#ifndef NVU_CXL_CPMU_H
#define NVU_CXL_CPMU_H

#include <linux/types.h>

#include "nvu_cxl_regs.h"

/**
 * struct nvu_cxl_loc - one CPMU entry of a Register Locator DVSEC
 * @bir: BAR indicator
 * @offset: offset of the CPMU block in that BAR
 * @index: its rank among the locator's CPMU entries, from 0
 */
struct nvu_cxl_loc {
	u8 bir;
	u64 offset;
	unsigned int index;
};

int nvu_cxl_parse_locator(const u32 *dvsec, unsigned int len,
			  const u64 *bar_len, struct nvu_cxl_loc *locs,
			  unsigned int max, const char **why);

/**
 * struct nvu_cxl_evcap - what a counter can be programmed to count
 * @vid: event vendor ID
 * @gid: event group ID
 * @mask: the events of the group it can count (any subset, summed)
 * @index: its Event Capabilities register
 */
struct nvu_cxl_evcap {
	u16 vid;
	u16 gid;
	u32 mask;
	u8 index;
};

/**
 * struct nvu_cxl_cntr - one counter as its configuration register says
 * @type: CPMU_TYPE_FREE, CPMU_TYPE_FIXED or CPMU_TYPE_CONFIG
 * @cap: free-running and fixed counters: the event set they count
 */
struct nvu_cxl_cntr {
	u8 type;
	struct nvu_cxl_evcap cap;
};

/**
 * struct nvu_cxl_info - a CPMU's capabilities, decoded and checked
 * @nr_cntr: counters, 1-64
 * @width: counter width in bits, 1-64
 * @nr_evcaps: Event Capabilities registers, 1-32
 * @filters: Filters Supported bitmap (bit CPMU_FILTER_*)
 * @freeze: the Freeze register works
 * @cntr: the counters
 * @nr_config_caps: entries of @config_caps
 * @config_caps: what configurable counters may count: every Event
 *	Capabilities register that no fixed or free-running counter uses
 */
struct nvu_cxl_info {
	unsigned int nr_cntr;
	unsigned int width;
	unsigned int nr_evcaps;
	u8 filters;
	bool freeze;
	struct nvu_cxl_cntr cntr[CPMU_MAX_COUNTERS];
	unsigned int nr_config_caps;
	struct nvu_cxl_evcap config_caps[CPMU_MAX_EVCAPS];
};

int nvu_cxl_decode(u64 cap, const u64 *evcap, const u64 *cfg,
		   struct nvu_cxl_info *info, const char **why);

/**
 * struct nvu_cxl_ev - an event, as allocation sees it
 * @vid: event vendor ID
 * @gid: event group ID
 * @mask: events of the group, summed
 * @programmed: has a filter, threshold, edge or invert: no free-running
 *	counter
 */
struct nvu_cxl_ev {
	u16 vid;
	u16 gid;
	u32 mask;
	bool programmed;
};

int nvu_cxl_pick(const struct nvu_cxl_info *info, const unsigned long *used,
		 const struct nvu_cxl_ev *ev, u8 *cap_index);
int nvu_cxl_group_fits(const struct nvu_cxl_info *info,
		       const struct nvu_cxl_ev *evs, unsigned int n);
bool nvu_cxl_can_count(const struct nvu_cxl_info *info,
		       const struct nvu_cxl_ev *ev);
unsigned int nvu_cxl_per_cycle(const struct nvu_cxl_ev *ev,
			       unsigned int threshold, bool cycles,
			       unsigned int max_pc);
bool nvu_cxl_value_plausible(const struct nvu_cxl_info *info, u64 val);

#endif /* NVU_CXL_CPMU_H */
