// SPDX-License-Identifier: GPL-2.0
/*
 * Test helper: a platform driver named "arm-cs-arch-pmu" for the devices of
 * that name, standing in for upstream's arm_cspmu_module, which matches
 * the same APMT devices.  It binds every one it is offered and touches
 * nothing: the model's registers are reached through nv-uncore's accessors
 * only, so upstream's own driver cannot run against it (it would read the
 * register window directly and fault).  Its modalias is the devices', so
 * loading the devices' modaliases loads it, as udev would load upstream's.
 */

#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/platform_device.h>

static int nvu_holder_probe(struct platform_device *pdev)
{
	return 0;
}

static const struct platform_device_id nvu_holder_ids[] = {
	{ "arm-cs-arch-pmu" },
	{ }
};
MODULE_DEVICE_TABLE(platform, nvu_holder_ids);

static struct platform_driver nvu_holder_driver = {
	.driver = {
		.name = "arm-cs-arch-pmu",
	},
	.id_table = nvu_holder_ids,
	.probe = nvu_holder_probe,
};
module_platform_driver(nvu_holder_driver);

MODULE_DESCRIPTION("nv-uncore test helper: another driver holding the APMT devices");
MODULE_LICENSE("GPL");
