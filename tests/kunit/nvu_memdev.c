// SPDX-License-Identifier: GPL-2.0
/*
 * Test helper: "modprobe nvu_memdev pci=DDDD:BB:DD.F id=N" gives that PCI
 * function a child device "memN" on the bus named "cxl", as cxl_pci gives
 * a CXL memory device its memdev.  The bus is the kernel's CXL bus where
 * the kernel has one, else a bus of that name made here.  No driver binds
 * the device (the CXL bus matches drivers by device type, and it has
 * none).  nv-uncore's CXL driver names the function's PMUs after it,
 * "cxl_pmu_memN.Y", as upstream's cxl_pmu does.
 */

#include "nvu_conftest.h"

#include <linux/device.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/slab.h>

static char *pci;
module_param(pci, charp, 0444);
MODULE_PARM_DESC(pci, "the PCI function, DDDD:BB:DD.F");
static int id;
module_param(id, int, 0444);
MODULE_PARM_DESC(id, "N of the memN device");

#if IS_REACHABLE(CONFIG_CXL_BUS)
/* Declared in drivers/cxl/cxl.h, a header private to the kernel's tree. */
extern const struct bus_type cxl_bus_type;
#define memdev_bus	(&cxl_bus_type)
#ifdef NVU_NS_UNQUOTED
MODULE_IMPORT_NS(CXL);
#else
MODULE_IMPORT_NS("CXL");
#endif
#else
static const struct bus_type memdev_own_bus = {
	.name = "cxl",
};

#define memdev_bus	(&memdev_own_bus)
#endif

static struct pci_dev *parent;
static struct device *memdev;

static void memdev_release(struct device *dev)
{
	kfree(dev);
}

static int __init nvu_memdev_init(void)
{
	unsigned int dom, bus, slot, fn;
	int ret;

	if (!pci || sscanf(pci, "%x:%x:%x.%x", &dom, &bus, &slot, &fn) != 4)
		return -EINVAL;
	parent = pci_get_domain_bus_and_slot(dom, bus, PCI_DEVFN(slot, fn));
	if (!parent)
		return -ENODEV;
#if !IS_REACHABLE(CONFIG_CXL_BUS)
	ret = bus_register(memdev_bus);
	if (ret)
		goto put;
#endif
	memdev = kzalloc(sizeof(*memdev), GFP_KERNEL);
	if (!memdev) {
		ret = -ENOMEM;
		goto unreg;
	}
	device_initialize(memdev);
	memdev->parent = &parent->dev;
	/* struct device's bus became a pointer to const in 6.3. */
	memdev->bus = (void *)memdev_bus;
	memdev->release = memdev_release;
	ret = dev_set_name(memdev, "mem%d", id);
	if (!ret)
		ret = device_add(memdev);
	if (!ret)
		return 0;
	put_device(memdev);
unreg:
#if !IS_REACHABLE(CONFIG_CXL_BUS)
	bus_unregister(memdev_bus);
put:
#endif
	pci_dev_put(parent);
	return ret;
}

static void __exit nvu_memdev_exit(void)
{
	device_unregister(memdev);
#if !IS_REACHABLE(CONFIG_CXL_BUS)
	bus_unregister(memdev_bus);
#endif
	pci_dev_put(parent);
}

module_init(nvu_memdev_init);
module_exit(nvu_memdev_exit);
MODULE_DESCRIPTION("nv-uncore test helper: a CXL memdev child of a PCI function");
MODULE_LICENSE("GPL");
