// SPDX-License-Identifier: GPL-2.0
/*
 * Upstream's Arm CMN PMU driver (drivers/perf/arm-cmn.c of the kernel
 * source the test kernel is built from), with its register accesses sent
 * to the model by the shim.
 */
#include "nvu_oracle.h"
#include "drivers/perf/arm-cmn.c"
