// SPDX-License-Identifier: GPL-2.0
/*
 * Upstream's NVIDIA part of arm_cspmu (drivers/perf/arm_cspmu/
 * nvidia_cspmu.c), registered with oracle_arm_cspmu; it has no register
 * accesses of its own.
 */
#include "nvu_oracle.h"
#include "drivers/perf/arm_cspmu/nvidia_cspmu.c"
