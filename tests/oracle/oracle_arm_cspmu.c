// SPDX-License-Identifier: GPL-2.0
/*
 * Upstream's Arm CoreSight PMU driver (drivers/perf/arm_cspmu/arm_cspmu.c
 * of the kernel source the test kernel is built from), with its register
 * accesses sent to the model by the shim.  It binds the model's
 * "arm-cs-arch-pmu" devices (Tegra410 UCF, PCIE, PCIE-TGT).
 *
 * Its ACPI path, which takes a PMU's CPUs from the APMT node's processor
 * affinity, is built for arm64 only (CoreSight PMUs exist only there): it
 * needs the ACPI processor UID of a CPU, get_acpi_id_for_cpu(), which
 * arm64 reads from the MADT.  Elsewhere (the model on x86_64) the same UID
 * is the CPU's ACPI processor object's, as in nv-uncore's own
 * nvu_cspmu.c; this wrapper provides that hook and builds the arm64 path,
 * unchanged, for this file alone.  Every header the file includes comes
 * first, so the definition reaches nothing else.
 */
#include "nvu_oracle.h"

#include <linux/acpi.h>
#include <linux/cacheinfo.h>
#include <linux/ctype.h>
#include <linux/interrupt.h>
#include <linux/mutex.h>
#include <linux/of.h>
#include <linux/perf_event.h>
#include <acpi/processor.h>
#include "drivers/perf/arm_cspmu/arm_cspmu.h"

#if defined(CONFIG_ACPI) && !defined(CONFIG_ARM64)
static u32 get_acpi_id_for_cpu(unsigned int cpu)
{
	struct acpi_processor *pr = per_cpu(processors, cpu);

	return pr ? pr->acpi_id : U32_MAX;
}

#define CONFIG_ARM64 1
#define NVU_ORACLE_ARM64_PATH
#endif

#include "drivers/perf/arm_cspmu/arm_cspmu.c"

#ifdef NVU_ORACLE_ARM64_PATH
#undef CONFIG_ARM64
#endif
