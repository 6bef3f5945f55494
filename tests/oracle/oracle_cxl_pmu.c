// SPDX-License-Identifier: GPL-2.0
/*
 * Upstream's CXL PMU driver (drivers/perf/cxl_pmu.c of the kernel source
 * the test kernel is built from), with its register accesses sent to the
 * model by the shim.  It binds the cxl_pmu devices nvu_oracle_cxl makes.
 */
#include "nvu_oracle.h"
#include "drivers/perf/cxl_pmu.c"
