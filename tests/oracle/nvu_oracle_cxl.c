// SPDX-License-Identifier: GPL-2.0
/*
 * nvu_oracle_cxl: what cxl_pci does for upstream's cxl_pmu, for the model's
 * CXL functions.  Bound to a function (through its driver_override: it
 * has no ID table), it allocates the function's MSI vectors and gives
 * each CPMU entry of its Register Locator a cxl_pmu device on the CXL bus,
 * with the CXL core's own helpers; the device's registers are mapped by
 * the shim (nvu_oracle_ioremap()), so upstream's cxl_pmu reaches the
 * model.  The devices are named pmu_mem<N>.<i>, N counting the functions
 * bound from first_id, as cxl_pci names them after the memdev.
 */

#include "nvu_conftest.h"

#include <linux/module.h>
#include <linux/pci.h>

#include "nvu_oracle.h"
#include "drivers/cxl/cxlpci.h"
#include "drivers/cxl/cxl.h"
#include "drivers/cxl/pmu.h"

static int first_id;
module_param(first_id, int, 0444);
MODULE_PARM_DESC(first_id, "N of the first function bound (default 0)");

static atomic_t next_id = ATOMIC_INIT(0);

static int nvu_oracle_cxl_probe(struct pci_dev *pdev,
				const struct pci_device_id *id)
{
	int assoc = first_id + atomic_fetch_inc(&next_id);
	struct cxl_register_map map;
	struct cxl_pmu_regs regs;
	int i, ret;

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	pci_set_master(pdev);
	/* As cxl_pci: every vector the function has, for its CPMUs' messages. */
	ret = pci_alloc_irq_vectors(pdev, 1, 32, PCI_IRQ_MSI | PCI_IRQ_MSIX);
	if (ret < 0)
		return ret;
	for (i = 0; !cxl_find_regblock_instance(pdev, CXL_REGLOC_RBI_PMU, &map, i); i++) {
		regs.pmu = nvu_oracle_ioremap(&pdev->dev, map.resource,
					      CXL_PMU_REGMAP_SIZE);
		if (!regs.pmu)
			return -ENOMEM;
		ret = devm_cxl_pmu_add(&pdev->dev, &regs, assoc, i, CXL_PMU_MEMDEV);
		if (ret)
			return ret;
	}
	pci_info(pdev, "%d CPMU(s) as pmu_mem%d.*\n", i, assoc);
	return 0;
}

static struct pci_driver nvu_oracle_cxl_driver = {
	.name = "nvu_oracle_cxl",
	.probe = nvu_oracle_cxl_probe,
};
module_pci_driver(nvu_oracle_cxl_driver);

MODULE_DESCRIPTION("nv-uncore oracle: cxl_pmu devices for the model's CXL functions");
MODULE_LICENSE("GPL");
#ifdef NVU_NS_UNQUOTED
MODULE_IMPORT_NS(CXL);
#else
MODULE_IMPORT_NS("CXL");
#endif
