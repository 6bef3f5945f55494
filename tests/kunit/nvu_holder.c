// SPDX-License-Identifier: GPL-2.0
/*
 * Test helper: a platform driver named "arm-cs-arch-pmu" for the devices of
 * that name, standing in for upstream's arm_cspmu_module, which matches
 * the same APMT devices.  It binds every one it is offered and touches
 * nothing: the model's registers are reached through nv-uncore's accessors
 * only, so upstream's own driver cannot run against it (it would read the
 * register window directly and fault).  Its modalias is the devices', so
 * loading the devices' modaliases loads it, as udev would load upstream's.
 *
 * With cmn=1 it also registers "arm-cmn", standing in for upstream's
 * arm-cmn on the ACPI ARMHC600 meshes (no modalias for those: only an
 * explicit load binds them).
 */

#include <linux/acpi.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/platform_device.h>

static bool cmn;
module_param(cmn, bool, 0444);
MODULE_PARM_DESC(cmn, "also hold the ACPI ARMHC600 (CMN-600) meshes");

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

static const struct acpi_device_id nvu_holder_cmn_ids[] = {
	{ "ARMHC600" },
	{ }
};

static struct platform_driver nvu_holder_cmn_driver = {
	.driver = {
		.name = "arm-cmn",
		.acpi_match_table = nvu_holder_cmn_ids,
	},
	.probe = nvu_holder_probe,
};

static int __init nvu_holder_init(void)
{
	int ret;

	ret = platform_driver_register(&nvu_holder_driver);
	if (ret || !cmn)
		return ret;
	ret = platform_driver_register(&nvu_holder_cmn_driver);
	if (ret)
		platform_driver_unregister(&nvu_holder_driver);
	return ret;
}

static void __exit nvu_holder_exit(void)
{
	if (cmn)
		platform_driver_unregister(&nvu_holder_cmn_driver);
	platform_driver_unregister(&nvu_holder_driver);
}

module_init(nvu_holder_init);
module_exit(nvu_holder_exit);

MODULE_DESCRIPTION("nv-uncore test helper: another driver holding the APMT devices");
MODULE_LICENSE("GPL");
