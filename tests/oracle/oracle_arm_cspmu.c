// SPDX-License-Identifier: GPL-2.0
/*
 * Upstream's Arm CoreSight PMU driver (drivers/perf/arm_cspmu/arm_cspmu.c
 * of the kernel source the test kernel is built from), with its register
 * accesses sent to the model by the shim.  It binds the model's
 * "arm-cs-arch-pmu" devices (Tegra410 UCF, PCIE, PCIE-TGT).
 */
#include "nvu_oracle.h"
#include "drivers/perf/arm_cspmu/arm_cspmu.c"
