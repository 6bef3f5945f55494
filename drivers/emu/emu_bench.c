// SPDX-License-Identifier: GPL-2.0
/*
 * nvu_emu: extra blocks for the scale benchmark (make bench).
 *
 * bench_pcie_blocks=N adds N PCIE blocks to the last socket, as if its
 * root complexes were numbered 1000 to 1000 + N - 1: the PCIE driver
 * registers one PMU for each (nvidia_pcie_pmu_<s>_rc_<1000 + i>), so that
 * registering, unregistering and migrating many PMUs can be timed.  The
 * blocks keep their registers (emu_cspmu.c) but take no traffic.
 */

#include <linux/moduleparam.h>

#include "emu.h"
#include "nvu_t410_regs.h"

#define EMU_BENCH_MAX_BLOCKS	4096
#define EMU_BENCH_FIRST_RC	1000

static unsigned int bench_pcie_blocks;
module_param(bench_pcie_blocks, uint, 0444);
MODULE_PARM_DESC(bench_pcie_blocks,
		 "extra PCIE blocks on the last socket, for the scale benchmark (0-4096)");

static void emu_bench_init(struct nvu_emu_dev *dev)
{
	emu_cspmu_setup(dev, T410_PMIIDR_PCIE, 16, 64, true);
}

/* Nothing to count: these blocks exist to be registered. */
static void emu_bench_inject(struct nvu_emu_dev *dev,
			     const struct nvu_emu_txn *t)
{
}

static const struct nvu_emu_type emu_bench_pcie_type = {
	.kind = "bench_pcie",
	.keys = BIT(EMU_COUNT),
	.nr_res = 1,
	.res_size = CSPMU_PAGE_SIZE,
	.state_size = sizeof(struct emu_cspmu),
	.pdev_name = "arm-cs-arch-pmu",
	.init = emu_bench_init,
	.read = emu_cspmu_read,
	.write = emu_cspmu_write,
	.inject = emu_bench_inject,
	.tick = emu_cspmu_tick,
};

/**
 * nvu_emu_bench_create() - the extra blocks the parameters ask for
 * @sockets: emulated sockets; the blocks go to the last one
 */
int nvu_emu_bench_create(unsigned int sockets)
{
	unsigned int i, rc;
	char name[48];
	int ret;

	if (bench_pcie_blocks > EMU_BENCH_MAX_BLOCKS)
		return -EINVAL;
	for (i = 0; i < bench_pcie_blocks; i++) {
		/* RC devices for these: tests/vm/fwgen --bench-rcs. */
		const struct nvu_emu_apmt apmt = {
			.type = ACPI_APMT_NODE_TYPE_ACPI,
			.flags = ACPI_APMT_FLAGS_ATOMIC,
			.hid = EMU_RC_HID,
			.uid = EMU_BENCH_FIRST_RC + i,
		};

		rc = EMU_BENCH_FIRST_RC + i;
		snprintf(name, sizeof(name), "nvidia_pcie_pmu_%u_rc_%u",
			 sockets - 1, rc);
		ret = __nvu_emu_dev_create(&emu_bench_pcie_type, name,
					   sockets - 1, rc, &apmt, -1);
		if (ret)
			return ret;
	}
	return 0;
}
